// Which --pod pods are left out as bound, and what podfit says when a namespace has no pending pods.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/cli/pending_pods.h"

namespace podfit {
namespace {

Candidate candidate(const std::string& name, const std::string& node = "") {
  Candidate c;
  c.pod.metadata.namespace_ = "shop";
  c.pod.metadata.name = name;
  c.pod.spec.node_name = node;
  return c;
}

Pod pod_in(const std::string& namespace_, const std::string& node) {
  Pod p;
  p.metadata.namespace_ = namespace_;
  p.metadata.name = "p";
  p.spec.node_name = node;
  return p;
}

TEST_CASE("pending --pod pods are all kept, with nothing said") {
  std::vector<Candidate> candidates = {candidate("a"), candidate("b")};
  CHECK(leave_out_bound_candidates(candidates).empty());
  CHECK(candidates.size() == 2);
}

TEST_CASE("bound --pod pods are left out, named, and the pending ones kept in order") {
  std::vector<Candidate> candidates = {candidate("a", "n1"), candidate("b"), candidate("c", "n2"), candidate("d", "n1"),
                                       candidate("e", "n3"), candidate("f")};
  const std::string notice = leave_out_bound_candidates(candidates);
  CHECK(notice ==
        "podfit: --pod: 4 of 6 pods are bound to nodes already (shop/a on n1, shop/c on n2, shop/d on n1 and 1 more): "
        "left out, as kube-scheduler schedules pending pods only");
  REQUIRE(candidates.size() == 2);
  CHECK(candidates[0].pod.metadata.name == "b");
  CHECK(candidates[1].pod.metadata.name == "f");
}

TEST_CASE("one bound --pod pod among others is worded in the singular") {
  std::vector<Candidate> candidates = {candidate("a", "n1"), candidate("b")};
  CHECK(leave_out_bound_candidates(candidates) ==
        "podfit: --pod: 1 of 2 pods is bound to a node already (shop/a on n1): left out, as kube-scheduler schedules "
        "pending pods only");
}

TEST_CASE("every --pod pod bound: nothing is left") {
  std::vector<Candidate> one = {candidate("a", "n1")};
  CHECK(leave_out_bound_candidates(one) ==
        "podfit: --pod: the pod is bound to a node already (shop/a on n1): kube-scheduler schedules pending pods only, "
        "so nothing is left to schedule");
  CHECK(one.empty());
  std::vector<Candidate> two = {candidate("a", "n1"), candidate("b", "n2")};
  CHECK(leave_out_bound_candidates(two) ==
        "podfit: --pod: all 2 pods are bound to nodes already (shop/a on n1, shop/b on n2): kube-scheduler schedules "
        "pending pods only, so nothing is left to schedule");
}

TEST_CASE("no pending pods without -n: the cluster state as a whole") {
  CHECK(no_pending_pods_notice(ClusterState{}, "", "use --pod to check a pod") ==
        "podfit: no pending pods in the cluster state; use --pod to check a pod");
}

TEST_CASE("no pending pods in a namespace the cluster state does not have") {
  ClusterState cluster;
  cluster.pods.push_back(pod_in("shop", "n1"));
  CHECK(no_pending_pods_notice(cluster, "shpo", "use --pod to check a pod") ==
        "podfit: no pending pods in namespace \"shpo\" (the cluster state has no such namespace); use --pod to check a pod");
}

TEST_CASE("a namespace exists by its Namespace object or by any object in it") {
  ClusterState declared;
  declared.namespaces.emplace_back().metadata.name = "shop";
  CHECK(no_pending_pods_notice(declared, "shop", "use --pod to place a pod") ==
        "podfit: no pending pods in namespace \"shop\" (it exists and has no pods); use --pod to place a pod");
  ClusterState with_claim;
  with_claim.persistent_volume_claims.emplace_back().metadata.namespace_ = "shop";
  CHECK(no_pending_pods_notice(with_claim, "shop", "x").find("(it exists and has no pods)") != std::string::npos);
}

TEST_CASE("a namespace whose pods are all bound says how many") {
  ClusterState cluster;
  cluster.pods.push_back(pod_in("shop", "n1"));
  CHECK(no_pending_pods_notice(cluster, "shop", "x") ==
        "podfit: no pending pods in namespace \"shop\" (it exists; its one pod is bound to a node); x");
  cluster.pods.push_back(pod_in("shop", "n2"));
  cluster.pods.push_back(pod_in("other", "n2"));
  CHECK(no_pending_pods_notice(cluster, "shop", "x") ==
        "podfit: no pending pods in namespace \"shop\" (it exists; its 2 pods are all bound to nodes); x");
}

}  // namespace
}  // namespace podfit
