#include "podfit/drain/eviction_budgets.h"

#include <fmt/format.h>

namespace podfit {
namespace {

// canIgnorePDB: such pods are deleted without looking at any budget.
bool can_ignore_budgets(const Pod& pod) {
  const std::string& phase = pod.status.phase;
  return phase == "Succeeded" || phase == "Failed" || phase == "Pending" || !pod.metadata.deletion_timestamp.empty();
}

}  // namespace

EvictionBudgets::EvictionBudgets(const std::vector<PodDisruptionBudget>& budgets) : budgets_(&budgets) {
  for (const PodDisruptionBudget& budget : budgets) {
    selectors_.push_back(Selector::from_label_selector(budget.selector));
    remaining_.push_back(budget.disruptions_allowed);
    evicted_.emplace_back();
  }
}

std::optional<std::string> EvictionBudgets::evict(const Pod& pod) {
  if (can_ignore_budgets(pod)) return std::nullopt;
  std::vector<size_t> matching;
  for (size_t i = 0; i < budgets_->size(); ++i) {
    if ((*budgets_)[i].metadata.namespace_ != pod.metadata.namespace_) continue;
    if (selectors_[i] && selectors_[i]->matches(pod.metadata.labels)) matching.push_back(i);
  }
  if (matching.empty()) return std::nullopt;
  if (matching.size() > 1) {
    return "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.";
  }
  const size_t i = matching.front();
  const PodDisruptionBudget& budget = (*budgets_)[i];
  if (remaining_[i] <= 0) {
    const std::string name = namespaced_name(budget.metadata);
    std::string why;
    if (budget.disruptions_allowed <= 0) {
      why = fmt::format("PodDisruptionBudget {} allows no disruption now", name);
    } else {
      std::string used;
      for (const std::string& pod_name : evicted_[i]) used += (used.empty() ? "" : ", ") + pod_name;
      why = fmt::format("PodDisruptionBudget {} allows {} disruption{}, used by this drain's eviction of {}", name,
                        budget.disruptions_allowed, budget.disruptions_allowed == 1 ? "" : "s", used);
    }
    return fmt::format("Cannot evict pod as it would violate the pod's disruption budget. {}", why);
  }
  --remaining_[i];
  evicted_[i].push_back(namespaced_name(pod.metadata));
  return std::nullopt;
}

}  // namespace podfit
