#include <fmt/format.h>

#include "podfit/kubernetes_release.h"
#include "podfit/report/requeue_report.h"
#include "podfit/util/strings.h"
#include "document_writer.h"
#include "text_table.h"

namespace podfit {
namespace {

std::string_view mode_name(RequeueMode mode) {
  return mode == RequeueMode::PreCheck ? "PreCheck" : "QueueingHints";
}

template <typename Writer>
void write_string_or_null(Writer& w, std::string_view s) {
  if (s.empty()) w.null();
  else w.string(s);
}

template <typename Writer>
void write_pod(Writer& w, const PodRequeue& pod, RequeueMode mode) {
  w.begin_object();
  w.key("pod");
  write_pod_ref(w, pod.namespace_, pod.name);
  boolean_field(w, "moved", pod.moved);
  w.key("reasons");
  write_strings(w, pod.reasons);
  if (mode == RequeueMode::QueueingHints) {
    boolean_field(w, "schedulableBefore", pod.schedulable_before);
    w.key("gatedBy");
    write_string_or_null(w, pod.gated_by);
    w.key("strategy");
    write_string_or_null(w, pod.strategy ? queueing_strategy_name(*pod.strategy) : "");
    w.key("movedBy");
    write_string_or_null(w, pod.moved_by);
    w.key("unschedulablePlugins");
    write_strings(w, pod.unschedulable_plugins);
    w.key("pendingPlugins");
    write_strings(w, pod.pending_plugins);
    w.key("hints");
    w.begin_array();
    for (const auto& [event, plugin_hints] : pod.hints) {
      for (const PluginHint& h : plugin_hints) {
        w.begin_object();
        string_field(w, "event", event);
        string_field(w, "plugin", h.plugin);
        boolean_field(w, "registered", h.registered);
        w.key("hint");
        write_string_or_null(w, h.hint ? queueing_hint_name(*h.hint) : "");
        string_field(w, "detail", h.why);
        w.end_object();
      }
    }
    w.end_array();
  }
  if (!pod.details.empty()) {
    w.key("details");
    write_strings(w, pod.details);
  }
  w.end_object();
}

template <typename Writer>
void write_event(Writer& w, std::string_view name, std::string_view label, ActionType action) {
  w.begin_object();
  string_field(w, "name", name);
  string_field(w, "label", label);
  string_field(w, "actionType", action_type_name(action));
  w.end_object();
}

// One description of a RequeueReport's fields, in the order the report prints them, for the
// JsonWriter and the YamlWriter.
template <typename Writer>
void write_report(Writer& w, const RequeueOutcome& outcome) {
  begin_report(w, "RequeueReport", &outcome.release);
  w.key("node");
  if (outcome.dra_event) w.null();
  else w.string(outcome.node);
  string_field(w, "objectKind", outcome.kind);
  string_field(w, "object", outcome.object);
  // The events' names: a Node event's own, a DRA event's kind and action.
  w.key("event");
  if (!outcome.events.empty()) w.string(outcome.events.front().name());
  else if (outcome.dra_event) w.string(outcome.dra_event->name());
  else w.null();
  w.key("events");
  w.begin_array();
  for (const NodeEvent& e : outcome.events) write_event(w, e.name(), e.label(), e.action);
  if (const auto& e = outcome.dra_event) write_event(w, e->name(), e->label(), e->action);
  w.end_array();
  string_field(w, "mode", mode_name(outcome.mode));
  w.key("pods");
  w.begin_array();
  for (const PodRequeue& p : outcome.pods) write_pod(w, p, outcome.mode);
  w.end_array();
  w.end_object();
}

std::string headline(const RequeueOutcome& outcome) {
  std::string what = outcome.added ? "added" : "updated";
  if (outcome.dra_event) {
    return fmt::format("{} {} {}: {}", outcome.kind, outcome.object, what, outcome.dra_event->name());
  }
  if (outcome.events.empty()) {
    return fmt::format("node/{} {}: no event (nothing kube-scheduler requeues pods for changed); no pod moves",
                       outcome.node, what);
  }
  std::vector<std::string> events;
  for (const NodeEvent& e : outcome.events) events.push_back(fmt::format("{} ({})", e.name(), e.label()));
  return fmt::format("node/{} {}: {}", outcome.node, what, join(events, ", "));
}

std::string mode_line(const RequeueOutcome& outcome) {
  if (outcome.mode == RequeueMode::PreCheck && outcome.mode_from_gate) {
    return fmt::format("decided by the pre-enqueue check on the node (preCheckForNode), as kube-scheduler {} does with "
                       "SchedulerQueueingHints off",
                       outcome.release.release.name());
  }
  if (outcome.mode == RequeueMode::PreCheck) {
    return "decided by the pre-enqueue check on the node (preCheckForNode), as kube-scheduler did before v1.32";
  }
  return fmt::format("decided by the rejecting plugins' queueing hints, as kube-scheduler {} does", outcome.release.release.name());
}

}  // namespace

void write_requeue_json(std::ostream& out, const RequeueOutcome& outcome) {
  write_document<JsonWriter>(out, [&](JsonWriter& w) { write_report(w, outcome); });
}

void write_requeue_yaml(std::ostream& out, const RequeueOutcome& outcome) {
  write_document<YamlWriter>(out, [&](YamlWriter& w) { write_report(w, outcome); });
}

void write_requeue_table(std::ostream& out, const RequeueOutcome& outcome, const RequeueTableStyle& style) {
  const std::string head = headline(outcome);
  out << (style.color ? "\033[1m" + head + "\033[0m" : head) << '\n';
  out << mode_line(outcome) << '\n';
  if (outcome.pods.empty()) {
    out << "no pending pods\n";
    return;
  }
  const bool hints_mode = outcome.mode == RequeueMode::QueueingHints;
  std::vector<std::string> header = {"POD", "MOVED"};
  if (hints_mode) header.insert(header.end(), {"QUEUE", "REJECTED BY"});
  header.push_back("REASONS");
  if (style.wide) header.push_back("DETAILS");
  TextTable table(header);
  for (const PodRequeue& p : outcome.pods) {
    std::vector<TextTable::Cell> row = {{p.namespace_ + "/" + p.name, ""},
                                        {p.moved ? "yes" : "no", p.moved ? "32" : "31"}};
    if (hints_mode) {
      std::string queue = p.strategy ? std::string(queueing_strategy_name(*p.strategy)) : "";
      if (p.schedulable_before) queue = "not waiting";
      row.push_back({queue, ""});
      row.push_back({join(p.unschedulable_plugins, ", "), ""});
    }
    row.push_back({join(p.reasons, ", "), ""});
    if (style.wide) row.push_back({join(p.details, "; "), ""});
    table.add(std::move(row));
  }
  out << '\n';
  table.print(out, style.color);

  if (!style.hints || !hints_mode) return;
  TextTable hints({"POD", "EVENT", "PLUGIN", "HINT", "WHY"});
  bool any = false;
  for (const PodRequeue& p : outcome.pods) {
    for (const auto& [event, plugin_hints] : p.hints) {
      for (const PluginHint& h : plugin_hints) {
        const std::string hint = h.hint ? std::string(queueing_hint_name(*h.hint)) : "-";
        hints.add({{p.namespace_ + "/" + p.name, ""},
                   {event, ""},
                   {h.plugin, ""},
                   {hint, h.hint == QueueingHint::Queue ? "32" : ""},
                   {h.why, ""}});
        any = true;
      }
    }
  }
  out << '\n';
  if (any) {
    hints.print(out, style.color);
  } else {
    out << "no queueing hint was asked: no pod waits on a rejecting plugin for these events\n";
  }
}

}  // namespace podfit
