// PodTopologySpread's PreScore, Score and NormalizeScore: the ScheduleAnyway constraints.
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "podfit/model/node_affinity.h"
#include "podfit/plugins/pod_topology_spread/pod_topology_spread.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr std::string_view kScheduleAnyway = "ScheduleAnyway";
constexpr std::string_view kHostnameLabel = "kubernetes.io/hostname";
// Marks a node left out of scoring while the others are normalized.
constexpr int64_t kInvalidScore = -1;
// Below this many nodes, starting worker threads costs more than counting.
constexpr size_t kParallelCountingThreshold = 64;

const std::string& score_state_key() {
  static const std::string key(kPodTopologySpreadPreScoreStateKey);
  return key;
}

Status missing_score_state() {
  return Status::error(fmt::format("error reading \"{}\" from cycleState: not found", kPodTopologySpreadPreScoreStateKey));
}

// The node's value for a key; a node without the label counts in the "" domain, as a Go map
// lookup gives.
const std::string& no_label_value() {
  static const std::string empty;
  return empty;
}
const std::string& label_value(const StringMap& labels, const std::string& key) {
  const std::string* value = labels.find(key);
  return value ? *value : no_label_value();
}

// topologyNormalizingWeight.
double normalizing_weight(size_t size) { return std::log(static_cast<double>(size + 2)); }

// One node's matching pods for one constraint's domain.
struct DomainCount {
  size_t constraint;
  int64_t* domain;
  int64_t count;
};

}  // namespace

std::unique_ptr<StateData> PodTopologySpreadScoreState::clone() const {
  return std::make_unique<PodTopologySpreadScoreState>(*this);
}

std::optional<std::vector<SpreadConstraint>> PodTopologySpreadPlugin::soft_constraints(const Pod& pod,
                                                                                     std::string* error) const {
  std::string message;
  if (!pod.spec.topology_spread_constraints.empty()) {
    auto constraints = compile(pod.spec.topology_spread_constraints, pod.metadata.labels, &message, kScheduleAnyway);
    if (!constraints && error) *error = "obtaining pod's soft topology spread constraints: " + message;
    return constraints;
  }
  auto constraints = compile(default_constraints_, pod.metadata.labels, &message, kScheduleAnyway);
  if (!constraints) {
    if (error) *error = "setting default soft topology spread constraints: " + message;
    return std::nullopt;
  }
  if (constraints->empty()) return constraints;
  const Selector selector = default_selector_ ? default_selector_(pod) : Selector::everything();
  if (selector.empty()) return std::vector<SpreadConstraint>{};
  for (auto& constraint : *constraints) constraint.selector = selector;
  return constraints;
}

Status PodTopologySpreadPlugin::pre_score(CycleState& state, const PodInfo& pod_info, const Snapshot& snapshot,
                                          std::span<const NodeInfo* const> nodes) const {
  const auto& all_nodes = snapshot.nodes();
  if (all_nodes.empty()) return Status(Code::Skip);
  const Pod& pod = pod_info.pod();
  // Only the pod's own constraints (or List defaulting) require every topology key, so that
  // nodes without a zone label still get hostname spreading from the system defaults.
  const bool require_all_topologies = !pod.spec.topology_spread_constraints.empty() || !system_defaulted_;

  std::string error;
  auto constraints = soft_constraints(pod, &error);
  if (!constraints) return Status::error("calculating preScoreState: " + error);
  if (constraints->empty()) return Status(Code::Skip);

  auto data = std::make_unique<PodTopologySpreadScoreState>();
  data->constraints = std::move(*constraints);
  const auto& compiled = data->constraints;
  const size_t width = compiled.size();
  for (const SpreadConstraint& constraint : compiled) {
    data->columns.push_back(&snapshot.label_column(constraint.topology_key));
  }
  const auto& columns = data->columns;
  // Per constraint, the domain of each value id, shifted by one so that slot 0 stands for a node
  // without the label ("" as a Go map lookup gives); nullptr where no feasible node is in it.
  std::vector<std::vector<int64_t*>> domain_by_slot(width);
  for (size_t i = 0; i < width; ++i) domain_by_slot[i].assign(columns[i]->values.size() + 1, nullptr);
  // The node's domain of constraint i, added when `add` and no feasible node named it yet.
  auto domain_of = [&](size_t i, const NodeInfo& node, bool add) -> int64_t* {
    auto& counts = data->topology_value_to_pod_counts[i];
    const int32_t id = columns[i]->id_of(node);
    if (id == LabelColumn::kUnknown) {
      const std::string& value = label_value(node.node().metadata.labels, compiled[i].topology_key);
      if (add) return &counts.try_emplace(value, 0).first->second;
      auto found = counts.find(value);
      return found == counts.end() ? nullptr : &found->second;
    }
    int64_t*& slot = domain_by_slot[i][static_cast<size_t>(id + 1)];
    if (slot == nullptr && add) {
      const std::string& value = id >= 0 ? *columns[i]->values[static_cast<size_t>(id)] : no_label_value();
      slot = &counts.try_emplace(value, 0).first->second;
      // A node without the label and one labelled "" share the "" domain.
      if (value.empty()) {
        domain_by_slot[i][0] = slot;
        if (const int32_t empty = columns[i]->id_of_value(""); empty >= 0) domain_by_slot[i][static_cast<size_t>(empty + 1)] = slot;
      }
    }
    return slot;
  };
  data->topology_value_to_pod_counts.resize(width);
  data->ignored_in_order.assign(nodes.size(), false);
  for (size_t k = 0; k < nodes.size(); ++k) {
    const NodeInfo* node = nodes[k];
    if (require_all_topologies && lacks_spread_topology_key(columns, *node)) {
      data->ignored_nodes.insert(node->name());
      data->ignored_in_order[k] = true;
      continue;
    }
    for (size_t i = 0; i < width; ++i) {
      // Per-node counts of the hostname constraint are taken in Score.
      if (compiled[i].topology_key != kHostnameLabel) domain_of(i, *node, true);
    }
  }
  data->topology_normalizing_weight.resize(width);
  for (size_t i = 0; i < width; ++i) {
    size_t size = data->topology_value_to_pod_counts[i].size();
    if (compiled[i].topology_key == kHostnameLabel) size = nodes.size() - data->ignored_nodes.size();
    data->topology_normalizing_weight[i] = normalizing_weight(size);
  }

  // Every node of the cluster counts toward the domains of the feasible nodes.
  data->snapshot = &snapshot;
  for (const SpreadConstraint& constraint : compiled) {
    data->matching_per_node.push_back(matching_pods_per_node(snapshot, constraint.selector, pod.metadata.namespace_));
  }
  const RequiredNodeAffinity affinity(pod);
  // One slot per node and constraint, filled in place: no allocation per node.
  std::vector<DomainCount> per_node(all_nodes.size() * width, DomainCount{0, nullptr, 0});
  auto count_node = [&](size_t index) {
    const NodeInfo& info = *all_nodes[index];
    const Node& node = info.node();
    if (!node_inclusion_policy_ && !affinity.match(node)) return;
    if (require_all_topologies && lacks_spread_topology_key(columns, info)) return;
    for (size_t i = 0; i < width; ++i) {
      const SpreadConstraint& constraint = compiled[i];
      if (constraint.topology_key == kHostnameLabel) continue;
      if (node_inclusion_policy_ && !node_counts_for(constraint, pod, node, affinity)) continue;
      int64_t* domain = domain_of(i, info, false);
      if (domain != nullptr) per_node[index * width + i] = DomainCount{i, domain, (*data->matching_per_node[i])[index]};
    }
  };
  if (all_nodes.size() >= kParallelCountingThreshold) {
    parallelizer_.until(all_nodes.size(), count_node);
  } else {
    for (size_t i = 0; i < all_nodes.size(); ++i) count_node(i);
  }
  for (const DomainCount& entry : per_node) {
    if (entry.domain != nullptr) *entry.domain += entry.count;
  }
  data->pod_counts_by_id.resize(width);
  for (size_t i = 0; i < width; ++i) {
    for (size_t slot = 1; slot < domain_by_slot[i].size(); ++slot) {
      data->pod_counts_by_id[i].push_back(domain_by_slot[i][slot] == nullptr ? 0 : *domain_by_slot[i][slot]);
    }
  }
  state.write(score_state_key(), std::move(data));
  return Status();
}

ScoreResult PodTopologySpreadPlugin::score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  const auto* data = state.read<PodTopologySpreadScoreState>(score_state_key());
  if (data == nullptr) return ScoreResult{0, missing_score_state()};
  if (!data->ignored_nodes.empty() && data->ignored_nodes.contains(node.name())) return ScoreResult{};
  const StringMap& labels = node.node().metadata.labels;
  const bool by_id = data->columns.size() == data->constraints.size();
  double score = 0;
  for (size_t i = 0; i < data->constraints.size(); ++i) {
    const SpreadConstraint& constraint = data->constraints[i];
    const int32_t id = by_id ? data->columns[i]->id_of(node) : LabelColumn::kUnknown;
    if (id == LabelColumn::kAbsent) continue;
    const std::string* value = id == LabelColumn::kUnknown ? labels.find(constraint.topology_key) : nullptr;
    if (id == LabelColumn::kUnknown && value == nullptr) continue;
    int64_t count = 0;
    if (constraint.topology_key == kHostnameLabel) {
      const size_t position = node.position();
      const auto& matching = *data->matching_per_node[i];
      count = position < matching.size() ? matching[position]
                                         : count_spread_matching_pods(node.pods(), constraint.selector,
                                                                      pod.pod().metadata.namespace_);
    } else if (id >= 0) {
      count = data->pod_counts_by_id[i][static_cast<size_t>(id)];
    } else {
      const auto& counts = data->topology_value_to_pod_counts[i];
      auto found = counts.find(*value);
      if (found != counts.end()) count = found->second;
    }
    // maxSkew - 1 waters the differences between domains down.
    score += static_cast<double>(count) * data->topology_normalizing_weight[i] +
             static_cast<double>(constraint.max_skew - 1);
  }
  return ScoreResult{static_cast<int64_t>(std::round(score)), Status()};
}

Status PodTopologySpreadPlugin::normalize_score(const CycleState& state, const PodInfo&, NodeScoreList& scores) const {
  const auto* data = state.read<PodTopologySpreadScoreState>(score_state_key());
  if (data == nullptr) return missing_score_state();
  int64_t min_score = std::numeric_limits<int64_t>::max();
  int64_t max_score = 0;
  // By position when the list is PreScore's nodes in order, as the score runner gives it.
  const bool by_position = scores.size() == data->ignored_in_order.size();
  for (size_t k = 0; k < scores.size(); ++k) {
    auto& entry = scores[k];
    if (by_position ? data->ignored_in_order[k] : data->ignored_nodes.contains(entry.name)) {
      entry.score = kInvalidScore;
      continue;
    }
    if (entry.score < min_score) min_score = entry.score;
    if (entry.score > max_score) max_score = entry.score;
  }
  for (auto& entry : scores) {
    if (entry.score == kInvalidScore) {
      entry.score = 0;
      continue;
    }
    if (max_score == 0) {
      entry.score = kMaxNodeScore;
      continue;
    }
    entry.score = kMaxNodeScore * (max_score + min_score - entry.score) / max_score;
  }
  return Status();
}

std::optional<std::string> PodTopologySpreadPlugin::score_caveat(const Pod& pod) const {
  if (!pod.spec.topology_spread_constraints.empty() || default_selector_ || !system_defaulted_) return std::nullopt;
  // Services and controllers select pods by label: a pod without labels is selected by none.
  if (pod.metadata.labels.empty()) return std::nullopt;
  return std::string(
      "the pod has no topologySpreadConstraints: kube-scheduler spreads it with the default constraints "
      "(hostname maxSkew 3, zone maxSkew 5) over the pods of the Services, ReplicationControllers, ReplicaSets "
      "and StatefulSets that select it, which podfit does not read; podfit scores it as if none selected it");
}

}  // namespace podfit
