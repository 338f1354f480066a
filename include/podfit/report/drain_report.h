// Writers for `podfit drain`: one drain's pods (the DrainReport of the contract), or --all's
// one summary per node, each drained on its own.
#pragma once

#include "podfit/kubernetes_release.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "podfit/drain/drain.h"
#include "podfit/what_if/what_if.h"

namespace podfit {

struct DrainTableStyle {
  bool color = false;  // ANSI colours (only on a terminal, never with NO_COLOR)
  bool wide = false;   // -o wide: add the replacement, priority and controller columns
};

// -o table / -o wide: a headline with the verdict, then one row per pod of the drained nodes.
void write_drain_table(std::ostream& out, const DrainOutcome& outcome, const DrainTableStyle& style);
// -o json / -o yaml: apiVersion podfit/v1, kind DrainReport, drained, drainable, pods; whatIf
// only when what-if changes were applied.
void write_drain_json(std::ostream& out, const DrainOutcome& outcome, const WhatIfSummary& what_if,
                      const ReleaseChoice& release);
void write_drain_yaml(std::ostream& out, const DrainOutcome& outcome, const WhatIfSummary& what_if,
                      const ReleaseChoice& release);

// --all: one row per node (node, drainable, pods to move, what blocks it); wide adds the reasons.
void write_drain_all_table(std::ostream& out, const std::vector<DrainOutcome>& outcomes, const DrainTableStyle& style);
// --all's DrainReport: apiVersion, kind, and `nodes`, one summary per node in input order:
// {"node", "drainable", "podsToMove", "blockedBy": [{"pod", "action", "reason"}]}; then
// drainableNodes (their names) and whatIf as above.
void write_drain_all_json(std::ostream& out, const std::vector<DrainOutcome>& outcomes, const WhatIfSummary& what_if,
                      const ReleaseChoice& release);
void write_drain_all_yaml(std::ostream& out, const std::vector<DrainOutcome>& outcomes, const WhatIfSummary& what_if,
                      const ReleaseChoice& release);

}  // namespace podfit
