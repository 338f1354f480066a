// One pod's scheduling cycle: kube-scheduler's TestSchedulerScheduleOne (assume, Reserve,
// PreBind, Bind, forget on failure), TestSchedulerNoPhantomPodAfterDelete, TestSchedulerSchedulePod
// (host selection over fake filter and score plugins) and TestSelectHost (schedule_one_test.go),
// then the default profile's plugins over assumed pods.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/names.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/profiles.h"
#include "podfit/framework/scheduling_cycle.h"
#include "podfit/config/scheduler_config.h"
#include "podfit/model/cluster.h"
#include "podfit/plugins/default_binder.h"

namespace podfit {
namespace {

using testing::host_ports;
using testing::NodeBuilder;
using testing::PodBuilder;
using testing::rl;

// st.ErrReasonFake.
constexpr const char* kFake = "Nodes failed the fake plugin";

struct FalseFilter final : FilterPlugin {
  std::string_view name() const override { return "FalseFilter"; }
  Status filter(const CycleState&, const PodInfo&, const NodeInfo&) const override {
    return Status(Code::Unschedulable, kFake);
  }
};
struct TrueFilter final : FilterPlugin {
  std::string_view name() const override { return "TrueFilter"; }
  Status filter(const CycleState&, const PodInfo&, const NodeInfo&) const override { return Status(); }
};
// Fits the node named like the pod.
struct MatchFilter final : FilterPlugin {
  std::string_view name() const override { return "MatchFilter"; }
  Status filter(const CycleState&, const PodInfo& pod, const NodeInfo& node) const override {
    return node.name() == pod.pod().metadata.name ? Status() : Status(Code::Unschedulable, kFake);
  }
};
// Fits nodes without pods.
struct NoPodsFilter final : FilterPlugin {
  std::string_view name() const override { return "NoPodsFilter"; }
  Status filter(const CycleState&, const PodInfo&, const NodeInfo& node) const override {
    return node.pods().empty() ? Status() : Status(Code::Unschedulable, kFake);
  }
};
// Scores a node by its name read as a number; the reverse one normalizes to max + min - score.
struct NumericMap final : ScorePlugin {
  std::string_view name() const override { return "NumericMap"; }
  ScoreResult score(const CycleState&, const PodInfo&, const NodeInfo& node) const override {
    return ScoreResult{std::stoll(node.name()), Status()};
  }
};
struct ReverseNumericMap final : ScorePlugin {
  std::string_view name() const override { return "ReverseNumericMap"; }
  ScoreResult score(const CycleState&, const PodInfo&, const NodeInfo& node) const override {
    return ScoreResult{std::stoll(node.name()), Status()};
  }
  bool has_normalize_score() const override { return true; }
  Status normalize_score(const CycleState&, const PodInfo&, NodeScoreList& scores) const override {
    int64_t max = 0;
    int64_t min = INT64_MAX;
    for (const auto& s : scores) {
      max = std::max(max, s.score);
      min = std::min(min, s.score);
    }
    for (auto& s : scores) s.score = max + min - s.score;
    return Status();
  }
};

// tf.NewFakeReservePlugin / NewFakePreBindPlugin / a binder with an injected error.
struct FakeReserve final : ReservePlugin {
  Status result;
  std::vector<std::string>* log = nullptr;
  std::string_view name() const override { return "FakeReserve"; }
  Status reserve(CycleState&, const PodInfo&, const std::string& node, Snapshot&) const override {
    if (log) log->push_back("Reserve " + node);
    return result;
  }
  void unreserve(CycleState&, const PodInfo&, const std::string& node, Snapshot&) const override {
    if (log) log->push_back("Unreserve " + node);
  }
};
struct FakePreBind final : PreBindPlugin {
  Status result;
  std::string_view name() const override { return "FakePreBind"; }
  Status pre_bind(CycleState&, const PodInfo&, const std::string&, std::vector<std::string>&) const override {
    return result;
  }
};
struct FailingBinder final : BindPlugin {
  std::string_view name() const override { return "DefaultBinder"; }
  Status bind(const CycleState&, const PodInfo&, const std::string&, PodBinding&) const override {
    return Status::error("binder");
  }
};

template <class T>
PluginFactory factory() {
  return [](const PluginContext&) { return std::unique_ptr<Plugin>(std::make_unique<T>()); };
}

PluginRegistry fake_registry() {
  return {{"FalseFilter", factory<FalseFilter>()},     {"TrueFilter", factory<TrueFilter>()},
          {"MatchFilter", factory<MatchFilter>()},     {"NoPodsFilter", factory<NoPodsFilter>()},
          {"NumericMap", factory<NumericMap>()},       {"ReverseNumericMap", factory<ReverseNumericMap>()}};
}

// A cluster state and the snapshot built from it.
struct Cluster {
  explicit Cluster(std::vector<Node> nodes, std::vector<Pod> pods = {}) {
    state->nodes = std::move(nodes);
    state->pods = std::move(pods);
    snapshot = std::make_unique<Snapshot>(*state, FeatureGates{});
  }
  std::unique_ptr<ClusterState> state = std::make_unique<ClusterState>();
  std::unique_ptr<Snapshot> snapshot;
};

size_t pods_on(const Snapshot& snapshot, const std::string& node) { return snapshot.find_node(node)->pods().size(); }

TEST_CASE("schedule_one: TestSchedulerScheduleOne") {
  const FeatureGates gates;
  const Framework no_filters({}, PluginContext{gates});
  DefaultBinder binder;
  Pod foo = PodBuilder("foo").uid("foo");

  SUBCASE("error reserve pod: Unreserve runs and the assumed pod is forgotten") {
    Cluster cluster({NodeBuilder("node1")});
    std::vector<std::string> log;
    FakeReserve reserve;
    reserve.result = Status(Code::Error, "reserve error");
    reserve.log = &log;
    CycleProfile profile{&no_filters, nullptr, {{&reserve}, {}, {&binder}}};
    const CycleResult result = schedule_one(foo, *cluster.snapshot, profile, gates);
    CHECK(result.stage == CycleStage::Reserve);
    CHECK(result.node == "node1");
    CHECK(result.message == "running Reserve plugin \"FakeReserve\": reserve error");
    CHECK(result.status.is_error());
    CHECK_FALSE(result.binding.has_value());
    CHECK(log == std::vector<std::string>{"Reserve node1", "Unreserve node1"});
    CHECK(pods_on(*cluster.snapshot, "node1") == 0);
  }
  SUBCASE("a Reserve rejection reads as a FitError over the chosen node") {
    Cluster cluster({NodeBuilder("node1"), NodeBuilder("node2")});
    FakeReserve reserve;
    reserve.result = Status(Code::Unschedulable, "no room left");
    CycleProfile profile{&no_filters, nullptr, {{&reserve}, {}, {&binder}}};
    const CycleResult result = schedule_one(foo, *cluster.snapshot, profile, gates);
    CHECK(result.stage == CycleStage::Reserve);
    CHECK(result.message == "0/1 nodes are available: 1 no room left.");
    CHECK(result.status.plugin() == "FakeReserve");
    CHECK(pods_on(*cluster.snapshot, "node1") == 0);
  }
  SUBCASE("error prebind pod") {
    Cluster cluster({NodeBuilder("node1")});
    std::vector<std::string> log;
    FakeReserve reserve;
    reserve.log = &log;
    FakePreBind pre_bind;
    pre_bind.result = Status::error("on PreBind");
    CycleProfile profile{&no_filters, nullptr, {{&reserve}, {&pre_bind}, {&binder}}};
    const CycleResult result = schedule_one(foo, *cluster.snapshot, profile, gates);
    CHECK(result.stage == CycleStage::PreBind);
    CHECK(result.message == "running PreBind plugin \"FakePreBind\": on PreBind");
    CHECK(log == std::vector<std::string>{"Reserve node1", "Unreserve node1"});
    CHECK(pods_on(*cluster.snapshot, "node1") == 0);
  }
  SUBCASE("bind assumed pod scheduled") {
    Cluster cluster({NodeBuilder("node1")});
    CycleProfile profile{&no_filters, nullptr, {{}, {}, {&binder}}};
    const CycleResult result = schedule_one(foo, *cluster.snapshot, profile, gates);
    REQUIRE(result.bound());
    CHECK(*result.binding == PodBinding{"default", "foo", "foo", "node1"});
    CHECK(result.binder == "DefaultBinder");
    CHECK(result.message.empty());
    REQUIRE(result.assumed != nullptr);
    CHECK(result.assumed->pod().spec.node_name == "node1");
    CHECK(cluster.snapshot->find_node("node1")->pods() == std::vector<const PodInfo*>{result.assumed});
  }
  SUBCASE("error pod failed scheduling: nothing is assumed") {
    Cluster cluster({NodeBuilder("node1")});
    const Framework filters({"FalseFilter"}, PluginContext{gates}, fake_registry());
    std::vector<std::string> log;
    FakeReserve reserve;
    reserve.log = &log;
    CycleProfile profile{&filters, nullptr, {{&reserve}, {}, {&binder}}};
    const CycleResult result = schedule_one(foo, *cluster.snapshot, profile, gates);
    CHECK(result.stage == CycleStage::Filter);
    CHECK(result.message == "0/1 nodes are available: 1 Nodes failed the fake plugin.");
    CHECK(result.node.empty());
    CHECK(log.empty());
    CHECK(pods_on(*cluster.snapshot, "node1") == 0);
  }
  SUBCASE("error bind forget pod failed scheduling") {
    Cluster cluster({NodeBuilder("node1")});
    std::vector<std::string> log;
    FakeReserve reserve;
    reserve.log = &log;
    FailingBinder failing;
    CycleProfile profile{&no_filters, nullptr, {{&reserve}, {}, {&failing}}};
    const CycleResult result = schedule_one(foo, *cluster.snapshot, profile, gates);
    CHECK(result.stage == CycleStage::Bind);
    CHECK(result.message == "running Bind plugin \"DefaultBinder\": binder");
    CHECK(log == std::vector<std::string>{"Reserve node1", "Unreserve node1"});
    CHECK(pods_on(*cluster.snapshot, "node1") == 0);
  }
  SUBCASE("deleting pod") {
    Cluster cluster({NodeBuilder("node1")});
    Pod deleting = foo;
    deleting.metadata.deletion_timestamp = "2026-11-22T08:00:00Z";
    CycleProfile profile{&no_filters, nullptr, {{}, {}, {&binder}}};
    const CycleResult result = schedule_one(deleting, *cluster.snapshot, profile, gates);
    CHECK(result.stage == CycleStage::Skipped);
    CHECK(result.message == "skip schedule deleting pod: default/foo");
    CHECK(pods_on(*cluster.snapshot, "node1") == 0);
  }
  SUBCASE("every Bind plugin skipping leaves the pod unbound") {
    Cluster cluster({NodeBuilder("node1")});
    CycleProfile profile{&no_filters, nullptr, {{}, {}, {}}};
    const CycleResult result = schedule_one(foo, *cluster.snapshot, profile, gates);
    CHECK(result.stage == CycleStage::Bind);
    CHECK(result.status.is_skip());
    CHECK(pods_on(*cluster.snapshot, "node1") == 0);
  }
  SUBCASE("no nodes") {
    Cluster cluster({});
    CycleProfile profile{&no_filters, nullptr, {{}, {}, {&binder}}};
    const CycleResult result = schedule_one(foo, *cluster.snapshot, profile, gates);
    CHECK(result.stage == CycleStage::Filter);
    CHECK(result.message == "no nodes available to schedule pods");
  }
}

TEST_CASE("schedule_one: TestSchedulerNoPhantomPodAfterDelete (an assumed pod holds its port)") {
  const FeatureGates gates;
  const Framework ports({std::string(names::kNodePorts)}, PluginContext{gates});
  DefaultBinder binder;
  CycleProfile profile{&ports, nullptr, {{}, {}, {&binder}}};
  Cluster cluster({NodeBuilder("node1")});
  Pod first = PodBuilder("pod.Name").uid("pod.Name").container_port(host_ports({"TCP//8080"}));
  Pod second = PodBuilder("bar").uid("bar").container_port(host_ports({"TCP//8080"}));

  const CycleResult placed = schedule_one(first, *cluster.snapshot, profile, gates);
  REQUIRE(placed.bound());
  const CycleResult conflict = schedule_one(second, *cluster.snapshot, profile, gates);
  CHECK(conflict.stage == CycleStage::Filter);
  CHECK(conflict.message == "0/1 nodes are available: 1 node(s) didn't have free ports for the requested pod ports.");

  // The first pod goes away: the second one binds.
  REQUIRE(cluster.snapshot->forget(placed.assumed));
  const CycleResult bound = schedule_one(second, *cluster.snapshot, profile, gates);
  REQUIRE(bound.bound());
  CHECK(*bound.binding == PodBinding{"default", "bar", "bar", "node1"});
}

TEST_CASE("schedule_one: TestSchedulerSchedulePod host selection over fake plugins") {
  const FeatureGates gates;
  const PluginRegistry registry = fake_registry();
  DefaultBinder binder;
  struct Case {
    const char* name;
    std::vector<std::string> filters;
    std::vector<WeightedPluginName> scores;
    std::vector<std::string> nodes;
    std::string pod;
    std::vector<std::string> running_on;  // a running pod named like the candidate per listed node
    std::string want_node;                // empty: not placed
    std::string want_message;
  };
  const std::vector<Case> cases = {
      {"test 1", {"FalseFilter"}, {}, {"node1", "node2"}, "2", {}, "",
       "0/2 nodes are available: 2 Nodes failed the fake plugin."},
      // Equal totals: podfit takes the smallest name (kube-scheduler either node).
      {"test 2", {"TrueFilter"}, {}, {"node1", "node2"}, "ignore", {}, "node1", ""},
      {"test 3", {"MatchFilter"}, {}, {"node1", "node2"}, "node2", {}, "node2", ""},
      {"test 4", {"TrueFilter"}, {{"NumericMap", 1}}, {"3", "2", "1"}, "ignore", {}, "3", ""},
      {"test 5", {"MatchFilter"}, {{"NumericMap", 1}}, {"3", "2", "1"}, "2", {}, "2", ""},
      {"test 6", {"TrueFilter"}, {{"NumericMap", 1}, {"ReverseNumericMap", 2}}, {"3", "2", "1"}, "2", {}, "1", ""},
      {"test 7", {"TrueFilter", "FalseFilter"}, {{"NumericMap", 1}}, {"3", "2", "1"}, "2", {}, "",
       "0/3 nodes are available: 3 Nodes failed the fake plugin."},
      {"test 8", {"NoPodsFilter", "MatchFilter"}, {{"NumericMap", 1}}, {"1", "2"}, "2", {"2"}, "",
       "0/2 nodes are available: 2 Nodes failed the fake plugin."},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      std::vector<Node> nodes;
      for (const auto& n : c.nodes) nodes.push_back(NodeBuilder(n));
      std::vector<Pod> running;
      for (const auto& n : c.running_on) running.push_back(PodBuilder(c.pod).uid(c.pod).node(n));
      Cluster cluster(nodes, running);
      const Framework filters(c.filters, PluginContext{gates}, registry);
      const ScoreProfile scoring(c.scores, PluginContext{gates}, registry);
      CycleProfile profile{&filters, &scoring, {{}, {}, {&binder}}};
      const CycleResult result = schedule_one(PodBuilder(c.pod).uid(c.pod), *cluster.snapshot, profile, gates);
      if (c.want_node.empty()) {
        CHECK_FALSE(result.bound());
        CHECK(result.message == c.want_message);
      } else {
        REQUIRE(result.bound());
        CHECK(result.node == c.want_node);
      }
    }
  }
}

TEST_CASE("schedule_one: a nominated pod takes its nominated node when it passes Filter") {
  const FeatureGates gates;
  const PluginRegistry registry = fake_registry();
  DefaultBinder binder;
  Cluster cluster({NodeBuilder("3"), NodeBuilder("2"), NodeBuilder("1")});
  const ScoreProfile scoring({{"NumericMap", 1}}, PluginContext{gates}, registry);
  Pod pod = PodBuilder("1").uid("1");
  pod.status.nominated_node_name = "1";
  SUBCASE("the nominated node fits: taken unscored") {
    const Framework filters({"TrueFilter"}, PluginContext{gates}, registry);
    CycleProfile profile{&filters, &scoring, {{}, {}, {&binder}}};
    const CycleResult result = schedule_one(pod, *cluster.snapshot, profile, gates);
    REQUIRE(result.bound());
    CHECK(result.node == "1");
    CHECK_FALSE(result.choice.scored);
    CHECK(result.feasible_nodes == 1);
  }
  SUBCASE("the nominated node does not fit: the others are scored") {
    pod.status.nominated_node_name = "2";
    const Framework filters({"MatchFilter"}, PluginContext{gates}, registry);
    CycleProfile profile{&filters, &scoring, {{}, {}, {&binder}}};
    const CycleResult result = schedule_one(pod, *cluster.snapshot, profile, gates);
    REQUIRE(result.bound());
    CHECK(result.node == "1");
  }
  SUBCASE("a nominated node that is gone is ignored") {
    pod.status.nominated_node_name = "gone";
    const Framework filters({"TrueFilter"}, PluginContext{gates}, registry);
    CycleProfile profile{&filters, &scoring, {{}, {}, {&binder}}};
    const CycleResult result = schedule_one(pod, *cluster.snapshot, profile, gates);
    REQUIRE(result.bound());
    CHECK(result.node == "3");
    CHECK(result.choice.scored);
  }
}

TEST_CASE("select_host: TestSelectHost, ties by node name") {
  struct Case {
    const char* name;
    std::vector<NodePluginScores> list;
    std::vector<std::string> possible;  // kube-scheduler's possible hosts
    std::string want;                   // podfit's pick among them
  };
  const std::vector<Case> cases = {
      {"unique properly ordered scores", {{"node1.1", {}, 1}, {"node2.1", {}, 2}}, {"node2.1"}, "node2.1"},
      {"equal scores",
       {{"node1.1", {}, 1}, {"node1.2", {}, 2}, {"node1.3", {}, 2}, {"node2.1", {}, 2}},
       {"node1.2", "node1.3", "node2.1"},
       "node1.2"},
      {"out of order scores",
       {{"node1.1", {}, 3}, {"node1.2", {}, 3}, {"node2.1", {}, 2}, {"node3.1", {}, 1}, {"node1.3", {}, 3}},
       {"node1.1", "node1.2", "node1.3"},
       "node1.1"},
      {"empty priority list", {}, {}, ""},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      const auto best = select_host(c.list);
      if (c.want.empty()) {
        CHECK_FALSE(best.has_value());
        continue;
      }
      REQUIRE(best.has_value());
      const std::string got(c.list[*best].name);
      CHECK(got == c.want);
      CHECK(std::find(c.possible.begin(), c.possible.end(), got) != c.possible.end());
    }
  }
}

// The default profile, as `podfit place` builds it.
struct DefaultProfile {
  explicit DefaultProfile(const FeatureGates& gates = {})
      : config(default_scheduler_configuration(gates)), profiles(config, gates), placement(config, profiles, gates) {}
  SchedulerConfiguration config;
  Profiles profiles;
  PlacementProfiles placement;
  const CycleProfile& cycle() const { return *placement.find("default-scheduler"); }
};

TEST_CASE("PlacementProfiles: the default profile's score, Reserve, PreBind and Bind plugins") {
  const DefaultProfile profile;
  const CycleProfile& cycle = profile.cycle();
  REQUIRE(cycle.filters != nullptr);
  REQUIRE(cycle.scoring != nullptr);
  CHECK(cycle.scoring->not_implemented().empty());
  std::vector<WeightedPluginName> scoring;
  for (const auto& p : cycle.scoring->plugins()) scoring.push_back({p.name, p.weight});
  CHECK(scoring == default_score_plugins(FeatureGates{}));
  REQUIRE(cycle.binding.reserve.size() == 2);
  CHECK(cycle.binding.reserve[0]->name() == "VolumeBinding");
  CHECK(cycle.binding.reserve[1]->name() == "DynamicResources");
  REQUIRE(cycle.binding.pre_bind.size() == 2);
  CHECK(cycle.binding.pre_bind[0]->name() == "VolumeBinding");
  CHECK(cycle.binding.pre_bind[1]->name() == "DynamicResources");
  REQUIRE(cycle.binding.bind.size() == 1);
  CHECK(cycle.binding.bind[0]->name() == "DefaultBinder");
  CHECK(profile.placement.not_run().empty());
  CHECK(profile.placement.find("other-scheduler") == nullptr);
}

TEST_CASE("PlacementProfiles: a configuration's weights and scoring strategy") {
  const FeatureGates gates;
  SchedulerConfiguration config;
  REQUIRE_FALSE(load_scheduler_configuration_text(R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  plugins:
    score:
      enabled:
      - name: NodeResourcesFit
        weight: 5
      disabled:
      - name: ImageLocality
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: MostAllocated
)",
                                                  gates, config));
  const Profiles profiles(config, gates);
  const PlacementProfiles placement(config, profiles, gates);
  const CycleProfile& cycle = *placement.find("default-scheduler");
  std::vector<WeightedPluginName> scoring;
  for (const auto& p : cycle.scoring->plugins()) scoring.push_back({p.name, p.weight});
  CHECK(std::find(scoring.begin(), scoring.end(), WeightedPluginName{"NodeResourcesFit", 5}) != scoring.end());
  for (const auto& p : scoring) CHECK(p.name != "ImageLocality");

  // MostAllocated packs: the busier node wins.
  Cluster cluster({NodeBuilder("idle").capacity(rl({{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}})),
                   NodeBuilder("busy").capacity(rl({{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}}))},
                  {PodBuilder("load").node("busy").req(rl({{"cpu", "2"}, {"memory", "4Gi"}}))});
  const CycleResult result =
      schedule_one(PodBuilder("pod").req(rl({{"cpu", "1"}, {"memory", "2Gi"}})), *cluster.snapshot, cycle, gates);
  REQUIRE(result.bound());
  CHECK(result.node == "busy");
}

TEST_CASE("schedule_one: the default profile sees the pods placed before (requests, spreading)") {
  const FeatureGates gates;
  const DefaultProfile profile(gates);
  auto node = [](std::string name, std::string zone) {
    return NodeBuilder(std::move(name))
        .label("topology.kubernetes.io/zone", std::move(zone))
        .capacity(rl({{"cpu", "2"}, {"memory", "4Gi"}, {"pods", "110"}}));
  };
  Cluster cluster({node("a", "z1"), node("b", "z2")});
  Pod web = PodBuilder("web").label("app", "web").req(rl({{"cpu", "1"}, {"memory", "1Gi"}}));
  TopologySpreadConstraint spread;
  spread.max_skew = 1;
  spread.topology_key = "topology.kubernetes.io/zone";
  spread.when_unsatisfiable = "DoNotSchedule";
  LabelSelector selector;
  selector.match_labels.set("app", "web");
  spread.label_selector = selector;
  web.spec.topology_spread_constraints.push_back(spread);

  std::vector<std::string> placed;
  for (int i = 0; i < 5; ++i) {
    Pod copy = web;
    copy.metadata.name = "web-" + std::to_string(i);
    const CycleResult result = schedule_one(copy, *cluster.snapshot, profile.cycle(), gates);
    placed.push_back(result.bound() ? result.node : result.message);
  }
  // Equal nodes: the first copy ties and takes "a"; spreading sends the next to "b"; then cpu runs out.
  CHECK(placed == std::vector<std::string>{
                      "a", "b", "a", "b",
                      "0/2 nodes are available: 2 Insufficient cpu."});
  CHECK(cluster.snapshot->find_node("a")->requested().milli_cpu == 2000);
}

}  // namespace
}  // namespace podfit
