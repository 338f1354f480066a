#include "podfit/cli/place_command.h"

#include <algorithm>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "podfit/cli/copy_placement.h"
#include "podfit/cli/pending_pods.h"
#include "podfit/cli/progress.h"
#include "podfit/config/scheduler_config.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/profiles.h"
#include "podfit/framework/scheduling_cycle.h"
#include "podfit/plugins/dynamic_resources/dynamic_resources.h"
#include "podfit/report/placement_report.h"
#include "podfit/snapshot/snapshot.h"
#include "podfit/util/plural.h"

namespace podfit {
namespace {

std::string key_of(const std::string& ns, const std::string& name) { return ns + "/" + name; }

void add_unique(std::vector<std::pair<std::string, std::string>>& to,
                const std::vector<std::pair<std::string, std::string>>& from) {
  for (const auto& entry : from) {
    if (std::find(to.begin(), to.end(), entry) == to.end()) to.push_back(entry);
  }
}

Placement placement_of(const Pod& pod, const Candidate& candidate, size_t index, const CycleResult& result,
                       const Snapshot& snapshot) {
  const size_t node_count = snapshot.nodes().size();
  Placement p;
  p.namespace_ = pod.metadata.namespace_;
  p.name = pod.metadata.name;
  p.workload = candidate.workload;
  p.candidate = index;
  p.node_count = node_count;
  p.feasible_nodes = result.feasible_nodes;
  add_unique(p.not_evaluated, result.filter.not_evaluated);
  add_unique(p.not_evaluated, result.choice.scores.not_evaluated);
  p.caveats = result.choice.scores.caveats;
  if (!result.bound()) {
    p.stage = std::string(cycle_stage_name(result.stage));
    p.message = result.message;
    return p;
  }
  p.placed = true;
  p.node = result.node;
  if (result.choice.scored) {
    const auto& scored = result.choice.scores.nodes;
    size_t top = 0;
    for (const auto& s : scored) {
      if (s.name == p.node) p.score = s.total;
    }
    for (const auto& s : scored) top += p.score && s.total == *p.score;
    p.tie = top > 1;
    // The best nodes only: a report of thousands of copies over thousands of nodes stays small.
    std::vector<const NodePluginScores*> order;
    for (const auto& s : scored) order.push_back(&s);
    std::stable_sort(order.begin(), order.end(), [](const NodePluginScores* a, const NodePluginScores* b) {
      return a->total != b->total ? a->total > b->total : a->name < b->name;
    });
    for (size_t i = 0; i < order.size() && i < kReportedNodes; ++i) p.scores.push_back(*order[i]);
  }
  p.pre_bind = result.pre_bind_writes;
  if (result.assumed != nullptr) {
    for (const ResourceClaim* claim : claims_reserved_for_pod(snapshot, result.assumed->pod())) {
      ClaimAllocation c{claim->metadata.namespace_, claim->metadata.name, {}};
      if (claim->allocation) c.devices = claim->allocation->results;
      p.claims.push_back(std::move(c));
    }
  }
  p.binding = result.binding;
  p.binder = result.binder;
  return p;
}

std::string joined(const std::vector<std::string>& items, size_t most) {
  std::string out;
  for (size_t i = 0; i < items.size() && i < most; ++i) out += (i ? ", " : "") + items[i];
  if (items.size() > most) out += fmt::format(" and {} more", items.size() - most);
  return out;
}

}  // namespace

int run_place(const PlaceOptions& options, std::ostream& out, std::ostream& err) {
  static const char* kOutputs[] = {"table", "wide", "json", "yaml", "bindings"};
  if (std::find(std::begin(kOutputs), std::end(kOutputs), options.output) == std::end(kOutputs)) {
    err << fmt::format("error: unknown output format \"{}\": use one of table, wide, json, yaml, bindings\n",
                       options.output);
    return 2;
  }
  if (options.replicas && options.max) {
    err << "error: --replicas and --max cannot be used together\n";
    return 2;
  }
  if (options.replicas && *options.replicas < 0) {
    err << "error: --replicas must not be negative\n";
    return 2;
  }
  if (options.limit == 0) {
    err << "error: --limit must be at least 1\n";
    return 2;
  }
  if (options.replicas && static_cast<size_t>(*options.replicas) > options.limit) {
    err << fmt::format("error: --replicas {} is more than --limit {}: raise --limit to place that many\n",
                       *options.replicas, options.limit);
    return 2;
  }
  LoadedInput input;
  if (!load_input(options.input, input, err)) return 2;
  announce_release(options.output, input, err);
  const ClusterState& cluster = input.cluster;
  const PluginContext& context = input.context;

  SchedulerConfiguration scheduler_config;
  if (!load_config_option(options.input.config, context.gates, scheduler_config, err)) return 2;

  ProgressLine progress(options.input.progress);
  progress.phase(fmt::format("Building the snapshot of {}", counted(cluster.nodes.size(), "node")));
  Snapshot snapshot(cluster, context.gates);
  progress.phase({});  // nothing to draw while the notices below are written
  progress.erase();
  // JSON and YAML carry the what-if changes in the report itself.
  if (options.output != "json" && options.output != "yaml") {
    if (std::string notice = what_if_notice(input.what_if); !notice.empty()) err << notice << '\n';
  }
  if (auto notice = orphaned_pods_notice(snapshot.orphaned_pods()); !notice.empty()) err << notice << '\n';

  // The pods to place: --pod's, else the pending pods; the scheduling queue pops higher
  // priorities first, and podfit keeps the input order among equal ones.
  std::vector<Candidate> pending;
  std::vector<const Candidate*> candidates;
  if (!options.input.pods.empty()) {
    for (const Candidate& c : input.candidates) candidates.push_back(&c);
  } else {
    const std::vector<const Pod*> pending_pods = pending_pods_in(snapshot, options.input.namespace_);
    pending.reserve(pending_pods.size());
    for (const Pod* pod : pending_pods) pending.push_back(Candidate{*pod, std::nullopt, std::nullopt, std::nullopt});
    for (const Candidate& c : pending) candidates.push_back(&c);
    if (candidates.empty()) {
      err << no_pending_pods_notice(cluster, options.input.namespace_, "use --pod to place a pod") << '\n';
    }
  }
  std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate* a, const Candidate* b) {
    return a->pod.spec.priority.value_or(0) > b->pod.spec.priority.value_or(0);
  });

  const Profiles profiles(scheduler_config, context.gates);
  nominate_queued_pods(snapshot, profiles, context.gates);
  const PlacementProfiles placement(scheduler_config, profiles, context.gates, deployment_selector(candidates));
  PlacementReport report;
  report.release = input.release;
  report.max = options.max;
  report.what_if = input.what_if;
  report.not_run = placement.not_run();
  for (const ExtenderConfig& extender : scheduler_config.extenders) {
    report.not_run.push_back("Extender " + extender.url_prefix);
  }
  if (!report.not_run.empty()) {
    err << "podfit: not run (podfit does not implement them): " << joined(report.not_run, report.not_run.size())
        << '\n';
  }
  if (auto missing = profiles.not_implemented(); !missing.empty()) {
    err << "podfit: not evaluated (not implemented yet): " << joined(missing, missing.size()) << '\n';
  }

  // Every copy created is charged to its namespace's quotas, so the next copy finds them fuller.
  CopyPlacer placer(cluster, snapshot, profiles, placement, context.gates, !options.input.pods.empty());
  const CopyRequest request{options.replicas, options.max, options.limit};
  size_t attempted = 0;
  progress.phase("Placing pods");
  for (size_t index = 0; index < candidates.size(); ++index) {
    const Candidate& candidate = *candidates[index];
    progress.erase();  // Copies may say why it makes fewer copies
    Copies copies(candidate, cluster, snapshot, context, request, err);
    CandidateCount& count = report.candidates.emplace_back();
    count.namespace_ = candidate.pod.metadata.namespace_;
    count.name = candidate.pod.metadata.name;
    count.workload = candidate.workload;
    const size_t most = copies.count().value_or(options.limit);
    for (size_t i = 0; i < most; ++i) {
      Candidate copy = copies.make(i);
      ++count.asked;
      const CopyAttempt attempt = placer.place(candidate, copy);
      progress.advance(++attempted);
      Placement p;
      if (!attempt.stage.empty()) {
        // The pod never reached a scheduling cycle.
        p = placement_of(copy.pod, candidate, index, CycleResult{}, snapshot);
        p.stage = attempt.stage;
        p.message = attempt.message;
      } else {
        p = placement_of(copy.pod, candidate, index, attempt.cycle, snapshot);
      }
      const bool placed = p.placed;
      if (placed) ++count.placed;
      // -o bindings prints Bindings only: why a pod got none goes to standard error.
      if (!placed && options.output == "bindings") {
        progress.erase();
        err << fmt::format("podfit: {} not placed: {}\n", key_of(p.namespace_, p.name), p.message);
      }
      report.placements.push_back(std::move(p));
      if (options.max && !placed) break;
      if (!copies.count() && i + 1 == most) report.limit_reached = options.limit;
    }
  }
  progress.finish();
  const std::vector<std::string>& created = placer.created_claims();
  const std::vector<std::string>& created_resource_claims = placer.created_resource_claims();
  if (!created.empty()) {
    err << fmt::format("podfit: assumed created by controllers for the pods placed: {} {}\n",
                       created.size() == 1 ? "PersistentVolumeClaim" : "PersistentVolumeClaims", joined(created, 5));
  }
  if (!created_resource_claims.empty()) {
    err << fmt::format("podfit: assumed created by controllers for the pods placed: {} {}\n",
                       created_resource_claims.size() == 1 ? "ResourceClaim" : "ResourceClaims",
                       joined(created_resource_claims, 5));
  }
  for (const CandidateCount& c : report.candidates) report.fit_count += c.placed;

  std::ostringstream buffer;
  if (options.output == "json") write_placement_json(buffer, report);
  else if (options.output == "yaml") write_placement_yaml(buffer, report);
  else if (options.output == "bindings") write_placement_bindings(buffer, report);
  else write_placement_table(buffer, report, TableStyle{options.color, options.output == "wide"});
  out << buffer.view();
  out.flush();

  for (const CandidateCount& c : report.candidates) {
    if (options.max ? c.placed == 0 : c.placed < c.asked) return 1;
  }
  // As check's: placed by the plugins podfit ran, but one it did not evaluate could refuse.
  const bool partial = std::any_of(report.placements.begin(), report.placements.end(),
                                   [](const Placement& p) { return !p.not_evaluated.empty(); });
  return partial ? 3 : 0;
}

}  // namespace podfit
