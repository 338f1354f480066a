// cel-go's strings extension (ext.Strings) by version: charAt, indexOf, lastIndexOf, lowerAscii,
// upperAscii, replace, split, substring, trim, join; format and strings.quote from 1; join of
// any list (with its own error) from 2; reverse from 3; cel-spec's format from 4. Text is read
// as Go reads it: indexes count code points, invalid UTF-8 bytes are U+FFFD where cel-go
// converts to runes. Costs are Kubernetes' cost.go's, then cel-go's own.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "gonet.h"
#include "internal.h"
#include "shared_values.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;

// Go's utf8.DecodeRuneInString: an invalid or short sequence is U+FFFD of width 1.
std::uint32_t go_decode(std::string_view s, std::size_t i, std::size_t& width) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  width = 1;
  if (c < 0x80) return c;
  std::size_t n;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0xFFFD;
  }
  if (i + n > s.size()) {
    // A short sequence is still invalid only from the first byte that breaks it.
    return 0xFFFD;
  }
  if (b(i + 1) < lo || b(i + 1) > hi) return 0xFFFD;
  for (std::size_t k = 2; k < n; ++k)
    if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0xFFFD;
  std::uint32_t cp = n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
  for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (b(i + k) & 0x3F);
  width = n;
  return cp;
}

// Go's []rune(s).
std::vector<std::uint32_t> runes(std::string_view s) {
  std::vector<std::uint32_t> out;
  out.reserve(s.size());
  for (std::size_t i = 0, w; i < s.size(); i += w) out.push_back(go_decode(s, i, w));
  return out;
}

// Go's string(runes[b:e]).
std::string text(const std::vector<std::uint32_t>& r, std::size_t b, std::size_t e) {
  std::string out;
  for (std::size_t i = b; i < e; ++i) append_utf8(out, r[i]);
  return out;
}

// Go's unicode.IsSpace.
bool is_space(std::uint32_t c) {
  return c == ' ' || (c >= '\t' && c <= '\r') || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

Value out_of_range(std::int64_t i) { return Value::error("index out of range: " + std::to_string(i)); }

Value char_at(Args a) {
  const auto r = runes(a[0].as_string());
  const std::int64_t i = a[1].as_int();
  const auto n = static_cast<std::int64_t>(r.size());
  if (i < 0 || i > n) return out_of_range(i);
  if (i == n) return Value::string("");
  return Value::string(text(r, static_cast<std::size_t>(i), static_cast<std::size_t>(i) + 1));
}

bool match_at(const std::vector<std::uint32_t>& r, const std::vector<std::uint32_t>& sub, std::size_t i) {
  for (std::size_t j = 0; j < sub.size(); ++j)
    if (r[i + j] != sub[j]) return false;
  return true;
}

// An empty substring is found at the offset whatever it is; an offset past the end finds nothing.
Value index_of(std::string_view str, std::string_view substr, std::int64_t offset) {
  if (substr.empty()) return Value::int_(offset);
  const auto r = runes(str), sub = runes(substr);
  if (offset < 0) return out_of_range(offset);
  const auto n = static_cast<std::int64_t>(r.size()), m = static_cast<std::int64_t>(sub.size());
  if (offset >= n) return Value::int_(-1);
  for (std::int64_t i = offset; i < n - (m - 1); ++i)
    if (match_at(r, sub, static_cast<std::size_t>(i))) return Value::int_(i);
  return Value::int_(-1);
}

Value last_index_of(std::string_view str, std::string_view substr, std::int64_t offset) {
  if (substr.empty()) return Value::int_(offset);
  const auto r = runes(str), sub = runes(substr);
  if (offset < 0) return out_of_range(offset);
  const auto n = static_cast<std::int64_t>(r.size()), m = static_cast<std::int64_t>(sub.size());
  if (offset >= n) return Value::int_(-1);
  if (offset > n - m) offset = n - m;
  for (std::int64_t i = offset; i >= 0; --i)
    if (match_at(r, sub, static_cast<std::size_t>(i))) return Value::int_(i);
  return Value::int_(-1);
}

Value last_index_of(std::string_view str, std::string_view substr) {
  const auto n = static_cast<std::int64_t>(runes(str).size());
  if (substr.empty()) return Value::int_(n);
  // The library compares byte lengths here.
  if (str.size() < substr.size()) return Value::int_(-1);
  return last_index_of(str, substr, n - 1);
}

Value substring(Args a) {
  const auto r = runes(a[0].as_string());
  const auto n = static_cast<std::int64_t>(r.size());
  const std::int64_t start = a[1].as_int();
  if (a.size() == 2) {
    if (start < 0 || start > n) return out_of_range(start);
    return Value::string(text(r, static_cast<std::size_t>(start), r.size()));
  }
  const std::int64_t end = a[2].as_int();
  if (start > end)
    return Value::error("invalid substring range. start: " + std::to_string(start) + ", end: " + std::to_string(end));
  if (start < 0 || start > n) return out_of_range(start);
  if (end < 0 || end > n) return out_of_range(end);
  return Value::string(text(r, static_cast<std::size_t>(start), static_cast<std::size_t>(end)));
}

Value ascii_case(std::string_view s, bool upper) {
  auto r = runes(s);
  for (auto& c : r) {
    if (upper && c >= 'a' && c <= 'z') c -= 'a' - 'A';
    if (!upper && c >= 'A' && c <= 'Z') c += 'a' - 'A';
  }
  return Value::string(text(r, 0, r.size()));
}

// Go's strings.TrimSpace.
Value trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e) {
    std::size_t w;
    if (!is_space(go_decode(s, b, w))) break;
    b += w;
  }
  while (e > b) {
    // utf8.DecodeLastRuneInString: the last rune starts at most 3 bytes back.
    std::size_t start = e - 1;
    if (static_cast<unsigned char>(s[start]) >= 0x80) {
      const std::size_t lim = e >= 4 ? e - 4 : 0;
      while (start > lim && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
      if (start < b) start = b;
    }
    std::size_t w;
    std::uint32_t r = go_decode(s, start, w);
    if (start + w != e) r = 0xFFFD, start = e - 1;
    if (!is_space(r)) break;
    e = start;
  }
  return Value::string(std::string(s.substr(b, e - b)));
}

std::size_t count(std::string_view s, std::string_view sep) {
  if (sep.empty()) return runes(s).size() + 1;
  std::size_t n = 0;
  for (std::size_t p = s.find(sep); p != std::string_view::npos; p = s.find(sep, p + sep.size())) ++n;
  return n;
}

// Go's strings.Replace: n < 0 replaces every occurrence; an empty old string matches before
// every rune and at the end.
Value replace(Args a) {
  const std::string_view s = a[0].as_string(), from = a[1].as_string(), to = a[2].as_string();
  std::int64_t n = a.size() > 3 ? a[3].as_int() : -1;
  if (from == to || n == 0) return a[0];
  const auto m = static_cast<std::int64_t>(count(s, from));
  if (m == 0) return a[0];
  if (n < 0 || m < n) n = m;
  // The size is known before the text is built: a text past the bound is refused unbuilt.
  const double size = static_cast<double>(s.size()) +
                      static_cast<double>(n) * (static_cast<double>(to.size()) - static_cast<double>(from.size()));
  if (size > static_cast<double>(kMaxBuiltText)) return built_text_too_long("replace", size);
  std::string out;
  out.reserve(static_cast<std::size_t>(size));
  std::size_t start = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    std::size_t j = start;
    if (from.empty()) {
      if (i > 0) {
        std::size_t w;
        go_decode(s, start, w);
        j += w;
      }
    } else {
      j = s.find(from, start);
    }
    out += s.substr(start, j - start);
    out += to;
    start = j + from.size();
  }
  out += s.substr(start);
  return Value::string(std::move(out));
}

// Go's strings.SplitN.
Value split(Args a) {
  std::string_view s = a[0].as_string();
  const std::string_view sep = a[1].as_string();
  std::int64_t n = a.size() > 2 ? a[2].as_int() : -1;
  std::vector<Value> out;
  if (n == 0) return Value::list(std::move(out));
  if (sep.empty()) {
    const auto l = static_cast<std::int64_t>(runes(s).size());
    if (n < 0 || n > l) n = l;
    for (std::int64_t i = 0; i < n - 1; ++i) {
      std::size_t w;
      go_decode(s, 0, w);
      out.push_back(Value::string(std::string(s.substr(0, w))));
      s.remove_prefix(w);
    }
    if (n > 0) out.push_back(Value::string(std::string(s)));
    return Value::list(std::move(out));
  }
  if (n < 0) n = static_cast<std::int64_t>(count(s, sep)) + 1;
  for (std::int64_t i = 0; i < n - 1; ++i) {
    const std::size_t m = s.find(sep);
    if (m == std::string_view::npos) break;
    out.push_back(Value::string(std::string(s.substr(0, m))));
    s.remove_prefix(m + sep.size());
  }
  out.push_back(Value::string(std::string(s)));
  return Value::list(std::move(out));
}

// Go's %v of a CEL value, as join's error prints the element it refused.
std::string go_value_text(const Value& v) {
  switch (v.kind()) {
    case Kind::Int: return std::to_string(v.as_int());
    case Kind::Uint: return std::to_string(v.as_uint());
    case Kind::Double: return format_double(v.as_double());
    case Kind::Bool: return v.as_bool() ? "true" : "false";
    case Kind::Null: return "NULL_VALUE";
    case Kind::Bytes: {
      std::string out = "[";
      for (std::size_t i = 0; i < v.as_string().size(); ++i) {
        if (i) out += ' ';
        out += std::to_string(static_cast<unsigned char>(v.as_string()[i]));
      }
      return out + "]";
    }
    default: return v.debug_string();
  }
}

Value join(Args a, std::uint32_t version) {
  const ListValue& l = a[0].as_list();
  const std::string_view sep = a.size() > 1 ? a[1].as_string() : std::string_view();
  std::string out;
  // A sum of lists can hold more elements than memory: the walk and the text are bounded.
  if (l.size() > kMaxBuiltText) return list_too_long("join", l.size());
  ListWalk elements(l);
  Value v;
  for (std::size_t i = 0; elements.next(v); ++i) {
    if (v.kind() != Kind::String) {
      if (version >= 2) return Value::error("join: invalid input: " + go_value_text(v));
      return Value::error("type conversion error from '" + std::string(v.type_name()) + "' to 'string'");
    }
    if (i) out += sep;
    out += v.as_string();
    if (out.size() > kMaxBuiltText) return built_text_too_long("join", static_cast<double>(out.size()));
  }
  return Value::string(std::move(out));
}

std::string quote(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0, w; i < s.size(); i += w) {
    const std::uint32_t c = go_decode(s, i, w);
    switch (c) {
      case '\a': out += "\\a"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\v': out += "\\v"; break;
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      default: append_utf8(out, c);
    }
  }
  return out + "\"";
}

Value reverse(std::string_view s) {
  auto r = runes(s);
  std::reverse(r.begin(), r.end());
  return Value::string(text(r, 0, r.size()));
}

// --- format, versions 1 to 3 (Kubernetes' version 2), in cel-go's en_US locale --------------

std::string hex(std::string_view bytes, bool upper) {
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

std::string in_base(std::uint64_t u, int base, bool upper) {
  if (u == 0) return "0";
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string s;
  for (; u; u /= static_cast<std::uint64_t>(base)) s += digits[u % static_cast<std::uint64_t>(base)];
  std::reverse(s.begin(), s.end());
  return s;
}

std::string signed_in_base(std::int64_t i, int base, bool upper) {
  if (i >= 0) return in_base(static_cast<std::uint64_t>(i), base, upper);
  return "-" + in_base(0 - static_cast<std::uint64_t>(i), base, upper);
}

// A clause's result: text, or the error that stops formatting.
struct Clause {
  std::string text;
  std::string error;
  bool limit = false;  // the error is podfit's bound on built text, reported as it is
};
Clause ok(std::string t) { return {std::move(t), {}}; }
Clause fail(std::string e) { return {{}, std::move(e)}; }

Clause format_string(const Value& v);
Clause format_in_list(const Value& v);

// A list or map whose text outgrows the bound: cel-go would build it whole (and kube-scheduler
// run out of memory); podfit stops and says why.
Clause text_limit(std::size_t size) {
  Clause c = fail(built_text_too_long_message("format", static_cast<double>(size)));
  c.limit = true;
  return c;
}

// Go's %q of the element's text for CEL literals: strings and bytes quoted, NaN and infinities too.
std::string quote_for_cel(const Value& v, const std::string& unquoted) {
  switch (v.kind()) {
    case Kind::String: return gonet::quote(unquoted);
    case Kind::Bytes: return "b" + gonet::quote(unquoted);
    case Kind::Double:
      if (std::isnan(v.as_double()) || std::isinf(v.as_double())) return gonet::quote(unquoted);
      return unquoted;
    default: return unquoted;
  }
}

Clause decimal(const Value& v) {
  if (v.kind() == Kind::Int) return ok(std::to_string(v.as_int()));
  if (v.kind() == Kind::Uint) return ok(std::to_string(v.as_uint()));
  return fail("decimal clause can only be used on integers, was given " + std::string(v.type_name()));
}

Clause format_list(const Value& v) {
  const ListValue& l = v.as_list();
  std::string out = "[";
  ListWalk elements(l);
  Value m;
  for (std::size_t i = 0; elements.next(m); ++i) {
    Clause c = format_in_list(m);
    if (!c.error.empty()) return c;
    if (i) out += ", ";
    out += quote_for_cel(m, c.text);
    if (out.size() > kMaxBuiltText) return text_limit(out.size());
  }
  return ok(out + "]");
}

Clause format_map(const Value& v) {
  const MapValue& m = v.as_map();
  std::vector<std::pair<std::string, std::string>> pairs;
  std::size_t built = 0;
  for (std::size_t i = 0; i < m.size(); ++i) {
    const Value k = m.key_at(i);
    Clause kc;
    if (k.kind() == Kind::String || k.kind() == Kind::Bool) kc = format_string(k);
    else if (k.kind() == Kind::Int || k.kind() == Kind::Uint) kc = decimal(k);
    else return fail("no formatting function for map key of type " + std::string(k.type_name()));
    if (!kc.error.empty()) return kc;
    const Value val = *m.find(k);
    Clause vc = format_in_list(val);
    if (!vc.error.empty()) return vc;
    pairs.emplace_back(quote_for_cel(k, kc.text), quote_for_cel(val, vc.text));
    built += pairs.back().first.size() + pairs.back().second.size();
    if (built > kMaxBuiltText) return text_limit(built);
  }
  std::stable_sort(pairs.begin(), pairs.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::string out = "{";
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (i) out += ", ";
    out += pairs[i].first + ":" + pairs[i].second;
  }
  return ok(out + "}");
}

// %s: a value's string conversion; lists and maps as CEL literals.
Clause format_string(const Value& v) {
  switch (v.kind()) {
    case Kind::List: return format_list(v);
    case Kind::Map: return format_map(v);
    case Kind::Int: return ok(std::to_string(v.as_int()));
    case Kind::Uint: return ok(std::to_string(v.as_uint()));
    case Kind::Double: return ok(format_double(v.as_double()));
    case Kind::Bool: return ok(v.as_bool() ? "true" : "false");
    case Kind::String: return ok(std::string(v.as_string()));
    case Kind::Bytes:
      if (!utf8_valid(v.as_string()))
        return fail("could not convert argument \"invalid UTF-8 in bytes, cannot convert to string\" to string");
      return ok(std::string(v.as_string()));
    case Kind::Type: return ok(std::string(v.as_string()));
    case Kind::Null: return ok("null");
    default:
      if (is_timestamp(v) || is_duration(v)) return ok(time_text(v));
      return fail(
          "string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and "
          "timestamps, was given " +
          std::string(v.type_name()));
  }
}

// A list element or map value: timestamps and durations as their constructor calls, doubles
// with six decimals.
Clause format_in_list(const Value& v) {
  switch (v.kind()) {
    case Kind::Int:
    case Kind::Uint: return decimal(v);
    case Kind::String:
    case Kind::Bytes:
    case Kind::Bool:
    case Kind::Null:
    case Kind::Type: return format_string(v);
    case Kind::List: return format_list(v);
    case Kind::Map: return format_map(v);
    case Kind::Double: {
      const double d = v.as_double();
      if (std::isnan(d)) return ok("NaN");
      if (std::isinf(d)) return ok(d > 0 ? "+Inf" : "-Inf");
      char buf[512];
      const int n = std::snprintf(buf, sizeof buf, "%.6f", d);
      if (n >= static_cast<int>(sizeof buf)) {
        std::string big(static_cast<std::size_t>(n) + 1, '\0');
        std::snprintf(big.data(), big.size(), "%.6f", d);
        big.resize(static_cast<std::size_t>(n));
        return ok(big);
      }
      return ok(std::string(buf, static_cast<std::size_t>(n)));
    }
    default:
      if (is_timestamp(v)) return ok("timestamp(" + gonet::quote(time_text(v)) + ")");
      if (is_duration(v)) return ok("duration(" + gonet::quote(time_text(v)) + ")");
      return fail("no formatting function for " + std::string(v.type_name()));
  }
}

// The double %f and %e format: a double, or the strings that parse as NaN and the infinities.
std::optional<double> float_argument(const Value& v) {
  if (v.kind() == Kind::Double) return v.as_double();
  if (v.kind() == Kind::String) {
    const std::string_view s = v.as_string();
    if (s == "NaN") return std::nan("");
    if (s == "Infinity") return HUGE_VAL;
    if (s == "-Infinity") return -HUGE_VAL;
  }
  return std::nullopt;
}

std::string printf_double(const char* fmt, int digits, double d) {
  const int n = std::snprintf(nullptr, 0, fmt, digits, d);
  std::string out(static_cast<std::size_t>(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), fmt, digits, d);
  out.resize(static_cast<std::size_t>(n));
  return out;
}

// Whether fmt's parser of a width or precision gives up on the decimal text of n: it stops once
// the number read so far passes a million, before each further digit.
bool go_number_too_large(std::int64_t n) {
  std::int64_t read = 0;
  for (char digit : std::to_string(n)) {
    if (read > 1000000) return true;
    read = read * 10 + (digit - '0');
  }
  return false;
}

// en_US decimal text: groups of three digits, fraction digits between min and max (Go's
// number formatter takes them as uint8 and int16).
std::string fixed_en_us(double d, std::int64_t precision) {
  if (std::isnan(d)) return "NaN";
  const bool neg = d < 0;
  if (std::isinf(d)) return neg ? "-∞" : "∞";
  const int min_frac = static_cast<int>(static_cast<std::uint8_t>(precision));
  const int max_frac = static_cast<std::int16_t>(precision);
  std::string digits;
  if (max_frac >= 0) {
    digits = printf_double("%.*f", max_frac, std::fabs(d));
  } else {
    char buf[512];
    auto r = std::to_chars(buf, buf + sizeof buf, std::fabs(d), std::chars_format::fixed);
    digits.assign(buf, r.ptr);
  }
  std::string int_part = digits, frac;
  if (auto dot = digits.find('.'); dot != std::string::npos) {
    int_part = digits.substr(0, dot);
    frac = digits.substr(dot + 1);
  }
  while (static_cast<int>(frac.size()) > min_frac && !frac.empty() && frac.back() == '0') frac.pop_back();
  while (static_cast<int>(frac.size()) < min_frac) frac += '0';
  std::string grouped;
  for (std::size_t i = 0; i < int_part.size(); ++i) {
    if (i > 0 && (int_part.size() - i) % 3 == 0) grouped += ',';
    grouped += int_part[i];
  }
  std::string out = neg ? "-" : "";
  out += grouped;
  if (!frac.empty()) out += "." + frac;
  return out;
}

// en_US scientific text: six decimals, "×10" and a superscript exponent of two digits or more,
// padded with spaces in front to the clause's width (the number a precision was written as).
std::string scientific_en_us(double d, std::int64_t width) {
  static const char* const kSuper[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string out;
  if (std::isnan(d)) {
    out = "NaN";
  } else if (std::isinf(d)) {
    out = d < 0 ? "-∞" : "∞";
  } else {
    const std::string e = printf_double("%.*e", 6, std::fabs(d));
    const std::size_t at = e.find('e');
    int exp = std::atoi(e.c_str() + at + 1);
    if (d < 0) out = "-";
    out += e.substr(0, at) + "\u202f×\u202f10";
    if (exp < 0) {
      out += "⁻";
      exp = -exp;
    }
    const std::string x = std::to_string(exp);
    if (x.size() < 2) out += kSuper[0];
    for (char c : x) out += kSuper[c - '0'];
  }
  const auto runes_now = static_cast<std::int64_t>(utf8_length(out));
  if (runes_now < width) out.insert(0, static_cast<std::size_t>(width - runes_now), ' ');
  return out;
}

Value format_v1(std::string_view f, const ListValue& args) {
  std::string out;
  std::size_t arg = 0;
  for (std::size_t i = 0; i < f.size();) {
    if (f[i] != '%') {
      out += f[i++];
      continue;
    }
    if (i + 1 < f.size() && f[i + 1] == '%') {
      out += '%';
      i += 2;
      continue;
    }
    if (arg >= args.size()) return Value::error("index " + std::to_string(arg) + " out of range");
    if (i + 1 >= f.size()) return Value::error("unexpected end of string");
    const std::string bad_clause = "could not parse formatting clause: ";
    std::size_t j = i + 1;
    std::optional<std::int64_t> precision;
    if (f[j] == '.') {
      ++j;
      std::string number;
      for (;;) {
        if (j >= f.size())
          return Value::error(bad_clause + "error while parsing precision: could not find end of precision specifier");
        if (f[j] < '0' || f[j] > '9') break;
        number += f[j++];
      }
      std::int64_t p = 0;
      auto r = std::from_chars(number.data(), number.data() + number.size(), p);
      if (number.empty() || r.ec != std::errc())
        return Value::error(bad_clause + "error while parsing precision: error while converting precision to integer: " +
                            "strconv.Atoi: parsing " + gonet::quote(number) + ": " +
                            (number.empty() ? "invalid syntax" : "value out of range"));
      precision = p;
    }
    const char verb = f[j++];
    const Value v = args.get(arg);
    Clause c;
    switch (verb) {
      case 's': c = format_string(v); break;
      case 'd': c = decimal(v); break;
      case 'f':
      case 'e': {
        auto d = float_argument(v);
        if (!d) {
          c = fail(std::string(verb == 'f' ? "fixed-point" : "scientific") + " clause can only be used on doubles, was given " +
                   std::string(v.type_name()));
          break;
        }
        if (precision && go_number_too_large(*precision)) {
          // cel-go writes the precision into a Printf format, whose parser gives up on such a
          // number and prints no verb (x/text's printer lists no extra argument).
          c = ok("%!(NOVERB)");
          break;
        }
        if (verb == 'e' && precision && *precision > static_cast<std::int64_t>(kMaxBuiltText)) {
          // The number is the width the text is padded to.
          return built_text_too_long("format", static_cast<double>(*precision));
        }
        c = ok(verb == 'f' ? fixed_en_us(*d, precision.value_or(6)) : scientific_en_us(*d, precision.value_or(6)));
        break;
      }
      case 'b':
        if (v.kind() == Kind::Int) c = ok(signed_in_base(v.as_int(), 2, false));
        else if (v.kind() == Kind::Uint) c = ok(in_base(v.as_uint(), 2, false));
        else if (v.kind() == Kind::Bool) c = ok(v.as_bool() ? "1" : "0");
        else c = fail("only integers and bools can be formatted as binary, was given " + std::string(v.type_name()));
        break;
      case 'x':
      case 'X': {
        const bool up = verb == 'X';
        if (v.kind() == Kind::String || v.kind() == Kind::Bytes) c = ok(hex(v.as_string(), up));
        else if (v.kind() == Kind::Int) c = ok(signed_in_base(v.as_int(), 16, up));
        else if (v.kind() == Kind::Uint) c = ok(in_base(v.as_uint(), 16, up));
        else
          c = fail("only integers, byte buffers, and strings can be formatted as hex, was given " +
                   std::string(v.type_name()));
        break;
      }
      case 'o':
        if (v.kind() == Kind::Int) c = ok(signed_in_base(v.as_int(), 8, false));
        else if (v.kind() == Kind::Uint) c = ok(in_base(v.as_uint(), 8, false));
        else c = fail("octal clause can only be used on integers, was given " + std::string(v.type_name()));
        break;
      default: {
        // Go prints the byte as the code point of that number.
        std::string shown;
        append_utf8(shown, static_cast<unsigned char>(verb));
        return Value::error(bad_clause + "unrecognized formatting clause \"" + shown + "\"");
      }
    }
    if (c.limit) return Value::error(c.error);
    if (!c.error.empty()) return Value::error("error during formatting: " + c.error);
    out += c.text;
    if (out.size() > kMaxBuiltText) return built_text_too_long("format", static_cast<double>(out.size()));
    i = j;
    ++arg;
  }
  return Value::string(std::move(out));
}

// --- format, version 4 (cel-spec's text) -----------------------------------------------------

std::string double_text(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  return format_double(d);
}

// The %s text of a value; false when the value has no text form.
bool string_form(const Value& v, std::string& out) {
  switch (v.kind()) {
    case Kind::String:
    case Kind::Bytes: out += v.as_string(); return true;
    case Kind::Null: out += "null"; return true;
    case Kind::Bool: out += v.as_bool() ? "true" : "false"; return true;
    case Kind::Int: out += std::to_string(v.as_int()); return true;
    case Kind::Uint: out += std::to_string(v.as_uint()); return true;
    case Kind::Double: out += double_text(v.as_double()); return true;
    case Kind::Type: out += v.as_string(); return true;
    case Kind::List: {
      out += '[';
      const ListValue& l = v.as_list();
      for (std::size_t i = 0; i < l.size(); ++i) {
        if (i) out += ", ";
        if (!string_form(l.get(i), out)) return false;
      }
      out += ']';
      return true;
    }
    case Kind::Map: {
      const MapValue& m = v.as_map();
      std::vector<std::pair<std::string, std::string>> entries;
      for (std::size_t i = 0; i < m.size(); ++i) {
        Value k = m.key_at(i);
        std::string ks, vs;
        if (!string_form(k, ks) || !string_form(*m.find(k), vs)) return false;
        entries.emplace_back(std::move(ks), std::move(vs));
      }
      std::sort(entries.begin(), entries.end());
      out += '{';
      for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i) out += ", ";
        out += entries[i].first + ": " + entries[i].second;
      }
      out += '}';
      return true;
    }
    case Kind::Opaque: out += v.as_opaque().debug_string(); return true;
    default: return false;
  }
}

std::string to_base(std::uint64_t u, int base, bool upper) {
  if (u == 0) return "0";
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string s;
  while (u) {
    s += digits[u % static_cast<std::uint64_t>(base)];
    u /= static_cast<std::uint64_t>(base);
  }
  std::reverse(s.begin(), s.end());
  return s;
}

std::string signed_base(std::int64_t i, int base, bool upper) {
  if (i < 0) {
    std::string s = to_base(0 - static_cast<std::uint64_t>(i), base, upper);
    s.insert(s.begin(), '-');
    return s;
  }
  return to_base(static_cast<std::uint64_t>(i), base, upper);
}

Value format_error(const std::string& msg) { return Value::error("error during formatting: " + msg); }

Value format_v4(Args a) {
  std::string_view f = a[0].as_string();
  const ListValue& args = a[1].as_list();
  std::string out;
  std::size_t next = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') {
      out += f[i];
      continue;
    }
    ++i;
    if (i < f.size() && f[i] == '%') {
      out += '%';
      continue;
    }
    int precision = -1;
    if (i < f.size() && f[i] == '.') {
      ++i;
      precision = 0;
      while (i < f.size() && f[i] >= '0' && f[i] <= '9' && precision < 1000) precision = precision * 10 + (f[i++] - '0');
    }
    if (i >= f.size()) return Value::error("could not parse formatting clause: unexpected end of format string");
    char verb = f[i];
    if (std::string_view("sdfeXxbo").find(verb) == std::string_view::npos)
      return Value::error(std::string("could not parse formatting clause: unrecognized formatting clause \"") + verb +
                          "\"");
    if (next >= args.size()) return Value::error("index " + std::to_string(next) + " out of range");
    Value v = args.get(next++);
    std::string tn(v.type_name());
    auto fixed_or_sci = [&](bool sci) -> Value {
      double d;
      if (v.kind() == Kind::Double) d = v.as_double();
      else if (v.kind() == Kind::Int) d = static_cast<double>(v.as_int());
      else if (v.kind() == Kind::Uint) d = static_cast<double>(v.as_uint());
      else
        return format_error(std::string(sci ? "scientific" : "fixed-point") +
                            " clause can only be used on doubles, was given " + tn);
      if (std::isnan(d) || std::isinf(d)) {
        out += double_text(d);
        return Value();
      }
      int digits = precision < 0 ? 6 : std::min(precision, 300);
      const char* fmt = sci ? "%.*e" : "%.*f";
      int n = std::snprintf(nullptr, 0, fmt, digits, d);
      if (n > 0) {
        std::string buf(static_cast<std::size_t>(n) + 1, '\0');
        std::snprintf(buf.data(), buf.size(), fmt, digits, d);
        buf.resize(static_cast<std::size_t>(n));
        out += buf;
      }
      return Value();
    };
    switch (verb) {
      case 's':
        if (!string_form(v, out)) return format_error("string clause can only be used on strings, was given " + tn);
        break;
      case 'd':
        if (v.kind() == Kind::Int) out += std::to_string(v.as_int());
        else if (v.kind() == Kind::Uint) out += std::to_string(v.as_uint());
        else if (v.kind() == Kind::Double && (std::isnan(v.as_double()) || std::isinf(v.as_double())))
          out += double_text(v.as_double());
        else return format_error("decimal clause can only be used on integers, was given " + tn);
        break;
      case 'f':
      case 'e': {
        Value err = fixed_or_sci(verb == 'e');
        if (err.is_error()) return err;
        break;
      }
      case 'x':
      case 'X': {
        bool up = verb == 'X';
        if (v.kind() == Kind::Int) out += signed_base(v.as_int(), 16, up);
        else if (v.kind() == Kind::Uint) out += to_base(v.as_uint(), 16, up);
        else if (v.kind() == Kind::String || v.kind() == Kind::Bytes) {
          const char* digits = up ? "0123456789ABCDEF" : "0123456789abcdef";
          for (unsigned char c : v.as_string()) {
            out += digits[c >> 4];
            out += digits[c & 15];
          }
        } else {
          return format_error("only integers, byte buffers, and strings can be formatted as hex, was given " + tn);
        }
        break;
      }
      case 'b':
        if (v.kind() == Kind::Int) out += signed_base(v.as_int(), 2, false);
        else if (v.kind() == Kind::Uint) out += to_base(v.as_uint(), 2, false);
        else if (v.kind() == Kind::Bool) out += v.as_bool() ? "1" : "0";
        else return format_error("only integers and bools can be formatted as binary, was given " + tn);
        break;
      case 'o':
        if (v.kind() == Kind::Int) out += signed_base(v.as_int(), 8, false);
        else if (v.kind() == Kind::Uint) out += to_base(v.as_uint(), 8, false);
        else return format_error("octal clause can only be used on integers, was given " + tn);
        break;
      default: break;
    }
  }
  return Value::string(std::move(out));
}

Impl plain(Value (*f)(Args)) {
  return [f](Args a, EvalContext&) { return f(a); };
}

// cost.go's price of a call by its receiver: ceil(factor * code points).
Overload by_size(std::string id, std::vector<Type> params, Type result, Value (*f)(Args), double factor) {
  return own_cost(make_overload(std::move(id), std::move(params), std::move(result), [f, factor](Args a, EvalContext& c) {
    if (!c.add_cost(ceil_cost(actual_size(a[0]), factor))) return cost_limit_error();
    return f(a);
  }, true));
}

// cost.go's price of indexOf and lastIndexOf: the traversal of the receiver's bytes.
Overload traversing(std::string id, std::vector<Type> params, Value (*f)(Args)) {
  return own_cost(make_overload(std::move(id), std::move(params), T("int"), [f](Args a, EvalContext& c) {
    const std::optional<std::uint64_t> cost = kube_traversal_cost(a[0], cost_left(c));
    if (!cost) return list_too_long("indexOf", actual_size(a[0]));
    if (!c.add_cost(*cost)) return cost_limit_error();
    return f(a);
  }, true));
}

// cel-go's own price of format and strings.quote, by their overload: ceil(0.1 * code points).
Impl by_overload_size(Value (*f)(Args)) {
  return [f](Args a, EvalContext& c) {
    if (!c.add_cost(c.overload_resolved() ? ceil_cost(actual_size(a[0]), 0.1) : 1)) return cost_limit_error();
    return f(a);
  };
}

}  // namespace

void add_strings_library(Env& env, std::uint32_t version) {
  const Type s = T("string"), i = T("int"), ls = Type::list(T("string"));
  env.add_function("charAt", {make_overload("string_char_at_int", {s, i}, s, plain(char_at), true)});
  env.add_function("indexOf", {
      traversing("string_index_of_string", {s, s}, [](Args a) { return index_of(a[0].as_string(), a[1].as_string(), 0); }),
      traversing("string_index_of_string_int", {s, s, i},
                 [](Args a) { return index_of(a[0].as_string(), a[1].as_string(), a[2].as_int()); }),
  });
  env.add_function("lastIndexOf", {
      traversing("string_last_index_of_string", {s, s},
                 [](Args a) { return last_index_of(a[0].as_string(), a[1].as_string()); }),
      traversing("string_last_index_of_string_int", {s, s, i},
                 [](Args a) { return last_index_of(a[0].as_string(), a[1].as_string(), a[2].as_int()); }),
  });
  env.add_function("lowerAscii", {by_size("string_lower_ascii", {s}, s, [](Args a) { return ascii_case(a[0].as_string(), false); }, 0.1)});
  env.add_function("replace", {by_size("string_replace_string_string", {s, s, s}, s, replace, 0.2),
                               by_size("string_replace_string_string_int", {s, s, s, i}, s, replace, 0.2)});
  env.add_function("split", {by_size("string_split_string", {s, s}, ls, split, 0.2),
                             by_size("string_split_string_int", {s, s, i}, ls, split, 0.2)});
  env.add_function("substring", {by_size("string_substring_int", {s, i}, s, substring, 0.1),
                                 by_size("string_substring_int_int", {s, i, i}, s, substring, 0.1)});
  env.add_function("trim", {by_size("string_trim", {s}, s, [](Args a) { return trim(a[0].as_string()); }, 0.1)});
  env.add_function("upperAscii", {by_size("string_upper_ascii", {s}, s, [](Args a) { return ascii_case(a[0].as_string(), true); }, 0.1)});
  if (version >= 1) {
    Value (*fmt)(Args) = version >= 4 ? format_v4 : [](Args a) { return format_v1(a[0].as_string(), a[1].as_list()); };
    env.add_function("format", {own_cost(make_overload("string_format", {s, Type::list(Type::dyn())}, s, by_overload_size(fmt), true))});
    env.add_function("strings.quote", {own_cost(make_overload("strings_quote", {s}, s, by_overload_size([](Args a) {
                                                                return Value::string(quote(a[0].as_string()));
                                                              })))});
    mutable_impl(env).format_validation = version >= 4 ? 4 : 1;
  }
  // join prices its result: ceil(0.2 * code points).
  auto joined = [version](Args a, EvalContext& c) {
    Value r = join(a, version);
    if (!c.add_cost(ceil_cost(2 * actual_size(r), 0.1))) return cost_limit_error();
    return r;
  };
  env.add_function("join", {own_cost(make_overload("list_join", {ls}, s, joined, true)),
                            own_cost(make_overload("list_join_string", {ls, s}, s, joined, true))});
  if (version >= 3)
    env.add_function("reverse", {make_overload("string_reverse", {s}, s, plain([](Args a) { return reverse(a[0].as_string()); }), true)});
}

}  // namespace podfit::cel
