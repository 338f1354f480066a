// Which workload a checked pod stands for, as reports name it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace podfit {

// A Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, CronJob, ReplicationController or
// PodTemplate whose pod template is checked in place of a Pod.
struct WorkloadRef {
  std::string kind;        // as in the manifest: "Deployment", "CronJob", ...
  std::string namespace_;  // defaulted to "default"
  std::string name;
  // How many pods the controller keeps: spec.replicas (defaulted to 1), a Job's parallelism
  // bounded by its completions, a DaemonSet's count of nodes that should run its pod (known
  // once nodes are); nullopt for a PodTemplate.
  std::optional<int32_t> replicas;
};

}  // namespace podfit
