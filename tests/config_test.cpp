// KubeSchedulerConfiguration: strict decoding, defaulting (mergePlugins), the framework's
// multiPoint expansion, validation with kube-scheduler's messages, and the profiles built from it.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "config/config_decode.h"
#include "podfit/config/plugin_sets.h"
#include "podfit/config/scheduler_config.h"
#include "podfit/framework/profiles.h"

namespace podfit {
namespace {

using Names = std::vector<std::string>;

PluginRef plugin(std::string name, std::optional<int32_t> weight = std::nullopt) {
  return PluginRef{std::move(name), weight, 0};
}
PluginSet enabled(std::vector<PluginRef> plugins, std::vector<PluginRef> disabled = {}) {
  return PluginSet{std::move(plugins), std::move(disabled)};
}
ProfilePlugins with(ExtensionPoint point, PluginSet set) {
  ProfilePlugins plugins;
  plugins.at(point) = std::move(set);
  return plugins;
}
ProfilePlugins multi(PluginSet set) {
  ProfilePlugins plugins;
  plugins.multi_point = std::move(set);
  return plugins;
}

const char* kHeader = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

// Loads a configuration (header added); "" when it loads, else the error (with "line N: ").
std::string load_error(const std::string& body, SchedulerConfiguration* out = nullptr) {
  SchedulerConfiguration config;
  auto error = load_scheduler_configuration_text(std::string(kHeader) + body, FeatureGates{}, config);
  if (out) *out = std::move(config);
  if (!error) return "";
  return error->message;
}

TEST_CASE("Config: mergePlugins (default_plugins_test.go TestMergePlugins)") {
  using EP = ExtensionPoint;
  struct Case {
    std::string name;
    std::optional<ProfilePlugins> custom;
    ProfilePlugins defaults;
    ProfilePlugins want;
  };
  ProfilePlugins default_filter = with(EP::Filter, enabled({plugin("DefaultPlugin1"), plugin("DefaultPlugin2")}));
  ProfilePlugins default_123 = with(EP::Filter, enabled({plugin("Plugin1"), plugin("Plugin2"), plugin("Plugin3")}));
  ProfilePlugins default_multi = multi(enabled({plugin("DefaultPlugin1"), plugin("DefaultPlugin2")}));

  ProfilePlugins append_disabled = multi(enabled({plugin("CustomPlugin"), plugin("CustomPlugin2")}, {plugin("DefaultPlugin2")}));
  append_disabled.at(EP::Score) = enabled({}, {plugin("CustomPlugin2")});
  ProfilePlugins append_disabled_want =
      multi(enabled({plugin("DefaultPlugin1"), plugin("CustomPlugin"), plugin("CustomPlugin2")}, {plugin("DefaultPlugin2")}));
  append_disabled_want.at(EP::Score) = enabled({}, {plugin("CustomPlugin2")});

  ProfilePlugins default_score_disabled = multi(enabled({plugin("DefaultPlugin")}));
  default_score_disabled.at(EP::Score) = enabled({}, {plugin("DefaultPlugin2")});
  ProfilePlugins default_score_disabled_want = multi(enabled({plugin("DefaultPlugin"), plugin("CustomPlugin")}));
  default_score_disabled_want.at(EP::Score) = enabled({}, {plugin("DefaultPlugin2")});

  const std::vector<Case> cases = {
      {"AppendCustomPlugin", with(EP::Filter, enabled({plugin("CustomPlugin")})), default_filter,
       with(EP::Filter, enabled({plugin("DefaultPlugin1"), plugin("DefaultPlugin2"), plugin("CustomPlugin")}))},
      {"InsertAfterDefaultPlugins2",
       with(EP::Filter, enabled({plugin("CustomPlugin"), plugin("DefaultPlugin2")}, {plugin("DefaultPlugin2")})),
       default_filter,
       with(EP::Filter, enabled({plugin("DefaultPlugin1"), plugin("CustomPlugin"), plugin("DefaultPlugin2")},
                                {plugin("DefaultPlugin2")}))},
      {"InsertBeforeAllPlugins",
       with(EP::Filter, enabled({plugin("CustomPlugin"), plugin("DefaultPlugin1"), plugin("DefaultPlugin2")}, {plugin("*")})),
       default_filter,
       with(EP::Filter, enabled({plugin("CustomPlugin"), plugin("DefaultPlugin1"), plugin("DefaultPlugin2")}, {plugin("*")}))},
      {"ReorderDefaultPlugins",
       with(EP::Filter, enabled({plugin("DefaultPlugin2"), plugin("DefaultPlugin1")}, {plugin("*")})), default_filter,
       with(EP::Filter, enabled({plugin("DefaultPlugin2"), plugin("DefaultPlugin1")}, {plugin("*")}))},
      {"ApplyNilCustomPlugin", std::nullopt, default_filter, default_filter},
      {"CustomPluginOverrideDefaultPlugin", with(EP::Filter, enabled({plugin("Plugin1", 2), plugin("Plugin3", 3)})),
       default_123, with(EP::Filter, enabled({plugin("Plugin1", 2), plugin("Plugin2"), plugin("Plugin3", 3)}))},
      {"OrderPreserveAfterOverride", with(EP::Filter, enabled({plugin("Plugin2", 2), plugin("Plugin1", 1)})), default_123,
       with(EP::Filter, enabled({plugin("Plugin1", 1), plugin("Plugin2", 2), plugin("Plugin3")}))},
      {"RepeatedCustomPlugin",
       with(EP::Filter, enabled({plugin("Plugin1"), plugin("Plugin2", 2), plugin("Plugin3"), plugin("Plugin2", 4)})),
       default_123,
       with(EP::Filter, enabled({plugin("Plugin1"), plugin("Plugin2", 4), plugin("Plugin3"), plugin("Plugin2", 2)}))},
      {"Append custom MultiPoint plugin", multi(enabled({plugin("CustomPlugin")})), default_multi,
       multi(enabled({plugin("DefaultPlugin1"), plugin("DefaultPlugin2"), plugin("CustomPlugin")}))},
      {"Append disabled Multipoint plugins", append_disabled, default_multi, append_disabled_want},
      {"override default MultiPoint plugins with custom value", multi(enabled({plugin("DefaultPlugin", 5)})),
       multi(enabled({plugin("DefaultPlugin")})), multi(enabled({plugin("DefaultPlugin", 5)}))},
      {"disabled MultiPoint plugin in default set", multi(enabled({plugin("CustomPlugin")})),
       multi(enabled({plugin("DefaultPlugin")}, {plugin("DefaultPlugin2")})),
       multi(enabled({plugin("DefaultPlugin"), plugin("CustomPlugin")}, {plugin("DefaultPlugin2")}))},
      {"disabled MultiPoint plugin in default set for specific extension point", multi(enabled({plugin("CustomPlugin")})),
       default_score_disabled, default_score_disabled_want},
      {"multipoint with only disabled gets merged", multi(enabled({}, {plugin("DefaultPlugin")})),
       multi(enabled({plugin("DefaultPlugin")})), multi(enabled({}, {plugin("DefaultPlugin")}))},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(merge_plugins(c.defaults, c.custom) == c.want); }
  }
}

TEST_CASE("Config: default multiPoint plugins (default_plugins_test.go TestApplyFeatureGates)") {
  FeatureGates no_dra;
  no_dra.dynamic_resource_allocation = false;
  no_dra.node_declared_features = false;
  FeatureGates gang;
  gang.generic_workload = true;
  auto names = [](const FeatureGates& gates) {
    Names out;
    for (const auto& p : default_multi_point_plugins(gates)) out.push_back(p.name + (p.weight ? "/" + std::to_string(*p.weight) : ""));
    return out;
  };
  // v1.37's order: NodeName, then NodeUnschedulable.
  const Names base = {"SchedulingGates", "PrioritySort", "NodeName", "NodeUnschedulable", "TaintToleration/3",
                      "NodeAffinity/2", "NodePorts", "NodeResourcesFit/1", "VolumeRestrictions", "NodeVolumeLimits",
                      "VolumeBinding", "VolumeZone", "PodTopologySpread/2", "InterPodAffinity/2"};
  auto plus = [&](Names tail) {
    Names out = base;
    out.insert(out.end(), tail.begin(), tail.end());
    return out;
  };
  CHECK(names(no_dra) == plus({"DefaultPreemption", "NodeResourcesBalancedAllocation/1", "ImageLocality/1", "DefaultBinder"}));
  CHECK(names(FeatureGates{}) == plus({"DynamicResources/2", "DefaultPreemption", "NodeResourcesBalancedAllocation/1",
                                       "ImageLocality/1", "DefaultBinder", "NodeDeclaredFeatures"}));
  CHECK(names(gang) == plus({"DynamicResources/2", "DefaultPreemption", "NodeResourcesBalancedAllocation/1",
                             "ImageLocality/1", "DefaultBinder", "NodeDeclaredFeatures", "GangScheduling"}));
  // v1.32 to v1.36: NodeUnschedulable, then NodeName.
  const Names v36 = names(FeatureGates::for_release(KubernetesRelease{36}));
  REQUIRE(v36.size() > 3);
  CHECK(v36[2] == "NodeUnschedulable");
  CHECK(v36[3] == "NodeName");
}

// framework_test.go's plugins: testPlugin implements every point but PreEnqueue (and PodGroupPostFilter).
std::optional<ExtensionPoints> fake_plugin(std::string_view name) {
  auto bit = [](ExtensionPoint p) { return extension_bit(p); };
  if (name == "test-plugin") {
    ExtensionPoints all = 0;
    for (size_t i = 0; i < kExtensionPointCount; ++i) all |= ExtensionPoints{1} << i;
    return all & ~bit(ExtensionPoint::PreEnqueue) & ~bit(ExtensionPoint::PodGroupPostFilter);
  }
  if (name == "score-plugin-1" || name == "score-plugin-2") return bit(ExtensionPoint::PreScore) | bit(ExtensionPoint::Score);
  if (name == "score-with-normalize-plugin-1") return bit(ExtensionPoint::Score);
  if (name == "placement-score-plugin-1") return bit(ExtensionPoint::PlacementScore);
  if (name == "queue-sort-plugin") return bit(ExtensionPoint::QueueSort);
  if (name == "bind-plugin") return bit(ExtensionPoint::Bind);
  return std::nullopt;
}

// Every point's list as "point:name[/weight],...", points in framework order, empty ones left out.
std::string listing(const EffectivePlugins& effective) {
  std::string out;
  for (size_t i = 0; i < kExtensionPointCount; ++i) {
    const auto& list = effective.points[i];
    if (list.empty()) continue;
    out += std::string(extension_point_field(static_cast<ExtensionPoint>(i))) + ":";
    for (size_t k = 0; k < list.size(); ++k) {
      out += (k ? "," : "") + list[k].name + (list[k].weight ? "/" + std::to_string(*list[k].weight) : "");
    }
    out += " ";
  }
  return out;
}

TEST_CASE("Config: multiPoint expansion (framework_test.go TestNewFrameworkMultiPointExpansion)") {
  using EP = ExtensionPoint;
  const std::string t = "test-plugin", s1 = "score-plugin-1", s2 = "score-plugin-2", n1 = "score-with-normalize-plugin-1",
                    p1 = "placement-score-plugin-1";
  auto all_t = [&](std::string prescore, std::string score, std::string placement_score) {
    return "preFilter:test-plugin filter:test-plugin postFilter:test-plugin reserve:test-plugin " + prescore + score +
           "preBind:test-plugin bind:test-plugin postBind:test-plugin permit:test-plugin queueSort:test-plugin "
           "placementGenerate:test-plugin " + placement_score;
  };
  struct Case {
    std::string name;
    ProfilePlugins plugins;
    std::string want;  // listing, or the error
  };
  ProfilePlugins disable_some = multi(enabled({plugin(t)}));
  disable_some.at(EP::PreScore) = enabled({}, {plugin(t)});
  disable_some.at(EP::Score) = enabled({}, {plugin(t)});
  disable_some.at(EP::PlacementScore) = enabled({}, {plugin(t)});
  ProfilePlugins disable_prescore = multi(enabled({plugin(t), plugin(s1)}));
  disable_prescore.at(EP::PreScore) = enabled({}, {plugin("*")});
  ProfilePlugins reorder = multi(enabled({plugin(n1), plugin(t), plugin(s1)}));
  reorder.at(EP::Score) = enabled({plugin(s1), plugin(t)});
  ProfilePlugins reorder_only_existing = multi(enabled({plugin(t), plugin(s1)}));
  reorder_only_existing.at(EP::Score) = enabled({plugin(n1), plugin(s1), plugin(t)});
  ProfilePlugins weights = multi(enabled({plugin(t), plugin(s1)}));
  weights.at(EP::Score) = enabled({plugin(s1, 5), plugin(t, 3)});
  weights.at(EP::PlacementScore) = enabled({plugin(t, 2)});
  ProfilePlugins weights_once = multi(enabled({plugin(t), plugin(s1), plugin(p1)}));
  weights_once.at(EP::Score) = enabled({plugin(s1, 5), plugin(s2, 5), plugin(t, 3)});
  weights_once.at(EP::PlacementScore) = enabled({plugin(t, 2), plugin(p1, 6)});

  const std::vector<Case> cases = {
      {"plugin expansion", multi(enabled({plugin(t, 5)})),
       all_t("preScore:test-plugin ", "score:test-plugin/5 ", "placementScore:test-plugin/5 ")},
      {"disable MultiPoint plugin at some extension points", disable_some, all_t("", "", "")},
      {"Multiple MultiPoint plugins", multi(enabled({plugin(t), plugin(s1), plugin(p1)})),
       all_t("preScore:test-plugin,score-plugin-1 ", "score:test-plugin/1,score-plugin-1/1 ",
             "placementScore:test-plugin/1,placement-score-plugin-1/1 ")},
      {"disable MultiPoint extension", disable_prescore,
       all_t("", "score:test-plugin/1,score-plugin-1/1 ", "placementScore:test-plugin/1 ")},
      {"Reorder MultiPoint plugins (specified extension takes precedence)", reorder,
       all_t("preScore:test-plugin,score-plugin-1 ",
             "score:score-plugin-1/1,test-plugin/1,score-with-normalize-plugin-1/1 ", "placementScore:test-plugin/1 ")},
      {"Reorder MultiPoint plugins (specified extension only takes precedence when it exists in MultiPoint)",
       reorder_only_existing,
       all_t("preScore:test-plugin,score-plugin-1 ",
             "score:score-plugin-1/1,test-plugin/1,score-with-normalize-plugin-1/1 ", "placementScore:test-plugin/1 ")},
      {"Override MultiPoint plugins weights", weights,
       all_t("preScore:test-plugin,score-plugin-1 ", "score:score-plugin-1/5,test-plugin/3 ", "placementScore:test-plugin/2 ")},
      {"disable and enable MultiPoint plugins with '*'",
       multi(enabled({plugin("queue-sort-plugin"), plugin("bind-plugin"), plugin(s1), plugin(p1)}, {plugin("*")})),
       "preScore:score-plugin-1 score:score-plugin-1/1 bind:bind-plugin queueSort:queue-sort-plugin "
       "placementScore:placement-score-plugin-1/1 "},
      {"disable and enable MultiPoint plugin by name",
       multi(enabled({plugin("bind-plugin"), plugin("queue-sort-plugin"), plugin(s1)}, {plugin(s1)})),
       "preScore:score-plugin-1 score:score-plugin-1/1 bind:bind-plugin queueSort:queue-sort-plugin "},
      {"Expect 'already registered' error", multi(enabled({plugin(t), plugin(t)})),
       "plugin \"test-plugin\" already registered as \"PreFilterPlugin\""},
      {"Override MultiPoint plugins weights and avoid a plugin being loaded multiple times", weights_once,
       all_t("preScore:test-plugin,score-plugin-1 ", "score:score-plugin-1/5,test-plugin/3,score-plugin-2/5 ",
             "placementScore:test-plugin/2,placement-score-plugin-1/6 ")},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      auto built = build_effective_plugins(c.plugins, "", fake_plugin);
      if (auto* error = std::get_if<ConfigError>(&built)) {
        CHECK(error->message == c.want);
      } else {
        CHECK(listing(std::get<EffectivePlugins>(built)) == c.want);
      }
    }
  }
}

TEST_CASE("Config: the framework's plugin list errors (framework.go NewFramework)") {
  using EP = ExtensionPoint;
  struct Case {
    std::string name;
    ProfilePlugins plugins;
    std::string want;
  };
  ProfilePlugins base = multi(enabled({plugin("queue-sort-plugin"), plugin("bind-plugin")}));
  auto plus = [&](EP point, PluginSet set) {
    ProfilePlugins p = base;
    p.at(point) = std::move(set);
    return p;
  };
  const std::vector<Case> cases = {
      {"unknown plugin at a point", plus(EP::Filter, enabled({plugin("Foo")})), "FilterPlugin \"Foo\" does not exist"},
      {"plugin not implementing the point", plus(EP::Filter, enabled({plugin("bind-plugin")})),
       "plugin \"bind-plugin\" does not extend FilterPlugin plugin"},
      {"repeated at a point", plus(EP::Score, enabled({plugin("score-plugin-1"), plugin("score-plugin-1")})),
       "plugin \"score-plugin-1\" already registered as \"ScorePlugin\""},
      {"unknown multiPoint plugin", multi(enabled({plugin("queue-sort-plugin"), plugin("Foo")})),
       "PreFilterPlugin \"Foo\" does not exist"},
      {"no queue sort", multi(enabled({plugin("bind-plugin")})),
       "only one queue sort plugin required for profile with scheduler name \"p\", but got 0"},
      {"no bind", multi(enabled({plugin("queue-sort-plugin")})),
       "at least one bind plugin is needed for profile with scheduler name \"p\""},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      auto built = build_effective_plugins(c.plugins, "p", fake_plugin);
      REQUIRE(std::holds_alternative<ConfigError>(built));
      CHECK(std::get<ConfigError>(built).message == c.want);
    }
  }
}

TEST_CASE("Config: effective PreFilter/Filter lists of in-tree profiles") {
  struct Case {
    std::string name;
    std::string body;
    Names pre_filter;
    Names filter;
  };
  const Names defaults = {"NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity", "NodePorts",
                          "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone",
                          "PodTopologySpread", "InterPodAffinity", "DynamicResources", "NodeDeclaredFeatures"};
  auto without = [&](const std::string& name) {
    Names out;
    for (const auto& n : defaults) {
      if (n != name) out.push_back(n);
    }
    return out;
  };
  const std::vector<Case> cases = {
      {"no profiles: the default profile", "", defaults, defaults},
      {"filter disabled for one plugin, its PreFilter stays",
       "profiles:\n- plugins:\n    filter:\n      disabled:\n      - name: NodeResourcesFit\n", defaults,
       without("NodeResourcesFit")},
      {"multiPoint disabled by name", "profiles:\n- plugins:\n    multiPoint:\n      disabled:\n      - name: NodePorts\n",
       without("NodePorts"), without("NodePorts")},
      {"filter disabled with * keeps only the filter's own entries",
       "profiles:\n- plugins:\n    filter:\n      disabled:\n      - name: '*'\n      enabled:\n      - name: NodeName\n",
       defaults, {"NodeName"}},
      {"a filter entry of a multiPoint plugin moves it first",
       "profiles:\n- plugins:\n    filter:\n      enabled:\n      - name: InterPodAffinity\n", defaults,
       {"InterPodAffinity", "NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity", "NodePorts",
        "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone", "PodTopologySpread",
        "DynamicResources", "NodeDeclaredFeatures"}},
      {"multiPoint disabled with * and a few enabled again",
       "profiles:\n- plugins:\n    multiPoint:\n      disabled:\n      - name: '*'\n      enabled:\n"
       "      - name: PrioritySort\n      - name: DefaultBinder\n      - name: NodeName\n      - name: TaintToleration\n",
       {"NodeName", "TaintToleration"}, {"NodeName", "TaintToleration"}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      SchedulerConfiguration config;
      REQUIRE(load_error(c.body, &config) == "");
      REQUIRE(config.profiles.size() == 1);
      CHECK(config.profiles[0].scheduler_name == "default-scheduler");
      CHECK(config.profiles[0].body->effective.names(ExtensionPoint::PreFilter) == c.pre_filter);
      CHECK(config.profiles[0].body->effective.names(ExtensionPoint::Filter) == c.filter);
    }
  }
  SUBCASE("without --config: the same lists as the registry's default order") {
    SchedulerConfiguration config = default_scheduler_configuration(FeatureGates{});
    CHECK(config.profiles[0].body->effective.names(ExtensionPoint::Filter) == default_filter_plugin_order(FeatureGates{}));
    CHECK(config.profiles[0].body->effective.names(ExtensionPoint::PreEnqueue) ==
          Names{"SchedulingGates", "DynamicResources", "DefaultPreemption"});
  }
}

TEST_CASE("Config: validation with kube-scheduler's messages (validation_test.go, validation_pluginargs_test.go)") {
  struct Case {
    std::string name;
    std::string body;
    std::string want;
  };
  const std::string two = "profiles:\n- schedulerName: me\n- schedulerName: other\n";
  const std::vector<Case> cases = {
      {"good", two, ""},
      {"bad-parallelism-invalid-value", "parallelism: 0\n",
       "parallelism: Invalid value: 0: should be an integer value greater than zero"},
      {"bad-resource-lock-not-leases", "leaderElection:\n  resourceLock: configmap\n",
       "leaderElection.resourceLock: Invalid value: \"configmap\": resourceLock value must be \"leases\""},
      {"leader election off: the lock is not checked", "leaderElection:\n  leaderElect: false\n  resourceLock: configmap\n", ""},
      {"bad-percentage-of-nodes-to-score", "percentageOfNodesToScore: 101\n",
       "percentageOfNodesToScore: Invalid value: 101: not in valid range [0-100]"},
      {"negative-100-profile-percentage-of-nodes-to-score",
       "profiles:\n- schedulerName: me\n- schedulerName: other\n  percentageOfNodesToScore: -1\n",
       "profiles[1].percentageOfNodesToScore: Invalid value: -1: not in valid range [0-100]"},
      {"scheduler-name-not-set", "profiles:\n- schedulerName: me\n- percentageOfNodesToScore: 35\n",
       "profiles[1].schedulerName: Required value"},
      {"repeated-scheduler-name", "profiles:\n- schedulerName: other\n- schedulerName: other\n",
       "profiles[1].schedulerName: Duplicate value: {}"},
      {"different-queue-sort",
       "profiles:\n- schedulerName: me\n- schedulerName: other\n  plugins:\n    queueSort:\n      enabled:\n      - name: AnotherSort\n",
       "profiles[1].plugins.queueSort: Invalid value: {\"Enabled\":[{\"Name\":\"AnotherSort\",\"Weight\":0}],\"Disabled\":null}: "
       "must be the same for all profiles"},
      {"extender-negative-weight", "extenders:\n- urlPrefix: http://x\n  prioritizeVerb: prioritize\n  weight: -1\n",
       "extenders[0].weight: Invalid value: -1: must have a positive weight applied to it"},
      {"extender-duplicate-managed-resources",
       "extenders:\n- urlPrefix: http://x\n  managedResources:\n  - name: example.com/foo\n  - name: example.com/foo\n",
       "extenders[0].managedResources[1].name: Invalid value: \"example.com/foo\": duplicate extender managed resource name"},
      {"extender-duplicate-bind", "extenders:\n- bindVerb: foo\n- bindVerb: bar\n",
       "extenders: Invalid value: \"found 2 extenders implementing bind\": only one extender can implement bind"},
      {"invalid-node-percentage",
       "profiles:\n- pluginConfig:\n  - name: DefaultPreemption\n    args:\n      minCandidateNodesPercentage: 200\n",
       "profiles[0].pluginConfig[0].args.minCandidateNodesPercentage: Invalid value: 200: not in valid range [0, 100]"},
      {"duplicated-plugin-config", "profiles:\n- pluginConfig:\n  - name: config\n  - name: config\n",
       "profiles[0].pluginConfig[1]: Duplicate value: \"config\""},
      {"invalid plugin in filter",
       "profiles:\n- plugins:\n    filter:\n      enabled:\n      - name: EBSLimits\n",
       "profiles[0].plugins.filter.enabled[0]: Invalid value: \"EBSLimits\": was invalid in version "
       "\"kubescheduler.config.k8s.io/v1\" (KubeSchedulerConfiguration is version \"kubescheduler.config.k8s.io/v1\")"},
      {"backoff", "podInitialBackoffSeconds: 0\n",
       "podInitialBackoffSeconds: Invalid value: 0: must be greater than 0"},
      {"backoff: max below initial", "podInitialBackoffSeconds: 20\n",
       "podMaxBackoffSeconds: Invalid value: 10: must be greater than or equal to PodInitialBackoffSeconds"},
      {"backoff: both wrong", "podInitialBackoffSeconds: -1\npodMaxBackoffSeconds: -2\n",
       "[podInitialBackoffSeconds: Invalid value: -1: must be greater than 0, podMaxBackoffSeconds: Invalid value: -2: must "
       "be greater than or equal to PodInitialBackoffSeconds]"},
      {"hardPodAffinityWeight out of range",
       "profiles:\n- pluginConfig:\n  - name: InterPodAffinity\n    args:\n      hardPodAffinityWeight: 101\n",
       "profiles[0].pluginConfig[0].args.hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]"},
      {"default constraints with System defaulting",
       "profiles:\n- pluginConfig:\n  - name: PodTopologySpread\n    args:\n      defaultConstraints:\n"
       "      - maxSkew: 1\n        topologyKey: zone\n        whenUnsatisfiable: DoNotSchedule\n",
       "profiles[0].pluginConfig[0].args.defaultingType: Invalid value: \"System\": when .defaultConstraints are not empty"},
      {"default constraints: bad fields, repeated, selector",
       "profiles:\n- pluginConfig:\n  - name: PodTopologySpread\n    args:\n      defaultingType: List\n      defaultConstraints:\n"
       "      - maxSkew: -1\n        topologyKey: zone\n        whenUnsatisfiable: Foo\n"
       "      - maxSkew: 1\n        topologyKey: zone\n        whenUnsatisfiable: Foo\n"
       "        labelSelector:\n          matchLabels:\n            a: b\n",
       "[profiles[0].pluginConfig[0].args.defaultConstraints[0].maxSkew: Invalid value: -1: not in valid range (0, inf), "
       "profiles[0].pluginConfig[0].args.defaultConstraints[0].whenUnsatisfiable: Unsupported value: \"Foo\": supported "
       "values: \"DoNotSchedule\", \"ScheduleAnyway\", "
       "profiles[0].pluginConfig[0].args.defaultConstraints[1].whenUnsatisfiable: Unsupported value: \"Foo\": supported "
       "values: \"DoNotSchedule\", \"ScheduleAnyway\", "
       "profiles[0].pluginConfig[0].args.defaultConstraints[1].labelSelector: Forbidden: constraint must not define a "
       "selector, as they deduced for each pod, "
       "profiles[0].pluginConfig[0].args.defaultConstraints[1]: Duplicate value: \"{zone, Foo}\"]"},
      {"unsupported defaulting type",
       "profiles:\n- pluginConfig:\n  - name: PodTopologySpread\n    args:\n      defaultingType: Foo\n",
       "profiles[0].pluginConfig[0].args.defaultingType: Unsupported value: \"Foo\": supported values: \"System\", \"List\""},
      {"empty topology key",
       "profiles:\n- pluginConfig:\n  - name: PodTopologySpread\n    args:\n      defaultingType: List\n      defaultConstraints:\n"
       "      - maxSkew: 1\n        whenUnsatisfiable: ScheduleAnyway\n",
       "profiles[0].pluginConfig[0].args.defaultConstraints[0].topologyKey: Required value: can not be empty"},
      {"balanced allocation: repeated resource and weight",
       "profiles:\n- pluginConfig:\n  - name: NodeResourcesBalancedAllocation\n    args:\n      resources:\n"
       "      - name: cpu\n      - name: cpu\n        weight: 2\n",
       "[profiles[0].pluginConfig[0].args.resources[1].name: Duplicate value: \"cpu\", "
       "profiles[0].pluginConfig[0].args.resources[1].weight: Invalid value: 2: must be 1]"},
      {"volume binding: negative timeout and a shape without StorageCapacityScoring",
       "profiles:\n- pluginConfig:\n  - name: VolumeBinding\n    args:\n      bindTimeoutSeconds: -10\n      shape:\n"
       "      - utilization: 0\n        score: 10\n",
       "[profiles[0].pluginConfig[0].args.bindTimeoutSeconds: Invalid value: -10: invalid BindTimeoutSeconds, should not "
       "be a negative value, profiles[0].pluginConfig[0].args.shape: Invalid value: [{\"Utilization\":0,\"Score\":10}]: "
       "unexpected field `shape`, remove it or turn on the feature gate StorageCapacityScoring]"},
      {"node affinity: a bad addedAffinity term",
       "profiles:\n- pluginConfig:\n  - name: NodeAffinity\n    args:\n      addedAffinity:\n"
       "        requiredDuringSchedulingIgnoredDuringExecution:\n          nodeSelectorTerms:\n"
       "          - matchExpressions:\n            - key: foo\n              operator: In\n",
       "profiles[0].pluginConfig[0].args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]"
       ".matchExpressions[0].values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty"},
      {"dynamic resources: negative filter timeout",
       "profiles:\n- pluginConfig:\n  - name: DynamicResources\n    args:\n      filterTimeout: -1s\n",
       "profiles[0].pluginConfig[0].args.filterTimeout: Invalid value: \"-1s\": must be zero or positive"},
      // ValidateKubeSchedulerConfiguration misses NodeResourcesFit (its validators map names
      // "NodeResourcesFitArgs"): the plugin refuses the args when the framework creates it.
      {"node resources fit: refused by the plugin",
       "profiles:\n- pluginConfig:\n  - name: NodeResourcesFit\n    args:\n      ignoredResourceGroups: [example.com/foo]\n"
       "      scoringStrategy:\n        type: Foo\n        resources:\n        - name: cpu\n          weight: 101\n",
       "initializing profiles: creating profile for scheduler name default-scheduler: initializing plugin "
       "\"NodeResourcesFit\": [ignoredResourceGroups[0]: Invalid value: \"example.com/foo\": resource group name can't "
       "contain '/', scoringStrategy.type: Unsupported value: \"Foo\": supported values: \"LeastAllocated\", "
       "\"MostAllocated\", \"RequestedToCapacityRatio\", scoringStrategy.resources[0].weight: Invalid value: 101: "
       "resource weight of cpu not in valid range (0, 100]]"},
      {"node resources fit args of a disabled plugin are not checked",
       "profiles:\n- plugins:\n    multiPoint:\n      disabled:\n      - name: NodeResourcesFit\n  pluginConfig:\n"
       "  - name: NodeResourcesFit\n    args:\n      ignoredResourceGroups: [example.com/foo]\n",
       ""},
      {"requested to capacity ratio shape",
       "profiles:\n- pluginConfig:\n  - name: NodeResourcesFit\n    args:\n      scoringStrategy:\n"
       "        type: RequestedToCapacityRatio\n        requestedToCapacityRatio:\n          shape:\n"
       "          - utilization: 50\n            score: 11\n          - utilization: 40\n            score: 0\n",
       "initializing profiles: creating profile for scheduler name default-scheduler: initializing plugin "
       "\"NodeResourcesFit\": [scoringStrategy.shape[1].utilization: Invalid value: 40: values must be sorted in "
       "increasing order, scoringStrategy.shape[0].score: Invalid value: 11: not in valid range [0, 10]]"},
      {"unknown plugin", "profiles:\n- plugins:\n    filter:\n      enabled:\n      - name: Foo\n",
       "initializing profiles: creating profile for scheduler name default-scheduler: FilterPlugin \"Foo\" does not exist"},
      {"score plugin enabled at filter",
       "profiles:\n- schedulerName: x\n  plugins:\n    filter:\n      enabled:\n      - name: ImageLocality\n",
       "initializing profiles: creating profile for scheduler name x: plugin \"ImageLocality\" does not extend FilterPlugin plugin"},
      {"no queue sort left",
       "profiles:\n- plugins:\n    multiPoint:\n      disabled:\n      - name: PrioritySort\n",
       "initializing profiles: creating profile for scheduler name default-scheduler: only one queue sort plugin required "
       "for profile with scheduler name \"default-scheduler\", but got 0"},
      {"strict: unknown fields at every level",
       "foo: 1\nprofiles:\n- schedulerName: a\n  plugin: {}\n  plugins:\n    filter:\n      enable: []\n",
       "strict decoding error: unknown field \"foo\", unknown field \"profiles[0].plugin\", unknown field "
       "\"profiles[0].plugins.filter.enable\""},
      {"strict: unknown args field",
       "profiles:\n- pluginConfig:\n  - name: NodeAffinity\n    args:\n      addedAffinity:\n        required: {}\n",
       "strict decoding error: decoding .profiles[0].pluginConfig[0]: decoding args for plugin NodeAffinity: strict "
       "decoding error: unknown field \"addedAffinity.required\""},
      {"out-of-tree args are kept unread", "profiles:\n- pluginConfig:\n  - name: MyPlugin\n    args:\n      anything: 1\n", ""},
      {"args of another kind",
       "profiles:\n- pluginConfig:\n  - name: NodeAffinity\n    args:\n      kind: InterPodAffinityArgs\n",
       "decoding .profiles[0].pluginConfig[0]: args for plugin NodeAffinity were not of type "
       "NodeAffinityArgs.kubescheduler.config.k8s.io, got "
       "InterPodAffinityArgs.kubescheduler.config.k8s.io"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(load_error(c.body) == c.want); }
  }
}

TEST_CASE("Config: DynamicResources' filterTimeout with DRASchedulerFilterTimeout off") {
  FeatureGates off;
  off.dra_scheduler_filter_timeout = false;
  SchedulerConfiguration config;
  const std::string body = "profiles:\n- pluginConfig:\n  - name: DynamicResources\n    args:\n      filterTimeout: 1s\n";
  auto error = load_scheduler_configuration_text(std::string(kHeader) + body, off, config);
  REQUIRE(error);
  CHECK(error->message ==
        "profiles[0].pluginConfig[0].args.filterTimeout: Forbidden: DRASchedulingFilterTimeout feature gate is disabled");
  CHECK_FALSE(load_scheduler_configuration_text(std::string(kHeader) + body, FeatureGates{}, config));
}

TEST_CASE("Config: apiVersion and kind") {
  SchedulerConfiguration config;
  auto load = [&](const std::string& text) {
    auto error = load_scheduler_configuration_text(text, FeatureGates{}, config);
    return error ? error->message : "";
  };
  CHECK(load("apiVersion: kubescheduler.config.k8s.io/v1beta3\nkind: KubeSchedulerConfiguration\n") ==
        "no kind \"KubeSchedulerConfiguration\" is registered for version \"kubescheduler.config.k8s.io/v1beta3\"");
  CHECK(load("apiVersion: kubescheduler.config.k8s.io/v1\n") == "Object 'Kind' is missing");
  CHECK(load("{\"apiVersion\": \"kubescheduler.config.k8s.io/v1\", \"kind\": \"KubeSchedulerConfiguration\"}") == "");
  SchedulerConfiguration with_line;
  auto error = load_scheduler_configuration_text(std::string(kHeader) + "profiles:\n- schedulerName: a\n  bogus: 1\n",
                                                 FeatureGates{}, with_line);
  REQUIRE(error);
  CHECK(error->line == 5);
}

TEST_CASE("Config: plugin args reach the profiles") {
  SchedulerConfiguration config;
  REQUIRE(load_error("profiles:\n- schedulerName: default-scheduler\n- schedulerName: gpu-scheduler\n  pluginConfig:\n"
                     "  - name: NodeResourcesFit\n    args:\n      ignoredResources: [example.com/foo]\n"
                     "      ignoredResourceGroups: [example.org]\n"
                     "  - name: PodTopologySpread\n    args:\n      defaultingType: List\n      defaultConstraints:\n"
                     "      - maxSkew: 1\n        topologyKey: zone\n        whenUnsatisfiable: ScheduleAnyway\n",
                     &config) == "");
  REQUIRE(config.profiles.size() == 2);
  const PluginConfig* fit = config.profiles[1].body->args_of("NodeResourcesFit");
  REQUIRE(fit != nullptr);
  CHECK(fit->node_resources_fit.ignored_resources == Names{"example.com/foo"});
  CHECK(fit->node_resources_fit.ignored_resource_groups == Names{"example.org"});
  CHECK(fit->node_resources_fit.scoring_strategy.type == ScoringStrategyType::LeastAllocated);
  CHECK(fit->node_resources_fit.scoring_strategy.resources.size() == 2);
  const PluginConfig* spread = config.profiles[1].body->args_of("PodTopologySpread");
  REQUIRE(spread != nullptr);
  CHECK(spread->pod_topology_spread.defaulting_type == SpreadDefaultingType::List);
  // The default profile gets kube-scheduler's default args, appended.
  const PluginConfig* default_fit = config.profiles[0].body->args_of("NodeResourcesFit");
  REQUIRE(default_fit != nullptr);
  CHECK_FALSE(default_fit->user_given);
  CHECK(default_fit->node_resources_fit.ignored_resources.empty());

  Profiles profiles(config, FeatureGates{});
  REQUIRE(profiles.find("gpu-scheduler") != nullptr);
  CHECK(profiles.find("gpu-scheduler")->framework->plugin_names().size() == 14);
  CHECK(profiles.find("my-scheduler") == nullptr);
  CHECK(profiles.find("default-scheduler")->pre_enqueue ==
        std::vector<std::string>{"SchedulingGates", "DynamicResources", "DefaultPreemption"});
}

TEST_CASE("Config: SchedulingGates") {
  Pod pod;
  CHECK(scheduling_gates_status(pod).is_success());
  pod.spec.scheduling_gates = {PodSchedulingGate{"foo"}, PodSchedulingGate{"bar"}};
  Status status = scheduling_gates_status(pod);
  CHECK(status.code() == Code::UnschedulableAndUnresolvable);
  CHECK(status.plugin() == "SchedulingGates");
  CHECK(status.message() == "waiting for scheduling gates: [foo bar]");

  SchedulerConfiguration config;
  REQUIRE(load_error("profiles:\n- plugins:\n    preEnqueue:\n      disabled:\n      - name: SchedulingGates\n", &config) == "");
  Profiles profiles(config, FeatureGates{});
  CHECK(profiles.find("default-scheduler")->pre_enqueue == std::vector<std::string>{"DynamicResources", "DefaultPreemption"});
}

TEST_CASE("Config: Go durations") {
  struct Case {
    std::string text;
    std::optional<int64_t> ns;
    std::string formatted;
  };
  const std::vector<Case> cases = {
      {"15s", 15'000'000'000, "15s"},         {"1m30s", 90'000'000'000, "1m30s"}, {"1.5h", 5'400'000'000'000, "1h30m0s"},
      {"-1s", -1'000'000'000, "-1s"},          {"500ms", 500'000'000, "500ms"},   {"0", 0, "0s"},
      {"2us", 2'000, "2\xC2\xB5s"},            {"abc", std::nullopt, ""},         {"1", std::nullopt, ""},
  };
  for (const auto& c : cases) {
    SUBCASE(c.text.c_str()) {
      CHECK(parse_go_duration(c.text) == c.ns);
      if (c.ns) CHECK(format_go_duration(*c.ns) == c.formatted);
    }
  }
}

}  // namespace
}  // namespace podfit
