// Writers for `podfit devices`.
#include <fmt/format.h>

#include "podfit/report/device_report.h"
#include "document_writer.h"
#include "text_table.h"

namespace podfit {
namespace {

constexpr std::string_view kNetworkAttached = "network-attached";

// One description of a DeviceReport's fields, in the order the report prints them, for the
// JsonWriter and the YamlWriter.
template <typename Writer>
void write_report(Writer& w, const DeviceReport& report) {
  auto optional_string = [&w](const std::optional<std::string>& s) {
    if (s) w.string(*s);
    else w.null();
  };
  begin_report(w, "DeviceReport", &report.release);
  w.key("deviceClass");
  optional_string(report.device_class);
  w.key("node");
  optional_string(report.node);
  w.key("selectors");
  w.begin_array();
  for (const ReportedSelector& s : report.selectors) {
    w.begin_object();
    string_field(w, "source", s.class_name.empty() ? "selector" : "deviceClass");
    integer_field(w, "index", static_cast<int64_t>(s.index));
    string_field(w, "expression", s.expression);
    w.end_object();
  }
  w.end_array();
  integer_field(w, "matching", static_cast<int64_t>(report.matching()));
  w.key("devices");
  w.begin_array();
  for (const DeviceVerdict& d : report.devices) {
    w.begin_object();
    string_field(w, "driver", d.driver);
    string_field(w, "pool", d.pool);
    string_field(w, "name", d.name);
    w.key("node");
    optional_string(d.node);
    boolean_field(w, "matches", d.matches);
    w.key("error");
    if (d.error.empty()) w.null();
    else w.string(d.error);
    w.key("rejectedBy");
    if (d.rejected_by) w.integer(static_cast<int64_t>(*d.rejected_by));
    else w.null();
    w.end_object();
  }
  w.end_array();
  w.end_object();
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

void write_device_json(std::ostream& out, const DeviceReport& report) {
  write_document<JsonWriter>(out, [&](JsonWriter& w) { write_report(w, report); });
}

void write_device_yaml(std::ostream& out, const DeviceReport& report) {
  write_document<YamlWriter>(out, [&](YamlWriter& w) { write_report(w, report); });
}

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
