// Per-pod scheduling cycle state: what PreFilter computed, read by Filter.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "podfit/util/string_hash.h"

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
    auto it = data_.find(key);
    if (it == data_.end()) {
      data_.emplace(std::string(key), std::move(data));
    } else {
      it->second = std::move(data);
    }
  }
  // nullptr when PreFilter did not write the key (e.g. it returned Skip). Filter reads once per
  // node and plugin: the lookup takes the key as it is, without building a string.
  template <class T>
  const T* read(std::string_view key) const {
    auto it = data_.find(key);
    return it == data_.end() ? nullptr : dynamic_cast<const T*>(it->second.get());
  }
  template <class T>
  T* read_mutable(std::string_view key) {
    auto it = data_.find(key);
    return it == data_.end() ? nullptr : dynamic_cast<T*>(it->second.get());
  }
  // Whether rejections carry podfit's details (which taint, how much of which resource): only
  // outputs that print them ask for them, since formatting them for every node of every pod
  // costs as much as the checks.
  bool explains() const { return explains_; }
  void set_explains(bool explains) { explains_ = explains; }

  CycleState clone() const {
    CycleState copy;
    copy.explains_ = explains_;
    for (const auto& [k, v] : data_) copy.data_[k] = v ? v->clone() : nullptr;
    return copy;
  }

 private:
  bool explains_ = true;
  StringHashMap<std::unique_ptr<StateData>> data_;
};

}  // namespace podfit
