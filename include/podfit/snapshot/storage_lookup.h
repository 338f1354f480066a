// Lookups of the storage objects of the cluster state, as the scheduler's listers offer them.
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "podfit/model/cluster.h"

namespace podfit {

// Indexes built once per snapshot, so a plugin's PreFilter does not scan every claim per pod.
class StorageLookup {
 public:
  explicit StorageLookup(const ClusterState& cluster);

  const PersistentVolumeClaim* claim(std::string_view namespace_, std::string_view name) const;
  const PersistentVolume* volume(std::string_view name) const;
  const StorageClass* storage_class(std::string_view name) const;
  const CSINode* csi_node(std::string_view node_name) const;
  const CSIDriver* csi_driver(std::string_view name) const;
  // Every PersistentVolume / CSIStorageCapacity in input order.
  const std::vector<PersistentVolume>& volumes() const { return cluster_->persistent_volumes; }
  const std::vector<CSIStorageCapacity>& storage_capacities() const { return cluster_->csi_storage_capacities; }
  // PersistentVolumes by class as the scheduler's PV cache indexes them (persistent_volume_class:
  // the beta storage-class annotation, else spec.storageClassName; "" for none), input order.
  const std::vector<const PersistentVolume*>& volumes_of_class(std::string_view class_name) const;

  // A claim created after the cluster state was read (a controller's, for a pod placed later):
  // lookups find it from now on, as if the cluster state had held it. A claim of the same name
  // already known is left as it is; false then.
  bool add_claim(PersistentVolumeClaim claim);
  // The scheduler's assume caches (AssumeCache.Assume): a newer version of a known claim or
  // volume that lookups return instead, until restored. False for an unknown name.
  bool assume_claim(PersistentVolumeClaim claim);
  bool assume_volume(PersistentVolume volume);
  // AssumeCache.Restore: lookups return the known version again (nothing for a name not assumed).
  void restore_claim(std::string_view namespace_, std::string_view name);
  void restore_volume(std::string_view name);

 private:
  void point_class_index_at(const PersistentVolume* volume);
  const ClusterState* cluster_;
  std::unordered_map<std::string, const PersistentVolumeClaim*> claims_;  // "namespace/name"
  std::unordered_map<std::string, const PersistentVolume*> volumes_;
  std::unordered_map<std::string, const StorageClass*> classes_;
  std::unordered_map<std::string, const CSINode*> csi_nodes_;
  std::unordered_map<std::string, const CSIDriver*> csi_drivers_;
  std::unordered_map<std::string, std::vector<const PersistentVolume*>> volumes_by_class_;
  // Claims added and versions assumed, kept for the lookup's lifetime so that no pointer handed
  // out dangles; the maps above point at the newest.
  std::deque<PersistentVolumeClaim> added_claims_;
  std::deque<PersistentVolumeClaim> assumed_claim_versions_;
  std::deque<PersistentVolume> assumed_volume_versions_;
  // What Restore returns to: each assumed claim's and volume's version before it was assumed.
  std::unordered_map<std::string, const PersistentVolumeClaim*> known_claims_;  // "namespace/name"
  std::unordered_map<std::string, const PersistentVolume*> known_volumes_;
};

}  // namespace podfit
