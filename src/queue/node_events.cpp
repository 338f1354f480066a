#include "podfit/queue/node_events.h"

#include <map>

namespace podfit {
namespace {

bool same_taint(const Taint& a, const Taint& b) {
  return a.key == b.key && a.value == b.value && a.effect == b.effect && a.time_added == b.time_added;
}

// Conditions reduced to type -> status (a later duplicate type wins, as a Go map assignment does).
std::map<std::string, std::string> condition_statuses(const std::vector<NodeCondition>& conditions) {
  std::map<std::string, std::string> out;
  for (const NodeCondition& c : conditions) out[c.type] = c.status;
  return out;
}

}  // namespace

std::string_view action_type_name(ActionType action) {
  switch (action) {
    case action_types::kAdd: return "Add";
    case action_types::kDelete: return "Delete";
    case action_types::kUpdateNodeAllocatable: return "UpdateNodeAllocatable";
    case action_types::kUpdateNodeLabel: return "UpdateNodeLabel";
    case action_types::kUpdateNodeTaint: return "UpdateNodeTaint";
    case action_types::kUpdateNodeCondition: return "UpdateNodeCondition";
    case action_types::kUpdateNodeAnnotation: return "UpdateNodeAnnotation";
    case action_types::kUpdateNodeDeclaredFeature: return "UpdateNodeDeclaredFeature";
    case action_types::kUpdateNodePreemptionPolicy: return "UpdateNodePreemptionPolicy";
    case action_types::kUpdate: return "Update";
    default: return "";
  }
}

std::string_view NodeEvent::name() const {
  switch (change) {
    case NodeChange::Add: return "NodeAdd";
    case NodeChange::SpecUnschedulable: return "NodeSpecUnschedulableChange";
    case NodeChange::Allocatable: return "NodeAllocatableChange";
    case NodeChange::Label: return "NodeLabelChange";
    case NodeChange::Taint: return "NodeTaintChange";
    case NodeChange::Condition: return "NodeConditionChange";
    case NodeChange::Annotation: return "NodeAnnotationChange";
    case NodeChange::DeclaredFeature: return "NodeDeclaredFeatureChange";
  }
  return "";
}

std::string NodeEvent::label() const { return "Node" + std::string(action_type_name(action)); }

NodeEvent node_add_event() { return NodeEvent{NodeChange::Add, action_types::kAdd}; }

bool node_spec_unschedulable_cleared(const Node& new_node, const Node& old_node) {
  return new_node.spec.unschedulable != old_node.spec.unschedulable && !new_node.spec.unschedulable;
}

bool node_allocatable_changed(const Node& new_node, const Node& old_node) {
  // FlatMap equality compares the quantities by value ("1000m" equals "1").
  return !(new_node.status.allocatable == old_node.status.allocatable);
}

bool node_labels_changed(const Node& new_node, const Node& old_node) {
  return !(new_node.metadata.labels == old_node.metadata.labels);
}

bool node_taints_changed(const Node& new_node, const Node& old_node) {
  const auto& a = new_node.spec.taints;
  const auto& b = old_node.spec.taints;
  if (a.size() != b.size()) return true;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!same_taint(a[i], b[i])) return true;
  }
  return false;
}

bool node_conditions_changed(const Node& new_node, const Node& old_node) {
  return condition_statuses(new_node.status.conditions) != condition_statuses(old_node.status.conditions);
}

bool node_annotations_changed(const Node& new_node, const Node& old_node) {
  return !(new_node.metadata.annotations == old_node.metadata.annotations);
}

bool node_declared_features_changed(const Node& new_node, const Node& old_node) {
  return new_node.status.declared_features != old_node.status.declared_features;
}

std::vector<NodeEvent> node_scheduling_properties_change(const Node& new_node, const Node& old_node) {
  struct Extractor {
    bool (*changed)(const Node&, const Node&);
    NodeEvent event;
  };
  static const Extractor kExtractors[] = {
      {node_spec_unschedulable_cleared, {NodeChange::SpecUnschedulable, action_types::kUpdateNodeTaint}},
      {node_allocatable_changed, {NodeChange::Allocatable, action_types::kUpdateNodeAllocatable}},
      {node_labels_changed, {NodeChange::Label, action_types::kUpdateNodeLabel}},
      {node_taints_changed, {NodeChange::Taint, action_types::kUpdateNodeTaint}},
      {node_conditions_changed, {NodeChange::Condition, action_types::kUpdateNodeCondition}},
      {node_annotations_changed, {NodeChange::Annotation, action_types::kUpdateNodeAnnotation}},
      {node_declared_features_changed, {NodeChange::DeclaredFeature, action_types::kUpdateNodeDeclaredFeature}},
  };
  std::vector<NodeEvent> events;
  for (const Extractor& e : kExtractors) {
    if (e.changed(new_node, old_node)) events.push_back(e.event);
  }
  return events;
}

}  // namespace podfit
