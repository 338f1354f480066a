// PodInfo.CalculateResource and the affinity predicates (scheduler framework types_test.go).
#include <doctest/doctest.h>

#include "podfit/framework/feature_gates.h"
#include "podfit/snapshot/pod_info.h"
#include "resource_test_support.h"

namespace podfit {
namespace {

using testing::container;
using testing::resize_pending;
using testing::rl;
using testing::sidecar;

int64_t bytes(const char* q) { return Quantity::parse(q)->value(); }

PodResource footprint(int64_t milli_cpu, int64_t memory, int64_t non0_cpu, int64_t non0_mem,
                      int64_t ephemeral = 0) {
  PodResource r;
  r.resource.milli_cpu = milli_cpu;
  r.resource.memory = memory;
  r.resource.ephemeral_storage = ephemeral;
  r.non0_cpu = non0_cpu;
  r.non0_mem = non0_mem;
  return r;
}

void check_footprint(const PodResource& got, const PodResource& want) {
  CHECK(got.resource == want.resource);
  CHECK(got.resource.milli_cpu == want.resource.milli_cpu);
  CHECK(got.resource.memory == want.resource.memory);
  CHECK(got.resource.ephemeral_storage == want.resource.ephemeral_storage);
  CHECK(got.non0_cpu == want.non0_cpu);
  CHECK(got.non0_mem == want.non0_mem);
}

TEST_CASE("TestPodInfoCalculateResources") {
  struct Case {
    const char* name;
    std::vector<Container> containers = {};
    std::optional<ResourceRequirements> pod_resources = {};
    bool pod_level_resources_enabled = false;
    PodResource want = {};
    std::vector<Container> init_containers = {};
  };
  const auto cpu500_mem500 = rl({{"cpu", "500m"}, {"memory", "500Mi"}});
  const auto cpu1200_mem1200 = ResourceRequirements{rl({{"cpu", "1200m"}, {"memory", "1200Mi"}}), std::nullopt, {}};
  const Case cases[] = {
      {.name = "requestless container",
       .containers = {Container{}},
       .want = footprint(0, 0, kDefaultMilliCpuRequest, kDefaultMemoryRequest)},
      {.name = "1X container with requests",
       .containers = {container("", cpu500_mem500)},
       .want = footprint(500, bytes("500Mi"), 500, bytes("500Mi"))},
      {.name = "2X container with requests",
       .containers = {container("", cpu500_mem500), container("", rl({{"cpu", "700m"}, {"memory", "800Mi"}}))},
       .want = footprint(1200, bytes("1300Mi"), 1200, bytes("1300Mi"))},
      {.name = "1X container and 1X init container with pod-level requests",
       .containers = {container("", cpu500_mem500)},
       .pod_resources = cpu1200_mem1200,
       .pod_level_resources_enabled = true,
       .want = footprint(1200, bytes("1200Mi"), 1200, bytes("1200Mi")),
       .init_containers = {container("", cpu500_mem500)}},
      {.name = "1X container and 1X sidecar container with pod-level requests",
       .containers = {container("", cpu500_mem500)},
       .pod_resources = cpu1200_mem1200,
       .pod_level_resources_enabled = true,
       .want = footprint(1200, bytes("1200Mi"), 1200, bytes("1200Mi")),
       .init_containers = {sidecar("", cpu500_mem500)}},
      {.name = "1X container with pod-level memory requests",
       .containers = {Container{}},
       .pod_resources = ResourceRequirements{rl({{"memory", "1200Mi"}}), std::nullopt, {}},
       .pod_level_resources_enabled = true,
       .want = footprint(0, bytes("1200Mi"), kDefaultMilliCpuRequest, bytes("1200Mi")),
       .init_containers = {Container{}}},
      {.name = "1X container with pod-level cpu requests",
       .containers = {Container{}},
       .pod_resources = ResourceRequirements{rl({{"cpu", "500m"}}), std::nullopt, {}},
       .pod_level_resources_enabled = true,
       .want = footprint(500, 0, 500, kDefaultMemoryRequest),
       .init_containers = {Container{}}},
      {.name = "1X container unsupported resources and pod-level supported resources",
       .containers = {container("", rl({{"ephemeral-storage", "800Mi"}}))},
       .pod_resources = ResourceRequirements{rl({{"cpu", "500m"}}), std::nullopt, {}},
       .pod_level_resources_enabled = true,
       .want = footprint(500, 0, 500, kDefaultMemoryRequest, bytes("800Mi")),
       .init_containers = {container("", rl({{"ephemeral-storage", "500Mi"}}))}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      FeatureGates gates;
      gates.pod_level_resources = c.pod_level_resources_enabled;
      Pod pod;
      pod.spec.resources = c.pod_resources;
      pod.spec.containers = c.containers;
      pod.spec.init_containers = c.init_containers;
      check_footprint(PodInfo(pod, gates).calculated(), c.want);
    }
  }
}

TEST_CASE("TestCalculatePodResourcesWithResize") {
  // preparePodInfo: container c1, init container i1, sidecar s1, each with an optional status.
  struct Case {
    const char* name;
    std::optional<ResourceList> pod_level_requests = {};
    ResourceList requests = {};
    ResourceList status_resources = {};
    std::optional<ResourceList> pod_level_status_resources = {};
    std::optional<ResourceList> init_requests = {};
    std::optional<ResourceList> init_status_resources = {};
    std::vector<PodCondition> resize_status = {};
    std::optional<ResourceList> sidecar_requests = {};
    std::optional<ResourceList> sidecar_status_resources = {};
    PodResource want = {};
  };
  const auto c500 = rl({{"cpu", "500m"}, {"memory", "500Mi"}});
  const auto c700_m500 = rl({{"cpu", "700m"}, {"memory", "500Mi"}});
  const auto c700_m800 = rl({{"cpu", "700m"}, {"memory", "800Mi"}});
  const PodCondition in_progress{"PodResizeInProgress", "True", "", ""};
  const Case cases[] = {
      {.name = "Pod with no pending resize",
       .requests = c500,
       .status_resources = c500,
       .want = footprint(500, bytes("500Mi"), 500, bytes("500Mi"))},
      {.name = "Pod with pod-level resources no pending resize",
       .pod_level_requests = c700_m500,
       .requests = c500,
       .status_resources = c700_m500,
       .pod_level_status_resources = c500,
       .want = footprint(700, bytes("500Mi"), 700, bytes("500Mi"))},
      {.name = "Pod with resize in progress",
       .requests = c500,
       .status_resources = c500,
       .resize_status = {in_progress},
       .want = footprint(500, bytes("500Mi"), 500, bytes("500Mi"))},
      {.name = "Pod with pod-level resources and resize in progress",
       .pod_level_requests = c700_m500,
       .requests = c500,
       .status_resources = c700_m500,
       .pod_level_status_resources = c500,
       .resize_status = {in_progress},
       .want = footprint(700, bytes("500Mi"), 700, bytes("500Mi"))},
      {.name = "Pod with deferred resize",
       .requests = c700_m800,
       .status_resources = c500,
       .resize_status = {resize_pending("Deferred")},
       .want = footprint(700, bytes("800Mi"), 700, bytes("800Mi"))},
      {.name = "Pod with pod-level resources and with deferred resize",
       .pod_level_requests = c700_m800,
       .requests = c500,
       .status_resources = c500,
       .pod_level_status_resources = c500,
       .resize_status = {resize_pending("Deferred")},
       .want = footprint(700, bytes("800Mi"), 700, bytes("800Mi"))},
      {.name = "Pod with infeasible resize",
       .requests = c700_m800,
       .status_resources = c500,
       .resize_status = {resize_pending("Infeasible")},
       .want = footprint(500, bytes("500Mi"), 500, bytes("500Mi"))},
      {.name = "Pod with init container and no pending resize",
       .requests = c500,
       .status_resources = c500,
       .init_requests = c700_m800,
       .init_status_resources = c700_m800,
       .want = footprint(700, bytes("800Mi"), 700, bytes("800Mi"))},
      {.name = "Pod with sider container and no pending resize",
       .requests = c500,
       .status_resources = c500,
       .init_requests = c700_m800,
       .init_status_resources = c700_m800,
       .sidecar_requests = c700_m800,
       .sidecar_status_resources = c700_m800,
       .want = footprint(1200, bytes("1300Mi"), 1200, bytes("1300Mi"))},
  };
  const FeatureGates gates;  // InPlacePodVerticalScaling and InPlacePodLevelResourcesVerticalScaling on
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      Pod pod = testing::make_pod("pod_resize_test", "testpod", "testpod");
      pod.status.phase = "Running";
      auto status_of = [](std::string name, const ResourceList& requests) {
        return testing::container_status(std::move(name), std::nullopt, requests);
      };
      if (c.pod_level_requests) pod.spec.resources = ResourceRequirements{c.pod_level_requests, std::nullopt, {}};
      if (c.pod_level_status_resources) {
        pod.status.resources = ResourceRequirements{c.pod_level_status_resources, std::nullopt, {}};
      }
      pod.spec.containers.push_back(container("c1", c.requests));
      pod.status.container_statuses.push_back(status_of("c1", c.status_resources));
      if (c.init_requests) pod.spec.init_containers.push_back(container("i1", c.init_requests));
      if (c.init_status_resources) pod.status.init_container_statuses.push_back(status_of("i1", *c.init_status_resources));
      if (c.sidecar_requests) pod.spec.init_containers.push_back(sidecar("s1", c.sidecar_requests));
      if (c.sidecar_status_resources) {
        pod.status.init_container_statuses.push_back(status_of("s1", *c.sidecar_status_resources));
      }
      pod.status.conditions = c.resize_status;
      check_footprint(PodInfo(pod, gates).calculated(), c.want);
    }
  }
}

// Non-zero defaults apply per container, init and sidecar containers included.
TEST_CASE("PodInfo: non-zero defaults per container") {
  const FeatureGates gates;
  SUBCASE("two requestless containers count the defaults twice") {
    Pod pod;
    pod.spec.containers = {Container{}, Container{}};
    check_footprint(PodInfo(pod, gates).calculated(),
                    footprint(0, 0, 2 * kDefaultMilliCpuRequest, 2 * kDefaultMemoryRequest));
  }
  SUBCASE("a requestless sidecar adds the defaults to the regular containers") {
    Pod pod;
    pod.spec.containers = {container("c", rl({{"cpu", "1"}}))};
    pod.spec.init_containers = {sidecar("s", std::nullopt)};
    check_footprint(PodInfo(pod, gates).calculated(),
                    footprint(1000, 0, 1000 + kDefaultMilliCpuRequest, 2 * kDefaultMemoryRequest));
  }
  SUBCASE("explicit zero requests are not replaced") {
    Pod pod;
    pod.spec.containers = {container("c", rl({{"cpu", "0"}, {"memory", "0"}}))};
    check_footprint(PodInfo(pod, gates).calculated(), footprint(0, 0, 0, 0));
  }
  SUBCASE("overhead is added to both") {
    Pod pod;
    pod.spec.containers = {Container{}};
    pod.spec.overhead = rl({{"cpu", "250m"}, {"memory", "64Mi"}});
    check_footprint(PodInfo(pod, gates).calculated(),
                    footprint(250, bytes("64Mi"), kDefaultMilliCpuRequest + 250, kDefaultMemoryRequest + bytes("64Mi")));
  }
  SUBCASE("status resources ignored when InPlacePodVerticalScaling is off") {
    FeatureGates off;
    off.in_place_pod_vertical_scaling = false;  // only reachable in code: the gate is locked on
    Pod pod;
    pod.spec.containers = {container("c", rl({{"cpu", "500m"}}))};
    pod.status.container_statuses = {testing::container_status("c", rl({{"cpu", "2"}}))};
    CHECK(PodInfo(pod, off).calculated().resource.milli_cpu == 500);
    CHECK(PodInfo(pod, gates).calculated().resource.milli_cpu == 2000);
  }
  SUBCASE("extended resources and hugepages land in scalars") {
    Pod pod;
    pod.spec.containers = {container("c", rl({{"example.com/gpu", "2"}, {"hugepages-2Mi", "4Mi"}}))};
    const PodInfo info(pod, gates);
    const Resource& r = info.calculated().resource;
    CHECK(r.scalar_value("example.com/gpu") == 2);
    CHECK(r.scalar_value("hugepages-2Mi") == bytes("4Mi"));
  }
}

TEST_CASE("PodInfo: affinity predicates") {
  const FeatureGates gates;
  struct Case {
    const char* name;
    std::optional<Affinity> affinity = {};
    bool has_affinity = {};
    bool has_required_anti_affinity = {};
  };
  PodAffinity empty;
  PodAffinity required;
  required.required.push_back(PodAffinityTerm{});
  PodAffinity preferred;
  preferred.preferred.push_back(WeightedPodAffinityTerm{});
  const Case cases[] = {
      {"no affinity", std::nullopt, false, false},
      {"node affinity only", Affinity{NodeAffinity{}, std::nullopt, std::nullopt}, false, false},
      {"empty pod affinity", Affinity{std::nullopt, empty, std::nullopt}, true, false},
      {"empty pod anti-affinity", Affinity{std::nullopt, std::nullopt, empty}, true, false},
      {"preferred anti-affinity", Affinity{std::nullopt, std::nullopt, preferred}, true, false},
      {"required anti-affinity", Affinity{std::nullopt, std::nullopt, required}, true, true},
      {"required affinity is not anti-affinity", Affinity{std::nullopt, required, std::nullopt}, true, false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      Pod pod;
      pod.spec.affinity = c.affinity;
      PodInfo info(pod, gates);
      CHECK(info.has_affinity() == c.has_affinity);
      CHECK(info.has_required_anti_affinity() == c.has_required_anti_affinity);
    }
  }
}

}  // namespace
}  // namespace podfit
