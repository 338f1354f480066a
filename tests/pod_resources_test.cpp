// Pod requests and limits: the cases of component-helpers resource/helpers_test.go.
#include <doctest/doctest.h>

#include "podfit/model/pod_resources.h"
#include "resource_test_support.h"

namespace podfit {
namespace {

using testing::container;
using testing::container_status;
using testing::resize_pending;
using testing::rl;
using testing::sidecar;

// getPod: one container and one identical init container, plus overhead.
struct SimpleResources {
  const char* cpu_request = "";
  const char* cpu_limit = "";
  const char* memory_request = "";
  const char* memory_limit = "";
  const char* cpu_overhead = "";
  const char* memory_overhead = "";
};

Pod simple_pod(const std::string& name, const SimpleResources& r) {
  ResourceList requests, limits, overhead;
  auto put = [](ResourceList& list, const char* resource, const char* value) {
    if (*value != '\0') list.set(resource, *Quantity::parse(value));
  };
  put(limits, "cpu", r.cpu_limit);
  put(limits, "memory", r.memory_limit);
  put(requests, "cpu", r.cpu_request);
  put(requests, "memory", r.memory_request);
  put(overhead, "cpu", r.cpu_overhead);
  put(overhead, "memory", r.memory_overhead);
  Pod pod;
  pod.spec.containers = {container(name, requests, limits)};
  pod.spec.init_containers = {container("init-" + name, requests, limits)};
  pod.spec.overhead = overhead;
  return pod;
}

// populatePodStatusResourcesForTest: pod-level status aggregates summed from the container statuses.
void populate_pod_status_resources(Pod& pod) {
  if (pod.status.resources) return;
  ResourceRequirements totals{ResourceList{}, ResourceList{}, {}};
  ResourceList allocated;
  auto add = [](ResourceList& into, const std::optional<ResourceList>& from) {
    if (!from) return;
    for (const auto& [name, q] : *from) {
      if (Quantity* existing = into.find(name)) {
        existing->add(q);
      } else {
        into.set(name, q);
      }
    }
  };
  auto collect = [&](const std::vector<ContainerStatus>& statuses) {
    for (const auto& cs : statuses) {
      if (cs.resources) {
        add(*totals.requests, cs.resources->requests);
        add(*totals.limits, cs.resources->limits);
      }
      if (cs.allocated_resources && !cs.allocated_resources->empty()) add(allocated, cs.allocated_resources);
    }
  };
  collect(pod.status.container_statuses);
  collect(pod.status.init_container_statuses);
  pod.status.resources = totals;
  pod.status.allocated_resources = allocated;
}

TEST_CASE("TestPodRequestsAndLimits") {
  struct Case {
    const char* name;
    Pod pod = {};
    ResourceList want_requests = {};
    ResourceList want_limits = {};
  };
  const Case cases[] = {
      {"just-limit-no-overhead", simple_pod("foo", {.cpu_limit = "9"}), {}, rl({{"cpu", "9"}})},
      {"just-overhead", simple_pod("foo", {.cpu_overhead = "5", .memory_overhead = "5"}),
       rl({{"cpu", "5"}, {"memory", "5"}}), {}},
      {"req-and-overhead",
       simple_pod("foo", {.cpu_request = "1", .memory_request = "10", .cpu_overhead = "5", .memory_overhead = "5"}),
       rl({{"cpu", "6"}, {"memory", "15"}}), {}},
      {"all-req-lim-and-overhead",
       simple_pod("foo", {.cpu_request = "1", .cpu_limit = "2", .memory_request = "10", .memory_limit = "12",
                          .cpu_overhead = "5", .memory_overhead = "5"}),
       rl({{"cpu", "6"}, {"memory", "15"}}), rl({{"cpu", "7"}, {"memory", "17"}})},
      {"req-some-lim-and-overhead",
       simple_pod("foo", {.cpu_request = "1", .cpu_limit = "2", .memory_request = "10", .cpu_overhead = "5",
                          .memory_overhead = "5"}),
       rl({{"cpu", "6"}, {"memory", "15"}}), rl({{"cpu", "7"}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      CHECK_LIST(pod_requests(c.pod, {}), c.want_requests);
      CHECK_LIST(pod_limits(c.pod, {}), c.want_limits);
    }
  }
}

TEST_CASE("TestPodRequestsAndLimitsWithoutOverhead") {
  const auto foobar = container("foobar", rl({{"cpu", "1"}, {"memory", "5"}}), rl({{"cpu", "2"}, {"memory", "10"}}));
  const auto foobar2 =
      container("foobar2", rl({{"cpu", "4"}, {"memory", "12"}}), rl({{"cpu", "8"}, {"memory", "24"}}));
  const auto overhead = rl({{"cpu", "3"}, {"memory", "8"}});

  struct Case {
    const char* name;
    Pod pod = {};
    ResourceList want_requests = {};
    ResourceList want_limits = {};
  };
  Pod no_overhead;
  no_overhead.spec.containers = {foobar, foobar2};
  Pod with_overhead = no_overhead;
  with_overhead.spec.overhead = overhead;
  Pod massive_init = with_overhead;
  massive_init.spec.init_containers = {
      container("small-init", rl({{"cpu", "1"}, {"memory", "5"}}), rl({{"cpu", "1"}, {"memory", "5"}})),
      container("big-init", rl({{"cpu", "40"}, {"memory", "120"}}), rl({{"cpu", "80"}, {"memory", "240"}})),
  };
  const Case cases[] = {
      {"two container no overhead - should just be sum of containers", no_overhead,
       rl({{"cpu", "5"}, {"memory", "17"}}), rl({{"cpu", "10"}, {"memory", "34"}})},
      {"two container with overhead - shouldn't consider overhead", with_overhead,
       rl({{"cpu", "5"}, {"memory", "17"}}), rl({{"cpu", "10"}, {"memory", "34"}})},
      {"two container with overhead, massive init - should just be the largest init", massive_init,
       rl({{"cpu", "40"}, {"memory", "120"}}), rl({{"cpu", "80"}, {"memory", "240"}})},
  };
  PodResourcesOptions options;
  options.exclude_overhead = true;
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      CHECK_LIST(pod_requests(c.pod, options), c.want_requests);
      CHECK_LIST(pod_limits(c.pod, options), c.want_limits);
    }
  }
}

// The shared shape of TestPodResourceRequests and TestPodResourceLimits.
struct StatusCase {
  const char* name = "";
  PodResourcesOptions options = {};
  std::optional<ResourceList> overhead = {};
  std::vector<PodCondition> conditions = {};
  std::vector<Container> init_containers = {};
  std::vector<ContainerStatus> init_statuses = {};
  std::vector<Container> containers = {};
  std::vector<ContainerStatus> statuses = {};
  ResourceList want = {};
};

Pod status_case_pod(const StatusCase& c) {
  Pod pod;
  pod.spec.containers = c.containers;
  pod.spec.init_containers = c.init_containers;
  pod.spec.overhead = c.overhead;
  pod.status.container_statuses = c.statuses;
  pod.status.init_container_statuses = c.init_statuses;
  pod.status.conditions = c.conditions;
  populate_pod_status_resources(pod);
  return pod;
}

PodResourcesOptions use_status() {
  PodResourcesOptions o;
  o.use_status_resources = true;
  return o;
}

PodResourcesOptions exclude_overhead() {
  PodResourcesOptions o;
  o.exclude_overhead = true;
  return o;
}

std::optional<ResourceList> req(std::initializer_list<std::pair<const char*, const char*>> items) { return rl(items); }

TEST_CASE("TestPodResourceRequests") {
  const std::vector<PodCondition> infeasible = {resize_pending("Infeasible")};
  const StatusCase cases[] = {
      {.name = "nil options, larger init container",
       .init_containers = {container("", req({{"cpu", "4"}}))},
       .containers = {container("", req({{"cpu", "1"}}))},
       .want = rl({{"cpu", "4"}})},
      {.name = "nil options, larger containers",
       .init_containers = {container("", req({{"cpu", "2"}}))},
       .containers = {container("", req({{"cpu", "2"}})), container("", req({{"cpu", "3"}}))},
       .want = rl({{"cpu", "5"}})},
      {.name = "pod overhead excluded",
       .options = exclude_overhead(),
       .overhead = rl({{"cpu", "1"}}),
       .init_containers = {container("", req({{"cpu", "2"}}))},
       .containers = {container("", req({{"cpu", "2"}})), container("", req({{"cpu", "3"}}))},
       .want = rl({{"cpu", "5"}})},
      {.name = "pod overhead included",
       .overhead = rl({{"cpu", "1"}, {"memory", "1Gi"}}),
       .init_containers = {container("", req({{"cpu", "2"}}), req({{"cpu", "2"}}))},
       .containers = {container("", req({{"cpu", "2"}})), container("", req({{"cpu", "3"}}))},
       .want = rl({{"cpu", "6"}, {"memory", "1Gi"}})},
      {.name = "resized, infeasible",
       .options = use_status(),
       .conditions = infeasible,
       .containers = {container("container-1", req({{"cpu", "4"}}))},
       .statuses = {container_status("container-1", std::nullopt, req({{"cpu", "2"}}))},
       .want = rl({{"cpu", "2"}})},
      {.name = "resized, infeasible & in-progress",
       .options = use_status(),
       .conditions = infeasible,
       .containers = {container("container-1", req({{"cpu", "6"}}))},
       .statuses = {container_status("container-1", req({{"cpu", "4"}}), req({{"cpu", "2"}}))},
       .want = rl({{"cpu", "4"}})},
      {.name = "resized, no resize status",
       .options = use_status(),
       .containers = {container("container-1", req({{"cpu", "4"}}))},
       .statuses = {container_status("container-1", std::nullopt, req({{"cpu", "2"}}))},
       .want = rl({{"cpu", "4"}})},
      {.name = "resized: per-resource 3-way maximum",
       .options = use_status(),
       .containers = {container("container-1", req({{"cpu", "30m"}, {"memory", "20M"}, {"ephemeral-storage", "10G"}}))},
       .statuses = {container_status("container-1", req({{"cpu", "20m"}, {"memory", "10M"}, {"ephemeral-storage", "30G"}}),
                                     req({{"cpu", "10m"}, {"memory", "30M"}, {"ephemeral-storage", "20G"}}))},
       .want = rl({{"cpu", "30m"}, {"memory", "30M"}, {"ephemeral-storage", "30G"}})},
      {.name = "resized, infeasible, but don't use status",
       .conditions = infeasible,
       .containers = {container("container-1", req({{"cpu", "4"}}))},
       .statuses = {container_status("container-1", std::nullopt, req({{"cpu", "2"}}))},
       .want = rl({{"cpu", "4"}})},
      {.name = "resized, restartable init container, infeasible",
       .options = use_status(),
       .conditions = infeasible,
       .init_containers = {sidecar("restartable-init-1", req({{"cpu", "4"}}))},
       .init_statuses = {container_status("restartable-init-1", std::nullopt, req({{"cpu", "2"}}))},
       .want = rl({{"cpu", "2"}})},
      {.name = "resized, restartable init container, no resize status",
       .options = use_status(),
       .init_containers = {sidecar("restartable-init-1", req({{"cpu", "4"}}))},
       .init_statuses = {container_status("restartable-init-1", std::nullopt, req({{"cpu", "2"}}))},
       .want = rl({{"cpu", "4"}})},
      {.name = "resized, restartable init container, infeasible, but don't use status",
       .conditions = infeasible,
       .init_containers = {sidecar("restartable-init-1", req({{"cpu", "4"}}))},
       .init_statuses = {container_status("restartable-init-1", std::nullopt, req({{"cpu", "2"}}))},
       .want = rl({{"cpu", "4"}})},
      {.name = "restartable init container",
       .init_containers = {sidecar("restartable-init-1", req({{"cpu", "1"}}))},
       .containers = {container("container-1", req({{"cpu", "1"}}))},
       .want = rl({{"cpu", "2"}})},
      {.name = "multiple restartable init containers",
       .init_containers = {container("init-1", req({{"cpu", "5"}})), sidecar("restartable-init-1", req({{"cpu", "1"}})),
                           sidecar("restartable-init-2", req({{"cpu", "2"}})),
                           sidecar("restartable-init-3", req({{"cpu", "3"}}))},
       .containers = {container("container-1", req({{"cpu", "1"}}))},
       .want = rl({{"cpu", "7"}})},
      {.name = "multiple restartable and regular init containers",
       .init_containers = {container("init-1", req({{"cpu", "5"}})), sidecar("restartable-init-1", req({{"cpu", "1"}})),
                           sidecar("restartable-init-2", req({{"cpu", "2"}})), container("init-2", req({{"cpu", "5"}})),
                           sidecar("restartable-init-3", req({{"cpu", "3"}}))},
       .containers = {container("container-1", req({{"cpu", "1"}}))},
       .want = rl({{"cpu", "8"}})},
      {.name = "restartable-init, init and regular",
       .init_containers = {sidecar("restartable-init-1", req({{"cpu", "10"}})), container("init-1", req({{"cpu", "200"}}))},
       .containers = {container("container-1", req({{"cpu", "100"}}))},
       .want = rl({{"cpu", "210"}})},
      {.name = "aggregate request resolves max of sums instead of sum of maxes",
       .options = use_status(),
       .containers = {container("c1", req({{"cpu", "1"}})), container("c2", req({{"cpu", "2"}}))},
       .statuses = {container_status("c1", req({{"cpu", "2"}})), container_status("c2", req({{"cpu", "1"}}))},
       .want = rl({{"cpu", "3"}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) { CHECK_LIST(pod_requests(status_case_pod(c), c.options), c.want); }
  }
}

TEST_CASE("TestPodResourceLimits") {
  const auto lim = [](std::initializer_list<std::pair<const char*, const char*>> items) {
    return std::optional<ResourceList>(rl(items));
  };
  // A container with limits only.
  const auto limited = [](std::string name, std::optional<ResourceList> limits) {
    return container(std::move(name), std::nullopt, std::move(limits));
  };
  const auto limited_sidecar = [](std::string name, std::optional<ResourceList> limits) {
    return sidecar(std::move(name), std::nullopt, std::move(limits));
  };
  const auto limit_status = [](std::string name, std::optional<ResourceList> limits) {
    return container_status(std::move(name), std::nullopt, std::nullopt, std::move(limits));
  };
  const StatusCase cases[] = {
      {.name = "nil options, larger init container",
       .init_containers = {limited("", lim({{"cpu", "4"}}))},
       .containers = {limited("", lim({{"cpu", "1"}}))},
       .want = rl({{"cpu", "4"}})},
      {.name = "nil options, larger containers",
       .init_containers = {limited("", lim({{"cpu", "2"}}))},
       .containers = {limited("", lim({{"cpu", "2"}})), limited("", lim({{"cpu", "3"}}))},
       .want = rl({{"cpu", "5"}})},
      {.name = "pod overhead excluded",
       .options = exclude_overhead(),
       .overhead = rl({{"cpu", "1"}}),
       .init_containers = {limited("", lim({{"cpu", "2"}}))},
       .containers = {limited("", lim({{"cpu", "2"}})), limited("", lim({{"cpu", "3"}}))},
       .want = rl({{"cpu", "5"}})},
      {.name = "pod overhead included",
       .overhead = rl({{"cpu", "1"}, {"memory", "1Gi"}}),
       .init_containers = {limited("", lim({{"cpu", "2"}}))},
       .containers = {limited("", lim({{"cpu", "2"}})), limited("", lim({{"cpu", "3"}}))},
       .want = rl({{"cpu", "6"}})},
      {.name = "no limited containers should result in no limits for the pod",
       .containers = {container("", std::nullopt)},
       .want = {}},
      {.name = "one limited and one unlimited container should result in the limited container's limits for the pod",
       .containers = {limited("", lim({{"cpu", "2"}, {"memory", "2Gi"}})), container("", std::nullopt)},
       .want = rl({{"cpu", "2"}, {"memory", "2Gi"}})},
      {.name = "one limited and one unlimited init container should result in the limited init container's limits for "
               "the pod",
       .init_containers = {limited("", lim({{"cpu", "2"}, {"memory", "2Gi"}})), container("", std::nullopt)},
       .containers = {limited("", lim({{"cpu", "1"}, {"memory", "1Gi"}}))},
       .want = rl({{"cpu", "2"}, {"memory", "2Gi"}})},
      {.name = "restartable init container",
       .init_containers = {limited_sidecar("restartable-init-1", lim({{"cpu", "1"}}))},
       .containers = {limited("container-1", lim({{"cpu", "1"}}))},
       .want = rl({{"cpu", "2"}})},
      {.name = "multiple restartable init containers",
       .init_containers = {limited("init-1", lim({{"cpu", "5"}})),
                           limited_sidecar("restartable-init-1", lim({{"cpu", "1"}})),
                           limited_sidecar("restartable-init-2", lim({{"cpu", "2"}})),
                           limited_sidecar("restartable-init-3", lim({{"cpu", "3"}}))},
       .containers = {limited("container-1", lim({{"cpu", "1"}}))},
       .want = rl({{"cpu", "7"}})},
      {.name = "multiple restartable and regular init containers",
       .init_containers = {limited("init-1", lim({{"cpu", "5"}})),
                           limited_sidecar("restartable-init-1", lim({{"cpu", "1"}})),
                           limited_sidecar("restartable-init-2", lim({{"cpu", "2"}})),
                           limited("init-2", lim({{"cpu", "5"}})),
                           limited_sidecar("restartable-init-3", lim({{"cpu", "3"}}))},
       .containers = {limited("container-1", lim({{"cpu", "1"}}))},
       .want = rl({{"cpu", "8"}})},
      {.name = "restartable-init, init and regular",
       .init_containers = {limited_sidecar("restartable-init-1", lim({{"cpu", "10"}})),
                           limited("init-1", lim({{"cpu", "200"}}))},
       .containers = {limited("container-1", lim({{"cpu", "100"}}))},
       .want = rl({{"cpu", "210"}})},
      {.name = "pod scaled up",
       .options = use_status(),
       .containers = {limited("container-1", lim({{"memory", "2Gi"}}))},
       .statuses = {limit_status("container-1", lim({{"memory", "1Gi"}}))},
       .want = rl({{"memory", "2Gi"}})},
      {.name = "pod scaled down",
       .options = use_status(),
       .containers = {limited("container-1", lim({{"memory", "1Gi"}}))},
       .statuses = {limit_status("container-1", lim({{"memory", "2Gi"}}))},
       .want = rl({{"memory", "2Gi"}})},
      {.name = "pod scaled down, don't use status",
       .containers = {limited("container-1", lim({{"memory", "1Gi"}}))},
       .statuses = {limit_status("container-1", lim({{"memory", "2Gi"}}))},
       .want = rl({{"memory", "1Gi"}})},
      {.name = "pod scaled up with restartable init containers",
       .options = use_status(),
       .init_containers = {limited_sidecar("restartable-init-1", lim({{"memory", "2Gi"}}))},
       .init_statuses = {limit_status("restartable-init-1", lim({{"memory", "1Gi"}}))},
       .want = rl({{"memory", "2Gi"}})},
      {.name = "pod scaled down with restartable init containers",
       .options = use_status(),
       .init_containers = {limited_sidecar("restartable-init-1", lim({{"memory", "1Gi"}}))},
       .init_statuses = {limit_status("restartable-init-1", lim({{"memory", "2Gi"}}))},
       .want = rl({{"memory", "2Gi"}})},
      {.name = "pod scaled down with restartable init containers, don't use status",
       .init_containers = {limited_sidecar("restartable-init-1", lim({{"memory", "1Gi"}}))},
       .init_statuses = {limit_status("restartable-init-1", lim({{"memory", "2Gi"}}))},
       .want = rl({{"memory", "1Gi"}})},
      {.name = "aggregate limit resolves max of sums instead of sum of maxes",
       .options = use_status(),
       .containers = {limited("c1", lim({{"cpu", "1"}})), limited("c2", lim({{"cpu", "2"}}))},
       .statuses = {limit_status("c1", lim({{"cpu", "2"}})), limit_status("c2", lim({{"cpu", "1"}}))},
       .want = rl({{"cpu", "3"}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) { CHECK_LIST(pod_limits(status_case_pod(c), c.options), c.want); }
  }
}

TEST_CASE("TestIsPodLevelResourcesSet") {
  struct Case {
    const char* name;
    std::optional<ResourceRequirements> resources = {};
    bool want = {};
  };
  const Case cases[] = {
      {"nil resources struct", std::nullopt, false},
      {"empty resources struct", ResourceRequirements{}, false},
      {"only unsupported resource requests set", ResourceRequirements{rl({{"ephemeral-storage", "1Mi"}}), {}, {}},
       false},
      {"only unsupported resource limits set", ResourceRequirements{{}, rl({{"ephemeral-storage", "1Mi"}}), {}}, false},
      {"unsupported and suported resources requests set",
       ResourceRequirements{rl({{"ephemeral-storage", "1Mi"}, {"cpu", "1m"}}), {}, {}}, true},
      {"unsupported and suported resources limits set",
       ResourceRequirements{{}, rl({{"ephemeral-storage", "1Mi"}, {"cpu", "1m"}}), {}}, true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      Pod pod;
      pod.spec.resources = c.resources;
      CHECK(is_pod_level_resources_set(pod) == c.want);
    }
  }
}

TEST_CASE("TestIsPodLevelLimitsSet") {
  struct Case {
    const char* name;
    std::optional<ResourceRequirements> resources = {};
    bool want = {};
  };
  const Case cases[] = {
      {"nil resources struct", std::nullopt, false},
      {"empty resources struct", ResourceRequirements{}, false},
      {"only resource requests set", ResourceRequirements{rl({{"memory", "100Mi"}}), {}, {}}, false},
      {"only unsupported resource limits set", ResourceRequirements{{}, rl({{"ephemeral-storage", "1Mi"}}), {}}, false},
      {"unsupported and suported resources limits set",
       ResourceRequirements{{}, rl({{"ephemeral-storage", "1Mi"}, {"cpu", "1m"}}), {}}, true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      Pod pod;
      pod.spec.resources = c.resources;
      CHECK(is_pod_level_limits_set(pod) == c.want);
    }
  }
}

TEST_CASE("TestPodLevelResourceRequests") {
  struct Case {
    const char* name;
    PodResourcesOptions options = {};
    ResourceRequirements pod_resources = {};
    std::vector<Container> init_containers = {};
    std::vector<Container> containers = {};
    ResourceList want = {};
  };
  PodResourcesOptions skip_pod_level;
  skip_pod_level.skip_pod_level_resources = true;
  const auto requests = [](ResourceList list) { return ResourceRequirements{std::move(list), std::nullopt, {}}; };
  const auto both = [](ResourceList r, ResourceList l) { return ResourceRequirements{std::move(r), std::move(l), {}}; };
  const auto mem3_cpu2 = container("", req({{"memory", "3Mi"}, {"cpu", "2m"}}));
  const Case cases[] = {
      {.name = "nil", .want = {}},
      {.name = "pod level memory resource with SkipPodLevelResources true",
       .options = skip_pod_level,
       .pod_resources = requests(rl({{"memory", "2Mi"}})),
       .want = {}},
      {.name = "pod level memory resource with SkipPodLevelResources false",
       .pod_resources = requests(rl({{"memory", "2Mi"}})),
       .want = rl({{"memory", "2Mi"}})},
      {.name = "pod level memory and container level cpu resources with SkipPodLevelResources false",
       .pod_resources = requests(rl({{"memory", "2Mi"}})),
       .containers = {container("", req({{"cpu", "2m"}}))},
       .want = rl({{"memory", "2Mi"}, {"cpu", "2m"}})},
      {.name = "pod level unsupported resources set at both pod-level and container-level with SkipPodLevelResources "
               "false",
       .pod_resources = requests(rl({{"storage", "2Mi"}})),
       .containers = {container("", req({{"storage", "3Mi"}}))},
       .want = rl({{"storage", "3Mi"}})},
      {.name = "pod level unsupported resources set at pod-level with SkipPodLevelResources false",
       .pod_resources = requests(rl({{"storage", "2Mi"}})),
       .containers = {container("", req({{"memory", "3Mi"}}))},
       .want = rl({{"memory", "3Mi"}})},
      {.name = "only container level resources set with SkipPodLevelResources false",
       .containers = {mem3_cpu2},
       .want = rl({{"memory", "3Mi"}, {"cpu", "2m"}})},
      {.name = "both container-level and pod-level resources set with SkipPodLevelResources false",
       .pod_resources = requests(rl({{"memory", "6Mi"}, {"cpu", "8m"}})),
       .containers = {mem3_cpu2},
       .want = rl({{"memory", "6Mi"}, {"cpu", "8m"}})},
      {.name = "container-level resources and init container set with SkipPodLevelResources false",
       .init_containers = {container("", req({{"memory", "5Mi"}, {"cpu", "4m"}}))},
       .containers = {mem3_cpu2},
       .want = rl({{"memory", "5Mi"}, {"cpu", "4m"}})},
      {.name = "container-level resources and init container set with SkipPodLevelResources true",
       .options = skip_pod_level,
       .init_containers = {container("", req({{"memory", "5Mi"}, {"cpu", "4m"}}))},
       .containers = {mem3_cpu2},
       .want = rl({{"memory", "5Mi"}, {"cpu", "4m"}})},
      {.name = "container-level resources and sidecar container set with SkipPodLevelResources false",
       .init_containers = {sidecar("", req({{"memory", "5Mi"}, {"cpu", "4m"}}))},
       .containers = {mem3_cpu2},
       .want = rl({{"memory", "8Mi"}, {"cpu", "6m"}})},
      {.name = "container-level resources, init and sidecar container set with SkipPodLevelResources false",
       .init_containers = {sidecar("", req({{"memory", "5Mi"}, {"cpu", "4m"}})),
                           container("", req({{"memory", "6Mi"}, {"cpu", "8m"}}))},
       .containers = {mem3_cpu2},
       .want = rl({{"memory", "11Mi"}, {"cpu", "12m"}})},
      {.name = "pod-level resources, container-level resources, init and sidecar container set with "
               "SkipPodLevelResources false",
       .pod_resources = requests(rl({{"memory", "15Mi"}, {"cpu", "18m"}})),
       .init_containers = {sidecar("", req({{"memory", "5Mi"}, {"cpu", "4m"}})),
                           container("", req({{"memory", "6Mi"}, {"cpu", "8m"}}))},
       .containers = {mem3_cpu2},
       .want = rl({{"memory", "15Mi"}, {"cpu", "18m"}})},
      {.name = "pod-level resources, hugepage request/limit single page size",
       .pod_resources = both(rl({{"memory", "10Mi"}, {"hugepages-2Mi", "2Mi"}}), rl({{"hugepages-2Mi", "2Mi"}})),
       .want = rl({{"memory", "10Mi"}, {"hugepages-2Mi", "2Mi"}})},
      {.name = "pod-level resources, hugepage request/limit multiple page sizes",
       .pod_resources = both(rl({{"cpu", "1"}, {"hugepages-2Mi", "2Mi"}, {"hugepages-1Gi", "1Gi"}}),
                             rl({{"hugepages-2Mi", "2Mi"}, {"hugepages-1Gi", "1Gi"}})),
       .want = rl({{"cpu", "1"}, {"hugepages-2Mi", "2Mi"}, {"hugepages-1Gi", "1Gi"}})},
      {.name = "pod-level resources, container-level resources, hugepage request/limit single page size",
       .pod_resources = both(rl({{"cpu", "1"}, {"hugepages-2Mi", "10Mi"}}), rl({{"hugepages-2Mi", "10Mi"}})),
       .containers = {container("", req({{"hugepages-2Mi", "6Mi"}}), req({{"hugepages-2Mi", "6Mi"}}))},
       .want = rl({{"cpu", "1"}, {"hugepages-2Mi", "10Mi"}})},
      {.name = "pod-level resources, container-level resources, hugepage request/limit multiple page sizes",
       .pod_resources = both(rl({{"cpu", "1"}, {"hugepages-2Mi", "10Mi"}, {"hugepages-1Gi", "2Gi"}}),
                             rl({{"hugepages-2Mi", "10Mi"}, {"hugepages-1Gi", "2Gi"}})),
       .containers = {container("", req({{"cpu", "1"}, {"hugepages-1Gi", "2Gi"}}), req({{"hugepages-1Gi", "2Gi"}}))},
       .want = rl({{"cpu", "1"}, {"hugepages-2Mi", "10Mi"}, {"hugepages-1Gi", "2Gi"}})},
      {.name = "pod-level resources, container-level resources, hugepage request/limit multiple page sizes between "
               "pod-level and container-level",
       .pod_resources = both(rl({{"cpu", "1"}, {"hugepages-2Mi", "10Mi"}}), rl({{"hugepages-2Mi", "10Mi"}})),
       .containers = {container("", req({{"memory", "4Mi"}, {"hugepages-1Gi", "1Gi"}}), req({{"hugepages-1Gi", "1Gi"}}))},
       .want = rl({{"cpu", "1"}, {"memory", "4Mi"}, {"hugepages-2Mi", "10Mi"}, {"hugepages-1Gi", "1Gi"}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      Pod pod;
      pod.spec.resources = c.pod_resources;
      pod.spec.containers = c.containers;
      pod.spec.init_containers = c.init_containers;
      CHECK_LIST(pod_requests(pod, c.options), c.want);
    }
  }
}

TEST_CASE("TestIsSupportedPodLevelResource") {
  struct Case {
    const char* name;
    bool want = {};
  };
  const Case cases[] = {
      {"cpu", true}, {"memory", true}, {"ephemeral-storage", false}, {"hugepages-2Mi", true}, {"hugepages-1Gi", true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) { CHECK(is_supported_pod_level_resource(c.name) == c.want); }
  }
}

TEST_CASE("TestAggregateContainerRequestsAndLimits") {
  struct Case {
    const char* name;
    PodResourcesOptions options = {};
    std::vector<Container> containers = {};
    std::vector<ContainerStatus> statuses = {};
    std::vector<Container> init_containers = {};
    std::vector<ContainerStatus> init_statuses = {};
    std::optional<ResourceList> pod_allocated = {};
    std::optional<ResourceRequirements> pod_status_resources = {};
    ResourceList want_requests = {};
    ResourceList want_limits = {};
  };
  PodResourcesOptions pod_level_status = use_status();
  pod_level_status.in_place_pod_level_resources_vertical_scaling = true;
  const auto limits_only = [](const char* cpu) { return container("", std::nullopt, rl({{"cpu", cpu}})); };
  const auto requests_only = [](const char* cpu) { return container("", rl({{"cpu", cpu}})); };
  const auto c1 = container("c1", rl({{"cpu", "1"}}), rl({{"cpu", "2"}}));
  const Case cases[] = {
      {.name = "one container with limits", .containers = {limits_only("9")}, .want_limits = rl({{"cpu", "9"}})},
      {.name = "two containers with limits",
       .containers = {limits_only("9"), limits_only("9")},
       .want_limits = rl({{"cpu", "18"}})},
      {.name = "one container with requests", .containers = {requests_only("9")}, .want_requests = rl({{"cpu", "9"}})},
      {.name = "two containers with requests",
       .containers = {requests_only("9"), requests_only("9")},
       .want_requests = rl({{"cpu", "18"}})},
      {.name = "regular and init containers with requests",
       .containers = {requests_only("9")},
       .init_containers = {requests_only("9")},
       .want_requests = rl({{"cpu", "9"}})},
      {.name = "regular, init and sidecar containers with requests",
       .containers = {requests_only("9")},
       .init_containers = {sidecar("", rl({{"cpu", "8"}})), requests_only("6")},
       .want_requests = rl({{"cpu", "17"}})},
      {.name = "regular and init containers with limits",
       .containers = {limits_only("9")},
       .init_containers = {limits_only("9")},
       .want_limits = rl({{"cpu", "9"}})},
      {.name = "regular, init and sidecar containers with limits",
       .containers = {limits_only("9")},
       .init_containers = {sidecar("", std::nullopt, rl({{"cpu", "8"}})), limits_only("6")},
       .want_limits = rl({{"cpu", "17"}})},
      {.name = "regularcontainers with empty requests, but status with non-empty requests",
       .options = use_status(),
       .containers = {container("container-1", std::nullopt)},
       .statuses = {container_status("container-1", std::nullopt, rl({{"cpu", "2"}}))},
       .want_requests = rl({{"cpu", "2"}})},
      {.name = "always-restart init containers with empty requests, but status with non-empty requests",
       .options = use_status(),
       .init_containers = {sidecar("container-1", std::nullopt)},
       .init_statuses = {container_status("container-1", std::nullopt, rl({{"cpu", "2"}}))},
       .want_requests = rl({{"cpu", "2"}})},
      {.name = "aggregate container request resolves max of sums instead of sum of maxes",
       .options = use_status(),
       .containers = {container("c1", rl({{"cpu", "1"}})), container("c2", rl({{"cpu", "2"}}))},
       .statuses = {container_status("c1", rl({{"cpu", "2"}})), container_status("c2", rl({{"cpu", "1"}}))},
       .want_requests = rl({{"cpu", "3"}})},
      {.name = "aggregate container limit resolves max of sums instead of sum of maxes",
       .options = use_status(),
       .containers = {container("c1", std::nullopt, rl({{"cpu", "1"}})),
                      container("c2", std::nullopt, rl({{"cpu", "2"}}))},
       .statuses = {container_status("c1", std::nullopt, std::nullopt, rl({{"cpu", "2"}})),
                    container_status("c2", std::nullopt, std::nullopt, rl({{"cpu", "1"}}))},
       .want_limits = rl({{"cpu", "3"}})},
      {.name = "aggregate container request/limit resolves directly from pod status when PLR vertical scaling enabled",
       .options = pod_level_status,
       .containers = {c1},
       .pod_allocated = rl({{"cpu", "4"}}),
       .pod_status_resources = ResourceRequirements{rl({{"cpu", "3"}}), rl({{"cpu", "5"}}), {}},
       .want_requests = rl({{"cpu", "4"}}),
       .want_limits = rl({{"cpu", "5"}})},
      {.name = "falls back to container status aggregation when PLR vertical scaling enabled but "
               "podAllocatedResources is nil",
       .options = pod_level_status,
       .containers = {c1},
       .statuses = {container_status("c1", rl({{"cpu", "6"}}), rl({{"cpu", "5"}}), rl({{"cpu", "7"}}))},
       .pod_status_resources = ResourceRequirements{rl({{"cpu", "3"}}), rl({{"cpu", "7"}}), {}},
       .want_requests = rl({{"cpu", "6"}}),
       .want_limits = rl({{"cpu", "7"}})},
      {.name = "falls back to container status aggregation when PLR vertical scaling enabled but podResources is nil",
       .options = pod_level_status,
       .containers = {c1},
       .statuses = {container_status("c1", rl({{"cpu", "6"}}), rl({{"cpu", "5"}}), rl({{"cpu", "8"}}))},
       .pod_allocated = rl({{"cpu", "6"}}),
       .want_requests = rl({{"cpu", "6"}}),
       .want_limits = rl({{"cpu", "8"}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      Pod pod;
      pod.spec.containers = c.containers;
      pod.spec.init_containers = c.init_containers;
      pod.status.container_statuses = c.statuses;
      pod.status.init_container_statuses = c.init_statuses;
      pod.status.allocated_resources = c.pod_allocated;
      pod.status.resources = c.pod_status_resources;
      CHECK_LIST(aggregate_container_requests(pod, c.options), c.want_requests);
      CHECK_LIST(aggregate_container_limits(pod, c.options), c.want_limits);
    }
  }
}

TEST_CASE("TestPodRequestsAndLimitsVerticalScalingWrappers") {
  struct Case {
    const char* name;
    Pod pod = {};
    PodResourcesOptions options = {};
    ResourceList want_requests = {};
    ResourceList want_limits = {};
  };
  PodResourcesOptions pod_level_status = use_status();
  pod_level_status.in_place_pod_level_resources_vertical_scaling = true;
  PodResourcesOptions non_missing;
  non_missing.non_missing_container_requests = rl({{"memory", "100Mi"}});
  const auto c1 = container("c1", rl({{"cpu", "1"}}), rl({{"cpu", "2"}}));

  Pod status_populated;
  status_populated.spec.resources = ResourceRequirements{rl({{"cpu", "2"}}), rl({{"cpu", "4"}}), {}};
  status_populated.spec.containers = {c1};
  status_populated.status.allocated_resources = rl({{"cpu", "3"}});
  status_populated.status.resources = ResourceRequirements{rl({{"cpu", "3.5"}}), rl({{"cpu", "5"}}), {}};

  Pod infeasible_resize;
  infeasible_resize.spec.resources = ResourceRequirements{rl({{"cpu", "10"}}), rl({{"cpu", "20"}}), {}};
  infeasible_resize.spec.containers = {c1};
  infeasible_resize.status.conditions = {resize_pending("Infeasible")};
  infeasible_resize.status.allocated_resources = rl({{"cpu", "3"}});
  infeasible_resize.status.resources = ResourceRequirements{rl({{"cpu", "4"}}), rl({{"cpu", "8"}}), {}};

  Pod infeasible_limits;
  infeasible_limits.spec.containers = {container("c1", std::nullopt, rl({{"cpu", "10"}}))};
  infeasible_limits.status.conditions = {resize_pending("Infeasible")};
  infeasible_limits.status.container_statuses = {container_status("c1", std::nullopt, std::nullopt, rl({{"cpu", "6"}}))};

  Pod init_only;
  init_only.spec.init_containers = {container("i1", rl({{"cpu", "1"}}))};
  Pod regular_only;
  regular_only.spec.containers = {container("c1", rl({{"cpu", "1"}}))};

  const Case cases[] = {
      {"pod level requests/limits with PLR vertical scaling enabled and status populated", status_populated,
       pod_level_status, rl({{"cpu", "3.5"}}), rl({{"cpu", "5"}})},
      {"pod level requests/limits with PLR vertical scaling enabled and infeasible resize", infeasible_resize,
       pod_level_status, rl({{"cpu", "4"}}), rl({{"cpu", "8"}})},
      {"container limits aggregation with infeasible resize", infeasible_limits, use_status(), {}, rl({{"cpu", "6"}})},
      {"non missing container requests applied to init container", init_only, non_missing,
       rl({{"cpu", "1"}, {"memory", "100Mi"}}), {}},
      {"non missing container requests applied to regular container", regular_only, non_missing,
       rl({{"cpu", "1"}, {"memory", "100Mi"}}), {}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      CHECK_LIST(pod_requests(c.pod, c.options), c.want_requests);
      CHECK_LIST(pod_limits(c.pod, c.options), c.want_limits);
    }
  }
}

TEST_CASE("TestResizeConditionsAndSupportedResources") {
  Pod pod;
  pod.status.conditions = {resize_pending("Deferred")};
  CHECK(is_pod_resize_deferred(pod));
  CHECK_FALSE(is_pod_resize_infeasible(pod));
  pod.status.conditions[0].reason = "Other";
  CHECK_FALSE(is_pod_resize_deferred(pod));
  CHECK(is_supported_pod_level_resource("cpu"));
}

// Beyond the upstream tables: only the first PodResizePending condition counts, and an
// explicit zero request is not replaced by a non-missing default.
TEST_CASE("pod resources: resize condition and non-missing details") {
  SUBCASE("first PodResizePending condition decides") {
    Pod pod;
    pod.status.conditions = {resize_pending("Deferred"), resize_pending("Infeasible")};
    CHECK(is_pod_resize_deferred(pod));
    CHECK_FALSE(is_pod_resize_infeasible(pod));
  }
  SUBCASE("explicit zero request stays zero") {
    Pod pod;
    pod.spec.containers = {container("c", rl({{"cpu", "0"}})), container("d", std::nullopt)};
    PodResourcesOptions options;
    options.non_missing_container_requests = rl({{"cpu", "100m"}, {"memory", "200Mi"}});
    CHECK_LIST(pod_requests(pod, options), rl({{"cpu", "100m"}, {"memory", "400Mi"}}));
  }
  SUBCASE("skip container level resources keeps only pod level and overhead") {
    Pod pod;
    pod.spec.resources = ResourceRequirements{rl({{"cpu", "2"}}), std::nullopt, {}};
    pod.spec.containers = {container("c", rl({{"cpu", "1"}, {"memory", "1Gi"}}))};
    pod.spec.overhead = rl({{"memory", "10Mi"}});
    PodResourcesOptions options;
    options.skip_container_level_resources = true;
    CHECK_LIST(pod_requests(pod, options), rl({{"cpu", "2"}, {"memory", "10Mi"}}));
  }
}

}  // namespace
}  // namespace podfit

namespace podfit {
namespace {

TEST_CASE("pod requests before v1.37: each container's own max, then the aggregate") {
  // c1 grew (spec 1, running with 2), c2 shrank (spec 2, running with 1).
  Pod pod;
  pod.spec.containers = {testing::container("c1", testing::rl({{"cpu", "1"}}), testing::rl({{"cpu", "4"}})),
                         testing::container("c2", testing::rl({{"cpu", "2"}}), testing::rl({{"cpu", "4"}}))};
  pod.spec.init_containers = {testing::container("setup", testing::rl({{"cpu", "3"}}))};
  pod.status.container_statuses = {
      testing::container_status("c1", testing::rl({{"cpu", "1"}}), testing::rl({{"cpu", "2"}}), testing::rl({{"cpu", "3"}})),
      testing::container_status("c2", testing::rl({{"cpu", "2"}}), testing::rl({{"cpu", "1"}}), testing::rl({{"cpu", "5"}}))};
  PodResourcesOptions per_container;
  per_container.use_status_resources = true;
  per_container.per_container_status = true;
  PodResourcesOptions max_of_sums;
  max_of_sums.use_status_resources = true;
  // v1.33 to v1.36: max(1, 2, 1) + max(2, 1, 2) = 4; limits max(4, 3) + max(4, 5) = 9.
  CHECK(pod_requests(pod, per_container).find("cpu")->to_string() == "4");
  CHECK(pod_limits(pod, per_container).find("cpu")->to_string() == "9");
  // v1.37: max(spec 3, actuated 3, allocated 3) = 3; limits max(8, 8) = 8.
  CHECK(pod_requests(pod, max_of_sums).find("cpu")->to_string() == "3");
  CHECK(pod_limits(pod, max_of_sums).find("cpu")->to_string() == "8");
  // Infeasible: status resources and allocated only, per container: max(2, 1) + max(1, 2) = 4;
  // limits are the status's: 3 + 5.
  pod.status.conditions = {testing::resize_pending("Infeasible")};
  CHECK(pod_requests(pod, per_container).find("cpu")->to_string() == "4");
  CHECK(pod_limits(pod, per_container).find("cpu")->to_string() == "8");
  // Without status resources, a container counts its spec (allocated alone is not read).
  pod.status.conditions.clear();
  pod.status.container_statuses = {testing::container_status("c1", testing::rl({{"cpu", "9"}}))};
  CHECK(pod_requests(pod, per_container).find("cpu")->to_string() == "3");
}

}  // namespace
}  // namespace podfit
