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

bool StorageLookup::add_claim(PersistentVolumeClaim claim) {
  std::string key = claim.metadata.namespace_ + "/" + claim.metadata.name;
  if (claims_.contains(key)) return false;
  added_claims_.push_back(std::move(claim));
  claims_.emplace(std::move(key), &added_claims_.back());
  return true;
}

bool StorageLookup::assume_claim(PersistentVolumeClaim claim) {
  const std::string key = claim.metadata.namespace_ + "/" + claim.metadata.name;
  auto it = claims_.find(key);
  if (it == claims_.end()) return false;
  known_claims_.try_emplace(key, it->second);
  assumed_claim_versions_.push_back(std::move(claim));
  it->second = &assumed_claim_versions_.back();
  return true;
}

bool StorageLookup::assume_volume(PersistentVolume volume) {
  auto it = volumes_.find(volume.metadata.name);
  if (it == volumes_.end()) return false;
  known_volumes_.try_emplace(volume.metadata.name, it->second);
  assumed_volume_versions_.push_back(std::move(volume));
  it->second = &assumed_volume_versions_.back();
  point_class_index_at(it->second);
  return true;
}

void StorageLookup::restore_claim(std::string_view namespace_, std::string_view name) {
  std::string key;
  key.append(namespace_).append("/").append(name);
  auto known = known_claims_.find(key);
  if (known == known_claims_.end()) return;
  claims_[key] = known->second;
  known_claims_.erase(known);
}

void StorageLookup::restore_volume(std::string_view name) {
  auto known = known_volumes_.find(std::string(name));
  if (known == known_volumes_.end()) return;
  volumes_[known->first] = known->second;
  point_class_index_at(known->second);
  known_volumes_.erase(known);
}

// The class index holds one entry per volume name; an assumed version takes its place there
// (binding a volume never changes its class).
void StorageLookup::point_class_index_at(const PersistentVolume* volume) {
  auto it = volumes_by_class_.find(persistent_volume_class(*volume));
  if (it == volumes_by_class_.end()) return;
  for (const PersistentVolume*& entry : it->second) {
    if (entry->metadata.name == volume->metadata.name) entry = volume;
  }
}

}  // namespace podfit
