// pkg/apis/policy/validation: PodDisruptionBudgets (disruption_budget.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "validation/validate.h"

namespace podfit {

// An intstr.IntOrString as written: a number, or a string.
struct IntOrString {
  bool is_string = false;
  int32_t number = 0;
  std::string text;
};
// What ValidatePodDisruptionBudgetSpec reads of a budget's spec; absent fields are nullopt.
struct DisruptionBudgetSpec {
  std::optional<IntOrString> min_available;
  std::optional<LabelSelector> selector;
  std::optional<IntOrString> max_unavailable;
  std::optional<std::string> unhealthy_pod_eviction_policy;
};
// What the create strategy does to the selector first: the label v1beta1's match-all and
// match-none selectors use is dropped from any selector other than those two.
void strip_v1beta1_selector_label(DisruptionBudgetSpec& spec);
// ValidatePodDisruptionBudgetSpec on the stripped spec; `v` is the spec.
void validate_disruption_budget_spec(const Value& v, const DisruptionBudgetSpec& spec);

}  // namespace podfit
