// podfit's account of a selector's CEL runtime error that names a missing key ("no such key:
// index"): which device lacks it and what that device publishes instead. kube-scheduler's error
// stays the verdict; this is a detail beside it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "podfit/model/resource_slice.h"

namespace podfit::dra {

// For an allocation error "... on device DRIVER/POOL/DEVICE: CEL runtime error: no such key:
// KEY...", the device's attributes and capacities in the domain the key was looked up in; nullopt
// for any other error or a device the slices do not hold.
std::optional<std::string> explain_missing_key(const std::string& error, const std::vector<ResourceSlice>& slices);

}  // namespace podfit::dra
