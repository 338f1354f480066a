// One pod's whole scheduling and binding cycle, as kube-scheduler's scheduleOnePod runs it
// (schedule_one.go): PreFilter, Filter, PreScore, Score, host selection, assume, Reserve,
// PreBindPreFlight, PreBind, Bind; on a failure after assume, Unreserve and ForgetPod.
//
// Not run: PostFilter (preemption: an unschedulable pod only gets its FitError), Permit,
// PostBind, scheduler extenders, and the feasible-node cut-off (percentageOfNodesToScore):
// every node is filtered and every feasible node scored.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "podfit/framework/bind_runner.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/score_runner.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// The plugins of one profile, as a scheduling cycle runs them.
struct CycleProfile {
  const Framework* filters = nullptr;       // PreFilter and Filter
  const ScoreProfile* scoring = nullptr;    // PreScore and Score (nullptr: no score plugin)
  BindingPlugins binding;                   // Reserve, PreBind and Bind
};

// Where a cycle stopped.
enum class CycleStage {
  Skipped,     // skipPodSchedule: the pod is being deleted
  Filter,      // no node available, no feasible node (FitError), or an Error while filtering
  Score,       // an Error while scoring
  Reserve,     // Reserve failed (then Unreserve and ForgetPod)
  PreBind,     // PreBindPreFlight or PreBind failed (then Unreserve and ForgetPod)
  Bind,        // Bind failed or every Bind plugin skipped (then Unreserve and ForgetPod)
  Bound,       // the pod is bound and stays assumed in the snapshot
};

// The stage's name for reports ("Filter", "Bound", ...).
std::string_view cycle_stage_name(CycleStage stage);

// What one cycle did.
struct CycleResult {
  CycleStage stage = CycleStage::Filter;
  bool bound() const { return stage == CycleStage::Bound; }
  // The node chosen by host selection (empty when filtering or scoring ended the cycle).
  std::string node;
  // Why the pod is not bound: the FailedScheduling event's text (the FitError message, kube-
  // scheduler's Error, or the Reserve/PreBind/Bind status); empty when bound.
  std::string message;
  // The failing status (code, plugin, reasons); Success when bound.
  Status status;
  FilterOutcome filter;  // every node's Filter verdict
  HostChoice choice;     // the feasible nodes' scores (choice.scored false: not scored)
  size_t feasible_nodes = 0;
  // PreBind's API writes, described; and the Binding the Bind plugin posted with its name.
  std::vector<std::string> pre_bind_writes;
  std::optional<PodBinding> binding;
  std::string binder;
  // The pod as assumed into the snapshot (spec.nodeName set); valid while the snapshot lives.
  const PodInfo* assumed = nullptr;
};

// evaluateNominatedNode: the node a pod nominated by an earlier preemption takes at once,
// unscored, when it passes Filter after a successful PreFilter (whatever PreFilter's node set
// says); nullptr when the pod has none or it does not pass.
const NodeInfo* nominated_node_taken(const Framework& filters, const CycleState& state, const PodInfo& pod,
                                     const Snapshot& snapshot, const FilterOutcome& filtered);

// Runs one pod's cycle against `snapshot`. A bound pod stays assumed in it (resources, ports,
// pod (anti-)affinity, claims; volumes and claims in its assume caches), so that the next
// pod's cycle sees it, as the scheduler's cache does. Host selection takes the highest total
// score and, among equal totals, the node with the smallest name (kube-scheduler's pick among
// equal totals is not reproducible). Without `explain`, the nodes' statuses carry only kube's
// reasons, not podfit's details of them, which plugins can then compute more cheaply, and
// the filter outcome keeps no rejected node's status when some node fits.
CycleResult schedule_one(const Pod& pod, Snapshot& snapshot, const CycleProfile& profile, const FeatureGates& gates,
                         bool explain = true);

}  // namespace podfit
