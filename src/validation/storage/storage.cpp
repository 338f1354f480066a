// The API server's checks of storage.k8s.io kinds: StorageClasses, CSINodes, CSIStorageCapacities.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "validation/storage/storage.h"

namespace podfit {

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

}  // namespace podfit
