// Resource pools as the allocator sees them from one node: newest generation only, complete or
// not, valid or not, in a deterministic order.
#include <algorithm>
#include <set>

#include "allocator_internal.h"

namespace podfit::dra::detail {
namespace {

std::string go_string_list(const std::vector<std::string>& values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ' ';
    out += values[i];
  }
  return out + "]";
}

std::string go_requirements_string(const std::vector<NodeSelectorRequirement>& requirements) {
  std::string out = "[]NodeSelectorRequirement{";
  for (const NodeSelectorRequirement& r : requirements) {
    out += "NodeSelectorRequirement{Key:" + r.key + ",Operator:" + r.op + ",Values:" + go_string_list(r.values) + ",},";
  }
  return out + "}";
}

using PoolKey = std::pair<std::string, std::string>;

// addSlice: a newer generation replaces what was gathered, an older one is ignored.
void add_slice(std::map<PoolKey, std::vector<const ResourceSlice*>>& pools, const ResourceSlice* slice) {
  std::vector<const ResourceSlice*>& pool = pools[{slice->driver, slice->pool.name}];
  if (pool.empty()) {
    pool.push_back(slice);
    return;
  }
  const std::int64_t generation = pool.front()->pool.generation;
  if (slice->pool.generation < generation) return;
  if (slice->pool.generation > generation) pool.clear();
  pool.push_back(slice);
}

// checkSlicesInPool: every slice of the pool at `generation` from all slices, or nullopt when a
// newer generation exists somewhere (the gathered one is obsolete).
std::optional<std::vector<const ResourceSlice*>> slices_in_pool(const std::vector<const ResourceSlice*>& all,
                                                                const PoolKey& key, std::int64_t generation) {
  std::vector<const ResourceSlice*> out;
  for (const ResourceSlice* slice : all) {
    if (slice->driver != key.first || slice->pool.name != key.second) continue;
    if (slice->pool.generation == generation) {
      out.push_back(slice);
    } else if (slice->pool.generation > generation) {
      return std::nullopt;
    }
  }
  return out;
}

bool has_shared_counters(const ResourceSlice& slice, const AllocatorFeatures& features) {
  return features.partitionable_devices && !slice.shared_counters.empty();
}

// validateDeviceCounterConsumption: every consumed counter exists in a known counter set.
std::optional<std::string> counter_consumption_error(const std::map<std::string, const CounterSet*>& sets,
                                                     const std::vector<const ResourceSlice*>& slices) {
  for (const ResourceSlice* slice : slices) {
    for (const Device& device : slice->devices) {
      for (const DeviceCounterConsumption& consumption : device.consumes_counters) {
        auto set = sets.find(consumption.counter_set);
        if (set == sets.end()) return "counter set " + consumption.counter_set + " not found";
        for (const Counter& counter : consumption.counters) {
          const auto& counters = set->second->counters;
          const bool found =
              std::any_of(counters.begin(), counters.end(), [&](const Counter& c) { return c.name == counter.name; });
          if (!found) return "counter " + counter.name + " not found in counter set " + set->second->name;
        }
      }
    }
  }
  return std::nullopt;
}

// The first device, in slice and device order, whose name an earlier device of the slices has.
std::optional<std::string_view> first_duplicate_name(const std::vector<const ResourceSlice*>& slices) {
  struct Seen {
    std::string_view name;
    std::size_t position;
  };
  std::vector<Seen> seen;
  for (const ResourceSlice* slice : slices) {
    for (const Device& device : slice->devices) seen.push_back({device.name, seen.size()});
  }
  std::sort(seen.begin(), seen.end(), [](const Seen& a, const Seen& b) {
    return a.name != b.name ? a.name < b.name : a.position < b.position;
  });
  // Each name's second device is where it was first seen again; the earliest of those wins.
  std::optional<Seen> first;
  for (std::size_t k = 1; k < seen.size(); ++k) {
    const bool second = seen[k].name == seen[k - 1].name && (k == 1 || seen[k - 2].name != seen[k].name);
    if (second && (!first || seen[k].position < first->position)) first = seen[k];
  }
  if (!first) return std::nullopt;
  return first->name;
}

Pool invalid_pool(const PoolKey& key, std::string reason) {
  Pool pool;
  pool.driver = key.first;
  pool.name = key.second;
  pool.invalid = true;
  pool.invalid_reason = std::move(reason);
  return pool;
}

// buildPool: sorts and sorts out the slices (devices, counter sets, devices elsewhere), then
// validates names and counter references; a failed check makes the pool invalid, not an error.
Pool build_pool(const PoolKey& key, std::vector<const ResourceSlice*> slices, const AllocatorFeatures& features,
                const std::vector<const ResourceSlice*>& all_slices_for_pool) {
  std::stable_sort(slices.begin(), slices.end(),
                   [](const ResourceSlice* a, const ResourceSlice* b) { return a->metadata.name < b->metadata.name; });
  std::vector<const ResourceSlice*> device_slices;
  std::vector<const ResourceSlice*> counter_set_slices;
  std::vector<const ResourceSlice*> not_targeting;
  for (const ResourceSlice* slice : slices) {
    (has_shared_counters(*slice, features) ? counter_set_slices : device_slices).push_back(slice);
  }
  if (slices.size() < all_slices_for_pool.size()) {
    std::set<std::string_view> targeting;
    for (const ResourceSlice* slice : slices) targeting.insert(slice->metadata.name);
    for (const ResourceSlice* slice : all_slices_for_pool) {
      if (targeting.count(slice->metadata.name) > 0) continue;
      (has_shared_counters(*slice, features) ? counter_set_slices : not_targeting).push_back(slice);
    }
  }

  if (auto name = first_duplicate_name(device_slices)) {
    return invalid_pool(key, "duplicate device name " + std::string(*name));
  }

  Pool pool;
  pool.driver = key.first;
  pool.name = key.second;
  pool.slices_targeting_node = std::move(device_slices);
  if (!features.partitionable_devices) return pool;

  for (const ResourceSlice* slice : counter_set_slices) {
    for (const CounterSet& set : slice->shared_counters) {
      if (!pool.counter_sets.emplace(set.name, &set).second) {
        return invalid_pool(key, "duplicate counter set name " + set.name);
      }
    }
  }
  if (auto e = counter_consumption_error(pool.counter_sets, pool.slices_targeting_node)) return invalid_pool(key, *e);
  if (auto e = counter_consumption_error(pool.counter_sets, not_targeting)) return invalid_pool(key, *e);
  pool.slices_not_targeting_node = std::move(not_targeting);
  return pool;
}

bool has_binding_conditions(const Pool& pool) {
  for (const ResourceSlice* slice : pool.slices_targeting_node) {
    for (const Device& device : slice->devices) {
      if (!device.binding_conditions.empty()) return true;
    }
  }
  return false;
}

void sort_by_id(std::vector<Pool>& pools) {
  std::stable_sort(pools.begin(), pools.end(), [](const Pool& a, const Pool& b) {
    return a.driver != b.driver ? a.driver < b.driver : a.name < b.name;
  });
}

}  // namespace

std::string go_node_selector_string(const NodeSelector& selector) {
  std::string out = "&NodeSelector{NodeSelectorTerms:[]NodeSelectorTerm{";
  for (const NodeSelectorTerm& term : selector.node_selector_terms) {
    out += "NodeSelectorTerm{MatchExpressions:" + go_requirements_string(term.match_expressions) +
           ",MatchFields:" + go_requirements_string(term.match_fields) + ",},";
  }
  return out + "},}";
}

bool node_matches(const Node& node, const std::optional<std::string>& node_name, bool all_nodes,
                  const NodeSelector* selector, const NodeSelectorCache& selectors, std::string* error) {
  if (node_name && !node_name->empty()) return node.metadata.name == *node_name;
  if (all_nodes) return true;
  if (selector == nullptr) return false;
  auto it = selectors.find(selector);
  std::unique_ptr<NodeSelectorMatcher> local;
  const NodeSelectorMatcher* matcher = nullptr;
  if (it != selectors.end()) {
    matcher = it->second.get();
  } else {
    local = std::make_unique<NodeSelectorMatcher>(*selector);
    matcher = local.get();
  }
  if (matcher->error()) {
    *error = "failed to parse node selector " + go_node_selector_string(*selector) + ": " + *matcher->error();
    return false;
  }
  return matcher->match(node);
}

std::vector<Pool> gather_pools(const std::vector<const ResourceSlice*>& slices_for_node, const Node& node,
                               const AllocatorFeatures& features, const std::vector<const ResourceSlice*>& all_slices,
                               const NodeSelectorCache& selectors, std::string* error) {
  std::map<PoolKey, std::vector<const ResourceSlice*>> gathered;
  for (const ResourceSlice* slice : slices_for_node) {
    if (!features.partitionable_devices && (slice->per_device_node_selection || !slice->shared_counters.empty())) {
      continue;
    }
    bool relevant = false;
    const bool slice_named = slice->node_name && !slice->node_name->empty();
    if (features.counter_slices_reach_every_node && !slice->shared_counters.empty()) {
      relevant = true;
    } else if (slice_named || slice->all_nodes || slice->node_selector) {
      std::string e;
      relevant = node_matches(node, slice->node_name, slice->all_nodes,
                              slice->node_selector ? &*slice->node_selector : nullptr, selectors, &e);
      if (!e.empty()) {
        *error = "failed to perform node selection for slice " + slice->metadata.name + ": " + e;
        return {};
      }
    } else if (slice->per_device_node_selection) {
      for (const Device& device : slice->devices) {
        std::string e;
        const bool match = node_matches(node, device.node_name, device.all_nodes,
                                        device.node_selector ? &*device.node_selector : nullptr, selectors, &e);
        if (!e.empty()) {
          // Upstream prints the whole Device object here (with pointer addresses); its name stands in.
          *error = "failed to perform node selection for device " + device.name + " in slice " + slice->metadata.name +
                   ": " + e;
          return {};
        }
        if (match) {
          relevant = true;
          break;
        }
      }
    } else {
      continue;  // a node selection this release does not know
    }
    if (relevant) add_slice(gathered, slice);
  }

  std::vector<Pool> result;
  std::vector<Pool> with_binding_conditions;
  for (auto& [key, slices] : gathered) {
    const std::int64_t wanted = slices.front()->pool.resource_slice_count;
    std::vector<const ResourceSlice*> all_for_pool;
    if (static_cast<std::int64_t>(slices.size()) != wanted) {
      // Slices of this generation aimed at other nodes may complete the pool.
      auto all = slices_in_pool(all_slices, key, slices.front()->pool.generation);
      if (!all) continue;
      if (static_cast<std::int64_t>(all->size()) != wanted) {
        Pool incomplete;
        incomplete.driver = key.first;
        incomplete.name = key.second;
        incomplete.incomplete = true;
        result.push_back(std::move(incomplete));
        continue;
      }
      all_for_pool = std::move(*all);
    }
    Pool pool = build_pool(key, slices, features, all_for_pool);
    (has_binding_conditions(pool) ? with_binding_conditions : result).push_back(std::move(pool));
  }
  sort_by_id(result);
  sort_by_id(with_binding_conditions);
  for (Pool& pool : with_binding_conditions) result.push_back(std::move(pool));
  return result;
}

}  // namespace podfit::dra::detail
