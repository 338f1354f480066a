// v1.Node: the fields kube-scheduler reads, after API server defaulting.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "podfit/model/meta.h"
#include "podfit/model/resources.h"
#include "podfit/model/taint.h"

namespace podfit {

struct NodeCondition {
  std::string type;
  std::string status;
  std::string reason;
  std::string message;
  std::string last_heartbeat_time;
  std::string last_transition_time;
};

struct ContainerImage {
  std::vector<std::string> names;
  int64_t size_bytes = 0;
};

struct NodeSpec {
  bool unschedulable = false;
  std::vector<Taint> taints;
  std::string provider_id;
  std::string pod_cidr;
};

struct NodeStatus {
  ResourceList capacity;
  ResourceList allocatable;  // defaulted to capacity when absent
  std::vector<NodeCondition> conditions;
  std::vector<ContainerImage> images;
  std::vector<std::string> declared_features;
  std::string kubelet_version;  // nodeInfo.kubeletVersion: the control plane runs this release or newer
};

struct Node {
  ObjectMeta metadata;
  NodeSpec spec;
  NodeStatus status;
  SourceRef origin;
};

}  // namespace podfit
