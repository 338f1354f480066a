// Writers for `podfit requeue`: the node's cluster events and each pending pod's fate.
#pragma once

#include <ostream>

#include "podfit/queue/requeue.h"

namespace podfit {

struct RequeueTableStyle {
  bool color = false;  // ANSI colours (only on a terminal, never with NO_COLOR)
  bool wide = false;   // -o wide: add the DETAILS column
  bool hints = false;  // --hints: add each rejecting plugin's queueing hint, event by event
};

// Table: a line naming the node's events and how the queue decides, then one row per pod.
void write_requeue_table(std::ostream& out, const RequeueOutcome& outcome, const RequeueTableStyle& style);
// The RequeueReport document: apiVersion podfit/v1, node, event (the first, or null), events,
// mode, and per pod moved and reasons, plus the queueing-hint fields in that mode.
void write_requeue_json(std::ostream& out, const RequeueOutcome& outcome);
void write_requeue_yaml(std::ostream& out, const RequeueOutcome& outcome);

}  // namespace podfit
