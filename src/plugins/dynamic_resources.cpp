#include "podfit/plugins/dynamic_resources.h"

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

std::string_view DynamicResources::name() const { return names::kDynamicResources; }

std::optional<std::string> DynamicResources::cannot_evaluate(const Pod& pod, const Snapshot& snapshot) const {
  if (!enabled_) return std::nullopt;
  if (!pod.spec.resource_claims.empty()) {
    return "the pod uses resource claims, and podfit does not allocate devices to claims yet";
  }
  // An extended resource a DeviceClass provides is allocated from devices on nodes that do not
  // advertise it (DRAExtendedResource), which podfit does not do yet.
  if (!extended_resource_ || snapshot.device_class_resolver().empty()) return std::nullopt;
  const dra::DeviceClassResolver& resolver = snapshot.device_class_resolver();
  std::optional<std::string> why;
  auto check = [&](const std::optional<ResourceList>& list) {
    if (!list || why) return;
    for (const auto& [name, quantity] : *list) {
      if (const DeviceClass* dc = resolver.device_class(name)) {
        why = fmt::format("the pod requests {}, which DeviceClass {} provides through DRA on nodes that do not "
                          "advertise it, and podfit does not allocate devices yet",
                          name, dc->metadata.name);
        return;
      }
    }
  };
  for (const auto* containers : {&pod.spec.init_containers, &pod.spec.containers}) {
    for (const Container& c : *containers) {
      check(c.resources.requests);
      check(c.resources.limits);
    }
  }
  return why;
}

Status DynamicResources::pre_filter(CycleState&, const PodInfo& pod, const Snapshot&, PreFilterResult&) const {
  // Without claims (the only pods that reach this point) there is nothing to allocate.
  (void)pod;
  return Status(Code::Skip);
}

Status DynamicResources::filter(const CycleState&, const PodInfo&, const NodeInfo&) const { return Status(); }

ScoreResult DynamicResources::score(const CycleState&, const PodInfo&, const NodeInfo&) const { return ScoreResult{}; }

std::unique_ptr<Plugin> new_dynamic_resources(const PluginContext& context) {
  return std::make_unique<DynamicResources>(context.gates);
}

}  // namespace podfit
