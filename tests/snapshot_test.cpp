// Snapshot construction from a ClusterState: node order, pod placement, images, namespaces, assume.
#include <doctest/doctest.h>

#include "podfit/framework/feature_gates.h"
#include "podfit/snapshot/snapshot.h"
#include "resource_test_support.h"

namespace podfit {
namespace {

using testing::container;
using testing::make_node;
using testing::make_pod;
using testing::pvc_volume;
using testing::rl;

Pod bound(const char* name, const char* node, const char* phase = "Running") {
  Pod pod = make_pod("default", name, std::string("uid-") + name);
  pod.spec.node_name = node;
  pod.status.phase = phase;
  pod.spec.containers = {container("c", rl({{"cpu", "100m"}, {"memory", "1Gi"}}))};
  return pod;
}

Node with_images(Node node, std::vector<ContainerImage> images) {
  node.status.images = std::move(images);
  return node;
}

std::vector<std::string> names(const std::vector<const Pod*>& pods) {
  std::vector<std::string> out;
  for (const Pod* p : pods) out.push_back(p->metadata.name);
  return out;
}

TEST_CASE("Snapshot: nodes in input order, pods sorted into assigned, pending, orphaned") {
  ClusterState cluster;
  cluster.nodes = {make_node("b", rl({{"cpu", "2"}, {"pods", "10"}})), make_node("a", rl({{"cpu", "4"}}))};
  cluster.pods = {
      bound("running", "a"),
      bound("pending-phase", "b", "Pending"),
      bound("unknown-phase", "a", ""),
      bound("succeeded", "a", "Succeeded"),
      bound("failed", "b", "Failed"),
      bound("unscheduled", ""),
      bound("unscheduled-terminal", "", "Failed"),
      bound("elsewhere", "gone"),
      bound("elsewhere-done", "gone", "Succeeded"),
  };
  const FeatureGates gates;
  Snapshot snapshot(cluster, gates);

  REQUIRE(snapshot.nodes().size() == 2);
  CHECK(snapshot.nodes()[0]->name() == "b");
  CHECK(snapshot.nodes()[1]->name() == "a");
  CHECK(snapshot.find_node("a") == snapshot.nodes()[1].get());
  CHECK(snapshot.find_node("gone") == nullptr);

  NodeInfo* a = snapshot.find_node("a");
  NodeInfo* b = snapshot.find_node("b");
  REQUIRE(a->pods().size() == 2);
  CHECK(a->pods()[0]->pod().metadata.name == "running");
  CHECK(a->pods()[1]->pod().metadata.name == "unknown-phase");
  REQUIRE(b->pods().size() == 1);
  CHECK(b->pods()[0]->pod().metadata.name == "pending-phase");
  CHECK(a->requested().milli_cpu == 200);
  CHECK(a->requested().memory == 2LL << 30);
  CHECK(a->allocatable().milli_cpu == 4000);
  CHECK(b->allocatable().allowed_pod_number == 10);

  CHECK(names(snapshot.pending_pods()) == std::vector<std::string>{"unscheduled"});
  CHECK(names(snapshot.orphaned_pods()) == std::vector<std::string>{"elsewhere"});
  CHECK(snapshot.pod_infos().size() == 3);
  // The snapshot points into the cluster state, it does not copy pods.
  CHECK(&a->pods()[0]->pod() == &cluster.pods[0]);
}

TEST_CASE("Snapshot: image states count nodes and keep the first reported size") {
  ClusterState cluster;
  cluster.nodes = {
      with_images(make_node("n1", {}), {{{"nginx:1.25", "docker.io/nginx@sha256:abc"}, 100}, {{"redis:7"}, 50}}),
      with_images(make_node("n2", {}), {{{"nginx:1.25"}, 120}}),
      with_images(make_node("n3", {}), {}),
      with_images(make_node("n4", {}), {{{"redis:7"}, 70}, {{"redis:7"}, 90}}),
  };
  const FeatureGates gates;
  Snapshot snapshot(cluster, gates);

  using States = std::map<std::string, ImageStateSummary>;
  CHECK(snapshot.find_node("n1")->image_states() ==
        States{{"nginx:1.25", {100, 2}}, {"docker.io/nginx@sha256:abc", {100, 1}}, {"redis:7", {50, 2}}});
  CHECK(snapshot.find_node("n2")->image_states() == States{{"nginx:1.25", {100, 2}}});
  CHECK(snapshot.find_node("n3")->image_states().empty());
  CHECK(snapshot.find_node("n4")->image_states() == States{{"redis:7", {50, 2}}});
}

TEST_CASE("Snapshot: namespace labels") {
  ClusterState cluster;
  Namespace team;
  team.metadata.name = "team-a";
  team.metadata.labels.set("team", "a");
  cluster.namespaces = {team};
  const FeatureGates gates;
  Snapshot snapshot(cluster, gates);
  REQUIRE(snapshot.namespace_labels("team-a") != nullptr);
  CHECK(*snapshot.namespace_labels("team-a")->find("team") == "a");
  CHECK(snapshot.namespace_labels("other") == nullptr);
}

TEST_CASE("Snapshot: a node name given twice keeps the first node") {
  ClusterState cluster;
  cluster.nodes = {make_node("n", rl({{"cpu", "1"}})), make_node("n", rl({{"cpu", "9"}}))};
  cluster.pods = {bound("p", "n")};
  const FeatureGates gates;
  Snapshot snapshot(cluster, gates);
  REQUIRE(snapshot.nodes().size() == 1);
  CHECK(snapshot.nodes()[0]->allocatable().milli_cpu == 1000);
  CHECK(snapshot.nodes()[0]->pods().size() == 1);
}

TEST_CASE("Snapshot: affinity node lists and PVC usage") {
  ClusterState cluster;
  cluster.nodes = {make_node("n1", {}), make_node("n2", {}), make_node("n3", {})};
  PodAffinity required;
  required.required.push_back(PodAffinityTerm{});
  Pod anti = bound("anti", "n3");
  anti.spec.affinity = Affinity{std::nullopt, std::nullopt, required};
  Pod aff = bound("aff", "n2");
  aff.spec.affinity = Affinity{std::nullopt, PodAffinity{}, std::nullopt};
  Pod claim = bound("claim", "n1");
  claim.spec.volumes = {pvc_volume("data", "db")};
  Pod pending_claim = bound("pending-claim", "");
  pending_claim.spec.volumes = {pvc_volume("data", "queued")};
  cluster.pods = {anti, aff, claim, pending_claim};
  const FeatureGates gates;
  Snapshot snapshot(cluster, gates);

  const auto with_affinity = snapshot.nodes_with_pods_with_affinity();
  REQUIRE(with_affinity.size() == 2);
  CHECK(with_affinity[0]->name() == "n2");
  CHECK(with_affinity[1]->name() == "n3");
  const auto with_anti = snapshot.nodes_with_pods_with_required_anti_affinity();
  REQUIRE(with_anti.size() == 1);
  CHECK(with_anti[0]->name() == "n3");
  CHECK(snapshot.is_pvc_used_by_pods("default/db"));
  CHECK_FALSE(snapshot.is_pvc_used_by_pods("default/queued"));
}

TEST_CASE("Snapshot: assume adds a copy bound to the node") {
  ClusterState cluster;
  cluster.nodes = {make_node("n1", rl({{"cpu", "2"}})), make_node("n2", rl({{"cpu", "2"}}))};
  Pod pending = bound("new", "");
  pending.spec.volumes = {pvc_volume("data", "fresh")};
  cluster.pods = {pending};
  const FeatureGates gates;
  Snapshot snapshot(cluster, gates);
  REQUIRE(snapshot.pending_pods().size() == 1);

  const PodInfo* assumed = snapshot.assume(*snapshot.pending_pods()[0], "n2", gates);
  REQUIRE(assumed != nullptr);
  CHECK(assumed->pod().spec.node_name == "n2");
  CHECK(cluster.pods[0].spec.node_name.empty());
  CHECK(snapshot.find_node("n2")->pods() == std::vector<const PodInfo*>{assumed});
  CHECK(snapshot.find_node("n2")->requested().milli_cpu == 100);
  CHECK(snapshot.find_node("n1")->pods().empty());
  CHECK(snapshot.is_pvc_used_by_pods("default/fresh"));
  CHECK(snapshot.pod_infos().back().get() == assumed);
  CHECK(snapshot.assume(pending, "nowhere", gates) == nullptr);
}

TEST_CASE("Snapshot: pod changes are net against the snapshot as built") {
  ClusterState cluster;
  cluster.nodes = {make_node("n1", rl({{"cpu", "2"}})), make_node("n2", rl({{"cpu", "2"}}))};
  cluster.pods = {bound("a", "n1"), bound("b", "n1"), bound("new", "")};
  const FeatureGates gates;
  Snapshot snapshot(cluster, gates);
  CHECK(snapshot.node_position("n2") == 1);
  CHECK(snapshot.node_position("nowhere") == 2);
  const uint64_t layout = snapshot.layout_generation();
  const PodInfo* a = snapshot.find_node("n1")->pods()[0];
  REQUIRE(snapshot.take_off_node(a));
  const PodInfo* assumed = snapshot.assume(*snapshot.pending_pods()[0], "n2", gates);
  REQUIRE(snapshot.pod_changes().size() == 2);
  CHECK(snapshot.pod_changes()[0].pod == a);
  CHECK(snapshot.pod_changes()[0].delta == -1);
  CHECK(snapshot.pod_changes()[1].pod == assumed);
  CHECK(snapshot.pod_changes()[1].delta == 1);
  // Undone changes leave nothing; a cordon keeps the labels, so the layout stays.
  REQUIRE(snapshot.forget(assumed));
  REQUIRE(snapshot.put_back(a));
  CHECK(snapshot.pod_changes().empty());
  Node cordoned = cluster.nodes[0];
  cordoned.spec.unschedulable = true;
  REQUIRE(snapshot.update_node(cordoned));
  CHECK(snapshot.layout_generation() == layout);
  Node relabelled = cluster.nodes[1];
  relabelled.metadata.labels.set("zone", "z1");
  REQUIRE(snapshot.update_node(relabelled));
  CHECK(snapshot.layout_generation() != layout);
}

}  // namespace
}  // namespace podfit
