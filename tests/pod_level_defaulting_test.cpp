// PodLevelResourcesFixDefaulting (kubernetes/kubernetes#140514, v1.37): pod-level limits
// defaulted from the containers' when every container limits the resource, after the mutating
// admission plugins; before v1.37 only hugepage limits and the requests are defaulted.
#include <doctest/doctest.h>

#include <string>

#include "load_test_support.h"
#include "podfit/admission/admission.h"
#include "podfit/load/pod_creation.h"

namespace podfit {
namespace {

using testing::load_cluster_ok;

// "cpu=2 memory=1Gi" of a list, in name order; "-" when absent.
std::string show(const std::optional<ResourceList>& list) {
  if (!list) return "-";
  std::string out;
  for (const auto& [name, q] : *list) out += (out.empty() ? "" : " ") + std::string(name) + "=" + q.to_string();
  return out;
}

Pod pod_of(const std::string& resources, const std::string& containers) {
  ClusterState s = load_cluster_ok("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n" + resources +
                                   "  containers:\n" + containers);
  return s.pods[0];
}

TEST_CASE("pod-level limits default from every container's limit (v1.37)") {
  struct Case {
    const char* name;
    std::string resources;   // spec.resources, indented
    std::string containers;  // spec.containers (and initContainers), indented
    std::string want_limits;
    std::string want_requests;
  };
  const Case cases[] = {
      {"pod-level requests, every container limits cpu and memory: both default to the sums",
       "  resources:\n    requests: {cpu: 500m, memory: 256Mi}\n",
       "  - {name: a, image: i, resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 300m, memory: 128Mi}}}\n"
       "  - {name: b, image: i, resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 700m, memory: 256Mi}}}\n",
       "cpu=1 memory=384Mi", "cpu=500m memory=256Mi"},
      {"a container without a memory limit: memory stays unlimited at pod level",
       "  resources:\n    requests: {cpu: 500m, memory: 256Mi}\n",
       "  - {name: a, image: i, resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 300m, memory: 128Mi}}}\n"
       "  - {name: b, image: i, resources: {requests: {cpu: 100m}, limits: {cpu: 700m}}}\n",
       "cpu=1", "cpu=500m memory=256Mi"},
      {"a pod-level limit given is kept",
       "  resources:\n    requests: {cpu: 500m}\n    limits: {cpu: \"4\"}\n",
       "  - {name: a, image: i, resources: {requests: {cpu: 100m}, limits: {cpu: \"1\"}}}\n",
       "cpu=4", "cpu=500m"},
      {"the pod-level request above the containers' limits raises the defaulted limit to it",
       "  resources:\n    requests: {cpu: \"2\"}\n",
       "  - {name: a, image: i, resources: {limits: {cpu: 500m}}}\n  - {name: b, image: i, resources: {limits: {cpu: 500m}}}\n",
       "cpu=2", "cpu=2"},
      {"an init container without the limit keeps it from defaulting",
       "  resources:\n    requests: {cpu: 500m}\n",
       "  - {name: a, image: i, resources: {requests: {cpu: 100m}, limits: {cpu: 500m}}}\n"
       "  initContainers:\n  - {name: init, image: i}\n",
       "-", "cpu=500m"},
      {"no pod-level resources: nothing defaulted", "",
       "  - {name: a, image: i, resources: {limits: {cpu: 500m}}}\n", "", ""},
      {"extended resources are not pod-level resources",
       "  resources:\n    requests: {cpu: 500m}\n",
       "  - {name: a, image: i, resources: {limits: {cpu: 500m, example.com/gpu: \"1\"}}}\n",
       "cpu=500m", "cpu=500m"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      Pod pod = pod_of(c.resources, c.containers);
      default_pod_level_limits(pod);
      if (c.resources.empty()) {
        CHECK_FALSE(pod.spec.resources.has_value());
      } else {
        REQUIRE(pod.spec.resources.has_value());
        CHECK(show(pod.spec.resources->limits) == c.want_limits);
        CHECK(show(pod.spec.resources->requests) == c.want_requests);
      }
    }
  }
}

TEST_CASE("PodLevelResourcesFixDefaulting: after LimitRanger, and only from v1.37") {
  ClusterState cluster = load_cluster_ok(R"(apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: default}
spec:
  limits:
  - type: Container
    default: {memory: 512Mi}
)");
  const std::string resources = "  resources:\n    requests: {cpu: 500m, memory: 256Mi}\n";
  const std::string containers = "  - {name: a, image: i, resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: \"1\"}}}\n";
  for (int minor : {36, 37}) {
    CAPTURE(minor);
    Pod pod = pod_of(resources, containers);
    REQUIRE_FALSE(admit_pod_creation(pod, cluster, nullptr, FeatureGates::for_release(KubernetesRelease{minor})));
    // The LimitRange's memory default counts: the strategy runs after the mutating plugins.
    CHECK(show(pod.spec.resources->limits) == (minor >= 37 ? "cpu=1 memory=512Mi" : "-"));
  }
  // The gate turned off in v1.37 keeps the v1.36 behaviour.
  FeatureGates off = FeatureGates::for_release(KubernetesRelease{37});
  std::string error;
  REQUIRE(off.set("PodLevelResourcesFixDefaulting", false, &error));
  Pod pod = pod_of(resources, containers);
  REQUIRE_FALSE(admit_pod_creation(pod, cluster, nullptr, off));
  CHECK_FALSE(pod.spec.resources->limits.has_value());
}

}  // namespace
}  // namespace podfit
