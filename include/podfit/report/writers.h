// Writers for every output format of `podfit check`.
#pragma once

#include <ostream>
#include <string>

#include "podfit/report/fit_report.h"

namespace podfit {

struct TableStyle {
  bool color = false;  // ANSI colours (only on a terminal, see use_color)
  bool wide = false;   // -o wide: add the DETAILS column
};

void write_fit_table(std::ostream& out, const FitReport& report, const TableStyle& style);
void write_fit_json(std::ostream& out, const FitReport& report);
void write_fit_yaml(std::ostream& out, const FitReport& report);
// -o name: node/NAME per feasible node, for pipes; with several pods, pod/NAMESPACE/NAME node/NAME
// per feasible (pod, node) pair.
void write_fit_names(std::ostream& out, const FitReport& report);

}  // namespace podfit
