// Kubernetes' CEL quantity library over podfit's Quantity.
#include "podfit/dra/cel_quantity.h"

#include <memory>
#include <string>

namespace podfit::dra {
namespace {

constexpr std::string_view kQuantityType = "kubernetes.Quantity";

class QuantityObject : public cel::OpaqueValue {
 public:
  explicit QuantityObject(Quantity q) : q_(std::move(q)) {}
  std::string_view type_name() const override { return kQuantityType; }
  bool equals(const cel::OpaqueValue& o) const override {
    return q_.compare(static_cast<const QuantityObject&>(o).q_) == 0;
  }
  std::string debug_string() const override { return q_.to_string(); }
  const Quantity& quantity() const { return q_; }

 private:
  Quantity q_;
};

}  // namespace

cel::Type quantity_type() { return cel::Type::opaque(std::string(kQuantityType)); }

cel::Value quantity_value(const Quantity& q) { return cel::Value::opaque(std::make_shared<QuantityObject>(q)); }

void add_quantity_library(cel::Env& env) { env.add_type(std::string(kQuantityType), quantity_type()); }

}  // namespace podfit::dra
