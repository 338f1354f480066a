// `podfit place`: where pods would land, one full scheduling cycle after another, each placed
// pod assumed into the cluster state the next one is scheduled in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "podfit/cli/copy_placement.h"
#include "podfit/cli/input.h"

namespace podfit {

struct PlaceOptions {
  InputOptions input;            // -f, --pod (default: the pending pods of -f), -R, --feature-gates
  std::string output = "table";  // table, wide, json, yaml, bindings
  bool color = false;            // stdout is a terminal and NO_COLOR is unset
  // --replicas N: N copies of each candidate, named NAME-0 ... NAME-(N-1) (a StatefulSet's by
  // ordinal). Without it a Pod is placed once under its own name and a workload's controller
  // decides (spec.replicas, a Job's parallelism, a DaemonSet's nodes).
  std::optional<int64_t> replicas;
  bool max = false;  // --max: copies until one does not fit
  // --limit: the most copies of one candidate scheduled; --max stops there and says so.
  size_t limit = kDefaultPlacementLimit;
};

// Runs the placement; writes the report to `out` once complete, notices and errors to `err`.
// Returns 0 when every copy asked for was placed (with --max: at least one copy of each
// candidate), 1 otherwise, 2 on bad usage or input.
int run_place(const PlaceOptions& options, std::ostream& out, std::ostream& err);

}  // namespace podfit
