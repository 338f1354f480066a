#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "podfit/report/placement_report.h"
#include "podfit/report/yaml_emitter.h"
#include "text_table.h"

namespace podfit {
namespace {

using json = nlohmann::ordered_json;

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

json pod_json(const std::string& ns, const std::string& name) { return json{{"namespace", ns}, {"name", name}}; }

json workload_json(const WorkloadRef& w) {
  return json{{"kind", w.kind}, {"namespace", w.namespace_}, {"name", w.name}};
}

// The v1 Binding as DefaultBinder posts it (uid only when the pod has one).
json binding_json(const PodBinding& b) {
  json metadata = {{"name", b.name}, {"namespace", b.namespace_}};
  if (!b.uid.empty()) metadata["uid"] = b.uid;
  return json{{"apiVersion", "v1"},
              {"kind", "Binding"},
              {"metadata", std::move(metadata)},
              {"target", {{"kind", "Node"}, {"name", b.node}}}};
}

json reasons_json(const std::vector<std::pair<std::string, std::string>>& entries) {
  json list = json::array();
  for (const auto& [plugin, why] : entries) list.push_back(json{{"plugin", plugin}, {"reason", why}});
  return list;
}

json report_json(const PlacementReport& report) {
  json placed = json::array();
  json unplaced = json::array();
  for (const Placement& p : report.placements) {
    json entry = {{"pod", pod_json(p.namespace_, p.name)}};
    if (p.workload) entry["workload"] = workload_json(*p.workload);
    if (p.placed) {
      entry["node"] = p.node;
      entry["score"] = p.score ? json(*p.score) : json(nullptr);
      entry["tie"] = p.tie;
      entry["feasibleNodes"] = p.feasible_nodes;
      json nodes = json::array();
      for (const auto& s : p.scores) {
        json plugins = json::array();
        for (const auto& ps : s.scores) {
          plugins.push_back(
              json{{"plugin", ps.plugin}, {"raw", ps.raw}, {"normalized", ps.normalized}, {"weighted", ps.weighted}});
        }
        nodes.push_back(json{{"name", s.name}, {"score", s.total}, {"plugins", std::move(plugins)}});
      }
      entry["nodes"] = std::move(nodes);
      if (!p.pre_bind.empty()) entry["preBind"] = p.pre_bind;
      if (p.binding) entry["binding"] = binding_json(*p.binding);
    } else {
      entry["stage"] = p.stage;
      entry["message"] = p.message;
    }
    if (!p.not_evaluated.empty()) entry["notEvaluated"] = reasons_json(p.not_evaluated);
    if (!p.caveats.empty()) entry["caveats"] = reasons_json(p.caveats);
    (p.placed ? placed : unplaced).push_back(std::move(entry));
  }
  json doc = {{"apiVersion", "podfit/v1"}, {"kind", "PlacementReport"}, {"placed", std::move(placed)},
              {"unplaced", std::move(unplaced)}, {"fitCount", report.fit_count}};
  json candidates = json::array();
  for (const CandidateCount& c : report.candidates) {
    json entry = c.workload ? json{{"workload", workload_json(*c.workload)}}
                            : json{{"pod", pod_json(c.namespace_, c.name)}};
    entry[report.max ? "tried" : "asked"] = c.asked;
    entry["placed"] = c.placed;
    candidates.push_back(std::move(entry));
  }
  doc["candidates"] = std::move(candidates);
  if (report.max) doc["limitReached"] = report.limit_reached.has_value();
  if (!report.not_run.empty()) doc["notRun"] = report.not_run;
  return doc;
}

std::string plural(size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
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
                           plural(c.placed, "copy", "copies"), *report.limit_reached);
      }
      return fmt::format("{}: {} fit", title, plural(c.placed, "copy", "copies"));
    }
    return fmt::format("{}: {} fit; {} does not: {}", title, plural(c.placed, "copy", "copies"),
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
  out << report_json(report).dump(2) << '\n';
}

void write_placement_yaml(std::ostream& out, const PlacementReport& report) { emit_yaml(out, report_json(report)); }

void write_placement_bindings(std::ostream& out, const PlacementReport& report) {
  bool first = true;
  for (const Placement& p : report.placements) {
    if (!p.placed || !p.binding) continue;
    if (!first) out << "---\n";
    first = false;
    emit_yaml(out, binding_json(*p.binding));
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
    const bool complete = c.placed == c.asked && (!report.max || c.placed > 0);
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
