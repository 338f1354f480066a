// Node taints and pod tolerations.
#pragma once

#include <optional>
#include <string>

namespace podfit {

namespace taint_effects {
inline constexpr const char* kNoSchedule = "NoSchedule";
inline constexpr const char* kPreferNoSchedule = "PreferNoSchedule";
inline constexpr const char* kNoExecute = "NoExecute";
}  // namespace taint_effects

struct Taint {
  std::string key;
  std::string value;
  std::string effect;  // NoSchedule, PreferNoSchedule or NoExecute
  std::string time_added;
};

struct Toleration {
  std::string key;
  std::string op;      // "", Equal or Exists ("" means Equal); Gt/Lt behind a feature gate
  std::string value;
  std::string effect;  // "" matches every effect
  std::optional<int64_t> toleration_seconds;
};

}  // namespace podfit
