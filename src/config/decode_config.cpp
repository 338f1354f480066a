#include <cmath>
#include <cstdlib>
#include <memory>
#include <unordered_map>

#include <fmt/format.h>

#include "config_decode.h"
#include "podfit/model/field_errors.h"
#include "profile_key.h"

namespace podfit {
namespace {

// Unknown fields, named by their path from `base` (the document being decoded), as
// sigs.k8s.io/json's strict mode names them.
struct UnknownFields {
  std::string base;
  std::vector<std::string> errors;
  int line = 0;

  void add(const Value& parent, std::string_view key, const Value& value) {
    std::string path = parent.path();
    if (!base.empty()) path = path.size() > base.size() ? path.substr(base.size() + 1) : std::string();
    errors.push_back(fmt::format("unknown field \"{}\"", field::child(path, key)));
    if (line == 0) line = value.line();
  }
};

std::optional<int32_t> nullable_int32(const Value& v) {
  if (v.is_null()) return std::nullopt;
  return v.int32();
}

std::optional<int64_t> nullable_int64(const Value& v) {
  if (v.is_null()) return std::nullopt;
  return v.int64();
}

std::optional<int64_t> duration(const Value& v) {
  if (v.is_null()) return std::nullopt;
  std::string text = v.string();
  std::string error;
  std::optional<int64_t> ns = parse_go_duration(text, &error);
  if (!ns) v.fail(error);
  return ns;
}

std::vector<std::string> strings(const Value& v) {
  std::vector<std::string> out;
  v.elements([&](const Value& e) { out.push_back(e.string()); });
  return out;
}

class Decoder {
 public:
  explicit Decoder(UnknownFields& unknown) : unknown_(unknown) {}

  // A v1.Plugin list entry.
  PluginRef plugin(const Value& v) {
    PluginRef p;
    p.line = v.line();
    v.fields([&](std::string_view key, const Value& f) {
      if (key == "name") p.name = f.string();
      else if (key == "weight") p.weight = nullable_int32(f);
      else unknown_.add(v, key, f);
    });
    return p;
  }

  PluginSet plugin_set(const Value& v) {
    PluginSet set;
    v.fields([&](std::string_view key, const Value& f) {
      if (key == "enabled") f.elements([&](const Value& e) { set.enabled.push_back(plugin(e)); });
      else if (key == "disabled") f.elements([&](const Value& e) { set.disabled.push_back(plugin(e)); });
      else unknown_.add(v, key, f);
    });
    return set;
  }

  ProfilePlugins plugins(const Value& v) {
    ProfilePlugins out;
    v.fields([&](std::string_view key, const Value& f) {
      if (key == "multiPoint") {
        out.multi_point = plugin_set(f);
        return;
      }
      for (size_t i = 0; i < kExtensionPointCount; ++i) {
        if (extension_point_field(static_cast<ExtensionPoint>(i)) == key) {
          out.points[i] = plugin_set(f);
          return;
        }
      }
      unknown_.add(v, key, f);
    });
    return out;
  }

  ExtenderConfig extender(const Value& v) {
    ExtenderConfig e;
    e.line = v.line();
    v.fields([&](std::string_view key, const Value& f) {
      if (key == "urlPrefix") e.url_prefix = f.string();
      else if (key == "filterVerb") e.filter_verb = f.string();
      else if (key == "preemptVerb") e.preempt_verb = f.string();
      else if (key == "prioritizeVerb") e.prioritize_verb = f.string();
      else if (key == "bindVerb") e.bind_verb = f.string();
      else if (key == "weight") e.weight = f.is_null() ? 0 : f.int64();
      else if (key == "enableHTTPS" || key == "nodeCacheCapable" || key == "ignorable") (void)(f.is_null() || f.boolean());
      else if (key == "httpTimeout") (void)duration(f);
      else if (key == "tlsConfig") {
        f.fields([&](std::string_view k, const Value& x) {
          if (k == "insecure") (void)(x.is_null() || x.boolean());
          else if (k == "serverName" || k == "certFile" || k == "keyFile" || k == "caFile" || k == "certData" ||
                   k == "keyData" || k == "caData") {
            (void)x.string();
          } else {
            unknown_.add(f, k, x);
          }
        });
      } else if (key == "managedResources") {
        f.elements([&](const Value& m) {
          std::string name;
          m.fields([&](std::string_view k, const Value& x) {
            if (k == "name") name = x.string();
            else if (k == "ignoredByScheduler") (void)(x.is_null() || x.boolean());
            else unknown_.add(m, k, x);
          });
          e.managed_resources.push_back(name);
        });
      } else {
        unknown_.add(v, key, f);
      }
    });
    return e;
  }

  void leader_election(const Value& v, LeaderElectionConfig& out) {
    out.line = v.line();
    v.fields([&](std::string_view key, const Value& f) {
      if (key == "leaderElect") {
        if (!f.is_null()) out.leader_elect = f.boolean();
      } else if (key == "leaseDuration") out.lease_duration_ns = duration(f);
      else if (key == "renewDeadline") out.renew_deadline_ns = duration(f);
      else if (key == "retryPeriod") out.retry_period_ns = duration(f);
      else if (key == "resourceLock") out.resource_lock = f.string();
      else if (key == "resourceName") out.resource_name = f.string();
      else if (key == "resourceNamespace") out.resource_namespace = f.string();
      else unknown_.add(v, key, f);
    });
  }

  void client_connection(const Value& v, ClientConnectionConfig& out) {
    out.line = v.line();
    v.fields([&](std::string_view key, const Value& f) {
      if (key == "kubeconfig" || key == "acceptContentTypes" || key == "contentType") (void)f.string();
      else if (key == "qps") {
        if (f.is_null()) return;
        if (f.type() != Value::Type::Number) f.fail_type("a number");
        out.qps = std::strtod(f.quantity_text().c_str(), nullptr);
      } else if (key == "burst") out.burst = f.is_null() ? 0 : f.int32();
      else unknown_.add(v, key, f);
    });
  }

 private:
  UnknownFields& unknown_;
};

// ---- Plugin args: each decoded strictly on its own, as DecodeNestedObjects does. ----

NodeSelectorRequirement requirement(const Value& v, UnknownFields& unknown) {
  NodeSelectorRequirement r;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "key") r.key = f.string();
    else if (key == "operator") r.op = f.string();
    else if (key == "values") r.values = strings(f);
    else unknown.add(v, key, f);
  });
  return r;
}

NodeSelectorTerm selector_term(const Value& v, UnknownFields& unknown) {
  NodeSelectorTerm term;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "matchExpressions") f.elements([&](const Value& e) { term.match_expressions.push_back(requirement(e, unknown)); });
    else if (key == "matchFields") f.elements([&](const Value& e) { term.match_fields.push_back(requirement(e, unknown)); });
    else unknown.add(v, key, f);
  });
  return term;
}

NodeAffinity node_affinity(const Value& v, UnknownFields& unknown) {
  NodeAffinity affinity;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "requiredDuringSchedulingIgnoredDuringExecution") {
      if (f.is_null()) return;
      NodeSelector& selector = affinity.required.emplace();
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "nodeSelectorTerms") x.elements([&](const Value& e) { selector.node_selector_terms.push_back(selector_term(e, unknown)); });
        else unknown.add(f, k, x);
      });
    } else if (key == "preferredDuringSchedulingIgnoredDuringExecution") {
      f.elements([&](const Value& e) {
        PreferredSchedulingTerm& term = affinity.preferred.emplace_back();
        e.fields([&](std::string_view k, const Value& x) {
          if (k == "weight") term.weight = x.int32();
          else if (k == "preference") term.preference = selector_term(x, unknown);
          else unknown.add(e, k, x);
        });
      });
    } else {
      unknown.add(v, key, f);
    }
  });
  return affinity;
}

LabelSelector label_selector(const Value& v, UnknownFields& unknown) {
  LabelSelector out;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "matchLabels") {
      std::vector<StringMap::Entry> entries;
      f.fields([&](std::string_view k, const Value& x) { entries.emplace_back(std::string(k), x.string()); });
      out.match_labels = StringMap::from_entries(std::move(entries));
    } else if (key == "matchExpressions") {
      f.elements([&](const Value& e) {
        LabelSelectorRequirement& r = out.match_expressions.emplace_back();
        e.fields([&](std::string_view k, const Value& x) {
          if (k == "key") r.key = x.string();
          else if (k == "operator") r.op = x.string();
          else if (k == "values") r.values = strings(x);
          else unknown.add(e, k, x);
        });
      });
    } else {
      unknown.add(v, key, f);
    }
  });
  return out;
}

TopologySpreadConstraint spread_constraint(const Value& v, UnknownFields& unknown) {
  TopologySpreadConstraint c;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "maxSkew") c.max_skew = f.is_null() ? 0 : f.int32();
    else if (key == "topologyKey") c.topology_key = f.string();
    else if (key == "whenUnsatisfiable") c.when_unsatisfiable = f.string();
    else if (key == "labelSelector") {
      if (!f.is_null()) c.label_selector = label_selector(f, unknown);
    } else if (key == "minDomains") {
      if (!f.is_null()) c.min_domains = f.int32();
    } else if (key == "nodeAffinityPolicy") {
      if (!f.is_null()) c.node_affinity_policy = f.string();
    } else if (key == "nodeTaintsPolicy") {
      if (!f.is_null()) c.node_taints_policy = f.string();
    } else if (key == "matchLabelKeys") c.match_label_keys = strings(f);
    else unknown.add(v, key, f);
  });
  return c;
}

std::vector<ResourceSpec> resource_specs(const Value& v, UnknownFields& unknown) {
  std::vector<ResourceSpec> out;
  v.elements([&](const Value& e) {
    ResourceSpec& r = out.emplace_back();
    r.weight = 0;
    e.fields([&](std::string_view k, const Value& x) {
      if (k == "name") r.name = x.string();
      else if (k == "weight") r.weight = x.is_null() ? 0 : x.int64();  // absent: 0, defaulted to 1
      else unknown.add(e, k, x);
    });
  });
  return out;
}

std::vector<UtilizationShapePoint> shape(const Value& v, UnknownFields& unknown) {
  std::vector<UtilizationShapePoint> out;
  v.elements([&](const Value& e) {
    UtilizationShapePoint& p = out.emplace_back();
    e.fields([&](std::string_view k, const Value& x) {
      if (k == "utilization") p.utilization = x.is_null() ? 0 : x.int32();
      else if (k == "score") p.score = x.is_null() ? 0 : x.int32();
      else unknown.add(e, k, x);
    });
  });
  return out;
}

// The Args kind registered for a plugin name, or None (out-of-tree or argument-less plugins).
PluginConfig::Kind args_kind(std::string_view plugin) {
  using K = PluginConfig::Kind;
  if (plugin == "DefaultPreemption") return K::DefaultPreemption;
  if (plugin == "InterPodAffinity") return K::InterPodAffinity;
  if (plugin == "NodeResourcesFit") return K::NodeResourcesFit;
  if (plugin == "PodTopologySpread") return K::PodTopologySpread;
  if (plugin == "NodeResourcesBalancedAllocation") return K::NodeResourcesBalancedAllocation;
  if (plugin == "VolumeBinding") return K::VolumeBinding;
  if (plugin == "NodeAffinity") return K::NodeAffinity;
  if (plugin == "DynamicResources") return K::DynamicResources;
  return K::None;
}

// Args whose own kind names another plugin's args: decoded fine, then refused as a whole.
struct ArgsKindMismatch {
  std::string message;
  int line = 0;
};

// Decodes `args` into `config` per its kind; unknown fields go to `unknown` (relative paths).
void decode_args(const Value& args, PluginConfig& config, WrittenProfileBody::ArgsPresence& present,
                 UnknownFields& unknown) {
  using K = PluginConfig::Kind;
  const std::string expected_kind = config.name + "Args";
  args.fields([&](std::string_view key, const Value& f) {
    if (key == "apiVersion") {
      (void)f.string();
      return;
    }
    if (key == "kind") {
      std::string kind = f.string();
      if (!kind.empty() && kind != expected_kind) {
        throw ArgsKindMismatch{fmt::format("args for plugin {} were not of type {}.kubescheduler.config.k8s.io, got "
                                           "{}.kubescheduler.config.k8s.io",
                                           config.name, expected_kind, kind),
                               f.line()};
      }
      return;
    }
    switch (config.kind) {
      case K::DefaultPreemption:
        if (key == "minCandidateNodesPercentage") {
          if (!f.is_null()) config.default_preemption.min_candidate_nodes_percentage = f.int32(), present.min_candidate_nodes_percentage = true;
        } else if (key == "minCandidateNodesAbsolute") {
          if (!f.is_null()) config.default_preemption.min_candidate_nodes_absolute = f.int32(), present.min_candidate_nodes_absolute = true;
        } else {
          unknown.add(args, key, f);
        }
        return;
      case K::InterPodAffinity:
        if (key == "hardPodAffinityWeight") {
          if (!f.is_null()) config.inter_pod_affinity.hard_pod_affinity_weight = f.int32(), present.hard_pod_affinity_weight = true;
        } else if (key == "ignorePreferredTermsOfExistingPods") {
          config.inter_pod_affinity.ignore_preferred_terms_of_existing_pods = !f.is_null() && f.boolean();
        } else {
          unknown.add(args, key, f);
        }
        return;
      case K::NodeResourcesFit:
        if (key == "ignoredResources") config.node_resources_fit.ignored_resources = strings(f);
        else if (key == "ignoredResourceGroups") config.node_resources_fit.ignored_resource_groups = strings(f);
        else if (key == "scoringStrategy") {
          if (f.is_null()) return;
          present.scoring_strategy = true;
          config.node_resources_fit.scoring_strategy.resources.clear();
          f.fields([&](std::string_view k, const Value& x) {
            ScoringStrategy& strategy = config.node_resources_fit.scoring_strategy;
            if (k == "type") config.scoring_strategy_type = x.string();
            else if (k == "resources") strategy.resources = resource_specs(x, unknown);
            else if (k == "requestedToCapacityRatio") {
              if (x.is_null()) return;
              config.requested_to_capacity_ratio = true;
              x.fields([&](std::string_view kk, const Value& y) {
                if (kk == "shape") strategy.shape = shape(y, unknown);
                else unknown.add(x, kk, y);
              });
            } else {
              unknown.add(f, k, x);
            }
          });
        } else {
          unknown.add(args, key, f);
        }
        return;
      case K::PodTopologySpread:
        if (key == "defaultConstraints") {
          f.elements([&](const Value& e) { config.pod_topology_spread.default_constraints.push_back(spread_constraint(e, unknown)); });
        } else if (key == "defaultingType") {
          std::string type = f.string();
          if (type.empty()) return;
          present.defaulting_type = true;
          present.defaulting_type_text = type;  // validation refuses anything but System and List
          config.pod_topology_spread.defaulting_type = type == "List" ? SpreadDefaultingType::List : SpreadDefaultingType::System;
        } else {
          unknown.add(args, key, f);
        }
        return;
      case K::NodeResourcesBalancedAllocation:
        if (key == "resources") config.balanced_allocation.resources = resource_specs(f, unknown);
        else unknown.add(args, key, f);
        return;
      case K::VolumeBinding:
        if (key == "bindTimeoutSeconds") {
          if (!f.is_null()) config.volume_binding.bind_timeout_seconds = f.int64(), present.bind_timeout_seconds = true;
        } else if (key == "shape") {
          if (!f.is_null()) config.volume_binding.shape = shape(f, unknown);
        } else {
          unknown.add(args, key, f);
        }
        return;
      case K::NodeAffinity:
        if (key == "addedAffinity") {
          if (!f.is_null()) config.node_affinity.added_affinity = node_affinity(f, unknown);
        } else {
          unknown.add(args, key, f);
        }
        return;
      case K::DynamicResources:
        if (key == "filterTimeout") config.dynamic_resources.filter_timeout_ns = duration(f);
        else if (key == "bindingTimeout") config.dynamic_resources.binding_timeout_ns = duration(f);
        else unknown.add(args, key, f);
        return;
      case K::None:
        return;
    }
  });
}

void decode_profile(const Value& v, size_t index, WrittenProfile& profile, WrittenProfileBody& body,
                    UnknownFields& unknown, std::vector<std::string>& nested_errors, int& nested_line) {
  Decoder decoder(unknown);
  profile.line = v.line();
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "schedulerName") {
      if (!f.is_null()) profile.scheduler_name = f.string(), profile.scheduler_name_line = f.line();
    } else if (key == "percentageOfNodesToScore") {
      body.percentage_of_nodes_to_score = nullable_int32(f);
    } else if (key == "plugins") {
      if (!f.is_null()) body.plugins = decoder.plugins(f);
    } else if (key == "pluginConfig") {
      size_t j = 0;
      f.elements([&](const Value& e) {
        PluginConfig& config = body.plugin_config.emplace_back();
        WrittenProfileBody::ArgsPresence& present = body.args_presence.emplace_back();
        config.line = e.line();
        const Value* args_value = nullptr;
        // Name first: the args are decoded by the kind the name selects.
        e.fields([&](std::string_view k, const Value& x) {
          if (k == "name") config.name = x.string();
          else if (k != "args") unknown.add(e, k, x);
        });
        config.kind = args_kind(config.name);
        e.fields([&](std::string_view k, const Value& x) {
          if (k != "args" || x.is_null()) return;
          args_value = &x;
          if (x.type() != Value::Type::Object) x.fail_type("an object");
          if (config.kind == PluginConfig::Kind::None) return;  // kept unread, as runtime.Unknown
          UnknownFields args_unknown;
          args_unknown.base = x.path();
          try {
            decode_args(x, config, present, args_unknown);
          } catch (const ArgsKindMismatch& error) {
            throw DecodeError{fmt::format("decoding .profiles[{}].pluginConfig[{}]: {}", index, j, error.message),
                              error.line};
          } catch (const DecodeError& error) {
            throw DecodeError{fmt::format("decoding .profiles[{}].pluginConfig[{}]: decoding args for plugin {}: {}",
                                          index, j, config.name, error.message),
                              error.line};
          }
          if (!args_unknown.errors.empty()) {
            std::string joined;
            for (size_t i = 0; i < args_unknown.errors.size(); ++i) joined += (i ? ", " : "") + args_unknown.errors[i];
            nested_errors.push_back(fmt::format(
                "decoding .profiles[{}].pluginConfig[{}]: decoding args for plugin {}: strict decoding error: {}", index, j,
                config.name, joined));
            if (nested_line == 0) nested_line = args_unknown.line;
          }
        });
        (void)args_value;
        ++j;
      });
    } else {
      unknown.add(v, key, f);
    }
  });
}

}  // namespace

void decode_written_configuration(const Value& root, WrittenConfiguration& out) {
  UnknownFields unknown;
  Decoder decoder(unknown);
  std::vector<std::string> nested_errors;
  int nested_line = 0;
  root.fields([&](std::string_view key, const Value& f) {
    if (key == "apiVersion" || key == "kind") return;
    if (key == "parallelism") out.parallelism = nullable_int32(f), out.parallelism_line = f.line();
    else if (key == "leaderElection") decoder.leader_election(f, out.leader_election);
    else if (key == "clientConnection") decoder.client_connection(f, out.client_connection);
    else if (key == "enableProfiling" || key == "enableContentionProfiling" || key == "delayCacheUntilActive") {
      (void)(f.is_null() || f.boolean());
    } else if (key == "percentageOfNodesToScore") out.percentage_of_nodes_to_score = nullable_int32(f), out.percentage_line = f.line();
    else if (key == "podInitialBackoffSeconds") out.pod_initial_backoff_seconds = nullable_int64(f), out.backoff_line = f.line();
    else if (key == "podMaxBackoffSeconds") out.pod_max_backoff_seconds = nullable_int64(f), out.backoff_line = f.line();
    else if (key == "profiles") {
      // One body per distinct profile value: thousands of profiles differing only in their
      // schedulerName cost one body.
      std::unordered_map<std::string, std::shared_ptr<const WrittenProfileBody>> bodies;
      size_t i = 0;
      f.elements([&](const Value& e) {
        WrittenProfile& profile = out.profiles.emplace_back();
        WrittenProfileBody body;
        decode_profile(e, i++, profile, body, unknown, nested_errors, nested_line);
        std::optional<std::string> key = profile_body_key(e);
        if (!key) {
          profile.body = std::make_shared<const WrittenProfileBody>(std::move(body));
          return;
        }
        auto [shared, added] = bodies.try_emplace(std::move(*key));
        if (added) shared->second = std::make_shared<const WrittenProfileBody>(std::move(body));
        profile.body = shared->second;
      });
    } else if (key == "extenders") {
      f.elements([&](const Value& e) { out.extenders.push_back(decoder.extender(e)); });
    } else {
      unknown.add(root, key, f);
    }
  });
  out.strict_errors = unknown.errors;
  out.strict_errors.insert(out.strict_errors.end(), nested_errors.begin(), nested_errors.end());
  out.strict_line = unknown.line != 0 ? unknown.line : nested_line;
}

}  // namespace podfit
