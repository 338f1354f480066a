// cel-go's strings extension as Kubernetes v1.37 enables it (version 2, cel-go v0.27): the
// cases of cel-go's ext/strings_test.go and ext/formatting_test.go (en_US, the formatter of
// versions 1 to 3; protocol buffer cases aside), the functions of each version, and the
// run-time costs of Kubernetes' cost_test.go (TestStringLibrary) and of cel-go's format tests.
#include <doctest/doctest.h>

#include <string>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {

cel::Env strings_env(std::uint32_t version) {
  cel::Env env;
  cel::add_strings_library(env, version);
  return env;
}

// The error of a compile or an evaluation, or "" when the expression yields a value.
std::string error_of(const std::string& outcome) {
  if (outcome.rfind("error: ", 0) == 0) return outcome.substr(7);
  if (outcome.rfind("compile: ", 0) == 0) return outcome.substr(9);
  return "";
}

std::uint64_t cost_of(const cel::Env& env, const std::string& expr) {
  auto c = env.compile(expr);
  REQUIRE_MESSAGE(c.ok(), c.error);
  cel::MapActivation none;
  auto r = c.program->evaluate(none);
  REQUIRE_FALSE_MESSAGE(r.value.is_error(), r.value.as_string());
  return r.cost;
}

}  // namespace

TEST_CASE("CEL strings: cel-go's cases") {
  struct Case {
    const char* expr;
    const char* error;  // a part of the error; null when the expression is true
    bool parse_only;    // evaluated unchecked: the overload is missing at run time
  };
  static const Case cases[] = {
      {"'tacocat'.charAt(3) == 'o'", nullptr, false},
      {"'tacocat'.charAt(7) == ''", nullptr, false},
      {"'©αT'.charAt(0) == '©' && '©αT'.charAt(1) == 'α' && '©αT'.charAt(2) == 'T'", nullptr, false},
      {"'tacocat'.indexOf('') == 0", nullptr, false},
      {"'tacocat'.indexOf('ac') == 1", nullptr, false},
      {"'tacocat'.indexOf('none') == -1", nullptr, false},
      {"'tacocat'.indexOf('', 3) == 3", nullptr, false},
      {"'tacocat'.indexOf('a', 3) == 5", nullptr, false},
      {"'tacocat'.indexOf('at', 3) == 5", nullptr, false},
      {"'ta©o©αT'.indexOf('©') == 2", nullptr, false},
      {"'ta©o©αT'.indexOf('©', 3) == 4", nullptr, false},
      {"'ta©o©αT'.indexOf('©αT', 3) == 4", nullptr, false},
      {"'ta©o©αT'.indexOf('©α', 5) == -1", nullptr, false},
      {"'ijk'.indexOf('k') == 2", nullptr, false},
      {"'hello wello'.indexOf('hello wello') == 0", nullptr, false},
      {"'hello wello'.indexOf('ello', 6) == 7", nullptr, false},
      {"'hello wello'.indexOf('elbo room!!') == -1", nullptr, false},
      {"'hello wello'.indexOf('elbo room!!!') == -1", nullptr, false},
      {"''.lastIndexOf('@@') == -1", nullptr, false},
      {"'tacocat'.lastIndexOf('') == 7", nullptr, false},
      {"'tacocat'.lastIndexOf('at') == 5", nullptr, false},
      {"'tacocat'.lastIndexOf('none') == -1", nullptr, false},
      {"'tacocat'.lastIndexOf('', 3) == 3", nullptr, false},
      {"'tacocat'.lastIndexOf('a', 3) == 1", nullptr, false},
      {"'ta©o©αT'.lastIndexOf('©') == 4", nullptr, false},
      {"'ta©o©αT'.lastIndexOf('©', 3) == 2", nullptr, false},
      {"'ta©o©αT'.lastIndexOf('©α', 4) == 4", nullptr, false},
      {"'hello wello'.lastIndexOf('ello', 6) == 1", nullptr, false},
      {"'hello wello'.lastIndexOf('low') == -1", nullptr, false},
      {"'hello wello'.lastIndexOf('elbo room!!') == -1", nullptr, false},
      {"'hello wello'.lastIndexOf('elbo room!!!') == -1", nullptr, false},
      {"'hello wello'.lastIndexOf('hello wello') == 0", nullptr, false},
      {"'bananananana'.lastIndexOf('nana', 7) == 6", nullptr, false},
      {"'TacoCat'.lowerAscii() == 'tacocat'", nullptr, false},
      {"'TacoCÆt'.lowerAscii() == 'tacocÆt'", nullptr, false},
      {"'TacoCÆt Xii'.lowerAscii() == 'tacocÆt xii'", nullptr, false},
      {"\"12 days 12 hours\".replace(\"{0}\", \"2\") == \"12 days 12 hours\"", nullptr, false},
      {"\"{0} days {0} hours\".replace(\"{0}\", \"2\") == \"2 days 2 hours\"", nullptr, false},
      {"\"{0} days {0} hours\".replace(\"{0}\", \"2\", 1).replace(\"{0}\", \"23\") == \"2 days 23 hours\"", nullptr, false},
      {"\"1 ©αT taco\".replace(\"αT\", \"o©α\") == \"1 ©o©α taco\"", nullptr, false},
      {"\"hello hello\".replace(\"\", \"_\") == \"_h_e_l_l_o_ _h_e_l_l_o_\"", nullptr, false},
      {"\"hello hello\".replace(\"h\", \"\") == \"ello ello\"", nullptr, false},
      {"\"hello world\".split(\" \") == [\"hello\", \"world\"]", nullptr, false},
      {"\"hello world events!\".split(\" \", 0) == []", nullptr, false},
      {"\"hello world events!\".split(\" \", 1) == [\"hello world events!\"]", nullptr, false},
      {"\"o©o©o©o\".split(\"©\", -1) == [\"o\", \"o\", \"o\", \"o\"]", nullptr, false},
      {"\"tacocat\".substring(4) == \"cat\"", nullptr, false},
      {"\"tacocat\".substring(7) == \"\"", nullptr, false},
      {"\"tacocat\".substring(0, 4) == \"taco\"", nullptr, false},
      {"\"tacocat\".substring(4, 4) == \"\"", nullptr, false},
      {"'ta©o©αT'.substring(2, 6) == \"©o©α\"", nullptr, false},
      {"'ta©o©αT'.substring(7, 7) == \"\"", nullptr, false},
      {"\" \\f\\n\\r\\t\\vtext  \".trim() == \"text\"", nullptr, false},
      {"\"\\u0085\\u00a0\\u1680text\".trim() == \"text\"", nullptr, false},
      {"\"text\\u2000\\u2001\\u2002\\u2003\\u2004\\u2004\\u2006\\u2007\\u2008\\u2009\".trim() == \"text\"", nullptr, false},
      {"\"\\u200atext\\u2028\\u2029\\u202F\\u205F\\u3000\".trim() == \"text\"", nullptr, false},
      {"\"\\u180etext\\u200b\\u200c\\u200d\\u2060\\ufeff\".trim() == \"\\u180etext\\u200b\\u200c\\u200d\\u2060\\ufeff\"", nullptr, false},
      {"'tacoCat'.upperAscii() == 'TACOCAT'", nullptr, false},
      {"'tacoCαt'.upperAscii() == 'TACOCαT'", nullptr, false},
      {"'gums'.reverse() == 'smug'", nullptr, false},
      {"'palindromes'.reverse() == 'semordnilap'", nullptr, false},
      {"'John Smith'.reverse() == 'htimS nhoJ'", nullptr, false},
      {"'u180etext'.reverse() == 'txete081u'", nullptr, false},
      {"'2600+U'.reverse() == 'U+0062'", nullptr, false},
      {"'\\u180e\\u200b\\u200c\\u200d\\u2060\\ufeff'.reverse() == '\\ufeff\\u2060\\u200d\\u200c\\u200b\\u180e'", nullptr, false},
      {"['x', 'y'].join() == 'xy'", nullptr, false},
      {"['x', 'y'].join('-') == 'x-y'", nullptr, false},
      {"[].join() == ''", nullptr, false},
      {"[].join('-') == ''", nullptr, false},
      {"strings.quote(\"first\\nsecond\") == \"\\\"first\\\\nsecond\\\"\"", nullptr, false},
      {"strings.quote(\"bell\\a\") == \"\\\"bell\\\\a\\\"\"", nullptr, false},
      {"strings.quote(\"\\bbackspace\") == \"\\\"\\\\bbackspace\\\"\"", nullptr, false},
      {"strings.quote(\"\\fform feed\") == \"\\\"\\\\fform feed\\\"\"", nullptr, false},
      {"strings.quote(\"carriage \\r return\") == \"\\\"carriage \\\\r return\\\"\"", nullptr, false},
      {"strings.quote(\"horizontal tab\\t\") == \"\\\"horizontal tab\\\\t\\\"\"", nullptr, false},
      {"strings.quote(\"vertical \\v tab\") == \"\\\"vertical \\\\v tab\\\"\"", nullptr, false},
      {"strings.quote(\"double \\\\\\\\ slash\") == \"\\\"double \\\\\\\\\\\\\\\\ slash\\\"\"", nullptr, false},
      {"strings.quote(\"two escape sequences \\a\\n\") == \"\\\"two escape sequences \\\\a\\\\n\\\"\"", nullptr, false},
      {"strings.quote(\"verbatim\") == \"\\\"verbatim\\\"\"", nullptr, false},
      {"strings.quote(\"ends with \\\\\") == \"\\\"ends with \\\\\\\\\\\"\"", nullptr, false},
      {"strings.quote(\"\\\\ starts with\") == \"\\\"\\\\\\\\ starts with\\\"\"", nullptr, false},
      {"strings.quote(\"printable unicode😀\") == \"\\\"printable unicode😀\\\"\"", nullptr, false},
      {"strings.quote(\"mid string \\\" quote\") == \"\\\"mid string \\\\\\\" quote\\\"\"", nullptr, false},
      {"strings.quote('single-quote with \"double quote\"') == \"\\\"single-quote with \\\\\\\"double quote\\\\\\\"\\\"\"", nullptr, false},
      {"strings.quote(\"size('ÿ')\") == \"\\\"size('ÿ')\\\"\"", nullptr, false},
      {"strings.quote(\"size('πέντε')\") == \"\\\"size('πέντε')\\\"\"", nullptr, false},
      {"strings.quote(\"завтра\") == \"\\\"завтра\\\"\"", nullptr, false},
      {"strings.quote(\"\\U0001F431\\U0001F600\\U0001F61B\") == \"\\\"\\U0001F431\\U0001F600\\U0001F61B\\\"\"", nullptr, false},
      {"strings.quote(\"ta©o©αT\") == \"\\\"ta©o©αT\\\"\"", nullptr, false},
      {"strings.quote(\"\") == \"\\\"\\\"\"", nullptr, false},
      {"strings.quote('%s %s').format(['hello', 'world']) == \"\\\"hello world\\\"\"", nullptr, false},
      {"'tacocat'.charAt(30) == ''", "index out of range: 30", false},
      {"'tacocat'.indexOf('a', 30) == -1", nullptr, false},
      {"'tacocat'.lastIndexOf('a', -1) == -1", "index out of range: -1", false},
      {"'tacocat'.lastIndexOf('a', 30) == -1", nullptr, false},
      {"\"tacocat\".substring(40) == \"cat\"", "index out of range: 40", false},
      {"\"tacocat\".substring(-1) == \"cat\"", "index out of range: -1", false},
      {"\"tacocat\".substring(1, 50) == \"cat\"", "index out of range: 50", false},
      {"\"tacocat\".substring(49, 50) == \"cat\"", "index out of range: 49", false},
      {"\"tacocat\".substring(4, 3) == \"\"", "invalid substring range. start: 4, end: 3", false},
      {"42.charAt(2) == \"\"", "no such overload", true},
      {"'hello'.charAt(true) == \"\"", "no such overload", true},
      {"24.indexOf('2') == 0", "no such overload", true},
      {"'hello'.indexOf(true) == 1", "no such overload", true},
      {"42.indexOf('4', 0) == 0", "no such overload", true},
      {"'42'.indexOf(4, 0) == 0", "no such overload", true},
      {"'42'.indexOf('4', '0') == 0", "no such overload", true},
      {"'42'.indexOf('4', 0, 1) == 0", "no such overload", true},
      {"42.split(\"2\") == [\"4\"]", "no such overload", true},
      {"42.replace(2, 1) == \"41\"", "no such overload", true},
      {"\"42\".replace(2, 1) == \"41\"", "no such overload", true},
      {"\"42\".replace(\"2\", 1) == \"41\"", "no such overload", true},
      {"42.replace(\"2\", \"1\", 1) == \"41\"", "no such overload", true},
      {"\"42\".replace(2, \"1\", 1) == \"41\"", "no such overload", true},
      {"\"42\".replace(\"2\", 1, 1) == \"41\"", "no such overload", true},
      {"\"42\".replace(\"2\", \"1\", \"1\") == \"41\"", "no such overload", true},
      {"\"42\".replace(\"2\", \"1\", 1, false) == \"41\"", "no such overload", true},
      {"42.split(\"\") == [\"4\", \"2\"]", "no such overload", true},
      {"\"42\".split(2) == [\"4\"]", "no such overload", true},
      {"42.split(\"2\", \"1\") == [\"4\"]", "no such overload", true},
      {"\"42\".split(2, 1) == [\"4\"]", "no such overload", true},
      {"\"42\".split(\"2\", \"1\") == [\"4\"]", "no such overload", true},
      {"\"42\".split(\"2\", 1, 1) == [\"4\"]", "no such overload", true},
      {"'hello'.substring(1, 2, 3) == \"\"", "no such overload", true},
      {"30.substring(true, 3) == \"\"", "no such overload", true},
      {"\"tacocat\".substring(true, 3) == \"\"", "no such overload", true},
      {"\"tacocat\".substring(0, false) == \"\"", "no such overload", true},
  };
  const cel::Env env = strings_env(3);
  for (const Case& c : cases) {
    SUBCASE(c.expr) {
      const std::string got = cel_test::run(env, c.expr, !c.parse_only);
      if (!c.error) {
        CHECK(got == "value: true");
      } else {
        CHECK_MESSAGE(error_of(got).find(c.error) != std::string::npos, got);
      }
    }
  }
}

TEST_CASE("CEL strings: each version declares what cel-go's does") {
  struct Gate {
    std::uint32_t version;
    const char* name;
    const char* expr;
  };
  static const Gate gates[] = {
      {0, "charAt", "''.charAt(0) == ''"},
      {0, "indexOf", "'a'.indexOf('a') == 0"},
      {0, "lastIndexOf", "'a'.lastIndexOf('a') == 0"},
      {0, "join", "['a', 'b'].join() == 'ab'"},
      {0, "join", "['a', 'b'].join('-') == 'a-b'"},
      {0, "lowerAscii", "'a'.lowerAscii() == 'a'"},
      {0, "replace", "'hello hello'.replace('he', 'we') == 'wello wello'"},
      {0, "split", "'hello hello hello'.split(' ') == ['hello', 'hello', 'hello']"},
      {0, "substring", "'tacocat'.substring(4) == 'cat'"},
      {0, "trim", "'  \\ttrim\\n    '.trim() == 'trim'"},
      {0, "upperAscii", "'TacoCat'.upperAscii() == 'TACOCAT'"},
      {1, "format", "'a %d'.format([1]) == 'a 1'"},
      {1, "strings.quote", "strings.quote('\\a \\b \"double quotes\"') == '\"\\\\a \\\\b \\\\\"double quotes\\\\\"\"'"},
      {3, "reverse", "'taco'.reverse() == 'ocat'"},
  };
  for (std::uint32_t version = 0; version <= 3; ++version) {
    const cel::Env env = strings_env(version);
    for (const Gate& g : gates) {
      const std::string got = cel_test::run(env, g.expr);
      if (version >= g.version) {
        CHECK_MESSAGE(got == "value: true", g.expr, " at version ", version);
      } else {
        // reverse is a member call the checker has no overload for; the others are undeclared.
        CHECK_MESSAGE(got.find("undeclared reference") != std::string::npos, g.name, ": ", got);
      }
    }
  }
}

TEST_CASE("CEL strings: format of versions 1 to 3 (cel-go's formatting tests, en_US)") {
  struct Case {
    const char* name;
    const char* expr;
    const char* want;    // the text, or "~" and a part of the error
    std::uint64_t cost;  // cel-go's actual cost; 0 when its test gives none
  };
  static const Case cases[] = {
      {"no-op", "\"no substitution\".format([])", "no substitution", 12},
      {"mid-string substitution", "\"str is %s and some more\".format([\"filler\"])", "str is filler and some more", 13},
      {"percent escaping", "\"%% and also %%\".format([])", "% and also %", 12},
      {"substution inside escaped percent signs", "\"%%%s%%\".format([\"text\"])", "%text%", 11},
      {"substitution with one escaped percent sign on the right", "\"%s%%\".format([\"percent on the right\"])", "percent on the right%", 11},
      {"substitution with one escaped percent sign on the left", "\"%%%s\".format([\"percent on the left\"])", "%percent on the left", 11},
      {"multiple substitutions", "\"%d %d %d, %s %s %s, %d %d %d, %s %s %s\".format([1, 2, 3, \"A\", \"B\", \"C\", 4, 5, 6, \"D\", \"E\", \"F\"])", "1 2 3, A B C, 4 5 6, D E F", 14},
      {"percent sign escape sequence support", "\"%%escaped %s%%\".format([\"percent\"])", "%escaped percent%", 12},
      {"fixed point formatting clause", "\"%.3f\".format([1.2345])", "1.234", 11},
      {"binary formatting clause", "\"this is 5 in binary: %b\".format([5])", "this is 5 in binary: 101", 13},
      {"negative binary formatting clause", "\"this is -5 in binary: %b\".format([-5])", "this is -5 in binary: -101", 13},
      {"uint support for binary formatting", "\"unsigned 64 in binary: %b\".format([uint(64)])", "unsigned 64 in binary: 1000000", 14},
      {"bool support for binary formatting", "\"bit set from bool: %b\".format([true])", "bit set from bool: 1", 13},
      {"octal formatting clause", "\"%o\".format([11])", "13", 11},
      {"negative octal formatting clause", "\"%o\".format([-11])", "-13", 11},
      {"uint support for octal formatting clause", "\"this is an unsigned octal: %o\".format([uint(65535)])", "this is an unsigned octal: 177777", 14},
      {"lowercase hexadecimal formatting clause", "\"%x is 30 in hexadecimal\".format([30])", "1e is 30 in hexadecimal", 13},
      {"uppercase hexadecimal formatting clause", "\"%X is 20 in hexadecimal\".format([30])", "1E is 20 in hexadecimal", 13},
      {"negative hexadecimal formatting clause", "\"%x is -30 in hexadecimal\".format([-30])", "-1e is -30 in hexadecimal", 13},
      {"unsigned support for hexadecimal formatting clause", "\"%X is 6000 in hexadecimal\".format([uint(6000)])", "1770 is 6000 in hexadecimal", 14},
      {"string support with hexadecimal formatting clause", "\"%x\".format([\"Hello world!\"])", "48656c6c6f20776f726c6421", 11},
      {"string support with uppercase hexadecimal formatting clause", "\"%X\".format([\"Hello world!\"])", "48656C6C6F20776F726C6421", 11},
      {"byte support with hexadecimal formatting clause", "\"%x\".format([b\"byte string\"])", "6279746520737472696e67", 11},
      {"byte support with hexadecimal formatting clause leading zero", "\"%x\".format([b\"\\x00\\x00byte string\\x00\"])", "00006279746520737472696e6700", 11},
      {"byte support with uppercase hexadecimal formatting clause", "\"%X\".format([b\"byte string\"])", "6279746520737472696E67", 11},
      {"scientific notation formatting clause", "\"%.6e\".format([1052.032911275])", "1.052033 × 10⁰³", 11},
      {"default precision for fixed-point clause", "\"%f\".format([2.71828])", "2.718280", 11},
      {"default precision for scientific notation", "\"%e\".format([2.71828])", "2.718280 × 10⁰⁰", 11},
      {"default precision for string", "\"%s\".format([2.71])", "2.71", 11},
      {"default list precision for string", "\"%s\".format([[2.71]])", "[2.710000]", 21},
      {"default scientific notation for string", "\"%s\".format([0.000000002])", "2e-09", 11},
      {"default list scientific notation for string", "\"%s\".format([[0.000000002]])", "[0.000000]", 21},
      {"unicode output for scientific notation", "\"unescaped unicode: %e, escaped unicode: %e\".format([2.71828, 2.71828])", "unescaped unicode: 2.718280 × 10⁰⁰, escaped unicode: 2.718280 × 10⁰⁰", 15},
      {"NaN support for fixed-point", "\"%f\".format([\"NaN\"])", "NaN", 11},
      {"positive infinity support for fixed-point", "\"%f\".format([\"Infinity\"])", "∞", 11},
      {"negative infinity support for fixed-point", "\"%f\".format([\"-Infinity\"])", "-∞", 11},
      {"NaN support for string", "\"%s\".format([double(\"NaN\")])", "NaN", 0},
      {"positive infinity support for string", "\"%s\".format([double(\"Inf\")])", "+Inf", 0},
      {"negative infinity support for string", "\"%s\".format([double(\"-Inf\")])", "-Inf", 0},
      {"infinity list support for string", "\"%s\".format([[double(\"NaN\"),double(\"+Inf\"), double(\"-Inf\")]])", "[\"NaN\", \"+Inf\", \"-Inf\"]", 0},
      {"uint support for decimal clause", "\"%d\".format([uint(64)])", "64", 12},
      {"null support for string", "\"null: %s\".format([null])", "null: null", 11},
      {"int support for string", "\"%s\".format([999999999999])", "999999999999", 11},
      {"bytes support for string", "\"some bytes: %s\".format([b\"xyz\"])", "some bytes: xyz", 12},
      {"type() support for string", "\"type is %s\".format([type(\"test string\")])", "type is string", 12},
      {"timestamp support for string", "\"%s\".format([timestamp(\"2023-02-03T23:31:20+00:00\")])", "2023-02-03T23:31:20Z", 12},
      {"duration support for string", "\"%s\".format([duration(\"1h45m47s\")])", "6347s", 12},
      {"small duration support for string", "\"%s\".format([duration(\"2ns\")])", "0.000000002s", 12},
      {"list support for string", "\"%s\".format([[\"abc\", 3.14, null, [9, 8, 7, 6], timestamp(\"2023-02-03T23:31:20Z\")]])", "[\"abc\", 3.140000, null, [9, 8, 7, 6], timestamp(\"2023-02-03T23:31:20Z\")]", 32},
      {"map support (all key types)", "\"map with multiple key types: %s\".format([{1: \"value1\", uint(2): \"value2\", true: double(\"NaN\")}])", "map with multiple key types: {1:\"value1\", 2:\"value2\", true:\"NaN\"}", 46},
      {"boolean support for %s", "\"true bool: %s, false bool: %s\".format([true, false])", "true bool: true, false bool: false", 13},
      {"unrecognized formatting clause", "\"%a\".format([1])", "~could not parse formatting clause: unrecognized formatting clause \"a\"", 0},
      {"out of bounds arg index", "\"%d %d %d\".format([0, 1])", "~index 2 out of range", 0},
      {"string substitution is not allowed with binary clause", "\"string is %b\".format([\"abc\"])", "~error during formatting: only integers and bools can be formatted as binary, was given string", 0},
      {"duration substitution not allowed with decimal clause", "\"%d\".format([duration(\"30m2s\")])", "~error during formatting: decimal clause can only be used on integers, was given google.protobuf.Duration", 0},
      {"string substitution not allowed with octal clause", "\"octal: %o\".format([\"a string\"])", "~error during formatting: octal clause can only be used on integers, was given string", 0},
      {"double substitution not allowed with hex clause", "\"double is %x\".format([0.5])", "~error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double", 0},
      {"uppercase not allowed for scientific clause", "\"double is %E\".format([0.5])", "~could not parse formatting clause: unrecognized formatting clause \"E\"", 0},
      {"null not allowed for %d", "\"null: %d\".format([null])", "~error during formatting: decimal clause can only be used on integers, was given null_type", 0},
      {"null not allowed for %e", "\"null: %e\".format([null])", "~error during formatting: scientific clause can only be used on doubles, was given null_type", 0},
      {"null not allowed for %f", "\"null: %f\".format([null])", "~error during formatting: fixed-point clause can only be used on doubles, was given null_type", 0},
      {"null not allowed for %x", "\"null: %x\".format([null])", "~error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given null_type", 0},
      {"null not allowed for %X", "\"null: %X\".format([null])", "~error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given null_type", 0},
      {"null not allowed for %b", "\"null: %b\".format([null])", "~error during formatting: only integers and bools can be formatted as binary, was given null_type", 0},
      {"null not allowed for %o", "\"null: %o\".format([null])", "~error during formatting: octal clause can only be used on integers, was given null_type", 0},
      {"compile-time cardinality check (too few for string)", "\"%s %s\".format([\"abc\"])", "~index 1 out of range", 0},
      {"compile-time cardinality check (too many for string)", "\"%s %s\".format([\"abc\", \"def\", \"ghi\"])", "~too many arguments supplied to string.format (expected 2, got 3)", 0},
      {"compile-time syntax check (unexpected end of string)", "\"filler %\".format([])", "~unexpected end of string", 0},
      {"compile-time syntax check (unrecognized formatting clause)", "\"%j\".format([123])", "~could not parse formatting clause: unrecognized formatting clause \"j\"", 0},
      {"compile-time %d check", "\"int is %d\".format([5.2])", "~error during formatting: decimal clause can only be used on integers", 0},
      {"compile-time %f check", "\"double is %f\".format([true])", "~error during formatting: fixed-point clause can only be used on doubles", 0},
      {"compile-time precision syntax check", "\"double is %.34\".format([5.0])", "~could not parse formatting clause: error while parsing precision: could not find end of precision specifier", 0},
      {"compile-time %e check", "\"double is %e\".format([true])", "~error during formatting: scientific clause can only be used on doubles", 0},
      {"compile-time %b check", "\"string is %b\".format([\"a string\"])", "~error during formatting: only integers and bools can be formatted as binary", 0},
      {"compile-time %x check", "\"%x is a double\".format([2.5])", "~error during formatting: only integers, byte buffers, and strings can be formatted as hex", 0},
      {"compile-time %X check", "\"%X is a double\".format([2.5])", "~error during formatting: only integers, byte buffers, and strings can be formatted as hex", 0},
      {"compile-time %o check", "\"an octal: %o\".format([3.14])", "~error during formatting: octal clause can only be used on integers", 0},

  };
  cel::Env env = strings_env(2);
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      auto compiled = env.compile(c.expr);
      const std::string want = c.want;
      if (want[0] == '~') {
        std::string error = compiled.ok() ? "" : compiled.error;
        if (compiled.ok()) {
          cel::MapActivation none;
          auto r = compiled.program->evaluate(none);
          if (r.value.is_error()) error = std::string(r.value.as_string());
        }
        CHECK_MESSAGE(error.find(want.substr(1)) != std::string::npos, error);
        continue;
      }
      REQUIRE_MESSAGE(compiled.ok(), compiled.error);
      cel::MapActivation none;
      auto r = compiled.program->evaluate(none);
      REQUIRE_MESSAGE(r.value.kind() == cel::Kind::String, r.value.debug_string());
      CHECK(std::string(r.value.as_string()) == want);
      if (c.cost) CHECK(r.cost == c.cost);
    }
  }
}

TEST_CASE("CEL strings: format in Kubernetes' environment") {
  const cel::Env env = cel_test::kube_env();
  // Literal arguments are checked as the call compiles, with the argument's position.
  CHECK(cel_test::run(env, "'%s %s'.format(['abc'])") ==
        "compile: ERROR: <input>:1:15: index 1 out of range\n | '%s %s'.format(['abc'])\n | ..............^");
  CHECK(cel_test::run(env, "'%d'.format([1, 2])") ==
        "compile: ERROR: <input>:1:12: too many arguments supplied to string.format (expected 1, got 2)\n"
        " | '%d'.format([1, 2])\n | ...........^");
  // Mixed literals are allowed inside format()'s list.
  CHECK(cel_test::run(env, "'%s'.format([[1, 'a', 2.5]])") == "value: \"[1, \\\"a\\\", 2.500000]\"");
  // Arguments that are not literals are checked when formatted.
  CHECK(cel_test::run(env, "'%d'.format([dyn('a')])") ==
        "error: error during formatting: decimal clause can only be used on integers, was given string");
  CHECK(cel_test::run(env, "'%.2f'.format([1234567.891])") == "value: \"1,234,567.89\"");
  CHECK(cel_test::run(env, "'%e'.format([-0.00042])") == "value: \"-4.200000\u202f×\u202f10⁻⁰⁴\"");
  CHECK(cel_test::run(env, "'%.x'.format([1])").find("strconv.Atoi: parsing \"\": invalid syntax") !=
        std::string::npos);
}

TEST_CASE("CEL strings: text read as Go reads it") {
  const cel::Env env = cel_test::kube_env();
  CHECK(cel_test::run(env, "'abc'.indexOf('', 10)") == "value: 10");
  CHECK(cel_test::run(env, "'abc'.lastIndexOf('', -1)") == "value: -1");
  CHECK(cel_test::run(env, "'abc'.lastIndexOf('c', 3)") == "value: -1");
  CHECK(cel_test::run(env, "'abc'.lastIndexOf('c', 2)") == "value: 2");
  CHECK(cel_test::run(env, "'abc'.indexOf('b', -1)") == "error: index out of range: -1");
  CHECK(cel_test::run(env, "'abc'.substring(5, 1)") == "error: invalid substring range. start: 5, end: 1");
  CHECK(cel_test::run(env, "'a,b,,c'.split(',', -1)") == "value: [\"a\", \"b\", \"\", \"c\"]");
  CHECK(cel_test::run(env, "'αβγ'.split('', 2)") == "value: [\"α\", \"βγ\"]");
  CHECK(cel_test::run(env, "'aaa'.replace('', '-', 2)") == "value: \"-a-aa\"");
  CHECK(cel_test::run(strings_env(2), "dyn(['a', 1]).join()") == "error: join: invalid input: 1");
  CHECK(cel_test::run(strings_env(0), "dyn(['a', 1]).join()") == "error: type conversion error from 'int' to 'string'");
  // Version 2 has no string reverse; ext.Lists' list reverse is there.
  CHECK(cel_test::run(env, "[1, 2].reverse() == [2, 1]") == "value: true");
}

TEST_CASE("CEL strings and regex: cost.go's costs (TestStringLibrary)") {
  const cel::Env env = cel_test::kube_env();
  struct Cost {
    const char* expr;
    std::uint64_t cost;
  };
  static const Cost cases[] = {
      {"'ABCDEFGHIJ abcdefghij'.lowerAscii()", 3},
      {"'ABCDEFGHIJ abcdefghij'.lowerAscii() == 'abcdefghij ABCDEFGHIJ'.lowerAscii()", 9},
      {"'ABCDEFGHIJ abcdefghij'.upperAscii()", 3},
      {"'ABCDEFGHIJ abcdefghij'.upperAscii() == 'abcdefghij ABCDEFGHIJ'.upperAscii()", 9},
      {"strings.quote('ABCDEFGHIJ abcdefghij')", 3},
      {"strings.quote('ABCDEFGHIJ abcdefghij') == strings.quote('ABCDEFGHIJ abcdefghij')", 9},
      {"'abc 123 def 123'.replace('123', '456')", 3},
      {"'abc 123 def 123'.replace('', 'x')", 3},
      {"'abc 123 def 123'.replace('123', '')", 3},
      {"'abc 123 def 123'.replace('123', '456', 1)", 3},
      {"'abc 123 def 123'.split(' ')", 3},
      {"'abc 123 def 123'.split(' ', 1)", 3},
      {"'abc 123 def 123'.substring(5)", 2},
      {"'abc 123 def 123'.substring(5, 8)", 2},
      {"'  abc 123 def 123  '.trim()", 2},
      {"['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join(' ')", 15},
      {"['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join()", 13},
      {"'abc 123 def 123'.find('123')", 2},
      {"'abc 123 def 123'.findAll('123')", 2},
      {"'abc 123 def 123'.findAll('123', 1)", 2},
  };
  for (const Cost& c : cases) {
    CAPTURE(c.expr);
    CHECK(cost_of(env, c.expr) == c.cost);
  }
  // cel-go's own prices of the standard text functions, in place of the call's unit.
  CHECK(cost_of(env, "'abcdefghijklmnopqrstu'.startsWith('abc')") == 3);
  CHECK(cost_of(env, "'abcdefghijklmnopqrstu'.contains('abcdefghijk')") == 3 * 2);
  CHECK(cost_of(env, "'abcdefghijklmnopqrstu'.matches('[a-z]+')") == 3 * 2);
  CHECK(cost_of(env, "matches('abcdefghijklmnopqrstu', '[a-z]+')") == 1);
  CHECK(cost_of(env, "'' == ''") == 0);
  CHECK(cost_of(env, "'abcdefghijklmnopqrstu' < 'b'") == 1);
  CHECK(cost_of(env, "'abcdefghijklmnopqrstu' + 'abcdefghij'") == 4);
  CHECK(cost_of(env, "2 in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]") == 10 + 12);
  CHECK(cost_of(env, "'abc'.charAt(1)") == 1);
}
