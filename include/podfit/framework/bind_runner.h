// Running a profile's Reserve, PreBind and Bind plugins as kube-scheduler's framework does
// (framework/runtime/framework.go: RunReservePluginsReserve, RunReservePluginsUnreserve,
// RunPreBindPreFlights, RunPreBindPlugins, RunBindPlugins).
#pragma once

#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "podfit/framework/binding_plugins.h"

namespace podfit {

// A profile's plugins at the three extension points, each list in its configured order.
struct BindingPlugins {
  std::vector<const ReservePlugin*> reserve;
  std::vector<const PreBindPlugin*> pre_bind;
  std::vector<const BindPlugin*> bind;
};

// RunReservePluginsReserve: each Reserve in order until one does not succeed. A rejection
// (Unschedulable, UnschedulableAndUnresolvable, Pending) comes back as is with the plugin set;
// anything else as the Error `running Reserve plugin "X": <message>`.
Status run_reserve_plugins(std::span<const ReservePlugin* const> plugins, CycleState& state, const PodInfo& pod,
                           const std::string& node, Snapshot& snapshot);

// RunReservePluginsUnreserve: every plugin's Unreserve, in reverse order.
void run_unreserve_plugins(std::span<const ReservePlugin* const> plugins, CycleState& state, const PodInfo& pod,
                           const std::string& node, Snapshot& snapshot);

// RunPreBindPreFlights: Skip when there is no plugin or every plugin skips; Success when some
// plugin succeeds; the Error `running PreBindPreFlight "X": <message>` on an Error, and
// `PreBindPreFlight X returned "<code>", which is unsupported. It is supposed to return Success,
// Skip, or Error status` for any other code. `skipped` receives the plugins that skipped, whose
// PreBind then does not run.
Status run_pre_bind_pre_flights(std::span<const PreBindPlugin* const> plugins, const CycleState& state,
                                const PodInfo& pod, const std::string& node, std::set<std::string>& skipped);

// RunPreBindPlugins: each PreBind not in `skipped`, in order, until one does not succeed: a
// rejection as is with the plugin set, anything else as `running PreBind plugin "X": <message>`.
// (kube-scheduler may run plugins that allow it in parallel; the first failure in plugin order
// is the one reported here.) `writes` collects what the plugins describe.
Status run_pre_bind_plugins(std::span<const PreBindPlugin* const> plugins, CycleState& state, const PodInfo& pod,
                            const std::string& node, const std::set<std::string>& skipped,
                            std::vector<std::string>& writes);

// RunBindPlugins' outcome.
struct BindOutcome {
  // Success, Skip (no plugin, or every plugin skipped: the pod is not bound), a rejection with
  // the plugin set, or the Error `running Bind plugin "X": <message>`.
  Status status;
  std::optional<PodBinding> binding;  // on Success: what the binding plugin posted
  std::string plugin;                 // the plugin whose result won (empty when all skipped)
};

// RunBindPlugins: the plugins in order until one does not Skip; its result is the outcome.
BindOutcome run_bind_plugins(std::span<const BindPlugin* const> plugins, const CycleState& state, const PodInfo& pod,
                             const std::string& node);

}  // namespace podfit
