#include "podfit/cli/requeue_command.h"

#include <algorithm>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "podfit/load/loader.h"
#include "podfit/queue/requeue.h"
#include "podfit/report/requeue_report.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

// Reads a file that must hold exactly one Node; prints the error and returns nullopt otherwise.
std::optional<Node> load_node_file(const std::string& flag, const std::string& path, std::ostream& err) {
  ClusterState state;
  if (auto e = load_cluster_state({path}, LoadOptions{}, state)) {
    err << "error: " << flag << ": " << e->message << '\n';
    return std::nullopt;
  }
  size_t others = state.pods.size() + state.namespaces.size() + state.persistent_volumes.size() +
                  state.persistent_volume_claims.size() + state.storage_classes.size() + state.csi_nodes.size() +
                  state.csi_drivers.size() + state.csi_storage_capacities.size();
  for (const auto& [kind, count] : state.skipped_kinds) others += static_cast<size_t>(count);
  if (state.nodes.size() != 1 || others != 0) {
    err << fmt::format("error: {} {}: expected exactly one Node, found {} Node{}{}\n", flag,
                       path == "-" ? "<stdin>" : path, state.nodes.size(), state.nodes.size() == 1 ? "" : "s",
                       others ? fmt::format(" and {} other object{}", others, others == 1 ? "" : "s") : "");
    return std::nullopt;
  }
  return std::move(state.nodes.front());
}

}  // namespace

int run_requeue(const RequeueOptions& options, std::ostream& out, std::ostream& err) {
  static const char* kOutputs[] = {"table", "wide", "json", "yaml"};
  if (std::find(std::begin(kOutputs), std::end(kOutputs), options.output) == std::end(kOutputs)) {
    err << fmt::format("error: unknown output format \"{}\": use one of table, wide, json, yaml\n", options.output);
    return 2;
  }
  if (options.new_node_file.empty()) {
    err << "error: no node given: use --new NODE_FILE (a node added), with --old NODE_FILE for an update\n";
    return 2;
  }
  if (options.hints && options.pre_check) {
    err << "error: --hints and --pre-check cannot be combined: the pre-enqueue check asks no queueing hint\n";
    return 2;
  }
  int stdin_uses = (options.old_node_file == "-") + (options.new_node_file == "-");
  for (const auto& f : options.input.filenames) stdin_uses += f == "-";
  for (const auto& f : options.input.pods) stdin_uses += f == "-";
  if (stdin_uses > 1) {
    err << "error: standard input (-) can be read only once\n";
    return 2;
  }

  std::optional<Node> old_node;
  if (!options.old_node_file.empty()) {
    old_node = load_node_file("--old", options.old_node_file, err);
    if (!old_node) return 2;
  }
  const std::optional<Node> new_node = load_node_file("--new", options.new_node_file, err);
  if (!new_node) return 2;
  if (old_node && old_node->metadata.name != new_node->metadata.name) {
    err << fmt::format("error: --old and --new must be the same node: got \"{}\" and \"{}\"\n",
                       old_node->metadata.name, new_node->metadata.name);
    return 2;
  }

  LoadedInput input;
  if (!load_input(options.input, input, err)) return 2;

  std::vector<Pod> pods;
  if (!options.input.pods.empty()) {
    for (const Candidate& c : input.candidates) pods.push_back(c.pod);
  } else {
    const Snapshot snapshot(input.cluster, input.context.gates);
    for (const Pod* p : snapshot.pending_pods()) pods.push_back(*p);
    if (pods.empty()) err << "podfit: no pending pods in the cluster state; use --pod to name the pods waiting\n";
  }

  const RequeueMode mode = options.pre_check ? RequeueMode::PreCheck : RequeueMode::QueueingHints;
  const RequeueOutcome outcome =
      simulate_requeue(input.cluster, old_node ? &*old_node : nullptr, *new_node, pods, mode, input.context);

  std::ostringstream buffer;
  if (options.output == "json") {
    write_requeue_json(buffer, outcome);
  } else if (options.output == "yaml") {
    write_requeue_yaml(buffer, outcome);
  } else {
    write_requeue_table(buffer, outcome, RequeueTableStyle{options.color, options.output == "wide", options.hints});
  }
  out << buffer.view();
  out.flush();
  return 0;
}

}  // namespace podfit
