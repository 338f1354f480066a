// Node declared features: nodedeclaredfeatures framework_test.go (TestInferForPodScheduling,
// TestMatchNode), featureset_test.go (TestFeatureMapper), the features' InferForScheduling
// tests (restartallcontainers, usernamespaceshostnetwork and the update-only features),
// apimachinery's version_test.go (semantic/generic parsing and ordering, Parse), and the
// pod fields the inferences read as the loader decodes them.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "podfit/load/loader.h"
#include "podfit/model/node_features.h"

namespace podfit {
namespace {

namespace df = declared_features;

// A registry feature with a fixed inference, as the upstream mocks build them.
DeclaredFeature mock_feature(std::string name, std::function<bool(const PodSpec&)> infer = nullptr,
                             std::optional<std::string> max_version = std::nullopt) {
  DeclaredFeature f;
  f.name = std::move(name);
  if (max_version) f.max_version = Version::parse(*max_version);
  f.infer_for_scheduling = infer ? std::move(infer) : [](const PodSpec&) { return false; };
  return f;
}

// newTestFramework: features that nothing infers.
NodeFeatureFramework framework_of(const std::vector<std::string>& names) {
  std::vector<DeclaredFeature> registry;
  for (const auto& name : names) registry.push_back(mock_feature(name));
  return NodeFeatureFramework(std::move(registry));
}

FeatureSet must_map(const NodeFeatureFramework& framework, const std::vector<std::string>& names) {
  auto set = framework.map_sorted(names);
  REQUIRE(set.has_value());
  return *set;
}

Version must_parse(const std::string& text) {
  auto v = Version::parse(text);
  REQUIRE(v.has_value());
  return *v;
}

Container restart_all_containers_container() {
  Container c;
  c.name = "container";
  c.image = "image";
  c.restart_policy = "Never";
  ContainerRestartRule rule;
  rule.action = "RestartAllContainers";
  rule.exit_codes = ContainerRestartRuleOnExitCodes{"In", {1}};
  c.restart_policy_rules.push_back(rule);
  return c;
}

Container plain_container(std::string name) {
  Container c;
  c.name = std::move(name);
  c.image = "image";
  return c;
}

Container container_with_mount(std::vector<std::string> bind_mount_options) {
  Container c = plain_container("mounter");
  c.volume_mounts.push_back(VolumeMount{"data", "/data", std::move(bind_mount_options)});
  return c;
}

bool requires_feature(const PodSpec& spec, std::string_view feature) {
  const auto& framework = NodeFeatureFramework::default_framework();
  auto required = framework.infer_for_pod_scheduling(spec, &scheduler_version());
  REQUIRE(required.has_value());
  for (const auto& name : framework.unmap(*required)) {
    if (name == feature) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("NodeFeatures: TestInferForPodScheduling") {
  auto infer_pod_level_resources = [](const PodSpec& spec) { return spec.resources.has_value(); };
  PodSpec with_pod_level_resources;
  with_pod_level_resources.resources.emplace().requests = ResourceList{};
  with_pod_level_resources.resources->requests->set("cpu", Quantity::from_milli(500));
  const PodSpec without_pod_level_resources;

  struct Case {
    std::string name;
    std::optional<std::string> max_version;
    PodSpec pod;
    std::optional<std::string> target;
    std::vector<std::string> want;
    std::string want_error;
  };
  const std::vector<Case> cases = {
      {"pod with feature, inferred during scheduling", std::nullopt, with_pod_level_resources, "1.30.0",
       {"PodLevelResources"}, ""},
      {"pod without feature", std::nullopt, without_pod_level_resources, "1.30.0", {}, ""},
      {"feature universally available, not inferred during create", "1.30.0", with_pod_level_resources, "1.31.0",
       {}, ""},
      {"pre-release target version", "1.30.0", with_pod_level_resources, "0.0.0-alpha.2.39+049eafd34dfbd2",
       {"PodLevelResources"}, ""},
      {"exceeds max version", "1.30.0", with_pod_level_resources, "1.40.0", {}, ""},
      {"target version nil", std::nullopt, with_pod_level_resources, std::nullopt, {},
       "target version cannot be nil"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      NodeFeatureFramework framework({mock_feature("PodLevelResources", infer_pod_level_resources, c.max_version)});
      std::optional<Version> target;
      if (c.target) target = must_parse(*c.target);
      std::string error;
      auto required = framework.infer_for_pod_scheduling(c.pod, target ? &*target : nullptr, &error);
      if (!c.want_error.empty()) {
        CHECK_FALSE(required.has_value());
        CHECK(error == c.want_error);
      } else {
        REQUIRE(required.has_value());
        CHECK(framework.unmap(*required) == c.want);
      }
    }
  }
}

TEST_CASE("NodeFeatures: TestMatchNode") {
  const NodeFeatureFramework framework = framework_of({"feature-a", "feature-b", "feature-c"});
  struct Case {
    std::string name;
    std::vector<std::string> required;
    std::vector<std::string> node_features;
    bool want_match;
    std::vector<std::string> want_unsatisfied;
  };
  const std::vector<Case> cases = {
      {"all features match", {"feature-a", "feature-b"}, {"feature-a", "feature-b", "feature-c"}, true, {}},
      {"some features missing", {"feature-a", "feature-b"}, {"feature-a", "feature-c"}, false, {"feature-b"}},
      {"all features missing", {"feature-a", "feature-b"}, {"feature-c"}, false, {"feature-a", "feature-b"}},
      {"no node features", {"feature-a", "feature-b"}, {}, false, {"feature-a", "feature-b"}},
      {"no requirements", {}, {"feature-a", "feature-b", "feature-c"}, true, {}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const FeatureSet required = must_map(framework, c.required);
      Node node;
      node.status.declared_features = c.node_features;
      for (const MatchResult& got : {framework.match_node(required, node),
                                     framework.match_node_feature_set(required, must_map(framework, c.node_features))}) {
        CHECK(got.is_match == c.want_match);
        CHECK(got.unsatisfied == c.want_unsatisfied);
      }
    }
  }
}

TEST_CASE("NodeFeatures: TestFeatureMapper") {
  const std::vector<std::string> features = {"a", "b", "c", "d"};
  const NodeFeatureFramework framework = framework_of(features);
  struct Case {
    std::string name;
    std::vector<std::string> input;
    bool want_error;
    std::set<std::size_t> want_set;  // indices in `features`
  };
  const std::vector<Case> cases = {
      {"Empty input", {}, false, {}},
      {"Single valid feature", {"a"}, false, {0}},
      {"Multiple valid features", {"a", "c"}, false, {0, 2}},
      {"All features", {"a", "b", "c", "d"}, false, {0, 1, 2, 3}},
      {"Unknown feature (start)", {"0", "a"}, true, {0}},
      {"Unknown feature (middle)", {"a", "ab", "b"}, true, {0, 1}},
      {"Unknown feature (end)", {"d", "e"}, true, {3}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      const FeatureSet set = framework.try_map(c.input);
      for (std::size_t i = 0; i < features.size(); ++i) CHECK(set.get(i) == c.want_set.contains(i));

      std::string error;
      const auto mapped = framework.map_sorted(c.input, &error);
      if (c.want_error) {
        CHECK_FALSE(mapped.has_value());
        CHECK(error.starts_with("unknown feature "));
      } else {
        REQUIRE(mapped.has_value());
        CHECK(*mapped == set);
      }

      const std::vector<std::string> unmapped = framework.unmap(set);
      CHECK(unmapped.size() == c.want_set.size());
      if (c.want_error) {
        for (const auto& name : unmapped) CHECK(std::find(c.input.begin(), c.input.end(), name) != c.input.end());
      } else {
        CHECK(unmapped == c.input);
      }
    }
  }
}

TEST_CASE("NodeFeatures: map errors name the first unknown feature") {
  const NodeFeatureFramework framework = framework_of({"a", "b", "c", "d"});
  std::string error;
  CHECK_FALSE(framework.map_sorted({"a", "ab", "b"}, &error).has_value());
  CHECK(error == "unknown feature ab");
  CHECK_FALSE(framework.map_sorted({"d", "e"}, &error).has_value());
  CHECK(error == "unknown feature e");
}

TEST_CASE("NodeFeatures: try_map walks the declared list as a sorted one") {
  // kube-scheduler's TryMap merges two sorted lists: in an unsorted one, a name that sorts
  // before one already passed is never seen.
  const NodeFeatureFramework framework = framework_of({"A", "B", "C"});
  CHECK(framework.unmap(framework.try_map({"B", "A"})) == std::vector<std::string>{"B"});
  CHECK(framework.unmap(framework.try_map({"C", "B", "A"})) == std::vector<std::string>{"C"});
  CHECK(framework.unmap(framework.try_map({"A", "Z", "B"})) == std::vector<std::string>{"A"});
  CHECK(framework.unmap(framework.try_map({"A", "AA", "C"})) == std::vector<std::string>{"A", "C"});
  CHECK(framework.unmap(framework.try_map({"A", "A", "B"})) == std::vector<std::string>{"A", "B"});
}

TEST_CASE("NodeFeatures: FeatureSet operations") {
  const NodeFeatureFramework framework = framework_of({"a", "b", "c"});
  const FeatureSet ab = must_map(framework, {"a", "b"});
  const FeatureSet bc = must_map(framework, {"b", "c"});
  CHECK(ab.to_string() == "110");
  CHECK(ab.difference(bc).to_string() == "100");
  CHECK_FALSE(ab.is_subset_of(bc));
  CHECK(must_map(framework, {"b"}).is_subset_of(ab));
  CHECK(framework.new_feature_set().empty());
  CHECK(framework.new_feature_set().is_subset_of(bc));
  CHECK_FALSE(ab.empty());
  CHECK_FALSE(FeatureSet(2).is_subset_of(FeatureSet(3)));  // sizes differ: never a subset
}

TEST_CASE("NodeFeatures: the default registry, sorted by name") {
  const auto& framework = NodeFeatureFramework::default_framework();
  CHECK(framework.names() == std::vector<std::string>{
                                 "DRANodeAllocatableResources",
                                 "DRAOptionalNodeOperations",
                                 "ExtendWebSocketsToKubelet",
                                 "InPlacePodLevelResourcesVerticalScaling",
                                 "InPlacePodVerticalScalingInitContainers",
                                 "InPlacePodVerticalScalingMemoryBackedVolumes",
                                 "RestartAllContainersOnContainerExits",
                                 "UserNamespacesHostNetworkSupport",
                                 "VolumeBindMountOptions",
                             });
  // No shipped feature has a MaxVersion: the scheduler's version never drops a requirement.
  for (const auto& feature : all_declared_features()) CHECK_FALSE(feature.max_version.has_value());
  CHECK(scheduler_version().to_string() == "1.37.0");
}

TEST_CASE("NodeFeatures: restartallcontainers TestInferForScheduling") {
  struct Case {
    std::string name;
    std::vector<Container> init_containers;
    std::vector<Container> containers;
    bool want;
  };
  const std::vector<Case> cases = {
      {"init container with rules", {restart_all_containers_container()}, {plain_container("name")}, true},
      {"regular container with rules", {plain_container("name")}, {restart_all_containers_container()}, true},
      {"no rules", {plain_container("name")}, {plain_container("name2")}, false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      PodSpec spec;
      spec.init_containers = c.init_containers;
      spec.containers = c.containers;
      CHECK(requires_feature(spec, df::kRestartAllContainersOnContainerExits) == c.want);
    }
  }
}

TEST_CASE("NodeFeatures: restart rules that restart only the container require nothing") {
  PodSpec spec;
  Container c = restart_all_containers_container();
  c.restart_policy_rules.front().action = "Restart";
  spec.containers = {c};
  CHECK_FALSE(requires_feature(spec, df::kRestartAllContainersOnContainerExits));
  // Ephemeral containers are not looked at for this feature.
  PodSpec ephemeral;
  ephemeral.containers = {plain_container("main")};
  ephemeral.ephemeral_containers = {restart_all_containers_container()};
  CHECK_FALSE(requires_feature(ephemeral, df::kRestartAllContainersOnContainerExits));
}

TEST_CASE("NodeFeatures: usernamespaceshostnetwork TestInferForScheduling") {
  struct Case {
    std::string name;
    bool host_network;
    std::optional<bool> host_users;
    bool want;
  };
  const std::vector<Case> cases = {
      {"HostNetwork true, HostUsers false", true, false, true},
      {"HostNetwork true, HostUsers nil", true, std::nullopt, false},
      {"HostNetwork true, HostUsers true", true, true, false},
      {"HostNetwork false, HostUsers false", false, false, false},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      PodSpec spec;
      spec.host_network = c.host_network;
      spec.host_users = c.host_users;
      CHECK(requires_feature(spec, df::kUserNamespacesHostNetworkSupport) == c.want);
    }
  }
}

TEST_CASE("NodeFeatures: volumebindmountoptions InferForScheduling") {
  struct Case {
    std::string name;
    PodSpec spec;
    bool want;
  };
  PodSpec none;
  none.containers = {container_with_mount({})};
  PodSpec in_container;
  in_container.containers = {plain_container("a"), container_with_mount({"noexec"})};
  PodSpec in_init;
  in_init.init_containers = {container_with_mount({"nodev", "nosuid"})};
  in_init.containers = {plain_container("a")};
  PodSpec in_ephemeral;
  in_ephemeral.containers = {plain_container("a")};
  in_ephemeral.ephemeral_containers = {container_with_mount({"nosuid"})};
  const std::vector<Case> cases = {
      {"mounts without options", none, false},
      {"a container's mount with options", in_container, true},
      {"an init container's mount with options", in_init, true},
      {"an ephemeral container's mount with options", in_ephemeral, true},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(requires_feature(c.spec, df::kVolumeBindMountOptions) == c.want); }
  }
}

TEST_CASE("NodeFeatures: update-only features are never required for scheduling") {
  // dranodeallocatableresources, draoptionalnodeoperations, extendwebsocketstokubelet and the
  // inplacepodresize features: InferForScheduling is always false.
  PodSpec spec;
  spec.containers = {plain_container("a")};
  spec.init_containers = {plain_container("b")};
  spec.resources.emplace().requests = ResourceList{};
  spec.resources->requests->set("cpu", Quantity::from_milli(500));
  Volume memory;
  memory.name = "mem";
  spec.volumes = {memory};
  spec.resource_claims = {PodResourceClaim{"claim", std::string("c"), std::nullopt}};
  const auto& framework = NodeFeatureFramework::default_framework();
  auto required = framework.infer_for_pod_scheduling(spec, &scheduler_version());
  REQUIRE(required.has_value());
  CHECK(required->empty());
}

TEST_CASE("NodeFeatures: a pod may require several features at once") {
  PodSpec spec;
  spec.host_network = true;
  spec.host_users = false;
  spec.containers = {restart_all_containers_container(), container_with_mount({"noexec"})};
  const auto& framework = NodeFeatureFramework::default_framework();
  auto required = framework.infer_for_pod_scheduling(spec, &scheduler_version());
  REQUIRE(required.has_value());
  CHECK(framework.unmap(*required) == std::vector<std::string>{"RestartAllContainersOnContainerExits",
                                                               "UserNamespacesHostNetworkSupport",
                                                               "VolumeBindMountOptions"});
}

// apimachinery version_test.go: each version sorts after (or equals) the previous one.
namespace {

struct OrderedVersion {
  std::string version;
  std::string unparsed;  // String() when it differs from `version`
  bool equals_prev = false;
};

void check_ordered(const std::vector<OrderedVersion>& items, bool semver) {
  auto parse = [&](const std::string& text) {
    return semver ? Version::parse_semantic(text) : Version::parse_generic(text);
  };
  const OrderedVersion* prev = nullptr;
  for (const auto& item : items) {
    CAPTURE(item.version);
    auto v = parse(item.version);
    REQUIRE(v.has_value());
    CHECK(v->to_string() == (item.unparsed.empty() ? item.version : item.unparsed));
    if (prev != nullptr) {
      auto p = parse(prev->version);
      REQUIRE(p.has_value());
      const int cmp = v->compare(*p);
      CHECK(cmp == (item.equals_prev ? 0 : 1));
      CHECK(p->compare(*v) == -cmp);
    }
    prev = &item;
  }
}

}  // namespace

TEST_CASE("Version: TestSemanticVersions") {
  check_ordered(
      {
          {"0.1.0"},
          {"1.0.0-0.3.7"},
          {"1.0.0-alpha"},
          {"1.0.0-alpha+001", "", true},
          {"1.0.0-alpha.1"},
          {"1.0.0-alpha.beta"},
          {"1.0.0-beta"},
          {"1.0.0-beta+exp.sha.5114f85", "", true},
          {"1.0.0-beta.2"},
          {"1.0.0-beta.11"},
          {"1.0.0-rc.1"},
          {"1.0.0-x.7.z.92"},
          {"1.0.0"},
          {"1.0.0+20130313144700", "", true},
          {"1.8.0-alpha.3"},
          {"1.8.0-alpha.3.673+73326ef01d2d7c"},
          {"1.9.0"},
          {"1.10.0"},
          {"1.11.0"},
          {"2.0.0"},
          {"2.1.0"},
          {"2.1.1"},
          {"42.0.0"},
          {"   42.0.0", "42.0.0", true},
          {"\t42.0.0  ", "42.0.0", true},
          {"43.0.0-1", "43.0.0-1"},
          {"43.0.0-1  ", "43.0.0-1", true},
          {"v43.0.0-1", "43.0.0-1", true},
          {"  v43.0.0", "43.0.0"},
          {" 43.0.0 ", "43.0.0", true},
      },
      true);
}

TEST_CASE("Version: TestBadSemanticVersions") {
  for (const char* text : {"1",        "1.2",      "1.2.3.4",   ".2.3",     "1..3",     "1.2.",     "",
                           "..",       "-1.2.3",   "1.-2.3",    "1.2.-3",   "1a.2.3",   "1.2a.3",   "1.2.3a",
                           "a1.2.3",   "a.b.c",    "1 .2.3",    "1. 2.3",   "01.2.3",   "1.02.3",   "1.2.03",
                           "1.2.3-/",  "1.2.3-",   "1.2.3-.",   "1.2.3-foo.", "1.2.3-.foo", "1.2.3-01", "1.2.3+/",
                           "1.2.3+",   "1.2.3+.",  "1.2.3+foo.", "1.2.3+.foo", "v 1.2.3", "vv1.2.3"}) {
    CAPTURE(text);
    CHECK_FALSE(Version::parse_semantic(text).has_value());
  }
}

TEST_CASE("Version: TestGenericVersions") {
  check_ordered(
      {
          {"0.1.0", "0.1.0"},
          {"1.0.0-0.3.7", "1.0.0"},
          {"1.0.0-alpha", "1.0.0", true},
          {"1.0.0-alpha+001", "1.0.0", true},
          {"1.0.0-alpha.1", "1.0.0", true},
          {"1.0.0-alpha.beta", "1.0.0", true},
          {"1.0.0.beta", "1.0.0", true},
          {"1.0.0-beta+exp.sha.5114f85", "1.0.0", true},
          {"1.0.0.beta.2", "1.0.0", true},
          {"1.0.0.beta.11", "1.0.0", true},
          {"1.0.0.rc.1", "1.0.0", true},
          {"1.0.0-x.7.z.92", "1.0.0", true},
          {"1.0.0", "1.0.0", true},
          {"1.0.0+20130313144700", "1.0.0", true},
          {"1.2", "1.2"},
          {"1.2a.3", "1.2", true},
          {"1.2.3", "1.2.3"},
          {"1.2.3.0", "1.2.3.0", true},
          {"1.2.3a", "1.2.3", true},
          {"1.2.3-foo.", "1.2.3", true},
          {"1.2.3-.foo", "1.2.3", true},
          {"1.2.3-01", "1.2.3", true},
          {"1.2.3+", "1.2.3", true},
          {"1.2.3+foo.", "1.2.3", true},
          {"1.2.3+.foo", "1.2.3", true},
          {"1.02.3", "1.2.3", true},
          {"1.2.03", "1.2.3", true},
          {"1.2.003", "1.2.3", true},
          {"1.2.3.4", "1.2.3.4"},
          {"1.2.3.4b3", "1.2.3.4", true},
          {"1.2.3.4.5", "1.2.3.4.5"},
          {"1.9.0", "1.9.0"},
          {"1.9.0.0.0.0.0.0", "1.9.0.0.0.0.0.0", true},
          {"1.10.0", "1.10.0"},
          {"1.11.0", "1.11.0"},
          {"1.11.0.0.5", "1.11.0.0.5"},
          {"2.0.0", "2.0.0"},
          {"2.1.0", "2.1.0"},
          {"2.1.1", "2.1.1"},
          {"42.0.0", "42.0.0"},
          {"   42.0.0", "42.0.0", true},
          {"\t42.0.0  ", "42.0.0", true},
          {"42.0.0-1", "42.0.0", true},
          {"42.0.0-1  ", "42.0.0", true},
          {"v42.0.0-1", "42.0.0", true},
          {"  v43.0.0", "43.0.0"},
          {" 43.0.0 ", "43.0.0", true},
      },
      false);
}

TEST_CASE("Version: TestBadGenericVersions") {
  for (const char* text : {"1", "01.2.3", "-1.2.3", "1.-2.3", ".2.3", "1..3", "1a.2.3", "a1.2.3", "1 .2.3", "1. 2.3",
                           "1.bob", "bob", "v 1.2.3", "vv1.2.3", "", "."}) {
    CAPTURE(text);
    CHECK_FALSE(Version::parse_generic(text).has_value());
  }
}

TEST_CASE("Version: TestParse") {
  struct Case {
    std::string version;
    std::optional<std::string> want;  // String(); nullopt when parsing fails
  };
  const std::vector<Case> cases = {
      {"1.0.2", "1.0.2"},
      {"1.0.2-alpha+001", "1.0.2-alpha+001"},
      {"1.2", "1.2"},
      {"1.0.2-beta+exp.sha.5114f85", "1.0.2-beta+exp.sha.5114f85"},
      {"a.b.c", std::nullopt},
  };
  for (const auto& c : cases) {
    CAPTURE(c.version);
    auto v = Version::parse(c.version);
    REQUIRE(v.has_value() == c.want.has_value());
    if (v) CHECK(v->to_string() == *c.want);
  }
}

TEST_CASE("Version: messages and mixed comparisons") {
  std::string error;
  CHECK_FALSE(Version::parse_semantic("1.2", &error).has_value());
  CHECK(error == "illegal version string \"1.2\"");
  CHECK_FALSE(Version::parse_semantic("01.2.3", &error).has_value());
  CHECK(error == "illegal zero-prefixed version component \"01\" in \"01.2.3\"");
  CHECK_FALSE(Version::parse_semantic("1.2.3-01", &error).has_value());
  CHECK(error == "illegal zero-prefixed version component \"01\" in \"1.2.3-01\"");
  CHECK_FALSE(Version::parse_semantic("1.2.3+/", &error).has_value());
  CHECK(error == "could not parse pre-release/metadata (+/) in version \"1.2.3+/\"");
  CHECK_FALSE(Version::parse_generic("bob", &error).has_value());
  CHECK(error == "could not parse \"bob\" as version");
  CHECK_FALSE(Version::parse_generic("1.2.3\n", &error).has_value());  // '.' never crosses a newline
  // A generic version ignores pre-releases when compared with a semantic one.
  CHECK(must_parse("1.39.0-alpha.2").greater_than(must_parse("1.38.0")));
  CHECK(must_parse("1.38.0-alpha.1").less_than(must_parse("1.38.0")));
  CHECK(Version::parse_generic("1.38")->compare(must_parse("1.38.0-alpha.1")) == 0);
  CHECK_FALSE(must_parse("0.0.0-alpha.2.39+049eafd34dfbd2").greater_than(must_parse("1.30.0")));
}

// The pod fields the inferences read, through the loader.
namespace {

const char* kPodHead = R"(apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
)";

std::optional<Pod> load_pod(const std::string& spec_yaml, std::string* error) {
  std::vector<Pod> pods;
  auto err = load_candidates_text(std::string(kPodHead) + spec_yaml, "pod.yaml", pods);
  if (err) {
    *error = err->message;
    return std::nullopt;
  }
  REQUIRE(pods.size() == 1);
  return pods.front();
}

}  // namespace

TEST_CASE("NodeFeatures: the loader decodes restartPolicyRules, volumeMounts, hostUsers and ephemeral containers") {
  std::string error;
  auto pod = load_pod(R"(  hostNetwork: true
  hostUsers: false
  initContainers:
  - name: init
    image: busybox
    volumeMounts:
    - name: data
      mountPath: /data
      bindMountOptions: [nodev]
  containers:
  - name: main
    image: busybox
    restartPolicy: Never
    restartPolicyRules:
    - action: RestartAllContainers
      exitCodes:
        operator: In
        values: [42, 43]
    volumeMounts:
    - name: data
      mountPath: /data
  ephemeralContainers:
  - name: debug
    image: busybox
    volumeMounts:
    - name: data
      mountPath: /debug
      bindMountOptions: [noexec, nosuid]
)",
                      &error);
  INFO(error);
  REQUIRE(pod.has_value());
  const PodSpec& spec = pod->spec;
  CHECK(spec.host_users == std::optional<bool>(false));
  REQUIRE(spec.containers.size() == 1);
  REQUIRE(spec.containers[0].restart_policy_rules.size() == 1);
  const ContainerRestartRule& rule = spec.containers[0].restart_policy_rules[0];
  CHECK(rule.action == "RestartAllContainers");
  REQUIRE(rule.exit_codes.has_value());
  CHECK(rule.exit_codes->op == "In");
  CHECK(rule.exit_codes->values == std::vector<int32_t>{42, 43});
  REQUIRE(spec.containers[0].volume_mounts.size() == 1);
  CHECK(spec.containers[0].volume_mounts[0].mount_path == "/data");
  CHECK(spec.containers[0].volume_mounts[0].bind_mount_options.empty());
  CHECK(spec.init_containers[0].volume_mounts[0].bind_mount_options == std::vector<std::string>{"nodev"});
  REQUIRE(spec.ephemeral_containers.size() == 1);
  CHECK(spec.ephemeral_containers[0].volume_mounts[0].bind_mount_options ==
        std::vector<std::string>{"noexec", "nosuid"});
  CHECK(NodeFeatureFramework::default_framework().unmap(
            *NodeFeatureFramework::default_framework().infer_for_pod_scheduling(spec, &scheduler_version())) ==
        std::vector<std::string>{"RestartAllContainersOnContainerExits", "UserNamespacesHostNetworkSupport",
                                 "VolumeBindMountOptions"});

  auto defaults = load_pod("  hostUsers: null\n  containers:\n  - name: main\n    image: busybox\n", &error);
  REQUIRE(defaults.has_value());
  CHECK_FALSE(defaults->spec.host_users.has_value());
}

TEST_CASE("NodeFeatures: the loader rejects unsupported enum values") {
  struct Case {
    std::string name;
    std::string spec;
    std::string want_contains;
  };
  const std::vector<Case> cases = {
      {"restart rule action",
       "  containers:\n  - name: c\n    image: i\n    restartPolicyRules:\n    - action: RestartPod\n",
       "spec.containers[0].restartPolicyRules[0].action: Unsupported value: \"RestartPod\": supported values: "
       "\"Restart\", \"RestartAllContainers\""},
      {"exit codes operator",
       "  containers:\n  - name: c\n    image: i\n    restartPolicyRules:\n    - action: Restart\n      exitCodes:\n"
       "        operator: Has\n",
       "spec.containers[0].restartPolicyRules[0].exitCodes.operator: Unsupported value: \"Has\": supported values: "
       "\"In\", \"NotIn\""},
      {"bind mount option",
       "  containers:\n  - name: c\n    image: i\n    volumeMounts:\n    - name: v\n      mountPath: /v\n"
       "      bindMountOptions: [ro]\n",
       "spec.containers[0].volumeMounts[0].bindMountOptions[0]: Unsupported value: \"ro\": supported values: "
       "\"noexec\", \"nodev\", \"nosuid\""},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      std::string error;
      CHECK_FALSE(load_pod(c.spec, &error).has_value());
      INFO(error);
      CHECK(error.find(c.want_contains) != std::string::npos);
    }
  }
}

}  // namespace podfit
