// Device views and selector verdicts shared across allocations.
#include "podfit/dra/device_views.h"

#include <functional>

namespace podfit::dra {

DeviceViews::DeviceViews(const std::vector<ResourceSlice>& slices, std::size_t verdict_budget)
    : slices_(slices.data()), slice_count_(slices.size()), verdict_budget_(verdict_budget) {
  first_.reserve(slices.size());
  for (const ResourceSlice& slice : slices) {
    first_.push_back(views_.size());
    for (const Device& device : slice.devices) views_.push_back(std::make_unique<DeviceView>(slice.driver, device));
  }
}

std::optional<std::size_t> DeviceViews::index_of(const ResourceSlice& slice, const Device& device) const {
  const std::less<const void*> before;
  if (before(&slice, slices_) || !before(&slice, slices_ + slice_count_)) return std::nullopt;
  const std::vector<Device>& devices = slice.devices;
  if (before(&device, devices.data()) || !before(&device, devices.data() + devices.size())) return std::nullopt;
  return first_[static_cast<std::size_t>(&slice - slices_)] + static_cast<std::size_t>(&device - devices.data());
}

std::atomic<std::int8_t>* DeviceViews::verdicts(const std::string& expression) const {
  std::lock_guard lock(mutex_);
  if (auto it = verdicts_.find(expression); it != verdicts_.end()) return it->second.get();
  // Many distinct selectors over many devices would otherwise hold a byte for every pair.
  if ((verdicts_.size() + 1) * views_.size() > verdict_budget_) return nullptr;
  auto& slots = verdicts_[expression];
  slots = std::make_unique<std::atomic<std::int8_t>[]>(views_.size());
  return slots.get();
}

MatchResult DeviceViews::match(const CompiledSelector& selector, std::atomic<std::int8_t>* verdicts,
                               std::size_t index) const {
  std::atomic<std::int8_t>* verdict = verdicts != nullptr ? &verdicts[index] : nullptr;
  const std::int8_t known = verdict != nullptr ? verdict->load(std::memory_order_relaxed) : kUnknown;
  if (known != kUnknown) return MatchResult{known == kMatch, {}};
  MatchResult result = selector.matches(*views_[index]);
  if (verdict != nullptr && result.error.empty()) {
    verdict->store(result.matches ? kMatch : kNoMatch, std::memory_order_relaxed);
  }
  return result;
}

}  // namespace podfit::dra
