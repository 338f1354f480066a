// InterPodAffinity's PreScore, Score and NormalizeScore: preferred pod (anti-)affinity of the
// pod and of the running pods, and the running pods' required affinity (hardPodAffinityWeight).
#include <limits>

#include <fmt/format.h>

#include "podfit/plugins/inter_pod_affinity.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

using ScoreMap = std::map<std::string, std::map<std::string, int64_t, std::less<>>, std::less<>>;

// Below this many nodes, starting worker threads costs more than counting.
constexpr size_t kParallelThreshold = 64;

const std::string& score_state_key() {
  static const std::string key(kInterPodAffinityPreScoreStateKey);
  return key;
}

Status missing_score_state() {
  return Status::error(
      fmt::format("failed to read \"{}\" from cycleState: not found", kInterPodAffinityPreScoreStateKey));
}

// processTerm: a term matching `pod` adds weight * multiplier to the domain of `node`.
void process_term(ScoreMap& scores, const AffinityTerm& term, int64_t weight, const Pod& pod,
                  const StringMap* namespace_labels, const Node& node, int64_t multiplier) {
  if (!term.matches(pod, namespace_labels)) return;
  const std::string* value = node.metadata.labels.find(term.topology_key);
  if (value == nullptr) return;
  auto& values = scores[term.topology_key];
  values[*value] += weight * multiplier;
}

void process_terms(ScoreMap& scores, const std::vector<WeightedAffinityTerm>& terms, const Pod& pod,
                   const StringMap* namespace_labels, const Node& node, int64_t multiplier) {
  for (const auto& term : terms) process_term(scores, term, term.weight, pod, namespace_labels, node, multiplier);
}

// What processExistingPod reads about the incoming pod.
struct Incoming {
  const Pod* pod;
  std::vector<WeightedAffinityTerm> preferred_affinity;       // namespaceSelector resolved
  std::vector<WeightedAffinityTerm> preferred_anti_affinity;  // namespaceSelector resolved
  const StringMap* namespace_labels;                          // the pod's namespace labels
};

}  // namespace

Status InterPodAffinity::pre_score(CycleState& state, const PodInfo& pod_info, const Snapshot& snapshot,
                                   std::span<const NodeInfo* const>) const {
  const Pod& pod = pod_info.pod();
  const auto& affinity = pod.spec.affinity;
  const bool has_preferred_affinity =
      affinity && affinity->pod_affinity && !affinity->pod_affinity->preferred.empty();
  const bool has_preferred_anti_affinity =
      affinity && affinity->pod_anti_affinity && !affinity->pod_anti_affinity->preferred.empty();
  const bool has_constraints = has_preferred_affinity || has_preferred_anti_affinity;
  if (args_.ignore_preferred_terms_of_existing_pods && !has_constraints) return Status(Code::Skip);

  // Unless the pod has preferred terms of its own, only pods declaring affinity can contribute.
  std::vector<const NodeInfo*> nodes;
  if (has_constraints) {
    for (const auto& node : snapshot.nodes()) nodes.push_back(node.get());
  } else {
    nodes = snapshot.nodes_with_pods_with_affinity();
  }

  if (!pod_info.affinity_error().empty()) {
    return Status::error("failed to parse pod: " + pod_info.affinity_error());
  }
  Incoming incoming{&pod, pod_info.preferred_affinity_terms(), pod_info.preferred_anti_affinity_terms(),
                    snapshot.namespace_labels(pod.metadata.namespace_)};
  for (auto& term : incoming.preferred_affinity) resolve_affinity_term_namespaces(term, snapshot);
  for (auto& term : incoming.preferred_anti_affinity) resolve_affinity_term_namespaces(term, snapshot);

  std::vector<ScoreMap> per_node(nodes.size());
  auto process_node = [&](size_t index) {
    const NodeInfo& info = *nodes[index];
    const Node& node = info.node();
    if (node.metadata.labels.empty()) return;
    ScoreMap& scores = per_node[index];
    const auto& pods = has_constraints ? info.pods() : info.pods_with_affinity();
    for (const PodInfo* existing : pods) {
      const Pod& running = existing->pod();
      // The incoming pod's terms have their namespaces resolved: no namespace labels needed.
      process_terms(scores, incoming.preferred_affinity, running, nullptr, node, 1);
      process_terms(scores, incoming.preferred_anti_affinity, running, nullptr, node, -1);
      if (args_.hard_pod_affinity_weight > 0) {
        for (const auto& term : existing->required_affinity_terms()) {
          process_term(scores, term, args_.hard_pod_affinity_weight, pod, incoming.namespace_labels, node, 1);
        }
      }
      process_terms(scores, existing->preferred_affinity_terms(), pod, incoming.namespace_labels, node, 1);
      process_terms(scores, existing->preferred_anti_affinity_terms(), pod, incoming.namespace_labels, node, -1);
    }
  };
  if (nodes.size() >= kParallelThreshold) {
    parallelizer_.until(nodes.size(), process_node);
  } else {
    for (size_t i = 0; i < nodes.size(); ++i) process_node(i);
  }

  auto data = std::make_unique<InterPodAffinityScoreState>();
  bool any = false;
  for (const auto& scores : per_node) {
    if (scores.empty()) continue;
    any = true;
    for (const auto& [key, values] : scores) {
      auto& merged = data->topology_score[key];
      for (const auto& [value, weight] : values) merged[value] += weight;
    }
  }
  if (!any) return Status(Code::Skip);
  state.write(score_state_key(), std::move(data));
  return Status();
}

ScoreResult InterPodAffinity::score(const CycleState& state, const PodInfo&, const NodeInfo& node) const {
  const auto* data = state.read<InterPodAffinityScoreState>(score_state_key());
  if (data == nullptr) return ScoreResult{0, missing_score_state()};
  const StringMap& labels = node.node().metadata.labels;
  int64_t score = 0;
  for (const auto& [key, values] : data->topology_score) {
    const std::string* value = labels.find(key);
    if (value == nullptr) continue;
    auto found = values.find(*value);
    if (found != values.end()) score += found->second;
  }
  return ScoreResult{score, Status()};
}

Status InterPodAffinity::normalize_score(const CycleState& state, const PodInfo&, NodeScoreList& scores) const {
  const auto* data = state.read<InterPodAffinityScoreState>(score_state_key());
  if (data == nullptr) return missing_score_state();
  if (data->topology_score.empty()) return Status();
  int64_t min_count = std::numeric_limits<int64_t>::max();
  int64_t max_count = std::numeric_limits<int64_t>::min();
  for (const auto& entry : scores) {
    if (entry.score > max_count) max_count = entry.score;
    if (entry.score < min_count) min_count = entry.score;
  }
  const int64_t spread = max_count - min_count;
  for (auto& entry : scores) {
    double normalized = 0;
    if (spread > 0) {
      normalized = static_cast<double>(kMaxNodeScore) *
                   (static_cast<double>(entry.score - min_count) / static_cast<double>(spread));
    }
    entry.score = static_cast<int64_t>(normalized);
  }
  return Status();
}

}  // namespace podfit
