// What the JSON and YAML readers hand to the loader: one top-level object or List item at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "document/value.h"
#include "podfit/util/function_ref.h"

namespace podfit {

struct ObjectContext {
  int document = 0;       // 1-based document (YAML) or top-level value (JSON) index
  int line = 0;           // line where the object starts
  int item = -1;          // index in the enclosing List's items, or -1
  std::string list_kind;  // kind of the enclosing List when already known ("PodList"), else ""
  uint64_t object = 0;    // 0-based index of the object among those of its source
};

using ObjectHandler = FunctionRef<void(const Value& root, const ObjectContext& context)>;

// Objects a reader hands over a batch at a time, to be decoded on a worker thread while it
// reads on; batches are committed on the reading thread in the order they were read.
class ObjectBatch {
 public:
  virtual ~ObjectBatch() = default;
  // Worker thread: decodes one object of the batch; a DecodeError ends the batch.
  virtual void handle(const Value& root, const ObjectContext& context) = 0;
  // Worker thread: the error that ended the batch (its document set).
  virtual void failed(const DecodeError& error) = 0;
  // Reading thread, in stream order: keeps the batch's objects, or throws what ended it.
  virtual void commit() = 0;
};

using BatchFactory = FunctionRef<std::unique_ptr<ObjectBatch>()>;

// Runs a reader's `read`, then `finish`, which commits the batches read. When reading fails,
// the batches before the failure are committed first: an earlier object's error, thrown by
// its batch's commit, is the one reported.
template <class Read, class Finish>
void read_then_commit(Read read, Finish finish) {
  try {
    read();
  } catch (const DecodeError&) {
    finish();
    throw;
  }
  finish();
}

// A batch that hands each object to `handle` and, at its commit, rethrows the DecodeError that
// ended it: with a single worker, the readers' ObjectHandler interface.
class ForwardingBatch final : public ObjectBatch {
 public:
  explicit ForwardingBatch(ObjectHandler handle) : handle_(handle) {}
  void handle(const Value& root, const ObjectContext& context) override { handle_(root, context); }
  void failed(const DecodeError& error) override { error_ = std::make_unique<DecodeError>(error); }
  void commit() override {
    if (error_) throw *error_;
  }

 private:
  ObjectHandler handle_;
  std::unique_ptr<DecodeError> error_;
};

// Limits that keep hostile input from exhausting the machine: memory stays proportional to
// the input, and no object can make the readers work more than in proportion to its size.
// YAML alias expansion is bounded by go-yaml's own rule (aliases may not make up more than a
// share of the values decoded, from 99% in small documents down to 10% in large ones).
struct ReadLimits {
  // Nesting of objects and lists. Kubernetes objects nest a few dozen levels at most.
  int max_depth = 256;
  // One object or List item (a YAML document that is not a List counts whole): it is held in
  // memory while it is decoded. The API server stores objects of at most 1.5 MiB.
  size_t max_object_bytes = size_t{16} << 20;
  // Documents (YAML) or top-level values (JSON) in one file, empty ones included.
  size_t max_documents = 10'000'000;
};

// The message for an object over ReadLimits::max_object_bytes.
inline std::string object_too_large(size_t limit) {
  return fmt::format("object larger than {} bytes: raise the limit with --max-object-bytes", limit);
}

}  // namespace podfit
