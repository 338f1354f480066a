// drain --all's summary: replacements proven to land are only marked; one whose room an earlier
// replacement may take is placed, with those before it, as the drain places it.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "load_test_support.h"
#include "podfit/config/scheduler_config.h"
#include "podfit/drain/drain.h"
#include "podfit/drain/sure_landing.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/profiles.h"

namespace podfit {
namespace {

// Node `name` in zone `zone` with room for `cpu` cores.
std::string node(const std::string& name, const std::string& zone, int cpu) {
  return "---\napiVersion: v1\nkind: Node\nmetadata: {name: " + name + ", labels: {kubernetes.io/hostname: " + name +
         ", topology.kubernetes.io/zone: " + zone + "}}\nstatus: {allocatable: {cpu: '" + std::to_string(cpu) +
         "', memory: 8Gi, pods: '20'}}\n";
}

// A ReplicaSet's pod of app `app` on `node_name`, with `spec_extra` lines under spec.
std::string pod(const std::string& name, const std::string& app, const std::string& node_name,
                const std::string& spec_extra = "") {
  return "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name + "\n  namespace: default\n  labels: {app: " + app +
         "}\n  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: rs-" + app + ", uid: u-" + app +
         ", controller: true}]\nspec:\n  nodeName: " + node_name +
         "\n  containers: [{name: c, image: img, resources: {requests: {cpu: 100m}}}]\n" + spec_extra +
         "status: {phase: Running}\n";
}

// web's pods spread over the zones, maxSkew 1, DoNotSchedule.
const std::string kWebSpread =
    "  topologySpreadConstraints:\n  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, "
    "whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}\n";

struct Summary {
  explicit Summary(const std::string& text) : cluster(testing::load_cluster_ok(text)), snapshot(cluster, gates) {}
  ClusterState cluster;
  FeatureGates gates;
  SchedulerConfiguration config = default_scheduler_configuration(gates);
  Profiles profiles{config, gates};
  PlacementProfiles placement{config, profiles, gates};
  Snapshot snapshot;
  DrainSimulator simulator{cluster, snapshot, placement, gates, DrainFlags{}};

  // Draining d: each of the `replacements` is proven to land, none placed, and the drain
  // placing them all agrees that d can go.
  void check_all_proven(size_t replacements) {
    const DrainOutcome summary = simulator.summarize("d");
    CHECK(summary.drainable());
    CHECK(summary.to_move() == replacements);
    for (const DrainedPod& row : summary.pods) {
      CHECK(row.lands);
      CHECK(row.node.empty());
    }
    CHECK(simulator.drain({"d"}).drainable());
  }
};

TEST_CASE("replacements with room to spare are proven to land, not placed") {
  Summary s(node("d", "z0", 4) + node("a", "z0", 4) + node("b", "z1", 4) + node("c", "z2", 4) +
            pod("web-1", "web", "d") + pod("web-2", "web", "d") + pod("api-1", "api", "d"));
  s.check_all_proven(3);
}

// Both pods may only go to zone z0 and spread over z0 and z1 with skew 1 (z1 counted although
// the pods cannot go there): the first takes z0's one allowed pod, the second fits nowhere,
// though before the first lands three nodes would take it.
TEST_CASE("an earlier replacement closing a whole zone is placed, not assumed away") {
  const std::string spread =
      "  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
      "        nodeSelectorTerms: [{matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [z0]}]}]\n"
      "  topologySpreadConstraints:\n  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, "
      "whenUnsatisfiable: DoNotSchedule, nodeAffinityPolicy: Ignore, labelSelector: {matchLabels: {app: web}}}\n";
  Summary s(node("d", "z0", 4) + node("a", "z0", 4) + node("b", "z0", 4) + node("c", "z0", 4) + node("e", "z1", 4) +
            pod("web-1", "web", "d", spread) + pod("web-2", "web", "d", spread));
  const DrainOutcome full = s.simulator.drain({"d"});
  REQUIRE_FALSE(full.drainable());
  const DrainOutcome summary = s.simulator.summarize("d");
  CHECK_FALSE(summary.drainable());
  REQUIRE(summary.pods.size() == 2);
  CHECK(summary.pods[0].node == full.pods[0].node);
  CHECK_FALSE(summary.pods[1].placed());
  CHECK(summary.pods[1].reason == full.pods[1].reason);
}

// Zone z0 holds no web pod once d is drained, z1 and z2 two each on full nodes: z0 may take two
// more web pods before its count passes theirs by more than maxSkew 1. Three replacements are
// proven to land there; a fourth would need a third, so it is placed with the others, and finds
// no node.
std::string spread_zones_cluster(int replacements) {
  std::string text = node("d", "z0", 4) + node("a1", "z0", 4) + node("a2", "z0", 4) + node("a3", "z0", 4) +
                     node("a4", "z0", 4) + node("b", "z1", 0) + node("c", "z2", 0);
  for (int i = 0; i < replacements; ++i) text += pod("web-" + std::to_string(i), "web", "d", kWebSpread);
  for (const char* name : {"b", "c"}) {
    for (int i = 0; i < 2; ++i) text += pod(std::string("web-") + name + std::to_string(i), "web", name);
  }
  return text;
}

TEST_CASE("replacements are proven to land in a zone their spread still allows") {
  Summary s(spread_zones_cluster(3));
  s.check_all_proven(3);
}

TEST_CASE("a replacement beyond what its zone's spread allows is placed") {
  Summary s(spread_zones_cluster(4));
  const DrainOutcome full = s.simulator.drain({"d"});
  REQUIRE_FALSE(full.drainable());
  const DrainOutcome summary = s.simulator.summarize("d");
  CHECK_FALSE(summary.drainable());
  REQUIRE(summary.pods.size() == 4);
  for (size_t i = 0; i < 4; ++i) {
    CHECK_FALSE(summary.pods[i].lands);
    CHECK(summary.pods[i].node == full.pods[i].node);
  }
  CHECK_FALSE(summary.pods[3].placed());
  CHECK(summary.pods[3].reason == full.pods[3].reason);
}

// Zones z0 and z1 hold one web pod each, z2 three: web's replacements may go to z0 or z1 only,
// and the first closes whichever it lands in (tolerance 0). The second is proven all the same:
// the first closes one zone's nodes, and more nodes than that fit in the two.
TEST_CASE("a replacement is proven when the nodes found outnumber what an earlier one's zone holds") {
  std::string text = node("d", "z2", 4);
  for (int i = 0; i < 3; ++i) {
    text += node("a" + std::to_string(i), "z0", 4) + node("b" + std::to_string(i), "z1", 4);
  }
  text += node("c", "z2", 4) + pod("web-0", "web", "d", kWebSpread) + pod("web-1", "web", "d", kWebSpread) +
          pod("web-a", "web", "a0") + pod("web-b", "web", "b0");
  for (int i = 0; i < 3; ++i) text += pod("web-c" + std::to_string(i), "web", "c");
  Summary s(text);
  s.check_all_proven(2);
  const DrainOutcome full = s.simulator.drain({"d"});
  REQUIRE(full.pods.size() == 2);
  // The two land in different zones.
  CHECK(full.pods[0].node.substr(0, 1) != full.pods[1].node.substr(0, 1));
}

// d in z0 holds three web pods; once it is drained z0 holds none, z1 and z2 one each, so only
// z0 lets web in, and the first two replacements may close it to the third. Whichever zone
// is then the least loaded lets the third in, and each zone has more nodes with room than the
// two earlier replacements can fill, so it is proven; with two nodes in z2 it is not.
std::string open_zone_cluster(int z2_nodes) {
  std::string text = node("d", "z0", 4);
  for (int i = 0; i < 3; ++i) {
    text += node("a" + std::to_string(i), "z0", 4) + node("b" + std::to_string(i), "z1", 4);
    if (i < z2_nodes) text += node("c" + std::to_string(i), "z2", 4);
  }
  for (int i = 0; i < 3; ++i) text += pod("web-" + std::to_string(i), "web", "d", kWebSpread);
  return text + pod("web-b", "web", "b0") + pod("web-c", "web", "c0");
}

TEST_CASE("a replacement is proven when every zone that may be the least loaded has room enough") {
  Summary s(open_zone_cluster(3));
  s.check_all_proven(3);
}

TEST_CASE("a replacement is placed when a zone that may be the least loaded has too few nodes") {
  Summary s(open_zone_cluster(2));
  const DrainOutcome summary = s.simulator.summarize("d");
  const DrainOutcome full = s.simulator.drain({"d"});
  CHECK(summary.drainable() == full.drainable());
  REQUIRE(summary.pods.size() == 3);
  CHECK_FALSE(summary.pods[2].lands);
  for (size_t i = 0; i < 3; ++i) CHECK(summary.pods[i].node == full.pods[i].node);
}

// web-x keeps out of zones holding tier t1 and goes to z0, the only zone its spread allows;
// web-i, of tier t1, then finds z0 closed by web-x's anti-affinity and the other zones by its
// spread. That the least loaded zone always passes the spread says nothing of anti-affinity.
TEST_CASE("a zone the spread keeps open but anti-affinity may close proves nothing") {
  const std::string away_from_t1 =
      "  affinity:\n    podAntiAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
      "      - {labelSelector: {matchLabels: {tier: t1}}, topologyKey: topology.kubernetes.io/zone}\n";
  std::string text = node("d", "z0", 4);
  for (int i = 0; i < 3; ++i) {
    text += node("a" + std::to_string(i), "z0", 4) + node("b" + std::to_string(i), "z1", 4) +
            node("c" + std::to_string(i), "z2", 4);
  }
  std::string web_i = pod("web-i", "web", "d", kWebSpread);
  web_i.replace(web_i.find("labels: {app: web}"), 18, "labels: {app: web, tier: t1}");
  text += pod("web-x", "web", "d", kWebSpread + away_from_t1) + web_i;
  for (const char* name : {"b0", "b1", "c0", "c1"}) text += pod(std::string("web-") + name, "web", name);
  Summary s(text);
  const DrainOutcome full = s.simulator.drain({"d"});
  REQUIRE_FALSE(full.drainable());
  const DrainOutcome summary = s.simulator.summarize("d");
  CHECK_FALSE(summary.drainable());
  REQUIRE(summary.pods.size() == 2);
  CHECK_FALSE(summary.pods[1].placed());
  CHECK(summary.pods[1].reason == full.pods[1].reason);
}

// No pod matches the required affinity yet, so the first replacement is let in for matching
// its own term; once it lands, the second must join its zone: nothing about that is proven.
TEST_CASE("a replacement let in by its own affinity term is placed") {
  const std::string affinity =
      "  affinity:\n    podAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
      "      - {labelSelector: {matchLabels: {app: db}}, topologyKey: topology.kubernetes.io/zone}\n";
  Summary s(node("d", "z0", 4) + node("a", "z0", 4) + node("b", "z1", 4) + node("c", "z2", 4) +
            pod("db-1", "db", "d", affinity) + pod("db-2", "db", "d", affinity));
  const DrainOutcome summary = s.simulator.summarize("d");
  const DrainOutcome full = s.simulator.drain({"d"});
  CHECK(summary.drainable() == full.drainable());
  REQUIRE(summary.pods.size() == 2);
  CHECK_FALSE(summary.pods[1].lands);
  CHECK(summary.pods[1].node == full.pods[1].node);
}


TEST_CASE("the nodes found that earlier pods can close through one key") {
  struct Case {
    std::vector<ClosableDomain> domains;
    size_t pods;
    size_t want;
  };
  const std::vector<Case> cases = {
      {{}, 3, 0},
      {{{1, 4}}, 0, 0},
      {{{1, 4}}, 1, 4},
      {{{2, 4}}, 1, 0},                  // one pod does not close a domain tolerating one
      {{{1, 2}, {1, 5}}, 1, 5},          // the fuller domain
      {{{1, 2}, {1, 5}}, 2, 7},
      {{{1, 2}, {3, 5}}, 1, 5},          // the cheap domain closes, counted as full as the fullest
      {{{2, 3}, {2, 3}, {2, 3}}, 5, 6},  // two of three domains
  };
  for (const Case& c : cases) CHECK(most_nodes_closable(c.domains, c.pods) == c.want);

  // Never below the most that any choice of domains affordable together holds.
  uint64_t seed = 99;
  auto below = [&](uint64_t n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<size_t>((seed >> 33) % n);
  };
  for (int round = 0; round < 500; ++round) {
    std::vector<ClosableDomain> domains(1 + below(5));
    for (ClosableDomain& domain : domains) domain = ClosableDomain{1 + below(3), 1 + below(6)};
    const size_t pods = below(8);
    size_t exact = 0;
    for (size_t subset = 0; subset < (size_t{1} << domains.size()); ++subset) {
      size_t cost = 0;
      size_t nodes = 0;
      for (size_t d = 0; d < domains.size(); ++d) {
        if ((subset >> d & 1) == 0) continue;
        cost += domains[d].cost;
        nodes += domains[d].nodes;
      }
      if (cost <= pods) exact = std::max(exact, nodes);
    }
    CAPTURE(round);
    CHECK(most_nodes_closable(domains, pods) >= exact);
  }
}

}  // namespace
}  // namespace podfit
