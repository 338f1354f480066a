// `podfit check` of workloads: their replicas placed as `place` places them, and the input gaps
// a gate must not pass silently, warned about or refused with --strict.
#include <doctest/doctest.h>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "podfit/cli/check_command.h"
#include "podfit/cli/place_command.h"
#include "manifest_files.h"

namespace podfit {
namespace {

using Manifests = ManifestFiles;

// A node of `cpu` cores in zone a.
std::string node(const std::string& name, int cpu) { return node_manifest(name, "a", cpu, 64, 110); }

std::string deployment(const std::string& name, int replicas, const std::string& cpu) {
  return fmt::format(R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: {0}
  namespace: shop
spec:
  replicas: {1}
  selector:
    matchLabels:
      app: {0}
  template:
    metadata:
      labels:
        app: {0}
    spec:
      containers:
      - name: app
        image: app:1
        resources:
          requests:
            cpu: {2}
)",
                     name, replicas, cpu);
}

struct Run {
  int code = 0;
  std::string out;
  std::string err;
};

Run check(const CheckOptions& options) {
  std::ostringstream out, err;
  Run run;
  run.code = run_check(options, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

TEST_CASE("check: a Deployment's replicas are placed as place places them") {
  // Two nodes of 4 cpus hold two replicas of 1500m each: four of the six fit, the fifth does not.
  Manifests m;
  const std::string cluster = m.write("cluster.yaml", node("n1", 4) + node("n2", 4));
  const std::string api = m.write("api.yaml", deployment("api", 6, "1500m"));
  CheckOptions options;
  options.input.filenames = {cluster};
  options.input.pods = {api};
  options.output = "json";
  const Run run = check(options);
  CHECK(run.code == 1);
  const auto result = nlohmann::json::parse(run.out)["results"][0];
  CHECK(result["schedulable"] == true);
  CHECK(result["replicas"] == 6);
  CHECK(result["replicasPlaced"] == 4);
  CHECK(result["unplacedReplica"]["name"] == "api-4");
  CHECK(result["unplacedReplica"]["message"] == "0/2 nodes are available: 2 Insufficient cpu.");
  CHECK(result["source"] == nlohmann::json{{"kind", "Deployment"}, {"file", api}, {"document", 1}, {"line", 1}});

  PlaceOptions place;
  place.input = options.input;
  place.output = "json";
  std::ostringstream out, err;
  CHECK(run_place(place, out, err) == 1);
  CHECK(nlohmann::json::parse(out.str())["candidates"][0]["placed"] == 4);
}

TEST_CASE("check: every replica placed exits 0; each workload on the cluster state as read") {
  Manifests m;
  const std::string cluster = m.write("cluster.yaml", node("n1", 4) + node("n2", 4));
  // Each fits alone (4 of 8 cpus); together they would not: check places each on its own.
  const std::string a = m.write("a.yaml", deployment("a", 4, "1"));
  const std::string b = m.write("b.yaml", deployment("b", 4, "1"));
  CheckOptions options;
  options.input.filenames = {cluster};
  options.input.pods = {a, b};
  const Run run = check(options);
  CHECK(run.code == 0);
  CHECK(run.out.find("Deployment shop/a   4/4") != std::string::npos);
  CHECK(run.out.ends_with("2 workloads checked: 2 fit, 0 fit nowhere\n"));
}

TEST_CASE("check: input gaps are warnings, and errors with --strict") {
  Manifests m;
  const std::string chart = m.write("chart.yaml", deployment("api", 2, "1"));
  CheckOptions options;
  options.input.filenames = {chart};
  Run run = check(options);
  CHECK(run.code == 0);
  CHECK(run.err.find("podfit: warning: the cluster state has no Node, so no pod can be scheduled") != std::string::npos);
  options.input.strict = true;
  run = check(options);
  CHECK(run.code == 2);
  CHECK(run.out.empty());
  CHECK(run.err.find("error: --strict: the cluster state has no Node") != std::string::npos);

  const std::string cluster = m.write("state/cluster.yaml", node("n1", 4));
  m.write("state/more/nodes.yaml", node("n2", 4));
  options.input.filenames = {m.dir() + "/state"};
  run = check(options);
  CHECK(run.code == 2);
  CHECK(run.err == fmt::format("error: --strict: skipped directory {}/state/more (1 manifest): add -R to read it\n",
                               m.dir()));
  options.input.recursive = true;
  options.input.namespace_ = "nowhere";
  run = check(options);
  CHECK(run.code == 2);
  CHECK(run.err == "error: --strict: namespace \"nowhere\" (-n) does not exist in the cluster state\n");
  options.input.namespace_.clear();
  run = check(options);
  CHECK(run.code == 0);
  CHECK(run.err == "podfit: no pending pods in the cluster state; use --pod to check a pod\n");
}

}  // namespace
}  // namespace podfit
