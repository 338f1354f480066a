// Go's rules that Kubernetes' URL, IP, CIDR and format libraries inherit from the Go standard
// library: strconv.Quote for error texts, net/netip addresses and prefixes, net/url parsing.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace podfit::cel::gonet {

// Go's strconv.Quote: a double-quoted literal with Go's escapes.
std::string quote(std::string_view s);

// An IPv4 or IPv6 address as netip.Addr holds it: 16 bytes, IPv4 as ::ffff:a.b.c.d.
struct Addr {
  std::array<std::uint8_t, 16> b{};
  bool is4 = false;
  std::string zone;  // IPv6 only
  bool operator==(const Addr&) const = default;
  bool is4in6() const;
  int bit_len() const { return is4 ? 32 : 128; }
};

// netip.ParseAddr; on failure err is its message ("ParseAddr(\"x\"): ...").
std::optional<Addr> parse_addr(std::string_view s, std::string& err);
// netip.Addr.String: dotted quad, RFC 5952 text, "::ffff:" form, zone after '%'.
std::string to_string(const Addr& a);
bool is_unspecified(const Addr& a);
bool is_loopback(const Addr& a);
bool is_link_local_multicast(const Addr& a);
bool is_link_local_unicast(const Addr& a);
bool is_global_unicast(const Addr& a);

// netip.Prefix: an address (without zone) and a prefix length; host bits are kept.
struct Prefix {
  Addr addr;
  int bits = 0;
  bool operator==(const Prefix&) const = default;
};

// netip.ParsePrefix; on failure err is its message ("netip.ParsePrefix(\"x\"): ...").
std::optional<Prefix> parse_prefix(std::string_view s, std::string& err);
std::string to_string(const Prefix& p);
Prefix masked(const Prefix& p);
bool contains(const Prefix& p, const Addr& a);
bool overlaps(const Prefix& p, const Prefix& o);

// A URL as net/url.URL holds it.
struct Url {
  std::string scheme, opaque, host, path, raw_path, raw_query, fragment, raw_fragment;
  bool has_user = false, password_set = false;
  std::string username, password;
  bool force_query = false, omit_host = false;
};

// url.ParseRequestURI and url.Parse; on failure err is the *url.Error text
// ("parse \"x\": reason").
std::optional<Url> parse_request_uri(std::string_view raw, std::string& err);
std::optional<Url> parse_url(std::string_view raw, std::string& err);
// URL.String, EscapedPath, Hostname, Port.
std::string to_string(const Url& u);
std::string escaped_path(const Url& u);
std::string hostname(const Url& u);
std::string port(const Url& u);
// URL.Query: each key with its values, keys in order of first appearance; malformed pairs are
// dropped as Go drops them.
std::vector<std::pair<std::string, std::vector<std::string>>> query(const Url& u);

}  // namespace podfit::cel::gonet
