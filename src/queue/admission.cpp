#include "podfit/queue/admission.h"

#include <fmt/format.h>

#include "podfit/framework/cycle_state.h"
#include "podfit/framework/names.h"
#include "podfit/model/node_affinity.h"
#include "podfit/plugins/node_affinity/node_affinity.h"
#include "podfit/plugins/node_name.h"
#include "podfit/plugins/node_ports.h"
#include "podfit/snapshot/host_port_info.h"
#include "podfit/snapshot/pod_info.h"

namespace podfit {
namespace {

// The NodeAffinity plugin's own explanation of why the node does not match (its Filter without
// PreFilter state compiles the pod's requirements itself).
std::vector<std::string> node_affinity_details(const Pod& pod, const NodeInfo& node, const FeatureGates& gates) {
  FeatureGates plain = gates;
  plain.in_place_pod_vertical_scaling_scheduler_preemption = false;  // explain, never skip
  NodeAffinityPlugin plugin(NodeAffinityArgs{}, plain);
  PodInfo info(pod, plain);
  CycleState state;
  return plugin.filter(state, info, node).details();
}

}  // namespace

std::vector<AdmissionResult> admission_check(const Pod& pod, const NodeInfo& node, bool include_all_failures,
                                             const FeatureGates& gates) {
  std::vector<AdmissionResult> results;

  for (InsufficientResource& r : fits(pod, node, FitOptions::from_gates(gates))) {
    AdmissionResult result;
    result.plugin = std::string(names::kNodeResourcesFit);
    result.reason = r.reason;
    result.details.push_back(describe_insufficient_resource(r));
    result.insufficient_resource = std::move(r);
    results.push_back(std::move(result));
  }
  if (!results.empty() && !include_all_failures) return results;

  // Parse errors of required terms never admit a node; the error itself is ignored.
  if (!RequiredNodeAffinity(pod).match(node.node())) {
    results.push_back({std::string(names::kNodeAffinity), std::string(kNodeAffinityReasonPod), std::nullopt,
                       node_affinity_details(pod, node, gates)});
    if (!include_all_failures) return results;
  }

  if (!fits_node_name(pod, node)) {
    results.push_back({std::string(names::kNodeName), std::string(NodeName::kErrReason), std::nullopt,
                       {fmt::format("the pod asks for spec.nodeName {}", pod.spec.node_name)}});
    if (!include_all_failures) return results;
  }

  const std::vector<ContainerPort> wanted = pod_host_ports(pod, gates.changes.node_ports_count_sidecars);
  if (!fits_ports(wanted, node.used_ports())) {
    results.push_back({std::string(names::kNodePorts), std::string(NodePorts::kErrReason), std::nullopt,
                       port_conflict_details(wanted, node.used_ports())});
  }
  return results;
}

}  // namespace podfit
