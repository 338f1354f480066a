// PostFilter: DynamicResources' and DefaultPreemption's verdicts for a pod that fits no node,
// and the text they add to the FailedScheduling event.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "podfit/framework/framework.h"
#include "podfit/model/policy.h"

namespace podfit {

// The reasons preemption reports for nodes it does not or cannot use.
inline constexpr std::string_view kPreemptionNotHelpful = "Preemption is not helpful for scheduling";
inline constexpr std::string_view kNoPreemptionVictims = "No preemption victims found for incoming pod";
inline constexpr std::string_view kNotEligibleNever = "not eligible due to preemptionPolicy=Never.";
inline constexpr std::string_view kNotEligibleTerminating = "not eligible due to a terminating pod on the nominated node.";

// util.MoreImportantPod: higher priority first, then the earlier status.startTime (a pod that has
// not started counts as starting now, i.e. after every pod that has).
bool more_important_pod(const Pod& a, const Pod& b);

// filterPodsWithPDBViolation: splits `pods` (kept in order) into those whose eviction would
// exceed some matching budget's disruptionsAllowed (counting the pods before them) and the rest.
// Budgets match pods of their namespace by a non-empty selector; pods already listed in
// status.disruptedPods do not count.
void split_by_pdb_violation(const std::vector<const PodInfo*>& pods, const std::vector<PodDisruptionBudget>& pdbs,
                            std::vector<const PodInfo*>& violating, std::vector<const PodInfo*>& non_violating);

// SelectVictimsOnNode's outcome for one node.
struct VictimSelection {
  // Success when removing `victims` lets the pod fit; otherwise why the node cannot help.
  Status status;
  std::vector<const PodInfo*> victims;  // most important first
  int pdb_violations = 0;
};

// SelectVictimsOnNode on a copy of `node` and of `state`: removes every lower-priority pod,
// re-runs the Filter plugins, then reprieves as many pods as still let the pod fit, PDB-violating
// ones first, each group from the most important down. Every filter run counts `nominated`
// (the pods nominated to the node) as RunFilterPluginsWithNominatedPods does.
VictimSelection select_victims_on_node(const Framework& framework, const CycleState& state, const PodInfo& pod,
                                       const NodeInfo& node, const std::set<std::string>& skipped_plugins,
                                       const std::vector<PodDisruptionBudget>& pdbs,
                                       const std::vector<const PodInfo*>& nominated = {});

// A node where preemption would let the pod in.
struct PreemptionCandidate {
  size_t node_index = 0;  // in snapshot order
  std::vector<const PodInfo*> victims;  // most important first
  int pdb_violations = 0;
};

// pickOneNodeForPreemption: fewest PDB violations, then the lowest highest victim priority, the
// lowest sum of priorities, the fewest victims, the latest start among the most important victims.
// Ties left after that go to the first candidate given (kube-scheduler's pick among them depends
// on map order). Returns the index into `candidates`; `tie` says whether a tie was broken so.
size_t pick_one_node_for_preemption(const std::vector<PreemptionCandidate>& candidates, bool* tie = nullptr);

// One PostFilter plugin's verdict.
struct PostFilterPluginStatus {
  std::string plugin;
  Status status;
};

// Per node: what the dry run found (Success with victims for a candidate).
struct NodePreemption {
  Status status;
  std::vector<const PodInfo*> victims;
  int pdb_violations = 0;
};

// RunPostFilterPlugins' result for one pod.
struct PostFilterOutcome {
  bool ran = false;  // false: no PostFilter plugin ran (none configured, or the pod was schedulable)
  // Success (a node was nominated), Unschedulable (the plugins' reasons) or Error.
  Status status;
  // The plugins that ran, in order, with their own statuses.
  std::vector<PostFilterPluginStatus> plugins;
  // DefaultPreemption's dry run: whether it ran, per node (snapshot order) and the nominated node.
  bool preemption_ran = false;
  std::vector<NodePreemption> nodes;
  std::optional<size_t> nominated_node;
  std::vector<const PodInfo*> victims;
  int pdb_violations = 0;
  bool tie = false;  // the nominated node shares the best rank with others
  // Plugins podfit could not evaluate at PostFilter (plugin, why).
  std::vector<std::pair<std::string, std::string>> not_evaluated;
  // The status message, what the FailedScheduling event appends after the FitError.
  std::string message() const { return status.message(); }
};

// What the PostFilter run needs beyond the filtering outcome.
struct PostFilterInput {
  std::vector<std::string> post_filter_plugins;  // the profile's, in order
  std::vector<std::string> pre_filter_plugins;   // the profile's, to know which PreFilters ran
  const std::vector<PodDisruptionBudget>* pdbs = nullptr;
  bool dynamic_resource_allocation = true;  // the DynamicResourceAllocation gate
  // The release's texts and order of checks (dra_post_filter_without_reason,
  // dra_post_filter_reads_state_first, preemption_success_message); v1.37's by default.
  ReleaseChanges changes;
};

// RunPostFilterPlugins for a pod that fits no node (outcome without an Error): each plugin in
// order until one succeeds or returns UnschedulableAndUnresolvable or Error; Unschedulable
// reasons are gathered. DefaultPreemption dry-runs every node whose filter status is
// Unschedulable, deterministically (kube-scheduler samples at least 10% / 100 of them from a
// random offset and stops once it has that many candidates).
PostFilterOutcome run_post_filter(const Framework& framework, const Snapshot& snapshot, const PodInfo& pod,
                                  const CycleState& state, const FilterOutcome& outcome, const PostFilterInput& input);

}  // namespace podfit
