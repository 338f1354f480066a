#include "podfit/plugins/volume_binding/volume_binding.h"

#include <cmath>
#include <map>
#include <optional>
#include <utility>

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
  // Reserve's outcome: every claim was already bound (nothing to assume or write), or the
  // volumes and claims assumed on the chosen node, as assumed.
  bool all_bound = false;
  struct Reserved {
    std::string node;
    std::vector<std::pair<std::string, PersistentVolume>> bindings;  // claim "namespace/name", volume
    std::vector<PersistentVolumeClaim> provisions;
  };
  std::optional<Reserved> reserved;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<VolumeBindingState>(*this); }
};

std::string claim_key(const PersistentVolumeClaim& claim) {
  return claim.metadata.namespace_ + "/" + claim.metadata.name;
}

// arePodVolumesBound: every claim the pod's volumes name is fully bound (a missing claim is not).
bool pod_volumes_bound(const Pod& pod, const StorageLookup& storage) {
  for (const Volume& volume : pod.spec.volumes) {
    std::string name;
    if (volume.source.type == "persistentVolumeClaim") {
      name = volume.claim_name;
    } else if (volume.source.type == "ephemeral") {
      name = ephemeral_volume_claim_name(pod, volume);
    } else {
      continue;
    }
    const PersistentVolumeClaim* claim = storage.claim(pod.metadata.namespace_, name);
    if (claim == nullptr || !is_claim_fully_bound(*claim)) return false;
  }
  return true;
}

// podVolumesByNode[node]: what Filter found for the chosen node (FindPodVolumes again: the
// snapshot has not changed since), nullopt when it found nothing or the pod has no claims.
std::optional<PodVolumesOnNode> volumes_on(const VolumeBindingState& data, const std::string& node,
                                           const Snapshot& snapshot) {
  const NodeInfo* info = snapshot.find_node(node);
  if (!data.plan || info == nullptr) return std::nullopt;
  PodVolumesOnNode volumes = data.plan->find(info->node());
  if (volumes.error || !volumes.reasons.empty()) return std::nullopt;
  return volumes;
}

}  // namespace

VolumeBinding::VolumeBinding(const FeatureGates& gates, std::vector<VolumeBindingScorePoint> shape)
    : skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption),
      vac_enabled_(gates.volume_attributes_class),
      storage_capacity_scoring_(gates.storage_capacity_scoring),
      pv_affinity_reason_(gates.changes.volume_binding_pv_affinity_reason) {
  for (const auto& point : shape) shape_.push_back({point.utilization, point.score * (kMaxNodeScore / 10)});
}

std::string_view VolumeBinding::name() const { return names::kVolumeBinding; }

Status VolumeBinding::pre_filter(CycleState& state, const PodInfo& pod_info, const Snapshot& snapshot,
                                 PreFilterResult& /*result*/) const {
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
  const auto* data = state.read<VolumeBindingState>(kStateKey);
  // getStateData hands CycleState.Read's error over as is.
  if (data == nullptr) return Status::error("not found");
  if (!data->plan) return Status();  // the pod has no claims (PreFilter skipped the plugin)

  PodVolumesOnNode volumes = data->plan->find(node.node());
  if (volumes.error) return Status::error(std::move(*volumes.error));
  if (volumes.reasons.empty()) return Status();
  if (!pv_affinity_reason_) {
    for (std::string& reason : volumes.reasons) {
      if (reason == volume_binding_reasons::kNodeConflict) reason = volume_binding_reasons::kNodeConflictBefore133;
    }
  }
  return Status(Code::UnschedulableAndUnresolvable, std::move(volumes.reasons), std::move(volumes.details));
}

std::vector<VolumeBindingScorePoint> default_volume_binding_shape() { return {{0, 10}, {100, 0}}; }

namespace {

// A StorageClass's requested and available storage on a node.
struct ClassStorage {
  int64_t requested = 0;
  int64_t capacity = 0;
};

int64_t storage_of(const ResourceList* list) {
  if (list == nullptr) return 0;
  const Quantity* quantity = list->find(resource_names::kStorage);
  return quantity ? quantity->value() : 0;
}

int64_t claim_request(const PersistentVolumeClaim& claim) {
  const auto& requests = claim.spec.resources.requests;
  return storage_of(requests ? &*requests : nullptr);
}

}  // namespace

Status VolumeBinding::pre_score(CycleState& state, const PodInfo&, const Snapshot&,
                                std::span<const NodeInfo* const>) const {
  if (!storage_capacity_scoring_) return Status(Code::Skip);
  if (state.read<VolumeBindingState>(kStateKey) == nullptr) return Status::error("not found");
  return Status();
}

ScoreResult VolumeBinding::score(const CycleState& state, const PodInfo&, const NodeInfo& node) const {
  if (!storage_capacity_scoring_) return ScoreResult{};
  const auto* data = state.read<VolumeBindingState>(kStateKey);
  if (data == nullptr) return ScoreResult{0, Status::error("not found")};
  // kube-scheduler scores the volumes its Filter found for the node; a pod without claims or a
  // node that failed has none.
  if (!data->plan) return ScoreResult{};
  const PodVolumesOnNode volumes = data->plan->find(node.node());
  if (volumes.error || !volumes.reasons.empty()) return ScoreResult{};

  std::map<std::string, ClassStorage> classes;
  if (!volumes.static_bindings.empty()) {
    for (const auto& binding : volumes.static_bindings) {
      ClassStorage& storage = classes[binding.volume->storage_class_name];
      storage.requested += claim_request(*binding.claim);
      storage.capacity += storage_of(&binding.volume->capacity);
    }
  } else {
    for (const auto& provision : volumes.dynamic_provisions) {
      if (provision.capacity == nullptr) continue;
      ClassStorage& storage = classes[provision.claim->spec.storage_class_name.value_or("")];
      // Two claims of one class share the class's capacity on the node: it is set, not added.
      storage.capacity = provision.capacity->capacity ? provision.capacity->capacity->value() : 0;
      storage.requested += claim_request(*provision.claim);
    }
  }
  if (classes.empty()) return ScoreResult{};
  constexpr int64_t kMaxUtilization = 100;
  int64_t total = 0;
  for (const auto& [name, storage] : classes) {
    const int64_t utilization = storage.capacity == 0 || storage.requested > storage.capacity
                                    ? kMaxUtilization
                                    : storage.requested * kMaxUtilization / storage.capacity;
    total += broken_linear_function(shape_, utilization);
  }
  const double mean = static_cast<double>(total) / static_cast<double>(classes.size());
  return ScoreResult{static_cast<int64_t>(std::round(mean)), Status()};
}

PersistentVolume bind_volume_to_claim(const PersistentVolume& volume, const PersistentVolumeClaim& claim,
                                      bool* changed) {
  bool dirty = false;
  const bool set_bound_by_controller = !is_volume_bound_to_claim(volume, claim);
  PersistentVolume bound = volume;
  const auto& ref = volume.claim_ref;
  if (!ref || ref->name != claim.metadata.name || ref->namespace_ != claim.metadata.namespace_ ||
      ref->uid != claim.metadata.uid) {
    bound.claim_ref = ObjectReference{"PersistentVolumeClaim", claim.metadata.namespace_, claim.metadata.name,
                                      claim.metadata.uid};
    dirty = true;
  }
  constexpr std::string_view kBoundByController = "pv.kubernetes.io/bound-by-controller";
  if (set_bound_by_controller && !bound.metadata.annotations.contains(kBoundByController)) {
    bound.metadata.annotations.set(std::string(kBoundByController), "yes");
    dirty = true;
  }
  if (changed != nullptr) *changed = dirty;
  return bound;
}

Status VolumeBinding::reserve(CycleState& state, const PodInfo& pod, const std::string& node,
                              Snapshot& snapshot) const {
  auto* data = state.read_mutable<VolumeBindingState>(kStateKey);
  if (data == nullptr) return Status::error("not found");
  std::optional<PodVolumesOnNode> volumes = volumes_on(*data, node, snapshot);
  // A pod without claims has no volumes for any node: all bound.
  if (!volumes) {
    data->all_bound = true;
    return Status();
  }
  StorageLookup& storage = snapshot.mutable_storage();
  VolumeBindingState::Reserved reserved{node, {}, {}};
  if (pod_volumes_bound(pod.pod(), storage)) {
    data->all_bound = true;
    data->reserved = std::move(reserved);
    return Status();
  }
  for (const StaticBinding& binding : volumes->static_bindings) {
    bool changed = false;
    PersistentVolume bound = bind_volume_to_claim(*binding.volume, *binding.claim, &changed);
    if (changed) storage.assume_volume(bound);
    reserved.bindings.emplace_back(claim_key(*binding.claim), std::move(bound));
  }
  for (const DynamicProvision& provision : volumes->dynamic_provisions) {
    PersistentVolumeClaim claim = *provision.claim;
    claim.metadata.annotations.set(std::string(volume_annotations::kSelectedNode), node);
    storage.assume_claim(claim);
    reserved.provisions.push_back(std::move(claim));
  }
  data->all_bound = false;
  data->reserved = std::move(reserved);
  return Status();
}

void VolumeBinding::unreserve(CycleState& state, const PodInfo&, const std::string& node, Snapshot& snapshot) const {
  auto* data = state.read_mutable<VolumeBindingState>(kStateKey);
  if (data == nullptr) return;
  StorageLookup& storage = snapshot.mutable_storage();
  if (data->reserved && data->reserved->node == node) {
    for (const auto& [claim, volume] : data->reserved->bindings) storage.restore_volume(volume.metadata.name);
    for (const auto& claim : data->reserved->provisions) {
      storage.restore_claim(claim.metadata.namespace_, claim.metadata.name);
    }
    return;
  }
  std::optional<PodVolumesOnNode> volumes = volumes_on(*data, node, snapshot);
  if (!volumes) return;
  for (const StaticBinding& binding : volumes->static_bindings) storage.restore_volume(binding.volume->metadata.name);
  for (const DynamicProvision& provision : volumes->dynamic_provisions) {
    storage.restore_claim(provision.claim->metadata.namespace_, provision.claim->metadata.name);
  }
}

namespace {

const char* const kNoPodVolumeForNode = "no pod volume found for node";

}  // namespace

Status VolumeBinding::pre_bind_pre_flight(const CycleState& state, const PodInfo&, const std::string& node) const {
  const auto* data = state.read<VolumeBindingState>(kStateKey);
  if (data == nullptr) return Status::error("not found");
  if (data->all_bound) return Status(Code::Skip);
  if (!data->reserved || data->reserved->node != node) {
    return Status::error(fmt::format("{} \"{}\"", kNoPodVolumeForNode, node));
  }
  return Status();
}

Status VolumeBinding::pre_bind(CycleState& state, const PodInfo&, const std::string& node,
                               std::vector<std::string>& writes) const {
  const auto* data = state.read<VolumeBindingState>(kStateKey);
  if (data == nullptr) return Status::error("not found");
  if (data->all_bound) return Status();
  if (!data->reserved || data->reserved->node != node) {
    return Status::error(fmt::format("{} \"{}\"", kNoPodVolumeForNode, node));
  }
  for (const auto& [claim, volume] : data->reserved->bindings) {
    writes.push_back(fmt::format("update PersistentVolume {}: claimRef {}", volume.metadata.name, claim));
  }
  for (const auto& claim : data->reserved->provisions) {
    writes.push_back(fmt::format("update PersistentVolumeClaim {}: {}={}", claim_key(claim),
                                 volume_annotations::kSelectedNode, node));
  }
  return Status();
}

std::unique_ptr<Plugin> new_volume_binding(const PluginContext& context) {
  return std::make_unique<VolumeBinding>(context.gates);
}

}  // namespace podfit
