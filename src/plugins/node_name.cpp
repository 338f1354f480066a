#include "podfit/plugins/node_name.h"

#include <set>

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/model/pod_resources.h"

namespace podfit {

NodeName::NodeName(const FeatureGates& gates)
    : narrow_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption) {}

std::string_view NodeName::name() const { return names::kNodeName; }

Status NodeName::pre_filter(CycleState&, const PodInfo& pod, const Snapshot&, PreFilterResult& result) const {
  const Pod& p = pod.pod();
  if (narrow_deferred_resize_ && !p.spec.node_name.empty() && is_pod_resize_deferred(p)) {
    result.node_names = std::set<std::string>{p.spec.node_name};
  }
  return Status();
}

Status NodeName::filter(const CycleState&, const PodInfo& pod, const NodeInfo& node) const {
  if (fits_node_name(pod.pod(), node)) return Status();
  return Status(Code::UnschedulableAndUnresolvable, {std::string(kErrReason)},
                {fmt::format("the pod asks for spec.nodeName {}", pod.pod().spec.node_name)});
}

bool fits_node_name(const Pod& pod, const NodeInfo& node) {
  return pod.spec.node_name.empty() || pod.spec.node_name == node.name();
}

std::unique_ptr<Plugin> new_node_name(const PluginContext& context) {
  return std::make_unique<NodeName>(context.gates);
}

}  // namespace podfit
