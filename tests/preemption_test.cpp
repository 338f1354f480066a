// DefaultPreemption's dry run and the PostFilter message: cases of kube-scheduler's
// default_preemption_test.go (TestPostFilter, TestSelectBestCandidate, TestDryRunPreemption with
// PDBs) and the FitError/PostFilter message format.
#include <doctest/doctest.h>

#include "builders.h"
#include "podfit/framework/fit_error.h"
#include "podfit/framework/preemption.h"
#include "podfit/model/priority.h"
#include "podfit/snapshot/snapshot.h"

using namespace podfit;
using namespace podfit::testing;

namespace {

Pod running(std::string name, std::string node, int32_t priority, int64_t cpu_milli, std::string start = "",
            std::string app = "") {
  PodBuilder b(std::move(name));
  b.node(std::move(node)).req({{"cpu", milli(cpu_milli)}});
  if (!app.empty()) b.label("app", app);
  Pod pod = b;
  pod.spec.priority = priority;
  pod.status.phase = "Running";
  pod.status.start_time = std::move(start);
  return pod;
}

struct Run {
  std::string message;  // the PostFilter message
  std::string nominated;
  std::vector<std::string> victims;
  int violations = 0;
};

// Filters `pod` with NodeResourcesFit and TaintToleration on the cluster, then runs PostFilter.
Run post_filter(std::vector<Node> nodes, std::vector<Pod> pods, Pod pod, std::vector<PodDisruptionBudget> pdbs = {},
                std::vector<std::string> plugins = {"DynamicResources", "DefaultPreemption"},
                KubernetesRelease release = KubernetesRelease::newest()) {
  ClusterState cluster;
  cluster.nodes = std::move(nodes);
  cluster.pods = std::move(pods);
  cluster.pod_disruption_budgets = std::move(pdbs);
  FeatureGates gates = FeatureGates::for_release(release);
  Snapshot snapshot(cluster, gates);
  PluginContext context;
  context.gates = gates;
  const std::vector<std::string> order = {"TaintToleration", "NodeResourcesFit", "DynamicResources"};
  Framework framework(order, context);
  PodInfo info(pod, gates);
  CycleState state;
  FilterOutcome outcome = framework.run(snapshot, info, false, state);
  PostFilterInput input{plugins, order, &cluster.pod_disruption_budgets, true};
  input.changes = gates.changes;
  PostFilterOutcome out = run_post_filter(framework, snapshot, info, state, outcome, input);
  Run run{out.message(), "", {}, out.pdb_violations};
  if (out.nominated_node) run.nominated = snapshot.nodes()[*out.nominated_node]->name();
  for (const PodInfo* v : out.victims) run.victims.push_back(v->pod().metadata.name);
  return run;
}

Node node(std::string name, int64_t cpu_milli) { return NodeBuilder(std::move(name)).capacity({{"cpu", milli(cpu_milli)}, {"pods", count(110)}}); }

Pod preemptor(int32_t priority, int64_t cpu_milli) {
  Pod pod = PodBuilder("p").req({{"cpu", milli(cpu_milli)}});
  pod.spec.priority = priority;
  return pod;
}

PodDisruptionBudget pdb(std::string app, int32_t allowed) {
  PodDisruptionBudget b;
  b.metadata.name = "pdb-" + app;
  b.metadata.namespace_ = "default";
  LabelSelector selector;
  selector.match_labels.set("app", app);
  b.selector = selector;
  b.disruptions_allowed = allowed;
  return b;
}

}  // namespace

TEST_CASE("PostFilter: kube-scheduler's TestPostFilter cases") {
  SUBCASE("pod with higher priority can be made schedulable") {
    Run r = post_filter({node("node1", 1000)}, {running("p1", "node1", 0, 1000)}, preemptor(100, 500));
    CHECK(r.message == "preemption: found a potential placement for pod on node node1, preempting 1 victims");
    CHECK(r.nominated == "node1");
    CHECK(r.victims == std::vector<std::string>{"p1"});
  }
  SUBCASE("before v1.37: a successful preemption says nothing, DynamicResources says it has no claims") {
    const KubernetesRelease v36{36};
    Run made = post_filter({node("node1", 1000)}, {running("p1", "node1", 0, 1000)}, preemptor(100, 500), {},
                           {"DynamicResources", "DefaultPreemption"}, v36);
    CHECK(made.message == "");
    CHECK(made.nominated == "node1");
    Run tied = post_filter({node("node1", 1000)}, {running("p1", "node1", 100, 1000)}, preemptor(100, 500), {},
                           {"DynamicResources", "DefaultPreemption"}, v36);
    CHECK(tied.message ==
          "no new claims to deallocate, preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.");
    // v1.33 alone rejects a pod without claims before reading DynamicResources' state, without a word.
    Run v33 = post_filter({node("node1", 1000)}, {running("p1", "node1", 100, 1000)}, preemptor(100, 500), {},
                          {"DynamicResources", "DefaultPreemption"}, KubernetesRelease{33});
    CHECK(v33.message == "preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.");
  }
  SUBCASE("pod with tied priority is still unschedulable") {
    Run r = post_filter({node("node1", 1000)}, {running("p1", "node1", 100, 1000)}, preemptor(100, 500));
    CHECK(r.message ==
          "preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.");
    CHECK(r.nominated == "");
  }
  SUBCASE("preemption should respect the filters' UnschedulableAndUnresolvable status") {
    Node tainted = NodeBuilder("node1").capacity({{"cpu", milli(1000)}, {"pods", count(110)}}).taint(taint("k", "v", "NoSchedule"));
    Run r = post_filter({tainted}, {running("p1", "node1", 0, 1000)}, preemptor(100, 500));
    CHECK(r.message ==
          "preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.");
  }
  SUBCASE("pod can be made schedulable on one node") {
    Run r = post_filter({node("node1", 1000), node("node2", 1000)},
                        {running("p1", "node1", 200, 1000), running("p2", "node2", 0, 1000)}, preemptor(100, 500));
    CHECK(r.nominated == "node2");
    CHECK(r.victims == std::vector<std::string>{"p2"});
  }
  SUBCASE("no candidate nodes found, not enough resource after removing low priority pods") {
    Run r = post_filter({node("node1", 1000), node("node2", 1000)},
                        {running("p1", "node1", 0, 1000), running("p2", "node2", 0, 1000)}, preemptor(100, 1500));
    // NodeResourcesFit already says UnschedulableAndUnresolvable for a request above allocatable.
    CHECK(r.message ==
          "preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.");
  }
  SUBCASE("no candidate nodes found with mixed reasons") {
    Run r = post_filter({node("node1", 1000), node("node2", 1000), node("node3", 1000)},
                        {running("p1", "node1", 100, 1000), running("p2", "node2", 0, 600), running("p2b", "node2", 300, 400),
                         running("p3", "node3", 100, 1000)},
                        preemptor(100, 700));
    CHECK(r.message ==
          "preemption: 0/3 nodes are available: 1 Insufficient cpu, 2 No preemption victims found for incoming pod.");
  }
  SUBCASE("preemptionPolicy Never") {
    Pod p = preemptor(100, 500);
    p.spec.preemption_policy = "Never";
    Run r = post_filter({node("node1", 1000)}, {running("p1", "node1", 0, 1000)}, p);
    CHECK(r.message == "preemption: not eligible due to preemptionPolicy=Never.");
  }
  SUBCASE("without DefaultPreemption only DynamicResources speaks") {
    Run r = post_filter({node("node1", 1000)}, {running("p1", "node1", 0, 1000)}, preemptor(100, 500), {},
                        {"DynamicResources"});
    CHECK(r.message == "");
  }
}

TEST_CASE("SelectVictimsOnNode and pickOneNodeForPreemption: kube-scheduler's candidate cases") {
  SUBCASE("a pod that fits with low priority pods removed: the node with the lowest highest-priority victim") {
    Run r = post_filter({node("node1", 1000), node("node2", 1000)},
                        {running("m1", "node1", 50, 1000), running("l2", "node2", 10, 1000)}, preemptor(100, 1000));
    CHECK(r.nominated == "node2");
  }
  SUBCASE("medium priority pod is preempted, the small lower priority one is reprieved") {
    Run r = post_filter({node("node1", 1000)},
                        {running("low", "node1", 10, 200), running("mid", "node1", 50, 800)}, preemptor(100, 700));
    CHECK(r.victims == std::vector<std::string>{"mid"});
  }
  SUBCASE("same highest priority: the smaller sum of priorities") {
    Run r = post_filter({node("node1", 1000), node("node2", 1000)},
                        {running("a1", "node1", 50, 500), running("a2", "node1", 40, 500), running("b1", "node2", 50, 500),
                         running("b2", "node2", 10, 500)},
                        preemptor(100, 1000));
    CHECK(r.nominated == "node2");
    CHECK(r.victims == std::vector<std::string>{"b1", "b2"});
  }
  SUBCASE("equal priorities: the fewest victims") {
    Run r = post_filter({node("node1", 1000), node("node2", 1000)},
                        {running("a1", "node1", 10, 500), running("a2", "node1", 10, 500), running("b1", "node2", 10, 1000)},
                        preemptor(100, 1000));
    CHECK(r.nominated == "node2");
  }
  SUBCASE("all else equal: the node whose most important victims started latest") {
    Run r = post_filter({node("node1", 1000), node("node2", 1000)},
                        {running("a", "node1", 10, 1000, "2026-01-01T00:00:00Z"),
                         running("b", "node2", 10, 1000, "2026-02-01T00:00:00Z")},
                        preemptor(100, 1000));
    CHECK(r.nominated == "node2");
  }
  SUBCASE("reprieve order: the pod that started first is more important and stays") {
    Run r = post_filter({node("node1", 1000)},
                        {running("late", "node1", 10, 500, "2026-02-01T00:00:00Z"),
                         running("early", "node1", 10, 500, "2026-01-01T00:00:00Z")},
                        preemptor(100, 500));
    CHECK(r.victims == std::vector<std::string>{"late"});
  }
}

TEST_CASE("PodDisruptionBudgets in victim and candidate selection") {
  SUBCASE("a node whose victims violate no budget wins") {
    Run r = post_filter({node("node1", 1000), node("node2", 1000)},
                        {running("a", "node1", 10, 1000, "", "guarded"), running("b", "node2", 50, 1000, "", "free")},
                        preemptor(100, 1000), {pdb("guarded", 0)});
    CHECK(r.nominated == "node2");
    CHECK(r.violations == 0);
  }
  SUBCASE("violating victims when no other node helps, counted") {
    Run r = post_filter({node("node1", 1000)},
                        {running("a", "node1", 10, 500, "", "guarded"), running("b", "node1", 10, 500, "", "guarded")},
                        preemptor(100, 1000), {pdb("guarded", 1)});
    CHECK(r.nominated == "node1");
    CHECK(r.victims.size() == 2);
    CHECK(r.violations == 1);
  }
  SUBCASE("violating pods are reprieved first") {
    Run r = post_filter({node("node1", 1000)},
                        {running("free", "node1", 50, 500, "", "free"), running("guarded", "node1", 10, 500, "", "guarded")},
                        preemptor(100, 500), {pdb("guarded", 0)});
    CHECK(r.victims == std::vector<std::string>{"free"});
    CHECK(r.violations == 0);
  }
  SUBCASE("a budget in another namespace or with an absent or empty selector matches nothing") {
    // Preemption skips a budget whose selector is empty (selects everything) as well as an absent
    // one (selects nothing): filterPodsWithPDBViolation's selector.Empty() check.
    PodDisruptionBudget other = pdb("guarded", 0);
    other.metadata.namespace_ = "other";
    PodDisruptionBudget empty = pdb("guarded", 0);
    empty.selector = LabelSelector{};
    PodDisruptionBudget absent = pdb("guarded", 0);
    absent.selector.reset();
    Run r = post_filter({node("node1", 1000)}, {running("a", "node1", 10, 1000, "", "guarded")}, preemptor(100, 1000),
                        {other, empty, absent});
    CHECK(r.violations == 0);
  }
}

TEST_CASE("FitError message with the PostFilter part") {
  FitDiagnosis d;
  d.node_statuses = {Status(Code::Unschedulable, "Insufficient cpu"), Status(Code::Unschedulable, "Insufficient cpu"),
                     Status(Code::UnschedulableAndUnresolvable, "node(s) had untolerated taint(s)")};
  d.post_filter_msg =
      "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
  CHECK(fit_error_message(d, 3) ==
        "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. "
        "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.");
}

TEST_CASE("Priority admission") {
  std::vector<PriorityClass> classes(2);
  classes[0].metadata.name = "high";
  classes[0].value = 1000;
  classes[0].preemption_policy = "Never";
  classes[1].metadata.name = "default";
  classes[1].value = 5;
  classes[1].global_default = true;
  Pod named = PodBuilder("a");
  named.spec.priority_class_name = "high";
  CHECK_FALSE(admit_priority(named, classes).has_value());
  CHECK(pod_priority(named) == 1000);
  CHECK(*named.spec.preemption_policy == "Never");
  Pod plain = PodBuilder("b");
  CHECK_FALSE(admit_priority(plain, classes).has_value());
  CHECK(pod_priority(plain) == 5);
  CHECK(plain.spec.priority_class_name == "default");
  Pod system = PodBuilder("c");
  system.spec.priority_class_name = "system-node-critical";
  CHECK_FALSE(admit_priority(system, classes).has_value());
  CHECK(pod_priority(system) == kSystemNodeCritical);
  Pod missing = PodBuilder("d");
  missing.spec.priority_class_name = "nope";
  CHECK(admit_priority(missing, classes) == std::optional<std::string>("no PriorityClass with name nope was found"));
  Pod none = PodBuilder("e");
  CHECK_FALSE(admit_priority(none, {}).has_value());
  CHECK(pod_priority(none) == 0);
}
