// NodeUnschedulable: node_unschedulable_test.go (TestNodeUnschedulable,
// TestNodeUnschedulable_DeferredResizeSkipped) plus toleration edge cases.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/plugins/node_unschedulable.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::NodeInfoFixture;
using testing::PodBuilder;
using testing::toleration;

constexpr const char* kReason = "node(s) were unschedulable";
constexpr const char* kDetail =
    "node is cordoned (spec.unschedulable) and the pod does not tolerate node.kubernetes.io/unschedulable:NoSchedule";
const std::string kKey = "node.kubernetes.io/unschedulable";

// A pod whose in-place resize the kubelet deferred (PodResizePending, reason Deferred).
PodBuilder deferred_resize() {
  PodBuilder pod;
  pod.condition({"PodResizePending", "True", "Deferred", ""});
  return pod;
}

// "Code: reasons [details]" so that one comparison checks all three.
using testing::show;

Status rejected() { return Status(Code::UnschedulableAndUnresolvable, {kReason}, {kDetail}); }

TEST_CASE("NodeUnschedulable: Filter") {
  struct Case {
    std::string name;
    Pod pod;
    bool unschedulable;
    Status want;
  };
  const std::vector<Case> cases = {
      // TestNodeUnschedulable
      {"Does not schedule pod to unschedulable node (node.Spec.Unschedulable==true)", PodBuilder(), true, rejected()},
      {"Schedule pod to normal node", PodBuilder(), false, Status()},
      {"Schedule pod with toleration to unschedulable node (node.Spec.Unschedulable==true)",
       PodBuilder().toleration(toleration(kKey, "", "", "NoSchedule")), true, Status()},
      // Edge cases.
      {"Exists on the unschedulable key tolerates the cordon", PodBuilder().toleration(toleration(kKey, "Exists", "", "")),
       true, Status()},
      {"empty key with Exists tolerates every taint, the cordon included",
       PodBuilder().toleration(toleration("", "Exists", "", "")), true, Status()},
      {"empty key with Exists and effect NoSchedule tolerates the cordon",
       PodBuilder().toleration(toleration("", "Exists", "", "NoSchedule")), true, Status()},
      {"empty key with Exists and effect NoExecute does not tolerate the cordon",
       PodBuilder().toleration(toleration("", "Exists", "", "NoExecute")), true, rejected()},
      {"the unschedulable key with effect PreferNoSchedule does not tolerate the cordon",
       PodBuilder().toleration(toleration(kKey, "Exists", "", "PreferNoSchedule")), true, rejected()},
      {"Equal with a value does not match the cordon, whose value is empty",
       PodBuilder().toleration(toleration(kKey, "Equal", "true", "NoSchedule")), true, rejected()},
      {"an unrelated toleration does not help", PodBuilder().toleration(toleration("dedicated", "Exists", "", "")), true,
       rejected()},
      {"one matching toleration among others is enough",
       PodBuilder()
           .toleration(toleration("dedicated", "Exists", "", ""))
           .toleration(toleration(kKey, "Exists", "", "NoSchedule")),
       true, Status()},
      {"tolerations do not matter on a schedulable node", PodBuilder().toleration(toleration(kKey, "Exists", "", "")),
       false, Status()},
      {"a Deferred resize is still filtered while the scheduler-preemption gate is off", deferred_resize(), true,
       rejected()},
  };
  const FeatureGates gates;
  NodeUnschedulable plugin(gates);
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      NodeInfoFixture node(NodeBuilder("node1").unschedulable(c.unschedulable));
      PodInfo pod_info(c.pod, gates);
      CycleState state;
      PreFilterResult result;
      CHECK(show(plugin.pre_filter(state, pod_info, snapshot, result)) == "Success");
      CHECK(result.all_nodes());
      CHECK(show(plugin.filter(state, pod_info, node.info())) == show(c.want));
    }
  }
}

TEST_CASE("NodeUnschedulable: a Deferred resize skips the plugin when InPlacePodVerticalScalingSchedulerPreemption is on") {
  FeatureGates gates;
  gates.in_place_pod_vertical_scaling_scheduler_preemption = true;
  auto plugin = new_node_unschedulable(PluginContext{gates});
  const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
  const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
  CHECK(plugin->name() == "NodeUnschedulable");
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);

  // Upstream's node is schedulable; a cordoned one shows the Filter really is bypassed.
  const Pod deferred = deferred_resize();
  for (bool unschedulable : {false, true}) {
    CAPTURE(unschedulable);
    PodInfo pod_info(deferred, gates);
    NodeInfoFixture node(NodeBuilder("node1").unschedulable(unschedulable));
    CycleState state;
    PreFilterResult result;
    CHECK(show(pre_filter.pre_filter(state, pod_info, snapshot, result)) == "Skip");
    CHECK(result.all_nodes());
    CHECK(show(filter.filter(state, pod_info, node.info())) == "Success");
  }

  // Without a Deferred resize the gate changes nothing.
  const Pod plain = PodBuilder();
  PodInfo pod_info(plain, gates);
  NodeInfoFixture node(NodeBuilder("node1").unschedulable());
  CycleState state;
  PreFilterResult result;
  CHECK(show(pre_filter.pre_filter(state, pod_info, snapshot, result)) == "Success");
  CHECK(show(filter.filter(state, pod_info, node.info())) == show(rejected()));
}

}  // namespace
}  // namespace podfit
