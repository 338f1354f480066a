// The API's content rules for label keys, label values and integers, with apimachinery's messages.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podfit {

// content.IsLabelKey: an optional DNS subdomain prefix and '/', then a name of at most 63
// characters. Returns the problems found (empty when valid), worded as apimachinery words them.
std::vector<std::string> label_key_errors(std::string_view key);

// content.IsLabelValue: empty, or at most 63 alphanumerics, '-', '_', '.' starting and ending
// with an alphanumeric. Returns the problems found (empty when valid).
std::vector<std::string> label_value_errors(std::string_view value);

// content.IsDNS1123Subdomain: lowercase RFC 1123 labels joined by dots, at most 253 characters.
std::vector<std::string> dns1123_subdomain_errors(std::string_view value);

// content.IsDNS1123Label: one lowercase RFC 1123 label, at most 63 characters.
std::vector<std::string> dns1123_label_errors(std::string_view value);

// util/validation.IsValidPercent: decimal digits followed by '%' ("5%", "150%"; not "%",
// "5.5%", " 5%").
std::vector<std::string> percent_errors(std::string_view value);

// IsDNS1123Subdomain and IsDNS1123Label of k8s.io/apimachinery/pkg/util/validation, which the
// core API's hand-written validation calls (object names, namespaces, volumes, containers, ...):
// the rules above, with lengths worded in characters (content's say bytes), and a label that
// would be a valid subdomain reported as one that "must not contain dots" (which
// dns1123_label_errors leaves to its callers).
std::vector<std::string> util_dns1123_subdomain_errors(std::string_view value);
std::vector<std::string> util_dns1123_label_errors(std::string_view value);

// content.IsDecimalInteger: canonical base-10 form only ("0", "12", "-3"; not "012", "+3", "-0").
std::vector<std::string> decimal_integer_errors(std::string_view value);

// strconv.ParseInt(s, 10, 64): optional sign, decimal digits, leading zeros allowed, no overflow.
// Label selectors' Gt/Lt compare label values parsed this way.
std::optional<int64_t> parse_go_int64(std::string_view text);

}  // namespace podfit
