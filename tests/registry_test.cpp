// The registry and the default profile's PreFilter/Filter order (default_plugins.go's
// getDefaultPlugins + applyFeatureGates, expanded over the extension points as multiPoint does).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/framework/framework.h"
#include "podfit/framework/registry.h"

namespace podfit {
namespace {

using Names = std::vector<std::string>;

TEST_CASE("Registry: default PreFilter/Filter plugin order") {
  struct Case {
    std::string name;
    FeatureGates gates;
    Names want;
  };
  FeatureGates resize;
  resize.in_place_pod_vertical_scaling_scheduler_preemption = true;
  FeatureGates no_dra;
  no_dra.dynamic_resource_allocation = false;
  FeatureGates no_declared_features;
  no_declared_features.node_declared_features = false;
  FeatureGates workload;
  workload.generic_workload = true;
  const std::vector<Case> cases = {
      {"v1.37 defaults", FeatureGates{},
       {"NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit",
        "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone", "PodTopologySpread",
        "InterPodAffinity", "DynamicResources", "NodeDeclaredFeatures"}},
      {"InPlacePodVerticalScalingSchedulerPreemption: PodResizePreemption before NodeResourcesFit", resize,
       {"NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity", "NodePorts", "PodResizePreemption",
        "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone",
        "PodTopologySpread", "InterPodAffinity", "DynamicResources", "NodeDeclaredFeatures"}},
      {"without DynamicResourceAllocation", no_dra,
       {"NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit",
        "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone", "PodTopologySpread",
        "InterPodAffinity", "NodeDeclaredFeatures"}},
      {"without NodeDeclaredFeatures", no_declared_features,
       {"NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit",
        "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone", "PodTopologySpread",
        "InterPodAffinity", "DynamicResources"}},
      // GangScheduling is PreEnqueue/Permit only.
      {"GenericWorkload adds nothing to PreFilter/Filter", workload,
       {"NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit",
        "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone", "PodTopologySpread",
        "InterPodAffinity", "DynamicResources", "NodeDeclaredFeatures"}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(default_filter_plugin_order(c.gates) == c.want); }
  }
  SUBCASE("v1.32 to v1.36: NodeUnschedulable before NodeName") {
    for (int minor = 32; minor <= 36; ++minor) {
      const Names order = default_filter_plugin_order(FeatureGates::for_release(KubernetesRelease{minor}));
      REQUIRE(order.size() > 2);
      CHECK(order[0] == "NodeUnschedulable");
      CHECK(order[1] == "NodeName");
    }
  }
}

TEST_CASE("Registry: implemented plugins") {
  const Names implemented = {"DynamicResources",   "InterPodAffinity",  "NodeAffinity",      "NodeDeclaredFeatures",
                             "NodeName",           "NodePorts",         "NodeResourcesFit",  "NodeUnschedulable",
                             "NodeVolumeLimits",   "PodTopologySpread", "TaintToleration",   "VolumeBinding",
                             "VolumeRestrictions", "VolumeZone"};
  Names keys;
  for (const auto& [name, factory] : plugin_registry()) keys.push_back(name);
  CHECK(keys == implemented);

  PluginContext context;
  for (const auto& name : implemented) {
    INFO(name);
    std::unique_ptr<Plugin> plugin = plugin_registry().at(name)(context);
    REQUIRE(plugin != nullptr);
    CHECK(plugin->name() == name);
    CHECK(dynamic_cast<const FilterPlugin*>(plugin.get()) != nullptr);
  }

  Framework framework(default_filter_plugin_order(context.gates), context);
  CHECK(framework.plugin_names() == Names{"NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity",
                                          "NodePorts", "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits",
                                          "VolumeBinding", "VolumeZone", "PodTopologySpread", "InterPodAffinity",
                                          "DynamicResources", "NodeDeclaredFeatures"});
  CHECK(framework.not_implemented().empty());
}

}  // namespace
}  // namespace podfit
