// Go's strconv.Quote and net/netip parsing and printing, with Go's error texts: Kubernetes'
// IP and CIDR libraries report them word for word.
#include <re2/re2.h>

#include <charconv>

#include "gonet.h"

namespace podfit::cel::gonet {
namespace {

constexpr char kLowerHex[] = "0123456789abcdef";

// Decodes one UTF-8 sequence at s[i]; width 1 and nullopt for an invalid byte, as Go's decoder
// (surrogates and overlong forms are invalid).
std::optional<char32_t> decode_rune(std::string_view s, std::size_t i, std::size_t& width) {
  auto c = static_cast<unsigned char>(s[i]);
  width = 1;
  if (c < 0x80) return c;
  std::size_t n;
  char32_t r;
  char32_t min;
  if (c >= 0xC2 && c <= 0xDF) n = 2, r = c & 0x1F, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, r = c & 0x0F, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, r = c & 0x07, min = 0x10000;
  else return std::nullopt;
  if (i + n > s.size()) return std::nullopt;
  for (std::size_t k = 1; k < n; ++k) {
    auto d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xC0) != 0x80) return std::nullopt;
    r = (r << 6) | (d & 0x3F);
  }
  if (r < min || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF)) return std::nullopt;
  width = n;
  return r;
}

// unicode.IsPrint for a non-ASCII rune: letters, marks, numbers, punctuation and symbols. RE2's
// Unicode tables stand in for Go's.
bool printable(std::string_view utf8) {
  static const re2::RE2 re("[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}]");
  return re2::RE2::FullMatch(re2::StringPiece(utf8.data(), utf8.size()), re);
}

}  // namespace

std::string quote(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    std::size_t w;
    auto r = decode_rune(s, i, w);
    if (!r) {
      auto c = static_cast<unsigned char>(s[i]);
      out += "\\x";
      out += kLowerHex[c >> 4];
      out += kLowerHex[c & 15];
      ++i;
      continue;
    }
    char32_t c = *r;
    std::string_view raw = s.substr(i, w);
    i += w;
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else if (c >= 0x80 && printable(raw)) {
      out += raw;
    } else {
      switch (c) {
        case '\a': out += "\\a"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\v': out += "\\v"; break;
        default:
          if (c < 0x20 || c == 0x7F) {
            out += "\\x";
            out += kLowerHex[c >> 4];
            out += kLowerHex[c & 15];
          } else if (c < 0x10000) {
            out += "\\u";
            for (int sh = 12; sh >= 0; sh -= 4) out += kLowerHex[(c >> sh) & 15];
          } else {
            out += "\\U";
            for (int sh = 28; sh >= 0; sh -= 4) out += kLowerHex[(c >> sh) & 15];
          }
      }
    }
  }
  return out + "\"";
}

// --- addresses ----------------------------------------------------------------------------

namespace {

struct AddrError {
  std::string msg;
  std::string at;  // the unparsed rest where parsing stopped, when Go names it
};

std::string addr_error_text(std::string_view in, const AddrError& e) {
  std::string s = "ParseAddr(" + quote(in) + "): " + e.msg;
  if (!e.at.empty()) s += " (at " + quote(e.at) + ")";
  return s;
}

Addr v4(const std::uint8_t (&q)[4]) {
  Addr a;
  a.is4 = true;
  a.b[10] = a.b[11] = 0xFF;
  for (int k = 0; k < 4; ++k) a.b[12 + k] = q[k];
  return a;
}

// Four dotted decimal fields of in[off, end) into out; errors quote all of in.
std::optional<AddrError> parse_v4_fields(std::string_view in, std::size_t off, std::size_t end,
                                         std::uint8_t* out) {
  std::string_view s = in.substr(off, end - off);
  int val = 0, pos = 0, digits = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c >= '0' && c <= '9') {
      if (digits == 1 && val == 0) return AddrError{"IPv4 field has octet with leading zero", ""};
      val = val * 10 + (c - '0');
      ++digits;
      if (val > 255) return AddrError{"IPv4 field has value >255", ""};
    } else if (c == '.') {
      if (i == 0 || i == s.size() - 1 || s[i - 1] == '.')
        return AddrError{"IPv4 field must have at least one digit", std::string(s.substr(i))};
      if (pos == 3) return AddrError{"IPv4 address too long", ""};
      out[pos++] = static_cast<std::uint8_t>(val);
      val = 0;
      digits = 0;
    } else {
      return AddrError{"unexpected character", std::string(s.substr(i))};
    }
  }
  if (pos < 3) return AddrError{"IPv4 address too short", ""};
  out[3] = static_cast<std::uint8_t>(val);
  return std::nullopt;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<Addr> parse_v6(std::string_view in, AddrError& err) {
  std::string_view s = in;
  std::string_view zone;
  if (auto pct = s.find('%'); pct != std::string_view::npos) {
    zone = s.substr(pct + 1);
    s = s.substr(0, pct);
    if (zone.empty()) {
      err = {"zone must be a non-empty string", ""};
      return std::nullopt;
    }
  }
  Addr a;
  a.zone = std::string(zone);
  int ellipsis = -1;  // byte index where "::" stands
  if (s.size() >= 2 && s[0] == ':' && s[1] == ':') {
    ellipsis = 0;
    s.remove_prefix(2);
    if (s.empty()) return a;
  }
  int i = 0;
  while (i < 16) {
    std::size_t off = 0;
    std::uint32_t acc = 0;
    for (; off < s.size(); ++off) {
      int h = hex_value(s[off]);
      if (h < 0) break;
      acc = (acc << 4) + static_cast<std::uint32_t>(h);
      if (off > 3) {
        err = {"each group must have 4 or less digits", std::string(s)};
        return std::nullopt;
      }
      if (acc > 0xFFFF) {
        err = {"IPv6 field has value >=2^16", std::string(s)};
        return std::nullopt;
      }
    }
    if (off == 0) {
      err = {"each colon-separated field must have at least one digit", std::string(s)};
      return std::nullopt;
    }
    if (off < s.size() && s[off] == '.') {
      if (ellipsis < 0 && i != 12) {
        err = {"embedded IPv4 address must replace the final 2 fields of the address", std::string(s)};
        return std::nullopt;
      }
      if (i + 4 > 16) {
        err = {"too many hex fields to fit an embedded IPv4 at the end of the address", std::string(s)};
        return std::nullopt;
      }
      std::size_t end = in.size() - (zone.empty() ? 0 : zone.size() + 1);
      if (auto e = parse_v4_fields(in, end - s.size(), end, &a.b[static_cast<std::size_t>(i)])) {
        err = *e;
        return std::nullopt;
      }
      s = {};
      i += 4;
      break;
    }
    a.b[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(acc >> 8);
    a.b[static_cast<std::size_t>(i) + 1] = static_cast<std::uint8_t>(acc);
    i += 2;
    s.remove_prefix(off);
    if (s.empty()) break;
    if (s[0] != ':') {
      err = {"unexpected character, want colon", std::string(s)};
      return std::nullopt;
    }
    if (s.size() == 1) {
      err = {"colon must be followed by more characters", std::string(s)};
      return std::nullopt;
    }
    s.remove_prefix(1);
    if (s[0] == ':') {
      if (ellipsis >= 0) {
        err = {"multiple :: in address", std::string(s)};
        return std::nullopt;
      }
      ellipsis = i;
      s.remove_prefix(1);
      if (s.empty()) break;
    }
  }
  if (!s.empty()) {
    err = {"trailing garbage after address", std::string(s)};
    return std::nullopt;
  }
  if (i < 16) {
    if (ellipsis < 0) {
      err = {"address string too short", ""};
      return std::nullopt;
    }
    // Slide the groups after "::" to the end and zero the gap.
    int n = 16 - i;
    for (int j = i - 1; j >= ellipsis; --j) a.b[static_cast<std::size_t>(j + n)] = a.b[static_cast<std::size_t>(j)];
    for (int j = ellipsis; j < ellipsis + n; ++j) a.b[static_cast<std::size_t>(j)] = 0;
  } else if (ellipsis >= 0) {
    err = {"the :: must expand to at least one field of zeros", ""};
    return std::nullopt;
  }
  return a;
}

std::uint16_t group(const Addr& a, int k) {
  return static_cast<std::uint16_t>(a.b[static_cast<std::size_t>(2 * k)] << 8 | a.b[static_cast<std::size_t>(2 * k + 1)]);
}

Addr unmap(const Addr& a) {
  if (!a.is4in6()) return a;
  Addr r = a;
  r.is4 = true;
  r.zone.clear();
  return r;
}

bool is_multicast(const Addr& x) {
  Addr a = unmap(x);
  return a.is4 ? (a.b[12] & 0xF0) == 0xE0 : a.b[0] == 0xFF;
}

std::string v4_text(const Addr& a) {
  return std::to_string(a.b[12]) + "." + std::to_string(a.b[13]) + "." + std::to_string(a.b[14]) + "." +
         std::to_string(a.b[15]);
}

// The top bits of the 16-byte form kept, the rest cleared.
void keep_bits(Addr& a, int bits) {
  for (int k = 0; k < 16; ++k) {
    int keep = bits - 8 * k;
    if (keep >= 8) continue;
    a.b[static_cast<std::size_t>(k)] &= keep <= 0 ? 0 : static_cast<std::uint8_t>(0xFF << (8 - keep));
  }
}

}  // namespace

bool Addr::is4in6() const {
  if (is4) return false;
  for (int k = 0; k < 10; ++k)
    if (b[static_cast<std::size_t>(k)]) return false;
  return b[10] == 0xFF && b[11] == 0xFF;
}

std::optional<Addr> parse_addr(std::string_view s, std::string& err) {
  for (char c : s) {
    if (c == '.') {
      std::uint8_t q[4];
      if (auto e = parse_v4_fields(s, 0, s.size(), q)) {
        err = addr_error_text(s, *e);
        return std::nullopt;
      }
      return v4(q);
    }
    if (c == ':') {
      AddrError e;
      auto a = parse_v6(s, e);
      if (!a) err = addr_error_text(s, e);
      return a;
    }
    if (c == '%') {
      err = addr_error_text(s, {"missing IPv6 address", ""});
      return std::nullopt;
    }
  }
  err = addr_error_text(s, {"unable to parse IP", ""});
  return std::nullopt;
}

std::string to_string(const Addr& a) {
  if (a.is4) return v4_text(a);
  std::string out;
  if (a.is4in6()) {
    out = "::ffff:" + v4_text(a);
  } else {
    // The longest run of two or more zero groups (the first such) becomes "::".
    int zs = -1, ze = -1;
    for (int k = 0; k < 8; ++k) {
      int j = k;
      while (j < 8 && group(a, j) == 0) ++j;
      if (j - k >= 2 && j - k > ze - zs) zs = k, ze = j;
    }
    char buf[8];
    for (int k = 0; k < 8; ++k) {
      if (k == zs) {
        out += "::";
        k = ze;
        if (k >= 8) break;
      } else if (k > 0) {
        out += ':';
      }
      auto r = std::to_chars(buf, buf + sizeof buf, group(a, k), 16);
      out.append(buf, r.ptr);
    }
  }
  if (!a.zone.empty()) out += "%" + a.zone;
  return out;
}

bool is_unspecified(const Addr& a) {
  if (a.is4) return a.b[12] == 0 && a.b[13] == 0 && a.b[14] == 0 && a.b[15] == 0;
  if (!a.zone.empty()) return false;
  for (auto byte : a.b)
    if (byte) return false;
  return true;
}

bool is_loopback(const Addr& x) {
  Addr a = unmap(x);
  if (a.is4) return a.b[12] == 127;
  for (int k = 0; k < 15; ++k)
    if (a.b[static_cast<std::size_t>(k)]) return false;
  return a.b[15] == 1;
}

bool is_link_local_multicast(const Addr& x) {
  Addr a = unmap(x);
  if (a.is4) return a.b[12] == 224 && a.b[13] == 0 && a.b[14] == 0;
  return (group(a, 0) & 0xFF0F) == 0xFF02;
}

bool is_link_local_unicast(const Addr& x) {
  Addr a = unmap(x);
  if (a.is4) return a.b[12] == 169 && a.b[13] == 254;
  return (group(a, 0) & 0xFFC0) == 0xFE80;
}

bool is_global_unicast(const Addr& x) {
  Addr a = unmap(x);
  if (a.is4) {
    bool zero = a.b[12] == 0 && a.b[13] == 0 && a.b[14] == 0 && a.b[15] == 0;
    bool broadcast = a.b[12] == 255 && a.b[13] == 255 && a.b[14] == 255 && a.b[15] == 255;
    if (zero || broadcast) return false;
  } else if (is_unspecified(a)) {
    return false;
  }
  return !is_loopback(a) && !is_multicast(a) && !is_link_local_unicast(a);
}

// --- prefixes -----------------------------------------------------------------------------

std::optional<Prefix> parse_prefix(std::string_view s, std::string& err) {
  auto fail = [&](const std::string& msg) {
    err = "netip.ParsePrefix(" + quote(s) + "): " + msg;
    return std::nullopt;
  };
  auto slash = s.rfind('/');
  if (slash == std::string_view::npos) return fail("no '/'");
  std::string aerr;
  auto a = parse_addr(s.substr(0, slash), aerr);
  if (!a) return fail(aerr);
  if (!a->is4 && !a->zone.empty()) return fail("IPv6 zones cannot be present in a prefix");
  std::string_view bits_text = s.substr(slash + 1);
  std::string bad = "bad bits after slash: " + quote(bits_text);
  // Go's strconv.Atoi, with signs and leading zeros refused beforehand.
  if (bits_text.empty() || (bits_text.size() > 1 && (bits_text[0] < '1' || bits_text[0] > '9'))) return fail(bad);
  std::int64_t bits = 0;
  auto r = std::from_chars(bits_text.data(), bits_text.data() + bits_text.size(), bits);
  if (r.ec != std::errc() || r.ptr != bits_text.data() + bits_text.size()) return fail(bad);
  if (bits < 0 || bits > a->bit_len()) return fail("prefix length out of range");
  return Prefix{*a, static_cast<int>(bits)};
}

std::string to_string(const Prefix& p) { return to_string(p.addr) + "/" + std::to_string(p.bits); }

Prefix masked(const Prefix& p) {
  Prefix m = p;
  keep_bits(m.addr, p.addr.is4 ? p.bits + 96 : p.bits);
  return m;
}

bool contains(const Prefix& p, const Addr& a) {
  if (!a.is4 && !a.zone.empty()) return false;
  if (p.addr.is4 != a.is4) return false;
  return masked(Prefix{a, p.bits}).addr == masked(p).addr;
}

bool overlaps(const Prefix& p, const Prefix& o) {
  if (p == o) return true;
  if (p.addr.is4 != o.addr.is4) return false;
  int min_bits = std::min(p.bits, o.bits);
  if (min_bits == 0) return true;
  return masked(Prefix{p.addr, min_bits}).addr == masked(Prefix{o.addr, min_bits}).addr;
}

}  // namespace podfit::cel::gonet
