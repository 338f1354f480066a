#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "podfit/report/admission_report.h"
#include "podfit/report/yaml_emitter.h"
#include "podfit/util/strings.h"
#include "text_table.h"

namespace podfit {
namespace {

using json = nlohmann::ordered_json;

json verdict_json(const AdmissionVerdict& v) {
  json doc;
  doc["apiVersion"] = "podfit/v1";
  doc["kind"] = "AdmissionReport";
  doc["node"] = v.node;
  doc["pod"] = {{"namespace", v.namespace_}, {"name", v.name}};
  doc["admitted"] = v.admitted();
  json failures = json::array();
  for (const AdmissionResult& r : v.failures) {
    json f;
    f["plugin"] = r.plugin;
    f["reason"] = r.reason;
    if (r.insufficient_resource) {
      const InsufficientResource& res = *r.insufficient_resource;
      f["resource"] = {{"name", res.resource_name},
                       {"requested", res.requested},
                       {"used", res.used},
                       {"capacity", res.capacity}};
    }
    if (!r.details.empty()) f["details"] = r.details;
    failures.push_back(f);
  }
  doc["failures"] = failures;
  return doc;
}

json document(const std::vector<AdmissionVerdict>& verdicts) {
  if (verdicts.size() == 1) return verdict_json(verdicts.front());
  json list;
  list["apiVersion"] = "podfit/v1";
  list["kind"] = "AdmissionReportList";
  json items = json::array();
  for (const AdmissionVerdict& v : verdicts) items.push_back(verdict_json(v));
  list["items"] = items;
  return list;
}

}  // namespace

void write_admission_json(std::ostream& out, const std::vector<AdmissionVerdict>& verdicts) {
  out << document(verdicts).dump(2) << '\n';
}

void write_admission_yaml(std::ostream& out, const std::vector<AdmissionVerdict>& verdicts) {
  emit_yaml(out, document(verdicts));
}

void write_admission_table(std::ostream& out, const std::vector<AdmissionVerdict>& verdicts,
                           const AdmissionTableStyle& style) {
  bool first = true;
  for (const AdmissionVerdict& v : verdicts) {
    if (!first) out << '\n';
    first = false;
    const std::string who = fmt::format("{}/{} on node/{}", v.namespace_, v.name, v.node);
    const std::string verdict = v.admitted() ? "admitted" : "rejected";
    if (style.color) {
      out << "\033[1m" << who << "\033[0m: " << (v.admitted() ? "\033[32m" : "\033[31m") << verdict << "\033[0m\n";
    } else {
      out << who << ": " << verdict << '\n';
    }
    if (v.admitted()) continue;
    TextTable table({"PLUGIN", "REASON", "DETAILS"});
    for (const AdmissionResult& r : v.failures) table.add({{r.plugin, ""}, {r.reason, ""}, {join(r.details, "; "), ""}});
    table.print(out, style.color);
  }
}

}  // namespace podfit
