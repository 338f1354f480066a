// What each profile of a scheduler configuration runs after filtering: its Score plugins with
// their weights and args, and its Reserve, PreBind and Bind plugins, next to the PreFilter and
// Filter plugins Profiles builds.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/framework/scheduling_cycle.h"
#include "podfit/model/labels.h"
#include "podfit/model/pod.h"
#include "podfit/util/string_hash.h"

namespace podfit {

struct SchedulerConfiguration;
class Profiles;

// helper.DefaultSelector for a pod whose controller podfit knows (a pod it creates for a
// workload): the selector spreading defaults count the controller's pods with. nullopt when
// podfit does not know the Services and controllers that select the pod.
using ControllerSelector = std::function<std::optional<Selector>(const Pod&)>;

class PlacementProfiles {
 public:
  // One CycleProfile per profile of `config`, whose filtering side is `filters`' (built from
  // the same configuration). `selector` may be empty (no controller known).
  PlacementProfiles(const SchedulerConfiguration& config, const Profiles& filters, const FeatureGates& gates,
                    ControllerSelector selector = {});
  ~PlacementProfiles();
  PlacementProfiles(const PlacementProfiles&) = delete;
  PlacementProfiles& operator=(const PlacementProfiles&) = delete;

  // The cycle of the profile serving `scheduler_name`, or nullptr.
  const CycleProfile* find(std::string_view scheduler_name) const;
  // "<extension point> <plugin>" for each plugin of a profile's Score, Reserve, PreBind, Bind,
  // Permit and PostBind lists that podfit does not run, each once, in profile order.
  const std::vector<std::string>& not_run() const { return not_run_; }

 private:
  struct Entry;
  std::vector<std::unique_ptr<Entry>> entries_;  // one per profile body, in profile order
  StringHashMap<const CycleProfile*> by_name_;
  std::vector<std::string> not_run_;
};

}  // namespace podfit
