// Volumes across scheduling cycles: the storage lookups' assume caches, VolumeBinding's Reserve,
// Unreserve, PreBindPreFlight and PreBind (binder_test.go TestAssumePodVolumes and
// TestRevertAssumedPodVolumes, through the plugin), ForgetPod, and pods placed one after another
// over local volumes.
#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/config/scheduler_config.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/profiles.h"
#include "podfit/framework/scheduling_cycle.h"
#include "podfit/plugins/volume_binding/volume_binding.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::PodBuilder;
using testing::rl;

constexpr const char* kNodeLabelKey = "nodeKey";
constexpr const char* kWaitClass = "waitClass";
constexpr const char* kWaitClassWithProvisioner = "waitClassWithProvisioner";
constexpr const char* kBoundByController = "pv.kubernetes.io/bound-by-controller";
constexpr const char* kSelectedNode = "volume.kubernetes.io/selected-node";

Quantity q(const char* text) { return *Quantity::parse(text); }

// binder_test.go's makeTestPVC (namespace testns, uid pvc-uid).
PersistentVolumeClaim make_pvc(const std::string& name, const char* size, const std::string& class_name,
                               const std::string& bound_volume = "") {
  PersistentVolumeClaim pvc;
  pvc.metadata.name = name;
  pvc.metadata.namespace_ = "testns";
  pvc.metadata.uid = "pvc-uid";
  pvc.spec.resources.requests = ResourceList{{"storage", q(size)}};
  pvc.spec.storage_class_name = class_name;
  if (!bound_volume.empty()) {
    pvc.spec.volume_name = bound_volume;
    pvc.metadata.annotations.set("pv.kubernetes.io/bind-completed", "yes");
  }
  return pvc;
}

// makeTestPV: affinity nodeKey In [node], claimRef (and bound-by-controller) when bound.
PersistentVolume make_pv(const std::string& name, const std::string& node, const char* capacity,
                         const PersistentVolumeClaim* bound_to) {
  PersistentVolume pv;
  pv.metadata.name = name;
  pv.capacity.set("storage", q(capacity));
  pv.storage_class_name = kWaitClass;
  pv.phase = "Available";
  pv.node_affinity = NodeSelector{{NodeSelectorTerm{{{kNodeLabelKey, "In", {node}}}, {}}}};
  if (bound_to) {
    pv.claim_ref = ObjectReference{"PersistentVolumeClaim", bound_to->metadata.namespace_, bound_to->metadata.name,
                                   bound_to->metadata.uid};
    pv.metadata.annotations.set(kBoundByController, "yes");
  }
  return pv;
}

StorageClass make_class(const char* name, const char* provisioner) {
  StorageClass sc;
  sc.metadata.name = name;
  sc.volume_binding_mode = "WaitForFirstConsumer";
  sc.provisioner = provisioner;
  return sc;
}

Volume claim_volume(const std::string& claim) {
  Volume volume;
  volume.name = claim;
  volume.source.type = "persistentVolumeClaim";
  volume.claim_name = claim;
  return volume;
}

// A binder test environment: node1 (nodeKey=node1), the classes, and the pod's claims.
struct Env {
  Env(std::vector<PersistentVolumeClaim> claims, std::vector<PersistentVolume> volumes) {
    cluster->nodes = {NodeBuilder("node1").label(kNodeLabelKey, "node1")};
    cluster->storage_classes = {make_class(kWaitClass, "kubernetes.io/no-provisioner"),
                                make_class(kWaitClassWithProvisioner, "test-provisioner")};
    pod = PodBuilder("test-pod", "testns").node("node1");
    for (const auto& claim : claims) pod.spec.volumes.push_back(claim_volume(claim.metadata.name));
    cluster->persistent_volume_claims = std::move(claims);
    cluster->persistent_volumes = std::move(volumes);
    snapshot = std::make_unique<Snapshot>(*cluster, FeatureGates{});
    info = std::make_unique<PodInfo>(pod, FeatureGates{});
  }
  // PreFilter and Filter on node1, as the cycle runs them before Reserve.
  void filter() {
    PreFilterResult result;
    REQUIRE(plugin.pre_filter(state, *info, *snapshot, result).is_success());
    REQUIRE(plugin.filter(state, *info, *snapshot->find_node("node1")).is_success());
  }
  const PersistentVolume& volume(const char* name) const { return *snapshot->storage().volume(name); }
  const PersistentVolumeClaim& claim(const char* name) const { return *snapshot->storage().claim("testns", name); }

  std::unique_ptr<ClusterState> cluster = std::make_unique<ClusterState>();
  std::unique_ptr<Snapshot> snapshot;
  Pod pod;
  std::unique_ptr<PodInfo> info;
  VolumeBinding plugin{FeatureGates{}};
  CycleState state;
};

bool bound_to(const PersistentVolume& pv, const std::string& claim) {
  return pv.claim_ref && pv.claim_ref->namespace_ == "testns" && pv.claim_ref->name == claim &&
         pv.claim_ref->uid == "pvc-uid" && pv.metadata.annotations.find(kBoundByController) != nullptr;
}

TEST_CASE("VolumeBinding Reserve: TestAssumePodVolumes") {
  const PersistentVolumeClaim unbound = make_pvc("unbound-pvc", "1G", kWaitClass);
  const PersistentVolumeClaim unbound2 = make_pvc("unbound-pvc2", "5G", kWaitClass);
  const PersistentVolumeClaim bound = make_pvc("bound-pvc", "1G", kWaitClass, "pv-bound");
  const PersistentVolumeClaim provisioned = make_pvc("provisioned-pvc", "1Gi", kWaitClassWithProvisioner);
  const PersistentVolume pv_node1a = make_pv("pv-node1a", "node1", "5G", nullptr);
  const PersistentVolume pv_node1b = make_pv("pv-node1b", "node1", "10G", nullptr);
  const PersistentVolume pv_bound = make_pv("pv-bound", "node1", "1G", &bound);
  const PersistentVolume pv_node1a_bound = make_pv("pv-node1a", "node1", "5G", &unbound);

  SUBCASE("all-bound: nothing is assumed, PreBind has nothing to do") {
    Env env({bound}, {pv_bound});
    env.filter();
    CHECK(env.plugin.reserve(env.state, *env.info, "node1", *env.snapshot).is_success());
    CHECK(env.plugin.pre_bind_pre_flight(env.state, *env.info, "node1").is_skip());
    std::vector<std::string> writes;
    CHECK(env.plugin.pre_bind(env.state, *env.info, "node1", writes).is_success());
    CHECK(writes.empty());
    CHECK(&env.volume("pv-bound") == &env.cluster->persistent_volumes[0]);
  }
  SUBCASE("one-binding") {
    Env env({unbound}, {pv_node1a});
    env.filter();
    CHECK(env.plugin.reserve(env.state, *env.info, "node1", *env.snapshot).is_success());
    CHECK(bound_to(env.volume("pv-node1a"), "unbound-pvc"));
    CHECK_FALSE(env.cluster->persistent_volumes[0].claim_ref.has_value());  // the cluster state is untouched
    CHECK(env.plugin.pre_bind_pre_flight(env.state, *env.info, "node1").is_success());
    std::vector<std::string> writes;
    CHECK(env.plugin.pre_bind(env.state, *env.info, "node1", writes).is_success());
    CHECK(writes == std::vector<std::string>{"update PersistentVolume pv-node1a: claimRef testns/unbound-pvc"});
  }
  SUBCASE("two-bindings: the smaller claim takes the smaller volume") {
    Env env({unbound, unbound2}, {pv_node1a, pv_node1b});
    env.filter();
    CHECK(env.plugin.reserve(env.state, *env.info, "node1", *env.snapshot).is_success());
    CHECK(bound_to(env.volume("pv-node1a"), "unbound-pvc"));
    CHECK(bound_to(env.volume("pv-node1b"), "unbound-pvc2"));
  }
  SUBCASE("pv-already-bound: a volume pre-bound to the claim is not assumed again") {
    Env env({unbound}, {pv_node1a_bound});
    env.filter();
    CHECK(env.plugin.reserve(env.state, *env.info, "node1", *env.snapshot).is_success());
    CHECK(&env.volume("pv-node1a") == &env.cluster->persistent_volumes[0]);
    std::vector<std::string> writes;
    CHECK(env.plugin.pre_bind(env.state, *env.info, "node1", writes).is_success());
    CHECK(writes == std::vector<std::string>{"update PersistentVolume pv-node1a: claimRef testns/unbound-pvc"});
  }
  SUBCASE("one-binding, one-pvc-provisioned") {
    Env env({unbound, provisioned}, {pv_node1a});
    env.filter();
    CHECK(env.plugin.reserve(env.state, *env.info, "node1", *env.snapshot).is_success());
    CHECK(bound_to(env.volume("pv-node1a"), "unbound-pvc"));
    const std::string* selected = env.claim("provisioned-pvc").metadata.annotations.find(kSelectedNode);
    REQUIRE(selected != nullptr);
    CHECK(*selected == "node1");
    std::vector<std::string> writes;
    CHECK(env.plugin.pre_bind(env.state, *env.info, "node1", writes).is_success());
    CHECK(writes == std::vector<std::string>{
                        "update PersistentVolume pv-node1a: claimRef testns/unbound-pvc",
                        "update PersistentVolumeClaim testns/provisioned-pvc: volume.kubernetes.io/selected-node=node1"});
  }
}

TEST_CASE("VolumeBinding Unreserve: TestRevertAssumedPodVolumes") {
  const PersistentVolumeClaim unbound = make_pvc("unbound-pvc", "1G", kWaitClass);
  const PersistentVolumeClaim provisioned = make_pvc("provisioned-pvc", "1Gi", kWaitClassWithProvisioner);
  Env env({unbound, provisioned}, {make_pv("pv-node1a", "node1", "5G", nullptr)});
  env.filter();
  REQUIRE(env.plugin.reserve(env.state, *env.info, "node1", *env.snapshot).is_success());
  REQUIRE(bound_to(env.volume("pv-node1a"), "unbound-pvc"));
  env.plugin.unreserve(env.state, *env.info, "node1", *env.snapshot);
  CHECK(&env.volume("pv-node1a") == &env.cluster->persistent_volumes[0]);
  CHECK(&env.claim("provisioned-pvc") == &env.cluster->persistent_volume_claims[1]);
  // Idempotent.
  env.plugin.unreserve(env.state, *env.info, "node1", *env.snapshot);
  CHECK(&env.volume("pv-node1a") == &env.cluster->persistent_volumes[0]);
}

TEST_CASE("VolumeBinding: Unreserve without Reserve restores what Filter found; no state is an error") {
  const PersistentVolumeClaim unbound = make_pvc("unbound-pvc", "1G", kWaitClass);
  Env env({unbound}, {make_pv("pv-node1a", "node1", "5G", nullptr)});
  env.filter();
  PersistentVolume other = env.volume("pv-node1a");
  other.metadata.annotations.set("assumed", "by another pod");
  REQUIRE(env.snapshot->mutable_storage().assume_volume(other));
  env.plugin.unreserve(env.state, *env.info, "node1", *env.snapshot);
  CHECK(&env.volume("pv-node1a") == &env.cluster->persistent_volumes[0]);

  CycleState empty;
  CHECK(testing::show(env.plugin.reserve(empty, *env.info, "node1", *env.snapshot)) == "Error: not found");
  CHECK(testing::show(env.plugin.pre_bind_pre_flight(empty, *env.info, "node1")) == "Error: not found");
  std::vector<std::string> writes;
  CHECK(testing::show(env.plugin.pre_bind(empty, *env.info, "node1", writes)) == "Error: not found");

  // PreBind on a node Reserve did not run for.
  REQUIRE(env.plugin.reserve(env.state, *env.info, "node1", *env.snapshot).is_success());
  CHECK(testing::show(env.plugin.pre_bind(env.state, *env.info, "node2", writes)) ==
        "Error: no pod volume found for node \"node2\"");
}

TEST_CASE("bind_volume_to_claim: GetBindVolumeToClaim") {
  const PersistentVolumeClaim claim = make_pvc("claim", "1G", kWaitClass);
  bool changed = false;
  SUBCASE("an available volume gets the claimRef and the bound-by-controller annotation") {
    const PersistentVolume bound = bind_volume_to_claim(make_pv("pv", "node1", "1G", nullptr), claim, &changed);
    CHECK(changed);
    CHECK(bound_to(bound, "claim"));
    CHECK(bound.claim_ref->kind == "PersistentVolumeClaim");
  }
  SUBCASE("a volume already bound by the controller is unchanged") {
    bind_volume_to_claim(make_pv("pv", "node1", "1G", &claim), claim, &changed);
    CHECK_FALSE(changed);
  }
  SUBCASE("a volume a user pre-bound keeps no bound-by-controller annotation") {
    PersistentVolume prebound = make_pv("pv", "node1", "1G", &claim);
    prebound.metadata.annotations = StringMap{};
    const PersistentVolume bound = bind_volume_to_claim(prebound, claim, &changed);
    CHECK_FALSE(changed);
    CHECK(bound.metadata.annotations.find(kBoundByController) == nullptr);
  }
  SUBCASE("a claimRef with another uid is replaced") {
    PersistentVolumeClaim other = claim;
    other.metadata.uid = "old-uid";
    const PersistentVolume bound = bind_volume_to_claim(make_pv("pv", "node1", "1G", &other), claim, &changed);
    CHECK(changed);
    CHECK(bound.claim_ref->uid == "pvc-uid");
  }
}

TEST_CASE("StorageLookup: claims added later, assumed versions and Restore") {
  ClusterState cluster;
  cluster.persistent_volumes = {make_pv("pv-1", "node1", "1G", nullptr)};
  cluster.persistent_volume_claims = {make_pvc("known", "1G", kWaitClass)};
  StorageLookup storage(cluster);
  CHECK(storage.add_claim(make_pvc("created", "1G", kWaitClass)));
  CHECK_FALSE(storage.add_claim(make_pvc("known", "2G", kWaitClass)));
  REQUIRE(storage.claim("testns", "created") != nullptr);
  CHECK(storage.claim("testns", "known") == &cluster.persistent_volume_claims[0]);

  PersistentVolume assumed = cluster.persistent_volumes[0];
  assumed.claim_ref = ObjectReference{"PersistentVolumeClaim", "testns", "known", "pvc-uid"};
  CHECK(storage.assume_volume(assumed));
  CHECK(storage.volume("pv-1")->claim_ref.has_value());
  CHECK(storage.volumes_of_class(kWaitClass).front()->claim_ref.has_value());
  CHECK_FALSE(storage.assume_volume(make_pv("unknown", "node1", "1G", nullptr)));
  storage.restore_volume("pv-1");
  CHECK(storage.volume("pv-1") == &cluster.persistent_volumes[0]);
  CHECK(storage.volumes_of_class(kWaitClass).front() == &cluster.persistent_volumes[0]);

  PersistentVolumeClaim annotated = *storage.claim("testns", "created");
  annotated.metadata.annotations.set(kSelectedNode, "node1");
  CHECK(storage.assume_claim(annotated));
  CHECK(storage.claim("testns", "created")->metadata.annotations.find(kSelectedNode) != nullptr);
  storage.restore_claim("testns", "created");
  // Restore returns to the claim as created, not to nothing.
  REQUIRE(storage.claim("testns", "created") != nullptr);
  CHECK(storage.claim("testns", "created")->metadata.annotations.find(kSelectedNode) == nullptr);
}

TEST_CASE("Snapshot: forget undoes assume") {
  ClusterState cluster;
  cluster.nodes = {NodeBuilder("n1").capacity(rl({{"cpu", "2"}, {"pods", "10"}}))};
  Snapshot snapshot(cluster, FeatureGates{});
  Pod pod = PodBuilder("p").req(rl({{"cpu", "1"}}));
  pod.spec.volumes = {claim_volume("data")};
  const PodInfo* assumed = snapshot.assume(pod, "n1", FeatureGates{});
  REQUIRE(assumed != nullptr);
  CHECK(snapshot.is_pvc_used_by_pods("default/data"));
  CHECK(snapshot.find_node("n1")->requested().milli_cpu == 1000);
  CHECK(snapshot.forget(assumed));
  CHECK(snapshot.find_node("n1")->pods().empty());
  CHECK(snapshot.find_node("n1")->requested().milli_cpu == 0);
  CHECK_FALSE(snapshot.is_pvc_used_by_pods("default/data"));
  CHECK(snapshot.pod_infos().empty());
  CHECK_FALSE(snapshot.forget(nullptr));
}

// Two nodes with one local volume each, pods with WaitForFirstConsumer claims, the default profile.
struct LocalVolumes {
  LocalVolumes() {
    cluster->nodes = {NodeBuilder("s1").label(kNodeLabelKey, "s1").capacity(rl({{"cpu", "4"}, {"pods", "10"}})),
                      NodeBuilder("s2").label(kNodeLabelKey, "s2").capacity(rl({{"cpu", "4"}, {"pods", "10"}}))};
    cluster->storage_classes = {make_class(kWaitClass, "kubernetes.io/no-provisioner")};
    cluster->persistent_volumes = {make_pv("pv-s1", "s1", "1G", nullptr), make_pv("pv-s2", "s2", "1G", nullptr)};
    cluster->persistent_volume_claims = {make_pvc("data-0", "1G", kWaitClass), make_pvc("data-1", "1G", kWaitClass),
                                         make_pvc("data-2", "1G", kWaitClass)};
    snapshot = std::make_unique<Snapshot>(*cluster, gates);
  }
  CycleResult place(const std::string& name, const std::string& claim) {
    Pod pod = PodBuilder(name, "testns").req(rl({{"cpu", "100m"}}));
    pod.spec.volumes = {claim_volume(claim)};
    return schedule_one(pod, *snapshot, *placement.find("default-scheduler"), gates);
  }
  FeatureGates gates;
  SchedulerConfiguration config = default_scheduler_configuration(gates);
  Profiles profiles{config, gates};
  PlacementProfiles placement{config, profiles, gates};
  std::unique_ptr<ClusterState> cluster = std::make_unique<ClusterState>();
  std::unique_ptr<Snapshot> snapshot;
};

TEST_CASE("place: each claim takes a volume the pods before it did not take") {
  LocalVolumes env;
  const CycleResult first = env.place("db-0", "data-0");
  REQUIRE(first.bound());
  const std::string first_volume = first.node == "s1" ? "pv-s1" : "pv-s2";
  CHECK(first.pre_bind_writes == std::vector<std::string>{"update PersistentVolume " + first_volume +
                                                           ": claimRef testns/data-0"});
  const CycleResult second = env.place("db-1", "data-1");
  REQUIRE(second.bound());
  CHECK(second.node != first.node);
  const CycleResult third = env.place("db-2", "data-2");
  CHECK(third.stage == CycleStage::Filter);
  CHECK(third.message == "0/2 nodes are available: 2 node(s) didn't find available persistent volumes to bind.");
}

TEST_CASE("place: a second pod of a claim follows the volume the first one's Reserve assumed") {
  LocalVolumes env;
  const CycleResult first = env.place("a", "data-0");
  REQUIRE(first.bound());
  for (int i = 0; i < 3; ++i) {
    const CycleResult next = env.place("b" + std::to_string(i), "data-0");
    REQUIRE(next.bound());
    CHECK(next.node == first.node);
    // The volume is already pre-bound to the claim: nothing is assumed again, the write repeats.
    CHECK(next.pre_bind_writes == first.pre_bind_writes);
  }
}

}  // namespace
}  // namespace podfit
