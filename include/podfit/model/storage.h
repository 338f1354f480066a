// Storage objects the volume plugins read: PV, PVC, StorageClass, CSINode, CSIDriver, CSIStorageCapacity.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/model/meta.h"
#include "podfit/model/node_selector.h"
#include "podfit/model/resources.h"
#include "podfit/model/selector.h"
#include "podfit/model/volume.h"

namespace podfit {

struct ObjectReference {
  std::string kind;
  std::string namespace_;
  std::string name;
  std::string uid;
};

struct PersistentVolume {
  ObjectMeta metadata;
  ResourceList capacity;
  std::vector<std::string> access_modes;
  VolumeSource source;
  std::optional<ObjectReference> claim_ref;
  std::string reclaim_policy = "Retain";
  std::string storage_class_name;
  std::vector<std::string> mount_options;
  std::string volume_mode = "Filesystem";
  std::optional<NodeSelector> node_affinity;  // spec.nodeAffinity.required
  std::optional<std::string> volume_attributes_class_name;  // spec.volumeAttributesClassName
  std::string phase;
  bool assumed_provisioned = false;  // not in the input: the volume a provisioner is assumed to create
  SourceRef origin;
};

struct PersistentVolumeClaim {
  ObjectMeta metadata;
  PersistentVolumeClaimSpec spec;
  std::string phase;  // Pending, Bound, Lost
  std::vector<std::string> status_access_modes;
  ResourceList status_capacity;
  SourceRef origin;
};

// A topology term of a StorageClass's allowedTopologies.
struct TopologySelectorRequirement {
  std::string key;
  std::vector<std::string> values;
};
struct TopologySelectorTerm {
  std::vector<TopologySelectorRequirement> match_label_expressions;
};

struct StorageClass {
  ObjectMeta metadata;
  std::string provisioner;
  StringMap parameters;
  std::string reclaim_policy = "Delete";
  std::string volume_binding_mode = "Immediate";
  std::vector<TopologySelectorTerm> allowed_topologies;
  bool allow_volume_expansion = false;
  SourceRef origin;
};

struct CSINodeDriver {
  std::string name;
  std::string node_id;
  std::vector<std::string> topology_keys;
  std::optional<int32_t> allocatable_count;
};

struct CSINode {
  ObjectMeta metadata;
  std::vector<CSINodeDriver> drivers;
  SourceRef origin;
};

struct CSIDriver {
  ObjectMeta metadata;
  bool attach_required = true;
  bool storage_capacity = false;
  std::optional<bool> pod_info_on_mount;
  std::vector<std::string> volume_lifecycle_modes;
  std::optional<int32_t> node_allocatable_update_period_seconds;
  std::optional<bool> prevent_pod_scheduling_if_missing;  // VolumeLimitScaling: no CSINode driver, no pod
  SourceRef origin;
};

struct CSIStorageCapacity {
  ObjectMeta metadata;
  std::optional<LabelSelector> node_topology;
  std::string storage_class_name;
  std::optional<Quantity> capacity;
  std::optional<Quantity> maximum_volume_size;
  SourceRef origin;
};

// The beta annotation that predates spec.storageClassName; it wins over the field when present.
inline constexpr std::string_view kBetaStorageClassAnnotation = "volume.beta.kubernetes.io/storage-class";

// storagehelpers.GetPersistentVolumeClass: the class a PV belongs to ("" for none).
inline std::string persistent_volume_class(const PersistentVolume& pv) {
  if (const std::string* annotated = pv.metadata.annotations.find(kBetaStorageClassAnnotation)) return *annotated;
  return pv.storage_class_name;
}

// storagehelpers.GetPersistentVolumeClaimClass: the class a claim asks for ("" for none).
inline std::string persistent_volume_claim_class(const PersistentVolumeClaim& claim) {
  if (const std::string* annotated = claim.metadata.annotations.find(kBetaStorageClassAnnotation)) return *annotated;
  return claim.spec.storage_class_name.value_or("");
}

}  // namespace podfit
