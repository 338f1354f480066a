// FitError message: types_test.go (TestFitError_Error) plus the histogram's edge cases.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/framework/fit_error.h"

namespace podfit {
namespace {

Status unschedulable(std::string reason) { return Status(Code::Unschedulable, std::move(reason)); }

TEST_CASE("FitError: Error") {
  struct Case {
    std::string name;
    size_t num_all_nodes;
    FitDiagnosis diagnosis;
    std::string want;
  };
  const std::string pre = "Node(s) failed PreFilter plugin FalsePreFilter";
  const std::string post = "Error running PostFilter plugin FailedPostFilter";
  const std::string filter1 = "Node(s) failed Filter plugin FalseFilter-1";
  const std::string filter2 = "Node(s) failed Filter plugin FalseFilter-2";
  const std::vector<Case> cases = {
      // The framework gives every node the PreFilter status; it is not repeated per node.
      {"nodes failed Prefilter plugin", 3,
       FitDiagnosis{{unschedulable(pre), unschedulable(pre), unschedulable(pre)},
                    Status(Code::UnschedulableAndUnresolvable), pre, ""},
       "0/3 nodes are available: Node(s) failed PreFilter plugin FalsePreFilter."},
      {"nodes failed Prefilter plugin and the preemption also failed", 3,
       FitDiagnosis{{unschedulable(pre), unschedulable(pre), unschedulable(pre)},
                    Status(Code::UnschedulableAndUnresolvable), pre, post},
       "0/3 nodes are available: Node(s) failed PreFilter plugin FalsePreFilter. Error running PostFilter plugin "
       "FailedPostFilter"},
      {"nodes failed one Filter plugin with an empty PostFilterMsg", 3,
       FitDiagnosis{{unschedulable(filter1), unschedulable(filter1), unschedulable(filter1)},
                    Status(Code::UnschedulableAndUnresolvable), "", ""},
       "0/3 nodes are available: 3 Node(s) failed Filter plugin FalseFilter-1."},
      {"nodes failed one Filter plugin with a non-empty PostFilterMsg", 3,
       FitDiagnosis{{unschedulable(filter1), unschedulable(filter1), unschedulable(filter1)},
                    Status(Code::UnschedulableAndUnresolvable), "", post},
       "0/3 nodes are available: 3 Node(s) failed Filter plugin FalseFilter-1. Error running PostFilter plugin "
       "FailedPostFilter"},
      {"nodes failed two Filter plugins with an empty PostFilterMsg", 3,
       FitDiagnosis{{unschedulable(filter1), unschedulable(filter1), unschedulable(filter2)},
                    Status(Code::UnschedulableAndUnresolvable), "", ""},
       "0/3 nodes are available: 1 Node(s) failed Filter plugin FalseFilter-2, 2 Node(s) failed Filter plugin "
       "FalseFilter-1."},
      {"nodes failed two Filter plugins with a non-empty PostFilterMsg", 3,
       FitDiagnosis{{unschedulable(filter1), unschedulable(filter1), unschedulable(filter2)},
                    Status(Code::UnschedulableAndUnresolvable), "", post},
       "0/3 nodes are available: 1 Node(s) failed Filter plugin FalseFilter-2, 2 Node(s) failed Filter plugin "
       "FalseFilter-1. Error running PostFilter plugin FailedPostFilter"},
      {"failed to Permit on node", 1,
       FitDiagnosis{{unschedulable("Node failed Permit plugin Permit-1")}, Status(Code::UnschedulableAndUnresolvable),
                    "", ""},
       "0/1 nodes are available: 1 Node failed Permit plugin Permit-1."},
      {"failed to Reserve on node", 1,
       FitDiagnosis{{unschedulable("Node failed Reserve plugin Reserve-1")},
                    Status(Code::UnschedulableAndUnresolvable), "", ""},
       "0/1 nodes are available: 1 Node failed Reserve plugin Reserve-1."},
      // Edge cases of the histogram.
      {"absent nodes count with the absent status' reasons", 5,
       FitDiagnosis{{unschedulable("Insufficient cpu")},
                    Status(Code::UnschedulableAndUnresolvable, "node(s) didn't satisfy plugin(s) [NodeAffinity]"), "",
                    ""},
       "0/5 nodes are available: 1 Insufficient cpu, 4 node(s) didn't satisfy plugin(s) [NodeAffinity]."},
      {"every reason of a status counts", 2,
       FitDiagnosis{{Status(Code::Unschedulable, std::vector<std::string>{"Insufficient cpu", "Insufficient memory"}),
                     unschedulable("Insufficient memory")},
                    Status(Code::UnschedulableAndUnresolvable), "", ""},
       "0/2 nodes are available: 1 Insufficient cpu, 2 Insufficient memory."},
      {"entries sort as strings, not by count", 12,
       FitDiagnosis{{unschedulable("b"), unschedulable("b"), unschedulable("a"), unschedulable("a"), unschedulable("a"),
                     unschedulable("a"), unschedulable("a"), unschedulable("a"), unschedulable("a"), unschedulable("a"),
                     unschedulable("a"), unschedulable("a")},
                    Status(Code::UnschedulableAndUnresolvable), "", ""},
       "0/12 nodes are available: 10 a, 2 b."},
      {"no reasons at all: no histogram and no period", 3,
       FitDiagnosis{{}, Status(Code::UnschedulableAndUnresolvable), "", ""}, "0/3 nodes are available:"},
      {"no reasons but a PostFilter message", 3,
       FitDiagnosis{{}, Status(Code::UnschedulableAndUnresolvable), "",
                    "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."},
       "0/3 nodes are available: preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(fit_error_message(c.diagnosis, c.num_all_nodes) == c.want); }
  }
}

TEST_CASE("FitError: Diagnosis of a FilterOutcome") {
  SUBCASE("first failures only; excluded nodes take the absent status") {
    FilterOutcome outcome;
    Status excluded(Code::UnschedulableAndUnresolvable, "node(s) didn't satisfy plugin(s) [NodeAffinity]");
    outcome.node_failures = {
        {Status(Code::Unschedulable, "Insufficient cpu").with_plugin("NodeResourcesFit"),
         Status(Code::UnschedulableAndUnresolvable, "node(s) had untolerated taint(s)").with_plugin("TaintToleration")},
        {excluded},
        {excluded},
    };
    outcome.excluded_by_pre_filter = {false, true, true};
    FitDiagnosis diagnosis = fit_diagnosis(outcome);
    REQUIRE(diagnosis.node_statuses.size() == 1);
    CHECK(diagnosis.node_statuses[0].message() == "Insufficient cpu");
    CHECK(diagnosis.absent_nodes_status.message() == excluded.message());
    CHECK(fit_error_message(outcome, 3) ==
          "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't satisfy plugin(s) [NodeAffinity].");
    CHECK(fit_error_message(outcome, 3, "preemption: not eligible due to preemptionPolicy=Never.") ==
          "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. "
          "preemption: not eligible due to preemptionPolicy=Never.");
  }
  SUBCASE("a PreFilter rejection is the whole message") {
    FilterOutcome outcome;
    outcome.pre_filter_status = Status(Code::UnschedulableAndUnresolvable, "pod has unbound immediate "
                                                                            "PersistentVolumeClaims")
                                    .with_plugin("VolumeBinding");
    outcome.node_failures = {{outcome.pre_filter_status}, {outcome.pre_filter_status}};
    outcome.excluded_by_pre_filter = {false, false};
    CHECK(fit_error_message(outcome, 2) ==
          "0/2 nodes are available: pod has unbound immediate PersistentVolumeClaims.");
  }
  SUBCASE("a PreFilter rejection without reasons leaves the histogram empty") {
    FilterOutcome outcome;
    outcome.pre_filter_status = Status(Code::Unschedulable).with_plugin("Quiet");
    outcome.node_failures = {{outcome.pre_filter_status}};
    outcome.excluded_by_pre_filter = {false};
    CHECK(fit_error_message(outcome, 1) == "0/1 nodes are available:");
  }
  CHECK(kNoNodesAvailableMessage == "no nodes available to schedule pods");
}

}  // namespace
}  // namespace podfit
