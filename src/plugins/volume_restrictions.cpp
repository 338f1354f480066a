#include "podfit/plugins/volume_restrictions.h"

#include <algorithm>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/pod_resources.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr std::string_view kGcePersistentDisk = "gcePersistentDisk";
constexpr std::string_view kAwsElasticBlockStore = "awsElasticBlockStore";
constexpr std::string_view kRbd = "rbd";
constexpr std::string_view kIscsi = "iscsi";
constexpr std::string_view kReadWriteOncePod = "ReadWriteOncePod";

// The pod's ReadWriteOncePod claims and how many of them some scheduled pod already uses.
struct VolumeRestrictionsState final : StateData {
  std::set<std::string> read_write_once_pod_claims;
  int conflicting_claim_ref_count = 0;
  std::vector<std::string> conflict_details;  // one line per claim in use
  std::unique_ptr<StateData> clone() const override { return std::make_unique<VolumeRestrictionsState>(*this); }
};

// needsRestrictionsCheck: the in-tree disks whose mounts can conflict on a node.
bool needs_restrictions_check(const Volume& volume) {
  const std::string& type = volume.source.type;
  return type == kGcePersistentDisk || type == kAwsElasticBlockStore || type == kRbd || type == kIscsi;
}

// haveOverlap: the two monitor lists share an entry; that entry, for the explanation.
std::optional<std::string> shared_monitor(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  for (const auto& monitor : b) {
    if (std::find(a.begin(), a.end(), monitor) != a.end()) return monitor;
  }
  return std::nullopt;
}

// One explanation for a conflict on a disk mounted by `holder`: EBS conflicts whatever the
// modes; the others only when the existing mount or the pod's is read-write.
std::string describe_conflict(const std::string& disk, const Volume& existing, const PodInfo& holder,
                              bool mode_matters) {
  if (!mode_matters) return fmt::format("disk {} is already mounted by {} on this node", disk, holder.key());
  if (!existing.source.read_only) {
    return fmt::format("disk {} is already mounted read-write by {} on this node", disk, holder.key());
  }
  return fmt::format("disk {} is mounted read-only by {} on this node and the pod mounts it read-write", disk,
                     holder.key());
}

// isVolumeConflict for one existing volume; the explanation when it conflicts.
std::optional<std::string> volume_conflict(const Volume& volume, const Volume& existing, const PodInfo& holder) {
  const VolumeSource& mine = volume.source;
  const VolumeSource& theirs = existing.source;
  if (mine.type != theirs.type) return std::nullopt;
  const bool both_read_only = mine.read_only && theirs.read_only;
  if (mine.type == kGcePersistentDisk) {
    if (mine.pd_name == theirs.pd_name && !both_read_only) {
      return describe_conflict("pd/" + mine.pd_name, existing, holder, true);
    }
  } else if (mine.type == kAwsElasticBlockStore) {
    if (mine.volume_id == theirs.volume_id) {
      return describe_conflict("ebs/" + mine.volume_id, existing, holder, false);
    }
  } else if (mine.type == kIscsi) {
    if (mine.iscsi_iqn == theirs.iscsi_iqn && !both_read_only) {
      return describe_conflict("iscsi/" + mine.iscsi_iqn, existing, holder, true);
    }
  } else if (mine.type == kRbd) {
    auto monitor = shared_monitor(mine.ceph_monitors, theirs.ceph_monitors);
    if (monitor && mine.rbd_pool == theirs.rbd_pool && mine.rbd_image == theirs.rbd_image && !both_read_only) {
      return describe_conflict(fmt::format("rbd/{}/{} (monitor {})", mine.rbd_pool, mine.rbd_image, *monitor), existing,
                               holder, true);
    }
  }
  return std::nullopt;
}

// NotFound from the claim lister, as err.Error() prints it.
std::string claim_not_found(const std::string& name) {
  return fmt::format("persistentvolumeclaim {} not found", field::go_quote(name));
}

// The first pod of the snapshot using the claim, for the explanation.
std::string claim_user(const Snapshot& snapshot, const std::string& namespace_, const std::string& claim) {
  for (const auto& node : snapshot.nodes()) {
    for (const PodInfo* pod : node->pods()) {
      if (pod->pod().metadata.namespace_ != namespace_) continue;
      for (const auto& volume : pod->pod().spec.volumes) {
        if (volume.source.type == kPersistentVolumeClaimSource && volume.claim_name == claim) {
          return fmt::format("{} on node {}", pod->key(), node->name());
        }
      }
    }
  }
  return "a pod";
}

}  // namespace

VolumeRestrictions::VolumeRestrictions(const FeatureGates& gates)
    : skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption),
      rwop_reason_reworded_(gates.changes.volume_restrictions_rwop_reason) {}

std::string_view VolumeRestrictions::name() const { return names::kVolumeRestrictions; }

Status VolumeRestrictions::pre_filter(CycleState& state, const PodInfo& pod_info, const Snapshot& snapshot,
                                      PreFilterResult&) const {
  const Pod& pod = pod_info.pod();
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod)) return Status(Code::Skip);
  const bool needs_check = std::any_of(pod.spec.volumes.begin(), pod.spec.volumes.end(), needs_restrictions_check);

  // readWriteOncePodPVCsForPod: every claim must exist, whatever its access modes.
  const std::string& ns = pod.metadata.namespace_;
  auto data = std::make_unique<VolumeRestrictionsState>();
  std::vector<std::string> in_order;
  for (const auto& volume : pod.spec.volumes) {
    if (volume.source.type != kPersistentVolumeClaimSource) continue;
    const PersistentVolumeClaim* claim = snapshot.storage().claim(ns, volume.claim_name);
    if (claim == nullptr) {
      return Status(Code::UnschedulableAndUnresolvable, {claim_not_found(volume.claim_name)},
                    {fmt::format("claim {}/{} (volume {}) does not exist", ns, volume.claim_name, volume.name)});
    }
    const auto& modes = claim->spec.access_modes;
    if (std::find(modes.begin(), modes.end(), kReadWriteOncePod) == modes.end()) continue;
    if (data->read_write_once_pod_claims.insert(claim->metadata.name).second) in_order.push_back(claim->metadata.name);
  }

  // calPreFilterState: at most one pod may use a ReadWriteOncePod claim, so each used one counts once.
  for (const auto& claim : in_order) {
    if (!snapshot.is_pvc_used_by_pods(ns + "/" + claim)) continue;
    ++data->conflicting_claim_ref_count;
    data->conflict_details.push_back(fmt::format("claim {}/{} uses ReadWriteOncePod and is already used by {}", ns,
                                                 claim, claim_user(snapshot, ns, claim)));
  }

  if (!needs_check && data->conflicting_claim_ref_count == 0) return Status(Code::Skip);
  state.write(std::string(kStateKey), std::move(data));
  return Status();
}

Status VolumeRestrictions::filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status();
  if (auto conflict = find_disk_conflict(pod.pod(), node)) {
    return Status(Code::Unschedulable, {std::string(kErrReasonDiskConflict)}, {std::move(*conflict)});
  }
  const auto* data = state.read<VolumeRestrictionsState>(kStateKey);
  if (data == nullptr) return Status::error(fmt::format("cannot read \"{}\" from cycleState", kStateKey));
  if (data->conflicting_claim_ref_count > 0) {
    return Status(Code::Unschedulable,
                  {std::string(rwop_reason_reworded_ ? kErrReasonReadWriteOncePodConflict
                                                     : kErrReasonReadWriteOncePodConflictBefore134)},
                  data->conflict_details);
  }
  return Status();
}

namespace {

// conflictingPVCRefCountForPod: the other pod's volumes naming one of the claims (whatever
// the other pod's namespace).
int claim_refs_of(const VolumeRestrictionsState& data, const Pod& other) {
  int refs = 0;
  for (const auto& volume : other.spec.volumes) {
    if (volume.source.type == kPersistentVolumeClaimSource && data.read_write_once_pod_claims.contains(volume.claim_name)) {
      ++refs;
    }
  }
  return refs;
}

}  // namespace

Status VolumeRestrictions::add_pod(CycleState& state, const PodInfo& added) const {
  auto* data = state.read_mutable<VolumeRestrictionsState>(kStateKey);
  if (data == nullptr) return Status::error(fmt::format("cannot read \"{}\" from cycleState", kStateKey));
  data->conflicting_claim_ref_count += claim_refs_of(*data, added.pod());
  return Status();
}

Status VolumeRestrictions::remove_pod(CycleState& state, const PodInfo& removed) const {
  auto* data = state.read_mutable<VolumeRestrictionsState>(kStateKey);
  if (data == nullptr) return Status::error(fmt::format("cannot read \"{}\" from cycleState", kStateKey));
  data->conflicting_claim_ref_count -= claim_refs_of(*data, removed.pod());
  return Status();
}

std::optional<std::string> find_disk_conflict(const Pod& pod, const NodeInfo& node) {
  for (const auto& volume : pod.spec.volumes) {
    if (!needs_restrictions_check(volume)) continue;
    for (const PodInfo* existing : node.pods()) {
      for (const auto& existing_volume : existing->pod().spec.volumes) {
        if (auto conflict = volume_conflict(volume, existing_volume, *existing)) return conflict;
      }
    }
  }
  return std::nullopt;
}

std::unique_ptr<Plugin> new_volume_restrictions(const PluginContext& context) {
  return std::make_unique<VolumeRestrictions>(context.gates);
}

}  // namespace podfit
