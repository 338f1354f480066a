// The API server's checks of the cluster objects other than pods that scheduling reads: nodes,
// volumes and claims, storage classes, CSI nodes and capacities, priority classes.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "validation/qualified_name.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "validation/validate.h"

namespace podfit {
namespace {

// A DNS subdomain (class names, node names) at `path`.
void validate_subdomain(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view value) {
  std::vector<std::string> errors = util_dns1123_subdomain_errors(value);
  if (!errors.empty()) reject(v, steps, field::invalid(path(), field::go_quote(value), errors.front()));
}

bool is_taint_effect(std::string_view effect) {
  return effect == "NoSchedule" || effect == "PreferNoSchedule" || effect == "NoExecute";
}

// The duplicate taint as field.Duplicate prints it since v1.34: encoding/json of core.Taint
// (an internal type without JSON tags: Go's field names; timeAdded as metav1.Time marshals it).
std::string json_taint(const Taint& t) {
  return fmt::format("{{\"Key\":{},\"Value\":{},\"Effect\":{},\"TimeAdded\":{}}}", field::json_quote(t.key),
                     field::json_quote(t.value), field::json_quote(t.effect),
                     t.time_added.empty() ? std::string("null") : field::json_quote(t.time_added));
}

// validateNodeTaints. The API server prints the taints' path under metadata.
void validate_taints(const Value& v, const std::vector<Taint>& taints) {
  for (size_t i = 0; i < taints.size(); ++i) {
    const Taint& t = taints[i];
    auto base = [&] { return fmt::format("metadata.taints[{}]", i); };
    validate_label_name(v, {"spec", "taints", i, "key"}, [&] { return base() + ".key"; }, t.key);
    std::vector<std::string> errors = released_label_value_errors(t.value);
    if (!errors.empty()) {
      reject(v, {"spec", "taints", i, "value"},
             field::invalid(base() + ".value", field::go_quote(t.value), joined(errors)));
    }
    if (t.effect.empty()) reject(v, {"spec", "taints", i}, field::required(base() + ".effect"));
    if (!is_taint_effect(t.effect)) {
      reject(v, {"spec", "taints", i, "effect"},
             field::not_supported(base() + ".effect", field::go_quote(t.effect),
                                  {"NoSchedule", "PreferNoSchedule", "NoExecute"}));
    }
    for (size_t j = 0; j < i; ++j) {
      if (taints[j].key == t.key && taints[j].effect == t.effect) {
        reject(v, {"spec", "taints", i},
               field::duplicate(base(), json_taint(t)) + ": taints must be unique by key and effect pair");
      }
    }
  }
}

// supportedAccessModes, listed sorted as sets.List gives them.
void validate_access_modes(const Value& v, const std::vector<std::string>& modes, std::string_view required_detail) {
  auto path = [&] { return path_of(v, "accessModes"); };
  if (modes.empty()) reject(v, {"accessModes"}, field::required(path(), required_detail));
  bool once_pod = false;
  bool other = false;
  for (size_t i = 0; i < modes.size(); ++i) {
    const std::string& m = modes[i];
    if (m == "ReadWriteOncePod") {
      once_pod = true;
    } else if (m == "ReadWriteOnce" || m == "ReadOnlyMany" || m == "ReadWriteMany") {
      other = true;
    } else {
      reject(v, {"accessModes", i},
             field::not_supported(path(), field::go_quote(m),
                                  {"ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"}));
    }
  }
  if (once_pod && other) {
    reject(v, {"accessModes"}, field::forbidden(path(), "may not use ReadWriteOncePod with other access modes"));
  }
}

}  // namespace

void validate_object_name(const Value& v, std::string_view name) {
  // A name left to generateName is checked by the API server once generated.
  if (name.empty()) return;
  validate_subdomain(v, {"metadata", "name"}, [] { return std::string("metadata.name"); }, name);
}

void validate_namespace_name(const Value& v, std::string_view field, std::string_view name) {
  if (name.empty()) return;
  std::vector<std::string> errors = util_dns1123_label_errors(name);
  if (errors.empty()) return;
  std::string_view key = field.substr(field.find('.') + 1);
  reject(v, {"metadata", key}, field::invalid(field, field::go_quote(name), errors.front()));
}

void validate_generate_name(const Value& v, std::string_view generate_name) {
  if (generate_name.empty()) return;
  // A prefix may end in '-': apimachinery checks it with its last two characters made "a".
  // Masked on the stack, as nearly every running pod has a generateName; one too long for the
  // buffer is too long for a name either way, masked or not.
  std::array<char, 256> buffer{};
  std::string_view masked = generate_name;
  if (generate_name.size() > 1 && generate_name.back() == '-' && generate_name.size() <= buffer.size()) {
    size_t kept = generate_name.size() - 2;
    std::copy_n(generate_name.data(), kept, buffer.data());
    buffer[kept] = 'a';
    masked = std::string_view(buffer.data(), kept + 1);
  }
  std::vector<std::string> errors = util_dns1123_subdomain_errors(masked);
  if (!errors.empty()) {
    reject(v, {"metadata", "generateName"},
           field::invalid("metadata.generateName", field::go_quote(generate_name), errors.front()));
  }
}

void validate_node(const Value& v, const Node& node) {
  validate_object_name(v, node.metadata.name);
  validate_taints(v, node.spec.taints);
  v.fields([&](std::string_view key, const Value& f) {
    if (key != "status") return;
    f.fields([&](std::string_view k, const Value& x) {
      if (k == "capacity") validate_node_resource_list(x, node.status.capacity);
      else if (k == "allocatable" && !x.is_null()) validate_node_resource_list(x, node.status.allocatable);
    });
  });
}

void validate_pvc_spec(const Value& v, const PersistentVolumeClaimSpec& spec) {
  validate_access_modes(v, spec.access_modes, "at least 1 access mode is required");
  // The API server keys the storage request on `resources` itself.
  auto storage_path = [&] { return path_of(v, "resources[storage]"); };
  const Quantity* storage = spec.resources.requests ? spec.resources.requests->find("storage") : nullptr;
  if (storage == nullptr) reject(v, {"resources"}, field::required(storage_path()));
  if (storage->sign() <= 0) {
    reject(v, {"resources", "requests", "storage"},
           field::invalid(storage_path(), field::go_quote(storage->to_string()), "must be greater than zero"));
  }
  if (spec.storage_class_name && !spec.storage_class_name->empty()) {
    validate_subdomain(v, {"storageClassName"}, [&] { return path_of(v, "storageClassName"); },
                       *spec.storage_class_name);
  }
}

void validate_persistent_volume(const Value& v, const PersistentVolume& pv, bool has_node_affinity) {
  validate_object_name(v, pv.metadata.name);
  v.fields([&](std::string_view key, const Value& spec) {
    if (key != "spec") return;
    validate_access_modes(spec, pv.access_modes, "");
    if (pv.capacity.empty()) reject(spec, {"capacity"}, field::required("spec.capacity"));
    for (const auto& [name, q] : pv.capacity) {
      auto path = [&] { return fmt::format("spec.capacity[{}]", name); };
      std::initializer_list<PathStep> at = {"capacity", std::string_view(name)};
      // validateBasicResource prints Value(), a number; ValidatePositiveQuantityValue the text.
      if (q.value() < 0) {
        reject(spec, at, field::invalid(path(), std::to_string(q.value()), "must be a valid resource quantity"));
      }
      if (q.sign() <= 0) {
        reject(spec, at, field::invalid(path(), field::go_quote(q.to_string()), "must be greater than zero"));
      }
    }
    if (has_node_affinity && !pv.node_affinity) {
      reject(spec, {"nodeAffinity"},
             field::required("spec.nodeAffinity.required", "must specify required node constraints"));
    }
    if (pv.source.type == "local" && !has_node_affinity) {
      reject(spec, {"local"}, field::required("spec.nodeAffinity", "Local volume requires node affinity"));
    }
    if (!pv.storage_class_name.empty()) {
      validate_subdomain(spec, {"storageClassName"}, [] { return std::string("spec.storageClassName"); },
                         pv.storage_class_name);
    }
  });
}

void validate_storage_class(const Value& v, const StorageClass& sc) {
  validate_object_name(v, sc.metadata.name);
  std::string provisioner = sc.provisioner;
  std::transform(provisioner.begin(), provisioner.end(), provisioner.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  validate_label_name(v, {"provisioner"}, [] { return std::string("provisioner"); }, provisioner);
  std::vector<std::map<std::string, std::set<std::string>>> seen_terms;
  for (size_t i = 0; i < sc.allowed_topologies.size(); ++i) {
    const auto& expressions = sc.allowed_topologies[i].match_label_expressions;
    std::string term_path = fmt::format("allowedTopologies[{}].matchLabelExpressions", i);
    std::map<std::string, std::set<std::string>> term;
    for (size_t j = 0; j < expressions.size(); ++j) {
      const TopologySelectorRequirement& r = expressions[j];
      std::string base = fmt::format("{}[{}]", term_path, j);
      std::initializer_list<PathStep> at = {"allowedTopologies", i, "matchLabelExpressions", j};
      if (r.values.empty()) reject(v, at, field::required(base + ".values"));
      std::set<std::string> values;
      for (size_t k = 0; k < r.values.size(); ++k) {
        if (!values.insert(r.values[k]).second) {
          reject(v, {"allowedTopologies", i, "matchLabelExpressions", j, "values", k},
                 field::duplicate(fmt::format("{}.values[{}]", base, k), field::go_quote(r.values[k])));
        }
      }
      validate_label_name(v, {"allowedTopologies", i, "matchLabelExpressions", j, "key"}, [&] { return base + ".key"; },
                          r.key);
      if (term.contains(r.key)) {
        reject(v, {"allowedTopologies", i, "matchLabelExpressions", j, "key"},
               field::duplicate(base + ".key", field::go_quote(r.key)));
      }
      term[r.key] = std::move(values);
    }
    // The API server starts its list of seen terms with one empty entry per term, so an empty
    // term is always a duplicate.
    bool duplicate = term.empty() || std::find(seen_terms.begin(), seen_terms.end(), term) != seen_terms.end();
    if (duplicate) reject(v, {"allowedTopologies", i}, field::duplicate(term_path, "\"\""));
    seen_terms.push_back(std::move(term));
  }
}

void validate_csi_node(const Value& v, const CSINode& node) {
  validate_object_name(v, node.metadata.name);
  std::vector<std::string_view> names;
  for (size_t i = 0; i < node.drivers.size(); ++i) {
    const CSINodeDriver& d = node.drivers[i];
    std::string base = fmt::format("spec.drivers[{}]", i);
    std::initializer_list<PathStep> at = {"spec", "drivers", i};
    if (d.name.empty()) reject(v, at, field::required(base + ".name"));
    if (d.name.size() > 63) reject(v, at, fmt::format("{}.name: Too long: must have at most 63 bytes", base));
    std::string lower = d.name;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::vector<std::string> errors = util_dns1123_subdomain_errors(lower);
    if (!errors.empty()) reject(v, at, field::invalid(base + ".name", field::go_quote(d.name), errors.front()));
    if (d.node_id.empty()) reject(v, at, field::required(base + ".nodeID"));
    if (d.allocatable_count && *d.allocatable_count < 0) {
      reject(v, at,
             field::invalid(base + ".allocatable.count", std::to_string(*d.allocatable_count),
                            "must be greater than or equal to 0"));
    }
    if (std::find(names.begin(), names.end(), d.name) != names.end()) {
      reject(v, at, field::duplicate(base + ".name", field::go_quote(d.name)));
    }
    names.push_back(d.name);
    for (size_t k = 0; k < d.topology_keys.size(); ++k) {
      const std::string& key = d.topology_keys[k];
      if (key.empty()) reject(v, at, field::required(base));
      for (size_t j = 0; j < k; ++j) {
        if (d.topology_keys[j] == key) reject(v, at, field::duplicate(base, field::go_quote(key)));
      }
      validate_label_name(v, {"spec", "drivers", i, "topologyKeys", k}, [&] { return base; }, key);
    }
  }
}

void validate_csi_storage_capacity(const Value& v, const CSIStorageCapacity& capacity) {
  validate_object_name(v, capacity.metadata.name);
  validate_subdomain(v, {"storageClassName"}, [] { return std::string("storageClassName"); },
                     capacity.storage_class_name);
  if (capacity.capacity && capacity.capacity->sign() < 0) {
    reject(v, {"capacity"},
           field::invalid("capacity", field::go_quote(capacity.capacity->to_string()),
                          "must be greater than or equal to 0"));
  }
}

void validate_priority_class(const Value& v, const PriorityClass& pc) {
  validate_object_name(v, pc.metadata.name);
  // Names with the system- prefix are the API server's own classes, checked against its list.
  constexpr int32_t kHighestUserDefinablePriority = 1000000000;
  if (!pc.metadata.name.starts_with("system-") && pc.value > kHighestUserDefinablePriority) {
    reject(v, {"value"},
           field::forbidden("value", fmt::format("maximum allowed value of a user defined priority is {}",
                                                 kHighestUserDefinablePriority)));
  }
}

void validate_runtime_class_handler(const Value& v, std::string_view handler) {
  std::vector<std::string> errors = util_dns1123_label_errors(handler);
  if (!errors.empty()) reject(v, {"handler"}, field::invalid("handler", field::go_quote(handler), errors.front()));
}

}  // namespace podfit
