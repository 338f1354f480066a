// The eviction subresource's PodDisruptionBudget check (kube-apiserver's eviction.go), over the
// evictions one drain makes: each allowed eviction uses one of its budget's disruptions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "podfit/model/labels.h"
#include "podfit/model/policy.h"
#include "podfit/model/pod.h"

namespace podfit {

class EvictionBudgets {
 public:
  // `budgets` must outlive this; each starts with its status.disruptionsAllowed.
  explicit EvictionBudgets(const std::vector<PodDisruptionBudget>& budgets);

  // Evicts `pod` if the API server would: nullopt when allowed (its budget, if any, has one
  // disruption fewer from now on), else the refusal. A pod that is Pending, finished or being
  // deleted is never checked; a budget matches a pod of its namespace that its selector selects
  // (absent selector: none; empty: every pod); more than one matching budget is refused.
  std::optional<std::string> evict(const Pod& pod);

 private:
  const std::vector<PodDisruptionBudget>* budgets_;
  std::vector<std::optional<Selector>> selectors_;  // nullopt: an invalid selector, which matches nothing
  std::vector<int64_t> remaining_;
  std::vector<std::vector<std::string>> evicted_;  // per budget: "namespace/name" of the pods it let go
};

}  // namespace podfit
