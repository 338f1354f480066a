#include "podfit/model/validation.h"

#include <fmt/format.h>

#include <limits>

namespace podfit {
namespace {

constexpr std::string_view kLabelKeyFormat = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
constexpr std::string_view kLabelKeyMessage =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character";
constexpr std::string_view kLabelValueFormat = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
constexpr std::string_view kLabelValueMessage =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', "
    "and must start and end with an alphanumeric character";
constexpr std::string_view kSubdomainFormat = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
constexpr std::string_view kSubdomainMessage =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
    "and must start and end with an alphanumeric character";
constexpr std::string_view kDnsLabelFormat = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
constexpr std::string_view kDnsLabelMessage =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start "
    "and end with an alphanumeric character";
constexpr std::string_view kDecimalIntegerMessage = "must be a valid decimal integer in canonical form";
constexpr std::string_view kPercentFormat = "[0-9]+%";
constexpr std::string_view kPercentMessage = "a valid percent string must be a numeric string followed by an ending '%'";
constexpr size_t kLabelMaxLength = 63;
constexpr size_t kSubdomainMaxLength = 253;

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
bool is_lower_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]
bool matches_label_name(std::string_view s) {
  if (s.empty() || !is_alnum(s.front()) || !is_alnum(s.back())) return false;
  for (char c : s) {
    if (!is_alnum(c) && c != '-' && c != '_' && c != '.') return false;
  }
  return true;
}

// [a-z0-9]([-a-z0-9]*[a-z0-9])?
bool matches_dns_label(std::string_view s) {
  if (s.empty() || !is_lower_alnum(s.front()) || !is_lower_alnum(s.back())) return false;
  for (char c : s) {
    if (!is_lower_alnum(c) && c != '-') return false;
  }
  return true;
}

bool matches_subdomain(std::string_view s) {
  size_t start = 0;
  while (true) {
    size_t dot = s.find('.', start);
    std::string_view part = s.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (!matches_dns_label(part)) return false;
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

// content.RegexError: the message, the examples and the pattern, punctuated as apimachinery does.
std::string regex_error(std::string_view message, std::string_view pattern,
                        std::initializer_list<std::string_view> examples) {
  std::string out(message);
  out += " (e.g. ";
  bool first = true;
  for (std::string_view example : examples) {
    if (!first) out += " or ";
    first = false;
    out += fmt::format("'{}', ", example);
  }
  out += fmt::format("regex used for validation is '{}')", pattern);
  return out;
}

std::string max_length_error(size_t length) { return fmt::format("must be no more than {} bytes", length); }

}  // namespace

std::vector<std::string> dns1123_subdomain_errors(std::string_view value) {
  std::vector<std::string> errors;
  if (value.size() > kSubdomainMaxLength) errors.push_back(max_length_error(kSubdomainMaxLength));
  if (!matches_subdomain(value)) errors.push_back(regex_error(kSubdomainMessage, kSubdomainFormat, {"example.com"}));
  return errors;
}

std::vector<std::string> dns1123_label_errors(std::string_view value) {
  std::vector<std::string> errors;
  if (value.size() > kLabelMaxLength) errors.push_back(max_length_error(kLabelMaxLength));
  if (!matches_dns_label(value)) errors.push_back(regex_error(kDnsLabelMessage, kDnsLabelFormat, {"my-name", "123-abc"}));
  return errors;
}

std::vector<std::string> util_dns1123_subdomain_errors(std::string_view value) {
  std::vector<std::string> errors;
  if (value.size() > kSubdomainMaxLength) {
    errors.push_back(fmt::format("must be no more than {} characters", kSubdomainMaxLength));
  }
  if (!matches_subdomain(value)) errors.push_back(regex_error(kSubdomainMessage, kSubdomainFormat, {"example.com"}));
  return errors;
}

std::vector<std::string> util_dns1123_label_errors(std::string_view value) {
  std::vector<std::string> errors;
  if (value.size() > kLabelMaxLength) errors.push_back(fmt::format("must be no more than {} characters", kLabelMaxLength));
  if (!matches_dns_label(value)) {
    // A valid subdomain that is no label fails by its dots alone.
    errors.push_back(matches_subdomain(value) ? "must not contain dots"
                                              : regex_error(kDnsLabelMessage, kDnsLabelFormat, {"my-name", "123-abc"}));
  }
  return errors;
}

std::vector<std::string> label_key_errors(std::string_view key) {
  std::vector<std::string> errors;
  std::string_view name = key;
  size_t slash = key.find('/');
  if (slash != std::string_view::npos) {
    if (key.find('/', slash + 1) != std::string_view::npos) {
      errors.push_back("a valid label key " +
                       regex_error(kLabelKeyMessage, kLabelKeyFormat, {"MyName", "my.name", "123-abc"}) +
                       " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
      return errors;
    }
    std::string_view prefix = key.substr(0, slash);
    name = key.substr(slash + 1);
    if (prefix.empty()) {
      errors.push_back("prefix part must be non-empty");
    } else {
      for (auto& message : dns1123_subdomain_errors(prefix)) errors.push_back("prefix part " + message);
    }
  }
  if (name.empty()) {
    errors.push_back("name part must be non-empty");
  } else if (name.size() > kLabelMaxLength) {
    errors.push_back("name part " + max_length_error(kLabelMaxLength));
  }
  if (!matches_label_name(name)) {
    errors.push_back("name part " + regex_error(kLabelKeyMessage, kLabelKeyFormat, {"MyName", "my.name", "123-abc"}));
  }
  return errors;
}

std::vector<std::string> label_value_errors(std::string_view value) {
  std::vector<std::string> errors;
  if (value.size() > kLabelMaxLength) errors.push_back(max_length_error(kLabelMaxLength));
  if (!value.empty() && !matches_label_name(value)) {
    errors.push_back(regex_error(kLabelValueMessage, kLabelValueFormat, {"MyValue", "my_value", "12345"}));
  }
  return errors;
}

std::vector<std::string> percent_errors(std::string_view value) {
  bool digits = value.size() >= 2 && value.back() == '%';
  for (size_t i = 0; digits && i + 1 < value.size(); ++i) digits = value[i] >= '0' && value[i] <= '9';
  if (digits) return {};
  return {regex_error(kPercentMessage, kPercentFormat, {"1%", "93%"})};
}

std::vector<std::string> decimal_integer_errors(std::string_view value) {
  if (value.empty()) return {"must be non-empty"};
  size_t i = 0;
  if (value[0] == '-') {
    if (value.size() == 1) return {std::string(kDecimalIntegerMessage)};
    i = 1;
  }
  if (value[i] == '0') {
    if (value.size() == 1) return {};
    return {std::string(kDecimalIntegerMessage)};
  }
  for (; i < value.size(); ++i) {
    if (value[i] < '0' || value[i] > '9') return {std::string(kDecimalIntegerMessage)};
  }
  return {};
}

std::optional<int64_t> parse_go_int64(std::string_view text) {
  if (text.empty()) return std::nullopt;
  bool negative = false;
  if (text[0] == '+' || text[0] == '-') {
    negative = text[0] == '-';
    text.remove_prefix(1);
    if (text.empty()) return std::nullopt;
  }
  // Accumulate as unsigned so that the most negative value is representable.
  constexpr uint64_t kLimit = static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) + 1;
  uint64_t magnitude = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    uint64_t digit = static_cast<uint64_t>(c - '0');
    if (magnitude > (kLimit - digit) / 10) return std::nullopt;
    magnitude = magnitude * 10 + digit;
  }
  if (!negative && magnitude == kLimit) return std::nullopt;
  if (negative) return magnitude == kLimit ? std::numeric_limits<int64_t>::min() : -static_cast<int64_t>(magnitude);
  return static_cast<int64_t>(magnitude);
}

}  // namespace podfit
