// What-if changes to the cluster state (--add-node, --remove-node, --cordon): applied after
// loading and before the snapshot is built, so every command answers for the changed cluster.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "podfit/model/cluster.h"

namespace podfit {

// The changes asked for, each in the order given on the command line.
struct WhatIfChanges {
  std::vector<Node> added_nodes;          // --add-node: Node manifests, added as they are
  std::vector<std::string> removed_nodes;  // --remove-node NAME
  std::vector<std::string> cordoned_nodes;  // --cordon NAME
  bool empty() const { return added_nodes.empty() && removed_nodes.empty() && cordoned_nodes.empty(); }
};

// What was applied, for the reports: node names in the order given, and how many pods went
// with the removed nodes.
struct WhatIfSummary {
  std::vector<std::string> added_nodes;
  std::vector<std::string> removed_nodes;
  size_t removed_pods = 0;
  std::vector<std::string> cordoned_nodes;
  bool empty() const { return added_nodes.empty() && removed_nodes.empty() && cordoned_nodes.empty(); }
};

// Adds, then removes (the node and the pods bound to it, and its CSINode), then cordons
// (spec.unschedulable). A name that is added twice or already exists, or a node to remove or
// cordon that the cluster state does not have, is bad input: the message, and nothing changed.
std::optional<std::string> apply_what_if(ClusterState& cluster, WhatIfChanges changes, WhatIfSummary& summary);

// "podfit: what-if: added node n4; removed node n2 and its 3 pods; cordoned node n1", the line
// table output prints on standard error.
std::string describe_what_if(const WhatIfSummary& summary);

}  // namespace podfit
