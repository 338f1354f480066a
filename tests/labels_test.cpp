// Label selectors: apimachinery labels selector_test.go and meta/v1 LabelSelectorAsSelector cases.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/model/labels.h"

namespace podfit {
namespace {

using Op = Selector::Op;
using Requirement = Selector::Requirement;

// A requirement that must be valid (getRequirement in the reference tests).
Requirement req(const std::string& key, Op op, std::vector<std::string> values = {}) {
  std::vector<std::string> errors;
  auto r = new_requirement(key, op, std::move(values), &errors);
  REQUIRE_MESSAGE(r.has_value(), key);
  return *r;
}

Selector selector_of(std::vector<Requirement> requirements) {
  Selector s;
  for (auto& r : requirements) s.add(std::move(r));
  return s;
}

Selector must_parse(const std::string& text) {
  std::string error;
  auto s = Selector::parse(text, &error);
  REQUIRE_MESSAGE(s.has_value(), text << ": " << error);
  return *s;
}

std::string without_spaces(std::string text) {
  std::erase(text, ' ');
  return text;
}

TEST_CASE("labels: parse round-trips through String()") {
  const std::vector<std::string> good = {
      "x=a,y=b,z=c", "", "x!=a,y=b", "x=", "x= ", "x=,z= ", "x= ,z= ", "!x", "x>1", "x>1,z<5",
  };
  for (const auto& text : good) {
    SUBCASE(("good: " + text).c_str()) {
      std::string error;
      auto s = Selector::parse(text, &error);
      REQUIRE_MESSAGE(s.has_value(), error);
      CHECK(s->to_string() == without_spaces(text));
    }
  }
  const std::vector<std::string> bad = {"x=a||y=b", "x==a==b", "!x=a", "x<a"};
  for (const auto& text : bad) {
    SUBCASE(("bad: " + text).c_str()) { CHECK_FALSE(Selector::parse(text).has_value()); }
  }
}

TEST_CASE("labels: parse errors read as apimachinery's") {
  struct Case {
    std::string name;
    std::string text;
    std::string want;
  };
  const std::string binary = "in, notin, =, ==, !=, gt, lt";
  const std::vector<Case> cases = {
      // TestParseOperator: a unary or unknown token where a binary operator belongs.
      {"bang as operator", "x !", "unable to parse requirement: found '!', expected: " + binary},
      {"exists as operator", "x exists", "unable to parse requirement: found 'exists', expected: " + binary},
      {"paren as operator", "x (", "unable to parse requirement: found '(', expected: " + binary},
      {"double or", "x=a||y=b",
       "unable to parse requirement: values[0][x]: Invalid value: \"a||y\": a valid label must be an empty string "
       "or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric "
       "character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
       "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"},
      {"two double equals", "x==a==b", "found '==', expected: ',' or 'end of string'"},
      {"does not exist with a value", "!x=a", "found '=', expected: ',' or 'end of string'"},
      {"lt non-integer", "x<a",
       "unable to parse requirement: values[0]: Invalid value: \"a\": for 'Gt', 'Lt' operators, the value must be "
       "an integer"},
      {"double comma", "x,,y", "found ',', expected: identifier after ','"},
      {"leading comma", ",x,y", "found ',', expected: !, identifier, or 'end of string'"},
      {"trailing comma", "a in (xyz),", "found '', expected: identifier after ','"},
      {"no comma between values", "a in (xyz abc)",
       "unable to parse requirement: found 'abc', expected: ',' or ')'"},
      {"unclosed", "a notin(", "unable to parse requirement: found '', expected: ',', ')' or identifier"},
      {"invalid key", "x/y/z",
       "unable to parse requirement: <nil>: Invalid value: \"x/y/z\": a valid label key must consist of "
       "alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. "
       "'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
       "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. "
       "'example.com/MyName')"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      std::string error;
      CHECK_FALSE(Selector::parse(c.text, &error).has_value());
      CHECK(error == c.want);
    }
  }
}

TEST_CASE("labels: parse accepts every binary operator") {
  for (const std::string text : {"x in (a)", "x = a", "x == a", "x > 1", "x < 1", "x notin (a)", "x != a"}) {
    SUBCASE(text.c_str()) { CHECK(Selector::parse(text).has_value()); }
  }
}

TEST_CASE("labels: parse is deterministic") {
  CHECK(must_parse("x=a,a=x").to_string() == must_parse("a=x,x=a").to_string());
}

TEST_CASE("labels: everything matches and is empty") {
  CHECK(Selector::everything().matches({{"x", "y"}}));
  CHECK(Selector::everything().empty());
}

TEST_CASE("labels: selector matches") {
  struct Case {
    std::string selector;
    StringMap labels;
    bool want;
  };
  const StringMap labelset = {{"foo", "bar"}, {"baz", "blah"}};
  const std::vector<Case> cases = {
      {"", {{"x", "y"}}, true},
      {"x=y", {{"x", "y"}}, true},
      {"x=y,z=w", {{"x", "y"}, {"z", "w"}}, true},
      {"x!=y,z!=w", {{"x", "z"}, {"z", "a"}}, true},
      {"notin=in", {{"notin", "in"}}, true},  // in and notin as exact-match key and value
      {"x", {{"x", "z"}}, true},
      {"!x", {{"y", "z"}}, true},
      {"x>1", {{"x", "2"}}, true},
      {"x<1", {{"x", "0"}}, true},
      {"x=z", {}, false},
      {"x=y", {{"x", "z"}}, false},
      {"x=y,z=w", {{"x", "w"}, {"z", "w"}}, false},
      {"x!=y,z!=w", {{"x", "z"}, {"z", "w"}}, false},
      {"x", {{"y", "z"}}, false},
      {"!x", {{"x", "z"}}, false},
      {"x>1", {{"x", "0"}}, false},
      {"x<1", {{"x", "2"}}, false},
      {"foo=bar", labelset, true},
      {"baz=blah", labelset, true},
      {"foo=bar,baz=blah", labelset, true},
      {"foo=blah", labelset, false},
      {"baz=bar", labelset, false},
      {"foo=bar,foobar=bar,baz=blah", labelset, false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.selector.c_str()) { CHECK(must_parse(c.selector).matches(c.labels) == c.want); }
  }
}

TEST_CASE("labels: SelectorFromSet matches its set") {
  const StringMap labelset = {{"foo", "bar"}, {"baz", "blah"}};
  CHECK(Selector::from_set({}).matches(labelset));
  CHECK(Selector::from_set({{"foo", "bar"}}).matches(labelset));
  CHECK(Selector::from_set({{"baz", "blah"}}).matches(labelset));
  CHECK(Selector::from_set({{"foo", "bar"}, {"baz", "blah"}}).matches(labelset));
  CHECK_FALSE(Selector::from_set({{"foo", "bar"}, {"foobar", "bar"}}).matches(labelset));
}

TEST_CASE("labels: an empty set gives an empty selector") {
  CHECK(Selector::from_set({}).empty());
  CHECK(Selector().empty());
  CHECK_FALSE(Selector::nothing().empty());
}

TEST_CASE("labels: SelectorFromSet prints sorted") {
  struct Case {
    StringMap set;
    std::string want;
  };
  const std::vector<Case> cases = {
      {{}, ""},
      {{{"app", "foo"}}, "app=foo"},
      {{{"app", "foo"}, {"a", "b"}}, "a=b,app=foo"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.want.c_str()) { CHECK(Selector::from_set(c.set).to_string() == c.want); }
  }
}

TEST_CASE("labels: NewRequirement validation") {
  struct Case {
    std::string key;
    Op op;
    std::vector<std::string> values;
    std::string want_error;  // "" when valid
  };
  const std::string a254(254, 'a');
  const std::vector<Case> cases = {
      // Empty values print as null: podfit's values come from manifests, where absent is nil.
      {"x1", Op::In, {}, "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty"},
      {"x2", Op::NotIn, {}, "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty"},
      {"x3", Op::In, {"foo"}, ""},
      {"x4", Op::NotIn, {"foo"}, ""},
      {"x5", Op::Equals, {"bar", "foo"},
       "values: Invalid value: [\"bar\",\"foo\"]: exact-match compatibility requires one single value"},
      {"x6", Op::Exists, {}, ""},
      {"x7", Op::DoesNotExist, {}, ""},
      {"x8", Op::Exists, {"foo"},
       "values: Invalid value: [\"foo\"]: values set must be empty for exists and does not exist"},
      {"x9", Op::In, {"bar"}, ""},
      {"x10", Op::In, {"bar"}, ""},
      {"x11", Op::GreaterThan, {"1"}, ""},
      {"x12", Op::LessThan, {"6"}, ""},
      {"x13", Op::GreaterThan, {},
       "values: Invalid value: null: for 'Gt', 'Lt' operators, exactly one value is required"},
      {"x14", Op::GreaterThan, {"bar"},
       "values[0]: Invalid value: \"bar\": for 'Gt', 'Lt' operators, the value must be an integer"},
      {"x15", Op::LessThan, {"bar"},
       "values[0]: Invalid value: \"bar\": for 'Gt', 'Lt' operators, the value must be an integer"},
      {a254, Op::Exists, {}, "key: Invalid value: \"" + a254 + "\": name part must be no more than 63 bytes"},
      {"x16", Op::Equals, {a254}, "values[0][x16]: Invalid value: \"" + a254 + "\": must be no more than 63 bytes"},
      {"x17", Op::Equals, {"a b"},
       "values[0][x17]: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric "
       "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or "
       "'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.key.substr(0, 8).c_str()) {
      std::vector<std::string> errors;
      auto r = new_requirement(c.key, c.op, c.values, &errors);
      if (c.want_error.empty()) {
        CHECK(r.has_value());
        CHECK(errors.empty());
      } else {
        CHECK_FALSE(r.has_value());
        REQUIRE(errors.size() == 1);
        CHECK(errors.front() == c.want_error);
      }
    }
  }
}

TEST_CASE("labels: requirement errors are prefixed by the path and listed in order") {
  std::vector<std::string> errors;
  auto r = new_requirement("bad key", Op::GreaterThan, {"1", "x"}, &errors, "spec.terms[0]");
  CHECK_FALSE(r.has_value());
  const std::string key_message =
      "spec.terms[0].key: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' "
      "or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or "
      "'123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
  const std::vector<std::string> want = {
      key_message,
      "spec.terms[0].values: Invalid value: [\"1\",\"x\"]: for 'Gt', 'Lt' operators, exactly one value is required",
      "spec.terms[0].values[1]: Invalid value: \"x\": for 'Gt', 'Lt' operators, the value must be an integer",
  };
  CHECK(errors == want);
}

TEST_CASE("labels: label key prefix rules") {
  struct Case {
    std::string key;
    std::string want_error;
  };
  const std::vector<Case> cases = {
      {"example.com/name", ""},
      {"0.1.2.domain/99", ""},
      {"/name", "key: Invalid value: \"/name\": prefix part must be non-empty"},
      {"Example.com/name",
       "key: Invalid value: \"Example.com/name\": prefix part a lowercase RFC 1123 subdomain must consist of lower "
       "case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. "
       "'example.com', regex used for validation is "
       "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
      {"example.com/",
       "key: Invalid value: \"example.com/\": name part must be non-empty; name part must consist of alphanumeric "
       "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or "
       "'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.key.c_str()) {
      std::vector<std::string> errors;
      auto r = new_requirement(c.key, Op::Exists, {}, &errors);
      CHECK(r.has_value() == c.want_error.empty());
      if (!c.want_error.empty()) {
        REQUIRE(errors.size() == 1);
        CHECK(errors.front() == c.want_error);
      }
    }
  }
}

TEST_CASE("labels: String() of requirement lists") {
  struct Case {
    std::string name;
    std::vector<Requirement> requirements;
    std::string want;
  };
  const std::vector<Case> cases = {
      {"in notin exists",
       {req("x", Op::In, {"abc", "def"}), req("y", Op::NotIn, {"jkl"}), req("z", Op::Exists)},
       "x in (abc,def),y notin (jkl),z"},
      {"notin notequals doesnotexist",
       {req("x", Op::NotIn, {"abc", "def"}), req("y", Op::NotEquals, {"jkl"}), req("z", Op::DoesNotExist)},
       "x notin (abc,def),y!=jkl,!z"},
      {"empty value in set",
       {req("x", Op::NotIn, {"abc"}), req("y", Op::In, {"jkl", "mno"}), req("z", Op::NotIn, {""})},
       "x notin (abc),y in (jkl,mno),z notin ()"},
      {"equality forms",
       {req("x", Op::Equals, {"abc"}), req("y", Op::DoubleEquals, {"jkl"}), req("z", Op::NotEquals, {"a"}),
        req("z", Op::Exists)},
       "x=abc,y==jkl,z!=a,z"},
      {"comparisons", {req("x", Op::GreaterThan, {"2"}), req("y", Op::LessThan, {"8"}), req("z", Op::Exists)},
       "x>2,y<8,z"},
      // safeSort: printed sorted, duplicates kept, the requirement itself untouched.
      {"unsorted values", {req("x", Op::In, {"foo", "bar"})}, "x in (bar,foo)"},
      {"duplicated values", {req("x", Op::In, {"foo", "bar", "foo", "bar"})}, "x in (bar,bar,foo,foo)"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(selector_of(c.requirements).to_string() == c.want); }
  }
  CHECK(req("x", Op::In, {"foo", "bar"}).values == std::vector<std::string>{"foo", "bar"});
}

TEST_CASE("labels: requirement selector matching") {
  struct Case {
    std::string name;
    StringMap labels;
    std::vector<Requirement> requirements;
    bool want;
  };
  const std::vector<Case> cases = {
      {"in and notin", {{"x", "foo"}, {"y", "baz"}},
       {req("x", Op::In, {"foo"}), req("y", Op::NotIn, {"alpha"})}, true},
      {"in and in", {{"x", "foo"}, {"y", "baz"}}, {req("x", Op::In, {"foo"}), req("y", Op::In, {"alpha"})}, false},
      {"notin absent key", {{"y", ""}}, {req("x", Op::NotIn, {""}), req("y", Op::Exists)}, true},
      {"doesnotexist", {{"y", ""}}, {req("x", Op::DoesNotExist), req("y", Op::Exists)}, true},
      {"exists fails", {{"y", ""}}, {req("x", Op::NotIn, {""}), req("y", Op::DoesNotExist)}, false},
      {"in absent key", {{"y", "baz"}}, {req("x", Op::In, {""})}, false},
      {"gt", {{"z", "2"}}, {req("z", Op::GreaterThan, {"1"})}, true},
      {"gt non-integer label", {{"z", "v2"}}, {req("z", Op::GreaterThan, {"1"})}, false},
      // strconv.ParseInt semantics: leading zeros and a plus sign are fine, overflow is not.
      {"gt leading zeros", {{"z", "0206"}}, {req("z", Op::GreaterThan, {"0204"})}, true},
      {"lt plus sign", {{"z", "+3"}}, {req("z", Op::LessThan, {"4"})}, true},
      {"gt overflow", {{"z", "9223372036854775808"}}, {req("z", Op::GreaterThan, {"1"})}, false},
      {"lt min int64", {{"z", "-9223372036854775808"}}, {req("z", Op::LessThan, {"0"})}, true},
      {"gt absent key", {}, {req("z", Op::GreaterThan, {"1"})}, false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(selector_of(c.requirements).matches(c.labels) == c.want); }
  }
}

TEST_CASE("labels: set-based selector parser") {
  struct Case {
    std::string text;
    std::vector<Requirement> want;
    bool compare;
    bool valid;
  };
  const std::vector<Case> cases = {
      {"", {}, true, true},
      {"\rx", {req("x", Op::Exists)}, true, true},
      {"this-is-a-dns.domain.com/key-with-dash", {req("this-is-a-dns.domain.com/key-with-dash", Op::Exists)}, true,
       true},
      {"this-is-another-dns.domain.com/key-with-dash in (so,what)",
       {req("this-is-another-dns.domain.com/key-with-dash", Op::In, {"so", "what"})}, true, true},
      {"0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)",
       {req("0.1.2.domain/99", Op::NotIn, {"10.10.100.1", "tick.tack.clock"})}, true, true},
      {"foo  in\t (abc)", {req("foo", Op::In, {"abc"})}, true, true},
      {"x notin\n (abc)", {req("x", Op::NotIn, {"abc"})}, true, true},
      {"x  notin\t\t\t(abc,def)", {req("x", Op::NotIn, {"abc", "def"})}, true, true},
      {"x in (abc,def)", {req("x", Op::In, {"abc", "def"})}, true, true},
      {"x in (abc,)", {req("x", Op::In, {"", "abc"})}, true, true},
      {"x in (abc,abc)", {req("x", Op::In, {"abc"})}, true, true},
      {"x in ()", {req("x", Op::In, {""})}, true, true},
      {"x in (a,,)", {req("x", Op::In, {"", "a"})}, true, true},
      {"x in (a,,,)", {req("x", Op::In, {"", "a"})}, true, true},
      {"x in (a,,,,,,)", {req("x", Op::In, {"", "a"})}, true, true},
      {"x in (a,,a,,a,,a,,)", {req("x", Op::In, {"", "a"})}, true, true},
      {"x notin (abc,,def),bar,z in (),w",
       {req("bar", Op::Exists), req("w", Op::Exists), req("x", Op::NotIn, {"", "abc", "def"}),
        req("z", Op::In, {""})},
       true, true},
      {"x,y in (a)", {req("y", Op::In, {"a"}), req("x", Op::Exists)}, false, true},
      {"x=a", {req("x", Op::Equals, {"a"})}, true, true},
      {"x>1", {req("x", Op::GreaterThan, {"1"})}, true, true},
      {"x<7", {req("x", Op::LessThan, {"7"})}, true, true},
      {"x=a,y!=b", {req("x", Op::Equals, {"a"}), req("y", Op::NotEquals, {"b"})}, true, true},
      {"x=a,y!=b,z in (h,i,j)",
       {req("x", Op::Equals, {"a"}), req("y", Op::NotEquals, {"b"}), req("z", Op::In, {"h", "i", "j"})}, true,
       true},
      {"x=a||y=b", {}, false, false},
      {"x,,y", {}, true, false},
      {",x,y", {}, true, false},
      {"x nott in (y)", {}, true, false},
      {"x notin ( )", {req("x", Op::NotIn, {""})}, true, true},
      {"x notin (, a)", {req("x", Op::NotIn, {"", "a"})}, true, true},
      {"a in (xyz),", {}, true, false},
      {"a in (xyz)b notin ()", {}, true, false},
      {"a ", {req("a", Op::Exists)}, true, true},
      {"a in (x,y,notin, z,in)", {req("a", Op::In, {"in", "notin", "x", "y", "z"})}, true, true},
      {"a in (xyz abc)", {}, false, false},
      {"a notin(", {}, true, false},
      {"a (", {}, false, false},
      {"(", {}, false, false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.text.c_str()) {
      std::string error;
      auto s = Selector::parse(c.text, &error);
      REQUIRE_MESSAGE(s.has_value() == c.valid, error);
      if (c.valid && c.compare) CHECK(s->requirements() == c.want);
    }
  }
}

TEST_CASE("labels: Add keeps requirements sorted by key") {
  Selector s;
  s.add(req("key", Op::In, {"value"}));
  CHECK(s.requirements() == std::vector<Requirement>{{"key", Op::In, {"value"}}});
  s.add(req("key2", Op::Equals, {"value2"}));
  CHECK(s.requirements() == std::vector<Requirement>{{"key", Op::In, {"value"}}, {"key2", Op::Equals, {"value2"}}});
  s.add(req("a", Op::Exists));
  CHECK(s.to_string() == "a,key in (value),key2=value2");

  Selector nothing = Selector::nothing();
  nothing.add(req("key", Op::Exists));
  CHECK(nothing.is_nothing());
  CHECK(nothing.requirements().empty());
}

TEST_CASE("labels: requirement equality") {
  struct Case {
    std::string name;
    Requirement x, y;
    bool want;
  };
  const std::vector<Case> cases = {
      {"same", {"key", Op::Equals, {"foo", "bar"}}, {"key", Op::Equals, {"foo", "bar"}}, true},
      {"different keys", {"key1", Op::Equals, {"foo", "bar"}}, {"key2", Op::Equals, {"foo", "bar"}}, false},
      {"different operators", {"key", Op::Equals, {"foo", "bar"}}, {"key", Op::In, {"foo", "bar"}}, false},
      {"different values", {"key", Op::Equals, {"foo", "bar"}}, {"key", Op::Equals, {"foobar"}}, false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK((c.x == c.y) == c.want); }
  }
}

TEST_CASE("labels: only Nothing() matches nothing") {
  CHECK(Selector::nothing().is_nothing());
  CHECK_FALSE(Selector::nothing().matches({}));
  CHECK_FALSE(Selector::nothing().matches({{"key", "value"}}));
  CHECK(Selector::nothing().to_string().empty());
  CHECK_FALSE(Selector::everything().is_nothing());
  CHECK_FALSE(Selector::from_set({}).is_nothing());
  CHECK_FALSE(Selector::from_set({{"key", "value"}}).is_nothing());
  for (const std::string text : {"", "a", "!a", "a=b", "a!=b", "a in (b)", "a notin (b)", "a,!a", "a=b,a!=b",
                                 "a in (b),a notin (b)"}) {
    SUBCASE(text.c_str()) { CHECK_FALSE(must_parse(text).is_nothing()); }
  }
}

TEST_CASE("labels: LabelSelectorAsSelector") {
  const StringMap match_labels = {{"foo", "bar"}};
  const std::vector<LabelSelectorRequirement> match_expressions = {{"baz", "In", {"qux", "norf"}}};
  struct Case {
    std::string name;
    std::optional<LabelSelector> in;
    std::string want;  // String() of the result
    bool want_nothing = false;
    bool want_error = false;
  };
  const std::vector<Case> cases = {
      {"nil selects nothing", std::nullopt, "", true},
      {"empty selects everything", LabelSelector{}, ""},
      {"match labels", LabelSelector{match_labels, {}}, must_parse("foo=bar").to_string()},
      {"match expressions", LabelSelector{{}, match_expressions}, must_parse("baz in (norf,qux)").to_string()},
      {"both", LabelSelector{match_labels, match_expressions}, must_parse("baz in (norf,qux),foo=bar").to_string()},
      {"exists with values", LabelSelector{{}, {{"baz", "Exists", {"qux", "norf"}}}}, "", false, true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      std::string error;
      auto s = Selector::from_label_selector(c.in, &error);
      REQUIRE(s.has_value() == !c.want_error);
      if (s) {
        CHECK(s->to_string() == c.want);
        CHECK(s->is_nothing() == c.want_nothing);
      }
    }
  }
}

TEST_CASE("labels: LabelSelectorAsSelector errors") {
  struct Case {
    std::string name;
    LabelSelector in;
    std::string want;
  };
  const std::vector<Case> cases = {
      {"exists with values", {{}, {{"baz", "Exists", {"qux", "norf"}}}},
       "values: Invalid value: [\"qux\",\"norf\"]: values set must be empty for exists and does not exist"},
      {"unknown operator", {{}, {{"baz", "Gt", {"1"}}}}, "\"Gt\" is not a valid label selector operator"},
      {"in without values", {{}, {{"baz", "In", {}}}},
       "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty"},
      {"bad match label value", {{{"app", "a b"}}, {}},
       "values[0][app]: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric "
       "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or "
       "'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"},
      {"bad key and value",
       {{}, {{"-x", "NotIn", {"<b>"}}}},
       "[key: Invalid value: \"-x\": name part must consist of alphanumeric characters, '-', '_' or '.', and must "
       "start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for "
       "validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), values[0][-x]: Invalid value: \"<b>\": a valid "
       "label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and "
       "end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation "
       "is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')]"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      std::string error;
      CHECK_FALSE(Selector::from_label_selector(c.in, &error).has_value());
      CHECK(error == c.want);
    }
  }
}

TEST_CASE("labels: LabelSelectorAsSelector keeps the manifest's value order") {
  auto s = Selector::from_label_selector(LabelSelector{{}, {{"baz", "In", {"qux", "norf"}}}});
  REQUIRE(s.has_value());
  REQUIRE(s->requirements().size() == 1);
  CHECK(s->requirements().front().values == std::vector<std::string>{"qux", "norf"});
  CHECK(s->to_string() == "baz in (norf,qux)");
}

}  // namespace
}  // namespace podfit
