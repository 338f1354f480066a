// podfit's account of why a pod's claims cannot be allocated on a node, beyond kube-scheduler's
// "cannot allocate all claims": for each claim and request, the devices that match and why they
// are not enough (in use, and by which claim; tainted; none matching, with the closest misses),
// then the constraints that no set of free devices satisfies.
//
//   dra::AllocationExplainer explainer(pending, snapshot.resource_claims(), classes, slices, rules);
//   for (const std::string& line : explainer.explain(node)) ...
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "podfit/dra/allocator.h"
#include "podfit/dra/device_selector.h"

namespace podfit::dra {

class AllocationExplainer {
 public:
  // `claims` are the pod's unallocated claims; `cluster_claims` every claim of the cluster, whose
  // allocations say which devices are in use and by whom; `views`, when given, the slices'
  // devices and the selectors' verdicts the allocators share. Everything is borrowed. Selectors
  // compile as kube-scheduler of `release` compiles them; with `consumable_capacity`
  // (DRAConsumableCapacity), a device short of a capacity the request consumes is named.
  AllocationExplainer(std::vector<const ResourceClaim*> claims, const std::vector<const ResourceClaim*>& cluster_claims,
                      const std::vector<DeviceClass>& classes, const std::vector<ResourceSlice>& slices,
                      const std::vector<DeviceTaintRule>& taint_rules, const DeviceViews* views = nullptr,
                      cel::KubeVersion release = cel::kKubernetesRelease, bool consumable_capacity = false);
  ~AllocationExplainer();
  AllocationExplainer(const AllocationExplainer&) = delete;
  AllocationExplainer& operator=(const AllocationExplainer&) = delete;

  // One line per request ("claim ml/train, request gpu: ..."), then one per unsatisfiable
  // constraint, or a last line saying that only the requests together do not fit.
  std::vector<std::string> explain(const Node& node) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace podfit::dra
