// CEL timestamps and durations: text forms, arithmetic within range, ordering, accessors.
#include <doctest/doctest.h>

#include <string>

#include "cel_test_support.h"

namespace {
struct Case {
  const char* expr;
  const char* want;
};
}  // namespace

TEST_CASE("CEL timestamps and durations") {
  static const Case cases[] = {
      {"string(timestamp('2009-02-13T23:31:30.120Z'))", "value: \"2009-02-13T23:31:30.12Z\""},
      {"string(timestamp('2009-02-14T01:31:30+02:00'))", "value: \"2009-02-13T23:31:30Z\""},
      {"int(timestamp('2009-02-13T23:31:30Z'))", "value: 1234567890"},
      {"string(timestamp(0))", "value: \"1970-01-01T00:00:00Z\""},
      {"timestamp(dyn('2009-02-30T00:00:00Z'))", "error: type conversion error from 'string' to 'google.protobuf.Timestamp'"},
      {"timestamp(253402300800)", "error: timestamp overflow"},
      {"string(duration('1h30m'))", "value: \"5400s\""},
      {"string(duration('-1.5s'))", "value: \"-1.5s\""},
      {"string(duration('1ms') + duration('2us') + duration('3ns'))", "value: \"0.001002003s\""},
      {"duration(dyn('1d'))", "error: type conversion error from 'string' to 'google.protobuf.Duration'"},
      {"duration(dyn('300y'))", "error: type conversion error from 'string' to 'google.protobuf.Duration'"},
      {"duration(dyn('2562048h'))", "error: type conversion error from 'string' to 'google.protobuf.Duration'"},
      {"timestamp('2009-02-13T23:00:00Z') + duration('240s') == timestamp('2009-02-13T23:04:00Z')", "value: true"},
      {"timestamp('2009-02-13T23:31:00Z') - timestamp('2009-02-13T23:29:00Z') == duration('2m')", "value: true"},
      {"duration('1s') < duration('1001ms') && timestamp(1) > timestamp(0)", "value: true"},
      {"timestamp('2009-02-13T23:31:30Z').getFullYear()", "value: 2009"},
      {"timestamp('2009-02-13T23:31:30Z').getMonth()", "value: 1"},
      {"timestamp('2009-02-13T23:31:30Z').getDate()", "value: 13"},
      {"timestamp('2009-02-13T23:31:30Z').getDayOfMonth()", "value: 12"},
      {"timestamp('2009-02-13T23:31:30Z').getDayOfWeek()", "value: 5"},
      {"timestamp('2009-02-13T23:31:30Z').getDayOfYear()", "value: 43"},
      {"timestamp('2009-02-13T23:31:30Z').getHours('+02:00')", "value: 1"},
      {"timestamp('2009-02-13T23:31:30Z').getHours('Europe/Paris')", "value: 0"},
      {"timestamp('2009-07-13T23:31:30Z').getHours('Europe/Paris')", "value: 1"},
      {"timestamp('2009-02-13T23:31:30Z').getMinutes('Asia/Kathmandu')", "value: 16"},
      {"timestamp('2009-02-13T23:31:30Z').getHours('Nowhere/City')", "error: unknown time zone: Nowhere/City"},
      {"timestamp('2009-02-13T23:31:30Z').getHours('../../etc/passwd')", "error: unknown time zone: ../../etc/passwd"},
      {"duration('3730s').getMinutes()", "value: 62"},
      {"type(duration('1s')) == google.protobuf.Duration", "value: true"},
  };
  podfit::cel::Env env = cel_test::kube_env();
  for (const Case& c : cases) {
    SUBCASE(c.expr) { CHECK(cel_test::run(env, c.expr) == c.want); }
  }
}
