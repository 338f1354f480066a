#include "placement_registry.h"

#include <memory>
#include <string>

#include "podfit/framework/names.h"
#include "podfit/plugins/default_binder.h"
#include "podfit/plugins/image_locality.h"
#include "podfit/plugins/inter_pod_affinity/inter_pod_affinity.h"
#include "podfit/plugins/node_resources/balanced_allocation.h"
#include "podfit/plugins/pod_topology_spread/pod_topology_spread.h"
#include "podfit/plugins/volume_binding/volume_binding.h"

namespace podfit {
namespace {

// PodTopologySpread's scoring with helper.DefaultSelector known for the pods whose controller
// podfit knows; for the others it scores, and says so, as without one.
class SpreadScoring final : public PreScorePlugin, public ScorePlugin {
 public:
  SpreadScoring(const PodTopologySpreadArgs& args, const FeatureGates& gates, ControllerSelector selector)
      : selector_(std::move(selector)),
        with_selector_(args, gates,
                       [this](const Pod& pod) {
                         std::optional<Selector> known = selector_(pod);
                         return known ? *known : Selector::everything();  // everything: no defaults
                       }),
        without_selector_(args, gates) {}

  std::string_view name() const override { return with_selector_.name(); }
  std::optional<std::string> cannot_evaluate(const Pod& pod, const Snapshot& snapshot) const override {
    return with_selector_.cannot_evaluate(pod, snapshot);
  }
  Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                   std::span<const NodeInfo* const> nodes) const override {
    return with_selector_.pre_score(state, pod, snapshot, nodes);
  }
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override {
    return with_selector_.score(state, pod, node);
  }
  bool has_normalize_score() const override { return with_selector_.has_normalize_score(); }
  Status normalize_score(const CycleState& state, const PodInfo& pod, NodeScoreList& scores) const override {
    return with_selector_.normalize_score(state, pod, scores);
  }
  std::optional<std::string> score_caveat(const Pod& pod) const override {
    if (selector_(pod)) return std::nullopt;
    return without_selector_.score_caveat(pod);
  }

 private:
  ControllerSelector selector_;
  PodTopologySpreadPlugin with_selector_;
  PodTopologySpreadPlugin without_selector_;
};

}  // namespace

PluginRegistry placement_registry(const ScorePluginArgs& args, const ControllerSelector& selector) {
  PluginRegistry registry = plugin_registry();
  registry[std::string(names::kImageLocality)] = new_image_locality;
  registry[std::string(names::kDefaultBinder)] = new_default_binder;
  registry[std::string(names::kNodeResourcesBalancedAllocation)] = [args](const PluginContext& context) {
    // Set in full: the configuration declares a struct of the same name with other defaults.
    NodeResourcesBalancedAllocationArgs plugin_args;
    plugin_args.resources = args.balanced_resources.empty() ? default_scoring_resources() : args.balanced_resources;
    return std::unique_ptr<Plugin>(std::make_unique<NodeResourcesBalancedAllocation>(context.gates, plugin_args));
  };
  registry[std::string(names::kInterPodAffinity)] = [args](const PluginContext& context) {
    InterPodAffinityArgs plugin_args;
    plugin_args.hard_pod_affinity_weight = args.hard_pod_affinity_weight;
    plugin_args.ignore_preferred_terms_of_existing_pods = args.ignore_preferred_terms_of_existing_pods;
    return std::unique_ptr<Plugin>(std::make_unique<InterPodAffinity>(context.gates, plugin_args));
  };
  registry[std::string(names::kVolumeBinding)] = [args](const PluginContext& context) {
    std::vector<VolumeBindingScorePoint> shape = default_volume_binding_shape();
    if (!args.volume_binding_shape.empty()) {
      shape.clear();
      for (const UtilizationShapePoint& point : args.volume_binding_shape) {
        shape.push_back({point.utilization, point.score});
      }
    }
    return std::unique_ptr<Plugin>(std::make_unique<VolumeBinding>(context.gates, std::move(shape)));
  };
  if (selector) {
    registry[std::string(names::kPodTopologySpread)] = [selector](const PluginContext& context) {
      const PodTopologySpreadArgs spread_args =
          context.pod_topology_spread_args ? *context.pod_topology_spread_args : PodTopologySpreadArgs{};
      return std::unique_ptr<Plugin>(std::make_unique<SpreadScoring>(spread_args, context.gates, selector));
    };
  }
  return registry;
}

}  // namespace podfit
