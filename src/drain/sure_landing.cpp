#include "podfit/drain/sure_landing.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

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

// A key whose domains hold several nodes, reached by some earlier pods: which of its domains those
// pods could close (more of them reaching through a plugin than it tolerates there), and which
// of those already hold a node found.
struct SharedKey {
  const LabelColumn* column;
  std::string key;
  size_t pods = 0;                                                  // earlier pods reaching the key
  std::vector<std::pair<const FilterPlugin*, size_t>> closers;      // per plugin, the pods it counts
  std::unordered_map<int32_t, bool> closable_by_domain;
  std::unordered_set<int32_t> taken;
  // Whether the earlier pods can close the node's domain `id`; `node` fits now.
  bool can_close(int32_t id, const CycleState& state, const PodInfo& pod, const NodeInfo& node) {
    auto [it, added] = closable_by_domain.try_emplace(id, false);
    if (added) {
      for (const auto& [plugin, count] : closers) {
        if (static_cast<int64_t>(count) > plugin->domain_tolerance(state, pod, key, node)) it->second = true;
      }
    }
    return it->second;
  }
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

    // How many fitting nodes the earlier pods can close at most: each its own node, and one
    // domain of each shared key it reaches, counted below once a node found lies in one.
    size_t closable_nodes = 0;
    std::vector<SharedKey> shared;
    for (size_t j = 0; j < i; ++j) {
      const AddedPodReach reach = filters.reach_of_added_pod(state, info, *infos[j], pre.skipped_plugins);
      if (reach.anywhere) return i;
      if (reach.node || !reach.keys.empty()) ++closable_nodes;
      std::vector<const LabelColumn*> counted;  // a pod reaching a key through two plugins lands once
      for (const ReachedKey& reached : reach.keys) {
        const LabelColumn& column = snapshot.label_column(reached.key);
        if (column.unique_values) continue;  // its domain is the node itself, counted above
        auto key = std::find_if(shared.begin(), shared.end(), [&](const SharedKey& k) { return k.column == &column; });
        if (key == shared.end()) key = shared.insert(shared.end(), SharedKey{&column, reached.key, 0, {}, {}, {}});
        if (std::find(counted.begin(), counted.end(), &column) == counted.end()) {
          ++key->pods;
          counted.push_back(&column);
        }
        auto closer = std::find_if(key->closers.begin(), key->closers.end(),
                                   [&](const auto& c) { return c.first == reached.by; });
        if (closer == key->closers.end()) key->closers.emplace_back(reached.by, 1);
        else ++closer->second;
      }
    }
    auto closable = [&] {
      size_t total = closable_nodes;
      for (const SharedKey& key : shared) total += std::min(key.pods, key.taken.size());
      return total;
    };

    // Fitting nodes, no two in one closable domain of a shared key, until one more than can be closed.
    const std::vector<bool> skip = filters.skip_mask(pre.skipped_plugins);
    std::vector<const NodeInfo*> found;
    std::vector<int32_t> ids;  // the node's closable domain of each shared key, or kAbsent
    for (const auto& node : nodes) {
      if (found.size() > closable() && found.size() >= 2) break;
      if (!filters.passes_filters(state, info, *node, skip)) continue;
      ids.clear();
      bool apart = true;
      for (SharedKey& key : shared) {
        int32_t id = key.column->id_of(*node);
        if (id == LabelColumn::kUnknown) return i;
        if (id >= 0 && !key.can_close(id, state, info, *node)) id = LabelColumn::kAbsent;
        if (id >= 0 && key.taken.contains(id)) apart = false;
        ids.push_back(id);
      }
      if (!apart) continue;
      for (size_t k = 0; k < shared.size(); ++k) {
        if (ids[k] >= 0) shared[k].taken.insert(ids[k]);
      }
      found.push_back(node.get());
    }
    if (found.size() <= closable()) return i;

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
