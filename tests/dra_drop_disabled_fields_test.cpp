// The API server dropping the fields of disabled DRA features from the ResourceClaims and
// ResourceClaimTemplates it creates: the cases of pkg/registry/resource/resourceclaim and
// resourceclaimtemplate strategy_test.go (create, gate off / on), per release.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "podfit/admission/admission.h"
#include "podfit/framework/feature_gates.h"

namespace podfit {
namespace {

DeviceRequestSpec exact(bool admin_access = false) {
  DeviceRequestSpec s;
  s.device_class_name = "class";
  s.admin_access = admin_access;
  return s;
}

ResourceClaimSpec with_admin_access() {
  ResourceClaimSpec spec;
  DeviceRequest r;
  r.name = "req-0";
  r.exactly = exact(true);
  spec.requests.push_back(r);
  return spec;
}

ResourceClaimSpec with_first_available() {
  ResourceClaimSpec spec;
  DeviceRequest r;
  r.name = "req-0";
  r.first_available.push_back({"sub-0", exact()});
  spec.requests.push_back(r);
  return spec;
}

ResourceClaimSpec with_tolerations() {
  ResourceClaimSpec spec;
  DeviceRequest r;
  r.name = "req-0";
  r.exactly = exact();
  r.exactly->tolerations.push_back(DeviceToleration{"example.com/taint", "Exists", "", "NoSchedule", std::nullopt});
  spec.requests.push_back(r);
  return spec;
}

ResourceClaimSpec with_capacity(bool match_attribute_too) {
  ResourceClaimSpec spec;
  DeviceRequest r;
  r.name = "req-0";
  r.exactly = exact();
  r.exactly->capacity = CapacityRequirements{{{"memory", *Quantity::parse("1Gi")}}};
  spec.requests.push_back(r);
  DeviceConstraint c;
  c.distinct_attribute = "example.com/id";
  if (match_attribute_too) c.match_attribute = "example.com/model";
  spec.constraints.push_back(c);
  return spec;
}

std::vector<std::string> paths(const DroppedClaimFields& d) {
  std::vector<std::string> out;
  for (const auto& [path, gate] : d.fields) out.push_back(path + " (" + std::string(gate) + ")");
  return out;
}

}  // namespace

TEST_CASE("DRA claims being created: adminAccess without DRAAdminAccess") {
  // v1.32 and v1.33: alpha, off; the field sits on the request (v1beta1).
  for (int minor : {32, 33}) {
    ResourceClaimSpec spec = with_admin_access();
    const DroppedClaimFields d = drop_disabled_claim_fields(spec, FeatureGates::for_release(KubernetesRelease{minor}), "spec", false);
    CHECK(paths(d) == std::vector<std::string>{"spec.devices.requests[0].adminAccess (DRAAdminAccess)"});
    CHECK_FALSE(spec.requests[0].exactly->admin_access);
    CHECK_FALSE(d.error);
  }
  // v1.34: beta, on: kept.
  ResourceClaimSpec kept = with_admin_access();
  CHECK(drop_disabled_claim_fields(kept, FeatureGates::for_release(KubernetesRelease{34}), "spec", false).fields.empty());
  CHECK(kept.requests[0].exactly->admin_access);
  // Turned off in v1.35: dropped from under `exactly`, a template's too.
  FeatureGates off = FeatureGates::for_release(KubernetesRelease{35});
  off.dra_admin_access = false;
  ResourceClaimSpec in_template = with_admin_access();
  CHECK(paths(drop_disabled_claim_fields(in_template, off, "spec.spec", true)) ==
        std::vector<std::string>{"spec.spec.devices.requests[0].exactly.adminAccess (DRAAdminAccess)"});
}

TEST_CASE("DRA claims being created: firstAvailable without DRAPrioritizedList") {
  // v1.33: alpha, off. Dropped, the request asks for nothing and validation refuses it.
  ResourceClaimSpec spec = with_first_available();
  const DroppedClaimFields d = drop_disabled_claim_fields(spec, FeatureGates::for_release(KubernetesRelease{33}), "spec", false);
  CHECK(paths(d) == std::vector<std::string>{"spec.devices.requests[0].firstAvailable (DRAPrioritizedList)"});
  CHECK(spec.requests[0].first_available.empty());
  REQUIRE(d.error);
  CHECK(*d.error ==
        "spec.devices.requests[0]: Required value: exactly one of `deviceClassName` or `firstAvailable` must be specified");
  // v1.34: beta, on.
  ResourceClaimSpec kept = with_first_available();
  CHECK(drop_disabled_claim_fields(kept, FeatureGates::for_release(KubernetesRelease{34}), "spec", false).fields.empty());
  CHECK(kept.requests[0].first_available.size() == 1);
  // Turned off in v1.35: the request of v1 has neither `exactly` nor `firstAvailable`.
  FeatureGates off = FeatureGates::for_release(KubernetesRelease{35});
  off.dra_prioritized_list = false;
  ResourceClaimSpec in_template = with_first_available();
  const DroppedClaimFields t = drop_disabled_claim_fields(in_template, off, "spec.spec", true);
  REQUIRE(t.error);
  CHECK(*t.error == "spec.spec.devices.requests[0]: Required value: exactly one of `exactly` or `firstAvailable` is required");
}

TEST_CASE("DRA claims being created: tolerations without DRADeviceTaints") {
  // v1.33 and v1.34 kept them: the claim strategy dropped them from v1.35 (#132927).
  for (int minor : {33, 34}) {
    ResourceClaimSpec spec = with_tolerations();
    CHECK(drop_disabled_claim_fields(spec, FeatureGates::for_release(KubernetesRelease{minor}), "spec", false).fields.empty());
    CHECK(spec.requests[0].exactly->tolerations.size() == 1);
  }
  ResourceClaimSpec spec = with_tolerations();
  CHECK(paths(drop_disabled_claim_fields(spec, FeatureGates::for_release(KubernetesRelease{35}), "spec", false)) ==
        std::vector<std::string>{"spec.devices.requests[0].exactly.tolerations (DRADeviceTaints)"});
  CHECK(spec.requests[0].exactly->tolerations.empty());
  // v1.36: beta, on.
  ResourceClaimSpec kept = with_tolerations();
  CHECK(drop_disabled_claim_fields(kept, FeatureGates::for_release(KubernetesRelease{36}), "spec", false).fields.empty());
  // A template's are kept in v1.35; the shared spec strategy of v1.37 drops them.
  ResourceClaimSpec in_template = with_tolerations();
  CHECK(drop_disabled_claim_fields(in_template, FeatureGates::for_release(KubernetesRelease{35}), "spec.spec", true)
            .fields.empty());
  FeatureGates off = FeatureGates::for_release(KubernetesRelease{37});
  off.dra_device_taints = false;
  CHECK(paths(drop_disabled_claim_fields(in_template, off, "spec.spec", true)) ==
        std::vector<std::string>{"spec.spec.devices.requests[0].exactly.tolerations (DRADeviceTaints)"});
}

TEST_CASE("DRA claims being created: capacity and distinctAttribute without DRAConsumableCapacity") {
  // v1.34 and v1.35: alpha, off.
  for (int minor : {34, 35}) {
    ResourceClaimSpec spec = with_capacity(true);
    const DroppedClaimFields d = drop_disabled_claim_fields(spec, FeatureGates::for_release(KubernetesRelease{minor}), "spec", false);
    CHECK(paths(d) == std::vector<std::string>{"spec.devices.constraints[0].distinctAttribute (DRAConsumableCapacity)",
                                               "spec.devices.requests[0].exactly.capacity (DRAConsumableCapacity)"});
    CHECK_FALSE(spec.requests[0].exactly->capacity);
    CHECK_FALSE(spec.constraints[0].distinct_attribute);
    CHECK_FALSE(d.error);
  }
  // A constraint left with nothing to match on is refused.
  ResourceClaimSpec bare = with_capacity(false);
  const DroppedClaimFields d = drop_disabled_claim_fields(bare, FeatureGates::for_release(KubernetesRelease{34}), "spec", false);
  REQUIRE(d.error);
  CHECK(d.error->starts_with("spec.devices.constraints[0]: Required value: "));
  // v1.36: beta, on.
  ResourceClaimSpec kept = with_capacity(false);
  CHECK(drop_disabled_claim_fields(kept, FeatureGates::for_release(KubernetesRelease{36}), "spec", false).fields.empty());
  CHECK(kept.requests[0].exactly->capacity);
}

}  // namespace podfit
