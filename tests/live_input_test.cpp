// Reading the cluster through kubectl (--live), kubectl's -n for the pods to check, and the
// progress line of a long load.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "podfit/cli/live_input.h"
#include "podfit/cli/progress.h"
#include "podfit/load/loader.h"

using namespace podfit;

namespace {

const char* kNodeList = R"({"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": ""}, "items": [
  {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "node-a"},
   "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}},
  {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web", "namespace": "shop"},
   "spec": {"containers": [{"name": "nginx", "image": "nginx"}]}}
]})";

// Sets an environment variable for one scope, as it was before once the scope ends.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value != nullptr) ::setenv(name, value, 1);
    else ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_) ::setenv(name_, old_->c_str(), 1);
    else ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

}  // namespace

TEST_CASE("kubectl_get_arguments: every kind podfit reads, all namespaces, JSON, kubectl's own flags first") {
  struct Case {
    const char* name;
    std::string kubeconfig;
    std::string context;
    std::string want;
  };
  const std::string get = std::string("get ") + kLiveKinds + " --all-namespaces --output=json";
  const std::vector<Case> cases = {
      {"kubectl's defaults", "", "", get},
      {"a context", "", "prod", "--context=prod " + get},
      {"a kubeconfig", "/home/me/.kube/prod", "", "--kubeconfig=/home/me/.kube/prod " + get},
      {"both, a value with a leading dash kept whole", "k", "-odd", "--kubeconfig=k --context=-odd " + get},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) { CHECK(join(kubectl_get_arguments(c.kubeconfig, c.context)) == c.want); }
  }
  CHECK(std::string(kLiveKinds) ==
        "nodes,pods,namespaces,persistentvolumes,persistentvolumeclaims,storageclasses.storage.k8s.io,"
        "csinodes.storage.k8s.io,csidrivers.storage.k8s.io,csistoragecapacities.storage.k8s.io,"
        "priorityclasses.scheduling.k8s.io,runtimeclasses.node.k8s.io,limitranges,resourcequotas,poddisruptionbudgets.policy,"
        "resourceslices.resource.k8s.io,deviceclasses.resource.k8s.io,resourceclaims.resource.k8s.io,"
        "resourceclaimtemplates.resource.k8s.io,devicetaintrules.resource.k8s.io");
}

TEST_CASE("kubectl_program: $KUBECTL when set and not empty, else kubectl") {
  {
    ScopedEnv env("KUBECTL", nullptr);
    CHECK(kubectl_program() == "kubectl");
  }
  {
    ScopedEnv env("KUBECTL", "");
    CHECK(kubectl_program() == "kubectl");
  }
  {
    ScopedEnv env("KUBECTL", "/opt/k8s/bin/kubectl");
    CHECK(kubectl_program() == "/opt/k8s/bin/kubectl");
  }
}

TEST_CASE("load_live_cluster_state: kubectl missing, failing, or printing nothing") {
  struct Case {
    const char* name;
    const char* kubectl;
    std::string want;
  };
  const std::vector<Case> cases = {
      {"not found", "/nonexistent/kubectl",
       "--live: /nonexistent/kubectl not found: install kubectl, set KUBECTL to its path, or give the cluster state "
       "with -f"},
      {"fails", "false",
       "--live: kubectl failed (exit status 1) running: false get " + std::string(kLiveKinds) +
           " --all-namespaces --output=json"},
      {"succeeds with no output", "true", "kubectl get: the file is empty"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      ScopedEnv env("KUBECTL", c.kubectl);
      ClusterState cluster;
      std::ostringstream err;
      auto e = load_live_cluster_state("", "", LoadOptions{}, cluster, err);
      REQUIRE(e.has_value());
      CHECK(e->message == c.want);
    }
  }
}

TEST_CASE("load_cluster_state_fd: a pipe's output read as it arrives, named as given") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::thread writer([&] {
    std::string text = kNodeList;
    CHECK(::write(fds[1], text.data(), text.size()) == static_cast<ssize_t>(text.size()));
    ::close(fds[1]);
  });
  ClusterState cluster;
  auto e = load_cluster_state_fd(fds[0], "kubectl get", LoadOptions{}, cluster);
  writer.join();
  ::close(fds[0]);
  REQUIRE_FALSE(e.has_value());
  REQUIRE(cluster.nodes.size() == 1);
  CHECK(cluster.nodes[0].metadata.name == "node-a");
  REQUIRE(cluster.pods.size() == 1);
  CHECK(cluster.pods[0].origin.file == "kubectl get");
}

TEST_CASE("LoadOptions::namespace_: kubectl's -n for the pods to check") {
  const char* pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: debug\nspec:\n  containers:\n  - name: c\n    image: busybox\n";
  const char* job =
      "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: report\nspec:\n  template:\n    spec:\n      containers:\n"
      "      - name: c\n        image: busybox\n      restartPolicy: Never\n";
  const char* elsewhere =
      "apiVersion: v1\nkind: Pod\nmetadata:\n  name: debug\n  namespace: kube-system\nspec:\n  containers:\n"
      "  - name: c\n    image: busybox\n";
  const char* service = "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: kube-system\n---\n";
  struct Case {
    const char* name;
    std::string text;
    std::string namespace_;
    std::string want;  // the candidate's namespace, or the error
  };
  const std::vector<Case> cases = {
      {"no -n: default", pod, "", "default"},
      {"a pod without a namespace goes into -n's", pod, "shop", "shop"},
      {"a workload without a namespace goes into -n's", job, "shop", "shop"},
      {"a pod naming -n's namespace", elsewhere, "kube-system", "kube-system"},
      {"a pod naming another namespace is refused", elsewhere, "shop",
       "x.yaml: document 1 (Pod kube-system/debug), line 1: the namespace from the provided object \"kube-system\" does "
       "not match the namespace \"shop\". You must pass '--namespace=kube-system' to perform this operation."},
      {"kinds that are not checked are only counted", std::string(service) + pod, "shop", "shop"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      LoadOptions options;
      options.namespace_ = c.namespace_;
      CandidateSet set;
      auto e = load_candidates_text(c.text, "x.yaml", set, options);
      if (e) {
        CHECK(e->message == c.want);
      } else {
        REQUIRE(set.candidates.size() == 1);
        CHECK(set.candidates[0].pod.metadata.namespace_ == c.want);
        if (set.candidates[0].workload) CHECK(set.candidates[0].workload->namespace_ == c.want);
      }
    }
  }
}

TEST_CASE("LoadOptions::progress: told of every chunk, up to the whole input") {
  std::vector<uint64_t> bytes;
  std::string source;
  LoadOptions options;
  options.progress = [&](const std::string& s, uint64_t b, size_t) {
    source = s;
    bytes.push_back(b);
  };
  ClusterState cluster;
  REQUIRE_FALSE(load_cluster_state_text(kNodeList, "dump.json", cluster, options).has_value());
  REQUIRE_FALSE(bytes.empty());
  CHECK(source == "dump.json");
  CHECK(bytes.back() == std::string(kNodeList).size());
  for (size_t i = 1; i < bytes.size(); ++i) CHECK(bytes[i] >= bytes[i - 1]);
}

TEST_CASE("ProgressLine::describe: how far a load got") {
  struct Case {
    const char* name;
    uint64_t bytes;
    uint64_t total;
    size_t objects;
    std::string want;
  };
  const std::vector<Case> cases = {
      {"a file of known size", 412'300'000, 980'000'000, 51'234, "Loading dump.json: 42% (412.3 MB of 980.0 MB), 51,234 objects"},
      {"a pipe", 1'260'000, 0, 1, "Loading dump.json: 1.3 MB, 1 object"},
      {"nothing read yet", 0, 0, 0, "Loading dump.json: 0.0 MB, 0 objects"},
      {"a file that grew while read", 2'000'000, 1'000'000, 1'000, "Loading dump.json: 2.0 MB, 1,000 objects"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) { CHECK(ProgressLine::describe("dump.json", c.bytes, c.total, c.objects) == c.want); }
  }
}

TEST_CASE("ProgressLine: draws nothing when disabled") {
  ProgressLine progress(false);
  progress.waiting_for("kubectl get");
  progress.update("dump.json", 100, 1);
  progress.finish();
  progress.finish();  // a second finish is harmless
}

TEST_CASE("without_missing_kind: a type the server lacks leaves the kinds, nodes and pods never") {
  std::string dropped;
  const std::string kinds = "nodes,pods,resourceslices.resource.k8s.io,deviceclasses.resource.k8s.io";
  auto rest = without_missing_kind(kinds, "error: the server doesn't have a resource type \"resourceslices\"\n", &dropped);
  REQUIRE(rest.has_value());
  CHECK(*rest == "nodes,pods,deviceclasses.resource.k8s.io");
  CHECK(dropped == "resourceslices.resource.k8s.io");
  rest = without_missing_kind(*rest, "error: the server doesn't have a resource type \"deviceclasses\"\n", &dropped);
  REQUIRE(rest.has_value());
  CHECK(*rest == "nodes,pods");
  CHECK_FALSE(without_missing_kind(kinds, "error: the server doesn't have a resource type \"pods\"\n", &dropped));
  CHECK_FALSE(without_missing_kind(kinds, "error: the server doesn't have a resource type \"widgets\"\n", &dropped));
  CHECK_FALSE(without_missing_kind(kinds, "The connection to the server 127.0.0.1:6443 was refused\n", &dropped));
}

TEST_CASE("without_missing_kind: a cluster before v1.37 serves no DeviceTaintRules; the claims stay") {
  std::string dropped;
  auto rest = without_missing_kind(kLiveKinds, "error: the server doesn't have a resource type \"devicetaintrules\"\n", &dropped);
  REQUIRE(rest.has_value());
  CHECK(dropped == "devicetaintrules.resource.k8s.io");
  CHECK(rest->ends_with(",resourceclaims.resource.k8s.io,resourceclaimtemplates.resource.k8s.io"));
  // resourceclaims is no prefix match of resourceclaimtemplates: each is dropped by its own name.
  rest = without_missing_kind(*rest, "error: the server doesn't have a resource type \"resourceclaims\"\n", &dropped);
  REQUIRE(rest.has_value());
  CHECK(dropped == "resourceclaims.resource.k8s.io");
  CHECK(rest->ends_with(",deviceclasses.resource.k8s.io,resourceclaimtemplates.resource.k8s.io"));
}

TEST_CASE("load_live_cluster_state: the API server's answer holds every kind asked for whole, none included") {
  char dir[] = "/tmp/podfit-live-XXXXXX";
  REQUIRE(mkdtemp(dir) != nullptr);
  const std::string kubectl = std::string(dir) + "/kubectl";
  {
    std::ofstream script(kubectl);
    script << "#!/bin/sh\necho '{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": []}'\n";
  }
  REQUIRE(chmod(kubectl.c_str(), 0755) == 0);
  ScopedEnv env("KUBECTL", kubectl.c_str());
  ClusterState cluster;
  std::ostringstream err;
  CHECK_FALSE(load_live_cluster_state("", "", LoadOptions{}, cluster, err).has_value());
  for (const char* kind : {"Node", "Pod", "ResourceClaim", "ResourceClaimTemplate", "ResourceSlice", "DeviceClass",
                           "DeviceTaintRule", "StorageClass", "PodDisruptionBudget"}) {
    CAPTURE(kind);
    CHECK(cluster.listed_kinds.contains(kind));
  }
  std::remove(kubectl.c_str());
  rmdir(dir);
}
