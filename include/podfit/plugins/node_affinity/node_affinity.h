// NodeAffinity: the pod's nodeSelector and required node affinity, plus the profile's added
// affinity; Score sums the weights of the preferred terms a node matches.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/node_selector.h"

namespace podfit {

// Filter reason when the pod's nodeSelector or required node affinity rejects the node.
inline constexpr std::string_view kNodeAffinityReasonPod = "node(s) didn't match Pod's node affinity/selector";
// Filter reason when the profile's addedAffinity rejects the node (checked before the pod's own rules).
inline constexpr std::string_view kNodeAffinityReasonEnforced = "node(s) didn't match scheduler-enforced node affinity";
// PreFilter reason when every required term names nodes by metadata.name and no name satisfies any term.
inline constexpr std::string_view kNodeAffinityReasonConflict = "pod affinity terms conflict";

// config.NodeAffinityArgs: node affinity the profile imposes on every pod it schedules.
struct NodeAffinityArgs {
  std::optional<NodeAffinity> added_affinity;
};

// ValidateNodeAffinityArgs: the parse errors of addedAffinity's required and preferred terms,
// flattened into one message as kube-scheduler prints it; nullopt when the args are valid.
std::optional<std::string> validate_node_affinity_args(const NodeAffinityArgs& args);

class PreferredSchedulingTerms;

// The NodeAffinity plugin: PreFilter, Filter, PreScore and Score.
class NodeAffinityPlugin final : public PreFilterPlugin, public NodeObjectFilterPlugin, public PreScorePlugin, public ScorePlugin {
 public:
  // Compiles addedAffinity's required terms once. Args with parse errors are not rejected here
  // (their broken terms match no node); use create() to get kube-scheduler's refusal instead.
  explicit NodeAffinityPlugin(const NodeAffinityArgs& args = {}, const FeatureGates& gates = {});
  ~NodeAffinityPlugin() override;

  // New(): nullptr and kube-scheduler's message in *error when the args do not validate.
  static std::unique_ptr<NodeAffinityPlugin> create(const NodeAffinityArgs& args, const FeatureGates& gates,
                                                    std::string* error);

  std::string_view name() const override;

  // Skip when the pod has no nodeSelector, no required node affinity and the profile adds none.
  // Otherwise stores the pod's compiled requirements and, when every required term names nodes
  // with matchFields metadata.name In, narrows the nodes to the union of those names (the
  // intersection within one term); UnschedulableAndUnresolvable when that union is empty.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;

  // UnschedulableAndUnresolvable with the enforced reason when addedAffinity rejects the node,
  // else with the pod reason when nodeSelector or required affinity does. Without PreFilter state
  // (PreFilter skipped or not run) the pod's requirements are compiled here, as kube-scheduler
  // does: this Filter never returns Error. Term parse errors make the term match nothing.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

  // Skip when neither the pod nor the profile has preferred node affinity terms; Error with the
  // terms' parse errors when the pod's preferred terms do not parse; otherwise stores them.
  Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                   std::span<const NodeInfo* const> nodes) const override;
  // Sum of the weights of the matching preferred terms, the profile's added ones included.
  // Without PreScore state the pod's terms are compiled here, as kube-scheduler does.
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  bool has_normalize_score() const override { return true; }
  // DefaultNormalizeScore: the highest sum gets 100.
  Status normalize_score(const CycleState& state, const PodInfo& pod, NodeScoreList& scores) const override;

 private:
  class Explained;
  std::shared_ptr<const Explained> added_;  // addedAffinity.required, when set
  std::shared_ptr<const PreferredSchedulingTerms> added_preferred_;  // addedAffinity.preferred, when set
  bool skip_deferred_resize_ = false;       // InPlacePodVerticalScalingSchedulerPreemption
};

// The CycleState key PreFilter writes.
inline constexpr std::string_view kNodeAffinityPreFilterStateKey = "PreFilterNodeAffinity";
// The CycleState key PreScore writes.
inline constexpr std::string_view kNodeAffinityPreScoreStateKey = "PreScoreNodeAffinity";

// Registry factory: default args (no addedAffinity) until plugin configuration is loaded.
std::unique_ptr<Plugin> new_node_affinity(const PluginContext& context);

}  // namespace podfit
