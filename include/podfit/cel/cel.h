// The Common Expression Language (CEL), as kube-scheduler's Dynamic Resource Allocation uses
// it through cel-go: parse and check once against an environment, evaluate many times.
//
//   podfit::cel::Env env;                       // the standard library
//   podfit::cel::enable_kubernetes_libraries(env);
//   env.add_variable("device", Type::map(Type::string(), Type::dyn()));
//   auto compiled = env.compile("device.driver == 'gpu.example.com'");
//   if (!compiled.ok()) print(compiled.error);  // cel-go's text, with source line and caret
//   auto r = compiled.program->evaluate(activation);
//
// Nothing here throws: failures are values (CompileResult::error, an Error Value).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/cel/value.h"

namespace podfit::cel {

// Supplies the variables of one evaluation. resolve() is called lazily, once per variable
// reference evaluated, so hosts can hand out borrowed views of their own data.
class Activation {
 public:
  virtual ~Activation() = default;
  virtual std::optional<Value> resolve(std::string_view name) const = 0;
};

// An activation from a list of name/value pairs (tests, small hosts).
class MapActivation : public Activation {
 public:
  void bind(std::string name, Value v) { vars_.emplace_back(std::move(name), std::move(v)); }
  std::optional<Value> resolve(std::string_view name) const override;

 private:
  std::vector<std::pair<std::string, Value>> vars_;
};

// What an evaluation may count against its cost limit; functions with a size-dependent cost
// add to it through EvalContext::add_cost.
class EvalContext {
 public:
  // Adds run-time cost; false (and the evaluation stops with kube's cost error) past the limit.
  bool add_cost(std::uint64_t c) { cost_ += c; return cost_ <= limit_; }
  std::uint64_t cost() const { return cost_; }
  std::uint64_t limit() const { return limit_; }
  // Whether the type checker resolved the running call to the one overload being run: cel-go
  // prices a call by its overload id only then (a call on dyn arguments costs one unit).
  bool overload_resolved() const { return resolved_; }
  void set_overload_resolved(bool r) { resolved_ = r; }
  explicit EvalContext(std::uint64_t limit) : limit_(limit) {}

 private:
  std::uint64_t cost_ = 0;
  std::uint64_t limit_;
  bool resolved_ = false;
};

// A function implementation: arguments (receiver first for member overloads) already
// evaluated, never errors (errors propagate before the call unless the overload is non-strict).
using Impl = std::function<Value(std::span<const Value> args, EvalContext& ctx)>;

// One signature of a function: what the checker matches and what runs.
struct Overload {
  std::string id;              // unique within the environment, e.g. "add_int64"
  std::vector<Type> params;    // receiver first for member overloads
  Type result;
  Impl impl;
  bool member = false;         // called as receiver.fn(args)
  bool non_strict = false;     // receives error arguments instead of propagating them
  // The implementation charges the call's whole cost through EvalContext::add_cost instead of
  // the evaluator's one unit (Kubernetes' cost.go prices some calls by their arguments alone).
  bool own_cost = false;
  // Runs on arguments of any kind, the implementation checking them itself (cel-go's
  // DisableTypeGuards and single-binding functions with their own error texts).
  bool unguarded = false;
};

// An overload from its signature and implementation, the other flags left off.
Overload make_overload(std::string id, std::vector<Type> params, Type result, Impl impl, bool member = false);

// Limits that keep hostile expressions from exhausting the stack, memory or time.
struct Limits {
  std::size_t max_expression_length = 100000;  // characters of source
  int max_recursion_depth = 250;               // parser nesting, as cel-go's default
  std::size_t max_expression_nodes = 100000;
  std::size_t max_tree_depth = 1000;           // keeps checking and evaluation off deep stacks
  std::uint64_t cost_limit = UINT64_MAX;       // run-time cost (cel-go's cost units)
};

class Program;

struct CompileResult {
  std::shared_ptr<const Program> program;  // null on error
  std::string error;                       // cel-go's formatted issues, one per "ERROR:" line
  // The expression checked, but cel-go's planner refused it: `error` is then the planner's
  // message alone (a constant conversion that fails, "type conversion error from ...").
  bool instantiation_failed = false;
  bool ok() const { return program != nullptr; }
};

struct EvalResult {
  Value value;               // an Error value on evaluation failure
  std::uint64_t cost = 0;    // the run-time cost counted
};

// Declarations (variables, functions, types) and options. Copyable: extend a copy to derive a
// narrower environment.
class Env {
 public:
  Env();  // the standard library and macros
  ~Env();
  Env(const Env&);
  Env& operator=(const Env&);

  void add_variable(std::string name, Type type);
  // Adds overloads to a function, creating it if new. Returns an error text when an overload
  // id is taken; the environment is then unchanged.
  std::optional<std::string> add_function(std::string name, std::vector<Overload> overloads);
  // Declares a type name so that `type(x) == name` and declarations can refer to it.
  void add_type(std::string name, Type type);
  // Declares an object type with named fields (Kubernetes' kubernetes.DRADevice): the checker
  // knows each field's type and rejects unknown fields; at run time such objects are maps
  // (MapValue) keyed by field name. Returns the type, an opaque type of that name.
  Type add_object_type(std::string name, std::vector<std::pair<std::string, Type>> fields);
  // cel-go's HomogeneousAggregateLiterals, which Kubernetes sets: a list or map literal whose
  // elements differ in type ([1, 'a'], [1, dyn(2)]) is a compile error, except inside
  // format()'s arguments.
  void set_homogeneous_literals(bool on);
  // cel-go's OptOptimize, which Kubernetes' programs run with: list and map literals of
  // constants are folded when planned, so evaluating them costs nothing.
  void set_constant_folding(bool on);
  // cel-go's literal validators, which Kubernetes sets: a constant argument of duration(),
  // timestamp() or matches() that is invalid is a compile error ("invalid duration argument").
  void set_literal_validation(bool on);
  // cel-go's container: qualified names are resolved relative to it.
  void set_container(std::string container);
  Limits& limits();
  const Limits& limits() const;
  // Parses, checks against the declarations and plans the expression.
  CompileResult compile(std::string_view source) const;
  // Parses and plans without type checking: undeclared identifiers resolve at run time.
  CompileResult compile_unchecked(std::string_view source) const;

  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  friend Impl& mutable_impl(Env& env);
  std::unique_ptr<Impl> impl_;
};

// A compiled expression; evaluate() is const and may run on several threads at once.
class Program {
 public:
  struct Impl;
  explicit Program(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  // The checked result type (dyn when compiled unchecked).
  Type result_type() const;
  // Evaluates against the activation. The result may refer to the program's constants and to
  // host data the activation handed out: keep both alive while using it.
  EvalResult evaluate(const Activation& activation) const;

 private:
  std::shared_ptr<const Impl> impl_;
};

// Libraries, each added to an environment by its own function.
// cel-go ext.Strings at a version (Kubernetes: 0 before 1.29, 2 since): charAt, indexOf, split,
// join ...; format and strings.quote from 1, reverse from 3.
void add_strings_library(Env& env, std::uint32_t version = 2);
// Kubernetes' lists at a version: isSorted, sum, min, max, indexOf, lastIndexOf; includes from 1.
void add_lists_library(Env& env, std::uint32_t version = 1);
// cel-go ext.Lists at a version (Kubernetes: 3): slice; flatten from 1; sort, sortBy,
// lists.range, reverse, distinct from 2; their run-time costs from 3.
void add_ext_lists_library(Env& env, std::uint32_t version = 3);
void add_regex_library(Env& env);      // Kubernetes: find, findAll (matches is standard)
void add_sets_library(Env& env);       // cel-go ext.Sets: sets.contains, equivalent, intersects
void add_optional_library(Env& env);   // cel-go optional types: optional.of, .value() ...
void add_bind_library(Env& env);       // cel-go ext.Bindings: cel.bind
// Kubernetes' semver library at a version: semver(), isSemver, major ... compareTo; the
// normalizing semver(s, true) and isSemver(s, true) from 1.
void add_semver_library(Env& env, std::uint32_t version = 1);
void add_urls_library(Env& env);       // Kubernetes: url(), isURL, getScheme ... getQuery
void add_ip_library(Env& env);         // Kubernetes: ip(), isIP, ip.isCanonical, family ...
void add_cidr_library(Env& env);       // Kubernetes: cidr(), isCIDR, containsIP, containsCIDR ...
void add_format_library(Env& env);     // Kubernetes: format.named(), format.dns1123Label() ... validate
// A kubernetes.Semver value from strict semver text (a device's version attribute), or an
// Error value with the parser's message.
Value semver_value(std::string_view text);

// A Kubernetes minor release: Kubernetes' CEL base environment adds libraries at releases.
struct KubeVersion {
  int major = 1;
  int minor = 0;
  friend constexpr auto operator<=>(const KubeVersion&, const KubeVersion&) = default;
};
// The release podfit follows.
inline constexpr KubeVersion kKubernetesRelease{1, 37};
// The compatibility version a kKubernetesRelease API server compiles new expressions at
// (environment.DefaultCompatibilityVersion: the binary's minor release less one).
inline constexpr KubeVersion kDefaultCompatibilityVersion{1, 36};

// Kubernetes' base environment (k8s.io/apiserver's environment.MustBaseEnvSet) plus what the DRA
// environment adds, at a version: only what was introduced at or before it and not yet replaced.
// New expressions compile at the API server's compatibility version (its release less one);
// stored ones, and every expression kube-scheduler evaluates, at the release itself, as every
// release's code lists only what it introduced by then. Homogeneous literals and the URLs,
// regex, lists (version 0 until 1.37, then 1) and strings (version 0, then 2 from 1.29)
// libraries since 1.0; optional types 1.28; literal validation and sets 1.29; IP and CIDR 1.30;
// format, cel.bind and semver (version 0, DRA's) 1.31; two-variable comprehensions 1.32;
// semver version 1 (normalization) 1.33; ext.Lists 1.34.
void enable_kubernetes_libraries(Env& env, KubeVersion version);
// The same environment as stored expressions compile in it: every library of the newest release.
void enable_kubernetes_libraries(Env& env);

// Kubernetes' bounds on a DRA device selector (resource.k8s.io CELSelectorExpressionMaxCost
// and CELSelectorExpressionMaxLength): hosts set them as Limits::cost_limit and
// Limits::max_expression_length.
inline constexpr std::uint64_t kDRASelectorMaxCost = 1000000;
inline constexpr std::size_t kDRASelectorMaxLength = 10 * 1024;

// The error text of cel-go when an evaluation passes its cost limit.
inline constexpr std::string_view kCostLimitError = "operation cancelled: actual cost limit exceeded";

}  // namespace podfit::cel
