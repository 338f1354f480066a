// The `whatIf` member every report adds when --add-node, --remove-node or --cordon was given.
#pragma once

#include "podfit/what_if/what_if.h"
#include "document_writer.h"

namespace podfit {

// Nothing when no change was applied, so reports without what-if stay as they were.
template <typename Writer>
void write_what_if_field(Writer& w, const WhatIfSummary& what_if) {
  if (what_if.empty()) return;
  w.key("whatIf");
  w.begin_object();
  w.key("addedNodes");
  write_strings(w, what_if.added_nodes);
  w.key("removedNodes");
  write_strings(w, what_if.removed_nodes);
  integer_field(w, "removedPods", static_cast<int64_t>(what_if.removed_pods));
  w.key("cordonedNodes");
  write_strings(w, what_if.cordoned_nodes);
  w.end_object();
}

}  // namespace podfit
