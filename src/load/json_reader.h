// Streams JSON input (one object, concatenated objects, or Lists) object by object.
#pragma once

#include <string>
#include <vector>

#include "input.h"
#include "object_handler.h"

namespace podfit {

// Reads every top-level JSON object of `input`; objects and List items are copied into
// batches of about a megabyte that worker threads parse and decode while reading goes on, so
// memory stays proportional to the largest object, not the input. Errors come in stream
// order: an earlier batch's (thrown by its commit) before the reader's own DecodeError (with
// line) for malformed input further on. `list_kinds`, when given, receives the kind of each List
// read ("List", "PodList"), empty ones included.
void read_json_batches(Input& input, const ReadLimits& limits, BatchFactory make_batch,
                       std::vector<std::string>* list_kinds = nullptr);

// The same with a single worker thread calling `handle` for each object in stream order; a
// DecodeError it throws ends reading and is rethrown here.
void read_json_stream(Input& input, const ReadLimits& limits, ObjectHandler handle);

}  // namespace podfit
