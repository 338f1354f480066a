// `podfit drain`: cordon nodes, evict their pods as kubectl drain would, and place the
// replacements on the rest of the cluster with place's full scheduling cycle. Preemption is not
// simulated: a replacement that fits nowhere gets its FitError, not a victim.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "podfit/drain/pod_filters.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// What the report says happened to a pod of a drained node (the contract's three words).
enum class DrainAction { Reschedule, Ignore, Blocked };
std::string_view drain_action_name(DrainAction action);

struct DrainedPod {
  std::string namespace_;
  std::string name;
  std::string from;  // the drained node it runs on
  DrainAction action = DrainAction::Reschedule;
  std::string node;  // where its replacement lands; "" when it has none or it fits nowhere
  // Why it is ignored or blocked; for a replacement that fits nowhere, its FitError; else "".
  std::string reason;
  std::string replacement;  // the replacement's name ("" when none)
  int32_t priority = 0;
  std::string controller;  // "ReplicaSet web-7d9f" or ""
  // Proven to land without being placed: `node` is then empty (see DrainSimulator::summarize).
  bool lands = false;
  // A replacement that fits nowhere, with DrainSimulator::explain_rejections: each node's Filter
  // failures with podfit's details, in node order (empty for a node that passed Filter).
  std::vector<std::pair<std::string, std::vector<Status>>> rejections;
  bool placed() const { return !node.empty() || lands; }
  // Blocks the drain: blocked, or a replacement that found no node.
  bool blocks() const { return action == DrainAction::Blocked || (action == DrainAction::Reschedule && !placed()); }
};

// One drain of one or more nodes together.
struct DrainOutcome {
  std::vector<std::string> drained;
  std::vector<DrainedPod> pods;  // node order, then the cluster state's order
  bool drainable() const;
  size_t to_move() const;  // replacements to place
};

// Drains nodes on a snapshot and leaves it as it found it, so that one snapshot serves many
// independent drains (--all) without being rebuilt.
class DrainSimulator {
 public:
  // `snapshot` must be built from `cluster`; every argument must outlive the simulator.
  DrainSimulator(const ClusterState& cluster, Snapshot& snapshot, const PlacementProfiles& profiles,
                 const FeatureGates& gates, const DrainFlags& flags);

  // Cordons `nodes` (names the snapshot knows), evicts their pods in order, each eviction
  // checked against the PodDisruptionBudgets with the earlier ones counted, and places the
  // replacements one after another, higher priority first (report order among equals).
  DrainOutcome drain(const std::vector<std::string>& nodes);

  // The same for one node when only whether each replacement lands matters (drain --all): a
  // replacement proven to find a node whatever the earlier ones took (first_unproven_landing)
  // is marked as landing, not placed; the others are placed as drain() places them, with the
  // proven ones before them. The drainable verdict, the pods to move and the blocking pods are
  // drain()'s.
  DrainOutcome summarize(const std::string& node);

  // drain() keeps, for each replacement that fits nowhere, every node's Filter failures and
  // podfit's details of them (-o wide), as `podfit check -o wide` gives them.
  void explain_rejections(bool explain) { explain_ = explain; }

 private:
  struct Eviction;
  // Cordons, classifies and evicts: the rows, and the replacements in the order to place them.
  Eviction evict(const std::vector<std::string>& nodes);
  // Places replacements [from, to) one after another, as drain() does.
  void place(Eviction& eviction, size_t from, size_t to);
  // Back to the state before evict().
  void restore(Eviction& eviction);

  const ClusterState* cluster_;
  Snapshot* snapshot_;
  const PlacementProfiles* profiles_;
  const FeatureGates* gates_;
  DrainFlags flags_;
  bool explain_ = false;
  std::unordered_map<std::string_view, std::vector<const Pod*>> pods_by_node_;  // input order
};

}  // namespace podfit
