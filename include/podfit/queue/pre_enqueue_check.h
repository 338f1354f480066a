// preCheckForNode: the filter kube-scheduler applied to unschedulable pods before moving them on
// a node add or update, until queueing hints replaced it (skipped by default from v1.32, gone
// from v1.35). podfit keeps it as the `requeue --pre-check` view.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/model/pod.h"
#include "podfit/model/taint.h"
#include "podfit/queue/admission.h"
#include "podfit/snapshot/node_info.h"

namespace podfit {

// The pre-check's verdict for one pod on the changed node.
struct PreCheckResult {
  bool passed = true;
  // The first failed admission check (AdmissionCheck without all failures), if any.
  std::vector<AdmissionResult> admission;
  // Otherwise the first NoSchedule taint no toleration tolerates.
  std::optional<Taint> untolerated_taint;

  // Why the pod stays: the admission reasons, or TaintToleration's reason for the taint.
  std::vector<std::string> reasons() const;
  // podfit's explanation of the same.
  std::vector<std::string> details() const;
};

// preCheckForNode(nodeInfo)(pod): AdmissionCheck stopping at the first failure, then the node's
// NoSchedule taints (only NoSchedule: NoExecute taints do not keep the pod back here).
PreCheckResult pre_check_for_node(const Pod& pod, const NodeInfo& node, const FeatureGates& gates);

}  // namespace podfit
