// Writers for `podfit devices`: which devices the selectors match, device by device.
#pragma once

#include "podfit/kubernetes_release.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace podfit {

// One selector as the report names it: a DeviceClass's (class set) or a --selector.
struct ReportedSelector {
  std::string class_name;  // the DeviceClass it comes from; empty for --selector
  std::size_t index = 0;   // its position among the class's selectors, or among --selector flags
  std::string expression;
  // "class gpu.example.com: selector #0" or "--selector #1", as runtime errors name it.
  std::string label() const;
};

struct DeviceVerdict {
  std::string driver;
  std::string pool;
  std::string name;
  std::optional<std::string> node;  // nullopt: network-attached (a node selector or all nodes)
  bool matches = false;
  std::string error;                        // the CEL runtime error, or empty
  std::optional<std::size_t> rejected_by;   // index into DeviceReport::selectors
};

struct DeviceReport {
  ReleaseChoice release;                    // the release modelled
  std::optional<std::string> device_class;  // --class
  std::optional<std::string> node;          // --node
  std::vector<ReportedSelector> selectors;  // the class's, then --selector's, in evaluation order
  std::vector<DeviceVerdict> devices;       // slices in input order, devices in slice order
  std::size_t matching() const;
};

struct DeviceTableStyle {
  bool wide = false;   // -o wide: which selector rejected each device, and the error
  bool color = false;  // ANSI colours (only on a terminal, never with NO_COLOR)
};

void write_device_table(std::ostream& out, const DeviceReport& report, const DeviceTableStyle& style);
void write_device_json(std::ostream& out, const DeviceReport& report);
void write_device_yaml(std::ostream& out, const DeviceReport& report);

}  // namespace podfit
