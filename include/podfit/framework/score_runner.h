// Scoring for one profile: PreScore, Score, NormalizeScore and weights as kube-scheduler's
// framework runs them (framework/runtime/framework.go), then the choice of a node among the
// scored ones (schedule_one.go's prioritizeNodes and the pick of the best node).
//
// Ties: kube-scheduler does not choose deterministically among nodes with the same top total
// (its candidate order comes from parallel filtering, and it adds a random tie-breaker when
// extenders score). podfit picks the node with the smallest name, so that a run can be repeated.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "podfit/framework/cycle_state.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/framework/parallelizer.h"
#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/framework/status.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// One score plugin of a profile: its name, its weight and the extension points it implements.
struct ScoringPlugin {
  std::string name;
  int64_t weight = 1;
  const Plugin* plugin = nullptr;             // for cannot_evaluate and score_caveat
  const PreScorePlugin* pre_score = nullptr;  // nullptr when it has no PreScore
  const ScorePlugin* score = nullptr;         // nullptr when it has no Score
};

// RunPreScorePlugins' outcome.
struct PreScoreOutcome {
  // Success, or the Error `running PreScore plugin "X": <message>` (plugin set) of the first
  // plugin that neither succeeded nor skipped; the plugins after it did not run.
  Status status;
  // Plugins whose PreScore returned Skip: their Score does not run.
  std::set<std::string> skipped;
};

// RunPreScorePlugins: every PreScore in order on the feasible `nodes`; plugins named in
// `excluded` (those podfit cannot evaluate for the pod) do not run.
PreScoreOutcome run_pre_score_plugins(std::span<const ScoringPlugin> plugins, CycleState& state, const PodInfo& pod,
                                      const Snapshot& snapshot, std::span<const NodeInfo* const> nodes,
                                      const std::set<std::string>& excluded = {});

// One plugin's score for one node at each stage.
struct PluginScore {
  std::string_view plugin;  // the plugin's name, kept for the whole run
  int64_t raw = 0;         // what Score returned
  int64_t normalized = 0;  // after NormalizeScore (the raw score for plugins without one)
  int64_t weighted = 0;    // normalized * weight: what the total adds
  friend bool operator==(const PluginScore&, const PluginScore&) = default;
};

// framework.NodePluginScores with podfit's per-stage detail: one entry per plugin that scored,
// in plugin order (none when the cycle state does not explain: then only the total).
struct NodePluginScores {
  std::string_view name;  // the node's, valid while the node object lives
  std::vector<PluginScore> scores;
  int64_t total = 0;
};

// RunScorePlugins' outcome.
struct ScoreOutcome {
  // Success or the Error kube-scheduler returns: `running Score plugins: plugin "X" failed
  // with: ...`, `running Normalize on Score plugins: plugin "X" failed with: ...` or `applying
  // score defaultWeights on Score plugins: plugin "X" returns an invalid score N, it should in
  // the range of [0, 100] after normalizing`. Where kube-scheduler reports whichever failure its
  // workers hit first, podfit reports the first node's (in `nodes` order), first plugin's.
  Status status;
  // Per node, in `nodes` order (empty on error).
  std::vector<NodePluginScores> nodes;
};

// RunScorePlugins: Score on every node in parallel, then each plugin's NormalizeScore, then the
// range check and the weights, summed into each node's total. Plugins in `skipped` (PreScore
// Skip) or without Score take no part.
ScoreOutcome run_score_plugins(std::span<const ScoringPlugin> plugins, const CycleState& state, const PodInfo& pod,
                               std::span<const NodeInfo* const> nodes, const std::set<std::string>& skipped,
                               const Parallelizer& parallelizer);

// prioritizeNodes' outcome.
struct Prioritized {
  // Success, or the Error of PreScore or Score (then `nodes` is empty).
  Status status;
  std::vector<NodePluginScores> nodes;  // in the order of the nodes given
  // Plugins whose PreScore returned Skip, or that podfit cannot evaluate for the pod.
  std::set<std::string> skipped_plugins;
  // The latter with why (Plugin::cannot_evaluate): their score is not part of the totals.
  std::vector<std::pair<std::string, std::string>> not_evaluated;
  // Plugins that scored but whose score may differ from kube-scheduler's, with why.
  std::vector<std::pair<std::string, std::string>> caveats;
};

// prioritizeNodes: with no score plugin every node totals 1; otherwise RunPreScorePlugins then
// RunScorePlugins over the feasible `nodes`.
Prioritized prioritize_nodes(std::span<const ScoringPlugin> plugins, CycleState& state, const PodInfo& pod,
                             const Snapshot& snapshot, std::span<const NodeInfo* const> nodes,
                             const Parallelizer& parallelizer);

// The best node: the highest total, the smallest name among equal totals (see the note on
// ties above). nullopt for no nodes.
std::optional<size_t> select_host(const std::vector<NodePluginScores>& nodes);

// A score plugin of the default profile and its weight.
struct WeightedPluginName {
  std::string name;
  int64_t weight = 1;
  friend bool operator==(const WeightedPluginName&, const WeightedPluginName&) = default;
};

// The default profile's score plugins in kube-scheduler's order with their weights (plugins
// without a configured weight score with weight 1): TaintToleration 3, NodeAffinity 2,
// NodeResourcesFit 1, VolumeBinding 1, PodTopologySpread 2, InterPodAffinity 2,
// DynamicResources 2 (with DynamicResourceAllocation), NodeResourcesBalancedAllocation 1,
// ImageLocality 1.
std::vector<WeightedPluginName> default_score_plugins(const FeatureGates& gates);

// What the pick of a node for one pod came to (schedulePod after filtering).
struct HostChoice {
  // Non-success when scoring failed (the Error); then `node` is empty.
  Status status;
  // The chosen node; empty when no node was feasible.
  std::string node;
  // Whether the nodes were scored: kube-scheduler takes a single feasible node without scoring.
  bool scored = false;
  Prioritized scores;  // when scored
};

// A profile's instantiated score plugins.
class ScoreProfile {
 public:
  // Instantiates `plugins` from the registry; names without an implementation (or one that is
  // neither PreScore nor Score) are recorded in not_implemented() instead.
  ScoreProfile(const std::vector<WeightedPluginName>& plugins, const PluginContext& context,
               const PluginRegistry& registry = plugin_registry());

  // prioritizeNodes over the feasible nodes.
  Prioritized prioritize(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                         std::span<const NodeInfo* const> feasible) const;
  // prioritize's PreScore alone, for callers that want its Error but no scores: Success when
  // the profile has no Score plugin (prioritizeNodes then runs no PreScore either).
  Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                   std::span<const NodeInfo* const> feasible) const;
  // schedulePod's choice: none for no feasible node, the only one unscored, else the best
  // after prioritize (ties by name).
  HostChoice choose(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    std::span<const NodeInfo* const> feasible) const;

  const std::vector<ScoringPlugin>& plugins() const { return plugins_; }
  // Names given to the constructor that podfit does not implement, in the order given.
  const std::vector<std::string>& not_implemented() const { return not_implemented_; }

 private:
  std::vector<std::unique_ptr<Plugin>> owned_;
  std::vector<ScoringPlugin> plugins_;
  std::vector<std::string> not_implemented_;
  Parallelizer parallelizer_;
};

}  // namespace podfit
