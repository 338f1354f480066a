#include "podfit/plugins/score_helpers.h"

namespace podfit {

Status default_normalize_score(int64_t max_priority, bool reverse, NodeScoreList& scores) {
  int64_t max_count = 0;
  for (const auto& entry : scores) {
    if (entry.score > max_count) max_count = entry.score;
  }
  if (max_count == 0) {
    if (reverse) {
      for (auto& entry : scores) entry.score = max_priority;
    }
    return Status();
  }
  for (auto& entry : scores) {
    int64_t score = max_priority * entry.score / max_count;
    if (reverse) score = max_priority - score;
    entry.score = score;
  }
  return Status();
}

int64_t broken_linear_function(const FunctionShape& shape, int64_t p) {
  for (size_t i = 0; i < shape.size(); ++i) {
    if (p > shape[i].utilization) continue;
    if (i == 0) return shape[0].score;
    const FunctionShapePoint& low = shape[i - 1];
    const FunctionShapePoint& high = shape[i];
    return low.score + (high.score - low.score) * (p - low.utilization) / (high.utilization - low.utilization);
  }
  return shape.empty() ? 0 : shape.back().score;
}

}  // namespace podfit
