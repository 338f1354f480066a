// InterPodAffinity: the pod's required pod affinity and anti-affinity, and the required
// anti-affinity of the pods already running, checked per topology domain; Score weighs the
// preferred terms of the pod and of the running pods (and the running pods' required affinity).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/parallelizer.h"
#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/pod.h"
#include "podfit/snapshot/pod_info.h"
#include "podfit/util/string_hash.h"

namespace podfit {

// Filter reason (UnschedulableAndUnresolvable) when no pod matching the pod's affinity terms runs
// in the node's topology domains, or the node lacks a topology key.
inline constexpr std::string_view kInterPodAffinityReasonAffinity = "node(s) didn't match pod affinity rules";
// Filter reason (Unschedulable) when a pod matching the pod's anti-affinity terms runs in the
// node's topology domain.
inline constexpr std::string_view kInterPodAffinityReasonAntiAffinity = "node(s) didn't match pod anti-affinity rules";
// Filter reason (Unschedulable) when a running pod's required anti-affinity term matches the
// pod in one of the node's topology domains.
inline constexpr std::string_view kInterPodAffinityReasonExistingAntiAffinity =
    "node(s) didn't satisfy existing pods anti-affinity rules";
// The CycleState key PreFilter writes.
inline constexpr std::string_view kInterPodAffinityPreFilterStateKey = "PreFilterInterPodAffinity";

// topologyToMatchedTermCount: how many (pod, term) matches each topology domain
// (topologyKey, value) holds, plus the first match seen there so that a rejection can name a pod.
class TopologyPairCounts {
 public:
  // A match that contributed to a domain: the pod, its node and the index of the term.
  struct Example {
    std::string pod;   // "namespace/name"
    std::string node;  // the node the pod runs on
    size_t term = 0;
  };
  struct Entry {
    int64_t count = 0;
    Example example;  // empty pod when the example was removed and others remain
  };
  // Filter looks a node's domain up for every node: hashed, and by the label value as it is.
  using ByValue = StringHashMap<Entry>;

  // Adds `delta` to the domain (key, value), dropping it when it reaches zero as kube does. The
  // first pod added to a domain becomes its example; removing that pod clears the example.
  void add(std::string_view key, std::string_view value, int64_t delta, const PodInfo& pod, std::string_view node,
           size_t term);
  // The domain's entry, nullptr when it holds no match.
  const Entry* find(std::string_view key, std::string_view value) const;
  // The domain's count (0 when absent).
  int64_t count(std::string_view key, std::string_view value) const;
  // Number of domains held (len of kube's map).
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Domains grouped by topology key: Filter walks the few keys rather than the node's labels.
  const std::map<std::string, ByValue, std::less<>>& by_key() const { return pairs_; }
  // Every domain's count, for reports and tests.
  std::map<std::pair<std::string, std::string>, int64_t> counts() const;

 private:
  std::map<std::string, ByValue, std::less<>> pairs_;
  size_t size_ = 0;
};

// The incoming pod's required terms with every namespaceSelector resolved into namespaces
// (mergeAffinityTermNamespacesIfNotEmpty), and what Filter needs to know about the pod.
struct IncomingAffinity {
  std::vector<AffinityTerm> affinity_terms;
  std::vector<AffinityTerm> anti_affinity_terms;
  std::string pod_namespace;
  StringMap namespace_labels;         // the pod's namespace labels (GetNamespaceLabelsSnapshot)
  bool matches_own_affinity = false;  // podMatchesAllAffinityTerms(affinity terms, the pod)
};

// Counts shared between the cycles of pods that count the same (pods of one workload), copied
// before the first change: PreFilter computes them once per snapshot generation.
class SharedPairCounts {
 public:
  SharedPairCounts() : shared_(std::make_shared<const TopologyPairCounts>()) {}
  explicit SharedPairCounts(std::shared_ptr<const TopologyPairCounts> counts) : shared_(std::move(counts)) {}
  // A copy shares the counts and never the changes made to this one.
  SharedPairCounts(const SharedPairCounts& other) : shared_(other.shared_) {}
  SharedPairCounts& operator=(const SharedPairCounts& other) {
    shared_ = other.shared_;
    own_.reset();
    return *this;
  }
  const TopologyPairCounts& operator*() const { return *shared_; }
  const TopologyPairCounts* operator->() const { return shared_.get(); }
  // The counts to change: this state's own copy from now on.
  TopologyPairCounts& mutate() {
    if (!own_) {
      own_ = std::make_shared<TopologyPairCounts>(*shared_);
      shared_ = own_;
    }
    return *own_;
  }

 private:
  std::shared_ptr<const TopologyPairCounts> shared_;
  std::shared_ptr<TopologyPairCounts> own_;  // set once this state changed its counts
};

struct LabelColumn;

// One topology key's domains holding a positive count, by the ids of the snapshot's column of
// that key: Filter reads a node's domain from two arrays instead of its labels.
struct DomainsByNode {
  const LabelColumn* column = nullptr;
  std::vector<uint8_t> positive;  // per value id: the domain's count is above zero
};

// preFilterState: the three topology counts of one cycle.
struct InterPodAffinityState final : StateData {
  // Domains where running pods' required anti-affinity terms match the incoming pod.
  SharedPairCounts existing_anti_affinity;
  // Domains where running pods match every required affinity term of the incoming pod (once per term).
  SharedPairCounts affinity;
  // Domains where running pods match the incoming pod's required anti-affinity terms (once per term).
  SharedPairCounts anti_affinity;
  std::shared_ptr<const IncomingAffinity> pod;  // shared by clones: it never changes
  // The counts above by node, as PreFilter left them: each key of the existing anti-affinity
  // counts, and each incoming affinity and anti-affinity term in term order. AddPod and
  // RemovePod (preemption's dry runs) turn them off rather than follow.
  bool indexed_by_node = false;
  std::vector<DomainsByNode> existing_by_node;
  std::vector<DomainsByNode> affinity_by_node;
  std::vector<DomainsByNode> anti_affinity_by_node;

  std::unique_ptr<StateData> clone() const override { return std::make_unique<InterPodAffinityState>(*this); }
};

// config.InterPodAffinityArgs with kube-scheduler's defaults.
struct InterPodAffinityArgs {
  // Weight a running pod's required affinity term adds to the domains where it matches the pod.
  int32_t hard_pod_affinity_weight = 1;
  // Skip scoring pods without preferred (anti-)affinity terms of their own.
  bool ignore_preferred_terms_of_existing_pods = false;
};

// The CycleState key PreScore writes.
inline constexpr std::string_view kInterPodAffinityPreScoreStateKey = "PreScoreInterPodAffinity";

// preScoreState: topology key -> value -> summed weight of the matching terms in that domain.
struct InterPodAffinityScoreState final : StateData {
  std::map<std::string, std::map<std::string, int64_t, std::less<>>, std::less<>> topology_score;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<InterPodAffinityScoreState>(*this); }
};

// mergeAffinityTermNamespacesIfNotEmpty: a non-empty namespaceSelector of an incoming pod's term
// becomes the namespaces it selects in the snapshot (added to the named ones) and then selects
// nothing; an empty one stays and matches every namespace.
void resolve_affinity_term_namespaces(AffinityTerm& term, const Snapshot& snapshot);

// The InterPodAffinity plugin's PreFilter, Filter, PreFilterExtensions, PreScore and Score.
class InterPodAffinity final : public PreFilterPlugin, public FilterPlugin, public PreScorePlugin, public ScorePlugin {
 public:
  // Per domain (topology key, then value): the weights running pods' terms give it, and how
  // many terms matched (the domain is scored while one does, whatever its sum).
  struct DomainWeight {
    int64_t sum = 0;
    int64_t matches = 0;
  };
  using ScoreTally = std::map<std::string, std::map<std::string, DomainWeight, std::less<>>, std::less<>>;

  explicit InterPodAffinity(const FeatureGates& gates = {}, InterPodAffinityArgs args = {});

  std::string_view name() const override;

  // UnschedulableAndUnresolvable "parsing pod: ..." when one of the pod's (anti-)affinity terms,
  // preferred ones included, does not parse. Otherwise counts, over the nodes of the snapshot,
  // the domains of running pods' required anti-affinity terms matching the pod, and of running
  // pods matching the pod's required affinity / anti-affinity terms. Skip when no running pod's
  // anti-affinity matches and the pod has no required terms (also when the
  // InPlacePodVerticalScalingSchedulerPreemption gate is on and the pod's resize is Deferred).
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;

  // In kube's order: UnschedulableAndUnresolvable when the pod's affinity fails on the node,
  // Unschedulable when its anti-affinity does, Unschedulable when a running pod's anti-affinity
  // does. Error when PreFilter wrote no state.
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  AddedPodReach reach_of_added_pod(const CycleState& state, const PodInfo& pod, const PodInfo& added,
                                   bool skipped) const override;

  // PreFilterExtensions.AddPod: counts `added` (running on `node`) into the cycle's state.
  Status add_pod(CycleState& state, const PodInfo& pod, const PodInfo& added, const NodeInfo& node) const;
  // PreFilterExtensions.RemovePod: the reverse of add_pod.
  Status remove_pod(CycleState& state, const PodInfo& pod, const PodInfo& removed, const NodeInfo& node) const;

  // Skip when the pod has no preferred terms and the args ignore the running pods' terms, or
  // when no term of either side matches anywhere; Error "failed to parse pod: ..." when the pod's
  // terms do not parse. Otherwise sums, per topology domain, +weight for each running pod
  // matching the pod's preferred affinity terms, -weight for its preferred anti-affinity terms,
  // +hard_pod_affinity_weight for each running pod's required affinity term matching the pod,
  // and +/-weight for the running pods' preferred (anti-)affinity terms matching the pod. Only
  // nodes with pods declaring affinity are visited unless the pod has preferred terms.
  Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                   std::span<const NodeInfo* const> nodes) const override;
  // Sum of the weights of the node's domains (may be negative). Error when PreScore stored nothing.
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  bool has_normalize_score() const override { return true; }
  // Min-max scaling onto [0, 100] (truncated); all 0 when every node scored the same.
  Status normalize_score(const CycleState& state, const PodInfo& pod, NodeScoreList& scores) const override;

 private:
  // The counts of one snapshot generation, by what decides them: pods of one workload share them.
  struct CountsCache {
    const Snapshot* snapshot = nullptr;
    uint64_t generation = 0;
    std::set<std::string> anti_affinity_label_keys;  // label keys running pods' anti-affinity terms read
    std::unordered_map<std::string, std::shared_ptr<const TopologyPairCounts>> existing_anti_affinity;
    std::unordered_map<std::string, std::shared_ptr<const TopologyPairCounts>> affinity;
    std::unordered_map<std::string, std::shared_ptr<const TopologyPairCounts>> anti_affinity;
  };
  // The cache, emptied when `snapshot` or its generation changed; call with cache_mutex_ held.
  CountsCache& counts_cache(const Snapshot& snapshot) const;
  // The counts of the snapshot as built, emptied when its layout generation changed: a cycle
  // that explains nothing brings them to the snapshot's pods now with its pod changes, which
  // is cheaper than counting every pod again after each assume or eviction.
  CountsCache& built_counts_cache(const Snapshot& snapshot) const;

  // Running pods' scores of the snapshot as built for a pod without preferred terms of its own,
  // keyed by what those pods' terms read of it.
  std::shared_ptr<const ScoreTally> built_score_tally(const Snapshot& snapshot, const Pod& pod,
                                                      const StringMap* namespace_labels) const;
  struct ScoreCache {
    const Snapshot* snapshot = nullptr;
    uint64_t generation = 0;  // the snapshot's layout generation
    std::set<std::string> label_keys;
    std::unordered_map<std::string, std::shared_ptr<const ScoreTally>> by_key;
  };

  bool skip_deferred_resize_;
  InterPodAffinityArgs args_;
  Parallelizer parallelizer_;
  mutable std::mutex cache_mutex_;
  mutable CountsCache cache_;
  mutable CountsCache built_cache_;
  mutable std::mutex score_cache_mutex_;
  mutable ScoreCache score_cache_;
};

// Registry factory (default InterPodAffinityArgs).
std::unique_ptr<Plugin> new_inter_pod_affinity(const PluginContext& context);



}  // namespace podfit
