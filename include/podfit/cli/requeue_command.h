// `podfit requeue`: what the scheduling queue does with the pending pods when a node is added
// (--new) or updated (--old, --new).
#pragma once

#include <ostream>
#include <string>

#include "podfit/cli/input.h"

namespace podfit {

struct RequeueOptions {
  InputOptions input;         // -f, --pod (default: the pending pods of -f), -R, --feature-gates
  std::string old_node_file;  // --old: the node before the update (absent: a node add)
  std::string new_node_file;  // --new: the node after the update, or the node added
  bool hints = false;         // --hints: show each rejecting plugin's queueing hint
  bool pre_check = false;     // --pre-check: the pre-enqueue check of kube-scheduler before v1.32
  std::string output = "table";  // table, wide, json, yaml
  bool color = false;            // stdout is a terminal and NO_COLOR is unset
};

// Runs the requeue; writes the report to `out` once complete, notices and errors to `err`.
// Returns 0, or 2 on bad usage or input (a node file must hold exactly one Node; --old and
// --new must name the same node).
int run_requeue(const RequeueOptions& options, std::ostream& out, std::ostream& err);

}  // namespace podfit
