// InterPodAffinity: interpodaffinity/filtering_test.go (TestRequiredAffinitySingleNode,
// TestRequiredAffinityMultipleNodes, TestPreFilterDisabled, TestPreFilterStateAddRemovePod,
// TestPreFilterStateClone, TestGetTPMapMatchingIncomingAffinityAntiAffinity,
// TestInterPodAffinity_DeferredResizeSkipped), the API server's Test_mutatePodAffinity, and
// podfit's own cases: details, terminating and orphaned pods, parse errors, namespaces.
#include "podfit/load/pod_creation.h"
#include "podfit/plugins/inter_pod_affinity/inter_pod_affinity.h"

#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "builders.h"
#include "resource_test_support.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/model/cluster.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

using testing::NodeBuilder;
using Counts = std::map<std::pair<std::string, std::string>, int64_t>;

// ---- Builders ----

LabelSelectorRequirement requirement(std::string key, std::string op, std::vector<std::string> values = {}) {
  return LabelSelectorRequirement{std::move(key), std::move(op), std::move(values)};
}

LabelSelector expressions(std::vector<LabelSelectorRequirement> list) {
  LabelSelector selector;
  selector.match_expressions = std::move(list);
  return selector;
}

PodAffinityTerm term(LabelSelector selector, std::string topology_key) {
  PodAffinityTerm t;
  t.label_selector = std::move(selector);
  t.topology_key = std::move(topology_key);
  return t;
}

// st.PodAffinityIn and friends: one requirement on `key`, as the scheduler's test wrappers build it.
PodAffinityTerm term_in(std::string key, std::string topology_key, std::vector<std::string> values) {
  return term(expressions({requirement(std::move(key), "In", std::move(values))}), std::move(topology_key));
}
PodAffinityTerm term_not_in(std::string key, std::string topology_key, std::vector<std::string> values) {
  return term(expressions({requirement(std::move(key), "NotIn", std::move(values))}), std::move(topology_key));
}
PodAffinityTerm term_exists(std::string key, std::string topology_key) {
  return term(expressions({requirement(std::move(key), "Exists")}), std::move(topology_key));
}

// A pod builder for affinity tests. kube's tests use the empty namespace; podfit defaults it
// to "default", the same namespace for every pod that does not name one.
class P {
 public:
  explicit P(std::string name = "") {
    pod_.metadata.name = std::move(name);
    pod_.metadata.namespace_ = "default";
  }
  P& ns(std::string ns) {
    pod_.metadata.namespace_ = std::move(ns);
    return *this;
  }
  P& label(std::string key, std::string value) {
    pod_.metadata.labels.set(key, std::move(value));
    return *this;
  }
  P& labels(const StringMap& labels) {
    for (const auto& [k, v] : labels) pod_.metadata.labels.set(k, v);
    return *this;
  }
  P& node(std::string name) {
    pod_.spec.node_name = std::move(name);
    return *this;
  }
  // Required pod affinity term (st.PodAffinityWithRequiredReq).
  P& affinity_term(PodAffinityTerm t) {
    auto& a = affinity_spec();
    if (!a.pod_affinity) a.pod_affinity.emplace();
    a.pod_affinity->required.push_back(std::move(t));
    return *this;
  }
  // Required pod anti-affinity term (st.PodAntiAffinityWithRequiredReq).
  P& anti_term(PodAffinityTerm t) {
    auto& a = affinity_spec();
    if (!a.pod_anti_affinity) a.pod_anti_affinity.emplace();
    a.pod_anti_affinity->required.push_back(std::move(t));
    return *this;
  }
  P& preferred_affinity_term(PodAffinityTerm t, int32_t weight = 1) {
    auto& a = affinity_spec();
    if (!a.pod_affinity) a.pod_affinity.emplace();
    a.pod_affinity->preferred.push_back(WeightedPodAffinityTerm{weight, std::move(t)});
    return *this;
  }
  P& preferred_anti_term(PodAffinityTerm t, int32_t weight = 1) {
    auto& a = affinity_spec();
    if (!a.pod_anti_affinity) a.pod_anti_affinity.emplace();
    a.pod_anti_affinity->preferred.push_back(WeightedPodAffinityTerm{weight, std::move(t)});
    return *this;
  }
  // createPodWithAffinityTerms: both podAffinity and podAntiAffinity set, either list maybe empty.
  P& terms(std::vector<PodAffinityTerm> affinity, std::vector<PodAffinityTerm> anti) {
    auto& a = affinity_spec();
    a.pod_affinity.emplace().required = std::move(affinity);
    a.pod_anti_affinity.emplace().required = std::move(anti);
    return *this;
  }
  P& terminating() {
    pod_.metadata.deletion_timestamp = "2026-07-01T00:00:00Z";
    return *this;
  }
  P& condition(PodCondition c) {
    pod_.status.conditions.push_back(std::move(c));
    return *this;
  }
  P& phase(std::string phase) {
    pod_.status.phase = std::move(phase);
    return *this;
  }
  operator Pod() const { return pod_; }

 private:
  Affinity& affinity_spec() {
    if (!pod_.spec.affinity) pod_.spec.affinity.emplace();
    return *pod_.spec.affinity;
  }
  Pod pod_;
};

Node node(std::string name, const StringMap& labels) {
  NodeBuilder builder(std::move(name));
  for (const auto& [k, v] : labels) builder.label(k, v);
  return builder;
}

Namespace ns(std::string name, const StringMap& labels = {}) {
  Namespace n;
  n.metadata.name = std::move(name);
  n.metadata.labels = labels;
  return n;
}

// The namespaces of the upstream single-node test (scoring_test.go's `namespaces`).
std::vector<Namespace> team_namespaces() {
  return {ns("subteam1.team1", {{"team", "team1"}}), ns("subteam2.team1", {{"team", "team1"}}),
          ns("subteam1.team2", {{"team", "team2"}}), ns("subteam2.team2", {{"team", "team2"}})};
}

// ---- Running the plugin ----

Status affinity_rejected() {
  return Status(Code::UnschedulableAndUnresolvable, std::string(kInterPodAffinityReasonAffinity));
}
Status anti_affinity_rejected() {
  return Status(Code::Unschedulable, std::string(kInterPodAffinityReasonAntiAffinity));
}
Status existing_rejected() {
  return Status(Code::Unschedulable, std::string(kInterPodAffinityReasonExistingAntiAffinity));
}

// "Code: reasons" (details are compared by the dedicated cases).
std::string show(const Status& status) { return testing::show_code_and_reasons(status); }

// A cluster, its snapshot and one plugin, for one pod.
struct World {
  World(std::vector<Node> nodes, std::vector<Pod> pods, std::vector<Namespace> namespaces,
        const FeatureGates& gates = FeatureGates{})
      : cluster(std::make_unique<ClusterState>()), plugin(gates), gates(gates) {
    cluster->nodes = std::move(nodes);
    cluster->pods = std::move(pods);
    cluster->namespaces = std::move(namespaces);
    snapshot = std::make_unique<Snapshot>(*cluster, gates);
  }
  Status pre_filter(CycleState& state, const PodInfo& pod) const {
    PreFilterResult result;
    Status status = plugin.pre_filter(state, pod, *snapshot, result);
    CHECK(result.all_nodes());
    return status;
  }
  const NodeInfo& node(const std::string& name) const { return *snapshot->find_node(name); }
  const InterPodAffinityState* state_of(const CycleState& state) const {
    return state.read<InterPodAffinityState>(kInterPodAffinityPreFilterStateKey);
  }

  std::unique_ptr<ClusterState> cluster;
  std::unique_ptr<Snapshot> snapshot;
  InterPodAffinity plugin;
  FeatureGates gates;
};

struct Case {
  std::string name;
  Pod pod;
  std::vector<Pod> pods;  // running (and other) pods of the cluster
  std::vector<Node> nodes;
  Status want_pre_filter = Status();
  std::vector<Status> want_filter = {};  // one per node, in order; empty: all Success
};

void run_cases(const std::vector<Case>& cases, const std::vector<Namespace>& namespaces) {
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      World world(c.nodes, c.pods, namespaces);
      PodInfo pod(c.pod, world.gates);
      CycleState state;
      const Status pre = world.pre_filter(state, pod);
      CHECK(show(pre) == show(c.want_pre_filter));
      // Filter runs only after a successful PreFilter (no early return: doctest must see every SUBCASE).
      for (size_t i = 0; pre.is_success() && i < c.nodes.size(); ++i) {
        CAPTURE(c.nodes[i].metadata.name);
        const Status want = i < c.want_filter.size() ? c.want_filter[i] : Status();
        CHECK(show(world.plugin.filter(state, pod, world.node(c.nodes[i].metadata.name))) == show(want));
      }
    }
  }
}

const std::string kBadValueError =
    "parsing pod: requiredAffinityTerms: values[0][service]: Invalid value: \"{{.bad-value.}}\": a valid label must "
    "be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
    "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

TEST_CASE("InterPodAffinity: TestRequiredAffinitySingleNode") {
  const StringMap pod_label{{"service", "securityscan"}};
  const StringMap pod_label2{{"security", "S1"}};
  const Pod existing = P().labels(pod_label).node("node1");
  const std::vector<Node> node1{node("node1", {{"region", "r1"}, {"zone", "z11"}})};

  auto ns_term = [](LabelSelector namespace_selector, std::string topology_key) {
    PodAffinityTerm t = term_in("service", std::move(topology_key), {"securityscan", "value2"});
    t.namespace_selector = std::move(namespace_selector);
    return t;
  };
  const LabelSelector team1_selector = expressions({requirement("team", "In", {"team1"})});

  std::vector<Case> cases = {
      {"A pod that has no required pod affinity scheduling rules can schedule onto a node with no existing pods",
       P(),
       {},
       node1,
       Status(Code::Skip)},
      {"satisfies with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using In operator that matches "
       "the existing pod",
       P().labels(pod_label2).affinity_term(term_in("service", "region", {"securityscan", "value2"})),
       {existing},
       node1},
      {"satisfies the pod with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using not in operator in "
       "labelSelector that matches the existing pod",
       P().labels(pod_label2).affinity_term(term_not_in("service", "region", {"securityscan3", "value3"})),
       {existing},
       node1},
      {"Does not satisfy the PodAffinity with labelSelector because of diff Namespace",
       P().labels(pod_label2)
           .terms({[] {
                    PodAffinityTerm t = term_in("service", "", {"securityscan", "value2"});
                    t.namespaces = {"DiffNameSpace"};
                    return t;
                  }()},
                  {}),
       {P().ns("ns").label("service", "securityscan").node("node1")},
       node1,
       Status(),
       {affinity_rejected()}},
      {"Doesn't satisfy the PodAffinity because of unmatching labelSelector with the existing pod",
       P().labels(pod_label).affinity_term(term_in("service", "", {"antivirusscan", "value2"})),
       {existing},
       node1,
       Status(),
       {affinity_rejected()}},
      {"satisfies the PodAffinity with different label Operators in multiple "
       "RequiredDuringSchedulingIgnoredDuringExecution ",
       P().labels(pod_label2)
           .terms({term(expressions({requirement("service", "Exists"), requirement("wrongkey", "DoesNotExist")}),
                        "region"),
                   term(expressions({requirement("service", "In", {"securityscan"}),
                                     requirement("service", "NotIn", {"WrongValue"})}),
                        "region")},
                  {}),
       {existing},
       node1},
      {"The labelSelector requirements(items of matchExpressions) are ANDed, the pod cannot schedule onto the node "
       "because one of the matchExpression item don't match.",
       P().labels(pod_label2)
           .terms({term(expressions({requirement("service", "Exists"), requirement("wrongkey", "DoesNotExist")}),
                        "region"),
                   term(expressions({requirement("service", "In", {"securityscan2"}),
                                     requirement("service", "NotIn", {"WrongValue"})}),
                        "region")},
                  {}),
       {existing},
       node1,
       Status(),
       {affinity_rejected()}},
      {"satisfies the PodAffinity and PodAntiAffinity with the existing pod",
       P().labels(pod_label2)
           .affinity_term(term_in("service", "region", {"securityscan", "value2"}))
           .anti_term(term_in("service", "node", {"antivirusscan", "value2"})),
       {existing},
       node1},
      {"satisfies the PodAffinity and PodAntiAffinity and PodAntiAffinity symmetry with the existing pod",
       P().labels(pod_label2)
           .affinity_term(term_in("service", "region", {"securityscan", "value2"}))
           .anti_term(term_in("service", "node", {"antivirusscan", "value2"})),
       {P().node("node1").labels(pod_label).anti_term(term_in("service", "node", {"antivirusscan", "value2"}))},
       node1},
      {"satisfies the PodAffinity but doesn't satisfy the PodAntiAffinity with the existing pod",
       P().labels(pod_label2)
           .affinity_term(term_in("service", "region", {"securityscan", "value2"}))
           .anti_term(term_in("service", "zone", {"securityscan", "value2"})),
       {existing},
       node1,
       Status(),
       {anti_affinity_rejected()}},
      {"satisfies the PodAffinity and PodAntiAffinity but doesn't satisfy PodAntiAffinity symmetry with the existing "
       "pod",
       P().labels(pod_label)
           .affinity_term(term_in("service", "region", {"securityscan", "value2"}))
           .anti_term(term_in("service", "node", {"antivirusscan", "value2"})),
       {P().labels(pod_label).node("node1").anti_term(term_in("service", "zone", {"securityscan", "value2"}))},
       node1,
       Status(),
       {existing_rejected()}},
      {"pod matches its own Label in PodAffinity and that matches the existing pod Labels",
       P().labels(pod_label).affinity_term(term_not_in("service", "region", {"securityscan", "value2"})),
       {P().label("service", "securityscan").node("node2")},
       node1,
       Status(),
       {affinity_rejected()}},
      {"verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. doesn't "
       "satisfy PodAntiAffinity symmetry with the existing pod",
       P().labels(pod_label),
       {P().node("node1").labels(pod_label).anti_term(term_in("service", "zone", {"securityscan", "value2"}))},
       node1,
       Status(),
       {existing_rejected()}},
      {"verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. satisfy "
       "PodAntiAffinity symmetry with the existing pod",
       P().labels(pod_label),
       {P().node("node1").labels(pod_label).anti_term(term_not_in("service", "zone", {"securityscan", "value2"}))},
       node1,
       Status(Code::Skip)},
      {"satisfies the PodAntiAffinity with existing pod but doesn't satisfy PodAntiAffinity symmetry with incoming pod",
       P().labels(pod_label).anti_term(term_exists("service", "region")).anti_term(term_exists("security", "region")),
       {P().node("node1").labels(pod_label2).anti_term(term_exists("security", "zone"))},
       node1,
       Status(),
       {anti_affinity_rejected()}},
      {"PodAntiAffinity symmetry check a1: incoming pod and existing pod partially match each other on AffinityTerms",
       P().labels(pod_label).anti_term(term_exists("service", "zone")).anti_term(term_exists("security", "zone")),
       {P().node("node1").labels(pod_label2).anti_term(term_exists("security", "zone"))},
       node1,
       Status(),
       {anti_affinity_rejected()}},
      {"PodAntiAffinity symmetry check a2: incoming pod and existing pod partially match each other on AffinityTerms",
       P().labels(pod_label2).anti_term(term_exists("security", "zone")),
       {P().node("node1")
            .labels(pod_label)
            .anti_term(term_exists("service", "zone"))
            .anti_term(term_exists("security", "zone"))},
       node1,
       Status(),
       {existing_rejected()}},
      {"PodAntiAffinity symmetry check b1: incoming pod and existing pod partially match each other on AffinityTerms",
       P().labels({{"abc", ""}, {"xyz", ""}})
           .anti_term(term_exists("abc", "zone"))
           .anti_term(term_exists("def", "zone")),
       {P().node("node1")
            .labels({{"def", ""}, {"xyz", ""}})
            .anti_term(term_exists("abc", "zone"))
            .anti_term(term_exists("def", "zone"))},
       node1,
       Status(),
       {anti_affinity_rejected()}},
      {"PodAntiAffinity symmetry check b2: incoming pod and existing pod partially match each other on AffinityTerms",
       P().labels({{"def", ""}, {"xyz", ""}})
           .anti_term(term_exists("abc", "zone"))
           .anti_term(term_exists("def", "zone")),
       {P().node("node1")
            .labels({{"abc", ""}, {"xyz", ""}})
            .anti_term(term_exists("abc", "zone"))
            .anti_term(term_exists("def", "zone"))},
       node1,
       Status(),
       {anti_affinity_rejected()}},
      {"PodAffinity fails PreFilter with an invalid affinity label syntax",
       P().labels(pod_label)
           .affinity_term(term_in("service", "region", {"{{.bad-value.}}"}))
           .affinity_term(term_in("service", "node", {"antivirusscan", "value2"})),
       {},
       node1,
       Status(Code::UnschedulableAndUnresolvable, kBadValueError)},
      {"PodAntiAffinity fails PreFilter with an invalid antiaffinity label syntax",
       P().labels(pod_label)
           .affinity_term(term_in("service", "region", {"foo"}))
           .affinity_term(term_in("service", "node", {"{{.bad-value.}}"})),
       {},
       node1,
       Status(Code::UnschedulableAndUnresolvable, kBadValueError)},
      {"affinity with NamespaceSelector",
       P().labels(pod_label2).terms({ns_term(team1_selector, "region")}, {}),
       {P().ns("subteam1.team1").labels(pod_label).node("node1")},
       node1},
      {"affinity with non-matching NamespaceSelector",
       P().labels(pod_label2).terms({ns_term(team1_selector, "region")}, {}),
       {P().ns("subteam1.team2").labels(pod_label).node("node1")},
       node1,
       Status(),
       {affinity_rejected()}},
      {"anti-affinity with matching NamespaceSelector",
       P().ns("subteam1.team1").labels(pod_label2).terms({}, {ns_term(team1_selector, "zone")}),
       {P().ns("subteam2.team1").labels(pod_label).node("node1")},
       node1,
       Status(),
       {anti_affinity_rejected()}},
      {"anti-affinity with matching all NamespaceSelector",
       P().ns("subteam1.team1").labels(pod_label2).terms({}, {ns_term(LabelSelector{}, "zone")}),
       {P().ns("subteam2.team1").labels(pod_label).node("node1")},
       node1,
       Status(),
       {anti_affinity_rejected()}},
      {"anti-affinity with non-matching NamespaceSelector",
       P().ns("subteam1.team1").labels(pod_label2).terms({}, {ns_term(team1_selector, "zone")}),
       {P().ns("subteam1.team2").labels(pod_label).node("node1")},
       node1},
  };
  CHECK(cases.size() == 26);
  run_cases(cases, team_namespaces());
}

TEST_CASE("InterPodAffinity: TestRequiredAffinityMultipleNodes") {
  const StringMap china{{"region", "China"}};
  const StringMap china_az1{{"region", "China"}, {"az", "az1"}};
  const StringMap india{{"region", "India"}};
  auto r1 = [](const std::string& zone, const std::string& host) {
    return StringMap{{"region", "r1"}, {"zone", zone}, {"hostname", host}};
  };

  std::vector<Case> cases = {
      {"A pod can be scheduled onto all the nodes that have the same topology key & label value with one of them has "
       "an existing pod that matches the affinity rules",
       P().affinity_term(term_in("foo", "region", {"bar"})),
       {P("p1").node("node1").label("foo", "bar")},
       {node("node1", china), node("node2", china_az1), node("node3", india)},
       Status(),
       {Status(), Status(), affinity_rejected()}},
      {"The affinity rule is to schedule all of the pods of this collection to the same zone. The first pod of the "
       "collection should not be blocked from being scheduled onto any node, even there's no existing pod that "
       "matches the rule anywhere.",
       P().labels({{"foo", "bar"}, {"service", "securityscan"}})
           .affinity_term(term_in("foo", "zone", {"bar"}))
           .affinity_term(term_in("service", "zone", {"securityscan"})),
       {P("p1").node("nodeA").label("foo", "bar")},
       {node("nodeA", {{"zone", "az1"}, {"hostname", "h1"}}), node("nodeB", {{"zone", "az2"}, {"hostname", "h2"}})}},
      {"The first pod of the collection can only be scheduled on nodes labelled with the requested topology keys",
       P().labels({{"foo", "bar"}, {"service", "securityscan"}})
           .affinity_term(term_in("foo", "zone", {"bar"}))
           .affinity_term(term_in("service", "zone", {"securityscan"})),
       {P("p1").node("nodeA").label("foo", "bar")},
       {node("nodeA", {{"zoneLabel", "az1"}, {"hostname", "h1"}}),
        node("nodeB", {{"zoneLabel", "az2"}, {"hostname", "h2"}})},
       Status(),
       {affinity_rejected(), affinity_rejected()}},
      {"NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod "
       "affinity rule. The pod can not be scheduled onto nodeA and nodeB.",
       P().anti_term(term_in("foo", "region", {"abc"})),
       {P().node("nodeA").label("foo", "abc")},
       {node("nodeA", {{"region", "r1"}, {"hostname", "nodeA"}}),
        node("nodeB", {{"region", "r1"}, {"hostname", "nodeB"}})},
       Status(),
       {anti_affinity_rejected(), anti_affinity_rejected()}},
      {"This test ensures that anti-affinity matches a pod when any term of the anti-affinity rule matches a pod.",
       P().anti_term(term_in("foo", "region", {"abc"})).anti_term(term_in("service", "zone", {"securityscan"})),
       {P().node("nodeA").labels({{"foo", "abc"}, {"service", "securityscan"}})},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z2", "nodeB"))},
       Status(),
       {anti_affinity_rejected(), anti_affinity_rejected()}},
      {"NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod "
       "affinity rule. The pod can not be scheduled onto nodeA and nodeB but can be scheduled onto nodeC",
       P().anti_term(term_in("foo", "region", {"abc"})),
       {P().node("nodeA").label("foo", "abc")},
       {node("nodeA", china), node("nodeB", china_az1), node("nodeC", india)},
       Status(),
       {anti_affinity_rejected(), anti_affinity_rejected(), Status()}},
      {"NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod "
       "affinity rule. The pod can not be scheduled onto nodeA, nodeB, but can be scheduled onto nodeC (NodeC has an "
       "existing pod that match the inter pod affinity rule but in different namespace)",
       P().ns("NS1").label("foo", "123").anti_term(term_in("foo", "region", {"bar"})),
       {P().node("nodeA").ns("NS1").label("foo", "bar"),
        P().node("nodeC").ns("NS2").anti_term(term_in("foo", "region", {"123"}))},
       {node("nodeA", china), node("nodeB", china_az1), node("nodeC", india)},
       Status(),
       {anti_affinity_rejected(), anti_affinity_rejected(), Status()}},
      {"Test existing pod's anti-affinity: if an existing pod has a term with invalid topologyKey, labelSelector of "
       "the "
       "term is firstly checked, and then topologyKey of the term is also checked",
       P().label("foo", ""),
       {P().node("nodeA").anti_term(term_exists("foo", "invalid-node-label"))},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z1", "nodeB"))},
       Status(Code::Skip)},
      {"Test incoming pod's anti-affinity: even if labelSelector matches, we still check if topologyKey matches",
       P().node("nodeA").anti_term(term_exists("foo", "invalid-node-label")),
       {P().node("nodeA").label("foo", "")},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z1", "nodeB"))}},
      {"Test existing pod's anti-affinity: incoming pod wouldn't considered as a fit as it violates each existingPod's "
       "terms on all nodes",
       P().label("foo", "").label("bar", ""),
       {P().node("nodeA").anti_term(term_exists("foo", "zone")),
        P().node("nodeA").anti_term(term_exists("bar", "region"))},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z2", "nodeB"))},
       Status(),
       {existing_rejected(), existing_rejected()}},
      {"Test incoming pod's anti-affinity: incoming pod wouldn't considered as a fit as it at least violates one "
       "anti-affinity rule of existingPod",
       P().anti_term(term_exists("foo", "zone")).anti_term(term_exists("bar", "region")),
       {P().node("nodeA").label("foo", ""), P().node("nodeB").label("bar", "")},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z2", "nodeB"))},
       Status(),
       {anti_affinity_rejected(), anti_affinity_rejected()}},
      {"Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a "
       "single "
       "term match - case when one term has invalid topologyKey",
       P().label("foo", "").label("bar", ""),
       {P().node("nodeA").anti_term(term_exists("foo", "invalid-node-label")).anti_term(term_exists("bar", "zone"))},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z2", "nodeB"))},
       Status(),
       {existing_rejected(), Status()}},
      {"Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a "
       "single "
       "term match - case when one term has invalid topologyKey",
       P().anti_term(term_exists("foo", "invalid-node-label")).anti_term(term_exists("bar", "zone")),
       {P("podA").node("nodeA").label("foo", "").label("bar", "")},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z2", "nodeB"))},
       Status(),
       {anti_affinity_rejected(), Status()}},
      {"Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a "
       "single "
       "term match - case when all terms have valid topologyKey",
       P().label("foo", "").label("bar", ""),
       {P().node("nodeA").anti_term(term_exists("foo", "region")).anti_term(term_exists("bar", "zone"))},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z2", "nodeB"))},
       Status(),
       {existing_rejected(), existing_rejected()}},
      {"Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a "
       "single "
       "term match - case when all terms have valid topologyKey",
       P().anti_term(term_exists("foo", "region")).anti_term(term_exists("bar", "zone")),
       {P().node("nodeA").label("foo", "").label("bar", "")},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z2", "nodeB"))},
       Status(),
       {anti_affinity_rejected(), anti_affinity_rejected()}},
      {"Test existing pod's anti-affinity: existingPod on nodeA and nodeB has at least one anti-affinity term matches "
       "incoming pod, so incoming pod can only be scheduled to nodeC",
       P().label("foo", "").label("bar", ""),
       {P().node("nodeA").anti_term(term_exists("foo", "zone")).anti_term(term_exists("labelA", "zone")),
        P().node("nodeB").anti_term(term_exists("bar", "zone")).anti_term(term_exists("labelB", "zone"))},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z2", "nodeB")), node("nodeC", r1("z3", "nodeC"))},
       Status(),
       {existing_rejected(), existing_rejected(), Status()}},
      {"Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys "
       "match",
       P().affinity_term(term_exists("foo", "region")).affinity_term(term_exists("bar", "zone")),
       {P("pod1").label("foo", "").label("bar", "").node("nodeA")},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z1", "nodeB"))}},
      {"Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys "
       "match, and the match logic should be satisfied on the same pod",
       P().affinity_term(term_exists("foo", "region")).affinity_term(term_exists("bar", "zone")),
       {P("pod1").node("nodeA").label("foo", ""), P("pod2").node("nodeB").label("bar", "")},
       {node("nodeA", r1("z1", "nodeA")), node("nodeB", r1("z2", "nodeB"))},
       Status(),
       {affinity_rejected(), affinity_rejected()}},
  };
  CHECK(cases.size() == 18);
  run_cases(cases, {ns("NS1")});
}

TEST_CASE("InterPodAffinity: TestPreFilterDisabled") {
  World world({node("node1", {})}, {}, {});
  const Pod pod = P();
  PodInfo info(pod, world.gates);
  CycleState state;
  const Status status = world.plugin.filter(state, info, world.node("node1"));
  CHECK(status.code() == Code::Error);
  CHECK(status.message() == "error reading \"PreFilterInterPodAffinity\" from cycleState: not found");
}

TEST_CASE("InterPodAffinity: TestPreFilterStateAddRemovePod") {
  const StringMap label1{{"region", "r1"}, {"zone", "z11"}};
  const StringMap label2{{"region", "r1"}, {"zone", "z12"}};
  const StringMap label3{{"region", "r2"}, {"zone", "z21"}};
  const PodAffinityTerm foo_bar = term_in("foo", "region", {"bar"});
  const std::vector<PodAffinityTerm> complex = {term_in("foo", "region", {"bar", "buzz"}),
                                                term_not_in("service", "zone", {"bar", "security", "test"})};
  auto anti = [](P p, const std::vector<PodAffinityTerm>& terms) {
    for (const auto& t : terms) p.anti_term(t);
    return p;
  };
  auto affine = [](P p, const std::vector<PodAffinityTerm>& terms) {
    for (const auto& t : terms) p.affinity_term(t);
    return p;
  };
  const std::vector<Node> nodes{node("nodeA", label1), node("nodeB", label2), node("nodeC", label3)};

  struct AddRemoveCase {
    std::string name;
    Pod pending;
    Pod added;
    std::vector<Pod> existing;
    Counts want_anti_affinity;
    Counts want_affinity;
  };
  std::vector<AddRemoveCase> cases = {
      {"preFilterState anti-affinity terms are updated correctly after adding and removing a pod",
       anti(P("pending").label("foo", "bar"), {foo_bar}),
       anti(P("addedPod").label("foo", "bar").node("nodeB"), {foo_bar}),
       {P("p1").label("foo", "bar").node("nodeA"), anti(P("p2").node("nodeC"), {foo_bar})},
       {{{"region", "r1"}, 2}},
       {}},
      {"preFilterState anti-affinity terms are updated correctly after adding and removing a pod",
       anti(P("pending").label("foo", "bar"), complex),
       anti(P("addedPod").label("foo", "bar").node("nodeA"), complex),
       {P("p1").label("foo", "bar").node("nodeA"), anti(P("p2").node("nodeC"), {foo_bar})},
       {{{"region", "r1"}, 2}, {{"zone", "z11"}, 2}, {{"zone", "z21"}, 1}},
       {}},
      {"preFilterState matching pod affinity and anti-affinity are updated correctly after adding and removing a pod",
       affine(P("pending").label("foo", "bar"), complex),
       anti(P("addedPod").label("foo", "bar").node("nodeA"), complex),
       {P("p1").label("foo", "bar").node("nodeA"), affine(anti(P("p2").node("nodeC"), {foo_bar}), complex)},
       {},
       {{{"region", "r1"}, 2}, {{"zone", "z11"}, 2}}},
  };

  for (size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    SUBCASE((std::to_string(i) + ": " + c.name).c_str()) {
      // The state PreFilter computes with the added pod already running.
      std::vector<Pod> all = c.existing;
      all.push_back(c.added);
      World with_all(nodes, all, {});
      PodInfo pending_in_all(c.pending, with_all.gates);
      CycleState all_state;
      REQUIRE(with_all.pre_filter(all_state, pending_in_all).is_success());
      const auto* want = with_all.state_of(all_state);
      REQUIRE(want != nullptr);

      World world(nodes, c.existing, {});
      PodInfo pending(c.pending, world.gates);
      CycleState state;
      REQUIRE(world.pre_filter(state, pending).is_success());
      const auto* before = world.state_of(state);
      REQUIRE(before != nullptr);
      const Counts original_existing = before->existing_anti_affinity->counts();
      const Counts original_affinity = before->affinity->counts();
      const Counts original_anti = before->anti_affinity->counts();

      PodInfo added(c.added, world.gates);
      const NodeInfo& node = world.node(c.added.spec.node_name);
      REQUIRE(world.plugin.add_pod(state, pending, added, node).is_success());
      const auto* after = world.state_of(state);
      CHECK(after->anti_affinity->counts() == c.want_anti_affinity);
      CHECK(after->affinity->counts() == c.want_affinity);
      CHECK(after->existing_anti_affinity->counts() == want->existing_anti_affinity->counts());
      CHECK(after->affinity->counts() == want->affinity->counts());
      CHECK(after->anti_affinity->counts() == want->anti_affinity->counts());

      REQUIRE(world.plugin.remove_pod(state, pending, added, node).is_success());
      CHECK(after->existing_anti_affinity->counts() == original_existing);
      CHECK(after->affinity->counts() == original_affinity);
      CHECK(after->anti_affinity->counts() == original_anti);
      CHECK(after->existing_anti_affinity->size() == original_existing.size());
    }
  }
}

TEST_CASE("InterPodAffinity: PreFilterExtensions without state") {
  World world({node("node1", {})}, {}, {});
  const Pod pod = P();
  PodInfo info(pod, world.gates);
  CycleState state;
  CHECK(world.plugin.add_pod(state, info, info, world.node("node1")).message() ==
        "error reading \"PreFilterInterPodAffinity\" from cycleState: not found");
  CHECK(world.plugin.remove_pod(state, info, info, world.node("node1")).code() == Code::Error);
}

TEST_CASE("InterPodAffinity: TestPreFilterStateClone") {
  const Pod pod = P("p");
  PodInfo info(pod, FeatureGates{});
  InterPodAffinityState source;
  source.existing_anti_affinity.mutate().add("name", "node1", 1, info, "n", 0);
  source.existing_anti_affinity.mutate().add("name", "node2", 1, info, "n", 0);
  source.affinity.mutate().add("name", "nodeA", 1, info, "n", 0);
  source.affinity.mutate().add("name", "nodeC", 2, info, "n", 0);
  source.anti_affinity.mutate().add("name", "nodeN", 3, info, "n", 0);
  source.anti_affinity.mutate().add("name", "nodeM", 1, info, "n", 0);
  source.pod = std::make_shared<IncomingAffinity>();

  auto clone = source.clone();
  auto* copy = dynamic_cast<InterPodAffinityState*>(clone.get());
  REQUIRE(copy != nullptr);
  CHECK(copy != &source);
  CHECK(copy->existing_anti_affinity->counts() == source.existing_anti_affinity->counts());
  CHECK(copy->affinity->counts() == source.affinity->counts());
  CHECK(copy->anti_affinity->counts() == source.anti_affinity->counts());
  CHECK(copy->pod == source.pod);
  // The copy is independent: changing it leaves the source alone.
  copy->affinity.mutate().add("name", "nodeA", -1, info, "n", 0);
  CHECK(copy->affinity->counts() == Counts{{{"name", "nodeC"}, 2}});
  CHECK(source.affinity->counts() == Counts{{{"name", "nodeA"}, 1}, {{"name", "nodeC"}, 2}});
}

TEST_CASE("InterPodAffinity: TestGetTPMapMatchingIncomingAffinityAntiAffinity") {
  auto normal = [](std::vector<std::string> labels) {
    P p("normal");
    p.node("nodeA");
    for (const auto& l : labels) p.label(l, "");
    return Pod(p);
  };
  const Pod normal_a = normal({"aaa"});
  const Pod normal_b = normal({"bbb"});
  const Pod normal_ab = normal({"aaa", "bbb"});
  const std::vector<Node> nodes{node("nodeA", {{"hostname", "nodeA"}})};
  const Counts host_a_1{{{"hostname", "nodeA"}, 1}};

  struct MapCase {
    std::string name;
    std::vector<Pod> existing;
    Pod pod;
    Counts want_affinity;
    Counts want_anti_affinity;
  };
  std::vector<MapCase> cases = {
      {"nil test", {}, P("aaa-normal"), {}, {}},
      {"incoming pod without affinity/anti-affinity causes a no-op", {normal_a}, P("aaa-normal"), {}, {}},
      {"no pod has label that violates incoming pod's affinity and anti-affinity",
       {normal_b},
       P("aaa-anti").affinity_term(term_exists("aaa", "hostname")).anti_term(term_exists("aaa", "hostname")),
       {},
       {}},
      {"existing pod matches incoming pod's affinity and anti-affinity - single term case",
       {normal_a},
       P("affi-antiaffi").affinity_term(term_exists("aaa", "hostname")).anti_term(term_exists("aaa", "hostname")),
       host_a_1,
       host_a_1},
      {"existing pod matches incoming pod's affinity and anti-affinity - multiple terms case",
       {normal_ab},
       P("affi-antiaffi")
           .affinity_term(term_exists("aaa", "hostname"))
           .affinity_term(term_exists("bbb", "hostname"))
           .anti_term(term_exists("aaa", "hostname")),
       {{{"hostname", "nodeA"}, 2}},
       host_a_1},
      {"existing pod not match incoming pod's affinity but matches anti-affinity",
       {normal_a},
       P("affi-antiaffi")
           .affinity_term(term_exists("aaa", "hostname"))
           .affinity_term(term_exists("bbb", "hostname"))
           .anti_term(term_exists("aaa", "hostname"))
           .anti_term(term_exists("bbb", "hostname")),
       {},
       host_a_1},
      {"incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 1",
       {normal_ab},
       P("anaffi-antiaffiti")
           .affinity_term(term_exists("aaa", "hostname"))
           .affinity_term(term_exists("ccc", "hostname"))
           .anti_term(term_exists("aaa", "hostname"))
           .anti_term(term_exists("ccc", "hostname")),
       {},
       host_a_1},
      {"incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 2",
       {normal_b},
       P("affi-antiaffi")
           .affinity_term(term_exists("aaa", "hostname"))
           .affinity_term(term_exists("bbb", "hostname"))
           .anti_term(term_exists("aaa", "hostname"))
           .anti_term(term_exists("bbb", "hostname")),
       {},
       host_a_1},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      World world(nodes, c.existing, {});
      PodInfo pod(c.pod, world.gates);
      CycleState state;
      const Status pre = world.pre_filter(state, pod);
      const auto* data = world.state_of(state);
      if (pre.is_skip()) {
        // No terms: kube's maps stay empty and PreFilter skips.
        CHECK(data == nullptr);
        CHECK(c.want_affinity.empty());
        CHECK(c.want_anti_affinity.empty());
      } else {
        REQUIRE(pre.is_success());
        REQUIRE(data != nullptr);
        CHECK(data->affinity->counts() == c.want_affinity);
        CHECK(data->anti_affinity->counts() == c.want_anti_affinity);
      }
    }
  }
}

TEST_CASE("InterPodAffinity: TestInterPodAffinity_DeferredResizeSkipped") {
  FeatureGates gates;
  gates.in_place_pod_vertical_scaling_scheduler_preemption = true;
  World world({node("node1", {})}, {}, {}, gates);
  const Pod pod = P("p").condition(testing::resize_pending("Deferred")).anti_term(term_exists("a", "zone"));
  PodInfo info(pod, gates);
  CycleState state;
  CHECK(world.pre_filter(state, info).code() == Code::Skip);
  CHECK(world.plugin.filter(state, info, world.node("node1")).is_success());

  // With the gate at its default (off) the deferred resize changes nothing.
  World defaults({node("node1", {})}, {}, {});
  CycleState state2;
  PodInfo info2(pod, defaults.gates);
  CHECK(defaults.pre_filter(state2, info2).is_success());
}

TEST_CASE("InterPodAffinity: Test_mutatePodAffinity (matchLabelKeys merged at creation)") {
  const StringMap labels{{"country", "Japan"}, {"city", "Kyoto"}};
  auto asia = [] {
    LabelSelector s;
    s.match_labels.set("region", "Asia");
    return s;
  };
  auto keyed = [&](std::vector<std::string> match, std::vector<std::string> mismatch) {
    PodAffinityTerm t;
    t.label_selector = asia();
    t.match_label_keys = std::move(match);
    t.mismatch_label_keys = std::move(mismatch);
    return t;
  };
  auto expressions_of = [](const PodAffinityTerm& t) {
    std::vector<std::string> out;
    for (const auto& r : t.label_selector->match_expressions) {
      std::string line = r.key + " " + r.op;
      for (const auto& v : r.values) line += " " + v;
      out.push_back(line);
    }
    return out;
  };

  SUBCASE("matchLabelKeys are merged into labelSelector with In and mismatchLabelKeys are merged with NotIn") {
    Pod pod = P().labels(labels)
                  .affinity_term(keyed({"country"}, {"city"}))
                  .preferred_affinity_term(keyed({"country"}, {"city"}))
                  .anti_term(keyed({"country"}, {"city"}))
                  .preferred_anti_term(keyed({"country"}, {"city"}));
    merge_match_label_keys_into_affinity_terms(pod);
    const std::vector<std::string> want{"country In Japan", "city NotIn Kyoto"};
    const auto& affinity = *pod.spec.affinity;
    CHECK(expressions_of(affinity.pod_affinity->required[0]) == want);
    CHECK(expressions_of(affinity.pod_affinity->preferred[0].term) == want);
    CHECK(expressions_of(affinity.pod_anti_affinity->required[0]) == want);
    CHECK(expressions_of(affinity.pod_anti_affinity->preferred[0].term) == want);
    // The keys stay, and matchLabels is untouched.
    CHECK(affinity.pod_affinity->required[0].match_label_keys == std::vector<std::string>{"country"});
    CHECK(affinity.pod_affinity->required[0].mismatch_label_keys == std::vector<std::string>{"city"});
    CHECK(affinity.pod_affinity->required[0].label_selector->match_labels == asia().match_labels);
    // Merging again adds nothing: the requirements are already there.
    merge_match_label_keys_into_affinity_terms(pod);
    CHECK(expressions_of(pod.spec.affinity->pod_affinity->required[0]) == want);
  }
  SUBCASE("keys, which are not found in Pod labels, are ignored") {
    Pod pod = P().labels(labels).affinity_term(keyed({"city", "not-found"}, {}));
    merge_match_label_keys_into_affinity_terms(pod);
    CHECK(expressions_of(pod.spec.affinity->pod_affinity->required[0]) == std::vector<std::string>{"city In Kyoto"});
  }
  SUBCASE("matchLabelKeys is ignored if the labelSelector is nil") {
    PodAffinityTerm t = keyed({"country"}, {"city"});
    t.label_selector.reset();
    Pod pod = P().labels(labels).affinity_term(t);
    merge_match_label_keys_into_affinity_terms(pod);
    CHECK_FALSE(pod.spec.affinity->pod_affinity->required[0].label_selector.has_value());
  }
  SUBCASE("a pod without affinity is left alone") {
    Pod pod = P().labels(labels);
    merge_match_label_keys_into_affinity_terms(pod);
    CHECK_FALSE(pod.spec.affinity.has_value());
  }
}

// The merged selector is what the scheduler sees: one replica per zone and version.
TEST_CASE("InterPodAffinity: matchLabelKeys after the merge") {
  PodAffinityTerm t = term_in("app", "zone", {"web"});
  t.match_label_keys = {"version"};
  Pod incoming = P("web-v2").label("app", "web").label("version", "v2").anti_term(t);
  const std::vector<Node> nodes{node("a", {{"zone", "z1"}}), node("b", {{"zone", "z2"}})};
  const std::vector<Pod> running{P("web-v1").label("app", "web").label("version", "v1").node("a"),
                                 P("web-v2-0").label("app", "web").label("version", "v2").node("b")};

  SUBCASE("without the merge the scheduler ignores matchLabelKeys") {
    World world(nodes, running, {});
    PodInfo pod(incoming, world.gates);
    CycleState state;
    REQUIRE(world.pre_filter(state, pod).is_success());
    CHECK(show(world.plugin.filter(state, pod, world.node("a"))) == show(anti_affinity_rejected()));
    CHECK(show(world.plugin.filter(state, pod, world.node("b"))) == show(anti_affinity_rejected()));
  }
  SUBCASE("merged: only pods of the same version count") {
    merge_match_label_keys_into_affinity_terms(incoming);
    World world(nodes, running, {});
    PodInfo pod(incoming, world.gates);
    CycleState state;
    REQUIRE(world.pre_filter(state, pod).is_success());
    CHECK(world.plugin.filter(state, pod, world.node("a")).is_success());
    CHECK(show(world.plugin.filter(state, pod, world.node("b"))) == show(anti_affinity_rejected()));
  }
}

// ---- podfit's own cases ----

TEST_CASE("InterPodAffinity: Skip and PreFilter rules") {
  const std::vector<Node> nodes{node("a", {{"zone", "z1"}})};
  std::vector<Case> cases = {
      {"only preferred terms: Skip",
       P().preferred_affinity_term(term_exists("app", "zone")),
       {},
       nodes,
       Status(Code::Skip)},
      {"empty podAffinity and podAntiAffinity: Skip", P().terms({}, {}), {}, nodes, Status(Code::Skip)},
      {"a running pod's anti-affinity that does not match: Skip",
       P().label("app", "db"),
       {P("x").node("a").anti_term(term_in("app", "zone", {"web"}))},
       nodes,
       Status(Code::Skip)},
      {"a running pod's anti-affinity whose node lacks the topology key: Skip",
       P().label("app", "web"),
       {P("x").node("a").anti_term(term_in("app", "rack", {"web"}))},
       nodes,
       Status(Code::Skip)},
      {"an unparsable preferred term rejects the pod too",
       P().label("app", "web").preferred_anti_term(term_in("app", "zone", {"a b"})),
       {},
       nodes,
       Status(Code::UnschedulableAndUnresolvable,
              "parsing pod: preferredAntiAffinityTerms: values[0][app]: Invalid value: \"a b\": a valid label must be "
              "an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
              "alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
              "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')")},
      {"errors of several lists are aggregated",
       P().affinity_term(term(expressions({requirement("app", "Bad")}), "zone")).anti_term([] {
         PodAffinityTerm t = term_exists("app", "zone");
         t.namespace_selector = expressions({requirement("team", "Gt", {"1"})});
         return t;
       }()),
       {},
       nodes,
       Status(Code::UnschedulableAndUnresolvable,
              "parsing pod: [requiredAffinityTerms: \"Bad\" is not a valid label selector operator, "
              "requiredAntiAffinityTerms: \"Gt\" is not a valid label selector operator]")},
      {"a running pod whose anti-affinity does not parse has no anti-affinity terms",
       P().label("app", "web"),
       {P("x").node("a").anti_term(term_in("app", "zone", {"web"})).anti_term(term_in("app", "zone", {"a b"}))},
       nodes,
       Status(Code::Skip)},
  };
  run_cases(cases, {});
}

TEST_CASE("InterPodAffinity: which pods count") {
  const std::vector<Node> nodes{node("a", {{"zone", "z1"}}), node("b", {{"zone", "z2"}})};
  std::vector<Case> cases = {
      {"a terminating pod still counts for the pod's anti-affinity",
       P().anti_term(term_in("app", "zone", {"web"})),
       {P("old").label("app", "web").node("a").terminating()},
       nodes,
       Status(),
       {anti_affinity_rejected(), Status()}},
      {"a terminating pod's anti-affinity still counts",
       P().label("app", "web"),
       {P("old").node("a").terminating().anti_term(term_in("app", "zone", {"web"}))},
       nodes,
       Status(),
       {existing_rejected(), Status()}},
      {"a terminating pod still satisfies affinity",
       P().affinity_term(term_in("app", "zone", {"cache"})),
       {P("old").label("app", "cache").node("b").terminating()},
       nodes,
       Status(),
       {affinity_rejected(), Status()}},
      {"succeeded and failed pods do not count",
       P().anti_term(term_in("app", "zone", {"web"})),
       {P("done").label("app", "web").node("a").phase("Succeeded"),
        P("failed").label("app", "web").node("b").phase("Failed")},
       nodes},
      {"pending pods do not count",
       P().anti_term(term_in("app", "zone", {"web"})),
       {P("pending").label("app", "web")},
       nodes},
      {"pods bound to nodes missing from the input do not count",
       P().anti_term(term_in("app", "zone", {"web"})),
       {P("elsewhere").label("app", "web").node("gone")},
       nodes},
      {"a pod that matches its own terms starts its group on any node with the keys",
       P().label("app", "cache").affinity_term(term_in("app", "zone", {"cache"})),
       {},
       nodes},
      {"the first pod of a group still needs the topology key",
       P().label("app", "cache").affinity_term(term_in("app", "rack", {"cache"})),
       {},
       nodes,
       Status(),
       {affinity_rejected(), affinity_rejected()}},
      {"a group with members elsewhere: only their domain",
       P().label("app", "cache").affinity_term(term_in("app", "zone", {"cache"})),
       {P("c0").label("app", "cache").node("b")},
       nodes,
       Status(),
       {affinity_rejected(), Status()}},
      {"a nil labelSelector matches no pod",
       P().label("app", "web").affinity_term(PodAffinityTerm{std::nullopt, {}, "zone", std::nullopt, {}, {}}),
       {P("x").label("app", "web").node("a")},
       nodes,
       Status(),
       {affinity_rejected(), affinity_rejected()}},
      {"an empty labelSelector matches every pod of the namespace",
       P().anti_term(term(LabelSelector{}, "zone")),
       {P("x").node("a"), P("y").ns("other").node("b")},
       nodes,
       Status(),
       {anti_affinity_rejected(), Status()}},
  };
  run_cases(cases, {});
}

TEST_CASE("InterPodAffinity: namespaces") {
  const std::vector<Node> nodes{node("a", {{"zone", "z1"}}), node("b", {{"zone", "z2"}})};
  auto with_namespaces = [](PodAffinityTerm t, std::vector<std::string> names) {
    t.namespaces = std::move(names);
    return t;
  };
  auto with_selector = [](PodAffinityTerm t, LabelSelector selector) {
    t.namespace_selector = std::move(selector);
    return t;
  };
  const LabelSelector prod = expressions({requirement("env", "In", {"prod"})});
  const std::vector<Namespace> namespaces{ns("shop", {{"env", "prod"}}), ns("web", {{"env", "prod"}}),
                                          ns("dev", {{"env", "dev"}})};
  std::vector<Case> cases = {
      {"no namespaces and no selector: the pod's own namespace only",
       P().ns("shop").anti_term(term_in("app", "zone", {"db"})),
       {P("x").ns("web").label("app", "db").node("a"), P("y").ns("shop").label("app", "db").node("b")},
       nodes,
       Status(),
       {Status(), anti_affinity_rejected()}},
      {"named namespaces replace the pod's own",
       P().ns("shop").anti_term(with_namespaces(term_in("app", "zone", {"db"}), {"web"})),
       {P("x").ns("web").label("app", "db").node("a"), P("y").ns("shop").label("app", "db").node("b")},
       nodes,
       Status(),
       {anti_affinity_rejected(), Status()}},
      {"namespaces and namespaceSelector add up",
       P().ns("dev").anti_term(with_selector(with_namespaces(term_in("app", "zone", {"db"}), {"dev"}), prod)),
       {P("x").ns("web").label("app", "db").node("a"), P("y").ns("dev").label("app", "db").node("b")},
       nodes,
       Status(),
       {anti_affinity_rejected(), anti_affinity_rejected()}},
      {"a namespaceSelector selects by namespace labels",
       P().ns("dev").affinity_term(with_selector(term_in("app", "zone", {"db"}), prod)),
       {P("x").ns("dev").label("app", "db").node("a"), P("y").ns("shop").label("app", "db").node("b")},
       nodes,
       Status(),
       {affinity_rejected(), Status()}},
      {"an empty namespaceSelector selects every namespace, known or not",
       P().ns("dev").anti_term(with_selector(term_in("app", "zone", {"db"}), LabelSelector{})),
       {P("x").ns("unlisted").label("app", "db").node("a")},
       nodes,
       Status(),
       {anti_affinity_rejected(), Status()}},
      {"a pod in a namespace missing from the input is matched with no labels",
       P().ns("unlisted").label("app", "web"),
       {P("x").ns("shop").node("a").anti_term(with_selector(term_in("app", "zone", {"web"}), prod)),
        P("y").ns("shop").node("b").anti_term(
            with_selector(term_in("app", "zone", {"web"}), expressions({requirement("env", "DoesNotExist")})))},
       nodes,
       Status(),
       {Status(), existing_rejected()}},
      {"a running pod's namespaceSelector is matched against the incoming pod's namespace labels",
       P().ns("web").label("app", "web"),
       {P("x").ns("shop").node("a").anti_term(with_selector(term_in("app", "zone", {"web"}), prod)),
        P("y").ns("shop").node("b").anti_term(term_in("app", "zone", {"web"}))},
       nodes,
       Status(),
       {existing_rejected(), Status()}},
  };
  run_cases(cases, namespaces);
}

// ---- Details ----

struct DetailCase {
  std::string name;
  Pod pod;
  std::vector<Pod> pods;
  std::string node;
  Status want;
};

void run_detail_cases(const std::vector<DetailCase>& cases, const std::vector<Node>& nodes,
                      const std::vector<Namespace>& namespaces = {}) {
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      World world(nodes, c.pods, namespaces);
      PodInfo pod(c.pod, world.gates);
      CycleState state;
      REQUIRE(world.pre_filter(state, pod).is_success());
      const Status got = world.plugin.filter(state, pod, world.node(c.node));
      CHECK(show(got) == show(c.want));
      CHECK(got.details() == c.want.details());
    }
  }
}

TEST_CASE("InterPodAffinity: details") {
  const std::vector<Node> nodes{node("node-a", {{"zone", "zone-a"}, {"kubernetes.io/hostname", "node-a"}}),
                                node("node-b", {{"zone", "zone-a"}, {"kubernetes.io/hostname", "node-b"}}),
                                node("node-c", {{"zone", "zone-b"}, {"kubernetes.io/hostname", "node-c"}}),
                                node("node-d", {{"kubernetes.io/hostname", "node-d"}})};
  const std::string host = "kubernetes.io/hostname";
  auto affinity = [](std::vector<std::string> details) {
    return Status(Code::UnschedulableAndUnresolvable, {std::string(kInterPodAffinityReasonAffinity)},
                  std::move(details));
  };
  auto anti = [](std::vector<std::string> details) {
    return Status(Code::Unschedulable, {std::string(kInterPodAffinityReasonAntiAffinity)}, std::move(details));
  };
  auto existing = [](std::vector<std::string> details) {
    return Status(Code::Unschedulable, {std::string(kInterPodAffinityReasonExistingAntiAffinity)}, std::move(details));
  };
  PodAffinityTerm cache_zone = term(LabelSelector{}, "zone");
  cache_zone.label_selector->match_labels.set("app", "cache");
  PodAffinityTerm web_host = term(LabelSelector{}, host);
  web_host.label_selector->match_labels.set("app", "web");
  PodAffinityTerm cache_other_ns = cache_zone;
  cache_other_ns.namespaces = {"shop", "web"};
  PodAffinityTerm cache_all_ns = cache_zone;
  cache_all_ns.namespace_selector = LabelSelector{};

  std::vector<DetailCase> cases = {
      {"existing pod's anti-affinity names the pod",
       P("web-1").ns("shop").label("app", "web"),
       {P("db-0").ns("shop").node("node-b").anti_term(term_in("app", "zone", {"web"}))},
       "node-a",
       existing({"existing pod shop/db-0 on node-b (zone=zone-a) has anti-affinity term 0 (topologyKey zone) "
                 "matching this pod"})},
      {"existing pods' anti-affinity: several matching terms in the domain",
       P("web-1").ns("shop").label("app", "web"),
       {P("db-0").ns("shop").node("node-b").anti_term(term_in("app", "zone", {"web"})),
        P("db-1")
            .ns("shop")
            .node("node-a")
            .anti_term(term_exists("app", "region"))
            .anti_term(term_exists("app", "zone"))},
       "node-a",
       existing({"existing pod shop/db-1 on node-a (zone=zone-a) has anti-affinity term 1 (topologyKey zone) "
                 "matching this pod (1 of 2 matching terms in zone=zone-a)"})},
      {"existing pods' anti-affinity in two domains of the node",
       P("web-1").label("app", "web"),
       {P("db-0").node("node-b").anti_term(term_in("app", "zone", {"web"})),
        P("db-1").node("node-a").anti_term(term_exists("app", host))},
       "node-a",
       existing({"existing pod default/db-1 on node-a (kubernetes.io/hostname=node-a) has anti-affinity term 0 "
                 "(topologyKey kubernetes.io/hostname) matching this pod",
                 "existing pod default/db-0 on node-b (zone=zone-a) has anti-affinity term 0 (topologyKey zone) "
                 "matching this pod"})},
      {"no pod of the group in the node's domain",
       P("web-1").label("app", "web").affinity_term(cache_zone),
       {P("cache-0").label("app", "cache").node("node-a")},
       "node-c",
       affinity({"no pod matching affinity term 0 (app=cache, topologyKey zone) in zone=zone-b"})},
      {"affinity over other namespaces says so",
       P("web-1").label("app", "web").affinity_term(cache_other_ns),
       {P("cache-0").ns("shop").label("app", "cache").node("node-a")},
       "node-c",
       affinity(
           {"no pod matching affinity term 0 (app=cache, namespaces shop, web, topologyKey zone) in zone=zone-b"})},
      {"affinity over all namespaces says so",
       P("web-1").label("app", "web").affinity_term(cache_all_ns),
       {P("cache-0").ns("shop").label("app", "cache").node("node-a")},
       "node-c",
       affinity({"no pod matching affinity term 0 (app=cache, all namespaces, topologyKey zone) in zone=zone-b"})},
      {"the node lacks the topology key",
       P("web-1").label("app", "web").affinity_term(cache_zone),
       {P("cache-0").label("app", "cache").node("node-a")},
       "node-d",
       affinity({"node has no label zone, the topologyKey of affinity term 0 (app=cache)"})},
      {"several affinity terms: a pod must match them all",
       P("web-1").label("app", "web").affinity_term(cache_zone).affinity_term(term_exists("tier", host)),
       {P("cache-0").label("app", "cache").label("tier", "").node("node-a")},
       "node-b",
       affinity({"no pod matching all 2 affinity terms in kubernetes.io/hostname=node-b (term 1: tier, topologyKey "
                 "kubernetes.io/hostname)"})},
      {"no pod anywhere and the pod does not match its own terms",
       P("web-1").label("app", "web").affinity_term(cache_zone),
       {},
       "node-a",
       affinity({"no pod matching affinity term 0 (app=cache, topologyKey zone) in zone=zone-a",
                 "no pod anywhere matches the affinity terms and this pod does not match them itself, so it cannot "
                 "be the first of its group"})},
      {"anti-affinity names the matching pod",
       P("web-1").label("app", "web").anti_term(web_host),
       {P("web-0").label("app", "web").node("node-a")},
       "node-a",
       anti({"anti-affinity term 0 (app=web, topologyKey kubernetes.io/hostname): 1 matching pod in "
             "kubernetes.io/hostname=node-a (default/web-0 on node-a)"})},
      {"anti-affinity with several pods in the domain names the first",
       P("web-2").label("app", "web").anti_term(term_in("app", "zone", {"web"})),
       {P("web-0").label("app", "web").node("node-a"), P("web-1").label("app", "web").node("node-b")},
       "node-b",
       anti({"anti-affinity term 0 (app in (web), topologyKey zone): 2 matching pods in zone=zone-a (first: "
             "default/web-0 on node-a)"})},
      {"anti-affinity terms sharing a key: the matching term is named",
       P("web-2").label("app", "web").anti_term(term_in("app", "zone", {"db"})).anti_term(term_exists("cache", "zone")),
       {P("c").label("cache", "").node("node-a")},
       "node-b",
       anti({"anti-affinity term 1 (cache, topologyKey zone): 1 matching pod in zone=zone-a (default/c on node-a)"})},
      {"anti-affinity over two domains",
       P("web-2").label("app", "web").anti_term(web_host).anti_term(term_in("app", "zone", {"web"})),
       {P("web-0").label("app", "web").node("node-a")},
       "node-a",
       anti({"anti-affinity term 0 (app=web, topologyKey kubernetes.io/hostname): 1 matching pod in "
             "kubernetes.io/hostname=node-a (default/web-0 on node-a)",
             "anti-affinity term 1 (app in (web), topologyKey zone): 1 matching pod in zone=zone-a (default/web-0 on "
             "node-a)"})},
  };
  run_detail_cases(cases, nodes);
}

TEST_CASE("InterPodAffinity: removing the example pod keeps the count") {
  const Pod a = P("a");
  const Pod b = P("b");
  PodInfo info_a(a, FeatureGates{});
  PodInfo info_b(b, FeatureGates{});
  TopologyPairCounts counts;
  counts.add("zone", "z1", 1, info_a, "n1", 0);
  counts.add("zone", "z1", 1, info_b, "n2", 0);
  REQUIRE(counts.find("zone", "z1") != nullptr);
  CHECK(counts.find("zone", "z1")->example.pod == "default/a");
  counts.add("zone", "z1", -1, info_a, "n1", 0);
  CHECK(counts.count("zone", "z1") == 1);
  CHECK(counts.find("zone", "z1")->example.pod.empty());
  counts.add("zone", "z1", -1, info_b, "n2", 0);
  CHECK(counts.empty());
  CHECK(counts.find("zone", "z1") == nullptr);
  // A removal without an addition leaves a negative count, as kube's map does.
  counts.add("zone", "z2", -1, info_a, "n1", 0);
  CHECK(counts.size() == 1);
  CHECK(counts.count("zone", "z2") == -1);
}

TEST_CASE("InterPodAffinity: PodInfo compiles affinity terms once") {
  const Pod pod = P("p")
                      .ns("shop")
                      .affinity_term(term_in("app", "zone", {"db"}))
                      .anti_term([] {
                        PodAffinityTerm t = term_exists("app", "zone");
                        t.namespaces = {"a", "b"};
                        t.namespace_selector = LabelSelector{};
                        return t;
                      }())
                      .preferred_affinity_term(term_exists("x", "zone"), 7);
  PodInfo info(pod, FeatureGates{});
  REQUIRE(info.required_affinity_terms().size() == 1);
  CHECK(info.required_affinity_terms()[0].namespaces == std::set<std::string, std::less<>>{"shop"});
  CHECK(info.required_affinity_terms()[0].namespace_selector.is_nothing());
  CHECK(info.required_affinity_terms()[0].selector.to_string() == "app in (db)");
  REQUIRE(info.required_anti_affinity_terms().size() == 1);
  CHECK(info.required_anti_affinity_terms()[0].namespaces == std::set<std::string, std::less<>>{"a", "b"});
  CHECK(info.required_anti_affinity_terms()[0].namespace_selector.empty());
  REQUIRE(info.preferred_affinity_terms().size() == 1);
  CHECK(info.preferred_affinity_terms()[0].weight == 7);
  CHECK(info.preferred_anti_affinity_terms().empty());
  CHECK(info.affinity_error().empty());

  const Pod plain = P("q");
  PodInfo none(plain, FeatureGates{});
  CHECK(none.required_affinity_terms().empty());
  CHECK(none.affinity_error().empty());

  // Namespaces set, no selector: the named namespaces only; a namespaceSelector alone: none named.
  AffinityTerm only_selector = *new_affinity_term(
      pod,
      [] {
        PodAffinityTerm t = term_exists("app", "zone");
        t.namespace_selector = expressions({requirement("env", "In", {"prod"})});
        return t;
      }(),
      nullptr);
  CHECK(only_selector.namespaces.empty());
  const Pod prod_pod = P("r").ns("anything").label("app", "");
  const StringMap prod_labels{{"env", "prod"}};
  CHECK(only_selector.matches(prod_pod, &prod_labels));
  CHECK_FALSE(only_selector.matches(prod_pod, nullptr));
}

}  // namespace
TEST_CASE("InterPodAffinity: counts shared between pods of one snapshot agree with counting afresh") {
  const std::vector<Node> nodes{node("a", {{"zone", "z1"}}), node("b", {{"zone", "z2"}})};
  World world(nodes,
              {P("guard").label("app", "db").node("a").anti_term(term_in("app", "zone", {"web"})),
               P("cache").label("app", "cache").node("b")},
              {ns("default"), ns("other")});
  // Pods that differ only where the terms look (label app, namespace) must not share counts;
  // pods that differ elsewhere (pod-template-hash) may.
  const std::vector<Pod> pods{
      P("web-1").label("app", "web").label("pod-template-hash", "1").affinity_term(term_in("app", "zone", {"cache"})),
      P("web-2").label("app", "web").label("pod-template-hash", "2").affinity_term(term_in("app", "zone", {"cache"})),
      P("api").label("app", "api").affinity_term(term_in("app", "zone", {"cache"})),
      P("web-other").ns("other").label("app", "web").affinity_term(term_in("app", "zone", {"db"})),
      P("web-3").label("app", "web").anti_term(term_in("app", "zone", {"cache"})),
  };
  auto statuses = [&](InterPodAffinity& plugin, const Pod& pod) {
    PodInfo info(pod, world.gates);
    CycleState state;
    PreFilterResult result;
    std::vector<std::string> out{show(plugin.pre_filter(state, info, *world.snapshot, result))};
    for (const char* name : {"a", "b"}) out.push_back(show(plugin.filter(state, info, world.node(name))));
    return out;
  };
  for (const Pod& pod : pods) {
    CAPTURE(pod.metadata.name);
    InterPodAffinity fresh;
    CHECK(statuses(world.plugin, pod) == statuses(fresh, pod));
  }
  // Node a (z1) has no cache pod; node b (z2) has, and guard's anti-affinity covers z1 only.
  CHECK(statuses(world.plugin, pods[0]) ==
        std::vector<std::string>{show(Status()), show(affinity_rejected()), show(Status())});
  // A pod assumed onto node b changes the snapshot: counts made before it no longer hold.
  const Pod db = P("db-2").label("app", "db").node("b").anti_term(term_in("app", "zone", {"web"}));
  REQUIRE(world.snapshot->assume(db, "b", world.gates) != nullptr);
  CHECK(statuses(world.plugin, pods[0]) ==
        std::vector<std::string>{show(Status()), show(affinity_rejected()), show(existing_rejected())});
}

}  // namespace podfit
