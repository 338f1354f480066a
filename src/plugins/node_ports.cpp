#include "podfit/plugins/node_ports.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "podfit/framework/names.h"
#include "podfit/model/pod_resources.h"

namespace podfit {
namespace {

// The pod's host ports, computed once per cycle.
struct NodePortsState final : StateData {
  std::vector<ContainerPort> ports;
  std::unique_ptr<StateData> clone() const override { return std::make_unique<NodePortsState>(*this); }
};

// What the API server would have stored for an empty field.
std::string effective_ip(const std::string& ip) { return ip.empty() ? HostPortInfo::kBindAllHostIP : ip; }
std::string effective_protocol(const std::string& protocol) { return protocol.empty() ? "TCP" : protocol; }

}  // namespace

NodePorts::NodePorts(const FeatureGates& gates)
    : skip_deferred_resize_(gates.in_place_pod_vertical_scaling_scheduler_preemption) {}

std::string_view NodePorts::name() const { return names::kNodePorts; }

Status NodePorts::pre_filter(CycleState& state, const PodInfo& pod, const Snapshot&, PreFilterResult&) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status(Code::Skip);
  auto data = std::make_unique<NodePortsState>();
  data->ports = pod.host_ports();
  if (data->ports.empty()) return Status(Code::Skip);
  state.write(std::string(kStateKey), std::move(data));
  return Status();
}

Status NodePorts::filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  if (skip_deferred_resize_ && is_pod_resize_deferred(pod.pod())) return Status();
  const auto* data = state.read<NodePortsState>(kStateKey);
  if (data == nullptr) return Status::error(fmt::format("reading \"{}\" from cycleState: not found", kStateKey));
  if (fits_ports(data->ports, node.used_ports())) return Status();
  return Status(Code::Unschedulable, {std::string(kErrReason)}, port_conflict_details(data->ports, node.used_ports()));
}

bool fits_ports(const std::vector<ContainerPort>& want, const HostPortInfo& used) {
  for (const auto& port : want) {
    if (used.check_conflict(port.host_ip, port.protocol, port.host_port)) return false;
  }
  return true;
}

std::vector<std::string> port_conflict_details(const std::vector<ContainerPort>& want, const HostPortInfo& used) {
  std::vector<std::string> details;
  for (const auto& port : want) {
    if (!used.check_conflict(port.host_ip, port.protocol, port.host_port)) continue;
    const std::string ip = effective_ip(port.host_ip);
    const std::string protocol = effective_protocol(port.protocol);
    // The addresses that hold the port: the same IP, 0.0.0.0, or any IP when the pod wants 0.0.0.0.
    std::vector<std::string> holders;
    for (const auto& entry : used.entries()) {
      if (entry.protocol != protocol || entry.port != port.host_port) continue;
      if (ip == HostPortInfo::kBindAllHostIP || entry.ip == ip || entry.ip == HostPortInfo::kBindAllHostIP) {
        holders.push_back(entry.ip);
      }
    }
    std::string line = fmt::format("host port {}/{} on {} is already in use", port.host_port, protocol, ip);
    if (!(holders.size() == 1 && holders.front() == ip)) line += fmt::format(" on {}", fmt::join(holders, ", "));
    details.push_back(std::move(line));
  }
  return details;
}

std::unique_ptr<Plugin> new_node_ports(const PluginContext& context) {
  return std::make_unique<NodePorts>(context.gates);
}

}  // namespace podfit
