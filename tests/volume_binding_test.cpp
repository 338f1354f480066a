// VolumeBinding: volume_binding_test.go (TestVolumeBinding's PreFilter/state/Filter columns,
// TestVolumeBinding_DeferredResizeSkipped) plus plugin-level cases for the claim problems
// podHasPVCs reports, pre-bound and selected-node claims, and the details podfit adds.
#include "podfit/plugins/volume_binding/volume_binding.h"

#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/load/loader.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

constexpr const char* kBindConflict = "node(s) didn't find available persistent volumes to bind";
constexpr const char* kNodeConflict = "node(s) didn't match PersistentVolume's node affinity";
constexpr const char* kNotEnoughSpace = "node(s) did not have enough free storage";
constexpr const char* kPVNotExist = "node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)";
constexpr const char* kHostname = "kubernetes.io/hostname";
constexpr const char* kNodeLabelKey = "nodeKey";
constexpr const char* kRegion = "topology.kubernetes.io/region";
constexpr const char* kZone = "topology.kubernetes.io/zone";

Quantity q(const char* text) { return *Quantity::parse(text); }

// makeNode: a node labelled with its hostname.
struct NodeB {
  Node node;
  explicit NodeB(std::string name) {
    node.metadata.name = name;
    node.metadata.labels.set(kHostname, name);
  }
  NodeB& label(const std::string& key, const std::string& value) {
    node.metadata.labels.set(key, value);
    return *this;
  }
  operator Node() const { return node; }
};

// makePV: a volume of a class, no capacity, no phase.
struct PvB {
  PersistentVolume pv;
  PvB(std::string name, std::string class_name) {
    pv.metadata.name = std::move(name);
    pv.storage_class_name = std::move(class_name);
  }
  PvB& phase(std::string phase) {
    pv.phase = std::move(phase);
    return *this;
  }
  PvB& capacity(const char* size) {
    pv.capacity.set("storage", q(size));
    return *this;
  }
  // withNodeAffinity: one term, one In requirement per key.
  PvB& affinity(std::vector<std::pair<std::string, std::vector<std::string>>> key_values) {
    NodeSelectorTerm term;
    for (auto& [key, values] : key_values) term.match_expressions.push_back({key, "In", values});
    pv.node_affinity = NodeSelector{{term}};
    return *this;
  }
  operator PersistentVolume() const { return pv; }
};

// makePVC: a claim of a class in namespace default.
struct PvcB {
  PersistentVolumeClaim pvc;
  PvcB(std::string name, std::string class_name) {
    pvc.metadata.name = std::move(name);
    pvc.metadata.namespace_ = "default";
    pvc.spec.storage_class_name = std::move(class_name);
  }
  PvcB& bound_to(std::string pv) {
    pvc.spec.volume_name = std::move(pv);
    pvc.metadata.annotations.set("pv.kubernetes.io/bind-completed", "true");
    return *this;
  }
  PvcB& request(const char* size) {
    pvc.spec.resources.requests = ResourceList{{"storage", q(size)}};
    return *this;
  }
  PvcB& phase(std::string phase) {
    pvc.phase = std::move(phase);
    return *this;
  }
  PvcB& annotation(const std::string& key, const std::string& value) {
    pvc.metadata.annotations.set(key, value);
    return *this;
  }
  operator PersistentVolumeClaim() const { return pvc; }
};

// makePod with withPVCVolume / withGenericEphemeralVolume.
struct PodB {
  Pod pod;
  explicit PodB(std::string name) {
    pod.metadata.name = std::move(name);
    pod.metadata.namespace_ = "default";
  }
  PodB& claim(std::string claim_name, std::string volume_name = "") {
    Volume v;
    v.name = std::move(volume_name);
    v.source.type = "persistentVolumeClaim";
    v.claim_name = std::move(claim_name);
    pod.spec.volumes.push_back(std::move(v));
    return *this;
  }
  PodB& ephemeral(std::string volume_name) {
    Volume v;
    v.name = std::move(volume_name);
    v.source.type = "ephemeral";
    v.ephemeral_claim = PersistentVolumeClaimSpec{};
    pod.spec.volumes.push_back(std::move(v));
    return *this;
  }
  PodB& empty_dir(std::string volume_name) {
    Volume v;
    v.name = std::move(volume_name);
    v.source.type = "emptyDir";
    pod.spec.volumes.push_back(std::move(v));
    return *this;
  }
  PodB& uid(std::string uid) {
    pod.metadata.uid = std::move(uid);
    return *this;
  }
  operator Pod() const { return pod; }
};

StorageClass storage_class(std::string name, std::string mode, std::string provisioner = "") {
  StorageClass sc;
  sc.metadata.name = std::move(name);
  sc.volume_binding_mode = std::move(mode);
  sc.provisioner = std::move(provisioner);
  return sc;
}

// makeCapacity: topology {nodeKey: <node's nodeKey>} (empty for a network-attached pool).
CSIStorageCapacity capacity(std::string name, std::string class_name, const Node* node, const char* size,
                            const char* maximum = "") {
  CSIStorageCapacity c;
  c.metadata.name = std::move(name);
  c.storage_class_name = std::move(class_name);
  c.node_topology = LabelSelector{};
  if (node) c.node_topology->match_labels.set(kNodeLabelKey, *node->metadata.labels.find(kNodeLabelKey));
  if (*size) c.capacity = q(size);
  if (*maximum) c.maximum_volume_size = q(maximum);
  return c;
}

// The classes and driver every TestVolumeBinding case starts with.
void add_test_classes(ClusterState& cluster) {
  cluster.storage_classes.push_back(storage_class("immediate-sc", "Immediate"));
  cluster.storage_classes.push_back(storage_class("wait-sc", "WaitForFirstConsumer"));
  cluster.storage_classes.push_back(storage_class("wait-hdd-sc", "WaitForFirstConsumer"));
  cluster.storage_classes.push_back(
      storage_class("wait-sc-with-storage-capacity", "WaitForFirstConsumer", "driver-with-storage-capacity"));
  CSIDriver driver;
  driver.metadata.name = "driver-with-storage-capacity";
  driver.storage_capacity = true;
  cluster.csi_drivers.push_back(driver);
}

// "Code: reason, reason" (details left out: kube compares code and reasons).
std::string show(const Status& status) {
  std::string out{code_name(status.code())};
  for (size_t i = 0; i < status.reasons().size(); ++i) out += (i == 0 ? ": " : ", ") + status.reasons()[i];
  return out;
}

Status ok() { return Status(); }
Status unresolvable(std::vector<std::string> reasons) {
  return Status(Code::UnschedulableAndUnresolvable, std::move(reasons));
}

// The claim split GetPodVolumeClaims stored (wantStateAfterPreFilter), by names.
struct WantState {
  std::vector<std::string> bound;
  std::vector<std::string> delayed;
  std::map<std::string, std::vector<std::string>> volumes;  // class -> PV names, sorted
};

struct Case {
  std::string name;
  Pod pod;
  std::vector<Node> nodes;
  std::vector<PersistentVolumeClaim> pvcs;
  std::vector<PersistentVolume> pvs;
  std::vector<CSIStorageCapacity> capacities;
  Status want_pre_filter;
  std::optional<WantState> want_state;
  std::vector<Status> want_filter;
  std::optional<std::set<std::string>> want_pre_filter_nodes = std::nullopt;  // wantPreFilterResult (nullopt: all)
};

std::vector<std::string> names_of(const std::vector<const PersistentVolumeClaim*>& claims) {
  std::vector<std::string> out;
  for (const auto* c : claims) out.push_back(c->metadata.name);
  return out;
}

void run_cases(const std::vector<Case>& cases) {
  const FeatureGates gates;
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      ClusterState cluster;
      add_test_classes(cluster);
      cluster.nodes = c.nodes;
      cluster.persistent_volume_claims = c.pvcs;
      cluster.persistent_volumes = c.pvs;
      cluster.csi_storage_capacities = c.capacities;
      Snapshot snapshot(cluster, gates);
      auto plugin = new_volume_binding(PluginContext{gates});
      const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
      const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
      PodInfo pod_info(c.pod, gates);
      CycleState state;
      PreFilterResult result;
      const Status pre = pre_filter.pre_filter(state, pod_info, snapshot, result);
      CHECK(show(pre) == show(c.want_pre_filter));
      CHECK(result.node_names == c.want_pre_filter_nodes);
      if (!pre.is_success()) continue;

      if (c.want_state) {
        auto claims = get_pod_volume_claims(c.pod, snapshot.storage());
        REQUIRE(claims.has_value());
        CHECK(names_of(claims->bound) == c.want_state->bound);
        CHECK(names_of(claims->unbound_delay_binding) == c.want_state->delayed);
        CHECK(claims->unbound_immediate.empty());
        std::map<std::string, std::vector<std::string>> volumes;
        for (const auto& [class_name, pvs] : claims->unbound_volumes_delay_binding) {
          auto& names = volumes[class_name];
          for (const auto* pv : pvs) names.push_back(pv->metadata.name);
          std::sort(names.begin(), names.end());
        }
        CHECK(volumes == c.want_state->volumes);
      }

      REQUIRE(snapshot.nodes().size() == c.want_filter.size());
      for (size_t i = 0; i < snapshot.nodes().size(); ++i) {
        CAPTURE(snapshot.nodes()[i]->name());
        const Status got = filter.filter(state, pod_info, *snapshot.nodes()[i]);
        CHECK(show(got) == show(c.want_filter[i]));
        // Every rejection explains itself.
        if (got.is_rejected()) CHECK(got.details().size() >= 1);
      }
    }
  }
}

TEST_CASE("VolumeBinding: PreFilter and Filter (TestVolumeBinding)") {
  const std::string wait = "wait-sc";
  const std::string wait_hdd = "wait-hdd-sc";
  const std::string with_capacity = "wait-sc-with-storage-capacity";
  auto local_pvs = [&] {
    return std::vector<PersistentVolume>{
        PvB("pv-a-0", wait).phase("Available").capacity("200Gi").affinity({{kHostname, {"node-a"}}}),
        PvB("pv-a-1", wait).phase("Available").capacity("200Gi").affinity({{kHostname, {"node-a"}}}),
        PvB("pv-b-0", wait).phase("Available").capacity("100Gi").affinity({{kHostname, {"node-b"}}}),
        PvB("pv-b-1", wait).phase("Available").capacity("100Gi").affinity({{kHostname, {"node-b"}}}),
    };
  };
  auto zonal_nodes = [&] {
    std::vector<Node> nodes;
    for (const char* zone : {"a", "b", "c"}) {
      for (const char* node : {"node-a", "node-b"}) {
        nodes.push_back(NodeB(std::string("zone-") + zone + "-" + node)
                            .label(kRegion, std::string("region-") + zone)
                            .label(kZone, std::string("zone-") + zone));
      }
    }
    return nodes;
  };
  auto zonal_pvs = [&] {
    auto pv = [&](const char* name, const char* size, const char* zone) {
      return PersistentVolume(
          PvB(name, wait)
              .phase("Available")
              .capacity(size)
              .affinity({{kRegion, {std::string("region-") + zone}}, {kZone, {std::string("zone-") + zone}}}));
    };
    return std::vector<PersistentVolume>{pv("pv-a-0", "200Gi", "a"), pv("pv-a-1", "200Gi", "a"),
                                         pv("pv-b-0", "100Gi", "b"), pv("pv-b-1", "100Gi", "b")};
  };
  const std::vector<Node> three_nodes = {NodeB("node-a"), NodeB("node-b"), NodeB("node-c")};
  auto keyed_nodes = [&] {
    return std::vector<Node>{NodeB("node-a").label(kNodeLabelKey, "node-a"),
                             NodeB("node-b").label(kNodeLabelKey, "node-b"),
                             NodeB("node-c").label(kNodeLabelKey, "node-c")};
  };
  auto capacities = [&](const char* a, const char* b, const char* c) {
    auto nodes = keyed_nodes();
    return std::vector<CSIStorageCapacity>{capacity("node-a", with_capacity, &nodes[0], a),
                                           capacity("node-b", with_capacity, &nodes[1], b),
                                           capacity("node-c", with_capacity, &nodes[2], c)};
  };
  const WantState local_state{{}, {"pvc-a"}, {{wait, {"pv-a-0", "pv-a-1", "pv-b-0", "pv-b-1"}}}};
  const std::vector<Status> local_filter = {ok(), ok(), unresolvable({kBindConflict})};
  const std::vector<Status> zonal_filter = {
      ok(), ok(), ok(), ok(), unresolvable({kBindConflict}), unresolvable({kBindConflict})};

  std::vector<Case> cases = {
      {"pod has not pvcs", PodB("pod-a"), {NodeB("node-a")}, {}, {}, {}, Status(Code::Skip), std::nullopt, {ok()}},
      {"all bound",
       PodB("pod-a").claim("pvc-a"),
       {NodeB("node-a")},
       {PvcB("pvc-a", wait).bound_to("pv-a")},
       {PvB("pv-a", wait).phase("Available")},
       {},
       ok(),
       WantState{{"pvc-a"}, {}, {}},
       {ok()}},
      {"all bound with local volumes",
       PodB("pod-a").claim("pvc-a").claim("pvc-b"),
       {NodeB("node-a")},
       {PvcB("pvc-a", wait).bound_to("pv-a"), PvcB("pvc-b", wait).bound_to("pv-b")},
       {PvB("pv-a", wait).phase("Bound").affinity({{kHostname, {"node-a"}}}),
        PvB("pv-b", wait).phase("Bound").affinity({{kHostname, {"node-a"}}})},
       {},
       ok(),
       WantState{{"pvc-a", "pvc-b"}, {}, {}},
       {ok()}},
      {"PVC does not exist",
       PodB("pod-a").claim("pvc-a"),
       {NodeB("node-a")},
       {},
       {},
       {},
       unresolvable({"persistentvolumeclaim \"pvc-a\" not found"}),
       std::nullopt,
       {ok()}},
      {"Part of PVCs do not exist",
       PodB("pod-a").claim("pvc-a").claim("pvc-b"),
       {NodeB("node-a")},
       {PvcB("pvc-a", wait).bound_to("pv-a")},
       {},
       {},
       unresolvable({"persistentvolumeclaim \"pvc-b\" not found"}),
       std::nullopt,
       {ok()}},
      {"immediate claims not bound",
       PodB("pod-a").claim("pvc-a"),
       {NodeB("node-a")},
       {PvcB("pvc-a", "immediate-sc")},
       {},
       {},
       unresolvable({"pod has unbound immediate PersistentVolumeClaims"}),
       std::nullopt,
       {ok()}},
      {"unbound claims no matches",
       PodB("pod-a").claim("pvc-a"),
       {NodeB("node-a")},
       {PvcB("pvc-a", wait)},
       {},
       {},
       ok(),
       WantState{{}, {"pvc-a"}, {{wait, {}}}},
       {unresolvable({kBindConflict})}},
      {"bound and unbound unsatisfied",
       PodB("pod-a").claim("pvc-a").claim("pvc-b"),
       {NodeB("node-a").label("foo", "barbar")},
       {PvcB("pvc-a", wait).bound_to("pv-a"), PvcB("pvc-b", wait)},
       {PvB("pv-a", wait).phase("Available").affinity({{"foo", {"bar"}}})},
       {},
       ok(),
       WantState{{"pvc-a"}, {"pvc-b"}, {{wait, {"pv-a"}}}},
       {unresolvable({kNodeConflict, kBindConflict})}},
      {"pv not found",
       PodB("pod-a").claim("pvc-a"),
       {NodeB("node-a")},
       {PvcB("pvc-a", wait).bound_to("pv-a")},
       {},
       {},
       ok(),
       WantState{{"pvc-a"}, {}, {}},
       {unresolvable({kPVNotExist})}},
      {"pv not found claim lost",
       PodB("pod-a").claim("pvc-a"),
       {NodeB("node-a")},
       {PvcB("pvc-a", wait).bound_to("pv-a").phase("Lost")},
       {},
       {},
       unresolvable({"persistentvolumeclaim \"pvc-a\" bound to non-existent persistentvolume \"pv-a\""}),
       std::nullopt,
       {ok()}},
      {"local volumes with close capacity are preferred",
       PodB("pod-a").claim("pvc-a"),
       three_nodes,
       {PvcB("pvc-a", wait).request("50Gi")},
       local_pvs(),
       {},
       ok(),
       local_state,
       local_filter},
      {"local volumes with close capacity are preferred (StorageCapacityScoring disabled)",
       PodB("pod-a").claim("pvc-a"),
       three_nodes,
       {PvcB("pvc-a", wait).request("50Gi")},
       local_pvs(),
       {},
       ok(),
       local_state,
       local_filter},
      {"local volumes with close capacity are preferred (multiple pvcs)",
       PodB("pod-a").claim("pvc-0").claim("pvc-1"),
       three_nodes,
       {PvcB("pvc-0", wait).request("50Gi"), PvcB("pvc-1", wait_hdd).request("100Gi")},
       {PvB("pv-a-0", wait).phase("Available").capacity("200Gi").affinity({{kHostname, {"node-a"}}}),
        PvB("pv-a-1", wait).phase("Available").capacity("200Gi").affinity({{kHostname, {"node-a"}}}),
        PvB("pv-a-2", wait_hdd).phase("Available").capacity("200Gi").affinity({{kHostname, {"node-a"}}}),
        PvB("pv-a-3", wait_hdd).phase("Available").capacity("200Gi").affinity({{kHostname, {"node-a"}}}),
        PvB("pv-b-0", wait).phase("Available").capacity("100Gi").affinity({{kHostname, {"node-b"}}}),
        PvB("pv-b-1", wait).phase("Available").capacity("100Gi").affinity({{kHostname, {"node-b"}}}),
        PvB("pv-b-2", wait_hdd).phase("Available").capacity("100Gi").affinity({{kHostname, {"node-b"}}}),
        PvB("pv-b-3", wait_hdd).phase("Available").capacity("100Gi").affinity({{kHostname, {"node-b"}}})},
       {},
       ok(),
       WantState{
           {},
           {"pvc-0", "pvc-1"},
           {{wait_hdd, {"pv-a-2", "pv-a-3", "pv-b-2", "pv-b-3"}}, {wait, {"pv-a-0", "pv-a-1", "pv-b-0", "pv-b-1"}}}},
       local_filter},
      {"zonal volumes with close capacity are preferred",
       PodB("pod-a").claim("pvc-a"),
       zonal_nodes(),
       {PvcB("pvc-a", wait).request("50Gi")},
       zonal_pvs(),
       {},
       ok(),
       local_state,
       zonal_filter},
      {"zonal volumes with close capacity are preferred (StorageCapacityScoring disabled)",
       PodB("pod-a").claim("pvc-a"),
       zonal_nodes(),
       {PvcB("pvc-a", wait).request("50Gi")},
       zonal_pvs(),
       {},
       ok(),
       local_state,
       zonal_filter},
      {"zonal volumes with close capacity are preferred (custom shape)",
       PodB("pod-a").claim("pvc-a"),
       zonal_nodes(),
       {PvcB("pvc-a", wait).request("50Gi")},
       zonal_pvs(),
       {},
       ok(),
       local_state,
       zonal_filter},
      {"storage capacity score",
       PodB("pod-a").claim("pvc-dynamic"),
       keyed_nodes(),
       {PvcB("pvc-dynamic", with_capacity).request("10Gi")},
       {},
       capacities("100Gi", "50Gi", "10Gi"),
       ok(),
       WantState{{}, {"pvc-dynamic"}, {{with_capacity, {}}}},
       {ok(), ok(), ok()}},
      {"storage capacity score with static binds",
       PodB("pod-a").claim("pvc-dynamic").claim("pvc-static"),
       keyed_nodes(),
       {PvcB("pvc-dynamic", with_capacity).request("10Gi"), PvcB("pvc-static", wait).request("50Gi")},
       {PvB("pv-static-a", wait).phase("Available").capacity("100Gi").affinity({{kHostname, {"node-a"}}}),
        PvB("pv-static-b", wait).phase("Available").capacity("100Gi").affinity({{kHostname, {"node-b"}}}),
        PvB("pv-static-c", wait).phase("Available").capacity("100Gi").affinity({{kHostname, {"node-c"}}})},
       capacities("100Gi", "50Gi", "10Gi"),
       ok(),
       WantState{{},
                 {"pvc-dynamic", "pvc-static"},
                 {{wait, {"pv-static-a", "pv-static-b", "pv-static-c"}}, {with_capacity, {}}}},
       {ok(), ok(), ok()}},
      {"dynamic provisioning with multiple PVCs of the same StorageClass",
       PodB("pod-a").claim("pvc-dynamic-0").claim("pvc-dynamic-1"),
       {NodeB("node-a").label(kNodeLabelKey, "node-a")},
       {PvcB("pvc-dynamic-0", with_capacity).request("50Gi"), PvcB("pvc-dynamic-1", with_capacity).request("50Gi")},
       {},
       {capacities("100Gi", "1Gi", "1Gi")[0]},
       ok(),
       WantState{{}, {"pvc-dynamic-0", "pvc-dynamic-1"}, {{with_capacity, {}}}},
       {ok()}},
      {"prefer node with least allocatable",
       PodB("pod-a").claim("pvc-dynamic"),
       keyed_nodes(),
       {PvcB("pvc-dynamic", with_capacity).request("10Gi")},
       {},
       capacities("100Gi", "20Gi", "10Gi"),
       ok(),
       WantState{{}, {"pvc-dynamic"}, {{with_capacity, {}}}},
       {ok(), ok(), ok()}},
      {"prefer node with maximum allocatable",
       PodB("pod-a").claim("pvc-dynamic"),
       keyed_nodes(),
       {PvcB("pvc-dynamic", with_capacity).request("10Gi")},
       {},
       capacities("100Gi", "20Gi", "10Gi"),
       ok(),
       WantState{{}, {"pvc-dynamic"}, {{with_capacity, {}}}},
       {ok(), ok(), ok()}},
  };
  CHECK(cases.size() == 21);
  run_cases(cases);
}

TEST_CASE("VolumeBinding: claim problems, pre-bound and selected-node claims") {
  const std::string wait = "wait-sc";
  const std::string with_capacity = "wait-sc-with-storage-capacity";
  PersistentVolumeClaim owned_ephemeral = PvcB("pod-a-scratch", wait).bound_to("pv-e");
  owned_ephemeral.metadata.owner_references.push_back({"v1", "Pod", "pod-a", "uid-a", true});
  PersistentVolumeClaim foreign_ephemeral = owned_ephemeral;
  foreign_ephemeral.metadata.owner_references[0].uid = "uid-other";
  PersistentVolumeClaim deleting = PvcB("pvc-a", wait).bound_to("pv-a");
  deleting.metadata.deletion_timestamp = "2026-07-01T00:00:00Z";

  std::vector<Case> cases = {
      {"only non-claim volumes",
       PodB("pod-a").empty_dir("cache"),
       {NodeB("node-a")},
       {},
       {},
       {},
       Status(Code::Skip),
       std::nullopt,
       {ok()}},
      {"ephemeral claim not created yet",
       PodB("pod-a").ephemeral("scratch"),
       {NodeB("node-a")},
       {},
       {},
       {},
       unresolvable({"waiting for ephemeral volume controller to create the persistentvolumeclaim \"pod-a-scratch\""}),
       std::nullopt,
       {ok()}},
      {"ephemeral claim owned by the pod",
       PodB("pod-a").uid("uid-a").ephemeral("scratch"),
       {NodeB("node-a")},
       {owned_ephemeral},
       {PvB("pv-e", wait).phase("Bound").affinity({{kHostname, {"node-a"}}})},
       {},
       ok(),
       WantState{{"pod-a-scratch"}, {}, {}},
       {ok()}},
      {"ephemeral claim of another pod",
       PodB("pod-a").uid("uid-a").ephemeral("scratch"),
       {NodeB("node-a")},
       {foreign_ephemeral},
       {},
       {},
       unresolvable({"PVC default/pod-a-scratch was not created for pod default/pod-a (pod is not owner)"}),
       std::nullopt,
       {ok()}},
      {"claim being deleted",
       PodB("pod-a").claim("pvc-a"),
       {NodeB("node-a")},
       {deleting},
       {},
       {},
       unresolvable({"persistentvolumeclaim \"pvc-a\" is being deleted"}),
       std::nullopt,
       {ok()}},
      {"first problem in volume order wins",
       PodB("pod-a").claim("pvc-lost").claim("pvc-missing"),
       {NodeB("node-a")},
       {PvcB("pvc-lost", wait).bound_to("pv-x").phase("Lost")},
       {},
       {},
       unresolvable({"persistentvolumeclaim \"pvc-lost\" bound to non-existent persistentvolume \"pv-x\""}),
       std::nullopt,
       {ok()}},
      {"pre-bound claim of a delayed class counts as immediate",
       PodB("pod-a").claim("pvc-a"),
       {NodeB("node-a")},
       {[&] {
         PersistentVolumeClaim c = PvcB("pvc-a", wait);
         c.spec.volume_name = "pv-a";
         return c;
       }()},
       {},
       {},
       unresolvable({"pod has unbound immediate PersistentVolumeClaims"}),
       std::nullopt,
       {ok()}},
      {"claim of a missing class counts as immediate",
       PodB("pod-a").claim("pvc-a"),
       {NodeB("node-a")},
       {PvcB("pvc-a", "gone-sc")},
       {},
       {},
       unresolvable({"pod has unbound immediate PersistentVolumeClaims"}),
       std::nullopt,
       {ok()}},
      {"selected node: only that node",
       PodB("pod-a").claim("pvc-a"),
       {NodeB("node-a").label(kNodeLabelKey, "node-a"), NodeB("node-b").label(kNodeLabelKey, "node-b")},
       {PvcB("pvc-a", with_capacity).request("1Gi").annotation("volume.kubernetes.io/selected-node", "node-b")},
       {},
       {capacity("pool", with_capacity, nullptr, "10Gi")},
       ok(),
       WantState{{}, {"pvc-a"}, {{with_capacity, {}}}},
       {unresolvable({kBindConflict}), ok()}},
      {"bound volume conflict and no room to provision",
       PodB("pod-a").claim("pvc-a").claim("pvc-b"),
       {NodeB("node-a").label(kNodeLabelKey, "node-a"), NodeB("node-b").label(kNodeLabelKey, "node-b")},
       {PvcB("pvc-a", wait).bound_to("pv-a"), PvcB("pvc-b", with_capacity).request("5Gi")},
       {PvB("pv-a", wait).phase("Bound").affinity({{kHostname, {"node-b"}}})},
       [&] {
         std::vector<Node> nodes = {NodeB("node-a").label(kNodeLabelKey, "node-a")};
         return std::vector<CSIStorageCapacity>{capacity("a", with_capacity, &nodes[0], "10Gi", "1Gi")};
       }(),
       ok(),
       WantState{{"pvc-a"}, {"pvc-b"}, {{with_capacity, {}}}},
       {unresolvable({kNodeConflict, kNotEnoughSpace}), unresolvable({kNotEnoughSpace})}},
  };
  run_cases(cases);
}

TEST_CASE("VolumeBinding: details name the claim, volume and class") {
  const FeatureGates gates;
  ClusterState cluster;
  add_test_classes(cluster);
  StorageClass fast = storage_class("fast", "WaitForFirstConsumer", "ebs.csi.aws.com");
  fast.allowed_topologies = {TopologySelectorTerm{{{"zone", {"zone-a"}}}}};
  cluster.storage_classes.push_back(fast);
  cluster.storage_classes.push_back(storage_class("local", "WaitForFirstConsumer", "kubernetes.io/no-provisioner"));
  cluster.nodes = {NodeB("node-a").label("zone", "zone-a"), NodeB("node-b").label("zone", "zone-b")};
  PersistentVolumeClaim data = PvcB("data-db-0", "fast").request("5Gi");
  data.metadata.namespace_ = "shop";
  data.spec.access_modes = {"ReadWriteOnce"};
  PersistentVolumeClaim bound = PvcB("logs", "local").bound_to("pv-7");
  bound.metadata.namespace_ = "shop";
  PersistentVolumeClaim scratch = PvcB("scratch", "local").request("1Gi");
  scratch.metadata.namespace_ = "shop";
  cluster.persistent_volume_claims = {data, bound, scratch};
  cluster.persistent_volumes = {
      PvB("pv-7", "local").phase("Bound").affinity({{"zone", {"zone-a"}}}),
      PvB("pv-9", "local").phase("Available").capacity("10Gi").affinity({{kHostname, {"node-a"}}}),
  };
  Snapshot snapshot(cluster, gates);
  auto plugin = new_volume_binding(PluginContext{gates});
  const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
  const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);

  auto run = [&](const Pod& pod, size_t node) {
    PodInfo info(pod, gates);
    CycleState state;
    PreFilterResult result;
    REQUIRE(pre_filter.pre_filter(state, info, snapshot, result).is_success());
    return filter.filter(state, info, *snapshot.nodes()[node]);
  };
  Pod pod = PodB("web");
  pod.metadata.namespace_ = "shop";

  SUBCASE("provisioning not allowed by allowedTopologies") {
    Pod p = pod;
    p.spec.volumes = PodB("web").claim("data-db-0", "data").pod.spec.volumes;
    Status s = run(p, 1);
    CHECK(show(s) == show(unresolvable({kBindConflict})));
    REQUIRE(s.details().size() == 1);
    CHECK(s.details()[0] ==
          "claim shop/data-db-0 (5Gi, ReadWriteOnce, class fast): no available PV of class fast fits it; dynamic "
          "provisioning by ebs.csi.aws.com not allowed here (allowedTopologies zone=zone-a; node has zone=zone-b)");
    CHECK(run(p, 0).is_success());
  }
  SUBCASE("bound volume pinned elsewhere") {
    Pod p = pod;
    p.spec.volumes = PodB("web").claim("logs", "logs").pod.spec.volumes;
    Status s = run(p, 1);
    CHECK(show(s) == show(unresolvable({kNodeConflict})));
    REQUIRE(s.details().size() == 1);
    CHECK(s.details()[0] ==
          "volume pv-7 of claim shop/logs is pinned by node affinity to zone=zone-a (node has "
          "zone=zone-b)");
  }
  SUBCASE("local volume on another node, class does not provision") {
    Pod p = pod;
    p.spec.volumes = PodB("web").claim("scratch", "scratch").pod.spec.volumes;
    CHECK(run(p, 0).is_success());
    Status s = run(p, 1);
    CHECK(show(s) == show(unresolvable({kBindConflict})));
    REQUIRE(s.details().size() == 1);
    CHECK(s.details()[0] ==
          "claim shop/scratch (1Gi, class local): no available PV fits on this node (1 fitting PV(s) of class local: "
          "1 pinned by node affinity to other nodes); class local does not provision volumes dynamically "
          "(provisioner kubernetes.io/no-provisioner)");
  }
  SUBCASE("unbound immediate claims are listed") {
    Pod p = pod;
    p.spec.volumes = PodB("web").claim("data-db-0", "data").pod.spec.volumes;
    ClusterState other = cluster;
    other.persistent_volume_claims[0].spec.storage_class_name = "immediate-sc";
    Snapshot snap(other, gates);
    PodInfo info(p, gates);
    CycleState state;
    PreFilterResult result;
    Status s = pre_filter.pre_filter(state, info, snap, result);
    CHECK(show(s) == show(unresolvable({"pod has unbound immediate PersistentVolumeClaims"})));
    REQUIRE(s.details().size() == 1);
    CHECK(s.details()[0] ==
          "claim shop/data-db-0 of class immediate-sc (volumeBindingMode Immediate) is not bound yet");
  }
  SUBCASE("a claim naming its volume without the bind-completed annotation") {
    Pod p = pod;
    p.spec.volumes = PodB("web").claim("logs", "logs").pod.spec.volumes;
    ClusterState other = cluster;
    other.persistent_volume_claims[1].metadata.annotations.erase("pv.kubernetes.io/bind-completed");
    Snapshot snap(other, gates);
    PodInfo info(p, gates);
    CycleState state;
    PreFilterResult result;
    Status s = pre_filter.pre_filter(state, info, snap, result);
    CHECK(show(s) == show(unresolvable({"pod has unbound immediate PersistentVolumeClaims"})));
    REQUIRE(s.details().size() == 1);
    CHECK(s.details()[0] ==
          "claim shop/logs names volume pv-7 but is not bound yet (no pv.kubernetes.io/bind-completed annotation)");
  }
  SUBCASE("PreFilter problems carry a detail") {
    Pod p = pod;
    p.spec.volumes = PodB("web").claim("nope", "data").pod.spec.volumes;
    PodInfo info(p, gates);
    CycleState state;
    PreFilterResult result;
    Status s = pre_filter.pre_filter(state, info, snapshot, result);
    CHECK(show(s) == show(unresolvable({"persistentvolumeclaim \"nope\" not found"})));
    REQUIRE(s.details().size() == 1);
    CHECK(s.details()[0] == "volume data uses claim shop/nope, which does not exist");
  }
}

TEST_CASE("VolumeBinding: Filter without PreFilter state is an error") {
  const FeatureGates gates;
  auto plugin = new_volume_binding(PluginContext{gates});
  const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
  Node node = NodeB("node-a");
  NodeInfo info(&node);
  Pod pod = PodB("pod-a").claim("pvc-a");
  PodInfo pod_info(pod, gates);
  CycleState state;
  const Status got = filter.filter(state, pod_info, info);
  CHECK(got.code() == Code::Error);
  CHECK(got.message() == "not found");
}

TEST_CASE("VolumeBinding: deferred resize skips the plugin (TestVolumeBinding_DeferredResizeSkipped)") {
  FeatureGates gates;
  std::string error;
  REQUIRE(gates.set("InPlacePodVerticalScalingSchedulerPreemption", true, &error));
  auto plugin = new_volume_binding(PluginContext{gates});
  const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
  const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
  Pod pod = PodB("p").uid("p").claim("missing");
  pod.status.conditions.push_back({"PodResizePending", "True", "Deferred", ""});
  ClusterState cluster;
  Snapshot snapshot(cluster, gates);
  Node node = NodeB("node1");
  NodeInfo info(&node);
  PodInfo pod_info(pod, gates);
  CycleState state;
  PreFilterResult result;
  CHECK(pre_filter.pre_filter(state, pod_info, snapshot, result).code() == Code::Skip);
  CHECK(result.all_nodes());
  CHECK(filter.filter(state, pod_info, info).code() == Code::Success);
}

}  // namespace

}  // namespace podfit

namespace podfit {
namespace {

// Manifests as the loader reads them: defaults, the beta class annotation on PVs and
// spec.volumeAttributesClassName take part in matching.
TEST_CASE("VolumeBinding: manifests through the loader") {
  const char* manifests = R"(
apiVersion: v1
kind: Node
metadata: {name: node-a, labels: {kubernetes.io/hostname: node-a}}
---
apiVersion: v1
kind: Node
metadata: {name: node-b, labels: {kubernetes.io/hostname: node-b}}
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: local}
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: WaitForFirstConsumer
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-annotated
  annotations: {volume.beta.kubernetes.io/storage-class: local}
spec:
  capacity: {storage: 10Gi}
  accessModes: [ReadWriteOnce]
  storageClassName: other
  local: {path: /mnt/a}
  nodeAffinity:
    required:
      nodeSelectorTerms:
      - matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [node-a]}]
status: {phase: Available}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-gold}
spec:
  capacity: {storage: 10Gi}
  accessModes: [ReadWriteOnce]
  storageClassName: local
  volumeAttributesClassName: gold
  local: {path: /mnt/b}
  nodeAffinity:
    required:
      nodeSelectorTerms:
      - matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [node-b]}]
status: {phase: Available}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data, namespace: shop}
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: local
  resources: {requests: {storage: 5Gi}}
)";
  ClusterState cluster;
  auto error = load_cluster_state_text(manifests, "cluster.yaml", cluster);
  REQUIRE_FALSE(error.has_value());
  REQUIRE(cluster.persistent_volumes.size() == 2);
  CHECK(cluster.persistent_volumes[1].volume_attributes_class_name == std::optional<std::string>("gold"));

  const FeatureGates gates;
  Snapshot snapshot(cluster, gates);
  REQUIRE(snapshot.storage().volumes_of_class("local").size() == 2);
  CHECK(snapshot.storage().volumes_of_class("other").empty());
  auto plugin = new_volume_binding(PluginContext{gates});
  const auto& pre_filter = dynamic_cast<const PreFilterPlugin&>(*plugin);
  const auto& filter = dynamic_cast<const FilterPlugin&>(*plugin);
  Pod pod = PodB("web").claim("data", "data");
  pod.metadata.namespace_ = "shop";
  PodInfo info(pod, gates);
  CycleState state;
  PreFilterResult result;
  REQUIRE(pre_filter.pre_filter(state, info, snapshot, result).is_success());
  // node-a: the annotated PV of class local; node-b: only a PV of another attributes class.
  CHECK(filter.filter(state, info, *snapshot.nodes()[0]).is_success());
  CHECK(show(filter.filter(state, info, *snapshot.nodes()[1])) == show(unresolvable({kBindConflict})));
}

}  // namespace


}  // namespace podfit
