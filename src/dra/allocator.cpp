// The structured allocator: validates the claims' requests against the node's pools, then
// searches devices first-fit in pool, slice and device order, backtracking across devices,
// firstAvailable alternatives, requests and claims, and turns the first solution into results.
#include "podfit/dra/allocator.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <limits>
#include <mutex>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "allocator_internal.h"
#include "podfit/dra/device_selector.h"
#include "podfit/dra/device_views.h"

namespace podfit::dra {
namespace {

using detail::CapacityFit;
using detail::Pool;

constexpr std::string_view kModeExactCount = "ExactCount";
constexpr std::string_view kModeAll = "All";

// klog.KObj: "namespace/name", or the name alone without a namespace.
std::string kobj(const ObjectMeta& meta) {
  return meta.namespace_.empty() ? meta.name : meta.namespace_ + "/" + meta.name;
}

// EnhanceRuntimeError: a missing map key gets a hint about optional access.
std::string enhance_runtime_error(std::string error) {
  if (error.find("no such key:") != std::string::npos) {
    error +=
        ". consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() "
        "for optional fields";
  }
  return error;
}

struct DeviceIdHash {
  std::size_t operator()(const DeviceId& id) const {
    const std::hash<std::string> h;
    return h(id.device) ^ (h(id.pool) * 31) ^ (h(id.driver) * 131);
  }
};

std::string default_share_id(std::uint64_t n) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "00000000-0000-0000-0000-%012llx", static_cast<unsigned long long>(n));
  return buffer;
}

}  // namespace

struct Allocator::Impl {
  AllocatorFeatures features;
  std::vector<const ResourceClaim*> claims;
  AllocatedState allocated;
  // allocated.devices again, hashed: the search asks about every device it passes.
  std::unordered_set<DeviceId, DeviceIdHash> allocated_devices;
  const DeviceViews* shared_views = nullptr;
  std::map<std::string, const DeviceClass*, std::less<>> classes;
  std::vector<std::unique_ptr<ResourceSlice>> patched_slices;
  std::vector<const ResourceSlice*> all_slices;
  std::map<std::string, std::vector<const ResourceSlice*>, std::less<>> slices_on_node;
  std::vector<const ResourceSlice*> slices_shared;
  detail::NodeSelectorCache node_selectors;
  // Each distinct expression compiled, with the verdicts the shared views keep for it.
  struct Selector {
    CompiledSelector compiled;
    std::atomic<std::int8_t>* verdicts = nullptr;
  };
  std::unordered_map<std::string, Selector> selectors;

  // Counters left in each pool after allocated devices, computed once per pool name (upstream
  // keys them by pool name alone) and kept for every node.
  mutable std::mutex counters_mutex;
  mutable std::map<std::string, detail::CounterSets> available_counters;

  void compile(const std::vector<DeviceSelector>& list) {
    for (const DeviceSelector& s : list) {
      if (selectors.count(s.cel_expression) == 0) {
        selectors.emplace(s.cel_expression,
                          Selector{stored_selector_compiler(features.selector_release).compile(s.cel_expression),
                                   shared_views != nullptr ? shared_views->verdicts(s.cel_expression) : nullptr});
      }
    }
  }
  void compile_request(const DeviceRequestSpec& spec) {
    compile(spec.selectors);
    auto c = classes.find(spec.device_class_name);
    if (c != classes.end()) compile(c->second->selectors);
  }
  void cache_node_selector(const std::optional<NodeSelector>& selector) {
    if (selector && node_selectors.count(&*selector) == 0) {
      node_selectors.emplace(&*selector, std::make_unique<NodeSelectorMatcher>(*selector));
    }
  }
};

namespace {

// One request or firstAvailable alternative as the search handles it (upstream's requestData).
struct DeviceChoice {
  const ResourceSlice* slice = nullptr;
  const Device* device = nullptr;
  const Pool* pool = nullptr;
  DeviceId id;
};

struct RequestData {
  const DeviceRequest* parent = nullptr;  // set for an alternative of firstAvailable
  const DeviceRequestSpec* spec = nullptr;
  std::string name;  // the request's, or the alternative's
  const DeviceClass* device_class = nullptr;
  std::int64_t num_devices = 0;
  std::size_t selected_sub_request = 0;   // on alternative 0: the one that got allocated
  std::vector<DeviceChoice> all_devices;  // allocationMode All: decided up front

  std::string full_name() const { return parent != nullptr ? parent->name + "/" + name : name; }
  bool admin_access() const { return parent == nullptr && spec->admin_access; }
  bool all_mode() const { return spec->allocation_mode == kModeAll; }
};

struct DeviceResult {
  const Device* device = nullptr;
  const ResourceSlice* slice = nullptr;
  std::string request;  // the request's name, or the alternative's
  std::string parent;   // the request holding the alternative, else empty
  DeviceId id;
  std::optional<std::string> share_id;
  ConsumedCapacity consumed;
  bool admin_access = false;

  std::string request_name() const { return parent.empty() ? request : parent + "/" + request; }
};

struct Indices {
  std::size_t claim = 0;
  std::size_t request = 0;
  std::size_t sub = 0;
  std::int64_t device = 0;
};

struct Location {
  std::size_t pool = 0;
  std::size_t slice = 0;
  std::size_t device = 0;
};

// What allocateOne reports: errAllocationResultMaxSizeExceeded is TooMany; other errors Failed.
// Stopped (v1.32's errStop) ends the whole search without an allocation and without an error.
enum class Step { Found, NotFound, TooMany, Failed, Stopped };

// Everything allocateDevice changed, for its rollback.
struct Undo {
  std::size_t claim = 0;
  const DeviceChoice* choice = nullptr;
  std::string base_request;
  std::string sub_request;
  bool multiple = false;
  std::size_t previous_results = 0;
};

class Search {
 public:
  Search(const Allocator::Impl& a, const Node& node, const AllocateOptions& options)
      : a_(a), node_(node), options_(options) {}

  AllocateOutcome run();

 private:
  const Allocator::Impl& a_;
  const Node& node_;
  const AllocateOptions& options_;
  AllocateOutcome outcome_;

  std::vector<Pool> pools_;
  std::vector<std::vector<std::vector<RequestData>>> data_;  // claim, request, alternative
  std::vector<std::vector<std::unique_ptr<detail::Constraint>>> constraints_;
  std::map<std::string, detail::CounterSets> consumed_counters_;  // by pool name, as upstream
  std::map<DeviceId, std::set<std::size_t>> allocating_devices_;
  detail::CapacityCollection allocating_capacity_;
  std::vector<std::vector<DeviceResult>> results_;
  std::map<std::tuple<const Device*, std::size_t, std::size_t, std::size_t>, bool> matches_;
  std::unordered_map<const Device*, std::unique_ptr<DeviceView>> views_;
  // Whether allocated claims hold each device of each pool's slices: -1 until asked.
  std::vector<std::vector<std::vector<std::int8_t>>> allocated_before_;
  std::uint64_t share_ids_ = 0;

  Step fail(std::string error, AllocateOutcome::Kind kind = AllocateOutcome::Kind::Error) {
    outcome_.kind = kind;
    outcome_.error = std::move(error);
    return Step::Failed;
  }
  const ResourceClaim& claim(std::size_t i) const { return *a_.claims[i]; }

  Step validate_request(RequestData& data, const Indices& key);
  Step allocate_one(Indices r, bool allocate_sub_request, Location start);
  Step is_selectable(const Indices& key, const RequestData& data, const ResourceSlice& slice, const Device& device,
                     bool* selectable);
  Step selectors_match(std::size_t claim_index, const ResourceSlice& slice, const Device& device, const DeviceId& id,
                       const DeviceClass* device_class, const std::vector<DeviceSelector>& selectors, bool* match);
  CapacityFit capacity_fits(const RequestData& data, const DeviceId& id, const Device& device) const;
  Step allocate_device(const Indices& r, const DeviceChoice& choice, bool must, Undo* undo);
  void deallocate(const Undo& undo);
  bool check_available_counters(const DeviceChoice& choice);
  void deallocate_counters(const DeviceChoice& choice);
  bool device_in_use(const DeviceId& id) const;
  bool allocating(const DeviceId& id) const;  // by a claim of this search
  bool allocated_before(std::size_t pool, std::size_t slice, std::size_t device, const DeviceId& id);
  bool allocating_for_claim(const DeviceId& id, std::size_t claim) const;
  bool capacity_in_use(const DeviceId& id) const;
  std::string next_share_id() { return options_.share_ids ? options_.share_ids() : default_share_id(++share_ids_); }
  bool node_selector(const std::vector<DeviceResult>& results, std::optional<NodeSelector>* out,
                     std::string* error) const;
  void add_config(std::size_t claim_index, AllocationResult& result) const;
};

bool Search::device_in_use(const DeviceId& id) const { return a_.allocated_devices.count(id) > 0 || allocating(id); }

bool Search::allocating(const DeviceId& id) const {
  auto it = allocating_devices_.find(id);
  return it != allocating_devices_.end() && !it->second.empty();
}

// The search passes devices again and again while it backtracks: each is looked up once.
bool Search::allocated_before(std::size_t pool, std::size_t slice, std::size_t device, const DeviceId& id) {
  if (allocated_before_.size() < pools_.size()) allocated_before_.resize(pools_.size());
  auto& slices = allocated_before_[pool];
  if (slices.empty()) slices.resize(pools_[pool].slices_targeting_node.size());
  auto& devices = slices[slice];
  if (devices.empty()) devices.assign(pools_[pool].slices_targeting_node[slice]->devices.size(), -1);
  std::int8_t& held = devices[device];
  if (held < 0) held = a_.allocated_devices.count(id) > 0 ? 1 : 0;
  return held == 1;
}

bool Search::allocating_for_claim(const DeviceId& id, std::size_t claim) const {
  auto it = allocating_devices_.find(id);
  return it != allocating_devices_.end() && it->second.count(claim) > 0;
}

bool Search::capacity_in_use(const DeviceId& id) const {
  return a_.allocated.aggregated_capacity.count(id) > 0 || allocating_capacity_.find(id) != nullptr;
}

CapacityFit Search::capacity_fits(const RequestData& data, const DeviceId& id, const Device& device) const {
  static const ConsumedCapacity kNone;
  auto allocated = a_.allocated.aggregated_capacity.find(id);
  return detail::request_fits_capacity(allocated != a_.allocated.aggregated_capacity.end() ? allocated->second : kNone,
                                       data.spec->capacity, device.capacity, allocating_capacity_.find(id));
}

Step Search::selectors_match(std::size_t claim_index, const ResourceSlice& slice, const Device& device,
                             const DeviceId& id, const DeviceClass* device_class,
                             const std::vector<DeviceSelector>& selectors, bool* match) {
  const auto owner = [&] {
    return device_class != nullptr ? "class " + device_class->metadata.name : "claim " + kobj(claim(claim_index).metadata);
  };
  const std::optional<std::size_t> index =
      a_.shared_views != nullptr ? a_.shared_views->index_of(slice, device) : std::nullopt;
  const DeviceView* view = nullptr;
  for (std::size_t i = 0; i < selectors.size(); ++i) {
    auto found = a_.selectors.find(selectors[i].cel_expression);
    if (found == a_.selectors.end() || !found->second.compiled.ok()) {
      const std::string error = found == a_.selectors.end() ? std::string("not compiled") : found->second.compiled.error();
      return fail(owner() + ": selector #" + std::to_string(i) + ": CEL compile error: " + error);
    }
    // Another pod's search may have evaluated this selector on this device already.
    MatchResult result;
    if (index) {
      result = a_.shared_views->match(found->second.compiled, found->second.verdicts, *index);
    } else {
      if (view == nullptr) {
        std::unique_ptr<DeviceView>& local = views_[&device];
        if (!local) local = std::make_unique<DeviceView>(slice.driver, device);
        view = local.get();
      }
      result = found->second.compiled.matches(*view);
    }
    if (!result.error.empty()) {
      if (!a_.features.selector_errors_name_device) {
        return fail(owner() + ": selector #" + std::to_string(i) + ": CEL runtime error: " + result.error);
      }
      return fail(owner() + ": selector #" + std::to_string(i) + " on device " + id.str() +
                  ": CEL runtime error: " + enhance_runtime_error(std::move(result.error)));
    }
    if (!result.matches) {
      *match = false;
      return Step::Found;
    }
  }
  *match = true;
  return Step::Found;
}

Step Search::is_selectable(const Indices& key, const RequestData& data, const ResourceSlice& slice,
                           const Device& device, bool* selectable) {
  *selectable = false;
  if (!a_.features.device_binding_and_status && !device.binding_conditions.empty()) return Step::Found;
  const auto cache_key = std::make_tuple(&device, key.claim, key.request, key.sub);
  if (auto it = matches_.find(cache_key); it != matches_.end()) {
    *selectable = it->second;
    return Step::Found;
  }
  const DeviceId id{slice.driver, slice.pool.name, device.name};
  bool match = true;
  if (data.device_class != nullptr) {
    if (selectors_match(key.claim, slice, device, id, data.device_class, data.device_class->selectors, &match) ==
        Step::Failed) {
      return Step::Failed;
    }
    if (!match) {
      matches_[cache_key] = false;
      return Step::Found;
    }
  }
  if (selectors_match(key.claim, slice, device, id, nullptr, data.spec->selectors, &match) == Step::Failed) {
    return Step::Failed;
  }
  if (!match) {
    matches_[cache_key] = false;
    return Step::Found;
  }
  if (slice.per_device_node_selection) {
    std::string error;
    const bool reachable =
        detail::node_matches(node_, device.node_name, device.all_nodes,
                             device.node_selector ? &*device.node_selector : nullptr, a_.node_selectors, &error);
    if (!error.empty()) return fail(error);
    if (!reachable) {
      matches_[cache_key] = false;
      return Step::Found;
    }
  }
  matches_[cache_key] = true;
  *selectable = true;
  return Step::Found;
}

Step Search::validate_request(RequestData& data, const Indices& key) {
  const std::string prefix = "claim " + kobj(claim(key.claim).metadata) + ", request " + data.name + ": ";
  if (!a_.features.admin_access && data.admin_access()) {
    return fail(prefix + "admin access is requested, but the feature is disabled");
  }
  if (data.spec->device_class_name.empty())
    return fail(prefix + "missing device class name (unsupported request type?)");
  auto found = a_.classes.find(data.spec->device_class_name);
  if (found == a_.classes.end()) {
    const std::string& name = data.spec->device_class_name;
    return fail(prefix + "could not retrieve device class " + name + ": deviceclass.resource.k8s.io \"" + name +
                "\" not found");
  }
  data.device_class = found->second;

  if (data.spec->allocation_mode == kModeExactCount) {
    data.num_devices = data.spec->count;
    return Step::Found;
  }
  if (data.spec->allocation_mode != kModeAll) {
    return fail(prefix + "unsupported count mode " + data.spec->allocation_mode);
  }
  // Every matching device of every pool, so no pool may be incomplete or invalid.
  for (const Pool& pool : pools_) {
    if (pool.incomplete) {
      return fail(prefix + "asks for all devices, but resource pool " + pool.id() + " is currently being updated");
    }
    if (pool.invalid) {
      return fail(prefix + "asks for all devices, but resource pool " + pool.id() + " is currently invalid");
    }
    for (const ResourceSlice* slice : pool.slices_targeting_node) {
      for (const Device& device : slice->devices) {
        bool selectable = false;
        if (is_selectable(key, data, *slice, device, &selectable) == Step::Failed) return Step::Failed;
        if (!selectable) continue;
        DeviceChoice choice{slice, &device, &pool, DeviceId{slice->driver, slice->pool.name, device.name}};
        if (a_.features.consumable_capacity && capacity_fits(data, choice.id, device) != CapacityFit::Fits) continue;
        data.all_devices.push_back(std::move(choice));
      }
    }
  }
  data.num_devices = static_cast<std::int64_t>(data.all_devices.size());
  return Step::Found;
}

bool Search::check_available_counters(const DeviceChoice& choice) {
  const Pool& pool = *choice.pool;
  detail::CounterSets available;
  bool cached = false;
  {
    std::lock_guard<std::mutex> lock(a_.counters_mutex);
    auto it = a_.available_counters.find(pool.name);
    if (it != a_.available_counters.end()) {
      available = it->second;
      cached = true;
    }
  }
  if (!cached) {
    for (const auto& [name, set] : pool.counter_sets) {
      auto& counters = available[name];
      for (const Counter& c : set->counters) counters.insert_or_assign(c.name, c.value);
    }
    // Devices already allocated (in any slice of the pool) hold their counters.
    for (const auto* slices : {&pool.slices_targeting_node, &pool.slices_not_targeting_node}) {
      for (const ResourceSlice* slice : *slices) {
        for (const Device& device : slice->devices) {
          if (!a_.allocated.in_use(DeviceId{slice->driver, slice->pool.name, device.name})) continue;
          for (const DeviceCounterConsumption& consumption : device.consumes_counters) {
            auto set = available.find(consumption.counter_set);
            if (set == available.end()) continue;
            for (const Counter& c : consumption.counters) {
              auto counter = set->second.find(c.name);
              if (counter != set->second.end()) counter->second.sub(c.value);
            }
          }
        }
      }
    }
    std::lock_guard<std::mutex> lock(a_.counters_mutex);
    a_.available_counters.insert_or_assign(pool.name, available);
  }

  detail::CounterSets& consumed = consumed_counters_[pool.name];
  for (const DeviceCounterConsumption& consumption : choice.device->consumes_counters) {
    auto& set = consumed[consumption.counter_set];
    for (const Counter& c : consumption.counters) {
      auto [it, inserted] = set.emplace(c.name, c.value);
      if (!inserted) it->second.add(c.value);
    }
  }
  static const Quantity kZero;
  for (const auto& [set_name, counters] : available) {
    auto consumed_set = consumed.find(set_name);
    for (const auto& [name, value] : counters) {
      const Quantity* used = &kZero;
      if (consumed_set != consumed.end()) {
        if (auto it = consumed_set->second.find(name); it != consumed_set->second.end()) used = &it->second;
      }
      if (value.compare(*used) < 0) {
        deallocate_counters(choice);
        return false;
      }
    }
  }
  return true;
}

void Search::deallocate_counters(const DeviceChoice& choice) {
  detail::CounterSets& consumed = consumed_counters_[choice.pool->name];
  for (const DeviceCounterConsumption& consumption : choice.device->consumes_counters) {
    auto& set = consumed[consumption.counter_set];
    for (const Counter& c : consumption.counters) set[c.name].sub(c.value);
  }
}

// allocateDevice. Upstream leaves some state behind when a device fails after passing earlier
// checks (counters taken, constraints added); that is kept, as it shapes later choices.
Step Search::allocate_device(const Indices& r, const DeviceChoice& choice, bool must, Undo* undo) {
  RequestData& data = data_[r.claim][r.request][r.sub];
  const Device& device = *choice.device;
  const DeviceId& id = choice.id;
  const bool multiple = a_.features.consumable_capacity && device.allow_multiple_allocations.value_or(false);
  const bool admin = data.admin_access();
  if (!multiple && admin && allocating_for_claim(id, r.claim)) return Step::NotFound;
  if (!admin && device_in_use(id)) return Step::NotFound;
  if (!a_.features.partitionable_devices && !device.consumes_counters.empty()) return Step::NotFound;

  const bool skip_counters = multiple && capacity_in_use(id);
  if (!skip_counters && !device.consumes_counters.empty() && !check_available_counters(choice)) return Step::NotFound;
  const bool counters_reserved = !skip_counters && !device.consumes_counters.empty();
  // From v1.36 a device rejected after its counters were reserved gives them back.
  auto release_counters = [&] {
    if (counters_reserved && a_.features.rejected_device_rolls_back) deallocate_counters(choice);
  };

  const std::string base_request = data.parent != nullptr ? data.parent->name : data.name;
  const std::string sub_request = data.parent != nullptr ? data.name : std::string();
  if (a_.features.device_taints && detail::untolerated_taint(device, data.spec->tolerations) != nullptr) {
    release_counters();
    return Step::NotFound;
  }
  auto& constraints = constraints_[r.claim];
  for (std::size_t i = 0; i < constraints.size(); ++i) {
    if (constraints[i]->add(base_request, sub_request, device, id)) continue;
    if (must) {
      return fail("claim " + kobj(claim(r.claim).metadata) + ", request " + data.name + ": cannot add device " +
                  id.str() + " because a claim constraint would not be satisfied");
    }
    for (std::size_t e = 0; e < i; ++e) constraints[e]->remove(base_request, sub_request, device, id);
    release_counters();
    return Step::NotFound;
  }

  std::set<std::size_t>& users = allocating_devices_[id];
  if (!multiple) users.insert(r.claim);

  ConsumedCapacity consumed;
  std::optional<std::string> share_id;
  if (a_.features.consumable_capacity) {
    if (capacity_fits(data, id, device) != CapacityFit::Fits) {
      if (a_.features.rejected_device_rolls_back) {
        if (!multiple) users.erase(r.claim);
        for (auto& constraint : constraints) constraint->remove(base_request, sub_request, device, id);
        release_counters();
      }
      return Step::NotFound;
    }
    if (multiple) {
      consumed = detail::consumed_capacity(data.spec->capacity, device.capacity);
      share_id = next_share_id();
      allocating_capacity_.insert(id, consumed);
    }
  }

  undo->claim = r.claim;
  undo->choice = &choice;
  undo->base_request = base_request;
  undo->sub_request = sub_request;
  undo->multiple = multiple;
  undo->previous_results = results_[r.claim].size();

  DeviceResult& result = results_[r.claim].emplace_back();
  result.device = &device;
  result.slice = choice.slice;
  result.request = data.name;
  result.parent = data.parent != nullptr ? data.parent->name : std::string();
  result.id = id;
  result.share_id = std::move(share_id);
  result.consumed = std::move(consumed);
  result.admin_access = admin;
  return Step::Found;
}

void Search::deallocate(const Undo& undo) {
  const DeviceChoice& choice = *undo.choice;
  for (auto& constraint : constraints_[undo.claim]) {
    constraint->remove(undo.base_request, undo.sub_request, *choice.device, choice.id);
  }
  allocating_devices_[choice.id].erase(undo.claim);
  if (undo.multiple) {
    const ConsumedCapacity& consumed = results_[undo.claim][undo.previous_results].consumed;
    // An allocation that consumed nothing leaves its (empty) entry behind, as upstream's does.
    if (!consumed.empty()) allocating_capacity_.remove(choice.id, consumed);
  } else if (a_.features.partitionable_devices && !choice.device->consumes_counters.empty()) {
    deallocate_counters(choice);
  }
  results_[undo.claim].resize(undo.previous_results);
}

Step Search::allocate_one(Indices r, bool allocate_sub_request, Location start) {
  ++outcome_.search_steps;
  if (options_.deadline && std::chrono::steady_clock::now() > *options_.deadline) {
    return fail("filter operation aborted: context deadline exceeded", AllocateOutcome::Kind::TimedOut);
  }
  if (options_.cancelled != nullptr && options_.cancelled->load(std::memory_order_relaxed)) {
    return fail("filter operation aborted: context canceled", AllocateOutcome::Kind::Cancelled);
  }
  if (r.claim >= a_.claims.size()) return Step::Found;

  const ResourceClaim& c = claim(r.claim);
  if (r.request >= c.spec.requests.size()) {
    const Step s = allocate_one(Indices{r.claim + 1, 0, 0, 0}, false, Location{});
    // Too many devices for a later claim: other choices here may still help it.
    return s == Step::TooMany ? Step::NotFound : s;
  }

  std::vector<RequestData>& alternatives = data_[r.claim][r.request];
  if (!allocate_sub_request && alternatives[r.sub].parent != nullptr) {
    const std::size_t key_sub = r.sub;
    bool all_too_many = true;
    for (std::size_t sub = 0;; ++sub) {
      if (sub >= alternatives.size()) return all_too_many ? Step::TooMany : Step::NotFound;
      r.sub = sub;
      const Step s = allocate_one(r, true, Location{});
      if (s == Step::TooMany) continue;
      all_too_many = false;
      if (s == Step::Failed || s == Step::Stopped) return s;
      if (s == Step::Found) {
        alternatives[key_sub].selected_sub_request = sub;
        return Step::Found;
      }
    }
  }

  RequestData& data = alternatives[r.sub];
  const bool all = data.all_mode();
  if (all && data.all_devices.empty() && a_.features.all_mode_needs_a_device) return Step::NotFound;

  if (r.device >= data.num_devices) {
    return allocate_one(Indices{r.claim, r.request + 1, 0, 0}, false, Location{});
  }

  const std::int64_t after = static_cast<std::int64_t>(results_[r.claim].size()) + data.num_devices - r.device;
  if (after > kAllocationResultsMaxSize) return Step::TooMany;

  if (all) {
    const DeviceChoice& choice = data.all_devices[static_cast<std::size_t>(r.device)];
    Undo undo;
    const Step s = allocate_device(r, choice, true, &undo);
    if (s == Step::NotFound && !a_.features.all_mode_taken_device_backtracks) return Step::Stopped;
    if (s != Step::Found) return s;
    const std::size_t next_sub = a_.features.all_mode_next_device_keeps_subrequest ? r.sub : 0;
    const Step next = allocate_one(Indices{r.claim, r.request, next_sub, r.device + 1}, allocate_sub_request, Location{});
    if (next != Step::Found) {
      // Before v1.34 the device stays taken (and in the results and constraints) once the search
      // backtracks past it, so no later attempt gets this request's devices.
      if (a_.features.all_mode_frees_devices_on_backtrack) deallocate(undo);
      return next;
    }
    return Step::Found;
  }

  const bool admin = data.admin_access();
  for (std::size_t pool_index = start.pool; pool_index < pools_.size(); ++pool_index) {
    const Pool& pool = pools_[pool_index];
    if (pool.incomplete || pool.invalid) continue;
    const std::size_t slice_start = pool_index == start.pool ? start.slice : 0;
    for (std::size_t slice_index = slice_start; slice_index < pool.slices_targeting_node.size(); ++slice_index) {
      const ResourceSlice& slice = *pool.slices_targeting_node[slice_index];
      const std::size_t device_start = pool_index == start.pool && slice_index == start.slice ? start.device : 0;
      for (std::size_t device_index = device_start; device_index < slice.devices.size(); ++device_index) {
        const Device& device = slice.devices[device_index];
        DeviceChoice choice{&slice, &device, &pool, DeviceId{pool.driver, pool.name, device.name}};
        if (admin && allocating_for_claim(choice.id, r.claim)) continue;
        if (!admin && (allocated_before(pool_index, slice_index, device_index, choice.id) || allocating(choice.id))) {
          continue;
        }
        bool selectable = false;
        if (is_selectable(Indices{r.claim, r.request, r.sub, 0}, data, slice, device, &selectable) == Step::Failed) {
          return Step::Failed;
        }
        if (!selectable) continue;
        if (a_.features.consumable_capacity && capacity_fits(data, choice.id, device) != CapacityFit::Fits) continue;

        Undo undo;
        const Step s = allocate_device(r, choice, false, &undo);
        if (s == Step::Failed) return s;
        if (s != Step::Found) continue;
        const Step next = allocate_one(Indices{r.claim, r.request, r.sub, r.device + 1}, allocate_sub_request,
                                       Location{pool_index, slice_index, device_index + 1});
        if (next == Step::Found) return Step::Found;
        deallocate(undo);
        if (next != Step::NotFound) return next;
      }
    }
  }
  return Step::NotFound;
}

bool contains_requirement(const std::vector<NodeSelectorRequirement>& list, const NodeSelectorRequirement& r) {
  const std::set<std::string> values(r.values.begin(), r.values.end());
  for (const NodeSelectorRequirement& e : list) {
    if (e.key != r.key || e.op != r.op) continue;
    if (std::set<std::string>(e.values.begin(), e.values.end()) != values) continue;
    return true;
  }
  return false;
}

void add_requirements(const std::vector<NodeSelectorRequirement>& from, std::vector<NodeSelectorRequirement>& to) {
  for (const NodeSelectorRequirement& r : from) {
    if (!contains_requirement(to, r)) to.push_back(r);
  }
}

// createNodeSelector: the node alone once a device is local to it or binds to it; otherwise the
// union of the devices' one-term selectors; nothing when every device is reachable everywhere.
bool Search::node_selector(const std::vector<DeviceResult>& results, std::optional<NodeSelector>* out,
                           std::string* error) const {
  NodeSelectorTerm term;
  for (const DeviceResult& result : results) {
    const bool per_device = result.slice->per_device_node_selection;
    const std::optional<std::string>& node_name = per_device ? result.device->node_name : result.slice->node_name;
    const std::optional<NodeSelector>& selector =
        per_device ? result.device->node_selector : result.slice->node_selector;
    if (node_name || result.device->binds_to_node.value_or(false)) {
      NodeSelector local;
      local.node_selector_terms.push_back(NodeSelectorTerm{{}, {{"metadata.name", "In", {node_.metadata.name}}}});
      *out = std::move(local);
      return true;
    }
    if (!selector) continue;
    const std::size_t terms = selector->node_selector_terms.size();
    if (terms == 1) {
      add_requirements(selector->node_selector_terms[0].match_fields, term.match_fields);
      add_requirements(selector->node_selector_terms[0].match_expressions, term.match_expressions);
    } else if (terms > 1) {
      *error = "unsupported ResourceSlice.NodeSelector with " + std::to_string(terms) + " terms";
      return false;
    }
  }
  if (!term.match_fields.empty() || !term.match_expressions.empty()) {
    NodeSelector selector;
    selector.node_selector_terms.push_back(std::move(term));
    *out = std::move(selector);
  } else {
    out->reset();
  }
  return true;
}

bool contains(const std::vector<std::string>& list, const std::string& value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

// The configuration of the class of each allocated (sub)request, once per class, then the
// claim's own for the requests that got devices; a list covering every request becomes empty.
void Search::add_config(std::size_t claim_index, AllocationResult& result) const {
  const ResourceClaim& c = claim(claim_index);
  const auto& requests = c.spec.requests;
  const auto selected = [&](std::size_t request_index) -> const RequestData& {
    const std::vector<RequestData>& alternatives = data_[claim_index][request_index];
    const RequestData& first = alternatives[0];
    return first.parent != nullptr ? alternatives[first.selected_sub_request] : first;
  };

  std::map<std::string, std::pair<std::size_t, std::size_t>> class_configs;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const RequestData& data = selected(i);
    if (data.device_class == nullptr) continue;
    auto existing = class_configs.find(data.device_class->metadata.name);
    if (existing != class_configs.end()) {
      for (std::size_t k = existing->second.first; k < existing->second.second; ++k) {
        result.config[k].requests.push_back(data.full_name());
      }
      continue;
    }
    const std::size_t begin = result.config.size();
    for (const DeviceClassConfiguration& config : data.device_class->config) {
      result.config.push_back(DeviceAllocationConfiguration{"FromClass", {data.full_name()}, config});
    }
    class_configs.emplace(data.device_class->metadata.name, std::make_pair(begin, result.config.size()));
  }

  for (const DeviceClaimConfiguration& config : c.spec.config) {
    if (config.requests.empty()) {
      result.config.push_back(DeviceAllocationConfiguration{"FromClaim", config.requests, config.opaque});
      continue;
    }
    for (std::size_t i = 0; i < requests.size(); ++i) {
      bool applies = contains(config.requests, requests[i].name);
      if (!applies) {
        const RequestData& data = selected(i);
        applies = data.parent != nullptr && contains(config.requests, data.full_name());
      }
      if (applies) {
        result.config.push_back(DeviceAllocationConfiguration{"FromClaim", config.requests, config.opaque});
        break;
      }
    }
  }

  for (DeviceAllocationConfiguration& config : result.config) {
    if (config.requests.empty()) continue;
    bool all = true;
    for (std::size_t i = 0; i < requests.size() && all; ++i) {
      if (contains(config.requests, requests[i].name)) continue;
      const RequestData& data = selected(i);
      if (data.parent != nullptr && contains(config.requests, data.full_name())) continue;
      all = false;
    }
    if (all) config.requests.clear();
  }
}

// lookupRequest(...).tolerations(): those of the request, or of the chosen alternative.
const std::vector<DeviceToleration>& tolerations_of(const ResourceClaim& claim, const DeviceResult& result) {
  static const std::vector<DeviceToleration> kNone;
  const std::string& name = result.parent.empty() ? result.request : result.parent;
  for (const DeviceRequest& request : claim.spec.requests) {
    if (request.name != name) continue;
    if (result.parent.empty()) return request.exactly ? request.exactly->tolerations : kNone;
    for (const DeviceSubRequest& sub : request.first_available) {
      if (sub.name == result.request) return sub.spec.tolerations;
    }
  }
  return kNone;
}

AllocateOutcome Search::run() {
  std::vector<const ResourceSlice*> slices_for_node;
  if (auto local = a_.slices_on_node.find(node_.metadata.name); local != a_.slices_on_node.end()) {
    slices_for_node = local->second;
  }
  slices_for_node.insert(slices_for_node.end(), a_.slices_shared.begin(), a_.slices_shared.end());

  std::string error;
  pools_ = detail::gather_pools(slices_for_node, node_, a_.features, a_.all_slices, a_.node_selectors, &error);
  if (!error.empty()) {
    fail("gather pool information: " + error);
    return std::move(outcome_);
  }

  const std::size_t num_claims = a_.claims.size();
  data_.resize(num_claims);
  constraints_.resize(num_claims);
  results_.resize(num_claims);
  for (std::size_t ci = 0; ci < num_claims; ++ci) {
    const ResourceClaim& c = claim(ci);
    const std::string claim_name = kobj(c.metadata);
    std::int64_t min_devices = 0;
    data_[ci].resize(c.spec.requests.size());
    for (std::size_t ri = 0; ri < c.spec.requests.size(); ++ri) {
      const DeviceRequest& request = c.spec.requests[ri];
      const bool has_subs = !request.first_available.empty();
      if (!a_.features.prioritized_list && has_subs) {
        fail("claim " + claim_name + ", request " + request.name +
             ": has subrequests, but the DRAPrioritizedList feature is disabled");
        return std::move(outcome_);
      }
      if (!a_.features.consumable_capacity) {
        if (request.exactly && request.exactly->capacity) {
          fail("claim " + claim_name + ", request " + request.name +
               ": has capacity requests, but the DRAConsumableCapacity feature is disabled");
          return std::move(outcome_);
        }
        for (const DeviceSubRequest& sub : request.first_available) {
          if (sub.spec.capacity) {
            fail("claim " + claim_name + ", subrequest " + sub.name +
                 ": has capacity requests, but the DRAConsumableCapacity feature is disabled");
            return std::move(outcome_);
          }
        }
      }
      std::vector<RequestData>& alternatives = data_[ci][ri];
      if (has_subs) {
        std::int64_t min_for_request = std::numeric_limits<std::int64_t>::max();
        alternatives.resize(request.first_available.size());
        for (std::size_t si = 0; si < request.first_available.size(); ++si) {
          RequestData& data = alternatives[si];
          data.parent = &request;
          data.spec = &request.first_available[si].spec;
          data.name = request.first_available[si].name;
          if (validate_request(data, Indices{ci, ri, si, 0}) == Step::Failed) return std::move(outcome_);
          min_for_request = std::min(min_for_request, data.num_devices);
        }
        min_devices += min_for_request;
      } else {
        static const DeviceRequestSpec kMissing{};
        RequestData& data = alternatives.emplace_back();
        data.spec = request.exactly ? &*request.exactly : &kMissing;
        data.name = request.name;
        if (validate_request(data, Indices{ci, ri, 0, 0}) == Step::Failed) return std::move(outcome_);
        min_devices += data.num_devices;
      }
    }
    if (min_devices > kAllocationResultsMaxSize) {
      fail("claim " + claim_name + ": number of requested devices " + std::to_string(min_devices) +
           " exceeds the claim limit of " + std::to_string(kAllocationResultsMaxSize));
      return std::move(outcome_);
    }
    for (std::size_t k = 0; k < c.spec.constraints.size(); ++k) {
      const DeviceConstraint& constraint = c.spec.constraints[k];
      if (constraint.match_attribute) {
        constraints_[ci].push_back(
            detail::match_attribute_constraint(constraint.requests, *constraint.match_attribute));
      } else if (constraint.distinct_attribute) {
        constraints_[ci].push_back(
            detail::distinct_attribute_constraint(constraint.requests, *constraint.distinct_attribute));
      } else {
        fail("claim " + claim_name + ", constraint #" + std::to_string(k) +
             ": empty constraint (unsupported constraint type?)");
        return std::move(outcome_);
      }
    }
  }
  matches_.clear();

  const Step s = allocate_one(Indices{}, false, Location{});
  if (s == Step::Failed) return std::move(outcome_);
  if (s == Step::Stopped) {
    outcome_.kind = AllocateOutcome::Kind::NoFit;
    return std::move(outcome_);
  }
  if (s == Step::TooMany) {
    fail("allocation max size exceeded");
    return std::move(outcome_);
  }
  if (s == Step::NotFound) {
    // Reported only now: other pools might have served the claims.
    for (const Pool& pool : pools_) {
      if (pool.invalid) {
        fail("invalid resource pools were encountered", AllocateOutcome::Kind::FailedOnNode);
        return std::move(outcome_);
      }
    }
    outcome_.kind = AllocateOutcome::Kind::NoFit;
    return std::move(outcome_);
  }

  std::vector<AllocationResult> results(num_claims);
  for (std::size_t ci = 0; ci < num_claims; ++ci) {
    const ResourceClaim& c = claim(ci);
    AllocationResult& out = results[ci];
    for (const DeviceResult& r : results_[ci]) {
      DeviceRequestAllocationResult& d = out.results.emplace_back();
      d.request = r.request_name();
      d.driver = r.id.driver;
      d.pool = r.id.pool;
      d.device = r.id.device;
      if (r.admin_access) d.admin_access = true;
      d.tolerations = tolerations_of(c, r);
      d.share_id = r.share_id;
      d.consumed_capacity.assign(r.consumed.begin(), r.consumed.end());
      if (a_.features.device_binding_and_status) {
        d.binding_conditions = r.device->binding_conditions;
        d.binding_failure_conditions = r.device->binding_failure_conditions;
      }
    }
    add_config(ci, out);
    std::string node_error;
    if (!node_selector(results_[ci], &out.node_selector, &node_error)) {
      fail("create NodeSelector for claim " + c.metadata.name + ": " + node_error);
      return std::move(outcome_);
    }
  }
  outcome_.kind = AllocateOutcome::Kind::Allocated;
  outcome_.results = std::move(results);
  return std::move(outcome_);
}

}  // namespace

Allocator::Allocator(std::vector<const ResourceClaim*> claims, AllocatedState allocated,
                     const std::vector<DeviceClass>& classes, const std::vector<ResourceSlice>& slices,
                     const std::vector<DeviceTaintRule>& taint_rules, AllocatorFeatures features,
                     const DeviceViews* views)
    : impl_(std::make_unique<Impl>()) {
  Impl& a = *impl_;
  a.features = features;
  a.claims = std::move(claims);
  a.allocated = std::move(allocated);
  a.allocated_devices.insert(a.allocated.devices.begin(), a.allocated.devices.end());
  a.shared_views = views;
  for (const DeviceClass& c : classes) a.classes.emplace(c.metadata.name, &c);
  if (features.device_taint_rules && !taint_rules.empty()) {
    a.all_slices = apply_device_taint_rules(slices, taint_rules, a.patched_slices, classes, features.selector_release);
  } else {
    a.all_slices.reserve(slices.size());
    for (const ResourceSlice& s : slices) a.all_slices.push_back(&s);
  }
  for (const ResourceSlice* s : a.all_slices) {
    const bool counters_everywhere = a.features.counter_slices_reach_every_node && !s->shared_counters.empty();
    if (s->node_name && !s->node_name->empty() && !counters_everywhere) {
      a.slices_on_node[*s->node_name].push_back(s);
    } else {
      a.slices_shared.push_back(s);
    }
    a.cache_node_selector(s->node_selector);
    if (s->per_device_node_selection) {
      for (const Device& d : s->devices) a.cache_node_selector(d.node_selector);
    }
  }
  for (const ResourceClaim* claim : a.claims) {
    for (const DeviceRequest& request : claim->spec.requests) {
      if (request.exactly) a.compile_request(*request.exactly);
      for (const DeviceSubRequest& sub : request.first_available) a.compile_request(sub.spec);
    }
  }
}

Allocator::~Allocator() = default;

AllocateOutcome Allocator::allocate(const Node& node, const AllocateOptions& options) const {
  return Search(*impl_, node, options).run();
}

bool waits_for_binding_conditions(const AllocationResult& result) {
  return std::any_of(result.results.begin(), result.results.end(),
                     [](const DeviceRequestAllocationResult& r) { return !r.binding_conditions.empty(); });
}

}  // namespace podfit::dra
