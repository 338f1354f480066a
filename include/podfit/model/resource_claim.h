// resource.k8s.io/v1 ResourceClaim, ResourceClaimTemplate and DeviceTaintRule: what a pod asks
// of DRA devices, what was allocated to it, and taints put on devices from outside their slice.
// v1beta1 and v1beta2 manifests are converted into this shape when they are decoded.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "podfit/model/device_class.h"
#include "podfit/model/meta.h"
#include "podfit/model/node_selector.h"
#include "podfit/model/quantity.h"
#include "podfit/model/resource_slice.h"

namespace podfit {

// Tolerates a DeviceTaint as a pod's toleration tolerates a node's taint.
struct DeviceToleration {
  std::string key;
  std::string op = "Equal";  // Equal or Exists
  std::string value;
  std::string effect;  // "" matches every effect
  std::optional<std::int64_t> toleration_seconds;
  friend bool operator==(const DeviceToleration&, const DeviceToleration&) = default;
};

// capacity.requests of a request: how much of each consumable capacity one device gives it.
struct CapacityRequirements {
  std::vector<std::pair<std::string, Quantity>> requests;
};

// What one request (or one firstAvailable alternative) asks for.
struct DeviceRequestSpec {
  std::string device_class_name;
  std::vector<DeviceSelector> selectors;
  std::string allocation_mode = "ExactCount";  // ExactCount or All
  std::int64_t count = 1;                       // ExactCount only
  bool admin_access = false;
  std::vector<DeviceToleration> tolerations;
  std::optional<CapacityRequirements> capacity;
};

struct DeviceSubRequest {
  std::string name;
  DeviceRequestSpec spec;
};

// spec.devices.requests[]: exactly one of `exactly` and `first_available` is set.
struct DeviceRequest {
  std::string name;
  std::optional<DeviceRequestSpec> exactly;
  std::vector<DeviceSubRequest> first_available;
};

struct DeviceConstraint {
  std::vector<std::string> requests;  // empty: every request
  std::optional<std::string> match_attribute;
  std::optional<std::string> distinct_attribute;
};

// Opaque configuration for some requests (or all), as DeviceClass configuration is.
struct DeviceClaimConfiguration {
  std::vector<std::string> requests;
  DeviceClassConfiguration opaque;
};

struct ResourceClaimSpec {
  std::vector<DeviceRequest> requests;
  std::vector<DeviceConstraint> constraints;
  std::vector<DeviceClaimConfiguration> config;
};

// status.allocation.devices.results[]: one device given to one request.
struct DeviceRequestAllocationResult {
  std::string request;  // "request" or "request/subrequest"
  std::string driver;
  std::string pool;
  std::string device;
  std::optional<bool> admin_access;
  std::vector<DeviceToleration> tolerations;
  std::vector<std::string> binding_conditions;
  std::vector<std::string> binding_failure_conditions;
  std::optional<std::string> share_id;  // consumable capacity: which share of the device
  std::vector<std::pair<std::string, Quantity>> consumed_capacity;
  friend bool operator==(const DeviceRequestAllocationResult&, const DeviceRequestAllocationResult&) = default;
};

// status.allocation.devices.config[]: configuration for the allocated devices, from their
// DeviceClass (source "FromClass") or from the claim ("FromClaim"); no requests means all.
struct DeviceAllocationConfiguration {
  std::string source;
  std::vector<std::string> requests;
  DeviceClassConfiguration opaque;
  friend bool operator==(const DeviceAllocationConfiguration&, const DeviceAllocationConfiguration&) = default;
};

struct AllocationResult {
  std::vector<DeviceRequestAllocationResult> results;
  std::vector<DeviceAllocationConfiguration> config;
  std::optional<NodeSelector> node_selector;  // where the allocated devices are usable
  std::string allocation_timestamp;
  friend bool operator==(const AllocationResult&, const AllocationResult&) = default;
};

// status.reservedFor[]: the consumers (pods) the claim is reserved for.
struct ResourceClaimConsumerReference {
  std::string api_group;
  std::string resource;  // "pods" for a pod
  std::string name;
  std::string uid;
  friend bool operator==(const ResourceClaimConsumerReference&, const ResourceClaimConsumerReference&) = default;
};

struct ResourceClaim {
  ObjectMeta metadata;
  ResourceClaimSpec spec;
  std::optional<AllocationResult> allocation;
  std::vector<ResourceClaimConsumerReference> reserved_for;
  // status.devices as JSON, only to tell whether a claim's status changed (podfit does not read it).
  std::string status_devices_json;
  SourceRef origin;
};

struct ResourceClaimTemplate {
  ObjectMeta metadata;
  ObjectMeta claim_metadata;  // spec.metadata: labels and annotations the created claim gets
  ResourceClaimSpec spec;
  SourceRef origin;
};

// A taint on the devices a selector picks (driver, pool, device: each empty matches all).
struct DeviceTaintRule {
  ObjectMeta metadata;
  // resource.k8s.io/v1alpha3 of v1.33 and v1.34 also selects by class and by CEL selectors.
  std::string device_class_name;
  std::vector<std::string> selectors;  // CEL expressions, each of which a device must match
  std::string driver;
  std::string pool;
  std::string device;
  DeviceTaint taint;
  SourceRef origin;
};

}  // namespace podfit
