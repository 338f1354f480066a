#include "podfit/load/pod_creation.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "podfit/model/pod_resources.h"

namespace podfit {
namespace {

bool every_container_limits(const Pod& pod, const std::string& name) {
  auto limits = [&](const Container& c) { return c.resources.limits && c.resources.limits->contains(name); };
  return std::ranges::all_of(pod.spec.containers, limits) && std::ranges::all_of(pod.spec.init_containers, limits);
}

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

void default_pod_level_limits(Pod& pod) {
  if (!pod.spec.resources) return;
  ResourceRequirements& r = *pod.spec.resources;
  const bool has_requests = r.requests && !r.requests->empty();
  if (!has_requests && (!r.limits || r.limits->empty())) return;
  ResourceList limits = r.limits.value_or(ResourceList{});
  bool defaulted = false;
  for (const auto& [name, aggregate] : aggregate_container_limits(pod, PodResourcesOptions{})) {
    if (limits.contains(name) || !is_supported_pod_level_resource(name) || !every_container_limits(pod, name)) continue;
    // Never below the pod-level request: the defaulted pod must still pass validation.
    const Quantity* request = has_requests ? r.requests->find(name) : nullptr;
    limits.set(name, request != nullptr && request->compare(aggregate) > 0 ? *request : aggregate);
    defaulted = true;
  }
  if (defaulted) r.limits = std::move(limits);
}

}  // namespace podfit
