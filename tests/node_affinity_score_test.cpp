// NodeAffinity scoring: node_affinity_test.go (TestNodeAffinityPriority).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builders.h"
#include "score_test_support.h"
#include "podfit/plugins/node_affinity/node_affinity.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::ScoreCluster;
using testing::scores;
using testing::show_scores;

Node labeled(const std::string& name, const std::vector<std::pair<std::string, std::string>>& labels) {
  NodeBuilder node(name);
  for (const auto& [key, value] : labels) node.label(key, value);
  return node;
}

PreferredSchedulingTerm preferred(int32_t weight, std::vector<std::pair<std::string, std::string>> in_terms) {
  PreferredSchedulingTerm term;
  term.weight = weight;
  for (auto& [key, value] : in_terms) term.preference.match_expressions.push_back({key, "In", {value}});
  return term;
}

Pod pod_with_preferred(std::vector<PreferredSchedulingTerm> terms) {
  Pod pod;
  pod.metadata.name = "pod";
  pod.metadata.namespace_ = "default";
  pod.spec.affinity.emplace();
  pod.spec.affinity->node_affinity.emplace();
  pod.spec.affinity->node_affinity->preferred = std::move(terms);
  return pod;
}

TEST_CASE("NodeAffinity score: TestNodeAffinityPriority") {
  const std::vector<std::pair<std::string, std::string>> label1 = {{"foo", "bar"}};
  const std::vector<std::pair<std::string, std::string>> label2 = {{"key", "value"}};
  const std::vector<std::pair<std::string, std::string>> label3 = {{"az", "az1"}};
  const std::vector<std::pair<std::string, std::string>> label4 = {{"abc", "az11"}, {"def", "az22"}};
  const std::vector<std::pair<std::string, std::string>> label5 = {{"foo", "bar"}, {"key", "value"}, {"az", "az1"}};
  const std::vector<PreferredSchedulingTerm> affinity1 = {preferred(2, {{"foo", "bar"}})};
  const std::vector<PreferredSchedulingTerm> affinity2 = {
      preferred(2, {{"foo", "bar"}}), preferred(4, {{"key", "value"}}),
      preferred(5, {{"foo", "bar"}, {"key", "value"}, {"az", "az1"}})};
  Pod plain;
  plain.metadata.name = "pod";
  plain.metadata.namespace_ = "default";

  NodeAffinityArgs added1;
  added1.added_affinity.emplace();
  added1.added_affinity->preferred = affinity1;
  NodeAffinityArgs added3;
  added3.added_affinity.emplace();
  added3.added_affinity->preferred = {preferred(3, {{"key", "value"}})};

  struct Case {
    std::string name;
    Pod pod;
    std::vector<Node> nodes;
    NodeScoreList want;
    NodeAffinityArgs args = {};
    bool run_pre_score = false;
    std::string want_pre_score = "Success";
  };
  const std::vector<Case> cases = {
      {"all nodes are same priority as NodeAffinity is nil",
       plain,
       {labeled("node1", label1), labeled("node2", label2), labeled("node3", label3)},
       scores({{"node1", 0}, {"node2", 0}, {"node3", 0}})},
      {"Skip is returned in PreScore when NodeAffinity is nil", plain, {labeled("node1", label1)}, {}, {}, true, "Skip"},
      {"PreScore returns error when an incoming Pod has a broken affinity",
       pod_with_preferred({preferred(2, {{"invalid key", "bar"}})}),
       {labeled("node1", label1)},
       {},
       {},
       true,
       "Error: [0].matchExpressions[0].key: Invalid value: \"invalid key\": name part must consist of alphanumeric "
       "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or "
       "'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
      {"no node matches preferred scheduling requirements in NodeAffinity of pod so all nodes' priority is zero",
       pod_with_preferred(affinity1),
       {labeled("node1", label4), labeled("node2", label2), labeled("node3", label3)},
       scores({{"node1", 0}, {"node2", 0}, {"node3", 0}}),
       {},
       true},
      {"only node1 matches the preferred scheduling requirements of pod",
       pod_with_preferred(affinity1),
       {labeled("node1", label1), labeled("node2", label2), labeled("node3", label3)},
       scores({{"node1", 100}, {"node2", 0}, {"node3", 0}}),
       {},
       true},
      {"all nodes matches the preferred scheduling requirements of pod but with different priorities",
       pod_with_preferred(affinity2),
       {labeled("node1", label1), labeled("node5", label5), labeled("node2", label2)},
       scores({{"node1", 18}, {"node5", 100}, {"node2", 36}}),
       {},
       true},
      {"added affinity",
       plain,
       {labeled("node1", label1), labeled("node2", label2)},
       scores({{"node1", 100}, {"node2", 0}}),
       added1,
       true},
      {"added affinity and pod has default affinity",
       pod_with_preferred(affinity1),
       {labeled("node1", label1), labeled("node2", label2), labeled("node3", label5)},
       scores({{"node1", 40}, {"node2", 60}, {"node3", 100}}),
       added3,
       true},
      {"calculate the priorities correctly even if PreScore is not called",
       pod_with_preferred(affinity2),
       {labeled("node1", label1), labeled("node5", label5), labeled("node2", label2)},
       scores({{"node1", 18}, {"node5", 100}, {"node2", 36}}),
       {},
       false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      NodeAffinityPlugin plugin(c.args);
      ScoreCluster cluster(c.nodes);
      auto run = testing::run_plugin_scoring(&plugin, plugin, c.pod, cluster, cluster.nodes(), {}, c.run_pre_score);
      CHECK(testing::show(run.pre_score) == c.want_pre_score);
      if (!run.pre_score.is_success()) continue;
      CHECK(run.score.is_success());
      CHECK_MESSAGE(run.scores == c.want, show_scores(run.scores));
    }
  }
}

}  // namespace
}  // namespace podfit
