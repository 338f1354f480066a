// kube-apiserver's validation of the fields scheduling reads (pkg/apis/core/validation and the
// storage, scheduling and policy groups'): each check raises the API server's first error for the
// part it is given, worded and pathed as field.ErrorList prints it, at the offending line.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "podfit/util/function_ref.h"
#include "podfit/model/cluster.h"
#include "document/value.h"

namespace podfit {

// A step from a Value to one below it: a member name or an element index.
using PathStep = std::variant<std::string_view, size_t>;
// The printed path of a field, built only when there is an error to report.
using PathFn = FunctionRef<std::string()>;

// Line of the value reached from `v` by `steps`; v's own line when that value is absent.
int line_at(const Value& v, std::initializer_list<PathStep> steps);
// Rejects with `message` (a whole field error, path included) at the line of `steps` below `v`.
[[noreturn]] void reject(const Value& v, std::initializer_list<PathStep> steps, const std::string& message);
// The path field.Path prints for `relative` below `v` ("" relative gives v's own path).
std::string path_of(const Value& v, std::string_view relative);
// Messages joined with ";", as the API server joins a label value's problems for taints and
// tolerations.
std::string joined(const std::vector<std::string>& messages);

// unversioned ValidateLabelName: a qualified name at `path` (the value at `steps` below `v`).
void validate_label_name(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view name);
// unversioned ValidateLabels: every key and value of the map `v`, reported at v's path or at `path`.
void validate_labels(const Value& v, const StringMap& labels);
void validate_labels(const Value& v, const StringMap& labels, PathFn path);
// unversioned ValidateLabelSelector (invalid label values refused, as on create).
void validate_label_selector(const Value& v, const LabelSelector& selector);
// ValidateNodeSelector for required node affinity (pods' and volumes'): at least one term, and
// label values valid.
void validate_required_node_selector(const Value& v, const NodeSelector& selector);

// Resources (validate_resources.cpp).
// The checks below the loader's: every error the API server finds, in its order (resources in
// name order, where it walks maps in no set order), each handed to a sink with the steps from
// the checked value to the offending one (the loader rejects at the first, at its line).
using FieldErrorSink = FunctionRef<void(std::initializer_list<PathStep> steps, const std::string& message)>;
// ValidateContainerResourceRequirements of the resources at `path`, claims aside.
void check_container_resources(PathFn path, const ResourceRequirements& resources, FieldErrorSink sink);
// validatePodResourceRequirements of spec.resources at `path`, claims aside.
void check_pod_level_requirements(PathFn path, const ResourceRequirements& resources, FieldErrorSink sink);
// validateOverhead of spec.overhead at `path`: the list checked as limits (at path.limits), its
// resources the checked value's own members.
void check_overhead(PathFn path, const ResourceList& overhead, FieldErrorSink sink);
// What validatePodResourceConsistency compares, which changed between releases.
struct ConsistencyRules {
  // Resources the pod level cannot set are left out (the loader's reading, release-free).
  bool unsupported_skipped = false;
  // v1.34: a resource spec.resources.requests does not name is not compared; before, the
  // containers' aggregate is held against 0.
  bool unset_skipped = true;
  // v1.34: pod-level hugepage limits are at least the containers' aggregated limits.
  bool hugepage_limits = true;
};
// validatePodResourceConsistency of a defaulted pod's spec.resources, at `path`; the steps are
// from the spec.
void check_pod_resource_consistency(PathFn path, const Pod& pod, const ConsistencyRules& rules, FieldErrorSink sink);
// A container's `resources` (ValidateContainerResourceRequirements).
void validate_container_resources(const Value& v, const ResourceRequirements& resources);
// The pod-level `spec.resources` (validatePodResourceRequirements).
void validate_pod_level_resources(const Value& v, const ResourceRequirements& resources);
// Pod-level resources against the containers' (validatePodResourceConsistency); `v` is the spec.
void validate_pod_resource_consistency(const Value& v, const PodSpec& spec);
// `spec.overhead` (validateOverhead: the list checked as limits).
void validate_overhead(const Value& v, const ResourceList& overhead);
// A node's `status.capacity` or `status.allocatable` (ValidateNodeResources).
void validate_node_resource_list(const Value& v, const ResourceList& list);
// ValidateResourceQuantityValue for the quantity `q` of resource `name` at `path`.
void validate_quantity_value(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view name,
                             const Quantity& q);

// validateResourceName: a qualified name, and a standard resource unless it has a prefix.
void validate_standard_resource_name(const Value& v, std::initializer_list<PathStep> steps, PathFn path,
                                     std::string_view name);

// Containers (validate_containers.cpp).
// validateContainerCommon's first rules for one container `v`: a name that is a DNS label, an image.
void validate_container_name_and_image(const Value& v, const Container& c);
// Container names unique as the API server checks them: regular containers among themselves,
// init containers against those and each other, ephemeral containers against all. `v` is the spec.
void validate_container_names(const Value& v, const PodSpec& spec);
// validateContainerOnlyForPod: a pod's (not a template's) images have no leading or trailing
// white space. `v` is the pod.
void validate_pod_container_images(const Value& v, const Pod& pod);

// Pods (validate_pod.cpp).
void validate_toleration(const Value& v, const Toleration& toleration);
void validate_pod_affinity_term(const Value& v, const PodAffinityTerm& term);
void validate_spread_constraint(const Value& v, const TopologySpreadConstraint& constraint);
// The checks over a whole PodSpec once decoded: volumes, claims, container names, host ports,
// node selector, gates, node name, spread duplicates, priority class name, pod-level resources.
void validate_pod_spec(const Value& v, const PodSpec& spec);
// What only a pod (not a template) is checked for: the claims its generic ephemeral volumes
// create (named <pod>-<volume>) against its name and its other volumes. `v` is the pod.
void validate_pod_volume_claims(const Value& v, const Pod& pod);
// ValidateImageVolumeSource for pods: image volumes name their image.
void validate_pod_image_volumes(const Value& v, const Pod& pod);
// status.resourceClaimStatuses (validatePodResourceClaimStatuses, checked on every status
// update): each names a spec.resourceClaims entry once, its claim a DNS subdomain. `v` is the pod.
void validate_pod_resource_claim_statuses(const Value& v, const Pod& pod);
// A pod's affinity terms once its matchLabelKeys are merged into their selectors, as the API
// server validates a pod it creates. `v` is the pod.
void validate_merged_affinity_terms(const Value& v, const Pod& pod);

// Other kinds (validate_objects.cpp).
void validate_object_name(const Value& v, std::string_view name);  // NameIsDNSSubdomain; v: the object
// A RuntimeClass's handler: a DNS label (NameIsDNSLabel), empty included; v: the object.
void validate_runtime_class_handler(const Value& v, std::string_view handler);
// NameIsDNSSubdomain(generateName, prefix): the prefix a generated name starts with.
void validate_generate_name(const Value& v, std::string_view generate_name);
// ValidateNamespaceName (a DNS label) of a namespaced object's metadata.namespace, or of a
// Namespace's name (`field` "metadata.namespace" or "metadata.name").
void validate_namespace_name(const Value& v, std::string_view field, std::string_view name);
void validate_node(const Value& v, const Node& node);
void validate_pvc_spec(const Value& v, const PersistentVolumeClaimSpec& spec);
void validate_persistent_volume(const Value& v, const PersistentVolume& pv, bool has_node_affinity);
void validate_storage_class(const Value& v, const StorageClass& sc);
void validate_csi_node(const Value& v, const CSINode& node);
void validate_csi_storage_capacity(const Value& v, const CSIStorageCapacity& capacity);
void validate_priority_class(const Value& v, const PriorityClass& pc);
// PodDisruptionBudgets (validate_disruption_budget.cpp).
// An intstr.IntOrString as written: a number, or a string.
struct IntOrString {
  bool is_string = false;
  int32_t number = 0;
  std::string text;
};
// What ValidatePodDisruptionBudgetSpec reads of a budget's spec; absent fields are nullopt.
struct DisruptionBudgetSpec {
  std::optional<IntOrString> min_available;
  std::optional<LabelSelector> selector;
  std::optional<IntOrString> max_unavailable;
  std::optional<std::string> unhealthy_pod_eviction_policy;
};
// What the create strategy does to the selector first: the label v1beta1's match-all and
// match-none selectors use is dropped from any selector other than those two.
void strip_v1beta1_selector_label(DisruptionBudgetSpec& spec);
// ValidatePodDisruptionBudgetSpec on the stripped spec; `v` is the spec.
void validate_disruption_budget_spec(const Value& v, const DisruptionBudgetSpec& spec);

// ValidateResourceQuota (validate_resource_quota.cpp): names and quantities of spec.hard,
// status.hard and status.used, scopes and the scope selector. `v` is the quota.
void validate_resource_quota(const Value& v, const ResourceQuota& quota);

}  // namespace podfit
