// PodTopologySpread: the pod's DoNotSchedule topology spread constraints, each domain's matching
// pods counted once per pod across the cluster, then a skew check per node; Score prefers the
// least crowded domains of the ScheduleAnyway constraints (the system defaults for a pod without
// constraints).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/parallelizer.h"
#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/affinity.h"
#include "podfit/model/labels.h"
#include "podfit/model/node_affinity.h"
#include "podfit/model/pod.h"

namespace podfit {

struct LabelColumn;

// Filter reason when placing the pod on the node would exceed a constraint's maxSkew.
inline constexpr std::string_view kPodTopologySpreadReasonConstraintsNotMatch =
    "node(s) didn't match pod topology spread constraints";
// Filter reason when the node lacks the label a constraint spreads over (UnschedulableAndUnresolvable).
inline constexpr std::string_view kPodTopologySpreadReasonNodeLabelNotMatch =
    "node(s) didn't match pod topology spread constraints (missing required label)";
// The CycleState key PreFilter writes ("PreFilter" + plugin name, as kube-scheduler).
inline constexpr std::string_view kPodTopologySpreadPreFilterStateKey = "PreFilterPodTopologySpread";

// config.PodTopologySpreadConstraintsDefaulting: where the constraints of a pod without any come from.
enum class SpreadDefaultingType {
  System,  // the built-in hostname/zone constraints (ScheduleAnyway only: no Filter effect)
  List,    // PodTopologySpreadArgs.default_constraints
};

// config.PodTopologySpreadArgs: the profile's default constraints for pods that declare none.
struct PodTopologySpreadArgs {
  std::vector<TopologySpreadConstraint> default_constraints;
  SpreadDefaultingType defaulting_type = SpreadDefaultingType::System;  // the v1 configuration's default
};

// systemDefaultConstraints: hostname maxSkew 3 and zone maxSkew 5, both ScheduleAnyway.
const std::vector<TopologySpreadConstraint>& system_default_spread_constraints();

// helper.DefaultSelector: the selectors of the Services, ReplicationControllers, ReplicaSets and
// StatefulSets that own or select the pod, merged. Default constraints take it as their selector;
// an empty result drops them. Without one, podfit knows none of those objects (empty selector).
using SpreadDefaultSelector = std::function<Selector(const Pod&)>;

// topologySpreadConstraint: one constraint with its selector compiled (matchLabelKeys merged) and
// the API's defaults applied.
struct SpreadConstraint {
  int32_t max_skew = 0;
  std::string topology_key;
  Selector selector;
  int32_t min_domains = 1;           // nil minDomains counts as 1
  bool honor_node_affinity = true;   // nodeAffinityPolicy: Honor unless Ignore
  bool honor_node_taints = false;    // nodeTaintsPolicy: Ignore unless Honor
};

// One entry of criticalPaths: a domain and its number of matching pods.
struct SpreadCriticalPath {
  std::string topology_value;
  int match_num = 0;
  friend bool operator==(const SpreadCriticalPath&, const SpreadCriticalPath&) = default;
};

// The "no domain yet" match number of an empty critical path (math.MaxInt32).
inline constexpr int kSpreadNoMatchNum = 2147483647;

// preFilterState: per constraint, the matching pods of every eligible domain and the two least
// loaded domains. Written by PreFilter, read concurrently by Filter; AddPod/RemovePod adjust a clone.
struct PodTopologySpreadState final : StateData {
  // Shared by clones: constraints never change within a cycle.
  std::shared_ptr<const std::vector<SpreadConstraint>> constraints;
  // criticalPaths: [0] always holds the minimum; [1] is at least [0] (not always the 2nd minimum).
  std::vector<std::array<SpreadCriticalPath, 2>> critical_paths;
  // TpValueToMatchNum: topology value -> matching pods, one map per constraint.
  std::vector<std::unordered_map<std::string, int>> tp_value_to_match_num;
  // Per constraint: the snapshot's column of its topology key, and the same counts by the
  // column's value ids (0 where no eligible node has the value), so that Filter finds a node's
  // count by index. Empty in a state built without them: Filter then looks values up by name.
  std::vector<const LabelColumn*> columns;
  std::vector<std::vector<int>> match_num_by_id;

  std::unique_ptr<StateData> clone() const override;
  // minMatchNum: the global minimum, 0 while fewer eligible domains than minDomains exist.
  int min_match_num(size_t constraint) const;
  // Adds delta to one domain's count and keeps the critical paths up to date.
  void add_to_domain(size_t constraint, const std::string& topology_value, int delta);
};

// criticalPaths.update: records that `topology_value` now holds `match_num` matching pods.
void update_critical_paths(std::array<SpreadCriticalPath, 2>& paths, const std::string& topology_value, int match_num);

// The CycleState key PreScore writes.
inline constexpr std::string_view kPodTopologySpreadPreScoreStateKey = "PreScorePodTopologySpread";

// preScoreState: the soft constraints, the feasible nodes left out of scoring, the matching pods
// per domain (the hostname constraint is counted per node in Score) and each constraint's weight.
struct PodTopologySpreadScoreState final : StateData {
  std::vector<SpreadConstraint> constraints;
  // Feasible nodes lacking a constraint's topology key (only when every key is required).
  std::set<std::string, std::less<>> ignored_nodes;
  // The same, per feasible node in the order PreScore was given them (NormalizeScore's order).
  std::vector<bool> ignored_in_order;
  // Per constraint: topology value of a feasible node -> matching pods in that domain.
  std::vector<std::unordered_map<std::string, int64_t>> topology_value_to_pod_counts;
  // Per constraint: log(number of feasible domains + 2), so small topologies weigh more.
  std::vector<double> topology_normalizing_weight;
  // Per constraint: the matching pods of each node of `snapshot`, by its position there.
  std::vector<std::shared_ptr<const std::vector<int>>> matching_per_node;
  // Per constraint: the snapshot's column of its topology key, and topology_value_to_pod_counts
  // by the column's value ids (0 where no feasible node has the value), so that Score finds a
  // node's count by index.
  std::vector<const LabelColumn*> columns;
  std::vector<std::vector<int64_t>> pod_counts_by_id;
  const Snapshot* snapshot = nullptr;

  std::unique_ptr<StateData> clone() const override;
};

// countPodsMatchSelector: matching, non-terminating pods of `ns`; an empty selector counts none.
int count_spread_matching_pods(const std::vector<const PodInfo*>& pods, const Selector& selector,
                               const std::string& ns);
// nodeLabelsMatchSpreadConstraints, negated and read from the constraints' label columns: the
// node lacks some constraint's topology key.
bool lacks_spread_topology_key(const std::vector<const LabelColumn*>& columns, const NodeInfo& node);

// The PodTopologySpread plugin's PreFilter, Filter, PreScore and Score, with the AddPod/RemovePod
// extensions preemption uses to simulate pods leaving or joining a node.
class PodTopologySpreadPlugin final : public PreFilterPlugin,
                                      public FilterPlugin,
                                      public PreScorePlugin,
                                      public ScorePlugin {
 public:
  // `default_selector` stands in for helper.DefaultSelector when the args give DoNotSchedule
  // default constraints (List defaulting); absent, it selects nothing and such defaults are dropped.
  explicit PodTopologySpreadPlugin(const PodTopologySpreadArgs& args = {}, const FeatureGates& gates = {},
                                   SpreadDefaultSelector default_selector = {});

  std::string_view name() const override;

  // getConstraints for DoNotSchedule: the pod's own constraints when it has any, else the
  // defaults (System defaults are all ScheduleAnyway, so none). nullopt and kube-scheduler's
  // message in *error when a labelSelector does not compile.
  std::optional<std::vector<SpreadConstraint>> hard_constraints(const Pod& pod, std::string* error = nullptr) const;

  // Skip when the pod has no hard constraint (or its resize is Deferred while
  // InPlacePodVerticalScalingSchedulerPreemption is on); Error when a selector does not compile.
  // Otherwise counts, once over all nodes of the snapshot, the pods matching each constraint per
  // domain (nodes lacking any constraint's key, failing the inclusion policies; pods of other
  // namespaces or terminating are not counted) and stores the result.
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;

  // UnschedulableAndUnresolvable when the node lacks a constraint's topology key, Unschedulable
  // when matching pods in the node's domain + the pod itself (if it matches) - the global minimum
  // > maxSkew, checked constraint by constraint (the first failure decides the code); one detail
  // per failing constraint. Error when PreFilter stored nothing. O(constraints) per node.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  AddedPodReach reach_of_added_pod(const CycleState& state, const PodInfo& pod, const PodInfo& added,
                                   bool skipped) const override;
  // Matching pods arriving in the node's domain raise its count, but while it stays below every
  // other domain the minimum rises with it: the domain closes only once its count passes the
  // least loaded other domain's by more than maxSkew allows (with fewer domains than minDomains,
  // once it passes maxSkew itself). The least of that over the constraints spreading over `key`.
  int64_t domain_tolerance(const CycleState& state, const PodInfo& pod, const std::string& key,
                           const NodeInfo& node) const override;
  // The least loaded eligible domain always passes (its skew is the pod's own match, at most
  // maxSkew), so for a pod with one constraint, spreading over `key` with at least minDomains
  // domains: every eligible domain, sorted. Otherwise none.
  std::vector<std::string> domains_one_stays_open(const CycleState& state, const PodInfo& pod,
                                                  const std::string& key) const override;

  // getConstraints for ScheduleAnyway: the pod's own when it has any, else the defaults with the
  // default selector (dropped when that selects nothing). nullopt and kube-scheduler's message
  // in *error when a labelSelector does not compile.
  std::optional<std::vector<SpreadConstraint>> soft_constraints(const Pod& pod, std::string* error = nullptr) const;

  // Skip when the snapshot has no nodes or the pod has no soft constraint; Error when a selector
  // does not compile. Otherwise counts, over every node of the snapshot, the matching pods of
  // each domain that some feasible node belongs to. With the pod's own constraints (or List
  // defaulting) feasible nodes lacking a topology key are left out of scoring.
  Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                   std::span<const NodeInfo* const> nodes) const override;
  // Sum over constraints of matching pods in the node's domain * the constraint's weight +
  // (maxSkew - 1), rounded; 0 for a node left out. Error when PreScore stored nothing.
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  bool has_normalize_score() const override { return true; }
  // 100 * (max + min - score) / max (100 everywhere when max is 0); 0 for nodes left out.
  Status normalize_score(const CycleState& state, const PodInfo& pod, NodeScoreList& scores) const override;
  // For a pod without its own constraints under System defaulting and no default selector:
  // kube-scheduler spreads it over the pods its Services and controllers select, objects podfit
  // does not read, so podfit scores as if nothing selected it.
  std::optional<std::string> score_caveat(const Pod& pod) const override;

  // PreFilterExtensions.AddPod: counts `added` (now on `node`) in the stored state.
  Status add_pod(CycleState& state, const Pod& pod_to_schedule, const PodInfo& added, const NodeInfo& node) const;
  // PreFilterExtensions.RemovePod: uncounts `removed` (leaving `node`) from the stored state.
  Status remove_pod(CycleState& state, const Pod& pod_to_schedule, const PodInfo& removed, const NodeInfo& node) const;

 private:
  // filterTopologySpreadConstraints: the constraints whose whenUnsatisfiable is `action`.
  std::optional<std::vector<SpreadConstraint>> compile(const std::vector<TopologySpreadConstraint>& constraints,
                                                       const StringMap& pod_labels, std::string* error,
                                                       std::string_view action = "DoNotSchedule") const;
  bool node_counts_for(const SpreadConstraint& constraint, const Pod& pod, const Node& node,
                       const RequiredNodeAffinity& affinity) const;
  void update_with_pod(PodTopologySpreadState& state, const Pod& updated, const Pod& pod_to_schedule,
                       const Node& node, int delta) const;
  // Per node of the snapshot (in its order), the pods countPodsMatchSelector counts for
  // `selector` in namespace `ns`, shared by the pods of one workload, which count the same:
  // counted once per snapshot generation, or once for the snapshot as built and brought to its
  // pods now by the pod changes since, when they are few.
  std::shared_ptr<const std::vector<int>> matching_pods_per_node(const Snapshot& snapshot, const Selector& selector,
                                                                 const std::string& ns) const;

  struct MatchCounts {
    const Snapshot* snapshot = nullptr;
    uint64_t generation = 0;
    std::unordered_map<std::string, std::shared_ptr<const std::vector<int>>> by_selector;
  };
  mutable std::mutex match_counts_mutex_;
  mutable MatchCounts match_counts_;
  mutable MatchCounts built_match_counts_;  // of the snapshot as built, by its layout generation

  std::vector<TopologySpreadConstraint> default_constraints_;
  SpreadDefaultSelector default_selector_;
  bool system_defaulted_;          // the defaults are the system's (not every topology key is required)
  bool node_inclusion_policy_;     // NodeInclusionPolicyInPodTopologySpread
  bool match_label_keys_;          // MatchLabelKeysInPodTopologySpread
  bool comparison_operators_;      // TaintTolerationComparisonOperators
  bool skip_deferred_resize_;      // InPlacePodVerticalScalingSchedulerPreemption
  Parallelizer parallelizer_;
};

// Registry factory: System defaulting until plugin configuration is loaded.
std::unique_ptr<Plugin> new_pod_topology_spread(const PluginContext& context);

}  // namespace podfit
