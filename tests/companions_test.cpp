// The cluster-state objects a manifest ships with its pods (--pod), created as kubectl apply -f
// creates them, and the claims the PV controller binds before their pods are scheduled.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "podfit/admission/immediate_binding.h"
#include "load_test_support.h"
#include "podfit/load/loader.h"

using namespace podfit;

namespace {

CandidateSet candidates(std::string_view text, const LoadOptions& options = {}) {
  return testing::load_candidates_ok(text, options);
}

ClusterState cluster(std::string_view text) { return testing::load_cluster_ok(text); }

const char* kPod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n";

const char* kClusterClasses = R"(apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: standard
  creationTimestamp: '2026-01-01T00:00:00Z'
  annotations: {storageclass.kubernetes.io/is-default-class: 'true'}
provisioner: ebs.csi.aws.com
volumeBindingMode: WaitForFirstConsumer
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: bound, namespace: default, uid: u1, annotations: {pv.kubernetes.io/bind-completed: 'yes'}}
spec: {accessModes: [ReadWriteOnce], storageClassName: standard, volumeName: pv-1, resources: {requests: {storage: 1Gi}}}
status: {phase: Bound}
)";

}  // namespace

TEST_CASE("--pod: cluster-state kinds are companions, not skipped; other kinds are counted") {
  CandidateSet set = candidates(std::string(kPod) + R"(---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data}
spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: pdb, namespace: shop}
spec: {minAvailable: 1, selector: {matchLabels: {app: p}}}
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: fast}
provisioner: ebs.csi.aws.com
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
)");
  CHECK(set.candidates.size() == 1);
  REQUIRE(set.companions.persistent_volume_claims.size() == 1);
  CHECK(set.companions.persistent_volume_claims[0].metadata.namespace_ == "default");  // as the pods'
  REQUIRE(set.companions.pod_disruption_budgets.size() == 1);
  CHECK(set.companions.pod_disruption_budgets[0].metadata.namespace_ == "shop");
  CHECK(set.companions.storage_classes.size() == 1);
  CHECK(set.skipped_kinds == std::map<std::string, int>{{"ConfigMap", 1}});
}

TEST_CASE("--pod: -n gives companions its namespace and refuses another") {
  LoadOptions options;
  options.namespace_ = "team";
  CandidateSet set = candidates(std::string(kPod) + "---\napiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: d}\n"
                                                      "spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n",
                                options);
  CHECK(set.companions.persistent_volume_claims[0].metadata.namespace_ == "team");
  CandidateSet refused;
  auto err = load_candidates_text(std::string(kPod) + "---\napiVersion: v1\nkind: PersistentVolumeClaim\n"
                                                      "metadata: {name: d, namespace: other}\nspec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n",
                                  "chart.yaml", refused, options);
  REQUIRE(err);
  CHECK(err->message.find("does not match the namespace \"team\"") != std::string::npos);
}

TEST_CASE("--pod: the same companion twice is an error naming both places") {
  CandidateSet set;
  const std::string claim = "---\napiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: d}\nspec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n";
  auto err = load_candidates_text(std::string(kPod) + claim + claim, "chart.yaml", set);
  REQUIRE(err);
  CHECK(err->message == "PersistentVolumeClaim \"default/d\" is given twice: chart.yaml document 2 and chart.yaml document 3");
}

TEST_CASE("companions: created with the defaults of creation, or kept when they exist") {
  ClusterState state = cluster(kClusterClasses);
  CandidateSet set = candidates(std::string(kPod) + R"(---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: fresh}
spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
status: {phase: Bound}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: bound, labels: {release: r2}}
spec: {accessModes: [ReadWriteOnce], storageClassName: standard, resources: {requests: {storage: 1Gi}}}
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: newer-default
  annotations: {storageclass.kubernetes.io/is-default-class: 'true'}
provisioner: ebs.csi.aws.com
)");
  const CompanionChanges changes = apply_companions(state, std::move(set.companions));
  CHECK(changes.created == std::vector<std::pair<std::string, int>>{{"PersistentVolumeClaim", 1}, {"StorageClass", 1}});
  CHECK(changes.updated == std::vector<std::pair<std::string, int>>{{"PersistentVolumeClaim", 1}});
  REQUIRE(state.persistent_volume_claims.size() == 2);
  const PersistentVolumeClaim& kept = state.persistent_volume_claims[0];
  CHECK(kept.spec.volume_name == "pv-1");  // the binding is the controller's: apply keeps it
  CHECK(kept.phase == "Bound");
  CHECK(*kept.metadata.labels.find("release") == "r2");
  const PersistentVolumeClaim& fresh = state.persistent_volume_claims[1];
  CHECK(fresh.phase == "Pending");  // status is not taken from a manifest
  // DefaultStorageClass picks the newest default class: the one created now.
  CHECK(fresh.spec.storage_class_name == std::optional<std::string>("newer-default"));
}

TEST_CASE("Immediate claims created with the workload are bound before scheduling") {
  ClusterState state = cluster(R"(apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: fast}
provisioner: ebs.csi.aws.com
volumeBindingMode: Immediate
allowedTopologies:
- matchLabelExpressions: [{key: topology.kubernetes.io/zone, values: [z1, z2]}]
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: static}
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: Immediate
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: late}
provisioner: ebs.csi.aws.com
volumeBindingMode: WaitForFirstConsumer
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: small-static}
spec: {capacity: {storage: 2Gi}, accessModes: [ReadWriteOnce], storageClassName: static, hostPath: {path: /a}}
status: {phase: Available}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: big-static}
spec: {capacity: {storage: 10Gi}, accessModes: [ReadWriteOnce], storageClassName: static, hostPath: {path: /b}}
status: {phase: Available}
)");
  auto add_claim = [&](const char* name, const char* class_name, const char* size) {
    PersistentVolumeClaim& claim = state.persistent_volume_claims.emplace_back();
    claim.metadata.name = name;
    claim.metadata.namespace_ = "default";
    claim.spec.storage_class_name = class_name;
    claim.spec.access_modes = {"ReadWriteOnce"};
    claim.spec.resources.requests = ResourceList{{"storage", Quantity::parse(size).value()}};
    claim.phase = "Pending";
  };
  add_claim("provisioned", "fast", "5Gi");
  add_claim("matched", "static", "1Gi");
  add_claim("no-match", "static", "50Gi");
  add_claim("delayed", "late", "1Gi");
  add_claim("old", "fast", "1Gi");
  const std::set<std::string> fresh = {"default/provisioned", "default/matched", "default/no-match", "default/delayed"};
  const std::vector<AssumedBinding> bound = bind_immediate_claims(state, fresh);
  REQUIRE(bound.size() == 2);
  CHECK(bound[0].claim == "default/provisioned");
  CHECK(bound[0].provisioner == "ebs.csi.aws.com");
  CHECK(bound[1].claim == "default/matched");
  CHECK(bound[1].volume == "small-static");  // the smallest volume that fits
  CHECK(bound[1].provisioner.empty());
  const PersistentVolume& volume = state.persistent_volumes.back();
  CHECK(volume.metadata.name == bound[0].volume);
  CHECK(volume.assumed_provisioned);
  CHECK(volume.claim_ref->name == "provisioned");
  CHECK(volume.source.csi_driver == "ebs.csi.aws.com");
  REQUIRE(volume.node_affinity);
  CHECK(volume.node_affinity->node_selector_terms[0].match_expressions[0].values == std::vector<std::string>{"z1", "z2"});
  CHECK(state.persistent_volume_claims[0].spec.volume_name == volume.metadata.name);
  CHECK(state.persistent_volume_claims[0].metadata.annotations.contains("pv.kubernetes.io/bind-completed"));
  CHECK(state.persistent_volume_claims[2].spec.volume_name.empty());  // static class, nothing fits: stays unbound
  CHECK(state.persistent_volume_claims[3].spec.volume_name.empty());  // WaitForFirstConsumer: the scheduler's
  CHECK(state.persistent_volume_claims[4].spec.volume_name.empty());  // not new: the cluster state as it is
}
