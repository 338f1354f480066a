#include "podfit/cli/check_command.h"

#include <chrono>
#include <optional>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "podfit/framework/fit_error.h"
#include "podfit/config/scheduler_config.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/names.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/preemption.h"
#include "podfit/framework/profiles.h"
#include "podfit/framework/registry.h"
#include "podfit/framework/scoring_error.h"
#include "podfit/cli/copy_placement.h"
#include "podfit/cli/input.h"
#include "podfit/cli/pending_pods.h"
#include "podfit/cli/progress.h"
#include "podfit/cli/workload_check.h"
#include "podfit/report/fit_report_writer.h"
#include "podfit/snapshot/snapshot.h"
#include "podfit/util/chunked_output.h"
#include "podfit/util/plural.h"

namespace podfit {
namespace {

// What one check works on. The last one is kept until the process exits: the OS takes its
// pages back at once, where freeing a 150,000-pod cluster object by object took longer than
// building its snapshot (and freeing 20,000 distinct profiles a fifth of loading them).
struct CheckWorkingSet {
  LoadedInput input;
  std::optional<Snapshot> snapshot;
  SchedulerConfiguration scheduler_config;
  std::optional<Profiles> profiles;
  std::optional<PlacementProfiles> scoring;
};

CheckWorkingSet& new_working_set() {
  static CheckWorkingSet* last = nullptr;
  delete last;
  last = new CheckWorkingSet;
  return *last;
}

}  // namespace

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  static const char* kOutputs[] = {"table", "wide", "json", "yaml", "name"};
  if (std::find(std::begin(kOutputs), std::end(kOutputs), options.output) == std::end(kOutputs)) {
    err << fmt::format("error: unknown output format \"{}\": use one of table, wide, json, yaml, name\n", options.output);
    return 2;
  }
  using Clock = std::chrono::steady_clock;
  auto seconds_since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  const Clock::time_point started = Clock::now();
  CheckWorkingSet& working_set = new_working_set();
  LoadedInput& input = working_set.input;
  if (!load_input(options.input, input, err)) return 2;
  announce_release(options.output, input, err);
  const ClusterState& cluster = input.cluster;
  const PluginContext& context = input.context;
  const double load_seconds = seconds_since(started);
  ProgressLine progress(options.input.progress);
  progress.phase(fmt::format("Building the snapshot of {}", counted(cluster.nodes.size(), "node")));
  const Clock::time_point snapshot_started = Clock::now();
  Snapshot& snapshot = working_set.snapshot.emplace(cluster, context.gates);
  progress.phase({});  // nothing to draw while the notices below are written
  progress.erase();
  const double snapshot_seconds = seconds_since(snapshot_started);
  // JSON and YAML carry the what-if changes in the report itself.
  if (options.output != "json" && options.output != "yaml") {
    if (std::string notice = what_if_notice(input.what_if); !notice.empty()) err << notice << '\n';
  }
  if (auto notice = orphaned_pods_notice(snapshot.orphaned_pods()); !notice.empty()) err << notice << '\n';
  // The profiles pods are checked with: --config's, or kube-scheduler's default profile.
  SchedulerConfiguration& scheduler_config = working_set.scheduler_config;
  if (!load_config_option(options.input.config, context.gates, scheduler_config, err)) return 2;
  const Profiles& profiles = working_set.profiles.emplace(scheduler_config, context.gates);
  nominate_queued_pods(snapshot, profiles, context.gates);
  // Their Score plugins, whose PreScore can end an attempt with an Error.
  const PlacementProfiles& scoring = working_set.scoring.emplace(scheduler_config, profiles, context.gates);
  std::vector<std::string> skipped_plugins = profiles.not_implemented();
  if (!skipped_plugins.empty()) {
    std::string names;
    for (size_t i = 0; i < skipped_plugins.size(); ++i) names += (i ? ", " : "") + skipped_plugins[i];
    err << "podfit: not evaluated (not implemented yet): " << names << '\n';
  }

  // Only -o wide, json and yaml print podfit's details of a rejection.
  const bool output_shows_details = options.output == "wide" || options.output == "json" || options.output == "yaml";
  std::vector<const Pod*> pods;
  std::vector<const Candidate*> candidates;  // with --pod: what each of `pods` came from
  if (!options.input.pods.empty()) {
    for (const Candidate& c : input.candidates) {
      pods.push_back(&c.pod);
      candidates.push_back(&c);
    }
  } else {
    pods = pending_pods_in(snapshot, options.input.namespace_);
    if (pods.empty()) err << no_pending_pods_notice(cluster, options.input.namespace_, "use --pod to check a pod") << '\n';
  }
  const Clock::time_point check_started = Clock::now();
  for (const Pod* pod : pods) snapshot.ensure_namespace(pod->metadata.namespace_);
  // Each verdict is written once made, then freed; the output goes out a chunk at a time.
  // Nothing past this point returns an error, so a bad input still writes nothing to stdout.
  ChunkedOutputBuffer chunks(out, 1 << 20, [&progress] { progress.erase(); });
  std::ostream buffer(&chunks);
  const std::unique_ptr<FitReportWriter> writer =
      make_fit_report_writer(options.output, buffer, TableStyle{options.color, options.output == "wide"}, input.what_if,
                             pods.size() > 1, options.all_nodes);
  writer->begin(input.release);
  // A pod that fits nowhere is certain (unevaluated plugins only turn nodes down); one that fits
  // by the plugins podfit ran, with others not evaluated, is not a yes.
  bool any_unschedulable = false;
  bool any_undetermined = false;
  // A workload's replicas are placed one cycle after another on a snapshot of their own, so
  // that every result is checked against the cluster state as read.
  std::optional<PlacementProfiles> replica_profiles;
  auto add_replicas = [&](PodVerdict& verdict, const Candidate& candidate) {
    const WorkloadRef& workload = *candidate.workload;
    if (workload.kind == "PodTemplate") return;
    ReplicaOutcome& replicas = verdict.replicas.emplace();
    if (workload.kind == "DaemonSet") {
      // check_daemon_set filtered the pod of every node it runs on.
      replicas.wanted = verdict.workload ? verdict.workload->replicas.value_or(0) : 0;
      replicas.placed = static_cast<int64_t>(verdict.feasible_nodes.size());
      return;
    }
    if (!has_replicas_to_place(candidate) || !verdict.status.empty() ||
        (!verdict.schedulable && !candidate.stateful_set)) {
      // One pod, or copies that would all meet the verdict already made.
      replicas.wanted = std::min<int64_t>(workload.replicas.value_or(1), kDefaultPlacementLimit);
      replicas.placed = verdict.schedulable && verdict.status.empty() ? replicas.wanted : 0;
      return;
    }
    if (!replica_profiles) {
      replica_profiles.emplace(scheduler_config, profiles, context.gates, deployment_selector(candidates));
    }
    Snapshot scratch(cluster, context.gates);
    nominate_queued_pods(scratch, profiles, context.gates);
    replicas = place_replicas(candidate, cluster, scratch, profiles, *replica_profiles, context, err);
  };
  auto write_verdict = [&](const PodVerdict& verdict) {
    any_unschedulable = any_unschedulable || !verdict.schedulable || !verdict.all_replicas_placed();
    any_undetermined = any_undetermined || verdict.undetermined();
    writer->write(verdict);
  };
  progress.phase("Checking pod", pods.size());
  for (size_t k = 0; k < pods.size(); ++k) {
    progress.advance(k);
    const Pod* pod = pods[k];
    const Candidate* candidate = k < candidates.size() ? candidates[k] : nullptr;
    // A pod the API server refuses to create never reaches the scheduler.
    if (candidate != nullptr && candidate->refused) {
      PodVerdict r = make_refused_verdict(*pod, snapshot, candidate->refused->plugin, candidate->refused->message);
      name_after_workload(r, *candidate);
      if (candidate->workload) add_replicas(r, *candidate);
      const std::string by = r.admission_plugin.empty()
                                 ? std::string("the API server's validation after the mutating admission plugins")
                                 : fmt::format("the {} admission plugin", r.admission_plugin);
      progress.erase();
      err << fmt::format("podfit: {}/{} not checked: refused by {}: {}\n", r.namespace_, r.name, by, r.message);
      write_verdict(r);
      continue;
    }
    // kube-scheduler schedules a pod only with the profile its schedulerName names, and only
    // once the profile's PreEnqueue plugins (SchedulingGates, DynamicResources) let it into the queue.
    const Profile* profile = profiles.find(pod->spec.scheduler_name);
    const Status gated =
        profile != nullptr ? run_pre_enqueue_plugins(profile->pre_enqueue, *pod, snapshot, context.gates) : Status();
    if (profile == nullptr || !gated.is_success()) {
      PodVerdict r = profile == nullptr ? make_unserved_verdict(*pod, snapshot) : make_gated_verdict(*pod, snapshot, gated);
      if (candidate != nullptr) name_after_workload(r, *candidate);
      if (candidate != nullptr && candidate->workload) add_replicas(r, *candidate);
      progress.erase();
      err << fmt::format("podfit: {}/{} not checked: {}\n", r.namespace_, r.name, r.message);
      write_verdict(r);
      continue;
    }
    const Framework& framework = *profile->framework;
    PodVerdict verdict;
    if (candidate != nullptr && candidate->workload && candidate->workload->kind == "DaemonSet") {
      verdict = check_daemon_set(*candidate, snapshot, framework, context, options.all_reasons);
    } else {
      PodInfo info(*pod, context.gates);
      CycleState state;
      state.set_explains(output_shows_details);
      FilterOutcome outcome = framework.run(snapshot, info, options.all_reasons, state);
      // A pod that fits nowhere goes through the PostFilter plugins (FitError only, not Error).
      PostFilterOutcome post;
      if (outcome.feasible_count() == 0 && !outcome.error.is_error() && !snapshot.nodes().empty()) {
        PostFilterInput post_input;
        for (const std::string& name : profile->post_filter) {
          if (options.no_preemption && name == names::kDefaultPreemption) continue;
          post_input.post_filter_plugins.push_back(name);
        }
        post_input.pre_filter_plugins = profile->pre_filter;
        post_input.pdbs = &cluster.pod_disruption_budgets;
        post_input.dynamic_resource_allocation = context.gates.dynamic_resource_allocation;
        post_input.changes = context.gates.changes;
        post = run_post_filter(framework, snapshot, info, state, outcome, post_input);
      }
      const CycleProfile* cycle = scoring.find(pod->spec.scheduler_name);
      const Status scored =
          scoring_error(framework, cycle ? cycle->scoring : nullptr, state, info, snapshot, outcome);
      const bool attempt_failed = outcome.error.is_error() || !scored.is_success();
      verdict = make_pod_verdict(*pod, snapshot, std::move(outcome));
      add_post_filter(verdict, snapshot, post);
      // A PreScore Error ends kube-scheduler's attempt as a Filter Error does: no node is chosen.
      if (!scored.is_success()) {
        verdict.schedulable = false;
        verdict.message = scored.message();
      }
      if (candidate != nullptr) name_after_workload(verdict, *candidate);
      // -o name prints nodes only: an attempt that ended in an error would leave no trace.
      if (attempt_failed && options.output == "name") {
        progress.erase();
        err << fmt::format("podfit: {}/{}: the scheduling attempt ended in an error: {}\n", verdict.namespace_,
                           verdict.name, verdict.message);
      }
    }
    if (candidate != nullptr && candidate->workload) add_replicas(verdict, *candidate);
    // podfit calls no scheduler extender: their Filter verdicts are missing from this one.
    for (const ExtenderConfig& extender : scheduler_config.extenders) {
      if (extender.filter_verb.empty()) continue;
      verdict.not_evaluated.emplace_back(
          "Extender", fmt::format("the filterVerb of extender {} is not called: podfit calls no scheduler extender",
                                  extender.url_prefix));
    }
    for (const auto& [plugin, why] : verdict.not_evaluated) {
      progress.erase();
      err << fmt::format("podfit: {} not evaluated for {}/{}: {}\n", plugin, verdict.namespace_, verdict.name, why);
      if (std::find(skipped_plugins.begin(), skipped_plugins.end(), plugin) == skipped_plugins.end()) {
        skipped_plugins.push_back(plugin);
      }
    }
    write_verdict(verdict);
  }
  writer->end(skipped_plugins);
  progress.finish();
  buffer.flush();

  if (options.timings) {
    err << fmt::format("podfit: timings: load {:.3f}s ({}, {}), snapshot {:.3f}s, check {:.3f}s ({} x {})\n",
                       load_seconds, counted(cluster.nodes.size(), "node"), counted(cluster.pods.size(), "pod"),
                       snapshot_seconds, seconds_since(check_started), counted(pods.size(), "pod"),
                       counted(snapshot.nodes().size(), "node"));
  }
  if (any_unschedulable) return 1;
  return any_undetermined ? 3 : 0;
}

}  // namespace podfit
