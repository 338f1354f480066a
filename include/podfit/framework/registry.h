// The registry: plugin name -> factory, and the default profile's order.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/plugin.h"

namespace podfit {

// Everything a plugin factory may read: feature gates now, plugin args when configuration lands.
struct PluginContext {
  FeatureGates gates;
};

// Builds one plugin; nullptr counts as not implemented.
using PluginFactory = std::function<std::unique_ptr<Plugin>(const PluginContext&)>;

// Name -> factory; a Framework instantiates the names it is given from one of these.
using PluginRegistry = std::map<std::string, PluginFactory, std::less<>>;

// Plugins podfit implements, by kube-scheduler name.
const PluginRegistry& plugin_registry();

// The default profile's plugins that take part in PreFilter/Filter, in kube-scheduler's
// order (multiPoint expansion of the default plugin set for the targeted release).
std::vector<std::string> default_filter_plugin_order(const FeatureGates& gates);

}  // namespace podfit
