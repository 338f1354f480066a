#include "podfit/framework/feature_gates.h"

#include <algorithm>
#include <array>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "podfit/util/strings.h"

namespace podfit {
namespace {

constexpr std::string_view kAllAlpha = "AllAlpha";
constexpr std::string_view kAllBeta = "AllBeta";

// A gate's state in one release, as kube_features.go's versioned specs give it.
struct GateState {
  bool exists;
  bool default_value;
  std::string_view stage;
  bool locked;
};
constexpr GateState kAlpha{true, false, "ALPHA", false};
constexpr GateState kBetaOff{true, false, "BETA", false};
constexpr GateState kBetaOn{true, true, "BETA", false};
constexpr GateState kGA{true, true, "GA", false};
constexpr GateState kGALocked{true, true, "GA", true};
constexpr GateState kDeprecatedOff{true, false, "DEPRECATED", false};
// Removed after graduating: the behaviour stays, the gate's name is unknown.
constexpr GateState kRemoved{false, true, "", false};

// From the release `minor` on (until the next entry), the gate is in `state`.
struct VersionedState {
  int minor = 0;
  GateState state{false, false, "", false};
};

// A gate, the field holding its value, and its versioned specs, oldest first (before the first
// entry the gate does not exist and its feature is off).
struct GateSpec {
  std::string_view name;
  bool FeatureGates::*field;
  VersionedState versions[4];  // unused entries have minor 0

  GateState at(KubernetesRelease release) const {
    GateState state{false, false, "", false};
    for (const VersionedState& v : versions) {
      if (v.minor != 0 && v.minor <= release.minor) state = v.state;
    }
    return state;
  }
};

// Sorted by name; pkg/features/kube_features.go's versioned specs, v1.32 to v1.37.
const GateSpec kGates[] = {
    {"DRAAdminAccess", &FeatureGates::dra_admin_access, {{32, kAlpha}, {34, kBetaOn}, {36, kGALocked}}},
    {"DRAConsumableCapacity", &FeatureGates::dra_consumable_capacity, {{34, kAlpha}, {36, kBetaOn}}},
    {"DRADeviceBindingConditions", &FeatureGates::dra_device_binding_conditions, {{34, kAlpha}, {36, kBetaOn}}},
    {"DRADeviceTaintRules", &FeatureGates::dra_device_taint_rules, {{35, kAlpha}, {36, kBetaOff}, {37, kGA}}},
    {"DRADeviceTaints", &FeatureGates::dra_device_taints, {{33, kAlpha}, {36, kBetaOn}, {37, kGA}}},
    {"DRAExtendedResource", &FeatureGates::dra_extended_resource, {{34, kAlpha}, {36, kBetaOn}, {37, kGALocked}}},
    {"DRAListTypeAttributes", &FeatureGates::dra_list_type_attributes, {{36, kAlpha}}},
    {"DRANodeAllocatableResources", &FeatureGates::dra_node_allocatable_resources, {{36, kAlpha}}},
    {"DRAPartitionableDevices", &FeatureGates::dra_partitionable_devices, {{33, kAlpha}, {36, kBetaOn}}},
    {"DRAPrioritizedList", &FeatureGates::dra_prioritized_list, {{33, kAlpha}, {34, kBetaOn}, {36, kGA}, {37, kGALocked}}},
    {"DRAResourceClaimDeviceStatus", &FeatureGates::dra_resource_claim_device_status,
     {{32, kAlpha}, {33, kBetaOn}, {37, kGALocked}}},
    {"DRASchedulerFilterTimeout", &FeatureGates::dra_scheduler_filter_timeout, {{34, kBetaOn}}},
    {"DynamicResourceAllocation", &FeatureGates::dynamic_resource_allocation, {{32, kBetaOff}, {34, kGA}, {35, kGALocked}}},
    {"GenericWorkload", &FeatureGates::generic_workload, {{35, kAlpha}, {37, kBetaOff}}},
    {"InPlacePodLevelResourcesVerticalScaling", &FeatureGates::in_place_pod_level_resources_vertical_scaling,
     {{35, kAlpha}, {36, kBetaOn}}},
    {"InPlacePodVerticalScaling", &FeatureGates::in_place_pod_vertical_scaling, {{32, kAlpha}, {33, kBetaOn}, {35, kGALocked}}},
    {"InPlacePodVerticalScalingSchedulerPreemption", &FeatureGates::in_place_pod_vertical_scaling_scheduler_preemption,
     {{37, kAlpha}}},
    {"MatchLabelKeysInPodAffinity", &FeatureGates::match_label_keys_in_pod_affinity, {{32, kBetaOn}, {33, kGALocked}}},
    {"MatchLabelKeysInPodTopologySpread", &FeatureGates::match_label_keys_in_pod_topology_spread, {{32, kBetaOn}}},
    {"MatchLabelKeysInPodTopologySpreadSelectorMerge",
     &FeatureGates::match_label_keys_in_pod_topology_spread_selector_merge, {{34, kBetaOn}}},
    {"NodeDeclaredFeatures", &FeatureGates::node_declared_features, {{35, kAlpha}, {36, kBetaOn}, {37, kGALocked}}},
    {"NodeInclusionPolicyInPodTopologySpread", &FeatureGates::node_inclusion_policy_in_pod_topology_spread,
     {{32, kBetaOn}, {33, kGALocked}}},
    {"PodLevelResources", &FeatureGates::pod_level_resources, {{32, kAlpha}, {34, kBetaOn}}},
    {"PodLevelResourcesFixDefaulting", &FeatureGates::pod_level_resources_fix_defaulting, {{37, kBetaOn}}},
    {"SchedulerQueueingHints", &FeatureGates::scheduler_queueing_hints, {{32, kBetaOn}, {34, kGALocked}, {37, kRemoved}}},
    {"SidecarContainers", &FeatureGates::sidecar_containers, {{32, kBetaOn}, {33, kGALocked}, {37, kRemoved}}},
    {"StorageCapacityScoring", &FeatureGates::storage_capacity_scoring, {{33, kAlpha}, {37, kBetaOn}}},
    {"TaintTolerationComparisonOperators", &FeatureGates::taint_toleration_comparison_operators, {{35, kAlpha}}},
    {"VolumeAttributesClass", &FeatureGates::volume_attributes_class, {{32, kBetaOff}, {34, kGA}, {36, kGALocked}}},
    {"VolumeLimitScaling", &FeatureGates::volume_limit_scaling, {{35, kAlpha}, {37, kBetaOn}}},
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

void fail(std::string* error, std::string message) {
  if (error != nullptr) *error = std::move(message);
}

// AllAlpha / AllBeta: every gate of the stage that `skip` does not name takes `value`.
void set_stage(FeatureGates& gates, std::string_view stage, bool value, const std::set<std::string_view>& skip) {
  for (const auto& gate : kGates) {
    const GateState state = gate.at(gates.release);
    if (state.exists && state.stage == stage && !state.locked && !skip.contains(gate.name)) gates.*gate.field = value;
  }
}

}  // namespace

FeatureGates FeatureGates::for_release(KubernetesRelease release) {
  FeatureGates gates;
  gates.release = release;
  gates.changes = ReleaseChanges::of(release);
  for (const auto& gate : kGates) gates.*gate.field = gate.at(release).default_value;
  return gates;
}

std::vector<FeatureGates::Info> FeatureGates::known() const {
  std::vector<Info> out;
  for (const auto& gate : kGates) {
    const GateState state = gate.at(release);
    if (state.exists) out.push_back(Info{std::string(gate.name), state.default_value, std::string(state.stage), state.locked});
  }
  return out;
}

namespace {

// Which releases podfit models have a gate `release` lacks, for the message that refuses it:
// kube-scheduler refuses it as unrecognized, and the user may have meant another release.
std::string releases_with_gate(std::string_view name, KubernetesRelease release) {
  // Runs of consecutive releases that have it: "v1.32 to v1.36", "v1.35 and v1.36".
  std::vector<std::string> runs;
  int first = 0;
  auto has_gate = [&](int minor) {
    const auto gates = known_feature_gates(KubernetesRelease{minor});
    return std::any_of(gates.begin(), gates.end(), [&](const KnownFeatureGate& g) { return g.name == name; });
  };
  for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor + 1; ++minor) {
    const bool has = minor <= KubernetesRelease::kNewestMinor && has_gate(minor);
    if (has && first == 0) first = minor;
    if (has || first == 0) continue;
    const std::string from = KubernetesRelease{first}.name(), to = KubernetesRelease{minor - 1}.name();
    if (first == minor - 1) runs.push_back(from);
    else if (first == minor - 2) runs.push_back(fmt::format("{} and {}", from, to));
    else runs.push_back(fmt::format("{} to {}", from, to));
    first = 0;
  }
  if (runs.empty()) {
    return fmt::format("no Kubernetes release from {} to {} has it", KubernetesRelease::oldest().name(),
                       KubernetesRelease::newest().name());
  }
  return fmt::format("a gate of Kubernetes {}, not of {}: --kubernetes-version chooses the release",
                     fmt::join(runs, ", "), release.name());
}

}  // namespace

bool FeatureGates::set(std::string_view name, bool value, std::string* error) {
  if (name == kAllAlpha || name == kAllBeta) {
    set_stage(*this, name == kAllAlpha ? "ALPHA" : "BETA", value, {});
    return true;
  }
  const GateSpec* gate = find_gate(name);
  const GateState state = gate != nullptr ? gate->at(release) : GateState{};
  if (!state.exists) {
    for (const KnownFeatureGate& known : known_feature_gates(release)) {
      if (known.name != name) continue;
      if (known.locked && value != known.default_value) {
        fail(error, fmt::format("cannot set feature gate {} to {}, feature is locked to {}", name, value,
                                known.default_value));
        return false;
      }
      // Its default is what podfit computes with.
      if (value == known.default_value) return true;
      if (!gate_read_by_modelled_code(name)) {
        accepted_unread.push_back(fmt::format("{}={}", name, value));
        return true;
      }
      fail(error, fmt::format("feature gate {} is known in Kubernetes {} but not modelled by podfit, which cannot "
                              "tell what {}={} would change",
                              name, release.name(), name, value));
      return false;
    }
    fail(error, fmt::format("unrecognized feature gate: {} ({})", name, releases_with_gate(name, release)));
    return false;
  }
  if (state.locked && value != state.default_value) {
    fail(error, fmt::format("cannot set feature gate {} to {}, feature is locked to {}", name, value,
                            state.default_value));
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
    const std::optional<bool> parsed = parse_go_bool(raw);
    if (!parsed) {
      fail(error, fmt::format("invalid value of {}={}, err: strconv.ParseBool: parsing \"{}\": invalid syntax", key,
                              raw, raw));
      return false;
    }
    // A repeated key keeps its last value, as the Go map does.
    auto same = std::find_if(pairs.begin(), pairs.end(), [&](const auto& p) { return p.first == key; });
    if (same != pairs.end()) {
      same->second = *parsed;
    } else {
      pairs.emplace_back(key, *parsed);
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
  for (const auto& gate : kGates) {
    if (gate.at(release).exists) out.emplace_back(std::string(gate.name), this->*gate.field);
  }
  return out;
}

}  // namespace podfit
