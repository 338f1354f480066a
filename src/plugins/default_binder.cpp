#include "podfit/plugins/default_binder.h"

#include "podfit/framework/names.h"

namespace podfit {

std::string_view DefaultBinder::name() const { return names::kDefaultBinder; }

Status DefaultBinder::bind(const CycleState&, const PodInfo& pod, const std::string& node, PodBinding& binding) const {
  const ObjectMeta& meta = pod.pod().metadata;
  binding = PodBinding{meta.namespace_, meta.name, meta.uid, node};
  return Status();
}

std::unique_ptr<Plugin> new_default_binder(const PluginContext&) { return std::make_unique<DefaultBinder>(); }

}  // namespace podfit
