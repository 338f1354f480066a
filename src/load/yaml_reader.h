// Streams YAML input (multi-document, Lists) object by object, with go-yaml v2's scalar typing.
#pragma once

#include <string>
#include <vector>

#include "input.h"
#include "object_handler.h"

namespace podfit {

// Reads every document of `input` (empty ones are skipped); objects and List items are built
// from libyaml's events and handed over in batches that worker threads decode while reading
// goes on. Errors come in stream order: an earlier batch's (thrown by its commit) before the
// reader's own DecodeError (with line) for malformed input further on. `list_kinds`, when
// given, receives the kind of each List read ("List", "PodList"), empty ones included.
void read_yaml_batches(Input& input, const ReadLimits& limits, BatchFactory make_batch,
                       std::vector<std::string>* list_kinds = nullptr);

// The same with a single worker thread calling `handle` for each object in stream order; a
// DecodeError it throws ends reading and is rethrown here.
void read_yaml_stream(Input& input, const ReadLimits& limits, ObjectHandler handle);

}  // namespace podfit
