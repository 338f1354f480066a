// DynamicResources: the cases of kube-scheduler's dynamicresources_test.go that apply to what
// podfit runs (PreFilter, Filter, PostFilter, Score, Reserve, PreBind), statuses compared word
// for word, plus the FitError message of a pod whose claims fit no node.
#include <doctest/doctest.h>

#include "builders.h"
#include "podfit/framework/fit_error.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/preemption.h"
#include "podfit/plugins/dynamic_resources/dynamic_resources.h"
#include "podfit/snapshot/snapshot.h"

using namespace podfit;

namespace {

const std::string kPod = "my-pod", kPodUid = "1234", kClaim = "my-pod-my-resource", kClass = "my-resource-class",
                  kDriver = "some-driver", kRequest = "req-1", kWorker = "worker";

Node worker(const std::string& name = kWorker) {
  Node node;
  node.metadata.name = name;
  node.metadata.labels.set("kubernetes.io/hostname", name);
  node.status.allocatable.set("pods", *Quantity::parse("110"));
  return node;
}

DeviceClass device_class() {
  DeviceClass dc;
  dc.metadata.name = kClass;
  dc.selectors.push_back(DeviceSelector{"device.driver == \"" + kDriver + "\"", 0});
  return dc;
}

// One slice with `devices` devices (instance-0, ...) on `node`.
ResourceSlice slice(const std::string& node, int devices) {
  ResourceSlice s;
  s.metadata.name = node + "-slice";
  s.driver = kDriver;
  s.pool.name = node;
  s.pool.resource_slice_count = 1;
  s.node_name = node;
  for (int i = 0; i < devices; ++i) s.devices.emplace_back().name = "instance-" + std::to_string(i);
  return s;
}

ResourceClaim pending_claim(const std::string& name = kClaim) {
  ResourceClaim claim;
  claim.metadata.name = name;
  claim.metadata.namespace_ = "default";
  claim.metadata.uid = name + "-uid";
  DeviceRequest& request = claim.spec.requests.emplace_back();
  request.name = kRequest;
  request.exactly.emplace().device_class_name = kClass;
  return claim;
}

AllocationResult allocation_on(const std::string& node, const std::string& device = "instance-0") {
  AllocationResult a;
  a.results.push_back(DeviceRequestAllocationResult{kRequest, kDriver, node, device});
  NodeSelector selector;
  NodeSelectorTerm& term = selector.node_selector_terms.emplace_back();
  term.match_fields.push_back(NodeSelectorRequirement{"metadata.name", "In", {node}});
  a.node_selector = selector;
  return a;
}

Pod pod_with_claim_name() {
  Pod pod = testing::PodBuilder(kPod).uid(kPodUid);
  pod.spec.resource_claims.push_back(PodResourceClaim{"my-resource", kClaim, std::nullopt});
  return pod;
}

Pod pod_with_claim_template(bool with_status = true) {
  Pod pod = testing::PodBuilder(kPod).uid(kPodUid);
  pod.spec.resource_claims.push_back(PodResourceClaim{"my-resource", std::nullopt, std::string("my-template")});
  if (with_status) pod.status.resource_claim_statuses.push_back(PodResourceClaimStatus{"my-resource", kClaim});
  return pod;
}

ResourceClaim owned_by_pod(ResourceClaim claim) {
  claim.metadata.owner_references.push_back(OwnerReference{"v1", "Pod", kPod, kPodUid, true});
  return claim;
}

struct Run {
  Status pre_filter;
  std::vector<Status> filter;  // per node
  Status post_filter;
};

Run run(ClusterState& cluster, const Pod& pod, std::chrono::nanoseconds filter_timeout = kDefaultFilterTimeout,
        const FeatureGates& gates = {}) {
  DynamicResources plugin(gates, filter_timeout);
  Snapshot snapshot(cluster, gates);
  PodInfo info(pod, gates);
  CycleState state;
  PreFilterResult result;
  Run out;
  out.pre_filter = plugin.pre_filter(state, info, snapshot, result);
  if (out.pre_filter.is_success()) {
    for (const auto& node : snapshot.nodes()) out.filter.push_back(plugin.filter(state, info, *node));
  }
  out.post_filter = dynamic_resources_post_filter(state, pod);
  return out;
}

Status unresolvable(std::string reason) { return Status(Code::UnschedulableAndUnresolvable, std::move(reason)); }

}  // namespace

TEST_CASE("DynamicResources PreFilter: claims that cannot be used, with upstream's texts") {
  ClusterState cluster;
  cluster.nodes = {worker()};
  cluster.device_classes = {device_class()};
  cluster.resource_slices = {slice(kWorker, 1)};

  SUBCASE("empty: a pod without claims is skipped; PostFilter has no claims to deallocate") {
    Run r = run(cluster, testing::PodBuilder(kPod));
    CHECK(r.pre_filter.code() == Code::Skip);
    CHECK(r.post_filter == Status(Code::Unschedulable, "no new claims to deallocate"));
  }
  SUBCASE("claim-reference: the claim does not exist") {
    Run r = run(cluster, pod_with_claim_name());
    CHECK(r.pre_filter == unresolvable("could not find ResourceClaim \"default/my-pod-my-resource\""));
    CHECK(r.post_filter == Status(Code::Unschedulable, "no new claims to deallocate"));
  }
  SUBCASE("deleted-claim") {
    ResourceClaim claim = pending_claim();
    claim.metadata.deletion_timestamp = "2026-01-01T00:00:00Z";
    cluster.resource_claims = {claim};
    CHECK(run(cluster, pod_with_claim_name()).pre_filter ==
          unresolvable("resourceclaim \"my-pod-my-resource\" is being deleted"));
  }
  SUBCASE("wrong-claim: a template's claim owned by another pod") {
    cluster.resource_claims = {pending_claim()};
    CHECK(run(cluster, pod_with_claim_template()).pre_filter ==
          unresolvable("ResourceClaim default/my-pod-my-resource was not created for Pod default/my-pod (Pod is not owner)"));
  }
  SUBCASE("a template's claim not created yet") {
    CHECK(run(cluster, pod_with_claim_template(false)).pre_filter ==
          unresolvable("pod \"default/my-pod\": ResourceClaim not created yet"));
  }
  SUBCASE("a template claim the controller deliberately did not create is ignored") {
    Pod pod = pod_with_claim_template(false);
    pod.status.resource_claim_statuses.push_back(PodResourceClaimStatus{"my-resource", std::nullopt});
    CHECK(run(cluster, pod).pre_filter.code() == Code::Skip);
  }
  SUBCASE("a pod claim naming neither a claim nor a template") {
    Pod pod = testing::PodBuilder(kPod).uid(kPodUid);
    pod.spec.resource_claims.push_back(PodResourceClaim{"my-resource", std::nullopt, std::nullopt});
    CHECK(run(cluster, pod).pre_filter ==
          unresolvable("pod \"default/my-pod\", spec.resourceClaim \"my-resource\": none of the supported fields are set"));
  }
  SUBCASE("missing-class") {
    cluster.device_classes.clear();
    cluster.resource_claims = {pending_claim()};
    Run r = run(cluster, pod_with_claim_name());
    CHECK(r.pre_filter == unresolvable("request req-1: device class my-resource-class does not exist"));
    CHECK(r.post_filter == Status(Code::Unschedulable, "no new claims to deallocate"));
  }
  SUBCASE("missing-class in a firstAvailable subrequest") {
    ResourceClaim claim = pending_claim();
    claim.spec.requests[0].exactly.reset();
    DeviceSubRequest sub;
    sub.name = "large";
    sub.spec.device_class_name = "no-such-class";
    claim.spec.requests[0].first_available.push_back(sub);
    cluster.resource_claims = {claim};
    CHECK(run(cluster, pod_with_claim_name()).pre_filter ==
          unresolvable("request req-1/large: device class no-such-class does not exist"));
  }
  SUBCASE("a request without a class is an error") {
    ResourceClaim claim = pending_claim();
    claim.spec.requests[0].exactly->device_class_name.clear();
    cluster.resource_claims = {claim};
    CHECK(run(cluster, pod_with_claim_name()).pre_filter == Status::error("request req-1: unsupported request type"));
  }
  SUBCASE("a template's claim owned by the pod is used") {
    cluster.resource_claims = {owned_by_pod(pending_claim())};
    Run r = run(cluster, pod_with_claim_template());
    CHECK(r.pre_filter.is_success());
    REQUIRE(r.filter.size() == 1);
    CHECK(r.filter[0].is_success());
  }
}

TEST_CASE("DynamicResources Filter and PostFilter") {
  ClusterState cluster;
  cluster.nodes = {worker()};
  cluster.device_classes = {device_class()};

  SUBCASE("no-resources: nothing to allocate from") {
    cluster.resource_claims = {pending_claim()};
    Run r = run(cluster, pod_with_claim_name());
    CHECK(r.pre_filter.is_success());
    REQUIRE(r.filter.size() == 1);
    CHECK(r.filter[0] == unresolvable("cannot allocate all claims"));
    CHECK(r.post_filter == Status(Code::Unschedulable, "still not schedulable"));
  }
  SUBCASE("structured-no-resources: the only device is taken by another claim") {
    cluster.resource_slices = {slice(kWorker, 1)};
    ResourceClaim other = pending_claim("other");
    other.allocation = allocation_on(kWorker);
    cluster.resource_claims = {pending_claim(), other};
    CHECK(run(cluster, pod_with_claim_name()).filter[0] == unresolvable("cannot allocate all claims"));
  }
  SUBCASE("structured-claim: a free device") {
    cluster.resource_slices = {slice(kWorker, 1)};
    cluster.resource_claims = {pending_claim()};
    Run r = run(cluster, pod_with_claim_name());
    CHECK(r.filter[0].is_success());
  }
  SUBCASE("structured-allocated-claim on the node: nothing to allocate") {
    ResourceClaim claim = pending_claim();
    claim.allocation = allocation_on(kWorker);
    cluster.resource_claims = {claim};
    CHECK(run(cluster, pod_with_claim_name()).filter[0].is_success());
  }
  SUBCASE("allocated claim on another node: unavailable, then deallocated by PostFilter") {
    ResourceClaim claim = pending_claim();
    claim.allocation = allocation_on("other-node");
    cluster.resource_claims = {claim};
    Run r = run(cluster, pod_with_claim_name());
    CHECK(r.filter[0] == unresolvable("resourceclaim not available on the node"));
    CHECK(r.post_filter == Status(Code::Unschedulable, "deallocation of ResourceClaim completed"));
  }
  SUBCASE("allocated claim on another node reserved for the pod alone: deallocated") {
    ResourceClaim claim = pending_claim();
    claim.allocation = allocation_on("other-node");
    claim.reserved_for.push_back(ResourceClaimConsumerReference{"", "pods", kPod, kPodUid});
    cluster.resource_claims = {claim};
    CHECK(run(cluster, pod_with_claim_name()).post_filter ==
          Status(Code::Unschedulable, "deallocation of ResourceClaim completed"));
  }
  SUBCASE("allocated claim on another node in use by another pod: still not schedulable") {
    ResourceClaim claim = pending_claim();
    claim.allocation = allocation_on("other-node");
    claim.reserved_for.push_back(ResourceClaimConsumerReference{"", "pods", "other", "other-uid"});
    cluster.resource_claims = {claim};
    Run r = run(cluster, pod_with_claim_name());
    CHECK(r.filter[0] == unresolvable("resourceclaim not available on the node"));
    CHECK(r.post_filter == Status(Code::Unschedulable, "still not schedulable"));
  }
  SUBCASE("a selector failing on a device stops the pod's attempt with an Error") {
    cluster.device_classes[0].selectors.push_back(DeviceSelector{"device.attributes[\"x\"].missing", 0});
    cluster.resource_slices = {slice(kWorker, 1)};
    cluster.resource_claims = {pending_claim()};
    Run r = run(cluster, pod_with_claim_name());
    CHECK(r.filter[0].code() == Code::Error);
  }
  SUBCASE("timeout: a search that outlasts filterTimeout is an Error naming the node") {
    // 20 devices wanted from 19: without the timeout the search would try every subset.
    cluster.resource_slices = {slice(kWorker, 19)};
    ResourceClaim claim = pending_claim();
    claim.spec.requests[0].exactly->count = 20;
    cluster.resource_claims = {claim};
    Run r = run(cluster, pod_with_claim_name(), std::chrono::nanoseconds(1));
    CHECK(r.filter[0] == Status::error("node worker: timed out trying to allocate devices"));
  }
  SUBCASE("DRASchedulerFilterTimeout off: no filterTimeout applies") {
    cluster.resource_slices = {slice(kWorker, 1)};
    cluster.resource_claims = {pending_claim()};
    FeatureGates off;
    off.dra_scheduler_filter_timeout = false;
    CHECK(run(cluster, pod_with_claim_name(), std::chrono::nanoseconds(1), off).filter[0].is_success());
  }
  SUBCASE("timeout_disabled: a filterTimeout of 0 never stops the search") {
    cluster.resource_slices = {slice(kWorker, 1)};
    cluster.resource_claims = {pending_claim()};
    CHECK(run(cluster, pod_with_claim_name(), std::chrono::nanoseconds(0)).filter[0].is_success());
  }
}

namespace {

// One device on the worker and two pending claims for it: the first pod's claim reserved the
// device; a second pod, with the other claim, comes after.
struct ReservedDevice {
  ClusterState cluster = [] {
    ClusterState c;
    c.nodes = {worker()};
    c.device_classes = {device_class()};
    c.resource_slices = {slice(kWorker, 1)};
    c.resource_claims = {pending_claim(), pending_claim("second")};
    return c;
  }();
  FeatureGates gates;
  DynamicResources plugin{gates};
  Snapshot snapshot{cluster, gates};
  Pod first = pod_with_claim_name();
  PodInfo info{first, gates};
  CycleState state;
  PreFilterResult result;
  Pod second = [] {
    Pod p = testing::PodBuilder("second-pod").uid("5678");
    p.spec.resource_claims.push_back(PodResourceClaim{"my-resource", std::string("second"), std::nullopt});
    return p;
  }();
  PodInfo second_info{second, gates};

  ReservedDevice() {
    REQUIRE(plugin.pre_filter(state, info, snapshot, result).is_success());
    REQUIRE(plugin.filter(state, info, *snapshot.nodes()[0]).is_success());
    REQUIRE(plugin.reserve(state, info, kWorker, snapshot).is_success());
  }
  // The second pod's Filter on the worker, in a cycle of its own.
  Status second_fits() {
    CycleState cycle;
    REQUIRE(plugin.pre_filter(cycle, second_info, snapshot, result).is_success());
    return plugin.filter(cycle, second_info, *snapshot.nodes()[0]);
  }
};

}  // namespace

TEST_CASE("DynamicResources Unreserve before PreBind gives the device back") {
  ReservedDevice f;
  REQUIRE(f.snapshot.resource_claim("default", kClaim)->allocation);
  f.plugin.unreserve(f.state, f.info, kWorker, f.snapshot);
  CHECK_FALSE(f.snapshot.resource_claim("default", kClaim)->allocation);
  CHECK(f.second_fits().is_success());
}

TEST_CASE("DynamicResources Reserve and PreBind: the next pod finds the device taken") {
  ReservedDevice f;
  auto& [cluster, gates, plugin, snapshot, first, info, state, result, second, second_info] = f;
  CHECK(plugin.pre_bind_pre_flight(state, info, kWorker).is_success());
  std::vector<std::string> writes;
  REQUIRE(plugin.pre_bind(state, info, kWorker, writes).is_success());
  CHECK(writes == std::vector<std::string>{
                      "update ResourceClaim default/my-pod-my-resource: allocate req-1: some-driver/worker/instance-0; reservedFor "
                    "pod my-pod"});
  const ResourceClaim* bound = snapshot.resource_claim("default", kClaim);
  REQUIRE(bound != nullptr);
  REQUIRE(bound->allocation);
  CHECK(bound->allocation->results[0].device == "instance-0");
  REQUIRE(bound->reserved_for.size() == 1);
  CHECK(bound->reserved_for[0].uid == kPodUid);

  const std::vector<const ResourceClaim*> reported = claims_reserved_for_pod(snapshot, first);
  REQUIRE(reported.size() == 1);
  CHECK(reported[0]->metadata.name == kClaim);
  CHECK(reported[0]->allocation->results[0].device == "instance-0");

  CHECK(claims_reserved_for_pod(snapshot, second).empty());
  CHECK(f.second_fits() == unresolvable("cannot allocate all claims"));

  SUBCASE("Unreserve after PreBind keeps the allocation it wrote, without the pod") {
    plugin.unreserve(state, info, kWorker, snapshot);
    const ResourceClaim* kept = snapshot.resource_claim("default", kClaim);
    REQUIRE(kept->allocation);
    CHECK(kept->allocation->results[0].device == "instance-0");
    CHECK(kept->reserved_for.empty());
    CHECK(f.second_fits() == unresolvable("cannot allocate all claims"));
  }
  SUBCASE("a pod without claims skips PreBind") {
    Pod plain = testing::PodBuilder("plain");
    PodInfo plain_info(plain, gates);
    CycleState plain_state;
    CHECK(plugin.pre_filter(plain_state, plain_info, snapshot, result).code() == Code::Skip);
    CHECK(plugin.pre_bind_pre_flight(plain_state, plain_info, kWorker).code() == Code::Skip);
  }
}

TEST_CASE("DynamicResources Score: earlier firstAvailable alternatives score higher") {
  ClusterState cluster;
  cluster.nodes = {worker("small"), worker("large")};
  DeviceClass small = device_class();
  small.metadata.name = "small";
  small.selectors = {DeviceSelector{"device.attributes[\"" + kDriver + "\"].size == \"small\"", 0}};
  DeviceClass large = small;
  large.metadata.name = "large";
  large.selectors = {DeviceSelector{"device.attributes[\"" + kDriver + "\"].size == \"large\"", 0}};
  cluster.device_classes = {small, large};
  for (const std::string size : {"small", "large"}) {
    ResourceSlice s = slice(size, 1);
    DeviceAttribute attribute;
    attribute.kind = DeviceAttribute::Kind::String;
    attribute.string_value = size;
    s.devices[0].attributes.push_back(NamedAttribute{"size", attribute});
    cluster.resource_slices.push_back(s);
  }
  ResourceClaim claim = pending_claim();
  claim.spec.requests[0].exactly.reset();
  for (const std::string name : {"large", "small"}) {
    DeviceSubRequest sub;
    sub.name = name;
    sub.spec.device_class_name = name;
    claim.spec.requests[0].first_available.push_back(sub);
  }
  cluster.resource_claims = {claim};
  FeatureGates gates;
  DynamicResources plugin(gates);
  Snapshot snapshot(cluster, gates);
  Pod pod = pod_with_claim_name();
  PodInfo info(pod, gates);
  CycleState state;
  PreFilterResult result;
  REQUIRE(plugin.pre_filter(state, info, snapshot, result).is_success());
  NodeScoreList scores;
  for (const auto& node : snapshot.nodes()) {
    REQUIRE(plugin.filter(state, info, *node).is_success());
    ScoreResult s = plugin.score(state, info, *node);
    REQUIRE(s.status.is_success());
    scores.push_back({node->name(), s.score});
  }
  CHECK(scores == NodeScoreList{{"small", 7}, {"large", 8}});
  REQUIRE(plugin.normalize_score(state, info, scores).is_success());
  CHECK(scores == NodeScoreList{{"small", 87}, {"large", 100}});
}

TEST_CASE("DynamicResources: what is still not evaluated") {
  FeatureGates gates;
  DynamicResources plugin(gates);
  ClusterState cluster;
  DeviceClass& dc = cluster.device_classes.emplace_back(device_class());
  dc.extended_resource_name = "example.com/gpu";
  SUBCASE("a pod with claims podfit can resolve is evaluated") {
    cluster.resource_claims = {pending_claim()};
    cluster.resource_slices = {slice(kWorker, 1)};
    Snapshot snapshot(cluster, gates);
    CHECK_FALSE(plugin.cannot_evaluate(pod_with_claim_name(), snapshot).has_value());
  }
  SUBCASE("an input without ResourceClaims, DeviceClasses or ResourceSlices was taken without them") {
    {
      Snapshot snapshot(cluster, gates);
      CHECK(plugin.cannot_evaluate(pod_with_claim_name(), snapshot) ==
            "the pod uses ResourceClaim default/my-pod-my-resource, and the input holds no ResourceClaims "
            "(kubectl get resourceclaims -A adds them; a ResourceClaimList without items says there are none)");
    }
    {
      // Listed as none, the claim is missing from the cluster: PreFilter's verdict.
      ClusterState listed = cluster;
      listed.listed_kinds.insert("ResourceClaim");
      Snapshot snapshot(listed, gates);
      CHECK_FALSE(plugin.cannot_evaluate(pod_with_claim_name(), snapshot).has_value());
    }
    cluster.resource_claims = {pending_claim()};
    {
      Snapshot snapshot(cluster, gates);
      CHECK(plugin.cannot_evaluate(pod_with_claim_name(), snapshot) ==
            "ResourceClaim default/my-pod-my-resource is not allocated yet, and the input holds no ResourceSlices "
            "(kubectl get resourceslices adds them)");
    }
    cluster.device_classes.clear();
    {
      Snapshot snapshot(cluster, gates);
      CHECK(plugin.cannot_evaluate(pod_with_claim_name(), snapshot) ==
            "ResourceClaim default/my-pod-my-resource is not allocated yet, and the input holds no DeviceClasses "
            "(kubectl get deviceclasses adds them)");
    }
    // Allocated, it needs neither: its devices are decided.
    cluster.resource_claims[0].allocation = allocation_on(kWorker);
    Snapshot snapshot(cluster, gates);
    CHECK_FALSE(plugin.cannot_evaluate(pod_with_claim_name(), snapshot).has_value());
  }
  SUBCASE("a template claim of a pod not created yet, in an input without ResourceClaimTemplates") {
    Snapshot snapshot(cluster, gates);
    Pod uncreated = pod_with_claim_template(false);
    uncreated.metadata.uid.clear();
    auto why = plugin.cannot_evaluate(uncreated, snapshot);
    REQUIRE(why.has_value());
    CHECK(*why ==
          "the pod's claim my-resource comes from ResourceClaimTemplate my-template, and the input holds no "
          "ResourceClaimTemplates (kubectl get resourceclaimtemplates -A adds them; a ResourceClaimTemplateList "
          "without items says there are none)");
    // Listed as none, the template is missing from the cluster: the pod's verdict says so.
    cluster.listed_kinds.insert("ResourceClaimTemplate");
    Snapshot listed(cluster, gates);
    CHECK_FALSE(plugin.cannot_evaluate(uncreated, listed).has_value());
    // A pod that exists waits for the controller however the input was taken: kube-scheduler's verdict.
    CHECK_FALSE(plugin.cannot_evaluate(pod_with_claim_template(false), snapshot).has_value());
  }
  SUBCASE("an allocated claim waiting for binding conditions is evaluated") {
    ResourceClaim claim = pending_claim();
    claim.allocation = allocation_on(kWorker);
    claim.allocation->results[0].binding_conditions = {"attached"};
    cluster.resource_claims = {claim};
    Snapshot snapshot(cluster, gates);
    // Filter reads only where the devices are; the wait is PreBind's, which `place` reports.
    CHECK_FALSE(plugin.cannot_evaluate(pod_with_claim_name(), snapshot).has_value());
  }
}

TEST_CASE("DynamicResources: the FitError of a pod whose claim fits no node") {
  ClusterState cluster;
  cluster.nodes = {worker("n1"), worker("n2"), worker("n3")};
  cluster.device_classes = {device_class()};
  cluster.resource_claims = {pending_claim()};
  // Devices only on a node the cluster state does not have.
  cluster.resource_slices = {slice("gone", 1)};
  FeatureGates gates;
  Snapshot snapshot(cluster, gates);
  PluginContext context;
  const std::vector<std::string> order = {"NodeResourcesFit", "DynamicResources"};
  Framework framework(order, context);
  Pod pod = pod_with_claim_name();
  PodInfo info(pod, gates);
  CycleState state;
  FilterOutcome outcome = framework.run(snapshot, info, false, state);
  CHECK(outcome.not_evaluated.empty());
  CHECK(outcome.feasible_count() == 0);
  CHECK(fit_error_message(outcome, 3) == "0/3 nodes are available: 3 cannot allocate all claims.");
  PostFilterInput input{{"DynamicResources", "DefaultPreemption"}, order, &cluster.pod_disruption_budgets, true};
  PostFilterOutcome post = run_post_filter(framework, snapshot, info, state, outcome, input);
  CHECK(fit_error_message(outcome, 3, post.message()) ==
        "0/3 nodes are available: 3 cannot allocate all claims. preemption: 0/3 nodes are "
        "available: 3 Preemption is not helpful for scheduling.");
  // Before v1.37 DynamicResources' PostFilter said so.
  input.changes.dra_post_filter_without_reason = false;
  PostFilterOutcome v36 = run_post_filter(framework, snapshot, info, state, outcome, input);
  CHECK(fit_error_message(outcome, 3, v36.message()) ==
        "0/3 nodes are available: 3 cannot allocate all claims. still not schedulable, preemption: 0/3 nodes are "
        "available: 3 Preemption is not helpful for scheduling.");
}

TEST_CASE("DynamicResources PreBind: devices with binding conditions make the binding wait") {
  ClusterState cluster;
  cluster.nodes = {worker()};
  cluster.device_classes = {device_class()};
  ResourceSlice attached = slice(kWorker, 1);
  attached.devices[0].binding_conditions = {"attached", "ready"};
  attached.devices[0].binding_failure_conditions = {"failed"};
  cluster.resource_slices = {attached};
  cluster.resource_claims = {pending_claim()};
  FeatureGates gates;
  DynamicResources plugin(gates);
  Snapshot snapshot(cluster, gates);
  Pod pod = pod_with_claim_name();
  PodInfo info(pod, gates);
  CycleState state;
  PreFilterResult result;
  REQUIRE(plugin.pre_filter(state, info, snapshot, result).is_success());
  REQUIRE(plugin.filter(state, info, *snapshot.nodes()[0]).is_success());
  REQUIRE(plugin.reserve(state, info, kWorker, snapshot).is_success());
  std::vector<std::string> writes;
  REQUIRE(plugin.pre_bind(state, info, kWorker, writes).is_success());
  CHECK(writes == std::vector<std::string>{
                      "update ResourceClaim default/my-pod-my-resource: allocate req-1: some-driver/worker/instance-0; "
                      "reservedFor pod my-pod",
                      "wait until the claims' status.devices report the binding conditions of "
                      "some-driver/worker/instance-0 (attached, ready) (the binding fails on a binding failure "
                      "condition or after the binding timeout)"});
}

TEST_CASE("DynamicResources: references to pods not created yet, which have no uid") {
  ResourceClaim claim = pending_claim();
  claim.reserved_for.push_back(ResourceClaimConsumerReference{"", "pods", "train-0", ""});
  Pod first = testing::PodBuilder("train-0");
  Pod second = testing::PodBuilder("train-1");
  CHECK(claim_is_reserved_for_pod(first, claim));
  // Another new pod sharing the claim is not reserved yet: PreBind adds it.
  CHECK_FALSE(claim_is_reserved_for_pod(second, claim));
  // Pods that exist are told apart by uid alone, as kube-scheduler does.
  Pod created = testing::PodBuilder("renamed").uid("uid-1");
  CHECK(refers_to_pod(created, "uid-1", "train-0"));
  CHECK_FALSE(refers_to_pod(created, "uid-2", "renamed"));
  CHECK_FALSE(refers_to_pod(first, "uid-1", "train-0"));
}

TEST_CASE("DynamicResources: a bound pod's claims are reported in its spec.resourceClaims order") {
  Pod pod = testing::PodBuilder(kPod).uid(kPodUid);
  pod.spec.resource_claims.push_back(PodResourceClaim{"first", std::string("zeta"), std::nullopt});
  pod.spec.resource_claims.push_back(PodResourceClaim{"second", std::string("alpha"), std::nullopt});
  ClusterState cluster;
  cluster.nodes = {worker()};
  for (const std::string name : {"alpha", "zeta", "other", "extended"}) {
    ResourceClaim claim = pending_claim(name);
    claim.allocation = allocation_on(kWorker);
    // "other" is reserved for another pod; "extended" is the pod's though none of its claims names it.
    claim.reserved_for.push_back(ResourceClaimConsumerReference{"", "pods", name == "other" ? "someone" : kPod,
                                                                name == "other" ? "9999" : kPodUid});
    cluster.resource_claims.push_back(claim);
  }
  FeatureGates gates;
  Snapshot snapshot(cluster, gates);
  std::vector<std::string> names;
  for (const ResourceClaim* claim : claims_reserved_for_pod(snapshot, pod)) names.push_back(claim->metadata.name);
  CHECK(names == std::vector<std::string>{"zeta", "alpha", "extended"});
}
