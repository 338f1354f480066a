// resource.k8s.io/v1 ResourceSlice: the devices a DRA driver publishes, one pool at a time.
// v1beta1 and v1beta2 manifests are converted into this shape when they are decoded.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "podfit/model/meta.h"
#include "podfit/model/node_selector.h"
#include "podfit/model/quantity.h"

namespace podfit {

// One attribute value: exactly one of int, bool, string or version (semver text) is set.
struct DeviceAttribute {
  enum class Kind : std::uint8_t { Int, Bool, String, Version };
  Kind kind = Kind::String;
  std::int64_t int_value = 0;
  bool bool_value = false;
  std::string string_value;  // String and Version
};

// capacity.<name>.requestPolicy: how consumable capacity may be requested.
struct CapacityRequestPolicyRange {
  Quantity min;
  std::optional<Quantity> max;
  std::optional<Quantity> step;
};
struct CapacityRequestPolicy {
  std::optional<Quantity> default_;
  std::vector<Quantity> valid_values;
  std::optional<CapacityRequestPolicyRange> valid_range;
};

struct DeviceCapacity {
  Quantity value;
  std::optional<CapacityRequestPolicy> request_policy;
};

// A named attribute or capacity: `name` as written (maybe "domain/id"), in the order given.
struct NamedAttribute {
  std::string name;
  DeviceAttribute value;
};
struct NamedCapacity {
  std::string name;
  DeviceCapacity value;
};

struct Counter {
  std::string name;
  Quantity value;
};

// spec.sharedCounters[]: counters that the pool's partitionable devices draw from.
struct CounterSet {
  std::string name;
  std::vector<Counter> counters;
};

// devices[].consumesCounters[]: what allocating the device takes from a counter set.
struct DeviceCounterConsumption {
  std::string counter_set;
  std::vector<Counter> counters;
};

struct DeviceTaint {
  std::string key;
  std::string value;
  std::string effect;      // NoSchedule, NoExecute (None where the release allows it)
  std::string time_added;  // RFC 3339, as given
};

struct Device {
  std::string name;
  std::vector<NamedAttribute> attributes;
  std::vector<NamedCapacity> capacity;
  std::vector<DeviceCounterConsumption> consumes_counters;
  // Per-device node selection (spec.perDeviceNodeSelection): exactly one of these is set.
  std::optional<std::string> node_name;
  std::optional<NodeSelector> node_selector;
  bool all_nodes = false;
  std::vector<DeviceTaint> taints;
  std::optional<bool> binds_to_node;
  std::vector<std::string> binding_conditions;
  std::vector<std::string> binding_failure_conditions;
  std::optional<bool> allow_multiple_allocations;
  // Maps its capacity to node resources (nodeAllocatableResources, DRANodeAllocatableResources),
  // which podfit does not model.
  bool maps_node_allocatable = false;
};

struct ResourcePool {
  std::string name;
  std::int64_t generation = 0;
  std::int64_t resource_slice_count = 0;
};

struct ResourceSlice {
  ObjectMeta metadata;
  std::string driver;
  ResourcePool pool;
  // Which nodes the slice's devices are reachable from: exactly one is set.
  std::optional<std::string> node_name;
  std::optional<NodeSelector> node_selector;
  bool all_nodes = false;
  bool per_device_node_selection = false;
  std::vector<Device> devices;
  std::vector<CounterSet> shared_counters;
  SourceRef origin;
};

}  // namespace podfit
