// Hostile CEL: conversions read as Go reads them, comprehension accumulators and list sums that
// share as cel-go's do, and expressions whose work cel-go does not charge to the cost limit, each
// answered in bounded time and memory (cel-go's answer, or the bound podfit stops at named).
#include <doctest/doctest.h>

#include <iterator>
#include <string>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {

// The environment of a device selector: Kubernetes' libraries, cel-go's optimizer (off to reach
// run-time conversions of dyn() constants), DRA's cost limit.
cel::Env selector_env(bool folding = true) {
  cel::Env env = cel_test::kube_env();
  env.set_constant_folding(folding);
  env.limits().cost_limit = cel::kDRASelectorMaxCost;
  return env;
}

void run_rows(const cel_test::Case* begin, const cel_test::Case* end, bool folding = true) {
  const cel::Env env = selector_env(folding);
  for (const cel_test::Case* c = begin; c != end; ++c) {
    SUBCASE(c->expr) { CHECK(cel_test::run(env, c->expr) == c->want); }
  }
}

}  // namespace

TEST_CASE("CEL conversions, regular expressions and format precisions read as Go reads them") {
  static const cel_test::Case cases[] = {
      {"double('1_000.5')",
       "value: 1000.5"},
      {"double('0x1.8p1')",
       "value: 3"},
      {"double(dyn('0x1.8'))",
       "error: type conversion error from 'string' to 'double'"},
      {"double(dyn('1e400'))",
       "error: type conversion error from 'string' to 'double'"},
      {"double(dyn('-1e400'))",
       "error: type conversion error from 'string' to 'double'"},
      {"double('1e-400')",
       "value: 0"},
      {"double('-Infinity') < 0.0",
       "value: true"},
      {"double(dyn('+nan'))",
       "error: type conversion error from 'string' to 'double'"},
      {"double(dyn(' 1'))",
       "error: type conversion error from 'string' to 'double'"},
      {"double(dyn('1__0'))",
       "error: type conversion error from 'string' to 'double'"},
      {"timestamp(dyn('2023-01-01t00:00:00z'))",
       "error: type conversion error from 'string' to 'google.protobuf.Timestamp'"},
      {"timestamp(dyn('2023-01-01T00:00:00z'))",
       "error: type conversion error from 'string' to 'google.protobuf.Timestamp'"},
      {"string(timestamp('2023-01-01T1:02:03.1234567891Z'))",
       "value: \"2023-01-01T01:02:03.123456789Z\""},
      {"timestamp(dyn('0000-12-31T23:59:59Z'))",
       "error: timestamp overflow"},
      {"'a'.matches(dyn('a('))",
       "error: error parsing regexp: missing closing ): `a(`"},
      {"'a'.matches(dyn('\\\\C'))",
       "error: error parsing regexp: invalid escape sequence: `\\C`"},
      {"'a'.matches(dyn('[z-a]'))",
       "error: error parsing regexp: invalid character class range: `z-a`"},
      {"'a'.matches(dyn('a**'))",
       "error: error parsing regexp: invalid nested repetition operator: `**`"},
      {"'ab'.matches('(?<n>a)b')",
       "value: true"},
      {"'a\\\\Cb'.matches('\\\\Q\\\\C\\\\E')",
       "value: true"},
      {"'a'.find(dyn('a(')) == ''",
       "error: Illegal regex: error parsing regexp: missing closing ): `a(`"},
      {"'%.2147483647e'.format([1.0])",
       "value: \"%!(NOVERB)\""},
      {"'%.2147483647f'.format([1.0])",
       "value: \"%!(NOVERB)\""},
      {"'%.10000000f'.format([1.5]).size()",
       "value: 130"},
  };
  run_rows(std::begin(cases), std::end(cases), false);
}

TEST_CASE("CEL accumulators grow in place and start when first read, as cel-go's folder does") {
  static const cel_test::Case cases[] = {
      {"cel.bind(x, [], (x + [1]).size() + x.size())",
       "value: 2"},
      {"cel.bind(x, [], cel.bind(y, x + [1], y.size() + x.size()))",
       "value: 2"},
      {"cel.bind(y, cel.bind(x, [], [x]), (y[0] + [2]).size() + y[0].size())",
       "value: 2"},
      {"cel.bind(x, 1/0, true)",
       "value: true"},
      {"cel.bind(x, 1, cel.bind(x, x + 1, x))",
       "value: 2"},
      {"cel.bind(x, [], x) + [1]",
       "value: [1]"},
      {"[1, 2, 3].map(i, i * 2)",
       "value: [2, 4, 6]"},
      {"[1, 2, 3].filter(i, i > 1) + [4]",
       "value: [2, 3, 4]"},
      {"{'a': 1, 'b': 2}.transformMap(k, v, v + 1)",
       "value: {\"a\": 2, \"b\": 3}"},
      {"{'a': 1, 'b': 2}.transformMapEntry(k, v, {'same': v})",
       "error: insert failed: key same already exists"},
      {"{1: 1, 2: 2}.transformMapEntry(k, v, {7: v})",
       "error: insert failed: key 7 already exists"},
      {"[[1], [2]].map(l, l.map(i, i + 1))",
       "value: [[2], [3]]"},
  };
  run_rows(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL list sums, shared lists and text builders stay within time and memory") {
  static const cel_test::Case cases[] = {
      {"cel.bind(a1, [1] + [1], cel.bind(a2, a1 + a1, cel.bind(a3, a2 + a2, cel.bind(a4, a3 + a3, cel.bind(a5, a4 + a4, cel.bind(a6, a5 + a5, cel.bind(a7, a6 + a6, cel.bind(a8, a7 + a7, cel.bind(a9, a8 + a8, cel.bind(a10, a9 + a9, cel.bind(a11, a10 + a10, cel.bind(a12, a11 + a11, cel.bind(a13, a12 + a12, cel.bind(a14, a13 + a13, cel.bind(a15, a14 + a14, cel.bind(a16, a15 + a15, cel.bind(a17, a16 + a16, cel.bind(a18, a17 + a17, cel.bind(a19, a18 + a18, cel.bind(a20, a19 + a19, cel.bind(a21, a20 + a20, cel.bind(a22, a21 + a21, cel.bind(a23, a22 + a22, cel.bind(a24, a23 + a23, cel.bind(a25, a24 + a24, cel.bind(a26, a25 + a25, cel.bind(a27, a26 + a26, cel.bind(a28, a27 + a27, cel.bind(a29, a28 + a28, cel.bind(a30, a29 + a29, cel.bind(a31, a30 + a30, cel.bind(a32, a31 + a31, cel.bind(a33, a32 + a32, cel.bind(a34, a33 + a33, cel.bind(a35, a34 + a34, cel.bind(a36, a35 + a35, cel.bind(a37, a36 + a36, cel.bind(a38, a37 + a37, cel.bind(a39, a38 + a38, cel.bind(a40, a39 + a39, a40.size()))))))))))))))))))))))))))))))))))))))))",
       "value: 1099511627776"},
      {"cel.bind(a1, [1] + [1], cel.bind(a2, a1 + a1, cel.bind(a3, a2 + a2, cel.bind(a4, a3 + a3, cel.bind(a5, a4 + a4, cel.bind(a6, a5 + a5, cel.bind(a7, a6 + a6, cel.bind(a8, a7 + a7, cel.bind(a9, a8 + a8, cel.bind(a10, a9 + a9, cel.bind(a11, a10 + a10, cel.bind(a12, a11 + a11, cel.bind(a13, a12 + a12, cel.bind(a14, a13 + a13, cel.bind(a15, a14 + a14, cel.bind(a16, a15 + a15, cel.bind(a17, a16 + a16, cel.bind(a18, a17 + a17, cel.bind(a19, a18 + a18, cel.bind(a20, a19 + a19, cel.bind(a21, a20 + a20, cel.bind(a22, a21 + a21, cel.bind(a23, a22 + a22, cel.bind(a24, a23 + a23, cel.bind(a25, a24 + a24, cel.bind(a26, a25 + a25, cel.bind(a27, a26 + a26, cel.bind(a28, a27 + a27, cel.bind(a29, a28 + a28, cel.bind(a30, a29 + a29, cel.bind(a31, a30 + a30, cel.bind(a32, a31 + a31, cel.bind(a33, a32 + a32, cel.bind(a34, a33 + a33, cel.bind(a35, a34 + a34, cel.bind(a36, a35 + a35, cel.bind(a37, a36 + a36, cel.bind(a38, a37 + a37, cel.bind(a39, a38 + a38, cel.bind(a40, a39 + a39, a40[1099511627775]))))))))))))))))))))))))))))))))))))))))",
       "value: 1"},
      {"cel.bind(a1, [1] + [1], cel.bind(a2, a1 + a1, cel.bind(a3, a2 + a2, cel.bind(a4, a3 + a3, cel.bind(a5, a4 + a4, cel.bind(a6, a5 + a5, cel.bind(a7, a6 + a6, cel.bind(a8, a7 + a7, cel.bind(a9, a8 + a8, cel.bind(a10, a9 + a9, cel.bind(a11, a10 + a10, cel.bind(a12, a11 + a11, cel.bind(a13, a12 + a12, cel.bind(a14, a13 + a13, cel.bind(a15, a14 + a14, cel.bind(a16, a15 + a15, cel.bind(a17, a16 + a16, cel.bind(a18, a17 + a17, cel.bind(a19, a18 + a18, cel.bind(a20, a19 + a19, cel.bind(a21, a20 + a20, cel.bind(a22, a21 + a21, cel.bind(a23, a22 + a22, cel.bind(a24, a23 + a23, cel.bind(a25, a24 + a24, cel.bind(a26, a25 + a25, cel.bind(a27, a26 + a26, cel.bind(a28, a27 + a27, cel.bind(a29, a28 + a28, cel.bind(a30, a29 + a29, cel.bind(a31, a30 + a30, cel.bind(a32, a31 + a31, cel.bind(a33, a32 + a32, cel.bind(a34, a33 + a33, cel.bind(a35, a34 + a34, cel.bind(a36, a35 + a35, cel.bind(a37, a36 + a36, cel.bind(a38, a37 + a37, cel.bind(a39, a38 + a38, cel.bind(a40, a39 + a39, [a40] == [a40]))))))))))))))))))))))))))))))))))))))))",
       "value: true"},
      {"cel.bind(a1, [1] + [1], cel.bind(a2, a1 + a1, cel.bind(a3, a2 + a2, cel.bind(a4, a3 + a3, cel.bind(a5, a4 + a4, cel.bind(a6, a5 + a5, cel.bind(a7, a6 + a6, cel.bind(a8, a7 + a7, cel.bind(a9, a8 + a8, cel.bind(a10, a9 + a9, cel.bind(a11, a10 + a10, cel.bind(a12, a11 + a11, cel.bind(a13, a12 + a12, cel.bind(a14, a13 + a13, cel.bind(a15, a14 + a14, cel.bind(a16, a15 + a15, cel.bind(a17, a16 + a16, cel.bind(a18, a17 + a17, cel.bind(a19, a18 + a18, cel.bind(a20, a19 + a19, cel.bind(a21, a20 + a20, cel.bind(a22, a21 + a21, cel.bind(a23, a22 + a22, cel.bind(a24, a23 + a23, cel.bind(a25, a24 + a24, cel.bind(a26, a25 + a25, cel.bind(a27, a26 + a26, cel.bind(a28, a27 + a27, cel.bind(a29, a28 + a28, cel.bind(a30, a29 + a29, cel.bind(a31, a30 + a30, cel.bind(a32, a31 + a31, cel.bind(a33, a32 + a32, cel.bind(a34, a33 + a33, cel.bind(a35, a34 + a34, cel.bind(a36, a35 + a35, cel.bind(a37, a36 + a36, cel.bind(a38, a37 + a37, cel.bind(a39, a38 + a38, cel.bind(a40, a39 + a39, a40 == a40))))))))))))))))))))))))))))))))))))))))",
       "error: operation cancelled: actual cost limit exceeded"},
      {"cel.bind(a1, [1] + [1], cel.bind(a2, a1 + a1, cel.bind(a3, a2 + a2, cel.bind(a4, a3 + a3, cel.bind(a5, a4 + a4, cel.bind(a6, a5 + a5, cel.bind(a7, a6 + a6, cel.bind(a8, a7 + a7, cel.bind(a9, a8 + a8, cel.bind(a10, a9 + a9, cel.bind(a11, a10 + a10, cel.bind(a12, a11 + a11, cel.bind(a13, a12 + a12, cel.bind(a14, a13 + a13, cel.bind(a15, a14 + a14, cel.bind(a16, a15 + a15, cel.bind(a17, a16 + a16, cel.bind(a18, a17 + a17, cel.bind(a19, a18 + a18, cel.bind(a20, a19 + a19, cel.bind(a21, a20 + a20, cel.bind(a22, a21 + a21, cel.bind(a23, a22 + a22, cel.bind(a24, a23 + a23, cel.bind(a25, a24 + a24, cel.bind(a26, a25 + a25, cel.bind(a27, a26 + a26, cel.bind(a28, a27 + a27, cel.bind(a29, a28 + a28, cel.bind(a30, a29 + a29, cel.bind(a31, a30 + a30, cel.bind(a32, a31 + a31, cel.bind(a33, a32 + a32, cel.bind(a34, a33 + a33, cel.bind(a35, a34 + a34, cel.bind(a36, a35 + a35, cel.bind(a37, a36 + a36, cel.bind(a38, a37 + a37, cel.bind(a39, a38 + a38, cel.bind(a40, a39 + a39, a40.exists(x, x == 2)))))))))))))))))))))))))))))))))))))))))",
       "error: operation cancelled: actual cost limit exceeded"},
      {"cel.bind(a1, [1] + [1], cel.bind(a2, a1 + a1, cel.bind(a3, a2 + a2, cel.bind(a4, a3 + a3, cel.bind(a5, a4 + a4, cel.bind(a6, a5 + a5, cel.bind(a7, a6 + a6, cel.bind(a8, a7 + a7, cel.bind(a9, a8 + a8, cel.bind(a10, a9 + a9, cel.bind(a11, a10 + a10, cel.bind(a12, a11 + a11, cel.bind(a13, a12 + a12, cel.bind(a14, a13 + a13, cel.bind(a15, a14 + a14, cel.bind(a16, a15 + a15, cel.bind(a17, a16 + a16, cel.bind(a18, a17 + a17, cel.bind(a19, a18 + a18, cel.bind(a20, a19 + a19, cel.bind(a21, a20 + a20, cel.bind(a22, a21 + a21, cel.bind(a23, a22 + a22, cel.bind(a24, a23 + a23, cel.bind(a25, a24 + a24, cel.bind(a26, a25 + a25, cel.bind(a27, a26 + a26, cel.bind(a28, a27 + a27, cel.bind(a29, a28 + a28, cel.bind(a30, a29 + a29, cel.bind(a31, a30 + a30, cel.bind(a32, a31 + a31, cel.bind(a33, a32 + a32, cel.bind(a34, a33 + a33, cel.bind(a35, a34 + a34, cel.bind(a36, a35 + a35, cel.bind(a37, a36 + a36, cel.bind(a38, a37 + a37, cel.bind(a39, a38 + a38, cel.bind(a40, a39 + a39, a40.sum() > 0))))))))))))))))))))))))))))))))))))))))",
       "error: operation cancelled: actual cost limit exceeded"},
      {"cel.bind(a1, [1, 1], cel.bind(a2, [a1, a1], cel.bind(a3, [a2, a2], cel.bind(a4, [a3, a3], cel.bind(a5, [a4, a4], cel.bind(a6, [a5, a5], cel.bind(a7, [a6, a6], cel.bind(a8, [a7, a7], cel.bind(a9, [a8, a8], cel.bind(a10, [a9, a9], cel.bind(a11, [a10, a10], cel.bind(a12, [a11, a11], cel.bind(a13, [a12, a12], cel.bind(a14, [a13, a13], cel.bind(a15, [a14, a14], cel.bind(a16, [a15, a15], cel.bind(a17, [a16, a16], cel.bind(a18, [a17, a17], cel.bind(a19, [a18, a18], cel.bind(a20, [a19, a19], cel.bind(a21, [a20, a20], cel.bind(a22, [a21, a21], cel.bind(a23, [a22, a22], cel.bind(a24, [a23, a23], cel.bind(a25, [a24, a24], cel.bind(a26, [a25, a25], cel.bind(a27, [a26, a26], cel.bind(a28, [a27, a27], cel.bind(a29, [a28, a28], cel.bind(a30, [a29, a29], cel.bind(a31, [a30, a30], cel.bind(a32, [a31, a31], cel.bind(a33, [a32, a32], cel.bind(a34, [a33, a33], cel.bind(a35, [a34, a34], cel.bind(a36, [a35, a35], cel.bind(a37, [a36, a36], cel.bind(a38, [a37, a37], cel.bind(a39, [a38, a38], cel.bind(a40, [a39, a39], a40 == a40))))))))))))))))))))))))))))))))))))))))",
       "value: true"},
      {"cel.bind(a1, [1, 1], cel.bind(a2, [a1, a1], cel.bind(a3, [a2, a2], cel.bind(a4, [a3, a3], cel.bind(a5, [a4, a4], cel.bind(a6, [a5, a5], cel.bind(a7, [a6, a6], cel.bind(a8, [a7, a7], cel.bind(a9, [a8, a8], cel.bind(a10, [a9, a9], cel.bind(a11, [a10, a10], cel.bind(a12, [a11, a11], cel.bind(a13, [a12, a12], cel.bind(a14, [a13, a13], cel.bind(a15, [a14, a14], cel.bind(a16, [a15, a15], cel.bind(a17, [a16, a16], cel.bind(a18, [a17, a17], cel.bind(a19, [a18, a18], cel.bind(a20, [a19, a19], cel.bind(a21, [a20, a20], cel.bind(a22, [a21, a21], cel.bind(a23, [a22, a22], cel.bind(a24, [a23, a23], cel.bind(a25, [a24, a24], cel.bind(a26, [a25, a25], cel.bind(a27, [a26, a26], cel.bind(a28, [a27, a27], cel.bind(a29, [a28, a28], cel.bind(a30, [a29, a29], cel.bind(a31, [a30, a30], cel.bind(a32, [a31, a31], cel.bind(a33, [a32, a32], cel.bind(a34, [a33, a33], cel.bind(a35, [a34, a34], cel.bind(a36, [a35, a35], cel.bind(a37, [a36, a36], cel.bind(a38, [a37, a37], cel.bind(a39, [a38, a38], cel.bind(a40, [a39, a39], [a40] != [a40]))))))))))))))))))))))))))))))))))))))))",
       "value: false"},
      {"cel.bind(a1, [1, 1], cel.bind(a2, [a1, a1], cel.bind(a3, [a2, a2], cel.bind(a4, [a3, a3], cel.bind(a5, [a4, a4], cel.bind(a6, [a5, a5], cel.bind(a7, [a6, a6], cel.bind(a8, [a7, a7], cel.bind(a9, [a8, a8], cel.bind(a10, [a9, a9], cel.bind(a11, [a10, a10], cel.bind(a12, [a11, a11], cel.bind(a13, [a12, a12], cel.bind(a14, [a13, a13], cel.bind(a15, [a14, a14], cel.bind(a16, [a15, a15], cel.bind(a17, [a16, a16], cel.bind(a18, [a17, a17], cel.bind(a19, [a18, a18], cel.bind(a20, [a19, a19], cel.bind(a21, [a20, a20], cel.bind(a22, [a21, a21], cel.bind(a23, [a22, a22], cel.bind(a24, [a23, a23], cel.bind(a25, [a24, a24], cel.bind(a26, [a25, a25], cel.bind(a27, [a26, a26], cel.bind(a28, [a27, a27], cel.bind(a29, [a28, a28], cel.bind(a30, [a29, a29], cel.bind(a31, [a30, a30], cel.bind(a32, [a31, a31], cel.bind(a33, [a32, a32], cel.bind(a34, [a33, a33], cel.bind(a35, [a34, a34], cel.bind(a36, [a35, a35], cel.bind(a37, [a36, a36], cel.bind(a38, [a37, a37], cel.bind(a39, [a38, a38], cel.bind(a40, [a39, a39], a40 == cel.bind(a1, [1, 2], cel.bind(a2, [a1, a1], cel.bind(a3, [a2, a2], cel.bind(a4, [a3, a3], cel.bind(a5, [a4, a4], cel.bind(a6, [a5, a5], cel.bind(a7, [a6, a6], cel.bind(a8, [a7, a7], cel.bind(a9, [a8, a8], cel.bind(a10, [a9, a9], cel.bind(a11, [a10, a10], cel.bind(a12, [a11, a11], cel.bind(a13, [a12, a12], cel.bind(a14, [a13, a13], cel.bind(a15, [a14, a14], cel.bind(a16, [a15, a15], cel.bind(a17, [a16, a16], cel.bind(a18, [a17, a17], cel.bind(a19, [a18, a18], cel.bind(a20, [a19, a19], cel.bind(a21, [a20, a20], cel.bind(a22, [a21, a21], cel.bind(a23, [a22, a22], cel.bind(a24, [a23, a23], cel.bind(a25, [a24, a24], cel.bind(a26, [a25, a25], cel.bind(a27, [a26, a26], cel.bind(a28, [a27, a27], cel.bind(a29, [a28, a28], cel.bind(a30, [a29, a29], cel.bind(a31, [a30, a30], cel.bind(a32, [a31, a31], cel.bind(a33, [a32, a32], cel.bind(a34, [a33, a33], cel.bind(a35, [a34, a34], cel.bind(a36, [a35, a35], cel.bind(a37, [a36, a36], cel.bind(a38, [a37, a37], cel.bind(a39, [a38, a38], cel.bind(a40, [a39, a39], a40))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))",
       "value: false"},
      {"cel.bind(a1, [''] + [''], cel.bind(a2, a1 + a1, cel.bind(a3, a2 + a2, cel.bind(a4, a3 + a3, cel.bind(a5, a4 + a4, cel.bind(a6, a5 + a5, cel.bind(a7, a6 + a6, cel.bind(a8, a7 + a7, cel.bind(a9, a8 + a8, cel.bind(a10, a9 + a9, cel.bind(a11, a10 + a10, cel.bind(a12, a11 + a11, cel.bind(a13, a12 + a12, cel.bind(a14, a13 + a13, cel.bind(a15, a14 + a14, cel.bind(a16, a15 + a15, cel.bind(a17, a16 + a16, cel.bind(a18, a17 + a17, cel.bind(a19, a18 + a18, cel.bind(a20, a19 + a19, cel.bind(a21, a20 + a20, cel.bind(a22, a21 + a21, cel.bind(a23, a22 + a22, cel.bind(a24, a23 + a23, cel.bind(a25, a24 + a24, cel.bind(a26, a25 + a25, cel.bind(a27, a26 + a26, cel.bind(a28, a27 + a27, cel.bind(a29, a28 + a28, cel.bind(a30, a29 + a29, cel.bind(a31, a30 + a30, cel.bind(a32, a31 + a31, cel.bind(a33, a32 + a32, cel.bind(a34, a33 + a33, cel.bind(a35, a34 + a34, cel.bind(a36, a35 + a35, cel.bind(a37, a36 + a36, cel.bind(a38, a37 + a37, cel.bind(a39, a38 + a38, cel.bind(a40, a39 + a39, a40.join('') == ''))))))))))))))))))))))))))))))))))))))))",
       "error: operation cancelled: join() would walk a list of 1099511627776 elements, more than the 1048576 podfit walks in one call"},
      {"cel.bind(a1, [1, 1], cel.bind(a2, [a1, a1], cel.bind(a3, [a2, a2], cel.bind(a4, [a3, a3], cel.bind(a5, [a4, a4], cel.bind(a6, [a5, a5], cel.bind(a7, [a6, a6], cel.bind(a8, [a7, a7], cel.bind(a9, [a8, a8], cel.bind(a10, [a9, a9], cel.bind(a11, [a10, a10], cel.bind(a12, [a11, a11], cel.bind(a13, [a12, a12], cel.bind(a14, [a13, a13], cel.bind(a15, [a14, a14], cel.bind(a16, [a15, a15], cel.bind(a17, [a16, a16], cel.bind(a18, [a17, a17], cel.bind(a19, [a18, a18], cel.bind(a20, [a19, a19], cel.bind(a21, [a20, a20], cel.bind(a22, [a21, a21], cel.bind(a23, [a22, a22], cel.bind(a24, [a23, a23], cel.bind(a25, [a24, a24], cel.bind(a26, [a25, a25], cel.bind(a27, [a26, a26], cel.bind(a28, [a27, a27], cel.bind(a29, [a28, a28], cel.bind(a30, [a29, a29], cel.bind(a31, [a30, a30], cel.bind(a32, [a31, a31], cel.bind(a33, [a32, a32], cel.bind(a34, [a33, a33], cel.bind(a35, [a34, a34], cel.bind(a36, [a35, a35], cel.bind(a37, [a36, a36], cel.bind(a38, [a37, a37], cel.bind(a39, [a38, a38], cel.bind(a40, [a39, a39], '%s'.format([a40]).size() > 0))))))))))))))))))))))))))))))))))))))))",
       "error: operation cancelled: format() would build a text of 1310715 bytes, more than the 1048576 podfit builds in one call"},
      {"cel.bind(a1, [1, 1], cel.bind(a2, [a1, a1], cel.bind(a3, [a2, a2], cel.bind(a4, [a3, a3], cel.bind(a5, [a4, a4], cel.bind(a6, [a5, a5], cel.bind(a7, [a6, a6], cel.bind(a8, [a7, a7], cel.bind(a9, [a8, a8], cel.bind(a10, [a9, a9], cel.bind(a11, [a10, a10], cel.bind(a12, [a11, a11], cel.bind(a13, [a12, a12], cel.bind(a14, [a13, a13], cel.bind(a15, [a14, a14], cel.bind(a16, [a15, a15], cel.bind(a17, [a16, a16], cel.bind(a18, [a17, a17], cel.bind(a19, [a18, a18], cel.bind(a20, [a19, a19], cel.bind(a21, [a20, a20], cel.bind(a22, [a21, a21], cel.bind(a23, [a22, a22], cel.bind(a24, [a23, a23], cel.bind(a25, [a24, a24], cel.bind(a26, [a25, a25], cel.bind(a27, [a26, a26], cel.bind(a28, [a27, a27], cel.bind(a29, [a28, a28], cel.bind(a30, [a29, a29], cel.bind(a31, [a30, a30], cel.bind(a32, [a31, a31], cel.bind(a33, [a32, a32], cel.bind(a34, [a33, a33], cel.bind(a35, [a34, a34], cel.bind(a36, [a35, a35], cel.bind(a37, [a36, a36], cel.bind(a38, [a37, a37], cel.bind(a39, [a38, a38], cel.bind(a40, [a39, a39], a40.flatten(100).size() > 0))))))))))))))))))))))))))))))))))))))))",
       "error: operation cancelled: flatten() would walk a list of 1048577 elements, more than the 1048576 podfit walks in one call"},
      {"cel.bind(a1, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', cel.bind(a2, a1.replace('', a1), cel.bind(a3, a2.replace('', a2), a3.size() > 0)))",
       "error: operation cancelled: replace() would build a text of 104060400 bytes, more than the 1048576 podfit builds in one call"},
      {"lists.range(200000).map(x, x).size() > 0",
       "error: operation cancelled: actual cost limit exceeded"},
  };
  run_rows(std::begin(cases), std::end(cases));
}


TEST_CASE("CEL constant conversions are folded when planned; a failing one fails the program") {
  const cel::Env env = selector_env();
  const cel::CompileResult bad = env.compile("int('x') == 1");
  CHECK_FALSE(bad.ok());
  CHECK(bad.instantiation_failed);
  CHECK(bad.error == "type conversion error from 'string' to 'int'");
  CHECK(env.compile("double('1e400') > 1.0").error == "type conversion error from 'string' to 'double'");
  // A folded conversion is a constant: it costs nothing at run time.
  const cel::CompileResult good = env.compile("int('5') == 5");
  REQUIRE(good.ok());
  cel::MapActivation none;
  CHECK(good.program->evaluate(none).cost == 1);
  cel::Env unfolded = cel_test::kube_env();
  CHECK(unfolded.compile("int('x') == 1").ok());
  CHECK(unfolded.compile("timestamp('2023-01-01t00:00:00z') > timestamp(1)").error.find("invalid timestamp argument") !=
        std::string::npos);
  CHECK(unfolded.compile("'a'.matches('\\\\C')").error.find("invalid matches argument") != std::string::npos);
}
