// Pieces of the structured allocator shared by its source files: pools, counters, consumable
// capacity, constraints and taints, each as upstream's incubating allocator has them.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "podfit/dra/allocator.h"
#include "podfit/model/node_affinity.h"

namespace podfit::dra::detail {

// Parsed node selectors of the slices and devices, keyed by the selector's address.
using NodeSelectorCache = std::unordered_map<const NodeSelector*, std::unique_ptr<NodeSelectorMatcher>>;

// NodeMatches: a node name, then all nodes, then a selector decide. A selector that does not
// parse is an error ("failed to parse node selector ..."), returned in *error.
bool node_matches(const Node& node, const std::optional<std::string>& node_name, bool all_nodes,
                  const NodeSelector* selector, const NodeSelectorCache& selectors, std::string* error);

// NodeSelector.String() of the Go API types, for error texts.
std::string go_node_selector_string(const NodeSelector& selector);

// One resource pool as GatherPools describes it for one node.
struct Pool {
  std::string driver;
  std::string name;
  bool incomplete = false;
  bool invalid = false;
  std::string invalid_reason;
  std::vector<const ResourceSlice*> slices_targeting_node;      // with devices, sorted by name
  std::vector<const ResourceSlice*> slices_not_targeting_node;  // the pool's other device slices
  std::map<std::string, const CounterSet*> counter_sets;

  std::string id() const { return driver + "/" + name; }
};

// GatherPools: the pools with devices reachable from `node`, sorted by driver and pool name,
// those with binding conditions last. On error, *error holds upstream's text.
std::vector<Pool> gather_pools(const std::vector<const ResourceSlice*>& slices_for_node, const Node& node,
                               const AllocatorFeatures& features, const std::vector<const ResourceSlice*>& all_slices,
                               const NodeSelectorCache& selectors, std::string* error);

// Counter values by counter set name, then counter name.
using CounterSets = std::map<std::string, std::map<std::string, Quantity>>;

// The capacity of several devices, by device (ConsumedCapacityCollection).
struct CapacityCollection {
  std::map<DeviceId, ConsumedCapacity> devices;

  // Insert: adds to the device's entry, creating it (even for nothing consumed).
  void insert(const DeviceId& id, const ConsumedCapacity& consumed);
  // Remove: subtracts; the entry goes once every value in it is zero.
  void remove(const DeviceId& id, const ConsumedCapacity& consumed);
  const ConsumedCapacity* find(const DeviceId& id) const;
};

// Outcome of CmpRequestOverCapacity.
enum class CapacityFit { Fits, DoesNotFit, UnknownCapacity };

// CmpRequestOverCapacity: whether the request fits in what the device has left, after what is
// allocated and what this attempt is allocating, and within each capacity's request policy.
CapacityFit request_fits_capacity(const ConsumedCapacity& allocated, const std::optional<CapacityRequirements>& request,
                                  const std::vector<NamedCapacity>& capacity, const ConsumedCapacity* allocating);

// GetConsumedCapacityFromRequest: what one allocation of the device consumes of each capacity.
ConsumedCapacity consumed_capacity(const std::optional<CapacityRequirements>& request,
                                   const std::vector<NamedCapacity>& capacity);

// A claim constraint, told of every device about to be allocated and of every rollback.
class Constraint {
 public:
  virtual ~Constraint() = default;
  // Whether the device may join; when it does, the constraint remembers it.
  virtual bool add(const std::string& request, const std::string& sub_request, const Device& device,
                   const DeviceId& id) = 0;
  // Undoes one successful add with the same arguments.
  virtual void remove(const std::string& request, const std::string& sub_request, const Device& device,
                      const DeviceId& id) = 0;
};

std::unique_ptr<Constraint> match_attribute_constraint(const std::vector<std::string>& requests, std::string attribute);
std::unique_ptr<Constraint> distinct_attribute_constraint(const std::vector<std::string>& requests,
                                                          std::string attribute);

// lookupAttribute: the fully qualified name as written, else its identifier when the domain is
// the device's driver; nullptr when the device has no such attribute.
const DeviceAttribute* lookup_attribute(const Device& device, const DeviceId& id, const std::string& name);

// The first of the device's NoSchedule or NoExecute taints that is not tolerated, or nullptr.
const DeviceTaint* untolerated_taint(const Device& device, const std::vector<DeviceToleration>& tolerations);

}  // namespace podfit::dra::detail
