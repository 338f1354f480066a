#include "podfit/framework/registry.h"

#include <string_view>

#include "podfit/framework/names.h"
#include "podfit/plugins/dynamic_resources.h"
#include "podfit/plugins/inter_pod_affinity.h"
#include "podfit/plugins/node_affinity.h"
#include "podfit/plugins/node_declared_features.h"
#include "podfit/plugins/node_name.h"
#include "podfit/plugins/node_ports.h"
#include "podfit/plugins/node_resources_fit.h"
#include "podfit/plugins/node_unschedulable.h"
#include "podfit/plugins/node_volume_limits.h"
#include "podfit/plugins/pod_topology_spread.h"
#include "podfit/plugins/taint_toleration.h"
#include "podfit/plugins/volume_binding.h"
#include "podfit/plugins/volume_restrictions.h"
#include "podfit/plugins/volume_zone.h"

namespace podfit {
namespace {

// Inserted by the InPlacePodVerticalScalingSchedulerPreemption gate (not in names.h yet).
constexpr std::string_view kPodResizePreemption = "PodResizePreemption";

// One entry of the default profile's multiPoint list and the extension points of interest
// that the plugin implements in kube-scheduler.
struct DefaultPlugin {
  std::string_view name;
  bool pre_filter;
  bool filter;
};

// getDefaultPlugins: the multiPoint list before the feature gates are applied. Since the
// deferred-resize work, every Filter plugin of the list also implements PreFilter.
constexpr DefaultPlugin kDefaultPlugins[] = {
    {names::kSchedulingGates, false, false},                  // PreEnqueue
    {names::kPrioritySort, false, false},                     // QueueSort
    {names::kNodeUnschedulable, true, true},
    {names::kNodeName, true, true},
    {names::kTaintToleration, true, true},
    {names::kNodeAffinity, true, true},
    {names::kNodePorts, true, true},
    {names::kNodeResourcesFit, true, true},
    {names::kVolumeRestrictions, true, true},
    {names::kNodeVolumeLimits, true, true},
    {names::kVolumeBinding, true, true},
    {names::kVolumeZone, true, true},
    {names::kPodTopologySpread, true, true},
    {names::kInterPodAffinity, true, true},
    {names::kDefaultPreemption, false, false},                // PostFilter, PreEnqueue
    {names::kNodeResourcesBalancedAllocation, false, false},  // PreScore, Score
    {names::kImageLocality, false, false},                    // Score
    {names::kDefaultBinder, false, false},                    // Bind
};

constexpr DefaultPlugin kNodeDeclaredFeatures{names::kNodeDeclaredFeatures, true, true};
constexpr DefaultPlugin kPodResizePreemptionPlugin{kPodResizePreemption, true, true};
constexpr DefaultPlugin kDynamicResources{names::kDynamicResources, true, true};
constexpr DefaultPlugin kGangScheduling{names::kGangScheduling, false, false};  // PreEnqueue, Permit

// getDefaultPlugins + applyFeatureGates: the multiPoint list for these gates.
std::vector<DefaultPlugin> default_multi_point(const FeatureGates& gates) {
  std::vector<DefaultPlugin> plugins(std::begin(kDefaultPlugins), std::end(kDefaultPlugins));
  auto position = [&](std::string_view name) {
    for (auto it = plugins.begin(); it != plugins.end(); ++it) {
      if (it->name == name) return it;
    }
    return plugins.end();
  };
  if (gates.node_declared_features) plugins.push_back(kNodeDeclaredFeatures);
  // Before NodeResourcesFit, so that a node with resize preemption disabled fails on it first.
  if (gates.in_place_pod_vertical_scaling_scheduler_preemption) {
    plugins.insert(position(names::kNodeResourcesFit), kPodResizePreemptionPlugin);
  }
  // Before DefaultPreemption: freeing an idle claim beats evicting a pod.
  if (gates.dynamic_resource_allocation) {
    auto preemption = position(names::kDefaultPreemption);
    if (preemption != plugins.end()) plugins.insert(preemption, kDynamicResources);
  }
  if (gates.generic_workload) plugins.push_back(kGangScheduling);
  // TopologyAwareWorkloadScheduling (alpha, off) adds placement plugins only.
  return plugins;
}

}  // namespace

const PluginRegistry& plugin_registry() {
  static const PluginRegistry registry = {
      {std::string(names::kDynamicResources), new_dynamic_resources},
      {std::string(names::kInterPodAffinity), new_inter_pod_affinity},
      {std::string(names::kNodeAffinity), new_node_affinity},
      {std::string(names::kNodeDeclaredFeatures), new_node_declared_features},
      {std::string(names::kNodeName), new_node_name},
      {std::string(names::kNodePorts), new_node_ports},
      {std::string(names::kNodeResourcesFit), new_node_resources_fit},
      {std::string(names::kNodeUnschedulable), new_node_unschedulable},
      {std::string(names::kNodeVolumeLimits), new_node_volume_limits},
      {std::string(names::kPodTopologySpread), new_pod_topology_spread},
      {std::string(names::kTaintToleration), new_taint_toleration},
      {std::string(names::kVolumeBinding), new_volume_binding},
      {std::string(names::kVolumeRestrictions), new_volume_restrictions},
      {std::string(names::kVolumeZone), new_volume_zone},
  };
  return registry;
}

std::vector<std::string> default_filter_plugin_order(const FeatureGates& gates) {
  std::vector<std::string> order;
  for (const DefaultPlugin& plugin : default_multi_point(gates)) {
    if (plugin.pre_filter || plugin.filter) order.emplace_back(plugin.name);
  }
  return order;
}

}  // namespace podfit
