// Streams YAML input (multi-document, Lists) object by object, with go-yaml v2's scalar typing.
#pragma once

#include "input.h"
#include "object_handler.h"

namespace podfit {

// Reads every document of `input`; a List's items are handed over one at a time. Empty
// documents are skipped. Throws DecodeError (with line) on malformed input.
void read_yaml_stream(Input& input, const ReadLimits& limits, ObjectHandler handle);

}  // namespace podfit
