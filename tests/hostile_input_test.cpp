// Hostile and broken input: every limit triggers with its message, kubectl's field validation,
// and the inputs the fuzzers found problems with.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "load/input.h"
#include "load/json_reader.h"
#include "load/yaml_reader.h"
#include "load_test_support.h"
#include "podfit/load/loader.h"
#include "podfit/model/node_affinity.h"
#include "podfit/model/quantity.h"

using namespace podfit;

namespace {

std::string cluster_error(std::string_view text, std::string name, const LoadOptions& options = {}) {
  ClusterState state;
  auto err = load_cluster_state_text(text, name, state, options);
  REQUIRE(err.has_value());
  return err->message;
}

ClusterState cluster_ok(std::string_view text, const LoadOptions& options = {}) {
  return testing::load_cluster_ok(text, options, "ok.yaml");
}

// --validate=warn, its warnings kept in `warnings`.
LoadOptions warn_options(std::vector<std::string>& warnings) {
  LoadOptions options;
  options.validation = FieldValidation::Warn;
  options.warnings = &warnings;
  return options;
}

std::string node_yaml(std::string_view name) {
  return fmt::format("apiVersion: v1\nkind: Node\nmetadata:\n  name: {}\n", name);
}

// Runs a reader directly, with limits of its own; returns the error or "".
template <class Read>
std::string read_error(Read read, std::string_view text, const ReadLimits& limits) {
  auto input = open_text_input(text, "t");
  try {
    read(*input, limits, [](const Value&, const ObjectContext&) {});
  } catch (const DecodeError& e) {
    return fmt::format("document {}, line {}: {}", e.document, e.line, e.message);
  }
  return "";
}

}  // namespace

TEST_CASE("the number of objects is bounded, over all files, and the bound can be raised") {
  std::string three = node_yaml("a") + "---\n" + node_yaml("b") + "---\n" + node_yaml("c");
  LoadOptions options;
  options.max_objects = 2;
  CHECK(cluster_error(three, "nodes.yaml", options) ==
        "nodes.yaml: document 3, line 11: more than 2 objects: raise the limit with --max-objects");
  // List items count one by one.
  std::string list = R"({"kind":"NodeList","apiVersion":"v1","items":[{"metadata":{"name":"a"}},)"
                     R"({"metadata":{"name":"b"}},{"metadata":{"name":"c"}}]})";
  CHECK(cluster_error(list, "nodes.json", options) ==
        "nodes.json: document 1, items[2], line 1: more than 2 objects: raise the limit with --max-objects");
  options.max_objects = 3;
  CHECK(cluster_ok(three, options).nodes.size() == 3);
}

TEST_CASE("one object's size is bounded, in JSON and YAML, Lists and plain objects alike") {
  LoadOptions options;
  options.max_object_bytes = 200;
  std::string labels;
  for (int i = 0; i < 20; ++i) labels += fmt::format("    label-{}: value-{}\n", i, i);
  std::string big_yaml = node_yaml("big") + "  labels:\n" + labels;
  CHECK(cluster_error(big_yaml, "big.yaml", options) ==
        "big.yaml: document 1, line 1: object larger than 200 bytes: raise the limit with --max-object-bytes");
  // Each List item is measured on its own: small items in a large List are fine.
  std::string items;
  for (int i = 0; i < 50; ++i) items += fmt::format("- metadata: {{name: node-{}}}\n", i);
  CHECK(cluster_ok("apiVersion: v1\nkind: NodeList\nitems:\n" + items, options).nodes.size() == 50);
  std::string big_item = "apiVersion: v1\nkind: NodeList\nitems:\n- metadata: {name: a}\n- metadata:\n    name: b\n"
                         "    labels:\n" + labels;
  CHECK(cluster_error(big_item, "list.yaml", options) ==
        "list.yaml: document 1, line 5: object larger than 200 bytes: raise the limit with --max-object-bytes");
  // JSON: a long string is measured as it is scanned, not after it was read whole.
  std::string big_json = R"({"apiVersion":"v1","kind":"Node","metadata":{"name":")" + std::string(1000, 'x') + "\"}}";
  CHECK(cluster_error(big_json, "big.json", options) ==
        "big.json: document 1, line 1: object larger than 200 bytes: raise the limit with --max-object-bytes");
  std::string big_number = R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"n"},"x":)" + std::string(1000, '1') + "}";
  CHECK(cluster_error(big_number, "big.json", options) ==
        "big.json: document 1, line 1: object larger than 200 bytes: raise the limit with --max-object-bytes");
  std::string json_list = R"({"kind":"List","apiVersion":"v1","items":[)" + std::string(R"({"apiVersion":"v1","kind":"Node",)") +
                          R"("metadata":{"name":")" + std::string(300, 'n') + "\"}}]}";
  CHECK(cluster_error(json_list, "list.json", options) ==
        "list.json: document 1, line 1: object larger than 200 bytes: raise the limit with --max-object-bytes");
}

TEST_CASE("a List larger than the object size limit is fine, its keys after the items included") {
  // kubectl prints apiVersion, items, kind, metadata: the List's last keys come after all items.
  LoadOptions options;
  options.max_object_bytes = 200;
  std::string json = R"({"apiVersion":"v1","items":[)";
  for (int i = 0; i < 50; ++i) json += fmt::format(R"({}{{"apiVersion":"v1","kind":"Node","metadata":{{"name":"n{}"}}}})", i ? "," : "", i);
  json += R"(],"kind":"List","metadata":{"resourceVersion":""}})";
  CHECK(cluster_ok(json, options).nodes.size() == 50);
  std::string yaml = "apiVersion: v1\nitems:\n";
  for (int i = 0; i < 50; ++i) yaml += fmt::format("- apiVersion: v1\n  kind: Node\n  metadata:\n    name: n{}\n", i);
  yaml += "kind: List\nmetadata:\n  resourceVersion: \"\"\n";
  CHECK(cluster_ok(yaml, options).nodes.size() == 50);
}

TEST_CASE("nesting depth is bounded in both encodings") {
  std::string json = R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"n","labels":)" + std::string(300, '[') +
                     std::string(300, ']') + "}}";
  CHECK(cluster_error(json, "deep.json") == "deep.json: document 1, line 1: nesting deeper than 256 levels");
  std::string yaml = node_yaml("n") + "  labels: " + std::string(300, '[') + std::string(300, ']') + "\n";
  CHECK(cluster_error(yaml, "deep.yaml") == "deep.yaml: document 1, line 5: nesting deeper than 256 levels");
}

TEST_CASE("the number of documents in one file is bounded") {
  ReadLimits limits;
  limits.max_documents = 3;
  std::string yaml = "---\n---\n---\n---\n";
  CHECK(read_error(read_yaml_stream, yaml, limits) == "document 4, line 4: more than 3 documents in one file");
  std::string json = "{} {} {} {}";
  CHECK(read_error(read_json_stream, json, limits) == "document 4, line 1: more than 3 documents in one file");
  limits.max_documents = 4;
  CHECK(read_error(read_yaml_stream, yaml, limits).empty());
}

TEST_CASE("YAML alias expansion is bounded as go-yaml bounds it, and ordinary aliases are fine") {
  // 100 terms x 100 expressions x 100 values from a 3 KB file: a billion laughs in small.
  std::string bomb = "apiVersion: v1\nkind: Pod\nmetadata: {name: bomb}\nspec:\n  containers: [{name: c}]\n"
                     "  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
                     "        nodeSelectorTerms:\n        - &t\n          matchExpressions:\n          - &e\n"
                     "            key: disktype\n            operator: In\n            values: [&s ssd";
  for (int i = 0; i < 99; ++i) bomb += ", *s";
  bomb += "]\n";
  for (int i = 0; i < 99; ++i) bomb += "          - *e\n";
  for (int i = 0; i < 99; ++i) bomb += "        - *t\n";
  std::string got = cluster_error(bomb, "bomb.yaml");
  CHECK(got.starts_with("bomb.yaml: document 1, line "));
  CHECK(got.ends_with(": document contains excessive aliasing"));
  // Aliases that only save typing are accepted.
  std::string merge = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: &l {app: web, tier: front}\n"
                      "  annotations:\n    <<: *l\nspec:\n  containers:\n  - &c {name: a, image: nginx}\n"
                      "  - <<: *c\n    name: b\n";
  CHECK(cluster_ok(merge).pods[0].spec.containers.size() == 2);
}

TEST_CASE("an anchor in one List item expanded by every other item is bounded over the whole List") {
  // Each item alone stays under the expansion rule; together they would not.
  std::string list = "apiVersion: v1\nkind: NodeList\nitems:\n- metadata:\n    name: n0\n    labels: &l {";
  for (int i = 0; i < 200; ++i) list += fmt::format("{}k{}: v", i ? ", " : "", i);
  list += "}\n";
  for (int i = 1; i < 2000; ++i) list += fmt::format("- metadata: {{name: n{}, labels: *l}}\n", i);
  std::string got = cluster_error(list, "list.yaml");
  CHECK(got.starts_with("list.yaml: document 1, line "));
  CHECK(got.find(": items[") != std::string::npos);
  CHECK(got.ends_with(": document contains excessive aliasing"));
}

TEST_CASE("the bytes YAML aliases repeat count against the object size limit") {
  // Few aliases, far under go-yaml's ratio, each repeating a long string.
  std::string doc = "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n  annotations:\n    a: &s " +
                    std::string(100, 'x') + "\n";
  for (int i = 0; i < 5; ++i) doc += fmt::format("    b{}: *s\n", i);
  LoadOptions options;
  options.max_object_bytes = 400;
  CHECK(cluster_error(doc, "n.yaml", options) ==
        "n.yaml: document 1, line 6: object larger than 400 bytes once its YAML aliases are expanded: raise the "
        "limit with --max-object-bytes");
  options.max_object_bytes = 1000;
  CHECK(cluster_ok(doc, options).nodes.size() == 1);
}

TEST_CASE("huge numbers are errors or exact values, never a crash or a hang") {
  struct Case {
    const char* name;
    std::string input;
    std::string want;
  };
  const std::string pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: i\n";
  const Case cases[] = {
      {"port beyond int64", pod + "    ports: [{containerPort: 99999999999999999999999}]\n",
       "bad.yaml: document 1 (Pod p), line 8: spec.containers[0].ports[0].containerPort: number is out of "
       "range for a 64-bit integer"},
      {"port beyond int32", pod + "    ports: [{containerPort: 4294967376}]\n",
       "bad.yaml: document 1 (Pod p), line 8: spec.containers[0].ports[0].containerPort: 4294967376 is out of "
       "range for a 32-bit integer"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) { CHECK(cluster_error(c.input, "bad.yaml") == c.want); }
  }
  SUBCASE("quantity exponent beyond int32") {
    // apimachinery parses the exponent as int64 and truncates it to int32: 99999999999 becomes
    // 1215752191, a valid (decimal, so uncapped) quantity that prints without expanding.
    ClusterState s = cluster_ok(pod + "    resources: {requests: {cpu: 1e99999999999}}\n");
    auto parsed = Quantity::parse("1e99999999999");
    REQUIRE(parsed.has_value());
    CHECK(parsed->compare(*Quantity::parse("9223372036854775807")) > 0);
    CHECK(parsed->to_string() == "10e1215752190");
    CHECK(s.pods.size() == 1);
  }
}

TEST_CASE("--validate: unknown fields are an error (strict), a warning each (warn) or dropped (ignore)") {
  const std::string pod = R"(apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
  labels: {app: web}
spec:
  containers:
  - name: web
    image: nginx
    imagePullPolice: Always
    livenessProbe:
      httpGet: {path: /, port: 80, sheme: HTTP}
  nodeSelecter: {disktype: ssd}
status:
  phaze: Pending
)";
  std::string got = cluster_error(pod, "pod.yaml");
  CHECK(got == "pod.yaml: document 1 (Pod shop/web), line 11: strict decoding error: unknown field "
               "\"spec.containers[0].imagePullPolice\", unknown field \"spec.containers[0].livenessProbe.httpGet.sheme\", "
               "unknown field \"spec.nodeSelecter\", unknown field \"status.phaze\"");

  std::vector<std::string> warnings;
  const LoadOptions warn = warn_options(warnings);
  ClusterState s = cluster_ok(pod, warn);
  CHECK(s.pods.size() == 1);
  CHECK(warnings == std::vector<std::string>{
                        "ok.yaml: document 1 (Pod shop/web), line 11: unknown field \"spec.containers[0].imagePullPolice\"",
                        "ok.yaml: document 1 (Pod shop/web), line 13: unknown field "
                        "\"spec.containers[0].livenessProbe.httpGet.sheme\"",
                        "ok.yaml: document 1 (Pod shop/web), line 14: unknown field \"spec.nodeSelecter\"",
                        "ok.yaml: document 1 (Pod shop/web), line 16: unknown field \"status.phaze\""});

  LoadOptions ignore;
  ignore.validation = FieldValidation::Ignore;
  CHECK(cluster_ok(pod, ignore).pods.size() == 1);
}

TEST_CASE("--validate knows every field of the kinds podfit decodes, also those it does not read") {
  // Fields podfit never reads, from every corner of the schemas, in kubectl get -o json dumps.
  const std::string objects = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"a",
  "resourceVersion":"1","generation":2,"finalizers":["f"],"managedFields":[{"manager":"kubectl","operation":"Apply",
  "apiVersion":"v1","time":"2026-01-01T00:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"anything":{}}}}]},
  "spec":{"containers":[{"name":"c","image":"i","env":[{"name":"A","valueFrom":{"secretKeyRef":{"name":"s","key":"k"}}}],
  "securityContext":{"capabilities":{"add":["NET_ADMIN"]},"seccompProfile":{"type":"RuntimeDefault"}},
  "lifecycle":{"preStop":{"sleep":{"seconds":5}}},"startupProbe":{"grpc":{"port":9090}}}],
  "dnsConfig":{"options":[{"name":"ndots","value":"2"}]},"hostAliases":[{"ip":"10.0.0.1","hostnames":["a"]}],
  "volumes":[{"name":"v","projected":{"sources":[{"serviceAccountToken":{"path":"t","expirationSeconds":3600}}]}}]},
  "status":{"phase":"Running","podIPs":[{"ip":"10.1.0.1"}],"qosClass":"Burstable",
  "containerStatuses":[{"name":"c","ready":true,"restartCount":0,"image":"i","imageID":"x","started":true,
  "state":{"running":{"startedAt":"2026-01-01T00:00:00Z"}},"lastState":{}}]}}
{"apiVersion":"v1","kind":"Node","metadata":{"name":"n"},"spec":{"podCIDRs":["10.0.0.0/24"],
  "configSource":{"configMap":{"name":"c","namespace":"kube-system","kubeletConfigKey":"k"}}},
  "status":{"nodeInfo":{"kubeletVersion":"v1.37.0","machineID":"m","containerRuntimeVersion":"c"},
  "daemonEndpoints":{"kubeletEndpoint":{"Port":10250}},"addresses":[{"type":"InternalIP","address":"10.0.0.2"}],
  "runtimeHandlers":[{"name":"runc","features":{"recursiveReadOnlyMounts":true}}]}}
{"apiVersion":"storage.k8s.io/v1","kind":"StorageClass","metadata":{"name":"sc"},"provisioner":"p",
  "mountOptions":["ro"],"allowedTopologies":[{"matchLabelExpressions":[{"key":"zone","values":["a"]}]}]}
{"apiVersion":"v1","kind":"PersistentVolume","metadata":{"name":"pv"},"spec":{"capacity":{"storage":"1Gi"},"accessModes":["ReadWriteOnce"],
  "csi":{"driver":"d","volumeHandle":"h","fsType":"ext4","nodePublishSecretRef":{"name":"s","namespace":"n"}}}}
)";
  ClusterState s = cluster_ok(objects);
  CHECK(s.pods.size() == 1);
  CHECK(s.nodes.size() == 1);
}

TEST_CASE("--validate checks only the kinds podfit decodes") {
  // A Deployment in the cluster state is counted, not decoded: its fields are not checked.
  ClusterState s = cluster_ok("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: {replicaz: 3}\n"
                              "---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nanything: 1\n");
  CHECK(s.skipped_kinds.at("Deployment") == 1);
  CHECK(s.skipped_kinds.at("Widget") == 1);
}

TEST_CASE("a built-in kind in the wrong case is refused, not skipped") {
  CHECK(cluster_error("apiVersion: v1\nkind: node\nmetadata:\n  name: n1\n", "c.yaml")
            .ends_with("line 1: no matches for kind \"node\" in version \"v1\" (did you mean Node?)"));
  CHECK(cluster_error("apiVersion: apps/v1\nkind: deployment\nmetadata:\n  name: d\n", "c.yaml")
            .ends_with("line 1: no matches for kind \"deployment\" in version \"apps/v1\" (did you mean Deployment?)"));
  // Another group's kind of that name (a custom resource) is not a typo of the built-in one.
  ClusterState state = cluster_ok("apiVersion: example.com/v1\nkind: node\nmetadata:\n  name: n1\n");
  CHECK(state.skipped_kinds.at("node") == 1);
}

TEST_CASE("a node selector term with 20,000 expressions is compiled with one sort, and matches as written") {
  std::string yaml = "apiVersion: v1\nkind: PersistentVolume\nmetadata:\n  name: pv\nspec:\n  capacity:\n    storage: 1Gi\n"
                     "  accessModes: [ReadWriteOnce]\n  nodeAffinity:\n    required:\n      nodeSelectorTerms:\n"
                     "      - matchExpressions:\n";
  for (int i = 19999; i >= 0; --i) yaml += fmt::format("        - {{key: k{:05}, operator: NotIn, values: [v]}}\n", i);
  ClusterState state = cluster_ok(yaml);
  REQUIRE(state.persistent_volumes.size() == 1);
  const NodeSelector& selector = *state.persistent_volumes[0].node_affinity;
  CHECK(selector.node_selector_terms[0].match_expressions.size() == 20000);
  Node free_node, labelled_node;
  labelled_node.metadata.labels.set("k12345", "v");
  CHECK(match_node_selector_terms(free_node, selector));
  CHECK_FALSE(match_node_selector_terms(labelled_node, selector));
}

TEST_CASE("JSON line numbers stay right deep into a long one-line array and across lines") {
  // The error is in the last element: its line is found by scanning on, not from the start.
  std::string json = "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [";
  for (int i = 0; i < 3000; ++i) json += fmt::format("{}{{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{{\"name\":\"n{}\"}}}}", i ? "," : "", i);
  json += ",\n\n{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"bad\"},\"status\":{\"allocatable\":"
          "{\"cpu\":\"1.2.3\"}}}]}";
  const std::string error = cluster_error(json, "c.json");
  CHECK(error.starts_with("c.json: document 1, items[3000] (Node bad), line 3: status.allocatable.cpu: "));
}

TEST_CASE("a mapping key over YAML's 1024-character limit is named as the likely cause") {
  const std::string yaml = "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n  labels:\n    " + std::string(2000, 'k') + ": v\n";
  CHECK(cluster_error(yaml, "c.yaml") ==
        "c.yaml: document 1, line 6: mapping values are not allowed in this context (is a mapping key longer than "
        "1024 characters? YAML limits a key on one line to 1024)");
}

TEST_CASE("objects the API server refuses are refused, not read: a negative overhead cannot cancel requests") {
  const std::string pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\nspec:\n"
                          "  overhead: {cpu: '-2'}\n  containers: [{name: c, image: i, resources: {requests: {cpu: '1'}}}]\n";
  CHECK(cluster_error(pod, "c.yaml").find("spec.overhead.limits[cpu]: Invalid value: \"-2\": must be greater than or "
                                          "equal to 0") != std::string::npos);
}

TEST_CASE("directories: link loops and dangling links are named, never followed into a loop") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / fmt::format("podfit-links-{}", ::getpid());
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  {
    std::ofstream(dir / "nodes.yaml") << node_yaml("n1");
  }
  fs::create_symlink("self", dir / "self");          // a loop without a manifest's name: a warning
  fs::create_directory_symlink("..", dir / "sub" / "up");  // a link to a directory: not followed
  std::vector<std::string> warnings;
  LoadOptions options;
  options.recursive = true;
  options.warnings = &warnings;
  ClusterState state;
  auto err = load_cluster_state({dir.string()}, options, state);
  CHECK_FALSE(err.has_value());
  CHECK(state.nodes.size() == 1);
  REQUIRE(warnings.size() == 2);
  CHECK(warnings[0].ends_with("self: skipped: a symbolic link that cannot be followed (Too many levels of symbolic links)"));
  CHECK(warnings[1].ends_with("up: skipped: a symbolic link to a directory is not followed"));
  // A loop with a manifest's name is an error naming it, as kubectl fails to open it.
  fs::create_symlink("b.yaml", dir / "a.yaml");
  fs::create_symlink("a.yaml", dir / "b.yaml");
  ClusterState again;
  err = load_cluster_state({dir.string()}, options, again);
  REQUIRE(err.has_value());
  CHECK(err->message == (dir / "a.yaml").string() + ": cannot open: Too many levels of symbolic links");
  fs::remove_all(dir);
}

TEST_CASE("blank lines before the first object, however many, are no empty file") {
  const std::string doc = std::string(5000, ' ') + "\n" + std::string(9000, '\n') + node_yaml("blank-before");
  const ClusterState state = cluster_ok(doc);
  REQUIRE(state.nodes.size() == 1);
  // Lines still count from the top.
  CHECK(cluster_error(std::string(9000, '\n') + "apiVersion: v1\nkind: Node\nmetadata: {name: a, labels: {k: true}}\n",
                      "c.yaml") ==
        "c.yaml: document 1 (Node a), line 9003: metadata.labels.k: expected a string, got a boolean");
  CHECK(cluster_error(std::string(10000, ' ') + "\n\t\n", "c.yaml") == "c.yaml: the file is empty");
  const std::string json = std::string(5000, '\n') + R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"j"}})";
  CHECK(cluster_ok(json).nodes.size() == 1);
}

TEST_CASE("a List of Lists is read as kubectl flattens it; items that are no array are refused") {
  const std::string nested = R"({"apiVersion":"v1","kind":"List","items":[
    {"apiVersion":"v1","kind":"NodeList","items":[{"apiVersion":"v1","kind":"Node","metadata":{"name":"a"}},
                                                 {"metadata":{"name":"b"}}]},
    {"apiVersion":"v1","kind":"PodList","items":[{"metadata":{"name":"p","namespace":"default"},
                                                "spec":{"nodeName":"a","containers":[{"name":"c","image":"i"}]}}]}]})";
  const ClusterState state = cluster_ok(nested);
  CHECK(state.nodes.size() == 2);
  CHECK(state.pods.size() == 1);
  CHECK(state.skipped_kinds.empty());
  // The typed Lists inside say the input holds every Node and every Pod.
  CHECK(state.listed_kinds.contains("Node"));
  CHECK(state.listed_kinds.contains("Pod"));
  CHECK(cluster_error(R"({"apiVersion":"v1","kind":"List","items":{"a":1}})", "l.json") ==
        "l.json: document 1, line 1: items: expected an array");
  CHECK(cluster_error("apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: NodeList\n  items: oops\n", "l.yaml") ==
        "l.yaml: document 1, items[0], line 6: items: expected an array");
}

TEST_CASE("a lone surrogate escape in JSON reads as U+FFFD, as Go's decoder reads it") {
  const ClusterState state = cluster_ok(
      R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"s","annotations":{"a":"x\ud800y","b":"\udc00","c":"\ud83d\ude00"}}})");
  REQUIRE(state.nodes.size() == 1);
  CHECK(*state.nodes[0].metadata.annotations.find("a") == "x\xEF\xBF\xBDy");
  CHECK(*state.nodes[0].metadata.annotations.find("b") == "\xEF\xBF\xBD");
  CHECK(*state.nodes[0].metadata.annotations.find("c") == "\xF0\x9F\x98\x80");
}

TEST_CASE("metav1.Time values are parsed as the API server parses them and compared as instants") {
  auto meta_time = [](const std::string& value) {
    return "apiVersion: v1\nkind: Node\nmetadata:\n  name: t\n  creationTimestamp: " + value + "\n";
  };
  const std::string layout = "\"2006-01-02T15:04:05Z07:00\"";
  CHECK(cluster_error(meta_time("yesterday"), "t.yaml") ==
        "t.yaml: document 1 (Node t), line 5: metadata.creationTimestamp: parsing time \"yesterday\" as " + layout +
            ": cannot parse \"yesterday\" as \"2006\"");
  CHECK(cluster_error(meta_time("\"1700000000\""), "t.yaml") ==
        "t.yaml: document 1 (Node t), line 5: metadata.creationTimestamp: parsing time \"1700000000\" as " + layout +
            ": cannot parse \"000000\" as \"-\"");
  CHECK(cluster_error(meta_time("\"99999-01-01T00:00:00Z\""), "t.yaml") ==
        "t.yaml: document 1 (Node t), line 5: metadata.creationTimestamp: parsing time \"99999-01-01T00:00:00Z\" as " +
            layout + ": cannot parse \"9-01-01T00:00:00Z\" as \"-\"");
  CHECK(cluster_error(meta_time("\"2023-01-01t00:00:00z\""), "t.yaml") ==
        "t.yaml: document 1 (Node t), line 5: metadata.creationTimestamp: parsing time \"2023-01-01t00:00:00z\" as " +
            layout + ": cannot parse \"t00:00:00z\" as \"T\"");
  CHECK(cluster_error(meta_time("\"2023-02-30T00:00:00Z\""), "t.yaml") ==
        "t.yaml: document 1 (Node t), line 5: metadata.creationTimestamp: parsing time \"2023-02-30T00:00:00Z\": day out "
        "of range");
  CHECK(cluster_error(meta_time("\"2023-13-01T00:00:00Z\""), "t.yaml") ==
        "t.yaml: document 1 (Node t), line 5: metadata.creationTimestamp: parsing time \"2023-13-01T00:00:00Z\": month "
        "out of range");
  CHECK(cluster_error(meta_time("\"2023-01-01T00:00:00Zjunk\""), "t.yaml") ==
        "t.yaml: document 1 (Node t), line 5: metadata.creationTimestamp: parsing time \"2023-01-01T00:00:00Zjunk\": "
        "extra text: \"junk\"");
  // Go reads a one-digit hour and a fraction the layout does not name; the API server keeps seconds, in UTC.
  CHECK(cluster_ok(meta_time("\"2026-09-14T1:00:00.75+05:30\"")).nodes[0].metadata.creation_timestamp ==
        "2026-09-13T19:30:00Z");
  CHECK(cluster_ok(meta_time("null")).nodes[0].metadata.creation_timestamp.empty());
  // The newest default StorageClass wins, by instant: 10:00 at +05:00 is before 06:00 UTC.
  const std::string classes =
      "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: east\n  creationTimestamp: "
      "\"2026-09-14T10:00:00+05:00\"\n  annotations: {storageclass.kubernetes.io/is-default-class: \"true\"}\n"
      "provisioner: p\n---\napiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: utc\n"
      "  creationTimestamp: \"2026-09-14T06:00:00Z\"\n  annotations: {storageclass.kubernetes.io/is-default-class: "
      "\"true\"}\nprovisioner: p\n";
  const ClusterState state = cluster_ok(classes);
  REQUIRE(state.storage_classes.size() == 2);
  CHECK(state.storage_classes[0].metadata.creation_timestamp == "2026-09-14T05:00:00Z");
}

TEST_CASE("owner references are validated as the API server validates them, per release") {
  auto owned = [](const std::string& refs) {
    return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  ownerReferences:\n" + refs +
           "spec:\n  containers: [{name: c, image: i}]\n";
  };
  auto error_at = [&](const std::string& refs, int minor) {
    CandidateSet out;
    LoadOptions options;
    options.api_release = KubernetesRelease{minor};
    auto err = load_candidates_text(owned(refs), "o.yaml", out, options);
    return err ? err->message.substr(err->message.find(": ", err->message.find(", line ")) + 2) : std::string();
  };
  const std::string no_name = "  - {apiVersion: apps/v1, kind: ReplicaSet, name: \"\", uid: u1}\n";
  CHECK(error_at(no_name, 37) == "metadata.ownerReferences[0].name: Required value: must not be empty");
  CHECK(error_at(no_name, 36) == "metadata.ownerReferences.name: Invalid value: \"\": must not be empty");
  CHECK(error_at(no_name, 33) == "metadata.ownerReferences.name: Invalid value: \"\": name must not be empty");
  const std::string bad_version = "  - {apiVersion: a/b/c, kind: ReplicaSet, name: r, uid: u1}\n";
  CHECK(error_at(bad_version, 37) ==
        "metadata.ownerReferences[0].apiVersion: Invalid value: \"a/b/c\": must be <group>/<version> or <version>");
  CHECK(error_at(bad_version, 35) == "metadata.ownerReferences.apiVersion: Invalid value: \"a/b/c\": version must not be empty");
  const std::string two = "  - {apiVersion: apps/v1, kind: ReplicaSet, name: a, uid: u1, controller: true}\n"
                          "  - {apiVersion: apps/v1, kind: ReplicaSet, name: b, uid: u2, controller: true}\n";
  CHECK(error_at(two, 37) ==
        "metadata.ownerReferences: Invalid value: [{\"apiVersion\":\"apps/v1\",\"kind\":\"ReplicaSet\",\"name\":\"a\","
        "\"uid\":\"u1\",\"controller\":true},{\"apiVersion\":\"apps/v1\",\"kind\":\"ReplicaSet\",\"name\":\"b\",\"uid\":"
        "\"u2\",\"controller\":true}]: Only one reference can have Controller set to true. Found \"true\" in references "
        "for ReplicaSet/a and ReplicaSet/b");
  CHECK(error_at("  - {apiVersion: v1, kind: Event, name: e, uid: u1}\n", 37) ==
        "metadata.ownerReferences[0]: Invalid value: {\"apiVersion\":\"v1\",\"kind\":\"Event\",\"name\":\"e\",\"uid\":"
        "\"u1\"}: /v1, Kind=Event is disallowed from being an owner");
  CHECK(error_at("  - {apiVersion: v1, kind: Event, name: e, uid: u1}\n", 33) ==
        "metadata.ownerReferences: Invalid value: v1.OwnerReference{APIVersion:\"v1\", Kind:\"Event\", Name:\"e\", "
        "UID:\"u1\", Controller:(*bool)(nil), BlockOwnerDeletion:(*bool)(nil)}: /v1, Kind=Event is disallowed from "
        "being an owner");
  CHECK(error_at("  - {apiVersion: apps/v1, kind: ReplicaSet, name: a, uid: u1, controller: true}\n", 37).empty());
  // A stored object cannot lack its owners' uids: a trimmed dump is said to be one.
  const std::string trimmed = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  uid: pod-1\n  ownerReferences:\n"
                              "  - {apiVersion: apps/v1, kind: ReplicaSet, name: a, controller: true}\nspec:\n"
                              "  nodeName: n1\n  containers: [{name: c, image: i}]\n";
  CHECK(cluster_error(trimmed, "d.yaml") ==
        "d.yaml: document 1 (Pod p), line 7: metadata.ownerReferences[0].uid: Required value: must not be "
        "empty (a stored object always has it: was the input trimmed? --validate=warn reads it with a warning)");
  std::vector<std::string> warnings;
  const LoadOptions warn = warn_options(warnings);
  CHECK(cluster_ok(trimmed, warn).pods.size() == 1);
  CHECK(warnings.size() == 1);
}

TEST_CASE("a byte order mark may open any YAML document, as kubectl decodes each on its own") {
  const std::string bom = "\xEF\xBB\xBF";
  const ClusterState state = cluster_ok(bom + node_yaml("first") + "---\n" + bom + node_yaml("second") + "--- # third\n" +
                                        bom + node_yaml("third"));
  CHECK(state.nodes.size() == 3);
  // A mark split across reads is found too: the filter keeps its state between chunks.
  std::string long_doc = node_yaml("long") + "  annotations:\n    a: \"" + std::string(20000, 'x') + "\"\n---\n";
  CHECK(cluster_ok(long_doc + bom + node_yaml("after")).nodes.size() == 2);
}

TEST_CASE("a kind or apiVersion that is no string is a type error, not a missing field") {
  CHECK(cluster_error(R"({"apiVersion":"v1","kind":5,"metadata":{"name":"a"}})", "k.json") ==
        "k.json: document 1, line 1: kind: expected a string, got a number");
  CHECK(cluster_error("apiVersion: 1\nkind: Node\nmetadata: {name: a}\n", "k.yaml") ==
        "k.yaml: document 1 (Node a), line 1: apiVersion: expected a string, got a number");
}

TEST_CASE("a stored PodDisruptionBudget's counts are never negative") {
  const std::string pdb = "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: b, namespace: default}\n"
                          "spec: {maxUnavailable: 1}\nstatus:\n  disruptionsAllowed: -1\n";
  CHECK(cluster_error(pdb, "b.yaml") ==
        "b.yaml: document 1 (PodDisruptionBudget default/b), line 6: status.disruptionsAllowed: Invalid value: -1: must "
        "be greater than or equal to 0");
  const std::string expected = "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: b, namespace: default}\n"
                               "spec: {maxUnavailable: 1}\nstatus:\n  disruptionsAllowed: 0\n  expectedPods: -3\n";
  CHECK(cluster_error(expected, "b.yaml") ==
        "b.yaml: document 1 (PodDisruptionBudget default/b), line 7: status.expectedPods: Invalid value: -3: must be "
        "greater than or equal to 0");
}
