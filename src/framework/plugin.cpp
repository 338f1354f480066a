#include "podfit/framework/plugin.h"

#include <algorithm>
#include <iterator>

namespace podfit {

PreFilterResult PreFilterResult::merge(const PreFilterResult& other) const {
  if (all_nodes()) return other;
  if (other.all_nodes()) return *this;
  PreFilterResult merged;
  merged.node_names.emplace();
  std::set_intersection(node_names->begin(), node_names->end(), other.node_names->begin(),
                        other.node_names->end(), std::inserter(*merged.node_names, merged.node_names->end()));
  return merged;
}

void AddedPodReach::add(const AddedPodReach& other) {
  anywhere = anywhere || other.anywhere;
  node = node || other.node;
  for (const ReachedKey& key : other.keys) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
}

}  // namespace podfit
