// `podfit check`: PreFilter and Filter for each pod on every node, reported per node.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "podfit/cli/input.h"

namespace podfit {

struct CheckOptions {
  InputOptions input;                  // -f, --pod (default: the pending pods of -f), -R, --feature-gates
  bool all_reasons = false;            // --all-reasons
  std::string output = "table";        // table, wide, json, yaml, name
  bool color = false;                  // stdout is a terminal and NO_COLOR is unset
  bool timings = false;                // --timings: how long loading, the snapshot and checking took
  bool no_preemption = false;          // --no-preemption: run PostFilter without DefaultPreemption
  bool all_nodes = false;              // --nodes: with several pods, every pod's node table, not only theirs that do not fit
};

// Runs the check; writes the report to `out` only once it is complete, notices and errors
// to `err`. Returns the exit code: 0 every pod fits somewhere, 1 some pod fits nowhere (a pod
// still held by scheduling gates, or whose schedulerName no profile serves, counts as such, and
// so does a workload whose replicas cannot all be placed),
// 2 bad usage or input (an invalid --config included).
int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err);

}  // namespace podfit
