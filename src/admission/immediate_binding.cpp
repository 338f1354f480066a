#include "podfit/admission/immediate_binding.h"

#include <fmt/format.h>

#include "podfit/plugins/volume_binding/volume_binding.h"

namespace podfit {
namespace {

// The provisioner name of classes that never provision (local volumes, static volumes only).
constexpr std::string_view kNoProvisioner = "kubernetes.io/no-provisioner";

const StorageClass* find_class(const ClusterState& cluster, const std::string& name) {
  for (const StorageClass& sc : cluster.storage_classes) {
    if (sc.metadata.name == name) return &sc;
  }
  return nullptr;
}

// The volume an external provisioner creates for the claim, bound to it.
PersistentVolume provisioned_volume(const PersistentVolumeClaim& claim, const StorageClass& sc) {
  PersistentVolume volume;
  // Provisioners name volumes after the claim's UID; a claim not yet created has none.
  volume.metadata.name = fmt::format("pvc-{}", claim.metadata.uid.empty()
                                                   ? fmt::format("{}-{}", claim.metadata.namespace_, claim.metadata.name)
                                                   : claim.metadata.uid);
  volume.metadata.annotations.set("pv.kubernetes.io/provisioned-by", sc.provisioner);
  if (claim.spec.resources.requests) {
    if (const Quantity* storage = claim.spec.resources.requests->find(resource_names::kStorage)) {
      volume.capacity.set(std::string(resource_names::kStorage), *storage);
    }
  }
  volume.access_modes = claim.spec.access_modes;
  volume.volume_mode = claim.spec.volume_mode;
  volume.storage_class_name = sc.metadata.name;
  volume.reclaim_policy = sc.reclaim_policy;
  volume.source.type = "csi";
  volume.source.csi_driver = sc.provisioner;
  volume.source.csi_volume_handle = volume.metadata.name;
  volume.assumed_provisioned = true;
  if (!sc.allowed_topologies.empty()) {
    NodeSelector affinity;
    for (const TopologySelectorTerm& topology : sc.allowed_topologies) {
      NodeSelectorTerm& term = affinity.node_selector_terms.emplace_back();
      for (const TopologySelectorRequirement& r : topology.match_label_expressions) {
        term.match_expressions.push_back(NodeSelectorRequirement{r.key, "In", r.values});
      }
    }
    volume.node_affinity = std::move(affinity);
  }
  return volume;
}

void bind(PersistentVolumeClaim& claim, PersistentVolume& volume) {
  claim.spec.volume_name = volume.metadata.name;
  claim.metadata.annotations.set(std::string(volume_annotations::kBindCompleted), "yes");
  claim.phase = "Bound";
  volume.claim_ref = ObjectReference{"PersistentVolumeClaim", claim.metadata.namespace_, claim.metadata.name,
                                     claim.metadata.uid};
  volume.phase = "Bound";
}

}  // namespace

std::vector<AssumedBinding> bind_immediate_claims(ClusterState& cluster, const std::set<std::string>& new_claims) {
  std::vector<AssumedBinding> bound;
  for (PersistentVolumeClaim& claim : cluster.persistent_volume_claims) {
    if (!new_claims.contains(namespaced_name(claim.metadata))) continue;
    if (!claim.spec.volume_name.empty()) {
      // Pre-bound by the manifest: the controller completes the binding when that volume is free.
      if (claim.metadata.annotations.contains(volume_annotations::kBindCompleted)) continue;
      for (PersistentVolume& volume : cluster.persistent_volumes) {
        if (volume.metadata.name != claim.spec.volume_name) continue;
        const bool free = !volume.claim_ref || (volume.claim_ref->namespace_ == claim.metadata.namespace_ &&
                                                volume.claim_ref->name == claim.metadata.name);
        if (free) {
          bind(claim, volume);
          bound.push_back({namespaced_name(claim.metadata), volume.metadata.name, ""});
        }
        break;
      }
      continue;
    }
    const std::string class_name = persistent_volume_claim_class(claim);
    const StorageClass* sc = class_name.empty() ? nullptr : find_class(cluster, class_name);
    if (sc == nullptr || sc->volume_binding_mode != "Immediate") continue;
    std::vector<const PersistentVolume*> candidates;
    for (const PersistentVolume& volume : cluster.persistent_volumes) {
      if (volume.storage_class_name == class_name) candidates.push_back(&volume);
    }
    VolumeMatch match = find_matching_volume(claim, candidates, nullptr, {}, false, true);
    if (match.volume != nullptr) {
      PersistentVolume& volume = cluster.persistent_volumes[static_cast<size_t>(match.volume - cluster.persistent_volumes.data())];
      bind(claim, volume);
      bound.push_back({namespaced_name(claim.metadata), volume.metadata.name, ""});
      continue;
    }
    if (sc->provisioner.empty() || sc->provisioner == kNoProvisioner) continue;
    PersistentVolume& volume = cluster.persistent_volumes.emplace_back(provisioned_volume(claim, *sc));
    bind(claim, volume);
    bound.push_back({namespaced_name(claim.metadata), volume.metadata.name, sc->provisioner});
  }
  return bound;
}

}  // namespace podfit
