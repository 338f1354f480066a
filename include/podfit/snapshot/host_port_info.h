// framework.HostPortInfo: the (hostIP, protocol, hostPort) triples in use on a node.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "podfit/model/pod.h"

namespace podfit {

// A set, not a multiset: two pods using the same triple hold one entry, and removing either
// pod frees it (as kube-scheduler's map of sets does).
class HostPortInfo {
 public:
  // "0.0.0.0" binds every address, so it conflicts with any IP on the same protocol/port.
  static constexpr const char* kBindAllHostIP = "0.0.0.0";

  // Empty IP means 0.0.0.0, empty protocol means TCP; ports <= 0 are ignored.
  void add(std::string ip, std::string protocol, int32_t port);
  // Same normalisation as add; removing an absent triple does nothing.
  void remove(std::string ip, std::string protocol, int32_t port);
  // CheckConflict: 0.0.0.0 conflicts with the triple on any IP; another IP conflicts with
  // itself and with 0.0.0.0. Ports <= 0 never conflict.
  bool check_conflict(std::string ip, std::string protocol, int32_t port) const;
  // Len(): the number of distinct triples.
  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  struct Entry {
    std::string ip;
    std::string protocol;
    int32_t port;
    auto operator<=>(const Entry&) const = default;
  };
  const std::set<Entry>& entries() const { return entries_; }
  friend bool operator==(const HostPortInfo&, const HostPortInfo&) = default;

 private:
  std::set<Entry> entries_;
};

// GetHostPorts: the ports with hostPort > 0 of restartable (sidecar) init containers, then of
// regular containers, in spec order. Regular init containers are not included: they do not run
// for the pod's lifetime. Without `sidecars` (before v1.33.6 and v1.34), containers' only.
std::vector<ContainerPort> pod_host_ports(const Pod& pod, bool sidecars = true);

}  // namespace podfit
