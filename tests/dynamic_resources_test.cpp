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
