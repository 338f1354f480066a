#include "podfit/plugins/node_resources/balanced_allocation.h"

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/names.h"

namespace podfit {
namespace {

struct BalancedAllocationState final : StateData {
  std::vector<int64_t> pod_requests;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<BalancedAllocationState>(*this); }
};

}  // namespace

NodeResourcesBalancedAllocation::NodeResourcesBalancedAllocation(const FeatureGates& gates,
                                                                 NodeResourcesBalancedAllocationArgs args)
    : args_(std::move(args)),
      skip_best_effort_(gates.changes.balanced_allocation_skips_best_effort),
      score_change_(gates.changes.balanced_allocation_scores_change) {
  options_.use_requested = true;
  options_.use_status_resources = gates.in_place_pod_vertical_scaling;
  options_.in_place_pod_level_resources_vertical_scaling = gates.in_place_pod_level_resources_vertical_scaling;
  options_.pod_level_resources = gates.pod_level_resources;
}

std::string_view NodeResourcesBalancedAllocation::name() const { return names::kNodeResourcesBalancedAllocation; }

Status NodeResourcesBalancedAllocation::pre_score(CycleState& state, const PodInfo& pod, const Snapshot&,
                                                  std::span<const NodeInfo* const>) const {
  std::vector<int64_t> requests = pod_resource_requests(pod.pod(), args_.resources, options_);
  if (skip_best_effort_ && is_best_effort(requests)) return Status(Code::Skip);
  auto data = std::make_unique<BalancedAllocationState>();
  data->pod_requests = std::move(requests);
  state.write(std::string(kPreScoreStateKey), std::move(data));
  return Status();
}

ScoreResult NodeResourcesBalancedAllocation::score(const CycleState& state, const PodInfo& pod,
                                                   const NodeInfo& node) const {
  std::vector<int64_t> computed;
  const std::vector<int64_t>* requests = nullptr;
  if (const auto* data = state.read<BalancedAllocationState>(kPreScoreStateKey)) {
    requests = &data->pod_requests;
  } else {
    computed = pod_resource_requests(pod.pod(), args_.resources, options_);
    if (skip_best_effort_ && is_best_effort(computed)) return ScoreResult{};
    requests = &computed;
  }
  if (args_.resources.empty()) return ScoreResult{0, Status::error("resources not found")};
  const AllocationView view = allocation_view(node, args_.resources, *requests, /*use_requested=*/true);
  return ScoreResult{balanced_allocation_score(view, score_change_), Status()};
}

std::unique_ptr<Plugin> new_node_resources_balanced_allocation(const PluginContext& context) {
  return std::make_unique<NodeResourcesBalancedAllocation>(context.gates);
}

}  // namespace podfit
