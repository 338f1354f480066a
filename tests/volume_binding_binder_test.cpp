// The volume binder and the helpers it relies on: binder_test.go (TestFindPodVolumesWithoutProvisioning,
// TestFindPodVolumesWithProvisioning, TestFindPodVolumesWithCSIMigration, TestCapacity and the
// FindPodVolumes half of TestFindAssumeVolumes), component-helpers' pv_helpers_test.go
// (TestFindMatchVolumeWithNode, TestDelayBindingMode), helpers_test.go (TestCheckVolumeNodeAffinity,
// TestPersistentVolumeClaimHasClass), ephemeral_test.go (TestVolumeIsForPod) and csi-translation-lib's
// topology tests (TestTranslateTopologyFromInTreeToCSI, TestAddTopology, TestKubernetesVolumeIDToEBSVolumeID,
// TestTranslateInTreePVToCSIVolIDFmt).
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/plugins/volume_binding/volume_binding.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr const char* kBindConflict = "node(s) didn't find available persistent volumes to bind";
constexpr const char* kNodeConflict = "node(s) didn't match PersistentVolume's node affinity";
constexpr const char* kNotEnoughSpace = "node(s) did not have enough free storage";
constexpr const char* kPVNotExist = "node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)";

constexpr const char* kNodeLabelKey = "nodeKey";
constexpr const char* kProvisioner = "test-provisioner";
constexpr const char* kWaitClass = "waitClass";
constexpr const char* kImmediateClass = "immediateClass";
constexpr const char* kWaitClassWithProvisioner = "waitClassWithProvisioner";
constexpr const char* kTopoMismatchClass = "topoMismatchClass";

Quantity q(const char* text) { return *Quantity::parse(text); }

enum class ClaimState { Unbound, Prebound, Bound, SelectedNode };

// makeTestPVC: namespace testns, uid pvc-uid, Filesystem mode.
PersistentVolumeClaim make_pvc(const std::string& name, const char* size, const std::string& node, ClaimState state,
                               const std::string& pv_name, std::optional<std::string> class_name) {
  PersistentVolumeClaim pvc;
  pvc.metadata.name = name;
  pvc.metadata.namespace_ = "testns";
  pvc.metadata.uid = "pvc-uid";
  pvc.spec.resources.requests = ResourceList{{"storage", q(size)}};
  pvc.spec.storage_class_name = std::move(class_name);
  switch (state) {
    case ClaimState::SelectedNode:
      pvc.metadata.annotations.set("volume.kubernetes.io/selected-node", node);
      break;
    case ClaimState::Bound:
      pvc.metadata.annotations.set("pv.kubernetes.io/bind-completed", "yes");
      pvc.spec.volume_name = pv_name;
      break;
    case ClaimState::Prebound:
      pvc.spec.volume_name = pv_name;
      break;
    case ClaimState::Unbound:
      break;
  }
  return pvc;
}

// makeTestPV: Available, affinity nodeKey In [node] when a node is given, claimRef when bound.
PersistentVolume make_pv(const std::string& name, const std::string& node, const char* capacity,
                         const PersistentVolumeClaim* bound_to, const std::string& class_name) {
  PersistentVolume pv;
  pv.metadata.name = name;
  pv.capacity.set("storage", q(capacity));
  pv.storage_class_name = class_name;
  pv.phase = "Available";
  if (!node.empty()) pv.node_affinity = NodeSelector{{NodeSelectorTerm{{{kNodeLabelKey, "In", {node}}}, {}}}};
  if (bound_to) {
    pv.claim_ref = ObjectReference{"PersistentVolumeClaim", bound_to->metadata.namespace_, bound_to->metadata.name,
                                   bound_to->metadata.uid};
    pv.metadata.annotations.set("pv.kubernetes.io/bound-by-controller", "yes");
  }
  return pv;
}

Node make_node(const std::string& name, std::vector<std::pair<std::string, std::string>> labels) {
  Node node;
  node.metadata.name = name;
  for (auto& [k, v] : labels) node.metadata.labels.set(k, v);
  return node;
}

// The binder test fixtures (binder_test.go's package variables).
struct Fixtures {
  PersistentVolumeClaim unbound = make_pvc("unbound-pvc", "1G", "", ClaimState::Unbound, "", kWaitClass);
  PersistentVolumeClaim unbound2 = make_pvc("unbound-pvc2", "5G", "", ClaimState::Unbound, "", kWaitClass);
  PersistentVolumeClaim prebound = make_pvc("prebound-pvc", "1G", "", ClaimState::Prebound, "pv-node1a", kWaitClass);
  PersistentVolumeClaim bound = make_pvc("bound-pvc", "1G", "", ClaimState::Bound, "pv-bound", kWaitClass);
  PersistentVolumeClaim immediate_unbound =
      make_pvc("immediate-unbound-pvc", "1G", "", ClaimState::Unbound, "", kImmediateClass);
  PersistentVolumeClaim immediate_bound =
      make_pvc("immediate-bound-pvc", "1G", "", ClaimState::Bound, "pv-bound-immediate", kImmediateClass);
  PersistentVolumeClaim provisioned =
      make_pvc("provisioned-pvc", "1Gi", "", ClaimState::Unbound, "", kWaitClassWithProvisioner);
  PersistentVolumeClaim no_provisioner = make_pvc("no-provisioner-pvc", "1Gi", "", ClaimState::Unbound, "", kWaitClass);
  PersistentVolumeClaim topo_mismatch =
      make_pvc("topo-mismatch-pvc", "1Gi", "", ClaimState::Unbound, "", kTopoMismatchClass);
  PersistentVolumeClaim selected_node =
      make_pvc("provisioned-pvc", "1Gi", "node1", ClaimState::SelectedNode, "", kWaitClassWithProvisioner);
  PersistentVolumeClaim bound_migration =
      make_pvc("pvc-migration-bound", "1G", "", ClaimState::Bound, "pv-migration-bound", kWaitClass);

  PersistentVolume pv_node1a = make_pv("pv-node1a", "node1", "5G", nullptr, kWaitClass);
  PersistentVolume pv_node1b = make_pv("pv-node1b", "node1", "10G", nullptr, kWaitClass);
  PersistentVolume pv_node1c = make_pv("pv-node1b", "node1", "5G", nullptr, kWaitClass);
  PersistentVolume pv_node2 = make_pv("pv-node2", "node2", "1G", nullptr, kWaitClass);
  PersistentVolume pv_bound = make_pv("pv-bound", "node1", "1G", &bound, kWaitClass);
  PersistentVolume pv_node1a_bound = make_pv("pv-node1a", "node1", "5G", &unbound, kWaitClass);
  PersistentVolume pv_bound_immediate = make_pv("pv-bound-immediate", "node1", "1G", &immediate_bound, kImmediateClass);
  PersistentVolume pv_bound_immediate_node2 =
      make_pv("pv-bound-immediate", "node2", "1G", &immediate_bound, kImmediateClass);

  // makeGenericEphemeralPVC("test-volume", owned) for pod testns/test-pod (no UID).
  PersistentVolumeClaim generic(bool owned) const {
    PersistentVolumeClaim pvc =
        make_pvc("test-pod-test-volume", "1G", "", ClaimState::Bound, "pv-bound", std::string(kImmediateClass));
    if (owned) pvc.metadata.owner_references.push_back({"", "", "test-pod", "", true});
    return pvc;
  }
  PersistentVolume pv_bound_generic() const {
    PersistentVolumeClaim correct = generic(true);
    return make_pv("pv-bound", "node1", "1G", &correct, kWaitClass);
  }

  // makeTestPVForCSIMigration: a GCE PD (migrated) or RBD volume with beta zone labels, no affinity.
  PersistentVolume migration_pv(const PersistentVolumeClaim& claim, bool migratable) const {
    PersistentVolume pv = make_pv("pv-migration-bound", "node1", "1G", &claim, kWaitClass);
    pv.node_affinity.reset();
    pv.metadata.labels.set("failure-domain.beta.kubernetes.io/zone", "us-east-1");
    pv.metadata.labels.set("failure-domain.beta.kubernetes.io/region", "us-east-1a");
    if (migratable) {
      pv.source.type = "gcePersistentDisk";
      pv.source.pd_name = "test-disk";
    } else {
      pv.source.type = "rbd";
      pv.source.rbd_image = "test-disk";
    }
    return pv;
  }
};

// newTestBinder's classes.
std::vector<StorageClass> binder_classes() {
  auto make = [](const char* name, const char* mode, const char* provisioner,
                 std::vector<std::string> topology_values) {
    StorageClass sc;
    sc.metadata.name = name;
    sc.volume_binding_mode = mode;
    sc.provisioner = provisioner;
    if (!topology_values.empty()) sc.allowed_topologies = {TopologySelectorTerm{{{kNodeLabelKey, topology_values}}}};
    return sc;
  };
  return {make(kWaitClassWithProvisioner, "WaitForFirstConsumer", kProvisioner, {"node1", "reference-value"}),
          make(kImmediateClass, "Immediate", "", {}),
          make(kWaitClass, "WaitForFirstConsumer", "kubernetes.io/no-provisioner", {}),
          make(kTopoMismatchClass, "WaitForFirstConsumer", kProvisioner, {"reference-value"})};
}

CSIDriver make_driver(bool storage_capacity) {
  CSIDriver driver;
  driver.metadata.name = kProvisioner;
  driver.storage_capacity = storage_capacity;
  return driver;
}

// makeCapacity: empty topology (network attached) without a node, else {nodeKey: <node's value>}.
CSIStorageCapacity make_capacity(const std::string& class_name, const Node* node, const char* size,
                                 const char* maximum) {
  CSIStorageCapacity c;
  c.metadata.name = "net";
  c.storage_class_name = class_name;
  c.node_topology = LabelSelector{};
  if (node) c.node_topology->match_labels.set(kNodeLabelKey, *node->metadata.labels.find(kNodeLabelKey));
  if (*size) c.capacity = q(size);
  if (*maximum) c.maximum_volume_size = q(maximum);
  return c;
}

// makePod("test-pod").withNamespace("testns").withNodeName("node1") with claims or volumes.
Pod make_pod(const std::vector<PersistentVolumeClaim>& claims) {
  Pod pod;
  pod.metadata.name = "test-pod";
  pod.metadata.namespace_ = "testns";
  pod.spec.node_name = "node1";
  for (size_t i = 0; i < claims.size(); ++i) {
    Volume v;
    v.name = "vol" + std::to_string(i);
    v.source.type = "persistentVolumeClaim";
    v.claim_name = claims[i].metadata.name;
    pod.spec.volumes.push_back(v);
  }
  return pod;
}

Pod with_volume(Pod pod, const std::string& type, const std::string& name) {
  Volume v;
  v.name = name;
  v.source.type = type;
  if (type == "ephemeral") v.ephemeral_claim = PersistentVolumeClaimSpec{};
  pod.spec.volumes.push_back(v);
  return pod;
}

// The test's findPodVolumes: GetPodVolumeClaims, unbound immediate claims fail, then FindPodVolumes.
struct Outcome {
  bool failed = false;
  std::vector<std::string> reasons;
  std::vector<std::string> bindings;    // "claim->volume"
  std::vector<std::string> provisions;  // "claim" or "claim@capacity-topology"
  const CSIStorageCapacity* first_capacity = nullptr;
};

Outcome find_pod_volumes(const ClusterState& cluster, const Pod& pod, const Node& node) {
  FeatureGates gates;
  Snapshot snapshot(cluster, gates);
  Outcome outcome;
  auto claims = get_pod_volume_claims(pod, snapshot.storage());
  if (!claims || !claims->unbound_immediate.empty()) {
    outcome.failed = true;
    return outcome;
  }
  PodVolumePlan plan(*claims, snapshot.storage());
  PodVolumesOnNode result = plan.find(node);
  outcome.failed = result.error.has_value();
  outcome.reasons = result.reasons;
  for (const auto& b : result.static_bindings) {
    outcome.bindings.push_back(b.claim->metadata.name + "->" + b.volume->metadata.name);
  }
  for (const auto& p : result.dynamic_provisions) {
    outcome.provisions.push_back(p.claim->metadata.name);
    if (outcome.first_capacity == nullptr && p.capacity != nullptr) {
      // Capacities are copied into the snapshot's cluster; compare by topology instead of address.
      outcome.first_capacity = p.capacity;
    }
  }
  if (!result.reasons.empty()) CHECK(result.details.size() >= 1);
  return outcome;
}

Node test_node() { return make_node("node1", {{kNodeLabelKey, "node1"}}); }

struct FindCase {
  std::string name;
  std::vector<PersistentVolume> pvs = {};
  std::vector<PersistentVolumeClaim> pod_pvcs = {};
  std::optional<std::vector<PersistentVolumeClaim>> cache_pvcs = {};  // nullopt: the pod's claims
  std::optional<Pod> pod = {};                                        // nullopt: a pod with pod_pvcs
  std::vector<std::string> bindings = {};
  std::vector<std::string> provisions = {};
  std::vector<std::string> reasons = {};
  bool should_fail = false;
  bool needs_capacity = false;
};

void run_find_cases(const std::vector<FindCase>& cases, bool with_provisioning) {
  const std::vector<std::pair<std::string, std::optional<CSIDriver>>> drivers = {
      {"no CSIDriver", std::nullopt},
      {"CSIDriver with capacity tracking", make_driver(true)},
      {"CSIDriver without capacity tracking", make_driver(false)},
  };
  for (const auto& [description, driver] : drivers) {
    for (const auto& c : cases) {
      SUBCASE((description + "/" + c.name).c_str()) {
        ClusterState cluster;
        cluster.storage_classes = binder_classes();
        cluster.persistent_volumes = c.pvs;
        cluster.persistent_volume_claims = c.cache_pvcs ? *c.cache_pvcs : c.pod_pvcs;
        if (driver) cluster.csi_drivers.push_back(*driver);
        Pod pod = c.pod ? *c.pod : make_pod(c.pod_pvcs);
        Outcome got = find_pod_volumes(cluster, pod, test_node());
        CHECK(got.failed == c.should_fail);
        std::vector<std::string> reasons = c.reasons;
        std::vector<std::string> provisions = c.provisions;
        if (with_provisioning && c.needs_capacity && driver && driver->storage_capacity) {
          // Without CSIStorageCapacity objects, provisioning is blocked.
          reasons.push_back(kNotEnoughSpace);
          provisions.clear();
        }
        if (!c.should_fail) {
          CHECK(got.reasons == reasons);
          CHECK(got.bindings == c.bindings);
          CHECK(got.provisions == provisions);
        }
      }
    }
  }
}

TEST_CASE("VolumeBinder: FindPodVolumes without provisioning") {
  Fixtures f;
  std::vector<FindCase> cases = {
      {.name = "no-volumes", .pod = make_pod({})},
      {.name = "no-pvcs", .pod = with_volume(make_pod({}), "emptyDir", "")},
      {.name = "pvc-not-found",
       .pod_pvcs = {f.bound},
       .cache_pvcs = std::vector<PersistentVolumeClaim>{},
       .should_fail = true},
      {.name = "bound-pvc", .pvs = {f.pv_bound}, .pod_pvcs = {f.bound}},
      {.name = "bound-pvc,pv-not-exists", .pod_pvcs = {f.bound}, .reasons = {kPVNotExist}},
      {.name = "prebound-pvc", .pvs = {f.pv_node1a_bound}, .pod_pvcs = {f.prebound}, .should_fail = true},
      {.name = "unbound-pvc,pv-same-node",
       .pvs = {f.pv_node2, f.pv_node1a, f.pv_node1b},
       .pod_pvcs = {f.unbound},
       .bindings = {"unbound-pvc->pv-node1a"}},
      {.name = "unbound-pvc,pv-different-node",
       .pvs = {f.pv_node2},
       .pod_pvcs = {f.unbound},
       .reasons = {kBindConflict}},
      {.name = "two-unbound-pvcs",
       .pvs = {f.pv_node1a, f.pv_node1b},
       .pod_pvcs = {f.unbound, f.unbound2},
       .bindings = {"unbound-pvc->pv-node1a", "unbound-pvc2->pv-node1b"}},
      {.name = "two-unbound-pvcs,order-by-size",
       .pvs = {f.pv_node1a, f.pv_node1b},
       .pod_pvcs = {f.unbound2, f.unbound},
       .bindings = {"unbound-pvc->pv-node1a", "unbound-pvc2->pv-node1b"}},
      {.name = "two-unbound-pvcs,partial-match",
       .pvs = {f.pv_node1a},
       .pod_pvcs = {f.unbound, f.unbound2},
       .bindings = {"unbound-pvc->pv-node1a"},
       .reasons = {kBindConflict}},
      {.name = "one-bound,one-unbound",
       .pvs = {f.pv_bound, f.pv_node1a},
       .pod_pvcs = {f.unbound, f.bound},
       .bindings = {"unbound-pvc->pv-node1a"}},
      {.name = "one-bound,one-unbound,no-match",
       .pvs = {f.pv_bound, f.pv_node2},
       .pod_pvcs = {f.unbound, f.bound},
       .reasons = {kBindConflict}},
      {.name = "one-prebound,one-unbound",
       .pvs = {f.pv_node1a, f.pv_node1b},
       .pod_pvcs = {f.unbound, f.prebound},
       .should_fail = true},
      {.name = "immediate-bound-pvc", .pvs = {f.pv_bound_immediate}, .pod_pvcs = {f.immediate_bound}},
      {.name = "immediate-bound-pvc-wrong-node",
       .pvs = {f.pv_bound_immediate_node2},
       .pod_pvcs = {f.immediate_bound},
       .reasons = {kNodeConflict}},
      {.name = "immediate-unbound-pvc", .pod_pvcs = {f.immediate_unbound}, .should_fail = true},
      {.name = "immediate-unbound-pvc,delayed-mode-bound",
       .pvs = {f.pv_bound},
       .pod_pvcs = {f.immediate_unbound, f.bound},
       .should_fail = true},
      {.name = "immediate-unbound-pvc,delayed-mode-unbound",
       .pod_pvcs = {f.immediate_unbound, f.unbound},
       .should_fail = true},
      {.name = "generic-ephemeral,no-pvc",
       .pod = with_volume(make_pod({}), "ephemeral", "no-such-pvc"),
       .should_fail = true},
      {.name = "generic-ephemeral,with-pvc",
       .pvs = {f.pv_bound_generic()},
       .cache_pvcs = std::vector<PersistentVolumeClaim>{f.generic(true)},
       .pod = with_volume(make_pod({}), "ephemeral", "test-volume")},
      {.name = "generic-ephemeral,wrong-pvc",
       .pvs = {f.pv_bound_generic()},
       .cache_pvcs = std::vector<PersistentVolumeClaim>{f.generic(false)},
       .pod = with_volume(make_pod({}), "ephemeral", "test-volume"),
       .should_fail = true},
  };
  CHECK(cases.size() == 22);
  run_find_cases(cases, false);
}

TEST_CASE("VolumeBinder: FindPodVolumes with provisioning") {
  Fixtures f;
  std::vector<FindCase> cases = {
      {.name = "one-provisioned",
       .pod_pvcs = {f.provisioned},
       .provisions = {"provisioned-pvc"},
       .needs_capacity = true},
      {.name = "two-unbound-pvcs,one-matched,one-provisioned",
       .pvs = {f.pv_node1a},
       .pod_pvcs = {f.unbound, f.provisioned},
       .bindings = {"unbound-pvc->pv-node1a"},
       .provisions = {"provisioned-pvc"},
       .needs_capacity = true},
      {.name = "one-bound,one-provisioned",
       .pvs = {f.pv_bound},
       .pod_pvcs = {f.bound, f.provisioned},
       .provisions = {"provisioned-pvc"},
       .needs_capacity = true},
      {.name = "one-binding,one-selected-node",
       .pvs = {f.pv_bound},
       .pod_pvcs = {f.bound, f.selected_node},
       .provisions = {"provisioned-pvc"},
       .needs_capacity = true},
      {.name = "immediate-unbound-pvc", .pod_pvcs = {f.immediate_unbound}, .should_fail = true},
      {.name = "one-immediate-bound,one-provisioned",
       .pvs = {f.pv_bound_immediate},
       .pod_pvcs = {f.immediate_bound, f.provisioned},
       .provisions = {"provisioned-pvc"},
       .needs_capacity = true},
      {.name = "invalid-provisioner", .pod_pvcs = {f.no_provisioner}, .reasons = {kBindConflict}},
      {.name = "volume-topology-unsatisfied", .pod_pvcs = {f.topo_mismatch}, .reasons = {kBindConflict}},
  };
  run_find_cases(cases, true);
}

TEST_CASE("VolumeBinder: FindPodVolumes with CSI migration") {
  Fixtures f;
  const Node node_zone1 = make_node("node1", {{"topology.gke.io/zone", "us-east-1"}});
  const Node node_zone2 = make_node("node1", {{"topology.gke.io/zone", "us-east-2"}});
  auto csi_node = [](const char* migrated) {
    CSINode n;
    n.metadata.name = "node1";
    n.metadata.annotations.set("storage.alpha.kubernetes.io/migrated-plugins", migrated);
    return n;
  };
  struct Case {
    std::string name;
    Node node;
    std::vector<CSINode> csi_nodes;
    std::vector<std::string> reasons;
  };
  const std::vector<Case> cases = {
      {"pvc-bound", node_zone1, {csi_node("kubernetes.io/gce-pd")}, {}},
      {"pvc-bound,csinode-not-migrated", node_zone1, {csi_node("")}, {}},
      {"pvc-bound,missing-csinode", node_zone1, {}, {}},
      {"pvc-bound,node-different-zone", node_zone2, {csi_node("kubernetes.io/gce-pd")}, {kNodeConflict}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      ClusterState cluster;
      cluster.storage_classes = binder_classes();
      cluster.persistent_volume_claims = {f.bound_migration};
      cluster.persistent_volumes = {f.migration_pv(f.bound_migration, true)};
      cluster.csi_nodes = c.csi_nodes;
      Outcome got = find_pod_volumes(cluster, make_pod({f.bound_migration}), c.node);
      CHECK_FALSE(got.failed);
      CHECK(got.reasons == c.reasons);
    }
  }
  SUBCASE("non-migrated plugin keeps its (absent) affinity") {
    ClusterState cluster;
    cluster.storage_classes = binder_classes();
    cluster.persistent_volume_claims = {f.bound_migration};
    cluster.persistent_volumes = {f.migration_pv(f.bound_migration, false)};
    cluster.csi_nodes = {csi_node("kubernetes.io/gce-pd")};
    Outcome got = find_pod_volumes(cluster, make_pod({f.bound_migration}), node_zone2);
    CHECK_FALSE(got.failed);
    CHECK(got.reasons.empty());
  }
  SUBCASE("translation errors fail the Filter") {
    ClusterState cluster;
    cluster.storage_classes = binder_classes();
    cluster.persistent_volume_claims = {f.bound_migration};
    PersistentVolume pv = f.migration_pv(f.bound_migration, true);
    pv.metadata.labels.set("failure-domain.beta.kubernetes.io/zone", "us-east1-a__us-west1-b");
    cluster.persistent_volumes = {pv};
    cluster.csi_nodes = {csi_node("kubernetes.io/gce-pd")};
    FeatureGates gates;
    Snapshot snapshot(cluster, gates);
    auto claims = get_pod_volume_claims(make_pod({f.bound_migration}), snapshot.storage());
    REQUIRE(claims);
    PodVolumePlan plan(*claims, snapshot.storage());
    PodVolumesOnNode result = plan.find(node_zone1);
    REQUIRE(result.error);
    CHECK(*result.error ==
          "could not translate pv: failed to get region from zones: multiple or no regions gotten from zones, got: "
          "map[us-east1:{} us-west1:{}]");
    CHECK(result.reasons.empty());
  }
}

TEST_CASE("VolumeBinder: storage capacity (TestCapacity)") {
  Fixtures f;
  const Node node1 = make_node("node1", {{kNodeLabelKey, "node1"}});
  const Node node2 = make_node("node2", {{kNodeLabelKey, "node2"}});
  const CSIStorageCapacity network = make_capacity(kWaitClassWithProvisioner, nullptr, "1Gi", "");
  const CSIStorageCapacity node1_capacity = make_capacity(kWaitClassWithProvisioner, &node1, "1Gi", "");
  struct Case {
    std::string name;
    std::vector<CSIStorageCapacity> capacities;
    bool provisioned;  // with a capacity when the driver opts in
    std::vector<std::string> reasons;
  };
  const std::vector<Case> cases = {
      {"network-attached", {network}, true, {}},
      {"local-storage", {node1_capacity}, true, {}},
      // The three objects of kube's case share one name; its informer keeps the last (node1's).
      {"multiple", {node1_capacity}, true, {}},
      {"no-storage", {}, false, {kNotEnoughSpace}},
      {"wrong-node", {make_capacity(kWaitClassWithProvisioner, &node2, "1Gi", "")}, false, {kNotEnoughSpace}},
      {"wrong-storage-class", {make_capacity(kWaitClass, &node1, "1Gi", "")}, false, {kNotEnoughSpace}},
      {"insufficient-storage", {make_capacity(kWaitClassWithProvisioner, &node1, "1Mi", "")}, false, {kNotEnoughSpace}},
      {"insufficient-volume-size",
       {make_capacity(kWaitClassWithProvisioner, &node1, "1Gi", "1Mi")},
       false,
       {kNotEnoughSpace}},
      {"zero-storage", {make_capacity(kWaitClassWithProvisioner, &node1, "0Mi", "")}, false, {kNotEnoughSpace}},
      {"zero-volume-size", {make_capacity(kWaitClassWithProvisioner, &node1, "", "0Mi")}, false, {kNotEnoughSpace}},
      {"nil-storage", {make_capacity(kWaitClassWithProvisioner, &node1, "", "")}, false, {kNotEnoughSpace}},
      // LabelSelectorAsSelector: an absent nodeTopology reaches no node (an empty one, above, every node).
      {"no-topology",
       {[&] {
         CSIStorageCapacity c = network;
         c.node_topology.reset();
         return c;
       }()},
       false,
       {kNotEnoughSpace}},
  };
  for (bool opt_in : {true, false}) {
    for (const auto& c : cases) {
      SUBCASE((std::string("CSIDriver.StorageCapacity=") + (opt_in ? "true/" : "false/") + c.name).c_str()) {
        ClusterState cluster;
        cluster.storage_classes = binder_classes();
        cluster.csi_drivers = {make_driver(opt_in)};
        cluster.csi_storage_capacities = c.capacities;
        cluster.persistent_volume_claims = {f.provisioned};
        FeatureGates gates;
        Snapshot snapshot(cluster, gates);
        auto claims = get_pod_volume_claims(make_pod({f.provisioned}), snapshot.storage());
        REQUIRE(claims);
        PodVolumePlan plan(*claims, snapshot.storage());
        PodVolumesOnNode result = plan.find(test_node());
        CHECK_FALSE(result.error);
        if (!opt_in) {
          CHECK(result.reasons.empty());
          REQUIRE(result.dynamic_provisions.size() == 1);
          CHECK(result.dynamic_provisions[0].capacity == nullptr);
          continue;
        }
        CHECK(result.reasons == c.reasons);
        if (c.provisioned) {
          REQUIRE(result.dynamic_provisions.size() == 1);
          REQUIRE(result.dynamic_provisions[0].capacity != nullptr);
          CHECK(result.dynamic_provisions[0].capacity == &cluster.csi_storage_capacities[0]);
        } else {
          CHECK(result.dynamic_provisions.empty());
        }
      }
    }
  }
}

TEST_CASE("VolumeBinder: a volume found, then pre-bound to the claim, is found again (TestFindAssumeVolumes)") {
  Fixtures f;
  ClusterState cluster;
  cluster.storage_classes = binder_classes();
  cluster.persistent_volumes = {f.pv_node2, f.pv_node1a, f.pv_node1c};
  cluster.persistent_volume_claims = {f.unbound};
  Outcome first = find_pod_volumes(cluster, make_pod({f.unbound}), test_node());
  CHECK(first.reasons.empty());
  REQUIRE(first.bindings == std::vector<std::string>{"unbound-pvc->pv-node1a"});
  // AssumePodVolumes sets the claimRef; matching must keep returning that volume.
  cluster.persistent_volumes[1] = f.pv_node1a_bound;
  for (int i = 0; i < 5; ++i) {
    Outcome again = find_pod_volumes(cluster, make_pod({f.unbound}), test_node());
    CHECK(again.reasons.empty());
    CHECK(again.bindings == first.bindings);
  }
}

// --- pv_helpers_test.go -----------------------------------------------------------------------

PersistentVolume make_test_volume(const std::string& uid, const std::string& name, const char* capacity, bool available,
                                  const std::string& class_name = "",
                                  std::optional<std::string> affinity_value = std::nullopt) {
  PersistentVolume pv;
  pv.metadata.uid = uid;
  pv.metadata.name = name;
  pv.capacity.set("storage", q(capacity));
  pv.source.type = "local";
  pv.access_modes = {"ReadWriteOnce", "ReadOnlyMany"};
  pv.storage_class_name = class_name;
  if (available) pv.phase = "Available";
  if (affinity_value) pv.node_affinity = NodeSelector{{NodeSelectorTerm{{{"key1", "In", {*affinity_value}}}, {}}}};
  return pv;
}

PersistentVolumeClaim make_test_claim(const std::string& name, const char* size, std::vector<std::string> modes) {
  PersistentVolumeClaim pvc;
  pvc.metadata.name = name;
  pvc.metadata.namespace_ = "myns";
  pvc.spec.access_modes = std::move(modes);
  pvc.spec.resources.requests = ResourceList{{"storage", q(size)}};
  pvc.spec.storage_class_name = "wait";
  return pvc;
}

TEST_CASE("FindMatchingVolume with a node (TestFindMatchVolumeWithNode)") {
  std::vector<PersistentVolume> volumes = {
      make_test_volume("local-small", "local001", "5G", true),
      make_test_volume("local-pd-very-large", "local002", "200E", true, "large"),
      make_test_volume("affinity-pv", "affinity001", "100G", true, "wait", "value1"),
      make_test_volume("affinity-pv2", "affinity002", "150G", true, "wait", "value1"),
      make_test_volume("affinity-prebound", "affinity003", "100G", true, "wait", "value1"),
      make_test_volume("affinity-pv3", "affinity003", "200G", true, "wait", "value3"),
      make_test_volume("affinity-pv4", "affinity004", "200G", false, "wait", "value4"),
  };
  volumes[4].claim_ref = ObjectReference{"", "myns", "claim02", ""};
  std::vector<PersistentVolume> volumes_with_gold = volumes;
  for (auto& v : volumes_with_gold) v.volume_attributes_class_name = "gold";

  auto node = [](const char* value) { return make_node("", {{"key1", value}}); };
  const std::vector<std::string> rwo = {"ReadWriteOnce"};
  auto with_vac = [](PersistentVolumeClaim pvc, const char* vac) {
    pvc.spec.volume_attributes_class_name = vac;
    return pvc;
  };

  struct Case {
    std::string name;
    std::string expected_match;  // uid
    bool expect_error;
    PersistentVolumeClaim claim;
    Node node;
    const std::vector<PersistentVolume>* volumes;
    std::vector<std::string> excluded;  // names
    std::vector<bool> vac_enabled;
  };
  const std::vector<Case> cases = {
      {"success-match",
       "affinity-pv",
       false,
       make_test_claim("claim01", "100G", rwo),
       node("value1"),
       &volumes,
       {},
       {true, false}},
      {"success-prebound",
       "affinity-prebound",
       false,
       make_test_claim("claim02", "100G", rwo),
       node("value1"),
       &volumes,
       {},
       {true, false}},
      {"success-exclusion",
       "affinity-pv2",
       false,
       make_test_claim("claim01", "100G", rwo),
       node("value1"),
       &volumes,
       {"affinity001"},
       {true, false}},
      {"fail-exclusion",
       "",
       false,
       make_test_claim("claim01", "100G", rwo),
       node("value1"),
       &volumes,
       {"affinity001", "affinity002", "affinity002-vac"},
       {true, false}},
      {"fail-accessmode",
       "",
       false,
       make_test_claim("claim01", "100G", {"ReadWriteMany"}),
       node("value1"),
       &volumes,
       {},
       {true, false}},
      {"fail-nodeaffinity",
       "",
       false,
       make_test_claim("claim01", "100G", rwo),
       node("value2"),
       &volumes,
       {},
       {true, false}},
      {"fail-prebound-node-affinity",
       "",
       false,
       make_test_claim("claim02", "100G", rwo),
       node("value3"),
       &volumes,
       {},
       {true, false}},
      {"fail-nonavaliable",
       "",
       false,
       make_test_claim("claim04", "100G", rwo),
       node("value4"),
       &volumes,
       {},
       {true, false}},
      {"success-bad-and-good-node-affinity",
       "affinity-pv3",
       false,
       make_test_claim("claim03", "100G", rwo),
       node("value3"),
       &volumes,
       {},
       {true, false}},
      {"success-match-with-vac",
       "affinity-pv",
       false,
       with_vac(make_test_claim("claim01", "100G", rwo), "gold"),
       node("value1"),
       &volumes_with_gold,
       {},
       {true}},
      {"fail-vac",
       "",
       false,
       with_vac(make_test_claim("claim01", "100G", rwo), "silver"),
       node("value1"),
       &volumes,
       {},
       {true}},
      {"fail-prebound-vac",
       "",
       false,
       with_vac(make_test_claim("claim02", "100G", rwo), "silver"),
       node("value1"),
       &volumes_with_gold,
       {},
       {true}},
      {"fail-on-error",
       "",
       true,
       with_vac(make_test_claim("claim01", "100G", rwo), "gold"),
       node("value1"),
       &volumes,
       {},
       {false}},
      {"fail-volumes-vac",
       "",
       false,
       make_test_claim("claim01", "100G", rwo),
       node("value1"),
       &volumes_with_gold,
       {},
       {false}},
  };
  for (const auto& c : cases) {
    for (bool vac : c.vac_enabled) {
      SUBCASE((std::string("[VolumeAttributesClass: ") + (vac ? "true] " : "false] ") + c.name).c_str()) {
        std::vector<const PersistentVolume*> pointers;
        std::set<const PersistentVolume*> excluded;
        for (const auto& v : *c.volumes) {
          pointers.push_back(&v);
          for (const auto& name : c.excluded) {
            if (v.metadata.name == name) excluded.insert(&v);
          }
        }
        VolumeMatch match = find_matching_volume(c.claim, pointers, &c.node, excluded, true, vac);
        CHECK(match.error.has_value() == c.expect_error);
        CHECK((match.volume ? match.volume->metadata.uid : std::string()) == c.expected_match);
      }
    }
  }
  SUBCASE("the error message without the VolumeAttributesClass gate") {
    std::vector<const PersistentVolume*> pointers;
    VolumeMatch match = find_matching_volume(with_vac(make_test_claim("claim01", "100G", rwo), "gold"), pointers,
                                             nullptr, {}, true, false);
    REQUIRE(match.error);
    CHECK(*match.error ==
          "unsupported volumeAttributesClassName is set on claim myns/claim01 when the feature-gate "
          "VolumeAttributesClass is disabled");
  }
  SUBCASE("an absent claim selector takes any volume, an empty one too, a non-empty one only those it selects") {
    PersistentVolumeClaim claim = make_test_claim("claim01", "1G", rwo);
    std::vector<PersistentVolume> labelled = {volumes[2], volumes[2]};
    const Node on = node("value1");
    labelled[0].metadata.uid = "pv-gold";
    labelled[0].metadata.labels.set("tier", "gold");
    labelled[1].metadata.uid = "pv-plain";
    std::vector<const PersistentVolume*> pointers = {&labelled[0], &labelled[1]};
    CHECK(find_matching_volume(claim, pointers, &on, {}, true, true).volume != nullptr);
    claim.spec.selector = LabelSelector{};
    CHECK(find_matching_volume(claim, pointers, &on, {}, true, true).volume != nullptr);
    claim.spec.selector->match_labels.set("tier", "gold");
    VolumeMatch gold = find_matching_volume(claim, pointers, &on, {}, true, true);
    REQUIRE(gold.volume != nullptr);
    CHECK(gold.volume->metadata.uid == "pv-gold");
    claim.spec.selector->match_labels.set("tier", "silver");
    CHECK(find_matching_volume(claim, pointers, &on, {}, true, true).volume == nullptr);
  }
  SUBCASE("an invalid claim selector is an error") {
    PersistentVolumeClaim claim = make_test_claim("claim01", "1G", rwo);
    claim.spec.selector = LabelSelector{{}, {{"tier", "Matches", {"a"}}}};
    std::vector<const PersistentVolume*> pointers = {&volumes[0]};
    VolumeMatch match = find_matching_volume(claim, pointers, nullptr, {}, true, true);
    REQUIRE(match.error);
    CHECK(*match.error ==
          "error creating internal label selector for claim: myns/claim01: \"Matches\" is not a valid label selector "
          "operator");
  }
}

TEST_CASE("FindMatchingVolume: the PV controller path (no node)") {
  PersistentVolumeClaim claim = make_test_claim("claim01", "1G", {"ReadWriteMany"});
  claim.spec.storage_class_name = "";
  std::vector<PersistentVolume> volumes = {make_test_volume("small", "pv-1", "2G", true),
                                           make_test_volume("smaller", "pv-2", "1G", true),
                                           make_test_volume("pending", "pv-3", "1G", false)};
  std::vector<const PersistentVolume*> pointers = {&volumes[0], &volumes[1], &volumes[2]};
  // Access modes are not checked without a node; the smallest available volume wins.
  CHECK(find_matching_volume(claim, pointers, nullptr, {}, false, true).volume == &volumes[1]);
  // With delayed binding the controller only takes pre-bound volumes.
  CHECK(find_matching_volume(claim, pointers, nullptr, {}, true, true).volume == nullptr);
  volumes[2].claim_ref = ObjectReference{"", "myns", "claim01", ""};
  CHECK(find_matching_volume(claim, pointers, nullptr, {}, true, true).volume == &volumes[2]);
}

TEST_CASE("IsDelayBindingMode (TestDelayBindingMode)") {
  ClusterState cluster;
  auto make = [](const char* name, const char* mode) {
    StorageClass sc;
    sc.metadata.name = name;
    sc.volume_binding_mode = mode;
    return sc;
  };
  cluster.storage_classes = {make("immediate-mode", "Immediate"), make("wait-mode", "WaitForFirstConsumer")};
  FeatureGates gates;
  Snapshot snapshot(cluster, gates);
  auto claim = [](std::optional<std::string> class_name) {
    PersistentVolumeClaim pvc;
    pvc.spec.storage_class_name = std::move(class_name);
    return pvc;
  };
  // kube's "no-mode-class" case cannot arise: the API server defaults volumeBindingMode.
  CHECK_FALSE(is_delay_binding_mode(claim(std::nullopt), snapshot.storage()));
  CHECK_FALSE(is_delay_binding_mode(claim("not-here"), snapshot.storage()));
  CHECK_FALSE(is_delay_binding_mode(claim("immediate-mode"), snapshot.storage()));
  CHECK(is_delay_binding_mode(claim("wait-mode"), snapshot.storage()));
  PersistentVolumeClaim annotated = claim("immediate-mode");
  annotated.metadata.annotations.set("volume.beta.kubernetes.io/storage-class", "wait-mode");
  CHECK(is_delay_binding_mode(annotated, snapshot.storage()));
}

// --- helpers_test.go ---------------------------------------------------------------------------

TEST_CASE("CheckNodeAffinity (TestCheckVolumeNodeAffinity)") {
  const StringMap labels{{"test-key1", "test-value1"}, {"test-key2", "test-value2"}};
  auto term = [](std::vector<NodeSelectorRequirement> requirements) { return NodeSelectorTerm{requirements, {}}; };
  auto in = [](const char* key, std::vector<std::string> values) { return NodeSelectorRequirement{key, "In", values}; };
  struct Case {
    std::string name;
    bool expect_success;
    std::optional<NodeSelector> affinity;
  };
  const std::vector<Case> cases = {
      {"valid-nil", true, std::nullopt},
      {"valid-no-constraints", true, std::nullopt},  // nodeAffinity without required
      {"select-nothing", false, NodeSelector{}},
      {"select-nothing-empty-terms", false, NodeSelector{{term({})}}},
      {"valid-multiple-terms", true,
       NodeSelector{{term({in("test-key3", {"test-value1", "test-value3"})}),
                     term({in("test-key2", {"test-value0", "test-value2"})})}}},
      {"valid-multiple-match-expressions", true,
       NodeSelector{
           {term({in("test-key1", {"test-value1", "test-value3"}), in("test-key2", {"test-value0", "test-value2"})})}}},
      {"invalid-multiple-match-expressions-key", false,
       NodeSelector{
           {term({in("test-key1", {"test-value1", "test-value3"}), in("test-key3", {"test-value0", "test-value2"})})}}},
      {"invalid-multiple-match-expressions-values", false,
       NodeSelector{
           {term({in("test-key1", {"test-value3", "test-value4"}), in("test-key2", {"test-value0", "test-value2"})})}}},
      {"invalid-multiple-terms", false,
       NodeSelector{{term({in("test-key3", {"test-value1", "test-value3"})}),
                     term({in("test-key2", {"test-value0", "test-value1"})})}}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      PersistentVolume pv;
      pv.metadata.name = "test-constraints";
      pv.node_affinity = c.affinity;
      CHECK(check_node_affinity(pv, labels) == c.expect_success);
    }
  }
  SUBCASE("matchFields are not checked against a label-only node") {
    PersistentVolume pv;
    pv.node_affinity = NodeSelector{{NodeSelectorTerm{{}, {{"metadata.name", "In", {"other-node"}}}}}};
    CHECK(check_node_affinity(pv, labels));
  }
}

TEST_CASE("PersistentVolumeClaimHasClass (TestPersistentVolumeClaimHasClass)") {
  PersistentVolumeClaim none;
  CHECK_FALSE(persistent_volume_claim_has_class(none));
  PersistentVolumeClaim annotated;
  annotated.metadata.annotations.set("volume.beta.kubernetes.io/storage-class", "");
  CHECK(persistent_volume_claim_has_class(annotated));
  PersistentVolumeClaim spec;
  spec.spec.storage_class_name = "";
  CHECK(persistent_volume_claim_has_class(spec));
  // GetPersistentVolumeClaimClass / GetPersistentVolumeClass: the annotation wins.
  annotated.spec.storage_class_name = "fast";
  CHECK(persistent_volume_claim_class(annotated).empty());
  PersistentVolume pv;
  pv.storage_class_name = "fast";
  CHECK(persistent_volume_class(pv) == "fast");
  pv.metadata.annotations.set("volume.beta.kubernetes.io/storage-class", "slow");
  CHECK(persistent_volume_class(pv) == "slow");
}

TEST_CASE("MatchTopologySelectorTerms") {
  const StringMap labels{{"zone", "a"}, {"rack", "1"}};
  CHECK(match_topology_selector_terms({}, labels));
  CHECK_FALSE(match_topology_selector_terms({TopologySelectorTerm{}}, labels));
  CHECK(match_topology_selector_terms(
      {TopologySelectorTerm{{{"zone", {"b"}}}}, TopologySelectorTerm{{{"zone", {"a"}}}}}, labels));
  CHECK_FALSE(match_topology_selector_terms({TopologySelectorTerm{{{"zone", {"a"}}, {"rack", {"2"}}}}}, labels));
  // An In requirement without values is invalid, so its term selects nothing.
  CHECK_FALSE(match_topology_selector_terms({TopologySelectorTerm{{{"zone", {}}}}}, labels));
}

// --- ephemeral_test.go -------------------------------------------------------------------------

TEST_CASE("VolumeIsForPod (TestVolumeIsForPod)") {
  auto pod = [](const char* name, const char* uid) {
    Pod p;
    p.metadata.namespace_ = "kube-system";
    p.metadata.name = name;
    p.metadata.uid = uid;
    return p;
  };
  const Pod not_owner = pod("podNotOwner", "1");
  const Pod owner = pod("podOwner", "2");
  PersistentVolumeClaim no_owner;
  no_owner.metadata.namespace_ = "kube-system";
  no_owner.metadata.name = "pvcNoOwner";
  no_owner.metadata.uid = "3";
  PersistentVolumeClaim with_owner = no_owner;
  with_owner.metadata.uid = "4";
  with_owner.metadata.owner_references.push_back({"", "", "", "2", true});
  PersistentVolumeClaim user_with_owner = with_owner;
  user_with_owner.metadata.namespace_ = "user-namespace";
  user_with_owner.metadata.name = "userPVCWithOwner";

  CHECK_FALSE(ephemeral_volume_is_for_pod(owner, with_owner));
  CHECK(ephemeral_volume_is_for_pod(not_owner, with_owner) ==
        "PVC kube-system/pvcNoOwner was not created for pod kube-system/podNotOwner (pod is not owner)");
  CHECK(ephemeral_volume_is_for_pod(owner, no_owner) ==
        "PVC kube-system/pvcNoOwner was not created for pod kube-system/podOwner (pod is not owner)");
  CHECK(ephemeral_volume_is_for_pod(owner, user_with_owner) ==
        "PVC user-namespace/userPVCWithOwner was not created for pod kube-system/podOwner (pod is not owner)");
  Volume volume;
  volume.name = "scratch";
  CHECK(ephemeral_volume_claim_name(owner, volume) == "podOwner-scratch");
}

// --- csi-translation-lib -----------------------------------------------------------------------

NodeSelectorRequirement in(const char* key, std::vector<std::string> values) { return {key, "In", std::move(values)}; }

std::vector<NodeSelectorRequirement> expressions_of(const TranslatedAffinity& t) {
  REQUIRE(t.node_affinity.has_value());
  REQUIRE(t.node_affinity->node_selector_terms.size() == 1);
  return t.node_affinity->node_selector_terms[0].match_expressions;
}

bool same(const std::vector<NodeSelectorRequirement>& a, const std::vector<NodeSelectorRequirement>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].key != b[i].key || a[i].op != b[i].op || a[i].values != b[i].values) return false;
  }
  return true;
}

PersistentVolume gce_pv(std::vector<std::pair<std::string, std::string>> labels) {
  PersistentVolume pv;
  pv.metadata.name = "gcepd";
  pv.source.type = "gcePersistentDisk";
  pv.source.pd_name = "pd-name";
  for (auto& [k, v] : labels) pv.metadata.labels.set(k, v);
  return pv;
}

TEST_CASE("CSI migration: in-tree topology to CSI topology (TestTranslateTopologyFromInTreeToCSI)") {
  const std::vector<std::pair<std::string, std::string>> ga_labels = {{"topology.kubernetes.io/zone", "us-east1-a"},
                                                                      {"topology.kubernetes.io/region", "us-east1"}};
  SUBCASE("Replace GA Kubernetes Zone Topology to GCE CSI Topology") {
    PersistentVolume pv = gce_pv(ga_labels);
    pv.node_affinity = NodeSelector{{NodeSelectorTerm{
        {in("topology.kubernetes.io/zone", {"us-east1-a"}), in("topology.kubernetes.io/region", {"us-east1"})}, {}}}};
    CHECK(same(expressions_of(translate_in_tree_node_affinity(pv)),
               {in("topology.gke.io/zone", {"us-east1-a"}), in("topology.kubernetes.io/region", {"us-east1"})}));
  }
  SUBCASE("Replace Beta Kubernetes Topology to GCE CSI Topology and upgrade region label") {
    PersistentVolume pv = gce_pv(ga_labels);
    pv.node_affinity = NodeSelector{{NodeSelectorTerm{{in("failure-domain.beta.kubernetes.io/zone", {"us-west2-b"}),
                                                       in("failure-domain.beta.kubernetes.io/region", {"us-west2"})},
                                                      {}}}};
    CHECK(same(expressions_of(translate_in_tree_node_affinity(pv)),
               {in("topology.gke.io/zone", {"us-west2-b"}), in("topology.kubernetes.io/region", {"us-west2"})}));
  }
  SUBCASE("zone labels become a requirement (TestAddTopology: sorted, trimmed, unique)") {
    PersistentVolume pv = gce_pv({{"topology.kubernetes.io/zone", "us-central1-f__us-central1-a__us-central1-c"}});
    CHECK(same(expressions_of(translate_in_tree_node_affinity(pv)),
               {in("topology.gke.io/zone", {"us-central1-a", "us-central1-c", "us-central1-f"})}));
    PersistentVolume ebs;
    ebs.source.type = "awsElasticBlockStore";
    ebs.source.volume_id = "vol-1";
    ebs.metadata.labels.set("failure-domain.beta.kubernetes.io/zone", " __us-west-2a");
    CHECK(same(expressions_of(translate_in_tree_node_affinity(ebs)),
               {in("topology.ebs.csi.aws.com/zone", {"us-west-2a"})}));
  }
  SUBCASE("only whitespace zones add nothing (TestAddTopology's errors are ignored)") {
    PersistentVolume cinder;
    cinder.source.type = "cinder";
    cinder.metadata.labels.set("topology.kubernetes.io/zone", " ");
    CHECK_FALSE(translate_in_tree_node_affinity(cinder).node_affinity.has_value());
  }
  SUBCASE("regional GCE PDs translate (TestTranslateInTreePVToCSIVolIDFmt)") {
    for (const char* key : {"failure-domain.beta.kubernetes.io/zone", "topology.kubernetes.io/zone"}) {
      for (const char* value : {"us-east1-a", "us-central1-a__us-central1-c"}) {
        CHECK_FALSE(translate_in_tree_node_affinity(gce_pv({{key, value}})).error);
      }
    }
    CHECK(translate_in_tree_node_affinity(gce_pv({{"topology.kubernetes.io/zone", "a__b"}})).error ==
          "failed to get region from zones: zone in unexpected format, expected: {locale}-{region}-{zone}, got: a");
  }
  SUBCASE("azure disks must be managed") {
    PersistentVolume disk;
    disk.source.type = "azureDisk";
    disk.source.azure_disk_kind = "Shared";
    CHECK(translate_in_tree_node_affinity(disk).error == "kind(Shared) is not supported in csi migration");
    disk.source.azure_disk_kind = "managed";
    CHECK_FALSE(translate_in_tree_node_affinity(disk).error);
  }
  SUBCASE("which plugins the scheduler migrates") {
    PersistentVolume pv;
    for (auto [type, plugin] :
         std::vector<std::pair<std::string, std::string>>{{"gcePersistentDisk", "kubernetes.io/gce-pd"},
                                                          {"awsElasticBlockStore", "kubernetes.io/aws-ebs"},
                                                          {"azureDisk", "kubernetes.io/azure-disk"},
                                                          {"cinder", "kubernetes.io/cinder"},
                                                          {"portworxVolume", "kubernetes.io/portworx-volume"},
                                                          {"azureFile", ""},
                                                          {"vsphereVolume", ""},
                                                          {"csi", ""},
                                                          {"rbd", ""}}) {
      pv.source.type = type;
      CHECK(migrated_in_tree_plugin(pv) == plugin);
    }
    CSINode csi;
    csi.metadata.annotations.set("storage.alpha.kubernetes.io/migrated-plugins",
                                 "kubernetes.io/aws-ebs, kubernetes.io/gce-pd");
    CHECK(is_plugin_migrated_on_node("kubernetes.io/aws-ebs", &csi));
    CHECK_FALSE(is_plugin_migrated_on_node("kubernetes.io/gce-pd", &csi));  // " kubernetes.io/gce-pd" is not trimmed
    CHECK_FALSE(is_plugin_migrated_on_node("kubernetes.io/aws-ebs", nullptr));
  }
}

TEST_CASE("CSI migration: a malformed EBS volume ID fails the translation") {
  PersistentVolume ebs;
  ebs.source.type = "awsElasticBlockStore";
  ebs.source.volume_id = "aws://us-west-2a/02399794d890f9375";
  CHECK(translate_in_tree_node_affinity(ebs).error ==
        "failed to translate Kubernetes ID to EBS Volume ID Invalid format for AWS volume "
        "(aws://us-west-2a/02399794d890f9375)");
}

}  // namespace
}  // namespace podfit
