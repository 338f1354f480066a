// The cluster state holds objects the API server already stores. Some rules ratchet: an update
// that leaves a field as it is passes them, so a stored object keeps a value a later release's
// rule forbids (the required node affinity's label values, checked from v1.33). Such a rule
// refuses a new object and only warns of a stored one.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "podfit/util/function_ref.h"
#include "validation/validate.h"

namespace podfit {

// While it lives on this thread, the objects being decoded are stored ones: a ratcheting rule's
// error goes to `warn` instead of refusing the object, and so does a field a stored object
// cannot lack when `trimmed_read` (--validate=warn or ignore: an input trimmed of it is read).
class StoredObjectScope {
 public:
  explicit StoredObjectScope(FunctionRef<void(const DecodeError&)> warn, bool trimmed_read = false);
  ~StoredObjectScope();
  StoredObjectScope(const StoredObjectScope&) = delete;
  StoredObjectScope& operator=(const StoredObjectScope&) = delete;

 private:
  FunctionRef<void(const DecodeError&)> warn_;
  bool trimmed_read_;
  const StoredObjectScope* previous_;
  friend void reject_unless_stored(const Value&, std::initializer_list<PathStep>, const std::string&);
  friend void reject_missing_from_stored(DecodeError error, std::string_view object);
  friend void reject_empty(const Value&, std::initializer_list<PathStep>, const std::string&, std::string_view);

// A field that may not be empty, empty at the value `steps` below `v`: the API server's error for
// a new object; for a stored one, the input was trimmed of it (reject_missing_from_stored).
void reject_empty(const Value& v, std::initializer_list<PathStep> steps, const std::string& message,
                  std::string_view object);
};

// Whether the objects being decoded on this thread are stored ones (the cluster state).
bool decoding_stored_objects();

// A ratcheting rule's error at the value `steps` below `v`: thrown for a new object, handed to
// the StoredObjectScope's warning for a stored one (which is then kept as it is).
void reject_unless_stored(const Value& v, std::initializer_list<PathStep> steps, const std::string& message);

// A field every stored `object` (kind) has, missing: the input was trimmed of it. Thrown, saying
// so; for a stored object read with --validate=warn or ignore, a warning, and read without it.
void reject_missing_from_stored(DecodeError error, std::string_view object);

// A field that may not be empty, empty at the value `steps` below `v`: the API server's error for
// a new object; for a stored one, the input was trimmed of it (reject_missing_from_stored).
void reject_empty(const Value& v, std::initializer_list<PathStep> steps, const std::string& message,
                  std::string_view object);

}  // namespace podfit
