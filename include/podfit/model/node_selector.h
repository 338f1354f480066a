// v1.NodeSelector and friends: required and preferred node affinity.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace podfit {

// Operator is In, NotIn, Exists, DoesNotExist, Gt or Lt.
struct NodeSelectorRequirement {
  std::string key;
  std::string op;
  std::vector<std::string> values;
  friend bool operator==(const NodeSelectorRequirement&, const NodeSelectorRequirement&) = default;
};

// Requirements are ANDed; a term with neither list matches no node.
struct NodeSelectorTerm {
  std::vector<NodeSelectorRequirement> match_expressions;
  std::vector<NodeSelectorRequirement> match_fields;
  friend bool operator==(const NodeSelectorTerm&, const NodeSelectorTerm&) = default;
};

// Terms are ORed.
struct NodeSelector {
  std::vector<NodeSelectorTerm> node_selector_terms;
  friend bool operator==(const NodeSelector&, const NodeSelector&) = default;
};

struct PreferredSchedulingTerm {
  int32_t weight = 0;
  NodeSelectorTerm preference;
};

struct NodeAffinity {
  std::optional<NodeSelector> required;  // requiredDuringSchedulingIgnoredDuringExecution
  std::vector<PreferredSchedulingTerm> preferred;
};

}  // namespace podfit
