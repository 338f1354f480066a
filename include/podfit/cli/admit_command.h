// `podfit admit`: the admission check the kubelet runs before starting a pod on its node.
#pragma once

#include <ostream>
#include <string>

#include "podfit/cli/input.h"

namespace podfit {

struct AdmitOptions {
  InputOptions input;            // -f, --pod (default: the pending pods of -f), -R, --feature-gates
  std::string node;              // --node: a node of the cluster state
  bool all_reasons = false;      // --all-reasons: every failing check, not only the first
  std::string output = "table";  // table, json, yaml
  bool color = false;            // stdout is a terminal and NO_COLOR is unset
};

// Runs the admission check of each pod on the node; the report goes to `out` once complete.
// Returns 0 every pod is admitted, 1 some pod is rejected, 2 bad usage or input (an unknown node).
int run_admit(const AdmitOptions& options, std::ostream& out, std::ostream& err);

}  // namespace podfit
