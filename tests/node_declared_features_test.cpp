// NodeDeclaredFeatures: nodedeclaredfeatures_test.go (TestPreFilter, TestFilter,
// TestNodeDeclaredFeatures_DeferredResizeSkipped) plus the shipped registry end to end:
// which pods are skipped, which nodes are rejected, and the details.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/model/cluster.h"
#include "podfit/plugins/node_declared_features.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr const char* kReason = "node(s) didn't match Pod's required features";

using testing::NodeBuilder;
using testing::NodeInfoFixture;
using testing::PodBuilder;

// "Code: reasons [details]" so that one comparison checks all three.
using testing::show;

// st.MakeNode().DeclaredFeatures(...).
Node node_declaring(std::vector<std::string> features, std::string name = "node-1") {
  Node node = NodeBuilder(std::move(name));
  node.status.declared_features = std::move(features);
  return node;
}

// createMockFeature: a feature that a pod always (or never) requires, up to an optional version.
DeclaredFeature mock_feature(std::string name, bool infer, std::optional<std::string> max_version = std::nullopt) {
  DeclaredFeature f;
  f.name = std::move(name);
  if (max_version) f.max_version = Version::parse_semantic(*max_version);
  f.infer_for_scheduling = [infer](const PodSpec&) { return infer; };
  return f;
}

FeatureGates gates_with(bool plugin_enabled) {
  FeatureGates gates;
  gates.node_declared_features = plugin_enabled;  // locked on in v1.37: only tests turn it off
  return gates;
}

Pod restart_all_pod() {
  Container c;
  c.name = "c0";
  c.restart_policy = "Never";
  c.restart_policy_rules.push_back(ContainerRestartRule{"RestartAllContainers", ContainerRestartRuleOnExitCodes{"In", {42}}});
  return PodBuilder().container(c);
}

Pod userns_host_network_pod() {
  Pod pod = PodBuilder();
  pod.spec.host_network = true;
  pod.spec.host_users = false;
  return pod;
}

Pod bind_mount_pod() {
  Container c;
  c.name = "c0";
  c.volume_mounts.push_back(VolumeMount{"data", "/data", {"noexec"}});
  return PodBuilder().container(c);
}

// A pod whose in-place resize the kubelet deferred.
Pod deferred_resize(Pod pod) {
  PodCondition condition;
  condition.type = "PodResizePending";
  condition.status = "True";
  condition.reason = "Deferred";
  pod.status.conditions.push_back(condition);
  return pod;
}

}  // namespace

TEST_CASE("NodeDeclaredFeatures: TestPreFilter") {
  const std::string feature1 = "TestFeature1";
  const std::string feature2 = "TestFeature2";
  struct Case {
    std::string name;
    bool plugin_enabled;
    std::vector<DeclaredFeature> registry;
    std::string component_version;
    Code want;
    std::vector<std::string> want_state;  // required features stored; none when the state is absent
  };
  const std::vector<Case> cases = {
      {"plugin disabled", false, {mock_feature(feature1, true), mock_feature(feature2, false)}, "1.35.0", Code::Skip,
       {}},
      {"Pod with feature requirements", true, {mock_feature(feature1, true), mock_feature(feature2, false)}, "1.35.0",
       Code::Success, {feature1}},
      {"Pod with multiple feature requirements", true,
       {mock_feature(feature1, true, "1.38.0"), mock_feature(feature2, true, "1.38.0")}, "1.35.0", Code::Success,
       {feature1, feature2}},
      {"Pod with no requirements", true, {mock_feature(feature1, false), mock_feature(feature2, false)}, "1.35.0",
       Code::Skip, {}},
      {"Feature not required, version > MaxVersion", true,
       {mock_feature(feature1, true, "1.33.0"), mock_feature(feature2, false)}, "1.34.0", Code::Skip, {}},
  };
  ClusterState cluster;
  const FeatureGates defaults;
  Snapshot snapshot(cluster, defaults);
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const NodeFeatureFramework framework(c.registry);
      const NodeDeclaredFeatures plugin(gates_with(c.plugin_enabled), framework,
                                        Version::parse_semantic(c.component_version));
      const Pod pod = PodBuilder("test-pod");
      PodInfo pod_info(pod, defaults);
      CycleState state;
      PreFilterResult result;
      CHECK(show(plugin.pre_filter(state, pod_info, snapshot, result)) == show(Status(c.want)));
      CHECK(result.all_nodes());  // PreFilter never narrows the nodes
      // The state is observable through Filter: absent state is an Error, a present one
      // rejects a node declaring nothing with exactly the stored features missing.
      NodeInfoFixture bare(node_declaring({}));
      const Status filtered = plugin.filter(state, pod_info, bare.info());
      if (c.want_state.empty()) {
        if (c.plugin_enabled) CHECK(filtered.is_error());
      } else {
        REQUIRE(filtered.code() == Code::UnschedulableAndUnresolvable);
        std::string want_detail = "node does not declare feature" + std::string(c.want_state.size() == 1 ? "" : "s");
        for (std::size_t i = 0; i < c.want_state.size(); ++i) want_detail += (i ? ", " : " ") + c.want_state[i];
        CHECK(filtered.details() == std::vector<std::string>{want_detail + " (declares no features)"});
      }
    }
  }
}

TEST_CASE("NodeDeclaredFeatures: TestFilter") {
  const std::string a = "FeatureA";
  const std::string b = "FeatureB";
  const std::string c3 = "FeatureC";
  const NodeFeatureFramework framework({mock_feature(a, false), mock_feature(b, false), mock_feature(c3, false)});
  struct Case {
    std::string name;
    bool plugin_enabled;
    Node node;
    std::optional<std::vector<std::string>> pre_filter_reqs;  // nullopt: no state written
    Status want;
  };
  auto unmatched = [](std::string detail) {
    return Status(Code::UnschedulableAndUnresolvable, {kReason}, {std::move(detail)});
  };
  const std::vector<Case> cases = {
      {"plugin disabled", false, node_declaring({a, b}), std::nullopt, Status()},
      {"Node matches requirements", true, node_declaring({a, b}), std::vector<std::string>{a}, Status()},
      {"Node does not match requirements", true, node_declaring({b}), std::vector<std::string>{a},
       unmatched("node does not declare feature FeatureA (declares: FeatureB)")},
      // Upstream leaves pluginEnabled unset here, which disables the plugin; the subset match
      // is checked with the plugin enabled in the next row.
      {"Node with multiple features, pod requires subset", false, node_declaring({a, b, c3}, "node-multi"),
       std::vector<std::string>{a, c3}, Status()},
      {"Node with multiple features, pod requires subset (plugin enabled)", true,
       node_declaring({a, b, c3}, "node-multi"), std::vector<std::string>{a, c3}, Status()},
      {"Node has no declared features", true, node_declaring({}), std::vector<std::string>{a},
       unmatched("node does not declare feature FeatureA (declares no features)")},
      {"Node with some but not all required features", true, node_declaring({a}), std::vector<std::string>{a, b},
       unmatched("node does not declare feature FeatureB (declares: FeatureA)")},
      {"Error getting pre-filter state", true, node_declaring({}), std::nullopt,
       Status::error("error reading \"PreFilterNodeDeclaredFeatures\" from cycle-state: not found")},
  };
  ClusterState cluster;
  const FeatureGates defaults;
  Snapshot snapshot(cluster, defaults);
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const NodeDeclaredFeatures plugin(gates_with(c.plugin_enabled), framework, Version::parse_semantic("1.35.0"));
      const Pod pod = PodBuilder("test-pod");
      PodInfo pod_info(pod, defaults);
      NodeInfoFixture node(c.node);
      CycleState state;
      if (c.pre_filter_reqs) {
        // Write the state as PreFilter would, by inferring exactly these features.
        std::vector<DeclaredFeature> registry;
        for (const auto& name : framework.names()) {
          const bool wanted = std::find(c.pre_filter_reqs->begin(), c.pre_filter_reqs->end(), name) !=
                              c.pre_filter_reqs->end();
          registry.push_back(mock_feature(name, wanted));
        }
        const NodeFeatureFramework inferring(std::move(registry));
        const NodeDeclaredFeatures writer(gates_with(true), inferring, Version::parse_semantic("1.35.0"));
        PreFilterResult result;
        REQUIRE(writer.pre_filter(state, pod_info, snapshot, result).is_success());
      }
      CHECK(show(plugin.filter(state, pod_info, node.info())) == show(c.want));
    }
  }
}

TEST_CASE("NodeDeclaredFeatures: TestNodeDeclaredFeatures_DeferredResizeSkipped") {
  FeatureGates gates;
  gates.in_place_pod_vertical_scaling_scheduler_preemption = true;
  const NodeDeclaredFeatures plugin(gates);
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  const Pod pod = deferred_resize(restart_all_pod());
  PodInfo pod_info(pod, gates);
  NodeInfoFixture node(node_declaring({}, "node1"));
  CycleState state;
  PreFilterResult result;
  CHECK(plugin.pre_filter(state, pod_info, snapshot, result).code() == Code::Skip);
  CHECK(result.all_nodes());
  CHECK(plugin.filter(state, pod_info, node.info()).is_success());

  // With the gate at its default (off) the deferred resize changes nothing.
  const NodeDeclaredFeatures by_default{FeatureGates{}};
  CycleState fresh;
  CHECK(by_default.pre_filter(fresh, pod_info, snapshot, result).is_success());
  CHECK(by_default.filter(fresh, pod_info, node.info()).code() == Code::UnschedulableAndUnresolvable);
}

TEST_CASE("NodeDeclaredFeatures: PreFilter without a target version is an Error") {
  // TestIsSchedulableAfterTargetPodUpdate's "Infer returns error": a nil version fails inference.
  const NodeFeatureFramework framework({mock_feature("TestFeature", true)});
  const NodeDeclaredFeatures plugin(FeatureGates{}, framework, std::nullopt);
  ClusterState cluster;
  const FeatureGates defaults;
  Snapshot snapshot(cluster, defaults);
  const Pod pod = PodBuilder();
  PodInfo pod_info(pod, defaults);
  CycleState state;
  PreFilterResult result;
  CHECK(show(plugin.pre_filter(state, pod_info, snapshot, result)) == "Error: target version cannot be nil");
}

TEST_CASE("NodeDeclaredFeatures: the shipped registry, PreFilter then Filter") {
  namespace df = declared_features;
  const std::string restart_all(df::kRestartAllContainersOnContainerExits);
  const std::string userns(df::kUserNamespacesHostNetworkSupport);
  const std::string bind_mounts(df::kVolumeBindMountOptions);
  auto unmatched = [](std::string detail) {
    return Status(Code::UnschedulableAndUnresolvable, {kReason}, {std::move(detail)});
  };
  Pod everything = restart_all_pod();
  everything.spec.host_network = true;
  everything.spec.host_users = false;
  everything.spec.containers.front().volume_mounts.push_back(VolumeMount{"data", "/data", {"nodev"}});

  struct Case {
    std::string name;
    Pod pod;
    std::vector<std::string> declared;
    Code want_pre_filter;
    Status want_filter;
  };
  const std::vector<Case> cases = {
      {"a pod needing no feature skips the plugin", PodBuilder(), {}, Code::Skip, Status()},
      {"hostUsers false without hostNetwork needs nothing",
       [] {
         Pod p = PodBuilder();
         p.spec.host_users = false;
         return p;
       }(),
       {}, Code::Skip, Status()},
      {"RestartAllContainers on a node declaring it", restart_all_pod(), {restart_all}, Code::Success, Status()},
      {"RestartAllContainers on a node declaring other features", restart_all_pod(),
       {"ExtendWebSocketsToKubelet", "InPlacePodLevelResourcesVerticalScaling"}, Code::Success,
       unmatched("node does not declare feature RestartAllContainersOnContainerExits (declares: "
                 "ExtendWebSocketsToKubelet, InPlacePodLevelResourcesVerticalScaling)")},
      {"RestartAllContainers on a node declaring nothing", restart_all_pod(), {}, Code::Success,
       unmatched("node does not declare feature RestartAllContainersOnContainerExits (declares no features)")},
      {"unknown declared features are ignored", userns_host_network_pod(), {"AFutureFeature", userns, "ZFeature"},
       Code::Success, Status()},
      {"a user namespace on the host network", userns_host_network_pod(), {restart_all}, Code::Success,
       unmatched("node does not declare feature UserNamespacesHostNetworkSupport (declares: "
                 "RestartAllContainersOnContainerExits)")},
      {"bind mount options", bind_mount_pod(), {bind_mounts}, Code::Success, Status()},
      {"several features missing", everything, {userns}, Code::Success,
       unmatched("node does not declare features RestartAllContainersOnContainerExits, VolumeBindMountOptions "
                 "(declares: UserNamespacesHostNetworkSupport)")},
      {"several features declared", everything, {restart_all, userns, bind_mounts}, Code::Success, Status()},
      // kube-scheduler reads status.declaredFeatures as a sorted list (the API server keeps it
      // so); out of order, an entry can go unseen.
      {"an unsorted list hides a declared feature", restart_all_pod(), {"VolumeBindMountOptions", restart_all},
       Code::Success,
       unmatched("node does not declare feature RestartAllContainersOnContainerExits (declares: "
                 "VolumeBindMountOptions, RestartAllContainersOnContainerExits; the list is not sorted, so "
                 "kube-scheduler does not see RestartAllContainersOnContainerExits)")},
  };
  const FeatureGates gates;
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      auto plugin = new_node_declared_features(PluginContext{gates});
      REQUIRE(plugin != nullptr);
      CHECK(plugin->name() == "NodeDeclaredFeatures");
      const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
      const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
      PodInfo pod_info(c.pod, gates);
      NodeInfoFixture node(node_declaring(c.declared));
      CycleState state;
      PreFilterResult result;
      const Status pre = pre_filter.pre_filter(state, pod_info, snapshot, result);
      CHECK(show(pre) == show(Status(c.want_pre_filter)));
      CHECK(result.all_nodes());
      if (pre.is_success()) CHECK(show(filter.filter(state, pod_info, node.info())) == show(c.want_filter));
    }
  }
}

TEST_CASE("NodeDeclaredFeatures: the PreFilter state survives CycleState::clone") {
  const FeatureGates gates;
  const NodeDeclaredFeatures plugin(gates);
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  const Pod pod = restart_all_pod();
  PodInfo pod_info(pod, gates);
  NodeInfoFixture declaring(node_declaring({std::string(declared_features::kRestartAllContainersOnContainerExits)}));
  NodeInfoFixture bare(node_declaring({}));
  CycleState state;
  PreFilterResult result;
  REQUIRE(plugin.pre_filter(state, pod_info, snapshot, result).is_success());
  const CycleState copy = state.clone();
  CHECK(plugin.filter(copy, pod_info, declaring.info()).is_success());
  CHECK(plugin.filter(copy, pod_info, bare.info()).code() == Code::UnschedulableAndUnresolvable);
}

}  // namespace podfit
