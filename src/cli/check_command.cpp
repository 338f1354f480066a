#include "podfit/cli/check_command.h"

#include <chrono>
#include <sstream>

#include <fmt/format.h>

#include "podfit/framework/fit_error.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/registry.h"
#include "podfit/cli/input.h"
#include "podfit/report/writers.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  static const char* kOutputs[] = {"table", "wide", "json", "yaml", "name"};
  if (std::find(std::begin(kOutputs), std::end(kOutputs), options.output) == std::end(kOutputs)) {
    err << fmt::format("error: unknown output format \"{}\": use one of table, wide, json, yaml, name\n", options.output);
    return 2;
  }
  using Clock = std::chrono::steady_clock;
  auto seconds_since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  const Clock::time_point started = Clock::now();
  LoadedInput input;
  if (!load_input(options.input, input, err)) return 2;
  const ClusterState& cluster = input.cluster;
  const PluginContext& context = input.context;
  const double load_seconds = seconds_since(started);
  const Clock::time_point snapshot_started = Clock::now();
  Snapshot snapshot(cluster, context.gates);
  const double snapshot_seconds = seconds_since(snapshot_started);
  if (auto notice = orphaned_pods_notice(snapshot.orphaned_pods()); !notice.empty()) err << notice << '\n';
  Framework framework(default_filter_plugin_order(context.gates), context);
  FitReport report;
  report.skipped_plugins = framework.not_implemented();
  if (!report.skipped_plugins.empty()) {
    std::string names;
    for (size_t i = 0; i < report.skipped_plugins.size(); ++i) names += (i ? ", " : "") + report.skipped_plugins[i];
    err << "podfit: not evaluated (not implemented yet): " << names << '\n';
  }

  std::vector<const Pod*> pods;
  if (!options.input.pods.empty()) {
    for (const Pod& p : input.candidates) pods.push_back(&p);
  } else {
    pods = snapshot.pending_pods();
    if (pods.empty()) err << "podfit: no pending pods in the cluster state; use --pod to check a pod\n";
  }
  const Clock::time_point check_started = Clock::now();
  for (const Pod* pod : pods) snapshot.ensure_namespace(pod->metadata.namespace_);
  for (const Pod* pod : pods) {
    PodInfo info(*pod, context.gates);
    CycleState state;
    report.results.push_back(make_pod_verdict(*pod, snapshot, framework.run(snapshot, info, options.all_reasons, state)));
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
