// NodeAffinity's PreScore, Score and NormalizeScore: preferred node affinity terms.
#include <fmt/format.h>

#include "podfit/model/node_affinity.h"
#include "podfit/plugins/node_affinity/node_affinity.h"
#include "podfit/plugins/score_helpers.h"

namespace podfit {
namespace {

// The pod's compiled preferred terms (null when the pod has none).
struct NodeAffinityScoreState final : StateData {
  std::shared_ptr<const PreferredSchedulingTerms> preferred;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<NodeAffinityScoreState>(*this); }
};

// getPodPreferredNodeAffinity: nullptr without preferred terms; the parse errors in *error.
std::shared_ptr<const PreferredSchedulingTerms> pod_preferred_terms(const Pod& pod, std::string* error) {
  const auto& affinity = pod.spec.affinity;
  if (!affinity || !affinity->node_affinity || affinity->node_affinity->preferred.empty()) return nullptr;
  auto terms = std::make_shared<const PreferredSchedulingTerms>(affinity->node_affinity->preferred);
  if (terms->error()) {
    *error = *terms->error();
    return nullptr;
  }
  return terms;
}

}  // namespace

Status NodeAffinityPlugin::pre_score(CycleState& state, const PodInfo& pod, const Snapshot&,
                                     std::span<const NodeInfo* const>) const {
  std::string error;
  auto preferred = pod_preferred_terms(pod.pod(), &error);
  if (!error.empty()) return Status::error(std::move(error));
  if (preferred == nullptr && added_preferred_ == nullptr) return Status(Code::Skip);
  auto data = std::make_unique<NodeAffinityScoreState>();
  data->preferred = std::move(preferred);
  state.write(std::string(kNodeAffinityPreScoreStateKey), std::move(data));
  return Status();
}

ScoreResult NodeAffinityPlugin::score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  int64_t count = 0;
  if (added_preferred_) count += added_preferred_->score(node.node());
  std::shared_ptr<const PreferredSchedulingTerms> preferred;
  if (const auto* data = state.read<NodeAffinityScoreState>(kNodeAffinityPreScoreStateKey)) {
    preferred = data->preferred;
  } else {
    std::string error;
    preferred = pod_preferred_terms(pod.pod(), &error);
    if (!error.empty()) return ScoreResult{0, Status::error(std::move(error))};
  }
  if (preferred) count += preferred->score(node.node());
  return ScoreResult{count, Status()};
}

Status NodeAffinityPlugin::normalize_score(const CycleState&, const PodInfo&, NodeScoreList& scores) const {
  return default_normalize_score(kMaxNodeScore, /*reverse=*/false, scores);
}

}  // namespace podfit
