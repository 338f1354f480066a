// The Kubernetes release whose kube-scheduler behaviour podfit follows.
#pragma once

namespace podfit {
inline constexpr const char* kKubernetesRelease = "v1.37";
}  // namespace podfit
