// The pod an evicted pod's controller creates in its place: the same spec, not bound to a node.
#pragma once

#include <cstddef>

#include "podfit/model/pod.h"

namespace podfit {

// A StatefulSet's pod keeps its name, so its volumes keep naming the same claims. Any other
// controller's pod gets a new name: the evicted pod's generateName (without one, its name and a
// dash) followed by "replacement-<index>", a deterministic stand-in for the API server's random
// suffix. The replacement is not created yet (no uid, no creationTimestamp), Pending, with no
// node, nomination or container status.
Pod replacement_pod(const Pod& evicted, size_t index);

}  // namespace podfit
