// Dynamic Resource Allocation in the scheduling queue: DynamicResources' PreEnqueue (the
// TestPlugin cases missing-claim, deleted-claim, wrong-claim of dynamicresources_test.go),
// isSchedulableAfterClaimChange (TestIsSchedulableAfterClaimChange), NodeResourcesFit's
// isSchedulableAfterDeviceClassEvent, the plugins' registrations of ResourceClaim,
// ResourceSlice and DeviceClass events, and the requeue they drive.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/names.h"
#include "podfit/framework/profiles.h"
#include "podfit/plugins/dynamic_resources/pre_enqueue.h"
#include "podfit/queue/dra_events.h"
#include "podfit/queue/requeue.h"

namespace podfit {
namespace {

using testing::PodBuilder;
using testing::rl;

constexpr QueueingHint kQueue = QueueingHint::Queue;
constexpr QueueingHint kSkip = QueueingHint::QueueSkip;
const std::string kPod = "my-pod", kPodUid = "1234", kClaim = "my-pod-my-resource", kClass = "my-resource-class";

ResourceClaim claim(const std::string& name = kClaim) {
  ResourceClaim c;
  c.metadata.name = name;
  c.metadata.namespace_ = "default";
  c.metadata.uid = name + "-uid";
  DeviceRequest& request = c.spec.requests.emplace_back();
  request.name = "req-1";
  request.exactly.emplace().device_class_name = kClass;
  return c;
}

// st.FromResourceClaim(claim).OwnerReference(pod): the claim a template created for the pod.
ResourceClaim pending_claim(const std::string& name = kClaim) {
  ResourceClaim c = claim(name);
  c.metadata.owner_references.push_back(OwnerReference{"v1", "Pod", kPod, kPodUid, true});
  return c;
}

ResourceClaim allocated(ResourceClaim c) {
  c.allocation.emplace().results.push_back(DeviceRequestAllocationResult{"req-1", "some-driver", "worker", "instance-1"});
  return c;
}

Pod pod_with_claim_name() {
  Pod pod = PodBuilder(kPod).uid(kPodUid);
  pod.spec.resource_claims.push_back(PodResourceClaim{"my-resource", kClaim, std::nullopt});
  return pod;
}

Pod pod_with_claim_template(bool with_status) {
  Pod pod = PodBuilder(kPod).uid(kPodUid);
  pod.spec.resource_claims.push_back(PodResourceClaim{"my-resource", std::nullopt, std::string("my-template")});
  if (with_status) pod.status.resource_claim_statuses.push_back(PodResourceClaimStatus{"my-resource", kClaim});
  return pod;
}

Status unresolvable(const std::string& reason) {
  Status status(Code::UnschedulableAndUnresolvable, reason);
  status.with_plugin("DynamicResources");
  return status;
}

TEST_CASE("DynamicResources PreEnqueue") {
  const FeatureGates gates;
  ClusterState cluster;
  auto pre_enqueue = [&](const Pod& pod) {
    const Snapshot snapshot(cluster, gates);
    return dynamic_resources_pre_enqueue(pod, snapshot, gates);
  };
  SUBCASE("a pod without claims is admitted") { CHECK(pre_enqueue(PodBuilder(kPod)).is_success()); }
  SUBCASE("the pod's claims exist and are its own") {
    cluster.resource_claims = {allocated(pending_claim())};
    CHECK(pre_enqueue(pod_with_claim_template(true)).is_success());
  }
  SUBCASE("deleted-claim") {
    ResourceClaim c = allocated(pending_claim());
    c.metadata.deletion_timestamp = "2026-01-01T00:00:00Z";
    cluster.resource_claims = {c};
    CHECK(pre_enqueue(pod_with_claim_template(true)) ==
          unresolvable("resourceclaim \"my-pod-my-resource\" is being deleted"));
  }
  SUBCASE("wrong-claim") {
    ResourceClaim c = allocated(pending_claim());
    c.metadata.owner_references[0].uid += "123";
    cluster.resource_claims = {c};
    CHECK(pre_enqueue(pod_with_claim_template(true)) ==
          unresolvable("ResourceClaim default/my-pod-my-resource was not created for Pod default/my-pod (Pod is not owner)"));
  }
  SUBCASE("a named claim that does not exist") {
    cluster.resource_claims = {claim("other")};
    CHECK(pre_enqueue(pod_with_claim_name()) == unresolvable("could not find ResourceClaim \"default/my-pod-my-resource\""));
  }
  SUBCASE("missing-claim: a template's claim not created yet") {
    cluster.resource_claims = {allocated(pending_claim()), claim("other")};
    CHECK(pre_enqueue(pod_with_claim_template(false)) ==
          unresolvable("pod \"default/my-pod\": ResourceClaim not created yet"));
    // A pod not created yet, in an input without templates: podfit cannot make its claim, and
    // the plugin reports it not evaluated instead.
    Pod uncreated = pod_with_claim_template(false);
    uncreated.metadata.uid.clear();
    CHECK(pre_enqueue(uncreated).is_success());
  }
  SUBCASE("an input without any ResourceClaim says nothing of the claim") {
    CHECK(pre_enqueue(pod_with_claim_name()).is_success());
  }
  SUBCASE("the gate off: no PreEnqueue") {
    cluster.resource_claims = {claim("other")};
    FeatureGates off;
    off.dynamic_resource_allocation = false;
    const Snapshot snapshot(cluster, off);
    CHECK(dynamic_resources_pre_enqueue(pod_with_claim_name(), snapshot, off).is_success());
  }
  SUBCASE("SchedulingGates runs first") {
    cluster.resource_claims = {claim("other")};
    Pod pod = pod_with_claim_name();
    pod.spec.scheduling_gates = {PodSchedulingGate{"example.com/wait"}};
    const Snapshot snapshot(cluster, gates);
    const Status status = run_pre_enqueue_plugins({"SchedulingGates", "DynamicResources"}, pod, snapshot, gates);
    CHECK(status.plugin() == "SchedulingGates");
    CHECK(run_pre_enqueue_plugins({"DynamicResources"}, pod, snapshot, gates) ==
          unresolvable("could not find ResourceClaim \"default/my-pod-my-resource\""));
  }
}

TEST_CASE("isSchedulableAfterClaimChange") {
  struct Case {
    std::string name;
    Pod pod;
    std::vector<ResourceClaim> claims;  // the cluster before the event
    std::optional<ResourceClaim> old_claim;
    ResourceClaim new_claim;
    QueueingHint want;
  };
  ResourceClaim wrong_owner = allocated(pending_claim());
  wrong_owner.metadata.owner_references[0].uid += "123";
  ResourceClaim unrelated = allocated(pending_claim());
  unrelated.metadata.name += "-foo";
  unrelated.metadata.uid += "123";
  ResourceClaim with_finalizer = pending_claim();
  with_finalizer.metadata.annotations.set("foo", "bar");  // podfit reads no finalizers: metadata only
  ResourceClaim now_allocated = pending_claim();
  now_allocated.allocation.emplace();
  const ResourceClaim other_allocated = allocated(claim("other-claim"));
  ResourceClaim deallocated = other_allocated;
  deallocated.allocation.reset();
  ResourceClaim devices_reported = allocated(pending_claim());
  devices_reported.status_devices_json = R"([{"driver":"some-driver","pool":"worker","device":"instance-1"}])";

  const std::vector<Case> cases = {
      // skip-deletes and the backoff-wrong-*-object cases have no counterpart: podfit offers no
      // delete event and its objects are typed.
      {"skip-wrong-claim", pod_with_claim_template(false), {}, std::nullopt, wrong_owner, kSkip},
      {"skip-unrelated-claim", pod_with_claim_template(false), {allocated(pending_claim())}, std::nullopt, unrelated,
       kSkip},
      {"queue-on-add", pod_with_claim_name(), {}, std::nullopt, pending_claim(), kQueue},
      {"skip-adding-finalizer", pod_with_claim_name(), {pending_claim()}, pending_claim(), with_finalizer, kSkip},
      {"queue-on-status-change", pod_with_claim_name(), {pending_claim()}, pending_claim(), now_allocated, kQueue},
      {"claim-deallocate", pod_with_claim_name(), {pending_claim(), other_allocated}, other_allocated, deallocated,
       kQueue},
      // podfit's own: a change only to what the driver reports (status.devices) is a status change.
      {"status.devices reported", pod_with_claim_name(), {allocated(pending_claim())}, allocated(pending_claim()),
       devices_reported, kQueue},
      {"a template's claim with the pod in status, allocated", pod_with_claim_template(true), {pending_claim()},
       pending_claim(), allocated(pending_claim()), kQueue},
  };
  const FeatureGates gates;
  for (const Case& c : cases) {
    CAPTURE(c.name);
    ClusterState before;
    before.resource_claims = c.claims;
    const DraObject key = c.new_claim;
    const ClusterState after_state = with_dra_object(before, key, &key);
    const Snapshot after(after_state, gates);
    const HintResult got = claim_change_hint(c.pod, c.old_claim ? &*c.old_claim : nullptr, c.new_claim, after);
    CHECK(got.hint == c.want);
    CHECK_FALSE(got.why.empty());
  }
}

TEST_CASE("NodeResourcesFit isSchedulableAfterDeviceClassEvent") {
  auto device_class = [](std::string name, std::optional<std::string> extended) {
    DeviceClass dc;
    dc.metadata.name = std::move(name);
    dc.extended_resource_name = std::move(extended);
    return dc;
  };
  const Pod gpu_pod = PodBuilder("p").req(rl({{"example.com/gpu", "1"}}));
  const Pod implicit_pod = PodBuilder("p").req(rl({{"deviceclass.resource.kubernetes.io/my-resource-class", "1"}}));
  const Pod cpu_pod = PodBuilder("p").req(rl({{"cpu", "1"}}));
  const DeviceClass plain = device_class(kClass, std::nullopt);
  const DeviceClass gpu = device_class(kClass, "example.com/gpu");
  const DeviceClass gpu2 = device_class(kClass, "example.com/gpu2");
  struct Case {
    std::string name;
    Pod pod;
    std::optional<DeviceClass> old_class;
    DeviceClass new_class;
    QueueingHint want;
  };
  const std::vector<Case> cases = {
      {"add: the class provides the resource the pod requests", gpu_pod, std::nullopt, gpu, kQueue},
      {"add: the pod requests the class's implicit resource", implicit_pod, std::nullopt, plain, kQueue},
      {"add: nothing the pod requests", cpu_pod, std::nullopt, gpu, kSkip},
      {"update: the same extended resource name", gpu_pod, gpu, gpu, kSkip},
      {"update: the name now matches the pod's request", gpu_pod, gpu2, gpu, kQueue},
      {"update: the name set, not requested by the pod", cpu_pod, plain, gpu, kSkip},
      {"update: the implicit name counts on add only", implicit_pod, gpu, plain, kSkip},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    CHECK(device_class_change_hint(c.pod, c.old_class ? &*c.old_class : nullptr, c.new_class).hint == c.want);
  }
}

TEST_CASE("Registrations of ResourceClaim, ResourceSlice and DeviceClass events") {
  const FeatureGates gates;
  using namespace action_types;
  CHECK(dra_event_registration("DynamicResources", "ResourceClaim", gates).actions == (kAdd | kUpdate));
  CHECK(dra_event_registration("DynamicResources", "ResourceClaim", gates).has_hint);
  CHECK_FALSE(dra_event_registration("DynamicResources", "ResourceSlice", gates).has_hint);
  CHECK_FALSE(dra_event_registration("DynamicResources", "DeviceClass", gates).has_hint);
  CHECK((dra_event_registration("DynamicResources", "ResourceClaim", gates).actions & kDelete) == 0);
  CHECK(dra_event_registration("NodeResourcesFit", "DeviceClass", gates).actions == (kAdd | kUpdate));
  CHECK(dra_event_registration("NodeResourcesFit", "ResourceClaim", gates).actions == 0);
  for (const char* plugin : {"NodeAffinity", "TaintToleration", "NodeUnschedulable", "VolumeBinding", "SchedulingGates"}) {
    CAPTURE(plugin);
    CHECK(dra_event_registration(plugin, "ResourceSlice", gates).actions == 0);
  }
  CHECK(dra_event_registration("OutOfTree", "ResourceSlice", gates).actions == unknown_plugin_registration().actions);
  FeatureGates off;
  off.dynamic_resource_allocation = false;
  off.dra_extended_resource = false;
  CHECK(dra_event_registration("DynamicResources", "ResourceClaim", off).actions == 0);
  CHECK(dra_event_registration("NodeResourcesFit", "DeviceClass", off).actions == 0);

  CHECK(dra_event(nullptr, DraObject(claim())).name() == "ResourceClaimAdd");
  CHECK(dra_event(nullptr, DraObject(claim())).label() == "resource.k8s.io/ResourceClaimAdd");
  const DraObject slice = ResourceSlice{};
  CHECK(dra_event(&slice, slice).label() == "resource.k8s.io/ResourceSliceUpdate");
}

TEST_CASE("simulate_dra_requeue") {
  const PluginContext context;
  ClusterState cluster;
  cluster.nodes = {testing::NodeBuilder("worker").capacity(rl({{"cpu", "4"}, {"pods", "110"}}))};
  DeviceClass dc;
  dc.metadata.name = kClass;
  dc.selectors.push_back(DeviceSelector{"device.driver == \"some-driver\"", 0});
  cluster.device_classes = {dc};
  ResourceSlice s;
  s.metadata.name = "worker-slice";
  s.driver = "some-driver";
  s.pool.name = "worker";
  s.pool.resource_slice_count = 1;
  s.node_name = "worker";
  s.devices.emplace_back().name = "instance-1";
  // The only device is taken by another claim, so my-pod's claim cannot be allocated.
  const ResourceClaim taken = allocated(claim("other-claim"));
  cluster.resource_claims = {pending_claim(), taken};
  cluster.resource_slices = {s};
  const std::vector<Pod> pods = {pod_with_claim_name()};

  SUBCASE("the other claim deallocated: DynamicResources queues the pod") {
    ResourceClaim freed = taken;
    freed.allocation.reset();
    const DraObject before = taken, after = freed;
    const RequeueOutcome out = simulate_dra_requeue(cluster, &before, after, pods, context);
    REQUIRE(out.dra_event);
    CHECK(out.dra_event->name() == "ResourceClaimUpdate");
    CHECK(out.object == "default/other-claim");
    REQUIRE(out.pods.size() == 1);
    CHECK(out.pods[0].unschedulable_plugins == std::vector<std::string>{"DynamicResources"});
    CHECK(out.pods[0].moved);
    CHECK(out.pods[0].strategy == QueueingStrategy::QueueAfterBackoff);
  }
  SUBCASE("an unrelated claim's finalizer: the pod stays") {
    ResourceClaim finalized = taken;
    finalized.metadata.annotations.set("example.com/cleanup", "true");
    const DraObject before = taken, after = finalized;
    const RequeueOutcome out = simulate_dra_requeue(cluster, &before, after, pods, context);
    CHECK_FALSE(out.pods[0].moved);
    CHECK(out.pods[0].strategy == QueueingStrategy::QueueSkip);
    CHECK(out.pods[0].reasons == std::vector<std::string>{"cannot allocate all claims"});
  }
  SUBCASE("v1.37 hands a claim's event to the pods that reference it only") {
    ResourceClaim finalized = taken;
    finalized.metadata.annotations.set("example.com/cleanup", "true");
    const DraObject before = taken, after = finalized;
    auto said = [](const PodRequeue& p, std::string_view text) {
      for (const std::string& d : p.details) {
        if (d.find(text) != std::string::npos) return true;
      }
      return false;
    };
    const RequeueOutcome v137 = simulate_dra_requeue(cluster, &before, after, pods, context);
    CHECK_FALSE(v137.pods[0].moved);
    CHECK(said(v137.pods[0], "PreQueueingHint"));
    PluginContext v136_context;
    v136_context.gates = FeatureGates::for_release(KubernetesRelease{36});
    const RequeueOutcome v136 = simulate_dra_requeue(cluster, &before, after, pods, v136_context);
    CHECK_FALSE(v136.pods[0].moved);
    CHECK(said(v136.pods[0], "the pod does not use ResourceClaim default/other-claim"));
  }
  SUBCASE("a slice added: DynamicResources registers it without a hint") {
    ResourceSlice more = s;
    more.metadata.name = "worker-slice-2";
    const RequeueOutcome out = simulate_dra_requeue(cluster, nullptr, DraObject(more), pods, context);
    CHECK(out.dra_event->name() == "ResourceSliceAdd");
    CHECK(out.pods[0].moved);
  }
  SUBCASE("a gated pod waits for its claim, and moves once it exists") {
    cluster.resource_claims = {taken};
    const RequeueOutcome out = simulate_dra_requeue(cluster, nullptr, DraObject(pending_claim()), pods, context);
    CHECK(out.pods[0].gated_by == "DynamicResources");
    CHECK(out.pods[0].moved);
    CHECK(out.pods[0].moved_by == "resource.k8s.io/ResourceClaimAdd");
  }
  SUBCASE("a gated pod another claim's event does not ungate") {
    cluster.resource_claims = {taken};
    ResourceClaim freed = taken;
    freed.allocation.reset();
    const DraObject before = taken, after = freed;
    const RequeueOutcome out = simulate_dra_requeue(cluster, &before, after, pods, context);
    CHECK(out.pods[0].gated_by == "DynamicResources");
    CHECK_FALSE(out.pods[0].moved);
    CHECK(out.pods[0].reasons == std::vector<std::string>{"could not find ResourceClaim \"default/my-pod-my-resource\""});
  }
}

}  // namespace
}  // namespace podfit
