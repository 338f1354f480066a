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
};

// Requirements are ANDed; a term with neither list matches no node.
struct NodeSelectorTerm {
  std::vector<NodeSelectorRequirement> match_expressions;
  std::vector<NodeSelectorRequirement> match_fields;
};

// Terms are ORed.
struct NodeSelector {
  std::vector<NodeSelectorTerm> node_selector_terms;
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
