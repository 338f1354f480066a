// CEL's parser: source text to an Expr tree with macros expanded, or cel-go-style issues.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ast.h"

namespace podfit::cel {

// The offset of an issue cel-go reports without a location (its NoLocation): the limits on
// the source's size and on the parser's nesting.
inline constexpr std::int32_t kNoLocation = -1;
// The offset of an expression cel-go's visitor makes of a parse-tree element that parsing left
// empty (its offset -1): line 1, column 0.
inline constexpr std::int32_t kBeforeStart = -2;

// One compile issue: a message at a byte offset of the source, or at kNoLocation.
struct Issue {
  std::int32_t offset = 0;
  std::string message;
};

struct ParseOptions {
  int max_recursion_depth = 250;
  std::size_t max_expression_length = 100000;
  std::size_t max_nodes = 100000;
  std::size_t max_ast_depth = 1000;  // bounds the recursion of checking and evaluation
  bool bind_macro = false;      // cel.bind(var, init, expr)
  bool optional_syntax = false; // .?f, [?k], {?k: v}, [?v], optMap, optFlatMap
  bool two_var_comprehensions = true;  // all(i, v, p), transformList(i, v, e) ...
  bool sort_by_macro = false;   // list.sortBy(e, key), cel-go's ext.Lists
  // What differs between the cel-go releases of Kubernetes' API servers:
  // backquoted names are tokens (cel-go v0.23 on, Kubernetes v1.33 on)...
  bool escaped_identifier_token = true;
  // ...and accepted (v0.29 on, Kubernetes v1.37 on; before, "unsupported syntax: '`'");
  bool escaped_identifiers = true;
  // cel-go v0.22 (Kubernetes v1.32) reads each syntax error as a format string ("%'" becomes
  // "%!'(MISSING)").
  bool syntax_errors_formatted = false;
};

struct ParseResult {
  ExprPtr expr;               // null when issues is not empty
  std::vector<Issue> issues;
  std::size_t truncated = 0;  // errors past the 100 cel-go reports, counted only
  std::int64_t next_id = 1;   // ids above every node's
};

ParseResult parse(std::string_view source, const ParseOptions& options);

// cel-go's rendering of issues, ordered by line and column: "ERROR: <input>:L:C: message" then
// the source line and a caret under the column, issues separated by newlines. An issue without
// a location prints as line -1, column 0; in an empty source, as line 1, column 0; neither shows
// a source line.
// `truncated` errors left out are counted on a last line ("3 more errors were truncated").
std::string format_issues(std::string_view source, const std::vector<Issue>& issues, std::size_t truncated = 0);

}  // namespace podfit::cel
