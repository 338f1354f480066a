// What the module's files share: the environment's tables, the program, helpers for function
// implementations.
#pragma once

#include <cmath>
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

// cel-go's "no matching overload for 'f' applied to '(int, string)'" for run-time dispatch.
Value no_matching_overload(std::string_view fn, std::span<const Value> args);

// Names a qualified name may denote inside a container, most specific first.
std::vector<std::string> container_candidates(std::string_view container, std::string_view name);

// Library registration helpers.
void add_standard_library(Env& env);
void add_time_library(Env& env);  // timestamps and durations, part of the standard library
Overload make_overload(std::string id, std::vector<Type> params, Type result, Impl impl, bool member = false);
inline Type T(std::string_view text) { return *Type::parse(text); }

// Counts code points of UTF-8 text.
std::size_t utf8_length(std::string_view s);
// Whether text is valid UTF-8.
bool utf8_valid(std::string_view s);

// A compiled RE2 regular expression for the pattern from a small per-thread cache; null with
// cel-go's error text when the pattern is invalid.
const re2::RE2* cached_regex(std::string_view pattern, std::string& error);

// Builds a Go-style shortest text for a double ("1e+06", "0.5", "NaN", "+Inf").
std::string format_double(double d);

// Kubernetes' cost.go price of traversing n units (code points, bytes of an address):
// ceil(n * 0.1), computed in doubles as Go does.
inline std::uint64_t traversal_cost(std::uint64_t n) {
  return static_cast<std::uint64_t>(std::ceil(static_cast<double>(n) * 0.1));
}
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
