// Content validation (apimachinery api/validate/content) and field error formatting.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"

namespace podfit {
namespace {

TEST_CASE("validation: IsDecimalInteger") {
  struct Case {
    std::string input;
    bool valid;
  };
  const std::vector<Case> cases = {
      {"0", true}, {"1", true}, {"2", true}, {"5", true}, {"9", true}, {"-5", true}, {"-1", true}, {"-9", true},
      {"100", true}, {"234", true}, {"345", true}, {"456", true}, {"567", true}, {"678", true}, {"789", true},
      {"890", true}, {"999", true}, {"123", true}, {"-456", true}, {"-100", true}, {"-987", true},
      {"9223372036854775807", true}, {"-9223372036854775808", true}, {"12345678901234567890", true},
      {"999999999999", true},
      {"-0", false}, {"00", false}, {"000", false}, {"0000000", false}, {"01", false}, {"02", false}, {"09", false},
      {"0123", false}, {"0700", false}, {"0950", false}, {"00123", false}, {"-01", false}, {"-0123", false},
      {"-00", false}, {"+123", false}, {"+5", false}, {"+0", false}, {"", false}, {"-", false}, {"+", false},
      {" ", false}, {"   ", false}, {" 123", false}, {"123 ", false}, {"12 3", false}, {" 123 ", false},
      {"12.3", false}, {"0.0", false}, {"-12.5", false}, {"123.", false}, {".123", false}, {"abc", false},
      {"12a3", false}, {"a123", false}, {"123a", false}, {"ABC", false}, {"12A3", false}, {"0x123", false},
      {"0X123", false},
  };
  for (const auto& c : cases) {
    SUBCASE(("'" + c.input + "'").c_str()) { CHECK(decimal_integer_errors(c.input).empty() == c.valid); }
  }
  CHECK(decimal_integer_errors("") == std::vector<std::string>{"must be non-empty"});
  CHECK(decimal_integer_errors("01") == std::vector<std::string>{"must be a valid decimal integer in canonical form"});
}

TEST_CASE("validation: strconv.ParseInt base 10") {
  struct Case {
    std::string input;
    std::optional<int64_t> want;
  };
  const std::vector<Case> cases = {
      {"0", 0},
      {"0204", 204},
      {"+7", 7},
      {"-7", -7},
      {"9223372036854775807", INT64_MAX},
      {"-9223372036854775808", INT64_MIN},
      {"9223372036854775808", std::nullopt},
      {"-9223372036854775809", std::nullopt},
      {"", std::nullopt},
      {"-", std::nullopt},
      {"1_000", std::nullopt},
      {" 1", std::nullopt},
      {"0x10", std::nullopt},
  };
  for (const auto& c : cases) {
    SUBCASE(("'" + c.input + "'").c_str()) { CHECK(parse_go_int64(c.input) == c.want); }
  }
}

TEST_CASE("validation: label keys and values") {
  CHECK(label_key_errors("app").empty());
  CHECK(label_key_errors("kubernetes.io/hostname").empty());
  CHECK(label_key_errors(std::string(63, 'a')).empty());
  CHECK(label_key_errors(std::string(64, 'a')) == std::vector<std::string>{"name part must be no more than 63 bytes"});
  CHECK(label_key_errors(std::string(254, 'a') + "/x") ==
        std::vector<std::string>{"prefix part must be no more than 253 bytes"});
  CHECK(label_key_errors("").size() == 2);
  CHECK(label_value_errors("").empty());
  CHECK(label_value_errors("a.b_c-d").empty());
  CHECK(label_value_errors("-a").size() == 1);
  CHECK(label_value_errors(std::string(64, 'a')) == std::vector<std::string>{"must be no more than 63 bytes"});
  CHECK(dns1123_subdomain_errors("a..b").size() == 1);
  CHECK(dns1123_subdomain_errors("a.b-c.d").empty());
}

// util/validation's DNS names (the core API's): lengths in characters, and dots named as such.
TEST_CASE("validation: DNS-1123 labels and subdomains as the core API checks them") {
  const std::string label_regex =
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end "
      "with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
      "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
  CHECK(util_dns1123_label_errors("main").empty());
  CHECK(util_dns1123_label_errors(std::string(63, 'a')).empty());
  CHECK(util_dns1123_label_errors("main_1") == std::vector<std::string>{label_regex});
  CHECK(util_dns1123_label_errors("") == std::vector<std::string>{label_regex});
  CHECK(util_dns1123_label_errors("a.b") == std::vector<std::string>{"must not contain dots"});
  CHECK(util_dns1123_label_errors(std::string(64, 'a')) ==
        std::vector<std::string>{"must be no more than 63 characters"});
  // Too long and not a label: a long valid subdomain is still said to have dots.
  CHECK(util_dns1123_label_errors(std::string(40, 'a') + "." + std::string(40, 'b')) ==
        std::vector<std::string>{"must be no more than 63 characters", "must not contain dots"});
  CHECK(util_dns1123_label_errors(std::string(64, 'A')) ==
        std::vector<std::string>{"must be no more than 63 characters", label_regex});
  CHECK(util_dns1123_subdomain_errors("a.b-c.d").empty());
  CHECK(util_dns1123_subdomain_errors(std::string(254, 'a')) ==
        std::vector<std::string>{"must be no more than 253 characters"});
  CHECK(util_dns1123_subdomain_errors("a..b").size() == 1);
}

TEST_CASE("validation: percent strings") {
  CHECK(percent_errors("0%").empty());
  CHECK(percent_errors("150%").empty());
  const std::vector<std::string> bad = {
      "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used "
      "for validation is '[0-9]+%')"};
  for (const char* s : {"%", "5", "5.5%", " 5%", "-5%", "5%%", ""}) {
    CAPTURE(s);
    CHECK(percent_errors(s) == bad);
  }
}

TEST_CASE("field errors: quoting as Go prints values") {
  CHECK(field::go_quote("a b") == "\"a b\"");
  CHECK(field::go_quote("q\"\\") == "\"q\\\"\\\\\"");
  CHECK(field::go_quote("tab\tnl\n\x01\x7f") == "\"tab\\tnl\\n\\x01\\x7f\"");
  CHECK(field::go_quote("caf\xc3\xa9") == "\"caf\xc3\xa9\"");
  CHECK(field::go_quote("\xff") == "\"\\xff\"");
  CHECK(field::go_quote("\xc2\xa0") == "\"\\u00a0\"");
  CHECK(field::json_quote("<a&b>") == "\"\\u003ca\\u0026b\\u003e\"");
  CHECK(field::json_quote("x\n\x01") == "\"x\\n\\u0001\"");
  CHECK(field::json_quote("\xff") == "\"\\ufffd\"");
  CHECK(field::json_list({}) == "null");
  CHECK(field::json_list({"a", "b"}) == "[\"a\",\"b\"]");
}

TEST_CASE("field errors: paths and aggregates") {
  CHECK(field::child("", "key") == "key");
  CHECK(field::child("a[0]", "key") == "a[0].key");
  CHECK(field::index("", 2) == "[2]");
  CHECK(field::key(field::index("values", 0), "app") == "values[0][app]");
  CHECK(field::invalid("f", "\"v\"", "") == "f: Invalid value: \"v\"");
  CHECK(field::not_supported("op", "\"x\"", {"In", "NotIn"}) ==
        "op: Unsupported value: \"x\": supported values: \"In\", \"NotIn\"");
  CHECK(field::aggregate({}) == "");
  CHECK(field::aggregate({"a"}) == "a");
  CHECK(field::aggregate({"a", "a"}) == "a");
  CHECK(field::aggregate({"a", "b", "a"}) == "[a, b]");
}

}  // namespace
}  // namespace podfit
