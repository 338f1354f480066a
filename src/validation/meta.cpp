// apimachinery's checks of object metadata: names, generated names, namespaces, owner references.
#include <algorithm>
#include <array>
#include <optional>

#include <fmt/format.h>

#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "validation/api_release.h"
#include "validation/stored_object.h"
#include "validation/validate.h"

namespace podfit {

void validate_subdomain(const Value& v, std::initializer_list<PathStep> steps, PathFn path, std::string_view value) {
  std::vector<std::string> errors = util_dns1123_subdomain_errors(value);
  if (!errors.empty()) reject(v, steps, field::invalid(path(), field::go_quote(value), errors.front()));
}

void validate_object_name(const Value& v, std::string_view name) {
  // A name left to generateName is checked by the API server once generated.
  if (name.empty()) return;
  validate_subdomain(v, {"metadata", "name"}, [] { return std::string("metadata.name"); }, name);
}

void validate_namespace_name(const Value& v, std::string_view field, std::string_view name) {
  if (name.empty()) return;
  std::vector<std::string> errors = util_dns1123_label_errors(name);
  if (errors.empty()) return;
  std::string_view key = field.substr(field.find('.') + 1);
  reject(v, {"metadata", key}, field::invalid(field, field::go_quote(name), errors.front()));
}

void validate_generate_name(const Value& v, std::string_view generate_name) {
  if (generate_name.empty()) return;
  // A prefix may end in '-': apimachinery checks it with its last two characters made "a".
  // Masked on the stack, as nearly every running pod has a generateName; one too long for the
  // buffer is too long for a name either way, masked or not.
  std::array<char, 256> buffer{};
  std::string_view masked = generate_name;
  if (generate_name.size() > 1 && generate_name.back() == '-' && generate_name.size() <= buffer.size()) {
    size_t kept = generate_name.size() - 2;
    std::copy_n(generate_name.data(), kept, buffer.data());
    buffer[kept] = 'a';
    masked = std::string_view(buffer.data(), kept + 1);
  }
  std::vector<std::string> errors = util_dns1123_subdomain_errors(masked);
  if (!errors.empty()) {
    reject(v, {"metadata", "generateName"},
           field::invalid("metadata.generateName", field::go_quote(generate_name), errors.front()));
  }
}

namespace {

// An owner reference as field.Error prints a struct: encoding/json from v1.34; before, fmt's
// %#v, whose set pointers show addresses no one can predict, so such a reference is printed as
// JSON there too.
std::string owner_reference_value(const OwnerReference& ref) {
  const bool as_json = api_release_changes().field_error_values_as_json || ref.controller_set || ref.block_owner_deletion;
  if (as_json) {
    std::string out = fmt::format("{{\"apiVersion\":{},\"kind\":{},\"name\":{},\"uid\":{}", field::json_quote(ref.api_version),
                                  field::json_quote(ref.kind), field::json_quote(ref.name), field::json_quote(ref.uid));
    if (ref.controller_set) out += fmt::format(",\"controller\":{}", ref.controller);
    if (ref.block_owner_deletion) out += fmt::format(",\"blockOwnerDeletion\":{}", *ref.block_owner_deletion);
    return out + "}";
  }
  return fmt::format("v1.OwnerReference{{APIVersion:{}, Kind:{}, Name:{}, UID:{}, Controller:(*bool)(nil), "
                     "BlockOwnerDeletion:(*bool)(nil)}}",
                     field::go_quote(ref.api_version), field::go_quote(ref.kind), field::go_quote(ref.name),
                     field::go_quote(ref.uid));
}

std::string owner_references_value(const std::vector<OwnerReference>& refs) {
  std::string out = "[";
  for (size_t i = 0; i < refs.size(); ++i) out += (i > 0 ? "," : "") + owner_reference_value(refs[i]);
  return out + "]";
}

// schema.ParseGroupVersion: "" or "v1" (no group), "group/version"; more slashes fail.
bool parse_group_version(std::string_view text, std::string_view& group, std::string_view& version) {
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos) {
    group = {};
    version = text;
    return true;
  }
  if (text.find('/', slash + 1) != std::string_view::npos) return false;
  group = text.substr(0, slash);
  version = text.substr(slash + 1);
  return true;
}

}  // namespace

void validate_owner_references(const Value& v, const std::vector<OwnerReference>& refs) {
  const KubernetesRelease release = api_release();
  // v1.37 paths each reference by its index and says Required of an empty member.
  const bool indexed = release.minor >= 37;
  // v1.32 and v1.33 name the member in the message.
  const bool named = release.minor <= 33;
  // Paths are built only for an error: nearly every pod of a dump has an owner.
  auto list_path = [&] { return path_of(v, "ownerReferences"); };
  std::optional<size_t> first_controller;
  for (size_t i = 0; i < refs.size(); ++i) {
    const OwnerReference& ref = refs[i];
    auto at = [&] { return indexed ? field::index(list_path(), i) : list_path(); };
    auto fail = [&](std::string_view member, const std::string& message) {
      reject(v, {"ownerReferences", i, member}, message);
    };
    std::string_view group, version;
    const bool parsed = parse_group_version(ref.api_version, group, version);
    if (indexed) {
      if (ref.api_version.empty()) fail("apiVersion", field::required(field::child(at(), "apiVersion"), "must not be empty"));
      if (!parsed || version.empty()) {
        fail("apiVersion", field::invalid(field::child(at(), "apiVersion"), field::go_quote(ref.api_version),
                                          "must be <group>/<version> or <version>"));
      }
    } else if (!parsed || version.empty()) {
      fail("apiVersion", field::invalid(field::child(at(), "apiVersion"), field::go_quote(ref.api_version),
                                        "version must not be empty"));
    }
    auto not_empty = [&](std::string_view member, const std::string& value) {
      if (!value.empty()) return;
      const std::string path = field::child(at(), member);
      const std::string message =
          indexed ? field::required(path, "must not be empty")
                  : field::invalid(path, field::go_quote(value),
                                   named ? fmt::format("{} must not be empty", member) : std::string("must not be empty"));
      // Tools that share a dump often strip uids: a stored object always has its owners'.
      if (member == "uid") {
        reject_empty(v, {"ownerReferences", i, member}, message, "object");
        return;
      }
      fail(member, message);
    };
    // Before v1.37 the kind is the one the parsed apiVersion carries along; a bad apiVersion
    // has been refused already.
    not_empty("kind", ref.kind);
    not_empty("name", ref.name);
    not_empty("uid", ref.uid);
    if (group.empty() && version == "v1" && ref.kind == "Event") {
      reject(v, {"ownerReferences", i},
             field::invalid(at(), owner_reference_value(ref), "/v1, Kind=Event is disallowed from being an owner"));
    }
    if (!ref.controller) continue;
    if (first_controller) {
      const OwnerReference& first = refs[*first_controller];
      reject(v, {"ownerReferences", i},
             field::invalid(list_path(), owner_references_value(refs),
                            fmt::format("Only one reference can have Controller set to true. Found \"true\" in "
                                        "references for {}/{} and {}/{}",
                                        first.kind, first.name, ref.kind, ref.name)));
    }
    first_controller = i;
  }
}

}  // namespace podfit
