#include "podfit/cli/drain_command.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "podfit/cli/pending_pods.h"
#include "podfit/cli/progress.h"
#include "podfit/config/scheduler_config.h"
#include "podfit/drain/drain.h"
#include "podfit/framework/parallelizer.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/profiles.h"
#include "podfit/report/drain_report.h"
#include "podfit/snapshot/snapshot.h"
#include "podfit/util/plural.h"
#include "podfit/util/strings.h"

namespace podfit {

namespace {

// --all: each node drained on its own. The drains are independent, so each worker takes the
// next node from a shared counter and drains it on a snapshot of its own (the first worker with
// `simulator`'s), which every drain leaves as it found it: no snapshot is rebuilt per node, and
// the plugins' per-cycle work runs on the worker's thread while the other core does the same.
std::vector<DrainOutcome> drain_each(const std::vector<std::string>& names, const ClusterState& cluster,
                                     DrainSimulator& simulator,
                                     const SchedulerConfiguration& scheduler_config, const FeatureGates& gates,
                                     const DrainFlags& flags, ProgressLine& progress) {
  std::vector<DrainOutcome> outcomes(names.size());
  std::atomic<size_t> next{0};
  std::atomic<size_t> finished{0};
  progress.phase("Draining node", names.size());
  const Parallelizer workers;
  const size_t count = std::min(workers.parallelism(), names.size());
  workers.until(count, [&](size_t worker) {
    std::optional<Snapshot> own_snapshot;
    std::optional<Profiles> own_profiles;
    std::optional<PlacementProfiles> own_placement;
    std::optional<DrainSimulator> own_simulator;
    DrainSimulator* drainer = &simulator;
    if (worker > 0) {
      own_snapshot.emplace(cluster, gates);
      own_profiles.emplace(scheduler_config, gates);
      nominate_queued_pods(*own_snapshot, *own_profiles, gates);
      own_placement.emplace(scheduler_config, *own_profiles, gates);
      drainer = &own_simulator.emplace(cluster, *own_snapshot, *own_placement, gates, flags);
    }
    for (size_t i = next++; i < names.size(); i = next++) {
      outcomes[i] = drainer->summarize(names[i]);
      progress.advance(++finished);
    }
  });
  return outcomes;
}

}  // namespace

int run_drain(const DrainOptions& options, std::ostream& out, std::ostream& err) {
  static const char* kOutputs[] = {"table", "wide", "json", "yaml"};
  if (std::find(std::begin(kOutputs), std::end(kOutputs), options.output) == std::end(kOutputs)) {
    err << fmt::format("error: unknown output format \"{}\": use one of table, wide, json, yaml\n", options.output);
    return 2;
  }
  if (options.all == !options.nodes.empty()) {
    err << "error: name the nodes to drain with --node NAME, or drain each node on its own with --all\n";
    return 2;
  }
  if (!options.input.pods.empty()) {
    err << "error: drain moves the pods of the drained nodes: --pod does not apply\n";
    return 2;
  }
  LoadedInput input;
  if (!load_input(options.input, input, err)) return 2;
  announce_release(options.output, input, err);
  const ClusterState& cluster = input.cluster;
  const FeatureGates& gates = input.context.gates;
  SchedulerConfiguration scheduler_config;
  if (!load_config_option(options.input.config, gates, scheduler_config, err)) return 2;

  ProgressLine progress(options.input.progress);
  progress.phase(fmt::format("Building the snapshot of {}", counted(cluster.nodes.size(), "node")));
  Snapshot snapshot(cluster, gates);
  progress.phase({});  // nothing to draw while the notices below are written
  progress.erase();
  std::vector<std::string> nodes = options.nodes;
  std::set<std::string> seen;
  std::erase_if(nodes, [&](const std::string& name) { return !seen.insert(name).second; });
  for (const std::string& name : nodes) {
    if (snapshot.find_node(name) == nullptr) {
      const auto& removed = options.input.remove_nodes;
      if (std::find(removed.begin(), removed.end(), name) != removed.end()) {
        err << fmt::format("error: --node: node \"{}\" is removed by --remove-node\n", name);
      } else {
        err << fmt::format("error: --node: node \"{}\" is not in the cluster state\n", name);
      }
      return 2;
    }
  }
  const bool table = options.output == "table" || options.output == "wide";
  if (std::string notice = what_if_notice(input.what_if); !notice.empty() && table) err << notice << '\n';
  if (auto notice = orphaned_pods_notice(snapshot.orphaned_pods()); !notice.empty()) err << notice << '\n';

  const Profiles profiles(scheduler_config, gates);
  nominate_queued_pods(snapshot, profiles, gates);
  const PlacementProfiles placement(scheduler_config, profiles, gates);
  if (!placement.not_run().empty()) {
    err << "podfit: not run (podfit does not implement them): " << join(placement.not_run(), ", ")
        << '\n';
  }
  if (auto missing = profiles.not_implemented(); !missing.empty()) {
    err << "podfit: not evaluated (not implemented yet): " << join(missing, ", ") << '\n';
  }
  DrainSimulator simulator(cluster, snapshot, placement, gates, options.flags);
  simulator.explain_rejections(options.output == "wide" && !options.all);

  std::ostringstream buffer;
  const DrainTableStyle style{options.color, options.output == "wide"};
  bool drainable = true;
  if (options.all) {
    std::vector<std::string> names;
    for (const auto& node : snapshot.nodes()) names.push_back(node->name());
    std::vector<DrainOutcome> outcomes =
        drain_each(names, cluster, simulator, scheduler_config, gates, options.flags, progress);
    progress.finish();
    for (const DrainOutcome& o : outcomes) drainable = drainable && o.drainable();
    if (options.output == "json") write_drain_all_json(buffer, outcomes, input.what_if, input.release);
    else if (options.output == "yaml") write_drain_all_yaml(buffer, outcomes, input.what_if, input.release);
    else write_drain_all_table(buffer, outcomes, style);
  } else {
    progress.phase(fmt::format("Draining {}", join(nodes, ", ")));
    const DrainOutcome outcome = simulator.drain(nodes);
    progress.finish();
    drainable = outcome.drainable();
    if (options.output == "json") write_drain_json(buffer, outcome, input.what_if, input.release);
    else if (options.output == "yaml") write_drain_yaml(buffer, outcome, input.what_if, input.release);
    else write_drain_table(buffer, outcome, style);
  }
  out << buffer.view();
  out.flush();
  return drainable ? 0 : 1;
}

}  // namespace podfit
