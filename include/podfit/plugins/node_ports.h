// NodePorts: the pod's host ports must be free on the node (same protocol and port on the
// same IP, 0.0.0.0 overlapping every IP).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/pod.h"
#include "podfit/snapshot/host_port_info.h"

namespace podfit {

class NodePorts final : public PreFilterPlugin, public SkipScopedFilterPlugin {
 public:
  // The reason kube-scheduler gives for a node where a wanted host port is taken.
  static constexpr std::string_view kErrReason = "node(s) didn't have free ports for the requested pod ports";
  // CycleState key of the pod's host ports ("PreFilter" + plugin name, as kube-scheduler).
  static constexpr std::string_view kStateKey = "PreFilterNodePorts";

  explicit NodePorts(const FeatureGates& gates);

  std::string_view name() const override;
  // Stores the pod's host ports (pod_host_ports: sidecar init containers and containers);
  // Skip when there are none, or when InPlacePodVerticalScalingSchedulerPreemption is on
  // and the pod's resize is Deferred.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  // Unschedulable when a stored port conflicts with the node's used ports (one detail per
  // conflicting port); Error when PreFilter stored nothing.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  // Host ports conflict only with the node's own pods.
  AddedPodReach reach_when_checked() const override { return AddedPodReach::same_node(); }

 private:
  bool skip_deferred_resize_;
};

// fitsPorts: no wanted port conflicts with `used` (HostPortInfo::check_conflict); the
// admission check shares it.
bool fits_ports(const std::vector<ContainerPort>& want, const HostPortInfo& used);

// One line per wanted port that conflicts with `used`, naming the port and where it is taken,
// e.g. "host port 8080/TCP on 0.0.0.0 is already in use".
std::vector<std::string> port_conflict_details(const std::vector<ContainerPort>& want, const HostPortInfo& used);

// Registry factory.
std::unique_ptr<Plugin> new_node_ports(const PluginContext& context);

}  // namespace podfit
