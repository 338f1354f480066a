// DRA device selectors: the kubernetes.DRADevice environment and devices seen through it.
#include "podfit/dra/device_selector.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <tuple>
#include <utility>
#include <vector>

#include "podfit/dra/cel_quantity.h"

namespace podfit::dra {
namespace {

// A string-keyed map over host data, sorted by key once so lookups are binary searches.
class SortedMap : public cel::MapValue {
 public:
  std::vector<std::pair<std::string_view, cel::Value>> entries;

  void sort() {
    std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  std::size_t size() const override { return entries.size(); }
  cel::Value key_at(std::size_t i) const override { return cel::Value::string_view(entries[i].first); }
  std::optional<cel::Value> find(const cel::Value& key) const override {
    if (key.kind() != cel::Kind::String) return std::nullopt;
    auto it = std::lower_bound(entries.begin(), entries.end(), key.as_string(),
                               [](const auto& e, std::string_view k) { return e.first < k; });
    if (it == entries.end() || it->first != key.as_string()) return std::nullopt;
    return it->second;
  }
};

// device.attributes and device.capacity: a domain nobody published reads as an empty map, as
// upstream's lookup default does, while `in` still says it is absent.
class DomainMap : public cel::MapValue {
 public:
  std::vector<std::pair<std::string_view, SortedMap>> domains;
  const SortedMap* empty = nullptr;

  std::size_t size() const override { return domains.size(); }
  cel::Value key_at(std::size_t i) const override { return cel::Value::string_view(domains[i].first); }
  std::optional<cel::Value> find(const cel::Value& key) const override {
    if (key.kind() != cel::Kind::String) return std::nullopt;
    if (const SortedMap* m = lookup(key.as_string())) return cel::Value::borrowed_map(*m);
    return cel::Value::borrowed_map(*empty);
  }
  bool contains(const cel::Value& key) const override {
    return key.kind() == cel::Kind::String && lookup(key.as_string()) != nullptr;
  }

  // The map of `domain`, created on first use (before sort()).
  SortedMap& domain(std::string_view name) {
    for (auto& [d, m] : domains)
      if (d == name) return m;
    return domains.emplace_back(name, SortedMap{}).second;
  }
  void sort() {
    std::stable_sort(domains.begin(), domains.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& d : domains) d.second.sort();
  }

 private:
  const SortedMap* lookup(std::string_view name) const {
    auto it = std::lower_bound(domains.begin(), domains.end(), name,
                               [](const auto& e, std::string_view k) { return e.first < k; });
    return it != domains.end() && it->first == name ? &it->second : nullptr;
  }
};

// A qualified name's domain and identifier; names without a domain belong to the driver's.
std::pair<std::string_view, std::string_view> split_qualified(std::string_view name, std::string_view driver) {
  const std::size_t slash = name.find('/');
  if (slash == std::string_view::npos) return {driver, name};
  return {name.substr(0, slash), name.substr(slash + 1)};
}

cel::Value attribute_value(const DeviceAttribute& a) {
  switch (a.kind) {
    case DeviceAttribute::Kind::Int: return cel::Value::int_(a.int_value);
    case DeviceAttribute::Kind::Bool: return cel::Value::boolean(a.bool_value);
    case DeviceAttribute::Kind::String: return cel::Value::string_view(a.string_value);
    case DeviceAttribute::Kind::Version: return cel::semver_value(a.string_value);
  }
  return cel::Value::null();
}

// cel-go's text when a selector's result is not a bool (only expressions typed dyn get here).
std::string not_bool_error(const cel::Value& v) {
  std::string_view type = v.type_name();
  std::string conversion;
  switch (v.kind()) {
    case cel::Kind::String: conversion = "unsupported native conversion from string to 'bool'"; break;
    case cel::Kind::Int: conversion = "unsupported type conversion from 'int' to bool"; break;
    case cel::Kind::Uint: conversion = "unsupported type conversion from 'uint' to bool"; break;
    case cel::Kind::Double: conversion = "type conversion error from Double to 'bool'"; break;
    default: conversion = "type conversion error from '" + std::string(type) + "' to 'bool'"; break;
  }
  return "CEL result of type " + std::string(type) + " could not be converted to bool: " + conversion;
}

}  // namespace

struct DeviceView::Impl : cel::MapValue {
  std::string_view driver;
  bool allow_multiple_allocations = false;
  SortedMap empty;
  DomainMap attributes;
  DomainMap capacity;

  std::size_t size() const override { return 4; }
  cel::Value key_at(std::size_t i) const override {
    static constexpr std::string_view kKeys[] = {"driver", "attributes", "capacity", "allowMultipleAllocations"};
    return cel::Value::string_view(kKeys[i]);
  }
  std::optional<cel::Value> find(const cel::Value& key) const override {
    if (key.kind() != cel::Kind::String) return std::nullopt;
    const std::string_view k = key.as_string();
    if (k == "driver") return cel::Value::string_view(driver);
    if (k == "attributes") return cel::Value::borrowed_map(attributes);
    if (k == "capacity") return cel::Value::borrowed_map(capacity);
    if (k == "allowMultipleAllocations") return cel::Value::boolean(allow_multiple_allocations);
    return std::nullopt;
  }
};

DeviceView::DeviceView(std::string_view driver, const Device& device)
    : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  d.driver = driver;
  d.allow_multiple_allocations = device.allow_multiple_allocations.value_or(false);
  d.attributes.empty = &d.empty;
  d.capacity.empty = &d.empty;
  for (const NamedAttribute& a : device.attributes) {
    auto [domain, id] = split_qualified(a.name, driver);
    d.attributes.domain(domain).entries.emplace_back(id, attribute_value(a.value));
  }
  for (const NamedCapacity& c : device.capacity) {
    auto [domain, id] = split_qualified(c.name, driver);
    d.capacity.domain(domain).entries.emplace_back(id, quantity_value(c.value.value));
  }
  d.attributes.sort();
  d.capacity.sort();
}

DeviceView::~DeviceView() = default;

namespace {

// The variables a selector sees: `device` alone.
struct DeviceActivation : cel::Activation {
  explicit DeviceActivation(const DeviceView& view) : device(&view.impl()) {}
  const DeviceView::Impl* device;
  std::optional<cel::Value> resolve(std::string_view name) const override {
    if (name == "device") return cel::Value::borrowed_map(*device);
    return std::nullopt;
  }
};

}  // namespace

MatchResult CompiledSelector::matches(const DeviceView& device) const {
  const DeviceActivation activation(device);
  MatchResult out;
  if (!program_) {
    out.error = error_;
    return out;
  }
  cel::EvalResult r = program_->evaluate(activation);
  if (r.value.is_error()) {
    out.error = std::string(r.value.as_string());
  } else if (r.value.kind() != cel::Kind::Bool) {
    out.error = not_bool_error(r.value);
  } else {
    out.matches = r.value.as_bool();
  }
  return out;
}

namespace {

// DRA's `includes` of v1.36 (DRAListTypeAttributes): a list holds the value, or a value equals
// it; lists longer than a device's attribute may be are refused.
void add_dra_includes(cel::Env& env) {
  constexpr std::size_t kMaxValues = 48;  // ResourceSliceMaxAttributeValuesPerDevice
  env.add_function("includes", {cel::make_overload("dra_includes_dyn_dyn", {cel::Type::dyn(), cel::Type::dyn()},
                                                   cel::Type::boolean(), [](std::span<const cel::Value> a, cel::EvalContext&) {
    if (a[0].kind() == cel::Kind::List) {
      const cel::ListValue& list = a[0].as_list();
      for (std::size_t i = 0; i < list.size(); ++i) {
        if (i >= kMaxValues) {
          return cel::Value::error("'includes' function cannot be applied to lists longer than 48 values");
        }
        if (cel::equals(list.get(i), a[1]).value_or(false)) return cel::Value::boolean(true);
      }
      return cel::Value::boolean(false);
    }
    return cel::Value::boolean(cel::equals(a[0], a[1]).value_or(false));
  }, true)});
}

}  // namespace

SelectorCompiler::SelectorCompiler(SelectorFeatures features, Expressions kind) {
  // New expressions compile at the compatibility version, so that an API server rolled back one
  // release still understands them; stored ones with every library of the release.
  const cel::KubeVersion release = features.release;
  const cel::KubeVersion version = kind == Expressions::New ? cel::KubeVersion{release.major, release.minor - 1} : release;
  cel::enable_kubernetes_libraries(env_, version);
  add_quantity_library(env_);
  // Gated declarations count for new expressions whatever the compatibility version; stored
  // ones see every declaration of the release's code.
  const bool gated_in = kind == Expressions::Stored;
  if (release >= cel::KubeVersion{1, 36} && version < cel::KubeVersion{1, 37} &&
      (gated_in || features.list_type_attributes)) {
    add_dra_includes(env_);
  }
  // Kubernetes' base environment plans programs with cel-go's OptOptimize.
  env_.set_constant_folding(true);
  const cel::Type attributes = cel::Type::map(cel::Type::string(), cel::Type::map(cel::Type::string(), cel::Type::dyn()));
  const cel::Type capacity = cel::Type::map(cel::Type::string(), cel::Type::map(cel::Type::string(), quantity_type()));
  std::vector<std::pair<std::string, cel::Type>> fields = {
      {"driver", cel::Type::string()}, {"attributes", attributes}, {"capacity", capacity}};
  if (release >= cel::KubeVersion{1, 34} && (gated_in || features.consumable_capacity)) {
    fields.emplace_back("allowMultipleAllocations", cel::Type::boolean());
  }
  env_.add_variable("device", env_.add_object_type("kubernetes.DRADevice", std::move(fields)));
  env_.limits().cost_limit = cel::kDRASelectorMaxCost;
}

CompiledSelector SelectorCompiler::compile(std::string_view expression) const {
  CompiledSelector out;
  out.expression_ = std::string(expression);
  cel::CompileResult r = env_.compile(expression);
  if (!r.ok()) {
    out.internal_error_ = r.instantiation_failed;
    out.error_ = (r.instantiation_failed ? "program instantiation failed: " : "compilation failed: ") + r.error;
    return out;
  }
  const cel::Type type = r.program->result_type();
  if (type.kind() != cel::Type::K::Bool && type.kind() != cel::Type::K::Dyn) {
    out.error_ = "must evaluate to bool or the unknown type, not " + type.str();
    return out;
  }
  out.program_ = std::move(r.program);
  return out;
}

std::optional<ValueProbe> SelectorCompiler::probe(std::string_view expression) const {
  cel::CompileResult r = env_.compile(expression);
  if (!r.ok()) return std::nullopt;
  ValueProbe out;
  out.program_ = std::move(r.program);
  return out;
}

std::string ValueProbe::value_on(const DeviceView& device) const {
  const DeviceActivation activation(device);
  cel::EvalResult r = program_->evaluate(activation);
  return r.value.is_error() ? std::string(r.value.as_string()) : r.value.debug_string();
}

SelectorError new_selector_error(std::string_view expression, SelectorFeatures features) {
  // Building an environment costs far more than a compile: each one asked for is kept.
  static std::mutex mutex;
  static std::map<std::tuple<int, bool, bool>, std::unique_ptr<const SelectorCompiler>> compilers;
  const std::tuple<int, bool, bool> key{features.release.minor, features.consumable_capacity,
                                        features.list_type_attributes};
  const SelectorCompiler* compiler = nullptr;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    auto& slot = compilers[key];
    if (!slot) slot = std::make_unique<const SelectorCompiler>(features, Expressions::New);
    compiler = slot.get();
  }
  const CompiledSelector compiled = compiler->compile(expression);
  return SelectorError{compiled.error(), compiled.internal_error()};
}

const SelectorCompiler& stored_selector_compiler(cel::KubeVersion release) {
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<const SelectorCompiler>> compilers;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = compilers[release.minor];
  if (!slot) {
    SelectorFeatures features;
    features.release = release;
    slot = std::make_unique<const SelectorCompiler>(features, Expressions::Stored);
  }
  return *slot;
}

}  // namespace podfit::dra
