#include "podfit/cli/place_command.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "podfit/admission/admission.h"
#include "podfit/admission/resource_quota.h"
#include "podfit/cli/pending_pods.h"
#include "podfit/cli/workload_check.h"
#include "podfit/config/scheduler_config.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/profiles.h"
#include "podfit/framework/scheduling_cycle.h"
#include "podfit/load/pod_creation.h"
#include "podfit/load/workload.h"
#include "podfit/plugins/dynamic_resources/dynamic_resources.h"
#include "podfit/report/placement_report.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

std::string key_of(const std::string& ns, const std::string& name) { return ns + "/" + name; }

std::string title_of(const Candidate& candidate) {
  if (candidate.workload) {
    return fmt::format("{} {}/{}", candidate.workload->kind, candidate.workload->namespace_, candidate.workload->name);
  }
  return key_of(candidate.pod.metadata.namespace_, candidate.pod.metadata.name);
}

bool is_kind(const Candidate& candidate, std::string_view kind) {
  return candidate.workload && candidate.workload->kind == kind;
}

// The pods one candidate stands for, made one at a time, as its controller would create them.
class Copies {
 public:
  Copies(const Candidate& candidate, const ClusterState& cluster, const Snapshot& snapshot,
         const PluginContext& context, const PlaceOptions& options, std::ostream& err)
      : candidate_(&candidate) {
    const bool workload = candidate.workload && candidate.workload->kind != "PodTemplate";
    renamed_ = workload || options.replicas || options.max;
    base_ = workload ? candidate.workload->name : candidate.pod.metadata.name;
    size_t wanted = options.replicas ? static_cast<size_t>(*options.replicas)
                                     : workload ? static_cast<size_t>(candidate.workload->replicas.value_or(1))
                                                : 1;
    if (is_kind(candidate, "DaemonSet")) {
      if (options.replicas || options.max) {
        err << fmt::format("podfit: {}: {} does not apply: the DaemonSet controller runs one pod on each node that "
                           "should run it\n",
                           title_of(candidate), options.max ? "--max" : "--replicas");
      }
      const FilterOutcome should_run = daemon_pod_placement(candidate.pod, snapshot, context, false);
      for (size_t i = 0; i < snapshot.nodes().size(); ++i) {
        if (should_run.node_failures[i].empty()) daemon_nodes_.push_back(snapshot.nodes()[i]->name());
      }
      count_ = daemon_nodes_.size();
      return;
    }
    if (candidate.stateful_set) {
      const std::string& ns = candidate.pod.metadata.namespace_;
      for (const Pod& pod : cluster.pods) {
        if (pod.metadata.namespace_ == ns) existing_.insert(pod.metadata.name);
      }
      next_ordinal_ = candidate.stateful_set->ordinal;
    }
    if (options.max) return;  // until one does not fit
    if (candidate.stateful_set) {
      // The controller creates the ordinals [start, start + replicas) that have no pod yet.
      const StatefulSetIdentity& identity = *candidate.stateful_set;
      for (size_t i = 0; i < wanted; ++i) {
        const int32_t ordinal = identity.start + static_cast<int32_t>(i);
        if (!existing_.contains(fmt::format("{}-{}", identity.set_name, ordinal))) ordinals_.push_back(ordinal);
      }
      wanted = ordinals_.size();
    }
    if (wanted > options.limit) {
      err << fmt::format("podfit: {}: placing {} of its {} pods (--limit)\n", title_of(candidate), options.limit,
                         wanted);
      wanted = options.limit;
    }
    count_ = wanted;
  }

  // How many copies to place; nullopt: until one does not fit.
  std::optional<size_t> count() const { return count_; }

  // The copy `index` (called with 0, 1, 2, ... in turn).
  Candidate make(size_t index) {
    Candidate copy = *candidate_;
    if (copy.stateful_set) {
      set_stateful_set_ordinal(copy, stateful_set_ordinal(index));
      return copy;
    }
    if (!daemon_nodes_.empty()) copy.pod = daemon_pod_for_node(candidate_->pod, daemon_nodes_[index]);
    if (renamed_) {
      ObjectMeta& meta = copy.pod.metadata;
      meta.name = fmt::format("{}-{}", base_, index);
      meta.generate_name.clear();
      // A copy is a pod of its own, not created yet.
      meta.uid.clear();
      meta.creation_timestamp.clear();
    }
    return copy;
  }

 private:
  int32_t stateful_set_ordinal(size_t index) {
    if (index < ordinals_.size()) return ordinals_[index];
    // --max: the next ordinal that has no pod yet.
    const std::string& set = candidate_->stateful_set->set_name;
    while (existing_.contains(fmt::format("{}-{}", set, next_ordinal_))) ++next_ordinal_;
    ordinals_.push_back(next_ordinal_++);
    return ordinals_.back();
  }

  const Candidate* candidate_;
  bool renamed_ = false;
  std::string base_;
  std::optional<size_t> count_;
  std::vector<std::string> daemon_nodes_;
  std::vector<int32_t> ordinals_;
  std::set<std::string> existing_;  // names of the cluster state's pods in the StatefulSet's namespace
  int32_t next_ordinal_ = 0;
};

// helper.DefaultSelector for the pods of the Deployments being placed: their ReplicaSet's pods,
// which are exactly the pods carrying its pod-template-hash (a stand-in no other pod carries).
ControllerSelector deployment_selector(const std::vector<const Candidate*>& candidates) {
  std::set<std::pair<std::string, std::string>> replica_sets;
  for (const Candidate* candidate : candidates) {
    if (!is_kind(*candidate, "Deployment")) continue;
    if (const std::string* hash = candidate->pod.metadata.labels.find("pod-template-hash")) {
      replica_sets.emplace(candidate->pod.metadata.namespace_, *hash);
    }
  }
  if (replica_sets.empty()) return {};
  return [replica_sets](const Pod& pod) -> std::optional<Selector> {
    const std::string* hash = pod.metadata.labels.find("pod-template-hash");
    if (hash == nullptr || !replica_sets.contains({pod.metadata.namespace_, *hash})) return std::nullopt;
    StringMap labels;
    labels.set("pod-template-hash", *hash);
    return Selector::from_set(labels);
  };
}

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

  Snapshot snapshot(cluster, context.gates);
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
    pending.reserve(snapshot.pending_pods().size());
    for (const Pod* pod : snapshot.pending_pods()) pending.push_back(Candidate{*pod, std::nullopt, std::nullopt, std::nullopt});
    for (const Candidate& c : pending) candidates.push_back(&c);
    if (candidates.empty()) {
      err << no_pending_pods_notice(cluster, options.input.namespace_, "use --pod to place a pod") << '\n';
    }
  }
  std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate* a, const Candidate* b) {
    return a->pod.spec.priority.value_or(0) > b->pod.spec.priority.value_or(0);
  });

  const Profiles profiles(scheduler_config, context.gates);
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

  std::vector<std::string> created;  // claims controllers create for the copies
  std::vector<std::string> created_resource_claims;  // the resourceclaim controller's, from templates
  // Every copy created is charged to its namespace's quotas, so the next copy finds them fuller.
  std::vector<ResourceQuota> quotas = cluster.resource_quotas;
  for (size_t index = 0; index < candidates.size(); ++index) {
    const Candidate& candidate = *candidates[index];
    Copies copies(candidate, cluster, snapshot, context, options, err);
    CandidateCount& count = report.candidates.emplace_back();
    count.namespace_ = candidate.pod.metadata.namespace_;
    count.name = candidate.pod.metadata.name;
    count.workload = candidate.workload;
    const size_t most = copies.count().value_or(options.limit);
    for (size_t i = 0; i < most; ++i) {
      Candidate copy = copies.make(i);
      for (PersistentVolumeClaim& claim : created_claims(cluster, copy)) {
        std::string key = key_of(claim.metadata.namespace_, claim.metadata.name);
        if (snapshot.mutable_storage().add_claim(std::move(claim))) created.push_back(std::move(key));
      }
      if (is_uncreated(copy.pod)) {
        for (ResourceClaim& claim : create_template_claims(copy.pod, cluster.resource_claim_templates)) {
          std::string key = key_of(claim.metadata.namespace_, claim.metadata.name);
          if (snapshot.add_resource_claim(std::move(claim))) created_resource_claims.push_back(std::move(key));
        }
      }
      const Pod& pod = copy.pod;
      ++count.asked;
      // kube-scheduler schedules a pod only with the profile its schedulerName names, and only
      // once the profile's PreEnqueue plugins (SchedulingGates, DynamicResources) let it into the queue.
      const Profile* filters = profiles.find(pod.spec.scheduler_name);
      const CycleProfile* cycle = placement.find(pod.spec.scheduler_name);
      // load_input admitted the candidate without charging it: the quotas are checked and
      // charged here, once for each copy the controller creates.
      const bool charged = !options.input.pods.empty() && (copy.workload || is_uncreated(pod));
      std::optional<AdmissionRefusal> refused = candidate.refused;
      // ResourceQuota comes last: its refusal at load, against the quotas as read, is made again
      // against the quotas as the copies before left them, whose usage its message states.
      if (charged && refused && refused->plugin == "ResourceQuota") refused.reset();
      if (!refused && charged) {
        if (auto why = resource_quota_refusal(pod, quotas)) {
          refused = AdmissionRefusal{"ResourceQuota", pod_forbidden(pod, *why)};
        } else {
          charge_resource_quotas(pod, quotas);
        }
      }
      Placement p;
      if (refused) {
        // The API server refuses to create the pod: it never reaches the scheduler.
        p = placement_of(pod, candidate, index, CycleResult{}, snapshot);
        p.stage = "Refused";
        p.message = refused->message;
      } else if (filters == nullptr || cycle == nullptr) {
        p = placement_of(pod, candidate, index, CycleResult{}, snapshot);
        p.stage = "Unserved";
        p.message =
            fmt::format("no profile of the configuration serves schedulerName \"{}\"", pod.spec.scheduler_name);
      } else if (Status gated = run_pre_enqueue_plugins(filters->pre_enqueue, pod, snapshot, context.gates);
                 !gated.is_success()) {
        p = placement_of(pod, candidate, index, CycleResult{}, snapshot);
        p.stage = "Gated";
        p.message = gated.message();
      } else {
        const CycleResult result = schedule_one(pod, snapshot, *cycle, context.gates);
        p = placement_of(pod, candidate, index, result, snapshot);
      }
      const bool placed = p.placed;
      if (placed) ++count.placed;
      // -o bindings prints Bindings only: why a pod got none goes to standard error.
      if (!placed && options.output == "bindings") {
        err << fmt::format("podfit: {} not placed: {}\n", key_of(p.namespace_, p.name), p.message);
      }
      report.placements.push_back(std::move(p));
      if (options.max && !placed) break;
      if (!copies.count() && i + 1 == most) report.limit_reached = options.limit;
    }
  }
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
