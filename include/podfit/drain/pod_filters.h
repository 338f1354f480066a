// kubectl drain's pod filters (k8s.io/kubectl/pkg/drain/filters.go): what happens to each pod
// of a node being drained, before any eviction is tried.
#pragma once

#include <string>

#include "podfit/model/pod.h"

namespace podfit {

// kubectl drain's flags that change the filters' verdicts. --ignore-daemonsets is always on:
// podfit answers where the pods go, and DaemonSet pods go nowhere.
struct DrainFlags {
  bool force = false;                 // --force: pods that declare no controller are deleted
  bool delete_emptydir_data = false;  // --delete-emptydir-data: pods with emptyDir volumes are evicted
};

// What kubectl drain does with one pod.
enum class PodDrainFate {
  Keep,     // not deleted: a DaemonSet's pod, or a static pod's mirror
  Delete,   // deleted and not replaced: a finished pod, or (--force) one that declares no controller
  Replace,  // evicted; its controller creates a replacement that the scheduler places
  Refuse,   // kubectl refuses to drain the node because of it
};

struct PodDrainVerdict {
  PodDrainFate fate = PodDrainFate::Replace;
  // Why it is kept, deleted or refused, in kubectl's words where kubectl has them; "" when replaced.
  std::string reason;
};

// The controller reference (the owner reference with controller: true), or nullptr.
const OwnerReference* controller_of(const Pod& pod);

// Succeeded or Failed: kubectl's filters let it go, and nothing replaces it.
bool is_finished(const Pod& pod);

// The filters in kubectl's order (DaemonSet, mirror, local storage, unreplicated), the first one
// that does not let the pod go deciding. A DaemonSet-managed pod is kept as with
// --ignore-daemonsets; the DaemonSet is taken to exist, as the cluster state holds no DaemonSets.
PodDrainVerdict classify_for_drain(const Pod& pod, const DrainFlags& flags);

}  // namespace podfit
