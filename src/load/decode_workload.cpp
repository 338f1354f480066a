// Workloads given to --pod: decoded as far as building their pod needs, then turned into the pod
// their controller creates (the controller's labels, owner and name on the template's pod).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>

#include "decode.h"
#include "stand_in.h"
#include "podfit/load/pod_creation.h"
#include "podfit/load/workload.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/labels.h"
#include "validation/api_release.h"
#include "validation/apps/workloads.h"
#include "validation/batch/cron_job.h"
#include "validation/core/pod_defaults.h"
#include "validation/policy/disruption_budget.h"
#include "validation/validate.h"

namespace podfit {
namespace {

constexpr std::string_view kDeployment = "Deployment";
constexpr std::string_view kReplicaSet = "ReplicaSet";
constexpr std::string_view kStatefulSet = "StatefulSet";
constexpr std::string_view kDaemonSet = "DaemonSet";
constexpr std::string_view kJob = "Job";
constexpr std::string_view kCronJob = "CronJob";
constexpr std::string_view kReplicationController = "ReplicationController";
constexpr std::string_view kPodTemplate = "PodTemplate";

// The one API version podfit reads for each workload kind.
std::string_view api_version_of(std::string_view kind) {
  if (kind == kDeployment || kind == kReplicaSet || kind == kStatefulSet || kind == kDaemonSet) return "apps/v1";
  if (kind == kJob || kind == kCronJob) return "batch/v1";
  return "v1";
}

bool is_apps_kind(std::string_view kind) { return api_version_of(kind) == "apps/v1"; }

// Everything of a workload manifest that shapes its pod.
struct Manifest {
  ObjectMeta meta;
  int spec_line = 0;
  std::optional<int32_t> replicas;
  std::optional<LabelSelector> selector;
  bool has_template = false;
  Pod template_pod;  // the template's metadata and spec, as written
  // v1.32 and v1.33 leave a StatefulSet's pod spec unchecked: the first problem of the spec,
  // which refuses each pod the controller creates instead (decoding stops there).
  std::optional<DecodeError> template_spec_error;
  // StatefulSet
  std::vector<PersistentVolumeClaim> claim_templates;
  int32_t ordinals_start = 0;
  DeploymentStrategy strategy;
  // StatefulSet: spec.podManagementPolicy as written (defaulted to OrderedReady).
  std::optional<std::string> pod_management_policy;
  CronJobSchedule cron;
  // Job, and a CronJob's job template
  ObjectMeta job_meta;
  std::optional<int32_t> parallelism;
  std::optional<int32_t> completions;
  std::string completion_mode = "NonIndexed";
  bool manual_selector = false;
};

void check_non_negative(const Value& v, int64_t n) {
  if (n < 0) v.fail(fmt::format("Invalid value: {}: must be greater than or equal to 0", n));
}

// v1.PodTemplateSpec: its metadata and PodSpec (the template's namespace and name are unused).
// With `spec_unchecked`, the spec's validation errors are kept for the pods, not raised; what
// the API server cannot decode is raised still.
void decode_template(const Value& v, Manifest& m, bool spec_unchecked = false) {
  bool has_spec = false;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, m.template_pod.metadata, MetaLabels::PodTemplate);
    else if (key == "spec") {
      has_spec = !f.is_null();
      try {
        decode_pod_spec(f, m.template_pod.spec);
      } catch (const DecodeError& e) {
        if (!spec_unchecked || !field::is_field_error(e.message)) throw;
        m.template_spec_error = e;
      }
    }
  });
  if (!has_spec) fail_required(v, "spec.containers");
  m.has_template = !v.is_null();
}

PersistentVolumeClaim decode_claim_template(const Value& v) {
  PersistentVolumeClaim claim;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, claim.metadata, MetaLabels::Unchecked);
    else if (key == "spec") decode_pvc_spec(f, claim.spec);
  });
  if (claim.metadata.name.empty()) fail_required(v, "metadata.name");
  return claim;
}

void decode_job_spec(const Value& v, Manifest& m) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "parallelism") {
      if (!f.is_null()) check_non_negative(f, *(m.parallelism = f.int32()));
    } else if (key == "completions") {
      if (!f.is_null()) check_non_negative(f, *(m.completions = f.int32()));
    } else if (key == "backoffLimit") {
      if (!f.is_null()) check_non_negative(f, f.int32());
    } else if (key == "completionMode") {
      if (f.is_null()) return;
      m.completion_mode = f.string();
      check_enum(f, m.completion_mode, {"Indexed", "NonIndexed"});
    } else if (key == "manualSelector") {
      m.manual_selector = f.boolean();
    } else if (key == "selector") {
      if (!f.is_null()) m.selector = decode_label_selector(f);
    } else if (key == "template") {
      decode_template(f, m);
    }
  });
}

void decode_deployment_strategy(const Value& v, DeploymentStrategy& out) {
  out.line = v.line();
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "type" && !f.is_null()) out.type = f.string();
    else if (key == "rollingUpdate" && !f.is_null()) {
      out.has_rolling_update = true;
      f.fields([&](std::string_view k, const Value& x) {
        if (x.type() != Value::Type::Number) return;  // a percentage: the 25% defaults' kind, not checked here
        if (k == "maxSurge") out.max_surge = x.int64();
        else if (k == "maxUnavailable") out.max_unavailable = x.int64();
      });
    }
  });
}

void decode_spec(const Value& v, std::string_view kind, Manifest& m) {
  m.spec_line = v.line();
  if (kind == kJob) {
    decode_job_spec(v, m);
    return;
  }
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "replicas" && kind != kDaemonSet && kind != kCronJob) {
      if (!f.is_null()) check_non_negative(f, *(m.replicas = f.int32()));
    } else if (key == "selector" && kind == kReplicationController) {
      // A map here; the API server defaults it to the template's labels. Nothing to check.
    } else if (key == "selector" && kind != kCronJob) {
      if (!f.is_null()) m.selector = decode_label_selector(f);
    } else if (key == "template" && kind != kCronJob) {
      // ValidateStatefulSetSpec checks the template's pod spec only from v1.34.
      decode_template(f, m, kind == kStatefulSet && !api_release().at_least(34));
    } else if (key == "strategy" && kind == kDeployment) {
      decode_deployment_strategy(f, m.strategy);
    } else if (key == "podManagementPolicy" && kind == kStatefulSet) {
      if (!f.is_null()) m.pod_management_policy = f.string();
    } else if (key == "schedule" && kind == kCronJob) {
      m.cron.schedule = f.string();
      m.cron.schedule_line = f.line();
    } else if (key == "timeZone" && kind == kCronJob) {
      if (!f.is_null()) m.cron.time_zone = f.string();
      m.cron.time_zone_line = f.line();
    } else if (key == "startingDeadlineSeconds" && kind == kCronJob) {
      if (!f.is_null()) check_non_negative(f, f.int64());
    } else if ((key == "successfulJobsHistoryLimit" || key == "failedJobsHistoryLimit") && kind == kCronJob) {
      if (!f.is_null()) check_non_negative(f, f.int32());
    } else if (key == "concurrencyPolicy" && kind == kCronJob) {
      // An empty policy is defaulted to Allow.
      if (!f.is_null() && !f.string().empty()) check_enum(f, f.string(), {"Allow", "Forbid", "Replace"});
    } else if (key == "volumeClaimTemplates" && kind == kStatefulSet) {
      f.elements([&](const Value& e) { m.claim_templates.push_back(decode_claim_template(e)); });
    } else if (key == "ordinals" && kind == kStatefulSet) {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "start" && !x.is_null()) check_non_negative(x, m.ordinals_start = x.int32());
      });
    } else if (key == "jobTemplate" && kind == kCronJob) {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "metadata") decode_meta(x, m.job_meta);
        else if (k == "spec") decode_job_spec(x, m);
      });
    }
  });
}

OwnerReference controller_ref(std::string api_version, std::string_view kind, std::string name, std::string uid) {
  return OwnerReference{std::move(api_version), std::string(kind), std::move(name), std::move(uid), true};
}

// The labels the Job API adds to a job's template (generateSelector), unless the selector is manual.
void add_job_labels(StringMap& labels, const std::string& job_name, const std::string& job_uid) {
  for (const char* key : {"job-name", "batch.kubernetes.io/job-name"}) {
    if (!labels.contains(key)) labels.set(key, job_name);
  }
  for (const char* key : {"controller-uid", "batch.kubernetes.io/controller-uid"}) {
    if (!labels.contains(key)) labels.set(key, job_uid);
  }
}

// The Job controller's pod: index 0 of an Indexed job, the first of a NonIndexed one.
void make_job_pod(Pod& pod, const Manifest& m, const std::string& job_name, const std::string& job_uid) {
  if (!m.manual_selector) add_job_labels(pod.metadata.labels, job_name, job_uid);
  std::string prefix = job_name + "-";
  if (m.completion_mode == "Indexed") {
    pod.metadata.labels.set("batch.kubernetes.io/job-completion-index", "0");
    pod.metadata.annotations.set("batch.kubernetes.io/job-completion-index", "0");
    prefix = job_name + "-0-";
  }
  pod.metadata.owner_references.push_back(controller_ref("batch/v1", kJob, job_name, job_uid));
  pod.metadata.generate_name = prefix;
  pod.metadata.name = prefix + stand_in_suffix(job_name + "/" + pod.metadata.namespace_);
}

// Pods a Job keeps running at once: parallelism (default 1), at most the completions.
int32_t job_pods(const Manifest& m) {
  int32_t parallelism = m.parallelism.value_or(1);
  return m.completions ? std::min(parallelism, *m.completions) : parallelism;
}

}  // namespace

bool is_workload_kind(std::string_view kind) {
  return kind == kDeployment || kind == kReplicaSet || kind == kStatefulSet || kind == kDaemonSet || kind == kJob ||
         kind == kCronJob || kind == kReplicationController || kind == kPodTemplate;
}

void decode_workload(const Value& v, std::string_view kind, std::string_view api_version, Candidate& out,
                     std::string_view default_namespace) {
  if (!api_version.empty() && api_version != api_version_of(kind)) {
    throw DecodeError{fmt::format("no matches for kind \"{}\" in version \"{}\"", kind, api_version), v.line()};
  }
  Manifest m;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, m.meta);
    else if (key == "spec" && kind != kPodTemplate) decode_spec(f, kind, m);
    else if (key == "template" && kind == kPodTemplate) decode_template(f, m);
  });
  if (m.meta.name.empty() && m.meta.generate_name.empty()) {
    fail_required(v, "metadata.name", "name or generateName is required");
  }
  if (!m.has_template) {
    fail_required(v, kind == kPodTemplate ? "template.spec.containers"
                     : kind == kCronJob   ? "spec.jobTemplate.spec.template.spec.containers"
                                          : "spec.template.spec.containers");
  }
  if (is_apps_kind(kind)) validate_apps_selector(kind, m.selector, m.template_pod.metadata.labels, m.spec_line);
  if (kind == kDeployment) validate_deployment_strategy(m.strategy);
  if (kind == kStatefulSet) validate_pod_management_policy(m.pod_management_policy, m.spec_line);
  if (kind == kCronJob) {
    m.cron.spec_line = m.spec_line;
    validate_cron_job_schedule(m.cron);
  }
  if (kind == kJob || kind == kCronJob) {
    validate_job_template_restart_policy(kind == kCronJob, m.template_pod.spec.restart_policy, m.spec_line);
  }
  if (is_apps_kind(kind) || kind == kReplicationController) validate_long_running_template(v, kind, m.template_pod.spec, m.spec_line);

  const std::string ns = m.meta.namespace_.empty() ? std::string(default_namespace) : m.meta.namespace_;
  const std::string name =
      m.meta.name.empty() ? m.meta.generate_name + stand_in_suffix(fmt::format("{}/{}", kind, ns)) : m.meta.name;
  if (kind == kCronJob) validate_cron_job_name(v, name);
  const std::string seed = fmt::format("{}/{}/{}", kind, ns, name);
  const std::string uid = m.meta.uid.empty() ? stand_in_uid(seed) : m.meta.uid;

  WorkloadRef& workload = out.workload.emplace();
  workload.kind = std::string(kind);
  workload.namespace_ = ns;
  workload.name = name;

  // controller.GetPodFromTemplate: the template's labels, annotations and spec, in the workload's namespace.
  Pod& pod = out.pod;
  pod.metadata.namespace_ = ns;
  pod.metadata.labels = m.template_pod.metadata.labels;
  pod.metadata.annotations = m.template_pod.metadata.annotations;
  pod.spec = std::move(m.template_pod.spec);

  if (kind == kDeployment) {
    // The Deployment's ReplicaSet is named after the template's hash and adds it as a label.
    const std::string hash = stand_in_hash(seed);
    const std::string replica_set = name + "-" + hash;
    pod.metadata.labels.set("pod-template-hash", hash);
    pod.metadata.owner_references.push_back(
        controller_ref("apps/v1", kReplicaSet, replica_set, stand_in_uid(fmt::format("ReplicaSet/{}/{}", ns, replica_set))));
    pod.metadata.generate_name = replica_set + "-";
    pod.metadata.name = pod.metadata.generate_name + stand_in_suffix(seed);
    workload.replicas = m.replicas.value_or(1);
  } else if (kind == kReplicaSet || kind == kReplicationController) {
    pod.metadata.owner_references.push_back(controller_ref(std::string(api_version_of(kind)), kind, name, uid));
    pod.metadata.generate_name = name + "-";
    pod.metadata.name = pod.metadata.generate_name + stand_in_suffix(seed);
    workload.replicas = m.replicas.value_or(1);
  } else if (kind == kStatefulSet) {
    pod.metadata.owner_references.push_back(controller_ref("apps/v1", kind, name, uid));
    StatefulSetIdentity& identity = out.stateful_set.emplace();
    identity.set_name = name;
    identity.start = m.ordinals_start;
    identity.revision = name + "-" + stand_in_hash(seed);
    identity.claim_templates = std::move(m.claim_templates);
    if (m.selector) identity.selector_labels = m.selector->match_labels;
    pod.metadata.labels.set("controller-revision-hash", identity.revision);
    workload.replicas = m.replicas.value_or(1);
    identity.base = std::move(pod);
    if (m.template_spec_error) {
      // The error as the pod's validation words it: its path starts at the pod.
      constexpr std::string_view kTemplatePath = "spec.template.";
      identity.template_spec_error = m.template_spec_error->message;
      if (identity.template_spec_error.starts_with(kTemplatePath)) identity.template_spec_error.erase(0, kTemplatePath.size());
    }
    set_stateful_set_ordinal(out, m.ordinals_start);  // names the pod, applies defaults and mutations
    return;
  } else if (kind == kDaemonSet) {
    const std::string* generation = m.meta.annotations.find("deprecated.daemonset.template.generation");
    pod.metadata.labels.set("controller-revision-hash", stand_in_hash(seed));
    pod.metadata.labels.set("pod-template-generation", generation != nullptr ? *generation : "1");
    add_daemon_pod_tolerations(pod.spec);
    pod.metadata.owner_references.push_back(controller_ref("apps/v1", kind, name, uid));
    pod.metadata.generate_name = name + "-";
    pod.metadata.name = pod.metadata.generate_name + stand_in_suffix(seed);
  } else if (kind == kJob) {
    make_job_pod(pod, m, name, uid);
    workload.replicas = job_pods(m);
  } else if (kind == kCronJob) {
    // Each run is a Job named after the schedule time, labelled from the job template.
    const std::string job_name = name + "-" + stand_in_schedule_minutes(seed);
    make_job_pod(pod, m, job_name, stand_in_uid(fmt::format("Job/{}/{}", ns, job_name)));
    workload.replicas = job_pods(m);
  } else {
    pod.metadata.name = name;  // a PodTemplate: no controller, the template as a pod
  }
  apply_pod_defaults(pod);
  merge_match_label_keys_into_affinity_terms(pod);
}

}  // namespace podfit
