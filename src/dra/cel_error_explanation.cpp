#include "podfit/dra/cel_error_explanation.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string_view>

namespace podfit::dra {
namespace {

constexpr std::string_view kOnDevice = " on device ";
constexpr std::string_view kNoSuchKey = ": CEL runtime error: no such key: ";
// Names listed before the rest are only counted.
constexpr size_t kNamesShown = 12;

// A device's names (attributes or capacities) in `domain`: unqualified names are the driver's.
std::vector<std::string> names_in(const std::vector<std::string>& names, std::string_view driver, std::string_view domain) {
  std::vector<std::string> out;
  for (const std::string& name : names) {
    const size_t slash = name.find('/');
    const std::string_view own = slash == std::string::npos ? driver : std::string_view(name).substr(0, slash);
    if (own == domain) out.push_back(slash == std::string::npos ? name : name.substr(slash + 1));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// "the attributes a, b" or "no attributes".
std::string listed(std::string_view what, std::vector<std::string> names) {
  if (names.empty()) return fmt::format("no {}", what);
  if (names.size() <= kNamesShown) return fmt::format("the {} {}", what, fmt::join(names, ", "));
  const size_t more = names.size() - kNamesShown;
  names.resize(kNamesShown);
  return fmt::format("the {} {} and {} more", what, fmt::join(names, ", "), more);
}

}  // namespace

std::optional<std::string> explain_missing_key(const std::string& error, const std::vector<ResourceSlice>& slices) {
  const size_t key_at = error.find(kNoSuchKey);
  const size_t device_at = error.rfind(kOnDevice, key_at);
  if (key_at == std::string::npos || device_at == std::string::npos) return std::nullopt;
  std::string_view key = std::string_view(error).substr(key_at + kNoSuchKey.size());
  key = key.substr(0, key.find(". "));
  // DRIVER/POOL/DEVICE: a driver name has no slash, a device name neither; the pool may.
  const std::string_view id = std::string_view(error).substr(device_at + kOnDevice.size(), key_at - device_at - kOnDevice.size());
  const size_t first = id.find('/'), last = id.rfind('/');
  if (first == std::string_view::npos || first == last) return std::nullopt;
  const std::string_view driver = id.substr(0, first), pool = id.substr(first + 1, last - first - 1),
                         name = id.substr(last + 1);
  for (const ResourceSlice& slice : slices) {
    if (slice.driver != driver || slice.pool.name != pool) continue;
    for (const Device& device : slice.devices) {
      if (device.name != name) continue;
      std::vector<std::string> attributes, capacities;
      for (const NamedAttribute& a : device.attributes) attributes.push_back(a.name);
      for (const NamedCapacity& c : device.capacity) capacities.push_back(c.name);
      // The key was looked up in one domain's map; the device's names in the driver's domain are
      // what a selector most likely meant.
      return fmt::format("device {} has no {}: in {} it publishes {}, and {}", id, key, driver,
                         listed("attributes", names_in(attributes, driver, driver)),
                         listed("capacities", names_in(capacities, driver, driver)));
    }
  }
  return std::nullopt;
}

}  // namespace podfit::dra
