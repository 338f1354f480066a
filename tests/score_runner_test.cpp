// The score runner: RunPreScorePlugins, RunScorePlugins (normalization, range check, weights),
// prioritizeNodes, the choice of a node, and the default profile's score plugins end to end.
#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "builders.h"
#include "score_test_support.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/names.h"
#include "podfit/framework/score_runner.h"
#include "podfit/plugins/image_locality.h"
#include "podfit/plugins/node_resources/balanced_allocation.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::PodBuilder;
using testing::rl;
using testing::ScoreCluster;

// A score plugin whose every step is scripted.
struct FakePlugin final : PreScorePlugin, ScorePlugin {
  std::string plugin_name;
  Status pre_score_status;
  std::map<std::string, int64_t> raw;        // node -> raw score (0 when absent)
  std::map<std::string, Status> score_fail;  // node -> failing status
  std::function<Status(NodeScoreList&)> normalize;
  std::optional<std::string> unevaluable;
  std::optional<std::string> caveat;
  mutable int pre_score_calls = 0;

  std::string_view name() const override { return plugin_name; }
  std::optional<std::string> cannot_evaluate(const Pod&, const Snapshot&) const override { return unevaluable; }
  Status pre_score(CycleState&, const PodInfo&, const Snapshot&, std::span<const NodeInfo* const>) const override {
    ++pre_score_calls;
    return pre_score_status;
  }
  ScoreResult score(const CycleState&, const PodInfo&, const NodeInfo& node) const override {
    if (auto it = score_fail.find(node.name()); it != score_fail.end()) return ScoreResult{0, it->second};
    auto it = raw.find(node.name());
    return ScoreResult{it == raw.end() ? 0 : it->second, Status()};
  }
  bool has_normalize_score() const override { return static_cast<bool>(normalize); }
  Status normalize_score(const CycleState&, const PodInfo&, NodeScoreList& scores) const override {
    return normalize(scores);
  }
  std::optional<std::string> score_caveat(const Pod&) const override { return caveat; }
};

ScoringPlugin entry(const FakePlugin& plugin, int64_t weight) {
  return ScoringPlugin{plugin.plugin_name, weight, &plugin, &plugin, &plugin};
}

struct Fixture {
  ScoreCluster cluster{{NodeBuilder("node-a"), NodeBuilder("node-b"), NodeBuilder("node-c")}};
  Pod pod = PodBuilder("pod");
  PodInfo info{pod, FeatureGates{}};
  CycleState state;
  Parallelizer parallelizer;
  std::vector<const NodeInfo*> nodes = cluster.nodes();

  Prioritized prioritize(const std::vector<ScoringPlugin>& plugins) {
    return prioritize_nodes(plugins, state, info, cluster.snapshot(), nodes, parallelizer);
  }
};

std::vector<int64_t> totals(const std::vector<NodePluginScores>& nodes) {
  std::vector<int64_t> out;
  for (const auto& node : nodes) out.push_back(node.total);
  return out;
}

TEST_CASE("score runner: weights, normalization and per-stage scores") {
  Fixture f;
  FakePlugin a;
  a.plugin_name = "A";
  a.raw = {{"node-a", 1}, {"node-b", 2}, {"node-c", 4}};
  a.normalize = [](NodeScoreList& scores) {
    for (auto& s : scores) s.score *= 25;
    return Status();
  };
  FakePlugin b;
  b.plugin_name = "B";
  b.raw = {{"node-a", 100}, {"node-b", 0}, {"node-c", 50}};
  auto result = f.prioritize({entry(a, 2), entry(b, 3)});
  REQUIRE(result.status.is_success());
  REQUIRE(result.nodes.size() == 3);
  CHECK(result.nodes[0].name == "node-a");
  CHECK(result.nodes[0].scores == std::vector<PluginScore>{{"A", 1, 25, 50}, {"B", 100, 100, 300}});
  CHECK(totals(result.nodes) == std::vector<int64_t>{350, 100, 350});
  // node-a and node-c tie at 350: the smaller name wins.
  CHECK(select_host(result.nodes) == 0u);
}

TEST_CASE("score runner: PreScore Skip leaves the plugin out; PreScore errors stop the run") {
  Fixture f;
  FakePlugin a;
  a.plugin_name = "A";
  a.pre_score_status = Status(Code::Skip);
  a.raw = {{"node-a", 7}};
  FakePlugin b;
  b.plugin_name = "B";
  b.raw = {{"node-b", 9}};
  auto skipped = f.prioritize({entry(a, 1), entry(b, 1)});
  REQUIRE(skipped.status.is_success());
  CHECK(skipped.skipped_plugins == std::set<std::string>{"A"});
  CHECK(skipped.nodes[0].scores == std::vector<PluginScore>{{"B", 0, 0, 0}});
  CHECK(totals(skipped.nodes) == std::vector<int64_t>{0, 9, 0});

  FakePlugin c;
  c.plugin_name = "C";
  c.pre_score_status = Status(Code::Unschedulable, "nope");
  FakePlugin d;
  d.plugin_name = "D";
  auto failed = f.prioritize({entry(c, 1), entry(d, 1)});
  CHECK(testing::show(failed.status) == "Error: running PreScore plugin \"C\": nope");
  CHECK(failed.status.plugin() == "C");
  CHECK(failed.nodes.empty());
  CHECK(d.pre_score_calls == 0);
}

TEST_CASE("score runner: Score, NormalizeScore and range errors in kube-scheduler's words") {
  Fixture f;
  SUBCASE("Score fails: the first node's failure is reported") {
    FakePlugin a;
    a.plugin_name = "A";
    a.score_fail = {{"node-c", Status::error("boom c")}, {"node-b", Status::error("boom b")}};
    auto result = f.prioritize({entry(a, 1)});
    CHECK(testing::show(result.status) == "Error: running Score plugins: plugin \"A\" failed with: boom b");
  }
  SUBCASE("NormalizeScore fails") {
    FakePlugin a;
    a.plugin_name = "A";
    a.normalize = [](NodeScoreList&) { return Status::error("cannot"); };
    auto result = f.prioritize({entry(a, 1)});
    CHECK(testing::show(result.status) ==
          "Error: running Normalize on Score plugins: plugin \"A\" failed with: cannot");
  }
  SUBCASE("a score out of [0, 100] after normalizing") {
    FakePlugin a;
    a.plugin_name = "A";
    a.raw = {{"node-b", 101}};
    auto result = f.prioritize({entry(a, 1)});
    CHECK(testing::show(result.status) ==
          "Error: applying score defaultWeights on Score plugins: plugin \"A\" returns an invalid score 101, it "
          "should in the range of [0, 100] after normalizing");
  }
  SUBCASE("a negative score") {
    FakePlugin a;
    a.plugin_name = "A";
    a.raw = {{"node-a", -1}};
    auto result = f.prioritize({entry(a, 1)});
    CHECK(testing::show(result.status) ==
          "Error: applying score defaultWeights on Score plugins: plugin \"A\" returns an invalid score -1, it "
          "should in the range of [0, 100] after normalizing");
  }
}

TEST_CASE("score runner: no score plugin gives every node 1; unevaluable plugins and caveats are reported") {
  Fixture f;
  auto none = f.prioritize({});
  CHECK(totals(none.nodes) == std::vector<int64_t>{1, 1, 1});

  FakePlugin a;
  a.plugin_name = "A";
  a.unevaluable = "needs objects podfit does not read";
  a.raw = {{"node-a", 50}};
  FakePlugin b;
  b.plugin_name = "B";
  b.caveat = "approximate";
  b.raw = {{"node-b", 10}};
  auto result = f.prioritize({entry(a, 1), entry(b, 1)});
  REQUIRE(result.status.is_success());
  CHECK(a.pre_score_calls == 0);
  CHECK(result.not_evaluated == std::vector<std::pair<std::string, std::string>>{{"A", "needs objects podfit does not read"}});
  CHECK(result.caveats == std::vector<std::pair<std::string, std::string>>{{"B", "approximate"}});
  CHECK(totals(result.nodes) == std::vector<int64_t>{0, 10, 0});
}

TEST_CASE("select_host: highest total, ties by name, none for no nodes") {
  CHECK_FALSE(select_host({}).has_value());
  std::vector<NodePluginScores> nodes = {{"zeta", {}, 10}, {"alpha", {}, 5}, {"beta", {}, 10}};
  CHECK(select_host(nodes) == 2u);
  nodes.push_back({"omega", {}, 11});
  CHECK(select_host(nodes) == 3u);
}

TEST_CASE("default_score_plugins: v1.37 default profile order and weights") {
  const std::vector<WeightedPluginName> want = {
      {"TaintToleration", 3},   {"NodeAffinity", 2},     {"NodeResourcesFit", 1},
      {"VolumeBinding", 1},     {"PodTopologySpread", 2}, {"InterPodAffinity", 2},
      {"DynamicResources", 2},  {"NodeResourcesBalancedAllocation", 1}, {"ImageLocality", 1},
  };
  CHECK(default_score_plugins(FeatureGates{}) == want);
  FeatureGates no_dra;
  no_dra.dynamic_resource_allocation = false;
  CHECK(default_score_plugins(no_dra).size() == want.size() - 1);
}

// The registry plus the score-only plugins.
PluginRegistry scoring_registry() {
  PluginRegistry registry = plugin_registry();
  registry.emplace(std::string(names::kImageLocality), new_image_locality);
  registry.emplace(std::string(names::kNodeResourcesBalancedAllocation), new_node_resources_balanced_allocation);
  return registry;
}

TEST_CASE("ScoreProfile: the default profile end to end") {
  const FeatureGates gates;
  ScoreProfile profile(default_score_plugins(gates), PluginContext{gates}, scoring_registry());
  CHECK(profile.not_implemented().empty());
  CHECK(profile.plugins().size() == 9);

  Node a = NodeBuilder("node-a").capacity(rl({{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}}));
  Node b = NodeBuilder("node-b").capacity(rl({{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}}));
  Pod busy = PodBuilder("busy").node("node-a").req(rl({{"cpu", "3"}}));
  ScoreCluster cluster({a, b}, {busy}, gates);
  Pod pod = PodBuilder("pod").req(rl({{"cpu", "1"}, {"memory", "1Gi"}}));
  PodInfo info(pod, gates);
  // Scoring reads what PreFilter wrote, as in a scheduling cycle.
  const Framework filters(default_filter_plugin_order(gates), PluginContext{gates});
  auto pre_filtered = [&](CycleState& state) {
    REQUIRE(filters.run_pre_filter(cluster.snapshot(), info, state).status.is_success());
  };
  CycleState state;
  pre_filtered(state);
  const auto feasible = cluster.nodes();
  HostChoice choice = profile.choose(state, info, cluster.snapshot(), feasible);
  INFO(choice.status.message());
  REQUIRE(choice.status.is_success());
  CHECK(choice.scored);
  CHECK(choice.node == "node-b");
  // TaintToleration 100*3, NodeResourcesFit 42 / 81, BalancedAllocation (v1.36 on, the change the
  // pod makes) 50 + (50 + 56 - 62) / 2 = 72 / 50 + (50 + 93 - 100) / 2 = 71, the rest 0 or skipped.
  CHECK(totals(choice.scores.nodes) == std::vector<int64_t>{414, 452});
  CHECK(choice.scores.skipped_plugins ==
        std::set<std::string>{"InterPodAffinity", "NodeAffinity", "PodTopologySpread"});
  std::vector<std::string> scored;
  for (const auto& s : choice.scores.nodes[0].scores) scored.emplace_back(s.plugin);
  CHECK(scored == std::vector<std::string>{"TaintToleration", "NodeResourcesFit", "VolumeBinding", "DynamicResources",
                                           "NodeResourcesBalancedAllocation", "ImageLocality"});

  SUBCASE("a single feasible node is taken without scoring") {
    CycleState fresh;
    pre_filtered(fresh);
    HostChoice single = profile.choose(fresh, info, cluster.snapshot(), cluster.nodes({"node-a"}));
    CHECK(single.node == "node-a");
    CHECK_FALSE(single.scored);
  }
  SUBCASE("no feasible node") {
    CycleState fresh;
    pre_filtered(fresh);
    HostChoice empty = profile.choose(fresh, info, cluster.snapshot(), {});
    CHECK(empty.node.empty());
    CHECK(empty.status.is_success());
  }
}

TEST_CASE("ScoreProfile: names without a score implementation") {
  const FeatureGates gates;
  ScoreProfile profile({{"NodePorts", 1}, {"NoSuchPlugin", 1}, {"TaintToleration", 0}}, PluginContext{gates});
  CHECK(profile.not_implemented() == std::vector<std::string>{"NodePorts", "NoSuchPlugin"});
  REQUIRE(profile.plugins().size() == 1);
  CHECK(profile.plugins()[0].weight == 1);  // a zero weight scores as 1
}

}  // namespace
}  // namespace podfit
