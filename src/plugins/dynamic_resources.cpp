#include "podfit/plugins/dynamic_resources.h"

#include "podfit/framework/names.h"

namespace podfit {

std::string_view DynamicResources::name() const { return names::kDynamicResources; }

std::optional<std::string> DynamicResources::cannot_evaluate(const Pod& pod) const {
  if (!enabled_ || pod.spec.resource_claims.empty()) return std::nullopt;
  return "the pod uses resource claims, and podfit reads no ResourceClaims, DeviceClasses or ResourceSlices";
}

Status DynamicResources::pre_filter(CycleState&, const PodInfo& pod, const Snapshot&, PreFilterResult&) const {
  // Without claims (the only pods that reach this point) there is nothing to allocate.
  (void)pod;
  return Status(Code::Skip);
}

Status DynamicResources::filter(const CycleState&, const PodInfo&, const NodeInfo&) const { return Status(); }

ScoreResult DynamicResources::score(const CycleState&, const PodInfo&, const NodeInfo&) const { return ScoreResult{}; }

std::unique_ptr<Plugin> new_dynamic_resources(const PluginContext& context) {
  return std::make_unique<DynamicResources>(context.gates);
}

}  // namespace podfit
