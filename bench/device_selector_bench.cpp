// DRA device selectors over a large pool: 10,000 devices and 5 typical selectors, each selector
// compiled once, every device seen through one view built for it, all five evaluated on it.
//
//   device_selector_bench [repetitions]   (0: build the devices and compile only, a baseline)
//
// Prints the median time of one pass (views built and every selector evaluated on every device).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "podfit/dra/device_matching.h"
#include "podfit/dra/device_selector.h"

namespace dra = podfit::dra;

namespace {

podfit::DeviceAttribute attribute(podfit::DeviceAttribute::Kind kind, std::string text, std::int64_t number = 0,
                                  bool flag = false) {
  podfit::DeviceAttribute a;
  a.kind = kind;
  a.string_value = std::move(text);
  a.int_value = number;
  a.bool_value = flag;
  return a;
}

// 100 nodes with 100 GPUs each, attributes and capacity as GPU drivers publish them.
std::vector<podfit::ResourceSlice> gpu_slices() {
  using K = podfit::DeviceAttribute::Kind;
  std::vector<podfit::ResourceSlice> slices(100);
  for (int n = 0; n < 100; ++n) {
    podfit::ResourceSlice& s = slices[n];
    s.driver = "gpu.example.com";
    s.pool.name = "node-" + std::to_string(n);
    s.node_name = s.pool.name;
    for (int d = 0; d < 100; ++d) {
      podfit::Device& dev = s.devices.emplace_back();
      dev.name = "gpu-" + std::to_string(d);
      dev.attributes.push_back({"model", attribute(K::String, d % 4 == 0 ? "H100" : "A100")});
      dev.attributes.push_back({"index", attribute(K::Int, "", d)});
      dev.attributes.push_back({"mig", attribute(K::Bool, "", 0, d % 2 == 0)});
      dev.attributes.push_back({"driverVersion", attribute(K::Version, "1.4." + std::to_string(d % 10))});
      dev.attributes.push_back({"pci.example.com/numaNode", attribute(K::Int, "", d % 2)});
      dev.capacity.push_back({"memory", {*podfit::Quantity::parse(d % 4 == 0 ? "80Gi" : "40Gi"), std::nullopt}});
    }
  }
  return slices;
}

}  // namespace

int main(int argc, char** argv) {
  const int repetitions = argc > 1 ? std::atoi(argv[1]) : 21;
  const std::vector<podfit::ResourceSlice> slices = gpu_slices();
  const char* expressions[] = {
      "device.driver == 'gpu.example.com'",
      "device.attributes['gpu.example.com'].model in ['A100', 'H100']",
      "device.capacity['gpu.example.com'].memory.compareTo(quantity('16Gi')) >= 0",
      "device.attributes['gpu.example.com'].driverVersion.isGreaterThan(semver('1.0.0'))",
      "device.attributes['pci.example.com'].numaNode >= 0",
  };
  const auto t0 = std::chrono::steady_clock::now();
  const dra::SelectorCompiler compiler;
  std::vector<dra::CompiledSelector> compiled;
  for (const char* e : expressions) compiled.push_back(compiler.compile(e));
  const auto t1 = std::chrono::steady_clock::now();
  std::vector<const dra::CompiledSelector*> selectors;
  for (const auto& c : compiled) {
    if (!c.ok()) {
      std::fprintf(stderr, "%s\n", c.error().c_str());
      return 1;
    }
    selectors.push_back(&c);
  }
  std::vector<double> ms;
  std::size_t matching = 0, devices = 0;
  for (int r = 0; r < repetitions; ++r) {
    const auto a = std::chrono::steady_clock::now();
    const auto outcomes = dra::match_devices(slices, selectors);
    const auto b = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(b - a).count());
    devices = outcomes.size();
    matching = static_cast<std::size_t>(std::count_if(outcomes.begin(), outcomes.end(), [](const auto& o) { return o.matches; }));
  }
  if (ms.empty()) return 0;  // 0 passes: only the slices built and the selectors compiled, for a baseline
  std::sort(ms.begin(), ms.end());
  std::printf("environment and 5 selectors compiled: %.2f ms\n",
              std::chrono::duration<double, std::milli>(t1 - t0).count());
  std::printf("%zu devices x %zu selectors: median %.2f ms per pass (%.0f ns per evaluation), %zu matching, %d passes\n",
              devices, selectors.size(), ms[ms.size() / 2], ms[ms.size() / 2] * 1e6 / (devices * selectors.size()),
              matching, repetitions);
  return 0;
}
