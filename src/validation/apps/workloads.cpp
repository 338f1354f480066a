// The API server's checks of apps/v1 workloads' specs (and a ReplicationController's template).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "podfit/model/field_errors.h"
#include "podfit/model/labels.h"
#include "validation/api_release.h"
#include "validation/apps/workloads.h"

namespace podfit {
namespace {

// A label map as Go's %#v prints it (keys in order), as v1.32 and v1.33 show bad values.
std::string go_map(const StringMap& labels) {
  std::vector<std::string> parts;
  for (const auto& [k, v] : labels) parts.push_back(field::go_quote(k) + ":" + field::go_quote(v));
  std::sort(parts.begin(), parts.end());
  return fmt::format("map[string]string{{{}}}", fmt::join(parts, ", "));
}

std::string template_labels_mismatch(const StringMap& template_labels) {
  return fmt::format("spec.template.metadata.labels: Invalid value: {}: `selector` does not match template `labels`",
                     api_release_changes().field_error_values_as_json ? field::json_map(template_labels)
                                                                     : go_map(template_labels));
}

}  // namespace

void validate_deployment_strategy(const DeploymentStrategy& s) {
  const std::string type = s.type.value_or("RollingUpdate");
  const bool as_json = api_release_changes().field_error_values_as_json;
  if (type == "Recreate") {
    if (s.has_rolling_update) {
      throw DecodeError{field::forbidden("spec.strategy.rollingUpdate", "may not be specified when strategy `type` is 'Recreate'"),
                        s.line};
    }
  } else if (type == "RollingUpdate") {
    if (s.max_surge == 0 && s.max_unavailable == 0) {
      const std::string value = as_json ? "0" : "intstr.IntOrString{Type:0, IntVal:0, StrVal:\"\"}";
      throw DecodeError{field::invalid("spec.strategy.rollingUpdate.maxUnavailable", value, "may not be 0 when `maxSurge` is 0"),
                        s.line};
    }
  } else {
    // The strategy itself is the value: its Go fields, as JSON from v1.34, with %#v before
    // (the rolling update's parameters, a pointer then, are not shown).
    const std::string value =
        as_json ? fmt::format("{{\"Type\":{},\"RollingUpdate\":null}}", field::json_quote(type))
                : fmt::format("apps.DeploymentStrategy{{Type:{}, RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}}",
                              field::go_quote(type));
    throw DecodeError{field::not_supported("spec.strategy", value, {"Recreate", "RollingUpdate"}), s.line};
  }
}

void validate_apps_selector(std::string_view kind, const std::optional<LabelSelector>& selector_spec,
                            const StringMap& template_labels, int spec_line) {
  // A DaemonSet's missing selector selects nothing, so no template's labels match it.
  if (!selector_spec && kind == "DaemonSet") throw DecodeError{template_labels_mismatch(template_labels), spec_line};
  if (!selector_spec) throw DecodeError{"spec.selector: Required value", spec_line};
  std::string error;
  std::optional<Selector> selector = Selector::from_label_selector(selector_spec, &error);
  if (!selector) throw DecodeError{fmt::format("spec.selector: {}", error), spec_line};
  // An empty selector would select every pod of the namespace; apps/v1 refuses it (ReplicaSets
  // with the Deployment's wording, as upstream's ValidateReplicaSetSpec words it).
  if (selector->empty()) {
    const std::string_view noun = kind == "StatefulSet" ? "statefulset" : kind == "DaemonSet" ? "daemonset" : "deployment";
    throw DecodeError{fmt::format("spec.selector: Invalid value: {{}}: empty selector is invalid for {}", noun),
                      spec_line};
  }
  if (!selector->empty() && !selector->matches(template_labels)) {
    throw DecodeError{template_labels_mismatch(template_labels), spec_line};
  }
}

void validate_pod_management_policy(const std::optional<std::string>& policy, int spec_line) {
  // An empty policy is defaulted to OrderedReady, as an absent one.
  if (policy && !policy->empty() && *policy != "OrderedReady" && *policy != "Parallel") {
    throw DecodeError{field::invalid("spec.podManagementPolicy", field::go_quote(*policy), "must be 'OrderedReady' or 'Parallel'"),
                      spec_line};
  }
}

void validate_long_running_template(const Value& v, std::string_view kind, const PodSpec& spec, int spec_line) {
  // They want their pods restarted whatever happens.
  if (spec.restart_policy != "Always") {
    throw DecodeError{field::not_supported("spec.template.spec.restartPolicy", field::json_quote(spec.restart_policy), {"Always"}),
                      spec_line};
  }
  // A pod that would end by deadline is refused; a Deployment's is named after its ReplicaSet.
  if (spec.active_deadline_seconds) {
    const std::string_view owner = kind == "Deployment" ? "ReplicaSet" : kind;
    reject(v, {"spec", "template", "spec", "activeDeadlineSeconds"},
           field::forbidden("spec.template.spec.activeDeadlineSeconds",
                            fmt::format("activeDeadlineSeconds in {} is not Supported", owner)));
  }
}

}  // namespace podfit
