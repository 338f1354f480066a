// Writes a deterministic, kubectl-shaped cluster dump (`kubectl get nodes,pods -A -o json|yaml`)
// for benchmarks: nodes with zones, taints, allocatable, conditions and images; running pods with
// managedFields, owners, requests, probes, host ports, node affinity, anti-affinity and spread
// constraints; and pending pods mixing those constraints.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "podfit/report/yaml_emitter.h"

#include "bench_rng.h"

using json = nlohmann::ordered_json;

namespace {

struct Options {
  int nodes = 5000;
  int pods = 150000;
  int pending = 100;
  int zones = 3;
  uint64_t seed = 42;
  std::string format = "json";
};

const char* kApps[] = {"web", "api", "cart", "checkout", "search", "payments", "catalog", "auth", "cache", "queue",
                       "worker", "ingest", "report", "notify", "ledger", "gateway"};
const char* kNamespaces[] = {"shop", "payments", "search", "platform", "data", "ml", "monitoring", "default"};
const char* kInstanceTypes[] = {"m6i.2xlarge", "m6i.4xlarge", "c6i.4xlarge", "r6i.2xlarge"};

std::string zone_name(int z) { return fmt::format("us-east-1{}", static_cast<char>('a' + z % 26)) + (z >= 26 ? std::to_string(z / 26) : ""); }

json managed_fields(const std::string& manager, const std::string& time, Rng& rng) {
  json fields = {{"f:metadata", {{"f:labels", {{".", json::object()}, {"f:app", json::object()}}},
                                 {"f:annotations", {{"f:kubectl.kubernetes.io/restartedAt", json::object()}}}}},
                 {"f:spec", {{"f:containers", {{"k:{\"name\":\"app\"}", {{".", json::object()},
                                                                         {"f:image", json::object()},
                                                                         {"f:resources", {{"f:requests", json::object()}}}}}}}}}};
  json status = {{"f:status", {{"f:conditions", {{"k:{\"type\":\"Ready\"}", {{".", json::object()},
                                                                           {"f:lastTransitionTime", json::object()},
                                                                           {"f:status", json::object()}}}}},
                               {"f:containerStatuses", json::object()}, {"f:podIP", json::object()}}}};
  return json::array({{{"apiVersion", "v1"}, {"fieldsType", "FieldsV1"}, {"fieldsV1", fields}, {"manager", manager},
                       {"operation", "Update"}, {"time", time}},
                      {{"apiVersion", "v1"}, {"fieldsType", "FieldsV1"}, {"fieldsV1", status}, {"manager", "kubelet"},
                       {"operation", "Update"}, {"subresource", "status"}, {"time", time}},
                      {{"apiVersion", "v1"}, {"fieldsType", "FieldsV1"},
                       {"fieldsV1", {{"f:metadata", {{"f:resourceVersion", rng.hex(6)}}}}}, {"manager", "kube-scheduler"},
                       {"operation", "Update"}, {"time", time}}});
}

json condition(const char* type, const char* status, const char* reason, const char* message) {
  return {{"lastHeartbeatTime", "2026-11-20T10:12:31Z"}, {"lastTransitionTime", "2026-10-01T08:00:00Z"},
          {"message", message}, {"reason", reason}, {"status", status}, {"type", type}};
}

json make_node(int i, const Options& o, Rng& rng) {
  std::string name = fmt::format("ip-10-{}-{}-{}.ec2.internal", i / 65536 % 256, i / 256 % 256, i % 256);
  int zone = i % o.zones;
  int type = rng.below(4);
  int cpu = type == 1 || type == 2 ? 16 : 8;
  int mem = type == 3 ? 64 : (type == 1 ? 64 : 32);
  json labels = {{"beta.kubernetes.io/arch", "amd64"}, {"beta.kubernetes.io/os", "linux"},
                 {"kubernetes.io/arch", "amd64"}, {"kubernetes.io/hostname", name}, {"kubernetes.io/os", "linux"},
                 {"node.kubernetes.io/instance-type", kInstanceTypes[type]},
                 {"topology.kubernetes.io/region", "us-east-1"}, {"topology.kubernetes.io/zone", zone_name(zone)},
                 {"failure-domain.beta.kubernetes.io/zone", zone_name(zone)},
                 {"eks.amazonaws.com/nodegroup", fmt::format("ng-{}", type)}};
  if (i % 10 == 0) labels["disktype"] = "ssd";
  json spec = {{"podCIDR", fmt::format("10.{}.{}.0/24", 100 + i / 256 % 100, i % 256)},
               {"providerID", fmt::format("aws:///{}/i-{}", zone_name(zone), rng.hex(17))}};
  if (i % 50 == 0) spec["taints"] = json::array({{{"effect", "NoSchedule"}, {"key", "dedicated"}, {"value", "gpu"}}});
  if (i % 97 == 0) {
    spec["unschedulable"] = true;
    spec["taints"] = json::array({{{"effect", "NoSchedule"}, {"key", "node.kubernetes.io/unschedulable"},
                                   {"timeAdded", "2026-11-20T09:00:00Z"}}});
  }
  json resources = {{"cpu", std::to_string(cpu)}, {"ephemeral-storage", "104845292Ki"}, {"hugepages-1Gi", "0"},
                    {"hugepages-2Mi", "0"}, {"memory", fmt::format("{}Ki", mem * 1024 * 1024 - 1048576)},
                    {"pods", "110"}};
  json allocatable = {{"cpu", fmt::format("{}m", cpu * 1000 - 90)}, {"ephemeral-storage", "95551679124"},
                      {"hugepages-1Gi", "0"}, {"hugepages-2Mi", "0"},
                      {"memory", fmt::format("{}Ki", mem * 1024 * 1024 - 1800000)}, {"pods", "110"}};
  json images = json::array();
  for (int k = 0; k < 12; ++k) {
    const char* app = kApps[(i + k) % 16];
    images.push_back({{"names", {fmt::format("registry.example.com/{}@sha256:{}", app, rng.hex(64)),
                                 fmt::format("registry.example.com/{}:1.{}.{}", app, k % 7, i % 5)}},
                      {"sizeBytes", 20000000 + rng.below(400000000)}});
  }
  return {{"apiVersion", "v1"},
          {"kind", "Node"},
          {"metadata", {{"annotations", {{"alpha.kubernetes.io/provided-node-ip", fmt::format("10.0.{}.{}", i / 256 % 256, i % 256)},
                                         {"node.alpha.kubernetes.io/ttl", "0"},
                                         {"volumes.kubernetes.io/controller-managed-attach-detach", "true"}}},
                        {"creationTimestamp", "2026-10-01T08:00:00Z"},
                        {"labels", labels},
                        {"managedFields", managed_fields("kubelet", "2026-11-20T10:12:31Z", rng)},
                        {"name", name},
                        {"resourceVersion", std::to_string(1000000 + i)},
                        {"uid", rng.uid()}}},
          {"spec", spec},
          {"status", {{"addresses", json::array({{{"address", fmt::format("10.0.{}.{}", i / 256 % 256, i % 256)}, {"type", "InternalIP"}},
                                                 {{"address", name}, {"type", "Hostname"}}})},
                      {"allocatable", allocatable},
                      {"capacity", resources},
                      {"conditions", json::array({condition("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
                                                  condition("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
                                                  condition("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
                                                  condition("Ready", "True", "KubeletReady", "kubelet is posting ready status")})},
                      {"daemonEndpoints", {{"kubeletEndpoint", {{"Port", 10250}}}}},
                      {"images", images},
                      {"nodeInfo", {{"architecture", "amd64"}, {"bootID", rng.uid()}, {"containerRuntimeVersion", "containerd://2.1.0"},
                                    {"kernelVersion", "6.1.0-27-cloud-amd64"}, {"kubeProxyVersion", ""}, {"kubeletVersion", "v1.37.0"},
                                    {"machineID", rng.hex(32)}, {"operatingSystem", "linux"},
                                    {"osImage", "Debian GNU/Linux 12 (bookworm)"}, {"systemUUID", rng.uid()}}}}}};
}

// A pod's constraints: some pods carry node affinity, anti-affinity, spread constraints, host ports.
void add_constraints(json& spec, const std::string& app, int i, const Options& o) {
  if (i % 7 == 0) {
    spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"] =
        json::array({{{"matchExpressions", json::array({{{"key", "topology.kubernetes.io/zone"}, {"operator", "In"},
                                                         {"values", {zone_name(i % o.zones), zone_name((i + 1) % o.zones)}}}})}}});
  }
  if (i % 5 == 0) {
    spec["affinity"]["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"] = json::array(
        {{{"labelSelector", {{"matchLabels", {{"app", app}}}}}, {"topologyKey", "kubernetes.io/hostname"}}});
  }
  if (i % 3 == 0) {
    spec["topologySpreadConstraints"] = json::array({{{"labelSelector", {{"matchLabels", {{"app", app}}}}},
                                                      {"maxSkew", 1},
                                                      {"topologyKey", "topology.kubernetes.io/zone"},
                                                      {"whenUnsatisfiable", i % 2 == 0 ? "DoNotSchedule" : "ScheduleAnyway"}}});
  }
}

json make_pod(int i, const std::string& node, bool pending, const Options& o, Rng& rng) {
  const char* ns = kNamespaces[i % 8];
  std::string app = kApps[i % 16];
  std::string hash = rng.suffix(10);
  std::string name = fmt::format("{}-{}-{}", app, hash, rng.suffix(5));
  int cpu_m = 50 + rng.below(8) * 50;
  int mem_mi = 64 + rng.below(8) * 64;
  json container = {{"env", json::array({{{"name", "APP"}, {"value", app}}, {{"name", "LOG_LEVEL"}, {"value", "info"}},
                                         {{"name", "POD_NAME"}, {"valueFrom", {{"fieldRef", {{"apiVersion", "v1"}, {"fieldPath", "metadata.name"}}}}}}})},
                    {"image", fmt::format("registry.example.com/{}:1.{}.{}", app, i % 7, i % 5)},
                    {"imagePullPolicy", "IfNotPresent"},
                    {"livenessProbe", {{"failureThreshold", 3}, {"httpGet", {{"path", "/healthz"}, {"port", 8080}, {"scheme", "HTTP"}}},
                                       {"periodSeconds", 10}, {"successThreshold", 1}, {"timeoutSeconds", 1}}},
                    {"name", "app"},
                    {"ports", json::array({{{"containerPort", 8080}, {"name", "http"}, {"protocol", "TCP"}}})},
                    {"resources", {{"limits", {{"memory", fmt::format("{}Mi", mem_mi * 2)}}},
                                   {"requests", {{"cpu", fmt::format("{}m", cpu_m)}, {"memory", fmt::format("{}Mi", mem_mi)}}}}},
                    {"terminationMessagePath", "/dev/termination-log"},
                    {"terminationMessagePolicy", "File"},
                    {"volumeMounts", json::array({{{"mountPath", "/var/run/secrets/kubernetes.io/serviceaccount"},
                                                   {"name", "kube-api-access-" + rng.suffix(5)}, {"readOnly", true}}})}};
  if (i % 40 == 0) container["ports"][0]["hostPort"] = 9100 + i % 3;
  json spec = {{"containers", json::array({container})},
               {"dnsPolicy", "ClusterFirst"},
               {"enableServiceLinks", true},
               {"preemptionPolicy", "PreemptLowerPriority"},
               {"priority", 0},
               {"restartPolicy", "Always"},
               {"schedulerName", "default-scheduler"},
               {"securityContext", json::object()},
               {"serviceAccount", "default"},
               {"serviceAccountName", "default"},
               {"terminationGracePeriodSeconds", 30},
               {"tolerations", json::array({{{"effect", "NoExecute"}, {"key", "node.kubernetes.io/not-ready"}, {"operator", "Exists"}, {"tolerationSeconds", 300}},
                                            {{"effect", "NoExecute"}, {"key", "node.kubernetes.io/unreachable"}, {"operator", "Exists"}, {"tolerationSeconds", 300}}})},
               {"volumes", json::array({{{"name", "kube-api-access-x"},
                                         {"projected", {{"defaultMode", 420},
                                                        {"sources", json::array({{{"serviceAccountToken", {{"expirationSeconds", 3607}, {"path", "token"}}}},
                                                                                 {{"configMap", {{"items", json::array({{{"key", "ca.crt"}, {"path", "ca.crt"}}})}, {"name", "kube-root-ca.crt"}}}}})}}}}})}};
  add_constraints(spec, app, i, o);
  if (!pending) spec["nodeName"] = node;
  json status;
  if (pending) {
    status = {{"conditions", json::array({{{"lastProbeTime", nullptr}, {"lastTransitionTime", "2026-11-20T10:00:00Z"},
                                           {"message", "0/5000 nodes are available"}, {"reason", "Unschedulable"},
                                           {"status", "False"}, {"type", "PodScheduled"}}})},
              {"phase", "Pending"}, {"qosClass", "Burstable"}};
  } else {
    status = {{"conditions", json::array({{{"lastProbeTime", nullptr}, {"lastTransitionTime", "2026-11-01T09:00:05Z"}, {"status", "True"}, {"type", "Initialized"}},
                                          {{"lastProbeTime", nullptr}, {"lastTransitionTime", "2026-11-01T09:00:15Z"}, {"status", "True"}, {"type", "Ready"}},
                                          {{"lastProbeTime", nullptr}, {"lastTransitionTime", "2026-11-01T09:00:15Z"}, {"status", "True"}, {"type", "ContainersReady"}},
                                          {{"lastProbeTime", nullptr}, {"lastTransitionTime", "2026-11-01T09:00:00Z"}, {"status", "True"}, {"type", "PodScheduled"}}})},
              {"containerStatuses", json::array({{{"containerID", "containerd://" + rng.hex(64)},
                                                  {"image", fmt::format("registry.example.com/{}:1.{}.{}", app, i % 7, i % 5)},
                                                  {"imageID", "registry.example.com/" + app + "@sha256:" + rng.hex(64)},
                                                  {"lastState", json::object()}, {"name", "app"}, {"ready", true}, {"restartCount", 0},
                                                  {"started", true}, {"state", {{"running", {{"startedAt", "2026-11-01T09:00:10Z"}}}}}}})},
              {"hostIP", "10.0.0.1"}, {"phase", "Running"}, {"podIP", fmt::format("10.{}.{}.{}", 100 + i % 100, i / 256 % 256, i % 256)},
              {"qosClass", "Burstable"}, {"startTime", "2026-11-01T09:00:00Z"}};
  }
  return {{"apiVersion", "v1"},
          {"kind", "Pod"},
          {"metadata", {{"annotations", {{"kubectl.kubernetes.io/restartedAt", "2026-11-01T09:00:00Z"}}},
                        {"creationTimestamp", "2026-11-01T09:00:00Z"},
                        {"generateName", fmt::format("{}-{}-", app, hash)},
                        {"labels", {{"app", app}, {"pod-template-hash", hash}}},
                        {"managedFields", managed_fields("kube-controller-manager", "2026-11-01T09:00:00Z", rng)},
                        {"name", name},
                        {"namespace", ns},
                        {"ownerReferences", json::array({{{"apiVersion", "apps/v1"}, {"blockOwnerDeletion", true}, {"controller", true},
                                                         {"kind", "ReplicaSet"}, {"name", app + "-" + hash}, {"uid", rng.uid()}}})},
                        {"resourceVersion", std::to_string(2000000 + i)},
                        {"uid", rng.uid()}}},
          {"spec", spec},
          {"status", status}};
}

int usage() {
  std::cerr << "usage: gen_cluster [--nodes N] [--pods N] [--pending N] [--zones N] [--seed N] [--format json|yaml]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (i + 1 >= argc) return usage();
    std::string value = argv[++i];
    if (arg == "--nodes") o.nodes = std::stoi(value);
    else if (arg == "--pods") o.pods = std::stoi(value);
    else if (arg == "--pending") o.pending = std::stoi(value);
    else if (arg == "--zones") o.zones = std::stoi(value);
    else if (arg == "--seed") o.seed = std::stoull(value);
    else if (arg == "--format") o.format = value;
    else return usage();
  }
  if (o.format != "json" && o.format != "yaml") return usage();
  Rng rng{o.seed};
  std::vector<std::string> node_names;
  // Items are written one at a time so memory stays flat however large the dump.
  bool first = true;
  auto write_item = [&](const json& item) {
    if (o.format == "json") {
      std::cout << (first ? "\n" : ",\n") << item.dump(4);
    } else {
      std::ostringstream yaml;
      podfit::emit_yaml(yaml, json::array({item}));
      std::cout << yaml.str();
    }
    first = false;
  };
  std::cout << (o.format == "json" ? "{\n    \"apiVersion\": \"v1\",\n    \"items\": [" : "apiVersion: v1\nitems:\n");
  for (int i = 0; i < o.nodes; ++i) {
    json node = make_node(i, o, rng);
    node_names.push_back(node["metadata"]["name"]);
    write_item(node);
  }
  for (int i = 0; i < o.pods; ++i) write_item(make_pod(i, node_names[static_cast<size_t>(i) % node_names.size()], false, o, rng));
  for (int i = 0; i < o.pending; ++i) write_item(make_pod(o.pods + i, "", true, o, rng));
  std::cout << (o.format == "json" ? "\n    ],\n    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n"
                                   : "kind: List\nmetadata:\n  resourceVersion: \"\"\n");
  return 0;
}
