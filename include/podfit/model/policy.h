// Scheduling policy objects preemption reads: PriorityClass (scheduling.k8s.io/v1) and
// PodDisruptionBudget (policy/v1).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "podfit/model/meta.h"
#include "podfit/model/selector.h"

namespace podfit {

// schedulingv1.PriorityClass: the priority admission gives pods that name it (or every pod
// naming none, when globalDefault).
struct PriorityClass {
  ObjectMeta metadata;
  int32_t value = 0;
  bool global_default = false;
  std::string preemption_policy = "PreemptLowerPriority";  // the API server's default
  SourceRef origin;
};

// policyv1.PodDisruptionBudget: how many of the pods it selects may be disrupted now.
struct PodDisruptionBudget {
  ObjectMeta metadata;
  std::optional<LabelSelector> selector;  // absent or empty: selects no pod (as preemption reads it)
  int32_t disruptions_allowed = 0;        // status.disruptionsAllowed
  std::set<std::string> disrupted_pods;   // status.disruptedPods: names already being evicted
  SourceRef origin;
};

}  // namespace podfit
