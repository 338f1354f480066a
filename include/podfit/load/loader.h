// Reading manifests: files, directories or standard input, YAML or JSON, objects or Lists.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/model/cluster.h"

namespace podfit {

struct LoadOptions {
  bool recursive = false;  // -R: descend into subdirectories
};

// One message naming the file, the document (and List item) and the line.
struct LoadError {
  std::string message;
};

// Reads the cluster state (-f). Kinds podfit does not read are counted in skipped_kinds.
std::optional<LoadError> load_cluster_state(const std::vector<std::string>& paths, const LoadOptions& options,
                                            ClusterState& out);
// Reads the pods to check (--pod).
std::optional<LoadError> load_candidates(const std::vector<std::string>& paths, const LoadOptions& options,
                                         std::vector<Pod>& out);

// The same from text held in memory (`name` stands in for the file name in messages).
std::optional<LoadError> load_cluster_state_text(std::string_view text, const std::string& name, ClusterState& out);
std::optional<LoadError> load_candidates_text(std::string_view text, const std::string& name, std::vector<Pod>& out);

}  // namespace podfit
