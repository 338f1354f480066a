// Tolerations: core/v1 toleration_test.go and component-helpers corev1 helpers_test.go
// (FindMatchingUntoleratedTaint) cases.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/model/tolerations.h"

namespace podfit {
namespace {

using namespace taint_effects;

Toleration toleration(std::string key, std::string op, std::string value, std::string effect) {
  Toleration t;
  t.key = std::move(key);
  t.op = std::move(op);
  t.value = std::move(value);
  t.effect = std::move(effect);
  return t;
}

Taint taint(std::string key, std::string value, std::string effect) {
  Taint t;
  t.key = std::move(key);
  t.value = std::move(value);
  t.effect = std::move(effect);
  return t;
}

TEST_CASE("tolerations: Toleration.ToleratesTaint") {
  struct Case {
    std::string name;
    Toleration toleration;
    Taint taint;
    bool want;
    bool comparison_operators = false;
  };
  const std::string sla = "node.kubernetes.io/sla";
  const std::vector<Case> cases = {
      {"same key and effect, Exists, taint without value", toleration("foo", "Exists", "", kNoSchedule),
       taint("foo", "", kNoSchedule), true},
      {"same key and effect, Exists, taint with value", toleration("foo", "Exists", "", kNoSchedule),
       taint("foo", "bar", kNoSchedule), true},
      {"same effect, empty key and Exists match every taint", toleration("", "Exists", "", kNoSchedule),
       taint("foo", "bar", kNoSchedule), true},
      {"same key, effect and value, Equal", toleration("foo", "Equal", "bar", kNoSchedule),
       taint("foo", "bar", kNoSchedule), true},
      {"same key and effect, different values, Equal", toleration("foo", "Equal", "value1", kNoSchedule),
       taint("foo", "value2", kNoSchedule), false},
      {"same key and value, different effects, Equal", toleration("foo", "Equal", "bar", kNoSchedule),
       taint("foo", "bar", kNoExecute), false},
      {"Gt, taint value less than toleration value", toleration(sla, "Gt", "950", kNoSchedule),
       taint(sla, "800", kNoSchedule), false, true},
      {"Gt, taint value greater than toleration value", toleration(sla, "Gt", "750", kNoSchedule),
       taint(sla, "950", kNoSchedule), true, true},
      {"Lt, taint value greater than toleration value", toleration(sla, "Lt", "800", kNoSchedule),
       taint(sla, "950", kNoSchedule), false, true},
      {"Lt, taint value less than toleration value", toleration(sla, "Lt", "950", kNoSchedule),
       taint(sla, "800", kNoSchedule), true, true},
      {"Gt, equal numeric values", toleration(sla, "Gt", "950", kNoSchedule), taint(sla, "950", kNoSchedule), false,
       true},
      {"Gt, non-numeric taint value", toleration(sla, "Gt", "950", kNoSchedule), taint(sla, "high", kNoSchedule),
       false, true},
      {"Gt, negative values, taint below threshold", toleration("test-key", "Gt", "-100", kNoSchedule),
       taint("test-key", "-200", kNoSchedule), false, true},
      {"Gt, large int64 values, taint below threshold",
       toleration("test-key", "Gt", "9223372036854775806", kNoSchedule), taint("test-key", "100", kNoSchedule),
       false, true},
      // Beyond the reference table: the gate, the empty operator and effect, unknown operators.
      {"Gt with the gate off never tolerates", toleration(sla, "Gt", "750", kNoSchedule),
       taint(sla, "950", kNoSchedule), false, false},
      {"Lt with the gate off never tolerates", toleration(sla, "Lt", "950", kNoSchedule),
       taint(sla, "800", kNoSchedule), false, false},
      {"empty operator means Equal", toleration("foo", "", "bar", kNoSchedule), taint("foo", "bar", kNoSchedule),
       true},
      {"empty operator means Equal, different values", toleration("foo", "", "bar", kNoSchedule),
       taint("foo", "baz", kNoSchedule), false},
      {"empty effect matches every effect", toleration("foo", "Equal", "bar", ""), taint("foo", "bar", kNoExecute),
       true},
      {"empty key with Equal compares values only", toleration("", "Equal", "bar", ""),
       taint("foo", "bar", kPreferNoSchedule), true},
      {"different keys", toleration("foo", "Exists", "", ""), taint("bar", "", kNoSchedule), false},
      {"unknown operator", toleration("foo", "exists", "", kNoSchedule), taint("foo", "", kNoSchedule), false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      CHECK(toleration_tolerates_taint(c.toleration, c.taint, c.comparison_operators) == c.want);
    }
  }
}

TEST_CASE("tolerations: numeric comparison of Gt and Lt values") {
  struct Case {
    std::string name;
    std::string toleration_value;
    std::string taint_value;
    std::string op;
    bool want;
  };
  const std::vector<Case> cases = {
      {"Gt, taint greater", "100", "200", "Gt", true},
      {"Gt, taint less", "200", "100", "Gt", false},
      {"Gt, equal", "100", "100", "Gt", false},
      {"Gt, negative numbers, taint greater", "-100", "-50", "Gt", true},
      {"Gt, negative numbers, taint less", "-50", "-100", "Gt", false},
      {"Gt, zero and positive", "0", "1", "Gt", true},
      {"Gt, large int64 values, taint greater", "9223372036854775806", "9223372036854775807", "Gt", true},
      {"Lt, taint less", "200", "100", "Lt", true},
      {"Lt, taint greater", "100", "200", "Lt", false},
      {"Lt, equal", "100", "100", "Lt", false},
      {"Lt, negative numbers, taint less", "-50", "-100", "Lt", true},
      {"Lt, negative numbers, taint greater", "-100", "-50", "Lt", false},
      {"Lt, zero and negative", "0", "-1", "Lt", true},
      {"Gt, non-numeric toleration value", "abc", "100", "Gt", false},
      {"Gt, empty toleration value", "", "100", "Gt", false},
      {"Gt, toleration value with a leading zero", "0100", "200", "Gt", false},
      {"Gt, toleration value with a plus sign", "+100", "200", "Gt", false},
      {"Gt, floating point toleration value", "100.5", "200", "Gt", false},
      {"Gt, toleration value just a minus sign", "-", "100", "Gt", false},
      {"Gt, non-numeric taint value", "100", "xyz", "Gt", false},
      {"Gt, empty taint value", "100", "", "Gt", false},
      {"Gt, taint value with a leading zero", "100", "0200", "Gt", false},
      {"Lt, taint value with a plus sign", "100", "+200", "Lt", false},
      {"Lt, taint value with spaces", "100", " 200 ", "Lt", false},
      {"Gt, both zero", "0", "0", "Gt", false},
      {"Lt, both zero", "0", "0", "Lt", false},
      {"Gt, max int64 taint", "0", "9223372036854775807", "Gt", true},
      {"Lt, min int64 taint", "0", "-9223372036854775808", "Lt", true},
      // Canonical but out of int64 range: ParseInt fails, so nothing is tolerated.
      {"Gt, taint value overflowing int64", "0", "9223372036854775808", "Gt", false},
      {"Lt, negative zero taint value", "1", "-0", "Lt", false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      CHECK(toleration_tolerates_taint(toleration("k", c.op, c.toleration_value, kNoSchedule),
                                       taint("k", c.taint_value, kNoSchedule), true) == c.want);
    }
  }
}

TEST_CASE("tolerations: FindMatchingUntoleratedTaint") {
  struct Case {
    std::string name;
    std::vector<Toleration> tolerations;
    std::vector<Taint> taints;
    std::function<bool(const Taint&)> filter;
    bool want_tolerated;
    bool comparison_operators = false;
  };
  auto all = [](const Taint&) { return true; };
  const std::string sla = "node.kubernetes.io/sla";
  const std::vector<Case> cases = {
      {"empty tolerations tolerate empty taints", {}, {}, all, true},
      {"non-empty tolerations tolerate empty taints", {toleration("foo", "Exists", "", kNoSchedule)}, {}, all, true},
      {"tolerations match all taints", {toleration("foo", "Exists", "", kNoSchedule)},
       {taint("foo", "", kNoSchedule)}, all, true},
      {"tolerations don't match taints, but no taints apply to the filter",
       {toleration("foo", "Exists", "", kNoSchedule)}, {taint("bar", "", kNoSchedule)},
       [](const Taint&) { return false; }, true},
      {"no filter means all taints apply, tolerations don't match", {toleration("foo", "Exists", "", kNoSchedule)},
       {taint("bar", "", kNoSchedule)}, nullptr, false},
      {"tolerations match the filtered taints", {toleration("foo", "Exists", "", kNoExecute)},
       {taint("foo", "", kNoExecute), taint("bar", "", kNoSchedule)},
       [](const Taint& t) { return t.effect == kNoExecute; }, true},
      {"Gt with taint value below threshold", {toleration(sla, "Gt", "950", kNoSchedule)},
       {taint(sla, "800", kNoSchedule)}, all, false, true},
      {"Gt with taint value above threshold", {toleration(sla, "Gt", "750", kNoSchedule)},
       {taint(sla, "950", kNoSchedule)}, all, true, true},
      {"Lt with taint value above threshold", {toleration(sla, "Lt", "800", kNoSchedule)},
       {taint(sla, "950", kNoSchedule)}, all, false, true},
      {"Gt with non-numeric taint value", {toleration(sla, "Gt", "950", kNoSchedule)},
       {taint(sla, "high", kNoSchedule)}, all, false, true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      auto untolerated = find_matching_untolerated_taint(c.taints, c.tolerations, c.filter, c.comparison_operators);
      CHECK(untolerated.has_value() == !c.want_tolerated);
    }
  }
}

TEST_CASE("tolerations: the first untolerated taint is reported") {
  const std::vector<Taint> taints = {taint("a", "1", kPreferNoSchedule), taint("b", "2", kNoSchedule),
                                     taint("c", "3", kNoExecute)};
  auto first = find_matching_untolerated_taint(taints, {}, is_do_not_schedule_taint);
  REQUIRE(first.has_value());
  CHECK(first->key == "b");
  auto after_b = find_matching_untolerated_taint(taints, {toleration("b", "Exists", "", "")}, is_do_not_schedule_taint);
  REQUIRE(after_b.has_value());
  CHECK(after_b->key == "c");
  CHECK_FALSE(find_matching_untolerated_taint(taints, {toleration("", "Exists", "", "")}, is_do_not_schedule_taint)
                  .has_value());
}

TEST_CASE("tolerations: DoNotScheduleTaintsFilterFunc") {
  CHECK(is_do_not_schedule_taint(taint("k", "", kNoSchedule)));
  CHECK(is_do_not_schedule_taint(taint("k", "", kNoExecute)));
  CHECK_FALSE(is_do_not_schedule_taint(taint("k", "", kPreferNoSchedule)));
  CHECK_FALSE(is_do_not_schedule_taint(taint("k", "", "")));
}

TEST_CASE("tolerations: TolerationsTolerateTaint needs any one toleration") {
  const Taint t = taint("foo", "bar", kNoSchedule);
  CHECK_FALSE(tolerations_tolerate_taint({}, t));
  CHECK_FALSE(tolerations_tolerate_taint({toleration("foo", "Equal", "baz", "")}, t));
  CHECK(tolerations_tolerate_taint({toleration("foo", "Equal", "baz", ""), toleration("foo", "Equal", "bar", "")}, t));
}

}  // namespace
}  // namespace podfit
