// Devices matched against selectors, and the nodes a device is reachable from.
#include "podfit/dra/device_matching.h"

#include "podfit/dra/device_views.h"
#include "podfit/model/node_affinity.h"

namespace podfit::dra {

DeviceNodes device_nodes(const ResourceSlice& slice, const Device& device) {
  DeviceNodes out;
  const bool per_device = slice.per_device_node_selection;
  const std::optional<std::string>& name = per_device ? device.node_name : slice.node_name;
  const std::optional<NodeSelector>& selector = per_device ? device.node_selector : slice.node_selector;
  if (name) out.node_name = &*name;
  if (selector) out.node_selector = &*selector;
  out.all_nodes = per_device ? device.all_nodes : slice.all_nodes;
  return out;
}

bool reachable_from(const DeviceNodes& where, const Node& node) {
  if (where.node_name != nullptr) return *where.node_name == node.metadata.name;
  if (where.node_selector != nullptr) return match_node_selector_terms(node, *where.node_selector);
  return where.all_nodes;
}

std::vector<DeviceOutcome> match_devices(const std::vector<const ResourceSlice*>& slices,
                                         const std::vector<const CompiledSelector*>& selectors, const Node* node,
                                         const DeviceViews* views) {
  std::vector<std::atomic<std::int8_t>*> verdicts(selectors.size(), nullptr);
  if (views != nullptr) {
    for (std::size_t i = 0; i < selectors.size(); ++i) verdicts[i] = views->verdicts(selectors[i]->expression());
  }
  std::vector<DeviceOutcome> out;
  for (const ResourceSlice* slice : slices) {
    for (const Device& device : slice->devices) {
      if (node != nullptr && !reachable_from(device_nodes(*slice, device), *node)) continue;
      DeviceOutcome& o = out.emplace_back();
      o.slice = slice;
      o.device = &device;
      o.matches = true;
      const std::optional<std::size_t> index = views != nullptr ? views->index_of(*slice, device) : std::nullopt;
      std::unique_ptr<DeviceView> local;
      for (std::size_t i = 0; i < selectors.size(); ++i) {
        MatchResult r;
        if (index) {
          r = views->match(*selectors[i], verdicts[i], *index);
        } else {
          if (!local) local = std::make_unique<DeviceView>(slice->driver, device);
          r = selectors[i]->matches(*local);
        }
        if (r.error.empty() && r.matches) continue;
        o.matches = false;
        o.error = std::move(r.error);
        o.rejected_by = i;
        break;
      }
    }
  }
  return out;
}

std::vector<DeviceOutcome> match_devices(const std::vector<ResourceSlice>& slices,
                                         const std::vector<const CompiledSelector*>& selectors, const Node* node) {
  std::vector<const ResourceSlice*> all;
  all.reserve(slices.size());
  for (const ResourceSlice& slice : slices) all.push_back(&slice);
  return match_devices(all, selectors, node);
}

}  // namespace podfit::dra
