// robfig/cron v3's ParseStandard, reimplemented for its errors: minute, hour, day of month,
// month and day of week, each a comma-separated list of `*`, `?`, numbers, names and ranges
// with an optional step.
#include "validation/batch/cron_schedule.h"

#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "podfit/model/field_errors.h"
#include "podfit/util/go_time.h"
#include "podfit/util/utf8.h"
#include "validation/api_release.h"

namespace podfit {
namespace {

struct Bounds {
  uint64_t min, max;
  std::vector<std::string_view> names;  // names[k] stands for min_name + k
  uint64_t first_name = 0;
};

const Bounds kMinutes{0, 59, {}};
const Bounds kHours{0, 23, {}};
const Bounds kDaysOfMonth{1, 31, {}};
const Bounds kMonths{1, 12, {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}, 1};
const Bounds kDaysOfWeek{0, 6, {"sun", "mon", "tue", "wed", "thu", "fri", "sat"}, 0};

// A failed parse: the message robfig/cron returns.
struct CronError {
  std::string message;
};

// strings.Split: every piece, empty ones included.
std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == separator) {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

// strings.Fields: the runs between Unicode white space.
std::vector<std::string_view> fields(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = std::string_view::npos;
  for (size_t i = 0; i < text.size();) {
    const auto [rune, width] = decode_rune(text, i);
    if (is_go_space(rune)) {
      if (start != std::string_view::npos) out.push_back(text.substr(start, i - start));
      start = std::string_view::npos;
    } else if (start == std::string_view::npos) {
      start = i;
    }
    i += width;
  }
  if (start != std::string_view::npos) out.push_back(text.substr(start));
  return out;
}

// strings.TrimSpace.
std::string_view trim_space(std::string_view text) {
  size_t begin = 0;
  while (begin < text.size()) {
    const auto [rune, width] = decode_rune(text, begin);
    if (!is_go_space(rune)) break;
    begin += width;
  }
  text.remove_prefix(begin);
  // Trailing space is found by scanning forward: UTF-8 cannot be decoded backwards byte by byte here.
  size_t end = 0;
  for (size_t i = 0; i < text.size();) {
    const auto [rune, width] = decode_rune(text, i);
    i += width;
    if (!is_go_space(rune)) end = i;
  }
  return text.substr(0, end);
}

// strconv.Atoi, the error worded as NumError prints it; a negative number is refused after.
uint64_t parse_count(std::string_view text) {
  auto fail = [&](std::string_view why) -> uint64_t {
    throw CronError{fmt::format("failed to parse int from {}: strconv.Atoi: parsing {}: {}", text,
                                field::go_quote(text), why)};
  };
  std::string_view digits = text;
  bool negative = false;
  if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) {
    negative = digits[0] == '-';
    digits.remove_prefix(1);
  }
  if (digits.empty()) fail("invalid syntax");
  uint64_t value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') fail("invalid syntax");
    const auto digit = static_cast<uint64_t>(c - '0');
    if (value > (UINT64_MAX - digit) / 10) fail("value out of range");  // reported where the digits overflow
    value = value * 10 + digit;
  }
  constexpr uint64_t kIntLimit = uint64_t{1} << 63;
  if ((!negative && value >= kIntLimit) || (negative && value > kIntLimit)) fail("value out of range");
  if (negative && value != 0) {
    throw CronError{fmt::format("negative number (-{}) not allowed: {}", value, text)};
  }
  return value;
}

// strings.ToLower as far as it can reach a name: ASCII letters, and the two runes that lower
// to ASCII (U+0130 to i, the Kelvin sign to k); nullopt for anything else beyond ASCII.
std::optional<std::string> lower_ascii(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const auto [rune, width] = decode_rune(text, i);
    i += width;
    if (rune >= 'A' && rune <= 'Z') out += static_cast<char>(rune - 'A' + 'a');
    else if (rune >= 0 && rune < 0x80) out += static_cast<char>(rune);
    else if (rune == 0x130) out += 'i';
    else if (rune == 0x212A) out += 'k';
    else return std::nullopt;
  }
  return out;
}

uint64_t parse_count_or_name(std::string_view text, const Bounds& bounds) {
  if (!bounds.names.empty()) {
    if (std::optional<std::string> lower = lower_ascii(text)) {
      for (size_t k = 0; k < bounds.names.size(); ++k) {
        if (bounds.names[k] == *lower) return bounds.first_name + k;
      }
    }
  }
  return parse_count(text);
}

// One range: `*`, `?`, a number or name, `a-b`, each with an optional `/step`.
void check_range(std::string_view expr, const Bounds& bounds) {
  const std::vector<std::string_view> range_and_step = split(expr, '/');
  const std::vector<std::string_view> low_and_high = split(range_and_step[0], '-');
  uint64_t start = 0, end = 0, step = 1;
  // A wildcard covers the whole range, whatever follows a hyphen.
  if (low_and_high[0] == "*" || low_and_high[0] == "?") {
    start = bounds.min, end = bounds.max;
  } else {
    start = parse_count_or_name(low_and_high[0], bounds);
    if (low_and_high.size() == 1) end = start;
    else if (low_and_high.size() == 2) end = parse_count_or_name(low_and_high[1], bounds);
    else throw CronError{fmt::format("too many hyphens: {}", expr)};
  }
  if (range_and_step.size() == 2) {
    step = parse_count(range_and_step[1]);
    if (low_and_high.size() == 1) end = bounds.max;  // "N/step" runs from N to the end
  } else if (range_and_step.size() > 2) {
    throw CronError{fmt::format("too many slashes: {}", expr)};
  }
  if (start < bounds.min) {
    throw CronError{fmt::format("beginning of range ({}) below minimum ({}): {}", start, bounds.min, expr)};
  }
  if (end > bounds.max) {
    throw CronError{fmt::format("end of range ({}) above maximum ({}): {}", end, bounds.max, expr)};
  }
  if (start > end) {
    throw CronError{fmt::format("beginning of range ({}) beyond end of range ({}): {}", start, end, expr)};
  }
  if (step == 0) throw CronError{fmt::format("step of range should be a positive number: {}", expr)};
}

// A field: its comma-separated ranges, empty ones skipped.
void check_field(std::string_view field, const Bounds& bounds) {
  for (std::string_view expr : split(field, ',')) {
    if (!expr.empty()) check_range(expr, bounds);
  }
}

void check_descriptor(std::string_view descriptor) {
  for (std::string_view known : {"@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"}) {
    if (descriptor == known) return;
  }
  constexpr std::string_view kEvery = "@every ";
  if (descriptor.starts_with(kEvery)) {
    std::string error;
    if (!parse_go_duration(descriptor.substr(kEvery.size()), &error)) {
      throw CronError{fmt::format("failed to parse duration {}: {}", descriptor, error)};
    }
    return;
  }
  throw CronError{fmt::format("unrecognized descriptor: {}", descriptor)};
}

void check_schedule(std::string_view spec) {
  if (spec.empty()) throw CronError{"empty spec string"};
  if (spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=")) {
    const size_t space = spec.find(' ');
    const size_t equals = spec.find('=');
    if (space == std::string_view::npos) {
      // The parser slices up to a space that is not there: Go panics, which the API server
      // recovers from as an invalid schedule from v1.35 on; before, the request itself fails.
      const std::string panic = "runtime error: slice bounds out of range [:-1]";
      if (api_release().at_least(35)) throw CronError{"invalid schedule format: " + panic};
      throw CronError{fmt::format("kube-apiserver {} panics on this schedule ({}), failing the request",
                                  api_release().name(), panic)};
    }
    const std::string_view location = spec.substr(equals + 1, space - equals - 1);
    if (std::string error = load_location_error(location); !error.empty()) {
      throw CronError{fmt::format("provided bad location {}: {}", location, error)};
    }
    spec = trim_space(spec.substr(space));
  }
  if (spec.starts_with("@")) {
    check_descriptor(spec);
    return;
  }
  const std::vector<std::string_view> parts = fields(spec);
  if (parts.size() != 5) {
    std::string listed;
    for (size_t i = 0; i < parts.size(); ++i) listed += (i > 0 ? " " : "") + std::string(parts[i]);
    throw CronError{fmt::format("expected exactly 5 fields, found {}: [{}]", parts.size(), listed)};
  }
  check_field(parts[0], kMinutes);
  check_field(parts[1], kHours);
  check_field(parts[2], kDaysOfMonth);
  check_field(parts[3], kMonths);
  check_field(parts[4], kDaysOfWeek);
}

}  // namespace

std::string cron_schedule_error(std::string_view schedule) {
  try {
    check_schedule(schedule);
  } catch (const CronError& e) {
    return e.message;
  }
  return "";
}

}  // namespace podfit
