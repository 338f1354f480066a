#include "podfit/queue/queueing_hints.h"

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/model/node_affinity.h"
#include "podfit/model/pod_resources.h"
#include "podfit/model/tolerations.h"
#include "podfit/plugins/node_affinity/node_affinity.h"
#include "podfit/plugins/node_resources/fit.h"
#include "podfit/plugins/pod_topology_spread/pod_topology_spread.h"
#include "podfit/plugins/taint_toleration.h"
#include "podfit/snapshot/node_info.h"
#include "podfit/snapshot/pod_info.h"
#include "podfit/snapshot/resource.h"
#include "podfit/util/strings.h"

namespace podfit {
namespace {

using namespace action_types;

constexpr ActionType kEveryAction = ~ActionType{0};

HintResult queue(std::string why) { return {QueueingHint::Queue, std::move(why)}; }
HintResult skip(std::string why) { return {QueueingHint::QueueSkip, std::move(why)}; }

// FitOptions as the hint builds them: pod-level resources and DRA extended resources only,
// with the cluster's DeviceClasses taking the extended resources they provide.
FitOptions hint_fit_options(const FeatureGates& gates, const dra::DeviceClassResolver* device_classes) {
  FitOptions options = FitOptions::from_gates(gates);
  options.in_place_pod_vertical_scaling_scheduler_preemption = false;
  if (device_classes != nullptr && !device_classes->empty()) {
    options.device_classes = [device_classes](std::string_view name) {
      return device_classes->device_class(name) != nullptr;
    };
  }
  return options;
}

// haveAnyRequestedResourcesIncreased: the pod slots, or the allocatable of a resource the pod
// requests, grew, or the pod requests a resource a DeviceClass provides. Returns why, or "".
std::string increased_requested_resource(const Pod& pod, const Node& old_node, const Node& new_node,
                                         const FitOptions& options) {
  const Resource request = compute_pod_resource_request(pod, options);
  const Resource before = Resource::from_list(old_node.status.allocatable);
  const Resource after = Resource::from_list(new_node.status.allocatable);
  auto grew = [](std::string_view name) { return "allocatable " + std::string(name) + " increased"; };
  if (after.allowed_pod_number > before.allowed_pod_number) return grew("pods");
  if (request.milli_cpu == 0 && request.memory == 0 && request.ephemeral_storage == 0 && request.scalar.empty()) {
    return "";
  }
  if (request.milli_cpu > 0 && after.milli_cpu > before.milli_cpu) return grew("cpu");
  if (request.memory > 0 && after.memory > before.memory) return grew("memory");
  if (request.ephemeral_storage > 0 && after.ephemeral_storage > before.ephemeral_storage) return grew("ephemeral-storage");
  const NodeInfo after_info(&new_node);
  for (const auto& [name, quantity] : request.scalar) {
    if (quantity == 0) continue;
    if (after.scalar_value(name) > before.scalar_value(name)) return grew(name);
    // DynamicResources decides whether such a resource is available now: any change may matter.
    if (delegated_to_dra(name, after_info, options)) {
      return "the pod requests " + name + ", which a DeviceClass provides through DynamicResources";
    }
  }
  return "";
}

HintResult node_resources_fit_hint(const Pod& pod, const Node* old_node, const Node& new_node,
                                   const FeatureGates& gates, const dra::DeviceClassResolver* device_classes) {
  if (gates.in_place_pod_vertical_scaling_scheduler_preemption && is_pod_resize_deferred(pod) &&
      new_node.metadata.name != pod.spec.node_name) {
    return skip("the pod waits for a resize on node " + pod.spec.node_name + ", not on this one");
  }
  const FitOptions options = hint_fit_options(gates, device_classes);
  const NodeInfo empty(&new_node);  // isFit: the node alone, without its pods
  const std::vector<InsufficientResource> missing = fits(pod, empty, options);
  if (!missing.empty()) {
    std::vector<std::string> lines;
    for (const auto& r : missing) lines.push_back(describe_insufficient_resource(r));
    return skip("even an empty node of this size cannot fit the pod (" + join(lines, "; ") + ")");
  }
  if (old_node == nullptr) return queue("the new node is large enough for the pod's requests");
  std::string grown = increased_requested_resource(pod, *old_node, new_node, options);
  if (grown.empty()) return skip("no allocatable resource the pod requests increased");
  return queue(std::move(grown));
}

HintResult node_affinity_hint(const Pod& pod, const Node* old_node, const Node& new_node,
                              const PluginContext& context) {
  if (const auto& args = context.node_affinity_args; args && args->added_affinity && args->added_affinity->required) {
    if (!NodeSelectorMatcher(*args->added_affinity->required).match(new_node)) {
      return skip("the node does not match the scheduler-enforced node affinity");
    }
  }
  const RequiredNodeAffinity required(pod);
  std::string error;
  const bool matches = required.match(new_node, &error);
  if (!error.empty()) return queue("the pod's node affinity does not parse (" + error + "), which counts as Queue");
  if (!matches) return skip("the node does not match the pod's node affinity/selector");
  if (old_node == nullptr) return queue("the new node matches the pod's node affinity/selector");
  const bool matched = required.match(*old_node, &error);
  if (!error.empty()) return queue("the pod's node affinity does not parse (" + error + "), which counts as Queue");
  if (matched) return skip("the node matched the pod's node affinity/selector before the change too");
  return queue("the node now matches the pod's node affinity/selector");
}

HintResult node_unschedulable_hint(const Node* old_node, const Node& new_node) {
  if (old_node != nullptr && old_node->spec.unschedulable && !new_node.spec.unschedulable) {
    return queue("the node was uncordoned");
  }
  if (old_node == nullptr && !new_node.spec.unschedulable) return queue("the new node is not cordoned");
  if (new_node.spec.unschedulable) return skip("the node is cordoned");
  return skip("the node was not cordoned before the change either");
}

HintResult taint_toleration_hint(const Pod& pod, const Node* old_node, const Node& new_node,
                                 const FeatureGates& gates) {
  const bool operators = gates.taint_toleration_comparison_operators;
  bool was_untolerated = true;
  if (old_node != nullptr) {
    was_untolerated = find_matching_untolerated_taint(old_node->spec.taints, pod.spec.tolerations,
                                                      is_do_not_schedule_taint, operators)
                          .has_value();
  }
  const auto untolerated =
      find_matching_untolerated_taint(new_node.spec.taints, pod.spec.tolerations, is_do_not_schedule_taint, operators);
  if (was_untolerated && !untolerated) return queue("every NoSchedule/NoExecute taint of the node is now tolerated");
  if (untolerated) return skip("taint " + format_taint(*untolerated) + " is not tolerated");
  return skip("the node's taints were already tolerated before the change");
}

// The pod's required terms of one kind, or nullopt when one does not parse (an error: Queue).
std::optional<std::vector<AffinityTerm>> required_terms(const Pod& pod, bool anti, const PodAffinityTerms& compiled) {
  const auto& affinity = pod.spec.affinity;
  const std::optional<PodAffinity>& declared = !affinity ? std::nullopt
                                               : anti    ? affinity->pod_anti_affinity
                                                         : affinity->pod_affinity;
  const auto& terms = anti ? compiled.required_anti_affinity : compiled.required_affinity;
  if (declared && declared->required.size() != terms.size()) return std::nullopt;
  return terms;
}

HintResult inter_pod_affinity_hint(const Pod& pod, const Node* old_node, const Node& new_node,
                                   const FeatureGates& gates) {
  const PodAffinityTerms compiled = compile_pod_affinity_terms(pod);
  const auto affinity = required_terms(pod, false, compiled);
  if (!affinity) return queue("the pod's affinity terms do not parse (" + compiled.error + "), which counts as Queue");
  const StringMap& labels = new_node.metadata.labels;
  if (!gates.changes.inter_pod_affinity_hint_compares_nodes) {
    // v1.32 looks at the updated node alone: any key of a term of the pod's queues it.
    for (const AffinityTerm& term : *affinity) {
      if (labels.find(term.topology_key)) return queue("the node has the pod affinity topology key " + term.topology_key);
    }
    const auto anti = required_terms(pod, true, compiled);
    if (!anti) return queue("the pod's anti-affinity terms do not parse (" + compiled.error + "), which counts as Queue");
    for (const AffinityTerm& term : *anti) {
      if (labels.find(term.topology_key)) {
        return queue("the node has the pod anti-affinity topology key " + term.topology_key);
      }
    }
    return skip("the node has no topology key of the pod's (anti-)affinity");
  }
  for (const AffinityTerm& term : *affinity) {
    const std::string* now = labels.find(term.topology_key);
    if (old_node == nullptr) {
      if (now) return queue("the new node has the pod affinity topology key " + term.topology_key);
      continue;
    }
    const std::string* before = old_node->metadata.labels.find(term.topology_key);
    if (!before && now) return queue("the node gained the pod affinity topology key " + term.topology_key);
    if (before && now && *before != *now) {
      return queue("the node moved to another " + term.topology_key + " domain of the pod's affinity");
    }
  }
  const auto anti = required_terms(pod, true, compiled);
  if (!anti) return queue("the pod's anti-affinity terms do not parse (" + compiled.error + "), which counts as Queue");
  for (const AffinityTerm& term : *anti) {
    if (old_node == nullptr) return queue("a node was added and the pod has pod anti-affinity");
    const std::string* before = old_node->metadata.labels.find(term.topology_key);
    const std::string* now = labels.find(term.topology_key);
    if (before && !now) return queue("the node lost the pod anti-affinity topology key " + term.topology_key);
    if (before && now && *before != *now) {
      return queue("the node moved to another " + term.topology_key + " domain of the pod's anti-affinity");
    }
  }
  return skip("no topology key of the pod's (anti-)affinity changed on the node");
}

// nodeLabelsMatchSpreadConstraints: the node has every constraint's topology key.
bool has_every_topology_key(const StringMap& labels, const std::vector<SpreadConstraint>& constraints) {
  for (const SpreadConstraint& c : constraints) {
    if (!labels.contains(c.topology_key)) return false;
  }
  return true;
}

bool same_taints(const std::vector<Taint>& a, const std::vector<Taint>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].key != b[i].key || a[i].value != b[i].value || a[i].effect != b[i].effect ||
        a[i].time_added != b[i].time_added) {
      return false;
    }
  }
  return true;
}

HintResult pod_topology_spread_hint(const Pod& pod, const Node* old_node, const Node& new_node,
                                    const PluginContext& context) {
  const PodTopologySpreadPlugin plugin(
      context.pod_topology_spread_args ? *context.pod_topology_spread_args : PodTopologySpreadArgs{}, context.gates);
  std::string error;
  const auto constraints = plugin.hard_constraints(pod, &error);
  if (!constraints) return queue("the pod's spread constraints do not parse (" + error + "), which counts as Queue");
  const bool now = has_every_topology_key(new_node.metadata.labels, *constraints);
  if (old_node == nullptr) {
    if (now) return queue("the new node has every topology key of the pod's spread constraints");
    return skip("the new node lacks a topology key of the pod's spread constraints");
  }
  const bool before = has_every_topology_key(old_node->metadata.labels, *constraints);
  if (before != now) {
    return queue(now ? "the node gained the topology keys of the pod's spread constraints"
                     : "the node lost a topology key of the pod's spread constraints");
  }
  if (now) {
    for (const SpreadConstraint& c : *constraints) {
      const std::string* a = old_node->metadata.labels.find(c.topology_key);
      const std::string* b = new_node.metadata.labels.find(c.topology_key);
      if ((a ? *a : "") != (b ? *b : "")) return queue("the node's " + c.topology_key + " label changed");
    }
    if (!same_taints(old_node->spec.taints, new_node.spec.taints)) return queue("the node's taints changed");
  }
  return skip("the change does not touch the pod's spread constraints");
}

HintResult node_declared_features_hint(const Node* old_node, const Node& new_node) {
  if (old_node != nullptr && old_node->status.declared_features == new_node.status.declared_features) {
    return skip("the node's declared features did not change");
  }
  return queue(old_node == nullptr ? "a node was added" : "the node's declared features changed");
}

}  // namespace

std::string_view queueing_hint_name(QueueingHint hint) { return hint == QueueingHint::Queue ? "Queue" : "QueueSkip"; }

std::string_view queueing_strategy_name(QueueingStrategy strategy) {
  switch (strategy) {
    case QueueingStrategy::QueueSkip: return "QueueSkip";
    case QueueingStrategy::QueueAfterBackoff: return "QueueAfterBackoff";
    case QueueingStrategy::QueueImmediately: return "QueueImmediately";
  }
  return "";
}

EventRegistration unknown_plugin_registration() { return {kEveryAction, false}; }

namespace {

EventRegistration plugin_node_registration(std::string_view plugin, const FeatureGates& gates) {
  if (plugin == names::kNodeResourcesFit) return {kAdd | kUpdateNodeAllocatable, true};
  if (plugin == names::kNodeAffinity) return {kAdd | kUpdateNodeLabel, true};
  if (plugin == names::kNodeName) return {kAdd, false};
  if (plugin == names::kNodePorts) return {kAdd, false};
  if (plugin == names::kNodeUnschedulable) return {kAdd | kUpdateNodeTaint, true};
  if (plugin == names::kTaintToleration) return {kAdd | kUpdateNodeTaint, true};
  if (plugin == names::kInterPodAffinity) return {kAdd | kUpdateNodeLabel, true};
  if (plugin == names::kPodTopologySpread) return {kAdd | kDelete | kUpdateNodeLabel | kUpdateNodeTaint, true};
  if (plugin == names::kVolumeBinding) return {kAdd | kUpdateNodeLabel, false};
  if (plugin == names::kVolumeZone) return {kAdd | kUpdateNodeLabel, false};
  // Any added node may be free of the pods whose volumes conflict with the pod's: no hint.
  if (plugin == names::kVolumeRestrictions) return {kAdd, false};
  // SchedulingGates waits for its gates to be removed from the pod (a Pod event) only.
  if (plugin == names::kNodeVolumeLimits || plugin == names::kSchedulingGates) {
    return {0, false};
  }
  if (plugin == names::kDynamicResources) {
    if (!gates.dynamic_resource_allocation) return {0, false};
    return {kAdd | kUpdateNodeLabel | (gates.changes.dra_registers_node_allocatable ? kUpdateNodeAllocatable : 0), false};
  }
  if (plugin == names::kNodeDeclaredFeatures) {
    if (!gates.node_declared_features) return {0, false};
    return {kAdd | kUpdateNodeDeclaredFeature, true};
  }
  return unknown_plugin_registration();
}

}  // namespace

EventRegistration node_event_registration(std::string_view plugin, const FeatureGates& gates) {
  EventRegistration r = plugin_node_registration(plugin, gates);
  // Before v1.37 the queue registers UpdateNodeTaint, always Queue, for a plugin that registers
  // Node Add without it: preCheck could hide an added node from it.
  if (!gates.changes.no_taint_update_for_node_add && (r.actions & kAdd) && !(r.actions & kUpdateNodeTaint) &&
      r.actions != ~ActionType{0}) {
    r.actions |= kUpdateNodeTaint;
    if (r.has_hint) r.unhinted |= kUpdateNodeTaint;
  }
  return r;
}

HintResult node_queueing_hint(std::string_view plugin, const Pod& pod, const Node* old_node, const Node& new_node,
                              const PluginContext& context, const dra::DeviceClassResolver* device_classes) {
  const FeatureGates& gates = context.gates;
  if (plugin == names::kNodeResourcesFit) return node_resources_fit_hint(pod, old_node, new_node, gates, device_classes);
  if (plugin == names::kNodeAffinity) return node_affinity_hint(pod, old_node, new_node, context);
  if (plugin == names::kNodeUnschedulable) return node_unschedulable_hint(old_node, new_node);
  if (plugin == names::kTaintToleration) return taint_toleration_hint(pod, old_node, new_node, gates);
  if (plugin == names::kInterPodAffinity) return inter_pod_affinity_hint(pod, old_node, new_node, gates);
  if (plugin == names::kPodTopologySpread) return pod_topology_spread_hint(pod, old_node, new_node, context);
  if (plugin == names::kNodeDeclaredFeatures) return node_declared_features_hint(old_node, new_node);
  return queue(std::string(plugin) + " registers the event without a hint, so it always means Queue");
}

QueueEvent node_queue_event(const NodeEvent& event, const Node* old_node, const Node& new_node,
                            const PluginContext& context, const dra::DeviceClassResolver* device_classes) {
  return QueueEvent{
      event.label(), event.action,
      [&context](std::string_view plugin) { return node_event_registration(plugin, context.gates); },
      [old_node, &new_node, &context, device_classes](std::string_view plugin, const Pod& pod) {
        return node_queueing_hint(plugin, pod, old_node, new_node, context, device_classes);
      },
      {}};
}

RequeueDecision is_pod_worth_requeuing(const std::vector<std::string>& rejectors,
                                       const std::set<std::string>& pending_plugins, const Pod& pod,
                                       const QueueEvent& event) {
  RequeueDecision decision;
  if (rejectors.empty()) {
    // The last attempt failed with an Error: no plugin to ask, any event retries it (the queue
    // holds such a pod in backoff, outside the pool PreQueueingHints narrow).
    decision.strategy = QueueingStrategy::QueueAfterBackoff;
    return decision;
  }
  if (event.passes_over) {
    if (std::optional<std::string> why = event.passes_over(pod)) {
      decision.hints.push_back({"DynamicResources", false, std::nullopt, std::move(*why)});
      return decision;
    }
  }
  for (const std::string& plugin : rejectors) {
    PluginHint& part = decision.hints.emplace_back();
    part.plugin = plugin;
    const EventRegistration registration = event.registration(plugin);
    if ((registration.actions & event.action) == 0) {
      part.why = fmt::format("{} does not register {}", plugin, event.label);
      continue;
    }
    part.registered = true;
    HintResult result =
        (registration.unhinted & event.action) != 0
            ? queue(plugin + " registers Node Add, so the queue registers " + event.label +
                    " for it without a hint (before v1.37), which always means Queue")
        : registration.has_hint ? event.hint(plugin, pod)
                                : queue(plugin + " registers the event without a hint, so it always means Queue");
    part.hint = result.hint;
    part.why = std::move(result.why);
    if (result.hint == QueueingHint::QueueSkip) continue;
    if (pending_plugins.count(plugin)) {
      decision.strategy = QueueingStrategy::QueueImmediately;
    } else if (decision.strategy == QueueingStrategy::QueueSkip) {
      decision.strategy = QueueingStrategy::QueueAfterBackoff;
    }
  }
  return decision;
}

RequeueDecision is_pod_worth_requeuing(const Pod& pod, const std::vector<std::string>& rejectors,
                                       const std::set<std::string>& pending_plugins, const NodeEvent& event,
                                       const Node* old_node, const Node& new_node, const PluginContext& context) {
  return is_pod_worth_requeuing(rejectors, pending_plugins, pod, node_queue_event(event, old_node, new_node, context));
}

}  // namespace podfit
