// NodeUnschedulable: cordoned nodes (spec.unschedulable) take only pods that tolerate the
// node.kubernetes.io/unschedulable:NoSchedule taint.
#pragma once

#include <memory>
#include <string_view>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"

namespace podfit {

class NodeUnschedulable final : public PreFilterPlugin, public NodeObjectFilterPlugin {
 public:
  // The reason kube-scheduler gives for a cordoned node the pod does not tolerate.
  static constexpr std::string_view kErrReasonUnschedulable = "node(s) were unschedulable";
  // The taint a pod must tolerate to land on a cordoned node (v1.TaintNodeUnschedulable).
  static constexpr std::string_view kTaintNodeUnschedulable = "node.kubernetes.io/unschedulable";

  explicit NodeUnschedulable(const FeatureGates& gates);

  std::string_view name() const override;
  // Skip when InPlacePodVerticalScalingSchedulerPreemption is on and the pod's resize is
  // Deferred (the pod already runs on its node); otherwise nothing to compute.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  // UnschedulableAndUnresolvable when the node is cordoned and no toleration of the pod
  // tolerates the unschedulable taint.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

 private:
  bool skip_deferred_resize_;
  bool comparison_operators_;
};

// Registry factory.
std::unique_ptr<Plugin> new_node_unschedulable(const PluginContext& context);

}  // namespace podfit
