// resource.k8s.io ResourceSlices, DeviceClasses and claims as the API server holds them between decoding
// and storing: its internal types, which keep what the model folds away (a field set to false or
// "" against one left out, nil lists against empty ones, an attribute with several values), so
// that validation sees what the API server's sees. decode_resource.cpp fills them from any served
// version and turns them into the model; validation/resource/resource.cpp checks them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "document/value.h"
#include "podfit/dra/device_selector.h"
#include "podfit/model/device_class.h"
#include "podfit/model/resource_claim.h"
#include "podfit/model/resource_slice.h"

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
  // nodeAllocatableResources (v1.37) or nodeAllocatableResourceMappings (v1.36) is set.
  bool maps_node_allocatable = false;
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

// A request's device fields (v1 and v1beta2: `exactly` or a firstAvailable entry; v1beta1: the
// request itself), count and mode as given: defaulting comes before validation.
struct ExactRequest {
  std::string device_class_name;
  std::vector<Selector> selectors;
  std::string allocation_mode;
  int64_t count = 0;
  std::optional<bool> admin_access;
  std::vector<DeviceToleration> tolerations;
  std::optional<CapacityRequirements> capacity;
};

struct SubRequest {
  std::string name;
  ExactRequest spec;
};

struct Request {
  std::string name;
  std::optional<ExactRequest> exactly;
  std::vector<SubRequest> first_available;
};

struct ClaimConfig {
  std::vector<std::string> requests;
  std::optional<Opaque> opaque;
};

struct ClaimSpec {
  std::vector<Request> requests;
  std::vector<DeviceConstraint> constraints;
  std::vector<ClaimConfig> config;
};

// The API server's validation of a ResourceSlice or DeviceClass being created (what it refuses is
// thrown as a DecodeError at the line of `root` the error is about). `root` is the object.
void validate_slice(const Value& root, Version version, const Slice& slice);
// The environment check_selectors compiles new selectors for, on this thread (the newest
// release's defaults unless a scope says otherwise).
class NewSelectorScope {
 public:
  explicit NewSelectorScope(const dra::SelectorFeatures& features);
  ~NewSelectorScope();
  NewSelectorScope(const NewSelectorScope&) = delete;
  NewSelectorScope& operator=(const NewSelectorScope&) = delete;

 private:
  const dra::SelectorFeatures* previous_;
};

void validate_class(const Value& root, Version version, const Class& device_class);
// ResourceClaim (spec only: the API server clears the status on create) and ResourceClaimTemplate.
void validate_claim(const Value& root, Version version, const ObjectMeta& metadata, const ClaimSpec& spec);
// A ResourceClaim's status, as status updates validate it (each one checked as if it set the
// whole status): reservedFor, and the allocation's results, configuration and node selector.
void validate_claim_status(const Value& root, const ClaimSpec& spec, const std::optional<AllocationResult>& allocation,
                           const std::vector<ResourceClaimConsumerReference>& reserved_for);
void validate_claim_template(const Value& root, Version version, const ObjectMeta& metadata,
                             const ObjectMeta& claim_metadata, const ClaimSpec& spec);
// DeviceTaintRule: the taint, and the selector's driver, pool and device names.
void validate_taint_rule(const Value& root, const DeviceTaintRule& rule, const std::vector<Selector>& selectors);

}  // namespace podfit::resource_wire
