// The node event handlers and the pre-enqueue check: events_test.go (TestNodeAllocatableChange,
// TestNodeLabelsChange, TestNodeTaintsChange, TestNodeConditionsChange,
// TestNodeSchedulingPropertiesChange) and eventhandlers_test.go (TestPreCheckForNode), plus the
// whole requeue over a small cluster in both modes.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/framework/names.h"
#include "podfit/queue/node_events.h"
#include "podfit/queue/pre_enqueue_check.h"
#include "podfit/queue/requeue.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::NodeInfoFixture;
using testing::PodBuilder;
using testing::rl;

// st.MakeNode().Capacity(list): capacity and allocatable, with the wrapper's 32 pod slots.
NodeBuilder node_with_capacity(std::string name, ResourceList list) {
  if (!list.contains("pods")) list.set("pods", testing::count(32));
  return NodeBuilder(std::move(name)).capacity(std::move(list));
}
// st.MakeNode(): no resources but the 32 pod slots.
NodeBuilder plain_node(std::string name = "node") { return node_with_capacity(std::move(name), {}); }

NodeCondition condition(std::string type, std::string status, std::string heartbeat = "") {
  NodeCondition c;
  c.type = std::move(type);
  c.status = std::move(status);
  c.last_heartbeat_time = std::move(heartbeat);
  return c;
}

std::vector<std::string> labels_of(const std::vector<NodeEvent>& events) {
  std::vector<std::string> out;
  for (const NodeEvent& e : events) out.push_back(std::string(e.name()) + "/" + e.label());
  return out;
}

TEST_CASE("node change extractors") {
  struct Case {
    std::string name;
    bool (*extractor)(const Node&, const Node&);
    Node old_node;
    Node new_node;
    bool changed;
  };
  auto with_conditions = [](std::vector<NodeCondition> conditions) {
    Node n = plain_node();
    n.status.conditions = std::move(conditions);
    return n;
  };
  const std::vector<Case> cases = {
      // TestNodeAllocatableChange
      {"no allocatable resources changed", node_allocatable_changed,
       NodeBuilder().allocatable({{"memory", testing::bytes(1024)}}),
       NodeBuilder().allocatable({{"memory", testing::bytes(1024)}}), false},
      {"new node has more allocatable resources", node_allocatable_changed,
       NodeBuilder().allocatable({{"memory", testing::bytes(1024)}}),
       NodeBuilder().allocatable({{"memory", testing::bytes(1024)}, {"storage", testing::bytes(1024)}}), true},
      {"allocatable written differently but equal", node_allocatable_changed, NodeBuilder().allocatable(rl({{"cpu", "1"}})),
       NodeBuilder().allocatable(rl({{"cpu", "1000m"}})), false},
      // TestNodeLabelsChange
      {"no labels changed", node_labels_changed, NodeBuilder().label("foo", "bar"), NodeBuilder().label("foo", "bar"),
       false},
      {"new object has more labels", node_labels_changed, NodeBuilder().label("foo", "bar"),
       NodeBuilder().label("foo", "bar").label("test", "value"), true},
      // TestNodeTaintsChange
      {"no taint changed", node_taints_changed, NodeBuilder().taint(testing::taint("key", "value", "")),
       NodeBuilder().taint(testing::taint("key", "value", "")), false},
      {"taint value changed", node_taints_changed, NodeBuilder().taint(testing::taint("key", "value1", "")),
       NodeBuilder().taint(testing::taint("key", "value2", "")), true},
      // TestNodeConditionsChange
      {"no condition changed", node_conditions_changed, with_conditions({condition("DiskPressure", "True")}),
       with_conditions({condition("DiskPressure", "True")}), false},
      {"only LastHeartbeatTime changed", node_conditions_changed,
       with_conditions({condition("DiskPressure", "True", "1970-01-01T00:00:01Z")}),
       with_conditions({condition("DiskPressure", "True", "1970-01-01T00:00:02Z")}), false},
      {"new node has more healthy conditions", node_conditions_changed, with_conditions({}),
       with_conditions({condition("Ready", "True")}), true},
      {"new node has less unhealthy conditions", node_conditions_changed,
       with_conditions({condition("DiskPressure", "True")}), with_conditions({}), true},
      {"condition status changed", node_conditions_changed, with_conditions({condition("Ready", "False")}),
       with_conditions({condition("Ready", "True")}), true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(c.extractor(c.new_node, c.old_node) == c.changed); }
  }
}

TEST_CASE("NodeSchedulingPropertiesChange") {
  struct Case {
    std::string name;
    Node new_node;
    Node old_node;
    std::vector<std::string> want;  // name/label
  };
  auto annotated = [](std::string value) {
    Node n = plain_node();
    n.metadata.annotations.set("foo", std::move(value));
    return n;
  };
  auto ready = [] {
    Node n = plain_node();
    n.status.conditions = {condition("Ready", "True")};
    n.status.conditions.back().reason = "Ready";
    n.status.conditions.back().message = "Ready";
    return n;
  };
  auto declaring = [](std::vector<std::string> features) {
    Node n = plain_node();
    n.status.declared_features = std::move(features);
    return n;
  };
  const Taint unschedulable_empty = testing::taint("node.kubernetes.io/unschedulable", "", "NoSchedule");
  const Taint unschedulable_foo = testing::taint("node.kubernetes.io/unschedulable", "foo", "NoSchedule");
  const std::vector<Case> cases = {
      {"no specific changed applied", plain_node().unschedulable(false), plain_node().unschedulable(false), {}},
      {"only node spec unavailable changed",
       plain_node().unschedulable(false),
       plain_node().unschedulable(true),
       {"NodeSpecUnschedulableChange/NodeUpdateNodeTaint"}},
      {"only node allocatable changed",
       node_with_capacity("node", rl({{"cpu", "1000m"}, {"memory", "100m"}, {"example.com/foo", "1"}})),
       node_with_capacity("node", rl({{"cpu", "1000m"}, {"memory", "100m"}, {"example.com/foo", "2"}})),
       {"NodeAllocatableChange/NodeUpdateNodeAllocatable"}},
      {"only node label changed",
       plain_node().label("foo", "bar"),
       plain_node().label("foo", "fuz"),
       {"NodeLabelChange/NodeUpdateNodeLabel"}},
      {"only node taint changed",
       plain_node().taint(unschedulable_empty),
       plain_node().taint(unschedulable_foo),
       {"NodeTaintChange/NodeUpdateNodeTaint"}},
      {"only node annotation changed", annotated("bar"), annotated("fuz"), {"NodeAnnotationChange/NodeUpdateNodeAnnotation"}},
      {"only node condition changed", plain_node(), ready(), {"NodeConditionChange/NodeUpdateNodeCondition"}},
      {"both node label and node taint changed",
       plain_node().label("foo", "bar").taint(unschedulable_empty),
       plain_node().taint(unschedulable_foo),
       {"NodeLabelChange/NodeUpdateNodeLabel", "NodeTaintChange/NodeUpdateNodeTaint"}},
      // Beyond the upstream table.
      {"cordoned: spec.unschedulable turned true is no event", plain_node().unschedulable(true),
       plain_node().unschedulable(false), {}},
      {"uncordoned and its taint removed: two taint events",
       plain_node(),
       plain_node().unschedulable(true).taint(unschedulable_empty),
       {"NodeSpecUnschedulableChange/NodeUpdateNodeTaint", "NodeTaintChange/NodeUpdateNodeTaint"}},
      {"declared features changed", declaring({"A", "B"}), declaring({"A"}),
       {"NodeDeclaredFeatureChange/NodeUpdateNodeDeclaredFeature"}},
      {"allocatable, labels, conditions and annotations in that order",
       [&] {
         Node n = node_with_capacity("node", rl({{"cpu", "8"}}));
         n.metadata.labels.set("a", "b");
         n.metadata.annotations.set("x", "y");
         n.status.conditions = {condition("Ready", "True")};
         return n;
       }(),
       node_with_capacity("node", rl({{"cpu", "4"}})),
       {"NodeAllocatableChange/NodeUpdateNodeAllocatable", "NodeLabelChange/NodeUpdateNodeLabel",
        "NodeConditionChange/NodeUpdateNodeCondition", "NodeAnnotationChange/NodeUpdateNodeAnnotation"}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(labels_of(node_scheduling_properties_change(c.new_node, c.old_node)) == c.want); }
  }
  CHECK(node_add_event().label() == "NodeAdd");
  CHECK(node_add_event().name() == "NodeAdd");
}

// st.MakePod().NodeAffinityIn / NodeAffinityNotIn with matchExpressions.
Pod with_affinity(Pod pod, std::string key, std::string op, std::vector<std::string> values) {
  NodeSelector selector;
  selector.node_selector_terms.push_back({{{std::move(key), std::move(op), std::move(values)}}, {}});
  if (!pod.spec.affinity) pod.spec.affinity.emplace();
  if (!pod.spec.affinity->node_affinity) pod.spec.affinity->node_affinity.emplace();
  pod.spec.affinity->node_affinity->required = std::move(selector);
  return pod;
}

Pod with_host_port(Pod pod, int32_t port) {
  Container c;
  c.name = "port" + std::to_string(pod.spec.containers.size());
  ContainerPort p;
  p.host_port = port;
  p.container_port = port;
  c.ports.push_back(p);
  pod.spec.containers.push_back(std::move(c));
  return pod;
}

Pod with_toleration(Pod pod, std::string key) {
  pod.spec.tolerations.push_back(testing::toleration(std::move(key), "Exists", "", ""));
  return pod;
}

TEST_CASE("preCheckForNode") {
  struct Case {
    std::string name;
    Node node;
    std::vector<Pod> existing;
    std::vector<Pod> pods;
    std::vector<bool> want;
  };
  const ResourceList cpu4 = rl({{"cpu", "4"}});
  const ResourceList cpu8 = rl({{"cpu", "8"}});
  const ResourceList cpu16 = rl({{"cpu", "16"}});
  const Node regular = node_with_capacity("fake-node", cpu8).label("hostname", "fake-node");
  const Pod existing_port = with_host_port(PodBuilder("p"), 80);
  auto p = [](std::string name) { return PodBuilder(std::move(name)).obj(); };
  Node tainted = plain_node("fake-node")
                     .taint(testing::taint("foo", "", "NoSchedule"))
                     .taint(testing::taint("bar", "", "PreferNoSchedule"));
  Node tainted_regular = node_with_capacity("fake-node", cpu8)
                             .label("hostname", "fake-node")
                             .taint(testing::taint("foo", "", "NoSchedule"))
                             .taint(testing::taint("bar", "", "PreferNoSchedule"));
  const std::vector<Case> cases = {
      {"regular node, pods with a single constraint",
       regular,
       {existing_port},
       {PodBuilder("p1").req(cpu4), PodBuilder("p2").req(cpu16), PodBuilder("p3").req(cpu4).req(cpu8),
        with_affinity(p("p4"), "hostname", "In", {"fake-node"}), with_affinity(p("p5"), "hostname", "NotIn", {"fake-node"}),
        p("p6"), PodBuilder("p7").node("invalid-node"), with_host_port(p("p8"), 8080), with_host_port(p("p9"), 80)},
       {true, false, false, true, false, true, false, true, false}},
      {"tainted node, pods with a single constraint",
       tainted,
       {},
       {p("p1"), with_toleration(p("p2"), "foo"), with_toleration(p("p3"), "bar"),
        with_toleration(with_toleration(p("p4"), "bar"), "foo")},
       {false, true, false, true}},
      {"regular node, pods with multiple constraints",
       regular,
       {existing_port},
       {with_affinity(PodBuilder("p1").req(cpu4), "hostname", "NotIn", {"fake-node"}),
        with_affinity(PodBuilder("p2").req(cpu16), "hostname", "In", {"fake-node"}),
        with_affinity(PodBuilder("p3").req(cpu8), "hostname", "In", {"fake-node"}),
        with_host_port(PodBuilder("p4").node("invalid-node"), 8080),
        with_host_port(with_affinity(PodBuilder("p5").req(cpu4), "hostname", "In", {"fake-node"}), 80)},
       {false, false, true, false, false}},
      {"tainted node, pods with multiple constraints",
       tainted_regular,
       {},
       {with_toleration(PodBuilder("p1").req(cpu4), "bar"),
        with_toleration(with_toleration(PodBuilder("p2").req(cpu4), "bar"), "foo"),
        with_toleration(PodBuilder("p3").req(cpu16), "foo"), with_toleration(PodBuilder("p3").req(cpu16), "bar")},
       {false, true, false, false}},
      {"a NoExecute taint does not hold a pod back",
       plain_node("fake-node").taint(testing::taint("node.kubernetes.io/not-ready", "", "NoExecute")),
       {},
       {p("p1")},
       {true}},
  };
  const FeatureGates gates;
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      NodeInfoFixture fixture(c.node, c.existing);
      std::vector<bool> got;
      for (const Pod& pod : c.pods) got.push_back(pre_check_for_node(pod, fixture.info(), gates).passed);
      CHECK(got == c.want);
    }
  }
}

TEST_CASE("preCheckForNode reasons") {
  const FeatureGates gates;
  NodeInfoFixture fixture(plain_node("n").taint(testing::taint("dedicated", "gpu", "NoSchedule")));
  const PreCheckResult tainted = pre_check_for_node(PodBuilder("p"), fixture.info(), gates);
  CHECK(tainted.reasons() == std::vector<std::string>{"node(s) had untolerated taint(s)"});
  CHECK(tainted.details() == std::vector<std::string>{"taint dedicated=gpu:NoSchedule is not tolerated"});

  NodeInfoFixture small(node_with_capacity("n", rl({{"cpu", "1"}, {"memory", "1Gi"}})));
  const PreCheckResult big =
      pre_check_for_node(PodBuilder("p").req(rl({{"cpu", "2"}, {"memory", "2Gi"}})), small.info(), gates);
  CHECK_FALSE(big.passed);
  // AdmissionCheck without all failures still lists every insufficient resource.
  CHECK(big.reasons() == std::vector<std::string>{"Insufficient cpu", "Insufficient memory"});
}

Pod pending(std::string name) { return PodBuilder(std::move(name)).req(rl({{"cpu", "1"}})); }

TEST_CASE("simulate_requeue") {
  const PluginContext context;
  // node-b is full, so every pod's chance depends on node-a.
  Node node_b = node_with_capacity("node-b", rl({{"cpu", "1"}}));
  Node cordoned = node_with_capacity("node-a", rl({{"cpu", "4"}})).unschedulable(true);
  Node uncordoned = node_with_capacity("node-a", rl({{"cpu", "4"}}));
  ClusterState cluster;
  cluster.nodes = {cordoned, node_b};
  Pod filler = PodBuilder("filler").node("node-b").req(rl({{"cpu", "1"}}));
  cluster.pods = {filler};
  // web is kept off node-a by the cordon; huge tolerates it but needs more cpu than any node has.
  const std::vector<Pod> pods = {
      pending("web"), with_toleration(PodBuilder("huge").req(rl({{"cpu", "16"}})), "node.kubernetes.io/unschedulable")};

  SUBCASE("uncordon: queueing hints move the pod NodeUnschedulable rejected") {
    const RequeueOutcome out = simulate_requeue(cluster, &cordoned, uncordoned, pods, RequeueMode::QueueingHints, context);
    REQUIRE(out.events.size() == 1);
    CHECK(out.events[0].name() == "NodeSpecUnschedulableChange");
    REQUIRE(out.pods.size() == 2);
    CHECK(out.pods[0].moved);
    CHECK(out.pods[0].moved_by == "NodeUpdateNodeTaint");
    CHECK(out.pods[0].strategy == QueueingStrategy::QueueAfterBackoff);
    CHECK(out.pods[0].unschedulable_plugins == std::vector<std::string>{"NodeUnschedulable", "NodeResourcesFit"});
    // huge is rejected by NodeResourcesFit only, which ignores taint events.
    CHECK(out.pods[1].unschedulable_plugins == std::vector<std::string>{"NodeResourcesFit"});
    CHECK_FALSE(out.pods[1].moved);
    CHECK(out.pods[1].strategy == QueueingStrategy::QueueSkip);
    CHECK(out.pods[1].reasons == std::vector<std::string>{"Insufficient cpu"});
  }
  SUBCASE("uncordon: the pre-check looks at the node only") {
    const RequeueOutcome out = simulate_requeue(cluster, &cordoned, uncordoned, pods, RequeueMode::PreCheck, context);
    CHECK(out.pods[0].moved);
    CHECK_FALSE(out.pods[1].moved);
    CHECK(out.pods[1].reasons == std::vector<std::string>{"Insufficient cpu"});
  }
  SUBCASE("heartbeat only: no event, nothing moves, no reasons") {
    Node beat = cordoned;
    beat.status.conditions = {condition("Ready", "True", "2026-01-01T00:00:10Z")};
    Node before = cordoned;
    before.status.conditions = {condition("Ready", "True", "2026-01-01T00:00:00Z")};
    for (RequeueMode mode : {RequeueMode::QueueingHints, RequeueMode::PreCheck}) {
      const RequeueOutcome out = simulate_requeue(cluster, &before, beat, pods, mode, context);
      CHECK(out.events.empty());
      for (const PodRequeue& p : out.pods) {
        CHECK_FALSE(p.moved);
        CHECK(p.reasons.empty());
      }
    }
  }
  SUBCASE("node added: NodeAdd, and the hints of every rejecting plugin") {
    Node node_c = node_with_capacity("node-c", rl({{"cpu", "32"}}));
    const RequeueOutcome out = simulate_requeue(cluster, nullptr, node_c, pods, RequeueMode::QueueingHints, context);
    REQUIRE(out.events.size() == 1);
    CHECK(out.events[0].label() == "NodeAdd");
    CHECK(out.pods[0].moved);
    CHECK(out.pods[1].moved);
  }
  SUBCASE("a pod that fits before the change is not waiting") {
    ClusterState roomy = cluster;
    roomy.nodes[0] = uncordoned;
    Node resized = node_with_capacity("node-a", rl({{"cpu", "8"}}));
    const RequeueOutcome out =
        simulate_requeue(roomy, &uncordoned, resized, {pending("web")}, RequeueMode::QueueingHints, context);
    CHECK(out.pods[0].schedulable_before);
    CHECK_FALSE(out.pods[0].moved);
    CHECK_FALSE(out.pods[0].strategy.has_value());
  }
}

}  // namespace
}  // namespace podfit
