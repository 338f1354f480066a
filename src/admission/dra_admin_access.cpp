// The claim strategies' admin access check: a ResourceClaim or ResourceClaimTemplate whose
// request asks for admin access is created only in a namespace labelled for it.
#include <fmt/format.h>

#include "podfit/admission/admission.h"
#include "podfit/load/loader.h"
#include "podfit/model/field_errors.h"

namespace podfit {
namespace {

// The first request asking for admin access (only `exactly` can), as the strategy looks for it.
std::optional<size_t> admin_request(const ResourceClaimSpec& spec) {
  for (size_t i = 0; i < spec.requests.size(); ++i) {
    if (spec.requests[i].exactly && spec.requests[i].exactly->admin_access) return i;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> admin_access_refusal(const ResourceClaimSpec& spec, std::string_view namespace_,
                                                const std::vector<const Namespace*>& namespaces,
                                                const FeatureGates& gates) {
  const std::string_view label = gates.changes.dra_admin_namespace_label;
  // Before v1.33 nothing checks; while the gate is off the strategy dropped the field.
  if (label.empty() || !gates.dra_admin_access) return std::nullopt;
  const std::optional<size_t> index = admin_request(spec);
  if (!index) return std::nullopt;
  for (const Namespace* ns : namespaces) {
    if (ns->metadata.name != namespace_) continue;
    const std::string* value = ns->metadata.labels.find(label);
    if (value != nullptr && *value == "true") return std::nullopt;
    // The path is the claim's even in a template: the strategy passes only the requests.
    return field::forbidden(fmt::format("spec.devices.requests[{}].adminAccess", *index),
                            fmt::format("admin access to devices requires the `{}: true` label on the containing "
                                        "namespace",
                                        label));
  }
  return std::nullopt;  // a namespace the input does not hold: its labels are unknown
}

std::optional<std::string> first_admin_access_refusal(const ClusterState& objects,
                                                      const std::vector<const Namespace*>& namespaces,
                                                      const FeatureGates& gates) {
  for (const ResourceClaim& claim : objects.resource_claims) {
    if (auto e = admin_access_refusal(claim.spec, claim.metadata.namespace_, namespaces, gates)) {
      return object_error(claim.origin, "ResourceClaim", claim.metadata.namespace_, claim.metadata.name, *e);
    }
  }
  for (const ResourceClaimTemplate& t : objects.resource_claim_templates) {
    if (auto e = admin_access_refusal(t.spec, t.metadata.namespace_, namespaces, gates)) {
      return object_error(t.origin, "ResourceClaimTemplate", t.metadata.namespace_, t.metadata.name, *e);
    }
  }
  return std::nullopt;
}

}  // namespace podfit
