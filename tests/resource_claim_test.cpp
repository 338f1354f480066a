// ResourceClaims, ResourceClaimTemplates and DeviceTaintRules: decoding in v1 and v1beta1, the API
// server's defaulting, and the cases of validation_resourceclaim_test.go this validation covers.
#include <doctest/doctest.h>

#include <string>

#include "podfit/load/loader.h"

using namespace podfit;

namespace {

std::string field_error(const std::string& text) {
  ClusterState state;
  auto err = load_cluster_state_text(text, "claims.yaml", state);
  REQUIRE(err.has_value());
  const std::string& message = err->message;
  size_t line = message.find(", line ");
  REQUIRE(line != std::string::npos);
  size_t start = message.find(": ", line);
  REQUIRE(start != std::string::npos);
  return message.substr(start + 2);
}

ClusterState loads(const std::string& text) {
  ClusterState state;
  auto err = load_cluster_state_text(text, "claims.yaml", state);
  INFO((err ? err->message : std::string("ok")));
  CHECK_FALSE(err.has_value());
  return state;
}

// A ResourceClaim in namespace ml whose spec.devices holds `devices` (indented by four spaces).
std::string claim(const std::string& devices, const std::string& version = "v1") {
  return "apiVersion: resource.k8s.io/" + version + "\nkind: ResourceClaim\nmetadata: {name: claim, namespace: ml}\n" +
         "spec:\n  devices:\n" + devices;
}

}  // namespace

TEST_CASE("ResourceClaim: decoding and defaulting") {
  ClusterState s = loads(claim("    requests:\n    - name: gpu\n      exactly:\n        deviceClassName: gpu.example.com\n"
                               "        tolerations: [{key: example.com/maintenance}]\n"));
  REQUIRE(s.resource_claims.size() == 1);
  const ResourceClaim& c = s.resource_claims[0];
  CHECK(c.metadata.namespace_ == "ml");
  REQUIRE(c.spec.requests.size() == 1);
  REQUIRE(c.spec.requests[0].exactly);
  CHECK(c.spec.requests[0].exactly->allocation_mode == "ExactCount");
  CHECK(c.spec.requests[0].exactly->count == 1);
  CHECK(c.spec.requests[0].exactly->tolerations.at(0).op == "Equal");
}

TEST_CASE("ResourceClaim: v1beta1 requests hold their device fields directly") {
  ClusterState s = loads(claim("    requests:\n    - name: gpu\n      deviceClassName: gpu.example.com\n      count: 2\n", "v1beta1"));
  REQUIRE(s.resource_claims.at(0).spec.requests.at(0).exactly);
  CHECK(s.resource_claims[0].spec.requests[0].exactly->count == 2);
  ClusterState all = loads(claim("    requests:\n    - name: gpu\n      deviceClassName: gpu.example.com\n      allocationMode: All\n",
                                 "v1beta1"));
  CHECK(all.resource_claims.at(0).spec.requests.at(0).exactly->count == 0);
}

TEST_CASE("ResourceClaim: firstAvailable and status") {
  ClusterState s = loads(claim("    requests:\n    - name: gpu\n      firstAvailable:\n"
                               "      - {name: big, deviceClassName: large-gpu.example.com}\n"
                               "      - {name: mig, deviceClassName: mig.gpu.example.com, count: 2}\n") +
                         "status:\n  allocation:\n    devices:\n      results:\n"
                         "      - {request: gpu/big, driver: gpu.example.com, pool: dra-worker-1, device: gpu-0}\n"
                         "  reservedFor:\n  - {resource: pods, name: trainer, uid: 5a1c8c1e-0000-4000-8000-000000000001}\n");
  const ResourceClaim& c = s.resource_claims.at(0);
  REQUIRE(c.spec.requests.at(0).first_available.size() == 2);
  CHECK(c.spec.requests[0].first_available[1].spec.count == 2);
  REQUIRE(c.allocation);
  CHECK(c.allocation->results.at(0).device == "gpu-0");
  CHECK(c.reserved_for.at(0).name == "trainer");
}

TEST_CASE("ResourceClaim: validation") {
  CHECK(field_error(claim("    requests:\n    - name: gpu\n      exactly: {deviceClassName: gpu.example.com, allocationMode: All, count: 1}\n")) ==
        "spec.devices.requests[0].exactly.count: Invalid value: 1: must not be specified when allocationMode is 'All'");
  CHECK(field_error(claim("    requests:\n    - name: gpu\n      exactly: {deviceClassName: gpu.example.com, count: -1}\n")) ==
        "spec.devices.requests[0].exactly.count: Invalid value: -1: must be greater than zero");
  CHECK(field_error(claim("    requests:\n    - name: gpu\n      exactly: {deviceClassName: gpu.example.com, allocationMode: Some}\n")) ==
        "spec.devices.requests[0].exactly.allocationMode: Unsupported value: \"Some\": supported values: \"All\", \"ExactCount\"");
  CHECK(field_error(claim("    requests:\n    - name: gpu\n      exactly: {}\n")) ==
        "spec.devices.requests[0].exactly.deviceClassName: Required value");
  CHECK(field_error(claim("    requests:\n    - name: gpu\n")) ==
        "spec.devices.requests[0]: Required value: exactly one of `exactly` or `firstAvailable` is required");
  CHECK(field_error(claim("    requests:\n    - name: gpu\n      exactly: {deviceClassName: gpu.example.com}\n"
                          "      firstAvailable: [{name: a, deviceClassName: gpu.example.com}]\n")) ==
        "spec.devices.requests[0]: Invalid value: null: exactly one of `exactly` or `firstAvailable` is required, but "
        "multiple fields are set");
  CHECK(field_error(claim("    requests:\n    - name: Gpu\n      exactly: {deviceClassName: gpu.example.com}\n")).starts_with(
      "spec.devices.requests[0].name: Invalid value: \"Gpu\": a lowercase RFC 1123 label"));
  CHECK(field_error(claim("    requests:\n    - name: gpu\n      exactly: {deviceClassName: gpu.example.com}\n"
                          "    constraints:\n    - {requests: [nic], matchAttribute: example.com/numa}\n")) ==
        "spec.devices.constraints[0].requests[0]: Invalid value: \"nic\": must be the name of a request in the claim or "
        "the name of a request and a subrequest separated by '/'");
  CHECK(field_error(claim("    requests:\n    - name: gpu\n      exactly:\n        deviceClassName: gpu.example.com\n"
                          "        tolerations: [{key: k, operator: Exists, value: v}]\n")) ==
        "spec.devices.requests[0].exactly.tolerations[0].value: Invalid value: \"v\": must be empty for operator `Exists`");
  CHECK(field_error(claim("    requests:\n    - name: gpu\n      exactly:\n        deviceClassName: gpu.example.com\n"
                          "        selectors: [{cel: {expression: 'device.driver'}}]\n"))
            .starts_with("spec.devices.requests[0].exactly.selectors[0].cel.expression: Invalid value: \"device.driver\""));
  // v1beta1: the hand-written path names `exactly`, as the internal object has it.
  CHECK(field_error(claim("    requests:\n    - name: gpu\n      deviceClassName: gpu.example.com\n      count: -2\n", "v1beta1")) ==
        "spec.devices.requests[0].exactly.count: Invalid value: -2: must be greater than zero");
}

TEST_CASE("ResourceClaimTemplate and DeviceTaintRule") {
  ClusterState s = loads(
      "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: mig, namespace: ml}\nspec:\n"
      "  metadata:\n    labels: {app: trainer}\n  spec:\n    devices:\n      requests:\n"
      "      - name: mig\n        exactly: {deviceClassName: mig.gpu.example.com}\n---\n"
      "apiVersion: resource.k8s.io/v1\nkind: DeviceTaintRule\nmetadata: {name: maintenance}\nspec:\n"
      "  deviceSelector: {driver: gpu.example.com, pool: dra-worker-1, device: gpu-1}\n"
      "  taint: {key: example.com/maintenance, effect: NoSchedule}\n");
  REQUIRE(s.resource_claim_templates.size() == 1);
  CHECK(s.resource_claim_templates[0].claim_metadata.labels.size() == 1);
  CHECK(s.resource_claim_templates[0].spec.requests.at(0).exactly->device_class_name == "mig.gpu.example.com");
  REQUIRE(s.device_taint_rules.size() == 1);
  CHECK(s.device_taint_rules[0].device == "gpu-1");
  CHECK(field_error("apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: mig, namespace: ml}\n"
                    "spec:\n  spec:\n    devices:\n      requests:\n      - name: mig\n        exactly: {}\n") ==
        "spec.spec.devices.requests[0].exactly.deviceClassName: Required value");
  CHECK(field_error("apiVersion: resource.k8s.io/v1\nkind: DeviceTaintRule\nmetadata: {name: m}\nspec:\n"
                    "  taint: {key: k, effect: Sometimes}\n") ==
        "spec.taint.effect: Unsupported value: \"Sometimes\": supported values: \"NoExecute\", \"NoSchedule\", \"None\"");
}
