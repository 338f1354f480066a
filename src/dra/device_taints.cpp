// Device taints: DeviceTaintRules adding taints to the devices they select, and a request's
// tolerations deciding whether a tainted device may be allocated.
#include <algorithm>

#include "allocator_internal.h"

namespace podfit::dra {

bool tolerates(const DeviceToleration& toleration, const DeviceTaint& taint) {
  if (!toleration.effect.empty() && toleration.effect != taint.effect) return false;
  if (!toleration.key.empty() && toleration.key != taint.key) return false;
  if (toleration.op.empty() || toleration.op == "Equal") return toleration.value == taint.value;
  return toleration.op == "Exists";
}

std::vector<const ResourceSlice*> apply_device_taint_rules(const std::vector<ResourceSlice>& slices,
                                                           const std::vector<DeviceTaintRule>& rules,
                                                           std::vector<std::unique_ptr<ResourceSlice>>& patched) {
  std::vector<const ResourceSlice*> out;
  out.reserve(slices.size());
  for (const ResourceSlice& slice : slices) {
    ResourceSlice* copy = nullptr;
    for (const DeviceTaintRule& rule : rules) {
      // The rule's selector: each field left empty selects everything.
      if (!rule.driver.empty() && rule.driver != slice.driver) continue;
      if (!rule.pool.empty() && rule.pool != slice.pool.name) continue;
      for (std::size_t i = 0; i < slice.devices.size(); ++i) {
        if (!rule.device.empty() && rule.device != slice.devices[i].name) continue;
        if (copy == nullptr) copy = patched.emplace_back(std::make_unique<ResourceSlice>(slice)).get();
        copy->devices[i].taints.push_back(rule.taint);
      }
    }
    out.push_back(copy != nullptr ? copy : &slice);
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
