#include "podfit/plugins/pod_topology_spread/pod_topology_spread.h"

#include <algorithm>
#include <limits>
#include <utility>

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/model/pod_resources.h"
#include "podfit/model/tolerations.h"
#include "podfit/snapshot/snapshot.h"
#include "podfit/util/string_hash.h"

namespace podfit {
namespace {

constexpr std::string_view kDoNotSchedule = "DoNotSchedule";
constexpr std::string_view kHonor = "Honor";
// Below this many nodes, starting worker threads costs more than counting.
constexpr size_t kParallelCountingThreshold = 64;

const std::string& state_key() {
  static const std::string key(kPodTopologySpreadPreFilterStateKey);
  return key;
}

Status missing_state() {
  return Status::error(fmt::format("reading \"{}\" from cycleState: not found", kPodTopologySpreadPreFilterStateKey));
}

// Whether the pod counts toward its own constraint's domains (1) or not (0).
int own_match(const SpreadConstraint& constraint, const Pod& pod) {
  return constraint.selector.matches(pod.metadata.labels) ? 1 : 0;
}

// nodeLabelsMatchSpreadConstraints: the node carries every constraint's topology key.
bool has_all_topology_keys(const StringMap& labels, const std::vector<SpreadConstraint>& constraints) {
  for (const auto& constraint : constraints) {
    if (!labels.contains(constraint.topology_key)) return false;
  }
  return true;
}

// countPodsMatchSelector: a selector that matches nothing (an absent labelSelector) counts
// nothing, an empty one ({}) counts every pod (kubernetes#141340); terminating pods and pods of
// other namespaces never count.
// countPodsMatchSelector's test of one pod.
bool counts_as_matching(const Pod& pod, const Selector& selector, const std::string& ns) {
  return !selector.is_nothing() && pod.metadata.deletion_timestamp.empty() && pod.metadata.namespace_ == ns &&
         selector.matches(pod.metadata.labels);
}

int count_matching_pods(const std::vector<const PodInfo*>& pods, const Selector& selector, const std::string& ns) {
  if (selector.is_nothing()) return 0;
  int count = 0;
  for (const PodInfo* info : pods) count += counts_as_matching(info->pod(), selector, ns) ? 1 : 0;
  return count;
}

// mergeLabelSetWithSelector: key=value for each matchLabelKeys entry the pod has, ANDed with the
// selector's own requirements; a selector that matches nothing stays so.
Selector merge_label_set(const StringMap& match_labels, const Selector& selector) {
  if (selector.is_nothing()) return selector;
  Selector merged = Selector::from_set(match_labels);
  for (const auto& requirement : selector.requirements()) merged.add(requirement);
  return merged;
}

std::string plural_pods(int count) { return fmt::format("{} matching pod{}", count, count == 1 ? "" : "s"); }

// "constraint zone (maxSkew 1)", naming minDomains when the pod set it above the default.
std::string constraint_title(const SpreadConstraint& constraint) {
  if (constraint.min_domains != 1) {
    return fmt::format("constraint {} (maxSkew {}, minDomains {})", constraint.topology_key, constraint.max_skew,
                       constraint.min_domains);
  }
  return fmt::format("constraint {} (maxSkew {})", constraint.topology_key, constraint.max_skew);
}

// Why the node's domain would be too crowded: its count after placement against the global minimum.
std::string skew_detail(const SpreadConstraint& constraint, const std::string& value, int match_num, int self_match,
                        int min_match_num, int domains) {
  std::string crowd =
      self_match == 1
          ? fmt::format("placing here makes {}={} hold {}", constraint.topology_key, value,
                        plural_pods(match_num + self_match))
          : fmt::format("{}={} already holds {} (this pod does not match the selector)", constraint.topology_key,
                        value, plural_pods(match_num));
  std::string minimum =
      domains < constraint.min_domains
          ? fmt::format("only {} eligible domain{} exist{}, fewer than minDomains {}, so the global minimum is 0",
                        domains, domains == 1 ? "" : "s", domains == 1 ? "s" : "", constraint.min_domains)
          : fmt::format("the least loaded eligible domain holds {}", min_match_num);
  return fmt::format("{}: {} while {} (skew {} > {})", constraint_title(constraint), crowd, minimum,
                     match_num + self_match - min_match_num, constraint.max_skew);
}

// One node's contribution to one constraint's domain: its value's id in the constraint's column
// (kUnknown: a value the column lacks, named by topology_value alone).
struct DomainCount {
  const std::string* topology_value;  // nullptr: the node does not count toward the constraint
  int32_t id;
  int count;
};

// One constraint's domains in the order the nodes first name them, with their matching pods.
struct DomainTally {
  std::vector<std::pair<const std::string*, int>> domains;
  std::vector<int32_t> slot_by_id;               // -1 until the value's domain is met
  StringHashMap<size_t> slot_by_unknown_value;   // values the column lacks
  void add(const DomainCount& entry) {
    size_t slot;
    if (entry.id >= 0) {
      int32_t& known = slot_by_id[static_cast<size_t>(entry.id)];
      if (known < 0) {
        known = static_cast<int32_t>(domains.size());
        domains.emplace_back(entry.topology_value, 0);
      }
      slot = static_cast<size_t>(known);
    } else {
      auto [it, added] = slot_by_unknown_value.try_emplace(*entry.topology_value, domains.size());
      if (added) domains.emplace_back(entry.topology_value, 0);
      slot = it->second;
    }
    domains[slot].second += entry.count;
  }
};

}  // namespace

PodTopologySpreadPlugin::PodTopologySpreadPlugin(const PodTopologySpreadArgs& args, const FeatureGates& gates,
                                                 SpreadDefaultSelector default_selector)
    : default_constraints_(args.defaulting_type == SpreadDefaultingType::System ? system_default_spread_constraints()
                                                                                 : args.default_constraints),
      default_selector_(std::move(default_selector)),
      system_defaulted_(args.defaulting_type == SpreadDefaultingType::System),
      node_inclusion_policy_(gates.node_inclusion_policy_in_pod_topology_spread),
      match_label_keys_(gates.match_label_keys_in_pod_topology_spread),
      comparison_operators_(gates.taint_toleration_comparison_operators),
      skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption) {}

std::string_view PodTopologySpreadPlugin::name() const { return names::kPodTopologySpread; }

std::optional<std::vector<SpreadConstraint>> PodTopologySpreadPlugin::compile(
    const std::vector<TopologySpreadConstraint>& constraints, const StringMap& pod_labels, std::string* error,
    std::string_view action) const {
  std::vector<SpreadConstraint> result;
  for (const auto& constraint : constraints) {
    if (constraint.when_unsatisfiable != action) continue;
    auto selector = Selector::from_label_selector(constraint.label_selector, error);
    if (!selector) return std::nullopt;
    if (match_label_keys_ && !constraint.match_label_keys.empty()) {
      StringMap match_labels;
      for (const auto& key : constraint.match_label_keys) {
        if (const std::string* value = pod_labels.find(key)) match_labels.set(key, *value);
      }
      if (!match_labels.empty()) selector = merge_label_set(match_labels, *selector);
    }
    SpreadConstraint compiled;
    compiled.max_skew = constraint.max_skew;
    compiled.topology_key = constraint.topology_key;
    compiled.selector = std::move(*selector);
    compiled.min_domains = constraint.min_domains.value_or(1);
    // With the gate off the policies keep their defaults whatever the pod says.
    if (node_inclusion_policy_) {
      if (constraint.node_affinity_policy) compiled.honor_node_affinity = *constraint.node_affinity_policy == kHonor;
      if (constraint.node_taints_policy) compiled.honor_node_taints = *constraint.node_taints_policy == kHonor;
    }
    result.push_back(std::move(compiled));
  }
  return result;
}

std::optional<std::vector<SpreadConstraint>> PodTopologySpreadPlugin::hard_constraints(const Pod& pod,
                                                                                      std::string* error) const {
  std::string message;
  if (!pod.spec.topology_spread_constraints.empty()) {
    auto constraints = compile(pod.spec.topology_spread_constraints, pod.metadata.labels, &message);
    if (!constraints && error) *error = "obtaining pod's hard topology spread constraints: " + message;
    return constraints;
  }
  auto constraints = compile(default_constraints_, pod.metadata.labels, &message);
  if (!constraints) {
    if (error) *error = "setting default hard topology spread constraints: " + message;
    return std::nullopt;
  }
  if (constraints->empty()) return constraints;
  const Selector selector = default_selector_ ? default_selector_(pod) : Selector::everything();
  if (selector.empty()) return std::vector<SpreadConstraint>{};
  for (auto& constraint : *constraints) constraint.selector = selector;
  return constraints;
}

bool PodTopologySpreadPlugin::node_counts_for(const SpreadConstraint& constraint, const Pod& pod, const Node& node,
                                              const RequiredNodeAffinity& affinity) const {
  // Parse errors of the pod's required terms are ignored, as kube-scheduler does here.
  if (constraint.honor_node_affinity && !affinity.match(node)) return false;
  if (constraint.honor_node_taints &&
      find_matching_untolerated_taint(node.spec.taints, pod.spec.tolerations, is_do_not_schedule_taint,
                                      comparison_operators_)) {
    return false;
  }
  return true;
}

std::shared_ptr<const std::vector<int>> PodTopologySpreadPlugin::matching_pods_per_node(const Snapshot& snapshot,
                                                                                       const Selector& selector,
                                                                                       const std::string& ns) const {
  const bool from_built = snapshot.pod_changes_replayable();
  // A changed pod's count on its node: what it adds (sign 1) to the counts as built, or takes
  // away (sign -1) from the counts now.
  auto replay = [&](std::vector<int>& per_node, int sign) {
    for (const PodChange& change : snapshot.pod_changes()) {
      const size_t position = snapshot.node_position(change.pod->pod().spec.node_name);
      if (position == per_node.size()) continue;
      if (counts_as_matching(change.pod->pod(), selector, ns)) per_node[position] += sign * change.delta;
    }
  };
  std::lock_guard<std::mutex> lock(match_counts_mutex_);
  MatchCounts& cache = from_built ? built_match_counts_ : match_counts_;
  const uint64_t generation = from_built ? snapshot.layout_generation() : snapshot.generation();
  if (cache.snapshot != &snapshot || cache.generation != generation) cache = MatchCounts{&snapshot, generation, {}};
  std::string key = ns;
  key += '\0';
  key += selector.is_nothing() ? "\x01" : selector.empty() ? "\x02" : selector.to_string();
  auto& counts = cache.by_selector[key];
  if (!counts) {
    const auto& nodes = snapshot.nodes();
    auto per_node = std::make_shared<std::vector<int>>(nodes.size(), 0);
    auto count_node = [&](size_t i) { (*per_node)[i] = count_matching_pods(nodes[i]->pods(), selector, ns); };
    if (nodes.size() >= kParallelCountingThreshold) {
      parallelizer_.until(nodes.size(), count_node);
    } else {
      for (size_t i = 0; i < nodes.size(); ++i) count_node(i);
    }
    if (from_built) replay(*per_node, -1);
    counts = std::move(per_node);
  }
  if (!from_built || snapshot.pod_changes().empty()) return counts;
  auto now = std::make_shared<std::vector<int>>(*counts);
  replay(*now, 1);
  return now;
}

Status PodTopologySpreadPlugin::pre_filter(CycleState& state, const PodInfo& pod_info, const Snapshot& snapshot,
                                           PreFilterResult& result) const {
  result = PreFilterResult{};
  const Pod& pod = pod_info.pod();
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod)) return Status(Code::Skip);
  std::string error;
  auto constraints = hard_constraints(pod, &error);
  if (!constraints) return Status::error("get constraints from pod: " + error);
  if (constraints->empty()) return Status(Code::Skip);

  auto data = std::make_unique<PodTopologySpreadState>();
  data->constraints = std::make_shared<const std::vector<SpreadConstraint>>(std::move(*constraints));
  const auto& compiled = *data->constraints;
  data->tp_value_to_match_num.resize(compiled.size());
  data->critical_paths.assign(compiled.size(), {SpreadCriticalPath{"", kSpreadNoMatchNum},
                                                SpreadCriticalPath{"", kSpreadNoMatchNum}});

  const auto& nodes = snapshot.nodes();
  const RequiredNodeAffinity affinity(pod);
  std::vector<std::shared_ptr<const std::vector<int>>> matching(compiled.size());
  for (size_t i = 0; i < compiled.size(); ++i) {
    matching[i] = matching_pods_per_node(snapshot, compiled[i].selector, pod.metadata.namespace_);
    data->columns.push_back(&snapshot.label_column(compiled[i].topology_key));
  }
  const auto& columns = data->columns;
  // One slot per node and constraint, filled in place: no allocation per node.
  const size_t width = compiled.size();
  std::vector<DomainCount> per_node(nodes.size() * width, DomainCount{nullptr, LabelColumn::kAbsent, 0});
  auto count_node = [&](size_t index) {
    const NodeInfo& info = *nodes[index];
    const Node& node = info.node();
    if (!node_inclusion_policy_ && !affinity.match(node)) return;
    if (lacks_spread_topology_key(columns, info)) return;
    for (size_t i = 0; i < width; ++i) {
      const SpreadConstraint& constraint = compiled[i];
      if (node_inclusion_policy_ && !node_counts_for(constraint, pod, node, affinity)) continue;
      const int32_t id = columns[i]->id_of(info);
      const std::string* value = id >= 0 ? columns[i]->values[static_cast<size_t>(id)]
                                         : node.metadata.labels.find(constraint.topology_key);
      per_node[index * width + i] = DomainCount{value, id, (*matching[i])[index]};
    }
  };
  if (nodes.size() >= kParallelCountingThreshold) {
    parallelizer_.until(nodes.size(), count_node);
  } else {
    for (size_t i = 0; i < nodes.size(); ++i) count_node(i);
  }

  // Each constraint's map gets its domains in the order the nodes first name them.
  std::vector<DomainTally> tallies(width);
  for (size_t i = 0; i < width; ++i) tallies[i].slot_by_id.assign(columns[i]->values.size(), -1);
  for (size_t index = 0; index < per_node.size(); ++index) {
    if (per_node[index].topology_value != nullptr) tallies[index % width].add(per_node[index]);
  }
  data->match_num_by_id.resize(width);
  for (size_t i = 0; i < width; ++i) {
    for (const auto& [value, count] : tallies[i].domains) data->tp_value_to_match_num[i].emplace(*value, count);
    for (const int32_t slot : tallies[i].slot_by_id) {
      data->match_num_by_id[i].push_back(slot < 0 ? 0 : tallies[i].domains[static_cast<size_t>(slot)].second);
    }
    for (const auto& [value, count] : data->tp_value_to_match_num[i]) {
      update_critical_paths(data->critical_paths[i], value, count);
    }
  }
  state.write(state_key(), std::move(data));
  return {};
}

Status PodTopologySpreadPlugin::filter(const CycleState& state, const PodInfo& pod_info,
                                       const NodeInfo& node_info) const {
  const Pod& pod = pod_info.pod();
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod)) return {};
  const auto* data = state.read<PodTopologySpreadState>(state_key());
  if (data == nullptr) return missing_state();
  if (!data->constraints || data->constraints->empty()) return {};

  const StringMap& labels = node_info.node().metadata.labels;
  Status status;
  // kube-scheduler stops at the first failing constraint: it alone sets the code and reason.
  // The remaining constraints are looked at only for their details.
  auto reject = [&](Code code, std::string_view reason, auto&& detail) {
    if (status.is_success()) status = Status(code, std::string(reason));
    if (state.explains()) status.with_detail(detail());
    return !state.explains();
  };
  const auto& constraints = *data->constraints;
  const bool by_id = data->columns.size() == constraints.size();
  for (size_t i = 0; i < constraints.size(); ++i) {
    const SpreadConstraint& constraint = constraints[i];
    const int32_t id = by_id ? data->columns[i]->id_of(node_info) : LabelColumn::kUnknown;
    const std::string* value = id == LabelColumn::kUnknown ? labels.find(constraint.topology_key) : nullptr;
    if (id == LabelColumn::kAbsent || (id == LabelColumn::kUnknown && value == nullptr)) {
      if (reject(Code::UnschedulableAndUnresolvable, kPodTopologySpreadReasonNodeLabelNotMatch, [&] {
            return fmt::format("node has no label {} (constraint topologyKey)", constraint.topology_key);
          })) {
        return status;
      }
      continue;
    }
    const int min_match_num = data->min_match_num(i);
    const int self_match = own_match(constraint, pod);
    const auto& domains = data->tp_value_to_match_num[i];
    int match_num = 0;
    if (id >= 0) {
      match_num = data->match_num_by_id[i][static_cast<size_t>(id)];
    } else if (const auto found = domains.find(*value); found != domains.end()) {
      match_num = found->second;
    }
    if (match_num + self_match - min_match_num > constraint.max_skew) {
      if (reject(Code::Unschedulable, kPodTopologySpreadReasonConstraintsNotMatch, [&] {
            return skew_detail(constraint, *labels.find(constraint.topology_key), match_num, self_match,
                               min_match_num, static_cast<int>(domains.size()));
          })) {
        return status;
      }
    }
  }
  return status;
}

void PodTopologySpreadPlugin::update_with_pod(PodTopologySpreadState& state, const Pod& updated,
                                              const Pod& pod_to_schedule, const Node& node, int delta) const {
  if (updated.metadata.namespace_ != pod_to_schedule.metadata.namespace_) return;
  const auto& constraints = *state.constraints;
  if (!has_all_topology_keys(node.metadata.labels, constraints)) return;
  const RequiredNodeAffinity affinity(pod_to_schedule);
  if (!node_inclusion_policy_ && !affinity.match(node)) return;
  for (size_t i = 0; i < constraints.size(); ++i) {
    const SpreadConstraint& constraint = constraints[i];
    if (!constraint.selector.matches(updated.metadata.labels)) continue;
    if (node_inclusion_policy_ && !node_counts_for(constraint, pod_to_schedule, node, affinity)) continue;
    state.add_to_domain(i, *node.metadata.labels.find(constraint.topology_key), delta);
  }
}

Status PodTopologySpreadPlugin::add_pod(CycleState& state, const Pod& pod_to_schedule, const PodInfo& added,
                                        const NodeInfo& node) const {
  auto* data = state.read_mutable<PodTopologySpreadState>(state_key());
  if (data == nullptr) return missing_state();
  if (data->constraints) update_with_pod(*data, added.pod(), pod_to_schedule, node.node(), 1);
  return {};
}

Status PodTopologySpreadPlugin::remove_pod(CycleState& state, const Pod& pod_to_schedule, const PodInfo& removed,
                                           const NodeInfo& node) const {
  auto* data = state.read_mutable<PodTopologySpreadState>(state_key());
  if (data == nullptr) return missing_state();
  if (data->constraints) update_with_pod(*data, removed.pod(), pod_to_schedule, node.node(), -1);
  return {};
}

int count_spread_matching_pods(const std::vector<const PodInfo*>& pods, const Selector& selector,
                               const std::string& ns) {
  return count_matching_pods(pods, selector, ns);
}

bool lacks_spread_topology_key(const std::vector<const LabelColumn*>& columns, const NodeInfo& node) {
  for (const LabelColumn* column : columns) {
    if (column->id_of(node) == LabelColumn::kAbsent) return true;
  }
  return false;
}

std::unique_ptr<Plugin> new_pod_topology_spread(const PluginContext& context) {
  return std::make_unique<PodTopologySpreadPlugin>(PodTopologySpreadArgs{}, context.gates);
}

// Which domains the added pod can close to the pod.
AddedPodReach PodTopologySpreadPlugin::reach_of_added_pod(const CycleState& state, const PodInfo& pod, const PodInfo& added,
                                                          bool skipped) const {
  // Skip: the pod has no DoNotSchedule constraint, which only its spec and the configuration decide.
  if (skipped) return AddedPodReach::nowhere();
  const auto* data = state.read<PodTopologySpreadState>(state_key());
  if (data == nullptr || !data->constraints) return AddedPodReach::any_node();
  // A matching pod raises its domain's count, and no other domain's; the minimum can only rise,
  // which lowers every other domain's skew.
  AddedPodReach reach;
  for (const SpreadConstraint& constraint : *data->constraints) {
    if (added.pod().metadata.namespace_ == pod.pod().metadata.namespace_ &&
        constraint.selector.matches(added.pod().metadata.labels)) {
      reach.add({false, false, {constraint.topology_key}});
    }
  }
  return reach;
}

int64_t PodTopologySpreadPlugin::domain_tolerance(const CycleState& state, const PodInfo& pod, const std::string& key,
                                                  const NodeInfo& node) const {
  const auto* data = state.read<PodTopologySpreadState>(state_key());
  if (data == nullptr || !data->constraints) return 0;
  const std::string* value = node.node().metadata.labels.find(key);
  if (value == nullptr) return 0;
  int64_t tolerance = std::numeric_limits<int64_t>::max();
  const auto& constraints = *data->constraints;
  for (size_t i = 0; i < constraints.size(); ++i) {
    const SpreadConstraint& constraint = constraints[i];
    if (constraint.topology_key != key) continue;
    const auto& domains = data->tp_value_to_match_num[i];
    const auto found = domains.find(*value);
    const int64_t count = found == domains.end() ? 0 : found->second;
    const int64_t self_match = own_match(constraint, pod.pod());
    // The eligible domains are fixed by the nodes, so below minDomains the minimum stays 0.
    int64_t others = std::numeric_limits<int64_t>::max();
    if (static_cast<int64_t>(domains.size()) < constraint.min_domains) {
      others = 0;
    } else {
      for (const auto& [other, other_count] : domains) {
        if (other != *value) others = std::min<int64_t>(others, other_count);
      }
      if (others == std::numeric_limits<int64_t>::max()) continue;  // the only domain is always the minimum
    }
    tolerance = std::min(tolerance, std::max<int64_t>(0, constraint.max_skew - self_match + others - count));
  }
  return tolerance;
}

std::vector<std::string> PodTopologySpreadPlugin::domains_one_stays_open(const CycleState& state, const PodInfo& pod,
                                                                         const std::string& key) const {
  const auto* data = state.read<PodTopologySpreadState>(state_key());
  if (data == nullptr || !data->constraints || data->constraints->size() != 1) return {};
  const SpreadConstraint& constraint = data->constraints->front();
  const auto& domains = data->tp_value_to_match_num.front();
  const int self_match = own_match(constraint, pod.pod());
  // Below minDomains the minimum is 0 whatever the counts, and no domain need pass.
  if (constraint.topology_key != key || constraint.max_skew < self_match ||
      static_cast<int64_t>(domains.size()) < constraint.min_domains) {
    return {};
  }
  std::vector<std::string> out;
  for (const auto& [value, count] : domains) out.push_back(value);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace podfit
