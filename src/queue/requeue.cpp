#include "podfit/queue/requeue.h"

#include <algorithm>

#include <fmt/format.h>

#include "podfit/framework/cycle_state.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/names.h"
#include "podfit/framework/profiles.h"
#include "podfit/queue/pre_enqueue_check.h"
#include "podfit/snapshot/pod_info.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

// The cluster with the node named `name` replaced by `node` (appended when absent), or removed
// when `node` is nullptr.
ClusterState with_node(const ClusterState& cluster, const std::string& name, const Node* node) {
  ClusterState copy = cluster;
  auto it = std::find_if(copy.nodes.begin(), copy.nodes.end(), [&](const Node& n) { return n.metadata.name == name; });
  if (node == nullptr) {
    if (it != copy.nodes.end()) copy.nodes.erase(it);
  } else if (it != copy.nodes.end()) {
    *it = *node;
  } else {
    copy.nodes.push_back(*node);
  }
  return copy;
}

void add_unique(std::vector<std::string>& out, const std::string& value) {
  if (std::find(out.begin(), out.end(), value) == out.end()) out.push_back(value);
}

// The rejecting plugins in the profile's order (unknown names last, by name).
std::vector<std::string> ordered_rejectors(const FilterOutcome& outcome, const std::vector<std::string>& order) {
  std::set<std::string> all = outcome.unschedulable_plugins;
  all.insert(outcome.pending_plugins.begin(), outcome.pending_plugins.end());
  std::vector<std::string> out;
  for (const std::string& name : order) {
    if (all.erase(name)) out.push_back(name);
  }
  out.insert(out.end(), all.begin(), all.end());
  return out;
}

// The reasons the rejecting plugins gave in the last attempt, first seen first.
std::vector<std::string> rejection_reasons(const FilterOutcome& outcome) {
  std::vector<std::string> reasons;
  if (outcome.pre_filter_status.is_rejected()) {
    for (const auto& r : outcome.pre_filter_status.reasons()) add_unique(reasons, r);
    return reasons;
  }
  for (const auto& failures : outcome.node_failures) {
    for (const Status& s : failures) {
      if (!s.is_rejected()) continue;
      for (const auto& r : s.reasons()) add_unique(reasons, r);
    }
  }
  return reasons;
}

// The default profile's PreEnqueue plugins podfit runs, in their order.
const std::vector<std::string>& pre_enqueue_plugins() {
  static const std::vector<std::string> plugins = {std::string(names::kSchedulingGates),
                                                   std::string(names::kDynamicResources)};
  return plugins;
}

// The queue's decision for each pod, `events` evaluated in order on the cluster `before` the
// change; `after` is the cluster the moved pods' PreEnqueue runs on again.
void requeue_by_hints(const ClusterState& before, const Snapshot& after, const std::vector<QueueEvent>& events,
                      const std::vector<Pod>& pods, const PluginContext& context, RequeueOutcome& result) {
  Snapshot snapshot(before, context.gates);
  for (const Pod& pod : pods) snapshot.ensure_namespace(pod.metadata.namespace_);
  // The queue's nominator, as the default profile's queue holds it.
  snapshot.nominate(
      [&](const Pod& pod) {
        return context.gates.changes.gated_pods_nominated ||
               run_pre_enqueue_plugins(pre_enqueue_plugins(), pod, snapshot, context.gates).is_success();
      },
      context.gates);
  const Framework framework(default_filter_plugin_order(context.gates), context);

  for (const Pod& pod : pods) {
    PodRequeue& entry = result.pods.emplace_back();
    entry.namespace_ = pod.metadata.namespace_;
    entry.name = pod.metadata.name;

    // A pod a PreEnqueue plugin keeps out waits for that plugin's events alone.
    const Status gate = run_pre_enqueue_plugins(pre_enqueue_plugins(), pod, snapshot, context.gates);
    FilterOutcome outcome;
    if (!gate.is_success()) {
      entry.gated_by = gate.plugin();
      entry.unschedulable_plugins = {gate.plugin()};
      entry.details.push_back(fmt::format("{} keeps the pod out of the scheduling queue (PreEnqueue)", gate.plugin()));
    } else {
      PodInfo info(pod, context.gates);
      CycleState state;
      outcome = framework.run(snapshot, info, /*all_reasons=*/false, state);
      if (!outcome.error.is_error() && outcome.feasible_count() > 0) {
        entry.schedulable_before = true;
        entry.details.push_back(fmt::format(
            "the pod fits {} node(s) before the change, so it is not waiting in the unschedulable pool",
            outcome.feasible_count()));
        continue;
      }
      // An attempt that ended in an error puts the pod back with no rejecting plugin.
      if (!outcome.error.is_error()) {
        entry.unschedulable_plugins = ordered_rejectors(outcome, framework.plugin_names());
        entry.pending_plugins = outcome.pending_plugins;
      }
    }
    if (events.empty()) continue;

    std::optional<Status> still_gated;
    for (const QueueEvent& event : events) {
      RequeueDecision decision =
          is_pod_worth_requeuing(entry.unschedulable_plugins, entry.pending_plugins, pod, event);
      entry.hints.push_back({event.label, decision.hints});
      if (decision.strategy == QueueingStrategy::QueueSkip) continue;
      // Moving the pod runs PreEnqueue again: a pod it rejects goes back to the unschedulable pool.
      if (Status again = run_pre_enqueue_plugins(pre_enqueue_plugins(), pod, after, context.gates);
          !again.is_success()) {
        still_gated = std::move(again);
        break;
      }
      entry.moved = true;
      entry.moved_by = event.label;
      entry.strategy = decision.strategy;
      if (entry.unschedulable_plugins.empty()) {
        entry.details.push_back("the last attempt ended in an error, so any event retries the pod");
      }
      break;
    }
    for (const auto& [event, hints] : entry.hints) {
      for (const PluginHint& h : hints) entry.details.push_back(fmt::format("{}: {}: {}", event, h.plugin, h.why));
    }
    if (entry.moved) continue;
    entry.strategy = QueueingStrategy::QueueSkip;
    if (still_gated) {
      entry.details.push_back(
          fmt::format("{} still keeps the pod out of the scheduling queue after the change", still_gated->plugin()));
      entry.reasons = still_gated->reasons();
    } else {
      entry.reasons = !gate.is_success()         ? gate.reasons()
                      : outcome.error.is_error() ? std::vector<std::string>{outcome.error.message()}
                                                 : rejection_reasons(outcome);
    }
  }
}

void requeue_by_pre_check(const ClusterState& cluster, const Node& new_node, const std::vector<Pod>& pods,
                          const PluginContext& context, RequeueOutcome& result) {
  const ClusterState after = with_node(cluster, new_node.metadata.name, &new_node);
  Snapshot snapshot(after, context.gates);
  const NodeInfo* node = snapshot.find_node(new_node.metadata.name);
  for (const Pod& pod : pods) {
    PodRequeue& entry = result.pods.emplace_back();
    entry.namespace_ = pod.metadata.namespace_;
    entry.name = pod.metadata.name;
    if (result.events.empty() || node == nullptr) continue;
    const PreCheckResult check = pre_check_for_node(pod, *node, context.gates);
    entry.moved = check.passed;
    entry.reasons = check.reasons();
    entry.details = check.details();
  }
}

}  // namespace

RequeueOutcome simulate_requeue(const ClusterState& cluster, const Node* old_node, const Node& new_node,
                                const std::vector<Pod>& pods, RequeueMode mode, const PluginContext& context) {
  RequeueOutcome result;
  result.node = new_node.metadata.name;
  result.object = result.node;
  result.added = old_node == nullptr;
  result.mode = mode;
  if (old_node == nullptr) {
    result.events.push_back(node_add_event());
  } else {
    result.events = node_scheduling_properties_change(new_node, *old_node);
  }
  if (mode == RequeueMode::PreCheck) {
    requeue_by_pre_check(cluster, new_node, pods, context, result);
    return result;
  }
  const ClusterState after_state = with_node(cluster, new_node.metadata.name, &new_node);
  const Snapshot after(after_state, context.gates);  // the snapshot keeps a pointer to its state
  std::vector<QueueEvent> events;
  for (const NodeEvent& event : result.events) {
    events.push_back(node_queue_event(event, old_node, new_node, context, &after.device_class_resolver()));
  }
  requeue_by_hints(with_node(cluster, new_node.metadata.name, old_node), after, events, pods, context, result);
  return result;
}

RequeueOutcome simulate_dra_requeue(const ClusterState& cluster, const DraObject* old_object,
                                    const DraObject& new_object, const std::vector<Pod>& pods,
                                    const PluginContext& context) {
  RequeueOutcome result;
  result.kind = std::string(dra_kind(new_object));
  result.object = dra_object_key(new_object);
  result.added = old_object == nullptr;
  result.dra_event = dra_event(old_object, new_object);
  const ClusterState after_state = with_dra_object(cluster, new_object, &new_object);
  const Snapshot after(after_state, context.gates);  // the snapshot keeps a pointer to its state
  const std::vector<QueueEvent> events = {
      dra_queue_event(*result.dra_event, old_object, new_object, after, context.gates)};
  requeue_by_hints(with_dra_object(cluster, new_object, old_object), after, events, pods, context, result);
  return result;
}

}  // namespace podfit
