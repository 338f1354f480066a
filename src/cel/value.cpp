// Values: construction, heterogeneous equality, built lists and maps, debug text.
#include "podfit/cel/value.h"

#include <cmath>
#include <cstdio>
#include <functional>
#include <unordered_map>
#include <utility>

#include "shared_values.h"

namespace podfit::cel {
namespace {

struct StringHolder : Object {
  std::string s;
  explicit StringHolder(std::string v) : s(std::move(v)) {}
};
struct ErrorHolder : Object {
  std::string s;
  explicit ErrorHolder(std::string v) : s(std::move(v)) {}
};
struct OptionalHolder : Object {
  Value v;
  explicit OptionalHolder(Value x) : v(std::move(x)) {}
};

class VectorList : public ListValue {
 public:
  explicit VectorList(std::vector<Value> v) : v_(std::move(v)) {}
  std::size_t size() const override { return v_.size(); }
  Value get(std::size_t i) const override { return v_[i]; }

 private:
  std::vector<Value> v_;
};

// Numeric comparison across int, uint and double: -1, 0, 1, or 2 when unordered (NaN).
int compare_numbers(const Value& a, const Value& b) {
  auto cmp = [](auto x, auto y) { return x < y ? -1 : (y < x ? 1 : 0); };
  Kind ka = a.kind(), kb = b.kind();
  if (ka == Kind::Double || kb == Kind::Double) {
    if (ka == Kind::Double && kb == Kind::Double) {
      double x = a.as_double(), y = b.as_double();
      if (std::isnan(x) || std::isnan(y)) return 2;
      return cmp(x, y);
    }
    // As cel-go: the integer is converted to double.
    auto as_double = [](const Value& v) {
      return v.kind() == Kind::Double ? v.as_double()
             : v.kind() == Kind::Int  ? static_cast<double>(v.as_int())
                                      : static_cast<double>(v.as_uint());
    };
    double x = as_double(a), y = as_double(b);
    if (std::isnan(x) || std::isnan(y)) return 2;
    return cmp(x, y);
  }
  if (ka == Kind::Int && kb == Kind::Int) return cmp(a.as_int(), b.as_int());
  if (ka == Kind::Uint && kb == Kind::Uint) return cmp(a.as_uint(), b.as_uint());
  if (ka == Kind::Int) return a.as_int() < 0 ? -1 : cmp(static_cast<std::uint64_t>(a.as_int()), b.as_uint());
  return b.as_int() < 0 ? 1 : cmp(a.as_uint(), static_cast<std::uint64_t>(b.as_int()));
}

bool is_number(Kind k) { return k == Kind::Int || k == Kind::Uint || k == Kind::Double; }

void escape_into(std::string& out, std::string_view s, bool bytes) {
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7F || (bytes && c >= 0x80)) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
}

}  // namespace

int compare_numeric(const Value& a, const Value& b) { return compare_numbers(a, b); }

Value Value::string(std::string s) {
  auto h = std::make_shared<StringHolder>(std::move(s));
  Value v(Kind::String);
  v.str_ = h->s;
  v.obj_ = std::move(h);
  return v;
}
Value Value::bytes(std::string s) {
  Value v = string(std::move(s));
  v.kind_ = Kind::Bytes;
  return v;
}
Value Value::list(std::shared_ptr<const ListValue> l) {
  Value v(Kind::List);
  v.obj_ = std::move(l);
  return v;
}
Value Value::list(std::vector<Value> elems) { return list(std::make_shared<VectorList>(std::move(elems))); }
Value Value::map(std::shared_ptr<const MapValue> m) {
  Value v(Kind::Map);
  v.obj_ = std::move(m);
  return v;
}
Value Value::borrowed_list(const ListValue& l) {
  Value v(Kind::List);
  v.obj_ = std::shared_ptr<const Object>(std::shared_ptr<const Object>(), &l);
  return v;
}
Value Value::borrowed_map(const MapValue& m) {
  Value v(Kind::Map);
  v.obj_ = std::shared_ptr<const Object>(std::shared_ptr<const Object>(), &m);
  return v;
}
Value Value::opaque(std::shared_ptr<const OpaqueValue> o) {
  Value v(Kind::Opaque);
  v.str_ = o->type_name();
  v.obj_ = std::move(o);
  return v;
}
Value Value::borrowed_opaque(const OpaqueValue& o) {
  Value v(Kind::Opaque);
  v.str_ = o.type_name();
  v.obj_ = std::shared_ptr<const Object>(std::shared_ptr<const Object>(), &o);
  return v;
}
Value Value::type(std::string_view name) {
  // Built-in names are static; others get an owner.
  static constexpr std::string_view kStatic[] = {"int", "uint", "double", "bool", "string", "bytes", "null_type",
                                                 "list", "map", "type", "optional_type", "dyn"};
  for (auto s : kStatic) {
    if (s == name) {
      Value v(Kind::Type);
      v.str_ = s;
      return v;
    }
  }
  Value v = string(std::string(name));
  v.kind_ = Kind::Type;
  return v;
}
Value Value::optional_of(Value x) {
  Value v(Kind::Optional);
  v.obj_ = std::make_shared<OptionalHolder>(std::move(x));
  return v;
}
Value Value::optional_none() { return Value(Kind::Optional); }
Value Value::error(std::string message) {
  auto h = std::make_shared<ErrorHolder>(std::move(message));
  Value v(Kind::Error);
  v.str_ = h->s;
  v.obj_ = std::move(h);
  return v;
}
const Value& Value::optional_value() const { return static_cast<const OptionalHolder&>(*obj_).v; }

std::string_view Value::type_name() const {
  switch (kind_) {
    case Kind::Null: return "null_type";
    case Kind::Bool: return "bool";
    case Kind::Int: return "int";
    case Kind::Uint: return "uint";
    case Kind::Double: return "double";
    case Kind::String: return "string";
    case Kind::Bytes: return "bytes";
    case Kind::List: return "list";
    case Kind::Map: return "map";
    case Kind::Type: return "type";
    case Kind::Optional: return "optional_type";
    case Kind::Opaque: return str_;
    case Kind::Error: return "error";
  }
  return "dyn";
}

std::string Value::debug_string() const {
  switch (kind_) {
    case Kind::Null: return "null";
    case Kind::Bool: return s_.b ? "true" : "false";
    case Kind::Int: return std::to_string(s_.i);
    case Kind::Uint: return std::to_string(s_.u) + "u";
    case Kind::Double: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17g", s_.d);
      return buf;
    }
    case Kind::String: {
      std::string out = "\"";
      escape_into(out, str_, false);
      return out + "\"";
    }
    case Kind::Bytes: {
      std::string out = "b\"";
      escape_into(out, str_, true);
      return out + "\"";
    }
    case Kind::List: {
      std::string out = "[";
      const ListValue& l = as_list();
      for (std::size_t i = 0; i < l.size(); ++i) {
        if (i) out += ", ";
        out += l.get(i).debug_string();
      }
      return out + "]";
    }
    case Kind::Map: {
      std::string out = "{";
      const MapValue& m = as_map();
      for (std::size_t i = 0; i < m.size(); ++i) {
        if (i) out += ", ";
        Value k = m.key_at(i);
        out += k.debug_string() + ": ";
        auto v = m.find(k);
        out += v ? v->debug_string() : "?";
      }
      return out + "}";
    }
    case Kind::Type: return std::string(str_);
    case Kind::Optional:
      return obj_ ? "optional.of(" + optional_value().debug_string() + ")" : "optional.none()";
    case Kind::Opaque: return as_opaque().debug_string();
    case Kind::Error: return "error: " + std::string(str_);
  }
  return "?";
}

namespace {

// Steps one equality may take. Values share structure (a list summed with itself, a list of
// one list twice), so a walk element by element can take exponential time where cel-go charges
// one unit; shared pairs are remembered, and a walk still past this bound is cut off.
constexpr std::size_t kEqualitySteps = std::size_t{1} << 24;
// Compound pairs compared before the walk starts remembering them.
constexpr std::size_t kRememberAfter = 1024;

thread_local bool equality_cut_off = false;

struct PairHash {
  std::size_t operator()(const std::pair<const void*, const void*>& p) const {
    return std::hash<const void*>()(p.first) * 31 + std::hash<const void*>()(p.second);
  }
};

class EqualityWalk {
 public:
  std::optional<bool> compare(const Value& a, const Value& b) {
    if (++steps_ > kEqualitySteps) {
      cut_off_ = true;
      return std::nullopt;
    }
    Kind ka = a.kind(), kb = b.kind();
    if (ka == Kind::Error || kb == Kind::Error) return std::nullopt;
    if (is_number(ka) && is_number(kb)) return compare_numbers(a, b) == 0;
    if (ka != kb) return false;
    switch (ka) {
      case Kind::Null: return true;
      case Kind::Bool: return a.as_bool() == b.as_bool();
      case Kind::String:
      case Kind::Bytes:
      case Kind::Type: return a.as_string() == b.as_string();
      case Kind::List: return remembered(&a.as_list(), &b.as_list(), [&] { return lists(a.as_list(), b.as_list()); });
      case Kind::Map: return remembered(&a.as_map(), &b.as_map(), [&] { return maps(a.as_map(), b.as_map()); });
      case Kind::Optional: {
        if (a.optional_has_value() != b.optional_has_value()) return false;
        if (!a.optional_has_value()) return true;
        return compare(a.optional_value(), b.optional_value());
      }
      case Kind::Opaque:
        if (a.type_name() != b.type_name()) return false;
        return a.as_opaque().equals(b.as_opaque());
      default: return false;
    }
  }
  bool cut_off() const { return cut_off_; }

 private:
  template <typename F>
  std::optional<bool> remembered(const void* x, const void* y, F walk) {
    if (++compound_ <= kRememberAfter) return walk();
    const auto key = std::make_pair(x, y);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::optional<bool> r = walk();
    if (!cut_off_) memo_.emplace(key, r);
    return r;
  }

  // False wins over an error, an error over true: cel-go's list equality reads on past errors.
  static std::optional<bool> both(std::optional<bool> first, const std::function<std::optional<bool>()>& second) {
    if (first && !*first) return false;
    std::optional<bool> r = second();
    if (r && !*r) return false;
    if (!first || !r) return std::nullopt;
    return true;
  }

  std::optional<bool> lists(const ListValue& x, const ListValue& y) {
    if (x.size() != y.size()) return false;
    // Two sums split at the same place compare part by part, and the parts are remembered.
    const auto* cx = dynamic_cast<const ConcatList*>(&x);
    const auto* cy = dynamic_cast<const ConcatList*>(&y);
    if (cx != nullptr && cy != nullptr && cx->prev().as_list().size() == cy->prev().as_list().size()) {
      return both(compare(cx->prev(), cy->prev()), [&] { return compare(cx->next(), cy->next()); });
    }
    bool err = false;
    ListWalk xs(x), ys(y);
    for (Value a, b; xs.next(a) && ys.next(b);) {
      auto e = compare(a, b);
      if (cut_off_) return std::nullopt;
      if (!e) err = true;
      else if (!*e) return false;
    }
    if (err) return std::nullopt;
    return true;
  }

  std::optional<bool> maps(const MapValue& x, const MapValue& y) {
    if (x.size() != y.size()) return false;
    bool err = false;
    for (std::size_t i = 0; i < x.size(); ++i) {
      Value k = x.key_at(i);
      auto yv = y.find(k);
      if (!yv) return false;
      auto xv = x.find(k);
      auto e = compare(*xv, *yv);
      if (cut_off_) return std::nullopt;
      if (!e) err = true;
      else if (!*e) return false;
    }
    if (err) return std::nullopt;
    return true;
  }

  std::size_t steps_ = 0;
  std::size_t compound_ = 0;
  bool cut_off_ = false;
  std::unordered_map<std::pair<const void*, const void*>, std::optional<bool>, PairHash> memo_;
};

}  // namespace

std::optional<bool> equals(const Value& a, const Value& b) {
  EqualityWalk walk;
  std::optional<bool> r = walk.compare(a, b);
  if (walk.cut_off()) equality_cut_off = true;
  return r;
}

bool take_equality_cut_off() {
  const bool was = equality_cut_off;
  equality_cut_off = false;
  return was;
}

namespace {
// Whether two map keys are the same key: same kind, or numbers of equal value.
bool same_key(const Value& a, const Value& b) {
  if (is_number(a.kind()) && is_number(b.kind())) return compare_numbers(a, b) == 0;
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Kind::Bool: return a.as_bool() == b.as_bool();
    case Kind::String: return a.as_string() == b.as_string();
    default: return false;
  }
}
}  // namespace

constexpr std::size_t kIndexFrom = 16;

std::optional<std::size_t> BuiltMap::index_of(const Value& key) const {
  if (key.kind() == Kind::String && !by_string_.empty()) {
    auto it = by_string_.find(key.as_string());
    if (it == by_string_.end()) return std::nullopt;
    return it->second;
  }
  for (std::size_t i = 0; i < entries_.size(); ++i)
    if (same_key(entries_[i].first, key)) return i;
  return std::nullopt;
}

std::optional<Value> BuiltMap::find(const Value& key) const {
  auto i = index_of(key);
  if (!i) return std::nullopt;
  return entries_[*i].second;
}

bool BuiltMap::insert(Value key, Value value) {
  if (index_of(key)) return false;
  entries_.emplace_back(std::move(key), std::move(value));
  // The views point into the keys' own text, which moving an entry does not move.
  if (entries_.size() == kIndexFrom) {
    for (std::size_t i = 0; i < entries_.size(); ++i)
      if (entries_[i].first.kind() == Kind::String) by_string_.emplace(entries_[i].first.as_string(), i);
  } else if (entries_.size() > kIndexFrom && entries_.back().first.kind() == Kind::String) {
    by_string_.emplace(entries_.back().first.as_string(), entries_.size() - 1);
  }
  return true;
}

bool MapValue::contains(const Value& key) const { return find(key).has_value(); }

}  // namespace podfit::cel
