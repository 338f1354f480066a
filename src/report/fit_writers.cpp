#include <type_traits>

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/report/fit_report_writer.h"
#include "podfit/report/writers.h"
#include "podfit/util/strings.h"
#include "document_writer.h"
#include "what_if_field.h"
#include "text_table.h"

namespace podfit {
namespace {

// One description of a FitReport's fields, in the order the report prints them, for the
// JsonWriter and the YamlWriter.
template <typename Writer>
void write_status(Writer& w, const Status& s, bool with_details) {
  w.begin_object();
  string_field(w, "plugin", s.plugin());
  string_field(w, "code", code_name(s.code()));
  w.key("reasons");
  write_strings(w, s.reasons());
  if (with_details && !s.details().empty()) {
    w.key("details");
    write_strings(w, s.details());
  }
  w.end_object();
}

template <typename Writer>
void write_victims(Writer& w, const std::vector<VictimRef>& victims) {
  w.begin_array();
  for (const VictimRef& v : victims) {
    w.begin_object();
    string_field(w, "namespace", v.namespace_);
    string_field(w, "name", v.name);
    integer_field(w, "priority", v.priority);
    w.end_object();
  }
  w.end_array();
}

// The PostFilter verdict: each plugin's status, the nominated node with its victims, and what
// preemption's dry run found on each node.
template <typename Writer>
void write_post_filter(Writer& w, const PostFilterReport& p) {
  w.begin_object();
  w.key("plugins");
  w.begin_array();
  for (const Status& s : p.plugins) write_status(w, s, false);
  w.end_array();
  w.key("nominatedNode");
  if (p.nominated_node.empty()) w.null();
  else w.string(p.nominated_node);
  w.key("victims");
  write_victims(w, p.victims);
  integer_field(w, "pdbViolations", p.pdb_violations);
  if (p.tie) {
    boolean_field(w, "tie", true);
  }
  boolean_field(w, "preemptionEvaluated", p.preemption_evaluated);
  w.key("nodes");
  w.begin_array();
  for (const NodePostFilter& n : p.nodes) {
    w.begin_object();
    string_field(w, "name", n.name);
    string_field(w, "code", code_name(n.status.code()));
    w.key("reasons");
    write_strings(w, n.status.reasons());
    if (!n.status.plugin().empty()) {
      string_field(w, "plugin", n.status.plugin());
    }
    if (n.status.is_success()) {
      w.key("victims");
      write_victims(w, n.victims);
      integer_field(w, "pdbViolations", n.pdb_violations);
    }
    w.end_object();
  }
  w.end_array();
  string_field(w, "message", p.message);
  w.end_object();
}

template <typename Writer>
void write_node(Writer& w, const NodeVerdict& n) {
  w.begin_object();
  string_field(w, "name", n.name);
  boolean_field(w, "fit", n.fit);
  w.key("failures");
  w.begin_array();
  for (const Status& s : n.failures) write_status(w, s, true);
  w.end_array();
  if (!n.evaluated) boolean_field(w, "evaluated", false);
  if (n.daemon_pod) {
    boolean_field(w, "daemonPod", *n.daemon_pod);
  }
  if (!n.message.empty()) {
    string_field(w, "message", n.message);
  }
  w.end_object();
}

template <typename Writer>
void write_verdict(Writer& w, const PodVerdict& r) {
  w.begin_object();
  w.key("pod");
  write_pod_ref(w, r.namespace_, r.name);
  if (r.workload) {
    w.key("workload");
    w.begin_object();
    string_field(w, "kind", r.workload->kind);
    string_field(w, "name", r.workload->name);
    w.key("replicas");
    if (r.workload->replicas) w.integer(*r.workload->replicas);
    else w.null();
    if (!r.workload_pod.empty()) {
      string_field(w, "pod", r.workload_pod);
    }
    w.end_object();
  }
  w.key("schedulable");
  if (r.undetermined()) w.null();
  else w.boolean(r.schedulable);
  integer_field(w, "nodeCount", static_cast<int64_t>(r.status.empty() ? r.nodes.size() : r.node_count));
  w.key("feasibleNodes");
  write_strings(w, r.feasible_nodes);
  w.key("preFilter");
  if (r.pre_filter) write_status(w, *r.pre_filter, false);
  else w.null();
  w.key("nodes");
  w.begin_array();
  for (const NodeVerdict& n : r.nodes) write_node(w, n);
  w.end_array();
  string_field(w, "message", r.message);
  w.key("postFilter");
  if (r.post_filter) write_post_filter(w, *r.post_filter);
  else w.null();
  w.key("notEvaluated");
  w.begin_array();
  for (const auto& [plugin, why] : r.not_evaluated) {
    w.begin_object();
    string_field(w, "plugin", plugin);
    string_field(w, "reason", why);
    w.end_object();
  }
  w.end_array();
  string_field(w, "schedulerName", r.scheduler_name);
  if (!r.status.empty()) {
    string_field(w, "status", r.status);
  }
  if (r.status == "Refused") {
    w.key("admission");
    w.begin_object();
    // No plugin refuses a pod the validation between the two phases refuses: the stage is named instead.
    if (r.admission_plugin.empty()) string_field(w, "stage", "Validation");
    else string_field(w, "plugin", r.admission_plugin);
    string_field(w, "message", r.message);
    w.end_object();
  }
  if (r.pre_enqueue) {
    boolean_field(w, "gated", true);
    w.key("schedulingGates");
    write_strings(w, r.scheduling_gates);
    w.key("preEnqueue");
    write_status(w, *r.pre_enqueue, true);
  }
  w.end_object();
}

// The report's header (apiVersion, kind) and its results, then skippedPlugins at the end.
template <typename Writer>
void write_header(Writer& w, const ReleaseChoice& release) {
  begin_report(w, "FitReport", &release);
  w.key("results");
  w.begin_array();
}

template <typename Writer>
void write_trailer(Writer& w, const std::vector<std::string>& skipped_plugins, const WhatIfSummary& what_if) {
  w.end_array();
  w.key("skippedPlugins");
  write_strings(w, skipped_plugins);
  write_what_if_field(w, what_if);
  w.end_object();
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


// The verdicts as a JSON or YAML document, written directly by a JsonWriter or a YamlWriter:
// its text goes out after each verdict.
template <typename Writer>
class DocumentFitReportWriter : public FitReportWriter {
 public:
  explicit DocumentFitReportWriter(std::ostream& out, WhatIfSummary what_if = {})
      : out_(out), what_if_(std::move(what_if)) {}
  void begin(const ReleaseChoice& release) override {
    write_header(writer_, release);
    flush();
  }
  void write(const PodVerdict& verdict) override {
    write_verdict(writer_, verdict);
    flush();
  }
  void end(const std::vector<std::string>& skipped_plugins) override {
    write_trailer(writer_, skipped_plugins, what_if_);
    // dump() ends with the closing brace; YAML's last line has its newline already.
    if constexpr (std::is_same_v<Writer, JsonWriter>) text_ += '\n';
    flush();
  }

 private:
  void flush() {
    out_.write(text_.data(), static_cast<std::streamsize>(text_.size()));
    text_.clear();
  }

  std::ostream& out_;
  WhatIfSummary what_if_;
  std::string text_;
  Writer writer_{text_};
};

using JsonFitReportWriter = DocumentFitReportWriter<JsonWriter>;
using YamlFitReportWriter = DocumentFitReportWriter<YamlWriter>;

// -o name: node/NAME per feasible node, for pipes; with several pods, "pod/NAMESPACE/NAME node/NAME"
// per feasible pair, so that no line stands for a node without saying for which pod.
class NamesFitReportWriter : public FitReportWriter {
 public:
  NamesFitReportWriter(std::ostream& out, bool several_pods) : out_(out), several_pods_(several_pods) {}
  void write(const PodVerdict& r) override {
    for (std::string_view node : r.feasible_nodes) {
      if (several_pods_) out_ << "pod/" << r.namespace_ << '/' << r.name << ' ';
      out_ << "node/" << node << '\n';
    }
  }

 private:
  std::ostream& out_;
  bool several_pods_;
};

// -o table and wide: one pod's verdict line, then its table of nodes.
void write_pod_table(std::ostream& out, const PodVerdict& r, const TableStyle& style) {
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
    return;
  }
  if (r.status == "Refused") {
    if (r.admission_plugin.empty()) {
      out << "refused: the API server's validation refuses to create the pod as the mutating admission plugins "
             "changed it, so it is never scheduled\n";
    } else {
      out << "refused: the " << r.admission_plugin
          << " admission plugin refuses to create the pod, so it is never scheduled\n";
    }
    return;
  }
  if (r.status == "Gated") {
    if (r.pre_enqueue && r.pre_enqueue->plugin() == names::kDynamicResources) {
      out << "gated: the DynamicResources plugin keeps the pod out of the scheduling queue until its ResourceClaims "
             "exist, are not being deleted and belong to it\n";
      for (const std::string& detail : r.pre_enqueue->details()) out << "why: " << detail << '\n';
    } else {
      out << "gated: the SchedulingGates plugin keeps the pod out of the scheduling queue until its gates are removed\n";
    }
    return;
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
    if (!n.evaluated) {
      std::vector<TextTable::Cell> row = {
          {std::string(n.name), ""}, {"-", ""}, {"", ""}, {"", ""}, {"not evaluated: the attempt ended in an error", ""}};
      if (style.wide) row.push_back({"", ""});
      table.add(std::move(row));
      continue;
    }
    bool first_failure = true;
    // A DaemonSet creates no pod for a node it should not run on: that is not a pending pod,
    // nor a failure to colour red.
    const bool no_daemon_pod = n.daemon_pod == false;
    const std::string no = no_daemon_pod ? "no pod" : "no";
    for (const Status& s : n.failures) {
      std::vector<TextTable::Cell> row = {{first_failure ? std::string(n.name) : "", ""},
                                          {first_failure ? no : "", no_daemon_pod ? "" : "31"},
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

// A blank line between pods.
class TableFitReportWriter : public FitReportWriter {
 public:
  TableFitReportWriter(std::ostream& out, const TableStyle& style) : out_(out), style_(style) {}
  void write(const PodVerdict& verdict) override {
    if (!first_) out_ << '\n';
    first_ = false;
    write_pod_table(out_, verdict, style_);
  }

 private:
  std::ostream& out_;
  TableStyle style_;
  bool first_ = true;
};

// A whole report through a streaming writer.
void write_report(FitReportWriter& writer, const FitReport& report) {
  writer.begin(report.release);
  for (const PodVerdict& r : report.results) writer.write(r);
  writer.end(report.skipped_plugins);
}

}  // namespace

std::unique_ptr<FitReportWriter> make_fit_report_writer(std::string_view output, std::ostream& out, const TableStyle& style,
                                                         const WhatIfSummary& what_if, bool several_pods) {
  if (output == "json") return std::make_unique<JsonFitReportWriter>(out, what_if);
  if (output == "yaml") return std::make_unique<YamlFitReportWriter>(out, what_if);
  if (output == "name") return std::make_unique<NamesFitReportWriter>(out, several_pods);
  return std::make_unique<TableFitReportWriter>(out, style);
}

void write_fit_json(std::ostream& out, const FitReport& report) {
  JsonFitReportWriter writer(out);
  write_report(writer, report);
}

void write_fit_yaml(std::ostream& out, const FitReport& report) {
  YamlFitReportWriter writer(out);
  write_report(writer, report);
}

void write_fit_names(std::ostream& out, const FitReport& report) {
  NamesFitReportWriter writer(out, report.results.size() > 1);
  write_report(writer, report);
}

void write_fit_table(std::ostream& out, const FitReport& report, const TableStyle& style) {
  TableFitReportWriter writer(out, style);
  write_report(writer, report);
}

}  // namespace podfit
