#include "config_defaults.h"

#include <set>
#include <string>

#include "podfit/config/plugin_sets.h"

namespace podfit {
namespace {

// defaultResourceSpec: cpu and memory, weight 1.
std::vector<ResourceSpec> default_resource_spec() { return {{"cpu", 1}, {"memory", 1}}; }

// SetDefaults_<Plugin>Args for an entry as written.
void default_args(PluginConfig& config, const WrittenProfileBody::ArgsPresence& present) {
  using K = PluginConfig::Kind;
  switch (config.kind) {
    case K::NodeResourcesBalancedAllocation: {
      auto& resources = config.balanced_allocation.resources;
      if (resources.empty()) {
        resources = default_resource_spec();
      } else {
        for (auto& r : resources) r.weight = r.weight == 0 ? 1 : r.weight;
      }
      break;
    }
    case K::NodeResourcesFit: {
      ScoringStrategy& strategy = config.node_resources_fit.scoring_strategy;
      if (!present.scoring_strategy) {
        strategy = ScoringStrategy{};
        config.scoring_strategy_type = "LeastAllocated";
      }
      if (strategy.resources.empty()) strategy.resources = default_resource_spec();
      for (auto& r : strategy.resources) r.weight = r.weight == 0 ? 1 : r.weight;
      if (config.scoring_strategy_type == "MostAllocated") strategy.type = ScoringStrategyType::MostAllocated;
      if (config.scoring_strategy_type == "RequestedToCapacityRatio") strategy.type = ScoringStrategyType::RequestedToCapacityRatio;
      break;
    }
    default:
      break;  // the others' defaults are the structs' initial values
  }
}

// pluginsNames: every plugin enabled at the points kube-scheduler lists, sorted.
std::set<std::string> enabled_plugin_names(const ProfilePlugins& plugins) {
  std::set<std::string> names;
  for (const PluginRef& p : plugins.multi_point.enabled) names.insert(p.name);
  for (ExtensionPoint point :
       {ExtensionPoint::PreFilter, ExtensionPoint::Filter, ExtensionPoint::PostFilter, ExtensionPoint::Reserve,
        ExtensionPoint::PreScore, ExtensionPoint::Score, ExtensionPoint::PreBind, ExtensionPoint::Bind,
        ExtensionPoint::PostBind, ExtensionPoint::Permit, ExtensionPoint::PreEnqueue, ExtensionPoint::QueueSort}) {
    for (const PluginRef& p : plugins.at(point).enabled) names.insert(p.name);
  }
  return names;
}

PluginConfig::Kind kind_for(std::string_view name) {
  using K = PluginConfig::Kind;
  if (name == "DefaultPreemption") return K::DefaultPreemption;
  if (name == "InterPodAffinity") return K::InterPodAffinity;
  if (name == "NodeResourcesFit") return K::NodeResourcesFit;
  if (name == "PodTopologySpread") return K::PodTopologySpread;
  if (name == "NodeResourcesBalancedAllocation") return K::NodeResourcesBalancedAllocation;
  if (name == "VolumeBinding") return K::VolumeBinding;
  if (name == "NodeAffinity") return K::NodeAffinity;
  if (name == "DynamicResources") return K::DynamicResources;
  return K::None;
}

}  // namespace

ProfileBody default_profile_body(const WrittenProfileBody& written, const FeatureGates& gates) {
  ProfileBody profile;
  profile.percentage_of_nodes_to_score = written.percentage_of_nodes_to_score;
  profile.plugins = merge_plugins(default_profile_plugins(gates), written.plugins);
  std::set<std::string> configured;
  for (size_t j = 0; j < written.plugin_config.size(); ++j) {
    PluginConfig config = written.plugin_config[j];
    configured.insert(config.name);
    default_args(config, written.args_presence[j]);
    profile.plugin_config.push_back(std::move(config));
  }
  for (const std::string& name : enabled_plugin_names(profile.plugins)) {
    if (configured.contains(name) || kind_for(name) == PluginConfig::Kind::None) continue;
    PluginConfig config;
    config.name = name;
    config.kind = kind_for(name);
    config.user_given = false;
    default_args(config, WrittenProfileBody::ArgsPresence{});
    profile.plugin_config.push_back(std::move(config));
  }
  return profile;
}

void default_leader_election(LeaderElectionConfig& le) {
  if (!le.leader_elect) le.leader_elect = true;
  if (!le.lease_duration_ns || *le.lease_duration_ns == 0) le.lease_duration_ns = int64_t{15'000'000'000};
  if (!le.renew_deadline_ns || *le.renew_deadline_ns == 0) le.renew_deadline_ns = int64_t{10'000'000'000};
  if (!le.retry_period_ns || *le.retry_period_ns == 0) le.retry_period_ns = int64_t{2'000'000'000};
  if (le.resource_lock.empty()) le.resource_lock = "leases";
  if (le.resource_namespace.empty()) le.resource_namespace = "kube-system";
  if (le.resource_name.empty()) le.resource_name = "kube-scheduler";
}

}  // namespace podfit
