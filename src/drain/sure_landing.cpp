#include "podfit/drain/sure_landing.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <unordered_set>

#include "podfit/framework/scheduling_cycle.h"

namespace podfit {
namespace {

// Reserve and PreBind change the cluster only for pods with claims, and those are not proven.
bool uses_claims(const Pod& pod) {
  if (!pod.spec.resource_claims.empty()) return true;
  for (const Volume& volume : pod.spec.volumes) {
    if (volume.source.type == kPersistentVolumeClaimSource || volume.ephemeral_claim) return true;
  }
  return false;
}

// Reserve, PreBindPreFlight, PreBind and Bind succeed for the pod on `node`; Reserve undone.
bool binding_succeeds(const CycleProfile& cycle, CycleState state, const PodInfo& pod, const std::string& node,
                      Snapshot& snapshot) {
  const BindingPlugins& binding = cycle.binding;
  bool ok = run_reserve_plugins(binding.reserve, state, pod, node, snapshot).is_success();
  if (ok) {
    std::set<std::string> skipped;
    const Status pre_flight = run_pre_bind_pre_flights(binding.pre_bind, state, pod, node, skipped);
    std::vector<std::string> writes;
    ok = !pre_flight.is_error() && !pre_flight.is_rejected() &&
         run_pre_bind_plugins(binding.pre_bind, state, pod, node, skipped, writes).is_success() &&
         run_bind_plugins(binding.bind, state, pod, node).status.is_success();
  }
  run_unreserve_plugins(binding.reserve, state, pod, node, snapshot);
  return ok;
}

// The domain ids already taken among the nodes found, for one key whose domains hold several nodes.
struct SharedKey {
  const LabelColumn* column;
  std::unordered_set<int32_t> taken;
};

}  // namespace

std::optional<size_t> first_unproven_landing(const std::vector<const Pod*>& pods, Snapshot& snapshot,
                                             const PlacementProfiles& profiles, const FeatureGates& gates) {
  std::vector<const CycleProfile*> cycles;
  std::vector<std::unique_ptr<PodInfo>> infos;
  for (const Pod* pod : pods) {
    const CycleProfile* cycle = profiles.find(pod->spec.scheduler_name);
    // A pod being deleted is not scheduled, and a nominated one may take its node unscored.
    if (cycle == nullptr || cycle->filters == nullptr || uses_claims(*pod) ||
        !pod->metadata.deletion_timestamp.empty() || !pod->status.nominated_node_name.empty()) {
      break;
    }
    cycles.push_back(cycle);
    infos.push_back(std::make_unique<PodInfo>(*pod, gates));
  }

  const auto& nodes = snapshot.nodes();
  for (size_t i = 0; i < pods.size(); ++i) {
    if (i == cycles.size()) return i;
    const Framework& filters = *cycles[i]->filters;
    const PodInfo& info = *infos[i];
    snapshot.ensure_namespace(pods[i]->metadata.namespace_);
    CycleState state;
    state.set_explains(false);
    const PreFilterOutcome pre = filters.run_pre_filter(snapshot, info, state);
    if (!pre.status.is_success() || !pre.result.all_nodes()) return i;

    // How many fitting nodes the earlier pods can close at most.
    size_t closable = 0;
    std::vector<SharedKey> shared;
    for (size_t j = 0; j < i; ++j) {
      const AddedPodReach reach = filters.reach_of_added_pod(state, info, *infos[j], pre.skipped_plugins);
      if (reach.anywhere) return i;
      if (reach.node || !reach.keys.empty()) ++closable;
      for (const std::string& key : reach.keys) {
        const LabelColumn& column = snapshot.label_column(key);
        if (column.unique_values) continue;  // its domain is the node itself, counted above
        ++closable;
        bool known = false;
        for (const SharedKey& k : shared) known = known || k.column == &column;
        if (!known) shared.push_back(SharedKey{&column, {}});
      }
    }

    // Fitting nodes, in no shared domain twice, until one more than can be closed.
    const std::vector<bool> skip = filters.skip_mask(pre.skipped_plugins);
    std::vector<const NodeInfo*> found;
    std::vector<int32_t> ids;  // the node's domain of each shared key
    for (const auto& node : nodes) {
      if (found.size() > closable && found.size() >= 2) break;
      if (!filters.passes_filters(state, info, *node, skip)) continue;
      ids.clear();
      bool apart = true;
      for (const SharedKey& key : shared) {
        const int32_t id = key.column->id_of(*node);
        if (id == LabelColumn::kUnknown) return i;
        if (id >= 0 && key.taken.contains(id)) apart = false;
        ids.push_back(id);
      }
      if (!apart) continue;
      for (size_t k = 0; k < shared.size(); ++k) {
        if (ids[k] >= 0) shared[k].taken.insert(ids[k]);
      }
      found.push_back(node.get());
    }
    if (found.size() <= closable) return i;

    // Scoring fails, if at all, for the pod or the configuration, not for a node: two nodes tell.
    if (cycles[i]->scoring != nullptr) {
      const std::vector<const NodeInfo*> some(found.begin(), found.begin() + std::min<size_t>(found.size(), 2));
      CycleState scoring_state = state.clone();
      if (!cycles[i]->scoring->prioritize(scoring_state, info, snapshot, some).status.is_success()) return i;
    }
    if (!binding_succeeds(*cycles[i], state.clone(), info, found.front()->name(), snapshot)) return i;
  }
  return std::nullopt;
}

}  // namespace podfit
