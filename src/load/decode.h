// Decoders from a JSON/YAML Value into the model, with the API server's checks and defaults
// for the fields scheduling reads.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/value.h"
#include "podfit/load/workload.h"
#include "podfit/model/cluster.h"

namespace podfit {

// Shared pieces.
// How the API server checks an ObjectMeta's labels: as an object's (metadata.labels), as a pod
// template's (whose inline ObjectMeta puts them at template.labels), or not at all.
enum class MetaLabels { Object, PodTemplate, Unchecked };
void decode_meta(const Value& v, ObjectMeta& out, MetaLabels labels = MetaLabels::Object);
void decode_string_map(const Value& v, StringMap& out);
std::vector<std::string> decode_strings(const Value& v);
// A metav1.Time: "" for null, else RFC 3339 in UTC to the second; a value that is no time fails
// with Go's error.
std::string decode_time(const Value& v);
Quantity decode_quantity(const Value& v);
ResourceList decode_resource_list(const Value& v);
void decode_resource_requirements(const Value& v, ResourceRequirements& out);
LabelSelector decode_label_selector(const Value& v);
// A label selector as written, left for the caller to validate.
LabelSelector read_label_selector(const Value& v);
NodeSelector decode_node_selector(const Value& v);
NodeSelectorTerm decode_node_selector_term(const Value& v);
void decode_volume_source_field(std::string_view key, const Value& v, VolumeSource& out);
bool is_volume_source_key(std::string_view key);
void decode_pvc_spec(const Value& v, PersistentVolumeClaimSpec& out);
// A PodSpec (a pod's, or a workload template's), with the API server's checks; no defaults.
void decode_pod_spec(const Value& v, PodSpec& out);
// A toleration (pods' and RuntimeClasses' scheduling.tolerations), validated as the API server does.
Toleration decode_toleration(const Value& v);

// Rejects `value` unless it is one of `allowed` (the API server's "Unsupported value" error).
void check_enum(const Value& v, const std::string& value, std::initializer_list<std::string_view> allowed);
// An error about the member `field` of object `v`: "<path>.<field>: <message>".
[[noreturn]] void fail_child(const Value& v, std::string_view field, std::string_view message);
// The API server's "Required value" error for a missing field of `v`.
[[noreturn]] void fail_required(const Value& v, std::string_view field, std::string_view detail = {});

// Whole objects. Each applies the API server's defaults that scheduling depends on.
void decode_pod(const Value& v, Pod& out);
void decode_node(const Value& v, Node& out);
void decode_namespace(const Value& v, Namespace& out);
void decode_persistent_volume(const Value& v, PersistentVolume& out);
void decode_persistent_volume_claim(const Value& v, PersistentVolumeClaim& out);
void decode_storage_class(const Value& v, StorageClass& out);
void decode_csi_node(const Value& v, CSINode& out);
void decode_csi_driver(const Value& v, CSIDriver& out);
void decode_csi_storage_capacity(const Value& v, CSIStorageCapacity& out);
// scheduling.k8s.io/v1 PriorityClass and policy/v1 PodDisruptionBudget (decode_policy.cpp).
void decode_priority_class(const Value& v, PriorityClass& out);
void decode_pod_disruption_budget(const Value& v, PodDisruptionBudget& out);
void decode_runtime_class(const Value& v, RuntimeClass& out);
void decode_limit_range(const Value& v, LimitRange& out);
// v1 ResourceQuota (decode_resource_quota.cpp).
void decode_resource_quota(const Value& v, ResourceQuota& out);
// resource.k8s.io ResourceSlice and DeviceClass: v1, and v1beta1 and v1beta2 converted as the API
// server converts them (decode_resource.cpp); the version is read from the object's apiVersion.
void decode_resource_slice(const Value& v, ResourceSlice& out);
void decode_device_class(const Value& v, DeviceClass& out);
void decode_resource_claim(const Value& v, ResourceClaim& out);
void decode_resource_claim_template(const Value& v, ResourceClaimTemplate& out);
void decode_device_taint_rule(const Value& v, DeviceTaintRule& out);

// Workloads given to --pod: the pod their controller creates (decode_workload.cpp).
bool is_workload_kind(std::string_view kind);
// `api_version` is the object's ("" inside a typed List); a version the kind has not is rejected.
// A workload that names no namespace is in `default_namespace` (kubectl's -n).
void decode_workload(const Value& v, std::string_view kind, std::string_view api_version, Candidate& out,
                     std::string_view default_namespace = "default");

// SetDefaults_NodeStatus for the fields podfit reads (pods: validation/core/pod_defaults.h).
void apply_node_defaults(Node& node, bool allocatable_set);
// The DefaultStorageClass admission plugin for every unbound claim without a class (loader.cpp).
void apply_default_storage_class(ClusterState& cluster);

}  // namespace podfit
