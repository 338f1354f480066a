// CEL runtime values and types.
//
// A Value is a small tagged handle: scalars inline, strings as a view plus an optional owner,
// lists, maps and opaque objects behind a shared pointer that may also be borrowed (no owner)
// from host data that outlives the evaluation. Copying a borrowed or scalar Value never
// allocates or touches a reference count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <string>
#include <string_view>
#include <vector>

namespace podfit::cel {

// The kinds a value can have at run time.
enum class Kind : std::uint8_t {
  Null, Bool, Int, Uint, Double, String, Bytes, List, Map, Type, Optional, Opaque, Error
};

// A CEL type as the checker and function declarations use it; cheap to copy.
class Type {
 public:
  enum class K : std::uint8_t {
    Dyn, Null, Bool, Int, Uint, Double, String, Bytes, List, Map, TypeT, Optional, Opaque, Param, Error
  };
  Type() : Type(K::Dyn) {}
  static Type dyn() { return Type(K::Dyn); }
  static Type null() { return Type(K::Null); }
  static Type boolean() { return Type(K::Bool); }
  static Type int_() { return Type(K::Int); }
  static Type uint() { return Type(K::Uint); }
  static Type double_() { return Type(K::Double); }
  static Type string() { return Type(K::String); }
  static Type bytes() { return Type(K::Bytes); }
  static Type error() { return Type(K::Error); }
  static Type list(Type elem);
  static Type map(Type key, Type value);
  static Type optional(Type elem);
  // The type of type values: type(int) is the type of `int`.
  static Type type_of(Type t);
  // A type the host defines (Kubernetes' quantity, semver's Semver ...), maybe parameterized.
  static Type opaque(std::string name, std::vector<Type> params = {});
  // A type parameter of a generic overload (A in list(A)).
  static Type param(std::string name);
  // Parses "int", "list(string)", "map(string, map(string, dyn))", "optional_type(int)", a
  // declared opaque name; nullopt for malformed text.
  static std::optional<Type> parse(std::string_view text);

  K kind() const { return kind_; }
  // The opaque or parameter name; for other kinds the CEL type name ("int", "list", ...).
  std::string_view name() const;
  const std::vector<Type>& params() const;
  // CEL's display form, as cel-go prints types in errors: "map(string, dyn)".
  std::string str() const;
  bool operator==(const Type& o) const;

 private:
  explicit Type(K k) : kind_(k) {}
  struct Rep;
  K kind_;
  std::shared_ptr<const Rep> rep_;
};

class Value;

// Base of everything a Value refers to by pointer.
class Object {
 public:
  virtual ~Object() = default;
};

// A list, either built by CEL or adapted from host data without copying.
class ListValue : public Object {
 public:
  virtual std::size_t size() const = 0;
  virtual Value get(std::size_t i) const = 0;
};

// A map with keys of kind Int, Uint, Bool or String. Implementations look keys up by value
// (an Int key and a Uint or integral Double key of the same number are the same key, as in
// cel-go); iteration is by index over the keys.
class MapValue : public Object {
 public:
  virtual std::size_t size() const = 0;
  virtual Value key_at(std::size_t i) const = 0;
  // The value for a key, or nullopt when absent.
  virtual std::optional<Value> find(const Value& key) const = 0;
  // Whether `key in map` holds; a host map that answers find() with a default for missing keys
  // (Kubernetes' device.attributes) says here that they are not in it.
  virtual bool contains(const Value& key) const;
};

// A host-defined value (quantities, semantic versions ...). type_name() is its CEL type.
class OpaqueValue : public Object {
 public:
  virtual std::string_view type_name() const = 0;
  virtual bool equals(const OpaqueValue& other) const = 0;
  // Text for diagnostics and tests.
  virtual std::string debug_string() const = 0;
};

class Value {
 public:
  Value() = default;
  static Value null() { return Value(); }
  static Value boolean(bool b) { Value v(Kind::Bool); v.s_.b = b; return v; }
  static Value int_(std::int64_t i) { Value v(Kind::Int); v.s_.i = i; return v; }
  static Value uint(std::uint64_t u) { Value v(Kind::Uint); v.s_.u = u; return v; }
  static Value double_(double d) { Value v(Kind::Double); v.s_.d = d; return v; }
  // An owned copy of text.
  static Value string(std::string s);
  static Value bytes(std::string s);
  // Text the host keeps alive for as long as the value and its results are used.
  static Value string_view(std::string_view s) { Value v(Kind::String); v.str_ = s; return v; }
  static Value bytes_view(std::string_view s) { Value v(Kind::Bytes); v.str_ = s; return v; }
  static Value list(std::shared_ptr<const ListValue> l);
  static Value list(std::vector<Value> elems);
  static Value map(std::shared_ptr<const MapValue> m);
  // Host data that outlives the evaluation: no owner, no reference counting.
  static Value borrowed_list(const ListValue& l);
  static Value borrowed_map(const MapValue& m);
  static Value opaque(std::shared_ptr<const OpaqueValue> o);
  static Value borrowed_opaque(const OpaqueValue& o);
  // A type value, named as CEL names types ("int", "list", "google.protobuf.Timestamp").
  static Value type(std::string_view name);
  static Value optional_of(Value v);
  static Value optional_none();
  static Value error(std::string message);

  Kind kind() const { return kind_; }
  bool is_error() const { return kind_ == Kind::Error; }
  bool as_bool() const { return s_.b; }
  std::int64_t as_int() const { return s_.i; }
  std::uint64_t as_uint() const { return s_.u; }
  double as_double() const { return s_.d; }
  // String, Bytes, Type name or Error message.
  std::string_view as_string() const { return str_; }
  const ListValue& as_list() const { return static_cast<const ListValue&>(*obj_); }
  const MapValue& as_map() const { return static_cast<const MapValue&>(*obj_); }
  const OpaqueValue& as_opaque() const { return static_cast<const OpaqueValue&>(*obj_); }
  bool optional_has_value() const { return obj_ != nullptr; }
  // The optional's value; only when optional_has_value().
  const Value& optional_value() const;
  // The CEL type name of this value ("int", "list", an opaque's name ...).
  std::string_view type_name() const;
  // Debug text close to CEL literal syntax.
  std::string debug_string() const;

 private:
  explicit Value(Kind k) : kind_(k) {}
  Kind kind_ = Kind::Null;
  union Scalar { bool b; std::int64_t i; std::uint64_t u; double d; } s_{};
  std::string_view str_;
  std::shared_ptr<const Object> obj_;
};

// CEL's heterogeneous equality: numbers compare by value across int, uint and double, other
// kinds differ from each other; nullopt when an error is met inside a list or map.
std::optional<bool> equals(const Value& a, const Value& b);

// A map built by CEL (literals, results); keeps insertion order.
class BuiltMap : public MapValue {
 public:
  std::size_t size() const override { return entries_.size(); }
  Value key_at(std::size_t i) const override { return entries_[i].first; }
  std::optional<Value> find(const Value& key) const override;
  // False when an equal key is already present.
  bool insert(Value key, Value value);
  const std::vector<std::pair<Value, Value>>& entries() const { return entries_; }

 private:
  std::optional<std::size_t> index_of(const Value& key) const;
  std::vector<std::pair<Value, Value>> entries_;
  // String keys by text once the map is large enough for a linear search to cost.
  std::unordered_map<std::string_view, std::size_t> by_string_;
};

}  // namespace podfit::cel
