// The cluster events of Dynamic Resource Allocation objects (ResourceClaim, ResourceSlice,
// DeviceClass add and update), which plugins register them, and their queueing hints: the
// DynamicResources plugin's isSchedulableAfterClaimChange and NodeResourcesFit's
// isSchedulableAfterDeviceClassEvent.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "podfit/framework/feature_gates.h"
#include "podfit/model/cluster.h"
#include "podfit/model/device_class.h"
#include "podfit/model/pod.h"
#include "podfit/model/resource_claim.h"
#include "podfit/model/resource_slice.h"
#include "podfit/queue/node_events.h"
#include "podfit/queue/queueing_hints.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// One ResourceClaim, ResourceSlice or DeviceClass, as an event carries it.
using DraObject = std::variant<ResourceClaim, ResourceSlice, DeviceClass>;

// The object's kind ("ResourceClaim", "ResourceSlice", "DeviceClass"), which is also the
// event's resource.
std::string_view dra_kind(const DraObject& object);
// "namespace/name" for a claim, the name otherwise.
std::string dra_object_key(const DraObject& object);

// The event an add (`old_object` nullptr) or update raises: the informers report every update,
// whatever changed.
struct DraEvent {
  std::string resource;  // the kind
  ActionType action = action_types::kAdd;
  // podfit's name of the event, e.g. "ResourceClaimAdd".
  std::string name() const { return resource + std::string(action_type_name(action)); }
  // ClusterEvent.Label(): kube-scheduler names the DRA kinds with their API group.
  std::string label() const { return "resource.k8s.io/" + name(); }
};
DraEvent dra_event(const DraObject* old_object, const DraObject& new_object);

// The cluster with the object of `key`'s kind and identity replaced by `object` (added when
// absent), or removed when `object` is nullptr.
ClusterState with_dra_object(const ClusterState& cluster, const DraObject& key, const DraObject* object);

// What `plugin` registers for objects of `resource`'s kind: DynamicResources registers Add and
// Update of all three (a hint for claims only), NodeResourcesFit DeviceClass Add and Update
// with DRAExtendedResource, no other default plugin any.
EventRegistration dra_event_registration(std::string_view plugin, std::string_view resource, const FeatureGates& gates);

// The plugin's hint for the event; `after` is the cluster with the event applied, as the
// informer cache is when the hint runs.
HintResult dra_queueing_hint(std::string_view plugin, const Pod& pod, const DraObject* old_object,
                             const DraObject& new_object, const Snapshot& after);

// DynamicResources' isSchedulableAfterClaimChange.
HintResult claim_change_hint(const Pod& pod, const ResourceClaim* old_claim, const ResourceClaim& new_claim,
                             const Snapshot& after);
// NodeResourcesFit's isSchedulableAfterDeviceClassEvent.
HintResult device_class_change_hint(const Pod& pod, const DeviceClass* old_class, const DeviceClass& new_class);

// The event for the queue, asking the hints above.
QueueEvent dra_queue_event(const DraEvent& event, const DraObject* old_object, const DraObject& new_object,
                           const Snapshot& after, const FeatureGates& gates);

}  // namespace podfit
