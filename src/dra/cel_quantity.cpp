// Kubernetes' CEL quantity library over podfit's Quantity, down to the quirks expressions can observe.
#include "podfit/dra/cel_quantity.h"

#include <atomic>
#include <cmath>
#include <limits>
#include <memory>
#include <string>

namespace podfit::dra {
namespace {

using Args = std::span<const cel::Value>;

constexpr std::string_view kQuantityType = "kubernetes.Quantity";

class QuantityObject : public cel::OpaqueValue {
 public:
  QuantityObject(Quantity q, bool arithmetic) : q_(std::move(q)), arithmetic_(arithmetic) {}
  std::string_view type_name() const override { return kQuantityType; }
  bool equals(const cel::OpaqueValue& o) const override {
    const auto& other = static_cast<const QuantityObject&>(o);
    // Upstream's Equal accepts only a plain Quantity on the right, and add/sub return pointers.
    if (other.arithmetic_) return false;
    return q_.compare(other.q_) == 0;
  }
  std::string debug_string() const override { return q_.to_string(); }

  bool is_dec() const { return q_.is_dec() || promoted_.load(std::memory_order_relaxed); }
  void promote() const { promoted_.store(true, std::memory_order_relaxed); }
  // The quantity in the form upstream's would now have.
  Quantity current() const {
    Quantity q = q_;
    if (promoted_.load(std::memory_order_relaxed)) q.to_dec();
    return q;
  }
  const Quantity& value() const { return q_; }

 private:
  Quantity q_;
  bool arithmetic_;  // a result of add() or sub()
  // A one-way switch, so concurrent evaluations sharing a host value stay race-free.
  mutable std::atomic<bool> promoted_{false};
};

const QuantityObject& obj(const cel::Value& v) { return static_cast<const QuantityObject&>(v.as_opaque()); }

cel::Value make(Quantity q, bool arithmetic) {
  return cel::Value::opaque(std::make_shared<QuantityObject>(std::move(q), arithmetic));
}

// Kubernetes charges ceil(0.1 * characters) for parsing a string, in place of the call's unit.
void charge_parse(cel::EvalContext& ctx, std::string_view s) {
  std::size_t runes = 0;
  for (unsigned char c : s) runes += (c & 0xC0) != 0x80;
  const auto cost = static_cast<std::uint64_t>(std::ceil(static_cast<double>(runes) * 0.1));
  // The evaluator already counted the call's unit; an empty string costs 0 (adding 2^64-1 wraps to -1).
  ctx.add_cost(cost == 0 ? std::numeric_limits<std::uint64_t>::max() : cost - 1);
}

cel::Value parse(Args a, cel::EvalContext& ctx) {
  charge_parse(ctx, a[0].as_string());
  std::string error;
  auto q = Quantity::parse(a[0].as_string(), &error);
  if (!q) return cel::Value::error(error);
  return make(std::move(*q), false);
}

cel::Value is_quantity(Args a, cel::EvalContext& ctx) {
  charge_parse(ctx, a[0].as_string());
  return cel::Value::boolean(Quantity::parse(a[0].as_string()).has_value());
}

int compare(const QuantityObject& x, const QuantityObject& y) {
  // Upstream's Cmp converts its receiver in place (AsDec) when the other side is decimal.
  if (!x.is_dec() && y.is_dec()) x.promote();
  return x.value().compare(y.value());
}

cel::Value combine(Args a, bool subtract) {
  Quantity r = obj(a[0]).current();
  Quantity y = a[1].kind() == cel::Kind::Int ? Quantity::from_int(a[1].as_int(), Quantity::Format::DecimalExponent)
                                             : obj(a[1]).current();
  if (subtract) r.sub(y);
  else r.add(y);
  return make(std::move(r), true);
}

}  // namespace

cel::Type quantity_type() { return cel::Type::opaque(std::string(kQuantityType)); }

cel::Value quantity_value(const Quantity& q) { return make(q, false); }

std::optional<Quantity> quantity_of(const cel::Value& v) {
  if (v.kind() != cel::Kind::Opaque || v.type_name() != kQuantityType) return std::nullopt;
  return obj(v).current();
}

void add_quantity_library(cel::Env& env) {
  const cel::Type q = quantity_type();
  const cel::Type s = cel::Type::string(), b = cel::Type::boolean(), i = cel::Type::int_();
  env.add_type(std::string(kQuantityType), q);
  const auto overload = cel::make_overload;
  env.add_function("quantity", {overload("string_to_quantity", {s}, q, parse, false)});
  env.add_function("isQuantity", {overload("is_quantity_string", {s}, b, is_quantity, false)});
  // Upstream declares sign as a global function: sign(q), not q.sign().
  env.add_function("sign", {overload("quantity_sign", {q}, i, [](Args a, cel::EvalContext&) {
                      return cel::Value::int_(obj(a[0]).value().sign());
                    }, false)});
  env.add_function("isGreaterThan", {overload("quantity_is_greater_than", {q, q}, b, [](Args a, cel::EvalContext&) {
                      return cel::Value::boolean(compare(obj(a[0]), obj(a[1])) == 1);
                    }, true)});
  env.add_function("isLessThan", {overload("quantity_is_less_than", {q, q}, b, [](Args a, cel::EvalContext&) {
                      return cel::Value::boolean(compare(obj(a[0]), obj(a[1])) == -1);
                    }, true)});
  env.add_function("compareTo", {overload("quantity_compare_to", {q, q}, i, [](Args a, cel::EvalContext&) {
                      return cel::Value::int_(compare(obj(a[0]), obj(a[1])));
                    }, true)});
  env.add_function("asApproximateFloat", {overload("quantity_get_float", {q}, cel::Type::double_(),
                                                   [](Args a, cel::EvalContext&) {
                                                     return cel::Value::double_(
                                                         obj(a[0]).current().as_approximate_float64());
                                                   }, true)});
  env.add_function("asInteger", {overload("quantity_get_int", {q}, i, [](Args a, cel::EvalContext&) {
                      auto v = obj(a[0]).current().as_int64();
                      if (!v) return cel::Value::error("cannot convert value to integer");
                      return cel::Value::int_(*v);
                    }, true)});
  env.add_function("isInteger", {overload("quantity_is_integer", {q}, b, [](Args a, cel::EvalContext&) {
                      return cel::Value::boolean(obj(a[0]).current().as_int64().has_value());
                    }, true)});
  auto add = [](Args a, cel::EvalContext&) { return combine(a, false); };
  auto sub = [](Args a, cel::EvalContext&) { return combine(a, true); };
  env.add_function("add", {overload("quantity_add", {q, q}, q, add, true),
                           overload("quantity_add_int", {q, i}, q, add, true)});
  env.add_function("sub", {overload("quantity_sub", {q, q}, q, sub, true),
                           overload("quantity_sub_int", {q, i}, q, sub, true)});
}

}  // namespace podfit::dra
