#include <fmt/format.h>
#include <fmt/ranges.h>

#include "decode.h"

#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "podfit/util/go_time.h"
#include "validation/named_string_value.h"
#include "validation/validate.h"

namespace podfit {

void check_enum(const Value& v, const std::string& value, std::initializer_list<std::string_view> allowed) {
  for (std::string_view a : allowed) {
    if (value == a) return;
  }
  std::vector<std::string> quoted;
  for (std::string_view a : allowed) quoted.push_back(fmt::format("\"{}\"", a));
  v.fail(fmt::format("Unsupported value: \"{}\": supported values: {}", value, fmt::join(quoted, ", ")));
}

void fail_child(const Value& v, std::string_view field, std::string_view message) {
  std::string path = v.path();
  std::string full = path.empty() ? std::string(field) : fmt::format("{}.{}", path, field);
  throw DecodeError{fmt::format("{}: {}", full, message), v.line()};
}

void fail_required(const Value& v, std::string_view field, std::string_view detail) {
  std::string path = v.path();
  std::string full = path.empty() ? std::string(field) : fmt::format("{}.{}", path, field);
  throw DecodeError{detail.empty() ? fmt::format("{}: Required value", full)
                                   : fmt::format("{}: Required value: {}", full, detail),
                    v.line()};
}

void decode_string_map(const Value& v, StringMap& out) {
  std::vector<StringMap::Entry> entries;
  v.fields([&](std::string_view key, const Value& value) { entries.emplace_back(std::string(key), value.string()); });
  out = StringMap::from_entries(std::move(entries));
}

std::vector<std::string> decode_strings(const Value& v) {
  std::vector<std::string> out;
  v.elements([&](const Value& e) { out.push_back(e.string()); });
  return out;
}

Quantity decode_quantity(const Value& v) {
  std::string text = v.quantity_text();
  std::string error;
  std::optional<Quantity> q = Quantity::parse(text, &error);
  if (!q) v.fail(fmt::format("invalid quantity \"{}\": {}", text, error));
  return *q;
}

ResourceList decode_resource_list(const Value& v) {
  std::vector<ResourceList::Entry> entries;
  v.fields([&](std::string_view key, const Value& value) { entries.emplace_back(std::string(key), decode_quantity(value)); });
  return ResourceList::from_entries(std::move(entries));
}

void decode_resource_requirements(const Value& v, ResourceRequirements& out) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "requests") {
      if (!f.is_null()) out.requests = decode_resource_list(f);
    } else if (key == "limits") {
      if (!f.is_null()) out.limits = decode_resource_list(f);
    } else if (key == "claims") {
      f.elements([&](const Value& c) {
        std::string name;
        c.fields([&](std::string_view k, const Value& x) {
          if (k == "name") name = x.string();
        });
        out.claims.push_back(name);
      });
    }
  });
}

std::string decode_time(const Value& v) {
  if (v.is_null()) return {};
  std::string error;
  std::optional<std::string> time = normalize_go_rfc3339(v.string(), &error);
  if (!time) v.fail(error);
  return *time;
}

void decode_meta(const Value& v, ObjectMeta& out, MetaLabels labels) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "name") out.name = f.string();
    else if (key == "generateName") out.generate_name = f.string();
    else if (key == "namespace") out.namespace_ = f.string();
    else if (key == "uid") out.uid = f.string();
    else if (key == "labels") {
      decode_string_map(f, out.labels);
      if (labels == MetaLabels::Object) validate_labels(f, out.labels);
      // The template's ObjectMeta is inline in Go: its labels print as <template>.labels.
      auto template_labels_path = [&] {
        std::string path = v.path();  // "<template>.metadata"
        return path.substr(0, path.size() - std::string_view("metadata").size()) + "labels";
      };
      if (labels == MetaLabels::PodTemplate) validate_labels(f, out.labels, template_labels_path);
    }
    else if (key == "annotations") decode_string_map(f, out.annotations);
    else if (key == "creationTimestamp") out.creation_timestamp = decode_time(f);
    else if (key == "deletionTimestamp") out.deletion_timestamp = decode_time(f);
    else if (key == "ownerReferences") {
      f.elements([&](const Value& e) {
        OwnerReference& ref = out.owner_references.emplace_back();
        e.fields([&](std::string_view k, const Value& x) {
          if (k == "apiVersion") ref.api_version = x.string();
          else if (k == "kind") ref.kind = x.string();
          else if (k == "name") ref.name = x.string();
          else if (k == "uid") ref.uid = x.string();
          else if (k == "controller") {
            ref.controller_set = !x.is_null();
            ref.controller = x.boolean();
          } else if (k == "blockOwnerDeletion" && !x.is_null()) {
            ref.block_owner_deletion = x.boolean();
          }
        });
      });
      if (labels != MetaLabels::PodTemplate) validate_owner_references(v, out.owner_references);
    }
  });
}

LabelSelector read_label_selector(const Value& v) {
  LabelSelector out;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "matchLabels") {
      decode_string_map(f, out.match_labels);
    } else if (key == "matchExpressions") {
      f.elements([&](const Value& e) {
        LabelSelectorRequirement& r = out.match_expressions.emplace_back();
        e.fields([&](std::string_view k, const Value& x) {
          if (k == "key") r.key = x.string();
          else if (k == "operator") r.op = x.string();
          else if (k == "values") r.values = decode_strings(x);
        });
      });
    }
  });
  return out;
}

LabelSelector decode_label_selector(const Value& v) {
  LabelSelector out = read_label_selector(v);
  validate_label_selector(v, out);
  return out;
}

namespace {

// ValidateNodeSelectorRequirement: values must suit the operator; keys must be label keys.
void validate_label_requirement(const Value& v, const NodeSelectorRequirement& r) {
  if (r.op == "In" || r.op == "NotIn") {
    if (r.values.empty()) fail_child(v, "values", "Required value: must be specified when `operator` is 'In' or 'NotIn'");
  } else if (r.op == "Exists" || r.op == "DoesNotExist") {
    if (!r.values.empty()) {
      fail_child(v, "values", "Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'");
    }
  } else if (r.op == "Gt" || r.op == "Lt") {
    if (r.values.size() != 1) {
      fail_child(v, "values", "Required value: must be specified single value when `operator` is 'Lt' or 'Gt'");
    }
  } else {
    reject(v, {"operator"}, field::invalid(path_of(v, "operator"), named_string_value(r.op), "not a valid selector operator"));
  }
  std::vector<std::string> errors = label_key_errors(r.key);
  if (!errors.empty()) fail_child(v, "key", fmt::format("Invalid value: {}: {}", field::go_quote(r.key), errors.front()));
}

// ValidateNodeFieldSelectorRequirement: only metadata.name, only In/NotIn with one value.
void validate_field_requirement(const Value& v, const NodeSelectorRequirement& r) {
  if (r.op == "In" || r.op == "NotIn") {
    if (r.values.size() != 1) {
      fail_child(v, "values",
                 "Required value: must be only one value when `operator` is 'In' or 'NotIn' for node field selector");
    }
  } else {
    reject(v, {"operator"}, field::invalid(path_of(v, "operator"), named_string_value(r.op), "not a valid selector operator"));
  }
  if (r.key != "metadata.name") {
    fail_child(v, "key", fmt::format("Invalid value: {}: not a valid field selector key", field::go_quote(r.key)));
  }
  // metadata.name values must be node names (ValidateNodeName).
  for (size_t i = 0; i < r.values.size(); ++i) {
    std::vector<std::string> errors = util_dns1123_subdomain_errors(r.values[i]);
    if (!errors.empty()) {
      reject(v, {"values", i},
             field::invalid(path_of(v, fmt::format("values[{}]", i)), field::go_quote(r.values[i]), errors.front()));
    }
  }
}

}  // namespace

NodeSelectorTerm decode_node_selector_term(const Value& v) {
  NodeSelectorTerm term;
  auto requirements = [](const Value& list, std::vector<NodeSelectorRequirement>& out, bool fields) {
    list.elements([&](const Value& e) {
      NodeSelectorRequirement& r = out.emplace_back();
      e.fields([&](std::string_view k, const Value& x) {
        if (k == "key") r.key = x.string();
        else if (k == "operator") r.op = x.string();
        else if (k == "values") r.values = decode_strings(x);
      });
      if (fields) validate_field_requirement(e, r);
      else validate_label_requirement(e, r);
    });
  };
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "matchExpressions") requirements(f, term.match_expressions, false);
    else if (key == "matchFields") requirements(f, term.match_fields, true);
  });
  return term;
}

NodeSelector decode_node_selector(const Value& v) {
  NodeSelector out;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "nodeSelectorTerms") f.elements([&](const Value& e) { out.node_selector_terms.push_back(decode_node_selector_term(e)); });
  });
  validate_required_node_selector(v, out);
  return out;
}

bool is_volume_source_key(std::string_view key) {
  static constexpr std::string_view kSources[] = {
      "hostPath", "emptyDir", "gcePersistentDisk", "awsElasticBlockStore", "gitRepo", "secret", "nfs",
      "iscsi", "glusterfs", "persistentVolumeClaim", "rbd", "flexVolume", "cinder", "cephfs", "flocker",
      "downwardAPI", "fc", "azureFile", "configMap", "vsphereVolume", "quobyte", "azureDisk",
      "photonPersistentDisk", "projected", "portworxVolume", "scaleIO", "storageos", "csi", "ephemeral",
      "image", "local"};
  for (std::string_view s : kSources) {
    if (key == s) return true;
  }
  return false;
}

void decode_volume_source_field(std::string_view key, const Value& v, VolumeSource& out) {
  if (!out.type.empty()) v.fail(fmt::format("may not specify more than 1 volume type (found {} and {})", out.type, key));
  out.type = std::string(key);
  if (key == "rbd") out.rbd_pool = "rbd";  // defaulted by the API server
  if (key == "azureDisk") out.azure_disk_kind = "Shared";  // defaulted by the API server
  v.fields([&](std::string_view k, const Value& x) {
    if (k == "readOnly") out.read_only = x.boolean();
    else if (key == "gcePersistentDisk" && k == "pdName") out.pd_name = x.string();
    else if ((key == "gcePersistentDisk" || key == "awsElasticBlockStore") && k == "partition") out.partition = x.int32();
    else if ((key == "awsElasticBlockStore" || key == "cinder" || key == "portworxVolume") && k == "volumeID") {
      out.volume_id = x.string();
    }
    else if (key == "rbd" && k == "monitors") out.ceph_monitors = decode_strings(x);
    else if (key == "rbd" && k == "pool") {
      std::string pool = x.string();
      if (!pool.empty()) out.rbd_pool = pool;
    } else if (key == "rbd" && k == "image") out.rbd_image = x.string();
    else if (key == "iscsi" && k == "targetPortal") out.iscsi_target_portal = x.string();
    else if (key == "iscsi" && k == "iqn") out.iscsi_iqn = x.string();
    else if (key == "iscsi" && k == "lun") out.iscsi_lun = x.int32();
    else if (key == "azureDisk" && k == "diskURI") out.azure_disk_uri = x.string();
    else if (key == "azureDisk" && k == "diskName") out.azure_disk_name = x.string();
    else if (key == "azureDisk" && k == "kind") {
      if (x.is_null()) return;
      out.azure_disk_kind = x.string();
      check_enum(x, out.azure_disk_kind, {"Dedicated", "Managed", "Shared"});
    } else if (key == "azureFile" && k == "secretName") out.azure_file_secret_name = x.string();
    else if (key == "azureFile" && k == "shareName") out.azure_file_share_name = x.string();
    else if (key == "azureFile" && k == "secretNamespace") {
      if (!x.is_null()) out.azure_file_secret_namespace = x.string();
    } else if (key == "vsphereVolume" && k == "volumePath") out.vsphere_volume_path = x.string();
    else if (key == "vsphereVolume" && k == "storagePolicyName") out.vsphere_storage_policy_name = x.string();
    else if (key == "csi" && k == "driver") out.csi_driver = x.string();
    else if (key == "csi" && k == "volumeHandle") out.csi_volume_handle = x.string();
    else if (key == "csi" && k == "volumeAttributes") decode_string_map(x, out.csi_volume_attributes);
    else if (key == "image" && k == "reference") out.image_reference = x.string();
    else if (key == "image" && k == "pullPolicy") {
      out.image_pull_policy = x.string();
      if (!out.image_pull_policy.empty()) check_enum(x, out.image_pull_policy, {"Always", "IfNotPresent", "Never"});
    }
  });
}

void decode_pvc_spec(const Value& v, PersistentVolumeClaimSpec& out) {
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "accessModes") {
      out.access_modes = decode_strings(f);
    } else if (key == "selector") {
      if (!f.is_null()) out.selector = decode_label_selector(f);
    } else if (key == "resources") {
      decode_resource_requirements(f, out.resources);
    } else if (key == "volumeName") {
      out.volume_name = f.string();
    } else if (key == "storageClassName") {
      if (!f.is_null()) out.storage_class_name = f.string();
    } else if (key == "volumeMode") {
      out.volume_mode = f.string();
      if (out.volume_mode.empty()) out.volume_mode = "Filesystem";
      check_enum(f, out.volume_mode, {"Block", "Filesystem"});
    } else if (key == "volumeAttributesClassName") {
      if (!f.is_null()) out.volume_attributes_class_name = f.string();
    }
  });
}

}  // namespace podfit
