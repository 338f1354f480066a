#include "podfit/cli/devices_command.h"

#include <algorithm>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "podfit/dra/device_matching.h"
#include "podfit/dra/device_selector.h"
#include "podfit/model/field_errors.h"
#include "podfit/report/device_report.h"

namespace podfit {
namespace {

// The API server's bound on a selector's length, checked before compiling as it checks it.
constexpr std::size_t kMaxSelectorLength = cel::kDRASelectorMaxLength;

// "a, b, c" or "a, b, c and 7 more": what a mistyped name could have meant.
template <class T>
std::string some_names(const std::vector<T>& objects) {
  std::string names;
  for (size_t i = 0; i < objects.size() && i < 5; ++i) names += (i ? ", " : "") + objects[i].metadata.name;
  if (objects.size() > 5) names += fmt::format(" and {} more", objects.size() - 5);
  return names;
}

}  // namespace

int run_devices(const DevicesOptions& options, std::ostream& out, std::ostream& err) {
  static const char* kOutputs[] = {"table", "wide", "json", "yaml"};
  if (std::find(std::begin(kOutputs), std::end(kOutputs), options.output) == std::end(kOutputs)) {
    err << fmt::format("error: unknown output format \"{}\": use one of table, wide, json, yaml\n", options.output);
    return 2;
  }
  LoadedInput input;
  InputOptions input_options = options.input;
  input_options.schedules = false;
  if (!load_input(input_options, input, err)) return 2;
  announce_release(options.output, input, err);
  const FeatureGates& gates = input.context.gates;
  const dra::SelectorFeatures features{gates.dra_consumable_capacity, gates.dra_list_type_attributes,
                                       cel::KubeVersion{1, input.release.release.minor}};

  DeviceReport report;
  report.release = input.release;
  // Selectors stored in a DeviceClass compile as the scheduler compiles them; --selector ones
  // are checked first as the API server checks a selector it is asked to store.
  const dra::SelectorCompiler compiler(features, dra::Expressions::Stored);
  std::vector<dra::CompiledSelector> compiled;
  if (!options.device_class.empty()) {
    const auto& classes = input.cluster.device_classes;
    auto it = std::find_if(classes.begin(), classes.end(),
                           [&](const DeviceClass& c) { return c.metadata.name == options.device_class; });
    if (it == classes.end()) {
      err << fmt::format("error: DeviceClass \"{}\" not found in the cluster state ({})\n", options.device_class,
                         classes.empty() ? std::string("it has no DeviceClasses") : "device classes: " + some_names(classes));
      return 2;
    }
    report.device_class = it->metadata.name;
    for (std::size_t i = 0; i < it->selectors.size(); ++i) {
      report.selectors.push_back({it->metadata.name, i, it->selectors[i].cel_expression});
    }
  }
  for (std::size_t i = 0; i < options.selectors.size(); ++i) {
    const std::string& expression = options.selectors[i];
    if (expression.size() > kMaxSelectorLength) {
      err << fmt::format("error: --selector #{}: Too long: may not be more than {} bytes\n", i, kMaxSelectorLength);
      return 2;
    }
    if (const dra::SelectorError e = dra::new_selector_error(expression, features); !e.empty()) {
      err << fmt::format("error: --selector #{} {}: {}\n", i, field::json_quote(expression), e.detail);
      return 2;
    }
    report.selectors.push_back({"", i, expression});
  }
  compiled.reserve(report.selectors.size());
  for (const ReportedSelector& s : report.selectors) {
    compiled.push_back(compiler.compile(s.expression));
    if (!compiled.back().ok()) {
      // A stored selector that no longer compiles: the scheduler fails every claim using the class.
      err << fmt::format("error: {}: {}\n", s.label(), compiled.back().error());
      return 2;
    }
  }

  const Node* node = nullptr;
  if (!options.node.empty()) {
    const auto& nodes = input.cluster.nodes;
    auto it = std::find_if(nodes.begin(), nodes.end(), [&](const Node& n) { return n.metadata.name == options.node; });
    if (it == nodes.end()) {
      err << fmt::format("error: node \"{}\" not found in the cluster state ({})\n", options.node,
                         nodes.empty() ? std::string("the cluster state has no nodes") : "nodes: " + some_names(nodes));
      return 2;
    }
    node = &*it;
    report.node = node->metadata.name;
  }
  if (input.cluster.resource_slices.empty()) err << "podfit: no devices: the cluster state has no ResourceSlices\n";

  std::vector<const dra::CompiledSelector*> selectors;
  for (const dra::CompiledSelector& s : compiled) selectors.push_back(&s);
  for (dra::DeviceOutcome& o : dra::match_devices(input.cluster.resource_slices, selectors, node)) {
    DeviceVerdict& v = report.devices.emplace_back();
    v.driver = o.slice->driver;
    v.pool = o.slice->pool.name;
    v.name = o.device->name;
    const dra::DeviceNodes where = dra::device_nodes(*o.slice, *o.device);
    if (where.node_name != nullptr) v.node = *where.node_name;
    v.matches = o.matches;
    v.error = std::move(o.error);
    v.rejected_by = o.rejected_by;
  }

  std::ostringstream buffer;
  if (options.output == "json") {
    write_device_json(buffer, report);
  } else if (options.output == "yaml") {
    write_device_yaml(buffer, report);
  } else {
    write_device_table(buffer, report, DeviceTableStyle{options.output == "wide", options.color});
  }
  out << buffer.view();
  out.flush();
  return report.matching() > 0 ? 0 : 1;
}

}  // namespace podfit
