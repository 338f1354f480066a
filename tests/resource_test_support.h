// Builders and comparisons for resource lists, containers, pods and nodes in resource tests.
#pragma once

#include <doctest/doctest.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "podfit/model/node.h"
#include "podfit/model/pod.h"
#include "podfit/model/resources.h"

namespace podfit::testing {

// {{"cpu", "1"}, {"memory", "5Gi"}} -> ResourceList; every quantity must parse.
inline ResourceList rl(std::initializer_list<std::pair<const char*, const char*>> items) {
  ResourceList list;
  for (const auto& [name, text] : items) {
    std::string error;
    auto quantity = Quantity::parse(text, &error);
    if (!quantity) FAIL("bad quantity ", text, ": ", error);
    list.set(name, *quantity);
  }
  return list;
}

// "cpu=1,memory=5" for failure messages.
inline std::string describe(const ResourceList& list) {
  std::string out;
  for (const auto& [name, quantity] : list) {
    if (!out.empty()) out += ",";
    out += name + "=" + quantity.to_string();
  }
  return "{" + out + "}";
}

// equality.Semantic.DeepEqual for resource lists: same names, quantities equal by value.
inline bool same_list(const ResourceList& a, const ResourceList& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [name, quantity] : a) {
    const Quantity* other = b.find(name);
    if (other == nullptr || other->compare(quantity) != 0) return false;
  }
  return true;
}

#define CHECK_LIST(got, want) \
  CHECK_MESSAGE(::podfit::testing::same_list(got, want), "got ", ::podfit::testing::describe(got), " want ", \
                ::podfit::testing::describe(want))

// A container with the given requests and limits (nullopt: the field is absent).
inline Container container(std::string name, std::optional<ResourceList> requests,
                           std::optional<ResourceList> limits = std::nullopt) {
  Container c;
  c.name = std::move(name);
  c.resources.requests = std::move(requests);
  c.resources.limits = std::move(limits);
  return c;
}

// A restartable (sidecar) init container: restartPolicy Always.
inline Container sidecar(std::string name, std::optional<ResourceList> requests,
                         std::optional<ResourceList> limits = std::nullopt) {
  Container c = container(std::move(name), std::move(requests), std::move(limits));
  c.restart_policy = "Always";
  return c;
}

// A container status with allocatedResources and/or resources.
inline ContainerStatus container_status(std::string name, std::optional<ResourceList> allocated,
                                        std::optional<ResourceList> requests = std::nullopt,
                                        std::optional<ResourceList> limits = std::nullopt) {
  ContainerStatus cs;
  cs.name = std::move(name);
  cs.allocated_resources = std::move(allocated);
  if (requests || limits) cs.resources = ResourceRequirements{std::move(requests), std::move(limits), {}};
  return cs;
}

inline PodCondition resize_pending(std::string reason) {
  return PodCondition{"PodResizePending", "True", std::move(reason), ""};
}

inline Pod make_pod(std::string ns, std::string name, std::string uid = "") {
  Pod pod;
  pod.metadata.namespace_ = std::move(ns);
  pod.metadata.name = std::move(name);
  pod.metadata.uid = std::move(uid);
  return pod;
}

inline ContainerPort host_port(int32_t port, std::string protocol = "TCP", std::string ip = "") {
  ContainerPort p;
  p.container_port = port;
  p.host_port = port;
  p.protocol = std::move(protocol);
  p.host_ip = std::move(ip);
  return p;
}

inline Volume pvc_volume(std::string name, std::string claim) {
  Volume v;
  v.name = std::move(name);
  v.source.type = "persistentVolumeClaim";
  v.claim_name = std::move(claim);
  return v;
}

inline Node make_node(std::string name, ResourceList allocatable) {
  Node node;
  node.metadata.name = std::move(name);
  node.status.capacity = allocatable;
  node.status.allocatable = std::move(allocatable);
  return node;
}

}  // namespace podfit::testing
