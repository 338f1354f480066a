// Kubernetes' lists library (k8s.io/apiserver/pkg/cel/library/lists.go) at v1.37: the list
// cases of apiextensions-apiserver's validation tests, includes (version 1) and its gating by
// compatibility version (apiserver's environment tests), and cost.go's costs (cost_test.go's
// TestListsCost, TestIndexOfCost, TestIncludesCost).
#include <doctest/doctest.h>

#include <string>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {

struct Case {
  const char* expr;
  const char* want;
};

void run_table(const cel::Env& env, const Case* begin, const Case* end) {
  for (const Case* c = begin; c != end; ++c) {
    SUBCASE(c->expr) {
      const std::string got = cel_test::run(env, c->expr);
      const std::string want = c->want;
      // Compile errors are compared by their first line, as upstream's tables quote them.
      if (want.rfind("compile: ", 0) == 0) {
        CHECK_MESSAGE(got.rfind(want, 0) == 0, got);
      } else {
        CHECK(got == want);
      }
    }
  }
}

std::uint64_t cost_of(const std::string& expr) {
  const cel::Env env = cel_test::kube_env();
  auto c = env.compile(expr);
  REQUIRE_MESSAGE(c.ok(), c.error);
  cel::MapActivation none;
  auto r = c.program->evaluate(none);
  REQUIRE_FALSE_MESSAGE(r.value.is_error(), r.value.as_string());
  return r.cost;
}

}  // namespace

TEST_CASE("CEL Kubernetes lists: apiextensions-apiserver's cases") {
  static const Case cases[] = {
      {"[1, 2, 2, 3].sum() == 8", "value: true"},
      {"[1, 2, 2, 3].isSorted()", "value: true"},
      {"[3, 1].isSorted() == false", "value: true"},
      {"[1, 2, 2, 3].indexOf(2) == 1", "value: true"},
      {"[1, 2, 2, 3].lastIndexOf(2) == 2", "value: true"},
      {"[1, 2, 2, 3].lastIndexOf(10) == -1", "value: true"},
      {"[1.0, 2.0, 2.0, 3.0].sum() == 8.0", "value: true"},
      {"[1.0, 2.0, 2.0, 3.0].lastIndexOf(2.0) == 2", "value: true"},
      {"[duration('1h'), duration('1m'), duration('1m'), duration('1s')].sum() == duration('1h2m1s')", "value: true"},
      {"[duration('1s'), duration('1m'), duration('1m')].isSorted()", "value: true"},
      {"[duration('1m'), duration('1s')].isSorted() == false", "value: true"},
      {"[duration('1s'), duration('1m'), duration('1m')].lastIndexOf(duration('1m')) == 2", "value: true"},
      {"[duration('1s')].lastIndexOf(duration('2m')) == -1", "value: true"},
      {"['a', 'b', 'b', 'c'].isSorted()", "value: true"},
      {"['c', 'a'].isSorted() == false", "value: true"},
      {"['a', 'b', 'b', 'c'].lastIndexOf('b') == 2", "value: true"},
      {"[timestamp('2000-01-01T00:00:00.000Z'), timestamp('2000-02-01T00:00:00.000Z')].isSorted()", "value: true"},
      {"[timestamp('2000-03-01T00:00:00.000Z'), timestamp('2000-02-01T00:00:00.000Z')].isSorted() == false",
       "value: true"},
      {"[timestamp('2000-01-01T00:00:00.000Z'), timestamp('2000-02-01T00:00:00.000Z'), "
       "timestamp('2000-02-01T00:00:00.000Z')].lastIndexOf(timestamp('2000-02-01T00:00:00.000Z')) == 2",
       "value: true"},
      {"[{'a': 1}, {'b': 2}].lastIndexOf({'b': 2}) == 1", "value: true"},
      {"([0] + []).min() == 0", "value: true"},
      {"dyn([]).sum() == 0", "value: true"},
      {"dyn([1, 2]).sum() == 3", "value: true"},
      {"dyn([1.0, 2.0]).sum() == 3.0", "value: true"},
      {"[].sum() == 0", "value: true"},
      {"[1, 3].min() == 1 && [1, 3].max() == 3", "value: true"},
      {"['b', 'c', 'a'].max()", "value: \"c\""},
      {"[9223372036854775807, 1].sum()", "error: integer overflow"},
      {"[18446744073709551615u, 1u].sum()", "error: unsigned integer overflow"},
      {"['a', 'b'].sum() == 'c'", "compile: ERROR: <input>:1:15: found no matching overload for 'sum' applied to 'list(string).()'"},
      {"[[1], [2]].min() == [1]", "compile: ERROR: <input>:1:15: found no matching overload for 'min' applied to 'list(list(int)).()'"},
      {"[{'a': 1}, {'b': 2}].max() == {'b': 2}",
       "compile: ERROR: <input>:1:25: found no matching overload for 'max' applied to 'list(map(string, int)).()'"},
  };
  run_table(cel_test::kube_env(), std::begin(cases), std::end(cases));
  cel::Env env = cel_test::kube_env();
  for (const char* e : {"[]", "dyn([])"}) {
    CHECK(cel_test::run(env, std::string(e) + ".min()", false) == "error: min called on empty list");
    CHECK(cel_test::run(env, std::string(e) + ".max()", false) == "error: max called on empty list");
  }
}

TEST_CASE("CEL Kubernetes lists: what the library does with lists it cannot order or add") {
  // Pairs the library cannot order are skipped, as its Compare errors are not "greater".
  static const Case cases[] = {
      {"dyn([2, 'a', 1]).isSorted()", "value: true"},
      {"dyn([2, 1.5]).isSorted()", "value: false"},
      {"dyn([1, 'a', 0]).min()", "value: 0"},
      {"dyn([[1]]).isSorted()", "error: no such overload: isSorted(list)"},
      {"dyn([1, 2.5]).sum()", "error: no such overload"},
      {"dyn([1u, 2u]).sum()", "value: 3u"},
      {"dyn([duration('1s'), duration('2s')]).sum() == duration('3s')", "value: true"},
      {"[1, 2, 1].indexOf(1) == 0 && [1, 2, 1].lastIndexOf(1) == 2", "value: true"},
      {"[1.0].indexOf(dyn(1))", "value: 0"},
      {"[1.0].indexOf(1)", "compile: ERROR: <input>:1:14: found no matching overload for 'indexOf' applied to 'list(double).(int)'"},
  };
  // Mixed lists need an environment without Kubernetes' literal checks.
  cel::Env env;
  cel::add_lists_library(env);
  run_table(env, std::begin(cases), std::end(cases));
}

TEST_CASE("CEL Kubernetes lists: includes (version 1)") {
  static const Case cases[] = {
      {"[1, 2, 3].includes(2)", "value: true"},
      {"[1, 2, 3].includes(4)", "value: false"},
      {"'model-a'.includes('model-a')", "value: true"},
      {"'model-a'.includes('model-b')", "value: false"},
      {"[1, 2].includes(2) == true", "value: true"},
      {"[1.0, 2].includes(1)", "compile: ERROR: <input>:1:7: expected type 'double' but found 'int'"},
      {"[dyn(1.0), dyn(2)].includes(1)", "value: true"},
      {"[[1], [2]].includes([2])", "value: true"},
      {"{'a': 1}.includes({'a': 1})", "value: true"},
      {"1.includes(1u)", "value: true"},
  };
  run_table(cel_test::kube_env(), std::begin(cases), std::end(cases));
}

TEST_CASE("CEL Kubernetes lists: includes by compatibility version") {
  const std::string undeclared =
      "compile: ERROR: <input>:1:16: undeclared reference to 'includes' (in container '')\n"
      " | [1, 2].includes(2)\n"
      " | ...............^";
  // New expressions at 1.36 (a v1.37 API server's default) do not have it; at 1.37 they do.
  cel::Env at_136;
  cel::enable_kubernetes_libraries(at_136, cel::KubeVersion{1, 36});
  CHECK(cel_test::run(at_136, "[1, 2].includes(2)") == undeclared);
  cel::Env at_default;
  cel::enable_kubernetes_libraries(at_default, cel::kDefaultCompatibilityVersion);
  CHECK(cel_test::run(at_default, "[1, 2].includes(2)") == undeclared);
  cel::Env at_137;
  cel::enable_kubernetes_libraries(at_137, cel::KubeVersion{1, 37});
  CHECK(cel_test::run(at_137, "[1, 2].includes(2) == true") == "value: true");
  // Stored expressions have every library, whatever the compatibility version.
  CHECK(cel_test::run(cel_test::kube_env(), "[1, 2].includes(2) == true") == "value: true");
  // The rest of the library is there at every version.
  CHECK(cel_test::run(at_136, "[1, 2, 3].indexOf(2) == 1") == "value: true");
}

TEST_CASE("CEL Kubernetes base environment: what each compatibility version has") {
  struct Gate {
    cel::KubeVersion introduced;
    const char* expr;
    const char* undeclared;  // the name the checker reports missing before `introduced`
  };
  static const Gate gates[] = {
      {{1, 0}, "[1, 2, 3].indexOf(2) == 1 && isURL('http://example.com') && 'a 1 b 2'.find('[0-9]') == '1'", ""},
      {{1, 28}, "optional.of(1).hasValue()", "optional.of"},
      {{1, 29}, "sets.contains([1], [1]) && 'a'.format([]) == 'a' && ['a'].join() == 'a'", "sets.contains"},
      {{1, 30}, "isIP('1.2.3.4') && isCIDR('10.0.0.0/8')", "isIP"},
      {{1, 31}, "format.dns1123Label().validate('a') == optional.none() && cel.bind(x, 1, x == 1)", "format.dns1123Label"},
      // DRA's unversioned semver library, then the base environment's version 1.
      {{1, 31}, "isSemver('1.2.3')", "isSemver"},
      {{1, 34}, "[2, 1].sort() == [1, 2]", "sort"},
      {{1, 37}, "[1].includes(1)", "includes"},
  };
  for (int minor : {27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37}) {
    cel::Env env;
    cel::enable_kubernetes_libraries(env, cel::KubeVersion{1, minor});
    for (const Gate& g : gates) {
      const std::string got = cel_test::run(env, g.expr);
      if (cel::KubeVersion{1, minor} >= g.introduced) {
        CHECK_MESSAGE(got == "value: true", g.expr, " at 1.", minor);
      } else {
        CHECK_MESSAGE(got.find("undeclared reference") != std::string::npos, g.undeclared, " at 1.", minor, ": ", got);
      }
    }
    // Semver's normalizing argument came with its version 1, at 1.33.
    const std::string normalized = cel_test::run(env, "isSemver('v1.2', true)");
    if (minor >= 33) {
      CHECK_MESSAGE(normalized == "value: true", normalized, " at 1.", minor);
    } else if (minor >= 31) {
      CHECK_MESSAGE(normalized.find("found no matching overload for 'isSemver'") != std::string::npos, normalized,
                    " at 1.", minor);
    }
    // Two-variable comprehensions came at 1.32; before, all() takes two arguments only.
    const std::string two = cel_test::run(env, "[1].all(i, v, v > i)");
    CHECK_MESSAGE((two == "value: true") == (minor >= 32), two, " at 1.", minor);
  }
}

TEST_CASE("CEL Kubernetes lists: cost.go's costs") {
  // 10 for the list literal, then the traversal of the receiver instead of the call's unit.
  const std::string ints = "[1, 2, 3, 4, 5]";
  const std::string uints = "[uint(1), uint(2), uint(3), uint(4), uint(5)]";
  const std::string doubles = "[1.0, 2.0, 3.0, 4.0, 5.0]";
  const std::string bools = "[false, true, false, true, false]";
  const std::string strings = "['012345678901', '012345678901', '012345678901', '012345678901', '012345678901']";
  const std::string bytes =
      "[bytes('012345678901'), bytes('012345678901'), bytes('012345678901'), bytes('012345678901'), "
      "bytes('012345678901')]";
  const std::string durations = "[duration('1s'), duration('2s'), duration('3s'), duration('4s'), duration('5s')]";
  const std::string timestamps =
      "[timestamp('2011-01-01T00:00:00.000+01:00'), timestamp('2011-01-02T00:00:00.000+01:00'), "
      "timestamp('2011-01-03T00:00:00.000+01:00'), timestamp('2011-01-04T00:00:00.000+01:00'), "
      "timestamp('2011-01-05T00:00:00.000+01:00')]";
  const std::string text = "'01234567890123456789012345678901234567890123456789'";

  CHECK(cost_of(ints + ".sum()") == 15);
  CHECK(cost_of(uints + ".sum()") == 20);
  CHECK(cost_of(doubles + ".sum()") == 15);
  CHECK(cost_of(durations + ".sum()") == 20);
  for (const char* op : {".isSorted()", ".max()", ".min()"}) {
    CHECK(cost_of(ints + op) == 15);
    CHECK(cost_of(uints + op) == 20);
    CHECK(cost_of(doubles + op) == 15);
    CHECK(cost_of(bools + op) == 15);
    CHECK(cost_of(strings + op) == 15);
    CHECK(cost_of(bytes + op) == 25);
    CHECK(cost_of(durations + op) == 20);
    CHECK(cost_of(timestamps + op) == 20);
  }
  for (const char* op : {".indexOf(", ".lastIndexOf(", ".includes("}) {
    const std::string o = op;
    CHECK(cost_of(ints + o + "3)") == 15);
    CHECK(cost_of(uints + o + "uint(3))") == 21);
    CHECK(cost_of(doubles + o + "3.0)") == 15);
    CHECK(cost_of(bools + o + "true)") == 15);
    CHECK(cost_of(strings + o + "'x')") == 15);
    CHECK(cost_of(bytes + o + "bytes('x'))") == 26);
    CHECK(cost_of(durations + o + "duration('3s'))") == 21);
    CHECK(cost_of(timestamps + o + "timestamp('2011-01-03T00:00:00.000+01:00'))") == 21);
    // indexOf and lastIndexOf of text are the strings library's, priced the same way.
    CHECK(cost_of(text + o + "'123')") == 5);
  }
}
