// What-if changes to the cluster state: --add-node, --remove-node, --cordon.
#include <doctest/doctest.h>

#include <string>

#include "podfit/what_if/what_if.h"

namespace podfit {
namespace {

Node node(std::string name) {
  Node n;
  n.metadata.name = std::move(name);
  return n;
}

Pod bound_pod(std::string name, std::string node_name) {
  Pod p;
  p.metadata.name = std::move(name);
  p.metadata.namespace_ = "default";
  p.spec.node_name = std::move(node_name);
  return p;
}

ClusterState cluster() {
  ClusterState c;
  c.nodes = {node("a"), node("b")};
  c.pods = {bound_pod("on-a", "a"), bound_pod("on-b", "b"), bound_pod("pending", ""), bound_pod("on-b-too", "b")};
  CSINode csi;
  csi.metadata.name = "b";
  c.csi_nodes.push_back(csi);
  return c;
}

TEST_CASE("--add-node adds the node as it is, after the others") {
  ClusterState c = cluster();
  WhatIfChanges changes;
  Node added = node("c");
  added.metadata.labels.set("pool", "big");
  changes.added_nodes.push_back(added);
  WhatIfSummary summary;
  REQUIRE_FALSE(apply_what_if(c, changes, summary).has_value());
  REQUIRE(c.nodes.size() == 3);
  CHECK(c.nodes[2].metadata.name == "c");
  CHECK(*c.nodes[2].metadata.labels.find("pool") == "big");
  CHECK(summary.added_nodes == std::vector<std::string>{"c"});
  CHECK(describe_what_if(summary) == "podfit: what-if: added node c");
}

TEST_CASE("--remove-node takes the node, its pods and its CSINode away") {
  ClusterState c = cluster();
  WhatIfChanges changes;
  changes.removed_nodes = {"b"};
  WhatIfSummary summary;
  REQUIRE_FALSE(apply_what_if(c, changes, summary).has_value());
  REQUIRE(c.nodes.size() == 1);
  CHECK(c.nodes[0].metadata.name == "a");
  REQUIRE(c.pods.size() == 2);
  CHECK(c.pods[0].metadata.name == "on-a");
  CHECK(c.pods[1].metadata.name == "pending");
  CHECK(c.csi_nodes.empty());
  CHECK(summary.removed_pods == 2);
  CHECK(describe_what_if(summary) == "podfit: what-if: removed node b and 2 pods bound to it");
}

TEST_CASE("--cordon sets spec.unschedulable and nothing else") {
  ClusterState c = cluster();
  WhatIfChanges changes;
  changes.cordoned_nodes = {"a", "a"};
  WhatIfSummary summary;
  REQUIRE_FALSE(apply_what_if(c, changes, summary).has_value());
  CHECK(c.nodes[0].spec.unschedulable);
  CHECK_FALSE(c.nodes[1].spec.unschedulable);
  CHECK(c.pods.size() == 4);
  CHECK(summary.cordoned_nodes == std::vector<std::string>{"a"});
}

TEST_CASE("all three together are reported in one line") {
  ClusterState c = cluster();
  WhatIfChanges changes;
  changes.added_nodes = {node("c"), node("d")};
  changes.removed_nodes = {"a"};
  changes.cordoned_nodes = {"b", "c"};
  WhatIfSummary summary;
  REQUIRE_FALSE(apply_what_if(c, changes, summary).has_value());
  CHECK(describe_what_if(summary) ==
        "podfit: what-if: added nodes c, d; removed node a and 1 pod bound to it; cordoned nodes b, c");
}

TEST_CASE("bad what-if changes are refused and change nothing") {
  struct Case {
    const char* name;
    WhatIfChanges changes;
    std::string error;
  };
  WhatIfChanges existing;
  existing.added_nodes = {node("a")};
  WhatIfChanges twice;
  twice.added_nodes = {node("c"), node("c")};
  WhatIfChanges unknown_removed;
  unknown_removed.removed_nodes = {"zz"};
  WhatIfChanges unknown_cordoned;
  unknown_cordoned.added_nodes = {node("c")};
  unknown_cordoned.cordoned_nodes = {"zz"};
  WhatIfChanges removed_and_cordoned;
  removed_and_cordoned.removed_nodes = {"a"};
  removed_and_cordoned.cordoned_nodes = {"a"};
  const Case cases[] = {
      {"an existing node name", existing, "--add-node: node \"a\" already exists in the cluster state"},
      {"a node added twice", twice, "--add-node: node \"c\" is added twice"},
      {"an unknown node to remove", unknown_removed, "--remove-node: node \"zz\" is not in the cluster state"},
      {"an unknown node to cordon", unknown_cordoned, "--cordon: node \"zz\" is not in the cluster state"},
      {"a removed node to cordon", removed_and_cordoned, "--cordon: node \"a\" is removed by --remove-node"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      ClusterState state = cluster();
      WhatIfSummary summary;
      const auto error = apply_what_if(state, c.changes, summary);
      REQUIRE(error.has_value());
      CHECK(*error == c.error);
      CHECK(state.nodes.size() == 2);
      CHECK(state.pods.size() == 4);
      CHECK(summary.empty());
    }
  }
}

}  // namespace
}  // namespace podfit
