// What the API server's validations share: locating a field's line, and the label rules of
// apimachinery's unversioned validation (label names, label maps, label and node selectors).
#include <fmt/format.h>

#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "validation/api_release.h"
#include "validation/named_string_value.h"
#include "validation/qualified_name.h"
#include "validation/stored_object.h"
#include "validation/validate.h"

namespace podfit {
namespace {

int line_below(const Value& v, const PathStep* step, const PathStep* end) {
  if (step == end) return v.line();
  int line = v.line();
  if (const auto* key = std::get_if<std::string_view>(step)) {
    bool found = false;
    v.fields([&](std::string_view k, const Value& child) {
      if (!found && k == *key) {
        found = true;
        line = line_below(child, step + 1, end);
      }
    });
  } else {
    size_t wanted = std::get<size_t>(*step);
    size_t i = 0;
    v.elements([&](const Value& child) {
      if (i++ == wanted) line = line_below(child, step + 1, end);
    });
  }
  return line;
}

}  // namespace

int line_at(const Value& v, std::initializer_list<PathStep> steps) {
  return line_below(v, steps.begin(), steps.end());
}

void reject(const Value& v, std::initializer_list<PathStep> steps, const std::string& message) {
  throw DecodeError{message, line_at(v, steps)};
}

std::string path_of(const Value& v, std::string_view relative) {
  std::string path = v.path();
  if (relative.empty()) return path;
  if (path.empty()) return std::string(relative);
  // An index or key step joins without a dot, as field.Path prints it.
  if (relative.front() == '[') return path + std::string(relative);
  return fmt::format("{}.{}", path, relative);
}

std::string joined(const std::vector<std::string>& messages) {
  std::string out;
  for (const std::string& m : messages) {
    if (!out.empty()) out += ';';
    out += m;
  }
  return out;
}

void validate_label_name(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view name) {
  std::vector<std::string> errors = qualified_name_errors(name);
  if (!errors.empty()) reject(v, steps, field::invalid(path(), field::go_quote(name), errors.front()));
}

void validate_labels(const Value& v, const StringMap& labels) {
  validate_labels(v, labels, [&] { return v.path(); });
}

void validate_labels(const Value& v, const StringMap& labels, PathFn path) {
  for (const auto& [key, value] : labels) {
    validate_label_name(v, {std::string_view(key)}, path, key);
    std::vector<std::string> errors = released_label_value_errors(value);
    if (!errors.empty()) {
      reject(v, {std::string_view(key)}, field::invalid(path(), field::go_quote(value), errors.front()));
    }
  }
}

void validate_label_selector(const Value& v, const LabelSelector& selector) {
  if (!selector.match_labels.empty()) {
    v.fields([&](std::string_view key, const Value& f) {
      if (key == "matchLabels") validate_labels(f, selector.match_labels);
    });
  }
  for (size_t i = 0; i < selector.match_expressions.size(); ++i) {
    const LabelSelectorRequirement& r = selector.match_expressions[i];
    auto base = [&] { return path_of(v, fmt::format("matchExpressions[{}]", i)); };
    std::initializer_list<PathStep> at = {"matchExpressions", i};
    if (r.op == "In" || r.op == "NotIn") {
      if (r.values.empty()) {
        reject(v, at, field::required(base() + ".values", "must be specified when `operator` is 'In' or 'NotIn'"));
      }
    } else if (r.op == "Exists" || r.op == "DoesNotExist") {
      if (!r.values.empty()) {
        reject(v, at,
               field::forbidden(base() + ".values",
                                "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      }
    } else {
      reject(v, {"matchExpressions", i, "operator"},
             field::invalid(base() + ".operator", named_string_value(r.op), "not a valid selector operator"));
    }
    validate_label_name(v, {"matchExpressions", i, "key"}, [&] { return base() + ".key"; }, r.key);
    for (size_t j = 0; j < r.values.size(); ++j) {
      std::vector<std::string> errors = released_label_value_errors(r.values[j]);
      if (!errors.empty()) {
        reject(v, {"matchExpressions", i, "values", j},
               field::invalid(fmt::format("{}.values[{}]", base(), j), field::go_quote(r.values[j]), errors.front()));
      }
    }
  }
}

void validate_required_node_selector(const Value& v, const NodeSelector& selector) {
  if (selector.node_selector_terms.empty()) {
    reject(v, {"nodeSelectorTerms"},
           field::required(path_of(v, "nodeSelectorTerms"), "must have at least one node selector term"));
  }
  // Label values are checked from v1.33 only (see ReleaseChanges).
  if (!api_release_changes().required_node_affinity_label_values_checked) return;
  for (size_t i = 0; i < selector.node_selector_terms.size(); ++i) {
    const auto& expressions = selector.node_selector_terms[i].match_expressions;
    for (size_t j = 0; j < expressions.size(); ++j) {
      const auto& values = expressions[j].values;
      for (size_t k = 0; k < values.size(); ++k) {
        std::vector<std::string> errors = released_label_value_errors(values[k]);
        if (errors.empty()) continue;
        std::string path =
            path_of(v, fmt::format("nodeSelectorTerms[{}].matchExpressions[{}].values[{}]", i, j, k));
        // The rule ratchets: a stored pod or volume keeps the value (and matches no node by it).
        reject_unless_stored(v, {"nodeSelectorTerms", i, "matchExpressions", j, "values", k},
                             field::invalid(path, field::go_quote(values[k]), errors.front()));
      }
    }
  }
}

}  // namespace podfit
