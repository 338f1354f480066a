// NodePorts: node_ports_test.go (TestNodePorts, TestPreFilterDisabled, TestFits,
// TestNodePorts_DeferredResizeSkipped) plus edge cases for 0.0.0.0, protocols and details.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/feature_gates.h"
#include "podfit/plugins/node_ports.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr const char* kReason = "node(s) didn't have free ports for the requested pod ports";

using testing::host_ports;
using testing::NodeBuilder;
using testing::NodeInfoFixture;
using testing::PodBuilder;

// newPod: one container exposing the given host ports ("PROTOCOL/IP/PORT").
Pod pod_with_ports(const std::vector<std::string>& specs) {
  PodBuilder pod;
  if (!specs.empty()) pod.container_port(host_ports(specs));
  return pod;
}

// InitContainerPort: an init container with the ports, restartable (a sidecar) or not.
Pod pod_with_init_ports(bool sidecar, std::vector<ContainerPort> ports) {
  return PodBuilder().init_container_port(sidecar, std::move(ports));
}

// newNodeInfo: a node running the given pods.
NodeInfoFixture node_running(std::vector<Pod> pods) { return NodeInfoFixture(NodeBuilder("node1"), std::move(pods)); }

// "Code: reasons [details]" so that one comparison checks all three.
using testing::show;

Status taken(std::vector<std::string> details) { return Status(Code::Unschedulable, {kReason}, std::move(details)); }

struct Case {
  std::string name;
  Pod pod;
  std::vector<Pod> existing;  // pods already on the node
  Code want_pre_filter = Code::Success;
  Status want_filter = Status();
};

void run_cases(const std::vector<Case>& cases) {
  const FeatureGates gates;
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      auto plugin = new_node_ports(PluginContext{gates});
      const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
      const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
      NodeInfoFixture node = node_running(c.existing);
      PodInfo pod_info(c.pod, gates);
      CycleState state;
      PreFilterResult result;
      const Status pre = pre_filter.pre_filter(state, pod_info, snapshot, result);
      CHECK(show(pre) == show(Status(c.want_pre_filter)));
      CHECK(result.all_nodes());
      if (pre.is_success()) CHECK(show(filter.filter(state, pod_info, node.info())) == show(c.want_filter));
    }
  }
}

TEST_CASE("NodePorts: PreFilter and Filter") {
  ContainerPort tcp8001;
  tcp8001.container_port = 8001;
  tcp8001.host_port = 8001;
  tcp8001.protocol = "TCP";
  run_cases({
      {"skip filter", Pod{}, {}, Code::Skip},
      {"other port", pod_with_ports({"UDP/127.0.0.1/8080"}), {pod_with_ports({"UDP/127.0.0.1/9090"})}},
      {"same udp port", pod_with_ports({"UDP/127.0.0.1/8080"}), {pod_with_ports({"UDP/127.0.0.1/8080"})},
       Code::Success, taken({"host port 8080/UDP on 127.0.0.1 is already in use"})},
      {"same tcp port", pod_with_ports({"TCP/127.0.0.1/8080"}), {pod_with_ports({"TCP/127.0.0.1/8080"})},
       Code::Success, taken({"host port 8080/TCP on 127.0.0.1 is already in use"})},
      {"different host ip", pod_with_ports({"TCP/127.0.0.1/8080"}), {pod_with_ports({"TCP/127.0.0.2/8080"})}},
      {"different protocol", pod_with_ports({"UDP/127.0.0.1/8080"}), {pod_with_ports({"TCP/127.0.0.1/8080"})}},
      {"second udp port conflict", pod_with_ports({"UDP/127.0.0.1/8000", "UDP/127.0.0.1/8080"}),
       {pod_with_ports({"UDP/127.0.0.1/8080"})}, Code::Success,
       taken({"host port 8080/UDP on 127.0.0.1 is already in use"})},
      {"first tcp port conflict", pod_with_ports({"TCP/127.0.0.1/8001", "UDP/127.0.0.1/8080"}),
       {pod_with_ports({"TCP/127.0.0.1/8001", "UDP/127.0.0.1/8081"})}, Code::Success,
       taken({"host port 8001/TCP on 127.0.0.1 is already in use"})},
      {"first tcp port conflict due to 0.0.0.0 hostIP", pod_with_ports({"TCP/0.0.0.0/8001"}),
       {pod_with_ports({"TCP/127.0.0.1/8001"})}, Code::Success,
       taken({"host port 8001/TCP on 0.0.0.0 is already in use on 127.0.0.1"})},
      {"TCP hostPort conflict due to 0.0.0.0 hostIP", pod_with_ports({"TCP/10.0.10.10/8001", "TCP/0.0.0.0/8001"}),
       {pod_with_ports({"TCP/127.0.0.1/8001"})}, Code::Success,
       taken({"host port 8001/TCP on 0.0.0.0 is already in use on 127.0.0.1"})},
      {"second tcp port conflict to 0.0.0.0 hostIP", pod_with_ports({"TCP/127.0.0.1/8001"}),
       {pod_with_ports({"TCP/0.0.0.0/8001"})}, Code::Success,
       taken({"host port 8001/TCP on 127.0.0.1 is already in use on 0.0.0.0"})},
      {"second different protocol", pod_with_ports({"UDP/127.0.0.1/8001"}), {pod_with_ports({"TCP/0.0.0.0/8001"})}},
      {"UDP hostPort conflict due to 0.0.0.0 hostIP", pod_with_ports({"UDP/127.0.0.1/8001"}),
       {pod_with_ports({"TCP/0.0.0.0/8001", "UDP/0.0.0.0/8001"})}, Code::Success,
       taken({"host port 8001/UDP on 127.0.0.1 is already in use on 0.0.0.0"})},
      {"non-sidecar initContainer using hostPort", pod_with_init_ports(false, {tcp8001}),
       {pod_with_ports({"TCP/0.0.0.0/8001"})}, Code::Skip},
      {"TCP hostPort conflict from sidecar initContainer", pod_with_init_ports(true, {tcp8001}),
       {pod_with_ports({"TCP/0.0.0.0/8001"})}, Code::Success,
       taken({"host port 8001/TCP on 0.0.0.0 is already in use"})},
  });
}

TEST_CASE("NodePorts: edge cases") {
  ContainerPort container_only;  // containerPort without hostPort: nothing on the host
  container_only.container_port = 80;
  const Pod two_containers =
      PodBuilder().container_port(host_ports({"TCP/10.0.0.1/80"})).container_port(host_ports({"UDP/10.0.0.1/53"}));
  run_cases({
      {"a node without pods has every port free", pod_with_ports({"TCP/0.0.0.0/80"}), {}},
      {"a regular init container without ports skips the plugin", pod_with_init_ports(false, {}), {}, Code::Skip},
      {"containerPort only, in a container", PodBuilder().container_port({container_only}),
       {pod_with_ports({"TCP/0.0.0.0/80"})}, Code::Skip},
      {"empty host IP means 0.0.0.0 and conflicts with any IP", pod_with_ports({"TCP//80"}),
       {pod_with_ports({"TCP/10.0.0.1/80"})}, Code::Success,
       taken({"host port 80/TCP on 0.0.0.0 is already in use on 10.0.0.1"})},
      {"empty protocol means TCP", pod_with_ports({"/10.0.0.1/80"}), {pod_with_ports({"TCP/10.0.0.1/80"})},
       Code::Success, taken({"host port 80/TCP on 10.0.0.1 is already in use"})},
      {"empty protocol on the node's side means TCP too", pod_with_ports({"TCP/10.0.0.1/80"}),
       {pod_with_ports({"//80"})}, Code::Success, taken({"host port 80/TCP on 10.0.0.1 is already in use on 0.0.0.0"})},
      {"0.0.0.0 wanted, taken on several IPs: every holder is named", pod_with_ports({"TCP/0.0.0.0/80"}),
       {pod_with_ports({"TCP/10.0.0.2/80"}), pod_with_ports({"TCP/10.0.0.1/80"}), pod_with_ports({"UDP/10.0.0.3/80"})},
       Code::Success, taken({"host port 80/TCP on 0.0.0.0 is already in use on 10.0.0.1, 10.0.0.2"})},
      {"a specific IP taken both on itself and on 0.0.0.0", pod_with_ports({"TCP/10.0.0.1/80"}),
       {pod_with_ports({"TCP/10.0.0.1/80"}), pod_with_ports({"TCP/0.0.0.0/80"})}, Code::Success,
       taken({"host port 80/TCP on 10.0.0.1 is already in use on 0.0.0.0, 10.0.0.1"})},
      {"SCTP and TCP on the same port do not conflict", pod_with_ports({"SCTP/0.0.0.0/9000"}),
       {pod_with_ports({"TCP/0.0.0.0/9000"}), pod_with_ports({"UDP/0.0.0.0/9000"})}},
      {"SCTP conflicts with SCTP", pod_with_ports({"SCTP/10.0.0.1/9000"}), {pod_with_ports({"SCTP/0.0.0.0/9000"})},
       Code::Success, taken({"host port 9000/SCTP on 10.0.0.1 is already in use on 0.0.0.0"})},
      {"two specific IPs on the same port do not conflict", pod_with_ports({"UDP/10.0.0.1/53"}),
       {pod_with_ports({"UDP/10.0.0.2/53"})}},
      {"every conflicting port gets a detail, in the pod's order",
       pod_with_ports({"TCP/0.0.0.0/443", "TCP/0.0.0.0/8080", "UDP/0.0.0.0/53"}),
       {pod_with_ports({"UDP/0.0.0.0/53", "TCP/0.0.0.0/443"})}, Code::Success,
       taken({"host port 443/TCP on 0.0.0.0 is already in use", "host port 53/UDP on 0.0.0.0 is already in use"})},
      {"ports of every container count", two_containers, {pod_with_ports({"UDP/0.0.0.0/53"})}, Code::Success,
       taken({"host port 53/UDP on 10.0.0.1 is already in use on 0.0.0.0"})},
      {"a regular init container on the node does not hold its port", pod_with_ports({"TCP/0.0.0.0/8001"}),
       {pod_with_init_ports(false, host_ports({"TCP/0.0.0.0/8001"}))}},
      {"a sidecar on the node holds its port", pod_with_ports({"TCP/0.0.0.0/8001"}),
       {pod_with_init_ports(true, host_ports({"TCP/0.0.0.0/8001"}))}, Code::Success,
       taken({"host port 8001/TCP on 0.0.0.0 is already in use"})},
  });
}

TEST_CASE("NodePorts: Filter without PreFilter state is an Error") {
  // TestPreFilterDisabled
  const FeatureGates gates;
  NodePorts plugin(gates);
  Pod pod;
  PodInfo pod_info(pod, gates);
  NodeInfoFixture node = node_running({});
  CycleState state;
  const Status got = plugin.filter(state, pod_info, node.info());
  CHECK(show(got) == "Error: reading \"PreFilterNodePorts\" from cycleState: not found");
}

TEST_CASE("NodePorts: the PreFilter state survives CycleState::clone") {
  const FeatureGates gates;
  NodePorts plugin(gates);
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  Pod pod = pod_with_ports({"TCP/0.0.0.0/80"});
  PodInfo pod_info(pod, gates);
  NodeInfoFixture node = node_running({pod_with_ports({"TCP/10.0.0.1/80"})});
  CycleState state;
  PreFilterResult result;
  REQUIRE(plugin.pre_filter(state, pod_info, snapshot, result).is_success());
  const CycleState copy = state.clone();
  CHECK(show(plugin.filter(copy, pod_info, node.info())) ==
        show(taken({"host port 80/TCP on 0.0.0.0 is already in use on 10.0.0.1"})));
}

TEST_CASE("NodePorts: fits_ports") {
  // TestFits: the pod's host ports against those of a pod already on the node.
  struct Case {
    std::string desc;
    std::vector<std::string> pod;
    std::vector<std::string> existing;
    bool want;
  };
  const std::vector<Case> cases = {
      {"non-conflicting ports", {"TCP/127.0.0.1/80"}, {"TCP/127.0.0.1/9090"}, true},
      {"multiple non-conflicting ports",
       {"TCP/127.0.0.1/80", "TCP/127.0.1.1/80", "TCP/127.0.1.1/90", "TCP/127.0.1.1/100"},
       {"TCP/127.0.0.1/9090", "TCP/127.0.0.1/9191", "TCP/127.0.1.1/8080"},
       true},
      {"same ports on different protocols", {"TCP/127.0.0.1/80"}, {"UDP/127.0.0.1/80"}, true},
      {"conflicting ports", {"TCP/127.0.0.1/80"}, {"TCP/127.0.0.1/80"}, false},
      {"multiple ports, some conflicting",
       {"TCP/127.0.0.1/80", "TCP/127.0.1.1/80", "TCP/127.0.1.1/90", "TCP/127.0.1.1/100"},
       {"TCP/127.0.0.1/9090", "TCP/127.0.1.1/90", "TCP/127.0.1.1/8080"},
       false},
      // Edge cases.
      {"no wanted ports always fit", {}, {"TCP/0.0.0.0/80"}, true},
      {"wanted 0.0.0.0 against a specific IP", {"TCP/0.0.0.0/80"}, {"TCP/127.0.0.1/80"}, false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.desc.c_str()) {
      Pod pod = pod_with_ports(c.pod);
      NodeInfoFixture node = node_running({pod_with_ports(c.existing)});
      const auto want = pod_host_ports(pod);
      CHECK(fits_ports(want, node.info().used_ports()) == c.want);
      CHECK(port_conflict_details(want, node.info().used_ports()).empty() == c.want);
    }
  }
}

TEST_CASE("NodePorts: a Deferred resize skips the plugin when InPlacePodVerticalScalingSchedulerPreemption is on") {
  FeatureGates gates;
  gates.in_place_pod_vertical_scaling_scheduler_preemption = true;
  NodePorts plugin(gates);
  CHECK(plugin.name() == "NodePorts");
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  // Upstream's pod has no ports; a conflicting one shows the Filter really is bypassed.
  for (const auto& specs : {std::vector<std::string>{}, std::vector<std::string>{"TCP/0.0.0.0/80"}}) {
    CAPTURE(specs.size());
    Pod pod = pod_with_ports(specs);
    pod.status.conditions.push_back({"PodResizePending", "True", "Deferred", ""});
    PodInfo pod_info(pod, gates);
    NodeInfoFixture node = node_running({pod_with_ports({"TCP/0.0.0.0/80"})});
    CycleState state;
    PreFilterResult result;
    CHECK(show(plugin.pre_filter(state, pod_info, snapshot, result)) == "Skip");
    CHECK(show(plugin.filter(state, pod_info, node.info())) == "Success");
  }
}

}  // namespace
}  // namespace podfit
