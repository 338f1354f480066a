// Per-pod scheduling cycle state: what PreFilter computed, read by Filter.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

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
  void write(const std::string& key, std::unique_ptr<StateData> data) { data_[key] = std::move(data); }
  // nullptr when PreFilter did not write the key (e.g. it returned Skip).
  template <class T>
  const T* read(const std::string& key) const {
    auto it = data_.find(key);
    return it == data_.end() ? nullptr : dynamic_cast<const T*>(it->second.get());
  }
  template <class T>
  T* read_mutable(const std::string& key) {
    auto it = data_.find(key);
    return it == data_.end() ? nullptr : dynamic_cast<T*>(it->second.get());
  }
  CycleState clone() const {
    CycleState copy;
    for (const auto& [k, v] : data_) copy.data_[k] = v ? v->clone() : nullptr;
    return copy;
  }

 private:
  std::unordered_map<std::string, std::unique_ptr<StateData>> data_;
};

}  // namespace podfit
