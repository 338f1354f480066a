// ImageLocality: image_locality_test.go (TestImageLocalityPriority, TestNormalizedImageName), and
// image volumes per release (#130231 in v1.36, #138951 in v1.37).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builders.h"
#include "podfit/plugins/image_locality.h"
#include "score_test_support.h"

namespace podfit {
namespace {

using testing::ScoreCluster;
using testing::scores;
using testing::show_scores;

constexpr int64_t kMiB = 1024 * 1024;

Pod pod_with_images(const std::vector<std::string>& images, const std::vector<std::string>& init_images = {}) {
  Pod pod;
  pod.metadata.name = "pod";
  pod.metadata.namespace_ = "default";
  for (size_t i = 0; i < images.size(); ++i) {
    Container c;
    c.name = "c" + std::to_string(i);
    c.image = images[i];
    pod.spec.containers.push_back(c);
  }
  for (size_t i = 0; i < init_images.size(); ++i) {
    Container c;
    c.name = "init" + std::to_string(i);
    c.image = init_images[i];
    pod.spec.init_containers.push_back(c);
  }
  return pod;
}

// The pod with image volumes (volumes[].image.reference) added.
Pod with_image_volumes(Pod pod, const std::vector<std::string>& references) {
  for (size_t i = 0; i < references.size(); ++i) {
    Volume volume;
    volume.name = "v" + std::to_string(i);
    volume.source.type = "image";
    volume.source.image_reference = references[i];
    pod.spec.volumes.push_back(volume);
  }
  return pod;
}

// makeImageNode: a node holding these images (names, size in MiB).
Node image_node(const std::string& name, const std::vector<std::pair<std::vector<std::string>, int64_t>>& images) {
  Node node;
  node.metadata.name = name;
  for (const auto& [names, size] : images) node.status.images.push_back(ContainerImage{names, size * kMiB});
  return node;
}

TEST_CASE("ImageLocality score: TestImageLocalityPriority") {
  const Node node403002000 =
      image_node("", {{{"gcr.io/40:latest", "gcr.io/40:v1", "gcr.io/40:v1"}, 40},
                      {{"gcr.io/300:latest", "gcr.io/300:v1"}, 300},
                      {{"gcr.io/2000:latest"}, 2000}});
  const Node node25010 = image_node("", {{{"gcr.io/250:latest"}, 250}, {{"gcr.io/10:latest", "gcr.io/10:v1"}, 10}});
  const Node node60040900 =
      image_node("", {{{"gcr.io/600:latest"}, 600}, {{"gcr.io/40:latest"}, 40}, {{"gcr.io/900:latest"}, 900}});
  const Node node300600900 =
      image_node("", {{{"gcr.io/300:latest"}, 300}, {{"gcr.io/600:latest"}, 600}, {{"gcr.io/900:latest"}, 900}});
  const Node node400030 = image_node("", {{{"gcr.io/4000:latest"}, 4000}, {{"gcr.io/30:latest"}, 30}});
  const Node node203040 =
      image_node("", {{{"gcr.io/20:latest"}, 20}, {{"gcr.io/30:latest"}, 30}, {{"gcr.io/40:latest"}, 40}});
  const Node no_images = image_node("", {});
  auto named = [](Node node, const std::string& name) {
    node.metadata.name = name;
    return node;
  };

  struct Case {
    std::string name;
    Pod pod;
    std::vector<Node> nodes;
    NodeScoreList want;
  };
  const std::vector<Case> cases = {
      {"two images spread on two nodes, prefer the larger image one",
       pod_with_images({"gcr.io/40", "gcr.io/250"}),
       {named(node403002000, "node1"), named(node25010, "node2")},
       scores({{"node1", 0}, {"node2", 5}})},
      {"two images on one node, prefer this node",
       pod_with_images({"gcr.io/40", "gcr.io/300"}),
       {named(node403002000, "node1"), named(node25010, "node2")},
       scores({{"node1", 7}, {"node2", 0}})},
      {"if exceed limit, use limit",
       pod_with_images({"gcr.io/10", "gcr.io/4000"}),
       {named(node400030, "node1"), named(node25010, "node2")},
       scores({{"node1", 100}, {"node2", 0}})},
      {"if exceed limit, use limit (with node which has no images present)",
       pod_with_images({"gcr.io/10", "gcr.io/4000"}),
       {named(node400030, "node1"), named(node25010, "node2"), named(no_images, "node3")},
       scores({{"node1", 66}, {"node2", 0}, {"node3", 0}})},
      {"pod with multiple large images, node2 is preferred",
       pod_with_images({"gcr.io/300", "gcr.io/600", "gcr.io/900"}),
       {named(node60040900, "node1"), named(node300600900, "node2"), named(no_images, "node3")},
       scores({{"node1", 32}, {"node2", 36}, {"node3", 0}})},
      {"pod with multiple small images",
       pod_with_images({"gcr.io/30", "gcr.io/40"}),
       {named(node203040, "node1"), named(node400030, "node2")},
       scores({{"node1", 1}, {"node2", 0}})},
      {"include InitContainers: two images spread on two nodes, prefer the larger image one",
       pod_with_images({"gcr.io/30"}, {"gcr.io/300"}),
       {named(node403002000, "node1"), named(node203040, "node2")},
       scores({{"node1", 6}, {"node2", 0}})},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      ImageLocality plugin;
      ScoreCluster cluster(c.nodes);
      auto run = testing::run_plugin_scoring(&plugin, plugin, c.pod, cluster, cluster.nodes());
      CHECK(run.pre_score.is_success());
      CHECK(run.score.is_success());
      CHECK_MESSAGE(run.scores == c.want, show_scores(run.scores));
    }
  }
}

TEST_CASE("ImageLocality score: image volumes per release") {
  const Node node403002000 =
      image_node("node1", {{{"gcr.io/40:latest", "gcr.io/40:v1", "gcr.io/40:v1"}, 40},
                           {{"gcr.io/300:latest", "gcr.io/300:v1"}, 300},
                           {{"gcr.io/2000:latest"}, 2000}});
  const Node node25010 = image_node("node2", {{{"gcr.io/250:latest"}, 250}, {{"gcr.io/10:latest", "gcr.io/10:v1"}, 10}});
  const Node node400030 = image_node("node1", {{{"gcr.io/4000:latest"}, 4000}, {{"gcr.io/30:latest"}, 30}});
  Pod with_empty_dir = pod_with_images({"gcr.io/40", "gcr.io/300"});
  with_empty_dir.spec.volumes.push_back(Volume{.name = "scratch", .source = VolumeSource{.type = "emptyDir"}});

  struct Case {
    std::string name;
    Pod pod;
    std::vector<Node> nodes;
    // Expected scores in v1.35 (image volumes ignored), v1.36 (summed, threshold by containers)
    // and v1.37 (summed, threshold by containers and image volumes).
    NodeScoreList v135, v136, v137;
  };
  const std::vector<Case> cases = {
      // gcr.io/40 and gcr.io/300 on node1 of 2: 20MiB + 150MiB. As two containers the pod
      // scores 7 ("two images on one node, prefer this node"); v1.36 gave the volume's image
      // the threshold of one container: 100 * (170 - 23) / (1000 - 23) = 15.
      {"an image volume on the node counts like a container's image",
       with_image_volumes(pod_with_images({"gcr.io/40"}), {"gcr.io/300"}),
       {node403002000, node25010},
       scores({{"node1", 0}, {"node2", 0}}),
       scores({{"node1", 15}, {"node2", 0}}),
       scores({{"node1", 7}, {"node2", 0}})},
      // gcr.io/4000 on node1 of 2: 2000MiB, capped at the threshold.
      {"if exceed limit, use limit (image volume)",
       with_image_volumes(pod_with_images({"gcr.io/10"}), {"gcr.io/4000"}),
       {node400030, node25010},
       scores({{"node1", 0}, {"node2", 0}}),
       scores({{"node1", 100}, {"node2", 0}}),
       scores({{"node1", 100}, {"node2", 0}})},
      // The volume's image is on no node: from v1.37 it still raises the threshold.
      {"an image volume no node holds",
       with_image_volumes(pod_with_images({"gcr.io/300"}), {"gcr.io/absent"}),
       {node403002000, node25010},
       scores({{"node1", 12}, {"node2", 0}}),
       scores({{"node1", 12}, {"node2", 0}}),
       scores({{"node1", 6}, {"node2", 0}})},
      {"other volumes change nothing",
       with_empty_dir,
       {node403002000, node25010},
       scores({{"node1", 7}, {"node2", 0}}),
       scores({{"node1", 7}, {"node2", 0}}),
       scores({{"node1", 7}, {"node2", 0}})},
  };
  for (const auto& c : cases) {
    for (int minor : {32, 35, 36, 37}) {
      SUBCASE((c.name + " v1." + std::to_string(minor)).c_str()) {
        ImageLocality plugin(FeatureGates::for_release(KubernetesRelease{minor}));
        ScoreCluster cluster(c.nodes);
        auto run = testing::run_plugin_scoring(&plugin, plugin, c.pod, cluster, cluster.nodes());
        const NodeScoreList& want = minor >= 37 ? c.v137 : minor == 36 ? c.v136 : c.v135;
        CHECK_MESSAGE(run.scores == want, show_scores(run.scores));
      }
    }
  }
}

TEST_CASE("ImageLocality: TestNormalizedImageName") {
  const std::string digest = "sha256:4813494d137e1631bba301d5acab6e7bb7aa74ce1185d456565ef51d737677b2";
  struct Case {
    const char* name;
    std::string input;
    std::string want;
  };
  const Case cases[] = {
      {"add :latest postfix 1", "root", "root:latest"},
      {"add :latest postfix 2", "gcr.io:5000/root", "gcr.io:5000/root:latest"},
      {"keep it as is 1", "root:tag", "root:tag"},
      {"keep it as is 2", "root@" + digest, "root@" + digest},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) { CHECK(normalized_image_name(c.input) == c.want); }
  }
}

TEST_CASE("ImageLocality score: the node count comes from the whole snapshot, not the feasible nodes") {
  // gcr.io/250 on 1 of 3 nodes: 250MiB / 3 = 83.3MiB -> 100 * (83.3 - 23) / (1000 - 23) = 6.
  ImageLocality plugin;
  ScoreCluster cluster({image_node("node1", {{{"gcr.io/250:latest"}, 250}}), image_node("node2", {}),
                        image_node("node3", {})});
  auto run = testing::run_plugin_scoring(&plugin, plugin, pod_with_images({"gcr.io/250"}), cluster,
                                         cluster.nodes({"node1"}));
  CHECK_MESSAGE(run.scores == scores({{"node1", 6}}), show_scores(run.scores));
}

}  // namespace
}  // namespace podfit
