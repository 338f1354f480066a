// The parts of a selector an explanation names: its top-level conjuncts, and the operand of a
// condition whose value tells the user why it is false. Found by scanning the text at bracket
// depth zero outside string literals, so each part is shown exactly as the user wrote it.
#include <cctype>

#include "podfit/dra/device_selector.h"

namespace podfit::dra {
namespace {

std::string trim(std::string_view text) {
  std::size_t begin = 0;
  std::size_t end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  return std::string(text.substr(begin, end - begin));
}

// Calls `at(i)` for each character index at depth zero outside literals; `at` returns how many
// characters it consumed (0 to go on one by one). Returns false on unbalanced brackets.
template <typename At>
bool scan_top_level(std::string_view text, At at) {
  int depth = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '"' || c == '\'') {
      // A literal: triple-quoted or not; raw ones (r'...') take no escapes.
      const bool raw = i > 0 && (text[i - 1] == 'r' || text[i - 1] == 'R');
      const bool triple = text.substr(i, 3) == std::string(3, c);
      const std::string close = triple ? std::string(3, c) : std::string(1, c);
      std::size_t j = i + close.size();
      while (j < text.size() && text.substr(j, close.size()) != close) j += (!raw && text[j] == '\\') ? 2 : 1;
      i = j + close.size();
      continue;
    }
    if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth < 0) return false;
    } else if (depth == 0) {
      if (std::size_t used = at(i)) {
        i += used;
        continue;
      }
    }
    ++i;
  }
  return depth == 0;
}

}  // namespace

std::vector<std::string> selector_conjuncts(std::string_view expression) {
  std::vector<std::size_t> cuts;
  bool conjunction = true;
  const bool balanced = scan_top_level(expression, [&](std::size_t i) -> std::size_t {
    const std::string_view two = expression.substr(i, 2);
    // `?` after a dot is optional field selection (`.?name`), not a conditional.
    const bool conditional = expression[i] == '?' && (i == 0 || expression[i - 1] != '.');
    if (two == "||" || conditional) conjunction = false;
    if (two == "&&") {
      cuts.push_back(i);
      return 2;
    }
    return two == "||" ? 2 : 0;
  });
  if (!balanced || !conjunction || cuts.empty()) return {trim(expression)};
  std::vector<std::string> parts;
  std::size_t from = 0;
  for (std::size_t cut : cuts) {
    parts.push_back(trim(expression.substr(from, cut - from)));
    from = cut + 2;
  }
  parts.push_back(trim(expression.substr(from)));
  return parts;
}

std::string compared_operand(std::string_view condition) {
  std::vector<std::size_t> comparisons;
  std::size_t last_dot = std::string_view::npos;
  scan_top_level(condition, [&](std::size_t i) -> std::size_t {
    const std::string_view two = condition.substr(i, 2);
    if (two == "==" || two == "!=" || two == "<=" || two == ">=") {
      comparisons.push_back(i);
      return 2;
    }
    if (condition[i] == '<' || condition[i] == '>') comparisons.push_back(i);
    if (condition[i] == '.') last_dot = i;
    return 0;
  });
  // `x.method(...)`: the receiver, when the text ends with that call.
  auto receiver = [](std::string_view text) -> std::string {
    std::size_t dot = std::string_view::npos;
    scan_top_level(text, [&](std::size_t i) -> std::size_t {
      if (text[i] == '.') dot = i;
      return 0;
    });
    const std::string trimmed = trim(text);
    if (dot == std::string_view::npos || trimmed.empty() || trimmed.back() != ')') return {};
    if (text.find('(', dot) == std::string_view::npos) return {};
    return trim(text.substr(0, dot));
  };
  if (comparisons.size() == 1) {
    const std::string left = trim(condition.substr(0, comparisons[0]));
    // compareTo's -1, 0 or 1 says nothing: its receiver's value does.
    const std::string inner = receiver(left);
    const bool compare_to = !inner.empty() && std::string_view(left).substr(inner.size()).find(".compareTo(") == 0;
    return compare_to ? inner : left;
  }
  if (comparisons.empty() && last_dot != std::string_view::npos) return receiver(condition);
  return {};
}

}  // namespace podfit::dra
