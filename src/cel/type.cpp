// Types: construction, display and parsing of declaration text.
#include <cctype>

#include "podfit/cel/value.h"

namespace podfit::cel {

struct Type::Rep {
  std::string name;
  std::vector<Type> params;
};

namespace {
const std::vector<Type>& no_params() {
  static const std::vector<Type> kNone;
  return kNone;
}
}  // namespace

Type Type::list(Type elem) {
  Type t(K::List);
  t.rep_ = std::make_shared<Rep>(Rep{"list", {std::move(elem)}});
  return t;
}
Type Type::map(Type key, Type value) {
  Type t(K::Map);
  t.rep_ = std::make_shared<Rep>(Rep{"map", {std::move(key), std::move(value)}});
  return t;
}
Type Type::optional(Type elem) {
  Type t(K::Optional);
  t.rep_ = std::make_shared<Rep>(Rep{"optional_type", {std::move(elem)}});
  return t;
}
Type Type::type_of(Type inner) {
  Type t(K::TypeT);
  t.rep_ = std::make_shared<Rep>(Rep{"type", {std::move(inner)}});
  return t;
}
Type Type::opaque(std::string name, std::vector<Type> params) {
  Type t(K::Opaque);
  t.rep_ = std::make_shared<Rep>(Rep{std::move(name), std::move(params)});
  return t;
}
Type Type::param(std::string name) {
  Type t(K::Param);
  t.rep_ = std::make_shared<Rep>(Rep{std::move(name), {}});
  return t;
}

std::string_view Type::name() const {
  if (rep_) return rep_->name;
  switch (kind_) {
    case K::Dyn: return "dyn";
    case K::Null: return "null_type";
    case K::Bool: return "bool";
    case K::Int: return "int";
    case K::Uint: return "uint";
    case K::Double: return "double";
    case K::String: return "string";
    case K::Bytes: return "bytes";
    case K::Error: return "*error*";
    case K::List: return "list";
    case K::Map: return "map";
    case K::TypeT: return "type";
    default: return "dyn";
  }
}

const std::vector<Type>& Type::params() const { return rep_ ? rep_->params : no_params(); }

std::string Type::str() const {
  std::string out(name());
  const auto& ps = params();
  if (kind_ == K::TypeT && ps.empty()) return "type";
  if (!ps.empty()) {
    out += '(';
    for (std::size_t i = 0; i < ps.size(); ++i) {
      if (i) out += ", ";
      out += ps[i].str();
    }
    out += ')';
  }
  return out;
}

bool Type::operator==(const Type& o) const {
  if (kind_ != o.kind_) return false;
  if (name() != o.name()) return false;
  const auto& a = params();
  const auto& b = o.params();
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i])) return false;
  return true;
}

namespace {
struct TypeParser {
  std::string_view s;
  std::size_t i = 0;
  int depth = 0;
  void ws() {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  }
  std::optional<Type> parse() {
    if (++depth > 32) return std::nullopt;
    ws();
    std::size_t st = i;
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_' || s[i] == '.')) ++i;
    std::string name(s.substr(st, i - st));
    if (name.empty()) return std::nullopt;
    std::vector<Type> params;
    ws();
    if (i < s.size() && s[i] == '(') {
      ++i;
      for (;;) {
        auto p = parse();
        if (!p) return std::nullopt;
        params.push_back(*p);
        ws();
        if (i < s.size() && s[i] == ',') {
          ++i;
          continue;
        }
        if (i < s.size() && s[i] == ')') {
          ++i;
          break;
        }
        return std::nullopt;
      }
    }
    --depth;
    auto none = [&](Type t) -> std::optional<Type> {
      if (!params.empty()) return std::nullopt;
      return t;
    };
    if (name == "dyn") return none(Type::dyn());
    if (name == "null_type") return none(Type::null());
    if (name == "bool") return none(Type::boolean());
    if (name == "int") return none(Type::int_());
    if (name == "uint") return none(Type::uint());
    if (name == "double") return none(Type::double_());
    if (name == "string") return none(Type::string());
    if (name == "bytes") return none(Type::bytes());
    if (name == "list") {
      if (params.size() != 1) return std::nullopt;
      return Type::list(params[0]);
    }
    if (name == "map") {
      if (params.size() != 2) return std::nullopt;
      return Type::map(params[0], params[1]);
    }
    if (name == "optional_type") {
      if (params.size() != 1) return std::nullopt;
      return Type::optional(params[0]);
    }
    if (name == "type") {
      if (params.size() > 1) return std::nullopt;
      return Type::type_of(params.empty() ? Type::dyn() : params[0]);
    }
    return Type::opaque(name, params);
  }
};
}  // namespace

std::optional<Type> Type::parse(std::string_view text) {
  TypeParser p{text};
  auto t = p.parse();
  p.ws();
  if (!t || p.i != text.size()) return std::nullopt;
  return t;
}

}  // namespace podfit::cel
