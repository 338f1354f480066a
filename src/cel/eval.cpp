// The evaluator: walks the planned tree with CEL's semantics for errors, short-circuit
// logic, selection, indexing, comprehensions and function dispatch.
#include <array>
#include <cmath>
#include <new>
#include <optional>
#include <stdexcept>

#include "eval.h"
#include "internal.h"
#include "shared_values.h"

namespace podfit::cel {
namespace {

struct Frame {
  const Activation* act;
  EvalContext* ctx;
  struct Slot {
    std::string_view name;
    Value v;
    // An accumulator not yet read: cel-go evaluates its initial value at the first reference.
    const Expr* pending = nullptr;
    bool hidden = false;       // out of scope while the accumulator's initial value is evaluated
    bool growing = false;      // the accumulator started as an empty list or map
    std::uint8_t own = 0;      // on the accumulator: how many slots its comprehension pushed
  };
  // Comprehension variables, innermost last; held by index, as nested comprehensions grow it.
  std::vector<Slot> slots;
  bool cost_exceeded = false;

  static constexpr std::size_t kNone = SIZE_MAX;
  std::size_t local_slot(std::string_view name) const {
    for (std::size_t i = slots.size(); i-- > 0;)
      if (slots[i].name == name && !slots[i].hidden) return i;
    return kNone;
  }
  bool local(std::string_view name) const { return local_slot(name) != kNone; }
};

Value cost_error() { return Value::error(std::string(kCostLimitError)); }

bool charge(Frame& f, std::uint64_t c) {
  if (!f.ctx->add_cost(c)) {
    f.cost_exceeded = true;
    return false;
  }
  return true;
}

Value eval(const Expr& e, Frame& f);

// Evaluates an accumulator's initial value where the comprehension stands (its own variables
// out of scope), turning an empty list or map into a growing one.
void initialize_accumulator(std::size_t accu, Frame& f) {
  const Expr* init = f.slots[accu].pending;
  f.slots[accu].pending = nullptr;
  const std::uint8_t own = f.slots[accu].own;
  for (std::uint8_t i = 0; i < own; ++i) f.slots[accu + i].hidden = true;
  Value v = eval(*init, f);
  for (std::uint8_t i = 0; i < own; ++i) f.slots[accu + i].hidden = false;
  bool growing = false;
  f.slots[accu].v = accumulator_from(std::move(v), &growing);
  f.slots[accu].growing = growing;
}

bool valid_key_kind(Kind k) {
  return k == Kind::Int || k == Kind::Uint || k == Kind::Bool || k == Kind::String;
}

// Looks a key up in a map; doubles find integral int/uint keys as in cel-go.
std::optional<Value> map_lookup(const MapValue& m, const Value& key) {
  return m.find(key);
}

Value select_field(const Value& t, std::string_view field, bool test_only) {
  switch (t.kind()) {
    case Kind::Map: {
      auto v = t.as_map().find(Value::string_view(field));
      if (test_only) return Value::boolean(v.has_value());
      if (!v) return Value::error("no such key: " + std::string(field));
      return *v;
    }
    case Kind::Error: return t;
    default:
      return Value::error("type '" + std::string(t.type_name()) + "' does not support field selection");
  }
}

Value index_value(const Value& c, const Value& k) {
  if (c.is_error()) return c;
  if (k.is_error()) return k;
  if (c.kind() == Kind::List) {
    const ListValue& l = c.as_list();
    std::int64_t i;
    if (k.kind() == Kind::Int) {
      i = k.as_int();
    } else if (k.kind() == Kind::Uint) {
      if (k.as_uint() > static_cast<std::uint64_t>(INT64_MAX)) return Value::error("index out of range: " + k.debug_string());
      i = static_cast<std::int64_t>(k.as_uint());
    } else if (k.kind() == Kind::Double) {
      double d = k.as_double();
      if (d != std::trunc(d) || !(d > -9.2e18 && d < 9.2e18)) return Value::error("unsupported index value");
      i = static_cast<std::int64_t>(d);
    } else {
      return no_matching_overload("_[_]", std::array<Value, 2>{c, k});
    }
    if (i < 0 || static_cast<std::uint64_t>(i) >= l.size()) return Value::error("index out of range: " + std::to_string(i));
    return l.get(static_cast<std::size_t>(i));
  }
  if (c.kind() == Kind::Map) {
    if (!valid_key_kind(k.kind()) && k.kind() != Kind::Double) return Value::error("unsupported key type");
    auto v = map_lookup(c.as_map(), k);
    if (!v) return Value::error("no such key: " + key_text(k));
    return *v;
  }
  return no_matching_overload("_[_]", std::array<Value, 2>{c, k});
}

// Costs follow cel-go's model: identifiers and selections 1, calls 1 plus what the function
// adds for the size of its arguments (or only what an own_cost overload charges), list and map
// literals 10 and 30, constants nothing.
Value eval_ident(const Expr& e, Frame& f) {
  if (e.is_type_ident) return e.folded;
  if (!charge(f, 1)) return cost_error();
  if (!e.root_scope) {
    if (const std::size_t slot = f.local_slot(e.name); slot != Frame::kNone) {
      if (f.slots[slot].pending != nullptr) initialize_accumulator(slot, f);
      return f.slots[slot].v;
    }
  }
  auto v = f.act->resolve(e.name);
  if (v) return *v;
  for (const auto& alt : e.alternatives) {
    v = f.act->resolve(alt);
    if (v) return *v;
  }
  return Value::error("no such attribute(s): " + e.name);
}

// The root identifier of a select chain, if the chain is only identifiers and fields.
const Expr* chain_root(const Expr& e) {
  const Expr* p = &e;
  while (p->kind == Expr::K::Select && !p->test_only && !p->optional) p = p->target.get();
  return p->kind == Expr::K::Ident ? p : nullptr;
}

Value eval_select(const Expr& e, Frame& f) {
  if (!e.qualified.empty()) {
    // Unchecked: a.b.c may name a variable "a.b.c" or "a.b" unless a is a local.
    const Expr* root = chain_root(e);
    if (root && !f.local(root->name)) {
      for (const auto& q : e.qualified) {
        auto v = f.act->resolve(q);
        if (v) return *v;
      }
    }
  }
  Value t = eval(*e.target, f);
  if (t.is_error()) return t;
  if (!charge(f, 1)) return cost_error();
  if (e.optional) {
    if (t.kind() == Kind::Optional) {
      if (!t.optional_has_value()) return t;
      Value inner = t.optional_value();
      if (inner.kind() != Kind::Map) return select_field(inner, e.name, false);
      auto v = inner.as_map().find(Value::string_view(e.name));
      return v ? Value::optional_of(*v) : Value::optional_none();
    }
    if (t.kind() != Kind::Map) return select_field(t, e.name, false);
    auto v = t.as_map().find(Value::string_view(e.name));
    return v ? Value::optional_of(*v) : Value::optional_none();
  }
  if (t.kind() == Kind::Optional) {
    // Selecting through an optional yields an optional (cel-go's optional chaining).
    if (!t.optional_has_value()) return e.test_only ? Value::boolean(false) : t;
    const Value& inner = t.optional_value();
    if (e.test_only) return select_field(inner, e.name, true);
    if (inner.kind() == Kind::Map) {
      auto v = inner.as_map().find(Value::string_view(e.name));
      return v ? Value::optional_of(*v) : Value::optional_none();
    }
    return select_field(inner, e.name, false);
  }
  return select_field(t, e.name, e.test_only);
}

Value eval_list(const Expr& e, Frame& f) {
  if (!e.constant_literal && !charge(f, 10)) return cost_error();
  std::vector<Value> out;
  out.reserve(e.args.size());
  for (std::size_t i = 0; i < e.args.size(); ++i) {
    Value v = eval(*e.args[i], f);
    if (v.is_error()) return v;
    if (e.optional_entries.size() > i && e.optional_entries[i]) {
      if (v.kind() != Kind::Optional) return no_matching_overload("optional list element", std::array<Value, 1>{v});
      if (!v.optional_has_value()) continue;
      out.push_back(v.optional_value());
      continue;
    }
    out.push_back(std::move(v));
  }
  return Value::list(std::move(out));
}

Value eval_map(const Expr& e, Frame& f) {
  if (!e.constant_literal && !charge(f, 30)) return cost_error();
  auto m = std::make_shared<BuiltMap>();
  for (std::size_t i = 0; i + 1 < e.args.size(); i += 2) {
    Value k = eval(*e.args[i], f);
    if (k.is_error()) return k;
    if (!valid_key_kind(k.kind())) return Value::error("unsupported key type");
    Value v = eval(*e.args[i + 1], f);
    if (v.is_error()) return v;
    if (e.optional_entries.size() > i / 2 && e.optional_entries[i / 2]) {
      if (v.kind() != Kind::Optional) return no_matching_overload("optional map entry", std::array<Value, 1>{v});
      if (!v.optional_has_value()) continue;
      v = v.optional_value();
    }
    if (!m->insert(std::move(k), std::move(v))) return Value::error("Failed with repeated key");
  }
  return Value::map(std::move(m));
}

Value eval_comprehension(const Expr& e, Frame& f) {
  Value range = eval(*e.iter_range, f);
  if (range.is_error()) return range;
  if (range.kind() != Kind::List && range.kind() != Kind::Map)
    return Value::error("expression does not evaluate to a list or map: " + std::string(range.type_name()));
  std::size_t base = f.slots.size();
  const bool two = !e.iter_var2.empty();
  f.slots.push_back({e.accu_var, Value(), e.accu_init.get(), false, false, static_cast<std::uint8_t>(two ? 3 : 2)});
  bool is_list = range.kind() == Kind::List;
  std::size_t count = is_list ? range.as_list().size() : range.as_map().size();
  std::size_t iter_slot = base + 1;
  f.slots.push_back({e.iter_var, Value()});
  if (two) f.slots.push_back({e.iter_var2, Value()});
  std::optional<ListWalk> elements;
  if (is_list) elements.emplace(range.as_list());
  Value element;
  for (std::size_t i = 0; i < count; ++i) {
    if (is_list && !elements->next(element)) break;
    if (!two) {
      f.slots[iter_slot].v = is_list ? element : range.as_map().key_at(i);
    } else if (is_list) {
      f.slots[iter_slot].v = Value::int_(static_cast<std::int64_t>(i));
      f.slots[iter_slot + 1].v = element;
    } else {
      f.slots[iter_slot].v = range.as_map().key_at(i);
      auto v = range.as_map().find(f.slots[iter_slot].v);
      f.slots[iter_slot + 1].v = v ? *v : Value();
    }
    Value c = eval(*e.loop_cond, f);
    if (c.kind() == Kind::Bool && !c.as_bool()) break;
    if (c.is_error() && f.cost_exceeded) break;
    Value next = eval(*e.loop_step, f);
    f.slots[base].v = std::move(next);
    f.slots[base].pending = nullptr;
    if (f.cost_exceeded) break;
  }
  f.slots.resize(iter_slot);  // the accumulator stays visible to the result
  f.slots[base].own = 1;
  Value r = f.cost_exceeded ? cost_error() : eval(*e.result, f);
  if (f.slots[base].growing && !r.is_error()) freeze_accumulator(r);
  f.slots.resize(base);
  return r;
}

bool is_ordering(std::string_view fn) { return fn == "_<_" || fn == "_<=_" || fn == "_>_" || fn == "_>=_"; }

// cel-go orders through one binding for all kinds: an operand that can be ordered compares itself
// with the other, which fails without naming types; any other operand names the operator.
Value ordering_mismatch(std::string_view fn, const Value& lhs) {
  if (is_comparable(lhs)) return Value::error("no such overload");
  return Value::error("no such overload: " + std::string(fn));
}

// Dispatches a strict call to the first overload whose parameters accept the arguments.
Value dispatch(const Expr& e, std::span<const Value> args, Frame& f) {
  for (const Overload* o : e.overloads) {
    if (o->params.size() != args.size()) continue;
    bool ok = true;
    for (std::size_t i = 0; i < args.size() && ok && !o->unguarded; ++i) ok = value_matches(o->params[i], args[i]);
    if (!ok) continue;
    if (!o->own_cost && !charge(f, 1)) return cost_error();
    f.ctx->set_overload_resolved(e.resolved_overload);
    Value r = o->impl(args, *f.ctx);
    if (f.ctx->cost() > f.ctx->limit()) {
      f.cost_exceeded = true;
      return cost_error();
    }
    if (take_equality_cut_off()) return Value::error(std::string(kEqualityStepsError));
    return r;
  }
  if (!charge(f, 1)) return cost_error();
  if (is_ordering(e.name) && args.size() == 2) return ordering_mismatch(e.name, args[0]);
  return no_such_overload(e.name, args);
}

Value eval_call(const Expr& e, Frame& f) {
  const std::string& fn = e.name;
  // Special forms: evaluation order and error absorption are the language's.
  if (e.special == Special::And || e.special == Special::Or) {
    bool is_and = e.special == Special::And;
    Value a = eval(*e.args[0], f);
    if (a.kind() == Kind::Bool && a.as_bool() != is_and) return a;
    if (f.cost_exceeded) return cost_error();
    Value b = eval(*e.args[1], f);
    if (b.kind() == Kind::Bool && b.as_bool() != is_and) return b;
    if (a.kind() == Kind::Bool && b.kind() == Kind::Bool) return b;
    if (a.is_error()) return a;
    if (b.is_error()) return b;
    // cel-go's logical operators refuse a non-bool operand without naming types.
    return Value::error("no such overload");
  }
  if (e.special == Special::Ternary) {
    Value c = eval(*e.args[0], f);
    if (c.is_error()) return c;
    if (c.kind() != Kind::Bool) return Value::error("no such overload");
    return eval(*e.args[c.as_bool() ? 1 : 2], f);
  }
  if (e.special == Special::NotStrictlyFalse) {
    Value c = eval(*e.args[0], f);
    return Value::boolean(!(c.kind() == Kind::Bool && !c.as_bool()));
  }
  if (e.special == Special::OptionalOr || e.special == Special::OptionalOrValue) {
    Value t = eval(*e.target, f);
    if (t.is_error()) return t;
    if (t.kind() != Kind::Optional) return no_matching_overload(fn, std::array<Value, 1>{t});
    if (t.optional_has_value()) return e.special == Special::OptionalOr ? t : t.optional_value();
    Value alt = eval(*e.args[0], f);
    if (alt.is_error()) return alt;
    if (e.special == Special::OptionalOr && alt.kind() != Kind::Optional)
      return no_matching_overload(fn, std::array<Value, 2>{t, alt});
    return alt;
  }
  if (e.special == Special::Index || e.special == Special::OptIndex) {
    Value c = eval(*e.args[0], f);
    if (c.is_error()) return c;
    Value k = eval(*e.args[1], f);
    if (k.is_error()) return k;
    if (!charge(f, 1)) return cost_error();
    if (e.special == Special::OptIndex || c.kind() == Kind::Optional) {
      if (c.kind() == Kind::Optional) {
        if (!c.optional_has_value()) return c;
        c = c.optional_value();
      }
      if (c.kind() == Kind::Map) {
        if (!valid_key_kind(k.kind()) && k.kind() != Kind::Double) return Value::error("unsupported key type");
        auto v = map_lookup(c.as_map(), k);
        return v ? Value::optional_of(*v) : Value::optional_none();
      }
      if (c.kind() == Kind::List) {
        Value r = index_value(c, k);
        if (r.is_error()) {
          if (r.as_string().rfind("index out of range", 0) == 0) return Value::optional_none();
          return r;
        }
        return Value::optional_of(r);
      }
      return no_matching_overload("_[?_]", std::array<Value, 2>{c, k});
    }
    return index_value(c, k);
  }

  std::size_t n = e.args.size() + (e.target && !e.resolved_global ? 1 : 0);
  std::array<Value, 4> small;
  std::vector<Value> big;
  Value* argv = small.data();
  if (n > small.size()) {
    big.resize(n);
    argv = big.data();
  }
  std::size_t k = 0;
  const Value* first_error = nullptr;
  if (e.target && !e.resolved_global) {
    argv[k] = eval(*e.target, f);
    if (argv[k].is_error() && !first_error) first_error = &argv[k];
    ++k;
  }
  for (const auto& a : e.args) {
    argv[k] = eval(*a, f);
    if (argv[k].is_error() && !first_error) first_error = &argv[k];
    ++k;
    if (f.cost_exceeded) return cost_error();
  }
  if (first_error && !e.non_strict) return charge(f, 1) ? *first_error : cost_error();
  return dispatch(e, std::span<const Value>(argv, n), f);
}

Value eval(const Expr& e, Frame& f) {
  switch (e.kind) {
    case Expr::K::Const: return e.constant;
    case Expr::K::Ident: return eval_ident(e, f);
    case Expr::K::Select: return eval_select(e, f);
    case Expr::K::Call: return eval_call(e, f);
    case Expr::K::List: return eval_list(e, f);
    case Expr::K::Map: return eval_map(e, f);
    case Expr::K::Comprehension: return eval_comprehension(e, f);
    case Expr::K::Struct: return Value::error("message construction is not supported: " + e.name);
  }
  return Value::error("unknown expression");
}

}  // namespace

// A key as cel-go prints it with %v: "no such key" and "insert failed" errors.
std::string key_text(const Value& k) {
  switch (k.kind()) {
    case Kind::String: return std::string(k.as_string());
    case Kind::Uint: return std::to_string(k.as_uint());
    case Kind::Double: return format_double(k.as_double());
    default: return k.debug_string();
  }
}

EvalResult evaluate_expr(const Expr& root, const Activation& act, std::uint64_t cost_limit) {
  EvalContext ctx(cost_limit);
  Frame f{&act, &ctx, {}, false};
  EvalResult r;
  try {
    r.value = eval(root, f);
  } catch (const std::bad_alloc&) {
    // The bounds on built text and walked lists should stop any expression first.
    r.value = Value::error("operation cancelled: the evaluation ran out of memory");
  } catch (const std::length_error&) {
    r.value = Value::error("operation cancelled: the evaluation built a value longer than memory can hold");
  } catch (const std::exception& ex) {
    r.value = Value::error(std::string("internal error: ") + ex.what());
  }
  if (f.cost_exceeded) r.value = cost_error();
  r.cost = ctx.cost();
  return r;
}

}  // namespace podfit::cel
