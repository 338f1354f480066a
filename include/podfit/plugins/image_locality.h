// ImageLocality: prefers nodes that already hold the pod's container images, weighing each
// image by its size and by how many nodes share it (a score plugin only).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"

namespace podfit {

class ImageLocality final : public PreScorePlugin, public ScorePlugin {
 public:
  // CycleState key of the snapshot's node count.
  static constexpr std::string_view kPreScoreStateKey = "PreScoreImageLocality";

  // The release decides whether image volumes count (gates.changes).
  explicit ImageLocality(const FeatureGates& gates = {});

  std::string_view name() const override;
  // kube-scheduler reads the number of nodes from its snapshot in Score; podfit's Score has no
  // snapshot, so it is recorded here. Never skips.
  Status pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                   std::span<const NodeInfo* const> nodes) const override;
  // Sum over init and regular containers (and, from v1.36, image volumes) of image size *
  // (nodes with the image / all nodes), mapped linearly from [23MiB, 1000MiB * images] onto
  // [0, 100], where images counts the containers (and, from v1.37, the image volumes). Error
  // when PreScore stored nothing.
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;

 private:
  bool count_image_volumes_;
  bool threshold_counts_image_volumes_;
};

// normalizedImageName: ":latest" is appended when the name carries no tag after its last '/'.
std::string normalized_image_name(std::string_view name);

// Registry factory.
std::unique_ptr<Plugin> new_image_locality(const PluginContext& context);

}  // namespace podfit
