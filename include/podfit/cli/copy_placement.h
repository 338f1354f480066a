// The pods a candidate stands for, made one at a time as its controller creates them, and each
// one's way through the API server (quotas) and the scheduling queue to one scheduling cycle:
// what `podfit place` does for every copy, and `podfit check` for a workload's replicas.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "podfit/framework/placement_profiles.h"
#include "podfit/framework/profiles.h"
#include "podfit/framework/registry.h"
#include "podfit/framework/scheduling_cycle.h"
#include "podfit/load/workload.h"
#include "podfit/model/cluster.h"
#include "podfit/report/fit_report.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// The most copies of one candidate placed unless --limit says otherwise.
inline constexpr size_t kDefaultPlacementLimit = 10000;

// How many copies to make: place's --replicas, --max and --limit.
struct CopyRequest {
  std::optional<int64_t> replicas;  // N copies named NAME-0 ...; default: the workload's own count
  bool max = false;                 // until one does not fit
  size_t limit = kDefaultPlacementLimit;
};

// The copies of one candidate: a Pod once under its own name (or N times with --replicas), a
// workload's replicas as its controller names them, a DaemonSet's pod for each node it runs on,
// a StatefulSet's missing ordinals.
class Copies {
 public:
  Copies(const Candidate& candidate, const ClusterState& cluster, const Snapshot& snapshot,
         const PluginContext& context, const CopyRequest& request, std::ostream& err);

  // How many copies to place; nullopt: until one does not fit.
  std::optional<size_t> count() const { return count_; }

  // The copy `index` (called with 0, 1, 2, ... in turn).
  Candidate make(size_t index);

 private:
  int32_t stateful_set_ordinal(size_t index);

  const Candidate* candidate_;
  bool renamed_ = false;
  std::string base_;
  std::optional<size_t> count_;
  std::vector<std::string> daemon_nodes_;
  std::vector<int32_t> ordinals_;
  std::set<std::string> existing_;  // names of the cluster state's pods in the StatefulSet's namespace
  int32_t next_ordinal_ = 0;
};

// What became of one copy.
struct CopyAttempt {
  // Why the copy never reached a scheduling cycle: Refused (the API server refuses to create it),
  // Unserved (no profile serves its schedulerName) or Gated (a PreEnqueue plugin holds it), with
  // `message`; empty when `cycle` ran.
  std::string stage;
  std::string message;
  CycleResult cycle;
  bool placed() const { return stage.empty() && cycle.bound(); }
};

// Places copies one after another into `snapshot`: the claims their controllers create join it,
// each copy created is charged to its namespace's quotas, each one placed stays assumed.
class CopyPlacer {
 public:
  // `charge_quotas`: the copies are new pods (from --pod), which the API server charges.
  CopyPlacer(const ClusterState& cluster, Snapshot& snapshot, const Profiles& profiles,
             const PlacementProfiles& placement, const FeatureGates& gates, bool charge_quotas);

  // One copy of `candidate`, made by Copies::make.
  CopyAttempt place(const Candidate& candidate, Candidate& copy);

  // "namespace/name" of the claims created for the copies: PersistentVolumeClaims (claim
  // templates, generic ephemeral volumes) and ResourceClaims (from templates).
  const std::vector<std::string>& created_claims() const { return created_claims_; }
  const std::vector<std::string>& created_resource_claims() const { return created_resource_claims_; }

 private:
  const ClusterState& cluster_;
  Snapshot& snapshot_;
  const Profiles& profiles_;
  const PlacementProfiles& placement_;
  const FeatureGates& gates_;
  bool charge_quotas_;
  std::vector<ResourceQuota> quotas_;
  std::vector<std::string> created_claims_;
  std::vector<std::string> created_resource_claims_;
};

// helper.DefaultSelector for the pods of the Deployments among `candidates`: their ReplicaSet's
// pods, which are exactly the pods carrying its pod-template-hash.
ControllerSelector deployment_selector(const std::vector<const Candidate*>& candidates);

// Whether `check` places a candidate's replicas: a workload whose controller keeps more than
// one pod (not a DaemonSet, whose pods check already verifies node by node, nor a PodTemplate).
bool has_replicas_to_place(const Candidate& candidate);

// A workload's replicas placed one scheduling cycle after another, as `podfit place` places
// them, into `snapshot` (which keeps them). Identical copies stop at the first not placed: the
// next would meet the same state; a StatefulSet's ordinals are tried to the last.
ReplicaOutcome place_replicas(const Candidate& candidate, const ClusterState& cluster, Snapshot& snapshot,
                              const Profiles& profiles, const PlacementProfiles& placement,
                              const PluginContext& context, std::ostream& err);

}  // namespace podfit
