// time.ParseDuration, Duration.String, the time package's quoting and LoadLocation's answers.
#include "podfit/util/go_time.h"

#include <fmt/format.h>

#include <cmath>

#include "podfit/util/civil_date.h"
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

namespace {

bool is_digit_at(std::string_view s, size_t i) { return i < s.size() && s[i] >= '0' && s[i] <= '9'; }

// time.getnum: one or two digits (two when `fixed`).
bool get_number(std::string_view& s, bool fixed, int& out) {
  if (!is_digit_at(s, 0)) return false;
  if (!is_digit_at(s, 1)) {
    if (fixed) return false;
    out = s[0] - '0';
    s.remove_prefix(1);
    return true;
  }
  out = (s[0] - '0') * 10 + (s[1] - '0');
  s.remove_prefix(2);
  return true;
}

}  // namespace

std::optional<std::string> normalize_go_rfc3339(std::string_view text, std::string* error) {
  const std::optional<GoInstant> instant = parse_go_rfc3339(text, error);
  if (!instant) return std::nullopt;
  // Already as the API server writes it (UTC, to the second, two-digit hour): kept as it is.
  if (text.size() == 20 && text.back() == 'Z') return std::string(text);
  int64_t days = instant->seconds / 86400, rem = instant->seconds % 86400;
  if (rem < 0) {
    rem += 86400;
    --days;
  }
  int64_t y = 0;
  unsigned m = 0, d = 0;
  civil_from_days(days, y, m, d);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", y, m, d, rem / 3600, rem / 60 % 60, rem % 60);
}

std::optional<GoInstant> parse_go_rfc3339(std::string_view text, std::string* error) {
  constexpr std::string_view kLayout = "2006-01-02T15:04:05Z07:00";
  // Go's ParseError wordings: an element that does not parse, or a message after the value.
  auto cannot_parse = [&](std::string_view rest, std::string_view element) -> std::optional<GoInstant> {
    if (error != nullptr) {
      *error = fmt::format("parsing time {} as {}: cannot parse {} as {}", go_time_quote(text), go_time_quote(kLayout),
                           go_time_quote(rest), go_time_quote(element));
    }
    return std::nullopt;
  };
  auto failed = [&](std::string_view message) -> std::optional<GoInstant> {
    if (error != nullptr) *error = fmt::format("parsing time {}{}", go_time_quote(text), message);
    return std::nullopt;
  };
  auto out_of_range = [&](std::string_view what) { return failed(fmt::format(": {} out of range", what)); };
  std::string_view v = text;
  auto literal = [&](char c) {
    if (v.empty() || v[0] != c) return false;
    v.remove_prefix(1);
    return true;
  };
  // 2006: four bytes, the first a digit, all of them a number.
  if (v.size() < 4 || !is_digit_at(v, 0)) return cannot_parse(v, "2006");
  int64_t year = 0;
  for (size_t i = 0; i < 4; ++i) {
    if (!is_digit_at(v, i)) return cannot_parse(v, "2006");
    year = year * 10 + (v[i] - '0');
  }
  v.remove_prefix(4);
  if (!literal('-')) return cannot_parse(v, "-");
  int month = 0, day = 0, hour = 0, minute = 0, second = 0;
  std::string_view hold = v;
  if (!get_number(v, true, month)) return cannot_parse(hold, "01");
  if (month < 1 || month > 12) return out_of_range("month");
  if (!literal('-')) return cannot_parse(v, "-");
  hold = v;
  if (!get_number(v, true, day)) return cannot_parse(hold, "02");
  if (!literal('T')) return cannot_parse(v, "T");
  hold = v;
  if (!get_number(v, false, hour)) return cannot_parse(hold, "15");
  if (hour >= 24) return out_of_range("hour");
  if (!literal(':')) return cannot_parse(v, ":");
  hold = v;
  if (!get_number(v, true, minute)) return cannot_parse(hold, "04");
  if (minute >= 60) return out_of_range("minute");
  if (!literal(':')) return cannot_parse(v, ":");
  hold = v;
  if (!get_number(v, true, second)) return cannot_parse(hold, "05");
  if (second >= 60) return out_of_range("second");
  // A fraction the layout does not name is read anyway.
  int32_t nanos = 0;
  if (v.size() >= 2 && (v[0] == '.' || v[0] == ',') && is_digit_at(v, 1)) {
    size_t n = 1;
    // Nanoseconds from the first nine digits; Go ignores any after them.
    for (int32_t scale = 100000000; is_digit_at(v, n); ++n, scale /= 10) nanos += (v[n] - '0') * scale;
    v.remove_prefix(n);
  }
  int64_t offset = 0;
  hold = v;
  if (!v.empty() && v[0] == 'Z') {
    v.remove_prefix(1);
  } else {
    if (v.size() < 6 || v[3] != ':') return cannot_parse(hold, "Z07:00");
    std::string_view h = v.substr(1, 2), m = v.substr(4, 2);
    const char sign = v[0];
    v.remove_prefix(6);
    int oh = 0, om = 0;
    if (!get_number(h, true, oh) || !get_number(m, true, om)) return cannot_parse(hold, "Z07:00");
    if (om > 60) return out_of_range("time zone offset minute");
    if (oh > 24) return out_of_range("time zone offset hour");
    if (sign != '+' && sign != '-') return cannot_parse(hold, "Z07:00");
    offset = (sign == '-' ? -1 : 1) * (oh * 3600 + om * 60);
  }
  if (!v.empty()) return failed(fmt::format(": extra text: {}", go_time_quote(v)));
  if (day < 1 || static_cast<unsigned>(day) > days_in_month(static_cast<unsigned>(month), year)) {
    return out_of_range("day");
  }
  GoInstant out;
  out.seconds = days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)) * 86400 +
                hour * 3600 + minute * 60 + second - offset;
  out.nanos = nanos;
  return out;
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
