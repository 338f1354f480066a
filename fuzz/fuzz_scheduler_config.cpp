// Fuzzes the KubeSchedulerConfiguration reader (--config): strict decoding, defaulting,
// validation and the construction of each profile, from YAML or JSON.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_input.h"
#include "podfit/config/scheduler_config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = podfit::fuzz::as_text(data, size);
  podfit::FeatureGates gates;
  podfit::SchedulerConfiguration config;
  (void)podfit::load_scheduler_configuration_text(text, gates, config);
  return 0;
}
