// NodeResourcesBalancedAllocation: balanced_allocation_test.go (TestNodeResourcesBalancedAllocation;
// the two DRA cases aside, as podfit reads no DeviceClasses or ResourceSlices). Its scores are
// those of v1.32 to v1.35; from v1.36 (#135573) each case also has the score of the change the
// pod makes to the node's balance, 50 + (50 + with - without) / 2.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builders.h"
#include "score_test_support.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/plugins/node_resources/balanced_allocation.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::PodBuilder;
using testing::rl;
using testing::ScoreCluster;
using testing::scores;
using testing::show_scores;

// makeNode(name, milliCPU, memory, extended).
Node make_node(const std::string& name, int64_t milli_cpu, int64_t memory,
               const std::vector<std::pair<std::string, int64_t>>& extended = {}) {
  ResourceList list;
  for (const auto& [resource, count] : extended) list.set(resource, Quantity::from_int(count));
  list.set("cpu", Quantity::from_milli(milli_cpu));
  list.set("memory", Quantity::from_int(memory, Quantity::Format::BinarySI));
  return NodeBuilder(name).capacity(list);
}

// The test's pod specs: two containers each, bound to `node` ("" for the pod being scheduled).
Pod cpu_and_memory(const std::string& name, const std::string& node) {
  PodBuilder pod(name);
  if (!node.empty()) pod.node(node);
  return pod.req(rl({{"cpu", "1000m"}, {"memory", "2000"}})).req(rl({{"cpu", "2000m"}, {"memory", "3000"}}));
}
Pod cpu_only(const std::string& name, const std::string& node) {
  PodBuilder pod(name);
  if (!node.empty()) pod.node(node);
  return pod.req(rl({{"cpu", "1000m"}, {"memory", "0"}})).req(rl({{"cpu", "2000m"}, {"memory", "0"}}));
}
Pod cpu_memory_and_gpu(const std::string& name, const std::string& node) {
  PodBuilder pod(name);
  pod.node(node);
  return pod.req(rl({{"cpu", "1000m"}, {"memory", "2000"}}))
      .req(rl({{"cpu", "2000m"}, {"memory", "3000"}, {"nvidia.com/gpu", "3"}}));
}

TEST_CASE("NodeResourcesBalancedAllocation score: TestNodeResourcesBalancedAllocation") {
  const std::vector<ResourceSpec> with_gpu = {{"cpu", 1}, {"memory", 1}, {"nvidia.com/gpu", 1}};
  struct Case {
    std::string name;
    Pod pod;
    std::vector<Node> nodes;
    std::vector<Pod> existing;
    NodeScoreList want;       // v1.35
    NodeScoreList want_v136;  // v1.36 on
    std::vector<ResourceSpec> resources = default_scoring_resources();
    bool run_pre_score = true;
    Code want_pre_score = Code::Success;
  };
  const std::vector<Case> cases = {
      {"nothing scheduled, nothing requested, skip in PreScore",
       PodBuilder("pod"),
       {make_node("node1", 4000, 10000), make_node("node2", 4000, 10000)},
       {},
       {},
       {},
       default_scoring_resources(),
       true,
       Code::Skip},
      {"nothing scheduled, resources requested, differently sized nodes",
       cpu_and_memory("pod", ""),
       {make_node("node1", 4000, 10000), make_node("node2", 6000, 10000)},
       {},
       scores({{"node1", 87}, {"node2", 100}}),
       scores({{"node1", 68}, {"node2", 75}})},
      {"resources requested, pods scheduled with resources",
       cpu_and_memory("pod", ""),
       {make_node("node1", 10000, 20000), make_node("node2", 10000, 20000)},
       {cpu_only("a", "node1"), cpu_and_memory("b", "node2")},
       scores({{"node1", 82}, {"node2", 95}}),
       scores({{"node1", 73}, {"node2", 74}})},
      {"resources requested, pods scheduled with resources, differently sized nodes",
       cpu_and_memory("pod", ""),
       {make_node("node1", 10000, 20000), make_node("node2", 10000, 50000)},
       {cpu_only("a", "node1"), cpu_and_memory("b", "node2")},
       scores({{"node1", 82}, {"node2", 80}}),
       scores({{"node1", 73}, {"node2", 70}})},
      {"requested resources at node capacity",
       cpu_only("pod", ""),
       {make_node("node1", 6000, 10000), make_node("node2", 6000, 10000)},
       {cpu_only("a", "node1"), cpu_and_memory("b", "node2")},
       scores({{"node1", 50}, {"node2", 75}}),
       scores({{"node1", 62}, {"node2", 62}})},
      {"include scalar resource on a node for balanced resource allocation",
       PodBuilder("pod").req(rl({{"memory", "0"}, {"nvidia.com/gpu", "1"}})),
       {make_node("node1", 3500, 40000, {{"nvidia.com/gpu", 8}}), make_node("node2", 3500, 40000, {{"nvidia.com/gpu", 8}})},
       {cpu_and_memory("a", "node2"), cpu_memory_and_gpu("b", "node1")},
       scores({{"node1", 70}, {"node2", 65}}),
       scores({{"node1", 75}, {"node2", 76}}),
       with_gpu},
      {"node without the scalar resource should skip the scalar resource",
       cpu_and_memory("pod", ""),
       {make_node("node1", 3500, 40000, {{"nvidia.com/gpu", 8}}), make_node("node2", 3500, 40000)},
       {},
       scores({{"node1", 63}, {"node2", 63}}),
       scores({{"node1", 56}, {"node2", 56}}),
       with_gpu},
      {"resources requested, pods scheduled with resources if PreScore not called",
       cpu_and_memory("pod", ""),
       {make_node("node1", 10000, 20000), make_node("node2", 10000, 20000)},
       {cpu_only("a", "node1"), cpu_and_memory("b", "node2")},
       scores({{"node1", 82}, {"node2", 95}}),
       scores({{"node1", 73}, {"node2", 74}}),
       default_scoring_resources(),
       false},
  };
  for (const auto& c : cases) {
    for (const int minor : {35, 36}) {
      SUBCASE((c.name + (minor == 35 ? " (v1.35)" : " (v1.36)")).c_str()) {
        const FeatureGates gates = FeatureGates::for_release(KubernetesRelease{minor});
        NodeResourcesBalancedAllocation plugin(gates, NodeResourcesBalancedAllocationArgs{c.resources});
        ScoreCluster cluster(c.nodes, c.existing);
        auto run = testing::run_plugin_scoring(&plugin, plugin, c.pod, cluster, cluster.nodes(), gates, c.run_pre_score);
        CHECK(run.pre_score.code() == c.want_pre_score);
        if (c.want_pre_score != Code::Success) continue;
        CHECK(run.score.is_success());
        const NodeScoreList& want = minor == 35 ? c.want : c.want_v136;
        CHECK_MESSAGE(run.scores == want, show_scores(run.scores));
      }
    }
  }
}

TEST_CASE("NodeResourcesBalancedAllocation score: pod-level requests count, unlike NodeResourcesFit's score") {
  // A container without requests under 3 cpus and 5000 bytes at pod level: fractions 3/4 and
  // 5000/10000 give (1 - 0.125) * 100 = 87 (v1.35's score: with the pod alone).
  PodBuilder pod("pod");
  pod.container(testing::container("c", std::nullopt)).pod_requests(rl({{"cpu", "3"}, {"memory", "5000"}}));
  const FeatureGates gates = FeatureGates::for_release(KubernetesRelease{35});
  NodeResourcesBalancedAllocation plugin(gates);
  ScoreCluster cluster({NodeBuilder("node1").capacity(rl({{"cpu", "4"}, {"memory", "10000"}}))});
  auto run = testing::run_plugin_scoring(&plugin, plugin, pod, cluster, cluster.nodes(), gates);
  CHECK_MESSAGE(run.scores == scores({{"node1", 87}}), show_scores(run.scores));

  FeatureGates off = gates;
  off.pod_level_resources = false;
  NodeResourcesBalancedAllocation without(off);
  auto skipped = testing::run_plugin_scoring(&without, without, pod, cluster, cluster.nodes(), off);
  CHECK(skipped.pre_score.code() == Code::Skip);  // best effort once pod-level requests are ignored
}

}  // namespace
}  // namespace podfit
