#include "podfit/cli/workload_check.h"

#include <algorithm>

#include <fmt/format.h>

#include "podfit/framework/fit_error.h"
#include "podfit/framework/names.h"

namespace podfit {
namespace {

std::string plural(size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

void add_not_evaluated(PodVerdict& verdict, const std::vector<std::pair<std::string, std::string>>& entries) {
  for (const auto& entry : entries) {
    if (std::find(verdict.not_evaluated.begin(), verdict.not_evaluated.end(), entry) == verdict.not_evaluated.end()) {
      verdict.not_evaluated.push_back(entry);
    }
  }
}

}  // namespace

void name_after_workload(PodVerdict& verdict, const Candidate& candidate) {
  if (!candidate.workload) return;
  verdict.workload = candidate.workload;
  verdict.kind = candidate.workload->kind;
  verdict.source = candidate.pod.origin;
  verdict.namespace_ = candidate.workload->namespace_;
  verdict.name = candidate.workload->name;
  if (candidate.stateful_set) verdict.workload_pod = candidate.pod.metadata.name;
}

FilterOutcome daemon_pod_placement(const Pod& daemon_pod, const Snapshot& snapshot, const PluginContext& context,
                                   bool all_reasons) {
  // NodeShouldRunDaemonPod asks what these three filters ask, with no scheduler profile's args.
  PluginContext controller_context;
  controller_context.gates = context.gates;
  const Framework should_run({std::string(names::kNodeName), std::string(names::kTaintToleration),
                              std::string(names::kNodeAffinity)},
                             controller_context);
  const PodInfo daemon_info(daemon_pod, context.gates);
  CycleState should_run_state;
  return should_run.run(snapshot, daemon_info, all_reasons, should_run_state);
}

PodVerdict check_daemon_set(const Candidate& candidate, const Snapshot& snapshot, const Framework& framework,
                            const PluginContext& context, bool all_reasons) {
  const Pod& daemon_pod = candidate.pod;
  const auto& nodes = snapshot.nodes();
  PodVerdict verdict;
  name_after_workload(verdict, candidate);
  const FilterOutcome placement = daemon_pod_placement(daemon_pod, snapshot, context, all_reasons);

  size_t created = 0;
  size_t pending = 0;
  for (size_t i = 0; i < nodes.size(); ++i) {
    NodeVerdict& node = verdict.nodes.emplace_back();
    node.name = nodes[i]->name();
    node.daemon_pod = placement.node_failures[i].empty();
    if (!*node.daemon_pod) {
      node.failures = placement.node_failures[i];
      continue;
    }
    ++created;
    const Pod pinned = daemon_pod_for_node(daemon_pod, node.name);
    const PodInfo info(pinned, context.gates);
    CycleState state;
    const FilterOutcome outcome = framework.run(snapshot, info, all_reasons, state);
    add_not_evaluated(verdict, outcome.not_evaluated);
    node.failures = outcome.node_failures[i];
    node.fit = node.failures.empty() && !outcome.error.is_error();
    if (node.fit) {
      verdict.feasible_nodes.push_back(node.name);
      continue;
    }
    ++pending;
    node.message = outcome.error.is_error() ? outcome.error.message() : fit_error_message(outcome, nodes.size());
  }

  verdict.workload->replicas = static_cast<int32_t>(created);
  verdict.schedulable = created > 0 && pending == 0;
  if (nodes.empty()) {
    verdict.message = std::string(kNoNodesAvailableMessage);
    return verdict;
  }
  verdict.message = fmt::format("{}/{} nodes run a daemon pod", verdict.feasible_nodes.size(), nodes.size());
  if (pending > 0) {
    verdict.message += fmt::format("; {} cannot be scheduled", plural(pending, "daemon pod", "daemon pods"));
  }
  if (created < nodes.size()) {
    verdict.message += fmt::format("; {} no daemon pod (nodeName, node selector or affinity, taints)",
                                   plural(nodes.size() - created, "node gets", "nodes get"));
  }
  return verdict;
}

}  // namespace podfit
