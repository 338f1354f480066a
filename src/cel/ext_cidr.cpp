// Kubernetes' CIDR library: net.CIDR values parsed as Go's netip parses prefixes (host bits
// kept), with containment of addresses and subnets, masking and the prefix's parts.
#include "gonet.h"
#include "internal.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;

constexpr std::string_view kCIDRType = "net.CIDR";
constexpr std::string_view kParseError = "network address parse error during conversion from string: ";

class CIDRValue : public OpaqueValue {
 public:
  explicit CIDRValue(gonet::Prefix p) : p_(std::move(p)) {}
  std::string_view type_name() const override { return kCIDRType; }
  bool equals(const OpaqueValue& o) const override { return p_ == static_cast<const CIDRValue&>(o).p_; }
  std::string debug_string() const override { return gonet::to_string(p_); }
  const gonet::Prefix& prefix() const { return p_; }

 private:
  gonet::Prefix p_;
};

const gonet::Prefix& prefix(const Value& v) { return static_cast<const CIDRValue&>(v.as_opaque()).prefix(); }
Value cidr_value(gonet::Prefix p) { return Value::opaque(std::make_shared<CIDRValue>(std::move(p))); }

// cidr()'s result: Go's ParsePrefix with IPv4-mapped addresses refused. Kubernetes puts its
// context in front of the parser's message twice.
Value string_to_cidr(std::string_view s) {
  std::string perr;
  auto p = gonet::parse_prefix(s, perr);
  if (!p) return Value::error(std::string(kParseError) + std::string(kParseError) + perr);
  if (p->addr.is4in6())
    return Value::error(std::string(kParseError) + "IPv4-mapped IPv6 address " + gonet::quote(s) + " is not allowed");
  return cidr_value(std::move(*p));
}

bool contains_cidr(const gonet::Prefix& p, const gonet::Prefix& o) { return gonet::overlaps(p, o) && p.bits <= o.bits; }

}  // namespace

std::uint64_t cidr_size(const Value& v) { return static_cast<std::uint64_t>((prefix(v).bits + 7) / 8); }

void add_cidr_library(Env& env) {
  Type cidr = Type::opaque(std::string(kCIDRType));
  Type ip = Type::opaque(std::string(kIPType));
  Type s = T("string"), b = T("bool");
  env.add_type(std::string(kCIDRType), cidr);
  env.add_function("cidr", {own_cost(make_overload("string_to_cidr", {s}, cidr, [](Args a, EvalContext& c) {
                     if (!c.add_cost(traversal_cost(utf8_length(a[0].as_string())))) return cost_limit_error();
                     return string_to_cidr(a[0].as_string());
                   }))});
  env.add_function("isCIDR", {own_cost(make_overload("is_cidr", {s}, b, [](Args a, EvalContext& c) {
                     if (!c.add_cost(traversal_cost(utf8_length(a[0].as_string())))) return cost_limit_error();
                     return Value::boolean(!string_to_cidr(a[0].as_string()).is_error());
                   }))});
  // Comparing up to the prefix's bytes twice, plus parsing a text argument.
  env.add_function("containsIP", {
      own_cost(make_overload("cidr_contains_ip_string", {cidr, s}, b, [](Args a, EvalContext& c) {
        if (!c.add_cost(traversal_cost(2 * cidr_size(a[0])) + traversal_cost(utf8_length(a[1].as_string())))) return cost_limit_error();
        Value addr = string_to_ip(a[1].as_string());
        // An unparsable address is reported as Kubernetes does: as no overload.
        if (addr.is_error()) return Value::error("no such overload");
        return Value::boolean(gonet::contains(prefix(a[0]), ip_addr(addr)));
      }, true)),
      own_cost(make_overload("cidr_contains_ip_ip", {cidr, ip}, b, [](Args a, EvalContext& c) {
        if (!c.add_cost(traversal_cost(2 * cidr_size(a[0])))) return cost_limit_error();
        return Value::boolean(gonet::contains(prefix(a[0]), ip_addr(a[1])));
      }, true)),
  });
  // As containsIP, plus masking the receiver and comparing prefix lengths.
  env.add_function("containsCIDR", {
      own_cost(make_overload("cidr_contains_cidr_string", {cidr, s}, b, [](Args a, EvalContext& c) {
        std::uint64_t n = cidr_size(a[0]);
        if (!c.add_cost(traversal_cost(2 * n) + traversal_cost(n) + 1 + traversal_cost(utf8_length(a[1].as_string())))) return cost_limit_error();
        Value other = string_to_cidr(a[1].as_string());
        if (other.is_error()) return other;
        return Value::boolean(contains_cidr(prefix(a[0]), prefix(other)));
      }, true)),
      own_cost(make_overload("cidr_contains_cidr", {cidr, cidr}, b, [](Args a, EvalContext& c) {
        std::uint64_t n = cidr_size(a[0]);
        if (!c.add_cost(traversal_cost(2 * n) + traversal_cost(n) + 1)) return cost_limit_error();
        return Value::boolean(contains_cidr(prefix(a[0]), prefix(a[1])));
      }, true)),
  });
  env.add_function("ip", {make_overload("cidr_ip", {cidr}, ip, [](Args a, EvalContext&) {
                     return ip_value(prefix(a[0]).addr);
                   }, true)});
  env.add_function("prefixLength", {make_overload("cidr_prefix_length", {cidr}, T("int"), [](Args a, EvalContext&) {
                     return Value::int_(prefix(a[0]).bits);
                   }, true)});
  env.add_function("masked", {make_overload("cidr_masked", {cidr}, cidr, [](Args a, EvalContext&) {
                     return cidr_value(gonet::masked(prefix(a[0])));
                   }, true)});
  env.add_function("string", {make_overload("cidr_to_string", {cidr}, s, [](Args a, EvalContext&) {
                     return Value::string(gonet::to_string(prefix(a[0])));
                   })});
}

}  // namespace podfit::cel
