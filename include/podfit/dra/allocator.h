// The structured allocator of k8s.io/dynamic-resource-allocation (the "incubating" variant that
// kube-scheduler v1.37's default feature gates select): which devices of the ResourceSlices
// reachable from a node satisfy a pod's unallocated ResourceClaims, searched first-fit in
// upstream's order with backtracking, with upstream's results and error texts.
//
//   dra::AllocatedState in_use = dra::gather_allocated_state(cluster_claims);
//   dra::Allocator allocator({&claim}, std::move(in_use), classes, slices, taint_rules);
//   dra::AllocateOutcome out = allocator.allocate(node);
//   if (out.kind == dra::AllocateOutcome::Kind::Allocated) use(out.results[0]);
#pragma once

#include <atomic>
#include <chrono>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "podfit/cel/cel.h"
#include "podfit/model/device_class.h"
#include "podfit/model/node.h"
#include "podfit/model/quantity.h"
#include "podfit/model/resource_claim.h"
#include "podfit/model/resource_slice.h"

namespace podfit::dra {

// resource.k8s.io/v1 AllocationResultsMaxSize: at most this many devices per claim.
inline constexpr std::int64_t kAllocationResultsMaxSize = 32;

// DynamicResources' Filter status when the allocator finds no allocation on a node.
inline constexpr std::string_view kCannotAllocateAllClaims = "cannot allocate all claims";

// The gates that change what the allocator does (structured.Features), v1.37's defaults.
// DRAListTypeAttributes (alpha, off) selects upstream's experimental allocator and is not
// supported here.
struct AllocatorFeatures {
  bool admin_access = true;               // DRAAdminAccess
  bool prioritized_list = true;           // DRAPrioritizedList: firstAvailable
  bool partitionable_devices = true;      // DRAPartitionableDevices: shared counters, per-device nodes
  bool device_taints = true;              // DRADeviceTaints: taints keep devices from allocation
  bool device_taint_rules = true;         // DRADeviceTaintRules: DeviceTaintRules add taints
  bool device_binding_and_status = true;  // DRADeviceBindingConditions + DRAResourceClaimDeviceStatus
  bool consumable_capacity = true;        // DRAConsumableCapacity: shared devices, capacity requests
  // From v1.33: a request with allocationMode All needs at least one device (v1.32 allocates
  // none and succeeds).
  bool all_mode_needs_a_device = true;
  // From v1.33: when a device of an All request is taken, the search backtracks to other
  // choices; v1.32 ends the whole search there with no allocation.
  bool all_mode_taken_device_backtracks = true;
  // From v1.34 (#131660): backtracking past an All request's devices gives them back; v1.32
  // and v1.33 leave them taken, in the claim's results and in its constraints until the end.
  bool all_mode_frees_devices_on_backtrack = true;
  // From v1.36: the next device of an All subrequest is sought for that subrequest; v1.33 to
  // v1.35 continue with the request's first subrequest (their call drops its index).
  bool all_mode_next_device_keeps_subrequest = true;
  // v1.35 and v1.36: a slice with shared counters belongs to every node's pools, whatever its
  // node selection (so an incomplete pool of another node stops an All request); v1.34's and
  // v1.37's default allocators keep it to the nodes it selects.
  bool counter_slices_reach_every_node = false;
  // From v1.37: a selector's run-time error names the device and, for a missing key, hints at
  // optional access; earlier allocators give the selector's index alone.
  bool selector_errors_name_device = true;
  // From v1.36 (rollbackDevice): a device rejected by its taints, a constraint or its capacity
  // gives back what it took (counters, constraint entries, its mark as allocating); v1.34's and
  // v1.35's allocators leave those taken for the rest of the node's search.
  bool rejected_device_rolls_back = true;
  // The release whose CEL environment (stored expressions) compiles the selectors.
  cel::KubeVersion selector_release = cel::kKubernetesRelease;
};

// A device as allocation results and the allocated state name it.
struct DeviceId {
  std::string driver;
  std::string pool;
  std::string device;
  friend auto operator<=>(const DeviceId&, const DeviceId&) = default;
  friend bool operator==(const DeviceId&, const DeviceId&) = default;
  // "driver/pool/device", as upstream's error texts print it.
  std::string str() const { return driver + "/" + pool + "/" + device; }
};

// Capacity consumed on one device, by capacity name (as the device publishes it).
using ConsumedCapacity = std::map<std::string, Quantity>;

// What every allocated claim already uses: devices given exclusively, shares of devices that
// allow multiple allocations, and the capacity those shares consume.
struct AllocatedState {
  std::set<DeviceId> devices;
  std::set<std::pair<DeviceId, std::string>> shared_devices;  // (device, share id)
  std::map<DeviceId, ConsumedCapacity> aggregated_capacity;

  // IsDeviceAllocated: exclusively, as a share, or with capacity consumed.
  bool in_use(const DeviceId& id) const;
  // Adds the devices of one claim's allocation (none when it is not allocated). Admin access
  // results use nothing; with `consumable_capacity`, results with a share id are shares.
  void add_claim(const ResourceClaim& claim, bool consumable_capacity = true);
};

// The allocated state of every allocated claim among `claims`, as kube-scheduler gathers it.
AllocatedState gather_allocated_state(const std::vector<ResourceClaim>& claims, bool consumable_capacity = true);

// The outcome of one allocation attempt on one node.
struct AllocateOutcome {
  enum class Kind {
    Allocated,     // results holds one AllocationResult per claim, in claim order
    NoFit,         // no allocation exists on this node (DynamicResources: kCannotAllocateAllClaims)
    FailedOnNode,  // no allocation, and an invalid pool was met: `error` says so, for this node only
    Error,         // the pod's attempt stops (invalid claim or class, CEL error...): `error`
    TimedOut,      // the deadline passed: `error` is upstream's wrapped context error
    Cancelled,     // AllocateOptions::cancelled was set: another node's Filter ended the attempt
  };
  Kind kind = Kind::NoFit;
  std::vector<AllocationResult> results;
  std::string error;
  std::int64_t search_steps = 0;  // how often upstream's allocateOne ran (its Stats)

  bool allocated() const { return kind == Kind::Allocated; }
};

class DeviceViews;

// Makes the share id of one shared device allocation (upstream draws a random UUID).
using ShareIdGenerator = std::function<std::string()>;

struct AllocateOptions {
  // Filter's timeout: past it the search stops with Kind::TimedOut.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // When set and true, the search stops with Kind::Cancelled (the scheduling cycle's context).
  const std::atomic<bool>* cancelled = nullptr;
  // Share ids for devices allocated as shares; unset: "00000000-0000-0000-0000-000000000001",
  // "...002" and so on within one call, so that results are reproducible.
  ShareIdGenerator share_ids;
};

// Allocates the given claims (already resolved from templates, none of them allocated) from
// the slices, after DeviceTaintRules have added their taints, on one node at a time. Selectors
// are compiled once per distinct expression. Claims, classes and slices are borrowed and must
// outlive the allocator; allocate() may run from several threads at once. `views`, when given,
// are the slices' devices as selectors see them, shared with other allocators.
class Allocator {
 public:
  Allocator(std::vector<const ResourceClaim*> claims, AllocatedState allocated, const std::vector<DeviceClass>& classes,
            const std::vector<ResourceSlice>& slices, const std::vector<DeviceTaintRule>& taint_rules,
            AllocatorFeatures features = {}, const DeviceViews* views = nullptr);
  ~Allocator();
  Allocator(const Allocator&) = delete;
  Allocator& operator=(const Allocator&) = delete;

  AllocateOutcome allocate(const Node& node, const AllocateOptions& options = {}) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

// Whether PreBind would wait for the devices of this allocation to meet binding conditions.
bool waits_for_binding_conditions(const AllocationResult& result);

// The slices as kube-scheduler's ResourceSlice tracker hands them on: each DeviceTaintRule's
// taint appended to every device its selector picks (driver, pool, device; in v1alpha3 of v1.33
// and v1.34 also a class of `classes` and CEL selectors, compiled as stored expressions of
// `release`). Only the slices that change are copied into `patched`; the returned pointers
// point into `slices` or `patched`. A slice a rule's expression cannot be compiled for is left
// out, as the tracker fails to sync it.
std::vector<const ResourceSlice*> apply_device_taint_rules(const std::vector<ResourceSlice>& slices,
                                                           const std::vector<DeviceTaintRule>& rules,
                                                           std::vector<std::unique_ptr<ResourceSlice>>& patched,
                                                           const std::vector<DeviceClass>& classes = {},
                                                           cel::KubeVersion release = cel::kKubernetesRelease);

// ToleratesTaint: whether one toleration tolerates one device taint.
bool tolerates(const DeviceToleration& toleration, const DeviceTaint& taint);

}  // namespace podfit::dra
