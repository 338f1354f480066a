// NodeVolumeLimits: the CSI volumes the pod would add to a node, counted per driver together
// with those its pods already use, must stay within the node's CSINode allocatable counts.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/storage.h"
#include "podfit/model/volume.h"

namespace podfit {

class NodeVolumeLimits final : public PreFilterPlugin, public SkipScopedFilterPlugin {
 public:
  // The reason kube-scheduler gives for a node whose driver limit the pod would exceed.
  static constexpr std::string_view kErrReasonMaxVolumeCountExceeded = "node(s) exceed max volume count";
  // CycleState key ("PreFilter" + plugin name); it carries the snapshot's storage lookups, which
  // kube-scheduler's Filter reads from its listers.
  static constexpr std::string_view kStateKey = "PreFilterNodeVolumeLimits";

  explicit NodeVolumeLimits(const FeatureGates& gates);

  std::string_view name() const override;
  // Skip unless some volume is a persistentVolumeClaim, a generic ephemeral volume or an inline
  // in-tree volume csi-translation-lib can migrate (inline csi volumes do not count); Skip too
  // when InPlacePodVerticalScalingSchedulerPreemption is on and the pod's resize is Deferred.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  // kube-scheduler's CSILimits Filter: the pod's volumes are resolved to "driver/handle" (bound
  // PV csi source or its in-tree translation; unbound claim: its StorageClass provisioner and a
  // handle private to the claim; migrated inline volumes: their translation), deduplicated
  // against the node's pods, and each driver's total compared with CSINode allocatable.count.
  // UnschedulableAndUnresolvable when one of the pod's claims does not exist; Error for a
  // generic ephemeral claim the pod does not own or an untranslatable inline volume; with
  // VolumeLimitScaling, Unschedulable "<driver> CSI driver is not installed on the node" when a
  // CSIDriver with preventPodSchedulingIfMissing is missing from the node's CSINode. Error when
  // PreFilter stored nothing.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

 private:
  bool skip_deferred_resize_;
  bool volume_limit_scaling_;
};

// isCSIMigrationOn as NodeVolumeLimits decides it: the node has a CSINode and the plugin is the
// in-tree AWS EBS, GCE PD, Azure Disk, Cinder or Portworx plugin (vSphere and Azure File volumes
// are never counted); the CSINode's migrated-plugins annotation is not consulted.
bool is_csi_migration_on_for_volume_limits(const CSINode* csi_node, std::string_view in_tree_plugin_name);

// Registry factory.
std::unique_ptr<Plugin> new_node_volume_limits(const PluginContext& context);

}  // namespace podfit
