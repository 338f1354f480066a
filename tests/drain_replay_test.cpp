// A drain keeps one snapshot and counts pod (anti-)affinity and topology spread for the
// snapshot as built plus the pods changed since. Each replacement must land where a snapshot
// built afresh from the cluster state at that step (the drained node cordoned, its pods gone,
// the earlier replacements bound) places it: checked here on random clusters. On the same
// clusters, --all's summary, which proves replacements land rather than placing them, must
// reach the drain's verdicts.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "load_test_support.h"
#include "podfit/config/scheduler_config.h"
#include "podfit/drain/drain.h"
#include "podfit/drain/replacement.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/profiles.h"
#include "podfit/framework/scheduling_cycle.h"

namespace podfit {
namespace {

// A small deterministic generator (the same numbers on every platform).
struct Random {
  uint64_t state;
  uint64_t next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  }
  size_t below(size_t n) { return static_cast<size_t>(next() % n); }
  bool chance(size_t percent) { return below(100) < percent; }
};

std::string random_cluster(Random& random, size_t nodes, size_t pods) {
  static const char* kApps[] = {"a", "b", "c", "d"};
  std::string text;
  for (size_t i = 0; i < nodes; ++i) {
    std::string zone = random.chance(85) ? fmt::format(", topology.kubernetes.io/zone: z{}", random.below(3)) : "";
    text += fmt::format(
        "---\napiVersion: v1\nkind: Node\nmetadata: {{name: n{0}, labels: {{kubernetes.io/hostname: n{0}{1}}}}}\n"
        "status: {{allocatable: {{cpu: '{2}', memory: 8Gi, pods: '20'}}}}\n",
        i, zone, 2 + random.below(3));
  }
  for (size_t j = 0; j < pods; ++j) {
    const char* app = kApps[random.below(4)];
    const char* other = kApps[random.below(4)];
    std::string affinity;
    std::string anti;
    if (random.chance(30)) {
      anti += fmt::format(
          "      requiredDuringSchedulingIgnoredDuringExecution:\n"
          "      - {{labelSelector: {{matchLabels: {{app: {}}}}}, topologyKey: kubernetes.io/hostname}}\n",
          app);
    }
    if (random.chance(25)) {
      anti += fmt::format(
          "      preferredDuringSchedulingIgnoredDuringExecution:\n"
          "      - {{weight: {}, podAffinityTerm: {{labelSelector: {{matchLabels: {{tier: t{}}}}}, "
          "topologyKey: topology.kubernetes.io/zone}}}}\n",
          1 + random.below(100), random.below(2));
    }
    if (random.chance(15)) {
      affinity += fmt::format(
          "      requiredDuringSchedulingIgnoredDuringExecution:\n"
          "      - {{labelSelector: {{matchLabels: {{app: {}}}}}, topologyKey: topology.kubernetes.io/zone}}\n",
          other);
    }
    if (random.chance(25)) {
      affinity += fmt::format(
          "      preferredDuringSchedulingIgnoredDuringExecution:\n"
          "      - {{weight: {}, podAffinityTerm: {{labelSelector: {{matchLabels: {{app: {}}}}}, "
          "topologyKey: kubernetes.io/hostname}}}}\n",
          1 + random.below(100), other);
    }
    std::string spec_extra;
    if (!affinity.empty() || !anti.empty()) {
      spec_extra += "  affinity:\n";
      if (!affinity.empty()) spec_extra += "    podAffinity:\n" + affinity;
      if (!anti.empty()) spec_extra += "    podAntiAffinity:\n" + anti;
    }
    if (random.chance(30)) {
      spec_extra += fmt::format(
          "  topologySpreadConstraints:\n  - {{maxSkew: {}, topologyKey: {}, whenUnsatisfiable: {}, "
          "labelSelector: {{matchLabels: {{app: {}}}}}}}\n",
          1 + random.below(2), random.chance(50) ? "topology.kubernetes.io/zone" : "kubernetes.io/hostname",
          random.chance(50) ? "DoNotSchedule" : "ScheduleAnyway", app);
    }
    text += fmt::format(
        "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p{0}\n  namespace: default\n"
        "  labels: {{app: {1}, tier: t{2}}}\n"
        "  ownerReferences: [{{apiVersion: apps/v1, kind: ReplicaSet, name: rs-{1}, uid: u-{1}, controller: true}}]\n"
        "spec:\n  nodeName: n{3}\n  containers: [{{name: c, image: img, resources: {{requests: {{cpu: {4}m}}}}}}]\n"
        "{5}status: {{phase: Running}}\n",
        j, app, random.below(2), random.below(nodes), 100 + 100 * random.below(5), spec_extra);
  }
  return text;
}

// Where each replacement of draining `drained` lands when every step is scheduled on a snapshot
// built afresh; "" for one that fits nowhere. `rows` is the drain's report, in report order.
std::vector<std::string> fresh_placements(const ClusterState& cluster, const std::string& drained,
                                          const std::vector<DrainedPod>& rows, const PlacementProfiles& placement,
                                          const FeatureGates& gates) {
  std::vector<std::string> out;
  std::vector<Pod> placed;  // earlier replacements, bound where they landed
  size_t index = 0;
  for (const DrainedPod& row : rows) {
    if (row.action != DrainAction::Reschedule) continue;
    ClusterState step = cluster;
    std::erase_if(step.pods, [&](const Pod& pod) { return pod.spec.node_name == drained; });
    for (Node& node : step.nodes) {
      if (node.metadata.name == drained) node.spec.unschedulable = true;
    }
    for (const Pod& pod : placed) step.pods.push_back(pod);
    const Pod* original = nullptr;
    for (const Pod& pod : cluster.pods) {
      if (pod.metadata.name == row.name) original = &pod;
    }
    REQUIRE(original != nullptr);
    Pod replacement = replacement_pod(*original, index++);
    Snapshot snapshot(step, gates);
    const CycleResult result = schedule_one(replacement, snapshot, *placement.find(replacement.spec.scheduler_name), gates);
    out.push_back(result.bound() ? result.node : "");
    if (result.bound()) {
      replacement.spec.node_name = result.node;
      placed.push_back(std::move(replacement));
    }
  }
  return out;
}

// The default profile's scheduling cycle, as a drain runs it.
struct DefaultPlacement {
  FeatureGates gates;
  SchedulerConfiguration config = default_scheduler_configuration(gates);
  Profiles profiles{config, gates};
  PlacementProfiles placement{config, profiles, gates};
};

TEST_CASE("a drain places each replacement where a snapshot built afresh at that step does") {
  const DefaultPlacement defaults;
  const FeatureGates& gates = defaults.gates;
  const PlacementProfiles& placement = defaults.placement;
  size_t compared = 0;
  size_t unplaced = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    Random random{seed};
    const ClusterState cluster = testing::load_cluster_ok(random_cluster(random, 8, 36));
    Snapshot snapshot(cluster, gates);
    DrainSimulator simulator(cluster, snapshot, placement, gates, DrainFlags{});
    for (const Node& node : cluster.nodes) {
      CAPTURE(seed);
      CAPTURE(node.metadata.name);
      const DrainOutcome outcome = simulator.drain({node.metadata.name});
      const std::vector<std::string> want = fresh_placements(cluster, node.metadata.name, outcome.pods, placement, gates);
      std::vector<std::string> got;
      for (const DrainedPod& row : outcome.pods) {
        if (row.action == DrainAction::Reschedule) got.push_back(row.node);
      }
      CHECK(got == want);
      compared += got.size();
      unplaced += static_cast<size_t>(std::count(got.begin(), got.end(), std::string()));
    }
  }
  // The clusters exercise both outcomes.
  CHECK(compared > 300);
  CHECK(unplaced > 10);
  CHECK(unplaced < compared / 2);
}

// The rows --all reports on: what blocks the drain, and why.
std::vector<std::string> blocking_rows(const DrainOutcome& outcome) {
  std::vector<std::string> out;
  for (const DrainedPod& row : outcome.pods) {
    if (row.blocks()) out.push_back(fmt::format("{}/{} {} {}", row.namespace_, row.name, drain_action_name(row.action), row.reason));
  }
  return out;
}

// Counts of what comparing summaries with drains met.
struct SummaryComparison {
  size_t proven = 0;
  size_t placed = 0;
  size_t not_drainable = 0;
};

// Summarizes the drain of every node of `cluster` and compares it with the drain placing every
// replacement: the same verdicts, pods to move and blocking rows; a proven replacement is
// placed by the drain, an unproven one lands where the drain puts it.
void compare_summaries(const ClusterState& cluster, const DefaultPlacement& defaults, SummaryComparison& seen) {
  Snapshot snapshot(cluster, defaults.gates);
  DrainSimulator simulator(cluster, snapshot, defaults.placement, defaults.gates, DrainFlags{});
  for (const Node& node : cluster.nodes) {
    CAPTURE(node.metadata.name);
    const DrainOutcome summary = simulator.summarize(node.metadata.name);
    const DrainOutcome full = simulator.drain({node.metadata.name});
    CHECK(summary.drainable() == full.drainable());
    CHECK(summary.to_move() == full.to_move());
    CHECK(blocking_rows(summary) == blocking_rows(full));
    REQUIRE(summary.pods.size() == full.pods.size());
    for (size_t i = 0; i < summary.pods.size(); ++i) {
      const DrainedPod& row = summary.pods[i];
      if (row.action != DrainAction::Reschedule) continue;
      if (row.lands) {
        ++seen.proven;
        CHECK(full.pods[i].placed());
      } else {
        ++seen.placed;
        CHECK(row.node == full.pods[i].node);
      }
    }
    seen.not_drainable += !full.drainable();
  }
}

// compare_summaries on the clusters `write(random, seed)` gives for seeds 1 to `seeds`.
SummaryComparison compare_on_random_clusters(uint64_t seeds, uint64_t stride,
                                             const std::function<std::string(Random&, uint64_t)>& write) {
  const DefaultPlacement defaults;
  SummaryComparison seen;
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    CAPTURE(seed);
    Random random{seed * stride};
    compare_summaries(testing::load_cluster_ok(write(random, seed)), defaults, seen);
  }
  return seen;
}

TEST_CASE("a drain summarized by proof agrees with the drain placing every replacement") {
  // Roomy clusters and tight ones: proofs succeed on the first, fail on the second.
  const SummaryComparison seen = compare_on_random_clusters(24, 7919, [](Random& random, uint64_t seed) {
    return random_cluster(random, seed % 2 == 0 ? 14 : 6, 30);
  });
  // Both ways of answering are taken, and both verdicts reached.
  CHECK(seen.proven > 100);
  CHECK(seen.placed > 100);
  CHECK(seen.not_drainable > 5);
}

// Nodes in three zones and pods of two apps, most spread over the zones with DoNotSchedule,
// some keeping out of zones holding a tier: a drained node holds several pods of one app,
// whose replacements compete for the same zones.
std::string random_spread_cluster(Random& random, size_t nodes, size_t pods) {
  static const char* kApps[] = {"a", "b"};
  std::string text;
  for (size_t i = 0; i < nodes; ++i) {
    text += fmt::format(
        "---\napiVersion: v1\nkind: Node\nmetadata: {{name: n{0}, labels: {{kubernetes.io/hostname: n{0}, "
        "topology.kubernetes.io/zone: z{1}}}}}\nstatus: {{allocatable: {{cpu: '{2}', memory: 8Gi, pods: '20'}}}}\n",
        i, random.below(3), 1 + random.below(3));
  }
  for (size_t j = 0; j < pods; ++j) {
    const char* app = kApps[random.below(2)];
    std::string spread;
    if (random.chance(75)) {
      // Some pinned to one zone, the others still counted: only that zone's count can rise.
      const bool pinned = random.chance(30);
      spread = fmt::format(
          "  topologySpreadConstraints:\n  - {{maxSkew: {}, topologyKey: topology.kubernetes.io/zone, "
          "whenUnsatisfiable: DoNotSchedule, labelSelector: {{matchLabels: {{app: {}}}}}{}{}}}\n",
          1 + random.below(2), app, random.chance(20) ? ", minDomains: 4" : "",
          pinned ? ", nodeAffinityPolicy: Ignore" : "");
      if (pinned) {
        spread += fmt::format(
            "  nodeSelector: {{topology.kubernetes.io/zone: z{}}}\n", app[0] == 'a' ? 0 : 1);
      }
    }
    // Zone anti-affinity against a tier: a second plugin closing zones, at the first pod.
    if (random.chance(15)) {
      spread += fmt::format(
          "  affinity:\n    podAntiAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
          "      - {{labelSelector: {{matchLabels: {{tier: t{}}}}}, topologyKey: topology.kubernetes.io/zone}}\n",
          random.below(6));
    }
    text += fmt::format(
        "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p{0}\n  namespace: default\n"
        "  labels: {{app: {1}, tier: t{5}}}\n"
        "  ownerReferences: [{{apiVersion: apps/v1, kind: ReplicaSet, name: rs-{1}, uid: u-{1}, controller: true}}]\n"
        "spec:\n  nodeName: n{2}\n  containers: [{{name: c, image: img, resources: {{requests: {{cpu: {3}m}}}}}}]\n"
        "{4}status: {{phase: Running}}\n",
        j, app, random.below(nodes), 100 + 100 * random.below(3), spread, random.below(6));
  }
  return text;
}

// The proof lets a zone take as many of an app's replacements as its spread still allows.
TEST_CASE("a drain summarized by proof agrees with the drain where replacements share spread zones") {
  const SummaryComparison seen = compare_on_random_clusters(30, 104729, [](Random& random, uint64_t seed) {
    return random_spread_cluster(random, 6 + seed % 5, 36);
  });
  CHECK(seen.proven > 100);
  CHECK(seen.placed > 50);
  CHECK(seen.not_drainable > 5);
}

}  // namespace
}  // namespace podfit
