#include <algorithm>
#include <deque>
#include <optional>

#include <fmt/format.h>

#include "podfit/drain/drain.h"
#include "podfit/drain/eviction_budgets.h"
#include "podfit/drain/replacement.h"
#include "podfit/drain/sure_landing.h"
#include "podfit/framework/scheduling_cycle.h"
#include "podfit/load/workload.h"

namespace podfit {
namespace {

// A replacement waiting for its cycle, with the report row it answers.
struct Replacement {
  size_t row;
  Pod pod;
};

std::string controller_title(const Pod& pod) {
  const OwnerReference* controller = controller_of(pod);
  return controller == nullptr ? std::string() : fmt::format("{} {}", controller->kind, controller->name);
}

// The PodInfo the snapshot keeps for `pod` on `node`, or nullptr (finished pods are not there).
const PodInfo* info_of(const NodeInfo& node, const Pod* pod) {
  for (const PodInfo* info : node.pods()) {
    if (&info->pod() == pod) return info;
  }
  return nullptr;
}

// Undoes what a placed replacement's Reserve and PreBind left in the assume caches (the claims
// it bound, the volumes bound to them, its ResourceClaims' allocations), so the next drain on
// this snapshot starts from the cluster state.
void restore_assumed_claims(Snapshot& snapshot, const Pod& pod) {
  const std::string& ns = pod.metadata.namespace_;
  StorageLookup& storage = snapshot.mutable_storage();
  for (const Volume& volume : pod.spec.volumes) {
    std::string claim;
    if (volume.source.type == kPersistentVolumeClaimSource) claim = volume.claim_name;
    else if (volume.ephemeral_claim) claim = pod.metadata.name + "-" + volume.name;
    if (claim.empty()) continue;
    if (const PersistentVolumeClaim* now = storage.claim(ns, claim); now != nullptr && !now->spec.volume_name.empty()) {
      storage.restore_volume(now->spec.volume_name);
    }
    storage.restore_claim(ns, claim);
  }
  for (const PodResourceClaim& claim : pod.spec.resource_claims) {
    if (claim.resource_claim_name) snapshot.restore_resource_claim(ns, *claim.resource_claim_name);
  }
  for (const PodResourceClaimStatus& status : pod.status.resource_claim_statuses) {
    if (status.resource_claim_name) snapshot.restore_resource_claim(ns, *status.resource_claim_name);
  }
}

}  // namespace

std::string_view drain_action_name(DrainAction action) {
  switch (action) {
    case DrainAction::Reschedule: return "reschedule";
    case DrainAction::Ignore: return "ignore";
    case DrainAction::Blocked: return "blocked";
  }
  return "";
}

bool DrainOutcome::drainable() const {
  return std::none_of(pods.begin(), pods.end(), [](const DrainedPod& p) { return p.blocks(); });
}

size_t DrainOutcome::to_move() const {
  return static_cast<size_t>(
      std::count_if(pods.begin(), pods.end(), [](const DrainedPod& p) { return p.action == DrainAction::Reschedule; }));
}

DrainSimulator::DrainSimulator(const ClusterState& cluster, Snapshot& snapshot, const PlacementProfiles& profiles,
                               const FeatureGates& gates, const DrainFlags& flags)
    : cluster_(&cluster), snapshot_(&snapshot), profiles_(&profiles), gates_(&gates), flags_(flags) {
  for (const Pod& pod : cluster.pods) {
    if (!pod.spec.node_name.empty()) pods_by_node_[pod.spec.node_name].push_back(&pod);
  }
}

// What a drain changed in the snapshot and what it has to place.
struct DrainSimulator::Eviction {
  DrainOutcome out;
  std::deque<Node> cordoned;
  std::vector<const Node*> originals;
  std::vector<std::vector<const PodInfo*>> pod_orders;  // each node's pods, in the order to restore
  std::vector<const PodInfo*> taken;
  std::vector<Replacement> replacements;  // in the order the scheduling queue pops them
  std::vector<const PodInfo*> assumed;
  std::vector<const Pod*> placed;
};

DrainSimulator::Eviction DrainSimulator::evict(const std::vector<std::string>& nodes) {
  Eviction e;
  DrainOutcome& out = e.out;
  out.drained = nodes;
  // kubectl drain cordons every node first, so no replacement lands on a node drained with it.
  for (const std::string& name : nodes) {
    NodeInfo* info = snapshot_->find_node(name);
    if (info == nullptr) continue;
    e.originals.push_back(&info->node());
    e.pod_orders.push_back(info->pods());
    e.cordoned.push_back(info->node());
    e.cordoned.back().spec.unschedulable = true;
    snapshot_->update_node(e.cordoned.back());
  }

  EvictionBudgets budgets(cluster_->pod_disruption_budgets);
  for (const std::string& name : nodes) {
    const NodeInfo* node = snapshot_->find_node(name);
    auto found = pods_by_node_.find(name);
    if (node == nullptr || found == pods_by_node_.end()) continue;
    for (const Pod* pod : found->second) {
      DrainedPod& row = out.pods.emplace_back();
      row.namespace_ = pod->metadata.namespace_;
      row.name = pod->metadata.name;
      row.from = name;
      row.priority = pod->spec.priority.value_or(0);
      row.controller = controller_title(*pod);
      const PodDrainVerdict verdict = classify_for_drain(*pod, flags_);
      row.reason = verdict.reason;
      if (verdict.fate == PodDrainFate::Keep) {
        row.action = DrainAction::Ignore;
        continue;
      }
      if (verdict.fate == PodDrainFate::Refuse) {
        row.action = DrainAction::Blocked;
        continue;
      }
      // Deleted or replaced: through the eviction subresource, which checks the budgets.
      if (std::optional<std::string> refused = budgets.evict(*pod)) {
        row.action = DrainAction::Blocked;
        row.reason = std::move(*refused);
        continue;
      }
      if (const PodInfo* info = info_of(*node, pod); info != nullptr && snapshot_->take_off_node(info)) {
        e.taken.push_back(info);
      }
      if (verdict.fate == PodDrainFate::Delete) {
        row.action = DrainAction::Ignore;
        continue;
      }
      row.action = DrainAction::Reschedule;
      Pod replacement = replacement_pod(*pod, e.replacements.size());
      row.replacement = replacement.metadata.name;
      e.replacements.push_back(Replacement{out.pods.size() - 1, std::move(replacement)});
    }
  }

  // The scheduling queue pops higher priorities first; equal ones keep the report's order.
  std::stable_sort(e.replacements.begin(), e.replacements.end(), [](const Replacement& a, const Replacement& b) {
    return a.pod.spec.priority.value_or(0) > b.pod.spec.priority.value_or(0);
  });
  return e;
}

void DrainSimulator::place(Eviction& e, size_t from, size_t to) {
  for (size_t i = from; i < to; ++i) {
    Replacement& r = e.replacements[i];
    DrainedPod& row = e.out.pods[r.row];
    // The claims the controllers create with the new pod: its generic ephemeral volumes' and
    // its ResourceClaimTemplates'.
    const Candidate candidate{r.pod, std::nullopt, std::nullopt, std::nullopt};
    for (PersistentVolumeClaim& claim : created_claims(*cluster_, candidate)) {
      snapshot_->mutable_storage().add_claim(std::move(claim));
    }
    for (ResourceClaim& claim : create_template_claims(r.pod, cluster_->resource_claim_templates)) {
      snapshot_->add_resource_claim(std::move(claim));
    }
    const CycleProfile* cycle = profiles_->find(r.pod.spec.scheduler_name);
    if (cycle == nullptr) {
      row.reason = fmt::format("no profile of the configuration serves schedulerName \"{}\"", r.pod.spec.scheduler_name);
      continue;
    }
    // The report gives a FitError's message; the nodes' details only when asked (-o wide).
    const CycleResult result = schedule_one(r.pod, *snapshot_, *cycle, *gates_, explain_);
    e.placed.push_back(&r.pod);
    if (result.bound()) {
      row.node = result.node;
      if (result.assumed != nullptr) e.assumed.push_back(result.assumed);
    } else {
      row.reason = result.message;
      const auto& nodes = snapshot_->nodes();
      if (explain_ && result.filter.node_failures.size() == nodes.size()) {
        for (size_t n = 0; n < nodes.size(); ++n) row.rejections.emplace_back(nodes[n]->name(), result.filter.node_failures[n]);
      }
    }
  }
}

void DrainSimulator::restore(Eviction& e) {
  for (auto it = e.assumed.rbegin(); it != e.assumed.rend(); ++it) snapshot_->forget(*it);
  for (const Pod* pod : e.placed) restore_assumed_claims(*snapshot_, *pod);
  for (const PodInfo* info : e.taken) snapshot_->put_back(info);
  // Taking pods off moves others in a node's list: the next drain must see the same order.
  for (const std::vector<const PodInfo*>& order : e.pod_orders) {
    for (const PodInfo* info : order) snapshot_->take_off_node(info);
    for (const PodInfo* info : order) snapshot_->put_back(info);
  }
  for (const Node* node : e.originals) snapshot_->update_node(*node);
}

DrainOutcome DrainSimulator::drain(const std::vector<std::string>& nodes) {
  Eviction e = evict(nodes);
  place(e, 0, e.replacements.size());
  restore(e);
  return std::move(e.out);
}

DrainOutcome DrainSimulator::summarize(const std::string& node) {
  Eviction e = evict({node});
  // Replacements proven to land are only marked; the first one that cannot be proven is placed
  // with those before it (it depends on where they go), and the rest proven from there.
  size_t next = 0;
  while (next < e.replacements.size()) {
    std::vector<const Pod*> pods;
    for (size_t i = next; i < e.replacements.size(); ++i) pods.push_back(&e.replacements[i].pod);
    const std::optional<size_t> unproven = first_unproven_landing(pods, *snapshot_, *profiles_, *gates_);
    if (!unproven) {
      for (size_t i = next; i < e.replacements.size(); ++i) e.out.pods[e.replacements[i].row].lands = true;
      break;
    }
    place(e, next, next + *unproven + 1);
    next += *unproven + 1;
  }
  restore(e);
  return std::move(e.out);
}

}  // namespace podfit
