#include "podfit/queue/dra_events.h"

#include <algorithm>

#include <fmt/format.h>

#include "podfit/framework/names.h"
#include "podfit/model/pod_resources.h"
#include "podfit/plugins/dynamic_resources/pre_enqueue.h"

namespace podfit {
namespace {

using namespace action_types;

// resourceapi.ResourceDeviceClassPrefix: the implicit extended resource of every DeviceClass.
constexpr std::string_view kDeviceClassResourcePrefix = "deviceclass.resource.kubernetes.io/";

HintResult queue(std::string why) { return {QueueingHint::Queue, std::move(why)}; }
HintResult skip(std::string why) { return {QueueingHint::QueueSkip, std::move(why)}; }

const ObjectMeta& meta_of(const DraObject& object) {
  return std::visit([](const auto& o) -> const ObjectMeta& { return o.metadata; }, object);
}

std::string claim_key(const ResourceClaim& claim) { return claim.metadata.namespace_ + "/" + claim.metadata.name; }

// The same claim: kube-scheduler compares uids; manifests without uids are matched by name.
bool same_claim(const ResourceClaim& a, const ResourceClaim& b) {
  if (!a.metadata.uid.empty() && !b.metadata.uid.empty()) return a.metadata.uid == b.metadata.uid;
  return a.metadata.namespace_ == b.metadata.namespace_ && a.metadata.name == b.metadata.name;
}

// apiequality.Semantic.DeepEqual of the claims' status.
bool same_status(const ResourceClaim& a, const ResourceClaim& b) {
  return a.allocation == b.allocation && a.reserved_for == b.reserved_for &&
         a.status_devices_json == b.status_devices_json;
}

template <typename T>
void replace_in(std::vector<T>& list, const DraObject& key, const DraObject* object) {
  const ObjectMeta& wanted = meta_of(key);
  auto it = std::find_if(list.begin(), list.end(), [&](const T& o) {
    return o.metadata.name == wanted.name && o.metadata.namespace_ == wanted.namespace_;
  });
  if (object == nullptr) {
    if (it != list.end()) list.erase(it);
  } else if (it != list.end()) {
    *it = std::get<T>(*object);
  } else {
    list.push_back(std::get<T>(*object));
  }
}

}  // namespace

std::string_view dra_kind(const DraObject& object) {
  switch (object.index()) {
    case 0: return "ResourceClaim";
    case 1: return "ResourceSlice";
    default: return "DeviceClass";
  }
}

std::string dra_object_key(const DraObject& object) {
  const ObjectMeta& meta = meta_of(object);
  return meta.namespace_.empty() ? meta.name : meta.namespace_ + "/" + meta.name;
}

DraEvent dra_event(const DraObject* old_object, const DraObject& new_object) {
  return DraEvent{std::string(dra_kind(new_object)), old_object == nullptr ? kAdd : kUpdate};
}

ClusterState with_dra_object(const ClusterState& cluster, const DraObject& key, const DraObject* object) {
  ClusterState copy = cluster;
  if (std::holds_alternative<ResourceClaim>(key)) {
    replace_in(copy.resource_claims, key, object);
  } else if (std::holds_alternative<ResourceSlice>(key)) {
    replace_in(copy.resource_slices, key, object);
  } else {
    replace_in(copy.device_classes, key, object);
  }
  return copy;
}

EventRegistration dra_event_registration(std::string_view plugin, std::string_view resource,
                                         const FeatureGates& gates) {
  if (plugin == names::kDynamicResources) {
    if (!gates.dynamic_resource_allocation) return {0, false};
    return {kAdd | kUpdate, resource == "ResourceClaim"};
  }
  if (plugin == names::kNodeResourcesFit) {
    if (resource != "DeviceClass" || !gates.dra_extended_resource) return {0, false};
    return {kAdd | kUpdate, true};
  }
  // Every other plugin podfit knows registers Node and Pod events only.
  const EventRegistration on_nodes = node_event_registration(plugin, gates);
  return on_nodes.actions == unknown_plugin_registration().actions ? on_nodes : EventRegistration{0, false};
}

HintResult claim_change_hint(const Pod& pod, const ResourceClaim* old_claim, const ResourceClaim& new_claim,
                             const Snapshot& after) {
  bool uses_claim = false;
  auto note = [&](const ResourceClaim& claim) { uses_claim = uses_claim || same_claim(claim, new_claim); };
  if (auto problem = for_each_pod_resource_claim(pod, after, note)) {
    return skip("the pod still cannot use its claims after the change (" + problem->message + ")");
  }
  if (old_claim != nullptr && old_claim->allocation && !new_claim.allocation) {
    return queue("ResourceClaim " + claim_key(new_claim) + " was deallocated, which may free devices for the pod");
  }
  if (!uses_claim) return skip("the pod does not use ResourceClaim " + claim_key(new_claim));
  if (old_claim == nullptr) return queue("the pod's ResourceClaim " + claim_key(new_claim) + " was created");
  if (same_status(*old_claim, new_claim)) {
    return skip("the status of the pod's ResourceClaim " + claim_key(new_claim) + " did not change");
  }
  return queue("the status of the pod's ResourceClaim " + claim_key(new_claim) + " changed");
}

HintResult device_class_change_hint(const Pod& pod, const DeviceClass* old_class, const DeviceClass& new_class) {
  const std::string name = new_class.extended_resource_name.value_or("");
  if (old_class != nullptr) {
    if (old_class->extended_resource_name.value_or("") == name) {
      return skip("DeviceClass " + new_class.metadata.name + " kept its extended resource name");
    }
  }
  const ResourceList requests = pod_requests(pod, PodResourcesOptions{});
  if (old_class == nullptr) {
    const std::string implicit = std::string(kDeviceClassResourcePrefix) + new_class.metadata.name;
    if (requests.contains(implicit)) return queue("the pod requests " + implicit + ", which the new class provides");
  }
  if (!name.empty() && requests.contains(name)) {
    return queue("the pod requests " + name + ", which DeviceClass " + new_class.metadata.name + " now provides");
  }
  return skip("the pod requests no extended resource DeviceClass " + new_class.metadata.name + " provides");
}

HintResult dra_queueing_hint(std::string_view plugin, const Pod& pod, const DraObject* old_object,
                             const DraObject& new_object, const Snapshot& after) {
  if (plugin == names::kDynamicResources && std::holds_alternative<ResourceClaim>(new_object)) {
    return claim_change_hint(pod, old_object ? &std::get<ResourceClaim>(*old_object) : nullptr,
                             std::get<ResourceClaim>(new_object), after);
  }
  if (plugin == names::kNodeResourcesFit && std::holds_alternative<DeviceClass>(new_object)) {
    return device_class_change_hint(pod, old_object ? &std::get<DeviceClass>(*old_object) : nullptr,
                                    std::get<DeviceClass>(new_object));
  }
  return queue(std::string(plugin) + " registers the event without a hint, so it always means Queue");
}

namespace {

// Whether the pod references the claim, as DynamicResources' pod index has it: by name, or
// through the claim the resourceclaim controller created for a template.
bool references_claim(const Pod& pod, const ResourceClaim& claim) {
  if (pod.metadata.namespace_ != claim.metadata.namespace_) return false;
  for (const PodResourceClaim& c : pod.spec.resource_claims) {
    std::optional<std::string> name = c.resource_claim_name;
    if (!name && c.resource_claim_template_name) {
      for (const PodResourceClaimStatus& s : pod.status.resource_claim_statuses) {
        if (s.name == c.name) name = s.resource_claim_name;
      }
    }
    if (name && *name == claim.metadata.name) return true;
  }
  return false;
}

}  // namespace

QueueEvent dra_queue_event(const DraEvent& event, const DraObject* old_object, const DraObject& new_object,
                           const Snapshot& after, const FeatureGates& gates) {
  QueueEvent out{
      event.label(), event.action,
      [resource = event.resource, &gates](std::string_view plugin) {
        return dra_event_registration(plugin, resource, gates);
      },
      [old_object, &new_object, &after](std::string_view plugin, const Pod& pod) {
        return dra_queueing_hint(plugin, pod, old_object, new_object, after);
      },
      {}};
  const auto* claim = std::get_if<ResourceClaim>(&new_object);
  const auto* old_claim = old_object ? std::get_if<ResourceClaim>(old_object) : nullptr;
  const bool deallocated = old_claim && old_claim->allocation && claim && !claim->allocation;
  if (claim && !deallocated && gates.changes.dra_claim_events_reach_their_pods_only && gates.dynamic_resource_allocation) {
    out.passes_over = [claim](const Pod& pod) -> std::optional<std::string> {
      if (references_claim(pod, *claim)) return std::nullopt;
      return "its PreQueueingHint hands the event to the pods that use ResourceClaim " + claim_key(*claim) +
             " only, and the queue evaluates no other pod for it";
    };
  }
  return out;
}

}  // namespace podfit
