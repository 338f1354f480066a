// ValidatePodCreate's rules over what the admission plugins and PrepareForCreate change in a pod,
// with the loader's resource checks, every error kept.
#include "podfit/validation/pod_create.h"

#include <fmt/format.h>

#include "podfit/model/field_errors.h"
#include "validation/core/resources.h"
#include "validation/validate.h"

namespace podfit {

std::vector<std::string> validate_pod_create(const Pod& pod, const FeatureGates& gates) {
  std::vector<std::string> errors;
  auto collect = [&](std::initializer_list<PathStep>, const std::string& message) { errors.push_back(message); };
  // validateContainers, then validateInitContainers: each container's validateContainerCommon.
  auto containers = [&](std::string_view field, const std::vector<Container>& list) {
    for (size_t i = 0; i < list.size(); ++i) {
      check_container_resources([&] { return fmt::format("spec.{}[{}].resources", field, i); }, list[i].resources,
                                collect);
    }
  };
  containers("containers", pod.spec.containers);
  containers("initContainers", pod.spec.init_containers);
  // validatePodResources (with PodLevelResources: spec.resources is dropped while it is off).
  if (pod.spec.resources) {
    auto path = [] { return std::string("spec.resources"); };
    check_pod_level_requirements(path, *pod.spec.resources, collect);
    const bool v134 = gates.release.minor >= 34;
    const ConsistencyRules rules{.unsupported_skipped = false, .unset_skipped = v134, .hugepage_limits = v134};
    check_pod_resource_consistency(path, pod, rules, collect);
  }
  // Node selector, tolerations and the rest come between: nothing the plugins add to them is invalid.
  if (pod.spec.overhead) check_overhead([] { return std::string("spec.overhead"); }, *pod.spec.overhead, collect);
  return errors;
}

std::string pod_invalid(const Pod& pod, const std::vector<std::string>& errors) {
  if (errors.empty()) return fmt::format("Pod {} is invalid", field::go_quote(pod.metadata.name));
  return fmt::format("Pod {} is invalid: {}", field::go_quote(pod.metadata.name), field::aggregate(errors));
}

}  // namespace podfit
