// Evaluation speed of a compiled DRA device selector: one program, many devices, each device
// handed to CEL as borrowed views of host data (no copies, no allocation per evaluation).
//
//   cel_bench [iterations]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "podfit/cel/cel.h"

namespace cel = podfit::cel;

// Counts heap allocations, to show that evaluation makes none.
static long g_allocations = 0;
void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

// One attribute domain's attributes: name -> value.
struct Attributes : cel::MapValue {
  std::vector<std::pair<std::string, cel::Value>> entries;
  std::size_t size() const override { return entries.size(); }
  cel::Value key_at(std::size_t i) const override { return cel::Value::string_view(entries[i].first); }
  std::optional<cel::Value> find(const cel::Value& key) const override {
    if (key.kind() != cel::Kind::String) return std::nullopt;
    for (const auto& [k, v] : entries)
      if (k == key.as_string()) return v;
    return std::nullopt;
  }
};

// device.attributes: domain -> Attributes.
struct Domains : cel::MapValue {
  std::vector<std::pair<std::string, Attributes>> entries;
  std::size_t size() const override { return entries.size(); }
  cel::Value key_at(std::size_t i) const override { return cel::Value::string_view(entries[i].first); }
  std::optional<cel::Value> find(const cel::Value& key) const override {
    if (key.kind() != cel::Kind::String) return std::nullopt;
    for (const auto& [k, v] : entries)
      if (k == key.as_string()) return cel::Value::borrowed_map(v);
    return std::nullopt;
  }
};

// The `device` variable: driver and attributes.
struct Device : cel::MapValue {
  std::string driver;
  Domains attributes;
  std::size_t size() const override { return 2; }
  cel::Value key_at(std::size_t i) const override { return cel::Value::string_view(i == 0 ? "driver" : "attributes"); }
  std::optional<cel::Value> find(const cel::Value& key) const override {
    if (key.kind() != cel::Kind::String) return std::nullopt;
    if (key.as_string() == "driver") return cel::Value::string_view(driver);
    if (key.as_string() == "attributes") return cel::Value::borrowed_map(attributes);
    return std::nullopt;
  }
};

struct DeviceActivation : cel::Activation {
  const Device* device = nullptr;
  std::optional<cel::Value> resolve(std::string_view name) const override {
    if (name == "device") return cel::Value::borrowed_map(*device);
    return std::nullopt;
  }
};

}  // namespace

int main(int argc, char** argv) {
  long iterations = argc > 1 ? std::atol(argv[1]) : 2000000;
  cel::Env env;
  cel::enable_kubernetes_libraries(env);
  env.add_variable("device", *cel::Type::parse("map(string, dyn)"));
  const char* selector = "device.driver == \"gpu.example.com\" && device.attributes[\"gpu.example.com\"].memory >= 40";
  auto compiled = env.compile(selector);
  if (!compiled.ok()) {
    std::fprintf(stderr, "%s\n", compiled.error.c_str());
    return 1;
  }
  std::vector<Device> devices(64);
  for (std::size_t i = 0; i < devices.size(); ++i) {
    devices[i].driver = i % 4 == 3 ? "nic.example.com" : "gpu.example.com";
    Attributes a;
    a.entries.emplace_back("model", cel::Value::string_view("A100"));
    a.entries.emplace_back("memory", cel::Value::int_(static_cast<std::int64_t>(20 + i)));
    devices[i].attributes.entries.emplace_back("gpu.example.com", std::move(a));
  }
  DeviceActivation act;
  long matched = 0;
  long allocations_before = g_allocations;
  auto start = std::chrono::steady_clock::now();
  for (long n = 0; n < iterations; ++n) {
    act.device = &devices[static_cast<std::size_t>(n) % devices.size()];
    auto r = compiled.program->evaluate(act);
    matched += r.value.kind() == cel::Kind::Bool && r.value.as_bool();
  }
  auto ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  long allocations = g_allocations - allocations_before;
  std::printf("%s\n%ld evaluations, %ld matched, %.1f ns per evaluation, %ld heap allocations\n", selector,
              iterations, matched, ns / static_cast<double>(iterations), allocations);
  return 0;
}
