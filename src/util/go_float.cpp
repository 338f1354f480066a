#include "podfit/util/go_float.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace podfit {
namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex_letter(char c) { return lower(c) >= 'a' && lower(c) <= 'f'; }

// How many leading bytes of s match word, ignoring ASCII case.
size_t common_prefix_ignoring_case(std::string_view s, std::string_view word) {
  size_t n = 0;
  while (n < s.size() && n < word.size() && lower(s[n]) == word[n]) ++n;
  return n;
}

// Go's special(): infinities (signed, "inf" or "infinity") and an unsigned "nan".
std::optional<double> special(std::string_view s) {
  if (s.empty()) return std::nullopt;
  double sign = 1;
  std::string_view rest = s;
  if (s[0] == '+' || s[0] == '-') {
    if (s[0] == '-') sign = -1;
    rest.remove_prefix(1);
  } else if (lower(s[0]) == 'n') {
    if (s.size() == 3 && common_prefix_ignoring_case(s, "nan") == 3) return std::numeric_limits<double>::quiet_NaN();
    return std::nullopt;
  }
  const size_t n = common_prefix_ignoring_case(rest, "infinity");
  // "inf" or "infinity", and nothing after it.
  if ((n == 3 && rest.size() == 3) || (n == 8 && rest.size() == 8)) return sign * std::numeric_limits<double>::infinity();
  return std::nullopt;
}

// Go's underscoreOK: underscores only between digits (a base prefix counts as a digit).
bool underscores_ok(std::string_view s) {
  char saw = '^';
  size_t i = 0;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  bool hex = false;
  if (s.size() >= 2 && s[0] == '0' && (lower(s[1]) == 'b' || lower(s[1]) == 'o' || lower(s[1]) == 'x')) {
    i = 2;
    saw = '0';
    hex = lower(s[1]) == 'x';
  }
  for (; i < s.size(); ++i) {
    if (is_digit(s[i]) || (hex && is_hex_letter(s[i]))) {
      saw = '0';
      continue;
    }
    if (s[i] == '_') {
      if (saw != '0') return false;
      saw = '_';
      continue;
    }
    if (saw == '_') return false;
    saw = '!';
  }
  return saw != '_';
}

// Go's readFloat reduced to its verdict: whether all of s is one decimal or hexadecimal float.
bool well_formed(std::string_view s, bool* hex) {
  size_t i = 0;
  bool underscores = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  *hex = false;
  char exp_char = 'e';
  if (i + 2 < s.size() && s[i] == '0' && lower(s[i + 1]) == 'x') {
    i += 2;
    *hex = true;
    exp_char = 'p';
  }
  bool saw_dot = false, saw_digits = false;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '_') {
      underscores = true;
    } else if (c == '.') {
      if (saw_dot) break;
      saw_dot = true;
    } else if (is_digit(c) || (*hex && is_hex_letter(c))) {
      saw_digits = true;
    } else {
      break;
    }
  }
  if (!saw_digits) return false;
  if (i < s.size() && lower(s[i]) == exp_char) {
    ++i;
    if (i >= s.size()) return false;
    if (s[i] == '+' || s[i] == '-') ++i;
    if (i >= s.size() || !is_digit(s[i])) return false;
    for (; i < s.size() && (is_digit(s[i]) || s[i] == '_'); ++i) underscores = underscores || s[i] == '_';
  } else if (*hex) {
    return false;  // a hexadecimal mantissa needs its binary exponent
  }
  if (underscores && !underscores_ok(s.substr(0, i))) return false;
  return i == s.size();
}

}  // namespace

std::optional<double> parse_go_float(std::string_view text, GoFloatError* error) {
  auto fail = [&](GoFloatError e) -> std::optional<double> {
    if (error != nullptr) *error = e;
    return std::nullopt;
  };
  if (error != nullptr) *error = GoFloatError::None;
  if (auto s = special(text)) return s;
  bool hex = false;
  if (!well_formed(text, &hex)) return fail(GoFloatError::Syntax);
  std::string digits;
  digits.reserve(text.size());
  for (char c : text)
    if (c != '_') digits.push_back(c);
  // strtod rounds decimal and hexadecimal text correctly, as Go does; the syntax is checked above.
  const double value = std::strtod(digits.c_str(), nullptr);
  if (std::isinf(value)) return fail(GoFloatError::Range);
  return value;
}

}  // namespace podfit
