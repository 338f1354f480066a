#include <fmt/format.h>

#include "decode.h"
#include "podfit/load/pod_creation.h"
#include "podfit/model/field_errors.h"
#include "podfit/model/pod_resources.h"
#include "validation/core/containers.h"
#include "validation/core/objects.h"
#include "validation/core/pod.h"
#include "validation/core/pod_defaults.h"
#include "validation/core/resources.h"
#include "validation/validate.h"

namespace podfit {
namespace {

void check_port(const Value& v, int32_t port, bool allow_zero) {
  if ((port == 0 && allow_zero) || (port >= 1 && port <= 65535)) return;
  v.fail(fmt::format("Invalid value: {}: must be between 1 and 65535, inclusive", port));
}

// The weight of a preferred term (node or pod affinity): 1 to 100.
void check_weight(const Value& term, int32_t weight) {
  if (weight > 0 && weight <= 100) return;
  reject(term, {"weight"}, field::invalid(path_of(term, "weight"), std::to_string(weight), "must be in the range 1-100"));
}

ContainerRestartRule decode_restart_rule(const Value& v) {
  ContainerRestartRule rule;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "action") {
      rule.action = f.string();
      check_enum(f, rule.action, {"Restart", "RestartAllContainers"});
    } else if (key == "exitCodes") {
      if (f.is_null()) return;
      ContainerRestartRuleOnExitCodes& codes = rule.exit_codes.emplace();
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "operator") {
          codes.op = x.string();
          check_enum(x, codes.op, {"In", "NotIn"});
        } else if (k == "values") {
          x.elements([&](const Value& e) { codes.values.push_back(e.int32()); });
        }
      });
    }
  });
  return rule;
}

VolumeMount decode_volume_mount(const Value& v) {
  VolumeMount m;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "name") m.name = f.string();
    else if (key == "mountPath") m.mount_path = f.string();
    else if (key == "bindMountOptions") {
      f.elements([&](const Value& e) {
        std::string option = e.string();
        check_enum(e, option, {"noexec", "nodev", "nosuid"});
        m.bind_mount_options.push_back(std::move(option));
      });
    }
  });
  return m;
}

Container decode_container(const Value& v) {
  Container c;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "name") c.name = f.string();
    else if (key == "image") c.image = f.string();
    else if (key == "restartPolicy") {
      if (!f.is_null()) {
        c.restart_policy = f.string();
        check_enum(f, *c.restart_policy, {"Always", "Never", "OnFailure"});
      }
    } else if (key == "resources") {
      decode_resource_requirements(f, c.resources);
      validate_container_resources(f, c.resources);
    } else if (key == "ports") {
      f.elements([&](const Value& e) {
        ContainerPort& p = c.ports.emplace_back();
        e.fields([&](std::string_view k, const Value& x) {
          if (k == "name") p.name = x.string();
          else if (k == "containerPort") {
            p.container_port = x.int32();
            check_port(x, p.container_port, false);
          } else if (k == "hostPort") {
            p.host_port = x.int32();
            check_port(x, p.host_port, true);
          } else if (k == "protocol") {
            p.protocol = x.string();
            if (p.protocol.empty()) p.protocol = "TCP";
            check_enum(x, p.protocol, {"SCTP", "TCP", "UDP"});
          } else if (k == "hostIP") p.host_ip = x.string();
        });
        if (p.container_port == 0) fail_required(e, "containerPort");
      });
    } else if (key == "restartPolicyRules") {
      f.elements([&](const Value& e) { c.restart_policy_rules.push_back(decode_restart_rule(e)); });
    } else if (key == "volumeMounts") {
      f.elements([&](const Value& e) { c.volume_mounts.push_back(decode_volume_mount(e)); });
    }
  });
  validate_container_name_and_image(v, c);
  return c;
}

}  // namespace

Toleration decode_toleration(const Value& v) {
  Toleration t;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "key") t.key = f.string();
    else if (key == "operator") t.op = f.string();
    else if (key == "value") t.value = f.string();
    else if (key == "effect") t.effect = f.string();
    else if (key == "tolerationSeconds") {
      if (!f.is_null()) t.toleration_seconds = f.int64();
    }
  });
  validate_toleration(v, t);
  return t;
}

namespace {

PodAffinityTerm decode_pod_affinity_term(const Value& v) {
  PodAffinityTerm t;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "labelSelector") {
      if (!f.is_null()) t.label_selector = decode_label_selector(f);
    } else if (key == "namespaces") t.namespaces = decode_strings(f);
    else if (key == "topologyKey") t.topology_key = f.string();
    else if (key == "namespaceSelector") {
      if (!f.is_null()) t.namespace_selector = decode_label_selector(f);
    } else if (key == "matchLabelKeys") t.match_label_keys = decode_strings(f);
    else if (key == "mismatchLabelKeys") t.mismatch_label_keys = decode_strings(f);
  });
  validate_pod_affinity_term(v, t);
  return t;
}

PodAffinity decode_pod_affinity(const Value& v) {
  PodAffinity a;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "requiredDuringSchedulingIgnoredDuringExecution") {
      f.elements([&](const Value& e) { a.required.push_back(decode_pod_affinity_term(e)); });
    } else if (key == "preferredDuringSchedulingIgnoredDuringExecution") {
      f.elements([&](const Value& e) {
        WeightedPodAffinityTerm& w = a.preferred.emplace_back();
        e.fields([&](std::string_view k, const Value& x) {
          if (k == "weight") w.weight = x.int32();
          else if (k == "podAffinityTerm") w.term = decode_pod_affinity_term(x);
        });
        check_weight(e, w.weight);
      });
    }
  });
  return a;
}

Affinity decode_affinity(const Value& v) {
  Affinity a;
  v.fields([&](std::string_view key, const Value& f) {
    if (f.is_null()) return;
    if (key == "nodeAffinity") {
      NodeAffinity& na = a.node_affinity.emplace();
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "requiredDuringSchedulingIgnoredDuringExecution") {
          if (!x.is_null()) na.required = decode_node_selector(x);
        } else if (k == "preferredDuringSchedulingIgnoredDuringExecution") {
          x.elements([&](const Value& e) {
            PreferredSchedulingTerm& t = na.preferred.emplace_back();
            e.fields([&](std::string_view kk, const Value& y) {
              if (kk == "weight") t.weight = y.int32();
              else if (kk == "preference") t.preference = decode_node_selector_term(y);
            });
            check_weight(e, t.weight);
          });
        }
      });
    } else if (key == "podAffinity") {
      a.pod_affinity = decode_pod_affinity(f);
    } else if (key == "podAntiAffinity") {
      a.pod_anti_affinity = decode_pod_affinity(f);
    }
  });
  return a;
}

TopologySpreadConstraint decode_spread_constraint(const Value& v) {
  TopologySpreadConstraint c;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "maxSkew") c.max_skew = f.int32();
    else if (key == "topologyKey") c.topology_key = f.string();
    else if (key == "whenUnsatisfiable") c.when_unsatisfiable = f.string();
    else if (key == "labelSelector") {
      if (!f.is_null()) c.label_selector = decode_label_selector(f);
    } else if (key == "minDomains") {
      if (!f.is_null()) c.min_domains = f.int32();
    } else if (key == "nodeAffinityPolicy") {
      if (!f.is_null()) {
        c.node_affinity_policy = f.string();
        check_enum(f, *c.node_affinity_policy, {"Honor", "Ignore"});
      }
    } else if (key == "nodeTaintsPolicy") {
      if (!f.is_null()) {
        c.node_taints_policy = f.string();
        check_enum(f, *c.node_taints_policy, {"Honor", "Ignore"});
      }
    } else if (key == "matchLabelKeys") c.match_label_keys = decode_strings(f);
  });
  validate_spread_constraint(v, c);
  return c;
}

Volume decode_volume(const Value& v) {
  Volume vol;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "name") {
      vol.name = f.string();
      return;
    }
    if (!is_volume_source_key(key) || f.is_null()) return;
    decode_volume_source_field(key, f, vol.source);
    if (key == "persistentVolumeClaim") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "claimName") vol.claim_name = x.string();
      });
      if (vol.claim_name.empty()) fail_required(f, "claimName");
    } else if (key == "ephemeral") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k != "volumeClaimTemplate" || x.is_null()) return;
        PersistentVolumeClaimSpec& spec = vol.ephemeral_claim.emplace();
        x.fields([&](std::string_view kk, const Value& y) {
          if (kk == "spec") {
            decode_pvc_spec(y, spec);
            validate_pvc_spec(y, spec);
          }
          else if (kk == "metadata") {
            y.fields([&](std::string_view m, const Value& z) {
              if (m == "labels") decode_string_map(z, vol.ephemeral_labels);
              else if (m == "annotations") decode_string_map(z, vol.ephemeral_annotations);
            });
          }
        });
      });
    }
  });
  if (vol.name.empty()) fail_required(v, "name");
  return vol;
}

std::vector<ContainerStatus> decode_container_statuses(const Value& v) {
  std::vector<ContainerStatus> out;
  v.elements([&](const Value& e) {
    ContainerStatus& s = out.emplace_back();
    e.fields([&](std::string_view k, const Value& x) {
      if (k == "name") s.name = x.string();
      else if (k == "allocatedResources") {
        if (!x.is_null()) s.allocated_resources = decode_resource_list(x);
      } else if (k == "resources") {
        if (!x.is_null()) decode_resource_requirements(x, s.resources.emplace());
      }
    });
  });
  return out;
}

}  // namespace

void decode_pod_spec(const Value& v, PodSpec& spec) {
  bool has_containers = false;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "nodeName") spec.node_name = f.string();
    else if (key == "nodeSelector") decode_string_map(f, spec.node_selector);
    else if (key == "affinity") {
      if (!f.is_null()) spec.affinity = decode_affinity(f);
    } else if (key == "tolerations") f.elements([&](const Value& e) { spec.tolerations.push_back(decode_toleration(e)); });
    else if (key == "containers") {
      f.elements([&](const Value& e) { spec.containers.push_back(decode_container(e)); });
      has_containers = !spec.containers.empty();
    } else if (key == "initContainers") f.elements([&](const Value& e) { spec.init_containers.push_back(decode_container(e)); });
    else if (key == "ephemeralContainers") {
      f.elements([&](const Value& e) { spec.ephemeral_containers.push_back(decode_container(e)); });
    }
    else if (key == "overhead") {
      if (!f.is_null()) {
        spec.overhead = decode_resource_list(f);
        validate_overhead(f, *spec.overhead);
      }
    } else if (key == "resources") {
      if (!f.is_null()) {
        decode_resource_requirements(f, spec.resources.emplace());
        validate_pod_level_resources(f, *spec.resources);
      }
    } else if (key == "volumes") f.elements([&](const Value& e) { spec.volumes.push_back(decode_volume(e)); });
    else if (key == "schedulerName") spec.scheduler_name = f.string();
    else if (key == "priority") {
      if (!f.is_null()) spec.priority = f.int32();
    } else if (key == "priorityClassName") spec.priority_class_name = f.string();
    else if (key == "activeDeadlineSeconds") {
      if (!f.is_null()) spec.active_deadline_seconds = f.int64();
    }
    else if (key == "preemptionPolicy") {
      if (!f.is_null()) {
        spec.preemption_policy = f.string();
        if (spec.preemption_policy->empty()) fail_required(v, "preemptionPolicy");
        check_enum(f, *spec.preemption_policy, {"PreemptLowerPriority", "Never"});
      }
    } else if (key == "topologySpreadConstraints") {
      f.elements([&](const Value& e) { spec.topology_spread_constraints.push_back(decode_spread_constraint(e)); });
    } else if (key == "schedulingGates") {
      f.elements([&](const Value& e) {
        PodSchedulingGate& g = spec.scheduling_gates.emplace_back();
        e.fields([&](std::string_view k, const Value& x) {
          if (k == "name") g.name = x.string();
        });
      });
    } else if (key == "resourceClaims") {
      f.elements([&](const Value& e) {
        PodResourceClaim& c = spec.resource_claims.emplace_back();
        e.fields([&](std::string_view k, const Value& x) {
          if (k == "name") c.name = x.string();
          else if (k == "resourceClaimName") {
            if (!x.is_null()) c.resource_claim_name = x.string();
          } else if (k == "resourceClaimTemplateName") {
            if (!x.is_null()) c.resource_claim_template_name = x.string();
          }
        });
      });
    } else if (key == "hostNetwork") spec.host_network = f.boolean();
    else if (key == "hostUsers") {
      if (!f.is_null()) spec.host_users = f.boolean();
    }
    else if (key == "restartPolicy") {
      spec.restart_policy = f.string();
      if (spec.restart_policy.empty()) spec.restart_policy = "Always";
      check_enum(f, spec.restart_policy, {"Always", "OnFailure", "Never"});
    } else if (key == "os") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "name") spec.os_name = x.string();
      });
    } else if (key == "runtimeClassName") spec.runtime_class_name = f.string();
  });
  if (!has_containers) fail_required(v, "containers");
  validate_pod_spec(v, spec);
  if (spec.scheduler_name.empty()) spec.scheduler_name = "default-scheduler";
}

namespace {

void decode_pod_status(const Value& v, PodStatus& status) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "phase") status.phase = f.string();
    else if (key == "conditions") {
      f.elements([&](const Value& e) {
        PodCondition& c = status.conditions.emplace_back();
        e.fields([&](std::string_view k, const Value& x) {
          if (k == "type") c.type = x.string();
          else if (k == "status") c.status = x.string();
          else if (k == "reason") c.reason = x.string();
          else if (k == "message") c.message = x.string();
        });
      });
    } else if (key == "containerStatuses") status.container_statuses = decode_container_statuses(f);
    else if (key == "initContainerStatuses") status.init_container_statuses = decode_container_statuses(f);
    else if (key == "nominatedNodeName") status.nominated_node_name = f.string();
    else if (key == "startTime") {
      status.start_time = decode_time(f);
    }
    else if (key == "resize") status.resize = f.string();
    else if (key == "resources") {
      if (!f.is_null()) decode_resource_requirements(f, status.resources.emplace());
    } else if (key == "allocatedResources") {
      if (!f.is_null()) status.allocated_resources = decode_resource_list(f);
    } else if (key == "resourceClaimStatuses") {
      f.elements([&](const Value& e) {
        PodResourceClaimStatus& s = status.resource_claim_statuses.emplace_back();
        e.fields([&](std::string_view k, const Value& x) {
          if (k == "name") s.name = x.string();
          else if (k == "resourceClaimName" && !x.is_null()) s.resource_claim_name = x.string();
        });
      });
    }
  });
}

}  // namespace

void decode_pod(const Value& v, Pod& pod) {
  bool has_spec = false;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, pod.metadata);
    else if (key == "spec") {
      has_spec = !f.is_null();
      decode_pod_spec(f, pod.spec);
    } else if (key == "status") decode_pod_status(f, pod.status);
  });
  if (pod.metadata.name.empty() && pod.metadata.generate_name.empty()) {
    fail_required(v, "metadata.name", "name or generateName is required");
  }
  if (!has_spec) fail_required(v, "spec.containers");
  validate_generate_name(v, pod.metadata.generate_name);
  validate_object_name(v, pod.metadata.name);
  validate_namespace_name(v, "metadata.namespace", pod.metadata.namespace_);
  validate_pod_image_volumes(v, pod);
  validate_pod_volume_claims(v, pod);
  validate_pod_container_images(v, pod);
  // Creating a pod resets its status: only a created pod's claim statuses stand (and were validated).
  if (is_uncreated(pod)) pod.status.resource_claim_statuses.clear();
  else validate_pod_resource_claim_statuses(v, pod);
  apply_pod_defaults(pod);
  if (is_uncreated(pod)) {
    merge_match_label_keys_into_affinity_terms(pod);
    validate_merged_affinity_terms(v, pod);
  }
}

}  // namespace podfit
