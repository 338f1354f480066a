#include "podfit/plugins/dynamic_resources/dynamic_resources.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

#include "podfit/config/scheduler_config.h"
#include "podfit/dra/allocation_explanation.h"
#include "podfit/dra/allocator.h"
#include "podfit/dra/cel_error_explanation.h"
#include "podfit/framework/names.h"
#include "podfit/model/node_affinity.h"
#include "podfit/plugins/dynamic_resources/extended_resources.h"
#include "podfit/plugins/dynamic_resources/pre_enqueue.h"
#include "podfit/plugins/score_helpers.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr std::string_view kStateKey = "DynamicResources";
// resource.k8s.io/v1 FirstAvailableDeviceRequestMaxSize: Score's base for the first alternative.
constexpr int64_t kFirstAvailableMaxSize = 8;

// podfit's explanation of the nodes where an allocator finds nothing, made at the first such node.
struct LazyExplainer {
  std::once_flag once;
  std::unique_ptr<dra::AllocationExplainer> explainer;
};

// The special claim's variant for the nodes that leave the same extended resources to DRA,
// with an allocator for it and the pod's other unallocated claims (Filter builds it once).
struct Variant {
  ResourceClaim claim;
  std::vector<ContainerExtendedResourceRequest> mappings;
  std::unique_ptr<dra::Allocator> allocator;
  std::vector<const ResourceClaim*> pending;  // the allocator's claims
  mutable LazyExplainer explainer;            // Filter reaches variants through const pointers
};

// Filter's result on one node, for Score, Reserve and PreBind.
struct NodeAllocation {
  std::vector<AllocationResult> results;  // one per claim to allocate, in claim order
  const Variant* variant = nullptr;       // the node's special claim, if one was allocated
};

// The special claim as PreBind creates it, under the name the API server generates.
ResourceClaim created_claim(const Variant& variant) {
  ResourceClaim claim = variant.claim;
  claim.metadata.name = claim.metadata.generate_name + "<generated>";
  return claim;
}

// stateData: shared between the cycle state and its clones, as upstream's Clone returns itself.
struct Shared {
  // The pod's claims in spec order, then the special claim for extended resources, if any.
  std::vector<ResourceClaim> claims;
  size_t user_claims = 0;
  FlatMap<int64_t> extended_resources;                     // the pod's scalar requests
  const dra::DeviceClassResolver* resolver = nullptr;
  std::vector<std::optional<NodeSelectorMatcher>> available_on;  // allocated claims' node selectors
  std::vector<size_t> to_allocate;                         // indices of unallocated claims
  // What the allocators are built from: PreFilter's, the variants' alike.
  const Snapshot* snapshot_seen = nullptr;
  const ClusterState* cluster = nullptr;
  dra::AllocatedState in_use;
  dra::AllocatorFeatures features;
  std::unique_ptr<dra::Allocator> allocator;  // without a special claim
  LazyExplainer explainer;                    // for `allocator`'s claims
  std::shared_ptr<const dra::DeviceViews> views;  // the allocators', kept alive with them
  std::mutex mutex;
  std::map<std::string, std::unique_ptr<Variant>> variants;      // by the resources left to DRA
  std::set<size_t> unavailable;                                     // written by Filter
  std::map<std::string, NodeAllocation> node_allocations;          // written by Filter
  std::vector<std::optional<AllocationResult>> reserved;            // set by Reserve
  const Variant* reserved_variant = nullptr;                        // set by Reserve
  Snapshot* snapshot = nullptr;                                     // Reserve's, for PreBind
  std::vector<std::pair<std::string, std::string>> assumed;         // claims Reserve assumed
  std::vector<ResourceClaim> written;                               // user claims PreBind wrote

  bool has_special_claim() const { return user_claims < claims.size(); }
  bool is_special(size_t index) const { return index >= user_claims; }
};

struct DraState final : podfit::StateData {
  std::shared_ptr<Shared> shared = std::make_shared<Shared>();
  std::unique_ptr<podfit::StateData> clone() const override { return std::make_unique<DraState>(*this); }
};

Status unresolvable(std::string reason) { return Status(Code::UnschedulableAndUnresolvable, std::move(reason)); }

std::string claim_key(const ResourceClaim& claim) { return claim.metadata.namespace_ + "/" + claim.metadata.name; }


// Some pod on a node uses claims: the devices it holds are known only from those claims.
// Whether a pod bound in the input may hold devices through claims the input lacks: one that
// uses ResourceClaims, or one requesting an extended resource a DeviceClass provides (its
// devices come from the claim kube-scheduler made for it).
bool bound_pods_may_hold_devices(const ClusterState& cluster, const dra::DeviceClassResolver& resolver) {
  return std::any_of(cluster.pods.begin(), cluster.pods.end(), [&](const Pod& pod) {
    return !pod.spec.node_name.empty() &&
           (!pod.spec.resource_claims.empty() || !dra_extended_resources(pod, resolver).empty());
  });
}

// Where an allocation's devices are usable: the nodes its selector names, as the allocator
// usually writes it (one term, metadata.name In), else only that there is a selector.
std::string where_usable(const NodeSelector& selector) {
  if (selector.node_selector_terms.size() == 1) {
    const NodeSelectorTerm& term = selector.node_selector_terms[0];
    if (term.match_expressions.empty() && term.match_fields.size() == 1 &&
        term.match_fields[0].key == "metadata.name" && term.match_fields[0].op == "In") {
      const auto& names = term.match_fields[0].values;
      return fmt::format("only on node{} {}", names.size() == 1 ? "" : "s", fmt::join(names, ", "));
    }
  }
  return "only on the nodes its allocation's nodeSelector matches";
}

// "gpu: gpu.example.com/dra-worker-1/gpu-1, nic: ...": each device allocated, by request.
std::string describe_allocation(const AllocationResult& allocation) {
  std::string out;
  for (const auto& r : allocation.results) {
    out += fmt::format("{}{}: {}/{}/{}", out.empty() ? "" : ", ", r.request, r.driver, r.pool, r.device);
  }
  return out;
}

// The unallocated claims `allocator` allocates, in claim order.
std::vector<const ResourceClaim*> pending_claims(const Shared& s) {
  std::vector<const ResourceClaim*> pending;
  for (size_t i : s.to_allocate) pending.push_back(&s.claims[i]);
  return pending;
}

std::vector<std::string> explain_allocation(const Shared& s, LazyExplainer& lazy,
                                           const std::vector<const ResourceClaim*>& pending, const Node& node) {
  std::call_once(lazy.once, [&] {
    lazy.explainer = std::make_unique<dra::AllocationExplainer>(pending, s.snapshot_seen->resource_claims(),
                                                                s.cluster->device_classes, s.cluster->resource_slices,
                                                                s.cluster->device_taint_rules, s.views.get(),
                                                                s.features.selector_release,
                                                                s.features.consumable_capacity);
  });
  return lazy.explainer->explain(node);
}

// structured.Features as kube-scheduler derives them from its gates.
dra::AllocatorFeatures allocator_features(const FeatureGates& gates) {
  dra::AllocatorFeatures features;
  features.admin_access = gates.dra_admin_access;
  features.prioritized_list = gates.dra_prioritized_list;
  features.partitionable_devices = gates.dra_partitionable_devices;
  features.device_taints = gates.dra_device_taints;
  // Before DRADeviceTaintRules (v1.35), DRADeviceTaints also had the tracker apply the rules.
  features.device_taint_rules = gates.release.minor < 35 ? gates.dra_device_taints : gates.dra_device_taint_rules;
  features.device_binding_and_status = gates.dra_device_binding_conditions && gates.dra_resource_claim_device_status;
  features.consumable_capacity = gates.dra_consumable_capacity;
  features.all_mode_needs_a_device = gates.changes.dra_all_mode_needs_a_device;
  features.all_mode_taken_device_backtracks = gates.changes.dra_all_mode_taken_device_backtracks;
  features.all_mode_frees_devices_on_backtrack = gates.changes.dra_all_mode_frees_devices_on_backtrack;
  features.all_mode_next_device_keeps_subrequest = gates.changes.dra_all_mode_next_device_keeps_subrequest;
  features.counter_slices_reach_every_node = gates.changes.dra_counter_slices_reach_every_node;
  features.selector_errors_name_device = gates.changes.dra_selector_errors_name_device;
  features.rejected_device_rolls_back = gates.changes.dra_rejected_device_rolls_back;
  features.selector_release = cel::KubeVersion{1, gates.release.minor};
  return features;
}

}  // namespace

DynamicResources::DynamicResources(const FeatureGates& gates, std::chrono::nanoseconds filter_timeout)
    : enabled_(gates.dynamic_resource_allocation),
      extended_resource_(gates.dra_extended_resource),
      allocator_features_(allocator_features(gates)),
      // Without DRASchedulerFilterTimeout the search is never stopped.
      filter_timeout_(gates.dra_scheduler_filter_timeout ? filter_timeout : std::chrono::nanoseconds(0)) {}

std::string_view DynamicResources::name() const { return names::kDynamicResources; }

std::optional<std::string> DynamicResources::cannot_evaluate(const Pod& pod, const Snapshot& snapshot) const {
  if (!enabled_) return std::nullopt;
  const ClusterState& cluster = snapshot.cluster();
  // A kind the input holds none of may have been left out of it (an older dump command), unless
  // the input is known to hold it whole: then none means none (input_may_lack).
  // Without the claims, devices look free for lack of the claims that use them; that matters
  // only when a bound pod may hold devices. Every pod checked asks this plugin, so the scan of the
  // bound pods runs only for a pod whose answer depends on it, once.
  const bool claims_known = input_holds_resource_claims(cluster);
  std::optional<bool> in_use_unknown;
  auto devices_in_use_unknown = [&] {
    if (!in_use_unknown) {
      in_use_unknown = !claims_known && bound_pods_may_hold_devices(cluster, snapshot.device_class_resolver());
    }
    return *in_use_unknown;
  };
  for (const PodResourceClaim& pod_claim : pod.spec.resource_claims) {
    PodClaimName name = pod_claim_name(pod, pod_claim);
    if (pod_claim.resource_claim_template_name && !pod_claim.resource_claim_name && name.error &&
        is_uncreated(pod) && input_may_lack(cluster, cluster.resource_claim_templates, "ResourceClaimTemplate")) {
      return fmt::format("the pod's claim {} comes from ResourceClaimTemplate {}, and the input holds no "
                         "ResourceClaimTemplates (kubectl get resourceclaimtemplates -A adds them; a "
                         "ResourceClaimTemplateList without items says there are none)",
                         pod_claim.name, *pod_claim.resource_claim_template_name);
    }
    if (!name.name) continue;
    const ResourceClaim* claim = snapshot.resource_claim(pod.metadata.namespace_, *name.name);
    if ((claim == nullptr && !claims_known) || (claim != nullptr && !claim->allocation && devices_in_use_unknown())) {
      return fmt::format("the pod uses ResourceClaim {}/{}, and the input holds no ResourceClaims "
                         "(kubectl get resourceclaims -A adds them; a ResourceClaimList without items says "
                         "there are none)",
                         pod.metadata.namespace_, *name.name);
    }
    if (claim == nullptr) continue;
    if (!claim->allocation && input_may_lack(cluster, cluster.device_classes, "DeviceClass")) {
      return fmt::format("ResourceClaim {} is not allocated yet, and the input holds no DeviceClasses "
                         "(kubectl get deviceclasses adds them)",
                         claim_key(*claim));
    }
    if (!claim->allocation && input_may_lack(cluster, cluster.resource_slices, "ResourceSlice")) {
      return fmt::format("ResourceClaim {} is not allocated yet, and the input holds no ResourceSlices "
                         "(kubectl get resourceslices adds them)",
                         claim_key(*claim));
    }
  }
  // Extended resources a DeviceClass provides are allocated from devices on the nodes that do
  // not advertise them; an input without slices, or without the claims holding devices, says
  // nothing of those devices.
  if (!extended_resource_) return std::nullopt;
  const bool slices_missing = input_may_lack(cluster, cluster.resource_slices, "ResourceSlice");
  if (!slices_missing && claims_known) return std::nullopt;
  const dra::DeviceClassResolver& resolver = snapshot.device_class_resolver();
  for (const auto& [name, quantity] : dra_extended_resources(pod, resolver)) {
    const DeviceClass* dc = resolver.device_class(name);
    if (dc == nullptr || quantity == 0 || !is_dra_extended_resource_name(name)) continue;
    const bool left_to_dra = std::any_of(snapshot.nodes().begin(), snapshot.nodes().end(), [&](const auto& node) {
      return node->allocatable().scalar_value(name) == 0;
    });
    if (!left_to_dra || (!slices_missing && !devices_in_use_unknown())) continue;
    return slices_missing
               ? fmt::format("the pod requests {}, which DeviceClass {} provides through DRA on nodes that do not "
                             "advertise it, and the input holds no ResourceSlices (kubectl get resourceslices adds them)",
                             name, dc->metadata.name)
               : fmt::format("the pod requests {}, which DeviceClass {} provides through DRA on nodes that do not "
                             "advertise it, and the input holds no ResourceClaims, so the devices in use are unknown "
                             "(kubectl get resourceclaims -A adds them; a ResourceClaimList without items says "
                             "there are none)",
                             name, dc->metadata.name);
  }
  return std::nullopt;
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
  auto keep = [&](const ResourceClaim& claim) { claims.push_back(claim); };
  if (auto problem = for_each_pod_resource_claim(pod, snapshot, keep)) return unresolvable(problem->message);
  const size_t user_claims = claims.size();
  // preFilterExtendedResources: the special claim of an earlier attempt, or a new one.
  if (extended_resource_) {
    s.resolver = &snapshot.device_class_resolver();
    s.extended_resources = dra_extended_resources(pod, *s.resolver);
    if (!s.extended_resources.empty()) {
      const ResourceClaim* earlier = find_extended_resource_claim(pod, snapshot.resource_claims());
      claims.push_back(earlier != nullptr ? *earlier : new_extended_resource_claim(pod));
    }
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
    // The special claim has no requests yet, or Filter turns an earlier one down.
    if (i >= user_claims) continue;
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
  s.user_claims = user_claims;
  if (!s.to_allocate.empty()) {
    // What every allocated claim of the cluster uses, assumed allocations included.
    for (const ResourceClaim* claim : snapshot.resource_claims()) s.in_use.add_claim(*claim, allocator_features_.consumable_capacity);
    s.snapshot_seen = &snapshot;
    s.cluster = &snapshot.cluster();
    s.features = allocator_features_;
    s.views = device_views(snapshot);
    // An unallocated special claim differs from node to node: Filter builds its allocators.
    if (!s.has_special_claim() || s.claims.back().allocation) {
      s.allocator = std::make_unique<dra::Allocator>(pending_claims(s), s.in_use, s.cluster->device_classes,
                                                     s.cluster->resource_slices, s.cluster->device_taint_rules,
                                                     s.features, s.views.get());
    }
  }
  return Status();
}

namespace {

// filterExtendedResources: the special claim's variant for `node`, nullptr when the node
// leaves nothing to DRA and the pod has no claim of its own.
Status filter_extended_resources(Shared& s, const Pod& pod, const NodeInfo& node_info, const Variant*& variant) {
  variant = nullptr;
  if (!s.has_special_claim()) return Status();
  const ResourceClaim& special = s.claims.back();
  // A claim an earlier attempt created: PostFilter deletes it and the pod starts anew.
  if (!special.spec.requests.empty()) return unresolvable(std::string(kCannotScheduleExtendedResourceClaim));

  FlatMap<int64_t> left_to_dra;
  const FlatMap<int64_t>& allocatable = node_info.allocatable().scalar;
  for (const auto& [name, quantity] : s.extended_resources) {
    if (!is_dra_extended_resource_name(name) || quantity == 0) continue;
    const int64_t* advertised = allocatable.find(name);
    if (s.resolver->device_class(name) != nullptr && (advertised == nullptr || *advertised == 0)) {
      left_to_dra.set(name, quantity);
    } else if (advertised == nullptr) {
      // Neither a device plugin nor a DeviceClass provides it here.
      return unresolvable(std::string(kCannotFitResource));
    }
  }
  // All through device plugins: NodeResourcesFit's business.
  if (s.user_claims == 0 && left_to_dra.empty()) return Status();
  if (special.allocation) return Status();

  std::string key;
  for (const auto& [name, quantity] : left_to_dra) key += name + "\n";
  std::lock_guard lock(s.mutex);
  std::unique_ptr<Variant>& slot = s.variants[key];
  if (!slot) {
    // Each node variant of the special claim, allocated together with the pod's own claims.
    auto built = std::make_unique<Variant>();
    built->claim = special;
    ExtendedResourceRequests requests = extended_resource_requests(pod, left_to_dra, *s.resolver);
    built->claim.spec.requests = std::move(requests.requests);
    built->mappings = std::move(requests.mappings);
    std::vector<const ResourceClaim*> pending;
    for (size_t i : s.to_allocate) pending.push_back(s.is_special(i) ? &built->claim : &s.claims[i]);
    built->pending = pending;
    built->allocator = std::make_unique<dra::Allocator>(std::move(pending), s.in_use, s.cluster->device_classes,
                                                        s.cluster->resource_slices, s.cluster->device_taint_rules,
                                                        s.features, s.views.get());
    slot = std::move(built);
  }
  variant = slot.get();
  return Status();
}

}  // namespace

std::shared_ptr<const dra::DeviceViews> DynamicResources::device_views(const Snapshot& snapshot) const {
  std::lock_guard lock(views_mutex_);
  if (views_.snapshot != &snapshot || views_.generation != snapshot.generation()) {
    views_ = ViewsCache{&snapshot, snapshot.generation(),
                        std::make_shared<const dra::DeviceViews>(snapshot.cluster().resource_slices)};
  }
  return views_.views;
}

Status DynamicResources::filter(const CycleState& state, const PodInfo& info, const NodeInfo& node_info) const {
  if (!enabled_) return Status();
  const auto* data = state.read<DraState>(kStateKey);
  if (data == nullptr) return Status::error("not found");
  Shared& s = *data->shared;
  if (s.claims.empty()) return Status();
  const Node& node = node_info.node();

  const Variant* variant = nullptr;
  if (Status status = filter_extended_resources(s, info.pod(), node_info, variant); !status.is_success()) {
    return status;
  }
  // Only extended resources, all served by device plugins here.
  if (variant == nullptr && s.user_claims == 0) return Status();

  std::vector<size_t> unavailable;
  for (size_t i = 0; i < s.claims.size(); ++i) {
    if (s.available_on[i] && !s.available_on[i]->match(node)) unavailable.push_back(i);
  }

  const dra::Allocator* allocator = variant != nullptr ? variant->allocator.get() : s.allocator.get();
  std::vector<AllocationResult> allocations;
  if (allocator != nullptr) {
    // Each node's search has its own timer, started here.
    dra::AllocateOptions options;
    if (filter_timeout_.count() > 0) options.deadline = std::chrono::steady_clock::now() + filter_timeout_;
    options.cancelled = &state.filters_cancelled();
    dra::AllocateOutcome outcome = allocator->allocate(node, options);
    switch (outcome.kind) {
      case dra::AllocateOutcome::Kind::Allocated: break;
      case dra::AllocateOutcome::Kind::NoFit:
        if (!state.explains()) return unresolvable(std::string(dra::kCannotAllocateAllClaims));
        return Status(Code::UnschedulableAndUnresolvable, {std::string(dra::kCannotAllocateAllClaims)},
                      variant != nullptr ? explain_allocation(s, variant->explainer, variant->pending, node)
                                         : explain_allocation(s, s.explainer, pending_claims(s), node));
      case dra::AllocateOutcome::Kind::FailedOnNode: return unresolvable(outcome.error);
      // An error, not a rejection: kube-scheduler retries the pod after a backoff.
      case dra::AllocateOutcome::Kind::TimedOut:
        return Status::error(fmt::format("node {}: timed out trying to allocate devices", node.metadata.name));
      // Another node's Error ended the attempt; the framework drops this node's result.
      case dra::AllocateOutcome::Kind::Cancelled: return Status::error(std::string(kFilterCancelled));
      case dra::AllocateOutcome::Kind::Error: {
        Status error = Status::error(outcome.error);
        // A selector reading a key a device lacks: say what the device has (podfit's detail).
        if (state.explains()) {
          if (auto why = dra::explain_missing_key(outcome.error, s.cluster->resource_slices)) error.with_detail(*why);
        }
        return error;
      }
    }
    if (outcome.results.size() != s.to_allocate.size()) {
      return unresolvable(std::string(dra::kCannotAllocateAllClaims));
    }
    allocations = std::move(outcome.results);
  }

  if (allocator == nullptr && unavailable.empty()) return Status();
  std::lock_guard lock(s.mutex);
  if (!unavailable.empty()) {
    s.unavailable.insert(unavailable.begin(), unavailable.end());
    std::vector<std::string> details;
    for (size_t i : unavailable) {
      details.push_back(fmt::format("claim {} is allocated to devices usable {}", claim_key(s.claims[i]),
                                    where_usable(*s.claims[i].allocation->node_selector)));
    }
    return Status(Code::UnschedulableAndUnresolvable, {std::string(kResourceClaimNotAvailableOnNode)},
                  std::move(details));
  }
  s.node_allocations[node.metadata.name] = NodeAllocation{std::move(allocations), variant};
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
  // Upstream pairs the allocations with the pod's claims in order, allocated ones and the
  // special claim (as PreFilter left it, without requests) included.
  const std::vector<AllocationResult>& results = it->second.results;
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
  const bool user_claims_to_allocate =
      std::any_of(s.to_allocate.begin(), s.to_allocate.end(), [&](size_t i) { return !s.is_special(i); });
  auto it = s.node_allocations.find(node);
  if (it == s.node_allocations.end() || it->second.results.empty()) {
    // Only the special claim, and the node's device plugins serve all of it.
    if (!user_claims_to_allocate) return Status();
    return Status::error("claim allocation not found for node");
  }
  const std::vector<AllocationResult>& results = it->second.results;
  if (results.size() != s.to_allocate.size()) {
    return Status::error(fmt::format("internal error, have {} allocations, {} claims to allocate, want {} claims",
                                     results.size(), s.to_allocate.size(), s.to_allocate.size()));
  }
  s.reserved_variant = it->second.variant;
  // SignalClaimPendingAllocation: the devices count as taken for the pods scheduled next.
  for (size_t k = 0; k < s.to_allocate.size(); ++k) {
    const size_t index = s.to_allocate[k];
    s.reserved[index] = results[k];
    ResourceClaim pending = s.is_special(index) ? created_claim(*s.reserved_variant) : s.claims[index];
    pending.allocation = results[k];
    s.assumed.emplace_back(pending.metadata.namespace_, pending.metadata.name);
    snapshot.assume_resource_claim(std::move(pending));
  }
  return Status();
}

void DynamicResources::unreserve(CycleState& state, const PodInfo& info, const std::string&,
                                 Snapshot& snapshot) const {
  if (!enabled_) return;
  auto* data = state.read_mutable<DraState>(kStateKey);
  if (data == nullptr) return;
  Shared& s = *data->shared;
  for (const auto& [ns, name] : s.assumed) snapshot.restore_resource_claim(ns, name);
  s.assumed.clear();
  // A user claim PreBind already wrote keeps its allocation: only the pod leaves reservedFor
  // (a created special claim is deleted, which the restore above did).
  const Pod& pod = info.pod();
  for (ResourceClaim& claim : s.written) {
    std::erase_if(claim.reserved_for, [&](const ResourceClaimConsumerReference& r) {
      return refers_to_pod(pod, r.uid, r.name);
    });
    snapshot.assume_resource_claim(std::move(claim));
  }
  s.written.clear();
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
    if (claim_is_reserved_for_pod(pod, s.claims[i])) continue;
    const std::optional<AllocationResult>& allocation = i < s.reserved.size() ? s.reserved[i] : std::nullopt;
    const bool special = s.is_special(i);
    // Extended resources all served by the node's device plugins: no claim to create.
    if (special && !allocation && s.claims[i].spec.requests.empty()) continue;
    ResourceClaim& claim = s.claims[i];
    if (special && s.reserved_variant != nullptr) claim = created_claim(*s.reserved_variant);
    if (allocation) claim.allocation = *allocation;
    claim.reserved_for.push_back(ResourceClaimConsumerReference{"", "pods", pod.metadata.name, pod.metadata.uid});
    if (special) {
      writes.push_back(fmt::format("create ResourceClaim {}: annotation {}=true, controller pod {}, {} request(s), "
                                   "allocate {}; reservedFor pod {}",
                                   claim_key(claim), kExtendedResourceClaimAnnotation, pod.metadata.name,
                                   claim.spec.requests.size(), allocation ? describe_allocation(*allocation) : "nothing",
                                   pod.metadata.name));
    } else {
      writes.push_back(allocation ? fmt::format("update ResourceClaim {}: allocate {}; reservedFor pod {}",
                                                claim_key(claim), describe_allocation(*allocation), pod.metadata.name)
                                  : fmt::format("update ResourceClaim {}: reservedFor pod {}", claim_key(claim),
                                                pod.metadata.name));
    }
    // AssumeClaimAfterAPICall: the next pods see the claim as written.
    if (s.snapshot != nullptr) s.snapshot->assume_resource_claim(claim);
    if (!special) {
      s.written.push_back(claim);
      continue;
    }
    // patchPodExtendedResourceClaimStatus: which request serves which container.
    if (s.reserved_variant == nullptr || s.reserved_variant->mappings.empty()) {
      return Status::error(fmt::format("nil or empty request mappings, no update of pod {}/{} "
                                       "ExtendedResourceClaimStatus",
                                       pod.metadata.namespace_, pod.metadata.name));
    }
    std::vector<std::string> mappings;
    for (const ContainerExtendedResourceRequest& m : s.reserved_variant->mappings) {
      mappings.push_back(fmt::format("{} {}={}", m.container_name, m.resource_name, m.request_name));
    }
    writes.push_back(fmt::format("update Pod {}/{} status: extendedResourceClaimStatus resourceClaimName {}, "
                                 "requestMappings {}",
                                 pod.metadata.namespace_, pod.metadata.name, claim.metadata.name,
                                 fmt::join(mappings, ", ")));
  }
  // hasBindingConditions: the pod is bound only once the drivers report these devices ready.
  std::vector<std::string> waiting;
  for (const ResourceClaim& claim : s.claims) {
    if (!claim.allocation) continue;
    for (const DeviceRequestAllocationResult& r : claim.allocation->results) {
      if (r.binding_conditions.empty()) continue;
      waiting.push_back(fmt::format("{}/{}/{} ({})", r.driver, r.pool, r.device, fmt::join(r.binding_conditions, ", ")));
    }
  }
  if (!waiting.empty()) {
    writes.push_back(fmt::format("wait until the claims' status.devices report the binding conditions of {} "
                                 "(the binding fails on a binding failure condition or after the binding timeout)",
                                 fmt::join(waiting, ", ")));
  }
  return Status();
}

Status dynamic_resources_post_filter(const CycleState& state, const Pod& pod, bool without_reason) {
  const auto* data = state.read<DraState>(kStateKey);
  if (data == nullptr) return Status::error("not found");
  Shared& s = *data->shared;
  if (s.claims.empty()) {
    return without_reason ? Status(Code::Unschedulable) : Status(Code::Unschedulable, std::string(kNoNewClaimsToDeallocate));
  }
  // A special claim an earlier attempt created is deleted, so that the next attempt starts anew.
  const bool created_earlier =
      s.has_special_claim() && s.claims.back().metadata.name != kSpecialClaimInMemoryName;
  std::lock_guard lock(s.mutex);
  // Upstream picks one at random among the unavailable claims; podfit takes the first.
  for (size_t index : s.unavailable) {
    if (s.is_special(index)) {
      if (created_earlier) break;
      continue;
    }
    const ResourceClaim& claim = s.claims[index];
    if (claim.reserved_for.empty() || (claim.reserved_for.size() == 1 && refers_to_pod(pod, claim.reserved_for[0].uid, claim.reserved_for[0].name))) {
      return Status(Code::Unschedulable, std::string(kDeallocationCompleted));
    }
  }
  if (created_earlier) return Status(Code::Unschedulable, std::string(kClaimDeletionCompleted));
  return without_reason ? Status(Code::Unschedulable) : Status(Code::Unschedulable, std::string(kStillNotSchedulable));
}

std::unique_ptr<Plugin> new_dynamic_resources(const PluginContext& context) {
  const DynamicResourcesArgs* args = context.dynamic_resources_args.get();
  if (args == nullptr || !args->filter_timeout_ns) return std::make_unique<DynamicResources>(context.gates);
  return std::make_unique<DynamicResources>(context.gates, std::chrono::nanoseconds(*args->filter_timeout_ns));
}

}  // namespace podfit
