// kube-scheduler feature gates that change what podfit computes, with the targeted release's defaults.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace podfit {

// One field per gate podfit honours; defaults are those of Kubernetes v1.37. Set one with
// `set`, or parse "A=true,B=false" as --feature-gates does with `parse`.
struct FeatureGates {
  // GA, locked on: assigned pods count max(spec, allocated, actuated) from their status.
  bool in_place_pod_vertical_scaling = true;
  // Beta, on: pod-level status.allocatedResources / status.resources are preferred when set.
  bool in_place_pod_level_resources_vertical_scaling = true;
  // Alpha, off: pods with a Deferred resize skip the node plugins and NodeResourcesFit waits.
  bool in_place_pod_vertical_scaling_scheduler_preemption = false;
  // Beta, on: spec.resources (pod-level requests) replaces the container sum for supported resources.
  bool pod_level_resources = true;
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

  // Gates removed from Kubernetes before v1.37: always on, and unknown to `set` (as in kube).
  static constexpr bool sidecar_containers = true;
  static constexpr bool scheduler_queueing_hints = true;

  // One known gate as --help describes it.
  struct Info {
    std::string name;
    bool default_value;
    std::string stage;  // ALPHA, BETA or GA
    bool locked;        // LockToDefault: setting the other value is an error
  };
  // Every gate podfit knows, sorted by name.
  static const std::vector<Info>& known();

  // Sets one gate by its Kubernetes name (AllAlpha / AllBeta set every unlocked gate of that
  // stage); false with kube's message in *error when the name is unknown or the gate is locked.
  bool set(std::string_view name, bool value, std::string* error);
  // Parses "A=true,B=false" as --feature-gates does; explicit gates win over AllAlpha/AllBeta.
  bool parse(std::string_view text, std::string* error);
  // Every gate podfit knows with its current value, sorted by name.
  std::vector<std::pair<std::string, bool>> list() const;
};

}  // namespace podfit
