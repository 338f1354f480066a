// Which pods a command works on are pending ones, and what it says when there are none.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "podfit/framework/profiles.h"
#include "podfit/load/workload.h"
#include "podfit/model/cluster.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// The snapshot's pending pods a command works on: those of `namespace_` (-n), or all when empty.
// (-n keeps the pending pods of other namespaces that are nominated to a node: they count there.)
std::vector<const Pod*> pending_pods_in(const Snapshot& snapshot, const std::string& namespace_);

// Fills the snapshot's nominator as kube-scheduler's queue holds it: the pending pods with
// status.nominatedNodeName that a profile serves; before v1.37, only those its PreEnqueue
// plugins admit (a gated pod's nomination was recorded only once it entered the active queue).
void nominate_queued_pods(Snapshot& snapshot, const Profiles& profiles, const FeatureGates& gates);

// Whether the cluster state has the namespace: its Namespace object, or any object in it (a dump
// of `kubectl get pods -A` carries no Namespace objects).
bool namespace_exists(const ClusterState& cluster, const std::string& namespace_);

// Takes the --pod candidates already bound to a node (spec.nodeName set) out of `candidates`:
// kube-scheduler never schedules such a pod. Returns the notice that names them ("" when none was).
std::string leave_out_bound_candidates(std::vector<Candidate>& candidates);

// The notice for a cluster state without pending pods to work on. With -n (`namespace_` not
// empty) it says whether that namespace exists: a Namespace object, or any object in it.
// `advice` ends the line, e.g. "use --pod to check a pod".
std::string no_pending_pods_notice(const ClusterState& cluster, const std::string& namespace_, std::string_view advice);

}  // namespace podfit
