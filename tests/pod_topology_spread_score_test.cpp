// PodTopologySpread scoring: scoring_test.go (TestPodTopologySpreadScore) plus the PreScore
// skips and the caveat for system-defaulted pods.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "builders.h"
#include "score_test_support.h"
#include "podfit/plugins/pod_topology_spread/pod_topology_spread.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::PodBuilder;
using testing::ScoreCluster;
using testing::scores;
using testing::show_scores;

constexpr const char* kHostname = "kubernetes.io/hostname";

// st.MakeLabelSelector().Exists(key).
std::optional<LabelSelector> exists(const std::string& key) {
  LabelSelector selector;
  selector.match_expressions.push_back({key, "Exists", {}});
  return selector;
}

struct Spread {
  int32_t max_skew;
  std::string key;
  std::optional<LabelSelector> selector;
  std::optional<int32_t> min_domains = std::nullopt;
  std::optional<std::string> node_affinity_policy = std::nullopt;
  std::optional<std::string> node_taints_policy = std::nullopt;
  std::vector<std::string> match_label_keys = {};
};

// st.MakePod().Name(name).Label(k, "")... with ScheduleAnyway spread constraints.
Pod pod(const std::string& name, const std::vector<std::string>& labels, const std::vector<Spread>& spreads = {}) {
  PodBuilder builder(name);
  for (const auto& label : labels) builder.label(label, "");
  Pod p = builder;
  for (const auto& s : spreads) {
    TopologySpreadConstraint c;
    c.max_skew = s.max_skew;
    c.topology_key = s.key;
    c.when_unsatisfiable = "ScheduleAnyway";
    c.label_selector = s.selector;
    c.min_domains = s.min_domains;
    c.node_affinity_policy = s.node_affinity_policy;
    c.node_taints_policy = s.node_taints_policy;
    c.match_label_keys = s.match_label_keys;
    p.spec.topology_spread_constraints.push_back(c);
  }
  return p;
}

// st.MakePod().Name(name).Node(node).Label(k, "")...
Pod running(const std::string& name, const std::string& node, const std::vector<std::string>& labels) {
  PodBuilder builder(name);
  builder.node(node);
  for (const auto& label : labels) builder.label(label, "");
  return builder;
}

Node node(const std::string& name, const std::vector<std::pair<std::string, std::string>>& labels) {
  NodeBuilder builder(name);
  for (const auto& [key, value] : labels) builder.label(key, value);
  return builder;
}

Node host(const std::string& name) { return node(name, {{kHostname, name}}); }
Node zoned(const std::string& name, const std::string& zone) { return node(name, {{"zone", zone}, {kHostname, name}}); }

std::vector<Pod> pods_on(const std::vector<std::pair<std::string, int>>& per_node, const std::string& label = "foo") {
  std::vector<Pod> out;
  for (const auto& [node_name, count] : per_node) {
    for (int i = 0; i < count; ++i) {
      out.push_back(running("p-" + node_name + std::to_string(i), node_name, {label}));
    }
  }
  return out;
}

struct Case {
  std::string name;
  Pod pod;
  std::vector<Pod> existing;
  std::vector<Node> nodes;         // feasible
  std::vector<Node> failed_nodes;  // in the cluster, not feasible
  NodeScoreList want;
  bool node_inclusion_policy = false;
  bool match_label_keys = false;
  SpreadDefaultSelector default_selector = {};
};

void run_cases(const std::vector<Case>& cases) {
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      FeatureGates gates;
      gates.node_inclusion_policy_in_pod_topology_spread = c.node_inclusion_policy;
      gates.match_label_keys_in_pod_topology_spread = c.match_label_keys;
      PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{}, gates, c.default_selector);
      std::vector<Node> all = c.nodes;
      all.insert(all.end(), c.failed_nodes.begin(), c.failed_nodes.end());
      std::vector<std::string> feasible;
      for (const auto& n : c.nodes) feasible.push_back(n.metadata.name);
      ScoreCluster cluster(all, c.existing, gates);
      auto run = testing::run_plugin_scoring(&plugin, plugin, c.pod, cluster, cluster.nodes(feasible), gates);
      CHECK(testing::show(run.pre_score) == "Success");
      CHECK(run.score.is_success());
      CHECK_MESSAGE(run.scores == c.want, show_scores(run.scores));
    }
  }
}

TEST_CASE("PodTopologySpread score: TestPodTopologySpreadScore") {
  const auto foo = exists("foo");
  const auto bar = exists("bar");
  const Taint unschedulable = testing::taint("node.kubernetes.io/unschedulable", "", "NoSchedule");
  Pod terminating = running("p-a", "node-a", {"foo"});
  terminating.metadata.deletion_timestamp = "2026-01-01T00:00:00Z";
  Pod other_namespace = running("p-a1", "node-a", {"foo"});
  other_namespace.metadata.namespace_ = "ns1";

  Pod with_node_selector = pod("p", {"foo"}, {{1, "node", foo}});
  with_node_selector.spec.node_selector.set("foo", "");
  Pod with_node_selector_ignored = pod("p", {"foo"}, {{1, "node", foo, std::nullopt, "Ignore"}});
  with_node_selector_ignored.spec.node_selector.set("foo", "");
  NodeSelector foo_in_empty;
  foo_in_empty.node_selector_terms.push_back(NodeSelectorTerm{{{"foo", "In", {""}}}, {}});
  Pod with_affinity = pod("p", {"foo"}, {{1, "node", foo}});
  with_affinity.spec.affinity.emplace();
  with_affinity.spec.affinity->node_affinity.emplace();
  with_affinity.spec.affinity->node_affinity->required = foo_in_empty;
  Pod with_affinity_ignored = pod("p", {"foo"}, {{1, "node", foo, std::nullopt, "Ignore"}});
  with_affinity_ignored.spec.affinity = with_affinity.spec.affinity;

  const std::vector<Node> policy_nodes = {node("node-a", {{"node", "node-a"}, {"foo", ""}}),
                                          node("node-b", {{"node", "node-b"}, {"foo", ""}}),
                                          node("node-c", {{"node", "node-c"}})};
  Node tainted_c = node("node-c", {{"node", "node-c"}});
  tainted_c.spec.taints.push_back(unschedulable);
  const std::vector<Node> taint_nodes = {node("node-a", {{"node", "node-a"}}), node("node-b", {{"node", "node-b"}}),
                                         tainted_c};
  const std::vector<Pod> policy_pods = pods_on({{"node-a", 2}, {"node-b", 1}, {"node-c", 1}});

  auto service_selector = [](const Pod&) {
    StringMap labels;
    labels.set("foo", "");
    return Selector::from_set(labels);
  };
  const std::vector<Node> zone_nodes4 = {zoned("node-a", "zone1"), zoned("node-b", "zone1"), zoned("node-c", "zone2"),
                                         zoned("node-d", "zone2")};
  const std::vector<Pod> label_key_pods = {running("p-a1", "node-a", {"foo"}), running("p-b1", "node-b", {"foo", "bar"}),
                                           running("p-y1", "node-c", {"foo"}), running("p-y2", "node-c", {"bar"})};
  std::optional<LabelSelector> empty_selector = LabelSelector{};

  const std::vector<Case> cases = {
      {"one constraint on node, no existing pods",
       pod("p", {"foo"}, {{1, kHostname, foo}}),
       {},
       {host("node-a"), host("node-b")},
       {},
       scores({{"node-a", 100}, {"node-b", 100}})},
      {"one constraint on node, only one node is candidate",
       pod("p", {"foo"}, {{1, kHostname, foo}}),
       pods_on({{"node-a", 2}, {"node-b", 1}}),
       {host("node-a")},
       {host("node-b")},
       scores({{"node-a", 100}})},
      {"one constraint on node, all nodes have the same number of matching pods",
       pod("p", {"foo"}, {{1, kHostname, foo}}),
       pods_on({{"node-a", 1}, {"node-b", 1}}),
       {host("node-a"), host("node-b")},
       {},
       scores({{"node-a", 100}, {"node-b", 100}})},
      {"one constraint on node, all 4 nodes are candidates",
       pod("p", {"foo"}, {{1, kHostname, foo}}),
       pods_on({{"node-a", 2}, {"node-b", 1}, {"node-d", 3}}),
       {host("node-a"), host("node-b"), host("node-c"), host("node-d")},
       {},
       scores({{"node-a", 20}, {"node-b", 60}, {"node-c", 100}, {"node-d", 0}})},
      {"one constraint on node, null selector",
       pod("p", {"foo"}, {{1, kHostname, std::nullopt}}),
       pods_on({{"node-a", 2}, {"node-b", 1}, {"node-d", 3}}),
       {host("node-a"), host("node-b"), host("node-c"), host("node-d")},
       {},
       scores({{"node-a", 100}, {"node-b", 100}, {"node-c", 100}, {"node-d", 100}})},
      // kubernetes#141340: an empty selector counts every pod of the namespace, whatever its labels.
      {"one constraint on node, empty selector",
       pod("p", {"foo"}, {{1, kHostname, LabelSelector{}}}),
       [] {
         std::vector<Pod> all = pods_on({{"node-a", 2}, {"node-b", 1}});
         for (Pod& other : pods_on({{"node-d", 3}}, "bar")) all.push_back(std::move(other));
         return all;
       }(),
       {host("node-a"), host("node-b"), host("node-c"), host("node-d")},
       {},
       scores({{"node-a", 20}, {"node-b", 60}, {"node-c", 100}, {"node-d", 0}})},
      {"one constraint on node, all 4 nodes are candidates, maxSkew=2",
       pod("p", {"foo"}, {{2, kHostname, foo}}),
       pods_on({{"node-a", 2}, {"node-b", 1}, {"node-d", 3}}),
       {host("node-a"), host("node-b"), host("node-c"), host("node-d")},
       {},
       scores({{"node-a", 33}, {"node-b", 66}, {"node-c", 100}, {"node-d", 16}})},
      {"one constraint on node, all 4 nodes are candidates, maxSkew=3",
       pod("p", {"foo"}, {{3, kHostname, foo}}),
       pods_on({{"node-a", 4}, {"node-b", 3}, {"node-c", 2}, {"node-d", 1}}),
       {host("node-a"), host("node-b"), host("node-c"), host("node-d")},
       {},
       scores({{"node-a", 44}, {"node-b", 66}, {"node-c", 77}, {"node-d", 100}})},
      {"system defaulting, nodes don't have zone, pods match service",
       pod("p", {"foo"}),
       pods_on({{"node-a", 4}, {"node-b", 3}, {"node-c", 2}, {"node-d", 1}}),
       {host("node-a"), host("node-b"), host("node-c"), host("node-d")},
       {},
       scores({{"node-a", 44}, {"node-b", 66}, {"node-c", 77}, {"node-d", 100}}),
       false,
       false,
       service_selector},
      {"one constraint on node, 3 out of 4 nodes are candidates",
       pod("p", {"foo"}, {{1, kHostname, foo}}),
       pods_on({{"node-a", 4}, {"node-b", 2}, {"node-x", 1}, {"node-y", 3}}),
       {host("node-a"), host("node-b"), host("node-x")},
       {host("node-y")},
       scores({{"node-a", 33}, {"node-b", 83}, {"node-x", 100}})},
      {"one constraint on node, 3 out of 4 nodes are candidates, one node doesn't match topology key",
       pod("p", {"foo"}, {{1, kHostname, foo}}),
       pods_on({{"node-a", 4}, {"node-b", 2}, {"node-x", 1}, {"node-y", 3}}),
       {host("node-a"), node("node-b", {{"n", "node-b"}}), host("node-x")},
       {host("node-y")},
       scores({{"node-a", 16}, {"node-b", 0}, {"node-x", 100}})},
      {"one constraint on zone, 3 out of 4 nodes are candidates",
       pod("p", {"foo"}, {{1, "zone", foo}}),
       pods_on({{"node-a", 4}, {"node-b", 2}, {"node-x", 1}, {"node-y", 3}}),
       {zoned("node-a", "zone1"), zoned("node-b", "zone1"), zoned("node-x", "zone2")},
       {zoned("node-y", "zone2")},
       scores({{"node-a", 75}, {"node-b", 75}, {"node-x", 100}})},
      {"two Constraints on zone and node, 2 out of 4 nodes are candidates",
       pod("p", {"foo"}, {{1, "zone", foo}, {1, kHostname, foo}}),
       pods_on({{"node-a", 2}, {"node-b", 1}, {"node-x", 2}, {"node-y", 4}}),
       {zoned("node-a", "zone1"), zoned("node-x", "zone2")},
       {zoned("node-b", "zone1"), zoned("node-y", "zone2")},
       scores({{"node-a", 100}, {"node-x", 63}})},
      {"two Constraints on zone and node, with different labelSelectors",
       pod("p", {"foo", "bar"}, {{1, "zone", foo}, {1, kHostname, bar}}),
       {running("p-a1", "node-a", {"foo"}), running("p-b1", "node-b", {"foo", "bar"}),
        running("p-y1", "node-y", {"foo"}), running("p-y2", "node-y", {"bar"})},
       {zoned("node-a", "zone1"), zoned("node-b", "zone1"), zoned("node-x", "zone2"), zoned("node-y", "zone2")},
       {},
       scores({{"node-a", 60}, {"node-b", 20}, {"node-x", 100}, {"node-y", 60}})},
      {"two Constraints on zone and node, with different labelSelectors, some nodes have 0 pods",
       pod("p", {"foo", "bar"}, {{1, "zone", foo}, {1, kHostname, bar}}),
       {running("p-b1", "node-b", {"bar"}), running("p-x1", "node-x", {"foo"}),
        running("p-y1", "node-y", {"foo", "bar"})},
       {zoned("node-a", "zone1"), zoned("node-b", "zone1"), zoned("node-x", "zone2"), zoned("node-y", "zone2")},
       {},
       scores({{"node-a", 100}, {"node-b", 60}, {"node-x", 40}, {"node-y", 0}})},
      {"two Constraints on zone and node, with different labelSelectors, 3 out of 4 nodes are candidates",
       pod("p", {"foo", "bar"}, {{1, "zone", foo}, {1, kHostname, bar}}),
       {running("p-a1", "node-a", {"foo"}), running("p-b1", "node-b", {"foo", "bar"}),
        running("p-y1", "node-y", {"foo"}), running("p-y2", "node-y", {"bar"})},
       {zoned("node-a", "zone1"), zoned("node-b", "zone1"), zoned("node-x", "zone2")},
       {zoned("node-y", "zone2")},
       scores({{"node-a", 50}, {"node-b", 25}, {"node-x", 100}})},
      {"existing pods in a different namespace do not count",
       pod("p", {"foo"}, {{1, kHostname, foo}}),
       {other_namespace, running("p-a2", "node-a", {"foo"}), running("p-b1", "node-b", {"foo"}),
        running("p-b2", "node-b", {"foo"})},
       {host("node-a"), host("node-b")},
       {},
       scores({{"node-a", 100}, {"node-b", 33}})},
      {"terminating Pods should be excluded",
       pod("p", {"foo"}, {{1, kHostname, foo}}),
       {terminating, running("p-b", "node-b", {"foo"})},
       {host("node-a"), host("node-b")},
       {},
       scores({{"node-a", 100}, {"node-b", 0}})},
      {"minDomains has no effect when ScheduleAnyway",
       pod("p", {"foo"}, {{2, "node", foo, 10}}),
       pods_on({{"node-a", 2}, {"node-b", 2}, {"node-c", 1}}),
       {node("node-a", {{"node", "node-a"}}), node("node-b", {{"node", "node-b"}}), node("node-c", {{"node", "node-c"}})},
       {},
       scores({{"node-a", 75}, {"node-b", 75}, {"node-c", 100}})},
      {"NodeAffinityPolicy honoed with labelSelectors",
       with_node_selector,
       policy_pods,
       policy_nodes,
       {},
       scores({{"node-a", 0}, {"node-b", 33}, {"node-c", 100}}),
       true},
      {"NodeAffinityPolicy ignored with labelSelectors",
       with_node_selector_ignored,
       policy_pods,
       policy_nodes,
       {},
       scores({{"node-a", 66}, {"node-b", 100}, {"node-c", 100}}),
       true},
      {"NodeAffinityPolicy honoed with nodeAffinity",
       with_affinity,
       policy_pods,
       policy_nodes,
       {},
       scores({{"node-a", 0}, {"node-b", 33}, {"node-c", 100}}),
       true},
      {"NodeAffinityPolicy ignored with nodeAffinity",
       with_affinity_ignored,
       policy_pods,
       policy_nodes,
       {},
       scores({{"node-a", 66}, {"node-b", 100}, {"node-c", 100}}),
       true},
      {"NodeTaintsPolicy honored",
       pod("p", {"foo"}, {{1, "node", foo, std::nullopt, std::nullopt, "Honor"}}),
       policy_pods,
       taint_nodes,
       {},
       scores({{"node-a", 0}, {"node-b", 33}, {"node-c", 100}}),
       true},
      {"NodeTaintsPolicy ignored",
       pod("p", {"foo"}, {{1, "node", foo}}),
       policy_pods,
       taint_nodes,
       {},
       scores({{"node-a", 66}, {"node-b", 100}, {"node-c", 100}}),
       true},
      {"matchLabelKeys ignored when feature gate disabled",
       pod("p", {"foo", "bar", "baz"},
           {{1, "zone", foo, std::nullopt, std::nullopt, std::nullopt, {"baz"}},
            {1, kHostname, bar, std::nullopt, std::nullopt, std::nullopt, {"baz"}}}),
       label_key_pods,
       zone_nodes4,
       {},
       scores({{"node-a", 60}, {"node-b", 20}, {"node-c", 60}, {"node-d", 100}}),
       false,
       false},
      {"matchLabelKeys ANDed with LabelSelector when LabelSelector is empty",
       pod("p", {"foo", "bar"},
           {{1, "zone", empty_selector, std::nullopt, std::nullopt, std::nullopt, {"foo"}},
            {1, kHostname, empty_selector, std::nullopt, std::nullopt, std::nullopt, {"bar"}}}),
       label_key_pods,
       zone_nodes4,
       {},
       scores({{"node-a", 60}, {"node-b", 20}, {"node-c", 60}, {"node-d", 100}}),
       false,
       true},
      {"matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
       pod("p", {"foo", "bar", "baz"},
           {{1, "zone", foo}, {1, kHostname, bar, std::nullopt, std::nullopt, std::nullopt, {"baz"}}}),
       {running("p-a1", "node-a", {"foo"}), running("p-b1", "node-b", {"foo", "bar", "baz"}),
        running("p-c1", "node-c", {"foo"}), running("p-c2", "node-c", {"bar"}),
        running("p-d3", "node-c", {"bar", "baz"})},
       zone_nodes4,
       {},
       scores({{"node-a", 60}, {"node-b", 20}, {"node-c", 60}, {"node-d", 100}}),
       false,
       true},
  };
  run_cases(cases);
}

TEST_CASE("PodTopologySpread score: PreScore skips") {
  const FeatureGates gates;
  PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{}, gates);
  SUBCASE("no nodes in the snapshot") {
    ScoreCluster cluster({});
    auto run = testing::run_plugin_scoring(&plugin, plugin, pod("p", {"foo"}, {{1, kHostname, exists("foo")}}),
                                           cluster, {}, gates);
    CHECK(run.pre_score.code() == Code::Skip);
  }
  SUBCASE("only DoNotSchedule constraints") {
    ScoreCluster cluster({host("node-a")});
    Pod p = pod("p", {"foo"}, {{1, kHostname, exists("foo")}});
    p.spec.topology_spread_constraints[0].when_unsatisfiable = "DoNotSchedule";
    auto run = testing::run_plugin_scoring(&plugin, plugin, p, cluster, cluster.nodes(), gates);
    CHECK(run.pre_score.code() == Code::Skip);
  }
  SUBCASE("system defaults without a default selector: dropped, with a caveat for a labeled pod") {
    ScoreCluster cluster({host("node-a")});
    auto run = testing::run_plugin_scoring(&plugin, plugin, pod("p", {"foo"}), cluster, cluster.nodes(), gates);
    CHECK(run.pre_score.code() == Code::Skip);
    CHECK(plugin.score_caveat(pod("p", {"foo"})).has_value());
    CHECK_FALSE(plugin.score_caveat(pod("p", {})).has_value());
    CHECK_FALSE(plugin.score_caveat(pod("p", {"foo"}, {{1, kHostname, exists("foo")}})).has_value());
  }
  SUBCASE("a selector that does not parse") {
    ScoreCluster cluster({host("node-a")});
    LabelSelector bad;
    bad.match_expressions.push_back({"foo", "In", {}});
    auto run = testing::run_plugin_scoring(&plugin, plugin, pod("p", {"foo"}, {{1, kHostname, bad}}), cluster,
                                           cluster.nodes(), gates);
    CHECK(run.pre_score.code() == Code::Error);
    CHECK(run.pre_score.message().starts_with(
        "calculating preScoreState: obtaining pod's soft topology spread constraints: "));
  }
}


// As a Go map lookup gives "" for a missing label, a node without the zone label counts toward
// the "" domain of a feasible node labelled zone="" (system defaults do not require the label):
// node-a's score counts node-c's three pods.
TEST_CASE("PodTopologySpread score: a node without the label counts in the \"\" domain") {
  Case c{"system defaults, zone \"\" and no zone",
         pod("p", {"foo"}),
         pods_on({{"node-b", 1}, {"node-c", 3}}),
         {node("node-a", {{"topology.kubernetes.io/zone", ""}, {kHostname, "node-a"}}),
          node("node-b", {{"topology.kubernetes.io/zone", "z1"}, {kHostname, "node-b"}})},
         {host("node-c")},
         {{"node-a", 90}, {"node-b", 100}}};
  c.default_selector = [](const Pod&) { return *Selector::from_label_selector(exists("foo")); };
  run_cases({c});
}

}  // namespace
}  // namespace podfit
