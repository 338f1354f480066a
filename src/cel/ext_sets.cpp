// cel-go's sets extension: set relations over lists with CEL's heterogeneous equality.
#include "internal.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;

bool list_has(const ListValue& l, const Value& v) {
  for (std::size_t i = 0; i < l.size(); ++i) {
    // The element looked for is the left operand, as in cel-go's List.Contains.
    auto e = equals(v, l.get(i));
    if (e && *e) return true;
  }
  return false;
}

// Every element of b is in a.
bool contains_all(const ListValue& a, const ListValue& b) {
  for (std::size_t i = 0; i < b.size(); ++i)
    if (!list_has(a, b.get(i))) return false;
  return true;
}

// cel-go prices each set relation by m * n comparisons (twice for equivalence) and the call.
std::uint64_t relation_cost(std::span<const Value> a, double factor) {
  const std::uint64_t n = a[0].as_list().size() * a[1].as_list().size();
  return 1 + go_float_to_uint(static_cast<double>(n) * factor);
}

// False past the cost limit: the relation is then not computed.
bool charge(EvalContext& c, std::span<const Value> a, double factor) {
  return c.add_cost(c.overload_resolved() ? relation_cost(a, factor) : 1);
}

}  // namespace

void add_sets_library(Env& env) {
  Type la = Type::list(Type::param("A"));
  env.add_function("sets.contains", {own_cost(make_overload("list_sets_contains_list", {la, la}, Type::boolean(),
                                                            [](Args a, EvalContext& c) {
                                                              if (!charge(c, a, 1)) return cost_limit_error();
                                                              return Value::boolean(contains_all(a[0].as_list(), a[1].as_list()));
                                                            }))});
  env.add_function("sets.equivalent",
                   {own_cost(make_overload("list_sets_equivalent_list", {la, la}, Type::boolean(), [](Args a, EvalContext& c) {
                     if (!charge(c, a, 2)) return cost_limit_error();
                     return Value::boolean(contains_all(a[0].as_list(), a[1].as_list()) &&
                                           contains_all(a[1].as_list(), a[0].as_list()));
                   }))});
  env.add_function("sets.intersects",
                   {own_cost(make_overload("list_sets_intersects_list", {la, la}, Type::boolean(), [](Args a, EvalContext& c) {
                     if (!charge(c, a, 1)) return cost_limit_error();
                     const ListValue& x = a[0].as_list();
                     for (std::size_t i = 0; i < x.size(); ++i)
                       if (list_has(a[1].as_list(), x.get(i))) return Value::boolean(true);
                     return Value::boolean(false);
                   }))});
}

}  // namespace podfit::cel
