// How a profile's plugin lists come about: the configuration merged into the default plugins
// (default_plugins.go) and the framework's per-extension-point lists with multiPoint expanded
// (framework.go NewFramework / expandMultiPointPlugins).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "podfit/config/scheduler_config.h"

namespace podfit {

// getDefaultPlugins + applyFeatureGates: every default plugin in multiPoint.
ProfilePlugins default_profile_plugins(const FeatureGates& gates);

// mergePluginSet: default plugins not disabled (all of them with "*") keep their place, a
// custom entry of the same name replacing one in place; the other custom entries follow in
// their order (duplicates included: the framework rejects them). Disabled: custom, then default.
PluginSet merge_plugin_set(const PluginSet& defaults, const PluginSet& custom);

// mergePlugins: merge_plugin_set for multiPoint and every extension point; nullopt custom
// plugins leave the defaults as they are.
ProfilePlugins merge_plugins(const ProfilePlugins& defaults, const std::optional<ProfilePlugins>& custom);

// The extension points a plugin name implements, nullopt when no such plugin is registered.
using PluginLookup = std::function<std::optional<ExtensionPoints>(std::string_view name)>;

// NewFramework's lists for a merged profile: each point's enabled plugins (unknown names,
// plugins that do not implement the point and repeated names are errors), then multiPoint
// expanded into every point it implements, skipping the point when its disabled list has "*"
// or names the plugin. Order per point: the point's own entries that also appear in multiPoint
// (overrides, in the point's order), then multiPoint's remaining plugins in multiPoint order,
// then the point's other entries. Then one QueueSort and at least one Bind plugin are
// required. Score weights: the Score entry's, else multiPoint's, 0 counting as 1.
std::variant<EffectivePlugins, ConfigError> build_effective_plugins(const ProfilePlugins& plugins,
                                                                    std::string_view scheduler_name,
                                                                    const PluginLookup& lookup = in_tree_plugin);

}  // namespace podfit
