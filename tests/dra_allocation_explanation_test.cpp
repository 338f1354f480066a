// podfit's explanation of a node where claims cannot be allocated: one line per request, then
// the constraints, each case compared in full.
#include <doctest/doctest.h>

#include "podfit/dra/allocation_explanation.h"

using namespace podfit;

namespace {

const std::string kDriver = "gpu.example.com";

DeviceClass gpu_class(const std::string& name = "gpu.example.com", const std::string& extra = "") {
  DeviceClass dc;
  dc.metadata.name = name;
  dc.selectors.push_back(DeviceSelector{"device.driver == 'gpu.example.com'", 0});
  if (!extra.empty()) dc.selectors.push_back(DeviceSelector{extra, 0});
  return dc;
}

Device gpu(const std::string& name, int64_t memory_gi, const std::string& numa) {
  Device d;
  d.name = name;
  DeviceAttribute a;
  a.kind = DeviceAttribute::Kind::String;
  a.string_value = numa;
  d.attributes.push_back(NamedAttribute{"numa", a});
  DeviceCapacity c;
  c.value = *Quantity::parse(std::to_string(memory_gi) + "Gi");
  d.capacity.push_back(NamedCapacity{"memory", c});
  return d;
}

ResourceSlice slice_on(const std::string& node, std::vector<Device> devices) {
  ResourceSlice s;
  s.metadata.name = node + "-gpus";
  s.driver = kDriver;
  s.pool.name = node;
  s.pool.resource_slice_count = 1;
  s.node_name = node;
  s.devices = std::move(devices);
  return s;
}

Node node(const std::string& name) {
  Node n;
  n.metadata.name = name;
  return n;
}

ResourceClaim claim(const std::string& name, int64_t count, std::vector<std::string> selectors = {}) {
  ResourceClaim c;
  c.metadata.name = name;
  c.metadata.namespace_ = "ml";
  DeviceRequest& r = c.spec.requests.emplace_back();
  r.name = "gpu";
  DeviceRequestSpec& spec = r.exactly.emplace();
  spec.device_class_name = "gpu.example.com";
  spec.count = count;
  for (const std::string& s : selectors) spec.selectors.push_back(DeviceSelector{s, 0});
  return c;
}

ResourceClaim allocated(const std::string& name, const std::string& pool, const std::string& device) {
  ResourceClaim c = claim(name, 1);
  AllocationResult& a = c.allocation.emplace();
  a.results.push_back(DeviceRequestAllocationResult{"gpu", kDriver, pool, device});
  return c;
}

std::vector<std::string> explain(const std::vector<ResourceClaim>& pending, const std::vector<ResourceClaim>& others,
                                 const std::vector<DeviceClass>& classes, const std::vector<ResourceSlice>& slices,
                                 const std::string& on = "n1") {
  std::vector<const ResourceClaim*> pod_claims;
  for (const ResourceClaim& c : pending) pod_claims.push_back(&c);
  std::vector<const ResourceClaim*> cluster;
  for (const ResourceClaim& c : others) cluster.push_back(&c);
  dra::AllocationExplainer explainer(pod_claims, cluster, classes, slices, {});
  return explainer.explain(node(on));
}

}  // namespace

TEST_CASE("AllocationExplainer: which request fails on a node, and why") {
  const std::vector<ResourceSlice> slices = {
      slice_on("n1", {gpu("gpu-0", 40, "0"), gpu("gpu-1", 80, "0"), gpu("gpu-2", 80, "1")})};

  SUBCASE("no device matches: the closest misses and the selector that rejects them") {
    auto lines = explain({claim("train", 1, {"device.capacity['gpu.example.com'].memory.compareTo(quantity('100Gi')) >= 0"})},
                         {}, {gpu_class()}, slices);
    CHECK(lines == std::vector<std::string>{
                       "claim ml/train, request gpu: no device matches DeviceClass gpu.example.com and the request's "
                       "selectors; closest: gpu-0, gpu-1, gpu-2: the request's selector #0: "
                       "`device.capacity['gpu.example.com'].memory.compareTo(quantity('100Gi')) >= 0` is false "
                       "(`device.capacity['gpu.example.com'].memory` is 40Gi on gpu-0; 80Gi on gpu-1, gpu-2)"});
  }
  SUBCASE("the class rejects every device") {
    auto lines = explain({claim("train", 1)}, {}, {gpu_class("gpu.example.com", "device.attributes['gpu.example.com'].numa == '7'")},
                         slices);
    CHECK(lines == std::vector<std::string>{
                       "claim ml/train, request gpu: no device matches DeviceClass gpu.example.com; closest: gpu-0, "
                       "gpu-1, gpu-2: selector #1 of DeviceClass gpu.example.com: "
                       "`device.attributes['gpu.example.com'].numa == '7'` is false "
                       "(`device.attributes['gpu.example.com'].numa` is \"0\" on gpu-0, gpu-1; \"1\" on gpu-2)"});
  }
  SUBCASE("the first selector rejects every device the node reaches") {
    DeviceClass nics = gpu_class();
    nics.selectors[0].cel_expression = "device.driver == 'nic.example.com'";
    auto lines = explain({claim("train", 1)}, {}, {nics}, slices);
    CHECK(lines == std::vector<std::string>{
                       "claim ml/train, request gpu: no device matches DeviceClass gpu.example.com; none of the 3 "
                       "devices the node reaches passes selector #0 of DeviceClass gpu.example.com: "
                       "`device.driver == 'nic.example.com'` is false (`device.driver` is \"gpu.example.com\" on "
                       "gpu-0, gpu-1, gpu-2)"});
  }
  SUBCASE("a conjunction: the conjunct that fails, after those that hold") {
    DeviceClass a100 = gpu_class();
    a100.selectors[0].cel_expression =
        "device.driver == 'gpu.example.com' &&\n  device.attributes['gpu.example.com'].numa == '1' && "
        "device.capacity['gpu.example.com'].memory.compareTo(quantity('80Gi')) > 0";
    auto lines = explain({claim("train", 1)}, {}, {a100}, slices);
    CHECK(lines == std::vector<std::string>{
                       "claim ml/train, request gpu: no device matches DeviceClass gpu.example.com; closest: gpu-2: "
                       "selector #0 of DeviceClass gpu.example.com: "
                       "`device.capacity['gpu.example.com'].memory.compareTo(quantity('80Gi')) > 0` is false "
                       "(`device.capacity['gpu.example.com'].memory` is 80Gi on gpu-2)"});
  }
  SUBCASE("partitions: shared counters that allocated devices used up") {
    ResourceSlice partitioned = slice_on("n1", {gpu("full", 80, "0"), gpu("part-0", 40, "0"), gpu("part-1", 40, "0")});
    partitioned.shared_counters.push_back(CounterSet{"gpu-counters", {Counter{"memory", *Quantity::parse("80Gi")}}});
    for (Device& d : partitioned.devices) {
      d.consumes_counters.push_back(DeviceCounterConsumption{"gpu-counters", {Counter{"memory", d.capacity[0].value.value}}});
    }
    auto lines = explain({claim("train", 2)}, {allocated("notebook", "n1", "part-0")}, {gpu_class()}, {partitioned});
    CHECK(lines == std::vector<std::string>{
                       "claim ml/train, request gpu: needs 2 devices, 3 match, 1 free (part-1); in use: part-0 (by "
                       "ml/notebook); shared counters used up: full (gpu-counters: memory 40Gi left, needs 80Gi)"});
  }
  SUBCASE("a node without devices") {
    auto lines = explain({claim("train", 1)}, {}, {gpu_class()}, slices, "n2");
    CHECK(lines == std::vector<std::string>{
                       "claim ml/train, request gpu: no device matches DeviceClass gpu.example.com; the node reaches "
                       "no device of any ResourceSlice"});
  }
  SUBCASE("devices in use, by which claim") {
    auto lines = explain({claim("train", 2)}, {allocated("notebook", "n1", "gpu-1"), allocated("other", "n1", "gpu-2")},
                         {gpu_class()}, slices);
    CHECK(lines == std::vector<std::string>{
                       "claim ml/train, request gpu: needs 2 devices, 3 match, 1 free (gpu-0); in use: gpu-1 (by "
                       "ml/notebook), gpu-2 (by ml/other)"});
  }
  SUBCASE("a tainted device the request does not tolerate") {
    std::vector<ResourceSlice> tainted = slices;
    tainted[0].devices[2].taints.push_back(DeviceTaint{"example.com/unhealthy", "ecc", "NoSchedule", ""});
    auto lines = explain({claim("train", 3)}, {}, {gpu_class()}, tainted);
    CHECK(lines == std::vector<std::string>{
                       "claim ml/train, request gpu: needs 3 devices, 3 match, 2 free (gpu-0, gpu-1); tainted, not "
                       "tolerated: gpu-2 (example.com/unhealthy=ecc:NoSchedule)"});
  }
  SUBCASE("matchAttribute: no value shared by enough free devices") {
    ResourceClaim c = claim("train", 2);
    c.spec.constraints.push_back(DeviceConstraint{{}, std::string("gpu.example.com/numa"), std::nullopt});
    auto lines = explain({c}, {allocated("notebook", "n1", "gpu-1")}, {gpu_class()}, slices);
    CHECK(lines == std::vector<std::string>{
                       "claim ml/train, request gpu: needs 2 devices, 3 match, 2 free (gpu-0, gpu-2); in use: gpu-1 "
                       "(by ml/notebook)",
                       "claim ml/train: matchAttribute gpu.example.com/numa: no value is shared by enough free "
                       "devices (0: gpu-0; 1: gpu-2)"});
  }
  SUBCASE("matchAttribute on an attribute no device publishes") {
    ResourceClaim c = claim("train", 2);
    c.spec.constraints.push_back(DeviceConstraint{{}, std::string("gpu.example.com/deviceID"), std::nullopt});
    auto lines = explain({c}, {}, {gpu_class()}, slices);
    CHECK(lines == std::vector<std::string>{
                       "claim ml/train, request gpu: needs 2 devices, 3 match, 3 free (gpu-0, gpu-1, gpu-2)",
                       "claim ml/train: matchAttribute gpu.example.com/deviceID: no value is shared by enough free "
                       "devices (without the attribute: gpu-0, gpu-1, gpu-2)"});
  }
  SUBCASE("every request fits on its own, not together") {
    auto lines = explain({claim("a", 2), claim("b", 2)}, {}, {gpu_class()}, slices);
    CHECK(lines == std::vector<std::string>{
                       "claim ml/a, request gpu: needs 2 devices, 3 match, 3 free (gpu-0, gpu-1, gpu-2)",
                       "claim ml/b, request gpu: needs 2 devices, 3 match, 3 free (gpu-0, gpu-1, gpu-2)",
                       "each request finds enough free devices on its own, but not all of them together (devices "
                       "wanted by several requests, shared counters, capacity or constraints)"});
  }
  SUBCASE("firstAvailable: every alternative is explained") {
    ResourceClaim c;
    c.metadata.name = "serve";
    c.metadata.namespace_ = "ml";
    DeviceRequest& r = c.spec.requests.emplace_back();
    r.name = "gpu";
    DeviceSubRequest& big = r.first_available.emplace_back();
    big.name = "h100";
    big.spec.device_class_name = "gpu.example.com";
    big.spec.selectors.push_back(DeviceSelector{"device.capacity['gpu.example.com'].memory.compareTo(quantity('94Gi')) >= 0", 0});
    DeviceSubRequest& small = r.first_available.emplace_back();
    small.name = "a100";
    small.spec.device_class_name = "gpu.example.com";
    small.spec.count = 4;
    auto lines = explain({c}, {}, {gpu_class()}, slices);
    CHECK(lines == std::vector<std::string>{
                       "claim ml/serve, request gpu/h100: no device matches DeviceClass gpu.example.com and the "
                       "request's selectors; closest: gpu-0, gpu-1, gpu-2: the request's selector #0: "
                       "`device.capacity['gpu.example.com'].memory.compareTo(quantity('94Gi')) >= 0` is false "
                       "(`device.capacity['gpu.example.com'].memory` is 40Gi on gpu-0; 80Gi on gpu-1, gpu-2)",
                       "claim ml/serve, request gpu/a100: needs 4 devices, 3 match, 3 free (gpu-0, gpu-1, gpu-2)"});
  }
}

TEST_CASE("AllocationExplainer: consumable capacity names what is left and what is asked") {
  // A NIC shared by several claims, 100G of bandwidth, of which an allocated claim took 95G.
  Device nic;
  nic.name = "nic-0";
  nic.allow_multiple_allocations = true;
  DeviceCapacity bandwidth;
  bandwidth.value = *Quantity::parse("100G");
  bandwidth.request_policy.emplace().default_ = *Quantity::parse("1G");
  nic.capacity.push_back(NamedCapacity{"bandwidth", bandwidth});
  const std::vector<ResourceSlice> slices = {slice_on("n1", {nic})};
  ResourceClaim pending = claim("net", 1);
  pending.spec.requests[0].exactly->capacity.emplace().requests = {{"bandwidth", *Quantity::parse("10G")}};
  ResourceClaim other = allocated("other", "n1", "nic-0");
  other.allocation->results[0].share_id = "share-1";
  other.allocation->results[0].consumed_capacity = {{"bandwidth", *Quantity::parse("95G")}};
  std::vector<const ResourceClaim*> pod_claims = {&pending};
  std::vector<const ResourceClaim*> cluster = {&other};
  const std::vector<DeviceClass> classes = {gpu_class()};
  SUBCASE("with DRAConsumableCapacity") {
    dra::AllocationExplainer explainer(pod_claims, cluster, classes, slices, {}, nullptr, cel::kKubernetesRelease, true);
    CHECK(explainer.explain(node("n1")) ==
          std::vector<std::string>{"claim ml/net, request gpu: needs 1 device, 1 match, 0 free; capacity short: nic-0 "
                                   "(bandwidth: 5G left of 100G, needs 10G)"});
  }
  SUBCASE("a capacity the device does not have") {
    pending.spec.requests[0].exactly->capacity->requests = {{"lanes", *Quantity::parse("2")}};
    dra::AllocationExplainer explainer(pod_claims, cluster, classes, slices, {}, nullptr, cel::kKubernetesRelease, true);
    CHECK(explainer.explain(node("n1")) ==
          std::vector<std::string>{"claim ml/net, request gpu: needs 1 device, 1 match, 0 free; capacity short: nic-0 "
                                   "(no capacity lanes)"});
  }
  SUBCASE("without the gate the capacity is not consumed, and nothing is short") {
    dra::AllocationExplainer explainer(pod_claims, cluster, classes, slices, {});
    CHECK(explainer.explain(node("n1")).back() ==
          "each request finds enough free devices on its own, but not all of them together (devices wanted by several "
          "requests, shared counters, capacity or constraints)");
  }
}

TEST_CASE("selector parts: top-level conjuncts and the operand an explanation shows") {
  using dra::selector_conjuncts;
  CHECK(selector_conjuncts("a && b") == std::vector<std::string>{"a", "b"});
  CHECK(selector_conjuncts(" a &&\n b && (c && d) ") == std::vector<std::string>{"a", "b", "(c && d)"});
  CHECK(selector_conjuncts("x == 'a && b' && y") == std::vector<std::string>{"x == 'a && b'", "y"});
  CHECK(selector_conjuncts(R"(x == r'\' && y)") == std::vector<std::string>{R"(x == r'\')", "y"});
  CHECK(selector_conjuncts("x == '''a ' && b''' && y") == std::vector<std::string>{"x == '''a ' && b'''", "y"});
  CHECK(selector_conjuncts("f([1, 2].all(e, e > 0 && e < 3)) && y") ==
        std::vector<std::string>{"f([1, 2].all(e, e > 0 && e < 3))", "y"});
  CHECK(selector_conjuncts("a.?b.orValue(1) == 1 && c") == std::vector<std::string>{"a.?b.orValue(1) == 1", "c"});
  // Not conjunctions: || and ?: bind more loosely than &&.
  CHECK(selector_conjuncts("a && b || c") == std::vector<std::string>{"a && b || c"});
  CHECK(selector_conjuncts("a ? b && c : d") == std::vector<std::string>{"a ? b && c : d"});
  CHECK(selector_conjuncts("a && (b") == std::vector<std::string>{"a && (b"});

  using dra::compared_operand;
  CHECK(compared_operand("device.attributes['d'].model == 'A100'") == "device.attributes['d'].model");
  CHECK(compared_operand("x.compareTo(quantity('1Gi')) >= 0") == "x");
  CHECK(compared_operand("a.b.size() > 2") == "a.b.size()");
  CHECK(compared_operand("device.attributes['d'].model.startsWith('A')") == "device.attributes['d'].model");
  CHECK(compared_operand("x.isGreaterThan(semver('1.0.0'))") == "x");
  CHECK(compared_operand("'a' in device.attributes['d']") == "");
  CHECK(compared_operand("a == b == c") == "");
  CHECK(compared_operand("x == '<=' ") == "x");
}
