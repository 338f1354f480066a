// AdmissionCheck: eventhandlers_test.go (TestAdmissionCheck, both with and without all failures)
// plus the failures' numbers, order and details.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/queue/admission.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::NodeInfoFixture;
using testing::PodBuilder;
using testing::rl;

// st.MakeNode(): the wrapper always gives 32 pod slots.
NodeBuilder make_node(std::string name, ResourceList capacity = {}) {
  if (!capacity.contains("pods")) capacity.set("pods", testing::count(32));
  return NodeBuilder(std::move(name)).capacity(std::move(capacity));
}

Pod with_host_port(PodBuilder builder, int32_t port) {
  ContainerPort p;
  p.host_port = port;
  p.container_port = port;
  return builder.container_port({p});
}

// "Plugin: reason" per failure, plus the numbers for resources.
std::vector<std::string> show(const std::vector<AdmissionResult>& results) {
  std::vector<std::string> out;
  for (const AdmissionResult& r : results) {
    std::string line = r.plugin + ": " + r.reason;
    if (const auto& res = r.insufficient_resource) {
      line += " (" + res->resource_name + " requested " + std::to_string(res->requested) + " used " +
              std::to_string(res->used) + " capacity " + std::to_string(res->capacity) + ")";
    }
    out.push_back(line);
  }
  return out;
}

constexpr const char* kAffinity = "NodeAffinity: node(s) didn't match Pod's node affinity/selector";
constexpr const char* kName = "NodeName: node(s) didn't match the requested node name";
constexpr const char* kPorts = "NodePorts: node(s) didn't have free ports for the requested pod ports";
constexpr const char* kOverhead = "NodeResourcesFit: Insufficient cpu (cpu requested 2000 used 7000 capacity 8000)";

TEST_CASE("AdmissionCheck") {
  struct Case {
    std::string name;
    Node node;
    std::vector<Pod> existing;
    Pod pod;
    std::vector<std::string> want_all;    // includeAllFailures = true
    std::vector<std::string> want_first;  // includeAllFailures = false
  };
  const std::vector<Case> cases = {
      {"check nodeAffinity and nodeports, nodeAffinity need fail quickly if includeAllFailures is false",
       make_node("fake-node").label("foo", "bar"),
       {with_host_port(PodBuilder("pod1"), 80)},
       with_host_port(PodBuilder("pod2").node_selector("foo", "bar1"), 80),
       {kAffinity, kPorts},
       {kAffinity}},
      {"check PodOverhead and nodeAffinity, PodOverhead need fail quickly if includeAllFailures is false",
       make_node("fake-node", rl({{"cpu", "8"}})).label("foo", "bar"),
       {PodBuilder("pod1").req(rl({{"cpu", "7"}})).node("fake-node")},
       PodBuilder("pod2").overhead(rl({{"cpu", "1"}})).req(rl({{"cpu", "1"}})).node_selector("foo", "bar1"),
       {kOverhead, kAffinity},
       {kOverhead}},
      {"check nodename and nodeports, nodename need fail quickly if includeAllFailures is false",
       make_node("fake-node"),
       {with_host_port(PodBuilder("pod1").node("fake-node"), 80)},
       with_host_port(PodBuilder("pod2").node("fake-node1"), 80),
       {kName, kPorts},
       {kName}},
      // Beyond the upstream table.
      {"a pod that fits is admitted", make_node("n", rl({{"cpu", "2"}})), {}, PodBuilder("p").req(rl({{"cpu", "1"}})), {},
       {}},
      {"every insufficient resource, in fits_request's order, counts as one check",
       make_node("n", rl({{"cpu", "2"}, {"memory", "1Gi"}})),
       {PodBuilder("running").req(rl({{"cpu", "1500m"}, {"memory", "512Mi"}})).node("n")},
       PodBuilder("p").req(rl({{"cpu", "1"}, {"memory", "1Gi"}})).node_selector("disk", "ssd"),
       {"NodeResourcesFit: Insufficient cpu (cpu requested 1000 used 1500 capacity 2000)",
        "NodeResourcesFit: Insufficient memory (memory requested 1073741824 used 536870912 capacity 1073741824)",
        kAffinity},
       {"NodeResourcesFit: Insufficient cpu (cpu requested 1000 used 1500 capacity 2000)",
        "NodeResourcesFit: Insufficient memory (memory requested 1073741824 used 536870912 capacity 1073741824)"}},
      {"a full node: Too many pods",
       NodeBuilder("n").capacity(rl({{"pods", "1"}})),
       {PodBuilder("running").node("n")},
       PodBuilder("p"),
       {"NodeResourcesFit: Too many pods (pods requested 1 used 1 capacity 1)"},
       {"NodeResourcesFit: Too many pods (pods requested 1 used 1 capacity 1)"}},
      {"taints are not part of the admission check",
       make_node("n").taint(testing::taint("dedicated", "gpu", "NoSchedule")),
       {},
       PodBuilder("p"),
       {},
       {}},
  };
  const FeatureGates gates;
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      NodeInfoFixture fixture(c.node, c.existing);
      CHECK(show(admission_check(c.pod, fixture.info(), true, gates)) == c.want_all);
      CHECK(show(admission_check(c.pod, fixture.info(), false, gates)) == c.want_first);
    }
  }
}

TEST_CASE("AdmissionCheck details") {
  const FeatureGates gates;
  NodeInfoFixture fixture(make_node("n", rl({{"cpu", "4"}})).label("disktype", "hdd"),
                          {with_host_port(PodBuilder("web").node("n"), 8080)});
  Pod pod = with_host_port(PodBuilder("p").req(rl({{"cpu", "6"}})).node_selector("disktype", "ssd").node("other"), 8080);
  const auto results = admission_check(pod, fixture.info(), true, gates);
  REQUIRE(results.size() == 4);
  CHECK(results[0].details == std::vector<std::string>{"cpu: requested 6, already used 0, allocatable 4"});
  CHECK(results[1].details == std::vector<std::string>{"nodeSelector disktype=ssd: node has disktype=hdd"});
  CHECK(results[2].details == std::vector<std::string>{"the pod asks for spec.nodeName other"});
  CHECK(results[3].details == std::vector<std::string>{"host port 8080/TCP on 0.0.0.0 is already in use"});
}

}  // namespace
}  // namespace podfit
