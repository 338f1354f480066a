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
#include "podfit/snapshot/node_info.h"
#include "podfit/snapshot/resource.h"

namespace podfit {

// config.NodeResourcesFitArgs, the fields that change filtering (the scoring strategy is not
// used by Filter). kube-scheduler's defaults are both lists empty.
struct NodeResourcesFitArgs {
  // Extended resources Filter does not check, e.g. "example.com/foo".
  std::vector<std::string> ignored_resources;
  // Extended resource groups (the part before '/') Filter does not check, e.g. "example.com".
  std::vector<std::string> ignored_resource_groups;
};

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

// One line explaining an insufficient resource, e.g.
// "cpu: requested 2, already used 7500m, allocatable 8".
std::string describe_insufficient_resource(const InsufficientResource& resource);

class NodeResourcesFit final : public PreFilterPlugin, public FilterPlugin {
 public:
  // CycleState key of the pod's computed request ("PreFilter" + plugin name, as kube-scheduler).
  static constexpr std::string_view kStateKey = "PreFilterNodeResourcesFit";
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

  const NodeResourcesFitArgs& args() const { return args_; }

 private:
  NodeResourcesFitArgs args_;
  FitOptions options_;
};

// Registry factory: default args, no DeviceClasses.
std::unique_ptr<Plugin> new_node_resources_fit(const PluginContext& context);

}  // namespace podfit
