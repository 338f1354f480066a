#include "podfit/drain/sure_landing.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
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

// A key whose domains hold several nodes, reached by some earlier pods: what closing each domain
// of nodes found costs them, and how many nodes found lie in each domain they could close.
struct SharedKey {
  const LabelColumn* column;
  std::string key;
  size_t pods = 0;                                                  // earlier pods reaching the key
  std::vector<std::pair<const FilterPlugin*, size_t>> closers;      // per plugin, the pods it counts
  std::unordered_map<int32_t, size_t> cost_by_domain;               // 0: they cannot close it
  std::unordered_map<int32_t, size_t> found_by_domain;              // in domains they can close

  // The fewest of the earlier pods that must arrive in the domain `id` of `node` (which fits now)
  // to close it through some plugin, or 0 when not enough of them reach the key through any.
  size_t cost(int32_t id, const CycleState& state, const PodInfo& pod, const NodeInfo& node) {
    auto [it, added] = cost_by_domain.try_emplace(id, 0);
    if (added) {
      for (const auto& [plugin, count] : closers) {
        const int64_t tolerance = plugin->domain_tolerance(state, pod, key, node);
        if (static_cast<int64_t>(count) <= tolerance) continue;
        const auto needed = static_cast<size_t>(tolerance) + 1;
        if (it->second == 0 || needed < it->second) it->second = needed;
      }
    }
    return it->second;
  }

  // The most nodes found the earlier pods can close through this key.
  size_t closable() const {
    std::vector<ClosableDomain> domains;
    for (const auto& [id, size] : found_by_domain) domains.push_back(ClosableDomain{cost_by_domain.at(id), size});
    return most_nodes_closable(std::move(domains), pods);
  }
};

// What the earlier pods can close of a pod's fitting nodes: each its own node, and through each
// shared key it reaches, the nodes found in the one domain it lands in (SharedKey).
struct EarlierReach {
  size_t closable_nodes = 0;
  std::vector<SharedKey> shared;
  size_t closable() const {
    size_t total = closable_nodes;
    for (const SharedKey& key : shared) total += key.closable();
    return total;
  }
};

// The reach of `earlier` on `pod`, or nullopt when one of them may close any node.
std::optional<EarlierReach> reach_of_earlier(const Framework& filters, const CycleState& state, const PodInfo& pod,
                                             const std::set<std::string>& skipped,
                                             std::span<const std::unique_ptr<PodInfo>> earlier,
                                             const Snapshot& snapshot) {
  EarlierReach out;
  for (const auto& added : earlier) {
    const AddedPodReach reach = filters.reach_of_added_pod(state, pod, *added, skipped);
    if (reach.anywhere) return std::nullopt;
    if (reach.node || !reach.keys.empty()) ++out.closable_nodes;
    std::vector<const LabelColumn*> counted;  // a pod reaching a key through two plugins lands once
    for (const ReachedKey& reached : reach.keys) {
      const LabelColumn& column = snapshot.label_column(reached.key);
      if (column.unique_values) continue;  // its domain is the node itself, counted above
      auto key = std::find_if(out.shared.begin(), out.shared.end(),
                              [&](const SharedKey& k) { return k.column == &column; });
      if (key == out.shared.end()) key = out.shared.insert(out.shared.end(), SharedKey{&column, reached.key, 0, {}, {}, {}});
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
  return out;
}

// Scans for fitting nodes (into `found`) until one more than the earlier pods can close; false
// when the scan ends first. Where nodes spread evenly over the domains, that takes at most so
// many for each domain; found beyond that, the domains hold more than the earlier pods can
// close only rarely, and placing is cheaper.
bool fitting_nodes_outnumber(const Framework& filters, const CycleState& state, const PodInfo& pod,
                             const std::vector<bool>& skip, EarlierReach& earlier, const Snapshot& snapshot,
                             std::vector<const NodeInfo*>& found) {
  size_t most_domains = 0;
  for (const SharedKey& key : earlier.shared) most_domains = std::max(most_domains, key.column->values.size());
  const size_t give_up = 64 + (earlier.closable_nodes + 1) * (most_domains + 1);
  size_t bound = earlier.closable_nodes;
  for (const auto& node : snapshot.nodes()) {
    if (found.size() > bound && found.size() >= 2) return true;
    if (found.size() >= give_up) return false;
    if (!filters.passes_filters(state, pod, *node, skip)) continue;
    for (SharedKey& key : earlier.shared) {
      const int32_t id = key.column->id_of(*node);
      if (id == LabelColumn::kUnknown) return false;
      if (id >= 0 && key.cost(id, state, pod, *node) > 0) ++key.found_by_domain[id];
    }
    found.push_back(node.get());
    // The bound only grows as nodes are found: worth computing again once it may be passed.
    if (found.size() > bound) bound = earlier.closable();
  }
  return found.size() > bound;
}

// When the earlier pods close domains of one key only, through one plugin that always lets the
// pod into one of its domains (FilterPlugin::domains_one_stays_open): whether each of those
// domains holds more nodes fitting by every other plugin than the earlier pods' own nodes.
bool every_open_domain_outnumbers(const Framework& filters, const CycleState& state, const PodInfo& pod,
                                  const std::set<std::string>& skipped, const EarlierReach& earlier,
                                  const Snapshot& snapshot) {
  if (earlier.shared.size() != 1 || earlier.shared.front().closers.size() != 1) return false;
  const SharedKey& key = earlier.shared.front();
  const FilterPlugin& plugin = *key.closers.front().first;
  std::unordered_map<int32_t, size_t> fitting_by_domain;
  for (const std::string& value : plugin.domains_one_stays_open(state, pod, key.key)) {
    const int32_t id = key.column->id_of_value(value);
    if (id < 0) return false;
    fitting_by_domain.emplace(id, 0);
  }
  if (fitting_by_domain.empty()) return false;
  std::set<std::string> without = skipped;
  without.insert(std::string(plugin.name()));
  const std::vector<bool> skip = filters.skip_mask(without);
  size_t short_domains = fitting_by_domain.size();
  size_t fitting = 0;
  const size_t give_up = 64 + (earlier.closable_nodes + 1) * (fitting_by_domain.size() + 1) * 2;
  for (const auto& node : snapshot.nodes()) {
    if (fitting >= give_up) return false;
    const int32_t id = key.column->id_of(*node);
    if (id == LabelColumn::kUnknown) return false;
    auto domain = fitting_by_domain.find(id);
    if (domain == fitting_by_domain.end() || domain->second > earlier.closable_nodes) continue;
    if (!filters.passes_filters(state, pod, *node, skip)) continue;
    ++fitting;
    if (++domain->second > earlier.closable_nodes && --short_domains == 0) return true;
  }
  return false;
}

}  // namespace

size_t most_nodes_closable(std::vector<ClosableDomain> domains, size_t pods) {
  std::vector<size_t> costs;
  std::vector<size_t> sizes;
  for (const ClosableDomain& domain : domains) {
    costs.push_back(domain.cost);
    sizes.push_back(domain.nodes);
  }
  // As many domains as the cheapest costs add up to, each as full as the fullest left.
  std::sort(costs.begin(), costs.end());
  std::sort(sizes.begin(), sizes.end(), std::greater<>());
  size_t budget = pods;
  size_t total = 0;
  for (size_t q = 0; q < costs.size() && costs[q] <= budget; ++q) {
    budget -= costs[q];
    total += sizes[q];
  }
  return total;
}

std::optional<size_t> first_unproven_landing(const std::vector<const Pod*>& pods, Snapshot& snapshot,
                                             const PlacementProfiles& profiles, const FeatureGates& gates) {
  // The proofs filter nodes as they are: nodes holding nominated pods would need both passes.
  if (snapshot.has_nominated_pods()) return pods.empty() ? std::nullopt : std::optional<size_t>(0);
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

  for (size_t i = 0; i < pods.size(); ++i) {
    if (i == cycles.size()) return i;
    const Framework& filters = *cycles[i]->filters;
    const PodInfo& info = *infos[i];
    snapshot.ensure_namespace(pods[i]->metadata.namespace_);
    CycleState state;
    state.set_explains(false);
    const PreFilterOutcome pre = filters.run_pre_filter(snapshot, info, state);
    if (!pre.status.is_success() || !pre.result.all_nodes()) return i;

    std::optional<EarlierReach> earlier = reach_of_earlier(
        filters, state, info, pre.skipped_plugins, std::span(infos).first(i), snapshot);
    if (!earlier) return i;
    std::vector<const NodeInfo*> found;
    if (!fitting_nodes_outnumber(filters, state, info, filters.skip_mask(pre.skipped_plugins), *earlier, snapshot,
                                 found) &&
        (found.empty() || !every_open_domain_outnumbers(filters, state, info, pre.skipped_plugins, *earlier, snapshot))) {
      return i;
    }

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
