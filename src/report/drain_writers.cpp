#include <fmt/format.h>

#include "podfit/report/drain_report.h"
#include "podfit/util/plural.h"
#include "podfit/util/strings.h"
#include "document_writer.h"
#include "node_table.h"
#include "text_table.h"
#include "what_if_field.h"

namespace podfit {
namespace {

template <typename Writer>
void write_report(Writer& w, const DrainOutcome& outcome, const WhatIfSummary& what_if, const ReleaseChoice& release) {
  begin_report(w, "DrainReport", &release);
  w.key("drained");
  write_strings(w, outcome.drained);
  boolean_field(w, "drainable", outcome.drainable());
  w.key("pods");
  w.begin_array();
  for (const DrainedPod& p : outcome.pods) {
    w.begin_object();
    w.key("pod");
    write_pod_ref(w, p.namespace_, p.name);
    string_field(w, "from", p.from);
    string_field(w, "action", drain_action_name(p.action));
    w.key("node");
    if (p.placed()) w.string(p.node);
    else w.null();
    string_field(w, "reason", p.reason);
    w.end_object();
  }
  w.end_array();
  write_what_if_field(w, what_if);
  w.end_object();
}

template <typename Writer>
void write_all_report(Writer& w, const std::vector<DrainOutcome>& outcomes, const WhatIfSummary& what_if, const ReleaseChoice& release) {
  begin_report(w, "DrainReport", &release);
  w.key("nodes");
  w.begin_array();
  std::vector<std::string> drainable;
  for (const DrainOutcome& o : outcomes) {
    const std::string& node = o.drained.front();
    if (o.drainable()) drainable.push_back(node);
    w.begin_object();
    string_field(w, "node", node);
    boolean_field(w, "drainable", o.drainable());
    integer_field(w, "podsToMove", static_cast<int64_t>(o.to_move()));
    w.key("blockedBy");
    w.begin_array();
    for (const DrainedPod& p : o.pods) {
      if (!p.blocks()) continue;
      w.begin_object();
      w.key("pod");
      write_pod_ref(w, p.namespace_, p.name);
      string_field(w, "action", drain_action_name(p.action));
      string_field(w, "reason", p.reason);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("drainableNodes");
  write_strings(w, drainable);
  write_what_if_field(w, what_if);
  w.end_object();
}

std::string headline(const DrainOutcome& outcome) {
  size_t blocked = 0, nowhere = 0, ignored = 0;
  for (const DrainedPod& p : outcome.pods) {
    blocked += p.action == DrainAction::Blocked;
    nowhere += p.action == DrainAction::Reschedule && !p.placed();
    ignored += p.action == DrainAction::Ignore;
  }
  const std::string nodes = join(outcome.drained, ", ");
  if (outcome.drainable()) {
    return fmt::format("drain {}: drainable: {} to reschedule, {} ignored", nodes,
                       counted(outcome.to_move(), "pod", "pods"), ignored);
  }
  std::vector<std::string> why;
  if (blocked) why.push_back(counted(blocked, "pod blocked", "pods blocked"));
  if (nowhere) why.push_back(counted(nowhere, "replacement fits nowhere", "replacements fit nowhere"));
  return fmt::format("drain {}: not drainable: {}", nodes, join(why, ", "));
}

TextTable::Cell action_cell(const DrainedPod& p) {
  const char* color = p.action == DrainAction::Blocked ? "31" : p.action == DrainAction::Reschedule ? (p.placed() ? "32" : "31") : "";
  return {std::string(drain_action_name(p.action)), color};
}

// "shop/db-0 (blocked)", "shop/big (fits nowhere)": what keeps a node from being drained.
std::string blocker(const DrainedPod& p) {
  return fmt::format("{}/{} ({})", p.namespace_, p.name, p.action == DrainAction::Blocked ? "blocked" : "fits nowhere");
}

}  // namespace

void write_drain_json(std::ostream& out, const DrainOutcome& outcome, const WhatIfSummary& what_if, const ReleaseChoice& release) {
  write_document<JsonWriter>(out, [&](JsonWriter& w) { write_report(w, outcome, what_if, release); });
}

void write_drain_yaml(std::ostream& out, const DrainOutcome& outcome, const WhatIfSummary& what_if, const ReleaseChoice& release) {
  write_document<YamlWriter>(out, [&](YamlWriter& w) { write_report(w, outcome, what_if, release); });
}

void write_drain_all_json(std::ostream& out, const std::vector<DrainOutcome>& outcomes, const WhatIfSummary& what_if, const ReleaseChoice& release) {
  write_document<JsonWriter>(out, [&](JsonWriter& w) { write_all_report(w, outcomes, what_if, release); });
}

void write_drain_all_yaml(std::ostream& out, const std::vector<DrainOutcome>& outcomes, const WhatIfSummary& what_if, const ReleaseChoice& release) {
  write_document<YamlWriter>(out, [&](YamlWriter& w) { write_all_report(w, outcomes, what_if, release); });
}

void write_drain_table(std::ostream& out, const DrainOutcome& outcome, const DrainTableStyle& style) {
  const std::string head = headline(outcome);
  out << (style.color ? "\033[1m" + head + "\033[0m" : head) << '\n';
  if (outcome.pods.empty()) {
    out << "no pods on the drained node" << (outcome.drained.size() == 1 ? "" : "s") << '\n';
    return;
  }
  std::vector<std::string> header = {"POD", "FROM", "ACTION", "NODE"};
  if (style.wide) header.insert(header.end(), {"REPLACEMENT", "PRIORITY", "CONTROLLER"});
  header.push_back("REASON");
  TextTable table(header);
  for (const DrainedPod& p : outcome.pods) {
    std::vector<TextTable::Cell> row = {{p.namespace_ + "/" + p.name, ""}, {p.from, ""}, action_cell(p),
                                        {p.placed() ? p.node : "<none>", ""}};
    if (style.wide) {
      row.push_back({p.replacement.empty() ? "<none>" : p.replacement, ""});
      row.push_back({std::to_string(p.priority), ""});
      row.push_back({p.controller.empty() ? "<none>" : p.controller, ""});
    }
    row.push_back({p.reason, ""});
    table.add(std::move(row));
  }
  out << '\n';
  table.print(out, style.color);
  // -o wide: why each replacement that fits nowhere is refused, node by node, as check -o wide says it.
  for (const DrainedPod& p : outcome.pods) {
    if (p.rejections.empty()) continue;
    out << fmt::format("\nreplacement {} of {}/{} fits no node:\n", p.replacement, p.namespace_, p.name);
    std::vector<NodeVerdict> nodes;
    for (const auto& [node, failures] : p.rejections) nodes.push_back(NodeVerdict{node, failures.empty(), failures});
    write_node_table(out, nodes, TableStyle{style.color, true});
  }
}

void write_drain_all_table(std::ostream& out, const std::vector<DrainOutcome>& outcomes, const DrainTableStyle& style) {
  std::vector<std::string> header = {"NODE", "DRAINABLE", "TO MOVE", "BLOCKED BY"};
  if (style.wide) header.push_back("REASONS");
  TextTable table(header);
  size_t drainable = 0;
  for (const DrainOutcome& o : outcomes) {
    drainable += o.drainable();
    std::vector<std::string> blockers, reasons;
    for (const DrainedPod& p : o.pods) {
      if (!p.blocks()) continue;
      blockers.push_back(blocker(p));
      reasons.push_back(fmt::format("{}/{}: {}", p.namespace_, p.name, p.reason));
    }
    std::vector<TextTable::Cell> row = {{o.drained.front(), ""},
                                        {o.drainable() ? "yes" : "no", o.drainable() ? "32" : "31"},
                                        {std::to_string(o.to_move()), ""},
                                        {blockers.empty() ? "<none>" : join(blockers, ", "), ""}};
    if (style.wide) row.push_back({join(reasons, "; "), ""});
    table.add(std::move(row));
  }
  table.print(out, style.color);
  out << '\n'
      << fmt::format("{} of {} can be drained on {} own, each from the same starting state\n", drainable,
                     counted(outcomes.size(), "node", "nodes"), outcomes.size() == 1 ? "its" : "their");
}

}  // namespace podfit
