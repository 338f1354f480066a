#include "podfit/model/node_affinity.h"

#include <utility>

#include "podfit/model/field_errors.h"
#include "podfit/model/labels.h"

namespace podfit {
namespace {

constexpr std::string_view kNodeNameField = "metadata.name";

// One matchFields requirement: the field must (or must not) equal the value.
struct FieldRequirement {
  std::string field;
  bool equal = true;
  std::string value;
};

// A parsed NodeSelectorTerm: nodeaffinity's nodeSelectorTerm.
struct CompiledTerm {
  int index = 0;                          // position among the selector's terms
  std::optional<Selector> labels;         // present when matchExpressions is non-empty
  std::optional<std::vector<FieldRequirement>> fields;  // present when matchFields is non-empty
  std::vector<std::string> errors;        // parse errors; a term with any never matches
};

bool is_empty_term(const NodeSelectorTerm& term) {
  return term.match_expressions.empty() && term.match_fields.empty();
}

// nodeSelectorRequirementsAsSelector: every requirement validated as labels.NewRequirement does.
Selector compile_expressions(const std::vector<NodeSelectorRequirement>& requirements, const std::string& path,
                             std::vector<std::string>* errors) {
  static const std::vector<std::string> kSupported = {"In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"};
  std::vector<Selector::Requirement> compiled_requirements;
  compiled_requirements.reserve(requirements.size());
  for (size_t i = 0; i < requirements.size(); ++i) {
    const auto& requirement = requirements[i];
    const std::string requirement_path = field::index(path, i);
    Selector::Op op;
    if (requirement.op == "In") {
      op = Selector::Op::In;
    } else if (requirement.op == "NotIn") {
      op = Selector::Op::NotIn;
    } else if (requirement.op == "Exists") {
      op = Selector::Op::Exists;
    } else if (requirement.op == "DoesNotExist") {
      op = Selector::Op::DoesNotExist;
    } else if (requirement.op == "Gt") {
      op = Selector::Op::GreaterThan;
    } else if (requirement.op == "Lt") {
      op = Selector::Op::LessThan;
    } else {
      errors->push_back(field::not_supported(field::child(requirement_path, "operator"),
                                             field::json_quote(requirement.op), kSupported));
      continue;
    }
    if (auto compiled = new_requirement(requirement.key, op, requirement.values, errors, requirement_path)) {
      compiled_requirements.push_back(std::move(*compiled));
    }
  }
  Selector selector;
  selector.add(std::move(compiled_requirements));
  return selector;
}

// nodeSelectorRequirementsAsFieldSelector: In and NotIn with exactly one value each.
std::vector<FieldRequirement> compile_fields(const std::vector<NodeSelectorRequirement>& requirements,
                                             const std::string& path, std::vector<std::string>* errors) {
  static const std::vector<std::string> kSupported = {"In", "NotIn"};
  std::vector<FieldRequirement> fields;
  for (size_t i = 0; i < requirements.size(); ++i) {
    const auto& requirement = requirements[i];
    const std::string requirement_path = field::index(path, i);
    if (requirement.op == "In" || requirement.op == "NotIn") {
      if (requirement.values.size() != 1) {
        errors->push_back(field::invalid(field::child(requirement_path, "values"), field::json_list(requirement.values),
                                         "must have one element"));
      } else {
        fields.push_back(FieldRequirement{requirement.key, requirement.op == "In", requirement.values.front()});
      }
    } else {
      errors->push_back(field::not_supported(field::child(requirement_path, "operator"),
                                             field::json_quote(requirement.op), kSupported));
    }
  }
  return fields;
}

CompiledTerm compile_term(const NodeSelectorTerm& term, int index, const std::string& path) {
  CompiledTerm compiled;
  compiled.index = index;
  if (!term.match_expressions.empty()) {
    compiled.labels = compile_expressions(term.match_expressions, field::child(path, "matchExpressions"),
                                          &compiled.errors);
  }
  if (!term.match_fields.empty()) {
    compiled.fields = compile_fields(term.match_fields, field::child(path, "matchFields"), &compiled.errors);
  }
  return compiled;
}

// nodeSelectorTerm.match. The node's only field is metadata.name, present when non-empty; a
// missing field reads as "".
bool term_matches(const CompiledTerm& term, const StringMap& labels, std::string_view node_name) {
  if (!term.errors.empty()) return false;
  if (term.labels && !term.labels->matches(labels)) return false;
  if (term.fields && !node_name.empty()) {
    for (const auto& requirement : *term.fields) {
      std::string_view actual = requirement.field == kNodeNameField ? node_name : std::string_view();
      if ((actual == requirement.value) != requirement.equal) return false;
    }
  }
  return true;
}

}  // namespace

struct NodeSelectorMatcher::Compiled : CompiledTerm {
  explicit Compiled(CompiledTerm term) : CompiledTerm(std::move(term)) {}
};

struct PreferredSchedulingTerms::Weighted : CompiledTerm {
  Weighted(CompiledTerm term, int32_t w) : CompiledTerm(std::move(term)), weight(w) {}
  int32_t weight;
};

NodeSelectorMatcher::NodeSelectorMatcher(const NodeSelector& selector, std::string_view path) {
  const std::string terms_path = field::child(path, "nodeSelectorTerms");
  std::vector<std::string> errors;
  for (size_t i = 0; i < selector.node_selector_terms.size(); ++i) {
    const auto& term = selector.node_selector_terms[i];
    if (is_empty_term(term)) continue;  // an empty term selects nothing
    auto compiled = std::make_shared<const Compiled>(
        compile_term(term, static_cast<int>(i), field::index(terms_path, i)));
    errors.insert(errors.end(), compiled->errors.begin(), compiled->errors.end());
    terms_.push_back(std::move(compiled));
  }
  if (!errors.empty()) error_ = field::aggregate(errors);
}

bool NodeSelectorMatcher::match(const StringMap& labels, std::string_view node_name) const {
  for (const auto& term : terms_) {
    if (term_matches(*term, labels, node_name)) return true;
  }
  return false;
}

bool NodeSelectorMatcher::match(const StringMap& labels, std::string_view node_name, std::string* error) const {
  if (match(labels, node_name)) return true;
  // Term errors do not depend on the node: when nothing matched they are all the errors there are.
  if (error && error_) *error = *error_;
  return false;
}

int NodeSelectorMatcher::matching_term(const Node& node) const {
  for (const auto& term : terms_) {
    if (term_matches(*term, node.metadata.labels, node.metadata.name)) return term->index;
  }
  return -1;
}

bool match_node_selector_terms(const Node& node, const NodeSelector& selector, std::string* error) {
  return NodeSelectorMatcher(selector).match(node.metadata.labels, node.metadata.name, error);
}

RequiredNodeAffinity::RequiredNodeAffinity(const Pod& pod)
    : RequiredNodeAffinity(pod.spec.node_selector, pod.spec.affinity) {}

RequiredNodeAffinity::RequiredNodeAffinity(const StringMap& node_selector, const std::optional<Affinity>& affinity)
    : node_selector_(node_selector) {
  if (affinity && affinity->node_affinity && affinity->node_affinity->required) {
    required_.emplace(*affinity->node_affinity->required);
  }
}

bool RequiredNodeAffinity::match(const Node& node, std::string* error) const {
  // pod.spec.nodeSelector is labels.SelectorFromSet: every entry must be present and equal.
  for (const auto& [key, value] : node_selector_) {
    const std::string* actual = node.metadata.labels.find(key);
    if (actual == nullptr || *actual != value) return false;
  }
  if (required_) return required_->match(node.metadata.labels, node.metadata.name, error);
  return true;
}

PreferredSchedulingTerms::PreferredSchedulingTerms(const std::vector<PreferredSchedulingTerm>& terms,
                                                   std::string_view path) {
  std::vector<std::string> errors;
  for (size_t i = 0; i < terms.size(); ++i) {
    const auto& term = terms[i];
    if (term.weight == 0 || is_empty_term(term.preference)) continue;
    auto compiled = compile_term(term.preference, static_cast<int>(i), field::index(path, i));
    if (!compiled.errors.empty()) {
      errors.insert(errors.end(), compiled.errors.begin(), compiled.errors.end());
      continue;
    }
    terms_.push_back(std::make_shared<const Weighted>(std::move(compiled), term.weight));
  }
  if (!errors.empty()) {
    error_ = field::aggregate(errors);
    terms_.clear();
  }
}

int64_t PreferredSchedulingTerms::score(const Node& node) const {
  int64_t total = 0;
  for (const auto& term : terms_) {
    if (term_matches(*term, node.metadata.labels, node.metadata.name)) total += term->weight;
  }
  return total;
}

}  // namespace podfit
