// Feature gates: v1.37 defaults and --feature-gates parsing with kube's messages.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "podfit/framework/feature_gates.h"
#include "podfit/kubernetes_release.h"

#ifndef PODFIT_SOURCE_DIR
#define PODFIT_SOURCE_DIR "."
#endif

namespace podfit {
namespace {

bool value_of(const FeatureGates& gates, const std::string& name) {
  for (const auto& [gate, value] : gates.list()) {
    if (gate == name) return value;
  }
  FAIL("unknown gate ", name);
  return false;
}

TEST_CASE("feature gates: v1.37 defaults") {
  struct Case {
    const char* name;
    bool value;
    const char* stage;
    bool locked;
  };
  const Case cases[] = {
      {"DRAAdminAccess", true, "GA", true},
      {"DRAConsumableCapacity", true, "BETA", false},
      {"DRADeviceBindingConditions", true, "BETA", false},
      {"DRADeviceTaintRules", true, "GA", false},
      {"DRADeviceTaints", true, "GA", false},
      {"DRAExtendedResource", true, "GA", true},
      {"DRAListTypeAttributes", false, "ALPHA", false},
      {"DRANodeAllocatableResources", false, "ALPHA", false},
      {"DRAPartitionableDevices", true, "BETA", false},
      {"DRAPrioritizedList", true, "GA", true},
      {"DRAResourceClaimDeviceStatus", true, "GA", true},
      {"DRASchedulerFilterTimeout", true, "BETA", false},
      {"DynamicResourceAllocation", true, "GA", true},
      {"GenericWorkload", false, "BETA", false},
      {"InPlacePodLevelResourcesVerticalScaling", true, "BETA", false},
      {"InPlacePodVerticalScaling", true, "GA", true},
      {"InPlacePodVerticalScalingSchedulerPreemption", false, "ALPHA", false},
      {"MatchLabelKeysInPodAffinity", true, "GA", true},
      {"MatchLabelKeysInPodTopologySpread", true, "BETA", false},
      {"MatchLabelKeysInPodTopologySpreadSelectorMerge", true, "BETA", false},
      {"NodeDeclaredFeatures", true, "GA", true},
      {"NodeInclusionPolicyInPodTopologySpread", true, "GA", true},
      {"PodLevelResources", true, "BETA", false},
      {"PodLevelResourcesFixDefaulting", true, "BETA", false},
      {"StorageCapacityScoring", true, "BETA", false},
      {"TaintTolerationComparisonOperators", false, "ALPHA", false},
      {"VolumeAttributesClass", true, "GA", true},
      {"VolumeLimitScaling", true, "BETA", false},
  };
  const FeatureGates gates;
  const std::vector<FeatureGates::Info> known = FeatureGates().known();
  REQUIRE(known.size() == std::size(cases));
  for (size_t i = 0; i < std::size(cases); ++i) {
    const auto& c = cases[i];
    SUBCASE(c.name) {
      const auto& info = known[i];
      CHECK(info.name == c.name);
      CHECK(info.default_value == c.value);
      CHECK(info.stage == c.stage);
      CHECK(info.locked == c.locked);
      CHECK(value_of(gates, c.name) == c.value);
    }
  }
  CHECK(gates.in_place_pod_vertical_scaling);
  CHECK(gates.in_place_pod_level_resources_vertical_scaling);
  CHECK_FALSE(gates.in_place_pod_vertical_scaling_scheduler_preemption);
  CHECK(gates.pod_level_resources);
  CHECK(gates.dra_extended_resource);
  CHECK(gates.sidecar_containers);
  CHECK(gates.scheduler_queueing_hints);
}

TEST_CASE("feature gates: set") {
  struct Case {
    const char* name;
    const char* gate;
    bool value;
    bool ok;
    const char* error;
  };
  const Case cases[] = {
      {"alpha gate on", "TaintTolerationComparisonOperators", true, true, ""},
      {"beta gate off", "PodLevelResources", false, true, ""},
      {"locked gate to its default", "InPlacePodVerticalScaling", true, true, ""},
      {"locked gate away from its default", "InPlacePodVerticalScaling", false, false,
       "cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true"},
      {"locked DRA gate", "DRAExtendedResource", false, false,
       "cannot set feature gate DRAExtendedResource to false, feature is locked to true"},
      {"unknown gate", "NoSuchGate", true, false, "unrecognized feature gate: NoSuchGate (no Kubernetes release from v1.32 to v1.37 has it)"},
      {"removed gate SidecarContainers", "SidecarContainers", true, false,
       "unrecognized feature gate: SidecarContainers (a gate of Kubernetes v1.32 to v1.36, not of v1.37: --kubernetes-version chooses the release)"},
      {"removed gate SchedulerQueueingHints", "SchedulerQueueingHints", false, false,
       "unrecognized feature gate: SchedulerQueueingHints (a gate of Kubernetes v1.32 to v1.36, not of v1.37: --kubernetes-version chooses the release)"},
      {"names are case sensitive", "podLevelResources", false, false,
       "unrecognized feature gate: podLevelResources (no Kubernetes release from v1.32 to v1.37 has it)"},
      {"a gate podfit does not model, at its default", "DRAWorkloadResourceClaims", false, true, ""},
      {"a gate podfit does not model, away from its default", "DRAWorkloadResourceClaims", true, false,
       "feature gate DRAWorkloadResourceClaims is known in Kubernetes v1.37 but not modelled by podfit, which cannot "
       "tell what DRAWorkloadResourceClaims=true would change"},
      {"a locked gate podfit does not model, at its default", "ImageVolume", true, true, ""},
      {"a locked gate podfit does not model", "ImageVolume", false, false,
       "cannot set feature gate ImageVolume to false, feature is locked to true"},
      {"a gate no code podfit models reads, away from its default", "APIServingWithRoutine", true, true, ""},
      {"a kubelet gate, away from its default", "KubeletAllocatedPodsEndpoint", true, true, ""},
      {"a gate of another release", "GangScheduling", true, false,
       "unrecognized feature gate: GangScheduling (a gate of Kubernetes v1.35 and v1.36, not of v1.37: "
       "--kubernetes-version chooses the release)"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      FeatureGates gates;
      std::string error;
      CHECK(gates.set(c.gate, c.value, &error) == c.ok);
      CHECK(error == c.error);
      // Accepted without being modelled: said, so that the CLI can tell the user.
      const bool unread = c.ok && std::string(c.name).find("reads") != std::string::npos;
      const bool kubelet = c.ok && std::string(c.name).find("kubelet") != std::string::npos;
      if (unread || kubelet) {
        CHECK(gates.accepted_unread == std::vector<std::string>{fmt::format("{}={}", c.gate, c.value)});
      } else {
        CHECK(gates.accepted_unread.empty());
      }
      const auto modelled = gates.list();
      const bool is_modelled = std::any_of(modelled.begin(), modelled.end(), [&](const auto& g) { return g.first == c.gate; });
      if (c.ok && is_modelled) CHECK(value_of(gates, c.gate) == c.value);
    }
  }
}

TEST_CASE("feature gates: parse") {
  struct Case {
    const char* name;
    const char* text;
    bool ok;
    const char* error;
    std::vector<std::pair<std::string, bool>> want;  // gates checked after a successful parse
  };
  const Case cases[] = {
      {"empty", "", true, "", {{"PodLevelResources", true}}},
      {"two gates with spaces", "PodLevelResources=false, TaintTolerationComparisonOperators=true", true, "",
       {{"PodLevelResources", false}, {"TaintTolerationComparisonOperators", true}}},
      {"ParseBool spellings", "PodLevelResources=F,GenericWorkload=1", true, "",
       {{"PodLevelResources", false}, {"GenericWorkload", true}}},
      {"empty items are skipped", ",PodLevelResources=false,,", true, "", {{"PodLevelResources", false}}},
      {"last value wins", "PodLevelResources=false,PodLevelResources=true", true, "", {{"PodLevelResources", true}}},
      {"missing value", "PodLevelResources", false, "missing bool value for PodLevelResources", {}},
      {"bad value", "PodLevelResources=yes", false,
       "invalid value of PodLevelResources=yes, err: strconv.ParseBool: parsing \"yes\": invalid syntax", {}},
      {"unknown gate", "Bogus=true", false,
       "unrecognized feature gate: Bogus (no Kubernetes release from v1.32 to v1.37 has it)", {}},
      {"locked gate", "MatchLabelKeysInPodAffinity=false", false,
       "cannot set feature gate MatchLabelKeysInPodAffinity to false, feature is locked to true", {}},
      {"AllAlpha turns on unlocked alpha gates", "AllAlpha=true", true, "",
       {{"TaintTolerationComparisonOperators", true},
        {"GenericWorkload", false},
        {"InPlacePodVerticalScalingSchedulerPreemption", true},
        {"PodLevelResources", true}}},
      {"explicit gates win over AllAlpha", "TaintTolerationComparisonOperators=false,AllAlpha=true", true, "",
       {{"TaintTolerationComparisonOperators", false}, {"InPlacePodVerticalScalingSchedulerPreemption", true}}},
      {"AllBeta turns on beta gates that default off", "AllBeta=true", true, "", {{"GenericWorkload", true}}},
      {"AllBeta=false leaves GA gates alone", "AllBeta=false", true, "",
       {{"PodLevelResources", false}, {"MatchLabelKeysInPodTopologySpread", false}, {"DRAExtendedResource", true}}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      FeatureGates gates;
      std::string error;
      CHECK(gates.parse(c.text, &error) == c.ok);
      CHECK(error == c.error);
      for (const auto& [gate, value] : c.want) CHECK_MESSAGE(value_of(gates, gate) == value, gate);
      if (!c.ok) CHECK(gates.list() == FeatureGates{}.list());  // a failed parse changes nothing
    }
  }
}

}  // namespace
}  // namespace podfit

namespace podfit {
namespace {

TEST_CASE("feature gates: each release's defaults, from kube_features.go's versioned specs") {
  struct Case {
    int minor;
    const char* gate;
    bool exists;
    bool value;
    const char* stage;
    bool locked;
  };
  const Case cases[] = {
      {32, "DynamicResourceAllocation", true, false, "BETA", false},
      {33, "DynamicResourceAllocation", true, false, "BETA", false},
      {34, "DynamicResourceAllocation", true, true, "GA", false},
      {35, "DynamicResourceAllocation", true, true, "GA", true},
      {32, "SchedulerQueueingHints", true, true, "BETA", false},
      {34, "SchedulerQueueingHints", true, true, "GA", true},
      {37, "SchedulerQueueingHints", false, true, "", false},
      {32, "SidecarContainers", true, true, "BETA", false},
      {33, "SidecarContainers", true, true, "GA", true},
      {32, "PodLevelResources", true, false, "ALPHA", false},
      {34, "PodLevelResources", true, true, "BETA", false},
      {36, "PodLevelResourcesFixDefaulting", false, false, "", false},
      {37, "PodLevelResourcesFixDefaulting", true, true, "BETA", false},
      {32, "InPlacePodVerticalScaling", true, false, "ALPHA", false},
      {33, "InPlacePodVerticalScaling", true, true, "BETA", false},
      {35, "InPlacePodVerticalScaling", true, true, "GA", true},
      {34, "NodeDeclaredFeatures", false, false, "", false},
      {35, "NodeDeclaredFeatures", true, false, "ALPHA", false},
      {36, "NodeDeclaredFeatures", true, true, "BETA", false},
      {35, "DRADeviceTaints", true, false, "ALPHA", false},
      {36, "DRADeviceTaints", true, true, "BETA", false},
      {32, "DRAPrioritizedList", false, false, "", false},
      {34, "DRAPrioritizedList", true, true, "BETA", false},
      {33, "VolumeAttributesClass", true, false, "BETA", false},
      {34, "VolumeAttributesClass", true, true, "GA", false},
      {36, "StorageCapacityScoring", true, false, "ALPHA", false},
      {37, "StorageCapacityScoring", true, true, "BETA", false},
  };
  for (const Case& c : cases) {
    CAPTURE(c.minor);
    CAPTURE(c.gate);
    const FeatureGates gates = FeatureGates::for_release(KubernetesRelease{c.minor});
    const std::vector<FeatureGates::Info> known = gates.known();
    auto info = std::find_if(known.begin(), known.end(), [&](const auto& i) { return i.name == c.gate; });
    CHECK((info != known.end()) == c.exists);
    if (info == known.end()) continue;
    CHECK(info->default_value == c.value);
    CHECK(info->stage == c.stage);
    CHECK(info->locked == c.locked);
    CHECK(value_of(gates, c.gate) == c.value);
  }
  // Gone from a release: still on, and unknown to --feature-gates.
  FeatureGates v37 = FeatureGates::for_release(KubernetesRelease{37});
  CHECK(v37.scheduler_queueing_hints);
  std::string error;
  CHECK_FALSE(v37.set("SidecarContainers", true, &error));
  CHECK(error == "unrecognized feature gate: SidecarContainers (a gate of Kubernetes v1.32 to v1.36, not of v1.37: --kubernetes-version chooses the release)");
  // Not yet in a release.
  FeatureGates v34 = FeatureGates::for_release(KubernetesRelease{34});
  CHECK_FALSE(v34.node_declared_features);
  CHECK_FALSE(v34.set("NodeDeclaredFeatures", true, &error));
  CHECK(error == "unrecognized feature gate: NodeDeclaredFeatures (a gate of Kubernetes v1.35 to v1.37, not of "
              "v1.34: --kubernetes-version chooses the release)");
  // The newest release's defaults are the default-constructed gates.
  CHECK(FeatureGates::for_release(KubernetesRelease::newest()).list() == FeatureGates{}.list());
}

TEST_CASE("feature gates: what changed between releases without a gate") {
  const ReleaseChanges v33 = ReleaseChanges::of(KubernetesRelease{33});
  CHECK_FALSE(v33.fit_unresolvable_above_allocatable);
  CHECK_FALSE(v33.taint_reason_without_taint);
  CHECK_FALSE(v33.dynamic_resources_score);
  const ReleaseChanges v34 = ReleaseChanges::of(KubernetesRelease{34});
  CHECK(v34.fit_unresolvable_above_allocatable);
  CHECK(v34.taint_reason_without_taint);  // an unknown patch stands for the newest
  CHECK_FALSE(v34.dynamic_resources_score);
  CHECK_FALSE(ReleaseChanges::of(KubernetesRelease{34, 1}).taint_reason_without_taint);
  CHECK(ReleaseChanges::of(KubernetesRelease{34, 2}).taint_reason_without_taint);
  CHECK(v33.volume_binding_pv_affinity_reason);
  CHECK_FALSE(ReleaseChanges::of(KubernetesRelease{32}).volume_binding_pv_affinity_reason);
  CHECK_FALSE(ReleaseChanges::of(KubernetesRelease{32}).balanced_allocation_skips_best_effort);
  CHECK_FALSE(ReleaseChanges::of(KubernetesRelease{32}).node_ports_count_sidecars);
  CHECK_FALSE(ReleaseChanges::of(KubernetesRelease{33, 5}).node_ports_count_sidecars);
  CHECK(ReleaseChanges::of(KubernetesRelease{33, 6}).node_ports_count_sidecars);
  CHECK(v34.node_ports_count_sidecars);
  const ReleaseChanges v35 = ReleaseChanges::of(KubernetesRelease{35});
  CHECK(v35.taint_reason_without_taint);
  CHECK(v35.dynamic_resources_score);
  CHECK_FALSE(v35.image_locality_counts_image_volumes);
  const ReleaseChanges v36 = ReleaseChanges::of(KubernetesRelease{36});
  CHECK(v36.image_locality_counts_image_volumes);
  CHECK_FALSE(v36.image_locality_threshold_counts_image_volumes);
  CHECK(ReleaseChanges::of(KubernetesRelease{37}).image_locality_threshold_counts_image_volumes);
  CHECK_FALSE(v36.dra_post_filter_without_reason);
  CHECK_FALSE(v36.preemption_success_message);
  CHECK_FALSE(v36.node_name_before_node_unschedulable);
  const ReleaseChanges v37 = ReleaseChanges::of(KubernetesRelease{37});
  CHECK(v37.dra_post_filter_without_reason);
  CHECK(v37.preemption_success_message);
  CHECK(v37.node_name_before_node_unschedulable);
}

// tests/reference/gates/<release>.json: the gate table each release's kube-scheduler prints.
std::vector<KnownFeatureGate> reference_gates(const std::string& release, std::vector<std::string>& names) {
  std::ifstream in(std::string(PODFIT_SOURCE_DIR) + "/tests/reference/gates/" + release + ".json");
  REQUIRE(in.good());
  const nlohmann::json table = nlohmann::json::parse(in);
  std::vector<KnownFeatureGate> out;
  names.reserve(table["gates"].size());
  for (const auto& gate : table["gates"]) names.push_back(gate["name"].get<std::string>());
  size_t i = 0;
  for (const auto& gate : table["gates"]) {
    out.push_back(KnownFeatureGate{names[i++], gate["default"].get<bool>(),
                                   gate["stage"].get<std::string>() == "GA" ? "GA"
                                   : gate["stage"].get<std::string>() == "BETA" ? "BETA"
                                   : gate["stage"].get<std::string>() == "ALPHA" ? "ALPHA"
                                                                                  : "DEPRECATED",
                                   gate["locked"].get<bool>()});
  }
  return out;
}

TEST_CASE("feature gates: every gate of each release, as its kube-scheduler lists them") {
  for (int minor = 32; minor <= 37; ++minor) {
    const KubernetesRelease release{minor};
    CAPTURE(minor);
    std::vector<std::string> names;
    const std::vector<KnownFeatureGate> want = reference_gates(release.name(), names);
    const std::vector<KnownFeatureGate> got = known_feature_gates(release);
    REQUIRE(got.size() == want.size());
    for (size_t i = 0; i < got.size(); ++i) {
      CAPTURE(want[i].name);
      CHECK(got[i].name == want[i].name);
      CHECK(got[i].default_value == want[i].default_value);
      CHECK(got[i].stage == want[i].stage);
      CHECK(got[i].locked == want[i].locked);
    }
    // The gates podfit models are those gates, in the same state.
    for (const FeatureGates::Info& modelled : FeatureGates::for_release(release).known()) {
      CAPTURE(modelled.name);
      auto it = std::find_if(want.begin(), want.end(), [&](const KnownFeatureGate& g) { return g.name == modelled.name; });
      REQUIRE(it != want.end());
      CHECK(modelled.default_value == it->default_value);
      CHECK(modelled.stage == it->stage);
      CHECK(modelled.locked == it->locked);
    }
  }
}

// tests/reference/gates/read_by_modelled_code.txt: the gates the releases' modelled code reads.
TEST_CASE("feature gates: those read by the code podfit models, as the releases' sources give them") {
  std::ifstream in(std::string(PODFIT_SOURCE_DIR) + "/tests/reference/gates/read_by_modelled_code.txt");
  REQUIRE(in.good());
  std::vector<std::string> want;
  for (std::string line; std::getline(in, line);) want.push_back(line);
  const std::vector<std::string_view> got = gates_read_by_modelled_code();
  CHECK(std::vector<std::string>(got.begin(), got.end()) == want);
  // Every gate podfit models is read by the code it models.
  for (int minor = 32; minor <= 37; ++minor) {
    for (const FeatureGates::Info& modelled : FeatureGates::for_release(KubernetesRelease{minor}).known()) {
      CAPTURE(modelled.name);
      if (modelled.name == "AllAlpha" || modelled.name == "AllBeta") continue;
      CHECK(gate_read_by_modelled_code(modelled.name));
    }
  }
}

TEST_CASE("kubernetes release: --kubernetes-version and reported versions") {
  struct Case {
    const char* text;
    int minor;  // 0: refused
    const char* error;
  };
  const Case cases[] = {
      {"1.33", 33, ""},
      {"v1.33", 33, ""},
      {"v1.33.5", 33, ""},
      {"1.32", 32, ""},
      {"1.37.0", 37, ""},
      {"1.31", 0, "Kubernetes 1.31 is not supported: podfit models v1.32 to v1.37"},
      {"1.38", 0, "Kubernetes 1.38 is not supported: podfit models v1.32 to v1.37"},
      {"2.33", 0, "Kubernetes 2.33 is not supported: podfit models v1.32 to v1.37"},
      {"1.33.x", 0, "\"1.33.x\" is not a Kubernetes version: give X.Y or vX.Y.Z, v1.32 to v1.37"},
      {"v1", 0, "\"v1\" is not a Kubernetes version: give X.Y or vX.Y.Z, v1.32 to v1.37"},
      {"", 0, "\"\" is not a Kubernetes version: give X.Y or vX.Y.Z, v1.32 to v1.37"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    std::string error;
    std::optional<KubernetesRelease> got = parse_kubernetes_release(c.text, &error);
    CHECK(got.has_value() == (c.minor != 0));
    if (got) CHECK(got->minor == c.minor);
    CHECK(error == c.error);
  }
  CHECK(reported_version("v1.33.5-eks-4ab1c2")->minor == 33);
  CHECK(reported_version("v1.33.5-eks-4ab1c2")->patch == 5);
  CHECK(reported_version("v1.34.1+k3s1")->minor == 34);
  CHECK_FALSE(reported_version("abc"));
  std::string error;
  std::optional<ReleaseChoice> newer = release_reported_by(ReleaseSource::ApiServer, "v1.38.2", &error);
  REQUIRE(newer);
  CHECK(newer->release.minor == 37);
  CHECK(newer->describe() == "podfit: Kubernetes v1.37 (the API server's version, v1.38.2, newer than podfit models)");
  CHECK_FALSE(release_reported_by(ReleaseSource::Nodes, "v1.30.4", &error));
  CHECK(error == "the newest kubelet among the nodes is v1.30.4: podfit models v1.32 to v1.37; give "
                 "--kubernetes-version to choose one of them");
}

}  // namespace
}  // namespace podfit
