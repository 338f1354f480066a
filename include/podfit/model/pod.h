// v1.Pod: the fields kube-scheduler reads, after API server defaulting.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "podfit/model/affinity.h"
#include "podfit/model/meta.h"
#include "podfit/model/resources.h"
#include "podfit/model/taint.h"
#include "podfit/model/volume.h"

namespace podfit {

struct ContainerPort {
  std::string name;
  int32_t container_port = 0;
  int32_t host_port = 0;
  std::string protocol = "TCP";  // defaulted as the API server does
  std::string host_ip;
};

// v1.ContainerRestartRuleOnExitCodes: the exit codes a restart rule applies to.
struct ContainerRestartRuleOnExitCodes {
  std::string op;  // "In" or "NotIn"
  std::vector<int32_t> values;
};

// v1.ContainerRestartRule: what to do when the container exits with matching codes.
struct ContainerRestartRule {
  std::string action;  // "Restart" or "RestartAllContainers"
  std::optional<ContainerRestartRuleOnExitCodes> exit_codes;
};

// v1.VolumeMount: where a pod volume appears in a container.
struct VolumeMount {
  std::string name;
  std::string mount_path;
  std::vector<std::string> bind_mount_options;  // noexec, nodev, nosuid
};

struct Container {
  std::string name;
  std::string image;
  std::vector<ContainerPort> ports;
  ResourceRequirements resources;
  std::optional<std::string> restart_policy;  // "Always" marks a restartable (sidecar) init container
  std::vector<ContainerRestartRule> restart_policy_rules;
  std::vector<VolumeMount> volume_mounts;
};

struct PodCondition {
  std::string type;
  std::string status;
  std::string reason;
  std::string message;
};

struct ContainerStatus {
  std::string name;
  std::optional<ResourceList> allocated_resources;
  std::optional<ResourceRequirements> resources;
};

struct PodSchedulingGate {
  std::string name;
};

struct PodResourceClaim {
  std::string name;
  std::optional<std::string> resource_claim_name;
  std::optional<std::string> resource_claim_template_name;
};

// status.resourceClaimStatuses[]: the claim the resourceclaim controller created for a template
// claim of the pod; no resource_claim_name when it deliberately created none.
struct PodResourceClaimStatus {
  std::string name;
  std::optional<std::string> resource_claim_name;
};

struct PodSpec {
  std::string node_name;
  StringMap node_selector;
  std::optional<Affinity> affinity;
  std::vector<Toleration> tolerations;
  std::vector<Container> init_containers;
  std::vector<Container> containers;
  std::vector<Container> ephemeral_containers;  // the fields they share with containers
  std::optional<ResourceList> overhead;
  std::optional<ResourceRequirements> resources;  // pod-level resources
  std::vector<Volume> volumes;
  std::string scheduler_name = "default-scheduler";
  std::optional<int32_t> priority;
  std::string priority_class_name;
  std::optional<std::string> preemption_policy;
  std::optional<int64_t> active_deadline_seconds;  // set: a Terminating pod for quota scopes
  std::vector<TopologySpreadConstraint> topology_spread_constraints;
  std::vector<PodSchedulingGate> scheduling_gates;
  std::vector<PodResourceClaim> resource_claims;
  bool host_network = false;
  std::optional<bool> host_users;  // false: the pod runs in its own user namespace
  std::string restart_policy = "Always";
  std::string os_name;  // spec.os.name
  std::string runtime_class_name;
};

struct PodStatus {
  std::string phase;  // Pending, Running, Succeeded, Failed, Unknown ("" when absent)
  std::vector<PodCondition> conditions;
  std::vector<ContainerStatus> container_statuses;
  std::vector<ContainerStatus> init_container_statuses;
  std::string nominated_node_name;
  std::string start_time;  // status.startTime (RFC 3339); empty until the kubelet starts the pod
  std::string resize;  // legacy status.resize
  std::optional<ResourceRequirements> resources;      // pod-level status.resources
  std::optional<ResourceList> allocated_resources;    // pod-level status.allocatedResources
  std::vector<PodResourceClaimStatus> resource_claim_statuses;
};

struct Pod {
  ObjectMeta metadata;
  PodSpec spec;
  PodStatus status;
  SourceRef origin;
};

// True for a pod the API server has not created yet (a manifest or a workload's template):
// it has neither metadata.uid nor metadata.creationTimestamp.
inline bool is_uncreated(const Pod& pod) { return pod.metadata.uid.empty() && pod.metadata.creation_timestamp.empty(); }

}  // namespace podfit
