// Framework: framework_test.go (TestRunPreFilterPlugins, TestFilterPlugins), interface_test.go
// (TestPreFilterResultMerge), schedule_one_test.go (TestSchedulerSchedulePod's filtering cases,
// TestFindFitAllError, TestFindFitSomeError) and podfit's own semantics (all_reasons, errors,
// parallel evaluation, unimplemented plugins).
#include <doctest/doctest.h>

#include <thread>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "podfit/config/scheduler_config.h"
#include "podfit/framework/fit_error.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/parallelizer.h"
#include "podfit/framework/profiles.h"
#include "podfit/load/loader.h"
#include "podfit/model/cluster.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

using NodeSet = std::optional<std::set<std::string>>;
using FilterFn = std::function<Status(const PodInfo&, const NodeInfo&)>;

// framework_test.go's reasons for injected statuses.
constexpr const char* kInjectReason = "injected status";
constexpr const char* kInjectFilterReason = "injected filter status";
// tf.ErrReasonFake.
constexpr const char* kErrReasonFake = "Nodes failed the fake plugin";

// tf.FakePreFilterPlugin: returns a fixed result and status.
class FakePreFilterPlugin : public PreFilterPlugin {
 public:
  FakePreFilterPlugin(std::string name, NodeSet nodes, Status status)
      : name_(std::move(name)), nodes_(std::move(nodes)), status_(std::move(status)) {}
  std::string_view name() const override { return name_; }
  Status pre_filter(CycleState&, const PodInfo&, const Snapshot&, PreFilterResult& result) const override {
    result.node_names = nodes_;
    return status_;
  }

 private:
  std::string name_;
  NodeSet nodes_;
  Status status_;
};

// A Filter plugin whose verdict is a function of (pod, node).
class FakeFilterPlugin : public FilterPlugin {
 public:
  FakeFilterPlugin(std::string name, FilterFn fn) : name_(std::move(name)), fn_(std::move(fn)) {}
  std::string_view name() const override { return name_; }
  Status filter(const CycleState&, const PodInfo& pod, const NodeInfo& node) const override { return fn_(pod, node); }

 private:
  std::string name_;
  FilterFn fn_;
};

// framework_test.go's TestPlugin / tf.FakePreFilterAndFilterPlugin: both extension points.
class FakePreFilterAndFilterPlugin : public PreFilterPlugin, public FilterPlugin {
 public:
  FakePreFilterAndFilterPlugin(std::string name, NodeSet nodes, Status pre_filter_status, FilterFn fn)
      : name_(std::move(name)), nodes_(std::move(nodes)), status_(std::move(pre_filter_status)), fn_(std::move(fn)) {}
  std::string_view name() const override { return name_; }
  Status pre_filter(CycleState&, const PodInfo&, const Snapshot&, PreFilterResult& result) const override {
    result.node_names = nodes_;
    return status_;
  }
  Status filter(const CycleState&, const PodInfo& pod, const NodeInfo& node) const override { return fn_(pod, node); }

 private:
  std::string name_;
  NodeSet nodes_;
  Status status_;
  FilterFn fn_;
};

// A profile under test: plugins registered under keys, enabled in order.
struct Profile {
  std::vector<std::string> order;
  PluginRegistry registry;

  Profile& add(const std::string& key, PluginFactory factory) {
    order.push_back(key);
    registry.emplace(key, std::move(factory));
    return *this;
  }
  Profile& pre_filter(const std::string& key, std::string name, NodeSet nodes, Status status) {
    return add(key, [=](const PluginContext&) { return std::make_unique<FakePreFilterPlugin>(name, nodes, status); });
  }
  Profile& filter(const std::string& key, std::string name, FilterFn fn) {
    return add(key, [=](const PluginContext&) { return std::make_unique<FakeFilterPlugin>(name, fn); });
  }
  Profile& both(const std::string& key, std::string name, NodeSet nodes, Status pre_filter_status, FilterFn fn) {
    return add(key, [=](const PluginContext&) {
      return std::make_unique<FakePreFilterAndFilterPlugin>(name, nodes, pre_filter_status, fn);
    });
  }
  // framework_test.go's TestPlugin with injected PreFilter / Filter codes.
  Profile& injected(const std::string& name, Code pre_filter_code, Code filter_code, NodeSet nodes = std::nullopt) {
    return both(name, name, std::move(nodes), Status(pre_filter_code, kInjectReason),
                [filter_code](const PodInfo&, const NodeInfo&) { return Status(filter_code, kInjectFilterReason); });
  }
  Profile& true_filter() {
    return filter("TrueFilter", "TrueFilter", [](const PodInfo&, const NodeInfo&) { return Status(); });
  }
  Profile& false_filter() {
    return filter("FalseFilter", "FalseFilter",
                  [](const PodInfo&, const NodeInfo&) { return Status(Code::Unschedulable, kErrReasonFake); });
  }
  // tf.MatchFilterPlugin: fits only the node named like the pod.
  Profile& match_filter() {
    return filter("MatchFilter", "MatchFilter", [](const PodInfo& pod, const NodeInfo& node) {
      return pod.pod().metadata.name == node.name() ? Status() : Status(Code::Unschedulable, kErrReasonFake);
    });
  }
  // noPodsFilterPlugin: fits only empty nodes.
  Profile& no_pods_filter() {
    return filter("NoPodsFilter", "NoPodsFilter", [](const PodInfo&, const NodeInfo& node) {
      return node.pods().empty() ? Status() : Status(Code::Unschedulable, kErrReasonFake);
    });
  }
  // tf.FakeFilterPlugin: the listed nodes get the code with "injecting failure for pod <name>".
  Profile& fake_filter(const std::string& key, std::vector<std::pair<std::string, Code>> codes) {
    return filter(key, "FakeFilter", [codes](const PodInfo& pod, const NodeInfo& node) {
      for (const auto& [name, code] : codes) {
        if (name == node.name()) return Status(code, "injecting failure for pod " + pod.pod().metadata.name);
      }
      return Status();
    });
  }

  Framework framework() const { return Framework(order, PluginContext{}, registry); }
};

Pod make_pod(std::string name, std::string node_name = "") {
  Pod pod;
  pod.metadata.name = std::move(name);
  pod.metadata.namespace_ = "default";
  pod.metadata.uid = pod.metadata.name;
  pod.spec.node_name = std::move(node_name);
  if (!pod.spec.node_name.empty()) pod.status.phase = "Running";
  return pod;
}

// A cluster of named nodes and assigned pods, and its snapshot.
struct World {
  ClusterState cluster;
  std::unique_ptr<Snapshot> snapshot;

  explicit World(const std::vector<std::string>& node_names, std::vector<Pod> pods = {}) {
    for (const auto& name : node_names) {
      Node node;
      node.metadata.name = name;
      node.metadata.labels.set("kubernetes.io/hostname", name);
      cluster.nodes.push_back(std::move(node));
    }
    cluster.pods = std::move(pods);
    snapshot = std::make_unique<Snapshot>(cluster, FeatureGates{});
  }
};

// "Code: reason, reason @plugin" so that one comparison shows all of a status.
std::string show(const Status& status) {
  std::string out{code_name(status.code())};
  if (!status.reasons().empty()) out += ": " + status.message();
  if (!status.plugin().empty()) out += " @" + status.plugin();
  return out;
}

std::string show(const std::vector<Status>& statuses) {
  std::string out;
  for (const auto& status : statuses) out += (out.empty() ? "" : " | ") + show(status);
  return out;
}

Status with_plugin(Status status, std::string plugin) {
  status.with_plugin(std::move(plugin));
  return status;
}

std::string show(const NodeSet& nodes) {
  if (!nodes) return "<all>";
  std::string out = "{";
  for (const auto& name : *nodes) out += (out.size() > 1 ? "," : "") + name;
  return out + "}";
}

TEST_CASE("Framework: RunPreFilterPlugins") {
  struct Case {
    std::string name;
    Profile profile;
    NodeSet want_result;
    std::set<std::string> want_skipped;
    Code want_code;
    std::string want_message;  // checked when not empty
  };
  const auto S = Code::Success;
  const auto E = Code::Error;
  const auto K = Code::Skip;
  const std::vector<Case> cases = {
      {"all PreFilter returned success", Profile().injected("success1", S, S).injected("success2", S, S),
       std::nullopt, {}, Code::Success, ""},
      {"one PreFilter plugin returned success, but another PreFilter plugin returned non-success",
       Profile().injected("success", S, S).injected("error", E, S), std::nullopt, {}, Code::Error,
       "running PreFilter plugin \"error\": injected status"},
      {"one PreFilter plugin returned skip, but another PreFilter plugin returned non-success",
       Profile().injected("skip", K, S).injected("error", E, S), std::nullopt, {"skip"}, Code::Error, ""},
      {"all PreFilter plugins returned skip",
       Profile().injected("skip1", K, S).injected("skip2", K, S).injected("skip3", K, S), std::nullopt,
       {"skip1", "skip2", "skip3"}, Code::Success, ""},
      {"some PreFilter plugins returned skip",
       Profile().injected("skip1", K, S).injected("success1", S, S).injected("skip2", K, S).injected("success2", S, S),
       std::nullopt, {"skip1", "skip2"}, Code::Success, ""},
      {"one PreFilter plugin returned Unschedulable, but another PreFilter plugin should be executed",
       Profile().injected("unschedulable", Code::Unschedulable, S).injected("skip", K, S), std::nullopt, {"skip"},
       Code::Unschedulable, "injected status"},
      {"one PreFilter plugin returned UnschedulableAndUnresolvable, and all other plugins aren't executed",
       Profile().injected("unresolvable", Code::UnschedulableAndUnresolvable, S).injected("skip", K, S), std::nullopt,
       {}, Code::UnschedulableAndUnresolvable, "injected status"},
      {"all nodes are filtered out by prefilter result, but other plugins aren't executed because we consider all "
       "nodes are filtered out by UnschedulableAndUnresolvable",
       Profile().injected("reject-all-nodes", S, S, std::set<std::string>{}).injected("skip", K, S),
       std::set<std::string>{}, {}, Code::UnschedulableAndUnresolvable,
       "node(s) didn't satisfy plugin reject-all-nodes"},
  };
  World world({});
  Pod pod = make_pod("pod");
  PodInfo info(pod, FeatureGates{});
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      Framework framework = c.profile.framework();
      CycleState state;
      PreFilterOutcome got = framework.run_pre_filter(*world.snapshot, info, state);
      CHECK_MESSAGE(got.result.node_names == c.want_result, show(got.result.node_names));
      CHECK(got.skipped_plugins == c.want_skipped);
      CHECK_MESSAGE(got.status.code() == c.want_code, show(got.status));
      if (!c.want_message.empty()) CHECK(got.status.message() == c.want_message);
    }
  }
}

TEST_CASE("Framework: RunPreFilterPlugins records the rejecting plugin") {
  World world({"node1"});
  Pod pod = make_pod("pod");
  PodInfo info(pod, FeatureGates{});
  CycleState state;

  SUBCASE("UnschedulableAndUnresolvable: the plugin, and no node subsets") {
    Framework framework = Profile()
                              .injected("narrow", Code::Success, Code::Success, std::set<std::string>{"node1"})
                              .injected("unresolvable", Code::UnschedulableAndUnresolvable, Code::Success)
                              .framework();
    PreFilterOutcome got = framework.run_pre_filter(*world.snapshot, info, state);
    CHECK(show(got.status) == "UnschedulableAndUnresolvable: injected status @unresolvable");
    CHECK(got.plugins_with_nodes.empty());
    CHECK(got.result.all_nodes());
  }
  SUBCASE("Unschedulable: the last one wins, later node subsets still merge") {
    Framework framework = Profile()
                              .injected("first", Code::Unschedulable, Code::Success)
                              .injected("narrow", Code::Success, Code::Success, std::set<std::string>{"node1"})
                              .injected("second", Code::Unschedulable, Code::Success)
                              .framework();
    PreFilterOutcome got = framework.run_pre_filter(*world.snapshot, info, state);
    CHECK(show(got.status) == "Unschedulable: injected status @second");
    CHECK(got.plugins_with_nodes == std::set<std::string>{"narrow"});
    CHECK(got.result.node_names == std::set<std::string>{"node1"});
  }
  SUBCASE("Pending and Wait are not rejections: they become Errors") {
    Framework pending = Profile().injected("pending", Code::Pending, Code::Success).framework();
    CHECK(show(pending.run_pre_filter(*world.snapshot, info, state).status) ==
          "Error: running PreFilter plugin \"pending\": injected status @pending");
    Framework wait = Profile().injected("wait", Code::Wait, Code::Success).framework();
    CHECK(show(wait.run_pre_filter(*world.snapshot, info, state).status) ==
          "Error: running PreFilter plugin \"wait\": %!w(<nil>) @wait");
  }
}

TEST_CASE("Framework: RunFilterPlugins") {
  struct Case {
    std::string name;
    Profile profile;
    std::set<std::string> skipped;
    Status want;
  };
  const auto S = Code::Success;
  const auto E = Code::Error;
  const auto U = Code::Unschedulable;
  const auto UU = Code::UnschedulableAndUnresolvable;
  const Status error1 = with_plugin(Status::error("running \"TestPlugin1\" filter plugin: injected filter status"),
                                    "TestPlugin1");
  const std::vector<Case> cases = {
      {"SuccessFilter", Profile().injected("TestPlugin", S, S), {}, Status()},
      {"ErrorFilter", Profile().injected("TestPlugin", S, E), {},
       with_plugin(Status::error("running \"TestPlugin\" filter plugin: injected filter status"), "TestPlugin")},
      {"UnschedulableFilter", Profile().injected("TestPlugin", S, U), {},
       with_plugin(Status(U, kInjectFilterReason), "TestPlugin")},
      {"UnschedulableAndUnresolvableFilter", Profile().injected("TestPlugin", S, UU), {},
       with_plugin(Status(UU, kInjectFilterReason), "TestPlugin")},
      {"ErrorAndErrorFilters", Profile().injected("TestPlugin1", S, E).injected("TestPlugin2", S, E), {}, error1},
      {"UnschedulableAndUnschedulableFilters", Profile().injected("TestPlugin1", S, U).injected("TestPlugin2", S, U),
       {}, with_plugin(Status(U, kInjectFilterReason), "TestPlugin1")},
      {"UnschedulableAndUnschedulableAndUnresolvableFilters",
       Profile().injected("TestPlugin1", S, UU).injected("TestPlugin2", S, U), {},
       with_plugin(Status(UU, kInjectFilterReason), "TestPlugin1")},
      {"SuccessAndSuccessFilters", Profile().injected("TestPlugin1", S, S).injected("TestPlugin2", S, S), {},
       Status()},
      {"SuccessAndSkipFilters", Profile().injected("TestPlugin1", S, S).injected("TestPlugin2", S, E),
       {"TestPlugin2"}, Status()},
      {"ErrorAndSuccessFilters", Profile().injected("TestPlugin1", S, E).injected("TestPlugin2", S, S), {}, error1},
      {"SuccessAndErrorFilters", Profile().injected("TestPlugin1", S, S).injected("TestPlugin2", S, E), {},
       with_plugin(Status::error("running \"TestPlugin2\" filter plugin: injected filter status"), "TestPlugin2")},
      {"SuccessAndUnschedulableFilters", Profile().injected("TestPlugin1", S, S).injected("TestPlugin2", S, U), {},
       with_plugin(Status(U, kInjectFilterReason), "TestPlugin2")},
      // Statuses other than Success and rejections are Errors; Skip and Wait carry no error text.
      {"SkipFilter", Profile().injected("TestPlugin", S, Code::Skip), {},
       with_plugin(Status::error("running \"TestPlugin\" filter plugin: %!w(<nil>)"), "TestPlugin")},
      {"PendingFilter", Profile().injected("TestPlugin", S, Code::Pending), {},
       with_plugin(Status(Code::Pending, kInjectFilterReason), "TestPlugin")},
  };
  World world({"testNode"});
  Pod pod = make_pod("pod");
  PodInfo info(pod, FeatureGates{});
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      Framework framework = c.profile.framework();
      CycleState state;
      Status got = framework.run_filter(state, info, *world.snapshot->nodes()[0], c.skipped);
      CHECK(show(got) == show(c.want));
    }
  }
}

TEST_CASE("PreFilterResult: Merge") {
  struct Case {
    std::string name;
    NodeSet receiver;
    NodeSet in;
    NodeSet want;
  };
  using Set = std::set<std::string>;
  const std::vector<Case> cases = {
      {"all nil", std::nullopt, std::nullopt, std::nullopt},
      {"nil receiver empty input", std::nullopt, Set{}, Set{}},
      {"empty receiver nil input", Set{}, std::nullopt, Set{}},
      {"empty receiver empty input", Set{}, Set{}, Set{}},
      {"nil receiver populated input", std::nullopt, Set{"node1"}, Set{"node1"}},
      {"empty receiver populated input", Set{}, Set{"node1"}, Set{}},
      {"populated receiver nil input", Set{"node1"}, std::nullopt, Set{"node1"}},
      {"populated receiver empty input", Set{"node1"}, Set{}, Set{}},
      {"populated receiver and input", Set{"node1", "node2"}, Set{"node2", "node3"}, Set{"node2"}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      PreFilterResult got = PreFilterResult{c.receiver}.merge(PreFilterResult{c.in});
      CHECK_MESSAGE(got.node_names == c.want, show(got.node_names));
    }
  }
}

// findNodesThatFitPod through Framework::run: each node's (first) failure, the Diagnosis and
// the FitError message.
TEST_CASE("Framework: run (schedule_one)") {
  struct Case {
    std::string name;
    Profile profile;
    std::vector<std::string> nodes;
    std::vector<Pod> pods;  // assigned pods
    Pod pod;
    std::vector<std::string> want_failures;  // per node, show() of its failure; "" when it fits
    std::set<std::string> want_unschedulable;
    std::set<std::string> want_skipped;
    std::string want_pre_filter_msg;
    std::string want_error;    // the Error kube-scheduler would abandon the attempt with
    std::string want_message;  // FitError text when no node fits and there is no error
  };
  const auto U = Code::Unschedulable;
  const auto UU = Code::UnschedulableAndUnresolvable;
  const std::string fake_false = "Unschedulable: Nodes failed the fake plugin";
  const std::vector<Case> cases = {
      {"test 1", Profile().false_filter(), {"node1", "node2"}, {}, make_pod("2"),
       {fake_false + " @FalseFilter", fake_false + " @FalseFilter"}, {"FalseFilter"}, {}, "", "",
       "0/2 nodes are available: 2 Nodes failed the fake plugin."},
      {"test 2", Profile().true_filter(), {"node1", "node2"}, {}, make_pod("ignore"), {"", ""}, {}, {}, "", "", ""},
      {"test 3", Profile().match_filter(), {"node1", "node2"}, {}, make_pod("node2"),
       {fake_false + " @MatchFilter", ""}, {"MatchFilter"}, {}, "", "", ""},
      {"test 7", Profile().true_filter().false_filter(), {"3", "2", "1"}, {}, make_pod("2"),
       {fake_false + " @FalseFilter", fake_false + " @FalseFilter", fake_false + " @FalseFilter"}, {"FalseFilter"},
       {}, "", "", "0/3 nodes are available: 3 Nodes failed the fake plugin."},
      {"test 8", Profile().no_pods_filter().match_filter(), {"1", "2"}, {make_pod("2", "2")}, make_pod("2"),
       {fake_false + " @MatchFilter", fake_false + " @NoPodsFilter"}, {"MatchFilter", "NoPodsFilter"}, {}, "", "",
       "0/2 nodes are available: 2 Nodes failed the fake plugin."},
      {"test with filter plugin returning Unschedulable status", Profile().fake_filter("FakeFilter", {{"3", U}}),
       {"3"}, {}, make_pod("test-filter"), {"Unschedulable: injecting failure for pod test-filter @FakeFilter"},
       {"FakeFilter"}, {}, "", "", "0/1 nodes are available: 1 injecting failure for pod test-filter."},
      {"test with filter plugin returning UnschedulableAndUnresolvable status",
       Profile().fake_filter("FakeFilter", {{"3", UU}}), {"3"}, {}, make_pod("test-filter"),
       {"UnschedulableAndUnresolvable: injecting failure for pod test-filter @FakeFilter"}, {"FakeFilter"}, {}, "",
       "", "0/1 nodes are available: 1 injecting failure for pod test-filter."},
      {"test with partial failed filter plugin", Profile().fake_filter("FakeFilter", {{"1", U}}), {"1", "2"}, {},
       make_pod("test-filter"), {"Unschedulable: injecting failure for pod test-filter @FakeFilter", ""},
       {"FakeFilter"}, {}, "", "", ""},
      {"test prefilter plugin returning Unschedulable status",
       Profile().pre_filter("FakePreFilter", "FakePreFilter", std::nullopt,
                            Status(UU, "injected unschedulable status")),
       {"1", "2"}, {}, make_pod("test-prefilter"),
       {"UnschedulableAndUnresolvable: injected unschedulable status @FakePreFilter",
        "UnschedulableAndUnresolvable: injected unschedulable status @FakePreFilter"},
       {"FakePreFilter"}, {}, "injected unschedulable status", "",
       "0/2 nodes are available: injected unschedulable status."},
      {"test prefilter plugin returning error status",
       Profile().pre_filter("FakePreFilter", "FakePreFilter", std::nullopt, Status(Code::Error, "injected error status")),
       {"1", "2"}, {}, make_pod("test-prefilter"),
       {"Error: running PreFilter plugin \"FakePreFilter\": injected error status @FakePreFilter",
        "Error: running PreFilter plugin \"FakePreFilter\": injected error status @FakePreFilter"},
       {}, {}, "running PreFilter plugin \"FakePreFilter\": injected error status",
       "running PreFilter plugin \"FakePreFilter\": injected error status", ""},
      {"test prefilter plugin returning node",
       Profile()
           .pre_filter("FakePreFilter1", "FakePreFilter1", std::nullopt, Status())
           .pre_filter("FakePreFilter2", "FakePreFilter2", std::set<std::string>{"node2"}, Status())
           .pre_filter("FakePreFilter3", "FakePreFilter3", std::set<std::string>{"node1", "node2"}, Status()),
       {"node1", "node2", "node3"}, {}, make_pod("test-prefilter"),
       {"UnschedulableAndUnresolvable: node(s) didn't satisfy plugin(s) [FakePreFilter2 FakePreFilter3]", "",
        "UnschedulableAndUnresolvable: node(s) didn't satisfy plugin(s) [FakePreFilter2 FakePreFilter3]"},
       {"FakePreFilter2", "FakePreFilter3"}, {}, "", "", ""},
      {"test prefilter plugin returning non-intersecting nodes",
       Profile()
           .pre_filter("FakePreFilter1", "FakePreFilter1", std::nullopt, Status())
           .pre_filter("FakePreFilter2", "FakePreFilter2", std::set<std::string>{"node2"}, Status())
           .pre_filter("FakePreFilter3", "FakePreFilter3", std::set<std::string>{"node1"}, Status()),
       {"node1", "node2", "node3"}, {}, make_pod("test-prefilter"),
       {"UnschedulableAndUnresolvable: node(s) didn't satisfy plugin(s) [FakePreFilter2 FakePreFilter3] simultaneously",
        "UnschedulableAndUnresolvable: node(s) didn't satisfy plugin(s) [FakePreFilter2 FakePreFilter3] simultaneously",
        "UnschedulableAndUnresolvable: node(s) didn't satisfy plugin(s) [FakePreFilter2 FakePreFilter3] "
        "simultaneously"},
       {"FakePreFilter2", "FakePreFilter3"}, {},
       "node(s) didn't satisfy plugin(s) [FakePreFilter2 FakePreFilter3] simultaneously", "",
       "0/3 nodes are available: node(s) didn't satisfy plugin(s) [FakePreFilter2 FakePreFilter3] simultaneously."},
      {"test prefilter plugin returning empty node set",
       Profile()
           .pre_filter("FakePreFilter1", "FakePreFilter1", std::nullopt, Status())
           .pre_filter("FakePreFilter2", "FakePreFilter2", std::set<std::string>{}, Status()),
       {"node1"}, {}, make_pod("test-prefilter"),
       {"UnschedulableAndUnresolvable: node(s) didn't satisfy plugin FakePreFilter2"}, {"FakePreFilter2"}, {},
       "node(s) didn't satisfy plugin FakePreFilter2", "",
       "0/1 nodes are available: node(s) didn't satisfy plugin FakePreFilter2."},
      {"test some nodes are filtered out by prefilter plugin and other are filtered out by filter plugin",
       Profile()
           .pre_filter("FakePreFilter", "FakePreFilter", std::set<std::string>{"node2"}, Status())
           .fake_filter("FakeFilter", {{"node2", U}}),
       {"node1", "node2"}, {}, make_pod("test-prefilter"),
       {"UnschedulableAndUnresolvable: node(s) didn't satisfy plugin(s) [FakePreFilter]",
        "Unschedulable: injecting failure for pod test-prefilter @FakeFilter"},
       {"FakePreFilter", "FakeFilter"}, {}, "", "",
       "0/2 nodes are available: 1 injecting failure for pod test-prefilter, 1 node(s) didn't satisfy plugin(s) "
       "[FakePreFilter]."},
      {"test prefilter plugin returning skip",
       Profile()
           .pre_filter("FakePreFilter1", "FakeFilter1", std::nullopt, Status())
           .fake_filter("FakeFilter1", {{"node1", U}})
           .both("FakeFilter2", "FakePreFilterAndFilterPlugin", std::nullopt, Status(Code::Skip),
                 [](const PodInfo&, const NodeInfo&) { return Status(Code::Error, "must not run"); }),
       {"node1", "node2", "node3"}, {}, make_pod("test-prefilter"),
       {"Unschedulable: injecting failure for pod test-prefilter @FakeFilter", "", ""}, {"FakeFilter"},
       {"FakePreFilterAndFilterPlugin"}, "", "", ""},
      {"test prefilter plugin returned an invalid node",
       Profile().pre_filter("FakePreFilter", "FakePreFilter", std::set<std::string>{"invalid-node"}, Status())
           .true_filter(),
       {"1", "2"}, {}, make_pod("test-prefilter"),
       {"UnschedulableAndUnresolvable: node(s) didn't satisfy plugin(s) [FakePreFilter]",
        "UnschedulableAndUnresolvable: node(s) didn't satisfy plugin(s) [FakePreFilter]"},
       {"FakePreFilter"}, {}, "", "", "0/2 nodes are available: 2 node(s) didn't satisfy plugin(s) [FakePreFilter]."},
      // TestFindFitAllError
      {"find fit all error", Profile().true_filter().match_filter(), {"3", "2", "1"}, {}, make_pod(""),
       {fake_false + " @MatchFilter", fake_false + " @MatchFilter", fake_false + " @MatchFilter"}, {"MatchFilter"},
       {}, "", "", "0/3 nodes are available: 3 Nodes failed the fake plugin."},
      // TestFindFitSomeError
      {"find fit some error", Profile().true_filter().match_filter(), {"3", "2", "1"}, {}, make_pod("1"),
       {fake_false + " @MatchFilter", fake_false + " @MatchFilter", ""}, {"MatchFilter"}, {}, "", "", ""},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      World world(c.nodes, c.pods);
      PodInfo info(c.pod, FeatureGates{});
      Framework framework = c.profile.framework();
      CycleState state;
      FilterOutcome got = framework.run(*world.snapshot, info, false, state);
      REQUIRE(got.node_failures.size() == c.nodes.size());
      for (size_t i = 0; i < c.nodes.size(); ++i) {
        INFO("node ", c.nodes[i]);
        CHECK(show(got.node_failures[i]) == c.want_failures[i]);
      }
      CHECK(got.unschedulable_plugins == c.want_unschedulable);
      CHECK(got.skipped_plugins == c.want_skipped);
      CHECK(got.pre_filter_status.message() == c.want_pre_filter_msg);
      CHECK(got.error.message() == c.want_error);
      if (got.feasible_count() == 0 && got.error.is_success()) {
        CHECK(fit_error_message(got, c.nodes.size()) == c.want_message);
      } else {
        CHECK(c.want_message.empty());
      }
    }
  }
}

TEST_CASE("Framework: all_reasons collects every Filter failure; the Diagnosis reads the first") {
  World world({"node1", "node2"});
  Pod pod = make_pod("node2");
  PodInfo info(pod, FeatureGates{});
  Framework framework = Profile()
                            .false_filter()
                            .fake_filter("FakeFilter", {{"node1", Code::UnschedulableAndUnresolvable}})
                            .match_filter()
                            .framework();
  CycleState state;
  FilterOutcome first = framework.run(*world.snapshot, info, false, state);
  FilterOutcome all = framework.run(*world.snapshot, info, true, state);

  CHECK(show(first.node_failures[0]) == "Unschedulable: Nodes failed the fake plugin @FalseFilter");
  CHECK(show(all.node_failures[0]) ==
        "Unschedulable: Nodes failed the fake plugin @FalseFilter | "
        "UnschedulableAndUnresolvable: injecting failure for pod node2 @FakeFilter | "
        "Unschedulable: Nodes failed the fake plugin @MatchFilter");
  CHECK(show(all.node_failures[1]) == "Unschedulable: Nodes failed the fake plugin @FalseFilter");
  // kube-scheduler's view is unchanged: first failures only.
  CHECK(all.unschedulable_plugins == std::set<std::string>{"FalseFilter"});
  CHECK(fit_error_message(all, 2) == fit_error_message(first, 2));
  CHECK(fit_error_message(all, 2) == "0/2 nodes are available: 2 Nodes failed the fake plugin.");
}

TEST_CASE("Framework: all_reasons does not run Filter after a PreFilter rejection") {
  World world({"node1", "node2"});
  Pod pod = make_pod("pod");
  PodInfo info(pod, FeatureGates{});
  Framework framework = Profile()
                            .pre_filter("FakePreFilter", "FakePreFilter", std::nullopt,
                                        Status(Code::Unschedulable, "injected unschedulable status"))
                            .false_filter()
                            .framework();
  CycleState state;
  FilterOutcome got = framework.run(*world.snapshot, info, true, state);
  for (const auto& failures : got.node_failures) {
    CHECK(show(failures) == "Unschedulable: injected unschedulable status @FakePreFilter");
  }
  CHECK(got.unschedulable_plugins == std::set<std::string>{"FakePreFilter"});
  CHECK(fit_error_message(got, 2) == "0/2 nodes are available: injected unschedulable status.");
}

TEST_CASE("Framework: an Unschedulable PreFilter keeps node subsets in the Diagnosis") {
  World world({"node1", "node2"});
  Pod pod = make_pod("pod");
  PodInfo info(pod, FeatureGates{});
  Framework framework = Profile()
                            .injected("first", Code::Unschedulable, Code::Success)
                            .injected("narrow", Code::Success, Code::Success, std::set<std::string>{"node1"})
                            .framework();
  CycleState state;
  FilterOutcome got = framework.run(*world.snapshot, info, false, state);
  CHECK(show(got.pre_filter_status) == "Unschedulable: injected status @first");
  CHECK(got.unschedulable_plugins == std::set<std::string>{"first", "narrow"});
  CHECK(got.feasible_count() == 0);
  CHECK(fit_error_message(got, 2) == "0/2 nodes are available: injected status.");
}

TEST_CASE("Framework: Filter errors and Pending statuses") {
  World world({"node1", "node2", "node3"});
  Pod pod = make_pod("pod");
  PodInfo info(pod, FeatureGates{});
  Framework framework =
      Profile()
          .filter("Broken", "Broken",
                  [](const PodInfo&, const NodeInfo& node) {
                    return node.name() == "node1" ? Status() : Status::error("reading state of " + node.name());
                  })
          .fake_filter("FakeFilter", {{"node1", Code::Pending}})
          .framework();
  CycleState state;
  FilterOutcome got = framework.run(*world.snapshot, info, false, state);
  CHECK(show(got.node_failures[0]) == "Pending: injecting failure for pod pod @FakeFilter");
  CHECK(show(got.node_failures[1]) == "Error: running \"Broken\" filter plugin: reading state of node2 @Broken");
  // The first Error in snapshot order is the one reported.
  CHECK(show(got.error) == "Error: running \"Broken\" filter plugin: reading state of node2 @Broken");
  CHECK(got.unschedulable_plugins == std::set<std::string>{"FakeFilter"});
  CHECK(got.pending_plugins == std::set<std::string>{"FakeFilter"});
  CHECK(got.feasible_count() == 0);
}

TEST_CASE("Framework: a Filter Error ends the attempt; nodes after it in order are not evaluated") {
  std::vector<std::string> names;
  for (int i = 0; i < 40; ++i) names.push_back("node-" + std::to_string(i));
  World world(names);
  Pod pod = make_pod("pod");
  PodInfo info(pod, FeatureGates{});
  std::vector<std::atomic<int>> calls(names.size());
  CycleState state;
  // node-0 is a long filter that stops when the cycle is cancelled (as DynamicResources' search
  // does); node-7 and node-9 end in an Error; node-3 is rejected.
  auto index_of = [](const NodeInfo& node) { return std::stoi(node.name().substr(5)); };
  Framework framework =
      Profile()
          .filter("Long", "Long",
                  [&](const PodInfo&, const NodeInfo& node) {
                    const int i = index_of(node);
                    ++calls[static_cast<size_t>(i)];
                    if (i == 7 || i == 9) return Status::error("broken on " + node.name());
                    if (i == 3) return Status(Code::Unschedulable, "rejected");
                    if (i == 0) {
                      for (int wait = 0; wait < 100 && !state.filters_cancelled().load(); ++wait) {
                        std::this_thread::sleep_for(std::chrono::milliseconds(1));
                      }
                      if (state.filters_cancelled().load()) return Status::error(std::string(kFilterCancelled));
                    }
                    return Status();
                  })
          .framework();
  for (bool all_reasons : {false, true}) {
    for (auto& c : calls) c = 0;
    FilterOutcome got = framework.run(*world.snapshot, info, all_reasons, state);
    INFO("all_reasons " << all_reasons);
    CHECK(show(got.error) == "Error: running \"Long\" filter plugin: broken on node-7 @Long");
    // Before the Error every node has its answer, node-0 too (run again if it was cut short).
    CHECK(got.node_failures[0].empty());
    CHECK(calls[0] >= 1);
    CHECK(show(got.node_failures[3]) == "Unschedulable: rejected @Long");
    CHECK(got.node_failures[6].empty());
    REQUIRE(got.abandoned.size() == names.size());
    for (size_t i = 0; i < names.size(); ++i) CHECK(got.abandoned[i] == (i > 7 ? 1 : 0));
    CHECK(show(got.node_failures[9]) == "Error: not evaluated: the scheduling attempt ended in an error on node node-7");
    CHECK(got.feasible_count() == 6);
    CHECK_FALSE(state.filters_cancelled().load());
  }
}

TEST_CASE("Framework: plugins without an implementation are recorded and skipped") {
  World world({"node1"});
  Pod pod = make_pod("node1");
  PodInfo info(pod, FeatureGates{});
  Profile profile = Profile().match_filter();
  profile.order = {"NotYet", "MatchFilter", "NullFactory", "AlsoMissing"};
  profile.registry.emplace("NullFactory", [](const PluginContext&) { return std::unique_ptr<Plugin>(); });
  Framework framework = profile.framework();
  CHECK(framework.not_implemented() == std::vector<std::string>{"NotYet", "NullFactory", "AlsoMissing"});
  CHECK(framework.plugin_names() == std::vector<std::string>{"MatchFilter"});
  CycleState state;
  CHECK(framework.run(*world.snapshot, info, false, state).feasible_count() == 1);
}

TEST_CASE("Framework: no plugins and no nodes") {
  Pod pod = make_pod("pod");
  PodInfo info(pod, FeatureGates{});
  Framework framework = Profile().framework();
  CycleState state;
  World three({"a", "b", "c"});
  CHECK(framework.run(*three.snapshot, info, false, state).feasible_count() == 3);
  World none({});
  FilterOutcome empty = framework.run(*none.snapshot, info, false, state);
  CHECK(empty.node_failures.empty());
  CHECK(empty.feasible_count() == 0);
}

TEST_CASE("Framework: parallel Filter gives the serial answer, in snapshot order") {
  std::vector<std::string> names;
  for (int i = 0; i < 257; ++i) names.push_back("node-" + std::to_string(i));
  World world(names);
  Pod pod = make_pod("pod");
  PodInfo info(pod, FeatureGates{});
  auto odd = [](const NodeInfo& node) { return (node.name().back() - '0') % 2 == 1; };
  Framework framework = Profile()
                            .filter("Odd", "Odd",
                                    [odd](const PodInfo&, const NodeInfo& node) {
                                      return odd(node) ? Status(Code::Unschedulable, "odd " + node.name()) : Status();
                                    })
                            .filter("Seven", "Seven",
                                    [](const PodInfo&, const NodeInfo& node) {
                                      return node.name().find('7') != std::string::npos
                                                 ? Status(Code::UnschedulableAndUnresolvable, "has a 7")
                                                 : Status();
                                    })
                            .framework();
  CycleState state;
  for (bool all_reasons : {false, true}) {
    FilterOutcome got = framework.run(*world.snapshot, info, all_reasons, state);
    REQUIRE(got.node_failures.size() == names.size());
    for (size_t i = 0; i < names.size(); ++i) {
      const NodeInfo& node = *world.snapshot->nodes()[i];
      std::vector<Status> want;
      if (all_reasons) {
        want = framework.run_all_filters(state, info, node, {});
      } else if (Status s = framework.run_filter(state, info, node, {}); !s.is_success()) {
        want.push_back(s);
      }
      INFO(names[i]);
      CHECK(show(got.node_failures[i]) == show(want));
    }
  }
}

TEST_CASE("Parallelizer: every piece runs once; exceptions reach the caller") {
  for (size_t parallelism : {1, 2, 4}) {
    Parallelizer parallelizer(parallelism);
    for (size_t pieces : {0, 1, 2, 3, 100}) {
      std::vector<std::atomic<int>> calls(pieces);
      parallelizer.until(pieces, [&](size_t i) { ++calls[i]; });
      for (size_t i = 0; i < pieces; ++i) CHECK(calls[i] == 1);
    }
    CHECK_THROWS_AS(parallelizer.until(10, [](size_t i) {
      if (i == 5) throw std::runtime_error("boom");
    }), std::runtime_error);
  }
  CHECK(Parallelizer(0).parallelism() == 1);
  CHECK(Parallelizer().parallelism() == Parallelizer::kDefaultParallelism);
}

TEST_CASE("Parallelizer: calls from inside a piece, and from several threads at once, run every piece") {
  Parallelizer parallelizer(2);
  // Pieces are handed out in chunks: 10,000 pieces, chunks of 100, a piece nested in each.
  std::vector<std::atomic<int>> calls(10000 * 3);
  parallelizer.until(10000, [&](size_t i) {
    ++calls[i];
    parallelizer.until(2, [&](size_t j) { ++calls[10000 + 2 * i + j]; });
  });
  std::vector<std::thread> callers;
  std::vector<std::atomic<int>> more(4 * 1000);
  for (size_t t = 0; t < 4; ++t) {
    callers.emplace_back([&, t] { parallelizer.until(1000, [&](size_t i) { ++more[t * 1000 + i]; }); });
  }
  for (auto& caller : callers) caller.join();
  auto once = [](const std::atomic<int>& c) { return c == 1; };
  CHECK(std::all_of(calls.begin(), calls.end(), once));
  CHECK(std::all_of(more.begin(), more.end(), once));
}

}  // namespace
}  // namespace podfit

namespace podfit {
namespace {

// Nodes and pods that make every plugin with details reject somewhere: taints, a cordon,
// resources, node affinity, zone spread, anti-affinity both ways.
constexpr const char* kExplainCluster = R"(
apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Node, metadata: {name: tainted, labels: {zone: a, kubernetes.io/hostname: tainted}},
   spec: {taints: [{key: dedicated, value: gpu, effect: NoSchedule}, {key: other, effect: NoExecute}]},
   status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}}
- {apiVersion: v1, kind: Node, metadata: {name: cordoned, labels: {zone: a, kubernetes.io/hostname: cordoned}},
   spec: {unschedulable: true}, status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}}
- {apiVersion: v1, kind: Node, metadata: {name: small, labels: {zone: b, kubernetes.io/hostname: small}},
   status: {allocatable: {cpu: 100m, memory: 64Mi, pods: "10"}}}
- {apiVersion: v1, kind: Node, metadata: {name: busy, labels: {zone: a, disk: ssd, kubernetes.io/hostname: busy}},
   status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}}
- {apiVersion: v1, kind: Node, metadata: {name: bare}, status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}}
- {apiVersion: v1, kind: Pod, metadata: {name: web-1, namespace: default, labels: {app: web}},
   spec: {nodeName: busy, containers: [{name: c, image: i}],
          affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [
            {labelSelector: {matchLabels: {app: db}}, topologyKey: zone}]}}}}
- {apiVersion: v1, kind: Pod, metadata: {name: web-2, namespace: default, labels: {app: web}},
   spec: {nodeName: busy, containers: [{name: c, image: i}]}}
- {apiVersion: v1, kind: Pod, metadata: {name: db, namespace: default, labels: {app: db}},
   spec: {containers: [{name: c, image: i, resources: {requests: {cpu: "1", memory: 1Gi}}}],
          affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [
            {matchExpressions: [{key: disk, operator: In, values: [ssd, nvme]}]}]}}}}}
- {apiVersion: v1, kind: Pod, metadata: {name: web-3, namespace: default, labels: {app: web}},
   spec: {containers: [{name: c, image: i, resources: {requests: {cpu: "1", memory: 1Gi}}}],
          topologySpreadConstraints: [
            {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}},
            {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: DoNotSchedule,
             labelSelector: {matchLabels: {app: web}}}],
          affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [
            {labelSelector: {matchLabels: {app: web}}, topologyKey: kubernetes.io/hostname}]}}}}
)";

TEST_CASE("Framework: without details wanted, every rejection keeps its plugin, code and reasons") {
  ClusterState cluster;
  REQUIRE_FALSE(load_cluster_state_text(kExplainCluster, "explain.yaml", cluster).has_value());
  Snapshot snapshot(cluster, FeatureGates{});
  const Profiles profiles(default_scheduler_configuration(FeatureGates{}), FeatureGates{});
  const Framework& framework = *profiles.find("default-scheduler")->framework;
  REQUIRE(snapshot.pending_pods().size() == 2);
  std::set<std::string> explained_by;
  for (const Pod* pod : snapshot.pending_pods()) {
    PodInfo info(*pod, FeatureGates{});
    for (bool all_reasons : {false, true}) {
      CycleState explained;
      CycleState terse;
      terse.set_explains(false);
      FilterOutcome full = framework.run(snapshot, info, all_reasons, explained);
      FilterOutcome bare = framework.run(snapshot, info, all_reasons, terse);
      REQUIRE(full.node_failures.size() == bare.node_failures.size());
      for (size_t i = 0; i < full.node_failures.size(); ++i) {
        INFO(pod->metadata.name, " on ", snapshot.nodes()[i]->name(), all_reasons ? " (all reasons)" : "");
        REQUIRE(full.node_failures[i].size() == bare.node_failures[i].size());
        for (size_t k = 0; k < full.node_failures[i].size(); ++k) {
          const Status& a = full.node_failures[i][k];
          const Status& b = bare.node_failures[i][k];
          CHECK(a == b);  // code, reasons and plugin
          CHECK(b.details().empty());
          if (!a.details().empty()) explained_by.insert(a.plugin());
        }
      }
      CHECK(fit_error_message(full, snapshot.nodes().size()) == fit_error_message(bare, snapshot.nodes().size()));
    }
  }
  // The cluster does exercise every plugin's details.
  CHECK(explained_by == std::set<std::string>{"InterPodAffinity", "NodeAffinity", "NodeResourcesFit", "NodeUnschedulable",
                                              "PodTopologySpread", "TaintToleration"});
}

}  // namespace
}  // namespace podfit

namespace podfit {
namespace {

// A pending pod a preemption nominated to `node`, at `priority`.
Pod nominated_pod(std::string name, std::string node, int32_t priority) {
  Pod pod = make_pod(std::move(name));
  pod.spec.priority = priority;
  pod.status.nominated_node_name = std::move(node);
  return pod;
}

// framework_test.go's TestFilterPluginsWithNominatedPods, with the filter that fits empty
// nodes only standing in for the injected one: the first pass counts the nominated pods of equal
// or higher priority on the node, the second pass the node as it is.
TEST_CASE("Framework: RunFilterPluginsWithNominatedPods") {
  const auto verdict = [](const std::vector<Pod>& pending, int32_t priority, const Profile& profile) {
    World world({"node-a"}, pending);
    world.snapshot->nominate([](const Pod&) { return true; }, FeatureGates{});
    Pod pod = make_pod("incoming");
    pod.spec.priority = priority;
    const PodInfo info(pod, FeatureGates{});
    CycleState state;
    const FilterOutcome got = profile.framework().run(*world.snapshot, info, false, state);
    return show(got.node_failures[0]);
  };
  Profile empty_only;
  empty_only.no_pods_filter();
  SUBCASE("node has no nominated pod") { CHECK(verdict({}, 0, empty_only) == ""); }
  SUBCASE("a nominated pod of higher priority counts on its node") {
    CHECK(verdict({nominated_pod("high", "node-a", 100)}, 0, empty_only) == "Unschedulable: Nodes failed the fake plugin @NoPodsFilter");
  }
  SUBCASE("of equal priority too") {
    CHECK(verdict({nominated_pod("peer", "node-a", 100)}, 100, empty_only) == "Unschedulable: Nodes failed the fake plugin @NoPodsFilter");
  }
  SUBCASE("a nominated pod of lower priority does not") {
    CHECK(verdict({nominated_pod("low", "node-a", 0)}, 100, empty_only) == "");
  }
  SUBCASE("nor one nominated to another node") {
    CHECK(verdict({nominated_pod("elsewhere", "node-b", 100)}, 0, empty_only) == "");
  }
  SUBCASE("nor the pod itself") {
    Pod self = nominated_pod("incoming", "node-a", 100);
    CHECK(verdict({self}, 100, empty_only) == "");
  }
  SUBCASE("the first pass's Error ends the node's filtering") {
    Profile erroring;
    erroring.filter("ErrorFilter", "ErrorFilter", [](const PodInfo&, const NodeInfo& node) {
      return node.pods().empty() ? Status() : Status(Code::Error, "injected filter status");
    });
    CHECK(verdict({nominated_pod("high", "node-a", 100)}, 0, erroring) ==
          "Error: running \"ErrorFilter\" filter plugin: injected filter status @ErrorFilter");
  }
  SUBCASE("a node that fits only with its nominated pods fails the second pass") {
    Profile needs_a_pod;
    needs_a_pod.filter("NeedsPod", "NeedsPod", [](const PodInfo&, const NodeInfo& node) {
      return node.pods().empty() ? Status(Code::Unschedulable, "no pod") : Status();
    });
    CHECK(verdict({nominated_pod("high", "node-a", 100)}, 0, needs_a_pod) == "Unschedulable: no pod @NeedsPod");
  }
}

}  // namespace
}  // namespace podfit
