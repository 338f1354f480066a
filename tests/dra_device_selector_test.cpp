// DRA device selectors: the cases of k8s.io/dynamic-resource-allocation/cel's compile tests
// (list-type attributes aside: DRAListTypeAttributes is off in v1.37), plus our own.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "podfit/dra/device_selector.h"

namespace dra = podfit::dra;
using podfit::Device;
using podfit::DeviceAttribute;
using podfit::Quantity;

namespace {

DeviceAttribute int_attr(std::int64_t v) {
  DeviceAttribute a;
  a.kind = DeviceAttribute::Kind::Int;
  a.int_value = v;
  return a;
}
DeviceAttribute bool_attr(bool v) {
  DeviceAttribute a;
  a.kind = DeviceAttribute::Kind::Bool;
  a.bool_value = v;
  return a;
}
DeviceAttribute string_attr(std::string v) {
  DeviceAttribute a;
  a.kind = DeviceAttribute::Kind::String;
  a.string_value = std::move(v);
  return a;
}
DeviceAttribute version_attr(std::string v) {
  DeviceAttribute a = string_attr(std::move(v));
  a.kind = DeviceAttribute::Kind::Version;
  return a;
}

struct Case {
  std::string name;
  std::string expression;
  std::string driver;
  std::vector<podfit::NamedAttribute> attributes;
  std::vector<std::pair<std::string, std::string>> capacity;
  std::optional<bool> allow_multiple_allocations;
  std::string compile_error;  // a part of the error, as upstream's table checks it
  std::string match_error;    // likewise
  bool match = false;
  dra::Expressions kind = dra::Expressions::Stored;
  bool consumable_capacity = true;
};

Device device_of(const Case& c) {
  Device d;
  d.name = "device-0";
  d.attributes = c.attributes;
  for (const auto& [name, text] : c.capacity) d.capacity.push_back({name, {*Quantity::parse(text), std::nullopt}});
  d.allow_multiple_allocations = c.allow_multiple_allocations;
  return d;
}

const std::string kExpensive =
    "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(x, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(y, [1, 2, 3, 4, 5, 6, 7, 8, 9, "
    "10].all(z, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z2, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z3, [1, 2, 3, 4, 5, 6, "
    "7, 8, 9, 10].all(z4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z5, int('1'.find('[0-9]*')) < 100)))))))";

const std::string kAll = R"(
device.capacity["dra.example.com"].quantity.isGreaterThan(quantity("1Ki")) &&
device.attributes["dra.example.com"].bool &&
device.attributes["dra.example.com"].int > 0 &&
device.attributes["dra.example.com"].string == "fish" &&
device.attributes["dra.example.com"].version.isGreaterThan(semver("0.0.1")) &&
device.capacity["dra.example.com"]["quantity"].isGreaterThan(quantity("1Ki")) &&
device.attributes["dra.example.com"]["bool"] &&
device.attributes["dra.example.com"]["int"] > 0 &&
device.attributes["dra.example.com"]["string"] == "fish" &&
device.attributes["dra.example.com"]["version"].isGreaterThan(semver("0.0.1"))
)";

}  // namespace

TEST_CASE("DRA device selectors: upstream's compile and match table") {
  const std::string ex = "dra.example.com";
  const std::vector<Case> cases = {
      {"true", "true", "", {}, {}, {}, "", "", true},
      {"false", "false", "", {}, {}, {}, "", "", false},
      {"syntax-error", "?!", "", {}, {}, {}, "Syntax error"},
      {"type-error", "1", "", {}, {}, {}, "must evaluate to bool or the unknown type, not int"},
      {"runtime-error-lookup-identifier",
       R"(device.attributes["no-such-domain"].noSuchAttr.isGreaterThan(quantity("0")))", "", {}, {}, {}, "",
       "no such key: noSuchAttr"},
      {"runtime-error-lookup-map", R"(device.attributes["no-such-domain"]["noSuchAttr"].isGreaterThan(quantity("0")))",
       "", {}, {}, {}, "", "no such key: noSuchAttr"},
      {"domain-check-negative", R"("no-such-domain" in device.attributes)", "", {}, {}, {}, "", "", false},
      {"domain-check-positive", R"("dra.example.com" in device.attributes)", "",
       {{"dra.example.com/something", bool_attr(true)}}, {}, {}, "", "", true},
      {"empty-driver-name", R"(device.driver == "")", "", {}, {}, {}, "", "", true},
      {"real-driver-name", R"(device.driver == "dra.example.com")", ex, {}, {}, {}, "", "", true},
      {"driver-name-qualifier", R"(device.attributes["dra.example.com"].name)", ex, {{"name", bool_attr(true)}}, {},
       {}, "", "", true},
      {"driver-name-qualifier-map-lookup", R"(device.attributes["dra.example.com"]["name"])", ex,
       {{"name", bool_attr(true)}}, {}, {}, "", "", true},
      {"bind", R"(cel.bind(dra, device.attributes["dra.example.com"], dra.name))", ex, {{"name", bool_attr(true)}},
       {}, {}, "", "", true},
      {"qualified-attribute-name", R"(device.attributes["other.example.com"].name)", ex,
       {{"other.example.com/name", bool_attr(true)}}, {}, {}, "", "", true},
      {"bool", R"(device.attributes["dra.example.com"].name)", ex, {{"name", bool_attr(true)}}, {}, {}, "", "", true},
      {"int", R"(device.attributes["dra.example.com"].name > 0)", ex, {{"name", int_attr(1)}}, {}, {}, "", "", true},
      {"string", R"(device.attributes["dra.example.com"].name == "fish")", ex, {{"name", string_attr("fish")}}, {},
       {}, "", "", true},
      {"version", R"(device.attributes["dra.example.com"].name.isGreaterThan(semver("0.0.1")))", ex,
       {{"name", version_attr("1.0.0")}}, {}, {}, "", "", true},
      {"version_v",
       R"(device.attributes["dra.example.com"].name.isGreaterThan(semver("v0.0.1", true)) && isSemver("v1.0.0", true))",
       ex, {{"name", version_attr("1.0.0")}}, {}, {}, "", "", true},
      {"quantity", R"(device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki")))", ex, {},
       {{"name", "1Mi"}}, {}, "", "", true},
      {"check-positive",
       R"("name" in device.capacity["dra.example.com"] && device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki")))",
       ex, {}, {{"name", "1Mi"}}, {}, "", "", true},
      {"check-negative",
       R"(!("name" in device.capacity["dra.example.com"]) || device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki")))",
       "", {}, {}, {}, "", "", true},
      {"all", kAll, ex,
       {{"bool", bool_attr(true)}, {"int", int_attr(1)}, {"string", string_attr("fish")},
        {"version", version_attr("1.0.0")}},
       {{"quantity", "1Mi"}}, {}, "", "", true},
      {"many",
       R"(device.attributes["dra.example.com"].a && device.attributes["dra.example.com"].b && device.attributes["dra.example.com"].c)",
       ex, {{"a", bool_attr(true)}, {"b", bool_attr(true)}, {"c", bool_attr(true)}}, {}, {}, "", "", true},
      {"check_attribute_domains", R"(device.attributes.exists_one(x, x == "dra.example.com"))", ex,
       {{"services", string_attr("some_example_value")}}, {}, {}, "", "", true},
      {"check_attribute_ids", R"(device.attributes["dra.example.com"].exists_one(x, x == "services"))", ex,
       {{"services", string_attr("some_example_value")}}, {}, {}, "", "", true},
      {"split_attribute", R"(device.attributes["dra.example.com"].services.split("example").size() >= 2)", ex,
       {{"services", string_attr("some_example_value")}}, {}, {}, "", "", true},
      {"regexp_attribute", R"(device.attributes["dra.example.com"].services.matches("[^a]?sym"))", ex,
       {{"services", string_attr("asymetric")}}, {}, {}, "", "", true},
      {"check_capacity_domains", R"(device.capacity.exists_one(x, x == "dra.example.com"))", ex, {},
       {{"memory", "1Mi"}}, {}, "", "", true},
      {"check_capacity_ids", R"(device.capacity["dra.example.com"].exists_one(x, x == "memory"))", ex, {},
       {{"memory", "1Mi"}}, {}, "", "", true},
      {"expensive", kExpensive, ex, {}, {}, {}, "", "actual cost limit exceeded"},
      {"allow_multiple_allocations", "device.allowMultipleAllocations == true", ex, {}, {}, true, "", "", true},
      {"allow_multiple_allocations_default", "device.allowMultipleAllocations == false", ex, {}, {}, std::nullopt,
       "", "", true},
      {"allow_multiple_allocations_false", "device.allowMultipleAllocations == false", ex, {}, {}, false, "", "",
       true},
      {"allow_multiple_allocations_new", "device.allowMultipleAllocations == false", ex, {}, {}, false, "", "", true,
       dra::Expressions::New},
      {"allow_multiple_allocations_disabled", "device.allowMultipleAllocations == false", ex, {}, {}, {},
       "undefined field 'allowMultipleAllocations'", "", false, dra::Expressions::New, false},
      {"allow_multiple_allocations_stored_while_disabled", "device.allowMultipleAllocations == false", ex, {}, {}, {},
       "", "", true, dra::Expressions::Stored, false},
      {"includes-function-compilation-error", R"(device.attributes["dra.example.com"].attr.includes("fish"))", ex,
       {}, {}, {}, "undeclared reference to 'includes'", "", false, dra::Expressions::New},
      // Kubernetes' lists library version 1 (includes) came at v1.37: stored selectors have it.
      {"includes-stored", R"(device.attributes["dra.example.com"].attr.includes("fish"))", ex,
       {{"attr", string_attr("fish")}}, {}, {}, "", "", true},
      {"includes-stored-list", R"(["fish", "chips"].includes(device.attributes["dra.example.com"].attr))", ex,
       {{"attr", string_attr("chips")}}, {}, {}, "", "", true},
      {"includes-stored-absent", R"(["fish", "chips"].includes(device.attributes["dra.example.com"].attr))", ex,
       {{"attr", string_attr("peas")}}, {}, {}, "", "", false},
      // cel-go's lists extension came at v1.34, before the compatibility version: both have it.
      {"ext-lists-new", R"(["b", "a"].sort() == ["a", "b"] && lists.range(3).reverse()[0] == 2)", ex, {}, {}, {}, "",
       "", true, dra::Expressions::New},
      {"ext-lists-stored", R"(device.attributes["dra.example.com"].attr.split(",").sortBy(s, s.size()).distinct() == ["a", "bb"])",
       ex, {{"attr", string_attr("bb,a,a")}}, {}, {}, "", "", true},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name.c_str()) {
      dra::SelectorCompiler compiler(dra::SelectorFeatures{c.consumable_capacity, false}, c.kind);
      dra::CompiledSelector s = compiler.compile(c.expression);
      if (!c.compile_error.empty()) {
        REQUIRE_FALSE(s.ok());
        CHECK_MESSAGE(s.error().find(c.compile_error) != std::string::npos, s.error());
        continue;
      }
      REQUIRE_MESSAGE(s.ok(), s.error());
      Device d = device_of(c);
      dra::MatchResult r = s.matches(dra::DeviceView(c.driver, d));
      if (!c.match_error.empty()) {
        CHECK_MESSAGE(r.error.find(c.match_error) != std::string::npos, r.error);
        continue;
      }
      CHECK_MESSAGE(r.error.empty(), r.error);
      CHECK(r.matches == c.match);
    }
  }
}

TEST_CASE("DRA device selectors: whole error texts") {
  dra::SelectorCompiler compiler;
  Device d;
  d.attributes.push_back({"model", string_attr("A100")});
  d.attributes.push_back({"index", int_attr(3)});
  dra::DeviceView view("gpu.example.com", d);

  // The compile error as the API server words it, with cel-go's source excerpt.
  CHECK(compiler.compile("device.driver ==").error() ==
        "compilation failed: ERROR: <input>:1:17: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', "
        "'.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n"
        " | device.driver ==\n"
        " | ................^");
  CHECK(compiler.compile("device.driver").error() == "must evaluate to bool or the unknown type, not string");
  CHECK(compiler.compile("device.attributes").error() ==
        "must evaluate to bool or the unknown type, not map(string, map(string, dyn))");

  // A selector typed dyn that yields something else fails at run time, as upstream's conversion does.
  CHECK(compiler.compile("device.attributes['gpu.example.com'].model").matches(view).error ==
        "CEL result of type string could not be converted to bool: unsupported native conversion from string to "
        "'bool'");
  CHECK(compiler.compile("device.attributes['gpu.example.com'].index").matches(view).error ==
        "CEL result of type int could not be converted to bool: unsupported type conversion from 'int' to bool");

  // A domain nobody published is an empty map: absent for `in`, present for has().
  CHECK(compiler.compile("device.attributes['x.example.com'].size() == 0").matches(view).matches);
  CHECK_FALSE(compiler.compile("'x.example.com' in device.attributes").matches(view).matches);
  CHECK(compiler.compile("device.attributes.all(d, d == 'gpu.example.com')").matches(view).matches);
  CHECK(compiler.compile("device.attributes['gpu.example.com'].index == 3").matches(view).matches);
  CHECK(compiler.compile("device.attributes['gpu.example.com'].missing == 3").matches(view).error ==
        "no such key: missing");
}

TEST_CASE("DRA device selectors: the API server's check of a new selector") {
  CHECK(dra::new_selector_error("device.driver == 'gpu.example.com'").empty());
  CHECK(dra::new_selector_error("device.allowMultipleAllocations").empty());
  CHECK(dra::new_selector_error("device.allowMultipleAllocations", dra::SelectorFeatures{false, false})
            .detail.find("undefined field 'allowMultipleAllocations'") != std::string::npos);
  CHECK(dra::new_selector_error("1 + 1").detail == "must evaluate to bool or the unknown type, not int");
  // New selectors compile at the compatibility version, v1.36, which has no includes.
  CHECK(dra::new_selector_error("['a'].includes('a')").detail ==
        "compilation failed: ERROR: <input>:1:15: undeclared reference to 'includes' (in container '')\n"
        " | ['a'].includes('a')\n"
        " | ..............^");
  CHECK(dra::SelectorCompiler({}, dra::Expressions::Stored).compile("['a'].includes('a')").ok());
  // cel-go's optimizer folds a conversion of a constant when it plans the program; a failing one
  // is an Internal error, not an invalid expression.
  const dra::SelectorError folded = dra::new_selector_error("double('1e400') > 1.0");
  CHECK(folded.internal);
  CHECK(folded.detail == "program instantiation failed: type conversion error from 'string' to 'double'");
  CHECK(dra::new_selector_error("int('x') == 1").detail ==
        "program instantiation failed: type conversion error from 'string' to 'int'");
  CHECK(dra::new_selector_error("double('1_000.5') > 1.0").empty());
  CHECK(dra::new_selector_error("timestamp('2023-01-01t00:00:00z') < timestamp(1)").detail.find(
            "invalid timestamp argument") != std::string::npos);
  CHECK(dra::new_selector_error("'a'.matches('\\\\C')").detail.find("invalid matches argument") != std::string::npos);
}

TEST_CASE("DRA device selectors: constant list and map literals cost nothing, as with cel-go's OptOptimize") {
  // Ten comparisons against a constant list of ten inside a loop of ten: with the literals folded
  // the evaluation stays far below a limit that unfolded literals (10 each) would not.
  dra::SelectorCompiler compiler;
  Device d;
  dra::DeviceView view("gpu.example.com", d);
  const std::string expr = "[1, 2, 3].all(x, x in [1, 2, 3] && {'a': 1}['a'] == 1)";
  podfit::cel::Env plain;  // no folding: each literal is built and charged
  podfit::cel::Env folding;
  folding.set_constant_folding(true);
  podfit::cel::MapActivation none;
  const auto unfolded_cost = plain.compile(expr).program->evaluate(none).cost;
  const auto folded_cost = folding.compile(expr).program->evaluate(none).cost;
  CHECK(unfolded_cost - folded_cost == 10 + 3 * (10 + 30));
  CHECK(compiler.compile(expr).matches(view).matches);
  // A list holding a variable is built at run time and charged.
  CHECK(folding.compile("[1, 2].exists(x, [x] == [1])").program->evaluate(none).cost >
        folding.compile("[1, 2].exists(x, x == 1)").program->evaluate(none).cost);
}

TEST_CASE("DRA selectors: the environment of each release") {
  // Stored: what kube-scheduler of the release compiles with (every library of its code);
  // new: what its API server accepts in an object being created (its release less one).
  struct Release {
    const char* expression;
    int minor;
    dra::Expressions kind;
    const char* error;  // a part of the compile error; empty when it compiles
    bool consumable_capacity = false;
  };
  const auto stored = dra::Expressions::Stored;
  const auto fresh = dra::Expressions::New;
  static const Release cases[] = {
      // environment/base.go: semver version 1 (normalization) 1.33; DRA had version 0 from 1.31.
      {"semver('1.2.3').major() == 1", 32, stored, ""},
      {"semver('1.2.3').major() == 1", 32, fresh, ""},
      {"semver('v1.2', true).major() == 1", 32, stored, "found no matching overload for 'semver'"},
      {"semver('v1.2', true).major() == 1", 33, stored, ""},
      {"semver('v1.2', true).major() == 1", 33, fresh, "found no matching overload for 'semver'"},
      {"semver('v1.2', true).major() == 1", 34, fresh, ""},
      // Two-variable comprehensions 1.32.
      {"{'a': 1}.all(k, v, v > 0)", 32, stored, ""},
      {"{'a': 1}.all(k, v, v > 0)", 32, fresh, "ERROR: <input>"},
      {"{'a': 1}.all(k, v, v > 0)", 33, fresh, ""},
      // ext.Lists version 3 1.34.
      {"[2, 1].sort() == [1, 2]", 33, stored, "undeclared reference to 'sort'"},
      {"[2, 1].sort() == [1, 2]", 34, stored, ""},
      {"[2, 1].sort() == [1, 2]", 34, fresh, "undeclared reference to 'sort'"},
      {"[2, 1].sort() == [1, 2]", 35, fresh, ""},
      // dynamic-resource-allocation/cel: device.allowMultipleAllocations from 1.34, for new
      // expressions only with DRAConsumableCapacity.
      {"device.allowMultipleAllocations", 33, stored, "undefined field 'allowMultipleAllocations'", true},
      {"device.allowMultipleAllocations", 34, stored, ""},
      {"device.allowMultipleAllocations", 35, fresh, "undefined field 'allowMultipleAllocations'"},
      {"device.allowMultipleAllocations", 35, fresh, "", true},
      // DRA's includes of 1.36 (DRAListTypeAttributes) is in its stored environment; the lists
      // library's of 1.37 reaches new expressions at 1.38.
      {"['a'].includes('a')", 35, stored, "undeclared reference to 'includes'"},
      {"['a'].includes('a')", 36, stored, ""},
      {"['a'].includes('a')", 36, fresh, "undeclared reference to 'includes'"},
      {"['a'].includes('a')", 37, stored, ""},
      {"['a'].includes('a')", 37, fresh, "undeclared reference to 'includes'"},
  };
  for (const Release& c : cases) {
    dra::SelectorFeatures features;
    features.consumable_capacity = c.consumable_capacity;
    features.release = podfit::cel::KubeVersion{1, c.minor};
    const dra::CompiledSelector s = dra::SelectorCompiler(features, c.kind).compile(c.expression);
    const std::string what = std::string(c.expression) + " at 1." + std::to_string(c.minor) +
                             (c.kind == stored ? " stored" : " new");
    if (std::string(c.error).empty()) {
      CHECK_MESSAGE(s.ok(), what, ": ", s.error());
    } else {
      CHECK_MESSAGE(s.error().find(c.error) != std::string::npos, what, ": ", s.error());
    }
  }
  // The same through the API server's check and the scheduler's compiler.
  dra::SelectorFeatures at_133;
  at_133.release = podfit::cel::KubeVersion{1, 33};
  CHECK(dra::new_selector_error("isSemver('v1.2', true)", at_133).detail.find("found no matching overload") != std::string::npos);
  CHECK(dra::stored_selector_compiler(podfit::cel::KubeVersion{1, 33}).compile("isSemver('v1.2', true)").ok());
  CHECK_FALSE(dra::stored_selector_compiler(podfit::cel::KubeVersion{1, 32}).compile("isSemver('v1.2', true)").ok());
  // DRA's includes: a value equals, a list holds it; lists longer than 48 values are refused.
  const dra::SelectorCompiler at_136({true, false, podfit::cel::KubeVersion{1, 36}}, stored);
  Device d;
  d.name = "device-0";
  const dra::DeviceView view("dra.example.com", d);
  CHECK(at_136.compile("'a'.includes('a') && [1, 2].includes(2) && !['a'].includes('b')").matches(view).matches);
  std::string long_list = "[";
  for (int i = 0; i < 49; ++i) long_list += (i ? ", " : "") + std::to_string(i);
  CHECK(at_136.compile(long_list + "].includes(100)").matches(view).error ==
        "'includes' function cannot be applied to lists longer than 48 values");
}
