// The DRA manager's DeviceClassResolver: which DeviceClass provides an extended resource, by
// its spec.extendedResourceName or the implicit "deviceclass.resource.kubernetes.io/<class>".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "podfit/model/device_class.h"
#include "podfit/util/string_hash.h"

namespace podfit::dra {

// The prefix of the extended resource name every DeviceClass provides implicitly.
inline constexpr std::string_view kDeviceClassResourcePrefix = "deviceclass.resource.kubernetes.io/";

class DeviceClassResolver {
 public:
  DeviceClassResolver() = default;
  // `classes` must outlive the resolver. When several classes name the same extended resource,
  // the one created last wins, and among classes created at the same time the first by name.
  explicit DeviceClassResolver(const std::vector<DeviceClass>& classes);
  const DeviceClass* device_class(std::string_view resource_name) const;
  bool empty() const { return by_resource_.empty(); }

 private:
  StringHashMap<const DeviceClass*> by_resource_;
};

}  // namespace podfit::dra
