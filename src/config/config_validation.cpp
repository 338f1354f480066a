#include "config_validation.h"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "podfit/model/field_errors.h"
#include "podfit/model/node_affinity.h"
#include "podfit/model/validation.h"

namespace podfit {
namespace {

using field::child;
using field::go_quote;
using field::index;
using field::invalid;
using field::json_quote;

// invalidPluginsByVersion for v1: removed in-tree volume limit plugins.
constexpr std::string_view kInvalidPlugins[] = {"AzureDiskLimits", "CinderLimits", "EBSLimits", "GCEPDLimits"};

bool is_invalid_plugin(std::string_view name) {
  return std::find(std::begin(kInvalidPlugins), std::end(kInvalidPlugins), name) != std::end(kInvalidPlugins);
}

std::string invalid_plugin_detail() {
  return fmt::format("was invalid in version \"{}\" (KubeSchedulerConfiguration is version \"{}\")",
                     kSchedulerConfigGroupVersion, kSchedulerConfigGroupVersion);
}

std::string required(std::string_view path, std::string_view detail = {}) {
  return detail.empty() ? fmt::format("{}: Required value", path) : fmt::format("{}: Required value: {}", path, detail);
}

std::string duplicate(std::string_view path, std::string_view value) {
  return fmt::format("{}: Duplicate value: {}", path, value);
}

std::string forbidden(std::string_view path, std::string_view detail) {
  return fmt::format("{}: Forbidden: {}", path, detail);
}

// metav1validation.ValidateLabelName.
void validate_label_name(std::string_view path, const std::string& name, int line, ValidationErrors& errors) {
  for (const std::string& message : label_key_errors(name)) errors.add(invalid(path, go_quote(name), message), line);
}

// json.Marshal of the internal []UtilizationShapePoint (no json tags).
std::string shape_json(const std::vector<UtilizationShapePoint>& shape) {
  if (shape.empty()) return "[]";
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    out += fmt::format("{}{{\"Utilization\":{},\"Score\":{}}}", i ? "," : "", shape[i].utilization, shape[i].score);
  }
  return out + "]";
}

// validateFunctionShape.
void validate_function_shape(const std::vector<UtilizationShapePoint>& shape, std::string_view path, int line,
                             ValidationErrors& errors) {
  if (shape.empty()) {
    errors.add(required(path, "at least one point must be specified"), line);
    return;
  }
  for (size_t i = 1; i < shape.size(); ++i) {
    if (shape[i - 1].utilization >= shape[i].utilization) {
      errors.add(invalid(child(index(path, i), "utilization"), std::to_string(shape[i].utilization),
                         "values must be sorted in increasing order"),
                 line);
      break;
    }
  }
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i].utilization < 0 || shape[i].utilization > 100) {
      errors.add(invalid(child(index(path, i), "utilization"), std::to_string(shape[i].utilization),
                         "not in valid range [0, 100]"),
                 line);
    }
    if (shape[i].score < 0 || shape[i].score > kMaxCustomPriorityScore) {
      errors.add(invalid(child(index(path, i), "score"), std::to_string(shape[i].score),
                         fmt::format("not in valid range [0, {}]", kMaxCustomPriorityScore)),
                 line);
    }
  }
}

// validateResources.
void validate_resources(const std::vector<ResourceSpec>& resources, std::string_view path, int line,
                        ValidationErrors& errors) {
  for (size_t i = 0; i < resources.size(); ++i) {
    if (resources[i].weight <= 0 || resources[i].weight > 100) {
      errors.add(invalid(child(index(path, i), "weight"), std::to_string(resources[i].weight),
                         fmt::format("resource weight of {} not in valid range (0, 100]", resources[i].name)),
                 line);
    }
  }
}

void validate_default_preemption(std::string_view path, const DefaultPreemptionArgs& args, int line,
                                 ValidationErrors& errors) {
  const std::string percentage = child(path, "minCandidateNodesPercentage");
  const std::string absolute = child(path, "minCandidateNodesAbsolute");
  if (args.min_candidate_nodes_percentage < 0 || args.min_candidate_nodes_percentage > 100) {
    errors.add(invalid(percentage, std::to_string(args.min_candidate_nodes_percentage), "not in valid range [0, 100]"), line);
  }
  if (args.min_candidate_nodes_absolute < 0) {
    errors.add(invalid(absolute, std::to_string(args.min_candidate_nodes_absolute), "not in valid range [0, inf)"), line);
  }
  if (args.min_candidate_nodes_percentage == 0 && args.min_candidate_nodes_absolute == 0) {
    errors.add(invalid(percentage, "0", "cannot be zero at the same time as minCandidateNodesAbsolute"), line);
    errors.add(invalid(absolute, "0", "cannot be zero at the same time as minCandidateNodesPercentage"), line);
  }
}

void validate_pod_topology_spread(std::string_view path, const PluginConfig& config, const std::string& defaulting_text,
                                  ValidationErrors& errors) {
  const PodTopologySpreadArgs& args = config.pod_topology_spread;
  const int line = config.line;
  const std::string type_path = child(path, "defaultingType");
  const std::string type = defaulting_text.empty() ? "System" : defaulting_text;
  if (type != "System" && type != "List") {
    errors.add(field::not_supported(type_path, json_quote(type), {"System", "List"}), line);
  } else if (type == "System" && !args.default_constraints.empty()) {
    errors.add(invalid(type_path, json_quote(type), "when .defaultConstraints are not empty"), line);
  }
  const std::string constraints_path = child(path, "defaultConstraints");
  std::unordered_set<std::string> seen;  // topologyKey and whenUnsatisfiable of those before
  for (size_t i = 0; i < args.default_constraints.size(); ++i) {
    const TopologySpreadConstraint& c = args.default_constraints[i];
    const std::string p = index(constraints_path, i);
    if (c.max_skew <= 0) errors.add(invalid(child(p, "maxSkew"), std::to_string(c.max_skew), "not in valid range (0, inf)"), line);
    if (c.topology_key.empty()) {
      errors.add(required(child(p, "topologyKey"), "can not be empty"), line);
    } else {
      validate_label_name(child(p, "topologyKey"), c.topology_key, line, errors);
    }
    if (c.when_unsatisfiable.empty()) {
      errors.add(required(child(p, "whenUnsatisfiable"), "can not be empty"), line);
    } else if (c.when_unsatisfiable != "DoNotSchedule" && c.when_unsatisfiable != "ScheduleAnyway") {
      errors.add(field::not_supported(child(p, "whenUnsatisfiable"), json_quote(c.when_unsatisfiable),
                                      {"DoNotSchedule", "ScheduleAnyway"}),
                 line);
    }
    if (c.label_selector) {
      errors.add(forbidden(child(p, "labelSelector"), "constraint must not define a selector, as they deduced for each pod"),
                 line);
    }
    if (!seen.insert(c.topology_key + '\0' + c.when_unsatisfiable).second) {
      errors.add(duplicate(p, go_quote(fmt::format("{{{}, {}}}", c.topology_key, c.when_unsatisfiable))), line);
    }
  }
}

void validate_balanced_allocation(std::string_view path, const NodeResourcesBalancedAllocationArgs& args, int line,
                                  ValidationErrors& errors) {
  std::set<std::string> seen;
  for (size_t i = 0; i < args.resources.size(); ++i) {
    const std::string p = index(child(path, "resources"), i);
    if (!seen.insert(args.resources[i].name).second) {
      errors.add(duplicate(child(p, "name"), go_quote(args.resources[i].name)), line);
    }
    if (args.resources[i].weight != 1) errors.add(invalid(child(p, "weight"), std::to_string(args.resources[i].weight), "must be 1"), line);
  }
}

// ValidateNodeAffinityArgs: addedAffinity's parse errors, flattened.
void validate_node_affinity(std::string_view path, const NodeAffinityArgs& args, int line, ValidationErrors& errors) {
  if (!args.added_affinity) return;
  if (const auto& required_terms = args.added_affinity->required) {
    NodeSelectorMatcher matcher(*required_terms, child(child(path, "addedAffinity"), "requiredDuringSchedulingIgnoredDuringExecution"));
    if (matcher.error()) errors.add(*matcher.error(), line);
  }
  if (!args.added_affinity->preferred.empty()) {
    PreferredSchedulingTerms terms(args.added_affinity->preferred,
                                   child(child(path, "addedAffinity"), "preferredDuringSchedulingIgnoredDuringExecution"));
    if (terms.error()) errors.add(*terms.error(), line);
  }
}

void validate_volume_binding(std::string_view path, const VolumeBindingArgs& args, int line, ValidationErrors& errors) {
  if (args.bind_timeout_seconds < 0) {
    errors.add(invalid(child(path, "bindTimeoutSeconds"), std::to_string(args.bind_timeout_seconds),
                       "invalid BindTimeoutSeconds, should not be a negative value"),
               line);
  }
  // StorageCapacityScoring is off in v1.37's defaults: a shape is refused.
  if (args.shape) {
    errors.add(invalid(child(path, "shape"), shape_json(*args.shape),
                       "unexpected field `shape`, remove it or turn on the feature gate StorageCapacityScoring"),
               line);
  }
}

void validate_dynamic_resources(std::string_view path, const DynamicResourcesArgs& args, const FeatureGates& gates,
                                int line, ValidationErrors& errors) {
  // A field of a gate that is off is an error here, unlike in the API. (The detail's gate name
  // is upstream's, not quite the gate's.)
  if (!gates.dra_scheduler_filter_timeout) {
    if (args.filter_timeout_ns) {
      errors.add(forbidden(child(path, "filterTimeout"), "DRASchedulingFilterTimeout feature gate is disabled"), line);
    }
  } else if (args.filter_timeout_ns && *args.filter_timeout_ns < 0) {
    errors.add(invalid(child(path, "filterTimeout"), json_quote(format_go_duration(*args.filter_timeout_ns)),
                       "must be zero or positive"),
               line);
  }
  if (args.binding_timeout_ns && *args.binding_timeout_ns < 1'000'000'000) {
    errors.add(invalid(child(path, "bindingTimeout"), json_quote(format_go_duration(*args.binding_timeout_ns)),
                       "must be at least 1 second"),
               line);
  }
}

// json.Marshal of the internal config.PluginSet (no json tags).
std::string plugin_set_json(const PluginSet& set) {
  auto list = [](const std::vector<PluginRef>& plugins) {
    if (plugins.empty()) return std::string("null");
    std::string out = "[";
    for (size_t i = 0; i < plugins.size(); ++i) {
      out += fmt::format("{}{{\"Name\":{},\"Weight\":{}}}", i ? "," : "", json_quote(plugins[i].name),
                         plugins[i].weight.value_or(0));
    }
    return out + "]";
  };
  return fmt::format("{{\"Enabled\":{},\"Disabled\":{}}}", list(set.enabled), list(set.disabled));
}

bool same_plugin_set(const PluginSet& a, const PluginSet& b) {
  auto same = [](const std::vector<PluginRef>& x, const std::vector<PluginRef>& y) {
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      if (x[i].name != y[i].name || x[i].weight.value_or(0) != y[i].weight.value_or(0)) return false;
    }
    return true;
  };
  return same(a.enabled, b.enabled) && same(a.disabled, b.disabled);
}

// validateKubeSchedulerProfile past the schedulerName: what the profile's body says, with
// `line` the profile's own.
void validate_profile_body(std::string_view path, const ProfileBody& profile, const WrittenProfileBody& written,
                           int line, const FeatureGates& gates, ValidationErrors& errors) {
  if (auto p = profile.percentage_of_nodes_to_score; p && (*p < 0 || *p > 100)) {
    errors.add(invalid(child(path, "percentageOfNodesToScore"), std::to_string(*p), "not in valid range [0-100]"), line);
  }
  // validatePluginConfig: removed plugins at the named points (not multiPoint).
  constexpr ExtensionPoint kStages[] = {
      ExtensionPoint::PreEnqueue, ExtensionPoint::QueueSort, ExtensionPoint::PreFilter, ExtensionPoint::Filter,
      ExtensionPoint::PostFilter, ExtensionPoint::PreScore,  ExtensionPoint::Score,     ExtensionPoint::Reserve,
      ExtensionPoint::Permit,     ExtensionPoint::PreBind,   ExtensionPoint::Bind,      ExtensionPoint::PostBind};
  for (ExtensionPoint stage : kStages) {
    const auto& enabled = profile.plugins.at(stage).enabled;
    for (size_t k = 0; k < enabled.size(); ++k) {
      if (!is_invalid_plugin(enabled[k].name)) continue;
      std::string p = index(child(child(child(path, "plugins"), extension_point_field(stage)), "enabled"), k);
      errors.add(invalid(p, go_quote(enabled[k].name), invalid_plugin_detail()), enabled[k].line);
    }
  }
  std::set<std::string> seen;
  for (size_t j = 0; j < profile.plugin_config.size(); ++j) {
    const PluginConfig& config = profile.plugin_config[j];
    const std::string p = index(child(path, "pluginConfig"), j);
    if (!seen.insert(config.name).second) errors.add(duplicate(p, go_quote(config.name)), config.line);
    if (is_invalid_plugin(config.name)) {
      errors.add(invalid(p, go_quote(config.name), invalid_plugin_detail()), config.line);
      continue;
    }
    const std::string args = child(p, "args");
    using K = PluginConfig::Kind;
    switch (config.kind) {
      case K::DefaultPreemption: validate_default_preemption(args, config.default_preemption, config.line, errors); break;
      case K::InterPodAffinity: {
        int32_t w = config.inter_pod_affinity.hard_pod_affinity_weight;
        if (w < 0 || w > 100) errors.add(invalid(child(args, "hardPodAffinityWeight"), std::to_string(w), "not in valid range [0, 100]"), config.line);
        break;
      }
      case K::NodeAffinity: validate_node_affinity(args, config.node_affinity, config.line, errors); break;
      case K::NodeResourcesBalancedAllocation: validate_balanced_allocation(args, config.balanced_allocation, config.line, errors); break;
      case K::PodTopologySpread: {
        std::string text = j < written.args_presence.size() ? written.args_presence[j].defaulting_type_text : "";
        validate_pod_topology_spread(args, config, text, errors);
        break;
      }
      case K::VolumeBinding: validate_volume_binding(args, config.volume_binding, config.line, errors); break;
      case K::DynamicResources:
        validate_dynamic_resources(args, config.dynamic_resources, gates, config.line, errors);
        break;
      // The map of validators names "NodeResourcesFitArgs", so NodeResourcesFit's args are left to the plugin.
      case K::NodeResourcesFit:
      case K::None: break;
    }
  }
}

// validateCommonQueueSort over the merged queueSort sets.
void validate_common_queue_sort(const std::vector<SchedulerProfile>& profiles, ValidationErrors& errors) {
  const PluginSet& canon = profiles[0].body->plugins.at(ExtensionPoint::QueueSort);
  if (canon.enabled.size() > 1) {
    errors.add(invalid("profiles[0].plugins.queueSort.Enabled", std::to_string(canon.enabled.size()),
                       "only one queue sort plugin can be enabled"),
               canon.enabled[1].line);
  }
  for (size_t i = 1; i < profiles.size(); ++i) {
    if (profiles[i].body == profiles[0].body) continue;
    const PluginSet& current = profiles[i].body->plugins.at(ExtensionPoint::QueueSort);
    if (!same_plugin_set(canon, current)) {
      errors.add(invalid(fmt::format("profiles[{}].plugins.queueSort", i), plugin_set_json(current),
                         "must be the same for all profiles"),
                 profiles[i].line);
    }
  }
}

// IsExtendedResourceName.
bool is_extended_resource_name(const std::string& name) {
  const bool native = name.find('/') == std::string::npos || name.find("kubernetes.io/") != std::string::npos;
  if (native || name.starts_with("requests.")) return false;
  return label_key_errors("requests." + name).empty();
}

void validate_extenders(const std::vector<ExtenderConfig>& extenders, ValidationErrors& errors) {
  int binders = 0;
  std::set<std::string> managed;
  for (size_t i = 0; i < extenders.size(); ++i) {
    const ExtenderConfig& e = extenders[i];
    const std::string path = index("extenders", i);
    if (!e.prioritize_verb.empty() && e.weight <= 0) {
      errors.add(invalid(child(path, "weight"), std::to_string(e.weight), "must have a positive weight applied to it"), e.line);
    }
    if (!e.bind_verb.empty()) ++binders;
    for (size_t j = 0; j < e.managed_resources.size(); ++j) {
      const std::string& name = e.managed_resources[j];
      const std::string p = child(index(child(path, "managedResources"), j), "name");
      std::vector<std::string> problems = label_key_errors(name);
      for (const auto& message : problems) errors.add(invalid(p, json_quote(name), message), e.line);
      if (problems.empty() && !is_extended_resource_name(name)) {
        errors.add(invalid(p, go_quote(name), "is an invalid extended resource name"), e.line);
      }
      if (!managed.insert(name).second) errors.add(invalid(p, go_quote(name), "duplicate extender managed resource name"), e.line);
    }
  }
  if (binders > 1) {
    errors.add(invalid("extenders", go_quote(fmt::format("found {} extenders implementing bind", binders)),
                       "only one extender can implement bind"),
               extenders.back().line);
  }
}

}  // namespace

std::string ValidationErrors::message() const {
  std::vector<std::string> flat;
  for (const Entry& e : errors_) {
    std::string_view m = e.message;
    // A nested aggregate's items join the list (Flatten).
    if (m.size() >= 2 && m.front() == '[' && m.back() == ']') m = m.substr(1, m.size() - 2);
    flat.emplace_back(m);
  }
  return field::aggregate(flat);
}

int ValidationErrors::first_line() const { return errors_.empty() ? 0 : errors_.front().line; }

void validate_node_resources_fit_args(std::string_view path, const PluginConfig& config, ValidationErrors& errors) {
  const NodeResourcesFitArgs& args = config.node_resources_fit;
  const int line = config.line;
  for (size_t i = 0; i < args.ignored_resources.size(); ++i) {
    validate_label_name(index(child(path, "ignoredResources"), i), args.ignored_resources[i], line, errors);
  }
  for (size_t i = 0; i < args.ignored_resource_groups.size(); ++i) {
    const std::string p = index(child(path, "ignoredResourceGroups"), i);
    const std::string& group = args.ignored_resource_groups[i];
    if (group.find('/') != std::string::npos) errors.add(invalid(p, go_quote(group), "resource group name can't contain '/'"), line);
    validate_label_name(p, group, line, errors);
  }
  const std::string strategy = child(path, "scoringStrategy");
  const ScoringStrategy& s = args.scoring_strategy;
  const std::string& type = config.scoring_strategy_type;
  if (type != "LeastAllocated" && type != "MostAllocated" && type != "RequestedToCapacityRatio") {
    errors.add(field::not_supported(child(strategy, "type"), json_quote(type),
                                    {"LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"}),
               line);
  }
  validate_resources(s.resources, child(strategy, "resources"), line, errors);
  if (config.requested_to_capacity_ratio) validate_function_shape(s.shape, child(strategy, "shape"), line, errors);
}

void validate_configuration(const WrittenConfiguration& written, const SchedulerConfiguration& config,
                            const FeatureGates& gates, ValidationErrors& errors) {
  const ClientConnectionConfig& cc = written.client_connection;
  if (cc.burst < 0) errors.add(invalid("clientConnection.burst", std::to_string(cc.burst), "must be non-negative"), cc.line);
  const LeaderElectionConfig& le = written.leader_election;
  auto duration_value = [](int64_t ns) { return json_quote(format_go_duration(ns)); };
  if (le.leader_elect.value_or(true)) {
    const int64_t lease = le.lease_duration_ns.value_or(0), renew = le.renew_deadline_ns.value_or(0),
                  retry = le.retry_period_ns.value_or(0);
    if (lease <= 0) errors.add(invalid("leaderElection.leaseDuration", duration_value(lease), "must be greater than zero"), le.line);
    if (renew <= 0) errors.add(invalid("leaderElection.renewDeadline", duration_value(renew), "must be greater than zero"), le.line);
    if (retry <= 0) errors.add(invalid("leaderElection.retryPeriod", duration_value(retry), "must be greater than zero"), le.line);
    if (lease <= renew) {
      errors.add(invalid("leaderElection.leaseDuration", duration_value(renew), "LeaseDuration must be greater than RenewDeadline"),
                 le.line);
    }
    if (le.resource_lock != "leases") {
      errors.add(invalid("leaderElection.resourceLock", go_quote(le.resource_lock), "resourceLock value must be \"leases\""), le.line);
    }
  }
  const int32_t parallelism = written.parallelism.value_or(16);
  if (parallelism <= 0) {
    errors.add(invalid("parallelism", std::to_string(parallelism), "should be an integer value greater than zero"),
               written.parallelism_line);
  }
  std::unordered_set<std::string_view> existing;
  // Whether a shared body validates: its errors depend only on what it says. A failing body's
  // errors are reported for every profile sharing it, at the lines of the first profile written
  // so (whose errors come first, and only the first error's line is reported).
  std::unordered_map<const ProfileBody*, bool> body_valid;
  for (size_t i = 0; i < config.profiles.size(); ++i) {
    const SchedulerProfile& profile = config.profiles[i];
    const WrittenProfile& w = written.profiles[i];
    const std::string path = index("profiles", i);
    if (profile.scheduler_name.empty()) errors.add(required(child(path, "schedulerName")), w.line);
    auto [valid, first] = body_valid.try_emplace(profile.body.get());
    if (first || !valid->second) {
      const size_t before = errors.size();
      validate_profile_body(path, *profile.body, *w.body, w.line, gates, errors);
      valid->second = errors.size() == before;
    }
    if (!existing.insert(profile.scheduler_name).second) {
      // The duplicate value is a *field.Path, which encoding/json prints as {}.
      errors.add(duplicate(child(path, "schedulerName"), "{}"), profile.line);
    }
  }
  validate_common_queue_sort(config.profiles, errors);
  if (auto p = written.percentage_of_nodes_to_score; p && (*p < 0 || *p > 100)) {
    errors.add(invalid("percentageOfNodesToScore", std::to_string(*p), "not in valid range [0-100]"), written.percentage_line);
  }
  const int64_t initial = written.pod_initial_backoff_seconds.value_or(1);
  const int64_t maximum = written.pod_max_backoff_seconds.value_or(10);
  if (initial <= 0) {
    errors.add(invalid("podInitialBackoffSeconds", std::to_string(initial), "must be greater than 0"), written.backoff_line);
  }
  if (maximum < initial) {
    errors.add(invalid("podMaxBackoffSeconds", std::to_string(maximum), "must be greater than or equal to PodInitialBackoffSeconds"),
               written.backoff_line);
  }
  validate_extenders(config.extenders, errors);
}

}  // namespace podfit
