// TaintToleration scoring: taint_toleration_test.go (TestTaintTolerationScore).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builders.h"
#include "podfit/plugins/taint_toleration.h"
#include "score_test_support.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::PodBuilder;
using testing::ScoreCluster;
using testing::scores;
using testing::show_scores;
using testing::taint;
using testing::toleration;

Node node_with_taints(const std::string& name, const std::vector<Taint>& taints) {
  NodeBuilder node(name);
  for (const auto& t : taints) node.taint(t);
  return node;
}

Pod pod_with_tolerations(const std::vector<Toleration>& tolerations) {
  PodBuilder pod("pod1");
  for (const auto& t : tolerations) pod.toleration(t);
  return pod;
}

TEST_CASE("TaintToleration score: TestTaintTolerationScore") {
  struct Case {
    std::string name;
    Pod pod;
    std::vector<Node> nodes;
    NodeScoreList want;
    bool comparison_operators = false;
  };
  const std::vector<Case> cases = {
      {"node with taints tolerated by the pod, gets a higher score than those node with intolerable taints",
       pod_with_tolerations({toleration("foo", "Equal", "bar", "PreferNoSchedule")}),
       {node_with_taints("nodeA", {taint("foo", "bar", "PreferNoSchedule")}),
        node_with_taints("nodeB", {taint("foo", "blah", "PreferNoSchedule")})},
       scores({{"nodeA", 100}, {"nodeB", 0}})},
      {"the nodes that all of their taints are tolerated by the pod, get the same score, no matter how many "
       "tolerable taints a node has",
       pod_with_tolerations({toleration("cpu-type", "Equal", "arm64", "PreferNoSchedule"),
                             toleration("disk-type", "Equal", "ssd", "PreferNoSchedule")}),
       {node_with_taints("nodeA", {}), node_with_taints("nodeB", {taint("cpu-type", "arm64", "PreferNoSchedule")}),
        node_with_taints("nodeC", {taint("cpu-type", "arm64", "PreferNoSchedule"),
                                   taint("disk-type", "ssd", "PreferNoSchedule")})},
       scores({{"nodeA", 100}, {"nodeB", 100}, {"nodeC", 100}})},
      {"the more intolerable taints a node has, the lower score it gets.",
       pod_with_tolerations({toleration("foo", "Equal", "bar", "PreferNoSchedule")}),
       {node_with_taints("nodeA", {}), node_with_taints("nodeB", {taint("cpu-type", "arm64", "PreferNoSchedule")}),
        node_with_taints("nodeC", {taint("cpu-type", "arm64", "PreferNoSchedule"),
                                   taint("disk-type", "ssd", "PreferNoSchedule")})},
       scores({{"nodeA", 100}, {"nodeB", 50}, {"nodeC", 0}})},
      {"only taints and tolerations that have effect PreferNoSchedule are checked by taints-tolerations priority "
       "function",
       pod_with_tolerations({toleration("cpu-type", "Equal", "arm64", "NoSchedule"),
                             toleration("disk-type", "Equal", "ssd", "NoSchedule")}),
       {node_with_taints("nodeA", {}), node_with_taints("nodeB", {taint("cpu-type", "arm64", "NoSchedule")}),
        node_with_taints("nodeC", {taint("cpu-type", "arm64", "PreferNoSchedule"),
                                   taint("disk-type", "ssd", "PreferNoSchedule")})},
       scores({{"nodeA", 100}, {"nodeB", 100}, {"nodeC", 0}})},
      {"Default behaviour No taints and tolerations, lands on node with no taints",
       pod_with_tolerations({}),
       {node_with_taints("nodeA", {}), node_with_taints("nodeB", {taint("cpu-type", "arm64", "PreferNoSchedule")})},
       scores({{"nodeA", 100}, {"nodeB", 0}})},
      {"Numeric Gt operator: pod with Gt toleration prefers nodes with matching SLA taint",
       pod_with_tolerations({toleration("node.kubernetes.io/sla", "Gt", "950", "PreferNoSchedule")}),
       {node_with_taints("nodeA", {taint("node.kubernetes.io/sla", "800", "PreferNoSchedule")}),
        node_with_taints("nodeB", {taint("node.kubernetes.io/sla", "999", "PreferNoSchedule")})},
       scores({{"nodeA", 0}, {"nodeB", 100}}),
       true},
      {"Numeric Lt operator: pod with Lt toleration prefers nodes with matching SLA taint",
       pod_with_tolerations({toleration("node.kubernetes.io/sla", "Lt", "800", "PreferNoSchedule")}),
       {node_with_taints("nodeA", {taint("node.kubernetes.io/sla", "950", "PreferNoSchedule")}),
        node_with_taints("nodeB", {taint("node.kubernetes.io/sla", "700", "PreferNoSchedule")})},
       scores({{"nodeA", 0}, {"nodeB", 100}}),
       true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      FeatureGates gates;
      gates.taint_toleration_comparison_operators = c.comparison_operators;
      TaintToleration plugin(gates);
      ScoreCluster cluster(c.nodes, {}, gates);
      auto run = testing::run_plugin_scoring(&plugin, plugin, c.pod, cluster, cluster.nodes(), gates);
      CHECK(run.pre_score.is_success());
      CHECK(run.score.is_success());
      CHECK_MESSAGE(run.scores == c.want, show_scores(run.scores));
    }
  }
}

TEST_CASE("TaintToleration score: Error without PreScore state") {
  TaintToleration plugin(FeatureGates{});
  ScoreCluster cluster({node_with_taints("nodeA", {})});
  auto run = testing::run_plugin_scoring(&plugin, plugin, pod_with_tolerations({}), cluster, cluster.nodes(), {},
                                         /*run_pre_score=*/false);
  CHECK(testing::show(run.score) ==
        "Error: failed to read \"PreScoreTaintToleration\" from cycleState: not found");
}

}  // namespace
}  // namespace podfit
