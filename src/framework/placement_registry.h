// The registry a placement runs its score and binding plugins from, with the profile's args.
//
// Kept apart from the configuration's types: this translation unit includes the plugins'
// headers, whose args structs share names with the configuration's.
#pragma once

#include <cstdint>
#include <vector>

#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/registry.h"
#include "podfit/plugins/node_resources/resource_allocation.h"

namespace podfit {

// The args of the score plugins the filtering side never reads.
struct ScorePluginArgs {
  int32_t hard_pod_affinity_weight = 1;                // InterPodAffinityArgs
  bool ignore_preferred_terms_of_existing_pods = false;
  std::vector<ResourceSpec> balanced_resources;        // NodeResourcesBalancedAllocationArgs (empty: cpu, memory)
  std::vector<UtilizationShapePoint> volume_binding_shape;  // VolumeBindingArgs.shape (empty: the default)
};

// plugin_registry() plus the score-only plugins (ImageLocality, NodeResourcesBalancedAllocation)
// and DefaultBinder, with InterPodAffinity, VolumeBinding and PodTopologySpread built from
// `args` and `selector`.
PluginRegistry placement_registry(const ScorePluginArgs& args, const ControllerSelector& selector);

}  // namespace podfit
