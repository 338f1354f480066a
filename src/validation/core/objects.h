// pkg/apis/core/validation's checks of the core kinds besides pods that scheduling reads: nodes,
// persistent volumes and their claims (objects.cpp).
#pragma once

#include "validation/validate.h"

namespace podfit {

void validate_node(const Value& v, const Node& node);
void validate_pvc_spec(const Value& v, const PersistentVolumeClaimSpec& spec);
void validate_persistent_volume(const Value& v, const PersistentVolume& pv, bool has_node_affinity);

}  // namespace podfit
