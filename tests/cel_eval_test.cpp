// CEL evaluation: arithmetic and its errors, heterogeneous equality and ordering, logic over
// errors, containers, conversions, macros, with cel-go's error texts.
#include <doctest/doctest.h>

#include <string>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {
struct Case {
  const char* expr;
  const char* want;
};

void run_table(const Case* begin, const Case* end, bool checked) {
  cel::Env env = cel_test::kube_env();
  for (const Case* c = begin; c != end; ++c) {
    SUBCASE(c->expr) { CHECK(cel_test::run(env, c->expr, checked) == c->want); }
  }
}
}  // namespace

TEST_CASE("CEL arithmetic with overflow and division errors") {
  static const Case cases[] = {
      {"9223372036854775807 + 1", "error: integer overflow"},
      {"-9223372036854775808 - 1", "error: integer overflow"},
      {"-9223372036854775808 / -1", "error: integer overflow"},
      {"-9223372036854775808 % -1", "error: integer overflow"},
      {"-(-9223372036854775808)", "error: integer overflow"},
      {"4611686018427387904 * 2", "error: integer overflow"},
      {"1 / 0", "error: division by zero"},
      {"1 % 0", "error: modulus by zero"},
      {"1u / 0u", "error: division by zero"},
      {"0u - 1u", "error: unsigned integer overflow"},
      {"18446744073709551615u + 1u", "error: unsigned integer overflow"},
      {"-7 / 2", "value: -3"},
      {"-7 % 2", "value: -1"},
      {"1.0 / 0.0", "value: inf"},
      {"7u % 3u", "value: 1u"},
      {"2.5 * 2.0", "value: 5"},
      {"'ab' + 'cd'", "value: \"abcd\""},
      {"b'a' + b'b'", "value: b\"ab\""},
      {"[1] + [2, 3]", "value: [1, 2, 3]"},
  };
  run_table(std::begin(cases), std::end(cases), true);
}

TEST_CASE("CEL equality is heterogeneous across numbers and false across kinds") {
  static const Case cases[] = {
      {"1 == 1u", "value: true"},
      {"1 == 1.0", "value: true"},
      {"1u == 1.0", "value: true"},
      {"-1 == 18446744073709551615u", "value: false"},
      {"1 == '1'", "value: false"},
      {"null == false", "value: false"},
      {"[1, 'a'] == [1.0, 'a']", "value: true"},
      {"{1: 'a'} == {1u: 'a'}", "value: true"},
      {"{'a': 1} == {'a': 2}", "value: false"},
      {"double('NaN') == double('NaN')", "value: false"},
      {"1 < 1.5 && 2u > 1 && -1 < 1u", "value: true"},
      {"9223372036854775807 < 9223372036854775808.0", "value: false"},
      {"'a' < 'b' && b'a' < b'b' && false < true", "value: true"},
      {"[1] < [2]", "error: no such overload: _<_"},
      {"null < 1", "error: no such overload: _<_"},
      {"'a' > 5", "error: no such overload"},
      {"true < 1", "error: no such overload"},
      {"double('NaN') > 1.0", "error: NaN values cannot be ordered"},
      {"1 <= double('NaN')", "error: NaN values cannot be ordered"},
      {"1 in [1.0, 2]", "value: true"},
      {"'k' in {'k': 1}", "value: true"},
      {"2.0 in {2: 'x'}", "value: true"},
      {"type(1) == int && type(1u) == uint && type('') == string && type(type(1)) == type", "value: true"},
      {"type([]) == list && type({}) == map && type(null) == null_type", "value: true"},
  };
  run_table(std::begin(cases), std::end(cases), false);
}

TEST_CASE("CEL logic absorbs errors where the other side decides") {
  static const Case cases[] = {
      {"1/0 == 1 && false", "value: false"},
      {"false && 1/0 == 1", "value: false"},
      {"1/0 == 1 || true", "value: true"},
      {"1/0 == 1 && true", "error: division by zero"},
      {"1/0 == 1 || 2/0 == 1", "error: division by zero"},
      {"true ? 1 : 1/0", "value: 1"},
      {"false ? 1/0 : 2", "value: 2"},
      {"x || true", "value: true"},
      {"x && true", "error: no such attribute(s): x"},
      {"'a' || true", "value: true"},
      {"'a' && true", "error: no such overload"},
  };
  run_table(std::begin(cases), std::end(cases), false);
}

TEST_CASE("CEL containers: lookups, indexes and their errors") {
  static const Case cases[] = {
      {"{'a': 1}['b']", "error: no such key: b"},
      {"{'a': 1}.b", "error: no such key: b"},
      {"{1: 'x'}[1u]", "value: \"x\""},
      {"{1: 'x'}[1.0]", "value: \"x\""},
      {"{1: 'x'}[1.5]", "error: no such key: 1.5"},
      {"[1, 2][2]", "error: index out of range: 2"},
      {"[1, 2][-1]", "error: index out of range: -1"},
      {"[1, 2][1u]", "value: 2"},
      {"[1, 2][1.0]", "value: 2"},
      {"{'a': 1, 'a': 2}", "error: Failed with repeated key"},
      {"{'k0': 0, 'k1': 1, 'k2': 2, 'k3': 3, 'k4': 4, 'k5': 5, 'k6': 6, 'k7': 7, 'k8': 8, 'k9': 9, 'k10': 10, 'k11': 11, 'k12': 12, 'k13': 13, 'k14': 14, 'k15': 15, 'k16': 16, 'k17': 17, 'k18': 18, 'k19': 19, 'k20': 20, 'k21': 21, 'k22': 22, 'k23': 23, 'k24': 24, 'k25': 25, 'k26': 26, 'k27': 27, 'k28': 28, 'k29': 29, 'k30': 30, 'k31': 31, 'k32': 32, 'k33': 33, 'k34': 34, 'k35': 35, 'k36': 36, 'k37': 37, 'k38': 38, 'k39': 39}['k33'] + {'k0': 0, 'k1': 1, 'k2': 2, 'k3': 3, 'k4': 4, 'k5': 5, 'k6': 6, 'k7': 7, 'k8': 8, 'k9': 9, 'k10': 10, 'k11': 11, 'k12': 12, 'k13': 13, 'k14': 14, 'k15': 15, 'k16': 16, 'k17': 17, 'k18': 18, 'k19': 19, 'k20': 20, 'k21': 21, 'k22': 22, 'k23': 23, 'k24': 24, 'k25': 25, 'k26': 26, 'k27': 27, 'k28': 28, 'k29': 29, 'k30': 30, 'k31': 31, 'k32': 32, 'k33': 33, 'k34': 34, 'k35': 35, 'k36': 36, 'k37': 37, 'k38': 38, 'k39': 39}.size()", "value: 73"},
      {"'k39' in {'k0': 0, 'k1': 1, 'k2': 2, 'k3': 3, 'k4': 4, 'k5': 5, 'k6': 6, 'k7': 7, 'k8': 8, 'k9': 9, 'k10': 10, 'k11': 11, 'k12': 12, 'k13': 13, 'k14': 14, 'k15': 15, 'k16': 16, 'k17': 17, 'k18': 18, 'k19': 19, 'k20': 20, 'k21': 21, 'k22': 22, 'k23': 23, 'k24': 24, 'k25': 25, 'k26': 26, 'k27': 27, 'k28': 28, 'k29': 29, 'k30': 30, 'k31': 31, 'k32': 32, 'k33': 33, 'k34': 34, 'k35': 35, 'k36': 36, 'k37': 37, 'k38': 38, 'k39': 39} && !('k40' in {'k0': 0, 'k1': 1, 'k2': 2, 'k3': 3, 'k4': 4, 'k5': 5, 'k6': 6, 'k7': 7, 'k8': 8, 'k9': 9, 'k10': 10, 'k11': 11, 'k12': 12, 'k13': 13, 'k14': 14, 'k15': 15, 'k16': 16, 'k17': 17, 'k18': 18, 'k19': 19, 'k20': 20, 'k21': 21, 'k22': 22, 'k23': 23, 'k24': 24, 'k25': 25, 'k26': 26, 'k27': 27, 'k28': 28, 'k29': 29, 'k30': 30, 'k31': 31, 'k32': 32, 'k33': 33, 'k34': 34, 'k35': 35, 'k36': 36, 'k37': 37, 'k38': 38, 'k39': 39})", "value: true"},
      {"{'k0': 0, 'k1': 1, 'k2': 2, 'k3': 3, 'k4': 4, 'k5': 5, 'k6': 6, 'k7': 7, 'k8': 8, 'k9': 9, 'k10': 10, 'k11': 11, 'k12': 12, 'k13': 13, 'k14': 14, 'k15': 15, 'k16': 16, 'k17': 17, 'k18': 18, 'k19': 19, 'k3': 0}", "error: Failed with repeated key"},
      {"{[1]: 2}", "error: unsupported key type"},
      {"1.a", "error: type 'int' does not support field selection"},
      {"has({'a': 1}.a) && !has({'a': 1}.b)", "value: true"},
      {"size([1, 2]) + size({'a': 1}) + size('héllo') + size(b'ab')", "value: 10"},
      {"[1, 2].size() == 2 && 'abc'.size() == 3", "value: true"},
  };
  run_table(std::begin(cases), std::end(cases), false);
}

TEST_CASE("CEL conversions") {
  static const Case cases[] = {
      {"int('42') + int(2.9) + int(3u)", "value: 47"},
      {"int('x')", "error: type conversion error from 'string' to 'int'"},
      {"int(1e19)", "error: integer overflow"},
      {"int(18446744073709551615u)", "error: integer overflow"},
      {"uint(-1)", "error: unsigned integer overflow"},
      {"uint('7')", "value: 7u"},
      {"double('1.5') + double(1) + double(1u)", "value: 3.5"},
      {"double('inf') > 1.0", "value: true"},
      {"string(1) + string(2u) + string(1.5) + string(true)", "value: \"121.5true\""},
      {"string(1e6)", "value: \"1e+06\""},
      {"string(123456.0)", "value: \"123456\""},
      {"string(0.0001)", "value: \"0.0001\""},
      {"string(b'\\xff')", "error: invalid UTF-8 in bytes, cannot convert to string"},
      {"bytes('é')", "value: b\"\\xc3\\xa9\""},
      {"bool('true') && !bool('F')", "value: true"},
      {"bool('yes')", "error: type conversion error from 'string' to 'bool'"},
      {"dyn(1) + 1", "value: 2"},
      {"type(dyn([]))", "value: list"},
  };
  run_table(std::begin(cases), std::end(cases), true);
}

TEST_CASE("CEL macros") {
  static const Case cases[] = {
      {"[1, 2, 3].all(x, x > 0)", "value: true"},
      {"[1, 2, 3].exists(x, x > 2)", "value: true"},
      {"[1, 2, 3].exists_one(x, x > 1)", "value: false"},
      {"[1, 2, 3].map(x, x * 2)", "value: [2, 4, 6]"},
      {"[1, 2, 3].map(x, x > 1, x * 10)", "value: [20, 30]"},
      {"[1, 2, 3].filter(x, x != 2)", "value: [1, 3]"},
      {"{'a': 1, 'b': 2}.map(k, k)", "value: [\"a\", \"b\"]"},
      {"{'a': 1, 'b': 2}.all(k, k in ['a', 'b'])", "value: true"},
      {"[0, 1].all(x, 1 / x > 0)", "error: division by zero"},
      {"[0, 1].exists(x, 1 / x > 0)", "value: true"},
      {"[0, 1].all(x, x > 0 && 1 / x > 0)", "value: false"},
      {"[1, 2].all(i, v, v > i)", "value: true"},
      {"[5, 6].transformList(i, v, v * i)", "value: [0, 6]"},
      {"{'a': 1}.transformMap(k, v, v + 1)", "value: {\"a\": 2}"},
      {"[[1, 2], [3]].map(l, l.map(x, x + 1))", "value: [[2, 3], [4]]"},
      {"cel.bind(x, 2, x * x)", "value: 4"},
      {"cel.bind(a, [1, 2], a.map(x, x + size(a)))", "value: [3, 4]"},
  };
  run_table(std::begin(cases), std::end(cases), true);
}
