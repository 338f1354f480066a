// A CronJob's schedule and time zone as the API server checks them: robfig/cron's standard
// parser (its messages as that parser prints them, the Go panic the API server recovers from
// v1.35 on), and validateTimeZone.
#include <doctest/doctest.h>

#include <string>

#include "podfit/load/loader.h"
#include "podfit/util/go_time.h"
#include "validation/api_release.h"
#include "validation/batch/cron_schedule.h"

using namespace podfit;

TEST_CASE("cron schedules: what robfig/cron's standard parser accepts, and its errors word for word") {
  struct Case {
    std::string schedule;
    std::string error;
  };
  // Outcomes of robfig/cron v3.0.1's ParseStandard (and of upstream's TestRange expressions).
  const Case cases[] = {
      {"*/5 * * * *", ""},
      {"* * * * ?", ""},
      {"@hourly", ""},
      {"@every 1h30m", ""},
      {"@every 90s", ""},
      {"@every Xm", "failed to parse duration @every Xm: time: invalid duration \"Xm\""},
      {"@every 5", "failed to parse duration @every 5: time: missing unit in duration \"5\""},
      {"@every 5d", "failed to parse duration @every 5d: time: unknown unit \"d\" in duration \"5d\""},
      {"@every ", "failed to parse duration @every : time: invalid duration \"\""},
      {"@daily ", "unrecognized descriptor: @daily "},
      {"@unrecognized", "unrecognized descriptor: @unrecognized"},
      {"error", "expected exactly 5 fields, found 1: [error]"},
      {"*/5 * * *", "expected exactly 5 fields, found 4: [*/5 * * *]"},
      {"every 5 minutes", "expected exactly 5 fields, found 3: [every 5 minutes]"},
      {"61 * * * *", "end of range (61) above maximum (59): 61"},
      {"0 24 * * *", "end of range (24) above maximum (23): 24"},
      {"0 0 0 * *", "beginning of range (0) below minimum (1): 0"},
      {"0 0 32 * *", "end of range (32) above maximum (31): 32"},
      {"0 0 * 13 *", "end of range (13) above maximum (12): 13"},
      {"0 0 * 0 *", "beginning of range (0) below minimum (1): 0"},
      {"0 0 * * 7", "end of range (7) above maximum (6): 7"},
      {"0 0 * JAN-DEC MON-FRI", ""},
      {"0 0 * jan-x *", "failed to parse int from x: strconv.Atoi: parsing \"x\": invalid syntax"},
      {"5--5 * * * *", "too many hyphens: 5--5"},
      {"*/-12 * * * *", "negative number (-12) not allowed: -12"},
      {"*//2 * * * *", "too many slashes: *//2"},
      {"5-3 * * * *", "beginning of range (5) beyond end of range (3): 5-3"},
      {"*/0 * * * *", "step of range should be a positive number: */0"},
      {"+5 * * * *", ""},
      {"-1 * * * *", "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"},
      {"-0 * * * *", "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"},
      {"99999999999999999999 * * * *", "failed to parse int from 99999999999999999999: strconv.Atoi: parsing \"99999999999999999999\": value out of range"},
      {"9223372036854775807 * * * *", "end of range (9223372036854775807) above maximum (59): 9223372036854775807"},
      {"9223372036854775808 * * * *", "failed to parse int from 9223372036854775808: strconv.Atoi: parsing \"9223372036854775808\": value out of range"},
      {"-9223372036854775808 * * * *", "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"},
      {"-9223372036854775809 * * * *", "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"},
      {"99999999999999999999x * * * *", "failed to parse int from 99999999999999999999x: strconv.Atoi: parsing \"99999999999999999999x\": value out of range"},
      {"1_0 * * * *", "failed to parse int from 1_0: strconv.Atoi: parsing \"1_0\": invalid syntax"},
      {",,, * * * *", ""},
      {"*-5 * * * *", ""},
      {"0\t0\n*\u00a0*  *", ""},
      {"0 0 * * FRİ", ""},
      {"0 0 * * friK", "failed to parse int from friK: strconv.Atoi: parsing \"friK\": invalid syntax"},
      {"TZ=UTC 0 * * * *", ""},
      {"CRON_TZ=Europe/Rome 0 * * * *", ""},
      {"TZ=Mars/Base 0 * * * *", "provided bad location Mars/Base: unknown time zone Mars/Base"},
      {"TZ=../x 0 * * * *", "provided bad location ../x: time: invalid location name"},
      {"TZ= @daily", ""},
      {"TZ=UTC  @every 1h ", ""},
      {"1-2-3 * * * *", "too many hyphens: 1-2-3"},
      {"/ * * * *", "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"},
      {"1- * * * *", "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax"},
      {"0 0 1/10 * *", ""},
      {"0 0 * * sun/2", ""},
      {"é * * * *", "failed to parse int from é: strconv.Atoi: parsing \"é\": invalid syntax"},
      {"ÿ\x01 * * * *", "failed to parse int from ÿ\x01: strconv.Atoi: parsing \"ÿ\\x01\": invalid syntax"},
      {"@every 1.5h", ""},
      {"@every -5s", ""},
      {"@every 9999999999999999999h", "failed to parse duration @every 9999999999999999999h: time: invalid duration \"9999999999999999999h\""},
      {"@every 1µs", ""},
  };
  for (const Case& c : cases) {
    CAPTURE(c.schedule);
    CHECK(cron_schedule_error(c.schedule) == c.error);
  }
}

TEST_CASE("cron schedules: a time zone prefix without a space is a Go panic, recovered from v1.35") {
  {
    ApiReleaseScope scope(KubernetesRelease{35});
    CHECK(cron_schedule_error("TZ=UTC") == "invalid schedule format: runtime error: slice bounds out of range [:-1]");
  }
  {
    ApiReleaseScope scope(KubernetesRelease{34});
    CHECK(cron_schedule_error("CRON_TZ=UTC") ==
          "kube-apiserver v1.34 panics on this schedule (runtime error: slice bounds out of range [:-1]), failing the request");
  }
}

TEST_CASE("Go durations: time.ParseDuration's values and errors") {
  std::string error;
  CHECK(parse_go_duration("1h30m") == 5'400'000'000'000);
  CHECK(parse_go_duration("1.5h") == 5'400'000'000'000);
  CHECK(parse_go_duration("-1.5us") == -1'500);
  CHECK(parse_go_duration(".5s") == 500'000'000);
  CHECK(parse_go_duration("2562047h47m16.854775807s") == INT64_MAX);
  CHECK_FALSE(parse_go_duration("2562047h47m16.854775808s", &error));
  CHECK(error == "time: invalid duration \"2562047h47m16.854775808s\"");
  CHECK(parse_go_duration("-2562047h47m16.854775808s") == INT64_MIN);
  CHECK_FALSE(parse_go_duration("5", &error));
  CHECK(error == "time: missing unit in duration \"5\"");
  CHECK_FALSE(parse_go_duration("1d", &error));
  CHECK(error == "time: unknown unit \"d\" in duration \"1d\"");
  CHECK_FALSE(parse_go_duration("1\xC3\xA9", &error));
  CHECK(error == "time: unknown unit \"\\xc3\\xa9\" in duration \"1\\xc3\\xa9\"");
  CHECK_FALSE(parse_go_duration(".s", &error));
  CHECK(error == "time: invalid duration \".s\"");
  CHECK_FALSE(parse_go_duration("", &error));
  CHECK(error == "time: invalid duration \"\"");
  CHECK(parse_go_duration("+0") == 0);
}

TEST_CASE("time zones: LoadLocation's answers over Go's embedded database") {
  CHECK(load_location_error("Europe/Rome") == "");
  CHECK(load_location_error("UTC") == "");
  CHECK(load_location_error("") == "");
  CHECK(load_location_error("US/Pacific") == "");
  CHECK(load_location_error("Europe/InvalidRome") == "unknown time zone Europe/InvalidRome");
  CHECK(load_location_error("utc") == "unknown time zone utc");
  CHECK(load_location_error("../etc/passwd") == "time: invalid location name");
  CHECK(load_location_error("/etc/localtime") == "time: invalid location name");
}

namespace {

std::string cron_job_error(const std::string& spec_lines, const std::string& name = "nightly") {
  const std::string yaml = "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: " + name +
                           "\nspec:\n" + spec_lines +
                           "  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n"
                           "          containers:\n          - name: main\n            image: main:1\n";
  CandidateSet set;
  auto err = load_candidates_text(yaml, "cron.yaml", set);
  return err ? err->message : "";
}

}  // namespace

TEST_CASE("CronJob: schedule, time zone and limits refused as ValidateCronJobCreate refuses them") {
  struct Case {
    const char* name;
    std::string spec;
    std::string error;  // empty: created
  };
  const Case cases[] = {
      {"valid", "  schedule: \"*/5 * * * *\"\n", ""},
      {"valid with a time zone", "  schedule: \"0 * * * *\"\n  timeZone: Europe/Rome\n", ""},
      {"no schedule", "  suspend: true\n", "cron.yaml: document 1 (CronJob nightly), line 6: spec.schedule: Required value"},
      {"four fields", "  schedule: \"*/5 * * *\"\n",
       "cron.yaml: document 1 (CronJob nightly), line 6: spec.schedule: Invalid value: \"*/5 * * *\": expected exactly 5 fields, "
       "found 4: [*/5 * * *]"},
      {"TZ in the schedule", "  schedule: \"TZ=UTC 0 * * * *\"\n",
       "cron.yaml: document 1 (CronJob nightly), line 6: spec.schedule: Invalid value: \"TZ=UTC 0 * * * *\": cannot use TZ or "
       "CRON_TZ in schedule, use timeZone field instead"},
      {"empty time zone", "  schedule: \"0 * * * *\"\n  timeZone: \"\"\n",
       "cron.yaml: document 1 (CronJob nightly), line 7: spec.timeZone: Invalid value: \"\": timeZone must be nil or non-empty string"},
      {"Local", "  schedule: \"0 * * * *\"\n  timeZone: LOCAL\n",
       "cron.yaml: document 1 (CronJob nightly), line 7: spec.timeZone: Invalid value: \"LOCAL\": timeZone must be an explicit time "
       "zone as defined in https://www.iana.org/time-zones"},
      {"leading space", "  schedule: \"0 * * * *\"\n  timeZone: \" Europe/Rome\"\n",
       "cron.yaml: document 1 (CronJob nightly), line 7: spec.timeZone: Invalid value: \" Europe/Rome\": unknown time zone  Europe/Rome"},
      {"unknown zone", "  schedule: \"0 * * * *\"\n  timeZone: Europe/InvalidRome\n",
       "cron.yaml: document 1 (CronJob nightly), line 7: spec.timeZone: Invalid value: \"Europe/InvalidRome\": unknown time zone "
       "Europe/InvalidRome"},
      {"negative deadline", "  schedule: \"0 * * * *\"\n  startingDeadlineSeconds: -1\n",
       "cron.yaml: document 1 (CronJob nightly), line 7: spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or "
       "equal to 0"},
      {"negative history", "  schedule: \"0 * * * *\"\n  failedJobsHistoryLimit: -2\n",
       "cron.yaml: document 1 (CronJob nightly), line 7: spec.failedJobsHistoryLimit: Invalid value: -2: must be greater than or "
       "equal to 0"},
      {"unknown concurrency policy", "  schedule: \"0 * * * *\"\n  concurrencyPolicy: Sometimes\n",
       "cron.yaml: document 1 (CronJob nightly), line 7: spec.concurrencyPolicy: Unsupported value: \"Sometimes\": supported values: "
       "\"Allow\", \"Forbid\", \"Replace\""},
      {"empty concurrency policy defaults to Allow", "  schedule: \"0 * * * *\"\n  concurrencyPolicy: \"\"\n", ""},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) { CHECK(cron_job_error(c.spec) == c.error); }
  }
  SUBCASE("a name longer than 52 characters leaves no room for the jobs' suffix") {
    const std::string name(53, 'a');
    CHECK(cron_job_error("  schedule: \"0 * * * *\"\n", name) ==
          "cron.yaml: document 1 (CronJob " + name + "), line 4: metadata.name: Invalid value: \"" + name +
              "\": must be no more than 52 characters");
    CHECK(cron_job_error("  schedule: \"0 * * * *\"\n", std::string(52, 'a')) == "");
  }
}
