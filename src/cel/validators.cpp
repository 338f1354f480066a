// Checks Kubernetes runs on every checked expression after type checking (cel-go's
// ExtendedValidations): list and map literals of one type (except inside format()), and
// constant arguments of duration(), timestamp() and matches() that could never succeed.
#include "validators.h"


#include <charconv>

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
        if (env_.format_validation == 1) check_format_call(e);
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
      std::string error;
      ok = cached_regex(text, error) != nullptr;
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

  // A type the clause accepts: dyn, or one of the kinds (parameters not looked into).
  static bool kind_in(const Type& t, std::initializer_list<Type::K> kinds) {
    if (t.kind() == Type::K::Dyn) return true;
    for (Type::K k : kinds)
      if (t.kind() == k) return true;
    return false;
  }
  static bool is_time(const Type& t, bool timestamp) {
    return t.kind() == Type::K::Opaque &&
           t.name() == (timestamp ? "google.protobuf.Timestamp" : "google.protobuf.Duration");
  }

  // The element %s refuses, if any: its type, then list and map literal members within it.
  static const Expr* bad_string_argument(const Expr& e) {
    using K = Type::K;
    const Type& t = e.type;
    const bool ok = kind_in(t, {K::List, K::Map, K::Int, K::Uint, K::Double, K::Bool, K::String, K::Bytes, K::TypeT,
                                K::Null}) ||
                    is_time(t, true) || is_time(t, false);
    if (!ok) return &e;
    if (e.kind == Expr::K::List || e.kind == Expr::K::Map) {
      for (const auto& a : e.args)
        if (const Expr* bad = bad_string_argument(*a)) return bad;
    }
    return nullptr;
  }

  // cel-go's check of a format() call on a literal string with a list literal (strings
  // versions 1 to 3): the clauses parse, each argument's type suits its clause, none is left over.
  void check_format_call(const Expr& e) {
    if (!e.target || e.name != "format" || e.args.size() != 1 || e.args[0]->kind != Expr::K::List) return;
    if (!e.overloads.empty()) {
      bool found = false;
      for (const Overload* o : e.overloads) found = found || o->id == "string_format";
      if (!found) return;
    }
    const Expr& target = *e.target;
    if (target.kind != Expr::K::Const || (target.constant.kind() != Kind::String && target.folded.kind() != Kind::String))
      return;
    const std::string_view f = target.constant.as_string();
    const auto& args = e.args[0]->args;
    const std::string bad_clause = "could not parse formatting clause: ";
    std::size_t requested = 0;
    using K = Type::K;
    for (std::size_t i = 0; i < f.size();) {
      if (f[i] != '%') {
        ++i;
        continue;
      }
      if (i + 1 < f.size() && f[i + 1] == '%') {
        i += 2;
        continue;
      }
      const std::size_t index = requested++;
      if (i + 1 >= f.size()) return report(e, "unexpected end of string");
      if (index >= args.size()) return report(e, "index " + std::to_string(index) + " out of range");
      std::size_t j = i + 1;
      if (f[j] == '.') {
        ++j;
        std::string number;
        for (;;) {
          if (j >= f.size())
            return report(e, bad_clause + "error while parsing precision: could not find end of precision specifier");
          if (f[j] < '0' || f[j] > '9') break;
          number += f[j++];
        }
        std::int64_t p = 0;
        auto r = std::from_chars(number.data(), number.data() + number.size(), p);
        if (number.empty() || r.ec != std::errc())
          return report(e, bad_clause + "error while parsing precision: error while converting precision to integer: " +
                               "strconv.Atoi: parsing \"" + number + "\": " +
                               (number.empty() ? "invalid syntax" : "value out of range"));
      }
      const char verb = f[j++];
      const Expr& arg = *args[index];
      const Type& t = arg.type;
      std::string refused;
      switch (verb) {
        case 's':
          if (const Expr* bad = bad_string_argument(arg)) {
            issues_.push_back({bad->offset, "error during formatting: string clause can only be used on strings, bools, "
                                            "bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given " +
                                                std::string(bad->type.name())});
            return;
          }
          break;
        case 'd':
          if (!kind_in(t, {K::Int, K::Uint})) refused = "decimal clause can only be used on integers";
          break;
        case 'f':
          if (!kind_in(t, {K::Double, K::String})) refused = "fixed-point clause can only be used on doubles";
          break;
        case 'e':
          if (!kind_in(t, {K::Double, K::String})) refused = "scientific clause can only be used on doubles";
          break;
        case 'b':
          if (!kind_in(t, {K::Int, K::Uint, K::Bool})) refused = "only integers and bools can be formatted as binary";
          break;
        case 'x':
        case 'X':
          if (!kind_in(t, {K::Int, K::Uint, K::String, K::Bytes}))
            refused = "only integers, byte buffers, and strings can be formatted as hex";
          break;
        case 'o':
          if (!kind_in(t, {K::Int, K::Uint})) refused = "octal clause can only be used on integers";
          break;
        default: {
          std::string shown;
          const auto c = static_cast<unsigned char>(verb);
          if (c < 0x80) {
            shown += static_cast<char>(c);
          } else {
            shown += static_cast<char>(0xC0 | (c >> 6));
            shown += static_cast<char>(0x80 | (c & 0x3F));
          }
          return report(e, bad_clause + "unrecognized formatting clause \"" + shown + "\"");
        }
      }
      if (!refused.empty()) {
        issues_.push_back({arg.offset, "error during formatting: " + refused + ", was given " + std::string(t.name())});
        return;
      }
      i = j;
    }
    if (args.size() > requested)
      report(e, "too many arguments supplied to string.format (expected " + std::to_string(requested) + ", got " +
                    std::to_string(args.size()) + ")");
  }

  void report(const Expr& at, std::string msg) { issues_.push_back({at.offset, std::move(msg)}); }
};

}  // namespace

void validate_checked(const Expr& root, const Env::Impl& env, std::vector<Issue>& issues) {
  if (!env.homogeneous_literals && !env.validate_literals && env.format_validation != 1) return;
  Validator(env, issues).walk(root, false);
}

}  // namespace podfit::cel
