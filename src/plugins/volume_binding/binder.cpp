// The volume binder's scheduling half: GetPodVolumeClaims (PreFilter) and FindPodVolumes (Filter).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "podfit/model/field_errors.h"
#include "podfit/plugins/volume_binding/volume_binding.h"

namespace podfit {
namespace {

constexpr std::string_view kEphemeralSource = "ephemeral";
constexpr std::string_view kClaimLost = "Lost";

std::string key_of(const PersistentVolumeClaim& claim) { return claim.metadata.namespace_ + "/" + claim.metadata.name; }

const Quantity* storage_request(const PersistentVolumeClaim& claim) {
  return claim.spec.resources.requests ? claim.spec.resources.requests->find(resource_names::kStorage) : nullptr;
}

Quantity request_or_zero(const PersistentVolumeClaim& claim) {
  const Quantity* q = storage_request(claim);
  return q ? *q : Quantity();
}

// "claim shop/data (5Gi, ReadWriteOnce, class fast)".
std::string describe_claim(const PersistentVolumeClaim& claim) {
  std::vector<std::string> parts;
  if (const Quantity* q = storage_request(claim)) parts.push_back(q->to_string());
  if (!claim.spec.access_modes.empty()) parts.push_back(fmt::format("{}", fmt::join(claim.spec.access_modes, ",")));
  const std::string class_name = persistent_volume_claim_class(claim);
  parts.push_back(class_name.empty() ? "no class" : "class " + class_name);
  return fmt::format("claim {} ({})", key_of(claim), fmt::join(parts, ", "));
}

// One node selector requirement in a short form: "zone=a", "zone in [a, b]", "no gpu".
std::string describe_requirement(const NodeSelectorRequirement& r) {
  if (r.op == "In" && r.values.size() == 1) return r.key + "=" + r.values.front();
  if (r.op == "In") return fmt::format("{} in [{}]", r.key, fmt::join(r.values, ", "));
  if (r.op == "NotIn") return fmt::format("{} notin [{}]", r.key, fmt::join(r.values, ", "));
  if (r.op == "Exists") return "has " + r.key;
  if (r.op == "DoesNotExist") return "no " + r.key;
  if (r.op == "Gt") return fmt::format("{}>{}", r.key, fmt::join(r.values, ","));
  if (r.op == "Lt") return fmt::format("{}<{}", r.key, fmt::join(r.values, ","));
  return fmt::format("{} {} [{}]", r.key, r.op, fmt::join(r.values, ", "));
}

// The label requirements of a volume's node affinity, terms ORed: "zone=a" or "(zone=a) or (zone=b)".
std::string describe_node_selector(const NodeSelector& selector) {
  std::vector<std::string> terms;
  for (const auto& term : selector.node_selector_terms) {
    std::vector<std::string> parts;
    for (const auto& r : term.match_expressions) parts.push_back(describe_requirement(r));
    if (parts.empty()) parts.push_back("nothing");
    terms.push_back(fmt::format("{}", fmt::join(parts, ", ")));
  }
  if (terms.empty()) return "no node (no nodeSelectorTerms)";
  if (terms.size() == 1) return terms.front();
  return fmt::format("({})", fmt::join(terms, ") or ("));
}

// The node's values for the keys a selector names: "node has zone=b, no label region".
std::string describe_node_labels(const std::vector<std::string>& keys, const StringMap& labels) {
  std::vector<std::string> parts;
  std::set<std::string> seen;
  for (const auto& key : keys) {
    if (!seen.insert(key).second) continue;
    const std::string* value = labels.find(key);
    parts.push_back(value ? key + "=" + *value : "no label " + key);
  }
  return fmt::format("node has {}", fmt::join(parts, ", "));
}

std::vector<std::string> selector_keys(const NodeSelector& selector) {
  std::vector<std::string> keys;
  for (const auto& term : selector.node_selector_terms) {
    for (const auto& r : term.match_expressions) keys.push_back(r.key);
  }
  return keys;
}

std::string describe_topologies(const std::vector<TopologySelectorTerm>& terms, const StringMap& labels) {
  std::vector<std::string> described;
  std::vector<std::string> keys;
  for (const auto& term : terms) {
    std::vector<std::string> parts;
    for (const auto& r : term.match_label_expressions) {
      parts.push_back(r.values.size() == 1 ? r.key + "=" + r.values.front()
                                           : fmt::format("{} in [{}]", r.key, fmt::join(r.values, ", ")));
      keys.push_back(r.key);
    }
    described.push_back(parts.empty() ? "nothing" : fmt::format("{}", fmt::join(parts, ", ")));
  }
  std::string allowed = described.size() == 1 ? described.front() : fmt::format("({})", fmt::join(described, ") or ("));
  if (keys.empty()) return "allowedTopologies " + allowed;
  return fmt::format("allowedTopologies {}; {}", allowed, describe_node_labels(keys, labels));
}

}  // namespace

bool is_claim_fully_bound(const PersistentVolumeClaim& claim) {
  return !claim.spec.volume_name.empty() && claim.metadata.annotations.contains(volume_annotations::kBindCompleted);
}

// ---------------------------------------------------------------------------------------------
// PreFilter side.

PodClaimsCheck check_pod_claims(const Pod& pod, const StorageLookup& storage) {
  PodClaimsCheck check;
  const std::string& ns = pod.metadata.namespace_;
  for (const auto& volume : pod.spec.volumes) {
    std::string claim_name;
    bool ephemeral = false;
    if (volume.source.type == kPersistentVolumeClaimSource) {
      claim_name = volume.claim_name;
    } else if (volume.source.type == kEphemeralSource) {
      claim_name = ephemeral_volume_claim_name(pod, volume);
      ephemeral = true;
    } else {
      continue;
    }
    check.has_claims = true;
    const PersistentVolumeClaim* claim = storage.claim(ns, claim_name);
    if (claim == nullptr) {
      if (ephemeral) {
        check.error = fmt::format("waiting for ephemeral volume controller to create the persistentvolumeclaim {}",
                                  field::go_quote(claim_name));
        check.detail = fmt::format("claim {}/{} of generic ephemeral volume {} has not been created yet", ns,
                                   claim_name, volume.name);
      } else {
        check.error = fmt::format("persistentvolumeclaim {} not found", field::go_quote(claim_name));
        check.detail = fmt::format("volume {} uses claim {}/{}, which does not exist", volume.name, ns, claim_name);
      }
      return check;
    }
    if (claim->phase == kClaimLost) {
      check.error = fmt::format("persistentvolumeclaim {} bound to non-existent persistentvolume {}",
                                field::go_quote(claim->metadata.name), field::go_quote(claim->spec.volume_name));
      check.detail = fmt::format("claim {} is Lost: its volume {} no longer exists", key_of(*claim),
                                 claim->spec.volume_name.empty() ? "\"\"" : claim->spec.volume_name);
      return check;
    }
    if (!claim->metadata.deletion_timestamp.empty()) {
      check.error = fmt::format("persistentvolumeclaim {} is being deleted", field::go_quote(claim->metadata.name));
      check.detail = fmt::format("claim {} is being deleted (deletionTimestamp {})", key_of(*claim),
                                 claim->metadata.deletion_timestamp);
      return check;
    }
    if (ephemeral) {
      if (auto error = ephemeral_volume_is_for_pod(pod, *claim)) {
        check.error = *error;
        check.detail = fmt::format("claim {} of generic ephemeral volume {} is not controlled by this pod",
                                   key_of(*claim), volume.name);
        return check;
      }
    }
  }
  return check;
}

std::optional<PodVolumeClaims> get_pod_volume_claims(const Pod& pod, const StorageLookup& storage, std::string* error) {
  PodVolumeClaims claims;
  const std::string& ns = pod.metadata.namespace_;
  for (const auto& volume : pod.spec.volumes) {
    std::string claim_name;
    bool ephemeral = false;
    if (volume.source.type == kPersistentVolumeClaimSource) {
      claim_name = volume.claim_name;
    } else if (volume.source.type == kEphemeralSource) {
      claim_name = ephemeral_volume_claim_name(pod, volume);
      ephemeral = true;
    } else {
      continue;
    }
    const PersistentVolumeClaim* claim = storage.claim(ns, claim_name);
    if (claim == nullptr) {
      const std::string key = ns + "/" + claim_name;
      if (error) {
        *error = fmt::format("error getting PVC {}: could not find v1.PersistentVolumeClaim {}", field::go_quote(key),
                             field::go_quote(key));
      }
      return std::nullopt;
    }
    if (ephemeral) {
      if (auto not_owner = ephemeral_volume_is_for_pod(pod, *claim)) {
        if (error) *error = *not_owner;
        return std::nullopt;
      }
    }
    if (is_claim_fully_bound(*claim)) {
      claims.bound.push_back(claim);
    } else if (is_delay_binding_mode(*claim, storage) && claim->spec.volume_name.empty()) {
      claims.unbound_delay_binding.push_back(claim);
    } else {
      claims.unbound_immediate.push_back(claim);
    }
  }
  for (const PersistentVolumeClaim* claim : claims.unbound_delay_binding) {
    const std::string class_name = persistent_volume_claim_class(*claim);
    claims.unbound_volumes_delay_binding[class_name] = storage.volumes_of_class(class_name);
  }
  return claims;
}

std::string describe_unbound_immediate_claim(const PersistentVolumeClaim& claim, const StorageLookup& storage) {
  if (!claim.spec.volume_name.empty()) {
    return fmt::format("claim {} names volume {} but is not bound yet (no {} annotation)", key_of(claim),
                       claim.spec.volume_name, volume_annotations::kBindCompleted);
  }
  const std::string class_name = persistent_volume_claim_class(claim);
  if (class_name.empty()) return fmt::format("claim {} has no StorageClass and is not bound", key_of(claim));
  if (storage.storage_class(class_name) == nullptr) {
    return fmt::format("claim {} is not bound and its StorageClass {} does not exist", key_of(claim), class_name);
  }
  return fmt::format("claim {} of class {} (volumeBindingMode Immediate) is not bound yet", key_of(claim), class_name);
}

// ---------------------------------------------------------------------------------------------
// Filter side.

struct PodVolumePlan::BoundClaim {
  const PersistentVolumeClaim* claim = nullptr;
  const PersistentVolume* volume = nullptr;  // nullptr: bound to a volume that does not exist
  std::shared_ptr<const NodeSelectorMatcher> affinity;
  // CSI migration: the in-tree plugin, and the affinity (or error) of the translated volume.
  std::string_view migrated_plugin;
  std::optional<NodeSelector> translated;
  std::shared_ptr<const NodeSelectorMatcher> translated_affinity;
  std::optional<std::string> translate_error;
};

// checkVolumeProvisions for one claim, everything but the node's labels resolved.
struct PodVolumePlan::Provisioning {
  std::optional<std::string> error;  // no class, or the class is gone
  const StorageClass* storage_class = nullptr;
  bool supported = false;  // a provisioner other than kubernetes.io/no-provisioner
  std::optional<TopologySelectorMatcher> topology;
  bool check_capacity = false;  // the CSIDriver tracks capacity and the claim requests storage
  // Capacities of the class large enough for the claim, in input order, with their topology.
  std::vector<std::pair<const CSIStorageCapacity*, Selector>> capacities;
};

struct PodVolumePlan::DelayedClaim {
  const PersistentVolumeClaim* claim = nullptr;
  const std::string* selected_node = nullptr;  // the selected-node annotation, when set
  std::string class_name;
  std::unique_ptr<ClaimVolumeMatcher> matcher;  // for claims without a selected node
  Provisioning provisioning;
};

namespace {

// volumeLimit: maximumVolumeSize when set, else capacity.
const std::optional<Quantity>& volume_limit(const CSIStorageCapacity& capacity) {
  return capacity.maximum_volume_size ? capacity.maximum_volume_size : capacity.capacity;
}

}  // namespace

PodVolumePlan::PodVolumePlan(const PodVolumeClaims& claims, const StorageLookup& storage, bool vac_enabled)
    : storage_(&storage) {
  for (const PersistentVolumeClaim* claim : claims.bound) {
    BoundClaim bound;
    bound.claim = claim;
    bound.volume = storage.volume(claim->spec.volume_name);
    if (bound.volume != nullptr) {
      if (bound.volume->node_affinity) {
        bound.affinity = std::make_shared<const NodeSelectorMatcher>(*bound.volume->node_affinity);
      }
      bound.migrated_plugin = migrated_in_tree_plugin(*bound.volume);
      if (!bound.migrated_plugin.empty()) {
        TranslatedAffinity translated = translate_in_tree_node_affinity(*bound.volume);
        bound.translate_error = std::move(translated.error);
        bound.translated = std::move(translated.node_affinity);
        if (bound.translated)
          bound.translated_affinity = std::make_shared<const NodeSelectorMatcher>(*bound.translated);
      }
    }
    bound_.push_back(std::move(bound));
  }

  static const std::vector<const PersistentVolume*> kNoVolumes;
  for (const PersistentVolumeClaim* claim : claims.unbound_delay_binding) {
    DelayedClaim delayed;
    delayed.claim = claim;
    delayed.class_name = persistent_volume_claim_class(*claim);
    delayed.selected_node = claim->metadata.annotations.find(volume_annotations::kSelectedNode);
    if (delayed.selected_node == nullptr) {
      auto it = claims.unbound_volumes_delay_binding.find(delayed.class_name);
      const auto& volumes = it == claims.unbound_volumes_delay_binding.end() ? kNoVolumes : it->second;
      delayed.matcher = std::make_unique<ClaimVolumeMatcher>(*claim, volumes, true, true, vac_enabled);
    }
    Provisioning& p = delayed.provisioning;
    if (delayed.class_name.empty()) {
      p.error = fmt::format("no class for claim {}", field::go_quote(key_of(*claim)));
    } else if ((p.storage_class = storage.storage_class(delayed.class_name)) == nullptr) {
      p.error = fmt::format("failed to find storage class {}", field::go_quote(delayed.class_name));
    } else {
      const std::string& provisioner = p.storage_class->provisioner;
      p.supported = !provisioner.empty() && provisioner != kNotSupportedProvisioner;
      p.topology.emplace(p.storage_class->allowed_topologies);
      const Quantity* request = storage_request(*claim);
      const CSIDriver* driver = storage.csi_driver(provisioner);
      p.check_capacity = request != nullptr && driver != nullptr && driver->storage_capacity;
      if (p.check_capacity) {
        const int64_t size = request->value();
        for (const auto& capacity : storage.storage_capacities()) {
          if (capacity.storage_class_name != p.storage_class->metadata.name) continue;
          const auto& limit = volume_limit(capacity);
          if (!limit || limit->value() < size) continue;
          if (!capacity.node_topology) continue;  // no topology: reachable from no node
          auto selector = Selector::from_label_selector(capacity.node_topology);
          if (!selector) continue;
          p.capacities.emplace_back(&capacity, std::move(*selector));
        }
      }
    }
    delayed_.push_back(std::move(delayed));
  }
  for (size_t i = 0; i < delayed_.size(); ++i) {
    if (delayed_[i].selected_node == nullptr) matching_order_.push_back(i);
  }
  // byPVCSize; Go's sort is stable for the few claims a pod has (insertion sort up to 12).
  std::stable_sort(matching_order_.begin(), matching_order_.end(), [&](size_t a, size_t b) {
    return request_or_zero(*delayed_[a].claim).compare(request_or_zero(*delayed_[b].claim)) < 0;
  });
}

PodVolumePlan::~PodVolumePlan() = default;

bool PodVolumePlan::check_bound_claims(const Node& node, PodVolumesOnNode& out, bool& satisfied, bool& found) const {
  const CSINode* csi_node = nullptr;
  bool csi_node_looked_up = false;
  for (const auto& bound : bound_) {
    if (bound.volume == nullptr) {
      found = false;
      out.details.push_back(fmt::format("claim {} is bound to volume {}, which does not exist", key_of(*bound.claim),
                                        bound.claim->spec.volume_name));
      return true;
    }
    const NodeSelectorMatcher* affinity = bound.affinity.get();
    const std::optional<NodeSelector>* shown = &bound.volume->node_affinity;
    std::string migration;
    if (!bound.migrated_plugin.empty()) {
      if (!csi_node_looked_up) {
        csi_node = storage_->csi_node(node.metadata.name);
        csi_node_looked_up = true;
      }
      if (is_plugin_migrated_on_node(bound.migrated_plugin, csi_node)) {
        if (bound.translate_error) {
          out.error = "could not translate pv: " + *bound.translate_error;
          return false;
        }
        affinity = bound.translated_affinity.get();
        shown = &bound.translated;
        migration = fmt::format(" (in-tree {}, served through CSI on this node)", bound.migrated_plugin);
      }
    }
    if (affinity != nullptr && !affinity->match(node.metadata.labels, "")) {
      satisfied = false;
      out.details.push_back(fmt::format("volume {}{} of claim {}{} is pinned by node affinity to {} ({})",
                                        bound.volume->metadata.name,
                                        bound.volume->assumed_provisioned ? " (assumed provisioned: the claim binds Immediately)" : "",
                                        key_of(*bound.claim), migration,
                                        describe_node_selector(**shown),
                                        describe_node_labels(selector_keys(**shown), node.metadata.labels)));
      return true;
    }
  }
  return true;
}

PodVolumesOnNode PodVolumePlan::find(const Node& node) const {
  PodVolumesOnNode out;
  bool unbound_satisfied = true;
  bool bound_satisfied = true;
  bool sufficient_storage = true;
  bool bound_volumes_found = true;
  std::vector<std::string> bound_details;
  std::vector<std::string> unbound_details;

  // The reasons in kube's order, each with the detail that explains it.
  auto finish = [&]() -> PodVolumesOnNode {
    if (out.error) {
      out.reasons.clear();
      out.details.clear();
      return std::move(out);
    }
    std::vector<std::string> details;
    if (!bound_satisfied) {
      out.reasons.emplace_back(volume_binding_reasons::kNodeConflict);
      details.insert(details.end(), bound_details.begin(), bound_details.end());
    }
    if (!unbound_satisfied || !sufficient_storage) {
      if (!unbound_satisfied) out.reasons.emplace_back(volume_binding_reasons::kBindConflict);
      if (!sufficient_storage) out.reasons.emplace_back(volume_binding_reasons::kNotEnoughSpace);
      details.insert(details.end(), unbound_details.begin(), unbound_details.end());
    }
    if (!bound_volumes_found) {
      out.reasons.emplace_back(volume_binding_reasons::kPVNotExist);
      details.insert(details.end(), bound_details.begin(), bound_details.end());
    }
    out.details = std::move(details);
    return std::move(out);
  };

  if (!bound_.empty()) {
    PodVolumesOnNode scratch;
    if (!check_bound_claims(node, scratch, bound_satisfied, bound_volumes_found)) {
      out.error = std::move(scratch.error);
      return finish();
    }
    bound_details = std::move(scratch.details);
  }
  if (delayed_.empty()) return finish();

  // Claims the scheduler already chose a node for are provisioned there, nowhere else.
  std::vector<size_t> to_provision;
  std::vector<bool> went_unmatched(delayed_.size(), false);
  for (size_t i = 0; i < delayed_.size(); ++i) {
    const DelayedClaim& delayed = delayed_[i];
    if (delayed.selected_node == nullptr) continue;
    if (*delayed.selected_node != node.metadata.name) {
      unbound_satisfied = false;
      unbound_details.push_back(fmt::format("claim {} is being provisioned for node {} ({})", key_of(*delayed.claim),
                                            *delayed.selected_node, volume_annotations::kSelectedNode));
      return finish();
    }
    to_provision.push_back(i);
  }

  // findMatchingVolumes: smallest claims first, each volume used once.
  std::set<const PersistentVolume*> chosen;
  if (!matching_order_.empty()) {
    bool found_all = true;
    for (size_t i : matching_order_) {
      const DelayedClaim& delayed = delayed_[i];
      VolumeMatch match = delayed.matcher->match(&node.metadata.labels, chosen);
      if (match.error) {
        out.error = std::move(match.error);
        return finish();
      }
      if (match.volume == nullptr) {
        found_all = false;
        went_unmatched[i] = true;
        to_provision.push_back(i);
        continue;
      }
      chosen.insert(match.volume);
      out.static_bindings.push_back(StaticBinding{delayed.claim, match.volume});
    }
    unbound_satisfied = found_all;
  }
  if (to_provision.empty()) return finish();

  // checkVolumeProvisions: the first claim that cannot be provisioned here decides.
  auto no_volume = [&](size_t i) -> std::string {
    if (!went_unmatched[i])
      return fmt::format("{} is to be provisioned on this node", describe_claim(*delayed_[i].claim));
    const DelayedClaim& delayed = delayed_[i];
    ClaimVolumeMatcher::Miss miss = delayed.matcher->explain(node.metadata.labels, chosen);
    std::string why;
    const std::string class_text = delayed.class_name.empty() ? "without a class" : "of class " + delayed.class_name;
    if (miss.prebound_unreachable != nullptr) {
      why = fmt::format("its pre-bound volume {} is not reachable from this node (node affinity {})",
                        miss.prebound_unreachable->metadata.name,
                        describe_node_selector(*miss.prebound_unreachable->node_affinity));
    } else if (miss.fitting == 0) {
      why = fmt::format("no available PV {} fits it", class_text);
    } else {
      std::vector<std::string> parts;
      if (miss.unreachable > 0)
        parts.push_back(fmt::format("{} pinned by node affinity to other nodes", miss.unreachable));
      if (miss.taken > 0) parts.push_back(fmt::format("{} chosen for another claim of the pod", miss.taken));
      why = fmt::format("no available PV fits on this node ({} fitting PV(s) {}: {})", miss.fitting, class_text,
                        fmt::join(parts, ", "));
    }
    return fmt::format("{}: {}", describe_claim(*delayed.claim), why);
  };
  std::vector<DynamicProvision> provisions;
  bool provision_satisfied = true;
  bool enough_storage = true;
  for (size_t i : to_provision) {
    const DelayedClaim& delayed = delayed_[i];
    const Provisioning& p = delayed.provisioning;
    if (p.error) {
      out.error = p.error;
      return finish();
    }
    if (!p.supported) {
      provision_satisfied = false;
      const std::string& provisioner = p.storage_class->provisioner;
      unbound_details.push_back(fmt::format("{}; class {} does not provision volumes dynamically (provisioner {})",
                                            no_volume(i), delayed.class_name,
                                            provisioner.empty() ? "\"\"" : provisioner));
      break;
    }
    if (!p.topology->matches(node.metadata.labels)) {
      provision_satisfied = false;
      unbound_details.push_back(fmt::format(
          "{}; dynamic provisioning by {} not allowed here ({})", no_volume(i), p.storage_class->provisioner,
          describe_topologies(p.storage_class->allowed_topologies, node.metadata.labels)));
      break;
    }
    const CSIStorageCapacity* room = nullptr;
    if (p.check_capacity) {
      for (const auto& [capacity, selector] : p.capacities) {
        if (selector.matches(node.metadata.labels)) {
          room = capacity;
          break;
        }
      }
      if (room == nullptr) {
        enough_storage = false;
        unbound_details.push_back(fmt::format(
            "{}; no CSIStorageCapacity of class {} reachable from this node has room for {} (driver {} tracks "
            "capacity)",
            no_volume(i), delayed.class_name, storage_request(*delayed.claim)->to_string(),
            p.storage_class->provisioner));
        break;
      }
    }
    provisions.push_back(DynamicProvision{delayed.claim, room});
  }
  unbound_satisfied = provision_satisfied;
  sufficient_storage = enough_storage;
  if (provision_satisfied && enough_storage) out.dynamic_provisions = std::move(provisions);
  return finish();
}

}  // namespace podfit
