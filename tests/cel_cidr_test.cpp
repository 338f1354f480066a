// Kubernetes' CEL CIDR library: prefixes parsed as Go's netip parses them, containment of
// addresses and subnets, masking, and cost.go's run-time costs.
#include <doctest/doctest.h>

#include <string>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {
using cel_test::Case;
using cel_test::cost_of;
using cel_test::run_table;

constexpr const char* kTwice = "network address parse error during conversion from string: "
                               "network address parse error during conversion from string: ";
}  // namespace

TEST_CASE("CEL CIDR library: Kubernetes' cidr_test cases") {
  const std::string v4_bad = std::string("error: ") + kTwice + "netip.ParsePrefix(\"192.168.0.0/\"): bad bits after slash: \"\"";
  const std::string v6_bad = std::string("error: ") + kTwice + "netip.ParsePrefix(\"2001:db8::/\"): bad bits after slash: \"\"";
  const Case cases[] = {
      {"cidr(\"192.168.0.0/24\")", "value: 192.168.0.0/24"},
      {"cidr(\"192.168.0.0/24\") == cidr(\"192.168.0.0/24\")", "value: true"},
      {"cidr(\"192.168.0.0/\")", v4_bad.c_str()},
      {"cidr(\"192.168.0.0/24\").containsIP(ip(\"192.168.0.1\"))", "value: true"},
      {"cidr(\"192.168.0.0/24\").containsIP(ip(\"192.168.1.1\"))", "value: false"},
      {"cidr(\"192.168.0.0/24\").containsIP(\"192.168.0.1\")", "value: true"},
      {"cidr(\"192.168.0.0/24\").containsIP(\"192.168.1.1\")", "value: false"},
      {"cidr(\"192.168.0.0/24\").containsCIDR(cidr(\"192.168.0.0/25\"))", "value: true"},
      {"cidr(\"192.168.0.0/24\").containsCIDR(cidr(\"192.168.0.1/32\"))", "value: true"},
      {"cidr(\"192.168.0.0/24\").containsCIDR(cidr(\"192.168.0.0/23\"))", "value: false"},
      {"cidr(\"192.168.0.0/24\").containsCIDR(cidr(\"192.169.0.1/32\"))", "value: false"},
      {"cidr(\"192.168.0.0/24\").containsCIDR(\"192.168.0.0/25\")", "value: true"},
      {"cidr(\"192.168.0.0/24\").containsCIDR(\"192.168.0.0/23\")", "value: false"},
      {"cidr(\"192.168.0.0/24\").ip()", "value: 192.168.0.0"},
      {"cidr(\"192.168.0.0/24\").ip() == ip(\"192.168.0.0\")", "value: true"},
      {"cidr(\"192.168.0.0/24\").masked() == cidr(\"192.168.0.0/24\")", "value: true"},
      {"cidr(\"192.168.0.1/24\").masked()", "value: 192.168.0.0/24"},
      {"cidr(\"192.168.0.1/24\").masked() == cidr(\"192.168.0.0/24\")", "value: true"},
      {"cidr(\"192.168.0.0/24\").prefixLength()", "value: 24"},
      {"cidr(\"2001:db8::/32\")", "value: 2001:db8::/32"},
      {"cidr(\"2001:db8::/\")", v6_bad.c_str()},
      {"cidr(\"2001:db8::/32\").containsIP(ip(\"2001:db8::1\"))", "value: true"},
      {"cidr(\"2001:db8::/32\").containsIP(ip(\"2001:dc8::1\"))", "value: false"},
      {"cidr(\"2001:db8::/32\").containsIP(\"2001:db8::1\")", "value: true"},
      {"cidr(\"2001:db8::/32\").containsIP(\"2001:dc8::1\")", "value: false"},
      {"cidr(\"2001:db8::/32\").containsCIDR(cidr(\"2001:db8::/33\"))", "value: true"},
      {"cidr(\"2001:db8::/32\").containsCIDR(cidr(\"2001:db8::/31\"))", "value: false"},
      {"cidr(\"2001:db8::/32\").containsCIDR(\"2001:db8::/33\")", "value: true"},
      {"cidr(\"2001:db8::/32\").containsCIDR(\"2001:db8::/31\")", "value: false"},
      {"cidr(\"2001:db8::/32\").ip()", "value: 2001:db8::"},
      {"cidr(\"2001:db8::/32\").ip() == ip(\"2001:db8::\")", "value: true"},
      {"cidr(\"2001:db8::/32\").masked() == cidr(\"2001:db8::/32\")", "value: true"},
      {"cidr(\"2001:db8:1::/32\").masked() == cidr(\"2001:db8::/32\")", "value: true"},
      {"cidr(\"2001:db8::/32\").prefixLength()", "value: 32"},
      {"string(cidr(\"192.168.0.0/24\"))", "value: \"192.168.0.0/24\""},
      {"type(cidr(\"192.168.0.0/24\")) == net.CIDR", "value: true"},
      // apiextensions-apiserver's "IP and CIDR" rules: each holds.
      {"cidr(\"192.168.0.0/24\").containsCIDR(\"192.168.0.0/25\")", "value: true"},
      {"type(cidr(\"2001:db8::/32\").ip()) == net.IP", "value: true"},
      {"cidr('192.168.0.0/24') == cidr('192.168.0.0/24').masked()", "value: true"},
      {"cidr('192.168.0.0/16').prefixLength() == 16", "value: true"},
      {"cidr('::1/128').ip().family() == 6", "value: true"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL CIDR library: Go's netip prefix rules") {
  const std::string no_slash = std::string("error: ") + kTwice + "netip.ParsePrefix(\"10.0.0.1\"): no '/'";
  const std::string long_bits = std::string("error: ") + kTwice + "netip.ParsePrefix(\"10.0.0.0/33\"): prefix length out of range";
  const std::string long_bits6 = std::string("error: ") + kTwice + "netip.ParsePrefix(\"::/129\"): prefix length out of range";
  const std::string zero_bits = std::string("error: ") + kTwice + "netip.ParsePrefix(\"10.0.0.0/08\"): bad bits after slash: \"08\"";
  const std::string sign_bits = std::string("error: ") + kTwice + "netip.ParsePrefix(\"10.0.0.0/+8\"): bad bits after slash: \"+8\"";
  const std::string neg_bits = std::string("error: ") + kTwice + "netip.ParsePrefix(\"10.0.0.0/-1\"): bad bits after slash: \"-1\"";
  const std::string huge_bits = std::string("error: ") + kTwice +
                                "netip.ParsePrefix(\"10.0.0.0/99999999999999999999\"): bad bits after slash: "
                                "\"99999999999999999999\"";
  const std::string bad_addr = std::string("error: ") + kTwice +
                               "netip.ParsePrefix(\"10.0.0/8\"): ParseAddr(\"10.0.0\"): IPv4 address too short";
  const std::string zone = std::string("error: ") + kTwice +
                           "netip.ParsePrefix(\"fe80::1%eth0/64\"): IPv6 zones cannot be present in a prefix";
  const Case cases[] = {
      {"cidr('10.0.0.1')", no_slash.c_str()},
      {"cidr('10.0.0.0/33')", long_bits.c_str()},
      {"cidr('::/129')", long_bits6.c_str()},
      {"cidr('10.0.0.0/08')", zero_bits.c_str()},
      {"cidr('10.0.0.0/+8')", sign_bits.c_str()},
      {"cidr('10.0.0.0/-1')", neg_bits.c_str()},
      {"cidr('10.0.0.0/99999999999999999999')", huge_bits.c_str()},
      {"cidr('10.0.0/8')", bad_addr.c_str()},
      {"cidr('fe80::1%eth0/64')", zone.c_str()},
      // An IPv4-mapped prefix is refused with the single context.
      {"cidr('::ffff:1.2.3.0/120')",
       "error: network address parse error during conversion from string: "
       "IPv4-mapped IPv6 address \"::ffff:1.2.3.0/120\" is not allowed"},
      {"isCIDR('10.0.0.0/8')", "value: true"},
      {"isCIDR('10.0.0.0')", "value: false"},
      {"isCIDR('::ffff:1.2.3.0/120')", "value: false"},
      {"isCIDR('::/0')", "value: true"},
      {"cidr('10.0.0.0/0').prefixLength()", "value: 0"},
      // Host bits are kept until masked; equality compares address and length.
      {"cidr('10.1.2.3/8')", "value: 10.1.2.3/8"},
      {"cidr('10.1.2.3/8') == cidr('10.0.0.0/8')", "value: false"},
      {"cidr('10.1.2.3/8').ip()", "value: 10.1.2.3"},
      {"cidr('10.1.2.3/8').masked()", "value: 10.0.0.0/8"},
      {"cidr('10.0.0.0/8') == cidr('10.0.0.0/9')", "value: false"},
      {"cidr('2001:DB8::1/64').masked()", "value: 2001:db8::/64"},
      {"string(cidr('2001:db8:0:0::/48'))", "value: \"2001:db8::/48\""},
      {"cidr('10.1.2.3/31').masked()", "value: 10.1.2.2/31"},
      // Containment: families never mix; a receiver's host bits do not matter.
      {"cidr('10.0.0.0/8').containsIP('::1')", "value: false"},
      {"cidr('::/0').containsIP('10.0.0.1')", "value: false"},
      {"cidr('0.0.0.0/0').containsIP('10.0.0.1')", "value: true"},
      {"cidr('10.0.0.0/8').containsCIDR('::/0')", "value: false"},
      {"cidr('0.0.0.0/0').containsCIDR('10.0.0.0/8')", "value: true"},
      {"cidr('10.0.0.0/8').containsCIDR('10.0.0.0/8')", "value: true"},
      {"cidr('192.168.0.1/24').containsCIDR('192.168.0.0/25')", "value: true"},
      {"cidr('192.168.0.1/24').containsIP('192.168.0.200')", "value: true"},
      {"cidr('10.0.0.0/32').containsIP('10.0.0.0')", "value: true"},
      {"cidr('10.0.0.0/32').containsIP('10.0.0.1')", "value: false"},
      // A text argument that does not parse: Kubernetes answers no overload for an address
      // and passes on the parse error for a subnet.
      {"cidr('10.0.0.0/8').containsIP('10.0.0')", "error: no such overload"},
      {"cidr('10.0.0.0/8').containsCIDR('10.0.0.0')",
       "error: network address parse error during conversion from string: network address parse error during "
       "conversion from string: netip.ParsePrefix(\"10.0.0.0\"): no '/'"},
      {"type(cidr('10.0.0.0/8'))", "value: net.CIDR"},
      {"isCIDR(ip('10.0.0.1'))",
       "compile: ERROR: <input>:1:7: found no matching overload for 'isCIDR' applied to '(net.IP)'\n"
       " | isCIDR(ip('10.0.0.1'))\n | ......^"},
      {"cidr('10.0.0.0/8').containsIP(cidr('10.0.0.0/8'))",
       "compile: ERROR: <input>:1:30: found no matching overload for 'containsIP' applied to 'net.CIDR.(net.CIDR)'\n"
       " | cidr('10.0.0.0/8').containsIP(cidr('10.0.0.0/8'))\n | .............................^"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL CIDR library: cost.go's run-time costs") {
  // Kubernetes' TestCIDRCost: the base cost of each parse is 2.
  const std::string v4 = "cidr('192.168.0.0/16')", v6 = "cidr('2001:db8::/32')";
  for (const auto& base : {v4, v6}) {
    CHECK(cost_of(base) == 2);
    for (const char* op : {".ip()", ".prefixLength()", ".masked()"}) CHECK(cost_of(base + op) == 3);
    CHECK(cost_of(base + " == cidr('2001:db8::/32')") == 5);
  }
  struct OpCost {
    const char* op;
    std::uint64_t cost;
  };
  static const OpCost v4_ops[] = {
      {".containsCIDR(cidr('192.0.0.0/30'))", 5}, {".containsCIDR(cidr('192.168.0.0/16'))", 5},
      {".containsCIDR('192.0.0.0/30')", 5},       {".containsCIDR('192.168.0.0/16')", 5},
      {".containsIP(ip('192.0.0.1'))", 2},        {".containsIP(ip('192.169.0.1'))", 3},
      {".containsIP(ip('192.169.169.250'))", 3},  {".containsIP('192.0.0.1')", 2},
      {".containsIP('192.169.0.1')", 3},
  };
  for (const auto& o : v4_ops) {
    CAPTURE(o.op);
    CHECK(cost_of(v4 + o.op) == 2 + o.cost);
  }
  static const OpCost v6_ops[] = {
      {".containsCIDR(cidr('2001:db8::/126'))", 5},
      {".containsCIDR(cidr('2001:db8::/32'))", 5},
      {".containsCIDR('2001:db8::/126')", 5},
      {".containsCIDR('2001:db8::/32')", 5},
      {".containsIP(ip('2001:db8:3333:4444:5555:6666:7777:8888'))", 5},
      {".containsIP(ip('2001:db8::1'))", 3},
      {".containsIP('2001:db8:3333:4444:5555:6666:7777:8888')", 5},
      {".containsIP('2001:db8::1')", 3},
  };
  for (const auto& o : v6_ops) {
    CAPTURE(o.op);
    CHECK(cost_of(v6 + o.op) == 2 + o.cost);
  }
  // isCIDR is priced as cidr(); a /0 receiver compares no bytes.
  CHECK(cost_of("isCIDR('10.0.0.0/8')") == 1);
  CHECK(cost_of("cidr('::/0').containsIP(ip('::1'))") == 1 + 1 + 0);
}
