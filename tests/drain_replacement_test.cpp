// The pods controllers create in place of evicted ones.
#include <doctest/doctest.h>

#include "podfit/drain/replacement.h"

namespace podfit {
namespace {

Pod owned_pod(std::string kind, std::string owner, std::string name) {
  Pod pod;
  pod.metadata.name = std::move(name);
  pod.metadata.namespace_ = "shop";
  pod.metadata.uid = "uid-1";
  pod.metadata.creation_timestamp = "2026-11-01T08:00:00Z";
  OwnerReference ref;
  ref.kind = std::move(kind);
  ref.name = std::move(owner);
  ref.controller = true;
  pod.metadata.owner_references.push_back(ref);
  pod.spec.node_name = "node-a";
  pod.status.phase = "Running";
  pod.status.nominated_node_name = "node-b";
  return pod;
}

TEST_CASE("a StatefulSet pod's replacement keeps its name and its claims") {
  Pod pod = owned_pod("StatefulSet", "db", "db-0");
  Volume data;
  data.name = "data";
  data.source.type = std::string(kPersistentVolumeClaimSource);
  data.claim_name = "data-db-0";
  pod.spec.volumes.push_back(data);
  const Pod replacement = replacement_pod(pod, 3);
  CHECK(replacement.metadata.name == "db-0");
  REQUIRE(replacement.spec.volumes.size() == 1);
  CHECK(replacement.spec.volumes[0].claim_name == "data-db-0");
  CHECK(replacement.spec.node_name.empty());
  CHECK(replacement.metadata.uid.empty());
  CHECK(replacement.metadata.creation_timestamp.empty());
  CHECK(replacement.status.phase == "Pending");
  CHECK(replacement.status.nominated_node_name.empty());
  CHECK(replacement.metadata.owner_references.size() == 1);
}

TEST_CASE("other controllers' replacements get a deterministic new name") {
  Pod rs = owned_pod("ReplicaSet", "web-7d9f", "web-7d9f-abcde");
  rs.metadata.generate_name = "web-7d9f-";
  CHECK(replacement_pod(rs, 0).metadata.name == "web-7d9f-replacement-0");
  CHECK(replacement_pod(rs, 4).metadata.name == "web-7d9f-replacement-4");
  // No generateName: the pod's own name stands in for it.
  Pod job = owned_pod("Job", "report", "report-x");
  CHECK(replacement_pod(job, 1).metadata.name == "report-x-replacement-1");
  // The spec the scheduler reads is the evicted pod's, labels included.
  rs.metadata.labels.set("app", "web");
  const Pod replacement = replacement_pod(rs, 0);
  REQUIRE(replacement.metadata.labels.find("app") != nullptr);
  CHECK(*replacement.metadata.labels.find("app") == "web");
  CHECK(replacement.spec.node_name.empty());
}

}  // namespace
}  // namespace podfit
