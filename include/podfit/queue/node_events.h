// Which cluster events a node add or update raises, as kube-scheduler's node event handlers
// classify them (NodeSchedulingPropertiesChange): the queue only moves pods on these.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/model/node.h"

namespace podfit {

// fwk.ActionType: one bit per kind of change, so a plugin registers several at once.
using ActionType = uint32_t;
namespace action_types {
inline constexpr ActionType kAdd = 1u << 0;
inline constexpr ActionType kDelete = 1u << 1;
inline constexpr ActionType kUpdateNodeAllocatable = 1u << 2;
inline constexpr ActionType kUpdateNodeLabel = 1u << 3;
// Taints, and spec.unschedulable turning false (kube-scheduler has no action of its own for it).
inline constexpr ActionType kUpdateNodeTaint = 1u << 4;
inline constexpr ActionType kUpdateNodeCondition = 1u << 5;
inline constexpr ActionType kUpdateNodeAnnotation = 1u << 6;
inline constexpr ActionType kUpdateNodeDeclaredFeature = 1u << 7;
inline constexpr ActionType kUpdateNodePreemptionPolicy = 1u << 8;
// fwk.Update: every update action; the informers of ResourceClaims, ResourceSlices and
// DeviceClasses raise it whole.
inline constexpr ActionType kUpdate = kUpdateNodeAllocatable | kUpdateNodeLabel | kUpdateNodeTaint |
                                      kUpdateNodeCondition | kUpdateNodeAnnotation | kUpdateNodeDeclaredFeature |
                                      kUpdateNodePreemptionPolicy;
}  // namespace action_types

// ActionType.String() for one action ("UpdateNodeTaint"), "" for a combination.
std::string_view action_type_name(ActionType action);

// What about the node changed, one value per extractor (and Add), in kube-scheduler's order.
enum class NodeChange { Add, SpecUnschedulable, Allocatable, Label, Taint, Condition, Annotation, DeclaredFeature };

// One Node cluster event.
struct NodeEvent {
  NodeChange change = NodeChange::Add;
  ActionType action = action_types::kAdd;

  // podfit's name for the change, e.g. "NodeSpecUnschedulableChange", "NodeTaintChange", "NodeAdd"
  // (the labels kube-scheduler gave these events before they were derived from the action).
  std::string_view name() const;
  // ClusterEvent.Label(): resource + action, e.g. "NodeUpdateNodeTaint", "NodeAdd".
  std::string label() const;
  friend bool operator==(const NodeEvent&, const NodeEvent&) = default;
};

// The event addNodeToCache raises.
NodeEvent node_add_event();

// NodeSchedulingPropertiesChange: one event per changed property, in this order: spec.unschedulable
// turned false, allocatable, labels, taints, conditions (type -> status only, so heartbeats do not
// count), annotations, declared features. Empty when nothing the scheduler cares about changed.
std::vector<NodeEvent> node_scheduling_properties_change(const Node& new_node, const Node& old_node);

// The extractors, exposed for tests. Maps and lists compare as apimachinery's Semantic.DeepEqual
// does: quantities by value, an absent list equal to an empty one.
bool node_spec_unschedulable_cleared(const Node& new_node, const Node& old_node);
bool node_allocatable_changed(const Node& new_node, const Node& old_node);
bool node_labels_changed(const Node& new_node, const Node& old_node);
bool node_taints_changed(const Node& new_node, const Node& old_node);
bool node_conditions_changed(const Node& new_node, const Node& old_node);
bool node_annotations_changed(const Node& new_node, const Node& old_node);
bool node_declared_features_changed(const Node& new_node, const Node& old_node);

}  // namespace podfit
