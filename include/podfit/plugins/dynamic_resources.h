// DynamicResources: kube-scheduler's DRA plugin, as far as podfit's input reaches.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"

namespace podfit {

// A pod without resource claims, and without extended resources a DeviceClass provides, is
// skipped, exactly as kube-scheduler's PreFilter skips it. A pod with either needs devices
// allocated, which podfit does not do yet: the plugin says so through cannot_evaluate instead
// of guessing.
class DynamicResources final : public PreFilterPlugin, public FilterPlugin, public ScorePlugin {
 public:
  explicit DynamicResources(const FeatureGates& gates)
      : enabled_(gates.dynamic_resource_allocation), extended_resource_(gates.dra_extended_resource) {}

  std::string_view name() const override;
  std::optional<std::string> cannot_evaluate(const Pod& pod, const Snapshot& snapshot) const override;
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  // Score prefers allocations of higher-priority subrequests; a pod without claims (the only
  // pods podfit evaluates here) scores 0 on every node, as in kube-scheduler.
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

 private:
  bool enabled_;
  bool extended_resource_;
};

std::unique_ptr<Plugin> new_dynamic_resources(const PluginContext& context);

}  // namespace podfit
