// VolumeZone: volume_zone_test.go (TestSingleZone, TestMultiZone, TestWithBinding,
// TestVolumeZone_DeferredResizeSkipped) plus edge cases for lookups, multi-zone values, label
// presence, the beta storage-class annotation and details.
#include <doctest/doctest.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/plugins/volume_zone.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr const char* kConflict = "node(s) had no available volume zone";
constexpr const char* kBetaZone = "failure-domain.beta.kubernetes.io/zone";
constexpr const char* kBetaRegion = "failure-domain.beta.kubernetes.io/region";
constexpr const char* kZone = "topology.kubernetes.io/zone";
constexpr const char* kRegion = "topology.kubernetes.io/region";

using testing::NodeBuilder;
using testing::NodeInfoFixture;
using testing::PodBuilder;

// "Code: reasons [details]" so that one comparison checks all three.
using testing::show;

Volume claim_volume(std::string claim) {
  Volume v;
  v.name = claim;
  v.source.type = "persistentVolumeClaim";
  v.claim_name = std::move(claim);
  return v;
}

// createPodWithVolume: pod "pod_1" in "default" using one claim.
Pod pod_using(std::vector<std::string> claims, std::string ns = "default") {
  Pod pod = PodBuilder("pod_1", std::move(ns));
  for (auto& claim : claims) pod.spec.volumes.push_back(claim_volume(std::move(claim)));
  return pod;
}

PersistentVolume pv(std::string name, StringMap labels) {
  PersistentVolume v;
  v.metadata.name = std::move(name);
  v.metadata.labels = std::move(labels);
  return v;
}

PersistentVolumeClaim pvc(std::string name, std::string volume_name,
                          std::optional<std::string> class_name = std::nullopt, std::string ns = "default") {
  PersistentVolumeClaim c;
  c.metadata.name = std::move(name);
  c.metadata.namespace_ = std::move(ns);
  c.spec.volume_name = std::move(volume_name);
  c.spec.storage_class_name = std::move(class_name);
  return c;
}

StorageClass storage_class(std::string name, std::string mode) {
  StorageClass sc;
  sc.metadata.name = std::move(name);
  sc.volume_binding_mode = std::move(mode);
  return sc;
}

Node node_labeled(StringMap labels) {
  Node node = NodeBuilder("host1");
  node.metadata.labels = std::move(labels);
  return node;
}

struct Case {
  std::string name;
  Pod pod;
  Node node;
  Status want_pre_filter = Status();
  Status want_filter = Status();
};

// Like upstream's tests, Filter runs after PreFilter whatever PreFilter returned: a failed
// lookup answers the same in Filter, as kube-scheduler's Filter recomputes it.
void run_cases(const ClusterState& cluster, const std::vector<Case>& cases) {
  const FeatureGates gates;
  Snapshot snapshot(cluster, gates);
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      auto plugin = new_volume_zone(PluginContext{gates});
      const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
      const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
      NodeInfoFixture node(c.node);
      PodInfo pod_info(c.pod, gates);
      CycleState state;
      PreFilterResult result;
      CHECK(show(pre_filter.pre_filter(state, pod_info, snapshot, result)) == show(c.want_pre_filter));
      CHECK(result.all_nodes());
      CHECK(show(filter.filter(state, pod_info, node.info())) == show(c.want_filter));
    }
  }
}

Status skip() { return Status(Code::Skip); }
Status conflict(std::vector<std::string> details) {
  return Status(Code::UnschedulableAndUnresolvable, {kConflict}, std::move(details));
}
Status unresolvable(std::string reason, std::string detail) {
  return Status(Code::UnschedulableAndUnresolvable, {std::move(reason)}, {std::move(detail)});
}

TEST_CASE("VolumeZone: single zone (TestSingleZone)") {
  ClusterState cluster;
  cluster.persistent_volumes = {
      pv("Vol_1", {{kBetaZone, "us-west1-a"}}),
      pv("Vol_2", {{kBetaRegion, "us-west1"}, {"uselessLabel", "none"}}),
      pv("Vol_3", {{kBetaRegion, "us-west1"}}),
      pv("Vol_Stable_1", {{kZone, "us-west1-a"}}),
      pv("Vol_Stable_2", {{kRegion, "us-west1"}, {"uselessLabel", "none"}}),
      pv("Vol_Stable_3", {{kZone, "us-west1-a"}, {kRegion, "us-west1-a"}}),
  };
  cluster.persistent_volume_claims = {
      pvc("PVC_1", "Vol_1"),
      pvc("PVC_2", "Vol_2"),
      pvc("PVC_3", "Vol_3"),
      pvc("PVC_4", "Vol_not_exist"),
      pvc("PVC_Stable_1", "Vol_Stable_1"),
      pvc("PVC_Stable_2", "Vol_Stable_2"),
      pvc("PVC_Stable_3", "Vol_Stable_3"),
  };
  run_cases(cluster, {
      {.name = "pod without volume",
       .pod = pod_using({}),
       .node = node_labeled({{kBetaZone, "us-west1-a"}}),
       .want_pre_filter = skip()},
      {.name = "node without labels", .pod = pod_using({"PVC_1"}), .node = node_labeled({})},
      {.name = "beta zone label matched",
       .pod = pod_using({"PVC_1"}),
       .node = node_labeled({{kBetaZone, "us-west1-a"}, {"uselessLabel", "none"}})},
      {.name = "beta region label matched",
       .pod = pod_using({"PVC_2"}),
       .node = node_labeled({{kBetaRegion, "us-west1"}, {"uselessLabel", "none"}})},
      {.name = "beta region label doesn't match",
       .pod = pod_using({"PVC_2"}),
       .node = node_labeled({{kBetaRegion, "no_us-west1"}, {"uselessLabel", "none"}}),
       .want_filter = conflict({"volume Vol_2 (claim default/PVC_2) is in failure-domain.beta.kubernetes.io/region="
                                "us-west1, node is in failure-domain.beta.kubernetes.io/region=no_us-west1"})},
      {.name = "beta zone label doesn't match",
       .pod = pod_using({"PVC_1"}),
       .node = node_labeled({{kBetaZone, "no_us-west1-a"}, {"uselessLabel", "none"}}),
       .want_filter = conflict({"volume Vol_1 (claim default/PVC_1) is in failure-domain.beta.kubernetes.io/zone="
                                "us-west1-a, node is in failure-domain.beta.kubernetes.io/zone=no_us-west1-a"})},
      {.name = "zone label matched",
       .pod = pod_using({"PVC_Stable_1"}),
       .node = node_labeled({{kZone, "us-west1-a"}, {"uselessLabel", "none"}})},
      {.name = "region label matched",
       .pod = pod_using({"PVC_Stable_2"}),
       .node = node_labeled({{kRegion, "us-west1"}, {"uselessLabel", "none"}})},
      {.name = "region label doesn't match",
       .pod = pod_using({"PVC_Stable_2"}),
       .node = node_labeled({{kRegion, "no_us-west1"}, {"uselessLabel", "none"}}),
       .want_filter = conflict({"volume Vol_Stable_2 (claim default/PVC_Stable_2) is in topology.kubernetes.io/region="
                                "us-west1, node is in topology.kubernetes.io/region=no_us-west1"})},
      {.name = "zone label doesn't match",
       .pod = pod_using({"PVC_Stable_1"}),
       .node = node_labeled({{kZone, "no_us-west1-a"}, {"uselessLabel", "none"}}),
       .want_filter = conflict({"volume Vol_Stable_1 (claim default/PVC_Stable_1) is in topology.kubernetes.io/zone="
                                "us-west1-a, node is in topology.kubernetes.io/zone=no_us-west1-a"})},
      {.name = "pv with zone and region, node with only zone",
       .pod = pod_using({"PVC_Stable_3"}),
       .node = node_labeled({{kZone, "us-west1-a"}}),
       .want_filter = conflict({"volume Vol_Stable_3 (claim default/PVC_Stable_3) is in topology.kubernetes.io/region="
                                "us-west1-a, node has no label topology.kubernetes.io/region"})},
      {.name = "pv with zone,node with beta zone",
       .pod = pod_using({"PVC_Stable_1"}),
       .node = node_labeled({{kBetaZone, "us-west1-a"}}),
       .want_filter = conflict({"volume Vol_Stable_1 (claim default/PVC_Stable_1) is in topology.kubernetes.io/zone="
                                "us-west1-a, node has no label topology.kubernetes.io/zone"})},
      {.name = "pv with beta label,node with ga label, matched",
       .pod = pod_using({"PVC_1"}),
       .node = node_labeled({{kZone, "us-west1-a"}})},
      {.name = "pv with beta label,node with ga label, don't match",
       .pod = pod_using({"PVC_1"}),
       .node = node_labeled({{kZone, "us-west1-b"}}),
       .want_filter = conflict({"volume Vol_1 (claim default/PVC_1) is in failure-domain.beta.kubernetes.io/zone="
                                "us-west1-a, node is in topology.kubernetes.io/zone=us-west1-b"})},
  });
}

TEST_CASE("VolumeZone: multi zone (TestMultiZone)") {
  ClusterState cluster;
  cluster.persistent_volumes = {
      pv("Vol_1", {{kBetaZone, "us-west1-a"}}),
      pv("Vol_2", {{kBetaZone, "us-west1-b"}, {"uselessLabel", "none"}}),
      pv("Vol_3", {{kBetaZone, "us-west1-c__us-west1-a"}}),
      pv("Vol_Stable_1", {{kZone, "us-west1-a"}}),
      pv("Vol_Stable_2", {{kZone, "us-west1-c__us-west1-a"}}),
  };
  cluster.persistent_volume_claims = {
      pvc("PVC_1", "Vol_1"),
      pvc("PVC_2", "Vol_2"),
      pvc("PVC_3", "Vol_3"),
      pvc("PVC_4", "Vol_not_exist"),
      pvc("PVC_Stable_1", "Vol_Stable_1"),
      pvc("PVC_Stable_2", "Vol_Stable_2"),
  };
  run_cases(cluster, {
      {.name = "node without labels", .pod = pod_using({"PVC_3"}), .node = node_labeled({})},
      {.name = "beta zone label matched",
       .pod = pod_using({"PVC_3"}),
       .node = node_labeled({{kBetaZone, "us-west1-a"}, {"uselessLabel", "none"}})},
      {.name = "beta zone label doesn't match",
       .pod = pod_using({"PVC_1"}),
       .node = node_labeled({{kBetaZone, "us-west1-b"}, {"uselessLabel", "none"}}),
       .want_filter = conflict({"volume Vol_1 (claim default/PVC_1) is in failure-domain.beta.kubernetes.io/zone="
                                "us-west1-a, node is in failure-domain.beta.kubernetes.io/zone=us-west1-b"})},
      {.name = "zone label matched",
       .pod = pod_using({"PVC_Stable_2"}),
       .node = node_labeled({{kZone, "us-west1-a"}, {"uselessLabel", "none"}})},
      {.name = "zone label doesn't match",
       .pod = pod_using({"PVC_Stable_1"}),
       .node = node_labeled({{kZone, "us-west1-b"}, {"uselessLabel", "none"}}),
       .want_filter = conflict({"volume Vol_Stable_1 (claim default/PVC_Stable_1) is in topology.kubernetes.io/zone="
                                "us-west1-a, node is in topology.kubernetes.io/zone=us-west1-b"})},
  });
}

TEST_CASE("VolumeZone: unbound claims (TestWithBinding)") {
  ClusterState cluster;
  // Class_Immediate has no volumeBindingMode, as upstream's fixture (the API server would default it).
  cluster.storage_classes = {storage_class("Class_Immediate", ""), storage_class("Class_Wait", "WaitForFirstConsumer")};
  cluster.persistent_volumes = {pv("Vol_1", {{kBetaZone, "us-west1-a"}})};
  cluster.persistent_volume_claims = {
      pvc("PVC_1", "Vol_1"),
      pvc("PVC_NoSC", "", "Class_0"),
      pvc("PVC_EmptySC", ""),
      pvc("PVC_WaitSC", "", "Class_Wait"),
      pvc("PVC_ImmediateSC", "", "Class_Immediate"),
  };
  const Node node = node_labeled({{kBetaZone, "us-west1-a"}, {"uselessLabel", "none"}});
  const Status empty_sc = unresolvable("PersistentVolumeClaim had no pv name and storageClass name",
                                       "claim default/PVC_EmptySC is not bound to a PersistentVolume and names no "
                                       "StorageClass");
  // Upstream's fake lister prints `storageclasses.storage.k8s.io "Class_0" not found`; the
  // informer lister kube-scheduler runs with names the resource in the singular.
  const Status no_sc = unresolvable("storageclass.storage.k8s.io \"Class_0\" not found",
                                    "claim default/PVC_NoSC is not bound and its StorageClass Class_0 does not exist");
  const Status mode_unset = unresolvable("VolumeBindingMode not set for StorageClass \"Class_Immediate\"",
                                         "claim default/PVC_ImmediateSC is not bound and StorageClass Class_Immediate "
                                         "has no volumeBindingMode");
  run_cases(cluster, {
      {.name = "label zone failure domain matched", .pod = pod_using({"PVC_1"}), .node = node},
      {.name = "unbound volume empty storage class",
       .pod = pod_using({"PVC_EmptySC"}),
       .node = node,
       .want_pre_filter = empty_sc,
       .want_filter = empty_sc},
      {.name = "unbound volume no storage class",
       .pod = pod_using({"PVC_NoSC"}),
       .node = node,
       .want_pre_filter = no_sc,
       .want_filter = no_sc},
      {.name = "unbound volume immediate binding mode",
       .pod = pod_using({"PVC_ImmediateSC"}),
       .node = node,
       .want_pre_filter = mode_unset,
       .want_filter = mode_unset},
      {.name = "unbound volume wait binding mode",
       .pod = pod_using({"PVC_WaitSC"}),
       .node = node,
       .want_pre_filter = skip()},
  });
}

TEST_CASE("VolumeZone: deferred resize (TestVolumeZone_DeferredResizeSkipped)") {
  FeatureGates gates;
  gates.in_place_pod_vertical_scaling_scheduler_preemption = true;
  const Pod pod = PodBuilder("p").uid("p").condition(PodCondition{"PodResizePending", "True", "Deferred", ""});
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  auto plugin = new_volume_zone(PluginContext{gates});
  NodeInfoFixture node(NodeBuilder("node1"));
  PodInfo pod_info(pod, gates);
  CycleState state;
  PreFilterResult result;
  CHECK(dynamic_cast<const PreFilterPlugin&>(*plugin).pre_filter(state, pod_info, snapshot, result).code() ==
        Code::Skip);
  CHECK(result.all_nodes());
  CHECK(dynamic_cast<const FilterPlugin&>(*plugin).filter(state, pod_info, node.info()).code() == Code::Success);
}

TEST_CASE("VolumeZone: lookups") {
  ClusterState cluster;
  cluster.storage_classes = {storage_class("standard", "Immediate"), storage_class("wait", "WaitForFirstConsumer"),
                             storage_class("fast", "Immediate")};
  cluster.persistent_volumes = {pv("pv-a", {{kZone, "zone-a"}}), pv("pv-b", {{kZone, "zone-b"}}),
                                pv("pv-plain", {})};
  PersistentVolumeClaim annotated = pvc("annotated", "", "standard", "shop");
  annotated.metadata.annotations.set("volume.beta.kubernetes.io/storage-class", "wait");
  PersistentVolumeClaim annotated_empty = pvc("annotated-empty", "", "wait", "shop");
  annotated_empty.metadata.annotations.set("volume.beta.kubernetes.io/storage-class", "");
  cluster.persistent_volume_claims = {
      pvc("data", "pv-a", std::nullopt, "shop"),
      pvc("logs", "pv-b", std::nullopt, "shop"),
      pvc("plain", "pv-plain", std::nullopt, "shop"),
      pvc("immediate", "", "standard", "shop"),
      pvc("later", "", "wait", "shop"),
      pvc("dangling", "pv-gone", std::nullopt, "shop"),
      annotated,
      annotated_empty,
  };
  const Node zone_a = node_labeled({{kZone, "zone-a"}});
  Pod ephemeral = pod_using({}, "shop");
  Volume scratch;
  scratch.name = "scratch";
  scratch.source.type = "ephemeral";
  scratch.ephemeral_claim.emplace();
  ephemeral.spec.volumes.push_back(scratch);
  Pod no_claim_name = pod_using({""}, "shop");
  no_claim_name.spec.volumes[0].name = "data";

  run_cases(cluster, {
      {.name = "a missing claim",
       .pod = pod_using({"nope"}, "shop"),
       .node = zone_a,
       .want_pre_filter = unresolvable("persistentvolumeclaim \"nope\" not found",
                                       "claim shop/nope (volume nope) does not exist"),
       .want_filter = unresolvable("persistentvolumeclaim \"nope\" not found",
                                   "claim shop/nope (volume nope) does not exist")},
      {.name = "a claim without a name",
       .pod = no_claim_name,
       .node = zone_a,
       .want_pre_filter = unresolvable("PersistentVolumeClaim had no name", "volume data names no claim"),
       .want_filter = unresolvable("PersistentVolumeClaim had no name", "volume data names no claim")},
      {.name = "a claim bound to a missing volume",
       .pod = pod_using({"dangling"}, "shop"),
       .node = zone_a,
       .want_pre_filter = unresolvable("persistentvolume \"pv-gone\" not found",
                                       "claim shop/dangling is bound to PersistentVolume pv-gone, which does not exist"),
       .want_filter = unresolvable("persistentvolume \"pv-gone\" not found",
                                   "claim shop/dangling is bound to PersistentVolume pv-gone, which does not exist")},
      {.name = "an unbound claim of an Immediate class (the API server's default)",
       .pod = pod_using({"immediate"}, "shop"),
       .node = zone_a,
       .want_pre_filter = unresolvable("PersistentVolume had no name",
                                       "claim shop/immediate is not bound yet and StorageClass standard has "
                                       "volumeBindingMode Immediate"),
       .want_filter = unresolvable("PersistentVolume had no name",
                                   "claim shop/immediate is not bound yet and StorageClass standard has "
                                   "volumeBindingMode Immediate")},
      {.name = "the beta storage-class annotation wins over storageClassName",
       .pod = pod_using({"annotated"}, "shop"),
       .node = zone_a,
       .want_pre_filter = skip()},
      {.name = "an empty beta annotation means no class",
       .pod = pod_using({"annotated-empty"}, "shop"),
       .node = zone_a,
       .want_pre_filter = unresolvable("PersistentVolumeClaim had no pv name and storageClass name",
                                       "claim shop/annotated-empty is not bound to a PersistentVolume and names no "
                                       "StorageClass"),
       .want_filter = unresolvable("PersistentVolumeClaim had no pv name and storageClass name",
                                   "claim shop/annotated-empty is not bound to a PersistentVolume and names no "
                                   "StorageClass")},
      {.name = "the first failing claim decides",
       .pod = pod_using({"data", "nope", "immediate"}, "shop"),
       .node = zone_a,
       .want_pre_filter = unresolvable("persistentvolumeclaim \"nope\" not found",
                                       "claim shop/nope (volume nope) does not exist"),
       .want_filter = unresolvable("persistentvolumeclaim \"nope\" not found",
                                   "claim shop/nope (volume nope) does not exist")},
      {.name = "a claim of another namespace is not found",
       .pod = pod_using({"data"}, "other"),
       .node = zone_a,
       .want_pre_filter = unresolvable("persistentvolumeclaim \"data\" not found",
                                       "claim other/data (volume data) does not exist"),
       .want_filter = unresolvable("persistentvolumeclaim \"data\" not found",
                                   "claim other/data (volume data) does not exist")},
      {.name = "generic ephemeral volumes are not looked at", .pod = ephemeral, .node = zone_a,
       .want_pre_filter = skip()},
      {.name = "a bound volume without topology labels skips",
       .pod = pod_using({"plain"}, "shop"),
       .node = zone_a,
       .want_pre_filter = skip()},
      {.name = "a WaitForFirstConsumer claim next to a bound one",
       .pod = pod_using({"later", "data"}, "shop"),
       .node = zone_a},
      {.name = "two volumes in two zones: both mismatches are explained",
       .pod = pod_using({"data", "logs"}, "shop"),
       .node = node_labeled({{kZone, "zone-c"}}),
       .want_filter = conflict({"volume pv-a (claim shop/data) is in topology.kubernetes.io/zone=zone-a, node is in "
                                "topology.kubernetes.io/zone=zone-c",
                                "volume pv-b (claim shop/logs) is in topology.kubernetes.io/zone=zone-b, node is in "
                                "topology.kubernetes.io/zone=zone-c"})},
      {.name = "two volumes in two zones: one matches",
       .pod = pod_using({"data", "logs"}, "shop"),
       .node = zone_a,
       .want_filter = conflict({"volume pv-b (claim shop/logs) is in topology.kubernetes.io/zone=zone-b, node is in "
                                "topology.kubernetes.io/zone=zone-a"})},
  });
}

TEST_CASE("VolumeZone: node labels") {
  ClusterState cluster;
  cluster.persistent_volumes = {
      pv("pv-zone", {{kZone, "zone-a"}}),
      pv("pv-beta", {{kBetaZone, "zone-a"}}),
      pv("pv-multi", {{kZone, "zone-a__ zone-b"}}),
      pv("pv-bad-multi", {{kZone, "zone-a____zone-b"}}),
      pv("pv-empty", {{kZone, ""}}),
      pv("pv-both", {{kBetaZone, "zone-a"}, {kZone, "zone-b"}}),
  };
  cluster.persistent_volume_claims = {
      pvc("zone", "pv-zone"),       pvc("beta", "pv-beta"),   pvc("multi", "pv-multi"),
      pvc("bad-multi", "pv-bad-multi"), pvc("empty", "pv-empty"), pvc("both", "pv-both"),
  };
  run_cases(cluster, {
      {.name = "a node with only a region label is constrained",
       .pod = pod_using({"zone"}),
       .node = node_labeled({{kRegion, "r"}}),
       .want_filter = conflict({"volume pv-zone (claim default/zone) is in topology.kubernetes.io/zone=zone-a, node "
                                "has no label topology.kubernetes.io/zone"})},
      {.name = "an empty zone label on the node still constrains it",
       .pod = pod_using({"zone"}),
       .node = node_labeled({{kZone, ""}}),
       .want_filter = conflict({"volume pv-zone (claim default/zone) is in topology.kubernetes.io/zone=zone-a, node "
                                "is in topology.kubernetes.io/zone="})},
      {.name = "other labels do not constrain a node",
       .pod = pod_using({"zone"}),
       .node = node_labeled({{"zone", "zone-b"}, {"kubernetes.io/hostname", "host1"}})},
      {.name = "a beta volume label on a node with neither label",
       .pod = pod_using({"beta"}),
       .node = node_labeled({{kRegion, "r"}}),
       .want_filter = conflict({"volume pv-beta (claim default/beta) is in failure-domain.beta.kubernetes.io/zone="
                                "zone-a, node has neither label failure-domain.beta.kubernetes.io/zone nor "
                                "topology.kubernetes.io/zone"})},
      {.name = "a beta node label wins over the GA one for a beta volume label",
       .pod = pod_using({"beta"}),
       .node = node_labeled({{kBetaZone, "zone-b"}, {kZone, "zone-a"}}),
       .want_filter = conflict({"volume pv-beta (claim default/beta) is in failure-domain.beta.kubernetes.io/zone="
                                "zone-a, node is in failure-domain.beta.kubernetes.io/zone=zone-b"})},
      {.name = "multi-zone values are trimmed", .pod = pod_using({"multi"}), .node = node_labeled({{kZone, "zone-b"}})},
      {.name = "multi-zone values: a zone outside the list",
       .pod = pod_using({"multi"}),
       .node = node_labeled({{kZone, "zone-c"}}),
       .want_filter = conflict({"volume pv-multi (claim default/multi) is in topology.kubernetes.io/zone=zone-a__ "
                                "zone-b, node is in topology.kubernetes.io/zone=zone-c"})},
      {.name = "the node's value is not split",
       .pod = pod_using({"multi"}),
       .node = node_labeled({{kZone, "zone-a__zone-b"}}),
       .want_filter = conflict({"volume pv-multi (claim default/multi) is in topology.kubernetes.io/zone=zone-a__ "
                                "zone-b, node is in topology.kubernetes.io/zone=zone-a__zone-b"})},
      {.name = "an unparsable multi-zone value is ignored",
       .pod = pod_using({"bad-multi"}),
       .node = node_labeled({{kZone, "zone-c"}}),
       .want_pre_filter = skip()},
      {.name = "an empty volume label is ignored",
       .pod = pod_using({"empty"}),
       .node = node_labeled({{kZone, "zone-c"}}),
       .want_pre_filter = skip()},
      {.name = "beta and GA volume labels are both checked",
       .pod = pod_using({"both"}),
       .node = node_labeled({{kZone, "zone-a"}}),
       .want_filter = conflict({"volume pv-both (claim default/both) is in topology.kubernetes.io/zone=zone-b, node is "
                                "in topology.kubernetes.io/zone=zone-a"})},
  });
}

TEST_CASE("VolumeZone: label_zones_to_set") {
  using Set = std::set<std::string>;
  CHECK(label_zones_to_set("a") == Set{"a"});
  CHECK(label_zones_to_set("a__b__a") == Set{"a", "b"});
  CHECK(label_zones_to_set(" a __\tb ") == Set{"a", "b"});
  CHECK(label_zones_to_set("a_b") == Set{"a_b"});
  CHECK(label_zones_to_set("a___b") == Set{"a", "_b"});
  CHECK_FALSE(label_zones_to_set("").has_value());
  CHECK_FALSE(label_zones_to_set("  ").has_value());
  CHECK_FALSE(label_zones_to_set("a__").has_value());
  CHECK_FALSE(label_zones_to_set("__a").has_value());
  CHECK_FALSE(label_zones_to_set("a____b").has_value());
}

TEST_CASE("VolumeZone: Filter without PreFilter state") {
  const FeatureGates gates;
  auto plugin = new_volume_zone(PluginContext{gates});
  CHECK(plugin->name() == "VolumeZone");
  const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
  CycleState empty;
  NodeInfoFixture node(node_labeled({{kZone, "zone-a"}}));
  SUBCASE("a pod without volumes passes") {
    const Pod pod = pod_using({});
    PodInfo info(pod, gates);
    CHECK(filter.filter(empty, info, node.info()).is_success());
  }
  SUBCASE("a pod with volumes is an Error") {
    const Pod pod = pod_using({"data"});
    PodInfo info(pod, gates);
    CHECK(show(filter.filter(empty, info, node.info())) ==
          show(Status::error("reading \"PreFilterVolumeZone\" from cycleState: not found")));
  }
}

}  // namespace
}  // namespace podfit
