// v1.Namespace: its labels feed namespaceSelector matching.
#pragma once

#include "podfit/model/meta.h"

namespace podfit {

struct Namespace {
  ObjectMeta metadata;
  SourceRef origin;
};

}  // namespace podfit
