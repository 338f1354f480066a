// Scoring helpers several plugins share (pkg/scheduler/framework/plugins/helper).
#pragma once

#include <cstdint>
#include <vector>

#include "podfit/framework/plugin.h"
#include "podfit/framework/status.h"

namespace podfit {

// helper.DefaultNormalizeScore: scales [0, max(scores)] to [0, max_priority] with integer
// division; `reverse` then subtracts from max_priority. All zero scores stay zero, or become
// max_priority when reversed. Always succeeds.
Status default_normalize_score(int64_t max_priority, bool reverse, NodeScoreList& scores);

// helper.FunctionShapePoint: the score a broken linear function takes at one utilization.
struct FunctionShapePoint {
  int64_t utilization = 0;
  int64_t score = 0;
};

// helper.FunctionShape: points sorted by increasing utilization.
using FunctionShape = std::vector<FunctionShapePoint>;

// helper.BuildBrokenLinearFunction evaluated at `p`: the first point's score at or below its
// utilization, the last point's above the last utilization, and in between the straight line
// through the two surrounding points (integer arithmetic, truncating as Go does).
int64_t broken_linear_function(const FunctionShape& shape, int64_t p);

}  // namespace podfit
