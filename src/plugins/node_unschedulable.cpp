#include "podfit/plugins/node_unschedulable.h"

#include "podfit/framework/names.h"
#include "podfit/model/pod_resources.h"
#include "podfit/model/tolerations.h"

namespace podfit {
namespace {

constexpr const char* kCordonedDetail =
    "node is cordoned (spec.unschedulable) and the pod does not tolerate "
    "node.kubernetes.io/unschedulable:NoSchedule";

}  // namespace

NodeUnschedulable::NodeUnschedulable(const FeatureGates& gates)
    : skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption),
      comparison_operators_(gates.taint_toleration_comparison_operators) {}

std::string_view NodeUnschedulable::name() const { return names::kNodeUnschedulable; }

Status NodeUnschedulable::pre_filter(CycleState&, const PodInfo& pod, const Snapshot&, PreFilterResult&) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status(Code::Skip);
  return Status();
}

Status NodeUnschedulable::filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status();
  if (!node.node().spec.unschedulable) return Status();
  // Tolerating the taint the node controller would add is what lets a pod onto a cordoned node.
  Taint cordon;
  cordon.key = std::string(kTaintNodeUnschedulable);
  cordon.effect = taint_effects::kNoSchedule;
  if (tolerations_tolerate_taint(pod.pod().spec.tolerations, cordon, comparison_operators_)) return Status();
  Status status(Code::UnschedulableAndUnresolvable, std::string(kErrReasonUnschedulable));
  if (state.explains()) status.with_detail(std::string(kCordonedDetail));
  return status;
}

std::unique_ptr<Plugin> new_node_unschedulable(const PluginContext& context) {
  return std::make_unique<NodeUnschedulable>(context.gates);
}

}  // namespace podfit
