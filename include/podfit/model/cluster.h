// Everything read from the cluster state (-f), in input order.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "podfit/model/limit_range.h"
#include "podfit/model/namespace.h"
#include "podfit/model/node.h"
#include "podfit/model/pod.h"
#include "podfit/model/policy.h"
#include "podfit/model/resource_quota.h"
#include "podfit/model/resource_claim.h"
#include "podfit/model/resource_slice.h"
#include "podfit/model/device_class.h"
#include "podfit/model/runtime_class.h"
#include "podfit/model/storage.h"

namespace podfit {

struct ClusterState {
  std::vector<Node> nodes;
  std::vector<Pod> pods;  // assigned and pending alike; the snapshot tells them apart
  std::vector<Namespace> namespaces;
  std::vector<PersistentVolume> persistent_volumes;
  std::vector<PersistentVolumeClaim> persistent_volume_claims;
  std::vector<StorageClass> storage_classes;
  std::vector<CSINode> csi_nodes;
  std::vector<CSIDriver> csi_drivers;
  std::vector<CSIStorageCapacity> csi_storage_capacities;
  std::vector<PriorityClass> priority_classes;
  std::vector<PodDisruptionBudget> pod_disruption_budgets;
  std::vector<RuntimeClass> runtime_classes;
  std::vector<LimitRange> limit_ranges;
  std::vector<ResourceQuota> resource_quotas;
  std::vector<ResourceSlice> resource_slices;
  std::vector<DeviceClass> device_classes;
  std::vector<ResourceClaim> resource_claims;
  std::vector<ResourceClaimTemplate> resource_claim_templates;
  std::vector<DeviceTaintRule> device_taint_rules;
  std::map<std::string, int> skipped_kinds;  // kinds podfit does not read -> how many were seen
  // Kinds the input is known to hold whole, even when it holds none of them: those of a typed
  // List (ResourceClaimList), those --live asked for, and the claims and claim templates of a
  // dump that holds Nodes, ResourceSlices and DeviceClasses (the dump command that asks for
  // those asks for claims too). Any other kind the input holds none of may have been left out.
  std::set<std::string> listed_kinds;
};

}  // namespace podfit
