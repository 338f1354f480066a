// Per-pod scheduling cycle state: what PreFilter computed, read by Filter.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace podfit {

// Data a plugin stores in the cycle; clone() lets preemption fork the state.
struct StateData {
  virtual ~StateData() = default;
  virtual std::unique_ptr<StateData> clone() const = 0;
};

// framework.CycleState. Written during PreFilter (single-threaded), read
// concurrently during Filter.
class CycleState {
 public:
  void write(std::string_view key, std::unique_ptr<StateData> data) {
    if (auto* entry = find(key)) {
      entry->second = std::move(data);
    } else {
      data_.emplace_back(std::string(key), std::move(data));
    }
  }
  // nullptr when PreFilter did not write the key (e.g. it returned Skip). Filter and Score read
  // once per node and plugin: a cycle holds a dozen keys of mostly distinct lengths, so a scan
  // comparing lengths first beats hashing the key.
  template <class T>
  const T* read(std::string_view key) const {
    const auto* entry = find(key);
    return entry == nullptr ? nullptr : dynamic_cast<const T*>(entry->second.get());
  }
  template <class T>
  T* read_mutable(std::string_view key) {
    auto* entry = find(key);
    return entry == nullptr ? nullptr : dynamic_cast<T*>(entry->second.get());
  }
  // Whether rejections carry podfit's details (which taint, how much of which resource): only
  // outputs that print them ask for them, since formatting them for every node of every pod
  // costs as much as the checks.
  bool explains() const { return explains_; }
  void set_explains(bool explains) { explains_ = explains; }

  CycleState clone() const {
    CycleState copy;
    copy.explains_ = explains_;
    for (const auto& [k, v] : data_) copy.data_.emplace_back(k, v ? v->clone() : nullptr);
    return copy;
  }

 private:
  using Entry = std::pair<std::string, std::unique_ptr<StateData>>;
  const Entry* find(std::string_view key) const {
    for (const Entry& entry : data_) {
      if (entry.first.size() == key.size() && std::string_view(entry.first) == key) return &entry;
    }
    return nullptr;
  }
  Entry* find(std::string_view key) { return const_cast<Entry*>(std::as_const(*this).find(key)); }

  bool explains_ = true;
  std::vector<Entry> data_;
};

}  // namespace podfit
