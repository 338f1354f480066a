// NodeResourcesBalancedAllocation: prefers nodes whose resources end up equally utilized once
// the pod is placed (a score plugin only).
#pragma once

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/plugins/node_resources/resource_allocation.h"

namespace podfit {

// config.NodeResourcesBalancedAllocationArgs with kube-scheduler's default: cpu and memory.
struct NodeResourcesBalancedAllocationArgs {
  std::vector<ResourceSpec> resources = default_scoring_resources();
};

class NodeResourcesBalancedAllocation final : public PreScorePlugin, public ScorePlugin {
 public:
  // CycleState key of the pod's per-resource requests ("PreScore" + plugin name).
  static constexpr std::string_view kPreScoreStateKey = "PreScoreNodeResourcesBalancedAllocation";

  explicit NodeResourcesBalancedAllocation(const FeatureGates& gates = {},
                                           NodeResourcesBalancedAllocationArgs args = {});

  std::string_view name() const override;
  // Skip for a best-effort pod (it requests none of the resources): scoring it would pile such
  // pods onto one node. Otherwise stores the pod's plain requests (no defaults for containers
  // without requests; pod-level and status resources as the feature gates say).
  Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                   std::span<const NodeInfo* const> nodes) const override;
  // (1 - standard deviation of the utilization fractions) * 100 over the node's plain requests
  // plus the pod's. Without PreScore state: computed here, 0 for a best-effort pod.
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

 private:
  NodeResourcesBalancedAllocationArgs args_;
  bool skip_best_effort_;  // v1.33 on
  bool score_change_;      // v1.36 on: the pod's effect on the balance
  ResourceAllocationOptions options_;
};

// Registry factory: default args.
std::unique_ptr<Plugin> new_node_resources_balanced_allocation(const PluginContext& context);

}  // namespace podfit
