// KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1): what a user hands kube-scheduler
// with --config, decoded strictly, defaulted and validated as kube-scheduler does.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/registry.h"
#include "podfit/plugins/inter_pod_affinity/inter_pod_affinity.h"
#include "podfit/plugins/node_affinity/node_affinity.h"
#include "podfit/plugins/node_resources/balanced_allocation.h"
#include "podfit/plugins/node_resources/fit.h"
#include "podfit/plugins/pod_topology_spread/pod_topology_spread.h"

namespace podfit {

// The apiVersion of the KubeSchedulerConfiguration podfit reads.
inline constexpr std::string_view kSchedulerConfigGroupVersion = "kubescheduler.config.k8s.io/v1";

// config.Plugin: a plugin enabled or disabled at an extension point, with its score weight.
struct PluginRef {
  std::string name;
  std::optional<int32_t> weight;
  int line = 0;  // where the entry is written (0: a default)
  friend bool operator==(const PluginRef& a, const PluginRef& b) { return a.name == b.name && a.weight == b.weight; }
};

// config.PluginSet.
struct PluginSet {
  std::vector<PluginRef> enabled;
  std::vector<PluginRef> disabled;
  friend bool operator==(const PluginSet&, const PluginSet&) = default;
};

// config.Plugins: one set per extension point, plus multiPoint.
struct ProfilePlugins {
  std::array<PluginSet, kExtensionPointCount> points;
  PluginSet multi_point;
  PluginSet& at(ExtensionPoint point) { return points[static_cast<size_t>(point)]; }
  const PluginSet& at(ExtensionPoint point) const { return points[static_cast<size_t>(point)]; }
  friend bool operator==(const ProfilePlugins&, const ProfilePlugins&) = default;
};

// The args of the in-tree plugins whose Args kinds podfit's plugins do not take themselves
// (InterPodAffinity's, NodeResourcesBalancedAllocation's and the others are the plugins' own).
struct DefaultPreemptionArgs {
  int32_t min_candidate_nodes_percentage = 10;
  int32_t min_candidate_nodes_absolute = 100;
};
struct VolumeBindingArgs {
  int64_t bind_timeout_seconds = 600;
  std::optional<std::vector<UtilizationShapePoint>> shape;  // only with StorageCapacityScoring
};
struct DynamicResourcesArgs {
  std::optional<int64_t> filter_timeout_ns;   // default 10s
  std::optional<int64_t> binding_timeout_ns;  // default 600s
};

// One pluginConfig entry: the plugin's name and its decoded args.
struct PluginConfig {
  std::string name;
  int line = 0;
  // Which args the entry carries: the Args kind named after the plugin, or none (a plugin
  // kube-scheduler has no Args kind for: its args are kept unread, as kube-scheduler does).
  enum class Kind {
    None,
    DefaultPreemption,
    InterPodAffinity,
    NodeResourcesFit,
    PodTopologySpread,
    NodeResourcesBalancedAllocation,
    VolumeBinding,
    NodeAffinity,
    DynamicResources
  } kind = Kind::None;
  bool user_given = true;  // false for the defaults kube-scheduler appends
  DefaultPreemptionArgs default_preemption;
  InterPodAffinityArgs inter_pod_affinity;
  NodeResourcesFitArgs node_resources_fit;  // scoringStrategy included (Score reads it)
  std::string scoring_strategy_type;        // scoringStrategy.type as written, for validation
  bool requested_to_capacity_ratio = false; // scoringStrategy.requestedToCapacityRatio was given
  PodTopologySpreadArgs pod_topology_spread;
  NodeResourcesBalancedAllocationArgs balanced_allocation;
  VolumeBindingArgs volume_binding;
  NodeAffinityArgs node_affinity;
  DynamicResourcesArgs dynamic_resources;
};

// The effective plugin list of each extension point, as the framework runs them.
struct EffectivePlugins {
  std::array<std::vector<PluginRef>, kExtensionPointCount> points;
  const std::vector<PluginRef>& at(ExtensionPoint point) const { return points[static_cast<size_t>(point)]; }
  // The names at one point, in order.
  std::vector<std::string> names(ExtensionPoint point) const;
};

// config.KubeSchedulerProfile after defaulting (plugins merged with the defaults, default args
// appended) plus what the framework builds from it, all but the schedulerName: profiles written
// alike (the same values besides schedulerName) share one.
struct ProfileBody {
  std::optional<int32_t> percentage_of_nodes_to_score;
  ProfilePlugins plugins;                    // merged with the defaults (mergePlugins)
  std::vector<PluginConfig> plugin_config;   // as written, then the defaults appended
  EffectivePlugins effective;                // the framework's lists (expandMultiPointPlugins)
  // The args of the plugin `name` (user-given or default), or nullptr.
  const PluginConfig* args_of(std::string_view name) const;
};

// One profile: its schedulerName and its body, shared with the profiles written alike. The
// lines in a shared body are those of the first profile written so.
struct SchedulerProfile {
  std::string scheduler_name;
  int line = 0;
  std::shared_ptr<const ProfileBody> body;
};

// config.Extender: kept to say that podfit does not call extenders.
struct ExtenderConfig {
  std::string url_prefix;
  std::string filter_verb;
  std::string prioritize_verb;
  std::string bind_verb;
  std::string preempt_verb;
  int64_t weight = 0;
  std::vector<std::string> managed_resources;
  int line = 0;
};

// The whole configuration after defaulting and validation.
struct SchedulerConfiguration {
  std::vector<SchedulerProfile> profiles;
  std::vector<ExtenderConfig> extenders;
  // Notices worth telling the user (pluginConfig that no enabled plugin reads, extenders).
  std::vector<std::string> notices;
};

// Why a configuration was refused: kube-scheduler's message and, when known, its line.
struct ConfigError {
  std::string message;
  int line = 0;
};

// The configuration kube-scheduler runs without --config: one default profile.
SchedulerConfiguration default_scheduler_configuration(const FeatureGates& gates);

// Reads a KubeSchedulerConfiguration file (YAML or JSON) as kube-scheduler loads --config:
// strict decoding (unknown and duplicate fields are errors), defaulting, validation, then the
// framework's construction of each profile. Errors are "<file>: [line N: ]<message>".
std::optional<std::string> load_scheduler_configuration(const std::string& path, const FeatureGates& gates,
                                                        SchedulerConfiguration& out);
// The same from text (tests); errors carry no file name.
std::optional<ConfigError> load_scheduler_configuration_text(std::string_view text, const FeatureGates& gates,
                                                             SchedulerConfiguration& out);

}  // namespace podfit
