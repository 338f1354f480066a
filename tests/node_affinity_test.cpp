// Node affinity: component-helpers nodeaffinity_test.go and corev1 helpers_test.go
// (MatchNodeSelectorTerms) cases.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/model/node_affinity.h"

namespace podfit {
namespace {

const std::string kInvalidKeyDetail =
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
    "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

NodeSelectorRequirement requirement(std::string key, std::string op, std::vector<std::string> values = {}) {
  return NodeSelectorRequirement{std::move(key), std::move(op), std::move(values)};
}

NodeSelectorTerm expressions(std::vector<NodeSelectorRequirement> match_expressions) {
  return NodeSelectorTerm{std::move(match_expressions), {}};
}

NodeSelectorTerm fields(std::vector<NodeSelectorRequirement> match_fields) {
  return NodeSelectorTerm{{}, std::move(match_fields)};
}

NodeSelectorTerm both(std::vector<NodeSelectorRequirement> match_expressions,
                      std::vector<NodeSelectorRequirement> match_fields) {
  return NodeSelectorTerm{std::move(match_expressions), std::move(match_fields)};
}

Node make_node(std::string name, StringMap labels = {}) {
  Node node;
  node.metadata.name = std::move(name);
  node.metadata.labels = std::move(labels);
  return node;
}

Pod pod_with(StringMap node_selector, std::optional<NodeSelector> required = std::nullopt) {
  Pod pod;
  pod.spec.node_selector = std::move(node_selector);
  if (required) {
    pod.spec.affinity.emplace();
    pod.spec.affinity->node_affinity.emplace();
    pod.spec.affinity->node_affinity->required = std::move(required);
  }
  return pod;
}

Pod pod_requiring(std::vector<NodeSelectorTerm> terms) { return pod_with({}, NodeSelector{std::move(terms)}); }

TEST_CASE("nodeaffinity: NodeSelector match") {
  struct Case {
    std::string name;
    NodeSelector selector;
    Node node;
    std::optional<std::string> want_error;
    bool want_match = false;
  };
  const std::vector<Case> cases = {
      {"invalid field selector and label selector",
       {{fields({requirement("metadata.name", "In", {"host_1", "host_2"})}),
         both({requirement("label_1", "In", {"label_1_val"})}, {requirement("metadata.name", "In", {"host_1"})}),
         expressions({requirement("invalid key", "In", {"label_value"})})}},
       make_node(""),
       "[nodeSelectorTerms[0].matchFields[0].values: Invalid value: [\"host_1\",\"host_2\"]: must have one "
       "element, nodeSelectorTerms[2].matchExpressions[0].key: Invalid value: \"invalid key\": " +
           kInvalidKeyDetail + "]"},
      {"node matches field selector, but not labels",
       {{both({requirement("label_1", "In", {"label_1_val"})}, {requirement("metadata.name", "In", {"host_1"})})}},
       make_node("host_1"), std::nullopt, false},
      {"node matches field selector and label selector",
       {{both({requirement("label_1", "In", {"label_1_val"})}, {requirement("metadata.name", "In", {"host_1"})})}},
       make_node("host_1", {{"label_1", "label_1_val"}}), std::nullopt, true},
      {"second term matches",
       {{expressions({requirement("label_1", "In", {"label_1_val"})}),
         fields({requirement("metadata.name", "In", {"host_1"})})}},
       make_node("host_1"), std::nullopt, true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      NodeSelectorMatcher matcher(c.selector);
      CHECK(matcher.error() == c.want_error);
      if (!c.want_error) CHECK(matcher.match(c.node) == c.want_match);
    }
  }
}

TEST_CASE("nodeaffinity: lazy errors surface only when no term matches") {
  NodeSelector selector{{expressions({requirement("invalid key", "In", {"v"})}),
                         fields({requirement("metadata.name", "In", {"host_1"})})}};
  NodeSelectorMatcher matcher(selector);
  const std::string want = "nodeSelectorTerms[0].matchExpressions[0].key: Invalid value: \"invalid key\": " +
                           kInvalidKeyDetail;
  CHECK(matcher.error() == want);

  std::string error;
  CHECK(matcher.match(StringMap{}, "host_1", &error));
  CHECK(error.empty());
  CHECK(matcher.matching_term(make_node("host_1")) == 1);

  CHECK_FALSE(matcher.match(StringMap{}, "host_2", &error));
  CHECK(error == want);
  CHECK(matcher.matching_term(make_node("host_2")) == -1);
}

TEST_CASE("nodeaffinity: the error path prefixes fields") {
  NodeSelector selector{{fields({requirement("metadata.name", "Exists")})}};
  NodeSelectorMatcher matcher(selector, "addedAffinity.requiredDuringSchedulingIgnoredDuringExecution");
  CHECK(matcher.error() ==
        "addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].operator: "
        "Unsupported value: \"Exists\": supported values: \"In\", \"NotIn\"");
}

TEST_CASE("nodeaffinity: PreferredSchedulingTerms score") {
  struct Case {
    std::string name;
    std::vector<PreferredSchedulingTerm> terms;
    Node node;
    std::optional<std::string> want_error;
    int64_t want_score = 0;
  };
  const std::vector<Case> cases = {
      {"invalid field selector and label selector",
       {{1, fields({requirement("metadata.name", "In", {"host_1", "host_2"})})},
        {1, both({requirement("label_1", "In", {"label_1_val"})}, {requirement("metadata.name", "In", {"host_1"})})},
        {1, expressions({requirement("invalid key", "In", {"label_value"})})}},
       make_node(""),
       "[[0].matchFields[0].values: Invalid value: [\"host_1\",\"host_2\"]: must have one element, "
       "[2].matchExpressions[0].key: Invalid value: \"invalid key\": " +
           kInvalidKeyDetail + "]"},
      {"invalid field selector but no weight, error not reported",
       {{0, fields({requirement("metadata.name", "In", {"host_1", "host_2"})})}}, make_node("host_1"), std::nullopt,
       0},
      {"first and third term match",
       {{5, fields({requirement("metadata.name", "In", {"host_1"})})},
        {7, expressions({requirement("unknown_label", "In", {"unknown_label_val"})})},
        {11, expressions({requirement("label_1", "In", {"label_1_val"})})}},
       make_node("host_1", {{"label_1", "label_1_val"}}), std::nullopt, 16},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      PreferredSchedulingTerms terms(c.terms);
      CHECK(terms.error() == c.want_error);
      CHECK(terms.score(c.node) == c.want_score);
    }
  }
}

TEST_CASE("nodeaffinity: node selector requirements as a label selector") {
  struct Case {
    std::string name;
    std::vector<NodeSelectorRequirement> in;
    std::optional<std::string> want_error;
    std::vector<StringMap> matching;
    std::vector<StringMap> not_matching;
  };
  const std::vector<Case> cases = {
      // No requirements: the term is empty and selects nothing.
      {"empty", {}, std::nullopt, {}, {{}, {{"foo", "bar"}}}},
      {"in", {requirement("foo", "In", {"bar", "baz"})}, std::nullopt, {{{"foo", "bar"}}, {{"foo", "baz"}}},
       {{{"foo", "qux"}}, {}}},
      {"exists with values",
       {requirement("foo", "Exists", {"bar", "baz"})},
       "nodeSelectorTerms[0].matchExpressions[0].values: Invalid value: [\"bar\",\"baz\"]: values set must be "
       "empty for exists and does not exist",
       {},
       {{{"foo", "bar"}}}},
      {"gt", {requirement("foo", "Gt", {"1"})}, std::nullopt, {{{"foo", "2"}}}, {{{"foo", "1"}}, {{"foo", "x"}}}},
      {"lt", {requirement("bar", "Lt", {"7"})}, std::nullopt, {{{"bar", "6"}}}, {{{"bar", "7"}}, {}}},
      {"invalid operator",
       {requirement("baz", "invalid", {"5"})},
       "nodeSelectorTerms[0].matchExpressions[0].operator: Unsupported value: \"invalid\": supported values: "
       "\"In\", \"NotIn\", \"Exists\", \"DoesNotExist\", \"Gt\", \"Lt\"",
       {},
       {{{"baz", "5"}}}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      NodeSelectorMatcher matcher(NodeSelector{{expressions(c.in)}});
      CHECK(matcher.error() == c.want_error);
      for (const auto& labels : c.matching) CHECK(matcher.match(labels, "node"));
      for (const auto& labels : c.not_matching) CHECK_FALSE(matcher.match(labels, "node"));
    }
  }
}

TEST_CASE("nodeaffinity: pod matches node selector and affinity terms") {
  struct Case {
    std::string name;
    Pod pod;
    StringMap labels;
    std::string node_name;
    bool want;
  };
  const std::vector<Case> cases = {
      {"no selector", Pod{}, {}, "", true},
      {"missing labels", pod_with({{"foo", "bar"}}), {}, "", false},
      {"same labels", pod_with({{"foo", "bar"}}), {{"foo", "bar"}}, "", true},
      {"node labels are superset", pod_with({{"foo", "bar"}}), {{"foo", "bar"}, {"baz", "blah"}}, "", true},
      {"node labels are subset", pod_with({{"foo", "bar"}, {"baz", "blah"}}), {{"foo", "bar"}}, "", false},
      {"matchExpressions In matches",
       pod_requiring({expressions({requirement("foo", "In", {"bar", "value2"})})}), {{"foo", "bar"}}, "", true},
      {"matchExpressions Gt matches",
       pod_requiring({expressions({requirement("kernel-version", "Gt", {"0204"})})}), {{"kernel-version", "0206"}},
       "", true},
      {"matchExpressions NotIn matches",
       pod_requiring({expressions({requirement("mem-type", "NotIn", {"DDR", "DDR2"})})}), {{"mem-type", "DDR3"}}, "",
       true},
      {"matchExpressions Exists matches", pod_requiring({expressions({requirement("GPU", "Exists")})}),
       {{"GPU", "NVIDIA-GRID-K1"}}, "", true},
      {"affinity that doesn't match the node's labels",
       pod_requiring({expressions({requirement("foo", "In", {"value1", "value2"})})}), {{"foo", "bar"}}, "", false},
      {"nil or empty terms match nothing", pod_requiring({}), {{"foo", "bar"}}, "", false},
      {"empty MatchExpressions match nothing", pod_requiring({expressions({})}), {{"foo", "bar"}}, "", false},
      {"no Affinity", Pod{}, {{"foo", "bar"}}, "", true},
      {"Affinity but nil required NodeSelector",
       [] {
         Pod pod;
         pod.spec.affinity.emplace();
         pod.spec.affinity->node_affinity.emplace();
         return pod;
       }(),
       {{"foo", "bar"}}, "", true},
      {"multiple matchExpressions ANDed that match",
       pod_requiring({expressions({requirement("GPU", "Exists"), requirement("GPU", "NotIn", {"AMD", "INTER"})})}),
       {{"GPU", "NVIDIA-GRID-K1"}}, "", true},
      {"multiple matchExpressions ANDed that don't match",
       pod_requiring({expressions({requirement("GPU", "Exists"), requirement("GPU", "In", {"AMD", "INTER"})})}),
       {{"GPU", "NVIDIA-GRID-K1"}}, "", false},
      {"multiple NodeSelectorTerms ORed",
       pod_requiring({expressions({requirement("foo", "In", {"bar", "value2"})}),
                      expressions({requirement("diffkey", "In", {"wrong", "value2"})})}),
       {{"foo", "bar"}}, "", true},
      {"Affinity and nodeSelector both satisfied",
       pod_with({{"foo", "bar"}}, NodeSelector{{expressions({requirement("foo", "Exists")})}}), {{"foo", "bar"}}, "",
       true},
      {"Affinity matches but nodeSelector is not satisfied",
       pod_with({{"foo", "bar"}}, NodeSelector{{expressions({requirement("foo", "Exists")})}}),
       {{"foo", "barrrrrr"}}, "", false},
      {"invalid value in an Affinity term",
       pod_requiring({expressions({requirement("foo", "NotIn", {"invalid value: ___@#$%^"})})}), {{"foo", "bar"}}, "",
       false},
      {"matchFields In matches", pod_requiring({fields({requirement("metadata.name", "In", {"node_1"})})}), {},
       "node_1", true},
      {"matchFields In does not match", pod_requiring({fields({requirement("metadata.name", "In", {"node_1"})})}), {},
       "node_2", false},
      {"two terms: matchFields does not match, but matchExpressions matches",
       pod_requiring({fields({requirement("metadata.name", "In", {"node_1"})}),
                      expressions({requirement("foo", "In", {"bar"})})}),
       {{"foo", "bar"}}, "node_2", true},
      {"one term: matchFields does not match, but matchExpressions matches",
       pod_requiring({both({requirement("foo", "In", {"bar"})}, {requirement("metadata.name", "In", {"node_1"})})}),
       {{"foo", "bar"}}, "node_2", false},
      {"one term: both matchFields and matchExpressions match",
       pod_requiring({both({requirement("foo", "In", {"bar"})}, {requirement("metadata.name", "In", {"node_1"})})}),
       {{"foo", "bar"}}, "node_1", true},
      {"two terms: both matchFields and matchExpressions do not match",
       pod_requiring({fields({requirement("metadata.name", "In", {"node_1"})}),
                      expressions({requirement("foo", "In", {"not-match-to-bar"})})}),
       {{"foo", "bar"}}, "node_2", false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      RequiredNodeAffinity affinity(c.pod);
      CHECK(affinity.match(make_node(c.node_name, c.labels)) == c.want);
    }
  }
}

TEST_CASE("nodeaffinity: RequiredNodeAffinity reports the terms' parse errors") {
  Pod pod = pod_requiring({expressions({requirement("foo", "NotIn", {"a b"})})});
  RequiredNodeAffinity affinity(pod);
  CHECK(affinity.has_required_terms());
  CHECK_FALSE(affinity.has_node_selector());
  std::string error;
  CHECK_FALSE(affinity.match(make_node("n", {{"foo", "bar"}}), &error));
  CHECK(error ==
        "nodeSelectorTerms[0].matchExpressions[0].values[0][foo]: Invalid value: \"a b\": a valid label must be an "
        "empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
        "alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
        "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')");
}

TEST_CASE("nodeaffinity: MatchNodeSelectorTerms") {
  struct Case {
    std::string name;
    NodeSelector selector;
    Node node;
    bool want;
  };
  const std::vector<Case> cases = {
      {"node label matches matchExpressions terms", {{expressions({requirement("label_1", "In", {"label_1_val"})})}},
       make_node("", {{"label_1", "label_1_val"}}), true},
      {"node field matches matchFields terms", {{fields({requirement("metadata.name", "In", {"host_1"})})}},
       make_node("host_1"), true},
      {"invalid node field requirement", {{fields({requirement("metadata.name", "In", {"host_1", "host_2"})})}},
       make_node("host_1"), false},
      {"fieldSelectorTerm with node labels", {{fields({requirement("metadata.name", "In", {"host_1"})})}},
       make_node("not_host_1", {{"metadata.name", "host_1"}}), false},
      {"labelSelectorTerm with node fields", {{expressions({requirement("metadata.name", "In", {"host_1"})})}},
       make_node("host_1"), false},
      {"labelSelectorTerm and fieldSelectorTerm set, but only node fields",
       {{both({requirement("label_1", "In", {"label_1_val"})}, {requirement("metadata.name", "In", {"host_1"})})}},
       make_node("host_1"), false},
      {"labelSelectorTerm and fieldSelectorTerm set, both node fields and labels (both matched)",
       {{both({requirement("label_1", "In", {"label_1_val"})}, {requirement("metadata.name", "In", {"host_1"})})}},
       make_node("host_1", {{"label_1", "label_1_val"}}), true},
      {"labelSelectorTerm and fieldSelectorTerm set, both node fields and labels (one mismatched)",
       {{both({requirement("label_1", "In", {"label_1_val"})}, {requirement("metadata.name", "In", {"host_1"})})}},
       make_node("host_1", {{"label_1", "label_1_val-failed"}}), false},
      {"multi-selector set, both node fields and labels (one mismatched)",
       {{expressions({requirement("label_1", "In", {"label_1_val"})}),
         fields({requirement("metadata.name", "In", {"host_1"})})}},
       make_node("host_1", {{"label_1", "label_1_val-failed"}}), true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(match_node_selector_terms(c.node, c.selector) == c.want); }
  }
}

TEST_CASE("nodeaffinity: matchFields semantics beyond metadata.name") {
  // A node without a name has no fields: matchFields are not checked at all (a PV's
  // node affinity is matched against a node object carrying only labels).
  NodeSelectorMatcher by_name(NodeSelector{{fields({requirement("metadata.name", "In", {"host_1"})})}});
  CHECK(by_name.match(StringMap{}, ""));
  CHECK_FALSE(by_name.match(StringMap{}, "host_2"));
  // Any other field reads as "": In never matches it, NotIn always does.
  NodeSelectorMatcher other_in(NodeSelector{{fields({requirement("metadata.namespace", "In", {"x"})})}});
  CHECK_FALSE(other_in.match(StringMap{}, "host_1"));
  NodeSelectorMatcher other_not_in(NodeSelector{{fields({requirement("metadata.namespace", "NotIn", {"x"})})}});
  CHECK(other_not_in.match(StringMap{}, "host_1"));
  NodeSelectorMatcher name_not_in(NodeSelector{{fields({requirement("metadata.name", "NotIn", {"host_1"})})}});
  CHECK_FALSE(name_not_in.match(StringMap{}, "host_1"));
  CHECK(name_not_in.match(StringMap{}, "host_2"));
}

TEST_CASE("nodeaffinity: matching leaves the selector untouched") {
  struct Case {
    std::string name;
    NodeSelector selector;
    Node node;
  };
  const std::vector<Case> cases = {
      {"preordered matchExpressions", {{expressions({requirement("label_1", "In", {"label_1_val", "label_2_val"})})}},
       make_node("", {{"label_1", "label_1_val"}})},
      {"unordered matchExpressions", {{expressions({requirement("label_1", "In", {"label_2_val", "label_1_val"})})}},
       make_node("", {{"label_1", "label_1_val"}})},
      {"preordered matchFields", {{fields({requirement("metadata.name", "In", {"host_1", "host_2"})})}},
       make_node("host_1")},
      {"unordered matchFields", {{fields({requirement("metadata.name", "In", {"host_2", "host_1"})})}},
       make_node("host_1")},
      {"ordered expressions and ordered fields",
       {{both({requirement("label_1", "In", {"label_1_val", "label_2_val"})},
              {requirement("metadata.name", "In", {"host_1", "host_2"})})}},
       make_node("host_1", {{"label_1", "label_1_val"}})},
      {"ordered expressions and unordered fields",
       {{both({requirement("label_1", "In", {"label_1_val", "label_2_val"})},
              {requirement("metadata.name", "In", {"host_2", "host_1"})})}},
       make_node("host_1", {{"label_1", "label_1_val"}})},
      {"unordered expressions and ordered fields",
       {{both({requirement("label_1", "In", {"label_2_val", "label_1_val"})},
              {requirement("metadata.name", "In", {"host_1", "host_2"})})}},
       make_node("host_1", {{"label_1", "label_1_val"}})},
      {"unordered expressions and unordered fields",
       {{both({requirement("label_1", "In", {"label_2_val", "label_1_val"})},
              {requirement("metadata.name", "In", {"host_2", "host_1"})})}},
       make_node("host_1", {{"label_1", "label_1_val"}})},
  };
  auto values_of = [](const NodeSelector& s) {
    std::vector<std::vector<std::string>> out;
    for (const auto& term : s.node_selector_terms) {
      for (const auto& r : term.match_expressions) out.push_back(r.values);
      for (const auto& r : term.match_fields) out.push_back(r.values);
    }
    return out;
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const auto before = values_of(c.selector);
      match_node_selector_terms(c.node, c.selector);
      CHECK(values_of(c.selector) == before);
    }
  }
}

}  // namespace
}  // namespace podfit
