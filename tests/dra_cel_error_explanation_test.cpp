// podfit's detail beside a selector's "no such key" CEL runtime error: what the device publishes.
#include <doctest/doctest.h>

#include "podfit/dra/cel_error_explanation.h"

using namespace podfit;

namespace {

ResourceSlice slice(const std::string& pool, std::vector<Device> devices) {
  ResourceSlice s;
  s.driver = "gpu.nvidia.com";
  s.pool.name = pool;
  s.devices = std::move(devices);
  return s;
}

Device device(const std::string& name, std::vector<std::string> attributes, std::vector<std::string> capacities) {
  Device d;
  d.name = name;
  for (std::string& a : attributes) d.attributes.push_back(NamedAttribute{std::move(a), {}});
  for (std::string& c : capacities) d.capacity.push_back(NamedCapacity{std::move(c), {}});
  return d;
}

const std::string kError =
    "claim gpu-test6/pod-a100: selector #0 on device gpu.nvidia.com/gpu-a100-0/gpu-4: CEL runtime error: no such key: "
    "index. consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for "
    "optional fields";

}  // namespace

TEST_CASE("explain_missing_key: the device's own names, in the driver's domain") {
  const std::vector<ResourceSlice> slices = {
      slice("gpu-a100-0", {device("gpu-0", {"index", "uuid"}, {"memory"}),
                           device("gpu-4", {"uuid", "productName", "parentIndex", "k8s.io/pcieRoot"}, {"memory"})})};
  CHECK(dra::explain_missing_key(kError, slices) ==
        "device gpu.nvidia.com/gpu-a100-0/gpu-4 has no index: in gpu.nvidia.com it publishes the attributes "
        "parentIndex, productName, uuid, and the capacities memory");
}

TEST_CASE("explain_missing_key: a pool name with slashes, and what it cannot explain") {
  const std::vector<ResourceSlice> slices = {slice("rack/r1", {device("gpu-4", {}, {})})};
  const std::string error = "claim c: selector #1 on device gpu.nvidia.com/rack/r1/gpu-4: CEL runtime error: no such key: bool";
  CHECK(dra::explain_missing_key(error, slices) ==
        "device gpu.nvidia.com/rack/r1/gpu-4 has no bool: in gpu.nvidia.com it publishes no attributes, and no "
        "capacities");
  // Another device, another error, a device the slices do not hold.
  CHECK_FALSE(dra::explain_missing_key("claim c: selector #0: CEL runtime error: no such overload", slices));
  CHECK_FALSE(dra::explain_missing_key(kError, slices));
}
