// In-tree volume plugins migrated to CSI drivers: their names, and the CSI volume that an in-tree
// PersistentVolume or inline pod volume becomes, as k8s.io/csi-translation-lib translates them.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "podfit/model/storage.h"
#include "podfit/model/volume.h"

namespace podfit {

// The in-tree plugin names (a StorageClass provisioner names one) and the CSI drivers replacing them.
inline constexpr std::string_view kAwsEbsInTreePluginName = "kubernetes.io/aws-ebs";
inline constexpr std::string_view kAwsEbsDriverName = "ebs.csi.aws.com";
inline constexpr std::string_view kGcePdInTreePluginName = "kubernetes.io/gce-pd";
inline constexpr std::string_view kGcePdDriverName = "pd.csi.storage.gke.io";
inline constexpr std::string_view kCinderInTreePluginName = "kubernetes.io/cinder";
inline constexpr std::string_view kCinderDriverName = "cinder.csi.openstack.org";
inline constexpr std::string_view kAzureDiskInTreePluginName = "kubernetes.io/azure-disk";
inline constexpr std::string_view kAzureDiskDriverName = "disk.csi.azure.com";
inline constexpr std::string_view kAzureFileInTreePluginName = "kubernetes.io/azure-file";
inline constexpr std::string_view kAzureFileDriverName = "file.csi.azure.com";
inline constexpr std::string_view kVsphereInTreePluginName = "kubernetes.io/vsphere-volume";
inline constexpr std::string_view kVsphereDriverName = "csi.vsphere.vmware.com";
inline constexpr std::string_view kPortworxInTreePluginName = "kubernetes.io/portworx-volume";
inline constexpr std::string_view kPortworxDriverName = "pxd.portworx.com";

// The topology keys the translated PVs' node affinity uses instead of the zone / region labels.
inline constexpr std::string_view kAwsEbsTopologyKey = "topology.ebs.csi.aws.com/zone";
inline constexpr std::string_view kGcePdTopologyKey = "topology.gke.io/zone";
inline constexpr std::string_view kCinderTopologyKey = "topology.cinder.csi.openstack.org/zone";
inline constexpr std::string_view kVsphereTopologyZoneKey = "topology.csi.vmware.com/zone";
inline constexpr std::string_view kVsphereTopologyRegionKey = "topology.csi.vmware.com/region";

// One in-tree plugin with translation logic: the volume source it handles and both names.
struct MigratablePlugin {
  std::string_view source_type;  // VolumeSource::type, e.g. "awsElasticBlockStore"
  std::string_view in_tree_name;
  std::string_view csi_driver;
};

// The seven plugins csi-translation-lib translates (whether a component actually migrates one is
// that component's decision).
std::span<const MigratablePlugin> migratable_plugins();

// A translation's outcome: the value, or csi-translation-lib's error message word for word.
template <class T>
struct Translated {
  std::optional<T> value;
  std::string error;

  static Translated ok(T v) { return Translated{std::move(v), {}}; }
  static Translated fail(std::string message) { return Translated{std::nullopt, std::move(message)}; }
  bool has_value() const { return value.has_value(); }
};

// IsPVMigratable: the PV's source is one a migratable plugin handles.
bool is_pv_migratable(const PersistentVolume& pv);
// IsInlineMigratable: the pod volume's source is one a migratable plugin handles.
bool is_inline_migratable(const Volume& volume);
// IsMigratableIntreePluginByName: `name` is a migratable plugin's in-tree name.
bool is_migratable_in_tree_plugin_by_name(std::string_view name);
// IsMigratedCSIDriverByName: `name` is the CSI driver of a migratable plugin.
bool is_migrated_csi_driver_by_name(std::string_view name);

// GetInTreePluginNameFromSpec for a PV: the plugin that handles its source.
Translated<std::string> in_tree_plugin_name_from_pv(const PersistentVolume& pv);
// GetInTreePluginNameFromSpec for an inline pod volume.
Translated<std::string> in_tree_plugin_name_from_volume(const Volume& volume);
// GetCSINameFromInTreeName: the CSI driver that replaces an in-tree plugin.
Translated<std::string> csi_name_from_in_tree_name(std::string_view in_tree_name);
// GetInTreeNameFromCSIName: the in-tree plugin a CSI driver replaces.
Translated<std::string> in_tree_name_from_csi_name(std::string_view csi_driver);

// TranslateInTreePVToCSI: a copy of the PV with a csi source (driver, volumeHandle, readOnly,
// volumeAttributes) in place of the in-tree one and its zone / region node affinity rewritten to
// the driver's topology keys (GCE PD also folds ReadWriteMany into ReadWriteOnce). The GCE PD
// handle is zonal or regional from the PV's zone label; an EBS "aws://zone/vol-x" id becomes "vol-x".
Translated<PersistentVolume> translate_in_tree_pv_to_csi(const PersistentVolume& pv);

// TranslateInTreeInlineVolumeToCSI: the PV (name, csi source, access modes, Filesystem mode) that
// stands for an inline in-tree pod volume; `pod_namespace` only matters to Azure File.
Translated<PersistentVolume> translate_in_tree_inline_volume_to_csi(const Volume& volume,
                                                                    std::string_view pod_namespace);

// KubernetesVolumeIDToEBSVolumeID: "aws://<zone>/<vol-id>", "aws:///<vol-id>" or a bare id, to
// the bare EBS id; the URL form is parsed as Go's net/url does and must name a "vol-..." id.
Translated<std::string> kubernetes_volume_id_to_ebs_volume_id(std::string_view kubernetes_id);

}  // namespace podfit
