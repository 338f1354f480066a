// A drain over testdata/drain/cluster.yaml: kubectl's filters, the budgets across evictions,
// replacements placed one after another, and the snapshot left as it was found.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/config/scheduler_config.h"
#include "podfit/drain/drain.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/profiles.h"
#include "podfit/load/loader.h"

#ifndef PODFIT_SOURCE_DIR
#define PODFIT_SOURCE_DIR "."
#endif

namespace podfit {
namespace {

struct DrainFixture {
  DrainFixture() {
    const auto error = load_cluster_state({std::string(PODFIT_SOURCE_DIR) + "/testdata/drain/cluster.yaml"}, {}, cluster);
    INFO((error ? error->message : std::string("ok")));
    REQUIRE_FALSE(error.has_value());
    snapshot.emplace(cluster, gates);
  }
  DrainOutcome drain(std::vector<std::string> nodes, DrainFlags flags = {}) {
    DrainSimulator simulator(cluster, *snapshot, placement, gates, flags);
    return simulator.drain(nodes);
  }
  ClusterState cluster;
  FeatureGates gates;
  SchedulerConfiguration config = default_scheduler_configuration(gates);
  Profiles profiles{config, gates};
  PlacementProfiles placement{config, profiles, gates};
  std::optional<Snapshot> snapshot;
};

const DrainedPod& row(const DrainOutcome& outcome, std::string_view name) {
  for (const DrainedPod& p : outcome.pods) {
    if (p.name == name) return p;
  }
  FAIL("no row for " << name);
  return outcome.pods.front();
}

TEST_CASE("draining node-a: every kind of pod kubectl treats differently") {
  DrainFixture f;
  const DrainOutcome outcome = f.drain({"node-a"});
  CHECK_FALSE(outcome.drainable());
  REQUIRE(outcome.pods.size() == 8);
  // Input order: the DaemonSet pod first, then the mirror pod, the two web pods, ...
  CHECK(outcome.pods[0].name == "agent-axaz");
  CHECK(outcome.pods[0].action == DrainAction::Ignore);
  CHECK(outcome.pods[0].reason == "managed by DaemonSet kube-system/agent");
  CHECK(row(outcome, "kube-proxy-node-a").action == DrainAction::Ignore);
  // The budget allows one disruption: the first web pod goes, the second is blocked.
  const DrainedPod& first = row(outcome, "web-7d9f8c6b5-aaaaa");
  CHECK(first.action == DrainAction::Reschedule);
  CHECK(first.placed());
  CHECK(first.node != "node-a");
  CHECK(first.replacement == "web-7d9f8c6b5-replacement-0");
  const DrainedPod& second = row(outcome, "web-7d9f8c6b5-bbbbb");
  CHECK(second.action == DrainAction::Blocked);
  CHECK(second.reason.starts_with("Cannot evict pod as it would violate the pod's disruption budget."));
  // The StatefulSet pod comes back under its own name, with its claim.
  const DrainedPod& db = row(outcome, "db-0");
  CHECK(db.action == DrainAction::Reschedule);
  CHECK(db.replacement == "db-0");
  CHECK(db.placed());
  CHECK(row(outcome, "report-28812345-zzzzz").action == DrainAction::Ignore);
  CHECK(row(outcome, "debug").action == DrainAction::Blocked);
  CHECK(row(outcome, "cache-5c8d7b9f4-ccccc").action == DrainAction::Blocked);
}

TEST_CASE("--force and --delete-emptydir-data clear the filters, not the budget") {
  DrainFixture f;
  const DrainOutcome outcome = f.drain({"node-a"}, DrainFlags{true, true});
  CHECK_FALSE(outcome.drainable());
  CHECK(row(outcome, "debug").action == DrainAction::Ignore);
  CHECK(row(outcome, "cache-5c8d7b9f4-ccccc").action == DrainAction::Reschedule);
  CHECK(row(outcome, "web-7d9f8c6b5-bbbbb").action == DrainAction::Blocked);
}

TEST_CASE("a drain that succeeds, and one whose pod fits nowhere else") {
  DrainFixture f;
  const DrainOutcome b = f.drain({"node-b"});
  CHECK(b.drainable());
  CHECK(b.to_move() == 1);
  CHECK(row(b, "api-5b6c7d8e9-eeeee").node == "node-a");
  const DrainOutcome c = f.drain({"node-c"});
  CHECK_FALSE(c.drainable());
  const DrainedPod& big = row(c, "big-6f7d8e9c1-ddddd");
  CHECK(big.action == DrainAction::Reschedule);
  CHECK_FALSE(big.placed());
  CHECK(big.reason == "0/3 nodes are available: 1 node(s) were unschedulable, 2 Insufficient cpu.");
}

TEST_CASE("replacements see each other, and the snapshot is as it was after each drain") {
  DrainFixture f;
  const auto requested = [&](const char* node) { return f.snapshot->find_node(node)->requested().milli_cpu; };
  const int64_t a = requested("node-a"), b = requested("node-b"), c = requested("node-c");
  const uint64_t pods = f.snapshot->pod_infos().size();
  const std::vector<const PodInfo*> order = f.snapshot->find_node("node-a")->pods();
  // Both drained together: node-b's pod cannot land on node-a, which is cordoned too, and
  // node-c has too little cpu left.
  const DrainOutcome both = f.drain({"node-a", "node-b"}, DrainFlags{true, true});
  CHECK_FALSE(row(both, "api-5b6c7d8e9-eeeee").placed());
  CHECK(row(both, "api-5b6c7d8e9-eeeee").reason ==
        "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) were unschedulable.");
  CHECK(both.drained == std::vector<std::string>{"node-a", "node-b"});
  CHECK(requested("node-a") == a);
  CHECK(requested("node-b") == b);
  CHECK(requested("node-c") == c);
  CHECK(f.snapshot->pod_infos().size() == pods);
  CHECK(f.snapshot->find_node("node-a")->pods() == order);
  CHECK_FALSE(f.snapshot->find_node("node-a")->node().spec.unschedulable);
  // The same drain twice gives the same answer.
  const DrainOutcome again = f.drain({"node-b"});
  CHECK(row(again, "api-5b6c7d8e9-eeeee").node == "node-a");
}

}  // namespace
}  // namespace podfit
