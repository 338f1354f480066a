// Kubernetes' lists library: isSorted, sum, min, max, indexOf, lastIndexOf, and includes from
// version 1. Each call costs cost.go's traversal of its receiver, in place of the call's unit.
#include "internal.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;

Value no_such_overload() { return Value::error("no such overload"); }

// The element types the library templates its overloads over, in its order.
struct Named {
  const char* name;
  const char* type;
};
constexpr Named kComparable[] = {{"int", "int"},
                                 {"uint", "uint"},
                                 {"double", "double"},
                                 {"bool", "bool"},
                                 {"duration", "google.protobuf.Duration"},
                                 {"timestamp", "google.protobuf.Timestamp"},
                                 {"string", "string"},
                                 {"bytes", "bytes"}};
constexpr Named kSummable[] = {
    {"int", "int"}, {"uint", "uint"}, {"double", "double"}, {"duration", "google.protobuf.Duration"}};

Value is_sorted(const ListValue& l) {
  for (std::size_t i = 0; i < l.size(); ++i) {
    Value next = l.get(i);
    if (!is_comparable(next)) return no_such_overload();
    // An ordering error (other kinds, NaN) is not "greater", as in the library.
    if (i > 0 && cel_compare(l.get(i - 1), next) == 1) return Value::boolean(false);
  }
  return Value::boolean(true);
}

// Adds as cel-go's Adder of the accumulator does.
Value add(const Value& acc, const Value& next) {
  switch (acc.kind()) {
    case Kind::Int: {
      if (next.kind() != Kind::Int) return no_such_overload();
      std::int64_t r;
      if (__builtin_add_overflow(acc.as_int(), next.as_int(), &r)) return Value::error("integer overflow");
      return Value::int_(r);
    }
    case Kind::Uint: {
      if (next.kind() != Kind::Uint) return no_such_overload();
      std::uint64_t r;
      if (__builtin_add_overflow(acc.as_uint(), next.as_uint(), &r)) return Value::error("unsigned integer overflow");
      return Value::uint(r);
    }
    case Kind::Double:
      if (next.kind() != Kind::Double) return no_such_overload();
      return Value::double_(acc.as_double() + next.as_double());
    default:
      if (is_duration(acc) && is_duration(next)) return add_durations(acc, next);
      return no_such_overload();
  }
}

bool is_adder(const Value& v) {
  switch (v.kind()) {
    case Kind::Int:
    case Kind::Uint:
    case Kind::Double:
    case Kind::String:
    case Kind::Bytes:
    case Kind::List: return true;
    default: return is_timestamp(v) || is_duration(v);
  }
}

Value sum(const ListValue& l, Value acc) {
  for (std::size_t i = 0; i < l.size(); ++i) {
    Value next = l.get(i);
    if (!is_adder(next)) return no_such_overload();
    acc = add(acc, next);
    if (acc.is_error()) return acc;
  }
  return acc;
}

// min prefers an element its current choice compares greater than, max one it compares less.
Value extreme(const ListValue& l, bool want_min) {
  std::optional<Value> best;
  for (std::size_t i = 0; i < l.size(); ++i) {
    Value next = l.get(i);
    if (!is_comparable(next)) return no_such_overload();
    if (!best) {
      best = next;
      continue;
    }
    if (cel_compare(*best, next) == (want_min ? 1 : -1)) best = next;
  }
  if (!best) return Value::error(std::string(want_min ? "min" : "max") + " called on empty list");
  return *best;
}

bool equal(const Value& a, const Value& b) {
  auto e = equals(a, b);
  return e && *e;
}

Value index_of(Args a, bool last) {
  const ListValue& l = a[0].as_list();
  const std::size_t n = l.size();
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = last ? n - 1 - k : k;
    if (equal(l.get(i), a[1])) return Value::int_(static_cast<std::int64_t>(i));
  }
  return Value::int_(-1);
}

Value includes(const Value& target, const Value& item) {
  if (target.kind() == Kind::List) {
    const ListValue& l = target.as_list();
    for (std::size_t i = 0; i < l.size(); ++i)
      if (equal(l.get(i), item)) return Value::boolean(true);
    return Value::boolean(false);
  }
  return Value::boolean(equal(target, item));
}

// cost.go prices every function of the library by a traversal of its receiver.
Overload traversing(const char* function, std::string id, std::vector<Type> params, Type result, Value (*f)(Args)) {
  return own_cost(make_overload(std::move(id), std::move(params), std::move(result), [f, function](Args a, EvalContext& c) {
    const std::optional<std::uint64_t> cost = kube_traversal_cost(a[0], cost_left(c));
    if (!cost) return list_too_long(function, actual_size(a[0]));
    if (!c.add_cost(*cost)) return cost_limit_error();
    return f(a);
  }, true));
}

}  // namespace

void add_lists_library(Env& env, std::uint32_t version) {
  std::vector<Overload> sorted, sums, mins, maxs;
  for (const Named& t : kComparable) {
    const Type lt = Type::list(T(t.type));
    const std::string n(t.name);
    sorted.push_back(traversing("isSorted", "list_" + n + "_is_sorted_bool", {lt}, T("bool"),
                                [](Args a) { return is_sorted(a[0].as_list()); }));
    mins.push_back(traversing("min", "list_" + n + "_min_" + n, {lt}, T(t.type),
                              [](Args a) { return extreme(a[0].as_list(), true); }));
    maxs.push_back(traversing("max", "list_" + n + "_max_" + n, {lt}, T(t.type),
                              [](Args a) { return extreme(a[0].as_list(), false); }));
  }
  for (const Named& t : kSummable) {
    const std::string n(t.name);
    Value (*f)(Args) = nullptr;
    if (n == "int") f = [](Args a) { return sum(a[0].as_list(), Value::int_(0)); };
    else if (n == "uint") f = [](Args a) { return sum(a[0].as_list(), Value::uint(0)); };
    else if (n == "double") f = [](Args a) { return sum(a[0].as_list(), Value::double_(0)); };
    else f = [](Args a) { return sum(a[0].as_list(), zero_duration()); };
    sums.push_back(traversing("sum", "list_" + n + "_sum_" + n, {Type::list(T(t.type))}, T(t.type), f));
  }
  env.add_function("isSorted", std::move(sorted));
  env.add_function("sum", std::move(sums));
  env.add_function("max", std::move(maxs));
  env.add_function("min", std::move(mins));
  const Type a = Type::param("A");
  env.add_function("indexOf", {traversing("indexOf", "list_a_index_of_int", {Type::list(a), a}, T("int"),
                                          [](Args x) { return index_of(x, false); })});
  env.add_function("lastIndexOf", {traversing("lastIndexOf", "list_a_last_index_of_int", {Type::list(a), a}, T("int"),
                                              [](Args x) { return index_of(x, true); })});
  if (version >= 1) {
    env.add_function("includes", {traversing("includes", "list_includes_dyn_dyn", {Type::dyn(), Type::dyn()}, T("bool"),
                                             [](Args x) { return includes(x[0], x[1]); })});
  }
}

}  // namespace podfit::cel
