// Why claims do not fit on a node, request by request: each request is looked at on its own
// (which devices match, which of those are free), then the claims' constraints over the free
// devices, so the user learns which part of the claim the node cannot give.
#include "podfit/dra/allocation_explanation.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <atomic>
#include <set>

#include "allocator_internal.h"
#include "podfit/dra/device_matching.h"
#include "podfit/dra/device_views.h"
#include "podfit/model/taint.h"
#include "podfit/util/plural.h"

namespace podfit::dra {
namespace {

// The group of free devices a constraint's attribute is missing from.
constexpr const char* kWithoutAttribute = "without the attribute";


constexpr std::size_t kMostNamed = 4;  // devices named in one list before "and N more"

// One request, or one firstAvailable alternative, with its class and selectors compiled.
struct RequestPlan {
  std::size_t claim = 0;
  std::string request;  // "gpu", or "gpu/h100" for an alternative
  std::string parent;   // the request's own name
  const DeviceRequestSpec* spec = nullptr;
  const DeviceClass* device_class = nullptr;
  std::vector<const CompiledSelector*> selectors;  // the class's, then the request's
};

// One `&&` operand of a selector, and the operand of it whose value an explanation shows.
struct SelectorPart {
  std::string text;
  CompiledSelector condition;  // not ok() when the part is the whole selector
  std::optional<std::pair<std::string, ValueProbe>> operand;
};

// Where one request stands on one node.
struct RequestState {
  std::vector<const DeviceOutcome*> free;
  std::size_t matching = 0;
  std::int64_t needed = 0;
  bool satisfied = false;
};

DeviceId id_of(const DeviceOutcome& o) { return DeviceId{o.slice->driver, o.slice->pool.name, o.device->name}; }

std::string list_names(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < kMostNamed; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > kMostNamed) out += fmt::format(" and {} more", names.size() - kMostNamed);
  return out;
}

std::string attribute_text(const DeviceAttribute& a) {
  switch (a.kind) {
    case DeviceAttribute::Kind::Int: return std::to_string(a.int_value);
    case DeviceAttribute::Kind::Bool: return a.bool_value ? "true" : "false";
    case DeviceAttribute::Kind::String:
    case DeviceAttribute::Kind::Version: return a.string_value;
  }
  return {};
}



std::string shorten(std::string_view expression) {
  constexpr std::size_t kMost = 80;
  std::string flat;
  for (char c : expression) flat += (c == '\n' ? ' ' : c);
  return flat.size() <= kMost ? flat : flat.substr(0, kMost - 3) + "...";
}

std::string counter_set_key(const ResourceSlice& slice, const std::string& set) {
  return slice.driver + "/" + slice.pool.name + "/" + set;
}

}  // namespace

struct AllocationExplainer::Impl {
  std::vector<const ResourceClaim*> claims;
  std::map<DeviceId, std::string> owners;  // devices given exclusively, and the claim holding each
  // What is left of each pool's shared counters once the allocated devices drew on them, by
  // "driver/pool/counter set", then counter.
  std::map<std::string, std::map<std::string, Quantity>> counters_left;
  std::vector<std::unique_ptr<ResourceSlice>> patched;
  std::map<std::string, std::vector<const ResourceSlice*>, std::less<>> on_node;  // slices by nodeName
  std::vector<const ResourceSlice*> elsewhere;  // slices for node selectors, all nodes, or per device
  const DeviceViews* views = nullptr;  // the allocators' views and verdicts, when shared
  std::map<std::string, CompiledSelector> compiled;
  std::map<std::string, std::vector<SelectorPart>> parts;  // by selector expression
  std::vector<RequestPlan> plans;
  // DRAConsumableCapacity: what the allocated claims consume of each device's capacities.
  bool consumable_capacity = false;
  std::map<DeviceId, ConsumedCapacity> capacity_in_use;

  const SelectorCompiler* stored = nullptr;  // the release's stored-expressions compiler
  const SelectorCompiler& compiler() const { return *stored; }

  const CompiledSelector* compile(const std::string& expression) {
    auto it = compiled.find(expression);
    if (it == compiled.end()) it = compiled.emplace(expression, compiler().compile(expression)).first;
    if (!parts.contains(expression)) split(expression);
    return &it->second;
  }

  // The selector's conjuncts, each compiled with the operand worth showing; one part, the whole
  // selector, when a conjunct does not compile on its own.
  void split(const std::string& expression) {
    std::vector<SelectorPart> out;
    for (const std::string& text : selector_conjuncts(expression)) {
      SelectorPart& part = out.emplace_back();
      part.text = text;
      part.condition = compiler().compile(text);
      const std::string operand = compared_operand(text);
      if (!operand.empty()) {
        if (std::optional<ValueProbe> probe = compiler().probe(operand)) part.operand.emplace(operand, std::move(*probe));
      }
      if (!part.condition.ok()) {
        out.clear();
        out.emplace_back().text = expression;
        break;
      }
    }
    parts.emplace(expression, std::move(out));
  }

  void plan(std::size_t claim, const std::string& parent, const std::string& sub, const DeviceRequestSpec& spec,
            const std::vector<DeviceClass>& classes) {
    RequestPlan& p = plans.emplace_back();
    p.claim = claim;
    p.parent = parent;
    p.request = sub.empty() ? parent : parent + "/" + sub;
    p.spec = &spec;
    for (const DeviceClass& dc : classes) {
      if (dc.metadata.name == spec.device_class_name) p.device_class = &dc;
    }
    if (p.device_class != nullptr) {
      for (const DeviceSelector& s : p.device_class->selectors) p.selectors.push_back(compile(s.cel_expression));
    }
    for (const DeviceSelector& s : spec.selectors) p.selectors.push_back(compile(s.cel_expression));
  }

  // The first counter the device would draw on beyond what is left ("gpu-0-counters: memory
  // 24Gi left, needs 48Gi"), or empty when all fit.
  // Why the request does not fit in what the device has left of a capacity ("bandwidth: 5G left
  // of 100G, needs 10G"), as CmpRequestOverCapacity decides it; empty when it fits.
  std::string capacity_shortfall(const Device& device, const DeviceId& id, const DeviceRequestSpec& spec) const {
    if (!consumable_capacity) return {};
    static const ConsumedCapacity kNone;
    auto used = capacity_in_use.find(id);
    const ConsumedCapacity& in_use = used != capacity_in_use.end() ? used->second : kNone;
    const detail::CapacityFit fit = detail::request_fits_capacity(in_use, spec.capacity, device.capacity, nullptr);
    if (fit == detail::CapacityFit::Fits) return {};
    if (fit == detail::CapacityFit::UnknownCapacity) {
      for (const auto& [name, q] : spec.capacity->requests) {
        const bool known = std::any_of(device.capacity.begin(), device.capacity.end(),
                                       [&](const NamedCapacity& c) { return c.name == name; });
        if (!known) return fmt::format("no capacity {}", name);
      }
    }
    const ConsumedCapacity wanted = detail::consumed_capacity(spec.capacity, device.capacity);
    for (const NamedCapacity& c : device.capacity) {
      auto asked = wanted.find(c.name);
      if (asked == wanted.end()) continue;
      Quantity left = c.value.value;
      if (auto it = in_use.find(c.name); it != in_use.end()) left.sub(it->second);
      if (asked->second.compare(left) > 0) {
        return fmt::format("{}: {} left of {}, needs {}", c.name, left.to_string(), c.value.value.to_string(),
                           asked->second.to_string());
      }
    }
    // What is left would do, but the amount is not one the capacity's request policy allows.
    for (const NamedCapacity& c : device.capacity) {
      auto asked = wanted.find(c.name);
      if (asked != wanted.end() && c.value.request_policy) {
        return fmt::format("{}: {} is not an amount its request policy allows", c.name, asked->second.to_string());
      }
    }
    return "capacity";
  }

  std::string counter_shortfall(const ResourceSlice& slice, const Device& device) const {
    for (const DeviceCounterConsumption& consumption : device.consumes_counters) {
      auto set = counters_left.find(counter_set_key(slice, consumption.counter_set));
      if (set == counters_left.end()) continue;
      for (const Counter& wanted : consumption.counters) {
        auto left = set->second.find(wanted.name);
        if (left == set->second.end() || wanted.value.compare(left->second) <= 0) continue;
        return fmt::format("{}: {} {} left, needs {}", consumption.counter_set, wanted.name, left->second.to_string(),
                           wanted.value.to_string());
      }
    }
    return {};
  }

  std::string claim_label(std::size_t claim) const {
    const ObjectMeta& meta = claims[claim]->metadata;
    // The claim kube-scheduler builds for extended resources has no name until it is created.
    if (meta.name.empty() || meta.name.starts_with('<')) return "the claim for the pod's extended resources";
    return fmt::format("claim {}/{}", meta.namespace_, meta.name);
  }

  std::string device_label(const DeviceOutcome& o, const Node& node) const {
    if (o.slice->pool.name == node.metadata.name) return o.device->name;
    return o.slice->pool.name + "/" + o.device->name;
  }

  // The device as selectors see it: the shared view, else one made in `local`.
  const DeviceView& view_of(const ResourceSlice& slice, const Device& device,
                            std::unique_ptr<DeviceView>& local) const {
    if (views != nullptr) {
      if (std::optional<std::size_t> index = views->index_of(slice, device)) return views->view(*index);
    }
    if (!local) local = std::make_unique<DeviceView>(slice.driver, device);
    return *local;
  }

  RequestState assess(const RequestPlan& p, const std::vector<const ResourceSlice*>& slices, const Node& node,
                      std::vector<DeviceOutcome>& outcomes, std::string& line) const;
  std::string describe_misses(const RequestPlan& p, const std::vector<DeviceOutcome>& outcomes,
                              const Node& node) const;
  std::vector<std::string> explain_constraints(const std::vector<RequestState>& states, const Node& node) const;
};

std::string AllocationExplainer::Impl::describe_misses(const RequestPlan& p, const std::vector<DeviceOutcome>& outcomes,
                                                       const Node& node) const {
  if (outcomes.empty()) return "the node reaches no device of any ResourceSlice";
  // How far each device got: the selector that rejected it, then the conjuncts of it that held.
  struct Miss {
    const DeviceOutcome* outcome;
    std::size_t selector;
    std::size_t passed;
  };
  std::vector<Miss> misses;
  for (const DeviceOutcome& o : outcomes) {
    Miss& m = misses.emplace_back(Miss{&o, o.rejected_by.value_or(0), 0});
    const std::vector<SelectorPart>& split = parts.at(p.selectors[m.selector]->expression());
    if (!o.error.empty() || split.size() == 1) continue;
    std::unique_ptr<DeviceView> local;
    const DeviceView& view = view_of(*o.slice, *o.device, local);
    while (m.passed < split.size() && split[m.passed].condition.matches(view).matches) ++m.passed;
  }
  const auto rank = [](const Miss& m) { return std::pair(m.selector, m.passed); };
  const Miss& best = *std::max_element(misses.begin(), misses.end(),
                                       [&](const Miss& a, const Miss& b) { return rank(a) < rank(b); });
  std::vector<const Miss*> closest;
  std::vector<std::string> names;
  for (const Miss& m : misses) {
    if (rank(m) != rank(best)) continue;
    closest.push_back(&m);
    names.push_back(device_label(*m.outcome, node));
  }
  // Numbered from 0 in the class and in the request, as kube-scheduler's errors and `devices` number them.
  const std::size_t from_class = p.device_class ? p.device_class->selectors.size() : 0;
  const std::string which = best.selector < from_class
                                ? fmt::format("selector #{} of DeviceClass {}", best.selector,
                                              p.device_class->metadata.name)
                                : fmt::format("the request's selector #{}", best.selector - from_class);
  const std::string who = rank(best) == std::pair<std::size_t, std::size_t>(0, 0)
                              ? fmt::format("none of the {} device{} the node reaches passes", outcomes.size(),
                                            outcomes.size() == 1 ? "" : "s")
                              : fmt::format("closest: {}:", list_names(names));
  if (!best.outcome->error.empty()) {
    return fmt::format("{} {} `{}`, which fails: {}", who, which, shorten(p.selectors[best.selector]->expression()),
                       best.outcome->error);
  }
  const SelectorPart& part = parts.at(p.selectors[best.selector]->expression())[best.passed];
  std::string out = fmt::format("{} {}: `{}` is false", who, which, shorten(part.text));
  if (!part.operand) return out;
  // Devices grouped by the operand's value, values in the order first met.
  std::vector<std::pair<std::string, std::vector<std::string>>> by_value;
  for (const Miss* m : closest) {
    const DeviceOutcome& o = *m->outcome;
    std::unique_ptr<DeviceView> local;
    std::string value = part.operand->second.value_on(view_of(*o.slice, *o.device, local));
    auto group = std::find_if(by_value.begin(), by_value.end(), [&](const auto& g) { return g.first == value; });
    if (group == by_value.end()) group = by_value.insert(by_value.end(), {std::move(value), {}});
    group->second.push_back(device_label(o, node));
  }
  std::vector<std::string> values;
  for (const auto& [value, devices] : by_value) values.push_back(fmt::format("{} on {}", value, list_names(devices)));
  return out + fmt::format(" (`{}` is {})", shorten(part.operand->first), fmt::join(values, "; "));
}

RequestState AllocationExplainer::Impl::assess(const RequestPlan& p, const std::vector<const ResourceSlice*>& slices,
                                               const Node& node, std::vector<DeviceOutcome>& outcomes,
                                               std::string& line) const {
  RequestState state;
  const std::string head = fmt::format("{}, request {}", claim_label(p.claim), p.request);
  if (p.device_class == nullptr) {
    line = fmt::format("{}: DeviceClass {} does not exist", head, p.spec->device_class_name);
    return state;
  }
  outcomes = match_devices(slices, p.selectors, &node, views);
  std::vector<std::string> taken;
  std::vector<std::string> tainted;
  std::vector<std::string> short_of_counters;  // partitions whose shared counters others used up
  std::vector<std::string> short_of_capacity;  // devices without enough of a capacity left
  for (const DeviceOutcome& o : outcomes) {
    if (!o.matches) continue;
    ++state.matching;
    const bool shared = o.device->allow_multiple_allocations.value_or(false);
    if (auto owner = owners.find(id_of(o)); owner != owners.end() && !shared && !p.spec->admin_access) {
      taken.push_back(fmt::format("{} (by {})", device_label(o, node), owner->second));
    } else if (const DeviceTaint* taint = detail::untolerated_taint(*o.device, p.spec->tolerations)) {
      tainted.push_back(fmt::format("{} ({})", device_label(o, node), format_taint(*taint)));
    } else if (std::string shortfall = counter_shortfall(*o.slice, *o.device); !shortfall.empty()) {
      short_of_counters.push_back(fmt::format("{} ({})", device_label(o, node), shortfall));
    } else if (std::string short_of = capacity_shortfall(*o.device, id_of(o), *p.spec); !short_of.empty()) {
      short_of_capacity.push_back(fmt::format("{} ({})", device_label(o, node), short_of));
    } else {
      state.free.push_back(&o);
    }
  }
  const bool all = p.spec->allocation_mode == "All";
  state.needed = all ? static_cast<std::int64_t>(std::max<std::size_t>(state.matching, 1)) : p.spec->count;
  state.satisfied = static_cast<std::int64_t>(state.free.size()) >= state.needed;
  if (state.matching == 0) {
    line = fmt::format("{}: no device matches DeviceClass {}{}; {}", head, p.device_class->metadata.name,
                       p.spec->selectors.empty() ? "" : " and the request's selectors",
                       describe_misses(p, outcomes, node));
    return state;
  }
  std::vector<std::string> free_names;
  for (const DeviceOutcome* o : state.free) free_names.push_back(device_label(*o, node));
  line = all ? fmt::format("{}: needs every matching device (allocation mode All), {} match, {} free", head,
                           state.matching, state.free.size())
             : fmt::format("{}: needs {} device{}, {} match, {} free", head, state.needed, state.needed == 1 ? "" : "s",
                           state.matching, state.free.size());
  if (!free_names.empty()) line += fmt::format(" ({})", list_names(free_names));
  if (!taken.empty()) line += "; in use: " + list_names(taken);
  if (!tainted.empty()) line += "; tainted, not tolerated: " + list_names(tainted);
  if (!short_of_counters.empty()) line += "; shared counters used up: " + list_names(short_of_counters);
  if (!short_of_capacity.empty()) line += "; capacity short: " + list_names(short_of_capacity);
  return state;
}

std::vector<std::string> AllocationExplainer::Impl::explain_constraints(const std::vector<RequestState>& states,
                                                                        const Node& node) const {
  std::vector<std::string> lines;
  for (std::size_t ci = 0; ci < claims.size(); ++ci) {
    for (const DeviceConstraint& constraint : claims[ci]->spec.constraints) {
      const std::string* attribute = constraint.match_attribute ? &*constraint.match_attribute
                                     : constraint.distinct_attribute ? &*constraint.distinct_attribute
                                                                     : nullptr;
      if (attribute == nullptr) continue;
      // The requests in scope, each by its first satisfiable alternative.
      std::vector<std::size_t> scoped;
      std::set<std::string> seen;
      for (std::size_t k = 0; k < plans.size(); ++k) {
        const RequestPlan& p = plans[k];
        if (p.claim != ci || !states[k].satisfied || seen.contains(p.parent)) continue;
        const bool in_scope = constraint.requests.empty() ||
                              std::find(constraint.requests.begin(), constraint.requests.end(), p.parent) !=
                                  constraint.requests.end() ||
                              std::find(constraint.requests.begin(), constraint.requests.end(), p.request) !=
                                  constraint.requests.end();
        if (!in_scope) continue;
        seen.insert(p.parent);
        scoped.push_back(k);
      }
      if (scoped.empty()) continue;
      // Free devices grouped by the attribute's value; devices without it can join no group.
      std::map<std::string, std::vector<std::pair<std::size_t, std::string>>> by_value;
      std::int64_t needed = 0;
      for (std::size_t k : scoped) {
        needed += states[k].needed;
        for (const DeviceOutcome* o : states[k].free) {
          const DeviceAttribute* value = detail::lookup_attribute(*o->device, id_of(*o), *attribute);
          by_value[value ? attribute_text(*value) : kWithoutAttribute].emplace_back(k, device_label(*o, node));
        }
      }
      std::vector<std::string> groups;
      for (const auto& [value, devices] : by_value) {
        std::set<std::string> names;
        for (const auto& [k, name] : devices) names.insert(name);
        groups.push_back(fmt::format("{}: {}", value, list_names({names.begin(), names.end()})));
      }
      if (constraint.match_attribute) {
        bool some_value_fits = false;
        for (const auto& [value, devices] : by_value) {
          if (value == kWithoutAttribute) continue;
          bool fits = true;
          for (std::size_t k : scoped) {
            const auto count = std::count_if(devices.begin(), devices.end(), [&](const auto& d) { return d.first == k; });
            fits = fits && count >= states[k].needed;
          }
          some_value_fits = some_value_fits || fits;
        }
        if (!some_value_fits) {
          lines.push_back(fmt::format("{}: matchAttribute {}: no value is shared by enough free devices ({})",
                                      claim_label(ci), *attribute, fmt::join(groups, "; ")));
        }
      } else {
        std::int64_t distinct = 0;
        for (const auto& [value, devices] : by_value) distinct += value == kWithoutAttribute ? 0 : 1;
        if (distinct < needed) {
          lines.push_back(fmt::format("{}: distinctAttribute {}: {} needed, but the free devices have {} ({})",
                                      claim_label(ci), *attribute, counted(static_cast<size_t>(needed), "device"),
                                      counted(static_cast<size_t>(distinct), "distinct value"),
                                      fmt::join(groups, "; ")));
        }
      }
    }
  }
  return lines;
}

AllocationExplainer::AllocationExplainer(std::vector<const ResourceClaim*> claims,
                                         const std::vector<const ResourceClaim*>& cluster_claims,
                                         const std::vector<DeviceClass>& classes,
                                         const std::vector<ResourceSlice>& slices,
                                         const std::vector<DeviceTaintRule>& taint_rules, const DeviceViews* views,
                                         cel::KubeVersion release, bool consumable_capacity)
    : impl_(std::make_unique<Impl>()) {
  Impl& s = *impl_;
  s.views = views;
  s.consumable_capacity = consumable_capacity;
  s.stored = &stored_selector_compiler(release);
  s.claims = std::move(claims);
  for (const ResourceClaim* claim : cluster_claims) {
    if (!claim->allocation) continue;
    for (const DeviceRequestAllocationResult& r : claim->allocation->results) {
      if (r.admin_access.value_or(false)) continue;
      if (!r.consumed_capacity.empty()) {
        ConsumedCapacity& used = s.capacity_in_use[DeviceId{r.driver, r.pool, r.device}];
        for (const auto& [name, q] : r.consumed_capacity) {
          if (auto it = used.find(name); it != used.end()) it->second.add(q);
          else used.emplace(name, q);
        }
      }
      s.owners.try_emplace(DeviceId{r.driver, r.pool, r.device},
                           claim->metadata.namespace_ + "/" + claim->metadata.name);
    }
  }
  const std::vector<const ResourceSlice*> patched_slices = apply_device_taint_rules(slices, taint_rules, s.patched, classes, release);
  for (const ResourceSlice* slice : patched_slices) {
    for (const CounterSet& set : slice->shared_counters) {
      auto& left = s.counters_left[counter_set_key(*slice, set.name)];
      for (const Counter& c : set.counters) left[c.name] = c.value;
    }
  }
  for (const ResourceSlice* slice : patched_slices) {
    for (const Device& device : slice->devices) {
      if (!s.owners.contains(DeviceId{slice->driver, slice->pool.name, device.name})) continue;
      for (const DeviceCounterConsumption& consumption : device.consumes_counters) {
        auto set = s.counters_left.find(counter_set_key(*slice, consumption.counter_set));
        if (set == s.counters_left.end()) continue;
        for (const Counter& c : consumption.counters) {
          if (auto left = set->second.find(c.name); left != set->second.end()) left->second.sub(c.value);
        }
      }
    }
  }
  for (const ResourceSlice* slice : patched_slices) {
    if (slice->node_name && !slice->per_device_node_selection) {
      s.on_node[*slice->node_name].push_back(slice);
    } else {
      s.elsewhere.push_back(slice);
    }
  }
  for (std::size_t ci = 0; ci < s.claims.size(); ++ci) {
    for (const DeviceRequest& request : s.claims[ci]->spec.requests) {
      if (request.exactly) s.plan(ci, request.name, "", *request.exactly, classes);
      for (const DeviceSubRequest& sub : request.first_available) s.plan(ci, request.name, sub.name, sub.spec, classes);
    }
  }
}

AllocationExplainer::~AllocationExplainer() = default;

std::vector<std::string> AllocationExplainer::explain(const Node& node) const {
  const Impl& s = *impl_;
  std::vector<const ResourceSlice*> slices = s.elsewhere;
  if (auto it = s.on_node.find(node.metadata.name); it != s.on_node.end()) {
    slices.insert(slices.begin(), it->second.begin(), it->second.end());
  }
  std::vector<std::string> lines;
  std::vector<RequestState> states(s.plans.size());
  // Outcomes live as long as the states pointing into them.
  std::vector<std::vector<DeviceOutcome>> outcomes(s.plans.size());
  bool every_request_fits = true;
  std::set<std::pair<std::size_t, std::string>> fitting;  // (claim, request) with a fitting alternative
  for (std::size_t k = 0; k < s.plans.size(); ++k) {
    std::string line;
    states[k] = s.assess(s.plans[k], slices, node, outcomes[k], line);
    lines.push_back(std::move(line));
    if (states[k].satisfied) fitting.emplace(s.plans[k].claim, s.plans[k].parent);
  }
  for (const RequestPlan& p : s.plans) every_request_fits = every_request_fits && fitting.contains({p.claim, p.parent});
  if (!every_request_fits) return lines;
  std::vector<std::string> constraints = s.explain_constraints(states, node);
  if (!constraints.empty()) {
    lines.insert(lines.end(), constraints.begin(), constraints.end());
    return lines;
  }
  lines.push_back("each request finds enough free devices on its own, but not all of them together (devices "
                  "wanted by several requests, shared counters, capacity or constraints)");
  return lines;
}

}  // namespace podfit::dra
