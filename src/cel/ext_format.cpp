// Kubernetes' format library: the named string formats of Kubernetes' validation (DNS labels
// and subdomains, qualified names, label values) and of CRD schemas (uri, uuid, byte, date,
// datetime), each validating text into optional.none() or the list of validation messages.
#include <re2/re2.h>

#include <algorithm>

#include "gonet.h"
#include "internal.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;
using Messages = std::vector<std::string>;

constexpr std::string_view kFormatType = "kubernetes.NamedFormat";

// kube-openapi's patterns; their lengths are the formats' regex sizes in cost.go.
constexpr std::string_view kUUIDPattern = "(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$";
constexpr std::string_view kDateTimePattern = "^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$";

// The patterns Kubernetes quotes in its messages.
constexpr std::string_view kLabelFmt = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
constexpr std::string_view kSubdomainFmt = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
constexpr std::string_view kDNS1035Fmt = "[a-z]([-a-z0-9]*[a-z0-9])?";
constexpr std::string_view kLabelKeyFmt = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
constexpr std::string_view kLabelValueFmt = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";

bool lower_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }
bool alnum(char c) { return lower_alnum(c) || (c >= 'A' && c <= 'Z'); }

// [a-z0-9]([-a-z0-9]*[a-z0-9])?, and with first_alpha [a-z] first.
bool dns_label(std::string_view s, bool first_alpha = false) {
  if (s.empty() || !lower_alnum(s.front()) || !lower_alnum(s.back())) return false;
  if (first_alpha && !(s.front() >= 'a' && s.front() <= 'z')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return lower_alnum(c) || c == '-'; });
}

bool dns_subdomain(std::string_view s) {
  for (;;) {
    auto dot = s.find('.');
    if (!dns_label(s.substr(0, dot))) return false;
    if (dot == std::string_view::npos) return true;
    s.remove_prefix(dot + 1);
  }
}

// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]
bool label_key_name(std::string_view s) {
  if (s.empty() || !alnum(s.front()) || !alnum(s.back())) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return alnum(c) || c == '-' || c == '_' || c == '.'; });
}

std::string regex_error(std::string_view msg, std::string_view fmt, std::initializer_list<std::string_view> examples) {
  std::string out(msg);
  if (examples.size() == 0) {
    out.append(" (regex used for validation is '");
  } else {
    out.append(" (e.g. ");
    std::string_view sep;
    for (auto e : examples) {
      out.append(sep).append("'").append(e).append("', ");
      sep = " or ";
    }
    out.append("regex used for validation is '");
  }
  return out.append(fmt).append("')");
}

// apimachinery's two length messages: util/validation says characters, validate/content says
// bytes; both measure bytes.
std::string max_len_chars(int n) { return "must be no more than " + std::to_string(n) + " characters"; }
std::string max_len_bytes(int n) { return "must be no more than " + std::to_string(n) + " bytes"; }

constexpr const char* kLabelMsg =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end "
    "with an alphanumeric character";
constexpr const char* kSubdomainMsg =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start "
    "and end with an alphanumeric character";
constexpr const char* kDNS1035Msg =
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, "
    "and end with an alphanumeric character";
constexpr const char* kLabelKeyMsg =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
constexpr const char* kLabelValueMsg =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and "
    "end with an alphanumeric character";

Messages dns1123_label(std::string_view s) {
  Messages m;
  if (s.size() > 63) m.push_back(max_len_chars(63));
  if (!dns_label(s)) {
    if (dns_subdomain(s)) m.emplace_back("must not contain dots");
    else m.push_back(regex_error(kLabelMsg, kLabelFmt, {"my-name", "123-abc"}));
  }
  return m;
}

Messages dns1123_subdomain(std::string_view s, bool bytes = false) {
  Messages m;
  if (s.size() > 253) m.push_back(bytes ? max_len_bytes(253) : max_len_chars(253));
  if (!dns_subdomain(s)) m.push_back(regex_error(kSubdomainMsg, kSubdomainFmt, {"example.com"}));
  return m;
}

Messages dns1035_label(std::string_view s) {
  Messages m;
  if (s.size() > 63) m.push_back(max_len_chars(63));
  if (!dns_label(s, true)) m.push_back(regex_error(kDNS1035Msg, kDNS1035Fmt, {"my-name", "abc-123"}));
  return m;
}

// A label key: an optional DNS subdomain prefix and '/', then a name.
Messages qualified_name(std::string_view s) {
  Messages m;
  std::string_view name = s;
  auto slash = s.find('/');
  if (slash != std::string_view::npos) {
    if (s.find('/', slash + 1) != std::string_view::npos)
      return {"a valid label key " + regex_error(kLabelKeyMsg, kLabelKeyFmt, {"MyName", "my.name", "123-abc"}) +
              " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"};
    std::string_view pre = s.substr(0, slash);
    name = s.substr(slash + 1);
    if (pre.empty()) m.emplace_back("prefix part must be non-empty");
    else
      for (auto& e : dns1123_subdomain(pre, true)) m.push_back("prefix part " + e);
  }
  if (name.empty()) m.emplace_back("name part must be non-empty");
  else if (name.size() > 63) m.push_back("name part " + max_len_bytes(63));
  if (!label_key_name(name))
    m.push_back("name part " + regex_error(kLabelKeyMsg, kLabelKeyFmt, {"MyName", "my.name", "123-abc"}));
  return m;
}

Messages label_value(std::string_view s) {
  Messages m;
  if (s.size() > 63) m.push_back(max_len_bytes(63));
  if (!s.empty() && !label_key_name(s))
    m.push_back(regex_error(kLabelValueMsg, kLabelValueFmt, {"MyValue", "my_value", "12345"}));
  return m;
}

// Generated names append to a prefix: a trailing dash is masked (Kubernetes drops the last
// two characters and appends 'a').
std::string mask_trailing_dash(std::string_view s) {
  if (s.size() > 1 && s.back() == '-') return std::string(s.substr(0, s.size() - 2)) + "a";
  return std::string(s);
}

bool hex_run(std::string_view& s, std::size_t n) {
  if (s.size() < n) return false;
  for (std::size_t i = 0; i < n; ++i) {
    char c = s[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  }
  s.remove_prefix(n);
  return true;
}

// 8-4-4-4-12 hex digits, each dash optional, any case.
bool is_uuid(std::string_view s) {
  static constexpr std::size_t kGroups[] = {8, 4, 4, 4, 12};
  for (std::size_t g = 0; g < 5; ++g) {
    if (g > 0 && !s.empty() && s[0] == '-') s.remove_prefix(1);
    if (!hex_run(s, kGroups[g])) return false;
  }
  return s.empty();
}

bool base64_char(char c) { return alnum(c) || c == '+' || c == '/'; }

// Standard base64 in whole quads, padding only in the last one.
bool is_base64(std::string_view s) {
  if (s.size() < 4 || s.size() % 4 != 0) return false;
  std::string_view body = s.substr(0, s.size() - 4), last = s.substr(s.size() - 4);
  if (!std::all_of(body.begin(), body.end(), base64_char)) return false;
  std::size_t pad = last[3] != '=' ? 0 : (last[2] == '=' ? 2 : 1);
  return std::all_of(last.begin(), last.end() - static_cast<std::ptrdiff_t>(pad), base64_char);
}

bool digit(char c) { return c >= '0' && c <= '9'; }

// Go's time.Parse with layout "2006-01-02": four-digit year, two-digit month and day, the day
// within its month.
bool is_date(std::string_view s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (!digit(s[i])) return false;
  int year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
  int month = (s[5] - '0') * 10 + (s[6] - '0');
  int day = (s[8] - '0') * 10 + (s[9] - '0');
  if (month < 1 || month > 12) return false;
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
  int max = kDays[month - 1] + (month == 2 && leap ? 1 : 0);
  return day >= 1 && day <= max;
}

// kube-openapi's date-time check: lowercased, split at 't', a date before and the pattern's
// time after, hours, minutes and seconds compared as text.
bool is_datetime(std::string_view str) {
  if (str.size() < 4) return false;
  // Go's strings.ToLower: ASCII letters lowered, invalid UTF-8 bytes replaced by U+FFFD.
  std::string low;
  for (std::size_t i = 0; i < str.size();) {
    auto c = static_cast<unsigned char>(str[i]);
    std::size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
    if (n > 1 && i + n <= str.size() && utf8_valid(str.substr(i, n))) {
      low.append(str.substr(i, n));
      i += n;
    } else if (n == 1) {
      low += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
      ++i;
    } else {
      low += "\xEF\xBF\xBD";
      ++i;
    }
  }
  auto t1 = low.find('t');
  if (t1 == std::string::npos) return false;
  auto t2 = low.find('t', t1 + 1);
  std::string_view date = std::string_view(low).substr(0, t1);
  std::string_view time = std::string_view(low).substr(t1 + 1, t2 == std::string::npos ? std::string::npos : t2 - t1 - 1);
  if (!is_date(date)) return false;
  static const re2::RE2 re{std::string(kDateTimePattern)};
  std::string h, m, sec;
  if (!re2::RE2::PartialMatch(re2::StringPiece(time.data(), time.size()), re, &h, &m, &sec)) return false;
  return h <= "23" && m <= "59" && sec <= "59";
}

struct Format {
  const char* key;   // the name format.named() and format.<key>() use
  const char* name;  // the name equality compares
  Messages (*validate)(std::string_view);
  std::size_t max_regex_size;
};

const Format kFormats[] = {
    {"dns1123Label", "DNS1123Label", dns1123_label, 30},
    {"dns1123Subdomain", "DNS1123Subdomain", [](std::string_view s) { return dns1123_subdomain(s); }, 60},
    {"dns1035Label", "DNS1035Label", dns1035_label, 30},
    {"qualifiedName", "QualifiedName", qualified_name, 60},
    {"dns1123LabelPrefix", "DNS1123LabelPrefix", [](std::string_view s) { return dns1123_label(mask_trailing_dash(s)); },
     30},
    {"dns1123SubdomainPrefix", "DNS1123SubdomainPrefix",
     [](std::string_view s) { return dns1123_subdomain(mask_trailing_dash(s)); }, 60},
    {"dns1035LabelPrefix", "DNS1035LabelPrefix", [](std::string_view s) { return dns1035_label(mask_trailing_dash(s)); },
     30},
    {"labelValue", "LabelValue", label_value, 40},
    {"uri", "URI",
     [](std::string_view s) {
       std::string err;
       return gonet::parse_request_uri(s, err) ? Messages{} : Messages{err};
     },
     1103},
    {"uuid", "uuid", [](std::string_view s) { return is_uuid(s) ? Messages{} : Messages{"does not match the UUID format"}; },
     kUUIDPattern.size()},
    {"byte", "byte", [](std::string_view s) { return is_base64(s) ? Messages{} : Messages{"invalid base64"}; }, 84},
    {"date", "date", [](std::string_view s) { return is_date(s) ? Messages{} : Messages{"invalid date"}; },
     kDateTimePattern.size()},
    {"datetime", "datetime",
     [](std::string_view s) { return is_datetime(s) ? Messages{} : Messages{"invalid datetime"}; },
     kDateTimePattern.size()},
};

class FormatValue : public OpaqueValue {
 public:
  explicit FormatValue(const Format& f) : f_(f) {}
  std::string_view type_name() const override { return kFormatType; }
  bool equals(const OpaqueValue& o) const override {
    return std::string_view(f_.name) == static_cast<const FormatValue&>(o).f_.name;
  }
  std::string debug_string() const override { return f_.name; }
  const Format& format() const { return f_; }

 private:
  const Format& f_;
};

const Format& format(const Value& v) { return static_cast<const FormatValue&>(v.as_opaque()).format(); }

// One shared value per format, borrowed by every evaluation.
const Value& format_value(const Format& f) {
  static const std::vector<std::shared_ptr<FormatValue>> values = [] {
    std::vector<std::shared_ptr<FormatValue>> v;
    for (const auto& x : kFormats) v.push_back(std::make_shared<FormatValue>(x));
    return v;
  }();
  static const std::vector<Value> borrowed = [] {
    std::vector<Value> v;
    for (const auto& x : values) v.push_back(Value::borrowed_opaque(*x));
    return v;
  }();
  return borrowed[static_cast<std::size_t>(&f - kFormats)];
}

}  // namespace

void add_format_library(Env& env) {
  Type f = Type::opaque(std::string(kFormatType));
  Type s = T("string");
  env.add_function("format.named", {make_overload("format-named", {s}, Type::optional(f), [](Args a, EvalContext&) {
                     for (const auto& x : kFormats)
                       if (a[0].as_string() == x.key) return Value::optional_of(format_value(x));
                     return Value::optional_none();
                   })});
  for (const auto& x : kFormats) {
    std::string fn = std::string("format.") + x.key;
    env.add_function(fn, {make_overload(fn, {}, f, [&x](Args, EvalContext&) { return format_value(x); })});
  }
  // cost.go prices validation as a regular expression of the format's estimated size.
  env.add_function("validate", {own_cost(make_overload(
                                   "format-validate", {f, s}, Type::optional(Type::list(s)),
                                   [](Args a, EvalContext& c) {
                                     const Format& x = format(a[0]);
                                     std::string_view text = a[1].as_string();
                                     auto str_cost = static_cast<std::uint64_t>(
                                         std::ceil((1.0 + static_cast<double>(utf8_length(text))) * 0.1));
                                     auto re_cost = static_cast<std::uint64_t>(
                                         std::ceil(static_cast<double>(x.max_regex_size) * 0.25));
                                     if (!c.add_cost(str_cost * re_cost)) return cost_limit_error();
                                     Messages m = x.validate(text);
                                     if (m.empty()) return Value::optional_none();
                                     std::vector<Value> out;
                                     for (auto& e : m) out.push_back(Value::string(std::move(e)));
                                     return Value::optional_of(Value::list(std::move(out)));
                                   },
                                   true))});
}

}  // namespace podfit::cel
