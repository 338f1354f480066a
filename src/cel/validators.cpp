// Checks Kubernetes runs on every checked expression after type checking (cel-go's
// ExtendedValidations): list and map literals of one type (except inside format()), and
// constant arguments of duration(), timestamp() and matches() that could never succeed.
#include "validators.h"

#include <re2/re2.h>

namespace podfit::cel {
namespace {

class Validator {
 public:
  Validator(const Env::Impl& env, std::vector<Issue>& issues) : env_(env), issues_(issues) {}

  // exempt: the expression is a literal nested (through literals only) in a format() call.
  void walk(const Expr& e, bool exempt) {
    switch (e.kind) {
      case Expr::K::List:
        if (env_.homogeneous_literals && !exempt) check_list(e);
        for (const auto& a : e.args) walk(*a, exempt);
        return;
      case Expr::K::Map:
        if (env_.homogeneous_literals && !exempt) check_map(e);
        for (const auto& a : e.args) walk(*a, exempt);
        return;
      case Expr::K::Call:
        if (env_.validate_literals) check_literal_argument(e);
        if (e.target) walk(*e.target, false);
        for (const auto& a : e.args) walk(*a, e.name == "format");
        return;
      default:
        if (e.target) walk(*e.target, false);
        for (const auto& a : e.args) walk(*a, false);
        for (const auto* p : {&e.iter_range, &e.accu_init, &e.loop_cond, &e.loop_step, &e.result})
          if (*p) walk(**p, false);
        return;
    }
  }

 private:
  const Env::Impl& env_;
  std::vector<Issue>& issues_;

  void mismatch(const Expr& at, const Type& want, const Type& got) {
    issues_.push_back({at.offset, "expected type '" + want.str() + "' but found '" + got.str() + "'"});
  }

  static Type entry_type(const Expr& e, bool optional) {
    if (optional && e.type.kind() == Type::K::Optional && !e.type.params().empty()) return e.type.params()[0];
    return e.type;
  }

  void check_list(const Expr& e) {
    for (std::size_t i = 1; i < e.args.size(); ++i) {
      Type first = entry_type(*e.args[0], !e.optional_entries.empty() && e.optional_entries[0]);
      Type t = entry_type(*e.args[i], i < e.optional_entries.size() && e.optional_entries[i]);
      if (!(first == t)) {
        mismatch(*e.args[i], first, t);
        return;
      }
    }
  }

  void check_map(const Expr& e) {
    if (e.args.size() < 4) return;
    Type key = e.args[0]->type;
    Type val = entry_type(*e.args[1], !e.optional_entries.empty() && e.optional_entries[0]);
    for (std::size_t i = 2; i + 1 < e.args.size(); i += 2) {
      if (!(key == e.args[i]->type)) mismatch(*e.args[i], key, e.args[i]->type);
      Type v = entry_type(*e.args[i + 1], i / 2 < e.optional_entries.size() && e.optional_entries[i / 2]);
      if (!(val == v)) mismatch(*e.args[i + 1], val, v);
    }
  }

  // The first argument (after any receiver) of duration(), timestamp() and matches(), when
  // a string constant, must be a valid duration, timestamp or regular expression.
  void check_literal_argument(const Expr& e) {
    const std::string& n = e.name;
    if ((n != "duration" && n != "timestamp" && n != "matches") || e.args.empty()) return;
    const Expr& arg = *e.args[0];
    if (arg.kind != Expr::K::Const || (arg.constant.kind() != Kind::String && arg.folded.kind() != Kind::String))
      return;
    std::string_view text = arg.constant.as_string();
    bool ok = true;
    if (n == "matches") {
      re2::RE2::Options opts;
      opts.set_log_errors(false);
      re2::RE2 re(re2::StringPiece(text.data(), text.size()), opts);
      ok = re.ok();
    } else {
      auto it = env_.functions->find(n);
      if (it == env_.functions->end()) return;
      for (const Overload& o : it->second.overloads) {
        if (o.member || o.params.size() != 1 || o.params[0].kind() != Type::K::String) continue;
        EvalContext ctx(UINT64_MAX);
        Value v = Value::string_view(text);
        ok = !o.impl(std::span<const Value>(&v, 1), ctx).is_error();
      }
    }
    if (!ok) issues_.push_back({arg.offset, "invalid " + n + " argument"});
  }
};

}  // namespace

void validate_checked(const Expr& root, const Env::Impl& env, std::vector<Issue>& issues) {
  if (!env.homogeneous_literals && !env.validate_literals) return;
  Validator(env, issues).walk(root, false);
}

}  // namespace podfit::cel
