#include "validation/stored_object.h"

namespace podfit {
namespace {

// Per thread: the loader decodes shards on several threads, each in its own scope.
thread_local const StoredObjectScope* current = nullptr;

}  // namespace

StoredObjectScope::StoredObjectScope(FunctionRef<void(const DecodeError&)> warn) : warn_(warn), previous_(current) {
  current = this;
}

StoredObjectScope::~StoredObjectScope() { current = previous_; }

void reject_unless_stored(const Value& v, std::initializer_list<PathStep> steps, const std::string& message) {
  const DecodeError error{message, line_at(v, steps)};
  if (current == nullptr) throw error;
  current->warn_(error);
}

}  // namespace podfit
