#include <fmt/format.h>

#include "podfit/report/admission_report.h"
#include "podfit/util/strings.h"
#include "document_writer.h"
#include "text_table.h"

namespace podfit {
namespace {

template <typename Writer>
void write_verdict(Writer& w, const AdmissionVerdict& v, const ReleaseChoice* release) {
  begin_report(w, "AdmissionReport", release);
  string_field(w, "node", v.node);
  w.key("pod");
  write_pod_ref(w, v.namespace_, v.name);
  boolean_field(w, "admitted", v.admitted());
  w.key("failures");
  w.begin_array();
  for (const AdmissionResult& r : v.failures) {
    w.begin_object();
    string_field(w, "plugin", r.plugin);
    string_field(w, "reason", r.reason);
    if (r.insufficient_resource) {
      const InsufficientResource& res = *r.insufficient_resource;
      w.key("resource");
      w.begin_object();
      string_field(w, "name", res.resource_name);
      integer_field(w, "requested", res.requested);
      integer_field(w, "used", res.used);
      integer_field(w, "capacity", res.capacity);
      w.end_object();
    }
    if (!r.details.empty()) {
      w.key("details");
      write_strings(w, r.details);
    }
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

// One description of an AdmissionReport's fields (an AdmissionReportList's for several pods), in
// the order the report prints them, for the JsonWriter and the YamlWriter.
template <typename Writer>
void write_report(Writer& w, const std::vector<AdmissionVerdict>& verdicts, const ReleaseChoice& release) {
  if (verdicts.size() == 1) return write_verdict(w, verdicts.front(), &release);
  begin_report(w, "AdmissionReportList", &release);
  w.key("items");
  w.begin_array();
  for (const AdmissionVerdict& v : verdicts) write_verdict(w, v, nullptr);
  w.end_array();
  w.end_object();
}

}  // namespace

void write_admission_json(std::ostream& out, const std::vector<AdmissionVerdict>& verdicts,
                          const ReleaseChoice& release) {
  write_document<JsonWriter>(out, [&](JsonWriter& w) { write_report(w, verdicts, release); });
}

void write_admission_yaml(std::ostream& out, const std::vector<AdmissionVerdict>& verdicts,
                          const ReleaseChoice& release) {
  write_document<YamlWriter>(out, [&](YamlWriter& w) { write_report(w, verdicts, release); });
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
