// Kubernetes' CEL quantity library: the cases of k8s.io/apiserver/pkg/cel/library/quantity_test.go
// and of the library's documentation, then edge cases of apimachinery's Quantity seen through CEL.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

#include "cel_test_support.h"
#include "podfit/dra/cel_quantity.h"

namespace cel = podfit::cel;
namespace dra = podfit::dra;
using podfit::Quantity;

namespace {

struct Case {
  const char* expr;
  const char* want;
};

cel::Env quantity_env() {
  cel::Env env = cel_test::kube_env();
  dra::add_quantity_library(env);
  return env;
}

void run_table(const Case* begin, const Case* end) {
  const cel::Env env = quantity_env();
  for (const Case* c = begin; c != end; ++c) {
    SUBCASE(c->expr) { CHECK(cel_test::run(env, c->expr) == c->want); }
  }
}

// The double an expression evaluates to; NaN (and a failed check) when it is not one.
double eval_double(const std::string& expr) {
  const cel::Env env = quantity_env();
  auto c = env.compile(expr);
  REQUIRE_MESSAGE(c.ok(), c.error);
  cel::MapActivation none;
  auto r = c.program->evaluate(none);
  REQUIRE_MESSAGE(r.value.kind() == cel::Kind::Double, r.value.debug_string());
  return r.value.as_double();
}

std::uint64_t eval_cost(const std::string& expr) {
  const cel::Env env = quantity_env();
  auto c = env.compile(expr);
  REQUIRE_MESSAGE(c.ok(), c.error);
  cel::MapActivation none;
  return c.program->evaluate(none).cost;
}

constexpr const char* kFormatError =
    "error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

}  // namespace

TEST_CASE("CEL quantity: TestQuantity of k8s.io/apiserver/pkg/cel/library") {
  static const Case cases[] = {
      // parse
      {"quantity(\"12Mi\")", "value: 12Mi"},
      {"quantity(\"12Mi\") == quantity(\"12582912\")", "value: true"},
      // parseInvalidSuffix, parseInvalidSuffixPassesRegex
      {"quantity(\"10Mo\")", kFormatError},
      {"quantity(\"10Mm\")", "error: unable to parse quantity's suffix"},
      // isQuantity, _megabytes, _mebibytes, _invalidSuffix, _passingRegex
      {"isQuantity(\"20\")", "value: true"},
      {"isQuantity(\"20M\")", "value: true"},
      {"isQuantity(\"20Mi\")", "value: true"},
      {"isQuantity(\"20Mo\")", "value: false"},
      {"isQuantity(\"10Mm\")", "value: false"},
      // isQuantity_noOverload
      {"isQuantity([1, 2, 3])",
       "compile: ERROR: <input>:1:11: found no matching overload for 'isQuantity' applied to '(list(int))'\n"
       " | isQuantity([1, 2, 3])\n"
       " | ..........^"},
      // equality_reflexivity, equality_symmetry, equality_transitivity, inequality
      {"quantity(\"200M\") == quantity(\"200M\")", "value: true"},
      {"quantity(\"200M\") == quantity(\"0.2G\") && quantity(\"0.2G\") == quantity(\"200M\")", "value: true"},
      {"quantity(\"2M\") == quantity(\"0.002G\") && quantity(\"2000k\") == quantity(\"2M\") && "
       "quantity(\"0.002G\") == quantity(\"2000k\")",
       "value: true"},
      {"quantity(\"200M\") == quantity(\"0.3G\")", "value: false"},
      // quantity_less, _less_obvious, _less_false
      {"quantity(\"50M\").isLessThan(quantity(\"50Mi\"))", "value: true"},
      {"quantity(\"50M\").isLessThan(quantity(\"100M\"))", "value: true"},
      {"quantity(\"100M\").isLessThan(quantity(\"50M\"))", "value: false"},
      // quantity_greater, _greater_obvious, _greater_false
      {"quantity(\"50Mi\").isGreaterThan(quantity(\"50M\"))", "value: true"},
      {"quantity(\"150Mi\").isGreaterThan(quantity(\"100Mi\"))", "value: true"},
      {"quantity(\"50M\").isGreaterThan(quantity(\"100M\"))", "value: false"},
      // compare_equal, compare_less, compare_greater
      {"quantity(\"200M\").compareTo(quantity(\"0.2G\"))", "value: 0"},
      {"quantity(\"50M\").compareTo(quantity(\"50Mi\"))", "value: -1"},
      {"quantity(\"50Mi\").compareTo(quantity(\"50M\"))", "value: 1"},
      // add_quantity, add_int, sub_quantity, sub_int
      {"quantity(\"50k\").add(quantity(\"20\")) == quantity(\"50.02k\")", "value: true"},
      {"quantity(\"50k\").add(20).isLessThan(quantity(\"50020\"))", "value: false"},
      {"quantity(\"50k\").sub(quantity(\"20\")) == quantity(\"49.98k\")", "value: true"},
      {"quantity(\"50k\").sub(20) == quantity(\"49980\")", "value: true"},
      // arith_chain_1, arith_chain
      {"quantity(\"50k\").add(20).sub(quantity(\"100k\")).asInteger()", "value: -49980"},
      {"quantity(\"50k\").add(20).sub(quantity(\"100k\")).sub(-50000).asInteger()", "value: 20"},
      // as_integer, as_integer_error, is_integer (twice)
      {"quantity(\"50k\").asInteger()", "value: 50000"},
      {"quantity(\"9999999999999999999999999999999999999G\").asInteger()", "error: cannot convert value to integer"},
      {"quantity(\"9999999999999999999999999999999999999G\").isInteger()", "value: false"},
      {"quantity(\"50\").isInteger()", "value: true"},
      // add_does_not_mutate_receiver
      {"[quantity(\"9999999999999999999999999999999999999\")].all(x, "
       "x.add(quantity(\"1\")).compareTo(x.add(quantity(\"2\"))) == -1)",
       "value: true"},
  };
  run_table(std::begin(cases), std::end(cases));
  // as_float
  CHECK(eval_double("quantity(\"50.703k\").asApproximateFloat()") == 50703.0);
}

TEST_CASE("CEL quantity: the examples of the library's documentation") {
  static const Case cases[] = {
      {"quantity('1.5G')", "value: 1500M"},
      {"quantity('200k')", "value: 200k"},
      {"quantity('200K')", "error: unable to parse quantity's suffix"},
      {"quantity('Three')", kFormatError},
      // The documentation calls 'Mi' invalid, but ParseQuantity reads a bare suffix as zero.
      {"quantity('Mi')", "value: 0"},
      {"isQuantity('1.3G')", "value: true"},
      {"isQuantity('1.3Gi')", "value: true"},
      {"isQuantity('1,3G')", "value: false"},
      {"isQuantity('10000k')", "value: true"},
      {"isQuantity('200K')", "value: false"},
      {"isQuantity('Three')", "value: false"},
      {"isQuantity('Mi')", "value: true"},
      {"quantity('50000000G').isInteger()", "value: true"},
      {"quantity('50k').isInteger()", "value: true"},
      {"quantity('9999999999999999999999999999999999999G').asInteger()", "error: cannot convert value to integer"},
      {"quantity('9999999999999999999999999999999999999G').isInteger()", "value: false"},
      {"quantity('50k').asInteger() == 50000", "value: true"},
      {"quantity('50k').sub(20000).asApproximateFloat() == 30000.0", "value: true"},
      {"quantity('50k').add(quantity('20k')) == quantity('70k')", "value: true"},
      {"quantity('50k').add(20) == quantity('50020')", "value: true"},
      {"quantity('50k').sub(quantity('20k')) == quantity('30k')", "value: true"},
      {"quantity('50k').sub(20000) == quantity('30k')", "value: true"},
      {"quantity('50k').add(20).sub(quantity('100k')).sub(-50000) == quantity('20')", "value: true"},
      {"quantity('200M').compareTo(quantity('0.2G'))", "value: 0"},
      {"quantity('50M').compareTo(quantity('50Mi'))", "value: -1"},
      {"quantity('50Mi').compareTo(quantity('50M'))", "value: 1"},
      {"quantity('150Mi').isGreaterThan(quantity('100Mi'))", "value: true"},
      {"quantity('50Mi').isGreaterThan(quantity('100Mi'))", "value: false"},
      {"quantity('50M').isLessThan(quantity('100M'))", "value: true"},
      {"quantity('100M').isLessThan(quantity('50M'))", "value: false"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL quantity: sign is a global function, as upstream declares it") {
  static const Case cases[] = {
      {"sign(quantity('5'))", "value: 1"},
      {"sign(quantity('-1m'))", "value: -1"},
      {"sign(quantity('0'))", "value: 0"},
      {"sign(quantity('0Ki'))", "value: 0"},
      {"sign(quantity('1n'))", "value: 1"},
      {"sign(quantity('-9999999999999999999999999999999999999G'))", "value: -1"},
      {"quantity('1').sign()",
       "compile: ERROR: <input>:1:19: found no matching overload for 'sign' applied to 'kubernetes.Quantity.()'\n"
       " | quantity('1').sign()\n"
       " | ..................^"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL quantity: integers, milli values, binary suffixes and exponents") {
  static const Case cases[] = {
      {"quantity('-5k').asInteger()", "value: -5000"},
      {"quantity('1.5k').asInteger()", "value: 1500"},
      // A negative scale never converts, even when the value is whole.
      {"quantity('1500m').isInteger()", "value: false"},
      {"quantity('1500m').asInteger()", "error: cannot convert value to integer"},
      {"quantity('1000m').isInteger()", "value: false"},
      {"quantity('1000m') == quantity('1')", "value: true"},
      {"quantity('1000m').add(0).isInteger()", "value: false"},
      {"quantity('1').add(quantity('1000m')).asInteger()", "error: cannot convert value to integer"},
      {"quantity('1500m').add(quantity('500m')) == quantity('2')", "value: true"},
      {"quantity('1Ki').asInteger()", "value: 1024"},
      {"quantity('1Mi').compareTo(quantity('1048576'))", "value: 0"},
      {"quantity('8Ei').isInteger()", "value: false"},
      // Binary fractions are held as exact decimals: whole or not, they are not integers.
      {"quantity('1.5Ki').isInteger()", "value: false"},
      {"quantity('1.5Ki') == quantity('1536')", "value: true"},
      {"quantity('1.5Gi').compareTo(quantity('1536Mi'))", "value: 0"},
      {"quantity('1e3').asInteger()", "value: 1000"},
      {"quantity('1E3').asInteger()", "value: 1000"},
      {"quantity('1e3') == quantity('1k')", "value: true"},
      {"quantity('1e-3') == quantity('1m')", "value: true"},
      {"quantity('1e-3').isInteger()", "value: false"},
      {"quantity('9E').asInteger()", "value: 9000000000000000000"},
      {"quantity('10E').isInteger()", "value: false"},
      {"quantity('0e400').asInteger()", "value: 0"},
      {"quantity('1e400').isInteger()", "value: false"},
      // More than 18 digits are parsed into the exact-decimal form, even when they fit an int64.
      {"quantity('9223372036854775807').isInteger()", "value: false"},
      {"quantity('922337203685477580').asInteger()", "value: 922337203685477580"},
      {"quantity('92233720368547758e2').add(7).asInteger()", "value: 9223372036854775807"},
      {"quantity('-92233720368547758e2').sub(8).asInteger()", "value: -9223372036854775808"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL quantity: asApproximateFloat rounds as apimachinery") {
  CHECK(eval_double("quantity('1500m').asApproximateFloat()") == 1.5);
  CHECK(eval_double("quantity('-1.5').asApproximateFloat()") == -1.5);
  CHECK(eval_double("quantity('100n').asApproximateFloat()") == 100 * (1.0 / 1e9));
  CHECK(eval_double("quantity('1.1Ki').asApproximateFloat()") == 1126.4);
  CHECK(eval_double("quantity('1.5Gi').asApproximateFloat()") == 1610612736.0);
  CHECK(eval_double("quantity('123456789012345678').asApproximateFloat()") == 123456789012345678.0);
  CHECK(eval_double("quantity('9999999999999999999999999999999999999G').asApproximateFloat()") ==
        1.0000000000000001e+46);
  CHECK(eval_double("quantity('1e308').asApproximateFloat()") == 1e308);
  CHECK(eval_double("quantity('1e400').asApproximateFloat()") == std::numeric_limits<double>::infinity());
  CHECK(eval_double("quantity('-12e500').asApproximateFloat()") == -std::numeric_limits<double>::infinity());
  // Finer than 1n rounds up to 1n.
  CHECK(eval_double("quantity('1e-400').asApproximateFloat()") == 1.0 / 1e9);
  // 0 * Pow10(400) is 0 * +Inf.
  CHECK(std::isnan(eval_double("quantity('0e400').asApproximateFloat()")));
  CHECK(eval_double("quantity('92233720368547758e2').add(8).asApproximateFloat()") == 9223372036854775808.0);
}

TEST_CASE("CEL quantity: int64 overflow in add and sub goes exact, as apimachinery") {
  static const Case cases[] = {
      {"quantity('92233720368547758e2').add(7).add(1).isInteger()", "value: false"},
      {"quantity('92233720368547758e2').add(7).add(1) == quantity('9223372036854775808')", "value: true"},
      {"quantity('92233720368547758e2').add(8).compareTo(quantity('9223372036854775807'))", "value: 1"},
      {"quantity('1').add(9223372036854775807).asInteger()", "error: cannot convert value to integer"},
      {"quantity('0').add(9223372036854775807).asInteger()", "value: 9223372036854775807"},
      {"quantity('-92233720368547758e2').sub(9).isInteger()", "value: false"},
      {"quantity('-92233720368547758e2').sub(9) == quantity('-9223372036854775809')", "value: true"},
      {"quantity('-1').sub(9223372036854775807).sub(1).asApproximateFloat() == -9223372036854775809.0",
       "value: true"},
      {"quantity('9E').add(quantity('1E')).isInteger()", "value: false"},
      {"quantity('9E').add(quantity('1E')) == quantity('10E')", "value: true"},
      {"quantity('1k').sub(quantity('1k')).asInteger()", "value: 0"},
      {"quantity('1k').add(1).asInteger()", "value: 1001"},
      // Go negates the most negative int64 to itself before adding it.
      {"sign(quantity('0').sub(-9223372036854775808))", "value: -1"},
      {"quantity('5').sub(-9223372036854775808).asInteger()", "value: -9223372036854775803"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL quantity: equality across formats, and upstream's one-sided equality of add and sub results") {
  static const Case cases[] = {
      {"quantity('1') == quantity('1000m')", "value: true"},
      {"quantity('1Ki') == quantity('1024')", "value: true"},
      {"quantity('1k') == quantity('1e3')", "value: true"},
      {"quantity('0.5') == quantity('500m')", "value: true"},
      {"quantity('1.5Gi') == quantity('1536Mi')", "value: true"},
      {"quantity('0') == quantity('0Mi')", "value: true"},
      {"quantity('1') != quantity('2')", "value: true"},
      {"quantity('1') != quantity('1000m')", "value: false"},
      {"[quantity('1'), quantity('2k')] == [quantity('1000m'), quantity('2000')]", "value: true"},
      {"{'a': quantity('1Mi')} == {'a': quantity('1048576')}", "value: true"},
      {"quantity('1') in [quantity('2'), quantity('1000m')]", "value: true"},
      {"dyn(quantity('1')) == 1", "value: false"},
      {"dyn(quantity('1')) == null", "value: false"},
      // add() and sub() results are compared only as the left operand.
      {"quantity('50k').add(quantity('20')) == quantity('50.02k')", "value: true"},
      {"quantity('50.02k') == quantity('50k').add(quantity('20'))", "value: false"},
      {"quantity('1') != quantity('1').add(0)", "value: true"},
      {"quantity('1').sub(0) != quantity('1')", "value: false"},
      {"quantity('1').add(0) == quantity('1').add(0)", "value: false"},
      {"quantity('1').add(0).compareTo(quantity('1').add(0))", "value: 0"},
      {"quantity('1').add(0) in [quantity('1')]", "value: true"},
      {"quantity('1') in [quantity('1').add(0)]", "value: false"},
      {"[quantity('1').add(0)] == [quantity('1')]", "value: true"},
      {"[quantity('1')] == [quantity('1').add(0)]", "value: false"},
      {"sets.contains([quantity('1')], [quantity('1').add(0)])", "value: true"},
      {"sets.contains([quantity('1').add(0)], [quantity('1')])", "value: false"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL quantity: comparing with a decimal moves the receiver to the decimal form") {
  static const Case cases[] = {
      {"cel.bind(x, quantity('1'), [x.isInteger(), x.compareTo(quantity('2')) == -1, x.isInteger(), "
       "x.isLessThan(quantity('1.5Ki')), x.isInteger(), x.add(1).isInteger(), x.asApproximateFloat() == 1.0])",
       "value: [true, true, true, true, false, false, true]"},
      {"cel.bind(x, quantity('1'), x.isGreaterThan(quantity('12345678901234567890')) || x.asInteger() == 1)",
       "error: cannot convert value to integer"},
      {"cel.bind(x, quantity('1'), quantity('1.5Ki').isGreaterThan(x) && x.isInteger())", "value: true"},
      {"cel.bind(x, quantity('1'), x == quantity('1.5Ki') || x.isInteger())", "value: true"},
      {"cel.bind(x, quantity('1'), x.add(quantity('1.5Ki')).isInteger() || x.isInteger())", "value: true"},
      {"cel.bind(x, quantity('1'), cel.bind(y, x.add(1), y.compareTo(quantity('1.5Ki')) + (y.isInteger() ? 1 : 0)))",
       "value: -1"},
      // A fresh value each time: only a value that was compared is moved.
      {"quantity('1').isLessThan(quantity('1.5Ki')) && quantity('1').isInteger()", "value: true"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL quantity: invalid text is an evaluation error, types and overloads as cel-go prints them") {
  static const Case cases[] = {
      {"quantity('')", kFormatError},
      {"quantity('1.2.3')", kFormatError},
      {"quantity(' 1')", kFormatError},
      {"quantity('1 ')", kFormatError},
      {"quantity('x').isInteger()", kFormatError},
      {"isQuantity('')", "value: false"},
      {"isQuantity('+1.5e-3')", "value: true"},
      {"quantity('1') == quantity('bad')", kFormatError},
      {"type(quantity('1')) == kubernetes.Quantity", "value: true"},
      {"type(quantity('1').add(1)) == kubernetes.Quantity", "value: true"},
      {"quantity('1').isGreaterThan(1)",
       "compile: ERROR: <input>:1:28: found no matching overload for 'isGreaterThan' applied to "
       "'kubernetes.Quantity.(int)'\n"
       " | quantity('1').isGreaterThan(1)\n"
       " | ...........................^"},
      {"quantity('1').add(1.0)",
       "compile: ERROR: <input>:1:18: found no matching overload for 'add' applied to 'kubernetes.Quantity.(double)'\n"
       " | quantity('1').add(1.0)\n"
       " | .................^"},
      {"quantity('1') + quantity('1')",
       "compile: ERROR: <input>:1:15: found no matching overload for '_+_' applied to "
       "'(kubernetes.Quantity, kubernetes.Quantity)'\n"
       " | quantity('1') + quantity('1')\n"
       " | ..............^"},
      {"quantity('1').isGreaterThan(dyn(1))",
       "error: no such overload: isGreaterThan(kubernetes.Quantity, int)"},
      {"quantity('1').add(dyn('x'))", "error: no such overload: add(kubernetes.Quantity, string)"},
      {"quantity(dyn(1))", "error: no such overload: quantity(int)"},
      {"quantity('1').add(dyn(2)).asInteger()", "value: 3"},
      {"quantity('3').sub(dyn(quantity('1'))).asInteger()", "value: 2"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL quantity: run-time cost as Kubernetes' cost estimator counts it") {
  // quantity() and isQuantity() cost ceil(0.1 * characters), every other call 1.
  CHECK(eval_cost("quantity('1')") == 1);
  CHECK(eval_cost("quantity('1234567890')") == 1);
  CHECK(eval_cost("quantity('12345678901')") == 2);
  CHECK(eval_cost("isQuantity('123456789012345678901')") == 3);
  CHECK(eval_cost("isQuantity('123456789012345678901234567890')") == 3);
  CHECK(eval_cost("isQuantity('1234567890123456789012345678901')") == 4);
  // Characters, not bytes.
  CHECK(eval_cost("isQuantity('ééééééééé')") == 1);
  CHECK(eval_cost("isQuantity('')") == 0);
  CHECK(eval_cost("quantity('1').add(1).isInteger()") == 3);
  CHECK(eval_cost("quantity('1') == quantity('2')") == 3);
  CHECK(eval_cost("sign(quantity('1'))") == 2);
}

TEST_CASE("CEL quantity: host quantities go in with quantity_value() and come back with quantity_of()") {
  cel::Env env = quantity_env();
  env.add_variable("cap", dra::quantity_type());
  const Quantity q = *Quantity::parse("1.5Gi");
  cel::MapActivation act;
  act.bind("cap", dra::quantity_value(q));
  CHECK(cel_test::run(env, "cap == quantity('1536Mi') && quantity('1536Mi') == cap", true, &act) == "value: true");
  CHECK(cel_test::run(env, "cap.isGreaterThan(quantity('1Gi'))", true, &act) == "value: true");
  CHECK(cel_test::run(env, "cap", true, &act) == "value: 1536Mi");

  auto back = dra::quantity_of(dra::quantity_value(q));
  REQUIRE(back.has_value());
  CHECK(back->compare(q) == 0);
  CHECK(back->to_string() == q.to_string());
  CHECK(back->format() == q.format());
  CHECK(back->is_dec() == q.is_dec());
  const Quantity milli = Quantity::from_milli(2500);
  CHECK(dra::quantity_of(dra::quantity_value(milli))->to_string() == "2500m");
  CHECK_FALSE(dra::quantity_of(cel::Value::int_(1)).has_value());
  CHECK_FALSE(dra::quantity_of(cel::Value::string("1")).has_value());

  auto sum = env.compile("cap.add(quantity('512Mi')).sub(1)");
  REQUIRE(sum.ok());
  auto r = sum.program->evaluate(act);
  auto got = dra::quantity_of(r.value);
  REQUIRE(got.has_value());
  Quantity want = q;
  want.add(*Quantity::parse("512Mi"));
  want.sub(Quantity::from_int(1, Quantity::Format::DecimalExponent));
  CHECK(got->compare(want) == 0);
  CHECK(got->to_string() == want.to_string());
  CHECK(got->to_string() == "2147483647");

  // A host value compared with a decimal stays in the decimal form afterwards.
  const cel::Value one = dra::quantity_value(Quantity::from_int(1));
  cel::MapActivation act2;
  act2.bind("cap", one);
  CHECK(cel_test::run(env, "cap.isInteger()", true, &act2) == "value: true");
  CHECK(cel_test::run(env, "cap.compareTo(quantity('0.5Ki'))", true, &act2) == "value: -1");
  CHECK(cel_test::run(env, "cap.isInteger()", true, &act2) == "value: false");
  CHECK(dra::quantity_of(one)->is_dec());
}
