#include "podfit/config/plugin_sets.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace podfit {
namespace {

// The extension points NewFramework fills from the configuration, in its order.
constexpr ExtensionPoint kFrameworkPoints[] = {
    ExtensionPoint::PreFilter, ExtensionPoint::Filter,     ExtensionPoint::PostFilter, ExtensionPoint::Reserve,
    ExtensionPoint::PreScore,  ExtensionPoint::Score,      ExtensionPoint::PreBind,    ExtensionPoint::Bind,
    ExtensionPoint::PostBind,  ExtensionPoint::Permit,     ExtensionPoint::PreEnqueue, ExtensionPoint::QueueSort,
    ExtensionPoint::PlacementGenerate, ExtensionPoint::PlacementScore,
};

bool contains(const std::vector<PluginRef>& list, std::string_view name) {
  return std::any_of(list.begin(), list.end(), [&](const PluginRef& p) { return p.name == name; });
}

ConfigError error_at(const PluginRef& plugin, std::string message) { return ConfigError{std::move(message), plugin.line}; }

// getValidScoreWeights: the point's own entry first, then multiPoint's; 0 counts as 1.
int32_t score_weight(const PluginSet& point, const PluginSet& multi_point, std::string_view name) {
  for (const auto* set : {&point, &multi_point}) {
    for (const PluginRef& p : set->enabled) {
      if (p.name == name) return p.weight.value_or(0) == 0 ? 1 : *p.weight;
    }
  }
  return 1;
}

}  // namespace

std::vector<std::string> EffectivePlugins::names(ExtensionPoint point) const {
  std::vector<std::string> out;
  for (const PluginRef& p : at(point)) out.push_back(p.name);
  return out;
}

ProfilePlugins default_profile_plugins(const FeatureGates& gates) {
  ProfilePlugins plugins;
  for (const DefaultPlugin& p : default_multi_point_plugins(gates)) {
    plugins.multi_point.enabled.push_back(PluginRef{p.name, p.weight, 0});
  }
  return plugins;
}

PluginSet merge_plugin_set(const PluginSet& defaults, const PluginSet& custom) {
  PluginSet merged;
  std::set<std::string, std::less<>> disabled;
  // Names only: a disabled entry's weight means nothing.
  for (const auto* list : {&custom.disabled, &defaults.disabled}) {
    for (const PluginRef& p : *list) {
      merged.disabled.push_back(PluginRef{p.name, std::nullopt, p.line});
      disabled.insert(p.name);
    }
  }
  // A name given twice in the custom list: the last entry is the one that replaces the default.
  std::map<std::string, size_t, std::less<>> custom_index;
  for (size_t i = 0; i < custom.enabled.size(); ++i) custom_index[custom.enabled[i].name] = i;
  std::set<size_t> replaced;
  if (!disabled.contains("*")) {
    for (const PluginRef& p : defaults.enabled) {
      if (disabled.contains(p.name)) continue;
      if (auto it = custom_index.find(p.name); it != custom_index.end()) {
        merged.enabled.push_back(custom.enabled[it->second]);
        replaced.insert(it->second);
      } else {
        merged.enabled.push_back(p);
      }
    }
  }
  for (size_t i = 0; i < custom.enabled.size(); ++i) {
    if (!replaced.contains(i)) merged.enabled.push_back(custom.enabled[i]);
  }
  return merged;
}

ProfilePlugins merge_plugins(const ProfilePlugins& defaults, const std::optional<ProfilePlugins>& custom) {
  if (!custom) return defaults;
  ProfilePlugins merged;
  merged.multi_point = merge_plugin_set(defaults.multi_point, custom->multi_point);
  for (size_t i = 0; i < kExtensionPointCount; ++i) merged.points[i] = merge_plugin_set(defaults.points[i], custom->points[i]);
  return merged;
}

std::variant<EffectivePlugins, ConfigError> build_effective_plugins(const ProfilePlugins& plugins,
                                                                    std::string_view scheduler_name,
                                                                    const PluginLookup& lookup) {
  EffectivePlugins out;
  // updatePluginList: each point's own enabled list.
  for (ExtensionPoint point : kFrameworkPoints) {
    std::string_view interface = extension_point_interface(point);
    std::vector<PluginRef>& list = out.points[static_cast<size_t>(point)];
    for (const PluginRef& p : plugins.at(point).enabled) {
      std::optional<ExtensionPoints> points = lookup(p.name);
      if (!points) return error_at(p, fmt::format("{} \"{}\" does not exist", interface, p.name));
      if (!(*points & extension_bit(point))) {
        return error_at(p, fmt::format("plugin \"{}\" does not extend {} plugin", p.name, interface));
      }
      if (contains(list, p.name)) {
        return error_at(p, fmt::format("plugin \"{}\" already registered as \"{}\"", p.name, interface));
      }
      list.push_back(p);
    }
  }
  // expandMultiPointPlugins.
  if (!plugins.multi_point.enabled.empty()) {
    for (ExtensionPoint point : kFrameworkPoints) {
      std::string_view interface = extension_point_interface(point);
      const PluginSet& set = plugins.at(point);
      if (contains(set.disabled, "*")) continue;
      std::vector<PluginRef> multi_point;
      std::set<std::string, std::less<>> overrides;
      for (const PluginRef& p : plugins.multi_point.enabled) {
        std::optional<ExtensionPoints> points = lookup(p.name);
        if (!points) return error_at(p, fmt::format("{} \"{}\" does not exist", interface, p.name));
        if (!(*points & extension_bit(point))) continue;
        if (contains(set.disabled, p.name)) continue;
        // Also enabled at this point: the point's entry wins (order and weight).
        if (contains(set.enabled, p.name)) {
          overrides.insert(p.name);
          continue;
        }
        if (contains(multi_point, p.name)) {
          return error_at(p, fmt::format("plugin \"{}\" already registered as \"{}\"", p.name, interface));
        }
        multi_point.push_back(p);
      }
      std::vector<PluginRef>& list = out.points[static_cast<size_t>(point)];
      std::vector<PluginRef> ordered;
      for (const PluginRef& p : list) {
        if (overrides.contains(p.name)) ordered.push_back(p);
      }
      ordered.insert(ordered.end(), multi_point.begin(), multi_point.end());
      for (const PluginRef& p : list) {
        if (!overrides.contains(p.name)) ordered.push_back(p);
      }
      list = std::move(ordered);
    }
  }
  const auto& queue_sort = out.at(ExtensionPoint::QueueSort);
  if (queue_sort.size() != 1) {
    return ConfigError{fmt::format("only one queue sort plugin required for profile with scheduler name \"{}\", but got {}",
                                   scheduler_name, queue_sort.size()),
                       queue_sort.size() > 1 ? queue_sort[1].line : 0};
  }
  if (out.at(ExtensionPoint::Bind).empty()) {
    return ConfigError{fmt::format("at least one bind plugin is needed for profile with scheduler name \"{}\"",
                                   scheduler_name)};
  }
  const auto& generate = out.at(ExtensionPoint::PlacementGenerate);
  if (generate.size() > 1) {
    return ConfigError{fmt::format("at most one placement generate plugin is allowed for profile with scheduler name \"{}\"",
                                   scheduler_name),
                       generate[1].line};
  }
  // Weights live only where they mean something: Score and PlacementScore.
  for (size_t i = 0; i < kExtensionPointCount; ++i) {
    const auto point = static_cast<ExtensionPoint>(i);
    for (PluginRef& p : out.points[i]) {
      p.weight = point == ExtensionPoint::Score || point == ExtensionPoint::PlacementScore
                     ? std::optional<int32_t>(score_weight(plugins.at(point), plugins.multi_point, p.name))
                     : std::nullopt;
    }
  }
  return out;
}

}  // namespace podfit
