#include "podfit/what_if/what_if.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace podfit {
namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

}  // namespace

std::optional<std::string> apply_what_if(ClusterState& cluster, WhatIfChanges changes, WhatIfSummary& summary) {
  // Everything is checked before anything changes, so a refused change leaves the state whole.
  std::set<std::string> names;
  for (const Node& node : cluster.nodes) names.insert(node.metadata.name);
  std::set<std::string> added;
  for (const Node& node : changes.added_nodes) {
    if (node.metadata.name.empty()) return "--add-node: a Node has no metadata.name";
    if (!added.insert(node.metadata.name).second) {
      return fmt::format("--add-node: node \"{}\" is added twice", node.metadata.name);
    }
    if (!names.insert(node.metadata.name).second) {
      return fmt::format("--add-node: node \"{}\" already exists in the cluster state", node.metadata.name);
    }
  }
  for (const std::string& name : changes.removed_nodes) {
    if (!names.contains(name)) return fmt::format("--remove-node: node \"{}\" is not in the cluster state", name);
  }
  for (const std::string& name : changes.cordoned_nodes) {
    if (!names.contains(name)) return fmt::format("--cordon: node \"{}\" is not in the cluster state", name);
    if (std::find(changes.removed_nodes.begin(), changes.removed_nodes.end(), name) != changes.removed_nodes.end()) {
      return fmt::format("--cordon: node \"{}\" is removed by --remove-node", name);
    }
  }

  for (Node& node : changes.added_nodes) {
    summary.added_nodes.push_back(node.metadata.name);
    cluster.nodes.push_back(std::move(node));
  }
  for (const std::string& name : changes.removed_nodes) {
    if (std::find(summary.removed_nodes.begin(), summary.removed_nodes.end(), name) != summary.removed_nodes.end()) {
      continue;
    }
    summary.removed_nodes.push_back(name);
    std::erase_if(cluster.nodes, [&](const Node& node) { return node.metadata.name == name; });
    std::erase_if(cluster.csi_nodes, [&](const CSINode& csi) { return csi.metadata.name == name; });
    summary.removed_pods +=
        std::erase_if(cluster.pods, [&](const Pod& pod) { return pod.spec.node_name == name; });
  }
  for (const std::string& name : changes.cordoned_nodes) {
    if (std::find(summary.cordoned_nodes.begin(), summary.cordoned_nodes.end(), name) != summary.cordoned_nodes.end()) {
      continue;
    }
    summary.cordoned_nodes.push_back(name);
    for (Node& node : cluster.nodes) {
      if (node.metadata.name == name) node.spec.unschedulable = true;
    }
  }
  return std::nullopt;
}

std::string describe_what_if(const WhatIfSummary& summary) {
  std::vector<std::string> parts;
  if (!summary.added_nodes.empty()) {
    parts.push_back(fmt::format("added node{} {}", summary.added_nodes.size() == 1 ? "" : "s", joined(summary.added_nodes)));
  }
  if (!summary.removed_nodes.empty()) {
    parts.push_back(fmt::format("removed node{} {} and {} pod{} bound to {}", summary.removed_nodes.size() == 1 ? "" : "s",
                                joined(summary.removed_nodes), summary.removed_pods,
                                summary.removed_pods == 1 ? "" : "s", summary.removed_nodes.size() == 1 ? "it" : "them"));
  }
  if (!summary.cordoned_nodes.empty()) {
    parts.push_back(
        fmt::format("cordoned node{} {}", summary.cordoned_nodes.size() == 1 ? "" : "s", joined(summary.cordoned_nodes)));
  }
  std::string out = "podfit: what-if: ";
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? "; " : "") + parts[i];
  return out;
}

}  // namespace podfit
