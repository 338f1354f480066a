// The scheduler's view of the cluster for one run: NodeInfos plus the objects plugins look up.
#pragma once

#include <cstdint>

#include <deque>
#include <map>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "podfit/dra/device_class_resolver.h"
#include "podfit/util/string_hash.h"
#include "podfit/model/cluster.h"
#include "podfit/snapshot/node_info.h"
#include "podfit/snapshot/pod_info.h"
#include "podfit/snapshot/storage_lookup.h"

namespace podfit {

struct FeatureGates;

// The nodes reporting one image name, and the state the scheduler's cache shares between them.
struct ImageHolders {
  ImageStateSummary state;
  std::vector<size_t> positions;  // in nodes(), ascending
};

// One label key's values on every node, each distinct value numbered, so that a plugin checking
// a domain on every node reads two arrays instead of searching the node's labels.
struct LabelColumn {
  static constexpr int32_t kAbsent = -1;    // the node has no such label
  static constexpr int32_t kUnknown = -2;   // a value no node had when the column was built
  std::string key;
  std::vector<int32_t> value_ids;           // per node position
  std::vector<const Node*> nodes;           // per node position: the Node whose labels were read
  StringHashMap<int32_t> ids;               // value -> id, ids from 0
  std::vector<const std::string*> values;   // id -> value (a key of ids)
  bool unique_values = true;                // no two nodes share a value
  // The node's value id, or kAbsent. A node the column was not built from (one updated since,
  // or a copy) has its label read; kUnknown when its value is new to the column.
  int32_t id_of(const NodeInfo& node) const {
    const size_t position = node.position();
    if (position < nodes.size() && nodes[position] == &node.node()) return value_ids[position];
    const std::string* value = node.node().metadata.labels.find(key);
    if (value == nullptr) return kAbsent;
    auto it = ids.find(*value);
    return it == ids.end() ? kUnknown : it->second;
  }
  // The value's id, kAbsent when no node carries it.
  int32_t id_of_value(std::string_view value) const {
    auto it = ids.find(value);
    return it == ids.end() ? kAbsent : it->second;
  }
};

// A pod put on a node (+1) or taken off it (-1), counted against the snapshot as built.
struct PodChange {
  const PodInfo* pod;
  int delta;
};

// Built once from a ClusterState (which must outlive it). Succeeded/Failed pods are invisible,
// as the scheduler's informer filters them out. Other pods with spec.nodeName on a known node
// count toward that node; pods without nodeName are pending; pods bound to a node not in the
// input are kept aside (`orphaned`). A node name given twice keeps its first node.
class Snapshot {
 public:
  Snapshot(const ClusterState& cluster, const FeatureGates& gates);

  const ClusterState& cluster() const { return *cluster_; }
  // Nodes in input order.
  const std::vector<std::unique_ptr<NodeInfo>>& nodes() const { return nodes_; }
  NodeInfo* find_node(std::string_view name) const;
  // The node's position in nodes(), or nodes().size() when no node has that name.
  size_t node_position(std::string_view name) const;
  // The nodes whose status lists the image `name` (as reported, not normalized); nullptr: none.
  const ImageHolders* image_holders(std::string_view name) const;
  // The column of label `key` over the nodes as they are (built on first use, then kept until a
  // node's labels change; a node updated since reads as unknown in it, see LabelColumn::id_of).
  // Safe to call concurrently.
  const LabelColumn& label_column(std::string_view key) const;
  // Pending pods (no spec.nodeName, not terminal) in input order.
  const std::vector<const Pod*>& pending_pods() const { return pending_; }
  // Assigned, non-terminal pods whose node is not part of the input, in input order.
  const std::vector<const Pod*>& orphaned_pods() const { return orphaned_; }
  // The DeviceClass providing an extended resource (the DRA manager's resolver).
  const dra::DeviceClassResolver& device_class_resolver() const { return device_classes_; }
  // PVCs, PVs, StorageClasses, CSINodes, CSIDrivers and CSIStorageCapacities by name.
  const StorageLookup& storage() const { return storage_; }
  // Namespace labels by name (namespaceSelector needs them); nullptr when unknown. A namespace
  // that pods use but the input lacks exists in the real cluster, so it is known here with
  // the one label every namespace carries, kubernetes.io/metadata.name.
  const StringMap* namespace_labels(std::string_view name) const;
  // Every known namespace: the input's, then those only pods refer to, in first-seen order.
  const std::vector<std::string>& namespace_names() const { return namespace_names_; }
  // Makes `name` known as above (for the namespaces of the pods being checked).
  void ensure_namespace(std::string_view name);
  // Every running pod's PodInfo (assumed ones included), stable for the snapshot's lifetime.
  const std::vector<std::unique_ptr<PodInfo>>& pod_infos() const { return pod_infos_; }
  // HavePodsWithAffinityList: nodes with at least one pod declaring pod (anti-)affinity, in node order.
  std::vector<const NodeInfo*> nodes_with_pods_with_affinity() const;
  // HavePodsWithRequiredAntiAffinityList: nodes with a pod declaring required anti-affinity.
  std::vector<const NodeInfo*> nodes_with_pods_with_required_anti_affinity() const;
  // StorageInfos().IsPVCUsedByPods: some pod on a node of the snapshot uses "namespace/claim".
  bool is_pvc_used_by_pods(std::string_view key) const;
  // Assumes a pod onto a node (the cache's AssumePod), as `place` does between pods: a copy of
  // the pod with spec.nodeName set is added to the node. nullptr when the node is unknown.
  const PodInfo* assume(const Pod& pod, std::string_view node_name, const FeatureGates& gates);
  // Unique to this snapshot and changed by every assume(), forget() and ensure_namespace(): what
  // plugins computed for one generation holds for every pod checked in it.
  uint64_t generation() const { return generation_; }
  // The pods on nodes now, against the snapshot as built: the net changes of assume(), forget(),
  // take_off_node() and put_back(), in the order first made (a change undone leaves nothing).
  // What a plugin counted once over the built snapshot plus these is what it would count now,
  // so drains and placements need not count every pod again for each pod they schedule.
  const std::vector<PodChange>& pod_changes() const { return pod_changes_; }
  // Whether the pod changes are few enough that replaying them on counts of the snapshot as
  // built is cheaper than counting every pod again.
  bool pod_changes_replayable() const { return pod_changes_.size() <= kMaxPodChangesToReplay; }
  // Changed by whatever else changes what such counts read: a namespace made known, or a
  // node's labels updated. Counts kept for the built snapshot hold while it stays the same.
  uint64_t layout_generation() const { return layout_generation_; }
  // ForgetPod: undoes assume() when the pod's binding fails; the PodInfo is gone afterwards.
  // False when `assumed` is not a pod assume() added.
  bool forget(const PodInfo* assumed);
  // RemovePod for a running pod (an eviction): off its node and out of the claim counts. The
  // PodInfo stays owned by the snapshot, so put_back() can undo it; false when it is not on its node.
  bool take_off_node(const PodInfo* running);
  // Undoes take_off_node(): the pod is on its node again.
  bool put_back(const PodInfo* taken);
  // UpdateNode keeping the node's pods: the node named node.metadata.name reads `node` from now on
  // (a cordon). `node` must outlive the snapshot; false when no node has that name.
  bool update_node(const Node& node);
  // The storage lookups with their assume caches, which Reserve writes between cycles.
  StorageLookup& mutable_storage() { return storage_; }
  // The ResourceClaim "namespace/name" as the DRA manager's assume cache holds it (an assumed
  // version first, then the cluster state's); nullptr when there is none.
  const ResourceClaim* resource_claim(std::string_view ns, std::string_view name) const;
  // Every ResourceClaim, assumed versions in place of the cluster state's, in input order.
  std::vector<const ResourceClaim*> resource_claims() const;
  // A claim created after the cluster state was read (a placed copy's claim from its template):
  // from now on it is one of the cluster's claims. False when the name is taken.
  bool add_resource_claim(ResourceClaim claim);
  // AssumeClaimAfterAPICall: the claim as PreBind wrote it, seen by the pods scheduled next.
  void assume_resource_claim(ResourceClaim claim);
  // AssumedClaimRestore: back to the cluster state's version.
  void restore_resource_claim(std::string_view ns, std::string_view name);

  // The scheduling queue's nominator: the pending pods a preemption nominated to a node
  // (status.nominatedNodeName naming a node of the snapshot) that `queued` says the queue holds
  // (a profile serves them; in releases before v1.37, only those PreEnqueue admits). Empty until
  // called; a later call replaces what an earlier one found.
  void nominate(const std::function<bool(const Pod&)>& queued, const FeatureGates& gates);
  // The pods nominated to the node at `position` in nodes(), in input order.
  const std::vector<const PodInfo*>& nominated_pods(size_t position) const;
  bool has_nominated_pods() const { return nominated_count_ > 0; }
  // DeleteNominatedPodIfExists: a nominated pod assumed onto a node (its UID, or namespace and
  // name) is no longer nominated.
  void denominate(const Pod& pod);

 private:
  void add_to_node(NodeInfo& node, const PodInfo* pod);
  void count_claims(const Pod& pod, int delta);
  void record_change(const PodInfo* pod, int delta);

  static constexpr size_t kMaxPodChangesToReplay = 256;

  std::vector<std::unique_ptr<PodInfo>> nominated_infos_;
  std::vector<std::vector<const PodInfo*>> nominated_by_node_;  // by node position; empty when none
  size_t nominated_count_ = 0;

  const ClusterState* cluster_;
  StorageLookup storage_;
  dra::DeviceClassResolver device_classes_;
  std::vector<std::unique_ptr<NodeInfo>> nodes_;
  StringHashMap<NodeInfo*> by_name_;
  std::map<std::string, ImageHolders, std::less<>> image_holders_;
  mutable std::mutex label_columns_mutex_;
  mutable std::map<std::string, std::unique_ptr<LabelColumn>, std::less<>> label_columns_;
  std::vector<std::unique_ptr<LabelColumn>> retired_label_columns_;
  std::vector<std::unique_ptr<PodInfo>> pod_infos_;
  std::vector<std::unique_ptr<Pod>> assumed_pods_;
  std::vector<const Pod*> pending_;
  std::vector<const Pod*> orphaned_;
  StringHashMap<const StringMap*> namespace_labels_;
  std::vector<std::string> namespace_names_;
  uint64_t generation_ = 0;
  uint64_t layout_generation_ = 0;
  std::vector<PodChange> pod_changes_;
  std::map<std::string, StringMap, std::less<>> synthesized_namespaces_;  // stable addresses
  std::map<std::string, int, std::less<>> used_pvc_ref_counts_;
  std::map<std::string, const ResourceClaim*, std::less<>> claims_by_key_;
  std::map<std::string, std::shared_ptr<const ResourceClaim>, std::less<>> assumed_claims_;
  std::deque<ResourceClaim> created_claims_;       // add_resource_claim's, at stable addresses
  std::vector<std::string> assumed_claim_order_;  // keys of claims not in the cluster state
};

}  // namespace podfit
