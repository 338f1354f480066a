#include <fmt/format.h>

#include "decode.h"
#include "validation/core/objects.h"
#include "validation/validate.h"

namespace podfit {

void decode_node(const Value& v, Node& node) {
  bool allocatable_set = false;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") {
      decode_meta(f, node.metadata);
    } else if (key == "spec") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "unschedulable") node.spec.unschedulable = x.boolean();
        else if (k == "providerID") node.spec.provider_id = x.string();
        else if (k == "podCIDR") node.spec.pod_cidr = x.string();
        else if (k == "taints") {
          x.elements([&](const Value& e) {
            Taint& t = node.spec.taints.emplace_back();
            e.fields([&](std::string_view kk, const Value& y) {
              if (kk == "key") t.key = y.string();
              else if (kk == "value") t.value = y.string();
              else if (kk == "effect") t.effect = y.string();
              else if (kk == "timeAdded") t.time_added = decode_time(y);
            });
          });
        }
      });
    } else if (key == "status") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "capacity") node.status.capacity = decode_resource_list(x);
        else if (k == "allocatable") {
          allocatable_set = !x.is_null();
          node.status.allocatable = decode_resource_list(x);
        } else if (k == "conditions") {
          x.elements([&](const Value& e) {
            NodeCondition& c = node.status.conditions.emplace_back();
            e.fields([&](std::string_view kk, const Value& y) {
              if (kk == "type") c.type = y.string();
              else if (kk == "status") c.status = y.string();
              else if (kk == "reason") c.reason = y.string();
              else if (kk == "message") c.message = y.string();
              else if (kk == "lastHeartbeatTime") c.last_heartbeat_time = decode_time(y);
              else if (kk == "lastTransitionTime") c.last_transition_time = decode_time(y);
            });
          });
        } else if (k == "images") {
          x.elements([&](const Value& e) {
            ContainerImage& img = node.status.images.emplace_back();
            e.fields([&](std::string_view kk, const Value& y) {
              if (kk == "names") img.names = decode_strings(y);
              else if (kk == "sizeBytes") img.size_bytes = y.int64();
            });
          });
        } else if (k == "declaredFeatures") {
          node.status.declared_features = decode_strings(x);
        } else if (k == "nodeInfo") {
          x.fields([&](std::string_view kk, const Value& y) {
            if (kk == "kubeletVersion") node.status.kubelet_version = y.string();
          });
        }
      });
    }
  });
  if (node.metadata.name.empty()) fail_required(v, "metadata.name", "name or generateName is required");
  validate_node(v, node);
  apply_node_defaults(node, allocatable_set);
}

void apply_node_defaults(Node& node, bool allocatable_set) {
  // SetDefaults_NodeStatus: an absent allocatable is the capacity.
  if (!allocatable_set) node.status.allocatable = node.status.capacity;
  // Nodes are cluster-scoped.
  node.metadata.namespace_.clear();
}

void decode_namespace(const Value& v, Namespace& ns) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, ns.metadata);
  });
  if (ns.metadata.name.empty()) fail_required(v, "metadata.name", "name or generateName is required");
  validate_namespace_name(v, "metadata.name", ns.metadata.name);
  ns.metadata.namespace_.clear();
  // Every namespace carries its name as a label (namespaceSelector terms rely on it).
  ns.metadata.labels.set("kubernetes.io/metadata.name", ns.metadata.name);
}

}  // namespace podfit
