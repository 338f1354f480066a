// The API server's checks of what names a pod's containers: each container's name and image
// (the first rules of validateContainerCommon, applied alike to regular, init and ephemeral
// containers), names unique across the three lists, and (for pods, not templates) images
// without surrounding blanks. The same in v1.32 to v1.37.
#include <fmt/format.h>

#include <set>

#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "validation/core/containers.h"
#include "validation/validate.h"

namespace podfit {

void validate_container_name_and_image(const Value& v, const Container& c) {
  if (c.name.empty()) {
    reject(v, {"name"}, field::required(path_of(v, "name")));
  }
  std::vector<std::string> errors = util_dns1123_label_errors(c.name);
  if (!errors.empty()) {
    reject(v, {"name"}, field::invalid(path_of(v, "name"), field::go_quote(c.name), errors.front()));
  }
  // Only emptiness here: blanks around an image are refused for pods alone (templates keep them).
  if (c.image.empty()) reject(v, {"image"}, field::required(path_of(v, "image")));
}

namespace {

// unicode.IsSpace, which strings.TrimSpace trims by.
bool is_space(char32_t c) {
  return c == ' ' || (c >= '\t' && c <= '\r') || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// The code point of the UTF-8 sequence s[i, i + n) (n of 1 to 4, well formed).
char32_t code_point(std::string_view s, size_t i, size_t n) {
  static constexpr unsigned char kLeadMask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  char32_t c = static_cast<unsigned char>(s[i]) & kLeadMask[n];
  for (size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return c;
}

// strings.TrimSpace would change `s`: it starts or ends with white space.
bool has_surrounding_space(std::string_view s) {
  if (s.empty()) return false;
  auto continuation = [&](size_t i) { return (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80; };
  size_t first = 1;
  while (first < s.size() && first < 4 && continuation(first)) ++first;
  size_t last = s.size() - 1;
  while (last > 0 && s.size() - last < 4 && continuation(last)) --last;
  return is_space(code_point(s, 0, first)) || is_space(code_point(s, last, s.size() - last));
}

}  // namespace

void validate_pod_container_images(const Value& v, const Pod& pod) {
  auto check = [&](std::string_view list, const std::vector<Container>& containers) {
    for (size_t i = 0; i < containers.size(); ++i) {
      if (!has_surrounding_space(containers[i].image)) continue;
      reject(v, {"spec", list, i, "image"},
             field::invalid(fmt::format("spec.{}[{}].image", list, i), field::go_quote(containers[i].image),
                            "must not have leading or trailing whitespace"));
    }
  };
  check("containers", pod.spec.containers);
  check("initContainers", pod.spec.init_containers);
  check("ephemeralContainers", pod.spec.ephemeral_containers);
}

void validate_container_names(const Value& v, const PodSpec& spec) {
  auto duplicate = [&](std::string_view list, size_t i, const std::string& name) {
    std::string path = path_of(v, fmt::format("{}[{}].name", list, i));
    reject(v, {list, i, "name"}, field::duplicate(path, field::go_quote(name)));
  };
  // Regular containers among themselves; an empty name counts as a name here.
  std::set<std::string_view> taken;
  for (size_t i = 0; i < spec.containers.size(); ++i) {
    if (!taken.insert(spec.containers[i].name).second) duplicate("containers", i, spec.containers[i].name);
  }
  // Init containers against every regular container and the init containers before them,
  // where an empty name is not remembered.
  for (size_t i = 0; i < spec.init_containers.size(); ++i) {
    const std::string& name = spec.init_containers[i].name;
    if (taken.contains(name)) duplicate("initContainers", i, name);
    if (!name.empty()) taken.insert(name);
  }
  // Ephemeral containers against all the others (empty init names included) and each other.
  if (spec.ephemeral_containers.empty()) return;
  for (const Container& c : spec.init_containers) taken.insert(c.name);
  for (size_t i = 0; i < spec.ephemeral_containers.size(); ++i) {
    const std::string& name = spec.ephemeral_containers[i].name;
    if (!taken.insert(name).second) duplicate("ephemeralContainers", i, name);
  }
}

}  // namespace podfit
