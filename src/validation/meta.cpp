// apimachinery's checks of object metadata: names, generated names, namespaces.
#include <algorithm>
#include <array>

#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
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

}  // namespace podfit
