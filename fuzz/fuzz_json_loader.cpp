// Fuzzes the JSON reader (the stream splitter, simdjson, the syntax checker) and every decoder
// behind it, as -f (cluster state) and --pod read it.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_input.h"
#include "podfit/load/loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = podfit::fuzz::as_text(data, size);
  // Input the loader would read as YAML belongs to the YAML target.
  if (!podfit::fuzz::looks_like_json(text)) return -1;
  podfit::ClusterState cluster;
  (void)podfit::load_cluster_state_text(text, "fuzz.json", cluster);
  std::vector<podfit::Pod> pods;
  (void)podfit::load_candidates_text(text, "fuzz.json", pods);
  return 0;
}
