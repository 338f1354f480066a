// AdmissionCheck: the checks the kubelet runs before starting a pod on its node and that the
// scheduling queue once ran before moving a pod (resources, required node affinity, node name,
// host ports), sharing the Filter plugins' helpers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/model/pod.h"
#include "podfit/plugins/node_resources/fit.h"
#include "podfit/snapshot/node_info.h"

namespace podfit {

// AdmissionResult: one failed check.
struct AdmissionResult {
  // The plugin whose check failed. kube-scheduler leaves the name empty for resources; podfit
  // names NodeResourcesFit so reports always say which check it was.
  std::string plugin;
  std::string reason;  // kube-scheduler's reason, e.g. "Insufficient cpu"
  // Set for resource failures: the numbers, in kube-scheduler's units.
  std::optional<InsufficientResource> insufficient_resource;
  // podfit's explanation: how much of which resource, which label, which port.
  std::vector<std::string> details;
};

// AdmissionCheck(pod, nodeInfo, includeAllFailures): resources (every insufficient one, in
// fits_request's order), then required node affinity, node name, host ports; stops after the
// first failing check unless `include_all_failures`. Empty when the pod is admitted.
std::vector<AdmissionResult> admission_check(const Pod& pod, const NodeInfo& node, bool include_all_failures,
                                             const FeatureGates& gates);

}  // namespace podfit
