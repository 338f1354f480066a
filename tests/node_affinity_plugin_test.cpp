// NodeAffinity plugin: kube-scheduler's node_affinity_test.go (TestNodeAffinity,
// TestNodeAffinity_DeferredResizeSkipped) plus podfit's details and args validation.
#include <doctest/doctest.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/cycle_state.h"
#include "podfit/framework/status.h"
#include "podfit/model/cluster.h"
#include "podfit/plugins/node_affinity/node_affinity.h"
#include "podfit/snapshot/node_info.h"
#include "podfit/snapshot/pod_info.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

using NodeNames = std::optional<std::set<std::string>>;

NodeSelectorRequirement req(std::string key, std::string op, std::vector<std::string> values = {}) {
  return NodeSelectorRequirement{std::move(key), std::move(op), std::move(values)};
}

NodeSelectorTerm exprs(std::vector<NodeSelectorRequirement> match_expressions) {
  return NodeSelectorTerm{std::move(match_expressions), {}};
}

NodeSelectorTerm fields(std::vector<NodeSelectorRequirement> match_fields) {
  return NodeSelectorTerm{{}, std::move(match_fields)};
}

NodeSelectorTerm exprs_and_fields(std::vector<NodeSelectorRequirement> match_expressions,
                                  std::vector<NodeSelectorRequirement> match_fields) {
  return NodeSelectorTerm{std::move(match_expressions), std::move(match_fields)};
}

NodeSelectorRequirement name_in(std::string node) { return req("metadata.name", "In", {std::move(node)}); }

// st.MakePod().NodeSelector(...) with the whole map at once.
Pod pod_selecting(const StringMap& node_selector) {
  testing::PodBuilder pod("p");
  for (const auto& [key, value] : node_selector) pod.node_selector(key, value);
  return pod;
}

// A pod with these required terms (and optionally a nodeSelector).
Pod pod_requiring(std::vector<NodeSelectorTerm> terms, const StringMap& node_selector = {}) {
  testing::PodBuilder pod("p");
  for (const auto& [key, value] : node_selector) pod.node_selector(key, value);
  return pod.required_node_affinity(NodeSelector{std::move(terms)});
}

NodeAffinityArgs added_required(std::vector<NodeSelectorTerm> terms) {
  NodeAffinityArgs args;
  args.added_affinity.emplace();
  args.added_affinity->required = NodeSelector{std::move(terms)};
  return args;
}

Node node_named(std::string name, const StringMap& labels = {}) {
  testing::NodeBuilder node(std::move(name));
  for (const auto& [key, value] : labels) node.label(key, value);
  return node;
}

// Lists compared as one string, so that a mismatch prints both sides.
std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += "<" + line + ">";
  return out;
}

Status unresolvable(std::string_view reason) { return Status(Code::UnschedulableAndUnresolvable, std::string(reason)); }

const std::string kInvalidValueDetail =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must "
    "start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for "
    "validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

const std::string kInvalidKeyDetail =
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
    "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

// What one PreFilter + Filter run produced.
struct Outcome {
  Status pre_filter;
  PreFilterResult pre_filter_result;
  Status filter;
};

Outcome run(const NodeAffinityPlugin& plugin, const Pod& pod, const Node& node, bool run_pre_filter) {
  const FeatureGates gates;
  const ClusterState cluster;
  const Snapshot snapshot(cluster, gates);
  const PodInfo pod_info(pod, gates);
  const NodeInfo node_info(&node);
  CycleState state;
  Outcome out;
  if (run_pre_filter) out.pre_filter = plugin.pre_filter(state, pod_info, snapshot, out.pre_filter_result);
  out.filter = plugin.filter(state, pod_info, node_info);
  return out;
}

TEST_CASE("NodeAffinity plugin: PreFilter and Filter (TestNodeAffinity)") {
  struct Case {
    std::string name = {};
    Pod pod = {};
    StringMap labels = {};
    std::string node_name = {};
    Status want_status = {};                     // Filter
    std::vector<std::string> want_details = {};  // Filter details (podfit)
    Status want_pre_filter_status = {};
    NodeNames want_pre_filter_result = {};
    NodeAffinityArgs args = {};
    bool run_pre_filter = true;
  };
  const std::vector<Case> cases = {
      {.name = "missing labels",
       .pod = pod_selecting({{"foo", "bar"}}),
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"nodeSelector foo=bar: node has no label foo"}},
      {.name = "same labels", .pod = pod_selecting({{"foo", "bar"}}), .labels = {{"foo", "bar"}}},
      {.name = "node labels are superset",
       .pod = pod_selecting({{"foo", "bar"}}),
       .labels = {{"foo", "bar"}, {"baz", "blah"}}},
      {.name = "node labels are subset",
       .pod = pod_selecting({{"foo", "bar"}, {"baz", "blah"}}),
       .labels = {{"foo", "bar"}},
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"nodeSelector baz=blah: node has no label baz"}},
      {.name = "Pod with matchExpressions using In operator that matches the existing node",
       .pod = pod_requiring({exprs({req("foo", "In", {"bar", "value2"})})}),
       .labels = {{"foo", "bar"}}},
      {.name = "Pod with matchExpressions using Gt operator that matches the existing node",
       .pod = pod_requiring({exprs({req("kernel-version", "Gt", {"0204"})})}),
       .labels = {{"kernel-version", "0206"}}},
      {.name = "Pod with matchExpressions using NotIn operator that matches the existing node",
       .pod = pod_requiring({exprs({req("mem-type", "NotIn", {"DDR", "DDR2"})})}),
       .labels = {{"mem-type", "DDR3"}}},
      {.name = "Pod with matchExpressions using Exists operator that matches the existing node",
       .pod = pod_requiring({exprs({req("GPU", "Exists")})}),
       .labels = {{"GPU", "NVIDIA-GRID-K1"}}},
      {.name = "Pod with affinity that don't match node's labels won't schedule onto the node",
       .pod = pod_requiring({exprs({req("foo", "In", {"value1", "value2"})})}),
       .labels = {{"foo", "bar"}},
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"no nodeSelectorTerm matches: term 0: foo In [value1, value2]: node has foo=bar"}},
      {.name = "Pod with empty MatchExpressions is not a valid value will match no objects and won't schedule onto "
               "the node",
       .pod = pod_requiring({exprs({})}),
       .labels = {{"foo", "bar"}},
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"no nodeSelectorTerm matches: term 0: empty term matches no node"}},
      {.name = "Pod with no Affinity will schedule onto a node",
       .pod = Pod{},
       .labels = {{"foo", "bar"}},
       .want_pre_filter_status = Status(Code::Skip)},
      {.name = "Pod with Affinity but nil NodeSelector will schedule onto a node",
       .pod =
           [] {
             Pod pod;
             pod.spec.affinity.emplace();
             pod.spec.affinity->node_affinity.emplace();  // required stays nil
             return pod;
           }(),
       .labels = {{"foo", "bar"}},
       .want_pre_filter_status = Status(Code::Skip)},
      {.name = "Pod with multiple matchExpressions ANDed that matches the existing node",
       .pod = pod_requiring({exprs({req("GPU", "Exists"), req("GPU", "NotIn", {"AMD", "INTER"})})}),
       .labels = {{"GPU", "NVIDIA-GRID-K1"}}},
      {.name = "Pod with multiple matchExpressions ANDed that doesn't match the existing node",
       .pod = pod_requiring({exprs({req("GPU", "Exists"), req("GPU", "In", {"AMD", "INTER"})})}),
       .labels = {{"GPU", "NVIDIA-GRID-K1"}},
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"no nodeSelectorTerm matches: term 0: GPU In [AMD, INTER]: node has GPU=NVIDIA-GRID-K1"}},
      {.name = "Pod with multiple NodeSelectorTerms ORed in affinity, matches the node's labels and will schedule "
               "onto the node",
       .pod = pod_requiring(
           {exprs({req("foo", "In", {"bar", "value2"})}), exprs({req("diffkey", "In", {"wrong", "value2"})})}),
       .labels = {{"foo", "bar"}}},
      {.name = "Pod with an Affinity and a PodSpec.NodeSelector(the old thing that we are deprecating) both are "
               "satisfied, will schedule onto the node",
       .pod = pod_requiring({exprs({req("foo", "Exists")})}, {{"foo", "bar"}}),
       .labels = {{"foo", "bar"}}},
      {.name = "Pod with an Affinity matches node's labels but the PodSpec.NodeSelector(the old thing that we are "
               "deprecating) is not satisfied, won't schedule onto the node",
       .pod = pod_requiring({exprs({req("foo", "Exists")})}, {{"foo", "bar"}}),
       .labels = {{"foo", "barrrrrr"}},
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"nodeSelector foo=bar: node has foo=barrrrrr"}},
      {.name = "Pod with an invalid value in Affinity term won't be scheduled onto the node",
       .pod = pod_requiring({exprs({req("foo", "NotIn", {"invalid value: ___@#$%^"})})}),
       .labels = {{"foo", "bar"}},
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"no nodeSelectorTerm matches: term 0: foo NotIn [invalid value: ___@#$%^]: invalid: "
                        "values[0][foo]: Invalid value: \"invalid value: ___@#$%^\": " +
                        kInvalidValueDetail}},
      {.name = "Pod with matchFields using In operator that matches the existing node",
       .pod = pod_requiring({fields({name_in("node1")})}),
       .node_name = "node1",
       .want_pre_filter_result = std::set<std::string>{"node1"}},
      {.name = "Pod with matchFields using In operator that does not match the existing node",
       .pod = pod_requiring({fields({name_in("node1")})}),
       .node_name = "node2",
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"no nodeSelectorTerm matches: term 0: metadata.name In [node1]: node name is node2"},
       .want_pre_filter_result = std::set<std::string>{"node1"}},
      {.name = "Pod with two terms: matchFields does not match, but matchExpressions matches",
       .pod = pod_requiring({fields({name_in("node1"), name_in("node2")}), exprs({req("foo", "In", {"bar"})})}),
       .labels = {{"foo", "bar"}},
       .node_name = "node2"},
      {.name = "Pod with one term: matchFields does not match, but matchExpressions matches",
       .pod = pod_requiring({exprs_and_fields({req("foo", "In", {"bar"})}, {name_in("node1")})}),
       .labels = {{"foo", "bar"}},
       .node_name = "node2",
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"no nodeSelectorTerm matches: term 0: metadata.name In [node1]: node name is node2"},
       .want_pre_filter_result = std::set<std::string>{"node1"}},
      {.name = "Pod with one term: both matchFields and matchExpressions match",
       .pod = pod_requiring({exprs_and_fields({req("foo", "In", {"bar"})}, {name_in("node1")})}),
       .labels = {{"foo", "bar"}},
       .node_name = "node1",
       .want_pre_filter_result = std::set<std::string>{"node1"}},
      {.name = "Pod with two terms: both matchFields and matchExpressions do not match",
       .pod = pod_requiring({fields({name_in("node1")}), exprs({req("foo", "In", {"not-match-to-bar"})})}),
       .labels = {{"foo", "bar"}},
       .node_name = "node2",
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"no nodeSelectorTerm matches: term 0: metadata.name In [node1]: node name is node2; "
                        "term 1: foo In [not-match-to-bar]: node has foo=bar"}},
      {.name = "Pod with two terms of node.Name affinity",
       .pod = pod_requiring({fields({name_in("node1")}), fields({name_in("node2")})}),
       .node_name = "node2",
       .want_pre_filter_result = std::set<std::string>{"node1", "node2"}},
      {.name = "Pod with two conflicting mach field requirements",
       .pod = pod_requiring({fields({name_in("node1"), name_in("node2")})}),
       .labels = {{"foo", "bar"}},
       .node_name = "node2",
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"no nodeSelectorTerm matches: term 0: metadata.name In [node1]: node name is node2"},
       .want_pre_filter_status = unresolvable(kNodeAffinityReasonConflict)},
      {.name = "Matches added affinity and Pod's node affinity",
       .pod = pod_requiring({exprs({req("zone", "In", {"foo"})})}),
       .labels = {{"zone", "foo"}},
       .node_name = "node2",
       .args = added_required({fields({name_in("node2")})})},
      {.name = "Matches added affinity but not Pod's node affinity",
       .pod = pod_requiring({exprs({req("zone", "In", {"bar"})})}),
       .labels = {{"zone", "foo"}},
       .node_name = "node2",
       .want_status = unresolvable(kNodeAffinityReasonPod),
       .want_details = {"no nodeSelectorTerm matches: term 0: zone In [bar]: node has zone=foo"},
       .args = added_required({fields({name_in("node2")})})},
      {.name = "Doesn't match added affinity",
       .pod = Pod{},
       .labels = {{"zone", "foo"}},
       .node_name = "node2",
       .want_status = unresolvable(kNodeAffinityReasonEnforced),
       .want_details = {"addedAffinity: no nodeSelectorTerm matches: term 0: zone In [bar]: node has zone=foo"},
       .args = added_required({exprs({req("zone", "In", {"bar"})})})},
      {.name = "Matches node selector correctly even if PreFilter is not called",
       .pod = pod_selecting({{"foo", "bar"}}),
       .labels = {{"foo", "bar"}, {"baz", "blah"}},
       .run_pre_filter = false},
      {.name = "Matches node affinity correctly even if PreFilter is not called",
       .pod = pod_requiring({exprs({req("GPU", "Exists"), req("GPU", "NotIn", {"AMD", "INTER"})})}),
       .labels = {{"GPU", "NVIDIA-GRID-K1"}},
       .run_pre_filter = false},
  };
  CHECK(cases.size() == 31);
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      std::string error;
      auto plugin = NodeAffinityPlugin::create(c.args, FeatureGates{}, &error);
      REQUIRE_MESSAGE(plugin != nullptr, error);
      const Node node = node_named(c.node_name, c.labels);
      const Outcome out = run(*plugin, c.pod, node, c.run_pre_filter);
      if (c.run_pre_filter) {
        CHECK(code_name(out.pre_filter.code()) == code_name(c.want_pre_filter_status.code()));
        CHECK(out.pre_filter.reasons() == c.want_pre_filter_status.reasons());
        CHECK(out.pre_filter_result.node_names == c.want_pre_filter_result);
      }
      CHECK(code_name(out.filter.code()) == code_name(c.want_status.code()));
      CHECK(out.filter.reasons() == c.want_status.reasons());
      CHECK(joined(out.filter.details()) == joined(c.want_details));
    }
  }
}

TEST_CASE("NodeAffinity plugin: a pod with a deferred resize is skipped (TestNodeAffinity_DeferredResizeSkipped)") {
  const Pod pod = testing::PodBuilder("p")
                      .uid("p")
                      .node_selector("never", "matches")
                      .condition(PodCondition{"PodResizePending", "True", "Deferred", ""});
  const Node node = node_named("node1");

  FeatureGates gates;
  gates.in_place_pod_vertical_scaling_scheduler_preemption = true;
  const Outcome on = run(NodeAffinityPlugin(NodeAffinityArgs{}, gates), pod, node, true);
  CHECK(on.pre_filter.code() == Code::Skip);
  CHECK(on.pre_filter_result.all_nodes());
  CHECK(on.filter.is_success());

  // With the gate at its default (off) the pod is filtered as any other.
  const Outcome off = run(NodeAffinityPlugin(), pod, node, true);
  CHECK(off.pre_filter.is_success());
  CHECK(off.filter.code() == Code::UnschedulableAndUnresolvable);
}

TEST_CASE("NodeAffinity plugin: PreFilter narrows nodes only when every term names them") {
  struct Case {
    std::string name;
    std::vector<NodeSelectorTerm> terms;
    Status want_status;
    NodeNames want_names;
    std::vector<std::string> want_details;
  };
  const std::vector<Case> cases = {
      {"one name", {fields({name_in("a")})}, {}, std::set<std::string>{"a"}, {}},
      {"several values of one requirement",
       {fields({req("metadata.name", "In", {"a", "b"})})},
       {},
       std::set<std::string>{"a", "b"},
       {}},
      {"requirements of a term intersect",
       {fields({req("metadata.name", "In", {"a", "b"}), req("metadata.name", "In", {"b", "c"})})},
       {},
       std::set<std::string>{"b"},
       {}},
      {"terms are unioned", {fields({name_in("a")}), fields({name_in("b")}), fields({name_in("a")})}, {},
       std::set<std::string>{"a", "b"}, {}},
      {"a later term without names leaves all nodes",
       {fields({name_in("a")}), exprs({req("zone", "In", {"z"})})},
       {},
       std::nullopt,
       {}},
      {"NotIn does not name nodes", {fields({req("metadata.name", "NotIn", {"a"})})}, {}, std::nullopt, {}},
      {"other fields do not name nodes", {fields({req("metadata.uid", "In", {"a"})})}, {}, std::nullopt, {}},
      {"a conflicting term is dropped when another names nodes",
       {fields({name_in("a"), name_in("b")}), fields({name_in("c")})},
       {},
       std::set<std::string>{"c"},
       {}},
      {"every term conflicts",
       {fields({name_in("a"), name_in("b")}), fields({name_in("c"), req("metadata.name", "In", {"d", "e"})})},
       unresolvable(kNodeAffinityReasonConflict),
       std::nullopt,
       {"term 0: metadata.name In [a] and In [b] share no node name",
        "term 1: metadata.name In [c] and In [d, e] share no node name"}},
      {"In without values names no node",
       {fields({req("metadata.name", "In", {})})},
       unresolvable(kNodeAffinityReasonConflict),
       std::nullopt,
       {"term 0: metadata.name In [] names no node"}},
      {"no terms at all", {}, {}, std::nullopt, {}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const Pod pod = pod_requiring(c.terms);
      const Outcome out = run(NodeAffinityPlugin(), pod, node_named("a"), true);
      CHECK(code_name(out.pre_filter.code()) == code_name(c.want_status.code()));
      CHECK(out.pre_filter.reasons() == c.want_status.reasons());
      CHECK(joined(out.pre_filter.details()) == joined(c.want_details));
      CHECK(out.pre_filter_result.node_names == c.want_names);
    }
  }
}

TEST_CASE("NodeAffinity plugin: PreFilter state") {
  const NodeAffinityPlugin plugin;
  const FeatureGates gates;
  const ClusterState cluster;
  const Snapshot snapshot(cluster, gates);

  SUBCASE("written under PreFilterNodeAffinity, cloned with the cycle, read by Filter") {
    const Pod pod = pod_selecting({{"disktype", "ssd"}});
    const PodInfo pod_info(pod, gates);
    CycleState state;
    PreFilterResult result;
    REQUIRE(plugin.pre_filter(state, pod_info, snapshot, result).is_success());
    CHECK(state.read<StateData>(kNodeAffinityPreFilterStateKey) != nullptr);
    const CycleState copy = state.clone();
    const Node ssd = node_named("n1", {{"disktype", "ssd"}});
    const Node hdd = node_named("n2", {{"disktype", "hdd"}});
    CHECK(plugin.filter(copy, pod_info, NodeInfo(&ssd)).is_success());
    const Status status = plugin.filter(copy, pod_info, NodeInfo(&hdd));
    CHECK(status.code() == Code::UnschedulableAndUnresolvable);
    CHECK(status.details() == std::vector<std::string>{"nodeSelector disktype=ssd: node has disktype=hdd"});
  }

  SUBCASE("not written when PreFilter skips; Filter still passes") {
    const Pod pod;
    const PodInfo pod_info(pod, gates);
    CycleState state;
    PreFilterResult result;
    CHECK(plugin.pre_filter(state, pod_info, snapshot, result).is_skip());
    CHECK(state.read<StateData>(kNodeAffinityPreFilterStateKey) == nullptr);
    const Node node = node_named("n1");
    CHECK(plugin.filter(state, pod_info, NodeInfo(&node)).is_success());
  }

  SUBCASE("written and not skipped when only the profile adds affinity") {
    const auto with_added = NodeAffinityPlugin(added_required({exprs({req("zone", "Exists")})}));
    const Pod pod;
    const PodInfo pod_info(pod, gates);
    CycleState state;
    PreFilterResult result;
    CHECK(with_added.pre_filter(state, pod_info, snapshot, result).is_success());
    CHECK(result.all_nodes());
    CHECK(state.read<StateData>(kNodeAffinityPreFilterStateKey) != nullptr);
  }

  SUBCASE("PreFilter leaves an all-nodes result when nothing narrows") {
    const Pod pod = pod_selecting({{"a", "b"}});
    const PodInfo pod_info(pod, gates);
    CycleState state;
    PreFilterResult result;
    result.node_names = std::set<std::string>{"stale"};
    CHECK(plugin.pre_filter(state, pod_info, snapshot, result).is_success());
    CHECK(result.all_nodes());
  }
}

TEST_CASE("NodeAffinity plugin: Filter details") {
  struct Case {
    std::string name;
    Pod pod;
    Node node;
    std::vector<std::string> want_details;
  };
  const std::vector<Case> cases = {
      {"every unmet nodeSelector entry, and the required terms as well",
       pod_requiring({exprs({req("zone", "In", {"a", "b"})})}, {{"disktype", "ssd"}, {"gpu", "true"}, {"os", "linux"}}),
       node_named("n", {{"disktype", "hdd"}, {"os", "linux"}, {"zone", "c"}}),
       {"nodeSelector disktype=ssd: node has disktype=hdd", "nodeSelector gpu=true: node has no label gpu",
        "no nodeSelectorTerm matches: term 0: zone In [a, b]: node has zone=c"}},
      {"Exists, DoesNotExist, Gt and Lt",
       pod_requiring({exprs({req("gpu", "Exists")}), exprs({req("spot", "DoesNotExist")}),
                      exprs({req("cores", "Gt", {"8"})}), exprs({req("cores", "Lt", {"2"})})}),
       node_named("n", {{"cores", "4"}, {"spot", "true"}}),
       {"no nodeSelectorTerm matches: term 0: gpu Exists: node has no label gpu; term 1: spot DoesNotExist: node "
        "has spot=true; term 2: cores Gt 8: node has cores=4; term 3: cores Lt 2: node has cores=4"}},
      {"the first failing requirement of each term, expressions before fields",
       pod_requiring({exprs_and_fields({req("a", "Exists"), req("b", "Exists")}, {name_in("other")}),
                      exprs_and_fields({req("a", "Exists")}, {name_in("other")})}),
       node_named("n", {{"a", "1"}}),
       {"no nodeSelectorTerm matches: term 0: b Exists: node has no label b; term 1: metadata.name In [other]: "
        "node name is n"}},
      {"an invalid requirement is blamed even after a failing one",
       pod_requiring({exprs({req("zone", "In", {"z"}), req("bad key", "Exists")}),
                      fields({req("metadata.name", "In", {"a", "b"})}), fields({req("metadata.name", "Exists")})}),
       node_named("n"),
       {"no nodeSelectorTerm matches: term 0: bad key Exists: invalid: key: Invalid value: \"bad key\": " +
        kInvalidKeyDetail +
        "; term 1: metadata.name In [a, b]: invalid: values: Invalid value: [\"a\",\"b\"]: must have one element; "
        "term 2: metadata.name Exists: invalid: operator: Unsupported value: \"Exists\": supported values: \"In\", "
        "\"NotIn\""}},
      {"empty terms keep their index",
       pod_requiring({NodeSelectorTerm{}, exprs({req("zone", "In", {"z"})})}),
       node_named("n"),
       {"no nodeSelectorTerm matches: term 0: empty term matches no node; term 1: zone In [z]: node has no label "
        "zone"}},
      {"a required selector without terms", pod_requiring({}), node_named("n"),
       {"no nodeSelectorTerm matches: nodeSelectorTerms is empty"}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const Outcome out = run(NodeAffinityPlugin(), c.pod, c.node, true);
      CHECK(out.filter.code() == Code::UnschedulableAndUnresolvable);
      CHECK(out.filter.reasons() == std::vector<std::string>{std::string(kNodeAffinityReasonPod)});
      CHECK(joined(out.filter.details()) == joined(c.want_details));
    }
  }
}

TEST_CASE("NodeAffinity plugin: addedAffinity is checked first and matchFields skip nameless nodes") {
  const NodeAffinityPlugin plugin(added_required({exprs({req("pool", "In", {"batch"})}), fields({name_in("n9")})}));
  const Pod pod = pod_selecting({{"disktype", "ssd"}});

  const Outcome rejected = run(plugin, pod, node_named("n1"), true);
  CHECK(rejected.filter.reasons() == std::vector<std::string>{std::string(kNodeAffinityReasonEnforced)});
  CHECK(rejected.filter.details() ==
        std::vector<std::string>{"addedAffinity: no nodeSelectorTerm matches: term 0: pool In [batch]: node has no "
                                 "label pool; term 1: metadata.name In [n9]: node name is n1"});

  const Outcome by_name = run(plugin, pod, node_named("n9", {{"disktype", "ssd"}}), true);
  CHECK(by_name.filter.is_success());

  // component-helpers checks matchFields only when the node has a name.
  const Outcome nameless = run(plugin, pod, node_named("", {{"disktype", "ssd"}}), true);
  CHECK(nameless.filter.is_success());
}

TEST_CASE("NodeAffinity plugin: args validation (ValidateNodeAffinityArgs)") {
  SUBCASE("valid and empty args") {
    CHECK_FALSE(validate_node_affinity_args(NodeAffinityArgs{}).has_value());
    CHECK_FALSE(validate_node_affinity_args(added_required({exprs({req("zone", "In", {"a"})})})).has_value());
  }

  SUBCASE("invalid required terms") {
    const NodeAffinityArgs args = added_required({fields({req("metadata.name", "In", {"a", "b"})})});
    const std::string want =
        "addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].values: "
        "Invalid value: [\"a\",\"b\"]: must have one element";
    CHECK(validate_node_affinity_args(args) == want);
    std::string error;
    CHECK(NodeAffinityPlugin::create(args, FeatureGates{}, &error) == nullptr);
    CHECK(error == want);
  }

  SUBCASE("required and preferred errors are flattened into one list") {
    NodeAffinityArgs args = added_required({exprs({req("bad key", "Exists")}), exprs({req("k", "Gt", {"x"})})});
    args.added_affinity->preferred.push_back(PreferredSchedulingTerm{5, exprs({req("k", "Bogus")})});
    CHECK(validate_node_affinity_args(args) ==
          "[addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0]."
          "key: Invalid value: \"bad key\": " +
              kInvalidKeyDetail +
              ", addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[1]."
              "matchExpressions[0].values[0]: Invalid value: \"x\": for 'Gt', 'Lt' operators, the value must be an "
              "integer, addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].matchExpressions[0]."
              "operator: Unsupported value: \"Bogus\": supported values: \"In\", \"NotIn\", \"Exists\", "
              "\"DoesNotExist\", \"Gt\", \"Lt\"]");
  }
}

TEST_CASE("NodeAffinity plugin: registry factory") {
  const auto plugin = new_node_affinity(PluginContext{});
  REQUIRE(plugin != nullptr);
  CHECK(plugin->name() == "NodeAffinity");
  CHECK(dynamic_cast<const PreFilterPlugin*>(plugin.get()) != nullptr);
  CHECK(dynamic_cast<const FilterPlugin*>(plugin.get()) != nullptr);
}

}  // namespace
}  // namespace podfit
