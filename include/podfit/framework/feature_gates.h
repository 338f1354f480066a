// kube-scheduler feature gates that change what podfit computes, with the targeted release's defaults.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "podfit/kubernetes_release.h"

namespace podfit {

// Behaviours that changed between releases without a feature gate, one field each, true as in
// v1.37; the release each arrived in is in release_changes.cpp.
struct ReleaseChanges {
  // v1.34 (#131345): NodeResourcesFit's status is UnschedulableAndUnresolvable when a request
  // exceeds the node's allocatable.
  bool fit_unresolvable_above_allocatable = true;
  // v1.35.0 and v1.34.2 (#134740): TaintToleration's reason no longer names the taint.
  bool taint_reason_without_taint = true;
  // v1.33 (#129887): VolumeBinding's "node(s) had volume node affinity conflict" reworded.
  bool volume_binding_pv_affinity_reason = true;
  // v1.34 (#129145): VolumeRestrictions' ReadWriteOncePod reason reworded.
  bool volume_restrictions_rwop_reason = true;
  // v1.33 (#130260): NodeResourcesBalancedAllocation skips pods that request nothing.
  bool balanced_allocation_skips_best_effort = true;
  // v1.36 (#135573): NodeResourcesBalancedAllocation scores the change the pod makes to the
  // node's balance, not the balance with the pod alone.
  bool balanced_allocation_scores_change = true;
  // v1.37 (component-helpers 1e15266): a resizing pod's requests are the max of the spec's,
  // the allocated and the actuated aggregates, not the aggregate of each container's max.
  bool requests_max_of_sums = true;
  // v1.34 and v1.33.6 (#132040, #133390): NodePorts counts the host ports of sidecars.
  bool node_ports_count_sidecars = true;
  // v1.35 (#134711): DynamicResources scores nodes (weight 2 in the default profile).
  bool dynamic_resources_score = true;
  // v1.36 (#130231): ImageLocality adds the images of image volumes to a node's sum.
  bool image_locality_counts_image_volumes = true;
  // v1.37 (#138951): ImageLocality's full-score threshold grows with the image volumes too, not
  // only with the containers.
  bool image_locality_threshold_counts_image_volumes = true;
  // v1.37: DynamicResources' PostFilter rejects without a reason where it said "plugin
  // disabled", "no new claims to deallocate" or "still not schedulable", so FailedScheduling
  // messages no longer carry them.
  bool dra_post_filter_without_reason = true;
  // DynamicResources' PostFilter reads its PreFilter state before anything else, except in
  // v1.33, whose PostFilter rejects a pod without resourceClaims at once, without a reason.
  bool dra_post_filter_reads_state_first = true;
  // v1.37: DefaultPreemption's success says where it would place the pod ("found a potential
  // placement for pod on node N, preempting K victims"), which FailedScheduling then carries.
  bool preemption_success_message = true;
  // v1.37: the default profile runs NodeName before NodeUnschedulable.
  bool node_name_before_node_unschedulable = true;
  // v1.37: the queue no longer gives every plugin that registers Node Add but not UpdateNodeTaint
  // an UpdateNodeTaint registration without a hint (the workaround for #109437).
  bool no_taint_update_for_node_add = true;
  // v1.33: InterPodAffinity's Node hint compares the old node's topology keys with the new
  // one's; v1.32 queues the pod whenever the updated node has one of its terms' keys.
  bool inter_pod_affinity_hint_compares_nodes = true;
  // v1.37: DynamicResources' PreQueueingHint hands a ResourceClaim event (but a deallocation) to
  // the pods that reference the claim only; the queue evaluates no other pod for it.
  bool dra_claim_events_reach_their_pods_only = true;

  // v1.33 (dynamic-resource-allocation's allocator): a request with allocationMode All and no
  // matching device fails; v1.32 allocates it no device.
  bool dra_all_mode_needs_a_device = true;
  // v1.33 (dynamic-resource-allocation's allocator): an All request's taken device makes the
  // search backtrack; v1.32 gives up on the node.
  bool dra_all_mode_taken_device_backtracks = true;
  // v1.34 (#131660): backtracking past an All request's devices frees them; v1.32 and v1.33 keep
  // them taken for the rest of the node's search.
  bool dra_all_mode_frees_devices_on_backtrack = true;
  // v1.36 (dynamic-resource-allocation's allocators): after an All subrequest's device, the
  // search continues with that subrequest, not with the request's first one.
  bool dra_all_mode_next_device_keeps_subrequest = true;
  // v1.35 and v1.36 (GatherPools of the default allocator): slices with shared counters are
  // gathered for every node.
  bool dra_counter_slices_reach_every_node = false;
  // v1.37 (dynamic-resource-allocation's EnhanceRuntimeError): a selector's run-time error names
  // the device and hints at optional access for a missing key.
  bool dra_selector_errors_name_device = true;
  // v1.36 (rollbackDevice in dynamic-resource-allocation's allocators): a rejected device gives
  // back the counters, constraint entries and mark it took.
  bool dra_rejected_device_rolls_back = true;
  // v1.34 (resource.k8s.io/v1): a claim's request keeps its device fields under `exactly`.
  bool dra_requests_under_exactly = true;
  // v1.33 (KEP-4816, with the DRAPrioritizedList gate): the claim strategies drop firstAvailable
  // while that gate is off.
  bool dra_strategy_drops_first_available = true;
  // v1.34 (#132522, with the DRAConsumableCapacity gate): the claim strategies drop
  // distinctAttribute and capacity requests while that gate is off.
  bool dra_strategy_drops_consumable_capacity = true;
  // v1.35 (#132927): the claim strategy drops device tolerations while DRADeviceTaints is off.
  bool dra_claim_strategy_drops_tolerations = true;
  // v1.37 (the shared claim spec strategy): templates' device tolerations are dropped too.
  bool dra_template_strategy_drops_tolerations = true;
  // The namespace label admin access wants (v1.34 on; v1.33 named it resource.k8s.io/admin-access,
  // v1.32 checked none: empty).
  std::string_view dra_admin_namespace_label = "resource.kubernetes.io/admin-access";

  // v1.33 (resource.k8s.io/v1beta2): the internal Device holds its fields; v1.32's wraps all but
  // the name in `basic`, so its hand-written errors about them are pathed through `basic` whatever
  // version was served.
  bool dra_device_fields_without_basic = true;
  // v1.35 (validateQualifiedName): an empty domain or name of an attribute or capacity name is an
  // Invalid "" value, and an empty name a bad C identifier, where they were Required values ("the
  // domain must not be empty", "name required").
  bool dra_qualified_name_empty_parts_invalid = true;
  // v1.36 (validateMap): a bad key of a device's attributes or capacity, or of a counter map, is
  // reported at the map's path, not at the key's ("attributes", not "attributes[KEY]").
  bool dra_map_key_errors_at_map = true;
  // v1.37 (+k8s:beta on counter maps' keys, DeclarativeValidationBeta on): a bad counter name is the
  // declarative error, pathed as the served version has it (v1beta1's `basic`), not the hand-written one.
  bool dra_counter_names_declarative = true;
  // v1.37 (+k8s:beta on allocationMode): an unknown allocation mode is the declarative error;
  // before, the hand-written one, pathed as the internal request has it (v1.33's `exactly`).
  bool dra_allocation_mode_declarative = true;
  // v1.34: DynamicResources registers node allocatable changes (extended resources backed by
  // DRA); v1.32 and v1.33 register node adds and label changes only.
  bool dra_registers_node_allocatable = true;
  // v1.33 (subrequests): a constraint's or config's unknown request reads "... or the name of a
  // request and a subrequest separated by '/'"; v1.32 names requests only.
  bool dra_request_ref_names_subrequests = true;
  // v1.37 (+k8s:beta on the claim's unique request names): a duplicate request is the
  // declarative error, showing the whole request as served, not its name.
  bool dra_request_duplicate_shows_request = true;
  // v1.35 (validateSet keyed without a field): a duplicate request is pathed at the request;
  // before, at its name.
  bool dra_request_duplicate_at_name = false;
  // v1.33 (v1beta1's SetDefaults_DeviceRequest): a request without a class is not defaulted,
  // so one with no device field at all has no `exactly`; v1.32 defaulted every request.
  bool dra_v1beta1_defaults_need_class = true;
  // v1.33 (the internal API as resource.k8s.io/v1beta2): a request's device fields sit under
  // `exactly` in hand-written errors; v1.32's internal request held them itself.
  bool dra_internal_requests_have_exactly = true;
  // v1.35 (apimachinery's validation.IsQualifiedName, now content.IsLabelKey): a name with more than
  // one slash is "a valid label key ..." where it was "a qualified name ...", and the name and
  // prefix parts' lengths are counted in bytes where they were in characters.
  bool qualified_names_worded_as_label_keys = true;
  // v1.34 (apimachinery's field.Error): a bad value other than a string, number or bool prints as
  // encoding/json does; before, through its String method (a ResourceName bare) or as fmt's %#v
  // (a Quantity as its Go struct, a LimitType quoted).
  bool field_error_values_as_json = true;

  // v1.33 (#128212): the API server refuses bad label values in the required node affinity
  // terms of pods and PersistentVolumes it creates; v1.32 accepts them (the terms then match no
  // node), as every release does in preferred terms.
  bool required_node_affinity_label_values_checked = true;

  // v1.37 (the queue's addPod): a pending pod's nomination (status.nominatedNodeName) is recorded
  // when the pod is added, gated or not; before, only once PreEnqueue let it into the active queue.
  bool gated_pods_nominated = true;

  // The changes a release has.
  static ReleaseChanges of(KubernetesRelease release);
};

// One field per gate podfit honours; default-constructed, the defaults of Kubernetes v1.37;
// `for_release` gives another release's. Set one with `set`, or parse "A=true,B=false" as
// --feature-gates does with `parse`.
struct FeatureGates {
  // GA, locked on: assigned pods count max(spec, allocated, actuated) from their status.
  bool in_place_pod_vertical_scaling = true;
  // Beta, on: pod-level status.allocatedResources / status.resources are preferred when set.
  bool in_place_pod_level_resources_vertical_scaling = true;
  // Alpha, off: pods with a Deferred resize skip the node plugins and NodeResourcesFit waits.
  bool in_place_pod_vertical_scaling_scheduler_preemption = false;
  // Beta, on: spec.resources (pod-level requests) replaces the container sum for supported resources.
  bool pod_level_resources = true;
  // Beta, on (from v1.37): the API server defaults a pod's pod-level limits from its containers'
  // when every container limits that resource, after the mutating admission plugins.
  bool pod_level_resources_fix_defaulting = true;
  // Alpha, off: Gt/Lt toleration operators.
  bool taint_toleration_comparison_operators = false;
  // GA, locked on: nodeAffinityPolicy / nodeTaintsPolicy in topology spread constraints.
  bool node_inclusion_policy_in_pod_topology_spread = true;
  // Beta, on: matchLabelKeys in topology spread constraints.
  bool match_label_keys_in_pod_topology_spread = true;
  // Beta, on: the API server merges matchLabelKeys into labelSelector when a pod is created.
  bool match_label_keys_in_pod_topology_spread_selector_merge = true;
  // GA, locked on: matchLabelKeys / mismatchLabelKeys in pod (anti-)affinity terms.
  bool match_label_keys_in_pod_affinity = true;
  // GA, locked on: extended resources may be satisfied by DRA device classes.
  bool dra_extended_resource = true;
  // Beta, on: devices may be allocated to several claims (device.allowMultipleAllocations in CEL).
  bool dra_consumable_capacity = true;
  // Beta, on: DynamicResources' Filter stops a node's search after its filterTimeout.
  bool dra_scheduler_filter_timeout = true;
  // Alpha, off: device attributes may be lists.
  bool dra_list_type_attributes = false;
  // Alpha, off: node-allocatable DRA claim statuses count in pod requests (not supported by podfit).
  bool dra_node_allocatable_resources = false;
  // GA, locked on: the DynamicResources plugin is part of the default profile.
  bool dynamic_resource_allocation = true;
  // GA, locked on: the NodeDeclaredFeatures plugin is part of the default profile.
  bool node_declared_features = true;
  // Alpha, off: workload / pod-group (gang) scheduling.
  bool generic_workload = false;
  // GA, locked on: PVCs may name a VolumeAttributesClass.
  bool volume_attributes_class = true;
  // Beta, on: NodeVolumeLimits rejects nodes whose CSINode lacks a driver that sets
  // preventPodSchedulingIfMissing.
  bool volume_limit_scaling = true;
  // Beta, on: VolumeBinding scores nodes by the storage the pod's volumes would use there.
  bool storage_capacity_scoring = true;

  // GA in v1.33, gone in v1.37: restartable init containers count as sidecars.
  bool sidecar_containers = true;
  // GA in v1.34, gone in v1.37: the queue asks the plugins' queueing hints, not the pre-enqueue check.
  bool scheduler_queueing_hints = true;
  // GA (locked) in v1.36: admin access to devices in use.
  bool dra_admin_access = true;
  // GA (locked) in v1.37: requests listing devices in order of preference (firstAvailable).
  bool dra_prioritized_list = true;
  // GA in v1.37: device taints and tolerations.
  bool dra_device_taints = true;
  // GA in v1.37: DeviceTaintRules taint devices from outside their slices.
  bool dra_device_taint_rules = true;
  // Beta, on: devices that consume counters shared within their slice's counter sets.
  bool dra_partitionable_devices = true;
  // Beta, on: devices whose binding waits for conditions (bindingConditions).
  bool dra_device_binding_conditions = true;
  // GA (locked) in v1.37: drivers report device status in the claim.
  bool dra_resource_claim_device_status = true;

  // Gates of the release that podfit does not model, set to a value other than their default,
  // which no code podfit models reads: accepted as they change nothing ("Name=value").
  std::vector<std::string> accepted_unread;

  // What changed between releases without a gate, and the release these gates model.
  ReleaseChanges changes;
  KubernetesRelease release = KubernetesRelease::newest();

  // The defaults of kube-scheduler `release`.
  static FeatureGates for_release(KubernetesRelease release);

  // One known gate as --help describes it.
  struct Info {
    std::string name;
    bool default_value;
    std::string stage;  // ALPHA, BETA or GA
    bool locked;        // LockToDefault: setting the other value is an error
  };
  // Every gate of this release podfit knows, sorted by name.
  std::vector<Info> known() const;

  // Sets one gate by its Kubernetes name (AllAlpha / AllBeta set every unlocked gate of that
  // stage); false with kube's message in *error when the name is unknown or the gate is locked.
  // A gate of the release that podfit does not model takes its default (it changes nothing
  // then); another value is accepted into `accepted_unread` when no code podfit models reads
  // the gate, and refused as not modelled otherwise, never as a typo.
  bool set(std::string_view name, bool value, std::string* error);
  // Parses "A=true,B=false" as --feature-gates does; explicit gates win over AllAlpha/AllBeta.
  bool parse(std::string_view text, std::string* error);
  // Every gate podfit knows with its current value, sorted by name.
  std::vector<std::pair<std::string, bool>> list() const;
};

// A feature gate as kube-scheduler of a release has it, whether podfit models it or not.
struct KnownFeatureGate {
  std::string_view name;
  bool default_value;
  std::string_view stage;  // ALPHA, BETA, GA or DEPRECATED
  bool locked;
};
// Every gate kube-scheduler of `release` accepts (its own table: tests/reference/gates/),
// sorted by name.
std::vector<KnownFeatureGate> known_feature_gates(KubernetesRelease release);

// Whether the code podfit models (kube-scheduler, the API server's validation, defaulting and
// field dropping of the kinds podfit reads, admission, the kubelet's admission, the DRA
// allocator) reads gate `name` in some release podfit models.
bool gate_read_by_modelled_code(std::string_view name);
// All of them, sorted.
std::vector<std::string_view> gates_read_by_modelled_code();

}  // namespace podfit
