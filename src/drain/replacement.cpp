#include "podfit/drain/replacement.h"

#include <fmt/format.h>

#include "podfit/drain/pod_filters.h"

namespace podfit {

Pod replacement_pod(const Pod& evicted, size_t index) {
  Pod pod;
  pod.metadata = evicted.metadata;
  pod.spec = evicted.spec;
  pod.origin = evicted.origin;
  const OwnerReference* controller = controller_of(evicted);
  if (controller == nullptr || controller->kind != "StatefulSet") {
    const std::string prefix = evicted.metadata.generate_name.empty() ? evicted.metadata.name + "-"
                                                                       : evicted.metadata.generate_name;
    pod.metadata.name = fmt::format("{}replacement-{}", prefix, index);
  }
  pod.metadata.uid.clear();
  pod.metadata.creation_timestamp.clear();
  pod.metadata.deletion_timestamp.clear();
  pod.spec.node_name.clear();
  pod.status = PodStatus{};
  pod.status.phase = "Pending";
  return pod;
}

}  // namespace podfit
