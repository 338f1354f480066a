#include "podfit/plugins/volume_zone.h"

#include <array>
#include <vector>

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/pod_resources.h"
#include "podfit/model/storage.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr std::string_view kWaitForFirstConsumer = "WaitForFirstConsumer";
constexpr std::string_view kMultiZoneDelimiter = "__";

// topologyLabels, in kube-scheduler's order: the first mismatch decides.
constexpr std::array<std::string_view, 4> kTopologyLabels = {
    VolumeZone::kBetaZoneLabel, VolumeZone::kBetaRegionLabel, VolumeZone::kZoneLabel, VolumeZone::kRegionLabel};

// One topology label of a bound PV (pvTopology), with what the explanation names.
struct PvTopology {
  std::string pv_name;
  std::string claim;  // "namespace/name"
  std::string key;
  std::string value;  // the label as written, "__"-separated when multi-zone
  std::set<std::string> values;
};

// The bound volumes' topology; a lookup that failed in PreFilter is kept so that Filter gives
// the same answer kube-scheduler's Filter gets by looking the volumes up again.
struct VolumeZoneState final : StateData {
  std::vector<PvTopology> topologies;
  std::optional<Status> lookup_failure;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<VolumeZoneState>(*this); }
};

// translateToGALabel: a beta volume label may be matched by the node's GA label.
std::string_view ga_label(std::string_view label) {
  if (label == VolumeZone::kBetaRegionLabel) return VolumeZone::kRegionLabel;
  if (label == VolumeZone::kBetaZoneLabel) return VolumeZone::kZoneLabel;
  return label;
}

Status unresolvable(std::string reason, std::string detail) {
  return Status(Code::UnschedulableAndUnresolvable, {std::move(reason)}, {std::move(detail)});
}

// getPVTopologies: the PV's topology labels that parse (unparsable multi-zone values are ignored).
void append_topologies(const PersistentVolume& pv, const std::string& claim, std::vector<PvTopology>& out) {
  for (std::string_view key : kTopologyLabels) {
    const std::string* value = pv.metadata.labels.find(key);
    if (value == nullptr) continue;
    auto zones = label_zones_to_set(*value);
    if (!zones) continue;
    out.push_back(PvTopology{pv.metadata.name, claim, std::string(key), *value, std::move(*zones)});
  }
}

// getPVbyPod: the topology of every bound volume of the pod's claims, or the status that
// rejects the pod.
Status collect_topologies(const Pod& pod, const StorageLookup& storage, std::vector<PvTopology>& out) {
  const std::string& ns = pod.metadata.namespace_;
  for (const auto& volume : pod.spec.volumes) {
    if (volume.source.type != kPersistentVolumeClaimSource) continue;
    const std::string& name = volume.claim_name;
    const std::string claim_key = ns + "/" + name;
    if (name.empty()) {
      return unresolvable("PersistentVolumeClaim had no name", fmt::format("volume {} names no claim", volume.name));
    }
    const PersistentVolumeClaim* claim = storage.claim(ns, name);
    if (claim == nullptr) {
      return unresolvable(fmt::format("persistentvolumeclaim {} not found", field::go_quote(name)),
                          fmt::format("claim {} (volume {}) does not exist", claim_key, volume.name));
    }
    const std::string& pv_name = claim->spec.volume_name;
    if (pv_name.empty()) {
      const std::string class_name = persistent_volume_claim_class(*claim);
      if (class_name.empty()) {
        return unresolvable("PersistentVolumeClaim had no pv name and storageClass name",
                            fmt::format("claim {} is not bound to a PersistentVolume and names no StorageClass",
                                        claim_key));
      }
      const StorageClass* storage_class = storage.storage_class(class_name);
      if (storage_class == nullptr) {
        return unresolvable(fmt::format("storageclass.storage.k8s.io {} not found", field::go_quote(class_name)),
                            fmt::format("claim {} is not bound and its StorageClass {} does not exist", claim_key,
                                        class_name));
      }
      const std::string& mode = storage_class->volume_binding_mode;
      if (mode.empty()) {
        return unresolvable(fmt::format("VolumeBindingMode not set for StorageClass {}", field::go_quote(class_name)),
                            fmt::format("claim {} is not bound and StorageClass {} has no volumeBindingMode",
                                        claim_key, class_name));
      }
      if (mode == kWaitForFirstConsumer) continue;  // bound once a node is picked
      return unresolvable("PersistentVolume had no name",
                          fmt::format("claim {} is not bound yet and StorageClass {} has volumeBindingMode {}",
                                      claim_key, class_name, mode));
    }
    const PersistentVolume* pv = storage.volume(pv_name);
    if (pv == nullptr) {
      return unresolvable(fmt::format("persistentvolume {} not found", field::go_quote(pv_name)),
                          fmt::format("claim {} is bound to PersistentVolume {}, which does not exist", claim_key,
                                      pv_name));
    }
    append_topologies(*pv, claim_key, out);
  }
  return Status();
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

std::string_view trim_space(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<std::set<std::string>> label_zones_to_set(std::string_view value) {
  std::set<std::string> zones;
  while (true) {
    const size_t at = value.find(kMultiZoneDelimiter);
    const std::string_view zone = trim_space(value.substr(0, at));
    if (zone.empty()) return std::nullopt;
    zones.emplace(zone);
    if (at == std::string_view::npos) break;
    value.remove_prefix(at + kMultiZoneDelimiter.size());
  }
  return zones;
}

VolumeZone::VolumeZone(const FeatureGates& gates)
    : skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption) {}

std::string_view VolumeZone::name() const { return names::kVolumeZone; }

Status VolumeZone::pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                              PreFilterResult&) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status(Code::Skip);
  auto data = std::make_unique<VolumeZoneState>();
  Status status = collect_topologies(pod.pod(), snapshot.storage(), data->topologies);
  if (!status.is_success()) {
    data->topologies.clear();
    data->lookup_failure = status;
    state.write(std::string(kStateKey), std::move(data));
    return status;
  }
  const bool none = data->topologies.empty();
  state.write(std::string(kStateKey), std::move(data));
  return none ? Status(Code::Skip) : Status();
}

Status VolumeZone::filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status();
  // A pod without volumes fits everywhere, state or not.
  if (pod.pod().spec.volumes.empty()) return Status();
  const auto* data = state.read<VolumeZoneState>(kStateKey);
  if (data == nullptr) return Status::error(fmt::format("reading \"{}\" from cycleState: not found", kStateKey));
  if (data->lookup_failure) return *data->lookup_failure;

  // A node without any zone or region label: a single-zone cluster, where every volume fits.
  const StringMap& labels = node.node().metadata.labels;
  bool constrained = false;
  for (std::string_view key : kTopologyLabels) constrained = constrained || labels.contains(key);
  if (!constrained) return Status();

  std::vector<std::string> details;
  for (const auto& topology : data->topologies) {
    std::string_view node_key = topology.key;
    const std::string* value = labels.find(node_key);
    if (value == nullptr) {
      node_key = ga_label(topology.key);
      value = labels.find(node_key);
    }
    if (value != nullptr && topology.values.contains(*value)) continue;
    std::string where;
    if (value != nullptr) {
      where = fmt::format("node is in {}={}", node_key, *value);
    } else if (node_key != topology.key) {
      where = fmt::format("node has neither label {} nor {}", topology.key, node_key);
    } else {
      where = fmt::format("node has no label {}", topology.key);
    }
    details.push_back(fmt::format("volume {} (claim {}) is in {}={}, {}", topology.pv_name, topology.claim,
                                  topology.key, topology.value, where));
  }
  if (details.empty()) return Status();
  return Status(Code::UnschedulableAndUnresolvable, {std::string(kErrReasonConflict)}, std::move(details));
}

std::unique_ptr<Plugin> new_volume_zone(const PluginContext& context) {
  return std::make_unique<VolumeZone>(context.gates);
}

}  // namespace podfit
