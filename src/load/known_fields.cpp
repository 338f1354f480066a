#include "known_fields.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

namespace podfit {

extern const char kKnownFieldsTable[];

namespace {

struct Schema;

// The type of a field: what to look for below it.
struct TypeRef {
  enum class Shape { Scalar, Any, Object, List, Map };
  Shape shape = Shape::Scalar;
  const TypeRef* element = nullptr;  // List and Map
  const Schema* schema = nullptr;    // Object
};

// One object type: its field names with their types, and a hash table over them (every
// key of every object is looked up: a binary search's comparisons were a tenth of loading).
struct Schema {
  std::vector<std::pair<std::string_view, const TypeRef*>> fields;
  std::vector<uint32_t> slots;  // open addressing: index in `fields` + 1, or 0 for empty

  static size_t hash(std::string_view name) {
    uint64_t h = name.size();
    if (!name.empty()) {
      h = h * 131 + static_cast<unsigned char>(name.front()) * 31 + static_cast<unsigned char>(name.back()) +
          static_cast<unsigned char>(name[name.size() / 2]) * 7;
    }
    return static_cast<size_t>((h * 0x9E3779B97F4A7C15ull) >> 32);
  }

  void build_index() {
    size_t size = 8;
    while (size < fields.size() * 2) size *= 2;
    slots.assign(size, 0);
    for (size_t i = 0; i < fields.size(); ++i) {
      size_t at = hash(fields[i].first) & (size - 1);
      while (slots[at] != 0) at = (at + 1) & (size - 1);
      slots[at] = static_cast<uint32_t>(i + 1);
    }
  }

  const TypeRef* find(std::string_view name) const {
    const size_t mask = slots.size() - 1;
    for (size_t at = hash(name) & mask;; at = (at + 1) & mask) {
      const uint32_t slot = slots[at];
      if (slot == 0) return nullptr;
      if (fields[slot - 1].first == name) return fields[slot - 1].second;
    }
  }
};

// The table, parsed once.
class KnownFields {
 public:
  KnownFields() {
    std::string_view table(kKnownFieldsTable);
    // First every type's name, so that fields may name types defined further down.
    std::vector<std::pair<Schema*, std::string_view>> lines;
    for (std::string_view line : split(table, '\n')) {
      if (line.empty()) continue;
      size_t space = line.find(' ');
      std::string_view name = line.substr(0, space);
      Schema& schema = schemas_.emplace_back();
      by_name_.emplace(name, &schema);
      lines.emplace_back(&schema, space == std::string_view::npos ? std::string_view{} : line.substr(space + 1));
    }
    for (auto& [schema, fields] : lines) {
      for (std::string_view field : split(fields, ' ')) {
        if (field.empty()) continue;
        size_t colon = field.find(':');
        std::string_view type = colon == std::string_view::npos ? std::string_view{} : field.substr(colon + 1);
        schema->fields.emplace_back(field.substr(0, colon), ref(type));
      }
      schema->build_index();
    }
  }

  const Schema* root(std::string_view kind, std::string_view api_version = {}) const {
    // v1beta1 wraps a device's fields in `basic`; v1 and v1beta2 have the same fields.
    if (kind == "ResourceSlice" && api_version == "resource.k8s.io/v1beta1") return find("resourcev1beta1.ResourceSlice");
    // v1beta1 keeps a request's device fields on the request itself, without `exactly`.
    if (kind == "ResourceClaim" && api_version == "resource.k8s.io/v1beta1") return find("resourcev1beta1.ResourceClaim");
    if (kind == "ResourceClaimTemplate" && api_version == "resource.k8s.io/v1beta1") {
      return find("resourcev1beta1.ResourceClaimTemplate");
    }
    static constexpr std::pair<std::string_view, std::string_view> kKinds[] = {
        {"Pod", "Pod"},
        {"Node", "Node"},
        {"Namespace", "Namespace"},
        {"ResourceQuota", "ResourceQuota"},
        {"PersistentVolume", "PersistentVolume"},
        {"PersistentVolumeClaim", "PersistentVolumeClaim"},
        {"ReplicationController", "ReplicationController"},
        {"PodTemplate", "PodTemplate"},
        {"StorageClass", "storage.StorageClass"},
        {"CSINode", "storage.CSINode"},
        {"CSIDriver", "storage.CSIDriver"},
        {"CSIStorageCapacity", "storage.CSIStorageCapacity"},
        {"RuntimeClass", "node.RuntimeClass"},
        {"LimitRange", "LimitRange"},
        {"Deployment", "apps.Deployment"},
        {"ReplicaSet", "apps.ReplicaSet"},
        {"StatefulSet", "apps.StatefulSet"},
        {"DaemonSet", "apps.DaemonSet"},
        {"Job", "batch.Job"},
        {"CronJob", "batch.CronJob"},
        {"ResourceSlice", "resource.ResourceSlice"},
        {"DeviceClass", "resource.DeviceClass"},
        {"ResourceClaim", "resource.ResourceClaim"},
        {"ResourceClaimTemplate", "resource.ResourceClaimTemplate"},
        {"DeviceTaintRule", "resource.DeviceTaintRule"},
    };
    for (const auto& [k, type] : kKinds) {
      if (k == kind) return find(type);
    }
    return nullptr;
  }

 private:
  static std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> out;
    for (size_t start = 0;;) {
      size_t end = text.find(separator, start);
      out.push_back(text.substr(start, end - start));
      if (end == std::string_view::npos) return out;
      start = end + 1;
    }
  }

  const Schema* find(std::string_view name) const {
    auto it = by_name_.find(name);
    return it == by_name_.end() ? nullptr : it->second;
  }

  const TypeRef* ref(std::string_view type) {
    TypeRef& r = refs_.emplace_back();
    if (type.empty()) {
      r.shape = TypeRef::Shape::Scalar;
    } else if (type == "*") {
      r.shape = TypeRef::Shape::Any;
    } else if (type.starts_with("[]")) {
      r.shape = TypeRef::Shape::List;
      r.element = ref(type.substr(2));
    } else if (type.starts_with("{}")) {
      r.shape = TypeRef::Shape::Map;
      r.element = ref(type.substr(2));
    } else {
      r.shape = TypeRef::Shape::Object;
      r.schema = find(type);
      // A type missing from the table is a broken table; check nothing below it rather than
      // report every field of it as unknown.
      if (r.schema == nullptr) r.shape = TypeRef::Shape::Any;
    }
    return &r;
  }

  std::deque<Schema> schemas_;
  std::deque<TypeRef> refs_;
  std::unordered_map<std::string_view, const Schema*> by_name_;
};

const KnownFields& known_fields() {
  static const KnownFields table;
  return table;
}

void walk_object(const Value& v, const Schema& schema, std::vector<UnknownField>& out);

void walk(const Value& v, const TypeRef& type, std::vector<UnknownField>& out) {
  switch (type.shape) {
    case TypeRef::Shape::Scalar:
    case TypeRef::Shape::Any: return;
    case TypeRef::Shape::Object:
      if (v.type() == Value::Type::Object) walk_object(v, *type.schema, out);
      return;
    case TypeRef::Shape::List:
      if (v.type() == Value::Type::Array) v.elements([&](const Value& e) { walk(e, *type.element, out); });
      return;
    case TypeRef::Shape::Map:
      if (type.element->shape != TypeRef::Shape::Scalar && v.type() == Value::Type::Object) {
        v.fields([&](std::string_view, const Value& e) { walk(e, *type.element, out); });
      }
      return;
  }
}

void walk_object(const Value& v, const Schema& schema, std::vector<UnknownField>& out) {
  v.fields([&](std::string_view key, const Value& f) {
    const TypeRef* type = schema.find(key);
    if (type == nullptr) {
      out.push_back(UnknownField{f.path(), f.line()});
      return;
    }
    walk(f, *type, out);
  });
}

}  // namespace

bool has_known_fields(std::string_view kind) { return known_fields().root(kind) != nullptr; }

void find_unknown_fields(const Value& root, std::string_view kind, std::vector<UnknownField>& out,
                         std::string_view api_version) {
  const Schema* schema = known_fields().root(kind, api_version);
  if (schema != nullptr && root.type() == Value::Type::Object) walk_object(root, *schema, out);
}

std::string describe_unknown_fields(const std::vector<UnknownField>& fields) {
  std::string out;
  for (const UnknownField& f : fields) out += fmt::format("{}unknown field \"{}\"", out.empty() ? "" : ", ", f.path);
  return out;
}

}  // namespace podfit
