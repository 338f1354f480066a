// NodeInfo aggregates (scheduler framework types_test.go: TestNewNodeInfo, TestNodeInfoAddPod,
// TestNodeInfoRemovePod) plus podfit's own edge cases.
#include <doctest/doctest.h>

#include <memory>

#include "podfit/framework/feature_gates.h"
#include "podfit/snapshot/node_info.h"
#include "resource_test_support.h"

namespace podfit {
namespace {

using testing::container;
using testing::host_port;
using testing::make_pod;
using testing::pvc_volume;
using testing::rl;

const char* const kNs = "node_info_cache_test";

// A pod with one container requesting `requests` and exposing one host port on 127.0.0.1.
Pod port_pod(const char* name, ResourceList requests, int32_t port) {
  Pod pod = make_pod(kNs, name, name);
  pod.spec.node_name = "test-node";
  Container c = container("", std::move(requests));
  c.ports = {host_port(port, "TCP", "127.0.0.1")};
  pod.spec.containers = {c};
  return pod;
}

HostPortInfo ports_of(std::initializer_list<int32_t> ports) {
  HostPortInfo info;
  for (int32_t p : ports) info.add("127.0.0.1", "TCP", p);
  return info;
}

Resource cpu_mem(int64_t milli_cpu, int64_t memory) {
  Resource r;
  r.milli_cpu = milli_cpu;
  r.memory = memory;
  return r;
}

// Owns pods and their PodInfos for the lifetime of a test.
struct Fixture {
  FeatureGates gates;
  Node node = testing::make_node("test-node", {});
  std::vector<std::unique_ptr<Pod>> pods;
  std::vector<std::unique_ptr<PodInfo>> infos;

  const PodInfo* info(Pod pod) {
    pods.push_back(std::make_unique<Pod>(std::move(pod)));
    infos.push_back(std::make_unique<PodInfo>(*pods.back(), gates));
    return infos.back().get();
  }
};

TEST_CASE("TestNewNodeInfo") {
  Fixture f;
  NodeInfo node(&f.node);
  const PodInfo* p1 = f.info(port_pod("test-1", rl({{"cpu", "100m"}, {"memory", "500"}}), 80));
  const PodInfo* p2 = f.info(port_pod("test-2", rl({{"cpu", "200m"}, {"memory", "1Ki"}}), 8080));
  node.add_pod(p1);
  node.add_pod(p2);

  CHECK(node.requested() == cpu_mem(300, 1524));
  CHECK(node.non_zero_requested() == cpu_mem(300, 1524));
  CHECK(node.allocatable() == Resource{});
  CHECK(node.used_ports() == ports_of({80, 8080}));
  CHECK(node.image_states().empty());
  CHECK(node.pvc_ref_counts().empty());
  CHECK(node.pods() == std::vector<const PodInfo*>{p1, p2});
  CHECK(p1->calculated().resource == cpu_mem(100, 500));
  CHECK(p1->calculated().non0_cpu == 100);
  CHECK(p1->calculated().non0_mem == 500);
  CHECK(p2->calculated().resource == cpu_mem(200, 1024));
  CHECK(p2->calculated().non0_cpu == 200);
  CHECK(p2->calculated().non0_mem == 1024);
}

TEST_CASE("TestNodeInfoAddPod") {
  Fixture f;
  Pod test1 = port_pod("test-1", rl({{"cpu", "100m"}, {"memory", "500"}}), 80);
  test1.spec.overhead = rl({{"cpu", "500m"}});
  test1.spec.volumes = {pvc_volume("v", "pvc-1")};
  Pod test2 = port_pod("test-2", rl({{"cpu", "200m"}}), 8080);
  test2.spec.overhead = rl({{"cpu", "500m"}, {"memory", "500"}});
  test2.spec.volumes = {pvc_volume("v", "pvc-1")};
  Pod test3 = port_pod("test-3", rl({{"cpu", "200m"}}), 8080);
  test3.spec.init_containers = {container("", rl({{"cpu", "500m"}, {"memory", "200Mi"}}))};
  test3.spec.overhead = rl({{"cpu", "500m"}, {"memory", "500"}});
  test3.spec.volumes = {pvc_volume("v", "pvc-2")};

  NodeInfo node(&f.node);
  const PodInfo* p1 = f.info(test1);
  const PodInfo* p2 = f.info(test2);
  const PodInfo* p3 = f.info(test3);
  for (const PodInfo* p : {p1, p2, p3}) node.add_pod(p);

  CHECK(node.requested() == cpu_mem(2300, 209716700));           // 1500 + 200Mi of the init container
  CHECK(node.non_zero_requested() == cpu_mem(2300, 419431900));  // + the 200Mi default of test-2
  CHECK(node.allocatable() == Resource{});
  CHECK(node.used_ports() == ports_of({80, 8080}));
  CHECK(node.pvc_ref_counts() == std::map<std::string, int>{{"node_info_cache_test/pvc-1", 2},
                                                             {"node_info_cache_test/pvc-2", 1}});
  CHECK(node.pods() == std::vector<const PodInfo*>{p1, p2, p3});

  CHECK(p1->calculated().resource == cpu_mem(600, 500));
  CHECK(p1->calculated().non0_cpu == 600);
  CHECK(p1->calculated().non0_mem == 500);
  CHECK(p2->calculated().resource == cpu_mem(700, 500));
  CHECK(p2->calculated().non0_cpu == 700);
  CHECK(p2->calculated().non0_mem == kDefaultMemoryRequest + 500);
  CHECK(p3->calculated().resource == cpu_mem(1000, kDefaultMemoryRequest + 500));
  CHECK(p3->calculated().non0_cpu == 1000);
  CHECK(p3->calculated().non0_mem == kDefaultMemoryRequest + 500);
}

TEST_CASE("TestNodeInfoRemovePod") {
  struct Case {
    const char* name;
    const char* remove_uid;
    bool removed;
    Resource requested;
    HostPortInfo ports;
    std::map<std::string, int> pvc_ref_counts;
    std::vector<std::string> pods;
  };
  const Case cases[] = {
      {"case_0", "non-exist", false, cpu_mem(1300, 2524), ports_of({80, 8080}), {{"node_info_cache_test/pvc-1", 1}},
       {"test-1", "test-2"}},
      {"case_1", "test-1", true, cpu_mem(700, 1524), ports_of({8080}), {}, {"test-2"}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      Fixture f;
      Pod test1 = port_pod("test-1", rl({{"cpu", "100m"}, {"memory", "500"}}), 80);
      test1.spec.volumes = {pvc_volume("v", "pvc-1")};
      Pod test2 = port_pod("test-2", rl({{"cpu", "200m"}, {"memory", "1Ki"}}), 8080);
      for (Pod* pod : {&test1, &test2}) pod->spec.overhead = rl({{"cpu", "500m"}, {"memory", "500"}});
      NodeInfo node(&f.node);
      node.add_pod(f.info(test1));
      node.add_pod(f.info(test2));

      Pod victim = make_pod(kNs, "", c.remove_uid);
      victim.spec.node_name = "test-node";
      CHECK(node.remove_pod(f.info(victim)) == c.removed);

      CHECK(node.requested() == c.requested);
      CHECK(node.non_zero_requested() == c.requested);
      CHECK(node.used_ports() == c.ports);
      CHECK(node.pvc_ref_counts() == c.pvc_ref_counts);
      std::vector<std::string> names;
      for (const PodInfo* p : node.pods()) names.push_back(p->pod().metadata.name);
      CHECK(names == c.pods);
    }
  }
}

TEST_CASE("NodeInfo: allocatable comes from status.allocatable") {
  Node node = testing::make_node(
      "n", rl({{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}, {"ephemeral-storage", "100Gi"},
               {"example.com/gpu", "2"}, {"hugepages-2Mi", "1Gi"}, {"storage", "1Ti"}}));
  node.status.capacity = rl({{"cpu", "8"}});
  NodeInfo info(&node);
  CHECK(info.allocatable().milli_cpu == 4000);
  CHECK(info.allocatable().memory == 8LL << 30);
  CHECK(info.allocatable().allowed_pod_number == 110);
  CHECK(info.allocatable().ephemeral_storage == 100LL << 30);
  CHECK(info.allocatable().scalar_value("example.com/gpu") == 2);
  CHECK(info.allocatable().scalar_value("hugepages-2Mi") == 1LL << 30);
  CHECK(info.allocatable().scalar.size() == 2);
  CHECK(info.name() == "n");
}

TEST_CASE("NodeInfo: removal moves the last pod into the gap and keeps scalar entries") {
  Fixture f;
  NodeInfo node(&f.node);
  Pod a = make_pod("ns", "a", "uid-a");
  a.spec.containers = {container("c", rl({{"example.com/gpu", "1"}}))};
  const PodInfo* pa = f.info(a);
  Pod b = make_pod("ns", "b", "uid-b");
  b.spec.containers = {Container{}};
  Pod c = b;
  c.metadata.name = "c";
  c.metadata.uid = "uid-c";
  const PodInfo* pb = f.info(b);
  const PodInfo* pc = f.info(c);
  for (const PodInfo* p : {pa, pb, pc}) node.add_pod(p);
  CHECK(node.requested().scalar_value("example.com/gpu") == 1);

  REQUIRE(node.remove_pod(pa));
  CHECK(node.pods() == std::vector<const PodInfo*>{pc, pb});
  CHECK(node.requested().scalar.contains("example.com/gpu"));
  CHECK(node.requested().scalar_value("example.com/gpu") == 0);
  CHECK(node.non_zero_requested().milli_cpu == 2 * kDefaultMilliCpuRequest);
  CHECK_FALSE(node.remove_pod(pa));
}

TEST_CASE("NodeInfo: a pod without UID is found by identity") {
  Fixture f;
  NodeInfo node(&f.node);
  const PodInfo* p = f.info(make_pod("ns", "no-uid"));
  const PodInfo* other = f.info(make_pod("ns", "other"));
  node.add_pod(p);
  CHECK_FALSE(node.remove_pod(other));
  CHECK(node.remove_pod(p));
  CHECK(node.pods().empty());
  // A pod without containers has no defaults to count.
  CHECK(node.non_zero_requested() == Resource{});
}

TEST_CASE("NodeInfo: affinity lists") {
  Fixture f;
  NodeInfo node(&f.node);
  PodAffinity required;
  required.required.push_back(PodAffinityTerm{});
  Pod with_affinity = make_pod("ns", "aff", "1");
  with_affinity.spec.affinity = Affinity{std::nullopt, PodAffinity{}, std::nullopt};
  Pod with_anti = make_pod("ns", "anti", "2");
  with_anti.spec.affinity = Affinity{std::nullopt, std::nullopt, required};
  const PodInfo* pa = f.info(with_affinity);
  const PodInfo* pn = f.info(with_anti);
  const PodInfo* plain = f.info(make_pod("ns", "plain", "3"));
  for (const PodInfo* p : {pa, pn, plain}) node.add_pod(p);
  CHECK(node.pods_with_affinity() == std::vector<const PodInfo*>{pa, pn});
  CHECK(node.pods_with_required_anti_affinity() == std::vector<const PodInfo*>{pn});
  REQUIRE(node.remove_pod(pa));
  CHECK(node.pods_with_affinity() == std::vector<const PodInfo*>{pn});
  REQUIRE(node.remove_pod(pn));
  CHECK(node.pods_with_affinity().empty());
  CHECK(node.pods_with_required_anti_affinity().empty());
}

TEST_CASE("NodeInfo: ports and PVC references") {
  Fixture f;
  NodeInfo node(&f.node);
  Pod a = make_pod("ns", "a", "a");
  Container sidecar = testing::sidecar("s", std::nullopt);
  sidecar.ports = {host_port(9000, "UDP")};
  Container init = container("i", std::nullopt);
  init.ports = {host_port(7000)};
  Container main = container("c", std::nullopt);
  main.ports = {host_port(80)};
  a.spec.init_containers = {init, sidecar};
  a.spec.containers = {main};
  Volume ephemeral;
  ephemeral.name = "scratch";
  ephemeral.source.type = "ephemeral";
  ephemeral.ephemeral_claim = PersistentVolumeClaimSpec{};
  a.spec.volumes = {pvc_volume("data", "claim"), pvc_volume("again", "claim"), ephemeral};
  Pod b = make_pod("ns", "b", "b");
  b.spec.containers = {main};
  const PodInfo* pa = f.info(a);
  const PodInfo* pb = f.info(b);
  node.add_pod(pa);
  node.add_pod(pb);

  HostPortInfo want_ports;
  want_ports.add("", "TCP", 80);
  want_ports.add("", "UDP", 9000);
  CHECK(node.used_ports() == want_ports);
  // Each volume naming the claim counts; generic ephemeral volumes are not counted.
  CHECK(node.pvc_ref_counts() == std::map<std::string, int>{{"ns/claim", 2}});

  // Both pods hold TCP 80, yet the set has one entry: removing either frees it.
  REQUIRE(node.remove_pod(pb));
  HostPortInfo after;
  after.add("", "UDP", 9000);
  CHECK(node.used_ports() == after);
  REQUIRE(node.remove_pod(pa));
  CHECK(node.pvc_ref_counts().empty());
}

}  // namespace
}  // namespace podfit
