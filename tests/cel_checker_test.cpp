// CEL type checking against declared variables and functions: result types, cel-go's
// compile errors, declaration text.
#include <doctest/doctest.h>

#include <string>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {

struct Case {
  const char* expr;
  const char* want;  // the result type, or the formatted compile error
};

cel::Env declared_env() {
  cel::Env env = cel_test::kube_env();
  env.add_variable("device", *cel::Type::parse("map(string, map(string, dyn))"));
  env.add_variable("attrs", *cel::Type::parse("map(string, map(string, dyn))"));
  env.add_variable("n", cel::Type::int_());
  env.add_variable("names", cel::Type::list(cel::Type::string()));
  env.add_variable("q", cel::Type::opaque("example.Quantity"));
  env.add_variable("k8s.io.version", cel::Type::string());
  return env;
}

std::string check(const cel::Env& env, const std::string& expr) {
  auto c = env.compile(expr);
  if (!c.ok()) return c.error;
  return c.program->result_type().str();
}

}  // namespace

TEST_CASE("CEL checker decides result types") {
  static const Case cases[] = {
      {"1 + 2", "int"},
      {"n * 2 > 3", "bool"},
      {"device.attributes", "map(string, dyn)"},
      {"device.attributes['gpu.example.com'].memory >= 40", "bool"},
      {"names.map(x, x.size())", "list(int)"},
      {"names.filter(x, x.startsWith('a'))", "list(string)"},
      {"[1, 2]", "list(int)"},
      {"[dyn(1), dyn('a')]", "list(dyn)"},
      {"[]", "list(dyn)"},
      {"{'a': [1]}", "map(string, list(int))"},
      {"n == 1 ? 'a' : 'b'", "string"},
      {"type(n)", "type(int)"},
      {"dyn(n)", "dyn"},
      {"optional.of(n)", "optional_type(int)"},
      {"device.?attributes", "optional_type(map(string, dyn))"},
      {"k8s.io.version", "string"},
      {"k8s.io.version.size()", "int"},
      {"cel.bind(x, n, x + 1)", "int"},
      {"semver('1.2.3').major()", "int"},
      {"names.join(',').split(',')", "list(string)"},
      {"sets.contains(names, ['a'])", "bool"},
      {"[1, 2].sum()", "int"},
  };
  cel::Env env = declared_env();
  for (const Case& c : cases) {
    SUBCASE(c.expr) { CHECK(check(env, c.expr) == c.want); }
  }
}

TEST_CASE("CEL checker errors are cel-go's") {
  static const Case cases[] = {
      {"x + 1", "ERROR: <input>:1:1: undeclared reference to 'x' (in container '')\n | x + 1\n | ^"},
      {"n + 'a'", "ERROR: <input>:1:3: found no matching overload for '_+_' applied to '(int, string)'\n | n + 'a'\n | ..^"},
      {"1 == 1u", "ERROR: <input>:1:3: found no matching overload for '_==_' applied to '(int, uint)'\n | 1 == 1u\n | ..^"},
      {"names.contains(1)",
       "ERROR: <input>:1:15: found no matching overload for 'contains' applied to 'list(string).(int)'\n | "
       "names.contains(1)\n | ..............^"},
      {"n.foo", "ERROR: <input>:1:2: type 'int' does not support field selection\n | n.foo\n | .^"},
      {"nosuch(1)", "ERROR: <input>:1:7: undeclared reference to 'nosuch' (in container '')\n | nosuch(1)\n | ......^"},
      {"n.string()",
       "ERROR: <input>:1:9: found no matching overload for 'string' applied to 'int.()'\n | n.string()\n | ........^"},
      {"'a'.nosuch()", "ERROR: <input>:1:11: undeclared reference to 'nosuch' (in container '')\n | 'a'.nosuch()\n | ..........^"},
      {"q + 1", "ERROR: <input>:1:3: found no matching overload for '_+_' applied to '(example.Quantity, int)'\n | q + 1\n | ..^"},
      {"n.all(x, x)",
       "ERROR: <input>:1:1: expression of type 'int' cannot be range of a comprehension (must be list, map, or dynamic)\n | "
       "n.all(x, x)\n | ^"},
      {"true ? 1 : 'a'",
       "ERROR: <input>:1:6: found no matching overload for '_?_:_' applied to '(bool, int, string)'\n | true ? 1 : 'a'\n | .....^"},
      {"x + y",
       "ERROR: <input>:1:1: undeclared reference to 'x' (in container '')\n | x + y\n | ^\n"
       "ERROR: <input>:1:5: undeclared reference to 'y' (in container '')\n | x + y\n | ....^"},
  };
  cel::Env env = declared_env();
  for (const Case& c : cases) {
    SUBCASE(c.expr) { CHECK(check(env, c.expr) == c.want); }
  }
}

TEST_CASE("CEL declaration types parse from text") {
  static const Case cases[] = {
      {"int", "int"},
      {"map(string, map(string, dyn))", "map(string, map(string, dyn))"},
      {"list( list(int) )", "list(list(int))"},
      {"optional_type(string)", "optional_type(string)"},
      {"example.Quantity", "example.Quantity"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.expr) {
      auto t = cel::Type::parse(c.expr);
      REQUIRE(t.has_value());
      CHECK(t->str() == c.want);
    }
  }
  CHECK_FALSE(cel::Type::parse("map(string)").has_value());
  CHECK_FALSE(cel::Type::parse("list(int").has_value());
  CHECK_FALSE(cel::Type::parse("").has_value());
}

TEST_CASE("CEL literals are homogeneous in Kubernetes' environment only") {
  cel::Env kube = declared_env();
  CHECK(check(kube, "[1, 'a']") == "ERROR: <input>:1:5: expected type 'int' but found 'string'\n | [1, 'a']\n | ....^");
  CHECK(check(kube, "{'a': 1, 'b': 2u}") ==
        "ERROR: <input>:1:15: expected type 'int' but found 'uint'\n | {'a': 1, 'b': 2u}\n | ..............^");
  CHECK(check(kube, "[[1], []]") == "list(list(int))");
  CHECK(check(kube, "[1, dyn(2)]") == "ERROR: <input>:1:8: expected type 'int' but found 'dyn'\n | [1, dyn(2)]\n | .......^");
  CHECK(check(kube, "'%s %d'.format(['a', 1])") == "string");
  CHECK(check(kube, "[?optional.of(1), 2]") == "list(int)");
  cel::Env spec = declared_env();
  spec.set_homogeneous_literals(false);
  CHECK(check(spec, "[1, 'a']") == "list(dyn)");
  CHECK(check(spec, "{'a': 1, 'b': 2u}") == "map(string, dyn)");
}

TEST_CASE("CEL constant arguments are validated in Kubernetes' environment") {
  cel::Env kube = declared_env();
  CHECK(check(kube, "duration('1d')") == "ERROR: <input>:1:10: invalid duration argument\n | duration('1d')\n | .........^");
  CHECK(check(kube, "timestamp('2024-13-01T00:00:00Z')").find("invalid timestamp argument") != std::string::npos);
  CHECK(check(kube, "'a'.matches('(')") == "ERROR: <input>:1:13: invalid matches argument\n | 'a'.matches('(')\n | ............^");
  CHECK(check(kube, "duration('1h') > duration('1m') && 'a'.matches('[a-z]')") == "bool");
  cel::Env spec = declared_env();
  spec.set_literal_validation(false);
  CHECK(check(spec, "duration('1d')") == "google.protobuf.Duration");
}

TEST_CASE("CEL object types declare their fields") {
  cel::Env env = cel_test::kube_env();
  cel::Type attrs = *cel::Type::parse("map(string, map(string, dyn))");
  cel::Type device = env.add_object_type("kubernetes.DRADevice", {{"driver", cel::Type::string()}, {"attributes", attrs}});
  env.add_variable("device", device);
  CHECK(check(env, "device.driver") == "string");
  CHECK(check(env, "device.attributes['a'].b") == "dyn");
  CHECK(check(env, "has(device.driver)") == "bool");
  CHECK(check(env, "device.nosuch") == "ERROR: <input>:1:7: undefined field 'nosuch'\n | device.nosuch\n | ......^");
  CHECK(check(env, "device.driver + 1").find("found no matching overload for '_+_' applied to '(string, int)'") !=
        std::string::npos);
}

TEST_CASE("CEL containers resolve qualified names") {
  cel::Env env = cel_test::kube_env();
  env.set_container("com.example");
  env.add_variable("com.example.x", cel::Type::int_());
  env.add_variable("y", cel::Type::int_());
  CHECK(check(env, "x + y") == "int");
  CHECK(check(env, ".x").find("undeclared reference to '.x' (in container 'com.example')") != std::string::npos);
  cel::MapActivation act;
  act.bind("com.example.x", cel::Value::int_(1));
  act.bind("y", cel::Value::int_(2));
  CHECK(cel_test::run(env, "x + y", true, &act) == "value: 3");
}
