#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "podfit/kubernetes_release.h"
#include "podfit/report/requeue_report.h"
#include "podfit/report/yaml_emitter.h"
#include "podfit/util/strings.h"
#include "text_table.h"

namespace podfit {
namespace {

using json = nlohmann::ordered_json;

std::string_view mode_name(RequeueMode mode) {
  return mode == RequeueMode::PreCheck ? "PreCheck" : "QueueingHints";
}

json pod_json(const PodRequeue& pod, RequeueMode mode) {
  json j;
  j["pod"] = {{"namespace", pod.namespace_}, {"name", pod.name}};
  j["moved"] = pod.moved;
  j["reasons"] = pod.reasons;
  if (mode == RequeueMode::QueueingHints) {
    j["schedulableBefore"] = pod.schedulable_before;
    j["gatedBy"] = pod.gated_by.empty() ? json(nullptr) : json(pod.gated_by);
    j["strategy"] = pod.strategy ? json(std::string(queueing_strategy_name(*pod.strategy))) : json(nullptr);
    j["movedBy"] = pod.moved_by.empty() ? json(nullptr) : json(pod.moved_by);
    j["unschedulablePlugins"] = pod.unschedulable_plugins;
    j["pendingPlugins"] = json(std::vector<std::string>(pod.pending_plugins.begin(), pod.pending_plugins.end()));
    json hints = json::array();
    for (const auto& [event, plugin_hints] : pod.hints) {
      for (const PluginHint& h : plugin_hints) {
        hints.push_back({{"event", event},
                         {"plugin", h.plugin},
                         {"registered", h.registered},
                         {"hint", h.hint ? json(std::string(queueing_hint_name(*h.hint))) : json(nullptr)},
                         {"detail", h.why}});
      }
    }
    j["hints"] = hints;
  }
  if (!pod.details.empty()) j["details"] = pod.details;
  return j;
}

json report_json(const RequeueOutcome& outcome) {
  json doc;
  doc["apiVersion"] = "podfit/v1";
  doc["kind"] = "RequeueReport";
  doc["node"] = outcome.dra_event ? json(nullptr) : json(outcome.node);
  doc["objectKind"] = outcome.kind;
  doc["object"] = outcome.object;
  json events = json::array();
  for (const NodeEvent& e : outcome.events) {
    events.push_back(
        {{"name", std::string(e.name())}, {"label", e.label()}, {"actionType", std::string(action_type_name(e.action))}});
  }
  if (const auto& e = outcome.dra_event) {
    events.push_back({{"name", e->label()}, {"label", e->label()}, {"actionType", std::string(action_type_name(e->action))}});
  }
  doc["event"] = events.empty() ? json(nullptr) : events.front()["name"];
  doc["events"] = events;
  doc["mode"] = std::string(mode_name(outcome.mode));
  json pods = json::array();
  for (const PodRequeue& p : outcome.pods) pods.push_back(pod_json(p, outcome.mode));
  doc["pods"] = pods;
  return doc;
}

std::string headline(const RequeueOutcome& outcome) {
  std::string what = outcome.added ? "added" : "updated";
  if (outcome.dra_event) {
    return fmt::format("{} {} {}: {}", outcome.kind, outcome.object, what, outcome.dra_event->label());
  }
  if (outcome.events.empty()) {
    return fmt::format("node/{} {}: no event (nothing kube-scheduler requeues pods for changed); no pod moves",
                       outcome.node, what);
  }
  std::vector<std::string> events;
  for (const NodeEvent& e : outcome.events) events.push_back(fmt::format("{} ({})", e.name(), e.label()));
  return fmt::format("node/{} {}: {}", outcome.node, what, join(events, ", "));
}

std::string mode_line(RequeueMode mode) {
  if (mode == RequeueMode::PreCheck) {
    return "decided by the pre-enqueue check on the node (preCheckForNode), as kube-scheduler did before v1.32";
  }
  return fmt::format("decided by the rejecting plugins' queueing hints, as kube-scheduler {} does", kKubernetesRelease);
}

}  // namespace

void write_requeue_json(std::ostream& out, const RequeueOutcome& outcome) { out << report_json(outcome).dump(2) << '\n'; }

void write_requeue_yaml(std::ostream& out, const RequeueOutcome& outcome) { emit_yaml(out, report_json(outcome)); }

void write_requeue_table(std::ostream& out, const RequeueOutcome& outcome, const RequeueTableStyle& style) {
  const std::string head = headline(outcome);
  out << (style.color ? "\033[1m" + head + "\033[0m" : head) << '\n';
  out << mode_line(outcome.mode) << '\n';
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
