// ResourceQuota: the hard limits, scopes and status the ResourceQuota admission plugin reads.
#include "decode.h"
#include "validation/core/resource_quota.h"

namespace podfit {
namespace {

ScopedResourceSelectorRequirement decode_scope_requirement(const Value& v) {
  ScopedResourceSelectorRequirement out;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "scopeName") out.scope_name = f.string();
    else if (key == "operator") out.operator_ = f.string();
    else if (key == "values") out.values = decode_strings(f);
  });
  return out;
}

}  // namespace

void decode_resource_quota(const Value& v, ResourceQuota& out) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, out.metadata);
    else if (key == "spec") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "hard") out.spec_hard = decode_resource_list(x);
        else if (k == "scopes") out.scopes = decode_strings(x);
        else if (k == "scopeSelector" && !x.is_null()) {
          auto& expressions = out.scope_selector.emplace();
          x.fields([&](std::string_view s, const Value& e) {
            if (s == "matchExpressions") e.elements([&](const Value& r) { expressions.push_back(decode_scope_requirement(r)); });
          });
        }
      });
    } else if (key == "status") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "hard") out.status_hard = decode_resource_list(x);
        else if (k == "used") out.status_used = decode_resource_list(x);
      });
    }
  });
  if (out.metadata.name.empty()) fail_required(v, "metadata.name", "name or generateName is required");
  validate_resource_quota(v, out);
}

}  // namespace podfit
