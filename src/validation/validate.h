// The machinery every API group's validation shares (kube-apiserver's field.Path and
// field.ErrorList, apimachinery's label, selector and metadata checks): each check raises the
// API server's first error for the part it is given, worded and pathed as field.ErrorList prints
// it, at the offending line. The groups' rules are in the folders beside this header, as in
// pkg/apis/<group>/validation: core/, policy/, resource/, storage/, scheduling/, node/, batch/.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "document/value.h"
#include "podfit/model/cluster.h"
#include "podfit/util/function_ref.h"

namespace podfit {

// A step from a Value to one below it: a member name or an element index.
using PathStep = std::variant<std::string_view, size_t>;
// The printed path of a field, built only when there is an error to report.
using PathFn = FunctionRef<std::string()>;

// Line of the value reached from `v` by `steps`; v's own line when that value is absent.
int line_at(const Value& v, std::initializer_list<PathStep> steps);
// Rejects with `message` (a whole field error, path included) at the line of `steps` below `v`.
[[noreturn]] void reject(const Value& v, std::initializer_list<PathStep> steps, const std::string& message);
// The path field.Path prints for `relative` below `v` ("" relative gives v's own path).
std::string path_of(const Value& v, std::string_view relative);
// Messages joined with ";", as the API server joins a label value's problems for taints and
// tolerations.
std::string joined(const std::vector<std::string>& messages);

// unversioned ValidateLabelName: a qualified name at `path` (the value at `steps` below `v`).
void validate_label_name(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view name);
// unversioned ValidateLabels: every key and value of the map `v`, reported at v's path or at `path`.
void validate_labels(const Value& v, const StringMap& labels);
void validate_labels(const Value& v, const StringMap& labels, PathFn path);
// unversioned ValidateLabelSelector (invalid label values refused, as on create).
void validate_label_selector(const Value& v, const LabelSelector& selector);
// ValidateNodeSelector for required node affinity (pods' and volumes'): at least one term, and
// label values valid.
void validate_required_node_selector(const Value& v, const NodeSelector& selector);

// Object metadata (meta.cpp): apimachinery's ValidateObjectMeta for the names scheduling reads.
// NameIsDNSSubdomain of `value` at `path` (the value at `steps` below `v`): class names, node names.
void validate_subdomain(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view value);
void validate_object_name(const Value& v, std::string_view name);  // NameIsDNSSubdomain; v: the object
// NameIsDNSSubdomain(generateName, prefix): the prefix a generated name starts with.
void validate_generate_name(const Value& v, std::string_view generate_name);
// ValidateNamespaceName (a DNS label) of a namespaced object's metadata.namespace, or of a
// Namespace's name (`field` "metadata.namespace" or "metadata.name").
void validate_namespace_name(const Value& v, std::string_view field, std::string_view name);
// ValidateOwnerReferences of an object's metadata `v`: each reference's apiVersion, kind, name
// and uid, no Event as owner, and one controller at most.
void validate_owner_references(const Value& v, const std::vector<OwnerReference>& refs);

}  // namespace podfit
