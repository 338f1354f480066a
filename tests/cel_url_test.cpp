// Kubernetes' CEL URLs library: url() and isURL() with Go's url.ParseRequestURI rules (Go
// 1.26), the accessors, equality by text, and cost.go's run-time costs.
#include <doctest/doctest.h>

#include <string>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {
using cel_test::Case;
using cel_test::cost_of;
using cel_test::run_table;
}  // namespace

TEST_CASE("CEL URLs library: apiextensions-apiserver's URL parsing rules") {
  // Each rule of Kubernetes' "URL parsing" validation case holds; self.url is
  // https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor.
  static const Case cases[] = {
      {"url('/path').getScheme() == ''", "value: true"},
      {"url('https://example.com/').getScheme() == 'https'", "value: true"},
      {"url('https://example.com:80/').getHost() == 'example.com:80'", "value: true"},
      {"url('https://example.com/').getHost() == 'example.com'", "value: true"},
      {"url('https://[::1]:80/').getHost() == '[::1]:80'", "value: true"},
      {"url('https://[::1]/').getHost() == '[::1]'", "value: true"},
      {"url('/path').getHost() == ''", "value: true"},
      {"url('https://example.com:80/').getHostname() == 'example.com'", "value: true"},
      {"url('https://127.0.0.1/').getHostname() == '127.0.0.1'", "value: true"},
      {"url('https://[::1]/').getHostname() == '::1'", "value: true"},
      {"url('/path').getHostname() == ''", "value: true"},
      {"url('https://example.com:80/').getPort() == '80'", "value: true"},
      {"url('https://example.com/').getPort() == ''", "value: true"},
      {"url('/path').getPort() == ''", "value: true"},
      {"url('https://example.com/path').getEscapedPath() == '/path'", "value: true"},
      {"url('https://example.com/with space/').getEscapedPath() == '/with%20space/'", "value: true"},
      {"url('https://example.com').getEscapedPath() == ''", "value: true"},
      {"url('https://example.com/path?k1=a&k2=b&k2=c').getQuery() == { 'k1': ['a'], 'k2': ['b', 'c']}", "value: true"},
      {"url('https://example.com/path?key with spaces=value with spaces').getQuery() == "
       "{ 'key with spaces': ['value with spaces']}",
       "value: true"},
      {"url('https://example.com/path?').getQuery() == {}", "value: true"},
      {"url('https://example.com/path').getQuery() == {}", "value: true"},
      {"url('https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor').getScheme() == 'https'",
       "value: true"},
      {"url('https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor').getHost() == 'kubernetes.io:80'",
       "value: true"},
      {"url('https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor').getHostname() == 'kubernetes.io'",
       "value: true"},
      {"url('https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor').getPort() == '80'", "value: true"},
      {"url('https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor').getEscapedPath() == '/docs/home'",
       "value: true"},
      {"url('https://user:pass@kubernetes.io:80/docs/home?k1=a&k2=b&k2=c#anchor').getQuery() == "
       "{'k1': ['a'], 'k2': ['b', 'c']}",
       "value: true"},
      {"isURL('https://user:pass@example.com:80/path?query=val#fragment')", "value: true"},
      {"isURL('/path') == true", "value: true"},
      {"isURL('https://a:b:c/') == false", "value: true"},
      {"isURL('../relative-path') == false", "value: true"},
      // The "cost for extended lib calculated correctly: url" rule.
      {"url('https:://kubernetes.io/').getHostname() != 'test'", "value: true"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL URLs library: the documented examples") {
  static const Case cases[] = {
      {"url('https://user:pass@example.com:80/path?query=val#fragment')",
       "value: https://user:pass@example.com:80/path?query=val#fragment"},
      {"url('/absolute-path')", "value: /absolute-path"},
      {"url('https://a:b:c/')",
       "error: URL parse error during conversion from string: parse \"https://a:b:c/\": invalid port \":b:c\" "
       "after host"},
      {"url('../relative-path')",
       "error: URL parse error during conversion from string: parse \"../relative-path\": invalid URI for request"},
      {"isURL('/absolute-path')", "value: true"},
      {"url('https://example.com/').getScheme()", "value: \"https\""},
      {"url('https://example.com/').getHost()", "value: \"example.com\""},
      {"url('https://127.0.0.1:80/').getHostname()", "value: \"127.0.0.1\""},
      {"url('https://[::1]:80/').getHostname()", "value: \"::1\""},
      {"url('https://example.com/').getPort()", "value: \"\""},
      {"url('https://example.com/path with spaces/').getEscapedPath()", "value: \"/path%20with%20spaces/\""},
      {"url('https://example.com/path?k1=a&k2=b&k2=c').getQuery()", "value: {\"k1\": [\"a\"], \"k2\": [\"b\", \"c\"]}"},
      {"url('https://example.com/path?').getQuery()", "value: {}"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL URLs library: Go's net/url rules") {
  static const Case cases[] = {
      {"url('')", "error: URL parse error during conversion from string: parse \"\": empty url"},
      {"isURL('')", "value: false"},
      {"url('*').getEscapedPath()", "value: \"*\""},
      {"url(':foo')", "error: URL parse error during conversion from string: parse \":foo\": missing protocol scheme"},
      {"url('1http://x')",
       "error: URL parse error during conversion from string: parse \"1http://x\": invalid URI for request"},
      {"url('HTTP://Example.com/').getScheme()", "value: \"http\""},
      {"url('HTTP://Example.com/').getHost()", "value: \"Example.com\""},
      {"url('HTTP://x.b') == url('http://x.b')", "value: true"},
      {"url('http://x.b') == url('http://x.b/')", "value: false"},
      {"url('/a#frag') == url('/a#frag')", "value: true"},
      {"url('/a#frag') == url('/a#other')", "value: false"},
      {"url('/a#frag').getEscapedPath()", "value: \"/a\""},
      {"isURL('/a#frag')", "value: true"},
      // The request form leaves a query unchecked; the general form then refuses the fragment.
      {"isURL('/a?x#%zz')", "value: true"},
      {"url('/a?x#%zz')",
       "error: URL parse error during conversion from string: parse \"/a?x#%zz\": invalid URL escape \"%zz\""},
      {"url('http://h/%zz')",
       "error: URL parse error during conversion from string: parse \"http://h/%zz\": invalid URL escape \"%zz\""},
      {"url('http://h/a%2fb').getEscapedPath()", "value: \"/a%2fb\""},
      {"url('http://h/%41').getEscapedPath()", "value: \"/%41\""},
      {"url('http://h/é').getEscapedPath()", "value: \"/%C3%A9\""},
      {"url('http://é/').getHost()", "value: \"é\""},
      // Hosts: brackets hold IPv6 only (zones escaped as %25), ports are digits, http and https
      // take the port from the first colon and other schemes from the last.
      {"url('http://[fe80::1%25en0]:8080/').getHost()", "value: \"[fe80::1%en0]:8080\""},
      {"url('http://[fe80::1%25en0]:8080/').getHostname()", "value: \"fe80::1%en0\""},
      {"url('http://[fe80::1%25en0]:8080/').getPort()", "value: \"8080\""},
      {"url('http://[::1/')", "error: URL parse error during conversion from string: parse \"http://[::1/\": missing ']' in host"},
      {"url('http://x[y]/')", "error: URL parse error during conversion from string: parse \"http://x[y]/\": invalid IP-literal"},
      {"url('http://[1.2.3.4]/')",
       "error: URL parse error during conversion from string: parse \"http://[1.2.3.4]/\": invalid IP-literal"},
      {"url('http://[zz]/')",
       "error: URL parse error during conversion from string: parse \"http://[zz]/\": invalid host: "
       "ParseAddr(\"zz\"): unable to parse IP"},
      {"url('http://[::1]x/')",
       "error: URL parse error during conversion from string: parse \"http://[::1]x/\": invalid port \"x\" after host"},
      {"url('http://example.com:8a/')",
       "error: URL parse error during conversion from string: parse \"http://example.com:8a/\": invalid port \":8a\" "
       "after host"},
      {"url('http://a:b:80/')",
       "error: URL parse error during conversion from string: parse \"http://a:b:80/\": invalid port \":b:80\" after "
       "host"},
      {"url('foo://a:b:80/').getHost()", "value: \"a:b:80\""},
      {"url('foo://a:b:80/').getHostname()", "value: \"a:b\""},
      {"url('foo://a:b:80/').getPort()", "value: \"80\""},
      {"url('http://user@host:/').getHost()", "value: \"host:\""},
      {"url('http://user@host:/').getHostname()", "value: \"host\""},
      {"url('http://user@host:/').getPort()", "value: \"\""},
      {"url('http://a b/')",
       "error: URL parse error during conversion from string: parse \"http://a b/\": invalid character \" \" in host "
       "name"},
      {"url('http://%41/')",
       "error: URL parse error during conversion from string: parse \"http://%41/\": invalid URL escape \"%41\""},
      {"url('http://us er@h/')",
       "error: URL parse error during conversion from string: parse \"http://us er@h/\": net/url: invalid userinfo"},
      {"url('http://user:p%40ss@host/').getHost()", "value: \"host\""},
      {"url('http://h/\\x01')",
       "error: URL parse error during conversion from string: parse \"http://h/\\x01\": net/url: invalid control "
       "character in URL"},
      // Opaque and host-less forms.
      {"url('mailto:user@example.com').getScheme()", "value: \"mailto\""},
      {"url('mailto:user@example.com').getHost()", "value: \"\""},
      {"url('mailto:user@example.com').getEscapedPath()", "value: \"\""},
      {"url('https:://kubernetes.io/').getHost()", "value: \"\""},
      {"url('http:/path').getEscapedPath()", "value: \"/path\""},
      {"url('http:/path') == url('http:///path')", "value: false"},
      // Without a scheme the request form reads "//host" as path; the general form as a host.
      {"isURL('//host/path')", "value: true"},
      {"url('//host/path').getHost()", "value: \"host\""},
      {"url('//host/path').getEscapedPath()", "value: \"/path\""},
      {"isURL('///path')", "value: true"},
      // Queries: '+' is a space, pairs with a semicolon or a bad escape are dropped, a key
      // without '=' has an empty value.
      {"url('http://h?a=1&a=2&b').getQuery() == {'a': ['1', '2'], 'b': ['']}", "value: true"},
      {"url('http://h?a+b=c%20d').getQuery()", "value: {\"a b\": [\"c d\"]}"},
      {"url('http://h?a=1;b=2').getQuery()", "value: {}"},
      {"url('http://h?%zz=1&k=v').getQuery()", "value: {\"k\": [\"v\"]}"},
      {"url('/p?q?').getQuery()", "value: {\"q?\": [\"\"]}"},
      {"url('http://h/a b?c d#e f').getEscapedPath()", "value: \"/a%20b\""},
      {"type(url('/a'))", "value: kubernetes.URL"},
      {"url('/a') == url('/a')", "value: true"},
      {"isURL(url('/a'))",
       "compile: ERROR: <input>:1:6: found no matching overload for 'isURL' applied to '(kubernetes.URL)'\n"
       " | isURL(url('/a'))\n | .....^"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL URLs library: the type name is not declared") {
  // Kubernetes registers no kubernetes.URL identifier (only function signatures use it).
  cel::Env env = cel_test::kube_env();
  std::string r = cel_test::run(env, "type(url('/a')) == kubernetes.URL");
  CHECK(r.rfind("compile: ERROR: <input>:1:20: undeclared reference to 'kubernetes'", 0) == 0);
}

TEST_CASE("CEL URLs library: cost.go's run-time costs") {
  // Kubernetes' TestURLsCost: url() of 23 characters costs 3, each accessor 1.
  const std::string base = "url('https:://kubernetes.io/')";
  for (const char* op : {".getScheme()", ".getHostname()", ".getHost()", ".getPort()", ".getEscapedPath()",
                         ".getQuery()"})
    CHECK(cost_of(base + op) == 4);
  CHECK(cost_of(base + " == url('https:://kubernetes.io/')") == 7);
  CHECK(cost_of(base + " == url('http://x.b')") == 5);
  // isURL keeps cel-go's default price.
  CHECK(cost_of("isURL('https://example.com/a/very/long/path/to/somewhere')") == 1);
}
