#include "podfit/cli/input.h"

#include <fmt/format.h>

#include "podfit/load/loader.h"

namespace podfit {
namespace {

std::string describe_skipped_kinds(const ClusterState& cluster) {
  int total = 0;
  std::string joined;
  for (const auto& [kind, count] : cluster.skipped_kinds) {
    joined += fmt::format("{}{} {}", total ? ", " : "", count, kind);
    total += count;
  }
  return fmt::format("podfit: skipped {} object{} of kinds podfit does not read: {}", total, total == 1 ? "" : "s",
                     joined);
}

}  // namespace

bool load_input(const InputOptions& options, LoadedInput& input, std::ostream& err) {
  if (options.filenames.empty()) {
    err << "error: no cluster state given: use -f FILE (a file, a directory, or - for standard input)\n";
    return false;
  }
  int stdin_uses = 0;
  for (const auto& f : options.filenames) stdin_uses += f == "-";
  for (const auto& f : options.pods) stdin_uses += f == "-";
  if (stdin_uses > 1) {
    err << "error: standard input (-) can be read only once\n";
    return false;
  }
  std::string gate_error;
  if (!options.feature_gates.empty() && !input.context.gates.parse(options.feature_gates, &gate_error)) {
    err << "error: --feature-gates: " << gate_error << '\n';
    return false;
  }
  LoadOptions load_options;
  load_options.recursive = options.recursive;
  if (auto e = load_cluster_state(options.filenames, load_options, input.cluster)) {
    err << "error: " << e->message << '\n';
    return false;
  }
  if (!options.pods.empty()) {
    if (auto e = load_candidates(options.pods, load_options, input.candidates)) {
      err << "error: " << e->message << '\n';
      return false;
    }
  }
  if (!input.cluster.skipped_kinds.empty()) err << describe_skipped_kinds(input.cluster) << '\n';
  return true;
}

std::string orphaned_pods_notice(const std::vector<const Pod*>& orphans) {
  if (orphans.empty()) return {};
  std::string names;
  for (size_t i = 0; i < orphans.size() && i < 3; ++i) {
    names += fmt::format("{}{}/{} (node {})", i ? ", " : "", orphans[i]->metadata.namespace_, orphans[i]->metadata.name,
                         orphans[i]->spec.node_name);
  }
  if (orphans.size() > 3) names += fmt::format(" and {} more", orphans.size() - 3);
  // Their node is not in the input, so they cannot count toward any node.
  return fmt::format("podfit: {} not counted: bound to {} missing from the cluster state: {}",
                     orphans.size() == 1 ? "1 pod" : fmt::format("{} pods", orphans.size()),
                     orphans.size() == 1 ? "a node" : "nodes", names);
}

}  // namespace podfit
