// The API server's validation of the resource.k8s.io kinds being created, and of a ResourceClaim's
// status as status updates set it (pkg/apis/resource/validation, v1.37, feature gates at their
// defaults; where earlier releases path or word a device's keys otherwise, as ReleaseChanges says).
//
// v1.37 validates these kinds twice: by hand on the internal object, and declaratively on the
// object as served (the +k8s tags of k8s.io/api/resource). Where a declarative rule in beta
// covers a hand-written one, the declarative error replaces it and is listed after all the
// hand-written ones, with its own wording and, for v1beta1, its own path (under `basic`). So a
// hand-written error here ends validation at once, and the first declarative one is kept for
// when there is none, ordered as the declarative validators visit the fields.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "podfit/dra/device_selector.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "validation/api_release.h"
#include "validation/qualified_name.h"
#include "validation/resource/resource_wire.h"
#include "validation/stored_object.h"
#include "validation/validate.h"

namespace podfit::resource_wire {
namespace {

// Limits of k8s.io/api/resource/v1.
constexpr size_t kMaxDevices = 128;
constexpr size_t kMaxDevicesWithAdvancedFeatures = 64;  // any device with taints or counters
constexpr size_t kMaxAttributesAndCapacities = 32;
constexpr size_t kMaxAttributeValues = 48;
constexpr size_t kMaxAttributeValueLength = 64;
constexpr size_t kMaxDomainLength = 63;
constexpr size_t kMaxIDLength = 32;
constexpr size_t kMaxQualifiedNameKey = kMaxDomainLength + 1 + kMaxIDLength;
constexpr size_t kMaxLabelLength = 63;  // a counter's name, and how much of it a path shows
constexpr size_t kMaxTaints = 16;
constexpr size_t kMaxCounterSets = 8;
constexpr size_t kMaxCountersPerSet = 32;
constexpr size_t kMaxCounterConsumptions = 2;
constexpr size_t kMaxCountersPerConsumption = 32;
constexpr size_t kMaxBindingConditions = 4;
constexpr size_t kMaxPoolName = 253;
constexpr size_t kMaxDriverName = 63;
constexpr size_t kMaxValidValues = 10;
constexpr size_t kMaxSelectors = 32;
constexpr size_t kMaxConfigs = 32;
constexpr size_t kMaxSelectorLength = 10 * 1024;
constexpr size_t kMaxOpaqueParameters = 10 * 1024;
constexpr size_t kMaxAnnotationsBytes = 256 * 1024;  // apimachinery's, for every object

constexpr std::string_view kCIdentifierMessage =
    "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric "
    "characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is "
    "'[A-Za-z_][A-Za-z0-9_]*')";
constexpr std::string_view kCaselessSubdomainMessage =
    "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'Example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
constexpr std::string_view kAttributeMembers = "int, bool, string, version, ints, bools, strings, versions";

// A field path, kept as steps on the stack (each step points at its parent): printed as the API
// server prints it, and followed through the document to find the field's line.
class Path {
 public:
  Path() = default;
  Path child(std::string_view name) const { return Path(this, Step::Member, name, name, 0, false); }
  // A member only the served version has (v1beta1's `basic`): absent from the internal path.
  Path wire_child(std::string_view name) const { return Path(this, Step::Member, name, name, 0, true); }
  // A member only the internal object has (`exactly` of a v1beta1 request): absent from the document.
  Path internal_child(std::string_view name) const {
    Path p(this, Step::Member, name, name, 0, false);
    p.internal_only_ = true;
    return p;
  }
  Path index(size_t i) const { return Path(this, Step::Index, {}, {}, i, false); }
  // A map key; `shown` is how the path prints it when the API server shortens long keys.
  Path key(std::string_view k, std::string_view shown) const { return Path(this, Step::Key, k, shown, 0, false); }
  Path key(std::string_view k) const { return key(k, k); }

  // The path of the internal object (hand-written validation) or of the served one (declarative).
  std::string internal() const { return print(false); }
  std::string served() const { return print(true); }

  // The line of the deepest value of the path present in `root`.
  int line(const Value& root) const {
    std::vector<const Path*> chain = steps();
    std::erase_if(chain, [](const Path* p) { return p->internal_only_; });
    return line_below(root, chain, 0);
  }

 private:
  enum class Step : uint8_t { Root, Member, Index, Key };
  Path(const Path* parent, Step kind, std::string_view name, std::string_view shown, size_t i, bool wire_only)
      : parent_(parent), kind_(kind), name_(name), shown_(shown), index_(i), wire_only_(wire_only) {}

  std::vector<const Path*> steps() const {
    std::vector<const Path*> chain;
    for (const Path* p = this; p != nullptr && p->kind_ != Step::Root; p = p->parent_) chain.push_back(p);
    std::reverse(chain.begin(), chain.end());
    return chain;
  }

  std::string print(bool served) const {
    std::string out;
    for (const Path* p : steps()) {
      if (p->wire_only_ && !served) continue;
      if (p->internal_only_ && served) continue;
      if (p->kind_ == Step::Index) {
        out += fmt::format("[{}]", p->index_);
      } else if (p->kind_ == Step::Key) {
        out += fmt::format("[{}]", p->shown_);
      } else {
        if (!out.empty()) out += '.';
        out += p->name_;
      }
    }
    return out;
  }

  static int line_below(const Value& v, const std::vector<const Path*>& chain, size_t at) {
    if (at == chain.size()) return v.line();
    int line = v.line();
    const Path& step = *chain[at];
    if (step.kind_ == Step::Index) {
      size_t i = 0;
      v.elements([&](const Value& e) {
        if (i++ == step.index_) line = line_below(e, chain, at + 1);
      });
    } else {
      bool found = false;
      v.fields([&](std::string_view k, const Value& f) {
        if (found || k != step.name_) return;
        found = true;
        line = line_below(f, chain, at + 1);
      });
    }
    return line;
  }

  const Path* parent_ = nullptr;
  Step kind_ = Step::Root;
  std::string_view name_;
  std::string_view shown_;
  size_t index_ = 0;
  bool wire_only_ = false;
  bool internal_only_ = false;
};

// One field error, before its path: field.ErrorList's kinds and their wording.
struct Problem {
  enum class Kind { Invalid, Required, Forbidden, TooLong, TooMany, Duplicate, NotSupported, Internal };
  Kind kind;
  std::string value;  // rendered (go_quote, json_quote, a number)
  std::string detail;
  std::vector<std::string> supported;

  std::string at(const std::string& path) const {
    switch (kind) {
      case Kind::Invalid: return field::invalid(path, value, detail);
      case Kind::Required: return field::required(path, detail);
      case Kind::Forbidden: return field::forbidden(path, detail);
      case Kind::TooLong: return fmt::format("{}: Too long: {}", path, detail);
      case Kind::TooMany: return fmt::format("{}: Too many: {}: {}", path, value, detail);
      case Kind::Duplicate: return field::duplicate(path, value);
      case Kind::NotSupported: return field::not_supported(path, value, supported);
      case Kind::Internal: return fmt::format("{}: Internal error: {}", path, detail);
    }
    return path;
  }
};

Problem invalid(std::string value, std::string detail) {
  return Problem{Problem::Kind::Invalid, std::move(value), std::move(detail), {}};
}
Problem required(std::string detail = {}) { return Problem{Problem::Kind::Required, {}, std::move(detail), {}}; }
Problem forbidden(std::string detail) { return Problem{Problem::Kind::Forbidden, {}, std::move(detail), {}}; }
// field.TooLong: "may not be more than N bytes".
Problem too_long(size_t max) { return Problem{Problem::Kind::TooLong, {}, fmt::format("may not be more than {} bytes", max), {}}; }
// field.TooLongCharacters, as the declarative maxLength words it.
Problem too_long_characters(size_t max) {
  return Problem{Problem::Kind::TooLong, {}, fmt::format("may not be more than {} characters", max), {}};
}
Problem too_many(size_t have, size_t max) {
  return Problem{Problem::Kind::TooMany, std::to_string(have),
                 fmt::format("must have at most {} {}", max, max == 1 ? "item" : "items"), {}};
}
// field.InternalError: what the server could not do, not what the object got wrong.
Problem internal_error(std::string detail) { return Problem{Problem::Kind::Internal, {}, std::move(detail), {}}; }
Problem duplicate(std::string value) { return Problem{Problem::Kind::Duplicate, std::move(value), {}, {}}; }

// Where declarative errors stand among themselves: the field order of the generated validators.
using Order = std::vector<int>;

// What validation found: a hand-written error is raised at once; the first declarative one waits.
class Findings {
 public:
  explicit Findings(const Value& root) : root_(root), changes_(api_release_changes()) {}

  [[noreturn]] void fail(const Path& at, const Problem& p, const Path* line_at = nullptr) const { throw error(at, p, line_at); }

  // The error fail() raises, for a caller that may warn of it instead.
  DecodeError error(const Path& at, const Problem& p, const Path* line_at = nullptr) const {
    return DecodeError{p.at(at.internal()), (line_at != nullptr ? *line_at : at).line(root_)};
  }

  void later(Order order, const Path& at, const Problem& p, const Path* line_at = nullptr) {
    if (held_ && !(order < held_order_)) return;
    held_ = DecodeError{p.at(at.served()), (line_at != nullptr ? *line_at : at).line(root_)};
    held_order_ = std::move(order);
  }

  void done() const {
    if (held_) throw *held_;
  }

  const Value& root() const { return root_; }
  // What differs in the release validating (api_release.h).
  const ReleaseChanges& changes() const { return changes_; }

 private:
  const Value& root_;
  const ReleaseChanges& changes_;
  std::optional<DecodeError> held_;
  Order held_order_;
};

Order with(Order base, std::initializer_list<int> more) {
  base.insert(base.end(), more);
  return base;
}

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool matches_subdomain(std::string_view value) {
  std::vector<std::string> errors = dns1123_subdomain_errors(value);
  return std::none_of(errors.begin(), errors.end(), [](const std::string& e) { return e.starts_with("a lowercase"); });
}

// IsDNS1123Label, with its "must not contain dots" for a valid subdomain that is no label.
std::vector<std::string> short_name_errors(std::string_view value) {
  std::vector<std::string> errors = dns1123_label_errors(value);
  if (!errors.empty() && errors.back().starts_with("a lowercase") && matches_subdomain(value)) {
    errors.back() = "must not contain dots";
  }
  return errors;
}

// IsDNS1123SubdomainCaseless: the same rule with upper case allowed, worded for it.
std::vector<std::string> caseless_subdomain_errors(std::string_view value) {
  std::vector<std::string> errors = dns1123_subdomain_errors(lower(value));
  for (std::string& e : errors) {
    if (e.starts_with("a lowercase")) e = std::string(kCaselessSubdomainMessage);
  }
  return errors;
}

bool is_c_identifier(std::string_view id) {
  if (id.empty() || !(std::isalpha(static_cast<unsigned char>(id[0])) || id[0] == '_')) return false;
  return std::all_of(id.begin(), id.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_numeric_identifier(std::string_view s) { return all_digits(s) && (s == "0" || s[0] != '0'); }

bool is_alphanumeric_identifier(std::string_view s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; });
}

// Semantic Versioning 2.0.0, as the API server's expression for version attributes reads it.
bool is_semver(std::string_view v) {
  size_t plus = v.find('+');
  std::string_view build = plus == std::string_view::npos ? std::string_view() : v.substr(plus + 1);
  std::string_view rest = v.substr(0, plus);
  size_t dash = rest.find('-');
  std::string_view pre = dash == std::string_view::npos ? std::string_view() : rest.substr(dash + 1);
  std::string_view core = rest.substr(0, dash);
  auto parts = [](std::string_view s, auto ok) {
    size_t start = 0;
    for (;;) {
      size_t dot = s.find('.', start);
      if (!ok(s.substr(start, dot - start))) return false;
      if (dot == std::string_view::npos) return true;
      start = dot + 1;
    }
  };
  int numbers = 0;
  if (!parts(core, [&](std::string_view p) { return ++numbers <= 3 && is_numeric_identifier(p); }) || numbers != 3) {
    return false;
  }
  if (dash != std::string_view::npos &&
      !parts(pre, [](std::string_view p) { return all_digits(p) ? is_numeric_identifier(p) : is_alphanumeric_identifier(p); })) {
    return false;
  }
  return plus == std::string_view::npos || parts(build, is_alphanumeric_identifier);
}

// The path form of a long map key: the API server keeps its two ends around "...".
std::string shortened_key(std::string_view key, size_t max) {
  max = std::max<size_t>(max, 16);
  if (key.size() <= max) return std::string(key);
  const size_t remaining = max - 3;
  return fmt::format("{}...{}", key.substr(0, (remaining + 1) / 2), key.substr(key.size() - remaining / 2));
}

size_t utf8_length(std::string_view s) {
  return static_cast<size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// Go's encoding/json of the internal (untagged) NodeSelectorTerm list.
std::string json_terms(const std::vector<NodeSelectorTerm>& terms) {
  auto requirements = [](const std::vector<NodeSelectorRequirement>& rs) {
    if (rs.empty()) return std::string("null");
    std::string out = "[";
    for (size_t i = 0; i < rs.size(); ++i) {
      out += fmt::format("{}{{\"Key\":{},\"Operator\":{},\"Values\":{}}}", i ? "," : "", field::json_quote(rs[i].key),
                         field::json_quote(rs[i].op), field::json_list(rs[i].values));
    }
    return out + "]";
  };
  if (terms.empty()) return "null";
  std::string out = "[";
  for (size_t i = 0; i < terms.size(); ++i) {
    out += fmt::format("{}{{\"MatchExpressions\":{},\"MatchFields\":{}}}", i ? "," : "", requirements(terms[i].match_expressions),
                       requirements(terms[i].match_fields));
  }
  return out + "]";
}

// encoding/json of a counter map (keys sorted) as the served types tag it.
std::string json_counters(const std::vector<Counter>& counters) {
  std::vector<const Counter*> sorted;
  for (const Counter& c : counters) sorted.push_back(&c);
  std::sort(sorted.begin(), sorted.end(), [](const Counter* a, const Counter* b) { return a->name < b->name; });
  std::string out = "{";
  for (size_t i = 0; i < sorted.size(); ++i) {
    out += fmt::format("{}{}:{{\"value\":{}}}", i ? "," : "", field::json_quote(sorted[i]->name),
                       field::json_quote(sorted[i]->value.to_string()));
  }
  return out + "}";
}

std::string json_counter_set(const CounterSet& set) {
  std::string out = fmt::format("{{\"name\":{}", field::json_quote(set.name));
  if (!set.counters.empty()) out += ",\"counters\":" + json_counters(set.counters);
  return out + "}";
}

std::string json_consumption(const DeviceCounterConsumption& c) {
  std::string out = fmt::format("{{\"counterSet\":{}", field::json_quote(c.counter_set));
  if (!c.counters.empty()) out += ",\"counters\":" + json_counters(c.counters);
  return out + "}";
}

// A device toleration as json.Marshal prints it (operator defaulted).
std::string json_toleration(const DeviceToleration& t) {
  std::vector<std::string> parts;
  if (!t.key.empty()) parts.push_back("\"key\":" + field::json_quote(t.key));
  if (!t.op.empty()) parts.push_back("\"operator\":" + field::json_quote(t.op));
  if (!t.value.empty()) parts.push_back("\"value\":" + field::json_quote(t.value));
  if (!t.effect.empty()) parts.push_back("\"effect\":" + field::json_quote(t.effect));
  if (t.toleration_seconds) parts.push_back(fmt::format("\"tolerationSeconds\":{}", *t.toleration_seconds));
  return fmt::format("{{{}}}", fmt::join(parts, ","));
}

// The fields of an exact request (or a subrequest's, or a v1beta1 request's own), as
// json.Marshal prints them after defaulting, each with its leading comma.
std::string json_exact_fields(const ExactRequest& r, bool with_class) {
  std::string out;
  if (with_class) out += ",\"deviceClassName\":" + field::json_quote(r.device_class_name);
  if (!r.selectors.empty()) {
    std::vector<std::string> list;
    for (const Selector& s : r.selectors) {
      list.push_back(s.cel_expression ? "{\"cel\":{\"expression\":" + field::json_quote(*s.cel_expression) + "}}" : "{}");
    }
    out += fmt::format(",\"selectors\":[{}]", fmt::join(list, ","));
  }
  if (!r.allocation_mode.empty()) out += ",\"allocationMode\":" + field::json_quote(r.allocation_mode);
  if (r.count != 0) out += fmt::format(",\"count\":{}", r.count);
  if (r.admin_access) out += fmt::format(",\"adminAccess\":{}", *r.admin_access);
  return out;
}

std::string json_exact_tail(const ExactRequest& r) {
  std::string out;
  if (!r.tolerations.empty()) {
    std::vector<std::string> list;
    for (const DeviceToleration& t : r.tolerations) list.push_back(json_toleration(t));
    out += fmt::format(",\"tolerations\":[{}]", fmt::join(list, ","));
  }
  if (r.capacity) {
    std::vector<std::string> list;
    for (const auto& [name, q] : r.capacity->requests) list.push_back(field::json_quote(name) + ":" + field::json_quote(q.to_string()));
    std::sort(list.begin(), list.end());
    out += fmt::format(",\"capacity\":{{\"requests\":{{{}}}}}", fmt::join(list, ","));
  }
  return out;
}

std::string json_subrequest(const SubRequest& sub) {
  return "{\"name\":" + field::json_quote(sub.name) + json_exact_fields(sub.spec, true) + json_exact_tail(sub.spec) + "}";
}

// A claim's request as the served version prints it (a declarative Duplicate shows the item).
std::string json_request(Version version, const Request& r) {
  std::string out = "{\"name\":" + field::json_quote(r.name);
  std::string subs;
  if (!r.first_available.empty()) {
    std::vector<std::string> list;
    for (const SubRequest& sub : r.first_available) list.push_back(json_subrequest(sub));
    subs = fmt::format(",\"firstAvailable\":[{}]", fmt::join(list, ","));
  }
  if (version == Version::V1beta1) {
    // v1beta1 keeps the fields on the request, firstAvailable between adminAccess and tolerations.
    const ExactRequest none;
    const ExactRequest& e = r.exactly ? *r.exactly : none;
    return out + json_exact_fields(e, true) + subs + json_exact_tail(e) + "}";
  }
  if (r.exactly) out += ",\"exactly\":{" + json_exact_fields(*r.exactly, true).substr(1) + json_exact_tail(*r.exactly) + "}";
  return out + subs + "}";
}

// ValidateCSIDriverName, as the driver of a slice and the domain of a qualified name are checked.
void check_driver_name(const Findings& f, const Path& at, std::string_view driver, const Path* line_at = nullptr) {
  if (driver.empty()) f.fail(at, required(), line_at);
  if (driver.size() > kMaxDriverName) f.fail(at, too_long(kMaxDriverName), line_at);
  for (const std::string& m : dns1123_subdomain_errors(lower(driver))) f.fail(at, invalid(field::go_quote(driver), m), line_at);
}

// validatePoolName: DNS subdomains joined by '/', at most 253 bytes in all.
void check_pool_name(const Findings& f, const Path& at, std::string_view pool) {
  if (pool.empty()) f.fail(at, required());
  if (pool.size() > kMaxPoolName) f.fail(at, too_long(kMaxPoolName));
  for (size_t start = 0;;) {
    size_t slash = pool.find('/', start);
    std::string_view part = pool.substr(start, slash - start);
    for (const std::string& m : dns1123_subdomain_errors(part)) f.fail(at, invalid(field::go_quote(part), m));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
}

// ValidateNodeName: a DNS subdomain.
void check_node_name(const Findings& f, const Path& at, std::string_view name) {
  for (const std::string& m : dns1123_subdomain_errors(name)) f.fail(at, invalid(field::go_quote(name), m));
}

// validateQualifiedName (attributes and capacity keys, constraints' attributes), reported at
// `at` on the line of `entry`. A name with two slashes or more passes: upstream checks one or two
// segments only.
void check_qualified_name(const Findings& f, const Path& at, const Path& entry, std::string_view name) {
  const bool empty_invalid = f.changes().dra_qualified_name_empty_parts_invalid;
  auto empty_part = [&](std::string detail) {
    if (empty_invalid) f.fail(at, invalid("\"\"", std::move(detail)), &entry);
    f.fail(at, required(std::move(detail)), &entry);
  };
  auto c_identifier = [&](std::string_view id) {
    if (id.size() > kMaxIDLength) f.fail(at, too_long(kMaxIDLength), &entry);
    if (!is_c_identifier(id)) f.fail(at, invalid(field::go_quote(id), std::string(kCIdentifierMessage)), &entry);
  };
  if (name.empty() && !empty_invalid) f.fail(at, required("name required"), &entry);
  size_t slash = name.find('/');
  if (slash == std::string_view::npos) return c_identifier(name);
  if (name.find('/', slash + 1) != std::string_view::npos) return;
  std::string_view domain = name.substr(0, slash);
  std::string_view id = name.substr(slash + 1);
  if (domain.empty()) empty_part("the domain must not be empty");
  check_driver_name(f, at, domain, &entry);
  if (id.empty()) empty_part("the name must not be empty");
  c_identifier(id);
}

// ValidateNodeSelector (label values checked), with the API server's paths.
void check_node_selector(const Findings& f, const Path& at, const NodeSelector& selector) {
  Path terms = at.child("nodeSelectorTerms");
  if (selector.node_selector_terms.empty()) f.fail(terms, required("must have at least one node selector term"));
  for (size_t i = 0; i < selector.node_selector_terms.size(); ++i) {
    const NodeSelectorTerm& term = selector.node_selector_terms[i];
    Path t = terms.index(i);
    Path expressions = t.child("matchExpressions");
    for (size_t j = 0; j < term.match_expressions.size(); ++j) {
      const NodeSelectorRequirement& r = term.match_expressions[j];
      Path rp = expressions.index(j);
      Path values = rp.child("values");
      if (r.op == "In" || r.op == "NotIn") {
        if (r.values.empty()) f.fail(values, required("must be specified when `operator` is 'In' or 'NotIn'"));
      } else if (r.op == "Exists" || r.op == "DoesNotExist") {
        if (!r.values.empty()) f.fail(values, forbidden("may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      } else if (r.op == "Gt" || r.op == "Lt") {
        if (r.values.size() != 1) f.fail(values, required("must be specified single value when `operator` is 'Lt' or 'Gt'"));
      } else {
        f.fail(rp.child("operator"), invalid(field::json_quote(r.op), "not a valid selector operator"));
      }
      for (const std::string& m : label_key_errors(r.key)) f.fail(rp.child("key"), invalid(field::go_quote(r.key), m));
      for (size_t k = 0; k < r.values.size(); ++k) {
        for (const std::string& m : released_label_value_errors(r.values[k])) {
          f.fail(values.index(k), invalid(field::go_quote(r.values[k]), m));
        }
      }
    }
    Path fields = t.child("matchFields");
    for (size_t j = 0; j < term.match_fields.size(); ++j) {
      const NodeSelectorRequirement& r = term.match_fields[j];
      Path rp = fields.index(j);
      Path values = rp.child("values");
      if (r.op == "In" || r.op == "NotIn") {
        if (r.values.size() != 1) {
          f.fail(values, required("must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
        }
      } else {
        f.fail(rp.child("operator"), invalid(field::json_quote(r.op), "not a valid selector operator"));
      }
      if (r.key != "metadata.name") f.fail(rp.child("key"), invalid(field::go_quote(r.key), "not a valid field selector key"));
      for (size_t k = 0; k < r.values.size(); ++k) check_node_name(f, values.index(k), r.values[k]);
    }
  }
}

// ValidateAnnotations: each key a qualified name in any case, and all of them at most 256 KiB.
void check_annotations(const Findings& f, const Path& at, const StringMap& annotations) {
  size_t total = 0;
  for (const auto& [key, value] : annotations) {
    for (const std::string& m : label_key_errors(lower(key))) f.fail(at, invalid(field::go_quote(key), m));
    total += key.size() + value.size();
  }
  if (total > kMaxAnnotationsBytes) f.fail(at, too_long(kMaxAnnotationsBytes));
}

// ValidateObjectMeta: name, generateName, then labels and annotations. A DeviceClass's name is
// checked declaratively.
void check_meta(Findings& f, const Path& root, const ObjectMeta& meta, bool declarative_name) {
  Path metadata = root.child("metadata");
  Path name = metadata.child("name");
  if (!meta.generate_name.empty()) {
    // A prefix may end in '-': its last two characters are checked as "a".
    std::string masked = meta.generate_name;
    if (masked.size() > 1 && masked.back() == '-') masked = masked.substr(0, masked.size() - 2) + "a";
    for (const std::string& m : dns1123_subdomain_errors(masked)) {
      f.fail(metadata.child("generateName"), invalid(field::go_quote(meta.generate_name), m));
    }
  }
  if (meta.name.empty() && meta.generate_name.empty()) f.fail(name, required("name or generateName is required"));
  if (!meta.name.empty()) {
    for (const std::string& m : dns1123_subdomain_errors(meta.name)) {
      if (declarative_name) f.later({0}, name, invalid(field::go_quote(meta.name), m));
      else f.fail(name, invalid(field::go_quote(meta.name), m));
    }
  }
  f.root().fields([&](std::string_view key, const Value& m) {
    if (key != "metadata") return;
    m.fields([&](std::string_view k, const Value& labels) {
      if (k == "labels") validate_labels(labels, meta.labels);
    });
  });
  check_annotations(f, metadata.child("annotations"), meta.annotations);
}

// The request policy of consumable capacity (DRAFractionalCapacityRange off: whole numbers).
void check_request_policy(const Findings& f, const Path& at, const Quantity& capacity, const RequestPolicy& p) {
  if (!p.valid_values.empty() && p.valid_range) {
    f.fail(at, forbidden("exactly one policy can be specified, cannot specify \"validValues\" and \"validRange\" at the same time"));
  }
  auto text = [](const Quantity& q) { return field::go_quote(q.to_string()); };
  if (!p.valid_values.empty()) {
    if (!p.default_) f.fail(at.child("default"), required("required when validValues is defined"));
    Path values = at.child("validValues");
    for (size_t i = 0; i + 1 < p.valid_values.size(); ++i) {
      if (p.valid_values[i].compare(p.valid_values[i + 1]) > 0) {
        f.fail(values.index(i + 1), invalid(text(p.valid_values[i + 1]), "values must be sorted in ascending order"));
      }
    }
    bool found_default = false;
    if (p.valid_values.size() > kMaxValidValues) {
      f.fail(values, too_many(p.valid_values.size(), kMaxValidValues));
    }
    for (size_t i = 0; i < p.valid_values.size(); ++i) {
      const Quantity& option = p.valid_values[i];
      if (option.compare(capacity) > 0) {
        f.fail(values.index(i), invalid(text(option), "option is larger than capacity value: " + capacity.to_string()));
      }
      if (option.compare(*p.default_) == 0) found_default = true;
    }
    std::set<int64_t> seen;
    for (size_t i = 0; i < p.valid_values.size(); ++i) {
      const int64_t key = p.valid_values[i].value();
      if (!seen.insert(key).second) f.fail(values.index(i), duplicate(field::go_quote(std::to_string(key))));
    }
    if (!found_default) f.fail(values, invalid(text(*p.default_), "default value is not valid according to the requestPolicy"));
    return;
  }
  if (!p.valid_range) return;
  if (!p.default_) f.fail(at.child("default"), required("required when validRange is defined"));
  const RequestPolicyRange& r = *p.valid_range;
  const Quantity& def = *p.default_;
  Path range = at.child("validRange");
  if (!r.min) f.fail(range.child("min"), required("required when validRange is defined"));
  const Quantity& min = *r.min;
  if (min.compare(capacity) > 0) {
    f.fail(range.child("min"), invalid(text(min), "min is larger than capacity value: " + capacity.to_string()));
  }
  if (def.compare(min) < 0) f.fail(range.child("default"), invalid(text(def), "default is less than min: " + min.to_string()));
  if (r.max) {
    if (min.compare(*r.max) > 0) f.fail(range.child("max"), invalid(text(min), "min is larger than max: " + r.max->to_string()));
    if (r.max->compare(capacity) > 0) {
      f.fail(range.child("max"), invalid(text(*r.max), "max is larger than capacity value: " + capacity.to_string()));
    }
    if (def.compare(*r.max) > 0) f.fail(range.child("default"), invalid(text(def), "default is more than max: " + r.max->to_string()));
  }
  if (!r.step) return;
  const Quantity& step = *r.step;
  if (step.sign() <= 0) f.fail(range.child("step"), invalid(text(step), "must be greater than zero"));
  Quantity one_step = min;
  one_step.add(step);
  if (one_step.compare(capacity) > 0) {
    f.fail(range.child("step"), invalid(text(step), fmt::format("one step {} is larger than capacity value: {}",
                                                                 one_step.to_string(), capacity.to_string())));
  }
  // Whole-number arithmetic needs every bound in [0, MaxInt64].
  const Quantity max_int64 = Quantity::from_int(std::numeric_limits<int64_t>::max());
  const std::pair<const Quantity*, std::string_view> bounds[] = {
      {&def, "default"}, {&min, "min"}, {r.max ? &*r.max : nullptr, "max"}, {&step, "step"}};
  for (const auto& [q, name] : bounds) {
    if (q == nullptr) continue;
    if (q->sign() < 0) f.fail(range.child(name), invalid(text(*q), "must be greater than or equal to 0"));
    if (q->compare(max_int64) > 0) f.fail(range.child(name), invalid(text(*q), "must not be larger than 9223372036854775807"));
  }
  auto on_step = [&](const Quantity& value) {
    if ((value.value() - min.value()) % step.value() != 0) {
      f.fail(range.child("step"), invalid(text(value), fmt::format("value is not a multiple of a given step ({}) from ({})",
                                                                     step.to_string(), min.to_string())));
    }
  };
  on_step(def);
  if (r.max) on_step(*r.max);
}

void check_binding_conditions(Findings& f, const Path& fields, const Order& order, const Device& d) {
  auto each = [&](std::string_view name, const std::vector<std::string>& conditions, int rank) {
    Path list = fields.child(name);
    if (conditions.size() > kMaxBindingConditions) {
      f.later(with(order, {rank}), list, too_many(conditions.size(), kMaxBindingConditions));
      return;
    }
    for (size_t i = 0; i < conditions.size(); ++i) {
      for (const std::string& m : label_key_errors(conditions[i])) f.fail(list.index(i), invalid(field::go_quote(conditions[i]), m));
    }
  };
  each("bindingConditions", d.binding_conditions, 3);
  each("bindingFailureConditions", d.binding_failure_conditions, 4);
  Path conditions = fields.child("bindingConditions");
  Path failures = fields.child("bindingFailureConditions");
  std::set<std::string_view> seen;
  for (size_t i = 0; i < d.binding_conditions.size(); ++i) {
    if (!seen.insert(d.binding_conditions[i]).second) {
      f.fail(conditions.index(i), duplicate(field::go_quote(d.binding_conditions[i])));
    }
  }
  std::set<std::string_view> seen_failures;
  for (size_t i = 0; i < d.binding_failure_conditions.size(); ++i) {
    const std::string& c = d.binding_failure_conditions[i];
    if (!seen_failures.insert(c).second) f.fail(failures.index(i), duplicate(field::go_quote(c)));
    if (seen.contains(c)) {
      f.fail(failures.index(i), invalid(field::go_quote(c), "bindingFailureConditions must not overlap with bindingConditions"));
    }
  }
  if (d.binding_conditions.empty() && !d.binding_failure_conditions.empty()) {
    f.fail(conditions, invalid("null", "bindingConditions are required to use bindingFailureConditions"));
  }
  if (d.binding_failure_conditions.empty() && !d.binding_conditions.empty()) {
    f.fail(failures, invalid("null", "bindingFailureConditions are required to use bindingConditions"));
  }
}

// A counter map's size (hand-written) and names: DNS labels, checked by hand at each key before
// v1.36, at the map in v1.36, declaratively at the map since.
void check_counters(Findings& f, const Path& at, const Order& order, const std::vector<Counter>& counters, size_t max) {
  if (counters.empty()) {
    f.later(order, at, required());
    return;
  }
  if (counters.size() > max) f.fail(at, too_many(counters.size(), max));
  const ReleaseChanges& changes = f.changes();
  for (const Counter& c : counters) {
    const std::string shown = shortened_key(c.name, kMaxLabelLength);
    Path entry = at.key(c.name, shown);
    for (const std::string& m : short_name_errors(c.name)) {
      const Problem problem = invalid(field::go_quote(c.name), m);
      if (!changes.dra_map_key_errors_at_map) f.fail(entry, problem);
      if (!changes.dra_counter_names_declarative) f.fail(at, problem, &entry);
      f.later(order, at, problem, &entry);
    }
  }
}

void check_device(Findings& f, Version version, const Path& devices, size_t index, const Device& d,
                  bool per_device_node_selection) {
  Path device = devices.index(index);
  // v1beta1 keeps all but the name under `basic`: declarative errors are pathed through it, and
  // v1.32's hand-written ones too, as its internal Device has `basic` whatever version was served.
  const bool served_basic = version == Version::V1beta1;
  const bool internal_basic = !f.changes().dra_device_fields_without_basic;
  Path basic = internal_basic ? (served_basic ? device.child("basic") : device.internal_child("basic"))
                              : device.wire_child("basic");
  const Path& at = served_basic || internal_basic ? basic : device;
  const Order order = {1, static_cast<int>(index)};

  for (const std::string& m : short_name_errors(d.name)) f.fail(device.child("name"), invalid(field::go_quote(d.name), m));
  const size_t entries = d.attributes.size() + d.capacity.size();
  if (entries > kMaxAttributesAndCapacities) {
    f.fail(device, invalid(std::to_string(entries), fmt::format("the total number of attributes and capacities must not exceed {}",
                                                                kMaxAttributesAndCapacities)));
  }
  if (d.attributes.size() > kMaxAttributeValues) {
    f.fail(device, invalid(std::to_string(d.attributes.size()),
                           fmt::format("the total number of attribute values must not exceed {}", kMaxAttributeValues)));
  }

  Path attributes = at.child("attributes");
  for (size_t i = 0; i < d.attributes.size(); ++i) {
    const auto& [name, a] = d.attributes[i];
    const std::string shown = shortened_key(name, kMaxQualifiedNameKey);
    Path entry = attributes.key(name, shown);
    check_qualified_name(f, f.changes().dra_map_key_errors_at_map ? attributes : entry, entry, name);
    if (a.string_value && a.string_value->size() > kMaxAttributeValueLength) {
      f.fail(entry.child("string"), too_long(kMaxAttributeValueLength));
    }
    if (a.version_value) {
      Path version_path = entry.child("version");
      if (!is_semver(*a.version_value)) {
        f.fail(version_path, invalid(field::go_quote(*a.version_value), "must be a string compatible with semver.org spec 2.0.0"));
      }
      if (a.version_value->size() > kMaxAttributeValueLength) f.fail(version_path, too_long(kMaxAttributeValueLength));
    }
    std::vector<std::string_view> set;
    if (a.int_value) set.push_back("int");
    if (a.bool_value) set.push_back("bool");
    if (a.string_value) set.push_back("string");
    if (a.version_value) set.push_back("version");
    if (set.empty()) {
      f.later(with(order, {0, static_cast<int>(i)}), entry, invalid("\"\"", fmt::format("must specify one of: {}", kAttributeMembers)));
    } else if (set.size() > 1) {
      f.later(with(order, {0, static_cast<int>(i)}), entry,
              invalid(field::go_quote(fmt::format("{{{}}}", fmt::join(set, ", "))),
                      fmt::format("must specify exactly one of: {}", kAttributeMembers)));
    }
  }

  Path capacity = at.child("capacity");
  const bool multiple = d.allow_multiple_allocations.value_or(false);
  for (const auto& [name, c] : d.capacity) {
    const std::string shown = shortened_key(name, kMaxQualifiedNameKey);
    Path entry = capacity.key(name, shown);
    check_qualified_name(f, f.changes().dra_map_key_errors_at_map ? capacity : entry, entry, name);
    if (!c.request_policy) continue;
    Path policy = entry.child("requestPolicy");
    if (!multiple) f.fail(policy, forbidden("allowMultipleAllocations must be true"));
    check_request_policy(f, policy, c.value, *c.request_policy);
  }

  Path taints = at.child("taints");
  if (d.taints.size() > kMaxTaints) f.fail(taints, too_many(d.taints.size(), kMaxTaints));
  for (size_t i = 0; i < d.taints.size(); ++i) {
    const DeviceTaint& t = d.taints[i];
    Path taint = taints.index(i);
    for (const std::string& m : label_key_errors(t.key)) f.fail(taint.child("key"), invalid(field::go_quote(t.key), m));
    if (!t.value.empty()) {
      for (const std::string& m : released_label_value_errors(t.value)) f.fail(taint.child("value"), invalid(field::go_quote(t.value), m));
    }
    Path effect = taint.child("effect");
    if (t.effect.empty()) {
      f.later(with(order, {2, static_cast<int>(i)}), effect, required());
    } else if (t.effect != "NoSchedule" && t.effect != "NoExecute" && t.effect != "None") {
      f.later(with(order, {2, static_cast<int>(i)}), effect,
              Problem{Problem::Kind::NotSupported, field::json_quote(t.effect), {}, {"NoExecute", "NoSchedule", "None"}});
    }
  }

  Path consumes = at.child("consumesCounters");
  if (d.consumes_counters.size() > kMaxCounterConsumptions) {
    f.later(with(order, {1, 0}), consumes, too_many(d.consumes_counters.size(), kMaxCounterConsumptions));
  } else {
    for (size_t i = 0; i < d.consumes_counters.size(); ++i) {
      const DeviceCounterConsumption& c = d.consumes_counters[i];
      Path item = consumes.index(i);
      Path set = item.child("counterSet");
      const Order item_order = with(order, {1, 2, static_cast<int>(i)});
      if (c.counter_set.empty()) f.later(with(item_order, {0}), set, required());
      for (const std::string& m : c.counter_set.empty() ? std::vector<std::string>{} : short_name_errors(c.counter_set)) {
        f.later(with(item_order, {0}), set, invalid(field::go_quote(c.counter_set), m));
      }
      check_counters(f, item.child("counters"), with(item_order, {1}), c.counters, kMaxCountersPerConsumption);
      for (size_t j = 0; j < i; ++j) {
        if (d.consumes_counters[j].counter_set == c.counter_set) {
          f.later(with(order, {1, 1, static_cast<int>(i)}), item, duplicate(json_consumption(c)));
          break;
        }
      }
    }
  }

  const bool node_fields = d.node_name || d.node_selector || d.all_nodes;
  if (per_device_node_selection) {
    std::vector<std::string_view> set;
    if (d.node_name) {
      Path node_name = at.child("nodeName");
      if (d.node_name->empty()) f.fail(node_name, invalid("\"\"", "must not be empty"));
      set.push_back("`nodeName`");
      check_node_name(f, node_name, *d.node_name);
    }
    if (d.node_selector) {
      set.push_back("`nodeSelector`");
      check_node_selector(f, at.child("nodeSelector"), *d.node_selector);
    }
    if (d.all_nodes) {
      if (!*d.all_nodes) f.fail(at.child("allNodes"), invalid("false", "must be either unset or set to true"));
      set.push_back("`allNodes`");
    }
    constexpr std::string_view kOne =
        "exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when `perDeviceNodeSelection` is set to true "
        "in the ResourceSlice spec";
    if (set.empty()) f.fail(device, required(std::string(kOne)));
    if (set.size() > 1) f.fail(device, invalid(field::go_quote(fmt::format("{{{}}}", fmt::join(set, ", "))), std::string(kOne)));
  } else if (node_fields) {
    f.fail(device, invalid("null", "`nodeName`, `nodeSelector` and `allNodes` can only be set if `perDeviceNodeSelection` is set "
                                   "to true in the ResourceSlice spec"));
  }

  check_binding_conditions(f, at, order, d);
}

// validate.ExtendedResourceName.
std::vector<std::string> extended_resource_name_errors(std::string_view name) {
  std::vector<std::string> errors;
  if (name.find('/') == std::string_view::npos) {
    errors.push_back("a name must be a domain-prefixed path, such as 'example.com/my-prop'");
  } else if (name.find("kubernetes.io/") != std::string_view::npos) {
    errors.push_back("must not have \"kubernetes.io/\" domain");
  }
  if (name.starts_with("requests.")) errors.push_back("must not have \"requests.\" prefix");
  for (std::string& m : label_key_errors(fmt::format("requests.{}", name))) errors.push_back(std::move(m));
  return errors;
}

}  // namespace

void validate_slice(const Value& root, Version version, const Slice& s) {
  Findings f(root);
  Path object;
  check_meta(f, object, s.metadata, false);
  Path spec = object.child("spec");

  check_driver_name(f, spec.child("driver"), s.driver);
  Path pool = spec.child("pool");
  check_pool_name(f, pool.child("name"), s.pool.name);
  if (s.pool.resource_slice_count <= 0) {
    f.fail(pool.child("resourceSliceCount"), invalid(std::to_string(s.pool.resource_slice_count), "must be greater than zero"));
  }
  if (s.pool.generation < 0) {
    f.fail(pool.child("generation"), invalid(std::to_string(s.pool.generation), "must be greater than or equal to zero"));
  }

  std::vector<std::string_view> set;
  if (s.node_name) {
    Path node_name = spec.child("nodeName");
    if (s.node_name->empty()) f.fail(node_name, invalid("\"\"", "must be either unset or set to a non-empty string"));
    set.push_back("`nodeName`");
    check_node_name(f, node_name, *s.node_name);
  }
  if (s.node_selector) {
    Path selector = spec.child("nodeSelector");
    set.push_back("`nodeSelector`");
    check_node_selector(f, selector, *s.node_selector);
    // One term only, so that slices' selectors merge when a claim takes devices from several.
    if (s.node_selector->node_selector_terms.size() != 1) {
      f.fail(selector.child("nodeSelectorTerms"),
             invalid(json_terms(s.node_selector->node_selector_terms), "must have exactly one node selector term"));
    }
  }
  if (s.all_nodes) {
    if (!*s.all_nodes) f.fail(spec.child("allNodes"), invalid("false", "must be either unset or set to true"));
    set.push_back("`allNodes`");
  }
  if (s.per_device_node_selection) {
    if (!*s.per_device_node_selection) {
      f.fail(spec.child("perDeviceNodeSelection"), invalid("false", "must be either unset or set to true"));
    }
    set.push_back("`perDeviceNodeSelection`");
  }
  constexpr std::string_view kOne = "exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required";
  if (set.empty()) f.fail(spec, required(std::string(kOne)));
  if (set.size() > 1) {
    f.fail(spec, invalid(field::go_quote(fmt::format("{{{}}}", fmt::join(set, ", "))),
                         fmt::format("{}, but multiple fields are set", kOne)));
  }
  if (s.shared_counters && s.devices) f.fail(spec, invalid("\"\"", "only one of `sharedCounters` or `devices` is allowed"));

  if (s.devices) {
    const std::vector<Device>& devices = *s.devices;
    const bool advanced = std::any_of(devices.begin(), devices.end(),
                                      [](const Device& d) { return !d.taints.empty() || !d.consumes_counters.empty(); });
    const size_t max = advanced ? kMaxDevicesWithAdvancedFeatures : kMaxDevices;
    Path list = spec.child("devices");
    if (devices.size() > max) f.fail(list, too_many(devices.size(), max));
    const bool per_device = s.per_device_node_selection.value_or(false);
    for (size_t i = 0; i < devices.size(); ++i) check_device(f, version, list, i, devices[i], per_device);
    std::set<std::string_view> names;
    for (size_t i = 0; i < devices.size(); ++i) {
      if (!names.insert(devices[i].name).second) f.fail(list.index(i), duplicate(field::go_quote(devices[i].name)));
    }
  }

  if (s.shared_counters) {
    const std::vector<CounterSet>& sets = *s.shared_counters;
    Path list = spec.child("sharedCounters");
    if (sets.size() > kMaxCounterSets) {
      f.later({2, 0}, list, too_many(sets.size(), kMaxCounterSets));
    } else {
      for (size_t i = 0; i < sets.size(); ++i) {
        const CounterSet& cs = sets[i];
        Path item = list.index(i);
        Path name = item.child("name");
        const Order order = {2, 2, static_cast<int>(i)};
        if (cs.name.empty()) f.later(with(order, {0}), name, required());
        for (const std::string& m : cs.name.empty() ? std::vector<std::string>{} : short_name_errors(cs.name)) {
          f.later(with(order, {0}), name, invalid(field::go_quote(cs.name), m));
        }
        check_counters(f, item.child("counters"), with(order, {1}), cs.counters, kMaxCountersPerSet);
        for (size_t j = 0; j < i; ++j) {
          if (sets[j].name == cs.name) {
            f.later({2, 1, static_cast<int>(i)}, item, duplicate(json_counter_set(cs)));
            break;
          }
        }
      }
    }
  }
  f.done();
}

thread_local const dra::SelectorFeatures* new_selectors = nullptr;

void check_selectors(const Findings& f, const Path& selectors, const std::vector<Selector>& list) {
  static const dra::SelectorFeatures kNewest;
  const dra::SelectorFeatures& features = new_selectors != nullptr ? *new_selectors : kNewest;
  for (size_t i = 0; i < list.size(); ++i) {
    const Selector& s = list[i];
    Path item = selectors.index(i);
    Path cel = item.child("cel");
    if (!s.cel_expression) f.fail(cel, required());
    Path expression = cel.child("expression");
    // Length first: a too long expression is not compiled.
    if (s.cel_expression->size() > kMaxSelectorLength) f.fail(expression, too_long(kMaxSelectorLength));
    const dra::SelectorError error = dra::new_selector_error(*s.cel_expression, features);
    if (error.internal) f.fail(expression, internal_error(error.detail));
    if (!error.empty()) f.fail(expression, invalid(field::go_quote(*s.cel_expression), error.detail));
  }
}

void check_opaque(Findings& f, const Path& config, const Order& order, Version version, const std::optional<Opaque>& opaque) {
  Path at = config.child("opaque");
  if (!opaque) f.fail(at, required());
  const Opaque& o = *opaque;
  Path driver = at.child("driver");
  if (o.driver.empty()) {
    f.later(order, driver, required());
  } else {
    auto format = [&] {
      for (const std::string& m : caseless_subdomain_errors(o.driver)) f.later(order, driver, invalid(field::go_quote(o.driver), m));
    };
    auto length = [&] {
      if (utf8_length(o.driver) > kMaxDriverName) f.later(order, driver, too_long_characters(kMaxDriverName));
    };
    // The served versions list these two rules in different orders.
    if (version == Version::V1) {
      format();
      length();
    } else {
      length();
      format();
    }
  }
  Path parameters = at.child("parameters");
  if (o.parameters == Parameters::Missing) f.fail(parameters, required());
  if (o.parameters_json.size() > kMaxOpaqueParameters) f.fail(parameters, too_long(kMaxOpaqueParameters));
  if (o.parameters == Parameters::NotObject) f.fail(parameters, invalid("\"<value omitted>\"", "must be a valid JSON object"));
}

void validate_class(const Value& root, Version version, const Class& c) {
  Findings f(root);
  Path object;
  check_meta(f, object, c.metadata, true);
  Path spec = object.child("spec");

  Path selectors = spec.child("selectors");
  if (c.selectors.size() > kMaxSelectors) {
    f.later({1}, selectors, too_many(c.selectors.size(), kMaxSelectors));
  } else {
    check_selectors(f, selectors, c.selectors);
  }

  Path configs = spec.child("config");
  if (c.config.size() > kMaxConfigs) {
    f.later({2, 0}, configs, too_many(c.config.size(), kMaxConfigs));
  } else {
    for (size_t i = 0; i < c.config.size(); ++i) {
      check_opaque(f, configs.index(i), {2, 1, static_cast<int>(i)}, version, c.config[i].opaque);
    }
  }

  if (c.extended_resource_name) {
    Path name = spec.child("extendedResourceName");
    for (const std::string& m : extended_resource_name_errors(*c.extended_resource_name)) {
      f.later({3}, name, invalid(field::go_quote(*c.extended_resource_name), m));
    }
  }
  f.done();
}

namespace {

constexpr size_t kMaxRequests = 32;
constexpr size_t kMaxSubRequests = 8;
constexpr size_t kMaxConstraints = 32;
constexpr size_t kMaxResults = 32;
constexpr size_t kMaxReservedFor = 256;
constexpr std::string_view kRequestRef =
    "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";

Problem not_supported(std::string_view value, std::vector<std::string> supported) {
  return Problem{Problem::Kind::NotSupported, field::json_quote(value), {}, std::move(supported)};
}

// A request's or subrequest's name: a DNS label (an empty one is invalid, not missing).
void check_request_name(const Findings& f, const Path& at, std::string_view name) {
  for (const std::string& m : dns1123_label_errors(name)) f.fail(at, invalid(field::go_quote(name), m));
}

void check_tolerations(Findings& f, const Path& at, const Order& order, const std::vector<DeviceToleration>& list) {
  for (size_t i = 0; i < list.size(); ++i) {
    const DeviceToleration& t = list[i];
    Path item = at.index(i);
    const Order o = with(order, {static_cast<int>(i)});
    if (!t.key.empty()) {
      for (const std::string& m : label_key_errors(t.key)) f.later(o, item.child("key"), invalid(field::go_quote(t.key), m));
    }
    if (t.op == "Exists") {
      if (!t.value.empty()) f.fail(item.child("value"), invalid(field::go_quote(t.value), "must be empty for operator `Exists`"));
    } else if (t.op == "Equal") {
      for (const std::string& m : released_label_value_errors(t.value)) f.fail(item.child("value"), invalid(field::go_quote(t.value), m));
    } else {
      f.later(o, item.child("operator"), not_supported(t.op, {"Equal", "Exists"}));
    }
    if (!t.effect.empty() && t.effect != "NoSchedule" && t.effect != "NoExecute" && t.effect != "None") {
      f.later(o, item.child("effect"), not_supported(t.effect, {"NoExecute", "NoSchedule", "None"}));
    }
  }
}

// The device fields of a request (`exactly`) or of a subrequest (`sub`: its class is checked
// declaratively).
void check_exact(Findings& f, const Path& at, const Order& order, const ExactRequest& r, bool sub) {
  Path class_name = at.child("deviceClassName");
  if (r.device_class_name.empty()) {
    if (sub) f.later(with(order, {0}), class_name, required());
    else f.fail(class_name, required());
  }
  for (const std::string& m : dns1123_subdomain_errors(r.device_class_name)) {
    if (r.device_class_name.empty()) break;
    if (sub) f.later(with(order, {0}), class_name, invalid(field::go_quote(r.device_class_name), m));
    else f.fail(class_name, invalid(field::go_quote(r.device_class_name), m));
  }
  Path selectors = at.child("selectors");
  if (r.selectors.size() > kMaxSelectors) f.later(with(order, {1}), selectors, too_many(r.selectors.size(), kMaxSelectors));
  else check_selectors(f, selectors, r.selectors);
  Path count = at.child("count");
  if (r.allocation_mode == "All") {
    if (r.count != 0) {
      f.fail(count, invalid(std::to_string(r.count), "must not be specified when allocationMode is 'All'"));
    }
  } else if (r.allocation_mode == "ExactCount") {
    if (r.count <= 0) f.fail(count, invalid(std::to_string(r.count), "must be greater than zero"));
  } else if (f.changes().dra_allocation_mode_declarative) {
    f.later(with(order, {2}), at.child("allocationMode"), not_supported(r.allocation_mode, {"All", "ExactCount"}));
  } else {
    f.fail(at.child("allocationMode"), not_supported(r.allocation_mode, {"All", "ExactCount"}));
  }
  check_tolerations(f, at.child("tolerations"), with(order, {3}), r.tolerations);
}

// The names a claim's constraints, configs and results may refer to, looked up in constant time:
// each request's (the first of a name counts), and "request/subrequest" of its subrequests.
class RequestNames {
 public:
  explicit RequestNames(const ClaimSpec& spec) {
    for (const Request& r : spec.requests) {
      if (!requests_.try_emplace(r.name, &r).second) continue;
      for (const SubRequest& sub : r.first_available) subrequests_.insert(r.name + "/" + sub.name);
    }
  }
  const Request* request(std::string_view name) const {
    auto it = requests_.find(name);
    return it == requests_.end() ? nullptr : it->second;
  }
  bool has_subrequest(std::string_view request, std::string_view sub) const {
    return subrequests_.contains(fmt::format("{}/{}", request, sub));
  }

 private:
  std::unordered_map<std::string_view, const Request*> requests_;
  std::unordered_set<std::string> subrequests_;
};

// A reference to a request ("request" or "request/subrequest") by a constraint or a config.
void check_request_ref(const Findings& f, const Path& at, const std::string& name, const RequestNames& names) {
  if (!f.changes().dra_request_ref_names_subrequests) {
    // v1.32 knows no subrequests: the whole reference is a request's name.
    check_request_name(f, at, name);
    if (names.request(name) == nullptr) f.fail(at, invalid(field::go_quote(name), "must be the name of a request in the claim"));
    return;
  }
  std::vector<std::string_view> segments;
  for (size_t start = 0;;) {
    size_t slash = name.find('/', start);
    segments.push_back(std::string_view(name).substr(start, slash - start));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  if (segments.size() > 2) f.fail(at, invalid(field::go_quote(name), std::string(kRequestRef)));
  for (std::string_view segment : segments) check_request_name(f, at, segment);
  bool found = false;
  if (const Request* r = names.request(segments[0])) {
    if (segments.size() == 1) found = true;
    // A request without subrequests has no "request/sub" name.
    else found = !r->first_available.empty() && names.has_subrequest(segments[0], segments[1]);
  }
  if (!found) f.fail(at, invalid(field::go_quote(name), std::string(kRequestRef)));
}

void check_refs(Findings& f, const Path& at, const Order& order, const std::vector<std::string>& refs,
                const RequestNames& names) {
  std::unordered_set<std::string_view> seen;
  for (size_t i = 0; i < refs.size(); ++i) {
    check_request_ref(f, at.index(i), refs[i], names);
    if (!seen.insert(refs[i]).second) {
      f.later(with(order, {static_cast<int>(i)}), at.index(i), duplicate(field::go_quote(refs[i])));
    }
  }
}

void check_claim_spec(Findings& f, Version version, const Path& spec_path, const Order& order, const ClaimSpec& spec) {
  Path devices = spec_path.child("devices");
  Path requests = devices.child("requests");
  if (spec.requests.size() > kMaxRequests) f.later(with(order, {0}), requests, too_many(spec.requests.size(), kMaxRequests));
  std::unordered_set<std::string_view> request_names;
  for (size_t i = 0; i < spec.requests.size(); ++i) {
    const Request& r = spec.requests[i];
    Path request = requests.index(i);
    const Order request_order = with(order, {1, static_cast<int>(i)});
    check_request_name(f, request.child("name"), r.name);
    const bool both = r.exactly && !r.first_available.empty();
    if (!r.exactly && r.first_available.empty()) {
      f.fail(request, required("exactly one of `exactly` or `firstAvailable` is required"));
    } else if (both) {
      f.fail(request, invalid("null", "exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set"));
    } else if (r.exactly) {
      Path exactly = version == Version::V1beta1 ? request.internal_child("exactly") : request.child("exactly");
      // v1.32's internal request holds the device fields itself.
      const Path& fields = f.changes().dra_internal_requests_have_exactly || version != Version::V1beta1 ? exactly : request;
      check_exact(f, fields, with(request_order, {0}), *r.exactly, false);
    } else {
      Path first = request.child("firstAvailable");
      if (r.first_available.size() > kMaxSubRequests) {
        f.later(with(request_order, {1}), first, too_many(r.first_available.size(), kMaxSubRequests));
      }
      std::unordered_set<std::string_view> sub_names;
      for (size_t j = 0; j < r.first_available.size(); ++j) {
        const SubRequest& sub = r.first_available[j];
        Path item = first.index(j);
        check_request_name(f, item.child("name"), sub.name);
        check_exact(f, item, with(request_order, {2, static_cast<int>(j)}), sub.spec, true);
        if (!sub_names.insert(sub.name).second) {
          f.later(with(request_order, {3, static_cast<int>(j)}), item, duplicate(field::go_quote(sub.name)));
        }
      }
    }
    if (!request_names.insert(r.name).second) {
      // v1.37's beta uniqueness rule shows the whole request; the hand-written one its name.
      // Until v1.34 the hand-written error is pathed at the request's name.
      const Path name = request.child("name");
      f.later(with(order, {2, static_cast<int>(i)}), f.changes().dra_request_duplicate_at_name ? name : request,
              duplicate(f.changes().dra_request_duplicate_shows_request ? json_request(version, r) : field::go_quote(r.name)));
    }
  }
  const RequestNames names(spec);

  Path constraints = devices.child("constraints");
  if (spec.constraints.size() > kMaxConstraints) {
    f.later(with(order, {3}), constraints, too_many(spec.constraints.size(), kMaxConstraints));
  }
  for (size_t i = 0; i < spec.constraints.size(); ++i) {
    const DeviceConstraint& c = spec.constraints[i];
    Path constraint = constraints.index(i);
    const Order constraint_order = with(order, {4, static_cast<int>(i)});
    check_refs(f, constraint.child("requests"), with(constraint_order, {0}), c.requests, names);
    if (c.match_attribute) {
      Path at = constraint.child("matchAttribute");
      const std::string& name = *c.match_attribute;
      if (name.find('/') == std::string::npos) {
        f.later(with(constraint_order, {1}), at, invalid(field::go_quote(name), "must include a domain"));
      } else {
        check_qualified_name(f, at, at, name);
      }
    } else if (c.distinct_attribute) {
      Path at = constraint.child("distinctAttribute");
      const std::string& name = *c.distinct_attribute;
      if (name.find('/') == std::string::npos) f.fail(at, invalid(field::go_quote(name), "must include a domain"));
      check_qualified_name(f, at, at, name);
    } else {
      f.fail(constraint, required("exactly one of \"matchAttribute\" or \"distinctAttribute\" is required, but multiple fields are set"));
    }
  }

  Path configs = devices.child("config");
  if (spec.config.size() > kMaxConfigs) f.later(with(order, {5}), configs, too_many(spec.config.size(), kMaxConfigs));
  for (size_t i = 0; i < spec.config.size(); ++i) {
    Path config = configs.index(i);
    const Order config_order = with(order, {6, static_cast<int>(i)});
    check_refs(f, config.child("requests"), with(config_order, {0}), spec.config[i].requests, names);
    check_opaque(f, config, with(config_order, {1}), version, spec.config[i].opaque);
  }
}

// ValidateObjectMeta of a namespaced object named as a DNS subdomain.
void check_namespaced_meta(Findings& f, const ObjectMeta& meta) {
  check_meta(f, Path(), meta, false);
}

}  // namespace

NewSelectorScope::NewSelectorScope(const dra::SelectorFeatures& features) : previous_(new_selectors) {
  new_selectors = &features;
}
NewSelectorScope::~NewSelectorScope() { new_selectors = previous_; }

void validate_claim(const Value& root, Version version, const ObjectMeta& metadata, const ClaimSpec& spec) {
  Findings f(root);
  check_namespaced_meta(f, metadata);
  Path object;
  check_claim_spec(f, version, object.child("spec"), {1}, spec);
  f.done();
}

void validate_claim_status(const Value& root, const ClaimSpec& spec, const std::optional<AllocationResult>& allocation,
                           const std::vector<ResourceClaimConsumerReference>& reserved_for) {
  Findings f(root);
  Path object;
  Path status = object.child("status");
  Path reserved = status.child("reservedFor");
  for (size_t i = 0; i < reserved_for.size(); ++i) {
    const ResourceClaimConsumerReference& r = reserved_for[i];
    Path item = reserved.index(i);
    if (r.resource.empty()) f.fail(item.child("resource"), required());
    if (r.name.empty()) f.fail(item.child("name"), required());
    if (r.uid.empty()) reject_missing_from_stored(f.error(item.child("uid"), required()), "ResourceClaim");
  }
  if (reserved_for.size() > kMaxReservedFor) f.fail(reserved, too_many(reserved_for.size(), kMaxReservedFor));
  for (size_t i = 0; i < reserved_for.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      // Entries read without their uid (a trimmed input) are told apart by nothing.
      if (!reserved_for[i].uid.empty() && reserved_for[j].uid == reserved_for[i].uid) {
        f.fail(reserved.index(i).child("uid"), duplicate(field::go_quote(reserved_for[i].uid)));
      }
    }
  }
  if (!reserved_for.empty() && !allocation) f.fail(reserved, forbidden("may not be specified when `allocated` is not set"));
  if (!allocation) return;

  Path at = status.child("allocation");
  Path devices = at.child("devices");
  Path results = devices.child("results");
  const RequestNames names(spec);
  for (size_t i = 0; i < allocation->results.size(); ++i) {
    const DeviceRequestAllocationResult& r = allocation->results[i];
    Path item = results.index(i);
    check_request_ref(f, item.child("request"), r.request, names);
    check_driver_name(f, item.child("driver"), r.driver);
    check_pool_name(f, item.child("pool"), r.pool);
    for (const std::string& m : dns1123_label_errors(r.device)) {
      f.fail(item.child("device"), invalid(field::go_quote(r.device), m));
    }
  }
  if (allocation->results.size() > kMaxResults) f.fail(results, too_many(allocation->results.size(), kMaxResults));
  Path configs = devices.child("config");
  for (size_t i = 0; i < allocation->config.size(); ++i) {
    const DeviceAllocationConfiguration& c = allocation->config[i];
    Path item = configs.index(i);
    Path source = item.child("source");
    if (c.source.empty()) f.fail(source, required());
    if (c.source != "FromClaim" && c.source != "FromClass") {
      f.fail(source, not_supported(c.source, {"FromClaim", "FromClass"}));
    }
    Path requests = item.child("requests");
    for (size_t j = 0; j < c.requests.size(); ++j) check_request_ref(f, requests.index(j), c.requests[j], names);
  }
  // Class and claim configuration together.
  if (allocation->config.size() > 2 * kMaxConfigs) f.fail(configs, too_many(allocation->config.size(), 2 * kMaxConfigs));
  if (allocation->node_selector) check_node_selector(f, at.child("nodeSelector"), *allocation->node_selector);
}

void validate_claim_template(const Value& root, Version version, const ObjectMeta& metadata, const ObjectMeta& claim_metadata,
                             const ClaimSpec& spec) {
  Findings f(root);
  check_namespaced_meta(f, metadata);
  Path object;
  Path spec_path = object.child("spec");
  // The created claim's annotations, then labels: checked as a pod template's are.
  Path claim_meta = spec_path.child("metadata");
  check_annotations(f, claim_meta.child("annotations"), claim_metadata.annotations);
  root.fields([&](std::string_view key, const Value& s) {
    if (key != "spec") return;
    s.fields([&](std::string_view k, const Value& m) {
      if (k != "metadata") return;
      m.fields([&](std::string_view mk, const Value& labels) {
        if (mk == "labels") validate_labels(labels, claim_metadata.labels);
      });
    });
  });
  check_claim_spec(f, version, spec_path.child("spec"), {1}, spec);
  f.done();
}

void validate_taint_rule(const Value& root, const DeviceTaintRule& rule, const std::vector<Selector>& selectors) {
  Findings f(root);
  Path object;
  check_meta(f, object, rule.metadata, false);
  Path spec = object.child("spec");
  Path selector = spec.child("deviceSelector");
  if (!rule.device_class_name.empty()) {
    for (const std::string& m : dns1123_subdomain_errors(rule.device_class_name)) {
      f.fail(selector.child("deviceClassName"), invalid(field::go_quote(rule.device_class_name), m));
    }
  }
  if (!rule.driver.empty()) check_driver_name(f, selector.child("driver"), rule.driver);
  if (!rule.pool.empty()) {
    for (size_t start = 0;;) {
      size_t slash = rule.pool.find('/', start);
      std::string_view part = std::string_view(rule.pool).substr(start, slash - start);
      for (const std::string& m : dns1123_subdomain_errors(part)) f.fail(selector.child("pool"), invalid(field::go_quote(part), m));
      if (slash == std::string::npos) break;
      start = slash + 1;
    }
  }
  if (!rule.device.empty()) {
    for (const std::string& m : dns1123_label_errors(rule.device)) {
      f.fail(selector.child("device"), invalid(field::go_quote(rule.device), m));
    }
  }
  Path selector_list = selector.child("selectors");
  if (selectors.size() > kMaxSelectors) f.fail(selector_list, too_many(selectors.size(), kMaxSelectors));
  else check_selectors(f, selector_list, selectors);
  Path taint = spec.child("taint");
  const DeviceTaint& t = rule.taint;
  for (const std::string& m : label_key_errors(t.key)) f.fail(taint.child("key"), invalid(field::go_quote(t.key), m));
  if (!t.value.empty()) {
    for (const std::string& m : released_label_value_errors(t.value)) f.fail(taint.child("value"), invalid(field::go_quote(t.value), m));
  }
  if (t.effect.empty()) {
    f.later({2}, taint.child("effect"), required());
  } else if (t.effect != "NoSchedule" && t.effect != "NoExecute" && t.effect != "None") {
    f.later({2}, taint.child("effect"), not_supported(t.effect, {"NoExecute", "NoSchedule", "None"}));
  }
  f.done();
}

}  // namespace podfit::resource_wire
