// `podfit place` end to end: manifests written to files, run_place, the JSON report read back.
// The expected placements are worked out by hand from kube-scheduler's scoring (see each case),
// with clusters built so that no two nodes tie where it would matter.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "podfit/cli/place_command.h"
#include "manifest_files.h"

namespace podfit {
namespace {

using Manifests = ManifestFiles;

struct Run {
  int code = 0;
  std::string out;
  std::string err;
  nlohmann::json report() const { return nlohmann::json::parse(out); }
};

Run place(PlaceOptions options) {
  std::ostringstream out;
  std::ostringstream err;
  Run run;
  run.code = run_place(options, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

std::vector<std::string> placed_nodes(const nlohmann::json& report) {
  std::vector<std::string> nodes;
  for (const auto& p : report["placed"]) nodes.push_back(p["node"]);
  return nodes;
}

TEST_CASE("place: a Deployment of 10 replicas across 3 zones with topology spread") {
  // Zones a, b, c with one large and one small node each; memory is 4Gi per cpu and each pod
  // asks for 1 cpu and 4Gi, so both resources fill up alike: NodeResourcesBalancedAllocation
  // scores 100 everywhere and NodeResourcesFit (LeastAllocated) scores floor((C - n) * 100 / C)
  // for C cpus and n pods with the new one. The zone constraint (maxSkew 1, DoNotSchedule)
  // filters; among the rest the emptiest node by that formula wins:
  //   web-0 a-1 (90 of 10 cpus)  web-1 b-1 (88; zone a is one ahead)  web-2 c-1 (87; only c)
  //   web-3 c-2 (85 > a-2 83)    web-4 a-2 (83; c is ahead)           web-5 b-2 (80; only b)
  //   web-6 a-1 (80 > b-1 77)    web-7 b-1 (77)                        web-8 c-1 (75; only c)
  //   web-9 c-2 (71 > a-1 70)    -> zones a 3, b 3, c 4.
  Manifests m;
  PlaceOptions options;
  options.input.filenames = {m.write("cluster.yaml", node_manifest("a-1", "a", 10, 40, 110) + node_manifest("a-2", "a", 6, 24, 110) +
                                                          node_manifest("b-1", "b", 9, 36, 110) + node_manifest("b-2", "b", 5, 20, 110) +
                                                          node_manifest("c-1", "c", 8, 32, 110) + node_manifest("c-2", "c", 7, 28, 110))};
  options.input.pods = {m.write("web.yaml", R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 10
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: app
        image: web
        resources:
          requests:
            cpu: '1'
            memory: 4Gi
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: DoNotSchedule
        labelSelector:
          matchLabels:
            app: web
)")};
  options.output = "json";
  const Run run = place(options);
  INFO(run.err);
  REQUIRE(run.code == 0);
  const auto report = run.report();
  CHECK(placed_nodes(report) ==
        std::vector<std::string>{"a-1", "b-1", "c-1", "c-2", "a-2", "b-2", "a-1", "b-1", "c-1", "c-2"});
  std::vector<int64_t> scores;
  for (const auto& p : report["placed"]) {
    scores.push_back(p["score"]);
    CHECK(p["tie"] == false);
  }
  // 300 (TaintToleration) + 75 (BalancedAllocation: every node stays as balanced as it was) +
  // LeastAllocated.
  CHECK(scores == std::vector<int64_t>{465, 463, 462, 460, 458, 455, 455, 452, 450, 446});
  CHECK(report["placed"][0]["pod"]["name"] == "web-0");
  CHECK(report["placed"][9]["binding"]["target"]["name"] == "c-2");
  CHECK(report["fitCount"] == 10);
  CHECK(report["unplaced"].empty());
}

TEST_CASE("place --max: the exact count on a cluster of known free capacity") {
  // 500m / 1Gi pods: big-1 has 4 cpus with 1 used (6 pods), small-1 allows 3 pods, gpu-1 is
  // tainted. The tenth copy fits nowhere.
  Manifests m;
  PlaceOptions options;
  options.input.filenames = {m.write(
      "cluster.yaml", node_manifest("big-1", "z", 4, 16, 110) + node_manifest("small-1", "z", 2, 8, 3) +
                          node_manifest("gpu-1", "z", 8, 32, 110, "  taints:\n  - key: dedicated\n    value: gpu\n    effect: NoSchedule") +
                          R"(---
apiVersion: v1
kind: Pod
metadata:
  name: agent
  namespace: kube-system
spec:
  nodeName: big-1
  containers:
  - name: agent
    image: agent
    resources:
      requests:
        cpu: '1'
        memory: 2Gi
)")};
  options.input.pods = {m.write("worker.yaml", R"(apiVersion: v1
kind: Pod
metadata:
  name: worker
spec:
  containers:
  - name: worker
    image: worker
    resources:
      requests:
        cpu: 500m
        memory: 1Gi
)")};
  options.output = "json";
  options.max = true;
  const Run run = place(options);
  INFO(run.err);
  REQUIRE(run.code == 0);
  const auto report = run.report();
  CHECK(report["fitCount"] == 9);
  const auto nodes = placed_nodes(report);
  CHECK(std::count(nodes.begin(), nodes.end(), "big-1") == 6);
  CHECK(std::count(nodes.begin(), nodes.end(), "small-1") == 3);
  REQUIRE(report["unplaced"].size() == 1);
  CHECK(report["unplaced"][0]["pod"]["name"] == "worker-9");
  CHECK(report["unplaced"][0]["message"] ==
        "0/3 nodes are available: 1 Insufficient cpu, 1 Too many pods, 1 node(s) had untolerated taint(s).");
  CHECK(report["limitReached"] == false);
  CHECK(report["candidates"][0]["tried"] == 10);

  SUBCASE("--limit stops it and says so") {
    options.limit = 4;
    const Run limited = place(options);
    REQUIRE(limited.code == 0);
    CHECK(limited.report()["fitCount"] == 4);
    CHECK(limited.report()["limitReached"] == true);
    CHECK(limited.report()["unplaced"].empty());
  }
  SUBCASE("a pod that asks for nothing is bounded by the pods allocatable") {
    options.input.pods = {m.write("empty.yaml", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: idle\nspec:\n"
                                                "  containers:\n  - name: c\n    image: idle\n")};
    const Run run2 = place(options);
    REQUIRE(run2.code == 0);
    // big-1: 110 - 1 running, small-1: 3.
    CHECK(run2.report()["fitCount"] == 112);
    CHECK(run2.report()["unplaced"][0]["message"] ==
          "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Too many pods.");
  }
  SUBCASE("--replicas places that many, and exits 1 when some do not fit") {
    options.max = false;
    options.replicas = 11;
    const Run replicas = place(options);
    CHECK(replicas.code == 1);
    CHECK(replicas.report()["fitCount"] == 9);
    CHECK(replicas.report()["unplaced"].size() == 2);
    CHECK(replicas.report()["candidates"][0]["asked"] == 11);
  }
}

TEST_CASE("place: a StatefulSet's claims take the local volumes one each") {
  std::string cluster = node_manifest("store-1", "z", 8, 32, 110) + node_manifest("store-2", "z", 8, 32, 110) +
                        node_manifest("store-3", "z", 8, 32, 110) + R"(---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: local-ssd
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: WaitForFirstConsumer
)";
  for (const auto& [pv, host] : std::vector<std::pair<std::string, std::string>>{
           {"pv-1", "store-1"}, {"pv-2", "store-2"}, {"pv-3", "store-2"}}) {
    cluster += fmt::format(R"(---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: {}
spec:
  capacity:
    storage: 10Gi
  accessModes: [ReadWriteOnce]
  storageClassName: local-ssd
  local:
    path: /mnt/disk
  nodeAffinity:
    required:
      nodeSelectorTerms:
      - matchExpressions:
        - key: kubernetes.io/hostname
          operator: In
          values: [{}]
status:
  phase: Available
)",
                           pv, host);
  }
  Manifests m;
  PlaceOptions options;
  options.input.filenames = {m.write("cluster.yaml", cluster)};
  options.input.pods = {m.write("db.yaml", R"(apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  replicas: 4
  serviceName: db
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: db
        image: db
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
      storageClassName: local-ssd
      resources:
        requests:
          storage: 5Gi
)")};
  options.output = "json";
  const Run run = place(options);
  INFO(run.err);
  CHECK(run.code == 1);
  const auto report = run.report();
  std::vector<std::string> names;
  std::set<std::string> volumes;
  for (const auto& p : report["placed"]) {
    names.push_back(p["pod"]["name"]);
    REQUIRE(p["preBind"].size() == 1);
    const std::string write = p["preBind"][0];
    volumes.insert(write.substr(0, write.find(':')));
  }
  CHECK(names == std::vector<std::string>{"db-0", "db-1", "db-2"});
  CHECK(volumes == std::set<std::string>{"update PersistentVolume pv-1", "update PersistentVolume pv-2",
                                         "update PersistentVolume pv-3"});
  REQUIRE(report["unplaced"].size() == 1);
  CHECK(report["unplaced"][0]["pod"]["name"] == "db-3");
  CHECK(report["unplaced"][0]["message"] ==
        "0/3 nodes are available: 3 node(s) didn't find available persistent volumes to bind.");
}

TEST_CASE("place: pending pods in the order the scheduling queue pops them; DaemonSets per node") {
  Manifests m;
  PlaceOptions options;
  options.input.filenames = {m.write("cluster.yaml", node_manifest("node-1", "z", 2, 8, 110) + node_manifest("node-2", "z", 1, 8, 110) + R"(---
apiVersion: v1
kind: Pod
metadata:
  name: report
spec:
  priority: 0
  containers:
  - name: c
    image: report
    resources:
      requests:
        cpu: 1500m
---
apiVersion: v1
kind: Pod
metadata:
  name: checkout
spec:
  priority: 1000
  containers:
  - name: c
    image: checkout
    resources:
      requests:
        cpu: 1500m
)")};
  options.output = "json";
  const Run run = place(options);
  CHECK(run.code == 1);
  const auto report = run.report();
  REQUIRE(report["placed"].size() == 1);
  CHECK(report["placed"][0]["pod"]["name"] == "checkout");
  CHECK(report["placed"][0]["score"].is_null());  // the only feasible node is not scored
  CHECK(report["unplaced"][0]["pod"]["name"] == "report");

  options.input.pods = {m.write("agent.yaml", R"(apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      containers:
      - name: c
        image: agent
        resources:
          requests:
            cpu: 500m
)")};
  const Run daemons = place(options);
  CHECK(daemons.code == 0);
  CHECK(placed_nodes(daemons.report()) == std::vector<std::string>{"node-1", "node-2"});
}

TEST_CASE("place: pods no profile serves, and gated pods, are not scheduled") {
  Manifests m;
  PlaceOptions options;
  options.input.filenames = {m.write("cluster.yaml", node_manifest("node-1", "z", 2, 8, 110))};
  options.input.pods = {m.write("pods.yaml", R"(apiVersion: v1
kind: Pod
metadata:
  name: other
spec:
  schedulerName: other-scheduler
  containers:
  - name: c
    image: x
---
apiVersion: v1
kind: Pod
metadata:
  name: gated
spec:
  schedulingGates:
  - name: example.com/wait
  containers:
  - name: c
    image: x
)")};
  options.output = "json";
  const Run run = place(options);
  CHECK(run.code == 1);
  const auto report = run.report();
  REQUIRE(report["unplaced"].size() == 2);
  CHECK(report["unplaced"][0]["stage"] == "Unserved");
  CHECK(report["unplaced"][0]["message"] == "no profile of the configuration serves schedulerName \"other-scheduler\"");
  CHECK(report["unplaced"][1]["stage"] == "Gated");
  CHECK(report["unplaced"][1]["message"] == "waiting for scheduling gates: [example.com/wait]");
}

TEST_CASE("place: usage errors exit 2") {
  Manifests m;
  PlaceOptions options;
  options.input.filenames = {m.write("cluster.yaml", node_manifest("node-1", "z", 2, 8, 110))};
  SUBCASE("unknown output") {
    options.output = "name";
    const Run run = place(options);
    CHECK(run.code == 2);
    CHECK(run.err == "error: unknown output format \"name\": use one of table, wide, json, yaml, bindings\n");
  }
  SUBCASE("--replicas and --max") {
    options.replicas = 2;
    options.max = true;
    CHECK(place(options).code == 2);
  }
  SUBCASE("--replicas above --limit") {
    options.replicas = 20;
    options.limit = 10;
    const Run run = place(options);
    CHECK(run.code == 2);
    CHECK(run.err == "error: --replicas 20 is more than --limit 10: raise --limit to place that many\n");
  }
  SUBCASE("nothing to place") {
    const Run run = place(options);
    CHECK(run.code == 0);
    CHECK(run.err == "podfit: no pending pods in the cluster state; use --pod to place a pod\n");
  }
}

}  // namespace
}  // namespace podfit
