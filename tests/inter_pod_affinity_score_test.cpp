// InterPodAffinity scoring: scoring_test.go (TestPreferredAffinity,
// TestPreferredAffinityWithHardPodAffinitySymmetricWeight).
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "builders.h"
#include "score_test_support.h"
#include "podfit/plugins/inter_pod_affinity/inter_pod_affinity.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::ScoreCluster;
using testing::scores;
using testing::show_scores;

using Labels = std::vector<std::pair<std::string, std::string>>;

Node node(const std::string& name, const Labels& labels) {
  NodeBuilder builder(name);
  for (const auto& [key, value] : labels) builder.label(key, value);
  return builder;
}

// A pod in namespace `ns` ("" as the Go tests leave it) on `node_name` ("" for the pod being scheduled).
Pod pod(const std::string& name, const std::string& node_name, const Labels& labels,
        const std::optional<Affinity>& affinity = std::nullopt, const std::string& ns = "") {
  Pod p;
  p.metadata.name = name;
  p.metadata.namespace_ = ns;
  for (const auto& [key, value] : labels) p.metadata.labels.set(key, value);
  p.spec.node_name = node_name;
  p.spec.affinity = affinity;
  return p;
}

LabelSelectorRequirement req(std::string key, std::string op, std::vector<std::string> values = {}) {
  return LabelSelectorRequirement{std::move(key), std::move(op), std::move(values)};
}

PodAffinityTerm term(std::vector<LabelSelectorRequirement> expressions, std::string topology_key,
                     std::vector<std::string> namespaces = {},
                     std::optional<LabelSelector> namespace_selector = std::nullopt) {
  PodAffinityTerm t;
  LabelSelector selector;
  selector.match_expressions = std::move(expressions);
  t.label_selector = selector;
  t.topology_key = std::move(topology_key);
  t.namespaces = std::move(namespaces);
  t.namespace_selector = std::move(namespace_selector);
  return t;
}

Affinity preferred_affinity(std::vector<WeightedPodAffinityTerm> terms) {
  Affinity a;
  a.pod_affinity.emplace();
  a.pod_affinity->preferred = std::move(terms);
  return a;
}

Affinity preferred_anti_affinity(std::vector<WeightedPodAffinityTerm> terms) {
  Affinity a;
  a.pod_anti_affinity.emplace();
  a.pod_anti_affinity->preferred = std::move(terms);
  return a;
}

std::vector<Namespace> team_namespaces() {
  std::vector<Namespace> out;
  for (const auto& [name, team] : std::vector<std::pair<std::string, std::string>>{{"subteam1.team1", "team1"},
                                                                                  {"subteam2.team1", "team1"},
                                                                                  {"subteam1.team2", "team2"},
                                                                                  {"subteam2.team2", "team2"}}) {
    Namespace ns;
    ns.metadata.name = name;
    ns.metadata.labels.set("team", team);
    out.push_back(ns);
  }
  return out;
}

LabelSelector team1_selector() {
  LabelSelector s;
  s.match_expressions.push_back(req("team", "In", {"team1"}));
  return s;
}

struct Case {
  std::string name;
  Pod pod;
  std::vector<Pod> pods;
  std::vector<Node> nodes;
  NodeScoreList want;
  std::string want_pre_score = "Success";  // or a prefix of the status
  InterPodAffinityArgs args = {};
};

void run_cases(const std::vector<Case>& cases) {
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const FeatureGates gates;
      InterPodAffinity plugin(gates, c.args);
      ScoreCluster cluster(c.nodes, c.pods, gates, team_namespaces());
      auto run = testing::run_plugin_scoring(&plugin, plugin, c.pod, cluster, cluster.nodes(), gates);
      CHECK(testing::show(run.pre_score).starts_with(c.want_pre_score));
      if (!run.pre_score.is_success()) continue;
      CHECK(run.score.is_success());
      CHECK_MESSAGE(run.scores == c.want, show_scores(run.scores));
    }
  }
}

TEST_CASE("InterPodAffinity score: TestPreferredAffinity") {
  const Labels rg_china = {{"region", "China"}};
  const Labels rg_india = {{"region", "India"}};
  const Labels az1 = {{"az", "az1"}};
  const Labels az2 = {{"az", "az2"}};
  const Labels rg_china_az1 = {{"region", "China"}, {"az", "az1"}};
  const Labels s1 = {{"security", "S1"}};
  const Labels s2 = {{"security", "S2"}};

  const Affinity stay_with_s1_in_region = preferred_affinity({{5, term({req("security", "In", {"S1"})}, "region")}});
  const Affinity stay_with_s2_in_region = preferred_affinity({{6, term({req("security", "In", {"S2"})}, "region")}});
  const Affinity affinity3 = preferred_affinity(
      {{8, term({req("security", "NotIn", {"S1"}), req("security", "In", {"S2"})}, "region")},
       {2, term({req("security", "Exists"), req("wrongkey", "DoesNotExist")}, "region")}});
  Affinity hard_affinity;
  hard_affinity.pod_affinity.emplace();
  hard_affinity.pod_affinity->required = {term({req("security", "In", {"S1", "value2"})}, "region"),
                                          term({req("security", "Exists"), req("wrongkey", "DoesNotExist")}, "region")};
  const Affinity away_from_s1_in_az = preferred_anti_affinity({{5, term({req("security", "In", {"S1"})}, "az")}});
  const Affinity away_from_s2_in_az = preferred_anti_affinity({{5, term({req("security", "In", {"S2"})}, "az")}});
  Affinity stay_s1_away_s2 = preferred_affinity({{8, term({req("security", "In", {"S1"})}, "region")}});
  stay_s1_away_s2.pod_anti_affinity = away_from_s2_in_az.pod_anti_affinity;
  const Affinity affinity_namespace_selector = preferred_affinity(
      {{5, term({req("security", "In", {"S1"})}, "region", {"subteam2.team2"}, team1_selector())}});
  const Affinity anti_affinity_namespace_selector = preferred_anti_affinity(
      {{5, term({req("security", "In", {"S1"})}, "region", {"subteam2.team2"}, team1_selector())}});
  const Affinity invalid_affinity =
      preferred_affinity({{8, term({req("security", "In", {"{{.bad-value.}}"})}, "region")}});
  const Affinity invalid_anti_affinity =
      preferred_anti_affinity({{5, term({req("security", "In", {"{{.bad-value.}}"})}, "az")}});

  InterPodAffinityArgs ignore;
  ignore.ignore_preferred_terms_of_existing_pods = true;

  const std::vector<Case> cases = {
      {"all nodes are same priority as Affinity is nil",
       pod("p", "", s1),
       {},
       {node("node1", rg_china), node("node2", rg_india), node("node3", az1)},
       {},
       "Skip"},
      {"Affinity: pod that matches topology key & pods in nodes will get high score comparing to others which "
       "doesn't match either pods in nodes or in topology key",
       pod("p", "", s1, stay_with_s1_in_region),
       {pod("e1", "node1", s1), pod("e2", "node2", s2), pod("e3", "node3", s1)},
       {node("node1", rg_china), node("node2", rg_india), node("node3", az1)},
       scores({{"node1", 100}, {"node2", 0}, {"node3", 0}})},
      {"All the nodes that have the same topology key & label value with one of them has an existing pod that match "
       "the affinity rules, have the same score",
       pod("p", "", {}, stay_with_s1_in_region),
       {pod("e1", "node1", s1)},
       {node("node1", rg_china), node("node2", rg_china_az1), node("node3", rg_india)},
       scores({{"node1", 100}, {"node2", 100}, {"node3", 0}})},
      {"Affinity: nodes in one region has more matching pods comparing to other region, so the region which has "
       "more matches will get high score",
       pod("p", "", s1, stay_with_s2_in_region),
       {pod("e1", "node1", s2), pod("e2", "node1", s2), pod("e3", "node2", s2), pod("e4", "node3", s2),
        pod("e5", "node4", s2), pod("e6", "node5", s2)},
       {node("node1", rg_china), node("node2", rg_india), node("node3", rg_china), node("node4", rg_china),
        node("node5", rg_india)},
       scores({{"node1", 100}, {"node2", 0}, {"node3", 100}, {"node4", 100}, {"node5", 0}})},
      {"Affinity: different Label operators and values for pod affinity scheduling preference, including some match "
       "failures",
       pod("p", "", s1, affinity3),
       {pod("e1", "node1", s1), pod("e2", "node2", s2), pod("e3", "node3", s1)},
       {node("node1", rg_china), node("node2", rg_india), node("node3", az1)},
       scores({{"node1", 20}, {"node2", 100}, {"node3", 0}})},
      {"Affinity symmetry: considered only the preferredDuringSchedulingIgnoredDuringExecution in pod affinity "
       "symmetry",
       pod("p", "", s2),
       {pod("e1", "node1", s1, stay_with_s1_in_region), pod("e2", "node2", s2, stay_with_s2_in_region)},
       {node("node1", rg_china), node("node2", rg_india), node("node3", az1)},
       scores({{"node1", 0}, {"node2", 100}, {"node3", 0}})},
      {"Affinity symmetry with namespace selector",
       pod("p", "", s1, std::nullopt, "subteam1.team1"),
       {pod("e1", "node1", s1, affinity_namespace_selector), pod("e2", "node2", s2, stay_with_s2_in_region)},
       {node("node1", rg_china), node("node2", rg_india), node("node3", az1)},
       scores({{"node1", 100}, {"node2", 0}, {"node3", 0}})},
      {"AntiAffinity symmetry with namespace selector",
       pod("p", "", s1, std::nullopt, "subteam1.team1"),
       {pod("e1", "node1", s1, anti_affinity_namespace_selector), pod("e2", "node2", s2, stay_with_s2_in_region)},
       {node("node1", rg_china), node("node2", rg_india), node("node3", az1)},
       scores({{"node1", 0}, {"node2", 100}, {"node3", 100}})},
      {"Affinity symmetry: considered RequiredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry",
       pod("p", "", s1),
       {pod("e1", "node1", s1, hard_affinity), pod("e2", "node2", s2, hard_affinity)},
       {node("node1", rg_china), node("node2", rg_india), node("node3", az1)},
       scores({{"node1", 100}, {"node2", 100}, {"node3", 0}})},
      {"Anti Affinity: pod that does not match existing pods in node will get high score",
       pod("p", "", s1, away_from_s1_in_az),
       {pod("e1", "node1", s1), pod("e2", "node2", s2)},
       {node("node1", az1), node("node2", rg_china)},
       scores({{"node1", 0}, {"node2", 100}})},
      {"Anti Affinity: pod that does not match topology key & match the pods in nodes will get higher score "
       "comparing to others",
       pod("p", "", s1, away_from_s1_in_az),
       {pod("e1", "node1", s1), pod("e2", "node2", s1)},
       {node("node1", az1), node("node2", rg_china)},
       scores({{"node1", 0}, {"node2", 100}})},
      {"Anti Affinity: one node has more matching pods comparing to other node, so the node which has more "
       "unmatches will get high score",
       pod("p", "", s1, away_from_s1_in_az),
       {pod("e1", "node1", s1), pod("e2", "node1", s1), pod("e3", "node2", s2)},
       {node("node1", az1), node("node2", rg_india)},
       scores({{"node1", 0}, {"node2", 100}})},
      {"Anti Affinity symmetry: the existing pods in node which has anti affinity match will get high score",
       pod("p", "", s2),
       {pod("e1", "node1", s1, away_from_s2_in_az), pod("e2", "node2", s2, away_from_s1_in_az)},
       {node("node1", az1), node("node2", az2)},
       scores({{"node1", 0}, {"node2", 100}})},
      {"Affinity and Anti Affinity: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod "
       "affinity & anti affinity",
       pod("p", "", s1, stay_s1_away_s2),
       {pod("e1", "node1", s1), pod("e2", "node2", s1)},
       {node("node1", rg_china), node("node2", az1)},
       scores({{"node1", 100}, {"node2", 0}})},
      {"Affinity and Anti Affinity: considering both affinity and anti-affinity, the pod to schedule and existing "
       "pods have the same labels",
       pod("p", "", s1, stay_s1_away_s2),
       {pod("e1", "node1", s1), pod("e2", "node1", s1), pod("e3", "node2", s1), pod("e4", "node3", s1),
        pod("e5", "node3", s1), pod("e6", "node4", s1), pod("e7", "node5", s1)},
       {node("node1", rg_china_az1), node("node2", rg_india), node("node3", rg_china), node("node4", rg_china),
        node("node5", rg_india)},
       scores({{"node1", 100}, {"node2", 0}, {"node3", 100}, {"node4", 100}, {"node5", 0}})},
      {"Affinity and Anti Affinity and symmetry: considered only preferredDuringSchedulingIgnoredDuringExecution in "
       "both pod affinity & anti affinity & symmetry",
       pod("p", "", s1, stay_s1_away_s2),
       {pod("e1", "node1", s1), pod("e2", "node2", s2), pod("e3", "node3", {}, stay_s1_away_s2),
        pod("e4", "node4", {}, away_from_s1_in_az)},
       {node("node1", rg_china), node("node2", az1), node("node3", rg_india), node("node4", az2)},
       scores({{"node1", 100}, {"node2", 0}, {"node3", 100}, {"node4", 0}})},
      {"Avoid panic when partial nodes in a topology don't have pods with affinity",
       pod("p", "", s1),
       {pod("e1", "node1", s1), pod("e2", "node2", {}, stay_s1_away_s2)},
       {node("node1", rg_china), node("node2", rg_china)},
       scores({{"node1", 0}, {"node2", 0}})},
      {"invalid Affinity fails PreScore",
       pod("p", "", {}, invalid_affinity),
       {},
       {node("node1", rg_china), node("node2", rg_china)},
       {},
       "Error: failed to parse pod: "},
      {"invalid AntiAffinity fails PreScore",
       pod("p", "", {}, invalid_anti_affinity),
       {},
       {node("node1", rg_china), node("node2", rg_china)},
       {},
       "Error: failed to parse pod: "},
      {"Affinity with pods matching NamespaceSelector",
       pod("p", "", s1, affinity_namespace_selector, "subteam1.team1"),
       {pod("e1", "node1", s1, std::nullopt, "subteam1.team1"), pod("e2", "node1", s1, std::nullopt, "subteam1.team1"),
        pod("e3", "node1", s1, std::nullopt, "subteam1.team2"), pod("e4", "node2", s1, std::nullopt, "subteam2.team1")},
       {node("node1", rg_china), node("node2", rg_india)},
       scores({{"node1", 100}, {"node2", 0}})},
      {"Affinity with pods matching both NamespaceSelector and Namespaces fields",
       pod("p", "", s1, affinity_namespace_selector, "subteam1.team1"),
       {pod("e1", "node1", s1, std::nullopt, "subteam1.team1"), pod("e2", "node1", s1, std::nullopt, "subteam1.team1"),
        pod("e3", "node1", s1, std::nullopt, "subteam2.team2"), pod("e4", "node2", s1, std::nullopt, "subteam2.team1")},
       {node("node1", rg_china), node("node2", rg_india)},
       scores({{"node1", 100}, {"node2", 0}})},
      {"AntiAffinity with pods matching NamespaceSelector",
       pod("p", "", s1, anti_affinity_namespace_selector, "subteam1.team1"),
       {pod("e1", "node1", s1, std::nullopt, "subteam1.team1"), pod("e2", "node1", s1, std::nullopt, "subteam1.team1"),
        pod("e3", "node1", s1, std::nullopt, "subteam1.team2"), pod("e4", "node2", s1, std::nullopt, "subteam2.team1")},
       {node("node1", rg_china), node("node2", rg_india)},
       scores({{"node1", 0}, {"node2", 100}})},
      {"AntiAffinity with pods matching both NamespaceSelector and Namespaces fields",
       pod("p", "", s1, anti_affinity_namespace_selector, "subteam1.team1"),
       {pod("e1", "node1", s1, std::nullopt, "subteam1.team1"), pod("e2", "node1", s1, std::nullopt, "subteam1.team1"),
        pod("e3", "node1", s1, std::nullopt, "subteam2.team2"), pod("e4", "node2", s1, std::nullopt, "subteam2.team1")},
       {node("node1", rg_china), node("node2", rg_india)},
       scores({{"node1", 0}, {"node2", 100}})},
      {"Ignore preferred terms of existing pods",
       pod("p", "", s2),
       {pod("e1", "node1", s1, stay_s1_away_s2), pod("e2", "node2", s2, stay_with_s2_in_region)},
       {node("node1", rg_china), node("node2", rg_india)},
       {},
       "Skip",
       ignore},
      {"Do not ignore preferred terms of existing pods",
       pod("p", "", s2),
       {pod("e1", "node1", s1, stay_s1_away_s2), pod("e2", "node2", s2, stay_with_s2_in_region)},
       {node("node1", rg_china), node("node2", rg_india)},
       scores({{"node1", 0}, {"node2", 100}})},
      {"No nodes to score", pod("p", "", s2), {}, {}, {}, "Skip"},
  };
  run_cases(cases);
}

TEST_CASE("InterPodAffinity score: TestPreferredAffinityWithHardPodAffinitySymmetricWeight") {
  const Labels service_s1 = {{"service", "S1"}};
  Affinity hard;
  hard.pod_affinity.emplace();
  hard.pod_affinity->required = {
      term({req("service", "In", {"S1"})}, "region", {"", "subteam2.team2"}, team1_selector())};
  const std::vector<Node> nodes = {node("node1", {{"region", "China"}}), node("node2", {{"region", "India"}}),
                                   node("node3", {{"az", "az1"}})};
  const std::vector<Pod> pods = {pod("e1", "node1", {}, hard), pod("e2", "node2", {}, hard)};
  InterPodAffinityArgs zero;
  zero.hard_pod_affinity_weight = 0;
  const std::vector<Case> cases = {
      {"with default weight", pod("p", "", service_s1), pods, nodes, scores({{"node1", 100}, {"node2", 100}, {"node3", 0}})},
      {"with zero weight", pod("p", "", service_s1), pods, nodes, {}, "Skip", zero},
      {"with no matching namespace", pod("p", "", service_s1, std::nullopt, "subteam1.team2"), pods, nodes, {}, "Skip"},
      {"with matching NamespaceSelector", pod("p", "", service_s1, std::nullopt, "subteam1.team1"), pods, nodes,
       scores({{"node1", 100}, {"node2", 100}, {"node3", 0}})},
      {"with matching Namespaces", pod("p", "", service_s1, std::nullopt, "subteam2.team2"), pods, nodes,
       scores({{"node1", 100}, {"node2", 100}, {"node3", 0}})},
  };
  run_cases(cases);
}

}  // namespace
}  // namespace podfit
