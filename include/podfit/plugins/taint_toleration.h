// TaintToleration: a node's NoSchedule and NoExecute taints keep out pods that do not
// tolerate them (PreferNoSchedule only matters to scoring).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/taint.h"

namespace podfit {

class TaintToleration final : public PreFilterPlugin, public FilterPlugin {
 public:
  // The reason kube-scheduler gives for a node with an untolerated NoSchedule/NoExecute taint.
  static constexpr std::string_view kErrReasonUntolerated = "node(s) had untolerated taint(s)";

  explicit TaintToleration(const FeatureGates& gates);

  std::string_view name() const override;
  // Skip when InPlacePodVerticalScalingSchedulerPreemption is on and the pod's resize is
  // Deferred (the pod already runs on its node); otherwise nothing to compute.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  // UnschedulableAndUnresolvable when some NoSchedule/NoExecute taint is tolerated by no
  // toleration; one detail per such taint, in the node's order.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

 private:
  bool skip_deferred_resize_;
  bool comparison_operators_;
};

// "key=value:Effect", or "key:Effect" when the value is empty, as kubectl prints taints.
std::string format_taint(const Taint& taint);

// Registry factory.
std::unique_ptr<Plugin> new_taint_toleration(const PluginContext& context);

}  // namespace podfit
