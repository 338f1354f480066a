// kube-scheduler's FitError message: "0/N nodes are available: <histogram>."
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/framework/framework.h"

namespace podfit {

// ErrNoNodesAvailable: what kube-scheduler reports instead of a FitError when there are no nodes.
inline constexpr std::string_view kNoNodesAvailableMessage = "no nodes available to schedule pods";

// kube-scheduler's Diagnosis as far as the FitError message reads it.
struct FitDiagnosis {
  // NodeToStatus' explicit entries: one status per node that a Filter plugin rejected.
  std::vector<Status> node_statuses;
  // NodeToStatus' status for every other node (the default has no reasons).
  Status absent_nodes_status = Status(Code::UnschedulableAndUnresolvable);
  // The PreFilter rejection's message; when set, it replaces the per-node histogram.
  std::string pre_filter_msg;
  // The PostFilter (preemption) message, appended as is.
  std::string post_filter_msg;
};

// FitError.Error(): "0/N nodes are available:", then " <PreFilterMsg>." or " <histogram>." (each
// reason of each node's status counted, absent nodes counted N-len(explicit) times, "count reason"
// entries sorted as strings and joined by ", "; nothing when there are no reasons), then
// " <PostFilterMsg>" when set.
std::string fit_error_message(const FitDiagnosis& diagnosis, size_t num_all_nodes);

// The Diagnosis findNodesThatFitPod leaves behind for this outcome: each rejected node's first
// failure, the PreFilterResult's exclusion status for nodes outside it, or the PreFilter rejection.
FitDiagnosis fit_diagnosis(const FilterOutcome& outcome);

// The FitError text for a pod that fits no node, byte for byte as kube-scheduler formats it
// (PreFilter form, reason histogram sorted as strings, absent-node statuses counted).
// post_filter_msg is the preemption message when one was computed.
std::string fit_error_message(const FilterOutcome& outcome, size_t num_all_nodes, std::string_view post_filter_msg = {});

}  // namespace podfit
