#include "podfit/model/tolerations.h"

#include "podfit/model/validation.h"

namespace podfit {
namespace {

// compareNumericValues: both sides must be canonical decimal integers that fit in int64.
bool compare_numeric_values(const std::string& toleration_value, const std::string& taint_value, bool greater) {
  if (!decimal_integer_errors(toleration_value).empty()) return false;
  auto bound = parse_go_int64(toleration_value);
  if (!bound) return false;
  if (!decimal_integer_errors(taint_value).empty()) return false;
  auto actual = parse_go_int64(taint_value);
  if (!actual) return false;
  return greater ? *actual > *bound : *actual < *bound;
}

}  // namespace

bool toleration_tolerates_taint(const Toleration& toleration, const Taint& taint,
                                bool comparison_operators_enabled) {
  if (!toleration.effect.empty() && toleration.effect != taint.effect) return false;
  if (!toleration.key.empty() && toleration.key != taint.key) return false;
  if (toleration.op.empty() || toleration.op == "Equal") return toleration.value == taint.value;
  if (toleration.op == "Exists") return true;
  if (toleration.op == "Gt" || toleration.op == "Lt") {
    if (!comparison_operators_enabled) return false;
    return compare_numeric_values(toleration.value, taint.value, toleration.op == "Gt");
  }
  return false;
}

bool tolerations_tolerate_taint(const std::vector<Toleration>& tolerations, const Taint& taint,
                                bool comparison_operators_enabled) {
  for (const auto& toleration : tolerations) {
    if (toleration_tolerates_taint(toleration, taint, comparison_operators_enabled)) return true;
  }
  return false;
}

std::optional<Taint> find_matching_untolerated_taint(const std::vector<Taint>& taints,
                                                     const std::vector<Toleration>& tolerations,
                                                     const std::function<bool(const Taint&)>& filter,
                                                     bool comparison_operators_enabled) {
  for (const auto& taint : taints) {
    if (filter && !filter(taint)) continue;
    if (!tolerations_tolerate_taint(tolerations, taint, comparison_operators_enabled)) return taint;
  }
  return std::nullopt;
}

bool is_do_not_schedule_taint(const Taint& taint) {
  return taint.effect == taint_effects::kNoSchedule || taint.effect == taint_effects::kNoExecute;
}

}  // namespace podfit
