// The cluster state holds objects the API server already stores. Some rules ratchet: an update
// that leaves a field as it is passes them, so a stored object keeps a value a later release's
// rule forbids (the required node affinity's label values, checked from v1.33). Such a rule
// refuses a new object and only warns of a stored one.
#pragma once

#include <initializer_list>
#include <string>

#include "podfit/util/function_ref.h"
#include "validation/validate.h"

namespace podfit {

// While it lives on this thread, the objects being decoded are stored ones: a ratcheting rule's
// error goes to `warn` instead of refusing the object.
class StoredObjectScope {
 public:
  explicit StoredObjectScope(FunctionRef<void(const DecodeError&)> warn);
  ~StoredObjectScope();
  StoredObjectScope(const StoredObjectScope&) = delete;
  StoredObjectScope& operator=(const StoredObjectScope&) = delete;

 private:
  FunctionRef<void(const DecodeError&)> warn_;
  const StoredObjectScope* previous_;
  friend void reject_unless_stored(const Value&, std::initializer_list<PathStep>, const std::string&);
};

// A ratcheting rule's error at the value `steps` below `v`: thrown for a new object, handed to
// the StoredObjectScope's warning for a stored one (which is then kept as it is).
void reject_unless_stored(const Value& v, std::initializer_list<PathStep> steps, const std::string& message);

}  // namespace podfit
