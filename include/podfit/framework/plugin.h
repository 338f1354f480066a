// Plugin interfaces for the extension points podfit runs.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "podfit/framework/cycle_state.h"
#include "podfit/framework/status.h"
#include "podfit/snapshot/node_info.h"
#include "podfit/snapshot/pod_info.h"

namespace podfit {

class Snapshot;

// Every plugin: named as kube-scheduler names it (the name statuses and reports carry).
struct Plugin {
  virtual ~Plugin() = default;
  virtual std::string_view name() const = 0;
  // Why podfit cannot evaluate this plugin for `pod` exactly (objects it would need are not
  // read, for instance), or nullopt. The framework then skips the plugin for the pod and
  // reports it as not evaluated, so that a partial verdict is never taken for a full one.
  virtual std::optional<std::string> cannot_evaluate(const Pod& pod, const Snapshot& snapshot) const {
    (void)pod;
    (void)snapshot;
    return std::nullopt;
  }
};

// framework.PreFilterResult: nullopt node_names means "all nodes".
struct PreFilterResult {
  std::optional<std::set<std::string>> node_names;
  bool all_nodes() const { return !node_names.has_value(); }
  // Merge: intersection of the two node sets, "all" being the identity.
  PreFilterResult merge(const PreFilterResult& other) const;
  friend bool operator==(const PreFilterResult&, const PreFilterResult&) = default;
};

// PreFilter: computes the pod's state once per cycle, may Skip its Filter, reject the pod
// outright, or narrow the nodes worth filtering.
struct PreFilterPlugin : virtual Plugin {
  virtual Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                            PreFilterResult& result) const = 0;
};

struct FilterPlugin;

// A topology key through which an added pod can close the nodes of its domain, and the plugin
// that would close them (filled in by the framework).
struct ReachedKey {
  std::string key;
  const FilterPlugin* by = nullptr;
  ReachedKey(std::string topology_key) : key(std::move(topology_key)) {}  // NOLINT: a key alone reads as one
  friend bool operator==(const ReachedKey&, const ReachedKey&) = default;
};

// Which nodes' Filter verdicts for a pod another pod's arrival on some node N may turn from
// fit to unfit: none, N itself, the nodes sharing N's value of a topology key, or any node.
struct AddedPodReach {
  bool anywhere = false;
  bool node = false;               // N itself
  std::vector<ReachedKey> keys;    // the nodes in N's domain of each key (N included)
  static AddedPodReach nowhere() { return {}; }
  static AddedPodReach same_node() { return AddedPodReach{false, true, {}}; }
  static AddedPodReach any_node() { return AddedPodReach{true, false, {}}; }
  // Both reaches together.
  void add(const AddedPodReach& other);
};

// Filter: a pure function of (cycle state, pod, node); called concurrently for many nodes.
struct FilterPlugin : virtual Plugin {
  virtual Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const = 0;
  // The reach of `added` arriving on a node for `pod`, whose PreFilter wrote `state` (and
  // returned Skip when `skipped`). A drain uses it to prove where its earlier replacements
  // cannot have taken a later one's room. Any node unless a plugin knows better.
  virtual AddedPodReach reach_of_added_pod(const CycleState& state, const PodInfo& pod, const PodInfo& added,
                                           bool skipped) const {
    (void)state;
    (void)pod;
    (void)added;
    (void)skipped;
    return AddedPodReach::any_node();
  }
  // How many pods that reach `key` through this plugin (see reach_of_added_pod) may arrive in
  // `node`'s domain of `key` while this plugin still lets `pod` onto `node`; `node` fits now.
  // None unless a plugin knows better.
  virtual int64_t domain_tolerance(const CycleState& state, const PodInfo& pod, const std::string& key,
                                   const NodeInfo& node) const {
    (void)state;
    (void)pod;
    (void)key;
    (void)node;
    return 0;
  }
  // Domains of `key` one of which, however many pods arrive anywhere, this plugin keeps letting
  // `pod` onto on every node there; none unless a plugin knows better.
  virtual std::vector<std::string> domains_one_stays_open(const CycleState& state, const PodInfo& pod,
                                                         const std::string& key) const {
    (void)state;
    (void)pod;
    (void)key;
    return {};
  }
};

// A Filter plugin whose verdict reads only the pod and the node's own object (its name, spec,
// labels, taints, features): no pod arriving anywhere changes it.
struct NodeObjectFilterPlugin : FilterPlugin {
  AddedPodReach reach_of_added_pod(const CycleState&, const PodInfo&, const PodInfo&, bool) const final {
    return AddedPodReach::nowhere();
  }
};

// A Filter plugin whose PreFilter skips exactly the pods it has nothing to check for (no host
// ports, volumes or claims of their own), whom no other pod concerns; for the pods it checks,
// reach_when_checked().
struct SkipScopedFilterPlugin : FilterPlugin {
  AddedPodReach reach_of_added_pod(const CycleState&, const PodInfo&, const PodInfo&, bool skipped) const final {
    return skipped ? AddedPodReach::nowhere() : reach_when_checked();
  }
  // Any node unless the plugin knows better.
  virtual AddedPodReach reach_when_checked() const { return AddedPodReach::any_node(); }
};

// framework.MaxNodeScore and MinNodeScore: every normalized score must fall in this range.
inline constexpr int64_t kMaxNodeScore = 100;
inline constexpr int64_t kMinNodeScore = 0;

// framework.NodeScore: one node's score from one plugin.
struct NodeScore {
  std::string name;
  int64_t score = 0;
  friend bool operator==(const NodeScore&, const NodeScore&) = default;
};

// framework.NodeScoreList: one plugin's scores, one entry per scored node, in node order. The
// score runner leaves the names empty: the list is in the order of the nodes PreScore was
// given, and a NormalizeScore that needs to know the node goes by that position.
using NodeScoreList = std::vector<NodeScore>;

// What Score returns: the node's raw score (before normalization and weight) and the status.
struct ScoreResult {
  int64_t score = 0;
  Status status;
};

// PreScore: computes the pod's scoring state once per cycle from the nodes that passed
// filtering; Skip means the plugin's Score does not run for this pod.
struct PreScorePlugin : virtual Plugin {
  virtual Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                           std::span<const NodeInfo* const> nodes) const = 0;
};

// Score: ranks one feasible node; called concurrently for many nodes, so a pure function of
// (cycle state, pod, node).
struct ScorePlugin : virtual Plugin {
  virtual ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const = 0;
  // ScoreExtensions() != nil: whether normalize_score has work to do.
  virtual bool has_normalize_score() const { return false; }
  // ScoreExtensions().NormalizeScore: rescales every node's raw score into [0, kMaxNodeScore].
  virtual Status normalize_score(const CycleState& state, const PodInfo& pod, NodeScoreList& scores) const {
    (void)state;
    (void)pod;
    (void)scores;
    return Status();
  }
  // Why this plugin's score for `pod` may differ from kube-scheduler's (objects podfit does not
  // read), or nullopt. Unlike cannot_evaluate the plugin still runs; reports carry the note.
  virtual std::optional<std::string> score_caveat(const Pod& pod) const {
    (void)pod;
    return std::nullopt;
  }
};

}  // namespace podfit
