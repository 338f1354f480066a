// framework.Resource: a pod's or node's resources as int64 in kube-scheduler's units.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "podfit/model/flat_map.h"
#include "podfit/model/resources.h"

namespace podfit {

// cpu in millicores, memory and ephemeral-storage in bytes, everything else (hugepages,
// extended resources, attachable volumes) as counts in `scalar`.
struct Resource {
  int64_t milli_cpu = 0;
  int64_t memory = 0;
  int64_t ephemeral_storage = 0;
  int64_t allowed_pod_number = 0;  // only meaningful for allocatable
  // Entries stay once created, even at zero, as kube-scheduler's map does.
  FlatMap<int64_t> scalar;

  // NewResource(rl): reads cpu/memory/ephemeral-storage/pods and scalar resource names.
  static Resource from_list(const ResourceList& list);
  // Add(rl): adds each known resource of the list; names that are not scalar resources are ignored.
  void add(const ResourceList& list);
  // Field-wise sum (every field, allowed_pod_number and scalars included).
  void add(const Resource& other);
  // Field-wise difference (every field, allowed_pod_number and scalars included).
  void subtract(const Resource& other);
  // SetMaxResource(rl): per resource maximum (cpu, memory, ephemeral-storage, scalars; not pods).
  void set_max(const ResourceList& list);
  // AddScalar: creates the entry when absent.
  void add_scalar(std::string_view name, int64_t quantity);
  int64_t scalar_value(std::string_view name) const {
    const int64_t* v = scalar.find(name);
    return v ? *v : 0;
  }
  friend bool operator==(const Resource&, const Resource&) = default;
};

// IsScalarResourceName: extended, hugepages-*, kubernetes.io/-prefixed and attachable-volumes-* names.
bool is_scalar_resource_name(std::string_view name);
// IsExtendedResourceName: not native, not "requests."-prefixed, and "requests.<name>" is a qualified name.
bool is_extended_resource_name(std::string_view name);
// IsHugePageResourceName: "hugepages-" prefix.
bool is_hugepage_resource_name(std::string_view name);
// IsAttachableVolumeResourceName: "attachable-volumes-" prefix.
bool is_attachable_volume_resource_name(std::string_view name);
// IsPrefixedNativeResource: the name CONTAINS "kubernetes.io/" (so "x.kubernetes.io/y" counts too).
bool is_prefixed_native_resource(std::string_view name);
// IsNativeResource: names without "/" or prefixed native ones.
bool is_native_resource(std::string_view name);

}  // namespace podfit
