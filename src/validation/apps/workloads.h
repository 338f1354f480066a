// pkg/apis/apps/validation's rules for the workloads given to --pod (Deployments, ReplicaSets,
// StatefulSets, DaemonSets; ReplicationControllers share the template's): the parts of a spec
// that decide whether the API server stores the workload at all. Each raises the first error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "validation/validate.h"

namespace podfit {

// A Deployment's spec.strategy as written: its type, and maxSurge/maxUnavailable when integers
// (a percentage is the 25% defaults' kind, not checked here).
struct DeploymentStrategy {
  std::optional<std::string> type;
  bool has_rolling_update = false;
  std::optional<int64_t> max_surge, max_unavailable;
  int line = 0;
};
// ValidateDeploymentStrategy after defaulting (an absent type is RollingUpdate, absent bounds 25%).
void validate_deployment_strategy(const DeploymentStrategy& strategy);
// A StatefulSet's spec.podManagementPolicy: OrderedReady or Parallel (empty is defaulted).
void validate_pod_management_policy(const std::optional<std::string>& policy, int spec_line);
// apps/v1's selector: required, valid, not empty, and selecting the template's labels.
void validate_apps_selector(std::string_view kind, const std::optional<LabelSelector>& selector,
                            const StringMap& template_labels, int spec_line);
// A template of a controller that keeps its pods running (apps/v1 kinds and
// ReplicationControllers): restartPolicy Always, no activeDeadlineSeconds. `v` is the workload.
void validate_long_running_template(const Value& v, std::string_view kind, const PodSpec& spec, int spec_line);

}  // namespace podfit
