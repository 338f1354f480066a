// Writers for `podfit devices`.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "podfit/report/device_report.h"
#include "podfit/report/yaml_emitter.h"
#include "text_table.h"

namespace podfit {
namespace {

using json = nlohmann::ordered_json;

constexpr std::string_view kNetworkAttached = "network-attached";

json document(const DeviceReport& report) {
  json doc;
  doc["apiVersion"] = "podfit/v1";
  doc["kind"] = "DeviceReport";
  doc["deviceClass"] = report.device_class ? json(*report.device_class) : json(nullptr);
  doc["node"] = report.node ? json(*report.node) : json(nullptr);
  json selectors = json::array();
  for (const ReportedSelector& s : report.selectors) {
    json j;
    j["source"] = s.class_name.empty() ? "selector" : "deviceClass";
    j["index"] = s.index;
    j["expression"] = s.expression;
    selectors.push_back(j);
  }
  doc["selectors"] = selectors;
  doc["matching"] = report.matching();
  json devices = json::array();
  for (const DeviceVerdict& d : report.devices) {
    json j;
    j["driver"] = d.driver;
    j["pool"] = d.pool;
    j["name"] = d.name;
    j["node"] = d.node ? json(*d.node) : json(nullptr);
    j["matches"] = d.matches;
    j["error"] = d.error.empty() ? json(nullptr) : json(d.error);
    j["rejectedBy"] = d.rejected_by ? json(*d.rejected_by) : json(nullptr);
    devices.push_back(j);
  }
  doc["devices"] = devices;
  return doc;
}

}  // namespace

std::string ReportedSelector::label() const {
  if (class_name.empty()) return fmt::format("--selector #{}", index);
  return fmt::format("class {}: selector #{}", class_name, index);
}

std::size_t DeviceReport::matching() const {
  std::size_t n = 0;
  for (const DeviceVerdict& d : devices) n += d.matches ? 1 : 0;
  return n;
}

void write_device_json(std::ostream& out, const DeviceReport& report) { out << document(report).dump(2) << '\n'; }

void write_device_yaml(std::ostream& out, const DeviceReport& report) { emit_yaml(out, document(report)); }

void write_device_table(std::ostream& out, const DeviceReport& report, const DeviceTableStyle& style) {
  std::vector<std::string> header = {"DRIVER", "POOL", "DEVICE", "NODE", "MATCHES"};
  if (style.wide) header.insert(header.end(), {"REJECTED BY", "ERROR"});
  TextTable table(header);
  for (const DeviceVerdict& d : report.devices) {
    const std::string verdict = d.matches ? "yes" : d.error.empty() ? "no" : "error";
    std::vector<TextTable::Cell> row = {{d.driver, ""},
                                        {d.pool, ""},
                                        {d.name, ""},
                                        {d.node ? *d.node : std::string(kNetworkAttached), ""},
                                        {verdict, d.matches ? "32" : d.error.empty() ? "" : "31"}};
    if (style.wide) {
      row.push_back({d.rejected_by ? report.selectors[*d.rejected_by].label() : "<none>", ""});
      row.push_back({d.error.empty() ? "<none>" : d.error, ""});
    }
    table.add(std::move(row));
  }
  if (!report.devices.empty()) table.print(out, style.color);
  // Errors in full under the table, worded as the allocator words them.
  if (!style.wide) {
    for (const DeviceVerdict& d : report.devices) {
      if (d.error.empty()) continue;
      out << fmt::format("{}/{}/{}: {}: CEL runtime error: {}\n", d.driver, d.pool, d.name,
                         report.selectors[*d.rejected_by].label(), d.error);
    }
  }
  const std::size_t total = report.devices.size();
  const std::string where = report.node ? fmt::format(" usable on node/{}", *report.node) : "";
  out << fmt::format("{} of {} device{}{} match{}\n", report.matching(), total, total == 1 ? "" : "s", where,
                     report.matching() == 1 ? "es" : "");
}

}  // namespace podfit
