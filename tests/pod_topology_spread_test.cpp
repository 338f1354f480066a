// PodTopologySpread plugin: kube-scheduler's filtering_test.go (TestPreFilterState,
// TestPreFilterStateAddPod, TestPreFilterStateRemovePod, TestSingleConstraint,
// TestMultipleConstraints, TestPreFilterDisabled, TestPodTopologySpread_DeferredResizeSkipped)
// plus podfit's details, selector errors, matchLabelKeys already merged by the API server and
// counting over a cluster large enough to run in parallel.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "builders.h"
#include "podfit/framework/cycle_state.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/framework/status.h"
#include "podfit/model/cluster.h"
#include "podfit/plugins/pod_topology_spread/pod_topology_spread.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr const char* kUnschedulableTaintKey = "node.kubernetes.io/unschedulable";
constexpr const char* kDoNotSchedule = "DoNotSchedule";
constexpr const char* kScheduleAnyway = "ScheduleAnyway";
const std::optional<std::string> kHonor = "Honor";
const std::optional<std::string> kIgnore = "Ignore";

// st.MakeLabelSelector().Exists(key).
LabelSelector exists(std::string key) {
  LabelSelector selector;
  selector.match_expressions.push_back(LabelSelectorRequirement{std::move(key), "Exists", {}});
  return selector;
}

// st.MakeLabelSelector().Label(key, value).
LabelSelector labeled(std::string key, std::string value) {
  LabelSelector selector;
  selector.match_labels.set(key, std::move(value));
  return selector;
}

const LabelSelector kFooSelector = exists("foo");
const LabelSelector kBarSelector = exists("bar");
const std::optional<LabelSelector> kNilSelector = std::nullopt;

// st.MakePod() with what these tests need; namespace "default" unless set.
class PodMaker {
 public:
  explicit PodMaker(std::string name) {
    pod_.metadata.name = std::move(name);
    pod_.metadata.namespace_ = "default";
  }
  PodMaker& ns(std::string ns) {
    pod_.metadata.namespace_ = std::move(ns);
    return *this;
  }
  PodMaker& label(std::string key, std::string value) {
    pod_.metadata.labels.set(key, std::move(value));
    return *this;
  }
  PodMaker& node(std::string name) {
    pod_.spec.node_name = std::move(name);
    return *this;
  }
  // SpreadConstraint(maxSkew, topologyKey, whenUnsatisfiable, selector, minDomains,
  // nodeAffinityPolicy, nodeTaintsPolicy, matchLabelKeys).
  PodMaker& spread(int32_t max_skew, std::string key, std::string when, std::optional<LabelSelector> selector,
                   std::optional<int32_t> min_domains = std::nullopt,
                   std::optional<std::string> affinity_policy = std::nullopt,
                   std::optional<std::string> taints_policy = std::nullopt,
                   std::vector<std::string> match_label_keys = {}) {
    TopologySpreadConstraint c;
    c.max_skew = max_skew;
    c.topology_key = std::move(key);
    c.when_unsatisfiable = std::move(when);
    c.label_selector = std::move(selector);
    c.min_domains = min_domains;
    c.node_affinity_policy = std::move(affinity_policy);
    c.node_taints_policy = std::move(taints_policy);
    c.match_label_keys = std::move(match_label_keys);
    pod_.spec.topology_spread_constraints.push_back(std::move(c));
    return *this;
  }
  PodMaker& node_selector(std::string key, std::string value) {
    pod_.spec.node_selector.set(key, std::move(value));
    return *this;
  }
  // NodeAffinityIn / NodeAffinityNotIn: one required term with one matchExpression.
  PodMaker& node_affinity(std::string key, std::string op, std::vector<std::string> values) {
    if (!pod_.spec.affinity) pod_.spec.affinity.emplace();
    if (!pod_.spec.affinity->node_affinity) pod_.spec.affinity->node_affinity.emplace();
    NodeSelectorTerm term;
    term.match_expressions.push_back(NodeSelectorRequirement{std::move(key), std::move(op), std::move(values)});
    pod_.spec.affinity->node_affinity->required = NodeSelector{{std::move(term)}};
    return *this;
  }
  // st.Toleration(key): Exists, NoSchedule.
  PodMaker& toleration(std::string key) {
    pod_.spec.tolerations.push_back(testing::toleration(std::move(key), "Exists", "", "NoSchedule"));
    return *this;
  }
  PodMaker& terminating() {
    pod_.metadata.deletion_timestamp = "2026-07-01T00:00:00Z";
    return *this;
  }
  PodMaker& condition(std::string type, std::string status, std::string reason) {
    pod_.status.conditions.push_back(PodCondition{std::move(type), std::move(status), std::move(reason), ""});
    return *this;
  }
  operator Pod() const { return pod_; }

 private:
  Pod pod_;
};

PodMaker pod(std::string name) { return PodMaker(std::move(name)); }

// An existing pod bound to a node with these labels.
Pod on(std::string name, std::string node, const StringMap& labels = {}, std::string ns = "default") {
  PodMaker maker(std::move(name));
  maker.ns(std::move(ns)).node(std::move(node));
  for (const auto& [key, value] : labels) maker.label(key, value);
  return maker;
}

const StringMap kFoo = {{"foo", ""}};
const StringMap kBar = {{"bar", ""}};
const StringMap kFooBar = {{"foo", ""}, {"bar", ""}};

// st.MakeNode().Name(name) with labels, optionally tainted node.kubernetes.io/unschedulable:NoSchedule.
Node make_node(std::string name, const StringMap& labels, bool tainted = false) {
  testing::NodeBuilder node(std::move(name));
  for (const auto& [key, value] : labels) node.label(key, value);
  if (tainted) node.taint(testing::taint(kUnschedulableTaintKey, "", "NoSchedule"));
  return node;
}

// The common shape: labels zone=<zone> and node=<name>.
Node zone_node(const std::string& name, const std::string& zone, bool tainted = false) {
  return make_node(name, {{"zone", zone}, {"node", name}}, tainted);
}

// The four-node, two-zone cluster most cases use.
std::vector<Node> abxy_nodes() {
  return {zone_node("node-a", "zone1"), zone_node("node-b", "zone1"), zone_node("node-x", "zone2"),
          zone_node("node-y", "zone2")};
}

// A cluster and its snapshot, built in place (the snapshot points into the cluster).
struct Cluster {
  Cluster(std::vector<Node> nodes, std::vector<Pod> pods, const FeatureGates& gates)
      : state(make_state(std::move(nodes), std::move(pods))), snapshot(state, gates) {}
  static ClusterState make_state(std::vector<Node> nodes, std::vector<Pod> pods) {
    ClusterState state;
    state.nodes = std::move(nodes);
    state.pods = std::move(pods);
    return state;
  }
  ClusterState state;
  Snapshot snapshot;
};

FeatureGates gates_with(bool node_inclusion_policy, bool match_label_keys = true) {
  FeatureGates gates;
  gates.node_inclusion_policy_in_pod_topology_spread = node_inclusion_policy;
  gates.match_label_keys_in_pod_topology_spread = match_label_keys;
  return gates;
}

// ---- expected states ------------------------------------------------------------------------

struct WantConstraint {
  int32_t max_skew = 1;
  std::string key;
  std::optional<LabelSelector> selector;
  std::string affinity_policy = "Honor";
  std::string taints_policy = "Ignore";
  int32_t min_domains = 1;
};

using Paths = std::vector<std::vector<std::pair<std::string, int>>>;
using Counts = std::vector<std::map<std::string, int>>;

struct WantState {
  std::vector<WantConstraint> constraints;
  Paths paths;
  Counts counts;
};

std::string render_selector(const Selector& selector) {
  return selector.is_nothing() ? std::string("<nothing>") : "{" + selector.to_string() + "}";
}

std::string render_constraint(int32_t max_skew, const std::string& key, const Selector& selector,
                              int32_t min_domains, bool honor_affinity, bool honor_taints) {
  return fmt::format("{} maxSkew={} selector={} minDomains={} affinity={} taints={}", key, max_skew,
                     render_selector(selector), min_domains, honor_affinity ? "Honor" : "Ignore",
                     honor_taints ? "Honor" : "Ignore");
}

// criticalPaths compared as kube-scheduler's test does: values tied on match number sorted by name.
std::string render_paths(std::pair<std::string, int> first, std::pair<std::string, int> second) {
  if (first.second == second.second && first.first > second.first) std::swap(first.first, second.first);
  auto one = [](const std::pair<std::string, int>& p) {
    return p.second == kSpreadNoMatchNum ? fmt::format("'{}':max", p.first) : fmt::format("'{}':{}", p.first, p.second);
  };
  return "[" + one(first) + " " + one(second) + "]";
}

std::string render_counts(const std::map<std::string, int>& counts) {
  std::string out = "{";
  for (const auto& [value, count] : counts) out += fmt::format(" {}:{}", value, count);
  return out + " }";
}

std::string render(const PodTopologySpreadState& state) {
  std::string out;
  for (const auto& c : *state.constraints) {
    out += render_constraint(c.max_skew, c.topology_key, c.selector, c.min_domains, c.honor_node_affinity,
                             c.honor_node_taints) +
           "\n";
  }
  for (const auto& paths : state.critical_paths) {
    out += render_paths({paths[0].topology_value, paths[0].match_num}, {paths[1].topology_value, paths[1].match_num}) +
           "\n";
  }
  for (const auto& counts : state.tp_value_to_match_num) {
    out += render_counts(std::map<std::string, int>(counts.begin(), counts.end())) + "\n";
  }
  return out;
}

std::string render(const WantState& want) {
  std::string out;
  for (const auto& c : want.constraints) {
    const auto selector = Selector::from_label_selector(c.selector);
    REQUIRE(selector.has_value());
    out += render_constraint(c.max_skew, c.key, *selector, c.min_domains, c.affinity_policy == "Honor",
                             c.taints_policy == "Honor") +
           "\n";
  }
  for (const auto& paths : want.paths) {
    REQUIRE(paths.size() == 2);
    out += render_paths(paths[0], paths[1]) + "\n";
  }
  for (const auto& counts : want.counts) out += render_counts(counts) + "\n";
  return out;
}

// newCriticalPaths(): no domain seen yet.
const std::vector<std::pair<std::string, int>> kNewPaths = {{"", kSpreadNoMatchNum}, {"", kSpreadNoMatchNum}};

const PodTopologySpreadState* stored_state(const CycleState& state) {
  return state.read<PodTopologySpreadState>(kPodTopologySpreadPreFilterStateKey);
}

// The cycle state a successful PreFilter of `pod` on `snapshot` leaves.
CycleState pre_filtered(const PodTopologySpreadPlugin& plugin, const PodInfo& pod, const Snapshot& snapshot) {
  CycleState state;
  PreFilterResult result;
  REQUIRE(plugin.pre_filter(state, pod, snapshot, result).is_success());
  return state;
}

// "Code: reasons [details]" so that one comparison checks all three.
using testing::show;

using testing::show_code_and_reasons;

// The Status kube-scheduler's Filter returns for a code (each code has exactly one reason).
Status status_for(Code code) {
  switch (code) {
    case Code::Unschedulable:
      return Status(code, std::string(kPodTopologySpreadReasonConstraintsNotMatch));
    case Code::UnschedulableAndUnresolvable:
      return Status(code, std::string(kPodTopologySpreadReasonNodeLabelNotMatch));
    default:
      return Status(code);
  }
}

// helper.DefaultSelector over Services only: the merged selectors of the services selecting the pod.
SpreadDefaultSelector services_selecting(std::vector<StringMap> services) {
  return [services = std::move(services)](const Pod& pod) {
    StringMap merged;
    for (const auto& selector : services) {
      if (selector.empty() || !Selector::from_set(selector).matches(pod.metadata.labels)) continue;
      for (const auto& [key, value] : selector) merged.set(key, value);
    }
    return Selector::from_set(merged);
  };
}

// ---- TestPreFilterState -----------------------------------------------------------------------

TEST_CASE("PodTopologySpread: PreFilter state (TestPreFilterState)") {
  struct Case {
    std::string name;
    Pod pod;
    std::vector<Node> nodes = {};
    std::vector<Pod> existing = {};
    std::vector<StringMap> services = {};
    std::vector<TopologySpreadConstraint> default_constraints = {};
    std::optional<WantState> want = std::nullopt;
    Code want_pre_filter = Code::Success;
    bool enable_node_inclusion_policy = false;
    bool enable_match_label_keys = false;
  };
  auto default_constraint = [](int32_t max_skew, std::string key, std::string when) {
    TopologySpreadConstraint c;
    c.max_skew = max_skew;
    c.topology_key = std::move(key);
    c.when_unsatisfiable = std::move(when);
    return c;
  };
  const std::vector<Node> ab_c_nodes = {make_node("node-a", {{"node", "node-a"}, {"foo", ""}}),
                                        make_node("node-b", {{"node", "node-b"}, {"foo", ""}}),
                                        make_node("node-c", {{"node", "node-c"}, {"bar", ""}})};
  const std::vector<Pod> ab_c_pods = {on("p-a", "node-a", kBar), on("p-b", "node-b", kBar),
                                      on("p-c", "node-b", kBar), on("p-d", "node-c")};
  const std::vector<Node> tainted_c_nodes = {make_node("node-a", {{"node", "node-a"}}),
                                             make_node("node-b", {{"node", "node-b"}}),
                                             make_node("node-c", {{"node", "node-c"}, {"bar", ""}}, true)};
  const std::vector<Pod> foo_a_pods = {on("p-a1", "node-a", {{"foo", "a"}}), on("p-a2", "node-a", {{"foo", "a"}}),
                                       on("p-b1", "node-b", {{"foo", "a"}}), on("p-y1", "node-y", {{"foo", "a"}}),
                                       on("p-y2", "node-y", {{"foo", "a"}})};
  const std::vector<Case> cases = {
      {.name = "clean cluster with one spreadConstraint",
       .pod = pod("p").label("foo", "").spread(5, "zone", kDoNotSchedule, labeled("foo", "bar")),
       .nodes = abxy_nodes(),
       .want = WantState{{{5, "zone", labeled("foo", "bar")}}, {{{"zone1", 0}, {"zone2", 0}}}, {{{"zone1", 0}, {"zone2", 0}}}}},
      {.name = "normal case with one spreadConstraint",
       .pod = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector),
       .nodes = abxy_nodes(),
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFoo),
                    on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector}}, {{{"zone2", 2}, {"zone1", 3}}}, {{{"zone1", 3}, {"zone2", 2}}}}},
      {.name = "normal case with null label selector",
       .pod = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kNilSelector),
       .nodes = abxy_nodes(),
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFoo),
                    on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kFoo)},
       .want = WantState{{{1, "zone", kNilSelector}}, {{{"zone2", 0}, {"zone1", 0}}}, {{{"zone1", 0}, {"zone2", 0}}}}},
      {.name = "normal case with empty label selector",
       .pod = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, LabelSelector{}),
       .nodes = abxy_nodes(),
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kBar), on("p-b1", "node-b", {}),
                    on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kBar), on("p-y3", "node-y", kFoo, "ns1")},
       .want = WantState{{{1, "zone", LabelSelector{}}}, {{{"zone2", 2}, {"zone1", 3}}}, {{{"zone1", 3}, {"zone2", 2}}}}},
      {.name = "normal case with one spreadConstraint, on a 3-zone cluster",
       .pod = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector),
       .nodes = {zone_node("node-a", "zone1"), zone_node("node-b", "zone1"), zone_node("node-x", "zone2"),
                 zone_node("node-y", "zone2"), zone_node("node-o", "zone3"), zone_node("node-p", "zone3")},
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFoo),
                    on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector}},
                         {{{"zone3", 0}, {"zone2", 2}}},
                         {{{"zone1", 3}, {"zone2", 2}, {"zone3", 0}}}}},
      {.name = "namespace mismatch doesn't count",
       .pod = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector),
       .nodes = abxy_nodes(),
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo, "ns1"), on("p-b1", "node-b", kFoo),
                    on("p-y1", "node-y", kFoo, "ns2"), on("p-y2", "node-y", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector}}, {{{"zone2", 1}, {"zone1", 2}}}, {{{"zone1", 2}, {"zone2", 1}}}}},
      {.name = "normal case with two spreadConstraints",
       .pod = pod("p")
                  .label("foo", "")
                  .spread(1, "zone", kDoNotSchedule, kFooSelector)
                  .spread(1, "node", kDoNotSchedule, kFooSelector),
       .nodes = abxy_nodes(),
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFoo),
                    on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kFoo), on("p-y3", "node-y", kFoo),
                    on("p-y4", "node-y", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector}, {1, "node", kFooSelector}},
                         {{{"zone1", 3}, {"zone2", 4}}, {{"node-x", 0}, {"node-b", 1}}},
                         {{{"zone1", 3}, {"zone2", 4}}, {{"node-a", 2}, {"node-b", 1}, {"node-x", 0}, {"node-y", 4}}}}},
      {.name = "soft spreadConstraints should be bypassed",
       .pod = pod("p")
                  .label("foo", "")
                  .spread(1, "zone", kScheduleAnyway, kFooSelector)
                  .spread(1, "zone", kDoNotSchedule, kFooSelector)
                  .spread(1, "node", kScheduleAnyway, kFooSelector)
                  .spread(1, "node", kDoNotSchedule, kFooSelector),
       .nodes = {zone_node("node-a", "zone1"), zone_node("node-b", "zone1"), zone_node("node-y", "zone2")},
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFoo),
                    on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kFoo), on("p-y3", "node-y", kFoo),
                    on("p-y4", "node-y", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector}, {1, "node", kFooSelector}},
                         {{{"zone1", 3}, {"zone2", 4}}, {{"node-b", 1}, {"node-a", 2}}},
                         {{{"zone1", 3}, {"zone2", 4}}, {{"node-a", 2}, {"node-b", 1}, {"node-y", 4}}}}},
      {.name = "different labelSelectors - simple version",
       .pod = pod("p")
                  .label("foo", "")
                  .label("bar", "")
                  .spread(1, "zone", kDoNotSchedule, kFooSelector)
                  .spread(1, "node", kDoNotSchedule, kBarSelector),
       .nodes = {zone_node("node-a", "zone1"), zone_node("node-b", "zone1"), zone_node("node-y", "zone2")},
       .existing = {on("p-a", "node-a", kFoo), on("p-b", "node-b", kBar)},
       .want = WantState{{{1, "zone", kFooSelector}, {1, "node", kBarSelector}},
                         {{{"zone2", 0}, {"zone1", 1}}, {{"node-a", 0}, {"node-y", 0}}},
                         {{{"zone1", 1}, {"zone2", 0}}, {{"node-a", 0}, {"node-b", 1}, {"node-y", 0}}}}},
      {.name = "different labelSelectors - complex pods",
       .pod = pod("p")
                  .label("foo", "")
                  .label("bar", "")
                  .spread(1, "zone", kDoNotSchedule, kFooSelector)
                  .spread(1, "node", kDoNotSchedule, kBarSelector),
       .nodes = {zone_node("node-a", "zone1"), zone_node("node-b", "zone1"), zone_node("node-y", "zone2")},
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFooBar), on("p-b1", "node-b", kFoo),
                    on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kFooBar), on("p-y3", "node-y", kFoo),
                    on("p-y4", "node-y", kFooBar)},
       .want = WantState{{{1, "zone", kFooSelector}, {1, "node", kBarSelector}},
                         {{{"zone1", 3}, {"zone2", 4}}, {{"node-b", 0}, {"node-a", 1}}},
                         {{{"zone1", 3}, {"zone2", 4}}, {{"node-a", 1}, {"node-b", 0}, {"node-y", 2}}}}},
      {.name = "two spreadConstraints, and with podAffinity",
       .pod = pod("p")
                  .label("foo", "")
                  .node_affinity("node", "NotIn", {"node-x"})
                  .spread(1, "zone", kDoNotSchedule, kFooSelector)
                  .spread(1, "node", kDoNotSchedule, kFooSelector),
       .nodes = abxy_nodes(),
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFoo),
                    on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kFoo), on("p-y3", "node-y", kFoo),
                    on("p-y4", "node-y", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector}, {1, "node", kFooSelector}},
                         {{{"zone1", 3}, {"zone2", 4}}, {{"node-b", 1}, {"node-a", 2}}},
                         {{{"zone1", 3}, {"zone2", 4}}, {{"node-a", 2}, {"node-b", 1}, {"node-y", 4}}}}},
      {.name = "default constraints and a service",
       .pod = pod("p").label("foo", "bar").label("baz", "kar"),
       .services = {{{"foo", "bar"}}},
       .default_constraints = {default_constraint(3, "node", kDoNotSchedule),
                               default_constraint(2, "node", kScheduleAnyway),
                               default_constraint(5, "rack", kDoNotSchedule)},
       .want = WantState{{{3, "node", labeled("foo", "bar")}, {5, "rack", labeled("foo", "bar")}},
                         {kNewPaths, kNewPaths},
                         {{}, {}}}},
      {.name = "default constraints and a service that doesn't match",
       .pod = pod("p").label("foo", "bar"),
       .services = {{{"baz", "kep"}}},
       .default_constraints = {default_constraint(3, "node", kDoNotSchedule)},
       .want_pre_filter = Code::Skip},
      {.name = "default constraints and a service, but pod has constraints",
       .pod = pod("p")
                  .label("foo", "bar")
                  .label("baz", "tar")
                  .spread(1, "zone", kDoNotSchedule, labeled("baz", "tar"))
                  .spread(2, "planet", kScheduleAnyway, labeled("fot", "rok")),
       .services = {{{"foo", "bar"}}},
       .default_constraints = {default_constraint(2, "node", kDoNotSchedule)},
       .want = WantState{{{1, "zone", labeled("baz", "tar")}}, {kNewPaths}, {{}}}},
      {.name = "default soft constraints and a service",
       .pod = pod("p").label("foo", "bar"),
       .services = {{{"foo", "bar"}}},
       .default_constraints = {default_constraint(2, "node", kScheduleAnyway)},
       .want_pre_filter = Code::Skip},
      {.name = "TpKeyToDomainsNum is calculated when MinDomains is enabled",
       .pod = pod("p")
                  .label("foo", "")
                  .spread(1, "zone", kDoNotSchedule, kFooSelector)
                  .spread(1, "node", kDoNotSchedule, kFooSelector),
       .nodes = abxy_nodes(),
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFoo),
                    on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kFoo), on("p-y3", "node-y", kFoo),
                    on("p-y4", "node-y", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector}, {1, "node", kFooSelector}},
                         {{{"zone1", 3}, {"zone2", 4}}, {{"node-x", 0}, {"node-b", 1}}},
                         {{{"zone1", 3}, {"zone2", 4}}, {{"node-a", 2}, {"node-b", 1}, {"node-x", 0}, {"node-y", 4}}}}},
      {.name = "feature gate disabled with NodeAffinityPolicy",
       .pod = pod("p").label("foo", "").node_selector("foo", "").spread(1, "node", kDoNotSchedule, kBarSelector),
       .nodes = ab_c_nodes,
       .existing = ab_c_pods,
       .want = WantState{{{1, "node", kBarSelector}}, {{{"node-a", 1}, {"node-b", 2}}}, {{{"node-a", 1}, {"node-b", 2}}}},
       .enable_node_inclusion_policy = false},
      {.name = "NodeAffinityPolicy honored with labelSelectors",
       .pod = pod("p").label("foo", "").node_selector("foo", "").spread(1, "node", kDoNotSchedule, kBarSelector),
       .nodes = ab_c_nodes,
       .existing = ab_c_pods,
       .want = WantState{{{1, "node", kBarSelector}}, {{{"node-a", 1}, {"node-b", 2}}}, {{{"node-a", 1}, {"node-b", 2}}}},
       .enable_node_inclusion_policy = true},
      {.name = "NodeAffinityPolicy ignored with labelSelectors",
       .pod = pod("p").label("foo", "").node_selector("foo", "").spread(1, "node", kDoNotSchedule, kBarSelector,
                                                                         std::nullopt, kIgnore),
       .nodes = ab_c_nodes,
       .existing = ab_c_pods,
       .want = WantState{{{1, "node", kBarSelector, "Ignore"}},
                         {{{"node-c", 0}, {"node-a", 1}}},
                         {{{"node-a", 1}, {"node-b", 2}, {"node-c", 0}}}},
       .enable_node_inclusion_policy = true},
      {.name = "NodeAffinityPolicy honored with nodeAffinity",
       .pod = pod("p").label("foo", "").node_affinity("foo", "In", {""}).spread(1, "node", kDoNotSchedule, kBarSelector),
       .nodes = ab_c_nodes,
       .existing = {on("p-a", "node-a", kBar), on("p-c", "node-b", kBar), on("p-d", "node-b", kBar),
                    on("p-e", "node-c")},
       .want = WantState{{{1, "node", kBarSelector}}, {{{"node-a", 1}, {"node-b", 2}}}, {{{"node-a", 1}, {"node-b", 2}}}},
       .enable_node_inclusion_policy = true},
      {.name = "NodeAffinityPolicy ignored with nodeAffinity",
       .pod = pod("p").label("foo", "").node_affinity("foo", "In", {""}).spread(1, "node", kDoNotSchedule, kBarSelector,
                                                                                 std::nullopt, kIgnore),
       .nodes = ab_c_nodes,
       .existing = ab_c_pods,
       .want = WantState{{{1, "node", kBarSelector, "Ignore"}},
                         {{{"node-c", 0}, {"node-a", 1}}},
                         {{{"node-a", 1}, {"node-b", 2}, {"node-c", 0}}}},
       .enable_node_inclusion_policy = true},
      {.name = "feature gate disabled with NodeTaintsPolicy",
       .pod = pod("p").label("foo", "").spread(1, "node", kDoNotSchedule, kBarSelector),
       .nodes = tainted_c_nodes,
       .existing = ab_c_pods,
       .want = WantState{{{1, "node", kBarSelector}},
                         {{{"node-c", 0}, {"node-a", 1}}},
                         {{{"node-a", 1}, {"node-b", 2}, {"node-c", 0}}}},
       .enable_node_inclusion_policy = false},
      {.name = "NodeTaintsPolicy ignored",
       .pod = pod("p").label("foo", "").spread(1, "node", kDoNotSchedule, kBarSelector),
       .nodes = tainted_c_nodes,
       .existing = ab_c_pods,
       .want = WantState{{{1, "node", kBarSelector}},
                         {{{"node-c", 0}, {"node-a", 1}}},
                         {{{"node-a", 1}, {"node-b", 2}, {"node-c", 0}}}},
       .enable_node_inclusion_policy = true},
      {.name = "NodeTaintsPolicy honored",
       .pod = pod("p").label("foo", "").spread(1, "node", kDoNotSchedule, kBarSelector, std::nullopt, std::nullopt,
                                               kHonor),
       .nodes = tainted_c_nodes,
       .existing = ab_c_pods,
       .want = WantState{{{1, "node", kBarSelector, "Honor", "Honor"}},
                         {{{"node-a", 1}, {"node-b", 2}}},
                         {{{"node-a", 1}, {"node-b", 2}}}},
       .enable_node_inclusion_policy = true},
      {.name = "NodeTaintsPolicy honored with tolerated taints",
       .pod = pod("p")
                  .label("foo", "")
                  .toleration(kUnschedulableTaintKey)
                  .spread(1, "node", kDoNotSchedule, kBarSelector, std::nullopt, std::nullopt, kHonor),
       .nodes = tainted_c_nodes,
       .existing = ab_c_pods,
       .want = WantState{{{1, "node", kBarSelector, "Honor", "Honor"}},
                         {{{"node-c", 0}, {"node-a", 1}}},
                         {{{"node-a", 1}, {"node-b", 2}, {"node-c", 0}}}},
       .enable_node_inclusion_policy = true},
      {.name = "two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore",
       .pod = pod("p")
                  .label("foo", "")
                  .node_selector("foo", "")
                  .spread(1, "zone", kDoNotSchedule, kFooSelector)
                  .spread(1, "node", kDoNotSchedule, kFooSelector, std::nullopt, kIgnore),
       .nodes = {make_node("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", ""}}), zone_node("node-b", "zone1"),
                 make_node("node-x", {{"zone", "zone2"}, {"node", "node-x"}, {"foo", ""}})},
       .existing = {on("p-b1", "node-b", kFoo), on("p-b2", "node-b", kFoo), on("p-x1", "node-x", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector}, {1, "node", kFooSelector, "Ignore"}},
                         {{{"zone1", 0}, {"zone2", 1}}, {{"node-a", 0}, {"node-x", 1}}},
                         {{{"zone1", 0}, {"zone2", 1}}, {{"node-a", 0}, {"node-b", 2}, {"node-x", 1}}}},
       .enable_node_inclusion_policy = true},
      {.name = "two node inclusion Constraints, zone: honor/honor, node: honor/ignore",
       .pod = pod("p")
                  .label("foo", "")
                  .spread(1, "zone", kDoNotSchedule, kFooSelector, std::nullopt, std::nullopt, kHonor)
                  .spread(1, "node", kDoNotSchedule, kFooSelector),
       .nodes = {make_node("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", ""}}),
                 zone_node("node-b", "zone1", true),
                 make_node("node-x", {{"zone", "zone2"}, {"node", "node-x"}, {"foo", ""}})},
       .existing = {on("p-b1", "node-b", kFoo), on("p-b2", "node-b", kFoo), on("p-x1", "node-x", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector, "Honor", "Honor"}, {1, "node", kFooSelector}},
                         {{{"zone1", 0}, {"zone2", 1}}, {{"node-a", 0}, {"node-x", 1}}},
                         {{{"zone1", 0}, {"zone2", 1}}, {{"node-a", 0}, {"node-b", 2}, {"node-x", 1}}}},
       .enable_node_inclusion_policy = true},
      {.name = "two node inclusion Constraints, zone: honor/ignore, node: honor/ignore",
       .pod = pod("p")
                  .label("foo", "")
                  .node_selector("foo", "")
                  .spread(1, "zone", kDoNotSchedule, kFooSelector)
                  .spread(1, "node", kDoNotSchedule, kFooSelector),
       .nodes = {zone_node("node-a", "zone1"),
                 make_node("node-b", {{"zone", "zone1"}, {"node", "node-b"}, {"foo", ""}}, true),
                 make_node("node-x", {{"zone", "zone2"}, {"node", "node-x"}, {"foo", ""}}), zone_node("node-y", "zone2")},
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-x1", "node-x", kFoo),
                    on("p-y1", "node-y", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector}, {1, "node", kFooSelector}},
                         {{{"zone1", 0}, {"zone2", 1}}, {{"node-b", 0}, {"node-x", 1}}},
                         {{{"zone1", 0}, {"zone2", 1}}, {{"node-b", 0}, {"node-x", 1}}}},
       .enable_node_inclusion_policy = true},
      {.name = "two node inclusion Constraints, zone: ignore/ignore, node: honor/honor",
       .pod = pod("p")
                  .label("foo", "")
                  .node_selector("foo", "")
                  .spread(1, "zone", kDoNotSchedule, kFooSelector, std::nullopt, kIgnore)
                  .spread(1, "node", kDoNotSchedule, kFooSelector, std::nullopt, std::nullopt, kHonor),
       .nodes = {zone_node("node-a", "zone1"),
                 make_node("node-b", {{"zone", "zone1"}, {"node", "node-b"}, {"foo", ""}}, true),
                 make_node("node-x", {{"zone", "zone2"}, {"node", "node-x"}, {"foo", ""}}),
                 make_node("node-y", {{"zone", "zone2"}, {"node", "node-y"}, {"foo", ""}})},
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-x1", "node-x", kFoo),
                    on("p-x2", "node-x", kFoo), on("p-y1", "node-y", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector, "Ignore"}, {1, "node", kFooSelector, "Honor", "Honor"}},
                         {{{"zone1", 2}, {"zone2", 3}}, {{"node-y", 1}, {"node-x", 2}}},
                         {{{"zone1", 2}, {"zone2", 3}}, {{"node-x", 2}, {"node-y", 1}}}},
       .enable_node_inclusion_policy = true},
      {.name = "matchLabelKeys ignored when feature gate disabled",
       .pod = pod("p").label("foo", "").label("bar", "").spread(1, "zone", kDoNotSchedule, kFooSelector, std::nullopt,
                                                                 std::nullopt, std::nullopt, {"bar"}),
       .nodes = abxy_nodes(),
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFoo),
                    on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kFoo)},
       .want = WantState{{{1, "zone", kFooSelector}}, {{{"zone2", 2}, {"zone1", 3}}}, {{{"zone1", 3}, {"zone2", 2}}}},
       .enable_match_label_keys = false},
      {.name = "matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
       .pod = pod("p").label("foo", "").label("bar", "a").spread(1, "zone", kDoNotSchedule, kFooSelector, std::nullopt,
                                                                  std::nullopt, std::nullopt, {"bar"}),
       .nodes = abxy_nodes(),
       .existing = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", {{"foo", ""}, {"bar", "a"}}),
                    on("p-b1", "node-b", kFoo), on("p-y1", "node-y", {{"foo", ""}, {"bar", "a"}}),
                    on("p-y2", "node-y", kBar)},
       .want = WantState{{{1, "zone",
                           [] {
                             LabelSelector s = exists("foo");
                             s.match_labels.set("bar", "a");
                             return s;
                           }()}},
                         {{{"zone2", 1}, {"zone1", 1}}},
                         {{{"zone1", 1}, {"zone2", 1}}}},
       .enable_match_label_keys = true},
      {.name = "matchLabelKeys ANDed with LabelSelector when LabelSelector is empty",
       .pod = pod("p").label("foo", "a").spread(1, "zone", kDoNotSchedule, LabelSelector{}, std::nullopt, std::nullopt,
                                                std::nullopt, {"foo"}),
       .nodes = abxy_nodes(),
       .existing = foo_a_pods,
       .want = WantState{{{1, "zone", labeled("foo", "a")}}, {{{"zone2", 2}, {"zone1", 3}}}, {{{"zone1", 3}, {"zone2", 2}}}},
       .enable_match_label_keys = true},
      {.name = "key in matchLabelKeys is ignored when LabelSelector is nil when feature gate enabled",
       .pod = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kNilSelector, std::nullopt, std::nullopt,
                                               std::nullopt, {"bar"}),
       .nodes = abxy_nodes(),
       .existing = foo_a_pods,
       .want = WantState{{{1, "zone", kNilSelector}}, {{{"zone2", 0}, {"zone1", 0}}}, {{{"zone1", 0}, {"zone2", 0}}}},
       .enable_match_label_keys = true},
      {.name = "no pod is matched when LabelSelector is nil when feature gate disabled",
       .pod = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kNilSelector, std::nullopt, std::nullopt,
                                               std::nullopt, {"bar"}),
       .nodes = abxy_nodes(),
       .existing = foo_a_pods,
       .want = WantState{{{1, "zone", kNilSelector}}, {{{"zone2", 0}, {"zone1", 0}}}, {{{"zone1", 0}, {"zone2", 0}}}}},
      {.name = "key in matchLabelKeys is ignored when it isn't exist in pod.labels",
       .pod = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector, std::nullopt, std::nullopt,
                                               std::nullopt, {"bar"}),
       .nodes = abxy_nodes(),
       .existing = foo_a_pods,
       .want = WantState{{{1, "zone", kFooSelector}}, {{{"zone2", 2}, {"zone1", 3}}}, {{{"zone1", 3}, {"zone2", 2}}}},
       .enable_match_label_keys = true},
      {.name = "two spreadConstraints with the same topologyKey",
       .pod = pod("p")
                  .label("foo", "")
                  .label("bar", "")
                  .spread(1, "zone", kDoNotSchedule, kFooSelector)
                  .spread(1, "zone", kDoNotSchedule, kBarSelector),
       .nodes = abxy_nodes(),
       .existing = {on("p-a1", "node-a", kFooBar), on("p-b1", "node-b", kFoo), on("p-x1", "node-x", kBar),
                    on("p-y1", "node-y", kFooBar), on("p-y2", "node-y", kBar)},
       .want = WantState{{{1, "zone", kFooSelector}, {1, "zone", kBarSelector}},
                         {{{"zone2", 1}, {"zone1", 2}}, {{"zone1", 1}, {"zone2", 3}}},
                         {{{"zone1", 2}, {"zone2", 1}}, {{"zone1", 1}, {"zone2", 3}}}}},
      {.name = "skip if not specified",
       .pod = pod("p").label("foo", ""),
       .nodes = {zone_node("node-a", "zone1")},
       .want_pre_filter = Code::Skip},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const FeatureGates gates = gates_with(c.enable_node_inclusion_policy, c.enable_match_label_keys);
      Cluster cluster(c.nodes, c.existing, gates);
      PodTopologySpreadArgs args{c.default_constraints, SpreadDefaultingType::List};
      PodTopologySpreadPlugin plugin(args, gates, services_selecting(c.services));
      const PodInfo pod_info(c.pod, gates);
      CycleState state;
      PreFilterResult result;
      const Status status = plugin.pre_filter(state, pod_info, cluster.snapshot, result);
      CHECK(show(status) == show(Status(c.want_pre_filter)));
      CHECK(result.all_nodes());
      if (!status.is_success()) {
        CHECK(stored_state(state) == nullptr);
        continue;
      }
      const auto* got = stored_state(state);
      REQUIRE(got != nullptr);
      REQUIRE(c.want.has_value());
      CHECK(render(*got) == render(*c.want));
    }
  }
}

// ---- TestPreFilterStateAddPod / TestPreFilterStateRemovePod --------------------------------

WantConstraint zone_constraint() { return {1, "zone", kFooSelector}; }
WantConstraint node_constraint() { return {1, "node", kFooSelector}; }

TEST_CASE("PodTopologySpread: AddPod updates the PreFilter state (TestPreFilterStateAddPod)") {
  struct Case {
    std::string name;
    Pod preemptor;
    Pod added;
    std::vector<Pod> existing;
    size_t node_index;
    std::vector<Node> nodes;
    WantState want;
    bool enable_node_inclusion_policy = false;
  };
  const std::vector<Node> ab = {zone_node("node-a", "zone1"), zone_node("node-b", "zone1")};
  const std::vector<Node> ax = {zone_node("node-a", "zone1"), zone_node("node-x", "zone2")};
  const std::vector<Node> abx = {zone_node("node-a", "zone1"), zone_node("node-b", "zone1"),
                                 zone_node("node-x", "zone2")};
  const std::vector<Node> affinity_nodes = {make_node("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", "bar"}}),
                                            make_node("node-b", {{"zone", "zone2"}, {"node", "node-b"}, {"foo", ""}})};
  const std::vector<Node> tainted_a = {zone_node("node-a", "zone1", true), zone_node("node-b", "zone2")};
  const Pod node_spread = pod("p").label("foo", "").spread(1, "node", kDoNotSchedule, kFooSelector);
  const Pod zone_node_spread = pod("p")
                                   .label("foo", "")
                                   .spread(1, "zone", kDoNotSchedule, kFooSelector)
                                   .spread(1, "node", kDoNotSchedule, kFooSelector);
  const Pod zone_spread = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector);
  const Pod zone_spread_not_bar =
      pod("p").label("foo", "").node_affinity("foo", "NotIn", {"bar"}).spread(1, "zone", kDoNotSchedule, kFooSelector);
  const Pod foo_bar_spread = pod("p")
                                 .label("foo", "")
                                 .label("bar", "")
                                 .spread(1, "zone", kDoNotSchedule, kFooSelector)
                                 .spread(1, "node", kDoNotSchedule, kBarSelector);
  const WantConstraint bar_node{1, "node", kBarSelector};
  const StringMap foo_zone1 = {{"foo", ""}, {"zone", "zone1"}};
  const StringMap foo_zone2 = {{"foo", ""}, {"zone", "zone2"}};
  const std::vector<Case> cases = {
      {"node a and b both impact current min match", node_spread, on("p-a1", "node-a", kFoo), {}, 0, ab,
       WantState{{node_constraint()}, {{{"node-b", 0}, {"node-a", 1}}}, {{{"node-a", 1}, {"node-b", 0}}}}},
      {"only node a impacts current min match", node_spread, on("p-a1", "node-a", kFoo), {on("p-b1", "node-b", kFoo)},
       0, ab, WantState{{node_constraint()}, {{{"node-a", 1}, {"node-b", 1}}}, {{{"node-a", 1}, {"node-b", 1}}}}},
      {"add a pod in a different namespace doesn't change topologyKeyToMinPodsMap", node_spread,
       on("p-a1", "node-a", kFoo, "ns1"), {on("p-b1", "node-b", kFoo)}, 0, ab,
       WantState{{node_constraint()}, {{{"node-a", 0}, {"node-b", 1}}}, {{{"node-a", 0}, {"node-b", 1}}}}},
      {"add pod on non-critical node won't trigger re-calculation", node_spread, on("p-b2", "node-b", kFoo),
       {on("p-b1", "node-b", kFoo)}, 1, ab,
       WantState{{node_constraint()}, {{{"node-a", 0}, {"node-b", 2}}}, {{{"node-a", 0}, {"node-b", 2}}}}},
      {"node a and x both impact topologyKeyToMinPodsMap on zone and node", zone_node_spread,
       on("p-a1", "node-a", kFoo), {}, 0, ax,
       WantState{{zone_constraint(), node_constraint()},
                 {{{"zone2", 0}, {"zone1", 1}}, {{"node-x", 0}, {"node-a", 1}}},
                 {{{"zone1", 1}, {"zone2", 0}}, {{"node-a", 1}, {"node-x", 0}}}}},
      {"only node a impacts topologyKeyToMinPodsMap on zone and node", zone_node_spread, on("p-a1", "node-a", kFoo),
       {on("p-x1", "node-x", kFoo)}, 0, ax,
       WantState{{zone_constraint(), node_constraint()},
                 {{{"zone1", 1}, {"zone2", 1}}, {{"node-a", 1}, {"node-x", 1}}},
                 {{{"zone1", 1}, {"zone2", 1}}, {{"node-a", 1}, {"node-x", 1}}}}},
      {"node a impacts topologyKeyToMinPodsMap on node, node x impacts topologyKeyToMinPodsMap on zone",
       zone_node_spread, on("p-a1", "node-a", kFoo),
       {on("p-b1", "node-b", kFoo), on("p-b2", "node-b", kFoo), on("p-x1", "node-x", kFoo)}, 0, abx,
       WantState{{zone_constraint(), node_constraint()},
                 {{{"zone2", 1}, {"zone1", 3}}, {{"node-a", 1}, {"node-x", 1}}},
                 {{{"zone1", 3}, {"zone2", 1}}, {{"node-a", 1}, {"node-b", 2}, {"node-x", 1}}}}},
      {"Constraints hold different labelSelectors, node a impacts topologyKeyToMinPodsMap on zone", foo_bar_spread,
       on("p-a1", "node-a", kFoo),
       {on("p-b1", "node-b", kFooBar), on("p-x1", "node-x", kFooBar), on("p-x2", "node-x", kBar)}, 0, abx,
       WantState{{zone_constraint(), bar_node},
                 {{{"zone2", 1}, {"zone1", 2}}, {{"node-a", 0}, {"node-b", 1}}},
                 {{{"zone1", 2}, {"zone2", 1}}, {{"node-a", 0}, {"node-b", 1}, {"node-x", 2}}}}},
      {"Constraints hold different labelSelectors, node a impacts topologyKeyToMinPodsMap on both zone and node",
       foo_bar_spread, on("p-a1", "node-a", kFooBar),
       {on("p-b1", "node-b", kBar), on("p-x1", "node-x", kFooBar), on("p-x2", "node-x", kBar)}, 0, abx,
       WantState{{zone_constraint(), bar_node},
                 {{{"zone1", 1}, {"zone2", 1}}, {{"node-a", 1}, {"node-b", 1}}},
                 {{{"zone1", 1}, {"zone2", 1}}, {{"node-a", 1}, {"node-b", 1}, {"node-x", 2}}}}},
      {"add a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy disabled", zone_spread_not_bar,
       on("p-a1", "node-a", foo_zone1), {on("p-a2", "node-a", foo_zone1), on("p-b1", "node-b", foo_zone2)}, 0,
       affinity_nodes,
       WantState{{zone_constraint()}, {{{"zone2", 1}, {"", kSpreadNoMatchNum}}}, {{{"zone2", 1}}}}, false},
      {"add a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy enabled", zone_spread_not_bar,
       on("p-a1", "node-a", foo_zone1), {on("p-a2", "node-a", foo_zone1), on("p-b1", "node-b", foo_zone2)}, 0,
       affinity_nodes,
       WantState{{zone_constraint()}, {{{"zone2", 1}, {"", kSpreadNoMatchNum}}}, {{{"zone2", 1}}}}, true},
      {"add a pod when scheduling node affinity matched pod with NodeInclusionPolicy disabled", zone_spread,
       on("p-b1", "node-b", foo_zone2), {on("p-a1", "node-a", foo_zone1), on("p-b2", "node-b", foo_zone2)}, 1,
       affinity_nodes,
       WantState{{zone_constraint()}, {{{"zone1", 1}, {"zone2", 2}}}, {{{"zone1", 1}, {"zone2", 2}}}}, false},
      {"add a pod when scheduling node affinity matched pod with NodeInclusionPolicy enabled", zone_spread,
       on("p-b1", "node-b", foo_zone2), {on("p-a1", "node-a", foo_zone1), on("p-b2", "node-b", foo_zone2)}, 1,
       affinity_nodes,
       WantState{{zone_constraint()}, {{{"zone1", 1}, {"zone2", 2}}}, {{{"zone1", 1}, {"zone2", 2}}}}, true},
      {"add a label selector not matched pod when with NodeInclusionPolicy enabled", zone_spread,
       on("p-b1", "node-b", {{"zone", "zone2"}}), {on("p-a1", "node-a", foo_zone1), on("p-b2", "node-b", foo_zone2)},
       1, affinity_nodes,
       WantState{{zone_constraint()}, {{{"zone1", 1}, {"zone2", 1}}}, {{{"zone1", 1}, {"zone2", 1}}}}, true},
      {"add a pod when scheduling taint untolerated pod with NodeInclusionPolicy disabled", zone_spread,
       on("p-b1", "node-b", foo_zone2), {on("p-a1", "node-a", foo_zone1), on("p-b2", "node-b", foo_zone2)}, 1,
       tainted_a,
       WantState{{zone_constraint()}, {{{"zone1", 1}, {"zone2", 2}}}, {{{"zone2", 2}, {"zone1", 1}}}}, false},
      {"add a pod when scheduling taint tolerated pod with NodeInclusionPolicy enabled",
       pod("p").label("foo", "").toleration(kUnschedulableTaintKey).spread(1, "zone", kDoNotSchedule, kFooSelector),
       on("p-b1", "node-b", foo_zone2), {on("p-a1", "node-a", foo_zone1), on("p-b2", "node-b", foo_zone2)}, 1,
       tainted_a,
       WantState{{zone_constraint()}, {{{"zone1", 1}, {"zone2", 2}}}, {{{"zone2", 2}, {"zone1", 1}}}}, true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const FeatureGates gates = gates_with(c.enable_node_inclusion_policy);
      Cluster cluster(c.nodes, c.existing, gates);
      PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{{}, SpreadDefaultingType::List}, gates);
      const PodInfo preemptor(c.preemptor, gates);
      CycleState state;
      PreFilterResult result;
      REQUIRE(plugin.pre_filter(state, preemptor, cluster.snapshot, result).is_success());
      const NodeInfo* node = cluster.snapshot.find_node(c.nodes[c.node_index].metadata.name);
      REQUIRE(node != nullptr);
      const PodInfo added(c.added, gates);
      REQUIRE(plugin.add_pod(state, c.preemptor, added, *node).is_success());
      const auto* got = stored_state(state);
      REQUIRE(got != nullptr);
      CHECK(render(*got) == render(c.want));
    }
  }
}

TEST_CASE("PodTopologySpread: RemovePod updates the PreFilter state (TestPreFilterStateRemovePod)") {
  struct Case {
    std::string name;
    Pod preemptor;
    std::vector<Node> nodes;
    std::vector<Pod> existing;
    int deleted_index;        // existing[deleted_index] when in range...
    std::optional<Pod> deleted;  // ...else this pod
    size_t node_index;
    WantState want;
    bool enable_node_inclusion_policy = false;
  };
  const Pod zone_spread = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector);
  const Pod zone_spread_not_bar =
      pod("p").label("foo", "").node_affinity("foo", "NotIn", {"bar"}).spread(1, "zone", kDoNotSchedule, kFooSelector);
  const std::vector<Node> abx = {zone_node("node-a", "zone1"), zone_node("node-b", "zone1"),
                                 zone_node("node-x", "zone2")};
  const std::vector<Node> affinity_nodes = {make_node("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", "bar"}}),
                                            make_node("node-b", {{"zone", "zone2"}, {"node", "node-b"}, {"foo", ""}})};
  const StringMap foo_zone1 = {{"foo", ""}, {"zone", "zone1"}};
  const StringMap foo_zone2 = {{"foo", ""}, {"zone", "zone2"}};
  const std::vector<Case> cases = {
      {"one spreadConstraint on zone, topologyKeyToMinPodsMap unchanged", zone_spread, abx,
       {on("p-a1", "node-a", kFoo), on("p-b1", "node-b", kFoo), on("p-x1", "node-x", kFoo)}, 0, std::nullopt, 0,
       WantState{{zone_constraint()}, {{{"zone1", 1}, {"zone2", 1}}}, {{{"zone1", 1}, {"zone2", 1}}}}},
      {"one spreadConstraint on node, topologyKeyToMinPodsMap changed", zone_spread, abxy_nodes(),
       {on("p-a1", "node-a", kFoo), on("p-b1", "node-b", kFoo), on("p-x1", "node-x", kFoo), on("p-y1", "node-y", kFoo)},
       0, std::nullopt, 0,
       WantState{{zone_constraint()}, {{{"zone1", 1}, {"zone2", 2}}}, {{{"zone1", 1}, {"zone2", 2}}}}},
      {"delete an irrelevant pod won't help", zone_spread, abxy_nodes(),
       {on("p-a0", "node-a", kBar), on("p-a1", "node-a", kFoo), on("p-b1", "node-b", kFoo), on("p-x1", "node-x", kFoo),
        on("p-y1", "node-y", kFoo)},
       0, std::nullopt, 0,
       WantState{{zone_constraint()}, {{{"zone1", 2}, {"zone2", 2}}}, {{{"zone1", 2}, {"zone2", 2}}}}},
      {"delete a non-existing pod won't help", zone_spread, abxy_nodes(),
       {on("p-a1", "node-a", kFoo), on("p-b1", "node-b", kFoo), on("p-x1", "node-x", kFoo), on("p-y1", "node-y", kFoo)},
       -1, on("p-a0", "node-a", kBar), 0,
       WantState{{zone_constraint()}, {{{"zone1", 2}, {"zone2", 2}}}, {{{"zone1", 2}, {"zone2", 2}}}}},
      {"two spreadConstraints",
       pod("p")
           .label("foo", "")
           .spread(1, "zone", kDoNotSchedule, kFooSelector)
           .spread(1, "node", kDoNotSchedule, kFooSelector),
       abx,
       {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFoo), on("p-x1", "node-x", kFoo),
        on("p-x2", "node-x", kFoo)},
       3, std::nullopt, 2,
       WantState{{zone_constraint(), node_constraint()},
                 {{{"zone2", 1}, {"zone1", 3}}, {{"node-b", 1}, {"node-x", 1}}},
                 {{{"zone1", 3}, {"zone2", 1}}, {{"node-a", 2}, {"node-b", 1}, {"node-x", 1}}}}},
      {"remove a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy disabled",
       zone_spread_not_bar, affinity_nodes, {on("p-a2", "node-a", foo_zone1), on("p-b1", "node-b", foo_zone2)}, 0,
       on("p-a1", "node-a", foo_zone1), 0,
       WantState{{zone_constraint()}, {{{"zone2", 1}, {"", kSpreadNoMatchNum}}}, {{{"zone2", 1}}}}, false},
      {"remove a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy enabled",
       zone_spread_not_bar, affinity_nodes, {on("p-a2", "node-a", foo_zone1), on("p-b1", "node-b", foo_zone2)}, 0,
       on("p-a1", "node-a", foo_zone1), 0,
       WantState{{zone_constraint()}, {{{"zone2", 1}, {"", kSpreadNoMatchNum}}}, {{{"zone2", 1}}}}, true},
      {"remove a pod when scheduling node affinity matched pod with NodeInclusionPolicy disabled", zone_spread,
       affinity_nodes, {on("p-a1", "node-a", foo_zone1), on("p-b2", "node-b", foo_zone2)}, 0,
       on("p-b1", "node-b", foo_zone2), 1,
       WantState{{zone_constraint()}, {{{"zone2", 0}, {"zone1", 1}}}, {{{"zone2", 0}, {"zone1", 1}}}}, false},
      {"remove a pod when scheduling node affinity matched pod with NodeInclusionPolicy enabled", zone_spread,
       affinity_nodes, {on("p-a1", "node-a", foo_zone1), on("p-b2", "node-b", foo_zone2)}, 0,
       on("p-b1", "node-b", foo_zone2), 1,
       WantState{{zone_constraint()}, {{{"zone2", 0}, {"zone1", 1}}}, {{{"zone2", 0}, {"zone1", 1}}}}, true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const FeatureGates gates = gates_with(c.enable_node_inclusion_policy);
      Cluster cluster(c.nodes, c.existing, gates);
      PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{{}, SpreadDefaultingType::List}, gates);
      const PodInfo preemptor(c.preemptor, gates);
      CycleState state;
      PreFilterResult result;
      REQUIRE(plugin.pre_filter(state, preemptor, cluster.snapshot, result).is_success());
      Pod deleted = c.deleted.value_or(Pod{});
      if (c.deleted_index >= 0 && c.deleted_index < static_cast<int>(c.existing.size())) {
        deleted = c.existing[static_cast<size_t>(c.deleted_index)];
      }
      const NodeInfo* node = cluster.snapshot.find_node(c.nodes[c.node_index].metadata.name);
      REQUIRE(node != nullptr);
      const PodInfo removed(deleted, gates);
      REQUIRE(plugin.remove_pod(state, c.preemptor, removed, *node).is_success());
      const auto* got = stored_state(state);
      REQUIRE(got != nullptr);
      CHECK(render(*got) == render(c.want));
    }
  }
}

// ---- TestSingleConstraint / TestMultipleConstraints --------------------------------------------

struct FilterCase {
  std::string name;
  Pod pod;
  std::vector<Node> nodes;
  std::vector<Pod> existing;
  std::vector<std::pair<std::string, Code>> want;  // per node, in node order
  bool enable_node_inclusion_policy = false;
};

void run_filter_cases(const std::vector<FilterCase>& cases) {
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const FeatureGates gates = gates_with(c.enable_node_inclusion_policy);
      Cluster cluster(c.nodes, c.existing, gates);
      PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{{}, SpreadDefaultingType::List}, gates);
      const PodInfo pod_info(c.pod, gates);
      CycleState state;
      PreFilterResult result;
      REQUIRE(plugin.pre_filter(state, pod_info, cluster.snapshot, result).is_success());
      REQUIRE(c.want.size() == c.nodes.size());
      for (const auto& [node_name, code] : c.want) {
        const NodeInfo* node = cluster.snapshot.find_node(node_name);
        REQUIRE(node != nullptr);
        INFO("node " << node_name);
        const Status status = plugin.filter(state, pod_info, *node);
        CHECK(show_code_and_reasons(status) == show_code_and_reasons(status_for(code)));
        CHECK(status.details().empty() == status.is_success());
      }
    }
  }
}

constexpr Code kOk = Code::Success;
constexpr Code kNo = Code::Unschedulable;
constexpr Code kNever = Code::UnschedulableAndUnresolvable;

TEST_CASE("PodTopologySpread: counts shared between pods of one snapshot agree with counting afresh") {
  const FeatureGates gates = gates_with(true);
  Cluster cluster({make_node("a", {{"zone", "z1"}}), make_node("b", {{"zone", "z2"}})},
                  {PodMaker("w1").label("app", "web").node("a"), PodMaker("w2").label("app", "web").node("a"),
                   PodMaker("d1").ns("other").label("app", "web").node("b")},
                  gates);
  PodTopologySpreadPlugin shared(PodTopologySpreadArgs{{}, SpreadDefaultingType::List}, gates);
  auto web = [](std::string name, std::string ns) {
    return Pod(PodMaker(std::move(name)).ns(std::move(ns)).label("app", "web").spread(1, "zone", kDoNotSchedule,
                                                                                       labeled("app", "web")));
  };
  auto codes = [&](PodTopologySpreadPlugin& plugin, const Pod& pod) {
    const PodInfo info(pod, gates);
    CycleState state;
    PreFilterResult result;
    std::vector<Code> out{plugin.pre_filter(state, info, cluster.snapshot, result).code()};
    for (const char* name : {"a", "b"}) out.push_back(plugin.filter(state, info, *cluster.snapshot.find_node(name)).code());
    return out;
  };
  // Same selector, other namespace: other counts.
  for (const Pod& pod : {web("p", "default"), web("q", "other"), web("r", "default")}) {
    PodTopologySpreadPlugin fresh(PodTopologySpreadArgs{{}, SpreadDefaultingType::List}, gates);
    CHECK(codes(shared, pod) == codes(fresh, pod));
  }
  CHECK(codes(shared, web("p", "default")) == std::vector<Code>{kOk, kNo, kOk});
  CHECK(codes(shared, web("q", "other")) == std::vector<Code>{kOk, kOk, kNo});
  // Two pods assumed onto b even the default namespace's domains out.
  REQUIRE(cluster.snapshot.assume(Pod(PodMaker("w3").label("app", "web")), "b", gates) != nullptr);
  CHECK(codes(shared, web("p", "default")) == std::vector<Code>{kOk, kNo, kOk});
  REQUIRE(cluster.snapshot.assume(Pod(PodMaker("w4").label("app", "web")), "b", gates) != nullptr);
  CHECK(codes(shared, web("p", "default")) == std::vector<Code>{kOk, kOk, kOk});
}

TEST_CASE("PodTopologySpread: Filter with a single constraint (TestSingleConstraint)") {
  const std::vector<Pod> spread_2103 = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo),
                                        on("p-b1", "node-b", kFoo), on("p-y1", "node-y", kFoo),
                                        on("p-y2", "node-y", kFoo), on("p-y3", "node-y", kFoo)};
  const std::vector<Node> abc_nodes = {make_node("node-a", {{"node", "node-a"}}),
                                       make_node("node-b", {{"node", "node-b"}}),
                                       make_node("node-c", {{"node", "node-c"}})};
  const std::vector<Pod> spread_221 = {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo),
                                       on("p-b1", "node-b", kFoo), on("p-b2", "node-b", kFoo),
                                       on("p-c1", "node-c", kFoo)};
  const std::vector<Pod> zone_21 = {on("p-b1", "node-a", kFoo), on("p-b2", "node-b", kFoo),
                                    on("p-y1", "node-y", kFoo)};
  const std::vector<Node> foo_abx_nodes = {make_node("node-a", {{"node", "node-a"}, {"foo", ""}}),
                                           make_node("node-b", {{"node", "node-b"}, {"foo", ""}}),
                                           make_node("node-x", {{"node", "node-x"}, {"foo", ""}}),
                                           make_node("node-y", {{"node", "node-y"}})};
  const std::vector<Node> tainted_y_nodes = {make_node("node-a", {{"node", "node-a"}, {"foo", ""}}),
                                             make_node("node-b", {{"node", "node-b"}, {"foo", ""}}),
                                             make_node("node-x", {{"node", "node-x"}, {"foo", ""}}),
                                             make_node("node-y", {{"node", "node-y"}}, true)};
  const std::vector<Pod> spread_1101 = {on("p-b1", "node-a", kFoo), on("p-b2", "node-b", kFoo),
                                        on("p-y1", "node-y", kFoo)};
  run_filter_cases({
      {"no existing pods", pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector), abxy_nodes(), {},
       {{"node-a", kOk}, {"node-b", kOk}, {"node-x", kOk}, {"node-y", kOk}}},
      {"no existing pods, incoming pod doesn't match itself",
       pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kBarSelector), abxy_nodes(), {},
       {{"node-a", kOk}, {"node-b", kOk}, {"node-x", kOk}, {"node-y", kOk}}},
      {"existing pods in a different namespace do not count",
       pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector), abxy_nodes(),
       {on("p-a1", "node-a", kFoo, "ns1"), on("p-b1", "node-a", kFoo, "ns2"), on("p-x1", "node-x", kFoo),
        on("p-y1", "node-y", kFoo)},
       {{"node-a", kOk}, {"node-b", kOk}, {"node-x", kNo}, {"node-y", kNo}}},
      {"existing pods do not match null selector",
       pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kNilSelector), abxy_nodes(),
       {on("p-x1", "node-x", kFoo), on("p-y1", "node-y", kFoo)},
       {{"node-a", kOk}, {"node-b", kOk}, {"node-x", kOk}, {"node-y", kOk}}},
      // kubernetes#141340: an empty selector selects every pod of the namespace.
      {"existing pods match an empty selector",
       pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, LabelSelector{}), abxy_nodes(),
       {on("p-x1", "node-x", kBar), on("p-y1", "node-y", {}), on("p-a1", "node-a", kFoo, "ns1")},
       {{"node-a", kOk}, {"node-b", kOk}, {"node-x", kNo}, {"node-y", kNo}}},
      {"existing pods match a non-empty selector only by their labels",
       pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector), abxy_nodes(),
       {on("p-x1", "node-x", kBar), on("p-y1", "node-y", {}), on("p-a1", "node-a", kFoo, "ns1")},
       {{"node-a", kOk}, {"node-b", kOk}, {"node-x", kOk}, {"node-y", kOk}}},
      {"pods spread across zones as 3/3, all nodes fit",
       pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector), abxy_nodes(), spread_2103,
       {{"node-a", kOk}, {"node-b", kOk}, {"node-x", kOk}, {"node-y", kOk}}},
      {"pods spread across zones as 1/2 due to absence of label 'zone' on node-b",
       pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector),
       {zone_node("node-a", "zone1"), make_node("node-b", {{"zon", "zone1"}, {"node", "node-b"}}),
        zone_node("node-x", "zone2"), zone_node("node-y", "zone2")},
       {on("p-a1", "node-a", kFoo), on("p-b1", "node-b", kFoo), on("p-x1", "node-x", kFoo), on("p-y1", "node-y", kFoo)},
       {{"node-a", kOk}, {"node-b", kNever}, {"node-x", kNo}, {"node-y", kNo}}},
      {"pod cannot be scheduled as all nodes don't have label 'rack'",
       pod("p").label("foo", "").spread(1, "rack", kDoNotSchedule, kFooSelector),
       {zone_node("node-a", "zone1"), zone_node("node-x", "zone2")}, {}, {{"node-a", kNever}, {"node-x", kNever}}},
      {"pods spread across nodes as 2/1/0/3, only node-x fits",
       pod("p").label("foo", "").spread(1, "node", kDoNotSchedule, kFooSelector), abxy_nodes(), spread_2103,
       {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kNo}}},
      {"pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit",
       pod("p").label("foo", "").spread(2, "node", kDoNotSchedule, kFooSelector), abxy_nodes(), spread_2103,
       {{"node-a", kNo}, {"node-b", kOk}, {"node-x", kOk}, {"node-y", kNo}}},
      {"pods spread across nodes as 2/1/0/3, but pod doesn't match itself",
       pod("p").label("bar", "").spread(1, "node", kDoNotSchedule, kFooSelector), abxy_nodes(), spread_2103,
       {{"node-a", kNo}, {"node-b", kOk}, {"node-x", kOk}, {"node-y", kNo}}},
      // Only node-a and node-y count (2/~1~/~0~/3); NodeAffinity itself is not run here.
      {"incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits",
       pod("p")
           .label("foo", "")
           .node_affinity("node", "In", {"node-a", "node-y"})
           .spread(1, "node", kDoNotSchedule, kFooSelector),
       abxy_nodes(), spread_2103, {{"node-a", kOk}, {"node-b", kOk}, {"node-x", kOk}, {"node-y", kNo}}},
      {"terminating Pods should be excluded", pod("p").label("foo", "").spread(1, "node", kDoNotSchedule, kFooSelector),
       {make_node("node-a", {{"node", "node-a"}}), make_node("node-b", {{"node", "node-b"}})},
       {pod("p-a").node("node-a").label("foo", "").terminating(), on("p-b", "node-b", kFoo)},
       {{"node-a", kOk}, {"node-b", kNo}}},
      {"incoming pod has nodeAffinity, pods spread as 0/~2~/0/1, hence node-a fits",
       pod("p")
           .label("foo", "")
           .node_affinity("node", "NotIn", {"node-b"})
           .spread(1, "zone", kDoNotSchedule, kFooSelector),
       abxy_nodes(), {on("p-b1", "node-b", kFoo), on("p-b2", "node-b", kFoo), on("p-y1", "node-y", kFoo)},
       {{"node-a", kOk}, {"node-b", kOk}, {"node-x", kNo}, {"node-y", kNo}}},
      {"pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains < minDomains, then the third node "
       "fits",
       pod("p").label("foo", "").spread(2, "node", kDoNotSchedule, kFooSelector, 4), abc_nodes, spread_221,
       {{"node-a", kNo}, {"node-b", kNo}, {"node-c", kOk}}},
      {"pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains > minDomains, then the all nodes "
       "fit",
       pod("p").label("foo", "").spread(2, "node", kDoNotSchedule, kFooSelector, 2), abc_nodes, spread_221,
       {{"node-a", kOk}, {"node-b", kOk}, {"node-c", kOk}}},
      {"pods spread across zone as 2/1, maxSkew is 2 and the number of domains < minDomains, then the third and fourth "
       "nodes fit",
       pod("p").label("foo", "").spread(2, "zone", kDoNotSchedule, kFooSelector, 3), abxy_nodes(), zone_21,
       {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kOk}}},
      {"pods spread across zone as 2/1, maxSkew is 2 and the number of domains > minDomains, then the all nodes fit",
       pod("p").label("foo", "").spread(2, "zone", kDoNotSchedule, kFooSelector, 1), abxy_nodes(), zone_21,
       {{"node-a", kOk}, {"node-b", kOk}, {"node-x", kOk}, {"node-y", kOk}}},
      // 1/1/0/~0~; node-y would be rejected by NodeAffinity itself.
      {"NodeAffinityPolicy honored with labelSelectors",
       pod("p").label("foo", "").node_selector("foo", "").spread(1, "node", kDoNotSchedule, kFooSelector),
       foo_abx_nodes, spread_1101, {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kOk}}, true},
      // 1/1/0/~1~
      {"NodeAffinityPolicy ignored with labelSelectors",
       pod("p").label("foo", "").node_selector("foo", "").spread(1, "node", kDoNotSchedule, kFooSelector, std::nullopt,
                                                                 kIgnore),
       foo_abx_nodes, spread_1101, {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kNo}}, true},
      {"NodeAffinityPolicy honored with nodeAffinity",
       pod("p").label("foo", "").node_affinity("foo", "In", {""}).spread(1, "node", kDoNotSchedule, kFooSelector),
       foo_abx_nodes, spread_1101, {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kOk}}, true},
      // Upstream names this row like the second "ignored" one; renamed so that both run.
      {"NodeAffinityPolicy ignored with labelSelectors (nodeAffinity)",
       pod("p").label("foo", "").node_affinity("foo", "In", {""}).spread(1, "node", kDoNotSchedule, kFooSelector,
                                                                         std::nullopt, kIgnore),
       foo_abx_nodes, spread_1101, {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kNo}}, true},
      // 1/1/0/~0~; node-y would be rejected by TaintToleration itself.
      {"NodeTaintsPolicy honored",
       pod("p").label("foo", "").spread(1, "node", kDoNotSchedule, kFooSelector, std::nullopt, std::nullopt, kHonor),
       tainted_y_nodes, spread_1101, {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kOk}}, true},
      {"NodeTaintsPolicy ignored", pod("p").label("foo", "").spread(1, "node", kDoNotSchedule, kFooSelector),
       tainted_y_nodes, spread_1101, {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kNo}}, true},
  });
}

TEST_CASE("PodTopologySpread: Filter with several constraints (TestMultipleConstraints)") {
  const Pod zone_node_foo = pod("p")
                                .label("foo", "")
                                .spread(1, "zone", kDoNotSchedule, kFooSelector)
                                .spread(1, "node", kDoNotSchedule, kFooSelector);
  const Pod zone_foo_node_bar = pod("p")
                                    .label("foo", "")
                                    .label("bar", "")
                                    .spread(1, "zone", kDoNotSchedule, kFooSelector)
                                    .spread(1, "node", kDoNotSchedule, kBarSelector);
  const Pod zone_bar_zone_foo = pod("p")
                                    .label("foo", "")
                                    .label("bar", "")
                                    .spread(1, "zone", kDoNotSchedule, kBarSelector)
                                    .spread(1, "zone", kDoNotSchedule, kFooSelector);
  const std::vector<Pod> spread_a1b1y1 = {on("p-a1", "node-a", kFoo), on("p-b1", "node-b", kFoo),
                                          on("p-y1", "node-y", kFoo)};
  run_filter_cases({
      {"two Constraints on zone and node, spreads = [3/3, 2/1/0/3]", zone_node_foo, abxy_nodes(),
       {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFoo), on("p-y1", "node-y", kFoo),
        on("p-y2", "node-y", kFoo), on("p-y3", "node-y", kFoo)},
       {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kNo}}},
      {"two Constraints on zone and node, spreads = [3/4, 2/1/0/4]", zone_node_foo, abxy_nodes(),
       {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFoo), on("p-y1", "node-y", kFoo),
        on("p-y2", "node-y", kFoo), on("p-y3", "node-y", kFoo), on("p-y4", "node-y", kFoo)},
       {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kNo}, {"node-y", kNo}}},
      {"Constraints hold different labelSelectors, spreads = [1/0, 1/0/0/1]", zone_foo_node_bar, abxy_nodes(),
       {on("p-a1", "node-a", kFoo), on("p-y1", "node-y", kBar)},
       {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kNo}}},
      {"Constraints hold different labelSelectors, spreads = [1/0, 0/0/1/1]", zone_foo_node_bar, abxy_nodes(),
       {on("p-a1", "node-a", kFoo), on("p-x1", "node-x", kBar), on("p-y1", "node-y", kBar)},
       {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kNo}, {"node-y", kNo}}},
      {"Constraints hold different labelSelectors, spreads = [2/3, 1/0/0/1]", zone_foo_node_bar, abxy_nodes(),
       {on("p-a1", "node-a", kFoo), on("p-a2", "node-a", kFooBar), on("p-y1", "node-y", kFoo),
        on("p-y2", "node-y", kFooBar), on("p-y3", "node-y", kFoo)},
       {{"node-a", kNo}, {"node-b", kOk}, {"node-x", kNo}, {"node-y", kNo}}},
      {"Constraints hold different labelSelectors but pod doesn't match itself on 'zone' constraint",
       pod("p")
           .label("bar", "")
           .spread(1, "zone", kDoNotSchedule, kFooSelector)
           .spread(1, "node", kDoNotSchedule, kBarSelector),
       abxy_nodes(), {on("p-a1", "node-a", kFoo), on("p-x1", "node-x", kBar), on("p-y1", "node-y", kBar)},
       {{"node-a", kOk}, {"node-b", kOk}, {"node-x", kNo}, {"node-y", kNo}}},
      {"two Constraints on zone and node, absence of label 'node' on node-x, spreads = [1/1, 1/0/0/1]", zone_node_foo,
       {zone_node("node-a", "zone1"), zone_node("node-b", "zone1"), make_node("node-x", {{"zone", "zone2"}}),
        zone_node("node-y", "zone2")},
       {on("p-a1", "node-a", kFoo), on("p-y3", "node-y", kFoo)},
       {{"node-a", kNo}, {"node-b", kOk}, {"node-x", kNever}, {"node-y", kNo}}},
      {"two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore",
       pod("p")
           .label("foo", "")
           .node_selector("foo", "")
           .spread(1, "zone", kDoNotSchedule, kFooSelector)
           .spread(1, "node", kDoNotSchedule, kFooSelector, std::nullopt, kIgnore),
       {make_node("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", ""}}),
        make_node("node-b", {{"zone", "zone1"}, {"node", "node-b"}, {"foo", ""}}),
        make_node("node-x", {{"zone", "zone2"}, {"node", "node-x"}, {"foo", ""}}), zone_node("node-y", "zone2")},
       spread_a1b1y1, {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kNo}}, true},
      {"two node inclusion Constraints, zone: honor/honor, node: honor/ignore",
       pod("p")
           .label("foo", "")
           .spread(1, "zone", kDoNotSchedule, kFooSelector, std::nullopt, std::nullopt, kHonor)
           .spread(1, "node", kDoNotSchedule, kFooSelector),
       {make_node("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", ""}}),
        make_node("node-b", {{"zone", "zone1"}, {"node", "node-b"}, {"foo", ""}}),
        make_node("node-x", {{"zone", "zone2"}, {"node", "node-x"}, {"foo", ""}}), zone_node("node-y", "zone2", true)},
       spread_a1b1y1, {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kNo}}, true},
      {"two node inclusion Constraints, zone: honor/ignore, node: honor/ignore",
       pod("p")
           .label("foo", "")
           .node_selector("foo", "")
           .spread(1, "zone", kDoNotSchedule, kFooSelector)
           .spread(1, "node", kDoNotSchedule, kFooSelector),
       {make_node("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", ""}}), zone_node("node-b", "zone1"),
        make_node("node-x", {{"zone", "zone2"}, {"node", "node-x"}, {"foo", ""}}),
        make_node("node-y", {{"zone", "zone2"}, {"node", "node-y"}, {"foo", ""}}, true)},
       spread_a1b1y1, {{"node-a", kNo}, {"node-b", kOk}, {"node-x", kOk}, {"node-y", kNo}}, true},
      {"two node inclusion Constraints, zone: honor/honor, node: ignore/ignore",
       pod("p")
           .label("foo", "")
           .node_selector("foo", "")
           .spread(1, "zone", kDoNotSchedule, kFooSelector, std::nullopt, std::nullopt, kHonor)
           .spread(1, "node", kDoNotSchedule, kFooSelector, std::nullopt, kIgnore),
       {make_node("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", ""}}), zone_node("node-b", "zone1"),
        make_node("node-x", {{"zone", "zone2"}, {"node", "node-x"}, {"foo", ""}}),
        make_node("node-y", {{"zone", "zone2"}, {"node", "node-y"}, {"foo", ""}}, true)},
       spread_a1b1y1, {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kNo}}, true},
      {"two Constraints on zone, spreads = [3/3, 2/1]", zone_bar_zone_foo, abxy_nodes(),
       {on("p-a1", "node-a", kFooBar), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFooBar),
        on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kFooBar), on("p-y3", "node-y", kFoo)},
       {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kOk}, {"node-y", kOk}}},
      {"two Constraints on zone, spreads = [3/4, 2/1]", zone_bar_zone_foo, abxy_nodes(),
       {on("p-a1", "node-a", kFooBar), on("p-a2", "node-a", kFoo), on("p-b1", "node-b", kFooBar),
        on("p-y1", "node-y", kFoo), on("p-y2", "node-y", kFooBar), on("p-y3", "node-y", kFoo),
        on("p-y4", "node-y", kFoo)},
       {{"node-a", kNo}, {"node-b", kNo}, {"node-x", kNo}, {"node-y", kNo}}},
  });
}

// ---- TestPreFilterDisabled / TestPodTopologySpread_DeferredResizeSkipped -----------------------

TEST_CASE("PodTopologySpread: Filter without PreFilter state is an Error (TestPreFilterDisabled)") {
  const FeatureGates gates;
  PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{{}, SpreadDefaultingType::List}, gates);
  const Pod empty;
  const PodInfo pod_info(empty, gates);
  testing::NodeInfoFixture node(Node{});
  CycleState state;
  CHECK(show(plugin.filter(state, pod_info, node.info())) ==
        "Error: reading \"PreFilterPodTopologySpread\" from cycleState: not found");
  const PodInfo other(empty, gates);
  CHECK(show(plugin.add_pod(state, empty, other, node.info())) ==
        "Error: reading \"PreFilterPodTopologySpread\" from cycleState: not found");
  CHECK(show(plugin.remove_pod(state, empty, other, node.info())) ==
        "Error: reading \"PreFilterPodTopologySpread\" from cycleState: not found");
}

TEST_CASE("PodTopologySpread: a Deferred resize skips the plugin (TestPodTopologySpread_DeferredResizeSkipped)") {
  FeatureGates gates;
  gates.in_place_pod_vertical_scaling_scheduler_preemption = true;
  PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{}, gates);
  const Pod deferred = pod("p").condition("PodResizePending", "True", "Deferred");
  const PodInfo pod_info(deferred, gates);
  Cluster cluster({}, {}, gates);
  testing::NodeInfoFixture node(testing::NodeBuilder("node1"));
  CycleState state;
  PreFilterResult result;
  CHECK(show(plugin.pre_filter(state, pod_info, cluster.snapshot, result)) == "Skip");
  CHECK(result.all_nodes());
  CHECK(show(plugin.filter(state, pod_info, node.info())) == "Success");
}

// ---- podfit: details, defaults, errors, matchLabelKeys, large clusters -------------------------

// Runs PreFilter then Filter on every node; "node: Code: reason [details]" per node.
std::vector<std::string> filter_all(const Pod& incoming, const std::vector<Node>& nodes, const std::vector<Pod>& existing,
                                    const FeatureGates& gates = FeatureGates{}) {
  Cluster cluster(nodes, existing, gates);
  PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{}, gates);
  const PodInfo pod_info(incoming, gates);
  CycleState state;
  PreFilterResult result;
  const Status pre = plugin.pre_filter(state, pod_info, cluster.snapshot, result);
  if (!pre.is_success()) return {"PreFilter " + show(pre)};
  std::vector<std::string> out;
  for (const auto& node : cluster.snapshot.nodes()) {
    out.push_back(node->name() + ": " + show(plugin.filter(state, pod_info, *node)));
  }
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += line + "\n";
  return out;
}

const char* const kZoneKey = "topology.kubernetes.io/zone";

Node zone_labeled(const std::string& name, const std::string& zone) {
  return make_node(name, {{kZoneKey, zone}, {"kubernetes.io/hostname", name}});
}

TEST_CASE("PodTopologySpread: details name the crowded domain and the global minimum") {
  const std::string no_match = std::string(kPodTopologySpreadReasonConstraintsNotMatch);
  const std::string no_label = std::string(kPodTopologySpreadReasonNodeLabelNotMatch);
  const std::vector<Node> zones = {zone_labeled("a1", "zone-a"), zone_labeled("b1", "zone-b"),
                                   make_node("bare", {{"kubernetes.io/hostname", "bare"}})};
  const StringMap web = {{"app", "web"}};

  SUBCASE("skew over maxSkew, and a node without the topology key") {
    const Pod incoming = pod("web-4").label("app", "web").spread(1, kZoneKey, kDoNotSchedule, labeled("app", "web"));
    const auto got = filter_all(incoming, zones,
                                {on("w1", "a1", web), on("w2", "a1", web), on("w3", "b1", web)});
    CHECK(joined(got) ==
          joined({"a1: Unschedulable: " + no_match +
                      " [constraint topology.kubernetes.io/zone (maxSkew 1): placing here makes "
                      "topology.kubernetes.io/zone=zone-a hold 3 matching pods while the least loaded eligible "
                      "domain holds 1 (skew 2 > 1)]",
                  "b1: Success",
                  "bare: UnschedulableAndUnresolvable: " + no_label +
                      " [node has no label topology.kubernetes.io/zone (constraint topologyKey)]"}));
  }
  SUBCASE("fewer domains than minDomains make the global minimum 0") {
    const Pod incoming =
        pod("web-4").label("app", "web").spread(1, kZoneKey, kDoNotSchedule, labeled("app", "web"), 3);
    const auto got = filter_all(incoming, {zone_labeled("a1", "zone-a"), zone_labeled("b1", "zone-b")},
                                {on("w1", "a1", web), on("w2", "b1", web)});
    CHECK(joined(got) ==
          joined({"a1: Unschedulable: " + no_match +
                      " [constraint topology.kubernetes.io/zone (maxSkew 1, minDomains 3): placing here makes "
                      "topology.kubernetes.io/zone=zone-a hold 2 matching pods while only 2 eligible domains exist, "
                      "fewer than minDomains 3, so the global minimum is 0 (skew 2 > 1)]",
                  "b1: Unschedulable: " + no_match +
                      " [constraint topology.kubernetes.io/zone (maxSkew 1, minDomains 3): placing here makes "
                      "topology.kubernetes.io/zone=zone-b hold 2 matching pods while only 2 eligible domains exist, "
                      "fewer than minDomains 3, so the global minimum is 0 (skew 2 > 1)]"}));
  }
  SUBCASE("a pod outside its own selector is blocked by the existing imbalance") {
    const Pod incoming = pod("other").label("app", "other").spread(1, kZoneKey, kDoNotSchedule, labeled("app", "web"));
    const auto got = filter_all(incoming, {zone_labeled("a1", "zone-a"), zone_labeled("b1", "zone-b")},
                                {on("w1", "a1", web), on("w2", "a1", web)});
    CHECK(joined(got) ==
          joined({"a1: Unschedulable: " + no_match +
                      " [constraint topology.kubernetes.io/zone (maxSkew 1): topology.kubernetes.io/zone=zone-a "
                      "already holds 2 matching pods (this pod does not match the selector) while the least loaded "
                      "eligible domain holds 0 (skew 2 > 1)]",
                  "b1: Success"}));
  }
  SUBCASE("every failing constraint gets a line; the first decides the code") {
    const Pod incoming = pod("web-4")
                             .label("app", "web")
                             .spread(1, "kubernetes.io/hostname", kDoNotSchedule, labeled("app", "web"))
                             .spread(1, "rack", kDoNotSchedule, labeled("app", "web"));
    const auto got = filter_all(incoming,
                                {make_node("a1", {{"kubernetes.io/hostname", "a1"}}),
                                 make_node("b1", {{"kubernetes.io/hostname", "b1"}, {"rack", "r1"}})},
                                {on("w1", "a1", web), on("w2", "a1", web)});
    // Nodes lacking any constraint's key count for no constraint: a1's pods are not counted at all.
    CHECK(joined(got) ==
          joined({"a1: UnschedulableAndUnresolvable: " + no_label +
                      " [node has no label rack (constraint topologyKey)]",
                  "b1: Success"}));
  }
  SUBCASE("a skew failure before a missing label keeps Unschedulable") {
    const Pod incoming = pod("web-4")
                             .label("app", "web")
                             .spread(1, "kubernetes.io/hostname", kDoNotSchedule, labeled("app", "web"))
                             .spread(1, "rack", kDoNotSchedule, labeled("app", "web"));
    const auto got = filter_all(incoming,
                                {make_node("a1", {{"kubernetes.io/hostname", "a1"}, {"rack", "r1"}}),
                                 make_node("b1", {{"kubernetes.io/hostname", "b1"}, {"rack", "r2"}}),
                                 make_node("c1", {{"kubernetes.io/hostname", "c1"}})},
                                {on("w1", "a1", web), on("w2", "a1", web)});
    CHECK(joined(got) ==
          joined({"a1: Unschedulable: " + no_match +
                      " [constraint kubernetes.io/hostname (maxSkew 1): placing here makes kubernetes.io/hostname=a1 "
                      "hold 3 matching pods while the least loaded eligible domain holds 0 (skew 3 > 1)]"
                      " [constraint rack (maxSkew 1): placing here makes rack=r1 hold 3 matching pods while the "
                      "least loaded eligible domain holds 0 (skew 3 > 1)]",
                  "b1: Success",
                  "c1: UnschedulableAndUnresolvable: " + no_label +
                      " [node has no label rack (constraint topologyKey)]"}));
  }
}

TEST_CASE("PodTopologySpread: PreFilter Skip and Error") {
  const FeatureGates gates;
  Cluster cluster({zone_node("node-a", "zone1")}, {}, gates);
  CycleState state;
  PreFilterResult result;

  SUBCASE("System defaulting (the default) never adds hard constraints") {
    PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{}, gates, services_selecting({{{"app", "web"}}}));
    const Pod incoming = pod("p").label("app", "web");
    const PodInfo info(incoming, gates);
    CHECK(show(plugin.pre_filter(state, info, cluster.snapshot, result)) == "Skip");
    CHECK(system_default_spread_constraints().size() == 2);
    for (const auto& c : system_default_spread_constraints()) CHECK(c.when_unsatisfiable == kScheduleAnyway);
  }
  SUBCASE("List defaulting without a selector source drops the defaults") {
    TopologySpreadConstraint hard;
    hard.max_skew = 1;
    hard.topology_key = "zone";
    hard.when_unsatisfiable = kDoNotSchedule;
    PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{{hard}, SpreadDefaultingType::List}, gates);
    const Pod incoming = pod("p").label("app", "web");
    const PodInfo info(incoming, gates);
    CHECK(show(plugin.pre_filter(state, info, cluster.snapshot, result)) == "Skip");
  }
  SUBCASE("only ScheduleAnyway constraints") {
    PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{}, gates);
    const Pod incoming = pod("p").label("foo", "").spread(1, "zone", kScheduleAnyway, kFooSelector);
    const PodInfo info(incoming, gates);
    CHECK(show(plugin.pre_filter(state, info, cluster.snapshot, result)) == "Skip");
    CHECK(stored_state(state) == nullptr);
  }
  SUBCASE("a selector that does not compile") {
    PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{}, gates);
    LabelSelector bad;
    bad.match_expressions.push_back(LabelSelectorRequirement{"foo", "Foo", {"bar"}});
    const Pod incoming = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, bad);
    const PodInfo info(incoming, gates);
    CHECK(show(plugin.pre_filter(state, info, cluster.snapshot, result)) ==
          "Error: get constraints from pod: obtaining pod's hard topology spread constraints: \"Foo\" is not a valid "
          "label selector operator");
  }
  SUBCASE("the registry factory builds the plugin") {
    auto plugin = new_pod_topology_spread(PluginContext{gates});
    REQUIRE(plugin != nullptr);
    CHECK(plugin->name() == "PodTopologySpread");
    CHECK(dynamic_cast<const PreFilterPlugin*>(plugin.get()) != nullptr);
    CHECK(dynamic_cast<const FilterPlugin*>(plugin.get()) != nullptr);
  }
}

TEST_CASE("PodTopologySpread: matchLabelKeys give the same verdict merged by the API server or not") {
  // A pod as written (matchLabelKeys only) and as the API server stores it (pod-template-hash In
  // [v2] appended to matchExpressions): kube-scheduler merges the keys again, harmlessly.
  const std::vector<Node> nodes = {zone_node("node-a", "zone1"), zone_node("node-x", "zone2")};
  const std::vector<Pod> existing = {on("v1-a", "node-a", {{"app", "web"}, {"pod-template-hash", "v1"}}),
                                     on("v1-b", "node-a", {{"app", "web"}, {"pod-template-hash", "v1"}}),
                                     on("v2-a", "node-a", {{"app", "web"}, {"pod-template-hash", "v2"}}),
                                     on("v2-x", "node-x", {{"app", "web"}, {"pod-template-hash", "v2"}})};
  const Pod as_written = pod("new")
                             .label("app", "web")
                             .label("pod-template-hash", "v2")
                             .spread(1, "zone", kDoNotSchedule, labeled("app", "web"), std::nullopt, std::nullopt,
                                     std::nullopt, {"pod-template-hash"});
  LabelSelector merged_selector = labeled("app", "web");
  merged_selector.match_expressions.push_back(LabelSelectorRequirement{"pod-template-hash", "In", {"v2"}});
  const Pod as_stored = pod("new")
                            .label("app", "web")
                            .label("pod-template-hash", "v2")
                            .spread(1, "zone", kDoNotSchedule, merged_selector, std::nullopt, std::nullopt,
                                    std::nullopt, {"pod-template-hash"});
  // Only the v2 pods count: one per zone, so both zones fit.
  const auto written = filter_all(as_written, nodes, existing);
  CHECK(joined(written) == joined({"node-a: Success", "node-x: Success"}));
  CHECK(joined(filter_all(as_stored, nodes, existing)) == joined(written));
  // With the gate off the keys are ignored: zone1's three web pods against zone2's one.
  FeatureGates off;
  off.match_label_keys_in_pod_topology_spread = false;
  const auto ignored = filter_all(as_written, nodes, existing, off);
  REQUIRE(ignored.size() == 2);
  CHECK(ignored[0].rfind("node-a: Unschedulable", 0) == 0);
  CHECK(ignored[1] == "node-x: Success");
}

TEST_CASE("PodTopologySpread: counting over many nodes (parallel) matches a direct count") {
  const FeatureGates gates;
  std::vector<Node> nodes;
  std::vector<Pod> existing;
  std::map<std::string, int> want_zone;
  for (int i = 0; i < 150; ++i) {
    const std::string name = fmt::format("node-{:03}", i);
    const std::string zone = fmt::format("zone{}", i % 5);
    nodes.push_back(zone_node(name, zone, i % 7 == 0));
    want_zone.try_emplace(zone, 0);
    for (int p = 0; p < i % 4; ++p) {
      existing.push_back(on(fmt::format("{}-p{}", name, p), name, kFoo, p == 2 ? "other" : "default"));
      if (p != 2) ++want_zone[zone];
    }
    if (i % 11 == 0) existing.push_back(pod(name + "-gone").node(name).label("foo", "").terminating());
  }
  Cluster cluster(nodes, existing, gates);
  PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{}, gates);
  const Pod incoming = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector);
  const PodInfo pod_info(incoming, gates);
  const CycleState state = pre_filtered(plugin, pod_info, cluster.snapshot);
  const auto* got = stored_state(state);
  REQUIRE(got != nullptr);
  CHECK(render_counts(std::map<std::string, int>(got->tp_value_to_match_num[0].begin(),
                                                 got->tp_value_to_match_num[0].end())) == render_counts(want_zone));
  const auto least = std::min_element(want_zone.begin(), want_zone.end(),
                                      [](const auto& a, const auto& b) { return a.second < b.second; });
  CHECK(got->min_match_num(0) == least->second);
  // A clone is independent of the original.
  auto copy = got->clone();
  auto* cloned = dynamic_cast<PodTopologySpreadState*>(copy.get());
  REQUIRE(cloned != nullptr);
  cloned->add_to_domain(0, "zone0", 100);
  CHECK(got->tp_value_to_match_num[0].at("zone0") == want_zone["zone0"]);
  CHECK(cloned->constraints == got->constraints);
}


// Random small clusters for the cases that check what a drain's proof relies on.
struct RandomZones {
  uint64_t state;
  int below(uint64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state >> 33) % n);
  }
  // One to four zones of one or two nodes ("n<zone>-<i>"), each running up to three pods
  // labelled foo and, with `others`, sometimes one labelled bar.
  void cluster(std::vector<Node>& nodes, std::vector<Pod>& pods, bool others) {
    const int zones = 1 + below(4);
    for (int z = 0; z < zones; ++z) {
      for (int n = 0; n <= below(2); ++n) {
        const std::string name = fmt::format("n{}-{}", z, n);
        nodes.push_back(zone_node(name, fmt::format("zone{}", z)));
        for (int p = below(4); p > 0; --p) pods.push_back(on(fmt::format("{}-p{}", name, p), name, kFoo));
        if (others && below(3) == 0) pods.push_back(on(name + "-other", name, kBar));
      }
    }
  }
};

// A drain proves replacements land by bounding what earlier ones can close: a domain fitting now
// admits exactly domain_tolerance more matching pods and still fits, one more and it does not.
TEST_CASE("PodTopologySpread: a domain admits exactly its tolerance of matching pods") {
  const FeatureGates gates;
  PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{}, gates);
  RandomZones random{12345};
  auto below = [&](uint64_t n) { return random.below(n); };
  // The verdict on `target` for `incoming` once `extra` more matching pods run there.
  auto fits_with = [&](const std::vector<Node>& nodes, std::vector<Pod> pods, const Pod& incoming,
                       const std::string& target, int extra) {
    for (int k = 0; k < extra; ++k) pods.push_back(on(fmt::format("extra-{}", k), target, kFoo));
    Cluster cluster(nodes, std::move(pods), gates);
    const PodInfo info(incoming, gates);
    const CycleState state = pre_filtered(plugin, info, cluster.snapshot);
    return plugin.filter(state, info, *cluster.snapshot.find_node(target)).is_success();
  };
  int bounded = 0;
  int unbounded = 0;
  for (int round = 0; round < 120; ++round) {
    CAPTURE(round);
    std::vector<Node> nodes;
    std::vector<Pod> pods;
    random.cluster(nodes, pods, true);
    PodMaker maker = pod("incoming");
    if (below(2) == 0) maker.label("foo", "");
    const int constraints = 1 + below(2);
    for (int c = 0; c < constraints; ++c) {
      const std::optional<int32_t> min_domains = below(3) == 0 ? std::optional<int32_t>(1 + below(5)) : std::nullopt;
      maker.spread(1 + below(3), "zone", kDoNotSchedule, kFooSelector, min_domains);
    }
    const Pod incoming = maker;
    Cluster cluster(nodes, pods, gates);
    const PodInfo info(incoming, gates);
    const CycleState state = pre_filtered(plugin, info, cluster.snapshot);
    for (const Node& node : nodes) {
      CAPTURE(node.metadata.name);
      const NodeInfo& node_info = *cluster.snapshot.find_node(node.metadata.name);
      if (!plugin.filter(state, info, node_info).is_success()) continue;
      const int64_t tolerance = plugin.domain_tolerance(state, info, "zone", node_info);
      if (tolerance > 20) {
        ++unbounded;
        CHECK(fits_with(nodes, pods, incoming, node.metadata.name, 8));
        continue;
      }
      ++bounded;
      CHECK(fits_with(nodes, pods, incoming, node.metadata.name, static_cast<int>(tolerance)));
      CHECK_FALSE(fits_with(nodes, pods, incoming, node.metadata.name, static_cast<int>(tolerance) + 1));
    }
  }
  CHECK(bounded > 100);
  CHECK(unbounded > 5);
}


// Filter finds a node's domain by its value's id in the snapshot's label column; a node the
// column was not built from (updated since, or a copy) is read by its labels, and either way
// the verdict is the one looking every value up by name gives.
TEST_CASE("PodTopologySpread: Filter agrees on nodes the label columns do not know") {
  const FeatureGates gates;
  Cluster cluster(abxy_nodes(), {on("a1", "node-a", kFoo), on("a2", "node-a", kFoo), on("x1", "node-x", kFoo)}, gates);
  PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{}, gates);
  const Pod incoming = pod("p").label("foo", "").spread(1, "zone", kDoNotSchedule, kFooSelector);
  const PodInfo info(incoming, gates);
  CycleState state = pre_filtered(plugin, info, cluster.snapshot);
  REQUIRE(stored_state(state)->columns.size() == 1);
  CycleState by_name = state.clone();
  auto* names_only = by_name.read_mutable<PodTopologySpreadState>(kPodTopologySpreadPreFilterStateKey);
  names_only->columns.clear();
  names_only->match_num_by_id.clear();

  const NodeInfo& node_a = *cluster.snapshot.find_node("node-a");
  // The verdict on a copy of node-a with its zone set to `zone` ("-": no zone label).
  auto verdicts = [&](const std::string& zone) {
    Node copy = node_a.node();
    copy.metadata.labels.erase("zone");
    if (zone != "-") copy.metadata.labels.set("zone", zone);
    NodeInfo copied(&copy);
    copied.set_position(node_a.position());
    const Status by_id = plugin.filter(state, info, copied);
    CHECK(by_id.code() == plugin.filter(by_name, info, copied).code());
    CHECK(by_id.reasons() == plugin.filter(by_name, info, copied).reasons());
    return by_id.code();
  };
  CHECK(plugin.filter(state, info, node_a).code() == Code::Unschedulable);  // zone1: 2 + 1 - 1 > 1
  CHECK(verdicts("zone1") == Code::Unschedulable);
  CHECK(verdicts("zone2") == Code::Success);
  CHECK(verdicts("zone3") == Code::Success);  // a domain of no eligible node: 0 + 1 - 1
  CHECK(verdicts("-") == Code::UnschedulableAndUnresolvable);

  // Counts changed in the cycle (preemption's AddPod) reach both ways of reading.
  for (CycleState* changed : {&state, &by_name}) {
    auto* data = changed->read_mutable<PodTopologySpreadState>(kPodTopologySpreadPreFilterStateKey);
    data->add_to_domain(0, "zone2", 2);  // zone1 2, zone2 3: the minimum rises to 2
    data->add_to_domain(0, "zone3", 5);
  }
  CHECK(plugin.filter(state, info, node_a).code() == Code::Success);
  CHECK(verdicts("zone1") == Code::Success);
  CHECK(verdicts("zone2") == Code::Unschedulable);
  CHECK(verdicts("zone3") == Code::Unschedulable);
}


// A drain proves a replacement lands when every domain one of which stays open holds enough
// nodes: however many matching pods arrive, and wherever, one of them still lets the pod in
// on all its nodes.
TEST_CASE("PodTopologySpread: one of the domains named stays open whatever pods arrive") {
  const FeatureGates gates;
  PodTopologySpreadPlugin plugin(PodTopologySpreadArgs{}, gates);
  RandomZones random{777};
  auto below = [&](uint64_t n) { return random.below(n); };
  int named = 0;
  int none = 0;
  for (int round = 0; round < 150; ++round) {
    CAPTURE(round);
    std::vector<Node> nodes;
    std::vector<Pod> pods;
    random.cluster(nodes, pods, false);
    PodMaker maker = pod("incoming");
    if (below(2) == 0) maker.label("foo", "");
    const std::optional<int32_t> min_domains = below(3) == 0 ? std::optional<int32_t>(1 + below(5)) : std::nullopt;
    maker.spread(below(3), "zone", kDoNotSchedule, kFooSelector, min_domains);
    if (below(5) == 0) maker.spread(1, "node", kDoNotSchedule, kFooSelector);
    const Pod incoming = maker;
    const PodInfo info(incoming, gates);
    std::vector<std::string> open;
    {
      Cluster cluster(nodes, pods, gates);
      CycleState state;
      PreFilterResult result;
      if (!plugin.pre_filter(state, info, cluster.snapshot, result).is_success()) continue;  // maxSkew 0
      open = plugin.domains_one_stays_open(state, info, "zone");
      CHECK(plugin.domains_one_stays_open(state, info, "node").empty());
    }
    if (open.empty()) {
      ++none;
      continue;
    }
    ++named;
    for (int k = 1 + below(6); k > 0; --k) {
      pods.push_back(on(fmt::format("arrived-{}", k), nodes[static_cast<size_t>(below(nodes.size()))].metadata.name, kFoo));
    }
    Cluster cluster(nodes, pods, gates);
    const CycleState state = pre_filtered(plugin, info, cluster.snapshot);
    bool some_open = false;
    for (const std::string& zone : open) {
      bool all_pass = true;
      for (const Node& node : nodes) {
        if (*node.metadata.labels.find("zone") != zone) continue;
        all_pass = all_pass && plugin.filter(state, info, *cluster.snapshot.find_node(node.metadata.name)).is_success();
      }
      some_open = some_open || all_pass;
    }
    CHECK(some_open);
  }
  CHECK(named > 40);
  CHECK(none > 20);
}

}  // namespace
}  // namespace podfit
