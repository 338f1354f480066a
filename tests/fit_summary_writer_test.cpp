// The table of several pods: one row per pod, the node tables of those that do not fit, and the
// closing count; one pod keeps its node table; CODE only in -o wide.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "podfit/report/fit_report_writer.h"

namespace podfit {
namespace {

PodVerdict fitting(const std::string& name) {
  PodVerdict v;
  v.namespace_ = "shop";
  v.name = name;
  v.schedulable = true;
  v.message = "1/2 nodes are available";
  v.feasible_nodes = {"node-a"};
  v.nodes.push_back(NodeVerdict{"node-a", true, {}, std::nullopt, ""});
  Status cpu(Code::Unschedulable, {"Insufficient cpu"}, {"cpu: requested 2, already used 3, allocatable 4"});
  cpu.with_plugin("NodeResourcesFit");
  v.nodes.push_back(NodeVerdict{"node-b", false, {cpu}, std::nullopt, ""});
  return v;
}

PodVerdict fitting_nowhere(const std::string& name) {
  PodVerdict v = fitting(name);
  v.schedulable = false;
  v.feasible_nodes.clear();
  v.nodes[0] = v.nodes[1];
  v.nodes[0].name = "node-a";
  v.message = "0/2 nodes are available: 2 Insufficient cpu.";
  return v;
}

PodVerdict gated(const std::string& name) {
  PodVerdict v;
  v.namespace_ = "shop";
  v.name = name;
  v.status = "Gated";
  v.node_count = 2;
  v.message = "waiting for scheduling gates: [example.com/rollout]";
  return v;
}

std::string table(const std::vector<PodVerdict>& verdicts, bool wide = false, bool all_nodes = false) {
  std::ostringstream out;
  const auto writer =
      make_fit_report_writer(wide ? "wide" : "table", out, TableStyle{false, wide}, {}, verdicts.size() > 1, all_nodes);
  writer->begin(ReleaseChoice{});
  for (const PodVerdict& v : verdicts) writer->write(v);
  writer->end({});
  return out.str();
}

TEST_CASE("one pod: its verdict line and node table, 80 columns: no CODE column") {
  CHECK(table({fitting_nowhere("web")}) ==
        "shop/web: 0/2 nodes are available: 2 Insufficient cpu.\n"
        "NODE     FIT   PLUGIN             REASONS\n"
        "node-a   no    NodeResourcesFit   Insufficient cpu\n"
        "node-b   no    NodeResourcesFit   Insufficient cpu\n");
}

TEST_CASE("-o wide keeps the status code and podfit's details") {
  CHECK(table({fitting_nowhere("web")}, true) ==
        "shop/web: 0/2 nodes are available: 2 Insufficient cpu.\n"
        "NODE     FIT   PLUGIN             CODE            REASONS            DETAILS\n"
        "node-a   no    NodeResourcesFit   Unschedulable   Insufficient cpu   cpu: requested 2, already used 3, allocatable 4\n"
        "node-b   no    NodeResourcesFit   Unschedulable   Insufficient cpu   cpu: requested 2, already used 3, allocatable 4\n");
}

TEST_CASE("several pods: the summary, the node tables of those that do not fit, the count") {
  CHECK(table({fitting("web"), fitting_nowhere("batch"), gated("canary")}) ==
        "POD           FITS    NODES   MESSAGE\n"
        "shop/web      yes     1/2     1/2 nodes are available\n"
        "shop/batch    no      0/2     0/2 nodes are available: 2 Insufficient cpu.\n"
        "shop/canary   gated   -       waiting for scheduling gates: [example.com/rollout]\n"
        "\n"
        "shop/batch: 0/2 nodes are available: 2 Insufficient cpu.\n"
        "NODE     FIT   PLUGIN             REASONS\n"
        "node-a   no    NodeResourcesFit   Insufficient cpu\n"
        "node-b   no    NodeResourcesFit   Insufficient cpu\n"
        "\n"
        "shop/canary: waiting for scheduling gates: [example.com/rollout]\n"
        "gated: the SchedulingGates plugin keeps the pod out of the scheduling queue until its gates are removed\n"
        "\n"
        "3 pods checked: 1 fit, 1 fit nowhere, 1 not evaluated\n");
}

TEST_CASE("--nodes: every pod's node table after the summary") {
  const std::string text = table({fitting("web"), fitting("api")}, false, true);
  CHECK(text.find("shop/web: 1/2 nodes are available\nNODE") != std::string::npos);
  CHECK(text.find("shop/api: 1/2 nodes are available\nNODE") != std::string::npos);
  CHECK(text.ends_with("\n2 pods checked: 2 fit, 0 fit nowhere\n"));
}

TEST_CASE("several pods in -o wide: every node table, then the count") {
  const std::string text = table({fitting("web"), fitting_nowhere("batch")}, true);
  CHECK(text.starts_with("shop/web: 1/2 nodes are available\nNODE     FIT   PLUGIN             CODE"));
  CHECK(text.ends_with("\n\n2 pods checked: 1 fit, 1 fit nowhere\n"));
}

TEST_CASE("a workload's replicas: FITS is placed/wanted, the message the first unplaced replica's") {
  PodVerdict some = fitting("api");
  some.workload = WorkloadRef{"Deployment", "shop", "api", 10};
  some.replicas = ReplicaOutcome{10, 4, "api-4", "0/2 nodes are available: 2 Insufficient cpu."};
  PodVerdict all = fitting("web");
  all.workload = WorkloadRef{"Deployment", "shop", "web", 2};
  all.replicas = ReplicaOutcome{2, 2, "", ""};
  const std::string text = table({some, all});
  CHECK(text.starts_with("POD                   FITS   NODES   MESSAGE\n"
                         "Deployment shop/api   4/10   1/2     0/2 nodes are available: 2 Insufficient cpu.\n"
                         "Deployment shop/web   2/2    1/2     1/2 nodes are available\n"));
  CHECK(text.find("replicas: 4 of 10 placed; api-4 is not: 0/2 nodes are available: 2 Insufficient cpu.\n") !=
        std::string::npos);
  CHECK(text.ends_with("\n2 workloads checked: 1 fit, 0 fit nowhere, 1 place only some replicas\n"));
}

TEST_CASE("a pod that fits only by the plugins podfit ran is undetermined") {
  PodVerdict partial = fitting("gpu");
  partial.not_evaluated.emplace_back("DynamicResources", "no ResourceClaims in the input");
  const std::string text = table({fitting("web"), partial});
  CHECK(text.find("shop/gpu   unknown   1/2") != std::string::npos);
  CHECK(text.ends_with("\n2 pods checked: 1 fit, 0 fit nowhere, 1 undetermined\n"));
}

}  // namespace
}  // namespace podfit

namespace podfit {
namespace {

TEST_CASE("node tables past a mebibyte are held outside memory and come back whole, in order") {
  // A report's node names are views of the snapshot's nodes: these stand in for them.
  std::vector<std::string> names;
  for (int n = 0; n < 5000; ++n) names.push_back("node-" + std::to_string(n));
  std::vector<PodVerdict> verdicts;
  std::string tables;
  for (int p = 0; p < 9; ++p) {
    PodVerdict v = fitting_nowhere(fmt::format("batch-{}", p));
    const NodeVerdict failed = v.nodes[0];
    v.nodes.clear();
    for (const std::string& name : names) {
      v.nodes.push_back(failed);
      v.nodes.back().name = name;
    }
    tables += "\n" + table({v});
    verdicts.push_back(std::move(v));
  }
  REQUIRE(tables.size() > 2 * (1 << 20));
  const std::string text = table(verdicts);
  const size_t first_table = text.find("\nshop/batch-0: ");
  REQUIRE(first_table != std::string::npos);
  CHECK(text.substr(first_table, tables.size()) == tables);
  CHECK(text.ends_with("\n9 pods checked: 0 fit, 9 fit nowhere\n"));
}

}  // namespace
}  // namespace podfit
