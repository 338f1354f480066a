// The libraries of kube-scheduler's DRA CEL environment (strings, lists, regex, sets,
// optionals, bind, semver), run-time cost limits, and the extension points hosts use to add
// functions and opaque types.
#include <doctest/doctest.h>

#include <string>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {
struct Case {
  const char* expr;
  const char* want;
};

void run_table(const Case* begin, const Case* end) {
  cel::Env env = cel_test::kube_env();
  for (const Case* c = begin; c != end; ++c) {
    SUBCASE(c->expr) { CHECK(cel_test::run(env, c->expr) == c->want); }
  }
}
}  // namespace

TEST_CASE("CEL strings extension") {
  static const Case cases[] = {
      {"'héllo'.charAt(1)", "value: \"é\""},
      {"'abc'.charAt(3)", "value: \"\""},
      {"'abc'.charAt(4)", "error: index out of range: 4"},
      {"'hello mellow'.indexOf('ello')", "value: 1"},
      {"'hello mellow'.indexOf('ello', 2)", "value: 7"},
      {"'hello mellow'.lastIndexOf('ello')", "value: 7"},
      {"'hello mellow'.lastIndexOf('ello', 6)", "value: 1"},
      {"'abc'.indexOf('', 5)", "value: 5"},
      {"'abc'.indexOf('c', 5)", "value: -1"},
      {"'TacoCat'.lowerAscii() + 'TacoCÆt'.upperAscii()", "value: \"tacocatTACOCÆT\""},
      {"'aaa'.replace('a', 'b', 2)", "value: \"bba\""},
      {"'a,b,c'.split(',')", "value: [\"a\", \"b\", \"c\"]"},
      {"'a,b,c'.split(',', 2)", "value: [\"a\", \"b,c\"]"},
      {"'tacocat'.substring(4)", "value: \"cat\""},
      {"'tacocat'.substring(0, 4)", "value: \"taco\""},
      {"'tacocat'.substring(4, 3)", "error: invalid substring range. start: 4, end: 3"},
      {"'  \\ttrim\\n '.trim()", "value: \"trim\""},
      {"['a', 'b'].join('-')", "value: \"a-b\""},
      {"'abc'.reverse()",
       "compile: ERROR: <input>:1:14: found no matching overload for 'reverse' applied to 'string.()'\n | 'abc'.reverse()\n | .............^"},
      {"'%s is %d, %.2f, %x'.format([dyn('x'), dyn(42), dyn(3.14159), dyn(255)])", "value: \"x is 42, 3.14, ff\""},
      {"'%d'.format(['a'])",
       "compile: ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given string\n | '%d'.format(['a'])\n | .............^"},
      {"'%d'.format([dyn('a')])", "error: error during formatting: decimal clause can only be used on integers, was given string"},
      {"'%.2f'.format([1e300]).size()", "value: 404"},
      {"strings.quote('a\"b\\n')", "value: \"\\\"a\\\\\\\"b\\\\n\\\"\""},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL Kubernetes lists library") {
  static const Case cases[] = {
      {"[1, 2, 2, 3].isSorted()", "value: true"},
      {"['b', 'a'].isSorted()", "value: false"},
      {"[1, 2, 3].sum()", "value: 6"},
      {"[1.5, 2.5].sum()", "value: 4"},
      {"[3u, 4u].sum()", "value: 7u"},
      {"[9223372036854775807, 1].sum()", "error: integer overflow"},
      {"[3, 1, 2].min()", "value: 1"},
      {"['b', 'c', 'a'].max()", "value: \"c\""},
      {"[1, 2, 1].indexOf(1)", "value: 0"},
      {"[1, 2, 1].lastIndexOf(1)", "value: 2"},
      {"[1, 2].indexOf(3)", "value: -1"},
  };
  run_table(std::begin(cases), std::end(cases));
  cel::Env env = cel_test::kube_env();
  CHECK(cel_test::run(env, "[].min()", false) == "error: min called on empty list");
}

TEST_CASE("CEL regular expressions have RE2 semantics") {
  static const Case cases[] = {
      {"'gpu-42'.matches('^gpu-[0-9]+$')", "value: true"},
      {"matches('abc', 'b')", "value: true"},
      {"'abc'.matches('^b')", "value: false"},
      {"'abc 123 def 456'.find('[0-9]+')", "value: \"123\""},
      {"'abc'.find('[0-9]+')", "value: \"\""},
      {"'abc 123 def 456'.findAll('[0-9]+')", "value: [\"123\", \"456\"]"},
      {"'a1b2c3'.findAll('[0-9]', 2)", "value: [\"1\", \"2\"]"},
      {"'abc'.matches(dyn('('))", "error: error parsing regexp: missing closing ): `(`"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL sets extension") {
  static const Case cases[] = {
      {"sets.contains([1, 2, 3], [3, 1])", "value: true"},
      {"sets.contains([1], [1, 2])", "value: false"},
      {"sets.contains([1.0], [dyn(1)])", "value: true"},
      {"sets.equivalent([1, 2, 2], [2, 1])", "value: true"},
      {"sets.intersects(['a', 'b'], ['c', 'b'])", "value: true"},
      {"sets.intersects([], [1])", "value: false"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL optional types") {
  static const Case cases[] = {
      {"optional.of(1).hasValue()", "value: true"},
      {"optional.none().hasValue()", "value: false"},
      {"optional.ofNonZeroValue(0).hasValue()", "value: false"},
      {"optional.of(2).value()", "value: 2"},
      {"optional.none().value()", "error: optional.none() dereference"},
      {"optional.none().orValue(5)", "value: 5"},
      {"optional.none().or(optional.of(3)).value()", "value: 3"},
      {"optional.of(1).orValue(1 / 0)", "value: 1"},
      {"{'a': {'b': 1}}.?a.?b.orValue(0)", "value: 1"},
      {"{'a': {'b': 1}}.?x.b.orValue(0)", "value: 0"},
      {"[1, 2][?5].orValue(-1)", "value: -1"},
      {"optional.of(4).optMap(x, x * 2).value()", "value: 8"},
      {"optional.unwrap([optional.of(1), optional.none()])", "value: [1]"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL semver library") {
  static const Case cases[] = {
      {"isSemver('1.2.3-rc.1+build.5')", "value: true"},
      {"isSemver('1.2')", "value: false"},
      {"isSemver('v1.2', true)", "value: true"},
      {"isSemver('01.2.3')", "value: false"},
      {"semver('1.2.3').major() + semver('1.2.3').minor() + semver('1.2.3').patch()", "value: 6"},
      {"semver('1.10.0').isGreaterThan(semver('1.9.9'))", "value: true"},
      {"semver('1.0.0-alpha').isLessThan(semver('1.0.0'))", "value: true"},
      {"semver('1.0.0-alpha.2').compareTo(semver('1.0.0-alpha.10'))", "value: -1"},
      {"semver('1.0.0-beta').compareTo(semver('1.0.0-alpha.1'))", "value: 1"},
      {"semver('1.2.3+a') == semver('1.2.3+b')", "value: true"},
      {"semver('v1.02', true).minor()", "value: 2"},
      {"semver('1.2')", "error: No Major.Minor.Patch elements found"},
      {"type(semver('1.2.3')) == kubernetes.Semver", "value: true"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL semver values from host text") {
  cel::Env env = cel_test::kube_env();
  env.add_variable("v", cel::Type::opaque("kubernetes.Semver"));
  cel::MapActivation act;
  act.bind("v", cel::semver_value("1.4.0-rc.1"));
  CHECK(cel_test::run(env, "v.isGreaterThan(semver('1.3.9')) && v.isLessThan(semver('1.4.0'))", true, &act) ==
        "value: true");
  cel::Value bad = cel::semver_value("1.4");
  REQUIRE(bad.is_error());
  CHECK(bad.as_string() == "No Major.Minor.Patch elements found");
}

TEST_CASE("CEL run-time cost is counted and limited") {
  cel::Env env = cel_test::kube_env();
  env.limits().cost_limit = 1000;
  auto cheap = env.compile("[1, 2, 3].all(x, x > 0)");
  REQUIRE(cheap.ok());
  cel::MapActivation none;
  auto r = cheap.program->evaluate(none);
  CHECK(r.value.debug_string() == "true");
  CHECK(r.cost > 0);
  CHECK(r.cost < 1000);
  auto costly = env.compile("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(a, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(b, "
                            "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(c, a + b + c > 0)))");
  REQUIRE(costly.ok());
  r = costly.program->evaluate(none);
  REQUIRE(r.value.is_error());
  CHECK(r.value.as_string() == cel::kCostLimitError);
}

namespace {

// A host type: a quantity in milli-units, as a host library would add one.
class Quantity : public cel::OpaqueValue {
 public:
  explicit Quantity(std::int64_t milli) : milli_(milli) {}
  std::string_view type_name() const override { return "example.Quantity"; }
  bool equals(const cel::OpaqueValue& o) const override { return milli_ == static_cast<const Quantity&>(o).milli_; }
  std::string debug_string() const override { return std::to_string(milli_) + "m"; }
  std::int64_t milli() const { return milli_; }

 private:
  std::int64_t milli_;
};

void add_quantity_library(cel::Env& env) {
  cel::Type q = cel::Type::opaque("example.Quantity");
  env.add_type("example.Quantity", q);
  cel::Overload parse;
  parse.id = "example_quantity_string";
  parse.params = {cel::Type::string()};
  parse.result = q;
  parse.impl = [](std::span<const cel::Value> a, cel::EvalContext&) {
    std::string s(a[0].as_string());
    if (s.empty()) return cel::Value::error("quantities must match the regular expression");
    std::int64_t m = s.back() == 'm' ? std::stoll(s.substr(0, s.size() - 1)) : std::stoll(s) * 1000;
    return cel::Value::opaque(std::make_shared<Quantity>(m));
  };
  cel::Overload greater;
  greater.id = "example_quantity_is_greater_than";
  greater.params = {q, q};
  greater.result = cel::Type::boolean();
  greater.member = true;
  greater.impl = [](std::span<const cel::Value> a, cel::EvalContext&) {
    return cel::Value::boolean(static_cast<const Quantity&>(a[0].as_opaque()).milli() >
                               static_cast<const Quantity&>(a[1].as_opaque()).milli());
  };
  REQUIRE_FALSE(env.add_function("quantity", {parse}).has_value());
  REQUIRE_FALSE(env.add_function("isGreaterThan", {greater}).has_value());
  CHECK(env.add_function("quantity", {parse}).value() == "overload id already declared: example_quantity_string");
}

// Host data seen through CEL without copying: device.driver, device.capacity.
struct DeviceMap : cel::MapValue {
  std::string driver = "gpu.example.com";
  Quantity capacity{80000};
  std::size_t size() const override { return 2; }
  cel::Value key_at(std::size_t i) const override { return cel::Value::string_view(i ? "capacity" : "driver"); }
  std::optional<cel::Value> find(const cel::Value& k) const override {
    if (k.kind() != cel::Kind::String) return std::nullopt;
    if (k.as_string() == "driver") return cel::Value::string_view(driver);
    if (k.as_string() == "capacity") return cel::Value::borrowed_opaque(capacity);
    return std::nullopt;
  }
};

struct DeviceActivation : cel::Activation {
  const DeviceMap* device;
  std::optional<cel::Value> resolve(std::string_view name) const override {
    if (name == "device") return cel::Value::borrowed_map(*device);
    return std::nullopt;
  }
};

}  // namespace

TEST_CASE("CEL hosts add opaque types and functions, and lend their data") {
  cel::Env env = cel_test::kube_env();
  add_quantity_library(env);
  env.add_variable("device", *cel::Type::parse("map(string, dyn)"));
  DeviceMap dev;
  DeviceActivation act;
  act.device = &dev;
  CHECK(cel_test::run(env, "quantity('2').isGreaterThan(quantity('1500m'))") == "value: true");
  CHECK(cel_test::run(env, "device.capacity.isGreaterThan(quantity('40')) && device.driver.endsWith('.com')", true,
                      &act) == "value: true");
  CHECK(cel_test::run(env, "type(quantity('1')) == example.Quantity") == "value: true");
  CHECK(cel_test::run(env, "quantity('1') == quantity('1000m')") == "value: true");
  CHECK(cel_test::run(env, "quantity('1') + 1").find("found no matching overload for '_+_' applied to "
                                                      "'(example.Quantity, int)'") != std::string::npos);
  CHECK(cel_test::run(env, "quantity('')") == "error: quantities must match the regular expression");
  CHECK(cel_test::run(env, "device.capacity.isGreaterThan(1)", true, &act)
            .find("found no matching overload for 'isGreaterThan' applied to 'dyn.(int)'") != std::string::npos);
  CHECK(cel_test::run(env, "device.capacity.isGreaterThan(dyn(1))", true, &act) ==
        "error: no such overload: isGreaterThan(example.Quantity, int)");
}

TEST_CASE("CEL semver: parsing costs ceil(0.1 * characters), as Kubernetes' cost estimator counts it") {
  cel::Env env = cel_test::kube_env();
  podfit::cel::MapActivation none;
  auto cost = [&](const char* expr) {
    auto c = env.compile(expr);
    REQUIRE(c.ok());
    return c.program->evaluate(none).cost;
  };
  CHECK(cost("semver('1.2.3')") == 1);
  CHECK(cost("isSemver('')") == 0);
  CHECK(cost("semver('10.20.30-beta')") == 2);
  CHECK(cost("isSemver('v1.0.0', true)") == 1);
  CHECK(cost("semver('1.0.0').major()") == 2);
}
