// NodeResourcesFit's PreScore and Score: the configured scoring strategy over the node's
// utilization once the pod is placed.
#include <fmt/format.h>

#include "podfit/model/field_errors.h"
#include "podfit/plugins/node_resources/fit.h"

namespace podfit {
namespace {

// The pod's request of each resource of the strategy, in the strategy's order.
struct FitScoreState final : StateData {
  std::vector<int64_t> pod_requests;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<FitScoreState>(*this); }
};

// The Fit plugin builds its scorer without the feature flags, so its pod requests come from the
// containers alone (pod-level resources and status resources are not read), with cpu/memory
// defaults for containers that request none.
ResourceAllocationOptions fit_allocation_options() { return ResourceAllocationOptions{}; }

std::string_view strategy_field_path() { return "scoringStrategy"; }

}  // namespace

std::vector<std::string> validate_scoring_strategy(const ScoringStrategy& strategy) {
  std::vector<std::string> errors;
  const std::string resources_path = field::child(strategy_field_path(), "resources");
  for (size_t i = 0; i < strategy.resources.size(); ++i) {
    const ResourceSpec& resource = strategy.resources[i];
    if (resource.weight <= 0 || resource.weight > 100) {
      errors.push_back(field::invalid(field::child(field::index(resources_path, i), "weight"),
                                      std::to_string(resource.weight),
                                      fmt::format("resource weight of {} not in valid range (0, 100]", resource.name)));
    }
  }
  if (strategy.type != ScoringStrategyType::RequestedToCapacityRatio) return errors;
  const std::string shape_path = field::child(strategy_field_path(), "shape");
  const auto& shape = strategy.shape;
  if (shape.empty()) {
    errors.push_back(shape_path + ": Required value: at least one point must be specified");
    return errors;
  }
  for (size_t i = 1; i < shape.size(); ++i) {
    if (shape[i - 1].utilization >= shape[i].utilization) {
      errors.push_back(field::invalid(field::child(field::index(shape_path, i), "utilization"),
                                      std::to_string(shape[i].utilization),
                                      "utilization values must be sorted in increasing order"));
      break;
    }
  }
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i].utilization < 0 || shape[i].utilization > 100) {
      errors.push_back(field::invalid(field::child(field::index(shape_path, i), "utilization"),
                                      std::to_string(shape[i].utilization), "not in valid range [0, 100]"));
    }
    if (shape[i].score < 0 || shape[i].score > kMaxCustomPriorityScore) {
      errors.push_back(field::invalid(field::child(field::index(shape_path, i), "score"),
                                      std::to_string(shape[i].score), "not in valid range [0, 10]"));
    }
  }
  return errors;
}

Status NodeResourcesFit::pre_score(CycleState& state, const PodInfo& pod, const Snapshot&,
                                   std::span<const NodeInfo* const>) const {
  auto data = std::make_unique<FitScoreState>();
  data->pod_requests = pod_resource_requests(pod.pod(), args_.scoring_strategy.resources, fit_allocation_options());
  state.write(std::string(kPreScoreStateKey), std::move(data));
  return Status();
}

ScoreResult NodeResourcesFit::score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  const ScoringStrategy& strategy = args_.scoring_strategy;
  std::vector<int64_t> computed;
  const std::vector<int64_t>* requests = nullptr;
  if (const auto* data = state.read<FitScoreState>(kPreScoreStateKey)) {
    requests = &data->pod_requests;
  } else {
    computed = pod_resource_requests(pod.pod(), strategy.resources, fit_allocation_options());
    requests = &computed;
  }
  if (strategy.resources.empty()) return ScoreResult{0, Status::error("resources not found")};
  const AllocationView view = allocation_view(node, strategy.resources, *requests, /*use_requested=*/false);
  switch (strategy.type) {
    case ScoringStrategyType::LeastAllocated:
      return ScoreResult{least_allocated_score(view, strategy.resources), Status()};
    case ScoringStrategyType::MostAllocated:
      return ScoreResult{most_allocated_score(view, strategy.resources), Status()};
    case ScoringStrategyType::RequestedToCapacityRatio:
      return ScoreResult{requested_to_capacity_ratio_score(view, strategy.resources, shape_), Status()};
  }
  return ScoreResult{0, Status::error("scoring strategy not supported")};
}

}  // namespace podfit
