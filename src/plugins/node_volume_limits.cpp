#include "podfit/plugins/node_volume_limits.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <optional>
#include <vector>

#include "podfit/framework/names.h"
#include "podfit/model/csi_translation.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/pod_resources.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr std::string_view kEphemeral = "ephemeral";
constexpr std::string_view kCsi = "csi";
// Stands in for kube-scheduler's random prefix of the handles it invents for unbound claims:
// a leading control character no real volume handle starts with.
constexpr std::string_view kUnboundClaimHandlePrefix =
    "\x1f"
    "unbound";

// The storage lookups Filter needs, handed over by PreFilter.
struct NodeVolumeLimitsState final : StateData {
  const StorageLookup* storage = nullptr;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<NodeVolumeLimitsState>(*this); }
};

// A volume counted against a driver, and how podfit names it in details.
struct CountedVolume {
  std::string driver;
  std::string description;
};

// "driver/handle" -> the volume (kube-scheduler's volumeUniqueName -> driver name map).
using VolumeMap = std::map<std::string, CountedVolume>;

// A failure while resolving a pod's volumes; NotFound claims of the new pod are the only
// UnschedulableAndUnresolvable ones, everything else is an Error.
struct ResolveFailure {
  bool claim_not_found = false;
  std::string message;
  std::string detail;
};

std::string unique_name(std::string_view driver, std::string_view handle) {
  return fmt::format("{}/{}", driver, handle);
}

// metav1.IsControlledBy: the claim's controller owner reference carries the pod's UID.
bool controlled_by(const PersistentVolumeClaim& claim, const Pod& pod) {
  for (const auto& ref : claim.metadata.owner_references) {
    if (ref.controller) return ref.uid == pod.metadata.uid;
  }
  return false;
}

// Resolves the volumes of one pod against one node's CSINode (CSILimits.filterAttachableVolumes).
class VolumeResolver {
 public:
  VolumeResolver(const StorageLookup& storage, const CSINode* csi_node) : storage_(storage), csi_node_(csi_node) {}

  // Adds the pod's countable volumes to `out`. A missing claim stops a new pod and is ignored
  // for a pod already on the node.
  std::optional<ResolveFailure> collect(const Pod& pod, bool new_pod, VolumeMap& out) const {
    const std::string& ns = pod.metadata.namespace_;
    for (const auto& volume : pod.spec.volumes) {
      std::string claim_name;
      const bool ephemeral = volume.source.type == kEphemeral;
      if (volume.source.type == kPersistentVolumeClaimSource) {
        claim_name = volume.claim_name;
      } else if (ephemeral) {
        claim_name = pod.metadata.name + "-" + volume.name;
      } else {
        if (auto failure = collect_inline(pod, volume, out)) return failure;
        continue;
      }
      if (claim_name.empty()) return ResolveFailure{false, "PersistentVolumeClaim had no name", {}};
      const PersistentVolumeClaim* claim = storage_.claim(ns, claim_name);
      if (claim == nullptr) {
        if (!new_pod) continue;  // a running pod's claim may have gone; its volume is not counted
        return ResolveFailure{true,
                              fmt::format("looking up PVC {}/{}: persistentvolumeclaim {} not found", ns, claim_name,
                                          field::go_quote(claim_name)),
                              fmt::format("volume {}: claim {}/{} does not exist", volume.name, ns, claim_name)};
      }
      if (ephemeral && (claim->metadata.namespace_ != ns || !controlled_by(*claim, pod))) {
        return ResolveFailure{false,
                              fmt::format("PVC {}/{} was not created for pod {}/{} (pod is not owner)",
                                          claim->metadata.namespace_, claim->metadata.name, ns, pod.metadata.name),
                              {}};
      }
      auto [driver, handle] = driver_and_handle(*claim);
      if (driver.empty() || handle.empty()) continue;
      out[unique_name(driver, handle)] = CountedVolume{driver, fmt::format("claim {}/{}", ns, claim_name)};
    }
    return std::nullopt;
  }

 private:
  // checkAttachableInlineVolume: only migrated in-tree volumes count.
  std::optional<ResolveFailure> collect_inline(const Pod& pod, const Volume& volume, VolumeMap& out) const {
    if (!is_inline_migratable(volume)) return std::nullopt;
    auto plugin = in_tree_plugin_name_from_volume(volume);
    if (!plugin.has_value()) {
      return ResolveFailure{
          false, fmt::format("looking up provisioner name for volume {}: {}", volume.name, plugin.error), {}};
    }
    if (!is_csi_migration_on_for_volume_limits(csi_node_, *plugin.value)) return std::nullopt;
    auto translated = translate_in_tree_inline_volume_to_csi(volume, pod.metadata.namespace_);
    if (!translated.has_value()) {
      return ResolveFailure{
          false, fmt::format("converting volume({}) from inline to csi: {}", volume.name, translated.error), {}};
    }
    auto driver = csi_name_from_in_tree_name(*plugin.value);
    if (!driver.has_value()) {
      return ResolveFailure{
          false, fmt::format("looking up CSI driver name for provisioner {}: {}", *plugin.value, driver.error), {}};
    }
    const VolumeSource& csi = translated.value->source;
    if (csi.type != kCsi) return std::nullopt;
    out[unique_name(*driver.value, csi.csi_volume_handle)] =
        CountedVolume{*driver.value, fmt::format("inline {} volume {}", volume.source.type, volume.name)};
    return std::nullopt;
  }

  // getCSIDriverInfo: the bound PV's CSI driver and handle (translated when in-tree and
  // migrated); the StorageClass's when the claim is unbound or its PV is missing.
  std::pair<std::string, std::string> driver_and_handle(const PersistentVolumeClaim& claim) const {
    const std::string& pv_name = claim.spec.volume_name;
    if (pv_name.empty()) return from_storage_class(claim);
    const PersistentVolume* pv = storage_.volume(pv_name);
    if (pv == nullptr) return from_storage_class(claim);
    if (pv->source.type == kCsi) return {pv->source.csi_driver, pv->source.csi_volume_handle};
    if (!is_pv_migratable(*pv)) return {};
    auto plugin = in_tree_plugin_name_from_pv(*pv);
    if (!plugin.has_value() || !is_csi_migration_on_for_volume_limits(csi_node_, *plugin.value)) return {};
    auto translated = translate_in_tree_pv_to_csi(*pv);
    if (!translated.has_value() || translated.value->source.type != kCsi) return {};
    return {translated.value->source.csi_driver, translated.value->source.csi_volume_handle};
  }

  // getCSIDriverInfoFromSC: the class's provisioner (its CSI driver when in-tree and migrated)
  // and a handle private to the claim, so that pods sharing it count it once.
  std::pair<std::string, std::string> from_storage_class(const PersistentVolumeClaim& claim) const {
    const std::string class_name = persistent_volume_claim_class(claim);
    if (class_name.empty()) return {};
    const StorageClass* storage_class = storage_.storage_class(class_name);
    if (storage_class == nullptr) return {};
    std::string handle =
        fmt::format("{}-{}/{}", kUnboundClaimHandlePrefix, claim.metadata.namespace_, claim.metadata.name);
    const std::string& provisioner = storage_class->provisioner;
    if (is_migratable_in_tree_plugin_by_name(provisioner)) {
      if (!is_csi_migration_on_for_volume_limits(csi_node_, provisioner)) return {};
      auto driver = csi_name_from_in_tree_name(provisioner);
      if (!driver.has_value()) return {};
      return {*driver.value, std::move(handle)};
    }
    return {provisioner, std::move(handle)};
  }

  const StorageLookup& storage_;
  const CSINode* csi_node_;
};

// getVolumeLimits: driver -> allocatable.count, for the drivers that report one.
std::map<std::string, int64_t> volume_limits(const CSINode* csi_node) {
  std::map<std::string, int64_t> limits;
  if (csi_node == nullptr) return limits;
  for (const auto& driver : csi_node->drivers) {
    if (driver.allocatable_count) limits[driver.name] = *driver.allocatable_count;
  }
  return limits;
}

// checkCSIDriverOnNode: a driver only has to be on the node when its CSIDriver opts in.
bool driver_installed(const StorageLookup& storage, const std::string& driver, const CSINode* csi_node) {
  const CSIDriver* csi_driver = storage.csi_driver(driver);
  if (csi_driver == nullptr || !csi_driver->prevent_pod_scheduling_if_missing.value_or(false)) return true;
  if (csi_node == nullptr) return false;
  for (const auto& d : csi_node->drivers) {
    if (d.name == driver) return true;
  }
  return false;
}

std::string driver_missing_detail(const std::string& driver, const CSINode* csi_node, const std::string& node) {
  if (csi_node == nullptr) {
    return fmt::format("CSIDriver {} sets preventPodSchedulingIfMissing and node {} has no CSINode", driver, node);
  }
  return fmt::format("CSIDriver {} sets preventPodSchedulingIfMissing and CSINode {} does not list it", driver,
                     csi_node->metadata.name);
}

}  // namespace

NodeVolumeLimits::NodeVolumeLimits(const FeatureGates& gates)
    : skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption),
      volume_limit_scaling_(gates.volume_limit_scaling) {}

std::string_view NodeVolumeLimits::name() const { return names::kNodeVolumeLimits; }

Status NodeVolumeLimits::pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                                    PreFilterResult&) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status(Code::Skip);
  for (const auto& volume : pod.pod().spec.volumes) {
    const std::string& type = volume.source.type;
    if (type == kPersistentVolumeClaimSource || type == kEphemeral || is_inline_migratable(volume)) {
      auto data = std::make_unique<NodeVolumeLimitsState>();
      data->storage = &snapshot.storage();
      state.write(std::string(kStateKey), std::move(data));
      return Status();
    }
  }
  return Status(Code::Skip);
}

Status NodeVolumeLimits::filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status();
  if (pod.pod().spec.volumes.empty()) return Status();
  const auto* data = state.read<NodeVolumeLimitsState>(kStateKey);
  if (data == nullptr) return Status::error(fmt::format("reading \"{}\" from cycleState: not found", kStateKey));
  const StorageLookup& storage = *data->storage;

  // A node without a CSINode has no limits and migrates nothing.
  const CSINode* csi_node = storage.csi_node(node.name());
  const VolumeResolver resolver(storage, csi_node);

  VolumeMap new_volumes;
  if (auto failure = resolver.collect(pod.pod(), true, new_volumes)) {
    if (failure->claim_not_found) {
      return Status(Code::UnschedulableAndUnresolvable, {failure->message}, {failure->detail});
    }
    return Status::error(failure->message);
  }
  if (new_volumes.empty()) return Status();

  if (volume_limit_scaling_) {
    // kube-scheduler visits the drivers in map order; podfit names the first one by name.
    for (const auto& [unique, volume] : new_volumes) {
      if (driver_installed(storage, volume.driver, csi_node)) continue;
      return Status(Code::Unschedulable, {fmt::format("{} CSI driver is not installed on the node", volume.driver)},
                    {driver_missing_detail(volume.driver, csi_node, node.name())});
    }
  }

  const auto limits = volume_limits(csi_node);
  if (limits.empty()) return Status();

  VolumeMap attached;
  for (const PodInfo* existing : node.pods()) {
    if (auto failure = resolver.collect(existing->pod(), false, attached)) return Status::error(failure->message);
  }
  // A volume the pod shares with a pod on the node is already attached.
  std::map<std::string, int64_t> attached_count;
  for (const auto& [unique, volume] : attached) {
    new_volumes.erase(unique);
    ++attached_count[volume.driver];
  }

  std::map<std::string, std::vector<std::string>> new_by_driver;
  for (const auto& [unique, volume] : new_volumes) new_by_driver[volume.driver].push_back(volume.description);

  Status status;
  for (const auto& [driver, descriptions] : new_by_driver) {
    auto limit = limits.find(driver);
    if (limit == limits.end()) continue;
    const int64_t existing = attached_count[driver];
    const auto added = static_cast<int64_t>(descriptions.size());
    if (existing + added <= limit->second) continue;
    if (status.is_success()) status = Status(Code::Unschedulable, std::string(kErrReasonMaxVolumeCountExceeded));
    status.with_detail(
        fmt::format("driver {}: {} volumes attached ({} by existing pods + {} new: {}), limit {} "
                    "(CSINode {})",
                    driver, existing + added, existing, added, fmt::join(descriptions, ", "), limit->second,
                    csi_node->metadata.name));
  }
  return status;
}

bool is_csi_migration_on_for_volume_limits(const CSINode* csi_node, std::string_view in_tree_plugin_name) {
  if (csi_node == nullptr || in_tree_plugin_name.empty()) return false;
  return in_tree_plugin_name == kAwsEbsInTreePluginName || in_tree_plugin_name == kPortworxInTreePluginName ||
         in_tree_plugin_name == kGcePdInTreePluginName || in_tree_plugin_name == kAzureDiskInTreePluginName ||
         in_tree_plugin_name == kCinderInTreePluginName;
}

std::unique_ptr<Plugin> new_node_volume_limits(const PluginContext& context) {
  return std::make_unique<NodeVolumeLimits>(context.gates);
}

}  // namespace podfit
