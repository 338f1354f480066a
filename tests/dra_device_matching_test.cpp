// Devices matched against selectors in order, and the nodes a device is usable on.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/dra/device_matching.h"

namespace dra = podfit::dra;
using podfit::Device;
using podfit::Node;
using podfit::ResourceSlice;

namespace {

Node node(std::string name, std::string zone) {
  Node n;
  n.metadata.name = std::move(name);
  n.metadata.labels.set("zone", std::move(zone));
  return n;
}

podfit::NodeSelector zone_selector(std::string zone) {
  podfit::NodeSelector s;
  s.node_selector_terms.push_back({{{"zone", "In", {std::move(zone)}}}, {}});
  return s;
}

Device device(std::string name, std::int64_t index) {
  Device d;
  d.name = std::move(name);
  podfit::DeviceAttribute a;
  a.kind = podfit::DeviceAttribute::Kind::Int;
  a.int_value = index;
  d.attributes.push_back({"index", a});
  return d;
}

}  // namespace

TEST_CASE("DRA devices: the nodes a slice or a device is usable on") {
  const Node a = node("node-a", "z1"), b = node("node-b", "z2");
  ResourceSlice local;
  local.node_name = "node-a";
  local.devices.push_back(device("gpu-0", 0));
  CHECK(dra::reachable_from(dra::device_nodes(local, local.devices[0]), a));
  CHECK_FALSE(dra::reachable_from(dra::device_nodes(local, local.devices[0]), b));

  ResourceSlice fabric;
  fabric.node_selector = zone_selector("z2");
  fabric.devices.push_back(device("nic-0", 0));
  CHECK_FALSE(dra::reachable_from(dra::device_nodes(fabric, fabric.devices[0]), a));
  CHECK(dra::reachable_from(dra::device_nodes(fabric, fabric.devices[0]), b));

  ResourceSlice everywhere;
  everywhere.all_nodes = true;
  everywhere.devices.push_back(device("fpga-0", 0));
  CHECK(dra::reachable_from(dra::device_nodes(everywhere, everywhere.devices[0]), a));

  // perDeviceNodeSelection: each device says for itself; the slice's own fields are unset.
  ResourceSlice per_device;
  per_device.per_device_node_selection = true;
  per_device.devices.push_back(device("d-0", 0));
  per_device.devices.back().node_name = "node-b";
  per_device.devices.push_back(device("d-1", 1));
  per_device.devices.back().all_nodes = true;
  CHECK_FALSE(dra::reachable_from(dra::device_nodes(per_device, per_device.devices[0]), a));
  CHECK(dra::reachable_from(dra::device_nodes(per_device, per_device.devices[0]), b));
  CHECK(dra::reachable_from(dra::device_nodes(per_device, per_device.devices[1]), a));
}

TEST_CASE("DRA devices: selectors in order, the first that does not hold named") {
  std::vector<ResourceSlice> slices(1);
  slices[0].driver = "gpu.example.com";
  slices[0].pool.name = "node-a";
  slices[0].node_name = "node-a";
  for (int i = 0; i < 4; ++i) slices[0].devices.push_back(device("gpu-" + std::to_string(i), i));
  const dra::SelectorCompiler compiler;
  const dra::CompiledSelector driver = compiler.compile("device.driver == 'gpu.example.com'");
  const dra::CompiledSelector even = compiler.compile("device.attributes['gpu.example.com'].index % 2 == 0");
  const dra::CompiledSelector fails = compiler.compile("10 / (device.attributes['gpu.example.com'].index - 2) > 0");
  REQUIRE(driver.ok());
  REQUIRE(even.ok());
  REQUIRE(fails.ok());

  auto outcomes = dra::match_devices(slices, {&driver, &even, &fails});
  REQUIRE(outcomes.size() == 4);
  CHECK_FALSE(outcomes[0].matches);  // 10 / -2 < 0
  CHECK(outcomes[0].rejected_by == 2u);
  CHECK(outcomes[0].error.empty());
  CHECK(outcomes[1].rejected_by == 1u);  // odd: the second selector rejects it, the third never runs
  CHECK_FALSE(outcomes[2].matches);
  CHECK(outcomes[2].rejected_by == 2u);
  CHECK(outcomes[2].error == "division by zero");
  CHECK(outcomes[3].rejected_by == 1u);

  // No selectors: every device matches (a class without selectors selects all its driver's devices).
  outcomes = dra::match_devices(slices, {});
  CHECK(std::all_of(outcomes.begin(), outcomes.end(), [](const auto& o) { return o.matches; }));

  // A node filters devices out before any selector runs.
  const Node b = node("node-b", "z2");
  CHECK(dra::match_devices(slices, {&driver}, &b).empty());
}
