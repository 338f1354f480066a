// The environment and compilation: parse, check, plan; the program's evaluate().
#include <array>

#include <algorithm>

#include "checker.h"
#include "eval.h"
#include "internal.h"
#include "parser.h"
#include "validators.h"

namespace podfit::cel {

std::optional<Value> MapActivation::resolve(std::string_view name) const {
  for (const auto& [n, v] : vars_)
    if (n == name) return v;
  return std::nullopt;
}

bool value_matches(const Type& t, const Value& v) {
  switch (t.kind()) {
    case Type::K::Dyn:
    case Type::K::Param: return true;
    case Type::K::Null: return v.kind() == Kind::Null;
    case Type::K::Bool: return v.kind() == Kind::Bool;
    case Type::K::Int: return v.kind() == Kind::Int;
    case Type::K::Uint: return v.kind() == Kind::Uint;
    case Type::K::Double: return v.kind() == Kind::Double;
    case Type::K::String: return v.kind() == Kind::String;
    case Type::K::Bytes: return v.kind() == Kind::Bytes;
    // cel-go looks at a list's first element, a map's first entry, to pick an overload.
    case Type::K::List:
      return v.kind() == Kind::List && (v.as_list().size() == 0 || value_matches(t.params()[0], v.as_list().get(0)));
    case Type::K::Map: {
      if (v.kind() != Kind::Map) return false;
      const MapValue& m = v.as_map();
      if (m.size() == 0) return true;
      const Value k = m.key_at(0);
      const auto e = m.find(k);
      return value_matches(t.params()[0], k) && e && value_matches(t.params()[1], *e);
    }
    case Type::K::TypeT: return v.kind() == Kind::Type;
    case Type::K::Optional: return v.kind() == Kind::Optional;
    case Type::K::Opaque: return v.kind() == Kind::Opaque && v.type_name() == t.name();
    case Type::K::Error: return false;
  }
  return false;
}

Value no_such_overload(std::string_view fn, std::span<const Value> args) {
  std::string s = "no such overload: " + std::string(fn) + "(";
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (i) s += ", ";
    s += args[i].type_name();
  }
  return Value::error(s + ")");
}

Value no_matching_overload(std::string_view fn, std::span<const Value> args) {
  std::string s = "no matching overload for '" + std::string(fn) + "' applied to '(";
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (i) s += ", ";
    s += args[i].type_name();
  }
  return Value::error(s + ")'");
}

std::vector<std::string> container_candidates(std::string_view container, std::string_view name) {
  std::vector<std::string> out;
  if (!name.empty() && name[0] == '.') {
    out.emplace_back(name.substr(1));
    return out;
  }
  std::string c(container);
  while (!c.empty()) {
    out.push_back(c + "." + std::string(name));
    auto dot = c.rfind('.');
    if (dot == std::string::npos) break;
    c.resize(dot);
  }
  out.emplace_back(name);
  return out;
}

Overload make_overload(std::string id, std::vector<Type> params, Type result, Impl impl, bool member) {
  Overload o;
  o.id = std::move(id);
  o.params = std::move(params);
  o.result = std::move(result);
  o.impl = std::move(impl);
  o.member = member;
  return o;
}

Env::Env() : impl_(std::make_unique<Impl>()) {
  impl_->functions = std::make_shared<FunctionTable>();
  for (const char* t : {"int", "uint", "double", "bool", "string", "bytes", "null_type", "list", "map", "type"}) {
    auto parsed = Type::parse(t);
    if (std::string_view(t) == "list") parsed = Type::list(Type::dyn());
    if (std::string_view(t) == "map") parsed = Type::map(Type::dyn(), Type::dyn());
    if (std::string_view(t) == "type") parsed = Type::type_of(Type::dyn());
    impl_->types.emplace(t, *parsed);
  }
  add_standard_library(*this);
}
Env::~Env() = default;
Env::Env(const Env& o) : impl_(std::make_unique<Impl>(*o.impl_)) {}
Env& Env::operator=(const Env& o) {
  if (this != &o) impl_ = std::make_unique<Impl>(*o.impl_);
  return *this;
}

void Env::add_variable(std::string name, Type type) { impl_->variables[std::move(name)] = std::move(type); }

std::optional<std::string> Env::add_function(std::string name, std::vector<Overload> overloads) {
  for (const auto& o : overloads) {
    for (const auto& [n, d] : *impl_->functions)
      for (const auto& existing : d.overloads)
        if (existing.id == o.id) return "overload id already declared: " + o.id;
  }
  if (impl_->functions.use_count() > 1) impl_->functions = std::make_shared<FunctionTable>(*impl_->functions);
  auto& d = (*impl_->functions)[name];
  d.name = name;
  for (auto& o : overloads) d.overloads.push_back(std::move(o));
  return std::nullopt;
}

void Env::add_type(std::string name, Type type) { impl_->types[std::move(name)] = std::move(type); }
Type Env::add_object_type(std::string name, std::vector<std::pair<std::string, Type>> fields) {
  Type t = Type::opaque(name);
  auto& table = impl_->object_fields[name];
  table.clear();
  for (auto& [f, ft] : fields) table[std::move(f)] = std::move(ft);
  impl_->types[std::move(name)] = t;
  return t;
}

void Env::set_homogeneous_literals(bool on) { impl_->homogeneous_literals = on; }
void Env::set_constant_folding(bool on) { impl_->constant_folding = on; }
void Env::set_literal_validation(bool on) { impl_->validate_literals = on; }
void Env::set_container(std::string container) { impl_->container = std::move(container); }
Limits& Env::limits() { return impl_->limits; }
const Limits& Env::limits() const { return impl_->limits; }

namespace {

bool is_declared_function(const FunctionTable& fns, const std::string& name, bool member) {
  auto it = fns.find(name);
  if (it == fns.end()) return false;
  for (const auto& o : it->second.overloads)
    if (o.member == member) return true;
  return false;
}

// The dotted name of an Ident/Select chain ("a.b.c"), or empty.
std::string qualified_name(const Expr& e) {
  if (e.kind == Expr::K::Ident) return e.name;
  if (e.kind == Expr::K::Select && !e.test_only && !e.optional) {
    std::string t = qualified_name(*e.target);
    if (t.empty()) return t;
    return t + "." + e.name;
  }
  return {};
}

class Planner {
 public:
  Planner(const Env::Impl& env, bool checked, std::vector<Issue>& issues)
      : env_(env), fns_(*env.functions), checked_(checked), issues_(issues) {}

  // cel-go's program instantiation error: a type conversion of a constant that fails when the
  // optimizer folds it ("type conversion error from 'string' to 'int'").
  std::string instantiation_error;

  void plan(Expr& e, std::vector<std::string>& scope) {
    switch (e.kind) {
      case Expr::K::Const:
        // Text constants are handed out as views of the program's copy: no reference
        // counting per evaluation.
        if (e.constant.kind() == Kind::String || e.constant.kind() == Kind::Bytes) {
          e.folded = e.constant;
          e.constant = e.constant.kind() == Kind::String ? Value::string_view(e.folded.as_string())
                                                         : Value::bytes_view(e.folded.as_string());
        }
        return;
      case Expr::K::Ident: return plan_ident(e, scope);
      case Expr::K::Select:
        if (!checked_ && !e.test_only && !e.optional) {
          std::string q = qualified_name(e);
          if (!q.empty()) {
            std::string root = q.substr(0, q.find('.'));
            bool local = false;
            for (const auto& s : scope) local = local || s == root;
            if (!local) {
              // A qualified type name (kubernetes.Semver) unless a variable claims the name.
              for (const auto& c : container_candidates(env_.container, q)) {
                auto t = env_.types.find(c);
                if (t == env_.types.end() || env_.variables.count(root)) continue;
                e.kind = Expr::K::Ident;
                e.name = c;
                e.target.reset();
                e.is_type_ident = true;
                e.folded = Value::type(t->first);
                return;
              }
              e.qualified = container_candidates(env_.container, q);
            }
          }
        }
        plan(*e.target, scope);
        return;
      case Expr::K::Call: return plan_call(e, scope);
      case Expr::K::List:
      case Expr::K::Map: {
        bool constant = std::none_of(e.optional_entries.begin(), e.optional_entries.end(), [](bool b) { return b; });
        for (auto& a : e.args) {
          plan(*a, scope);
          constant = constant && (a->kind == Expr::K::Const || a->constant_literal);
        }
        e.constant_literal = constant && env_.constant_folding;
        return;
      }
      case Expr::K::Struct:
        issues_.push_back({e.offset, "undeclared reference to '" + e.name + "' (in container '" + env_.container + "')"});
        return;
      case Expr::K::Comprehension:
        plan(*e.iter_range, scope);
        plan(*e.accu_init, scope);
        scope.push_back(e.accu_var);
        scope.push_back(e.iter_var);
        scope.push_back(e.iter_var2);
        plan(*e.loop_cond, scope);
        plan(*e.loop_step, scope);
        scope.pop_back();
        scope.pop_back();
        plan(*e.result, scope);
        scope.pop_back();
        return;
    }
  }

 private:
  const Env::Impl& env_;
  const FunctionTable& fns_;
  bool checked_;
  std::vector<Issue>& issues_;

  void plan_ident(Expr& e, const std::vector<std::string>& scope) {
    if (!e.name.empty() && e.name[0] == '.') {
      e.root_scope = true;
    } else {
      for (const auto& s : scope)
        if (s == e.name) return;
    }
    if (checked_) {
      if (e.is_type_ident) return;
    }
    auto cands = container_candidates(env_.container, e.name);
    if (!checked_) {
      // A declared variable wins over a type name.
      for (const auto& c : cands)
        if (env_.variables.count(c)) {
          e.name = c;
          return;
        }
      for (const auto& c : cands) {
        auto t = env_.types.find(c);
        if (t != env_.types.end()) {
          e.is_type_ident = true;
          e.folded = Value::type(t->first);
          return;
        }
      }
      e.name = cands.front();
      e.alternatives.assign(cands.begin() + 1, cands.end());
    }
  }

  void plan_call(Expr& e, std::vector<std::string>& scope) {
    // A member-style call on a qualified name may be a namespaced global (sets.contains).
    if (e.target && !e.resolved_global) {
      std::string q = qualified_name(*e.target);
      if (!q.empty()) {
        std::string root = q.substr(0, q.find('.'));
        bool local = false;
        for (const auto& s : scope) local = local || s == root;
        if (!local && !env_.variables.count(root)) {
          for (const auto& c : container_candidates(env_.container, q + "." + e.name)) {
            if (is_declared_function(fns_, c, false)) {
              e.name = c;
              e.target.reset();
              e.resolved_global = false;
              break;
            }
          }
        }
      }
    } else if (!e.target) {
      // Global function names resolve inside the container too.
      if (!fns_.count(e.name)) {
        for (const auto& c : container_candidates(env_.container, e.name))
          if (fns_.count(c)) {
            e.name = c;
            break;
          }
      }
    }
    if (e.target) plan(*e.target, scope);
    for (auto& a : e.args) plan(*a, scope);
    const std::string& n = e.name;
    bool member = e.target != nullptr;
    if (!member) {
      if (n == "_&&_") e.special = Special::And;
      else if (n == "_||_") e.special = Special::Or;
      else if (n == "_?_:_") e.special = Special::Ternary;
      else if (n == "@not_strictly_false") e.special = Special::NotStrictlyFalse;
      else if (n == "_[_]") e.special = Special::Index;
      else if (n == "_[?_]") e.special = Special::OptIndex;
      if (e.special != Special::None) return;
    } else if ((n == "or" || n == "orValue") && e.args.size() == 1 && env_.optional_syntax) {
      e.special = n == "or" ? Special::OptionalOr : Special::OptionalOrValue;
      return;
    }
    if (!e.overloads.empty()) {
      for (const Overload* o : e.overloads) e.non_strict = e.non_strict || o->non_strict;
      fold_constant_conversion(e);
      return;
    }
    auto it = fns_.find(n);
    std::size_t arity = e.args.size() + (member ? 1 : 0);
    if (it != fns_.end()) {
      for (const auto& o : it->second.overloads) {
        if (o.member != member || o.params.size() != arity) continue;
        e.overloads.push_back(&o);
        e.non_strict = e.non_strict || o.non_strict;
      }
    }
    // Unchecked, an unknown function is an error only if it is evaluated (as in cel-spec).
    fold_constant_conversion(e);
  }

  static bool is_type_conversion(std::string_view name) {
    static constexpr std::string_view kConversions[] = {"bool", "bytes",     "double", "duration", "dyn",
                                                        "int",  "string",    "timestamp", "type", "uint"};
    return std::find(std::begin(kConversions), std::end(kConversions), name) != std::end(kConversions);
  }

  // OptOptimize evaluates a conversion of one constant once, when the program is planned: the
  // result is a constant (costing nothing), and an error fails the program.
  void fold_constant_conversion(Expr& e) {
    if (!env_.constant_folding || e.target || e.args.size() != 1 || !is_type_conversion(e.name)) return;
    const Expr& arg = *e.args[0];
    if (arg.kind != Expr::K::Const && !arg.constant_literal) return;
    MapActivation none;
    Value v = evaluate_expr(e, none, UINT64_MAX).value;
    if (v.is_error()) {
      if (instantiation_error.empty()) instantiation_error = std::string(v.as_string());
      return;
    }
    e.kind = Expr::K::Const;
    e.args.clear();
    e.overloads.clear();
    e.folded = v;
    e.constant = std::move(v);
  }
};

ParseOptions parse_options(const Env::Impl& env) {
  ParseOptions po;
  po.max_recursion_depth = env.limits.max_recursion_depth;
  po.max_expression_length = env.limits.max_expression_length;
  po.max_nodes = env.limits.max_expression_nodes;
  po.max_ast_depth = env.limits.max_tree_depth;
  po.bind_macro = env.bind_macro;
  po.optional_syntax = env.optional_syntax;
  po.two_var_comprehensions = env.two_var_comprehensions;
  po.sort_by_macro = env.sort_by_macro;
  po.escaped_identifier_token = env.escaped_identifier_token;
  po.escaped_identifiers = env.escaped_identifiers;
  po.syntax_errors_formatted = env.syntax_errors_formatted;
  return po;
}

CompileResult compile_impl(const Env::Impl& env, std::string_view source, bool check) {
  CompileResult out;
  try {
    auto prog = std::make_shared<Program::Impl>();
    prog->source = std::string(source);
    prog->functions = env.functions;
    prog->cost_limit = env.limits.cost_limit;
    ParseResult pr = parse(prog->source, parse_options(env));
    if (!pr.issues.empty()) {
      out.error = format_issues(prog->source, pr.issues, pr.truncated);
      return out;
    }
    prog->expr = std::move(pr.expr);
    std::vector<Issue> issues;
    if (check) {
      prog->result_type = check_expr(*prog->expr, env, issues);
      if (issues.empty()) validate_checked(*prog->expr, env, issues);
      prog->checked = true;
      if (!issues.empty()) {
        out.error = format_issues(prog->source, issues);
        return out;
      }
    }
    Planner planner(env, check, issues);
    std::vector<std::string> scope;
    planner.plan(*prog->expr, scope);
    if (!issues.empty()) {
      out.error = format_issues(prog->source, issues);
      return out;
    }
    if (!planner.instantiation_error.empty()) {
      out.error = std::move(planner.instantiation_error);
      out.instantiation_failed = true;
      return out;
    }
    out.program = std::make_shared<Program>(std::move(prog));
  } catch (const std::exception& ex) {
    out.program.reset();
    out.error = std::string("ERROR: <input>:1:1: internal error: ") + ex.what();
  }
  return out;
}

}  // namespace

CompileResult Env::compile(std::string_view source) const { return compile_impl(*impl_, source, true); }
CompileResult Env::compile_unchecked(std::string_view source) const { return compile_impl(*impl_, source, false); }

Type Program::result_type() const { return impl_->result_type; }

EvalResult Program::evaluate(const Activation& activation) const {
  return evaluate_expr(*impl_->expr, activation, impl_->cost_limit);
}

}  // namespace podfit::cel
