// Builders for the pods, nodes and NodeInfos plugin tests feed to PreFilter and Filter.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/status.h"
#include "podfit/model/node.h"
#include "podfit/model/pod.h"
#include "podfit/model/resources.h"
#include "podfit/snapshot/node_info.h"
#include "podfit/snapshot/pod_info.h"
#include "resource_test_support.h"

namespace podfit::testing {

// resource.NewMilliQuantity(v, DecimalSI): cpu in millicores.
inline Quantity milli(int64_t value) { return Quantity::from_milli(value); }
// resource.NewQuantity(v, BinarySI): memory, storage and hugepages in bytes.
inline Quantity bytes(int64_t value) { return Quantity::from_int(value, Quantity::Format::BinarySI); }
// resource.NewQuantity(v, DecimalSI): pods and extended resources.
inline Quantity count(int64_t value) { return Quantity::from_int(value); }

// v1.Taint{Key, Value, Effect}.
inline Taint taint(std::string key, std::string value, std::string effect) {
  Taint t;
  t.key = std::move(key);
  t.value = std::move(value);
  t.effect = std::move(effect);
  return t;
}
// v1.Toleration{Key, Operator, Value, Effect}; "" operator means Equal, "" effect every effect.
inline Toleration toleration(std::string key, std::string op, std::string value, std::string effect) {
  Toleration t;
  t.key = std::move(key);
  t.op = std::move(op);
  t.value = std::move(value);
  t.effect = std::move(effect);
  return t;
}
// "PROTOCOL/IP/PORT" as upstream's nodeports tests write a host port; empty parts stay empty.
inline ContainerPort host_port(const std::string& spec) {
  const auto first = spec.find('/');
  const auto second = spec.find('/', first + 1);
  ContainerPort p;
  p.protocol = spec.substr(0, first);
  p.host_ip = spec.substr(first + 1, second - first - 1);
  p.host_port = static_cast<int32_t>(std::stoi(spec.substr(second + 1)));
  return p;
}
// host_port over a list.
inline std::vector<ContainerPort> host_ports(const std::vector<std::string>& specs) {
  std::vector<ContainerPort> ports;
  for (const auto& spec : specs) ports.push_back(host_port(spec));
  return ports;
}

// st.MakePod() in the small: a fluent pod builder. Containers are named "c0", "c1"... and
// init containers "init0"... unless given whole.
class PodBuilder {
 public:
  explicit PodBuilder(std::string name = "pod", std::string ns = "default") {
    pod_.metadata.name = std::move(name);
    pod_.metadata.namespace_ = std::move(ns);
  }
  PodBuilder& uid(std::string uid) {
    pod_.metadata.uid = std::move(uid);
    return *this;
  }
  PodBuilder& label(std::string key, std::string value) {
    pod_.metadata.labels.set(key, std::move(value));
    return *this;
  }
  // spec.nodeName: the pod is bound to that node.
  PodBuilder& node(std::string name) {
    pod_.spec.node_name = std::move(name);
    return *this;
  }
  PodBuilder& container(Container c) {
    pod_.spec.containers.push_back(std::move(c));
    return *this;
  }
  PodBuilder& init_container(Container c) {
    pod_.spec.init_containers.push_back(std::move(c));
    return *this;
  }
  // A regular container with these requests.
  PodBuilder& req(ResourceList requests) {
    return container(testing::container("c" + std::to_string(pod_.spec.containers.size()), std::move(requests)));
  }
  // A (non-restartable) init container with these requests.
  PodBuilder& init_req(ResourceList requests) {
    return init_container(
        testing::container("init" + std::to_string(pod_.spec.init_containers.size()), std::move(requests)));
  }
  // A restartable (sidecar) init container with these requests.
  PodBuilder& sidecar_req(ResourceList requests) {
    return init_container(
        testing::sidecar("sidecar" + std::to_string(pod_.spec.init_containers.size()), std::move(requests)));
  }
  PodBuilder& overhead(ResourceList overhead) {
    pod_.spec.overhead = std::move(overhead);
    return *this;
  }
  // spec.resources.requests (pod-level resources).
  PodBuilder& pod_requests(ResourceList requests) {
    if (!pod_.spec.resources) pod_.spec.resources = ResourceRequirements{};
    pod_.spec.resources->requests = std::move(requests);
    return *this;
  }
  PodBuilder& condition(PodCondition condition) {
    pod_.status.conditions.push_back(std::move(condition));
    return *this;
  }
  PodBuilder& toleration(Toleration toleration) {
    pod_.spec.tolerations.push_back(std::move(toleration));
    return *this;
  }
  PodBuilder& node_selector(std::string key, std::string value) {
    pod_.spec.node_selector.set(key, std::move(value));
    return *this;
  }
  // spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.
  PodBuilder& required_node_affinity(NodeSelector selector) {
    if (!pod_.spec.affinity) pod_.spec.affinity.emplace();
    if (!pod_.spec.affinity->node_affinity) pod_.spec.affinity->node_affinity.emplace();
    pod_.spec.affinity->node_affinity->required = std::move(selector);
    return *this;
  }
  // st.ContainerPort: a regular container exposing these ports.
  PodBuilder& container_port(std::vector<ContainerPort> ports) {
    Container c;
    c.name = "c" + std::to_string(pod_.spec.containers.size());
    c.ports = std::move(ports);
    return container(std::move(c));
  }
  // st.InitContainerPort: an init container exposing these ports, restartable when `sidecar`.
  PodBuilder& init_container_port(bool sidecar, std::vector<ContainerPort> ports) {
    Container c;
    c.name = "init" + std::to_string(pod_.spec.init_containers.size());
    c.ports = std::move(ports);
    if (sidecar) c.restart_policy = "Always";
    return init_container(std::move(c));
  }
  Pod obj() const { return pod_; }
  operator Pod() const { return pod_; }

 private:
  Pod pod_;
};

// st.MakeNode() in the small: capacity and allocatable are set together unless set apart.
class NodeBuilder {
 public:
  explicit NodeBuilder(std::string name = "node") { node_.metadata.name = std::move(name); }
  NodeBuilder& label(std::string key, std::string value) {
    node_.metadata.labels.set(key, std::move(value));
    return *this;
  }
  NodeBuilder& capacity(ResourceList list) {
    node_.status.capacity = list;
    node_.status.allocatable = std::move(list);
    return *this;
  }
  NodeBuilder& allocatable(ResourceList list) {
    node_.status.allocatable = std::move(list);
    return *this;
  }
  NodeBuilder& taint(Taint taint) {
    node_.spec.taints.push_back(std::move(taint));
    return *this;
  }
  NodeBuilder& unschedulable(bool value = true) {
    node_.spec.unschedulable = value;
    return *this;
  }
  Node obj() const { return node_; }
  operator Node() const { return node_; }

 private:
  Node node_;
};

// Owns a node, the pods running on it and their PodInfos, so that the NodeInfo's pointers
// stay valid for as long as the fixture lives (moving it is safe, copying is not allowed).
class NodeInfoFixture {
 public:
  explicit NodeInfoFixture(Node node, std::vector<Pod> pods = {}, const FeatureGates& gates = FeatureGates{})
      : node_(std::make_unique<Node>(std::move(node))), info_(std::make_unique<NodeInfo>(node_.get())) {
    for (auto& pod : pods) add(std::move(pod), gates);
  }
  // AddPod: the pod counts toward the node from now on.
  const PodInfo* add(Pod pod, const FeatureGates& gates = FeatureGates{}) {
    pods_.push_back(std::make_unique<Pod>(std::move(pod)));
    pod_infos_.push_back(std::make_unique<PodInfo>(*pods_.back(), gates));
    info_->add_pod(pod_infos_.back().get());
    return pod_infos_.back().get();
  }
  const NodeInfo& info() const { return *info_; }
  NodeInfo& info() { return *info_; }
  const Node& node() const { return *node_; }

 private:
  std::unique_ptr<Node> node_;
  std::vector<std::unique_ptr<Pod>> pods_;
  std::vector<std::unique_ptr<PodInfo>> pod_infos_;
  std::unique_ptr<NodeInfo> info_;
};

// "Code: reason [detail]": one string that compares code, reasons and details at once.
inline std::string show(const Status& status) {
  std::string out{code_name(status.code())};
  for (const auto& reason : status.reasons()) out += ": " + reason;
  for (const auto& detail : status.details()) out += " [" + detail + "]";
  return out;
}

// "Code: reason": the same without podfit's details (kube-scheduler's view of the status).
inline std::string show_code_and_reasons(const Status& status) {
  std::string out{code_name(status.code())};
  for (const auto& reason : status.reasons()) out += ": " + reason;
  return out;
}

}  // namespace podfit::testing
