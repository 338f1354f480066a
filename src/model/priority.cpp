#include "podfit/model/priority.h"

#include <fmt/format.h>

namespace podfit {

int32_t pod_priority(const Pod& pod) { return pod.spec.priority.value_or(0); }

std::optional<std::string> admit_priority(Pod& pod, const std::vector<PriorityClass>& classes) {
  std::optional<int32_t> value;
  std::string policy = "PreemptLowerPriority";
  if (pod.spec.priority_class_name.empty()) {
    // getDefaultPriorityClass: the global default with the lowest value wins.
    const PriorityClass* chosen = nullptr;
    for (const PriorityClass& pc : classes) {
      if (pc.global_default && (chosen == nullptr || pc.value < chosen->value)) chosen = &pc;
    }
    if (chosen != nullptr) {
      pod.spec.priority_class_name = chosen->metadata.name;
      value = chosen->value;
      policy = chosen->preemption_policy;
    } else {
      value = 0;
    }
  } else {
    for (const PriorityClass& pc : classes) {
      if (pc.metadata.name == pod.spec.priority_class_name) {
        value = pc.value;
        policy = pc.preemption_policy;
        break;
      }
    }
    if (!value && pod.spec.priority_class_name == "system-node-critical") value = kSystemNodeCritical;
    if (!value && pod.spec.priority_class_name == "system-cluster-critical") value = kSystemClusterCritical;
    if (!value) {
      pod.spec.priority = 0;
      return fmt::format("no PriorityClass with name {} was found", pod.spec.priority_class_name);
    }
  }
  if (pod.spec.priority && *pod.spec.priority != *value) {
    const int32_t given = *pod.spec.priority;
    return fmt::format(
        "the integer value of priority ({}) must not be provided in pod spec; priority admission controller "
        "computed {} from the given PriorityClass name",
        given, *value);
  }
  pod.spec.priority = *value;
  if (!pod.spec.preemption_policy) {
    pod.spec.preemption_policy = policy;
  } else if (*pod.spec.preemption_policy != policy) {
    return fmt::format(
        "the string value of PreemptionPolicy ({}) must not be provided in pod spec; priority admission "
        "controller computed {} from the given PriorityClass name",
        *pod.spec.preemption_policy, policy);
  }
  return std::nullopt;
}

}  // namespace podfit
