// kube-scheduler's defaulting of a configuration as written (SetDefaults_KubeSchedulerConfiguration).
#pragma once

#include "config_decode.h"
#include "podfit/config/scheduler_config.h"

namespace podfit {

// SetDefaults_KubeSchedulerProfile for a profile's body: plugins merged with the defaults, args
// defaulted, default args appended for the enabled plugins that have an Args kind and no entry.
// The framework's lists (effective) are left empty.
ProfileBody default_profile_body(const WrittenProfileBody& written, const FeatureGates& gates);

// The leader election defaults kube-scheduler applies (RecommendedDefaultLeaderElectionConfiguration).
void default_leader_election(LeaderElectionConfig& le);

}  // namespace podfit
