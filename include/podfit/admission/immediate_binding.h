// What happens to a claim created with its workload before kube-scheduler sees the pod: the
// PV controller binds an Immediate claim at once, to a matching volume or, where its class
// provisions dynamically, to a volume the provisioner creates.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "podfit/model/cluster.h"

namespace podfit {

// One claim bound before scheduling: to an existing volume, or to one assumed provisioned.
struct AssumedBinding {
  std::string claim;        // namespace/name
  std::string volume;       // the volume's name
  std::string provisioner;  // empty when an existing volume was bound
};

// Binds the new claims (`new_claims`: namespace/name) whose class binds Immediately, as the PV
// controller would before their pod is scheduled: to the smallest matching available volume
// (FindMatchingVolume without a node), else, when the class names a provisioner, to a volume
// assumed provisioned: the claim's size, access modes and mode, the class's allowedTopologies
// as its node affinity. Claims that neither can bind stay unbound (the scheduler's "unbound
// immediate PersistentVolumeClaims"). Returns what was bound, in claim order.
std::vector<AssumedBinding> bind_immediate_claims(ClusterState& cluster, const std::set<std::string>& new_claims);

}  // namespace podfit
