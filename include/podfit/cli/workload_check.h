// Checking workloads given to --pod: results named after the workload, and DaemonSets node by node.
#pragma once

#include "podfit/framework/framework.h"
#include "podfit/framework/registry.h"
#include "podfit/load/workload.h"
#include "podfit/report/fit_report.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// A workload candidate's result is named after the workload (the contract's `pod.name`), carries
// the workload, and a StatefulSet's pod name (the only controller-made name that is not made up).
void name_after_workload(PodVerdict& verdict, const Candidate& candidate);

// NodeShouldRunDaemonPod on every node of the snapshot: the NodeName, TaintToleration and
// NodeAffinity filters with no profile's args (NoSchedule/NoExecute taints against the daemon
// pod's tolerations). A node runs the daemon pod when its failures are empty; otherwise they
// say why not.
FilterOutcome daemon_pod_placement(const Pod& daemon_pod, const Snapshot& snapshot, const PluginContext& context,
                                   bool all_reasons);

// A DaemonSet's result. Its controller creates one pod per node it should run on
// (NodeShouldRunDaemonPod: the template's nodeName, node selector and required node affinity,
// and NoSchedule/NoExecute taints against the template's tolerations plus the daemon ones), pinned
// there by node affinity; so each node's verdict is that of its own pod, filtered by `framework`
// on that node. Nodes it should not run on get `daemon_pod` false and the failures of NodeName,
// TaintToleration and NodeAffinity that say why. The DaemonSet is schedulable when it runs on
// some node and every pod it creates fits its node; `feasible_nodes` are those that run its pod,
// and workload.replicas counts the pods it creates.
PodVerdict check_daemon_set(const Candidate& candidate, const Snapshot& snapshot, const Framework& framework,
                            const PluginContext& context, bool all_reasons);

}  // namespace podfit
