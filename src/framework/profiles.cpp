#include "podfit/framework/profiles.h"

#include <algorithm>

#include "podfit/framework/names.h"

namespace podfit {

PluginContext profile_plugin_context(const SchedulerProfile& profile, const FeatureGates& gates) {
  PluginContext context;
  context.gates = gates;
  if (const PluginConfig* fit = profile.args_of(names::kNodeResourcesFit)) {
    context.node_resources_fit_args = std::make_shared<const NodeResourcesFitArgs>(fit->node_resources_fit);
  }
  if (const PluginConfig* affinity = profile.args_of(names::kNodeAffinity)) {
    context.node_affinity_args = std::make_shared<const NodeAffinityArgs>(affinity->node_affinity);
  }
  if (const PluginConfig* spread = profile.args_of(names::kPodTopologySpread)) {
    context.pod_topology_spread_args = std::make_shared<const PodTopologySpreadArgs>(spread->pod_topology_spread);
  }
  return context;
}

Profiles::Profiles(const SchedulerConfiguration& config, const FeatureGates& gates, const PluginRegistry& registry) {
  for (const SchedulerProfile& p : config.profiles) {
    Profile& profile = profiles_.emplace_back();
    profile.scheduler_name = p.scheduler_name;
    profile.pre_filter = p.effective.names(ExtensionPoint::PreFilter);
    profile.filter = p.effective.names(ExtensionPoint::Filter);
    profile.post_filter = p.effective.names(ExtensionPoint::PostFilter);
    const auto pre_enqueue = p.effective.names(ExtensionPoint::PreEnqueue);
    profile.scheduling_gates =
        std::find(pre_enqueue.begin(), pre_enqueue.end(), names::kSchedulingGates) != pre_enqueue.end();
    profile.framework = std::make_unique<Framework>(profile.pre_filter, profile.filter, profile_plugin_context(p, gates), registry);
  }
}

const Profile* Profiles::find(std::string_view scheduler_name) const {
  for (const Profile& profile : profiles_) {
    if (profile.scheduler_name == scheduler_name) return &profile;
  }
  return nullptr;
}

std::vector<std::string> Profiles::not_implemented() const {
  std::vector<std::string> names;
  for (const Profile& profile : profiles_) {
    for (const std::string& name : profile.framework->not_implemented()) {
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  }
  return names;
}

Status scheduling_gates_status(const Pod& pod) {
  if (pod.spec.scheduling_gates.empty()) return Status();
  std::string gates = "[";
  for (size_t i = 0; i < pod.spec.scheduling_gates.size(); ++i) {
    if (i > 0) gates += ' ';
    gates += pod.spec.scheduling_gates[i].name;
  }
  gates += ']';
  Status status(Code::UnschedulableAndUnresolvable, "waiting for scheduling gates: " + gates);
  status.with_plugin(std::string(names::kSchedulingGates));
  return status;
}

}  // namespace podfit
