// The storage helpers and the PV controller's volume matching that VolumeBinding relies on.
#include <fmt/format.h>

#include "podfit/model/labels.h"
#include "podfit/plugins/volume_binding/volume_binding.h"

namespace podfit {
namespace {

constexpr std::string_view kVolumeAvailable = "Available";
constexpr std::string_view kWaitForFirstConsumer = "WaitForFirstConsumer";
constexpr std::string_view kFilesystem = "Filesystem";

std::string claim_key(const PersistentVolumeClaim& claim) {
  return claim.metadata.namespace_ + "/" + claim.metadata.name;
}

// Requests[storage] as Go reads a map: the zero quantity when absent.
Quantity requested_storage(const PersistentVolumeClaim& claim) {
  if (!claim.spec.resources.requests) return Quantity();
  const Quantity* q = claim.spec.resources.requests->find(resource_names::kStorage);
  return q ? *q : Quantity();
}

Quantity volume_capacity(const PersistentVolume& volume) {
  const Quantity* q = volume.capacity.find(resource_names::kStorage);
  return q ? *q : Quantity();
}

// An empty volumeMode reads as Filesystem (HA upgrades may leave it unset).
std::string_view effective_mode(const std::string& mode) { return mode.empty() ? kFilesystem : std::string_view(mode); }

}  // namespace

std::string ephemeral_volume_claim_name(const Pod& pod, const Volume& volume) {
  return pod.metadata.name + "-" + volume.name;
}

std::optional<std::string> ephemeral_volume_is_for_pod(const Pod& pod, const PersistentVolumeClaim& claim) {
  // metav1.IsControlledBy: the first controller reference decides.
  const OwnerReference* controller = nullptr;
  for (const auto& ref : claim.metadata.owner_references) {
    if (ref.controller) {
      controller = &ref;
      break;
    }
  }
  const bool controlled = controller != nullptr && controller->uid == pod.metadata.uid;
  if (claim.metadata.namespace_ != pod.metadata.namespace_ || !controlled) {
    return fmt::format("PVC {}/{} was not created for pod {}/{} (pod is not owner)", claim.metadata.namespace_,
                       claim.metadata.name, pod.metadata.namespace_, pod.metadata.name);
  }
  return std::nullopt;
}

bool persistent_volume_claim_has_class(const PersistentVolumeClaim& claim) {
  return claim.metadata.annotations.contains(kBetaStorageClassAnnotation) || claim.spec.storage_class_name.has_value();
}

bool is_delay_binding_mode(const PersistentVolumeClaim& claim, const StorageLookup& storage) {
  const std::string class_name = persistent_volume_claim_class(claim);
  if (class_name.empty()) return false;
  const StorageClass* storage_class = storage.storage_class(class_name);
  if (storage_class == nullptr) return false;
  // The API server defaults volumeBindingMode, so kube's "not set" error cannot arise here.
  return storage_class->volume_binding_mode == kWaitForFirstConsumer;
}

bool is_volume_bound_to_claim(const PersistentVolume& volume, const PersistentVolumeClaim& claim) {
  if (!volume.claim_ref) return false;
  const ObjectReference& ref = *volume.claim_ref;
  if (claim.metadata.name != ref.name || claim.metadata.namespace_ != ref.namespace_) return false;
  return ref.uid.empty() || claim.metadata.uid == ref.uid;
}

bool check_volume_mode_mismatches(const PersistentVolumeClaimSpec& claim, const PersistentVolume& volume) {
  return effective_mode(claim.volume_mode) != effective_mode(volume.volume_mode);
}

bool check_access_modes(const PersistentVolumeClaim& claim, const PersistentVolume& volume) {
  for (const auto& mode : claim.spec.access_modes) {
    bool offered = false;
    for (const auto& have : volume.access_modes) offered = offered || have == mode;
    if (!offered) return false;
  }
  return true;
}

bool check_node_affinity(const PersistentVolume& volume, const StringMap& node_labels) {
  if (!volume.node_affinity) return true;
  return NodeSelectorMatcher(*volume.node_affinity).match(node_labels, "");
}

TopologySelectorMatcher::TopologySelectorMatcher(const std::vector<TopologySelectorTerm>& terms)
    : match_all_(terms.empty()) {
  for (const auto& term : terms) {
    if (term.match_label_expressions.empty()) continue;  // an empty term selects nothing
    bool valid = true;
    Selector selector;
    for (const auto& expression : term.match_label_expressions) {
      std::vector<std::string> errors;
      auto requirement = new_requirement(expression.key, Selector::Op::In, expression.values, &errors);
      if (!requirement) {
        valid = false;  // an invalid term selects nothing
        break;
      }
      selector.add(std::move(*requirement));
    }
    if (valid) terms_.push_back(std::move(selector));
  }
}

bool TopologySelectorMatcher::matches(const StringMap& labels) const {
  if (match_all_) return true;
  for (const auto& term : terms_) {
    if (term.matches(labels)) return true;
  }
  return false;
}

bool match_topology_selector_terms(const std::vector<TopologySelectorTerm>& terms, const StringMap& labels) {
  return TopologySelectorMatcher(terms).matches(labels);
}

ClaimVolumeMatcher::ClaimVolumeMatcher(const PersistentVolumeClaim& claim,
                                       const std::vector<const PersistentVolume*>& volumes, bool scheduler_path,
                                       bool delay_binding, bool vac_enabled)
    : scheduler_path_(scheduler_path) {
  const std::string claim_vac = claim.spec.volume_attributes_class_name.value_or("");
  if (!vac_enabled && !claim_vac.empty()) {
    error_ = fmt::format(
        "unsupported volumeAttributesClassName is set on claim {} when the feature-gate VolumeAttributesClass is "
        "disabled",
        claim_key(claim));
    return;
  }
  const Quantity requested = requested_storage(claim);
  const std::string requested_class = persistent_volume_claim_class(claim);
  std::optional<Selector> selector;
  if (claim.spec.selector) {
    std::string error;
    selector = Selector::from_label_selector(claim.spec.selector, &error);
    if (!selector) {
      error_ = fmt::format("error creating internal label selector for claim: {}: {}", claim_key(claim), error);
      return;
    }
  }
  for (const PersistentVolume* volume : volumes) {
    if (volume->claim_ref && !is_volume_bound_to_claim(*volume, claim)) continue;
    if (volume_capacity(*volume).compare(requested) < 0) continue;
    if (check_volume_mode_mismatches(claim.spec, *volume)) continue;
    const std::string volume_vac = volume->volume_attributes_class_name.value_or("");
    if (vac_enabled && claim_vac != volume_vac) continue;
    if (!vac_enabled && !volume_vac.empty()) continue;
    if (!volume->metadata.deletion_timestamp.empty()) continue;
    const bool prebound = is_volume_bound_to_claim(*volume, claim);
    if (!prebound) {
      if (!scheduler_path && delay_binding) continue;
      if (volume->phase != kVolumeAvailable) continue;
      if (selector && !selector->matches(volume->metadata.labels)) continue;
      if (persistent_volume_class(*volume) != requested_class) continue;
      if (scheduler_path && !check_access_modes(claim, *volume)) continue;
    }
    std::shared_ptr<const NodeSelectorMatcher> affinity;
    if (scheduler_path && volume->node_affinity) {
      affinity = std::make_shared<const NodeSelectorMatcher>(*volume->node_affinity);
    }
    candidates_.push_back(Candidate{volume, prebound, std::move(affinity)});
  }
}

VolumeMatch ClaimVolumeMatcher::match(const StringMap* node_labels,
                                      const std::set<const PersistentVolume*>& excluded) const {
  if (error_) return VolumeMatch{nullptr, error_};
  const PersistentVolume* smallest = nullptr;
  Quantity smallest_capacity;
  for (const auto& candidate : candidates_) {
    if (excluded.contains(candidate.volume)) continue;
    bool reachable = true;
    if (scheduler_path_ && candidate.affinity && node_labels != nullptr) {
      reachable = candidate.affinity->match(*node_labels, "");
    }
    if (candidate.prebound) return VolumeMatch{reachable ? candidate.volume : nullptr, std::nullopt};
    if (!reachable) continue;
    Quantity capacity = volume_capacity(*candidate.volume);
    if (smallest == nullptr || smallest_capacity.compare(capacity) > 0) {
      smallest = candidate.volume;
      smallest_capacity = capacity;
    }
  }
  return VolumeMatch{smallest, std::nullopt};
}

ClaimVolumeMatcher::Miss ClaimVolumeMatcher::explain(const StringMap& node_labels,
                                                     const std::set<const PersistentVolume*>& excluded) const {
  Miss miss;
  for (const auto& candidate : candidates_) {
    const bool taken = excluded.contains(candidate.volume);
    const bool reachable = !candidate.affinity || candidate.affinity->match(node_labels, "");
    if (candidate.prebound) {
      if (!taken && !reachable) {
        miss.prebound_unreachable = candidate.volume;
        return miss;
      }
      continue;
    }
    ++miss.fitting;
    if (taken) {
      ++miss.taken;
    } else if (!reachable) {
      ++miss.unreachable;
    }
  }
  return miss;
}

VolumeMatch find_matching_volume(const PersistentVolumeClaim& claim,
                                 const std::vector<const PersistentVolume*>& volumes, const Node* node,
                                 const std::set<const PersistentVolume*>& excluded, bool delay_binding,
                                 bool vac_enabled) {
  ClaimVolumeMatcher matcher(claim, volumes, node != nullptr, delay_binding, vac_enabled);
  return matcher.match(node ? &node->metadata.labels : nullptr, excluded);
}

}  // namespace podfit
