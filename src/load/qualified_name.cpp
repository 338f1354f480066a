#include "qualified_name.h"

#include "api_release.h"
#include "podfit/model/validation.h"

namespace podfit {

std::vector<std::string> qualified_name_errors(std::string_view name) {
  std::vector<std::string> errors = label_key_errors(name);
  if (api_release_changes().qualified_names_worded_as_label_keys) return errors;
  // The same rules before v1.35, in util/validation's words.
  constexpr std::string_view kLabelKey = "a valid label key ";
  constexpr std::string_view kBytes = " bytes";
  for (std::string& e : errors) {
    if (e.starts_with(kLabelKey)) e.replace(0, kLabelKey.size(), "a qualified name ");
    if (e.ends_with(kBytes) && e.find("must be no more than ") != std::string::npos) {
      e.replace(e.size() - kBytes.size(), kBytes.size(), " characters");
    }
  }
  return errors;
}

}  // namespace podfit
