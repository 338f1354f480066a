// The Error with which kube-scheduler's scoring would end a pod's attempt, for a caller that
// filters but picks no node (podfit check), so that its verdict is the attempt's.
#pragma once

#include "podfit/framework/framework.h"
#include "podfit/framework/score_runner.h"
#include "podfit/framework/status.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// schedulePod past Filter: with two or more feasible nodes and no nominated node taken, the
// profile's PreScore plugins run, and the first one's Error (`running PreScore plugin "X": ...`)
// ends the attempt. Success otherwise, and when `scoring` is null (no Score plugin). Score is
// not run (check computes no scores): its rarer Errors, such as scoring args naming no
// resources, are left to podfit place.
Status scoring_error(const Framework& filters, const ScoreProfile* scoring, CycleState& state, const PodInfo& pod,
                     const Snapshot& snapshot, const FilterOutcome& filtered);

}  // namespace podfit
