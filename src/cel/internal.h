// What the module's files share: the environment's tables, the program, helpers for function
// implementations.
#pragma once

#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "ast.h"
#include "podfit/cel/cel.h"

namespace re2 {
class RE2;
}

namespace podfit::cel {

namespace gonet {
struct Addr;
}

struct FunctionDecl {
  std::string name;
  std::vector<Overload> overloads;
};

// Function declarations, shared copy-on-write between environments and programs.
using FunctionTable = std::map<std::string, FunctionDecl, std::less<>>;

struct Env::Impl {
  std::map<std::string, Type, std::less<>> variables;
  // Shared with copies of the environment and with programs; copied before a change unless
  // this environment is its only holder.
  std::shared_ptr<FunctionTable> functions;
  std::map<std::string, Type, std::less<>> types;  // type names usable as values
  // Object types' fields: type name -> field name -> field type.
  std::map<std::string, std::map<std::string, Type, std::less<>>, std::less<>> object_fields;
  std::string container;
  Limits limits;
  bool bind_macro = false;
  bool homogeneous_literals = false;  // list and map literals of one element type (Kubernetes)
  bool validate_literals = false;     // constant duration/timestamp/regex arguments (Kubernetes)
  bool optional_syntax = false;
  bool two_var_comprehensions = true;  // all/exists/transformList ... with two variables
  bool sort_by_macro = false;          // cel-go ext.Lists' sortBy
  // The parser's cel-go release (ParseOptions).
  bool escaped_identifier_token = true;
  bool escaped_identifiers = true;
  bool syntax_errors_formatted = false;
  bool constant_folding = false;       // cel-go's OptOptimize: constant literals cost nothing
  int format_validation = 0;           // literal format() calls checked: 1 as strings versions 1-3 do
};

// The library functions' way to set parser options (macros, optional syntax).
inline Env::Impl& mutable_impl(Env& env) { return *env.impl_; }

struct Program::Impl {
  std::string source;
  ExprPtr expr;
  std::shared_ptr<const FunctionTable> functions;
  Type result_type;
  std::uint64_t cost_limit = UINT64_MAX;
  bool checked = false;
};

// -1, 0, 1 across int, uint and double; 2 when unordered (NaN).
int compare_numeric(const Value& a, const Value& b);
// The ordering operators' comparison: numbers across kinds, strings, bytes, bools; -1, 0, 1, or
// 2 when unordered.
int order_values(const Value& a, const Value& b);

// Whether a value may be passed where a parameter of type t is declared (kind level).
bool value_matches(const Type& t, const Value& v);

// "no matching overload for 'f' applied to '(int, string)'", for forms without a dispatch.
Value no_matching_overload(std::string_view fn, std::span<const Value> args);
// cel-go's run-time dispatch failure: "no such overload: f(int, string)".
Value no_such_overload(std::string_view fn, std::span<const Value> args);

// Names a qualified name may denote inside a container, most specific first.
std::vector<std::string> container_candidates(std::string_view container, std::string_view name);

// Library registration helpers.
void add_standard_library(Env& env);
void add_time_library(Env& env);  // timestamps and durations, part of the standard library
inline Type T(std::string_view text) { return *Type::parse(text); }

// Counts code points of UTF-8 text.
std::size_t utf8_length(std::string_view s);
// Whether text is valid UTF-8.
bool utf8_valid(std::string_view s);
// Appends a code point's UTF-8 encoding (string literal escapes, strings extension results).
void append_utf8(std::string& out, std::uint32_t code_point);

// The value a call returns past its cost limit; a priced call checks before its work, as the
// evaluation is cancelled whatever the call would have returned.
inline Value cost_limit_error() { return Value::error(std::string(kCostLimitError)); }

// The longest text one call builds. cel-go prices some calls by their operands, not their
// result (replace() of an empty string inserts between every character), so their text can
// outgrow any memory; podfit refuses it with this bound named.
inline constexpr std::size_t kMaxBuiltText = std::size_t{1} << 20;
inline std::string built_text_too_long_message(std::string_view function, double size) {
  return "operation cancelled: " + std::string(function) + "() would build a text of " +
         std::to_string(static_cast<unsigned long long>(size)) + " bytes, more than the " +
         std::to_string(kMaxBuiltText) + " podfit builds in one call";
}
inline Value built_text_too_long(std::string_view function, double size) {
  return Value::error(built_text_too_long_message(function, size));
}

// A list walked or built element by element that a sum of lists made longer than the bound.
inline Value list_too_long(std::string_view function, std::size_t size) {
  return Value::error("operation cancelled: " + std::string(function) + "() would walk a list of " + std::to_string(size) +
                      " elements, more than the " + std::to_string(kMaxBuiltText) + " podfit walks in one call");
}

// A Go regular expression compiled by RE2, from a small per-thread cache; null with Go's
// regexp.Compile error ("error parsing regexp: missing closing ): `a(`") when it is invalid.
const re2::RE2* cached_regex(std::string_view pattern, std::string& error);

// A map key as cel-go's errors print it (%v): text bare, numbers as Go writes them.
std::string key_text(const Value& k);

// Builds a Go-style shortest text for a double ("1e+06", "0.5", "NaN", "+Inf").
std::string format_double(double d);

// Kubernetes' cost.go price of traversing n units (code points, bytes of an address):
// ceil(n * 0.1), computed in doubles as Go does.
inline std::uint64_t traversal_cost(std::uint64_t n) {
  return static_cast<std::uint64_t>(std::ceil(static_cast<double>(n) * 0.1));
}
// cel-go's size of a value for its cost model: code points of a string, bytes, elements,
// entries, an optional's value, the bytes of a net.IP or net.CIDR prefix; 1 for the rest.
std::uint64_t actual_size(const Value& v);
// Kubernetes' cost.go traversalCost: a tenth of the bytes of text (truncated), the sum over a
// list's elements or a map's keys and values, 1 for anything else. The sum stops once it
// passes stop_at; nullopt when the walk passes kMaxBuiltText elements (a sum of lists can hold
// more than memory, and cel-go would walk them all).
std::optional<std::uint64_t> kube_traversal_cost(const Value& v, std::uint64_t stop_at);
// The cost a call may still add before its evaluation passes the limit.
inline std::uint64_t cost_left(const EvalContext& c) { return c.cost() < c.limit() ? c.limit() - c.cost() : 0; }
// ceil(n * factor) in doubles, as cel-go prices traversals of n units.
inline std::uint64_t ceil_cost(std::uint64_t n, double factor) {
  return static_cast<std::uint64_t>(std::ceil(static_cast<double>(n) * factor));
}
// The price of matching a regular expression: ceil(0.1 * (1 + code points of the text)) times
// ceil(0.25 * code points of the pattern), as cel-go and cost.go charge matches, find, findAll.
std::uint64_t regex_cost(std::span<const Value> args);
// Go's uint64(f) on amd64, where Kubernetes runs: negative values wrap through int64.
std::uint64_t go_float_to_uint(double f);

// cel-go's Compare between two values: -1, 0, 1, or 2 when it errs (different kinds that are
// not both numbers, NaN, kinds without an ordering).
int cel_compare(const Value& a, const Value& b);
// Whether the value has an ordering (cel-go's traits.Comparer): numbers, bool, string, bytes,
// timestamp, duration.
bool is_comparable(const Value& v);
// cel-go's run-time type names of values in error texts ("list(dyn)", "map(dyn, dyn)").
std::string runtime_type_text(const Value& v);

// Go's sort.Slice (pattern-defeating quicksort) over n positions: the same calls to less and
// swap, so that equal keys end up in the order Kubernetes leaves them.
void go_sort_slice(std::size_t n, const std::function<bool(std::size_t, std::size_t)>& less,
                   const std::function<void(std::size_t, std::size_t)>& swap);

// Timestamps and durations for the libraries that order and add them (time.cpp).
bool is_timestamp(const Value& v);
bool is_duration(const Value& v);
// -1, 0, 1 for two timestamps or two durations; 2 otherwise.
int compare_times(const Value& a, const Value& b);
// cel-go's duration sum: "integer overflow" past int64 nanoseconds.
Value add_durations(const Value& a, const Value& b);
Value zero_duration();
// A timestamp's or duration's text as cel-go converts them to strings (RFC 3339 in UTC; "1.5s").
std::string time_text(const Value& v);

// The bytes of a net.CIDR's prefix, rounded up (its size in cost.go).
std::uint64_t cidr_size(const Value& v);

// The overload, marked as charging its whole cost itself.
inline Overload own_cost(Overload o) {
  o.own_cost = true;
  return o;
}

// net.IP values, made by the IP library and shared with the CIDR library.
inline constexpr std::string_view kIPType = "net.IP";
Value ip_value(const gonet::Addr& a);
const gonet::Addr& ip_addr(const Value& v);  // v is a net.IP
// ip()'s result for text: a net.IP, or the library's error.
Value string_to_ip(std::string_view s);

}  // namespace podfit::cel
