#include "shared_values.h"

#include <cstdint>

namespace podfit::cel {

ConcatList::ConcatList(Value prev, Value next)
    : prev_(std::move(prev)), next_(std::move(next)), size_(prev_.as_list().size() + next_.as_list().size()) {}

Value ConcatList::get(std::size_t i) const {
  // A loop, not recursion: a long chain of sums stays off the stack.
  const ConcatList* at = this;
  for (;;) {
    const std::size_t split = at->prev_.as_list().size();
    const Value& side = i < split ? at->prev_ : at->next_;
    if (i >= split) i -= split;
    const ListValue& list = side.as_list();
    const auto* inner = dynamic_cast<const ConcatList*>(&list);
    if (inner == nullptr) return list.get(i);
    at = inner;
  }
}

void ListWalk::descend(const ListValue& list) {
  const ListValue* at = &list;
  while (const auto* sum = dynamic_cast<const ConcatList*>(at)) {
    stack_.push_back({&sum->next().as_list(), SIZE_MAX});  // the right side, entered later
    at = &sum->prev().as_list();
  }
  stack_.push_back({at, 0});
}

bool ListWalk::next(Value& out) {
  if (remaining_ == 0) return false;
  while (!stack_.empty()) {
    Position& top = stack_.back();
    if (top.index == SIZE_MAX) {
      const ListValue* pending = top.list;
      stack_.pop_back();
      descend(*pending);
      continue;
    }
    if (top.index < top.list->size()) {
      out = top.list->get(top.index++);
      --remaining_;
      return true;
    }
    stack_.pop_back();
  }
  return false;
}

void AccumulatorList::append(const ListValue& other) const {
  // `x + x` appends x's elements once: read the size before growing.
  const std::size_t n = other.size();
  for (std::size_t i = 0; i < n; ++i) items_.push_back(other.get(i));
}

Value concatenate(const Value& a, const Value& b) {
  const ListValue& x = a.as_list();
  if (const auto* growing = dynamic_cast<const AccumulatorList*>(&x); growing != nullptr && !growing->frozen()) {
    growing->append(b.as_list());
    return a;
  }
  if (x.size() == 0) return b;
  if (b.as_list().size() == 0) return a;
  return Value::list(std::make_shared<ConcatList>(a, b));
}

Value accumulator_from(Value initial, bool* growing) {
  *growing = false;
  if (initial.kind() == Kind::List && initial.as_list().size() == 0) {
    *growing = true;
    return Value::list(std::make_shared<AccumulatorList>());
  }
  if (initial.kind() == Kind::Map && initial.as_map().size() == 0) {
    *growing = true;
    return Value::map(std::make_shared<AccumulatorMap>());
  }
  return initial;
}

void freeze_accumulator(const Value& result) {
  if (result.kind() == Kind::List) {
    if (const auto* l = dynamic_cast<const AccumulatorList*>(&result.as_list())) l->freeze();
  } else if (result.kind() == Kind::Map) {
    if (const auto* m = dynamic_cast<const AccumulatorMap*>(&result.as_map())) m->freeze();
  }
}

}  // namespace podfit::cel
