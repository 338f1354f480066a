// The API server's checks of the pod spec fields scheduling reads: tolerations, pod affinity
// terms, topology spread constraints, volumes, resource claims, host ports, node selector,
// scheduling gates and names.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "validation/core/containers.h"
#include "validation/core/pod.h"
#include "validation/core/resources.h"
#include "validation/qualified_name.h"
#include "validation/validate.h"

namespace podfit {
namespace {

// validateLabelKeys (and the same rules of validateMatchLabelKeysInTopologySpread):
// matchLabelKeys / mismatchLabelKeys need a selector and valid label names.
void validate_label_keys(const Value& v, std::string_view field, const std::vector<std::string>& keys,
                         bool has_selector) {
  if (keys.empty()) return;
  auto base = [&] { return path_of(v, field); };
  if (!has_selector) reject(v, {field}, field::forbidden(base(), "must not be specified when labelSelector is not set"));
  for (size_t i = 0; i < keys.size(); ++i) {
    validate_label_name(v, {field, i}, [&] { return fmt::format("{}[{}]", base(), i); }, keys[i]);
  }
}

// validateMatchLabelKeysAndMismatchLabelKeys, second rule: a matchLabelKeys key met again in
// the selector's expressions after its matchLabels or an earlier expression. The API server
// checks the selector as the pod's create merged the keys into it, and prints the key's index
// right after the term's path ("...[0][1]").
void validate_label_keys_in_selector(const Value& at, std::initializer_list<PathStep> steps, PathFn term_path,
                                     const PodAffinityTerm& t) {
  if (!t.label_selector || t.match_label_keys.empty()) return;
  const LabelSelector& s = *t.label_selector;
  auto key_index = [&](std::string_view key) -> std::optional<size_t> {
    for (size_t i = t.match_label_keys.size(); i-- > 0;) {
      if (t.match_label_keys[i] == key) return i;
    }
    return std::nullopt;
  };
  for (size_t e = 0; e < s.match_expressions.size(); ++e) {
    const std::string& key = s.match_expressions[e].key;
    std::optional<size_t> i = key_index(key);
    if (!i) continue;
    bool seen = s.match_labels.contains(key);
    for (size_t before = 0; before < e && !seen; ++before) seen = s.match_expressions[before].key == key;
    if (seen) {
      reject(at, steps,
             field::invalid(fmt::format("{}[{}]", term_path(), *i), field::go_quote(key),
                            "exists in both matchLabelKeys and labelSelector"));
    }
  }
}

// AccumulateUniqueHostPorts over containers[first, first + count): a protocol, host IP and host
// port once. The API server checks init containers one at a time, each as a list of one: their
// index then prints as 0.
void validate_unique_host_ports(const Value& v, std::string_view field, const std::vector<Container>& containers,
                                size_t first, size_t count) {
  std::unordered_set<std::string> seen;
  for (size_t ci = first; ci < first + count; ++ci) {
    const auto& ports = containers[ci].ports;
    for (size_t pi = 0; pi < ports.size(); ++pi) {
      const ContainerPort& p = ports[pi];
      if (p.host_port == 0) continue;
      std::string key = fmt::format("{}/{}/{}", p.protocol, p.host_ip, p.host_port);
      if (seen.insert(key).second) continue;
      std::string path = fmt::format("{}[{}].ports[{}].hostPort", path_of(v, field), ci - first, pi);
      reject(v, {field, ci, "ports", pi, "hostPort"}, field::duplicate(path, field::go_quote(key)));
    }
  }
}

// validatePodResourceClaims: each claim named once, by a DNS label, and its object names valid.
void validate_pod_resource_claims(const Value& v, const std::vector<PodResourceClaim>& claims) {
  std::unordered_set<std::string_view> seen;
  for (size_t i = 0; i < claims.size(); ++i) {
    const PodResourceClaim& c = claims[i];
    auto path = [&](std::string_view field) { return path_of(v, fmt::format("resourceClaims[{}].{}", i, field)); };
    if (c.name.empty()) reject(v, {"resourceClaims", i}, field::required(path("name")));
    if (!seen.insert(c.name).second) {
      reject(v, {"resourceClaims", i, "name"}, field::duplicate(path("name"), field::go_quote(c.name)));
    }
    std::vector<std::string> errors = util_dns1123_label_errors(c.name);
    if (!errors.empty()) {
      reject(v, {"resourceClaims", i, "name"}, field::invalid(path("name"), field::go_quote(c.name), errors.front()));
    }
    auto object_name = [&](const std::optional<std::string>& name, std::string_view field) {
      if (!name) return;
      std::vector<std::string> name_errors = util_dns1123_subdomain_errors(*name);
      if (!name_errors.empty()) {
        reject(v, {"resourceClaims", i, field}, field::invalid(path(field), field::go_quote(*name), name_errors.front()));
      }
    };
    object_name(c.resource_claim_name, "resourceClaimName");
    object_name(c.resource_claim_template_name, "resourceClaimTemplateName");
  }
}

// validateResourceClaimNames: a container's claims name entries of spec.resourceClaims.
void validate_container_claims(const Value& v, std::string_view field, const std::vector<Container>& containers,
                               const std::vector<PodResourceClaim>& pod_claims) {
  std::unordered_set<std::string_view> claim_names;
  for (const PodResourceClaim& c : pod_claims) claim_names.insert(c.name);
  for (size_t ci = 0; ci < containers.size(); ++ci) {
    const auto& claims = containers[ci].resources.claims;
    for (size_t i = 0; i < claims.size(); ++i) {
      auto path = [&] { return path_of(v, fmt::format("{}[{}].resources.claims[{}]", field, ci, i)); };
      std::initializer_list<PathStep> at = {field, ci, "resources", "claims", i};
      if (claims[i].empty()) reject(v, at, field::required(path()));
      if (claim_names.contains(claims[i])) continue;
      std::vector<std::string> names;
      for (const PodResourceClaim& c : pod_claims) {
        if (!c.name.empty()) names.push_back(c.name);
      }
      std::sort(names.begin(), names.end());
      names.erase(std::unique(names.begin(), names.end()), names.end());
      std::string detail = "must be one of the names in pod.spec.resourceClaims";
      if (names.empty()) {
        detail += " which is empty";
      } else {
        detail += ": ";
        for (size_t k = 0; k < names.size(); ++k) detail += (k > 0 ? ", " : "") + names[k];
      }
      reject(v, at, fmt::format("{}: Not found: {}: {}", path(), field::go_quote(claims[i]), detail));
    }
  }
}

}  // namespace

void validate_toleration(const Value& v, const Toleration& t) {
  auto op_path = [&] { return path_of(v, "operator"); };
  auto effect_path = [&] { return path_of(v, "effect"); };
  if (!t.key.empty()) validate_label_name(v, {"key"}, [&] { return path_of(v, "key"); }, t.key);
  if (t.key.empty() && t.op != "Exists") {
    reject(v, {"operator"},
           field::invalid(op_path(), field::go_quote(t.op),
                          "operator must be Exists when `key` is empty, which means \"match all values and all keys\""));
  }
  if (t.toleration_seconds && t.effect != "NoExecute") {
    reject(v, {"effect"},
           field::invalid(effect_path(), field::go_quote(t.effect),
                          "effect must be 'NoExecute' when `tolerationSeconds` is set"));
  }
  if (t.op.empty() || t.op == "Equal") {
    std::vector<std::string> errors = released_label_value_errors(t.value);
    if (!errors.empty()) reject(v, {"value"}, field::invalid(op_path(), field::go_quote(t.value), joined(errors)));
  } else if (t.op == "Exists") {
    if (!t.value.empty()) {
      reject(v, {"value"},
             field::invalid(op_path(), field::go_quote(t.value), "value must be empty when `operator` is 'Exists'"));
    }
  } else if (t.op != "Gt" && t.op != "Lt") {
    // Gt and Lt are left to the TaintTolerationComparisonOperators gate, which podfit can enable.
    reject(v, {"operator"}, field::not_supported(op_path(), field::go_quote(t.op), {"Equal", "Exists"}));
  }
  if (!t.effect.empty() && t.effect != "NoSchedule" && t.effect != "PreferNoSchedule" && t.effect != "NoExecute") {
    reject(v, {"effect"},
           field::not_supported(effect_path(), field::go_quote(t.effect), {"NoSchedule", "PreferNoSchedule", "NoExecute"}));
  }
}

void validate_pod_affinity_term(const Value& v, const PodAffinityTerm& t) {
  for (size_t i = 0; i < t.namespaces.size(); ++i) {
    std::vector<std::string> errors = util_dns1123_label_errors(t.namespaces[i]);
    if (!errors.empty()) {
      // The API server prints the path as "namespace", singular.
      reject(v, {"namespaces", i},
             field::invalid(path_of(v, "namespace"), field::go_quote(t.namespaces[i]), errors.front()));
    }
  }
  bool has_selector = t.label_selector.has_value();
  validate_label_keys(v, "matchLabelKeys", t.match_label_keys, has_selector);
  validate_label_keys(v, "mismatchLabelKeys", t.mismatch_label_keys, has_selector);
  // As written: a template's selector is checked so, a pod's again once the keys are merged.
  validate_label_keys_in_selector(v, {"matchLabelKeys"}, [&] { return v.path(); }, t);
  for (size_t i = 0; i < t.match_label_keys.size(); ++i) {
    const std::string& key = t.match_label_keys[i];
    if (std::find(t.mismatch_label_keys.begin(), t.mismatch_label_keys.end(), key) != t.mismatch_label_keys.end()) {
      reject(v, {"matchLabelKeys", i},
             field::invalid(fmt::format("{}[{}]", path_of(v, "matchLabelKeys"), i), field::go_quote(key),
                            "exists in both matchLabelKeys and mismatchLabelKeys"));
    }
  }
  if (t.topology_key.empty()) reject(v, {"topologyKey"}, field::required(path_of(v, "topologyKey"), "can not be empty"));
  validate_label_name(v, {"topologyKey"}, [&] { return path_of(v, "topologyKey"); }, t.topology_key);
}

void validate_spread_constraint(const Value& v, const TopologySpreadConstraint& c) {
  if (c.max_skew <= 0) {
    reject(v, {"maxSkew"}, field::invalid(path_of(v, "maxSkew"), std::to_string(c.max_skew), "must be greater than zero"));
  }
  if (c.topology_key.empty()) reject(v, {"topologyKey"}, field::required(path_of(v, "topologyKey"), "can not be empty"));
  if (c.when_unsatisfiable != "DoNotSchedule" && c.when_unsatisfiable != "ScheduleAnyway") {
    reject(v, {"whenUnsatisfiable"},
           field::not_supported(path_of(v, "whenUnsatisfiable"), field::go_quote(c.when_unsatisfiable),
                                {"DoNotSchedule", "ScheduleAnyway"}));
  }
  if (c.min_domains) {
    std::string path = path_of(v, "minDomains");
    std::string value = std::to_string(*c.min_domains);
    if (*c.min_domains <= 0) reject(v, {"minDomains"}, field::invalid(path, value, "must be greater than zero"));
    if (c.when_unsatisfiable != "DoNotSchedule") {
      reject(v, {"minDomains"},
             field::invalid(path, value,
                            fmt::format("can only use minDomains if whenUnsatisfiable=DoNotSchedule, not {}",
                                        c.when_unsatisfiable)));
    }
  }
  validate_label_keys(v, "matchLabelKeys", c.match_label_keys, c.label_selector.has_value());
}

void validate_pod_spec(const Value& v, const PodSpec& spec) {
  // ValidateVolumes: names are DNS labels, each once; a generic ephemeral volume has a template.
  const auto& volumes = spec.volumes;
  std::unordered_set<std::string_view> volume_names;
  for (size_t i = 0; i < volumes.size(); ++i) {
    auto name_path = [&] { return path_of(v, fmt::format("volumes[{}].name", i)); };
    std::vector<std::string> errors = util_dns1123_label_errors(volumes[i].name);
    if (!errors.empty()) {
      reject(v, {"volumes", i, "name"}, field::invalid(name_path(), field::go_quote(volumes[i].name), errors.front()));
    }
    if (!volume_names.insert(volumes[i].name).second) {
      reject(v, {"volumes", i, "name"}, field::duplicate(name_path(), field::go_quote(volumes[i].name)));
    }
    if (volumes[i].source.type == "ephemeral" && !volumes[i].ephemeral_claim) {
      reject(v, {"volumes", i, "ephemeral"},
             field::required(path_of(v, fmt::format("volumes[{}].ephemeral.volumeClaimTemplate", i))));
    }
  }
  validate_pod_resource_claims(v, spec.resource_claims);
  validate_container_names(v, spec);
  validate_container_claims(v, "containers", spec.containers, spec.resource_claims);
  validate_container_claims(v, "initContainers", spec.init_containers, spec.resource_claims);
  validate_unique_host_ports(v, "containers", spec.containers, 0, spec.containers.size());
  // Init containers run one at a time: each is checked on its own.
  for (size_t i = 0; i < spec.init_containers.size(); ++i) {
    validate_unique_host_ports(v, "initContainers", spec.init_containers, i, 1);
  }
  if (spec.host_network) {
    for (size_t ci = 0; ci < spec.containers.size(); ++ci) {
      const auto& ports = spec.containers[ci].ports;
      for (size_t pi = 0; pi < ports.size(); ++pi) {
        if (ports[pi].host_port == 0 || ports[pi].host_port == ports[pi].container_port) continue;
        std::string path = path_of(v, fmt::format("containers[{}].ports[{}].hostPort", ci, pi));
        reject(v, {"containers", ci, "ports", pi, "hostPort"},
               field::invalid(path, std::to_string(ports[pi].host_port),
                              "must match `containerPort` when `hostNetwork` is true"));
      }
    }
  }
  if (!spec.node_selector.empty()) {
    v.fields([&](std::string_view key, const Value& f) {
      if (key == "nodeSelector") validate_labels(f, spec.node_selector);
    });
  }
  const auto& gates = spec.scheduling_gates;
  std::unordered_set<std::string_view> gate_names;
  for (size_t i = 0; i < gates.size(); ++i) {
    std::string path = path_of(v, fmt::format("schedulingGates[{}]", i));
    std::vector<std::string> errors = label_key_errors(gates[i].name);
    if (!errors.empty()) {
      reject(v, {"schedulingGates", i}, field::invalid(path, field::go_quote(gates[i].name), errors.front()));
    }
    if (!gate_names.insert(gates[i].name).second) {
      reject(v, {"schedulingGates", i}, field::duplicate(path, field::go_quote(gates[i].name)));
    }
  }
  // The first constraint repeated later is reported, at its own path, for its first repeat.
  const auto& constraints = spec.topology_spread_constraints;
  std::unordered_map<std::string, std::pair<size_t, size_t>> first_two;  // pair -> first index, first repeat
  std::optional<std::pair<size_t, size_t>> repeated;
  for (size_t j = 0; j < constraints.size(); ++j) {
    std::string key = constraints[j].topology_key + '\0' + constraints[j].when_unsatisfiable;
    auto [it, added] = first_two.try_emplace(std::move(key), j, j);
    if (added || it->second.second != it->second.first) continue;
    it->second.second = j;
    if (!repeated || it->second.first < repeated->first) repeated = it->second;
  }
  if (repeated) {
    const auto [i, j] = *repeated;
    std::string path = path_of(v, fmt::format("topologySpreadConstraints[{}].{{topologyKey, whenUnsatisfiable}}", i));
    std::string pair = fmt::format("{{{}, {}}}", constraints[i].topology_key, constraints[i].when_unsatisfiable);
    reject(v, {"topologySpreadConstraints", j}, field::duplicate(path, field::go_quote(pair)));
  }
  if (!spec.node_name.empty()) {
    std::vector<std::string> errors = util_dns1123_subdomain_errors(spec.node_name);
    if (!errors.empty()) {
      reject(v, {"nodeName"}, field::invalid(path_of(v, "nodeName"), field::go_quote(spec.node_name), errors.front()));
    }
  }
  if (!spec.priority_class_name.empty()) {
    std::vector<std::string> errors = util_dns1123_subdomain_errors(spec.priority_class_name);
    if (!errors.empty()) {
      reject(v, {"priorityClassName"},
             field::invalid(path_of(v, "priorityClassName"), field::go_quote(spec.priority_class_name), errors.front()));
    }
  }
  if (spec.active_deadline_seconds && (*spec.active_deadline_seconds < 1 || *spec.active_deadline_seconds > INT32_MAX)) {
    reject(v, {"activeDeadlineSeconds"},
           field::invalid(path_of(v, "activeDeadlineSeconds"), std::to_string(*spec.active_deadline_seconds),
                          "must be between 1 and 2147483647, inclusive"));
  }
  if (!spec.runtime_class_name.empty()) {
    std::vector<std::string> errors = util_dns1123_subdomain_errors(spec.runtime_class_name);
    if (!errors.empty()) {
      reject(v, {"runtimeClassName"},
             field::invalid(path_of(v, "runtimeClassName"), field::go_quote(spec.runtime_class_name), errors.front()));
    }
  }
  validate_pod_resource_consistency(v, spec);
}

void validate_merged_affinity_terms(const Value& v, const Pod& pod) {
  if (!pod.spec.affinity) return;
  auto check = [&](const std::optional<PodAffinity>& affinity, std::string_view kind) {
    if (!affinity) return;
    constexpr std::string_view kRequired = "requiredDuringSchedulingIgnoredDuringExecution";
    constexpr std::string_view kPreferred = "preferredDuringSchedulingIgnoredDuringExecution";
    for (size_t i = 0; i < affinity->required.size(); ++i) {
      auto path = [&] { return fmt::format("spec.affinity.{}.{}[{}]", kind, kRequired, i); };
      validate_label_keys_in_selector(v, {"spec", "affinity", kind, kRequired, i}, path, affinity->required[i]);
    }
    for (size_t i = 0; i < affinity->preferred.size(); ++i) {
      auto path = [&] { return fmt::format("spec.affinity.{}.{}[{}].podAffinityTerm", kind, kPreferred, i); };
      validate_label_keys_in_selector(v, {"spec", "affinity", kind, kPreferred, i, "podAffinityTerm"}, path,
                                      affinity->preferred[i].term);
    }
  };
  check(pod.spec.affinity->pod_affinity, "podAffinity");
  check(pod.spec.affinity->pod_anti_affinity, "podAntiAffinity");
}

void validate_pod_image_volumes(const Value& v, const Pod& pod) {
  // A pod template may leave the reference for a controller to fill in; a pod may not.
  const auto& volumes = pod.spec.volumes;
  for (size_t i = 0; i < volumes.size(); ++i) {
    if (volumes[i].source.type != "image" || !volumes[i].source.image_reference.empty()) continue;
    reject(v, {"spec", "volumes", i, "image"}, field::required(fmt::format("spec.volumes[{}].image.reference", i)));
  }
}

void validate_pod_volume_claims(const Value& v, const Pod& pod) {
  const auto& volumes = pod.spec.volumes;
  if (pod.metadata.name.empty()) return;
  // The first volume that names each claim.
  std::unordered_map<std::string_view, size_t> claim_volumes;
  for (size_t j = 0; j < volumes.size(); ++j) {
    if (volumes[j].source.type == "persistentVolumeClaim") claim_volumes.try_emplace(volumes[j].claim_name, j);
  }
  for (size_t i = 0; i < volumes.size(); ++i) {
    if (!volumes[i].ephemeral_claim) continue;
    std::string claim = fmt::format("{}-{}", pod.metadata.name, volumes[i].name);
    std::vector<std::string> errors = util_dns1123_subdomain_errors(claim);
    if (!errors.empty()) {
      reject(v, {"spec", "volumes", i, "name"},
             field::invalid(fmt::format("spec.volumes[{}].name", i), field::go_quote(volumes[i].name),
                            fmt::format("PVC name {}: {}", field::go_quote(claim), errors.front())));
    }
    if (auto it = claim_volumes.find(claim); it != claim_volumes.end()) {
      const size_t j = it->second;
      reject(v, {"spec", "volumes", j, "persistentVolumeClaim", "claimName"},
             field::invalid(fmt::format("spec.volumes[{}].persistentVolumeClaim.claimName", j), field::go_quote(claim),
                            "must not reference a PVC that gets created for an ephemeral volume"));
    }
  }
}

void validate_pod_resource_claim_statuses(const Value& v, const Pod& pod) {
  const auto& statuses = pod.status.resource_claim_statuses;
  std::unordered_set<std::string_view> claim_names, status_names;
  for (const PodResourceClaim& c : pod.spec.resource_claims) claim_names.insert(c.name);
  for (size_t i = 0; i < statuses.size(); ++i) {
    const PodResourceClaimStatus& s = statuses[i];
    // Every problem is reported at the entry's name, the claim name's too, as the API server does.
    const std::string path = fmt::format("status.resourceClaimStatuses[{}].name", i);
    std::initializer_list<PathStep> at = {"status", "resourceClaimStatuses", i, "name"};
    if (!claim_names.contains(s.name)) {
      reject(v, at, field::invalid(path, field::go_quote(s.name), "must match the name of an entry in `spec.resourceClaims`"));
    }
    if (!status_names.insert(s.name).second) reject(v, at, field::duplicate(path, field::go_quote(s.name)));
    if (!s.resource_claim_name) continue;
    std::vector<std::string> errors = util_dns1123_subdomain_errors(*s.resource_claim_name);
    if (!errors.empty()) {
      reject(v, {"status", "resourceClaimStatuses", i, "resourceClaimName"},
             field::invalid(path, field::go_quote(*s.resource_claim_name), errors.front()));
    }
  }
}

}  // namespace podfit
