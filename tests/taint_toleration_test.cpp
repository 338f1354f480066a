// TaintToleration: taint_toleration_test.go (TestTaintTolerationFilter,
// TestTaintTolerationFilterWithFeatureGate, TestTaintToleration_DeferredResizeSkipped) plus
// edge cases for effects, empty keys and the details.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/plugins/taint_toleration.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::NodeInfoFixture;
using testing::PodBuilder;
using testing::taint;
using testing::toleration;

constexpr const char* kReason = "node(s) had untolerated taint(s)";

// nodeWithTaints
Node node_with_taints(const std::vector<Taint>& taints) {
  NodeBuilder node("nodeA");
  for (const auto& t : taints) node.taint(t);
  return node;
}

// podWithTolerations
Pod pod_with_tolerations(const std::vector<Toleration>& tolerations) {
  PodBuilder pod("pod1");
  for (const auto& t : tolerations) pod.toleration(t);
  return pod;
}

// "Code: reasons [details]" so that one comparison checks all three.
using testing::show;

// The rejection, with one "taint ... is not tolerated" detail per named taint.
Status untolerated(std::vector<std::string> taints) {
  std::vector<std::string> details;
  for (const auto& t : taints) details.push_back("taint " + t + " is not tolerated");
  return Status(Code::UnschedulableAndUnresolvable, {kReason}, std::move(details));
}

struct Case {
  std::string name;
  Pod pod;
  Node node;
  Status want;
  bool comparison_operators = false;  // TaintTolerationComparisonOperators
};

void run_filter_cases(const std::vector<Case>& cases) {
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      FeatureGates gates;
      gates.taint_toleration_comparison_operators = c.comparison_operators;
      TaintToleration plugin(gates);
      NodeInfoFixture node(c.node);
      const NodeInfo& node_info = node.info();
      PodInfo pod_info(c.pod, gates);
      CycleState state;
      ClusterState cluster;
      Snapshot snapshot(cluster, gates);
      PreFilterResult result;
      CHECK(show(plugin.pre_filter(state, pod_info, snapshot, result)) == "Success");
      CHECK(result.all_nodes());
      CHECK(show(plugin.filter(state, pod_info, node_info)) == show(c.want));
    }
  }
}

TEST_CASE("TaintToleration: Filter") {
  const std::string sla = "node.kubernetes.io/sla";
  const std::string priority = "node.example.com/priority-level";
  run_filter_cases({
      {"A pod having no tolerations can't be scheduled onto a node with nonempty taints", pod_with_tolerations({}),
       node_with_taints({taint("dedicated", "user1", "NoSchedule")}), untolerated({"dedicated=user1:NoSchedule"})},
      {"A pod which can be scheduled on a dedicated node assigned to user1 with effect NoSchedule",
       pod_with_tolerations({toleration("dedicated", "", "user1", "NoSchedule")}),
       node_with_taints({taint("dedicated", "user1", "NoSchedule")}), Status()},
      {"A pod which can't be scheduled on a dedicated node assigned to user2 with effect NoSchedule",
       pod_with_tolerations({toleration("dedicated", "Equal", "user2", "NoSchedule")}),
       node_with_taints({taint("dedicated", "user1", "NoSchedule")}), untolerated({"dedicated=user1:NoSchedule"})},
      {"A pod can be scheduled onto the node, with a toleration uses operator Exists that tolerates the taints on the "
       "node",
       pod_with_tolerations({toleration("foo", "Exists", "", "NoSchedule")}),
       node_with_taints({taint("foo", "bar", "NoSchedule")}), Status()},
      {"A pod has multiple tolerations, node has multiple taints, all the taints are tolerated, pod can be scheduled "
       "onto the node",
       pod_with_tolerations(
           {toleration("dedicated", "Equal", "user2", "NoSchedule"), toleration("foo", "Exists", "", "NoSchedule")}),
       node_with_taints({taint("dedicated", "user2", "NoSchedule"), taint("foo", "bar", "NoSchedule")}), Status()},
      {"A pod has a toleration that keys and values match the taint on the node, but (non-empty) effect doesn't "
       "match, can't be scheduled onto the node",
       pod_with_tolerations({toleration("foo", "Equal", "bar", "PreferNoSchedule")}),
       node_with_taints({taint("foo", "bar", "NoSchedule")}), untolerated({"foo=bar:NoSchedule"})},
      {"The pod has a toleration that keys and values match the taint on the node, the effect of toleration is "
       "empty, and the effect of taint is NoSchedule. Pod can be scheduled onto the node",
       pod_with_tolerations({toleration("foo", "Equal", "bar", "")}),
       node_with_taints({taint("foo", "bar", "NoSchedule")}), Status()},
      {"The pod has a toleration that key and value don't match the taint on the node, but the effect of taint on "
       "node is PreferNoSchedule. Pod can be scheduled onto the node",
       pod_with_tolerations({toleration("dedicated", "Equal", "user2", "NoSchedule")}),
       node_with_taints({taint("dedicated", "user1", "PreferNoSchedule")}), Status()},
      {"The pod has no toleration, but the effect of taint on node is PreferNoSchedule. Pod can be scheduled onto "
       "the node",
       pod_with_tolerations({}), node_with_taints({taint("dedicated", "user1", "PreferNoSchedule")}), Status()},
      {"Pod with Gt toleration cannot be scheduled on node when taint value is lower than threshold",
       pod_with_tolerations({toleration(priority, "Gt", "950", "NoSchedule")}),
       node_with_taints({taint(priority, "800", "NoSchedule")}), untolerated({priority + "=800:NoSchedule"}), true},
      {"Pod with Gt toleration can be scheduled on node when taint value is higher than threshold",
       pod_with_tolerations({toleration(sla, "Gt", "750", "NoSchedule")}),
       node_with_taints({taint(sla, "950", "NoSchedule")}), Status(), true},
      {"Pod with Lt toleration cannot be scheduled on node when taint value is higher than threshold",
       pod_with_tolerations({toleration(priority, "Lt", "800", "NoSchedule")}),
       node_with_taints({taint(priority, "950", "NoSchedule")}), untolerated({priority + "=950:NoSchedule"}), true},
      {"Pod with Lt toleration can be scheduled on node when taint value is lower than threshold",
       pod_with_tolerations({toleration(sla, "Lt", "950", "NoSchedule")}),
       node_with_taints({taint(sla, "800", "NoSchedule")}), Status(), true},
      {"Pod with Gt toleration cannot be scheduled on node with non-numeric taint value",
       pod_with_tolerations({toleration(sla, "Gt", "950", "NoSchedule")}),
       node_with_taints({taint(sla, "high", "NoSchedule")}), untolerated({sla + "=high:NoSchedule"}), true},
  });
}

TEST_CASE("TaintToleration: Filter with the TaintTolerationComparisonOperators gate") {
  const std::string sla = "node.kubernetes.io/sla";
  run_filter_cases({
      {"Pod with Gt toleration can be scheduled when feature gate is enabled and taint value is higher",
       pod_with_tolerations({toleration(sla, "Gt", "750", "NoSchedule")}),
       node_with_taints({taint(sla, "950", "NoSchedule")}), Status(), true},
      {"Pod with Gt toleration cannot be scheduled when feature gate is disabled",
       pod_with_tolerations({toleration(sla, "Gt", "750", "NoSchedule")}),
       node_with_taints({taint(sla, "950", "NoSchedule")}), untolerated({sla + "=950:NoSchedule"}), false},
      {"Pod with Lt toleration can be scheduled when feature gate is enabled and taint value is lower",
       pod_with_tolerations({toleration(sla, "Lt", "950", "NoSchedule")}),
       node_with_taints({taint(sla, "800", "NoSchedule")}), Status(), true},
      {"Pod with Lt toleration cannot be scheduled when feature gate is disabled",
       pod_with_tolerations({toleration(sla, "Lt", "950", "NoSchedule")}),
       node_with_taints({taint(sla, "800", "NoSchedule")}), untolerated({sla + "=800:NoSchedule"}), false},
      {"Pod with mixed tolerations (Equal and Gt) when feature gate is disabled - only Equal is honored",
       pod_with_tolerations(
           {toleration("dedicated", "Equal", "user1", "NoSchedule"), toleration(sla, "Gt", "750", "NoSchedule")}),
       node_with_taints({taint("dedicated", "user1", "NoSchedule")}), Status(), false},
      {"Pod with mixed tolerations, Gt toleration needed but filtered out when feature gate is disabled",
       pod_with_tolerations(
           {toleration("dedicated", "Equal", "user1", "NoSchedule"), toleration(sla, "Gt", "750", "NoSchedule")}),
       node_with_taints({taint("dedicated", "user1", "NoSchedule"), taint(sla, "950", "NoSchedule")}),
       untolerated({sla + "=950:NoSchedule"}), false},
  });
}

TEST_CASE("TaintToleration: Filter edge cases") {
  run_filter_cases({
      {"a node without taints takes any pod", pod_with_tolerations({}), node_with_taints({}), Status()},
      {"an untolerated NoExecute taint rejects the node", pod_with_tolerations({}),
       node_with_taints({taint("node.kubernetes.io/not-ready", "", "NoExecute")}),
       untolerated({"node.kubernetes.io/not-ready:NoExecute"})},
      {"a NoExecute toleration with tolerationSeconds still tolerates",
       pod_with_tolerations({Toleration{"node.kubernetes.io/not-ready", "Exists", "", "NoExecute", int64_t{300}}}),
       node_with_taints({taint("node.kubernetes.io/not-ready", "", "NoExecute")}), Status()},
      {"PreferNoSchedule taints are ignored even among others", pod_with_tolerations({toleration("a", "", "1", "")}),
       node_with_taints({taint("soft", "x", "PreferNoSchedule"), taint("a", "1", "NoSchedule")}), Status()},
      {"a taint with an effect the plugin does not know is ignored", pod_with_tolerations({}),
       node_with_taints({taint("odd", "x", "Sometimes")}), Status()},
      {"empty key with Exists tolerates every taint", pod_with_tolerations({toleration("", "Exists", "", "")}),
       node_with_taints({taint("a", "1", "NoSchedule"), taint("b", "", "NoExecute")}), Status()},
      {"empty key with Exists and effect NoSchedule leaves NoExecute taints untolerated",
       pod_with_tolerations({toleration("", "Exists", "", "NoSchedule")}),
       node_with_taints({taint("a", "1", "NoSchedule"), taint("b", "", "NoExecute")}), untolerated({"b:NoExecute"})},
      {"empty key with Equal (refused by validation) tolerates every taint whose value is empty",
       pod_with_tolerations({toleration("", "Equal", "", "")}),
       node_with_taints({taint("a", "", "NoSchedule"), taint("b", "1", "NoSchedule")}), untolerated({"b=1:NoSchedule"})},
      {"Exists on a key tolerates any value of that key",
       pod_with_tolerations({toleration("dedicated", "Exists", "", "")}),
       node_with_taints({taint("dedicated", "gpu", "NoSchedule"), taint("dedicated", "", "NoExecute")}), Status()},
      {"Equal with an empty value tolerates only the empty value",
       pod_with_tolerations({toleration("dedicated", "Equal", "", "")}),
       node_with_taints({taint("dedicated", "", "NoSchedule"), taint("dedicated", "gpu", "NoSchedule")}),
       untolerated({"dedicated=gpu:NoSchedule"})},
      {"keys compare exactly", pod_with_tolerations({toleration("Dedicated", "Exists", "", "")}),
       node_with_taints({taint("dedicated", "gpu", "NoSchedule")}), untolerated({"dedicated=gpu:NoSchedule"})},
      {"every untolerated taint is named, in the node's order, PreferNoSchedule ones left out",
       pod_with_tolerations({toleration("b", "Exists", "", "")}),
       node_with_taints({taint("a", "1", "NoSchedule"), taint("b", "2", "NoSchedule"), taint("c", "", "PreferNoSchedule"),
                         taint("d", "", "NoExecute")}),
       untolerated({"a=1:NoSchedule", "d:NoExecute"})},
      {"an unknown operator never tolerates", pod_with_tolerations({toleration("a", "In", "1", "")}),
       node_with_taints({taint("a", "1", "NoSchedule")}), untolerated({"a=1:NoSchedule"})},
  });
}

TEST_CASE("TaintToleration: a Deferred resize skips the plugin when InPlacePodVerticalScalingSchedulerPreemption is on") {
  FeatureGates gates;
  gates.in_place_pod_vertical_scaling_scheduler_preemption = true;
  auto plugin = new_taint_toleration(PluginContext{gates});
  CHECK(plugin->name() == "TaintToleration");
  const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
  const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);

  Pod deferred = pod_with_tolerations({});
  deferred.status.conditions.push_back({"PodResizePending", "True", "Deferred", ""});
  Pod plain = pod_with_tolerations({});
  // Upstream's node has no taints; a tainted node shows the Filter really is bypassed.
  for (const Node& node : {node_with_taints({}), node_with_taints({taint("dedicated", "gpu", "NoSchedule")})}) {
    CAPTURE(node.spec.taints.size());
    NodeInfoFixture fixture(node);
    const NodeInfo& node_info = fixture.info();
    PodInfo pod_info(deferred, gates);
    CycleState state;
    PreFilterResult result;
    CHECK(show(pre_filter.pre_filter(state, pod_info, snapshot, result)) == "Skip");
    CHECK(result.all_nodes());
    CHECK(show(filter.filter(state, pod_info, node_info)) == "Success");
  }

  // Only the Deferred reason counts; the first PodResizePending condition decides.
  NodeInfoFixture tainted(node_with_taints({taint("dedicated", "gpu", "NoSchedule")}));
  const NodeInfo& node_info = tainted.info();
  Pod infeasible = pod_with_tolerations({});
  infeasible.status.conditions.push_back({"PodResizePending", "True", "Infeasible", ""});
  infeasible.status.conditions.push_back({"PodResizePending", "True", "Deferred", ""});
  for (const Pod* pod : {&plain, &infeasible}) {
    PodInfo pod_info(*pod, gates);
    CycleState state;
    PreFilterResult result;
    CHECK(show(pre_filter.pre_filter(state, pod_info, snapshot, result)) == "Success");
    CHECK(show(filter.filter(state, pod_info, node_info)) == show(untolerated({"dedicated=gpu:NoSchedule"})));
  }

  // With the gate off (the default) a Deferred resize is filtered like any pod.
  FeatureGates defaults;
  TaintToleration off(defaults);
  PodInfo pod_info(deferred, defaults);
  CycleState state;
  PreFilterResult result;
  CHECK(show(off.pre_filter(state, pod_info, snapshot, result)) == "Success");
  CHECK(show(off.filter(state, pod_info, node_info)) == show(untolerated({"dedicated=gpu:NoSchedule"})));
}

TEST_CASE("TaintToleration: format_taint") {
  CHECK(format_taint(taint("dedicated", "gpu", "NoSchedule")) == "dedicated=gpu:NoSchedule");
  CHECK(format_taint(taint("dedicated", "", "NoSchedule")) == "dedicated:NoSchedule");
  CHECK(format_taint(taint("node.kubernetes.io/unreachable", "", "NoExecute")) ==
        "node.kubernetes.io/unreachable:NoExecute");
}

}  // namespace
}  // namespace podfit
