// NodeVolumeLimits: csi_test.go (TestCSILimits, TestVolumeLimitScalingGate,
// TestCSILimits_DeferredResizeSkipped) plus podfit's details, in-tree translation and loader cases.
#include "podfit/plugins/node_volume_limits.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/load/loader.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using testing::NodeInfoFixture;
using testing::PodBuilder;

constexpr const char* kReason = "node(s) exceed max volume count";
constexpr const char* kNodeName = "node-for-max-pd-test-1";
constexpr const char* kEbs = "ebs.csi.aws.com";
constexpr const char* kGce = "pd.csi.storage.gke.io";
constexpr const char* kAwsInTree = "kubernetes.io/aws-ebs";
constexpr const char* kHostPathInTree = "kubernetes.io/hostpath";
constexpr const char* kScName = "csi-sc";

// "Code: reasons [details]" so that one comparison checks all three.
std::string show(const Status& status, bool with_details = true) {
  std::string out{code_name(status.code())};
  for (const auto& reason : status.reasons()) out += ": " + reason;
  if (with_details) {
    for (const auto& detail : status.details()) out += " [" + detail + "]";
  }
  return out;
}

Volume claim_volume(std::string claim, std::string name = "") {
  Volume v;
  v.name = name.empty() ? claim : std::move(name);
  v.source.type = "persistentVolumeClaim";
  v.claim_name = std::move(claim);
  return v;
}

Volume ephemeral_volume(std::string name) {
  Volume v;
  v.name = std::move(name);
  v.source.type = "ephemeral";
  v.ephemeral_claim = PersistentVolumeClaimSpec{};
  return v;
}

Volume typed_volume(std::string name, std::string type) {
  Volume v;
  v.name = std::move(name);
  v.source.type = std::move(type);
  return v;
}

Volume aws_inline(std::string name, std::string volume_id) {
  Volume v = typed_volume(std::move(name), "awsElasticBlockStore");
  v.source.volume_id = std::move(volume_id);
  return v;
}

// st.MakePod() with the given volumes (namespace "default" where upstream leaves it empty).
Pod pod_with(std::vector<Volume> volumes, std::string name = "pod", std::string ns = "default", std::string uid = "") {
  Pod pod = PodBuilder(std::move(name), std::move(ns)).uid(std::move(uid));
  pod.spec.volumes = std::move(volumes);
  return pod;
}

// st.MakePod().PVC(a).PVC(b)...
Pod pvc_pod(std::vector<std::string> claims) {
  std::vector<Volume> volumes;
  for (auto& c : claims) volumes.push_back(claim_volume(std::move(c)));
  return pod_with(std::move(volumes));
}

PersistentVolumeClaim claim(std::string ns, std::string name, std::string volume_name,
                            std::optional<std::string> storage_class) {
  PersistentVolumeClaim c;
  c.metadata.namespace_ = std::move(ns);
  c.metadata.name = std::move(name);
  c.spec.volume_name = std::move(volume_name);
  c.spec.storage_class_name = std::move(storage_class);
  return c;
}

// The claim a generic ephemeral volume gets, controlled by the pod with `owner_uid` (none: "").
PersistentVolumeClaim ephemeral_claim(const std::string& pod, const std::string& volume, const std::string& owner_uid) {
  PersistentVolumeClaim c = claim("test", pod + "-" + volume, "", kScName);
  if (!owner_uid.empty()) c.metadata.owner_references.push_back(OwnerReference{"v1", "Pod", pod, owner_uid, true});
  return c;
}

// getFakeCSIPVLister / getFakeCSIPVCLister / getFakeCSIStorageClassLister: four bound claims per
// driver named "csi-<driver>-<j>" (in-tree AWS ones backed by awsElasticBlockStore, hostpath ones by
// hostPath), "csi-4" unbound with class csi-sc, "csi-5" with neither, "csi-6" bound to a missing PV.
void add_upstream_storage(ClusterState& cluster, const std::vector<std::string>& drivers) {
  for (const auto& driver : drivers) {
    for (int j = 0; j < 4; ++j) {
      const std::string name = "csi-" + driver + "-" + std::to_string(j);
      PersistentVolume pv;
      pv.metadata.name = name;
      if (driver == kAwsInTree) {
        pv.source.type = "awsElasticBlockStore";
        pv.source.volume_id = name;
      } else if (driver == kHostPathInTree) {
        pv.source.type = "hostPath";
      } else {
        pv.source.type = "csi";
        pv.source.csi_driver = driver;
        pv.source.csi_volume_handle = name;
      }
      cluster.persistent_volumes.push_back(pv);
      cluster.persistent_volume_claims.push_back(claim("default", name, name, std::nullopt));
    }
  }
  cluster.persistent_volume_claims.push_back(claim("default", "csi-4", "", kScName));
  cluster.persistent_volume_claims.push_back(claim("default", "csi-5", "", std::nullopt));
  cluster.persistent_volume_claims.push_back(claim("default", "csi-6", "missing-in-action", kScName));
  StorageClass sc;
  sc.metadata.name = kScName;
  sc.provisioner = drivers.front();
  cluster.storage_classes.push_back(sc);
}

// getNodeWithPodAndVolumeLimits's CSINode: "csinode" (every driver with `limit`),
// "csinode-with-no-limit" (drivers without counts), "no-csi-driver" (no drivers), "" (none).
void add_csi_node(ClusterState& cluster, const std::string& limit_source, int32_t limit,
                  const std::vector<std::string>& drivers) {
  if (limit_source.empty()) return;
  CSINode node;
  node.metadata.name = kNodeName;
  node.metadata.annotations.set("storage.alpha.kubernetes.io/migrated-plugins", kAwsInTree);
  if (limit_source != "no-csi-driver") {
    for (const auto& driver : drivers) {
      CSINodeDriver d;
      d.name = driver;
      d.node_id = kNodeName;
      if (limit_source == "csinode") d.allocatable_count = limit;
      node.drivers.push_back(d);
    }
  }
  cluster.csi_nodes.push_back(node);
}

struct Outcome {
  Status pre_filter;
  std::optional<Status> filter;  // nullopt when PreFilter did not let Filter run
};

Outcome run(const ClusterState& cluster, const Pod& pod, const std::vector<Pod>& existing,
            const FeatureGates& gates = FeatureGates{}) {
  Snapshot snapshot(cluster, gates);
  auto plugin = new_node_volume_limits(PluginContext{gates});
  const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
  const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
  NodeInfoFixture node(NodeBuilder(kNodeName), existing);
  PodInfo pod_info(pod, gates);
  CycleState state;
  PreFilterResult result;
  Outcome out{pre_filter.pre_filter(state, pod_info, snapshot, result), std::nullopt};
  CHECK(result.all_nodes());
  if (out.pre_filter.is_success()) out.filter = filter.filter(state, pod_info, node.info());
  return out;
}

Status unschedulable() { return Status(Code::Unschedulable, std::string(kReason)); }

TEST_CASE("NodeVolumeLimits: TestCSILimits") {
  const Pod running_pod = pvc_pod({"csi-ebs.csi.aws.com-3"});
  const Pod pending_volume_pod = pvc_pod({"csi-4"});
  const Pod unbound_pvc_pod2 = pvc_pod({"csi-4"});
  const Pod missing_pv_pod = pvc_pod({"csi-6"});
  const Pod no_sc_pvc_pod = pvc_pod({"csi-5"});
  const Pod gce_two_vol_pod = pvc_pod({"csi-pd.csi.storage.gke.io-1", "csi-pd.csi.storage.gke.io-2"});
  const Pod in_tree_one_vol_pod = pvc_pod({"csi-kubernetes.io/aws-ebs-0"});
  const Pod in_tree_two_vol_pod = pvc_pod({"csi-kubernetes.io/aws-ebs-1", "csi-kubernetes.io/aws-ebs-2"});
  const Pod csi_ebs_one_vol_pod = pvc_pod({"csi-ebs.csi.aws.com-0"});
  const Pod csi_ebs_two_vol_pod = pvc_pod({"csi-ebs.csi.aws.com-1", "csi-ebs.csi.aws.com-2"});
  const Pod in_tree_non_migratable_one_vol_pod = pvc_pod({"csi-kubernetes.io/hostpath-0"});
  const Pod ephemeral_volume_pod = pod_with({ephemeral_volume("xyz")}, "abc", "test", "12345");
  const PersistentVolumeClaim owned_claim = ephemeral_claim("abc", "xyz", "12345");
  const PersistentVolumeClaim conflicting_claim = ephemeral_claim("abc", "xyz", "");
  const Pod ephemeral_two_volume_pod =
      pod_with({ephemeral_volume("x"), ephemeral_volume("y")}, "abc", "test", "12345II");
  const PersistentVolumeClaim claim_x = ephemeral_claim("abc", "x", "12345II");
  const PersistentVolumeClaim claim_y = ephemeral_claim("abc", "y", "12345II");
  const Pod in_tree_inline_vol_pod = pod_with({aws_inline("", "aws-inline1")});
  const Pod in_tree_inline_same_csi_id_pod = pod_with({aws_inline("", "csi-ebs.csi.aws.com-1")});
  const Pod only_configmap_and_secret_pod = pod_with({typed_volume("", "configMap"), typed_volume("", "secret")});
  const Pod pvc_pod_with_configmap_and_secret =
      pod_with({typed_volume("", "configMap"), typed_volume("", "secret"), claim_volume("csi-ebs.csi.aws.com-0")});
  const Pod ephemeral_pod_with_configmap_and_secret =
      pod_with({typed_volume("", "configMap"), typed_volume("", "secret"), ephemeral_volume("xyz")}, "abc", "test");
  const Pod inline_migratable_pod_with_configmap_and_secret =
      pod_with({typed_volume("", "configMap"), typed_volume("", "secret"), aws_inline("", "aws-inline1")});

  // The lister error reads as client-go's lister prints it ("persistentvolumeclaim"); upstream's
  // fake lister in csi_test.go says "persistentvolumeclaims".
  const Status ephemeral_missing(Code::UnschedulableAndUnresolvable,
                                 R"(looking up PVC test/abc-xyz: persistentvolumeclaim "abc-xyz" not found)");
  const std::vector<std::string> ebs = {kEbs};
  const std::vector<std::string> ebs_gce = {kEbs, kGce};
  const std::vector<std::string> aws_in_tree = {kAwsInTree, kEbs};
  const std::vector<std::string> host_path = {kHostPathInTree, kEbs};

  struct Case {
    std::string name;
    Pod pod;
    std::vector<Pod> existing;
    std::vector<PersistentVolumeClaim> extra_claims;
    int32_t max_vols;
    std::vector<std::string> drivers;
    std::string limit_source;
    Status want_filter = Status();
    Code want_pre_filter = Code::Success;
  };
  const Case cases[] = {
      // Upstream counts the 2 VolumeAttachments of the node and rejects (Unschedulable); podfit
      // reads no VolumeAttachments, so the node has room.
      {"should count VolumeAttachments towards volume limit when no pods exist", csi_ebs_one_vol_pod, {}, {}, 2, ebs,
       "csinode", Status()},
      {"should schedule pod when VolumeAttachments count does not exceed limit", csi_ebs_one_vol_pod, {}, {}, 2, ebs,
       "csinode"},
      {"fits when node volume limit >= new pods CSI volume", csi_ebs_one_vol_pod, {running_pod, csi_ebs_two_vol_pod},
       {}, 4, ebs, "csinode"},
      {"doesn't when node volume limit <= pods CSI volume", csi_ebs_one_vol_pod, {running_pod, csi_ebs_two_vol_pod}, {},
       2, ebs, "csinode", unschedulable()},
      {"should when driver does not support volume limits", csi_ebs_one_vol_pod, {running_pod, csi_ebs_two_vol_pod}, {},
       2, ebs, "csinode-with-no-limit"},
      {"count pending PVCs towards volume limit <= pods CSI volume", csi_ebs_one_vol_pod,
       {pending_volume_pod, csi_ebs_two_vol_pod}, {}, 2, ebs, "csinode", unschedulable()},
      {"count multiple pending pvcs towards volume limit >= pods CSI volume", csi_ebs_one_vol_pod,
       {pending_volume_pod, unbound_pvc_pod2, csi_ebs_two_vol_pod}, {}, 4, ebs, "csinode"},
      {"should count PVCs with invalid PV name but valid SC", csi_ebs_one_vol_pod,
       {missing_pv_pod, csi_ebs_two_vol_pod}, {}, 2, ebs, "csinode", unschedulable()},
      {"don't count pvcs with missing SC towards volume limit", csi_ebs_one_vol_pod, {running_pod, no_sc_pvc_pod}, {},
       2, ebs, "csinode"},
      {"count pvcs with the same type towards volume limit", csi_ebs_one_vol_pod,
       {gce_two_vol_pod, csi_ebs_two_vol_pod}, {}, 2, ebs_gce, "csinode", unschedulable()},
      {"don't count pvcs with different type towards volume limit", gce_two_vol_pod, {csi_ebs_two_vol_pod, running_pod},
       {}, 2, ebs_gce, "csinode"},
      {"should count in-tree volumes if migration is enabled", in_tree_one_vol_pod, {in_tree_two_vol_pod}, {}, 2,
       aws_in_tree, "csinode", unschedulable()},
      {"nil csi node", in_tree_inline_vol_pod, {in_tree_two_vol_pod}, {}, 0, aws_in_tree, ""},
      {"should count unbound in-tree volumes if migration is enabled", pending_volume_pod, {in_tree_two_vol_pod}, {}, 2,
       aws_in_tree, "csinode", unschedulable()},
      {"should not limit pod if volume used does not report limits", in_tree_one_vol_pod, {in_tree_two_vol_pod}, {}, 2,
       aws_in_tree, "csinode-with-no-limit"},
      {"should not count non-migratable in-tree volumes", in_tree_non_migratable_one_vol_pod, {csi_ebs_two_vol_pod}, {},
       2, host_path, "csinode"},
      {"should count in-tree inline volumes if migration is enabled", in_tree_inline_vol_pod, {in_tree_two_vol_pod}, {},
       2, aws_in_tree, "csinode", unschedulable()},
      {"should count in-tree and csi volumes if migration is enabled (when scheduling in-tree volumes)",
       in_tree_one_vol_pod, {csi_ebs_two_vol_pod}, {}, 2, aws_in_tree, "csinode", unschedulable()},
      {"should count in-tree, inline and csi volumes if migration is enabled (when scheduling in-tree volumes)",
       in_tree_inline_vol_pod, {csi_ebs_two_vol_pod, in_tree_one_vol_pod}, {}, 3, aws_in_tree, "csinode",
       unschedulable()},
      {"should not count in-tree, inline and csi volumes if migration is enabled (when scheduling in-tree volumes)",
       in_tree_inline_same_csi_id_pod, {csi_ebs_two_vol_pod, in_tree_one_vol_pod}, {}, 3, aws_in_tree, "csinode"},
      {"should count in-tree and csi volumes if migration is enabled (when scheduling csi volumes)",
       csi_ebs_one_vol_pod, {in_tree_two_vol_pod}, {}, 2, aws_in_tree, "csinode", unschedulable()},
      {"ephemeral volume missing", ephemeral_volume_pod, {}, {}, 0, ebs, "csinode-with-no-limit", ephemeral_missing},
      {"ephemeral volume not owned", ephemeral_volume_pod, {}, {conflicting_claim}, 0, ebs, "csinode-with-no-limit",
       Status::error("PVC test/abc-xyz was not created for pod test/abc (pod is not owner)")},
      {"ephemeral volume unbound", ephemeral_volume_pod, {}, {owned_claim}, 0, ebs, "csinode-with-no-limit"},
      {"ephemeral doesn't when node volume limit <= pods CSI volume", ephemeral_volume_pod,
       {running_pod, csi_ebs_two_vol_pod}, {owned_claim}, 2, ebs, "csinode", unschedulable()},
      {"ephemeral doesn't when node volume limit <= pods ephemeral CSI volume", csi_ebs_one_vol_pod,
       {running_pod, ephemeral_two_volume_pod}, {claim_x, claim_y}, 2, ebs, "csinode", unschedulable()},
      // Upstream's "ephemeral disabled" flag no longer changes anything.
      {"persistent doesn't when node volume limit <= pods ephemeral CSI volume + persistent volume, ephemeral disabled",
       csi_ebs_one_vol_pod, {running_pod, ephemeral_volume_pod, csi_ebs_two_vol_pod}, {owned_claim}, 3, ebs, "csinode",
       unschedulable()},
      {"persistent doesn't when node volume limit <= pods ephemeral CSI volume + persistent volume",
       csi_ebs_one_vol_pod, {running_pod, ephemeral_volume_pod, csi_ebs_two_vol_pod}, {owned_claim}, 3, ebs, "csinode",
       unschedulable()},
      {"persistent okay when node volume limit > pods ephemeral CSI volume + persistent volume", csi_ebs_one_vol_pod,
       {running_pod, ephemeral_volume_pod, csi_ebs_two_vol_pod}, {owned_claim}, 5, ebs, "csinode"},
      {"skip Filter when the pod only uses secrets and configmaps", only_configmap_and_secret_pod, {}, {}, 2, ebs,
       "csinode", Status(), Code::Skip},
      {"don't skip Filter when the pod has pvcs", pvc_pod_with_configmap_and_secret, {}, {}, 2, ebs, "csinode"},
      {"don't skip Filter when the pod has ephemeral volumes", ephemeral_pod_with_configmap_and_secret, {}, {}, 0, ebs,
       "csinode-with-no-limit", ephemeral_missing},
      {"don't skip Filter when the pod has inline migratable volumes", inline_migratable_pod_with_configmap_and_secret,
       {in_tree_two_vol_pod}, {}, 2, aws_in_tree, "csinode", unschedulable()},
  };
  CHECK(std::size(cases) == 33);
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      ClusterState cluster;
      add_upstream_storage(cluster, c.drivers);
      for (const auto& extra : c.extra_claims) cluster.persistent_volume_claims.push_back(extra);
      add_csi_node(cluster, c.limit_source, c.max_vols, c.drivers);
      const Outcome out = run(cluster, c.pod, c.existing);
      CHECK(show(out.pre_filter) == show(Status(c.want_pre_filter)));
      if (c.want_pre_filter == Code::Success) {
        REQUIRE(out.filter.has_value());
        CHECK(show(*out.filter, false) == show(c.want_filter, false));
      }
    }
  }
}

TEST_CASE("NodeVolumeLimits: TestVolumeLimitScalingGate") {
  const Pod pod = pvc_pod({"csi-ebs.csi.aws.com-0"});
  struct Case {
    std::string name;
    bool gate;
    std::string limit_source;
    int32_t limit;
    bool csi_driver_present;
    bool prevent_pod_scheduling_if_missing;
    Status want;
  };
  const Case cases[] = {
      {"gate enabled - allow scheduling when CSIDriver exists but PreventPodSchedulingIfMissing is not set", true,
       "no-csi-driver", 0, true, false, Status()},
      {"gate enabled - fail when driver not installed and PreventPodSchedulingIfMissing is true", true, "no-csi-driver",
       0, true, true,
       Status(Code::Unschedulable, {"ebs.csi.aws.com CSI driver is not installed on the node"},
              {"CSIDriver ebs.csi.aws.com sets preventPodSchedulingIfMissing and CSINode node-for-max-pd-test-1 does "
               "not list it"})},
      {"gate disabled - skip driver presence check (regardless of CSIDriver presence)", false, "no-csi-driver", 0, true,
       true, Status()},
      {"gate enabled - driver installed within limit", true, "csinode", 2, true, true, Status()},
      {"gate enabled - allow scheduling when CSIDriver object missing", true, "no-csi-driver", 0, false, false,
       Status()},
      // podfit: no CSINode at all counts as the driver missing.
      {"gate enabled - no CSINode for the node", true, "", 0, true, true,
       Status(Code::Unschedulable, {"ebs.csi.aws.com CSI driver is not installed on the node"},
              {"CSIDriver ebs.csi.aws.com sets preventPodSchedulingIfMissing and node node-for-max-pd-test-1 has no "
               "CSINode"})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      ClusterState cluster;
      add_upstream_storage(cluster, {kEbs});
      add_csi_node(cluster, c.limit_source, c.limit, {kEbs});
      if (c.csi_driver_present) {
        CSIDriver driver;
        driver.metadata.name = kEbs;
        if (c.prevent_pod_scheduling_if_missing) driver.prevent_pod_scheduling_if_missing = true;
        cluster.csi_drivers.push_back(driver);
      }
      FeatureGates gates;
      gates.volume_limit_scaling = c.gate;
      const Outcome out = run(cluster, pod, {}, gates);
      CHECK(out.pre_filter.is_success());
      REQUIRE(out.filter.has_value());
      CHECK(show(*out.filter) == show(c.want));
    }
  }
}

TEST_CASE("NodeVolumeLimits: TestCSILimits_DeferredResizeSkipped") {
  FeatureGates gates;
  gates.in_place_pod_vertical_scaling_scheduler_preemption = true;
  PodCondition deferred;
  deferred.type = "PodResizePending";
  deferred.status = "True";
  deferred.reason = "Deferred";
  Pod pod = PodBuilder("p").uid("p").condition(deferred);
  pod.spec.volumes = {claim_volume("missing")};
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  auto plugin = new_node_volume_limits(PluginContext{gates});
  PodInfo pod_info(pod, gates);
  CycleState state;
  PreFilterResult result;
  CHECK(dynamic_cast<const PreFilterPlugin&>(*plugin).pre_filter(state, pod_info, snapshot, result).is_skip());
  NodeInfoFixture node(NodeBuilder("node1"));
  CHECK(dynamic_cast<const FilterPlugin&>(*plugin).filter(state, pod_info, node.info()).is_success());
}

// A cluster of one node whose CSINode reports `limit` volumes for each driver.
ClusterState cluster_with_limits(const std::vector<std::string>& drivers, int32_t limit) {
  ClusterState cluster;
  add_csi_node(cluster, "csinode", limit, drivers);
  return cluster;
}

PersistentVolume csi_pv(std::string name, std::string driver, std::string handle) {
  PersistentVolume pv;
  pv.metadata.name = std::move(name);
  pv.source.type = "csi";
  pv.source.csi_driver = std::move(driver);
  pv.source.csi_volume_handle = std::move(handle);
  return pv;
}

void bind_claim(ClusterState& cluster, const std::string& ns, const std::string& claim_name, PersistentVolume pv) {
  cluster.persistent_volume_claims.push_back(claim(ns, claim_name, pv.metadata.name, std::nullopt));
  cluster.persistent_volumes.push_back(std::move(pv));
}

TEST_CASE("NodeVolumeLimits: details name the driver, the counts and the new volumes") {
  ClusterState cluster = cluster_with_limits({kEbs}, 2);
  for (int i = 0; i < 4; ++i) {
    bind_claim(cluster, "shop", "data-" + std::to_string(i),
               csi_pv("pv-" + std::to_string(i), kEbs, "vol-" + std::to_string(i)));
  }
  Pod existing = pod_with({claim_volume("data-0"), claim_volume("data-1")}, "db-0", "shop");
  // data-1 is shared with the pod on the node and counts once; data-2 and data-3 are new.
  Pod pod = pod_with({claim_volume("data-1"), claim_volume("data-2"), claim_volume("data-3")}, "web", "shop");
  const Outcome out = run(cluster, pod, {existing});
  REQUIRE(out.filter.has_value());
  CHECK(show(*out.filter) ==
        "Unschedulable: node(s) exceed max volume count [driver ebs.csi.aws.com: 4 volumes attached (2 by existing "
        "pods + 2 new: claim shop/data-2, claim shop/data-3), limit 2 (CSINode node-for-max-pd-test-1)]");

  // The same pod fits once the limit allows four.
  ClusterState roomy = cluster;
  roomy.csi_nodes.front().drivers.front().allocatable_count = 4;
  CHECK(run(roomy, pod, {existing}).filter->is_success());
}

TEST_CASE("NodeVolumeLimits: one detail per driver over its limit") {
  ClusterState cluster = cluster_with_limits({kEbs, kGce}, 1);
  bind_claim(cluster, "default", "a", csi_pv("pv-a", kEbs, "vol-a"));
  bind_claim(cluster, "default", "b", csi_pv("pv-b", kEbs, "vol-b"));
  bind_claim(cluster, "default", "c", csi_pv("pv-c", kGce, "disk-c"));
  bind_claim(cluster, "default", "d", csi_pv("pv-d", kGce, "disk-d"));
  const Outcome out = run(cluster, pvc_pod({"a", "b", "c", "d"}), {});
  REQUIRE(out.filter.has_value());
  CHECK(show(*out.filter) ==
        "Unschedulable: node(s) exceed max volume count [driver ebs.csi.aws.com: 2 volumes attached (0 by existing "
        "pods + 2 new: claim default/a, claim default/b), limit 1 (CSINode node-for-max-pd-test-1)] [driver "
        "pd.csi.storage.gke.io: 2 volumes attached (0 by existing pods + 2 new: claim default/c, claim default/d), "
        "limit 1 (CSINode node-for-max-pd-test-1)]");
}

TEST_CASE("NodeVolumeLimits: podfit cases") {
  struct Case {
    std::string name;
    ClusterState cluster;
    Pod pod;
    std::vector<Pod> existing;
    std::string want;  // show(filter), or "Skip" when PreFilter skips
  };
  const std::string node_csi = "(CSINode node-for-max-pd-test-1)";

  ClusterState one_ebs = cluster_with_limits({kEbs}, 1);
  bind_claim(one_ebs, "default", "held", csi_pv("pv-held", kEbs, "vol-1"));
  bind_claim(one_ebs, "default", "other", csi_pv("pv-other", kEbs, "vol-2"));

  // An in-tree EBS PV whose "aws://zone/vol-1" id is the CSI PV's handle: the same volume.
  ClusterState in_tree_same_volume = one_ebs;
  {
    PersistentVolume pv;
    pv.metadata.name = "pv-legacy";
    pv.source.type = "awsElasticBlockStore";
    pv.source.volume_id = "aws://us-east-1a/vol-1";
    bind_claim(in_tree_same_volume, "default", "legacy", pv);
  }

  // A GCE PD PV with a zone label translates to the zonal handle a CSI PV may already use.
  ClusterState gce = cluster_with_limits({kGce}, 1);
  bind_claim(gce, "default", "csi-disk", csi_pv("pv-csi", kGce, "projects/UNSPECIFIED/zones/us-central1-a/disks/d1"));
  {
    PersistentVolume pv;
    pv.metadata.name = "pv-in-tree";
    pv.metadata.labels.set("topology.kubernetes.io/zone", "us-central1-a");
    pv.source.type = "gcePersistentDisk";
    pv.source.pd_name = "d1";
    bind_claim(gce, "default", "in-tree-disk", pv);
  }

  // Unbound claims of a class whose provisioner is the in-tree plugin count for its CSI driver,
  // unless the plugin is one NodeVolumeLimits never migrates (vSphere).
  ClusterState provisioners = cluster_with_limits({kEbs, "csi.vsphere.vmware.com"}, 0);
  for (const auto& [cls, provisioner] :
       {std::pair<std::string, std::string>{"ebs", kAwsInTree}, {"vsphere", "kubernetes.io/vsphere-volume"}}) {
    StorageClass sc;
    sc.metadata.name = cls;
    sc.provisioner = provisioner;
    provisioners.storage_classes.push_back(sc);
    provisioners.persistent_volume_claims.push_back(claim("default", "claim-" + cls, "", cls));
  }
  // The beta annotation names the class even when spec.storageClassName names another.
  PersistentVolumeClaim annotated = claim("default", "annotated", "", "nope");
  annotated.metadata.annotations.set("volume.beta.kubernetes.io/storage-class", "ebs");
  provisioners.persistent_volume_claims.push_back(annotated);

  // A claim of the pod already on the node that the pod's own claims never see.
  ClusterState foreign_ephemeral = one_ebs;
  foreign_ephemeral.persistent_volume_claims.push_back(ephemeral_claim("abc", "xyz", "someone-else"));

  Volume azure = typed_volume("disk", "azureDisk");
  azure.source.azure_disk_uri = "/subscriptions/s/resourceGroups/g/providers/Microsoft.Compute/disks/d";
  azure.source.azure_disk_kind = "Shared";  // the API server's default
  Volume managed_azure = azure;
  managed_azure.source.azure_disk_kind = "Managed";
  Volume vsphere = typed_volume("vmdk", "vsphereVolume");
  vsphere.source.vsphere_volume_path = "[ds] vol.vmdk";
  Volume inline_csi = typed_volume("inline", "csi");
  inline_csi.source.csi_driver = kEbs;
  Volume bad_aws = aws_inline("bad", "aws://us-east-1a/disk-1");

  const Case cases[] = {
      {"a volume the node's pods already use adds nothing", one_ebs, pvc_pod({"held"}), {pvc_pod({"held"})}, "Success"},
      {"a second volume goes over a limit of one", one_ebs, pvc_pod({"other"}), {pvc_pod({"held"})},
       "Unschedulable: node(s) exceed max volume count [driver ebs.csi.aws.com: 2 volumes attached (1 by existing "
       "pods + 1 new: claim default/other), limit 1 " + node_csi + "]"},
      {"an in-tree EBS PV is the same volume as the CSI one with its bare id", in_tree_same_volume, pvc_pod({"legacy"}),
       {pvc_pod({"held"})}, "Success"},
      {"an inline EBS volume named aws://zone/vol-1 is the CSI PV's vol-1", one_ebs,
       pod_with({aws_inline("ebs", "aws://us-east-1a/vol-1")}), {pvc_pod({"held"})}, "Success"},
      {"an inline EBS volume with a bad id is an Error", one_ebs, pod_with({bad_aws}), {},
       "Error: converting volume(bad) from inline to csi: failed to translate Kubernetes ID to EBS Volume ID Invalid "
       "format for AWS volume (aws://us-east-1a/disk-1)"},
      {"an in-tree GCE PD PV is the CSI PV of its zonal handle", gce, pvc_pod({"in-tree-disk"}),
       {pvc_pod({"csi-disk"})}, "Success"},
      {"an unbound claim of an in-tree class counts for its CSI driver", provisioners, pvc_pod({"claim-ebs"}), {},
       "Unschedulable: node(s) exceed max volume count [driver ebs.csi.aws.com: 1 volumes attached (0 by existing "
       "pods + 1 new: claim default/claim-ebs), limit 0 " + node_csi + "]"},
      {"the beta storage-class annotation wins over spec.storageClassName", provisioners, pvc_pod({"annotated"}), {},
       "Unschedulable: node(s) exceed max volume count [driver ebs.csi.aws.com: 1 volumes attached (0 by existing "
       "pods + 1 new: claim default/annotated), limit 0 " + node_csi + "]"},
      {"vSphere claims are never counted", provisioners, pvc_pod({"claim-vsphere"}), {}, "Success"},
      {"an inline vSphere volume passes PreFilter but is never counted", provisioners, pod_with({vsphere}), {},
       "Success"},
      {"an inline azureDisk of the default Shared kind cannot be translated", one_ebs, pod_with({azure}), {},
       "Error: converting volume(disk) from inline to csi: kind(Shared) is not supported in csi migration"},
      {"an inline managed azureDisk counts for disk.csi.azure.com (no limit reported)", one_ebs,
       pod_with({managed_azure}), {}, "Success"},
      {"inline CSI volumes are not counted: PreFilter skips", one_ebs, pod_with({inline_csi}), {}, "Skip"},
      {"a missing claim of a pod on the node is ignored", one_ebs, pvc_pod({"other"}), {pvc_pod({"gone"})}, "Success"},
      {"an existing pod's ephemeral claim it does not own is an Error", foreign_ephemeral, pvc_pod({"other"}),
       {pod_with({ephemeral_volume("xyz")}, "abc", "test", "12345")},
       "Error: PVC test/abc-xyz was not created for pod test/abc (pod is not owner)"},
      {"a missing claim of the pod rejects it whatever the node", ClusterState{}, pvc_pod({"nope"}), {},
       "UnschedulableAndUnresolvable: looking up PVC default/nope: persistentvolumeclaim \"nope\" not found "
       "[volume nope: claim default/nope does not exist]"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const Outcome out = run(c.cluster, c.pod, c.existing);
      if (c.want == "Skip") {
        CHECK(out.pre_filter.is_skip());
      } else {
        CHECK(out.pre_filter.is_success());
        REQUIRE(out.filter.has_value());
        CHECK(show(*out.filter) == c.want);
      }
    }
  }
}

TEST_CASE("NodeVolumeLimits: Filter without PreFilter state is an Error") {
  const FeatureGates gates;
  auto plugin = new_node_volume_limits(PluginContext{gates});
  Pod pod = pvc_pod({"a"});
  PodInfo pod_info(pod, gates);
  NodeInfoFixture node{NodeBuilder(kNodeName)};
  CycleState state;
  CHECK(show(dynamic_cast<const FilterPlugin&>(*plugin).filter(state, pod_info, node.info())) ==
        "Error: reading \"PreFilterNodeVolumeLimits\" from cycleState: not found");
  // A pod without volumes needs no state.
  Pod bare = pod_with({});
  PodInfo bare_info(bare, gates);
  CHECK(dynamic_cast<const FilterPlugin&>(*plugin).filter(state, bare_info, node.info()).is_success());
}

TEST_CASE("NodeVolumeLimits: the loader reads what the plugin needs") {
  ClusterState cluster;
  const char* yaml = R"(apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: ebs.csi.aws.com
spec:
  preventPodSchedulingIfMissing: true
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: files
spec:
  capacity: {storage: 1Gi}
  accessModes: [ReadWriteOnce]
  azureFile:
    secretName: azure-storage-account-acct-secret
    shareName: share
    secretNamespace: team
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: vmdk
spec:
  capacity: {storage: 1Gi}
  accessModes: [ReadWriteOnce]
  vsphereVolume:
    volumePath: "[ds] vol.vmdk"
    storagePolicyName: gold
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: px
spec:
  capacity: {storage: 1Gi}
  accessModes: [ReadWriteOnce]
  portworxVolume:
    volumeID: px-1
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: disk
spec:
  capacity: {storage: 1Gi}
  accessModes: [ReadWriteOnce]
  azureDisk:
    diskName: d
    diskURI: uri
)";
  REQUIRE_FALSE(load_cluster_state_text(yaml, "x.yaml", cluster).has_value());
  REQUIRE(cluster.csi_drivers.size() == 1);
  CHECK(cluster.csi_drivers[0].prevent_pod_scheduling_if_missing == std::optional<bool>(true));
  REQUIRE(cluster.persistent_volumes.size() == 4);
  CHECK(cluster.persistent_volumes[0].source.azure_file_secret_name == "azure-storage-account-acct-secret");
  CHECK(cluster.persistent_volumes[0].source.azure_file_share_name == "share");
  CHECK(cluster.persistent_volumes[0].source.azure_file_secret_namespace == std::optional<std::string>("team"));
  CHECK(cluster.persistent_volumes[1].source.vsphere_volume_path == "[ds] vol.vmdk");
  CHECK(cluster.persistent_volumes[1].source.vsphere_storage_policy_name == "gold");
  CHECK(cluster.persistent_volumes[2].source.volume_id == "px-1");
  CHECK(cluster.persistent_volumes[3].source.azure_disk_kind == "Shared");

  ClusterState bad;
  const char* bad_kind = R"(apiVersion: v1
kind: PersistentVolume
metadata:
  name: disk
spec:
  azureDisk:
    diskName: d
    diskURI: uri
    kind: Blob
)";
  auto error = load_cluster_state_text(bad_kind, "x.yaml", bad);
  REQUIRE(error.has_value());
  CHECK(error->message.find(R"(Unsupported value: "Blob": supported values: "Dedicated", "Managed", "Shared")") !=
        std::string::npos);
}

}  // namespace
}  // namespace podfit
