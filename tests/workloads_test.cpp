// Workloads given to --pod: each kind's pod as its controller creates it, the claims created
// before the pod, and a DaemonSet's verdict node by node.
#include <doctest/doctest.h>

#include <string>

#include "builders.h"
#include "load_test_support.h"
#include "podfit/cli/workload_check.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/registry.h"
#include "podfit/load/loader.h"
#include "podfit/load/workload.h"

using namespace podfit;
using podfit::testing::PodBuilder;
using podfit::testing::show;

namespace {

CandidateSet load_ok(std::string_view text) {
  CandidateSet set;
  auto err = load_candidates_text(text, "chart.yaml", set);
  INFO((err ? err->message : std::string("ok")));
  REQUIRE_FALSE(err.has_value());
  return set;
}

Candidate load_one(std::string_view text) {
  CandidateSet set = load_ok(text);
  REQUIRE(set.candidates.size() == 1);
  return std::move(set.candidates[0]);
}

std::string load_error(std::string_view text) {
  CandidateSet set;
  auto err = load_candidates_text(text, "chart.yaml", set);
  REQUIRE(err.has_value());
  return err->message;
}

std::string label(const ObjectMeta& meta, std::string_view key) {
  const std::string* value = meta.labels.find(key);
  return value != nullptr ? *value : "<none>";
}

std::string label(const Pod& pod, std::string_view key) { return label(pod.metadata, key); }

// "key=op(values)" for each toleration, in order.
std::vector<std::string> tolerations(const Pod& pod) {
  std::vector<std::string> out;
  for (const Toleration& t : pod.spec.tolerations) {
    out.push_back(t.key + ":" + t.op + ":" + t.value + ":" + t.effect +
                  (t.toleration_seconds ? ":" + std::to_string(*t.toleration_seconds) : ""));
  }
  return out;
}

const char* kDeployment = R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      namespace: ignored
      labels:
        app: web
      annotations:
        team: storefront
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - topologyKey: kubernetes.io/hostname
            labelSelector:
              matchLabels:
                app: web
            matchLabelKeys:
            - pod-template-hash
      containers:
      - name: web
        image: web:1
        resources:
          limits:
            cpu: "1"
)";

}  // namespace

TEST_CASE("Deployment: the pod its ReplicaSet creates") {
  Candidate c = load_one(kDeployment);
  REQUIRE(c.workload.has_value());
  CHECK(c.workload->kind == "Deployment");
  CHECK(c.workload->namespace_ == "shop");
  CHECK(c.workload->name == "web");
  CHECK(c.workload->replicas == 3);
  const Pod& pod = c.pod;
  CHECK(pod.metadata.namespace_ == "shop");
  const std::string hash = label(pod, "pod-template-hash");
  CHECK(hash.size() >= 6);
  CHECK(hash.find_first_not_of("bcdfghjklmnpqrstvwxz2456789") == std::string::npos);
  CHECK(label(pod, "app") == "web");
  CHECK(*pod.metadata.annotations.find("team") == "storefront");
  // Owned by the ReplicaSet named after the template hash; the pod's name is generated from it.
  REQUIRE(pod.metadata.owner_references.size() == 1);
  const OwnerReference& owner = pod.metadata.owner_references[0];
  CHECK(owner.kind == "ReplicaSet");
  CHECK(owner.api_version == "apps/v1");
  CHECK(owner.name == "web-" + hash);
  CHECK(owner.controller);
  CHECK(pod.metadata.generate_name == "web-" + hash + "-");
  CHECK(pod.metadata.name.size() == pod.metadata.generate_name.size() + 5);
  CHECK(pod.metadata.name.starts_with(pod.metadata.generate_name));
  // Not created yet: no UID, so the scheduler treats it as new.
  CHECK(pod.metadata.uid.empty());
  // API server defaults: requests from limits.
  CHECK(pod.spec.containers[0].resources.requests->find("cpu")->milli_value() == 1000);
  // Pod creation merges matchLabelKeys with the controller's label value.
  const auto& term = pod.spec.affinity->pod_anti_affinity->required[0];
  REQUIRE(term.label_selector->match_expressions.size() == 1);
  CHECK(term.label_selector->match_expressions[0].key == "pod-template-hash");
  CHECK(term.label_selector->match_expressions[0].op == "In");
  CHECK(term.label_selector->match_expressions[0].values == std::vector<std::string>{hash});
  // Deterministic: the same manifest gives the same stand-ins.
  CHECK(load_one(kDeployment).pod.metadata.name == pod.metadata.name);
}

TEST_CASE("ReplicaSet, ReplicationController and PodTemplate: the template as the pod") {
  struct Case {
    const char* name;
    std::string yaml;
    std::string owner_kind;  // "" for none
    std::string owner_api_version;
    std::optional<int32_t> replicas;
    std::string pod_name_prefix;
  };
  const std::string tmpl = R"(
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: web:1
)";
  std::vector<Case> cases = {
      {"ReplicaSet", "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: rs\nspec:\n  selector:\n    matchLabels:\n"
                     "      app: web\n  template:" + tmpl,
       "ReplicaSet", "apps/v1", 1, "rs-"},
      {"ReplicationController", "apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: rc\nspec:\n  replicas: 2\n"
                                "  selector:\n    app: web\n  template:" + tmpl,
       "ReplicationController", "v1", 2, "rc-"},
      {"PodTemplate", "apiVersion: v1\nkind: PodTemplate\nmetadata:\n  name: tpl\n  namespace: ops\ntemplate:" +
                          std::string(R"(
  metadata:
    labels:
      app: web
  spec:
    containers:
    - name: web
      image: web:1
)"),
       "", "", std::nullopt, "tpl"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      Candidate got = load_one(c.yaml);
      CHECK(got.workload->kind == c.name);
      CHECK(got.workload->replicas == c.replicas);
      CHECK(label(got.pod, "app") == "web");
      CHECK(got.pod.metadata.labels.size() == 1);  // these controllers add no label
      CHECK(got.pod.metadata.name.starts_with(c.pod_name_prefix));
      if (c.owner_kind.empty()) {
        CHECK(got.pod.metadata.owner_references.empty());
        CHECK(got.pod.metadata.name == "tpl");
        CHECK(got.pod.metadata.namespace_ == "ops");
      } else {
        REQUIRE(got.pod.metadata.owner_references.size() == 1);
        CHECK(got.pod.metadata.owner_references[0].kind == c.owner_kind);
        CHECK(got.pod.metadata.owner_references[0].api_version == c.owner_api_version);
        CHECK(got.pod.metadata.namespace_ == "default");
      }
    }
  }
}

namespace {

const char* kStatefulSet = R"(apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
  namespace: shop
spec:
  serviceName: db-headless
  replicas: 3
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: postgres
        image: postgres:17
      volumes:
      - name: data
        emptyDir: {}
      - name: config
        configMap:
          name: db-config
  volumeClaimTemplates:
  - metadata:
      name: data
      labels:
        tier: data
      annotations:
        backup: daily
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 50Gi
  - metadata:
      name: wal
    spec:
      accessModes: [ReadWriteOnce]
      storageClassName: fast
      resources:
        requests:
          storage: 10Gi
)";

}  // namespace

TEST_CASE("StatefulSet: the pod of the first ordinal, its identity labels and claim volumes") {
  Candidate c = load_one(kStatefulSet);
  const Pod& pod = c.pod;
  CHECK(c.workload->replicas == 3);
  CHECK(pod.metadata.name == "db-0");
  CHECK(pod.metadata.generate_name.empty());
  CHECK(label(pod, "statefulset.kubernetes.io/pod-name") == "db-0");
  CHECK(label(pod, "apps.kubernetes.io/pod-index") == "0");
  CHECK(label(pod, "controller-revision-hash").starts_with("db-"));
  CHECK(label(pod, "app") == "db");
  REQUIRE(pod.metadata.owner_references.size() == 1);
  CHECK(pod.metadata.owner_references[0].kind == "StatefulSet");
  // Claim-template volumes first (the template's own "data" volume is replaced), then the rest.
  REQUIRE(pod.spec.volumes.size() == 3);
  CHECK(pod.spec.volumes[0].name == "data");
  CHECK(pod.spec.volumes[0].source.type == "persistentVolumeClaim");
  CHECK(pod.spec.volumes[0].claim_name == "data-db-0");
  CHECK(pod.spec.volumes[1].name == "wal");
  CHECK(pod.spec.volumes[1].claim_name == "wal-db-0");
  CHECK(pod.spec.volumes[2].name == "config");

  std::vector<PersistentVolumeClaim> claims = controller_created_claims(c);
  REQUIRE(claims.size() == 2);
  const PersistentVolumeClaim& data = claims[0];
  CHECK(data.metadata.name == "data-db-0");
  CHECK(data.metadata.namespace_ == "shop");
  CHECK(label(data.metadata, "tier") == "data");
  CHECK(label(data.metadata, "app") == "db");  // the selector's labels are added
  CHECK(*data.metadata.annotations.find("backup") == "daily");
  CHECK(data.spec.resources.requests->find("storage")->value() == 50LL << 30);
  CHECK_FALSE(data.spec.storage_class_name.has_value());
  CHECK(data.phase == "Pending");
  CHECK(data.origin.file == "<synthesized for StatefulSet shop/db>");
  CHECK(claims[1].spec.storage_class_name == "fast");
}

TEST_CASE("StatefulSet: spec.ordinals.start, and the next ordinal when the cluster has the pod") {
  std::string yaml = kStatefulSet;
  yaml.replace(yaml.find("  serviceName"), 0, "  ordinals:\n    start: 5\n");
  Candidate c = load_one(yaml);
  CHECK(c.pod.metadata.name == "db-5");
  CHECK(label(c.pod, "apps.kubernetes.io/pod-index") == "5");

  ClusterState cluster;
  REQUIRE_FALSE(load_cluster_state_text(R"(apiVersion: v1
kind: Pod
metadata:
  name: db-5
  namespace: shop
  uid: db-5-uid
spec:
  nodeName: node-a
  containers:
  - name: postgres
    image: postgres:17
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data-db-6
  namespace: shop
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: slow
  resources:
    requests:
      storage: 50Gi
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: standard
  annotations:
    storageclass.kubernetes.io/is-default-class: "true"
provisioner: ebs.csi.aws.com
)",
                                         "cluster.yaml", cluster)
                    .has_value());
  std::vector<Candidate> candidates;
  candidates.push_back(std::move(c));
  std::vector<std::string> added = prepare_candidates(cluster, candidates).volume_claims;
  const Pod& pod = candidates[0].pod;
  CHECK(pod.metadata.name == "db-6");
  CHECK(label(pod, "statefulset.kubernetes.io/pod-name") == "db-6");
  CHECK(label(pod, "apps.kubernetes.io/pod-index") == "6");
  CHECK(pod.spec.volumes[0].claim_name == "data-db-6");
  // data-db-6 exists and is used as it is; wal-db-6 is created as the controller would.
  CHECK(added == std::vector<std::string>{"shop/wal-db-6 (for StatefulSet shop/db)"});
  REQUIRE(cluster.persistent_volume_claims.size() == 2);
  CHECK(cluster.persistent_volume_claims[0].spec.storage_class_name == "slow");
  CHECK(cluster.persistent_volume_claims[1].metadata.name == "wal-db-6");
  CHECK(cluster.persistent_volume_claims[1].spec.storage_class_name == "fast");
}

TEST_CASE("a synthesized claim without a class gets the default StorageClass") {
  ClusterState cluster;
  REQUIRE_FALSE(load_cluster_state_text(R"(apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: standard
  annotations:
    storageclass.kubernetes.io/is-default-class: "true"
provisioner: ebs.csi.aws.com
)",
                                         "cluster.yaml", cluster)
                    .has_value());
  std::vector<Candidate> candidates;
  candidates.push_back(load_one(kStatefulSet));
  std::vector<std::string> added = prepare_candidates(cluster, candidates).volume_claims;
  CHECK(added == std::vector<std::string>{"shop/data-db-0 (for StatefulSet shop/db)",
                                          "shop/wal-db-0 (for StatefulSet shop/db)"});
  REQUIRE(cluster.persistent_volume_claims.size() == 2);
  CHECK(cluster.persistent_volume_claims[0].spec.storage_class_name == "standard");
  CHECK(cluster.persistent_volume_claims[1].spec.storage_class_name == "fast");
  // Preparing again adds nothing: the claims now exist.
  CHECK(prepare_candidates(cluster, candidates).volume_claims.empty());
}

TEST_CASE("generic ephemeral volumes: the claim <pod>-<volume>, owned by the pod, for pods not created yet") {
  const char* yaml = R"(apiVersion: v1
kind: Pod
metadata:
  name: worker
  namespace: jobs
spec:
  containers:
  - name: main
    image: worker:1
  volumes:
  - name: scratch
    ephemeral:
      volumeClaimTemplate:
        metadata:
          labels:
            kind: scratch
        spec:
          accessModes: [ReadWriteOnce]
          resources:
            requests:
              storage: 1Gi
)";
  Candidate c = load_one(yaml);
  CHECK_FALSE(c.workload.has_value());
  std::vector<PersistentVolumeClaim> claims = controller_created_claims(c);
  REQUIRE(claims.size() == 1);
  const PersistentVolumeClaim& claim = claims[0];
  CHECK(claim.metadata.name == "worker-scratch");
  CHECK(claim.metadata.namespace_ == "jobs");
  CHECK(*claim.metadata.labels.find("kind") == "scratch");
  REQUIRE(claim.metadata.owner_references.size() == 1);
  CHECK(claim.metadata.owner_references[0].kind == "Pod");
  CHECK(claim.metadata.owner_references[0].name == "worker");
  CHECK(claim.metadata.owner_references[0].controller);
  CHECK(claim.origin.file == "<synthesized for generic ephemeral volume scratch of pod jobs/worker>");

  // A pod read back from a cluster exists: its claim is the ephemeral controller's business.
  std::string created = yaml;
  created.replace(created.find("  namespace: jobs"), 0, "  uid: worker-uid\n");
  CHECK(controller_created_claims(load_one(created)).empty());

  // A workload's pod gets its claim too, named after the pod the controller creates.
  std::string deployment = kDeployment;
  deployment += R"(      volumes:
      - name: cache
        ephemeral:
          volumeClaimTemplate:
            spec:
              accessModes: [ReadWriteOnce]
              resources:
                requests:
                  storage: 1Gi
)";
  Candidate web = load_one(deployment);
  std::vector<PersistentVolumeClaim> web_claims = controller_created_claims(web);
  REQUIRE(web_claims.size() == 1);
  CHECK(web_claims[0].metadata.name == web.pod.metadata.name + "-cache");
}

TEST_CASE("ResourceClaimTemplates: the resourceclaim controller's claim for each pod not created yet") {
  const char* yaml = R"(apiVersion: v1
kind: Pod
metadata:
  name: trainer
  namespace: ml
spec:
  containers:
  - name: main
    image: trainer:1
  resourceClaims:
  - name: gpu
    resourceClaimTemplateName: one-gpu
  - name: missing
    resourceClaimTemplateName: no-such-template
  - name: shared
    resourceClaimName: shared-nic
)";
  ResourceClaimTemplate tmpl;
  tmpl.metadata.name = "one-gpu";
  tmpl.metadata.namespace_ = "ml";
  tmpl.claim_metadata.labels.set("team", "research");
  tmpl.claim_metadata.annotations.set("note", "from the template");
  tmpl.spec.requests.emplace_back().name = "gpu";
  ResourceClaimTemplate elsewhere = tmpl;
  elsewhere.metadata.namespace_ = "other";
  elsewhere.metadata.name = "no-such-template";

  Candidate c = load_one(yaml);
  std::vector<ResourceClaim> claims = create_template_claims(c.pod, {elsewhere, tmpl});
  // The template of another namespace is not the pod's: that entry gets no claim.
  REQUIRE(claims.size() == 1);
  const ResourceClaim& claim = claims[0];
  CHECK(claim.metadata.name.starts_with("trainer-gpu-"));
  CHECK(claim.metadata.name.size() == std::string("trainer-gpu-").size() + 5);
  CHECK(claim.metadata.namespace_ == "ml");
  CHECK(*claim.metadata.labels.find("team") == "research");
  CHECK(*claim.metadata.annotations.find("note") == "from the template");
  CHECK(*claim.metadata.annotations.find("resource.kubernetes.io/pod-claim-name") == "gpu");
  REQUIRE(claim.metadata.owner_references.size() == 1);
  CHECK(claim.metadata.owner_references[0].kind == "Pod");
  CHECK(claim.metadata.owner_references[0].name == "trainer");
  CHECK(claim.metadata.owner_references[0].controller);
  CHECK(claim.spec.requests.size() == 1);
  CHECK(claim.origin.file == "<synthesized for ResourceClaimTemplate one-gpu of pod ml/trainer>");
  CHECK(claim.origin.synthesized());
  REQUIRE(c.pod.status.resource_claim_statuses.size() == 1);
  CHECK(c.pod.status.resource_claim_statuses[0].name == "gpu");
  CHECK(c.pod.status.resource_claim_statuses[0].resource_claim_name == claim.metadata.name);
  // The same pod gets the same name again, and a second call replaces the status entry.
  CHECK(create_template_claims(c.pod, {tmpl})[0].metadata.name == claim.metadata.name);
  CHECK(c.pod.status.resource_claim_statuses.size() == 1);

  // Long names: both parts are shortened in proportion, leaving 57 characters before the suffix.
  Pod long_pod = c.pod;
  long_pod.metadata.name = std::string(50, 'p');
  long_pod.spec.resource_claims[0].name = std::string(20, 'c');
  const std::string name = create_template_claims(long_pod, {tmpl})[0].metadata.name;
  CHECK(name.substr(0, name.size() - 5) == std::string(39, 'p') + "-" + std::string(15, 'c'));

  // prepare_candidates adds the claim to the cluster state, for pods not created yet only.
  ClusterState cluster;
  cluster.resource_claim_templates = {tmpl};
  std::vector<Candidate> candidates = {c, load_one(std::string(yaml).replace(std::string(yaml).find("  namespace: ml"), 0,
                                                                              "  uid: trainer-uid\n"))};
  candidates[0].pod.status.resource_claim_statuses.clear();
  const CreatedByControllers created = prepare_candidates(cluster, candidates);
  CHECK(created.resource_claims ==
        std::vector<std::string>{"ml/" + claim.metadata.name + " (for ResourceClaimTemplate one-gpu of pod ml/trainer)"});
  CHECK(cluster.resource_claims.size() == 1);
  CHECK(candidates[0].pod.status.resource_claim_statuses.size() == 1);
  CHECK(candidates[1].pod.status.resource_claim_statuses.empty());
}

namespace {

const char* kDaemonSet = R"(apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  namespace: kube-system
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      hostNetwork: HOST_NETWORK
      tolerations:
      - key: node.kubernetes.io/not-ready
        operator: Exists
        effect: NoExecute
        tolerationSeconds: 300
      - key: dedicated
        operator: Equal
        value: infra
        effect: NoSchedule
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions:
              - key: kubernetes.io/os
                operator: In
                values: [linux]
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 1
            preference:
              matchExpressions:
              - key: fast
                operator: Exists
      containers:
      - name: agent
        image: agent:1
        resources:
          requests:
            cpu: "1"
)";

std::string daemon_set(bool host_network) {
  std::string yaml = kDaemonSet;
  yaml.replace(yaml.find("HOST_NETWORK"), 12, host_network ? "true" : "false");
  return yaml;
}

}  // namespace

TEST_CASE("DaemonSet: the daemon tolerations, labels, and the pod pinned to each node") {
  struct Case {
    const char* name;
    bool host_network;
    std::vector<std::string> want;
  };
  const std::vector<std::string> base = {
      // A matching toleration with tolerationSeconds is replaced by the infinite one, in place.
      "node.kubernetes.io/not-ready:Exists::NoExecute",
      "dedicated:Equal:infra:NoSchedule",
      "node.kubernetes.io/unreachable:Exists::NoExecute",
      "node.kubernetes.io/disk-pressure:Exists::NoSchedule",
      "node.kubernetes.io/memory-pressure:Exists::NoSchedule",
      "node.kubernetes.io/pid-pressure:Exists::NoSchedule",
      "node.kubernetes.io/unschedulable:Exists::NoSchedule",
  };
  std::vector<std::string> with_network = base;
  with_network.push_back("node.kubernetes.io/network-unavailable:Exists::NoSchedule");
  std::vector<Case> cases = {{"without hostNetwork", false, base}, {"with hostNetwork", true, with_network}};
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      Candidate got = load_one(daemon_set(c.host_network));
      CHECK(tolerations(got.pod) == c.want);
      CHECK_FALSE(got.workload->replicas.has_value());  // known only against the nodes
    }
  }

  Candidate c = load_one(daemon_set(false));
  CHECK(label(c.pod, "controller-revision-hash") != "<none>");
  CHECK(label(c.pod, "pod-template-generation") == "1");
  CHECK(c.pod.metadata.owner_references[0].kind == "DaemonSet");
  CHECK(c.pod.metadata.name.starts_with("agent-"));

  // Every required term is replaced by one matching the node's name; preferred terms stay.
  Pod pinned = daemon_pod_for_node(c.pod, "node-b");
  const NodeAffinity& affinity = *pinned.spec.affinity->node_affinity;
  REQUIRE(affinity.required->node_selector_terms.size() == 1);
  const NodeSelectorTerm& term = affinity.required->node_selector_terms[0];
  CHECK(term.match_expressions.empty());
  REQUIRE(term.match_fields.size() == 1);
  CHECK(term.match_fields[0].key == "metadata.name");
  CHECK(term.match_fields[0].op == "In");
  CHECK(term.match_fields[0].values == std::vector<std::string>{"node-b"});
  CHECK(affinity.preferred.size() == 1);

  // Without any affinity, one is made.
  Pod bare = PodBuilder("p");
  Pod pinned_bare = daemon_pod_for_node(bare, "node-a");
  REQUIRE(pinned_bare.spec.affinity.has_value());
  CHECK(pinned_bare.spec.affinity->node_affinity->required->node_selector_terms[0].match_fields[0].values[0] == "node-a");

  // A DaemonSet read back from a cluster keeps its template generation.
  std::string generation = daemon_set(false);
  generation.replace(generation.find("  namespace: kube-system"), 0,
                     "  annotations:\n    deprecated.daemonset.template.generation: \"4\"\n");
  CHECK(label(load_one(generation).pod, "pod-template-generation") == "4");
}

TEST_CASE("Job and CronJob: the job's labels on the pod, and how many run at once") {
  struct Case {
    const char* name;
    std::string spec;  // Job spec fields before the template
    bool cron;
    int32_t replicas;
    bool indexed;
    bool manual;
  };
  std::vector<Case> cases = {
      {"Job defaults", "", false, 1, false, false},
      {"Job parallelism bounded by completions", "  parallelism: 5\n  completions: 3\n", false, 3, false, false},
      {"Job parallelism without completions", "  parallelism: 4\n", false, 4, false, false},
      {"Indexed Job", "  completionMode: Indexed\n  completions: 2\n", false, 1, true, false},
      {"Job with a manual selector", "  manualSelector: true\n  selector:\n    matchLabels:\n      app: migrate\n", false,
       1, false, true},
      {"CronJob", "  parallelism: 2\n", true, 2, false, false},
  };
  const char* tmpl = R"(  template:
    metadata:
      labels:
        app: migrate
    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: migrate:1
)";
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      std::string yaml;
      if (c.cron) {
        std::string indented;
        for (std::string line : {c.spec + tmpl}) {
          size_t start = 0;
          while (start < line.size()) {
            size_t end = line.find('\n', start);
            indented += "    " + line.substr(start, end - start + 1);
            start = end + 1;
          }
        }
        yaml = "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: migrate\n  namespace: ops\nspec:\n"
               "  schedule: \"0 * * * *\"\n  jobTemplate:\n    spec:\n" + indented;
      } else {
        yaml = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\n  namespace: ops\n  uid: job-uid\nspec:\n" +
               c.spec + tmpl;
      }
      Candidate got = load_one(yaml);
      CHECK(got.workload->kind == (c.cron ? "CronJob" : "Job"));
      CHECK(got.workload->replicas == c.replicas);
      const Pod& pod = got.pod;
      REQUIRE(pod.metadata.owner_references.size() == 1);
      const OwnerReference& owner = pod.metadata.owner_references[0];
      CHECK(owner.kind == "Job");
      CHECK(owner.api_version == "batch/v1");
      const std::string job_name = owner.name;
      if (c.cron) {
        CHECK(job_name.starts_with("migrate-"));
        CHECK(job_name.size() == std::string("migrate-").size() + 8);
      } else {
        CHECK(job_name == "migrate");
        CHECK(owner.uid == "job-uid");
      }
      CHECK(label(pod, "app") == "migrate");
      if (c.manual) {
        CHECK(pod.metadata.labels.size() == 1);
      } else {
        CHECK(label(pod, "job-name") == job_name);
        CHECK(label(pod, "batch.kubernetes.io/job-name") == job_name);
        CHECK(label(pod, "controller-uid") == owner.uid);
        CHECK(label(pod, "batch.kubernetes.io/controller-uid") == owner.uid);
      }
      if (c.indexed) {
        CHECK(label(pod, "batch.kubernetes.io/job-completion-index") == "0");
        CHECK(*pod.metadata.annotations.find("batch.kubernetes.io/job-completion-index") == "0");
        CHECK(pod.metadata.generate_name == job_name + "-0-");
      } else {
        CHECK(label(pod, "batch.kubernetes.io/job-completion-index") == "<none>");
        CHECK(pod.metadata.generate_name == job_name + "-");
      }
      CHECK(pod.spec.restart_policy == "Never");
    }
  }
}

TEST_CASE("a chart: workloads and pods in order, other kinds counted") {
  std::string yaml = std::string("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n---\n") + kDeployment +
                     "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: s\n---\napiVersion: v1\nkind: Service\n"
                     "metadata:\n  name: t\n---\n" + kStatefulSet +
                     "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: a\n    image: a\n";
  CandidateSet set = load_ok(yaml);
  REQUIRE(set.candidates.size() == 3);
  CHECK(set.candidates[0].workload->kind == "Deployment");
  CHECK(set.candidates[0].pod.origin.document == 2);
  CHECK(set.candidates[1].workload->kind == "StatefulSet");
  CHECK_FALSE(set.candidates[2].workload.has_value());
  CHECK(set.skipped_kinds == std::map<std::string, int>{{"ConfigMap", 1}, {"Service", 2}});
}

TEST_CASE("bad workloads: one message naming the file, document and object") {
  struct Case {
    const char* name;
    std::string yaml;
    std::string want;
  };
  std::string no_selector = kDeployment;
  no_selector.erase(no_selector.find("  selector:"), std::string("  selector:\n    matchLabels:\n      app: web\n").size());
  std::string mismatch = kDeployment;
  mismatch.replace(mismatch.find("      app: web\n  template"), 14, "      app: api\n");
  // An absent selector is required, an empty one refused, a non-empty one must select the template.
  auto with_empty_selector = [](std::string yaml, const std::string& kind) {
    yaml.replace(yaml.find("kind: Deployment"), 16, "kind: " + kind);
    const std::string selector = "  selector:\n    matchLabels:\n      app: web\n";
    yaml.replace(yaml.find(selector), selector.size(), "  selector: {}\n");
    if (kind == "DaemonSet") yaml.erase(yaml.find("  replicas: 3\n"), 14);  // a DaemonSet has none
    return yaml;
  };
  std::vector<Case> cases = {
      {"nothing to check", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n---\napiVersion: v1\nkind: Service\n"
                           "metadata:\n  name: s\n",
       "chart.yaml: no Pod or workload to check (found only 1 ConfigMap, 1 Service)"},
      {"a workload in an API version podfit does not read",
       "apiVersion: extensions/v1beta1\nkind: Deployment\nmetadata:\n  name: web\nspec: {}\n",
       "chart.yaml: document 1 (Deployment web), line 1: no matches for kind \"Deployment\" in version "
       "\"extensions/v1beta1\""},
      {"no selector", no_selector, "chart.yaml: document 1 (Deployment shop/web), line 7: spec.selector: Required value"},
      {"empty selector of a Deployment", with_empty_selector(kDeployment, "Deployment"),
       "chart.yaml: document 1 (Deployment shop/web), line 7: spec.selector: Invalid value: {}: empty selector is "
       "invalid for deployment"},
      {"empty selector of a ReplicaSet, worded as a Deployment's", with_empty_selector(kDeployment, "ReplicaSet"),
       "chart.yaml: document 1 (ReplicaSet shop/web), line 7: spec.selector: Invalid value: {}: empty selector is "
       "invalid for deployment"},
      {"empty selector of a StatefulSet", with_empty_selector(kDeployment, "StatefulSet"),
       "chart.yaml: document 1 (StatefulSet shop/web), line 7: spec.selector: Invalid value: {}: empty selector is "
       "invalid for statefulset"},
      {"empty selector of a DaemonSet", with_empty_selector(kDeployment, "DaemonSet"),
       "chart.yaml: document 1 (DaemonSet shop/web), line 7: spec.selector: Invalid value: {}: empty selector is "
       "invalid for daemonset"},
      {"selector does not match the template's labels", mismatch,
       "chart.yaml: document 1 (Deployment shop/web), line 7: spec.template.metadata.labels: Invalid value: "
       "{\"app\":\"web\"}: `selector` does not match template `labels`"},
      {"no template", "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\nspec:\n  parallelism: 1\n",
       "chart.yaml: document 1 (Job j), line 1: spec.template.spec.containers: Required value"},
      {"a template's pod spec is checked as a pod's",
       "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\nspec:\n  template:\n    spec:\n      containers:\n"
       "      - name: a\n        image: a\n        resources:\n          requests:\n            cpu: 1.2.3\n",
       "chart.yaml: document 1 (Job j), line 13: spec.template.spec.containers[0].resources.requests.cpu: invalid "
       "quantity \"1.2.3\": quantities must match the regular expression "
       "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"},
      {"negative replicas",
       "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: r\nspec:\n  replicas: -1\n",
       "chart.yaml: document 1 (ReplicaSet r), line 6: spec.replicas: Invalid value: -1: must be greater than or "
       "equal to 0"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) { CHECK(load_error(c.yaml) == c.want); }
  }
}

namespace {

const char* kDaemonCluster = R"(apiVersion: v1
kind: Node
metadata:
  name: linux-a
  labels:
    kubernetes.io/os: linux
status:
  allocatable:
    cpu: "4"
    pods: "110"
---
apiVersion: v1
kind: Node
metadata:
  name: windows-a
  labels:
    kubernetes.io/os: windows
status:
  allocatable:
    cpu: "4"
    pods: "110"
---
apiVersion: v1
kind: Node
metadata:
  name: tainted
  labels:
    kubernetes.io/os: linux
spec:
  taints:
  - key: dedicated
    value: gpu
    effect: NoSchedule
status:
  allocatable:
    cpu: "4"
    pods: "110"
---
apiVersion: v1
kind: Node
metadata:
  name: cordoned
  labels:
    kubernetes.io/os: linux
spec:
  unschedulable: true
  taints:
  - key: node.kubernetes.io/unschedulable
    effect: NoSchedule
  - key: node.kubernetes.io/memory-pressure
    effect: NoSchedule
status:
  allocatable:
    cpu: "4"
    pods: "110"
---
apiVersion: v1
kind: Node
metadata:
  name: full
  labels:
    kubernetes.io/os: linux
status:
  allocatable:
    cpu: "1"
    pods: "110"
---
apiVersion: v1
kind: Pod
metadata:
  name: busy
  uid: busy-uid
spec:
  nodeName: full
  containers:
  - name: a
    image: a
    resources:
      requests:
        cpu: 500m
)";

}  // namespace

TEST_CASE("DaemonSet check: each node's own pod, and the nodes its controller skips") {
  ClusterState cluster;
  REQUIRE_FALSE(load_cluster_state_text(kDaemonCluster, "cluster.yaml", cluster).has_value());
  Candidate candidate = load_one(daemon_set(false));
  Snapshot snapshot(cluster, FeatureGates{});
  PluginContext context;
  Framework framework(default_filter_plugin_order(context.gates), context);
  PodVerdict v = check_daemon_set(candidate, snapshot, framework, context, false);

  CHECK(v.name == "agent");
  CHECK(v.namespace_ == "kube-system");
  REQUIRE(v.workload.has_value());
  CHECK(v.workload->replicas == 3);  // linux-a, cordoned, full
  CHECK_FALSE(v.schedulable);
  CHECK(v.feasible_nodes == std::vector<std::string_view>{"linux-a", "cordoned"});
  CHECK(v.message == "2/5 nodes run a daemon pod; 1 daemon pod cannot be scheduled; 2 nodes get no daemon pod "
                     "(nodeName, node selector or affinity, taints)");
  REQUIRE(v.nodes.size() == 5);
  struct Want {
    std::string node;
    bool daemon_pod;
    bool fit;
    std::string failure;  // show() of the first failure, "" when it fits
  };
  std::vector<Want> want = {
      {"linux-a", true, true, ""},
      {"windows-a", false, false, "UnschedulableAndUnresolvable: node(s) didn't match Pod's node affinity/selector"},
      {"tainted", false, false, "UnschedulableAndUnresolvable: node(s) had untolerated taint(s)"},
      {"cordoned", true, true, ""},  // the daemon tolerations cover cordoning and node pressure
      {"full", true, false, "Unschedulable: Insufficient cpu"},
  };
  for (size_t i = 0; i < want.size(); ++i) {
    CAPTURE(want[i].node);
    const NodeVerdict& n = v.nodes[i];
    CHECK(n.name == want[i].node);
    CHECK(n.daemon_pod == want[i].daemon_pod);
    CHECK(n.fit == want[i].fit);
    CHECK((n.failures.empty() ? std::string() : show(n.failures[0])).find(want[i].failure) != std::string::npos);
    CHECK(n.failures.empty() == want[i].fit);
  }
  // The pending pod's FailedScheduling text: the other nodes are outside its node affinity.
  CHECK(v.nodes[4].message ==
        "0/5 nodes are available: 1 Insufficient cpu, 4 node(s) didn't satisfy plugin(s) [NodeAffinity].");
  CHECK(v.nodes[0].message.empty());

  SUBCASE("every pod fits when the full node is left out") {
    cluster.nodes.pop_back();
    Snapshot smaller(cluster, FeatureGates{});
    PodVerdict fits = check_daemon_set(candidate, smaller, framework, context, false);
    CHECK(fits.schedulable);
    CHECK(fits.workload->replicas == 2);
    CHECK(fits.message == "2/4 nodes run a daemon pod; 2 nodes get no daemon pod (nodeName, node selector or affinity, "
                          "taints)");
  }
  SUBCASE("a DaemonSet no node should run is not schedulable") {
    std::string yaml = daemon_set(false);
    yaml.replace(yaml.find("values: [linux]"), 15, "values: [plan9]");
    PodVerdict none = check_daemon_set(load_one(yaml), snapshot, framework, context, false);
    CHECK_FALSE(none.schedulable);
    CHECK(none.workload->replicas == 0);
    CHECK(none.feasible_nodes.empty());
  }
}

// ValidateDeploymentStrategy after defaulting, with upstream's TestValidateDeployment inputs: an
// unknown type (the strategy itself shown), Recreate with rolling update parameters, and a
// rolling update that may neither surge nor leave a pod unavailable.
TEST_CASE("Deployment: spec.strategy") {
  auto deployment = [](const std::string& strategy) {
    return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n" +
           strategy +
           "  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: main, image: web:1}]\n";
  };
  auto refused = [&](const std::string& strategy, const std::string& message) {
    const std::string error = load_error(deployment(strategy));
    INFO(error);
    CHECK(error.ends_with(message));
  };
  refused("  strategy: {type: randomType}\n",
          "spec.strategy: Unsupported value: {\"Type\":\"randomType\",\"RollingUpdate\":null}: supported values: "
          "\"Recreate\", \"RollingUpdate\"");
  refused("  strategy: {type: Recreate, rollingUpdate: {maxSurge: 1}}\n",
          "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'");
  refused("  strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 0, maxUnavailable: 0}}\n",
          "spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0");
  // The defaults (RollingUpdate, 25% each) and percentages are valid.
  load_one(deployment(""));
  load_one(deployment("  strategy: {type: Recreate}\n"));
  load_one(deployment("  strategy: {rollingUpdate: {maxSurge: 0}}\n"));
  load_one(deployment("  strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 0%, maxUnavailable: 1}}\n"));
}

// ValidateJobSpec: a Job's template (a CronJob's job's) restarts OnFailure or Never; Always,
// the pod spec's default, is refused as a missing value (upstream's "restartPolicy" cases).
TEST_CASE("Job and CronJob: the template's restartPolicy") {
  const std::string job =
      "apiVersion: batch/v1\nkind: Job\nmetadata: {name: migrate}\nspec:\n  template:\n    spec:\n"
      "      containers: [{name: main, image: db:1}]\n";
  CHECK(load_error(job).ends_with("spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\""));
  CHECK(load_error(job + "      restartPolicy: Always\n")
            .ends_with("spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\""));
  load_one(job + "      restartPolicy: Never\n");
  load_one(job + "      restartPolicy: OnFailure\n");
  const std::string cron =
      "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly}\nspec:\n  schedule: '0 3 * * *'\n  jobTemplate:\n"
      "    spec:\n      template:\n        spec:\n          containers: [{name: main, image: db:1}]\n";
  CHECK(load_error(cron).ends_with(
      "spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\""));
  // ValidateJobSpec's backoffLimit: not negative.
  CHECK(load_error(job + "      restartPolicy: Never\n  backoffLimit: -1\n")
            .ends_with("spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0"));
  load_one(cron + "          restartPolicy: Never\n");
}

// v1.32 and v1.33 show the template's labels with Go's %#v, later releases as JSON.
TEST_CASE("apps/v1: a selector that misses the template's labels, by release") {
  const std::string text =
      "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  selector: {matchLabels: {app: web}}\n"
      "  template:\n    metadata: {labels: {app: db, tier: data}}\n    spec:\n      containers: [{name: main, image: db:1}]\n";
  auto error = [&](int minor) {
    CandidateSet set;
    LoadOptions options;
    options.api_release = KubernetesRelease{minor};
    auto err = load_candidates_text(text, "chart.yaml", set, options);
    REQUIRE(err.has_value());
    return err->message;
  };
  CHECK(error(33).ends_with("spec.template.metadata.labels: Invalid value: map[string]string{\"app\":\"db\", "
                            "\"tier\":\"data\"}: `selector` does not match template `labels`"));
  CHECK(error(34).ends_with(
      "spec.template.metadata.labels: Invalid value: {\"app\":\"db\",\"tier\":\"data\"}: `selector` does not match template `labels`"));
}

// ValidateStatefulSetSpec's podManagementPolicy (empty is defaulted to OrderedReady) and
// validateCronJobSpec's schedule, required (its format is not checked).
TEST_CASE("StatefulSet podManagementPolicy and CronJob schedule") {
  auto set = [](const std::string& policy) {
    return "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  selector: {matchLabels: {app: db}}\n" +
           policy + "  template:\n    metadata: {labels: {app: db}}\n    spec:\n      containers: [{name: main, image: db:1}]\n";
  };
  CHECK(load_error(set("  podManagementPolicy: Sequential\n"))
            .ends_with("spec.podManagementPolicy: Invalid value: \"Sequential\": must be 'OrderedReady' or 'Parallel'"));
  load_one(set("  podManagementPolicy: Parallel\n"));
  load_one(set("  podManagementPolicy: \"\"\n"));
  const std::string cron =
      "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: nightly}\nspec:\n  jobTemplate:\n    spec:\n      template:\n"
      "        spec:\n          restartPolicy: Never\n          containers: [{name: main, image: db:1}]\n";
  CHECK(load_error(cron).ends_with("spec.schedule: Required value"));
  CHECK(load_error(cron + "  schedule: \"\"\n").ends_with("spec.schedule: Required value"));
}

TEST_CASE("StatefulSet: v1.32 and v1.33 create it with a broken pod spec, and refuse each of its pods") {
  std::string broken = kStatefulSet;
  broken.replace(broken.find("- name: postgres"), 16, "- name: Postgres");
  const std::string detail =
      "spec.containers[0].name: Invalid value: \"Postgres\": a lowercase RFC 1123 label must consist of lower case "
      "alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or "
      "'123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
  for (int minor : {32, 33}) {
    CAPTURE(minor);
    LoadOptions options;
    options.api_release = KubernetesRelease{minor};
    CandidateSet set = podfit::testing::load_candidates_ok(broken, options);
    REQUIRE(set.candidates.size() == 1);
    Candidate& c = set.candidates[0];
    REQUIRE(c.refused);
    CHECK(c.refused->plugin.empty());  // the Validation stage
    CHECK(c.refused->message == "Pod \"db-0\" is invalid: " + detail);
    // Each ordinal's pod is refused under its own name.
    set_stateful_set_ordinal(c, 2);
    CHECK(c.refused->message == "Pod \"db-2\" is invalid: " + detail);
  }
  SUBCASE("from v1.34 the StatefulSet itself is refused") {
    CHECK(load_error(broken) == "chart.yaml: document 1 (StatefulSet shop/db), line 18: spec.template." + detail);
  }
  SUBCASE("what the API server cannot decode refuses the StatefulSet in every release") {
    std::string malformed = kStatefulSet;
    malformed.replace(malformed.find("image: postgres:17"), 18, "image: [postgres]");
    LoadOptions options;
    options.api_release = KubernetesRelease{32};
    CandidateSet set;
    auto err = load_candidates_text(malformed, "chart.yaml", set, options);
    REQUIRE(err);
    CHECK(err->message == "chart.yaml: document 1 (StatefulSet shop/db), line 19: spec.template.spec.containers[0].image: expected a string, got a list");
  }
}
