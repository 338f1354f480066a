// How a pod's claims name their ResourceClaims (k8s.io/dynamic-resource-allocation/resourceclaim).
#include <algorithm>

#include <fmt/format.h>

#include "podfit/plugins/dynamic_resources/dynamic_resources.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

PodClaimName pod_claim_name(const Pod& pod, const PodResourceClaim& claim) {
  PodClaimName out;
  if (claim.resource_claim_name) {
    out.name = *claim.resource_claim_name;
    return out;
  }
  if (claim.resource_claim_template_name) {
    for (const PodResourceClaimStatus& status : pod.status.resource_claim_statuses) {
      if (status.name != claim.name) continue;
      out.name = status.resource_claim_name;
      out.must_check_owner = true;
      return out;
    }
    out.error = fmt::format("pod \"{}/{}\": ResourceClaim not created yet", pod.metadata.namespace_, pod.metadata.name);
    return out;
  }
  out.error = fmt::format("pod \"{}/{}\", spec.resourceClaim \"{}\": none of the supported fields are set",
                          pod.metadata.namespace_, pod.metadata.name, claim.name);
  return out;
}

std::optional<std::string> claim_is_for_pod(const Pod& pod, const ResourceClaim& claim) {
  bool controlled = false;
  for (const OwnerReference& owner : claim.metadata.owner_references) {
    // metav1.IsControlledBy: the controller reference carries the pod's uid.
    if (owner.controller) {
      controlled = refers_to_pod(pod, owner.uid, owner.name);
      break;
    }
  }
  if (claim.metadata.namespace_ == pod.metadata.namespace_ && controlled) return std::nullopt;
  return fmt::format("ResourceClaim {}/{} was not created for Pod {}/{} (Pod is not owner)",
                     claim.metadata.namespace_, claim.metadata.name, pod.metadata.namespace_, pod.metadata.name);
}

bool refers_to_pod(const Pod& pod, std::string_view uid, std::string_view name) {
  // A pod not created yet has no uid: its name, unique in the claim's namespace, tells it apart.
  return uid == pod.metadata.uid && (!pod.metadata.uid.empty() || name == pod.metadata.name);
}

bool claim_is_reserved_for_pod(const Pod& pod, const ResourceClaim& claim) {
  for (const ResourceClaimConsumerReference& ref : claim.reserved_for) {
    if (refers_to_pod(pod, ref.uid, ref.name)) return true;
  }
  return false;
}

std::vector<const ResourceClaim*> claims_reserved_for_pod(const Snapshot& snapshot, const Pod& pod) {
  std::vector<const ResourceClaim*> reserved;
  for (const ResourceClaim* claim : snapshot.resource_claims()) {
    if (claim->metadata.namespace_ == pod.metadata.namespace_ && claim_is_reserved_for_pod(pod, *claim)) {
      reserved.push_back(claim);
    }
  }
  // Position of each claim among the pod's; the extended resources' claim has none and goes last.
  auto position = [&](const ResourceClaim* claim) {
    for (size_t i = 0; i < pod.spec.resource_claims.size(); ++i) {
      if (pod_claim_name(pod, pod.spec.resource_claims[i]).name == claim->metadata.name) return i;
    }
    return pod.spec.resource_claims.size();
  };
  std::stable_sort(reserved.begin(), reserved.end(), [&](const ResourceClaim* a, const ResourceClaim* b) {
    const size_t pa = position(a), pb = position(b);
    return pa != pb ? pa < pb : a->metadata.name < b->metadata.name;
  });
  return reserved;
}

}  // namespace podfit
