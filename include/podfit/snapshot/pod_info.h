// framework.PodInfo: a pod with what every cycle would otherwise recompute.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "podfit/model/pod.h"
#include "podfit/snapshot/resource.h"

namespace podfit {

struct FeatureGates;

// kube-scheduler's stand-ins for a container's missing cpu / memory request (non-zero accounting only).
inline constexpr int64_t kDefaultMilliCpuRequest = 100;                // 0.1 core
inline constexpr int64_t kDefaultMemoryRequest = 200LL * 1024 * 1024;  // 200 MiB

// The pod's resource footprint as NodeInfo accounts it (PodInfo.CalculateResource).
struct PodResource {
  Resource resource;     // PodRequests with status resources, pod-level resources and overhead
  int64_t non0_cpu = 0;  // the same, each container's missing cpu counted as 100m
  int64_t non0_mem = 0;  // the same, each container's missing memory counted as 200MiB
};

// CalculateResource: the requests come from PodRequests with UseStatusResources =
// InPlacePodVerticalScaling and pod-level resources unless PodLevelResources is off. For the
// non-zero values every container (init and sidecar included) lacking a cpu/memory request
// gets the default; when pod-level requests are set, only resources the pod as a whole does
// not request get defaults (and pod-level values still override the container sum).
PodResource calculate_pod_resource(const Pod& pod, const FeatureGates& gates);

// Immutable once built; shared by the snapshot and by every cycle that reads it.
class PodInfo {
 public:
  // `pod` must outlive the PodInfo; the footprint is computed once, here.
  PodInfo(const Pod& pod, const FeatureGates& gates);

  const Pod& pod() const { return *pod_; }
  const PodResource& calculated() const { return resource_; }
  // podWithAffinity: spec.affinity has podAffinity or podAntiAffinity (even empty ones).
  bool has_affinity() const;
  // podWithRequiredAntiAffinity: podAntiAffinity with at least one required term.
  bool has_required_anti_affinity() const;

  // "namespace/name", the key messages use.
  std::string key() const { return pod_->metadata.namespace_ + "/" + pod_->metadata.name; }

 private:
  const Pod* pod_;
  PodResource resource_;
};

}  // namespace podfit
