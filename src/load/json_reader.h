// Streams JSON input (one object, concatenated objects, or Lists) object by object.
#pragma once

#include "input.h"
#include "object_handler.h"

namespace podfit {

// Reads every top-level JSON object of `input`; List items are handed over one at a time,
// so memory stays proportional to the largest object, not the input.
// Throws DecodeError (with line) on malformed input.
void read_json_stream(Input& input, const ReadLimits& limits, ObjectHandler handle);

}  // namespace podfit
