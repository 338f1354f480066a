#include <fmt/format.h>

#include "podfit/admission/admission.h"
#include "podfit/load/loader.h"
#include "podfit/load/pod_creation.h"
#include "podfit/model/field_errors.h"

namespace podfit {
namespace {

// Where a workload's pod spec sits in its manifest.
std::string_view pod_spec_path(const Candidate& candidate) {
  if (!candidate.workload) return "spec";
  const std::string& kind = candidate.workload->kind;
  if (kind == "CronJob") return "spec.jobTemplate.spec.template.spec";
  if (kind == "PodTemplate") return "template.spec";
  return "spec.template.spec";
}

}  // namespace

DroppedClaimFields drop_disabled_claim_fields(ResourceClaimSpec& spec, const FeatureGates& gates,
                                              std::string_view spec_path, bool in_template) {
  DroppedClaimFields out;
  const ReleaseChanges& changes = gates.changes;
  // v1.32 and v1.33 keep a request's fields on the request itself (resource.k8s.io/v1beta1).
  const bool nested = changes.dra_requests_under_exactly;
  auto request_path = [&](size_t i) { return fmt::format("{}.devices.requests[{}]", spec_path, i); };
  // The order of the strategies: prioritized list, device taints, admin access, consumable capacity.
  if (changes.dra_strategy_drops_first_available && !gates.dra_prioritized_list) {
    for (size_t i = 0; i < spec.requests.size(); ++i) {
      DeviceRequest& r = spec.requests[i];
      if (r.first_available.empty()) continue;
      r.first_available.clear();
      out.fields.emplace_back(request_path(i) + ".firstAvailable", "DRAPrioritizedList");
      // Nothing is left to ask for: validation refuses the request.
      if (!r.exactly && !out.error) {
        out.error = nested ? field::required(request_path(i), "exactly one of `exactly` or `firstAvailable` is required")
                           : field::required(request_path(i),
                                             "exactly one of `deviceClassName` or `firstAvailable` must be specified");
      }
    }
  }
  const bool drops_tolerations = in_template ? changes.dra_template_strategy_drops_tolerations
                                             : changes.dra_claim_strategy_drops_tolerations;
  if (drops_tolerations && !gates.dra_device_taints) {
    for (size_t i = 0; i < spec.requests.size(); ++i) {
      DeviceRequest& r = spec.requests[i];
      if (r.exactly && !r.exactly->tolerations.empty()) {
        r.exactly->tolerations.clear();
        out.fields.emplace_back(request_path(i) + ".exactly.tolerations", "DRADeviceTaints");
      }
      for (size_t j = 0; j < r.first_available.size(); ++j) {
        if (r.first_available[j].spec.tolerations.empty()) continue;
        r.first_available[j].spec.tolerations.clear();
        out.fields.emplace_back(fmt::format("{}.firstAvailable[{}].tolerations", request_path(i), j), "DRADeviceTaints");
      }
    }
  }
  if (!gates.dra_admin_access) {
    for (size_t i = 0; i < spec.requests.size(); ++i) {
      DeviceRequest& r = spec.requests[i];
      if (!r.exactly || !r.exactly->admin_access) continue;
      r.exactly->admin_access = false;
      out.fields.emplace_back(request_path(i) + (nested ? ".exactly.adminAccess" : ".adminAccess"), "DRAAdminAccess");
    }
  }
  if (changes.dra_strategy_drops_consumable_capacity && !gates.dra_consumable_capacity) {
    for (size_t i = 0; i < spec.constraints.size(); ++i) {
      DeviceConstraint& c = spec.constraints[i];
      if (!c.distinct_attribute) continue;
      c.distinct_attribute.reset();
      const std::string at = fmt::format("{}.devices.constraints[{}]", spec_path, i);
      out.fields.emplace_back(at + ".distinctAttribute", "DRAConsumableCapacity");
      if (!c.match_attribute && !out.error) {
        out.error = field::required(at, "exactly one of \"matchAttribute\" or \"distinctAttribute\" is required, but "
                                        "multiple fields are set");
      }
    }
    for (size_t i = 0; i < spec.requests.size(); ++i) {
      DeviceRequest& r = spec.requests[i];
      if (r.exactly && r.exactly->capacity) {
        r.exactly->capacity.reset();
        out.fields.emplace_back(request_path(i) + ".exactly.capacity", "DRAConsumableCapacity");
      }
      for (size_t j = 0; j < r.first_available.size(); ++j) {
        if (!r.first_available[j].spec.capacity) continue;
        r.first_available[j].spec.capacity.reset();
        out.fields.emplace_back(fmt::format("{}.firstAvailable[{}].capacity", request_path(i), j), "DRAConsumableCapacity");
      }
    }
  }
  return out;
}

std::optional<std::string> disabled_feature_field(const Candidate& candidate, const FeatureGates& gates) {
  if (!candidate.workload && !is_uncreated(candidate.pod)) return std::nullopt;  // accepted when it was created
  if (gates.taint_toleration_comparison_operators) return std::nullopt;
  const auto& tolerations = candidate.pod.spec.tolerations;
  for (size_t i = 0; i < tolerations.size(); ++i) {
    const std::string& op = tolerations[i].op;
    if (op != "Gt" && op != "Lt") continue;
    const std::string_view kind = candidate.workload ? std::string_view(candidate.workload->kind) : "Pod";
    const std::string& ns = candidate.workload ? candidate.workload->namespace_ : candidate.pod.metadata.namespace_;
    const std::string& name = candidate.workload ? candidate.workload->name : candidate.pod.metadata.name;
    return object_error(candidate.pod.origin, kind, ns, name,
                        field::not_supported(fmt::format("{}.tolerations[{}].operator", pod_spec_path(candidate), i),
                                             field::json_quote(op), {"Equal", "Exists"}));
  }
  return std::nullopt;
}

}  // namespace podfit
