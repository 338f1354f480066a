#include <fmt/format.h>

#include "podfit/admission/admission.h"
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
    const SourceRef& at = candidate.pod.origin;
    const std::string kind = candidate.workload ? candidate.workload->kind : std::string("Pod");
    const std::string& ns = candidate.workload ? candidate.workload->namespace_ : candidate.pod.metadata.namespace_;
    const std::string& name = candidate.workload ? candidate.workload->name : candidate.pod.metadata.name;
    std::string where = fmt::format("{}: document {}", at.file, at.document);
    if (at.item >= 0) where += fmt::format(", items[{}]", at.item);
    return fmt::format("{} ({} {}/{}), line {}: {}", where, kind, ns, name, at.line,
                       field::not_supported(fmt::format("{}.tolerations[{}].operator", pod_spec_path(candidate), i),
                                            field::json_quote(op), {"Equal", "Exists"}));
  }
  return std::nullopt;
}

}  // namespace podfit
