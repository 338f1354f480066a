// NodeResourcesFit scoring: least_allocated_test.go (TestLeastAllocatedScoringStrategy),
// most_allocated_test.go (TestMostAllocatedScoringStrategy), requested_to_capacity_ratio_test.go
// (TestRequestedToCapacityRatioScoringStrategy, TestResourceBinPackingSingleExtended,
// TestResourceBinPackingMultipleExtended) and fit_test.go (TestFitScore, DRA cases aside:
// podfit reads no DeviceClasses or ResourceSlices).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builders.h"
#include "score_test_support.h"
#include "podfit/plugins/node_resources/fit.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::PodBuilder;
using testing::rl;
using testing::ScoreCluster;
using testing::scores;
using testing::show_scores;

constexpr const char* kExtendedRes = "abc.com/xyz";

std::vector<ResourceSpec> default_resources() { return {{"cpu", 1}, {"memory", 1}}; }
std::vector<ResourceSpec> extended_resource_set() { return {{"cpu", 1}, {"memory", 1}, {kExtendedRes, 1}}; }

// st.MakeNode().Name(name).Capacity(...).
Node node(const std::string& name, std::initializer_list<std::pair<const char*, const char*>> capacity) {
  return NodeBuilder(name).capacity(rl(capacity));
}

// makeNode(name, milliCPU, memory, extended): allocatable as given, extended resources as counts.
Node make_node(const std::string& name, int64_t milli_cpu, int64_t memory,
               const std::vector<std::pair<std::string, int64_t>>& extended = {}) {
  ResourceList list;
  for (const auto& [resource, count] : extended) list.set(resource, Quantity::from_int(count));
  list.set("cpu", Quantity::from_milli(milli_cpu));
  list.set("memory", Quantity::from_int(memory, Quantity::Format::BinarySI));
  return NodeBuilder(name).capacity(list);
}

// A running pod on `node` with one container per request list.
Pod running(const std::string& node, std::vector<ResourceList> containers = {}) {
  static int serial = 0;
  PodBuilder pod("running-" + std::to_string(++serial));
  pod.node(node);
  for (auto& requests : containers) pod.req(std::move(requests));
  return pod;
}

// The pod being scheduled with one container per request list.
Pod incoming(std::vector<ResourceList> containers = {}) {
  PodBuilder pod("pod");
  for (auto& requests : containers) pod.req(std::move(requests));
  return pod;
}

struct Case {
  std::string name;
  Pod pod;
  std::vector<Node> nodes;
  std::vector<Pod> existing;
  NodeScoreList want;
  std::vector<ResourceSpec> resources = default_resources();
  std::vector<std::string> want_errors;  // validation errors: the plugin is not built
  Code want_code = Code::Success;        // every Score call's code
  bool run_pre_score = true;
};

void run_cases(ScoringStrategyType type, const std::vector<UtilizationShapePoint>& shape,
               const std::vector<Case>& cases) {
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      NodeResourcesFitArgs args;
      args.scoring_strategy.type = type;
      args.scoring_strategy.resources = c.resources;
      args.scoring_strategy.shape = shape;
      CHECK(validate_scoring_strategy(args.scoring_strategy) == c.want_errors);
      if (!c.want_errors.empty()) return;
      const FeatureGates gates;
      NodeResourcesFit plugin(gates, args);
      ScoreCluster cluster(c.nodes, c.existing);
      auto run = testing::run_plugin_scoring(&plugin, plugin, c.pod, cluster, cluster.nodes(), gates,
                                             c.run_pre_score);
      CHECK(run.pre_score.is_success());
      CHECK(run.score.code() == c.want_code);
      CHECK_MESSAGE(run.scores == c.want, show_scores(run.scores));
    }
  }
}

TEST_CASE("NodeResourcesFit score: TestLeastAllocatedScoringStrategy") {
  const std::vector<Case> cases = {
      {"nothing scheduled, nothing requested",
       incoming(),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "4000"}, {"memory", "10000"}})},
       {},
       scores({{"node1", 100}, {"node2", 100}})},
      {"nothing scheduled, resources requested, differently sized nodes",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       scores({{"node1", 37}, {"node2", 50}})},
      {"Resources not set, pods scheduled with error",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       scores({{"node1", 0}, {"node2", 0}}),
       {},
       {},
       Code::Error},
      {"no resources requested, pods scheduled",
       incoming(),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "4000"}, {"memory", "10000"}})},
       {running("node1"), running("node1"), running("node2"), running("node2")},
       scores({{"node1", 100}, {"node2", 100}})},
      {"no resources requested, pods scheduled with resources",
       incoming(),
       {node("node1", {{"cpu", "10000"}, {"memory", "20000"}}), node("node2", {{"cpu", "10000"}, {"memory", "20000"}})},
       {running("node1", {rl({{"cpu", "3000"}, {"memory", "0"}})}),
        running("node1", {rl({{"cpu", "3000"}, {"memory", "0"}})}),
        running("node2", {rl({{"cpu", "3000"}, {"memory", "0"}})}),
        running("node2", {rl({{"cpu", "3000"}, {"memory", "5000"}})})},
       scores({{"node1", 70}, {"node2", 57}})},
      {"resources requested, pods scheduled with resources",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "10000"}, {"memory", "20000"}}), node("node2", {{"cpu", "10000"}, {"memory", "20000"}})},
       {running("node1", {rl({{"cpu", "3000"}, {"memory", "0"}})}),
        running("node2", {rl({{"cpu", "3000"}, {"memory", "5000"}})})},
       scores({{"node1", 57}, {"node2", 45}})},
      {"resources requested, pods scheduled with resources, differently sized nodes",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "10000"}, {"memory", "20000"}}), node("node2", {{"cpu", "10000"}, {"memory", "50000"}})},
       {running("node1", {rl({{"cpu", "3000"}, {"memory", "0"}})}),
        running("node2", {rl({{"cpu", "3000"}, {"memory", "5000"}})})},
       scores({{"node1", 57}, {"node2", 60}})},
      {"requested resources exceed node capacity",
       incoming({rl({{"cpu", "3000"}, {"memory", "0"}})}),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "4000"}, {"memory", "10000"}})},
       {running("node1", {rl({{"cpu", "3000"}, {"memory", "0"}})}),
        running("node2", {rl({{"cpu", "3000"}, {"memory", "5000"}})})},
       scores({{"node1", 50}, {"node2", 25}})},
      {"zero node resources, pods scheduled with resources",
       incoming(),
       {NodeBuilder("node1"), NodeBuilder("node2")},
       {running("node1", {rl({{"cpu", "3000"}, {"memory", "0"}})}),
        running("node2", {rl({{"cpu", "3000"}, {"memory", "5000"}})})},
       scores({{"node1", 0}, {"node2", 0}})},
      {"nothing scheduled, resources requested with different weight on CPU and memory, differently sized nodes",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       scores({{"node1", 41}, {"node2", 50}}),
       {{"memory", 2}, {"cpu", 1}}},
      {"resource with negative weight",
       incoming(),
       {},
       {},
       {},
       {{"memory", -1}, {"cpu", 1}},
       {"scoringStrategy.resources[0].weight: Invalid value: -1: resource weight of memory not in valid range (0, 100]"}},
      {"resource with zero weight",
       incoming(),
       {},
       {},
       {},
       {{"memory", 1}, {"cpu", 0}},
       {"scoringStrategy.resources[1].weight: Invalid value: 0: resource weight of cpu not in valid range (0, 100]"}},
      {"resource weight larger than MaxNodeScore",
       incoming(),
       {},
       {},
       {},
       {{"memory", 1}, {"cpu", 101}},
       {"scoringStrategy.resources[1].weight: Invalid value: 101: resource weight of cpu not in valid range (0, 100]"}},
      {"bypass extended resource if the pod does not request",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "6000"}, {"memory", "10000"}}),
        node("node2", {{"cpu", "6000"}, {"memory", "10000"}, {kExtendedRes, "4"}})},
       {},
       scores({{"node1", 50}, {"node2", 50}}),
       extended_resource_set()},
      {"honor extended resource if the pod requests",
       incoming({rl({{"cpu", "3000"}, {"memory", "5000"}, {kExtendedRes, "2"}})}),
       {node("node1", {{"cpu", "6000"}, {"memory", "10000"}, {kExtendedRes, "4"}}),
        node("node2", {{"cpu", "6000"}, {"memory", "10000"}, {kExtendedRes, "10"}})},
       {},
       scores({{"node1", 50}, {"node2", 60}}),
       extended_resource_set()},
      {"if the node doesn't have a resource",
       incoming({rl({{"cpu", "3000"}, {"memory", "4000"}})}),
       {node("node1", {{"cpu", "6000"}, {"memory", "10000"}}),
        node("node2", {{"cpu", "6000"}, {"memory", "10000"}, {kExtendedRes, "4"}})},
       {},
       scores({{"node1", 55}, {"node2", 55}}),
       {{kExtendedRes, 2}, {"cpu", 1}, {"memory", 1}}},
  };
  run_cases(ScoringStrategyType::LeastAllocated, {}, cases);
}

TEST_CASE("NodeResourcesFit score: TestMostAllocatedScoringStrategy") {
  PodBuilder no_requests("pod");
  no_requests.container(testing::container("container", std::nullopt));
  auto running_no_requests = [](const std::string& name) {
    PodBuilder pod("running-" + name);
    pod.node("node1").container(testing::container("container", std::nullopt));
    return Pod(pod);
  };
  const std::vector<Case> cases = {
      {"nothing scheduled, nothing requested",
       incoming(),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "4000"}, {"memory", "10000"}})},
       {},
       scores({{"node1", 0}, {"node2", 0}})},
      {"nothing scheduled, resources requested, differently sized nodes",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       scores({{"node1", 62}, {"node2", 50}})},
      {"Resources not set, pods scheduled with error",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       scores({{"node1", 0}, {"node2", 0}}),
       {},
       {},
       Code::Error},
      {"no resources requested, pods scheduled with resources",
       incoming(),
       {node("node1", {{"cpu", "10000"}, {"memory", "20000"}}), node("node2", {{"cpu", "10000"}, {"memory", "20000"}})},
       {running("node1", {rl({{"cpu", "3000"}, {"memory", "0"}})}),
        running("node1", {rl({{"cpu", "3000"}, {"memory", "0"}})}),
        running("node2", {rl({{"cpu", "3000"}, {"memory", "0"}})}),
        running("node2", {rl({{"cpu", "3000"}, {"memory", "5000"}})})},
       scores({{"node1", 30}, {"node2", 42}})},
      {"resources requested, pods scheduled with resources",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "10000"}, {"memory", "20000"}}), node("node2", {{"cpu", "10000"}, {"memory", "20000"}})},
       {running("node1", {rl({{"cpu", "3000"}, {"memory", "0"}})}),
        running("node2", {rl({{"cpu", "3000"}, {"memory", "5000"}})})},
       scores({{"node1", 42}, {"node2", 55}})},
      {"resources requested equal node capacity",
       incoming({rl({{"cpu", "2000"}, {"memory", "4000"}}), rl({{"cpu", "3000"}, {"memory", "5000"}})}),
       {node("node1", {{"cpu", "5000"}, {"memory", "10000"}}), node("node2", {{"cpu", "10000"}, {"memory", "9000"}})},
       {},
       scores({{"node1", 95}, {"node2", 75}})},
      {"nothing scheduled, resources requested, differently sized nodes (weighted)",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {},
       scores({{"node1", 58}, {"node2", 50}}),
       {{"memory", 2}, {"cpu", 1}}},
      {"no resources requested, pods scheduled, nonzero request for resource",
       no_requests,
       {node("node1", {{"cpu", "250m"}, {"memory", "1000Mi"}}), node("node2", {{"cpu", "250m"}, {"memory", "1000Mi"}})},
       {running_no_requests("a"), running_no_requests("b")},
       scores({{"node1", 80}, {"node2", 30}})},
      {"resource with negative weight",
       incoming(),
       {},
       {},
       {},
       {{"memory", -1}, {"cpu", 1}},
       {"scoringStrategy.resources[0].weight: Invalid value: -1: resource weight of memory not in valid range (0, 100]"}},
      {"resource with zero weight",
       incoming(),
       {},
       {},
       {},
       {{"memory", 1}, {"cpu", 0}},
       {"scoringStrategy.resources[1].weight: Invalid value: 0: resource weight of cpu not in valid range (0, 100]"}},
      {"resource weight larger than MaxNodeScore",
       incoming(),
       {},
       {},
       {},
       {{"memory", 101}},
       {"scoringStrategy.resources[0].weight: Invalid value: 101: resource weight of memory not in valid range (0, 100]"}},
      {"bypass extended resource if the pod does not request",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "6000"}, {"memory", "10000"}}),
        node("node2", {{"cpu", "6000"}, {"memory", "10000"}, {kExtendedRes, "4"}})},
       {},
       scores({{"node1", 50}, {"node2", 50}}),
       extended_resource_set()},
      {"honor extended resource if the pod request",
       incoming({rl({{"cpu", "3000"}, {"memory", "5000"}, {kExtendedRes, "2"}})}),
       {node("node1", {{"cpu", "6000"}, {"memory", "10000"}, {kExtendedRes, "4"}}),
        node("node2", {{"cpu", "6000"}, {"memory", "10000"}, {kExtendedRes, "10"}})},
       {},
       scores({{"node1", 50}, {"node2", 40}}),
       extended_resource_set()},
      {"if the node doesn't have a resource",
       incoming({rl({{"cpu", "3000"}, {"memory", "4000"}})}),
       {node("node1", {{"cpu", "6000"}, {"memory", "10000"}}),
        node("node2", {{"cpu", "6000"}, {"memory", "10000"}, {kExtendedRes, "4"}})},
       {},
       scores({{"node1", 45}, {"node2", 45}}),
       {{kExtendedRes, 2}, {"cpu", 1}, {"memory", 1}}},
  };
  run_cases(ScoringStrategyType::MostAllocated, {}, cases);
}

TEST_CASE("NodeResourcesFit score: TestRequestedToCapacityRatioScoringStrategy") {
  const std::vector<Case> cases = {
      {"nothing scheduled, nothing requested (default - least requested nodes have priority)",
       incoming(),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "4000"}, {"memory", "10000"}})},
       {running("node1"), running("node1")},
       scores({{"node1", 100}, {"node2", 100}})},
      {"nothing scheduled, resources requested, differently sized nodes (default - least requested nodes have "
       "priority)",
       incoming({rl({{"cpu", "1000"}, {"memory", "2000"}}), rl({{"cpu", "2000"}, {"memory", "3000"}})}),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {running("node1"), running("node1")},
       scores({{"node1", 38}, {"node2", 50}})},
      {"no resources requested, pods scheduled with resources (default - least requested nodes have priority)",
       incoming(),
       {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}), node("node2", {{"cpu", "6000"}, {"memory", "10000"}})},
       {running("node1", {rl({{"cpu", "3000"}, {"memory", "5000"}})}),
        running("node2", {rl({{"cpu", "3000"}, {"memory", "5000"}})})},
       scores({{"node1", 38}, {"node2", 50}})},
  };
  run_cases(ScoringStrategyType::RequestedToCapacityRatio, {{0, 10}, {100, 0}}, cases);
}

TEST_CASE("NodeResourcesFit score: TestResourceBinPackingSingleExtended") {
  const Node node1 = make_node("node1", 4000, 10000LL * 1024 * 1024, {{"intel.com/foo", 8}});
  const Node node2 = make_node("node2", 4000, 10000LL * 1024 * 1024, {{"intel.com/foo", 4}});
  const std::vector<ResourceSpec> resources = {{"intel.com/foo", 1}};
  const std::vector<Case> cases = {
      {"nothing scheduled, nothing requested", incoming(), {node1, node2}, {}, scores({{"node1", 0}, {"node2", 0}}),
       resources},
      {"resources requested, pods scheduled with less resources",
       incoming({rl({{"intel.com/foo", "2"}})}),
       {node1, node2},
       {},
       scores({{"node1", 2}, {"node2", 5}}),
       resources},
      {"resources requested, pods scheduled with resources, on node with existing pod running",
       incoming({rl({{"intel.com/foo", "2"}})}),
       {node1, node2},
       {running("node2", {rl({{"intel.com/foo", "2"}})})},
       scores({{"node1", 2}, {"node2", 10}}),
       resources},
      {"resources requested, pods scheduled with more resources",
       incoming({rl({{"intel.com/foo", "4"}})}),
       {node1, node2},
       {},
       scores({{"node1", 5}, {"node2", 10}}),
       resources},
  };
  run_cases(ScoringStrategyType::RequestedToCapacityRatio, {{0, 0}, {100, 1}}, cases);
}

TEST_CASE("NodeResourcesFit score: TestResourceBinPackingMultipleExtended") {
  const Node node1 = make_node("node1", 4000, 10000LL * 1024 * 1024, {{"intel.com/foo", 8}, {"intel.com/bar", 4}});
  const Node node2 = make_node("node2", 4000, 10000LL * 1024 * 1024, {{"intel.com/foo", 4}, {"intel.com/bar", 8}});
  const std::vector<ResourceSpec> resources = {{"intel.com/foo", 3}, {"intel.com/bar", 5}};
  const std::vector<Case> cases = {
      {"nothing scheduled, nothing requested", incoming(), {node1, node2}, {}, scores({{"node1", 0}, {"node2", 0}}),
       resources},
      {"resources requested, pods scheduled with less resources",
       incoming({rl({{"intel.com/foo", "2"}, {"intel.com/bar", "2"}})}),
       {node1, node2},
       {},
       scores({{"node1", 4}, {"node2", 3}}),
       resources},
      {"resources requested, pods scheduled with resources, on node with existing pod running",
       incoming({rl({{"intel.com/foo", "2"}, {"intel.com/bar", "2"}})}),
       {node1, node2},
       {running("node2", {rl({{"intel.com/foo", "4"}, {"intel.com/bar", "2"}})})},
       scores({{"node1", 4}, {"node2", 7}}),
       resources},
      {"resources requested, pods scheduled with more resources",
       incoming({rl({{"intel.com/foo", "4"}, {"intel.com/bar", "2"}})}),
       {node1, node2},
       {},
       scores({{"node1", 5}, {"node2", 5}}),
       resources},
  };
  run_cases(ScoringStrategyType::RequestedToCapacityRatio, {{0, 0}, {100, 1}}, cases);
}

TEST_CASE("NodeResourcesFit score: TestFitScore") {
  const std::vector<Node> nodes46 = {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}),
                                     node("node2", {{"cpu", "6000"}, {"memory", "10000"}})};
  auto existing = [] {
    return std::vector<Pod>{running("node1", {rl({{"cpu", "2000"}, {"memory", "4000"}})}),
                            running("node2", {rl({{"cpu", "1000"}, {"memory", "2000"}})})};
  };
  const Pod big = incoming({rl({{"cpu", "3000"}, {"memory", "5000"}})});
  const Pod small = incoming({rl({{"cpu", "1000"}, {"memory", "2000"}})});
  PodBuilder with_sidecar("running-sidecar");
  with_sidecar.node("node1")
      .req(rl({{"cpu", "1000"}, {"memory", "2000"}}))
      .sidecar_req(rl({{"cpu", "1000"}, {"memory", "2000"}}));
  const std::vector<Node> nodes44 = {node("node1", {{"cpu", "4000"}, {"memory", "10000"}}),
                                     node("node2", {{"cpu", "4000"}, {"memory", "10000"}})};
  const std::vector<Pod> sidecar_pods = {with_sidecar, running("node2", {rl({{"cpu", "1000"}, {"memory", "2000"}})})};

  struct StrategyCase {
    Case c;
    ScoringStrategyType type;
    std::vector<UtilizationShapePoint> shape;
  };
  const std::vector<StrategyCase> cases = {
      {{"RequestedToCapacityRatio case1", big, nodes46, existing(), scores({{"node1", 10}, {"node2", 32}})},
       ScoringStrategyType::RequestedToCapacityRatio,
       {{0, 10}, {100, 0}}},
      {{"RequestedToCapacityRatio case2", big, nodes46, existing(), scores({{"node1", 95}, {"node2", 68}})},
       ScoringStrategyType::RequestedToCapacityRatio,
       {{0, 0}, {100, 10}}},
      {{"MostAllocated", small, nodes46, existing(), scores({{"node1", 67}, {"node2", 36}})},
       ScoringStrategyType::MostAllocated,
       {}},
      {{"LeastAllocated", small, nodes46, existing(), scores({{"node1", 32}, {"node2", 63}})},
       ScoringStrategyType::LeastAllocated,
       {}},
      {{"RequestedToCapacityRatio case1 if PreScore is not called", big, nodes46, existing(),
        scores({{"node1", 10}, {"node2", 32}}), default_resources(), {}, Code::Success, false},
       ScoringStrategyType::RequestedToCapacityRatio,
       {{0, 10}, {100, 0}}},
      {{"MostAllocated if PreScore is not called", small, nodes46, existing(), scores({{"node1", 67}, {"node2", 36}}),
        default_resources(), {}, Code::Success, false},
       ScoringStrategyType::MostAllocated,
       {}},
      {{"LeastAllocated if PreScore is not called", small, nodes46, existing(), scores({{"node1", 32}, {"node2", 63}}),
        default_resources(), {}, Code::Success, false},
       ScoringStrategyType::LeastAllocated,
       {}},
      {{"MostAllocated with sidecar container", small, nodes44, sidecar_pods, scores({{"node1", 67}, {"node2", 45}})},
       ScoringStrategyType::MostAllocated,
       {}},
      {{"LeastAllocated with sidecar container", small, nodes44, sidecar_pods, scores({{"node1", 32}, {"node2", 55}})},
       ScoringStrategyType::LeastAllocated,
       {}},
  };
  for (const auto& sc : cases) {
    SUBCASE(sc.c.name.c_str()) { run_cases(sc.type, sc.shape, {sc.c}); }
  }
}

TEST_CASE("NodeResourcesFit score: pod-level requests are not read, as the Fit scorer builds its options without the gates") {
  // 2 cpus at pod level over a container without requests: the scorer sees the container's
  // 100m default. Node: 4 cpus, 10000 bytes memory; memory is overcommitted by the 200MiB default.
  PodBuilder pod("pod");
  pod.container(testing::container("c", std::nullopt)).pod_requests(rl({{"cpu", "2"}}));
  const FeatureGates gates;
  NodeResourcesFit plugin(gates);
  ScoreCluster cluster({node("node1", {{"cpu", "4"}, {"memory", "10000"}})});
  auto run = testing::run_plugin_scoring(&plugin, plugin, pod, cluster, cluster.nodes(), gates);
  // cpu: (4000 - 100) * 100 / 4000 = 97; memory: 0; (97 + 0) / 2 = 48.
  CHECK_MESSAGE(run.scores == scores({{"node1", 48}}), show_scores(run.scores));
}

}  // namespace
}  // namespace podfit
