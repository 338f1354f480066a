// Device taints: DeviceTaintRules adding taints to the devices they select, and a request's
// tolerations deciding whether a tainted device may be allocated.
#include <algorithm>

#include "allocator_internal.h"
#include "podfit/dra/device_selector.h"

namespace podfit::dra {

bool tolerates(const DeviceToleration& toleration, const DeviceTaint& taint) {
  if (!toleration.effect.empty() && toleration.effect != taint.effect) return false;
  if (!toleration.key.empty() && toleration.key != taint.key) return false;
  if (toleration.op.empty() || toleration.op == "Equal") return toleration.value == taint.value;
  return toleration.op == "Exists";
}

namespace {

// What a rule's selector asks of each device beyond its names: the CEL selectors of its class,
// then its own.
struct RuleExpressions {
  bool class_missing = false;  // the rule names a class that does not exist: it applies nowhere
  std::vector<CompiledSelector> selectors;
  bool compiles() const {
    return std::all_of(selectors.begin(), selectors.end(), [](const CompiledSelector& s) { return s.ok(); });
  }
};

RuleExpressions expressions_of(const DeviceTaintRule& rule, const std::vector<DeviceClass>& classes,
                               cel::KubeVersion release) {
  RuleExpressions out;
  if (rule.device_class_name.empty() && rule.selectors.empty()) return out;
  const SelectorCompiler& compiler = stored_selector_compiler(release);
  if (!rule.device_class_name.empty()) {
    auto it = std::find_if(classes.begin(), classes.end(),
                           [&](const DeviceClass& c) { return c.metadata.name == rule.device_class_name; });
    if (it == classes.end()) {
      out.class_missing = true;
      return out;
    }
    for (const DeviceSelector& selector : it->selectors) out.selectors.push_back(compiler.compile(selector.cel_expression));
  }
  for (const std::string& expression : rule.selectors) out.selectors.push_back(compiler.compile(expression));
  return out;
}

// Whether every selector matches the device; a run-time error is no match.
bool selects(const RuleExpressions& rule, const std::string& driver, const Device& device) {
  if (rule.selectors.empty()) return true;
  const DeviceView view(driver, device);
  return std::all_of(rule.selectors.begin(), rule.selectors.end(), [&](const CompiledSelector& s) {
    const MatchResult r = s.matches(view);
    return r.error.empty() && r.matches;
  });
}

}  // namespace

std::vector<const ResourceSlice*> apply_device_taint_rules(const std::vector<ResourceSlice>& slices,
                                                           const std::vector<DeviceTaintRule>& rules,
                                                           std::vector<std::unique_ptr<ResourceSlice>>& patched,
                                                           const std::vector<DeviceClass>& classes,
                                                           cel::KubeVersion release) {
  std::vector<RuleExpressions> expressions;
  expressions.reserve(rules.size());
  for (const DeviceTaintRule& rule : rules) expressions.push_back(expressions_of(rule, classes, release));
  std::vector<const ResourceSlice*> out;
  out.reserve(slices.size());
  for (const ResourceSlice& slice : slices) {
    ResourceSlice* copy = nullptr;
    bool synced = true;
    for (std::size_t r = 0; r < rules.size(); ++r) {
      const DeviceTaintRule& rule = rules[r];
      // The rule's selector: each field left empty selects everything.
      if (!rule.driver.empty() && rule.driver != slice.driver) continue;
      if (!rule.pool.empty() && rule.pool != slice.pool.name) continue;
      if (expressions[r].class_missing) continue;
      if (!expressions[r].compiles()) {
        synced = false;
        break;
      }
      for (std::size_t i = 0; i < slice.devices.size(); ++i) {
        if (!rule.device.empty() && rule.device != slice.devices[i].name) continue;
        if (!selects(expressions[r], slice.driver, slice.devices[i])) continue;
        if (copy == nullptr) copy = patched.emplace_back(std::make_unique<ResourceSlice>(slice)).get();
        copy->devices[i].taints.push_back(rule.taint);
      }
    }
    if (synced) out.push_back(copy != nullptr ? copy : &slice);
  }
  return out;
}

namespace detail {

const DeviceTaint* untolerated_taint(const Device& device, const std::vector<DeviceToleration>& tolerations) {
  for (const DeviceTaint& taint : device.taints) {
    // Only the known effects keep a device from allocation; None and unknown ones do not.
    if (taint.effect != "NoSchedule" && taint.effect != "NoExecute") continue;
    const bool tolerated = std::any_of(tolerations.begin(), tolerations.end(),
                                       [&](const DeviceToleration& toleration) { return tolerates(toleration, taint); });
    if (!tolerated) return &taint;
  }
  return nullptr;
}

}  // namespace detail
}  // namespace podfit::dra
