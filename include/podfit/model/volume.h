// Volume sources as pods and persistent volumes declare them (only what scheduling inspects).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "podfit/model/flat_map.h"
#include "podfit/model/resources.h"
#include "podfit/model/selector.h"

namespace podfit {

// VolumeSource::type of a volume that names a PersistentVolumeClaim.
inline constexpr std::string_view kPersistentVolumeClaimSource = "persistentVolumeClaim";

// The volume plugin a pod volume or PV uses, with the identifiers the volume plugins compare.
struct VolumeSource {
  // Source key as in the manifest: "persistentVolumeClaim", "ephemeral", "csi",
  // "gcePersistentDisk", "awsElasticBlockStore", "rbd", "iscsi", "azureDisk", "cinder",
  // "hostPath", "emptyDir", "configMap", ... ("" when none was given).
  std::string type;
  bool read_only = false;
  std::string pd_name;        // gcePersistentDisk.pdName
  int32_t partition = 0;      // gcePersistentDisk / awsElasticBlockStore partition
  std::string volume_id;      // awsElasticBlockStore / cinder / portworxVolume volumeID
  std::vector<std::string> ceph_monitors;  // rbd.monitors
  std::string rbd_pool;       // rbd.pool (defaulted to "rbd")
  std::string rbd_image;      // rbd.image
  std::string iscsi_target_portal;
  std::string iscsi_iqn;
  int32_t iscsi_lun = 0;
  std::string azure_disk_uri;   // azureDisk.diskURI
  std::string azure_disk_name;  // azureDisk.diskName
  std::string azure_disk_kind;  // azureDisk.kind (the API server defaults it to "Shared")
  std::string azure_file_secret_name;  // azureFile.secretName
  std::string azure_file_share_name;   // azureFile.shareName
  std::optional<std::string> azure_file_secret_namespace;  // azureFile.secretNamespace (PVs only)
  std::string vsphere_volume_path;          // vsphereVolume.volumePath
  std::string vsphere_storage_policy_name;  // vsphereVolume.storagePolicyName
  std::string csi_driver;       // csi.driver
  std::string csi_volume_handle;  // PV csi.volumeHandle
  StringMap csi_volume_attributes;
  std::string image_reference;    // image.reference (an image volume's OCI image)
  std::string image_pull_policy;  // image.pullPolicy ("" when not given)
};

// v1.PersistentVolumeClaimSpec (also the template of generic ephemeral volumes).
struct PersistentVolumeClaimSpec {
  std::vector<std::string> access_modes;
  std::optional<LabelSelector> selector;
  ResourceRequirements resources;
  std::string volume_name;
  std::optional<std::string> storage_class_name;  // nullopt: absent (default class applies)
  std::string volume_mode = "Filesystem";
  std::optional<std::string> volume_attributes_class_name;
};

// A volume in pod.spec.volumes.
struct Volume {
  std::string name;
  VolumeSource source;
  std::string claim_name;  // persistentVolumeClaim.claimName
  // ephemeral.volumeClaimTemplate (generic ephemeral volume): the claim is named <pod>-<volume>.
  std::optional<PersistentVolumeClaimSpec> ephemeral_claim;
  StringMap ephemeral_labels;
  StringMap ephemeral_annotations;
};

}  // namespace podfit
