#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "podfit/framework/names.h"
#include "podfit/report/writers.h"
#include "podfit/report/yaml_emitter.h"
#include "podfit/util/strings.h"
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

json victims_json(const std::vector<VictimRef>& victims) {
  json out = json::array();
  for (const VictimRef& v : victims) out.push_back({{"namespace", v.namespace_}, {"name", v.name}, {"priority", v.priority}});
  return out;
}

// The PostFilter verdict: each plugin's status, the nominated node with its victims, and what
// preemption's dry run found on each node.
json post_filter_json(const PostFilterReport& p) {
  json j;
  json plugins = json::array();
  for (const Status& s : p.plugins) plugins.push_back(status_json(s, false));
  j["plugins"] = plugins;
  j["nominatedNode"] = p.nominated_node.empty() ? json(nullptr) : json(p.nominated_node);
  j["victims"] = victims_json(p.victims);
  j["pdbViolations"] = p.pdb_violations;
  if (p.tie) j["tie"] = true;
  j["preemptionEvaluated"] = p.preemption_evaluated;
  json nodes = json::array();
  for (const NodePostFilter& n : p.nodes) {
    json node = {{"name", n.name}, {"code", std::string(code_name(n.status.code()))}, {"reasons", n.status.reasons()}};
    if (!n.status.plugin().empty()) node["plugin"] = n.status.plugin();
    if (n.status.is_success()) {
      node["victims"] = victims_json(n.victims);
      node["pdbViolations"] = n.pdb_violations;
    }
    nodes.push_back(node);
  }
  j["nodes"] = nodes;
  j["message"] = p.message;
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
    if (r.workload) {
      json workload = {{"kind", r.workload->kind}, {"name", r.workload->name}};
      workload["replicas"] = r.workload->replicas ? json(*r.workload->replicas) : json(nullptr);
      if (!r.workload_pod.empty()) workload["pod"] = r.workload_pod;
      j["workload"] = workload;
    }
    j["schedulable"] = r.undetermined() ? json(nullptr) : json(r.schedulable);
    j["nodeCount"] = r.status.empty() ? r.nodes.size() : r.node_count;
    j["feasibleNodes"] = r.feasible_nodes;
    j["preFilter"] = r.pre_filter ? status_json(*r.pre_filter, false) : json(nullptr);
    json nodes = json::array();
    for (const NodeVerdict& n : r.nodes) {
      json failures = json::array();
      for (const Status& s : n.failures) failures.push_back(status_json(s, true));
      json node = {{"name", n.name}, {"fit", n.fit}, {"failures", failures}};
      if (n.daemon_pod) node["daemonPod"] = *n.daemon_pod;
      if (!n.message.empty()) node["message"] = n.message;
      nodes.push_back(node);
    }
    j["nodes"] = nodes;
    j["message"] = r.message;
    j["postFilter"] = r.post_filter ? post_filter_json(*r.post_filter) : json(nullptr);
    json not_evaluated = json::array();
    for (const auto& [plugin, why] : r.not_evaluated) not_evaluated.push_back({{"plugin", plugin}, {"reason", why}});
    j["notEvaluated"] = not_evaluated;
    j["schedulerName"] = r.scheduler_name;
    if (!r.status.empty()) j["status"] = r.status;
    if (r.status == "Refused") j["admission"] = {{"plugin", r.admission_plugin}, {"message", r.message}};
    if (r.pre_enqueue) {
      j["gated"] = true;
      j["schedulingGates"] = r.scheduling_gates;
      j["preEnqueue"] = status_json(*r.pre_enqueue, false);
    }
    results.push_back(j);
  }
  doc["results"] = results;
  doc["skippedPlugins"] = report.skipped_plugins;
  return doc;
}

// "Deployment shop/web (3 replicas)": the workload a result stands for, as kubectl users name it.
std::string workload_title(const PodVerdict& r) {
  const WorkloadRef& w = *r.workload;
  std::string title = fmt::format("{} {}/{}", w.kind, r.namespace_, r.name);
  if (!w.replicas) return title;
  const int32_t n = *w.replicas;
  std::string count;
  if (w.kind == "DaemonSet") count = fmt::format("{} daemon pod{}", n, n == 1 ? "" : "s");
  else if (w.kind == "Job" || w.kind == "CronJob") count = fmt::format("{} pod{} at a time", n, n == 1 ? "" : "s");
  else count = fmt::format("{} replica{}", n, n == 1 ? "" : "s");
  if (!r.workload_pod.empty()) count += ", pod " + r.workload_pod;
  return fmt::format("{} ({})", title, count);
}

}  // namespace

void write_fit_json(std::ostream& out, const FitReport& report) { out << report_json(report).dump(2) << '\n'; }

void write_fit_yaml(std::ostream& out, const FitReport& report) { emit_yaml(out, report_json(report)); }

void write_fit_names(std::ostream& out, const FitReport& report) {
  for (const PodVerdict& r : report.results) {
    for (std::string_view node : r.feasible_nodes) out << "node/" << node << '\n';
  }
}

void write_fit_table(std::ostream& out, const FitReport& report, const TableStyle& style) {
  bool first = true;
  for (const PodVerdict& r : report.results) {
    if (!first) out << '\n';
    first = false;
    std::string verdict = r.workload ? workload_title(r) : fmt::format("{}/{}", r.namespace_, r.name);
    if (style.color) {
      out << "\033[1m" << verdict << "\033[0m: " << (r.undetermined() ? "\033[33m" : r.schedulable ? "\033[32m" : "\033[31m") << r.message
          << "\033[0m\n";
    } else {
      out << verdict << ": " << r.message << '\n';
    }
    for (const auto& [plugin, why] : r.not_evaluated) out << "not evaluated: " << plugin << ": " << why << '\n';
    if (r.status == "Unserved") {
      out << "not checked: kube-scheduler schedules a pod only with the profile its schedulerName names\n";
      continue;
    }
    if (r.status == "Refused") {
      out << "refused: the " << r.admission_plugin
          << " admission plugin refuses to create the pod, so it is never scheduled\n";
      continue;
    }
    if (r.status == "Gated") {
      if (r.pre_enqueue && r.pre_enqueue->plugin() == names::kDynamicResources) {
        out << "gated: the DynamicResources plugin keeps the pod out of the scheduling queue until its ResourceClaims "
               "exist, are not being deleted and belong to it\n";
      } else {
        out << "gated: the SchedulingGates plugin keeps the pod out of the scheduling queue until its gates are removed\n";
      }
      continue;
    }
    if (!r.scheduler_name.empty() && r.scheduler_name != "default-scheduler") out << "profile: " << r.scheduler_name << '\n';
    std::vector<std::string> header = {"NODE", "FIT", "PLUGIN", "CODE", "REASONS"};
    if (style.wide) header.push_back("DETAILS");
    TextTable table(header);
    for (const NodeVerdict& n : r.nodes) {
      if (n.fit) {
        table.add({{std::string(n.name), ""}, {"yes", "32"}, {"", ""}, {"", ""}, {"", ""}});
        continue;
      }
      bool first_failure = true;
      // A DaemonSet creates no pod for a node it should not run on: that is not a pending pod.
      const std::string no = n.daemon_pod == false ? "no pod" : "no";
      for (const Status& s : n.failures) {
        std::vector<TextTable::Cell> row = {{first_failure ? std::string(n.name) : "", ""},
                                            {first_failure ? no : "", "31"},
                                            {s.plugin(), ""},
                                            {std::string(code_name(s.code())), ""},
                                            {join(s.reasons(), ", "), ""}};
        if (style.wide) row.push_back({join(s.details(), "; "), ""});
        table.add(std::move(row));
        first_failure = false;
      }
    }
    table.print(out, style.color);
    if (r.post_filter && !r.post_filter->nominated_node.empty()) {
      const PostFilterReport& p = *r.post_filter;
      std::vector<std::string> victims;
      for (const VictimRef& v : p.victims) victims.push_back(fmt::format("{}/{} (priority {})", v.namespace_, v.name, v.priority));
      out << fmt::format("preemption: would nominate node/{}{} and evict {}{}\n", p.nominated_node,
                         p.tie ? " (first of equally ranked nodes)" : "", join(victims, ", "),
                         p.pdb_violations > 0 ? fmt::format(" ({} PodDisruptionBudget violation{})", p.pdb_violations,
                                                            p.pdb_violations == 1 ? "" : "s")
                                              : "");
    }
  }
}

}  // namespace podfit
