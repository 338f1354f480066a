// VolumeZone: the zone and region labels of the PersistentVolumes bound to the pod's claims
// must match the node's (nodes carrying no zone or region label at all accept any volume).
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"

namespace podfit {

class VolumeZone final : public PreFilterPlugin, public SkipScopedFilterPlugin {
 public:
  // The reason kube-scheduler gives for a node outside a bound volume's zone or region.
  static constexpr std::string_view kErrReasonConflict = "node(s) had no available volume zone";
  // CycleState key of the bound volumes' topology ("PreFilter" + plugin name, as kube-scheduler).
  static constexpr std::string_view kStateKey = "PreFilterVolumeZone";

  // The labels read on volumes and nodes, in the order kube-scheduler checks them.
  static constexpr std::string_view kBetaZoneLabel = "failure-domain.beta.kubernetes.io/zone";
  static constexpr std::string_view kBetaRegionLabel = "failure-domain.beta.kubernetes.io/region";
  static constexpr std::string_view kZoneLabel = "topology.kubernetes.io/zone";
  static constexpr std::string_view kRegionLabel = "topology.kubernetes.io/region";

  explicit VolumeZone(const FeatureGates& gates);

  std::string_view name() const override;
  // Collects the topology labels of the PV bound to each persistentVolumeClaim volume (generic
  // ephemeral volumes are not looked at). Unbound claims of a WaitForFirstConsumer class are
  // left out; any other missing piece rejects the pod UnschedulableAndUnresolvable with
  // kube-scheduler's words (lister NotFound errors included). Skip when no bound volume
  // carries a topology label, or when InPlacePodVerticalScalingSchedulerPreemption is on and
  // the pod's resize is Deferred.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  // Success for a pod without volumes or a node without any zone/region label; otherwise
  // UnschedulableAndUnresolvable when a volume label is missing on the node (a beta volume label
  // also accepts the node's GA label) or its value is not among the volume's zones. A failed
  // PreFilter lookup is answered again, as kube-scheduler's Filter recomputes it; Error when
  // PreFilter stored nothing (kube-scheduler would recompute, which needs the listers).
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

 private:
  bool skip_deferred_resize_;
};

// volumehelpers.LabelZonesToSet: a "__"-separated zone list as a set (parts are trimmed of
// white space); nullopt when a part is empty, in which case the label is ignored.
std::optional<std::set<std::string>> label_zones_to_set(std::string_view value);

// Registry factory.
std::unique_ptr<Plugin> new_volume_zone(const PluginContext& context);

}  // namespace podfit
