// VolumeRestrictions: an in-tree disk (GCE PD, AWS EBS, Ceph RBD, iSCSI) that a pod on the node
// already mounts may not be mounted again in a conflicting way, and a claim with the
// ReadWriteOncePod access mode may be used by a single pod in the whole cluster.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/pod.h"
#include "podfit/snapshot/node_info.h"

namespace podfit {

class VolumeRestrictions final : public PreFilterPlugin, public SkipScopedFilterPlugin {
 public:
  // The reason kube-scheduler gives for a node where one of the pod's in-tree disks conflicts.
  static constexpr std::string_view kErrReasonDiskConflict = "node(s) had no available disk";
  // The reason for every node when a ReadWriteOncePod claim of the pod is already in use.
  static constexpr std::string_view kErrReasonReadWriteOncePodConflict =
      "node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod";
  // The same reason before v1.34.
  static constexpr std::string_view kErrReasonReadWriteOncePodConflictBefore134 =
      "node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode";
  // CycleState key of the pod's ReadWriteOncePod claims ("PreFilter" + plugin name, as kube-scheduler).
  static constexpr std::string_view kStateKey = "PreFilterVolumeRestrictions";

  explicit VolumeRestrictions(const FeatureGates& gates);

  std::string_view name() const override;
  // Looks up every persistentVolumeClaim volume's claim (UnschedulableAndUnresolvable
  // `persistentvolumeclaim "<name>" not found` when one is missing, whatever its access
  // mode) and counts the ReadWriteOncePod ones some pod of the snapshot already uses.
  // Skip when the pod has no in-tree disk and no such claim is in use, or when
  // InPlacePodVerticalScalingSchedulerPreemption is on and the pod's resize is Deferred.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  // Unschedulable (disk conflict) when an in-tree disk conflicts with a pod on the node, checked
  // before the cycle state is read; then Error when PreFilter stored nothing; then
  // Unschedulable (ReadWriteOncePod) when a claim of the pod is already in use.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  // PreFilterExtensions.AddPod / RemovePod (preemption's dry run, nominated pods): the count of
  // claims in use moves by how many of the other pod's volumes name one of the pod's
  // ReadWriteOncePod claims, by name only, as upstream counts them; a no-op without state.
  Status add_pod(CycleState& state, const PodInfo& added) const;
  Status remove_pod(CycleState& state, const PodInfo& removed) const;

 private:
  bool skip_deferred_resize_;
  bool rwop_reason_reworded_;  // v1.34 on
};

// satisfyVolumeConflicts negated: the first of the pod's in-tree disks that a pod on the node
// already mounts in a conflicting way, described (e.g. "disk pd/my-disk is already mounted
// read-write by shop/db-0 on this node"); nullopt when there is none.
//  - gcePersistentDisk: same pdName, unless both mounts are read-only;
//  - awsElasticBlockStore: same volumeID, whatever the modes;
//  - rbd: a shared monitor, same pool and image, unless both mounts are read-only;
//  - iscsi: same IQN, unless both mounts are read-only.
std::optional<std::string> find_disk_conflict(const Pod& pod, const NodeInfo& node);

// Registry factory.
std::unique_ptr<Plugin> new_volume_restrictions(const PluginContext& context);

}  // namespace podfit
