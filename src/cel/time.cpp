// CEL's timestamps and durations (google.protobuf.Timestamp and .Duration): RFC 3339 and Go
// duration text, arithmetic within CEL's ranges, ordering, calendar accessors in UTC or a
// fixed offset. They are opaque values, added through the same API hosts use.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>

#include "internal.h"
#include "podfit/util/civil_date.h"
#include "podfit/util/go_time.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;
// Wide enough for any timestamp in nanoseconds.
__extension__ typedef __int128 i128;

constexpr std::string_view kTimestamp = "google.protobuf.Timestamp";
constexpr std::string_view kDuration = "google.protobuf.Duration";
constexpr std::int64_t kNanos = 1000000000;
// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z in Unix seconds.
constexpr std::int64_t kMinSeconds = -62135596800;
constexpr std::int64_t kMaxSeconds = 253402300799;

// A point or span of time as seconds and nanoseconds (0 <= nanos < 1e9 for timestamps; the
// sign of seconds for durations).
struct Time {
  std::int64_t seconds = 0;
  std::int32_t nanos = 0;
};

i128 total_nanos(Time t) { return static_cast<i128>(t.seconds) * kNanos + t.nanos; }
Time from_nanos(i128 n, bool duration) {
  Time t;
  auto s = static_cast<std::int64_t>(n / kNanos);
  auto r = static_cast<std::int32_t>(n % kNanos);
  if (!duration && r < 0) {
    r += kNanos;
    --s;
  }
  t.seconds = s;
  t.nanos = r;
  return t;
}


class TimeValue : public OpaqueValue {
 public:
  TimeValue(Time t, bool duration) : t_(t), duration_(duration) {}
  std::string_view type_name() const override { return duration_ ? kDuration : kTimestamp; }
  bool equals(const OpaqueValue& o) const override {
    const auto& x = static_cast<const TimeValue&>(o);
    return t_.seconds == x.t_.seconds && t_.nanos == x.t_.nanos;
  }
  std::string debug_string() const override;
  Time time() const { return t_; }

 private:
  Time t_;
  bool duration_;
};

Time get(const Value& v) { return static_cast<const TimeValue&>(v.as_opaque()).time(); }

Value timestamp_value(Time t) {
  if (t.seconds < kMinSeconds || t.seconds > kMaxSeconds) return Value::error("timestamp overflow");
  return Value::opaque(std::make_shared<TimeValue>(t, false));
}
// Durations span what cel-go's do: a signed 64-bit count of nanoseconds (about 292 years).
Value duration_value(Time t) {
  i128 n = total_nanos(t);
  if (n < INT64_MIN || n > INT64_MAX) return Value::error("duration out of range");
  return Value::opaque(std::make_shared<TimeValue>(t, true));
}

std::string fraction(std::int32_t nanos) {
  if (nanos == 0) return "";
  char buf[16];
  std::snprintf(buf, sizeof buf, ".%09d", nanos);
  std::string s(buf);
  while (s.back() == '0') s.pop_back();
  return s;
}

// RFC 3339 in UTC with the fraction's trailing zeros dropped, as Go's RFC3339Nano.
std::string timestamp_text(Time t) {
  std::int64_t days = t.seconds / 86400, rem = t.seconds % 86400;
  if (rem < 0) {
    rem += 86400;
    --days;
  }
  std::int64_t y;
  unsigned m, d;
  civil_from_days(days, y, m, d);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lld", static_cast<long long>(y), m, d,
                static_cast<long long>(rem / 3600), static_cast<long long>(rem / 60 % 60),
                static_cast<long long>(rem % 60));
  return buf + fraction(t.nanos) + "Z";
}

// Seconds with a fraction, as cel-go prints durations ("1.5s", "-3600s").
std::string duration_text(Time t) {
  i128 n = total_nanos(t);
  bool neg = n < 0;
  if (neg) n = -n;
  std::string s = std::to_string(static_cast<long long>(n / kNanos)) + fraction(static_cast<std::int32_t>(n % kNanos));
  return (neg ? "-" : "") + s + "s";
}

std::string TimeValue::debug_string() const { return duration_ ? duration_text(t_) : timestamp_text(t_); }

bool digits(std::string_view s, std::size_t pos, std::size_t n, int& out) {
  if (pos + n > s.size()) return false;
  out = 0;
  for (std::size_t i = pos; i < pos + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    out = out * 10 + (s[i] - '0');
  }
  return true;
}

std::optional<Time> parse_timestamp(std::string_view s) {
  const std::optional<GoInstant> t = parse_go_rfc3339(s);
  if (!t) return std::nullopt;
  return Time{t->seconds, t->nanos};
}


// An IANA time zone read from the system's database (/usr/share/zoneinfo, TZif files): its
// transitions and the UTC offset after each. Past the last transition the last offset holds
// (the file's rule for later years is not read).
struct Zone {
  std::vector<std::int64_t> transitions;
  std::vector<std::int32_t> offsets;  // offsets[i] applies from transitions[i - 1]
};

std::uint64_t big_endian(const unsigned char* p, int n) {
  std::uint64_t v = 0;
  for (int i = 0; i < n; ++i) v = (v << 8) | p[i];
  return v;
}

std::optional<Zone> parse_tzif(const std::string& data) {
  auto u = [&](std::size_t off) { return reinterpret_cast<const unsigned char*>(data.data()) + off; };
  if (data.size() < 44 || data.compare(0, 4, "TZif") != 0) return std::nullopt;
  auto counts = [&](std::size_t at, std::uint64_t c[6]) {
    for (int i = 0; i < 6; ++i) c[i] = big_endian(u(at + 20 + 4 * static_cast<std::size_t>(i)), 4);
  };
  std::uint64_t c[6];  // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
  counts(0, c);
  std::size_t at = 0;
  int width = 4;
  if (data[4] >= '2') {
    // Skip the 32-bit block to the 64-bit one.
    std::size_t v1 = 44 + c[3] * 4 + c[3] + c[4] * 6 + c[5] + c[2] * 8 + c[1] + c[0];
    if (data.size() < v1 + 44) return std::nullopt;
    at = v1;
    counts(at, c);
    width = 8;
  }
  std::size_t p = at + 44;
  std::size_t need = c[3] * static_cast<std::size_t>(width) + c[3] + c[4] * 6;
  if (c[4] == 0 || data.size() < p + need) return std::nullopt;
  Zone z;
  std::vector<std::uint8_t> idx(c[3]);
  for (std::size_t i = 0; i < c[3]; ++i) {
    std::uint64_t raw = big_endian(u(p + i * static_cast<std::size_t>(width)), width);
    z.transitions.push_back(width == 8 ? static_cast<std::int64_t>(raw)
                                       : static_cast<std::int64_t>(static_cast<std::int32_t>(raw)));
  }
  p += c[3] * static_cast<std::size_t>(width);
  for (std::size_t i = 0; i < c[3]; ++i) idx[i] = *u(p + i);
  p += c[3];
  std::vector<std::int32_t> type_offsets(c[4]);
  for (std::size_t i = 0; i < c[4]; ++i)
    type_offsets[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(big_endian(u(p + i * 6), 4)));
  // Before the first transition: the first standard-time type, as the format specifies the
  // first type is used.
  z.offsets.push_back(type_offsets[0]);
  for (std::uint8_t i : idx) {
    if (i >= type_offsets.size()) return std::nullopt;
    z.offsets.push_back(type_offsets[i]);
  }
  return z;
}

// The zone's offset at a Unix time; nullopt for a name that is not a readable zone.
std::optional<std::int64_t> iana_offset(std::string_view name, std::int64_t unix_seconds) {
  // Only plain zone names ("America/St_Johns"): never a path outside the database.
  if (name.empty() || name.size() > 64 || name[0] == '/' || name.find("..") != std::string_view::npos) return std::nullopt;
  for (char ch : name)
    if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '/' || ch == '_' || ch == '-' || ch == '+'))
      return std::nullopt;
  thread_local std::map<std::string, std::optional<Zone>, std::less<>> cache;
  auto it = cache.find(name);
  if (it == cache.end()) {
    std::optional<Zone> zone;
    if (cache.size() < 64) {
      std::ifstream in("/usr/share/zoneinfo/" + std::string(name), std::ios::binary);
      if (in) {
        std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (data.size() <= (1u << 20)) zone = parse_tzif(data);
      }
    }
    it = cache.emplace(std::string(name), std::move(zone)).first;
  }
  if (!it->second) return std::nullopt;
  const Zone& z = *it->second;
  auto pos = std::upper_bound(z.transitions.begin(), z.transitions.end(), unix_seconds) - z.transitions.begin();
  return z.offsets[static_cast<std::size_t>(pos)];
}

// A time zone: "UTC", "Z", a fixed offset "+05:30", "-02:00", "02:00", or an IANA name.
std::optional<std::int64_t> zone_offset(std::string_view z, std::int64_t unix_seconds) {
  if (auto named = iana_offset(z, unix_seconds)) return named;
  if (z == "UTC" || z == "Z" || z == "GMT") return 0;
  int sign = 1;
  if (!z.empty() && (z[0] == '+' || z[0] == '-')) {
    sign = z[0] == '-' ? -1 : 1;
    z.remove_prefix(1);
  }
  int h, m;
  if (z.size() != 5 || z[2] != ':' || !digits(z, 0, 2, h) || !digits(z, 3, 2, m) || h > 23 || m > 59)
    return std::nullopt;
  return sign * (h * 3600 + m * 60);
}

struct Civil {
  std::int64_t year;
  unsigned month, day;
  std::int64_t seconds_of_day, days;
};

std::optional<Civil> civil(Args a) {
  Time t = get(a[0]);
  std::int64_t offset = 0;
  if (a.size() > 1) {
    auto o = zone_offset(a[1].as_string(), t.seconds);
    if (!o) return std::nullopt;
    offset = *o;
  }
  std::int64_t s = t.seconds + offset;
  Civil c;
  c.days = s / 86400;
  c.seconds_of_day = s % 86400;
  if (c.seconds_of_day < 0) {
    c.seconds_of_day += 86400;
    --c.days;
  }
  civil_from_days(c.days, c.year, c.month, c.day);
  return c;
}

using Getter = std::int64_t (*)(const Civil&, Time);

Impl timestamp_getter(Getter g) {
  return [g](Args a, EvalContext&) {
    auto c = civil(a);
    if (!c) return Value::error("unknown time zone: " + std::string(a[1].as_string()));
    return Value::int_(g(*c, get(a[0])));
  };
}

void add_getters(Env& env, Type ts, Type dur) {
  struct G {
    const char* name;
    Getter g;
    std::int64_t (*d)(Time);
  };
  static const G getters[] = {
      {"getFullYear", [](const Civil& c, Time) { return c.year; }, nullptr},
      {"getMonth", [](const Civil& c, Time) { return static_cast<std::int64_t>(c.month) - 1; }, nullptr},
      {"getDate", [](const Civil& c, Time) { return static_cast<std::int64_t>(c.day); }, nullptr},
      {"getDayOfMonth", [](const Civil& c, Time) { return static_cast<std::int64_t>(c.day) - 1; }, nullptr},
      {"getDayOfYear",
       [](const Civil& c, Time) { return c.days - days_from_civil(c.year, 1, 1); }, nullptr},
      {"getDayOfWeek",
       [](const Civil& c, Time) {
         std::int64_t w = (c.days + 4) % 7;  // 1970-01-01 was a Thursday
         return w < 0 ? w + 7 : w;
       },
       nullptr},
      {"getHours", [](const Civil& c, Time) { return c.seconds_of_day / 3600; },
       [](Time t) { return static_cast<std::int64_t>(total_nanos(t) / (3600 * static_cast<i128>(kNanos))); }},
      {"getMinutes", [](const Civil& c, Time) { return c.seconds_of_day / 60 % 60; },
       [](Time t) { return static_cast<std::int64_t>(total_nanos(t) / (60 * static_cast<i128>(kNanos))); }},
      {"getSeconds", [](const Civil& c, Time) { return c.seconds_of_day % 60; },
       [](Time t) { return static_cast<std::int64_t>(total_nanos(t) / kNanos); }},
      {"getMilliseconds", [](const Civil&, Time t) { return static_cast<std::int64_t>(t.nanos / 1000000); },
       // The milliseconds within the second, not the whole duration in milliseconds.
       [](Time t) { return static_cast<std::int64_t>(total_nanos(t) % kNanos / 1000000); }},
  };
  for (const G& g : getters) {
    std::string n(g.name);
    std::vector<Overload> ovs;
    ovs.push_back(make_overload("timestamp_to_" + n, {ts}, T("int"), timestamp_getter(g.g), true));
    ovs.push_back(make_overload("timestamp_to_" + n + "_with_tz", {ts, T("string")}, T("int"), timestamp_getter(g.g), true));
    if (g.d) {
      auto d = g.d;
      ovs.push_back(make_overload("duration_to_" + n, {dur}, T("int"),
                                  [d](Args a, EvalContext&) { return Value::int_(d(get(a[0]))); }, true));
    }
    env.add_function(n, std::move(ovs));
  }
}

}  // namespace

bool is_timestamp(const Value& v) { return v.kind() == Kind::Opaque && v.type_name() == kTimestamp; }
bool is_duration(const Value& v) { return v.kind() == Kind::Opaque && v.type_name() == kDuration; }

int compare_times(const Value& a, const Value& b) {
  if (!(is_timestamp(a) && is_timestamp(b)) && !(is_duration(a) && is_duration(b))) return 2;
  const i128 x = total_nanos(get(a)), y = total_nanos(get(b));
  return x < y ? -1 : (y < x ? 1 : 0);
}

Value add_durations(const Value& a, const Value& b) {
  const i128 n = total_nanos(get(a)) + total_nanos(get(b));
  if (n < INT64_MIN || n > INT64_MAX) return Value::error("integer overflow");
  return duration_value(from_nanos(n, true));
}

Value zero_duration() { return duration_value(Time{}); }

std::string time_text(const Value& v) { return is_duration(v) ? duration_text(get(v)) : timestamp_text(get(v)); }

void add_time_library(Env& env) {
  Type ts = Type::opaque(std::string(kTimestamp));
  Type dur = Type::opaque(std::string(kDuration));
  env.add_type(std::string(kTimestamp), ts);
  env.add_type(std::string(kDuration), dur);
  env.add_function("timestamp", {
      make_overload("string_to_timestamp", {T("string")}, ts, [](Args a, EvalContext&) {
        auto t = parse_timestamp(a[0].as_string());
        if (!t) return Value::error("type conversion error from 'string' to 'google.protobuf.Timestamp'");
        return timestamp_value(*t);
      }),
      make_overload("int64_to_timestamp", {T("int")}, ts,
                    [](Args a, EvalContext&) { return timestamp_value(Time{a[0].as_int(), 0}); }),
      make_overload("timestamp_to_timestamp", {ts}, ts, [](Args a, EvalContext&) { return a[0]; }),
  });
  env.add_function("duration", {
      make_overload("string_to_duration", {T("string")}, dur, [](Args a, EvalContext&) {
        const std::optional<std::int64_t> ns = parse_go_duration(a[0].as_string());
        if (!ns) return Value::error("type conversion error from 'string' to 'google.protobuf.Duration'");
        return duration_value(from_nanos(*ns, true));
      }),
      make_overload("duration_to_duration", {dur}, dur, [](Args a, EvalContext&) { return a[0]; }),
  });
  env.add_function("string", {
      make_overload("timestamp_to_string", {ts}, T("string"),
                    [](Args a, EvalContext&) { return Value::string(timestamp_text(get(a[0]))); }),
      make_overload("duration_to_string", {dur}, T("string"),
                    [](Args a, EvalContext&) { return Value::string(duration_text(get(a[0]))); }),
  });
  env.add_function("int", {
      make_overload("timestamp_to_int64", {ts}, T("int"),
                    [](Args a, EvalContext&) { return Value::int_(get(a[0]).seconds); }),
      make_overload("duration_to_int64", {dur}, T("int"), [](Args a, EvalContext&) {
        i128 n = total_nanos(get(a[0]));
        if (n > INT64_MAX || n < INT64_MIN) return Value::error("integer overflow");
        return Value::int_(static_cast<std::int64_t>(n));
      }),
  });
  auto sum = [](Time x, Time y, int sign, bool duration) {
    i128 n = total_nanos(x) + sign * total_nanos(y);
    Time t = from_nanos(n, duration);
    return duration ? duration_value(t) : timestamp_value(t);
  };
  env.add_function("_+_", {
      make_overload("add_timestamp_duration", {ts, dur}, ts,
                    [sum](Args a, EvalContext&) { return sum(get(a[0]), get(a[1]), 1, false); }),
      make_overload("add_duration_timestamp", {dur, ts}, ts,
                    [sum](Args a, EvalContext&) { return sum(get(a[1]), get(a[0]), 1, false); }),
      make_overload("add_duration_duration", {dur, dur}, dur,
                    [sum](Args a, EvalContext&) { return sum(get(a[0]), get(a[1]), 1, true); }),
  });
  env.add_function("_-_", {
      make_overload("subtract_timestamp_duration", {ts, dur}, ts,
                    [sum](Args a, EvalContext&) { return sum(get(a[0]), get(a[1]), -1, false); }),
      make_overload("subtract_timestamp_timestamp", {ts, ts}, dur,
                    [sum](Args a, EvalContext&) { return sum(get(a[0]), get(a[1]), -1, true); }),
      make_overload("subtract_duration_duration", {dur, dur}, dur,
                    [sum](Args a, EvalContext&) { return sum(get(a[0]), get(a[1]), -1, true); }),
  });
  env.add_function("-_", {make_overload("negate_duration", {dur}, dur, [](Args a, EvalContext&) {
                     return duration_value(from_nanos(-total_nanos(get(a[0])), true));
                   })});
  struct Op {
    const char* fn;
    const char* id;
    bool (*test)(i128, i128);
  };
  static const Op ops[] = {
      {"_<_", "less", [](i128 x, i128 y) { return x < y; }},
      {"_<=_", "less_equals", [](i128 x, i128 y) { return x <= y; }},
      {"_>_", "greater", [](i128 x, i128 y) { return x > y; }},
      {"_>=_", "greater_equals", [](i128 x, i128 y) { return x >= y; }},
  };
  for (const Op& op : ops) {
    auto test = op.test;
    Impl cmp = [test](Args a, EvalContext&) {
      return Value::boolean(test(total_nanos(get(a[0])), total_nanos(get(a[1]))));
    };
    env.add_function(op.fn, {make_overload(std::string(op.id) + "_timestamp", {ts, ts}, T("bool"), cmp),
                             make_overload(std::string(op.id) + "_duration", {dur, dur}, T("bool"), cmp)});
  }
  add_getters(env, ts, dur);
}

}  // namespace podfit::cel
