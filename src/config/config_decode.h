// The configuration as written, before kube-scheduler's defaulting, and the strict decoder.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "document/value.h"
#include "podfit/config/scheduler_config.h"
#include "podfit/util/go_time.h"

namespace podfit {


struct LeaderElectionConfig {
  std::optional<bool> leader_elect;
  std::optional<int64_t> lease_duration_ns, renew_deadline_ns, retry_period_ns;
  std::string resource_lock, resource_name, resource_namespace;
  int line = 0;
};

struct ClientConnectionConfig {
  int32_t burst = 0;
  double qps = 0;
  int line = 0;
};

// What a profile writes besides its schedulerName; absent fields stay absent until defaulting.
struct WrittenProfileBody {
  std::optional<int32_t> percentage_of_nodes_to_score;
  std::optional<ProfilePlugins> plugins;
  std::vector<PluginConfig> plugin_config;
  // Which args fields were written, for the defaults that depend on absence.
  struct ArgsPresence {
    bool scoring_strategy = false;
    bool requested_to_capacity_ratio = false;
    bool hard_pod_affinity_weight = false;
    bool bind_timeout_seconds = false;
    bool min_candidate_nodes_percentage = false;
    bool min_candidate_nodes_absolute = false;
    bool defaulting_type = false;
    std::string defaulting_type_text;  // PodTopologySpreadArgs.defaultingType as written
  };
  std::vector<ArgsPresence> args_presence;  // one per plugin_config entry
};

// A profile as written. Profiles whose values differ only in schedulerName share the first
// such profile's body (its lines are that profile's).
struct WrittenProfile {
  std::optional<std::string> scheduler_name;
  std::shared_ptr<const WrittenProfileBody> body;  // never null once decoded
  int line = 0;
  int scheduler_name_line = 0;
};

struct WrittenConfiguration {
  std::optional<int32_t> parallelism;
  int parallelism_line = 0;
  LeaderElectionConfig leader_election;
  ClientConnectionConfig client_connection;
  std::optional<int32_t> percentage_of_nodes_to_score;
  int percentage_line = 0;
  std::optional<int64_t> pod_initial_backoff_seconds, pod_max_backoff_seconds;
  int backoff_line = 0;
  std::vector<WrittenProfile> profiles;
  std::vector<ExtenderConfig> extenders;
  // Unknown fields, "unknown field \"a.b\"" (and nested args' "decoding ..." wrappers): the
  // strict decoder's complaints, reported together.
  std::vector<std::string> strict_errors;
  int strict_line = 0;
};

// Decodes the root object (apiVersion and kind already checked); throws DecodeError for
// malformed values, collects unknown fields in strict_errors.
void decode_written_configuration(const Value& root, WrittenConfiguration& out);

}  // namespace podfit
