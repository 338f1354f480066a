// The scheduling framework for one profile: runs PreFilter then Filter as kube-scheduler does.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "podfit/framework/cycle_state.h"
#include "podfit/framework/parallelizer.h"
#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/framework/status.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// The outcome of the filtering phase for one pod (kube-scheduler's Diagnosis plus the
// per-node detail podfit reports). A node fits exactly when its node_failures entry is empty.
struct FilterOutcome {
  // Non-success when PreFilter stopped the pod: the rejecting status (plugin set, except for
  // the framework's own "didn't satisfy plugin(s) ... simultaneously"), or the wrapped Error.
  Status pre_filter_status;
  // Per node, in snapshot order: every failing status (one unless all_reasons), empty when it
  // fits. When PreFilter stopped the pod every node carries pre_filter_status.
  std::vector<std::vector<Status>> node_failures;
  // A cycle that keeps no rejections (CycleState::keeps_rejections) keeps no rejected node's
  // status when some node fits (nothing reads them then): such nodes are marked here instead, and the plugin sets below leave
  // them out. Empty when every status is kept.
  std::vector<uint8_t> rejected_unrecorded;
  // Whether node i passed every Filter plugin.
  bool fits(size_t i) const {
    return node_failures[i].empty() && (rejected_unrecorded.empty() || !rejected_unrecorded[i]);
  }
  // Nodes excluded by a PreFilterResult (their failure is the framework's own status).
  std::vector<bool> excluded_by_pre_filter;
  // Nodes after the first whose Filter ended in an Error (snapshot order): kube-scheduler
  // cancels their filters and ends the attempt, so they carry a placeholder Error saying so.
  // Empty when no Filter ended in an Error.
  std::vector<uint8_t> abandoned;
  // Diagnosis.UnschedulablePlugins: plugins that narrowed the nodes in PreFilter plus those
  // whose status rejected the pod in PreFilter or a node first in Filter.
  std::set<std::string> unschedulable_plugins;
  // Diagnosis.PendingPlugins: plugins whose rejecting status was Pending.
  std::set<std::string> pending_plugins;
  // Plugins whose PreFilter returned Skip (their Filter was not run).
  std::set<std::string> skipped_plugins;
  // The Error that makes kube-scheduler abandon the attempt instead of reporting a FitError:
  // PreFilter's, or the first node's (snapshot order) whose Filter run ended in an Error.
  Status error;
  // Plugins skipped for this pod because podfit cannot evaluate them exactly, with why.
  std::vector<std::pair<std::string, std::string>> not_evaluated;
  size_t feasible_count() const;
};

// RunPreFilterPlugins' results.
struct PreFilterOutcome {
  // The merged PreFilterResult (all nodes unless a plugin narrowed them).
  PreFilterResult result;
  // Success, Unschedulable (the last such plugin's, the others ran), UnschedulableAndUnresolvable
  // (the first such plugin's, or the framework's when the node sets do not intersect) or Error.
  Status status;
  // Plugins that returned a node subset (kube-scheduler returns none on UnschedulableAndUnresolvable
  // from a plugin or on Error).
  std::set<std::string> plugins_with_nodes;
  // Plugins whose PreFilter returned Skip, or that podfit cannot evaluate for the pod.
  std::set<std::string> skipped_plugins;
  // The latter, with why (Plugin::cannot_evaluate).
  std::vector<std::pair<std::string, std::string>> not_evaluated;
};

// A profile's instantiated PreFilter/Filter plugins in order.
class Framework {
 public:
  // Instantiates `plugin_names` from the registry; names without an implementation are
  // recorded in not_implemented() instead.
  Framework(const std::vector<std::string>& plugin_names, const PluginContext& context);
  // The same from another registry (tests, or out-of-tree plugins).
  Framework(const std::vector<std::string>& plugin_names, const PluginContext& context,
            const PluginRegistry& registry);
  // A configured profile's lists: the plugins run at PreFilter and at Filter, each in its own
  // order. Each name is instantiated once and serves both points, as in kube-scheduler.
  Framework(const std::vector<std::string>& pre_filter_names, const std::vector<std::string>& filter_names,
            const PluginContext& context, const PluginRegistry& registry);

  // PreFilter, then Filter on every node, as schedule_one's findNodesThatFitPod does
  // (nominated-node shortcut and the feasible-node cut-off aside: podfit reports every node;
  // pods nominated to a node are not added to it). Filter runs on the nodes in parallel.
  // all_reasons: run every Filter plugin on every node instead of stopping at the first failure.
  FilterOutcome run(const Snapshot& snapshot, const PodInfo& pod, bool all_reasons, CycleState& state) const;

  // RunPreFilterPlugins: every PreFilter plugin in order, as kube-scheduler runs them.
  PreFilterOutcome run_pre_filter(const Snapshot& snapshot, const PodInfo& pod, CycleState& state) const;
  // RunFilterPlugins on one node: the first non-success status (plugin set), success if none.
  Status run_filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                    const std::set<std::string>& skipped_plugins) const;
  // Every Filter plugin on one node: all non-success statuses, in plugin order.
  std::vector<Status> run_all_filters(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                      const std::set<std::string>& skipped_plugins) const;
  // RunFilterPluginsWithNominatedPods on one node: when pods of equal or higher priority than
  // `pod` (not the pod itself) are among `nominated` (the pods nominated to the node), the
  // filters run first on a copy of the node holding them, with a clone of `state` told of them
  // (PreFilter AddPod extensions), then, if the node passed, on the node as it is. The failures
  // (every plugin's with `all_reasons`, else the first), empty when the node fits.
  std::vector<Status> filter_with_nominated_pods(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                                 const std::vector<const PodInfo*>& nominated,
                                                 const std::set<std::string>& skipped_plugins, bool all_reasons) const;

  // RunPreFilterExtensionAddPod / RemovePod: tells each PreFilter plugin with PreFilterExtensions
  // (InterPodAffinity, PodTopologySpread), in PreFilter order and unless it was skipped, that
  // `other` now runs on / left `node`, so that Filter on a modified node copy sees it (preemption's
  // dry run). The first non-success status, plugin set.
  Status run_pre_filter_extension_add_pod(CycleState& state, const PodInfo& pod, const PodInfo& other,
                                          const NodeInfo& node, const std::set<std::string>& skipped_plugins) const;
  Status run_pre_filter_extension_remove_pod(CycleState& state, const PodInfo& pod, const PodInfo& other,
                                             const NodeInfo& node, const std::set<std::string>& skipped_plugins) const;

  // The reach of `added` arriving on a node for `pod` (whose PreFilter wrote `state`): every
  // Filter plugin's together, a plugin in `skipped_plugins` asked as one whose PreFilter skipped;
  // each reached key names the plugin that reaches through it.
  AddedPodReach reach_of_added_pod(const CycleState& state, const PodInfo& pod, const PodInfo& added,
                                   const std::set<std::string>& skipped_plugins) const;
  // RunFilterPlugins' verdict on one node with the skipped plugins given as skip_mask() built
  // them: for callers filtering many nodes one by one.
  bool passes_filters(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                      const std::vector<bool>& skip) const {
    return filter_node(state, pod, node, skip).is_success();
  }
  // Per Filter plugin (in order), whether `skipped_plugins` names it.
  std::vector<bool> skip_mask(const std::set<std::string>& skipped_plugins) const;

  // Names given to the constructor that podfit does not implement, in the order given.
  const std::vector<std::string>& not_implemented() const { return not_implemented_; }
  // Names of the instantiated plugins, in the order given.
  const std::vector<std::string>& plugin_names() const { return names_; }

 private:
  Status filter_node(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                     const std::vector<bool>& skip) const;
  std::vector<Status> all_filters_on_node(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                          const std::vector<bool>& skip) const;
  std::vector<std::unique_ptr<Plugin>> plugins_;
  std::vector<const PreFilterPlugin*> pre_filter_;
  std::vector<std::string> pre_filter_names_;  // pre_filter_[i]->name(), the name statuses carry
  std::vector<const FilterPlugin*> filter_;
  std::vector<std::string> filter_names_;
  std::vector<std::string> names_;
  std::vector<std::string> not_implemented_;
  Parallelizer parallelizer_;
};

}  // namespace podfit
