#include "validation/stored_object.h"

#include <fmt/format.h>

namespace podfit {
namespace {

// Per thread: the loader decodes shards on several threads, each in its own scope.
thread_local const StoredObjectScope* current = nullptr;

}  // namespace

StoredObjectScope::StoredObjectScope(FunctionRef<void(const DecodeError&)> warn, bool trimmed_read)
    : warn_(warn), trimmed_read_(trimmed_read), previous_(current) {
  current = this;
}

StoredObjectScope::~StoredObjectScope() { current = previous_; }

bool decoding_stored_objects() { return current != nullptr; }

void reject_unless_stored(const Value& v, std::initializer_list<PathStep> steps, const std::string& message) {
  DecodeError error{message, line_at(v, steps)};
  if (current == nullptr) throw error;
  error.message += " (kept: the API server lets a stored object keep a value that a later rule forbids; it is "
                   "refused in a new one)";
  current->warn_(error);
}

void reject_missing_from_stored(DecodeError error, std::string_view object) {
  if (current != nullptr && current->trimmed_read_) {
    error.message += fmt::format(" (read without it: a stored {} always has it, so the input was trimmed)", object);
    current->warn_(error);
    return;
  }
  error.message += fmt::format(" (a stored {} always has it: was the input trimmed? --validate=warn reads it with a "
                               "warning)",
                               object);
  throw error;
}

void reject_empty(const Value& v, std::initializer_list<PathStep> steps, const std::string& message,
                  std::string_view object) {
  DecodeError error{message, line_at(v, steps)};
  if (current == nullptr) throw error;
  reject_missing_from_stored(std::move(error), object);
}

}  // namespace podfit
