// Queueing hints for Node events: the plugins' isSchedulableAfterNodeChange tests
// (nodeunschedulable TestIsSchedulableAfterNodeChange, nodeaffinity / noderesources /
// podtopologyspread / interpodaffinity Test_isSchedulableAfterNodeChange, tainttoleration
// TestIsSchedulableAfterNodeChange), the plugins' Node registrations, and isPodWorthRequeuing.
#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/names.h"
#include "podfit/plugins/node_affinity/node_affinity.h"
#include "podfit/queue/queueing_hints.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::PodBuilder;
using testing::rl;

constexpr QueueingHint kQueue = QueueingHint::Queue;
constexpr QueueingHint kSkip = QueueingHint::QueueSkip;

// st.MakeNode(): 32 pod slots unless the capacity says otherwise.
NodeBuilder make_node(std::string name = "", ResourceList capacity = {}) {
  if (!capacity.contains("pods")) capacity.set("pods", testing::count(32));
  return NodeBuilder(std::move(name)).capacity(std::move(capacity));
}

struct Case {
  std::string name;
  Pod pod;
  std::optional<Node> old_node;  // absent: a node add
  Node new_node;
  QueueingHint want;
};

void run(std::string_view plugin, const std::vector<Case>& cases, const PluginContext& context = {}) {
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const HintResult got =
          node_queueing_hint(plugin, c.pod, c.old_node ? &*c.old_node : nullptr, c.new_node, context);
      INFO(got.why);
      CHECK(got.hint == c.want);
    }
  }
}

TEST_CASE("NodeUnschedulable isSchedulableAfterNodeChange") {
  const Taint not_ready = testing::taint("node.kubernetes.io/not-ready", "", "NoExecute");
  run(names::kNodeUnschedulable,
      {
          {"skip-queue-on-unschedulable-node-added", Pod{}, std::nullopt, NodeBuilder().unschedulable(true), kSkip},
          {"queue-on-schedulable-node-added", Pod{}, std::nullopt, NodeBuilder().unschedulable(false), kQueue},
          {"skip-unrelated-change-unschedulable-true", Pod{}, NodeBuilder().unschedulable(true).obj(),
           NodeBuilder().unschedulable(true).taint(not_ready), kSkip},
          {"skip-unrelated-change-unschedulable-false", Pod{}, NodeBuilder().unschedulable(false).obj(),
           NodeBuilder().unschedulable(false).taint(not_ready), kSkip},
          {"queue-on-unschedulable-field-change", Pod{}, NodeBuilder().unschedulable(true).obj(),
           NodeBuilder().unschedulable(false), kQueue},
      });
}

// st.MakePod().NodeAffinityIn("foo", ["bar"]) with matchExpressions.
Pod pod_with_node_affinity() {
  NodeSelector selector;
  selector.node_selector_terms.push_back({{{"foo", "In", {"bar"}}}, {}});
  return PodBuilder().required_node_affinity(selector);
}

TEST_CASE("NodeAffinity isSchedulableAfterNodeChange") {
  const Pod pod = pod_with_node_affinity();
  run(names::kNodeAffinity,
      {
          {"skip-queue-on-add", pod, std::nullopt, make_node(), kSkip},
          {"queue-on-add", pod, std::nullopt, make_node().label("foo", "bar"), kQueue},
          {"skip-unrelated-changes", pod, make_node().obj(), make_node(), kSkip},
          {"skip-unrelated-changes-on-labels", pod, make_node().obj(), make_node().label("k", "v"), kSkip},
          {"skip-labels-changes-on-node-from-suitable-to-unsuitable", pod, make_node().label("foo", "bar").obj(),
           make_node().label("k", "v"), kSkip},
          {"queue-on-labels-change-makes-pod-schedulable", pod, make_node().obj(), make_node().label("foo", "bar"),
           kQueue},
      });
  PluginContext enforced;
  auto args = std::make_shared<NodeAffinityArgs>();
  NodeSelector added;
  added.node_selector_terms.push_back({{{"foo", "In", {"bar"}}}, {}});
  args->added_affinity = NodeAffinity{added, {}};
  enforced.node_affinity_args = args;
  run(names::kNodeAffinity,
      {
          {"skip-queue-on-add-scheduler-enforced-node-affinity", pod, std::nullopt, make_node(), kSkip},
          {"queue-on-add-scheduler-enforced-node-affinity", pod, std::nullopt, make_node().label("foo", "bar"), kQueue},
      },
      enforced);
}

Pod pod_with_tolerations(std::vector<Toleration> tolerations) {
  Pod pod = PodBuilder("pod1");
  pod.spec.tolerations = std::move(tolerations);
  return pod;
}

Node node_with_taints(std::vector<Taint> taints) {
  Node node = NodeBuilder("nodeA");
  node.spec.taints = std::move(taints);
  return node;
}

TEST_CASE("TaintToleration isSchedulableAfterNodeChange") {
  const Pod pod = pod_with_tolerations({testing::toleration("dedicated", "Equal", "user2", "NoSchedule")});
  const Taint user1 = testing::taint("dedicated", "user1", "NoSchedule");
  const Taint user2 = testing::taint("dedicated", "user2", "NoSchedule");
  const Taint user3 = testing::taint("dedicated", "user3", "NoSchedule");
  run(names::kTaintToleration,
      {
          {"skip-queue-on-untoleratedtaint-node-added", pod, std::nullopt, node_with_taints({user1}), kSkip},
          {"queue-on-toleratedtaint-node-added", pod, std::nullopt, node_with_taints({user2}), kQueue},
          {"skip-unrelated-change", pod, node_with_taints({user1}), node_with_taints({user1, user3}), kSkip},
          {"queue-on-taint-change", pod, node_with_taints({user1}), node_with_taints({user2}), kQueue},
      });
}

// newResourcePod: one container requesting these resources.
Pod resource_pod(ResourceList requests) { return PodBuilder().req(std::move(requests)); }

TEST_CASE("NodeResourcesFit isSchedulableAfterNodeChange") {
  const char* a = "example.com/aaa";
  const char* b = "example.com/bbb";
  const Pod mem2_a1 = resource_pod({{"memory", testing::bytes(2)}, {a, testing::count(1)}});
  auto node = [](ResourceList capacity) { return make_node("", std::move(capacity)).obj(); };
  run(names::kNodeResourcesFit,
      {
          {"skip-queue-on-node-add-without-sufficient-resources", resource_pod({{"memory", testing::bytes(2)}}),
           std::nullopt, node(rl({{"memory", "1"}})), kSkip},
          {"skip-queue-on-node-add-without-required-resource-type", resource_pod({{a, testing::count(1)}}), std::nullopt,
           node(rl({{b, "1"}})), kSkip},
          {"queue-on-node-add-with-sufficient-resources", mem2_a1, std::nullopt, node(rl({{"memory", "4"}, {a, "2"}})),
           kQueue},
          {"skip-queue-on-node-unrelated-changes", mem2_a1, node(rl({{"memory", "2"}, {a, "2"}})),
           node(rl({{"memory", "2"}, {a, "1"}, {b, "2"}})), kSkip},
          {"queue-on-pod-requested-resources-increase", mem2_a1, node(rl({{"memory", "2"}, {a, "1"}})),
           node(rl({{"memory", "2"}, {a, "2"}})), kQueue},
          {"skip-queue-on-node-changes-from-suitable-to-unsuitable", mem2_a1, node(rl({{"memory", "4"}, {a, "2"}})),
           node(rl({{"memory", "1"}, {a, "2"}})), kSkip},
          {"queue-on-node-changes-from-unsuitable-to-suitable", mem2_a1, node(rl({{"memory", "1"}, {a, "2"}})),
           node(rl({{"memory", "4"}, {a, "2"}})), kQueue},
          // Beyond the upstream table: only pod slots grew.
          {"queue-on-pod-slots-increase", resource_pod({}), node(rl({{"pods", "1"}})), node(rl({{"pods", "2"}})), kQueue},
      });
}

// st.MakePod().SpreadConstraint(1, key, DoNotSchedule, Exists(foo)) per key.
Pod spread_pod(const std::vector<std::string>& keys) {
  Pod pod = PodBuilder("p");
  for (const auto& key : keys) {
    TopologySpreadConstraint c;
    c.max_skew = 1;
    c.topology_key = key;
    c.when_unsatisfiable = "DoNotSchedule";
    LabelSelector selector;
    selector.match_expressions.push_back({"foo", "Exists", {}});
    c.label_selector = selector;
    pod.spec.topology_spread_constraints.push_back(c);
  }
  return pod;
}

TEST_CASE("PodTopologySpread isSchedulableAfterNodeChange") {
  const Pod zone = spread_pod({"zone"});
  const Pod zone_node = spread_pod({"zone", "node"});
  const Taint aaa = testing::taint("aaa", "bbb", "NoSchedule");
  const Taint ccc = testing::taint("ccc", "bbb", "NoSchedule");
  auto n = [] { return make_node("node-a"); };
  run(names::kPodTopologySpread,
      {
          {"node updates label which matches topologyKey", zone, n().label("zone", "zone1").obj(),
           n().label("zone", "zone2"), kQueue},
          {"node that doesn't match topologySpreadConstraints updates non-related label", zone,
           n().label("foo", "bar1").obj(), n().label("foo", "bar2"), kSkip},
          {"node that match topologySpreadConstraints adds non-related label", zone_node,
           n().label("zone", "zone1").label("node", "node1").label("foo", "bar").obj(),
           n().label("zone", "zone1").label("node", "node1"), kSkip},
          {"create node with non-related labels", zone, std::nullopt, n().label("foo", "bar"), kSkip},
          {"create node with related labels", zone, std::nullopt, n().label("zone", "zone1"), kQueue},
          {"add node with related labels that only match one of topologySpreadConstraints", zone_node, std::nullopt,
           n().label("zone", "zone1"), kSkip},
          {"add node with related labels that match all topologySpreadConstraints", zone_node, std::nullopt,
           n().label("zone", "zone1").label("node", "node1"), kQueue},
          {"update node with related labels that only match one of topologySpreadConstraints", zone_node,
           n().label("zone", "zone1").obj(), n().label("zone", "zone1"), kSkip},
          {"update node with related labels that match all topologySpreadConstraints", zone_node,
           n().label("zone", "zone1").label("node", "node1").obj(), n().label("zone", "zone1").label("node", "node2"),
           kQueue},
          {"update node with different taints that match all topologySpreadConstraints", zone_node,
           n().label("zone", "zone1").label("node", "node1").taint(aaa).obj(),
           n().label("zone", "zone1").label("node", "node1").taint(ccc), kQueue},
          {"update node with different taints that only match one of topologySpreadConstraints", zone_node,
           n().label("node", "node1").taint(aaa).obj(), n().label("node", "node1").taint(ccc), kSkip},
      });
}

// st.MakePod().PodAffinityIn("service", key, [securityscan, value2], required).
Pod affinity_pod(std::string key) {
  Pod pod = PodBuilder("p");
  PodAffinityTerm term;
  LabelSelector selector;
  selector.match_expressions.push_back({"service", "In", {"securityscan", "value2"}});
  term.label_selector = selector;
  term.topology_key = std::move(key);
  pod.spec.affinity.emplace().pod_affinity.emplace().required.push_back(term);
  return pod;
}

// st.MakePod().PodAntiAffinity(key, {another: label}, required).
Pod anti_affinity_pod(std::string key) {
  Pod pod = PodBuilder("p");
  PodAffinityTerm term;
  LabelSelector selector;
  selector.match_labels.set("another", "label");
  term.label_selector = selector;
  term.topology_key = std::move(key);
  pod.spec.affinity.emplace().pod_anti_affinity.emplace().required.push_back(term);
  return pod;
}

TEST_CASE("InterPodAffinity isSchedulableAfterNodeChange") {
  const Pod zone = affinity_pod("zone");
  const Pod anti = anti_affinity_pod("zone");
  auto n = [] { return make_node("node-a"); };
  run(names::kInterPodAffinity,
      {
          {"add a new node with matched pod affinity topologyKey", zone, std::nullopt, n().label("zone", "zone1"), kQueue},
          {"add a new node without matched topologyKey", affinity_pod("region"), std::nullopt, n().label("zone", "zone1"),
           kSkip},
          {"update node label but not topologyKey", zone, n().label("aaa", "a").obj(), n().label("aaa", "b"), kSkip},
          {"update node label that isn't related to the pod affinity", zone, n().label("zone", "zone1").obj(),
           n().label("zone", "zone1").label("unrelated-label", "unrelated"), kSkip},
          {"update node with different affinity topologyKey value", zone, n().label("zone", "zone1").obj(),
           n().label("zone", "zone2"), kQueue},
          {"update node to have the affinity topology label", zone, n().label("aaa", "a").obj(),
           n().label("zone", "zone1"), kQueue},
          {"add a new node with matched pod anti-affinity topologyKey", anti, std::nullopt, n().label("zone", "zone1"),
           kQueue},
          {"add a new node without matched pod anti-affinity topologyKey", anti, std::nullopt, n(), kQueue},
          {"update node label that isn't related to the pod anti-affinity", anti, n().label("zone", "zone1").obj(),
           n().label("zone", "zone1").label("unrelated-label", "unrelated"), kSkip},
          {"update node with different anti-affinity topologyKey value", anti, n().label("zone", "zone1").obj(),
           n().label("zone", "zone2"), kQueue},
          {"update node to have the anti-affinity topology label", anti, n().label("aaa", "a").obj(),
           n().label("zone", "zone1"), kSkip},
          {"update node label not to have anti-affinity topology label", anti, n().label("zone", "zone1").obj(),
           n().label("aaa", "a"), kQueue},
      });
}

TEST_CASE("InterPodAffinity isSchedulableAfterNodeChange in v1.32: any topology key on the node queues") {
  PluginContext context;
  context.gates = FeatureGates::for_release(KubernetesRelease{32});
  auto n = [] { return make_node("node-a"); };
  run(names::kInterPodAffinity,
      {
          {"an unrelated label changes on a node with the key", affinity_pod("zone"), n().label("zone", "z1").obj(),
           n().label("zone", "z1").label("unrelated", "x"), kQueue},
          {"an anti-affinity key stays", anti_affinity_pod("zone"), n().label("zone", "z1").obj(),
           n().label("zone", "z1").label("unrelated", "x"), kQueue},
          {"the node has no key of the pod's terms", affinity_pod("zone"), n().label("aaa", "a").obj(),
           n().label("aaa", "b"), kSkip},
          {"the node loses the anti-affinity key", anti_affinity_pod("zone"), n().label("zone", "z1").obj(),
           n().label("aaa", "a"), kSkip},
      },
      context);
}

TEST_CASE("InterPodAffinity isSchedulableAfterNodeChange with two anti-affinity terms, from v1.33") {
  // The hint fixes of v1.36 (#135392, #135325, #135394) and v1.37 (#139161) touch the Pod
  // events only: the Node hint checks each term's topology key alike from v1.33 to v1.37.
  Pod anti = anti_affinity_pod("zone");
  PodAffinityTerm region = anti.spec.affinity->pod_anti_affinity->required.front();
  region.topology_key = "region";
  anti.spec.affinity->pod_anti_affinity->required.push_back(region);
  auto n = [] { return make_node("node-a").label("zone", "zone1").label("region", "r1"); };
  for (int minor = 33; minor <= KubernetesRelease::kNewestMinor; ++minor) {
    SUBCASE(KubernetesRelease{minor}.name().c_str()) {
      PluginContext context;
      context.gates = FeatureGates::for_release(KubernetesRelease{minor});
      run(names::kInterPodAffinity,
          {
              {"the node loses the second term's topology label", anti, n().obj(),
               make_node("node-a").label("zone", "zone1"), kQueue},
              {"the node moves to another domain of the second term", anti, n().obj(),
               make_node("node-a").label("zone", "zone1").label("region", "r2"), kQueue},
              {"the node gains the second term's topology label", anti, make_node("node-a").label("zone", "zone1").obj(),
               n(), kSkip},
              {"an unrelated label changes", anti, n().obj(), n().label("unrelated", "x"), kSkip},
          },
          context);
    }
  }
}

TEST_CASE("NodeDeclaredFeatures isSchedulableAfterNodeChange") {
  auto declaring = [](std::vector<std::string> features) {
    Node n = make_node("n");
    n.status.declared_features = std::move(features);
    return n;
  };
  run(names::kNodeDeclaredFeatures, {
                                        {"node added", Pod{}, std::nullopt, declaring({"A"}), kQueue},
                                        {"features unchanged", Pod{}, declaring({"A"}), declaring({"A"}), kSkip},
                                        {"features changed", Pod{}, declaring({"A"}), declaring({"A", "B"}), kQueue},
                                    });
}

TEST_CASE("Node events the default plugins register") {
  using namespace action_types;
  struct Case {
    std::string_view plugin;
    ActionType actions;
    bool has_hint;
  };
  const FeatureGates gates;
  const std::vector<Case> cases = {
      {names::kNodeResourcesFit, kAdd | kUpdateNodeAllocatable, true},
      {names::kNodeAffinity, kAdd | kUpdateNodeLabel, true},
      {names::kNodeName, kAdd, false},
      {names::kNodePorts, kAdd, false},
      {names::kNodeUnschedulable, kAdd | kUpdateNodeTaint, true},
      {names::kTaintToleration, kAdd | kUpdateNodeTaint, true},
      {names::kInterPodAffinity, kAdd | kUpdateNodeLabel, true},
      {names::kPodTopologySpread, kAdd | kDelete | kUpdateNodeLabel | kUpdateNodeTaint, true},
      {names::kVolumeBinding, kAdd | kUpdateNodeLabel, false},
      {names::kVolumeZone, kAdd | kUpdateNodeLabel, false},
      // A new node may hold none of the pods whose volumes conflict with the pod's.
      {names::kVolumeRestrictions, kAdd, false},
      {names::kNodeVolumeLimits, 0, false},
      {names::kDynamicResources, kAdd | kUpdateNodeLabel | kUpdateNodeAllocatable, false},
      {names::kNodeDeclaredFeatures, kAdd | kUpdateNodeDeclaredFeature, true},
  };
  for (const auto& c : cases) {
    SUBCASE(std::string(c.plugin).c_str()) {
      const EventRegistration got = node_event_registration(c.plugin, gates);
      CHECK(got.actions == c.actions);
      CHECK(got.has_hint == c.has_hint);
    }
  }
  // A plugin without EnqueueExtensions is retried on every event.
  CHECK(node_event_registration("OutOfTree", gates).actions == ~ActionType{0});
}

TEST_CASE("Before v1.37 the queue adds UpdateNodeTaint, without a hint, to every plugin registering Node Add") {
  using namespace action_types;
  const FeatureGates v36 = FeatureGates::for_release(KubernetesRelease{36});
  const EventRegistration fit = node_event_registration(names::kNodeResourcesFit, v36);
  CHECK(fit.actions == (kAdd | kUpdateNodeAllocatable | kUpdateNodeTaint));
  CHECK(fit.has_hint);
  CHECK(fit.unhinted == kUpdateNodeTaint);
  const EventRegistration taints = node_event_registration(names::kTaintToleration, v36);
  CHECK(taints.actions == (kAdd | kUpdateNodeTaint));
  CHECK(taints.unhinted == 0);
  CHECK(node_event_registration(names::kVolumeRestrictions, v36).actions == (kAdd | kUpdateNodeTaint));
  CHECK(node_event_registration(names::kNodeVolumeLimits, v36).actions == 0);
  const FeatureGates v37 = FeatureGates::for_release(KubernetesRelease{37});
  CHECK(node_event_registration(names::kNodeResourcesFit, v37).actions == (kAdd | kUpdateNodeAllocatable));
}

TEST_CASE("isPodWorthRequeuing") {
  const PluginContext context;
  const NodeEvent taint_event{NodeChange::Taint, action_types::kUpdateNodeTaint};
  const NodeEvent label_event{NodeChange::Label, action_types::kUpdateNodeLabel};
  const Pod pod = PodBuilder("p");
  const Node cordoned = make_node("n").unschedulable(true);
  const Node uncordoned = make_node("n");
  struct Case {
    std::string name;
    std::vector<std::string> rejectors;
    std::set<std::string> pending;
    NodeEvent event;
    QueueingStrategy want;
  };
  const std::vector<Case> cases = {
      {"no rejector: the attempt ended in an error", {}, {}, taint_event, QueueingStrategy::QueueAfterBackoff},
      {"the rejector's hint says Queue", {"NodeUnschedulable"}, {}, taint_event, QueueingStrategy::QueueAfterBackoff},
      {"a pending rejector's Queue means immediately",
       {"NodeUnschedulable"},
       {"NodeUnschedulable"},
       taint_event,
       QueueingStrategy::QueueImmediately},
      {"the rejector does not register the event", {"NodeResourcesFit"}, {}, taint_event, QueueingStrategy::QueueSkip},
      {"one of two rejectors says Queue",
       {"NodeResourcesFit", "NodeUnschedulable"},
       {},
       taint_event,
       QueueingStrategy::QueueAfterBackoff},
      {"the event is not the one the rejector waits for", {"NodeUnschedulable"}, {}, label_event,
       QueueingStrategy::QueueSkip},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const RequeueDecision got = is_pod_worth_requeuing(pod, c.rejectors, c.pending, c.event, &cordoned, uncordoned, context);
      CHECK(got.strategy == c.want);
      CHECK(got.hints.size() == c.rejectors.size());
    }
  }
}

}  // namespace
}  // namespace podfit
