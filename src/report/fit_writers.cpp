#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "podfit/report/writers.h"
#include "podfit/report/yaml_emitter.h"
#include "text_table.h"

namespace podfit {
namespace {

using json = nlohmann::ordered_json;

json status_json(const Status& s, bool with_details) {
  json j;
  j["plugin"] = s.plugin();
  j["code"] = std::string(code_name(s.code()));
  j["reasons"] = s.reasons();
  if (with_details && !s.details().empty()) j["details"] = s.details();
  return j;
}

json report_json(const FitReport& report) {
  json doc;
  doc["apiVersion"] = "podfit/v1";
  doc["kind"] = "FitReport";
  json results = json::array();
  for (const PodVerdict& r : report.results) {
    json j;
    j["pod"] = {{"namespace", r.namespace_}, {"name", r.name}};
    j["schedulable"] = r.schedulable;
    j["nodeCount"] = r.nodes.size();
    j["feasibleNodes"] = r.feasible_nodes;
    j["preFilter"] = r.pre_filter ? status_json(*r.pre_filter, false) : json(nullptr);
    json nodes = json::array();
    for (const NodeVerdict& n : r.nodes) {
      json failures = json::array();
      for (const Status& s : n.failures) failures.push_back(status_json(s, true));
      nodes.push_back({{"name", n.name}, {"fit", n.fit}, {"failures", failures}});
    }
    j["nodes"] = nodes;
    j["message"] = r.message;
    json not_evaluated = json::array();
    for (const auto& [plugin, why] : r.not_evaluated) not_evaluated.push_back({{"plugin", plugin}, {"reason", why}});
    j["notEvaluated"] = not_evaluated;
    results.push_back(j);
  }
  doc["results"] = results;
  doc["skippedPlugins"] = report.skipped_plugins;
  return doc;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += sep;
    out += parts[i];
  }
  return out;
}

}  // namespace

void write_fit_json(std::ostream& out, const FitReport& report) { out << report_json(report).dump(2) << '\n'; }

void write_fit_yaml(std::ostream& out, const FitReport& report) { emit_yaml(out, report_json(report)); }

void write_fit_names(std::ostream& out, const FitReport& report) {
  for (const PodVerdict& r : report.results) {
    for (const std::string& node : r.feasible_nodes) out << "node/" << node << '\n';
  }
}

void write_fit_table(std::ostream& out, const FitReport& report, const TableStyle& style) {
  bool first = true;
  for (const PodVerdict& r : report.results) {
    if (!first) out << '\n';
    first = false;
    std::string verdict = fmt::format("{}/{}", r.namespace_, r.name);
    if (style.color) {
      out << "\033[1m" << verdict << "\033[0m: " << (r.schedulable ? "\033[32m" : "\033[31m") << r.message
          << "\033[0m\n";
    } else {
      out << verdict << ": " << r.message << '\n';
    }
    for (const auto& [plugin, why] : r.not_evaluated) out << "not evaluated: " << plugin << ": " << why << '\n';
    std::vector<std::string> header = {"NODE", "FIT", "PLUGIN", "CODE", "REASONS"};
    if (style.wide) header.push_back("DETAILS");
    TextTable table(header);
    for (const NodeVerdict& n : r.nodes) {
      if (n.fit) {
        table.add({{n.name, ""}, {"yes", "32"}, {"", ""}, {"", ""}, {"", ""}});
        continue;
      }
      bool first_failure = true;
      for (const Status& s : n.failures) {
        std::vector<TextTable::Cell> row = {{first_failure ? n.name : "", ""},
                                            {first_failure ? "no" : "", "31"},
                                            {s.plugin(), ""},
                                            {std::string(code_name(s.code())), ""},
                                            {join(s.reasons(), ", "), ""}};
        if (style.wide) row.push_back({join(s.details(), "; "), ""});
        table.add(std::move(row));
        first_failure = false;
      }
    }
    table.print(out, style.color);
  }
}

}  // namespace podfit
