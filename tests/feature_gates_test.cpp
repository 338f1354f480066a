// Feature gates: v1.37 defaults and --feature-gates parsing with kube's messages.
#include <doctest/doctest.h>

#include "podfit/framework/feature_gates.h"

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
      {"DRAConsumableCapacity", true, "BETA", false},
      {"DRAExtendedResource", true, "GA", true},
      {"DRAListTypeAttributes", false, "ALPHA", false},
      {"DRANodeAllocatableResources", false, "ALPHA", false},
      {"DRASchedulerFilterTimeout", true, "BETA", false},
      {"DynamicResourceAllocation", true, "GA", true},
      {"GenericWorkload", false, "ALPHA", false},
      {"InPlacePodLevelResourcesVerticalScaling", true, "BETA", false},
      {"InPlacePodVerticalScaling", true, "GA", true},
      {"InPlacePodVerticalScalingSchedulerPreemption", false, "ALPHA", false},
      {"MatchLabelKeysInPodAffinity", true, "GA", true},
      {"MatchLabelKeysInPodTopologySpread", true, "BETA", false},
      {"MatchLabelKeysInPodTopologySpreadSelectorMerge", true, "BETA", false},
      {"NodeDeclaredFeatures", true, "GA", true},
      {"NodeInclusionPolicyInPodTopologySpread", true, "GA", true},
      {"PodLevelResources", true, "BETA", false},
      {"StorageCapacityScoring", true, "BETA", false},
      {"TaintTolerationComparisonOperators", false, "ALPHA", false},
      {"VolumeAttributesClass", true, "GA", true},
      {"VolumeLimitScaling", true, "BETA", false},
  };
  const FeatureGates gates;
  REQUIRE(FeatureGates::known().size() == std::size(cases));
  for (size_t i = 0; i < std::size(cases); ++i) {
    const auto& c = cases[i];
    SUBCASE(c.name) {
      const auto& info = FeatureGates::known()[i];
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
  CHECK(FeatureGates::sidecar_containers);
  CHECK(FeatureGates::scheduler_queueing_hints);
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
      {"unknown gate", "NoSuchGate", true, false, "unrecognized feature gate: NoSuchGate"},
      {"removed gate SidecarContainers", "SidecarContainers", true, false,
       "unrecognized feature gate: SidecarContainers"},
      {"removed gate SchedulerQueueingHints", "SchedulerQueueingHints", false, false,
       "unrecognized feature gate: SchedulerQueueingHints"},
      {"names are case sensitive", "podLevelResources", false, false, "unrecognized feature gate: podLevelResources"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      FeatureGates gates;
      std::string error;
      CHECK(gates.set(c.gate, c.value, &error) == c.ok);
      CHECK(error == c.error);
      if (c.ok) CHECK(value_of(gates, c.gate) == c.value);
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
      {"unknown gate", "Bogus=true", false, "unrecognized feature gate: Bogus", {}},
      {"locked gate", "MatchLabelKeysInPodAffinity=false", false,
       "cannot set feature gate MatchLabelKeysInPodAffinity to false, feature is locked to true", {}},
      {"AllAlpha turns on unlocked alpha gates", "AllAlpha=true", true, "",
       {{"TaintTolerationComparisonOperators", true},
        {"GenericWorkload", true},
        {"InPlacePodVerticalScalingSchedulerPreemption", true},
        {"PodLevelResources", true}}},
      {"explicit gates win over AllAlpha", "GenericWorkload=false,AllAlpha=true", true, "",
       {{"GenericWorkload", false}, {"TaintTolerationComparisonOperators", true}}},
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
