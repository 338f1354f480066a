// The outcome of `podfit check`, ready to print in any output format.
#pragma once

#include "podfit/kubernetes_release.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/framework/status.h"
#include "podfit/model/meta.h"
#include "podfit/model/workload.h"

namespace podfit {

// Node names are views of the snapshot's nodes: a report lives no longer than its snapshot
// (1,000 pods against 5,000 nodes made five million copies of them).
struct NodeVerdict {
  std::string_view name;
  bool fit = false;
  std::vector<Status> failures;  // plugin set on each; at most one unless --all-reasons
  // DaemonSets only: whether the controller creates a pod for this node (NodeShouldRunDaemonPod);
  // when it does not, `failures` say why (nodeName, node selector or affinity, taints).
  std::optional<bool> daemon_pod;
  // DaemonSets only: the FitError of this node's daemon pod when it fits nowhere (it may only go here).
  std::string message;
  // False when another node's Filter ended the attempt in an Error before this node was
  // filtered (kube-scheduler cancels the rest); `failures` is then empty and `fit` false.
  bool evaluated = true;
};

// A pod preemption would evict, as reports name it.
struct VictimRef {
  std::string namespace_;
  std::string name;
  int32_t priority = 0;
};

// One node's outcome in preemption's dry run.
struct NodePostFilter {
  std::string name;
  Status status;  // Success for a candidate node; otherwise why removing pods does not help
  std::vector<VictimRef> victims;
  int pdb_violations = 0;
};

// The PostFilter plugins' verdict for a pod that fits no node.
struct PostFilterReport {
  std::vector<Status> plugins;  // each plugin's own status, in the order they ran (plugin set)
  std::string message;          // what the FailedScheduling event appends to the FitError
  bool preemption_evaluated = false;  // DefaultPreemption dry-ran the nodes
  std::string nominated_node;         // empty: preemption does not help
  bool tie = false;                   // other nodes ranked the same; the first in input order was taken
  std::vector<VictimRef> victims;     // on nominated_node, most important first
  int pdb_violations = 0;
  std::vector<NodePostFilter> nodes;  // every node, input order (when preemption_evaluated)
};

// How many of a workload's copies are placed, one cycle after another.
struct ReplicaOutcome {
  int64_t wanted = 0;
  int64_t placed = 0;
  // The first copy not placed: its name and why (the FailedScheduling message); empty when all are.
  std::string first_unplaced;
  std::string message;
};

struct PodVerdict {
  std::string namespace_;
  std::string name;
  bool schedulable = false;  // some node passed every plugin podfit ran
  // Fits by the plugins podfit ran, but some were not evaluated for it (a plugin can only turn
  // nodes down): not a yes. JSON gives schedulable null, and check exits 3.
  bool undetermined() const { return schedulable && !not_evaluated.empty(); }
  std::vector<std::string_view> feasible_nodes;
  std::optional<Status> pre_filter;  // the PreFilter status that rejected the pod
  std::vector<NodeVerdict> nodes;    // every node, input order
  std::string message;               // FitError text, or "N/M nodes are available"
  // Plugins podfit could not evaluate for this pod (plugin, why): its verdict is partial.
  std::vector<std::pair<std::string, std::string>> not_evaluated;
  // The profile the pod asks for (spec.schedulerName).
  std::string scheduler_name;
  // Why no node was evaluated: "Unserved" (no profile serves scheduler_name), "Gated"
  // (the SchedulingGates PreEnqueue plugin holds the pod) or "Refused" (an admission plugin
  // refuses to create it: `message` is the API server's); empty when the pod was filtered.
  std::string status;
  // Refused: the admission plugin that refuses the pod; empty when the API server's validation of
  // the pod the mutating plugins changed refuses it (the Validation stage).
  std::string admission_plugin;
  // Gated: the PreEnqueue status and the pod's scheduling gates.
  std::optional<Status> pre_enqueue;
  std::vector<std::string> scheduling_gates;
  // The snapshot's node count when `nodes` is empty because no node was evaluated (status set).
  size_t node_count = 0;
  // The workload this pod stands for; `name` is then the workload's.
  std::optional<WorkloadRef> workload;
  // A StatefulSet's pod checked (<set>-<ordinal>); other controllers' pod names are made up.
  std::string workload_pod;
  // PostFilter's verdict, when it ran (the pod fits no node and the profile has PostFilter plugins).
  std::optional<PostFilterReport> post_filter;
  // Where the pod or workload was read, and its kind ("Pod", "Deployment", ...).
  SourceRef source;
  std::string kind = "Pod";
  // A workload's copies placed one scheduling cycle after another, as `podfit place` places them.
  std::optional<ReplicaOutcome> replicas;
  // Every copy the workload wants is placed (true for a pod, or a workload whose copies were not placed).
  bool all_replicas_placed() const { return !replicas || replicas->placed >= replicas->wanted; }
};

class Snapshot;
struct FilterOutcome;
struct Pod;

// The verdict for one pod from its filtering outcome: every node in snapshot order, the
// feasible ones, and the message kube-scheduler would record (FitError text, the Error that
// aborts the attempt, or "N/M nodes are available").
PodVerdict make_pod_verdict(const Pod& pod, const Snapshot& snapshot, FilterOutcome outcome);

struct PostFilterOutcome;

// Adds PostFilter's verdict to an unschedulable pod's verdict: the report, the text appended to
// the FitError message (" <PostFilter message>", as FitError.Error() appends it) and the
// plugins podfit could not evaluate at PostFilter.
void add_post_filter(PodVerdict& verdict, const Snapshot& snapshot, const PostFilterOutcome& outcome);

// The verdict for a pod no node is evaluated for: no profile serves its schedulerName, or
// `pre_enqueue` (SchedulingGates) keeps it out of the scheduling queue.
PodVerdict make_unserved_verdict(const Pod& pod, const Snapshot& snapshot);
PodVerdict make_gated_verdict(const Pod& pod, const Snapshot& snapshot, const Status& pre_enqueue);
// The verdict for a pod the API server refuses to create: no node is evaluated.
PodVerdict make_refused_verdict(const Pod& pod, const Snapshot& snapshot, std::string plugin, std::string message);

struct FitReport {
  ReleaseChoice release;  // the release modelled
  std::vector<PodVerdict> results;
  // Default-profile plugins podfit did not run: not implemented, or not evaluated for some pod.
  std::vector<std::string> skipped_plugins;
};

}  // namespace podfit
