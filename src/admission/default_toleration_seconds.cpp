#include "podfit/admission/admission.h"

namespace podfit {
namespace {

constexpr int64_t kDefaultTolerationSeconds = 300;

// Tolerates `key`'s NoExecute taint already: the same key or any key, the NoExecute or any effect.
bool tolerates_no_execute(const Pod& pod, std::string_view key) {
  for (const Toleration& t : pod.spec.tolerations) {
    if ((t.key == key || t.key.empty()) && (t.effect == "NoExecute" || t.effect.empty())) return true;
  }
  return false;
}

}  // namespace

void add_default_toleration_seconds(Pod& pod) {
  const bool not_ready = tolerates_no_execute(pod, "node.kubernetes.io/not-ready");
  const bool unreachable = tolerates_no_execute(pod, "node.kubernetes.io/unreachable");
  if (!not_ready) {
    pod.spec.tolerations.push_back(
        Toleration{"node.kubernetes.io/not-ready", "Exists", "", "NoExecute", kDefaultTolerationSeconds});
  }
  if (!unreachable) {
    pod.spec.tolerations.push_back(
        Toleration{"node.kubernetes.io/unreachable", "Exists", "", "NoExecute", kDefaultTolerationSeconds});
  }
}

}  // namespace podfit
