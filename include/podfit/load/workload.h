// Workloads given to --pod: the pod each controller creates from its template, and the objects
// controllers create before that pod.
//
// Where the real value is a hash or a UID the API server or controller makes up
// (pod-template-hash, controller-revision-hash, controller-uid, generated name suffixes), podfit
// puts a deterministic stand-in of the same shape, derived from the workload's identity: label
// selectors and matchLabelKeys see a value, but never one that existing pods carry.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/model/cluster.h"
#include "podfit/model/workload.h"

namespace podfit {

// What makes one StatefulSet pod differ from the next: its ordinal and the claims named after it.
struct StatefulSetIdentity {
  std::string set_name;
  int32_t start = 0;    // spec.ordinals.start
  int32_t ordinal = 0;  // the ordinal of the pod checked
  std::string revision;  // controller-revision-hash label value ("<set>-<hash>", a stand-in)
  std::vector<PersistentVolumeClaim> claim_templates;  // spec.volumeClaimTemplates, as written
  StringMap selector_labels;  // spec.selector.matchLabels: the controller adds them to each claim
  Pod base;  // the pod from the template with the controller's labels and owner, before an ordinal
  // v1.32 and v1.33 create the StatefulSet without checking its template's pod spec: the
  // spec's first problem, which the API server's validation of each pod then refuses.
  std::string template_spec_error;
};

// Why the API server refuses to create a pod: an admission plugin's refusal (`pods "NAME" is
// forbidden: ...`), or, no plugin named, its validation of the pod as the mutating plugins left
// it (`Pod "NAME" is invalid: ...`, HTTP 422), which reports call the Validation stage.
struct AdmissionRefusal {
  std::string plugin;  // empty: the validation refuses it
  std::string message;
};

// One pod to check: a Pod given to --pod, or the pod a workload's controller creates.
struct Candidate {
  // The pod as the API server stores it once created: defaults, controller labels, owner and
  // name (a generated name is illustrative). A DaemonSet's pod is not pinned to a node yet.
  Pod pod;
  std::optional<WorkloadRef> workload;  // absent for a Pod
  std::optional<StatefulSetIdentity> stateful_set;
  std::optional<AdmissionRefusal> refused;  // set by admission: the pod is never created, so never scheduled
};

// AddOrUpdateDaemonPodTolerations: the tolerations every DaemonSet pod gets, so node problems
// (not-ready, unreachable, pressure, cordoning; network-unavailable with hostNetwork) neither
// keep it off a node nor evict it.
void add_daemon_pod_tolerations(PodSpec& spec);

// The DaemonSet controller's pod for one node: the daemon pod with its required node affinity
// replaced by one term matching metadata.name of that node (ReplaceDaemonSetPodNodeNameNodeAffinity).
Pod daemon_pod_for_node(const Pod& daemon_pod, std::string_view node_name);

// Gives a StatefulSet candidate the identity of `ordinal`: name <set>-<ordinal>, the pod-name and
// pod-index labels, and its claim-template volumes pointing at <template>-<set>-<ordinal>.
void set_stateful_set_ordinal(Candidate& candidate, int32_t ordinal);

// The claims a controller creates before its pod, as it creates them, each marked as synthesized
// in its origin: a StatefulSet pod's claim templates, and the generic ephemeral volume claims
// (<pod>-<volume>, owned by the pod) of a pod not created yet.
std::vector<PersistentVolumeClaim> controller_created_claims(const Candidate& candidate);

// controller_created_claims as the API server stores them once created: a claim that names no
// StorageClass gets the cluster state's default one (for pods created after the cluster state
// was read, such as the copies `podfit place` schedules).
std::vector<PersistentVolumeClaim> created_claims(const ClusterState& cluster, const Candidate& candidate);

// The resourceclaim controller's claims for a pod not created yet: for each spec.resourceClaims
// entry naming a ResourceClaimTemplate of `templates` (in the pod's namespace), a claim named
// <pod>-<entry>-<stand-in suffix> from the template, controlled by the pod, and the pod's
// status.resourceClaimStatuses entry naming it. An entry whose template is missing gets none, as
// the controller cannot create it.
std::vector<ResourceClaim> create_template_claims(Pod& pod, const std::vector<ResourceClaimTemplate>& templates);

// What prepare_candidates added to the cluster state: one "namespace/name (for ...)" per object.
struct CreatedByControllers {
  std::vector<std::string> volume_claims;
  std::vector<std::string> resource_claims;
};

// Readies candidates against the cluster state they will be checked in, as the controllers would
// act on it: a StatefulSet's pod takes the first ordinal with no pod in the cluster state (the pod
// the controller creates next); the claims of controller_created_claims that the cluster state
// lacks are added to it (with the default StorageClass applied, as on creation), so the volume
// plugins find them; pods not created yet get the ResourceClaims of their templates
// (create_template_claims), which join the cluster state.
CreatedByControllers prepare_candidates(ClusterState& cluster, std::vector<Candidate>& candidates);

}  // namespace podfit
