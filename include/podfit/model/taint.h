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

// "key=value:Effect", or "key:Effect" when the value is empty, as kubectl prints taints; for a
// node's taint and a device's alike.
template <typename AnyTaint>
std::string format_taint(const AnyTaint& taint) {
  return taint.key + (taint.value.empty() ? "" : "=" + taint.value) + ":" + taint.effect;
}

struct Toleration {
  std::string key;
  std::string op;      // "", Equal or Exists ("" means Equal); Gt/Lt behind a feature gate
  std::string value;
  std::string effect;  // "" matches every effect
  std::optional<int64_t> toleration_seconds;
};

}  // namespace podfit
