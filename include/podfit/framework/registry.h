// The registry: plugin name -> factory, kube-scheduler's in-tree plugins and the default profile.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/plugin.h"

namespace podfit {

struct NodeResourcesFitArgs;
struct NodeAffinityArgs;
struct PodTopologySpreadArgs;
struct DynamicResourcesArgs;

// Everything a plugin factory may read: the feature gates and the profile's plugin args.
struct PluginContext {
  FeatureGates gates;
  // pluginConfig args of the profile; null means kube-scheduler's defaults for that plugin.
  std::shared_ptr<const NodeResourcesFitArgs> node_resources_fit_args;
  std::shared_ptr<const NodeAffinityArgs> node_affinity_args;
  std::shared_ptr<const PodTopologySpreadArgs> pod_topology_spread_args;
  std::shared_ptr<const DynamicResourcesArgs> dynamic_resources_args;
};

// Builds one plugin; nullptr counts as not implemented.
using PluginFactory = std::function<std::unique_ptr<Plugin>(const PluginContext&)>;

// Name -> factory; a Framework instantiates the names it is given from one of these.
using PluginRegistry = std::map<std::string, PluginFactory, std::less<>>;

// Plugins podfit implements, by kube-scheduler name.
const PluginRegistry& plugin_registry();

// The extension points of a KubeSchedulerConfiguration profile, in the order kube-scheduler's
// framework walks them (getExtensionPoints), PodGroupPostFilter last (merged, never expanded).
enum class ExtensionPoint : uint8_t {
  PreFilter,
  Filter,
  PostFilter,
  Reserve,
  PreScore,
  Score,
  PreBind,
  Bind,
  PostBind,
  Permit,
  PreEnqueue,
  QueueSort,
  PlacementGenerate,
  PlacementScore,
  PodGroupPostFilter,
};
inline constexpr size_t kExtensionPointCount = 15;

// Bit set of extension points (bit i = ExtensionPoint i).
using ExtensionPoints = uint32_t;
constexpr ExtensionPoints extension_bit(ExtensionPoint point) { return ExtensionPoints{1} << static_cast<int>(point); }

// The field name in the configuration ("preFilter").
std::string_view extension_point_field(ExtensionPoint point);
// The plugin interface's Go name in kube-scheduler's messages ("PreFilterPlugin").
std::string_view extension_point_interface(ExtensionPoint point);

// kube-scheduler's in-tree registry: every plugin name a profile may enable, with the extension
// points it implements (podfit runs only PreEnqueue's SchedulingGates, PreFilter and Filter).
std::optional<ExtensionPoints> in_tree_plugin(std::string_view name);
// The same as the release modelled has it: DynamicResources extends Score only from v1.35.
std::optional<ExtensionPoints> in_tree_plugin_at(std::string_view name, const ReleaseChanges& changes);

// One entry of the default profile's multiPoint list: a plugin and its score weight.
struct DefaultPlugin {
  std::string name;
  std::optional<int32_t> weight;
};

// getDefaultPlugins + applyFeatureGates: the default profile's multiPoint list for these gates.
std::vector<DefaultPlugin> default_multi_point_plugins(const FeatureGates& gates);

// The default profile's plugins that take part in PreFilter/Filter, in kube-scheduler's
// order (multiPoint expansion of the default plugin set for the targeted release).
std::vector<std::string> default_filter_plugin_order(const FeatureGates& gates);

}  // namespace podfit
