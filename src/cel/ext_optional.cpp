// cel-go's optional types: optional.of/ofNonZeroValue/none, hasValue, value, or, orValue,
// optional.unwrap, and the syntax (.?f, [?k], {?k: v}, [?v], optMap, optFlatMap).
#include "internal.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;

bool is_zero(const Value& v) {
  switch (v.kind()) {
    case Kind::Null: return true;
    case Kind::Bool: return !v.as_bool();
    case Kind::Int: return v.as_int() == 0;
    case Kind::Uint: return v.as_uint() == 0;
    case Kind::Double: return v.as_double() == 0;
    case Kind::String:
    case Kind::Bytes: return v.as_string().empty();
    case Kind::List: return v.as_list().size() == 0;
    case Kind::Map: return v.as_map().size() == 0;
    case Kind::Optional: return !v.optional_has_value();
    default: return false;
  }
}

}  // namespace

void add_optional_library(Env& env) {
  mutable_impl(env).optional_syntax = true;
  env.add_type("optional_type", Type::optional(Type::dyn()));
  Type a = Type::param("A");
  Type opt_a = Type::optional(a);
  env.add_function("optional.of", {make_overload("optional_of", {a}, opt_a, [](Args x, EvalContext&) {
                     return Value::optional_of(x[0]);
                   })});
  env.add_function("optional.ofNonZeroValue",
                   {make_overload("optional_ofNonZeroValue", {a}, opt_a, [](Args x, EvalContext&) {
                     return is_zero(x[0]) ? Value::optional_none() : Value::optional_of(x[0]);
                   })});
  env.add_function("optional.none", {make_overload("optional_none", {}, opt_a,
                                                   [](Args, EvalContext&) { return Value::optional_none(); })});
  env.add_function("hasValue", {make_overload("optional_hasValue", {opt_a}, Type::boolean(),
                                              [](Args x, EvalContext&) {
                                                return Value::boolean(x[0].optional_has_value());
                                              },
                                              true)});
  env.add_function("value", {make_overload("optional_value", {opt_a}, a,
                                           [](Args x, EvalContext&) {
                                             if (!x[0].optional_has_value())
                                               return Value::error("optional.none() dereference");
                                             return x[0].optional_value();
                                           },
                                           true)});
  // or and orValue evaluate their argument only when needed; these entries serve the checker.
  Impl lazy = [](Args, EvalContext&) { return Value::error("special form evaluated as a function"); };
  env.add_function("or", {make_overload("optional_or_optional", {opt_a, opt_a}, opt_a, lazy, true)});
  env.add_function("orValue", {make_overload("optional_orValue_value", {opt_a, a}, a, lazy, true)});
  Impl unwrap = [](Args x, EvalContext&) {
    std::vector<Value> out;
    const ListValue& l = x[0].as_list();
    for (std::size_t i = 0; i < l.size(); ++i) {
      Value v = l.get(i);
      if (v.kind() != Kind::Optional) return no_matching_overload("optional.unwrap", x);
      if (v.optional_has_value()) out.push_back(v.optional_value());
    }
    return Value::list(std::move(out));
  };
  env.add_function("optional.unwrap",
                   {make_overload("optional_unwrap", {Type::list(opt_a)}, Type::list(a), unwrap)});
  env.add_function("unwrapOpt",
                   {make_overload("optional_unwrapOpt", {Type::list(opt_a)}, Type::list(a), unwrap, true)});
}

void add_bind_library(Env& env) { mutable_impl(env).bind_macro = true; }

}  // namespace podfit::cel
