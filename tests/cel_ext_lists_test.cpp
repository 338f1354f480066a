// cel-go's lists extension (ext.Lists): the cases of cel-go v0.27's ext/lists_test.go (the
// protocol buffer ones aside), its version gates and run-time costs, Go's sort order for
// equal keys, and the extension in Kubernetes' environment.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {

struct Case {
  const char* expr;
  const char* want;  // "value: ...", "error: ..." or "compile: ..." (a prefix for compile errors)
};

// cel-go's test environment: the extension alone, without Kubernetes' literal checks.
cel::Env lists_env(std::uint32_t version = 3) {
  cel::Env env;
  cel::add_ext_lists_library(env, version);
  return env;
}

void run_table(const cel::Env& env, const Case* begin, const Case* end) {
  for (const Case* c = begin; c != end; ++c) {
    SUBCASE(c->expr) {
      const std::string got = cel_test::run(env, c->expr);
      const std::string want = c->want;
      if (want.rfind("compile: ", 0) == 0) {
        CHECK_MESSAGE(got.rfind(want, 0) == 0, got);
      } else {
        CHECK(got == want);
      }
    }
  }
}

// A variable's value, built by evaluating a CEL literal; the programs stay alive with it.
struct Vars {
  cel::MapActivation act;
  std::vector<std::shared_ptr<const cel::Program>> keep;
  void bind(const std::string& name, const std::string& literal) {
    cel::Env env;
    auto c = env.compile_unchecked(literal);
    REQUIRE(c.ok());
    keep.push_back(c.program);
    cel::MapActivation none;
    act.bind(name, c.program->evaluate(none).value);
  }
};

}  // namespace

TEST_CASE("CEL ext.Lists: cel-go's cases") {
  static const Case cases[] = {
      {"lists.range(4) == [0,1,2,3]", "value: true"},
      {"lists.range(0) == []", "value: true"},
      {"[5,1,2,3].reverse() == [3,2,1,5]", "value: true"},
      {"[].reverse() == []", "value: true"},
      {"[1].reverse() == [1]", "value: true"},
      {"['are', 'you', 'as', 'bored', 'as', 'I', 'am'].reverse() == ['am', 'I', 'as', 'bored', 'as', 'you', 'are']",
       "value: true"},
      {"[false, true, true].reverse().reverse() == [false, true, true]", "value: true"},
      {"[1,2,3,4].slice(0, 4) == [1,2,3,4]", "value: true"},
      {"[1,2,3,4].slice(0, 0) == []", "value: true"},
      {"[1,2,3,4].slice(1, 1) == []", "value: true"},
      {"[1,2,3,4].slice(4, 4) == []", "value: true"},
      {"[1,2,3,4].slice(1, 3) == [2, 3]", "value: true"},
      {"[1,2,3,4].slice(3, 0)", "error: cannot slice(3, 0), start index must be less than or equal to end index"},
      {"[1,2,3,4].slice(0, 10)", "error: cannot slice(0, 10), list is length 4"},
      {"[1,2,3,4].slice(-5, 10)", "error: cannot slice(-5, 10), negative indexes not supported"},
      {"[1,2,3,4].slice(-5, -3)", "error: cannot slice(-5, -3), negative indexes not supported"},
      {"dyn([]).flatten() == []", "value: true"},
      {"dyn([1,2,3,4]).flatten() == [1,2,3,4]", "value: true"},
      {"[1,[2,[3,4]]].flatten() == [1,2,[3,4]]", "value: true"},
      {"[1,2,[],[],[3,4]].flatten() == [1,2,3,4]", "value: true"},
      {"[1,[2,[3,4]]].flatten(2) == [1,2,3,4]", "value: true"},
      {"[1,[2,[3,[4]]]].flatten(-1) == [1,2,3,4]", "error: level must be non-negative"},
      {"[].sort() == []", "value: true"},
      {"[1].sort() == [1]", "value: true"},
      {"[4, 3, 2, 1].sort() == [1, 2, 3, 4]", "value: true"},
      {"[\"d\", \"a\", \"b\", \"c\"].sort() == [\"a\", \"b\", \"c\", \"d\"]", "value: true"},
      {"[\"d\", 3, 2, \"c\"].sort() == [\"a\", \"b\", \"c\", \"d\"]", "error: list elements must have the same type"},
      {"[].sortBy(e, e) == []", "value: true"},
      {"[\"a\"].sortBy(e, e) == [\"a\"]", "value: true"},
      {"[-3, 1, -5, -2, 4].sortBy(e, -(e * e)) == [-5, 4, -3, -2, 1]", "value: true"},
      {"[-3, 1, -5, -2, 4].map(e, e * 2).sortBy(e, -(e * e)) == [-10, 8, -6, -4, 2]", "value: true"},
      {"lists.range(3).sortBy(e, -e) == [2, 1, 0]", "value: true"},
      {"[\"a\", \"c\", \"b\", \"first\"].sortBy(e, e == \"first\" ? \"\" : e) == [\"first\", \"a\", \"b\", \"c\"]",
       "value: true"},
      {"[].distinct() == []", "value: true"},
      {"[1].distinct() == [1]", "value: true"},
      {"[-2, 5, -2, 1, 1, 5, -2, 1].distinct() == [-2, 5, 1]", "value: true"},
      {"['c', 'a', 'a', 'b', 'a', 'b', 'c', 'c'].distinct() == ['c', 'a', 'b']", "value: true"},
      {"[1, 2.0, \"c\", 3, \"c\", 1].distinct() == [1, 2.0, \"c\", 3]", "value: true"},
      {"[1, 1.0, 2].distinct() == [1, 2]", "value: true"},
      {"[[1], [1], [2]].distinct() == [[1], [2]]", "value: true"},
  };
  run_table(lists_env(), std::begin(cases), std::end(cases));
}

TEST_CASE("CEL ext.Lists: run-time errors of cel-go's version 1 tests") {
  // Type guards are off for flatten: the library's own texts name the run-time types.
  static const Case cases[] = {
      {"dyn({}).flatten()", "error: no such overload: map(dyn, dyn).flatten()"},
      {"dyn({}).flatten(0)", "error: no such overload: map(dyn, dyn).flatten(int)"},
      {"[].flatten(-1)", "error: level must be non-negative"},
      {"[].flatten(dyn('1'))", "error: no such overload: list(dyn).flatten(string)"},
  };
  run_table(lists_env(1), std::begin(cases), std::end(cases));
}

TEST_CASE("CEL ext.Lists: each version declares what cel-go's does") {
  struct Gate {
    std::uint32_t version;
    const char* name;
    const char* expr;
  };
  static const Gate gates[] = {
      {0, "slice", "[1, 2, 3, 4, 5].slice(2, 4) == [3, 4]"},
      {1, "flatten", "[[1, 2], [3, 4]].flatten() == [1, 2, 3, 4]"},
      {2, "distinct", "[1, 2, 2, 1].distinct() == [1, 2]"},
      {2, "lists.range", "lists.range(5) == [0, 1, 2, 3, 4]"},
      {2, "reverse", "[1, 2, 3].reverse() == [3, 2, 1]"},
      {2, "sort", "[2, 1, 3].sort() == [1, 2, 3]"},
      {2, "sortBy", "[{'field': 'lo'}, {'field': 'hi'}].sortBy(m, m.field) == [{'field': 'hi'}, {'field': 'lo'}]"},
  };
  for (std::uint32_t version = 0; version <= 2; ++version) {
    const cel::Env env = lists_env(version);
    for (const Gate& g : gates) {
      const std::string got = cel_test::run(env, g.expr);
      if (version >= g.version) {
        CHECK_MESSAGE(got == "value: true", g.expr, " at version ", version);
      } else {
        CHECK_MESSAGE(got.find("undeclared reference") != std::string::npos, g.name, ": ", got);
      }
    }
  }
}

TEST_CASE("CEL ext.Lists: cel-go's actual costs") {
  struct Cost {
    const char* expr;
    std::vector<std::pair<std::string, std::string>> vars;  // name, CEL literal of its value
    std::vector<std::pair<std::string, std::string>> types;
    std::uint64_t cost;
  };
  const std::vector<Cost> cases = {
      {"lists.range(4) == [0, 1, 2, 3]", {}, {}, 26},
      {"lists.range(4 / 2) == [0, 1]", {}, {}, 25},
      {"lists.range(x) == [0, 1, 2, 3, 4]", {{"x", "5"}}, {{"x", "int"}}, 28},
      {"[[1, 2], 3].flatten(1) == [1, 2, 3]", {}, {}, 44},
      {"[[1, 2], 3].flatten(2) == [1, 2, 3]", {}, {}, 46},
      {"[[1, 2], 3].flatten(3) == [1, 2, 3]", {}, {}, 48},
      {"[[1], 2, 3].flatten() == [1, 2, 3]", {}, {}, 45},
      {"x.flatten() == [1, 2, 3]", {{"x", "[[1], 2, 3]"}}, {{"x", "list(dyn)"}}, 26},
      {"[[1, 2], 3].flatten(x) == [1, 2, 3]", {{"x", "5"}}, {{"x", "int"}}, 53},
      {"[1, 2, 3].distinct() == [1, 2, 3]", {}, {}, 50},
      {"[1, 1, 1].distinct() == [1]", {}, {}, 50},
      {"x.distinct() == ['hello']", {{"x", "['hello', 'hello']"}}, {{"x", "list(string)"}}, 31},
      {"[1, 2, 3, 4, 5].slice(x, y) == [2, 3]", {{"x", "1"}, {"y", "3"}}, {{"x", "int"}, {"y", "int"}}, 36},
      {"z.slice(1, 3) == [2, 3]", {{"z", "[1, 2, 3, 4, 5, 6, 7]"}}, {{"z", "list(int)"}}, 25},
      {"z.slice(x, y) == [2, 3]",
       {{"x", "1"}, {"y", "3"}, {"z", "[1, 2, 3, 4, 5, 6, 7]"}},
       {{"x", "int"}, {"y", "int"}, {"z", "list(int)"}},
       27},
      {"[1, 2, 3].slice(1, 3) == [2, 3]", {}, {}, 34},
      {"[3, 2, 1].reverse() == [1, 2, 3]", {}, {}, 35},
      {"x.reverse() == [1, 2, 3]", {{"x", "[3, 2, 1]"}}, {{"x", "list(int)"}}, 26},
      {"[2, 3, 1].sort() == [1, 2, 3]", {}, {}, 50},
      {"x.sort() == [1, 2, 3]", {{"x", "[3, 2, 1]"}}, {{"x", "list(int)"}}, 41},
      {"x.sort() == [\"a\", \"a\", \"b\", \"b\", \"c\", \"c\"]",
       {{"x", "['b', 'a', 'b', 'a', 'c', 'c']"}},
       {{"x", "list(string)"}},
       98},
      {"x.sort() == []", {{"x", "[]"}}, {{"x", "list(int)"}}, 22},
      {"[{'x':4}, {'x':3}].sortBy(m, m['x']) == [{'x':3}, {'x':4}]", {}, {}, 211},
      {"x.sortBy(m, m['x']) == [{'x':3}, {'x':4}]", {{"x", "[{'x': 4}, {'x': 3}]"}}, {{"x", "list(dyn)"}}, 142},
      {"x.sortBy(m, m['x']) == [{'x': 'a'}, {'x': 'b'}, {'x': 'c'}]",
       {{"x", "[{'x': 'b'}, {'x': 'c'}, {'x': 'a'}]"}},
       {{"x", "list(map(string, string))"}},
       196},
  };
  for (const Cost& c : cases) {
    SUBCASE(c.expr) {
      cel::Env env = lists_env();
      for (const auto& [name, type] : c.types) env.add_variable(name, *cel::Type::parse(type));
      Vars vars;
      for (const auto& [name, literal] : c.vars) vars.bind(name, literal);
      auto compiled = env.compile(c.expr);
      REQUIRE_MESSAGE(compiled.ok(), compiled.error);
      const cel::EvalResult r = compiled.program->evaluate(vars.act);
      CHECK(r.value.kind() == cel::Kind::Bool);
      CHECK(r.value.as_bool());
      CHECK(r.cost == c.cost);
    }
  }
}

TEST_CASE("CEL ext.Lists: sortBy leaves equal keys where Go's sort.Slice does") {
  // Orders computed with Go's sort.Slice on the same keys: pattern-defeating quicksort, unstable
  // past 12 elements.
  cel::Env env = lists_env();
  CHECK(cel_test::run(env, "lists.range(20).sortBy(i, [3, 1, 2, 1, 3, 2, 1, 3, 2, 1, 3, 2, 1, 3, 2, 1, 3, 2, 1, 0][i])") ==
        "value: [19, 9, 1, 3, 18, 15, 6, 12, 5, 8, 11, 14, 17, 2, 10, 7, 13, 0, 16, 4]");
  CHECK(cel_test::run(env, "lists.range(60).sortBy(i, i % 10 == 0 ? 1 : 60 - i)") ==
        "value: [20, 59, 0, 30, 50, 10, 40, 58, 57, 56, 55, 54, 53, 52, 51, 49, 48, 47, 46, 45, 44, 43, 42, 41, 39, 38, "
        "37, 36, 35, 34, 33, 32, 31, 29, 28, 27, 26, 25, 24, 23, 22, 21, 19, 18, 17, 16, 15, 14, 13, 12, 11, 9, 8, 7, 6, "
        "5, 4, 3, 2, 1]");
  CHECK(cel_test::run(env, "lists.range(100).sortBy(i, (i * 7919) % 5).slice(0, 20)") ==
        "value: [20, 95, 90, 85, 80, 5, 75, 70, 65, 60, 10, 55, 50, 0, 45, 15, 40, 35, 30, 25]");
}

TEST_CASE("CEL ext.Lists: macro and type errors") {
  static const Case cases[] = {
      {"{}.sortBy(e, e)",
       "compile: ERROR: <input>:1:1: sortBy can only be applied to a list, identifier, comprehension, call or select "
       "expression"},
      {"[1].sortBy(1, e)", "compile: ERROR: <input>:1:12: argument is not an identifier"},
      {"[[1]].sort()", "compile: ERROR: <input>:1:11: found no matching overload for 'sort' applied to 'list(list(int)).()'"},
      {"dyn([[1]]).sort()", "error: list elements must be comparable"},
      {"dyn([1, 'a']).sort()", "error: list elements must have the same type"},
      {"dyn([2, 1.0]).sort()", "error: list elements must have the same type"},
      {"dyn([duration('2s'), duration('1s')]).sort()", "value: [1s, 2s]"},
      {"lists.range(-3)", "value: []"},
  };
  run_table(lists_env(), std::begin(cases), std::end(cases));
}

TEST_CASE("CEL ext.Lists in Kubernetes' environment") {
  cel::Env env = cel_test::kube_env();
  CHECK(cel_test::run(env, "[3, 1, 2].sort().reverse().slice(0, 2) == [3, 2]") == "value: true");
  CHECK(cel_test::run(env, "lists.range(3).map(i, [i, i]).flatten().distinct() == [0, 1, 2]") == "value: true");
  // A list literal of mixed types stays a compile error, as Kubernetes checks literals.
  CHECK(cel_test::run(env, "[[1, 2], 3].flatten()").rfind("compile: ERROR: <input>:1:10: expected type 'list(int)' but found 'int'", 0) ==
        0);
  // Past the cost limit nothing is built.
  env.limits().cost_limit = 1000;
  auto c = env.compile("lists.range(1000000000).size() > 0");
  REQUIRE(c.ok());
  cel::MapActivation none;
  CHECK(std::string(c.program->evaluate(none).value.as_string()) == std::string(cel::kCostLimitError));
}
