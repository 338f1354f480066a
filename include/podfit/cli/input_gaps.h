// Input that looks incomplete, which a CI gate must not pass silently: each gap is a warning,
// or with --strict an error (exit 2) before anything is written.
#pragma once

#include <string>
#include <vector>

#include "podfit/cli/input.h"

namespace podfit {

struct InputGap {
  std::string text;          // what is missing and how to give it
  bool said_already = false; // a notice printed while loading says it already (warn-only runs skip it)
};

// The gaps of `input` read as `options` asked: a cluster state with no Node (for commands that
// schedule); -n naming a namespace the cluster state does not have (pending pods of -f only);
// no PodDisruptionBudget where the command needs budgets (drain) and the state was read from
// files; pods naming ResourceClaims in a cluster state that has none. A kind given as an empty
// typed List (PodDisruptionBudgetList) is known to have no objects: no gap.
std::vector<InputGap> input_gaps(const InputOptions& options, const LoadedInput& input);

}  // namespace podfit
