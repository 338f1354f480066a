#include "validation/qualified_name.h"

#include "podfit/model/validation.h"
#include "validation/api_release.h"

namespace podfit {

namespace {

// Before v1.35 util/validation's MaxLenError counted characters, where the content package says bytes.
void length_in_characters(std::string& e) {
  constexpr std::string_view kBytes = " bytes";
  if (e.ends_with(kBytes) && e.find("must be no more than ") != std::string::npos) {
    e.replace(e.size() - kBytes.size(), kBytes.size(), " characters");
  }
}

}  // namespace

std::vector<std::string> qualified_name_errors(std::string_view name) {
  std::vector<std::string> errors = label_key_errors(name);
  if (api_release_changes().qualified_names_worded_as_label_keys) return errors;
  // The same rules before v1.35, in util/validation's words.
  constexpr std::string_view kLabelKey = "a valid label key ";
  for (std::string& e : errors) {
    if (e.starts_with(kLabelKey)) e.replace(0, kLabelKey.size(), "a qualified name ");
    length_in_characters(e);
  }
  return errors;
}

std::vector<std::string> released_label_value_errors(std::string_view value) {
  std::vector<std::string> errors = label_value_errors(value);
  if (api_release_changes().qualified_names_worded_as_label_keys) return errors;
  for (std::string& e : errors) length_in_characters(e);
  return errors;
}

}  // namespace podfit
