#include "suggestion.h"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace podfit {
namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool starts_with_ignoring_case(std::string_view name, std::string_view prefix) {
  if (prefix.size() > name.size()) return false;
  return std::equal(prefix.begin(), prefix.end(), name.begin(), [](char a, char b) { return lower(a) == lower(b); });
}

// Cobra's threshold: two edits catch a swapped pair of letters or one missing and one extra.
constexpr size_t kMaxEdits = 2;

bool is_close(std::string_view typed, std::string_view name) {
  return !typed.empty() && (edit_distance(typed, name) <= kMaxEdits || starts_with_ignoring_case(name, typed));
}

}  // namespace

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), size_t{0});
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      const size_t substitution = diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::vector<std::string> close_names(std::string_view typed, const std::vector<std::string>& names) {
  std::vector<std::string> close;
  for (const std::string& name : names) {
    if (is_close(typed, name)) close.push_back(name);
  }
  return close;
}

std::string closest_name(std::string_view typed, const std::vector<std::string>& names) {
  std::string best;
  size_t best_distance = 0;
  for (const std::string& name : close_names(typed, names)) {
    const size_t distance = edit_distance(typed, name);
    if (best.empty() || distance < best_distance) {
      best = name;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace podfit
