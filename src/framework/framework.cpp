#include "podfit/framework/framework.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <utility>

#include <fmt/format.h>

#include "podfit/model/priority.h"
#include "podfit/plugins/inter_pod_affinity/inter_pod_affinity.h"
#include "podfit/plugins/pod_topology_spread/pod_topology_spread.h"
#include "podfit/plugins/volume_restrictions.h"

namespace podfit {
namespace {

// Go's "%v" of a sorted []string: "[A B C]".
std::string go_list(const std::set<std::string>& names) {
  std::string out = "[";
  for (const auto& name : names) {
    if (out.size() > 1) out += ' ';
    out += name;
  }
  return out + "]";
}

// RunFilterPlugins' treatment of one failing status: anything but a rejection becomes an Error.
Status filter_failure(Status status, const std::string& plugin) {
  if (!status.is_rejected()) {
    return wrap_error(fmt::format("running \"{}\" filter plugin: {}", plugin, error_text(status)), status, plugin);
  }
  status.with_plugin(plugin);
  return status;
}

// Diagnosis.AddPluginStatus.
void add_plugin_status(FilterOutcome& outcome, const Status& status) {
  if (status.plugin().empty()) return;
  if (status.is_rejected()) outcome.unschedulable_plugins.insert(status.plugin());
  if (status.code() == Code::Pending) outcome.pending_plugins.insert(status.plugin());
}

}  // namespace

size_t FilterOutcome::feasible_count() const {
  size_t count = 0;
  for (size_t i = 0; i < node_failures.size(); ++i) count += fits(i);
  return count;
}

Framework::Framework(const std::vector<std::string>& plugin_names, const PluginContext& context)
    : Framework(plugin_names, context, plugin_registry()) {}

Framework::Framework(const std::vector<std::string>& plugin_names, const PluginContext& context,
                     const PluginRegistry& registry) {
  for (const auto& name : plugin_names) {
    auto it = registry.find(name);
    std::unique_ptr<Plugin> plugin = it != registry.end() && it->second ? it->second(context) : nullptr;
    if (plugin == nullptr) {
      not_implemented_.push_back(name);
      continue;
    }
    names_.push_back(name);
    if (const auto* pre_filter = dynamic_cast<const PreFilterPlugin*>(plugin.get())) {
      pre_filter_.push_back(pre_filter);
      pre_filter_names_.emplace_back(plugin->name());
    }
    if (const auto* filter = dynamic_cast<const FilterPlugin*>(plugin.get())) {
      filter_.push_back(filter);
      filter_names_.emplace_back(plugin->name());
    }
    plugins_.push_back(std::move(plugin));
  }
}

Framework::Framework(const std::vector<std::string>& pre_filter_names, const std::vector<std::string>& filter_names,
                     const PluginContext& context, const PluginRegistry& registry) {
  std::map<std::string, const Plugin*, std::less<>> instances;
  auto instantiate = [&](const std::string& name) -> const Plugin* {
    if (auto found = instances.find(name); found != instances.end()) return found->second;
    auto it = registry.find(name);
    std::unique_ptr<Plugin> plugin = it != registry.end() && it->second ? it->second(context) : nullptr;
    const Plugin* raw = plugin.get();
    instances.emplace(name, raw);
    if (raw == nullptr) {
      not_implemented_.push_back(name);
    } else {
      names_.push_back(name);
      plugins_.push_back(std::move(plugin));
    }
    return raw;
  };
  for (const auto& name : pre_filter_names) {
    const auto* pre_filter = dynamic_cast<const PreFilterPlugin*>(instantiate(name));
    if (pre_filter == nullptr) continue;
    pre_filter_.push_back(pre_filter);
    pre_filter_names_.emplace_back(pre_filter->name());
  }
  for (const auto& name : filter_names) {
    const auto* filter = dynamic_cast<const FilterPlugin*>(instantiate(name));
    if (filter == nullptr) continue;
    filter_.push_back(filter);
    filter_names_.emplace_back(filter->name());
  }
}

PreFilterOutcome Framework::run_pre_filter(const Snapshot& snapshot, const PodInfo& pod, CycleState& state) const {
  PreFilterOutcome out;
  // Plugins that cannot be evaluated for this pod are skipped like a PreFilter Skip.
  for (const auto& plugin : plugins_) {
    if (auto why = plugin->cannot_evaluate(pod.pod(), snapshot)) {
      out.skipped_plugins.insert(std::string(plugin->name()));
      out.not_evaluated.emplace_back(std::string(plugin->name()), std::move(*why));
    }
  }
  for (size_t i = 0; i < pre_filter_.size(); ++i) {
    const std::string& name = pre_filter_names_[i];
    if (out.skipped_plugins.contains(name)) continue;
    PreFilterResult result;
    Status status = pre_filter_[i]->pre_filter(state, pod, snapshot, result);
    if (status.is_skip()) {
      out.skipped_plugins.insert(name);
      continue;
    }
    if (!status.is_success()) {
      status.with_plugin(name);
      if (status.code() == Code::UnschedulableAndUnresolvable) {
        // No preemption can help: the remaining plugins do not run.
        return PreFilterOutcome{PreFilterResult{}, std::move(status), {}, std::move(out.skipped_plugins),
                                std::move(out.not_evaluated)};
      }
      if (status.code() == Code::Unschedulable) {
        // Preemption may help, so every PreFilter still runs; the last such status is kept.
        out.status = std::move(status);
        continue;
      }
      Status error = wrap_error(fmt::format("running PreFilter plugin \"{}\": {}", name, error_text(status)),
                                status, name);
      return PreFilterOutcome{PreFilterResult{}, std::move(error), {}, std::move(out.skipped_plugins),
                              std::move(out.not_evaluated)};
    }
    if (!result.all_nodes()) out.plugins_with_nodes.insert(name);
    out.result = out.result.merge(result);
    if (!out.result.all_nodes() && out.result.node_names->empty()) {
      std::string message =
          out.plugins_with_nodes.size() == 1
              ? fmt::format("node(s) didn't satisfy plugin {}", *out.plugins_with_nodes.begin())
              : fmt::format("node(s) didn't satisfy plugin(s) {} simultaneously", go_list(out.plugins_with_nodes));
      out.status = Status(Code::UnschedulableAndUnresolvable, std::move(message));
      return out;
    }
  }
  return out;
}

std::vector<bool> Framework::skip_mask(const std::set<std::string>& skipped_plugins) const {
  std::vector<bool> skip(filter_.size());
  for (size_t i = 0; i < filter_.size(); ++i) skip[i] = skipped_plugins.contains(filter_names_[i]);
  return skip;
}

Status Framework::filter_node(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                              const std::vector<bool>& skip) const {
  for (size_t i = 0; i < filter_.size(); ++i) {
    if (skip[i]) continue;
    Status status = filter_[i]->filter(state, pod, node);
    if (!status.is_success()) return filter_failure(std::move(status), filter_names_[i]);
  }
  return Status();
}

std::vector<Status> Framework::all_filters_on_node(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                                   const std::vector<bool>& skip) const {
  std::vector<Status> failures;
  for (size_t i = 0; i < filter_.size(); ++i) {
    if (skip[i]) continue;
    Status status = filter_[i]->filter(state, pod, node);
    if (!status.is_success()) failures.push_back(filter_failure(std::move(status), filter_names_[i]));
  }
  return failures;
}

AddedPodReach Framework::reach_of_added_pod(const CycleState& state, const PodInfo& pod, const PodInfo& added,
                                            const std::set<std::string>& skipped_plugins) const {
  AddedPodReach reach;
  for (size_t i = 0; i < filter_.size(); ++i) {
    AddedPodReach own = filter_[i]->reach_of_added_pod(state, pod, added, skipped_plugins.contains(filter_names_[i]));
    for (ReachedKey& key : own.keys) key.by = filter_[i];
    reach.add(own);
    if (reach.anywhere) break;
  }
  return reach;
}

Status Framework::run_filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                             const std::set<std::string>& skipped_plugins) const {
  return filter_node(state, pod, node, skip_mask(skipped_plugins));
}

std::vector<Status> Framework::run_all_filters(const CycleState& state, const PodInfo& pod, const NodeInfo& node,
                                               const std::set<std::string>& skipped_plugins) const {
  return all_filters_on_node(state, pod, node, skip_mask(skipped_plugins));
}

std::vector<Status> Framework::filter_with_nominated_pods(const CycleState& state, const PodInfo& pod,
                                                          const NodeInfo& node,
                                                          const std::vector<const PodInfo*>& nominated,
                                                          const std::set<std::string>& skipped_plugins,
                                                          bool all_reasons) const {
  const std::vector<bool> skip = skip_mask(skipped_plugins);
  auto filter = [&](const CycleState& use_state, const NodeInfo& use_node) {
    if (all_reasons) return all_filters_on_node(use_state, pod, use_node, skip);
    std::vector<Status> failures;
    if (Status status = filter_node(use_state, pod, use_node, skip); !status.is_success()) {
      failures.push_back(std::move(status));
    }
    return failures;
  };
  std::vector<const PodInfo*> yielded_to;
  const int32_t priority = pod_priority(pod.pod());
  for (const PodInfo* other : nominated) {
    if (pod_priority(other->pod()) >= priority && other->pod().metadata.uid != pod.pod().metadata.uid) {
      yielded_to.push_back(other);
    }
  }
  if (yielded_to.empty()) return filter(state, node);
  // First pass: the pod must yield to them, so they count as running on the node.
  NodeInfo with_nominated = node;
  CycleState cloned = state.clone();
  for (const PodInfo* other : yielded_to) {
    with_nominated.add_pod(other);
    if (Status status = run_pre_filter_extension_add_pod(cloned, pod, *other, with_nominated, skipped_plugins);
        !status.is_success()) {
      return {Status::error(status.message())};
    }
  }
  std::vector<Status> failures = filter(cloned, with_nominated);
  const bool first_pass_failed = !failures.empty();
  // Second pass: they may land elsewhere, so the pod must fit without them too.
  if (!first_pass_failed) failures = filter(state, node);
  if (state.explains() && !failures.empty()) {
    std::string names;
    for (const PodInfo* other : yielded_to) {
      names += fmt::format("{}{} (priority {})", names.empty() ? "" : ", ", other->key(), pod_priority(other->pod()));
    }
    const std::string detail = first_pass_failed
                                   ? "counted with the pods nominated to this node: " + names
                                   : "fits only with the pods nominated to this node, which may land elsewhere: " + names;
    for (Status& failure : failures) {
      if (failure.is_rejected()) failure.with_detail(detail);
    }
  }
  return failures;
}

namespace {

// One PreFilterExtensions call on the plugins that have them; Success for the others.
Status pre_filter_extension(const PreFilterPlugin* plugin, CycleState& state, const PodInfo& pod, const PodInfo& other,
                            const NodeInfo& node, bool add) {
  if (const auto* affinity = dynamic_cast<const InterPodAffinity*>(plugin)) {
    return add ? affinity->add_pod(state, pod, other, node) : affinity->remove_pod(state, pod, other, node);
  }
  if (const auto* spread = dynamic_cast<const PodTopologySpreadPlugin*>(plugin)) {
    return add ? spread->add_pod(state, pod.pod(), other, node) : spread->remove_pod(state, pod.pod(), other, node);
  }
  if (const auto* restrictions = dynamic_cast<const VolumeRestrictions*>(plugin)) {
    return add ? restrictions->add_pod(state, other) : restrictions->remove_pod(state, other);
  }
  return Status();
}

// RunPreFilterExtensionAddPod / RemovePod: the same loop, naming the call in its error.
Status run_pre_filter_extensions(const std::vector<const PreFilterPlugin*>& plugins,
                                 const std::vector<std::string>& names, CycleState& state, const PodInfo& pod,
                                 const PodInfo& other, const NodeInfo& node,
                                 const std::set<std::string>& skipped_plugins, bool add) {
  for (size_t i = 0; i < plugins.size(); ++i) {
    if (skipped_plugins.contains(names[i])) continue;
    Status status = pre_filter_extension(plugins[i], state, pod, other, node, add);
    if (!status.is_success()) {
      return wrap_error(fmt::format("running {} on PreFilter plugin \"{}\": {}", add ? "AddPod" : "RemovePod",
                                    names[i], error_text(status)),
                        status, names[i]);
    }
  }
  return Status();
}

}  // namespace

Status Framework::run_pre_filter_extension_add_pod(CycleState& state, const PodInfo& pod, const PodInfo& other,
                                                   const NodeInfo& node,
                                                   const std::set<std::string>& skipped_plugins) const {
  return run_pre_filter_extensions(pre_filter_, pre_filter_names_, state, pod, other, node, skipped_plugins, true);
}

Status Framework::run_pre_filter_extension_remove_pod(CycleState& state, const PodInfo& pod, const PodInfo& other,
                                                      const NodeInfo& node,
                                                      const std::set<std::string>& skipped_plugins) const {
  return run_pre_filter_extensions(pre_filter_, pre_filter_names_, state, pod, other, node, skipped_plugins, false);
}

FilterOutcome Framework::run(const Snapshot& snapshot, const PodInfo& pod, bool all_reasons, CycleState& state) const {
  const auto& nodes = snapshot.nodes();
  FilterOutcome out;
  out.node_failures.assign(nodes.size(), {});
  out.excluded_by_pre_filter.assign(nodes.size(), false);

  PreFilterOutcome pre = run_pre_filter(snapshot, pod, state);
  out.skipped_plugins = std::move(pre.skipped_plugins);
  out.not_evaluated = std::move(pre.not_evaluated);
  out.unschedulable_plugins = std::move(pre.plugins_with_nodes);
  if (!pre.status.is_success()) {
    // Rejected before Filter: every node gets the same status (kube-scheduler sets it as the
    // status of all absent nodes, which preemption then reads).
    for (auto& failures : out.node_failures) failures.push_back(pre.status);
    if (pre.status.is_rejected()) {
      add_plugin_status(out, pre.status);
    } else {
      out.error = pre.status;
    }
    out.pre_filter_status = std::move(pre.status);
    return out;
  }

  // Nodes outside the PreFilterResult are not filtered; they share the framework's status.
  // Names in the result that are not nodes of the snapshot are ignored.
  std::vector<size_t> to_filter;
  to_filter.reserve(nodes.size());
  if (pre.result.all_nodes()) {
    for (size_t i = 0; i < nodes.size(); ++i) to_filter.push_back(i);
  } else {
    Status excluded(Code::UnschedulableAndUnresolvable,
                    fmt::format("node(s) didn't satisfy plugin(s) {}", go_list(out.unschedulable_plugins)));
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (pre.result.node_names->contains(nodes[i]->name())) {
        to_filter.push_back(i);
      } else {
        out.excluded_by_pre_filter[i] = true;
        out.node_failures[i].push_back(excluded);
      }
    }
  }

  // Every node is evaluated (kube-scheduler stops once it has enough feasible nodes and starts
  // where the previous cycle left off; podfit reports all of them). A node with nominated pods
  // is filtered in RunFilterPluginsWithNominatedPods' two passes.
  // Looked up once per pod, not once per node and plugin.
  const std::vector<bool> skipped = skip_mask(out.skipped_plugins);
  // A node's Error ends the attempt: kube-scheduler cancels the other nodes' filters. So that the
  // answer does not depend on which thread got there first, every node before the first erroring
  // one (in snapshot order) is evaluated in full and none after it.
  std::atomic<size_t> first_error{SIZE_MAX};
  std::vector<uint8_t> cut_short(nodes.size(), 0);
  state.cancel_filters(false);
  const auto errored = [&](size_t k) {
    size_t current = first_error.load();
    while (k < current && !first_error.compare_exchange_weak(current, k)) {
    }
    state.cancel_filters(true);
  };
  const auto cancelled = [&](const Status& status) {
    return status.is_error() && state.filters_cancelled().load() && status.message().ends_with(kFilterCancelled);
  };
  // Runs the nodes cut short before the first Error again, in order, then abandons those after it.
  const auto settle = [&](const std::function<void(size_t)>& evaluate) {
    if (first_error.load() == SIZE_MAX) return;
    for (size_t k = 0; k < to_filter.size() && k < first_error.load(); ++k) {
      if (!cut_short[to_filter[k]]) continue;
      cut_short[to_filter[k]] = 0;
      state.cancel_filters(false);
      evaluate(k);
    }
    state.cancel_filters(false);
    const size_t stop = first_error.load();
    if (stop == SIZE_MAX) return;
    out.abandoned.assign(nodes.size(), 0);
    const Status placeholder = Status::error(
        fmt::format("not evaluated: the scheduling attempt ended in an error on node {}", nodes[to_filter[stop]]->name()));
    for (size_t k = stop + 1; k < to_filter.size(); ++k) {
      const size_t i = to_filter[k];
      out.abandoned[i] = 1;
      out.node_failures[i] = {placeholder};
      if (!out.rejected_unrecorded.empty()) out.rejected_unrecorded[i] = 0;
    }
  };
  // When the cycle keeps no rejections, a rejected node is only marked: building, naming and
  // keeping a status for each would cost as much as the checks. Should no node fit, the
  // FitError needs them all, and they are built by the pass below.
  if (!all_reasons && !state.keeps_rejections()) {
    out.rejected_unrecorded.assign(nodes.size(), 0);
    std::atomic<bool> any_fits{false};
    const std::function<void(size_t)> evaluate = [&](size_t k) {
      const size_t i = to_filter[k];
      if (k > first_error.load()) {
        cut_short[i] = 1;
        return;
      }
      const NodeInfo& node = *nodes[i];
      if (const auto& nominated = snapshot.nominated_pods(i); !nominated.empty()) {
        std::vector<Status> failures =
            filter_with_nominated_pods(state, pod, node, nominated, out.skipped_plugins, false);
        if (failures.empty()) {
          any_fits.store(true, std::memory_order_relaxed);
        } else if (failures.front().is_rejected()) {
          out.rejected_unrecorded[i] = 1;
        } else if (cancelled(failures.front())) {
          cut_short[i] = 1;
        } else {
          out.node_failures[i] = std::move(failures);
          errored(k);
        }
        return;
      }
      for (size_t p = 0; p < filter_.size(); ++p) {
        if (skipped[p]) continue;
        Status status = filter_[p]->filter(state, pod, node);
        if (status.is_success()) continue;
        if (status.is_rejected()) {
          out.rejected_unrecorded[i] = 1;
        } else if (cancelled(status)) {
          cut_short[i] = 1;
        } else {
          out.node_failures[i].push_back(filter_failure(std::move(status), filter_names_[p]));
          errored(k);
        }
        return;
      }
      any_fits.store(true, std::memory_order_relaxed);
    };
    parallelizer_.until(to_filter.size(), evaluate);
    settle(evaluate);
    if (any_fits.load() || first_error.load() != SIZE_MAX) {
      for (size_t i : to_filter) {
        if (!out.node_failures[i].empty() && out.error.is_success()) out.error = out.node_failures[i].front();
      }
      return out;
    }
    out.rejected_unrecorded.clear();
    for (size_t i : to_filter) out.node_failures[i].clear();
  }
  const std::function<void(size_t)> evaluate = [&](size_t k) {
    const size_t i = to_filter[k];
    if (k > first_error.load()) {
      cut_short[i] = 1;
      return;
    }
    const NodeInfo& node = *nodes[i];
    std::vector<Status> failures;
    if (const auto& nominated = snapshot.nominated_pods(i); !nominated.empty()) {
      failures = filter_with_nominated_pods(state, pod, node, nominated, out.skipped_plugins, all_reasons);
    } else if (all_reasons) {
      failures = all_filters_on_node(state, pod, node, skipped);
    } else {
      Status status = filter_node(state, pod, node, skipped);
      if (!status.is_success()) failures.push_back(std::move(status));
    }
    if (std::any_of(failures.begin(), failures.end(), cancelled)) {
      cut_short[i] = 1;
      return;
    }
    if (std::any_of(failures.begin(), failures.end(), [](const Status& s) { return s.is_error(); })) errored(k);
    out.node_failures[i] = std::move(failures);
  };
  parallelizer_.until(to_filter.size(), evaluate);
  settle(evaluate);

  // The Diagnosis reads each node's first failure: the one kube-scheduler stops at.
  for (size_t i : to_filter) {
    if (out.node_failures[i].empty()) continue;
    const Status& first = out.node_failures[i].front();
    if (first.is_error()) {
      if (out.error.is_success()) out.error = first;
      continue;
    }
    add_plugin_status(out, first);
  }
  return out;
}

}  // namespace podfit
