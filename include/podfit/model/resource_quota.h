// v1.ResourceQuota: what the ResourceQuota admission plugin reads of it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "podfit/model/meta.h"
#include "podfit/model/resources.h"

namespace podfit {

// v1.ScopedResourceSelectorRequirement: scopeName is Terminating, NotTerminating, BestEffort,
// NotBestEffort, PriorityClass, CrossNamespacePodAffinity or VolumeAttributesClass.
struct ScopedResourceSelectorRequirement {
  std::string scope_name;
  std::string operator_;  // In, NotIn, Exists, DoesNotExist
  std::vector<std::string> values;
};

struct ResourceQuota {
  ObjectMeta metadata;
  ResourceList spec_hard;
  std::vector<std::string> scopes;  // spec.scopes
  std::optional<std::vector<ScopedResourceSelectorRequirement>> scope_selector;  // spec.scopeSelector.matchExpressions
  // The quota controller's view, which admission reads: status.hard mirrors spec.hard once the
  // controller has seen the quota; status.used is the usage it last counted plus what admission
  // has charged since.
  ResourceList status_hard;
  ResourceList status_used;
  SourceRef origin;
};

}  // namespace podfit
