#include "podfit/cli/input.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "podfit/admission/admission.h"
#include "podfit/admission/immediate_binding.h"
#include "podfit/admission/resource_quota.h"
#include "podfit/cli/live_input.h"
#include "podfit/cli/pending_pods.h"
#include "podfit/cli/progress.h"
#include "podfit/cli/input_gaps.h"
#include "podfit/cli/skipped_directories.h"
#include "podfit/load/loader.h"
#include "podfit/load/pod_creation.h"
#include "podfit/util/paths.h"

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

// Helm charts mix Services, ConfigMaps, ... with their workloads: counted, never silently dropped.
std::string describe_skipped_candidates(const std::map<std::string, int>& kinds) {
  int total = 0;
  std::string joined;
  for (const auto& [kind, count] : kinds) {
    joined += fmt::format("{}{} {}", total ? ", " : "", count, kind);
    total += count;
  }
  return fmt::format("podfit: --pod: skipped {} object{} that {} neither pods nor workloads: {}", total,
                     total == 1 ? "" : "s", total == 1 ? "is" : "are", joined);
}

// The namespace/name keys of a list of objects.
template <class T>
std::set<std::string> keys_of(const std::vector<T>& objects) {
  std::set<std::string> keys;
  for (const T& o : objects) keys.insert(namespaced_name(o.metadata));
  return keys;
}

// The manifest's own claims, classes and budgets exist once it is applied: say which were created.
std::string describe_companions(const CompanionChanges& changes) {
  auto list = [](const std::vector<std::pair<std::string, int>>& counts) {
    std::string joined;
    for (const auto& [kind, count] : counts) joined += fmt::format("{}{} {}", joined.empty() ? "" : ", ", count, kind);
    return joined;
  };
  std::string out = "podfit: --pod: applied with the pods, as kubectl apply -f would:";
  if (!changes.created.empty()) out += " created " + list(changes.created);
  if (!changes.updated.empty()) {
    out += fmt::format("{} updated (already in the cluster state) {}", changes.created.empty() ? "" : ";",
                       list(changes.updated));
  }
  return out;
}

// Immediate claims bound on the PV controller's behalf, so a chart's own claim is not reported as
// the transient "unbound immediate PersistentVolumeClaims".
std::string describe_immediate_bindings(const std::vector<AssumedBinding>& bindings) {
  std::string joined;
  for (const AssumedBinding& b : bindings) {
    joined += fmt::format("{}{} to {}{}", joined.empty() ? "" : ", ", b.claim, b.volume,
                          b.provisioner.empty() ? std::string() : fmt::format(" (assumed provisioned by {})", b.provisioner));
  }
  return fmt::format("podfit: bound before scheduling, as the PersistentVolume controller binds Immediate claims: {}",
                     joined);
}

// Claims podfit adds on the controllers' behalf, so no verdict rests on an object the user never saw.
// One line per kind: "podfit: assumed created by controllers before their pods: KIND(s) a, b".
std::string describe_synthesized_claims(const CreatedByControllers& created) {
  std::string out;
  auto line = [&](std::string_view kind, const std::vector<std::string>& objects) {
    if (objects.empty()) return;
    std::string joined;
    for (const std::string& object : objects) joined += (joined.empty() ? "" : ", ") + object;
    out += fmt::format("{}podfit: assumed created by controllers before their pods: {}{} {}", out.empty() ? "" : "\n",
                       kind, objects.size() == 1 ? "" : "s", joined);
  };
  line("PersistentVolumeClaim", created.volume_claims);
  line("ResourceClaim", created.resource_claims);
  return out;
}

// The newest kubelet version among the nodes, or "" when none reports one.
std::string newest_kubelet_version(const std::vector<Node>& nodes, std::ostream& err) {
  std::string newest;
  std::pair<int, int> newest_key{-1, -1};
  for (const Node& node : nodes) {
    const std::string& version = node.status.kubelet_version;
    std::optional<KubernetesRelease> reported = reported_version(version);
    if (!reported) {
      if (!version.empty()) {
        err << fmt::format("podfit: node {} reports kubelet \"{}\", not a Kubernetes v1 version: it does not choose "
                           "the release\n",
                           node.metadata.name, version);
      }
      continue;
    }
    const std::pair<int, int> key{reported->minor, std::max(reported->patch, 0)};
    if (key > newest_key) {
      newest_key = key;
      newest = version;
    }
  }
  return newest;
}

// Not given: the API server's release (--live), else the newest kubelet's (a kubelet is never
// newer than its control plane), else the newest release podfit models.
std::optional<ReleaseChoice> choose_release(const std::optional<std::string>& server_version,
                                            const std::vector<Node>& nodes, std::string* error, std::ostream& err) {
  if (server_version) return release_reported_by(ReleaseSource::ApiServer, *server_version, error);
  if (std::string kubelet = newest_kubelet_version(nodes, err); !kubelet.empty()) {
    return release_reported_by(ReleaseSource::Nodes, kubelet, error);
  }
  return ReleaseChoice{};
}

// The fields of pods not created yet that the API server drops while their gate is off (its
// dropDisabledFields), each drop said on `err`.
void drop_disabled_pod_fields(LoadedInput& input, std::ostream& err) {
  const FeatureGates& gates = input.context.gates;
  for (Candidate& candidate : input.candidates) {
    if (!candidate.workload && !is_uncreated(candidate.pod)) continue;  // stored as it was created
    PodSpec& spec = candidate.pod.spec;
    auto dropped = [&](std::string_view field, std::string_view gate) {
      err << fmt::format("podfit: {}/{}: {} dropped: {} is off (Kubernetes {}), and the API server drops the field "
                         "then\n",
                         candidate.pod.metadata.namespace_, candidate.pod.metadata.name, field, gate,
                         input.release.release.name());
    };
    if (!gates.pod_level_resources && spec.resources) {
      spec.resources.reset();
      dropped("spec.resources", "PodLevelResources");
    }
    if (!gates.dynamic_resource_allocation && !spec.resource_claims.empty()) {
      spec.resource_claims.clear();
      for (Container& c : spec.containers) c.resources.claims.clear();
      for (Container& c : spec.init_containers) c.resources.claims.clear();
      dropped("spec.resourceClaims", "DynamicResourceAllocation");
    }
  }
}

// The fields of the ResourceClaims and ResourceClaimTemplates shipped with the pods (created with
// them) that the API server drops while their gate is off, each drop said on `err`; false, with
// the error said, when what is left does not validate.
bool drop_disabled_companion_fields(ClusterState& companions, const LoadedInput& input, std::ostream& err) {
  auto drop = [&](std::string_view kind, const ObjectMeta& meta, const SourceRef& origin, ResourceClaimSpec& spec,
                  std::string_view spec_path, bool in_template) {
    DroppedClaimFields d = drop_disabled_claim_fields(spec, input.context.gates, spec_path, in_template);
    for (const auto& [path, gate] : d.fields) {
      err << fmt::format("podfit: {} {}/{}: {} dropped: {} is off (Kubernetes {}), and the API server drops the field "
                         "then\n",
                         kind, meta.namespace_, meta.name, path, gate, input.release.release.name());
    }
    if (d.error) err << "error: " << object_error(origin, kind, meta.namespace_, meta.name, *d.error) << '\n';
    return !d.error;
  };
  for (ResourceClaim& claim : companions.resource_claims) {
    if (!drop("ResourceClaim", claim.metadata, claim.origin, claim.spec, "spec", false)) return false;
  }
  for (ResourceClaimTemplate& t : companions.resource_claim_templates) {
    if (!drop("ResourceClaimTemplate", t.metadata, t.origin, t.spec, "spec.spec", true)) return false;
  }
  return true;
}

// The claim strategies' admin access check of the claims and templates of `objects`, against
// the namespaces of `cluster` (and of `more`, created with them); false, with the error said,
// when one is refused.
bool check_admin_access(const ClusterState& objects, const ClusterState& cluster, const FeatureGates& gates,
                        std::ostream& err, const ClusterState* more = nullptr) {
  std::vector<const Namespace*> namespaces;
  for (const Namespace& ns : cluster.namespaces) namespaces.push_back(&ns);
  if (more != nullptr) {
    for (const Namespace& ns : more->namespaces) namespaces.push_back(&ns);
  }
  if (auto e = first_admin_access_refusal(objects, namespaces, gates)) {
    err << "error: " << *e << '\n';
    return false;
  }
  return true;
}

// With DRANodeAllocatableResources on, kube-scheduler counts the node resources that devices
// map their capacity to (nodeAllocatableResources) with the pod's requests; podfit does not
// model that, so a cluster whose devices map any is refused rather than answered wrongly.
bool check_node_allocatable_devices(const ClusterState& cluster, const FeatureGates& gates, std::ostream& err) {
  if (!gates.dra_node_allocatable_resources) return true;
  for (const ResourceSlice& slice : cluster.resource_slices) {
    for (const Device& device : slice.devices) {
      if (!device.maps_node_allocatable) continue;
      err << "error: --feature-gates: DRANodeAllocatableResources=true is not modelled: device " << device.name
          << " of ResourceSlice " << slice.metadata.name
          << " maps its capacity to node resources, which kube-scheduler then counts with the pod's requests and "
             "podfit does not\n";
      return false;
    }
  }
  return true;
}

// The release's default gates, then --feature-gates on top, as kube-scheduler of that release.
bool set_release_gates(const InputOptions& options, const ReleaseChoice& release, LoadedInput& input, std::ostream& err) {
  input.release = release;
  input.context.gates = FeatureGates::for_release(release.release);
  std::string gate_error;
  if (!options.feature_gates.empty() && !input.context.gates.parse(options.feature_gates, &gate_error)) {
    err << "error: --feature-gates: " << gate_error << '\n';
    return false;
  }
  for (const std::string& gate : input.context.gates.accepted_unread) {
    err << "warning: --feature-gates: " << gate << " is accepted but not modelled: no code of Kubernetes "
        << release.release.name() << " that podfit models (kube-scheduler, the API server's admission and "
        << "validation, the kubelet's admission) reads it\n";
  }
  // v1.32 read resizing pods' requests its own way (status resources of regular containers only).
  if (release.release.minor == 32 && input.context.gates.in_place_pod_vertical_scaling) {
    err << "error: --feature-gates: InPlacePodVerticalScaling=true is not modelled for v1.32: podfit reads resizing "
           "pods as v1.33 and later do\n";
    return false;
  }
  // Accepted by v1.32's kube-scheduler, but podfit counts restartable init containers as sidecars always.
  if (!input.context.gates.sidecar_containers) {
    err << "error: --feature-gates: SidecarContainers=false is not modelled: podfit counts init containers with "
           "restartPolicy Always as sidecars, as every release from v1.33 does\n";
    return false;
  }
  return true;
}

// Every object of an --add-node file must be a Node: anything else would be added silently.
size_t objects_besides_nodes(const ClusterState& state) {
  size_t skipped = 0;
  for (const auto& [kind, count] : state.skipped_kinds) skipped += static_cast<size_t>(count);
  return skipped + state.pods.size() + state.namespaces.size() + state.persistent_volumes.size() +
         state.persistent_volume_claims.size() + state.storage_classes.size() + state.csi_nodes.size() +
         state.csi_drivers.size() + state.csi_storage_capacities.size() + state.priority_classes.size() +
         state.pod_disruption_budgets.size() + state.runtime_classes.size() + state.limit_ranges.size() +
         state.resource_quotas.size() + state.resource_slices.size() + state.device_classes.size() +
         state.resource_claims.size() + state.resource_claim_templates.size() + state.device_taint_rules.size();
}

// --add-node, --remove-node and --cordon, applied to the cluster state just loaded.
bool apply_what_if_options(const InputOptions& options, const LoadOptions& load_options, ClusterState& cluster,
                           WhatIfSummary& summary, std::ostream& err) {
  WhatIfChanges changes;
  for (const std::string& path : options.add_nodes) {
    ClusterState added;
    if (auto e = load_cluster_state({path}, load_options, added)) {
      err << "error: --add-node: " << e->message << '\n';
      return false;
    }
    if (added.nodes.empty() || objects_besides_nodes(added) > 0) {
      err << "error: --add-node " << (path == "-" ? std::string("<stdin>") : shown_path(path))
          << ": expected Node objects only (a Node manifest to add)\n";
      return false;
    }
    for (Node& node : added.nodes) changes.added_nodes.push_back(std::move(node));
  }
  changes.removed_nodes = options.remove_nodes;
  changes.cordoned_nodes = options.cordon_nodes;
  if (changes.empty()) return true;
  if (auto e = apply_what_if(cluster, std::move(changes), summary)) {
    err << "error: " << *e << '\n';
    return false;
  }
  return true;
}

}  // namespace

std::string what_if_notice(const WhatIfSummary& summary) {
  return summary.empty() ? std::string() : describe_what_if(summary);
}

bool load_input(const InputOptions& options, LoadedInput& input, std::ostream& err) {
  input.verbosity = options.verbosity;
  if (options.live && !options.filenames.empty()) {
    err << "error: --live reads the cluster state from the cluster: give -f or --live, not both\n";
    return false;
  }
  if (!options.live && (!options.context.empty() || !options.kubeconfig.empty())) {
    err << "error: --context and --kubeconfig choose the cluster that --live reads: add --live, or drop them to read -f\n";
    return false;
  }
  if (options.filenames.empty() && !options.live) {
    err << "error: no cluster state given: use -f FILE (a file, a directory, or - for standard input), or --live to "
           "read it from the cluster with kubectl\n";
    return false;
  }
  if (stdin_readers(options) > 1) {
    err << "error: standard input (-) can be read only once\n";
    return false;
  }
  // A release given is known before loading: its gates are checked before a long load.
  std::optional<ReleaseChoice> release;
  if (!options.kubernetes_version.empty()) {
    std::string error;
    std::optional<KubernetesRelease> given = parse_kubernetes_release(options.kubernetes_version, &error);
    if (!given) {
      err << "error: --kubernetes-version: " << error << '\n';
      return false;
    }
    release = ReleaseChoice{*given, ReleaseSource::Flag, options.kubernetes_version};
    if (!set_release_gates(options, *release, input, err)) return false;
  }
  // --strict: a gap ends the run before anything is written (a notice loses its "podfit: " prefix).
  auto strict_error = [&err](std::string_view gap) {
    if (gap.starts_with("podfit: ")) gap.remove_prefix(8);
    err << "error: --strict: " << gap << '\n';
    return false;
  };
  LoadOptions load_options;
  load_options.recursive = options.recursive;
  // Validation follows the release given; one chosen from the nodes comes too late for it.
  if (release) {
    load_options.api_release = release->release;
    load_options.fields_release = release->release;
  }
  if (options.validate == "strict" || options.validate == "true") {
    load_options.validation = FieldValidation::Strict;
  } else if (options.validate == "warn") {
    load_options.validation = FieldValidation::Warn;
  } else if (options.validate == "ignore" || options.validate == "false") {
    load_options.validation = FieldValidation::Ignore;
  } else {
    err << "error: --validate: \"" << options.validate << "\" is not one of strict (or true), warn, ignore (or false)\n";
    return false;
  }
  std::vector<std::string> warnings;
  load_options.warnings = &warnings;
  load_options.max_objects = options.max_objects;
  load_options.max_object_bytes = options.max_object_bytes;
  load_options.namespace_ = options.namespace_;
  // kubectl prints the warnings of an object as it sends it: before any later error.
  auto print_warnings = [&] {
    for (const std::string& w : warnings) err << "Warning: " << w << '\n';
    warnings.clear();
  };
  // Only the cluster state can be large enough for a progress line; it is gone before any message.
  ProgressLine progress(options.progress);
  LoadOptions cluster_options = load_options;
  if (options.progress) {
    cluster_options.progress = [&progress](const std::string& source, uint64_t bytes, size_t objects) {
      progress.update(source, bytes, objects);
    };
  }
  std::optional<LoadError> cluster_error;
  std::ostringstream kubectl_messages;
  std::optional<std::string> server_version;
  if (options.live) {
    if (!release) {
      progress.waiting_for("kubectl version");
      server_version = kubectl_server_version(options.kubeconfig, options.context);
      // What the cluster serves went through its own API server's validation.
      std::string ignored;
      if (server_version) {
        if (auto served = release_reported_by(ReleaseSource::ApiServer, *server_version, &ignored)) {
          cluster_options.api_release = served->release;
          cluster_options.fields_release = served->release;
        }
      }
    }
    progress.waiting_for("kubectl get");
    cluster_error = load_live_cluster_state(options.kubeconfig, options.context, cluster_options, input.cluster,
                                            kubectl_messages);
  } else {
    // Said before loading: the subdirectories' manifests may be what an error below misses.
    for (const std::string& notice : skipped_directory_notices(options.filenames, options.recursive)) {
      if (options.strict) return strict_error(notice);
      err << notice << '\n';
    }
    cluster_error = load_cluster_state(options.filenames, cluster_options, input.cluster);
  }
  progress.finish();
  err << kubectl_messages.str();
  if (cluster_error) {
    print_warnings();
    err << "error: " << cluster_error->message << '\n';
    return false;
  }
  print_warnings();
  if (!release) {
    std::string error;
    release = choose_release(server_version, input.cluster.nodes, &error, err);
    if (!release) {
      err << "error: " << error << '\n';
      return false;
    }
    if (!set_release_gates(options, *release, input, err)) return false;
  }
  // -n: the pending pods of other namespaces are not checked. They hold no node's resources, so
  // no verdict changes without them, except those nominated to a node, which filtering counts there.
  if (!options.namespace_.empty() && options.pods.empty()) {
    std::erase_if(input.cluster.pods, [&](const Pod& pod) {
      return pod.spec.node_name.empty() && pod.metadata.namespace_ != options.namespace_ &&
             pod.status.nominated_node_name.empty();
    });
  }
  if (!check_admin_access(input.cluster, input.cluster, input.context.gates, err)) return false;
  if (options.schedules && !check_node_allocatable_devices(input.cluster, input.context.gates, err)) return false;
  // From v1.35, v1alpha3 DeviceTaintRules select by driver, pool and device only: a class or CEL
  // selectors let through by --validate=warn or ignore are dropped, as the API server drops them.
  if (input.release.release.minor >= 35) {
    for (DeviceTaintRule& rule : input.cluster.device_taint_rules) {
      rule.device_class_name.clear();
      rule.selectors.clear();
    }
  }
  if (!apply_what_if_options(options, load_options, input.cluster, input.what_if, err)) return false;
  CandidateSet candidates;
  if (!options.pods.empty()) {
    for (const std::string& notice : skipped_directory_notices(options.pods, options.recursive)) {
      if (options.strict) return strict_error(notice);
      err << notice << '\n';
    }
    LoadOptions candidate_options = load_options;
    candidate_options.api_release = input.release.release;
    candidate_options.fields_release = input.release.release;
    const FeatureGates& gates = input.context.gates;
    candidate_options.new_selectors = dra::SelectorFeatures{gates.dra_consumable_capacity, gates.dra_list_type_attributes,
                                                            cel::KubeVersion{1, input.release.release.minor}};
    if (auto e = load_candidates(options.pods, candidate_options, candidates)) {
      print_warnings();
      err << "error: " << e->message << '\n';
      return false;
    }
  }
  print_warnings();
  if (!input.cluster.skipped_kinds.empty()) err << describe_skipped_kinds(input.cluster) << '\n';
  if (!candidates.skipped_kinds.empty()) err << describe_skipped_candidates(candidates.skipped_kinds) << '\n';
  input.candidates = std::move(candidates.candidates);
  // kube-scheduler schedules pending pods only: a pod bound already is not one (nor are its claims created).
  if (!options.keep_bound_pods) {
    if (std::string notice = leave_out_bound_candidates(input.candidates); !notice.empty()) err << notice << '\n';
  }
  drop_disabled_pod_fields(input, err);
  if (!drop_disabled_companion_fields(candidates.companions, input, err)) return false;
  if (!check_admin_access(candidates.companions, input.cluster, input.context.gates, err, &candidates.companions)) {
    return false;
  }
  const std::set<std::string> existing_claims = keys_of(input.cluster.persistent_volume_claims);
  const std::set<std::string> existing_quotas = keys_of(input.cluster.resource_quotas);
  // The claims, classes, budgets and quotas shipped with the pods are created with them.
  const CompanionChanges companions = apply_companions(input.cluster, std::move(candidates.companions));
  // The quota controller counts a new quota's usage before the pods are created.
  for (ResourceQuota& quota : input.cluster.resource_quotas) {
    if (!existing_quotas.contains(namespaced_name(quota.metadata))) {
      sync_new_resource_quota(quota, input.cluster.pods);
    }
  }
  if (!companions.empty()) err << describe_companions(companions) << '\n';
  // The claims controllers create before these pods join the cluster state the snapshot is built from.
  const CreatedByControllers created = prepare_candidates(input.cluster, input.candidates);
  if (std::string line = describe_synthesized_claims(created); !line.empty()) err << line << '\n';
  // New claims that bind Immediately are bound before their pods reach the scheduler.
  std::set<std::string> new_claims = keys_of(input.cluster.persistent_volume_claims);
  std::erase_if(new_claims, [&](const std::string& key) { return existing_claims.contains(key); });
  const std::vector<AssumedBinding> bindings = bind_immediate_claims(input.cluster, new_claims);
  if (!bindings.empty()) err << describe_immediate_bindings(bindings) << '\n';
  // Fields a disabled feature gate keeps out of the API: the API server refuses the manifest.
  for (const Candidate& candidate : input.candidates) {
    if (auto error = disabled_feature_field(candidate, input.context.gates)) {
      err << "error: " << *error << '\n';
      return false;
    }
  }
  for (const InputGap& gap : input_gaps(options, input)) {
    if (options.strict) return strict_error(gap.text);
    if (!gap.said_already) err << "podfit: warning: " << gap.text << '\n';
  }
  // The admission plugins between kubectl apply and the scheduler, for the pods not created yet.
  for (const std::string& line : admit_candidates(input.candidates, input.cluster, input.context.gates)) err << "podfit: " << line << '\n';
  return true;
}

void announce_release(const std::string& output, const LoadedInput& input, std::ostream& err) {
  if ((output == "table" || output == "wide") && (input.release.noteworthy() || input.verbosity > 0)) {
    err << input.release.describe() << '\n';
  }
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

int stdin_readers(const InputOptions& options) {
  int uses = options.config == "-";
  for (const auto& f : options.add_nodes) uses += f == "-";
  for (const auto& f : options.filenames) uses += f == "-";
  for (const auto& f : options.pods) uses += f == "-";
  return uses;
}

bool load_config_option(const std::string& path, const FeatureGates& gates, SchedulerConfiguration& config,
                        std::ostream& err) {
  config = default_scheduler_configuration(gates);
  if (path.empty()) return true;
  if (auto error = load_scheduler_configuration(path, gates, config)) {
    err << "error: " << *error << '\n';
    return false;
  }
  const std::string shown = path == "-" ? std::string("<stdin>") : shown_path(path);
  for (const auto& notice : config.notices) err << "podfit: " << shown << ": " << notice << '\n';
  return true;
}

}  // namespace podfit
