#include "podfit/load/pod_creation.h"

#include <optional>
#include <string>
#include <vector>

namespace podfit {
namespace {

bool same_requirement(const LabelSelectorRequirement& a, const LabelSelectorRequirement& b) {
  return a.key == b.key && a.op == b.op && a.values == b.values;
}

// applyMatchLabelKeysAndMismatchLabelKeys for one term.
void merge_label_keys(PodAffinityTerm& term, const StringMap& pod_labels) {
  if ((term.match_label_keys.empty() && term.mismatch_label_keys.empty()) || !term.label_selector) return;
  auto apply = [&](const std::vector<std::string>& keys, const char* op) {
    for (const auto& key : keys) {
      const std::string* value = pod_labels.find(key);
      if (value == nullptr) continue;
      LabelSelectorRequirement requirement{key, op, {*value}};
      auto& expressions = term.label_selector->match_expressions;
      bool present = false;
      for (const auto& existing : expressions) present = present || same_requirement(existing, requirement);
      if (!present) expressions.push_back(std::move(requirement));
    }
  };
  apply(term.match_label_keys, "In");
  apply(term.mismatch_label_keys, "NotIn");
}

void merge_label_keys(std::optional<PodAffinity>& affinity, const StringMap& pod_labels) {
  if (!affinity) return;
  for (auto& weighted : affinity->preferred) merge_label_keys(weighted.term, pod_labels);
  for (auto& term : affinity->required) merge_label_keys(term, pod_labels);
}

}  // namespace

void merge_match_label_keys_into_affinity_terms(Pod& pod) {
  if (!pod.spec.affinity) return;
  merge_label_keys(pod.spec.affinity->pod_affinity, pod.metadata.labels);
  merge_label_keys(pod.spec.affinity->pod_anti_affinity, pod.metadata.labels);
}

}  // namespace podfit
