#include "podfit/plugins/node_affinity/node_affinity.h"

#include <algorithm>
#include <iterator>
#include <set>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/model/node_affinity.h"
#include "podfit/model/pod_resources.h"

namespace podfit {
namespace {

constexpr std::string_view kNodeNameField = "metadata.name";
constexpr std::string_view kAddedRequiredPath = "addedAffinity.requiredDuringSchedulingIgnoredDuringExecution";
constexpr std::string_view kAddedPreferredPath = "addedAffinity.preferredDuringSchedulingIgnoredDuringExecution";

const NodeSelector* required_terms(const Pod& pod) {
  const auto& affinity = pod.spec.affinity;
  if (!affinity || !affinity->node_affinity || !affinity->node_affinity->required) return nullptr;
  return &*affinity->node_affinity->required;
}

std::string bracketed(const std::vector<std::string>& values) { return fmt::format("[{}]", fmt::join(values, ", ")); }

// "zone In [a, b]", "gpu Exists", "cores Gt 4": the requirement as the manifest wrote it.
std::string requirement_text(const NodeSelectorRequirement& requirement) {
  if (requirement.values.empty()) return fmt::format("{} {}", requirement.key, requirement.op);
  if ((requirement.op == "Gt" || requirement.op == "Lt") && requirement.values.size() == 1) {
    return fmt::format("{} {} {}", requirement.key, requirement.op, requirement.values.front());
  }
  return fmt::format("{} {} {}", requirement.key, requirement.op, bracketed(requirement.values));
}

// What the node holds for the key a requirement reads.
std::string label_state(const StringMap& labels, std::string_view key) {
  if (const std::string* value = labels.find(key)) return fmt::format("node has {}={}", key, *value);
  return fmt::format("node has no label {}", key);
}

std::string field_state(const Node& node, std::string_view key) {
  if (key == kNodeNameField) return fmt::format("node name is {}", node.metadata.name);
  return fmt::format("node has no field {}", key);
}

void replace_all(std::string& text, std::string_view from) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) text.erase(at, from.size());
}

// The contents of an aggregated error: "[a, b]" gives "a, b", a single message stays as is.
std::string_view aggregate_items(std::string_view message) {
  const bool bracketed_list = message.size() >= 2 && message.front() == '[' && message.back() == ']';
  return bracketed_list ? message.substr(1, message.size() - 2) : message;
}

// One requirement of a term, compiled alone: whether it holds on a node is exactly whether the
// term would pass that requirement, and its parse error belongs to it alone.
struct RequirementCheck {
  RequirementCheck(const NodeSelectorRequirement& requirement, bool field)
      : text(requirement_text(requirement)),
        key(requirement.key),
        is_field(field),
        matcher(NodeSelector{{field ? NodeSelectorTerm{{}, {requirement}} : NodeSelectorTerm{{requirement}, {}}}}) {
    if (matcher.error()) {
      std::string message = *matcher.error();
      // The lone term's path means nothing to the user; the field inside the requirement does.
      replace_all(message,
                  field ? "nodeSelectorTerms[0].matchFields[0]." : "nodeSelectorTerms[0].matchExpressions[0].");
      error = std::move(message);
    }
  }

  std::string text;
  std::string key;
  bool is_field;
  NodeSelectorMatcher matcher;
  std::optional<std::string> error;
};

struct TermCheck {
  size_t index = 0;
  std::vector<RequirementCheck> requirements;  // matchExpressions, then matchFields; none: empty term
};

// A required NodeSelector (the pod's or the profile's) with the means to say why a node fails it.
class ExplainedSelector {
 public:
  explicit ExplainedSelector(const NodeSelector& selector) : matcher_(selector) {
    for (size_t i = 0; i < selector.node_selector_terms.size(); ++i) {
      const auto& term = selector.node_selector_terms[i];
      TermCheck check;
      check.index = i;
      for (const auto& requirement : term.match_expressions) check.requirements.emplace_back(requirement, false);
      for (const auto& requirement : term.match_fields) check.requirements.emplace_back(requirement, true);
      terms_.push_back(std::move(check));
    }
  }

  // NodeSelector.Match (parse errors make a term match nothing).
  bool match(const Node& node) const { return matcher_.match(node); }

  // "no nodeSelectorTerm matches: term 0: zone In [a]: node has zone=c; term 1: ...", naming the
  // first failing requirement of each term; a term with a parse error is blamed on it.
  std::string explain(const Node& node) const {
    if (terms_.empty()) return "no nodeSelectorTerm matches: nodeSelectorTerms is empty";
    std::vector<std::string> parts;
    for (const auto& term : terms_) parts.push_back(fmt::format("term {}: {}", term.index, explain_term(term, node)));
    return fmt::format("no nodeSelectorTerm matches: {}", fmt::join(parts, "; "));
  }

 private:
  static std::string explain_term(const TermCheck& term, const Node& node) {
    if (term.requirements.empty()) return "empty term matches no node";
    for (const auto& requirement : term.requirements) {
      if (requirement.error) return fmt::format("{}: invalid: {}", requirement.text, *requirement.error);
    }
    for (const auto& requirement : term.requirements) {
      if (requirement.matcher.match(node)) continue;
      return fmt::format("{}: {}", requirement.text,
                         requirement.is_field ? field_state(node, requirement.key)
                                              : label_state(node.metadata.labels, requirement.key));
    }
    return "does not match";
  }

  NodeSelectorMatcher matcher_;
  std::vector<TermCheck> terms_;
};

// preFilterState: the pod's nodeSelector and required terms, compiled once per cycle.
struct PodRequirements {
  explicit PodRequirements(const Pod& pod) : required(pod), node_selector(pod.spec.node_selector) {
    if (const NodeSelector* terms = required_terms(pod)) explained.emplace(*terms);
  }

  // One detail per unmet nodeSelector entry, then one for the required terms when they fail.
  std::vector<std::string> explain(const Node& node) const {
    std::vector<std::string> details;
    for (const auto& [key, value] : node_selector) {
      const std::string* actual = node.metadata.labels.find(key);
      if (actual != nullptr && *actual == value) continue;
      details.push_back(fmt::format("nodeSelector {}={}: {}", key, value, label_state(node.metadata.labels, key)));
    }
    if (explained && !explained->match(node)) details.push_back(explained->explain(node));
    return details;
  }

  RequiredNodeAffinity required;
  StringMap node_selector;
  std::optional<ExplainedSelector> explained;
};

// Immutable once written: clones share the compiled requirements.
struct PreFilterState final : StateData {
  explicit PreFilterState(std::shared_ptr<const PodRequirements> data) : pod(std::move(data)) {}
  std::unique_ptr<StateData> clone() const override { return std::make_unique<PreFilterState>(pod); }
  std::shared_ptr<const PodRequirements> pod;
};

const std::string& state_key() {
  static const std::string key(kNodeAffinityPreFilterStateKey);
  return key;
}

// "term 0: metadata.name In [a] and In [b] share no node name": why a term names no node.
std::string explain_conflict(size_t index, const std::vector<const NodeSelectorRequirement*>& name_requirements) {
  if (name_requirements.size() == 1) {
    return fmt::format("term {}: {} In {} names no node", index, kNodeNameField,
                       bracketed(name_requirements.front()->values));
  }
  std::vector<std::string> lists;
  for (const auto* requirement : name_requirements) {
    lists.push_back(fmt::format("In {}", bracketed(requirement->values)));
  }
  return fmt::format("term {}: {} {} share no node name", index, kNodeNameField, fmt::join(lists, " and "));
}

}  // namespace

class NodeAffinityPlugin::Explained : public ExplainedSelector {
 public:
  using ExplainedSelector::ExplainedSelector;
};

std::optional<std::string> validate_node_affinity_args(const NodeAffinityArgs& args) {
  if (!args.added_affinity) return std::nullopt;
  std::vector<std::string> errors;
  if (const auto& required = args.added_affinity->required) {
    NodeSelectorMatcher matcher(*required, kAddedRequiredPath);
    if (matcher.error()) errors.push_back(*matcher.error());
  }
  if (const auto& preferred = args.added_affinity->preferred; !preferred.empty()) {
    PreferredSchedulingTerms terms(preferred, kAddedPreferredPath);
    if (terms.error()) errors.push_back(*terms.error());
  }
  if (errors.empty()) return std::nullopt;
  if (errors.size() == 1) return errors.front();
  // errors.Flatten of two aggregates: one bracketed list of every field error.
  return fmt::format("[{}, {}]", aggregate_items(errors[0]), aggregate_items(errors[1]));
}

NodeAffinityPlugin::NodeAffinityPlugin(const NodeAffinityArgs& args, const FeatureGates& gates)
    : skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption) {
  if (args.added_affinity && args.added_affinity->required) {
    added_ = std::make_shared<const Explained>(*args.added_affinity->required);
  }
  if (args.added_affinity && !args.added_affinity->preferred.empty()) {
    added_preferred_ = std::make_shared<const PreferredSchedulingTerms>(args.added_affinity->preferred);
  }
}

NodeAffinityPlugin::~NodeAffinityPlugin() = default;

std::unique_ptr<NodeAffinityPlugin> NodeAffinityPlugin::create(const NodeAffinityArgs& args,
                                                               const FeatureGates& gates, std::string* error) {
  if (auto invalid = validate_node_affinity_args(args)) {
    if (error) *error = std::move(*invalid);
    return nullptr;
  }
  return std::make_unique<NodeAffinityPlugin>(args, gates);
}

std::string_view NodeAffinityPlugin::name() const { return names::kNodeAffinity; }

Status NodeAffinityPlugin::pre_filter(CycleState& state, const PodInfo& pod_info, const Snapshot& /*snapshot*/,
                                      PreFilterResult& result) const {
  result = PreFilterResult{};
  const Pod& pod = pod_info.pod();
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod)) return Status(Code::Skip);
  const NodeSelector* required = required_terms(pod);
  // A nodeSelector decoded as {} is indistinguishable from an absent one, as after an API round trip.
  if (required == nullptr && !added_ && pod.spec.node_selector.empty()) return Status(Code::Skip);

  state.write(state_key(), std::make_unique<PreFilterState>(std::make_shared<const PodRequirements>(pod)));
  if (required == nullptr || required->node_selector_terms.empty()) return {};

  // Terms are ORed: one term that does not pin metadata.name leaves every node possible.
  std::set<std::string> names;
  std::vector<std::string> conflicts;
  for (size_t i = 0; i < required->node_selector_terms.size(); ++i) {
    std::optional<std::set<std::string>> term_names;
    std::vector<const NodeSelectorRequirement*> name_requirements;
    for (const auto& requirement : required->node_selector_terms[i].match_fields) {
      if (requirement.key != kNodeNameField || requirement.op != "In") continue;
      name_requirements.push_back(&requirement);
      std::set<std::string> values(requirement.values.begin(), requirement.values.end());
      if (!term_names) {
        term_names = std::move(values);
      } else {
        std::set<std::string> common;
        std::set_intersection(term_names->begin(), term_names->end(), values.begin(), values.end(),
                              std::inserter(common, common.end()));
        term_names = std::move(common);
      }
    }
    if (!term_names) return {};
    if (term_names->empty()) conflicts.push_back(explain_conflict(i, name_requirements));
    names.insert(term_names->begin(), term_names->end());
  }
  if (names.empty()) {
    Status status(Code::UnschedulableAndUnresolvable, std::string(kNodeAffinityReasonConflict));
    for (auto& conflict : conflicts) status.with_detail(std::move(conflict));
    return status;
  }
  result.node_names = std::move(names);
  return {};
}

Status NodeAffinityPlugin::filter(const CycleState& state, const PodInfo& pod_info, const NodeInfo& node_info) const {
  const Pod& pod = pod_info.pod();
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod)) return {};
  const Node& node = node_info.node();

  if (added_ && !added_->match(node)) {
    Status status(Code::UnschedulableAndUnresolvable, std::string(kNodeAffinityReasonEnforced));
    if (state.explains()) status.with_detail("addedAffinity: " + added_->explain(node));
    return status;
  }

  // Without PreFilter state kube-scheduler compiles the pod's requirements here instead of failing.
  std::optional<PodRequirements> computed;
  const PodRequirements* requirements = nullptr;
  if (const auto* stored = state.read<PreFilterState>(state_key())) {
    requirements = stored->pod.get();
  } else {
    requirements = &computed.emplace(pod);
  }
  // Parse errors of the required terms are ignored, as kube-scheduler does: broken terms just fail.
  if (requirements->required.match(node)) return {};
  return Status(Code::UnschedulableAndUnresolvable, {std::string(kNodeAffinityReasonPod)},
                state.explains() ? requirements->explain(node) : std::vector<std::string>{});
}

std::unique_ptr<Plugin> new_node_affinity(const PluginContext& context) {
  return std::make_unique<NodeAffinityPlugin>(NodeAffinityArgs{}, context.gates);
}

}  // namespace podfit
