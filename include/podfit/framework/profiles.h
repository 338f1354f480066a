// The scheduler's profiles: schedulerName -> the Framework that schedules the pods naming it.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/config/scheduler_config.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/registry.h"
#include "podfit/util/string_hash.h"

namespace podfit {

// A profile body ready to run: its Framework (PreFilter and Filter lists of the configuration)
// and its PreEnqueue plugins. Profiles sharing a body share one.
struct Profile {
  std::unique_ptr<Framework> framework;
  // The profile's effective PreEnqueue list (SchedulingGates, DynamicResources by default).
  std::vector<std::string> pre_enqueue;
  // The profile's effective PreFilter and Filter lists (reports, tests).
  std::vector<std::string> pre_filter;
  std::vector<std::string> filter;
  // The profile's PostFilter plugins in order (DynamicResources, DefaultPreemption by default).
  std::vector<std::string> post_filter;
};

// profile.Map: kube-scheduler schedules a pod only with the profile its spec.schedulerName names.
class Profiles {
 public:
  // Builds one Framework per profile body of `config` (profiles written alike share it), each
  // with its own plugin args.
  Profiles(const SchedulerConfiguration& config, const FeatureGates& gates,
           const PluginRegistry& registry = plugin_registry());

  // The profile serving `scheduler_name`, or nullptr when none does (the pod is not scheduled).
  const Profile* find(std::string_view scheduler_name) const;
  // Plugins of any profile's lists podfit does not implement, each once, in profile order.
  std::vector<std::string> not_implemented() const;

 private:
  std::vector<std::unique_ptr<Profile>> profiles_;  // one per body, in profile order
  StringHashMap<const Profile*> by_name_;
};

// The gates and the profile's plugin args (NodeResourcesFit, NodeAffinity, PodTopologySpread),
// as the profile's plugin factories read them.
PluginContext profile_plugin_context(const ProfileBody& profile, const FeatureGates& gates);

// SchedulingGates.PreEnqueue's status for a pod with scheduling gates ("waiting for scheduling
// gates: [a b]", UnschedulableAndUnresolvable), or Success when the pod has none.
Status scheduling_gates_status(const Pod& pod);

// RunPreEnqueuePlugins: the status of the first of `plugins` that keeps the pod out of the
// scheduling queue (its plugin named), or Success. Plugins without a PreEnqueue podfit runs
// (DefaultPreemption, GangScheduling) admit every pod.
Status run_pre_enqueue_plugins(const std::vector<std::string>& plugins, const Pod& pod, const Snapshot& snapshot,
                               const FeatureGates& gates);

}  // namespace podfit
