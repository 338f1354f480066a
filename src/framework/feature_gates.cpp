#include "podfit/framework/feature_gates.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace podfit {
namespace {

constexpr std::string_view kAllAlpha = "AllAlpha";
constexpr std::string_view kAllBeta = "AllBeta";

// A gate's versioned spec at v1.37 and the field that holds its value.
struct GateSpec {
  std::string_view name;
  bool FeatureGates::*field;
  bool default_value;
  std::string_view stage;
  bool locked;
};

// Sorted by name; defaults from the v1.37 versioned feature specs.
constexpr GateSpec kGates[] = {
    {"DRAConsumableCapacity", &FeatureGates::dra_consumable_capacity, true, "BETA", false},
    {"DRAExtendedResource", &FeatureGates::dra_extended_resource, true, "GA", true},
    {"DRAListTypeAttributes", &FeatureGates::dra_list_type_attributes, false, "ALPHA", false},
    {"DRANodeAllocatableResources", &FeatureGates::dra_node_allocatable_resources, false, "ALPHA", false},
    {"DRASchedulerFilterTimeout", &FeatureGates::dra_scheduler_filter_timeout, true, "BETA", false},
    {"DynamicResourceAllocation", &FeatureGates::dynamic_resource_allocation, true, "GA", true},
    {"GenericWorkload", &FeatureGates::generic_workload, false, "ALPHA", false},
    {"InPlacePodLevelResourcesVerticalScaling", &FeatureGates::in_place_pod_level_resources_vertical_scaling, true,
     "BETA", false},
    {"InPlacePodVerticalScaling", &FeatureGates::in_place_pod_vertical_scaling, true, "GA", true},
    {"InPlacePodVerticalScalingSchedulerPreemption", &FeatureGates::in_place_pod_vertical_scaling_scheduler_preemption,
     false, "ALPHA", false},
    {"MatchLabelKeysInPodAffinity", &FeatureGates::match_label_keys_in_pod_affinity, true, "GA", true},
    {"MatchLabelKeysInPodTopologySpread", &FeatureGates::match_label_keys_in_pod_topology_spread, true, "BETA", false},
    {"MatchLabelKeysInPodTopologySpreadSelectorMerge",
     &FeatureGates::match_label_keys_in_pod_topology_spread_selector_merge, true, "BETA", false},
    {"NodeDeclaredFeatures", &FeatureGates::node_declared_features, true, "GA", true},
    {"NodeInclusionPolicyInPodTopologySpread", &FeatureGates::node_inclusion_policy_in_pod_topology_spread, true, "GA",
     true},
    {"PodLevelResources", &FeatureGates::pod_level_resources, true, "BETA", false},
    {"StorageCapacityScoring", &FeatureGates::storage_capacity_scoring, true, "BETA", false},
    {"TaintTolerationComparisonOperators", &FeatureGates::taint_toleration_comparison_operators, false, "ALPHA", false},
    {"VolumeAttributesClass", &FeatureGates::volume_attributes_class, true, "GA", true},
    {"VolumeLimitScaling", &FeatureGates::volume_limit_scaling, true, "BETA", false},
};

const GateSpec* find_gate(std::string_view name) {
  for (const auto& gate : kGates) {
    if (gate.name == name) return &gate;
  }
  return nullptr;
}

std::string_view trim(std::string_view s) {
  constexpr std::string_view kSpace = " \t\n\v\f\r";
  size_t begin = s.find_first_not_of(kSpace);
  if (begin == std::string_view::npos) return {};
  size_t end = s.find_last_not_of(kSpace);
  return s.substr(begin, end - begin + 1);
}

// strconv.ParseBool's accepted spellings.
bool parse_bool(std::string_view text, bool* value) {
  static constexpr std::string_view kTrue[] = {"1", "t", "T", "TRUE", "true", "True"};
  static constexpr std::string_view kFalse[] = {"0", "f", "F", "FALSE", "false", "False"};
  if (std::find(std::begin(kTrue), std::end(kTrue), text) != std::end(kTrue)) {
    *value = true;
    return true;
  }
  if (std::find(std::begin(kFalse), std::end(kFalse), text) != std::end(kFalse)) {
    *value = false;
    return true;
  }
  return false;
}

void fail(std::string* error, std::string message) {
  if (error != nullptr) *error = std::move(message);
}

// AllAlpha / AllBeta: every gate of the stage that `skip` does not name takes `value`.
void set_stage(FeatureGates& gates, std::string_view stage, bool value, const std::set<std::string_view>& skip) {
  for (const auto& gate : kGates) {
    if (gate.stage == stage && !gate.locked && !skip.contains(gate.name)) gates.*gate.field = value;
  }
}

}  // namespace

const std::vector<FeatureGates::Info>& FeatureGates::known() {
  static const std::vector<Info> infos = [] {
    std::vector<Info> out;
    for (const auto& gate : kGates) {
      out.push_back(Info{std::string(gate.name), gate.default_value, std::string(gate.stage), gate.locked});
    }
    return out;
  }();
  return infos;
}

bool FeatureGates::set(std::string_view name, bool value, std::string* error) {
  if (name == kAllAlpha || name == kAllBeta) {
    set_stage(*this, name == kAllAlpha ? "ALPHA" : "BETA", value, {});
    return true;
  }
  const GateSpec* gate = find_gate(name);
  if (gate == nullptr) {
    fail(error, fmt::format("unrecognized feature gate: {}", name));
    return false;
  }
  if (gate->locked && value != gate->default_value) {
    fail(error, fmt::format("cannot set feature gate {} to {}, feature is locked to {}", name, value,
                            gate->default_value));
    return false;
  }
  this->*gate->field = value;
  return true;
}

bool FeatureGates::parse(std::string_view text, std::string* error) {
  // featureGate.Set: split on ',', each item "key=bool"; the map is applied only when all parse.
  std::vector<std::pair<std::string_view, bool>> pairs;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    std::string_view item = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    start = comma == std::string_view::npos ? text.size() + 1 : comma + 1;
    if (item.empty()) continue;
    size_t eq = item.find('=');
    std::string_view key = trim(item.substr(0, eq));
    if (eq == std::string_view::npos) {
      fail(error, fmt::format("missing bool value for {}", key));
      return false;
    }
    std::string_view raw = trim(item.substr(eq + 1));
    bool value = false;
    if (!parse_bool(raw, &value)) {
      fail(error, fmt::format("invalid value of {}={}, err: strconv.ParseBool: parsing \"{}\": invalid syntax", key,
                              raw, raw));
      return false;
    }
    // A repeated key keeps its last value, as the Go map does.
    auto same = std::find_if(pairs.begin(), pairs.end(), [&](const auto& p) { return p.first == key; });
    if (same != pairs.end()) {
      same->second = value;
    } else {
      pairs.emplace_back(key, value);
    }
  }

  FeatureGates updated = *this;
  std::set<std::string_view> explicit_names;
  for (const auto& [key, value] : pairs) {
    if (key == kAllAlpha || key == kAllBeta) continue;
    if (!updated.set(key, value, error)) return false;
    explicit_names.insert(key);
  }
  for (const auto& [key, value] : pairs) {
    if (key == kAllAlpha) set_stage(updated, "ALPHA", value, explicit_names);
    if (key == kAllBeta) set_stage(updated, "BETA", value, explicit_names);
  }
  *this = updated;
  return true;
}

std::vector<std::pair<std::string, bool>> FeatureGates::list() const {
  std::vector<std::pair<std::string, bool>> out;
  for (const auto& gate : kGates) out.emplace_back(std::string(gate.name), this->*gate.field);
  return out;
}

}  // namespace podfit
