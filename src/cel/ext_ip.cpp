// Kubernetes' IP library: net.IP values parsed as Go's netip parses them, without zones or
// IPv4-mapped IPv6 forms, with their family, kind predicates and canonical text.
#include "gonet.h"
#include "internal.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;

class IPValue : public OpaqueValue {
 public:
  explicit IPValue(gonet::Addr a) : a_(std::move(a)) {}
  std::string_view type_name() const override { return kIPType; }
  bool equals(const OpaqueValue& o) const override { return a_ == static_cast<const IPValue&>(o).a_; }
  std::string debug_string() const override { return gonet::to_string(a_); }
  const gonet::Addr& addr() const { return a_; }

 private:
  gonet::Addr a_;
};

// The library's parse: Go's ParseAddr, then zones and IPv4-mapped addresses refused.
std::optional<gonet::Addr> parse(std::string_view s, std::string& err) {
  std::string perr;
  auto a = gonet::parse_addr(s, perr);
  if (!a) {
    err = "IP Address " + gonet::quote(s) + " parse error during conversion from string: " + perr;
    return std::nullopt;
  }
  if (!a->zone.empty()) {
    err = "IP address " + gonet::quote(s) + " with zone value is not allowed";
    return std::nullopt;
  }
  if (a->is4in6()) {
    err = "IPv4-mapped IPv6 address " + gonet::quote(s) + " is not allowed";
    return std::nullopt;
  }
  return a;
}

std::uint64_t runes(const Value& s) { return utf8_length(s.as_string()); }

}  // namespace

Value ip_value(const gonet::Addr& a) { return Value::opaque(std::make_shared<IPValue>(a)); }
const gonet::Addr& ip_addr(const Value& v) { return static_cast<const IPValue&>(v.as_opaque()).addr(); }

Value string_to_ip(std::string_view s) {
  std::string err;
  auto a = parse(s, err);
  if (!a) return Value::error(err);
  return ip_value(*a);
}

void add_ip_library(Env& env) {
  Type ip = Type::opaque(std::string(kIPType));
  Type s = T("string"), b = T("bool");
  env.add_type(std::string(kIPType), ip);
  env.add_function("ip", {own_cost(make_overload("string_to_ip", {s}, ip, [](Args a, EvalContext& c) {
                     if (!c.add_cost(traversal_cost(runes(a[0])))) return cost_limit_error();
                     return string_to_ip(a[0].as_string());
                   }))});
  env.add_function("isIP", {own_cost(make_overload("is_ip", {s}, b, [](Args a, EvalContext& c) {
                     if (!c.add_cost(traversal_cost(runes(a[0])))) return cost_limit_error();
                     std::string err;
                     return Value::boolean(parse(a[0].as_string(), err).has_value());
                   }))});
  // Parsing and comparing with the text again: twice a traversal.
  env.add_function("ip.isCanonical", {own_cost(make_overload("ip_is_canonical", {s}, b, [](Args a, EvalContext& c) {
                     if (!c.add_cost(traversal_cost(2 * runes(a[0])))) return cost_limit_error();
                     std::string err;
                     auto addr = parse(a[0].as_string(), err);
                     if (!addr) return Value::error(err);
                     return Value::boolean(gonet::to_string(*addr) == a[0].as_string());
                   }))});
  env.add_function("family", {make_overload("ip_family", {ip}, T("int"), [](Args a, EvalContext&) {
                     return Value::int_(ip_addr(a[0]).is4 ? 4 : 6);
                   }, true)});
  auto predicate = [&](const char* name, const char* id, bool (*f)(const gonet::Addr&)) {
    env.add_function(name, {make_overload(id, {ip}, b, [f](Args a, EvalContext&) {
                       return Value::boolean(f(ip_addr(a[0])));
                     }, true)});
  };
  predicate("isUnspecified", "ip_is_unspecified", gonet::is_unspecified);
  predicate("isLoopback", "ip_is_loopback", gonet::is_loopback);
  predicate("isLinkLocalMulticast", "ip_is_link_local_multicast", gonet::is_link_local_multicast);
  predicate("isLinkLocalUnicast", "ip_is_link_local_unicast", gonet::is_link_local_unicast);
  predicate("isGlobalUnicast", "ip_is_global_unicast", gonet::is_global_unicast);
  env.add_function("string", {make_overload("ip_to_string", {ip}, s, [](Args a, EvalContext&) {
                     return Value::string(gonet::to_string(ip_addr(a[0])));
                   })});
}

}  // namespace podfit::cel
