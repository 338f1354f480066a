#include "podfit/framework/registry.h"

#include <algorithm>
#include <string_view>

#include "podfit/framework/names.h"
#include "podfit/plugins/dynamic_resources/dynamic_resources.h"
#include "podfit/plugins/inter_pod_affinity/inter_pod_affinity.h"
#include "podfit/plugins/node_affinity/node_affinity.h"
#include "podfit/plugins/node_declared_features.h"
#include "podfit/plugins/node_name.h"
#include "podfit/plugins/node_ports.h"
#include "podfit/plugins/node_resources/fit.h"
#include "podfit/plugins/node_unschedulable.h"
#include "podfit/plugins/node_volume_limits.h"
#include "podfit/plugins/pod_topology_spread/pod_topology_spread.h"
#include "podfit/plugins/taint_toleration.h"
#include "podfit/plugins/volume_binding/volume_binding.h"
#include "podfit/plugins/volume_restrictions.h"
#include "podfit/plugins/volume_zone.h"

namespace podfit {
namespace {

using EP = ExtensionPoint;

// Inserted by the InPlacePodVerticalScalingSchedulerPreemption gate (not in names.h yet).
constexpr std::string_view kPodResizePreemption = "PodResizePreemption";

constexpr ExtensionPoints kPreFilterFilter = extension_bit(EP::PreFilter) | extension_bit(EP::Filter);
constexpr ExtensionPoints kScoring = extension_bit(EP::PreScore) | extension_bit(EP::Score);

// pkg/scheduler/framework/plugins/registry.go: the in-tree plugins and the interfaces each implements.
struct InTreePlugin {
  std::string_view name;
  ExtensionPoints points;
};
constexpr InTreePlugin kInTreePlugins[] = {
    {names::kDefaultBinder, extension_bit(EP::Bind)},
    {names::kDefaultPreemption, extension_bit(EP::PostFilter) | extension_bit(EP::PreEnqueue)},
    {names::kDynamicResources, kPreFilterFilter | extension_bit(EP::PreEnqueue) | extension_bit(EP::PostFilter) |
                                   extension_bit(EP::Score) | extension_bit(EP::Reserve) | extension_bit(EP::PreBind)},
    {names::kGangScheduling, extension_bit(EP::PreEnqueue) | extension_bit(EP::Permit)},
    {names::kImageLocality, extension_bit(EP::Score)},
    {names::kInterPodAffinity, kPreFilterFilter | kScoring},
    {names::kNodeAffinity, kPreFilterFilter | kScoring},
    {names::kNodeDeclaredFeatures, kPreFilterFilter},
    {names::kNodeName, kPreFilterFilter},
    {names::kNodePorts, kPreFilterFilter},
    {names::kNodeResourcesBalancedAllocation, kScoring},
    {names::kNodeResourcesFit, kPreFilterFilter | kScoring | extension_bit(EP::PlacementScore)},
    {names::kNodeUnschedulable, kPreFilterFilter},
    {names::kNodeVolumeLimits, kPreFilterFilter},
    {"PodGroupPodsCount", extension_bit(EP::PlacementScore)},
    {kPodResizePreemption, kPreFilterFilter},
    {names::kPodTopologySpread, kPreFilterFilter | kScoring},
    {names::kPrioritySort, extension_bit(EP::QueueSort)},
    {names::kSchedulingGates, extension_bit(EP::PreEnqueue)},
    {names::kTaintToleration, kPreFilterFilter | kScoring},
    {"TopologyPlacementGenerator", extension_bit(EP::PlacementGenerate)},
    {names::kVolumeBinding, kPreFilterFilter | kScoring | extension_bit(EP::Reserve) | extension_bit(EP::PreBind)},
    {names::kVolumeRestrictions, kPreFilterFilter},
    {names::kVolumeZone, kPreFilterFilter},
};

// getDefaultPlugins: the multiPoint list before the feature gates are applied, with weights (v1.32
// to v1.36; v1.37 swaps NodeUnschedulable and NodeName).
// Since the deferred-resize work, every Filter plugin of the list also implements PreFilter.
struct DefaultEntry {
  std::string_view name;
  int32_t weight;  // 0: none
};
constexpr DefaultEntry kDefaultPlugins[] = {
    {names::kSchedulingGates, 0},
    {names::kPrioritySort, 0},
    {names::kNodeUnschedulable, 0},
    {names::kNodeName, 0},
    {names::kTaintToleration, 3},
    {names::kNodeAffinity, 2},
    {names::kNodePorts, 0},
    {names::kNodeResourcesFit, 1},
    {names::kVolumeRestrictions, 0},
    {names::kNodeVolumeLimits, 0},
    {names::kVolumeBinding, 0},
    {names::kVolumeZone, 0},
    {names::kPodTopologySpread, 2},
    {names::kInterPodAffinity, 2},
    {names::kDefaultPreemption, 0},
    {names::kNodeResourcesBalancedAllocation, 1},
    {names::kImageLocality, 1},
    {names::kDefaultBinder, 0},
};

DefaultPlugin entry(std::string_view name, int32_t weight = 0) {
  return DefaultPlugin{std::string(name), weight ? std::optional<int32_t>(weight) : std::nullopt};
}

// The registry entries of the plugins whose args the configuration may set.
std::unique_ptr<Plugin> make_node_resources_fit(const PluginContext& context) {
  if (!context.node_resources_fit_args) return new_node_resources_fit(context);
  return std::make_unique<NodeResourcesFit>(context.gates, *context.node_resources_fit_args);
}

std::unique_ptr<Plugin> make_node_affinity(const PluginContext& context) {
  if (!context.node_affinity_args) return new_node_affinity(context);
  return std::make_unique<NodeAffinityPlugin>(*context.node_affinity_args, context.gates);
}

// PodTopologySpread with List defaults that hold DoNotSchedule constraints: helper.DefaultSelector
// reads the Services, ReplicationControllers, ReplicaSets and StatefulSets selecting the pod,
// which podfit does not read, so such a pod is reported as not evaluated instead of guessed.
class SpreadWithListDefaults final : public PreFilterPlugin, public FilterPlugin {
 public:
  SpreadWithListDefaults(const PodTopologySpreadArgs& args, const FeatureGates& gates) : inner_(args, gates) {}
  std::string_view name() const override { return inner_.name(); }
  std::optional<std::string> cannot_evaluate(const Pod& pod, const Snapshot&) const override {
    if (!pod.spec.topology_spread_constraints.empty()) return std::nullopt;
    return std::string(
        "the profile's default DoNotSchedule topology spread constraints select pods like the Services, "
        "ReplicationControllers, ReplicaSets and StatefulSets that select this pod, which podfit does not read");
  }
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override {
    return inner_.pre_filter(state, pod, snapshot, result);
  }
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override {
    return inner_.filter(state, pod, node);
  }

 private:
  PodTopologySpreadPlugin inner_;
};

std::unique_ptr<Plugin> make_pod_topology_spread(const PluginContext& context) {
  if (!context.pod_topology_spread_args) return new_pod_topology_spread(context);
  const PodTopologySpreadArgs& args = *context.pod_topology_spread_args;
  if (args.defaulting_type == SpreadDefaultingType::List) {
    for (const auto& constraint : args.default_constraints) {
      if (constraint.when_unsatisfiable == "DoNotSchedule") return std::make_unique<SpreadWithListDefaults>(args, context.gates);
    }
  }
  return std::make_unique<PodTopologySpreadPlugin>(args, context.gates);
}

}  // namespace

std::string_view extension_point_field(ExtensionPoint point) {
  static constexpr std::string_view kFields[kExtensionPointCount] = {
      "preFilter", "filter", "postFilter", "reserve", "preScore", "score", "preBind", "bind",
      "postBind", "permit", "preEnqueue", "queueSort", "placementGenerate", "placementScore", "podGroupPostFilter"};
  return kFields[static_cast<size_t>(point)];
}

std::string_view extension_point_interface(ExtensionPoint point) {
  static constexpr std::string_view kInterfaces[kExtensionPointCount] = {
      "PreFilterPlugin", "FilterPlugin",  "PostFilterPlugin", "ReservePlugin",
      "PreScorePlugin",  "ScorePlugin",   "PreBindPlugin",    "BindPlugin",
      "PostBindPlugin",  "PermitPlugin",  "PreEnqueuePlugin", "QueueSortPlugin",
      "PlacementGeneratePlugin", "PlacementScorePlugin", "PodGroupPostFilterPlugin"};
  return kInterfaces[static_cast<size_t>(point)];
}

std::optional<ExtensionPoints> in_tree_plugin(std::string_view name) {
  for (const InTreePlugin& plugin : kInTreePlugins) {
    if (plugin.name == name) return plugin.points;
  }
  return std::nullopt;
}

std::optional<ExtensionPoints> in_tree_plugin_at(std::string_view name, const ReleaseChanges& changes) {
  std::optional<ExtensionPoints> points = in_tree_plugin(name);
  if (points && name == names::kDynamicResources && !changes.dynamic_resources_score) {
    *points &= ~extension_bit(ExtensionPoint::Score);
  }
  return points;
}

std::vector<DefaultPlugin> default_multi_point_plugins(const FeatureGates& gates) {
  std::vector<DefaultPlugin> plugins;
  for (const DefaultEntry& e : kDefaultPlugins) plugins.push_back(entry(e.name, e.weight));
  if (gates.changes.node_name_before_node_unschedulable) {
    auto unschedulable = std::find_if(plugins.begin(), plugins.end(),
                                      [](const DefaultPlugin& p) { return p.name == names::kNodeUnschedulable; });
    std::iter_swap(unschedulable, unschedulable + 1);
  }
  auto position = [&](std::string_view name) {
    for (auto it = plugins.begin(); it != plugins.end(); ++it) {
      if (it->name == name) return it;
    }
    return plugins.end();
  };
  if (gates.node_declared_features) plugins.push_back(entry(names::kNodeDeclaredFeatures));
  // Before NodeResourcesFit, so that a node with resize preemption disabled fails on it first.
  if (gates.in_place_pod_vertical_scaling_scheduler_preemption) {
    plugins.insert(position(names::kNodeResourcesFit), entry(kPodResizePreemption));
  }
  // Before DefaultPreemption: freeing an idle claim beats evicting a pod.
  if (gates.dynamic_resource_allocation) {
    auto preemption = position(names::kDefaultPreemption);
    // It scores (weight 2) from v1.35 on.
    if (preemption != plugins.end()) {
      plugins.insert(preemption, gates.changes.dynamic_resources_score ? entry(names::kDynamicResources, 2)
                                                                        : entry(names::kDynamicResources));
    }
  }
  if (gates.generic_workload) plugins.push_back(entry(names::kGangScheduling));
  // TopologyAwareWorkloadScheduling (alpha, off) adds placement plugins only.
  return plugins;
}

const PluginRegistry& plugin_registry() {
  static const PluginRegistry registry = {
      {std::string(names::kDynamicResources), new_dynamic_resources},
      {std::string(names::kInterPodAffinity), new_inter_pod_affinity},
      {std::string(names::kNodeAffinity), make_node_affinity},
      {std::string(names::kNodeDeclaredFeatures), new_node_declared_features},
      {std::string(names::kNodeName), new_node_name},
      {std::string(names::kNodePorts), new_node_ports},
      {std::string(names::kNodeResourcesFit), make_node_resources_fit},
      {std::string(names::kNodeUnschedulable), new_node_unschedulable},
      {std::string(names::kNodeVolumeLimits), new_node_volume_limits},
      {std::string(names::kPodTopologySpread), make_pod_topology_spread},
      {std::string(names::kTaintToleration), new_taint_toleration},
      {std::string(names::kVolumeBinding), new_volume_binding},
      {std::string(names::kVolumeRestrictions), new_volume_restrictions},
      {std::string(names::kVolumeZone), new_volume_zone},
  };
  return registry;
}

std::vector<std::string> default_filter_plugin_order(const FeatureGates& gates) {
  std::vector<std::string> order;
  for (const DefaultPlugin& plugin : default_multi_point_plugins(gates)) {
    if (*in_tree_plugin(plugin.name) & (extension_bit(ExtensionPoint::PreFilter) | extension_bit(ExtensionPoint::Filter))) {
      order.push_back(plugin.name);
    }
  }
  return order;
}

}  // namespace podfit
