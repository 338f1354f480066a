// Writes a `podfit check` report while it is made: each pod's verdict as soon as it is known,
// in input order, so that nothing proportional to pods x nodes is held for the output.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/kubernetes_release.h"
#include "podfit/report/fit_report.h"
#include "podfit/report/writers.h"
#include "podfit/what_if/what_if.h"

namespace podfit {

class FitReportWriter {
 public:
  virtual ~FitReportWriter() = default;
  virtual void begin(const ReleaseChoice& release) { (void)release; }
  virtual void write(const PodVerdict& verdict) = 0;
  // skippedPlugins is complete only once every pod is checked.
  virtual void end(const std::vector<std::string>& skipped_plugins) { (void)skipped_plugins; }
};

// The writer of one of check's output formats (table, wide, json, yaml, name) into `out`; JSON
// and YAML end with the whatIf member when `what_if` holds changes. `several_pods`: the check
// covers more than one pod, so -o name says which pod each node is for ("pod/NAMESPACE/NAME
// node/NODE"); for one pod it prints "node/NODE" alone. The table of several pods is one row per
// pod, then the node tables of the pods that do not fit (of every pod with `all_nodes`), then a
// closing count; -o wide keeps every pod's node table.
std::unique_ptr<FitReportWriter> make_fit_report_writer(std::string_view output, std::ostream& out, const TableStyle& style,
                                                        const WhatIfSummary& what_if = {}, bool several_pods = false,
                                                        bool all_nodes = false);

}  // namespace podfit
