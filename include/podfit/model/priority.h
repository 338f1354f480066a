// Pod priority as the Priority admission plugin sets it and as kube-scheduler reads it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "podfit/model/pod.h"
#include "podfit/model/policy.h"

namespace podfit {

// The built-in classes every API server creates (scheduling.SystemPriorityClasses).
inline constexpr int32_t kSystemNodeCritical = 2000001000;
inline constexpr int32_t kSystemClusterCritical = 2000000000;

// corev1helpers.PodPriority: spec.priority, 0 when unset.
int32_t pod_priority(const Pod& pod);

// The Priority admission plugin for a pod being created: priorityClassName resolved against
// `classes` (and the built-in system classes), or the globalDefault class with the lowest value
// when the pod names none (priority 0 when there is none). Sets spec.priority, the class name
// and spec.preemptionPolicy when unset. Returns the API server's error when the class does not
// exist or the pod's own priority / preemptionPolicy contradicts the class (the pod is then
// left with priority 0, as kube-scheduler reads a pod without one).
std::optional<std::string> admit_priority(Pod& pod, const std::vector<PriorityClass>& classes);

}  // namespace podfit
