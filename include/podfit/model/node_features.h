// Node declared features (k8s.io/component-helpers/nodedeclaredfeatures), the part the
// scheduler uses: which features a pod needs from its node, and whether a node's
// status.declaredFeatures provide them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/model/node.h"
#include "podfit/model/pod.h"

namespace podfit {

// apimachinery's util/version.Version: dotted numbers and, when semantic, a pre-release and
// build metadata. Features name the last version where they still matter with one.
class Version {
 public:
  // ParseSemantic: exactly three numbers, then "-pre" and "+build" (a leading "v" and
  // surrounding blanks allowed); nullopt and apimachinery's message in *error otherwise.
  static std::optional<Version> parse_semantic(std::string_view text, std::string* error = nullptr);
  // ParseGeneric: two or more numbers; whatever follows them is ignored.
  static std::optional<Version> parse_generic(std::string_view text, std::string* error = nullptr);
  // Parse: semantic when the text allows it, generic otherwise.
  static std::optional<Version> parse(std::string_view text, std::string* error = nullptr);

  // compareInternal: -1, 0 or 1. Missing components count as 0; pre-releases are compared
  // (semver precedence) only when both versions are semantic.
  int compare(const Version& other) const;
  bool greater_than(const Version& other) const { return compare(other) > 0; }
  bool less_than(const Version& other) const { return compare(other) < 0; }

  // String(): the numbers joined by dots, then "-pre" and "+build" when semantic.
  std::string to_string() const;

 private:
  // parse(str, semver) of apimachinery, its regular expressions spelled out by hand.
  static std::optional<Version> parse_as(std::string_view text, bool semver, std::string* error);

  std::vector<uint64_t> components_;
  bool semver_ = false;
  std::string pre_release_;
  std::string build_metadata_;
};

// The release whose scheduler podfit reproduces: the target version of feature inference.
const Version& scheduler_version();

// Feature names as nodes declare them (one per feature of the default registry).
namespace declared_features {
inline constexpr std::string_view kDRANodeAllocatableResources = "DRANodeAllocatableResources";
inline constexpr std::string_view kDRAOptionalNodeOperations = "DRAOptionalNodeOperations";
inline constexpr std::string_view kExtendWebSocketsToKubelet = "ExtendWebSocketsToKubelet";
inline constexpr std::string_view kInPlacePodLevelResourcesVerticalScaling = "InPlacePodLevelResourcesVerticalScaling";
inline constexpr std::string_view kInPlacePodVerticalScalingInitContainers = "InPlacePodVerticalScalingInitContainers";
inline constexpr std::string_view kInPlacePodVerticalScalingMemoryBackedVolumes =
    "InPlacePodVerticalScalingMemoryBackedVolumes";
inline constexpr std::string_view kRestartAllContainersOnContainerExits = "RestartAllContainersOnContainerExits";
inline constexpr std::string_view kUserNamespacesHostNetworkSupport = "UserNamespacesHostNetworkSupport";
inline constexpr std::string_view kVolumeBindMountOptions = "VolumeBindMountOptions";
}  // namespace declared_features

// One registered feature, as scheduling sees it.
struct DeclaredFeature {
  std::string name;
  // MaxVersion: past it every node is assumed to have the feature, so no pod requires it.
  std::optional<Version> max_version;
  // InferForScheduling: the pod (spec only, as the scheduler passes it) needs the feature.
  std::function<bool(const PodSpec&)> infer_for_scheduling;
};

// The registry's features, as shipped (AllFeatures), in no particular order.
std::vector<DeclaredFeature> all_declared_features();

// A set of registered features: bit i stands for the framework's i-th name (sorted order).
class FeatureSet {
 public:
  FeatureSet() = default;
  explicit FeatureSet(std::size_t size) : bits_(size, false) {}

  std::size_t size() const { return bits_.size(); }
  void set(std::size_t i) { bits_.at(i) = true; }
  bool get(std::size_t i) const { return bits_.at(i); }
  bool empty() const;
  // IsSubset: every feature of this set is in `other` (false when the sizes differ).
  bool is_subset_of(const FeatureSet& other) const;
  // Difference: the features of this set missing from `other`.
  FeatureSet difference(const FeatureSet& other) const;
  // String(): one '0'/'1' per feature, the first feature leftmost.
  std::string to_string() const;

  friend bool operator==(const FeatureSet&, const FeatureSet&) = default;

 private:
  std::vector<bool> bits_;
};

// MatchResult: whether a node provides every required feature, and which it lacks.
struct MatchResult {
  bool is_match = false;
  std::vector<std::string> unsatisfied;  // sorted; empty when is_match
};

// nodedeclaredfeatures.Framework: a registry sorted by name, with the mapping between names
// and FeatureSets.
class NodeFeatureFramework {
 public:
  explicit NodeFeatureFramework(std::vector<DeclaredFeature> registry);

  // DefaultFramework: the shipped registry.
  static const NodeFeatureFramework& default_framework();

  // The registered names, sorted.
  const std::vector<std::string>& names() const { return names_; }
  // NewFeatureSet: an empty set sized to the registry.
  FeatureSet new_feature_set() const { return FeatureSet(names_.size()); }

  // MapSorted: `sorted` (ascending) as a set; nullopt and "unknown feature X" in *error when
  // it names an unregistered feature.
  std::optional<FeatureSet> map_sorted(const std::vector<std::string>& sorted, std::string* error = nullptr) const;
  // TryMap: the same, ignoring unregistered names. Like kube-scheduler it walks both lists in
  // step, so a name that comes out of order in an unsorted list is missed.
  FeatureSet try_map(const std::vector<std::string>& sorted) const;
  // Unmap: the names of the set's features, sorted.
  std::vector<std::string> unmap(const FeatureSet& set) const;

  // InferForPodScheduling: the features `spec` needs on a node of version `target`, skipping
  // features whose max_version `target` exceeds; nullopt and "target version cannot be nil"
  // in *error when `target` is null.
  std::optional<FeatureSet> infer_for_pod_scheduling(const PodSpec& spec, const Version* target,
                                                     std::string* error = nullptr) const;

  // MatchNode: `required` against the node's status.declaredFeatures (through try_map).
  MatchResult match_node(const FeatureSet& required, const Node& node) const;
  // MatchNodeFeatureSet: `required` against a node's features.
  MatchResult match_node_feature_set(const FeatureSet& required, const FeatureSet& node_features) const;

 private:
  std::vector<DeclaredFeature> registry_;
  std::vector<std::string> names_;
};

}  // namespace podfit
