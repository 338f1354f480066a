#include "document/value.h"

#include <climits>
#include <vector>

#include <fmt/format.h>

namespace podfit {

int32_t Value::int32() const {
  int64_t v = int64();
  if (v < INT32_MIN || v > INT32_MAX) fail(fmt::format("{} is out of range for a 32-bit integer", v));
  return static_cast<int32_t>(v);
}

std::string Value::path() const {
  std::vector<const Value*> chain;
  for (const Value* v = this; v != nullptr && v->parent_ != nullptr; v = v->parent_) chain.push_back(v);
  std::string out;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const Value* v = *it;
    if (v->index_ >= 0) {
      out += fmt::format("[{}]", v->index_);
    } else {
      if (!out.empty()) out += '.';
      out += v->key_;
    }
  }
  return out;
}

void Value::fail(std::string_view message) const {
  std::string p = path();
  throw DecodeError{p.empty() ? std::string(message) : fmt::format("{}: {}", p, message), line()};
}

std::string_view Value::describe(Type type) {
  switch (type) {
    case Type::Null: return "null";
    case Type::Bool: return "a boolean";
    case Type::Number: return "a number";
    case Type::String: return "a string";
    case Type::Array: return "a list";
    case Type::Object: return "an object";
  }
  return "a value";
}

void Value::fail_type(std::string_view expected) const {
  fail(fmt::format("expected {}, got {}", expected, describe(type())));
}

}  // namespace podfit
