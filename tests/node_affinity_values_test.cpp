// Node affinity values the API server accepts but kube-scheduler cannot parse (checked against
// the referees, tests/reference): a Gt/Lt value that is no integer is accepted by every release;
// in a required term it makes the term match no node, in a preferred term NodeAffinity's
// PreScore fails, which ends the attempt with that Error (check's verdict and place's alike).
#include <doctest/doctest.h>

#include <string>

#include "podfit/config/scheduler_config.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/profiles.h"
#include "podfit/framework/scheduling_cycle.h"
#include "podfit/framework/scoring_error.h"
#include "podfit/kubernetes_release.h"
#include "podfit/load/loader.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

const std::string kNodes = R"(apiVersion: v1
kind: Node
metadata: {name: n1, labels: {cores: "8"}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {cores: "2"}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
)";

// A pending pod with `affinity` (the nodeAffinity's members, indented by six spaces).
std::string pod(const std::string& affinity, const std::string& extra = "") {
  return "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\nspec:\n" + extra +
         "  containers: [{name: c, image: i}]\n  affinity:\n    nodeAffinity:\n" + affinity;
}

std::string preferred(const std::string& op, const std::string& value, int weight = 5) {
  return "      - weight: " + std::to_string(weight) + "\n        preference:\n          matchExpressions:\n" +
         "          - {key: cores, operator: " + op + ", values: [\"" + value + "\"]}\n";
}

const std::string kNotInteger = "for 'Gt', 'Lt' operators, the value must be an integer";

// One release's API server and default profile over a text.
struct Release {
  explicit Release(int minor) : release{minor}, gates(FeatureGates::for_release(release)) {}

  // The field error of the text's refusal; empty when it loads.
  std::string refusal(const std::string& text) {
    state = ClusterState{};
    warnings.clear();
    LoadOptions options;
    options.api_release = release;
    options.warnings = &warnings;
    auto err = load_cluster_state_text(text, "cluster.yaml", state, options);
    if (!err) return {};
    return field_error(err->message);
  }

  // The field error of the refusal of the text's pods as new ones (--pod); empty when they load.
  std::string new_pod_refusal(const std::string& text) {
    CandidateSet candidates;
    LoadOptions options;
    options.api_release = release;
    auto err = load_candidates_text(text, "pod.yaml", candidates, options);
    if (!err) return {};
    return field_error(err->message);
  }

  static std::string field_error(const std::string& message) {
    const size_t line = message.find(", line ");
    return message.substr(message.find(": ", line) + 2);
  }

  std::vector<std::string> warnings;  // the last refusal()'s

  // What podfit check and podfit place make of the pending pod of a text that loads.
  struct Verdict {
    size_t feasible = 0;
    std::string check;  // the PreScore Error check reports; empty when none
    std::string place;  // the node place binds it to, or why not
  };
  Verdict verdict(const std::string& text) {
    REQUIRE(refusal(text).empty());
    const SchedulerConfiguration config = default_scheduler_configuration(gates);
    const Profiles profiles(config, gates);
    const PlacementProfiles placement(config, profiles, gates);
    const CycleProfile& cycle = *placement.find("default-scheduler");
    Snapshot snapshot(state, gates);
    REQUIRE(snapshot.pending_pods().size() == 1);
    const Pod& pending = *snapshot.pending_pods().front();
    snapshot.ensure_namespace(pending.metadata.namespace_);
    Verdict out;
    {
      const PodInfo info(pending, gates);
      CycleState cycle_state;
      const FilterOutcome filtered = cycle.filters->run(snapshot, info, false, cycle_state);
      out.feasible = filtered.feasible_count();
      const Status error = scoring_error(*cycle.filters, cycle.scoring, cycle_state, info, snapshot, filtered);
      if (!error.is_success()) out.check = error.message();
    }
    const CycleResult placed = schedule_one(pending, snapshot, cycle, gates);
    out.place = placed.bound() ? placed.node : placed.message;
    return out;
  }

  KubernetesRelease release;
  FeatureGates gates;
  ClusterState state;
};

TEST_CASE("node affinity: a preferred Gt/Lt value that is no integer fails NodeAffinity's PreScore") {
  for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor; ++minor) {
    CAPTURE(minor);
    Release r(minor);
    const std::string want =
        "running PreScore plugin \"NodeAffinity\": [0].matchExpressions[0].values[0]: Invalid value: \"many\": " +
        kNotInteger;
    const auto v = r.verdict(kNodes + pod("      preferredDuringSchedulingIgnoredDuringExecution:\n" +
                                          preferred("Gt", "many")));
    CHECK(v.feasible == 2);
    CHECK(v.check == want);
    CHECK(v.place == want);
  }
}

TEST_CASE("node affinity: every preferred term's parse errors, aggregated, paths from the term's index") {
  Release r(KubernetesRelease::kNewestMinor);
  const auto v = r.verdict(kNodes + pod("      preferredDuringSchedulingIgnoredDuringExecution:\n" +
                                        preferred("Gt", "many") + preferred("Lt", "4", 3) +
                                        "          - {key: cores, operator: Lt, values: [\"0x10\"]}\n" +
                                        preferred("Gt", "")));
  CHECK(v.check ==
        "running PreScore plugin \"NodeAffinity\": [[0].matchExpressions[0].values[0]: Invalid value: \"many\": " +
            kNotInteger + ", [1].matchExpressions[1].values[0]: Invalid value: \"0x10\": " + kNotInteger +
            ", [2].matchExpressions[0].values[0]: Invalid value: \"\": " + kNotInteger + "]");
  CHECK(v.place == v.check);
}

TEST_CASE("node affinity: no PreScore, so no Error, without two feasible nodes or with a nominated node") {
  Release r(33);
  const std::string bad = "      preferredDuringSchedulingIgnoredDuringExecution:\n" + preferred("Gt", "many");
  SUBCASE("a lone feasible node is taken unscored") {
    const auto v = r.verdict(kNodes + pod(bad, "  nodeSelector: {cores: \"8\"}\n"));
    CHECK(v.feasible == 1);
    CHECK(v.check.empty());
    CHECK(v.place == "n1");
  }
  SUBCASE("a nominated node that passes Filter is taken unscored") {
    const auto v = r.verdict(kNodes + pod(bad) + "status: {nominatedNodeName: n2}\n");
    CHECK(v.feasible == 2);
    CHECK(v.check.empty());
    CHECK(v.place == "n2");
  }
  SUBCASE("an integer with leading zeros parses") {
    const auto v = r.verdict(kNodes + pod("      preferredDuringSchedulingIgnoredDuringExecution:\n" +
                                          preferred("Gt", "007")));
    CHECK(v.check.empty());
    CHECK(v.place == "n1");
  }
}

TEST_CASE("node affinity: a required Gt/Lt value that is no integer matches no node") {
  const std::string term = "      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n"
                           "        - matchExpressions:\n          - {key: cores, operator: Gt, values: [many]}\n";
  for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor; ++minor) {
    CAPTURE(minor);
    Release r(minor);
    const auto v = r.verdict(kNodes + pod(term));
    CHECK(v.feasible == 0);
    CHECK(v.check.empty());
    CHECK(v.place == "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector.");
    // Another term that parses still matches.
    const auto other = r.verdict(kNodes + pod(term + "        - matchExpressions:\n"
                                                     "          - {key: cores, operator: Lt, values: [\"4\"]}\n"));
    CHECK(other.place == "n2");
  }
}

TEST_CASE("node affinity: bad label values are refused in new pods' required terms from v1.33, kept in stored ones, never refused in preferred ones") {
  const std::string required = "      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n"
                               "        - matchExpressions:\n          - {key: cores, operator: Gt, values: [\"+5\"]}\n";
  const std::string label_error =
      "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start "
      "and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation "
      "is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
  for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor; ++minor) {
    CAPTURE(minor);
    Release r(minor);
    if (minor == 32) {
      // Accepted, the term fails to parse and matches nothing.
      CHECK(r.verdict(kNodes + pod(required)).place ==
            "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector.");
    } else {
      const std::string error =
          "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]."
          "matchExpressions[0].values[0]: Invalid value: \"+5\": " + label_error;
      // A new pod is refused (ValidatePodCreate).
      CHECK(r.new_pod_refusal(pod(required)) == error);
      // A stored one keeps the value, as the rule ratchets (an update leaving it passes), with a
      // warning; the term matches no node, as kube-scheduler's own test has it.
      CHECK(r.verdict(kNodes + pod(required)).place ==
            "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector.");
      REQUIRE(r.warnings.size() == 1);
      CHECK(r.warnings[0] == "cluster.yaml: document 3 (Pod default/p), line 21: " + error +
                                 " (kept: the API server lets a stored object keep a value that a later rule forbids; "
                                 "it is refused in a new one)");
    }
    // "+5" is an integer to Go, but no label value: the selector's own check fails at PreScore.
    const auto v = r.verdict(kNodes + pod("      preferredDuringSchedulingIgnoredDuringExecution:\n" +
                                          preferred("Lt", "+5")));
    CHECK(v.check == "running PreScore plugin \"NodeAffinity\": [0].matchExpressions[0].values[0][cores]: Invalid "
                     "value: \"+5\": " + label_error);
  }
}

}  // namespace
}  // namespace podfit
