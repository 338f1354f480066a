// Extended resources that DeviceClasses provide.
#include "podfit/dra/device_class_resolver.h"

namespace podfit::dra {
namespace {

// Whether `a` wins an explicit extended resource name over `b`: the newer class, then the
// smaller name (RFC 3339 timestamps of one format order as text; none is the oldest).
bool better_class(const DeviceClass& a, const DeviceClass& b) {
  if (a.metadata.creation_timestamp != b.metadata.creation_timestamp) {
    return a.metadata.creation_timestamp > b.metadata.creation_timestamp;
  }
  return a.metadata.name < b.metadata.name;
}

}  // namespace

DeviceClassResolver::DeviceClassResolver(const std::vector<DeviceClass>& classes) {
  for (const DeviceClass& c : classes) {
    by_resource_.insert_or_assign(std::string(kDeviceClassResourcePrefix) + c.metadata.name, &c);
  }
  for (const DeviceClass& c : classes) {
    if (!c.extended_resource_name) continue;
    auto [it, inserted] = by_resource_.try_emplace(*c.extended_resource_name, &c);
    if (!inserted && better_class(c, *it->second)) it->second = &c;
  }
}

const DeviceClass* DeviceClassResolver::device_class(std::string_view resource_name) const {
  auto it = by_resource_.find(resource_name);
  return it == by_resource_.end() ? nullptr : it->second;
}

}  // namespace podfit::dra
