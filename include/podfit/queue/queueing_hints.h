// Queueing hints: since SchedulerQueueingHints (on by default from v1.32, the only behaviour
// from v1.34) each plugin that rejected a pod decides whether a cluster event may make it
// schedulable. These are the Node events the default Filter plugins register and their
// isSchedulableAfterNode* hints, plus the queue's isPodWorthRequeuing that combines them.
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/dra/device_class_resolver.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/framework/registry.h"
#include "podfit/model/node.h"
#include "podfit/model/pod.h"
#include "podfit/queue/node_events.h"

namespace podfit {

// fwk.QueueingHint.
enum class QueueingHint { QueueSkip, Queue };
std::string_view queueing_hint_name(QueueingHint hint);

// The queue's queueingStrategy for a pod after an event.
enum class QueueingStrategy { QueueSkip, QueueAfterBackoff, QueueImmediately };
std::string_view queueing_strategy_name(QueueingStrategy strategy);

// What a plugin's EventsToRegister says about one kind of object.
struct EventRegistration {
  // The actions registered (0: the plugin never reacts to this kind). A plugin podfit does
  // not know is taken to register every event, as a plugin without EnqueueExtensions is.
  ActionType actions = 0;
  // A QueueingHintFn is registered; without one every matching event means Queue.
  bool has_hint = false;
  // Actions registered without the plugin's hint (the queue's own addition before v1.37).
  ActionType unhinted = 0;
};
EventRegistration node_event_registration(std::string_view plugin, const FeatureGates& gates);
// The registration of a plugin podfit does not know: every event, without a hint.
EventRegistration unknown_plugin_registration();

// One hint and podfit's one-line explanation of it.
struct HintResult {
  QueueingHint hint = QueueingHint::Queue;
  std::string why;
};

// The plugin's QueueingHintFn for a Node event (`old_node` is nullptr for Add), or Queue when
// it registers none. A hint that ends in an error counts as Queue, as the queue treats it. The
// context's plugin args count (NodeAffinity's addedAffinity, PodTopologySpread's defaults);
// `device_classes` are the cluster's, which take extended resources over from NodeResourcesFit.
HintResult node_queueing_hint(std::string_view plugin, const Pod& pod, const Node* old_node, const Node& new_node,
                              const PluginContext& context,
                              const dra::DeviceClassResolver* device_classes = nullptr);

// One plugin's part in a requeue decision.
struct PluginHint {
  std::string plugin;
  bool registered = false;           // the plugin registers this event
  std::optional<QueueingHint> hint;  // its hint when registered
  std::string why;
};

// isPodWorthRequeuing's answer for one event, with each rejecting plugin's part.
struct RequeueDecision {
  QueueingStrategy strategy = QueueingStrategy::QueueSkip;
  std::vector<PluginHint> hints;  // one per rejecting plugin, in the order given
};

// One cluster event as the queue puts it to the rejecting plugins.
struct QueueEvent {
  std::string label;  // ClusterEvent.Label(), e.g. "NodeUpdateNodeTaint", "resource.k8s.io/ResourceClaimUpdate"
  ActionType action = 0;
  std::function<EventRegistration(std::string_view plugin)> registration;
  // The plugin's QueueingHintFn for the pod (asked only when it registers one).
  std::function<HintResult(std::string_view plugin, const Pod& pod)> hint;
  // Set when a PreQueueingHint narrows the event to some pods: why another pod is not evaluated.
  std::function<std::optional<std::string>(const Pod& pod)> passes_over;
};

// A Node event for the queue, asking node_event_registration and node_queueing_hint; the
// referenced nodes and context must outlive it.
QueueEvent node_queue_event(const NodeEvent& event, const Node* old_node, const Node& new_node,
                            const PluginContext& context,
                            const dra::DeviceClassResolver* device_classes = nullptr);

// isPodWorthRequeuing for any event; the Node overload below asks node_queue_event's.
RequeueDecision is_pod_worth_requeuing(const std::vector<std::string>& rejectors,
                                       const std::set<std::string>& pending_plugins, const Pod& pod,
                                       const QueueEvent& event);

// isPodWorthRequeuing: no rejecting plugin (the attempt ended in an Error) -> QueueAfterBackoff;
// otherwise the hints of the rejecting plugins that register the event: a Queue from a Pending
// plugin -> QueueImmediately, from an Unschedulable one -> QueueAfterBackoff, none -> QueueSkip.
// `rejectors` lists the unschedulable and pending plugins in the order to report them.
RequeueDecision is_pod_worth_requeuing(const Pod& pod, const std::vector<std::string>& rejectors,
                                       const std::set<std::string>& pending_plugins, const NodeEvent& event,
                                       const Node* old_node, const Node& new_node, const PluginContext& context);

}  // namespace podfit
