#include "podfit/cli/copy_placement.h"

#include <fmt/format.h>

#include "podfit/admission/admission.h"
#include "podfit/admission/resource_quota.h"
#include "podfit/cli/workload_check.h"
#include "podfit/load/pod_creation.h"

namespace podfit {
namespace {

std::string key_of(const std::string& ns, const std::string& name) { return ns + "/" + name; }

bool is_kind(const Candidate& candidate, std::string_view kind) {
  return candidate.workload && candidate.workload->kind == kind;
}

std::string title_of(const Candidate& candidate) {
  if (candidate.workload) {
    return fmt::format("{} {}/{}", candidate.workload->kind, candidate.workload->namespace_, candidate.workload->name);
  }
  return key_of(candidate.pod.metadata.namespace_, candidate.pod.metadata.name);
}

}  // namespace

Copies::Copies(const Candidate& candidate, const ClusterState& cluster, const Snapshot& snapshot,
               const PluginContext& context, const CopyRequest& request, std::ostream& err)
    : candidate_(&candidate) {
  const bool workload = candidate.workload && candidate.workload->kind != "PodTemplate";
  renamed_ = workload || request.replicas || request.max;
  base_ = workload ? candidate.workload->name : candidate.pod.metadata.name;
  size_t wanted = request.replicas ? static_cast<size_t>(*request.replicas)
                  : workload       ? static_cast<size_t>(candidate.workload->replicas.value_or(1))
                                   : 1;
  if (is_kind(candidate, "DaemonSet")) {
    if (request.replicas || request.max) {
      err << fmt::format("podfit: {}: {} does not apply: the DaemonSet controller runs one pod on each node that "
                         "should run it\n",
                         title_of(candidate), request.max ? "--max" : "--replicas");
    }
    const FilterOutcome should_run = daemon_pod_placement(candidate.pod, snapshot, context, false);
    for (size_t i = 0; i < snapshot.nodes().size(); ++i) {
      if (should_run.node_failures[i].empty()) daemon_nodes_.push_back(snapshot.nodes()[i]->name());
    }
    count_ = daemon_nodes_.size();
    return;
  }
  if (candidate.stateful_set) {
    const std::string& ns = candidate.pod.metadata.namespace_;
    for (const Pod& pod : cluster.pods) {
      if (pod.metadata.namespace_ == ns) existing_.insert(pod.metadata.name);
    }
    next_ordinal_ = candidate.stateful_set->ordinal;
  }
  if (request.max) return;  // until one does not fit
  if (candidate.stateful_set) {
    // The controller creates the ordinals [start, start + replicas) that have no pod yet.
    const StatefulSetIdentity& identity = *candidate.stateful_set;
    for (size_t i = 0; i < wanted; ++i) {
      const int32_t ordinal = identity.start + static_cast<int32_t>(i);
      if (!existing_.contains(fmt::format("{}-{}", identity.set_name, ordinal))) ordinals_.push_back(ordinal);
    }
    wanted = ordinals_.size();
  }
  if (wanted > request.limit) {
    err << fmt::format("podfit: {}: placing {} of its {} pods (--limit)\n", title_of(candidate), request.limit, wanted);
    wanted = request.limit;
  }
  count_ = wanted;
}

Candidate Copies::make(size_t index) {
  Candidate copy = *candidate_;
  if (copy.stateful_set) {
    set_stateful_set_ordinal(copy, stateful_set_ordinal(index));
    return copy;
  }
  if (!daemon_nodes_.empty()) copy.pod = daemon_pod_for_node(candidate_->pod, daemon_nodes_[index]);
  if (renamed_) {
    ObjectMeta& meta = copy.pod.metadata;
    meta.name = fmt::format("{}-{}", base_, index);
    meta.generate_name.clear();
    // A copy is a pod of its own, not created yet.
    meta.uid.clear();
    meta.creation_timestamp.clear();
  }
  return copy;
}

int32_t Copies::stateful_set_ordinal(size_t index) {
  if (index < ordinals_.size()) return ordinals_[index];
  // --max: the next ordinal that has no pod yet.
  const std::string& set = candidate_->stateful_set->set_name;
  while (existing_.contains(fmt::format("{}-{}", set, next_ordinal_))) ++next_ordinal_;
  ordinals_.push_back(next_ordinal_++);
  return ordinals_.back();
}

CopyPlacer::CopyPlacer(const ClusterState& cluster, Snapshot& snapshot, const Profiles& profiles,
                       const PlacementProfiles& placement, const FeatureGates& gates, bool charge_quotas)
    : cluster_(cluster),
      snapshot_(snapshot),
      profiles_(profiles),
      placement_(placement),
      gates_(gates),
      charge_quotas_(charge_quotas),
      quotas_(cluster.resource_quotas) {}

CopyAttempt CopyPlacer::place(const Candidate& candidate, Candidate& copy) {
  for (PersistentVolumeClaim& claim : podfit::created_claims(cluster_, copy)) {
    std::string key = key_of(claim.metadata.namespace_, claim.metadata.name);
    if (snapshot_.mutable_storage().add_claim(std::move(claim))) created_claims_.push_back(std::move(key));
  }
  if (is_uncreated(copy.pod)) {
    for (ResourceClaim& claim : create_template_claims(copy.pod, cluster_.resource_claim_templates)) {
      std::string key = key_of(claim.metadata.namespace_, claim.metadata.name);
      if (snapshot_.add_resource_claim(std::move(claim))) created_resource_claims_.push_back(std::move(key));
    }
  }
  const Pod& pod = copy.pod;
  CopyAttempt attempt;
  // load_input admitted the candidate without charging it: the quotas are checked and charged
  // here, once for each copy the controller creates.
  const bool charged = charge_quotas_ && (copy.workload || is_uncreated(pod));
  std::optional<AdmissionRefusal> refused = candidate.refused;
  // ResourceQuota comes last: its refusal at load, against the quotas as read, is made again
  // against the quotas as the copies before left them, whose usage its message states.
  if (charged && refused && refused->plugin == "ResourceQuota") refused.reset();
  if (!refused && charged) {
    if (auto why = resource_quota_refusal(pod, quotas_)) {
      refused = AdmissionRefusal{"ResourceQuota", pod_forbidden(pod, *why)};
    } else {
      charge_resource_quotas(pod, quotas_);
    }
  }
  if (refused) {
    attempt.stage = "Refused";
    attempt.message = refused->message;
    return attempt;
  }
  // kube-scheduler schedules a pod only with the profile its schedulerName names, and only
  // once the profile's PreEnqueue plugins (SchedulingGates, DynamicResources) let it into the queue.
  const Profile* filters = profiles_.find(pod.spec.scheduler_name);
  const CycleProfile* cycle = placement_.find(pod.spec.scheduler_name);
  if (filters == nullptr || cycle == nullptr) {
    attempt.stage = "Unserved";
    attempt.message = fmt::format("no profile of the configuration serves schedulerName \"{}\"", pod.spec.scheduler_name);
    return attempt;
  }
  if (Status gated = run_pre_enqueue_plugins(filters->pre_enqueue, pod, snapshot_, gates_); !gated.is_success()) {
    attempt.stage = "Gated";
    attempt.message = gated.message();
    return attempt;
  }
  attempt.cycle = schedule_one(pod, snapshot_, *cycle, gates_);
  return attempt;
}

ControllerSelector deployment_selector(const std::vector<const Candidate*>& candidates) {
  std::set<std::pair<std::string, std::string>> replica_sets;
  for (const Candidate* candidate : candidates) {
    if (!is_kind(*candidate, "Deployment")) continue;
    if (const std::string* hash = candidate->pod.metadata.labels.find("pod-template-hash")) {
      replica_sets.emplace(candidate->pod.metadata.namespace_, *hash);
    }
  }
  if (replica_sets.empty()) return {};
  return [replica_sets](const Pod& pod) -> std::optional<Selector> {
    const std::string* hash = pod.metadata.labels.find("pod-template-hash");
    if (hash == nullptr || !replica_sets.contains({pod.metadata.namespace_, *hash})) return std::nullopt;
    StringMap labels;
    labels.set("pod-template-hash", *hash);
    return Selector::from_set(labels);
  };
}

bool has_replicas_to_place(const Candidate& candidate) {
  return candidate.workload && candidate.workload->kind != "DaemonSet" && candidate.workload->kind != "PodTemplate" &&
         candidate.workload->replicas.value_or(1) > 1;
}

ReplicaOutcome place_replicas(const Candidate& candidate, const ClusterState& cluster, Snapshot& snapshot,
                              const Profiles& profiles, const PlacementProfiles& placement,
                              const PluginContext& context, std::ostream& err) {
  Copies copies(candidate, cluster, snapshot, context, CopyRequest{}, err);
  CopyPlacer placer(cluster, snapshot, profiles, placement, context.gates, true);
  ReplicaOutcome outcome;
  outcome.wanted = static_cast<int64_t>(copies.count().value_or(0));
  for (size_t i = 0; i < copies.count().value_or(0); ++i) {
    Candidate copy = copies.make(i);
    const CopyAttempt attempt = placer.place(candidate, copy);
    if (attempt.placed()) {
      ++outcome.placed;
      continue;
    }
    if (outcome.first_unplaced.empty()) {
      outcome.first_unplaced = copy.pod.metadata.name;
      outcome.message = attempt.stage.empty() ? attempt.cycle.message : attempt.message;
    }
    // The copies after differ in name only, and this one changed nothing: each would fail as it did.
    if (!candidate.stateful_set) break;
  }
  return outcome;
}

}  // namespace podfit
