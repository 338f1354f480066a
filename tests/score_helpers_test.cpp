// Scoring helpers: normalize_score_test.go (TestDefaultNormalizeScore) and
// requested_to_capacity_ratio_test.go (TestBrokenLinearFunction).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/plugins/score_helpers.h"

namespace podfit {
namespace {

TEST_CASE("default_normalize_score: TestDefaultNormalizeScore") {
  struct Case {
    bool reverse;
    std::vector<int64_t> scores;
    std::vector<int64_t> want;
  };
  const std::vector<Case> cases = {
      {false, {1, 2, 3, 4}, {25, 50, 75, 100}},
      {true, {1, 2, 3, 4}, {75, 50, 25, 0}},
      {false, {1000, 10, 20, 30}, {100, 1, 2, 3}},
      {true, {1000, 10, 20, 30}, {0, 99, 98, 97}},
      {false, {1, 1, 1, 1}, {100, 100, 100, 100}},
      {false, {1000, 1, 1, 1}, {100, 0, 0, 0}},
      {true, {0, 1, 1, 1}, {100, 0, 0, 0}},
      {false, {0, 0, 0, 0}, {0, 0, 0, 0}},
      {true, {0, 0, 0, 0}, {100, 100, 100, 100}},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    SUBCASE(("case_" + std::to_string(i)).c_str()) {
      NodeScoreList list;
      for (int64_t score : cases[i].scores) list.push_back(NodeScore{"", score});
      CHECK(default_normalize_score(kMaxNodeScore, cases[i].reverse, list).is_success());
      std::vector<int64_t> got;
      for (const auto& entry : list) got.push_back(entry.score);
      CHECK(got == cases[i].want);
    }
  }
}

TEST_CASE("broken_linear_function: TestBrokenLinearFunction") {
  struct Assertion {
    int64_t p;
    int64_t want;
  };
  struct Case {
    FunctionShape shape;
    std::vector<Assertion> assertions;
  };
  const std::vector<Case> cases = {
      {{{10, 1}, {90, 9}},
       {{-10, 1}, {0, 1}, {9, 1}, {10, 1}, {15, 1}, {19, 1}, {20, 2}, {89, 8}, {90, 9}, {99, 9}, {100, 9}, {110, 9}}},
      {{{0, 2}, {40, 10}, {100, 0}},
       {{-10, 2}, {0, 2}, {20, 6}, {30, 8}, {40, 10}, {70, 5}, {100, 0}, {110, 0}}},
      {{{0, 2}, {40, 2}, {100, 2}}, {{-10, 2}, {0, 2}, {20, 2}, {30, 2}, {40, 2}, {70, 2}, {100, 2}, {110, 2}}},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    SUBCASE(("case_" + std::to_string(i)).c_str()) {
      for (const auto& assertion : cases[i].assertions) {
        CAPTURE(assertion.p);
        CHECK(broken_linear_function(cases[i].shape, assertion.p) == assertion.want);
      }
    }
  }
}

}  // namespace
}  // namespace podfit
