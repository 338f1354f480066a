#include "podfit/drain/pod_filters.h"

#include <fmt/format.h>

namespace podfit {
namespace {

// corev1.MirrorPodAnnotationKey: the kubelet's copy of a static pod in the API.
constexpr std::string_view kMirrorPodAnnotation = "kubernetes.io/config.mirror";

// kubectl's texts (filters.go), with the "cannot delete" its error list puts before them.
constexpr std::string_view kLocalStorageFatal =
    "cannot delete Pods with local storage (use --delete-emptydir-data to override)";
constexpr std::string_view kUnmanagedFatal = "cannot delete Pods that declare no controller (use --force to override)";

bool has_local_storage(const Pod& pod) {
  for (const Volume& volume : pod.spec.volumes) {
    if (volume.source.type == "emptyDir") return true;
  }
  return false;
}

}  // namespace

const OwnerReference* controller_of(const Pod& pod) {
  for (const OwnerReference& owner : pod.metadata.owner_references) {
    if (owner.controller) return &owner;
  }
  return nullptr;
}

bool is_finished(const Pod& pod) { return pod.status.phase == "Succeeded" || pod.status.phase == "Failed"; }

PodDrainVerdict classify_for_drain(const Pod& pod, const DrainFlags& flags) {
  const OwnerReference* controller = controller_of(pod);
  const bool finished = is_finished(pod);
  // daemonSetFilter: a finished DaemonSet pod is deleted like any finished pod.
  if (controller != nullptr && controller->kind == "DaemonSet" && !finished) {
    return {PodDrainFate::Keep,
            fmt::format("managed by DaemonSet {}/{}", pod.metadata.namespace_, controller->name)};
  }
  // mirrorPodFilter: the API cannot delete it; the kubelet runs the static pod from its manifest.
  if (pod.metadata.annotations.find(kMirrorPodAnnotation) != nullptr) {
    return {PodDrainFate::Keep, "mirror pod of a static pod: the kubelet runs it from its manifest"};
  }
  if (finished) {
    return {PodDrainFate::Delete, fmt::format("finished ({}): deleted, nothing replaces it", pod.status.phase)};
  }
  // localStorageFilter, then unreplicatedFilter.
  if (has_local_storage(pod) && !flags.delete_emptydir_data) return {PodDrainFate::Refuse, std::string(kLocalStorageFatal)};
  if (controller == nullptr) {
    if (!flags.force) return {PodDrainFate::Refuse, std::string(kUnmanagedFatal)};
    return {PodDrainFate::Delete, "declares no controller: deleted (--force), nothing replaces it"};
  }
  return {PodDrainFate::Replace, ""};
}

}  // namespace podfit
