// Kubernetes' CEL format library: the named formats, their validation messages word for word,
// equality by name, and cost.go's run-time costs.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cel_test_support.h"

namespace cel = podfit::cel;

namespace {

// A CEL raw string literal for text without the chosen quote.
std::string raw(const std::string& s) {
  char q = s.find('"') == std::string::npos ? '"' : '\'';
  return "r" + std::string(1, q) + s + std::string(1, q);
}

struct Validation {
  const char* format;                // the format's key
  std::string input;
  std::vector<std::string> messages;  // empty: valid
};

// A CEL double-quoted literal of any text.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n') out += "\\n";
    else if (c == '"' || c == '\\') out += std::string("\\") + c;
    else out += c;
  }
  return out + "\"";
}

// format.<key>().validate(input) compared with the expected outcome.
std::string expression(const Validation& v) {
  std::string call = std::string("format.") + v.format + "().validate(" + quoted(v.input) + ")";
  if (v.messages.empty()) return call + " == optional.none()";
  std::string list;
  for (const auto& m : v.messages) list += (list.empty() ? "" : ", ") + raw(m);
  return call + " == optional.of([" + list + "])";
}

void check_validations(const std::vector<Validation>& cases) {
  cel::Env env = cel_test::kube_env();
  for (const auto& v : cases) {
    std::string expr = expression(v);
    CAPTURE(expr);
    CHECK(cel_test::run(env, expr) == "value: true");
  }
}

std::uint64_t cost_of(const std::string& expr) {
  cel::Env env = cel_test::kube_env();
  auto c = env.compile(expr);
  REQUIRE_MESSAGE(c.ok(), c.error);
  cel::MapActivation none;
  auto r = c.program->evaluate(none);
  CHECK_MESSAGE(!r.value.is_error(), r.value.as_string());
  return r.cost;
}

const char* const kKeys[] = {"dns1123Label", "dns1123Subdomain", "dns1035Label", "qualifiedName",
                             "dns1123LabelPrefix", "dns1123SubdomainPrefix", "dns1035LabelPrefix", "labelValue",
                             "uri", "uuid", "byte", "date", "datetime"};

const std::string kLabelMsg =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end "
    "with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const std::string kSubdomainMsg =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start "
    "and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const std::string kDNS1035Msg =
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, "
    "and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is "
    "'[a-z]([-a-z0-9]*[a-z0-9])?')";
const std::string kNameMsg =
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric "
    "character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
    "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const std::string kLabelValueMsg =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and "
    "end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
    "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

}  // namespace

TEST_CASE("CEL format library: Kubernetes' format_test cases") {
  check_validations({
      {"dns1123Label", "my-label-name", {}},
      {"dns1123Subdomain", "apiextensions.k8s.io", {}},
      {"qualifiedName", "apiextensions.k8s.io/v1beta1", {}},
      {"dns1123LabelPrefix", "my-label-prefix-", {}},
      {"dns1123SubdomainPrefix", "mysubdomain.prefix.-", {}},
      {"dns1035LabelPrefix", "my-label-prefix-", {}},
      {"uri", "http://example.com", {}},
      {"uuid", "123e4567-e89b-12d3-a456-426614174000", {}},
      {"byte", "aGVsbG8=", {}},
      {"date", "2021-01-01", {}},
      {"datetime", "2021-01-01T00:00:00Z", {}},
      {"dns1123Label", "contains a space", {kLabelMsg}},
      {"dns1123Subdomain", "contains a space", {kSubdomainMsg}},
      {"dns1035Label", "contains a space", {kDNS1035Msg}},
      {"qualifiedName", "contains a space", {kNameMsg}},
      {"dns1123LabelPrefix", "contains a space-", {kLabelMsg}},
      {"dns1123SubdomainPrefix", "contains a space-", {kSubdomainMsg}},
      {"dns1035LabelPrefix", "contains a space-", {kDNS1035Msg}},
      {"dns1123Label", "my-label-name", {}},
      {"dns1123Subdomain", "example.com", {}},
      {"dns1035Label", "my-label-name", {}},
      {"qualifiedName", "my.name", {}},
      {"byte", "aGVsbG8=", {}},
      {"byte", "aGVsbG8", {"invalid base64"}},
      {"date", "2020-01-01", {}},
      {"date", "2020-01-32", {"invalid date"}},
      {"datetime", "2020-01-01T00:00:00Z", {}},
      {"datetime", "2020-01-32T00:00:00Z", {"invalid datetime"}},
      {"labelValue", "my-cool-label-Value", {}},
      {"labelValue", "my-cool-label-Value!!\n\n!!!", {kLabelValueMsg}},
  });
  cel::Env env = cel_test::kube_env();
  CHECK(cel_test::run(env, "format.named(\"unknown\").hasValue()") == "value: false");
  // Every name is found, equals its own function's format and no other.
  for (const char* lhs : kKeys) {
    CAPTURE(lhs);
    CHECK(cel_test::run(env, std::string("format.named(\"") + lhs + "\").hasValue()") == "value: true");
    CHECK(cel_test::run(env, std::string("format.named(\"") + lhs + "\").value() == format." + lhs + "()") ==
          "value: true");
    for (const char* rhs : kKeys) {
      if (std::string_view(lhs) == rhs) continue;
      CAPTURE(rhs);
      CHECK(cel_test::run(env, std::string("format.") + lhs + "() == format." + rhs + "()") == "value: false");
    }
  }
}

TEST_CASE("CEL format library: apiextensions-apiserver's format rules") {
  static const char* const rules[] = {
      "format.dns1123Label().validate(\"my-label-name\") == optional.none()",
      "format.dns1123Subdomain().validate(\"apiextensions.k8s.io\") == optional.none()",
      "format.qualifiedName().validate(\"apiextensions.k8s.io/v1beta1\") == optional.none()",
      "format.dns1123LabelPrefix().validate(\"my-label-prefix-\") == optional.none()",
      "format.dns1123SubdomainPrefix().validate(\"mysubdomain.prefix.-\") == optional.none()",
      "format.dns1035LabelPrefix().validate(\"my-label-prefix-\") == optional.none()",
      "format.uri().validate(\"http://example.com\") == optional.none()",
      "format.uuid().validate(\"123e4567-e89b-12d3-a456-426614174000\") == optional.none()",
      "format.byte().validate(\"aGVsbG8=\") == optional.none()",
      "format.date().validate(\"2021-01-01\") == optional.none()",
      "format.datetime().validate(\"2021-01-01T00:00:00Z\") == optional.none()",
      "format.named(\"dns1123Label\").value().validate(\"my-name\") == optional.none()",
      "format.dns1123Label().validate(\"contains a space\").value()[0] == \"a lowercase RFC 1123 label must consist "
      "of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. "
      "'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')\"",
      "!format.named(\"unknown\").hasValue()",
  };
  cel::Env env = cel_test::kube_env();
  for (const char* r : rules) {
    CAPTURE(r);
    CHECK(cel_test::run(env, r) == "value: true");
  }
}

TEST_CASE("CEL format library: Kubernetes' validation rules in detail") {
  const std::string a63(63, 'a'), a64(64, 'a'), sub253 = std::string(125, 'a') + "." + std::string(127, 'b');
  check_validations({
      // Lengths are counted in bytes; the label's pattern still matches.
      {"dns1123Label", a63, {}},
      {"dns1123Label", a64, {"must be no more than 63 characters"}},
      {"dns1123Label", "a.b", {"must not contain dots"}},
      {"dns1123Label", "", {kLabelMsg}},
      {"dns1123Label", "-a", {kLabelMsg}},
      {"dns1123Label", "A", {kLabelMsg}},
      {"dns1123Subdomain", sub253, {}},
      {"dns1123Subdomain", sub253 + "c", {"must be no more than 253 characters"}},
      {"dns1123Subdomain", "a..b", {kSubdomainMsg}},
      {"dns1123Subdomain", "a.", {kSubdomainMsg}},
      {"dns1035Label", "1abc", {kDNS1035Msg}},
      {"dns1035Label", a64, {"must be no more than 63 characters"}},
      // A prefix's trailing dash: Kubernetes drops two characters and appends 'a'.
      {"dns1123LabelPrefix", "a-", {}},
      {"dns1123LabelPrefix", "-", {kLabelMsg}},
      {"dns1123LabelPrefix", "a.b-", {"must not contain dots"}},
      {"dns1035LabelPrefix", "1-", {}},
      {"dns1123SubdomainPrefix", "a.b-", {}},
      // Qualified names: an optional DNS subdomain prefix and '/', then a name.
      {"qualifiedName", "example.com/MyName", {}},
      {"qualifiedName", "/name", {"prefix part must be non-empty"}},
      {"qualifiedName", "Example.com/name", {"prefix part " + kSubdomainMsg}},
      {"qualifiedName",
       "a/b/c",
       {"a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
        "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
        "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. "
        "'example.com/MyName')"}},
      {"qualifiedName", "example.com/", {"name part must be non-empty", kNameMsg}},
      {"qualifiedName", a64, {"name part must be no more than 63 bytes"}},
      {"qualifiedName", std::string(254, 'a') + "/n", {"prefix part must be no more than 253 bytes"}},
      {"labelValue", "", {}},
      {"labelValue", a64, {"must be no more than 63 bytes"}},
      {"labelValue", "_a", {kLabelValueMsg}},
      // uri: url.ParseRequestURI's error text.
      {"uri", "/absolute/path", {}},
      {"uri", "", {"parse \"\": empty url"}},
      {"uri", "relative/path", {"parse \"relative/path\": invalid URI for request"}},
      {"uri", "http://a b", {"parse \"http://a b\": invalid character \" \" in host name"}},
      // uuid: 8-4-4-4-12 hex digits, dashes optional, any case.
      {"uuid", "123E4567E89B12D3A456426614174000", {}},
      {"uuid", "123e4567-e89b12d3-a456-426614174000", {}},
      {"uuid", "123e4567-e89b-12d3-a456-42661417400", {"does not match the UUID format"}},
      {"uuid", "123e4567--e89b-12d3-a456-426614174000", {"does not match the UUID format"}},
      {"uuid", "123e4567-e89b-12d3-a456-426614174000 ", {"does not match the UUID format"}},
      {"uuid", "g23e4567-e89b-12d3-a456-426614174000", {"does not match the UUID format"}},
      // byte: standard base64 in whole quads.
      {"byte", "aGVsbA==", {}},
      {"byte", "aGV/bG8+", {}},
      {"byte", "", {"invalid base64"}},
      {"byte", "aGVsbA=", {"invalid base64"}},
      {"byte", "a===", {"invalid base64"}},
      {"byte", "====", {"invalid base64"}},
      {"byte", "aGVs\nbG8=", {"invalid base64"}},
      {"byte", "aGVsbG8_", {"invalid base64"}},
      // date: Go's "2006-01-02" layout.
      {"date", "2020-02-29", {}},
      {"date", "2000-02-29", {}},
      {"date", "2021-02-29", {"invalid date"}},
      {"date", "1900-02-29", {"invalid date"}},
      {"date", "2020-04-31", {"invalid date"}},
      {"date", "2020-1-01", {"invalid date"}},
      {"date", "2020-13-01", {"invalid date"}},
      {"date", "2020-00-10", {"invalid date"}},
      {"date", "2020-01-00", {"invalid date"}},
      {"date", "+020-01-01", {"invalid date"}},
      {"date", "2020-01-01x", {"invalid date"}},
      {"date", "0000-01-01", {}},
      // datetime: kube-openapi's check, case-insensitive, the text after a second 't' ignored.
      {"datetime", "2020-01-01t00:00:00z", {}},
      {"datetime", "2020-01-01T23:59:59.123+05:30", {}},
      {"datetime", "2020-01-01T00:00:00,5Z", {}},
      {"datetime", "2020-01-01T00:00:00ZT", {}},
      {"datetime", "2020-01-01T24:00:00Z", {"invalid datetime"}},
      {"datetime", "2020-01-01T00:60:00Z", {"invalid datetime"}},
      {"datetime", "2020-01-01T00:00:60Z", {"invalid datetime"}},
      {"datetime", "2020-01-01T00:00:00", {"invalid datetime"}},
      {"datetime", "2020-01-01 00:00:00Z", {"invalid datetime"}},
      {"datetime", "2020-01-01T00:00:00+0530", {"invalid datetime"}},
      {"datetime", "2020-02-30T00:00:00Z", {"invalid datetime"}},
      {"datetime", "T00:00:00Z", {"invalid datetime"}},
  });
}

TEST_CASE("CEL format library: values and types") {
  cel::Env env = cel_test::kube_env();
  CHECK(cel_test::run(env, "type(format.uri())") == "value: kubernetes.NamedFormat");
  CHECK(cel_test::run(env, "format.named('dns1123Label') == optional.of(format.dns1123Label())") == "value: true");
  CHECK(cel_test::run(env, "format.named('DNS1123Label')") == "value: optional.none()");
  CHECK(cel_test::run(env, "format.uuid().validate('x').value()") == "value: [\"does not match the UUID format\"]");
  CHECK(cel_test::run(env, "format.dns1123Label().validate(1)").rfind("compile: ERROR: <input>:1:31: found no "
                                                                       "matching overload for 'validate'",
                                                                       0) == 0);
}

TEST_CASE("CEL format library: cost.go's run-time costs") {
  // Kubernetes' TestNameFormatCost.
  CHECK(cost_of("format.named(\"dns1123subdomain\")") == 1);
  CHECK(cost_of("format.named(\"dns1123Subdomain\").value().validate(\"my-name\")") == 17);
  CHECK(cost_of("format.named(\"dns1123Label\").value().validate(\"my-name\")") == 10);
  CHECK(cost_of("format.named(\"dns1123Label\").value() == format.named(\"dns1123Label\").value()") == 5);
  // A format function costs 1; validation is priced with the format's regex size.
  CHECK(cost_of("format.uri()") == 1);
  CHECK(cost_of("format.uri().validate('http://example.com')") == 1 + 2 * 276);
  CHECK(cost_of("format.uuid().validate('')") == 1 + 1 * 18);
  CHECK(cost_of("format.datetime().validate('2021-01-01T00:00:00Z')") == 1 + 3 * 18);
}
