// The structured allocator: the cases of k8s.io/dynamic-resource-allocation's allocator test
// table (internal/allocatortesting) that apply to what v1.37 can express, with the features
// each case names (an upstream case without features runs with all of them off), plus our own.
// Results are compared in the order the allocator produces them and errors word for word.
//
// Upstream's cases left out, and why:
// unknown-selector: a selector without `cel`, which the API server refuses and the model cannot hold.
// with-distinct-constraints-unknown-type-attribute: an attribute without a value, refused and unrepresentable alike.
// list-attributes-disabled-match-constraint-with-lists: list-valued attributes, which the model does not hold.
// list-attributes-disabled-distinct-constraint-with-lists: list-valued attributes, as above.
// The 21 cases that turn DRAListTypeAttributes on (alpha, off in v1.37; upstream runs them on its
// experimental allocator only), one line each:
// list-attributes-match-constaint-scalar-string-values: DRAListTypeAttributes.
// list-attributes-match-constaint-list-of-string-values-with-common-elements: DRAListTypeAttributes.
// list-attributes-match-constaint-list-of-string-values-with-partially-common-elements: DRAListTypeAttributes.
// list-attributes-match-constaint-list-of-string-values-without-common-elements: DRAListTypeAttributes.
// list-attributes-match-constaint-mixed-scalar-and-list-of-string-values-with-common-elements: DRAListTypeAttributes.
// list-attributes-match-constaint-mixed-scalar-and-list-of-string-values-with-partially-common-elements: DRAListTypeAttributes.
// list-attributes-match-constaint-mixed-scalar-and-list-of-string-values-without-common-elements: DRAListTypeAttributes.
// list-attributes-match-constaint-list-of-int-values-with-common-elements: DRAListTypeAttributes.
// list-attributes-match-constaint-list-of-bool-values-with-common-elements: DRAListTypeAttributes.
// list-attributes-match-constaint-list-of-version-values-with-common-elements: DRAListTypeAttributes.
// list-attributes-match-constaint-with-empty-or-unknown-type: DRAListTypeAttributes.
// list-attributes-distinct-constraint-scalar-string-values-all-distinct: DRAListTypeAttributes.
// list-attributes-distinct-constraint-scalar-string-values-not-distinct: DRAListTypeAttributes.
// list-attributes-distinct-constraint-list-of-string-values-all-distinct: DRAListTypeAttributes.
// list-attributes-distinct-constraint-list-of-string-values-with-common-elements: DRAListTypeAttributes.
// list-attributes-distinct-constraint-mixed-scalar-and-list-all-distinct: DRAListTypeAttributes.
// list-attributes-distinct-constraint-mixed-scalar-and-list-with-common-elements: DRAListTypeAttributes.
// list-attributes-distinct-constraint-list-of-int-values-all-distinct: DRAListTypeAttributes.
// list-attributes-distinct-constraint-list-of-bool-values-all-distinct: DRAListTypeAttributes.
// list-attributes-distinct-constraint-list-of-version-values-all-distinct: DRAListTypeAttributes.
// list-attributes-distinct-constaint-with-empty-or-unknown-type: DRAListTypeAttributes.
// interrupt/cancel: podfit's callers never cancel a search; interrupt/off and interrupt/deadline are below.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "podfit/dra/allocator.h"
#include "podfit/dra/device_views.h"
#include "podfit/load/loader.h"

namespace dra = podfit::dra;
using namespace podfit;

namespace {

const std::string region1 = "region-1", region2 = "region-2";
const std::string node1 = "node-1", node2 = "node-2";
const std::string classA = "class-a", classB = "class-b";
const std::string driverA = "driver-a", driverB = "driver-b";
const std::string pool1 = "pool-1", pool2 = "pool-2", pool3 = "pool-3", pool4 = "pool-4";
const std::string req0 = "req-0", req1 = "req-1", req2 = "req-2", req3 = "req-3";
const std::string subReq0 = "subReq-0", subReq1 = "subReq-1";
const std::string req0SubReq0 = "req-0/subReq-0", req0SubReq1 = "req-0/subReq-1";
const std::string req1SubReq0 = "req-1/subReq-0", req1SubReq1 = "req-1/subReq-1";
const std::string req2SubReq0 = "req-2/subReq-0", req2SubReq1 = "req-2/subReq-1";
const std::string claim0 = "claim-0", claim1 = "claim-1";
const std::string slice1 = "slice-1", slice2 = "slice-2", slice3 = "slice-3", slice4 = "slice-4";
const std::string device0 = "device-0", device1 = "device-1", device2 = "device-2", device3 = "device-3",
                  device4 = "device-4";
const std::string counterSet1 = "counter-set-1", counterSet2 = "counter-set-2";
const std::string capacity0 = "capacity-0", capacity1 = "capacity-1";
const std::string kAll = "nodeSelectionAll", kPerDevice = "nodeSelectionPerDevice";

const std::string intAttribute = driverA + "/numa";
const std::string versionAttribute = driverA + "/driverVersion";
const std::string stringAttribute = driverA + "/stringAttribute";
const std::string boolAttribute = driverA + "/boolAttribute";
const std::string nonExistentAttribute = driverA + "/NonExistentAttribute";

// The allocator's features, one bit each; an upstream case lists the ones it turns on.
enum : unsigned {
  AA = 1u << 0,   // AdminAccess
  PL = 1u << 1,   // PrioritizedList
  PD = 1u << 2,   // PartitionableDevices
  DT = 1u << 3,   // DeviceTaints
  DBS = 1u << 4,  // DeviceBindingAndStatus
  CC = 1u << 5,   // ConsumableCapacity
};
constexpr unsigned kV137 = AA | PL | PD | DT | DBS | CC;

dra::AllocatorFeatures features(unsigned f) {
  dra::AllocatorFeatures out;
  out.admin_access = (f & AA) != 0;
  out.prioritized_list = (f & PL) != 0;
  out.partitionable_devices = (f & PD) != 0;
  out.device_taints = (f & DT) != 0;
  out.device_binding_and_status = (f & DBS) != 0;
  out.consumable_capacity = (f & CC) != 0;
  return out;
}

Quantity q(const char* text) { return *Quantity::parse(text); }
Quantity n(std::int64_t v) { return Quantity::from_int(v, Quantity::Format::BinarySI); }
const Quantity zero = n(0), one = n(1), two = n(2), three = n(3), four = n(4);

Node node(const std::string& name, const std::string& region) {
  Node out;
  out.metadata.name = name;
  out.metadata.labels.set("region", region);
  out.metadata.labels.set("planet", "earth");
  return out;
}

DeviceSelector sel(std::string expression) { return DeviceSelector{std::move(expression), 0}; }
std::string memory_at_least(const std::string& q) {
  return "device.capacity[\"" + driverA + "\"].memory.compareTo(quantity(\"" + q + "\")) >= 0";
}

DeviceClass cls(const std::string& name, const std::string& driver) {
  DeviceClass c;
  c.metadata.name = name;
  c.selectors.push_back(sel("device.driver == \"" + driver + "\""));
  return c;
}
DeviceClass cls_multi(const std::string& name, const std::string& driver, bool multi) {
  DeviceClass c;
  c.metadata.name = name;
  c.selectors.push_back(
      sel("device.driver == \"" + driver + "\" && device.allowMultipleAllocations == " + (multi ? "true" : "false")));
  return c;
}
DeviceClassConfiguration config(const std::string& driver, const std::string& attribute) {
  return DeviceClassConfiguration{driver, "{\"" + attribute + "\":\"" + attribute + "Value\"}"};
}
DeviceClass cls_config(const std::string& name, const std::string& driver, const std::string& attribute) {
  DeviceClass c = cls(name, driver);
  c.config.push_back(config(driver, attribute));
  return c;
}

DeviceAttribute str(std::string v) {
  DeviceAttribute a;
  a.kind = DeviceAttribute::Kind::String;
  a.string_value = std::move(v);
  return a;
}
DeviceAttribute num(std::int64_t v) {
  DeviceAttribute a;
  a.kind = DeviceAttribute::Kind::Int;
  a.int_value = v;
  return a;
}
DeviceAttribute flag(bool v) {
  DeviceAttribute a;
  a.kind = DeviceAttribute::Kind::Bool;
  a.bool_value = v;
  return a;
}
DeviceAttribute ver(std::string v) {
  DeviceAttribute a = str(std::move(v));
  a.kind = DeviceAttribute::Kind::Version;
  return a;
}

DeviceTaint taint(std::string key, std::string value, std::string effect) {
  return DeviceTaint{std::move(key), std::move(value), std::move(effect), {}};
}
DeviceToleration toleration(std::string op, std::string key, std::string value, std::string effect) {
  DeviceToleration t;
  t.op = std::move(op);
  t.key = std::move(key);
  t.value = std::move(value);
  t.effect = std::move(effect);
  return t;
}
const DeviceTaint taintNone = taint("taint-key", "taint-value", "None");
const DeviceTaint taintNoSchedule = taint("taint-key", "taint-value", "NoSchedule");
const DeviceTaint taintNoExecute = taint("taint-key", "taint-value-2", "NoExecute");
const DeviceToleration tolerationNoSchedule = toleration("Exists", "taint-key", "", "NoSchedule");
const DeviceToleration tolerationNoExecute = toleration("Equal", "taint-key", "taint-value-2", "NoExecute");
const DeviceToleration tolerationNoScheduleKey1 = toleration("Exists", "key1", "", "NoSchedule");

using Counters = std::vector<std::pair<std::string, Quantity>>;

NodeSelector label_selector(const std::string& key, std::vector<std::string> values) {
  NodeSelector s;
  s.node_selector_terms.push_back(NodeSelectorTerm{{{key, "In", std::move(values)}}, {}});
  return s;
}
NodeSelector local(const std::string& node_name) {
  NodeSelector s;
  s.node_selector_terms.push_back(NodeSelectorTerm{{}, {{"metadata.name", "In", {node_name}}}});
  return s;
}

// A device; `from_counters` makes its capacity the counters it consumes, as upstream's builder.
struct D {
  Device d;
  bool from_counters = false;
  explicit D(std::string name, bool counters_as_capacity = false) : from_counters(counters_as_capacity) {
    d.name = std::move(name);
  }
  D& attr(std::string name, DeviceAttribute value) {
    d.attributes.push_back({std::move(name), std::move(value)});
    return *this;
  }
  D& cap(std::string name, Quantity value) {
    set_capacity(std::move(name), DeviceCapacity{std::move(value), std::nullopt});
    return *this;
  }
  D& consumes(std::string set, Counters counters) {
    DeviceCounterConsumption c;
    c.counter_set = std::move(set);
    for (auto& [name, value] : counters) c.counters.push_back({name, value});
    d.consumes_counters.push_back(std::move(c));
    if (from_counters) {
      d.capacity.clear();
      for (const DeviceCounterConsumption& cc : d.consumes_counters) {
        for (const Counter& counter : cc.counters)
          set_capacity(counter.name, DeviceCapacity{counter.value, std::nullopt});
      }
    }
    return *this;
  }
  D& taints(std::vector<DeviceTaint> t) {
    d.taints.insert(d.taints.end(), t.begin(), t.end());
    return *this;
  }
  D& on_node(std::string name) {
    d.node_name = std::move(name);
    return *this;
  }
  D& on_nodes(NodeSelector s) {
    d.node_selector = std::move(s);
    return *this;
  }
  D& everywhere() {
    d.all_nodes = true;
    return *this;
  }
  D& binding(std::vector<std::string> conditions, std::vector<std::string> failures) {
    d.binding_conditions = std::move(conditions);
    d.binding_failure_conditions = std::move(failures);
    return *this;
  }
  D& binds_to_node() {
    d.binds_to_node = true;
    return *this;
  }
  D& multi() {
    d.allow_multiple_allocations = true;
    return *this;
  }
  // Upstream's withCapacityRequestPolicyRange: default 2, range 2..4 in steps of 2.
  D& policy_range(std::string name, Quantity value) {
    CapacityRequestPolicy p;
    p.default_ = two;
    p.valid_range = CapacityRequestPolicyRange{two, four, two};
    set_capacity(std::move(name), DeviceCapacity{std::move(value), p});
    return *this;
  }
  // Upstream's withCapacityRequestPolicyValidValues: the default first, then the others.
  D& policy_values(Quantity default_value, std::string name, Quantity value, std::vector<Quantity> more = {}) {
    CapacityRequestPolicy p;
    p.default_ = default_value;
    p.valid_values.push_back(default_value);
    p.valid_values.insert(p.valid_values.end(), more.begin(), more.end());
    set_capacity(std::move(name), DeviceCapacity{std::move(value), p});
    return *this;
  }
  operator Device() const { return d; }

 private:
  void set_capacity(std::string name, DeviceCapacity value) {
    for (NamedCapacity& c : d.capacity) {
      if (c.name == name) {
        c.value = std::move(value);
        return;
      }
    }
    d.capacity.push_back({std::move(name), std::move(value)});
  }
};

// Where a slice's devices are: a node name, all nodes, per device, or a node selector.
struct Where {
  std::string name;
  std::optional<NodeSelector> selector;
  Where(const std::string& n) : name(n) {}
  Where(const char* n) : name(n) {}
  Where(NodeSelector s) : selector(std::move(s)) {}
};

struct P {
  std::string name;
  std::int64_t count = 1;
  std::int64_t generation = 1;
  P(const std::string& n) : name(n) {}
  P(const char* n) : name(n) {}
  P(std::string n, std::int64_t c, std::int64_t g = 1) : name(std::move(n)), count(c), generation(g) {}
};

ResourceSlice slice(std::string name, const Where& where, const P& pool, std::string driver,
                    std::vector<Device> devices = {}) {
  ResourceSlice s;
  s.metadata.name = std::move(name);
  s.driver = std::move(driver);
  s.pool = ResourcePool{pool.name, pool.generation, pool.count};
  if (where.selector) {
    s.node_selector = where.selector;
  } else if (where.name == kAll) {
    s.all_nodes = true;
  } else if (where.name == kPerDevice) {
    s.per_device_node_selection = true;
  } else {
    s.node_name = where.name;
  }
  s.devices = std::move(devices);
  return s;
}
ResourceSlice one_device(std::string name, const Where& where, const P& pool, std::string driver) {
  return slice(std::move(name), where, pool, std::move(driver), {D(device1)});
}
ResourceSlice many_devices(std::string name, const Where& where, const P& pool, std::string driver, int count) {
  std::vector<Device> devices;
  for (int i = 0; i < count; ++i) devices.push_back(D("device-" + std::to_string(i)));
  return slice(std::move(name), where, pool, std::move(driver), std::move(devices));
}
CounterSet counter_set(std::string name, Counters counters) {
  CounterSet s;
  s.name = std::move(name);
  for (auto& [c, v] : counters) s.counters.push_back({c, v});
  return s;
}
ResourceSlice counters(std::string name, const Where& where, const P& pool, std::string driver,
                       std::vector<CounterSet> sets) {
  ResourceSlice s = slice(std::move(name), where, pool, std::move(driver));
  s.shared_counters = std::move(sets);
  return s;
}

// A request (or, through sub(), an alternative of firstAvailable).
struct Rq {
  DeviceRequestSpec spec;
  explicit Rq(const std::string& device_class, std::int64_t count = 1) {
    spec.device_class_name = device_class;
    spec.count = count;
  }
  Rq& sel(std::string expression) {
    spec.selectors.push_back(::sel(std::move(expression)));
    return *this;
  }
  Rq& all() {
    spec.allocation_mode = "All";
    spec.count = 0;
    return *this;
  }
  Rq& mode(std::string m) {
    spec.allocation_mode = std::move(m);
    return *this;
  }
  Rq& admin() {
    spec.admin_access = true;
    return *this;
  }
  Rq& tolerate(DeviceToleration t) {
    spec.tolerations.push_back(std::move(t));
    return *this;
  }
  // Upstream's withCapacityRequest: capacity-0 of the given quantity (none: an empty request).
  Rq& capacity(std::optional<Quantity> value) {
    spec.capacity = CapacityRequirements{};
    if (value) spec.capacity->requests.push_back({capacity0, *value});
    return *this;
  }
};

DeviceRequest req(const std::string& name, const Rq& r) {
  DeviceRequest out;
  out.name = name;
  out.exactly = r.spec;
  return out;
}
DeviceRequest req(const std::string& name, const std::string& device_class, std::int64_t count = 1) {
  return req(name, Rq(device_class, count));
}
DeviceSubRequest sub(const std::string& name, const Rq& r) { return DeviceSubRequest{name, r.spec}; }
DeviceRequest first(const std::string& name, std::vector<DeviceSubRequest> subs) {
  DeviceRequest out;
  out.name = name;
  out.first_available = std::move(subs);
  return out;
}

DeviceConstraint match(const std::string& attribute, std::vector<std::string> requests = {}) {
  DeviceConstraint c;
  c.requests = std::move(requests);
  c.match_attribute = attribute;
  return c;
}
DeviceConstraint distinct(const std::string& attribute, std::vector<std::string> requests = {}) {
  DeviceConstraint c;
  c.requests = std::move(requests);
  c.distinct_attribute = attribute;
  return c;
}

ResourceClaim claim(const std::string& name, std::vector<DeviceRequest> requests,
                    std::vector<DeviceConstraint> constraints = {},
                    std::vector<DeviceClaimConfiguration> configs = {}) {
  ResourceClaim c;
  c.metadata.name = name;
  c.spec.requests = std::move(requests);
  c.spec.constraints = std::move(constraints);
  c.spec.config = std::move(configs);
  return c;
}
// claimWithRequest: one request for one device of the class.
ResourceClaim simple_claim(const std::string& name, const std::string& request, const std::string& device_class,
                           std::vector<DeviceConstraint> constraints = {}) {
  return claim(name, {req(request, device_class)}, std::move(constraints));
}
// withTolerations: added to every `exactly` request.
ResourceClaim tolerating(ResourceClaim c, std::vector<DeviceToleration> tolerations) {
  for (DeviceRequest& r : c.spec.requests) {
    if (r.exactly) r.exactly->tolerations.insert(r.exactly->tolerations.end(), tolerations.begin(), tolerations.end());
  }
  return c;
}
DeviceClaimConfiguration claim_config(std::vector<std::string> requests, DeviceClassConfiguration opaque) {
  return DeviceClaimConfiguration{std::move(requests), std::move(opaque)};
}

// An expected device result.
struct Res {
  DeviceRequestAllocationResult r;
  Res(std::string request, std::string driver, std::string pool, std::string device) {
    r.request = std::move(request);
    r.driver = std::move(driver);
    r.pool = std::move(pool);
    r.device = std::move(device);
  }
  Res& admin() {
    r.admin_access = true;
    return *this;
  }
  Res& tol(std::vector<DeviceToleration> t) {
    r.tolerations = std::move(t);
    return *this;
  }
  Res& binding(std::vector<std::string> conditions, std::vector<std::string> failures) {
    r.binding_conditions = std::move(conditions);
    r.binding_failure_conditions = std::move(failures);
    return *this;
  }
  // withConsumedCapacity: a share (its id is not compared) and what it consumes.
  Res& share(std::vector<std::pair<std::string, Quantity>> consumed = {}) {
    r.share_id = "share";
    r.consumed_capacity = std::move(consumed);
    return *this;
  }
  operator DeviceRequestAllocationResult() const { return r; }
};
std::vector<DeviceRequestAllocationResult> many_results(const std::string& request, const std::string& driver,
                                                        const std::string& pool, int count, int start) {
  std::vector<DeviceRequestAllocationResult> out;
  for (int i = start; i < start + count; ++i) out.push_back(Res(request, driver, pool, "device-" + std::to_string(i)));
  return out;
}

AllocationResult alloc(std::optional<NodeSelector> selector, std::vector<DeviceRequestAllocationResult> results,
                       std::vector<DeviceAllocationConfiguration> configs = {}) {
  AllocationResult out;
  out.node_selector = std::move(selector);
  out.results = std::move(results);
  out.config = std::move(configs);
  return out;
}
DeviceAllocationConfiguration from_class(std::vector<std::string> requests, DeviceClassConfiguration c) {
  return DeviceAllocationConfiguration{"FromClass", std::move(requests), std::move(c)};
}
DeviceAllocationConfiguration from_claim(std::vector<std::string> requests, DeviceClassConfiguration c) {
  return DeviceAllocationConfiguration{"FromClaim", std::move(requests), std::move(c)};
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : " ") + s;
  return "[" + out + "]";
}

std::string dump(const std::optional<NodeSelector>& selector) {
  if (!selector) return "everywhere";
  std::string out;
  for (const NodeSelectorTerm& t : selector->node_selector_terms) {
    out += "term{";
    for (const auto& r : t.match_expressions) out += " label " + r.key + " " + r.op + " " + join(r.values);
    for (const auto& r : t.match_fields) out += " field " + r.key + " " + r.op + " " + join(r.values);
    out += " }";
  }
  return out;
}

// Every field of the results, one line each, so that a mismatch shows where.
std::string dump(const std::vector<AllocationResult>& results) {
  std::string out;
  for (const AllocationResult& a : results) {
    out += "claim: " + dump(a.node_selector) + "\n";
    for (const DeviceRequestAllocationResult& r : a.results) {
      out += "  " + r.request + " " + r.driver + "/" + r.pool + "/" + r.device;
      if (r.admin_access) out += *r.admin_access ? " admin" : " admin=false";
      for (const DeviceToleration& t : r.tolerations) {
        out += " tolerates(" + t.key + " " + t.op + " " + t.value + " " + t.effect + ")";
      }
      if (r.share_id) out += " share";
      for (const auto& [name, value] : r.consumed_capacity) out += " " + name + "=" + value.to_string();
      if (!r.binding_conditions.empty()) out += " binding" + join(r.binding_conditions);
      if (!r.binding_failure_conditions.empty()) out += " failure" + join(r.binding_failure_conditions);
      out += "\n";
    }
    for (const DeviceAllocationConfiguration& c : a.config) {
      out += "  config " + c.source + " " + join(c.requests) + " " + c.opaque.driver + " " + c.opaque.parameters_json +
             "\n";
    }
  }
  return out;
}

using Kind = dra::AllocateOutcome::Kind;

struct Case {
  std::string name;
  unsigned features = 0;
  std::vector<ResourceClaim> claims;
  std::vector<dra::DeviceId> allocated;
  std::vector<std::pair<dra::DeviceId, std::string>> shared;
  std::map<dra::DeviceId, dra::ConsumedCapacity> capacity;
  std::vector<DeviceClass> classes;
  std::vector<ResourceSlice> slices;
  std::optional<Node> node;
  std::vector<AllocationResult> want;
  std::string error;            // the exact text; empty for none
  bool failed_on_node = false;  // the error is for this node only
  std::int64_t steps = 0;       // upstream's NumAllocateOneInvocations, when the case checks it
  std::vector<DeviceTaintRule> rules = {};
};

dra::AllocateOutcome run(const Case& c, const dra::DeviceViews* views = nullptr) {
  dra::AllocatedState state;
  state.devices.insert(c.allocated.begin(), c.allocated.end());
  state.shared_devices.insert(c.shared.begin(), c.shared.end());
  state.aggregated_capacity = c.capacity;
  std::vector<const ResourceClaim*> claims;
  for (const ResourceClaim& claim : c.claims) claims.push_back(&claim);
  const dra::Allocator allocator(claims, std::move(state), c.classes, c.slices, c.rules, features(c.features), views);
  return allocator.allocate(c.node ? *c.node : node(node1, region1));
}

void check(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    SUBCASE(c.name.c_str()) {
      const dra::AllocateOutcome out = run(c);
      CHECK(out.error == c.error);
      Kind want = Kind::NoFit;
      if (!c.error.empty()) {
        want = c.failed_on_node ? Kind::FailedOnNode : Kind::Error;
      } else if (!c.want.empty() || c.claims.empty()) {
        want = Kind::Allocated;
      }
      CHECK(out.kind == want);
      CHECK(dump(out.results) == dump(c.want));
      if (c.steps != 0) CHECK(out.search_steps == c.steps);
      // Shared device views, first empty, then holding the verdicts of that run, change nothing.
      const dra::DeviceViews views(c.slices);
      for (int pass = 0; pass < 2; ++pass) {
        const dra::AllocateOutcome shared = run(c, &views);
        CHECK(shared.kind == out.kind);
        CHECK(shared.error == out.error);
        CHECK(dump(shared.results) == dump(out.results));
        CHECK(shared.search_steps == out.search_steps);
      }
    }
  }
}

std::vector<Device> devices_with(std::vector<std::pair<std::string, std::vector<NamedAttribute>>> list) {
  std::vector<Device> out;
  for (auto& [name, attributes] : list) {
    D d(name);
    for (auto& a : attributes) d.attr(a.name, a.value);
    out.push_back(d);
  }
  return out;
}

}  // namespace

TEST_CASE("DRA allocator: devices, pools, classes and request sizes") {
  const std::string undeclared =
      "compilation failed: ERROR: <input>:1:1: undeclared reference to 'noSuchVar' (in container '')\n"
      " | noSuchVar\n"
      " | ^";
  ResourceClaim no_such_var = simple_claim(claim0, req0, classA);
  no_such_var.spec.requests[0].exactly->selectors = {sel("noSuchVar")};
  ResourceClaim no_such_var_all = no_such_var;
  no_such_var_all.spec.requests[0].exactly->allocation_mode = "All";
  DeviceClass no_such_var_class = cls(classA, driverA);
  no_such_var_class.selectors[0].cel_expression = "noSuchVar";
  ResourceSlice duplicate_a = one_device(slice1, node1, P(pool1, 2), driverA);
  ResourceSlice duplicate_b = duplicate_a;
  duplicate_b.metadata.name += "-2";
  ResourceSlice incomplete = one_device(slice1, node1, pool1, driverA);
  incomplete.pool.resource_slice_count++;

  check({
      {.name = "empty"},
      {.name = "simple",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "other-node",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverB), one_device(slice2, node2, pool2, driverA)},
       .node = node(node2, region2),
       .want = {alloc(local(node2), {Res(req0, driverA, pool2, device1)})}},
      {.name = "small-and-large",
       .claims = {claim(claim0, {req(req0, Rq(classA).sel(memory_at_least("1Gi"))),
                                 req(req1, Rq(classA).sel(memory_at_least("2Gi")))})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).cap("memory", q("1Gi")), D(device2).cap("memory", q("2Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req1, driverA, pool1, device2)})}},
      {.name = "small-and-large-backtrack-requests",
       .claims = {claim(claim0, {req(req0, Rq(classA).sel(memory_at_least("1Gi"))),
                                 req(req1, Rq(classA).sel(memory_at_least("2Gi")))})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device2).cap("memory", q("2Gi")), D(device1).cap("memory", q("1Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req1, driverA, pool1, device2)})}},
      {.name = "small-and-large-backtrack-claims",
       .claims = {claim(claim0, {req(req0, Rq(classA).sel(memory_at_least("1Gi")))}),
                  claim(claim1, {req(req1, Rq(classA).sel(memory_at_least("2Gi")))})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device2).cap("memory", q("2Gi")), D(device1).cap("memory", q("1Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)}),
                alloc(local(node1), {Res(req1, driverA, pool1, device2)})}},
      {.name = "devices-split-across-different-slices",
       .claims = {claim(claim0, {req(req0, classA, 2)})},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA), one_device(slice2, node1, pool2, driverA)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool2, device1)})}},
      {.name = "obsolete-slice",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {slice("slice-1-obsolete", node1, P(pool1, 2), driverA, {D(device1)}),
                  slice("slice-1-obsolete", node1, P(pool1, 2, 2), driverA, {D(device2)})}},
      {.name = "duplicate-slice",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {duplicate_a, duplicate_b},
       .error = "invalid resource pools were encountered",
       .failed_on_node = true},
      {.name = "no-slices", .claims = {simple_claim(claim0, req0, classA)}, .classes = {cls(classA, driverA)}},
      {.name = "not-enough-suitable-devices",
       .claims = {simple_claim(claim0, req0, classA), simple_claim(claim0, req1, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)}},
      {.name = "no-classes",
       .claims = {simple_claim(claim0, req0, classA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim claim-0, request req-0: could not retrieve device class class-a: "
                "deviceclass.resource.k8s.io \"class-a\" not found"},
      {.name = "unknown-class",
       .claims = {simple_claim(claim0, req0, "unknown-class")},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim claim-0, request req-0: could not retrieve device class unknown-class: "
                "deviceclass.resource.k8s.io \"unknown-class\" not found"},
      {.name = "empty-class",
       .claims = {simple_claim(claim0, req0, "")},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim claim-0, request req-0: missing device class name (unsupported request type?)"},
      {.name = "no-claims-to-allocate",
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)}},
      {.name = "network-attached-device",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, label_selector("region", {region1}), pool1, driverA)},
       .want = {alloc(label_selector("region", {region1}), {Res(req0, driverA, pool1, device1)})}},
      {.name = "unsuccessful-allocation-network-attached-device",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, label_selector("region", {region1}), pool1, driverA)},
       .node = node(node2, region2)},
      {.name = "many-network-attached-devices",
       .claims = {claim(claim0, {req(req0, classA, 4)})},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, label_selector("region", {region1}), pool1, driverA),
                  one_device(slice1, kAll, pool2, driverA),
                  one_device(slice1, label_selector("planet", {"earth"}), pool3, driverA),
                  one_device(slice1, local(node1), pool4, driverA)},
       .want = {alloc(NodeSelector{{NodeSelectorTerm{{{"region", "In", {region1}}, {"planet", "In", {"earth"}}},
                                                     {{"metadata.name", "In", {node1}}}}}},
                      {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool2, device1),
                       Res(req0, driverA, pool3, device1), Res(req0, driverA, pool4, device1)})}},
      {.name = "local-and-network-attached-devices",
       .claims = {claim(claim0, {req(req0, classA, 2)})},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, label_selector("region", {region1}), pool1, driverA),
                  one_device(slice1, node1, pool2, driverA)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool2, device1)})}},
      {.name = "several-different-drivers",
       .claims = {simple_claim(claim0, req0, classA), simple_claim(claim0, req0, classB)},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1), D(device2)}),
                  one_device(slice1, node1, pool1, driverB)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)}),
                alloc(local(node1), {Res(req0, driverB, pool1, device1)})}},
      {.name = "already-allocated-devices",
       .claims = {simple_claim(claim0, req0, classA)},
       .allocated = {{driverA, pool1, device1}, {driverA, pool1, device2}},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)}},
      {.name = "unknown-allocation-mode",
       .claims = {claim(claim0, {req(req0, Rq(classA).mode("future-mode"))})},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim claim-0, request req-0: unsupported count mode future-mode"},
      {.name = "unknown-constraint",
       .claims = {simple_claim(claim0, req0, classA, {DeviceConstraint{}})},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim claim-0, constraint #0: empty constraint (unsupported constraint type?)"},
      {.name = "invalid-CEL-one-device",
       .claims = {no_such_var},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim claim-0: selector #0: CEL compile error: " + undeclared},
      {.name = "invalid-CEL-one-device-class",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {no_such_var_class},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "class class-a: selector #0: CEL compile error: " + undeclared},
      {.name = "invalid-CEL-all-devices",
       .claims = {no_such_var_all},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim claim-0: selector #0: CEL compile error: " + undeclared},
      {.name = "too-many-devices-single-request",
       .claims = {claim(claim0, {req(req0, classA, 500)})},
       .classes = {cls(classA, driverA)},
       .error = "claim claim-0: number of requested devices 500 exceeds the claim limit of 32"},
      {.name = "many-devices-okay",
       .claims = {claim(claim0, {req(req0, classA, dra::kAllocationResultsMaxSize)})},
       .classes = {cls(classA, driverA)}},
      {.name = "too-many-devices-total",
       .claims = {claim(claim0, {req(req0, classA, dra::kAllocationResultsMaxSize), req(req1, classA, 1)})},
       .classes = {cls(classA, driverA)},
       .slices = {many_devices(slice1, node1, pool1, driverA, dra::kAllocationResultsMaxSize + 1)},
       .error = "claim claim-0: number of requested devices 33 exceeds the claim limit of 32"},
      {.name = "all-devices-invalid-CEL",
       .claims = {claim(claim0, {req(req0, classA, 500)})},
       .classes = {cls(classA, driverA)},
       .error = "claim claim-0: number of requested devices 500 exceeds the claim limit of 32"},
      {.name = "max-number-devices",
       .claims = {claim(claim0, {req(req0, classA, dra::kAllocationResultsMaxSize)})},
       .classes = {cls(classA, driverA)},
       .slices = {many_devices(slice1, node1, pool1, driverA, dra::kAllocationResultsMaxSize)},
       .want = {alloc(local(node1), many_results(req0, driverA, pool1, dra::kAllocationResultsMaxSize, 0))}},
      {.name = "all-devices-of-the-incomplete-pool",
       .claims = {claim(claim0, {req(req0, Rq(classA).all())})},
       .classes = {cls(classA, driverA)},
       .slices = {incomplete},
       .error = "claim claim-0, request req-0: asks for all devices, but resource pool driver-a/pool-1 is currently "
                "being updated"},
  });
}

TEST_CASE("DRA allocator: allocationMode All and admin access") {
  const ResourceClaim all_a = claim(claim0, {req(req0, Rq(classA).all())});
  const ResourceClaim one_b = claim(claim1, {req(req0, classB)});
  const ResourceClaim one_a = claim(claim1, {req(req0, classA)});
  const ResourceClaim admin_all = claim(claim0, {req(req0, Rq(classA).admin().all())});
  const ResourceClaim admin_two = claim(claim0, {req(req0, Rq(classA, 2).admin())});
  const ResourceClaim admin_one = claim(claim0, {req(req0, Rq(classA).admin())});
  ResourceClaim admin_one_claim1 = admin_one;
  admin_one_claim1.metadata.name = claim1;
  const ResourceSlice two_devices = slice(slice1, node1, pool1, driverA, {D(device1), D(device2)});

  check({
      {.name = "all-devices-single",
       .claims = {all_a},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "all-devices-with-consumed-counters",
       .features = PD,
       .claims = {all_a},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1).consumes(counterSet1, {{"memory", q("4Gi")}})}),
                  counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, {{"memory", q("8Gi")}})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "all-devices-many",
       .claims = {all_a},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA), one_device(slice1, node1, pool2, driverA)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool2, device1)})}},
      {.name = "all-devices-plus-another",
       .claims = {all_a, one_b},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {one_device(slice1, node1, pool1, driverA), one_device(slice1, node1, pool1, driverB)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)}),
                alloc(local(node1), {Res(req0, driverB, pool1, device1)})}},
      {.name = "all-devices-plus-another-reversed",
       .claims = {one_b, all_a},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {one_device(slice1, node1, pool1, driverA), one_device(slice1, node1, pool1, driverB)},
       .want = {alloc(local(node1), {Res(req0, driverB, pool1, device1)}),
                alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "all-devices-many-plus-another",
       .claims = {all_a, one_b},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {two_devices, one_device(slice1, node1, pool1, driverB)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool1, device2)}),
                alloc(local(node1), {Res(req0, driverB, pool1, device1)})}},
      {.name = "all-devices-many-plus-another-reversed",
       .claims = {one_b, all_a},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {two_devices, one_device(slice1, node1, pool1, driverB)},
       .want = {alloc(local(node1), {Res(req0, driverB, pool1, device1)}),
                alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool1, device2)})}},
      {.name = "all-devices-no-solution",
       .claims = {one_a, all_a},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)}},
      {.name = "all-devices-no-solution-reversed",
       .claims = {all_a, one_a},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)}},
      {.name = "all-devices-slice-without-devices",
       .claims = {all_a},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA)}},
      {.name = "all-devices-no-slices", .claims = {all_a}, .classes = {cls(classA, driverA)}},
      {.name = "all-devices-some-allocated",
       .claims = {all_a},
       .allocated = {{driverA, pool1, device1}},
       .classes = {cls(classA, driverA)},
       .slices = {two_devices}},
      {.name = "all-devices-some-allocated-admin-access",
       .features = AA,
       .claims = {admin_all},
       .allocated = {{driverA, pool1, device1}},
       .classes = {cls(classA, driverA)},
       .slices = {two_devices},
       .want = {alloc(local(node1),
                      {Res(req0, driverA, pool1, device1).admin(), Res(req0, driverA, pool1, device2).admin()})}},
      {.name = "all-devices-some-allocating-admin-access",
       .features = AA,
       .claims = {claim(claim0, {req(req0, Rq(classA).admin()), req(req1, Rq(classA).admin().all())})},
       .classes = {cls(classA, driverA)},
       .slices = {two_devices}},
      {.name = "count-devices-some-allocated-admin-access",
       .features = AA,
       .claims = {admin_two},
       .allocated = {{driverA, pool1, device1}},
       .classes = {cls(classA, driverA)},
       .slices = {two_devices},
       .want = {alloc(local(node1),
                      {Res(req0, driverA, pool1, device1).admin(), Res(req0, driverA, pool1, device2).admin()})}},
      {.name = "separate-claims-share-device-admin-access",
       .features = AA,
       .claims = {admin_one, admin_one_claim1},
       .classes = {cls(classA, driverA)},
       .slices = {two_devices},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).admin()}),
                alloc(local(node1), {Res(req0, driverA, pool1, device1).admin()})}},
      {.name = "admin-access-claims-device-allocating-for-non-admin-access",
       .features = AA,
       .claims = {simple_claim(claim0, req0, classA), admin_one_claim1},
       .classes = {cls(classA, driverA)},
       .slices = {two_devices},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)}),
                alloc(local(node1), {Res(req0, driverA, pool1, device1).admin()})}},
      {.name = "admin-access-disabled",
       .claims = {admin_one},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim claim-0, request req-0: admin access is requested, but the feature is disabled"},
      {.name = "admin-access-enabled",
       .features = AA,
       .claims = {admin_one},
       .allocated = {{driverA, pool1, device1}, {driverA, pool1, device2}},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).admin()})}},
      {.name = "allocation-mode-all-with-multi-host-resource-pool",
       .claims = {all_a},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA, {D(device1)}),
                  slice(slice2, node2, P(pool1, 2), driverA, {D(device2)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
  });
}

TEST_CASE("DRA allocator: matchAttribute constraints and device configuration") {
  const std::vector<NamedAttribute> full = {{"driverVersion", ver("1.0.0")},
                                            {"numa", num(1)},
                                            {"stringAttribute", str("stringAttributeValue")},
                                            {"boolAttribute", flag(true)}};
  ResourceClaim all_numa = claim(claim0, {req(req0, Rq(classA, 0).all())}, {match(intAttribute)});
  ResourceClaim two_requests_config = claim(claim0, {req(req0, classA), req(req1, classA), req(req2, classA)}, {},
                                            {claim_config({req0, req1}, config(driverA, "deviceAttribute"))});
  ResourceClaim device_config = simple_claim(claim0, req0, classA);
  device_config.spec.config = {claim_config({}, config(driverA, "deviceAttribute"))};

  check({
      {.name = "with-constraint",
       .claims = {claim(claim0, {req(req0, classA), req(req1, classA)},
                        {match(intAttribute), match(versionAttribute), match(stringAttribute), match(boolAttribute)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, devices_with({{device1, full}, {device2, full}}))},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req1, driverA, pool1, device2)})}},
      {.name = "with-constraint-non-existent-attribute",
       .claims = {simple_claim(claim0, req0, classA, {match(nonExistentAttribute)})},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)}},
      {.name = "with-constraint-not-matching-int-attribute",
       .claims = {claim(claim0, {req(req0, classA, 2)}, {match(intAttribute)})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        devices_with({{device1, {{"numa", num(1)}}}, {device2, {{"numa", num(2)}}}}))}},
      {.name = "with-constraint-not-matching-int-attribute-all-devices",
       .claims = {all_numa},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        devices_with({{device1, {{"numa", num(1)}}}, {device2, {{"numa", num(2)}}}}))},
       .error = "claim claim-0, request req-0: cannot add device driver-a/pool-1/device-2 because a claim constraint "
                "would not be satisfied"},
      {.name = "with-constraint-not-matching-string-attribute",
       .claims = {claim(claim0, {req(req0, classA, 2)}, {match(stringAttribute)})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        devices_with({{device1, {{"stringAttribute", str("stringAttributeValue")}}},
                                      {device2, {{"stringAttribute", str("stringAttributeValue2")}}}}))}},
      {.name = "with-constraint-not-matching-bool-attribute",
       .claims = {claim(claim0, {req(req0, classA, 2)}, {match(boolAttribute)})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(
           slice1, node1, pool1, driverA,
           devices_with({{device1, {{"boolAttribute", flag(true)}}}, {device2, {{"boolAttribute", flag(false)}}}}))}},
      {.name = "with-constraint-not-matching-version-attribute",
       .claims = {claim(claim0, {req(req0, classA, 2)}, {match(versionAttribute)})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        devices_with({{device1, {{"driverVersion", ver("1.0.0")}}},
                                      {device2, {{"driverVersion", ver("2.0.0")}}}}))}},
      {.name = "with-constraint-for-request",
       .claims = {claim(claim0, {req(req0, classA), req(req1, classA)}, {match(versionAttribute, {req0})})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(
           slice1, node1, pool1, driverA,
           devices_with({{device1, {{"driverVersion", ver("1.0.0")}}}, {device2, {{"driverVersion", ver("2.0.0")}}}}))},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req1, driverA, pool1, device2)})}},
      {.name = "with-constraint-for-request-retry",
       .claims = {claim(claim0, {req(req0, classA), req(req1, classA)},
                        {match(versionAttribute, {req0}), match(stringAttribute)})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        devices_with({{device1, {{"driverVersion", ver("1.0.0")}, {"stringAttribute", str("a")}}},
                                      {device2, {{"driverVersion", ver("2.0.0")}, {"stringAttribute", str("b")}}},
                                      {device3, {{"driverVersion", ver("3.0.0")}, {"stringAttribute", str("b")}}}}))},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2), Res(req1, driverA, pool1, device3)})}},
      {.name = "with-class-device-config",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls_config(classA, driverA, "classAttribute")},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)},
                      {from_class({}, config(driverA, "classAttribute"))})}},
      {.name = "with-class-device-config-with-multiple-request-and-configs",
       .claims = {claim(claim0, {req(req0, classA), req(req1, classA), req(req2, classB)})},
       .classes = {cls_config(classA, driverA, "classAttribute-A"), cls_config(classB, driverB, "classAttribute-B")},
       .slices = {many_devices(slice1, node1, pool1, driverA, 2), one_device(slice2, node1, pool1, driverB)},
       .want = {alloc(
           local(node1),
           {Res(req0, driverA, pool1, device0), Res(req1, driverA, pool1, device1), Res(req2, driverB, pool1, device1)},
           {from_class({req0, req1}, config(driverA, "classAttribute-A")),
            from_class({req2}, config(driverB, "classAttribute-B"))})}},
      {.name = "with-claim-config-for-two-requests",
       .claims = {two_requests_config},
       .classes = {cls(classA, driverA)},
       .slices = {many_devices(slice1, node1, pool1, driverA, 3)},
       .want = {alloc(
           local(node1),
           {Res(req0, driverA, pool1, device0), Res(req1, driverA, pool1, device1), Res(req2, driverA, pool1, device2)},
           {from_claim({req0, req1}, config(driverA, "deviceAttribute"))})}},
      {.name = "claim-with-device-config",
       .claims = {device_config},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)},
                      {from_claim({}, config(driverA, "deviceAttribute"))})}},
  });
}

TEST_CASE("DRA allocator: firstAvailable") {
  const ResourceClaim all_or_b =
      claim(claim0, {first(req0, {sub(subReq0, Rq(classA).all()), sub(subReq1, Rq(classB))})});
  const Rq type_y = Rq(classA, 3).sel("device.attributes[\"" + driverA + "\"].type == \"Y\"");
  const Rq type_x = Rq(classA, 1).sel("device.attributes[\"" + driverA + "\"].type == \"X\"");
  const auto generation = [](const std::string& g) {
    return "device.attributes[\"" + driverA + "\"].generation == \"" + g + "\"";
  };
  const ResourceClaim v6_or_v5 = claim(claim0, {first(req0, {sub(subReq0, Rq(classA).all().sel(generation("v6"))),
                                                             sub(subReq1, Rq(classA).all().sel(generation("v5")))})});
  DeviceClass selected_only;
  selected_only.metadata.name = classA;
  selected_only.selectors = {
      sel("device.driver == \"" + driverA + "\" && device.attributes[\"" + driverA + "\"].selected")};
  const std::int64_t max = dra::kAllocationResultsMaxSize;
  std::vector<DeviceRequestAllocationResult> limit_results = many_results(req0SubReq1, driverA, pool1, max / 2, 0);
  for (const auto& r : many_results(req1SubReq1, driverA, pool1, max / 2, max / 2)) limit_results.push_back(r);

  check({
      {.name = "all-devices-slice-without-devices-prioritized-list",
       .features = PL,
       .claims = {all_or_b},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, node1, pool1, driverA), one_device(slice2, node1, pool2, driverB)},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverB, pool2, device1)})}},
      {.name = "all-devices-no-slices-prioritized-list",
       .features = PL,
       .claims = {all_or_b},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {one_device(slice2, node1, pool2, driverB)},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverB, pool2, device1)})}},
      {.name = "all-devices-some-allocated-prioritized-list",
       .features = PL,
       .claims = {all_or_b},
       .allocated = {{driverA, pool1, device1}},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1), D(device2)}),
                  one_device(slice2, node1, pool2, driverB)},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverB, pool2, device1)})}},
      {.name = "prioritized-list-first-unavailable",
       .features = PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classB)), sub(subReq1, Rq(classA))})})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device1)})}},
      {.name = "prioritized-list-non-available",
       .features = PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classB, 2)), sub(subReq1, Rq(classA, 2))})})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {one_device(slice1, node1, pool1, driverA), one_device(slice2, node1, pool2, driverB)}},
      {.name = "prioritized-list-device-config",
       .features = PL,
       .claims = {claim(
           claim0, {first(req0, {sub(subReq0, Rq(classA)), sub(subReq1, Rq(classB, 2))})}, {},
           {claim_config({req0SubReq0}, config(driverA, "foo")), claim_config({req0SubReq1}, config(driverB, "bar"))})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, node1, pool1, driverB, {D(device1), D(device2)})},
       .want = {alloc(local(node1),
                      {Res(req0SubReq1, driverB, pool1, device1), Res(req0SubReq1, driverB, pool1, device2)},
                      {from_claim({}, config(driverB, "bar"))})}},
      {.name = "prioritized-list-class-config",
       .features = PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA, 2)), sub(subReq1, Rq(classB, 2))})})},
       .classes = {cls_config(classA, driverA, "foo"), cls_config(classB, driverB, "bar")},
       .slices = {slice(slice1, node1, pool1, driverB, {D(device1), D(device2)}),
                  slice(slice2, node1, pool2, driverA, {D(device3)})},
       .want = {alloc(local(node1),
                      {Res(req0SubReq1, driverB, pool1, device1), Res(req0SubReq1, driverB, pool1, device2)},
                      {from_class({}, config(driverB, "bar"))})}},
      {.name = "claim-config-scoped-to-subrequests-of-one-request",
       .features = PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA)), sub(subReq1, Rq(classB))}), req(req1, classA)},
                        {}, {claim_config({req0SubReq0, req0SubReq1}, config(driverA, "scoped"))})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {many_devices(slice1, node1, pool1, driverA, 2)},
       .want = {alloc(local(node1), {Res(req0SubReq0, driverA, pool1, device0), Res(req1, driverA, pool1, device1)},
                      {from_claim({req0SubReq0, req0SubReq1}, config(driverA, "scoped"))})}},
      {.name = "claim-config-covering-all-requests-is-cleared",
       .features = PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA)), sub(subReq1, Rq(classB))}), req(req1, classA)},
                        {}, {claim_config({req0SubReq0, req1}, config(driverA, "all"))})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {many_devices(slice1, node1, pool1, driverA, 2)},
       .want = {alloc(local(node1), {Res(req0SubReq0, driverA, pool1, device0), Res(req1, driverA, pool1, device1)},
                      {from_claim({}, config(driverA, "all"))})}},
      {.name = "prioritized-list-subrequests-with-expressions",
       .features = PL,
       .claims = {claim(claim0, {req(req0, Rq(classA).sel(memory_at_least("1Gi"))),
                                 first(req1, {sub(subReq0, Rq(classA).sel(memory_at_least("4Gi"))),
                                              sub(subReq1, Rq(classA, 2).sel(memory_at_least("2Gi")))})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).cap("memory", q("2Gi")), D(device2).cap("memory", q("2Gi")),
                         D(device3).cap("memory", q("1Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device3), Res(req1SubReq1, driverA, pool1, device1),
                                     Res(req1SubReq1, driverA, pool1, device2)})}},
      {.name = "prioritized-list-subrequests-with-constraints-ref-parent-request",
       .features = PL,
       .claims = {claim(claim0,
                        {req(req0, Rq(classA).sel(memory_at_least("8Gi"))),
                         first(req1, {sub(subReq0, Rq(classA).sel(memory_at_least("2Gi"))),
                                      sub(subReq1, Rq(classA).sel(memory_at_least("1Gi")))})},
                        {match(versionAttribute, {req0, req1})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).cap("memory", q("8Gi")).attr("driverVersion", ver("1.0.0"))}),
                  slice(slice2, node1, pool2, driverA,
                        {D(device2).cap("memory", q("2Gi")).attr("driverVersion", ver("2.0.0")),
                         D(device3).cap("memory", q("1Gi")).attr("driverVersion", ver("1.0.0"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req1SubReq1, driverA, pool2, device3)})}},
      {.name = "prioritized-list-subrequests-with-constraints-ref-sub-request",
       .features = PL,
       .claims = {claim(claim0,
                        {req(req0, Rq(classA).sel(memory_at_least("8Gi"))),
                         first(req1, {sub(subReq0, Rq(classA).sel(memory_at_least("2Gi"))),
                                      sub(subReq1, Rq(classA).sel(memory_at_least("1Gi")))})},
                        {match(versionAttribute, {req0, req1SubReq0})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).cap("memory", q("8Gi")).attr("driverVersion", ver("1.0.0"))}),
                  slice(slice2, node1, pool2, driverA,
                        {D(device2).cap("memory", q("2Gi")).attr("driverVersion", ver("2.0.0"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req1SubReq1, driverA, pool2, device2)})}},
      {.name = "prioritized-list-subrequests-with-allocation-mode-all",
       .features = PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA).all()), sub(subReq1, Rq(classA))})})},
       .allocated = {{driverA, pool1, device1}},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1), D(device2)})},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device2)})}},
      {.name = "prioritized-list-allocation-mode-all-multiple-requests",
       .features = PL,
       .claims = {claim(
           claim0, {req(req0, classA), first(req1, {sub(subReq0, Rq(classA, 0).all()), sub(subReq1, Rq(classA))})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1), D(device2)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req1SubReq1, driverA, pool1, device2)})}},
      {.name = "prioritized-list-disabled",
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA))})})},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim claim-0, request req-0: has subrequests, but the DRAPrioritizedList feature is disabled"},
      {.name = "prioritized-list-multi-request",
       .features = PL,
       .claims = {claim(claim0, {req(req1, Rq(classA).sel(memory_at_least("8Gi"))),
                                 first(req0, {sub(subReq0, Rq(classA).sel(memory_at_least("8Gi"))),
                                              sub(subReq1, Rq(classA).sel(memory_at_least("4Gi")))})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).cap("memory", q("8Gi"))}),
                  slice(slice2, node1, pool2, driverA, {D(device2).cap("memory", q("4Gi"))})},
       .want = {alloc(local(node1), {Res(req1, driverA, pool1, device1), Res(req0SubReq1, driverA, pool2, device2)})}},
      {.name = "prioritized-list-with-backtracking",
       .features = PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA).sel(memory_at_least("8Gi"))),
                                              sub(subReq1, Rq(classA).sel(memory_at_least("4Gi")))}),
                                 req(req1, Rq(classA).sel(memory_at_least("8Gi")))})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).cap("memory", q("8Gi"))}),
                  slice(slice2, node1, pool2, driverA, {D(device2).cap("memory", q("4Gi"))})},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool2, device2), Res(req1, driverA, pool1, device1)})}},
      {.name = "prioritized-list-too-many-in-first-subrequest",
       .features = PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classB, 500)), sub(subReq1, Rq(classA))})})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device1)})}},
      {.name = "prioritized-list-allocation-mode-all",
       .features = PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA, 0).all()), sub(subReq1, Rq(classA))})})},
       .allocated = {{driverA, pool1, device2}},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1), D(device2)})},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device1)})}},
      {.name = "prioritized-list-allocation-mode-all-with-selectors",
       .features = PL,
       .claims = {v6_or_v5},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).attr("generation", str("v5"))})},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device1)})}},
      {.name = "prioritized-list-allocation-mode-all-with-selectors-multiple-pools",
       .features = PL,
       .claims = {v6_or_v5},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).attr("generation", str("v5"))}),
                  slice(slice2, node1, pool2, driverA, {D(device1).attr("generation", str("v5"))})},
       .want = {alloc(local(node1),
                      {Res(req0SubReq1, driverA, pool1, device1), Res(req0SubReq1, driverA, pool2, device1)})}},
      {.name = "prioritized-list-allocation-mode-all-with-selectors-multiple-pools-across-nodes",
       .features = PL,
       .claims = {v6_or_v5},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).attr("generation", str("v5"))}),
                  slice(slice2, node2, pool2, driverA,
                        {D(device1).attr("generation", str("v5")), D(device2).attr("generation", str("v6"))})},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device1)})}},
      {.name = "prioritized-list-allocation-mode-all-with-selectors-deviceclass-subset",
       .features = PL,
       .claims = {v6_or_v5},
       .classes = {selected_only},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).attr("generation", str("v6")).attr("selected", flag(false)),
                         D(device2).attr("generation", str("v5")).attr("selected", flag(false)),
                         D(device3).attr("generation", str("v5")).attr("selected", flag(true))})},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device3)})}},
      {.name = "prioritized-list-max-allocation-limit-request",
       .features = PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA, max)), sub(subReq1, Rq(classA, max / 2))}),
                                 first(req1, {sub(subReq0, Rq(classA, max)), sub(subReq1, Rq(classA, max / 2))})})},
       .classes = {cls(classA, driverA)},
       .slices = {many_devices(slice1, node1, pool1, driverA, static_cast<int>(max * 2))},
       .want = {alloc(local(node1), limit_results)},
       .steps = 75},
      {.name = "prioritized-list-max-allocation-allocation-mode-all",
       .features = PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA, 0).all()), sub(subReq1, Rq(classA, 2))}),
                                 req(req1, classB, 2)})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {many_devices(slice1, node1, pool1, driverA, static_cast<int>(max - 1)),
                  many_devices(slice2, node1, pool2, driverB, 2)},
       .want = {alloc(local(node1),
                      {Res(req0SubReq1, driverA, pool1, "device-0"), Res(req0SubReq1, driverA, pool1, "device-1"),
                       Res(req1, driverB, pool2, "device-0"), Res(req1, driverB, pool2, "device-1")})},
       .steps = 42},
      {.name = "check-combinations-with-prioritized-list",
       .features = PL,
       .claims = {claim(claim0, {first(req1, {sub(subReq0, type_y), sub(subReq1, Rq(classA, 2))}),
                                 first(req2, {sub(subReq0, Rq(classA, 2)), sub(subReq1, type_x)})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(
           slice1, node1, pool1, driverA,
           devices_with(
               {{device1, {{"type", str("X")}}}, {device2, {{"type", str("Y")}}}, {device3, {{"type", str("Y")}}}}))},
       .want = {alloc(local(node1),
                      {Res(req1SubReq1, driverA, pool1, device2), Res(req1SubReq1, driverA, pool1, device3),
                       Res(req2SubReq1, driverA, pool1, device1)})},
       .steps = 26},
  });
}

TEST_CASE("DRA allocator: partitionable devices and shared counters") {
  const bool fc = true;  // capacity from the counters consumed
  const auto mem = [](const char* v) { return Counters{{"memory", q(v)}}; };
  const ResourceSlice counter_8gi =
      counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, mem("8Gi"))});
  const ResourceSlice three_partitions =
      slice(slice1, node1, P(pool1, 2), driverA,
            {D(device1, fc).consumes(counterSet1, mem("4Gi")), D(device2, fc).consumes(counterSet1, mem("6Gi")),
             D(device3, fc).consumes(counterSet1, mem("4Gi"))});
  const ResourceClaim one_then_6_or_4 =
      claim(claim0, {req(req0, classA), first(req1, {sub(subReq0, Rq(classA).sel(memory_at_least("6Gi"))),
                                                     sub(subReq1, Rq(classA).sel(memory_at_least("4Gi")))})});
  const ResourceClaim two_single = claim(claim0, {req(req0, classA), req(req1, classA)});

  check({
      {.name = "partitionable-devices-single-device",
       .features = PD,
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA, {D(device1).consumes(counterSet1, mem("4Gi"))}),
                  counter_8gi},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "partitionable-devices-prioritized-list",
       .features = PL | PD,
       .claims = {one_then_6_or_4},
       .classes = {cls(classA, driverA)},
       .slices = {three_partitions, counter_8gi},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req1SubReq1, driverA, pool1, device3)})}},
      {.name = "partitionable-devices-multiple-devices",
       .features = PD,
       .claims = {two_single},
       .classes = {cls(classA, driverA)},
       .slices = {three_partitions, counter_8gi},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req1, driverA, pool1, device3)})}},
      {.name = "partitionable-devices-multiple-capacity-pools",
       .features = PL | PD,
       .claims = {one_then_6_or_4},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1, fc).consumes(counterSet1, mem("4Gi")).consumes(counterSet2, {{"cpus", q("4")}}),
                         D(device2, fc).consumes(counterSet1, mem("6Gi")).consumes(counterSet2, {{"cpus", q("6")}}),
                         D(device3, fc).consumes(counterSet1, mem("4Gi")).consumes(counterSet2, {{"cpus", q("4")}})}),
                  counters(slice2, node1, P(pool1, 2), driverA,
                           {counter_set(counterSet1, mem("18Gi")), counter_set(counterSet2, {{"cpus", q("8")}})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req1SubReq1, driverA, pool1, device3)})}},
      {.name = "partitionable-devices-multiple-counters",
       .features = PD,
       .claims = {two_single},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1, fc)
                             .consumes(counterSet1, {{"memory", q("4Gi")}, {"cpus", q("6")}})
                             .consumes(counterSet2, {{"cpus", q("4")}, {"memory", q("2Gi")}}),
                         D(device2, fc)
                             .consumes(counterSet1, {{"memory", q("6Gi")}, {"cpus", q("4")}})
                             .consumes(counterSet2, {{"cpus", q("6")}, {"memory", q("6Gi")}}),
                         D(device3, fc)
                             .consumes(counterSet1, {{"memory", q("4Gi")}, {"cpus", q("4")}})
                             .consumes(counterSet2, {{"cpus", q("4")}, {"memory", q("4Gi")}})}),
                  counters(slice2, node1, P(pool1, 2), driverA,
                           {counter_set(counterSet1, {{"cpus", q("8")}, {"memory", q("18Gi")}}),
                            counter_set(counterSet2, {{"cpus", q("12")}, {"memory", q("18Gi")}})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2), Res(req1, driverA, pool1, device3)})}},
      {.name = "partitionable-devices-multiple-pools",
       .features = PD,
       .claims = {two_single},
       .allocated = {{driverA, pool1, device2}, {driverA, pool1, device3}, {driverA, pool2, device1}},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1, fc).consumes(counterSet1, {{"cpus", q("6")}, {"memory", q("4Gi")}}),
                         D(device2, fc).consumes(counterSet1, {{"cpus", q("4")}, {"memory", q("6Gi")}}),
                         D(device3, fc).consumes(counterSet1, {{"cpus", q("4")}, {"memory", q("4Gi")}})}),
                  counters(slice2, node1, P(pool1, 2), driverA,
                           {counter_set(counterSet1, {{"cpus", q("8")}, {"memory", q("18Gi")}})}),
                  slice(slice3, node1, P(pool2, 2), driverA,
                        {D(device1, fc).consumes(counterSet1, {{"cpus", q("6")}, {"memory", q("4Gi")}}),
                         D(device2, fc).consumes(counterSet1, {{"cpus", q("1")}, {"memory", q("7Gi")}}),
                         D(device3, fc).consumes(counterSet1, {{"cpus", q("1")}, {"memory", q("7Gi")}})}),
                  counters(slice4, node1, P(pool2, 2), driverA,
                           {counter_set(counterSet1, {{"cpus", q("8")}, {"memory", q("18Gi")}})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool2, device2), Res(req1, driverA, pool2, device3)})}},
      {.name = "partitionable-devices-unused-counters-in-counter-set",
       .features = PD,
       .claims = {claim(claim0, {req(req0, classA, 2)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1).consumes(counterSet1, mem("5Gi")), D(device2).consumes(counterSet1, mem("4Gi")),
                         D(device3).consumes(counterSet1, mem("4Gi"))}),
                  counters(slice2, node1, P(pool1, 2), driverA,
                           {counter_set(counterSet1, {{"memory", q("8Gi")}, {"unused", q("1Gi")}})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2), Res(req0, driverA, pool1, device3)})}},
      {.name = "partitionable-devices-no-capacity-available",
       .features = PD,
       .claims = {claim(claim0, {req(req0, classA)})},
       .allocated = {{driverA, pool1, device2}},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1, fc).consumes(counterSet1, mem("4Gi")),
                         D(device2, fc).consumes(counterSet1, mem("16Gi"))}),
                  counters(slice2, node1, pool1, driverA, {counter_set(counterSet1, mem("18Gi"))})}},
      {.name = "partitionable-devices-overallocated-capacity-pool",
       .features = PD,
       .claims = {claim(claim0, {req(req0, classA)})},
       .allocated = {{driverA, pool1, device2}},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1, fc).consumes(counterSet1, mem("4Gi")),
                         D(device2, fc).consumes(counterSet1, mem("20Gi"))}),
                  counters(slice2, node1, pool1, driverA, {counter_set(counterSet1, mem("18Gi"))})}},
      {.name = "partitionable-devices-disabled-device-consumes-counters",
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).consumes(counterSet1, mem("4Gi"))}),
                  counters(slice2, node1, pool1, driverA, {counter_set(counterSet1, mem("18Gi"))})}},
      {.name = "partitionable-devices-disabled-other-device-do-not-consume-counters",
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1).consumes(counterSet1, mem("4Gi")), D(device2)}),
                  counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, mem("18Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2)})}},
      {.name = "partitionable-devices-disabled-per-device-node-selection",
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, kPerDevice, pool1, driverA, {D(device2).on_node(node1)})}},
      {.name = "partitionable-devices-per-device-node-selection-nodename",
       .features = PD | PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA).sel(memory_at_least("6Gi"))),
                                              sub(subReq1, Rq(classA).sel(memory_at_least("4Gi")))})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, kPerDevice, P(pool1, 2), driverA,
                        {D(device1, fc).consumes(counterSet1, mem("4Gi")).on_node(node1),
                         D(device2, fc).consumes(counterSet1, mem("6Gi")).on_node(node2)}),
                  counters(slice2, kPerDevice, P(pool1, 2), driverA, {counter_set(counterSet1, mem("18Gi"))})},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device1)})}},
      {.name = "partitionable-devices-per-device-node-selection-node-selector",
       .features = PD | PL,
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(
                      slice1, kPerDevice, P(pool1, 2), driverA,
                      {D(device1, fc).consumes(counterSet1, mem("4Gi")).on_nodes(label_selector("region", {region1}))}),
                  counters(slice2, kPerDevice, P(pool1, 2), driverA, {counter_set(counterSet1, mem("18Gi"))})},
       .want = {alloc(label_selector("region", {region1}), {Res(req0, driverA, pool1, device1)})}},
      {.name = "partitionable-devices-per-device-node-selection-node-selector-multiple-devices",
       .features = PD | PL,
       .claims = {claim(claim0, {req(req0, classA, 3), req(req1, classB, 3)})},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, kPerDevice, P(pool1, 2), driverA,
                        {D(device1, fc).consumes(counterSet1, mem("4Gi")).on_nodes(label_selector("region", {region1})),
                         D(device2, fc).consumes(counterSet1, mem("4Gi")).on_node(node1),
                         D(device3, fc).consumes(counterSet1, mem("4Gi")).everywhere()}),
                  counters(slice2, kPerDevice, P(pool1, 2), driverA, {counter_set(counterSet1, mem("18Gi"))}),
                  slice(slice3, node1, P(pool2, 2), driverB,
                        {D(device1, fc).consumes(counterSet2, mem("4Gi")),
                         D(device2, fc).consumes(counterSet2, mem("4Gi")),
                         D(device3, fc).consumes(counterSet2, mem("4Gi"))}),
                  counters(slice4, node1, P(pool2, 2), driverB, {counter_set(counterSet2, mem("12Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool1, device2),
                                     Res(req0, driverA, pool1, device3), Res(req1, driverB, pool2, device1),
                                     Res(req1, driverB, pool2, device2), Res(req1, driverB, pool2, device3)})}},
      {.name = "partitionable-devices-with-attribute-selector",
       .features = PD,
       .claims = {claim(claim0, {req(req0, classA, 2),
                                 req(req1, Rq(classA).sel("device.attributes[\"" + driverA + "\"].special"))})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1)
                             .attr("special", flag(true))
                             .consumes(counterSet1, {{"cpu1", q("1")}})
                             .consumes(counterSet2, mem("10Gi")),
                         D(device2)
                             .attr("special", flag(false))
                             .consumes(counterSet1, {{"cpu2", q("1")}})
                             .consumes(counterSet2, mem("10Gi")),
                         D(device3)
                             .attr("special", flag(false))
                             .consumes(counterSet1, {{"cpu3", q("1")}})
                             .consumes(counterSet2, mem("10Gi"))}),
                  counters(slice2, node1, P(pool1, 2), driverA,
                           {counter_set(counterSet1, {{"cpu1", q("1")}, {"cpu2", q("1")}, {"cpu3", q("1")}}),
                            counter_set(counterSet2, mem("30Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2), Res(req0, driverA, pool1, device3),
                                     Res(req1, driverA, pool1, device1)})}},
      {.name = "partitionable-devices-same-counter-set-name-in-different-resource-slices",
       .features = PD,
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 4), driverA, {D(device1)}),
                  counters(slice2, node1, P(pool1, 4), driverA, {counter_set(counterSet1, {})}),
                  slice(slice3, node1, P(pool1, 4), driverA, {D(device2)}),
                  counters(slice4, node1, P(pool1, 4), driverA, {counter_set(counterSet1, {})})},
       .error = "invalid resource pools were encountered",
       .failed_on_node = true},
      {.name = "partitionable-devices-device-counter-consumption-references-unknown-counter-set",
       .features = PD,
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA, {D(device1).consumes(counterSet2, {})}),
                  counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, {})})},
       .error = "invalid resource pools were encountered",
       .failed_on_node = true},
      {.name = "partitionable-devices-device-counter-consumption-references-unknown-counter-in-counter-set",
       .features = PD,
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA, {D(device1).consumes(counterSet1, mem("8Gi"))}),
                  counters(slice2, node1, P(pool1, 2), driverA,
                           {counter_set(counterSet1, {{"other-memory", q("8Gi")}})})},
       .error = "invalid resource pools were encountered",
       .failed_on_node = true},
      {.name = "partitionable-devices-device-counter-consumption-references-counter-set-in-other-pool",
       .features = PD,
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).consumes(counterSet1, mem("8Gi"))}),
                  counters(slice2, node1, pool2, driverA, {counter_set(counterSet1, mem("8Gi"))})},
       .error = "invalid resource pools were encountered",
       .failed_on_node = true},
      {.name = "partitionable-devices-devices-on-different-nodes-consume-same-counter-set",
       .features = PD | PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA).sel(memory_at_least("6Gi"))),
                                              sub(subReq1, Rq(classA).sel(memory_at_least("2Gi")))})})},
       .allocated = {{driverA, pool1, device3}},
       .classes = {cls(classA, driverA)},
       .slices = {counters(slice1, node1, P(pool1, 3), driverA, {counter_set(counterSet1, mem("8Gi"))}),
                  slice(slice2, node1, P(pool1, 3), driverA,
                        {D(device1, fc).consumes(counterSet1, mem("6Gi")),
                         D(device2, fc).consumes(counterSet1, mem("2Gi"))}),
                  slice(slice3, node2, P(pool1, 3), driverA, {D(device3).consumes(counterSet1, mem("6Gi"))})},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device2)})}},
      {.name = "partitionable-devices-devices-consume-counter-set-in-different-nodes",
       .features = PD,
       .claims = {claim(claim0, {req(req0, classA)})},
       .allocated = {{driverA, pool1, device1}},
       .classes = {cls(classA, driverA)},
       .slices = {counters(slice1, node1, P(pool1, 3), driverA, {counter_set(counterSet1, mem("8Gi"))}),
                  slice(slice2, node1, P(pool1, 3), driverA, {D(device1, fc).consumes(counterSet1, mem("6Gi"))}),
                  slice(slice3, node2, P(pool1, 3), driverA,
                        {D(device2, fc).consumes(counterSet1, mem("6Gi")),
                         D(device3, fc).consumes(counterSet1, mem("2Gi"))})},
       .node = node(node2, region1),
       .want = {alloc(local(node2), {Res(req0, driverA, pool1, device3)})}},
      {.name = "partitionable-devices-validation-error-on-non-targeting-slice",
       .features = PD,
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {counters(slice1, node1, P(pool1, 3), driverA, {counter_set(counterSet1, mem("8Gi"))}),
                  slice(slice2, node1, P(pool1, 3), driverA, {D(device1, fc).consumes(counterSet1, mem("6Gi"))}),
                  slice(slice3, node2, P(pool1, 3), driverA, {D(device3).consumes(counterSet2, mem("6Gi"))})},
       .error = "invalid resource pools were encountered",
       .failed_on_node = true},
  });
}

TEST_CASE("DRA allocator: device taints and binding conditions") {
  const auto mem = [](const char* v) { return Counters{{"memory", q(v)}}; };
  const bool fc = true;
  const ResourceClaim admin_one = claim(claim0, {req(req0, Rq(classA).admin())});
  const ResourceClaim all_a = claim(claim0, {req(req0, Rq(classA).all())});
  const ResourceClaim b_or_a = claim(claim0, {first(req0, {sub(subReq0, Rq(classB)), sub(subReq1, Rq(classA))})});
  const DeviceTaint key1 = taint("key1", "value1", "NoSchedule");

  check({
      {.name = "tainted-two-devices",
       .features = DT,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).taints({taintNoSchedule}), D(device2).taints({taintNoExecute})})}},
      {.name = "tainted-one-device-two-taints",
       .features = DT,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).taints({taintNoSchedule, taintNoExecute})})}},
      {.name = "tainted-two-devices-tolerated",
       .features = DT,
       .claims = {tolerating(simple_claim(claim0, req0, classA), {tolerationNoExecute})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).taints({taintNoSchedule}), D(device2).taints({taintNoExecute})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2).tol({tolerationNoExecute})})}},
      {.name = "tainted-two-devices-prioritized-list-tolerated",
       .features = DT | PL,
       .claims = {claim(
           claim0, {first(req0, {sub(subReq0, Rq(classA)), sub(subReq1, Rq(classA).tolerate(tolerationNoExecute))})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).taints({taintNoSchedule}), D(device2).taints({taintNoExecute})})},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device2).tol({tolerationNoExecute})})}},
      {.name = "tainted-no-effect",
       .features = DT,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).taints({taintNone})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "tainted-one-device-two-taints-both-tolerated",
       .features = DT,
       .claims = {tolerating(simple_claim(claim0, req0, classA), {tolerationNoSchedule, tolerationNoExecute})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).taints({taintNoSchedule, taintNoExecute})})},
       .want = {alloc(local(node1),
                      {Res(req0, driverA, pool1, device1).tol({tolerationNoSchedule, tolerationNoExecute})})}},
      {.name = "tainted-disabled",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).taints({taintNoSchedule, taintNoExecute})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "tainted-prioritized-list",
       .features = DT | PL,
       .claims = {b_or_a},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).taints({taintNoSchedule})})}},
      {.name = "tainted-prioritized-list-disabled",
       .features = PL,
       .claims = {b_or_a},
       .classes = {cls(classA, driverA), cls(classB, driverB)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).taints({taintNoSchedule})})},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device1)})}},
      {.name = "tainted-admin-access",
       .features = DT | AA,
       .claims = {admin_one},
       .allocated = {{driverA, pool1, device1}, {driverA, pool1, device2}},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).taints({taintNoSchedule})})}},
      {.name = "tainted-admin-access-disabled",
       .features = AA,
       .claims = {admin_one},
       .allocated = {{driverA, pool1, device1}, {driverA, pool1, device2}},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).taints({taintNoSchedule})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).admin()})}},
      {.name = "tainted-all-devices-single",
       .features = DT,
       .claims = {all_a},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).taints({taintNoSchedule})})}},
      {.name = "tainted-all-devices-single-disabled",
       .claims = {all_a},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).taints({taintNoSchedule})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "device-binding-conditions",
       .features = DBS,
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).binding({"IsPrepare"}, {"BindingFailed"})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).binding({"IsPrepare"}, {"BindingFailed"})})}},
      {.name = "binding-conditions-multiple-devices",
       .features = DBS,
       .claims = {claim(claim0, {req(req0, classA, 2), req(req1, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).binding({"IsPrepare"}, {"BindingFailed"}),
                         D(device2).binding({"IsPrepare2"}, {"BindingFailed2"}),
                         D(device3).binding({"IsPrepare3"}, {"BindingFailed3"})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).binding({"IsPrepare"}, {"BindingFailed"}),
                                     Res(req0, driverA, pool1, device2).binding({"IsPrepare2"}, {"BindingFailed2"}),
                                     Res(req1, driverA, pool1, device3).binding({"IsPrepare3"}, {"BindingFailed3"})})}},
      {.name = "binding-conditions-with-and-without",
       .features = DBS,
       .claims = {claim(claim0, {req(req0, classA), req(req1, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1), D(device2).binding({"IsPrepare"}, {"BindingFailed"})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1),
                                     Res(req1, driverA, pool1, device2).binding({"IsPrepare"}, {"BindingFailed"})})}},
      {.name = "binding-conditions-without-feature-gate",
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).binding({"IsPrepare"}, {"BindingFailed"})})}},
      {.name = "node-restriction",
       .features = DBS,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, label_selector("planet", {"earth"}), pool1, driverA, {D(device1).binds_to_node()})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "partitionable-devices-with-binding-conditions",
       .features = PD | DBS,
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1, fc).consumes(counterSet1, mem("4Gi")).binding({"IsPrepare"}, {"BindingFailed"})}),
                  counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, mem("8Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).binding({"IsPrepare"}, {"BindingFailed"})})}},
      {.name = "partitionable-devices-with-binding-conditions-multiple",
       .features = PD | DBS,
       .claims = {claim(claim0, {req(req0, classA, 2)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1, fc).consumes(counterSet1, mem("4Gi")).binding({"IsPrepare"}, {"BindingFailed"}),
                         D(device2, fc).consumes(counterSet1, mem("4Gi")).binding({"IsPrepare2"}, {"BindingFailed2"})}),
                  counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, mem("8Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).binding({"IsPrepare"}, {"BindingFailed"}),
                                     Res(req0, driverA, pool1, device2).binding({"IsPrepare2"}, {"BindingFailed2"})})}},
      {.name = "partitionable-devices-with-binding-conditions-some-devices-no-conditions",
       .features = PD | DBS,
       .claims = {claim(claim0, {req(req0, classA, 3)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1, fc).consumes(counterSet1, mem("2Gi")).binding({"IsPrepare"}, {"BindingFailed"}),
                         D(device2, fc).consumes(counterSet1, mem("2Gi")),
                         D(device3, fc).consumes(counterSet1, mem("4Gi")).binding({"IsReady"}, {"BindingTimeout"})}),
                  counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, mem("8Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).binding({"IsPrepare"}, {"BindingFailed"}),
                                     Res(req0, driverA, pool1, device2),
                                     Res(req0, driverA, pool1, device3).binding({"IsReady"}, {"BindingTimeout"})})}},
      {.name = "partitionable-devices-with-binding-conditions-multi-slices",
       .features = PD | DBS,
       .claims = {claim(claim0, {req(req0, classA, 2)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice4, node1, P(pool1, 4), driverA,
                        {D(device1, fc).consumes(counterSet1, mem("4Gi")).binding({"IsPrepare"}, {"BindingFailed"})}),
                  counters(slice3, node1, P(pool1, 4), driverA, {counter_set(counterSet1, mem("8Gi"))}),
                  slice(slice2, node1, P(pool1, 4), driverA, {D(device2, fc).consumes(counterSet2, mem("4Gi"))}),
                  counters(slice1, node1, P(pool1, 4), driverA, {counter_set(counterSet2, mem("8Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2),
                                     Res(req0, driverA, pool1, device1).binding({"IsPrepare"}, {"BindingFailed"})})}},
      {.name = "partitionable-devices-with-binding-conditions-and-taints",
       .features = PD | DBS | DT,
       .claims = {claim(claim0, {req(req0, classA, 2)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1, fc)
                             .consumes(counterSet1, mem("4Gi"))
                             .binding({"IsPrepare"}, {"BindingFailed"})
                             .taints({key1}),
                         D(device2, fc).consumes(counterSet1, mem("4Gi"))}),
                  counters(slice2, node1, pool1, driverA, {counter_set(counterSet1, mem("8Gi"))})}},
      {.name = "partitionable-devices-with-binding-conditions-and-taints-tolerated",
       .features = PD | DBS | DT,
       .claims = {tolerating(claim(claim0, {req(req0, classA, 2)}), {tolerationNoScheduleKey1})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1, fc)
                             .consumes(counterSet1, mem("4Gi"))
                             .binding({"IsPrepare"}, {"BindingFailed"})
                             .taints({key1}),
                         D(device2, fc).consumes(counterSet1, mem("4Gi"))}),
                  counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, mem("8Gi"))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)
                                         .binding({"IsPrepare"}, {"BindingFailed"})
                                         .tol({tolerationNoScheduleKey1}),
                                     Res(req0, driverA, pool1, device2).tol({tolerationNoScheduleKey1})})}},
  });
}

TEST_CASE("DRA allocator: consumable capacity and distinctAttribute") {
  const auto cap_req = [](const std::string& name, std::optional<Quantity> value, std::int64_t count = 1) {
    return req(name, Rq(classA, count).capacity(value));
  };
  const auto one_req_claim = [&](const std::string& name, std::optional<Quantity> value) {
    return claim(name, {cap_req(req0, value)});
  };
  const auto all_cap = [](const std::string& name, Quantity value) {
    return req(name, Rq(classA).all().capacity(value));
  };
  const dra::DeviceId id1{driverA, pool1, device1};
  const bool fc = true;
  const std::string bool_selector = "device.attributes[\"" + driverA + "\"].boolAttribute";
  const auto bool_first = [&](const std::string& name) {
    return first(name, {sub(subReq0, Rq(classA).sel(bool_selector)), sub(subReq1, Rq(classA))});
  };

  check({
      {.name = "consumable-capacity-disabled-feature",
       .features = DBS,
       .claims = {one_req_claim(claim0, one)},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error =
           "claim claim-0, request req-0: has capacity requests, but the DRAConsumableCapacity feature is disabled"},
      {.name = "consumable-capacity-disabled-feature-with-prioritized-list",
       .features = PL | DBS,
       .claims = {claim(
           claim0, {first(req0, {sub(subReq0, Rq(classA).capacity(one)), sub(subReq1, Rq(classA).capacity(one))})})},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim claim-0, subrequest subReq-0: has capacity requests, but the DRAConsumableCapacity feature is "
                "disabled"},
      {.name = "consumable-capacity-multi-allocatable-device-with-missing-capacity-request",
       .features = CC,
       .claims = {one_req_claim(claim0, one)},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).cap(capacity1, one).multi()})}},
      {.name = "consumable-capacity-multi-allocatable-device-allocation-mode-all-with-missing-capacity-request",
       .features = CC,
       .claims = {claim(claim0, {all_cap(req0, one)})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).cap(capacity1, one).multi()})}},
      {.name = "consumable-capacity-multi-allocatable-device-without-capacity-without-capacity-request",
       .features = CC,
       .claims = {claim(claim0, {req(req0, classA)}), claim(claim1, {req(req0, classA)})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi()})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share()}),
                alloc(local(node1), {Res(req0, driverA, pool1, device1).share()})}},
      {.name = "consumable-capacity-multi-allocatable-device-without-policy-without-capacity-request",
       .features = CC,
       .claims = {claim(claim0, {req(req0, classA)}), claim(claim1, {req(req0, classA)})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).cap(capacity0, one).multi(), D(device2).cap(capacity0, one).multi()})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, one}})}),
                alloc(local(node1), {Res(req0, driverA, pool1, device2).share({{capacity0, one}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-without-policy-without-capacity-request-block",
       .features = CC,
       .claims = {claim(claim0, {req(req0, classA)}), claim(claim1, {req(req0, classA)})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).cap(capacity0, two).multi()})}},
      {.name = "consumable-capacity-multi-allocatable-device-without-policy-with-capacity-request",
       .features = CC,
       .claims = {one_req_claim(claim0, one), one_req_claim(claim1, one)},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).cap(capacity0, two).multi()})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, one}})}),
                alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, one}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-policy-without-capacity-request",
       .features = CC,
       .claims = {claim(claim0, {req(req0, classA)}), claim(claim1, {req(req0, classA)})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi().policy_range(capacity0, four)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, two}})}),
                alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, two}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-zero-request-policy",
       .features = CC,
       .claims = {claim(claim0, {req(req0, classA)}), claim(claim1, {req(req0, classA)})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi().policy_values(zero, capacity0, one)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, zero}})}),
                alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, zero}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-violates-zero-request-policy",
       .features = CC,
       .claims = {one_req_claim(claim0, one)},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi().policy_values(zero, capacity0, one)})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-range-policy-with-capacity-request",
       .features = CC,
       .claims = {one_req_claim(claim0, one), one_req_claim(claim1, one)},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi().policy_range(capacity0, four)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, two}})}),
                alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, two}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-range-policy-step",
       .features = CC,
       .claims = {one_req_claim(claim0, three)},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi().policy_range(capacity0, four)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, four}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-valid-values-policy",
       .features = CC,
       .claims = {one_req_claim(claim0, two)},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).multi().policy_values(one, capacity0, four, {two})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, two}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-valid-values-policy-round-up",
       .features = CC,
       .claims = {one_req_claim(claim0, two)},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).multi().policy_values(one, capacity0, three, {three})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, three}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-exceeded-consumable-capacity-request",
       .features = CC,
       .claims = {one_req_claim(claim0, one), one_req_claim(claim1, two)},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi().policy_range(capacity0, two)})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-request-over-max-sharing-policy",
       .features = CC,
       .claims = {one_req_claim(claim0, n(6))},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi().policy_range(capacity0, n(10))})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-allocated-capacity-use-remaining",
       .features = CC,
       .claims = {one_req_claim(claim0, two)},
       .capacity = {{id1, {{capacity0, two}}}},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi().policy_range(capacity0, four)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, two}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-allocated-capacity-next-device",
       .features = CC,
       .claims = {one_req_claim(claim0, two)},
       .capacity = {{id1, {{capacity0, two}}}},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(
           slice1, node1, pool1, driverA,
           {D(device1).multi().policy_range(capacity0, two), D(device2).multi().policy_range(capacity0, two)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2).share({{capacity0, two}})})}},
      {.name = "consumable-capacity-with-multi-allocatable-device-backtrack",
       .features = CC,
       .claims = {claim(claim0, {cap_req(req0, two), cap_req(req1, two)}, {match(stringAttribute)}),
                  one_req_claim(claim1, two)},
       .classes = {cls(classA, driverA)},
       .slices = {slice(
           slice1, node1, pool1, driverA,
           {D(device2).attr("stringAttribute", str("stringAttributeValue1")).multi().policy_range(capacity0, two),
            D(device1).attr("stringAttribute", str("stringAttributeValue2")).multi().policy_range(capacity0, four)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, two}}),
                                     Res(req1, driverA, pool1, device1).share({{capacity0, two}})}),
                alloc(local(node1), {Res(req0, driverA, pool1, device2).share({{capacity0, two}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-subrequest",
       .features = CC | PL,
       .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA).capacity(four)),
                                              sub(subReq1, Rq(classA).capacity(two)), sub(subReq1, Rq(classA))})})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi().policy_range(capacity0, two)})},
       .want = {alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device1).share({{capacity0, two}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-with-no-available-consumable-capacity",
       .features = CC,
       .claims = {one_req_claim(claim0, two)},
       .capacity = {{id1, {{capacity0, two}}}},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi().policy_range(capacity0, two)})}},
      {.name = "consumable-capacity-multi-allocatable-device-allocation-mode-all-filter-out-no-capacity",
       .features = CC,
       .claims = {claim(claim0, {all_cap(req0, two)})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).cap(capacity0, two).multi(), D(device2).multi()})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, two}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-allocation-mode-all-filter-out-insufficient-capacity",
       .features = CC,
       .claims = {claim(claim0, {all_cap(req0, two)})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).cap(capacity0, two).multi(), D(device2).cap(capacity0, one).multi()})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, two}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-allocation-mode-all-allocating-sufficient",
       .features = CC,
       .claims = {claim(claim0, {cap_req(req0, one), all_cap(req1, one)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).cap(capacity0, two).multi(), D(device2).cap(capacity0, one).multi()})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, one}}),
                                     Res(req1, driverA, pool1, device1).share({{capacity0, one}}),
                                     Res(req1, driverA, pool1, device2).share({{capacity0, one}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-allocation-mode-all-in-use-sufficient",
       .features = CC,
       .claims = {claim(claim0, {all_cap(req0, one)})},
       .capacity = {{id1, {{capacity0, one}}}},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).cap(capacity0, two).multi(), D(device2).cap(capacity0, one).multi()})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, one}}),
                                     Res(req0, driverA, pool1, device2).share({{capacity0, one}})})}},
      {.name = "consumable-capacity-multi-allocatable-device-allocation-mode-all-allocating-insufficient",
       .features = CC,
       .claims = {claim(claim0, {cap_req(req0, one), all_cap(req1, one)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).cap(capacity0, one).multi(), D(device2).cap(capacity0, one).multi()})}},
      {.name = "consumable-capacity-multi-allocatable-device-allocation-mode-all-in-use-insufficient",
       .features = CC,
       .claims = {claim(claim0, {all_cap(req0, one)})},
       .capacity = {{id1, {{capacity0, one}}}},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).cap(capacity0, one).multi(), D(device2).cap(capacity0, one).multi()})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2).share({{capacity0, one}})})}},
      {.name = "consumable-capacity-dedicated-device-with-consumable-capacity-request",
       .features = CC,
       .claims = {one_req_claim(claim0, one)},
       .classes = {cls_multi(classA, driverA, false)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).cap(capacity0, one)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "consumable-capacity-dedicated-device-with-multiple-consumable-capacity-request",
       .features = CC,
       .claims = {one_req_claim(claim0, one), one_req_claim(claim1, one)},
       .classes = {cls_multi(classA, driverA, false)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).policy_range(capacity0, two)})}},
      {.name = "allow-multiple-allocations-exclude-multi-allocatable-device-by-class-selector",
       .features = CC,
       .claims = {one_req_claim(claim0, one)},
       .classes = {cls_multi(classA, driverA, false)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).cap(capacity0, one).multi()})}},
      {.name = "allow-multiple-allocations-not-allocate-multi-allocatable-device-which-already-dedicated",
       .features = CC,
       .claims = {one_req_claim(claim0, one)},
       .allocated = {id1},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi().policy_range(capacity0, two)})}},
      {.name = "allow-multiple-allocations-not-allocate-dedicated-device-which-change-from-multi-allocatable",
       .features = CC,
       .claims = {one_req_claim(claim0, one)},
       .capacity = {{id1, {{capacity0, one}}}},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).policy_range(capacity0, two)})}},
      {.name = "allow-multiple-allocations-with-partitionable-device",
       .features = PL | PD | CC,
       .claims = {claim(claim0,
                        {req(req0, classA), first(req1, {sub(subReq0, Rq(classA).sel(memory_at_least("6Gi"))),
                                                         sub(subReq1, Rq(classA).sel(memory_at_least("4Gi")))})})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1, fc).consumes(counterSet1, {{"memory", q("4Gi")}}).multi(),
                         D(device2, fc).consumes(counterSet1, {{"memory", q("6Gi")}}).multi(),
                         D(device3, fc).consumes(counterSet1, {{"memory", q("4Gi")}}).multi()}),
                  counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, {{"memory", q("8Gi")}})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{"memory", q("4Gi")}}),
                                     Res(req1SubReq1, driverA, pool1, device3).share({{"memory", q("4Gi")}})})}},
      {.name = "allow-multiple-allocations-with-shared-device-counter-cross-cycle",
       .features = PD | CC,
       .claims = {claim(
           claim0, {req(req0, Rq(classA).capacity(one).sel("device.attributes[\"" + driverA + "\"].mode == \"b\""))})},
       .shared = {{id1, "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"}},
       .capacity = {{id1, {{capacity0, one}}}},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1, fc).attr("mode", str("a")).consumes(counterSet1, {{capacity0, one}}).multi(),
                         D(device2, fc).attr("mode", str("b")).consumes(counterSet1, {{capacity0, one}}).multi()}),
                  counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, {{capacity0, one}})})}},
      {.name = "consumable-capacity-with-partitionable-device-multiple-capacity-pools",
       .features = PL | PD | CC,
       .claims = {claim(claim0, {cap_req(req0, one), cap_req(req2, two),
                                 first(req1, {sub(subReq0, Rq(classA)
                                                               .sel("device.capacity[\"" + driverA + "\"][\"" +
                                                                    capacity0 + "\"].compareTo(quantity(\"4\")) >= 0")
                                                               .capacity(one)),
                                              sub(subReq1, Rq(classA)
                                                               .sel("device.capacity[\"" + driverA + "\"][\"" +
                                                                    capacity0 + "\"].compareTo(quantity(\"2\")) >= 0")
                                                               .capacity(one))})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1, fc)
                             .consumes(counterSet1, {{capacity0, two}})
                             .consumes(counterSet2, {{capacity1, four}})
                             .multi()
                             .policy_range(capacity1, four),
                         D(device2, fc)
                             .consumes(counterSet1, {{capacity0, four}})
                             .consumes(counterSet2, {{capacity1, four}})
                             .multi()
                             .policy_range(capacity1, four),
                         D(device3, fc)
                             .consumes(counterSet1, {{capacity0, two}})
                             .consumes(counterSet2, {{capacity1, four}})
                             .multi()
                             .policy_range(capacity1, four)}),
                  counters(slice2, node1, P(pool1, 2), driverA,
                           {counter_set(counterSet1, {{capacity0, four}}),
                            counter_set(counterSet2, {{capacity1, q("8")}})})},
       .want = {alloc(local(node1),
                      {Res(req0, driverA, pool1, device1).share({{capacity0, one}, {capacity1, two}}),
                       Res(req2, driverA, pool1, device3).share({{capacity0, two}, {capacity1, two}}),
                       Res(req1SubReq1, driverA, pool1, device1).share({{capacity0, one}, {capacity1, two}})})}},
      {.name = "with-distinct-constraints",
       .features = CC,
       .claims = {claim(claim0, {req(req0, classA), req(req1, classA), req(req2, classA), req(req3, classA)},
                        {distinct(boolAttribute, {req0, req1}), distinct(versionAttribute, {req0, req1, req2}),
                         distinct(intAttribute, {req0, req1, req2, req3})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1)
                             .attr("driverVersion", ver("1.0.0"))
                             .attr("numa", num(0))
                             .attr("boolAttribute", flag(true))
                             .multi(),
                         D(device2)
                             .attr("driverVersion", ver("1.0.1"))
                             .attr("numa", num(1))
                             .attr("boolAttribute", flag(false))
                             .multi(),
                         D(device3)
                             .attr("driverVersion", ver("1.0.2"))
                             .attr("numa", num(2))
                             .attr("boolAttribute", flag(true))
                             .multi(),
                         D(device4)
                             .attr("driverVersion", ver("1.0.0"))
                             .attr("numa", num(3))
                             .attr("boolAttribute", flag(true))
                             .multi()})},
       .want = {alloc(local(node1),
                      {Res(req0, driverA, pool1, device1).share(), Res(req1, driverA, pool1, device2).share(),
                       Res(req2, driverA, pool1, device3).share(), Res(req3, driverA, pool1, device4).share()})}},
      {.name = "with-distinct-constraints-attribute-not-set",
       .features = CC,
       .claims = {claim(claim0, {req(req0, classA)}, {distinct(boolAttribute, {req0})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi()})}},
      {.name = "with-distinct-constraints-with-subrequests",
       .features = CC | PL,
       .claims = {claim(claim0, {bool_first(req0), bool_first(req1), bool_first(req2)},
                        {distinct(boolAttribute, {req0, req1})})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA,
                        {D(device1).attr("boolAttribute", flag(true)).multi(),
                         D(device2).attr("boolAttribute", flag(false)).multi()})},
       .want = {alloc(local(node1), {Res(req0SubReq0, driverA, pool1, device1).share(),
                                     Res(req1SubReq1, driverA, pool1, device2).share(),
                                     Res(req2SubReq0, driverA, pool1, device1).share()})}},
      {.name = "distinct-constraint-one-multi-allocatable-device-with-distinct-constraint",
       .features = CC,
       .claims = {claim(claim0, {cap_req(req0, one), cap_req(req1, one)}, {distinct(stringAttribute)})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(
           slice1, node1, pool1, driverA,
           {D(device1).attr("stringAttribute", str("stringAttributeValue")).multi().policy_range(capacity0, two)})}},
      {.name = "distinct-constraint-two-multi-allocatable-devices-with-distinct-constraint",
       .features = CC,
       .claims = {claim(claim0, {cap_req(req0, two), cap_req(req1, two)}, {distinct(stringAttribute)})},
       .classes = {cls_multi(classA, driverA, true)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1)
                             .attr("stringAttribute", str("stringAttributeValue1"))
                             .multi()
                             .policy_range(capacity0, four)}),
                  slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device2)
                             .attr("stringAttribute", str("stringAttributeValue2"))
                             .multi()
                             .policy_range(capacity0, four)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).share({{capacity0, two}}),
                                     Res(req1, driverA, pool1, device2).share({{capacity0, two}})})}},
  });
}

TEST_CASE("DRA allocator: pools across nodes, generations, invalid pools and the search order") {
  const auto gen = [](ResourceSlice s, std::int64_t generation, std::int64_t count) {
    s.pool.generation = generation;
    s.pool.resource_slice_count = count;
    return s;
  };
  const std::string type_x = "device.attributes[\"" + driverA + "\"].type == \"X\"";
  const ResourceClaim five = claim(claim0, {req(req0, classA, 5)});
  const ResourceClaim backtracking = claim(claim0, {req(req1, classA, 2), req(req2, Rq(classA).sel(type_x))});

  check({
      {.name = "multi-host-resource-pool-with-stale-slice-for-current-node",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {gen(slice(slice1, node1, pool1, driverA, {D(device1)}), 1, 2),
                  gen(slice(slice2, node2, pool1, driverA, {D(device2)}), 2, 2)}},
      {.name = "multi-host-resource-pool-complete-update-from-node-1-to-node-2",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {gen(slice(slice1, node1, pool1, driverA, {D(device1)}), 1, 2),
                  gen(slice(slice1, node1, pool1, driverA, {D(device2)}), 1, 2),
                  gen(slice(slice2, node2, pool1, driverA, {D(device1)}), 2, 2),
                  gen(slice(slice2, node2, pool1, driverA, {D(device2)}), 2, 2)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "multi-host-resource-pool-complete-update-from-node-2-to-node-1",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {gen(slice(slice1, node2, pool1, driverA, {D(device1)}), 1, 2),
                  gen(slice(slice1, node2, pool1, driverA, {D(device2)}), 1, 2),
                  gen(slice(slice2, node1, pool1, driverA, {D(device1)}), 2, 2),
                  gen(slice(slice2, node1, pool1, driverA, {D(device2)}), 2, 2)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "multi-host-resource-pool-incomplete-update-from-node-1-to-node-2",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {gen(slice(slice1, node1, pool1, driverA, {D(device1)}), 1, 2),
                  gen(slice(slice1, node1, pool1, driverA, {D(device2)}), 1, 2),
                  gen(slice(slice2, node2, pool1, driverA, {D(device1)}), 2, 2)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})}},
      {.name = "multi-host-resource-pool-incomplete-update-from-node-2-to-node-1",
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {gen(slice(slice1, node2, pool1, driverA, {D(device1)}), 1, 2),
                  gen(slice(slice1, node2, pool1, driverA, {D(device2)}), 1, 2),
                  gen(slice(slice2, node1, pool1, driverA, {D(device1)}), 2, 2)}},
      {.name = "different-resourceslices-in-pool-can-target-different-nodes",
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node2, P(pool1, 2), driverA, {D(device1)}),
                  slice(slice2, node1, P(pool1, 2), driverA, {D(device2)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2)})}},
      {.name = "invalid-pool-is-ok-if-devices-can-be-allocated-from-other",
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA, {D(device1)}),
                  slice(slice2, node1, P(pool1, 2), driverA, {D(device1)}),
                  slice(slice3, node1, P(pool2, 1), driverA, {D(device2)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool2, device2)})}},
      {.name = "invalid-pool-is-error-if-no-other-device-can-be-allocated",
       .claims = {claim(claim0, {req(req0, classA)})},
       .allocated = {{driverA, pool2, device2}},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA, {D(device1)}),
                  slice(slice2, node1, P(pool1, 2), driverA, {D(device1)}),
                  slice(slice3, node1, P(pool2, 1), driverA, {D(device2)})},
       .error = "invalid resource pools were encountered",
       .failed_on_node = true},
      {.name = "no-allocation-from-incomplete-pools",
       .claims = {claim(claim0, {req(req0, classA)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA, {D(device1)})}},
      {.name = "check-combinations-within-single-request-single-pool-single-slice",
       .claims = {five},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1), D(device2), D(device3), D(device4)})},
       .steps = 16},
      {.name = "check-combinations-within-single-request-single-pool-multiple-slices",
       .claims = {five},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA, {D(device1), D(device2)}),
                  slice(slice2, node1, P(pool1, 2), driverA, {D(device3), D(device4)})},
       .steps = 16},
      {.name = "check-combinations-within-single-request-multiple-pools-multiple-slices",
       .claims = {five},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA, {D(device1)}),
                  slice(slice2, node1, P(pool1, 2), driverA, {D(device2)}),
                  slice(slice3, node1, pool2, driverA, {D(device3), D(device4)})},
       .steps = 16},
      {.name = "check-combinations-within-single-request-many-pools",
       .claims = {five},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1)}),
                  slice(slice2, node1, pool2, driverA, {D(device2)}),
                  slice(slice3, node1, pool3, driverA, {D(device3)}),
                  slice(slice4, node1, pool4, driverA, {D(device4)})},
       .steps = 16},
      {.name = "check-combinations-with-backtracking",
       .claims = {backtracking},
       .classes = {cls(classA, driverA)},
       .slices = {slice(
           slice1, node1, pool1, driverA,
           {D(device1).attr("type", str("X")), D(device2).attr("type", str("Y")), D(device3).attr("type", str("Y"))})},
       .want = {alloc(local(node1), {Res(req1, driverA, pool1, device2), Res(req1, driverA, pool1, device3),
                                     Res(req2, driverA, pool1, device1)})},
       .steps = 12},
      {.name = "check-combinations-with-backtracking-across-slices-and-pools",
       .features = DBS,
       .claims = {backtracking},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA, {D(device1).attr("type", str("X"))}),
                  slice(slice2, node1, P(pool1, 2), driverA, {D(device2).attr("type", str("Y"))}),
                  slice(slice3, node1, pool2, driverA, {D(device3).attr("type", str("Y")).binding({"IsPrepare"}, {})})},
       .want = {alloc(local(node1), {Res(req1, driverA, pool1, device2),
                                     Res(req1, driverA, pool2, device3).binding({"IsPrepare"}, {}),
                                     Res(req2, driverA, pool1, device1)})},
       .steps = 12},
      // TestLexicographicalAllocator.
      {.name = "lexicographical-sorting-pools",
       .claims = {claim(claim0, {req(req0, classA, 2)})},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, P(pool3, 1), driverA), one_device(slice2, node1, P(pool2, 1), driverA),
                  one_device(slice3, node1, P(pool1, 1), driverA)},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool2, device1)})}},
      {.name = "lexicographical-sorting-pools-with-binding-conditions",
       .features = DBS,
       .claims = {claim(claim0, {req(req0, classA, 2)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 1), driverA, {D(device1).binding({"IsPrepare"}, {"BindingFailed"})}),
                  slice(slice3, node1, P(pool3, 1), driverA, {D(device3)}),
                  slice(slice2, node1, P(pool2, 1), driverA, {D(device2)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool2, device2), Res(req0, driverA, pool3, device3)})}},
      {.name = "lexicographical-sorting-slices",
       .claims = {claim(claim0, {req(req0, classA, 2)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice3, node1, P(pool1, 3), driverA, {D(device3)}),
                  slice(slice2, node1, P(pool1, 3), driverA, {D(device2)}),
                  slice(slice1, node1, P(pool1, 3), driverA, {D(device1)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool1, device2)})}},
      {.name = "lexicographical-sorting-slices-with-binding-conditions",
       .features = DBS,
       .claims = {claim(claim0, {req(req0, classA, 2)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 3), driverA, {D(device1).binding({"IsPrepare"}, {"BindingFailed"})}),
                  slice(slice3, node1, P(pool1, 3), driverA, {D(device3)}),
                  slice(slice2, node1, P(pool1, 3), driverA, {D(device2)})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).binding({"IsPrepare"}, {"BindingFailed"}),
                                     Res(req0, driverA, pool1, device2)})}},
  });
}

TEST_CASE("DRA allocator: DeviceTaintRules add taints before allocation") {
  DeviceTaintRule rule;
  rule.metadata.name = "maintenance";
  rule.driver = driverA;
  rule.device = device1;
  rule.taint = taint("maintenance", "planned", "NoSchedule");
  DeviceTaintRule other_driver = rule;
  other_driver.driver = driverB;
  DeviceTaintRule whole_pool;
  whole_pool.pool = pool1;
  whole_pool.taint = taint("drain", "", "NoExecute");
  const ResourceSlice two = slice(slice1, node1, pool1, driverA, {D(device1), D(device2)});
  const DeviceToleration maintenance = toleration("Exists", "maintenance", "", "");

  check({
      {.name = "a rule's taint keeps the device from a claim that does not tolerate it",
       .features = kV137,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {two},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2)})},
       .rules = {rule}},
      {.name = "a claim that tolerates the rule's taint gets the device, its toleration recorded",
       .features = kV137,
       .claims = {tolerating(simple_claim(claim0, req0, classA), {maintenance})},
       .classes = {cls(classA, driverA)},
       .slices = {two},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1).tol({maintenance})})},
       .rules = {rule}},
      {.name = "a rule for another driver taints nothing here",
       .features = kV137,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {two},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})},
       .rules = {other_driver}},
      {.name = "a rule for a whole pool taints every device in it",
       .features = kV137,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {two},
       .rules = {whole_pool}},
      {.name = "without DRADeviceTaints the taints do not count",
       .features = kV137 & ~DT,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {two},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1)})},
       .rules = {whole_pool}},
  });

  SUBCASE("only the slices a rule changes are copied, and the input is left alone") {
    const std::vector<ResourceSlice> slices = {two, one_device(slice2, node1, pool2, driverB)};
    std::vector<std::unique_ptr<ResourceSlice>> patched;
    const auto out = dra::apply_device_taint_rules(slices, {rule}, patched);
    REQUIRE(out.size() == 2);
    REQUIRE(patched.size() == 1);
    CHECK(out[0] == patched[0].get());
    CHECK(out[1] == &slices[1]);
    CHECK(out[0]->devices[0].taints.size() == 1);
    CHECK(out[0]->devices[1].taints.empty());
    CHECK(slices[0].devices[0].taints.empty());
  }
  SUBCASE("DRADeviceTaintRules off: rules are not applied") {
    const std::vector<ResourceSlice> slices = {two};
    const ResourceClaim c = simple_claim(claim0, req0, classA);
    const std::vector<DeviceClass> classes = {cls(classA, driverA)};
    dra::AllocatorFeatures f;
    f.device_taint_rules = false;
    const dra::Allocator allocator({&c}, {}, classes, slices, {whole_pool}, f);
    const dra::AllocateOutcome out = allocator.allocate(node(node1, region1));
    REQUIRE(out.allocated());
    CHECK(out.results[0].results[0].device == device1);
  }
  SUBCASE("tolerations as ToleratesTaint matches them") {
    const DeviceTaint t = taint("k", "v", "NoSchedule");
    CHECK(dra::tolerates(toleration("Equal", "k", "v", "NoSchedule"), t));
    CHECK(dra::tolerates(toleration("", "k", "v", ""), t));
    CHECK_FALSE(dra::tolerates(toleration("Equal", "k", "w", ""), t));
    CHECK(dra::tolerates(toleration("Exists", "", "", ""), t));
    CHECK_FALSE(dra::tolerates(toleration("Exists", "k", "", "NoExecute"), t));
    CHECK_FALSE(dra::tolerates(toleration("Lt", "k", "v", ""), t));
  }
}

TEST_CASE("DRA allocator: v1.37 defaults, errors of a real cluster's objects, and the allocated state") {
  ResourceClaim namespaced = simple_claim(claim0, req0, "missing");
  namespaced.metadata.namespace_ = "team-a";
  ResourceClaim missing_key =
      claim(claim0, {req(req0, Rq(classA).sel("device.attributes[\"" + driverA + "\"].model == \"x\""))});
  missing_key.metadata.namespace_ = "team-a";
  DeviceClass class_missing_key = cls(classA, driverA);
  class_missing_key.selectors.push_back(sel("device.attributes[\"" + driverA + "\"].model == \"x\""));
  NodeSelector bogus = label_selector("region", {region1});
  bogus.node_selector_terms[0].match_expressions[0].op = "Bogus";
  NodeSelector two_terms = label_selector("region", {region1});
  two_terms.node_selector_terms.push_back(two_terms.node_selector_terms[0]);
  const std::string hint =
      ". consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional "
      "fields";

  check({
      {.name = "defaults: a shared device, a partition and a firstAvailable alternative in one claim",
       .features = kV137,
       .claims = {claim(
           claim0,
           {req(req0, Rq(classA).capacity(one)), first(req1, {sub(subReq0, Rq(classB, 2)), sub(subReq1, Rq(classB))})},
           {}, {claim_config({req1}, config(driverB, "opaque"))})},
       .classes = {cls(classA, driverA), cls_config(classB, driverB, "fromClass")},
       .slices = {slice(slice1, node1, pool1, driverA, {D(device1).cap(capacity0, four).multi()}),
                  slice(slice2, node1, P(pool1, 2), driverB,
                        {D(device1).consumes(counterSet1, {{"memory", q("4Gi")}})}),
                  counters(slice3, node1, P(pool1, 2), driverB, {counter_set(counterSet1, {{"memory", q("4Gi")}})})},
       .want = {alloc(
           local(node1),
           {Res(req0, driverA, pool1, device1).share({{capacity0, one}}), Res(req1SubReq1, driverB, pool1, device1)},
           {from_class({req1SubReq1}, config(driverB, "fromClass")), from_claim({req1}, config(driverB, "opaque"))})}},
      {.name = "a namespaced claim is named namespace/name",
       .features = kV137,
       .claims = {namespaced},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim team-a/claim-0, request req-0: could not retrieve device class missing: "
                "deviceclass.resource.k8s.io \"missing\" not found"},
      {.name = "a CEL runtime error in a claim's selector stops the attempt, with the hint for missing keys",
       .features = kV137,
       .claims = {missing_key},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "claim team-a/claim-0: selector #0 on device driver-a/pool-1/device-1: CEL runtime error: no such key: "
                "model" +
                hint},
      {.name = "a CEL runtime error in a class's selector names the class",
       .features = kV137,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {class_missing_key},
       .slices = {one_device(slice1, node1, pool1, driverA)},
       .error = "class class-a: selector #1 on device driver-a/pool-1/device-1: CEL runtime error: no such key: model" +
                hint},
      {.name = "a slice's node selector that does not parse",
       .features = kV137,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, bogus, pool1, driverA)},
       .error =
           "gather pool information: failed to perform node selection for slice slice-1: failed to parse node "
           "selector &NodeSelector{NodeSelectorTerms:[]NodeSelectorTerm{NodeSelectorTerm{MatchExpressions:[]"
           "NodeSelectorRequirement{NodeSelectorRequirement{Key:region,Operator:Bogus,Values:[region-1],},},"
           "MatchFields:[]NodeSelectorRequirement{},},},}: nodeSelectorTerms[0].matchExpressions[0].operator: "
           "Unsupported value: \"Bogus\": supported values: \"In\", \"NotIn\", \"Exists\", \"DoesNotExist\", \"Gt\", "
           "\"Lt\""},
      {.name = "a slice selector with two terms cannot become the allocation's node selector",
       .features = kV137,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, two_terms, pool1, driverA)},
       .error = "create NodeSelector for claim claim-0: unsupported ResourceSlice.NodeSelector with 2 terms"},
      {.name = "devices reachable from every node need no node selector",
       .features = kV137,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {one_device(slice1, kAll, pool1, driverA)},
       .want = {alloc(std::nullopt, {Res(req0, driverA, pool1, device1)})}},
  });

  SUBCASE("the allocated state of claims: exclusive devices, shares and their capacity; admin access takes nothing") {
    ResourceClaim exclusive = simple_claim("a", req0, classA);
    exclusive.allocation =
        alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool1, device2).admin()});
    ResourceClaim shared1 = simple_claim("b", req0, classA);
    shared1.allocation = alloc(local(node1), {Res(req0, driverA, pool1, device3).share({{capacity0, one}})});
    shared1.allocation->results[0].share_id = "s1";
    ResourceClaim shared2 = shared1;
    shared2.allocation->results[0].share_id = "s2";
    ResourceClaim pending = simple_claim("c", req0, classA);
    const dra::AllocatedState state = dra::gather_allocated_state({exclusive, shared1, shared2, pending});
    CHECK(state.devices == std::set<dra::DeviceId>{{driverA, pool1, device1}});
    CHECK(state.shared_devices.size() == 2);
    REQUIRE(state.aggregated_capacity.count({driverA, pool1, device3}) == 1);
    CHECK(state.aggregated_capacity.at({driverA, pool1, device3}).at(capacity0) == two);
    CHECK(state.in_use({driverA, pool1, device1}));
    CHECK_FALSE(state.in_use({driverA, pool1, device2}));
    CHECK(state.in_use({driverA, pool1, device3}));
    // Without DRAConsumableCapacity a share is an exclusive device.
    const dra::AllocatedState off = dra::gather_allocated_state({shared1}, false);
    CHECK(off.devices.count({driverA, pool1, device3}) == 1);
    CHECK(off.aggregated_capacity.empty());
  }
  SUBCASE("share ids: reproducible by default, or the caller's") {
    const std::vector<ResourceSlice> slices = {slice(slice1, node1, pool1, driverA, {D(device1).multi()})};
    const std::vector<DeviceClass> classes = {cls(classA, driverA)};
    const ResourceClaim a = simple_claim(claim0, req0, classA), b = simple_claim(claim1, req0, classA);
    const dra::Allocator allocator({&a, &b}, {}, classes, slices, {});
    dra::AllocateOutcome out = allocator.allocate(node(node1, region1));
    REQUIRE(out.allocated());
    CHECK(out.results[0].results[0].share_id == "00000000-0000-0000-0000-000000000001");
    CHECK(out.results[1].results[0].share_id == "00000000-0000-0000-0000-000000000002");
    int calls = 0;
    dra::AllocateOptions options;
    options.share_ids = [&] { return "id-" + std::to_string(++calls); };
    out = allocator.allocate(node(node1, region1), options);
    REQUIRE(out.allocated());
    CHECK(out.results[1].results[0].share_id == "id-2");
  }
  SUBCASE("interrupt/off and interrupt/deadline: a deadline that has passed stops the search as Filter's timeout does") {
    const std::vector<ResourceSlice> slices = {many_devices(slice1, node1, pool1, driverA, 5)};
    const std::vector<DeviceClass> classes = {cls(classA, driverA)};
    const ResourceClaim c = claim(claim0, {req(req0, classA, 6)});
    const dra::Allocator allocator({&c}, {}, classes, slices, {});
    CHECK(allocator.allocate(node(node1, region1)).kind == Kind::NoFit);
    dra::AllocateOptions options;
    options.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    const dra::AllocateOutcome out = allocator.allocate(node(node1, region1), options);
    CHECK(out.kind == Kind::TimedOut);
    CHECK(out.error == "filter operation aborted: context deadline exceeded");
    // Another node's Error cancels the cycle's context: the search stops at its next step.
    const std::atomic<bool> cancelled{true};
    dra::AllocateOptions cancelling;
    cancelling.cancelled = &cancelled;
    const dra::AllocateOutcome stopped = allocator.allocate(node(node1, region1), cancelling);
    CHECK(stopped.kind == Kind::Cancelled);
    CHECK(stopped.error == "filter operation aborted: context canceled");
    const std::atomic<bool> running{false};
    cancelling.cancelled = &running;
    CHECK(allocator.allocate(node(node1, region1), cancelling).kind == Kind::NoFit);
  }
  SUBCASE("one allocator serves node after node") {
    const std::vector<ResourceSlice> slices = {one_device(slice1, node1, pool1, driverA),
                                               one_device(slice2, node2, pool2, driverA)};
    const std::vector<DeviceClass> classes = {cls(classA, driverA)};
    const ResourceClaim c = simple_claim(claim0, req0, classA);
    const dra::Allocator allocator({&c}, {}, classes, slices, {});
    CHECK(allocator.allocate(node(node1, region1)).results.at(0).results.at(0).pool == pool1);
    CHECK(allocator.allocate(node(node2, region1)).results.at(0).results.at(0).pool == pool2);
    CHECK(allocator.allocate(node("node-3", region1)).kind == Kind::NoFit);
  }
  SUBCASE("PreBind waits for binding conditions") {
    CHECK(dra::waits_for_binding_conditions(
        alloc(local(node1), {Res(req0, driverA, pool1, device1).binding({"Ready"}, {})})));
    CHECK_FALSE(dra::waits_for_binding_conditions(alloc(local(node1), {Res(req0, driverA, pool1, device1)})));
  }
}

TEST_CASE("DRA allocator: upstream's quirks are kept, as they decide which devices a pod gets") {
  check({
      // Counters are taken before taints and constraints are checked; from v1.36 a device refused
      // for those gives them back, so device-2 fits (v1.35 kept them: see the test of
      // rejected_device_rolls_back).
      {.name = "counters of a device refused for a taint are given back",
       .features = kV137,
       .claims = {simple_claim(claim0, req0, classA)},
       .classes = {cls(classA, driverA)},
       .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                        {D(device1).consumes(counterSet1, {{"memory", q("4Gi")}}).taints({taintNoSchedule}),
                         D(device2).consumes(counterSet1, {{"memory", q("6Gi")}}),
                         D(device3).consumes(counterSet1, {{"memory", q("4Gi")}})}),
                  counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, {{"memory", q("8Gi")}})})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device2)})}},
      // distinctAttribute remembers one value per request name: a request's third device is only
      // compared with its second.
      {.name = "distinctAttribute compares with the request's latest device only",
       .features = kV137,
       .claims = {claim(claim0, {req(req0, classA, 3)}, {distinct(intAttribute)})},
       .classes = {cls(classA, driverA)},
       .slices = {slice(
           slice1, node1, pool1, driverA,
           {D(device1).attr("numa", num(1)), D(device2).attr("numa", num(2)), D(device3).attr("numa", num(1))})},
       .want = {alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool1, device2),
                                     Res(req0, driverA, pool1, device3)})}},
  });
}

TEST_CASE("DRA allocator: the GPU and NIC drivers' slices of testdata/dra, as the loader reads them") {
  ClusterState cluster;
  const std::string dir = std::string(PODFIT_SOURCE_DIR) + "/testdata/dra/";
  const auto error = load_cluster_state({dir + "cluster.yaml", dir + "classes.yaml"}, {}, cluster);
  REQUIRE_MESSAGE(!error, (error ? error->message : ""));
  const auto node_named = [&](const std::string& name) -> const Node& {
    for (const Node& n : cluster.nodes) {
      if (n.metadata.name == name) return n;
    }
    FAIL("no node " << name);
    return cluster.nodes.front();
  };
  const auto allocate = [&](const ResourceClaim& c, const std::string& node_name, dra::AllocatedState state = {}) {
    const dra::Allocator allocator({&c}, std::move(state), cluster.device_classes, cluster.resource_slices, {});
    return allocator.allocate(node_named(node_name));
  };
  const auto in_ml = [](ResourceClaim c) {
    c.metadata.namespace_ = "ml";
    return c;
  };

  SUBCASE("two whole GPUs with a matching PCIe root are not on one node; any two whole GPUs are on dra-worker-1") {
    const ResourceClaim pair =
        in_ml(claim("pair", {req("gpus", "large-gpu.example.com", 2)}, {match("resource.kubernetes.io/pcieRoot")}));
    CHECK(allocate(pair, "dra-worker-1").kind == Kind::NoFit);
    const ResourceClaim two = in_ml(claim("two", {req("gpus", "large-gpu.example.com", 2)}));
    const dra::AllocateOutcome out = allocate(two, "dra-worker-1");
    REQUIRE(out.allocated());
    CHECK(dump(out.results) ==
          dump({alloc(local("dra-worker-1"), {Res("gpus", "gpu.example.com", "dra-worker-1", "gpu-0"),
                                              Res("gpus", "gpu.example.com", "dra-worker-1", "gpu-1")})}));
    CHECK(allocate(two, "dra-worker-2").kind == Kind::NoFit);
    CHECK(allocate(two, "dra-cpu-1").kind == Kind::NoFit);
  }
  SUBCASE("a MIG partition: the tainted one is skipped, and none fits once the whole GPU is in use") {
    const ResourceClaim mig = in_ml(claim("mig", {req("mig", "mig.gpu.example.com")}));
    const dra::AllocateOutcome out = allocate(mig, "dra-worker-2");
    REQUIRE(out.allocated());
    CHECK(out.results[0].results[0].device == "gpu-0-mig-3g40gb-0");
    dra::AllocatedState whole_gpu_taken;
    whole_gpu_taken.devices.insert({"gpu.example.com", "dra-worker-2", "gpu-0"});
    CHECK(allocate(mig, "dra-worker-2", whole_gpu_taken).kind == Kind::NoFit);
  }
  SUBCASE("a share of a NIC's bandwidth, a rack fabric port and an overlay tunnel") {
    // 25G rounds up to 30G by the policy's steps; upstream makes it a BinarySI quantity, printed 29296875Ki.
    const DeviceClass& nic_class =
        *std::find_if(cluster.device_classes.begin(), cluster.device_classes.end(),
                      [](const DeviceClass& c) { return c.metadata.name == "nic.example.com"; });
    DeviceRequest nic = req("nic", "nic.example.com");
    nic.exactly->capacity = CapacityRequirements{{{"bandwidth", q("25G")}}};
    const ResourceClaim net = in_ml(claim(
        "net",
        {nic,
         req("port",
             Rq("nic.example.com").sel("device.attributes['nic.example.com'].?kind.orValue('') == 'fabric-port'")),
         req("tunnel",
             Rq("nic.example.com").sel("device.attributes['nic.example.com'].?kind.orValue('') == 'vxlan'"))}));
    const dra::AllocateOutcome out = allocate(net, "dra-worker-1");
    REQUIRE_MESSAGE(out.allocated(), out.error);
    CHECK(dump(out.results) == dump({alloc(local("dra-worker-1"),
                                           {Res("nic", "nic.example.com", "dra-worker-1", "eth1")
                                                .share({{"bandwidth", q("29296875Ki")}, {"virtualFunctions", q("1")}}),
                                            Res("port", "nic.example.com", "fabric/rack-r1", "port-0"),
                                            Res("tunnel", "nic.example.com", "overlay", "tunnel-0")},
                                           {from_class({}, nic_class.config.at(0))})}));
    // Without the node-local NIC, the port's rack selector is all that ties the claim to nodes.
    const ResourceClaim fabric = in_ml(claim(
        "fabric",
        {req("port",
             Rq("nic.example.com").sel("device.attributes['nic.example.com'].?kind.orValue('') == 'fabric-port'"))}));
    const dra::AllocateOutcome cpu = allocate(fabric, "dra-cpu-1");
    REQUIRE(cpu.allocated());
    CHECK(dump(cpu.results[0].node_selector) == dump(label_selector("example.com/rack", {"r1"})));
    CHECK(allocate(fabric, "dra-worker-2").kind == Kind::NoFit);
  }
}

TEST_CASE("DRA allocator: device views and selector verdicts shared by the allocators of several pods") {
  const std::vector<ResourceSlice> slices = {
      slice(slice1, node1, pool1, driverA, {D(device0).attr("numa", num(0)), D(device1).attr("numa", num(1))}),
      slice(slice2, node2, pool2, driverA, {D(device2).attr("numa", num(0))})};
  const std::vector<DeviceClass> classes = {cls(classA, driverA)};
  const dra::DeviceViews views(slices);
  const std::string numa1 = "device.attributes[\"driver-a\"].numa == 1";

  SUBCASE("positions follow the slices; copies of their devices have none") {
    CHECK(views.index_of(slices[0], slices[0].devices[1]) == std::optional<std::size_t>(1));
    CHECK(views.index_of(slices[1], slices[1].devices[0]) == std::optional<std::size_t>(2));
    const ResourceSlice copy = slices[0];
    CHECK_FALSE(views.index_of(copy, copy.devices[0]).has_value());
    CHECK_FALSE(views.index_of(slices[1], slices[0].devices[0]).has_value());
    CHECK(views.verdicts(numa1) == views.verdicts(numa1));
    CHECK(views.verdicts(numa1)[0].load() == dra::DeviceViews::kUnknown);
  }
  SUBCASE("a second pod's allocator finds what the first found, from the verdicts it left") {
    const ResourceClaim first = claim(claim0, {req(req0, Rq(classA).sel(numa1))});
    const ResourceClaim second = claim(claim1, {req(req0, Rq(classA).sel(numa1))});
    const dra::Allocator a({&first}, {}, classes, slices, {}, {}, &views);
    const dra::AllocateOutcome out = a.allocate(node(node1, region1));
    REQUIRE(out.allocated());
    CHECK(out.results[0].results[0].device == device1);
    const std::atomic<std::int8_t>* verdicts = views.verdicts(numa1);
    CHECK(verdicts[0].load() == dra::DeviceViews::kNoMatch);
    CHECK(verdicts[1].load() == dra::DeviceViews::kMatch);
    CHECK(verdicts[2].load() == dra::DeviceViews::kUnknown);  // on the other node
    const dra::Allocator b({&second}, {}, classes, slices, {}, {}, &views);
    const dra::AllocateOutcome again = b.allocate(node(node1, region1));
    REQUIRE(again.allocated());
    CHECK(again.results[0].results[0].device == device1);
    CHECK(b.allocate(node(node2, region1)).kind == Kind::NoFit);
    CHECK(verdicts[2].load() == dra::DeviceViews::kNoMatch);
  }
  SUBCASE("past the budget, a new selector's verdicts are not kept, and it is evaluated each time") {
    const dra::DeviceViews small(slices, 3);
    CHECK(small.verdicts(numa1) != nullptr);
    const std::string numa0 = "device.attributes[\"driver-a\"].numa == 0";
    CHECK(small.verdicts(numa0) == nullptr);
    CHECK(small.verdicts(numa1) != nullptr);
    const ResourceClaim c = claim(claim0, {req(req0, Rq(classA).sel(numa0))});
    const dra::Allocator a({&c}, {}, classes, slices, {}, {}, &small);
    const dra::AllocateOutcome out = a.allocate(node(node1, region1));
    REQUIRE(out.allocated());
    CHECK(out.results[0].results[0].device == device0);
  }
  SUBCASE("a selector failing on a device is not recorded, and fails again") {
    const std::string missing = "device.attributes[\"driver-a\"].missing == 1";
    const ResourceClaim c = claim(claim0, {req(req0, Rq(classA).sel(missing))});
    const dra::Allocator a({&c}, {}, classes, slices, {}, {}, &views);
    CHECK(a.allocate(node(node1, region1)).kind == Kind::Error);
    CHECK(views.verdicts(missing)[0].load() == dra::DeviceViews::kUnknown);
    CHECK(a.allocate(node(node1, region1)).kind == Kind::Error);
  }
}

namespace podfit {
namespace {

TEST_CASE("DRA allocator: allocationMode All with no matching device (v1.32 allocates none, v1.33 on fail)") {
  const ResourceClaim all_b = claim(claim0, {req(req0, Rq(classB).all())});
  Case c{.name = "all-devices-none-match",
         .features = kV137,
         .claims = {all_b},
         .classes = {cls(classA, driverA), cls(classB, driverB)},
         .slices = {one_device(slice1, node1, pool1, driverA)}};
  CHECK(run(c).kind == dra::AllocateOutcome::Kind::NoFit);
  dra::AllocatedState state;
  std::vector<const ResourceClaim*> claims = {&c.claims[0]};
  dra::AllocatorFeatures v132 = features(kV137);
  v132.all_mode_needs_a_device = false;
  const dra::Allocator allocator(claims, std::move(state), c.classes, c.slices, c.rules, v132);
  const dra::AllocateOutcome outcome = allocator.allocate(node(node1, region1));
  REQUIRE(outcome.kind == dra::AllocateOutcome::Kind::Allocated);
  REQUIRE(outcome.results.size() == 1);
  CHECK(outcome.results[0].results.empty());
}

TEST_CASE("DRA allocator: a selector's run-time error before v1.37 gives the selector alone, without the hint") {
  ResourceClaim missing_key =
      claim(claim0, {req(req0, Rq(classA).sel("device.attributes[\"" + driverA + "\"].model == \"x\""))});
  missing_key.metadata.namespace_ = "team-a";
  Case c{.name = "runtime-error-v1.36",
         .claims = {missing_key},
         .classes = {cls(classA, driverA)},
         .slices = {one_device(slice1, node1, pool1, driverA)}};
  dra::AllocatorFeatures v136 = features(kV137);
  v136.selector_errors_name_device = false;
  std::vector<const ResourceClaim*> claims = {&c.claims[0]};
  const dra::Allocator allocator(claims, dra::AllocatedState{}, c.classes, c.slices, c.rules, v136);
  const dra::AllocateOutcome outcome = allocator.allocate(node(node1, region1));
  REQUIRE(outcome.kind == dra::AllocateOutcome::Kind::Error);
  CHECK(outcome.error == "claim team-a/claim-0: selector #0: CEL runtime error: no such key: model");
}

// The allocators of v1.32 and v1.33 on one case: taken All devices and backtracking.
dra::AllocateOutcome run_as(const Case& c, const dra::AllocatorFeatures& features) {
  std::vector<const ResourceClaim*> claims;
  for (const ResourceClaim& claim : c.claims) claims.push_back(&claim);
  const dra::Allocator allocator(claims, dra::AllocatedState{}, c.classes, c.slices, c.rules, features);
  return allocator.allocate(node(node1, region1));
}

TEST_CASE("DRA allocator: a device a constraint rejects gives its counters back from v1.36, not before") {
  // req-0 takes device-0 (numa 1); for req-1, device-1 and device-2 (numa 0) each reserve 4Gi
  // of the 8Gi counter before the constraint rejects them. device-3 (numa 1) needs all 8Gi.
  const auto part = [](const std::string& name, std::int64_t numa, const char* memory) {
    return D(name).attr("numa", num(numa)).consumes(counterSet1, {{"memory", q(memory)}});
  };
  Case c{.name = "rejected-device-counters",
         .claims = {claim(claim0, {req(req0, classA), req(req1, classA)}, {match(intAttribute)})},
         .classes = {cls(classA, driverA)},
         .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                          {D(device0).attr("numa", num(1)), part(device1, 0, "4Gi"), part(device2, 0, "4Gi"),
                           part(device3, 1, "8Gi")}),
                    counters(slice2, node1, P(pool1, 2), driverA, {counter_set(counterSet1, {{"memory", q("8Gi")}})})}};
  const dra::AllocateOutcome v137 = run_as(c, features(kV137));
  REQUIRE(v137.kind == Kind::Allocated);
  CHECK(dump(v137.results) ==
        dump({alloc(local(node1), {Res(req0, driverA, pool1, device0), Res(req1, driverA, pool1, device3)})}));
  dra::AllocatorFeatures v135 = features(kV137);
  v135.rejected_device_rolls_back = false;
  CHECK(run_as(c, v135).kind == Kind::NoFit);

  // A device refused for a taint keeps its counters in v1.35 (with DRADeviceTaints on): device-2
  // no longer fits, device-3 does.
  Case tainted{.name = "tainted-device-counters",
               .claims = {simple_claim(claim0, req0, classA)},
               .classes = {cls(classA, driverA)},
               .slices = {slice(slice1, node1, P(pool1, 2), driverA,
                                {D(device1).consumes(counterSet1, {{"memory", q("4Gi")}}).taints({taintNoSchedule}),
                                 D(device2).consumes(counterSet1, {{"memory", q("6Gi")}}),
                                 D(device3).consumes(counterSet1, {{"memory", q("4Gi")}})}),
                          counters(slice2, node1, P(pool1, 2), driverA,
                                   {counter_set(counterSet1, {{"memory", q("8Gi")}})})}};
  const dra::AllocateOutcome kept = run_as(tainted, v135);
  REQUIRE(kept.kind == Kind::Allocated);
  CHECK(dump(kept.results) == dump({alloc(local(node1), {Res(req0, driverA, pool1, device3)})}));
}

TEST_CASE("DRA allocator: an All subrequest's next device is sought for it from v1.36, for the first subrequest before") {
  // sub-0 wants a device no slice has; sub-1 wants all three. v1.33 to v1.35 take device-0 for
  // sub-1, then continue with sub-0's request data, whose single device is already counted.
  Case c{.name = "all-subrequest-next-device",
         .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA).sel("device.attributes[\"driver-a\"].numa == 7")),
                                                 sub(subReq1, Rq(classA).all())})})},
         .classes = {cls(classA, driverA)},
         .slices = {slice(slice1, node1, pool1, driverA,
                          {D(device0).attr("numa", num(1)), D(device1).attr("numa", num(1)),
                           D(device2).attr("numa", num(1))})}};
  const dra::AllocateOutcome v136 = run_as(c, features(kV137));
  REQUIRE(v136.kind == Kind::Allocated);
  CHECK(dump(v136.results) == dump({alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device0),
                                                         Res(req0SubReq1, driverA, pool1, device1),
                                                         Res(req0SubReq1, driverA, pool1, device2)})}));
  dra::AllocatorFeatures v135 = features(kV137);
  v135.all_mode_next_device_keeps_subrequest = false;
  const dra::AllocateOutcome old = run_as(c, v135);
  REQUIRE(old.kind == Kind::Allocated);
  CHECK(dump(old.results) == dump({alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device0)})}));
}

TEST_CASE("DRA allocator: another node's incomplete pool with shared counters stops an All request in v1.35 and v1.36") {
  // pool-2 belongs to node-2 and lacks one of its two slices; node-1 has its own device.
  Case c{.name = "counter-slice-of-another-node",
         .claims = {claim(claim0, {req(req0, Rq(classA).all())})},
         .classes = {cls(classA, driverA)},
         .slices = {slice(slice1, node1, pool1, driverA, {D(device0)}),
                    counters(slice2, node2, P(pool2, 2), driverA, {counter_set(counterSet1, {{"memory", q("8Gi")}})})}};
  const dra::AllocateOutcome v137 = run_as(c, features(kV137));
  REQUIRE(v137.kind == Kind::Allocated);
  CHECK(dump(v137.results) == dump({alloc(local(node1), {Res(req0, driverA, pool1, device0)})}));
  dra::AllocatorFeatures v136 = features(kV137);
  v136.counter_slices_reach_every_node = true;
  const dra::AllocateOutcome old = run_as(c, v136);
  REQUIRE(old.kind == Kind::Error);
  CHECK(old.error == "claim claim-0, request req-0: asks for all devices, but resource pool driver-a/pool-2 is "
                     "currently being updated");
}

// v1.33's allocator: it backtracks, but not past an All request's devices, which stay taken.
dra::AllocatorFeatures v133_allocator(unsigned f = 0) {
  dra::AllocatorFeatures out = features(f);
  out.all_mode_frees_devices_on_backtrack = false;
  return out;
}
// v1.32's: a taken All device ends the search, and no device of an All request is no failure.
dra::AllocatorFeatures v132_allocator() {
  dra::AllocatorFeatures out = v133_allocator();
  out.all_mode_taken_device_backtracks = false;
  out.all_mode_needs_a_device = false;
  return out;
}

const std::string numa_is_1 = "device.attributes[\"driver-a\"].numa == 1";

TEST_CASE("DRA allocator: an All request whose device an earlier claim took (v1.32 stops, v1.33 keeps it taken)") {
  // claim-0 takes device-0 and device-1 first; claim-1 needs device-1 and device-2. Only
  // device-0 and device-3 for claim-0 leave both.
  Case c{.name = "all-device-taken-by-earlier-claim",
         .claims = {claim(claim0, {req(req0, classA, 2)}), claim(claim1, {req(req0, Rq(classA).all().sel(numa_is_1))})},
         .classes = {cls(classA, driverA)},
         .slices = {slice(slice1, node1, pool1, driverA,
                          {D(device0).attr("numa", num(0)), D(device1).attr("numa", num(1)),
                           D(device2).attr("numa", num(1)), D(device3).attr("numa", num(0))})}};
  const dra::AllocateOutcome v137 = run_as(c, features(kV137));
  REQUIRE(v137.kind == Kind::Allocated);
  CHECK(dump(v137.results) ==
        dump({alloc(local(node1), {Res(req0, driverA, pool1, device0), Res(req0, driverA, pool1, device3)}),
              alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req0, driverA, pool1, device2)})}));
  // v1.33: with claim-0 on device-0 and device-2, claim-1 gets device-1 and then fails on
  // device-2; device-1 stays taken, so claim-1 never gets it again.
  const dra::AllocateOutcome v133 = run_as(c, v133_allocator());
  CHECK(v133.kind == Kind::NoFit);
  CHECK(v133.error.empty());
  // v1.32: the first taken device (device-1, with claim-0 on device-0 and device-1) ends it.
  const dra::AllocateOutcome v132 = run_as(c, v132_allocator());
  CHECK(v132.kind == Kind::NoFit);
  CHECK(v132.error.empty());
  CHECK(v132.search_steps < v133.search_steps);
}

TEST_CASE("DRA allocator: an All request whose device an earlier request of its claim took (v1.32 stops)") {
  // req-0 takes device-0 first, which req-1 (All with numa 1) needs; req-0 can move to device-1.
  Case c{.name = "all-device-taken-by-earlier-request",
         .claims = {claim(claim0, {req(req0, classA), req(req1, Rq(classA).all().sel(numa_is_1))})},
         .classes = {cls(classA, driverA)},
         .slices = {slice(slice1, node1, pool1, driverA,
                          {D(device0).attr("numa", num(1)), D(device1).attr("numa", num(0))})}};
  const std::string want =
      dump({alloc(local(node1), {Res(req0, driverA, pool1, device1), Res(req1, driverA, pool1, device0)})});
  const dra::AllocateOutcome v137 = run_as(c, features(kV137));
  REQUIRE(v137.kind == Kind::Allocated);
  CHECK(dump(v137.results) == want);
  const dra::AllocateOutcome v133 = run_as(c, v133_allocator());
  REQUIRE(v133.kind == Kind::Allocated);
  CHECK(dump(v133.results) == want);
  CHECK(run_as(c, v132_allocator()).kind == Kind::NoFit);
}

TEST_CASE("DRA allocator: v1.32 stops at a taken All device before the claim constraint fails") {
  // req-1 (All with numa 1) is device-0 alone. On device-1, req-0 makes the model "b", which
  // device-0 breaks: an error, from v1.33 on. v1.32 never gets there: req-0 took device-0 first.
  Case c{.name = "all-device-taken-before-constraint-error",
         .claims = {claim(claim0, {req(req0, classA), req(req1, Rq(classA).all().sel(numa_is_1))},
                          {match(stringAttribute)})},
         .classes = {cls(classA, driverA)},
         .slices = {slice(slice1, node1, pool1, driverA,
                          {D(device0).attr("numa", num(1)).attr("stringAttribute", str("a")),
                           D(device1).attr("numa", num(0)).attr("stringAttribute", str("b"))})}};
  const std::string error = "claim claim-0, request req-1: cannot add device driver-a/pool-1/device-0 because a claim "
                            "constraint would not be satisfied";
  const dra::AllocateOutcome v137 = run_as(c, features(kV137));
  CHECK(v137.kind == Kind::Error);
  CHECK(v137.error == error);
  const dra::AllocateOutcome v133 = run_as(c, v133_allocator());
  CHECK(v133.kind == Kind::Error);
  CHECK(v133.error == error);
  const dra::AllocateOutcome v132 = run_as(c, v132_allocator());
  CHECK(v132.kind == Kind::NoFit);
  CHECK(v132.error.empty());
}

TEST_CASE("DRA allocator: v1.33 keeps a failed All alternative's devices taken (DRAPrioritizedList)") {
  // The All alternative takes both devices, then req-1 finds none and the search moves on to
  // subReq-1; from v1.34 the two devices are free again for it and req-1.
  Case c{.name = "all-alternative-keeps-devices",
         .claims = {claim(claim0, {first(req0, {sub(subReq0, Rq(classA).all()), sub(subReq1, Rq(classA))}),
                                   req(req1, classA)})},
         .classes = {cls(classA, driverA)},
         .slices = {slice(slice1, node1, pool1, driverA, {D(device0), D(device1)})}};
  const dra::AllocateOutcome v137 = run_as(c, features(kV137));
  REQUIRE(v137.kind == Kind::Allocated);
  CHECK(dump(v137.results) ==
        dump({alloc(local(node1), {Res(req0SubReq1, driverA, pool1, device0), Res(req1, driverA, pool1, device1)})}));
  CHECK(run_as(c, v133_allocator(PL)).kind == Kind::NoFit);
}

}  // namespace
}  // namespace podfit
