// The API server's checks of the core kinds besides pods that scheduling reads: nodes,
// persistent volumes and their claims.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <string>
#include <unordered_set>

#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "validation/core/objects.h"
#include "validation/core/resources.h"
#include "validation/qualified_name.h"

namespace podfit {
namespace {

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
  std::unordered_set<std::string> key_effects;
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
    if (!key_effects.insert(t.key + '\0' + t.effect).second) {
      reject(v, {"spec", "taints", i},
             field::duplicate(base(), json_taint(t)) + ": taints must be unique by key and effect pair");
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

}  // namespace podfit
