#include "podfit/cli/check_command.h"

#include <chrono>
#include <sstream>

#include <fmt/format.h>

#include "podfit/framework/fit_error.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/registry.h"
#include "podfit/load/loader.h"
#include "podfit/report/writers.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

PodVerdict evaluate(const Framework& framework, const Snapshot& snapshot, const Pod& pod, const FeatureGates& gates,
                    bool all_reasons) {
  PodVerdict verdict;
  verdict.namespace_ = pod.metadata.namespace_;
  verdict.name = pod.metadata.name;
  PodInfo info(pod, gates);
  CycleState state;
  FilterOutcome outcome = framework.run(snapshot, info, all_reasons, state);
  const auto& nodes = snapshot.nodes();
  for (size_t i = 0; i < nodes.size(); ++i) {
    NodeVerdict& node = verdict.nodes.emplace_back();
    node.name = nodes[i]->name();
    node.failures = outcome.node_failures[i];
    node.fit = node.failures.empty();
    if (node.fit) verdict.feasible_nodes.push_back(node.name);
  }
  verdict.not_evaluated = outcome.not_evaluated;
  if (outcome.pre_filter_status.is_rejected() || outcome.pre_filter_status.is_error()) {
    verdict.pre_filter = outcome.pre_filter_status;
  }
  verdict.schedulable = !verdict.feasible_nodes.empty() && !outcome.error.is_error();
  if (outcome.error.is_error()) {
    // kube-scheduler abandons the attempt on an Error instead of reporting a FitError.
    verdict.message = outcome.error.message();
  } else if (nodes.empty()) {
    verdict.message = std::string(kNoNodesAvailableMessage);
  } else if (verdict.schedulable) {
    verdict.message = fmt::format("{}/{} nodes are available", verdict.feasible_nodes.size(), nodes.size());
  } else {
    verdict.message = fit_error_message(outcome, nodes.size());
  }
  return verdict;
}

std::string describe_skipped_kinds(const ClusterState& cluster) {
  int total = 0;
  std::vector<std::string> parts;
  for (const auto& [kind, count] : cluster.skipped_kinds) {
    total += count;
    parts.push_back(fmt::format("{} {}", count, kind));
  }
  std::string joined;
  for (size_t i = 0; i < parts.size(); ++i) joined += (i ? ", " : "") + parts[i];
  return fmt::format("podfit: skipped {} object{} of kinds podfit does not read: {}", total, total == 1 ? "" : "s",
                     joined);
}

}  // namespace

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  static const char* kOutputs[] = {"table", "wide", "json", "yaml", "name"};
  if (std::find(std::begin(kOutputs), std::end(kOutputs), options.output) == std::end(kOutputs)) {
    err << fmt::format("error: unknown output format \"{}\": use one of table, wide, json, yaml, name\n", options.output);
    return 2;
  }
  if (options.filenames.empty()) {
    err << "error: no cluster state given: use -f FILE (a file, a directory, or - for standard input)\n";
    return 2;
  }
  int stdin_uses = 0;
  for (const auto& f : options.filenames) stdin_uses += f == "-";
  for (const auto& f : options.pods) stdin_uses += f == "-";
  if (stdin_uses > 1) {
    err << "error: standard input (-) can be read only once\n";
    return 2;
  }
  PluginContext context;
  std::string gate_error;
  if (!options.feature_gates.empty() && !context.gates.parse(options.feature_gates, &gate_error)) {
    err << "error: --feature-gates: " << gate_error << '\n';
    return 2;
  }

  using Clock = std::chrono::steady_clock;
  auto seconds_since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  const Clock::time_point started = Clock::now();
  LoadOptions load_options;
  load_options.recursive = options.recursive;
  ClusterState cluster;
  if (auto e = load_cluster_state(options.filenames, load_options, cluster)) {
    err << "error: " << e->message << '\n';
    return 2;
  }
  std::vector<Pod> candidates;
  if (!options.pods.empty()) {
    if (auto e = load_candidates(options.pods, load_options, candidates)) {
      err << "error: " << e->message << '\n';
      return 2;
    }
  }
  if (!cluster.skipped_kinds.empty()) err << describe_skipped_kinds(cluster) << '\n';

  const double load_seconds = seconds_since(started);
  const Clock::time_point snapshot_started = Clock::now();
  Snapshot snapshot(cluster, context.gates);
  const double snapshot_seconds = seconds_since(snapshot_started);
  if (!snapshot.orphaned_pods().empty()) {
    // Their node is not in the input, so they cannot count toward any node.
    const auto& orphans = snapshot.orphaned_pods();
    std::string names;
    for (size_t i = 0; i < orphans.size() && i < 3; ++i) {
      names += fmt::format("{}{}/{} (node {})", i ? ", " : "", orphans[i]->metadata.namespace_,
                           orphans[i]->metadata.name, orphans[i]->spec.node_name);
    }
    if (orphans.size() > 3) names += fmt::format(" and {} more", orphans.size() - 3);
    err << fmt::format("podfit: {} not counted: bound to {} missing from the cluster state: {}\n",
                       orphans.size() == 1 ? "1 pod" : fmt::format("{} pods", orphans.size()),
                       orphans.size() == 1 ? "a node" : "nodes", names);
  }
  Framework framework(default_filter_plugin_order(context.gates), context);
  FitReport report;
  report.skipped_plugins = framework.not_implemented();
  if (!report.skipped_plugins.empty()) {
    std::string names;
    for (size_t i = 0; i < report.skipped_plugins.size(); ++i) names += (i ? ", " : "") + report.skipped_plugins[i];
    err << "podfit: not evaluated (not implemented yet): " << names << '\n';
  }

  std::vector<const Pod*> pods;
  if (!options.pods.empty()) {
    for (const Pod& p : candidates) pods.push_back(&p);
  } else {
    pods = snapshot.pending_pods();
    if (pods.empty()) err << "podfit: no pending pods in the cluster state; use --pod to check a pod\n";
  }
  const Clock::time_point check_started = Clock::now();
  for (const Pod* pod : pods) snapshot.ensure_namespace(pod->metadata.namespace_);
  for (const Pod* pod : pods) {
    report.results.push_back(evaluate(framework, snapshot, *pod, context.gates, options.all_reasons));
    for (const auto& [plugin, why] : report.results.back().not_evaluated) {
      err << fmt::format("podfit: {} not evaluated for {}/{}: {}\n", plugin, pod->metadata.namespace_,
                         pod->metadata.name, why);
      if (std::find(report.skipped_plugins.begin(), report.skipped_plugins.end(), plugin) == report.skipped_plugins.end()) {
        report.skipped_plugins.push_back(plugin);
      }
    }
  }

  if (options.timings) {
    err << fmt::format("podfit: timings: load {:.3f}s ({} nodes, {} pods), snapshot {:.3f}s, check {:.3f}s ({} pods x {} nodes)\n",
                       load_seconds, cluster.nodes.size(), cluster.pods.size(), snapshot_seconds,
                       seconds_since(check_started), pods.size(), snapshot.nodes().size());
  }
  std::ostringstream buffer;
  if (options.output == "json") write_fit_json(buffer, report);
  else if (options.output == "yaml") write_fit_yaml(buffer, report);
  else if (options.output == "name") write_fit_names(buffer, report);
  else write_fit_table(buffer, report, TableStyle{options.color, options.output == "wide"});
  out << buffer.str();
  out.flush();

  for (const PodVerdict& r : report.results) {
    if (!r.schedulable) return 1;
  }
  return 0;
}

}  // namespace podfit
