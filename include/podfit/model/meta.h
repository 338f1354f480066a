// Object metadata and where each object came from.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "podfit/model/flat_map.h"

namespace podfit {

// Where an object was read: every message about the object names it.
struct SourceRef {
  std::string file;   // path as the user gave it, or "<stdin>"
  int document = 0;   // 1-based index of the YAML document / JSON value in the file
  int line = 0;       // 1-based line where the object starts
  int item = -1;      // index inside a List's items, or -1
  // Made by podfit for an object a controller creates ("<synthesized for ...>"), not read from input.
  bool synthesized() const { return file.starts_with("<synthesized "); }
};

struct OwnerReference {
  std::string api_version;
  std::string kind;
  std::string name;
  std::string uid;
  bool controller = false;
  bool controller_set = false;                // `controller` was given (true or false)
  std::optional<bool> block_owner_deletion;  // read for the API server's messages only
};

// The parts of metav1.ObjectMeta that scheduling reads.
struct ObjectMeta {
  std::string name;
  std::string generate_name;
  std::string namespace_;  // defaulted to "default" for namespaced kinds
  std::string uid;
  StringMap labels;
  StringMap annotations;
  std::string creation_timestamp;
  std::string deletion_timestamp;  // non-empty while the object is being deleted
  std::vector<OwnerReference> owner_references;
};

// "namespace/name": the key a namespaced object is known by (cluster-scoped ones: "/name").
inline std::string namespaced_name(const ObjectMeta& meta) { return meta.namespace_ + "/" + meta.name; }

}  // namespace podfit
