// The API server's validation of what scheduling reads: objects kube-apiserver refuses are input
// errors with its own field error, and objects it accepts load. Rows follow the cases of
// pkg/apis/core/validation/validation_test.go (and the storage and scheduling groups').
#include <doctest/doctest.h>

#include <string>

#include "podfit/load/loader.h"

using namespace podfit;

namespace {

// The field error of a manifest the loader refuses: its message without "file: document N
// (Kind name), line N: ".
std::string field_error(const std::string& text) {
  ClusterState state;
  auto err = load_cluster_state_text(text, "bad.yaml", state);
  REQUIRE(err.has_value());
  size_t line = err->message.find(", line ");
  REQUIRE(line != std::string::npos);
  size_t start = err->message.find(": ", line);
  REQUIRE(start != std::string::npos);
  return err->message.substr(start + 2);
}

int error_line(const std::string& text) {
  ClusterState state;
  auto err = load_cluster_state_text(text, "bad.yaml", state);
  REQUIRE(err.has_value());
  size_t line = err->message.find(", line ");
  REQUIRE(line != std::string::npos);
  return std::stoi(err->message.substr(line + 7));
}

void loads(const std::string& text) {
  ClusterState state;
  auto err = load_cluster_state_text(text, "ok.yaml", state);
  INFO((err ? err->message : std::string("ok")));
  CHECK_FALSE(err.has_value());
}

// A pod whose spec holds `spec` (indented by two spaces) and one container.
std::string pod(const std::string& spec) {
  return "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n" + spec + "  containers: [{name: c, image: i}]\n";
}

// A pod whose only container has `resources` (indented by six spaces).
std::string container_resources(const std::string& resources) {
  return "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: i\n"
         "    resources:\n" +
         resources;
}

std::string node(const std::string& rest) { return "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n" + rest; }

struct Row {
  const char* name;
  std::string input;
  std::string want;  // the field error; empty: the object loads
};

void run(const Row* begin, const Row* end) {
  for (const Row* r = begin; r != end; ++r) {
    SUBCASE(r->name) {
      if (r->want.empty()) {
        loads(r->input);
      } else {
        CHECK(field_error(r->input) == r->want);
      }
    }
  }
}

}  // namespace

TEST_CASE("API validation: container resources") {
  const Row rows[] = {
      {"requests and limits of cpu and memory", container_resources("      requests: {cpu: 100m, memory: 1Gi}\n"
                                                                    "      limits: {cpu: \"1\", memory: 2Gi}\n"),
       ""},
      {"request larger than limit", container_resources("      requests: {cpu: \"2\"}\n      limits: {cpu: \"1\"}\n"),
       "spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1"},
      {"negative request", container_resources("      requests: {memory: \"-1\"}\n"),
       "spec.containers[0].resources.requests[memory]: Invalid value: \"-1\": must be greater than or equal to 0"},
      {"negative limit", container_resources("      limits: {cpu: \"-10m\"}\n"),
       "spec.containers[0].resources.limits[cpu]: Invalid value: \"-10m\": must be greater than or equal to 0"},
      {"whole extended resource, request equal to limit",
       container_resources("      requests: {example.com/gpu: \"2\"}\n      limits: {example.com/gpu: \"2\"}\n"), ""},
      {"extended resource given as a limit only", container_resources("      limits: {example.com/gpu: \"1\"}\n"), ""},
      {"fractional extended resource",
       container_resources("      requests: {example.com/gpu: 500m}\n      limits: {example.com/gpu: 500m}\n"),
       "spec.containers[0].resources.limits[example.com/gpu]: Invalid value: \"500m\": must be an integer"},
      {"fractional extended resource request",
       container_resources("      requests: {example.com/gpu: 1500m}\n      limits: {example.com/gpu: \"2\"}\n"),
       "spec.containers[0].resources.requests[example.com/gpu]: Invalid value: \"1500m\": must be an integer"},
      {"extended resource request below its limit",
       container_resources("      requests: {example.com/gpu: \"1\"}\n      limits: {example.com/gpu: \"2\"}\n"),
       "spec.containers[0].resources.requests: Invalid value: \"1\": must be equal to example.com/gpu limit of 2"},
      {"extended resource request without a limit", container_resources("      requests: {example.com/gpu: \"1\"}\n"),
       "spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources"},
      {"unqualified non-standard name", container_resources("      requests: {gpu: \"1\"}\n"),
       "spec.containers[0].resources.requests[gpu]: Invalid value: \"gpu\": must be a standard resource type or fully "
       "qualified"},
      {"standard resource not for containers", container_resources("      requests: {pods: \"1\"}\n"),
       "spec.containers[0].resources.requests[pods]: Invalid value: \"pods\": must be a standard resource for containers"},
      {"kubernetes.io resource", container_resources("      requests: {kubernetes.io/something: \"1\"}\n"), ""},
      {"invalid resource name", container_resources("      requests: {\"example.com/a b\": \"1\"}\n"),
       "spec.containers[0].resources.requests[example.com/a b]: Invalid value: \"example.com/a b\": name part must consist "
       "of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. "
       "'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
       "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
      {"hugepages with memory", container_resources("      limits: {hugepages-2Mi: 4Mi, memory: 1Gi}\n"), ""},
      {"hugepages without cpu or memory", container_resources("      limits: {hugepages-2Mi: 4Mi}\n"),
       "spec.containers[0].resources: Forbidden: HugePages require cpu or memory"},
      {"hugepages not a multiple of the page size", container_resources("      limits: {hugepages-2Mi: 3Mi, memory: 1Gi}\n"),
       "spec.containers[0].resources.limits[hugepages-2Mi]: Invalid value: \"3Mi\": 3Mi is not positive integer multiple "
       "of hugepages-2Mi"},
      {"hugepages request different from limit",
       container_resources("      requests: {hugepages-2Mi: 2Mi, memory: 1Gi}\n"
                           "      limits: {hugepages-2Mi: 4Mi, memory: 1Gi}\n"),
       "spec.containers[0].resources.requests: Invalid value: \"2Mi\": must be equal to hugepages-2Mi limit of 4Mi"},
      {"init container",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n  - name: i\n    image: i\n"
       "    restartPolicy: Always\n    resources:\n      requests: {example.com/gpu: 250m}\n"
       "  containers: [{name: c, image: i}]\n",
       "spec.initContainers[0].resources.requests[example.com/gpu]: Invalid value: \"250m\": must be an integer"},
  };
  run(std::begin(rows), std::end(rows));
}

TEST_CASE("API validation: overhead, pod-level resources, node capacity") {
  const Row rows[] = {
      {"overhead", pod("  overhead: {cpu: 250m, memory: 120Mi}\n"), ""},
      {"negative overhead", pod("  overhead: {cpu: \"-1\"}\n"),
       "spec.overhead.limits[cpu]: Invalid value: \"-1\": must be greater than or equal to 0"},
      {"fractional extended overhead", pod("  overhead: {example.com/gpu: 100m}\n"),
       "spec.overhead.limits[example.com/gpu]: Invalid value: \"100m\": must be an integer"},
      {"overhead of a resource containers cannot ask for", pod("  overhead: {pods: \"1\"}\n"),
       "spec.overhead.limits[pods]: Invalid value: \"pods\": must be a standard resource for containers"},
      {"pod-level resources", pod("  resources:\n    requests: {cpu: \"1\"}\n    limits: {cpu: \"2\"}\n"), ""},
      {"pod-level resource not supported", pod("  resources:\n    requests: {ephemeral-storage: 1Gi}\n"),
       "spec.resources.requests[ephemeral-storage]: Unsupported value: \"ephemeral-storage\": supported values: \"cpu\", "
       "\"memory\""},
      {"pod-level request above its limit", pod("  resources:\n    requests: {cpu: \"3\"}\n    limits: {cpu: \"2\"}\n"),
       "spec.resources.requests: Invalid value: \"3\": must be less than or equal to cpu limit of 2"},
      {"pod-level request below the containers'",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  resources:\n    requests: {cpu: \"1\"}\n"
       "  containers:\n  - {name: a, image: i, resources: {requests: {cpu: 800m}}}\n"
       "  - {name: b, image: i, resources: {requests: {cpu: 400m}}}\n",
       "spec.resources.requests[cpu]: Invalid value: \"1\": must be greater than or equal to aggregate container requests "
       "of 1200m"},
      {"container limit above the pod's",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  resources:\n    limits: {memory: 1Gi}\n"
       "  containers:\n  - {name: a, image: i, resources: {requests: {memory: 512Mi}, limits: {memory: 2Gi}}}\n",
       "spec.resources.containers[0][memory].limits: Invalid value: \"2Gi\": must be less than or equal to pod limits of "
       "1Gi"},
      {"node capacity", node("status:\n  capacity: {cpu: \"4\", memory: 8Gi, pods: \"110\", example.com/gpu: \"2\"}\n"), ""},
      {"negative allocatable", node("status:\n  capacity: {cpu: \"4\"}\n  allocatable: {cpu: \"-1\"}\n"),
       "status.allocatable.cpu: Invalid value: \"-1\": must be greater than or equal to 0"},
      {"negative capacity", node("status:\n  capacity: {memory: -1Gi}\n"),
       "status.capacity.memory: Invalid value: \"-1Gi\": must be greater than or equal to 0"},
      {"fractional pods", node("status:\n  capacity: {pods: 1500m}\n"),
       "status.capacity.pods: Invalid value: \"1500m\": must be an integer"},
      {"fractional extended allocatable", node("status:\n  allocatable: {example.com/gpu: 500m}\n"),
       "status.allocatable.example.com/gpu: Invalid value: \"500m\": must be an integer"},
  };
  run(std::begin(rows), std::end(rows));
}

TEST_CASE("API validation: node affinity and node selector") {
  const std::string required =
      "  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n";
  const std::string prefix = "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.";
  const Row rows[] = {
      {"one term", pod(required + "        nodeSelectorTerms:\n        - matchExpressions:\n"
                                  "          - {key: zone, operator: In, values: [a]}\n"),
       ""},
      {"no terms", pod(required + "        nodeSelectorTerms: []\n"),
       prefix + "nodeSelectorTerms: Required value: must have at least one node selector term"},
      {"terms absent", pod(required + "        {}\n"),
       prefix + "nodeSelectorTerms: Required value: must have at least one node selector term"},
      {"unknown operator", pod(required + "        nodeSelectorTerms:\n        - matchExpressions:\n"
                                          "          - {key: zone, operator: Equals, values: [a]}\n"),
       prefix + "nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: \"Equals\": not a valid selector "
                "operator"},
      // The rule ratchets: a stored pod keeps the value (a new one is refused; node_affinity_values_test).
      {"a stored pod keeps an invalid label value", pod(required + "        nodeSelectorTerms:\n        - matchExpressions:\n"
                                                                   "          - {key: zone, operator: In, values: [\"a b\"]}\n"),
       ""},
      {"matchFields key other than metadata.name",
       pod(required + "        nodeSelectorTerms:\n        - matchFields:\n"
                      "          - {key: metadata.namespace, operator: In, values: [a]}\n"),
       prefix + "nodeSelectorTerms[0].matchFields[0].key: Invalid value: \"metadata.namespace\": not a valid field "
                "selector key"},
      {"matchFields value not a node name", pod(required + "        nodeSelectorTerms:\n        - matchFields:\n"
                                                           "          - {key: metadata.name, operator: In, values: [Node_1]}\n"),
       prefix + "nodeSelectorTerms[0].matchFields[0].values[0]: Invalid value: \"Node_1\": a lowercase RFC 1123 "
                "subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with "
                "an alphanumeric character (e.g. 'example.com', regex used for validation is "
                "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
      {"preferred term weight", pod("  affinity:\n    nodeAffinity:\n      preferredDuringSchedulingIgnoredDuringExecution:\n"
                                    "      - weight: 0\n        preference:\n          matchExpressions:\n"
                                    "          - {key: zone, operator: Exists}\n"),
       "spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be "
       "in the range 1-100"},
      {"preferred terms may hold invalid label values",
       pod("  affinity:\n    nodeAffinity:\n      preferredDuringSchedulingIgnoredDuringExecution:\n"
           "      - weight: 10\n        preference:\n          matchExpressions:\n"
           "          - {key: zone, operator: In, values: [\"a b\"]}\n"),
       ""},
      {"node selector key", pod("  nodeSelector: {\"a b\": x}\n"),
       "spec.nodeSelector: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', "
       "and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used "
       "for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
      {"node name", pod("  nodeName: Worker_1\n"),
       "spec.nodeName: Invalid value: \"Worker_1\": a lowercase RFC 1123 subdomain must consist of lower case "
       "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. "
       "'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
  };
  run(std::begin(rows), std::end(rows));
}

TEST_CASE("API validation: tolerations") {
  const std::string base = "spec.tolerations[0].";
  const Row rows[] = {
      {"exists without key", pod("  tolerations: [{operator: Exists}]\n"), ""},
      {"equal with value", pod("  tolerations: [{key: a, operator: Equal, value: b, effect: NoSchedule}]\n"), ""},
      {"seconds with NoExecute", pod("  tolerations: [{key: a, effect: NoExecute, tolerationSeconds: 30}]\n"), ""},
      {"empty key with Equal", pod("  tolerations: [{operator: Equal, value: b}]\n"),
       base + "operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, which means \"match all "
              "values and all keys\""},
      {"value with Exists", pod("  tolerations: [{key: a, operator: Exists, value: b}]\n"),
       base + "operator: Invalid value: \"b\": value must be empty when `operator` is 'Exists'"},
      {"seconds without NoExecute", pod("  tolerations: [{key: a, effect: NoSchedule, tolerationSeconds: 30}]\n"),
       base + "effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set"},
      {"unknown operator", pod("  tolerations: [{key: a, operator: Equals}]\n"),
       base + "operator: Unsupported value: \"Equals\": supported values: \"Equal\", \"Exists\""},
      {"unknown effect", pod("  tolerations: [{key: a, operator: Exists, effect: NoSchedul}]\n"),
       base + "effect: Unsupported value: \"NoSchedul\": supported values: \"NoSchedule\", \"PreferNoSchedule\", "
              "\"NoExecute\""},
      {"invalid key", pod("  tolerations: [{key: \"a b\", operator: Exists}]\n"),
       base + "key: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and "
              "must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex "
              "used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
  };
  run(std::begin(rows), std::end(rows));
}

TEST_CASE("API validation: pod affinity and topology spread") {
  const std::string anti = "  affinity:\n    podAntiAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n";
  const std::string term = "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].";
  const Row rows[] = {
      {"anti-affinity term",
       pod(anti + "      - labelSelector: {matchLabels: {app: web}}\n        topologyKey: kubernetes.io/hostname\n"), ""},
      {"topology key missing", pod(anti + "      - labelSelector: {matchLabels: {app: web}}\n"),
       term + "topologyKey: Required value: can not be empty"},
      {"selector operator", pod(anti + "      - labelSelector:\n          matchExpressions:\n"
                                       "          - {key: app, operator: Equals, values: [web]}\n"
                                       "        topologyKey: zone\n"),
       term + "labelSelector.matchExpressions[0].operator: Invalid value: \"Equals\": not a valid selector operator"},
      {"selector In without values", pod(anti + "      - labelSelector:\n          matchExpressions:\n"
                                                "          - {key: app, operator: In}\n        topologyKey: zone\n"),
       term + "labelSelector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or "
              "'NotIn'"},
      {"selector Exists with values", pod(anti + "      - labelSelector:\n          matchExpressions:\n"
                                                 "          - {key: app, operator: Exists, values: [web]}\n"
                                                 "        topologyKey: zone\n"),
       term + "labelSelector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or "
              "'DoesNotExist'"},
      {"namespace name", pod(anti + "      - labelSelector: {matchLabels: {app: web}}\n        namespaces: [Team_A]\n"
                                    "        topologyKey: zone\n"),
       term + "namespace: Invalid value: \"Team_A\": a lowercase RFC 1123 label must consist of lower case alphanumeric "
              "characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or "
              "'123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"},
      {"matchLabelKeys without selector", pod(anti + "      - matchLabelKeys: [app]\n        topologyKey: zone\n"),
       term + "matchLabelKeys: Forbidden: must not be specified when labelSelector is not set"},
      {"key in both matchLabelKeys and mismatchLabelKeys",
       pod(anti + "      - labelSelector: {matchLabels: {app: web}}\n        matchLabelKeys: [tier]\n"
                  "        mismatchLabelKeys: [tier]\n        topologyKey: zone\n"),
       term + "matchLabelKeys[0]: Invalid value: \"tier\": exists in both matchLabelKeys and mismatchLabelKeys"},
      {"matchLabelKeys key in the selector once the pod's label is merged",
       "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {key: value1}\nspec:\n" + anti +
           "      - labelSelector:\n          matchExpressions: [{key: key, operator: NotIn, values: [value2]}]\n"
           "        matchLabelKeys: [key]\n        topologyKey: zone\n"
           "  containers: [{name: c, image: i}]\n",
       "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0][0]: Invalid value: \"key\": "
       "exists in both matchLabelKeys and labelSelector"},
      {"matchLabelKeys key twice in a preferred term's selector",
       pod("  affinity:\n    podAffinity:\n      preferredDuringSchedulingIgnoredDuringExecution:\n"
           "      - weight: 10\n        podAffinityTerm:\n          labelSelector:\n"
           "            matchLabels: {key: a}\n            matchExpressions: [{key: key, operator: Exists}]\n"
           "          matchLabelKeys: [key]\n          topologyKey: zone\n"),
       "spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm[0]: Invalid "
       "value: \"key\": exists in both matchLabelKeys and labelSelector"},
      {"matchLabelKeys key the pod does not have", pod(anti +
           "      - labelSelector:\n          matchExpressions: [{key: key, operator: NotIn, values: [value2]}]\n"
           "        matchLabelKeys: [key]\n        topologyKey: zone\n"),
       ""},
      {"preferred weight", pod("  affinity:\n    podAffinity:\n      preferredDuringSchedulingIgnoredDuringExecution:\n"
                               "      - weight: 101\n        podAffinityTerm:\n"
                               "          labelSelector: {matchLabels: {app: web}}\n          topologyKey: zone\n"),
       "spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 101: must be "
       "in the range 1-100"},
      {"spread constraint", pod("  topologySpreadConstraints:\n  - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: "
                                "DoNotSchedule, labelSelector: {matchLabels: {app: web}}, minDomains: 3}\n"),
       ""},
      {"maxSkew zero", pod("  topologySpreadConstraints:\n  - {maxSkew: 0, topologyKey: zone, whenUnsatisfiable: "
                           "DoNotSchedule}\n"),
       "spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero"},
      {"maxSkew absent", pod("  topologySpreadConstraints:\n  - {topologyKey: zone, whenUnsatisfiable: DoNotSchedule}\n"),
       "spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero"},
      {"topologyKey empty", pod("  topologySpreadConstraints:\n  - {maxSkew: 1, whenUnsatisfiable: DoNotSchedule}\n"),
       "spec.topologySpreadConstraints[0].topologyKey: Required value: can not be empty"},
      {"whenUnsatisfiable absent", pod("  topologySpreadConstraints:\n  - {maxSkew: 1, topologyKey: zone}\n"),
       "spec.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: \"\": supported values: "
       "\"DoNotSchedule\", \"ScheduleAnyway\""},
      {"minDomains zero", pod("  topologySpreadConstraints:\n  - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: "
                              "DoNotSchedule, minDomains: 0}\n"),
       "spec.topologySpreadConstraints[0].minDomains: Invalid value: 0: must be greater than zero"},
      {"minDomains with ScheduleAnyway", pod("  topologySpreadConstraints:\n  - {maxSkew: 1, topologyKey: zone, "
                                             "whenUnsatisfiable: ScheduleAnyway, minDomains: 2}\n"),
       "spec.topologySpreadConstraints[0].minDomains: Invalid value: 2: can only use minDomains if "
       "whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway"},
      {"duplicate constraints",
       pod("  topologySpreadConstraints:\n  - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}\n"
           "  - {maxSkew: 2, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}\n"),
       "spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: \"{zone, DoNotSchedule}\""},
      {"matchLabelKeys without selector", pod("  topologySpreadConstraints:\n  - {maxSkew: 1, topologyKey: zone, "
                                              "whenUnsatisfiable: DoNotSchedule, matchLabelKeys: [app]}\n"),
       "spec.topologySpreadConstraints[0].matchLabelKeys: Forbidden: must not be specified when labelSelector is not "
       "set"},
  };
  run(std::begin(rows), std::end(rows));
}

TEST_CASE("API validation: host ports, gates, priority class name") {
  const Row rows[] = {
      {"same host port on two protocols",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n"
       "  - {name: a, image: i, ports: [{containerPort: 80, hostPort: 80}, {containerPort: 80, hostPort: 80, protocol: UDP}]}\n",
       ""},
      {"host port twice",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n"
       "  - {name: a, image: i, ports: [{containerPort: 80, hostPort: 8080}]}\n"
       "  - {name: b, image: i, ports: [{containerPort: 81, hostPort: 8080}]}\n",
       "spec.containers[1].ports[0].hostPort: Duplicate value: \"TCP//8080\""},
      {"host port of an init container and a container",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n"
       "  - {name: i, image: i, ports: [{containerPort: 80, hostPort: 8080}]}\n  containers:\n"
       "  - {name: a, image: i, ports: [{containerPort: 81, hostPort: 8080}]}\n",
       ""},
      {"host port twice in one init container",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n"
       "  - {name: i, image: i}\n"
       "  - {name: j, image: i, ports: [{containerPort: 80, hostPort: 9000}, {containerPort: 81, hostPort: 9000}]}\n"
       "  containers: [{name: c, image: i}]\n",
       "spec.initContainers[0].ports[1].hostPort: Duplicate value: \"TCP//9000\""},
      {"host network with a different host port",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  hostNetwork: true\n  containers:\n"
       "  - {name: a, image: i, ports: [{containerPort: 80, hostPort: 8080}]}\n",
       "spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true"},
      {"resource claims",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  resourceClaims: [{name: gpu, resourceClaimName: gpu-1}]\n"
       "  containers: [{name: c, image: i, resources: {claims: [{name: gpu}]}}]\n",
       ""},
      {"container claim not among the pod's",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  resourceClaims: [{name: gpu, resourceClaimName: gpu-1}]\n"
       "  containers: [{name: c, image: i, resources: {claims: [{name: fpga}]}}]\n",
       "spec.containers[0].resources.claims[0]: Not found: \"fpga\": must be one of the names in pod.spec.resourceClaims: "
       "gpu"},
      {"container claim without pod claims",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n"
       "  containers: [{name: c, image: i, resources: {claims: [{name: fpga}]}}]\n",
       "spec.containers[0].resources.claims[0]: Not found: \"fpga\": must be one of the names in pod.spec.resourceClaims "
       "which is empty"},
      {"pod claim named twice",
       pod("  resourceClaims: [{name: gpu, resourceClaimName: a}, {name: gpu, resourceClaimName: b}]\n"),
       "spec.resourceClaims[1].name: Duplicate value: \"gpu\""},
      {"pod claim name", pod("  resourceClaims: [{name: GPU, resourceClaimName: a}]\n"),
       "spec.resourceClaims[0].name: Invalid value: \"GPU\": a lowercase RFC 1123 label must consist of lower case "
       "alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or "
       "'123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"},
      {"scheduling gate", pod("  schedulingGates: [{name: example.com/quota}]\n"), ""},
      {"scheduling gate without a name", pod("  schedulingGates: [{}]\n"),
       "spec.schedulingGates[0]: Invalid value: \"\": name part must be non-empty"},
      {"scheduling gate twice", pod("  schedulingGates: [{name: a}, {name: a}]\n"),
       "spec.schedulingGates[1]: Duplicate value: \"a\""},
      {"priority class name", pod("  priorityClassName: High\n"),
       "spec.priorityClassName: Invalid value: \"High\": a lowercase RFC 1123 subdomain must consist of lower case "
       "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. "
       "'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
      {"runtime class name", pod("  runtimeClassName: gVisor\n"),
       "spec.runtimeClassName: Invalid value: \"gVisor\": a lowercase RFC 1123 subdomain must consist of lower case "
       "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. "
       "'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
      {"preemption policy", pod("  preemptionPolicy: Sometimes\n"),
       "spec.preemptionPolicy: Unsupported value: \"Sometimes\": supported values: \"PreemptLowerPriority\", \"Never\""},
      {"pod labels", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {app: \"-web\"}\n"
                     "spec:\n  containers: [{name: c, image: i}]\n",
       "metadata.labels: Invalid value: \"-web\": a valid label must be an empty string or consist of alphanumeric "
       "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or "
       "'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"},
      {"pod generateName", "apiVersion: v1\nkind: Pod\nmetadata: {generateName: web-}\nspec:\n  containers: [{name: c, image: i}]\n",
       ""},
      {"pod generateName not a DNS subdomain",
       "apiVersion: v1\nkind: Pod\nmetadata: {generateName: Web-}\nspec:\n  containers: [{name: c, image: i}]\n",
       "metadata.generateName: Invalid value: \"Web-\": a lowercase RFC 1123 subdomain must consist of lower case "
       "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. "
       "'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
      {"pod name", "apiVersion: v1\nkind: Pod\nmetadata: {name: Web}\nspec:\n  containers: [{name: c, image: i}]\n",
       "metadata.name: Invalid value: \"Web\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
       "characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
       "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
  };
  run(std::begin(rows), std::end(rows));
}

TEST_CASE("API validation: a created pod's status.resourceClaimStatuses") {
  // A created pod (it has a uid) with spec.resourceClaims gpu and nic, both from templates, and
  // `statuses` (indented by two spaces) under status.
  auto created = [](const std::string& statuses) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: p, uid: 3f6a1f2e-0000-4000-8000-000000000001}\nspec:\n"
           "  resourceClaims: [{name: gpu, resourceClaimTemplateName: gpu}, {name: nic, resourceClaimTemplateName: nic}]\n"
           "  containers: [{name: c, image: i}]\nstatus:\n" +
           statuses;
  };
  const std::string subdomain =
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start "
      "and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
      "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
  const Row rows[] = {
      {"generated claims", created("  resourceClaimStatuses: [{name: gpu, resourceClaimName: p-gpu-x7k2q}, {name: nic}]\n"), ""},
      {"no claim needed (null)", created("  resourceClaimStatuses: [{name: gpu, resourceClaimName: null}]\n"), ""},
      {"not a pod claim", created("  resourceClaimStatuses: [{name: fpga, resourceClaimName: p-fpga}]\n"),
       "status.resourceClaimStatuses[0].name: Invalid value: \"fpga\": must match the name of an entry in "
       "`spec.resourceClaims`"},
      {"a pod claim twice",
       created("  resourceClaimStatuses: [{name: gpu, resourceClaimName: a}, {name: gpu, resourceClaimName: b}]\n"),
       "status.resourceClaimStatuses[1].name: Duplicate value: \"gpu\""},
      {"claim name not a DNS subdomain, reported at the entry's name",
       created("  resourceClaimStatuses: [{name: gpu, resourceClaimName: P-GPU}]\n"),
       "status.resourceClaimStatuses[0].name: Invalid value: \"P-GPU\": " + subdomain},
      {"empty claim name", created("  resourceClaimStatuses: [{name: nic, resourceClaimName: \"\"}]\n"),
       "status.resourceClaimStatuses[0].name: Invalid value: \"\": " + subdomain},
      {"a pod not created yet: its status is dropped on create, not checked",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n"
       "status:\n  resourceClaimStatuses: [{name: fpga, resourceClaimName: P}]\n",
       ""},
  };
  run(std::begin(rows), std::end(rows));
  // The path names the entry's name, as the API server prints it; the line is the claim name's.
  CHECK(error_line(created("  phase: Pending\n  resourceClaimStatuses:\n  - name: gpu\n    resourceClaimName: P-GPU\n")) == 11);
}

TEST_CASE("API validation: node taints") {
  const Row rows[] = {
      {"taints", node("spec:\n  taints:\n  - {key: a, value: b, effect: NoSchedule}\n  - {key: a, effect: NoExecute}\n"),
       ""},
      {"taint without effect", node("spec:\n  taints:\n  - {key: a}\n"),
       "metadata.taints[0].effect: Required value"},
      {"taint without key", node("spec:\n  taints:\n  - {effect: NoSchedule}\n"),
       "metadata.taints[0].key: Invalid value: \"\": name part must be non-empty"},
      {"taint value", node("spec:\n  taints:\n  - {key: a, value: \"b c\", effect: NoSchedule}\n"),
       "metadata.taints[0].value: Invalid value: \"b c\": a valid label must be an empty string or consist of "
       "alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. "
       "'MyValue',  or 'my_value',  or '12345', regex used for validation is "
       "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"},
      {"taint twice", node("spec:\n  taints:\n  - {key: a, effect: NoSchedule}\n  - {key: a, value: b, effect: NoSchedule}\n"),
       "metadata.taints[1]: Duplicate value: {\"Key\":\"a\",\"Value\":\"b\",\"Effect\":\"NoSchedule\","
       "\"TimeAdded\":null}: taints must be unique by key and effect pair"},
      {"taint twice, with the time it was added",
       node("spec:\n  taints:\n  - {key: a, effect: NoSchedule}\n  - {key: a, effect: NoSchedule, timeAdded: "
            "'2026-11-24T08:00:00Z'}\n"),
       "metadata.taints[1]: Duplicate value: {\"Key\":\"a\",\"Value\":\"\",\"Effect\":\"NoSchedule\","
       "\"TimeAdded\":\"2026-11-24T08:00:00Z\"}: taints must be unique by key and effect pair"},
      {"node name", "apiVersion: v1\nkind: Node\nmetadata:\n  name: Node-1\n",
       "metadata.name: Invalid value: \"Node-1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
       "characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
       "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
  };
  run(std::begin(rows), std::end(rows));
}

TEST_CASE("API validation: storage objects, priority classes, disruption budgets") {
  const std::string pv = "apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: pv}\nspec:\n";
  const std::string pvc = "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: c}\nspec:\n";
  const std::string sc = "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: s}\n";
  const Row rows[] = {
      {"volume", pv + "  capacity: {storage: 1Gi}\n  accessModes: [ReadWriteOnce]\n  csi: {driver: d, volumeHandle: h}\n",
       ""},
      {"volume without access modes", pv + "  capacity: {storage: 1Gi}\n  csi: {driver: d, volumeHandle: h}\n",
       "spec.accessModes: Required value"},
      {"volume access mode", pv + "  capacity: {storage: 1Gi}\n  accessModes: [ReadWriteSome]\n",
       "spec.accessModes: Unsupported value: \"ReadWriteSome\": supported values: \"ReadOnlyMany\", \"ReadWriteMany\", "
       "\"ReadWriteOnce\", \"ReadWriteOncePod\""},
      {"ReadWriteOncePod with another mode", pv + "  capacity: {storage: 1Gi}\n  accessModes: [ReadWriteOncePod, ReadOnlyMany]\n",
       "spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes"},
      {"volume without capacity", pv + "  accessModes: [ReadWriteOnce]\n", "spec.capacity: Required value"},
      {"negative volume capacity", pv + "  capacity: {storage: -1Gi}\n  accessModes: [ReadWriteOnce]\n",
       "spec.capacity[storage]: Invalid value: -1073741824: must be a valid resource quantity"},
      {"zero volume capacity", pv + "  capacity: {storage: \"0\"}\n  accessModes: [ReadWriteOnce]\n",
       "spec.capacity[storage]: Invalid value: \"0\": must be greater than zero"},
      {"volume node affinity without terms",
       pv + "  capacity: {storage: 1Gi}\n  accessModes: [ReadWriteOnce]\n  nodeAffinity:\n    required:\n"
            "      nodeSelectorTerms: []\n",
       "spec.nodeAffinity.required.nodeSelectorTerms: Required value: must have at least one node selector term"},
      {"volume node affinity without required",
       pv + "  capacity: {storage: 1Gi}\n  accessModes: [ReadWriteOnce]\n  nodeAffinity: {}\n",
       "spec.nodeAffinity.required: Required value: must specify required node constraints"},
      {"local volume without node affinity",
       pv + "  capacity: {storage: 1Gi}\n  accessModes: [ReadWriteOnce]\n  local: {path: /mnt/disk}\n",
       "spec.nodeAffinity: Required value: Local volume requires node affinity"},
      {"claim", pvc + "  accessModes: [ReadWriteOnce]\n  resources: {requests: {storage: 1Gi}}\n", ""},
      {"claim without access modes", pvc + "  resources: {requests: {storage: 1Gi}}\n",
       "spec.accessModes: Required value: at least 1 access mode is required"},
      {"claim without a storage request", pvc + "  accessModes: [ReadWriteOnce]\n",
       "spec.resources[storage]: Required value"},
      {"claim of zero storage", pvc + "  accessModes: [ReadWriteOnce]\n  resources: {requests: {storage: \"0\"}}\n",
       "spec.resources[storage]: Invalid value: \"0\": must be greater than zero"},
      {"claim selector", pvc + "  accessModes: [ReadWriteOnce]\n  resources: {requests: {storage: 1Gi}}\n"
                               "  selector:\n    matchExpressions: [{key: tier, operator: NotIn}]\n",
       "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"},
      {"claim storage class name", pvc + "  accessModes: [ReadWriteOnce]\n  resources: {requests: {storage: 1Gi}}\n"
                                         "  storageClassName: Fast\n",
       "spec.storageClassName: Invalid value: \"Fast\": a lowercase RFC 1123 subdomain must consist of lower case "
       "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. "
       "'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
      {"generic ephemeral volume's claim",
       pod("  volumes:\n  - name: scratch\n    ephemeral:\n      volumeClaimTemplate:\n        spec:\n"
           "          resources: {requests: {storage: 1Gi}}\n"),
       "spec.volumes[0].ephemeral.volumeClaimTemplate.spec.accessModes: Required value: at least 1 access mode is "
       "required"},
      {"volume named twice",
       pod("  volumes:\n  - {name: data, persistentVolumeClaim: {claimName: a}}\n"
           "  - {name: data, persistentVolumeClaim: {claimName: b}}\n"),
       "spec.volumes[1].name: Duplicate value: \"data\""},
      {"volume name", pod("  volumes:\n  - {name: Data, persistentVolumeClaim: {claimName: a}}\n"),
       "spec.volumes[0].name: Invalid value: \"Data\": a lowercase RFC 1123 label must consist of lower case "
       "alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or "
       "'123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"},
      {"claim of an ephemeral volume named by another volume",
       pod("  volumes:\n  - name: scratch\n    ephemeral:\n      volumeClaimTemplate:\n        spec:\n"
           "          accessModes: [ReadWriteOnce]\n          resources: {requests: {storage: 1Gi}}\n"
           "  - {name: other, persistentVolumeClaim: {claimName: p-scratch}}\n"),
       "spec.volumes[1].persistentVolumeClaim.claimName: Invalid value: \"p-scratch\": must not reference a PVC that "
       "gets created for an ephemeral volume"},
      {"ephemeral volume without a template", pod("  volumes:\n  - {name: scratch, ephemeral: {}}\n"),
       "spec.volumes[0].ephemeral.volumeClaimTemplate: Required value"},
      {"pod namespace", "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: Team}\n"
                        "spec:\n  containers: [{name: c, image: i}]\n",
       "metadata.namespace: Invalid value: \"Team\": a lowercase RFC 1123 label must consist of lower case alphanumeric "
       "characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex "
       "used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"},
      {"storage class", sc + "provisioner: ebs.csi.aws.com\nvolumeBindingMode: WaitForFirstConsumer\n"
                             "allowedTopologies:\n- matchLabelExpressions: [{key: zone, values: [a, b]}]\n",
       ""},
      {"storage class without provisioner", sc + "volumeBindingMode: Immediate\n", "provisioner: Required value"},
      {"storage class binding mode", sc + "provisioner: p\nvolumeBindingMode: Later\n",
       "volumeBindingMode: Unsupported value: \"Later\": supported values: \"Immediate\", \"WaitForFirstConsumer\""},
      {"allowed topology without values", sc + "provisioner: p\nallowedTopologies:\n- matchLabelExpressions: [{key: zone}]\n",
       "allowedTopologies[0].matchLabelExpressions[0].values: Required value"},
      {"allowed topology value twice",
       sc + "provisioner: p\nallowedTopologies:\n- matchLabelExpressions: [{key: zone, values: [a, a]}]\n",
       "allowedTopologies[0].matchLabelExpressions[0].values[1]: Duplicate value: \"a\""},
      {"allowed topology key twice",
       sc + "provisioner: p\nallowedTopologies:\n- matchLabelExpressions: [{key: zone, values: [a]}, {key: zone, values: [b]}]\n",
       "allowedTopologies[0].matchLabelExpressions[1].key: Duplicate value: \"zone\""},
      {"allowed topology term twice",
       sc + "provisioner: p\nallowedTopologies:\n- matchLabelExpressions: [{key: zone, values: [a]}]\n"
            "- matchLabelExpressions: [{key: zone, values: [a]}]\n",
       "allowedTopologies[1].matchLabelExpressions: Duplicate value: \"\""},
      {"CSINode allocatable", "apiVersion: storage.k8s.io/v1\nkind: CSINode\nmetadata: {name: n1}\nspec:\n  drivers:\n"
                              "  - {name: ebs.csi.aws.com, nodeID: i-1, allocatable: {count: -1}}\n",
       "spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0"},
      {"CSINode driver twice", "apiVersion: storage.k8s.io/v1\nkind: CSINode\nmetadata: {name: n1}\nspec:\n  drivers:\n"
                               "  - {name: d, nodeID: i-1}\n  - {name: d, nodeID: i-1}\n",
       "spec.drivers[1].name: Duplicate value: \"d\""},
      {"CSINode without node ID", "apiVersion: storage.k8s.io/v1\nkind: CSINode\nmetadata: {name: n1}\nspec:\n  drivers:\n"
                                  "  - {name: d}\n",
       "spec.drivers[0].nodeID: Required value"},
      {"negative storage capacity", "apiVersion: storage.k8s.io/v1\nkind: CSIStorageCapacity\nmetadata: {name: c}\n"
                                    "storageClassName: s\ncapacity: -1Gi\n",
       "capacity: Invalid value: \"-1Gi\": must be greater than or equal to 0"},
      {"storage capacity without class", "apiVersion: storage.k8s.io/v1\nkind: CSIStorageCapacity\nmetadata: {name: c}\n"
                                         "capacity: 1Gi\n",
       "storageClassName: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
       "characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
       "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"},
      {"priority class", "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000000000\n",
       ""},
      {"priority class above the user range",
       "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000000001\n",
       "value: Forbidden: maximum allowed value of a user defined priority is 1000000000"},
      {"priority class preemption policy",
       "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1\npreemptionPolicy: Maybe\n",
       "preemptionPolicy: Unsupported value: \"Maybe\": supported values: \"PreemptLowerPriority\", \"Never\""},
      {"disruption budget selector",
       "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: b}\nspec:\n  minAvailable: 1\n  selector:\n"
       "    matchLabels: {\"app/\": web}\n",
       "spec.selector.matchLabels: Invalid value: \"app/\": name part must be non-empty"},
  };
  run(std::begin(rows), std::end(rows));
}

// A ResourceQuota whose spec holds `spec` (indented by two spaces).
std::string resource_quota(const std::string& spec) {
  return "apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: q, namespace: ns}\nspec:\n" + spec;
}

TEST_CASE("API validation: resource quotas and active deadlines") {
  const std::string must_exist =
      "must be 'Exist' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, "
      "ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity";
  const Row rows[] = {
      {"quota with scopes and a selector",
       resource_quota("  hard: {requests.cpu: \"4\", limits.memory: 8Gi, pods: \"10\", count/pods: \"20\", "
                      "requests.example.com/gpu: \"2\"}\n  scopes: [NotTerminating]\n"
                      "  scopeSelector:\n    matchExpressions:\n    - {scopeName: PriorityClass, operator: In, values: [high]}\n"
                      "status:\n  hard: {pods: \"10\"}\n  used: {pods: \"3\"}\n"),
       ""},
      {"hugepages and storage without scopes",
       resource_quota("  hard: {hugepages-2Mi: 1Gi, requests.hugepages-1Gi: 2Gi, requests.storage: 1Ti}\n"), ""},
      {"negative hard", resource_quota("  hard: {cpu: -100m}\n"),
       "spec.hard[cpu]: Invalid value: \"-100m\": must be greater than or equal to 0"},
      {"fractional pods", resource_quota("  hard: {pods: \"1.5\"}\n"),
       "spec.hard[pods]: Invalid value: \"1500m\": must be an integer"},
      {"non-standard resource", resource_quota("  hard: {foo: \"1\"}\n"),
       "spec.hard[foo]: Invalid value: \"foo\": must be a standard resource type or fully qualified"},
      {"a resource quotas do not name", resource_quota("  hard: {storage: 1Gi}\n"),
       "spec.hard[storage]: Invalid value: \"storage\": must be a standard resource for quota"},
      {"unsupported scope", resource_quota("  hard: {pods: \"1\"}\n  scopes: [Foo]\n"),
       "spec.scopes: Invalid value: [\"Foo\"]: unsupported scope"},
      {"scope that does not apply to a resource", resource_quota("  hard: {cpu: \"1\"}\n  scopes: [BestEffort]\n"),
       "spec.scopes: Invalid value: [\"BestEffort\"]: unsupported scope applied to resource"},
      {"conflicting scopes", resource_quota("  hard: {pods: \"1\"}\n  scopes: [Terminating, NotTerminating]\n"),
       "spec.scopes: Invalid value: [\"Terminating\",\"NotTerminating\"]: conflicting scopes"},
      {"selector scope that does not apply to a resource",
       resource_quota("  hard: {cpu: \"1\"}\n  scopeSelector:\n    matchExpressions: [{scopeName: BestEffort, operator: Exists}]\n"),
       "spec.scopeSelector.matchExpressions: Invalid value: {\"matchExpressions\":[{\"scopeName\":\"BestEffort\","
       "\"operator\":\"Exists\"}]}: unsupported scope applied to resource"},
      {"selector scope name", resource_quota("  hard: {pods: \"1\"}\n  scopeSelector:\n    matchExpressions: [{scopeName: Foo, operator: Exists}]\n"),
       "spec.scopeSelector.matchExpressions.scopeName: Invalid value: \"Foo\": unsupported scope"},
      {"selector operator of BestEffort",
       resource_quota("  hard: {pods: \"1\"}\n  scopeSelector:\n    matchExpressions: [{scopeName: BestEffort, operator: DoesNotExist}]\n"),
       "spec.scopeSelector.matchExpressions.operator: Invalid value: \"DoesNotExist\": " + must_exist},
      {"selector In without values",
       resource_quota("  hard: {pods: \"1\"}\n  scopeSelector:\n    matchExpressions: [{scopeName: PriorityClass, operator: In}]\n"),
       "spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' "
       "or 'NotIn' for scope selector"},
      {"selector Exists with values",
       resource_quota("  hard: {pods: \"1\"}\n  scopeSelector:\n    matchExpressions: [{scopeName: PriorityClass, operator: Exists, values: [high]}]\n"),
       "spec.scopeSelector.matchExpressions.values: Invalid value: [\"high\"]: must be no value when `operator` is "
       "'Exist' or 'DoesNotExist' for scope selector"},
      {"selector operator",
       resource_quota("  hard: {pods: \"1\"}\n  scopeSelector:\n    matchExpressions: [{scopeName: PriorityClass, operator: Equals, values: [high]}]\n"),
       "spec.scopeSelector.matchExpressions.operator: Invalid value: \"Equals\": not a valid selector operator"},
      {"conflicting selector scopes",
       resource_quota("  hard: {pods: \"1\"}\n  scopeSelector:\n    matchExpressions:\n"
                      "    - {scopeName: BestEffort, operator: Exists}\n    - {scopeName: NotBestEffort, operator: Exists}\n"),
       "spec.scopeSelector.matchExpressions: Invalid value: null: conflicting scopes"},
      {"negative used", resource_quota("  hard: {pods: \"1\"}\nstatus:\n  used: {pods: \"-1\"}\n"),
       "status.used[pods]: Invalid value: \"-1\": must be greater than or equal to 0"},
      {"active deadline", pod("  activeDeadlineSeconds: 30\n"), ""},
      {"active deadline of zero", pod("  activeDeadlineSeconds: 0\n"),
       "spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive"},
  };
  run(std::begin(rows), std::end(rows));
}

TEST_CASE("API validation: workload templates are checked as pods are") {
  const std::string deployment =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n"
      "  template:\n    metadata: {labels: {app: web}}\n    spec:\n      overhead: {cpu: \"-1\"}\n"
      "      containers: [{name: c, image: i}]\n";
  CandidateSet set;
  auto err = load_candidates_text(deployment, "web.yaml", set);
  REQUIRE(err.has_value());
  CHECK(err->message ==
        "web.yaml: document 1 (Deployment web), line 9: spec.template.spec.overhead.limits[cpu]: Invalid value: "
        "\"-1\": must be greater than or equal to 0");
}

TEST_CASE("API validation: controllers that keep pods running refuse an active deadline") {
  const std::string tail = "  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n"
                           "    spec:\n      activeDeadlineSeconds: 60\n      containers: [{name: c, image: i}]\n";
  struct Case {
    const char* kind;
    const char* api_version;
    const char* owner;
  };
  for (const Case& c : {Case{"Deployment", "apps/v1", "ReplicaSet"}, Case{"ReplicaSet", "apps/v1", "ReplicaSet"},
                        Case{"StatefulSet", "apps/v1", "StatefulSet"}, Case{"DaemonSet", "apps/v1", "DaemonSet"}}) {
    CAPTURE(c.kind);
    CandidateSet set;
    auto err = load_candidates_text(
        std::string("apiVersion: ") + c.api_version + "\nkind: " + c.kind + "\nmetadata: {name: web}\nspec:\n" + tail,
        "web.yaml", set);
    REQUIRE(err.has_value());
    CHECK(err->message == std::string("web.yaml: document 1 (") + c.kind +
                              " web), line 9: spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in " +
                              c.owner + " is not Supported");
  }
  CandidateSet set;
  CHECK_FALSE(load_candidates_text("apiVersion: batch/v1\nkind: Job\nmetadata: {name: web}\nspec:\n  template:\n"
                                   "    spec:\n      activeDeadlineSeconds: 60\n      restartPolicy: Never\n"
                                   "      containers: [{name: c, image: i}]\n",
                                   "job.yaml", set)
                   .has_value());
}

TEST_CASE("API validation: a pod template's labels are reported at template.labels") {
  const std::string deployment =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n"
      "  template:\n    metadata: {labels: {app: web, tier: \"front end\"}}\n    spec:\n"
      "      containers: [{name: c, image: i}]\n";
  CandidateSet set;
  auto err = load_candidates_text(deployment, "web.yaml", set);
  REQUIRE(err.has_value());
  CHECK(err->message ==
        "web.yaml: document 1 (Deployment web), line 7: spec.template.labels: Invalid value: \"front end\": a valid label "
        "must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
        "alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
        "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')");
}

TEST_CASE("API validation: the error points at the offending line") {
  CHECK(error_line(container_resources("      requests:\n        cpu: 100m\n        example.com/gpu: 500m\n"
                                       "      limits:\n        example.com/gpu: 500m\n")) == 13);
  CHECK(error_line(pod("  tolerations:\n  - key: a\n    operator: Exists\n    value: b\n")) == 8);
  CHECK(error_line(node("status:\n  capacity:\n    cpu: \"4\"\n    memory: -1Gi\n")) == 8);
}

// A pod whose spec holds `containers` (a flow list of them) and `rest` (indented by two spaces).
std::string pod_with(const std::string& containers, const std::string& rest = "") {
  return "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n" + rest + "  containers: " + containers + "\n";
}

TEST_CASE("API validation: container names and images") {
  const std::string label_error =
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end "
      "with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
      "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
  const Row rows[] = {
      {"names and images", pod_with("[{name: main, image: i}, {name: side-car-2, image: j}]"), ""},
      {"upper case name", pod_with("[{name: Main, image: i}]"),
       "spec.containers[0].name: Invalid value: \"Main\": " + label_error},
      {"underscore in a name", pod_with("[{name: main_1, image: i}]"),
       "spec.containers[0].name: Invalid value: \"main_1\": " + label_error},
      {"dots in a name", pod_with("[{name: a.b, image: i}]"),
       "spec.containers[0].name: Invalid value: \"a.b\": must not contain dots"},
      {"name too long", pod_with("[{name: " + std::string(64, 'a') + ", image: i}]"),
       "spec.containers[0].name: Invalid value: \"" + std::string(64, 'a') + "\": must be no more than 63 characters"},
      {"empty name", pod_with("[{name: \"\", image: i}]"), "spec.containers[0].name: Required value"},
      {"no name", pod_with("[{image: i}]"), "spec.containers[0].name: Required value"},
      {"the second container's name", pod_with("[{name: a, image: i}, {name: B, image: i}]"),
       "spec.containers[1].name: Invalid value: \"B\": " + label_error},
      {"init container name", pod_with("[{name: c, image: i}]", "  initContainers: [{name: Init, image: i}]\n"),
       "spec.initContainers[0].name: Invalid value: \"Init\": " + label_error},
      {"no image", pod_with("[{name: c}]"), "spec.containers[0].image: Required value"},
      {"empty image", pod_with("[{name: c, image: \"\"}]"), "spec.containers[0].image: Required value"},
      {"init container without image", pod_with("[{name: c, image: i}]", "  initContainers: [{name: init}]\n"),
       "spec.initContainers[0].image: Required value"},
      {"ephemeral container without image", pod_with("[{name: c, image: i}]", "  ephemeralContainers: [{name: debug}]\n"),
       "spec.ephemeralContainers[0].image: Required value"},
      {"a bad name before a missing image", pod_with("[{name: Main}]"),
       "spec.containers[0].name: Invalid value: \"Main\": " + label_error},
      {"blanks around a pod's image", pod_with("[{name: c, image: \" nginx\"}]"),
       "spec.containers[0].image: Invalid value: \" nginx\": must not have leading or trailing whitespace"},
      {"an image of blanks", pod_with("[{name: c, image: i}]", "  initContainers: [{name: init, image: \"\\t\"}]\n"),
       "spec.initContainers[0].image: Invalid value: \"\\t\": must not have leading or trailing whitespace"},
      {"a non-breaking space after an image", pod_with("[{name: c, image: \"nginx\\u00a0\"}]"),
       "spec.containers[0].image: Invalid value: \"nginx\\u00a0\": must not have leading or trailing whitespace"},
      {"a zero-width space is no white space", pod_with("[{name: c, image: \"nginx\\u200b\"}]"), ""},
      {"two containers of one name", pod_with("[{name: main, image: i}, {name: main, image: j}]"),
       "spec.containers[1].name: Duplicate value: \"main\""},
      {"an init container named as a container", pod_with("[{name: main, image: i}]", "  initContainers: [{name: main, image: i}]\n"),
       "spec.initContainers[0].name: Duplicate value: \"main\""},
      {"two init containers of one name",
       pod_with("[{name: main, image: i}]", "  initContainers: [{name: a, image: i}, {name: a, image: i}]\n"),
       "spec.initContainers[1].name: Duplicate value: \"a\""},
      {"an ephemeral container named as an init container",
       pod_with("[{name: main, image: i}]",
                "  initContainers: [{name: setup, image: i}]\n  ephemeralContainers: [{name: setup, image: i}]\n"),
       "spec.ephemeralContainers[0].name: Duplicate value: \"setup\""},
      {"two ephemeral containers of one name",
       pod_with("[{name: main, image: i}]", "  ephemeralContainers: [{name: d, image: i}, {name: d, image: i}]\n"),
       "spec.ephemeralContainers[1].name: Duplicate value: \"d\""},
  };
  run(std::begin(rows), std::end(rows));
  // A template's containers are checked alike, but blanks around its images are let through.
  const std::string deployment =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n"
      "  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n";
  CandidateSet set;
  auto err = load_candidates_text(deployment + "      - {name: web, image: i}\n      - {name: web, image: j}\n",
                                  "web.yaml", set);
  REQUIRE(err.has_value());
  CHECK(err->message ==
        "web.yaml: document 1 (Deployment web), line 11: spec.template.spec.containers[1].name: Duplicate value: \"web\"");
  CandidateSet blanks;
  CHECK_FALSE(load_candidates_text(deployment + "      - {name: web, image: \" \"}\n", "web.yaml", blanks).has_value());
}

TEST_CASE("API validation: core names are DNS labels and subdomains counted in characters") {
  const Row rows[] = {
      {"volume name with dots", pod("  volumes: [{name: a.b, emptyDir: {}}]\n"),
       "spec.volumes[0].name: Invalid value: \"a.b\": must not contain dots"},
      {"pod claim name too long", pod("  resourceClaims: [{name: " + std::string(64, 'c') + ", resourceClaimName: x}]\n"),
       "spec.resourceClaims[0].name: Invalid value: \"" + std::string(64, 'c') + "\": must be no more than 63 characters"},
      {"node name too long", pod("  nodeName: " + std::string(254, 'n') + "\n"),
       "spec.nodeName: Invalid value: \"" + std::string(254, 'n') + "\": must be no more than 253 characters"},
      {"namespace with dots",
       "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: a.b}\nspec:\n  containers: [{name: c, image: i}]\n",
       "metadata.namespace: Invalid value: \"a.b\": must not contain dots"},
  };
  run(std::begin(rows), std::end(rows));
}

// A PodDisruptionBudget in namespace ns whose spec holds `spec` (indented by two spaces).
std::string budget(const std::string& spec) {
  return "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: b, namespace: ns}\nspec:\n" + spec;
}

TEST_CASE("API validation: disruption budgets") {
  const std::string percent_error =
      "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for "
      "validation is '[0-9]+%')";
  const std::string v1beta1_label = "pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match";
  const Row rows[] = {
      {"minAvailable", budget("  minAvailable: 1\n  selector: {matchLabels: {app: web}}\n"), ""},
      {"maxUnavailable as a percent", budget("  maxUnavailable: 100%\n"), ""},
      // The spec as encoding/json prints the internal struct: Go's field names, the selector's JSON names.
      {"both set", budget("  minAvailable: 1\n  maxUnavailable: 1\n  selector: {matchLabels: {app: cache}}\n"),
       "spec: Invalid value: {\"MinAvailable\":1,\"Selector\":{\"matchLabels\":{\"app\":\"cache\"}},\"MaxUnavailable\":1,"
       "\"UnhealthyPodEvictionPolicy\":null}: minAvailable and maxUnavailable cannot be both set"},
      {"both set, as strings, without a selector", budget("  minAvailable: \"50%\"\n  maxUnavailable: \"1\"\n"),
       "spec: Invalid value: {\"MinAvailable\":\"50%\",\"Selector\":null,\"MaxUnavailable\":\"1\","
       "\"UnhealthyPodEvictionPolicy\":null}: minAvailable and maxUnavailable cannot be both set"},
      {"both set, with every member",
       budget("  maxUnavailable: 0\n  minAvailable: \"<1>\"\n  unhealthyPodEvictionPolicy: AlwaysAllow\n"
              "  selector:\n    matchLabels: {z: \"1\", a: b}\n"
              "    matchExpressions: [{key: k, operator: In, values: [x, \"y&z\"]}, {key: e, operator: Exists}]\n"),
       "spec: Invalid value: {\"MinAvailable\":\"\\u003c1\\u003e\",\"Selector\":{\"matchLabels\":{\"a\":\"b\",\"z\":\"1\"},"
       "\"matchExpressions\":[{\"key\":\"k\",\"operator\":\"In\",\"values\":[\"x\",\"y\\u0026z\"]},{\"key\":\"e\","
       "\"operator\":\"Exists\"}]},\"MaxUnavailable\":0,\"UnhealthyPodEvictionPolicy\":\"AlwaysAllow\"}: minAvailable "
       "and maxUnavailable cannot be both set"},
      {"both set, an empty selector", budget("  minAvailable: 0\n  maxUnavailable: 0\n  selector: {}\n"),
       "spec: Invalid value: {\"MinAvailable\":0,\"Selector\":{},\"MaxUnavailable\":0,\"UnhealthyPodEvictionPolicy\":null}: "
       "minAvailable and maxUnavailable cannot be both set"},
      {"both set, v1beta1's label dropped from a selector",
       budget("  minAvailable: 1\n  maxUnavailable: 1\n  selector:\n    matchLabels: {a: b}\n"
              "    matchExpressions: [{key: " + v1beta1_label + ", operator: Exists}]\n"),
       "spec: Invalid value: {\"MinAvailable\":1,\"Selector\":{\"matchLabels\":{\"a\":\"b\"}},\"MaxUnavailable\":1,"
       "\"UnhealthyPodEvictionPolicy\":null}: minAvailable and maxUnavailable cannot be both set"},
      {"both set, v1beta1's match-none selector kept",
       budget("  minAvailable: 1\n  maxUnavailable: 1\n  selector:\n"
              "    matchExpressions: [{key: " + v1beta1_label + ", operator: Exists}]\n"),
       "spec: Invalid value: {\"MinAvailable\":1,\"Selector\":{\"matchExpressions\":[{\"key\":\"" + v1beta1_label +
           "\",\"operator\":\"Exists\"}]},\"MaxUnavailable\":1,\"UnhealthyPodEvictionPolicy\":null}: minAvailable and "
           "maxUnavailable cannot be both set"},
      {"a null member is absent", budget("  minAvailable: null\n  maxUnavailable: 1\n"), ""},
      {"negative minAvailable", budget("  minAvailable: -1\n"),
       "spec.minAvailable: Invalid value: -1: must be greater than or equal to 0"},
      {"negative maxUnavailable", budget("  maxUnavailable: -5\n"),
       "spec.maxUnavailable: Invalid value: -5: must be greater than or equal to 0"},
      {"not a percent", budget("  minAvailable: \"5\"\n"), "spec.minAvailable: Invalid value: \"5\": " + percent_error},
      {"a fractional percent", budget("  maxUnavailable: 5.5%\n"),
       "spec.maxUnavailable: Invalid value: \"5.5%\": " + percent_error},
      {"above 100%", budget("  minAvailable: 150%\n"),
       "spec.minAvailable: Invalid value: \"150%\": must not be greater than 100%"},
      {"100% with leading zeros", budget("  minAvailable: \"0100%\"\n"), ""},
      {"a huge percent", budget("  maxUnavailable: \"99999999999999999999%\"\n"),
       "spec.maxUnavailable: Invalid value: \"99999999999999999999%\": must not be greater than 100%"},
      {"unhealthy pod eviction policy", budget("  minAvailable: 1\n  unhealthyPodEvictionPolicy: Sometimes\n"),
       "spec.unhealthyPodEvictionPolicy: Unsupported value: \"Sometimes\": supported values: \"AlwaysAllow\", "
       "\"IfHealthyBudget\""},
      {"a bad selector after a bad minAvailable", budget("  minAvailable: -1\n  selector: {matchLabels: {\"a b\": c}}\n"),
       "spec.minAvailable: Invalid value: -1: must be greater than or equal to 0"},
      {"v1beta1's label is dropped before the selector is checked",
       budget("  minAvailable: 1\n  selector:\n    matchLabels: {a: b}\n"
              "    matchExpressions: [{key: " + v1beta1_label + ", operator: Bogus}]\n"),
       ""},
  };
  run(std::begin(rows), std::end(rows));
}
