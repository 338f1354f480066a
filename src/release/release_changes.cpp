#include "podfit/framework/feature_gates.h"

namespace podfit {

ReleaseChanges ReleaseChanges::of(KubernetesRelease release) {
  ReleaseChanges changes;
  // kubernetes/kubernetes#131345, v1.34.0.
  changes.fit_unresolvable_above_allocatable = release.minor >= 34;
  // kubernetes/kubernetes#134740, v1.35.0.
  changes.taint_reason_without_taint = release.minor >= 35;
  // kubernetes/kubernetes#134711, v1.35.0.
  changes.dynamic_resources_score = release.minor >= 35;
  return changes;
}

}  // namespace podfit
