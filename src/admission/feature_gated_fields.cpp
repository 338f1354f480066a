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
