// The table of nodes under a pod's verdict line, shared by check's tables and drain -o wide.
#pragma once

#include <ostream>
#include <vector>

#include "podfit/report/fit_report.h"
#include "podfit/report/writers.h"

namespace podfit {

// One row per node (a row per failure with --all-reasons): NODE FIT PLUGIN REASONS, and with
// style.wide the status code and podfit's details too.
void write_node_table(std::ostream& out, const std::vector<NodeVerdict>& nodes, const TableStyle& style);

}  // namespace podfit
