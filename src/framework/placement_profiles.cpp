#include "podfit/framework/placement_profiles.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "placement_registry.h"
#include "podfit/config/scheduler_config.h"
#include "podfit/framework/names.h"
#include "podfit/framework/profiles.h"

namespace podfit {

struct PlacementProfiles::Entry {
  std::unique_ptr<ScoreProfile> scoring;
  std::vector<std::unique_ptr<Plugin>> owned;  // the Reserve, PreBind and Bind plugins
  CycleProfile cycle;
};

namespace {

// The args of the score plugins, from the profile's pluginConfig (user-given or defaulted).
ScorePluginArgs score_plugin_args(const ProfileBody& profile) {
  ScorePluginArgs args;
  if (const PluginConfig* config = profile.args_of(names::kInterPodAffinity)) {
    args.hard_pod_affinity_weight = config->inter_pod_affinity.hard_pod_affinity_weight;
    args.ignore_preferred_terms_of_existing_pods = config->inter_pod_affinity.ignore_preferred_terms_of_existing_pods;
  }
  if (const PluginConfig* config = profile.args_of(names::kNodeResourcesBalancedAllocation)) {
    args.balanced_resources = config->balanced_allocation.resources;
  }
  if (const PluginConfig* config = profile.args_of(names::kVolumeBinding)) {
    if (config->volume_binding.shape) args.volume_binding_shape = *config->volume_binding.shape;
  }
  return args;
}

void note_once(std::vector<std::string>& notes, std::string note) {
  if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(std::move(note));
}

}  // namespace

PlacementProfiles::PlacementProfiles(const SchedulerConfiguration& config, const Profiles& filters,
                                     const FeatureGates& gates, ControllerSelector selector) {
  // One entry per profile body, in profile order: profiles written alike share it.
  std::unordered_map<const ProfileBody*, const Entry*> built;
  by_name_.reserve(config.profiles.size());
  for (const SchedulerProfile& sp : config.profiles) {
    if (auto it = built.find(sp.body.get()); it != built.end()) {
      by_name_.try_emplace(sp.scheduler_name, &it->second->cycle);
      continue;
    }
    const Profile* filtering = filters.find(sp.scheduler_name);
    if (filtering == nullptr) continue;
    const ProfileBody& profile = *sp.body;
    auto entry = std::make_unique<Entry>();
    const PluginRegistry registry = placement_registry(score_plugin_args(profile), selector);
    const PluginContext context = profile_plugin_context(profile, gates);

    std::vector<WeightedPluginName> score;
    for (const PluginRef& ref : profile.effective.at(ExtensionPoint::Score)) {
      score.push_back(WeightedPluginName{ref.name, ref.weight.value_or(1)});
    }
    entry->scoring = std::make_unique<ScoreProfile>(score, context, registry);
    for (const std::string& name : entry->scoring->not_implemented()) note_once(not_run_, "Score " + name);

    // One instance per plugin name serves every extension point it is listed at.
    std::map<std::string, Plugin*> instances;
    auto instance = [&](const std::string& name) -> Plugin* {
      if (auto it = instances.find(name); it != instances.end()) return it->second;
      auto factory = registry.find(name);
      std::unique_ptr<Plugin> plugin =
          factory != registry.end() && factory->second ? factory->second(context) : nullptr;
      Plugin* raw = plugin.get();
      if (plugin) entry->owned.push_back(std::move(plugin));
      instances.emplace(name, raw);
      return raw;
    };
    // DynamicResources runs Reserve and PreBind itself; when disabled it has nothing to do there.
    auto no_op_for_evaluated_pods = [](const std::string& name) { return name == names::kDynamicResources; };
    for (const PluginRef& ref : profile.effective.at(ExtensionPoint::Reserve)) {
      if (const auto* plugin = dynamic_cast<const ReservePlugin*>(instance(ref.name))) {
        entry->cycle.binding.reserve.push_back(plugin);
      } else if (!no_op_for_evaluated_pods(ref.name)) {
        note_once(not_run_, "Reserve " + ref.name);
      }
    }
    for (const PluginRef& ref : profile.effective.at(ExtensionPoint::PreBind)) {
      if (const auto* plugin = dynamic_cast<const PreBindPlugin*>(instance(ref.name))) {
        entry->cycle.binding.pre_bind.push_back(plugin);
      } else if (!no_op_for_evaluated_pods(ref.name)) {
        note_once(not_run_, "PreBind " + ref.name);
      }
    }
    for (const PluginRef& ref : profile.effective.at(ExtensionPoint::Bind)) {
      if (const auto* plugin = dynamic_cast<const BindPlugin*>(instance(ref.name))) {
        entry->cycle.binding.bind.push_back(plugin);
      } else {
        note_once(not_run_, "Bind " + ref.name);
      }
    }
    for (ExtensionPoint point : {ExtensionPoint::Permit, ExtensionPoint::PostBind}) {
      for (const PluginRef& ref : profile.effective.at(point)) {
        std::string field(extension_point_field(point));
        field[0] = static_cast<char>(field[0] - 'a' + 'A');
        note_once(not_run_, field + " " + ref.name);
      }
    }
    entry->cycle.filters = filtering->framework.get();
    entry->cycle.scoring = entry->scoring.get();
    built.emplace(sp.body.get(), entry.get());
    by_name_.try_emplace(sp.scheduler_name, &entry->cycle);
    entries_.push_back(std::move(entry));
  }
}

PlacementProfiles::~PlacementProfiles() = default;

const CycleProfile* PlacementProfiles::find(std::string_view scheduler_name) const {
  auto it = by_name_.find(scheduler_name);
  return it == by_name_.end() ? nullptr : it->second;
}

}  // namespace podfit
