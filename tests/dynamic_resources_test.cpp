// DynamicResources: skipped without claims, reported as not evaluated with them.
#include <doctest/doctest.h>

#include "builders.h"
#include "podfit/framework/framework.h"
#include "podfit/plugins/dynamic_resources.h"
#include "podfit/snapshot/snapshot.h"

using namespace podfit;

TEST_CASE("DynamicResources: a pod without resource claims is skipped, as kube-scheduler's PreFilter does") {
  FeatureGates gates;
  DynamicResources plugin(gates);
  Pod pod;
  pod.metadata.name = "p";
  pod.spec.containers.emplace_back().name = "c";
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  CHECK_FALSE(plugin.cannot_evaluate(pod, snapshot).has_value());
  PodInfo info(pod, gates);
  CycleState state;
  PreFilterResult result;
  CHECK(plugin.pre_filter(state, info, snapshot, result).code() == Code::Skip);
}

TEST_CASE("DynamicResources: a pod with resource claims is not evaluated, and the framework says so") {
  FeatureGates gates;
  PluginContext context;
  Pod pod;
  pod.metadata.name = "gpu-job";
  pod.metadata.namespace_ = "ml";
  pod.spec.containers.emplace_back().name = "c";
  pod.spec.resource_claims.push_back(PodResourceClaim{"gpu", std::string("gpu-claim"), std::nullopt});
  DynamicResources plugin(gates);

  ClusterState cluster;
  Node& node = cluster.nodes.emplace_back();
  node.metadata.name = "n1";
  node.status.allocatable.set("pods", *Quantity::parse("10"));
  Snapshot snapshot(cluster, gates);
  REQUIRE(plugin.cannot_evaluate(pod, snapshot).has_value());
  Framework framework({"DynamicResources", "NodeResourcesFit"}, context);
  PodInfo info(pod, gates);
  CycleState state;
  FilterOutcome outcome = framework.run(snapshot, info, false, state);
  REQUIRE(outcome.not_evaluated.size() == 1);
  CHECK(outcome.not_evaluated[0].first == "DynamicResources");
  CHECK(outcome.skipped_plugins.contains("DynamicResources"));
  CHECK(outcome.feasible_count() == 1);
}

TEST_CASE("DynamicResources: a pod requesting an extended resource a DeviceClass provides is not evaluated") {
  FeatureGates gates;
  DynamicResources plugin(gates);
  ClusterState cluster;
  DeviceClass& dc = cluster.device_classes.emplace_back();
  dc.metadata.name = "gpu.example.com";
  dc.extended_resource_name = "example.com/gpu";
  Snapshot snapshot(cluster, gates);
  Pod pod;
  pod.metadata.name = "p";
  Container& c = pod.spec.containers.emplace_back();
  c.name = "c";
  c.resources.requests.emplace().set("example.com/gpu", *Quantity::parse("1"));
  auto why = plugin.cannot_evaluate(pod, snapshot);
  REQUIRE(why.has_value());
  CHECK(*why ==
        "the pod requests example.com/gpu, which DeviceClass gpu.example.com provides through DRA on nodes that do "
        "not advertise it, and podfit does not allocate devices yet");
  // The implicit name of the class counts too; another resource does not.
  c.resources.requests->set("deviceclass.resource.kubernetes.io/gpu.example.com", *Quantity::parse("1"));
  CHECK(plugin.cannot_evaluate(pod, snapshot).has_value());
  Pod other;
  other.spec.containers.emplace_back().resources.requests.emplace().set("example.com/fpga", *Quantity::parse("1"));
  CHECK_FALSE(plugin.cannot_evaluate(other, snapshot).has_value());
  gates.dra_extended_resource = false;
  CHECK_FALSE(DynamicResources(gates).cannot_evaluate(pod, snapshot).has_value());
}
