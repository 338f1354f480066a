// The API server's validation of a PodDisruptionBudget being created: ValidatePodDisruptionBudgetSpec
// of pkg/apis/policy/validation (the same rules in v1.32 to v1.37), run on the spec as the create
// strategy (the v1 conversion before v1.37) leaves it. The rules are the same in every release; how
// field.Error prints a bad intstr.IntOrString is not (see percent_value).
#include <fmt/format.h>

#include <algorithm>

#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "validation/api_release.h"
#include "validation/named_string_value.h"
#include "validation/policy/disruption_budget.h"
#include "validation/validate.h"

namespace podfit {
namespace {

// The label key policy.NonV1beta1MatchNoneSelector and V1beta1MatchAllSelector are made of.
constexpr std::string_view kV1beta1SelectorLabel = "pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match";

// encoding/json of an intstr.IntOrString: the number, or the string quoted.
std::string json_int_or_string(const IntOrString& v) {
  return v.is_string ? field::json_quote(v.text) : std::to_string(v.number);
}

// A bad percent as field.Error prints its intstr.IntOrString: JSON from v1.34, fmt's %#v of the
// struct before (String has a pointer receiver, so the value is no Stringer; Type 1 is a string).
std::string percent_value(const std::string& text) {
  if (api_release_changes().field_error_values_as_json) return field::json_quote(text);
  return fmt::format("intstr.IntOrString{{Type:1, IntVal:0, StrVal:{}}}", field::go_quote(text));
}

// encoding/json of a metav1.LabelSelector: its JSON names, empty members left out.
std::string json_selector(const LabelSelector& s) {
  std::string out = "{";
  if (!s.match_labels.empty()) out += "\"matchLabels\":" + field::json_map(s.match_labels);
  if (!s.match_expressions.empty()) {
    if (out.size() > 1) out += ',';
    out += "\"matchExpressions\":[";
    for (size_t i = 0; i < s.match_expressions.size(); ++i) {
      const LabelSelectorRequirement& r = s.match_expressions[i];
      if (i > 0) out += ',';
      out += fmt::format("{{\"key\":{},\"operator\":{}", field::json_quote(r.key), field::json_quote(r.op));
      if (!r.values.empty()) out += ",\"values\":" + field::json_list(r.values);
      out += '}';
    }
    out += ']';
  }
  out += '}';
  return out;
}

// The whole spec as field.Invalid prints a struct (encoding/json, v1.34 on): the internal
// PodDisruptionBudgetSpec has no JSON tags, so its members go by their Go names, in their
// order; an absent one is null. v1.32 and v1.33 print it with %#v, whose pointer members show
// as addresses no one can predict: podfit prints the JSON form on every release instead.
std::string json_spec(const DisruptionBudgetSpec& s) {
  auto or_null = [](const auto& value, auto render) { return value ? render(*value) : std::string("null"); };
  return fmt::format("{{\"MinAvailable\":{},\"Selector\":{},\"MaxUnavailable\":{},\"UnhealthyPodEvictionPolicy\":{}}}",
                     or_null(s.min_available, json_int_or_string), or_null(s.selector, json_selector),
                     or_null(s.max_unavailable, json_int_or_string),
                     or_null(s.unhealthy_pod_eviction_policy, [](const std::string& p) { return field::json_quote(p); }));
}

// The digits of a valid percent above 100 (leading zeros aside).
bool above_100_percent(std::string_view percent) {
  std::string_view digits = percent.substr(0, percent.size() - 1);
  digits.remove_prefix(std::min(digits.find_first_not_of('0'), digits.size()));
  return digits.size() > 3 || (digits.size() == 3 && digits > "100");
}

// ValidatePositiveIntOrPercent, then IsNotMoreThan100Percent, of minAvailable or maxUnavailable.
void validate_int_or_percent(const Value& v, std::string_view member, const IntOrString& value) {
  auto path = [&] { return path_of(v, member); };
  if (!value.is_string) {
    if (value.number < 0) {
      reject(v, {member}, field::invalid(path(), std::to_string(value.number), "must be greater than or equal to 0"));
    }
    return;
  }
  std::vector<std::string> errors = percent_errors(value.text);
  if (!errors.empty()) reject(v, {member}, field::invalid(path(), percent_value(value.text), errors.front()));
  if (above_100_percent(value.text)) {
    reject(v, {member}, field::invalid(path(), percent_value(value.text), "must not be greater than 100%"));
  }
}

}  // namespace

void strip_v1beta1_selector_label(DisruptionBudgetSpec& spec) {
  if (!spec.selector) return;
  LabelSelector& s = *spec.selector;
  bool match_all = s.match_labels.empty() && s.match_expressions.empty();
  bool match_none = s.match_labels.empty() && s.match_expressions.size() == 1 &&
                    s.match_expressions[0].key == kV1beta1SelectorLabel && s.match_expressions[0].op == "Exists" &&
                    s.match_expressions[0].values.empty();
  if (match_all || match_none) return;
  std::erase_if(s.match_expressions, [](const LabelSelectorRequirement& r) { return r.key == kV1beta1SelectorLabel; });
}

void validate_disruption_budget_spec(const Value& v, const DisruptionBudgetSpec& spec) {
  if (spec.min_available && spec.max_unavailable) {
    reject(v, {}, field::invalid(v.path(), json_spec(spec), "minAvailable and maxUnavailable cannot be both set"));
  }
  if (spec.min_available) validate_int_or_percent(v, "minAvailable", *spec.min_available);
  if (spec.max_unavailable) validate_int_or_percent(v, "maxUnavailable", *spec.max_unavailable);
  if (spec.selector) {
    v.fields([&](std::string_view key, const Value& f) {
      if (key == "selector") validate_label_selector(f, *spec.selector);
    });
  }
  const std::optional<std::string>& policy = spec.unhealthy_pod_eviction_policy;
  if (policy && *policy != "IfHealthyBudget" && *policy != "AlwaysAllow") {
    reject(v, {"unhealthyPodEvictionPolicy"},
           field::not_supported(path_of(v, "unhealthyPodEvictionPolicy"), named_string_value(*policy),
                                {"AlwaysAllow", "IfHealthyBudget"}));
  }
}

}  // namespace podfit
