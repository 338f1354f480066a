// Writes a deterministic Dynamic Resource Allocation cluster as one JSON List, the shape
// `kubectl get nodes,pods,resourceslices,deviceclasses,resourceclaims -A -o json` prints: GPU
// nodes, each with one ResourceSlice of GPUs published as kubernetes-sigs/dra-example-driver
// publishes them (driver gpu.example.com, a pool per node, attributes index, uuid, model,
// productName, driverVersion, a NUMA node and a PCIe root, capacity memory), the driver's
// DeviceClasses, running pods holding some GPUs through allocated claims, and pending pods
// each with a claim for 1 to 4 GPUs under matchAttribute constraints and selectors.
//
//   gen_dra_cluster [--nodes N] [--gpus N] [--pending N] [--seed N] > dra.json
#include <cstdint>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bench_rng.h"

using json = nlohmann::ordered_json;

namespace {

struct Options {
  int nodes = 1000;
  int gpus = 8;  // per node: two NUMA nodes, a PCIe root per pair
  int pending = 100;
  uint64_t seed = 7;
};

constexpr const char* kDriver = "gpu.example.com";
constexpr const char* kNamespace = "ml";

// Three generations of GPU nodes, as a cluster bought over time has them.
struct GpuModel {
  const char* model;
  const char* product;
  const char* memory;
  const char* driver_version;
};
const GpuModel kModels[] = {{"A100-SXM4-40GB", "NVIDIA A100-SXM4-40GB", "40Gi", "1.0.0"},
                            {"A100-SXM4-80GB", "NVIDIA A100-SXM4-80GB", "80Gi", "1.1.0"},
                            {"H100-SXM5-80GB", "NVIDIA H100 80GB HBM3", "80Gi", "1.2.0"}};

std::string node_name(int i) { return fmt::format("gpu-node-{:04d}", i); }
int numa_of(int gpu, const Options& o) { return gpu / (o.gpus / 2 > 0 ? o.gpus / 2 : 1); }
std::string pcie_root_of(int gpu) { return fmt::format("pci0000:{:02x}", gpu / 2); }

json make_node(int i) {
  std::string name = node_name(i);
  return {{"apiVersion", "v1"},
          {"kind", "Node"},
          {"metadata", {{"name", name},
                        {"labels", {{"kubernetes.io/hostname", name},
                                    {"kubernetes.io/os", "linux"},
                                    {"topology.kubernetes.io/zone", fmt::format("zone-{}", static_cast<char>('a' + i % 3))},
                                    {"nvidia.com/gpu.present", "true"}}}}},
          {"spec", {{"providerID", fmt::format("kind://docker/dra/{}", name)}}},
          {"status", {{"capacity", {{"cpu", "96"}, {"memory", "1024Gi"}, {"pods", "110"}}},
                      {"allocatable", {{"cpu", "95"}, {"memory", "1000Gi"}, {"pods", "110"}}},
                      {"conditions", json::array({{{"type", "Ready"}, {"status", "True"}, {"reason", "KubeletReady"},
                                                   {"lastHeartbeatTime", "2026-11-20T10:00:00Z"},
                                                   {"lastTransitionTime", "2026-10-01T08:00:00Z"}}})}}}};
}

json make_slice(int i, const Options& o, Rng& rng) {
  const GpuModel& m = kModels[i % 3];
  json devices = json::array();
  for (int g = 0; g < o.gpus; ++g) {
    devices.push_back(
        {{"name", fmt::format("gpu-{}", g)},
         {"attributes", {{"driverVersion", {{"version", m.driver_version}}},
                         {"index", {{"int", g}}},
                         {"model", {{"string", m.model}}},
                         {"productName", {{"string", m.product}}},
                         {"uuid", {{"string", "gpu-" + rng.uid()}}},
                         {"numa", {{"int", numa_of(g, o)}}},
                         {"resource.kubernetes.io/pcieRoot", {{"string", pcie_root_of(g)}}}}},
         {"capacity", {{"memory", {{"value", m.memory}}}}}});
  }
  std::string name = node_name(i);
  return {{"apiVersion", "resource.k8s.io/v1"},
          {"kind", "ResourceSlice"},
          {"metadata", {{"name", fmt::format("{}-{}-{}", name, kDriver, rng.hex(5))}, {"uid", rng.uid()}}},
          {"spec", {{"driver", kDriver},
                    {"nodeName", name},
                    {"pool", {{"name", name}, {"generation", 1}, {"resourceSliceCount", 1}}},
                    {"devices", devices}}}};
}

json cel(const std::string& expression) { return {{"cel", {{"expression", expression}}}}; }

std::vector<json> device_classes() {
  return {{{"apiVersion", "resource.k8s.io/v1"},
           {"kind", "DeviceClass"},
           {"metadata", {{"name", kDriver}}},
           {"spec", {{"selectors", json::array({cel("device.driver == 'gpu.example.com'")})}}}},
          {{"apiVersion", "resource.k8s.io/v1"},
           {"kind", "DeviceClass"},
           {"metadata", {{"name", "large-gpu.example.com"}}},
           {"spec", {{"selectors", json::array({cel("device.driver == 'gpu.example.com'"),
                                                cel("device.capacity['gpu.example.com'].memory."
                                                    "compareTo(quantity('80Gi')) >= 0")})}}}}};
}

json exact_request(const std::string& name, const std::string& device_class, int count, json selectors) {
  json exactly = {{"deviceClassName", device_class}, {"allocationMode", "ExactCount"}, {"count", count}};
  if (!selectors.empty()) exactly["selectors"] = std::move(selectors);
  return {{"name", name}, {"exactly", exactly}};
}

json claim(const std::string& name, json requests, json constraints, Rng& rng) {
  json devices = {{"requests", std::move(requests)}};
  if (!constraints.empty()) devices["constraints"] = std::move(constraints);
  return {{"apiVersion", "resource.k8s.io/v1"},
          {"kind", "ResourceClaim"},
          {"metadata", {{"name", name}, {"namespace", kNamespace}, {"uid", rng.uid()}}},
          {"spec", {{"devices", devices}}}};
}

json pod(const std::string& name, const std::string& claim_name, const std::string& node, Rng& rng) {
  json spec = {{"containers", json::array({{{"name", "trainer"},
                                            {"image", "registry.example.com/trainer:2.1"},
                                            {"resources", {{"requests", {{"cpu", "4"}, {"memory", "32Gi"}}},
                                                           {"claims", json::array({{{"name", "gpus"}}})}}}}})},
               {"resourceClaims", json::array({{{"name", "gpus"}, {"resourceClaimName", claim_name}}})}};
  if (!node.empty()) spec["nodeName"] = node;
  json p = {{"apiVersion", "v1"},
            {"kind", "Pod"},
            {"metadata", {{"name", name}, {"namespace", kNamespace}, {"uid", rng.uid()}}},
            {"spec", spec}};
  p["status"] = {{"phase", node.empty() ? "Pending" : "Running"}};
  return p;
}

// A running pod's claim, allocated the given GPUs of node `i`.
json allocated_claim(const std::string& name, int i, const std::vector<int>& gpus, const json& holder, Rng& rng) {
  json c = claim(name, json::array({exact_request("gpus", kDriver, static_cast<int>(gpus.size()), json::array())}),
                 json::array(), rng);
  json results = json::array();
  for (int g : gpus) {
    results.push_back({{"request", "gpus"}, {"driver", kDriver}, {"pool", node_name(i)}, {"device", fmt::format("gpu-{}", g)}});
  }
  c["status"] = {
      {"allocation",
       {{"devices", {{"results", results}}},
        {"nodeSelector", {{"nodeSelectorTerms", json::array({{{"matchFields", json::array({{{"key", "metadata.name"},
                                                                                             {"operator", "In"},
                                                                                             {"values", json::array({node_name(i)})}}})}}})}}}}},
      {"reservedFor", json::array({{{"resource", "pods"}, {"name", holder["metadata"]["name"]},
                                    {"uid", holder["metadata"]["uid"]}}})}};
  return c;
}

// The pending pods' claims: how many GPUs, which constraint, which selectors.
json pending_claim(int k, const Options& o, Rng& rng) {
  const int count = 1 + k % 4;
  json selectors = json::array();
  switch (k % 5) {
    case 0: selectors.push_back(cel("device.attributes['gpu.example.com'].model.startsWith('H100')")); break;
    case 1: selectors.push_back(cel("device.capacity['gpu.example.com'].memory.compareTo(quantity('80Gi')) >= 0")); break;
    case 2:
      selectors.push_back(cel("device.attributes['gpu.example.com'].driverVersion.isGreaterThan(semver('1.0.5'))"));
      break;
    case 3: selectors.push_back(cel("device.attributes['gpu.example.com'].productName.contains('A100')")); break;
    default: break;
  }
  const std::string device_class = k % 7 == 0 ? "large-gpu.example.com" : kDriver;
  json constraints = json::array();
  // GPUs of one NUMA node for most; of one PCIe root for pairs; 3 or 4 GPUs of one PCIe root
  // (every tenth claim) fit nowhere: the search tries every combination on every node.
  const bool impossible = k % 10 == 9;
  if (count == 2 || impossible) {
    constraints.push_back({{"matchAttribute", "resource.kubernetes.io/pcieRoot"}});
  } else if (count > 1) {
    constraints.push_back({{"matchAttribute", "gpu.example.com/numa"}});
  }
  json requests = json::array();
  if (k % 6 == 5 && count > 1) {
    // Two requests sharing the constraint: one GPU for the model, the rest for data loading.
    requests.push_back(exact_request("model", device_class, 1, selectors));
    requests.push_back(exact_request("loader", kDriver, count - 1, json::array()));
  } else {
    requests.push_back(exact_request("gpus", device_class, count, selectors));
  }
  (void)o;
  return claim(fmt::format("train-{:03d}-gpus", k), std::move(requests), std::move(constraints), rng);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--nodes") == 0) o.nodes = std::stoi(argv[i + 1]);
    else if (std::strcmp(argv[i], "--gpus") == 0) o.gpus = std::stoi(argv[i + 1]);
    else if (std::strcmp(argv[i], "--pending") == 0) o.pending = std::stoi(argv[i + 1]);
    else if (std::strcmp(argv[i], "--seed") == 0) o.seed = std::stoull(argv[i + 1]);
    else {
      std::cerr << "usage: gen_dra_cluster [--nodes N] [--gpus N] [--pending N] [--seed N]\n";
      return 2;
    }
  }
  Rng rng{o.seed};
  json items = json::array();
  items.push_back({{"apiVersion", "v1"},
                   {"kind", "Namespace"},
                   {"metadata", {{"name", kNamespace}, {"labels", {{"kubernetes.io/metadata.name", kNamespace}}}}}});
  for (json& dc : device_classes()) items.push_back(std::move(dc));
  for (int i = 0; i < o.nodes; ++i) {
    items.push_back(make_node(i));
    items.push_back(make_slice(i, o, rng));
    // Two nodes in five run jobs: the first 1 to 6 GPUs of a random offset taken, one claim each job.
    if (i % 5 < 2) {
      const int taken = 1 + rng.below(std::max(1, o.gpus - 2));
      const int offset = rng.below(o.gpus);
      std::vector<int> gpus;
      for (int g = 0; g < taken; ++g) gpus.push_back((offset + g) % o.gpus);
      const std::string name = fmt::format("job-{:04d}", i);
      json holder = pod(name, name + "-gpus", node_name(i), rng);
      items.push_back(allocated_claim(name + "-gpus", i, gpus, holder, rng));
      items.push_back(std::move(holder));
    }
  }
  for (int k = 0; k < o.pending; ++k) {
    json c = pending_claim(k, o, rng);
    const std::string claim_name = c["metadata"]["name"];
    items.push_back(std::move(c));
    items.push_back(pod(fmt::format("train-{:03d}", k), claim_name, "", rng));
  }
  json list = {{"apiVersion", "v1"}, {"kind", "List"}, {"items", std::move(items)}, {"metadata", {{"resourceVersion", ""}}}};
  std::cout << list.dump(1) << '\n';
  return 0;
}
