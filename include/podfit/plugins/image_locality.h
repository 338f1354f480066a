// ImageLocality: prefers nodes that already hold the pod's container images, weighing each
// image by its size and by how many nodes share it (a score plugin only).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"

namespace podfit {

class ImageLocality final : public PreScorePlugin, public ScorePlugin {
 public:
  // CycleState key of the snapshot's node count.
  static constexpr std::string_view kPreScoreStateKey = "PreScoreImageLocality";

  std::string_view name() const override;
  // kube-scheduler reads the number of nodes from its snapshot in Score; podfit's Score has no
  // snapshot, so it is recorded here. Never skips.
  Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                   std::span<const NodeInfo* const> nodes) const override;
  // Sum over init and regular containers of image size * (nodes with the image / all nodes),
  // mapped linearly from [23MiB, 1000MiB * containers] onto [0, 100]. Error when PreScore
  // stored nothing.
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
};

// normalizedImageName: ":latest" is appended when the name carries no tag after its last '/'.
std::string normalized_image_name(std::string_view name);

// Registry factory.
std::unique_ptr<Plugin> new_image_locality(const PluginContext& context);

}  // namespace podfit
