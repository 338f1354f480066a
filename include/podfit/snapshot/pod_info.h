// framework.PodInfo: a pod with what every cycle would otherwise recompute.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "podfit/model/labels.h"
#include "podfit/model/pod.h"
#include "podfit/snapshot/resource.h"

namespace podfit {

struct FeatureGates;

// kube-scheduler's stand-ins for a container's missing cpu / memory request (non-zero accounting only).
inline constexpr int64_t kDefaultMilliCpuRequest = 100;                // 0.1 core
inline constexpr int64_t kDefaultMemoryRequest = 200LL * 1024 * 1024;  // 200 MiB

// The pod's resource footprint as NodeInfo accounts it (PodInfo.CalculateResource).
struct PodResource {
  Resource resource;     // PodRequests with status resources, pod-level resources and overhead
  int64_t non0_cpu = 0;  // the same, each container's missing cpu counted as 100m
  int64_t non0_mem = 0;  // the same, each container's missing memory counted as 200MiB
};

// CalculateResource: the requests come from PodRequests with UseStatusResources =
// InPlacePodVerticalScaling and pod-level resources unless PodLevelResources is off. For the
// non-zero values every container (init and sidecar included) lacking a cpu/memory request
// gets the default; when pod-level requests are set, only resources the pod as a whole does
// not request get defaults (and pod-level values still override the container sum).
PodResource calculate_pod_resource(const Pod& pod, const FeatureGates& gates);

// fwk.AffinityTerm: a PodAffinityTerm compiled once, for the pod that declares it.
struct AffinityTerm {
  // The namespaces the term names; the declaring pod's own when it names none and sets no
  // namespaceSelector.
  std::set<std::string, std::less<>> namespaces;
  Selector selector;  // labelSelector: an absent one selects no pod
  std::string topology_key;
  Selector namespace_selector;  // an absent one selects no namespace, an empty one every namespace

  // AffinityTerm.Matches: `pod` sits in one of `namespaces` or in a namespace whose labels
  // (nullptr: none) match namespace_selector, and its labels match `selector`.
  bool matches(const Pod& pod, const StringMap* namespace_labels) const;
};

// fwk.WeightedAffinityTerm: a preferred term and its weight.
struct WeightedAffinityTerm : AffinityTerm {
  int32_t weight = 0;
};

// newAffinityTerm: compiles one term of `pod` (namespaces default to the pod's own); nullopt and
// apimachinery's message in *error when its labelSelector or namespaceSelector does not parse.
std::optional<AffinityTerm> new_affinity_term(const Pod& pod, const PodAffinityTerm& term, std::string* error);

// The pod's pod (anti-)affinity terms as NewPodInfo compiles them. A list with a term that
// does not parse is left empty (GetAffinityTerms gives nil), and `error` says why.
struct PodAffinityTerms {
  std::vector<AffinityTerm> required_affinity;
  std::vector<AffinityTerm> required_anti_affinity;
  std::vector<WeightedAffinityTerm> preferred_affinity;
  std::vector<WeightedAffinityTerm> preferred_anti_affinity;
  // NewPodInfo's aggregated error, e.g. "requiredAffinityTerms: values[0][app]: Invalid value: ...";
  // empty when every term parsed.
  std::string error;
};

// NewPodInfo's term compilation for `pod`.
PodAffinityTerms compile_pod_affinity_terms(const Pod& pod);

// Immutable once built; shared by the snapshot and by every cycle that reads it.
class PodInfo {
 public:
  // `pod` must outlive the PodInfo; the footprint is computed once, here.
  PodInfo(const Pod& pod, const FeatureGates& gates);

  const Pod& pod() const { return *pod_; }
  const PodResource& calculated() const { return resource_; }
  // The host ports the pod holds on its node, as the release counts them (pod_host_ports).
  std::vector<ContainerPort> host_ports() const;
  // podWithAffinity: spec.affinity has podAffinity or podAntiAffinity (even empty ones).
  bool has_affinity() const;
  // podWithRequiredAntiAffinity: podAntiAffinity with at least one required term.
  bool has_required_anti_affinity() const;

  // "namespace/name", the key messages use.
  std::string key() const { return pod_->metadata.namespace_ + "/" + pod_->metadata.name; }

  // The compiled terms, computed once here so that no cycle parses an existing pod's terms again
  // (GetRequiredAffinityTerms and friends). Empty for pods without pod (anti-)affinity.
  const std::vector<AffinityTerm>& required_affinity_terms() const;
  const std::vector<AffinityTerm>& required_anti_affinity_terms() const;
  const std::vector<WeightedAffinityTerm>& preferred_affinity_terms() const;
  const std::vector<WeightedAffinityTerm>& preferred_anti_affinity_terms() const;
  // NewPodInfo's error: why some terms did not parse; empty when all did.
  const std::string& affinity_error() const;

 private:
  const Pod* pod_;
  PodResource resource_;
  bool sidecar_host_ports_;  // v1.33.6 and v1.34 on: sidecars' host ports count
  std::shared_ptr<const PodAffinityTerms> affinity_;  // only for pods with pod (anti-)affinity
};

}  // namespace podfit
