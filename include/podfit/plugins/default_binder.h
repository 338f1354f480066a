// DefaultBinder: binds the pod by posting a v1 Binding for it to the node (the pods/binding
// subresource). podfit posts nothing: it hands the Binding back for reports and `-o bindings`.
#pragma once

#include <memory>
#include <string_view>

#include "podfit/framework/binding_plugins.h"
#include "podfit/framework/registry.h"

namespace podfit {

class DefaultBinder final : public BindPlugin {
 public:
  std::string_view name() const override;
  // The Binding of the pod's namespace, name and uid to Node `node`; always Success.
  Status bind(const CycleState& state, const PodInfo& pod, const std::string& node,
              PodBinding& binding) const override;
};

// Registry factory.
std::unique_ptr<Plugin> new_default_binder(const PluginContext& context);

}  // namespace podfit
