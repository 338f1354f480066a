// A JSON or YAML value being decoded into the model, whatever the encoding it came in.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "podfit/util/function_ref.h"

namespace podfit {

// Raised while decoding one object; the loader catches it and adds file and document.
struct DecodeError {
  std::string message;
  int line = 0;      // 1-based line in the file, 0 when unknown
  int document = 0;  // 1-based document index, 0 when unknown
};

// One value in a decoded document. Values are visited in document order; a Value handed
// to a callback is valid only during that callback. Null behaves as Go's zero value:
// "" for strings, 0 for numbers, nothing to iterate for objects and arrays.
class Value {
 public:
  enum class Type { Null, Bool, Number, String, Array, Object };

  virtual ~Value() = default;
  virtual Type type() const = 0;
  bool is_null() const { return type() == Type::Null; }

  // A string. YAML plain scalars that resolve to numbers or booleans are stringified as
  // sigs.k8s.io/yaml does for string fields ("yes" -> "true", 1.10 -> "1.1").
  virtual std::string string() const = 0;
  virtual bool boolean() const = 0;
  // An integer literal within int64 (YAML floats with an integral value count).
  virtual int64_t int64() const = 0;
  // The text of a number or string, for resource.Quantity (which accepts both).
  virtual std::string quantity_text() const = 0;
  // Object members in document order (duplicate keys are rejected).
  virtual void fields(FunctionRef<void(std::string_view key, const Value& value)> visit) const = 0;
  // Array elements in order.
  virtual void elements(FunctionRef<void(const Value& value)> visit) const = 0;
  // 1-based line of the value in its file.
  virtual int line() const = 0;

  // int64 checked to fit int32, as Go's decoder checks int32 fields.
  int32_t int32() const;
  // The value's path for messages: "spec.containers[0].ports[1].hostPort".
  std::string path() const;
  // Rejects the value: "<path>: <message>" at its line.
  [[noreturn]] void fail(std::string_view message) const;
  // "a string", "an object", ... for type mismatch messages.
  static std::string_view describe(Type type);
  [[noreturn]] void fail_type(std::string_view expected) const;

 protected:
  Value(const Value* parent, std::string_view key, int index) : parent_(parent), key_(key), index_(index) {}

  const Value* parent_;
  std::string_view key_;  // member name when inside an object
  int index_;             // element index when inside an array, else -1
};

}  // namespace podfit
