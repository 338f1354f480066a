// `podfit devices`: which devices a DeviceClass and selectors match, and why not.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "podfit/cli/input.h"

namespace podfit {

struct DevicesOptions {
  InputOptions input;                  // -f (ResourceSlices, DeviceClasses, nodes), -R, --feature-gates
  std::string device_class;            // --class: a DeviceClass whose selectors apply first
  std::vector<std::string> selectors;  // --selector: CEL expressions that must hold too
  std::string node;                    // --node: only devices usable on this node
  std::string output = "table";        // table, wide, json, yaml
  bool color = false;                  // stdout is a terminal and NO_COLOR is unset
};

// Evaluates the selectors on every device. Returns 0 when some device matches, 1 when none
// does, 2 on bad usage or input (a selector that does not compile, an unknown class or node).
int run_devices(const DevicesOptions& options, std::ostream& out, std::ostream& err);

}  // namespace podfit
