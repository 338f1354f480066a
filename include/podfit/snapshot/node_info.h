// framework.NodeInfo: a node with the aggregates of the pods running on it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "podfit/model/node.h"
#include "podfit/snapshot/host_port_info.h"
#include "podfit/snapshot/pod_info.h"
#include "podfit/snapshot/resource.h"

namespace podfit {

// framework.ImageStateSummary as the snapshot sees it.
struct ImageStateSummary {
  int64_t size = 0;   // sizeBytes as reported by the first node (in input order) listing the name
  int num_nodes = 0;  // how many nodes of the snapshot have the image
  friend bool operator==(const ImageStateSummary&, const ImageStateSummary&) = default;
};

class NodeInfo {
 public:
  // SetNode: allocatable is read from node.status.allocatable. `node` must outlive the NodeInfo.
  explicit NodeInfo(const Node* node);

  const Node& node() const { return *node_; }
  const std::string& name() const { return node_->metadata.name; }
  // Where the node is in its Snapshot's nodes(), so per-cycle tables can be indexed by node;
  // kNoPosition for a NodeInfo no snapshot holds.
  static constexpr size_t kNoPosition = static_cast<size_t>(-1);
  size_t position() const { return position_; }
  void set_position(size_t position) { position_ = position; }

  // AddPodInfo: appends the pod and adds its footprint, ports and PVC references. The PodInfo
  // must outlive the NodeInfo.
  void add_pod(const PodInfo* pod);
  // RemovePod: finds the pod (same PodInfo, or same non-empty UID), moves the last pod into its
  // slot as kube-scheduler does and subtracts everything add_pod added; false when absent.
  bool remove_pod(const PodInfo* pod);

  const std::vector<const PodInfo*>& pods() const { return pods_; }
  const std::vector<const PodInfo*>& pods_with_affinity() const { return pods_with_affinity_; }
  const std::vector<const PodInfo*>& pods_with_required_anti_affinity() const {
    return pods_with_required_anti_affinity_;
  }
  const HostPortInfo& used_ports() const { return used_ports_; }
  const Resource& requested() const { return requested_; }
  // Requests with 100m cpu / 200MiB memory for every container that sets none (cpu and memory only).
  const Resource& non_zero_requested() const { return non_zero_requested_; }
  const Resource& allocatable() const { return allocatable_; }
  // Image name -> state; filled by the Snapshot, which counts nodes per image.
  const std::map<std::string, ImageStateSummary>& image_states() const { return image_states_; }
  std::map<std::string, ImageStateSummary>& mutable_image_states() { return image_states_; }
  // "namespace/claim" -> number of pods on the node whose persistentVolumeClaim volumes name it
  // (generic ephemeral volumes are not counted, as in kube-scheduler).
  const std::map<std::string, int>& pvc_ref_counts() const { return pvc_ref_counts_; }

 private:
  void update(const PodInfo* pod, int64_t sign);

  const Node* node_;
  size_t position_ = kNoPosition;
  std::vector<const PodInfo*> pods_;
  std::vector<const PodInfo*> pods_with_affinity_;
  std::vector<const PodInfo*> pods_with_required_anti_affinity_;
  HostPortInfo used_ports_;
  Resource requested_;
  Resource non_zero_requested_;
  Resource allocatable_;
  std::map<std::string, ImageStateSummary> image_states_;
  std::map<std::string, int> pvc_ref_counts_;
};

}  // namespace podfit
