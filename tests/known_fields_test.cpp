// --validate's fields by release: each release's own types decide which fields are unknown.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "podfit/load/loader.h"

using namespace podfit;

namespace {

// The error loading `text` as cluster state with the fields of `minor` (0: any release), or "".
std::string refusal(const std::string& text, int minor) {
  ClusterState state;
  LoadOptions options;
  if (minor != 0) options.fields_release = KubernetesRelease{minor};
  auto err = load_cluster_state_text(text, "objects.yaml", state, options);
  if (!err) return "";
  const size_t line = err->message.find(", line ");
  return err->message.substr(err->message.find(": ", line) + 2);
}

std::string slice_with(const std::string& device_fields) {
  return "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: s}\nspec:\n  driver: d.example.com\n"
         "  nodeName: n1\n  pool: {name: p, resourceSliceCount: 1}\n  devices:\n  - name: d0\n" +
         device_fields;
}

}  // namespace

TEST_CASE("known fields: a field one release has and another not") {
  // v1.36 calls the mapping of device capacity to node resources nodeAllocatableResourceMappings.
  const std::string v136 = slice_with("    nodeAllocatableResourceMappings:\n      cpu: {capacityKey: c}\n");
  CHECK(refusal(v136, 36) == "");
  CHECK(refusal(v136, 37) == "strict decoding error: unknown field \"spec.devices[0].nodeAllocatableResourceMappings\"");
  CHECK(refusal(v136, 35) == "strict decoding error: unknown field \"spec.devices[0].nodeAllocatableResourceMappings\"");
  // A cluster whose release is chosen after loading: any release's field is read.
  CHECK(refusal(v136, 0) == "");
  // v1.37 renamed it and gave it a shape of its own.
  const std::string v137 = slice_with("    nodeAllocatableResources:\n      cpu: {mapping: {capacityKey: c}}\n");
  CHECK(refusal(v137, 37) == "");
  CHECK(refusal(v137, 36) == "strict decoding error: unknown field \"spec.devices[0].nodeAllocatableResources\"");
  CHECK(refusal(v137, 0) == "");
  // The v1.36 shape under the v1.37 name: the fields below are checked with the type of the release.
  CHECK(refusal(slice_with("    nodeAllocatableResources:\n      cpu: {capacityKey: c}\n"), 37) ==
        "strict decoding error: unknown field \"spec.devices[0].nodeAllocatableResources.cpu.capacityKey\"");

  // Pod fields: hostnameOverride from v1.34.
  const std::string pod =
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  hostnameOverride: h\n  containers: [{name: c, image: i}]\n";
  CHECK(refusal(pod, 33) == "strict decoding error: unknown field \"spec.hostnameOverride\"");
  CHECK(refusal(pod, 34) == "");

  // v1beta1's basic device: consumesCounters from v1.33.
  const std::string v1beta1 =
      "apiVersion: resource.k8s.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: s}\nspec:\n  driver: d.example.com\n"
      "  nodeName: n1\n  pool: {name: p, resourceSliceCount: 1}\n  devices:\n  - name: d0\n    basic:\n"
      "      consumesCounters: []\n";
  CHECK(refusal(v1beta1, 32) == "strict decoding error: unknown field \"spec.devices[0].basic.consumesCounters\"");
  CHECK(refusal(v1beta1, 33) == "");
}

TEST_CASE("known fields: a version a release does not have is judged by the releases that have it") {
  // resource.k8s.io/v1 came with v1.34; its fields are those of the releases that serve it.
  CHECK(refusal(slice_with("    attributes: {a: {int: 1}}\n"), 32) == "");
  CHECK(refusal(slice_with("    nodeAllocatableResources:\n      cpu: {mapping: {capacityKey: c}}\n"), 32) == "");
  CHECK(refusal(slice_with("    noSuchField: 1\n"), 32) == "strict decoding error: unknown field \"spec.devices[0].noSuchField\"");
}

TEST_CASE("known fields: DeviceTaintRule in resource.k8s.io/v1alpha3, whose selector lost fields in v1.35") {
  const std::string rule =
      "apiVersion: resource.k8s.io/v1alpha3\nkind: DeviceTaintRule\nmetadata: {name: r}\nspec:\n"
      "  deviceSelector: {driver: d.example.com, deviceClassName: gpu}\n  taint: {key: k, effect: NoSchedule}\n";
  CHECK(refusal(rule, 35) == "strict decoding error: unknown field \"spec.deviceSelector.deviceClassName\"");
}
