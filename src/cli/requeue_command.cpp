#include "podfit/cli/requeue_command.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <variant>

#include <fmt/format.h>

#include "podfit/cli/pending_pods.h"
#include "podfit/load/loader.h"
#include "podfit/queue/requeue.h"
#include "podfit/report/requeue_report.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

// The one object a --old or --new file holds: a Node, ResourceClaim, ResourceSlice or DeviceClass.
using EventObject = std::variant<Node, ResourceClaim, ResourceSlice, DeviceClass>;

std::string_view kind_of(const EventObject& object) {
  static constexpr std::string_view kKinds[] = {"Node", "ResourceClaim", "ResourceSlice", "DeviceClass"};
  return kKinds[object.index()];
}

const SourceRef& origin_of(const EventObject& object) {
  return std::visit([](const auto& o) -> const SourceRef& { return o.origin; }, object);
}

std::string name_of(const EventObject& object) {
  return std::visit(
      [](const auto& o) {
        return o.metadata.namespace_.empty() ? o.metadata.name : o.metadata.namespace_ + "/" + o.metadata.name;
      },
      object);
}

// Reads a file that must hold exactly one object of a kind an event can carry; prints the error
// and returns nullopt otherwise.
std::optional<EventObject> load_event_file(const std::string& flag, const std::string& path, std::ostream& err) {
  ClusterState state;
  if (auto e = load_cluster_state({path}, LoadOptions{}, state)) {
    err << "error: " << flag << ": " << e->message << '\n';
    return std::nullopt;
  }
  const size_t found =
      state.nodes.size() + state.resource_claims.size() + state.resource_slices.size() + state.device_classes.size();
  size_t others = state.pods.size() + state.namespaces.size() + state.persistent_volumes.size() +
                  state.persistent_volume_claims.size() + state.storage_classes.size() + state.csi_nodes.size() +
                  state.csi_drivers.size() + state.csi_storage_capacities.size() + state.priority_classes.size() +
                  state.pod_disruption_budgets.size() + state.runtime_classes.size() + state.limit_ranges.size() +
                  state.resource_quotas.size() + state.resource_claim_templates.size() +
                  state.device_taint_rules.size();
  for (const auto& [kind, count] : state.skipped_kinds) others += static_cast<size_t>(count);
  if (found != 1 || others != 0) {
    err << fmt::format("error: {} {}: expected exactly one Node, ResourceClaim, ResourceSlice or DeviceClass, found {} "
                       "such object{}{}\n",
                       flag, path == "-" ? "<stdin>" : path, found, found == 1 ? "" : "s",
                       others ? fmt::format(" and {} other object{}", others, others == 1 ? "" : "s") : "");
    return std::nullopt;
  }
  if (!state.nodes.empty()) return EventObject(std::move(state.nodes.front()));
  if (!state.resource_claims.empty()) return EventObject(std::move(state.resource_claims.front()));
  if (!state.resource_slices.empty()) return EventObject(std::move(state.resource_slices.front()));
  return EventObject(std::move(state.device_classes.front()));
}

DraObject as_dra_object(EventObject object) {
  if (auto* claim = std::get_if<ResourceClaim>(&object)) return std::move(*claim);
  if (auto* slice = std::get_if<ResourceSlice>(&object)) return std::move(*slice);
  return std::move(std::get<DeviceClass>(object));
}

std::string where(const EventObject& object) {
  const SourceRef& at = origin_of(object);
  return fmt::format("{}, document {}, line {}", at.file, at.document, at.line);
}

}  // namespace

int run_requeue(const RequeueOptions& options, std::ostream& out, std::ostream& err) {
  static const char* kOutputs[] = {"table", "wide", "json", "yaml"};
  if (std::find(std::begin(kOutputs), std::end(kOutputs), options.output) == std::end(kOutputs)) {
    err << fmt::format("error: unknown output format \"{}\": use one of table, wide, json, yaml\n", options.output);
    return 2;
  }
  if (options.new_node_file.empty()) {
    err << "error: nothing changed: use --new FILE (a Node, ResourceClaim, ResourceSlice or DeviceClass added), with "
           "--old FILE for an update\n";
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

  std::optional<EventObject> old_object;
  if (!options.old_node_file.empty()) {
    old_object = load_event_file("--old", options.old_node_file, err);
    if (!old_object) return 2;
  }
  std::optional<EventObject> new_object = load_event_file("--new", options.new_node_file, err);
  if (!new_object) return 2;
  if (old_object && old_object->index() != new_object->index()) {
    err << fmt::format("error: --old and --new must be objects of the same kind: got {} {} ({}) and {} {} ({})\n",
                       kind_of(*old_object), name_of(*old_object), where(*old_object), kind_of(*new_object),
                       name_of(*new_object), where(*new_object));
    return 2;
  }
  if (old_object && name_of(*old_object) != name_of(*new_object)) {
    err << fmt::format("error: --old and --new must be the same {}: got \"{}\" ({}) and \"{}\" ({})\n",
                       kind_of(*new_object) == "Node" ? "node" : kind_of(*new_object), name_of(*old_object),
                       where(*old_object), name_of(*new_object), where(*new_object));
    return 2;
  }
  const bool node_event = std::holds_alternative<Node>(*new_object);
  if (options.pre_check && !node_event) {
    err << fmt::format("error: --pre-check applies to Node events only: the pre-enqueue check of kube-scheduler before "
                       "v1.32 looked at the changed node, and a {} event always asked the queueing hints\n",
                       kind_of(*new_object));
    return 2;
  }

  LoadedInput input;
  InputOptions input_options = options.input;
  input_options.keep_bound_pods = true;  // the pre-enqueue check's node-name test is part of what requeue reports
  if (!load_input(input_options, input, err)) return 2;
  announce_release(options.output, input, err);

  std::vector<Pod> pods;
  if (!options.input.pods.empty()) {
    for (const Candidate& c : input.candidates) pods.push_back(c.pod);
  } else {
    const Snapshot snapshot(input.cluster, input.context.gates);
    for (const Pod* p : pending_pods_in(snapshot, input_options.namespace_)) pods.push_back(*p);
    if (pods.empty()) {
      err << no_pending_pods_notice(input.cluster, options.input.namespace_, "use --pod to name the pods waiting")
          << '\n';
    }
  }

  // SchedulerQueueingHints off (v1.32, v1.33 only): the queue asks the pre-enqueue check instead.
  const bool hints_off = !input.context.gates.scheduler_queueing_hints;
  if (hints_off && options.hints) {
    err << "error: --hints: SchedulerQueueingHints is off, so the queue asks no queueing hint\n";
    return 2;
  }
  if (hints_off && !node_event) {
    err << fmt::format("error: podfit models the queue's handling of a {} event only with SchedulerQueueingHints on\n",
                       kind_of(*new_object));
    return 2;
  }
  RequeueOutcome outcome;
  if (node_event) {
    const RequeueMode mode = options.pre_check || hints_off ? RequeueMode::PreCheck : RequeueMode::QueueingHints;
    const Node* old_node = old_object ? &std::get<Node>(*old_object) : nullptr;
    outcome = simulate_requeue(input.cluster, old_node, std::get<Node>(*new_object), pods, mode, input.context);
    outcome.mode_from_gate = hints_off && !options.pre_check;
  } else {
    std::optional<DraObject> old_dra;
    if (old_object) old_dra = as_dra_object(std::move(*old_object));
    outcome = simulate_dra_requeue(input.cluster, old_dra ? &*old_dra : nullptr, as_dra_object(std::move(*new_object)),
                                   pods, input.context);
  }

  outcome.release = input.release;
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
