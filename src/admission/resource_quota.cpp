// The ResourceQuota admission plugin (apiserver's resourcequota CheckRequest) for pods being
// created, and what admitting a pod charges to the quotas it falls under.
#include "podfit/admission/resource_quota.h"

#include <fmt/format.h>

#include <algorithm>

namespace podfit {
namespace {

// The quotas of the pod's namespace that it falls under, in name order.
std::vector<size_t> matching_quotas(const Pod& pod, const std::vector<ResourceQuota>& quotas) {
  std::vector<size_t> out;
  for (size_t i = 0; i < quotas.size(); ++i) {
    if (quotas[i].metadata.namespace_ == pod.metadata.namespace_ && quota_matches_pod(quotas[i], pod)) out.push_back(i);
  }
  std::sort(out.begin(), out.end(), [&](size_t a, size_t b) { return quotas[a].metadata.name < quotas[b].metadata.name; });
  return out;
}

// The pod's usage without the resources it uses none of (quota.RemoveZeros).
ResourceList nonzero_usage(const Pod& pod) {
  ResourceList out;
  for (const auto& [name, q] : pod_quota_usage(pod)) {
    if (!q.is_zero()) out.set(name, q);
  }
  return out;
}

// quota.Mask: the entries of `list` named in `names`.
ResourceList masked(const ResourceList& list, const ResourceList& names) {
  ResourceList out;
  for (const auto& [name, q] : list) {
    if (names.contains(name)) out.set(name, q);
  }
  return out;
}

// prettyPrint: "name=quantity" in name order, comma-separated.
std::string pretty(const ResourceList& list) {
  std::string out;
  for (const auto& [name, q] : list) out += fmt::format("{}{}={}", out.empty() ? "" : ",", name, q.to_string());
  return out;
}

}  // namespace

std::optional<std::string> resource_quota_refusal(const Pod& pod, const std::vector<ResourceQuota>& quotas) {
  const std::vector<size_t> matching = matching_quotas(pod, quotas);
  for (size_t i : matching) {
    const ResourceQuota& quota = quotas[i];
    const std::vector<std::string> constrained = pod_quota_resources(quota.status_hard);
    if (auto missing = pod_quota_constraints(constrained, pod)) {
      return fmt::format("failed quota: {}: {}", quota.metadata.name, *missing);
    }
    for (const std::string& name : constrained) {
      if (!quota.status_used.contains(name)) {
        return fmt::format("status unknown for quota: {}, resources: {}", quota.metadata.name, fmt::join(constrained, ","));
      }
    }
  }
  const ResourceList usage = nonzero_usage(pod);
  for (size_t i : matching) {
    const ResourceQuota& quota = quotas[i];
    const ResourceList requested = masked(usage, quota.status_hard);
    ResourceList exceeded;  // names only
    for (const auto& [name, q] : requested) {
      Quantity total = q;
      if (const Quantity* used = quota.status_used.find(name)) {
        total = *used;
        total.add(q);
      }
      const Quantity* hard = quota.status_hard.find(name);
      if (hard != nullptr && total.compare(*hard) > 0) exceeded.set(name, q);
    }
    if (exceeded.empty()) continue;
    return fmt::format("exceeded quota: {}, requested: {}, used: {}, limited: {}", quota.metadata.name,
                       pretty(masked(requested, exceeded)), pretty(masked(quota.status_used, exceeded)),
                       pretty(masked(quota.status_hard, exceeded)));
  }
  return std::nullopt;
}

void charge_resource_quotas(const Pod& pod, std::vector<ResourceQuota>& quotas) {
  const ResourceList usage = nonzero_usage(pod);
  for (size_t i : matching_quotas(pod, quotas)) {
    ResourceQuota& quota = quotas[i];
    for (const auto& [name, q] : masked(usage, quota.status_hard)) {
      if (Quantity* used = quota.status_used.find(name)) used->add(q);
      else quota.status_used.set(name, q);
    }
  }
}

void sync_new_resource_quota(ResourceQuota& quota, const std::vector<Pod>& pods) {
  quota.status_hard = quota.spec_hard;
  quota.status_used = ResourceList();
  const std::vector<std::string> counted = pod_quota_resources(quota.status_hard);
  for (const std::string& name : counted) quota.status_used.set(name, Quantity());
  for (const Pod& pod : pods) {
    if (pod.metadata.namespace_ != quota.metadata.namespace_ || !quota_matches_pod(quota, pod)) continue;
    const ResourceList usage = pod_quota_usage(pod);
    for (const std::string& name : counted) {
      if (const Quantity* q = usage.find(name)) quota.status_used.find(name)->add(*q);
    }
  }
}

}  // namespace podfit
