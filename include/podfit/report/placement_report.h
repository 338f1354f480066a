// The outcome of `podfit place`, ready to print in any output format.
#pragma once

#include "podfit/kubernetes_release.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "podfit/framework/binding_plugins.h"
#include "podfit/framework/score_runner.h"
#include "podfit/model/resource_claim.h"
#include "podfit/model/workload.h"
#include "podfit/report/writers.h"
#include "podfit/what_if/what_if.h"

namespace podfit {

// How many of the feasible nodes' scores a placement keeps.
inline constexpr size_t kReportedNodes = 10;

// A ResourceClaim a placed pod uses, with the devices allocated to it.
struct ClaimAllocation {
  std::string namespace_;
  std::string name;
  std::vector<DeviceRequestAllocationResult> devices;
};

// One pod a scheduling cycle ran for, in the order the cycles ran.
struct Placement {
  std::string namespace_;
  std::string name;
  std::optional<WorkloadRef> workload;  // the workload this pod is a replica of
  size_t candidate = 0;                 // its index in PlacementReport::candidates
  bool placed = false;
  // Placed: the node, and its total score (nullopt when it was the only feasible node, which
  // kube-scheduler takes without scoring).
  std::string node;
  std::optional<int64_t> score;
  // Whether another feasible node had the same top total (podfit took the smallest name).
  bool tie = false;
  size_t feasible_nodes = 0;
  size_t node_count = 0;
  // The best feasible nodes' scores (at most kReportedNodes), best first, equal totals by
  // name as host selection reads them; empty when not scored.
  std::vector<NodePluginScores> scores;
  std::vector<std::string> pre_bind;    // PreBind's API writes, described
  std::vector<ClaimAllocation> claims;  // the pod's ResourceClaims as the binding cycle left them
  std::optional<PodBinding> binding;    // the v1 Binding the Bind plugin posted
  std::string binder;                   // the Bind plugin that bound the pod
  // Not placed: where the cycle stopped ("Filter", "Score", "Reserve", "PreBind", "Bind",
  // "Skipped", or "Unserved" / "Gated" for a pod no cycle ran for) and why: the FitError text
  // (kube-scheduler's FailedScheduling message) or the failing status.
  std::string stage;
  std::string message;
  // Plugins not evaluated for this pod, and scores that may differ from kube-scheduler's (plugin, why).
  std::vector<std::pair<std::string, std::string>> not_evaluated;
  std::vector<std::pair<std::string, std::string>> caveats;
};

// One candidate (a pod or a workload given to --pod, or a pending pod) and how many of its
// copies were placed.
struct CandidateCount {
  std::string namespace_;
  std::string name;
  std::optional<WorkloadRef> workload;
  size_t asked = 0;   // copies asked for (--max: the copies tried)
  size_t placed = 0;
};

struct PlacementReport {
  ReleaseChoice release;  // the release modelled
  std::vector<Placement> placements;
  std::vector<CandidateCount> candidates;
  size_t fit_count = 0;  // pods placed (with --max: copies that fit)
  bool max = false;      // --max: copies were placed until one did not fit
  // --max stopped at the limit before a copy failed to fit: more may fit.
  std::optional<size_t> limit_reached;
  // Plugins of the profiles podfit does not run ("<extension point> <plugin>").
  std::vector<std::string> not_run;
  WhatIfSummary what_if;  // --add-node, --remove-node, --cordon as applied
};

// -o table / -o wide: one row per placed pod (node, score, every feasible node's total; wide
// adds the chosen node's score per plugin), then why the first pod of each candidate that was
// not placed did not fit.
void write_placement_table(std::ostream& out, const PlacementReport& report, const TableStyle& style);
// -o json / -o yaml: the PlacementReport document.
void write_placement_json(std::ostream& out, const PlacementReport& report);
void write_placement_yaml(std::ostream& out, const PlacementReport& report);
// -o bindings: the v1 Binding of every placed pod, as a YAML stream for `kubectl create -f -`.
void write_placement_bindings(std::ostream& out, const PlacementReport& report);

}  // namespace podfit
