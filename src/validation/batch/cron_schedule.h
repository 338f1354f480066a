// A CronJob's schedule as the API server parses it: robfig/cron v3's standard parser (five
// fields, names of months and weekdays, descriptors such as @daily and @every 1h).
#pragma once

#include <string>
#include <string_view>

namespace podfit {

// The parser's error for `schedule` as the release's API server reports it; empty when the
// schedule parses.
std::string cron_schedule_error(std::string_view schedule);

}  // namespace podfit
