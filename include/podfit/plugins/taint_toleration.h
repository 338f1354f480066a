// TaintToleration: a node's NoSchedule and NoExecute taints keep out pods that do not
// tolerate them; Score prefers nodes with fewer untolerated PreferNoSchedule taints.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/taint.h"

namespace podfit {

class TaintToleration final : public PreFilterPlugin, public NodeObjectFilterPlugin, public PreScorePlugin, public ScorePlugin {
 public:
  // The reason kube-scheduler gives for a node with an untolerated NoSchedule/NoExecute taint.
  static constexpr std::string_view kErrReasonUntolerated = "node(s) had untolerated taint(s)";
  // CycleState key of the pod's PreferNoSchedule tolerations.
  static constexpr std::string_view kPreScoreStateKey = "PreScoreTaintToleration";

  explicit TaintToleration(const FeatureGates& gates);

  std::string_view name() const override;
  // Skip when InPlacePodVerticalScalingSchedulerPreemption is on and the pod's resize is
  // Deferred (the pod already runs on its node); otherwise nothing to compute.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  // UnschedulableAndUnresolvable when some NoSchedule/NoExecute taint is tolerated by no
  // toleration; one detail per such taint, in the node's order.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

  // Stores the pod's tolerations that can tolerate PreferNoSchedule (that effect or none).
  // Never skips.
  Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                   std::span<const NodeInfo* const> nodes) const override;
  // The number of the node's PreferNoSchedule taints no stored toleration tolerates. Error
  // when PreScore stored nothing.
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  bool has_normalize_score() const override { return true; }
  // DefaultNormalizeScore reversed: the fewest untolerated taints get 100.
  Status normalize_score(const CycleState& state, const PodInfo& pod, NodeScoreList& scores) const override;

 private:
  bool skip_deferred_resize_;
  bool comparison_operators_;
  bool reason_names_taint_;  // before v1.35
};

// Registry factory.
std::unique_ptr<Plugin> new_taint_toleration(const PluginContext& context);

}  // namespace podfit
