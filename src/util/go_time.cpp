// time.ParseDuration, Duration.String, the time package's quoting and LoadLocation's answers.
#include "podfit/util/go_time.h"

#include <fmt/format.h>

#include <cmath>

#include "podfit/util/utf8.h"

namespace podfit {
namespace {

constexpr uint64_t kMaxDuration = uint64_t{1} << 63;

uint64_t unit_nanoseconds(std::string_view unit) {
  if (unit == "ns") return 1;
  if (unit == "us" || unit == "\xC2\xB5s" || unit == "\xCE\xBCs") return 1'000;
  if (unit == "ms") return 1'000'000;
  if (unit == "s") return 1'000'000'000;
  if (unit == "m") return 60'000'000'000;
  if (unit == "h") return 3'600'000'000'000;
  return 0;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::string go_time_quote(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size();) {
    const auto [rune, width] = decode_rune(text, i);
    if (rune < 0x20 || rune >= 0x80) {
      for (size_t k = 0; k < width; ++k) out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i + k]));
    } else {
      if (rune == '"' || rune == '\\') out += '\\';
      out += static_cast<char>(rune);
    }
    i += width;
  }
  return out + "\"";
}

std::optional<int64_t> parse_go_duration(std::string_view s, std::string* error) {
  const std::string_view orig = s;
  auto fail = [&](std::string_view what) -> std::optional<int64_t> {
    if (error != nullptr) *error = fmt::format("time: {} {}", what, go_time_quote(orig));
    return std::nullopt;
  };
  bool negative = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s == "0") return 0;
  if (s.empty()) return fail("invalid duration");
  uint64_t total = 0;
  while (!s.empty()) {
    if (s[0] != '.' && !is_digit(s[0])) return fail("invalid duration");
    // The integer part, refused once it passes 1<<63.
    uint64_t whole = 0;
    size_t i = 0;
    for (; i < s.size() && is_digit(s[i]); ++i) {
      if (whole > kMaxDuration / 10) return fail("invalid duration");
      whole = whole * 10 + static_cast<uint64_t>(s[i] - '0');
      if (whole > kMaxDuration) return fail("invalid duration");
    }
    const bool before_point = i > 0;
    s.remove_prefix(i);
    // The fraction: digits past what fits are read but ignored.
    uint64_t fraction = 0;
    double scale = 1;
    bool after_point = false;
    if (!s.empty() && s[0] == '.') {
      s.remove_prefix(1);
      bool overflow = false;
      size_t k = 0;
      for (; k < s.size() && is_digit(s[k]); ++k) {
        if (overflow) continue;
        if (fraction > (kMaxDuration - 1) / 10) {
          overflow = true;
          continue;
        }
        const uint64_t next = fraction * 10 + static_cast<uint64_t>(s[k] - '0');
        if (next > kMaxDuration) {
          overflow = true;
          continue;
        }
        fraction = next;
        scale *= 10;
      }
      after_point = k > 0;
      s.remove_prefix(k);
    }
    if (!before_point && !after_point) return fail("invalid duration");
    size_t unit_end = 0;
    while (unit_end < s.size() && s[unit_end] != '.' && !is_digit(s[unit_end])) ++unit_end;
    if (unit_end == 0) return fail("missing unit in duration");
    const std::string_view unit = s.substr(0, unit_end);
    s.remove_prefix(unit_end);
    const uint64_t ns = unit_nanoseconds(unit);
    if (ns == 0) return fail(fmt::format("unknown unit {} in duration", go_time_quote(unit)));
    if (whole > kMaxDuration / ns) return fail("invalid duration");
    uint64_t value = whole * ns;
    if (fraction > 0) {
      // As Go: the fraction's nanoseconds through float64, exact enough for fractions of hours.
      value += static_cast<uint64_t>(static_cast<double>(fraction) * (static_cast<double>(ns) / scale));
      if (value > kMaxDuration) return fail("invalid duration");
    }
    total += value;
    if (total > kMaxDuration) return fail("invalid duration");
  }
  if (negative) return static_cast<int64_t>(0 - total);
  if (total > kMaxDuration - 1) return fail("invalid duration");
  return static_cast<int64_t>(total);
}

std::string format_go_duration(int64_t ns) {
  if (ns == 0) return "0s";
  const bool negative = ns < 0;
  const uint64_t u = negative ? static_cast<uint64_t>(-(ns + 1)) + 1 : static_cast<uint64_t>(ns);
  std::string out;
  auto fraction = [](uint64_t v, int precision) {
    // v printed with `precision` decimal digits, trailing zeros (and the dot) dropped.
    std::string digits = fmt::format("{:0{}}", v % static_cast<uint64_t>(std::pow(10, precision)), precision);
    while (!digits.empty() && digits.back() == '0') digits.pop_back();
    std::string whole = fmt::format("{}", v / static_cast<uint64_t>(std::pow(10, precision)));
    return digits.empty() ? whole : whole + "." + digits;
  };
  if (u < 1'000'000'000ULL) {
    if (u < 1'000ULL) out = fmt::format("{}ns", u);
    else if (u < 1'000'000ULL) out = fraction(u, 3) + "\xC2\xB5s";
    else out = fraction(u, 6) + "ms";
  } else {
    const uint64_t seconds = u / 1'000'000'000ULL;
    const uint64_t nanos = u % 1'000'000'000ULL;
    const std::string sec = fraction(seconds % 60 * 1'000'000'000ULL + nanos, 9) + "s";
    const uint64_t minutes = seconds / 60;
    if (minutes == 0) {
      out = sec;
    } else {
      const uint64_t hours = minutes / 60;
      out = (hours ? fmt::format("{}h", hours) : std::string()) + fmt::format("{}m", minutes % 60) + sec;
    }
  }
  return negative ? "-" + out : out;
}

std::string load_location_error(std::string_view name) {
  if (name.empty() || name == "UTC" || name == "Local") return "";
  // No IANA name holds "..", or starts with a slash: Go refuses them before looking.
  if (name.find("..") != std::string_view::npos || name[0] == '/' || name[0] == '\\') {
    return "time: invalid location name";
  }
  if (is_embedded_time_zone(name)) return "";
  return fmt::format("unknown time zone {}", name);
}

}  // namespace podfit
