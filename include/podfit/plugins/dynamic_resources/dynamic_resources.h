// DynamicResources: kube-scheduler's DRA plugin. PreFilter finds the pod's ResourceClaims, and
// the special claim for extended resources DeviceClasses provide, and builds the structured
// allocator once; Filter checks allocated claims' node selectors and allocates the others on
// each node, with the special claim's requests for the extended resources the node does not
// advertise; Score prefers earlier firstAvailable alternatives; Reserve and PreBind record the
// allocation (creating the special claim) so that the pods placed next find the devices taken.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/dra/allocator.h"
#include "podfit/dra/device_views.h"
#include "podfit/framework/binding_plugins.h"
#include "podfit/framework/plugin.h"
#include "podfit/framework/registry.h"
#include "podfit/model/resource_claim.h"

namespace podfit {

// The texts DynamicResources' statuses carry, word for word.
inline constexpr std::string_view kResourceClaimNotAvailableOnNode = "resourceclaim not available on the node";
inline constexpr std::string_view kNoNewClaimsToDeallocate = "no new claims to deallocate";
inline constexpr std::string_view kStillNotSchedulable = "still not schedulable";
inline constexpr std::string_view kDeallocationCompleted = "deallocation of ResourceClaim completed";

// DynamicResourcesArgs.filterTimeout's default (DRASchedulerFilterTimeout is on).
inline constexpr std::chrono::nanoseconds kDefaultFilterTimeout = std::chrono::seconds(10);

// resourceclaim.Name: the name of the ResourceClaim a pod claim refers to (nullopt with no
// error when the controller deliberately created none), whether its owner must be checked,
// and the error when the name cannot be known yet.
struct PodClaimName {
  std::optional<std::string> name;
  bool must_check_owner = false;
  std::optional<std::string> error;
};
PodClaimName pod_claim_name(const Pod& pod, const PodResourceClaim& claim);

// resourceclaim.IsForPod: nullopt when the claim is controlled by the pod, else why not.
std::optional<std::string> claim_is_for_pod(const Pod& pod, const ResourceClaim& claim);

// resourceclaim.IsReservedForPod: the pod's uid is among status.reservedFor.
bool claim_is_reserved_for_pod(const Pod& pod, const ResourceClaim& claim);

// The ResourceClaims reserved for a bound pod as its binding cycle left them (allocated and
// reserved): the pod's claims in spec.resourceClaims order, then the claim created for its
// extended resources.
std::vector<const ResourceClaim*> claims_reserved_for_pod(const Snapshot& snapshot, const Pod& pod);

// Whether a reference (reservedFor entry, owner) by uid and name is to `pod`: kube-scheduler
// compares uids; for a pod not created yet, which has none, podfit compares names too.
bool refers_to_pod(const Pod& pod, std::string_view uid, std::string_view name);

class DynamicResources final : public PreFilterPlugin,
                               public SkipScopedFilterPlugin,
                               public ScorePlugin,
                               public ReservePlugin,
                               public PreBindPlugin {
 public:
  // Filter gives up on a node once its allocation search has run `filter_timeout` (0: never).
  explicit DynamicResources(const FeatureGates& gates, std::chrono::nanoseconds filter_timeout = kDefaultFilterTimeout);

  std::string_view name() const override;
  // Template claims whose ResourceClaim the controller has not created yet, allocated claims
  // waiting for device binding conditions (device status is not read), claims or extended
  // resources left to DRA in an input without the ResourceClaims, DeviceClasses or
  // ResourceSlices they depend on.
  std::optional<std::string> cannot_evaluate(const Pod& pod, const Snapshot& snapshot) const override;
  Status pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                    PreFilterResult& result) const override;
  Status filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  // Sum over firstAvailable requests of 8 minus the index of the subrequest allocated.
  ScoreResult score(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const override;
  bool has_normalize_score() const override { return enabled_; }
  Status normalize_score(const CycleState& state, const PodInfo& pod, NodeScoreList& scores) const override;
  // Reserve: the allocations Filter found on `node` become the claims' pending allocations.
  Status reserve(CycleState& state, const PodInfo& pod, const std::string& node, Snapshot& snapshot) const override;
  void unreserve(CycleState& state, const PodInfo& pod, const std::string& node, Snapshot& snapshot) const override;
  Status pre_bind_pre_flight(const CycleState& state, const PodInfo& pod, const std::string& node) const override;
  // PreBind: each claim not yet reserved for the pod gets its allocation and the pod in
  // reservedFor, assumed in the snapshot; the special claim is created and the pod's
  // status.extendedResourceClaimStatus patched; `writes` names each of these.
  Status pre_bind(CycleState& state, const PodInfo& pod, const std::string& node,
                  std::vector<std::string>& writes) const override;

 private:
  bool enabled_;
  bool extended_resource_;
  dra::AllocatorFeatures allocator_features_;  // structured.Features of the gates
  std::chrono::nanoseconds filter_timeout_;

  // The cluster's devices as selectors see them, built once per snapshot generation.
  struct ViewsCache {
    const Snapshot* snapshot = nullptr;
    uint64_t generation = 0;
    std::shared_ptr<const dra::DeviceViews> views;
  };
  std::shared_ptr<const dra::DeviceViews> device_views(const Snapshot& snapshot) const;
  mutable std::mutex views_mutex_;
  mutable ViewsCache views_;
};

// PostFilter: "no new claims to deallocate" for a pod without claims; for a pod with some,
// the deallocation of an allocated claim that was unavailable on some node and is reserved for
// nobody else, the deletion of a special claim an earlier attempt created, or "still not
// schedulable". From v1.37 (`without_reason`) the first and last reject with no reason.
// Error "not found" when PreFilter did not run.
Status dynamic_resources_post_filter(const CycleState& state, const Pod& pod, bool without_reason = false);

std::unique_ptr<Plugin> new_dynamic_resources(const PluginContext& context);

}  // namespace podfit
