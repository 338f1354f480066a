// The extension points after host selection: Reserve, PreBind and Bind
// (k8s.io/kube-scheduler/framework ReservePlugin, PreBindPlugin and BindPlugin).
#pragma once

#include <string>
#include <vector>

#include "podfit/framework/cycle_state.h"
#include "podfit/framework/plugin.h"
#include "podfit/framework/status.h"
#include "podfit/snapshot/pod_info.h"

namespace podfit {

class Snapshot;

// Reserve: sets aside on the chosen node what the pod will use (the volume binder's assumed
// volumes and claims), so that the pods scheduled next see it before this one is bound.
struct ReservePlugin : virtual Plugin {
  // Reserve(state, pod, nodeName); `snapshot` holds the assume caches the plugin writes.
  virtual Status reserve(CycleState& state, const PodInfo& pod, const std::string& node,
                         Snapshot& snapshot) const = 0;
  // Unreserve: undoes Reserve. Idempotent: when a later step fails, every Reserve plugin's
  // Unreserve runs, also for plugins whose Reserve did not.
  virtual void unreserve(CycleState& state, const PodInfo& pod, const std::string& node,
                         Snapshot& snapshot) const = 0;
};

// PreBind: the API writes a plugin makes before the pod is bound (the volume binder's updates of
// volumes and claims). podfit makes none: it describes each in `writes`, one line per object.
struct PreBindPlugin : virtual Plugin {
  // PreBindPreFlight: Skip when PreBind has nothing to do for the pod on `node`, else Success
  // (or Error). Only those three codes are valid.
  virtual Status pre_bind_pre_flight(const CycleState& state, const PodInfo& pod, const std::string& node) const {
    (void)state;
    (void)pod;
    (void)node;
    return Status();
  }
  virtual Status pre_bind(CycleState& state, const PodInfo& pod, const std::string& node,
                          std::vector<std::string>& writes) const = 0;
};

// v1.Binding as a binder posts it: the pod's name, namespace and uid, and the target Node.
struct PodBinding {
  std::string namespace_;
  std::string name;
  std::string uid;  // empty for a pod the API server has not created yet
  std::string node;
  friend bool operator==(const PodBinding&, const PodBinding&) = default;
};

// Bind: binds the pod to the node, or returns Skip to leave it to the next Bind plugin.
struct BindPlugin : virtual Plugin {
  // On Success, `binding` is what the plugin posted.
  virtual Status bind(const CycleState& state, const PodInfo& pod, const std::string& node,
                      PodBinding& binding) const = 0;
};

}  // namespace podfit
