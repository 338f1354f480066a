// The ResourceQuota admission plugin and the pod quota evaluator: the cases of
// plugin/pkg/admission/resourcequota/admission_test.go that apply to creating pods without an
// admission configuration, and pkg/quota/v1/evaluator/core/pods_test.go's usage and
// constraints cases.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "builders.h"
#include "podfit/admission/admission.h"
#include "podfit/admission/resource_quota.h"

using namespace podfit;

namespace {

ResourceList list(std::initializer_list<std::pair<const char*, const char*>> entries) {
  ResourceList out;
  for (const auto& [name, text] : entries) out.set(name, *Quantity::parse(text));
  return out;
}

// "name=quantity,..." in name order, as prettyPrint shows a list.
std::string show(const ResourceList& l) {
  std::string out;
  for (const auto& [name, q] : l) out += (out.empty() ? "" : ",") + name + "=" + q.to_string();
  return out;
}

ResourceQuota quota(std::string name, ResourceList hard, ResourceList used, std::string ns = "test") {
  ResourceQuota q;
  q.metadata.name = std::move(name);
  q.metadata.namespace_ = std::move(ns);
  q.spec_hard = hard;
  q.status_hard = std::move(hard);
  q.status_used = std::move(used);
  return q;
}

Container container(std::string name, ResourceList requests, ResourceList limits) {
  Container c;
  c.name = std::move(name);
  c.image = "foo:V1";
  if (!requests.empty()) c.resources.requests = std::move(requests);
  if (!limits.empty()) c.resources.limits = std::move(limits);
  return c;
}

// validPod: `containers` containers with the same requests and limits, in namespace test.
Pod valid_pod(std::string name, int containers, const ResourceList& requests, const ResourceList& limits) {
  Pod pod = testing::PodBuilder(std::move(name), "test");
  pod.spec.containers.clear();
  for (int i = 0; i < containers; ++i) {
    pod.spec.containers.push_back(container("ctr-" + std::to_string(i), requests, limits));
  }
  return pod;
}

ResourceList resources(const char* cpu, const char* memory) {
  ResourceList out;
  if (*cpu != '\0') out.set("cpu", *Quantity::parse(cpu));
  if (*memory != '\0') out.set("memory", *Quantity::parse(memory));
  return out;
}

// Admission as the API server runs it on create: the refusal, or the quotas charged.
std::optional<std::string> admit(const Pod& pod, std::vector<ResourceQuota>& quotas) {
  if (auto why = resource_quota_refusal(pod, quotas)) return why;
  charge_resource_quotas(pod, quotas);
  return std::nullopt;
}

ScopedResourceSelectorRequirement requirement(std::string scope, std::string op, std::vector<std::string> values = {}) {
  return ScopedResourceSelectorRequirement{std::move(scope), std::move(op), std::move(values)};
}

}  // namespace

TEST_CASE("ResourceQuota admission (admission_test.go)") {
  const ResourceList hard = list({{"cpu", "3"}, {"memory", "100Gi"}, {"pods", "5"}});
  const ResourceList used = list({{"cpu", "1"}, {"memory", "50Gi"}, {"pods", "3"}});

  SUBCASE("TestAdmitBelowQuotaLimit: the pod's usage is added to the quota") {
    std::vector<ResourceQuota> quotas = {quota("quota", hard, used)};
    CHECK(admit(valid_pod("allowed-pod", 1, resources("100m", "2Gi"), {}), quotas) == std::nullopt);
    CHECK(show(quotas[0].status_used) == "cpu=1100m,memory=52Gi,pods=4");
  }
  SUBCASE("TestAdmitExceedQuotaLimit") {
    std::vector<ResourceQuota> quotas = {quota("quota", hard, used)};
    CHECK(admit(valid_pod("not-allowed-pod", 1, resources("3", "2Gi"), {}), quotas) ==
          "exceeded quota: quota, requested: cpu=3, used: cpu=1, limited: cpu=3");
    CHECK(show(quotas[0].status_used) == "cpu=1,memory=50Gi,pods=3");
  }
  SUBCASE("TestAdmitEnforceQuotaConstraints: a pod without the memory limit the quota tracks") {
    ResourceList h = hard, u = used;
    h.set("limits.memory", *Quantity::parse("200Gi"));
    u.set("limits.memory", *Quantity::parse("100Gi"));
    std::vector<ResourceQuota> quotas = {quota("quota", h, u)};
    CHECK(admit(valid_pod("not-allowed-pod", 1, resources("100m", "2Gi"), resources("200m", "")), quotas) ==
          "failed quota: quota: must specify limits.memory for: ctr-0");
  }
  SUBCASE("TestAdmitPodInNamespaceWithoutQuota") {
    ResourceList h = hard, u = used;
    h.set("limits.memory", *Quantity::parse("200Gi"));
    u.set("limits.memory", *Quantity::parse("100Gi"));
    std::vector<ResourceQuota> quotas = {quota("quota", h, u, "other")};
    CHECK(admit(valid_pod("not-allowed-pod", 1, resources("100m", "2Gi"), resources("200m", "")), quotas) ==
          std::nullopt);
  }
  SUBCASE("TestAdmitBelowTerminatingQuotaLimit: a pod with a deadline charges the Terminating quota only") {
    std::vector<ResourceQuota> quotas = {quota("quota-non-terminating", hard, used), quota("quota-terminating", hard, used)};
    quotas[0].scopes = {"NotTerminating"};
    quotas[1].scopes = {"Terminating"};
    Pod pod = valid_pod("allowed-pod", 1, resources("100m", "2Gi"), {});
    pod.spec.active_deadline_seconds = 30;
    CHECK(admit(pod, quotas) == std::nullopt);
    CHECK(show(quotas[0].status_used) == "cpu=1,memory=50Gi,pods=3");
    CHECK(show(quotas[1].status_used) == "cpu=1100m,memory=52Gi,pods=4");
  }
  SUBCASE("TestAdmitBelowBestEffortQuotaLimit: a best-effort pod charges the BestEffort quota only") {
    std::vector<ResourceQuota> quotas = {quota("quota-besteffort", list({{"pods", "5"}}), list({{"pods", "3"}})),
                                         quota("quota-not-besteffort", hard, used)};
    quotas[0].scopes = {"BestEffort"};
    quotas[1].scopes = {"NotBestEffort"};
    CHECK(admit(valid_pod("allowed-pod", 1, {}, {}), quotas) == std::nullopt);
    CHECK(show(quotas[0].status_used) == "pods=4");
    CHECK(show(quotas[1].status_used) == "cpu=1,memory=50Gi,pods=3");
  }
  SUBCASE("TestAdmitBestEffortQuotaLimitIgnoresBurstable") {
    std::vector<ResourceQuota> quotas = {quota("quota-besteffort", list({{"pods", "5"}}), list({{"pods", "3"}}))};
    quotas[0].scopes = {"BestEffort"};
    CHECK(admit(valid_pod("allowed-pod", 1, resources("100m", "1Gi"), {}), quotas) == std::nullopt);
    CHECK(show(quotas[0].status_used) == "pods=3");
  }
  SUBCASE("TestAdmitBestEffortQuotaLimit: the BestEffort quota is full") {
    std::vector<ResourceQuota> quotas = {quota("quota-besteffort", list({{"pods", "5"}}), list({{"pods", "5"}}))};
    quotas[0].scopes = {"BestEffort"};
    CHECK(admit(valid_pod("not-allowed-pod", 1, {}, {}), quotas) ==
          "exceeded quota: quota-besteffort, requested: pods=1, used: pods=5, limited: pods=5");
  }
  SUBCASE("pod-level resources decide BestEffort, even when they name neither cpu nor memory") {
    std::vector<ResourceQuota> quotas = {quota("quota-besteffort", list({{"pods", "5"}}), list({{"pods", "3"}}))};
    quotas[0].scopes = {"BestEffort"};
    Pod pod = valid_pod("p", 1, resources("100m", ""), {});
    pod.spec.resources.emplace().limits = list({{"hugepages-2Mi", "2Mi"}});
    CHECK(admit(pod, quotas) == std::nullopt);
    CHECK(show(quotas[0].status_used) == "pods=4");
    pod.spec.resources->requests = list({{"memory", "1Gi"}});
    CHECK(admit(pod, quotas) == std::nullopt);
    CHECK(show(quotas[0].status_used) == "pods=4");
  }
  SUBCASE("TestAdmitWhenUnrelatedResourceExceedsQuota: services over their limit do not stop a pod") {
    std::vector<ResourceQuota> quotas = {
        quota("quota", list({{"services", "3"}, {"pods", "4"}}), list({{"services", "4"}, {"pods", "1"}}))};
    CHECK(admit(valid_pod("allowed-pod", 1, resources("100m", "2Gi"), {}), quotas) == std::nullopt);
    CHECK(show(quotas[0].status_used) == "pods=2,services=4");
  }
  SUBCASE("TestAdmitBelowQuotaLimitWithMultipleContainers: every container is counted") {
    std::vector<ResourceQuota> quotas = {quota("quota", hard, used)};
    CHECK(admit(valid_pod("not-allowed-pod", 3, resources("1", "1Gi"), {}), quotas) ==
          "exceeded quota: quota, requested: cpu=3, used: cpu=1, limited: cpu=3");
  }
  SUBCASE("every exceeded resource is named, in name order") {
    std::vector<ResourceQuota> quotas = {quota("compute",
                                               list({{"requests.cpu", "4"}, {"limits.cpu", "8"}, {"pods", "10"}}),
                                               list({{"requests.cpu", "3"}, {"limits.cpu", "7"}, {"pods", "1"}}))};
    CHECK(admit(valid_pod("web-0", 1, resources("1", ""), resources("1", "")), quotas) == std::nullopt);
    CHECK(show(quotas[0].status_used) == "limits.cpu=8,pods=2,requests.cpu=4");
    quotas[0].status_used = list({{"requests.cpu", "3"}, {"limits.cpu", "7"}, {"pods", "1"}});
    CHECK(admit(valid_pod("web-0", 1, resources("1100m", ""), resources("2", "")), quotas) ==
          "exceeded quota: compute, requested: limits.cpu=2,requests.cpu=1100m, used: limits.cpu=7,requests.cpu=3, "
          "limited: limits.cpu=8,requests.cpu=4");
  }
  SUBCASE("the first quota in name order that the pod exceeds is the one named") {
    std::vector<ResourceQuota> quotas = {quota("zeta", list({{"pods", "1"}}), list({{"pods", "1"}})),
                                         quota("alpha", list({{"pods", "2"}}), list({{"pods", "2"}}))};
    CHECK(admit(valid_pod("p", 1, {}, {}), quotas) ==
          "exceeded quota: alpha, requested: pods=1, used: pods=2, limited: pods=2");
  }
  SUBCASE("a quota whose status.used lacks a resource it constrains is of unknown status") {
    std::vector<ResourceQuota> quotas = {quota("quota", hard, list({{"cpu", "1"}}))};
    CHECK(admit(valid_pod("p", 1, resources("100m", "1Gi"), {}), quotas) ==
          "status unknown for quota: quota, resources: cpu,memory,pods");
  }
  SUBCASE("a quota without status.hard constrains nothing (not synced by its controller)") {
    std::vector<ResourceQuota> quotas = {quota("quota", {}, {})};
    quotas[0].spec_hard = list({{"pods", "0"}});
    CHECK(admit(valid_pod("p", 1, {}, {}), quotas) == std::nullopt);
  }
  SUBCASE("count/pods counts the pod; zero requests are not checked") {
    std::vector<ResourceQuota> quotas = {
        quota("objects", list({{"count/pods", "2"}, {"requests.cpu", "0"}}), list({{"count/pods", "2"}, {"requests.cpu", "0"}}))};
    CHECK(admit(valid_pod("p", 1, resources("0", ""), resources("0", "")), quotas) ==
          "exceeded quota: objects, requested: count/pods=1, used: count/pods=2, limited: count/pods=2");
  }
  SUBCASE("extended resources are quota'd as requests.<name>") {
    std::vector<ResourceQuota> quotas = {
        quota("gpus", list({{"requests.example.com/gpu", "2"}}), list({{"requests.example.com/gpu", "1"}}))};
    ResourceList gpu = list({{"example.com/gpu", "2"}});
    CHECK(admit(valid_pod("p", 1, gpu, gpu), quotas) ==
          "exceeded quota: gpus, requested: requests.example.com/gpu=2, used: requests.example.com/gpu=1, "
          "limited: requests.example.com/gpu=2");
  }
  SUBCASE("PriorityClass scope selectors") {
    struct Case {
      const char* name;
      ScopedResourceSelectorRequirement requirement;
      std::string priority_class;
      bool charged;
    };
    const std::vector<Case> cases = {
        {"In, named", requirement("PriorityClass", "In", {"high", "medium"}), "high", true},
        {"In, another class", requirement("PriorityClass", "In", {"high"}), "low", false},
        {"In, no class", requirement("PriorityClass", "In", {"high"}), "", false},
        {"NotIn, another class", requirement("PriorityClass", "NotIn", {"high"}), "low", true},
        {"NotIn, named", requirement("PriorityClass", "NotIn", {"high"}), "high", false},
        {"NotIn, no class", requirement("PriorityClass", "NotIn", {"high"}), "", true},
        {"Exists, a class", requirement("PriorityClass", "Exists"), "low", true},
        {"Exists, no class", requirement("PriorityClass", "Exists"), "", false},
        {"DoesNotExist, no class", requirement("PriorityClass", "DoesNotExist"), "", true},
        {"DoesNotExist, a class", requirement("PriorityClass", "DoesNotExist"), "low", false},
    };
    for (const Case& c : cases) {
      CAPTURE(c.name);
      std::vector<ResourceQuota> quotas = {quota("quota", list({{"pods", "5"}}), list({{"pods", "3"}}))};
      quotas[0].scope_selector = std::vector<ScopedResourceSelectorRequirement>{c.requirement};
      Pod pod = valid_pod("p", 1, {}, {});
      pod.spec.priority_class_name = c.priority_class;
      CHECK(admit(pod, quotas) == std::nullopt);
      CHECK(show(quotas[0].status_used) == (c.charged ? "pods=4" : "pods=3"));
    }
  }
  SUBCASE("every scope of scopes and scopeSelector must match") {
    std::vector<ResourceQuota> quotas = {quota("quota", list({{"pods", "5"}}), list({{"pods", "5"}}))};
    quotas[0].scopes = {"NotTerminating"};
    quotas[0].scope_selector = std::vector<ScopedResourceSelectorRequirement>{requirement("PriorityClass", "In", {"high"})};
    Pod pod = valid_pod("p", 1, {}, {});
    CHECK(admit(pod, quotas) == std::nullopt);
    pod.spec.priority_class_name = "high";
    CHECK(admit(pod, quotas) == "exceeded quota: quota, requested: pods=1, used: pods=5, limited: pods=5");
    pod.spec.active_deadline_seconds = 60;
    CHECK(admit(pod, quotas) == std::nullopt);
  }
  SUBCASE("CrossNamespacePodAffinity: a term naming namespaces or a namespace selector") {
    std::vector<ResourceQuota> quotas = {quota("quota", list({{"pods", "0"}}), list({{"pods", "0"}}))};
    quotas[0].scope_selector = std::vector<ScopedResourceSelectorRequirement>{requirement("CrossNamespacePodAffinity", "Exists")};
    Pod pod = valid_pod("p", 1, {}, {});
    pod.spec.affinity.emplace().pod_anti_affinity.emplace().required.push_back(PodAffinityTerm{});
    CHECK(admit(pod, quotas) == std::nullopt);
    pod.spec.affinity->pod_anti_affinity->required[0].namespaces = {"other"};
    CHECK(admit(pod, quotas) == "exceeded quota: quota, requested: pods=1, used: pods=0, limited: pods=0");
    pod.spec.affinity->pod_anti_affinity->required.clear();
    pod.spec.affinity->pod_affinity.emplace().preferred.push_back(WeightedPodAffinityTerm{1, PodAffinityTerm{}});
    pod.spec.affinity->pod_affinity->preferred[0].term.namespace_selector = LabelSelector{};
    CHECK(admit(pod, quotas) == "exceeded quota: quota, requested: pods=1, used: pods=0, limited: pods=0");
  }
}

TEST_CASE("ResourceQuota in the admission chain") {
  ClusterState cluster;
  cluster.resource_quotas = {quota("quota", list({{"pods", "1"}}), list({{"pods", "1"}}))};
  Pod pod = valid_pod("web-0", 1, {}, {});
  const std::optional<AdmissionRefusal> refused = admit_pod_creation(pod, cluster);
  REQUIRE(refused);
  CHECK(refused->plugin == "ResourceQuota");
  CHECK(refused->message ==
        "pods \"web-0\" is forbidden: exceeded quota: quota, requested: pods=1, used: pods=1, limited: pods=1");
  // Checked, not charged: place charges each copy it creates.
  CHECK(show(cluster.resource_quotas[0].status_used) == "pods=1");
}

TEST_CASE("Pod quota usage (pods_test.go TestPodEvaluatorUsage)") {
  struct Case {
    const char* name;
    Pod pod;
    std::string want;
  };
  auto pod_with = [](std::vector<Container> init, std::vector<Container> containers) {
    Pod pod = testing::PodBuilder("p", "test");
    pod.spec.init_containers = std::move(init);
    pod.spec.containers = std::move(containers);
    return pod;
  };
  Pod terminated = pod_with({}, {container("c", list({{"cpu", "1"}}), list({{"cpu", "2"}}))});
  terminated.status.phase = "Succeeded";
  Pod overhead = pod_with({}, {container("c", list({{"cpu", "1"}}), list({{"cpu", "2"}}))});
  overhead.spec.overhead = list({{"cpu", "1"}});
  Pod pod_level = pod_with({}, {container("c", list({{"cpu", "1"}}), {})});
  pod_level.spec.resources.emplace().requests = list({{"cpu", "2"}, {"memory", "1Gi"}});
  pod_level.spec.resources->limits = list({{"cpu", "3"}, {"memory", "2Gi"}});
  const std::vector<Case> cases = {
      {"init container CPU", pod_with({container("i", list({{"cpu", "1m"}}), list({{"cpu", "2m"}}))}, {}),
       "count/pods=1,cpu=1m,limits.cpu=2m,pods=1,requests.cpu=1m"},
      {"init container MEM", pod_with({container("i", list({{"memory", "1m"}}), list({{"memory", "2m"}}))}, {}),
       "count/pods=1,limits.memory=2m,memory=1m,pods=1,requests.memory=1m"},
      {"init container local ephemeral storage",
       pod_with({container("i", list({{"ephemeral-storage", "32Mi"}}), list({{"ephemeral-storage", "64Mi"}}))}, {}),
       "count/pods=1,ephemeral-storage=32Mi,limits.ephemeral-storage=64Mi,pods=1,requests.ephemeral-storage=32Mi"},
      {"init container hugepages",
       pod_with({container("i", list({{"hugepages-2Mi", "100Mi"}}), list({{"hugepages-2Mi", "100Mi"}}))}, {}),
       "count/pods=1,hugepages-2Mi=100Mi,pods=1,requests.hugepages-2Mi=100Mi"},
      {"init container extended resources",
       pod_with({container("i", list({{"example.com/dongle", "3"}}), list({{"example.com/dongle", "3"}}))}, {}),
       "count/pods=1,pods=1,requests.example.com/dongle=3"},
      {"container CPU", pod_with({}, {container("c", list({{"cpu", "1m"}}), list({{"cpu", "2m"}}))}),
       "count/pods=1,cpu=1m,limits.cpu=2m,pods=1,requests.cpu=1m"},
      {"container MEM", pod_with({}, {container("c", list({{"memory", "1m"}}), list({{"memory", "2m"}}))}),
       "count/pods=1,limits.memory=2m,memory=1m,pods=1,requests.memory=1m"},
      {"container DeviceClass extended resource",
       pod_with({}, {container("c", list({{"deviceclass.resource.kubernetes.io/gpu", "1"}}),
                               list({{"deviceclass.resource.kubernetes.io/gpu", "1"}}))}),
       "count/pods=1,pods=1,requests.deviceclass.resource.kubernetes.io/gpu=1"},
      {"container extended resources",
       pod_with({}, {container("c", list({{"example.com/dongle", "3"}}), list({{"example.com/dongle", "3"}}))}),
       "count/pods=1,pods=1,requests.example.com/dongle=3"},
      {"terminated generic count still appears", terminated, "count/pods=1"},
      {"init container maximums override sum of containers",
       pod_with({container("i1", list({{"cpu", "4"}, {"memory", "100M"}, {"example.com/dongle", "4"}}),
                           list({{"cpu", "8"}, {"memory", "200M"}, {"example.com/dongle", "4"}})),
                 container("i2", list({{"cpu", "1"}, {"memory", "50M"}, {"example.com/dongle", "2"}}),
                           list({{"cpu", "2"}, {"memory", "100M"}, {"example.com/dongle", "2"}}))},
                {container("c1", list({{"cpu", "1"}, {"memory", "50M"}, {"example.com/dongle", "1"}}),
                           list({{"cpu", "2"}, {"memory", "100M"}, {"example.com/dongle", "1"}})),
                 container("c2", list({{"cpu", "2"}, {"memory", "25M"}, {"example.com/dongle", "2"}}),
                           list({{"cpu", "5"}, {"memory", "50M"}, {"example.com/dongle", "2"}}))}),
       "count/pods=1,cpu=4,limits.cpu=8,limits.memory=200M,memory=100M,pods=1,requests.cpu=4,"
       "requests.example.com/dongle=4,requests.memory=100M"},
      {"count pod overhead as usage", overhead, "count/pods=1,cpu=2,limits.cpu=3,pods=1,requests.cpu=2"},
      {"pod-level resources replace the containers'", pod_level,
       "count/pods=1,cpu=2,limits.cpu=3,limits.memory=2Gi,memory=1Gi,pods=1,requests.cpu=2,requests.memory=1Gi"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    CHECK(show(pod_quota_usage(c.pod)) == c.want);
  }
}

TEST_CASE("Pod quota constraints (pods_test.go TestPodConstraintsFunc)") {
  auto pod_with = [](std::vector<Container> init, std::vector<Container> containers) {
    Pod pod = testing::PodBuilder("p", "test");
    pod.spec.init_containers = std::move(init);
    pod.spec.containers = std::move(containers);
    return pod;
  };
  CHECK(pod_quota_constraints({"memory"}, pod_with({container("dummy", list({{"cpu", "1m"}}), list({{"cpu", "2m"}}))}, {})) ==
        "must specify memory for: dummy");
  CHECK(pod_quota_constraints({"requests.memory"}, pod_with({}, {container("dummy", list({{"cpu", "1m"}}), {})})) ==
        "must specify requests.memory for: dummy");
  CHECK(pod_quota_constraints({"limits.cpu", "limits.memory"},
                              pod_with({}, {container("foo", {}, list({{"cpu", "1"}})), container("bar", {}, {}),
                                            container("baz", {}, list({{"memory", "1Gi"}}))})) ==
        "must specify limits.cpu for: bar,baz; limits.memory for: bar,foo");
  CHECK(pod_quota_constraints({"limits.memory"},
                              pod_with({}, {container("c", list({{"memory", "1Gi"}}), list({{"memory", "1Gi"}}))})) ==
        std::nullopt);
  // Pod-level resources stand in for the containers' own.
  Pod pod_level = pod_with({}, {container("c", {}, {})});
  pod_level.spec.resources.emplace().requests = list({{"cpu", "1"}});
  CHECK(pod_quota_constraints({"requests.cpu", "limits.memory"}, pod_level) == std::nullopt);
  // Resources outside cpu and memory never oblige a container to set them.
  CHECK(pod_quota_constraints({"requests.ephemeral-storage", "pods", "count/pods", "requests.example.com/gpu"},
                              pod_with({}, {container("c", {}, {})})) == std::nullopt);
}

TEST_CASE("Pod quota resources (MatchingResources)") {
  const ResourceList hard = list({{"cpu", "1"}, {"services", "1"}, {"count/pods", "1"}, {"hugepages-2Mi", "1Gi"},
                                  {"requests.hugepages-1Gi", "1Gi"}, {"requests.example.com/gpu", "1"},
                                  {"requests.storage", "1Gi"}, {"requests.kubernetes.io/x", "1"}, {"limits.memory", "1"},
                                  {"requests.deviceclass.resource.kubernetes.io/gpu", "1"}});
  CHECK(pod_quota_resources(hard) ==
        std::vector<std::string>{"count/pods", "cpu", "hugepages-2Mi", "limits.memory",
                                 "requests.deviceclass.resource.kubernetes.io/gpu", "requests.example.com/gpu",
                                 "requests.hugepages-1Gi"});
}

TEST_CASE("The quota controller's count of a new quota") {
  ResourceQuota q = quota("compute", {}, {});
  q.spec_hard = list({{"requests.cpu", "4"}, {"pods", "10"}, {"services", "2"}});
  q.scopes = {"NotBestEffort"};
  std::vector<Pod> pods = {valid_pod("a", 1, resources("500m", ""), {}), valid_pod("b", 2, resources("250m", ""), {}),
                           valid_pod("best-effort", 1, {}, {}), valid_pod("done", 1, resources("1", ""), {}),
                           valid_pod("elsewhere", 1, resources("1", ""), {})};
  pods[3].status.phase = "Failed";
  pods[4].metadata.namespace_ = "other";
  sync_new_resource_quota(q, pods);
  CHECK(show(q.status_hard) == "pods=10,requests.cpu=4,services=2");
  CHECK(show(q.status_used) == "pods=2,requests.cpu=1");
}
