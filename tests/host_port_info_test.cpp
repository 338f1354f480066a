// HostPortInfo and the pod's host ports (kube-scheduler framework types_test.go, util GetHostPorts).
#include <doctest/doctest.h>

#include "podfit/snapshot/host_port_info.h"
#include "resource_test_support.h"

namespace podfit {
namespace {

// hostPortInfoParam: protocol, ip, port (in that order, as upstream writes them).
struct Param {
  const char* protocol;
  const char* ip;
  int32_t port;
};

TEST_CASE("TestHostPortInfo_AddRemove") {
  struct Case {
    const char* name;
    std::vector<Param> added;
    std::vector<Param> removed;
    size_t length;
  };
  const Case cases[] = {
      {"normal add case",
       {{"TCP", "127.0.0.1", 79},
        {"UDP", "127.0.0.1", 80},
        {"TCP", "127.0.0.1", 81},
        {"TCP", "127.0.0.1", 82},
        {"TCP", "0.0.0.0", 79},
        {"UDP", "0.0.0.0", 80},
        {"TCP", "0.0.0.0", 81},
        {"TCP", "0.0.0.0", 82},
        {"TCP", "0.0.0.0", 0},
        {"TCP", "0.0.0.0", -1}},
       {},
       8},
      {"empty ip and protocol add should work",
       {{"", "127.0.0.1", 79},
        {"UDP", "127.0.0.1", 80},
        {"", "127.0.0.1", 81},
        {"", "127.0.0.1", 82},
        {"", "", 79},
        {"UDP", "", 80},
        {"", "", 81},
        {"", "", 82},
        {"", "", 0},
        {"", "", -1}},
       {},
       8},
      {"normal remove case",
       {{"TCP", "127.0.0.1", 79},
        {"UDP", "127.0.0.1", 80},
        {"TCP", "127.0.0.1", 81},
        {"TCP", "127.0.0.1", 82},
        {"TCP", "0.0.0.0", 79},
        {"UDP", "0.0.0.0", 80},
        {"TCP", "0.0.0.0", 81},
        {"TCP", "0.0.0.0", 82}},
       {{"TCP", "127.0.0.1", 79},
        {"UDP", "127.0.0.1", 80},
        {"TCP", "127.0.0.1", 81},
        {"TCP", "127.0.0.1", 82},
        {"TCP", "0.0.0.0", 79},
        {"UDP", "0.0.0.0", 80},
        {"TCP", "0.0.0.0", 81},
        {"TCP", "0.0.0.0", 82}},
       0},
      {"empty ip and protocol remove should work",
       {{"TCP", "127.0.0.1", 79},
        {"UDP", "127.0.0.1", 80},
        {"TCP", "127.0.0.1", 81},
        {"TCP", "127.0.0.1", 82},
        {"TCP", "0.0.0.0", 79},
        {"UDP", "0.0.0.0", 80},
        {"TCP", "0.0.0.0", 81},
        {"TCP", "0.0.0.0", 82}},
       {{"", "127.0.0.1", 79},
        {"", "127.0.0.1", 81},
        {"", "127.0.0.1", 82},
        {"UDP", "127.0.0.1", 80},
        {"", "", 79},
        {"", "", 81},
        {"", "", 82},
        {"UDP", "", 80}},
       0},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      HostPortInfo ports;
      for (const auto& p : c.added) ports.add(p.ip, p.protocol, p.port);
      for (const auto& p : c.removed) ports.remove(p.ip, p.protocol, p.port);
      CHECK(ports.size() == c.length);
    }
  }
}

TEST_CASE("TestHostPortInfo_Check") {
  struct Case {
    const char* name;
    std::vector<Param> added;
    Param check;
    bool want;
  };
  const Case cases[] = {
      {"empty check should check 0.0.0.0 and TCP", {{"TCP", "127.0.0.1", 80}}, {"", "", 81}, false},
      {"empty check should check 0.0.0.0 and TCP (conflicted)", {{"TCP", "127.0.0.1", 80}}, {"", "", 80}, true},
      {"empty port check should pass", {{"TCP", "127.0.0.1", 80}}, {"", "", 0}, false},
      {"0.0.0.0 should check all registered IPs", {{"TCP", "127.0.0.1", 80}}, {"TCP", "0.0.0.0", 80}, true},
      {"0.0.0.0 with different protocol should be allowed", {{"UDP", "127.0.0.1", 80}}, {"TCP", "0.0.0.0", 80}, false},
      {"0.0.0.0 with different port should be allowed",
       {{"TCP", "127.0.0.1", 79}, {"TCP", "127.0.0.1", 81}, {"TCP", "127.0.0.1", 82}},
       {"TCP", "0.0.0.0", 80},
       false},
      {"normal ip should check all registered 0.0.0.0", {{"TCP", "0.0.0.0", 80}}, {"TCP", "127.0.0.1", 80}, true},
      {"normal ip with different port/protocol should be allowed (0.0.0.0)",
       {{"TCP", "0.0.0.0", 79}, {"UDP", "0.0.0.0", 80}, {"TCP", "0.0.0.0", 81}, {"TCP", "0.0.0.0", 82}},
       {"TCP", "127.0.0.1", 80},
       false},
      {"normal ip with different port/protocol should be allowed",
       {{"TCP", "127.0.0.1", 79}, {"UDP", "127.0.0.1", 80}, {"TCP", "127.0.0.1", 81}, {"TCP", "127.0.0.1", 82}},
       {"TCP", "127.0.0.1", 80},
       false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) {
      HostPortInfo ports;
      for (const auto& p : c.added) ports.add(p.ip, p.protocol, p.port);
      CHECK(ports.check_conflict(c.check.ip, c.check.protocol, c.check.port) == c.want);
    }
  }
}

TEST_CASE("HostPortInfo: a triple used twice is one entry") {
  HostPortInfo ports;
  ports.add("", "", 80);
  ports.add("0.0.0.0", "TCP", 80);
  CHECK(ports.size() == 1);
  ports.remove("0.0.0.0", "TCP", 80);
  CHECK(ports.empty());
  CHECK_FALSE(ports.check_conflict("10.0.0.1", "TCP", 80));
}

TEST_CASE("pod_host_ports: sidecars first, then containers; regular init containers never") {
  Pod pod;
  Container init;
  init.name = "init";
  init.ports = {testing::host_port(7000)};
  Container side;
  side.name = "side";
  side.restart_policy = "Always";
  side.ports = {testing::host_port(8000, "UDP", "10.0.0.1"), testing::host_port(0)};
  Container main;
  main.name = "main";
  ContainerPort container_only;
  container_only.container_port = 8080;
  main.ports = {testing::host_port(9000), container_only};
  pod.spec.init_containers = {init, side};
  pod.spec.containers = {main};

  const auto ports = pod_host_ports(pod);
  REQUIRE(ports.size() == 2);
  CHECK(ports[0].host_port == 8000);
  CHECK(ports[0].protocol == "UDP");
  CHECK(ports[0].host_ip == "10.0.0.1");
  CHECK(ports[1].host_port == 9000);
}

}  // namespace
}  // namespace podfit
