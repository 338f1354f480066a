#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "podfit/report/placement_report.h"
#include "podfit/util/plural.h"
#include "document_writer.h"
#include "what_if_field.h"
#include "text_table.h"

namespace podfit {
namespace {

std::string pod_key(const std::string& ns, const std::string& name) { return ns + "/" + name; }

std::string candidate_title(const CandidateCount& c) {
  if (c.workload) return fmt::format("{} {}/{}", c.workload->kind, c.workload->namespace_, c.workload->name);
  return pod_key(c.namespace_, c.name);
}

// Feasible nodes best first (ties by name, the order host selection reads them in).
std::vector<const NodePluginScores*> best_first(const std::vector<NodePluginScores>& scores) {
  std::vector<const NodePluginScores*> order;
  for (const auto& s : scores) order.push_back(&s);
  std::stable_sort(order.begin(), order.end(), [](const NodePluginScores* a, const NodePluginScores* b) {
    return a->total != b->total ? a->total > b->total : a->name < b->name;
  });
  return order;
}

const NodePluginScores* scores_of(const Placement& p, const std::string& node) {
  for (const auto& s : p.scores) {
    if (s.name == node) return &s;
  }
  return nullptr;
}

template <typename Writer>
void write_workload(Writer& w, const WorkloadRef& workload) {
  w.begin_object();
  string_field(w, "kind", workload.kind);
  string_field(w, "namespace", workload.namespace_);
  string_field(w, "name", workload.name);
  w.end_object();
}

// The v1 Binding as DefaultBinder posts it (uid only when the pod has one).
template <typename Writer>
void write_binding(Writer& w, const PodBinding& b) {
  w.begin_object();
  string_field(w, "apiVersion", "v1");
  string_field(w, "kind", "Binding");
  w.key("metadata");
  w.begin_object();
  string_field(w, "name", b.name);
  string_field(w, "namespace", b.namespace_);
  if (!b.uid.empty()) {
    string_field(w, "uid", b.uid);
  }
  w.end_object();
  w.key("target");
  w.begin_object();
  string_field(w, "kind", "Node");
  string_field(w, "name", b.node);
  w.end_object();
  w.end_object();
}

template <typename Writer>
void write_reasons(Writer& w, const std::vector<std::pair<std::string, std::string>>& entries) {
  w.begin_array();
  for (const auto& [plugin, why] : entries) {
    w.begin_object();
    string_field(w, "plugin", plugin);
    string_field(w, "reason", why);
    w.end_object();
  }
  w.end_array();
}

template <typename Writer>
void write_node_scores(Writer& w, const NodePluginScores& s) {
  w.begin_object();
  string_field(w, "name", s.name);
  integer_field(w, "score", s.total);
  w.key("plugins");
  w.begin_array();
  for (const auto& ps : s.scores) {
    w.begin_object();
    string_field(w, "plugin", ps.plugin);
    integer_field(w, "raw", ps.raw);
    integer_field(w, "normalized", ps.normalized);
    integer_field(w, "weighted", ps.weighted);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

// A claim's allocated devices as status.allocation.devices.results lists them.
template <typename Writer>
void write_claim_allocation(Writer& w, const ClaimAllocation& claim) {
  w.begin_object();
  string_field(w, "namespace", claim.namespace_);
  string_field(w, "name", claim.name);
  w.key("devices");
  w.begin_array();
  for (const DeviceRequestAllocationResult& d : claim.devices) {
    w.begin_object();
    string_field(w, "request", d.request);
    string_field(w, "driver", d.driver);
    string_field(w, "pool", d.pool);
    string_field(w, "device", d.device);
    if (d.admin_access) boolean_field(w, "adminAccess", *d.admin_access);
    if (d.share_id) string_field(w, "shareID", *d.share_id);
    if (!d.consumed_capacity.empty()) {
      w.key("consumedCapacity");
      w.begin_object();
      for (const auto& [name, quantity] : d.consumed_capacity) string_field(w, name, quantity.to_string());
      w.end_object();
    }
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

// A placed pod with its node and scores, or an unplaced one with the stage that stopped it.
template <typename Writer>
void write_placement(Writer& w, const Placement& p) {
  w.begin_object();
  w.key("pod");
  write_pod_ref(w, p.namespace_, p.name);
  if (p.workload) {
    w.key("workload");
    write_workload(w, *p.workload);
  }
  if (p.placed) {
    string_field(w, "node", p.node);
    w.key("score");
    if (p.score) w.integer(*p.score);
    else w.null();
    boolean_field(w, "tie", p.tie);
    integer_field(w, "feasibleNodes", static_cast<int64_t>(p.feasible_nodes));
    w.key("nodes");
    w.begin_array();
    for (const auto& s : p.scores) write_node_scores(w, s);
    w.end_array();
    if (!p.pre_bind.empty()) {
      w.key("preBind");
      write_strings(w, p.pre_bind);
    }
    if (!p.claims.empty()) {
      w.key("claims");
      w.begin_array();
      for (const ClaimAllocation& claim : p.claims) write_claim_allocation(w, claim);
      w.end_array();
    }
    if (p.binding) {
      w.key("binding");
      write_binding(w, *p.binding);
    }
  } else {
    string_field(w, "stage", p.stage);
    string_field(w, "message", p.message);
  }
  if (!p.not_evaluated.empty()) {
    w.key("notEvaluated");
    write_reasons(w, p.not_evaluated);
  }
  if (!p.caveats.empty()) {
    w.key("caveats");
    write_reasons(w, p.caveats);
  }
  w.end_object();
}

// One description of a PlacementReport's fields, in the order the report prints them, for the
// JsonWriter and the YamlWriter.
template <typename Writer>
void write_report(Writer& w, const PlacementReport& report) {
  begin_report(w, "PlacementReport", &report.release);
  for (const bool placed : {true, false}) {
    w.key(placed ? "placed" : "unplaced");
    w.begin_array();
    for (const Placement& p : report.placements) {
      if (p.placed == placed) write_placement(w, p);
    }
    w.end_array();
  }
  integer_field(w, "fitCount", static_cast<int64_t>(report.fit_count));
  w.key("candidates");
  w.begin_array();
  for (const CandidateCount& c : report.candidates) {
    w.begin_object();
    if (c.workload) {
      w.key("workload");
      write_workload(w, *c.workload);
    } else {
      w.key("pod");
      write_pod_ref(w, c.namespace_, c.name);
    }
    w.key(report.max ? "tried" : "asked");
    w.integer(static_cast<int64_t>(c.asked));
    integer_field(w, "placed", static_cast<int64_t>(c.placed));
    w.end_object();
  }
  w.end_array();
  if (report.max) {
    boolean_field(w, "limitReached", report.limit_reached.has_value());
  }
  if (!report.not_run.empty()) {
    w.key("notRun");
    write_strings(w, report.not_run);
  }
  write_what_if_field(w, report.what_if);
  w.end_object();
}

// "default/web: 3/4 placed; default/web-3 not placed: <FitError>", or with --max
// "default/web: 7 copies fit; default/web-7 does not: <FitError>".
std::string candidate_summary(const PlacementReport& report, const CandidateCount& c,
                              const std::vector<const Placement*>& mine) {
  const Placement* first_unplaced = nullptr;
  size_t unplaced = 0;
  for (const Placement* p : mine) {
    if (p->placed) continue;
    if (first_unplaced == nullptr) first_unplaced = p;
    ++unplaced;
  }
  const std::string title = candidate_title(c);
  if (report.max) {
    if (first_unplaced == nullptr) {
      if (report.limit_reached) {
        return fmt::format("{}: at least {} fit (placing stopped at the limit of {}; --limit raises it)", title,
                           counted(c.placed, "copy", "copies"), *report.limit_reached);
      }
      return fmt::format("{}: {} fit", title, counted(c.placed, "copy", "copies"));
    }
    return fmt::format("{}: {} fit; {} does not: {}", title, counted(c.placed, "copy", "copies"),
                       pod_key(first_unplaced->namespace_, first_unplaced->name), first_unplaced->message);
  }
  // A pod placed once under its own name.
  if (!c.workload && c.asked == 1 && mine.size() == 1 && mine[0]->name == c.name) {
    if (mine[0]->placed) return fmt::format("{}: placed on {}", title, mine[0]->node);
    return fmt::format("{} not placed: {}", title, mine[0]->message);
  }
  std::string line = fmt::format("{}: {}/{} placed", title, c.placed, c.asked);
  if (first_unplaced != nullptr) {
    line += fmt::format("; {} not placed: {}", pod_key(first_unplaced->namespace_, first_unplaced->name),
                        first_unplaced->message);
    if (unplaced > 1) line += fmt::format(" ({} more not placed)", unplaced - 1);
  }
  return line;
}

}  // namespace

void write_placement_json(std::ostream& out, const PlacementReport& report) {
  write_document<JsonWriter>(out, [&](JsonWriter& w) { write_report(w, report); });
}

void write_placement_yaml(std::ostream& out, const PlacementReport& report) {
  write_document<YamlWriter>(out, [&](YamlWriter& w) { write_report(w, report); });
}

void write_placement_bindings(std::ostream& out, const PlacementReport& report) {
  bool first = true;
  for (const Placement& p : report.placements) {
    if (!p.placed || !p.binding) continue;
    if (!first) out << "---\n";
    first = false;
    write_document<YamlWriter>(out, [&](YamlWriter& w) { write_binding(w, *p.binding); });
  }
}

void write_placement_table(std::ostream& out, const PlacementReport& report, const TableStyle& style) {
  std::vector<std::string> header = {"POD", "NODE", "SCORE", "NODE SCORES"};
  if (style.wide) header.push_back("PLUGIN SCORES");
  TextTable table(header);
  bool any_placed = false;
  bool any_tie = false;
  for (const Placement& p : report.placements) {
    if (!p.placed) continue;
    any_placed = true;
    any_tie = any_tie || p.tie;
    std::string score = p.score ? std::to_string(*p.score) + (p.tie ? "*" : "") : "-";
    std::string nodes;
    if (p.scores.empty()) {
      nodes = "the only feasible node (not scored)";
    } else {
      // The six best; the rest are counted.
      constexpr size_t kShown = 6;
      const auto order = best_first(p.scores);
      for (size_t i = 0; i < order.size() && i < kShown; ++i) {
        nodes += fmt::format("{}{} {}", i ? ", " : "", order[i]->name, order[i]->total);
      }
      if (p.feasible_nodes > kShown) nodes += fmt::format(" (+{} more)", p.feasible_nodes - kShown);
    }
    std::vector<TextTable::Cell> row = {
        {pod_key(p.namespace_, p.name), ""}, {p.node, "32"}, {std::move(score), ""}, {std::move(nodes), ""}};
    if (style.wide) {
      std::string plugins;
      if (const NodePluginScores* chosen = scores_of(p, p.node)) {
        for (const auto& ps : chosen->scores) {
          plugins += fmt::format("{}{} {}", plugins.empty() ? "" : ", ", ps.plugin, ps.weighted);
        }
      }
      row.push_back({std::move(plugins), ""});
    }
    table.add(std::move(row));
  }
  if (any_placed) table.print(out, style.color);
  if (any_tie) {
    out << "* tied with another feasible node: podfit takes the smallest node name, kube-scheduler any of them\n";
  }
  for (const Placement& p : report.placements) {
    for (const std::string& write : p.pre_bind) {
      out << fmt::format("PreBind {} on {}: {}\n", pod_key(p.namespace_, p.name), p.node, write);
    }
  }

  // Per candidate: how many were placed, and why the first that was not did not fit.
  for (size_t index = 0; index < report.candidates.size(); ++index) {
    const CandidateCount& c = report.candidates[index];
    std::vector<const Placement*> mine;
    for (const Placement& p : report.placements) {
      if (p.candidate == index) mine.push_back(&p);
    }
    const std::string line = candidate_summary(report, c, mine);
    // With --max the copy that did not fit ends the count: one copy placed is a success (exit 0).
    const bool complete = report.max ? c.placed > 0 : c.placed == c.asked;
    if (style.color) {
      out << (complete ? "\033[32m" : "\033[31m") << line << "\033[0m\n";
    } else {
      out << line << '\n';
    }
  }

  std::set<std::pair<std::string, std::string>> not_evaluated;
  std::set<std::pair<std::string, std::string>> caveats;
  for (const Placement& p : report.placements) {
    not_evaluated.insert(p.not_evaluated.begin(), p.not_evaluated.end());
    caveats.insert(p.caveats.begin(), p.caveats.end());
  }
  for (const auto& [plugin, why] : not_evaluated) out << "not evaluated: " << plugin << ": " << why << '\n';
  for (const auto& [plugin, why] : caveats) out << "score caveat: " << plugin << ": " << why << '\n';
}

}  // namespace podfit
