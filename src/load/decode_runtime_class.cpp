// RuntimeClass: what the RuntimeClass admission plugin reads of it.
#include "decode.h"
#include "validation/core/resources.h"
#include "validation/node/runtime_class.h"
#include "validation/validate.h"

namespace podfit {

void decode_runtime_class(const Value& v, RuntimeClass& out) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") {
      decode_meta(f, out.metadata);
    } else if (key == "handler") {
      out.handler = f.string();
    } else if (key == "overhead") {
      out.has_overhead = !f.is_null();
      f.fields([&](std::string_view k, const Value& x) {
        if (k != "podFixed" || x.is_null()) return;
        out.pod_fixed = decode_resource_list(x);
        validate_overhead(f, *out.pod_fixed);  // at "overhead", as podFixed is checked as limits there
      });
    } else if (key == "scheduling") {
      out.has_scheduling = !f.is_null();
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "nodeSelector" && !x.is_null()) {
          decode_string_map(x, out.node_selector.emplace());
          validate_labels(x, *out.node_selector);
        } else if (k == "tolerations") {
          x.elements([&](const Value& e) { out.tolerations.push_back(decode_toleration(e)); });
        }
      });
    }
  });
  // RuntimeClasses are cluster-scoped: decode_meta's namespace default does not apply.
  out.metadata.namespace_.clear();
  if (out.metadata.name.empty()) fail_required(v, "metadata.name", "name or generateName is required");
  validate_object_name(v, out.metadata.name);
  validate_runtime_class_handler(v, out.handler);
}

}  // namespace podfit
