#include "podfit/framework/scheduling_cycle.h"

#include <algorithm>
#include <iterator>
#include <set>

#include <fmt/format.h>

#include "podfit/framework/fit_error.h"

namespace podfit {
namespace {

// A profile without score plugins: every feasible node totals 1.
const ScoreProfile& no_scoring() {
  static const ScoreProfile profile({}, PluginContext{});
  return profile;
}

// A rejection after host selection reads as a FitError over the one chosen node.
std::string rejection_message(const Status& status) {
  FitDiagnosis diagnosis;
  diagnosis.node_statuses.push_back(status);
  return fit_error_message(diagnosis, 1);
}

// The profile's binding plugins without those the pod could not be evaluated by: they wrote no
// cycle state at PreFilter, so their Reserve and PreBind are left out as their Filter was (the
// verdict names them as not evaluated).
BindingPlugins evaluated_binding_plugins(const BindingPlugins& all, const FilterOutcome& filtered) {
  if (filtered.not_evaluated.empty()) return all;
  auto evaluated = [&](const Plugin* plugin) {
    return std::none_of(filtered.not_evaluated.begin(), filtered.not_evaluated.end(),
                        [&](const auto& entry) { return entry.first == plugin->name(); });
  };
  BindingPlugins out;
  std::copy_if(all.reserve.begin(), all.reserve.end(), std::back_inserter(out.reserve), evaluated);
  std::copy_if(all.pre_bind.begin(), all.pre_bind.end(), std::back_inserter(out.pre_bind), evaluated);
  std::copy_if(all.bind.begin(), all.bind.end(), std::back_inserter(out.bind), evaluated);
  return out;
}

}  // namespace

std::string_view cycle_stage_name(CycleStage stage) {
  switch (stage) {
    case CycleStage::Skipped: return "Skipped";
    case CycleStage::Filter: return "Filter";
    case CycleStage::Score: return "Score";
    case CycleStage::Reserve: return "Reserve";
    case CycleStage::PreBind: return "PreBind";
    case CycleStage::Bind: return "Bind";
    case CycleStage::Bound: return "Bound";
  }
  return "Unknown";
}

const NodeInfo* nominated_node_taken(const Framework& filters, const CycleState& state, const PodInfo& pod,
                                     const Snapshot& snapshot, const FilterOutcome& filtered) {
  const std::string& name = pod.pod().status.nominated_node_name;
  const NodeInfo* nominated = name.empty() ? nullptr : snapshot.find_node(name);
  if (nominated == nullptr || !filtered.pre_filter_status.is_success()) return nullptr;
  const std::vector<const PodInfo*>& others = snapshot.nominated_pods(snapshot.node_position(name));
  return filters.filter_with_nominated_pods(state, pod, *nominated, others, filtered.skipped_plugins, false).empty()
             ? nominated
             : nullptr;
}

CycleResult schedule_one(const Pod& pod, Snapshot& snapshot, const CycleProfile& profile, const FeatureGates& gates,
                         bool explain) {
  CycleResult out;
  // skipPodSchedule: a pod being deleted is not scheduled.
  if (!pod.metadata.deletion_timestamp.empty()) {
    out.stage = CycleStage::Skipped;
    out.message = fmt::format("skip schedule deleting pod: {}/{}", pod.metadata.namespace_, pod.metadata.name);
    return out;
  }
  snapshot.ensure_namespace(pod.metadata.namespace_);
  const PodInfo info(pod, gates);
  CycleState state;
  state.set_explains(explain);
  state.set_keeps_rejections(explain);
  const auto& nodes = snapshot.nodes();

  // schedulePod: filtering, then scoring unless a single node is feasible.
  out.stage = CycleStage::Filter;
  if (nodes.empty()) {
    out.message = std::string(kNoNodesAvailableMessage);
    out.status = Status(Code::UnschedulableAndUnresolvable, out.message);
    return out;
  }
  out.filter = profile.filters->run(snapshot, info, false, state);
  if (out.filter.error.is_error()) {
    out.status = out.filter.error;
    out.message = out.status.message();
    return out;
  }
  std::vector<const NodeInfo*> feasible;
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (out.filter.fits(i)) feasible.push_back(nodes[i].get());
  }
  out.feasible_nodes = feasible.size();
  const NodeInfo* nominated = nominated_node_taken(*profile.filters, state, info, snapshot, out.filter);
  const bool nominated_fits = nominated != nullptr;
  if (nominated_fits) out.feasible_nodes = 1;
  if (feasible.empty() && !nominated_fits) {
    out.message = fit_error_message(out.filter, nodes.size());
    out.status = Status(Code::Unschedulable, out.message);
    return out;
  }
  out.stage = CycleStage::Score;
  const ScoreProfile& scoring = profile.scoring != nullptr ? *profile.scoring : no_scoring();
  if (nominated_fits) {
    out.choice.node = nominated->name();
  } else {
    out.choice = scoring.choose(state, info, snapshot, feasible);
  }
  if (!out.choice.status.is_success()) {
    out.status = out.choice.status;
    out.message = out.status.message();
    return out;
  }
  out.node = out.choice.node;

  // assume, then Reserve; from here a failure unreserves and forgets the assumed pod.
  const BindingPlugins binding = evaluated_binding_plugins(profile.binding, out.filter);
  const PodInfo* assumed = snapshot.assume(pod, out.node, gates);
  auto fail = [&](CycleStage stage, Status status, std::string message) {
    run_unreserve_plugins(binding.reserve, state, *assumed, out.node, snapshot);
    snapshot.forget(assumed);
    out.stage = stage;
    out.status = std::move(status);
    out.message = std::move(message);
    return out;
  };
  Status reserved = run_reserve_plugins(binding.reserve, state, *assumed, out.node, snapshot);
  if (!reserved.is_success()) {
    std::string message = reserved.is_rejected() ? rejection_message(reserved) : reserved.message();
    return fail(CycleStage::Reserve, std::move(reserved), std::move(message));
  }

  // The binding cycle: PreBindPreFlight, PreBind, Bind.
  std::set<std::string> skipped;
  Status pre_flight = run_pre_bind_pre_flights(binding.pre_bind, state, *assumed, out.node, skipped);
  if (pre_flight.is_error() || pre_flight.is_rejected()) {
    std::string message = pre_flight.message();
    return fail(CycleStage::PreBind, std::move(pre_flight), std::move(message));
  }
  Status pre_bound =
      run_pre_bind_plugins(binding.pre_bind, state, *assumed, out.node, skipped, out.pre_bind_writes);
  if (!pre_bound.is_success()) {
    std::string message = pre_bound.message();
    return fail(CycleStage::PreBind, std::move(pre_bound), std::move(message));
  }
  BindOutcome bound = run_bind_plugins(binding.bind, state, *assumed, out.node);
  out.binder = bound.plugin;
  if (!bound.status.is_success()) {
    std::string message = bound.status.message();
    if (message.empty()) message = "no Bind plugin bound the pod: every one returned Skip";
    return fail(CycleStage::Bind, std::move(bound.status), std::move(message));
  }
  out.stage = CycleStage::Bound;
  out.binding = std::move(bound.binding);
  out.assumed = assumed;
  return out;
}

}  // namespace podfit
