#include <fmt/format.h>

#include "decode.h"
#include "validation/core/objects.h"
#include "validation/storage/storage.h"
#include "validation/validate.h"

namespace podfit {
namespace {

void require_name(const Value& v, const ObjectMeta& meta) {
  if (meta.name.empty()) fail_required(v, "metadata.name", "name or generateName is required");
}

}  // namespace

void decode_persistent_volume(const Value& v, PersistentVolume& pv) {
  bool has_node_affinity = false;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") {
      decode_meta(f, pv.metadata);
    } else if (key == "spec") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "capacity") pv.capacity = decode_resource_list(x);
        else if (k == "accessModes") pv.access_modes = decode_strings(x);
        else if (k == "claimRef") {
          if (x.is_null()) return;
          ObjectReference& ref = pv.claim_ref.emplace();
          x.fields([&](std::string_view kk, const Value& y) {
            if (kk == "kind") ref.kind = y.string();
            else if (kk == "namespace") ref.namespace_ = y.string();
            else if (kk == "name") ref.name = y.string();
            else if (kk == "uid") ref.uid = y.string();
          });
        } else if (k == "persistentVolumeReclaimPolicy") {
          pv.reclaim_policy = x.string();
          if (pv.reclaim_policy.empty()) pv.reclaim_policy = "Retain";
          check_enum(x, pv.reclaim_policy, {"Delete", "Recycle", "Retain"});
        } else if (k == "storageClassName") pv.storage_class_name = x.string();
        else if (k == "mountOptions") pv.mount_options = decode_strings(x);
        else if (k == "volumeMode") {
          pv.volume_mode = x.string();
          if (pv.volume_mode.empty()) pv.volume_mode = "Filesystem";
          check_enum(x, pv.volume_mode, {"Block", "Filesystem"});
        } else if (k == "nodeAffinity") {
          has_node_affinity = !x.is_null();
          x.fields([&](std::string_view kk, const Value& y) {
            if (kk == "required" && !y.is_null()) pv.node_affinity = decode_node_selector(y);
          });
        } else if (k == "volumeAttributesClassName") {
          if (!x.is_null()) pv.volume_attributes_class_name = x.string();
        } else if (is_volume_source_key(k) && !x.is_null()) {
          decode_volume_source_field(k, x, pv.source);
        }
      });
    } else if (key == "status") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "phase") pv.phase = x.string();
      });
    }
  });
  require_name(v, pv.metadata);
  validate_persistent_volume(v, pv, has_node_affinity);
  pv.metadata.namespace_.clear();
  // A volume not yet created has no status: the API server stores it Pending and the PV
  // controller's first sync makes an unclaimed one Available, which is what the scheduler meets.
  if (pv.phase.empty()) pv.phase = pv.claim_ref ? "Pending" : "Available";
}

void decode_persistent_volume_claim(const Value& v, PersistentVolumeClaim& pvc) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, pvc.metadata);
    else if (key == "spec") {
      decode_pvc_spec(f, pvc.spec);
      validate_pvc_spec(f, pvc.spec);
    }
    else if (key == "status") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "phase") pvc.phase = x.string();
        else if (k == "accessModes") pvc.status_access_modes = decode_strings(x);
        else if (k == "capacity") pvc.status_capacity = decode_resource_list(x);
      });
    }
  });
  require_name(v, pvc.metadata);
  validate_object_name(v, pvc.metadata.name);
  validate_namespace_name(v, "metadata.namespace", pvc.metadata.namespace_);
  if (pvc.metadata.namespace_.empty()) pvc.metadata.namespace_ = "default";
  if (pvc.phase.empty()) pvc.phase = "Pending";
}

void decode_storage_class(const Value& v, StorageClass& sc) {
  bool has_provisioner = false;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, sc.metadata);
    else if (key == "provisioner") {
      sc.provisioner = f.string();
      has_provisioner = !sc.provisioner.empty();
    } else if (key == "parameters") decode_string_map(f, sc.parameters);
    else if (key == "reclaimPolicy") {
      sc.reclaim_policy = f.string();
      if (sc.reclaim_policy.empty()) sc.reclaim_policy = "Delete";
      check_enum(f, sc.reclaim_policy, {"Delete", "Retain"});
    } else if (key == "volumeBindingMode") {
      sc.volume_binding_mode = f.string();
      if (sc.volume_binding_mode.empty()) sc.volume_binding_mode = "Immediate";
      check_enum(f, sc.volume_binding_mode, {"Immediate", "WaitForFirstConsumer"});
    } else if (key == "allowVolumeExpansion") sc.allow_volume_expansion = f.boolean();
    else if (key == "allowedTopologies") {
      f.elements([&](const Value& e) {
        TopologySelectorTerm& term = sc.allowed_topologies.emplace_back();
        e.fields([&](std::string_view k, const Value& x) {
          if (k != "matchLabelExpressions") return;
          x.elements([&](const Value& r) {
            TopologySelectorRequirement& req = term.match_label_expressions.emplace_back();
            r.fields([&](std::string_view kk, const Value& y) {
              if (kk == "key") req.key = y.string();
              else if (kk == "values") req.values = decode_strings(y);
            });
          });
        });
      });
    }
  });
  require_name(v, sc.metadata);
  if (!has_provisioner) fail_required(v, "provisioner");
  validate_storage_class(v, sc);
  sc.metadata.namespace_.clear();
}

void decode_csi_node(const Value& v, CSINode& node) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, node.metadata);
    else if (key == "spec") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k != "drivers") return;
        x.elements([&](const Value& e) {
          CSINodeDriver& d = node.drivers.emplace_back();
          e.fields([&](std::string_view kk, const Value& y) {
            if (kk == "name") d.name = y.string();
            else if (kk == "nodeID") d.node_id = y.string();
            else if (kk == "topologyKeys") d.topology_keys = decode_strings(y);
            else if (kk == "allocatable") {
              y.fields([&](std::string_view a, const Value& z) {
                if (a == "count" && !z.is_null()) d.allocatable_count = z.int32();
              });
            }
          });
        });
      });
    }
  });
  require_name(v, node.metadata);
  validate_csi_node(v, node);
  node.metadata.namespace_.clear();
}

void decode_csi_driver(const Value& v, CSIDriver& driver) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, driver.metadata);
    else if (key == "spec") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "attachRequired") driver.attach_required = x.is_null() ? true : x.boolean();
        else if (k == "storageCapacity") driver.storage_capacity = x.boolean();
        else if (k == "podInfoOnMount") {
          if (!x.is_null()) driver.pod_info_on_mount = x.boolean();
        } else if (k == "volumeLifecycleModes") driver.volume_lifecycle_modes = decode_strings(x);
        else if (k == "nodeAllocatableUpdatePeriodSeconds") {
          if (!x.is_null()) driver.node_allocatable_update_period_seconds = static_cast<int32_t>(x.int64());
        } else if (k == "preventPodSchedulingIfMissing") {
          if (!x.is_null()) driver.prevent_pod_scheduling_if_missing = x.boolean();
        }
      });
    }
  });
  require_name(v, driver.metadata);
  validate_object_name(v, driver.metadata.name);
  if (driver.volume_lifecycle_modes.empty()) driver.volume_lifecycle_modes = {"Persistent"};
  driver.metadata.namespace_.clear();
}

void decode_csi_storage_capacity(const Value& v, CSIStorageCapacity& capacity) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, capacity.metadata);
    else if (key == "nodeTopology") {
      if (!f.is_null()) capacity.node_topology = decode_label_selector(f);
    } else if (key == "storageClassName") capacity.storage_class_name = f.string();
    else if (key == "capacity") {
      if (!f.is_null()) capacity.capacity = decode_quantity(f);
    } else if (key == "maximumVolumeSize") {
      if (!f.is_null()) capacity.maximum_volume_size = decode_quantity(f);
    }
  });
  require_name(v, capacity.metadata);
  validate_csi_storage_capacity(v, capacity);
  if (capacity.metadata.namespace_.empty()) capacity.metadata.namespace_ = "default";
}

}  // namespace podfit
