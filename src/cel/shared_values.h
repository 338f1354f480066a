// Lists and maps that cel-go builds by sharing rather than copying: the sum of two lists as a
// view of both, and the comprehension accumulator that grows in place. They keep the time and
// memory of list arithmetic proportional to the cost cel-go charges for it.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "podfit/cel/value.h"

namespace podfit::cel {

// cel-go's concatList: `a + b` of two non-empty lists, in constant time and memory. Element i
// is found by walking down the operands.
class ConcatList final : public ListValue {
 public:
  ConcatList(Value prev, Value next);
  std::size_t size() const override { return size_; }
  Value get(std::size_t i) const override;
  const Value& prev() const { return prev_; }
  const Value& next() const { return next_; }

 private:
  Value prev_;
  Value next_;
  std::size_t size_;  // fixed when built, as cel-go caches it
};

// Walks a list's elements in order, each in constant time however deeply sums nest (ConcatList's
// get() walks down the sums for every element).
class ListWalk {
 public:
  explicit ListWalk(const ListValue& list) : remaining_(list.size()) { descend(list); }
  // The next element, or false at the end.
  bool next(Value& out);

 private:
  void descend(const ListValue& list);
  struct Position {
    const ListValue* list;
    std::size_t index;
  };
  std::vector<Position> stack_;
  // The list's size when the walk began: cel-go iterates up to it, though a growing accumulator
  // inside a sum may since hold more.
  std::size_t remaining_;
};

// The sum of two lists as cel-go's `+` makes it: the other operand when one is empty, else a
// ConcatList; appended in place when `a` is a comprehension's growing accumulator.
Value concatenate(const Value& a, const Value& b);

// cel-go's mutableList: a comprehension accumulator whose initial value is an empty list. `+`
// appends to it in place and returns it, so map() and filter() grow one list; the comprehension
// freezes it when it is its result.
class AccumulatorList final : public ListValue {
 public:
  std::size_t size() const override { return items_.size(); }
  Value get(std::size_t i) const override { return items_[i]; }
  void append(const ListValue& other) const;
  bool frozen() const { return frozen_; }
  void freeze() const { frozen_ = true; }

 private:
  mutable std::vector<Value> items_;
  mutable bool frozen_ = false;
};

// cel-go's mutableMap: the accumulator of transformMap and transformMapEntry, filled in place by
// cel.@mapInsert.
class AccumulatorMap final : public BuiltMap {
 public:
  bool frozen() const { return frozen_; }
  void freeze() const { frozen_ = true; }

 private:
  mutable bool frozen_ = false;
};

// The accumulator a comprehension starts from: an empty list or map becomes a growing one, as
// cel-go's folder makes it; anything else is kept.
Value accumulator_from(Value initial, bool* growing);
// The comprehension's result as cel-go hands it out: a growing list or map is frozen.
void freeze_accumulator(const Value& result);

// Whether an equality since the last call was cut off at its step bound (it then answered as
// for an error); clears the mark. The evaluator turns such a call's result into
// kEqualityStepsError.
bool take_equality_cut_off();
inline constexpr std::string_view kEqualityStepsError =
    "operation cancelled: comparing these values takes more than 16777216 steps, podfit's bound on the work cel-go "
    "does not charge to the cost limit";

}  // namespace podfit::cel
