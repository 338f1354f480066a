// Per-pod scheduling cycle state: what PreFilter computed, read by Filter.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <typeinfo>
#include <utility>
#include <vector>

namespace podfit {

// What a Filter cut short by CycleState::filters_cancelled returns (Go's context error text).
inline constexpr std::string_view kFilterCancelled = "filter operation aborted: context canceled";

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
    const std::type_info* type = data ? &typeid(*data) : nullptr;
    if (auto* entry = find(key)) {
      entry->data = std::move(data);
      entry->type = type;
    } else {
      data_.push_back(Entry{std::string(key), std::move(data), type});
    }
  }
  // nullptr when PreFilter did not write the key (e.g. it returned Skip). Filter and Score read
  // once per node and plugin: a cycle holds a dozen keys of mostly distinct lengths, so a scan
  // comparing lengths first beats hashing the key.
  template <class T>
  const T* read(std::string_view key) const {
    const auto* entry = find(key);
    if (entry == nullptr) return nullptr;
    // The exact type first: cheaper than a dynamic_cast, once per node and plugin.
    if (entry->type != nullptr && *entry->type == typeid(T)) return static_cast<const T*>(entry->data.get());
    return dynamic_cast<const T*>(entry->data.get());
  }
  template <class T>
  T* read_mutable(std::string_view key) {
    auto* entry = find(key);
    if (entry == nullptr) return nullptr;
    if (entry->type != nullptr && *entry->type == typeid(T)) return static_cast<T*>(entry->data.get());
    return dynamic_cast<T*>(entry->data.get());
  }
  // Whether rejections carry podfit's details (which taint, how much of which resource): only
  // outputs that print them ask for them, since formatting them for every node of every pod
  // costs as much as the checks.
  bool explains() const { return explains_; }
  void set_explains(bool explains) { explains_ = explains; }
  // Whether Filter keeps each rejected node's status although some node fits: reports of the
  // nodes need them; a cycle that only places the pod does not.
  bool keeps_rejections() const { return keeps_rejections_; }
  void set_keeps_rejections(bool keeps) { keeps_rejections_ = keeps; }

  // Set once a node's Filter ended in an Error: kube-scheduler cancels the other nodes' filters
  // (their context), and long ones (DynamicResources' allocation) stop when they see it.
  const std::atomic<bool>& filters_cancelled() const { return *filters_cancelled_; }
  void cancel_filters(bool cancel) const { filters_cancelled_->store(cancel); }

  CycleState clone() const {
    CycleState copy;
    copy.explains_ = explains_;
    copy.keeps_rejections_ = keeps_rejections_;
    for (const Entry& entry : data_) {
      std::unique_ptr<StateData> data = entry.data ? entry.data->clone() : nullptr;
      const std::type_info* type = data ? &typeid(*data) : nullptr;
      copy.data_.push_back(Entry{entry.key, std::move(data), type});
    }
    return copy;
  }

 private:
  struct Entry {
    std::string key;
    std::unique_ptr<StateData> data;
    const std::type_info* type = nullptr;  // the dynamic type of data
  };
  // Keys share prefixes ("PreFilter...", "PreScore..."): the last byte tells most apart first.
  const Entry* find(std::string_view key) const {
    for (const Entry& entry : data_) {
      if (entry.key.size() == key.size() && (key.empty() || entry.key.back() == key.back()) &&
          std::string_view(entry.key) == key) {
        return &entry;
      }
    }
    return nullptr;
  }
  Entry* find(std::string_view key) { return const_cast<Entry*>(std::as_const(*this).find(key)); }

  bool explains_ = true;
  bool keeps_rejections_ = true;
  std::vector<Entry> data_;
  std::shared_ptr<std::atomic<bool>> filters_cancelled_ = std::make_shared<std::atomic<bool>>(false);
};

}  // namespace podfit
