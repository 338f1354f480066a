#include "podfit/framework/profiles.h"

#include <algorithm>
#include <unordered_map>

#include "podfit/framework/names.h"
#include "podfit/plugins/dynamic_resources/pre_enqueue.h"

namespace podfit {

PluginContext profile_plugin_context(const ProfileBody& profile, const FeatureGates& gates) {
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
  if (const PluginConfig* dra = profile.args_of(names::kDynamicResources)) {
    context.dynamic_resources_args = std::make_shared<const DynamicResourcesArgs>(dra->dynamic_resources);
  }
  return context;
}

Profiles::Profiles(const SchedulerConfiguration& config, const FeatureGates& gates, const PluginRegistry& registry) {
  std::unordered_map<const ProfileBody*, const Profile*> built;
  by_name_.reserve(config.profiles.size());
  for (const SchedulerProfile& sp : config.profiles) {
    auto [shared, added] = built.try_emplace(sp.body.get());
    if (added) {
      const ProfileBody& p = *sp.body;
      auto profile = std::make_unique<Profile>();
      profile->pre_filter = p.effective.names(ExtensionPoint::PreFilter);
      profile->filter = p.effective.names(ExtensionPoint::Filter);
      profile->post_filter = p.effective.names(ExtensionPoint::PostFilter);
      profile->pre_enqueue = p.effective.names(ExtensionPoint::PreEnqueue);
      profile->framework =
          std::make_unique<Framework>(profile->pre_filter, profile->filter, profile_plugin_context(p, gates), registry);
      shared->second = profiles_.emplace_back(std::move(profile)).get();
    }
    by_name_.try_emplace(sp.scheduler_name, shared->second);
  }
}

const Profile* Profiles::find(std::string_view scheduler_name) const {
  auto it = by_name_.find(scheduler_name);
  return it == by_name_.end() ? nullptr : it->second;
}

std::vector<std::string> Profiles::not_implemented() const {
  std::vector<std::string> names;
  for (const auto& profile : profiles_) {
    for (const std::string& name : profile->framework->not_implemented()) {
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

Status run_pre_enqueue_plugins(const std::vector<std::string>& plugins, const Pod& pod, const Snapshot& snapshot,
                               const FeatureGates& gates) {
  for (const std::string& plugin : plugins) {
    Status status;
    if (plugin == names::kSchedulingGates) {
      status = scheduling_gates_status(pod);
    } else if (plugin == names::kDynamicResources) {
      status = dynamic_resources_pre_enqueue(pod, snapshot, gates);
    }
    if (!status.is_success()) return status;
  }
  return Status();
}

}  // namespace podfit
