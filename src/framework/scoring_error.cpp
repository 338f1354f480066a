#include "podfit/framework/scoring_error.h"

#include <vector>

#include "podfit/framework/scheduling_cycle.h"

namespace podfit {

Status scoring_error(const Framework& filters, const ScoreProfile* scoring, CycleState& state, const PodInfo& pod,
                     const Snapshot& snapshot, const FilterOutcome& filtered) {
  if (scoring == nullptr || filtered.error.is_error()) return Status();
  const auto& nodes = snapshot.nodes();
  std::vector<const NodeInfo*> feasible;
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (filtered.fits(i)) feasible.push_back(nodes[i].get());
  }
  // kube-scheduler takes a lone feasible node, or a nominated one that fits, without scoring.
  if (feasible.size() < 2 || nominated_node_taken(filters, state, pod, snapshot, filtered) != nullptr) return Status();
  return scoring->pre_score(state, pod, snapshot, feasible);
}

}  // namespace podfit
