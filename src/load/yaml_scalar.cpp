#include "yaml_scalar.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <regex>

#include <fmt/format.h>

namespace podfit {
namespace {

// strconv.ParseInt/ParseUint with base 0: sign, then 0x/0o/0b prefixes or a leading 0 for octal.
bool parse_go_int(std::string_view s, bool allow_sign, bool& negative, uint64_t& magnitude) {
  negative = false;
  size_t p = 0;
  if (allow_sign && p < s.size() && (s[p] == '+' || s[p] == '-')) {
    negative = s[p] == '-';
    ++p;
  }
  if (p >= s.size()) return false;
  int base = 10;
  if (s[p] == '0' && p + 1 < s.size()) {
    char x = s[p + 1];
    if (x == 'x' || x == 'X') base = 16, p += 2;
    else if (x == 'o' || x == 'O') base = 8, p += 2;
    else if (x == 'b' || x == 'B') base = 2, p += 2;
    else base = 8, p += 1;
  }
  if (p >= s.size()) return false;
  uint64_t v = 0;
  for (; p < s.size(); ++p) {
    char c = s[p];
    int d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else return false;
    if (d >= base) return false;
    if (v > (std::numeric_limits<uint64_t>::max() - static_cast<uint64_t>(d)) / static_cast<uint64_t>(base)) return false;
    v = v * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
  }
  magnitude = v;
  return true;
}

// go-yaml v2's yamlStyleFloat: ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
bool yaml_style_float(std::string_view s) {
  size_t p = 0;
  auto digits = [&] {
    size_t start = p;
    while (p < s.size() && s[p] >= '0' && s[p] <= '9') ++p;
    return p > start;
  };
  if (p < s.size() && (s[p] == '+' || s[p] == '-')) ++p;
  if (p < s.size() && s[p] == '.') {
    ++p;
    if (!digits()) return false;
  } else {
    if (!digits()) return false;
    if (p < s.size() && s[p] == '.') {
      ++p;
      digits();
    }
  }
  if (p < s.size() && (s[p] == 'e' || s[p] == 'E')) {
    ++p;
    if (p < s.size() && (s[p] == '+' || s[p] == '-')) ++p;
    if (!digits()) return false;
  }
  return p == s.size();
}

bool parse_double(std::string_view s, double& out) {
  std::string copy(s);
  if (!copy.empty() && copy[0] == '+') copy.erase(0, 1);
  const char* begin = copy.c_str();
  char* end = nullptr;
  out = std::strtod(begin, &end);
  // Go's ParseFloat fails on overflow, and go-yaml then keeps the scalar a string.
  return end == begin + copy.size() && !copy.empty() && !std::isinf(out);
}

bool in(std::string_view s, std::initializer_list<std::string_view> words) {
  for (auto w : words) {
    if (s == w) return true;
  }
  return false;
}

}  // namespace

YamlScalar resolve_plain_scalar(std::string_view s) {
  YamlScalar r;
  if (in(s, {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})) {
    r.kind = YamlScalar::Kind::Bool;
    r.b = true;
    return r;
  }
  if (in(s, {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"})) {
    r.kind = YamlScalar::Kind::Bool;
    return r;
  }
  if (in(s, {"", "~", "null", "Null", "NULL"})) {
    r.kind = YamlScalar::Kind::Null;
    return r;
  }
  if (in(s, {".nan", ".NaN", ".NAN"})) {
    r.kind = YamlScalar::Kind::Float;
    r.f = std::numeric_limits<double>::quiet_NaN();
    return r;
  }
  if (in(s, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"})) {
    r.kind = YamlScalar::Kind::Float;
    r.f = std::numeric_limits<double>::infinity();
    return r;
  }
  if (in(s, {"-.inf", "-.Inf", "-.INF"})) {
    r.kind = YamlScalar::Kind::Float;
    r.f = -std::numeric_limits<double>::infinity();
    return r;
  }
  char first = s[0];
  if (first == '.') {
    double f;
    if (parse_double(s, f)) {
      r.kind = YamlScalar::Kind::Float;
      r.f = f;
    }
    return r;
  }
  if (first == '+' || first == '-' || (first >= '0' && first <= '9')) {
    std::string plain;
    plain.reserve(s.size());
    for (char c : s) {
      if (c != '_') plain += c;
    }
    bool negative;
    uint64_t magnitude;
    if (parse_go_int(plain, true, negative, magnitude)) {
      if (!negative && magnitude <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        r.kind = YamlScalar::Kind::Int;
        r.i = static_cast<int64_t>(magnitude);
        return r;
      }
      if (negative && magnitude <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) + 1) {
        r.kind = YamlScalar::Kind::Int;
        r.i = static_cast<int64_t>(0 - magnitude);
        return r;
      }
      if (!negative && plain[0] != '+') {
        r.kind = YamlScalar::Kind::Uint;
        r.u = magnitude;
        return r;
      }
    }
    double f;
    if (yaml_style_float(plain) && parse_double(plain, f)) {
      r.kind = YamlScalar::Kind::Float;
      r.f = f;
      return r;
    }
  }
  return r;  // a string
}

std::string format_go_float32(double value) {
  float f = static_cast<float>(value);
  if (std::isnan(f)) return "NaN";
  if (std::isinf(f)) return f > 0 ? "+Inf" : "-Inf";
  if (f == 0) return std::signbit(f) ? "-0" : "0";
  // Shortest digits that read back as the same float32.
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, f, std::chars_format::scientific);
  std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
  bool neg = sci[0] == '-';
  if (neg) sci.remove_prefix(1);
  size_t e = sci.find('e');
  std::string digits;
  for (char c : sci.substr(0, e)) {
    if (c != '.') digits += c;
  }
  int exp10 = std::stoi(std::string(sci.substr(e + 1)));
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  int nd = static_cast<int>(digits.size());
  int dp = exp10 + 1;  // position of the decimal point relative to the digits
  std::string out = neg ? "-" : "";
  int exp = dp - 1;
  if (exp < -4 || exp >= 6) {
    out += digits[0];
    if (nd > 1) {
      out += '.';
      out += digits.substr(1);
    }
    out += fmt::format("e{}{:02d}", exp < 0 ? '-' : '+', std::abs(exp));
    return out;
  }
  if (dp <= 0) {
    out += "0.";
    out += std::string(static_cast<size_t>(-dp), '0');
    out += digits;
  } else if (dp >= nd) {
    out += digits;
    out += std::string(static_cast<size_t>(dp - nd), '0');
  } else {
    out += digits.substr(0, static_cast<size_t>(dp));
    out += '.';
    out += digits.substr(static_cast<size_t>(dp));
  }
  return out;
}

std::string format_json_float(double f) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, f);
  return std::string(buf, static_cast<size_t>(res.ptr - buf));
}

}  // namespace podfit
