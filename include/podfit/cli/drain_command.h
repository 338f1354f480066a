// `podfit drain`: if these nodes were drained, where would their pods go, and what blocks it?
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "podfit/cli/input.h"
#include "podfit/drain/pod_filters.h"

namespace podfit {

struct DrainOptions {
  InputOptions input;               // -f (or --live), --feature-gates, --config, what-if changes
  std::vector<std::string> nodes;   // --node NAME (repeatable): drained together
  bool all = false;                 // --all: every node drained on its own
  DrainFlags flags;                 // --force, --delete-emptydir-data
  std::string output = "table";     // table, wide, json, yaml
  bool color = false;               // stdout is a terminal and NO_COLOR is unset
};

// Runs the drain; the report goes to `out` once complete, notices and errors to `err`. Returns
// 0 when drainable (--all: every node is, each on its own), 1 when not, 2 on bad usage or input
// (an unknown node).
int run_drain(const DrainOptions& options, std::ostream& out, std::ostream& err);

}  // namespace podfit
