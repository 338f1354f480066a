#include "podfit/framework/bind_runner.h"

#include <fmt/format.h>

namespace podfit {

Status run_reserve_plugins(std::span<const ReservePlugin* const> plugins, CycleState& state, const PodInfo& pod,
                           const std::string& node, Snapshot& snapshot) {
  for (const ReservePlugin* plugin : plugins) {
    Status status = plugin->reserve(state, pod, node, snapshot);
    if (status.is_success()) continue;
    if (status.is_rejected()) return status.with_plugin(std::string(plugin->name()));
    return wrap_error(fmt::format("running Reserve plugin \"{}\": {}", plugin->name(), error_text(status)), status);
  }
  return Status();
}

void run_unreserve_plugins(std::span<const ReservePlugin* const> plugins, CycleState& state, const PodInfo& pod,
                           const std::string& node, Snapshot& snapshot) {
  for (auto it = plugins.rbegin(); it != plugins.rend(); ++it) (*it)->unreserve(state, pod, node, snapshot);
}

Status run_pre_bind_pre_flights(std::span<const PreBindPlugin* const> plugins, const CycleState& state,
                                const PodInfo& pod, const std::string& node, std::set<std::string>& skipped) {
  Status outcome(Code::Skip);
  for (const PreBindPlugin* plugin : plugins) {
    Status status = plugin->pre_bind_pre_flight(state, pod, node);
    if (status.is_error()) {
      return wrap_error(fmt::format("running PreBindPreFlight \"{}\": {}", plugin->name(), error_text(status)), status);
    }
    if (status.is_success()) {
      outcome = Status();
    } else if (status.is_skip()) {
      skipped.insert(std::string(plugin->name()));
    } else {
      return Status::error(fmt::format(
          "PreBindPreFlight {} returned \"{}\", which is unsupported. It is supposed to return Success, Skip, or Error "
          "status",
          plugin->name(), code_name(status.code())));
    }
  }
  return outcome;
}

Status run_pre_bind_plugins(std::span<const PreBindPlugin* const> plugins, CycleState& state, const PodInfo& pod,
                            const std::string& node, const std::set<std::string>& skipped,
                            std::vector<std::string>& writes) {
  for (const PreBindPlugin* plugin : plugins) {
    const std::string name(plugin->name());
    if (skipped.contains(name)) continue;
    Status status = plugin->pre_bind(state, pod, node, writes);
    if (status.is_success()) continue;
    if (status.is_rejected()) return status.with_plugin(name);
    return wrap_error(fmt::format("running PreBind plugin \"{}\": {}", name, error_text(status)), status);
  }
  return Status();
}

BindOutcome run_bind_plugins(std::span<const BindPlugin* const> plugins, const CycleState& state, const PodInfo& pod,
                             const std::string& node) {
  BindOutcome out;
  out.status = Status(Code::Skip);
  for (const BindPlugin* plugin : plugins) {
    PodBinding binding;
    Status status = plugin->bind(state, pod, node, binding);
    if (status.is_skip()) {
      out.status = std::move(status);
      continue;
    }
    out.plugin = std::string(plugin->name());
    if (status.is_success()) {
      out.status = std::move(status);
      out.binding = std::move(binding);
    } else if (status.is_rejected()) {
      out.status = std::move(status.with_plugin(out.plugin));
    } else {
      out.status = wrap_error(fmt::format("running Bind plugin \"{}\": {}", out.plugin, error_text(status)), status);
    }
    return out;
  }
  return out;
}

}  // namespace podfit
