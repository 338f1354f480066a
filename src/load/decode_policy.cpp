// PriorityClass and PodDisruptionBudget: what preemption reads of them.
#include "decode.h"
#include "validate.h"

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

void decode_pod_disruption_budget(const Value& v, PodDisruptionBudget& out) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, out.metadata);
    else if (key == "spec") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "selector" && !x.is_null()) out.selector = decode_label_selector(x);
      });
    } else if (key == "status") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "disruptionsAllowed") {
          if (!x.is_null()) out.disruptions_allowed = x.int32();
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
