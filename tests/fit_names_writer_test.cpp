// check -o name: node/NAME per feasible node for one pod; pod/NAMESPACE/NAME node/NAME per
// feasible pair for several, written as each verdict arrives.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "podfit/report/fit_report_writer.h"

namespace podfit {
namespace {

PodVerdict verdict(const std::string& namespace_, const std::string& name, std::vector<std::string_view> feasible) {
  PodVerdict v;
  v.namespace_ = namespace_;
  v.name = name;
  v.schedulable = !feasible.empty();
  v.feasible_nodes = std::move(feasible);
  return v;
}

TEST_CASE("-o name for one pod: node/NAME per feasible node") {
  std::ostringstream out;
  const auto writer = make_fit_report_writer("name", out, TableStyle{}, {}, false);
  writer->begin(ReleaseChoice{});
  writer->write(verdict("shop", "web", {"node-a", "node-b"}));
  writer->end({});
  CHECK(out.str() == "node/node-a\nnode/node-b\n");
}

TEST_CASE("-o name for several pods: one line per feasible pair, none for a pod that fits nowhere") {
  std::ostringstream out;
  const auto writer = make_fit_report_writer("name", out, TableStyle{}, {}, true);
  writer->begin(ReleaseChoice{});
  writer->write(verdict("shop", "web", {"node-b", "node-a"}));
  CHECK(out.str() == "pod/shop/web node/node-b\npod/shop/web node/node-a\n");  // written before the next pod
  writer->write(verdict("ml", "batch", {}));
  writer->write(verdict("ml", "train", {"node-a"}));
  writer->end({});
  CHECK(out.str() == "pod/shop/web node/node-b\npod/shop/web node/node-a\npod/ml/train node/node-a\n");
}

TEST_CASE("write_fit_names takes several pods from the report") {
  FitReport report;
  report.results.push_back(verdict("shop", "web", {"node-a"}));
  std::ostringstream one;
  write_fit_names(one, report);
  CHECK(one.str() == "node/node-a\n");
  report.results.push_back(verdict("shop", "api", {"node-b"}));
  std::ostringstream two;
  write_fit_names(two, report);
  CHECK(two.str() == "pod/shop/web node/node-a\npod/shop/api node/node-b\n");
}

}  // namespace
}  // namespace podfit
