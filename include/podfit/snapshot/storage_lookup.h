// Lookups of the storage objects of the cluster state, as the scheduler's listers offer them.
#pragma once

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

 private:
  const ClusterState* cluster_;
  std::unordered_map<std::string, const PersistentVolumeClaim*> claims_;  // "namespace/name"
  std::unordered_map<std::string, const PersistentVolume*> volumes_;
  std::unordered_map<std::string, const StorageClass*> classes_;
  std::unordered_map<std::string, const CSINode*> csi_nodes_;
  std::unordered_map<std::string, const CSIDriver*> csi_drivers_;
  std::unordered_map<std::string, std::vector<const PersistentVolume*>> volumes_by_class_;
};

}  // namespace podfit
