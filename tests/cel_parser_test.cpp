// CEL's parser: literals, operators and precedence, macros, optional syntax, cel-go's error
// texts and the limits that keep hostile input harmless.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "cel/lexer.h"
#include "cel/parser.h"
#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {
struct Case {
  const char* expr;
  const char* want;
};
}  // namespace

TEST_CASE("CEL literals evaluate to their values") {
  static const Case cases[] = {
      {"0", "value: 0"},
      {"-9223372036854775808", "value: -9223372036854775808"},
      {"- 9223372036854775808", "value: -9223372036854775808"},
      {"1 -1", "value: 0"},
      {"9223372036854775807", "value: 9223372036854775807"},
      {"0x7fffffffffffffff", "value: 9223372036854775807"},
      {"-0x10", "value: -16"},
      {"18446744073709551615u", "value: 18446744073709551615u"},
      {"0xFFu", "value: 255u"},
      {"1.5", "value: 1.5"},
      {".5", "value: 0.5"},
      {"1e3", "value: 1000"},
      {"-2.3e+1", "value: -23"},
      {"'a\\'b'", "value: \"a'b\""},
      {"\"\\x41\\u00e9\\U0001F600\\101\"", "value: \"A\xC3\xA9\xF0\x9F\x98\x80" "A\""},
      {"r'\\n'", "value: \"\\\\n\""},
      {"R\"\\d\"", "value: \"\\\\d\""},
      {"'''a\n'b'''", "value: \"a\\n'b\""},
      {"\"\"\"x\"y\"\"\"", "value: \"x\\\"y\""},
      {"b'\\xff\\000'", "value: b\"\\xff\\x00\""},
      {"b'\\u00ff'", "value: b\"\\xc3\\xbf\""},
      {"true", "value: true"},
      {"null", "value: null"},
      {"[1, 'a', [2]]", "value: [1, \"a\", [2]]"},
      {"{'a': 1, 2: 'b',}", "value: {\"a\": 1, 2: \"b\"}"},
      {"[1, 2,]", "value: [1, 2]"},
  };
  cel::Env env = cel_test::kube_env();
  for (const Case& c : cases) {
    SUBCASE(c.expr) { CHECK(cel_test::run(env, c.expr, false) == c.want); }
  }
}

TEST_CASE("CEL operator precedence and associativity") {
  static const Case cases[] = {
      {"1 + 2 * 3", "value: 7"},
      {"(1 + 2) * 3", "value: 9"},
      {"10 - 4 - 3", "value: 3"},
      {"100 / 10 / 5", "value: 2"},
      {"7 % 4 * 2", "value: 6"},
      {"1 < 2 == true", "value: true"},
      {"true || false && false", "value: true"},
      {"!true || true", "value: true"},
      {"--1", "value: 1"},
      {"-(1)", "value: -1"},
      {"!!false", "value: false"},
      {"true ? 1 : false ? 2 : 3", "value: 1"},
      {"false ? 1 : false ? 2 : 3", "value: 3"},
      {"1 in [1] && 2 in {2: 0}", "value: true"},
      {"[1, 2][1] + {'k': 3}.k", "value: 5"},
      {"'abc'.size() + size('de')", "value: 5"},
      {"// a comment\n1 + // another\n 2", "value: 3"},
  };
  cel::Env env = cel_test::kube_env();
  for (const Case& c : cases) {
    SUBCASE(c.expr) { CHECK(cel_test::run(env, c.expr, false) == c.want); }
  }
}

TEST_CASE("CEL parse errors are cel-go's, with the source line and a caret") {
  static const Case cases[] = {
      {"1 +", "compile: ERROR: <input>:1:4: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', "
              "'-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | 1 +\n | ...^"},
      {"(1", "compile: ERROR: <input>:1:3: Syntax error: missing ')' at '<EOF>'\n | (1\n | ..^"},
      {"1 2", "compile: ERROR: <input>:1:3: Syntax error: extraneous input '2' expecting <EOF>\n | 1 2\n | ..^"},
      {"var", "compile: ERROR: <input>:1:1: reserved identifier: var\n | var\n | ^"},
      {"9223372036854775808", "compile: ERROR: <input>:1:1: invalid int literal\n | 9223372036854775808\n | ^"},
      {"18446744073709551616u", "compile: ERROR: <input>:1:1: invalid uint literal\n | 18446744073709551616u\n | ^"},
      {"'abc", "compile: ERROR: <input>:1:1: Syntax error: token recognition error at: ''abc'\n | 'abc\n | ^\nERROR: <input>:1:5: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | 'abc\n | ....^"},
      {"'\\q'", "compile: ERROR: <input>:1:1: Syntax error: token recognition error at: ''\\q'\n | '\\q'\n | ^\nERROR: <input>:1:4: Syntax error: token recognition error at: '''\n | '\\q'\n | ...^\nERROR: <input>:1:5: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | '\\q'\n | ....^"},
      {"a.1", "compile: ERROR: <input>:1:2: Syntax error: extraneous input '.1' expecting <EOF>\n | a.1\n | .^"},
      {"a.'b'", "compile: ERROR: <input>:1:3: Syntax error: no viable alternative at input '.'b''\n | a.'b'\n | ..^"},
      {"has(a)", "compile: ERROR: <input>:1:5: invalid argument to has() macro\n | has(a)\n | ....^"},
      {"[1].all(1, true)", "compile: ERROR: <input>:1:9: argument must be a simple name\n | [1].all(1, true)\n | ........^"},
      {"x\n  + #", "compile: ERROR: <input>:2:5: Syntax error: token recognition error at: '#'\n |   + #\n | ....^\nERROR: <input>:2:6: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n |   + #\n | .....^"},
      {"x = y", "compile: ERROR: <input>:1:3: Syntax error: token recognition error at: '= '\n | x = y\n | ..^\nERROR: <input>:1:5: Syntax error: extraneous input 'y' expecting <EOF>\n | x = y\n | ....^"},
      {"x & y", "compile: ERROR: <input>:1:3: Syntax error: token recognition error at: '& '\n | x & y\n | ..^\nERROR: <input>:1:5: Syntax error: extraneous input 'y' expecting <EOF>\n | x & y\n | ....^"},
      {"-!x", "compile: ERROR: <input>:1:2: Syntax error: no viable alternative at input '-!'\n | -!x\n | .^"},
      {"!-x", "compile: ERROR: <input>:1:3: Syntax error: no viable alternative at input '-x'\n | !-x\n | ..^"},
      {"f(a,)", "compile: ERROR: <input>:1:5: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | f(a,)\n | ....^"},
      {"rb'x'", "compile: ERROR: <input>:1:3: Syntax error: extraneous input ''x'' expecting <EOF>\n | rb'x'\n | ..^"},
      {"0x", "compile: ERROR: <input>:1:2: Syntax error: extraneous input 'x' expecting <EOF>\n | 0x\n | .^"},
      {"r'abc", "compile: ERROR: <input>:1:2: Syntax error: token recognition error at: ''abc'\n | r'abc\n | .^"},
      {"`a#b`", "compile: ERROR: <input>:1:1: Syntax error: token recognition error at: '`a#'\n | `a#b`\n | ^\nERROR: <input>:1:5: Syntax error: token recognition error at: '`'\n | `a#b`\n | ....^"},
      {"a b c", "compile: ERROR: <input>:1:3: Syntax error: mismatched input 'b' expecting <EOF>\n | a b c\n | ..^"},
      {"f(a", "compile: ERROR: <input>:1:4: Syntax error: missing ')' at '<EOF>'\n | f(a\n | ...^"},
      {"[1,2", "compile: ERROR: <input>:1:5: Syntax error: mismatched input '<EOF>' expecting {']', ','}\n | [1,2\n | ....^"},
      {"Msg{a: 1}", "compile: ERROR: <input>:1:4: undeclared reference to 'Msg' (in container '')\n | Msg{a: 1}\n | ...^"},
  };
  cel::Env env = cel_test::kube_env();
  for (const Case& c : cases) {
    SUBCASE(c.expr) { CHECK(cel_test::run(env, c.expr, false) == c.want); }
  }
}

TEST_CASE("CEL optional syntax needs the optional library") {
  cel::Env plain;
  CHECK(cel_test::run(plain, "{'a': 1}.?a", false) ==
        "compile: ERROR: <input>:1:10: unsupported syntax '.?'\n | {'a': 1}.?a\n | .........^");
  cel::Env kube = cel_test::kube_env();
  CHECK(cel_test::run(kube, "{'a': 1}.?a", false) == "value: optional.of(1)");
  CHECK(cel_test::run(kube, "[?optional.none(), ?optional.of(2)]", false) == "value: [2]");
  CHECK(cel_test::run(kube, "{?'a': optional.none(), ?'b': optional.of(1)}", false) == "value: {\"b\": 1}");
}

TEST_CASE("CEL parser limits: nesting, size, length") {
  cel::Env env = cel_test::kube_env();
  std::string ok_nesting = std::string(200, '(') + "1" + std::string(200, ')');
  CHECK(cel_test::run(env, ok_nesting) == "value: 1");
  std::string deep = std::string(300, '[') + std::string(300, ']');
  CHECK(cel_test::run(env, deep) == "compile: ERROR: <input>:-1:0: expression recursion limit exceeded: 250");
  std::string nots = std::string(998, '!') + "true";
  CHECK(cel_test::run(env, nots) == "value: true");
  // cel-go's visitor folds a prefix run: an even one cancels out, an odd one is one operator.
  CHECK(cel_test::run(env, std::string(1500, '!') + "true") == "value: true");
  CHECK(cel_test::run(env, std::string(1501, '!') + "true") == "value: false");
  CHECK(cel_test::run(env, std::string(1501, '-') + "x").find("undeclared reference to 'x'") != std::string::npos);
  cel::Env small = env;
  small.limits().max_expression_length = 10;
  CHECK(cel_test::run(small, "1 + 2 + 3 + 4") ==
        "compile: ERROR: <input>:-1:0: expression code point size exceeds limit: size: 13, limit 10");
}

namespace {
std::string repeat(std::string_view s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}
}  // namespace

// cel-go's ANTLR parse listener stops a rule entered more than 250 times deep: `expr` once per
// parenthesis, list or argument, and `calc` and `relation` once more for the right operand of
// each of their operators. Then its tree visitor stops past 250 nested operators, selects, member
// calls and indexes (prefix operators, && and || chains, lists and global calls not counted).
// Both errors have no location: cel-go prints line -1, column 0 and no source line.
TEST_CASE("CEL parser nesting limits are cel-go's, reported without a location") {
  cel::Env env = cel_test::kube_env();
  const std::string rule_limit = "compile: ERROR: <input>:-1:0: expression recursion limit exceeded: 250";
  const std::string visit_limit = "compile: ERROR: <input>:-1:0: max recursion depth exceeded";
  auto parens = [](int n) { return std::string(n, '(') + "1" + std::string(n, ')'); };
  CHECK(cel_test::run(env, parens(249)) == "value: 1");
  CHECK(cel_test::run(env, parens(250)) == rule_limit);
  // 1 + (1 + (...)): calc is entered twice per level.
  auto sums = [](int n) { return "1 " + repeat("+ (1 ", n) + std::string(n, ')'); };
  CHECK(cel_test::run(env, sums(124)) == "value: 125");
  CHECK(cel_test::run(env, sums(125)) == rule_limit);
  // 1 + 0 * (...): three times per level.
  auto products = [](int n) { return "1 " + repeat("+ 0 * (1 ", n) + std::string(n, ')') + " > 0"; };
  CHECK(cel_test::run(env, products(83)) == "value: true");
  CHECK(cel_test::run(env, products(84)) == rule_limit);
  auto comparisons = [](int n) { return "true " + repeat("== (true ", n) + std::string(n, ')'); };
  CHECK(cel_test::run(env, comparisons(124)) == "value: true");
  CHECK(cel_test::run(env, comparisons(125)) == rule_limit);
  // A ternary's third operand is an expr of its own.
  auto ternaries = [](int n) { return repeat("true ? true : ", n) + "true"; };
  CHECK(cel_test::run(env, ternaries(249)) == "value: true");
  CHECK(cel_test::run(env, ternaries(250)) == rule_limit);
  // Left-associative chains parse flat but nest in the tree the visitor walks.
  auto chain = [](int n) { return "1" + repeat("+1", n); };
  CHECK(cel_test::run(env, chain(250)) == "value: 251");
  CHECK(cel_test::run(env, chain(251)) == visit_limit);
  CHECK(cel_test::run(env, chain(2000)) == visit_limit);
  auto selects = [](int n) { return "{'a': 1}" + repeat(".a", n - 1) + ".a"; };
  CHECK(cel_test::run(env, "{'a': {'a': 1}}.a.a") == "value: 1");
  CHECK(cel_test::run(env, selects(251), false) == visit_limit);
  CHECK(cel_test::run(env, "'a'" + repeat(".lowerAscii()", 250) + " == 'a'") == visit_limit);
  CHECK(cel_test::run(env, "'a'" + repeat(".lowerAscii()", 249) + " == 'a'") == "value: true");
  // A macro counts as the member call it replaces, its arguments below it.
  auto maps = [](int n) { return "[1]" + repeat(".map(x, x)", n) + " == [1]"; };
  CHECK(cel_test::run(env, maps(249)) == "value: true");
  CHECK(cel_test::run(env, maps(250)) == visit_limit);
  // Not counted: && chains, prefix operators.
  CHECK(cel_test::run(env, repeat("true && ", 300) + "true") == "value: true");
  CHECK(cel_test::run(env, repeat("-", 300) + "1 == 1") == "value: true");
}

// Where cel-go prints an issue: its column is 0-based in code points and printed plus one, so
// no location (column -1) prints 0; an empty source puts every position at column -1 too.
TEST_CASE("CEL issues at column 0, and the source line as cel-go shows it") {
  cel::Env env = cel_test::kube_env();
  const std::string expecting =
      "expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, "
      "IDENTIFIER}";
  CHECK(cel_test::run(env, "") == "compile: ERROR: <input>:1:0: Syntax error: mismatched input '<EOF>' " + expecting);
  // Not empty: the end is a position of its own.
  CHECK(cel_test::run(env, " ") ==
        "compile: ERROR: <input>:1:2: Syntax error: mismatched input '<EOF>' " + expecting + "\n |  \n | .^");
  CHECK(cel_test::run(env, "1 +\n") ==
        "compile: ERROR: <input>:2:1: Syntax error: mismatched input '<EOF>' " + expecting + "\n | \n | ^");
  // Tabs show as spaces; a multi-byte code point gets a full-width dot.
  CHECK(cel_test::run(env, "\t1 +") ==
        "compile: ERROR: <input>:1:5: Syntax error: mismatched input '<EOF>' " + expecting + "\n |  1 +\n | ....^");
  CHECK(cel_test::run(env, "'\u65e5\u672c' == 1 + 'x'") ==
        "compile: ERROR: <input>:1:11: found no matching overload for '_+_' applied to '(int, string)'\n"
        " | '\u65e5\u672c' == 1 + 'x'\n | .\uff0e\uff0e.......^");
  // Issues are listed by position, one without a location first.
  std::vector<cel::Issue> issues = {{4, "b"}, {1, "a"}, {cel::kNoLocation, "limit"}};
  CHECK(cel::format_issues("1 + 2", issues) ==
        "ERROR: <input>:-1:0: limit\nERROR: <input>:1:2: a\n | 1 + 2\n | .^\nERROR: <input>:1:5: b\n | 1 + 2\n | ....^");
}

TEST_CASE("CEL lexer decodes every escape") {
  std::string out, err;
  CHECK(cel::decode_string_body("\\a\\b\\f\\n\\r\\t\\v\\\\\\?\\\"\\'\\`", false, false, out, err));
  CHECK(out == "\a\b\f\n\r\t\v\\?\"'`");
  CHECK(cel::decode_string_body("\\377", false, true, out, err));
  CHECK(out == "\xFF");
  CHECK(cel::decode_string_body("\\377", false, false, out, err));
  CHECK(out == "\xC3\xBF");
  CHECK_FALSE(cel::decode_string_body("\\uD800", false, false, out, err));
  CHECK_FALSE(cel::decode_string_body("\\8", false, false, out, err));
}
