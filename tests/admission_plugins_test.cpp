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
