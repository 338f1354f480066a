// pkg/apis/batch/validation's rules for Jobs and CronJobs given to --pod: the schedule, the time
// zone, the name's length and the template's restart policy.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "validation/validate.h"

namespace podfit {

// A CronJob's spec.schedule and spec.timeZone as written, with their lines.
struct CronJobSchedule {
  std::string schedule;
  int schedule_line = 0;
  std::optional<std::string> time_zone;
  int time_zone_line = 0;
  int spec_line = 0;
};
// ValidateCronJobCreate's checks of the schedule and the time zone.
void validate_cron_job_schedule(const CronJobSchedule& cron);
// The CronJob controller names each Job after it with an 11-character suffix, within 63: a
// CronJob's name is at most 52 characters. `v` is the CronJob.
void validate_cron_job_name(const Value& v, std::string_view name);
// A Job's pods end: their template (a CronJob's job template's, with `in_cron_job`) may not
// restart Always, which is also the pod's default.
void validate_job_template_restart_policy(bool in_cron_job, std::string_view restart_policy, int spec_line);

}  // namespace podfit
