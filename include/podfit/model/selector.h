// metav1.LabelSelector as written in manifests.
#pragma once

#include <string>
#include <vector>

#include "podfit/model/flat_map.h"

namespace podfit {

// One matchExpressions entry: operator is In, NotIn, Exists or DoesNotExist.
struct LabelSelectorRequirement {
  std::string key;
  std::string op;
  std::vector<std::string> values;
};

// metav1.LabelSelector. A null selector (absent field) is represented by std::optional at the use site.
struct LabelSelector {
  StringMap match_labels;
  std::vector<LabelSelectorRequirement> match_expressions;
};

}  // namespace podfit
