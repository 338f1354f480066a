// What the scheduling queue does with the pending pods when one node, ResourceClaim,
// ResourceSlice or DeviceClass is added or updated: the cluster events the change raises, and
// per pod whether it leaves the unschedulable pool.
#pragma once

#include "podfit/kubernetes_release.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "podfit/framework/registry.h"
#include "podfit/model/cluster.h"
#include "podfit/model/node.h"
#include "podfit/model/pod.h"
#include "podfit/queue/dra_events.h"
#include "podfit/queue/node_events.h"
#include "podfit/queue/queueing_hints.h"

namespace podfit {

// Which release's queue to reproduce.
enum class RequeueMode {
  // v1.32 and later (the only behaviour from v1.34): the rejecting plugins' queueing hints decide.
  QueueingHints,
  // Before v1.32: preCheckForNode (admission check, then NoSchedule taints) on the changed node.
  PreCheck,
};

// One pending pod's fate.
struct PodRequeue {
  std::string namespace_;
  std::string name;
  bool moved = false;
  // Why it stays: kube-scheduler's reasons (the pre-check's, or those the rejecting plugins gave
  // in the last attempt). Empty when it moves or when no event was raised.
  std::vector<std::string> reasons;
  std::vector<std::string> details;  // podfit's explanation

  // QueueingHints mode only.
  std::optional<QueueingStrategy> strategy;  // the decision of the event that moved it, or QueueSkip
  std::string moved_by;                      // that event's label, e.g. "NodeUpdateNodeTaint"
  // The plugins that rejected the pod in the last attempt (run on the cluster before the change),
  // unschedulable ones then pending ones.
  std::vector<std::string> unschedulable_plugins;
  std::set<std::string> pending_plugins;
  // The pod fits the cluster before the change: the scheduler would have bound it, so it is not
  // waiting in the unschedulable pool and no event moves it.
  bool schedulable_before = false;
  // The PreEnqueue plugin that kept the pod out of the queue before the change (then the only
  // rejecting plugin, as for kube-scheduler's gated pods), or "".
  std::string gated_by;
  // Each rejecting plugin's hint, per event evaluated (in event order).
  struct EventHints {
    std::string event;  // label
    std::vector<PluginHint> hints;
  };
  std::vector<EventHints> hints;
};

struct RequeueOutcome {
  std::string kind = "Node";      // the changed object's kind
  std::string node;               // the node's name (Node events)
  std::string object;             // the object's name, namespace/name for a ResourceClaim
  bool added = false;             // an add (no old object)
  std::vector<NodeEvent> events;  // Node events; empty: nothing the scheduler reacts to changed
  std::optional<DraEvent> dra_event;  // the event of a ResourceClaim, ResourceSlice or DeviceClass
  RequeueMode mode = RequeueMode::QueueingHints;
  bool mode_from_gate = false;    // the pre-enqueue check because SchedulerQueueingHints is off
  ReleaseChoice release;          // the release whose queue decided
  std::vector<PodRequeue> pods;
};

// Runs the requeue for `pods` (pending pods, in order). `cluster` is the cluster state; the node
// named like `new_node` is replaced by `old_node` for the cluster before the change (removed for
// an add, `old_node` nullptr) and by `new_node` after it (added when absent).
RequeueOutcome simulate_requeue(const ClusterState& cluster, const Node* old_node, const Node& new_node,
                                const std::vector<Pod>& pods, RequeueMode mode, const PluginContext& context);

// The same for a ResourceClaim, ResourceSlice or DeviceClass (queueing hints only): the object
// like `new_object` is replaced by `old_object` before the change (removed for an add) and by
// `new_object` after it.
RequeueOutcome simulate_dra_requeue(const ClusterState& cluster, const DraObject* old_object,
                                    const DraObject& new_object, const std::vector<Pod>& pods,
                                    const PluginContext& context);

}  // namespace podfit
