#include "podfit/queue/pre_enqueue_check.h"

#include "podfit/model/tolerations.h"
#include "podfit/plugins/taint_toleration.h"

namespace podfit {

std::vector<std::string> PreCheckResult::reasons() const {
  std::vector<std::string> out;
  for (const AdmissionResult& r : admission) out.push_back(r.reason);
  if (untolerated_taint) out.emplace_back(TaintToleration::kErrReasonUntolerated);
  return out;
}

std::vector<std::string> PreCheckResult::details() const {
  std::vector<std::string> out;
  for (const AdmissionResult& r : admission) out.insert(out.end(), r.details.begin(), r.details.end());
  if (untolerated_taint) out.push_back("taint " + format_taint(*untolerated_taint) + " is not tolerated");
  return out;
}

PreCheckResult pre_check_for_node(const Pod& pod, const NodeInfo& node, const FeatureGates& gates) {
  PreCheckResult result;
  result.admission = admission_check(pod, node, /*include_all_failures=*/false, gates);
  if (!result.admission.empty()) {
    result.passed = false;
    return result;
  }
  result.untolerated_taint = find_matching_untolerated_taint(
      node.node().spec.taints, pod.spec.tolerations,
      [](const Taint& t) { return t.effect == taint_effects::kNoSchedule; }, gates.taint_toleration_comparison_operators);
  result.passed = !result.untolerated_taint.has_value();
  return result;
}

}  // namespace podfit
