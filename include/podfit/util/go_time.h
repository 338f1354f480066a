// Go's time package where the API server's and kube-scheduler's decoding meet it: durations
// as time.ParseDuration reads and Duration.String prints them, and time zones as
// time.LoadLocation finds them in the IANA database Go embeds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace podfit {

// time.ParseDuration in nanoseconds; nullopt with its error in *error ("time: unknown unit
// \"d\" in duration \"1d\"") when the text is no duration.
std::optional<int64_t> parse_go_duration(std::string_view text, std::string* error = nullptr);
// time.Duration.String(): "1m30s", "1.5s", "0s".
std::string format_go_duration(int64_t ns);
// How the time package quotes a value in its errors: non-ASCII and control bytes as \x escapes.
std::string go_time_quote(std::string_view text);

// An instant as Go's time.Time holds it: seconds since the Unix epoch and nanoseconds.
struct GoInstant {
  int64_t seconds = 0;
  int32_t nanos = 0;
};
// time.Parse(time.RFC3339, text): nullopt with Go's error in *error when it is no time. The
// parser kube-scheduler's CEL timestamp() and the API server's metav1.Time share.
std::optional<GoInstant> parse_go_rfc3339(std::string_view text, std::string* error = nullptr);

// A metav1.Time as the API server reads it, time.Parse(time.RFC3339, text), then writes it
// back: RFC 3339 in UTC to the second ("2026-09-14T05:00:00Z"), so that two of them compare as
// their instants do. nullopt with Go's error in *error ("parsing time \"yesterday\" as
// \"2006-01-02T15:04:05Z07:00\": cannot parse \"yesterday\" as \"2006\"") when it is no time.
std::optional<std::string> normalize_go_rfc3339(std::string_view text, std::string* error = nullptr);

// time.LoadLocation's error for `name` ("unknown time zone Mars/Base"); empty when it loads.
std::string load_location_error(std::string_view name);
// Whether `name` is one of the zones of Go's embedded IANA database (tzdata 2025c).
bool is_embedded_time_zone(std::string_view name);

}  // namespace podfit
