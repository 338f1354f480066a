// InterPodAffinity's PreScore, Score and NormalizeScore: preferred pod (anti-)affinity of the
// pod and of the running pods, and the running pods' required affinity (hardPodAffinityWeight).
#include <limits>

#include <fmt/format.h>

#include "podfit/plugins/inter_pod_affinity/inter_pod_affinity.h"
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
template <class Add>
void process_term(const AffinityTerm& term, int64_t weight, const Pod& pod, const StringMap* namespace_labels,
                  const Node& node, int64_t multiplier, Add&& add) {
  if (!term.matches(pod, namespace_labels)) return;
  const std::string* value = node.metadata.labels.find(term.topology_key);
  if (value == nullptr) return;
  add(term.topology_key, *value, weight * multiplier);
}

template <class Add>
void process_terms(const std::vector<WeightedAffinityTerm>& terms, const Pod& pod, const StringMap* namespace_labels,
                   const Node& node, int64_t multiplier, Add&& add) {
  for (const auto& term : terms) process_term(term, term.weight, pod, namespace_labels, node, multiplier, add);
}

// processExistingPod's part that reads the running pod's terms: its required affinity (at
// hardPodAffinityWeight) and preferred terms matching the incoming `pod`.
template <class Add>
void process_existing_terms(const PodInfo& existing, const Pod& pod, const StringMap* namespace_labels,
                            const Node& node, int64_t hard_weight, int64_t multiplier, Add&& add) {
  if (hard_weight > 0) {
    for (const auto& term : existing.required_affinity_terms()) {
      process_term(term, hard_weight, pod, namespace_labels, node, multiplier, add);
    }
  }
  process_terms(existing.preferred_affinity_terms(), pod, namespace_labels, node, multiplier, add);
  process_terms(existing.preferred_anti_affinity_terms(), pod, namespace_labels, node, -multiplier, add);
}

// Adds to a ScoreMap: kube's topologyScore.
auto add_to(ScoreMap& scores) {
  return [&scores](const std::string& key, const std::string& value, int64_t weight) { scores[key][value] += weight; };
}

// Adds to a ScoreTally, which also counts the matches: a domain exists while one matches.
auto add_to(InterPodAffinity::ScoreTally& tally, int64_t matches) {
  return [&tally, matches](const std::string& key, const std::string& value, int64_t weight) {
    auto& entry = tally[key][value];
    entry.sum += weight;
    entry.matches += matches;
  };
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

  auto data = std::make_unique<InterPodAffinityScoreState>();
  const int64_t hard_weight = args_.hard_pod_affinity_weight;
  if (!has_constraints && snapshot.pod_changes_replayable()) {
    // Only running pods' terms score the pod: what they read of it decides their scores, so pods
    // of one workload share the scores of the snapshot as built, brought to its pods now.
    ScoreTally tally = *built_score_tally(snapshot, pod, incoming.namespace_labels);
    for (const PodChange& change : snapshot.pod_changes()) {
      const NodeInfo* node = snapshot.find_node(change.pod->pod().spec.node_name);
      if (node == nullptr) continue;
      process_existing_terms(*change.pod, pod, incoming.namespace_labels, node->node(), hard_weight, change.delta,
                             add_to(tally, change.delta));
    }
    for (const auto& [key, values] : tally) {
      for (const auto& [value, entry] : values) {
        if (entry.matches > 0) data->topology_score[key][value] = entry.sum;
      }
    }
    if (data->topology_score.empty()) return Status(Code::Skip);
    state.write(score_state_key(), std::move(data));
    return Status();
  }

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
      process_terms(incoming.preferred_affinity, running, nullptr, node, 1, add_to(scores));
      process_terms(incoming.preferred_anti_affinity, running, nullptr, node, -1, add_to(scores));
      process_existing_terms(*existing, pod, incoming.namespace_labels, node, hard_weight, 1, add_to(scores));
    }
  };
  if (nodes.size() >= kParallelThreshold) {
    parallelizer_.until(nodes.size(), process_node);
  } else {
    for (size_t i = 0; i < nodes.size(); ++i) process_node(i);
  }

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

std::shared_ptr<const InterPodAffinity::ScoreTally> InterPodAffinity::built_score_tally(
    const Snapshot& snapshot, const Pod& pod, const StringMap* namespace_labels) const {
  std::lock_guard<std::mutex> lock(score_cache_mutex_);
  ScoreCache& cache = score_cache_;
  if (cache.snapshot != &snapshot || cache.generation != snapshot.layout_generation()) {
    cache = ScoreCache{};
    cache.snapshot = &snapshot;
    cache.generation = snapshot.layout_generation();
    // The pod labels running pods' terms read, those taken off since included: more keys than
    // needed only make the cache keys finer.
    auto add_keys = [&](const PodInfo& running) {
      auto add = [&](const AffinityTerm& term) {
        for (const auto& requirement : term.selector.requirements()) cache.label_keys.insert(requirement.key);
      };
      for (const auto& term : running.required_affinity_terms()) add(term);
      for (const auto& term : running.preferred_affinity_terms()) add(term);
      for (const auto& term : running.preferred_anti_affinity_terms()) add(term);
    };
    for (const NodeInfo* node : snapshot.nodes_with_pods_with_affinity()) {
      for (const PodInfo* running : node->pods_with_affinity()) add_keys(*running);
    }
    for (const PodChange& change : snapshot.pod_changes()) {
      if (change.delta < 0) add_keys(*change.pod);
    }
  }
  std::string key = pod.metadata.namespace_;
  key += '\0';
  if (namespace_labels != nullptr) {
    for (const auto& [name, value] : *namespace_labels) ((key += name) += '=') += value + '\x01';
  }
  key += '\0';
  for (const std::string& name : cache.label_keys) {
    if (const std::string* value = pod.metadata.labels.find(name)) ((key += name) += '=') += *value + '\x01';
  }
  auto& tally = cache.by_key[key];
  if (tally) return tally;

  const int64_t hard_weight = args_.hard_pod_affinity_weight;
  const std::vector<const NodeInfo*> nodes = snapshot.nodes_with_pods_with_affinity();
  std::vector<ScoreTally> per_node(nodes.size());
  auto process_node = [&](size_t index) {
    const NodeInfo& info = *nodes[index];
    if (info.node().metadata.labels.empty()) return;
    for (const PodInfo* existing : info.pods_with_affinity()) {
      process_existing_terms(*existing, pod, namespace_labels, info.node(), hard_weight, 1, add_to(per_node[index], 1));
    }
  };
  if (nodes.size() >= kParallelThreshold) {
    parallelizer_.until(nodes.size(), process_node);
  } else {
    for (size_t i = 0; i < nodes.size(); ++i) process_node(i);
  }
  auto built = std::make_shared<ScoreTally>();
  for (const auto& scores : per_node) {
    for (const auto& [name, values] : scores) {
      for (const auto& [value, entry] : values) {
        auto& merged = (*built)[name][value];
        merged.sum += entry.sum;
        merged.matches += entry.matches;
      }
    }
  }
  // Back to the snapshot as built: the pods changed since count the other way.
  for (const PodChange& change : snapshot.pod_changes()) {
    const NodeInfo* node = snapshot.find_node(change.pod->pod().spec.node_name);
    if (node == nullptr) continue;
    process_existing_terms(*change.pod, pod, namespace_labels, node->node(), hard_weight, -change.delta,
                           add_to(*built, -change.delta));
  }
  tally = std::move(built);
  return tally;
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
