#include "podfit/plugins/image_locality.h"

#include <algorithm>

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr int64_t kMiB = 1024 * 1024;
// Below this sum every node scores 0: a small image is cheap to pull anywhere.
constexpr int64_t kMinThreshold = 23 * kMiB;
// Per image pulled, the sum at which a node gets the full score.
constexpr int64_t kMaxContainerThreshold = 1000 * kMiB;

struct ImageLocalityState final : StateData {
  size_t total_nodes = 0;
  // Per node of the snapshot, by position: the sum of the pod's image scores there.
  std::vector<int64_t> sums;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<ImageLocalityState>(*this); }
};

// scaledImageScore: an image held by few nodes counts for little, so that pods do not all pile
// onto the nodes that happen to have it.
int64_t scaled_image_score(const ImageStateSummary& state, size_t total_nodes) {
  const double spread = static_cast<double>(state.num_nodes) / static_cast<double>(total_nodes);
  return static_cast<int64_t>(static_cast<double>(state.size) * spread);
}

bool is_image_volume(const Volume& volume) { return volume.source.type == "image"; }

// Containers' images, then (when the release counts them) image volumes'.
template <class Visit>
void for_each_image(const Pod& pod, bool image_volumes, Visit visit) {
  for (const auto& container : pod.spec.init_containers) visit(container.image);
  for (const auto& container : pod.spec.containers) visit(container.image);
  if (image_volumes) {
    for (const auto& volume : pod.spec.volumes) {
      if (is_image_volume(volume)) visit(volume.source.image_reference);
    }
  }
}

int64_t sum_image_scores(const NodeInfo& node, const Pod& pod, size_t total_nodes, bool image_volumes) {
  int64_t sum = 0;
  const auto& states = node.image_states();
  for_each_image(pod, image_volumes, [&](const std::string& image) {
    auto it = states.find(normalized_image_name(image));
    if (it != states.end()) sum += scaled_image_score(it->second, total_nodes);
  });
  return sum;
}

// calculatePriority.
int64_t priority(int64_t sum, size_t images) {
  const int64_t max_threshold = kMaxContainerThreshold * static_cast<int64_t>(images);
  if (sum < kMinThreshold) {
    sum = kMinThreshold;
  } else if (sum > max_threshold) {
    sum = max_threshold;
  }
  return kMaxNodeScore * (sum - kMinThreshold) / (max_threshold - kMinThreshold);
}

}  // namespace

std::string normalized_image_name(std::string_view name) {
  const auto colon = name.rfind(':');
  const auto slash = name.rfind('/');
  // Go's LastIndex gives -1 for "absent", which is below every position.
  const long long colon_at = colon == std::string_view::npos ? -1 : static_cast<long long>(colon);
  const long long slash_at = slash == std::string_view::npos ? -1 : static_cast<long long>(slash);
  std::string out(name);
  if (colon_at <= slash_at) out += ":latest";
  return out;
}

ImageLocality::ImageLocality(const FeatureGates& gates)
    : count_image_volumes_(gates.changes.image_locality_counts_image_volumes),
      threshold_counts_image_volumes_(gates.changes.image_locality_threshold_counts_image_volumes) {}

std::string_view ImageLocality::name() const { return names::kImageLocality; }

Status ImageLocality::pre_score(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                                std::span<const NodeInfo* const>) const {
  auto data = std::make_unique<ImageLocalityState>();
  data->total_nodes = snapshot.nodes().size();
  // Each image's score goes to the nodes holding it, so Score reads one number per node
  // instead of looking every image up in every node's images.
  data->sums.assign(data->total_nodes, 0);
  for_each_image(pod.pod(), count_image_volumes_, [&](const std::string& image) {
    const ImageHolders* holders = snapshot.image_holders(normalized_image_name(image));
    if (holders == nullptr) return;
    const int64_t score = scaled_image_score(holders->state, data->total_nodes);
    for (size_t position : holders->positions) data->sums[position] += score;
  });
  state.write(std::string(kPreScoreStateKey), std::move(data));
  return Status();
}

ScoreResult ImageLocality::score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  const auto* data = state.read<ImageLocalityState>(kPreScoreStateKey);
  if (data == nullptr) {
    return ScoreResult{0, Status::error(fmt::format("reading \"{}\" from cycleState: not found", kPreScoreStateKey))};
  }
  const Pod& p = pod.pod();
  int64_t sum = 0;
  if (node.position() < data->sums.size()) {
    sum = data->sums[node.position()];
  } else if (data->total_nodes != 0) {
    sum = sum_image_scores(node, p, data->total_nodes, count_image_volumes_);
  }
  size_t images = p.spec.init_containers.size() + p.spec.containers.size();
  // Until v1.37 image volumes add to the sum but not to the threshold, so a pod with image
  // volumes reaches the full score sooner than one pulling the same images as containers.
  if (threshold_counts_image_volumes_) images += static_cast<size_t>(std::ranges::count_if(p.spec.volumes, is_image_volume));
  return ScoreResult{priority(sum, images), Status()};
}

std::unique_ptr<Plugin> new_image_locality(const PluginContext& context) {
  return std::make_unique<ImageLocality>(context.gates);
}

}  // namespace podfit
