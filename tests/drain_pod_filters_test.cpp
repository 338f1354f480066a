// kubectl drain's pod filters, as kubectl's drain package tests them (TestDeleteOrEvict's and
// TestGetPodsForDeletion's cases in k8s.io/kubectl/pkg/drain): one row per pod shape, with and
// without --force and --delete-emptydir-data.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "podfit/drain/pod_filters.h"

namespace podfit {
namespace {

enum class Shape { Managed, DaemonSet, Mirror, Unmanaged, EmptyDir, UnmanagedEmptyDir, MirrorEmptyDir };

Pod make_pod(Shape shape, std::string phase = "Running") {
  Pod pod;
  pod.metadata.name = "p";
  pod.metadata.namespace_ = "ns";
  pod.status.phase = std::move(phase);
  auto own = [&](std::string kind, std::string name) {
    OwnerReference ref;
    ref.kind = std::move(kind);
    ref.name = std::move(name);
    ref.controller = true;
    pod.metadata.owner_references.push_back(ref);
  };
  auto empty_dir = [&] {
    Volume v;
    v.name = "scratch";
    v.source.type = "emptyDir";
    pod.spec.volumes.push_back(v);
  };
  switch (shape) {
    case Shape::Managed: own("ReplicaSet", "rs"); break;
    case Shape::DaemonSet: own("DaemonSet", "ds"); break;
    case Shape::Mirror: pod.metadata.annotations.set("kubernetes.io/config.mirror", "hash"); break;
    case Shape::Unmanaged: break;
    case Shape::EmptyDir: own("ReplicaSet", "rs"); empty_dir(); break;
    case Shape::UnmanagedEmptyDir: empty_dir(); break;
    case Shape::MirrorEmptyDir:
      pod.metadata.annotations.set("kubernetes.io/config.mirror", "hash");
      empty_dir();
      break;
  }
  return pod;
}

constexpr const char* kUnmanaged = "cannot delete Pods that declare no controller (use --force to override)";
constexpr const char* kLocalStorage = "cannot delete Pods with local storage (use --delete-emptydir-data to override)";

struct Case {
  const char* name;
  Shape shape;
  std::string phase;
  DrainFlags flags;
  PodDrainFate want;
  std::string reason;  // "" when not checked word for word
};

TEST_CASE("kubectl drain's filters: keep, delete, replace or refuse") {
  const DrainFlags none{};
  const DrainFlags force{true, false};
  const DrainFlags emptydir{false, true};
  const DrainFlags both{true, true};
  const std::vector<Case> cases = {
      {"ReplicaSet pod: evicted and replaced", Shape::Managed, "Running", none, PodDrainFate::Replace, ""},
      {"DaemonSet pod: ignored (--ignore-daemonsets)", Shape::DaemonSet, "Running", none, PodDrainFate::Keep,
       "managed by DaemonSet ns/ds"},
      {"DaemonSet pod with --force: still ignored", Shape::DaemonSet, "Running", both, PodDrainFate::Keep,
       "managed by DaemonSet ns/ds"},
      {"finished DaemonSet pod: deleted", Shape::DaemonSet, "Succeeded", none, PodDrainFate::Delete, ""},
      {"mirror pod: skipped", Shape::Mirror, "Running", none, PodDrainFate::Keep, ""},
      {"mirror pod with --force: skipped", Shape::Mirror, "Running", force, PodDrainFate::Keep, ""},
      {"mirror pod with emptyDir: skipped before the local storage filter", Shape::MirrorEmptyDir, "Running", none,
       PodDrainFate::Keep, ""},
      {"unmanaged pod: refused", Shape::Unmanaged, "Running", none, PodDrainFate::Refuse, kUnmanaged},
      {"unmanaged pod with --delete-emptydir-data only: refused", Shape::Unmanaged, "Running", emptydir,
       PodDrainFate::Refuse, kUnmanaged},
      {"unmanaged pod with --force: deleted, not replaced", Shape::Unmanaged, "Running", force, PodDrainFate::Delete,
       "declares no controller: deleted (--force), nothing replaces it"},
      {"finished unmanaged pod: deleted without --force", Shape::Unmanaged, "Failed", none, PodDrainFate::Delete,
       "finished (Failed): deleted, nothing replaces it"},
      {"emptyDir pod: refused", Shape::EmptyDir, "Running", none, PodDrainFate::Refuse, kLocalStorage},
      {"emptyDir pod with --force only: refused", Shape::EmptyDir, "Running", force, PodDrainFate::Refuse,
       kLocalStorage},
      {"emptyDir pod with --delete-emptydir-data: evicted and replaced", Shape::EmptyDir, "Running", emptydir,
       PodDrainFate::Replace, ""},
      {"finished emptyDir pod: deleted without the flag", Shape::EmptyDir, "Succeeded", none, PodDrainFate::Delete,
       "finished (Succeeded): deleted, nothing replaces it"},
      {"unmanaged emptyDir pod: the local storage filter speaks first", Shape::UnmanagedEmptyDir, "Running", force,
       PodDrainFate::Refuse, kLocalStorage},
      {"unmanaged emptyDir pod with --delete-emptydir-data: the unreplicated filter", Shape::UnmanagedEmptyDir,
       "Running", emptydir, PodDrainFate::Refuse, kUnmanaged},
      {"unmanaged emptyDir pod with both flags: deleted", Shape::UnmanagedEmptyDir, "Running", both,
       PodDrainFate::Delete, ""},
      {"pending managed pod: replaced", Shape::Managed, "Pending", none, PodDrainFate::Replace, ""},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      const PodDrainVerdict got = classify_for_drain(make_pod(c.shape, c.phase), c.flags);
      CHECK(got.fate == c.want);
      if (!c.reason.empty()) CHECK(got.reason == c.reason);
      CHECK(got.reason.empty() == (c.want == PodDrainFate::Replace));
    }
  }
}

TEST_CASE("a pod's controller is the owner reference marked controller") {
  Pod pod = make_pod(Shape::Unmanaged);
  OwnerReference owner;
  owner.kind = "ReplicaSet";
  owner.name = "not-controller";
  pod.metadata.owner_references.push_back(owner);
  CHECK(controller_of(pod) == nullptr);
  // Only an owner that is not the controller: kubectl treats the pod as unmanaged.
  CHECK(classify_for_drain(pod, {}).fate == PodDrainFate::Refuse);
  pod.metadata.owner_references[0].controller = true;
  REQUIRE(controller_of(pod) != nullptr);
  CHECK(controller_of(pod)->name == "not-controller");
}

}  // namespace
}  // namespace podfit
