// When reports are coloured, and that colour says what the line says: green for a fit, red for a failure.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "podfit/cli/color.h"
#include "podfit/report/fit_report_writer.h"
#include "podfit/report/placement_report.h"

namespace podfit {
namespace {

constexpr const char* kGreen = "\033[32m";
constexpr const char* kRed = "\033[31m";

TEST_CASE("colour only on a terminal") {
  CHECK(use_color(true, nullptr, "xterm-256color"));
  CHECK(use_color(true, nullptr, nullptr));
  CHECK_FALSE(use_color(false, nullptr, "xterm-256color"));
}

TEST_CASE("NO_COLOR turns colour off only when it has a value (no-color.org)") {
  CHECK_FALSE(use_color(true, "1", "xterm"));
  CHECK_FALSE(use_color(true, "false", "xterm"));  // any non-empty value, whatever it says
  CHECK(use_color(true, "", "xterm"));
}

TEST_CASE("TERM=dumb turns colour off") {
  CHECK_FALSE(use_color(true, nullptr, "dumb"));
  CHECK(use_color(true, nullptr, "dumber"));
  CHECK(use_color(true, "", ""));
}

std::string coloured_check_table(const PodVerdict& verdict) {
  std::ostringstream out;
  const auto writer = make_fit_report_writer("table", out, TableStyle{true, false});
  writer->begin(ReleaseChoice{});
  writer->write(verdict);
  writer->end({});
  return out.str();
}

TEST_CASE("check: a fitting pod's summary is green, with no red anywhere") {
  PodVerdict verdict;
  verdict.namespace_ = "default";
  verdict.name = "web";
  verdict.schedulable = true;
  verdict.message = "1/1 nodes are available";
  verdict.feasible_nodes = {"node-a"};
  verdict.nodes.push_back(NodeVerdict{"node-a", true, {}, std::nullopt, ""});
  const std::string text = coloured_check_table(verdict);
  CHECK(text.find(std::string(kGreen) + "1/1 nodes are available\033[0m") != std::string::npos);
  CHECK(text.find(kRed) == std::string::npos);
}

TEST_CASE("check: a pod that fits nowhere has a red summary") {
  PodVerdict verdict;
  verdict.namespace_ = "default";
  verdict.name = "web";
  verdict.message = "0/1 nodes are available: 1 Insufficient cpu.";
  verdict.nodes.push_back(NodeVerdict{
      "node-a", false, {Status(Code::Unschedulable, "Insufficient cpu").with_plugin("NodeResourcesFit")}, std::nullopt, ""});
  const std::string text = coloured_check_table(verdict);
  CHECK(text.find(std::string(kRed) + "0/1 nodes are available: 1 Insufficient cpu.\033[0m") != std::string::npos);
}

TEST_CASE("check: a DaemonSet's node without a daemon pod is not coloured as a failure") {
  PodVerdict verdict;
  verdict.namespace_ = "kube-system";
  verdict.name = "agent";
  verdict.schedulable = true;
  verdict.message = "1/2 nodes run a daemon pod";
  verdict.feasible_nodes = {"node-a"};
  verdict.nodes.push_back(NodeVerdict{"node-a", true, {}, true, ""});
  verdict.nodes.push_back(NodeVerdict{
      "node-b", false,
      {Status(Code::UnschedulableAndUnresolvable, "node(s) didn't match Pod's node affinity/selector").with_plugin("NodeAffinity")},
      false, ""});
  const std::string text = coloured_check_table(verdict);
  CHECK(text.find("no pod") != std::string::npos);
  CHECK(text.find(kRed) == std::string::npos);
}

PlacementReport max_report(size_t placed) {
  PlacementReport report;
  report.max = true;
  CandidateCount& count = report.candidates.emplace_back();
  count.namespace_ = "default";
  count.name = "web";
  count.asked = placed + 1;
  count.placed = placed;
  for (size_t i = 0; i <= placed; ++i) {
    Placement& p = report.placements.emplace_back();
    p.namespace_ = "default";
    p.name = "web-" + std::to_string(i);
    p.placed = i < placed;
    if (p.placed) p.node = "node-a";
    else p.message = "0/1 nodes are available: 1 Insufficient cpu.";
  }
  report.fit_count = placed;
  return report;
}

TEST_CASE("place --max: copies that fit make a green summary, though the last copy did not fit") {
  std::ostringstream out;
  write_placement_table(out, max_report(3), TableStyle{true, false});
  const std::string text = out.str();
  CHECK(text.find(std::string(kGreen) + "default/web: 3 copies fit; default/web-3 does not") != std::string::npos);
  CHECK(text.find(kRed) == std::string::npos);
}

TEST_CASE("place --max: no copy that fits makes a red summary") {
  std::ostringstream out;
  write_placement_table(out, max_report(0), TableStyle{true, false});
  CHECK(out.str().find(std::string(kRed) + "default/web: 0 copies fit") != std::string::npos);
}

}  // namespace
}  // namespace podfit
