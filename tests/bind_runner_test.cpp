// The Reserve, PreBind and Bind runners: kube-scheduler's TestReservePlugins,
// TestPreBindPlugins, TestPreBindPreFlightPlugins and TestRunBindPlugins
// (framework/runtime/framework_test.go), plus Unreserve's order and DefaultBinder.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "builders.h"
#include "podfit/framework/bind_runner.h"
#include "podfit/model/cluster.h"
#include "podfit/plugins/default_binder.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

using testing::PodBuilder;
using testing::show;

// framework_test.go's injectReason.
constexpr const char* kInjected = "injected status";

// TestPlugin with injected results: each extension point returns NewStatus(code, "injected status").
struct InjectedPlugin final : ReservePlugin, PreBindPlugin, BindPlugin {
  std::string plugin_name = "TestPlugin";
  Code reserve_code = Code::Success;
  Code pre_flight_code = Code::Success;
  Code pre_bind_code = Code::Success;
  Code bind_code = Code::Success;
  std::vector<std::string>* log = nullptr;

  std::string_view name() const override { return plugin_name; }
  Status reserve(CycleState&, const PodInfo&, const std::string&, Snapshot&) const override {
    if (log) log->push_back("Reserve " + plugin_name);
    return Status(reserve_code, kInjected);
  }
  void unreserve(CycleState&, const PodInfo&, const std::string&, Snapshot&) const override {
    if (log) log->push_back("Unreserve " + plugin_name);
  }
  Status pre_bind_pre_flight(const CycleState&, const PodInfo&, const std::string&) const override {
    return Status(pre_flight_code, kInjected);
  }
  Status pre_bind(CycleState&, const PodInfo&, const std::string&, std::vector<std::string>& writes) const override {
    if (log) log->push_back("PreBind " + plugin_name);
    writes.push_back("write by " + plugin_name);
    return Status(pre_bind_code, kInjected);
  }
  Status bind(const CycleState&, const PodInfo& pod, const std::string& node, PodBinding& binding) const override {
    if (log) log->push_back("Bind " + plugin_name);
    binding = PodBinding{pod.pod().metadata.namespace_, pod.pod().metadata.name, pod.pod().metadata.uid, node};
    return Status(bind_code, kInjected);
  }
};

// The plugins of one case, named "TestPlugin", "TestPlugin 1", ... as upstream names them.
std::vector<InjectedPlugin> plugins_with(const std::vector<Code>& codes, Code InjectedPlugin::*point) {
  std::vector<InjectedPlugin> plugins(codes.size());
  for (size_t i = 0; i < codes.size(); ++i) {
    plugins[i].plugin_name = i == 0 ? "TestPlugin" : "TestPlugin " + std::to_string(i);
    plugins[i].*point = codes[i];
  }
  return plugins;
}

template <class Interface>
std::vector<const Interface*> as(const std::vector<InjectedPlugin>& plugins) {
  std::vector<const Interface*> out;
  for (const auto& p : plugins) out.push_back(&p);
  return out;
}

struct Fixture {
  ClusterState cluster;
  Snapshot snapshot{cluster, FeatureGates{}};
  Pod pod = PodBuilder("pod").uid("pod");
  PodInfo info{pod, FeatureGates{}};
  CycleState state;
};

TEST_CASE("run_reserve_plugins: TestReservePlugins") {
  struct Case {
    const char* name;
    std::vector<Code> codes;
    std::string want;  // show() of the status; plugin checked apart
    std::string want_plugin;
  };
  const std::vector<Case> cases = {
      {"NoReservePlugin", {}, "Success", ""},
      {"SuccessReservePlugins", {Code::Success}, "Success", ""},
      {"UnschedulableReservePlugin", {Code::Unschedulable}, "Unschedulable: injected status", "TestPlugin"},
      {"ErrorReservePlugin", {Code::Error}, "Error: running Reserve plugin \"TestPlugin\": injected status", ""},
      {"UnschedulableAndUnresolvableReservePlugin",
       {Code::UnschedulableAndUnresolvable},
       "UnschedulableAndUnresolvable: injected status",
       "TestPlugin"},
      {"SuccessSuccessReservePlugins", {Code::Success, Code::Success}, "Success", ""},
      {"ErrorErrorReservePlugins",
       {Code::Error, Code::Error},
       "Error: running Reserve plugin \"TestPlugin\": injected status",
       ""},
      {"SuccessErrorReservePlugins",
       {Code::Success, Code::Error},
       "Error: running Reserve plugin \"TestPlugin 1\": injected status",
       ""},
      {"ErrorSuccessReservePlugin",
       {Code::Error, Code::Success},
       "Error: running Reserve plugin \"TestPlugin\": injected status",
       ""},
      {"UnschedulableAndSuccessReservePlugin",
       {Code::Unschedulable, Code::Success},
       "Unschedulable: injected status",
       "TestPlugin"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      Fixture f;
      std::vector<std::string> log;
      auto plugins = plugins_with(c.codes, &InjectedPlugin::reserve_code);
      for (auto& p : plugins) p.log = &log;
      const Status status = run_reserve_plugins(as<ReservePlugin>(plugins), f.state, f.info, "node", f.snapshot);
      CHECK(show(status) == c.want);
      CHECK(status.plugin() == c.want_plugin);
      // The run stops at the first plugin that does not succeed.
      size_t ran = 0;
      while (ran < c.codes.size() && c.codes[ran] == Code::Success) ++ran;
      CHECK(log.size() == std::min(ran + 1, c.codes.size()));
    }
  }
}

TEST_CASE("run_unreserve_plugins: every plugin, in reverse order") {
  Fixture f;
  std::vector<std::string> log;
  auto plugins = plugins_with({Code::Success, Code::Error, Code::Success}, &InjectedPlugin::reserve_code);
  for (auto& p : plugins) p.log = &log;
  run_unreserve_plugins(as<ReservePlugin>(plugins), f.state, f.info, "node", f.snapshot);
  CHECK(log == std::vector<std::string>{"Unreserve TestPlugin 2", "Unreserve TestPlugin 1", "Unreserve TestPlugin"});
}

TEST_CASE("run_pre_bind_plugins: TestPreBindPlugins") {
  struct Case {
    const char* name;
    std::vector<Code> codes;
    std::string want;
    std::string want_plugin;
  };
  const std::vector<Case> cases = {
      {"NoPreBindPlugin", {}, "Success", ""},
      {"SuccessPreBindPlugins", {Code::Success}, "Success", ""},
      {"UnschedulablePreBindPlugin", {Code::Unschedulable}, "Unschedulable: injected status", "TestPlugin"},
      {"ErrorPreBindPlugin", {Code::Error}, "Error: running PreBind plugin \"TestPlugin\": injected status", ""},
      {"UnschedulableAndUnresolvablePreBindPlugin",
       {Code::UnschedulableAndUnresolvable},
       "UnschedulableAndUnresolvable: injected status",
       "TestPlugin"},
      {"SuccessErrorPreBindPlugins",
       {Code::Success, Code::Error},
       "Error: running PreBind plugin \"TestPlugin 1\": injected status",
       ""},
      {"ErrorSuccessPreBindPlugin",
       {Code::Error, Code::Success},
       "Error: running PreBind plugin \"TestPlugin\": injected status",
       ""},
      {"SuccessSuccessPreBindPlugin", {Code::Success, Code::Success}, "Success", ""},
      {"ErrorAndErrorPlugins",
       {Code::Error, Code::Error},
       "Error: running PreBind plugin \"TestPlugin\": injected status",
       ""},
      {"UnschedulableAndSuccessPreBindPlugin",
       {Code::Unschedulable, Code::Success},
       "Unschedulable: injected status",
       "TestPlugin"},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      Fixture f;
      auto plugins = plugins_with(c.codes, &InjectedPlugin::pre_bind_code);
      std::vector<std::string> writes;
      const Status status = run_pre_bind_plugins(as<PreBindPlugin>(plugins), f.state, f.info, "node", {}, writes);
      CHECK(show(status) == c.want);
      CHECK(status.plugin() == c.want_plugin);
    }
  }
}

TEST_CASE("run_pre_bind_plugins: plugins that skipped PreBindPreFlight do not run") {
  Fixture f;
  std::vector<std::string> log;
  auto plugins = plugins_with({Code::Success, Code::Error, Code::Success}, &InjectedPlugin::pre_bind_code);
  for (auto& p : plugins) p.log = &log;
  std::vector<std::string> writes;
  const Status status =
      run_pre_bind_plugins(as<PreBindPlugin>(plugins), f.state, f.info, "node", {"TestPlugin 1"}, writes);
  CHECK(status.is_success());
  CHECK(log == std::vector<std::string>{"PreBind TestPlugin", "PreBind TestPlugin 2"});
  CHECK(writes == std::vector<std::string>{"write by TestPlugin", "write by TestPlugin 2"});
}

TEST_CASE("run_pre_bind_pre_flights: TestPreBindPreFlightPlugins") {
  struct Case {
    const char* name;
    std::vector<Code> codes;
    std::vector<std::string> names;
    std::string want;
    std::set<std::string> want_skipped;
  };
  const std::vector<Case> cases = {
      {"Skip when there's no PreBind Plugin", {}, {}, "Skip", {}},
      {"Success when PreBindPreFlight returns Success",
       {Code::Skip, Code::Success},
       {"TestPlugin1", "TestPlugin2"},
       "Success",
       {"TestPlugin1"}},
      {"Skip when all PreBindPreFlight returns Skip",
       {Code::Skip, Code::Skip},
       {"TestPlugin1", "TestPlugin2"},
       "Skip",
       {"TestPlugin1", "TestPlugin2"}},
      {"Error when PreBindPreFlight returns Error",
       {Code::Skip, Code::Error},
       {"TestPlugin1", "TestPlugin2"},
       "Error: running PreBindPreFlight \"TestPlugin2\": injected status",
       {"TestPlugin1"}},
      {"Error when PreBindPreFlight returns Unschedulable",
       {Code::Unschedulable},
       {"TestPlugin"},
       "Error: PreBindPreFlight TestPlugin returned \"Unschedulable\", which is unsupported. It is supposed to return "
       "Success, Skip, or Error status",
       {}},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      Fixture f;
      auto plugins = plugins_with(c.codes, &InjectedPlugin::pre_flight_code);
      for (size_t i = 0; i < plugins.size(); ++i) plugins[i].plugin_name = c.names[i];
      std::set<std::string> skipped;
      const Status status = run_pre_bind_pre_flights(as<PreBindPlugin>(plugins), f.state, f.info, "node", skipped);
      CHECK(show(status) == c.want);
      CHECK(status.plugin().empty());
      CHECK(skipped == c.want_skipped);
    }
  }
}

TEST_CASE("run_bind_plugins: TestRunBindPlugins") {
  struct Case {
    const char* name;
    std::vector<Code> codes;
    Code want;
  };
  const std::vector<Case> cases = {
      {"simple success", {Code::Success}, Code::Success},
      {"error on second", {Code::Skip, Code::Error, Code::Success}, Code::Error},
      {"all skip", {Code::Skip, Code::Skip, Code::Skip}, Code::Skip},
      {"error on third, but not reached", {Code::Skip, Code::Success, Code::Error}, Code::Success},
      // newFrameworkWithQueueSortAndBind adds a binder that succeeds when a case lists none.
      {"no bind plugin, returns default binder", {Code::Success}, Code::Success},
      {"invalid status", {Code::Unschedulable}, Code::Unschedulable},
      {"simple error", {Code::Error}, Code::Error},
      {"success on second, returns success", {Code::Skip, Code::Success}, Code::Success},
      {"invalid status, returns error", {Code::Skip, Code::UnschedulableAndUnresolvable},
       Code::UnschedulableAndUnresolvable},
      {"error after success status, returns success", {Code::Success, Code::Error}, Code::Success},
      {"success before invalid status, returns success", {Code::Success, Code::Error}, Code::Success},
      {"success after error status, returns error", {Code::Error, Code::Success}, Code::Error},
  };
  for (const Case& c : cases) {
    SUBCASE(c.name) {
      Fixture f;
      auto plugins = plugins_with(c.codes, &InjectedPlugin::bind_code);
      for (size_t i = 0; i < plugins.size(); ++i) plugins[i].plugin_name = "bind-" + std::to_string(i);
      const BindOutcome outcome = run_bind_plugins(as<BindPlugin>(plugins), f.state, f.info, "node-a");
      CHECK(outcome.status.code() == c.want);
      // The first plugin that did not skip decides, with its name; only its Success binds.
      size_t decided = 0;
      while (decided < c.codes.size() && c.codes[decided] == Code::Skip) ++decided;
      CHECK(outcome.plugin == (decided < c.codes.size() ? "bind-" + std::to_string(decided) : ""));
      CHECK(outcome.binding.has_value() == (c.want == Code::Success));
      if (c.want == Code::Error) {
        CHECK(outcome.status.message() ==
              "running Bind plugin \"bind-" + std::to_string(decided) + "\": injected status");
      }
      if (c.want == Code::Unschedulable || c.want == Code::UnschedulableAndUnresolvable) {
        CHECK(outcome.status.plugin() == outcome.plugin);
      }
    }
  }
}

TEST_CASE("run_bind_plugins: with no Bind plugin nothing binds (Skip)") {
  Fixture f;
  const BindOutcome outcome = run_bind_plugins({}, f.state, f.info, "node-a");
  CHECK(outcome.status.is_skip());
  CHECK_FALSE(outcome.binding.has_value());
}

TEST_CASE("DefaultBinder: the Binding of the pod's name, namespace and uid to the node") {
  Fixture f;
  Pod pod = PodBuilder("foo", "shop").uid("foo");
  PodInfo info(pod, FeatureGates{});
  DefaultBinder binder;
  const std::vector<const BindPlugin*> plugins = {&binder};
  const BindOutcome outcome = run_bind_plugins(plugins, f.state, info, "node1");
  REQUIRE(outcome.status.is_success());
  CHECK(outcome.plugin == "DefaultBinder");
  CHECK(*outcome.binding == PodBinding{"shop", "foo", "foo", "node1"});
}

}  // namespace
}  // namespace podfit
