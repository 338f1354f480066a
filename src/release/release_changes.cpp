#include "podfit/framework/feature_gates.h"

namespace podfit {

ReleaseChanges ReleaseChanges::of(KubernetesRelease release) {
  ReleaseChanges changes;
  // kubernetes/kubernetes#131345, v1.34.0.
  changes.fit_unresolvable_above_allocatable = release.minor >= 34;
  // kubernetes/kubernetes#134740, v1.35.0, and its cherry-pick #135023, v1.34.2.
  changes.taint_reason_without_taint = release.at_least(34, 2);
  // kubernetes/kubernetes#129887, v1.33.0.
  changes.volume_binding_pv_affinity_reason = release.minor >= 33;
  // kubernetes/kubernetes#130260, v1.33.0.
  changes.balanced_allocation_skips_best_effort = release.minor >= 33;
  // kubernetes/kubernetes#134711, v1.35.0.
  changes.dynamic_resources_score = release.minor >= 35;
  return changes;
}

}  // namespace podfit
