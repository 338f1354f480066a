// Node affinity matching (component-helpers/scheduling/corev1/nodeaffinity).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/model/flat_map.h"
#include "podfit/model/node.h"
#include "podfit/model/node_selector.h"
#include "podfit/model/pod.h"

namespace podfit {

// nodeaffinity.NodeSelector and LazyErrorNodeSelector: terms compiled once and ORed. An empty
// term (no expressions, no fields) is dropped and matches nothing; a term with a parse error
// never matches. matchFields compare against the node's fields, of which there is only
// "metadata.name" (and none when the name is empty, in which case matchFields are not checked).
class NodeSelectorMatcher {
 public:
  // `path` prefixes the error fields (field.WithPath); empty for none.
  explicit NodeSelectorMatcher(const NodeSelector& selector, std::string_view path = {});
  // NodeSelector.Match: whether some term matches the node's labels and name.
  bool match(const Node& node) const { return match(node.metadata.labels, node.metadata.name); }
  // The same for a bare label set and name (an empty name skips matchFields, as a node object
  // carrying only labels does).
  bool match(const StringMap& labels, std::string_view node_name) const;
  // LazyErrorNodeSelector.Match: as match(), and when no term matched, the parse errors of the
  // broken terms in *error (left untouched when there are none).
  bool match(const StringMap& labels, std::string_view node_name, std::string* error) const;
  // NewNodeSelector's error: every term's parse errors, aggregated; nullopt when all parsed.
  const std::optional<std::string>& error() const { return error_; }
  // Index in node_selector_terms of the first matching term, or -1 (for details).
  int matching_term(const Node& node) const;

 private:
  struct Compiled;
  std::vector<std::shared_ptr<const Compiled>> terms_;
  std::optional<std::string> error_;
};

// corev1.MatchNodeSelectorTerms: whether the node matches the terms; parse errors go to *error
// only when nothing matched.
bool match_node_selector_terms(const Node& node, const NodeSelector& selector, std::string* error = nullptr);

// nodeaffinity.RequiredNodeAffinity: pod.spec.nodeSelector AND required node affinity.
class RequiredNodeAffinity {
 public:
  // GetRequiredNodeAffinity(pod).
  explicit RequiredNodeAffinity(const Pod& pod);
  // NewRequiredNodeAffinity(nodeSelector, affinity), for pod templates.
  RequiredNodeAffinity(const StringMap& node_selector, const std::optional<Affinity>& affinity);
  // Match(node): both the nodeSelector labels and the required terms match. Parse errors of
  // the required terms never make a node match; kube-scheduler ignores them.
  bool match(const Node& node) const { return match(node, nullptr); }
  // Match(node) with its error: the required terms' parse errors when no term matched.
  bool match(const Node& node, std::string* error) const;
  bool has_node_selector() const { return !node_selector_.empty(); }
  bool has_required_terms() const { return required_.has_value(); }

 private:
  StringMap node_selector_;
  std::optional<NodeSelectorMatcher> required_;
};

// nodeaffinity.PreferredSchedulingTerms: sum of weights of matching terms. Terms of weight 0
// and empty terms are skipped without being parsed. When any term fails to parse, error() is
// set and score() is 0 for every node (kube-scheduler gets no object, and PreScore fails).
class PreferredSchedulingTerms {
 public:
  // `path` prefixes the error fields (field.WithPath); empty for none, giving "[i].matchFields...".
  explicit PreferredSchedulingTerms(const std::vector<PreferredSchedulingTerm>& terms, std::string_view path = {});
  int64_t score(const Node& node) const;
  const std::optional<std::string>& error() const { return error_; }

 private:
  struct Weighted;
  std::vector<std::shared_ptr<const Weighted>> terms_;
  std::optional<std::string> error_;
};

}  // namespace podfit
