// The Kubernetes releases podfit models, and how the one for a run is chosen.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace podfit {

// A Kubernetes minor release, v1.<minor>. podfit models v1.32 to v1.37.
struct KubernetesRelease {
  static constexpr int kOldestMinor = 32;
  static constexpr int kNewestMinor = 37;

  int minor = kNewestMinor;
  // The patch release when known ("v1.34.2": 2); unknown (-1) stands for the newest patch.
  int patch = -1;

  static constexpr KubernetesRelease newest() { return KubernetesRelease{kNewestMinor}; }
  static constexpr KubernetesRelease oldest() { return KubernetesRelease{kOldestMinor}; }
  // 0 for v1.32 ... 5 for v1.37: the column of a per-release table.
  constexpr int index() const { return minor - kOldestMinor; }
  // "v1.37"
  std::string name() const;

  // At least v1.<minor>.<patch> (an unknown patch counts as the newest).
  constexpr bool at_least(int at_minor, int at_patch = 0) const {
    return minor > at_minor || (minor == at_minor && (patch < 0 || patch >= at_patch));
  }

  friend constexpr bool operator==(KubernetesRelease, KubernetesRelease) = default;
};

inline constexpr int kSupportedReleases = KubernetesRelease::kNewestMinor - KubernetesRelease::kOldestMinor + 1;

// The newest release, as --version names it.
inline constexpr const char* kKubernetesRelease = "v1.37";

// "1.33", "v1.33" or "v1.33.5" as --kubernetes-version takes it; nullopt with a message naming
// the supported range in *error otherwise.
std::optional<KubernetesRelease> parse_kubernetes_release(std::string_view text, std::string* error);

// A version as kubelets and API servers report it ("v1.33.5-eks-4ab1c2": minor 33, patch 5;
// the minor as reported, not bound to the releases podfit models): nullopt unless it reads
// v1.<minor>.
std::optional<KubernetesRelease> reported_version(std::string_view version);

// Where the release of a run came from.
enum class ReleaseSource {
  Flag,       // --kubernetes-version
  ApiServer,  // --live: the API server's version
  Nodes,      // the newest kubelet among the cluster state's nodes
  Default,    // nothing said: the newest release podfit models
};

struct ReleaseChoice {
  KubernetesRelease release;
  ReleaseSource source = ReleaseSource::Default;
  std::string reported;  // the version the source reported ("v1.33.5"), when it reported one
  bool newer_than_modelled = false;  // the source reported a release after the newest podfit models

  // "flag", "apiserver", "nodes" or "default": the report's kubernetesVersionSource.
  std::string_view source_name() const;
  // One line for standard error: which release, and why.
  std::string describe() const;
  // Whether the choice is worth a line on a terminal: a release the user named, or one the
  // cluster reported other than the newest podfit models (the newest, chosen by default or
  // reported, goes without saying).
  bool noteworthy() const;
};

// The release a version the cluster reported stands for: one newer than podfit models is
// modelled as the newest; one older than the oldest is nullopt with a message in *error.
std::optional<ReleaseChoice> release_reported_by(ReleaseSource source, std::string_view version, std::string* error);

}  // namespace podfit
