// VolumeBinding scoring (StorageCapacityScoring): statically bound volumes and volumes to provision,
// scored by their utilization through the default shape (10 at 0% down to 0 at 100%).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builders.h"
#include "score_test_support.h"
#include "podfit/plugins/volume_binding/volume_binding.h"

namespace podfit {
namespace {

using testing::ScoreCluster;
using testing::scores;
using testing::show_scores;

constexpr const char* kHostname = "kubernetes.io/hostname";

Quantity q(const char* text) { return *Quantity::parse(text); }

Node node(const std::string& name) {
  Node n;
  n.metadata.name = name;
  n.metadata.labels.set(kHostname, name);
  return n;
}

StorageClass storage_class(const std::string& name, const std::string& provisioner) {
  StorageClass sc;
  sc.metadata.name = name;
  sc.provisioner = provisioner;
  sc.volume_binding_mode = "WaitForFirstConsumer";
  return sc;
}

PersistentVolumeClaim claim(const std::string& name, const std::string& class_name, const char* size) {
  PersistentVolumeClaim pvc;
  pvc.metadata.name = name;
  pvc.metadata.namespace_ = "default";
  pvc.spec.storage_class_name = class_name;
  pvc.spec.access_modes = {"ReadWriteOnce"};
  pvc.spec.resources.requests = ResourceList{{"storage", q(size)}};
  pvc.phase = "Pending";
  return pvc;
}

PersistentVolume volume(const std::string& name, const std::string& class_name, const char* size,
                        const std::string& on_node) {
  PersistentVolume pv;
  pv.metadata.name = name;
  pv.storage_class_name = class_name;
  pv.capacity.set("storage", q(size));
  pv.access_modes = {"ReadWriteOnce"};
  pv.phase = "Available";
  NodeSelectorTerm term;
  term.match_expressions.push_back({kHostname, "In", {on_node}});
  pv.node_affinity = NodeSelector{{term}};
  return pv;
}

CSIStorageCapacity capacity(const std::string& name, const std::string& class_name, const char* size,
                            const std::string& on_node) {
  CSIStorageCapacity c;
  c.metadata.name = name;
  c.metadata.namespace_ = "default";
  c.storage_class_name = class_name;
  c.capacity = q(size);
  LabelSelector topology;
  topology.match_labels.set(kHostname, on_node);
  c.node_topology = topology;
  return c;
}

Pod pod_with_claims(const std::vector<std::string>& claims) {
  Pod pod;
  pod.metadata.name = "pod";
  pod.metadata.namespace_ = "default";
  for (const auto& name : claims) {
    Volume v;
    v.name = name;
    v.source.type = "persistentVolumeClaim";
    v.claim_name = name;
    pod.spec.volumes.push_back(v);
  }
  return pod;
}

// PreFilter, PreScore, then Score on every node, as a scheduling cycle runs them.
struct Run {
  Status pre_score;
  NodeScoreList scores;
};

Run run(const ClusterState& cluster, const Pod& pod, const FeatureGates& gates) {
  Snapshot snapshot(cluster, gates);
  VolumeBinding plugin(gates);
  PodInfo info(pod, gates);
  CycleState state;
  PreFilterResult result;
  REQUIRE(plugin.pre_filter(state, info, snapshot, result).code() != Code::Error);
  std::vector<const NodeInfo*> nodes;
  for (const auto& n : snapshot.nodes()) nodes.push_back(n.get());
  Run out;
  out.pre_score = plugin.pre_score(state, info, snapshot, nodes);
  if (!out.pre_score.is_success()) return out;
  for (const NodeInfo* n : nodes) {
    ScoreResult r = plugin.score(state, info, *n);
    REQUIRE(r.status.is_success());
    out.scores.push_back(NodeScore{n->name(), r.score});
  }
  return out;
}

ClusterState provisioning_cluster() {
  ClusterState cluster;
  cluster.nodes = {node("node1"), node("node2"), node("node3")};
  cluster.storage_classes = {storage_class("fast", "csi.example.com")};
  CSIDriver driver;
  driver.metadata.name = "csi.example.com";
  driver.storage_capacity = true;
  cluster.csi_drivers = {driver};
  cluster.csi_storage_capacities = {capacity("c1", "fast", "100Gi", "node1"), capacity("c2", "fast", "50Gi", "node2"),
                                    capacity("c3", "fast", "5Gi", "node3")};
  cluster.persistent_volume_claims = {claim("data", "fast", "10Gi"), claim("logs", "fast", "10Gi")};
  return cluster;
}

TEST_CASE("VolumeBinding score: volumes to provision, by the node's CSIStorageCapacity") {
  const ClusterState cluster = provisioning_cluster();
  // node1: 10/100 -> 10% -> 90; node2: 10/50 -> 20% -> 80; node3 lacks room (its Filter fails): 0.
  auto one = run(cluster, pod_with_claims({"data"}), FeatureGates{});
  CHECK(one.pre_score.is_success());
  CHECK_MESSAGE(one.scores == scores({{"node1", 90}, {"node2", 80}, {"node3", 0}}), show_scores(one.scores));
  // Two claims of one class: requests add up, the class's capacity is counted once: 20/100, 20/50.
  auto two = run(cluster, pod_with_claims({"data", "logs"}), FeatureGates{});
  CHECK_MESSAGE(two.scores == scores({{"node1", 80}, {"node2", 60}, {"node3", 0}}), show_scores(two.scores));
}

TEST_CASE("VolumeBinding score: statically bound volumes, by the chosen volume's capacity") {
  ClusterState cluster;
  cluster.nodes = {node("node1"), node("node2")};
  cluster.storage_classes = {storage_class("local", "kubernetes.io/no-provisioner")};
  cluster.persistent_volumes = {volume("pv1", "local", "100Gi", "node1"), volume("pv2", "local", "40Gi", "node2")};
  cluster.persistent_volume_claims = {claim("data", "local", "20Gi")};
  // node1: 20/100 -> 80; node2: 20/40 -> 50.
  auto result = run(cluster, pod_with_claims({"data"}), FeatureGates{});
  CHECK(result.pre_score.is_success());
  CHECK_MESSAGE(result.scores == scores({{"node1", 80}, {"node2", 50}}), show_scores(result.scores));
}

TEST_CASE("VolumeBinding score: a pod without claims scores 0; the gate off skips") {
  const ClusterState cluster = provisioning_cluster();
  auto none = run(cluster, pod_with_claims({}), FeatureGates{});
  CHECK(none.pre_score.is_success());
  CHECK(none.scores == scores({{"node1", 0}, {"node2", 0}, {"node3", 0}}));

  FeatureGates off;
  off.storage_capacity_scoring = false;
  auto skipped = run(cluster, pod_with_claims({"data"}), off);
  CHECK(skipped.pre_score.code() == Code::Skip);
}

}  // namespace
}  // namespace podfit
