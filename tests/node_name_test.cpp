// NodeName: node_name_test.go (TestNodeName, TestNodeName_PreFilter) plus edge cases.
#include <doctest/doctest.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/plugins/node_name.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::NodeInfoFixture;
using testing::PodBuilder;

constexpr const char* kReason = "node(s) didn't match the requested node name";

// The pod with its in-place resize deferred by the kubelet (PodResizePending, reason Deferred).
Pod with_deferred_resize(PodBuilder pod) { return pod.condition({"PodResizePending", "True", "Deferred", ""}); }

// "Code: reasons [details]" so that one comparison checks all three.
using testing::show;

Status mismatch(const std::string& wanted) {
  return Status(Code::UnschedulableAndUnresolvable, {kReason}, {"the pod asks for spec.nodeName " + wanted});
}

TEST_CASE("NodeName: Filter") {
  struct Case {
    std::string name;
    Pod pod;
    std::string node;
    Status want;
  };
  const std::vector<Case> cases = {
      // TestNodeName
      {"no host specified", PodBuilder(), "", Status()},
      {"host matches", PodBuilder().node("foo"), "foo", Status()},
      {"host doesn't match", PodBuilder().node("bar"), "foo", mismatch("bar")},
      // Edge cases.
      {"no host specified fits a named node", PodBuilder(), "foo", Status()},
      {"names compare exactly (case matters)", PodBuilder().node("Foo"), "foo", mismatch("Foo")},
      {"a prefix is not a match", PodBuilder().node("foo"), "foo-1", mismatch("foo")},
  };
  const FeatureGates gates;
  NodeName plugin(gates);
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      NodeInfoFixture node(NodeBuilder(c.node));
      PodInfo pod_info(c.pod, gates);
      CycleState state;
      CHECK(show(plugin.filter(state, pod_info, node.info())) == show(c.want));
      CHECK(fits_node_name(c.pod, node.info()) == c.want.is_success());
    }
  }
}

TEST_CASE("NodeName: PreFilter") {
  struct Case {
    std::string name;
    Pod pod;
    bool scheduler_preemption;  // InPlacePodVerticalScalingSchedulerPreemption
    std::optional<std::set<std::string>> want_nodes;
  };
  const std::vector<Case> cases = {
      // TestNodeName_PreFilter
      {"assigned pod with nodeName set, feature enabled, prefilter restricts to assigned node",
       with_deferred_resize(PodBuilder().node("foo")), true, std::set<std::string>{"foo"}},
      {"assigned pod with nodeName set, feature disabled, prefilter returns nil", PodBuilder().node("foo"), false,
       std::nullopt},
      {"unassigned pod without nodeName set, feature enabled, prefilter returns nil", PodBuilder(), true, std::nullopt},
      // Edge cases.
      {"deferred resize with the feature disabled (the default) narrows nothing",
       with_deferred_resize(PodBuilder().node("foo")), false, std::nullopt},
      {"nodeName set without a deferred resize narrows nothing", PodBuilder().node("foo"), true, std::nullopt},
      {"deferred resize without nodeName narrows nothing", with_deferred_resize(PodBuilder()), true, std::nullopt},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      FeatureGates gates;
      gates.in_place_pod_vertical_scaling_scheduler_preemption = c.scheduler_preemption;
      auto plugin = new_node_name(PluginContext{gates});
      CHECK(plugin->name() == "NodeName");
      const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
      ClusterState cluster;
      Snapshot snapshot(cluster, gates);
      PodInfo pod_info(c.pod, gates);
      CycleState state;
      PreFilterResult result;
      CHECK(show(pre_filter.pre_filter(state, pod_info, snapshot, result)) == "Success");
      CHECK(result.node_names == c.want_nodes);
    }
  }
}

}  // namespace
}  // namespace podfit
