// A small sorted string-keyed map: labels, annotations, nodeSelector, resource lists.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace podfit {

// Sorted by key; lookups are binary searches. These maps rarely exceed a few dozen
// entries, so a flat vector beats a tree in memory and speed for 150,000 pods.
template <class V>
class FlatMap {
 public:
  using Entry = std::pair<std::string, V>;

  FlatMap() = default;
  FlatMap(std::initializer_list<Entry> entries) {
    for (const auto& e : entries) set(e.first, e.second);
  }

  // Builds from entries in any order (the last of equal keys wins) in O(n log n), where
  // repeated set() would be quadratic for objects with very many keys.
  static FlatMap from_entries(std::vector<Entry> entries) {
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.first < b.first; });
    FlatMap out;
    out.entries_.reserve(entries.size());
    for (auto& e : entries) {
      if (!out.entries_.empty() && out.entries_.back().first == e.first) {
        out.entries_.back().second = std::move(e.second);
      } else {
        out.entries_.push_back(std::move(e));
      }
    }
    return out;
  }

  // Inserts or replaces.
  void set(std::string_view key, V value) {
    auto it = lower(key);
    if (it != entries_.end() && it->first == key) {
      it->second = std::move(value);
    } else {
      entries_.insert(it, Entry(std::string(key), std::move(value)));
    }
  }
  const V* find(std::string_view key) const {
    // Label keys share long prefixes ("topology.kubernetes.io/", "node.kubernetes.io/"): in a
    // small map, comparing lengths first skips nearly every byte comparison a search would make.
    if (entries_.size() <= kLinearSearchMax) {
      for (const Entry& e : entries_) {
        if (e.first.size() == key.size() && std::string_view(e.first) == key) return &e.second;
      }
      return nullptr;
    }
    auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                               [](const Entry& e, std::string_view k) { return e.first < k; });
    return it != entries_.end() && it->first == key ? &it->second : nullptr;
  }
  V* find(std::string_view key) { return const_cast<V*>(std::as_const(*this).find(key)); }
  bool contains(std::string_view key) const { return find(key) != nullptr; }
  bool erase(std::string_view key) {
    auto it = lower(key);
    if (it == entries_.end() || it->first != key) return false;
    entries_.erase(it);
    return true;
  }
  void clear() { entries_.clear(); }

  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  auto begin() const { return entries_.begin(); }
  auto end() const { return entries_.end(); }
  auto begin() { return entries_.begin(); }
  auto end() { return entries_.end(); }
  friend bool operator==(const FlatMap&, const FlatMap&) = default;

 private:
  static constexpr size_t kLinearSearchMax = 16;
  typename std::vector<Entry>::iterator lower(std::string_view key) {
    return std::lower_bound(entries_.begin(), entries_.end(), key,
                            [](const Entry& e, std::string_view k) { return e.first < k; });
  }
  std::vector<Entry> entries_;
};

// Labels, annotations, nodeSelector.
using StringMap = FlatMap<std::string>;

}  // namespace podfit
