// Loading inline manifests in tests: the cluster state or the --pod candidates a text gives,
// failing the test (with the loader's message) when it does not load.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

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

// The loader's refusal of a text, whole; the test fails when the text loads.
inline std::string load_error_text(std::string_view text, const std::string& name = "cluster.yaml") {
  ClusterState state;
  auto err = load_cluster_state_text(text, name, state);
  REQUIRE(err.has_value());
  return err->message;
}

// Only the field error of a refusal: without "file: document N (...), line N: ".
inline std::string field_error(std::string_view text, const std::string& name = "cluster.yaml") {
  const std::string message = load_error_text(text, name);
  const size_t line = message.find(", line ");
  REQUIRE(line != std::string::npos);
  const size_t start = message.find(": ", line);
  REQUIRE(start != std::string::npos);
  return message.substr(start + 2);
}

// One row of a validation table: `input` loads when `want` is empty, else fails with `want`.
struct FieldErrorRow {
  const char* name;
  std::string input;
  std::string want;
};

inline void check_field_error_rows(const std::vector<FieldErrorRow>& rows, const std::string& name = "cluster.yaml") {
  for (const FieldErrorRow& r : rows) {
    SUBCASE(r.name) {
      if (r.want.empty()) {
        load_cluster_ok(r.input, {}, name);
      } else {
        CHECK(field_error(r.input, name) == r.want);
      }
    }
  }
}

}  // namespace podfit::testing
