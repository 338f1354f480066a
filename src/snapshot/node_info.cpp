#include "podfit/snapshot/node_info.h"
#include "podfit/util/go_int.h"

#include <algorithm>

namespace podfit {
namespace {

// removeFromSlice: the last element takes the removed one's place.
const PodInfo* remove_from(std::vector<const PodInfo*>& pods, const PodInfo* target) {
  const std::string& uid = target->pod().metadata.uid;
  auto it = std::find_if(pods.begin(), pods.end(), [&](const PodInfo* p) {
    return p == target || (!uid.empty() && p->pod().metadata.uid == uid);
  });
  if (it == pods.end()) return nullptr;
  const PodInfo* removed = *it;
  *it = pods.back();
  pods.pop_back();
  return removed;
}

}  // namespace

NodeInfo::NodeInfo(const Node* node) : node_(node), allocatable_(Resource::from_list(node->status.allocatable)) {}

void NodeInfo::add_pod(const PodInfo* pod) {
  pods_.push_back(pod);
  if (pod->has_affinity()) pods_with_affinity_.push_back(pod);
  if (pod->has_required_anti_affinity()) pods_with_required_anti_affinity_.push_back(pod);
  update(pod, 1);
}

bool NodeInfo::remove_pod(const PodInfo* pod) {
  // The affinity lists are pruned by the given pod's own spec, the totals by the stored PodInfo.
  if (pod->has_affinity()) remove_from(pods_with_affinity_, pod);
  if (pod->has_required_anti_affinity()) remove_from(pods_with_required_anti_affinity_, pod);
  const PodInfo* removed = remove_from(pods_, pod);
  if (removed == nullptr) return false;
  update(removed, -1);
  return true;
}

void NodeInfo::update(const PodInfo* pod, int64_t sign) {
  const PodResource& footprint = pod->calculated();
  requested_.milli_cpu = go_add(requested_.milli_cpu, go_mul(sign, footprint.resource.milli_cpu));
  requested_.memory = go_add(requested_.memory, go_mul(sign, footprint.resource.memory));
  requested_.ephemeral_storage = go_add(requested_.ephemeral_storage, go_mul(sign, footprint.resource.ephemeral_storage));
  for (const auto& [name, quantity] : footprint.resource.scalar) requested_.add_scalar(name, go_mul(sign, quantity));
  non_zero_requested_.milli_cpu = go_add(non_zero_requested_.milli_cpu, go_mul(sign, footprint.non0_cpu));
  non_zero_requested_.memory = go_add(non_zero_requested_.memory, go_mul(sign, footprint.non0_mem));

  for (const auto& port : pod->host_ports()) {
    if (sign > 0) {
      used_ports_.add(port.host_ip, port.protocol, port.host_port);
    } else {
      used_ports_.remove(port.host_ip, port.protocol, port.host_port);
    }
  }

  const auto& meta = pod->pod().metadata;
  for (const auto& volume : pod->pod().spec.volumes) {
    if (volume.source.type != kPersistentVolumeClaimSource) continue;
    const std::string key = meta.namespace_ + "/" + volume.claim_name;
    if (sign > 0) {
      ++pvc_ref_counts_[key];
    } else if (--pvc_ref_counts_[key] <= 0) {
      pvc_ref_counts_.erase(key);
    }
  }
}

}  // namespace podfit
