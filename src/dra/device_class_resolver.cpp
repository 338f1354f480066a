// Extended resources that DeviceClasses provide.
#include "podfit/dra/device_class_resolver.h"

namespace podfit::dra {

DeviceClassResolver::DeviceClassResolver(const std::vector<DeviceClass>& classes) {
  for (const DeviceClass& c : classes) {
    by_resource_.insert_or_assign(std::string(kDeviceClassResourcePrefix) + c.metadata.name, &c);
    if (c.extended_resource_name) by_resource_.insert_or_assign(*c.extended_resource_name, &c);
  }
}

const DeviceClass* DeviceClassResolver::device_class(std::string_view resource_name) const {
  auto it = by_resource_.find(resource_name);
  return it == by_resource_.end() ? nullptr : it->second;
}

}  // namespace podfit::dra
