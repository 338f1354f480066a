// Every device of a cluster's ResourceSlices as selectors see it, built once and shared by the
// allocators of every pod checked against those slices, with what each selector said of each
// device (a device's view, and so a selector's verdict on it, depend on nothing else).
//
//   dra::DeviceViews views(cluster.resource_slices);
//   dra::Allocator allocator(claims, in_use, classes, cluster.resource_slices, rules, {}, &views);
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "podfit/dra/device_selector.h"
#include "podfit/model/resource_slice.h"

namespace podfit::dra {

class DeviceViews {
 public:
  // At most this many verdicts (a byte each) are kept, over all selectors.
  static constexpr std::size_t kDefaultVerdictBudget = std::size_t{64} << 20;

  // Borrows the slices, which must outlive it and not change.
  explicit DeviceViews(const std::vector<ResourceSlice>& slices, std::size_t verdict_budget = kDefaultVerdictBudget);

  // The position of one of the slices' devices; nullopt for any other device (a copy that
  // DeviceTaintRules patched, for instance).
  std::optional<std::size_t> index_of(const ResourceSlice& slice, const Device& device) const;
  const DeviceView& view(std::size_t index) const { return *views_[index]; }

  // What one selector said of each device, by position: kUnknown until someone evaluated it.
  // Evaluations that fail are not kept. Safe to read and fill from several threads. nullptr
  // for a selector first asked about once the budget is spent: its verdicts are not kept.
  enum Verdict : std::int8_t { kUnknown = 0, kNoMatch = 1, kMatch = 2 };
  std::atomic<std::int8_t>* verdicts(const std::string& expression) const;

  // What `selector` says of the device at `index`: the verdict kept in `verdicts` (the
  // selector's, or nullptr), else an evaluation on the device's view, kept when it succeeds.
  MatchResult match(const CompiledSelector& selector, std::atomic<std::int8_t>* verdicts, std::size_t index) const;

 private:
  const ResourceSlice* slices_ = nullptr;
  std::size_t slice_count_ = 0;
  std::vector<std::size_t> first_;  // each slice's first device position
  std::vector<std::unique_ptr<DeviceView>> views_;
  std::size_t verdict_budget_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::string, std::unique_ptr<std::atomic<std::int8_t>[]>> verdicts_;
};

}  // namespace podfit::dra
