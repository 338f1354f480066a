// The API server's admission plugins for pods being created: defaulttolerationseconds'
// admission_test.go cases, Priority's refusals, and the chain over --pod candidates.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builders.h"
#include "podfit/admission/admission.h"

using namespace podfit;

namespace {

Toleration toleration(std::string key, std::string op, std::string effect, std::optional<int64_t> seconds = std::nullopt,
                      std::string value = "") {
  return Toleration{std::move(key), std::move(op), std::move(value), std::move(effect), seconds};
}

std::string show(const std::vector<Toleration>& tolerations) {
  std::string out;
  for (const Toleration& t : tolerations) {
    out += "{" + t.key + " " + t.op + " " + t.value + " " + t.effect + " " +
           (t.toleration_seconds ? std::to_string(*t.toleration_seconds) : std::string("-")) + "}";
  }
  return out;
}

const Toleration kNotReady = toleration("node.kubernetes.io/not-ready", "Exists", "NoExecute", 300);
const Toleration kUnreachable = toleration("node.kubernetes.io/unreachable", "Exists", "NoExecute", 300);

}  // namespace

TEST_CASE("DefaultTolerationSeconds (TestForgivenessAdmission)") {
  struct Case {
    const char* name;
    std::vector<Toleration> given;
    std::vector<Toleration> want;
  };
  const Toleration other = toleration("foo", "Equal", "NoSchedule", std::nullopt, "bar");
  const Toleration not_ready_700 = toleration("node.kubernetes.io/not-ready", "Exists", "NoExecute", 700);
  const Toleration unreachable_700 = toleration("node.kubernetes.io/unreachable", "Exists", "NoExecute", 700);
  const Toleration not_ready_any_effect = toleration("node.kubernetes.io/not-ready", "Exists", "");
  const Toleration not_ready_no_schedule = toleration("node.kubernetes.io/not-ready", "Exists", "NoSchedule");
  const Toleration everything = toleration("", "Exists", "");
  const Toleration every_no_execute = toleration("", "Exists", "NoExecute", 700);
  const std::vector<Case> cases = {
      {"pod has no tolerations, expect add tolerations for `not-ready:NoExecute` and `unreachable:NoExecute`",
       {},
       {kNotReady, kUnreachable}},
      {"pod has tolerations, but none is for taint `not-ready:NoExecute` or `unreachable:NoExecute`, expect add "
       "tolerations for `not-ready:NoExecute` and `unreachable:NoExecute`",
       {other},
       {other, kNotReady, kUnreachable}},
      {"pod specified a toleration for taint `not-ready:NoExecute`, expect add toleration for `unreachable:NoExecute`",
       {not_ready_700},
       {not_ready_700, kUnreachable}},
      {"pod specified a toleration for taint `unreachable:NoExecute`, expect add toleration for `not-ready:NoExecute`",
       {unreachable_700},
       {unreachable_700, kNotReady}},
      {"pod specified tolerations for both `not-ready:NoExecute` and `unreachable:NoExecute`, expect no update",
       {not_ready_700, unreachable_700},
       {not_ready_700, unreachable_700}},
      {"pod specified toleration for taint `not-ready` with any effect, expect add toleration for `unreachable:NoExecute`",
       {not_ready_any_effect},
       {not_ready_any_effect, kUnreachable}},
      {"a NoSchedule toleration of `not-ready` is not one of its NoExecute taint",
       {not_ready_no_schedule},
       {not_ready_no_schedule, kNotReady, kUnreachable}},
      {"pod has wildcard toleration for all kind of taints, expect no update", {everything}, {everything}},
      {"a toleration of every NoExecute taint covers both", {every_no_execute}, {every_no_execute}},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      Pod pod = testing::PodBuilder("p");
      pod.spec.tolerations = c.given;
      add_default_toleration_seconds(pod);
      CHECK(show(pod.spec.tolerations) == show(c.want));
    }
  }
}

TEST_CASE("admission chain: Priority refuses, DefaultTolerationSeconds mutates, created pods are left alone") {
  ClusterState cluster;
  PriorityClass high;
  high.metadata.name = "high";
  high.value = 1000;
  cluster.priority_classes.push_back(high);

  std::vector<Candidate> candidates(4);
  candidates[0].pod = testing::PodBuilder("known");
  candidates[0].pod.spec.priority_class_name = "high";
  candidates[1].pod = testing::PodBuilder("unknown-class");
  candidates[1].pod.spec.priority_class_name = "missing";
  candidates[2].pod = testing::PodBuilder("contradicting");
  candidates[2].pod.spec.priority_class_name = "high";
  candidates[2].pod.spec.priority = 7;
  candidates[3].pod = testing::PodBuilder("created");
  candidates[3].pod.metadata.uid = "uid-1";
  candidates[3].pod.spec.priority_class_name = "missing";
  admit_candidates(candidates, cluster);

  CHECK_FALSE(candidates[0].refused);
  CHECK(candidates[0].pod.spec.priority == std::optional<int32_t>(1000));
  CHECK(show(candidates[0].pod.spec.tolerations) == show({kNotReady, kUnreachable}));
  REQUIRE(candidates[1].refused);
  CHECK(candidates[1].refused->plugin == "Priority");
  CHECK(candidates[1].refused->message == "pods \"unknown-class\" is forbidden: no PriorityClass with name missing was found");
  REQUIRE(candidates[2].refused);
  CHECK(candidates[2].refused->message ==
        "pods \"contradicting\" is forbidden: the integer value of priority (7) must not be provided in pod spec; "
        "priority admission controller computed 1000 from the given PriorityClass name");
  CHECK_FALSE(candidates[3].refused);  // in the cluster already: admitted when it was created
  CHECK(candidates[3].pod.spec.tolerations.empty());
}

namespace {

ClusterState with_runtime_class(RuntimeClass rc) {
  ClusterState cluster;
  cluster.runtime_classes.push_back(std::move(rc));
  return cluster;
}

RuntimeClass runtime_class(std::string name) {
  RuntimeClass rc;
  rc.metadata.name = std::move(name);
  rc.handler = "runsc";
  return rc;
}

ResourceList overhead(const char* cpu, const char* memory) {
  return ResourceList{{"cpu", Quantity::parse(cpu).value()}, {"memory", Quantity::parse(memory).value()}};
}

}  // namespace

TEST_CASE("RuntimeClass: overhead (TestSetOverhead, TestValidateOverhead)") {
  RuntimeClass rc = runtime_class("gvisor");
  rc.has_overhead = true;
  rc.pod_fixed = overhead("100m", "100Mi");
  const ClusterState cluster = with_runtime_class(rc);
  SUBCASE("the class's overhead is set") {
    Pod pod = testing::PodBuilder("p");
    pod.spec.runtime_class_name = "gvisor";
    CHECK_FALSE(admit_runtime_class(pod, cluster));
    REQUIRE(pod.spec.overhead);
    CHECK(pod.spec.overhead->find("cpu")->to_string() == "100m");
    CHECK_FALSE(validate_runtime_class_overhead(pod, cluster));
  }
  SUBCASE("a pod overhead equal by value is kept") {
    Pod pod = testing::PodBuilder("p");
    pod.spec.runtime_class_name = "gvisor";
    pod.spec.overhead = overhead("0.1", "100Mi");
    CHECK_FALSE(admit_runtime_class(pod, cluster));
    CHECK_FALSE(validate_runtime_class_overhead(pod, cluster));
  }
  SUBCASE("a different pod overhead is refused") {
    Pod pod = testing::PodBuilder("p");
    pod.spec.runtime_class_name = "gvisor";
    pod.spec.overhead = overhead("10m", "10Mi");
    auto refusal = admit_runtime_class(pod, cluster);
    REQUIRE(refusal);
    CHECK(refusal->message == "pods \"p\" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
  }
  SUBCASE("an overhead without a RuntimeClass that defines one is refused") {
    Pod pod = testing::PodBuilder("p");
    pod.spec.overhead = overhead("10m", "10Mi");
    CHECK_FALSE(admit_runtime_class(pod, cluster));
    auto refusal = validate_runtime_class_overhead(pod, cluster);
    REQUIRE(refusal);
    CHECK(refusal->message ==
          "pods \"p\" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead");
  }
  SUBCASE("an unknown RuntimeClass is refused") {
    Pod pod = testing::PodBuilder("p");
    pod.spec.runtime_class_name = "kata";
    auto refusal = admit_runtime_class(pod, cluster);
    REQUIRE(refusal);
    CHECK(refusal->plugin == "RuntimeClass");
    CHECK(refusal->message == "pods \"p\" is forbidden: pod rejected: RuntimeClass \"kata\" not found");
  }
}

TEST_CASE("RuntimeClass: scheduling (TestSetScheduling)") {
  RuntimeClass rc = runtime_class("gvisor");
  rc.has_scheduling = true;
  rc.node_selector = StringMap{{"foo", "bar"}, {"fizz", "buzz"}};
  rc.tolerations = {toleration("foo", "Equal", "NoSchedule", std::nullopt, "bar"),
                    toleration("fizz", "Equal", "NoSchedule", std::nullopt, "buzz")};
  const ClusterState cluster = with_runtime_class(rc);
  SUBCASE("node selector and tolerations merged into the pod's") {
    Pod pod = testing::PodBuilder("p");
    pod.spec.runtime_class_name = "gvisor";
    pod.spec.node_selector.set("foo", "bar");
    pod.spec.tolerations = {toleration("foo", "Equal", "NoSchedule", std::nullopt, "bar")};
    CHECK_FALSE(admit_runtime_class(pod, cluster));
    CHECK(pod.spec.node_selector == StringMap{{"foo", "bar"}, {"fizz", "buzz"}});
    CHECK(show(pod.spec.tolerations) == show(rc.tolerations));
  }
  SUBCASE("a conflicting node selector is refused") {
    Pod pod = testing::PodBuilder("p");
    pod.spec.runtime_class_name = "gvisor";
    pod.spec.node_selector.set("foo", "conflict");
    auto refusal = admit_runtime_class(pod, cluster);
    REQUIRE(refusal);
    CHECK(refusal->message ==
          "pods \"p\" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[foo] = bar; "
          "pod.spec.nodeSelector[foo] = conflict");
  }
}

TEST_CASE("MergeTolerations (TestMergeTolerations)") {
  const Toleration all = toleration("", "Exists", "");
  const Toleration key1_exists = toleration("key1", "Exists", "");
  const Toleration key1_equal = toleration("key1", "Equal", "NoSchedule", std::nullopt, "v1");
  const Toleration key1_other_value = toleration("key1", "Equal", "NoSchedule", std::nullopt, "v2");
  const Toleration exec_100 = toleration("key2", "Exists", "NoExecute", 100);
  const Toleration exec_200 = toleration("key2", "Exists", "NoExecute", 200);
  const Toleration exec_forever = toleration("key2", "Exists", "NoExecute");
  struct Case {
    const char* name;
    std::vector<Toleration> a, b, want;
  };
  const std::vector<Case> cases = {
      {"disjoint lists keep both, in order", {key1_equal}, {exec_100}, {key1_equal, exec_100}},
      {"equal tolerations are kept once", {key1_equal}, {key1_equal}, {key1_equal}},
      {"a wildcard covers everything", {key1_equal, exec_100}, {all}, {all}},
      {"Exists of a key covers its Equal tolerations", {key1_equal, key1_other_value}, {key1_exists}, {key1_exists}},
      {"different values of one key are both kept", {key1_equal}, {key1_other_value}, {key1_equal, key1_other_value}},
      {"a longer NoExecute toleration covers a shorter one", {exec_100}, {exec_200}, {exec_200}},
      {"an unbounded NoExecute toleration covers bounded ones", {exec_200, exec_100}, {exec_forever}, {exec_forever}},
      {"a bounded one does not cover an unbounded one", {exec_forever}, {exec_100}, {exec_forever}},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) { CHECK(show(merge_tolerations(c.a, c.b)) == show(c.want)); }
  }
}

namespace {

ResourceList rl(std::initializer_list<std::pair<const char*, const char*>> entries) {
  ResourceList out;
  for (const auto& [name, value] : entries) out.set(name, Quantity::parse(value).value());
  return out;
}

LimitRange limit_range(std::string name, std::vector<LimitRangeItem> items) {
  LimitRange lr;
  lr.metadata.name = std::move(name);
  lr.metadata.namespace_ = "default";
  lr.limits = std::move(items);
  return lr;
}

Container container(std::string name, std::optional<ResourceList> requests, std::optional<ResourceList> limits) {
  Container c;
  c.name = std::move(name);
  c.resources.requests = std::move(requests);
  c.resources.limits = std::move(limits);
  return c;
}

}  // namespace

TEST_CASE("LimitRanger: defaults (TestMergePodResourceRequirements)") {
  ClusterState cluster;
  LimitRangeItem item;
  item.type = "Container";
  item.default_requests = rl({{"cpu", "100m"}, {"memory", "64Mi"}});
  item.default_limits = rl({{"cpu", "500m"}, {"memory", "128Mi"}});
  cluster.limit_ranges.push_back(limit_range("defaults", {item}));
  Pod pod = testing::PodBuilder("p");
  pod.spec.containers = {container("none", std::nullopt, std::nullopt),
                         container("cpu-only", rl({{"cpu", "1"}}), rl({{"cpu", "2"}}))};
  pod.spec.init_containers = {container("init", std::nullopt, std::nullopt)};
  apply_limit_range_defaults(pod, cluster);
  CHECK(pod.spec.containers[0].resources.requests == rl({{"cpu", "100m"}, {"memory", "64Mi"}}));
  CHECK(pod.spec.containers[0].resources.limits == rl({{"cpu", "500m"}, {"memory", "128Mi"}}));
  // What the container sets stays; only what it lacks is defaulted.
  CHECK(pod.spec.containers[1].resources.requests == rl({{"cpu", "1"}, {"memory", "64Mi"}}));
  CHECK(pod.spec.containers[1].resources.limits == rl({{"cpu", "2"}, {"memory", "128Mi"}}));
  CHECK(pod.spec.init_containers[0].resources.requests == rl({{"cpu", "100m"}, {"memory", "64Mi"}}));
  // Another namespace's LimitRange does not apply.
  Pod other = testing::PodBuilder("q");
  other.metadata.namespace_ = "other";
  other.spec.containers = {container("none", std::nullopt, std::nullopt)};
  apply_limit_range_defaults(other, cluster);
  CHECK_FALSE(other.spec.containers[0].resources.requests);
}

TEST_CASE("LimitRanger: bounds (TestPodLimitFunc)") {
  struct Case {
    const char* name;
    LimitRangeItem item;
    std::vector<Container> containers;
    std::vector<Container> init_containers;
    std::string want;  // "" when admitted
  };
  auto item = [](const char* type, ResourceList min, ResourceList max, ResourceList ratio = {}) {
    LimitRangeItem i;
    i.type = type;
    i.min = std::move(min);
    i.max = std::move(max);
    i.max_limit_request_ratio = std::move(ratio);
    return i;
  };
  const std::vector<Case> cases = {
      {"container within min and max", item("Container", rl({{"cpu", "50m"}}), rl({{"cpu", "1"}})),
       {container("c", rl({{"cpu", "100m"}}), rl({{"cpu", "200m"}}))}, {}, ""},
      {"container request below min", item("Container", rl({{"cpu", "50m"}}), {}),
       {container("c", rl({{"cpu", "25m"}}), std::nullopt)}, {},
       "pods \"p\" is forbidden: minimum cpu usage per Container is 50m, but request is 25m"},
      {"container without a request under a min", item("Container", rl({{"memory", "64Mi"}}), {}),
       {container("c", std::nullopt, std::nullopt)}, {},
       "pods \"p\" is forbidden: minimum memory usage per Container is 64Mi.  No request is specified"},
      {"container limit above max", item("Container", {}, rl({{"cpu", "1"}})),
       {container("c", rl({{"cpu", "500m"}}), rl({{"cpu", "2"}}))}, {},
       "pods \"p\" is forbidden: maximum cpu usage per Container is 1, but limit is 2"},
      {"container without a limit under a max", item("Container", {}, rl({{"cpu", "1"}})),
       {container("c", rl({{"cpu", "500m"}}), std::nullopt)}, {},
       "pods \"p\" is forbidden: maximum cpu usage per Container is 1.  No limit is specified"},
      {"init containers are bounded too", item("Container", {}, rl({{"cpu", "1"}})),
       {container("c", rl({{"cpu", "500m"}}), rl({{"cpu", "1"}}))}, {container("i", rl({{"cpu", "1"}}), rl({{"cpu", "3"}}))},
       "pods \"p\" is forbidden: maximum cpu usage per Container is 1, but limit is 3"},
      {"limit/request ratio above the maximum", item("Container", {}, {}, rl({{"cpu", "2"}})),
       {container("c", rl({{"cpu", "100m"}}), rl({{"cpu", "250m"}}))}, {},
       "pods \"p\" is forbidden: cpu max limit to request ratio per Container is 2, but provided ratio is 2.500000"},
      {"limit/request ratio without a request", item("Container", {}, {}, rl({{"memory", "2"}})),
       {container("c", std::nullopt, rl({{"memory", "1Gi"}}))}, {},
       "pods \"p\" is forbidden: memory max limit to request ratio per Container is 2, but no request is specified or "
       "request is 0"},
      {"several violations are aggregated",
       item("Container", rl({{"cpu", "100m"}, {"memory", "1Gi"}}), {}),
       {container("c", rl({{"cpu", "50m"}, {"memory", "512Mi"}}), std::nullopt)}, {},
       "pods \"p\" is forbidden: [minimum cpu usage per Container is 100m, but request is 50m, minimum memory usage "
       "per Container is 1Gi, but request is 512Mi]"},
      {"pod total above the pod max", item("Pod", {}, rl({{"cpu", "1"}})),
       {container("a", rl({{"cpu", "300m"}}), rl({{"cpu", "600m"}})), container("b", rl({{"cpu", "300m"}}), rl({{"cpu", "600m"}}))},
       {}, "pods \"p\" is forbidden: maximum cpu usage per Pod is 1, but limit is 1200m"},
      {"pod total takes the largest init container", item("Pod", {}, rl({{"cpu", "1"}})),
       {container("a", rl({{"cpu", "300m"}}), rl({{"cpu", "300m"}}))}, {container("i", rl({{"cpu", "2"}}), rl({{"cpu", "2"}}))},
       "pods \"p\" is forbidden: maximum cpu usage per Pod is 1, but limit is 2"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      ClusterState cluster;
      cluster.limit_ranges.push_back(limit_range("bounds", {c.item}));
      Pod pod = testing::PodBuilder("p");
      pod.spec.containers = c.containers;
      pod.spec.init_containers = c.init_containers;
      auto refusal = validate_limit_ranges(pod, cluster);
      CHECK((refusal ? refusal->message : std::string()) == c.want);
      if (refusal) CHECK(refusal->plugin == "LimitRanger");
    }
  }
}

TEST_CASE("admission: a class of a kind the input lacks is not checked, rather than refused") {
  ClusterState without_classes;
  Pod pod = testing::PodBuilder("p");
  pod.spec.priority_class_name = "high";
  pod.spec.runtime_class_name = "gvisor";
  std::vector<std::string> unknown;
  CHECK_FALSE(admit_pod_creation(pod, without_classes, &unknown));
  REQUIRE(unknown.size() == 2);
  CHECK(unknown[0] == "default/p: PriorityClass high not checked: the cluster state has no PriorityClasses (read "
                      "priorityclasses with the rest)");
  CHECK(unknown[1] == "default/p: RuntimeClass gvisor not checked: the cluster state has no RuntimeClasses (read "
                      "runtimeclasses with the rest)");
  // The system classes exist in every cluster: naming an unknown one is refused all the same.
  Pod system = testing::PodBuilder("s");
  system.spec.priority_class_name = "system-node-critical";
  CHECK_FALSE(admit_pod_creation(system, without_classes, &unknown));
  CHECK(system.spec.priority == std::optional<int32_t>(2000001000));
}

namespace {

LimitRangeItem container_defaults(ResourceList default_requests, ResourceList default_limits) {
  LimitRangeItem item;
  item.type = "Container";
  item.default_requests = std::move(default_requests);
  item.default_limits = std::move(default_limits);
  return item;
}

}  // namespace

TEST_CASE("admission: the pod strategy's validation between the phases refuses what the defaults made invalid") {
  // A LimitRange whose default cpu limit is below what a container requests without a limit: the
  // API server's ValidatePodCreate refuses the defaulted pod (422), before any validating plugin.
  ClusterState cluster;
  cluster.limit_ranges.push_back(
      limit_range("limits", {container_defaults(rl({{"cpu", "100m"}, {"memory", "128Mi"}}), rl({{"cpu", "1"}, {"memory", "512Mi"}}))}));

  SUBCASE("one error, bare") {
    Pod pod = testing::PodBuilder("pending-1");
    pod.spec.containers = {container("app", rl({{"cpu", "2"}}), std::nullopt)};
    auto refusal = admit_pod_creation(pod, cluster);
    REQUIRE(refusal);
    CHECK(refusal->plugin.empty());
    CHECK(refusal->message ==
          "Pod \"pending-1\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be less than "
          "or equal to cpu limit of 1");
  }
  SUBCASE("several errors, bracketed, containers then init containers, each container's resources in name order") {
    Pod pod = testing::PodBuilder("pending");
    pod.spec.containers = {container("a", rl({{"cpu", "2"}}), std::nullopt),
                           container("b", rl({{"memory", "1Gi"}}), std::nullopt),
                           container("c", rl({{"cpu", "1500m"}, {"memory", "2Gi"}}), std::nullopt)};
    pod.spec.init_containers = {container("init", rl({{"cpu", "3"}}), std::nullopt)};
    auto refusal = admit_pod_creation(pod, cluster);
    REQUIRE(refusal);
    CHECK(refusal->plugin.empty());
    CHECK(refusal->message ==
          "Pod \"pending\" is invalid: [spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or "
          "equal to cpu limit of 1, spec.containers[1].resources.requests: Invalid value: \"1Gi\": must be less than or "
          "equal to memory limit of 512Mi, spec.containers[2].resources.requests: Invalid value: \"1500m\": must be less "
          "than or equal to cpu limit of 1, spec.containers[2].resources.requests: Invalid value: \"2Gi\": must be less "
          "than or equal to memory limit of 512Mi, spec.initContainers[0].resources.requests: Invalid value: \"3\": must "
          "be less than or equal to cpu limit of 1]");
  }
  SUBCASE("before the validating LimitRanger, whose max the pod breaks too") {
    LimitRangeItem max;
    max.type = "Container";
    max.max = rl({{"cpu", "1500m"}});
    cluster.limit_ranges.push_back(limit_range("max", {max}));
    Pod pod = testing::PodBuilder("p");
    pod.spec.containers = {container("app", rl({{"cpu", "2"}}), std::nullopt)};
    auto refusal = admit_pod_creation(pod, cluster);
    REQUIRE(refusal);
    CHECK(refusal->plugin.empty());
    CHECK(refusal->message ==
          "Pod \"p\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or equal "
          "to cpu limit of 1");
  }
  SUBCASE("a pod the defaults leave valid goes on to the validating plugins") {
    Pod pod = testing::PodBuilder("p");
    pod.spec.containers = {container("app", rl({{"cpu", "500m"}}), std::nullopt)};
    CHECK_FALSE(admit_pod_creation(pod, cluster));
    CHECK(pod.spec.containers[0].resources.limits == rl({{"cpu", "1"}, {"memory", "512Mi"}}));
  }
}

TEST_CASE("admission: validation after the mutating plugins, the other resource rules") {
  auto refused = [](ClusterState cluster, Pod pod, const FeatureGates& gates = {}) {
    auto refusal = admit_pod_creation(pod, cluster, nullptr, gates);
    if (refusal) CHECK(refusal->plugin.empty());
    return refusal ? refusal->message : std::string();
  };
  SUBCASE("a non-overcommitable resource requested by default without a limit") {
    ClusterState cluster;
    cluster.limit_ranges.push_back(limit_range("gpus", {container_defaults(rl({{"example.com/gpu", "1"}}), {})}));
    Pod pod = testing::PodBuilder("p");
    pod.spec.containers = {container("app", std::nullopt, std::nullopt)};
    CHECK(refused(cluster, pod) ==
          "Pod \"p\" is invalid: spec.containers[0].resources.limits: Required value: Limit must be set for non "
          "overcommitable resources");
  }
  SUBCASE("a non-overcommitable resource whose default request and limit differ") {
    ClusterState cluster;
    cluster.limit_ranges.push_back(
        limit_range("gpus", {container_defaults(rl({{"example.com/gpu", "1"}}), rl({{"example.com/gpu", "2"}}))}));
    Pod pod = testing::PodBuilder("p");
    pod.spec.containers = {container("app", std::nullopt, std::nullopt)};
    CHECK(refused(cluster, pod) ==
          "Pod \"p\" is invalid: spec.containers[0].resources.requests: Invalid value: \"1\": must be equal to "
          "example.com/gpu limit of 2");
  }
  SUBCASE("hugepages defaulted onto a container without cpu or memory") {
    ClusterState cluster;
    cluster.limit_ranges.push_back(limit_range("pages", {container_defaults({}, rl({{"hugepages-2Mi", "4Mi"}}))}));
    Pod pod = testing::PodBuilder("p");
    pod.spec.containers = {container("app", std::nullopt, std::nullopt)};
    CHECK(refused(cluster, pod) == "Pod \"p\" is invalid: spec.containers[0].resources: Forbidden: HugePages require cpu or memory");
  }
  SUBCASE("default requests above the pod-level requests, v1.34 on: only the resources the pod level sets") {
    ClusterState cluster;
    cluster.limit_ranges.push_back(limit_range("limits", {container_defaults(rl({{"cpu", "250m"}, {"memory", "64Mi"}}), {})}));
    Pod pod = testing::PodBuilder("p");
    pod.spec.containers = {container("a", std::nullopt, std::nullopt), container("b", std::nullopt, std::nullopt)};
    pod.spec.resources.emplace().requests = rl({{"cpu", "400m"}});
    CHECK(refused(cluster, pod) ==
          "Pod \"p\" is invalid: spec.resources.requests[cpu]: Invalid value: \"400m\": must be greater than or equal to "
          "aggregate container requests of 500m");
    // v1.33 (PodLevelResources on) holds the containers' memory against an unset pod-level request of 0.
    FeatureGates v133 = FeatureGates::for_release(KubernetesRelease{33});
    v133.pod_level_resources = true;
    CHECK(refused(cluster, pod, v133) ==
          "Pod \"p\" is invalid: [spec.resources.requests[cpu]: Invalid value: \"400m\": must be greater than or equal "
          "to aggregate container requests of 500m, spec.resources.requests[memory]: Invalid value: \"0\": must be "
          "greater than or equal to aggregate container requests of 128Mi]");
  }
  SUBCASE("a default limit above the pod-level limit") {
    ClusterState cluster;
    cluster.limit_ranges.push_back(limit_range("limits", {container_defaults({}, rl({{"cpu", "2"}}))}));
    Pod pod = testing::PodBuilder("p");
    pod.spec.containers = {container("a", rl({{"cpu", "100m"}}), std::nullopt)};
    ResourceRequirements& level = pod.spec.resources.emplace();
    level.requests = rl({{"cpu", "1"}});
    level.limits = rl({{"cpu", "1"}});
    CHECK(refused(cluster, pod) ==
          "Pod \"p\" is invalid: spec.resources.containers[0][cpu].limits: Invalid value: \"2\": must be less than or "
          "equal to pod limits of 1");
  }
}
