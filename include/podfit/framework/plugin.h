// Plugin interfaces for the extension points podfit runs.
#pragma once

#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>

#include "podfit/framework/cycle_state.h"
#include "podfit/framework/status.h"
#include "podfit/snapshot/node_info.h"
#include "podfit/snapshot/pod_info.h"

namespace podfit {

class Snapshot;

// Every plugin: named as kube-scheduler names it (the name statuses and reports carry).
struct Plugin {
  virtual ~Plugin() = default;
  virtual std::string_view name() const = 0;
  // Why podfit cannot evaluate this plugin for `pod` exactly (objects it would need are not
  // read, for instance), or nullopt. The framework then skips the plugin for the pod and
  // reports it as not evaluated, so that a partial verdict is never taken for a full one.
  virtual std::optional<std::string> cannot_evaluate(const Pod& pod) const {
    (void)pod;
    return std::nullopt;
  }
};

// framework.PreFilterResult: nullopt node_names means "all nodes".
struct PreFilterResult {
  std::optional<std::set<std::string>> node_names;
  bool all_nodes() const { return !node_names.has_value(); }
  // Merge: intersection of the two node sets, "all" being the identity.
  PreFilterResult merge(const PreFilterResult& other) const;
  friend bool operator==(const PreFilterResult&, const PreFilterResult&) = default;
};

// PreFilter: computes the pod's state once per cycle, may Skip its Filter, reject the pod
// outright, or narrow the nodes worth filtering.
struct PreFilterPlugin : virtual Plugin {
  virtual Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                            PreFilterResult& result) const = 0;
};

// Filter: a pure function of (cycle state, pod, node); called concurrently for many nodes.
struct FilterPlugin : virtual Plugin {
  virtual Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const = 0;
};

}  // namespace podfit
