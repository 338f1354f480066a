// `podfit requeue`: what the scheduling queue does with the pending pods when a Node,
// ResourceClaim, ResourceSlice or DeviceClass is added (--new) or updated (--old, --new).
#pragma once

#include <ostream>
#include <string>

#include "podfit/cli/input.h"

namespace podfit {

struct RequeueOptions {
  InputOptions input;         // -f, --pod (default: the pending pods of -f), -R, --feature-gates
  std::string old_node_file;  // --old: the object before the update (absent: an add)
  std::string new_node_file;  // --new: the object after the update, or the object added
  bool hints = false;         // --hints: show each rejecting plugin's queueing hint
  bool pre_check = false;     // --pre-check: the pre-enqueue check of kube-scheduler before v1.32
  std::string output = "table";  // table, wide, json, yaml
  bool color = false;            // stdout is a terminal and NO_COLOR is unset
};

// Runs the requeue; writes the report to `out` once complete, notices and errors to `err`.
// Returns 0, or 2 on bad usage or input (a file must hold exactly one Node, ResourceClaim,
// ResourceSlice or DeviceClass; --old and --new must be the same object; --pre-check takes Nodes only).
int run_requeue(const RequeueOptions& options, std::ostream& out, std::ostream& err);

}  // namespace podfit
