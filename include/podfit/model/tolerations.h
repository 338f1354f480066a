// Toleration/taint matching (component-helpers/scheduling/corev1 and the v1 Toleration helper).
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "podfit/model/taint.h"

namespace podfit {

// Toleration.ToleratesTaint: the effect (when set) and key (when set) must equal the taint's;
// then "" and Equal compare values, Exists matches any value, and Gt/Lt compare the taint's
// value against the toleration's as canonical decimal integers (taint > / < toleration) only
// when the TaintTolerationComparisonOperators gate is on. Anything else never tolerates.
bool toleration_tolerates_taint(const Toleration& toleration, const Taint& taint,
                                bool comparison_operators_enabled = false);
// TolerationsTolerateTaint: any toleration tolerates the taint.
bool tolerations_tolerate_taint(const std::vector<Toleration>& tolerations, const Taint& taint,
                                bool comparison_operators_enabled = false);
// FindMatchingUntoleratedTaint: the first taint accepted by `filter` (every taint when `filter`
// is empty) that no toleration tolerates.
std::optional<Taint> find_matching_untolerated_taint(const std::vector<Taint>& taints,
                                                     const std::vector<Toleration>& tolerations,
                                                     const std::function<bool(const Taint&)>& filter,
                                                     bool comparison_operators_enabled = false);
// DoNotScheduleTaintsFilterFunc: NoSchedule and NoExecute taints.
bool is_do_not_schedule_taint(const Taint& taint);

}  // namespace podfit
