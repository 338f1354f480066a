// labels.Selector: compiled label selectors and their matching rules (apimachinery semantics).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/model/flat_map.h"
#include "podfit/model/selector.h"

namespace podfit {

// A compiled selector. Requirements are ANDed. `nothing` matches no label set,
// an empty selector matches every label set.
class Selector {
 public:
  enum class Op { In, NotIn, Exists, DoesNotExist, Equals, DoubleEquals, NotEquals, GreaterThan, LessThan };
  struct Requirement {
    std::string key;
    Op op;
    // As given to labels.NewRequirement: LabelSelectorAsSelector keeps the manifest's order,
    // parse() sorts and de-duplicates; to_string() prints them sorted either way.
    std::vector<std::string> values;
    friend bool operator==(const Requirement&, const Requirement&) = default;
  };

  static Selector everything() { return Selector(); }
  static Selector nothing() {
    Selector s;
    s.nothing_ = true;
    return s;
  }
  // metav1.LabelSelectorAsSelector: an absent selector selects nothing, an empty one everything;
  // invalid operators/keys/values give nullopt and *error (apimachinery's message).
  static std::optional<Selector> from_label_selector(const std::optional<LabelSelector>& selector,
                                                     std::string* error = nullptr);
  // labels.SelectorFromSet: one Equals requirement per entry, no validation.
  static Selector from_set(const StringMap& set);
  // labels.Parse of the "a=b,c in (d),!e,f>3" syntax (kubectl -l); nullopt and *error when invalid.
  static std::optional<Selector> parse(std::string_view text, std::string* error = nullptr);

  bool matches(const StringMap& labels) const;
  bool empty() const { return !nothing_ && requirements_.empty(); }
  bool is_nothing() const { return nothing_; }
  // Selector.Add: adds a requirement, keeping requirements sorted by key (matchLabelKeys merging).
  // Adding to `nothing` leaves it nothing, as labels.Nothing().Add does.
  void add(Requirement requirement);
  // Selector.Add(r...) of many requirements: one sort, where adding one by one would be quadratic.
  void add(std::vector<Requirement> requirements);
  const std::vector<Requirement>& requirements() const { return requirements_; }
  // The selector as labels.Selector.String() prints it, e.g. "app=web,tier in (a,b)".
  std::string to_string() const;

 private:
  std::vector<Requirement> requirements_;  // sorted by key, as labels.internalSelector sorts them
  bool nothing_ = false;
};

// The operator as labels prints it in errors and messages: "in", "notin", "exists", "!", "=",
// "==", "!=", "gt", "lt".
std::string_view selection_operator_string(Selector::Op op);

// labels.NewRequirement: checks the key, the number of values the operator takes, Gt/Lt
// integers and each value. On failure returns nullopt and appends one apimachinery field error
// per problem to *errors (fields are relative to `path`; an empty path is the nil root).
std::optional<Selector::Requirement> new_requirement(std::string key, Selector::Op op,
                                                     std::vector<std::string> values,
                                                     std::vector<std::string>* errors,
                                                     std::string_view path = {});

// Requirement.Matches for one requirement.
bool requirement_matches(const Selector::Requirement& requirement, const StringMap& labels);
// Requirement.String(), e.g. "tier in (a,b)", "!gpu", "cores>4".
std::string requirement_to_string(const Selector::Requirement& requirement);

}  // namespace podfit
