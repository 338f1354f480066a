// resource.k8s.io ResourceSlices and DeviceClasses as the API server holds them between decoding
// and storing: its internal types, which keep what the model folds away (a field set to false or
// "" against one left out, nil lists against empty ones, an attribute with several values), so
// that validation sees what the API server's sees. decode_resource.cpp fills them from any served
// version and turns them into the model; validate_resource.cpp checks them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "podfit/model/device_class.h"
#include "podfit/model/resource_slice.h"
#include "value.h"

namespace podfit::resource_wire {

// The served versions of resource.k8s.io; v1beta1 wraps a device's fields in `basic`, and its
// spec.nodeName and spec.allNodes are plain values where the others have pointers.
enum class Version { V1, V1beta1, V1beta2 };

// A device attribute as written: more than one value, or none, is the validator's to refuse.
struct Attribute {
  std::optional<int64_t> int_value;
  std::optional<bool> bool_value;
  std::optional<std::string> string_value;
  std::optional<std::string> version_value;
};

struct RequestPolicyRange {
  std::optional<Quantity> min;  // required, but a pointer: its absence is a field error
  std::optional<Quantity> max;
  std::optional<Quantity> step;
};

struct RequestPolicy {
  std::optional<Quantity> default_;
  std::vector<Quantity> valid_values;
  std::optional<RequestPolicyRange> valid_range;
};

struct Capacity {
  Quantity value;
  std::optional<RequestPolicy> request_policy;
};

struct Device {
  std::string name;
  std::vector<std::pair<std::string, Attribute>> attributes;  // in the order written
  std::vector<std::pair<std::string, Capacity>> capacity;
  std::vector<DeviceCounterConsumption> consumes_counters;
  std::optional<std::string> node_name;
  std::optional<NodeSelector> node_selector;
  std::optional<bool> all_nodes;
  std::vector<DeviceTaint> taints;
  std::optional<bool> binds_to_node;
  std::vector<std::string> binding_conditions;
  std::vector<std::string> binding_failure_conditions;
  std::optional<bool> allow_multiple_allocations;
};

struct Slice {
  ObjectMeta metadata;
  std::string driver;
  ResourcePool pool;
  std::optional<std::string> node_name;
  std::optional<NodeSelector> node_selector;
  std::optional<bool> all_nodes;
  std::optional<bool> per_device_node_selection;
  std::optional<std::vector<Device>> devices;  // nil and empty differ: "only one of" counts a given []
  std::optional<std::vector<CounterSet>> shared_counters;
};

struct Selector {
  std::optional<std::string> cel_expression;  // unset when `cel` is missing
  int line = 0;
};

// config[].opaque.parameters: what kind of JSON value was given.
enum class Parameters { Missing, NotObject, Object };

struct Opaque {
  std::string driver;
  Parameters parameters = Parameters::Missing;
  std::string parameters_json;  // compact, as kubectl sends it
};

struct ClassConfig {
  std::optional<Opaque> opaque;
};

struct Class {
  ObjectMeta metadata;
  std::vector<Selector> selectors;
  std::vector<ClassConfig> config;
  std::optional<std::string> extended_resource_name;
};

// The API server's validation of a ResourceSlice or DeviceClass being created (what it refuses is
// thrown as a DecodeError at the line of `root` the error is about). `root` is the object.
void validate_slice(const Value& root, Version version, const Slice& slice);
void validate_class(const Value& root, Version version, const Class& device_class);

}  // namespace podfit::resource_wire
