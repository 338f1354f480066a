// Loading inline manifests in tests: the cluster state or the --pod candidates a text gives,
// failing the test (with the loader's message) when it does not load.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "podfit/load/loader.h"

namespace podfit::testing {

inline ClusterState load_cluster_ok(std::string_view text, const LoadOptions& options = {},
                                    const std::string& name = "cluster.yaml") {
  ClusterState state;
  auto err = load_cluster_state_text(text, name, state, options);
  INFO((err ? err->message : std::string("ok")));
  REQUIRE_FALSE(err.has_value());
  return state;
}

inline CandidateSet load_candidates_ok(std::string_view text, const LoadOptions& options = {},
                                       const std::string& name = "chart.yaml") {
  CandidateSet set;
  auto err = load_candidates_text(text, name, set, options);
  INFO((err ? err->message : std::string("ok")));
  REQUIRE_FALSE(err.has_value());
  return set;
}

}  // namespace podfit::testing
