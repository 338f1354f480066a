// NodeName: a pod that names its node (spec.nodeName) fits only that node.
#pragma once

#include <memory>
#include <string_view>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"

namespace podfit {

class NodeName final : public PreFilterPlugin, public NodeObjectFilterPlugin {
 public:
  // The reason kube-scheduler gives for every node but the one the pod names.
  static constexpr std::string_view kErrReason = "node(s) didn't match the requested node name";

  explicit NodeName(const FeatureGates& gates);

  std::string_view name() const override;
  // With InPlacePodVerticalScalingSchedulerPreemption on, an assigned pod whose resize is
  // Deferred is evaluated on its own node only (result narrowed to spec.nodeName).
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  // UnschedulableAndUnresolvable when spec.nodeName is set and is not this node.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

 private:
  bool narrow_deferred_resize_;
};

// Fits: spec.nodeName is empty or names this node (the admission check shares it).
bool fits_node_name(const Pod& pod, const NodeInfo& node);

// Registry factory.
std::unique_ptr<Plugin> new_node_name(const PluginContext& context);

}  // namespace podfit
