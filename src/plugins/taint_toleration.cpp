#include "podfit/plugins/taint_toleration.h"

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/model/pod_resources.h"
#include "podfit/model/tolerations.h"
#include "podfit/plugins/score_helpers.h"

namespace podfit {

TaintToleration::TaintToleration(const FeatureGates& gates)
    : skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption),
      comparison_operators_(gates.taint_toleration_comparison_operators),
      reason_names_taint_(!gates.changes.taint_reason_without_taint) {}

std::string_view TaintToleration::name() const { return names::kTaintToleration; }

Status TaintToleration::pre_filter(CycleState&, const PodInfo& pod, const Snapshot&, PreFilterResult&) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status(Code::Skip);
  return Status();
}

Status TaintToleration::filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status();
  const auto& tolerations = pod.pod().spec.tolerations;
  // kube-scheduler stops at the first untolerated taint; the details name all of them so
  // that one look tells the user every toleration the pod lacks.
  std::vector<std::string> details;
  const Taint* first = nullptr;
  for (const auto& taint : node.node().spec.taints) {
    if (!is_do_not_schedule_taint(taint)) continue;
    if (tolerations_tolerate_taint(tolerations, taint, comparison_operators_)) continue;
    if (first == nullptr) first = &taint;
    if (!state.explains()) break;
    details.push_back(fmt::format("taint {} is not tolerated", format_taint(taint)));
  }
  if (first == nullptr) return Status();
  // Before v1.35 the reason named the first untolerated taint's key and value.
  std::string reason = reason_names_taint_ ? fmt::format("node(s) had untolerated taint {{{}: {}}}", first->key, first->value)
                                           : std::string(kErrReasonUntolerated);
  return Status(Code::UnschedulableAndUnresolvable, {std::move(reason)}, std::move(details));
}

namespace {

constexpr std::string_view kPreferNoSchedule = "PreferNoSchedule";

struct TaintTolerationScoreState final : StateData {
  std::vector<Toleration> prefer_no_schedule;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<TaintTolerationScoreState>(*this); }
};

}  // namespace

Status TaintToleration::pre_score(CycleState& state, const PodInfo& pod, const Snapshot&,
                                  std::span<const NodeInfo* const>) const {
  auto data = std::make_unique<TaintTolerationScoreState>();
  // An empty effect tolerates every effect, PreferNoSchedule included.
  for (const auto& toleration : pod.pod().spec.tolerations) {
    if (toleration.effect.empty() || toleration.effect == kPreferNoSchedule) data->prefer_no_schedule.push_back(toleration);
  }
  state.write(std::string(kPreScoreStateKey), std::move(data));
  return Status();
}

ScoreResult TaintToleration::score(const CycleState& state, const PodInfo&, const NodeInfo& node) const {
  const auto* data = state.read<TaintTolerationScoreState>(kPreScoreStateKey);
  if (data == nullptr) {
    return ScoreResult{0, Status::error(fmt::format("failed to read \"{}\" from cycleState: not found", kPreScoreStateKey))};
  }
  int64_t intolerable = 0;
  for (const auto& taint : node.node().spec.taints) {
    if (taint.effect != kPreferNoSchedule) continue;
    if (!tolerations_tolerate_taint(data->prefer_no_schedule, taint, comparison_operators_)) ++intolerable;
  }
  return ScoreResult{intolerable, Status()};
}

Status TaintToleration::normalize_score(const CycleState&, const PodInfo&, NodeScoreList& scores) const {
  return default_normalize_score(kMaxNodeScore, /*reverse=*/true, scores);
}


std::unique_ptr<Plugin> new_taint_toleration(const PluginContext& context) {
  return std::make_unique<TaintToleration>(context.gates);
}

}  // namespace podfit
