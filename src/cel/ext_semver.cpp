// Kubernetes' semver library: semantic versions (semver.org 2.0.0, strictly parsed) as an
// opaque type with accessors and ordering.
#include <charconv>

#include "internal.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;

constexpr std::string_view kSemverType = "kubernetes.Semver";

struct Version {
  std::uint64_t major = 0, minor = 0, patch = 0;
  std::vector<std::string> pre;    // pre-release identifiers
  std::string build;
};

bool numeric(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}
bool ident_chars(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-')) return false;
  return true;
}
std::vector<std::string_view> split_dots(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t p = 0;
  for (;;) {
    std::size_t d = s.find('.', p);
    out.push_back(s.substr(p, d == std::string_view::npos ? std::string_view::npos : d - p));
    if (d == std::string_view::npos) return out;
    p = d + 1;
  }
}
bool parse_number(std::string_view s, std::uint64_t& v, std::string& err, const char* what) {
  if (!numeric(s)) {
    err = std::string("Invalid character(s) found in ") + what + " number \"" + std::string(s) + "\"";
    return false;
  }
  if (s.size() > 1 && s[0] == '0') {
    err = std::string(what) + " number must not contain leading zeroes \"" + std::string(s) + "\"";
    return false;
  }
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc()) {
    err = std::string(what) + " number out of range";
    return false;
  }
  return true;
}

std::optional<Version> parse(std::string_view s, std::string& err) {
  Version v;
  std::size_t plus = s.find('+');
  if (plus != std::string_view::npos) {
    std::string_view b = s.substr(plus + 1);
    for (auto id : split_dots(b))
      if (!ident_chars(id)) {
        err = "Invalid character(s) found in build meta data \"" + std::string(id) + "\"";
        return std::nullopt;
      }
    v.build = std::string(b);
    s = s.substr(0, plus);
  }
  std::size_t dash = s.find('-');
  if (dash != std::string_view::npos) {
    for (auto id : split_dots(s.substr(dash + 1))) {
      if (!ident_chars(id) || (numeric(id) && id.size() > 1 && id[0] == '0')) {
        err = "Invalid Prerelease identifier \"" + std::string(id) + "\"";
        return std::nullopt;
      }
      v.pre.emplace_back(id);
    }
    s = s.substr(0, dash);
  }
  auto parts = split_dots(s);
  if (parts.size() != 3) {
    err = "No Major.Minor.Patch elements found";
    return std::nullopt;
  }
  if (!parse_number(parts[0], v.major, err, "Major") || !parse_number(parts[1], v.minor, err, "Minor") ||
      !parse_number(parts[2], v.patch, err, "Patch"))
    return std::nullopt;
  return v;
}

// Kubernetes' normalization: a leading "v", missing minor or patch, leading zeros.
std::string normalize(std::string_view s) {
  if (!s.empty() && s[0] == 'v') s.remove_prefix(1);
  std::size_t cut = s.find_first_of("-+");
  std::string_view core = s.substr(0, cut);
  std::string_view rest = cut == std::string_view::npos ? std::string_view() : s.substr(cut);
  auto parts = split_dots(core);
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    std::string_view p = parts[i];
    while (p.size() > 1 && p[0] == '0' && numeric(p)) p.remove_prefix(1);
    if (i) out += '.';
    out += p;
  }
  for (std::size_t i = parts.size(); i < 3; ++i) out += ".0";
  return out + std::string(rest);
}

int compare(const Version& a, const Version& b) {
  auto c3 = [](std::uint64_t x, std::uint64_t y) { return x < y ? -1 : (x > y ? 1 : 0); };
  if (int c = c3(a.major, b.major)) return c;
  if (int c = c3(a.minor, b.minor)) return c;
  if (int c = c3(a.patch, b.patch)) return c;
  if (a.pre.empty() || b.pre.empty()) return a.pre.empty() == b.pre.empty() ? 0 : (a.pre.empty() ? 1 : -1);
  for (std::size_t i = 0; i < a.pre.size() && i < b.pre.size(); ++i) {
    const std::string& x = a.pre[i];
    const std::string& y = b.pre[i];
    bool nx = numeric(x), ny = numeric(y);
    int c;
    if (nx && ny) c = x.size() != y.size() ? (x.size() < y.size() ? -1 : 1) : x.compare(y);
    else if (nx != ny) c = nx ? -1 : 1;
    else c = x.compare(y);
    if (c) return c < 0 ? -1 : 1;
  }
  return c3(a.pre.size(), b.pre.size());
}

class Semver : public OpaqueValue {
 public:
  explicit Semver(Version v) : v_(std::move(v)) {}
  std::string_view type_name() const override { return kSemverType; }
  bool equals(const OpaqueValue& o) const override { return compare(v_, static_cast<const Semver&>(o).v_) == 0; }
  std::string debug_string() const override {
    std::string s = std::to_string(v_.major) + "." + std::to_string(v_.minor) + "." + std::to_string(v_.patch);
    for (std::size_t i = 0; i < v_.pre.size(); ++i) s += (i ? "." : "-") + v_.pre[i];
    if (!v_.build.empty()) s += "+" + v_.build;
    return s;
  }
  const Version& version() const { return v_; }

 private:
  Version v_;
};

const Version& ver(const Value& v) { return static_cast<const Semver&>(v.as_opaque()).version(); }

// Kubernetes charges ceil(0.1 * characters) for parsing a version, in place of the call's unit.
void charge_parse(EvalContext& ctx, std::string_view s) {
  const std::uint64_t cost = (utf8_length(s) + 9) / 10;
  // The evaluator already counted the call's unit; an empty string costs 0 (unsigned wrap).
  ctx.add_cost(cost - 1);
}

Value make(Args a) {
  std::string text(a[0].as_string());
  if (a.size() > 1 && a[1].as_bool()) text = normalize(text);
  std::string err;
  auto v = parse(text, err);
  if (!v) return Value::error(err);
  return Value::opaque(std::make_shared<Semver>(std::move(*v)));
}

Value is_semver(Args a) {
  std::string text(a[0].as_string());
  if (a.size() > 1 && a[1].as_bool()) text = normalize(text);
  std::string err;
  return Value::boolean(parse(text, err).has_value());
}

}  // namespace

Value semver_value(std::string_view text) {
  std::string err;
  auto v = parse(text, err);
  if (!v) return Value::error(err);
  return Value::opaque(std::make_shared<Semver>(std::move(*v)));
}

void add_semver_library(Env& env, std::uint32_t version) {
  Type sv = Type::opaque(std::string(kSemverType));
  Type s = T("string"), b = T("bool"), i = T("int");
  env.add_type(std::string(kSemverType), sv);
  auto parsing = [](Value (*f)(Args)) {
    return [f](Args a, EvalContext& ctx) {
      charge_parse(ctx, a[0].as_string());
      return f(a);
    };
  };
  std::vector<Overload> semver = {make_overload("string_to_semver", {s}, sv, parsing(make))};
  std::vector<Overload> is = {make_overload("is_semver_string", {s}, b, parsing(is_semver))};
  // The normalizing second argument arrived with version 1.
  if (version >= 1) {
    semver.push_back(make_overload("string_bool_to_semver", {s, b}, sv, parsing(make)));
    is.push_back(make_overload("is_semver_string_bool", {s, b}, b, parsing(is_semver)));
  }
  env.add_function("semver", std::move(semver));
  env.add_function("isSemver", std::move(is));
  auto field = [](std::uint64_t Version::*m) {
    return [m](Args a, EvalContext&) { return Value::int_(static_cast<std::int64_t>(ver(a[0]).*m)); };
  };
  env.add_function("major", {make_overload("semver_major", {sv}, i, field(&Version::major), true)});
  env.add_function("minor", {make_overload("semver_minor", {sv}, i, field(&Version::minor), true)});
  env.add_function("patch", {make_overload("semver_patch", {sv}, i, field(&Version::patch), true)});
  env.add_function("isGreaterThan",
                   {make_overload("semver_is_greater_than", {sv, sv}, b, [](Args a, EvalContext&) {
                     return Value::boolean(compare(ver(a[0]), ver(a[1])) > 0);
                   }, true)});
  env.add_function("isLessThan", {make_overload("semver_is_less_than", {sv, sv}, b, [](Args a, EvalContext&) {
                                    return Value::boolean(compare(ver(a[0]), ver(a[1])) < 0);
                                  }, true)});
  env.add_function("compareTo", {make_overload("semver_compare_to", {sv, sv}, i, [](Args a, EvalContext&) {
                                   return Value::int_(compare(ver(a[0]), ver(a[1])));
                                 }, true)});
}

}  // namespace podfit::cel
