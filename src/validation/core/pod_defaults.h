// pkg/apis/core/v1's defaulting of pods (SetDefaults_Pod and its containers'), which the API
// server applies before it validates, for the fields scheduling reads.
#pragma once

#include "podfit/model/pod.h"

namespace podfit {

// The namespace, a generated name, container requests from limits, port protocols, host ports
// under hostNetwork, and the pod-level resources' defaults.
void apply_pod_defaults(Pod& pod);

}  // namespace podfit
