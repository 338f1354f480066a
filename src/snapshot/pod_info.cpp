#include "podfit/snapshot/pod_info.h"

#include "podfit/framework/feature_gates.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/pod_resources.h"
#include "podfit/snapshot/host_port_info.h"

namespace podfit {

PodResource calculate_pod_resource(const Pod& pod, const FeatureGates& gates) {
  PodResourcesOptions options;
  options.use_status_resources = gates.in_place_pod_vertical_scaling;
  options.per_container_status = !gates.changes.requests_max_of_sums;
  options.in_place_pod_level_resources_vertical_scaling = gates.in_place_pod_level_resources_vertical_scaling;
  options.skip_pod_level_resources = !gates.pod_level_resources;
  const ResourceList requests = pod_requests(pod, options);

  // getNonMissingContainerRequests: both defaults without pod-level requests, otherwise only
  // for resources absent from the whole pod's requests.
  const bool pod_level_requests_set = gates.pod_level_resources && is_pod_level_requests_set(pod);
  ResourceList non_missing;
  if (!pod_level_requests_set || !requests.contains(resource_names::kCpu)) {
    non_missing.set(resource_names::kCpu, Quantity::from_milli(kDefaultMilliCpuRequest));
  }
  if (!pod_level_requests_set || !requests.contains(resource_names::kMemory)) {
    non_missing.set(resource_names::kMemory, Quantity::from_int(kDefaultMemoryRequest));
  }

  ResourceList non_zero_requests;
  const ResourceList* non_zero = &requests;
  if (!non_missing.empty()) {
    options.non_missing_container_requests = std::move(non_missing);
    non_zero_requests = pod_requests(pod, options);
    non_zero = &non_zero_requests;
  }

  PodResource result;
  result.resource.add(requests);
  const Quantity* cpu = non_zero->find(resource_names::kCpu);
  const Quantity* memory = non_zero->find(resource_names::kMemory);
  result.non0_cpu = cpu ? cpu->milli_value() : 0;
  result.non0_mem = memory ? memory->value() : 0;
  return result;
}

bool AffinityTerm::matches(const Pod& pod, const StringMap* namespace_labels) const {
  static const StringMap kNoLabels;
  if (namespaces.contains(pod.metadata.namespace_) ||
      namespace_selector.matches(namespace_labels ? *namespace_labels : kNoLabels)) {
    return selector.matches(pod.metadata.labels);
  }
  return false;
}

std::optional<AffinityTerm> new_affinity_term(const Pod& pod, const PodAffinityTerm& term, std::string* error) {
  AffinityTerm out;
  auto selector = Selector::from_label_selector(term.label_selector, error);
  if (!selector) return std::nullopt;
  out.selector = std::move(*selector);
  // getNamespacesFromPodAffinityTerm: no namespaces and no namespaceSelector mean the pod's own.
  if (term.namespaces.empty() && !term.namespace_selector) {
    out.namespaces.insert(pod.metadata.namespace_);
  } else {
    out.namespaces.insert(term.namespaces.begin(), term.namespaces.end());
  }
  auto namespace_selector = Selector::from_label_selector(term.namespace_selector, error);
  if (!namespace_selector) return std::nullopt;
  out.namespace_selector = std::move(*namespace_selector);
  out.topology_key = term.topology_key;
  return out;
}

namespace {

// GetAffinityTerms: every term compiled, or none at all with the first term's error.
std::vector<AffinityTerm> compile_terms(const Pod& pod, const std::vector<PodAffinityTerm>& terms,
                                        std::string_view list, std::vector<std::string>& errors) {
  std::vector<AffinityTerm> out;
  out.reserve(terms.size());
  for (const auto& term : terms) {
    std::string error;
    auto compiled = new_affinity_term(pod, term, &error);
    if (!compiled) {
      errors.push_back(std::string(list) + ": " + error);
      return {};
    }
    out.push_back(std::move(*compiled));
  }
  return out;
}

// GetWeightedAffinityTerms: the same for preferred terms, keeping their weights.
std::vector<WeightedAffinityTerm> compile_weighted_terms(const Pod& pod,
                                                         const std::vector<WeightedPodAffinityTerm>& terms,
                                                         std::string_view list, std::vector<std::string>& errors) {
  std::vector<WeightedAffinityTerm> out;
  out.reserve(terms.size());
  for (const auto& weighted : terms) {
    std::string error;
    auto compiled = new_affinity_term(pod, weighted.term, &error);
    if (!compiled) {
      errors.push_back(std::string(list) + ": " + error);
      return {};
    }
    WeightedAffinityTerm term;
    static_cast<AffinityTerm&>(term) = std::move(*compiled);
    term.weight = weighted.weight;
    out.push_back(std::move(term));
  }
  return out;
}

const std::vector<PodAffinityTerm>& no_terms() {
  static const std::vector<PodAffinityTerm> empty;
  return empty;
}
const std::vector<WeightedPodAffinityTerm>& no_weighted_terms() {
  static const std::vector<WeightedPodAffinityTerm> empty;
  return empty;
}

const PodAffinityTerms& no_affinity() {
  static const PodAffinityTerms empty;
  return empty;
}

}  // namespace

PodAffinityTerms compile_pod_affinity_terms(const Pod& pod) {
  const auto& affinity = pod.spec.affinity;
  const PodAffinity* pod_affinity = affinity && affinity->pod_affinity ? &*affinity->pod_affinity : nullptr;
  const PodAffinity* anti = affinity && affinity->pod_anti_affinity ? &*affinity->pod_anti_affinity : nullptr;
  PodAffinityTerms out;
  std::vector<std::string> errors;
  out.required_affinity =
      compile_terms(pod, pod_affinity ? pod_affinity->required : no_terms(), "requiredAffinityTerms", errors);
  out.required_anti_affinity =
      compile_terms(pod, anti ? anti->required : no_terms(), "requiredAntiAffinityTerms", errors);
  out.preferred_affinity = compile_weighted_terms(pod, pod_affinity ? pod_affinity->preferred : no_weighted_terms(),
                                                  "preferredAffinityTerms", errors);
  out.preferred_anti_affinity = compile_weighted_terms(pod, anti ? anti->preferred : no_weighted_terms(),
                                                       "preferredAntiAffinityTerms", errors);
  out.error = field::aggregate(errors);
  return out;
}

PodInfo::PodInfo(const Pod& pod, const FeatureGates& gates)
    : pod_(&pod),
      resource_(calculate_pod_resource(pod, gates)),
      sidecar_host_ports_(gates.changes.node_ports_count_sidecars) {
  if (has_affinity()) affinity_ = std::make_shared<const PodAffinityTerms>(compile_pod_affinity_terms(pod));
}

std::vector<ContainerPort> PodInfo::host_ports() const { return pod_host_ports(*pod_, sidecar_host_ports_); }

const std::vector<AffinityTerm>& PodInfo::required_affinity_terms() const {
  return (affinity_ ? *affinity_ : no_affinity()).required_affinity;
}
const std::vector<AffinityTerm>& PodInfo::required_anti_affinity_terms() const {
  return (affinity_ ? *affinity_ : no_affinity()).required_anti_affinity;
}
const std::vector<WeightedAffinityTerm>& PodInfo::preferred_affinity_terms() const {
  return (affinity_ ? *affinity_ : no_affinity()).preferred_affinity;
}
const std::vector<WeightedAffinityTerm>& PodInfo::preferred_anti_affinity_terms() const {
  return (affinity_ ? *affinity_ : no_affinity()).preferred_anti_affinity;
}
const std::string& PodInfo::affinity_error() const { return (affinity_ ? *affinity_ : no_affinity()).error; }

bool PodInfo::has_affinity() const {
  const auto& affinity = pod_->spec.affinity;
  return affinity && (affinity->pod_affinity || affinity->pod_anti_affinity);
}

bool PodInfo::has_required_anti_affinity() const {
  const auto& affinity = pod_->spec.affinity;
  return affinity && affinity->pod_anti_affinity && !affinity->pod_anti_affinity->required.empty();
}

}  // namespace podfit
