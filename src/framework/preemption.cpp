#include "podfit/framework/preemption.h"
#include "podfit/plugins/dynamic_resources/dynamic_resources.h"

#include <algorithm>
#include <climits>

#include "podfit/framework/fit_error.h"
#include "podfit/framework/names.h"
#include "podfit/model/labels.h"
#include "podfit/model/priority.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

// GetPodStartTime: a pod the kubelet has not started yet counts as starting now, after all others.
// RFC 3339 times in UTC compare as strings.
std::string start_time_key(const Pod& pod) {
  return pod.status.start_time.empty() ? std::string("\x7f") : pod.status.start_time;
}

// The victim list ordered from the most important down; equal pods keep their node order.
void sort_by_importance(std::vector<const PodInfo*>& pods) {
  std::stable_sort(pods.begin(), pods.end(),
                   [](const PodInfo* a, const PodInfo* b) { return more_important_pod(a->pod(), b->pod()); });
}

// podTerminatingByPreemption: being deleted after the scheduler preempted it.
bool terminating_by_preemption(const Pod& pod) {
  if (pod.metadata.deletion_timestamp.empty()) return false;
  for (const PodCondition& condition : pod.status.conditions) {
    if (condition.type == "DisruptionTarget") {
      return condition.status == "True" && condition.reason == "PreemptionByScheduler";
    }
  }
  return false;
}

// The filter status preemption reads for a node (NodeToStatus.Get): its first failure, or, for a
// node podfit did not list, the status every absent node has.
Code node_status_code(const FilterOutcome& outcome, const Snapshot& snapshot, const std::string& name) {
  const auto& nodes = snapshot.nodes();
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i]->name() == name) {
      return outcome.node_failures[i].empty() ? Code::Success : outcome.node_failures[i].front().code();
    }
  }
  return outcome.pre_filter_status.is_success() ? Code::UnschedulableAndUnresolvable : outcome.pre_filter_status.code();
}

// PodEligibleToPreemptOthers: the reason the pod may not preempt, or empty.
std::string_view ineligibility(const PodInfo& pod, const Snapshot& snapshot, const FilterOutcome& outcome) {
  const Pod& p = pod.pod();
  if (p.spec.preemption_policy && *p.spec.preemption_policy == "Never") return kNotEligibleNever;
  const std::string& nominated = p.status.nominated_node_name;
  if (nominated.empty()) return {};
  // A nominated node the filters reject outright is worth preempting on again.
  if (node_status_code(outcome, snapshot, nominated) == Code::UnschedulableAndUnresolvable) return {};
  if (const NodeInfo* node = snapshot.find_node(nominated)) {
    for (const PodInfo* other : node->pods()) {
      if (pod_priority(other->pod()) < pod_priority(p) && terminating_by_preemption(other->pod())) {
        return kNotEligibleTerminating;
      }
    }
  }
  return {};
}

// Whether DynamicResources' PreFilter ran (and so wrote the state its PostFilter reads): every
// PreFilter runs unless one rejected the pod as UnschedulableAndUnresolvable or narrowed the
// nodes to none, which stops the plugins after it.
bool dynamic_resources_pre_filter_ran(const FilterOutcome& outcome, const std::vector<std::string>& pre_filter) {
  auto index_of = [&](std::string_view name) -> std::ptrdiff_t {
    auto it = std::find(pre_filter.begin(), pre_filter.end(), name);
    return it == pre_filter.end() ? -1 : it - pre_filter.begin();
  };
  const std::ptrdiff_t dra = index_of(names::kDynamicResources);
  if (dra < 0) return false;
  const Status& rejected = outcome.pre_filter_status;
  if (rejected.is_success() || rejected.code() == Code::Unschedulable) return true;
  std::ptrdiff_t stopped_at = -1;
  if (!rejected.plugin().empty()) {
    stopped_at = index_of(rejected.plugin());
  } else {
    // The framework's own "didn't satisfy plugin(s) ..." comes after the last plugin that narrowed.
    for (const auto& name : outcome.unschedulable_plugins) stopped_at = std::max(stopped_at, index_of(name));
  }
  return dra <= stopped_at;
}

// utilerrors.NewAggregate(errs).Error(): each message once, bracketed when more than one is left.
std::string aggregate(const std::vector<std::string>& errors) {
  if (errors.size() == 1) return errors.front();
  std::vector<std::string> seen;
  for (const std::string& e : errors) {
    if (std::find(seen.begin(), seen.end(), e) == seen.end()) seen.push_back(e);
  }
  if (seen.size() == 1) return seen.front();
  std::string out = "[";
  for (size_t i = 0; i < seen.size(); ++i) out += (i ? ", " : "") + seen[i];
  return out + "]";
}

}  // namespace

bool more_important_pod(const Pod& a, const Pod& b) {
  const int32_t pa = pod_priority(a);
  const int32_t pb = pod_priority(b);
  if (pa != pb) return pa > pb;
  return start_time_key(a) < start_time_key(b);
}

void split_by_pdb_violation(const std::vector<const PodInfo*>& pods, const std::vector<PodDisruptionBudget>& pdbs,
                            std::vector<const PodInfo*>& violating, std::vector<const PodInfo*>& non_violating) {
  std::vector<int64_t> allowed;
  std::vector<std::optional<Selector>> selectors;
  for (const PodDisruptionBudget& pdb : pdbs) {
    allowed.push_back(pdb.disruptions_allowed);
    // An invalid selector matches nothing; so does a nil or empty one.
    std::optional<Selector> selector;
    const bool empty = !pdb.selector || (pdb.selector->match_labels.empty() && pdb.selector->match_expressions.empty());
    if (!empty) selector = Selector::from_label_selector(pdb.selector);
    selectors.push_back(std::move(selector));
  }
  for (const PodInfo* info : pods) {
    const Pod& pod = info->pod();
    bool violates = false;
    if (!pod.metadata.labels.empty()) {
      for (size_t i = 0; i < pdbs.size(); ++i) {
        if (pdbs[i].metadata.namespace_ != pod.metadata.namespace_) continue;
        if (!selectors[i] || !selectors[i]->matches(pod.metadata.labels)) continue;
        // Already being evicted through the API: counted there, not again here.
        if (pdbs[i].disrupted_pods.contains(pod.metadata.name)) continue;
        if (--allowed[i] < 0) {
          violates = true;
          break;
        }
      }
    }
    (violates ? violating : non_violating).push_back(info);
  }
}

VictimSelection select_victims_on_node(const Framework& framework, const CycleState& state, const PodInfo& pod,
                                       const NodeInfo& node, const std::set<std::string>& skipped_plugins,
                                       const std::vector<PodDisruptionBudget>& pdbs,
                                       const std::vector<const PodInfo*>& nominated) {
  VictimSelection out;
  NodeInfo copy = node;
  CycleState cycle = state.clone();
  const int32_t priority = pod_priority(pod.pod());
  std::vector<const PodInfo*> potential;
  for (const PodInfo* other : copy.pods()) {
    if (pod_priority(other->pod()) < priority) potential.push_back(other);
  }
  if (potential.empty()) {
    out.status = Status(Code::UnschedulableAndUnresolvable, std::string(kNoPreemptionVictims));
    return out;
  }
  auto remove = [&](const PodInfo* victim) {
    copy.remove_pod(victim);
    return framework.run_pre_filter_extension_remove_pod(cycle, pod, *victim, copy, skipped_plugins);
  };
  auto add = [&](const PodInfo* victim) {
    copy.add_pod(victim);
    return framework.run_pre_filter_extension_add_pod(cycle, pod, *victim, copy, skipped_plugins);
  };
  for (const PodInfo* victim : potential) {
    if (Status status = remove(victim); !status.is_success()) {
      out.status = Status::error(status.message());
      return out;
    }
  }
  // Without every lower-priority pod the pod must fit, or this node cannot help (affinity to the
  // victims themselves is deliberately not considered).
  // RunFilterPluginsWithNominatedPods, as everywhere a node is filtered.
  auto filter = [&]() -> Status {
    std::vector<Status> failures = framework.filter_with_nominated_pods(cycle, pod, copy, nominated, skipped_plugins, false);
    return failures.empty() ? Status() : std::move(failures.front());
  };
  if (Status status = filter(); !status.is_success()) {
    out.status = std::move(status);
    return out;
  }
  sort_by_importance(potential);
  std::vector<const PodInfo*> violating, non_violating;
  split_by_pdb_violation(potential, pdbs, violating, non_violating);
  std::optional<Status> failure;
  auto reprieve = [&](const PodInfo* victim) -> bool {
    if (Status status = add(victim); !status.is_success()) {
      failure = Status::error(status.message());
      return false;
    }
    if (filter().is_success()) return true;
    if (Status status = remove(victim); !status.is_success()) failure = Status::error(status.message());
    out.victims.push_back(victim);
    return false;
  };
  for (const PodInfo* victim : violating) {
    if (!reprieve(victim)) ++out.pdb_violations;
    if (failure) break;
  }
  for (const PodInfo* victim : non_violating) {
    if (failure) break;
    reprieve(victim);
  }
  if (failure) {
    out = VictimSelection{*failure, {}, 0};
    return out;
  }
  if (!violating.empty() && !non_violating.empty()) sort_by_importance(out.victims);
  return out;
}

size_t pick_one_node_for_preemption(const std::vector<PreemptionCandidate>& candidates, bool* tie) {
  if (tie != nullptr) *tie = false;
  if (candidates.empty()) return 0;
  std::vector<size_t> remaining(candidates.size());
  for (size_t i = 0; i < remaining.size(); ++i) remaining[i] = i;
  // Keeps the candidates with the highest key; true when one is left.
  auto keep_best = [&](auto key) {
    auto best = key(candidates[remaining.front()]);
    std::vector<size_t> kept;
    for (size_t i : remaining) {
      auto k = key(candidates[i]);
      if (k > best) {
        best = k;
        kept.clear();
      }
      if (k == best) kept.push_back(i);
    }
    remaining = std::move(kept);
    return remaining.size() == 1;
  };
  auto highest_priority = [](const PreemptionCandidate& c) { return pod_priority(c.victims.front()->pod()); };
  if (keep_best([](const PreemptionCandidate& c) { return -static_cast<int64_t>(c.pdb_violations); })) return remaining[0];
  if (keep_best([&](const PreemptionCandidate& c) { return -static_cast<int64_t>(highest_priority(c)); })) return remaining[0];
  if (keep_best([](const PreemptionCandidate& c) {
        int64_t sum = 0;
        for (const PodInfo* v : c.victims) sum += static_cast<int64_t>(pod_priority(v->pod())) + (int64_t{INT32_MAX} + 1);
        return -sum;
      })) {
    return remaining[0];
  }
  if (keep_best([](const PreemptionCandidate& c) { return -static_cast<int64_t>(c.victims.size()); })) return remaining[0];
  // GetEarliestPodStartTime over the most important victims: the later, the better.
  if (keep_best([](const PreemptionCandidate& c) {
        int32_t top = pod_priority(c.victims.front()->pod());
        std::string earliest = start_time_key(c.victims.front()->pod());
        for (const PodInfo* v : c.victims) {
          const int32_t p = pod_priority(v->pod());
          const std::string t = start_time_key(v->pod());
          if (p == top && t < earliest) earliest = t;
          if (p > top) {
            top = p;
            earliest = t;
          }
        }
        return earliest;
      })) {
    return remaining[0];
  }
  if (tie != nullptr) *tie = true;
  return remaining.front();
}

namespace {

// DefaultPreemption.PostFilter: Evaluator.Preempt, its message prefixed with "preemption: ".
Status default_preemption(const Framework& framework, const Snapshot& snapshot, const PodInfo& pod,
                          const CycleState& state, const FilterOutcome& outcome, const PostFilterInput& input,
                          PostFilterOutcome& out) {
  auto prefixed = [](Code code, const std::string& message) {
    return message.empty() ? Status(code) : Status(code, "preemption: " + message);
  };
  if (std::string_view why = ineligibility(pod, snapshot, outcome); !why.empty()) {
    return prefixed(Code::Unschedulable, std::string(why));
  }
  const auto& nodes = snapshot.nodes();
  if (nodes.empty()) return prefixed(Code::Error, "no nodes available");
  out.preemption_ran = true;
  out.nodes.assign(nodes.size(), NodePreemption{});
  static const std::vector<PodDisruptionBudget> kNoBudgets;
  const auto& pdbs = input.pdbs != nullptr ? *input.pdbs : kNoBudgets;
  std::vector<PreemptionCandidate> non_violating, violating;
  FitDiagnosis diagnosis;
  diagnosis.absent_nodes_status = Status(Code::UnschedulableAndUnresolvable, std::string(kPreemptionNotHelpful));
  std::vector<std::string> errors;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const auto& failures = outcome.node_failures[i];
    // Only nodes a Filter found Unschedulable may be helped by removing pods.
    if (failures.empty() || failures.front().code() != Code::Unschedulable) {
      out.nodes[i].status = diagnosis.absent_nodes_status;
      continue;
    }
    VictimSelection selection =
        select_victims_on_node(framework, state, pod, *nodes[i], outcome.skipped_plugins, pdbs, snapshot.nominated_pods(i));
    if (selection.status.is_success() && !selection.victims.empty()) {
      out.nodes[i] = NodePreemption{Status(), selection.victims, selection.pdb_violations};
      PreemptionCandidate candidate{i, std::move(selection.victims), selection.pdb_violations};
      (candidate.pdb_violations == 0 ? non_violating : violating).push_back(std::move(candidate));
      continue;
    }
    if (selection.status.is_success()) {
      selection.status = Status::error("expected at least one victim pod on node \"" + nodes[i]->name() + "\"");
    }
    if (selection.status.is_error()) errors.push_back(selection.status.message());
    out.nodes[i].status = selection.status;
    diagnosis.node_statuses.push_back(selection.status);
  }
  std::vector<PreemptionCandidate> candidates = std::move(non_violating);
  for (auto& c : violating) candidates.push_back(std::move(c));
  if (candidates.empty() && !errors.empty()) return prefixed(Code::Error, aggregate(errors));
  if (candidates.empty()) return prefixed(Code::Unschedulable, fit_error_message(diagnosis, nodes.size()));
  const PreemptionCandidate& best = candidates[pick_one_node_for_preemption(candidates, &out.tie)];
  out.nominated_node = best.node_index;
  out.victims = best.victims;
  out.pdb_violations = best.pdb_violations;
  if (input.changes.preemption_success_message) {
    return prefixed(Code::Success, fmt::format("found a potential placement for pod on node {}, preempting {} victims",
                                               nodes[best.node_index]->name(), best.victims.size()));
  }
  return Status();
}

}  // namespace

PostFilterOutcome run_post_filter(const Framework& framework, const Snapshot& snapshot, const PodInfo& pod,
                                  const CycleState& state, const FilterOutcome& outcome, const PostFilterInput& input) {
  PostFilterOutcome out;
  if (input.post_filter_plugins.empty()) return out;
  out.ran = true;
  std::vector<std::string> reasons;
  std::string rejector;
  for (const std::string& name : input.post_filter_plugins) {
    Status status;
    if (name == names::kDynamicResources) {
      if (!input.dynamic_resource_allocation) {
        status = input.changes.dra_post_filter_without_reason ? Status(Code::Unschedulable)
                                                      : Status(Code::Unschedulable, "plugin disabled");
      } else if (!input.changes.dra_post_filter_reads_state_first && pod.pod().spec.resource_claims.empty()) {
        status = Status(Code::Unschedulable);
      } else if (std::any_of(outcome.not_evaluated.begin(), outcome.not_evaluated.end(),
                             [&](const auto& entry) { return entry.first == name; })) {
        // Its PreFilter and Filter were not evaluated for this pod, so neither is its PostFilter.
        out.not_evaluated.emplace_back(name, "PostFilter (claim deallocation) follows PreFilter and Filter, which "
                                             "podfit does not evaluate for this pod");
        continue;
      } else if (!dynamic_resources_pre_filter_ran(outcome, input.pre_filter_plugins)) {
        // Its PreFilter did not run, so the state it reads is missing from the cycle.
        status = Status::error("not found");
      } else {
        status = dynamic_resources_post_filter(state, pod.pod(), input.changes.dra_post_filter_without_reason);
      }
    } else if (name == names::kDefaultPreemption) {
      status = default_preemption(framework, snapshot, pod, state, outcome, input, out);
    } else {
      out.not_evaluated.emplace_back(name, "PostFilter plugin not implemented by podfit");
      continue;
    }
    status.with_plugin(name);
    out.plugins.push_back(PostFilterPluginStatus{name, status});
    if (status.is_success() || status.code() == Code::UnschedulableAndUnresolvable) {
      out.status = status;
      return out;
    }
    if (!status.is_rejected()) {
      out.status = Status::error(status.message());
      out.status.with_plugin(name);
      return out;
    }
    for (const auto& reason : status.reasons()) reasons.push_back(reason);
    if (rejector.empty()) rejector = name;
  }
  out.status = Status(Code::Unschedulable, std::move(reasons));
  if (!rejector.empty()) out.status.with_plugin(rejector);
  return out;
}

}  // namespace podfit
