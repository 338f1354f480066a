#include "podfit/framework/feature_gates.h"

namespace podfit {

ReleaseChanges ReleaseChanges::of(KubernetesRelease release) {
  ReleaseChanges changes;
  // kubernetes/kubernetes#131345, v1.34.0.
  changes.fit_unresolvable_above_allocatable = release.minor >= 34;
  // kubernetes/kubernetes#134740, v1.35.0, and its cherry-pick #135023, v1.34.2.
  changes.taint_reason_without_taint = release.at_least(34, 2);
  // kubernetes/kubernetes#129887, v1.33.0.
  changes.volume_binding_pv_affinity_reason = release.minor >= 33;
  // kubernetes/kubernetes#132040, v1.34.0, and its cherry-pick #133390, v1.33.6.
  changes.node_ports_count_sidecars = release.at_least(33, 6);
  // kubernetes/kubernetes#135573, v1.36.0.
  changes.balanced_allocation_scores_change = release.minor >= 36;
  // Pod requests from the max of sums (kubernetes/kubernetes 9d1c3c22), v1.37.0.
  changes.requests_max_of_sums = release.minor >= 37;
  // kubernetes/kubernetes#129145, v1.34.0 (v1.33.13's code still has the old reason).
  changes.volume_restrictions_rwop_reason = release.minor >= 34;
  // kubernetes/kubernetes#130260, v1.33.0.
  changes.balanced_allocation_skips_best_effort = release.minor >= 33;
  // kubernetes/kubernetes#134711, v1.35.0.
  changes.dynamic_resources_score = release.minor >= 35;
  // kubernetes/kubernetes#130231, v1.36.0.
  changes.image_locality_counts_image_volumes = release.minor >= 36;
  // kubernetes/kubernetes#138951, v1.37.0.
  changes.image_locality_threshold_counts_image_volumes = release.minor >= 37;
  // DynamicResources.PostFilter's log-only rejections (pkg/scheduler/.../dynamicresources), v1.37.0.
  changes.dra_post_filter_without_reason = release.minor >= 37;
  // DynamicResources.PostFilter's fast path for pods without claims came before getStateData in
  // v1.33 alone (v1.32.13 and v1.34.4 read the state first).
  changes.dra_post_filter_reads_state_first = release.minor != 33;
  // Evaluator.Preempt's success message (pkg/scheduler/framework/preemption), v1.37.0.
  changes.preemption_success_message = release.minor >= 37;
  // getDefaultPlugins (pkg/scheduler/apis/config/v1/default_plugins.go), v1.37.0.
  changes.node_name_before_node_unschedulable = release.minor >= 37;
  // buildQueueingHintMap (pkg/scheduler/scheduler.go) dropped the #109437 workaround in v1.37.0.
  changes.no_taint_update_for_node_add = release.minor >= 37;
  // InterPodAffinity.isSchedulableAfterNodeChange compares the old node from v1.33.0.
  changes.inter_pod_affinity_hint_compares_nodes = release.minor >= 33;
  // DynamicResources.preQueueingHint and the queue's collectEntitiesToEvaluate, v1.37.0.
  changes.dra_claim_events_reach_their_pods_only = release.minor >= 37;
  // The structured allocator's "at least one device is required for 'All'", v1.33.0.
  changes.dra_all_mode_needs_a_device = release.minor >= 33;
  // v1.32's allocator stopped the search (errStop) when an All device was taken, v1.33.0 backtracks.
  changes.dra_all_mode_taken_device_backtracks = release.minor >= 33;
  // kubernetes/kubernetes#131660, v1.34.0: All devices are deallocated when the search backtracks.
  changes.dra_all_mode_frees_devices_on_backtrack = release.minor >= 34;
  // allocateOne's next device of an All subrequest keeps subRequestIndex from v1.36.0 (v1.35.4 drops it).
  changes.dra_all_mode_next_device_keeps_subrequest = release.minor >= 36;
  // GatherPools' "always include slices with SharedCounters": the incubating allocator of v1.35.4
  // and v1.36.3 (v1.37.2's incubating allocator takes them only through checkSlicesInPool).
  changes.dra_counter_slices_reach_every_node = release.minor == 35 || release.minor == 36;
  // The allocators' "selector #%d on device %s: CEL runtime error" with cel.EnhanceRuntimeError, v1.37.0.
  changes.dra_selector_errors_name_device = release.minor >= 37;
  // allocateDevice's rollbackDevice on rejection, as v1.36.3 has it (v1.35.4 has none).
  changes.dra_rejected_device_rolls_back = release.minor >= 36;
  // resource.k8s.io/v1 (DRA GA), v1.34.0.
  changes.dra_requests_under_exactly = release.minor >= 34;
  // The DRAPrioritizedList gate's first release (KEP-4816), v1.33.0.
  changes.dra_strategy_drops_first_available = release.minor >= 33;
  // kubernetes/kubernetes#132522, the DRAConsumableCapacity gate's first release, v1.34.0.
  changes.dra_strategy_drops_consumable_capacity = release.minor >= 34;
  // kubernetes/kubernetes#132927, v1.35.0.
  changes.dra_claim_strategy_drops_tolerations = release.minor >= 35;
  // Templates share the claims' spec strategy (resourceclaimspec.DropDisabledFields), v1.37.0.
  changes.dra_template_strategy_drops_tolerations = release.minor >= 37;
  // The claim strategies' AuthorizedForAdmin, v1.33.0; its label renamed in v1.34.0.
  changes.dra_admin_namespace_label = release.minor >= 34   ? "resource.kubernetes.io/admin-access"
                                      : release.minor == 33 ? "resource.k8s.io/admin-access"
                                                            : "";
  // The internal resource API without BasicDevice (resource.k8s.io/v1beta2), v1.33.0.
  changes.dra_device_fields_without_basic = release.minor >= 33;
  // validateQualifiedName (pkg/apis/resource/validation), v1.35.0.
  changes.dra_qualified_name_empty_parts_invalid = release.minor >= 35;
  // validateMap's key errors at fldPath (pkg/apis/resource/validation), v1.36.0.
  changes.dra_map_key_errors_at_map = release.minor >= 36;
  // The counter maps' key validation marked beta (zz_generated.validations.go), v1.37.0.
  changes.dra_counter_names_declarative = release.minor >= 37;
  // DeviceAllocationMode's enum validation marked beta (zz_generated.validations.go), v1.37.0.
  changes.dra_allocation_mode_declarative = release.minor >= 37;
  // DynamicResources.EventsToRegister's Node UpdateNodeAllocatable, v1.34.0.
  changes.dra_registers_node_allocatable = release.minor >= 34;
  // validateRequestNameRef with subrequests (DRAPrioritizedList), v1.33.0.
  changes.dra_request_ref_names_subrequests = release.minor >= 33;
  // The claim's request list uniqueness marked beta (zz_generated.validations.go), v1.37.0.
  changes.dra_request_duplicate_shows_request = release.minor >= 37;
  // validateSet's key without a field name (pkg/apis/resource/validation), v1.35.0.
  changes.dra_request_duplicate_at_name = release.minor <= 34;
  // SetDefaults_DeviceRequest returns early without a deviceClassName, v1.33.0.
  changes.dra_v1beta1_defaults_need_class = release.minor >= 33;
  // The internal DeviceRequest with Exactly (resource.k8s.io/v1beta2), v1.33.0.
  changes.dra_internal_requests_have_exactly = release.minor >= 33;
  // validation.IsQualifiedName as content.IsLabelKey (k8s.io/apimachinery), v1.35.0.
  changes.qualified_names_worded_as_label_keys = release.minor >= 35;
  // field.Error.ErrorBody's json.Marshal of bad values (k8s.io/apimachinery), v1.34.0.
  changes.field_error_values_as_json = release.minor >= 34;
  // kubernetes/kubernetes#128212, v1.33.0.
  changes.required_node_affinity_label_values_checked = release.minor >= 33;
  // PriorityQueue.addPod's addNominatedPod before moveToActiveQ, v1.37.0.
  changes.gated_pods_nominated = release.minor >= 37;
  return changes;
}

}  // namespace podfit
