// VolumeRestrictions: volume_restrictions_test.go (TestGCEDiskConflicts, TestAWSDiskConflicts,
// TestRBDDiskConflicts, TestISCSIDiskConflicts, TestAccessModeConflicts, the disk cases of
// Test_isSchedulableAfterAssignedPodDeleted, TestVolumeRestrictions_DeferredResizeSkipped) plus
// edge cases for read-only mounts, RBD monitors, namespaces, missing state and details.
#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/plugins/volume_restrictions.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr const char* kDiskConflict = "node(s) had no available disk";
constexpr const char* kRwopConflict =
    "node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod";

using testing::NodeBuilder;
using testing::NodeInfoFixture;
using testing::PodBuilder;

// "Code: reasons [details]" so that one comparison checks all three.
using testing::show;

Volume gce(std::string pd_name, bool read_only = false) {
  Volume v;
  v.name = "gce";
  v.source.type = "gcePersistentDisk";
  v.source.pd_name = std::move(pd_name);
  v.source.read_only = read_only;
  return v;
}
Volume aws(std::string volume_id, bool read_only = false) {
  Volume v;
  v.name = "aws";
  v.source.type = "awsElasticBlockStore";
  v.source.volume_id = std::move(volume_id);
  v.source.read_only = read_only;
  return v;
}
Volume rbd(std::vector<std::string> monitors, std::string pool, std::string image, bool read_only = false) {
  Volume v;
  v.name = "rbd";
  v.source.type = "rbd";
  v.source.ceph_monitors = std::move(monitors);
  v.source.rbd_pool = std::move(pool);
  v.source.rbd_image = std::move(image);
  v.source.read_only = read_only;
  return v;
}
Volume iscsi(std::string portal, std::string iqn, int32_t lun = 0, bool read_only = false) {
  Volume v;
  v.name = "iscsi";
  v.source.type = "iscsi";
  v.source.iscsi_target_portal = std::move(portal);
  v.source.iscsi_iqn = std::move(iqn);
  v.source.iscsi_lun = lun;
  v.source.read_only = read_only;
  return v;
}
// st.MakePod().PVC(name): the volume is named after the claim.
Volume claim_volume(std::string claim) {
  Volume v;
  v.name = claim;
  v.source.type = "persistentVolumeClaim";
  v.claim_name = std::move(claim);
  return v;
}
// A generic ephemeral volume (its claim is "<pod>-<volume>", never looked up by this plugin).
Volume ephemeral_volume(std::string name) {
  Volume v;
  v.name = std::move(name);
  v.source.type = "ephemeral";
  v.ephemeral_claim.emplace();
  v.ephemeral_claim->access_modes = {"ReadWriteOncePod"};
  return v;
}
// Volume with no source (kube's `volume with no restriction`).
Volume no_restriction() {
  Volume v;
  v.name = "volume with no restriction";
  return v;
}

Pod pod_with(std::vector<Volume> volumes, std::string name = "pod", std::string ns = "default") {
  Pod pod = PodBuilder(std::move(name), std::move(ns));
  pod.spec.volumes = std::move(volumes);
  return pod;
}
Pod existing_with(std::vector<Volume> volumes, std::string name = "existing") {
  return pod_with(std::move(volumes), std::move(name));
}

PersistentVolumeClaim claim(std::string name, std::vector<std::string> modes, std::string ns = "default") {
  PersistentVolumeClaim pvc;
  pvc.metadata.name = std::move(name);
  pvc.metadata.namespace_ = std::move(ns);
  pvc.spec.access_modes = std::move(modes);
  return pvc;
}

// One row: the pod, the pods on the filtered node and what the cluster holds for the lookups.
struct Case {
  std::string name;
  Pod pod;
  std::vector<Pod> on_node;          // the NodeInfo Filter sees
  std::vector<Pod> cluster_pods;     // pods of the snapshot (bound ones sit on node-1 when it exists)
  std::vector<Node> cluster_nodes;   // nodes of the snapshot
  std::vector<PersistentVolumeClaim> claims;
  Status want_pre_filter = Status();
  Status want_filter = Status();
};

void run_cases(const std::vector<Case>& cases, const FeatureGates& gates = FeatureGates{}) {
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      ClusterState cluster;
      cluster.nodes = c.cluster_nodes;
      cluster.pods = c.cluster_pods;
      cluster.persistent_volume_claims = c.claims;
      Snapshot snapshot(cluster, gates);
      auto plugin = new_volume_restrictions(PluginContext{gates});
      const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
      const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
      NodeInfoFixture node(NodeBuilder("node-1"), c.on_node);
      PodInfo pod_info(c.pod, gates);
      CycleState state;
      PreFilterResult result;
      const Status pre = pre_filter.pre_filter(state, pod_info, snapshot, result);
      CHECK(show(pre) == show(c.want_pre_filter));
      CHECK(result.all_nodes());
      // If PreFilter fails or skips, Filter does not run.
      if (pre.is_success()) CHECK(show(filter.filter(state, pod_info, node.info())) == show(c.want_filter));
    }
  }
}

Status skip() { return Status(Code::Skip); }
Status disk(std::string detail) { return Status(Code::Unschedulable, {kDiskConflict}, {std::move(detail)}); }
Status rwop(std::vector<std::string> details) { return Status(Code::Unschedulable, {kRwopConflict}, std::move(details)); }

TEST_CASE("VolumeRestrictions: GCE disk conflicts (TestGCEDiskConflicts)") {
  const Volume state = gce("foo");
  const Volume state2 = gce("bar");
  run_cases({
      {.name = "nothing", .pod = Pod(), .want_pre_filter = skip()},
      {.name = "one state", .pod = Pod(), .on_node = {existing_with({state})}, .want_pre_filter = skip()},
      {.name = "same state",
       .pod = pod_with({state}),
       .on_node = {existing_with({state})},
       .want_filter = disk("disk pd/foo is already mounted read-write by default/existing on this node")},
      {.name = "different state", .pod = pod_with({state2}), .on_node = {existing_with({state})}},
      {.name = "pod with a volume that doesn't have restrictions",
       .pod = pod_with({no_restriction()}),
       .want_pre_filter = skip()},
  });
}

TEST_CASE("VolumeRestrictions: AWS disk conflicts (TestAWSDiskConflicts)") {
  const Volume state = aws("foo");
  const Volume state2 = aws("bar");
  run_cases({
      {.name = "nothing", .pod = Pod(), .want_pre_filter = skip()},
      {.name = "one state", .pod = Pod(), .on_node = {existing_with({state})}, .want_pre_filter = skip()},
      {.name = "same state",
       .pod = pod_with({state}),
       .on_node = {existing_with({state})},
       .want_filter = disk("disk ebs/foo is already mounted by default/existing on this node")},
      {.name = "different state", .pod = pod_with({state2}), .on_node = {existing_with({state})}},
  });
}

TEST_CASE("VolumeRestrictions: RBD disk conflicts (TestRBDDiskConflicts)") {
  const Volume state = rbd({"a", "b"}, "foo", "bar");
  const Volume state2 = rbd({"c", "d"}, "foo", "bar");
  run_cases({
      {.name = "nothing", .pod = Pod(), .want_pre_filter = skip()},
      {.name = "one state", .pod = Pod(), .on_node = {existing_with({state})}, .want_pre_filter = skip()},
      {.name = "same state",
       .pod = pod_with({state}),
       .on_node = {existing_with({state})},
       .want_filter = disk("disk rbd/foo/bar (monitor a) is already mounted read-write by default/existing on this node")},
      {.name = "different state", .pod = pod_with({state2}), .on_node = {existing_with({state})}},
  });
}

TEST_CASE("VolumeRestrictions: iSCSI disk conflicts (TestISCSIDiskConflicts)") {
  const Volume state = iscsi("127.0.0.1:3260", "iqn.2016-12.server:storage.target01");
  const Volume state2 = iscsi("127.0.0.1:3260", "iqn.2017-12.server:storage.target01");
  run_cases({
      {.name = "nothing", .pod = Pod(), .want_pre_filter = skip()},
      {.name = "one state", .pod = Pod(), .on_node = {existing_with({state})}, .want_pre_filter = skip()},
      {.name = "same state",
       .pod = pod_with({state}),
       .on_node = {existing_with({state})},
       .want_filter = disk(
           "disk iscsi/iqn.2016-12.server:storage.target01 is already mounted read-write by default/existing on this node")},
      {.name = "different state", .pod = pod_with({state2}), .on_node = {existing_with({state})}},
  });
}

TEST_CASE("VolumeRestrictions: ReadWriteOncePod conflicts (TestAccessModeConflicts)") {
  auto on_node1 = [](Pod pod) {
    pod.spec.node_name = "node-1";
    return pod;
  };
  const Pod with_one_pvc = on_node1(pod_with({claim_volume("claim-with-rwop-1")}, "pod-with-one-pvc"));
  const Pod with_two_pvcs =
      on_node1(pod_with({claim_volume("claim-with-rwop-1"), claim_volume("claim-with-rwop-2")}, "pod-with-two-pvcs"));
  const Pod with_one_conflict = on_node1(pod_with({claim_volume("claim-with-rwop-1")}, "pod-with-one-conflict"));
  const Pod with_two_conflicts = on_node1(
      pod_with({claim_volume("claim-with-rwop-1"), claim_volume("claim-with-rwop-2")}, "pod-with-two-conflicts"));
  const Pod with_rwx = on_node1(pod_with({claim_volume("claim-with-rwx")}, "pod-with-rwx"));
  const Node node = NodeBuilder("node-1");
  const auto rwop1 = claim("claim-with-rwop-1", {"ReadWriteOncePod"});
  const auto rwop2 = claim("claim-with-rwop-2", {"ReadWriteOncePod"});
  const auto rwx = claim("claim-with-rwx", {"ReadWriteMany"});

  run_cases({
      {.name = "nothing", .pod = Pod(), .want_pre_filter = skip()},
      {.name = "failed to get PVC",
       .pod = with_one_pvc,
       .want_pre_filter = Status(Code::UnschedulableAndUnresolvable,
                                 {"persistentvolumeclaim \"claim-with-rwop-1\" not found"},
                                 {"claim default/claim-with-rwop-1 (volume claim-with-rwop-1) does not exist"})},
      {.name = "no access mode conflict",
       .pod = with_one_pvc,
       .on_node = {with_rwx},
       .cluster_pods = {with_rwx},
       .cluster_nodes = {node},
       .claims = {rwop1, rwx},
       .want_pre_filter = skip()},
      {.name = "access mode conflict, unschedulable",
       .pod = with_one_conflict,
       .on_node = {with_one_pvc, with_rwx},
       .cluster_pods = {with_one_pvc, with_rwx},
       .cluster_nodes = {node},
       .claims = {rwop1, rwx},
       .want_filter = rwop({"claim default/claim-with-rwop-1 uses ReadWriteOncePod and is already used by "
                            "default/pod-with-one-pvc on node node-1"})},
      {.name = "two conflicts, unschedulable",
       .pod = with_two_conflicts,
       .on_node = {with_two_pvcs, with_rwx},
       .cluster_pods = {with_two_pvcs, with_rwx},
       .cluster_nodes = {node},
       .claims = {rwop1, rwop2, rwx},
       .want_filter = rwop({"claim default/claim-with-rwop-1 uses ReadWriteOncePod and is already used by "
                            "default/pod-with-two-pvcs on node node-1",
                            "claim default/claim-with-rwop-2 uses ReadWriteOncePod and is already used by "
                            "default/pod-with-two-pvcs on node node-1"})},
  });
}

TEST_CASE("VolumeRestrictions: AddPod and RemovePod move the count of claims in use (preemption's dry run)") {
  const FeatureGates gates;
  ClusterState cluster;
  cluster.nodes = {NodeBuilder("node-1"), NodeBuilder("node-2")};
  Pod user_1 = pod_with({claim_volume("data")}, "user-1");
  user_1.spec.node_name = "node-1";
  Pod user_2 = pod_with({claim_volume("data")}, "user-2");
  user_2.spec.node_name = "node-2";
  cluster.pods = {user_1, user_2};
  cluster.persistent_volume_claims = {claim("data", {"ReadWriteOncePod"})};
  Snapshot snapshot(cluster, gates);
  VolumeRestrictions plugin(gates);
  const Pod pod = pod_with({claim_volume("data")}, "preemptor");
  PodInfo pod_info(pod, gates);
  CycleState state;
  PreFilterResult result;
  REQUIRE(plugin.pre_filter(state, pod_info, snapshot, result).is_success());
  NodeInfoFixture node(NodeBuilder("node-1"), {user_1});
  CHECK(plugin.filter(state, pod_info, node.info()).code() == Code::Unschedulable);
  // Upstream counts the claim once (it is in use), then takes one off for each removed pod that
  // names it: removing node-1's user frees the claim, though node-2's still uses it.
  PodInfo removed(user_1, gates);
  REQUIRE(plugin.remove_pod(state, removed).is_success());
  CHECK(plugin.filter(state, pod_info, node.info()).is_success());
  REQUIRE(plugin.add_pod(state, removed).is_success());
  CHECK(plugin.filter(state, pod_info, node.info()).code() == Code::Unschedulable);
  // By the claim's name only: a pod of another namespace naming "data" counts too.
  const Pod other_namespace = pod_with({claim_volume("data")}, "other", "elsewhere");
  PodInfo elsewhere(other_namespace, gates);
  REQUIRE(plugin.remove_pod(state, elsewhere).is_success());
  CHECK(plugin.filter(state, pod_info, node.info()).is_success());
  CycleState empty;
  CHECK(plugin.remove_pod(empty, removed).code() == Code::Error);
}

TEST_CASE("VolumeRestrictions: a deleted pod's disks (Test_isSchedulableAfterAssignedPodDeleted, disk cases)") {
  // The queueing hint requeues exactly when the deleted pod's volumes conflict with the pod's:
  // the same check find_disk_conflict makes against a node holding only the deleted pod.
  struct Row {
    std::string name;
    Volume wanted;
    Volume deleted;
    bool conflict;
  };
  const std::vector<Row> rows = {
      {"queue-new-object-gcedisk-conflict", gce("foo"), gce("foo"), true},
      {"skip-new-object-gcedisk-no-conflict", gce("foo"), gce("bar"), false},
      {"queue-new-object-awsdisk-conflict", aws("foo"), aws("foo"), true},
      {"skip-new-object-awsdisk-no-conflict", aws("foo"), aws("bar"), false},
      {"queue-new-object-rbddisk-conflict", rbd({"a", "b"}, "foo", "bar"), rbd({"a", "b"}, "foo", "bar"), true},
      {"skip-new-object-rbddisk-no-conflict", rbd({"a", "b"}, "foo", "bar"), rbd({"c", "d"}, "foo", "bar"), false},
      {"queue-new-object-iscsidisk-conflict", iscsi("127.0.0.1:3260", "iqn.2016-12.server:storage.target01"),
       iscsi("127.0.0.1:3260", "iqn.2016-12.server:storage.target01"), true},
      {"skip-new-object-iscsidisk-no-conflict", iscsi("127.0.0.1:3260", "iqn.2016-12.server:storage.target01"),
       iscsi("127.0.0.1:3260", "iqn.2017-12.server:storage.target01"), false},
  };
  for (const auto& row : rows) {
    SUBCASE(row.name.c_str()) {
      NodeInfoFixture node(NodeBuilder("node-1"), {existing_with({row.deleted})});
      CHECK(find_disk_conflict(pod_with({row.wanted}), node.info()).has_value() == row.conflict);
    }
  }
}

TEST_CASE("VolumeRestrictions: deferred resize (TestVolumeRestrictions_DeferredResizeSkipped)") {
  FeatureGates gates;
  gates.in_place_pod_vertical_scaling_scheduler_preemption = true;
  const Pod pod = PodBuilder("p").uid("p").condition(PodCondition{"PodResizePending", "True", "Deferred", ""});
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  auto plugin = new_volume_restrictions(PluginContext{gates});
  NodeInfoFixture node(NodeBuilder("node1"));
  PodInfo pod_info(pod, gates);
  CycleState state;
  PreFilterResult result;
  CHECK(dynamic_cast<const PreFilterPlugin&>(*plugin).pre_filter(state, pod_info, snapshot, result).code() ==
        Code::Skip);
  CHECK(result.all_nodes());
  CHECK(dynamic_cast<const FilterPlugin&>(*plugin).filter(state, pod_info, node.info()).code() == Code::Success);
}

TEST_CASE("VolumeRestrictions: deferred resize with the gate off (default) is checked") {
  Pod pod = pod_with({gce("foo")});
  pod.status.conditions.push_back(PodCondition{"PodResizePending", "True", "Deferred", ""});
  run_cases({{.name = "deferred, gate off",
              .pod = pod,
              .on_node = {existing_with({gce("foo")})},
              .want_filter = disk("disk pd/foo is already mounted read-write by default/existing on this node")}});
}

TEST_CASE("VolumeRestrictions: read-only mounts and disk identity") {
  run_cases({
      {.name = "gce: both read-only share the disk",
       .pod = pod_with({gce("foo", true)}),
       .on_node = {existing_with({gce("foo", true)})}},
      {.name = "gce: read-write pod on a read-only mount",
       .pod = pod_with({gce("foo")}),
       .on_node = {existing_with({gce("foo", true)})},
       .want_filter = disk(
           "disk pd/foo is mounted read-only by default/existing on this node and the pod mounts it read-write")},
      {.name = "gce: read-only pod on a read-write mount",
       .pod = pod_with({gce("foo", true)}),
       .on_node = {existing_with({gce("foo")})},
       .want_filter = disk("disk pd/foo is already mounted read-write by default/existing on this node")},
      {.name = "aws: read-only on both sides still conflicts",
       .pod = pod_with({aws("vol-1", true)}),
       .on_node = {existing_with({aws("vol-1", true)})},
       .want_filter = disk("disk ebs/vol-1 is already mounted by default/existing on this node")},
      {.name = "rbd: one shared monitor among several is enough",
       .pod = pod_with({rbd({"m1", "m2", "m3"}, "p", "img")}),
       .on_node = {existing_with({rbd({"m9", "m3"}, "p", "img")})},
       .want_filter = disk("disk rbd/p/img (monitor m3) is already mounted read-write by default/existing on this node")},
      {.name = "rbd: other pool", .pod = pod_with({rbd({"m"}, "p1", "img")}), .on_node = {existing_with({rbd({"m"}, "p2", "img")})}},
      {.name = "rbd: other image", .pod = pod_with({rbd({"m"}, "p", "a")}), .on_node = {existing_with({rbd({"m"}, "p", "b")})}},
      {.name = "rbd: both read-only",
       .pod = pod_with({rbd({"m"}, "p", "img", true)}),
       .on_node = {existing_with({rbd({"m"}, "p", "img", true)})}},
      {.name = "rbd: no monitors never overlap",
       .pod = pod_with({rbd({}, "p", "img")}),
       .on_node = {existing_with({rbd({}, "p", "img")})}},
      {.name = "iscsi: same IQN through another portal and LUN conflicts",
       .pod = pod_with({iscsi("10.0.0.1:3260", "iqn.x", 1)}),
       .on_node = {existing_with({iscsi("10.0.0.2:3260", "iqn.x", 2)})},
       .want_filter = disk("disk iscsi/iqn.x is already mounted read-write by default/existing on this node")},
      {.name = "iscsi: both read-only",
       .pod = pod_with({iscsi("p", "iqn.x", 0, true)}),
       .on_node = {existing_with({iscsi("p", "iqn.x", 0, true)})}},
      {.name = "different volume types with the same identifier",
       .pod = pod_with({gce("foo")}),
       .on_node = {existing_with({aws("foo")})}},
      {.name = "the first conflicting volume and pod are named",
       .pod = pod_with({gce("free"), aws("vol-2")}),
       .on_node = {existing_with({gce("other")}, "a"), existing_with({aws("vol-2")}, "b"),
                   existing_with({aws("vol-2")}, "c")},
       .want_filter = disk("disk ebs/vol-2 is already mounted by default/b on this node")},
  });
}

TEST_CASE("VolumeRestrictions: claims and ReadWriteOncePod") {
  auto bound_to = [](Pod pod, const char* node) {
    pod.spec.node_name = node;
    return pod;
  };
  const Node node1 = NodeBuilder("node-1");
  const Node node2 = NodeBuilder("node-2");
  const Pod user = bound_to(pod_with({claim_volume("data")}, "db-0", "shop"), "node-2");
  run_cases({
      {.name = "a missing claim rejects the pod whatever its access modes",
       .pod = pod_with({claim_volume("rwx")}, "web", "shop"),
       .want_pre_filter = Status(Code::UnschedulableAndUnresolvable, {"persistentvolumeclaim \"rwx\" not found"},
                                 {"claim shop/rwx (volume rwx) does not exist"})},
      {.name = "the first missing claim is the one reported",
       .pod = pod_with({claim_volume("here"), claim_volume("gone-1"), claim_volume("gone-2")}, "web", "shop"),
       .claims = {claim("here", {"ReadWriteOnce"}, "shop")},
       .want_pre_filter = Status(Code::UnschedulableAndUnresolvable, {"persistentvolumeclaim \"gone-1\" not found"},
                                 {"claim shop/gone-1 (volume gone-1) does not exist"})},
      {.name = "a claim of another namespace does not count as found",
       .pod = pod_with({claim_volume("data")}, "web", "shop"),
       .claims = {claim("data", {"ReadWriteOncePod"}, "other")},
       .want_pre_filter = Status(Code::UnschedulableAndUnresolvable, {"persistentvolumeclaim \"data\" not found"},
                                 {"claim shop/data (volume data) does not exist"})},
      {.name = "generic ephemeral volumes are not looked up",
       .pod = pod_with({ephemeral_volume("scratch")}, "web", "shop"),
       .want_pre_filter = skip()},
      {.name = "an unused ReadWriteOncePod claim skips",
       .pod = pod_with({claim_volume("data")}, "web", "shop"),
       .cluster_nodes = {node1},
       .claims = {claim("data", {"ReadWriteOncePod"}, "shop")},
       .want_pre_filter = skip()},
      {.name = "in use on another node: every node is Unschedulable, naming the user",
       .pod = pod_with({claim_volume("data")}, "web", "shop"),
       .cluster_pods = {user},
       .cluster_nodes = {node1, node2},
       .claims = {claim("data", {"ReadWriteOnce", "ReadWriteOncePod"}, "shop")},
       .want_filter = rwop({"claim shop/data uses ReadWriteOncePod and is already used by shop/db-0 on node node-2"})},
      {.name = "a claim named twice counts once",
       .pod = pod_with({claim_volume("data"), claim_volume("data")}, "web", "shop"),
       .cluster_pods = {user},
       .cluster_nodes = {node1, node2},
       .claims = {claim("data", {"ReadWriteOncePod"}, "shop")},
       .want_filter = rwop({"claim shop/data uses ReadWriteOncePod and is already used by shop/db-0 on node node-2"})},
      {.name = "a ReadWriteOnce claim in use is no conflict",
       .pod = pod_with({claim_volume("data")}, "web", "shop"),
       .cluster_pods = {user},
       .cluster_nodes = {node1, node2},
       .claims = {claim("data", {"ReadWriteOnce"}, "shop")},
       .want_pre_filter = skip()},
      {.name = "the same claim name in another namespace is another claim",
       .pod = pod_with({claim_volume("data")}, "web", "other"),
       .cluster_pods = {user},
       .cluster_nodes = {node1, node2},
       .claims = {claim("data", {"ReadWriteOncePod"}, "shop"), claim("data", {"ReadWriteOncePod"}, "other")},
       .want_pre_filter = skip()},
      {.name = "a user bound to a node outside the input does not count",
       .pod = pod_with({claim_volume("data")}, "web", "shop"),
       .cluster_pods = {bound_to(user, "gone")},
       .cluster_nodes = {node1},
       .claims = {claim("data", {"ReadWriteOncePod"}, "shop")},
       .want_pre_filter = skip()},
      {.name = "a disk conflict is reported before the claim in use",
       .pod = pod_with({claim_volume("data"), gce("foo")}, "web", "shop"),
       .on_node = {existing_with({gce("foo")})},
       .cluster_pods = {user},
       .cluster_nodes = {node1, node2},
       .claims = {claim("data", {"ReadWriteOncePod"}, "shop")},
       .want_filter = disk("disk pd/foo is already mounted read-write by default/existing on this node")},
      {.name = "an in-tree disk with an unused ReadWriteOncePod claim passes",
       .pod = pod_with({claim_volume("data"), gce("foo")}, "web", "shop"),
       .on_node = {existing_with({gce("bar")})},
       .cluster_nodes = {node1},
       .claims = {claim("data", {"ReadWriteOncePod"}, "shop")}},
  });
}

TEST_CASE("VolumeRestrictions: Filter without PreFilter state") {
  const FeatureGates gates;
  auto plugin = new_volume_restrictions(PluginContext{gates});
  const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
  CycleState empty;
  SUBCASE("a disk conflict is found before the state is read") {
    NodeInfoFixture node(NodeBuilder("node-1"), {existing_with({gce("foo")})});
    const Pod pod = pod_with({gce("foo")});
    PodInfo info(pod, gates);
    CHECK(show(filter.filter(empty, info, node.info())) ==
          show(disk("disk pd/foo is already mounted read-write by default/existing on this node")));
  }
  SUBCASE("otherwise the missing state is an Error") {
    NodeInfoFixture node(NodeBuilder("node-1"));
    const Pod pod = pod_with({gce("foo")});
    PodInfo info(pod, gates);
    CHECK(show(filter.filter(empty, info, node.info())) ==
          show(Status::error("cannot read \"PreFilterVolumeRestrictions\" from cycleState")));
  }
}

TEST_CASE("VolumeRestrictions: name and cloned state") {
  const FeatureGates gates;
  auto plugin = new_volume_restrictions(PluginContext{gates});
  CHECK(plugin->name() == "VolumeRestrictions");
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  const Pod pod = pod_with({gce("foo")});
  PodInfo info(pod, gates);
  CycleState state;
  PreFilterResult result;
  REQUIRE(dynamic_cast<const PreFilterPlugin&>(*plugin).pre_filter(state, info, snapshot, result).is_success());
  CycleState copy = state.clone();
  NodeInfoFixture node(NodeBuilder("node-1"));
  CHECK(dynamic_cast<const FilterPlugin&>(*plugin).filter(copy, info, node.info()).is_success());
}

}  // namespace
}  // namespace podfit
