// NodeResourcesFit: fit_test.go (TestEnoughRequests, TestPreFilterDisabled, TestNotEnoughRequests,
// TestStorageRequests, TestRestartableInitContainers, TestDeferredResizeFit) plus podfit's details,
// ignored-resource edge cases and the requests PreFilter computes.
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "builders.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/framework/names.h"
#include "podfit/plugins/node_resources/fit.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

using testing::bytes;
using testing::count;
using testing::milli;
using testing::NodeInfoFixture;
using testing::rl;

const std::string kExtendedA = "example.com/aaa";
const std::string kExtendedB = "example.com/bbb";
const std::string kKubernetesIOA = "kubernetes.io/something";
const std::string kKubernetesIOB = "subdomain.kubernetes.io/something";
const std::string kHugePageA = "hugepages-2Mi";
const std::string kExtendedDRA = "extended.resource.dra.io/something";
const std::string kDeviceClassName = "device-class-name";

// A DRA view with one DeviceClass "device-class-name" whose extendedResourceName is kExtendedDRA.
DeviceClassLookup test_device_classes() {
  return [](std::string_view name) {
    return name == kExtendedDRA || name == "deviceclass.resource.kubernetes.io/" + kDeviceClassName;
  };
}

// framework.Resource as the Go tests write a container's usage.
struct Usage {
  int64_t milli_cpu = 0;
  int64_t memory = 0;
  int64_t ephemeral_storage = 0;
  std::vector<std::pair<std::string, int64_t>> scalar;
};

// newResourcePod's container requests: every field set explicitly, zeros included.
ResourceList usage_requests(const Usage& usage) {
  ResourceList list;
  list.set("cpu", milli(usage.milli_cpu));
  list.set("memory", bytes(usage.memory));
  list.set("pods", bytes(0));
  list.set("ephemeral-storage", bytes(usage.ephemeral_storage));
  for (const auto& [name, quantity] : usage.scalar) {
    list.set(name, name == kHugePageA ? bytes(quantity) : count(quantity));
  }
  return list;
}

std::vector<Container> usage_containers(std::initializer_list<Usage> usages) {
  std::vector<Container> containers;
  for (const auto& usage : usages) containers.push_back(testing::container("", usage_requests(usage)));
  return containers;
}

// newResourcePod: one container per usage.
Pod resource_pod(std::initializer_list<Usage> usages = {}) {
  Pod pod;
  pod.spec.containers = usage_containers(usages);
  return pod;
}

// newResourceInitPod: the init containers replaced by one per usage.
Pod with_init(Pod pod, std::initializer_list<Usage> usages) {
  pod.spec.init_containers = usage_containers(usages);
  return pod;
}

Pod with_overhead(Pod pod, ResourceList overhead) {
  pod.spec.overhead = std::move(overhead);
  return pod;
}

// newPodLevelResourcesPod with requests only.
Pod with_pod_requests(Pod pod, ResourceList requests) {
  pod.spec.resources = ResourceRequirements{std::move(requests), std::nullopt, {}};
  return pod;
}

// makeAllocatableResources(milliCPU, memory, pods, extendedA, storage, hugePageA).
ResourceList allocatable(int64_t milli_cpu, int64_t memory, int64_t pods, int64_t extended_a, int64_t storage,
                         int64_t hugepage_a) {
  ResourceList list;
  list.set("cpu", milli(milli_cpu));
  list.set("memory", bytes(memory));
  list.set("pods", count(pods));
  list.set(kExtendedA, count(extended_a));
  list.set("ephemeral-storage", bytes(storage));
  list.set(kHugePageA, bytes(hugepage_a));
  return list;
}

Node node_with(ResourceList alloc, std::string name = "") {
  Node node;
  node.metadata.name = std::move(name);
  node.status.capacity = alloc;
  node.status.allocatable = std::move(alloc);
  return node;
}

InsufficientResource insufficient(std::string name, std::string reason, int64_t requested, int64_t used,
                                  int64_t capacity, bool unresolvable = false) {
  return InsufficientResource{std::move(name), std::move(reason), requested, used, capacity, unresolvable};
}

std::string describe(const std::vector<InsufficientResource>& list) {
  std::string out;
  for (const auto& r : list) {
    out += "{" + r.resource_name + ", " + r.reason + ", " + std::to_string(r.requested) + ", " +
           std::to_string(r.used) + ", " + std::to_string(r.capacity) + (r.unresolvable ? ", unresolvable" : "") +
           "} ";
  }
  return out.empty() ? "{}" : out;
}

std::string describe(const Status& status) {
  std::string out(code_name(status.code()));
  for (const auto& reason : status.reasons()) out += " [" + reason + "]";
  return out;
}

// Runs PreFilter (which must succeed) then Filter, as the Go tests do.
Status pre_filter_then_filter(const NodeResourcesFit& plugin, const FeatureGates& gates, const Pod& pod,
                              const NodeInfo& node) {
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  PodInfo pod_info(pod, gates);
  CycleState state;
  PreFilterResult result;
  const Status pre = plugin.pre_filter(state, pod_info, snapshot, result);
  CHECK_MESSAGE(pre.is_success(), describe(pre));
  CHECK(result.all_nodes());
  return plugin.filter(state, pod_info, node);
}

void check_status(const Status& got, Code code, const std::vector<std::string>& reasons) {
  CHECK_MESSAGE(got.code() == code, "got ", describe(got));
  CHECK(got.reasons() == reasons);
}

// The status Filter gives for these insufficient resources (as the Go tables spell it out).
Code code_for(const std::vector<InsufficientResource>& want) {
  if (want.empty()) return Code::Success;
  for (const auto& r : want) {
    if (r.unresolvable) return Code::UnschedulableAndUnresolvable;
  }
  return Code::Unschedulable;
}

std::vector<std::string> reasons_of(const std::vector<InsufficientResource>& want) {
  std::vector<std::string> reasons;
  for (const auto& r : want) reasons.push_back(r.reason);
  return reasons;
}

TEST_CASE("TestEnoughRequests") {
  struct Case {
    const char* name;
    Pod pod;
    std::vector<Pod> existing;  // pods already on the node
    NodeResourcesFitArgs args;
    bool pod_level_resources = false;
    bool dra_extended_resource = false;
    bool no_dra_manager = false;
    std::vector<InsufficientResource> want;
    Code want_code = Code::Success;
  };
  const std::string cpu = "Insufficient cpu";
  const std::string memory = "Insufficient memory";
  const std::string ext_a = "Insufficient example.com/aaa";
  const std::string ext_b = "Insufficient example.com/bbb";
  const std::string hp = "Insufficient hugepages-2Mi";
  using S = std::vector<std::pair<std::string, int64_t>>;

  const std::vector<Case> cases = {
      {.name = "no resources requested always fits", .pod = Pod{}, .existing = {resource_pod({{10, 20}})}},
      {.name = "too many resources fails",
       .pod = resource_pod({{1, 1}}),
       .existing = {resource_pod({{10, 20}})},
       .want = {insufficient("cpu", cpu, 1, 10, 10), insufficient("memory", memory, 1, 20, 20)},
       .want_code = Code::Unschedulable},
      {.name = "too many resources fails due to init container cpu",
       .pod = with_init(resource_pod({{1, 1}}), {{3, 1}}),
       .existing = {resource_pod({{8, 19}})},
       .want = {insufficient("cpu", cpu, 3, 8, 10)},
       .want_code = Code::Unschedulable},
      {.name = "too many resources fails due to highest init container cpu",
       .pod = with_init(resource_pod({{1, 1}}), {{3, 1}, {2, 1}}),
       .existing = {resource_pod({{8, 19}})},
       .want = {insufficient("cpu", cpu, 3, 8, 10)},
       .want_code = Code::Unschedulable},
      {.name = "too many resources fails due to init container memory",
       .pod = with_init(resource_pod({{1, 1}}), {{1, 3}}),
       .existing = {resource_pod({{9, 19}})},
       .want = {insufficient("memory", memory, 3, 19, 20)},
       .want_code = Code::Unschedulable},
      {.name = "too many resources fails due to highest init container memory",
       .pod = with_init(resource_pod({{1, 1}}), {{1, 3}, {1, 2}}),
       .existing = {resource_pod({{9, 19}})},
       .want = {insufficient("memory", memory, 3, 19, 20)},
       .want_code = Code::Unschedulable},
      {.name = "init container fits because it's the max, not sum, of containers and init containers",
       .pod = with_init(resource_pod({{1, 1}}), {{1, 1}}),
       .existing = {resource_pod({{9, 19}})}},
      {.name = "multiple init containers fit because it's the max, not sum, of containers and init containers",
       .pod = with_init(resource_pod({{1, 1}}), {{1, 1}, {1, 1}}),
       .existing = {resource_pod({{9, 19}})}},
      {.name = "both resources fit", .pod = resource_pod({{1, 1}}), .existing = {resource_pod({{5, 5}})}},
      {.name = "one resource memory fits",
       .pod = resource_pod({{2, 1}}),
       .existing = {resource_pod({{9, 5}})},
       .want = {insufficient("cpu", cpu, 2, 9, 10)},
       .want_code = Code::Unschedulable},
      {.name = "one resource cpu fits",
       .pod = resource_pod({{1, 2}}),
       .existing = {resource_pod({{5, 19}})},
       .want = {insufficient("memory", memory, 2, 19, 20)},
       .want_code = Code::Unschedulable},
      {.name = "equal edge case", .pod = resource_pod({{5, 1}}), .existing = {resource_pod({{5, 19}})}},
      {.name = "equal edge case for init container",
       .pod = with_init(resource_pod({{4, 1}}), {{5, 1}}),
       .existing = {resource_pod({{5, 19}})}},
      {.name = "extended resource fits",
       .pod = resource_pod({{.scalar = S{{kExtendedA, 1}}}}),
       .existing = {resource_pod({{}})}},
      {.name = "extended resource fits for init container",
       .pod = with_init(resource_pod({{}}), {{.scalar = S{{kExtendedA, 1}}}}),
       .existing = {resource_pod({{}})}},
      {.name = "extended resource capacity enforced",
       .pod = resource_pod({{1, 1, 0, S{{kExtendedA, 10}}}}),
       .existing = {resource_pod({{0, 0, 0, S{{kExtendedA, 0}}}})},
       .want = {insufficient(kExtendedA, ext_a, 10, 0, 5, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "extended resource capacity enforced for init container",
       .pod = with_init(resource_pod({{}}), {{1, 1, 0, S{{kExtendedA, 10}}}}),
       .existing = {resource_pod({{0, 0, 0, S{{kExtendedA, 0}}}})},
       .want = {insufficient(kExtendedA, ext_a, 10, 0, 5, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "extended resource allocatable enforced",
       .pod = resource_pod({{1, 1, 0, S{{kExtendedA, 1}}}}),
       .existing = {resource_pod({{0, 0, 0, S{{kExtendedA, 5}}}})},
       .want = {insufficient(kExtendedA, ext_a, 1, 5, 5)},
       .want_code = Code::Unschedulable},
      {.name = "extended resource allocatable enforced for init container",
       .pod = with_init(resource_pod({{}}), {{1, 1, 0, S{{kExtendedA, 1}}}}),
       .existing = {resource_pod({{0, 0, 0, S{{kExtendedA, 5}}}})},
       .want = {insufficient(kExtendedA, ext_a, 1, 5, 5)},
       .want_code = Code::Unschedulable},
      {.name = "extended resource allocatable enforced for multiple containers",
       .pod = resource_pod({{1, 1, 0, S{{kExtendedA, 3}}}, {1, 1, 0, S{{kExtendedA, 3}}}}),
       .existing = {resource_pod({{0, 0, 0, S{{kExtendedA, 2}}}})},
       .want = {insufficient(kExtendedA, ext_a, 6, 2, 5, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "extended resource allocatable admits multiple init containers",
       .pod = with_init(resource_pod({{}}), {{1, 1, 0, S{{kExtendedA, 3}}}, {1, 1, 0, S{{kExtendedA, 3}}}}),
       .existing = {resource_pod({{0, 0, 0, S{{kExtendedA, 2}}}})}},
      {.name = "extended resource allocatable enforced for multiple init containers",
       .pod = with_init(resource_pod({{}}), {{1, 1, 0, S{{kExtendedA, 6}}}, {1, 1, 0, S{{kExtendedA, 3}}}}),
       .existing = {resource_pod({{0, 0, 0, S{{kExtendedA, 2}}}})},
       .want = {insufficient(kExtendedA, ext_a, 6, 2, 5, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "extended resource allocatable enforced for unknown resource",
       .pod = resource_pod({{1, 1, 0, S{{kExtendedB, 1}}}}),
       .existing = {resource_pod({{0, 0}})},
       .want = {insufficient(kExtendedB, ext_b, 1, 0, 0, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "extended resource allocatable enforced for unknown resource for init container",
       .pod = with_init(resource_pod({{}}), {{1, 1, 0, S{{kExtendedB, 1}}}}),
       .existing = {resource_pod({{0, 0}})},
       .want = {insufficient(kExtendedB, ext_b, 1, 0, 0, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "kubernetes.io resource capacity enforced",
       .pod = resource_pod({{1, 1, 0, S{{kKubernetesIOA, 10}}}}),
       .existing = {resource_pod({{0, 0}})},
       .want = {insufficient(kKubernetesIOA, "Insufficient kubernetes.io/something", 10, 0, 0, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "kubernetes.io resource capacity enforced for init container",
       .pod = with_init(resource_pod({{}}), {{1, 1, 0, S{{kKubernetesIOB, 10}}}}),
       .existing = {resource_pod({{0, 0}})},
       .want = {insufficient(kKubernetesIOB, "Insufficient subdomain.kubernetes.io/something", 10, 0, 0, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "hugepages resource capacity enforced",
       .pod = resource_pod({{1, 1, 0, S{{kHugePageA, 10}}}}),
       .existing = {resource_pod({{0, 0, 0, S{{kHugePageA, 0}}}})},
       .want = {insufficient(kHugePageA, hp, 10, 0, 5, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "hugepages resource capacity enforced for init container",
       .pod = with_init(resource_pod({{}}), {{1, 1, 0, S{{kHugePageA, 10}}}}),
       .existing = {resource_pod({{0, 0, 0, S{{kHugePageA, 0}}}})},
       .want = {insufficient(kHugePageA, hp, 10, 0, 5, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "hugepages resource allocatable enforced for multiple containers",
       .pod = resource_pod({{1, 1, 0, S{{kHugePageA, 3}}}, {1, 1, 0, S{{kHugePageA, 3}}}}),
       .existing = {resource_pod({{0, 0, 0, S{{kHugePageA, 2}}}})},
       .want = {insufficient(kHugePageA, hp, 6, 2, 5, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "skip checking ignored extended resource",
       .pod = resource_pod({{1, 1, 0, S{{kExtendedB, 1}}}}),
       .existing = {resource_pod({{0, 0}})},
       .args = {.ignored_resources = {"example.com/bbb"}}},
      {.name = "resources + pod overhead fits",
       .pod = with_overhead(resource_pod({{1, 1}}), rl({{"cpu", "3m"}, {"memory", "13"}})),
       .existing = {resource_pod({{5, 5}})}},
      {.name = "requests + overhead does not fit for memory",
       .pod = with_overhead(resource_pod({{1, 1}}), rl({{"cpu", "1m"}, {"memory", "15"}})),
       .existing = {resource_pod({{5, 5}})},
       .want = {insufficient("memory", memory, 16, 5, 20)},
       .want_code = Code::Unschedulable},
      {.name = "skip checking ignored extended resource via resource groups",
       .pod = resource_pod({{1, 1, 0, S{{kExtendedB, 1}, {kKubernetesIOA, 1}}}}),
       .existing = {resource_pod({{0, 0}})},
       .args = {.ignored_resource_groups = {"example.com"}},
       .want = {insufficient(kKubernetesIOA, "Insufficient kubernetes.io/something", 1, 0, 0, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "skip checking extended resource request with quantity zero via resource groups",
       .pod = resource_pod({{1, 1, 0, S{{kExtendedA, 0}}}}),
       .existing = {resource_pod({{0, 0, 0, S{{kExtendedA, 6}}}})}},
      {.name = "skip checking resource request with quantity zero",
       .pod = resource_pod({{.scalar = S{{kExtendedA, 1}}}}),
       .existing = {resource_pod({{20, 30, 0, S{{kExtendedA, 1}}}})},
       .pod_level_resources = true},
      {.name = "both pod-level and container-level resources fit",
       .pod = with_pod_requests(resource_pod({{1, 1}}), rl({{"cpu", "1m"}, {"memory", "2"}})),
       .existing = {resource_pod({{5, 5}})},
       .pod_level_resources = true},
      {.name = "pod-level cpu resource not fit",
       .pod = with_pod_requests(resource_pod({{1, 1}}), rl({{"cpu", "7m"}, {"memory", "2"}})),
       .existing = {resource_pod({{5, 5}})},
       .pod_level_resources = true,
       .want = {insufficient("cpu", cpu, 7, 5, 10)},
       .want_code = Code::Unschedulable},
      {.name = "pod-level memory resource not fit",
       .pod = with_pod_requests(resource_pod({{1, 1}}), rl({{"cpu", "3m"}, {"memory", "2"}})),
       .existing = {resource_pod({{5, 19}})},
       .pod_level_resources = true,
       .want = {insufficient("memory", memory, 2, 19, 20)},
       .want_code = Code::Unschedulable},
      {.name = "pod-level hugepages resource fit",
       .pod = with_pod_requests(resource_pod(), ResourceList{{"cpu", milli(3)}, {"memory", bytes(2)}, {kHugePageA, bytes(5)}}),
       .pod_level_resources = true},
      {.name = "both pod-level and container-level hugepages resource fit",
       .pod = with_pod_requests(resource_pod({{1, 1, 0, S{{kHugePageA, 3}}}}),
                                ResourceList{{"cpu", milli(3)}, {"memory", bytes(2)}, {kHugePageA, bytes(5)}}),
       .pod_level_resources = true},
      {.name = "pod-level hugepages resource not fit",
       .pod = with_pod_requests(resource_pod(), ResourceList{{"cpu", milli(3)}, {"memory", bytes(2)}, {kHugePageA, bytes(10)}}),
       .pod_level_resources = true,
       .want = {insufficient(kHugePageA, hp, 10, 0, 5, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "one pod-level cpu resource fits and all init and non-init containers resources fit",
       .pod = with_init(with_pod_requests(resource_pod({{1, 1}}), rl({{"cpu", "3m"}, {"memory", "2"}})), {{1, 1}}),
       .existing = {resource_pod({{5, 19}})},
       .pod_level_resources = true,
       .want = {insufficient("memory", memory, 2, 19, 20)},
       .want_code = Code::Unschedulable},
      {.name = "extended resource backed by device plugin",
       .pod = resource_pod({{.scalar = S{{kExtendedA, 1}}}}),
       .existing = {resource_pod({{}})},
       .dra_extended_resource = true},
      // A DeviceClass provides the resource and the node does not advertise it: left to DRA.
      {.name = "extended resource backed by DRA",
       .pod = resource_pod({{1, 1, 0, S{{kExtendedDRA, 1}}}}),
       .existing = {resource_pod({{0, 0}})},
       .dra_extended_resource = true},
      {.name = "extended resource backed by DRA, nil draManager",
       .pod = resource_pod({{1, 1, 0, S{{kExtendedA, 1}}}}),
       .existing = {resource_pod({{0, 0}})},
       .dra_extended_resource = true,
       .no_dra_manager = true},
      {.name = "extended resource backed by DRA not enabled",
       .pod = resource_pod({{1, 1, 0, S{{kExtendedDRA, 1}}}}),
       .existing = {resource_pod({{0, 0}})},
       .dra_extended_resource = false,
       .want = {insufficient(kExtendedDRA, "Insufficient extended.resource.dra.io/something", 1, 0, 0, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "extended resource NOT backed by DRA",
       .pod = resource_pod({{1, 1, 0, S{{kExtendedB, 1}}}}),
       .existing = {resource_pod({{0, 0}})},
       .dra_extended_resource = true,
       .want = {insufficient(kExtendedB, "Insufficient example.com/bbb", 1, 0, 0, true)},
       .want_code = Code::UnschedulableAndUnresolvable},
      {.name = "extended resource was backed by Device Plugin (Allocatable: 0)",
       .pod = resource_pod({{.scalar = S{{kExtendedDRA, 1}}}}),
       .existing = {resource_pod({{.scalar = S{{kExtendedDRA, 0}}}})},
       .dra_extended_resource = true},
      {.name = "extended resource was backed by Device Plugin (Allocatable: 0), global cache",
       .pod = resource_pod({{.scalar = S{{kExtendedA, 1}}}}),
       .existing = {resource_pod({{.scalar = S{{kExtendedA, 0}}}})},
       .dra_extended_resource = true},
  };
  CHECK(cases.size() == 49);

  for (const auto& c : cases) {
    SUBCASE(c.name) {
      FeatureGates gates;
      gates.pod_level_resources = c.pod_level_resources;
      gates.dra_extended_resource = c.dra_extended_resource;
      const bool has_dra_manager = c.dra_extended_resource && !c.no_dra_manager;
      DeviceClassLookup lookup = has_dra_manager ? test_device_classes() : DeviceClassLookup{};
      NodeInfoFixture node(node_with(allocatable(10, 20, 32, 5, 20, 5)), c.existing, gates);
      const NodeResourcesFit plugin(gates, c.args, lookup);

      const Status got = pre_filter_then_filter(plugin, gates, c.pod, node.info());
      CHECK(code_for(c.want) == c.want_code);
      check_status(got, c.want_code, reasons_of(c.want));
      CHECK(got.details().size() == c.want.size());

      FitOptions options = FitOptions::from_gates(gates);
      options.device_classes = lookup;
      const auto request = compute_pod_resource_request(c.pod, options);
      const auto got_insufficient = fits_request(request, node.info(), plugin.args(), options, &c.pod);
      CHECK_MESSAGE(got_insufficient == c.want, "got ", describe(got_insufficient), " want ", describe(c.want));
    }
  }
}

TEST_CASE("TestPreFilterDisabled") {
  const FeatureGates gates;
  const Pod pod;
  const PodInfo pod_info(pod, gates);
  NodeInfoFixture node(Node{});
  const NodeResourcesFit plugin(gates);
  const CycleState state;
  const Status got = plugin.filter(state, pod_info, node.info());
  check_status(got, Code::Error, {R"(error reading "PreFilterNodeResourcesFit" from cycleState: not found)"});
}

TEST_CASE("TestNotEnoughRequests") {
  struct Case {
    const char* name;
    Pod pod;
    Pod existing;
  };
  const std::vector<Case> cases = {
      {"even without specified resources, predicate fails when there's no space for additional pod", Pod{},
       resource_pod({{10, 20}})},
      {"even if both resources fit, predicate fails when there's no space for additional pod",
       resource_pod({{1, 1}}), resource_pod({{5, 5}})},
      {"even for equal edge case, predicate fails when there's no space for additional pod", resource_pod({{5, 1}}),
       resource_pod({{5, 19}})},
      {"even for equal edge case, predicate fails when there's no space for additional pod due to init container",
       with_init(resource_pod({{5, 1}}), {{5, 1}}), resource_pod({{5, 19}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      FeatureGates gates;
      gates.pod_level_resources = false;
      gates.dra_extended_resource = false;
      Node node;
      node.status.allocatable = allocatable(10, 20, 1, 0, 0, 0);
      NodeInfoFixture fixture(node, {c.existing}, gates);
      const NodeResourcesFit plugin(gates);
      const Status got = pre_filter_then_filter(plugin, gates, c.pod, fixture.info());
      check_status(got, Code::Unschedulable, {"Too many pods"});
      REQUIRE(got.details().size() == 1);
      CHECK(got.details()[0] == "pods: requested 1, already used 1, allocatable 1");
      CHECK(fits(c.pod, fixture.info(), FitOptions::from_gates(gates)) ==
            std::vector<InsufficientResource>{insufficient("pods", "Too many pods", 1, 1, 1)});
    }
  }
}

TEST_CASE("TestStorageRequests") {
  struct Case {
    const char* name;
    Pod pod;
    Pod existing;
    Code want_code = Code::Success;
    std::vector<std::string> want_reasons;
  };
  const std::vector<Case> cases = {
      {"empty storage requested, and pod fits", resource_pod({{1, 1}}), resource_pod({{2, 10}})},
      {"storage ephemeral local storage request exceeds allocatable", resource_pod({{.ephemeral_storage = 25}}),
       resource_pod({{2, 2}}), Code::UnschedulableAndUnresolvable, {"Insufficient ephemeral-storage"}},
      {"ephemeral local storage is sufficient", with_init(resource_pod({{.ephemeral_storage = 5}}), {}),
       resource_pod({{2, 2, 10}})},
      {"pod fits", resource_pod({{.ephemeral_storage = 10}}), resource_pod({{2, 2}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      FeatureGates gates;
      gates.pod_level_resources = false;
      gates.dra_extended_resource = false;
      NodeInfoFixture node(node_with(allocatable(10, 20, 32, 5, 20, 5)), {c.existing}, gates);
      const NodeResourcesFit plugin(gates);
      check_status(pre_filter_then_filter(plugin, gates, c.pod, node.info()), c.want_code, c.want_reasons);
    }
  }
}

TEST_CASE("TestRestartableInitContainers") {
  // newPodWithRestartableInitContainers: a "regular" container and a "restartable-init" sidecar.
  auto with_sidecar = [](std::optional<ResourceList> request, std::optional<ResourceList> sidecar_request) {
    Pod pod;
    pod.spec.containers = {testing::container("regular", std::move(request))};
    pod.spec.init_containers = {testing::sidecar("restartable-init", std::move(sidecar_request))};
    return pod;
  };
  Pod plain;
  plain.spec.containers = {testing::container("regular", std::nullopt)};

  struct Case {
    const char* name;
    Pod pod;
    Code want_code = Code::Success;
    std::vector<std::string> want_reasons;
  };
  const std::vector<Case> cases = {
      {"allow pod without restartable init containers", plain},
      {"allow pod with restartable init containers", with_sidecar(std::nullopt, std::nullopt)},
      {"allow pod if the total requested resources do not exceed the node's allocatable resources",
       with_sidecar(ResourceList{{"cpu", milli(1)}}, ResourceList{{"cpu", milli(1)}})},
      {"not allow pod if the total requested resources do exceed the node's allocatable resources",
       with_sidecar(ResourceList{{"cpu", milli(1)}}, ResourceList{{"cpu", milli(2)}}),
       Code::UnschedulableAndUnresolvable, {"Insufficient cpu"}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      FeatureGates gates;
      gates.pod_level_resources = false;
      gates.dra_extended_resource = false;
      Node node;
      node.status.allocatable = allocatable(2, 0, 1, 0, 0, 0);
      NodeInfoFixture fixture(node);
      const NodeResourcesFit plugin(gates);
      check_status(pre_filter_then_filter(plugin, gates, c.pod, fixture.info()), c.want_code, c.want_reasons);
    }
  }
}

TEST_CASE("TestDeferredResizeFit") {
  auto pod_with = [](const char* name, const char* uid, ResourceList requests, bool deferred) {
    Pod pod;
    pod.metadata.name = name;
    pod.metadata.uid = uid;
    pod.spec.node_name = "test-node";
    pod.spec.containers = {testing::container("", std::move(requests))};
    if (deferred) pod.status.conditions.push_back(PodCondition{"PodResizePending", "", "Deferred", ""});
    return pod;
  };
  const ResourceList cpu800_mem1600{{"cpu", milli(800)}, {"memory", bytes(1600)}};
  const ResourceList cpu500_mem1000{{"cpu", milli(500)}, {"memory", bytes(1000)}};

  struct Case {
    const char* name;
    Pod pod;
    std::vector<Pod> existing;
    int64_t alloc_milli_cpu;
    int64_t alloc_memory;
    bool preemption_gate;
    Code want_code = Code::Success;
    std::vector<std::string> want_reasons;
  };
  const std::vector<Case> cases = {
      {"deferred pod resize fits, no other workloads", pod_with("pod1", "pod1-uid", cpu800_mem1600, true),
       {pod_with("pod1", "pod1-uid", cpu500_mem1000, false)}, 1000, 2000, true,
       Code::UnschedulableAndUnresolvable, {"pod resize fits, waiting for Kubelet actuation"}},
      {"feature gate is false - double counting causes fit failure",
       pod_with("pod1", "pod1-uid", cpu800_mem1600, true), {pod_with("pod1", "pod1-uid", cpu500_mem1000, false)},
       1000, 2000, false, Code::Unschedulable, {"Insufficient cpu", "Insufficient memory"}},
      {"deferred pod resize does not fit, but is resolvable via preemption",
       pod_with("pod1", "pod1-uid", ResourceList{{"cpu", milli(800)}}, true),
       {pod_with("pod1", "pod1-uid", ResourceList{{"cpu", milli(500)}}, false),
        pod_with("pod2", "pod2-uid", ResourceList{{"cpu", milli(400)}}, false)},
       1000, 0, true, Code::Unschedulable, {"Insufficient cpu"}},
      {"deferred pod resize does not fit, unresolvable (exceeds node capacity)",
       pod_with("pod1", "pod1-uid", ResourceList{{"cpu", milli(1200)}}, true),
       {pod_with("pod1", "pod1-uid", ResourceList{{"cpu", milli(500)}}, false)}, 1000, 0, true,
       Code::UnschedulableAndUnresolvable, {"Insufficient cpu"}},
      {"feature gate is false, pod is not in cache, resize fits", pod_with("pod1", "pod1-uid", cpu800_mem1600, true),
       {}, 1000, 2000, false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      FeatureGates gates;
      gates.pod_level_resources = true;
      gates.in_place_pod_vertical_scaling_scheduler_preemption = c.preemption_gate;
      Node node;
      node.metadata.name = "test-node";
      node.status.allocatable = ResourceList{
          {"cpu", milli(c.alloc_milli_cpu)}, {"memory", bytes(c.alloc_memory)}, {"pods", count(32)}};
      NodeInfoFixture fixture(node, c.existing, gates);
      const NodeResourcesFit plugin(gates);
      check_status(pre_filter_then_filter(plugin, gates, c.pod, fixture.info()), c.want_code, c.want_reasons);
    }
  }
}

TEST_CASE("NodeResourcesFit details name every insufficient resource in reason order") {
  const FeatureGates gates;
  const Node node = node_with(ResourceList{{"cpu", Quantity::parse("8").value()},
                                           {"memory", Quantity::parse("16Gi").value()},
                                           {"ephemeral-storage", Quantity::parse("100Gi").value()},
                                           {"pods", count(2)},
                                           {"hugepages-1Gi", Quantity::parse("2Gi").value()},
                                           {"nvidia.com/gpu", count(1)}},
                              "n1");
  const Pod existing = testing::PodBuilder("a").req(rl({{"cpu", "7500m"}, {"memory", "15Gi"}})).obj();
  const Pod other = testing::PodBuilder("b").req(rl({{"ephemeral-storage", "90Gi"}, {"nvidia.com/gpu", "1"}})).obj();
  NodeInfoFixture fixture(node, {existing, other}, gates);

  const Pod pod = testing::PodBuilder("p")
                      .req(rl({{"cpu", "2"},
                               {"memory", "2Gi"},
                               {"ephemeral-storage", "20Gi"},
                               {"hugepages-1Gi", "3Gi"},
                               {"nvidia.com/gpu", "1"},
                               {"example.com/foo", "2"}}))
                      .obj();
  const NodeResourcesFit plugin(gates);
  const Status got = pre_filter_then_filter(plugin, gates, pod, fixture.info());
  check_status(got, Code::UnschedulableAndUnresolvable,
               {"Too many pods", "Insufficient cpu", "Insufficient memory", "Insufficient ephemeral-storage",
                "Insufficient example.com/foo", "Insufficient hugepages-1Gi", "Insufficient nvidia.com/gpu"});
  CHECK(got.details() == std::vector<std::string>{
                             "pods: requested 1, already used 2, allocatable 2",
                             "cpu: requested 2, already used 7500m, allocatable 8",
                             "memory: requested 2Gi, already used 15Gi, allocatable 16Gi",
                             "ephemeral-storage: requested 20Gi, already used 90Gi, allocatable 100Gi",
                             "example.com/foo: requested 2, already used 0, allocatable 0",
                             "hugepages-1Gi: requested 3Gi, already used 0, allocatable 2Gi",
                             "nvidia.com/gpu: requested 1, already used 1, allocatable 1",
                         });
}

TEST_CASE("NodeResourcesFit unresolvable only when a request exceeds allocatable on its own") {
  const FeatureGates gates;
  const Node node = node_with(ResourceList{{"cpu", milli(1000)}, {"memory", bytes(1000)}, {"pods", count(10)}});
  const Pod existing = testing::PodBuilder("a").req(ResourceList{{"cpu", milli(900)}, {"memory", bytes(900)}}).obj();
  NodeInfoFixture fixture(node, {existing}, gates);
  const NodeResourcesFit plugin(gates);

  struct Case {
    const char* name;
    ResourceList request;
    Code want_code;
    std::vector<std::string> want_reasons;
  };
  const std::vector<Case> cases = {
      {"both short, both resolvable", ResourceList{{"cpu", milli(200)}, {"memory", bytes(200)}}, Code::Unschedulable,
       {"Insufficient cpu", "Insufficient memory"}},
      {"one larger than the node makes the whole status unresolvable",
       ResourceList{{"cpu", milli(200)}, {"memory", bytes(2000)}}, Code::UnschedulableAndUnresolvable,
       {"Insufficient cpu", "Insufficient memory"}},
      {"exactly the free room fits", ResourceList{{"cpu", milli(100)}, {"memory", bytes(100)}}, Code::Success, {}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      const Pod pod = testing::PodBuilder("p").req(c.request).obj();
      check_status(pre_filter_then_filter(plugin, gates, pod, fixture.info()), c.want_code, c.want_reasons);
    }
  }
}

TEST_CASE("NodeResourcesFit ignored resources apply to extended resources only") {
  const FeatureGates gates;
  const Node node = node_with(ResourceList{{"cpu", milli(1000)}, {"pods", count(10)}});
  NodeInfoFixture fixture(node);

  struct Case {
    const char* name;
    NodeResourcesFitArgs args;
    std::string resource;
    std::vector<std::string> want_reasons;
  };
  const std::vector<Case> cases = {
      {"ignored extended resource", {.ignored_resources = {"example.com/foo"}}, "example.com/foo", {}},
      {"other extended resource of the same group", {.ignored_resources = {"example.com/foo"}}, "example.com/bar",
       {"Insufficient example.com/bar"}},
      {"ignored group", {.ignored_resource_groups = {"example.com"}}, "example.com/bar", {}},
      {"group must match the whole prefix", {.ignored_resource_groups = {"example"}}, "example.com/bar",
       {"Insufficient example.com/bar"}},
      {"hugepages cannot be ignored", {.ignored_resources = {"hugepages-2Mi"}}, "hugepages-2Mi",
       {"Insufficient hugepages-2Mi"}},
      {"kubernetes.io resources cannot be ignored", {.ignored_resource_groups = {"kubernetes.io"}},
       "kubernetes.io/something", {"Insufficient kubernetes.io/something"}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      const Pod pod = testing::PodBuilder("p").req(ResourceList{{c.resource, count(1)}}).obj();
      const NodeResourcesFit plugin(gates, c.args);
      check_status(pre_filter_then_filter(plugin, gates, pod, fixture.info()),
                   c.want_reasons.empty() ? Code::Success : Code::UnschedulableAndUnresolvable, c.want_reasons);
    }
  }
}

TEST_CASE("compute_pod_resource_request") {
  struct Case {
    const char* name;
    Pod pod;
    bool pod_level_resources = true;
    Resource want;
  };
  auto resource = [](int64_t milli_cpu, int64_t memory, int64_t ephemeral = 0,
                     std::vector<std::pair<std::string, int64_t>> scalar = {}) {
    Resource r;
    r.milli_cpu = milli_cpu;
    r.memory = memory;
    r.ephemeral_storage = ephemeral;
    for (auto& [name, value] : scalar) r.scalar.set(name, value);
    return r;
  };
  // A pending pod whose status claims more than its spec: PreFilter reads the spec only.
  Pod with_status = testing::PodBuilder("s").req(ResourceList{{"cpu", milli(1000)}}).obj();
  with_status.spec.containers[0].name = "c";
  with_status.status.container_statuses = {
      testing::container_status("c", ResourceList{{"cpu", milli(3000)}}, ResourceList{{"cpu", milli(3000)}})};

  const std::vector<Case> cases = {
      {"no containers", Pod{}, true, Resource{}},
      {"sidecar adds to containers, init container peak wins",
       testing::PodBuilder()
           .sidecar_req(ResourceList{{"cpu", milli(100)}})
           .init_req(ResourceList{{"cpu", milli(500)}, {"memory", bytes(10)}})
           .req(ResourceList{{"cpu", milli(200)}, {"memory", bytes(30)}})
           .obj(),
       true, resource(600, 30)},
      {"overhead is added",
       testing::PodBuilder()
           .req(ResourceList{{"cpu", milli(200)}})
           .overhead(ResourceList{{"cpu", milli(50)}, {"memory", bytes(7)}})
           .obj(),
       true, resource(250, 7)},
      {"pod-level requests override containers for cpu and memory only",
       testing::PodBuilder()
           .req(ResourceList{{"cpu", milli(200)}, {"memory", bytes(30)}, {"ephemeral-storage", bytes(5)},
                             {"example.com/foo", count(2)}})
           .pod_requests(ResourceList{{"cpu", milli(1000)}, {"memory", bytes(100)}})
           .obj(),
       true, resource(1000, 100, 5, {{"example.com/foo", 2}})},
      {"pod-level requests ignored when the gate is off",
       testing::PodBuilder()
           .req(ResourceList{{"cpu", milli(200)}, {"memory", bytes(30)}})
           .pod_requests(ResourceList{{"cpu", milli(1000)}, {"memory", bytes(100)}})
           .obj(),
       false, resource(200, 30)},
      {"status resources of a pending pod are not consulted", with_status, true, resource(1000, 0)},
      {"zero scalar requests keep their entry",
       testing::PodBuilder().req(ResourceList{{"example.com/foo", count(0)}}).obj(), true,
       resource(0, 0, 0, {{"example.com/foo", 0}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      FitOptions options;
      options.pod_level_resources = c.pod_level_resources;
      const Resource got = compute_pod_resource_request(c.pod, options);
      CHECK(got.milli_cpu == c.want.milli_cpu);
      CHECK(got.memory == c.want.memory);
      CHECK(got.ephemeral_storage == c.want.ephemeral_storage);
      CHECK(got.scalar == c.want.scalar);
    }
  }
}

TEST_CASE("NodeResourcesFit counts running pods' in-place resizes through NodeInfo") {
  // A running pod resized down in spec but still allocated 3 cpus keeps 3 cpus on the node.
  const FeatureGates gates;
  Pod running = testing::PodBuilder("running").node("n1").req(ResourceList{{"cpu", milli(1000)}}).obj();
  running.spec.containers[0].name = "c";
  running.status.container_statuses = {
      testing::container_status("c", ResourceList{{"cpu", milli(3000)}}, ResourceList{{"cpu", milli(3000)}})};
  NodeInfoFixture fixture(node_with(ResourceList{{"cpu", milli(4000)}, {"pods", count(10)}}, "n1"), {running}, gates);

  const Pod pod = testing::PodBuilder("p").req(ResourceList{{"cpu", milli(2000)}}).obj();
  const NodeResourcesFit plugin(gates);
  const Status got = pre_filter_then_filter(plugin, gates, pod, fixture.info());
  check_status(got, Code::Unschedulable, {"Insufficient cpu"});
  CHECK(got.details() == std::vector<std::string>{"cpu: requested 2, already used 3, allocatable 4"});
}

TEST_CASE("NodeResourcesFit leaves a resource the snapshot's DeviceClasses provide to DynamicResources") {
  struct Case {
    const char* name;
    std::string resource;
    bool class_with_extended_name;
    bool gate;
    bool want_fit;
  };
  const Case cases[] = {
      {"by extendedResourceName", kExtendedDRA, true, true, true},
      {"by the implicit deviceclass name", "deviceclass.resource.kubernetes.io/" + kDeviceClassName, false, true, true},
      {"no class provides it", kExtendedB, true, true, false},
      {"DRAExtendedResource off", kExtendedDRA, true, false, false},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      FeatureGates gates;
      gates.dra_extended_resource = c.gate;
      ClusterState cluster;
      DeviceClass& dc = cluster.device_classes.emplace_back();
      dc.metadata.name = kDeviceClassName;
      if (c.class_with_extended_name) dc.extended_resource_name = kExtendedDRA;
      Snapshot snapshot(cluster, gates);
      NodeInfoFixture node(node_with(allocatable(10, 20, 32, 5, 20, 5)), {}, gates);
      const NodeResourcesFit plugin(gates);
      const Pod pod = resource_pod({{.milli_cpu = 1, .scalar = {{c.resource, 1}}}});
      PodInfo pod_info(pod, gates);
      CycleState state;
      PreFilterResult result;
      REQUIRE(plugin.pre_filter(state, pod_info, snapshot, result).is_success());
      const Status got = plugin.filter(state, pod_info, node.info());
      CHECK_MESSAGE(got.is_success() == c.want_fit, describe(got));
    }
  }
}

TEST_CASE("new_node_resources_fit") {
  PluginContext context;
  const auto plugin = new_node_resources_fit(context);
  REQUIRE(plugin != nullptr);
  CHECK(plugin->name() == names::kNodeResourcesFit);
  CHECK(dynamic_cast<const PreFilterPlugin*>(plugin.get()) != nullptr);
  CHECK(dynamic_cast<const FilterPlugin*>(plugin.get()) != nullptr);
}

}  // namespace
}  // namespace podfit
