// Go's net/url as Kubernetes' URL library and uri format see it (Go 1.26): ParseRequestURI and
// Parse with their error texts, String, EscapedPath, Hostname, Port and Query.
#include <algorithm>

#include "gonet.h"

namespace podfit::cel::gonet {
namespace {

enum class Mode { Path, PathSegment, Host, Zone, UserPassword, QueryComponent, Fragment };

constexpr char kUpperHex[] = "0123456789ABCDEF";

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
int unhex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}
bool alnum(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// Whether a byte must be percent-encoded in the given part of a URL (Go's shouldEscape).
bool should_escape(unsigned char c, Mode m) {
  if (alnum(c)) return false;
  if (m == Mode::Host || m == Mode::Zone) {
    switch (c) {
      case '!': case '$': case '&': case '\'': case '(': case ')': case '*': case '+': case ',': case ';':
      case '=': case ':': case '[': case ']': case '<': case '>': case '"':
        return false;
      default: break;
    }
  }
  switch (c) {
    case '-': case '_': case '.': case '~': return false;
    case '$': case '&': case '+': case ',': case '/': case ':': case ';': case '=': case '?': case '@':
      switch (m) {
        case Mode::Path: return c == '?';
        case Mode::PathSegment: return c == '/' || c == ';' || c == ',' || c == '?';
        case Mode::UserPassword: return c == '@' || c == '/' || c == '?' || c == ':';
        case Mode::QueryComponent: return true;
        case Mode::Fragment: return false;
        default: break;
      }
      break;
    default: break;
  }
  if (m == Mode::Fragment && (c == '!' || c == '(' || c == ')' || c == '*')) return false;
  return true;
}

// Decodes %XX escapes (and '+' in query components); errors are Go's EscapeError and
// InvalidHostError texts.
std::optional<std::string> unescape(std::string_view s, Mode m, std::string& err) {
  for (std::size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c == '%') {
      if (i + 2 >= s.size() || !is_hex(s[i + 1]) || !is_hex(s[i + 2])) {
        err = "invalid URL escape " + quote(s.substr(i, 3));
        return std::nullopt;
      }
      std::string_view esc = s.substr(i, 3);
      // Hosts may escape only non-ASCII bytes, and %25 (a zone's percent sign).
      if (m == Mode::Host && unhex(s[i + 1]) < 8 && esc != "%25") {
        err = "invalid URL escape " + quote(esc);
        return std::nullopt;
      }
      if (m == Mode::Zone) {
        auto v = static_cast<unsigned char>(unhex(s[i + 1]) << 4 | unhex(s[i + 2]));
        if (esc != "%25" && v != ' ' && should_escape(v, Mode::Host)) {
          err = "invalid URL escape " + quote(esc);
          return std::nullopt;
        }
      }
      i += 3;
    } else {
      if ((m == Mode::Host || m == Mode::Zone) && c < 0x80 && should_escape(c, m)) {
        err = "invalid character " + quote(s.substr(i, 1)) + " in host name";
        return std::nullopt;
      }
      ++i;
    }
  }
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%') {
      out += static_cast<char>(unhex(s[i + 1]) << 4 | unhex(s[i + 2]));
      i += 2;
    } else if (s[i] == '+' && m == Mode::QueryComponent) {
      out += ' ';
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string escape(std::string_view s, Mode m) {
  std::string out;
  out.reserve(s.size());
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (c == ' ' && m == Mode::QueryComponent) {
      out += '+';
    } else if (should_escape(c, m)) {
      out += '%';
      out += kUpperHex[c >> 4];
      out += kUpperHex[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

// "" or ':' followed by digits only.
bool valid_optional_port(std::string_view p) {
  if (p.empty()) return true;
  if (p[0] != ':') return false;
  return std::all_of(p.begin() + 1, p.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool valid_encoded(std::string_view s, Mode m) {
  for (char ch : s) {
    switch (ch) {
      case '!': case '$': case '&': case '\'': case '(': case ')': case '*': case '+': case ',': case ';':
      case '=': case ':': case '@': case '[': case ']': case '%':
        continue;
      default:
        if (should_escape(static_cast<unsigned char>(ch), m)) return false;
    }
  }
  return true;
}

// RFC 3986 userinfo characters, plus '@' which Go tolerates; any non-ASCII byte is refused.
bool valid_userinfo(std::string_view s) {
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (alnum(c)) continue;
    switch (c) {
      case '-': case '.': case '_': case ':': case '~': case '!': case '$': case '&': case '\'': case '(':
      case ')': case '*': case '+': case ',': case ';': case '=': case '%': case '@':
        continue;
      default: return false;
    }
  }
  return true;
}

std::optional<std::string> parse_host(std::string_view scheme, std::string_view host, std::string& err) {
  auto open = host.rfind('[');
  if (open != std::string_view::npos && open > 0) {
    err = "invalid IP-literal";
    return std::nullopt;
  }
  if (open == 0) {
    auto close = host.rfind(']');
    if (close == std::string_view::npos) {
      err = "missing ']' in host";
      return std::nullopt;
    }
    std::string_view colon_port = host.substr(close + 1);
    if (!valid_optional_port(colon_port)) {
      err = "invalid port " + quote(colon_port) + " after host";
      return std::nullopt;
    }
    auto port = unescape(colon_port, Mode::Host, err);
    if (!port) return std::nullopt;
    std::string_view name = host.substr(1, close - 1);
    std::string text;
    if (auto zone = name.find("%25"); zone != std::string_view::npos) {
      auto h = unescape(name.substr(0, zone), Mode::Host, err);
      if (!h) return std::nullopt;
      auto z = unescape(name.substr(zone), Mode::Zone, err);
      if (!z) return std::nullopt;
      text = *h + *z;
    } else {
      auto h = unescape(name, Mode::Host, err);
      if (!h) return std::nullopt;
      text = *h;
    }
    // Brackets hold IPv6 addresses only.
    std::string aerr;
    auto addr = parse_addr(text, aerr);
    if (!addr) {
      err = "invalid host: " + aerr;
      return std::nullopt;
    }
    if (addr->is4) {
      err = "invalid IP-literal";
      return std::nullopt;
    }
    return "[" + text + "]" + *port;
  }
  if (auto first = host.find(':'); first != std::string_view::npos) {
    // Go 1.26 starts the port at the first colon for http and https, at the last otherwise.
    auto at = first;
    if (scheme != "http" && scheme != "https") at = host.rfind(':');
    std::string_view colon_port = host.substr(at);
    if (!valid_optional_port(colon_port)) {
      err = "invalid port " + quote(colon_port) + " after host";
      return std::nullopt;
    }
  }
  return unescape(host, Mode::Host, err);
}

bool parse_authority(Url& u, std::string_view authority, std::string& err) {
  auto at = authority.rfind('@');
  auto host = parse_host(u.scheme, at == std::string_view::npos ? authority : authority.substr(at + 1), err);
  if (!host) return false;
  u.host = std::move(*host);
  if (at == std::string_view::npos) return true;
  std::string_view info = authority.substr(0, at);
  if (!valid_userinfo(info)) {
    err = "net/url: invalid userinfo";
    return false;
  }
  u.has_user = true;
  auto colon = info.find(':');
  auto name = unescape(info.substr(0, colon), Mode::UserPassword, err);
  if (!name) return false;
  u.username = std::move(*name);
  if (colon != std::string_view::npos) {
    auto pass = unescape(info.substr(colon + 1), Mode::UserPassword, err);
    if (!pass) return false;
    u.password = std::move(*pass);
    u.password_set = true;
  }
  return true;
}

bool set_path(Url& u, std::string_view p, std::string& err) {
  auto path = unescape(p, Mode::Path, err);
  if (!path) return false;
  u.path = std::move(*path);
  u.raw_path = escape(u.path, Mode::Path) == p ? std::string() : std::string(p);
  return true;
}

bool set_fragment(Url& u, std::string_view f, std::string& err) {
  auto frag = unescape(f, Mode::Fragment, err);
  if (!frag) return false;
  u.fragment = std::move(*frag);
  u.raw_fragment = escape(u.fragment, Mode::Fragment) == f ? std::string() : std::string(f);
  return true;
}

// The scheme before the first ':', if the text starts with one ([a-zA-Z][a-zA-Z0-9+-.]*).
bool split_scheme(std::string_view raw, std::string_view& scheme, std::string_view& rest, std::string& err) {
  scheme = {};
  rest = raw;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    auto c = static_cast<unsigned char>(raw[i]);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) continue;
    if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.') {
      if (i == 0) return true;
      continue;
    }
    if (c == ':') {
      if (i == 0) {
        err = "missing protocol scheme";
        return false;
      }
      scheme = raw.substr(0, i);
      rest = raw.substr(i + 1);
    }
    return true;
  }
  return true;
}

bool parse_into(Url& u, std::string_view raw, bool via_request, std::string& err) {
  if (std::any_of(raw.begin(), raw.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; })) {
    err = "net/url: invalid control character in URL";
    return false;
  }
  if (raw.empty() && via_request) {
    err = "empty url";
    return false;
  }
  if (raw == "*") {
    u.path = "*";
    return true;
  }
  std::string_view scheme, rest;
  if (!split_scheme(raw, scheme, rest, err)) return false;
  u.scheme = std::string(scheme);
  std::transform(u.scheme.begin(), u.scheme.end(), u.scheme.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; });
  if (!rest.empty() && rest.back() == '?' && std::count(rest.begin(), rest.end(), '?') == 1) {
    u.force_query = true;
    rest.remove_suffix(1);
  } else if (auto q = rest.find('?'); q != std::string_view::npos) {
    u.raw_query = std::string(rest.substr(q + 1));
    rest = rest.substr(0, q);
  }
  bool rooted = !rest.empty() && rest[0] == '/';
  if (!rooted) {
    if (!u.scheme.empty()) {
      u.opaque = std::string(rest);
      return true;
    }
    if (via_request) {
      err = "invalid URI for request";
      return false;
    }
    // A relative path's first segment must not look like a scheme.
    if (rest.substr(0, rest.find('/')).find(':') != std::string_view::npos) {
      err = "first path segment in URL cannot contain colon";
      return false;
    }
  }
  bool two_slashes = rest.substr(0, 2) == "//";
  if ((!u.scheme.empty() || (!via_request && rest.substr(0, 3) != "///")) && two_slashes) {
    std::string_view authority = rest.substr(2);
    rest = {};
    if (auto slash = authority.find('/'); slash != std::string_view::npos) {
      rest = authority.substr(slash);
      authority = authority.substr(0, slash);
    }
    if (!parse_authority(u, authority, err)) return false;
  } else if (!u.scheme.empty() && rooted) {
    u.omit_host = true;
  }
  return set_path(u, rest, err);
}

std::string url_error(std::string_view url, const std::string& reason) { return "parse " + quote(url) + ": " + reason; }

// Host and port of a host[:port] text; the port only when it is numeric.
std::pair<std::string_view, std::string_view> split_host_port(std::string_view hp) {
  std::string_view host = hp, port;
  auto colon = host.rfind(':');
  if (colon != std::string_view::npos && valid_optional_port(host.substr(colon))) {
    port = host.substr(colon + 1);
    host = host.substr(0, colon);
  }
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  return {host, port};
}

std::string escaped_fragment(const Url& u) {
  if (!u.raw_fragment.empty() && valid_encoded(u.raw_fragment, Mode::Fragment)) {
    std::string err;
    auto f = unescape(u.raw_fragment, Mode::Fragment, err);
    if (f && *f == u.fragment) return u.raw_fragment;
  }
  return escape(u.fragment, Mode::Fragment);
}

}  // namespace

std::optional<Url> parse_request_uri(std::string_view raw, std::string& err) {
  Url u;
  std::string reason;
  if (!parse_into(u, raw, true, reason)) {
    err = url_error(raw, reason);
    return std::nullopt;
  }
  return u;
}

std::optional<Url> parse_url(std::string_view raw, std::string& err) {
  auto hash = raw.find('#');
  std::string_view body = raw.substr(0, hash);
  Url u;
  std::string reason;
  if (!parse_into(u, body, false, reason)) {
    err = url_error(body, reason);
    return std::nullopt;
  }
  if (hash != std::string_view::npos && hash + 1 < raw.size() && !set_fragment(u, raw.substr(hash + 1), reason)) {
    err = url_error(raw, reason);
    return std::nullopt;
  }
  return u;
}

std::string escaped_path(const Url& u) {
  if (!u.raw_path.empty() && valid_encoded(u.raw_path, Mode::Path)) {
    std::string err;
    auto p = unescape(u.raw_path, Mode::Path, err);
    if (p && *p == u.path) return u.raw_path;
  }
  if (u.path == "*") return "*";
  return escape(u.path, Mode::Path);
}

std::string to_string(const Url& u) {
  std::string out;
  if (!u.scheme.empty()) out += u.scheme + ":";
  if (!u.opaque.empty()) {
    out += u.opaque;
  } else {
    if (!u.scheme.empty() || !u.host.empty() || u.has_user) {
      if (!(u.omit_host && u.host.empty() && !u.has_user)) {
        if (!u.host.empty() || !u.path.empty() || u.has_user) out += "//";
        if (u.has_user) {
          out += escape(u.username, Mode::UserPassword);
          if (u.password_set) out += ":" + escape(u.password, Mode::UserPassword);
          out += '@';
        }
        if (!u.host.empty()) out += escape(u.host, Mode::Host);
      }
    }
    std::string path = escaped_path(u);
    if (!path.empty() && path[0] != '/' && !u.host.empty()) out += '/';
    // A first segment with a colon would read as a scheme.
    if (out.empty() && path.substr(0, path.find('/')).find(':') != std::string::npos) out += "./";
    out += path;
  }
  if (u.force_query || !u.raw_query.empty()) out += "?" + u.raw_query;
  if (!u.fragment.empty()) out += "#" + escaped_fragment(u);
  return out;
}

std::string hostname(const Url& u) { return std::string(split_host_port(u.host).first); }
std::string port(const Url& u) { return std::string(split_host_port(u.host).second); }

std::vector<std::pair<std::string, std::vector<std::string>>> query(const Url& u) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  std::string_view q = u.raw_query;
  // Go refuses a query of more than 10000 parameters as a whole.
  if (std::count(q.begin(), q.end(), '&') + 1 > 10000) return out;
  while (!q.empty()) {
    auto amp = q.find('&');
    std::string_view pair = q.substr(0, amp);
    q = amp == std::string_view::npos ? std::string_view() : q.substr(amp + 1);
    if (pair.find(';') != std::string_view::npos || pair.empty()) continue;
    auto eq = pair.find('=');
    std::string err;
    auto key = unescape(pair.substr(0, eq), Mode::QueryComponent, err);
    if (!key) continue;
    auto value = unescape(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1),
                          Mode::QueryComponent, err);
    if (!value) continue;
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& kv) { return kv.first == *key; });
    if (it == out.end()) out.emplace_back(std::move(*key), std::vector<std::string>{std::move(*value)});
    else it->second.push_back(std::move(*value));
  }
  return out;
}

}  // namespace podfit::cel::gonet
