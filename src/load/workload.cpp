#include "podfit/load/workload.h"

#include <unordered_set>

#include <fmt/format.h>

#include "decode.h"
#include "stand_in.h"
#include "podfit/load/pod_creation.h"
#include "podfit/validation/pod_create.h"
#include "validation/core/pod_defaults.h"

namespace podfit {
namespace {

// Toleration.MatchToleration: same key, operator, value and effect.
bool same_toleration(const Toleration& a, const Toleration& b) {
  return a.key == b.key && a.op == b.op && a.value == b.value && a.effect == b.effect;
}

// v1helper.AddOrUpdateTolerationInPodSpec: a matching toleration is replaced (unless identical,
// tolerationSeconds included); otherwise the toleration is appended.
void add_or_update_toleration(PodSpec& spec, const Toleration& toleration) {
  bool updated = false;
  for (Toleration& existing : spec.tolerations) {
    if (!same_toleration(toleration, existing)) continue;
    if (existing.toleration_seconds == toleration.toleration_seconds) return;
    existing = toleration;
    updated = true;
  }
  if (!updated) spec.tolerations.push_back(toleration);
}

Toleration exists(const char* key, const char* effect) { return Toleration{key, "Exists", "", effect, std::nullopt}; }

std::string synthesized_for(std::string_view what) { return fmt::format("<synthesized for {}>", what); }

// "namespace/name (for ...)": what a synthesized origin says the object was made for.
std::string describe_created(const std::string& key, const SourceRef& origin) {
  const std::string& file = origin.file;
  return fmt::format("{} ({})", key, std::string_view(file).substr(std::string_view("<synthesized ").size(),
                                                                      file.size() - std::string_view("<synthesized >").size()));
}

}  // namespace

void add_daemon_pod_tolerations(PodSpec& spec) {
  add_or_update_toleration(spec, exists("node.kubernetes.io/not-ready", taint_effects::kNoExecute));
  add_or_update_toleration(spec, exists("node.kubernetes.io/unreachable", taint_effects::kNoExecute));
  add_or_update_toleration(spec, exists("node.kubernetes.io/disk-pressure", taint_effects::kNoSchedule));
  add_or_update_toleration(spec, exists("node.kubernetes.io/memory-pressure", taint_effects::kNoSchedule));
  add_or_update_toleration(spec, exists("node.kubernetes.io/pid-pressure", taint_effects::kNoSchedule));
  add_or_update_toleration(spec, exists("node.kubernetes.io/unschedulable", taint_effects::kNoSchedule));
  if (spec.host_network) {
    add_or_update_toleration(spec, exists("node.kubernetes.io/network-unavailable", taint_effects::kNoSchedule));
  }
}

Pod daemon_pod_for_node(const Pod& daemon_pod, std::string_view node_name) {
  Pod pod = daemon_pod;
  NodeSelector pinned;
  pinned.node_selector_terms.push_back(
      NodeSelectorTerm{{}, {NodeSelectorRequirement{"metadata.name", "In", {std::string(node_name)}}}});
  Affinity& affinity = pod.spec.affinity ? *pod.spec.affinity : pod.spec.affinity.emplace();
  NodeAffinity& node_affinity = affinity.node_affinity ? *affinity.node_affinity : affinity.node_affinity.emplace();
  // Every required term is replaced, whatever it said; preferred terms stay.
  node_affinity.required = std::move(pinned);
  return pod;
}

void set_stateful_set_ordinal(Candidate& candidate, int32_t ordinal) {
  StatefulSetIdentity& identity = *candidate.stateful_set;
  identity.ordinal = ordinal;
  Pod pod = identity.base;
  const std::string name = fmt::format("{}-{}", identity.set_name, ordinal);
  pod.metadata.name = name;
  pod.metadata.generate_name.clear();
  pod.metadata.labels.set("statefulset.kubernetes.io/pod-name", name);
  pod.metadata.labels.set("apps.kubernetes.io/pod-index", std::to_string(ordinal));
  // updateStorage: one volume per claim template, replacing a template volume of the same name.
  std::vector<Volume> volumes;
  for (const PersistentVolumeClaim& tmpl : identity.claim_templates) {
    Volume& volume = volumes.emplace_back();
    volume.name = tmpl.metadata.name;
    volume.source.type = "persistentVolumeClaim";
    volume.claim_name = fmt::format("{}-{}", tmpl.metadata.name, name);
  }
  for (Volume& volume : pod.spec.volumes) {
    bool replaced = false;
    for (const PersistentVolumeClaim& tmpl : identity.claim_templates) replaced = replaced || tmpl.metadata.name == volume.name;
    if (!replaced) volumes.push_back(std::move(volume));
  }
  pod.spec.volumes = std::move(volumes);
  apply_pod_defaults(pod);
  merge_match_label_keys_into_affinity_terms(pod);
  candidate.pod = std::move(pod);
  if (!identity.template_spec_error.empty()) {
    candidate.refused = AdmissionRefusal{"", pod_invalid(candidate.pod, {identity.template_spec_error})};
  }
}

std::vector<PersistentVolumeClaim> controller_created_claims(const Candidate& candidate) {
  std::vector<PersistentVolumeClaim> claims;
  const Pod& pod = candidate.pod;
  const std::string& ns = pod.metadata.namespace_;
  if (candidate.stateful_set) {
    const StatefulSetIdentity& identity = *candidate.stateful_set;
    for (const PersistentVolumeClaim& tmpl : identity.claim_templates) {
      PersistentVolumeClaim& claim = claims.emplace_back();
      claim.metadata.name = fmt::format("{}-{}", tmpl.metadata.name, pod.metadata.name);
      claim.metadata.namespace_ = ns;
      claim.metadata.labels = tmpl.metadata.labels;
      for (const auto& [key, value] : identity.selector_labels) claim.metadata.labels.set(key, value);
      claim.metadata.annotations = tmpl.metadata.annotations;
      claim.spec = tmpl.spec;
      claim.phase = "Pending";
      claim.origin.file = synthesized_for(fmt::format("StatefulSet {}/{}", ns, identity.set_name));
    }
  }
  if (!is_uncreated(pod)) return claims;
  // The ephemeral volume controller's claim: named <pod>-<volume>, controlled by the pod.
  for (const Volume& volume : pod.spec.volumes) {
    if (!volume.ephemeral_claim) continue;
    PersistentVolumeClaim& claim = claims.emplace_back();
    claim.metadata.name = fmt::format("{}-{}", pod.metadata.name, volume.name);
    claim.metadata.namespace_ = ns;
    claim.metadata.labels = volume.ephemeral_labels;
    claim.metadata.annotations = volume.ephemeral_annotations;
    claim.metadata.owner_references.push_back(OwnerReference{"v1", "Pod", pod.metadata.name, pod.metadata.uid, true});
    claim.spec = *volume.ephemeral_claim;
    claim.phase = "Pending";
    claim.origin.file = synthesized_for(
        fmt::format("generic ephemeral volume {} of pod {}/{}", volume.name, ns, pod.metadata.name));
  }
  return claims;
}

std::vector<PersistentVolumeClaim> created_claims(const ClusterState& cluster, const Candidate& candidate) {
  ClusterState created;
  created.storage_classes = cluster.storage_classes;
  created.persistent_volume_claims = controller_created_claims(candidate);
  if (!created.persistent_volume_claims.empty()) apply_default_storage_class(created);
  return std::move(created.persistent_volume_claims);
}

std::string template_claim_base_name(std::string_view pod, std::string_view claim) {
  std::string base = fmt::format("{}-{}-", pod, claim);
  // The controller leaves room for the five-character suffix in 63 characters by shortening both
  // names in proportion (and so loses the trailing hyphen).
  constexpr size_t kMaxBase = 57;
  if (base.size() <= kMaxBase) return base;
  const size_t total = base.size();
  return fmt::format("{}-{}", pod.substr(0, pod.size() * kMaxBase / total), claim.substr(0, claim.size() * kMaxBase / total));
}

std::vector<ResourceClaim> create_template_claims(Pod& pod, const std::vector<ResourceClaimTemplate>& templates) {
  std::vector<ResourceClaim> claims;
  const std::string& ns = pod.metadata.namespace_;
  for (const PodResourceClaim& entry : pod.spec.resource_claims) {
    if (entry.resource_claim_name || !entry.resource_claim_template_name) continue;
    const std::string& template_name = *entry.resource_claim_template_name;
    auto tmpl = std::find_if(templates.begin(), templates.end(), [&](const ResourceClaimTemplate& t) {
      return t.metadata.namespace_ == ns && t.metadata.name == template_name;
    });
    if (tmpl == templates.end()) continue;
    ResourceClaim& claim = claims.emplace_back();
    const std::string base = template_claim_base_name(pod.metadata.name, entry.name);
    claim.metadata.name = base + stand_in_suffix(fmt::format("ResourceClaim/{}/{}", ns, base));
    claim.metadata.namespace_ = ns;
    claim.metadata.labels = tmpl->claim_metadata.labels;
    claim.metadata.annotations = tmpl->claim_metadata.annotations;
    claim.metadata.annotations.set("resource.kubernetes.io/pod-claim-name", entry.name);
    claim.metadata.owner_references.push_back(OwnerReference{"v1", "Pod", pod.metadata.name, pod.metadata.uid, true});
    claim.spec = tmpl->spec;
    claim.origin.file = synthesized_for(fmt::format("ResourceClaimTemplate {} of pod {}/{}", template_name, ns,
                                                    pod.metadata.name));
    // The controller records the claim in the pod's status; a copy's entry from its original is replaced.
    std::erase_if(pod.status.resource_claim_statuses,
                  [&](const PodResourceClaimStatus& status) { return status.name == entry.name; });
    pod.status.resource_claim_statuses.push_back(PodResourceClaimStatus{entry.name, claim.metadata.name});
  }
  return claims;
}

CreatedByControllers prepare_candidates(ClusterState& cluster, std::vector<Candidate>& candidates) {
  std::unordered_set<std::string> pods;
  for (const Pod& pod : cluster.pods) pods.insert(pod.metadata.namespace_ + "/" + pod.metadata.name);
  for (Candidate& candidate : candidates) {
    if (!candidate.stateful_set) continue;
    const StatefulSetIdentity& identity = *candidate.stateful_set;
    const std::string& ns = candidate.pod.metadata.namespace_;
    int32_t ordinal = identity.start;
    while (pods.contains(fmt::format("{}/{}-{}", ns, identity.set_name, ordinal))) ++ordinal;
    if (ordinal != identity.ordinal) set_stateful_set_ordinal(candidate, ordinal);
  }

  std::unordered_set<std::string> claims;
  for (const PersistentVolumeClaim& claim : cluster.persistent_volume_claims) {
    claims.insert(claim.metadata.namespace_ + "/" + claim.metadata.name);
  }
  std::vector<std::string> added;
  for (const Candidate& candidate : candidates) {
    for (PersistentVolumeClaim& claim : controller_created_claims(candidate)) {
      std::string key = claim.metadata.namespace_ + "/" + claim.metadata.name;
      if (!claims.insert(key).second) continue;  // the cluster's own claim is used
      added.push_back(describe_created(key, claim.origin));
      cluster.persistent_volume_claims.push_back(std::move(claim));
    }
  }
  if (!added.empty()) apply_default_storage_class(cluster);
  CreatedByControllers created;
  created.volume_claims = std::move(added);
  std::unordered_set<std::string> resource_claims;
  for (const ResourceClaim& claim : cluster.resource_claims) {
    resource_claims.insert(claim.metadata.namespace_ + "/" + claim.metadata.name);
  }
  for (Candidate& candidate : candidates) {
    if (!is_uncreated(candidate.pod)) continue;
    for (ResourceClaim& claim : create_template_claims(candidate.pod, cluster.resource_claim_templates)) {
      std::string key = claim.metadata.namespace_ + "/" + claim.metadata.name;
      if (!resource_claims.insert(key).second) continue;  // the cluster's own claim is used
      created.resource_claims.push_back(describe_created(key, claim.origin));
      cluster.resource_claims.push_back(std::move(claim));
    }
  }
  return created;
}

}  // namespace podfit
