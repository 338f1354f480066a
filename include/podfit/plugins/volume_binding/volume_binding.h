// VolumeBinding: every PersistentVolumeClaim of the pod (generic ephemeral volumes included)
// must be usable on the node: a bound claim's volume must be reachable from it, an unbound
// claim with WaitForFirstConsumer binding must find an available volume there or be
// provisionable there. Three layers, as in kube-scheduler: the plugin, the volume binder
// (GetPodVolumeClaims / FindPodVolumes) and the PV controller's volume matching.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/framework/binding_plugins.h"
#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/labels.h"
#include "podfit/model/node.h"
#include "podfit/model/node_affinity.h"
#include "podfit/model/pod.h"
#include "podfit/model/storage.h"
#include "podfit/plugins/score_helpers.h"
#include "podfit/snapshot/storage_lookup.h"

namespace podfit {

// ---------------------------------------------------------------------------------------------
// Storage helpers (component-helpers/storage/volume and storage/ephemeral).

namespace volume_annotations {
// On a claim: the PV controller finished binding it (value irrelevant).
inline constexpr std::string_view kBindCompleted = "pv.kubernetes.io/bind-completed";
// On a claim: the node the scheduler chose for dynamic provisioning.
inline constexpr std::string_view kSelectedNode = "volume.kubernetes.io/selected-node";
// On a CSINode: comma-separated in-tree plugins the node's kubelet serves through CSI.
inline constexpr std::string_view kMigratedPlugins = "storage.alpha.kubernetes.io/migrated-plugins";
}  // namespace volume_annotations

// StorageClass provisioner meaning "no dynamic provisioning".
inline constexpr std::string_view kNotSupportedProvisioner = "kubernetes.io/no-provisioner";

// ephemeral.VolumeClaimName: the claim of a generic ephemeral volume is "<pod>-<volume>".
std::string ephemeral_volume_claim_name(const Pod& pod, const Volume& volume);

// ephemeral.VolumeIsForPod: nullopt when the claim is controlled by the pod (same namespace,
// controller owner reference with the pod's UID), else kube's message.
std::optional<std::string> ephemeral_volume_is_for_pod(const Pod& pod, const PersistentVolumeClaim& claim);

// PersistentVolumeClaimHasClass: the beta annotation or spec.storageClassName is set.
bool persistent_volume_claim_has_class(const PersistentVolumeClaim& claim);

// IsDelayBindingMode: the claim's class exists and binds WaitForFirstConsumer. A claim with no
// class or with a missing class binds immediately.
bool is_delay_binding_mode(const PersistentVolumeClaim& claim, const StorageLookup& storage);

// IsVolumeBoundToClaim: the volume's claimRef names the claim (and its UID, when it has one).
bool is_volume_bound_to_claim(const PersistentVolume& volume, const PersistentVolumeClaim& claim);

// CheckVolumeModeMismatches: the claim and the volume ask for different volume modes.
bool check_volume_mode_mismatches(const PersistentVolumeClaimSpec& claim, const PersistentVolume& volume);

// CheckAccessModes: the volume offers every access mode the claim asks for.
bool check_access_modes(const PersistentVolumeClaim& claim, const PersistentVolume& volume);

// CheckNodeAffinity: the volume's required node affinity matches these node labels. Only
// labels are compared (a matchFields term is not checked), as in kube.
bool check_node_affinity(const PersistentVolume& volume, const StringMap& node_labels);

// v1helper.MatchTopologySelectorTerms: an empty list matches everything, an empty or invalid
// term nothing; terms are ORed, a term's requirements (key In values) ANDed.
bool match_topology_selector_terms(const std::vector<TopologySelectorTerm>& terms, const StringMap& labels);

// MatchTopologySelectorTerms with the terms compiled once (a StorageClass's allowedTopologies).
class TopologySelectorMatcher {
 public:
  explicit TopologySelectorMatcher(const std::vector<TopologySelectorTerm>& terms);
  bool matches(const StringMap& labels) const;

 private:
  bool match_all_ = false;
  std::vector<Selector> terms_;  // the valid, non-empty terms
};

// ---------------------------------------------------------------------------------------------
// PV controller volume matching (FindMatchingVolume), compiled once per claim.

// FindMatchingVolume's answer: the chosen volume (nullptr for none) or an error message.
struct VolumeMatch {
  const PersistentVolume* volume = nullptr;
  std::optional<std::string> error;
};

// FindMatchingVolume for one claim over a fixed list of volumes, with every check that does not
// depend on the node done once: match() then only evaluates node affinity and exclusions. The
// volumes must outlive the matcher.
class ClaimVolumeMatcher {
 public:
  // `scheduler_path` is FindMatchingVolume's node != nil: node affinity and access modes are
  // checked; otherwise (the PV controller) `delay_binding` skips volumes not pre-bound.
  ClaimVolumeMatcher(const PersistentVolumeClaim& claim, const std::vector<const PersistentVolume*>& volumes,
                     bool scheduler_path, bool delay_binding, bool vac_enabled);

  // The volume FindMatchingVolume returns for this node's labels (ignored off the scheduler
  // path), never one of `excluded`: the volume pre-bound to the claim if any (none when its
  // affinity rejects the node), else the smallest available fit, the first one on ties.
  VolumeMatch match(const StringMap* node_labels, const std::set<const PersistentVolume*>& excluded) const;

  // Why match() found nothing, for details: how many available volumes fit the claim apart
  // from the node, how many of them the node's labels rule out, how many are `excluded`, and
  // the pre-bound volume whose affinity rejects the node, if that is what ended the search.
  struct Miss {
    size_t fitting = 0;
    size_t unreachable = 0;
    size_t taken = 0;
    const PersistentVolume* prebound_unreachable = nullptr;
  };
  Miss explain(const StringMap& node_labels, const std::set<const PersistentVolume*>& excluded) const;

 private:
  struct Candidate {
    const PersistentVolume* volume;
    bool prebound;  // bound to this claim: returned (or refused) whatever its phase and class
    std::shared_ptr<const NodeSelectorMatcher> affinity;  // nullptr: no required node affinity
  };
  std::optional<std::string> error_;
  std::vector<Candidate> candidates_;
  bool scheduler_path_;
};

// FindMatchingVolume(claim, volumes, node, excluded, delayBinding, vacEnabled).
VolumeMatch find_matching_volume(const PersistentVolumeClaim& claim,
                                 const std::vector<const PersistentVolume*>& volumes, const Node* node,
                                 const std::set<const PersistentVolume*>& excluded, bool delay_binding,
                                 bool vac_enabled);

// ---------------------------------------------------------------------------------------------
// CSI migration of in-tree volumes (csi-translation-lib, node affinity only).

// The in-tree plugin of a PV whose migration to CSI is on in the scheduler ("kubernetes.io/gce-pd",
// "kubernetes.io/aws-ebs", "kubernetes.io/azure-disk", "kubernetes.io/cinder",
// "kubernetes.io/portworx-volume"), "" otherwise (CSI volumes, azureFile and vsphereVolume).
std::string_view migrated_in_tree_plugin(const PersistentVolume& volume);

// isPluginMigratedToCSIOnNode: the CSINode's migrated-plugins annotation lists the plugin.
bool is_plugin_migrated_on_node(std::string_view plugin, const CSINode* csi_node);

// The required node affinity the PV gets from TranslateInTreePVToCSI (zone keys replaced by
// the CSI driver's topology key, zone labels turned into a requirement, beta region upgraded),
// or the translation error as kube words it ("failed to get region from zones: ...").
struct TranslatedAffinity {
  std::optional<NodeSelector> node_affinity;
  std::optional<std::string> error;
};
TranslatedAffinity translate_in_tree_node_affinity(const PersistentVolume& volume);


// ---------------------------------------------------------------------------------------------
// The volume binder (pkg/scheduler/framework/plugins/volumebinding/binder.go).

// ConflictReasons, byte for byte.
namespace volume_binding_reasons {
inline constexpr std::string_view kBindConflict = "node(s) didn't find available persistent volumes to bind";
inline constexpr std::string_view kNodeConflict = "node(s) didn't match PersistentVolume's node affinity";
// The same reason before v1.33.
inline constexpr std::string_view kNodeConflictBefore133 = "node(s) had volume node affinity conflict";
inline constexpr std::string_view kNotEnoughSpace = "node(s) did not have enough free storage";
inline constexpr std::string_view kPVNotExist =
    "node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)";
inline constexpr std::string_view kUnboundImmediate = "pod has unbound immediate PersistentVolumeClaims";
}  // namespace volume_binding_reasons

// podHasPVCs: whether the pod uses claims, or the first claim problem in volume order (missing
// claim, lost claim, claim being deleted, ephemeral claim not owned by the pod) as kube words it.
struct PodClaimsCheck {
  bool has_claims = false;
  std::optional<std::string> error;
  std::string detail;  // podfit's explanation of the error
};
PodClaimsCheck check_pod_claims(const Pod& pod, const StorageLookup& storage);

// PodVolumeClaims: the pod's claims in volume order, split as GetPodVolumeClaims splits them,
// with the volumes of each class an unbound delayed claim asks for.
struct PodVolumeClaims {
  std::vector<const PersistentVolumeClaim*> bound;                  // volumeName set and bind completed
  std::vector<const PersistentVolumeClaim*> unbound_delay_binding;  // WaitForFirstConsumer, no volumeName
  std::vector<const PersistentVolumeClaim*> unbound_immediate;      // the rest, pre-bound ones included
  std::map<std::string, std::vector<const PersistentVolume*>> unbound_volumes_delay_binding;  // by class
};

// GetPodVolumeClaims; nullopt with kube's message in *error when a claim cannot be read.
std::optional<PodVolumeClaims> get_pod_volume_claims(const Pod& pod, const StorageLookup& storage,
                                                     std::string* error = nullptr);

// One line saying why an unbound Immediate (or pre-bound) claim blocks the pod, for details.
std::string describe_unbound_immediate_claim(const PersistentVolumeClaim& claim, const StorageLookup& storage);

// isPVCFullyBound: the claim names its volume and carries the bind-completed annotation.
bool is_claim_fully_bound(const PersistentVolumeClaim& claim);

// GetBindVolumeToClaim: `volume` bound to `claim` (claimRef set to it, pv.kubernetes.io/
// bound-by-controller: "yes" added unless the volume was already pre-bound to the claim or
// carries it), and whether anything changed.
PersistentVolume bind_volume_to_claim(const PersistentVolume& volume, const PersistentVolumeClaim& claim,
                                      bool* changed);

// BindingInfo: an unbound claim and the available volume chosen for it.
struct StaticBinding {
  const PersistentVolumeClaim* claim;
  const PersistentVolume* volume;
};
// DynamicProvision: a claim to provision, with the CSIStorageCapacity that made room for it
// (nullptr when the driver does not track capacity or the claim requests no storage).
struct DynamicProvision {
  const PersistentVolumeClaim* claim;
  const CSIStorageCapacity* capacity;
};

// FindPodVolumes' answer for one node.
struct PodVolumesOnNode {
  std::vector<StaticBinding> static_bindings;
  std::vector<DynamicProvision> dynamic_provisions;
  // ConflictReasons in kube's order (node conflict, bind conflict, not enough space, PV missing).
  std::vector<std::string> reasons;
  // One line per reason naming the claim, volume or class that blocks the node.
  std::vector<std::string> details;
  // Set when FindPodVolumes fails (the Filter returns Error with this message).
  std::optional<std::string> error;
};

// Everything FindPodVolumes reads, resolved and compiled once per pod from PodVolumeClaims, so
// that find() only does the per-node work. Immutable after construction, safe to share across
// threads. `storage` must outlive the plan.
class PodVolumePlan {
 public:
  PodVolumePlan(const PodVolumeClaims& claims, const StorageLookup& storage, bool vac_enabled = true);
  ~PodVolumePlan();
  PodVolumePlan(const PodVolumePlan&) = delete;
  PodVolumePlan& operator=(const PodVolumePlan&) = delete;

  // FindPodVolumes(pod, podVolumeClaims, node).
  PodVolumesOnNode find(const Node& node) const;

 private:
  struct BoundClaim;
  struct DelayedClaim;
  struct Provisioning;
  bool check_bound_claims(const Node& node, PodVolumesOnNode& out, bool& satisfied, bool& found) const;
  const StorageLookup* storage_;
  std::vector<BoundClaim> bound_;
  std::vector<DelayedClaim> delayed_;   // unbound delayed claims in pod volume order
  std::vector<size_t> matching_order_;  // delayed claims without a selected node, by size
};

// ---------------------------------------------------------------------------------------------
// The plugin.

// config.VolumeBindingArgs' scoring shape (utilization in percent, score on the 0..10 scale).
// kube-scheduler's default with StorageCapacityScoring: 10 at 0% down to 0 at 100%, i.e. prefer
// the node with the most free storage.
struct VolumeBindingScorePoint {
  int32_t utilization = 0;
  int32_t score = 0;
};
std::vector<VolumeBindingScorePoint> default_volume_binding_shape();

class VolumeBinding final : public PreFilterPlugin,
                            public SkipScopedFilterPlugin,
                            public PreScorePlugin,
                            public ScorePlugin,
                            public ReservePlugin,
                            public PreBindPlugin {
 public:
  // CycleState key (kube's stateKey is the plugin name).
  static constexpr std::string_view kStateKey = "VolumeBinding";

  // `shape` is only read when StorageCapacityScoring is on.
  explicit VolumeBinding(const FeatureGates& gates,
                         std::vector<VolumeBindingScorePoint> shape = default_volume_binding_shape());

  std::string_view name() const override;
  // Skip for a pod without claims; UnschedulableAndUnresolvable for a claim problem or an
  // unbound Immediate claim; otherwise stores the pod's volume plan. Never narrows the nodes.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  // FindPodVolumes on the node: UnschedulableAndUnresolvable with its reasons (one detail
  // each), Error when it fails or when PreFilter stored nothing.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

  // Skip when StorageCapacityScoring is off (no scorer); Error "not found" when PreFilter
  // stored nothing; otherwise nothing to compute.
  Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                   std::span<const NodeInfo* const> nodes) const override;
  // Per StorageClass, the utilization of the volumes the pod would bind on the node (statically
  // bound volumes when there are any, else the CSIStorageCapacity of the volumes to provision),
  // mapped through the shape and averaged over the classes, rounded. 0 for a pod without
  // claims or a node where the claims do not fit.
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

  // AssumePodVolumes on the chosen node: nothing when every claim of the pod is fully bound;
  // otherwise each volume chosen for an unbound claim is assumed bound to it (claimRef set,
  // bound-by-controller annotated) and each claim to provision is assumed annotated with the
  // selected node, in the snapshot's assume caches, so that the next pods see them taken.
  // Error "not found" when PreFilter stored nothing.
  Status reserve(CycleState& state, const PodInfo& pod, const std::string& node, Snapshot& snapshot) const override;
  // RevertAssumedPodVolumes: the volumes and claims found for the node go back to their
  // versions before any assumption (also when this pod's Reserve did not run).
  void unreserve(CycleState& state, const PodInfo& pod, const std::string& node, Snapshot& snapshot) const override;
  // Skip when every claim was bound at Reserve; Error "not found" without state, and
  // `no pod volume found for node "X"` when Reserve found none for the node.
  Status pre_bind_pre_flight(const CycleState& state, const PodInfo& pod, const std::string& node) const override;
  // BindPodVolumes: the updates of the assumed volumes and claims, described one per line
  // ("update PersistentVolume pv-1: claimRef default/data", "update PersistentVolumeClaim
  // default/data: volume.kubernetes.io/selected-node=node-a"). podfit does not wait for the PV
  // controller and provisioners that finish the binding.
  Status pre_bind(CycleState& state, const PodInfo& pod, const std::string& node,
                  std::vector<std::string>& writes) const override;

 private:
  bool skip_deferred_resize_;
  bool vac_enabled_;
  bool storage_capacity_scoring_;
  bool pv_affinity_reason_;  // v1.33 on: the reworded node affinity conflict
  FunctionShape shape_;  // the shape on the node score scale
};

// Registry factory.
std::unique_ptr<Plugin> new_volume_binding(const PluginContext& context);

}  // namespace podfit
