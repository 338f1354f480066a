#include "podfit/snapshot/host_port_info.h"

#include <utility>

namespace podfit {
namespace {

// sanitize: the API server leaves these empty when the manifest does.
void normalise(std::string& ip, std::string& protocol) {
  if (ip.empty()) ip = HostPortInfo::kBindAllHostIP;
  if (protocol.empty()) protocol = "TCP";
}

}  // namespace

void HostPortInfo::add(std::string ip, std::string protocol, int32_t port) {
  if (port <= 0) return;
  normalise(ip, protocol);
  entries_.insert(Entry{std::move(ip), std::move(protocol), port});
}

void HostPortInfo::remove(std::string ip, std::string protocol, int32_t port) {
  if (port <= 0) return;
  normalise(ip, protocol);
  entries_.erase(Entry{std::move(ip), std::move(protocol), port});
}

bool HostPortInfo::check_conflict(std::string ip, std::string protocol, int32_t port) const {
  if (port <= 0) return false;
  normalise(ip, protocol);
  if (ip == kBindAllHostIP) {
    for (const auto& entry : entries_) {
      if (entry.protocol == protocol && entry.port == port) return true;
    }
    return false;
  }
  return entries_.contains(Entry{kBindAllHostIP, protocol, port}) || entries_.contains(Entry{ip, protocol, port});
}

std::vector<ContainerPort> pod_host_ports(const Pod& pod, bool sidecars) {
  std::vector<ContainerPort> ports;
  for (const auto& c : pod.spec.init_containers) {
    if (!sidecars || !c.restart_policy || *c.restart_policy != "Always") continue;
    for (const auto& p : c.ports) {
      if (p.host_port > 0) ports.push_back(p);
    }
  }
  for (const auto& c : pod.spec.containers) {
    for (const auto& p : c.ports) {
      if (p.host_port > 0) ports.push_back(p);
    }
  }
  return ports;
}

}  // namespace podfit
