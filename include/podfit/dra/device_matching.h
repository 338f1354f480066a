// Which devices of the cluster state a set of selectors (a DeviceClass's, then a request's)
// matches, device by device, and from which nodes a device is reachable.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "podfit/dra/device_selector.h"
#include "podfit/model/node.h"
#include "podfit/model/resource_slice.h"

namespace podfit::dra {

class DeviceViews;

// Where a device can be used: one node, or nodes chosen by a selector or all nodes
// ("network-attached"), as the slice (or, with perDeviceNodeSelection, the device) says.
struct DeviceNodes {
  const std::string* node_name = nullptr;     // set: only this node
  const NodeSelector* node_selector = nullptr;  // set: the nodes it matches
  bool all_nodes = false;
};
DeviceNodes device_nodes(const ResourceSlice& slice, const Device& device);
// Whether the device is usable on `node`, as the allocator decides which slices a node sees.
bool reachable_from(const DeviceNodes& where, const Node& node);

// One device's outcome: every selector holds (matches), one does not (rejected_by says which),
// or one failed to evaluate (error, rejected_by names it). Selectors run in order and stop at
// the first that does not hold, as the allocator's do.
struct DeviceOutcome {
  const ResourceSlice* slice = nullptr;
  const Device* device = nullptr;
  bool matches = false;
  std::string error;                     // the CEL runtime error, or empty
  std::optional<std::size_t> rejected_by;  // index into the selectors given
};

// Evaluates `selectors` on every device of `slices` (in input order) reachable from `node`
// when it is given.
std::vector<DeviceOutcome> match_devices(const std::vector<ResourceSlice>& slices,
                                         const std::vector<const CompiledSelector*>& selectors,
                                         const Node* node = nullptr);
// With `views`, the devices' shared views and the verdicts kept there serve (and are kept).
std::vector<DeviceOutcome> match_devices(const std::vector<const ResourceSlice*>& slices,
                                         const std::vector<const CompiledSelector*>& selectors,
                                         const Node* node = nullptr, const DeviceViews* views = nullptr);

}  // namespace podfit::dra
