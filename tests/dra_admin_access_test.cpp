// The claim strategies' admin access check, with upstream's TestAuthorizedForAdmin cases: admin
// access asked for in a namespace labelled for it, not labelled, labelled otherwise, or not asked.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/admission/admission.h"
#include "podfit/framework/feature_gates.h"

using namespace podfit;

namespace {

ResourceClaimSpec requests(std::vector<bool> admin) {
  ResourceClaimSpec spec;
  for (size_t i = 0; i < admin.size(); ++i) {
    DeviceRequest r;
    r.name = "r" + std::to_string(i);
    r.exactly.emplace();
    r.exactly->device_class_name = "gpu";
    r.exactly->admin_access = admin[i];
    spec.requests.push_back(r);
  }
  return spec;
}

Namespace labelled(const std::string& name, const std::string& key, const std::string& value) {
  Namespace ns;
  ns.metadata.name = name;
  if (!key.empty()) ns.metadata.labels.set(key, value);
  return ns;
}

}  // namespace

TEST_CASE("admin access wants the namespace's label") {
  const FeatureGates gates = FeatureGates::for_release(KubernetesRelease{37});
  const Namespace admin = labelled("admin", "resource.kubernetes.io/admin-access", "true");
  const Namespace plain = labelled("plain", "", "");
  const Namespace other = labelled("other", "resource.kubernetes.io/admin-access", "false");
  const std::vector<const Namespace*> all{&admin, &plain, &other};
  const std::string forbidden =
      "Forbidden: admin access to devices requires the `resource.kubernetes.io/admin-access: true` label on the "
      "containing namespace";
  CHECK_FALSE(admin_access_refusal(requests({true}), "admin", all, gates));
  CHECK(admin_access_refusal(requests({true}), "plain", all, gates) == "spec.devices.requests[0].adminAccess: " + forbidden);
  CHECK(admin_access_refusal(requests({false, true}), "other", all, gates) ==
        "spec.devices.requests[1].adminAccess: " + forbidden);
  CHECK_FALSE(admin_access_refusal(requests({false}), "plain", all, gates));
  // A namespace the input does not hold: its labels are unknown.
  CHECK_FALSE(admin_access_refusal(requests({true}), "elsewhere", all, gates));
}

TEST_CASE("admin access by release") {
  const Namespace old_label = labelled("ns", "resource.k8s.io/admin-access", "true");
  const std::vector<const Namespace*> all{&old_label};
  // v1.33 named the label resource.k8s.io/admin-access, with DRAAdminAccess off by default.
  FeatureGates v133 = FeatureGates::for_release(KubernetesRelease{33});
  CHECK_FALSE(admin_access_refusal(requests({true}), "ns", all, v133));
  v133.dra_admin_access = true;
  CHECK_FALSE(admin_access_refusal(requests({true}), "ns", all, v133));
  CHECK(admin_access_refusal(requests({true}), "ns", {}, v133) == std::nullopt);
  // v1.34 renamed it: the old one no longer counts.
  CHECK(admin_access_refusal(requests({true}), "ns", all, FeatureGates::for_release(KubernetesRelease{34})).has_value());
  // v1.32 does not check.
  FeatureGates v132 = FeatureGates::for_release(KubernetesRelease{32});
  v132.dra_admin_access = true;
  CHECK_FALSE(admin_access_refusal(requests({true}), "ns", {}, v132));
  const Namespace none = labelled("ns", "", "");
  CHECK_FALSE(admin_access_refusal(requests({true}), "ns", {&none}, v132));
}
