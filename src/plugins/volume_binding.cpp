#include "podfit/plugins/volume_binding.h"

#include <fmt/format.h>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/names.h"
#include "podfit/model/pod_resources.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

// The pod's claims, resolved and compiled once per cycle; shared by clones of the state.
struct VolumeBindingState final : StateData {
  std::shared_ptr<const PodVolumePlan> plan;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<VolumeBindingState>(*this); }
};

}  // namespace

VolumeBinding::VolumeBinding(const FeatureGates& gates)
    : skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption),
      vac_enabled_(gates.volume_attributes_class) {}

std::string_view VolumeBinding::name() const { return names::kVolumeBinding; }

Status VolumeBinding::pre_filter(CycleState& state, const PodInfo& pod_info, const Snapshot& snapshot,
                                 PreFilterResult&) const {
  const Pod& pod = pod_info.pod();
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod)) return Status(Code::Skip);
  const StorageLookup& storage = snapshot.storage();

  PodClaimsCheck check = check_pod_claims(pod, storage);
  if (check.error) {
    return Status(Code::UnschedulableAndUnresolvable, {std::move(*check.error)}, {std::move(check.detail)});
  }
  if (!check.has_claims) {
    state.write(std::string(kStateKey), std::make_unique<VolumeBindingState>());
    return Status(Code::Skip);
  }

  std::string error;
  std::optional<PodVolumeClaims> claims = get_pod_volume_claims(pod, storage, &error);
  if (!claims) return Status::error(std::move(error));
  if (!claims->unbound_immediate.empty()) {
    Status status(Code::UnschedulableAndUnresolvable, std::string(volume_binding_reasons::kUnboundImmediate));
    for (const PersistentVolumeClaim* claim : claims->unbound_immediate) {
      status.with_detail(describe_unbound_immediate_claim(*claim, storage));
    }
    return status;
  }
  auto data = std::make_unique<VolumeBindingState>();
  data->plan = std::make_shared<const PodVolumePlan>(*claims, storage, vac_enabled_);
  state.write(std::string(kStateKey), std::move(data));
  return Status();
}

Status VolumeBinding::filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status();
  const auto* data = state.read<VolumeBindingState>(std::string(kStateKey));
  // getStateData hands CycleState.Read's error over as is.
  if (data == nullptr) return Status::error("not found");
  if (!data->plan) return Status();  // the pod has no claims (PreFilter skipped the plugin)

  PodVolumesOnNode volumes = data->plan->find(node.node());
  if (volumes.error) return Status::error(std::move(*volumes.error));
  if (volumes.reasons.empty()) return Status();
  return Status(Code::UnschedulableAndUnresolvable, std::move(volumes.reasons), std::move(volumes.details));
}

std::unique_ptr<Plugin> new_volume_binding(const PluginContext& context) {
  return std::make_unique<VolumeBinding>(context.gates);
}

}  // namespace podfit
