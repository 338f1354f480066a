// Which profiles of a configuration are written alike: the key of a profile's value.
#pragma once

#include <optional>
#include <string>

#include "document/value.h"

namespace podfit {

// Every value of the profile object but its schedulerName, with types, in document order:
// profiles with the same key decode to the same body (their lines aside), whatever their
// layout, quoting or anchors. nullopt when some value the decoder left unread (args kept as
// written) cannot be walked: such a profile shares nothing.
std::optional<std::string> profile_body_key(const Value& profile);

}  // namespace podfit
