// The resource allocation scorer NodeResourcesFit and NodeResourcesBalancedAllocation share
// (noderesources/resource_allocation.go and the scoring strategies).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "podfit/model/pod.h"
#include "podfit/plugins/score_helpers.h"
#include "podfit/snapshot/node_info.h"

namespace podfit {

// config.ResourceSpec: a resource a scorer looks at and its weight.
struct ResourceSpec {
  std::string name;
  int64_t weight = 1;
  friend bool operator==(const ResourceSpec&, const ResourceSpec&) = default;
};

// defaultResourceSpec: cpu and memory, weight 1 each.
std::vector<ResourceSpec> default_scoring_resources();

// config.UtilizationShapePoint as configured: utilization in percent, score on the 0..10 scale.
struct UtilizationShapePoint {
  int32_t utilization = 0;
  int32_t score = 0;
};

// config.MaxCustomPriorityScore: the top of a configured shape's score scale.
inline constexpr int64_t kMaxCustomPriorityScore = 10;

// A configured shape on the node score scale (each score times kMaxNodeScore / 10).
FunctionShape scale_shape(const std::vector<UtilizationShapePoint>& shape);

// How the pod's requests and the node's usage are read.
struct ResourceAllocationOptions {
  // useRequested: the node's plain requests; otherwise cpu and memory come from its non-zero
  // requests and the pod's containers without a cpu/memory request count 100m / 200MiB.
  bool use_requested = false;
  bool use_status_resources = false;                           // InPlacePodVerticalScaling
  bool in_place_pod_level_resources_vertical_scaling = false;  // InPlacePodLevelResourcesVerticalScaling
  bool pod_level_resources = false;                            // PodLevelResources
};

// calculatePodResourceRequestList: the pod's request of each resource, in `resources` order
// (cpu in millicores, everything else as Value()).
std::vector<int64_t> pod_resource_requests(const Pod& pod, const std::vector<ResourceSpec>& resources,
                                           const ResourceAllocationOptions& options);

// isBestEffortPod: every request in the list is zero.
bool is_best_effort(const std::vector<int64_t>& pod_requests);

// One number per scored resource. Scoring builds one per node and plugin, so the usual few
// resources live inline and only longer lists take the heap.
class ResourceNumbers {
 public:
  explicit ResourceNumbers(size_t size) : size_(size) {
    if (size > kInline) heap_.assign(size, 0);
  }
  size_t size() const { return size_; }
  int64_t& operator[](size_t i) { return size_ > kInline ? heap_[i] : inline_[i]; }
  int64_t operator[](size_t i) const { return size_ > kInline ? heap_[i] : inline_[i]; }

 private:
  static constexpr size_t kInline = 4;
  size_t size_;
  int64_t inline_[kInline] = {};
  std::vector<int64_t> heap_;
};

// The node's allocatable and its requests with the pod added, per resource.
struct AllocationView {
  explicit AllocationView(size_t resources) : requested(resources), allocated(resources), allocatable(resources) {}
  ResourceNumbers requested;    // the node's requests with the pod's
  ResourceNumbers allocated;    // the node's requests before the pod
  ResourceNumbers allocatable;  // 0 for a resource that takes no part in the score
};

// calculateResourceAllocatableRequest for every resource: cpu/memory/ephemeral-storage from the
// node's aggregates (ephemeral-storage always from plain requests), scalar resources only when
// the pod requests them and the node advertises them; anything else is left out (allocatable 0).
// No DeviceClass backs an extended resource: podfit reads no DRA objects.
AllocationView allocation_view(const NodeInfo& node, const std::vector<ResourceSpec>& resources,
                               const std::vector<int64_t>& pod_requests, bool use_requested);

// leastResourceScorer: weighted mean of (free / allocatable) * 100 after placing the pod; an
// overcommitted resource scores 0.
int64_t least_allocated_score(const AllocationView& view, const std::vector<ResourceSpec>& resources);
// mostResourceScorer: weighted mean of (requested / allocatable) * 100, capped at 100.
int64_t most_allocated_score(const AllocationView& view, const std::vector<ResourceSpec>& resources);
// requestedToCapacityRatio: the shape (already scaled) evaluated at each resource's utilization
// percentage, weighted mean of the positive scores, rounded half away from zero.
int64_t requested_to_capacity_ratio_score(const AllocationView& view, const std::vector<ResourceSpec>& resources,
                                          const FunctionShape& shape);
// balancedResourceScorer: (1 - standard deviation of the utilization fractions, each capped at
// 1) * 100, truncated, with the pod. `score_change` (v1.36 on): 50 + (50 + that - the same
// without the pod) / 2, so that the pod's effect on the node's balance counts.
int64_t balanced_allocation_score(const AllocationView& view, bool score_change);

}  // namespace podfit
