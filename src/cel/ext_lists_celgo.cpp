// cel-go's lists extension (ext.Lists): slice; flatten from version 1; sort, sortBy (a macro
// over @sortByAssociatedKeys), lists.range, reverse and distinct from version 2; from version 3
// each call is priced by the size of what it builds or compares, in place of the call's unit.
#include "internal.h"
#include "shared_values.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;

constexpr std::uint64_t kCallCost = 1;
constexpr std::uint64_t kListCreateCost = 10;

// The comparable element types, as the library templates its overloads over them.
constexpr const char* kComparable[] = {"int",
                                       "uint",
                                       "double",
                                       "bool",
                                       "google.protobuf.Duration",
                                       "google.protobuf.Timestamp",
                                       "string",
                                       "bytes"};

// A call that allocates a list: its size times a factor, the call and the list's creation.
std::uint64_t allocating(double factor, std::uint64_t size) {
  return go_float_to_uint(static_cast<double>(size) * factor) + kCallCost + kListCreateCost;
}

// Sorting and distinct compare every element with every other: n^2 comparisons, text ones
// priced a tenth more.
std::uint64_t self_compare(const ListValue& l) {
  const std::uint64_t n = l.size();
  double factor = 2.0;
  if (n == 0) return allocating(factor, 0);
  const Kind k = l.get(0).kind();
  if (k == Kind::String || k == Kind::Bytes) factor += 0.1;
  return allocating(factor, n * n);
}

// Charges the cost of a call: the library's own price when the checker resolved its overload,
// else cel-go's one unit. False when the limit is passed (the evaluator then reports it).
bool charge(EvalContext& c, bool priced, std::uint64_t cost) { return c.add_cost(priced && c.overload_resolved() ? cost : 1); }

Value list_of(std::vector<Value> v) { return Value::list(std::move(v)); }

Value slice(const ListValue& l, std::int64_t start, std::int64_t end) {
  const std::string call = "cannot slice(" + std::to_string(start) + ", " + std::to_string(end) + "), ";
  if (start < 0 || end < 0) return Value::error(call + "negative indexes not supported");
  if (start > end) return Value::error(call + "start index must be less than or equal to end index");
  if (static_cast<std::int64_t>(l.size()) < end)
    return Value::error(call + "list is length " + std::to_string(l.size()));
  std::vector<Value> out;
  out.reserve(static_cast<std::size_t>(end - start));
  for (std::int64_t i = start; i < end; ++i) out.push_back(l.get(static_cast<std::size_t>(i)));
  return list_of(std::move(out));
}

// False once more elements are walked than the bound allows (nested sums can hold more).
bool flatten_into(const ListValue& l, std::int64_t depth, std::vector<Value>& out, std::size_t& walked) {
  ListWalk elements(l);
  for (Value v; elements.next(v);) {
    if (++walked > kMaxBuiltText) return false;
    if (v.kind() != Kind::List || depth == 0) {
      out.push_back(std::move(v));
      continue;
    }
    if (!flatten_into(v.as_list(), depth - 1, out, walked)) return false;
  }
  return true;
}

Value flatten(const ListValue& l, std::int64_t depth) {
  if (depth < 0) return Value::error("level must be non-negative");
  std::vector<Value> out;
  std::size_t walked = 0;
  if (!flatten_into(l, depth, out, walked)) return list_too_long("flatten", walked);
  return list_of(std::move(out));
}

bool same_type(const Value& a, const Value& b) {
  return a.kind() == b.kind() && (a.kind() != Kind::Opaque || a.type_name() == b.type_name());
}

// The list reordered as its keys sort, with Go's sort.Slice: equal keys keep the places the
// unstable sort leaves them in.
Value sort_by_keys(const Value& list, const ListValue& keys) {
  const ListValue& l = list.as_list();
  if (l.size() != keys.size())
    return Value::error(
        "@sortByAssociatedKeys() expected a list of the same size as the associated keys list, but got " +
        std::to_string(l.size()) + " and " + std::to_string(keys.size()) + " elements respectively");
  if (l.size() == 0) return list;
  const Value first = keys.get(0);
  if (!is_comparable(first)) return Value::error("list elements must be comparable");
  std::vector<std::size_t> order(l.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  bool mixed = false;
  go_sort_slice(
      order.size(),
      [&](std::size_t i, std::size_t j) {
        const Value a = keys.get(order[i]), b = keys.get(order[j]);
        if (!same_type(a, first) || !same_type(b, first)) {
          mixed = true;
          return false;
        }
        return cel_compare(a, b) == -1;
      },
      [&](std::size_t i, std::size_t j) { std::swap(order[i], order[j]); });
  if (mixed) return Value::error("list elements must have the same type");
  std::vector<Value> out;
  out.reserve(order.size());
  for (std::size_t i : order) out.push_back(l.get(i));
  return list_of(std::move(out));
}

Value distinct(const Value& list) {
  const ListValue& l = list.as_list();
  if (l.size() == 0) return list;
  std::vector<Value> out;
  for (std::size_t i = 0; i < l.size(); ++i) {
    Value v = l.get(i);
    bool seen = false;
    for (const Value& u : out) {
      auto e = equals(v, u);
      if (e && *e) {
        seen = true;
        break;
      }
    }
    if (!seen) out.push_back(std::move(v));
  }
  return list_of(std::move(out));
}

}  // namespace

void add_ext_lists_library(Env& env, std::uint32_t version) {
  const bool priced = version >= 3;
  const Type t = Type::param("T");
  const Type lt = Type::list(t);
  env.add_function("slice", {own_cost(make_overload("list_slice", {lt, T("int"), T("int")}, lt,
                                                    [priced](Args a, EvalContext& c) {
                                                      // The price is the result's size, known before it is built.
                                                      const std::int64_t start = a[1].as_int(), end = a[2].as_int();
                                                      const bool valid = start >= 0 && start <= end &&
                                                                         end <= static_cast<std::int64_t>(a[0].as_list().size());
                                                      const auto size = static_cast<std::uint64_t>(valid ? end - start : 1);  // an error sizes 1
                                                      if (!charge(c, priced, allocating(1, size))) return cost_limit_error();
                                                      return slice(a[0].as_list(), start, end);
                                                    }, true))});
  if (version >= 1) {
    Overload flat = own_cost(make_overload("list_flatten", {Type::list(lt)}, lt, [priced](Args a, EvalContext& c) {
      if (!charge(c, priced, allocating(1, actual_size(a[0])))) return cost_limit_error();
      if (a[0].kind() != Kind::List) return Value::error("no such overload: " + runtime_type_text(a[0]) + ".flatten()");
      return flatten(a[0].as_list(), 1);
    }, true));
    Overload flat_depth = own_cost(make_overload(
        "list_flatten_int", {Type::list(Type::dyn()), T("int")}, Type::list(Type::dyn()), [priced](Args a, EvalContext& c) {
          const double depth = a[1].kind() == Kind::Int ? static_cast<double>(a[1].as_int()) : 1.0;
          if (!charge(c, priced, allocating(depth, actual_size(a[0])))) return cost_limit_error();
          if (a[0].kind() != Kind::List || a[1].kind() != Kind::Int)
            return Value::error("no such overload: " + runtime_type_text(a[0]) + ".flatten(" +
                                runtime_type_text(a[1]) + ")");
          return flatten(a[0].as_list(), a[1].as_int());
        }, true));
    // Type guards are off: a receiver that is not a list meets the library's own error.
    flat.unguarded = flat_depth.unguarded = true;
    env.add_function("flatten", {std::move(flat), std::move(flat_depth)});
  }
  if (version < 2) return;
  mutable_impl(env).sort_by_macro = true;
  std::vector<Overload> sorts, by_keys;
  for (const char* name : kComparable) {
    const Type lu = Type::list(T(name));
    Overload s = own_cost(make_overload(std::string("list_") + name + "_sort", {lu}, lu, [priced](Args a, EvalContext& c) {
      if (a[0].kind() != Kind::List) {
        if (!charge(c, priced, 1)) return cost_limit_error();
        return Value::error("no such overload: sort");
      }
      if (!charge(c, priced, self_compare(a[0].as_list()))) return cost_limit_error();
      return sort_by_keys(a[0], a[0].as_list());
    }, true));
    s.unguarded = true;
    sorts.push_back(std::move(s));
    Overload k = own_cost(make_overload(std::string("list_") + name + "_sortByAssociatedKeys", {lt, lu}, lt,
                                        [priced](Args a, EvalContext& c) {
                                          if (a[0].kind() != Kind::List || a[1].kind() != Kind::List) {
                                            if (!charge(c, priced, 1)) return cost_limit_error();
                                            return Value::error("no such overload: @sortByAssociatedKeys");
                                          }
                                          if (!charge(c, priced, self_compare(a[1].as_list()))) return cost_limit_error();
                                          return sort_by_keys(a[0], a[1].as_list());
                                        }, true));
    k.unguarded = true;
    by_keys.push_back(std::move(k));
  }
  env.add_function("sort", std::move(sorts));
  env.add_function("@sortByAssociatedKeys", std::move(by_keys));
  env.add_function("lists.range", {own_cost(make_overload("lists_range", {T("int")}, Type::list(T("int")),
                                                          [priced](Args a, EvalContext& c) {
                                                            const std::int64_t n = a[0].as_int();
                                                            const std::uint64_t size = n > 0 ? static_cast<std::uint64_t>(n) : 0;
                                                            // Priced before the list is built: past the limit it never is.
                                                            if (!charge(c, priced, allocating(1, size))) return cost_limit_error();
                                                            std::vector<Value> out;
                                                            out.reserve(size);
                                                            for (std::int64_t i = 0; i < n; ++i) out.push_back(Value::int_(i));
                                                            return list_of(std::move(out));
                                                          }))});
  env.add_function("reverse", {own_cost(make_overload("list_reverse", {lt}, lt, [priced](Args a, EvalContext& c) {
                     const ListValue& l = a[0].as_list();
                     if (!charge(c, priced, allocating(1, l.size()))) return cost_limit_error();
                     std::vector<Value> out;
                     out.reserve(l.size());
                     for (std::size_t i = l.size(); i-- > 0;) out.push_back(l.get(i));
                     return list_of(std::move(out));
                   }, true))});
  env.add_function("distinct", {own_cost(make_overload("list_distinct", {lt}, lt, [priced](Args a, EvalContext& c) {
                     if (!charge(c, priced, self_compare(a[0].as_list()))) return cost_limit_error();
                     return distinct(a[0]);
                   }, true))});
}

}  // namespace podfit::cel
