// resource.k8s.io/v1 DeviceClass: a named set of device selectors and configuration that
// claims refer to (v1beta1 and v1beta2 manifests are converted into this shape).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "podfit/model/meta.h"

namespace podfit {

// selectors[].cel.expression, with where it was written (compile errors point at it).
struct DeviceSelector {
  std::string cel_expression;
  int line = 0;
};

// config[].opaque: driver-specific parameters, kept as JSON text.
struct DeviceClassConfiguration {
  std::string driver;
  std::string parameters_json;
  friend bool operator==(const DeviceClassConfiguration&, const DeviceClassConfiguration&) = default;
};

struct DeviceClass {
  ObjectMeta metadata;
  std::vector<DeviceSelector> selectors;
  std::vector<DeviceClassConfiguration> config;
  std::optional<std::string> extended_resource_name;
  SourceRef origin;
};

}  // namespace podfit
