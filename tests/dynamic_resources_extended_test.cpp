// DynamicResources with DRAExtendedResource: the special claim through which DeviceClasses
// serve extended resources. Cases of kube-scheduler's extendeddynamicresources_test.go (the
// requests and mappings of the special claim) and of dynamicresources_test.go (the plugin's
// statuses for pods requesting such resources), texts compared word for word.
#include <doctest/doctest.h>

#include <algorithm>

#include "builders.h"
#include "resource_test_support.h"
#include "podfit/plugins/dynamic_resources/dynamic_resources.h"
#include "podfit/plugins/dynamic_resources/extended_resources.h"
#include "podfit/snapshot/snapshot.h"

using namespace podfit;
using testing::rl;

namespace {

const std::string kGpu = "example.com/gpu", kGpu2 = "example.com/gpu2", kClass = "my-resource-class",
                  kDriver = "some-driver", kWorker = "worker", kImplicit = "deviceclass.resource.kubernetes.io/";

DeviceClass device_class(const std::string& name, std::optional<std::string> extended = std::nullopt,
                         const std::string& created = "") {
  DeviceClass dc;
  dc.metadata.name = name;
  dc.metadata.creation_timestamp = created;
  dc.extended_resource_name = std::move(extended);
  return dc;
}

// st.MakePod().Res(...) and friends: containers "con<i>", init containers "init-con<i>" and
// sidecars "sidecar-con<i>", i counting within their list.
struct UpstreamPod {
  Pod pod = testing::PodBuilder("my-pod").uid("1234");
  UpstreamPod& res(ResourceList r) {
    pod.spec.containers.push_back(
        testing::container("con" + std::to_string(pod.spec.containers.size()), std::move(r)));
    return *this;
  }
  UpstreamPod& init_req(ResourceList r) {
    pod.spec.init_containers.push_back(
        testing::container("init-con" + std::to_string(pod.spec.init_containers.size()), std::move(r)));
    return *this;
  }
  UpstreamPod& sidecar_req(ResourceList r) {
    pod.spec.init_containers.push_back(
        testing::sidecar("sidecar-con" + std::to_string(pod.spec.init_containers.size()), std::move(r)));
    return *this;
  }
};

FlatMap<int64_t> amounts(std::initializer_list<std::pair<std::string, int64_t>> items) {
  FlatMap<int64_t> out;
  for (const auto& [name, amount] : items) out.set(name, amount);
  return out;
}

// "name class count" of each request, in order.
std::vector<std::string> describe(const std::vector<DeviceRequest>& requests) {
  std::vector<std::string> out;
  for (const DeviceRequest& r : requests) {
    out.push_back(r.name + " " + r.exactly->device_class_name + " " + r.exactly->allocation_mode + " " +
                  std::to_string(r.exactly->count));
  }
  return out;
}

}  // namespace

TEST_CASE("extended_resource_requests: the special claim's requests (createRequestsAndMappings)") {
  const std::string gpu1 = kGpu + "1", gpu_init = kGpu + "init";
  const Pod pod1 = UpstreamPod().res(rl({{kGpu.c_str(), "1"}, {gpu1.c_str(), "2"}})).pod;
  const Pod pod2 = UpstreamPod().res(rl({{kGpu.c_str(), "1"}})).res(rl({{gpu1.c_str(), "2"}})).pod;
  const Pod pod_init = UpstreamPod().res(rl({{kGpu.c_str(), "1"}})).init_req(rl({{gpu_init.c_str(), "2"}})).pod;
  const Pod pod_init2 = UpstreamPod()
                            .res(rl({{kGpu.c_str(), "1"}}))
                            .init_req(rl({{gpu_init.c_str(), "1"}}))
                            .init_req(rl({{gpu_init.c_str(), "2"}}))
                            .pod;
  const Pod pod_init3 = UpstreamPod()
                            .res(rl({{kGpu.c_str(), "1"}}))
                            .init_req(rl({{gpu_init.c_str(), "1"}}))
                            .sidecar_req(rl({{gpu_init.c_str(), "1"}}))
                            .init_req(rl({{gpu_init.c_str(), "2"}}))
                            .pod;
  const std::vector<DeviceClass> dev_map = {device_class("class", kGpu)};
  const std::vector<DeviceClass> dev_map2 = {device_class("class", kGpu), device_class("class1", gpu1)};
  const std::vector<DeviceClass> dev_map_init = {device_class("class", kGpu), device_class("classInit", gpu_init)};
  const auto res = amounts({{kGpu, 1}});
  const auto res2 = amounts({{kGpu, 1}, {gpu1, 2}});
  const auto res_init = amounts({{kGpu, 1}, {gpu_init, 2}});

  struct Case {
    const char* name;
    const Pod& pod;
    FlatMap<int64_t> resources;
    const std::vector<DeviceClass>& classes;
    std::vector<std::string> want;
  };
  const std::vector<DeviceClass> none;
  const Case cases[] = {
      {"nil", pod1, {}, none, {}},
      {"one resource match", pod1, res, dev_map, {"container-0-request-0 class ExactCount 1"}},
      {"one resource match, one resource not match", pod1, res2, dev_map, {"container-0-request-0 class ExactCount 1"}},
      {"two resources match", pod1, res2, dev_map2,
       {"container-0-request-0 class ExactCount 1", "container-0-request-1 class1 ExactCount 2"}},
      {"two containers match", pod2, res2, dev_map2,
       {"container-0-request-0 class ExactCount 1", "container-1-request-0 class1 ExactCount 2"}},
      {"one init container, one regular container", pod_init, res_init, dev_map_init,
       {"container-0-request-0 classInit ExactCount 2", "container-1-request-0 class ExactCount 1"}},
      {"two init containers, one regular container", pod_init2, res_init, dev_map_init,
       {"container-1-request-0 classInit ExactCount 2", "container-2-request-0 class ExactCount 1"}},
      {"three init containers, one sidecar, one regular container", pod_init3, res_init, dev_map_init,
       {"container-1-request-0 classInit ExactCount 1", "container-2-request-0 classInit ExactCount 2",
        "container-3-request-0 class ExactCount 1"}},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      dra::DeviceClassResolver resolver(c.classes);
      CHECK(describe(extended_resource_requests(c.pod, c.resources, resolver).requests) == c.want);
    }
  }
}

TEST_CASE("extended_resource_requests: which request serves which container (createRequestsAndMappings)") {
  const std::string gpu1 = kGpu + "1", gpu_init = kGpu + "init", implicit = kImplicit + "classInit";
  const Pod pod1 = UpstreamPod().res(rl({{kGpu.c_str(), "1"}, {gpu1.c_str(), "2"}})).pod;
  const Pod pod1_init_implicit = UpstreamPod().init_req(rl({{gpu_init.c_str(), "1"}, {implicit.c_str(), "2"}})).pod;
  const Pod pod2 = UpstreamPod().res(rl({{kGpu.c_str(), "1"}})).res(rl({{gpu1.c_str(), "2"}})).pod;
  const Pod pod_init = UpstreamPod().res(rl({{kGpu.c_str(), "1"}})).init_req(rl({{gpu_init.c_str(), "2"}})).pod;
  const Pod pod_init2 = UpstreamPod()
                            .res(rl({{kGpu.c_str(), "1"}}))
                            .init_req(rl({{gpu_init.c_str(), "1"}}))
                            .init_req(rl({{gpu_init.c_str(), "2"}}))
                            .pod;
  const Pod pod_init_implicit = UpstreamPod()
                                    .res(rl({{kGpu.c_str(), "1"}}))
                                    .init_req(rl({{gpu_init.c_str(), "1"}}))
                                    .init_req(rl({{implicit.c_str(), "2"}}))
                                    .pod;
  const Pod pod_init3 = UpstreamPod()
                            .res(rl({{kGpu.c_str(), "1"}}))
                            .init_req(rl({{gpu_init.c_str(), "1"}}))
                            .sidecar_req(rl({{gpu_init.c_str(), "1"}}))
                            .init_req(rl({{gpu_init.c_str(), "2"}}))
                            .pod;
  const std::vector<DeviceClass> dev_map = {device_class("class", kGpu), device_class("class1", gpu1)};
  const std::vector<DeviceClass> dev_map_init = {device_class("class", kGpu), device_class("classInit", gpu_init)};
  const auto res = amounts({{kGpu, 1}, {gpu1, 2}});
  const auto res_init = amounts({{kGpu, 1}, {gpu_init, 2}});
  const auto res_init_implicit = amounts({{kGpu, 1}, {gpu_init, 2}, {implicit, 2}});

  using M = ContainerExtendedResourceRequest;
  struct Case {
    const char* name;
    const Pod& pod;
    const FlatMap<int64_t>& resources;
    const std::vector<DeviceClass>& classes;
    std::vector<M> want;  // sorted by request name, then container name
  };
  const Case cases[] = {
      {"one container, two requests", pod1, res, dev_map,
       {{"con0", kGpu, "container-0-request-0"}, {"con0", gpu1, "container-0-request-1"}}},
      {"one container, one explicit and one implicit request", pod1_init_implicit, res_init_implicit, dev_map_init,
       {{"init-con0", implicit, "container-0-request-0"}, {"init-con0", gpu_init, "container-0-request-1"}}},
      {"two containers, two requests", pod2, res, dev_map,
       {{"con0", kGpu, "container-0-request-0"}, {"con1", gpu1, "container-1-request-0"}}},
      {"one init container, one regular container, one request", pod_init, res_init, dev_map_init,
       {{"init-con0", gpu_init, "container-0-request-0"}, {"con0", kGpu, "container-1-request-0"}}},
      {"three containers (two are init container), two requests", pod_init2, res_init, dev_map_init,
       {{"init-con0", gpu_init, "container-1-request-0"},
        {"init-con1", gpu_init, "container-1-request-0"},
        {"con0", kGpu, "container-2-request-0"}}},
      {"three containers (two are init container), both explicit and implicit resources", pod_init_implicit,
       res_init_implicit, dev_map_init,
       {{"init-con0", gpu_init, "container-0-request-0"},
        {"init-con1", implicit, "container-1-request-0"},
        {"con0", kGpu, "container-2-request-0"}}},
      {"four containers (two are init container, one sidecar), three requests", pod_init3, res_init, dev_map_init,
       {{"init-con0", gpu_init, "container-1-request-0"},
        {"sidecar-con1", gpu_init, "container-1-request-0"},
        {"init-con2", gpu_init, "container-2-request-0"},
        {"con0", kGpu, "container-3-request-0"}}},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      dra::DeviceClassResolver resolver(c.classes);
      std::vector<M> got = extended_resource_requests(c.pod, c.resources, resolver).mappings;
      std::sort(got.begin(), got.end(), [](const M& a, const M& b) {
        return a.request_name != b.request_name ? a.request_name < b.request_name : a.container_name < b.container_name;
      });
      CHECK(got == c.want);
    }
  }
}

TEST_CASE("DeviceClassResolver: the class created last wins an explicit name, ties by name") {
  const std::vector<DeviceClass> classes = {
      device_class("old", kGpu, "2026-01-01T00:00:00Z"), device_class("new-b", kGpu, "2026-02-01T00:00:00Z"),
      device_class("new-a", kGpu, "2026-02-01T00:00:00Z"), device_class("plain")};
  dra::DeviceClassResolver resolver(classes);
  CHECK(resolver.device_class(kGpu)->metadata.name == "new-a");
  CHECK(resolver.device_class(kImplicit + "old")->metadata.name == "old");
  CHECK(resolver.device_class(kImplicit + "plain")->metadata.name == "plain");
  CHECK(resolver.device_class("example.com/other") == nullptr);
}

namespace {

// One slice with `devices` devices (instance-1, ...) on the worker.
ResourceSlice worker_slice(int devices) {
  ResourceSlice s;
  s.metadata.name = kWorker + "-slice";
  s.driver = kDriver;
  s.pool.name = kWorker;
  s.pool.resource_slice_count = 1;
  s.node_name = kWorker;
  for (int i = 1; i <= devices; ++i) s.devices.emplace_back().name = "instance-" + std::to_string(i);
  return s;
}

// The worker, advertising `gpus` example.com/gpu when given.
Node worker(std::optional<const char*> gpus = std::nullopt) {
  Node node;
  node.metadata.name = kWorker;
  node.metadata.labels.set("kubernetes.io/hostname", kWorker);
  node.status.allocatable = rl({{"pods", "110"}});
  if (gpus) node.status.allocatable.set(kGpu, *Quantity::parse(*gpus));
  return node;
}

Pod pod_with(ResourceList requests) { return UpstreamPod().res(std::move(requests)).pod; }

// Every extension point DynamicResources has, in a scheduling cycle's order, on the worker.
struct Cycle {
  FeatureGates gates;
  DynamicResources plugin{gates};
  Snapshot snapshot;
  CycleState state;
  Status pre_filter, filter, post_filter, reserve, pre_bind;
  std::vector<std::string> writes;

  Cycle(const ClusterState& cluster, const Pod& pod, const FeatureGates& g = {})
      : gates(g), plugin(gates), snapshot(cluster, gates) {
    run(pod, state);
  }
  // Runs `pod` through the cycle in `cycle_state`: Reserve and PreBind only when Filter passes.
  void run(const Pod& pod, CycleState& cycle_state) {
    PodInfo info(pod, gates);
    PreFilterResult result;
    pre_filter = plugin.pre_filter(cycle_state, info, snapshot, result);
    if (!pre_filter.is_success()) return;
    filter = plugin.filter(cycle_state, info, *snapshot.nodes()[0]);
    if (!filter.is_success()) {
      post_filter = dynamic_resources_post_filter(cycle_state, pod);
      return;
    }
    reserve = plugin.reserve(cycle_state, info, kWorker, snapshot);
    if (reserve.is_success()) pre_bind = plugin.pre_bind(cycle_state, info, kWorker, writes);
  }
  // The special claim the cycle created, as the next pods see it.
  const ResourceClaim* created() const { return snapshot.resource_claim("default", kCreatedName); }

  static constexpr const char* kCreatedName = "my-pod-extended-resources-<generated>";
};

Status unresolvable(std::string_view reason) { return Status(Code::UnschedulableAndUnresolvable, std::string(reason)); }

std::vector<std::string> result_requests(const ResourceClaim& claim) {
  std::vector<std::string> out;
  for (const auto& r : claim.allocation->results) out.push_back(r.request + " " + r.device);
  return out;
}

const std::string kCreate =
    "create ResourceClaim default/my-pod-extended-resources-<generated>: annotation "
    "resource.kubernetes.io/extended-resource-claim=true, controller pod my-pod, ";

}  // namespace

TEST_CASE("DynamicResources with extended resources DeviceClasses provide (dynamicresources_test.go)") {
  ClusterState cluster;
  cluster.nodes = {worker()};
  cluster.device_classes = {device_class(kClass, kGpu)};
  const Pod pod = pod_with(rl({{kGpu.c_str(), "1"}}));

  SUBCASE("extended-resource-name-with-node-resource: the node's device plugin serves it, nothing is created") {
    cluster.nodes = {worker("1")};
    Cycle c(cluster, pod);
    CHECK(c.pre_filter.is_success());
    CHECK(c.filter.is_success());
    CHECK(c.reserve.is_success());
    CHECK(c.pre_bind.is_success());
    CHECK(c.writes.empty());
    CHECK(c.created() == nullptr);
  }
  SUBCASE("extended-resource-one-device-plugin-one-dra: only the resource the node lacks is requested") {
    cluster.nodes = {worker("1")};
    cluster.device_classes.push_back(device_class(kClass + "2", kGpu2));
    cluster.resource_slices = {worker_slice(1)};
    Cycle c(cluster, pod_with(rl({{kGpu.c_str(), "1"}, {kGpu2.c_str(), "1"}})));
    REQUIRE(c.filter.is_success());
    CHECK(c.pre_bind.is_success());
    CHECK(c.writes ==
          std::vector<std::string>{kCreate + "1 request(s), allocate container-0-request-1: some-driver/worker/instance-1; "
                                             "reservedFor pod my-pod",
                                   "update Pod default/my-pod status: extendedResourceClaimStatus resourceClaimName "
                                   "my-pod-extended-resources-<generated>, requestMappings con0 "
                                   "example.com/gpu2=container-0-request-1"});
    const ResourceClaim* claim = c.created();
    REQUIRE(claim != nullptr);
    CHECK(describe(claim->spec.requests) ==
          std::vector<std::string>{"container-0-request-1 my-resource-class2 ExactCount 1"});
    CHECK(*claim->metadata.annotations.find(kExtendedResourceClaimAnnotation) == "true");
    CHECK(result_requests(*claim) == std::vector<std::string>{"container-0-request-1 instance-1"});
  }
  SUBCASE("extended-resource-name-with-zero-allocatable: a node advertising none leaves it to DRA") {
    cluster.nodes = {worker("0")};
    cluster.resource_slices = {worker_slice(1)};
    Cycle c(cluster, pod);
    REQUIRE(c.filter.is_success());
    CHECK(c.pre_bind.is_success());
    REQUIRE(c.created() != nullptr);
    CHECK(result_requests(*c.created()) == std::vector<std::string>{"container-0-request-0 instance-1"});
  }
  SUBCASE("non-DRA-extended-resource-name-with-zero-allocatable: no class names it, the plugin skips the pod") {
    cluster.nodes = {worker("0")};
    cluster.device_classes = {device_class(kClass)};
    cluster.resource_slices = {worker_slice(1)};
    Cycle c(cluster, pod);
    CHECK(c.pre_filter.code() == Code::Skip);
    CHECK(c.plugin.pre_bind_pre_flight(c.state, PodInfo(pod, c.gates), kWorker).code() == Code::Skip);
  }
  SUBCASE("extended-resource-name-no-resource: no devices") {
    Cycle c(cluster, pod);
    CHECK(c.pre_filter.is_success());
    CHECK(c.filter == unresolvable("cannot allocate all claims"));
    CHECK(c.post_filter == Status(Code::Unschedulable, "still not schedulable"));
  }
  SUBCASE("extended-resource-name-with-resources: allocated, created, and the pod's status patched") {
    cluster.resource_slices = {worker_slice(1)};
    Cycle c(cluster, pod);
    REQUIRE(c.filter.is_success());
    CHECK(c.reserve.is_success());
    CHECK(c.pre_bind.is_success());
    CHECK(c.writes ==
          std::vector<std::string>{kCreate + "1 request(s), allocate container-0-request-0: some-driver/worker/instance-1; "
                                             "reservedFor pod my-pod",
                                   "update Pod default/my-pod status: extendedResourceClaimStatus resourceClaimName "
                                   "my-pod-extended-resources-<generated>, requestMappings con0 "
                                   "example.com/gpu=container-0-request-0"});
    const ResourceClaim* claim = c.created();
    REQUIRE(claim != nullptr);
    CHECK(claim->metadata.generate_name == "my-pod-extended-resources-");
    REQUIRE(claim->metadata.owner_references.size() == 1);
    CHECK(claim->metadata.owner_references[0].controller);
    CHECK(claim->metadata.owner_references[0].uid == "1234");
    REQUIRE(claim->reserved_for.size() == 1);
    CHECK(claim->reserved_for[0].name == "my-pod");

    // The next pod finds the only device taken; Unreserve gives it back.
    Pod next = pod;
    next.metadata.name = "next";
    next.metadata.uid = "5678";
    CycleState next_state;
    c.writes.clear();
    c.run(next, next_state);
    CHECK(c.filter == unresolvable("cannot allocate all claims"));
    c.plugin.unreserve(c.state, PodInfo(pod, c.gates), kWorker, c.snapshot);
    CHECK(c.created() == nullptr);
    CycleState again;
    c.run(next, again);
    CHECK(c.filter.is_success());
  }
  SUBCASE("implicit-extended-resource-name-with-resources: one request per resource, sorted") {
    cluster.resource_slices = {worker_slice(4)};
    Cycle c(cluster, pod_with(rl({{(kImplicit + kClass).c_str(), "1"}, {kGpu.c_str(), "2"}})));
    REQUIRE(c.filter.is_success());
    REQUIRE(c.created() != nullptr);
    CHECK(result_requests(*c.created()) ==
          std::vector<std::string>{"container-0-request-0 instance-1", "container-0-request-1 instance-2",
                                   "container-0-request-1 instance-3"});
    CHECK(c.writes.at(0) == kCreate + "2 request(s), allocate container-0-request-0: some-driver/worker/instance-1, "
                                         "container-0-request-1: some-driver/worker/instance-2, container-0-request-1: "
                                         "some-driver/worker/instance-3; reservedFor pod my-pod");
  }
  SUBCASE("implicit-extended-resource-name-two-containers-with-resources") {
    cluster.resource_slices = {worker_slice(4)};
    Cycle c(cluster, UpstreamPod().res(rl({{(kImplicit + kClass).c_str(), "1"}})).res(rl({{kGpu.c_str(), "2"}})).pod);
    REQUIRE(c.filter.is_success());
    REQUIRE(c.created() != nullptr);
    CHECK(result_requests(*c.created()) ==
          std::vector<std::string>{"container-0-request-0 instance-1", "container-1-request-0 instance-2",
                                   "container-1-request-0 instance-3"});
    CHECK(c.writes.at(1) ==
          "update Pod default/my-pod status: extendedResourceClaimStatus resourceClaimName "
          "my-pod-extended-resources-<generated>, requestMappings con0 "
          "deviceclass.resource.kubernetes.io/my-resource-class=container-0-request-0, con1 "
          "example.com/gpu=container-1-request-0");
  }
  SUBCASE("extended-resource-name-with-resources-has-claim: an earlier attempt's claim is deleted") {
    cluster.resource_slices = {worker_slice(1)};
    ResourceClaim earlier = new_extended_resource_claim(pod);
    earlier.metadata.name = "my-pod-extended-resources-0";
    earlier.spec.requests = extended_resource_requests(pod, amounts({{kGpu, 1}}), dra::DeviceClassResolver(cluster.device_classes)).requests;
    cluster.resource_claims = {earlier};
    Cycle c(cluster, pod);
    CHECK(c.pre_filter.is_success());
    CHECK(c.filter == unresolvable("cannot schedule extended resource claim"));
    CHECK(c.post_filter == Status(Code::Unschedulable, "deletion of ResourceClaim completed"));
  }
  SUBCASE("a resource neither the node nor a DeviceClass provides cannot fit") {
    cluster.resource_slices = {worker_slice(1)};
    Cycle c(cluster, pod_with(rl({{kGpu.c_str(), "1"}, {"example.com/fpga", "1"}})));
    CHECK(c.filter == unresolvable("cannot fit resource"));
    CHECK(c.post_filter == Status(Code::Unschedulable, "still not schedulable"));
  }
  SUBCASE("DRAExtendedResource off: the plugin skips the pod") {
    cluster.resource_slices = {worker_slice(1)};
    FeatureGates off;
    off.dra_extended_resource = false;
    CHECK(Cycle(cluster, pod, off).pre_filter.code() == Code::Skip);
  }
}

TEST_CASE("DynamicResources with extended resources: what is not evaluated") {
  ClusterState cluster;
  cluster.nodes = {worker()};
  cluster.device_classes = {device_class(kClass, kGpu)};
  FeatureGates gates;
  DynamicResources plugin(gates);
  const Pod pod = pod_with(rl({{kGpu.c_str(), "1"}}));
  ResourceClaim unrelated = new_extended_resource_claim(UpstreamPod().pod);
  unrelated.metadata.name = "other";

  SUBCASE("an input without ResourceSlices") {
    cluster.resource_claims = {unrelated};
    Snapshot snapshot(cluster, gates);
    CHECK(plugin.cannot_evaluate(pod, snapshot) ==
          "the pod requests example.com/gpu, which DeviceClass my-resource-class provides through DRA on nodes that "
          "do not advertise it, and the input holds no ResourceSlices (kubectl get resourceslices adds them)");
  }
  SUBCASE("an input without ResourceClaims, where a bound pod may hold devices") {
    cluster.resource_slices = {worker_slice(1)};
    Pod bound = pod_with(rl({{kGpu.c_str(), "1"}}));
    bound.metadata.name = "bound";
    bound.spec.node_name = "worker";
    cluster.pods = {bound};
    Snapshot snapshot(cluster, gates);
    CHECK(plugin.cannot_evaluate(pod, snapshot) ==
          "the pod requests example.com/gpu, which DeviceClass my-resource-class provides through DRA on nodes that "
          "do not advertise it, and the input holds no ResourceClaims, so the devices in use are unknown (kubectl get "
          "resourceclaims -A adds them; a ResourceClaimList without items says there are none)");
    // A listing that found no claims says the devices are free.
    cluster.listed_kinds.insert("ResourceClaim");
    Snapshot listed(cluster, gates);
    CHECK_FALSE(plugin.cannot_evaluate(pod, listed).has_value());
  }
  SUBCASE("an input without ResourceClaims where no bound pod may hold devices: evaluated") {
    cluster.resource_slices = {worker_slice(1)};
    Snapshot snapshot(cluster, gates);
    CHECK_FALSE(plugin.cannot_evaluate(pod, snapshot).has_value());
  }
  SUBCASE("ResourceSlices listed as none: evaluated (no device to allocate)") {
    cluster.listed_kinds = {"ResourceSlice", "ResourceClaim"};
    Snapshot snapshot(cluster, gates);
    CHECK_FALSE(plugin.cannot_evaluate(pod, snapshot).has_value());
  }
  SUBCASE("every node advertising the resource leaves nothing to DRA") {
    cluster.nodes = {worker("2")};
    Snapshot snapshot(cluster, gates);
    CHECK_FALSE(plugin.cannot_evaluate(pod, snapshot).has_value());
  }
  SUBCASE("slices and claims present: evaluated") {
    cluster.resource_slices = {worker_slice(1)};
    cluster.resource_claims = {unrelated};
    Snapshot snapshot(cluster, gates);
    CHECK_FALSE(plugin.cannot_evaluate(pod, snapshot).has_value());
  }
  SUBCASE("a resource no DeviceClass provides") {
    Snapshot snapshot(cluster, gates);
    CHECK_FALSE(plugin.cannot_evaluate(pod_with(rl({{"example.com/fpga", "1"}})), snapshot).has_value());
  }
}
