#include "podfit/plugins/dynamic_resources.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

#include "podfit/config/scheduler_config.h"
#include "podfit/dra/allocator.h"
#include "podfit/framework/names.h"
#include "podfit/model/node_affinity.h"
#include "podfit/plugins/score_helpers.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr std::string_view kStateKey = "DynamicResources";
// resource.k8s.io/v1 FirstAvailableDeviceRequestMaxSize: Score's base for the first alternative.
constexpr int64_t kFirstAvailableMaxSize = 8;

// stateData: shared between the cycle state and its clones, as upstream's Clone returns itself.
struct Shared {
  std::vector<ResourceClaim> claims;                       // the pod's, in spec order
  std::vector<std::optional<NodeSelectorMatcher>> available_on;  // allocated claims' node selectors
  std::vector<size_t> to_allocate;                         // indices of unallocated claims
  std::shared_ptr<const dra::DeviceViews> views;  // the allocator's, kept alive with it
  std::unique_ptr<dra::Allocator> allocator;
  std::mutex mutex;
  std::set<size_t> unavailable;                                     // written by Filter
  std::map<std::string, std::vector<AllocationResult>> node_allocations;  // written by Filter
  std::vector<std::optional<AllocationResult>> reserved;            // set by Reserve
  Snapshot* snapshot = nullptr;                                     // Reserve's, for PreBind
  std::vector<std::string> assumed;                                 // claims Reserve assumed
};

struct DraState final : podfit::StateData {
  std::shared_ptr<Shared> shared = std::make_shared<Shared>();
  std::unique_ptr<podfit::StateData> clone() const override { return std::make_unique<DraState>(*this); }
};

Status unresolvable(std::string reason) { return Status(Code::UnschedulableAndUnresolvable, std::move(reason)); }

std::string claim_key(const ResourceClaim& claim) { return claim.metadata.namespace_ + "/" + claim.metadata.name; }


bool has_binding_conditions(const AllocationResult& allocation) {
  for (const auto& result : allocation.results) {
    if (!result.binding_conditions.empty()) return true;
  }
  return false;
}

}  // namespace

DynamicResources::DynamicResources(const FeatureGates& gates, std::chrono::nanoseconds filter_timeout)
    : enabled_(gates.dynamic_resource_allocation),
      extended_resource_(gates.dra_extended_resource),
      consumable_capacity_(gates.dra_consumable_capacity),
      filter_timeout_(filter_timeout) {}

std::string_view DynamicResources::name() const { return names::kDynamicResources; }

std::optional<std::string> DynamicResources::cannot_evaluate(const Pod& pod, const Snapshot& snapshot) const {
  if (!enabled_) return std::nullopt;
  for (const PodResourceClaim& pod_claim : pod.spec.resource_claims) {
    PodClaimName name = pod_claim_name(pod, pod_claim);
    // The controller creates the claim of a template claim before the pod is scheduled.
    if (pod_claim.resource_claim_template_name && !pod_claim.resource_claim_name && name.error) {
      return fmt::format("the pod's claim {} comes from ResourceClaimTemplate {}, whose ResourceClaim the "
                         "resourceclaim controller has not created yet (no status.resourceClaimStatuses entry), "
                         "and podfit does not create it",
                         pod_claim.name, *pod_claim.resource_claim_template_name);
    }
    if (!name.name) continue;
    const ResourceClaim* claim = snapshot.resource_claim(pod.metadata.namespace_, *name.name);
    // An input without any ResourceClaim was taken without them (an older dump command), so a
    // missing claim says nothing of the cluster; the same holds of classes and slices below.
    const ClusterState& cluster = snapshot.cluster();
    if (claim == nullptr) {
      if (cluster.resource_claims.empty()) {
        return fmt::format("the pod uses ResourceClaim {}/{}, and the input holds no ResourceClaims "
                           "(kubectl get resourceclaims -A adds them)",
                           pod.metadata.namespace_, *name.name);
      }
      continue;
    }
    if (!claim->allocation && cluster.device_classes.empty()) {
      return fmt::format("ResourceClaim {} is not allocated yet, and the input holds no DeviceClasses "
                         "(kubectl get deviceclasses adds them)",
                         claim_key(*claim));
    }
    if (!claim->allocation && cluster.resource_slices.empty()) {
      return fmt::format("ResourceClaim {} is not allocated yet, and the input holds no ResourceSlices "
                         "(kubectl get resourceslices adds them)",
                         claim_key(*claim));
    }
    if (claim->allocation && has_binding_conditions(*claim->allocation)) {
      return fmt::format("ResourceClaim {} waits for device binding conditions, and podfit does not read the "
                         "devices' status",
                         claim_key(*claim));
    }
  }
  // An extended resource a DeviceClass provides is allocated from devices on nodes that do not
  // advertise it (DRAExtendedResource), which podfit does not do yet.
  if (!extended_resource_ || snapshot.device_class_resolver().empty()) return std::nullopt;
  const dra::DeviceClassResolver& resolver = snapshot.device_class_resolver();
  std::optional<std::string> why;
  auto check = [&](const std::optional<ResourceList>& list) {
    if (!list || why) return;
    for (const auto& [name, quantity] : *list) {
      if (const DeviceClass* dc = resolver.device_class(name)) {
        why = fmt::format("the pod requests {}, which DeviceClass {} provides through DRA on nodes that do not "
                          "advertise it, and podfit does not allocate devices yet",
                          name, dc->metadata.name);
        return;
      }
    }
  };
  for (const auto* containers : {&pod.spec.init_containers, &pod.spec.containers}) {
    for (const Container& c : *containers) {
      check(c.resources.requests);
      check(c.resources.limits);
    }
  }
  return why;
}

Status DynamicResources::pre_filter(CycleState& state, const PodInfo& info, const Snapshot& snapshot,
                                    PreFilterResult&) const {
  if (!enabled_) return Status(Code::Skip);
  const Pod& pod = info.pod();
  auto data = std::make_unique<DraState>();
  Shared& s = *data->shared;
  state.write(kStateKey, std::move(data));

  // foreachPodResourceClaim: every claim must exist, not be going away, and be the pod's own.
  // The state keeps them only once PreFilter succeeds, so PostFilter finds none otherwise.
  std::vector<ResourceClaim> claims;
  for (const PodResourceClaim& pod_claim : pod.spec.resource_claims) {
    PodClaimName name = pod_claim_name(pod, pod_claim);
    if (name.error) return unresolvable(*name.error);
    if (!name.name) continue;
    const ResourceClaim* claim = snapshot.resource_claim(pod.metadata.namespace_, *name.name);
    if (claim == nullptr) {
      return unresolvable(fmt::format("could not find ResourceClaim \"{}/{}\"", pod.metadata.namespace_, *name.name));
    }
    if (!claim->metadata.deletion_timestamp.empty()) {
      return unresolvable(fmt::format("resourceclaim \"{}\" is being deleted", claim->metadata.name));
    }
    if (name.must_check_owner) {
      if (auto why = claim_is_for_pod(pod, *claim)) return unresolvable(*why);
    }
    claims.push_back(*claim);
  }
  if (claims.empty()) return Status(Code::Skip);

  s.available_on.resize(claims.size());
  for (size_t i = 0; i < claims.size(); ++i) {
    const ResourceClaim& claim = claims[i];
    // CanBeReserved puts no limit on sharing in v1.37, so an allocated claim never waits here.
    if (claim.allocation) {
      if (claim.allocation->node_selector) {
        NodeSelectorMatcher matcher(*claim.allocation->node_selector);
        if (matcher.error()) return Status::error(*matcher.error());
        s.available_on[i].emplace(std::move(matcher));
      }
      continue;
    }
    s.to_allocate.push_back(i);
    // Every request's DeviceClass must exist, however the claim would be allocated.
    auto validate = [&](const std::string& class_name, const std::string& request) -> std::optional<Status> {
      if (class_name.empty()) return Status::error(fmt::format("request {}: unsupported request type", request));
      for (const DeviceClass& dc : snapshot.cluster().device_classes) {
        if (dc.metadata.name == class_name) return std::nullopt;
      }
      return unresolvable(fmt::format("request {}: device class {} does not exist", request, class_name));
    };
    for (const DeviceRequest& request : claim.spec.requests) {
      if (request.exactly) {
        if (auto status = validate(request.exactly->device_class_name, request.name)) return *status;
      } else if (!request.first_available.empty()) {
        for (const DeviceSubRequest& sub : request.first_available) {
          if (auto status = validate(sub.spec.device_class_name, request.name + "/" + sub.name)) return *status;
        }
      } else {
        return unresolvable(fmt::format("resource claim {}, request {}: unknown request type", claim_key(claim),
                                        request.name));
      }
    }
  }

  s.claims = std::move(claims);
  if (!s.to_allocate.empty()) {
    // What every allocated claim of the cluster uses, assumed allocations included.
    dra::AllocatedState in_use;
    for (const ResourceClaim* claim : snapshot.resource_claims()) in_use.add_claim(*claim, consumable_capacity_);
    std::vector<const ResourceClaim*> pending;
    for (size_t i : s.to_allocate) pending.push_back(&s.claims[i]);
    const ClusterState& cluster = snapshot.cluster();
    dra::AllocatorFeatures features;
    features.consumable_capacity = consumable_capacity_;
    s.views = device_views(snapshot);
    s.allocator = std::make_unique<dra::Allocator>(std::move(pending), std::move(in_use), cluster.device_classes,
                                                   cluster.resource_slices, cluster.device_taint_rules,
                                                   features, s.views.get());
  }
  return Status();
}

std::shared_ptr<const dra::DeviceViews> DynamicResources::device_views(const Snapshot& snapshot) const {
  std::lock_guard lock(views_mutex_);
  if (views_.snapshot != &snapshot || views_.generation != snapshot.generation()) {
    views_ = ViewsCache{&snapshot, snapshot.generation(),
                        std::make_shared<const dra::DeviceViews>(snapshot.cluster().resource_slices)};
  }
  return views_.views;
}

Status DynamicResources::filter(const CycleState& state, const PodInfo&, const NodeInfo& node_info) const {
  if (!enabled_) return Status();
  const auto* data = state.read<DraState>(kStateKey);
  if (data == nullptr) return Status::error("not found");
  Shared& s = *data->shared;
  if (s.claims.empty()) return Status();
  const Node& node = node_info.node();

  std::vector<size_t> unavailable;
  for (size_t i = 0; i < s.claims.size(); ++i) {
    if (s.available_on[i] && !s.available_on[i]->match(node)) unavailable.push_back(i);
  }

  std::vector<AllocationResult> allocations;
  if (s.allocator) {
    // Each node's search has its own timer, started here.
    dra::AllocateOptions options;
    if (filter_timeout_.count() > 0) options.deadline = std::chrono::steady_clock::now() + filter_timeout_;
    dra::AllocateOutcome outcome = s.allocator->allocate(node, options);
    switch (outcome.kind) {
      case dra::AllocateOutcome::Kind::Allocated: break;
      case dra::AllocateOutcome::Kind::NoFit: return unresolvable(std::string(dra::kCannotAllocateAllClaims));
      case dra::AllocateOutcome::Kind::FailedOnNode: return unresolvable(outcome.error);
      // An error, not a rejection: kube-scheduler retries the pod after a backoff.
      case dra::AllocateOutcome::Kind::TimedOut:
        return Status::error(fmt::format("node {}: timed out trying to allocate devices", node.metadata.name));
      case dra::AllocateOutcome::Kind::Error: return Status::error(outcome.error);
    }
    if (outcome.results.size() != s.to_allocate.size()) {
      return unresolvable(std::string(dra::kCannotAllocateAllClaims));
    }
    allocations = std::move(outcome.results);
  }

  if (!s.allocator && unavailable.empty()) return Status();
  std::lock_guard lock(s.mutex);
  if (!unavailable.empty()) {
    s.unavailable.insert(unavailable.begin(), unavailable.end());
    return unresolvable(std::string(kResourceClaimNotAvailableOnNode));
  }
  s.node_allocations[node.metadata.name] = std::move(allocations);
  return Status();
}

ScoreResult DynamicResources::score(const CycleState& state, const PodInfo&, const NodeInfo& node) const {
  if (!enabled_) return {};
  const auto* data = state.read<DraState>(kStateKey);
  if (data == nullptr) return {0, Status::error("not found")};
  Shared& s = *data->shared;
  if (s.claims.empty()) return {};
  std::lock_guard lock(s.mutex);
  auto it = s.node_allocations.find(node.name());
  if (it == s.node_allocations.end()) return {};
  // Upstream pairs the allocations with the pod's claims in order, allocated ones included.
  const std::vector<AllocationResult>& results = it->second;
  int64_t total = 0;
  for (size_t i = 0; i < s.claims.size(); ++i) {
    if (i >= results.size()) {
      return {0, Status::error(fmt::format("number of allocations {} is smaller than number of claims",
                                           results.size()))};
    }
    std::set<std::string> subrequests;
    for (const auto& result : results[i].results) {
      if (std::count(result.request.begin(), result.request.end(), '/') == 1) subrequests.insert(result.request);
    }
    for (const DeviceRequest& request : s.claims[i].spec.requests) {
      if (request.exactly) continue;
      for (size_t k = 0; k < request.first_available.size(); ++k) {
        if (subrequests.contains(request.name + "/" + request.first_available[k].name)) {
          total += kFirstAvailableMaxSize - static_cast<int64_t>(k);
        }
      }
    }
  }
  return {total, Status()};
}

Status DynamicResources::normalize_score(const CycleState&, const PodInfo&, NodeScoreList& scores) const {
  if (!enabled_) return Status();
  return default_normalize_score(kMaxNodeScore, /*reverse=*/false, scores);
}

Status DynamicResources::reserve(CycleState& state, const PodInfo&, const std::string& node,
                                 Snapshot& snapshot) const {
  if (!enabled_) return Status();
  auto* data = state.read_mutable<DraState>(kStateKey);
  if (data == nullptr) return Status::error("not found");
  Shared& s = *data->shared;
  if (s.claims.empty()) return Status();
  s.snapshot = &snapshot;
  s.reserved.assign(s.claims.size(), std::nullopt);
  if (s.to_allocate.empty()) return Status();
  auto it = s.node_allocations.find(node);
  if (it == s.node_allocations.end() || it->second.empty()) {
    return Status::error("claim allocation not found for node");
  }
  if (it->second.size() != s.to_allocate.size()) {
    return Status::error(fmt::format("internal error, have {} allocations, {} claims to allocate, want {} claims",
                                     it->second.size(), s.to_allocate.size(), s.to_allocate.size()));
  }
  // SignalClaimPendingAllocation: the devices count as taken for the pods scheduled next.
  for (size_t k = 0; k < s.to_allocate.size(); ++k) {
    const size_t index = s.to_allocate[k];
    s.reserved[index] = it->second[k];
    ResourceClaim pending = s.claims[index];
    pending.allocation = it->second[k];
    s.assumed.push_back(claim_key(pending));
    snapshot.assume_resource_claim(std::move(pending));
  }
  return Status();
}

void DynamicResources::unreserve(CycleState& state, const PodInfo&, const std::string&, Snapshot& snapshot) const {
  if (!enabled_) return;
  auto* data = state.read_mutable<DraState>(kStateKey);
  if (data == nullptr) return;
  Shared& s = *data->shared;
  for (const ResourceClaim& claim : s.claims) {
    if (std::find(s.assumed.begin(), s.assumed.end(), claim_key(claim)) != s.assumed.end()) {
      snapshot.restore_resource_claim(claim.metadata.namespace_, claim.metadata.name);
    }
  }
  s.assumed.clear();
}

Status DynamicResources::pre_bind_pre_flight(const CycleState& state, const PodInfo&, const std::string&) const {
  if (!enabled_) return Status(Code::Skip);
  const auto* data = state.read<DraState>(kStateKey);
  if (data == nullptr) return Status::error("not found");
  return data->shared->claims.empty() ? Status(Code::Skip) : Status();
}

Status DynamicResources::pre_bind(CycleState& state, const PodInfo& info, const std::string&,
                                  std::vector<std::string>& writes) const {
  if (!enabled_) return Status();
  auto* data = state.read_mutable<DraState>(kStateKey);
  if (data == nullptr) return Status::error("not found");
  Shared& s = *data->shared;
  const Pod& pod = info.pod();
  for (size_t i = 0; i < s.claims.size(); ++i) {
    ResourceClaim& claim = s.claims[i];
    if (claim_is_reserved_for_pod(pod, claim)) continue;
    const std::optional<AllocationResult>& allocation = i < s.reserved.size() ? s.reserved[i] : std::nullopt;
    if (allocation) claim.allocation = *allocation;
    claim.reserved_for.push_back(ResourceClaimConsumerReference{"", "pods", pod.metadata.name, pod.metadata.uid});
    writes.push_back(allocation ? fmt::format("update ResourceClaim {}: allocation of {} device(s), reservedFor pod {}",
                                              claim_key(claim), allocation->results.size(), pod.metadata.name)
                                : fmt::format("update ResourceClaim {}: reservedFor pod {}", claim_key(claim),
                                              pod.metadata.name));
    // AssumeClaimAfterAPICall: the next pods see the claim as written.
    if (s.snapshot != nullptr) s.snapshot->assume_resource_claim(claim);
  }
  return Status();
}

Status dynamic_resources_post_filter(const CycleState& state, const Pod& pod) {
  const auto* data = state.read<DraState>(kStateKey);
  if (data == nullptr) return Status::error("not found");
  Shared& s = *data->shared;
  if (s.claims.empty()) return Status(Code::Unschedulable, "no new claims to deallocate");
  std::lock_guard lock(s.mutex);
  // Upstream picks one at random among the unavailable claims; podfit takes the first.
  for (size_t index : s.unavailable) {
    const ResourceClaim& claim = s.claims[index];
    if (claim.reserved_for.empty() || (claim.reserved_for.size() == 1 && claim.reserved_for[0].uid == pod.metadata.uid)) {
      return Status(Code::Unschedulable, std::string(kDeallocationCompleted));
    }
  }
  return Status(Code::Unschedulable, std::string(kStillNotSchedulable));
}

std::unique_ptr<Plugin> new_dynamic_resources(const PluginContext& context) {
  const DynamicResourcesArgs* args = context.dynamic_resources_args.get();
  if (args == nullptr || !args->filter_timeout_ns) return std::make_unique<DynamicResources>(context.gates);
  return std::make_unique<DynamicResources>(context.gates, std::chrono::nanoseconds(*args->filter_timeout_ns));
}

}  // namespace podfit
