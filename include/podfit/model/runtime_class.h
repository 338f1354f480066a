// node.k8s.io/v1 RuntimeClass: what the RuntimeClass admission plugin gives the pods naming it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "podfit/model/flat_map.h"
#include "podfit/model/meta.h"
#include "podfit/model/resources.h"
#include "podfit/model/taint.h"

namespace podfit {

struct RuntimeClass {
  ObjectMeta metadata;
  std::string handler;
  bool has_overhead = false;                // `overhead` given (its podFixed may still be absent)
  std::optional<ResourceList> pod_fixed;    // overhead.podFixed: the pod's spec.overhead
  bool has_scheduling = false;              // `scheduling` given
  std::optional<StringMap> node_selector;   // scheduling.nodeSelector, merged into the pod's
  std::vector<Toleration> tolerations;      // scheduling.tolerations, merged into the pod's
  SourceRef origin;
};

}  // namespace podfit
