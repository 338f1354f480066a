// Regular expressions with RE2 semantics: the compiled-pattern cache behind the standard
// `matches`, and Kubernetes' regex library (find, findAll).
#include <re2/re2.h>

#include <list>
#include <optional>
#include <string>
#include <unordered_map>

#include "internal.h"

namespace podfit::cel {

namespace {

// regexp/syntax's wording of each error RE2 reports (RE2's parser is Go's, so the offending
// fragment it names is the one Go names).
std::string_view go_error_code(re2::RE2::ErrorCode code) {
  switch (code) {
    case re2::RE2::ErrorBadEscape: return "invalid escape sequence";
    case re2::RE2::ErrorBadCharClass: return "invalid character class";
    case re2::RE2::ErrorBadCharRange: return "invalid character class range";
    case re2::RE2::ErrorMissingBracket: return "missing closing ]";
    case re2::RE2::ErrorMissingParen: return "missing closing )";
    case re2::RE2::ErrorTrailingBackslash: return "trailing backslash at end of expression";
    case re2::RE2::ErrorRepeatArgument: return "missing argument to repetition operator";
    case re2::RE2::ErrorRepeatSize: return "invalid repeat count";
    case re2::RE2::ErrorRepeatOp: return "invalid nested repetition operator";
    case re2::RE2::ErrorBadPerlOp: return "invalid or unsupported Perl syntax";
    case re2::RE2::ErrorBadUTF8: return "invalid UTF-8";
    case re2::RE2::ErrorBadNamedCapture: return "invalid named capture";
    case re2::RE2::ErrorPatternTooLarge: return "expression too large";
    default: return "regexp/syntax: internal error";
  }
}

std::string go_parse_error(std::string_view code, std::string_view fragment) {
  return "error parsing regexp: " + std::string(code) + ": `" + std::string(fragment) + "`";
}

// What Go's regexp reads differently from RE2: Go has no \C (any byte) and names groups
// (?<name>...) as well as (?P<name>...). Returns the pattern for RE2, or Go's error.
std::optional<std::string> to_re2_syntax(std::string_view pattern, std::string& error) {
  std::string out;
  out.reserve(pattern.size());
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '\\' && i + 1 < pattern.size()) {
      const char next = pattern[i + 1];
      if (next == 'Q') {
        // Literal text up to \E: copied as it is.
        const std::size_t end = pattern.find("\\E", i + 2);
        const std::size_t stop = end == std::string_view::npos ? pattern.size() : end + 2;
        out.append(pattern.substr(i, stop - i));
        i = stop - 1;
        continue;
      }
      if (next == 'C') {
        error = go_parse_error("invalid escape sequence", "\\C");
        return std::nullopt;
      }
      out.push_back(c);
      out.push_back(next);
      ++i;
      continue;
    }
    if (c == '(' && pattern.substr(i, 3) == "(?<" && pattern.substr(i, 4) != "(?<=" && pattern.substr(i, 4) != "(?<!") {
      out.append("(?P<");
      i += 2;
      continue;
    }
    out.push_back(c);
  }
  return out;
}

}  // namespace

const re2::RE2* cached_regex(std::string_view pattern, std::string& error) {
  // Per thread, so that no lock is taken; bounded, dropping the oldest pattern.
  struct Cache {
    std::unordered_map<std::string, std::unique_ptr<re2::RE2>> map;
    std::list<std::string> order;
  };
  thread_local Cache cache;
  auto it = cache.map.find(std::string(pattern));
  if (it != cache.map.end()) return it->second.get();
  const std::optional<std::string> syntax = to_re2_syntax(pattern, error);
  if (!syntax) return nullptr;
  re2::RE2::Options opts;
  opts.set_log_errors(false);
  auto re = std::make_unique<re2::RE2>(re2::StringPiece(syntax->data(), syntax->size()), opts);
  if (!re->ok()) {
    error = go_parse_error(go_error_code(re->error_code()), re->error_arg());
    return nullptr;
  }
  if (cache.order.size() >= 64) {
    cache.map.erase(cache.order.front());
    cache.order.pop_front();
  }
  cache.order.emplace_back(pattern);
  return cache.map.emplace(std::string(pattern), std::move(re)).first->second.get();
}

namespace {

using Args = std::span<const Value>;

re2::StringPiece piece(std::string_view s) { return re2::StringPiece(s.data(), s.size()); }

// Up to max matches of the whole pattern, left to right, as Go's FindAllString.
std::vector<std::string> find_all(const re2::RE2& re, std::string_view text, std::int64_t max) {
  std::vector<std::string> out;
  re2::StringPiece input = piece(text);
  std::size_t pos = 0;
  std::ptrdiff_t prev_end = -1;
  while (pos <= text.size() && (max < 0 || static_cast<std::int64_t>(out.size()) < max)) {
    re2::StringPiece m;
    if (!re.Match(input, pos, text.size(), re2::RE2::UNANCHORED, &m, 1)) break;
    std::size_t start = static_cast<std::size_t>(m.data() - text.data());
    std::size_t end = start + m.size();
    if (m.size() == 0 && static_cast<std::ptrdiff_t>(start) == prev_end) {
      // An empty match right after the previous match is skipped, as Go does.
      if (start >= text.size()) break;
      pos = start + 1;
      while (pos < text.size() && (static_cast<unsigned char>(text[pos]) & 0xC0) == 0x80) ++pos;
      continue;
    }
    out.emplace_back(m.data(), m.size());
    prev_end = static_cast<std::ptrdiff_t>(end);
    if (m.size() == 0) {
      pos = end + 1;
      while (pos < text.size() && (static_cast<unsigned char>(text[pos]) & 0xC0) == 0x80) ++pos;
    } else {
      pos = end;
    }
  }
  return out;
}

}  // namespace

std::uint64_t regex_cost(std::span<const Value> a) {
  return ceil_cost(1 + actual_size(a[0]), 0.1) * ceil_cost(actual_size(a[1]), 0.25);
}

void add_regex_library(Env& env) {
  env.add_function("find", {own_cost(make_overload("string_find_string", {T("string"), T("string")}, T("string"),
                                          [](Args a, EvalContext& c) {
                                            if (!c.add_cost(regex_cost(a))) return cost_limit_error();
                                            std::string err;
                                            const re2::RE2* re = cached_regex(a[1].as_string(), err);
                                            if (!re) return Value::error("Illegal regex: " + err);
                                            re2::StringPiece m;
                                            re2::StringPiece in = piece(a[0].as_string());
                                            if (!re->Match(in, 0, in.size(), re2::RE2::UNANCHORED, &m, 1))
                                              return Value::string("");
                                            return Value::string(std::string(m.data(), m.size()));
                                          },
                                          true))});
  Impl all = [](Args a, EvalContext& c) {
    if (!c.add_cost(regex_cost(a))) return cost_limit_error();
    std::string err;
    const re2::RE2* re = cached_regex(a[1].as_string(), err);
    if (!re) return Value::error("Illegal regex: " + err);
    std::int64_t max = a.size() > 2 ? a[2].as_int() : -1;
    std::vector<Value> out;
    for (auto& s : find_all(*re, a[0].as_string(), max)) out.push_back(Value::string(std::move(s)));
    return Value::list(std::move(out));
  };
  env.add_function("findAll", {
      own_cost(make_overload("string_find_all_string", {T("string"), T("string")}, Type::list(T("string")), all, true)),
      own_cost(make_overload("string_find_all_string_int", {T("string"), T("string"), T("int")},
                             Type::list(T("string")), all, true)),
  });
}

}  // namespace podfit::cel
