// Throughput of `podfit check -o json`'s serialiser: a synthetic FitReport of pods x nodes
// with the failure reasons and details a real cluster gives, written with write_fit_json to a
// sink that only counts bytes (MB/s: 10^6 bytes of report per second).
//
//   fit_report_json_bench [pods] [nodes] [passes]     (default 100 5000 5)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bench_rng.h"
#include "podfit/report/writers.h"

using namespace podfit;

namespace {

// Discards what it is given, counting it.
struct CountingBuffer : std::streambuf {
  size_t bytes = 0;
  std::streamsize xsputn(const char*, std::streamsize n) override {
    bytes += static_cast<size_t>(n);
    return n;
  }
  int_type overflow(int_type c) override {
    ++bytes;
    return c;
  }
};

// What kube-scheduler's Filter plugins say of a node most often, with podfit's details.
Status node_failure(Rng& rng, int node) {
  switch (rng.below(5)) {
    case 0:
      return Status(Code::Unschedulable, {"Insufficient cpu", "Insufficient memory"},
                    {fmt::format("cpu: requested 4, used 14500m of 16 allocatable on node-{:05}", node),
                     "memory: requested 8Gi, used 60Gi of 64Gi allocatable"})
          .with_plugin("NodeResourcesFit");
    case 1:
      return Status(Code::UnschedulableAndUnresolvable,
                    {"node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }"},
                    {"taint node-role.kubernetes.io/control-plane:NoSchedule is not tolerated by the pod"})
          .with_plugin("TaintToleration");
    case 2:
      return Status(Code::UnschedulableAndUnresolvable, {"node(s) didn't match Node's node affinity/selector"},
                    {"label topology.kubernetes.io/zone=\"eu-west-1c\" is not in [eu-west-1a eu-west-1b]"})
          .with_plugin("NodeAffinity");
    case 3:
      return Status(Code::Unschedulable, {"node(s) didn't match pod anti-affinity rules"},
                    {fmt::format("pod shop/web-{} with app=web runs on node-{:05}", rng.suffix(5), node)})
          .with_plugin("InterPodAffinity");
    default:
      return Status(Code::Unschedulable, {"node(s) didn't have free ports for the requested pod ports"},
                    {"TCP 0.0.0.0:8080 is used by kube-system/ingress-7d9f"})
          .with_plugin("NodePorts");
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int pods = argc > 1 ? std::atoi(argv[1]) : 100;
  const int nodes = argc > 2 ? std::atoi(argv[2]) : 5000;
  const int passes = argc > 3 ? std::atoi(argv[3]) : 5;
  Rng rng{42};
  std::vector<std::string> node_names;
  for (int n = 0; n < nodes; ++n) node_names.push_back(fmt::format("ip-10-{}-{}-{}.eu-west-1.compute.internal", n / 65536, n / 256 % 256, n % 256));
  FitReport report;
  for (int p = 0; p < pods; ++p) {
    PodVerdict& verdict = report.results.emplace_back();
    verdict.namespace_ = "shop";
    verdict.name = fmt::format("web-{}-{}", rng.hex(10), rng.suffix(5));
    verdict.scheduler_name = "default-scheduler";
    for (int n = 0; n < nodes; ++n) {
      NodeVerdict& node = verdict.nodes.emplace_back();
      node.name = node_names[static_cast<size_t>(n)];
      node.fit = rng.below(10) == 0;
      if (node.fit) verdict.feasible_nodes.push_back(node.name);
      else node.failures.push_back(node_failure(rng, n));
    }
    verdict.schedulable = !verdict.feasible_nodes.empty();
    verdict.message = fmt::format("{}/{} nodes are available", verdict.feasible_nodes.size(), nodes);
  }

  CountingBuffer sink;
  std::ostream out(&sink);
  double best = 1e9;
  for (int pass = 0; pass < passes; ++pass) {
    sink.bytes = 0;
    const auto started = std::chrono::steady_clock::now();
    write_fit_json(out, report);
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  }
  std::printf("%d pods x %d nodes: %.1f MB of JSON, best of %d passes %.3f s, %.0f MB/s\n", pods, nodes,
              static_cast<double>(sink.bytes) / 1e6, passes, best, static_cast<double>(sink.bytes) / 1e6 / best);
}
