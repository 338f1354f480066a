// PriorityClass and PodDisruptionBudget: what preemption reads of them.
#include <optional>

#include "decode.h"
#include "podfit/model/field_errors.h"
#include "validation/policy/disruption_budget.h"
#include "validation/scheduling/priority_class.h"
#include "validation/stored_object.h"
#include "validation/validate.h"

namespace podfit {

void decode_priority_class(const Value& v, PriorityClass& out) {
  bool has_value = false;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, out.metadata);
    else if (key == "value") {
      has_value = !f.is_null();
      if (has_value) out.value = f.int32();
    } else if (key == "globalDefault") {
      if (!f.is_null()) out.global_default = f.boolean();
    } else if (key == "preemptionPolicy") {
      if (!f.is_null()) {
        out.preemption_policy = f.string();
        if (out.preemption_policy.empty()) fail_required(v, "preemptionPolicy");
        check_enum(f, out.preemption_policy, {"PreemptLowerPriority", "Never"});
      }
    }
  });
  // PriorityClasses are cluster-scoped: decode_meta's namespace default does not apply.
  out.metadata.namespace_.clear();
  if (out.metadata.name.empty()) fail_required(v, "metadata.name", "name or generateName is required");
  if (!has_value) fail_required(v, "value");
  validate_priority_class(v, out);
}

namespace {

// An intstr.IntOrString member: a string as written, anything else read as an int32.
std::optional<IntOrString> decode_int_or_string(const Value& v) {
  if (v.is_null()) return std::nullopt;
  IntOrString out;
  if (v.type() == Value::Type::String) {
    out.is_string = true;
    out.text = v.string();
  } else {
    out.number = v.int32();
  }
  return out;
}

}  // namespace

void decode_pod_disruption_budget(const Value& v, PodDisruptionBudget& out) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, out.metadata);
    else if (key == "spec") {
      DisruptionBudgetSpec spec;
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "minAvailable") spec.min_available = decode_int_or_string(x);
        else if (k == "maxUnavailable") spec.max_unavailable = decode_int_or_string(x);
        else if (k == "selector" && !x.is_null()) spec.selector = read_label_selector(x);
        else if (k == "unhealthyPodEvictionPolicy" && !x.is_null()) spec.unhealthy_pod_eviction_policy = x.string();
      });
      strip_v1beta1_selector_label(spec);
      validate_disruption_budget_spec(f, spec);
      out.selector = std::move(spec.selector);
    } else if (key == "status") {
      f.fields([&](std::string_view k, const Value& x) {
        // The status the disruption controller writes passes ValidatePodDisruptionBudgetStatusUpdate:
        // a stored budget's counts are never negative (a new one's status is cleared on create).
        if (k == "disruptionsAllowed" || k == "currentHealthy" || k == "desiredHealthy" || k == "expectedPods") {
          const int32_t count = x.is_null() ? 0 : x.int32();
          if (count < 0 && decoding_stored_objects()) {
            reject(x, {}, field::invalid(x.path(), std::to_string(count), "must be greater than or equal to 0"));
          }
          if (k == "disruptionsAllowed") out.disruptions_allowed = count;
        } else if (k == "disruptedPods" && !x.is_null()) {
          x.fields([&](std::string_view name, const Value&) { out.disrupted_pods.insert(std::string(name)); });
        }
      });
    }
  });
  if (out.metadata.name.empty()) fail_required(v, "metadata.name", "name or generateName is required");
  validate_object_name(v, out.metadata.name);
}

}  // namespace podfit
