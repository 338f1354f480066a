// Loading manifests: encodings, containers, kinds, defaults, and the messages for bad input.
#include <doctest/doctest.h>

#include <set>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "load_test_support.h"
#include "podfit/load/loader.h"

using namespace podfit;

namespace {

ClusterState load_ok(std::string_view text) { return testing::load_cluster_ok(text); }

std::string load_error(std::string_view text, std::string name = "bad.yaml") {
  ClusterState state;
  auto err = load_cluster_state_text(text, name, state);
  REQUIRE(err.has_value());
  return err->message;
}

const char* kNodeYaml = R"(apiVersion: v1
kind: Node
metadata:
  name: node-a
  labels:
    topology.kubernetes.io/zone: zone-a
spec:
  taints:
  - key: dedicated
    value: gpu
    effect: NoSchedule
status:
  capacity:
    cpu: "8"
    memory: 32Gi
    pods: "110"
)";

}  // namespace

TEST_CASE("YAML: a node with taints, and allocatable defaulted to capacity") {
  ClusterState s = load_ok(kNodeYaml);
  REQUIRE(s.nodes.size() == 1);
  const Node& n = s.nodes[0];
  CHECK(n.metadata.name == "node-a");
  CHECK(*n.metadata.labels.find("topology.kubernetes.io/zone") == "zone-a");
  REQUIRE(n.spec.taints.size() == 1);
  CHECK(n.spec.taints[0].key == "dedicated");
  CHECK(n.spec.taints[0].value == "gpu");
  CHECK(n.spec.taints[0].effect == "NoSchedule");
  REQUIRE(n.status.allocatable.find("cpu") != nullptr);
  CHECK(n.status.allocatable.find("cpu")->milli_value() == 8000);
  CHECK(n.status.allocatable.find("memory")->value() == 32LL * 1024 * 1024 * 1024);
  CHECK(n.origin.file == "cluster.yaml");
  CHECK(n.origin.document == 1);
  CHECK(n.origin.line == 1);
}

TEST_CASE("an explicit empty allocatable is not replaced by capacity") {
  ClusterState s = load_ok("apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus:\n  capacity: {cpu: 2}\n  allocatable: {}\n");
  CHECK(s.nodes[0].status.allocatable.empty());
}

TEST_CASE("YAML: pod defaults: namespace, scheduler name, requests from limits, protocol, hostNetwork ports") {
  ClusterState s = load_ok(R"(apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  hostNetwork: true
  containers:
  - name: app
    image: nginx
    ports:
    - containerPort: 8080
    resources:
      limits:
        cpu: 500m
        memory: 128Mi
      requests:
        memory: 64Mi
)");
  REQUIRE(s.pods.size() == 1);
  const Pod& p = s.pods[0];
  CHECK(p.metadata.namespace_ == "default");
  CHECK(p.spec.scheduler_name == "default-scheduler");
  const Container& c = p.spec.containers[0];
  REQUIRE(c.resources.requests.has_value());
  CHECK(c.resources.requests->find("cpu")->milli_value() == 500);
  CHECK(c.resources.requests->find("memory")->value() == 64 * 1024 * 1024);
  REQUIRE(c.ports.size() == 1);
  CHECK(c.ports[0].protocol == "TCP");
  CHECK(c.ports[0].host_port == 8080);
}

TEST_CASE("multi-document YAML, comments and empty documents") {
  ClusterState s = load_ok(std::string("# a comment\n---\n") + kNodeYaml + "---\n---\n" +
                           "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n  labels: {env: prod}\n");
  CHECK(s.nodes.size() == 1);
  REQUIRE(s.namespaces.size() == 1);
  CHECK(s.namespaces[0].origin.document == 3);  // the comment is not a document; the empty one is
  CHECK(*s.namespaces[0].metadata.labels.find("env") == "prod");
}

TEST_CASE("kinds podfit does not read are counted, not dropped silently") {
  ClusterState s = load_ok(
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n---\napiVersion: v1\nkind: Service\nmetadata: {name: s}\n"
      "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: e}\n");
  CHECK(s.skipped_kinds["Deployment"] == 2);
  CHECK(s.skipped_kinds["Service"] == 1);
}

TEST_CASE("JSON: a single object, concatenated objects, and a List") {
  ClusterState s;
  auto err = load_cluster_state_text(
      R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"a"},"status":{"allocatable":{"cpu":"4"}}}
{"apiVersion":"v1","kind":"Node","metadata":{"name":"b"}}
{
  "apiVersion": "v1",
  "items": [
    {"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"ns"},"spec":{"nodeName":"a","containers":[{"name":"c","image":"i"}]}},
    {"apiVersion":"storage.k8s.io/v1","kind":"StorageClass","metadata":{"name":"fast"},"provisioner":"x"}
  ],
  "kind": "List",
  "metadata": {"resourceVersion": ""}
})",
      "dump.json", s);
  REQUIRE_FALSE(err.has_value());
  REQUIRE(s.nodes.size() == 2);
  CHECK(s.nodes[0].status.allocatable.find("cpu")->value() == 4);
  REQUIRE(s.pods.size() == 1);
  CHECK(s.pods[0].metadata.namespace_ == "ns");
  CHECK(s.pods[0].origin.document == 3);
  CHECK(s.pods[0].origin.item == 0);
  CHECK(s.pods[0].origin.line == 6);
  REQUIRE(s.storage_classes.size() == 1);
  CHECK(s.storage_classes[0].volume_binding_mode == "Immediate");
  CHECK(s.storage_classes[0].reclaim_policy == "Delete");
}

TEST_CASE("YAML List as kubectl get -o yaml prints it") {
  ClusterState s = load_ok(R"(apiVersion: v1
items:
- apiVersion: v1
  kind: Node
  metadata:
    name: a
- apiVersion: v1
  kind: Node
  metadata:
    name: b
kind: List
metadata:
  resourceVersion: ""
)");
  REQUIRE(s.nodes.size() == 2);
  CHECK(s.nodes[1].metadata.name == "b");
  CHECK(s.nodes[1].origin.item == 1);
  CHECK(s.nodes[1].origin.line == 7);
}

TEST_CASE("items of a typed List without kind take the List's element kind") {
  ClusterState s;
  auto err = load_cluster_state_text(
      R"({"kind":"NodeList","apiVersion":"v1","items":[{"metadata":{"name":"a"}}]})", "nodes.json", s);
  REQUIRE_FALSE(err.has_value());
  CHECK(s.nodes.size() == 1);
}

TEST_CASE("a UTF-8 byte order mark and CRLF line endings are accepted") {
  std::string yaml = "\xEF\xBB\xBF" "apiVersion: v1\r\nkind: Node\r\nmetadata:\r\n  name: crlf\r\n";
  ClusterState s = load_ok(yaml);
  CHECK(s.nodes[0].metadata.name == "crlf");
  ClusterState j;
  auto err = load_cluster_state_text("\xEF\xBB\xBF{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"x\"}}\r\n",
                                     "bom.json", j);
  CHECK_FALSE(err.has_value());
}

TEST_CASE("YAML scalars are typed as Kubernetes reads manifests") {
  // Numbers where numbers belong, in any YAML spelling; a quoted word stays a string.
  ClusterState s = load_ok(R"(apiVersion: v1
kind: Pod
metadata:
  name: typed
  labels:
    quoted: "yes"
spec:
  containers:
  - name: c
    image: i
    ports:
    - containerPort: 80.0
    resources:
      requests:
        cpu: 0.5
        memory: 1e3
)");
  const Pod& p = s.pods[0];
  CHECK(*p.metadata.labels.find("quoted") == "yes");
  CHECK(p.spec.containers[0].ports[0].container_port == 80);
  CHECK(p.spec.containers[0].resources.requests->find("cpu")->milli_value() == 500);
  CHECK(p.spec.containers[0].resources.requests->find("memory")->value() == 1000);
  // kubectl sends YAML as the JSON it converts to (YAML 1.1 scalars): a boolean or a number
  // where a string belongs is refused, as the same value written in JSON is.
  auto labelled = [](const std::string& value) {
    return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: typed\n  labels:\n    a: " + value +
           "\nspec:\n  containers: [{name: c, image: i}]\n";
  };
  CHECK(testing::field_error(labelled("yes")) == "metadata.labels.a: expected a string, got a boolean");
  CHECK(testing::field_error(labelled("n")) == "metadata.labels.a: expected a string, got a boolean");
  CHECK(testing::field_error(labelled("1.10")) == "metadata.labels.a: expected a string, got a number");
  CHECK(testing::field_error(labelled("0x1F")) == "metadata.labels.a: expected a string, got a number");
  CHECK(testing::field_error("apiVersion: v1\nkind: Pod\nmetadata:\n  name: typed\nspec:\n  nodeSelector: {zone: 012}\n"
                    "  containers: [{name: c, image: i}]\n") == "spec.nodeSelector.zone: expected a string, got a number");
  CHECK(testing::field_error("apiVersion: v1\nkind: Pod\nmetadata:\n  name: !!int 5\nspec:\n  containers: [{name: c, image: i}]\n") ==
        "metadata.name: expected a string, got a number");
  // The same in JSON.
  CHECK(testing::field_error(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"typed","labels":{"a":true}},)"
                    R"("spec":{"containers":[{"name":"c","image":"i"}]}})",
                    "pod.json") == "metadata.labels.a: expected a string, got a boolean");
}

TEST_CASE("YAML anchors, aliases and merge keys") {
  ClusterState s = load_ok(R"(apiVersion: v1
kind: Pod
metadata:
  name: anchors
  labels: &common
    app: web
    tier: front
  annotations:
    <<: *common
    tier: overridden
spec:
  containers:
  - &c
    name: one
    image: i
  - <<: *c
    name: two
)");
  const Pod& p = s.pods[0];
  CHECK(*p.metadata.annotations.find("app") == "web");
  CHECK(*p.metadata.annotations.find("tier") == "overridden");
  REQUIRE(p.spec.containers.size() == 2);
  CHECK(p.spec.containers[1].name == "two");
}

TEST_CASE("bad input: one message with file, document, object and line") {
  struct Case {
    const char* name;
    std::string input;
    std::string file;
    std::string want;
  };
  const Case cases[] = {
      {"tab in indentation", "apiVersion: v1\nkind: Node\nmetadata:\n\tname: a\n", "bad.yaml",
       "bad.yaml: document 1, line 4: while scanning for the next token found character that cannot start any token (a tab: YAML indents with spaces only)"},
      {"invalid quantity", "apiVersion: v1\nkind: Node\nmetadata:\n  name: a\nstatus:\n  capacity:\n    cpu: 1.2.3\n",
       "bad.yaml",
       "bad.yaml: document 1 (Node a), line 7: status.capacity.cpu: invalid quantity \"1.2.3\": quantities must match "
       "the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"},
      {"wrong type", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers: nope\n", "bad.yaml",
       "bad.yaml: document 1 (Pod p), line 6: spec.containers: expected a list, got a string"},
      {"pod without containers", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers: []\n",
       "bad.yaml", "bad.yaml: document 1 (Pod p), line 6: spec.containers: Required value"},
      {"unknown taint effect",
       "apiVersion: v1\nkind: Node\nmetadata:\n  name: a\nspec:\n  taints:\n  - key: k\n    effect: NoSchedul\n",
       "bad.yaml",
       "bad.yaml: document 1 (Node a), line 8: metadata.taints[0].effect: Unsupported value: \"NoSchedul\": supported "
       "values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\""},
      {"duplicate key", "apiVersion: v1\nkind: Node\nmetadata:\n  name: a\n  name: b\n", "bad.yaml",
       "bad.yaml: document 1, line 5: metadata.name: duplicate field \"name\""},
      {"duplicate key in a long mapping",
       [] {
         std::string labels;
         for (int i = 0; i < 40; ++i) labels += "    k" + std::to_string(i) + ": v\n";
         return "apiVersion: v1\nkind: Node\nmetadata:\n  name: a\n  labels:\n" + labels + "    k3: again\n";
       }(),
       "bad.yaml", "bad.yaml: document 1 (Node a), line 46: metadata.labels.k3: duplicate field \"k3\""},
      {"duplicate key written once quoted, once plain",
       "apiVersion: v1\nkind: Node\nmetadata:\n  name: a\n  labels:\n    \"1\": a\n    1: b\n", "bad.yaml",
       "bad.yaml: document 1 (Node a), line 7: metadata.labels.1: duplicate field \"1\""},
      {"second document broken",
       "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ok\n---\napiVersion: v1\nkind: Node\nmetadata: [\n",
       "bad.yaml", "bad.yaml: document 2, line 9: while parsing a flow node did not find expected node content"},
      {"missing name", "apiVersion: v1\nkind: Node\nmetadata:\n  labels: {a: b}\n", "bad.yaml",
       "bad.yaml: document 1, line 1: metadata.name: Required value: name or generateName is required"},
      {"port out of range",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    ports:\n    - containerPort: 70000\n",
       "bad.yaml",
       "bad.yaml: document 1 (Pod p), line 8: spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be "
       "between 1 and 65535, inclusive"},
      {"JSON truncated", "{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"a\"", "bad.json",
       "bad.json: document 1, line 1: unexpected end of JSON input"},
      {"JSON syntax", "{\"apiVersion\":\"v1\",\n\"kind\":\"Node\",\n\"metadata\":{\"name\":tru}}", "bad.json",
       "bad.json: document 1, line 3: invalid character '}' in literal true (expecting 'e')"},
      {"JSON float into an integer field",
       "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},\"spec\":{\"containers\":[{\"name\":\"c\","
       "\"ports\":[{\"containerPort\":80.5}]}]}}",
       "bad.json",
       "bad.json: document 1 (Pod p), line 1: spec.containers[0].ports[0].containerPort: expected an integer, got 80.5"},
      {"List item not an object", "{\"kind\":\"List\",\"apiVersion\":\"v1\",\"items\":[{\"apiVersion\":\"v1\",\"kind\":"
                                   "\"Namespace\",\"metadata\":{\"name\":\"a\"}},\n 42]}",
       "bad.json", "bad.json: document 1, line 2: items[1]: a List item must be an object"},
      {"empty file", "  \n\n", "empty.yaml", "empty.yaml: the file is empty"},
      {"wrong apiVersion", "apiVersion: apps/v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c}]}\n",
       "bad.yaml", "bad.yaml: document 1 (Pod p), line 1: no matches for kind \"Pod\" in version \"apps/v1\""},
      {"no kind", "apiVersion: v1\nmetadata: {name: p}\n", "bad.yaml", "bad.yaml: document 1, line 1: kind not set"},
      {"scalar document", "just text\n", "bad.yaml",
       "bad.yaml: document 1, line 1: expected an object (with apiVersion and kind), found a scalar"},
      {"node field selector with two names",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n  affinity:\n    nodeAffinity:\n"
       "      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n        - matchFields:\n"
       "          - {key: metadata.name, operator: In, values: [a, b]}\n",
       "bad.yaml",
       "bad.yaml: document 1 (Pod p), line 11: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
       ".nodeSelectorTerms[0].matchFields[0].values: Required value: must be only one value when `operator` is 'In' or "
       "'NotIn' for node field selector"},
      {"In without values",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n  affinity:\n    nodeAffinity:\n"
       "      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n        - matchExpressions:\n"
       "          - {key: zone, operator: In}\n",
       "bad.yaml",
       "bad.yaml: document 1 (Pod p), line 11: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
       ".nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"},
      {"image volume pull policy not one of the three",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n  volumes:\n  - name: v\n"
       "    image:\n      reference: quay.io/data:v1\n      pullPolicy: Sometimes\n",
       "bad.yaml",
       "bad.yaml: document 1 (Pod p), line 10: spec.volumes[0].image.pullPolicy: Unsupported value: \"Sometimes\": "
       "supported values: \"Always\", \"IfNotPresent\", \"Never\""},
      {"image volume without a reference",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n  volumes:\n  - name: v\n"
       "    image:\n      pullPolicy: Always\n",
       "bad.yaml", "bad.yaml: document 1 (Pod p), line 9: spec.volumes[0].image.reference: Required value"},
      {"binary garbage", std::string("\x01\x02\xff\xfe garbage", 12), "bad.yaml", ""},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      std::string got = load_error(c.input, c.file);
      if (c.want.empty()) {
        CHECK(got.rfind(c.file + ":", 0) == 0);
      } else {
        CHECK(got == c.want);
      }
    }
  }
}

TEST_CASE("YAML alias expansion is bounded") {
  // 100 terms x 100 expressions x 100 values of a 1 KiB string: a 1 GB expansion from a small file.
  std::string yaml = "big: &s " + std::string(1024, 'x') + "\n";
  yaml += "v: &v [" ;
  for (int i = 0; i < 100; ++i) yaml += i ? ", *s" : "*s";
  yaml += "]\ne: &e {key: k, operator: In, values: *v}\nes: &es [";
  for (int i = 0; i < 100; ++i) yaml += i ? ", *e" : "*e";
  yaml += "]\nt: &t {matchExpressions: *es}\nts: &ts [";
  for (int i = 0; i < 100; ++i) yaml += i ? ", *t" : "*t";
  yaml += "]\n";
  std::string doc = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nx-anchors:\n";
  std::istringstream lines(yaml);
  for (std::string line; std::getline(lines, line);) doc += "  " + line + "\n";
  doc += "spec:\n  containers: [{name: c}]\n  affinity:\n    nodeAffinity:\n"
         "      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms: *ts\n";
  std::string got = load_error(doc);
  CHECK(got.ends_with(": document contains excessive aliasing"));
}

TEST_CASE("an object given twice is an error naming both places") {
  std::string node = "apiVersion: v1\nkind: Node\nmetadata:\n  name: a\n";
  std::string got = load_error(node + "---\n" + node, "twice.yaml");
  CHECK(got == "Node \"a\" is given twice: twice.yaml document 1 and twice.yaml document 2");
  // The same name in two namespaces is two objects.
  load_ok("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: a}\nspec: {containers: [{name: c, image: i}]}\n---\n"
          "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: b}\nspec: {containers: [{name: c, image: i}]}\n");
}

TEST_CASE("pod-level resources: requests default to limits and to the containers' hugepages") {
  ClusterState s = load_ok(R"(apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  resources:
    limits: {cpu: "2", memory: 1Gi}
    requests: {memory: 512Mi}
  containers:
  - name: c
    image: i
    resources:
      limits: {memory: 64Mi, hugepages-2Mi: 4Mi}
)");
  const ResourceRequirements& r = *s.pods[0].spec.resources;
  CHECK(r.requests->find("cpu")->milli_value() == 2000);
  CHECK(r.requests->find("memory")->value() == 512 * 1024 * 1024);
  CHECK(r.limits->find("hugepages-2Mi")->value() == 4 * 1024 * 1024);
  CHECK(r.requests->find("hugepages-2Mi")->value() == 4 * 1024 * 1024);
}

TEST_CASE("an image volume: its reference and pull policy") {
  ClusterState s = load_ok(R"(apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: busybox}]
  volumes:
  - name: data
    image: {reference: "quay.io/data:v1", pullPolicy: IfNotPresent}
  - name: tools
    image: {reference: quay.io/tools}
)");
  const auto& volumes = s.pods[0].spec.volumes;
  REQUIRE(volumes.size() == 2);
  CHECK(volumes[0].source.type == "image");
  CHECK(volumes[0].source.image_reference == "quay.io/data:v1");
  CHECK(volumes[0].source.image_pull_policy == "IfNotPresent");
  CHECK(volumes[1].source.image_reference == "quay.io/tools");
  CHECK(volumes[1].source.image_pull_policy.empty());
  // A workload's pod template may leave the reference to a controller.
  load_ok(R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: d}
spec:
  selector: {matchLabels: {app: d}}
  template:
    metadata: {labels: {app: d}}
    spec:
      containers: [{name: c}]
      volumes: [{name: data, image: {pullPolicy: Always}}]
)");
}

TEST_CASE("a namespace is labelled with its own name") {
  ClusterState s = load_ok("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n");
  CHECK(*s.namespaces[0].metadata.labels.find("kubernetes.io/metadata.name") == "team-a");
}

TEST_CASE("an unbound claim without a class gets the default StorageClass, the newest default winning") {
  ClusterState s = load_ok(R"(apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: old-default
  creationTimestamp: "2025-01-01T00:00:00Z"
  annotations: {storageclass.kubernetes.io/is-default-class: "true"}
provisioner: ebs.csi.aws.com
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: gp3
  creationTimestamp: "2026-01-01T00:00:00Z"
  annotations: {storageclass.kubernetes.io/is-default-class: "true"}
provisioner: ebs.csi.aws.com
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data, namespace: shop}
spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: explicit, namespace: shop}
spec: {storageClassName: "", accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: bound, namespace: shop}
spec: {volumeName: pv-1, accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
)");
  REQUIRE(s.persistent_volume_claims.size() == 3);
  CHECK(s.persistent_volume_claims[0].spec.storage_class_name == std::optional<std::string>("gp3"));
  CHECK(s.persistent_volume_claims[1].spec.storage_class_name == std::optional<std::string>(""));
  CHECK_FALSE(s.persistent_volume_claims[2].spec.storage_class_name.has_value());
}

TEST_CASE("a PersistentVolume without status is what the PV controller makes of it") {
  const std::string pv = "apiVersion: v1\nkind: PersistentVolume\nmetadata:\n  name: {}\nspec:\n"
                         "  capacity: {{storage: 1Gi}}\n  accessModes: [ReadWriteOnce]\n";
  ClusterState s = load_ok(fmt::format(fmt::runtime(pv), "free") + "---\n" +
                           fmt::format(fmt::runtime(pv), "claimed") + "  claimRef: {namespace: shop, name: data}\n" +
                           "---\n" + fmt::format(fmt::runtime(pv), "released") + "status: {phase: Released}\n");
  REQUIRE(s.persistent_volumes.size() == 3);
  CHECK(s.persistent_volumes[0].phase == "Available");  // unclaimed: Available after the first sync
  CHECK(s.persistent_volumes[1].phase == "Pending");    // pre-bound: the controller binds it to its claim
  CHECK(s.persistent_volumes[2].phase == "Released");   // a written phase is kept
}

TEST_CASE("a ResourceQuota: hard, scopes, scope selector and status; unknown fields refused as the API server refuses them") {
  ClusterState s = load_ok(
      "apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: compute, namespace: shop}\nspec:\n"
      "  hard: {requests.cpu: \"4\", count/pods: \"10\"}\n  scopes: [NotTerminating]\n"
      "  scopeSelector:\n    matchExpressions:\n    - {scopeName: PriorityClass, operator: NotIn, values: [low, batch]}\n"
      "status:\n  hard: {requests.cpu: \"4\"}\n  used: {requests.cpu: 1500m}\n");
  REQUIRE(s.resource_quotas.size() == 1);
  const ResourceQuota& q = s.resource_quotas[0];
  CHECK(q.metadata.namespace_ == "shop");
  CHECK(q.spec_hard.find("count/pods")->to_string() == "10");
  CHECK(q.scopes == std::vector<std::string>{"NotTerminating"});
  REQUIRE(q.scope_selector);
  REQUIRE(q.scope_selector->size() == 1);
  CHECK((*q.scope_selector)[0].scope_name == "PriorityClass");
  CHECK((*q.scope_selector)[0].operator_ == "NotIn");
  CHECK((*q.scope_selector)[0].values == std::vector<std::string>{"low", "batch"});
  CHECK(q.status_hard.find("requests.cpu")->to_string() == "4");
  CHECK(q.status_used.find("requests.cpu")->to_string() == "1500m");
  CHECK(load_error("apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: q}\nspec:\n  hard: {pods: \"1\"}\n  scope: [BestEffort]\n") ==
        "bad.yaml: document 1 (ResourceQuota q), line 6: strict decoding error: unknown field \"spec.scope\"");
  CHECK(load_error("apiVersion: v2\nkind: ResourceQuota\nmetadata: {name: q}\n") ==
        "bad.yaml: document 1 (ResourceQuota q), line 1: no matches for kind \"ResourceQuota\" in version \"v2\"");
}

TEST_CASE("a pod's status.resourceClaimStatuses: the generated claim's name, or none when no claim was needed") {
  auto statuses = [](const char* text, const char* name) {
    ClusterState state;
    auto err = load_cluster_state_text(text, name, state);
    INFO((err ? err->message : std::string("ok")));
    REQUIRE_FALSE(err.has_value());
    REQUIRE(state.pods.size() == 1);
    return state.pods[0].status.resource_claim_statuses;
  };
  const char* yaml =
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ml, uid: 3f6a1f2e-0000-4000-8000-000000000001}\nspec:\n"
      "  resourceClaims: [{name: gpu, resourceClaimTemplateName: gpu}, {name: nic, resourceClaimTemplateName: nic},"
      " {name: fpga, resourceClaimTemplateName: fpga}]\n"
      "  containers: [{name: c, image: i}]\nstatus:\n"
      "  resourceClaimStatuses:\n  - {name: gpu, resourceClaimName: p-gpu-x7k2q}\n  - {name: nic}\n"
      "  - {name: fpga, resourceClaimName: null}\n";
  const char* json =
      R"({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "ml", "uid": "3f6a1f2e-0000-4000-8000-000000000001"},
          "spec": {"resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "gpu"}, {"name": "nic", "resourceClaimTemplateName": "nic"},
                                      {"name": "fpga", "resourceClaimTemplateName": "fpga"}],
                   "containers": [{"name": "c", "image": "i"}]},
          "status": {"resourceClaimStatuses": [{"name": "gpu", "resourceClaimName": "p-gpu-x7k2q"}, {"name": "nic"},
                                               {"name": "fpga", "resourceClaimName": null}]}})";
  for (const char* text : {yaml, json}) {
    auto got = statuses(text, text == yaml ? "pod.yaml" : "pod.json");
    REQUIRE(got.size() == 3);
    CHECK(got[0].name == "gpu");
    CHECK(got[0].resource_claim_name == std::optional<std::string>("p-gpu-x7k2q"));
    CHECK(got[1].name == "nic");
    CHECK_FALSE(got[1].resource_claim_name.has_value());
    CHECK(got[2].name == "fpga");
    CHECK_FALSE(got[2].resource_claim_name.has_value());
  }
}

TEST_CASE("Loader: the kinds an input holds whole") {
  using Kinds = std::set<std::string>;
  SUBCASE("a typed List, empty or not, in YAML and JSON") {
    CHECK(load_ok("apiVersion: resource.k8s.io/v1\nkind: ResourceClaimList\nitems: []\n").listed_kinds ==
          Kinds{"ResourceClaim"});
    CHECK(load_ok(R"({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplateList", "items": []})")
              .listed_kinds == Kinds{"ResourceClaimTemplate"});
    CHECK(load_ok(R"({"apiVersion": "v1", "kind": "NodeList", "items": [{"metadata": {"name": "a"}}]})").listed_kinds ==
          Kinds{"Node"});
  }
  SUBCASE("a List, or documents, say nothing of the kinds they do not hold") {
    CHECK(load_ok(R"({"apiVersion": "v1", "kind": "List", "items": []})").listed_kinds.empty());
    CHECK(load_ok(kNodeYaml).listed_kinds.empty());
  }
  const std::string node = R"({"apiVersion": "v1", "kind": "Node", "metadata": {"name": "a"}})";
  const std::string slice =
      R"({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": "a-gpu"},
          "spec": {"driver": "gpu.example.com", "nodeName": "a", "pool": {"name": "a", "resourceSliceCount": 1},
                   "devices": [{"name": "gpu-0"}]}})";
  const std::string device_class =
      R"({"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "gpu"}})";
  SUBCASE("a dump of Nodes, ResourceSlices and DeviceClasses holds the claims and templates too") {
    const std::string dump =
        fmt::format(R"({{"apiVersion": "v1", "kind": "List", "items": [{}, {}, {}]}})", node, slice, device_class);
    CHECK(load_ok(dump).listed_kinds == Kinds{"ResourceClaim", "ResourceClaimTemplate"});
  }
  SUBCASE("the same objects in separate documents or Lists do not") {
    CHECK(load_ok(node + "\n" + slice + "\n" + device_class).listed_kinds.empty());
    const std::string lists = fmt::format(R"({{"apiVersion": "v1", "kind": "List", "items": [{}, {}]}}
{{"apiVersion": "v1", "kind": "List", "items": [{}]}})",
                                          node, slice, device_class);
    CHECK(load_ok(lists).listed_kinds.empty());
  }
}
