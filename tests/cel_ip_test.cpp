// Kubernetes' CEL IP library: parsing as Go's netip with zones, IPv4-mapped addresses and
// leading zeros refused, the address predicates, canonical text, and cost.go's run-time costs.
#include <doctest/doctest.h>

#include <string>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {
using cel_test::Case;
using cel_test::cost_of;
using cel_test::run_table;
}  // namespace

TEST_CASE("CEL IP library: Kubernetes' ip_test cases") {
  static const Case cases[] = {
      {"ip(\"192.168.0.1\")", "value: 192.168.0.1"},
      {"ip(\"192.168.0.1\") == ip(\"192.168.0.1\")", "value: true"},
      {"ip(\"192.168.0.1.0\")",
       "error: IP Address \"192.168.0.1.0\" parse error during conversion from string: "
       "ParseAddr(\"192.168.0.1.0\"): IPv4 address too long"},
      {"isIP(\"192.168.0.1\")", "value: true"},
      {"isIP(\"192.168.0.1.0\")", "value: false"},
      {"ip.isCanonical(\"127.0.0.1\")", "value: true"},
      {"ip.isCanonical(\"127.0.0.1.0\")",
       "error: IP Address \"127.0.0.1.0\" parse error during conversion from string: "
       "ParseAddr(\"127.0.0.1.0\"): IPv4 address too long"},
      {"ip(\"192.168.0.1\").family()", "value: 4"},
      {"ip(\"0.0.0.0\").isUnspecified()", "value: true"},
      {"ip(\"127.0.0.1\").isUnspecified()", "value: false"},
      {"ip(\"127.0.0.1\").isLoopback()", "value: true"},
      {"ip(\"1.2.3.4\").isLoopback()", "value: false"},
      {"ip(\"224.0.0.1\").isLinkLocalMulticast()", "value: true"},
      {"ip(\"224.0.1.1\").isLinkLocalMulticast()", "value: false"},
      {"ip(\"169.254.169.254\").isLinkLocalUnicast()", "value: true"},
      {"ip(\"192.168.0.1\").isLinkLocalUnicast()", "value: false"},
      {"ip(\"192.168.0.1\").isGlobalUnicast()", "value: true"},
      {"ip(\"255.255.255.255\").isGlobalUnicast()", "value: false"},
      {"ip(\"2001:db8::68\")", "value: 2001:db8::68"},
      {"ip(\"2001:db8::68\") == ip(\"2001:0db8:0:0:0:0:0:68\")", "value: true"},
      {"ip(\"2001:db8:::68\")",
       "error: IP Address \"2001:db8:::68\" parse error during conversion from string: "
       "ParseAddr(\"2001:db8:::68\"): each colon-separated field must have at least one digit (at \":68\")"},
      {"isIP(\"2001:db8::68\")", "value: true"},
      {"isIP(\"2001:db8:::68\")", "value: false"},
      {"ip.isCanonical(\"2001:db8::68\")", "value: true"},
      {"ip.isCanonical(\"2001:DB8::68\")", "value: false"},
      {"ip.isCanonical(\"2001:db8:::68\")",
       "error: IP Address \"2001:db8:::68\" parse error during conversion from string: "
       "ParseAddr(\"2001:db8:::68\"): each colon-separated field must have at least one digit (at \":68\")"},
      {"ip(\"2001:db8::68\").family()", "value: 6"},
      {"ip(\"::\").isUnspecified()", "value: true"},
      {"ip(\"::1\").isUnspecified()", "value: false"},
      {"ip(\"::1\").isLoopback()", "value: true"},
      {"ip(\"2001:db8::abcd\").isLoopback()", "value: false"},
      {"ip(\"ff02::1\").isLinkLocalMulticast()", "value: true"},
      {"ip(\"fd00::1\").isLinkLocalMulticast()", "value: false"},
      {"ip(\"fe80::1\").isLinkLocalUnicast()", "value: true"},
      {"ip(\"fd80::1\").isLinkLocalUnicast()", "value: false"},
      {"ip(\"2001:db8::abcd\").isGlobalUnicast()", "value: true"},
      {"ip(\"ff00::1\").isGlobalUnicast()", "value: false"},
      {"isIP(cidr(\"192.168.0.0/24\"))",
       "compile: ERROR: <input>:1:5: found no matching overload for 'isIP' applied to '(net.CIDR)'\n"
       " | isIP(cidr(\"192.168.0.0/24\"))\n | ....^"},
      {"string(ip(\"192.168.0.1\"))", "value: \"192.168.0.1\""},
      {"type(ip(\"192.168.0.1\")) == net.IP", "value: true"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL IP library: the documented examples and the apiextensions validation rules") {
  static const Case cases[] = {
      {"ip('127.0.0.1')", "value: 127.0.0.1"},
      {"ip('::1')", "value: ::1"},
      {"ip('127.0.0.256')",
       "error: IP Address \"127.0.0.256\" parse error during conversion from string: "
       "ParseAddr(\"127.0.0.256\"): IPv4 field has value >255"},
      {"ip(':::1')",
       "error: IP Address \":::1\" parse error during conversion from string: "
       "ParseAddr(\":::1\"): each colon-separated field must have at least one digit (at \":1\")"},
      {"isIP('127.0.0.1')", "value: true"},
      {"isIP('::1')", "value: true"},
      {"isIP('127.0.0.256')", "value: false"},
      {"isIP(':::1')", "value: false"},
      {"ip.isCanonical('127.0.0.1')", "value: true"},
      {"ip.isCanonical('2001:db8::abcd')", "value: true"},
      {"ip.isCanonical('2001:DB8::ABCD')", "value: false"},
      {"ip.isCanonical('2001:db8::0:0:0:abcd')", "value: false"},
      {"ip('127.0.0.1').family()", "value: 4"},
      {"ip('::1').family()", "value: 6"},
      {"ip('127.0.0.1').family() == 4", "value: true"},
      {"ip('::1').family() == 6", "value: true"},
      {"ip('0.0.0.0').isUnspecified()", "value: true"},
      {"ip('127.0.0.1').isUnspecified()", "value: false"},
      {"ip('::').isUnspecified()", "value: true"},
      {"ip('::1').isUnspecified()", "value: false"},
      {"ip('127.0.0.1').isLoopback()", "value: true"},
      {"ip('192.168.0.1').isLoopback()", "value: false"},
      {"ip('::1').isLoopback()", "value: true"},
      {"ip('2001:db8::abcd').isLoopback()", "value: false"},
      {"ip('224.0.0.1').isLinkLocalMulticast()", "value: true"},
      {"ip('224.0.1.1').isLinkLocalMulticast()", "value: false"},
      {"ip('ff02::1').isLinkLocalMulticast()", "value: true"},
      {"ip('fd00::1').isLinkLocalMulticast()", "value: false"},
      {"ip('169.254.169.254').isLinkLocalUnicast()", "value: true"},
      {"ip('192.168.0.1').isLinkLocalUnicast()", "value: false"},
      {"ip('fe80::1').isLinkLocalUnicast()", "value: true"},
      {"ip('fd80::1').isLinkLocalUnicast()", "value: false"},
      {"ip('192.168.0.1').isGlobalUnicast()", "value: true"},
      {"ip('255.255.255.255').isGlobalUnicast()", "value: false"},
      {"ip('2001:db8::abcd').isGlobalUnicast()", "value: true"},
      {"ip('ff00::1').isGlobalUnicast()", "value: false"},
      // apiextensions-apiserver's "IP and CIDR" rules: each holds.
      {"isIP(\"192.168.0.1\")", "value: true"},
      {"ip.isCanonical(\"127.0.0.1\")", "value: true"},
      {"ip(\"192.168.0.1\").family() > 0", "value: true"},
      {"ip(\"0.0.0.0\").isUnspecified()", "value: true"},
      {"ip(\"127.0.0.1\").isLoopback()", "value: true"},
      {"ip(\"224.0.0.1\").isLinkLocalMulticast()", "value: true"},
      {"ip(\"192.168.0.1\").isGlobalUnicast()", "value: true"},
      {"type(ip(\"192.168.0.1\")) == net.IP", "value: true"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL IP library: Go's netip rules") {
  static const Case cases[] = {
      // Zones and IPv4-mapped IPv6 addresses are refused after parsing.
      {"ip('fe80::1%eth0')", "error: IP address \"fe80::1%eth0\" with zone value is not allowed"},
      {"isIP('fe80::1%eth0')", "value: false"},
      {"ip('::ffff:1.2.3.4')", "error: IPv4-mapped IPv6 address \"::ffff:1.2.3.4\" is not allowed"},
      {"ip('::FFFF:0102:0304')", "error: IPv4-mapped IPv6 address \"::FFFF:0102:0304\" is not allowed"},
      {"isIP('::ffff:1.2.3.4')", "value: false"},
      // Other embedded IPv4 forms are IPv6 addresses.
      {"ip('::1.2.3.4')", "value: ::102:304"},
      {"ip('64:ff9b::192.0.2.33')", "value: 64:ff9b::c000:221"},
      // Parse errors, each with Go's text.
      {"ip('010.0.0.1')",
       "error: IP Address \"010.0.0.1\" parse error during conversion from string: "
       "ParseAddr(\"010.0.0.1\"): IPv4 field has octet with leading zero"},
      {"ip('1.2.3')",
       "error: IP Address \"1.2.3\" parse error during conversion from string: "
       "ParseAddr(\"1.2.3\"): IPv4 address too short"},
      {"ip('1..2.3')",
       "error: IP Address \"1..2.3\" parse error during conversion from string: "
       "ParseAddr(\"1..2.3\"): IPv4 field must have at least one digit (at \".2.3\")"},
      {"ip('1.2.3.4x')",
       "error: IP Address \"1.2.3.4x\" parse error during conversion from string: "
       "ParseAddr(\"1.2.3.4x\"): unexpected character (at \"x\")"},
      {"ip('')",
       "error: IP Address \"\" parse error during conversion from string: ParseAddr(\"\"): unable to parse IP"},
      {"ip('localhost')",
       "error: IP Address \"localhost\" parse error during conversion from string: "
       "ParseAddr(\"localhost\"): unable to parse IP"},
      {"ip('%eth0')",
       "error: IP Address \"%eth0\" parse error during conversion from string: "
       "ParseAddr(\"%eth0\"): missing IPv6 address"},
      {"ip('fe80::1%')",
       "error: IP Address \"fe80::1%\" parse error during conversion from string: "
       "ParseAddr(\"fe80::1%\"): zone must be a non-empty string"},
      {"ip('1:2:3:4:5:6:7')",
       "error: IP Address \"1:2:3:4:5:6:7\" parse error during conversion from string: "
       "ParseAddr(\"1:2:3:4:5:6:7\"): address string too short"},
      {"ip('1:2:3:4:5:6:7:8:9')",
       "error: IP Address \"1:2:3:4:5:6:7:8:9\" parse error during conversion from string: "
       "ParseAddr(\"1:2:3:4:5:6:7:8:9\"): trailing garbage after address (at \"9\")"},
      {"ip('1:2:3:4::5:6:7:8')",
       "error: IP Address \"1:2:3:4::5:6:7:8\" parse error during conversion from string: "
       "ParseAddr(\"1:2:3:4::5:6:7:8\"): the :: must expand to at least one field of zeros"},
      {"ip('1::2::3')",
       "error: IP Address \"1::2::3\" parse error during conversion from string: "
       "ParseAddr(\"1::2::3\"): multiple :: in address (at \":3\")"},
      {"ip('12345::1')",
       "error: IP Address \"12345::1\" parse error during conversion from string: "
       "ParseAddr(\"12345::1\"): each group must have 4 or less digits (at \"12345::1\")"},
      {"ip('1:')",
       "error: IP Address \"1:\" parse error during conversion from string: "
       "ParseAddr(\"1:\"): colon must be followed by more characters (at \":\")"},
      {"ip('1:2x::')",
       "error: IP Address \"1:2x::\" parse error during conversion from string: "
       "ParseAddr(\"1:2x::\"): unexpected character, want colon (at \"x::\")"},
      {"ip('1.2.3.4:5')",
       "error: IP Address \"1.2.3.4:5\" parse error during conversion from string: "
       "ParseAddr(\"1.2.3.4:5\"): unexpected character (at \":5\")"},
      {"ip('1:2:3:4:5:6:7:1.2.3.4')",
       "error: IP Address \"1:2:3:4:5:6:7:1.2.3.4\" parse error during conversion from string: "
       "ParseAddr(\"1:2:3:4:5:6:7:1.2.3.4\"): embedded IPv4 address must replace the final 2 fields of the "
       "address (at \"1.2.3.4\")"},
      {"ip('::1.2.03.4')",
       "error: IP Address \"::1.2.03.4\" parse error during conversion from string: "
       "ParseAddr(\"::1.2.03.4\"): IPv4 field has octet with leading zero"},
      {"ip('é')",
       "error: IP Address \"é\" parse error during conversion from string: ParseAddr(\"é\"): unable to parse IP"},
      {"ip('\\t1.2.3.4')",
       "error: IP Address \"\\t1.2.3.4\" parse error during conversion from string: "
       "ParseAddr(\"\\t1.2.3.4\"): unexpected character (at \"\\t1.2.3.4\")"},
      // Texts in messages are quoted as Go's strconv.Quote quotes them.
      {"ip('\\u00ad')",
       "error: IP Address \"\\u00ad\" parse error during conversion from string: ParseAddr(\"\\u00ad\"): unable to parse IP"},
      {"ip('a\\u200bb')",
       "error: IP Address \"a\\u200bb\" parse error during conversion from string: ParseAddr(\"a\\u200bb\"): unable to "
       "parse IP"},
      {"ip('\\U0001F600\"')",
       "error: IP Address \"\U0001F600\\\"\" parse error during conversion from string: ParseAddr(\"\U0001F600\\\"\"): "
       "unable to parse IP"},
      {"ip('\\x7f')",
       "error: IP Address \"\\x7f\" parse error during conversion from string: ParseAddr(\"\\x7f\"): unable to parse IP"},
      // Canonical text: RFC 5952, lower case, the longest run of zeros (the first of equals).
      {"string(ip('2001:0DB8:0000:0000:0001:0000:0000:0001'))", "value: \"2001:db8::1:0:0:1\""},
      {"string(ip('1:0:0:2:0:0:0:3'))", "value: \"1:0:0:2::3\""},
      {"string(ip('1:0:2:3:4:5:6:7'))", "value: \"1:0:2:3:4:5:6:7\""},
      {"string(ip('::'))", "value: \"::\""},
      {"ip.isCanonical('::ffff:1.2.3.4')", "error: IPv4-mapped IPv6 address \"::ffff:1.2.3.4\" is not allowed"},
      {"ip('10.0.0.1') == ip('10.0.0.2')", "value: false"},
      {"ip('::') == ip('0.0.0.0')", "value: false"},
      {"ip('0.0.0.0').isGlobalUnicast()", "value: false"},
      {"ip('::').isGlobalUnicast()", "value: false"},
      {"ip('10.0.0.1').isGlobalUnicast()", "value: true"},
      {"ip('fe80::1').isGlobalUnicast()", "value: false"},
      {"ip('239.0.0.1').isGlobalUnicast()", "value: false"},
      {"ip('ff32::1').isLinkLocalMulticast()", "value: true"},
      {"ip('127.255.0.1').isLoopback()", "value: true"},
      {"ip('febf::1').isLinkLocalUnicast()", "value: true"},
      {"ip('fec0::1').isLinkLocalUnicast()", "value: false"},
      {"type(ip('::1'))", "value: net.IP"},
  };
  run_table(std::begin(cases), std::end(cases));
}

TEST_CASE("CEL IP library: cost.go's run-time costs") {
  // Kubernetes' TestIPCost and TestIPIsCanonicalCost.
  const std::string v4 = "ip('192.168.0.1')", v6 = "ip('2001:db8:3333:4444:5555:6666:7777:8888')";
  CHECK(cost_of(v4) == 2);
  CHECK(cost_of(v6) == 4);
  for (const char* op : {".family()", ".isUnspecified()", ".isLoopback()", ".isLinkLocalMulticast()",
                         ".isLinkLocalUnicast()", ".isGlobalUnicast()"}) {
    CHECK(cost_of(v4 + op) == 3);
    CHECK(cost_of(v6 + op) == 5);
  }
  CHECK(cost_of(v4 + " == ip('192.168.0.1')") == 5);
  CHECK(cost_of(v6 + " == ip('192.168.0.1')") == 7);
  CHECK(cost_of("ip.isCanonical('192.168.0.1')") == 3);
  CHECK(cost_of("ip.isCanonical('2001:db8:3333:4444:5555:6666:7777:8888')") == 8);
  CHECK(cost_of("ip.isCanonical('2001:db8::abcd')") == 3);
  // A traversal of nothing is free; isIP is priced like ip().
  CHECK(cost_of("isIP('')") == 0);
  CHECK(cost_of("isIP('192.168.0.1')") == 2);
  CHECK(cost_of("string(ip('192.168.0.1'))") == 3);
}
