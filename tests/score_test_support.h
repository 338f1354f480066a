// A small cluster for score plugin tests: nodes and running pods in a Snapshot, and a runner
// that does what the scheduling framework does around one plugin (PreScore on the feasible
// nodes, Score on each, NormalizeScore).
#pragma once

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "podfit/framework/cycle_state.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/framework/plugin.h"
#include "podfit/model/cluster.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit::testing {

// Owns the cluster state its snapshot points into.
class ScoreCluster {
 public:
  explicit ScoreCluster(std::vector<Node> nodes, std::vector<Pod> pods = {}, const FeatureGates& gates = {},
                        std::vector<Namespace> namespaces = {})
      : cluster_(std::make_unique<ClusterState>()) {
    cluster_->nodes = std::move(nodes);
    cluster_->pods = std::move(pods);
    cluster_->namespaces = std::move(namespaces);
    snapshot_ = std::make_unique<Snapshot>(*cluster_, gates);
  }
  Snapshot& snapshot() { return *snapshot_; }
  // The named nodes in the order given; every node (in input order) when `names` is empty.
  std::vector<const NodeInfo*> nodes(const std::vector<std::string>& names = {}) const {
    std::vector<const NodeInfo*> out;
    if (names.empty()) {
      for (const auto& node : snapshot_->nodes()) out.push_back(node.get());
      return out;
    }
    for (const auto& name : names) {
      const NodeInfo* node = snapshot_->find_node(name);
      REQUIRE_MESSAGE(node != nullptr, "unknown node ", name);
      out.push_back(node);
    }
    return out;
  }

 private:
  std::unique_ptr<ClusterState> cluster_;
  std::unique_ptr<Snapshot> snapshot_;
};

// What one plugin's scoring of a pod came to.
struct ScoreRun {
  Status pre_score;      // PreScore's status (Success when not run)
  Status score;          // the first failing Score or NormalizeScore status, Success otherwise
  NodeScoreList scores;  // per feasible node, normalized when the plugin normalizes
};

// PreScore (when `pre_score` is set and `run_pre_score`), then, unless PreScore did not succeed,
// Score on every feasible node and NormalizeScore.
inline ScoreRun run_plugin_scoring(const PreScorePlugin* pre_score, const ScorePlugin& plugin, const Pod& pod,
                                   ScoreCluster& cluster, const std::vector<const NodeInfo*>& feasible,
                                   const FeatureGates& gates = {}, bool run_pre_score = true) {
  ScoreRun run;
  cluster.snapshot().ensure_namespace(pod.metadata.namespace_);
  PodInfo info(pod, gates);
  CycleState state;
  if (pre_score != nullptr && run_pre_score) {
    run.pre_score = pre_score->pre_score(state, info, cluster.snapshot(), feasible);
    if (!run.pre_score.is_success()) return run;
  }
  for (const NodeInfo* node : feasible) {
    ScoreResult result = plugin.score(state, info, *node);
    if (!result.status.is_success() && run.score.is_success()) run.score = result.status;
    run.scores.push_back(NodeScore{node->name(), result.score});
  }
  if (plugin.has_normalize_score()) {
    Status status = plugin.normalize_score(state, info, run.scores);
    if (!status.is_success() && run.score.is_success()) run.score = status;
  }
  return run;
}

// A node score list from names and scores.
inline NodeScoreList scores(std::vector<std::pair<std::string, int64_t>> entries) {
  NodeScoreList out;
  for (auto& [name, score] : entries) out.push_back(NodeScore{std::move(name), score});
  return out;
}

// "node1=10 node2=32" for failure messages.
inline std::string show_scores(const NodeScoreList& list) {
  std::string out;
  for (const auto& entry : list) {
    if (!out.empty()) out += ' ';
    out += entry.name + "=" + std::to_string(entry.score);
  }
  return out;
}

}  // namespace podfit::testing
