// The Kubernetes release whose API server validates what the loader decodes on this thread:
// the validations whose wording or paths changed between releases read it here.
#pragma once

#include "podfit/framework/feature_gates.h"
#include "podfit/kubernetes_release.h"

namespace podfit {

// The release of the innermost ApiReleaseScope on this thread; the newest outside any.
KubernetesRelease api_release();
// ReleaseChanges::of(api_release()), computed once per scope.
const ReleaseChanges& api_release_changes();

// Sets this thread's release while it lives (the loader opens one per object it decodes).
class ApiReleaseScope {
 public:
  explicit ApiReleaseScope(KubernetesRelease release);
  ~ApiReleaseScope();
  ApiReleaseScope(const ApiReleaseScope&) = delete;
  ApiReleaseScope& operator=(const ApiReleaseScope&) = delete;

  struct State {
    KubernetesRelease release;
    ReleaseChanges changes;
  };

 private:
  State state_;
  const State* previous_;
};

}  // namespace podfit
