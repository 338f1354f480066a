// Type checking with type parameters unified through a substitution, as cel-go's checker does:
// generic overloads are instantiated with fresh parameters for every call.
#include "checker.h"

#include <map>

namespace podfit::cel {
namespace {

// `t` with its type parameters replaced by `ps` (same kind, same name).
Type with_params(const Type& t, std::vector<Type> ps) {
  using K = Type::K;
  switch (t.kind()) {
    case K::List: return Type::list(ps[0]);
    case K::Map: return Type::map(ps[0], ps[1]);
    case K::Optional: return Type::optional(ps[0]);
    case K::TypeT: return Type::type_of(ps[0]);
    default: return Type::opaque(std::string(t.name()), std::move(ps));
  }
}

using K = Type::K;

class Checker {
 public:
  Checker(const Env::Impl& env, std::vector<Issue>& issues) : env_(env), fns_(*env.functions), issues_(issues) {}

  Type run(Expr& e) {
    Type t = check(e);
    finalize(e);
    return substitute(t, true);
  }

 private:
  const Env::Impl& env_;
  const FunctionTable& fns_;
  std::vector<Issue>& issues_;
  std::map<std::string, Type> subst_;
  int fresh_ = 0;
  std::vector<std::pair<std::string, Type>> scope_;

  void error(const Expr& e, std::string msg) {
    if (issues_.size() < 100) issues_.push_back({e.offset, std::move(msg)});
  }

  Type fresh() { return Type::param("_var" + std::to_string(fresh_++)); }

  // Replaces bound parameters; unbound ones become dyn when final.
  Type substitute(const Type& t, bool final) {
    if (t.kind() == K::Param) {
      auto it = subst_.find(std::string(t.name()));
      if (it != subst_.end()) return substitute(it->second, final);
      return final ? Type::dyn() : t;
    }
    if (t.params().empty()) return t;
    std::vector<Type> ps;
    for (const auto& p : t.params()) ps.push_back(substitute(p, final));
    return with_params(t, std::move(ps));
  }

  bool occurs(const std::string& name, const Type& t) {
    if (t.kind() == K::Param) {
      if (t.name() == name) return true;
      auto it = subst_.find(std::string(t.name()));
      return it != subst_.end() && occurs(name, it->second);
    }
    for (const auto& p : t.params())
      if (occurs(name, p)) return true;
    return false;
  }

  // Whether a value of type b may be used where a is expected, binding parameters.
  bool assignable(const Type& a0, const Type& b0) {
    Type a = a0, b = b0;
    if (a.kind() == K::Param) {
      auto it = subst_.find(std::string(a.name()));
      if (it != subst_.end()) return assignable(it->second, b);
    }
    if (b.kind() == K::Param) {
      auto it = subst_.find(std::string(b.name()));
      if (it != subst_.end()) return assignable(a, it->second);
    }
    if (a.kind() == K::Param) {
      if (b.kind() == K::Param && a.name() == b.name()) return true;
      if (occurs(std::string(a.name()), b)) return false;
      subst_[std::string(a.name())] = b;
      return true;
    }
    if (b.kind() == K::Param) {
      if (occurs(std::string(b.name()), a)) return false;
      subst_[std::string(b.name())] = a;
      return true;
    }
    if (a.kind() == K::Dyn || b.kind() == K::Dyn || a.kind() == K::Error || b.kind() == K::Error) return true;
    if (a.kind() == K::Null && (b.kind() == K::Optional || b.kind() == K::Opaque)) return true;
    if (b.kind() == K::Null && (a.kind() == K::Optional || a.kind() == K::Opaque)) return true;
    if (a.kind() != b.kind()) return false;
    if (a.kind() == K::TypeT) return true;
    if (a.kind() == K::Opaque && a.name() != b.name()) return false;
    const auto& pa = a.params();
    const auto& pb = b.params();
    if (pa.size() != pb.size()) return a.kind() == K::TypeT;
    for (std::size_t i = 0; i < pa.size(); ++i)
      if (!assignable(pa[i], pb[i])) return false;
    return true;
  }

  // Tries an assignment without keeping bindings when it fails.
  bool try_assignable(const Type& a, const Type& b) {
    auto saved = subst_;
    if (assignable(a, b)) return true;
    subst_ = std::move(saved);
    return false;
  }

  // The element type of a literal so far joined with the next element's: dyn when they
  // differ. (Kubernetes' homogeneous literals are checked afterwards, in validators.cpp.)
  Type join(const Type& prev, const Type& next, const Expr&) {
    if (try_assignable(prev, next)) return most_general(substitute(prev, false), substitute(next, false));
    return Type::dyn();
  }

  // Of two assignable types, the one with dyn where the other is specific.
  static Type most_general(const Type& a, const Type& b) {
    if (a.kind() == K::Dyn || b.kind() == K::Dyn) return Type::dyn();
    if (b.kind() == K::Null) return a;
    if (a.kind() == K::Null) return b;
    if (a.kind() != b.kind() || a.params().size() != b.params().size() || a.params().empty()) return a;
    std::vector<Type> ps;
    for (std::size_t i = 0; i < a.params().size(); ++i) ps.push_back(most_general(a.params()[i], b.params()[i]));
    switch (a.kind()) {
      case K::List: return Type::list(ps[0]);
      case K::Map: return Type::map(ps[0], ps[1]);
      case K::Optional: return Type::optional(ps[0]);
      default: return a;
    }
  }

  // A generic signature with its parameters renamed apart.
  Type instantiate(const Type& t, std::map<std::string, Type>& renames) {
    if (t.kind() == K::Param) {
      auto it = renames.find(std::string(t.name()));
      if (it == renames.end()) it = renames.emplace(std::string(t.name()), fresh()).first;
      return it->second;
    }
    if (t.params().empty()) return t;
    std::vector<Type> ps;
    for (const auto& p : t.params()) ps.push_back(instantiate(p, renames));
    return with_params(t, std::move(ps));
  }

  const Type* local(const std::string& name) const {
    for (std::size_t i = scope_.size(); i-- > 0;)
      if (scope_[i].first == name) return &scope_[i].second;
    return nullptr;
  }

  // The variable a (possibly qualified) name denotes in the container, or nullopt.
  std::optional<std::pair<std::string, Type>> lookup_variable(const std::string& name) const {
    for (const auto& c : container_candidates(env_.container, name)) {
      auto it = env_.variables.find(c);
      if (it != env_.variables.end()) return std::make_pair(c, it->second);
    }
    return std::nullopt;
  }

  Type set(Expr& e, Type t) {
    e.type = t;
    return t;
  }

  Type check(Expr& e) {
    switch (e.kind) {
      case Expr::K::Const: return set(e, const_type(e.constant));
      case Expr::K::Ident: return check_ident(e);
      case Expr::K::Select: return check_select(e);
      case Expr::K::Call: return check_call(e);
      case Expr::K::List: {
        Type elem = fresh();
        bool first = true;
        for (std::size_t i = 0; i < e.args.size(); ++i) {
          Type t = check(*e.args[i]);
          if (i < e.optional_entries.size() && e.optional_entries[i]) t = optional_inner(*e.args[i], t);
          elem = first ? t : join(elem, t, *e.args[i]);
          first = false;
        }
        return set(e, Type::list(elem));
      }
      case Expr::K::Map: {
        Type key = fresh(), val = fresh();
        bool first = true;
        for (std::size_t i = 0; i + 1 < e.args.size(); i += 2) {
          Type kt = check(*e.args[i]);
          Type vt = check(*e.args[i + 1]);
          if (i / 2 < e.optional_entries.size() && e.optional_entries[i / 2]) vt = optional_inner(*e.args[i + 1], vt);
          key = first ? kt : join(key, kt, *e.args[i]);
          val = first ? vt : join(val, vt, *e.args[i + 1]);
          first = false;
        }
        return set(e, Type::map(key, val));
      }
      case Expr::K::Struct:
        for (std::size_t i = 1; i < e.args.size(); i += 2) check(*e.args[i]);
        error(e, "undeclared reference to '" + e.name + "' (in container '" + env_.container + "')");
        return set(e, Type::error());
      case Expr::K::Comprehension: return check_comprehension(e);
    }
    return Type::error();
  }

  Type optional_inner(const Expr& e, const Type& t) {
    Type inner = fresh();
    if (!try_assignable(Type::optional(inner), t)) {
      error(e, "expected type 'optional_type' but found '" + substitute(t, true).str() + "'");
      return Type::error();
    }
    return inner;
  }

  static Type const_type(const Value& v) {
    switch (v.kind()) {
      case Kind::Null: return Type::null();
      case Kind::Bool: return Type::boolean();
      case Kind::Int: return Type::int_();
      case Kind::Uint: return Type::uint();
      case Kind::Double: return Type::double_();
      case Kind::String: return Type::string();
      case Kind::Bytes: return Type::bytes();
      default: return Type::dyn();
    }
  }

  Type check_ident(Expr& e) {
    bool root = !e.name.empty() && e.name[0] == '.';
    e.root_scope = e.root_scope || root;
    if (!root)
      if (const Type* t = local(e.name)) return set(e, *t);
    if (auto v = lookup_variable(e.name)) {
      e.name = v->first;
      return set(e, v->second);
    }
    for (const auto& c : container_candidates(env_.container, e.name)) {
      auto it = env_.types.find(c);
      if (it != env_.types.end()) {
        e.is_type_ident = true;
        e.folded = Value::type(it->first);
        return set(e, Type::type_of(it->second));
      }
    }
    error(e, "undeclared reference to '" + e.name + "' (in container '" + env_.container + "')");
    return set(e, Type::error());
  }

  // a.b.c naming a declared variable "a.b.c" (or "a.b" then .c): rewritten to an identifier.
  bool resolve_qualified(Expr& e) {
    std::vector<Expr*> chain;
    Expr* p = &e;
    while (p->kind == Expr::K::Select && !p->test_only && !p->optional) {
      chain.push_back(p);
      p = p->target.get();
    }
    if (p->kind != Expr::K::Ident || local(p->name)) return false;
    // chain[0] is e (outermost); try the longest name first.
    for (std::size_t i = 0; i < chain.size(); ++i) {
      Expr* node = chain[i];
      std::string q = p->name;
      for (std::size_t j = chain.size(); j-- > i;) q += "." + chain[j]->name;
      if (auto v = lookup_variable(q)) {
        node->kind = Expr::K::Ident;
        node->name = v->first;
        node->target.reset();
        node->type = v->second;
        return true;
      }
      if (i == 0) {
        // The whole chain may name a type: kubernetes.Semver.
        for (const auto& c : container_candidates(env_.container, q)) {
          auto it = env_.types.find(c);
          if (it == env_.types.end()) continue;
          node->kind = Expr::K::Ident;
          node->name = c;
          node->target.reset();
          node->is_type_ident = true;
          node->folded = Value::type(it->first);
          node->type = Type::type_of(it->second);
          return true;
        }
      }
    }
    return false;
  }

  Type check_select(Expr& e) {
    if (!e.test_only && !e.optional && resolve_qualified(e)) {
      if (e.kind == Expr::K::Ident) return e.type;
      return check_select(e);
    }
    Type t = substitute(check(*e.target), false);
    Type field = field_type(e, t);
    if (e.test_only) return set(e, Type::boolean());
    if (e.optional && field.kind() != K::Optional) return set(e, Type::optional(field));
    return set(e, field);
  }

  Type field_type(Expr& e, const Type& t0) {
    Type t = t0;
    if (t.kind() == K::Optional) {
      // Selection through an optional is optional: x.?a.b has type optional(type of b).
      Type inner = field_type(e, substitute(t.params()[0], false));
      if (e.test_only || e.optional) return inner;
      return Type::optional(inner);
    }
    switch (t.kind()) {
      case K::Dyn:
      case K::Param: return Type::dyn();
      case K::Error: return Type::error();
      case K::Map:
        if (!try_assignable(t.params()[0], Type::string())) break;
        return t.params()[1];
      case K::Opaque: {
        auto obj = env_.object_fields.find(t.name());
        if (obj == env_.object_fields.end()) break;
        auto f = obj->second.find(e.name);
        if (f != obj->second.end()) return f->second;
        error(e, "undefined field '" + e.name + "'");
        return Type::error();
      }
      default: break;
    }
    error(e, "type '" + substitute(t, true).str() + "' does not support field selection");
    return Type::error();
  }

  std::string signature_text(const std::vector<Type>& args, bool member) {
    std::string s;
    std::size_t start = 0;
    if (member && !args.empty()) {
      s = substitute(args[0], true).str() + ".";
      start = 1;
    }
    s += "(";
    for (std::size_t i = start; i < args.size(); ++i) {
      if (i > start) s += ", ";
      s += substitute(args[i], true).str();
    }
    return s + ")";
  }

  // Namespaced globals written as member calls (sets.contains(...), optional.of(...)) become
  // global calls; global names resolve inside the container.
  [[gnu::noinline]] void resolve_function_name(Expr& e) {
    if (e.target) {
      std::string q;
      const Expr* p = e.target.get();
      std::vector<std::string> parts;
      while (p->kind == Expr::K::Select && !p->test_only && !p->optional) {
        parts.push_back(p->name);
        p = p->target.get();
      }
      if (p->kind == Expr::K::Ident && !local(p->name) && !lookup_variable(p->name)) {
        q = p->name;
        for (std::size_t i = parts.size(); i-- > 0;) q += "." + parts[i];
        for (const auto& c : container_candidates(env_.container, q + "." + e.name)) {
          auto it = fns_.find(c);
          if (it == fns_.end()) continue;
          bool global = false;
          for (const auto& o : it->second.overloads) global = global || !o.member;
          if (!global) continue;
          e.name = c;
          e.target.reset();
          break;
        }
      }
    } else if (!fns_.count(e.name)) {
      for (const auto& c : container_candidates(env_.container, e.name))
        if (fns_.count(c)) {
          e.name = c;
          break;
        }
    }
  }

  // Recursion passes through here once per call: the frame stays small, the overload
  // resolution has its own.
  Type check_call(Expr& e) {
    resolve_function_name(e);
    std::vector<Type> args;
    if (e.target) args.push_back(check(*e.target));
    for (auto& a : e.args) args.push_back(check(*a));
    return resolve_call(e, args);
  }

  [[gnu::noinline]] Type resolve_call(Expr& e, std::vector<Type>& args) {
    bool member = e.target != nullptr;
    const std::string& n = e.name;

    if (!member && n == "_[?_]") {
      Type c = substitute(args[0], false);
      if (c.kind() == K::Optional) c = substitute(c.params()[0], false);
      if (c.kind() == K::List) {
        if (!try_assignable(Type::int_(), args[1])) {
          error(e, "found no matching overload for '_[?_]' applied to '" + signature_text(args, false) + "'");
          return set(e, Type::error());
        }
        return set(e, Type::optional(c.params()[0]));
      }
      if (c.kind() == K::Map) {
        try_assignable(c.params()[0], args[1]);
        return set(e, Type::optional(c.params()[1]));
      }
      if (c.kind() == K::Dyn || c.kind() == K::Error || c.kind() == K::Param) return set(e, Type::optional(Type::dyn()));
      error(e, "found no matching overload for '_[?_]' applied to '" + signature_text(args, false) + "'");
      return set(e, Type::error());
    }
    if (member && (n == "or" || n == "orValue") && e.args.size() == 1 && env_.optional_syntax) {
      Type inner = fresh();
      if (try_assignable(Type::optional(inner), args[0])) {
        if (n == "or") {
          if (try_assignable(Type::optional(inner), args[1])) return set(e, substitute(Type::optional(inner), false));
        } else if (try_assignable(inner, args[1])) {
          return set(e, substitute(inner, false));
        }
      }
      error(e, "found no matching overload for '" + n + "' applied to '" + signature_text(args, true) + "'");
      return set(e, Type::error());
    }
    if (!member && n == "_[_]") {
      // Lists take int, uint or dyn indexes; maps their key type. Through an optional, the
      // result is optional.
      Type c = substitute(args[0], false);
      if (c.kind() == K::Optional) {
        c = substitute(c.params()[0], false);
        if (c.kind() == K::List) return set(e, Type::optional(c.params()[0]));
        if (c.kind() == K::Map) {
          try_assignable(c.params()[0], args[1]);
          return set(e, Type::optional(c.params()[1]));
        }
        return set(e, Type::optional(Type::dyn()));
      }
      if (c.kind() == K::List) {
        Type i = substitute(args[1], false);
        if (i.kind() == K::Int || i.kind() == K::Uint || i.kind() == K::Dyn || i.kind() == K::Error ||
            i.kind() == K::Param)
          return set(e, c.params()[0]);
      } else if (c.kind() == K::Map) {
        if (try_assignable(c.params()[0], args[1])) return set(e, c.params()[1]);
      } else if (c.kind() == K::Dyn) {
        // Only a map takes a key that is not an int: cel-go's map overload leaves its value a
        // type parameter, which the first overload that uses it binds.
        const K k = substitute(args[1], false).kind();
        if (k == K::Int || k == K::Dyn || k == K::Error || k == K::Param) return set(e, Type::dyn());
        return set(e, fresh());
      } else if (c.kind() == K::Error || c.kind() == K::Param) {
        return set(e, Type::dyn());
      }
      error(e, "found no matching overload for '_[_]' applied to '" + signature_text(args, false) + "'");
      return set(e, Type::error());
    }

    auto it = fns_.find(n);
    if (it == fns_.end()) {
      error(e, "undeclared reference to '" + n + "' (in container '" + env_.container + "')");
      return set(e, Type::error());
    }
    std::vector<const Overload*> matched;
    std::optional<Type> result;
    bool result_differs = false;
    for (const auto& o : it->second.overloads) {
      if (o.member != member || o.params.size() != args.size()) continue;
      auto saved = subst_;
      std::map<std::string, Type> renames;
      bool ok = true;
      for (std::size_t i = 0; i < args.size() && ok; ++i) ok = assignable(instantiate(o.params[i], renames), args[i]);
      if (!ok) {
        subst_ = std::move(saved);
        continue;
      }
      Type r = substitute(instantiate(o.result, renames), false);
      matched.push_back(&o);
      if (!result) {
        result = r;
      } else if (!(substitute(*result, true) == substitute(r, true))) {
        result_differs = true;
        // Keep bindings of the first match only.
        subst_ = std::move(saved);
      }
    }
    if (matched.empty()) {
      // cel-go says this too when the function has no overload of the call's style (x.f() of a global f).
      error(e, "found no matching overload for '" + n + "' applied to '" + signature_text(args, member) + "'");
      return set(e, Type::error());
    }
    e.resolved_overload = matched.size() == 1;
    e.overloads = std::move(matched);
    return set(e, result_differs ? Type::dyn() : *result);
  }

  Type check_comprehension(Expr& e) {
    Type range = substitute(check(*e.iter_range), false);
    Type var;
    switch (range.kind()) {
      case K::List: var = range.params()[0]; break;
      case K::Map: var = range.params()[0]; break;
      case K::Dyn:
      case K::Error:
      case K::Param: var = Type::dyn(); break;
      default:
        error(*e.iter_range, "expression of type '" + range.str() +
                                 "' cannot be range of a comprehension (must be list, map, or dynamic)");
        var = Type::dyn();
    }
    Type accu = check(*e.accu_init);
    Type var2 = Type::dyn();
    if (!e.iter_var2.empty()) {
      if (range.kind() == K::List) {
        var2 = var;
        var = Type::int_();
      } else if (range.kind() == K::Map) {
        var2 = range.params()[1];
      }
    }
    scope_.emplace_back(e.accu_var, accu);
    scope_.emplace_back(e.iter_var, var);
    if (!e.iter_var2.empty()) scope_.emplace_back(e.iter_var2, var2);
    Type cond = check(*e.loop_cond);
    if (!try_assignable(Type::boolean(), cond))
      error(*e.loop_cond, "expected type 'bool' but found '" + substitute(cond, true).str() + "'");
    Type step = check(*e.loop_step);
    if (!try_assignable(accu, step))
      error(*e.loop_step, "expected type '" + substitute(accu, true).str() + "' but found '" +
                              substitute(step, true).str() + "'");
    if (!e.iter_var2.empty()) scope_.pop_back();
    scope_.pop_back();
    Type r = check(*e.result);
    scope_.pop_back();
    return set(e, r);
  }

  void finalize(Expr& e) {
    e.type = substitute(e.type, true);
    if (e.target) finalize(*e.target);
    for (auto& a : e.args) finalize(*a);
    for (auto* p : {&e.iter_range, &e.accu_init, &e.loop_cond, &e.loop_step, &e.result})
      if (*p) finalize(**p);
  }
};

}  // namespace

Type check_expr(Expr& e, const Env::Impl& env, std::vector<Issue>& issues) {
  Checker c(env, issues);
  return c.run(e);
}

}  // namespace podfit::cel
