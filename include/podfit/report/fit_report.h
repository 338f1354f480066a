// The outcome of `podfit check`, ready to print in any output format.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "podfit/framework/status.h"

namespace podfit {

struct NodeVerdict {
  std::string name;
  bool fit = false;
  std::vector<Status> failures;  // plugin set on each; at most one unless --all-reasons
};

struct PodVerdict {
  std::string namespace_;
  std::string name;
  bool schedulable = false;
  std::vector<std::string> feasible_nodes;
  std::optional<Status> pre_filter;  // the PreFilter status that rejected the pod
  std::vector<NodeVerdict> nodes;    // every node, input order
  std::string message;               // FitError text, or "N/M nodes are available"
  // Plugins podfit could not evaluate for this pod (plugin, why): its verdict is partial.
  std::vector<std::pair<std::string, std::string>> not_evaluated;
};

class Snapshot;
struct FilterOutcome;
struct Pod;

// The verdict for one pod from its filtering outcome: every node in snapshot order, the
// feasible ones, and the message kube-scheduler would record (FitError text, the Error that
// aborts the attempt, or "N/M nodes are available").
PodVerdict make_pod_verdict(const Pod& pod, const Snapshot& snapshot, const FilterOutcome& outcome);

struct FitReport {
  std::vector<PodVerdict> results;
  // Default-profile plugins podfit did not run: not implemented, or not evaluated for some pod.
  std::vector<std::string> skipped_plugins;
};

}  // namespace podfit
