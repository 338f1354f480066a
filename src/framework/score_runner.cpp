#include "podfit/framework/score_runner.h"

#include <algorithm>
#include <mutex>
#include <set>

#include <fmt/format.h>

#include "podfit/framework/names.h"

namespace podfit {
namespace {

// The name a score record keeps: records outlive the plugin lists that scored them (a report
// keeps them, a test passes a temporary list), so each plugin name is kept once for good.
std::string_view lasting_name(std::string_view name) {
  static std::mutex mutex;
  static std::set<std::string, std::less<>> names;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = names.find(name);
  if (it == names.end()) it = names.emplace(name).first;
  return *it;
}

// Plugins taking part in Score, in profile order.
std::vector<const ScoringPlugin*> scoring(std::span<const ScoringPlugin> plugins,
                                          const std::set<std::string>& skipped) {
  std::vector<const ScoringPlugin*> out;
  for (const auto& plugin : plugins) {
    if (plugin.score != nullptr && !skipped.contains(plugin.name)) out.push_back(&plugin);
  }
  return out;
}

bool has_score_plugins(std::span<const ScoringPlugin> plugins) {
  return std::any_of(plugins.begin(), plugins.end(), [](const ScoringPlugin& p) { return p.score != nullptr; });
}

// Plugins podfit cannot evaluate for the pod, with why: they take no part, like a PreScore Skip.
std::vector<std::pair<std::string, std::string>> unevaluated(std::span<const ScoringPlugin> plugins, const Pod& pod,
                                                              const Snapshot& snapshot) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& plugin : plugins) {
    if (plugin.plugin == nullptr) continue;
    if (auto why = plugin.plugin->cannot_evaluate(pod, snapshot)) out.emplace_back(plugin.name, std::move(*why));
  }
  return out;
}

}  // namespace

PreScoreOutcome run_pre_score_plugins(std::span<const ScoringPlugin> plugins, CycleState& state, const PodInfo& pod,
                                      const Snapshot& snapshot, std::span<const NodeInfo* const> nodes,
                                      const std::set<std::string>& excluded) {
  PreScoreOutcome out;
  for (const auto& plugin : plugins) {
    if (plugin.pre_score == nullptr || excluded.contains(plugin.name)) continue;
    Status status = plugin.pre_score->pre_score(state, pod, snapshot, nodes);
    if (status.is_skip()) {
      out.skipped.insert(plugin.name);
      continue;
    }
    if (!status.is_success()) {
      out.status = wrap_error(fmt::format("running PreScore plugin \"{}\": {}", plugin.name, error_text(status)),
                              status, plugin.name);
      return out;
    }
  }
  return out;
}

ScoreOutcome run_score_plugins(std::span<const ScoringPlugin> plugins, const CycleState& state, const PodInfo& pod,
                               std::span<const NodeInfo* const> nodes, const std::set<std::string>& skipped,
                               const Parallelizer& parallelizer) {
  ScoreOutcome out;
  const std::vector<const ScoringPlugin*> active = scoring(plugins, skipped);
  const size_t count = nodes.size();

  // Raw scores, plugin-major in one block, filled node by node in parallel; a failing plugin
  // stops the node's remaining plugins, as kube-scheduler's worker returns on the first error.
  // Errors are rare: they are kept aside with their node, and the first node's is reported.
  std::vector<int64_t> raw(active.size() * count);
  std::mutex error_mutex;
  std::vector<std::pair<size_t, Status>> node_errors;
  if (!active.empty()) {
    parallelizer.until(count, [&](size_t index) {
      const NodeInfo& node = *nodes[index];
      for (size_t p = 0; p < active.size(); ++p) {
        ScoreResult result = active[p]->score->score(state, pod, node);
        if (!result.status.is_success()) {
          Status error = wrap_error(fmt::format("running Score plugins: plugin \"{}\" failed with: {}",
                                                active[p]->name, error_text(result.status)),
                                    result.status, active[p]->name);
          std::lock_guard lock(error_mutex);
          node_errors.emplace_back(index, std::move(error));
          return;
        }
        raw[p * count + index] = result.score;
      }
    });
    if (!node_errors.empty()) {
      auto first = std::min_element(node_errors.begin(), node_errors.end(),
                                    [](const auto& a, const auto& b) { return a.first < b.first; });
      out.status = std::move(first->second);
      return out;
    }
  }

  // NormalizeScore per plugin on a copy: the raw scores stay reportable.
  std::vector<int64_t> normalized = raw;
  for (size_t p = 0; p < active.size(); ++p) {
    if (!active[p]->score->has_normalize_score()) continue;
    NodeScoreList list(count);
    for (size_t i = 0; i < count; ++i) list[i].score = raw[p * count + i];
    Status status = active[p]->score->normalize_score(state, pod, list);
    if (!status.is_success()) {
      out.status = wrap_error(fmt::format("running Normalize on Score plugins: plugin \"{}\" failed with: {}",
                                          active[p]->name, error_text(status)),
                              status, active[p]->name);
      return out;
    }
    for (size_t i = 0; i < count; ++i) normalized[p * count + i] = list[i].score;
  }

  // Range check, weights and totals. Each plugin's part of a node's total is recorded only
  // when the cycle explains itself: otherwise a record per node would be built to be dropped.
  const bool detailed = state.explains();
  std::vector<std::string_view> plugin_names;
  if (detailed) {
    for (const ScoringPlugin* plugin : active) plugin_names.push_back(lasting_name(plugin->name));
  }
  out.nodes.resize(count);
  for (size_t index = 0; index < count; ++index) {
    NodePluginScores& node = out.nodes[index];
    node.name = nodes[index]->name();
    if (detailed) node.scores.reserve(active.size());
    for (size_t p = 0; p < active.size(); ++p) {
      const int64_t score = normalized[p * count + index];
      if (score > kMaxNodeScore || score < kMinNodeScore) {
        Status status = Status::error(fmt::format(
            "applying score defaultWeights on Score plugins: plugin \"{}\" returns an invalid score {}, it should "
            "in the range of [{}, {}] after normalizing",
            active[p]->name, score, kMinNodeScore, kMaxNodeScore));
        status.with_plugin(active[p]->name);
        return ScoreOutcome{std::move(status), {}};
      }
      const int64_t weighted = score * active[p]->weight;
      if (detailed) node.scores.push_back(PluginScore{plugin_names[p], raw[p * count + index], score, weighted});
      node.total += weighted;
    }
  }
  return out;
}

Prioritized prioritize_nodes(std::span<const ScoringPlugin> plugins, CycleState& state, const PodInfo& pod,
                             const Snapshot& snapshot, std::span<const NodeInfo* const> nodes,
                             const Parallelizer& parallelizer) {
  Prioritized out;
  // Without score plugins every node is as good as another.
  if (!has_score_plugins(plugins)) {
    for (const NodeInfo* node : nodes) out.nodes.push_back(NodePluginScores{node->name(), {}, 1});
    return out;
  }

  out.not_evaluated = unevaluated(plugins, pod.pod(), snapshot);
  std::set<std::string> excluded;
  for (const auto& entry : out.not_evaluated) excluded.insert(entry.first);

  PreScoreOutcome pre_score = run_pre_score_plugins(plugins, state, pod, snapshot, nodes, excluded);
  out.skipped_plugins = excluded;
  out.skipped_plugins.insert(pre_score.skipped.begin(), pre_score.skipped.end());
  if (!pre_score.status.is_success()) {
    out.status = std::move(pre_score.status);
    return out;
  }

  ScoreOutcome scored = run_score_plugins(plugins, state, pod, nodes, out.skipped_plugins, parallelizer);
  if (!scored.status.is_success()) {
    out.status = std::move(scored.status);
    return out;
  }
  out.nodes = std::move(scored.nodes);
  for (const auto& plugin : plugins) {
    if (plugin.score == nullptr || out.skipped_plugins.contains(plugin.name)) continue;
    if (auto caveat = plugin.score->score_caveat(pod.pod())) out.caveats.emplace_back(plugin.name, std::move(*caveat));
  }
  return out;
}

std::optional<size_t> select_host(const std::vector<NodePluginScores>& nodes) {
  std::optional<size_t> best;
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (!best || nodes[i].total > nodes[*best].total ||
        (nodes[i].total == nodes[*best].total && nodes[i].name < nodes[*best].name)) {
      best = i;
    }
  }
  return best;
}

std::vector<WeightedPluginName> default_score_plugins(const FeatureGates& gates) {
  std::vector<WeightedPluginName> plugins = {
      {std::string(names::kTaintToleration), 3},   {std::string(names::kNodeAffinity), 2},
      {std::string(names::kNodeResourcesFit), 1},  {std::string(names::kVolumeBinding), 1},
      {std::string(names::kPodTopologySpread), 2}, {std::string(names::kInterPodAffinity), 2},
  };
  // Inserted before DefaultPreemption, so after InterPodAffinity.
  if (gates.dynamic_resource_allocation && gates.changes.dynamic_resources_score) {
    plugins.push_back({std::string(names::kDynamicResources), 2});
  }
  plugins.push_back({std::string(names::kNodeResourcesBalancedAllocation), 1});
  plugins.push_back({std::string(names::kImageLocality), 1});
  return plugins;
}

ScoreProfile::ScoreProfile(const std::vector<WeightedPluginName>& plugins, const PluginContext& context,
                           const PluginRegistry& registry) {
  for (const auto& entry : plugins) {
    auto it = registry.find(entry.name);
    std::unique_ptr<Plugin> plugin = it != registry.end() && it->second ? it->second(context) : nullptr;
    const auto* pre_score = dynamic_cast<const PreScorePlugin*>(plugin.get());
    const auto* score = dynamic_cast<const ScorePlugin*>(plugin.get());
    if (plugin == nullptr || (pre_score == nullptr && score == nullptr)) {
      not_implemented_.push_back(entry.name);
      continue;
    }
    // A weight of zero is not permitted: kube-scheduler scores such a plugin with weight 1.
    plugins_.push_back(ScoringPlugin{entry.name, entry.weight == 0 ? 1 : entry.weight, plugin.get(), pre_score, score});
    owned_.push_back(std::move(plugin));
  }
}

Prioritized ScoreProfile::prioritize(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                                     std::span<const NodeInfo* const> feasible) const {
  return prioritize_nodes(plugins_, state, pod, snapshot, feasible, parallelizer_);
}

Status ScoreProfile::pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                               std::span<const NodeInfo* const> feasible) const {
  if (!has_score_plugins(plugins_)) return Status();
  std::set<std::string> excluded;
  for (const auto& entry : unevaluated(plugins_, pod.pod(), snapshot)) excluded.insert(entry.first);
  return run_pre_score_plugins(plugins_, state, pod, snapshot, feasible, excluded).status;
}

HostChoice ScoreProfile::choose(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                                std::span<const NodeInfo* const> feasible) const {
  HostChoice choice;
  if (feasible.empty()) return choice;
  // When only one node passed filtering, kube-scheduler takes it without scoring.
  if (feasible.size() == 1) {
    choice.node = feasible.front()->name();
    return choice;
  }
  choice.scored = true;
  choice.scores = prioritize(state, pod, snapshot, feasible);
  if (!choice.scores.status.is_success()) {
    choice.status = choice.scores.status;
    return choice;
  }
  if (auto best = select_host(choice.scores.nodes)) choice.node = std::string(choice.scores.nodes[*best].name);
  return choice;
}

}  // namespace podfit
