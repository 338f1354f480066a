#include "podfit/plugins/node_declared_features.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "podfit/framework/names.h"
#include "podfit/model/pod_resources.h"

namespace podfit {
namespace {

// The features the pod requires, computed once per cycle.
struct NodeDeclaredFeaturesState final : StateData {
  FeatureSet required;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<NodeDeclaredFeaturesState>(*this); }
};

bool contains(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

NodeDeclaredFeatures::NodeDeclaredFeatures(const FeatureGates& gates)
    : NodeDeclaredFeatures(gates, NodeFeatureFramework::default_framework(), scheduler_version()) {}

NodeDeclaredFeatures::NodeDeclaredFeatures(const FeatureGates& gates, const NodeFeatureFramework& framework,
                                           std::optional<Version> version)
    : framework_(&framework),
      version_(std::move(version)),
      enabled_(gates.node_declared_features),
      skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption) {}

std::string_view NodeDeclaredFeatures::name() const { return names::kNodeDeclaredFeatures; }

Status NodeDeclaredFeatures::pre_filter(CycleState& state, const PodInfo& pod, const Snapshot&,
                                        PreFilterResult&) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status(Code::Skip);
  if (!enabled_) return Status(Code::Skip);
  std::string error;
  auto required = framework_->infer_for_pod_scheduling(pod.pod().spec, version_ ? &*version_ : nullptr, &error);
  if (!required) return Status::error(error);
  if (required->empty()) return Status(Code::Skip);
  auto data = std::make_unique<NodeDeclaredFeaturesState>();
  data->required = std::move(*required);
  state.write(std::string(kStateKey), std::move(data));
  return Status();
}

Status NodeDeclaredFeatures::filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status();
  if (!enabled_) return Status();
  const auto* data = state.read<NodeDeclaredFeaturesState>(kStateKey);
  if (data == nullptr) {
    return Status::error(fmt::format("error reading \"{}\" from cycle-state: not found", kStateKey));
  }
  // NodeInfo.SetNode maps the declared features with TryMap; unknown names drop out.
  const FeatureSet declared = framework_->try_map(node.node().status.declared_features);
  if (data->required.is_subset_of(declared)) return Status();
  const std::vector<std::string> missing = framework_->unmap(data->required.difference(declared));
  return Status(Code::UnschedulableAndUnresolvable, {std::string(kErrReason)},
                {missing_features_detail(missing, node.node())});
}

std::string missing_features_detail(const std::vector<std::string>& missing, const Node& node) {
  const std::vector<std::string>& declared = node.status.declared_features;
  std::string line = fmt::format("node does not declare feature{} {}", missing.size() == 1 ? "" : "s",
                                 fmt::join(missing, ", "));
  if (declared.empty()) return line + " (declares no features)";
  // Listed but unseen: the list is read as a sorted one, and this one is out of order.
  std::vector<std::string> unseen;
  for (const auto& name : missing) {
    if (contains(declared, name)) unseen.push_back(name);
  }
  if (unseen.empty()) return fmt::format("{} (declares: {})", line, fmt::join(declared, ", "));
  return fmt::format("{} (declares: {}; the list is not sorted, so kube-scheduler does not see {})", line,
                     fmt::join(declared, ", "), fmt::join(unseen, ", "));
}

std::unique_ptr<Plugin> new_node_declared_features(const PluginContext& context) {
  return std::make_unique<NodeDeclaredFeatures>(context.gates);
}

}  // namespace podfit
