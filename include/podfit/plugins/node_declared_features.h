// NodeDeclaredFeatures: a pod whose spec needs a node feature (restartPolicyRules that
// restart all containers, a user namespace on the host network, bind mount options...) only
// fits nodes whose status.declaredFeatures list that feature.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/node_features.h"

namespace podfit {

class NodeDeclaredFeatures final : public PreFilterPlugin, public NodeObjectFilterPlugin {
 public:
  // The reason kube-scheduler gives for a node that lacks a required feature.
  static constexpr std::string_view kErrReason = "node(s) didn't match Pod's required features";
  // CycleState key of the pod's required features ("PreFilter" + plugin name, as kube-scheduler).
  static constexpr std::string_view kStateKey = "PreFilterNodeDeclaredFeatures";

  // The shipped feature registry, the targeted release as version, and the gates.
  explicit NodeDeclaredFeatures(const FeatureGates& gates);
  // Any registry and target version (nullopt reproduces a scheduler without one: PreFilter
  // fails); `framework` must outlive the plugin.
  NodeDeclaredFeatures(const FeatureGates& gates, const NodeFeatureFramework& framework,
                       std::optional<Version> version);

  std::string_view name() const override;
  // Stores the features the pod's spec requires (InferForPodScheduling); Skip when it requires
  // none, when the NodeDeclaredFeatures gate is off, or when
  // InPlacePodVerticalScalingSchedulerPreemption is on and the pod's resize is Deferred.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  // UnschedulableAndUnresolvable when the node's declared features (mapped as NodeInfo maps
  // them) miss a required one, with a detail naming what is missing and what the node
  // declares; Error when PreFilter stored nothing.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

 private:
  const NodeFeatureFramework* framework_;
  std::optional<Version> version_;
  bool enabled_;
  bool skip_deferred_resize_;
};

// One line naming the required features `node` does not declare, e.g.
// "node does not declare feature RestartAllContainersOnContainerExits (declares: A, B)".
std::string missing_features_detail(const std::vector<std::string>& missing, const Node& node);

// Registry factory.
std::unique_ptr<Plugin> new_node_declared_features(const PluginContext& context);

}  // namespace podfit
