// NodeResourcesFit: the node must have room for the pod's requests (a pod slot, cpu, memory,
// ephemeral-storage, hugepages and extended resources) next to the pods already on it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/pod.h"
#include "podfit/plugins/node_resources/resource_allocation.h"
#include "podfit/snapshot/node_info.h"
#include "podfit/snapshot/resource.h"

namespace podfit {

// config.ScoringStrategyType: how Score turns a node's utilization into a score.
enum class ScoringStrategyType {
  LeastAllocated,            // prefer free room (spread)
  MostAllocated,             // prefer full nodes (bin packing)
  RequestedToCapacityRatio,  // a configured shape of utilization -> score
};

// config.ScoringStrategy with kube-scheduler's defaults: LeastAllocated over cpu and memory,
// weight 1 each.
struct ScoringStrategy {
  ScoringStrategyType type = ScoringStrategyType::LeastAllocated;
  std::vector<ResourceSpec> resources = default_scoring_resources();
  // requestedToCapacityRatio.shape (only read by RequestedToCapacityRatio).
  std::vector<UtilizationShapePoint> shape;
};

// config.NodeResourcesFitArgs. kube-scheduler's defaults are both lists empty and the default
// scoring strategy.
struct NodeResourcesFitArgs {
  // Extended resources Filter does not check, e.g. "example.com/foo".
  std::vector<std::string> ignored_resources;
  // Extended resource groups (the part before '/') Filter does not check, e.g. "example.com".
  std::vector<std::string> ignored_resource_groups;
  // What Score ranks nodes by (Filter ignores it).
  ScoringStrategy scoring_strategy;
};

// validateScoringStrategy: each resource weight in (0, 100] and, for RequestedToCapacityRatio,
// a non-empty shape sorted by utilization within [0, 100] with scores within [0, 10]; the field
// errors as apimachinery words them (empty when valid).
std::vector<std::string> validate_scoring_strategy(const ScoringStrategy& strategy);

// InsufficientResource: one resource the node cannot supply and the numbers behind the verdict.
struct InsufficientResource {
  std::string resource_name;
  std::string reason;     // kube-scheduler's reason, e.g. "Insufficient cpu"
  int64_t requested = 0;  // the pod's request (milli-cpu, bytes or a count)
  int64_t used = 0;       // already requested by the node's pods
  int64_t capacity = 0;   // the node's allocatable
  // The request alone exceeds allocatable: no preemption can make room.
  bool unresolvable = false;
  friend bool operator==(const InsufficientResource&, const InsufficientResource&) = default;
};

// The DRA manager's DeviceClassResolver: true when a DeviceClass provides the extended
// resource (by spec.extendedResourceName or the implicit
// "deviceclass.resource.kubernetes.io/<class>" name). Empty means there is no DRA manager.
using DeviceClassLookup = std::function<bool(std::string_view resource_name)>;

// ResourceRequestsOptions: the feature gates and DRA view fits_request depends on.
struct FitOptions {
  bool pod_level_resources = true;    // PodLevelResources
  bool dra_extended_resource = true;  // DRAExtendedResource
  // InPlacePodVerticalScalingSchedulerPreemption: a bound pod re-checked on its own node only
  // needs room for the growth beyond what the node already counts for it.
  bool in_place_pod_vertical_scaling_scheduler_preemption = false;
  // From v1.34: a request above the node's allocatable makes the status UnschedulableAndUnresolvable.
  bool unresolvable_above_allocatable = true;
  DeviceClassLookup device_classes;

  // The options kube-scheduler derives from its feature gates (no DRA manager).
  static FitOptions from_gates(const FeatureGates& gates);
};

// computePodResourceRequest: the pod's requests as a pending pod (spec only, no status
// resources): max(containers + sidecars, each init container's peak), pod-level requests
// overriding the container aggregate when PodLevelResources is on, plus overhead.
Resource compute_pod_resource_request(const Pod& pod, const FitOptions& options);

// fitsRequest: every resource `node` lacks for `pod_request`, in kube-scheduler's order:
// pods, cpu, memory, ephemeral-storage, then scalar resources (by name here; kube-scheduler
// walks a Go map, so its scalar order varies from run to run). Extended resources
// named by `args` are not checked; scalar resources the node does not advertise but a
// DeviceClass provides are left to DynamicResources. `pod` (optional) is the pod itself, for
// the in-place resize delta.
std::vector<InsufficientResource> fits_request(const Resource& pod_request, const NodeInfo& node,
                                               const NodeResourcesFitArgs& args, const FitOptions& options,
                                               const Pod* pod = nullptr);

// Fits: fits_request of the pod's computed request without ignored resources, as kubelet
// admission checks a pod.
std::vector<InsufficientResource> fits(const Pod& pod, const NodeInfo& node, const FitOptions& options);

// shouldDelegateResourceToDRA: a resource the node does not advertise but a DeviceClass
// provides is DynamicResources' business, not NodeResourcesFit's.
bool delegated_to_dra(std::string_view name, const NodeInfo& node, const FitOptions& options);

// One line explaining an insufficient resource, e.g.
// "cpu: requested 2, already used 7500m, allocatable 8".
std::string describe_insufficient_resource(const InsufficientResource& resource);

class NodeResourcesFit final : public PreFilterPlugin, public FilterPlugin, public PreScorePlugin, public ScorePlugin {
 public:
  // CycleState key of the pod's computed request ("PreFilter" + plugin name, as kube-scheduler).
  static constexpr std::string_view kStateKey = "PreFilterNodeResourcesFit";
  // CycleState key of the pod's per-resource requests for scoring.
  static constexpr std::string_view kPreScoreStateKey = "PreScoreNodeResourcesFit";
  // The reason kube-scheduler gives when a Deferred resize fits on the pod's own node.
  static constexpr std::string_view kResizeFitsReason = "pod resize fits, waiting for Kubelet actuation";
  // The reasons kube-scheduler gives for the fixed resources ("Insufficient <name>" otherwise).
  static constexpr std::string_view kTooManyPodsReason = "Too many pods";
  static constexpr std::string_view kInsufficientCpuReason = "Insufficient cpu";
  static constexpr std::string_view kInsufficientMemoryReason = "Insufficient memory";
  static constexpr std::string_view kInsufficientEphemeralStorageReason = "Insufficient ephemeral-storage";

  NodeResourcesFit(const FeatureGates& gates, NodeResourcesFitArgs args = {}, DeviceClassLookup device_classes = {});

  std::string_view name() const override;
  // Stores the pod's computed request; never skips, never rejects.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  // Unschedulable with one reason and one detail per insufficient resource, in fits_request's
  // order; UnschedulableAndUnresolvable when some request exceeds the node's allocatable on
  // its own. Error when PreFilter stored nothing.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  AddedPodReach reach_of_added_pod(const CycleState& state, const PodInfo& pod, const PodInfo& added,
                                   bool skipped) const override;

  // Stores the pod's request of each scored resource (cpu and memory count defaults for
  // containers that request none). Never skips.
  Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                   std::span<const NodeInfo* const> nodes) const override;
  // The scoring strategy's score for the node after placing the pod (no normalization). Error
  // "resources not found" when the strategy scores no resource. Without PreScore state the
  // requests are computed here, as kube-scheduler does.
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

  const NodeResourcesFitArgs& args() const { return args_; }

 private:
  NodeResourcesFitArgs args_;
  FitOptions options_;
  FunctionShape shape_;  // the RequestedToCapacityRatio shape on the node score scale
};

// Registry factory: default args, no DeviceClasses.
std::unique_ptr<Plugin> new_node_resources_fit(const PluginContext& context);

}  // namespace podfit
