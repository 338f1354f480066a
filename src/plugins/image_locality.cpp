#include "podfit/plugins/image_locality.h"

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr int64_t kMiB = 1024 * 1024;
// Below this sum every node scores 0: a small image is cheap to pull anywhere.
constexpr int64_t kMinThreshold = 23 * kMiB;
// Per container, the sum at which a node gets the full score.
constexpr int64_t kMaxContainerThreshold = 1000 * kMiB;

struct ImageLocalityState final : StateData {
  size_t total_nodes = 0;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<ImageLocalityState>(*this); }
};

// scaledImageScore: an image held by few nodes counts for little, so that pods do not all pile
// onto the nodes that happen to have it.
int64_t scaled_image_score(const ImageStateSummary& state, size_t total_nodes) {
  const double spread = static_cast<double>(state.num_nodes) / static_cast<double>(total_nodes);
  return static_cast<int64_t>(static_cast<double>(state.size) * spread);
}

int64_t sum_image_scores(const NodeInfo& node, const Pod& pod, size_t total_nodes) {
  int64_t sum = 0;
  const auto& states = node.image_states();
  auto add = [&](const std::vector<Container>& containers) {
    for (const auto& container : containers) {
      auto it = states.find(normalized_image_name(container.image));
      if (it != states.end()) sum += scaled_image_score(it->second, total_nodes);
    }
  };
  add(pod.spec.init_containers);
  add(pod.spec.containers);
  return sum;
}

// calculatePriority.
int64_t priority(int64_t sum, size_t containers) {
  const int64_t max_threshold = kMaxContainerThreshold * static_cast<int64_t>(containers);
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

std::string_view ImageLocality::name() const { return names::kImageLocality; }

Status ImageLocality::pre_score(CycleState& state, const PodInfo&, const Snapshot& snapshot,
                                std::span<const NodeInfo* const>) const {
  auto data = std::make_unique<ImageLocalityState>();
  data->total_nodes = snapshot.nodes().size();
  state.write(std::string(kPreScoreStateKey), std::move(data));
  return Status();
}

ScoreResult ImageLocality::score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  const auto* data = state.read<ImageLocalityState>(kPreScoreStateKey);
  if (data == nullptr) {
    return ScoreResult{0, Status::error(fmt::format("reading \"{}\" from cycleState: not found", kPreScoreStateKey))};
  }
  const Pod& p = pod.pod();
  const int64_t sum = data->total_nodes == 0 ? 0 : sum_image_scores(node, p, data->total_nodes);
  return ScoreResult{priority(sum, p.spec.init_containers.size() + p.spec.containers.size()), Status()};
}

std::unique_ptr<Plugin> new_image_locality(const PluginContext&) { return std::make_unique<ImageLocality>(); }

}  // namespace podfit
