#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <sstream>
#include <type_traits>

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/report/fit_report_writer.h"
#include "podfit/report/writers.h"
#include "podfit/util/plural.h"
#include "podfit/util/strings.h"
#include "document_writer.h"
#include "node_table.h"
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
  // Always present where podfit explains a status, so a reader tests no field for absence.
  if (with_details) {
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

// Where a result's pod or workload was read: file, document, line (and List item), and its kind.
template <typename Writer>
void write_source(Writer& w, const SourceRef& source, const std::string& kind) {
  w.begin_object();
  string_field(w, "kind", kind);
  string_field(w, "file", source.file);
  integer_field(w, "document", source.document);
  integer_field(w, "line", source.line);
  if (source.item >= 0) integer_field(w, "item", source.item);
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
  w.key("source");
  write_source(w, r.source, r.kind);
  if (r.replicas) {
    integer_field(w, "replicas", r.replicas->wanted);
    integer_field(w, "replicasPlaced", r.replicas->placed);
    if (!r.replicas->first_unplaced.empty()) {
      w.key("unplacedReplica");
      w.begin_object();
      string_field(w, "name", r.replicas->first_unplaced);
      string_field(w, "message", r.replicas->message);
      w.end_object();
    }
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

}  // namespace

void write_node_table(std::ostream& out, const std::vector<NodeVerdict>& nodes, const TableStyle& style) {
  // CODE (UnschedulableAndUnresolvable) and DETAILS only in -o wide: the default fits 80 columns.
  std::vector<std::string> header = {"NODE", "FIT", "PLUGIN", "REASONS"};
  if (style.wide) header = {"NODE", "FIT", "PLUGIN", "CODE", "REASONS", "DETAILS"};
  TextTable table(header);
  auto add_row = [&](std::string node, TextTable::Cell fit, std::string plugin, std::string_view code,
                     std::string reasons, std::string details) {
    std::vector<TextTable::Cell> row = {{std::move(node), ""}, std::move(fit), {std::move(plugin), ""}};
    if (style.wide) row.push_back({std::string(code), ""});
    row.push_back({std::move(reasons), ""});
    if (style.wide) row.push_back({std::move(details), ""});
    table.add(std::move(row));
  };
  for (const NodeVerdict& n : nodes) {
    if (n.fit) {
      add_row(std::string(n.name), {"yes", "32"}, "", "", "", "");
      continue;
    }
    if (!n.evaluated) {
      add_row(std::string(n.name), {"-", ""}, "", "", "not evaluated: the attempt ended in an error", "");
      continue;
    }
    bool first_failure = true;
    // A DaemonSet creates no pod for a node it should not run on: that is not a pending pod,
    // nor a failure to colour red.
    const bool no_daemon_pod = n.daemon_pod == false;
    const std::string no = no_daemon_pod ? "no pod" : "no";
    for (const Status& s : n.failures) {
      add_row(first_failure ? std::string(n.name) : "", {first_failure ? no : "", no_daemon_pod ? "" : "31"}, s.plugin(),
              code_name(s.code()), join(s.reasons(), ", "), join(s.details(), "; "));
      first_failure = false;
    }
  }
  table.print(out, style.color);
}

namespace {

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
  if (r.replicas && !r.replicas->first_unplaced.empty()) {
    out << fmt::format("replicas: {} of {} placed; {} is not: {}\n", r.replicas->placed, r.replicas->wanted,
                       r.replicas->first_unplaced, r.replicas->message);
  }
  write_node_table(out, r.nodes, style);
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

// How a result counts in the closing line of a check of several pods.
enum class Outcome { Fit, FitNowhere, SomeReplicas, NotEvaluated, Undetermined };

Outcome outcome_of(const PodVerdict& r) {
  if (!r.status.empty()) return Outcome::NotEvaluated;
  if (!r.all_replicas_placed()) return r.replicas->placed > 0 ? Outcome::SomeReplicas : Outcome::FitNowhere;
  if (!r.schedulable) return Outcome::FitNowhere;
  return r.undetermined() ? Outcome::Undetermined : Outcome::Fit;
}

// "20 pods checked: 15 fit, 4 fit nowhere, 1 not evaluated": the counts a long report ends with.
class OutcomeTally {
 public:
  void add(const PodVerdict& r) {
    ++counts_[static_cast<size_t>(outcome_of(r))];
    (r.workload ? workloads_ : pods_) += 1;
  }
  size_t total() const { return pods_ + workloads_; }
  std::string line() const {
    std::string checked = workloads_ == 0 ? counted(pods_, "pod")
                          : pods_ == 0    ? counted(workloads_, "workload")
                                          : fmt::format("{} and {}", counted(pods_, "pod"), counted(workloads_, "workload"));
    std::string text = fmt::format("{} checked: {} fit, {} fit nowhere", checked, count(Outcome::Fit),
                                   count(Outcome::FitNowhere));
    if (size_t n = count(Outcome::SomeReplicas)) text += fmt::format(", {} place only some replicas", n);
    if (size_t n = count(Outcome::NotEvaluated)) text += fmt::format(", {} not evaluated", n);
    if (size_t n = count(Outcome::Undetermined)) text += fmt::format(", {} undetermined", n);
    return text;
  }

 private:
  size_t count(Outcome o) const { return counts_[static_cast<size_t>(o)]; }
  std::array<size_t, 5> counts_{};
  size_t pods_ = 0;
  size_t workloads_ = 0;
};

// -o wide, and table for one pod: each pod's verdict line and its table of nodes, a blank line
// between pods; several pods end with the closing count.
class TableFitReportWriter : public FitReportWriter {
 public:
  TableFitReportWriter(std::ostream& out, const TableStyle& style, bool several_pods)
      : out_(out), style_(style), several_pods_(several_pods) {}
  void write(const PodVerdict& verdict) override {
    if (tally_.total() > 0) out_ << '\n';
    tally_.add(verdict);
    write_pod_table(out_, verdict, style_);
  }
  void end(const std::vector<std::string>&) override {
    if (several_pods_ && tally_.total() > 0) out_ << '\n' << tally_.line() << '\n';
  }

 private:
  std::ostream& out_;
  TableStyle style_;
  bool several_pods_;
  OutcomeTally tally_;
};

// Text held until the end of a report without holding it in memory: past 1 MiB it goes to an
// unnamed temporary file (in memory only when none can be made), so a summary over thousands
// of nodes costs what streaming the node tables did.
class SpilledText {
 public:
  SpilledText() = default;
  SpilledText(const SpilledText&) = delete;
  SpilledText& operator=(const SpilledText&) = delete;
  ~SpilledText() {
    if (file_ != nullptr) std::fclose(file_);
  }
  void append(std::string_view text) {
    held_.append(text);
    if (held_.size() < kHeldBytes) return;
    if (file_ == nullptr && !no_file_) {
      file_ = std::tmpfile();
      no_file_ = file_ == nullptr;
    }
    if (file_ == nullptr) return;
    if (std::fwrite(held_.data(), 1, held_.size(), file_) == held_.size()) {
      written_ += held_.size();
      held_.clear();
      return;
    }
    // The disk is full: what the file holds comes back into memory, and the rest stays there.
    std::string earlier;
    read_written([&](std::string_view chunk) { earlier.append(chunk); });
    std::fclose(file_);
    file_ = nullptr;
    no_file_ = true;
    held_.insert(0, earlier);
  }
  void copy_to(std::ostream& out) {
    read_written([&](std::string_view chunk) { out << chunk; });
    out << held_;
  }

 private:
  template <typename Sink>
  void read_written(Sink&& sink) {
    if (file_ == nullptr) return;
    std::rewind(file_);
    char buffer[1 << 16];
    for (size_t left = written_; left > 0;) {
      const size_t n = std::fread(buffer, 1, std::min(left, sizeof buffer), file_);
      if (n == 0) break;
      sink(std::string_view(buffer, n));
      left -= n;
    }
  }

  static constexpr size_t kHeldBytes = 1 << 20;
  std::string held_;
  std::FILE* file_ = nullptr;
  size_t written_ = 0;  // bytes in file_
  bool no_file_ = false;
};

// The table for several pods: one row per pod (POD FITS NODES MESSAGE), then the node tables of
// the pods that do not fit (of all with `all_nodes`), then the closing count. The rows are held
// to align them (one per pod); the node tables are held as the text they print.
class SummaryFitReportWriter : public FitReportWriter {
 public:
  SummaryFitReportWriter(std::ostream& out, const TableStyle& style, bool all_nodes)
      : out_(out), style_(style), all_nodes_(all_nodes), summary_({"POD", "FITS", "NODES", "MESSAGE"}) {}
  void write(const PodVerdict& r) override {
    tally_.add(r);
    const Outcome outcome = outcome_of(r);
    std::string pod = r.workload ? fmt::format("{} {}/{}", r.workload->kind, r.namespace_, r.name)
                                 : fmt::format("{}/{}", r.namespace_, r.name);
    TextTable::Cell fits = fits_cell(r, outcome);
    const size_t node_count = r.status.empty() ? r.nodes.size() : r.node_count;
    std::string nodes = r.status.empty() ? fmt::format("{}/{}", r.feasible_nodes.size(), node_count) : "-";
    std::string message = r.replicas && !r.replicas->message.empty() ? r.replicas->message : r.message;
    summary_.add({{std::move(pod), ""}, std::move(fits), {std::move(nodes), ""}, {std::move(message), ""}});
    if (all_nodes_ || outcome != Outcome::Fit) {
      std::ostringstream table;
      table << '\n';
      write_pod_table(table, r, style_);
      details_.append(table.view());
    }
  }
  void end(const std::vector<std::string>&) override {
    if (tally_.total() == 0) return;
    summary_.print(out_, style_.color);
    details_.copy_to(out_);
    out_ << '\n' << tally_.line() << '\n';
  }

 private:
  static TextTable::Cell fits_cell(const PodVerdict& r, Outcome outcome) {
    // A workload's replicas placed, over those it wants.
    const std::string placed = r.replicas ? fmt::format("{}/{}", r.replicas->placed, r.replicas->wanted) : "";
    switch (outcome) {
      case Outcome::Fit: return {r.replicas ? placed : "yes", "32"};
      case Outcome::SomeReplicas: return {placed, "31"};
      case Outcome::FitNowhere: return {r.replicas ? placed : "no", "31"};
      case Outcome::NotEvaluated: {
        std::string status = r.status;  // Gated, Refused, Unserved: the word as a state, kubectl-style
        for (char& c : status) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return {std::move(status), "33"};
      }
      case Outcome::Undetermined: return {"unknown", "33"};
    }
    return {};
  }

  std::ostream& out_;
  TableStyle style_;
  bool all_nodes_;
  TextTable summary_;
  SpilledText details_;
  OutcomeTally tally_;
};

// A whole report through a streaming writer.
void write_report(FitReportWriter& writer, const FitReport& report) {
  writer.begin(report.release);
  for (const PodVerdict& r : report.results) writer.write(r);
  writer.end(report.skipped_plugins);
}

}  // namespace

std::unique_ptr<FitReportWriter> make_fit_report_writer(std::string_view output, std::ostream& out, const TableStyle& style,
                                                         const WhatIfSummary& what_if, bool several_pods, bool all_nodes) {
  if (output == "json") return std::make_unique<JsonFitReportWriter>(out, what_if);
  if (output == "yaml") return std::make_unique<YamlFitReportWriter>(out, what_if);
  if (output == "name") return std::make_unique<NamesFitReportWriter>(out, several_pods);
  if (several_pods && !style.wide) return std::make_unique<SummaryFitReportWriter>(out, style, all_nodes);
  return std::make_unique<TableFitReportWriter>(out, style, several_pods);
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
  const auto writer = make_fit_report_writer(style.wide ? "wide" : "table", out, style, {}, report.results.size() > 1);
  write_report(*writer, report);
}

}  // namespace podfit
