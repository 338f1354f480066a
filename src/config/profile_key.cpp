#include "profile_key.h"

#include <string_view>

namespace podfit {
namespace {

void append_text(std::string& out, std::string_view text) {
  out += std::to_string(text.size());
  out += ':';
  out += text;
}

void append_value(std::string& out, const Value& value) {
  switch (value.type()) {
    case Value::Type::Null: out += 'n'; return;
    case Value::Type::Bool: out += value.boolean() ? 't' : 'f'; return;
    case Value::Type::Number: {
      out += '#';
      // A YAML .inf or .nan has no quantity text; what else reads it reads its string.
      std::string text;
      try {
        text = value.quantity_text();
      } catch (const DecodeError&) {
        out += '!';
        text = value.string();
      }
      append_text(out, text);
      return;
    }
    case Value::Type::String: out += '"'; append_text(out, value.string()); return;
    case Value::Type::Array:
      out += '[';
      value.elements([&](const Value& e) { append_value(out, e); });
      out += ']';
      return;
    case Value::Type::Object:
      out += '{';
      value.fields([&](std::string_view key, const Value& f) {
        append_text(out, key);
        append_value(out, f);
      });
      out += '}';
      return;
  }
}

}  // namespace

std::optional<std::string> profile_body_key(const Value& profile) {
  std::string out = "{";
  try {
    profile.fields([&](std::string_view key, const Value& f) {
      if (key == "schedulerName") return;
      append_text(out, key);
      append_value(out, f);
    });
  } catch (const DecodeError&) {
    return std::nullopt;
  }
  return out + "}";
}

}  // namespace podfit
