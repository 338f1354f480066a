#include "podfit/snapshot/snapshot.h"

#include <algorithm>
#include <atomic>
#include <set>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/parallelizer.h"

namespace podfit {

namespace {
// Generations are unique over all snapshots, so a snapshot made where another was freed is never
// taken for it.
uint64_t next_generation() {
  static std::atomic<uint64_t> counter{0};
  return ++counter;
}

bool is_terminal(const Pod& pod) { return pod.status.phase == "Succeeded" || pod.status.phase == "Failed"; }

// The scheduler cache's image bookkeeping: one shared state per image name, sized by the first
// node that reported it and counting the distinct nodes that have it.
struct ImageState {
  int64_t size = 0;
  std::set<std::string> nodes;
};

}  // namespace

Snapshot::Snapshot(const ClusterState& cluster, const FeatureGates& gates)
    : cluster_(&cluster), storage_(cluster), device_classes_(cluster.device_classes), generation_(next_generation()),
      layout_generation_(generation_) {
  for (const auto& claim : cluster.resource_claims) {
    claims_by_key_.try_emplace(claim.metadata.namespace_ + "/" + claim.metadata.name, &claim);
  }
  for (const auto& node : cluster.nodes) {
    if (by_name_.contains(node.metadata.name)) continue;
    nodes_.push_back(std::make_unique<NodeInfo>(&node));
    nodes_.back()->set_position(nodes_.size() - 1);
    by_name_.emplace(node.metadata.name, nodes_.back().get());
  }

  std::map<std::string, ImageState, std::less<>> images;
  for (const auto& info : nodes_) {
    for (const auto& image : info->node().status.images) {
      for (const auto& name : image.names) {
        auto [it, inserted] = images.try_emplace(name);
        if (inserted) it->second.size = image.size_bytes;
        it->second.nodes.insert(info->name());
      }
    }
  }
  for (const auto& info : nodes_) {
    auto& states = info->mutable_image_states();
    for (const auto& image : info->node().status.images) {
      for (const auto& name : image.names) {
        const ImageState& state = images.find(name)->second;
        const ImageStateSummary summary{state.size, static_cast<int>(state.nodes.size())};
        if (states.try_emplace(name, summary).second) {
          ImageHolders& holders = image_holders_[name];
          holders.state = summary;
          holders.positions.push_back(info->position());
        }
      }
    }
  }

  std::vector<std::pair<const Pod*, NodeInfo*>> assigned;
  for (const auto& pod : cluster.pods) {
    if (is_terminal(pod)) continue;
    if (pod.spec.node_name.empty()) {
      pending_.push_back(&pod);
      continue;
    }
    NodeInfo* node = find_node(pod.spec.node_name);
    if (node == nullptr) {
      orphaned_.push_back(&pod);
      continue;
    }
    assigned.emplace_back(&pod, node);
  }
  // Every running pod's requests and affinity terms, on every core: a third of building a
  // 150,000-pod snapshot.
  pod_infos_.resize(assigned.size());
  Parallelizer().until(assigned.size(), [&](size_t i) { pod_infos_[i] = std::make_unique<PodInfo>(*assigned[i].first, gates); });
  for (size_t i = 0; i < assigned.size(); ++i) add_to_node(*assigned[i].second, pod_infos_[i].get());

  for (const auto& ns : cluster.namespaces) {
    if (namespace_labels_.try_emplace(ns.metadata.name, &ns.metadata.labels).second) {
      namespace_names_.push_back(ns.metadata.name);
    }
  }
  for (const auto& pod : cluster.pods) ensure_namespace(pod.metadata.namespace_);
}

void Snapshot::ensure_namespace(std::string_view name) {
  if (name.empty() || namespace_labels_.contains(name)) return;
  generation_ = next_generation();
  layout_generation_ = generation_;
  auto [it, inserted] = synthesized_namespaces_.try_emplace(std::string(name));
  it->second.set("kubernetes.io/metadata.name", std::string(name));
  namespace_labels_.emplace(it->first, &it->second);
  namespace_names_.push_back(it->first);
}

NodeInfo* Snapshot::find_node(std::string_view name) const {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : it->second;
}

size_t Snapshot::node_position(std::string_view name) const {
  const NodeInfo* node = find_node(name);
  return node == nullptr ? nodes_.size() : node->position();
}

const ImageHolders* Snapshot::image_holders(std::string_view name) const {
  auto it = image_holders_.find(name);
  return it == image_holders_.end() ? nullptr : &it->second;
}

const StringMap* Snapshot::namespace_labels(std::string_view name) const {
  auto it = namespace_labels_.find(name);
  return it == namespace_labels_.end() ? nullptr : it->second;
}

std::vector<const NodeInfo*> Snapshot::nodes_with_pods_with_affinity() const {
  std::vector<const NodeInfo*> out;
  for (const auto& node : nodes_) {
    if (!node->pods_with_affinity().empty()) out.push_back(node.get());
  }
  return out;
}

std::vector<const NodeInfo*> Snapshot::nodes_with_pods_with_required_anti_affinity() const {
  std::vector<const NodeInfo*> out;
  for (const auto& node : nodes_) {
    if (!node->pods_with_required_anti_affinity().empty()) out.push_back(node.get());
  }
  return out;
}

bool Snapshot::is_pvc_used_by_pods(std::string_view key) const {
  auto it = used_pvc_ref_counts_.find(key);
  return it != used_pvc_ref_counts_.end() && it->second > 0;
}

void Snapshot::add_to_node(NodeInfo& node, const PodInfo* pod) {
  node.add_pod(pod);
  count_claims(pod->pod(), 1);
}

// createUsedPVCRefCounts: the same keys NodeInfo counts, summed over every node.
void Snapshot::count_claims(const Pod& pod, int delta) {
  for (const auto& volume : pod.spec.volumes) {
    if (volume.source.type != kPersistentVolumeClaimSource) continue;
    auto [it, inserted] = used_pvc_ref_counts_.try_emplace(pod.metadata.namespace_ + "/" + volume.claim_name, 0);
    it->second += delta;
    if (it->second <= 0) used_pvc_ref_counts_.erase(it);
  }
}

void Snapshot::nominate(const std::function<bool(const Pod&)>& queued, const FeatureGates& gates) {
  nominated_infos_.clear();
  nominated_by_node_.assign(nodes_.size(), {});
  nominated_count_ = 0;
  for (const Pod* pod : pending_) {
    const std::string& name = pod->status.nominated_node_name;
    if (name.empty()) continue;
    const size_t position = node_position(name);
    if (position == nodes_.size() || !queued(*pod)) continue;
    nominated_infos_.push_back(std::make_unique<PodInfo>(*pod, gates));
    nominated_by_node_[position].push_back(nominated_infos_.back().get());
    ++nominated_count_;
  }
}

const std::vector<const PodInfo*>& Snapshot::nominated_pods(size_t position) const {
  static const std::vector<const PodInfo*> kNone;
  return position < nominated_by_node_.size() ? nominated_by_node_[position] : kNone;
}

void Snapshot::denominate(const Pod& pod) {
  if (nominated_count_ == 0) return;
  const auto same = [&](const PodInfo* nominee) {
    const ObjectMeta& meta = nominee->pod().metadata;
    return pod.metadata.uid.empty() ? meta.namespace_ == pod.metadata.namespace_ && meta.name == pod.metadata.name
                                    : meta.uid == pod.metadata.uid;
  };
  for (auto& nominees : nominated_by_node_) nominated_count_ -= std::erase_if(nominees, same);
}

const PodInfo* Snapshot::assume(const Pod& pod, std::string_view node_name, const FeatureGates& gates) {
  NodeInfo* node = find_node(node_name);
  if (node == nullptr) return nullptr;
  denominate(pod);
  generation_ = next_generation();
  auto copy = std::make_unique<Pod>(pod);
  copy->spec.node_name = std::string(node_name);
  assumed_pods_.push_back(std::move(copy));
  pod_infos_.push_back(std::make_unique<PodInfo>(*assumed_pods_.back(), gates));
  add_to_node(*node, pod_infos_.back().get());
  record_change(pod_infos_.back().get(), 1);
  return pod_infos_.back().get();
}

void Snapshot::record_change(const PodInfo* pod, int delta) {
  auto it = std::find_if(pod_changes_.begin(), pod_changes_.end(), [&](const PodChange& c) { return c.pod == pod; });
  if (it == pod_changes_.end()) {
    pod_changes_.push_back(PodChange{pod, delta});
  } else if ((it->delta += delta) == 0) {
    pod_changes_.erase(it);
  }
}

bool Snapshot::forget(const PodInfo* assumed) {
  // Searched from the end: the pods assumed last are forgotten first, and the running ones come before them.
  auto info = std::find_if(pod_infos_.rbegin(), pod_infos_.rend(), [&](const auto& p) { return p.get() == assumed; });
  auto pod = std::find_if(assumed_pods_.rbegin(), assumed_pods_.rend(),
                          [&](const auto& p) { return assumed != nullptr && p.get() == &assumed->pod(); });
  if (info == pod_infos_.rend() || pod == assumed_pods_.rend()) return false;
  generation_ = next_generation();
  if (NodeInfo* node = find_node((*pod)->spec.node_name)) node->remove_pod(assumed);
  count_claims(**pod, -1);
  record_change(assumed, -1);
  pod_infos_.erase(std::next(info).base());
  assumed_pods_.erase(std::next(pod).base());
  return true;
}

bool Snapshot::take_off_node(const PodInfo* running) {
  NodeInfo* node = running == nullptr ? nullptr : find_node(running->pod().spec.node_name);
  if (node == nullptr || !node->remove_pod(running)) return false;
  generation_ = next_generation();
  count_claims(running->pod(), -1);
  record_change(running, -1);
  return true;
}

bool Snapshot::put_back(const PodInfo* taken) {
  NodeInfo* node = taken == nullptr ? nullptr : find_node(taken->pod().spec.node_name);
  if (node == nullptr) return false;
  generation_ = next_generation();
  add_to_node(*node, taken);
  record_change(taken, 1);
  return true;
}

const LabelColumn& Snapshot::label_column(std::string_view key) const {
  std::lock_guard lock(label_columns_mutex_);
  auto found = label_columns_.find(key);
  if (found != label_columns_.end()) return *found->second;
  auto column = std::make_unique<LabelColumn>();
  column->key = std::string(key);
  column->value_ids.reserve(nodes_.size());
  column->nodes.reserve(nodes_.size());
  for (const auto& node : nodes_) {
    const std::string* value = node->node().metadata.labels.find(key);
    int32_t id = LabelColumn::kAbsent;
    if (value != nullptr) {
      auto [it, added] = column->ids.emplace(*value, static_cast<int32_t>(column->ids.size()));
      if (added) column->values.push_back(&it->first);
      else column->unique_values = false;
      id = it->second;
    }
    column->value_ids.push_back(id);
    column->nodes.push_back(&node->node());
  }
  return *label_columns_.emplace(std::string(key), std::move(column)).first->second;
}

bool Snapshot::update_node(const Node& node) {
  auto it = by_name_.find(std::string_view(node.metadata.name));
  if (it == by_name_.end()) return false;
  generation_ = next_generation();
  if (!(it->second->node().metadata.labels == node.metadata.labels)) {
    layout_generation_ = generation_;
    // Columns read the old labels: built again on next use, the old ones kept for whoever holds them.
    std::lock_guard lock(label_columns_mutex_);
    for (auto& [key, column] : label_columns_) retired_label_columns_.push_back(std::move(column));
    label_columns_.clear();
  }
  auto slot = nodes_.begin() + static_cast<std::ptrdiff_t>(it->second->position());
  auto updated = std::make_unique<NodeInfo>(&node);
  updated->set_position((*slot)->position());
  for (const PodInfo* pod : (*slot)->pods()) updated->add_pod(pod);
  updated->mutable_image_states() = (*slot)->image_states();
  it->second = updated.get();
  *slot = std::move(updated);
  return true;
}

const ResourceClaim* Snapshot::resource_claim(std::string_view ns, std::string_view name) const {
  std::string key;
  key.reserve(ns.size() + name.size() + 1);
  key.append(ns).append("/").append(name);
  if (auto it = assumed_claims_.find(key); it != assumed_claims_.end()) return it->second.get();
  auto it = claims_by_key_.find(key);
  return it == claims_by_key_.end() ? nullptr : it->second;
}

std::vector<const ResourceClaim*> Snapshot::resource_claims() const {
  std::vector<const ResourceClaim*> out;
  out.reserve(cluster_->resource_claims.size() + created_claims_.size() + assumed_claim_order_.size());
  for (const auto& claim : cluster_->resource_claims) {
    const std::string key = claim.metadata.namespace_ + "/" + claim.metadata.name;
    auto first = claims_by_key_.find(key);
    if (first->second != &claim) continue;  // a name given twice keeps its first claim
    auto assumed = assumed_claims_.find(key);
    out.push_back(assumed != assumed_claims_.end() ? assumed->second.get() : &claim);
  }
  for (const ResourceClaim& claim : created_claims_) {
    auto assumed = assumed_claims_.find(claim.metadata.namespace_ + "/" + claim.metadata.name);
    out.push_back(assumed != assumed_claims_.end() ? assumed->second.get() : &claim);
  }
  for (const auto& key : assumed_claim_order_) out.push_back(assumed_claims_.find(key)->second.get());
  return out;
}

bool Snapshot::add_resource_claim(ResourceClaim claim) {
  std::string key = claim.metadata.namespace_ + "/" + claim.metadata.name;
  if (claims_by_key_.contains(key) || assumed_claims_.contains(key)) return false;
  claims_by_key_.emplace(std::move(key), &created_claims_.emplace_back(std::move(claim)));
  return true;
}

void Snapshot::assume_resource_claim(ResourceClaim claim) {
  std::string key = claim.metadata.namespace_ + "/" + claim.metadata.name;
  if (!claims_by_key_.contains(key) && !assumed_claims_.contains(key)) assumed_claim_order_.push_back(key);
  assumed_claims_[key] = std::make_shared<const ResourceClaim>(std::move(claim));
}

void Snapshot::restore_resource_claim(std::string_view ns, std::string_view name) {
  std::string key = std::string(ns) + "/" + std::string(name);
  auto it = assumed_claims_.find(key);
  if (it == assumed_claims_.end()) return;
  assumed_claims_.erase(it);
  std::erase(assumed_claim_order_, key);
}

}  // namespace podfit
