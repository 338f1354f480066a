// The API server's checks of a Job's and a CronJob's specs.
#include <algorithm>
#include <cctype>

#include "podfit/model/field_errors.h"
#include "podfit/util/go_time.h"
#include "validation/batch/cron_job.h"
#include "validation/batch/cron_schedule.h"

namespace podfit {
namespace {

// validateTimeZone: the first problem of a CronJob's spec.timeZone, empty when there is none.
std::string time_zone_problem(const std::string& zone) {
  if (zone.empty()) return "timeZone must be nil or non-empty string";
  // Each part of the name as IANA names them (digits and '+' tolerated for legacy names).
  size_t start = 0;
  while (true) {
    const size_t slash = zone.find('/', start);
    const std::string_view part = std::string_view(zone).substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    const bool characters_ok = !part.empty() && part.size() <= 14 && std::all_of(part.begin(), part.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' || c == '+';
    });
    if (part == "." || part == ".." || part.starts_with("-") || !characters_ok) return "unknown time zone " + zone;
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  const bool local = zone.size() == 5 && std::equal(zone.begin(), zone.end(), "Local", [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
  });
  if (local) return "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones";
  return load_location_error(zone);
}

}  // namespace

void validate_cron_job_schedule(const CronJobSchedule& c) {
  if (c.schedule.empty()) throw DecodeError{field::required("spec.schedule"), c.spec_line};
  if (std::string error = cron_schedule_error(c.schedule); !error.empty()) {
    throw DecodeError{field::invalid("spec.schedule", field::go_quote(c.schedule), error), c.schedule_line};
  }
  // A new CronJob names its time zone in spec.timeZone only.
  if (c.schedule.find("TZ") != std::string::npos) {
    throw DecodeError{field::invalid("spec.schedule", field::go_quote(c.schedule),
                                     "cannot use TZ or CRON_TZ in schedule, use timeZone field instead"),
                      c.schedule_line};
  }
  if (c.time_zone) {
    if (std::string problem = time_zone_problem(*c.time_zone); !problem.empty()) {
      throw DecodeError{field::invalid("spec.timeZone", field::go_quote(*c.time_zone), problem), c.time_zone_line};
    }
  }
}

void validate_cron_job_name(const Value& v, std::string_view name) {
  if (name.size() > 52) {
    reject(v, {"metadata", "name"}, field::invalid("metadata.name", field::go_quote(name), "must be no more than 52 characters"));
  }
}

void validate_job_template_restart_policy(bool in_cron_job, std::string_view restart_policy, int spec_line) {
  if (restart_policy != "Always") return;
  const std::string at = in_cron_job ? "spec.jobTemplate.spec.template.spec.restartPolicy" : "spec.template.spec.restartPolicy";
  throw DecodeError{field::required(at, "valid values: \"OnFailure\", \"Never\""), spec_line};
}

}  // namespace podfit
