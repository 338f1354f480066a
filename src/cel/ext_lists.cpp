// Kubernetes' lists library: isSorted, sum, min, max, indexOf, lastIndexOf.
#include "internal.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;

// -1, 0, 1 for comparable values of one kind; 2 otherwise.
int compare(const Value& a, const Value& b) { return a.kind() == b.kind() ? order_values(a, b) : 2; }

Value extreme(Args a, bool want_min, const char* name) {
  const ListValue& l = a[0].as_list();
  if (l.size() == 0) return Value::error(std::string(name) + " called on empty list");
  Value best = l.get(0);
  for (std::size_t i = 1; i < l.size(); ++i) {
    Value v = l.get(i);
    int c = compare(v, best);
    if (c == 2) return no_matching_overload(name, a);
    if ((want_min && c < 0) || (!want_min && c > 0)) best = v;
  }
  return best;
}

Value index_of(Args a, bool last) {
  const ListValue& l = a[0].as_list();
  std::size_t n = l.size();
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t i = last ? n - 1 - k : k;
    auto e = equals(l.get(i), a[1]);
    if (e && *e) return Value::int_(static_cast<std::int64_t>(i));
  }
  return Value::int_(-1);
}

}  // namespace

void add_lists_library(Env& env) {
  std::vector<Overload> sorted, sum, mins, maxs;
  for (const char* t : {"int", "uint", "double", "bool", "string", "bytes"}) {
    Type lt = Type::list(T(t));
    std::string s(t);
    sorted.push_back(make_overload("list_" + s + "_is_sorted", {lt}, T("bool"), [](Args a, EvalContext& c) {
      const ListValue& l = a[0].as_list();
      c.add_cost(l.size() / 10);
      for (std::size_t i = 1; i < l.size(); ++i) {
        int r = compare(l.get(i - 1), l.get(i));
        if (r == 2) return no_matching_overload("isSorted", a);
        if (r > 0) return Value::boolean(false);
      }
      return Value::boolean(true);
    }, true));
    mins.push_back(make_overload("list_" + s + "_min", {lt}, T(t),
                                 [](Args a, EvalContext&) { return extreme(a, true, "min"); }, true));
    maxs.push_back(make_overload("list_" + s + "_max", {lt}, T(t),
                                 [](Args a, EvalContext&) { return extreme(a, false, "max"); }, true));
  }
  sum.push_back(make_overload("list_int_sum", {Type::list(T("int"))}, T("int"), [](Args a, EvalContext&) {
    const ListValue& l = a[0].as_list();
    std::int64_t s = 0;
    for (std::size_t i = 0; i < l.size(); ++i) {
      Value v = l.get(i);
      if (v.kind() != Kind::Int) return no_matching_overload("sum", a);
      if (__builtin_add_overflow(s, v.as_int(), &s)) return Value::error("integer overflow");
    }
    return Value::int_(s);
  }, true));
  sum.push_back(make_overload("list_uint_sum", {Type::list(T("uint"))}, T("uint"), [](Args a, EvalContext&) {
    const ListValue& l = a[0].as_list();
    std::uint64_t s = 0;
    for (std::size_t i = 0; i < l.size(); ++i) {
      Value v = l.get(i);
      if (v.kind() != Kind::Uint) return no_matching_overload("sum", a);
      if (__builtin_add_overflow(s, v.as_uint(), &s)) return Value::error("unsigned integer overflow");
    }
    return Value::uint(s);
  }, true));
  sum.push_back(make_overload("list_double_sum", {Type::list(T("double"))}, T("double"), [](Args a, EvalContext&) {
    const ListValue& l = a[0].as_list();
    double s = 0;
    for (std::size_t i = 0; i < l.size(); ++i) {
      Value v = l.get(i);
      if (v.kind() != Kind::Double) return no_matching_overload("sum", a);
      s += v.as_double();
    }
    return Value::double_(s);
  }, true));
  env.add_function("isSorted", std::move(sorted));
  env.add_function("sum", std::move(sum));
  env.add_function("min", std::move(mins));
  env.add_function("max", std::move(maxs));
  Type a = Type::param("A");
  env.add_function("indexOf", {make_overload("list_a_index_of_int", {Type::list(a), a}, T("int"),
                                             [](Args x, EvalContext&) { return index_of(x, false); }, true)});
  env.add_function("lastIndexOf", {make_overload("list_a_last_index_of_int", {Type::list(a), a}, T("int"),
                                                 [](Args x, EvalContext&) { return index_of(x, true); }, true)});
}

}  // namespace podfit::cel
