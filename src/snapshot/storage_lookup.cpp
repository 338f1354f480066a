#include "podfit/snapshot/storage_lookup.h"

namespace podfit {

StorageLookup::StorageLookup(const ClusterState& cluster) : cluster_(&cluster) {
  for (const auto& c : cluster.persistent_volume_claims) {
    claims_.try_emplace(c.metadata.namespace_ + "/" + c.metadata.name, &c);
  }
  for (const auto& v : cluster.persistent_volumes) {
    volumes_.try_emplace(v.metadata.name, &v);
    volumes_by_class_[persistent_volume_class(v)].push_back(&v);
  }
  for (const auto& s : cluster.storage_classes) classes_.try_emplace(s.metadata.name, &s);
  for (const auto& n : cluster.csi_nodes) csi_nodes_.try_emplace(n.metadata.name, &n);
  for (const auto& d : cluster.csi_drivers) csi_drivers_.try_emplace(d.metadata.name, &d);
}

namespace {
template <class Map>
auto find_in(const Map& map, const std::string& key) -> typename Map::mapped_type {
  auto it = map.find(key);
  return it == map.end() ? nullptr : it->second;
}
}  // namespace

const PersistentVolumeClaim* StorageLookup::claim(std::string_view namespace_, std::string_view name) const {
  std::string key;
  key.reserve(namespace_.size() + 1 + name.size());
  key.append(namespace_).append("/").append(name);
  return find_in(claims_, key);
}

const PersistentVolume* StorageLookup::volume(std::string_view name) const { return find_in(volumes_, std::string(name)); }

const StorageClass* StorageLookup::storage_class(std::string_view name) const {
  return find_in(classes_, std::string(name));
}

const CSINode* StorageLookup::csi_node(std::string_view node_name) const {
  return find_in(csi_nodes_, std::string(node_name));
}

const CSIDriver* StorageLookup::csi_driver(std::string_view name) const {
  return find_in(csi_drivers_, std::string(name));
}

const std::vector<const PersistentVolume*>& StorageLookup::volumes_of_class(std::string_view class_name) const {
  static const std::vector<const PersistentVolume*> kNone;
  auto it = volumes_by_class_.find(std::string(class_name));
  return it == volumes_by_class_.end() ? kNone : it->second;
}

}  // namespace podfit
