// CEL's standard library: operators, size, string predicates, conversions, type().
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <re2/re2.h>

#include "internal.h"
#include "shared_values.h"
#include "podfit/util/go_float.h"

namespace podfit::cel {

std::size_t utf8_length(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

bool utf8_valid(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    auto c = static_cast<unsigned char>(s[i]);
    std::size_t len;
    std::uint32_t cp;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      len = 2;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k) {
      auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp < 0xE000))
      return false;
    i += len;
  }
  return true;
}

std::string format_double(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "+Inf" : "-Inf";
  if (d == 0) return std::signbit(d) ? "-0" : "0";
  // Shortest digits, then the layout of Go's %g: exponent form below 1e-4 and from 1e6 up.
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  bool neg = sci[0] == '-';
  if (neg) sci.erase(0, 1);
  auto epos = sci.find('e');
  int exp = std::atoi(sci.c_str() + epos + 1);
  std::string digits;
  for (std::size_t i = 0; i < epos; ++i)
    if (sci[i] != '.') digits += sci[i];
  std::string out;
  if (exp < -4 || exp >= 6) {
    out = digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char eb[16];
    std::snprintf(eb, sizeof eb, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
    out += eb;
  } else if (exp < 0) {
    out.assign("0.");
    out.append(static_cast<std::size_t>(-exp - 1), '0');
    out += digits;
  } else {
    auto intlen = static_cast<std::size_t>(exp + 1);
    if (digits.size() <= intlen) {
      out = digits + std::string(intlen - digits.size(), '0');
    } else {
      out = digits.substr(0, intlen) + "." + digits.substr(intlen);
    }
  }
  if (neg) out.insert(out.begin(), '-');
  return out;
}

// Ordering of two values of comparable kinds: -1, 0, 1, or 2 when unordered.
int order_values(const Value& a, const Value& b) {
  switch (a.kind()) {
    case Kind::Int:
    case Kind::Uint:
    case Kind::Double: return compare_numeric(a, b);
    case Kind::String:
    case Kind::Bytes: {
      int c = a.as_string().compare(b.as_string());
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    case Kind::Bool: return a.as_bool() == b.as_bool() ? 0 : (a.as_bool() ? 1 : -1);
    default: return 2;
  }
}

namespace {

using Args = std::span<const Value>;

Value int_overflow() { return Value::error("integer overflow"); }
Value uint_overflow() { return Value::error("unsigned integer overflow"); }

Type P(const char* n) { return Type::param(n); }

// cel-go's own price of a call it knows by its overload, in place of the call's unit; a call
// the checker could not resolve to one overload costs the unit.
Overload priced(Overload o, std::uint64_t (*cost)(Args)) {
  Impl impl = std::move(o.impl);
  o.impl = [impl = std::move(impl), cost](Args a, EvalContext& c) {
    if (!c.add_cost(c.overload_resolved() ? cost(a) : 1)) return cost_limit_error();
    return impl(a, c);
  };
  o.own_cost = true;
  return o;
}

// Concatenating text or bytes copies both operands.
std::uint64_t both_cost(Args a) { return ceil_cost(actual_size(a[0]) + actual_size(a[1]), 0.1); }
// Comparing or equating text and bytes traverses the shorter operand.
std::uint64_t shorter_cost(Args a) { return ceil_cost(std::min(actual_size(a[0]), actual_size(a[1])), 0.1); }
std::uint64_t receiver_cost(Args a) { return ceil_cost(actual_size(a[0]), 0.1); }

void add_comparisons(Env& env) {
  struct Op {
    const char* fn;
    const char* id;
    bool (*test)(int);
  };
  static const Op ops[] = {
      {"_<_", "less", [](int c) { return c == -1; }},
      {"_<=_", "less_equals", [](int c) { return c == -1 || c == 0; }},
      {"_>_", "greater", [](int c) { return c == 1; }},
      {"_>=_", "greater_equals", [](int c) { return c == 1 || c == 0; }},
  };
  struct Pair {
    const char* a;
    const char* b;
    const char* suffix;
  };
  static const Pair pairs[] = {
      {"bool", "bool", "bool"},       {"int", "int", "int64"},           {"uint", "uint", "uint64"},
      {"double", "double", "double"}, {"string", "string", "string"},    {"bytes", "bytes", "bytes"},
      {"int", "uint", "int64_uint64"}, {"int", "double", "int64_double"}, {"uint", "int", "uint64_int64"},
      {"uint", "double", "uint64_double"}, {"double", "int", "double_int64"}, {"double", "uint", "double_uint64"},
  };
  for (const Op& op : ops) {
    std::vector<Overload> ovs;
    for (const Pair& p : pairs) {
      auto test = op.test;
      Overload o = make_overload(std::string(op.id) + "_" + p.suffix, {T(p.a), T(p.b)}, Type::boolean(),
                                 [test](Args a, EvalContext&) {
                                   const int c = order_values(a[0], a[1]);
                                   // cel-go's Compare refuses NaN on either side.
                                   if (c == 2) return Value::error("NaN values cannot be ordered");
                                   return Value::boolean(test(c));
                                 });
      const std::string_view suffix = p.suffix;
      ovs.push_back(suffix == "string" || suffix == "bytes" ? priced(std::move(o), shorter_cost) : std::move(o));
    }
    env.add_function(op.fn, std::move(ovs));
  }
}

std::optional<std::int64_t> parse_int(std::string_view s) {
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  std::int64_t v;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}
std::optional<std::uint64_t> parse_uint(std::string_view s) {
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  std::uint64_t v;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

Value conversion_error(const Value& from, const char* to) {
  return Value::error("type conversion error from '" + std::string(from.type_name()) + "' to '" + to + "'");
}

void add_conversions(Env& env) {
  env.add_function("int", {
      make_overload("int64_to_int64", {T("int")}, T("int"), [](Args a, EvalContext&) { return a[0]; }),
      make_overload("uint64_to_int64", {T("uint")}, T("int"), [](Args a, EvalContext&) {
        if (a[0].as_uint() > static_cast<std::uint64_t>(INT64_MAX)) return int_overflow();
        return Value::int_(static_cast<std::int64_t>(a[0].as_uint()));
      }),
      make_overload("double_to_int64", {T("double")}, T("int"), [](Args a, EvalContext&) {
        double d = a[0].as_double();
        if (std::isnan(d) || d <= -9223372036854775808.0 || d >= 9223372036854775807.0) return int_overflow();
        return Value::int_(static_cast<std::int64_t>(d));
      }),
      make_overload("string_to_int64", {T("string")}, T("int"), [](Args a, EvalContext&) {
        auto v = parse_int(a[0].as_string());
        return v ? Value::int_(*v) : conversion_error(a[0], "int");
      }),
  });
  env.add_function("uint", {
      make_overload("uint64_to_uint64", {T("uint")}, T("uint"), [](Args a, EvalContext&) { return a[0]; }),
      make_overload("int64_to_uint64", {T("int")}, T("uint"), [](Args a, EvalContext&) {
        if (a[0].as_int() < 0) return uint_overflow();
        return Value::uint(static_cast<std::uint64_t>(a[0].as_int()));
      }),
      make_overload("double_to_uint64", {T("double")}, T("uint"), [](Args a, EvalContext&) {
        double d = a[0].as_double();
        if (std::isnan(d) || d < 0 || d >= 18446744073709551615.0) return uint_overflow();
        return Value::uint(static_cast<std::uint64_t>(d));
      }),
      make_overload("string_to_uint64", {T("string")}, T("uint"), [](Args a, EvalContext&) {
        auto v = parse_uint(a[0].as_string());
        return v ? Value::uint(*v) : conversion_error(a[0], "uint");
      }),
  });
  env.add_function("double", {
      make_overload("double_to_double", {T("double")}, T("double"), [](Args a, EvalContext&) { return a[0]; }),
      make_overload("int64_to_double", {T("int")}, T("double"),
                    [](Args a, EvalContext&) { return Value::double_(static_cast<double>(a[0].as_int())); }),
      make_overload("uint64_to_double", {T("uint")}, T("double"),
                    [](Args a, EvalContext&) { return Value::double_(static_cast<double>(a[0].as_uint())); }),
      make_overload("string_to_double", {T("string")}, T("double"), [](Args a, EvalContext&) {
        // strconv.ParseFloat: an out-of-range number fails as a syntax error does.
        const std::optional<double> d = parse_go_float(a[0].as_string());
        if (!d) return conversion_error(a[0], "double");
        return Value::double_(*d);
      }),
  });
  env.add_function("string", {
      make_overload("string_to_string", {T("string")}, T("string"), [](Args a, EvalContext&) { return a[0]; }),
      make_overload("int64_to_string", {T("int")}, T("string"),
                    [](Args a, EvalContext&) { return Value::string(std::to_string(a[0].as_int())); }),
      make_overload("uint64_to_string", {T("uint")}, T("string"),
                    [](Args a, EvalContext&) { return Value::string(std::to_string(a[0].as_uint())); }),
      make_overload("double_to_string", {T("double")}, T("string"),
                    [](Args a, EvalContext&) { return Value::string(format_double(a[0].as_double())); }),
      make_overload("bool_to_string", {T("bool")}, T("string"),
                    [](Args a, EvalContext&) { return Value::string(a[0].as_bool() ? "true" : "false"); }),
      priced(make_overload("bytes_to_string", {T("bytes")}, T("string"), [](Args a, EvalContext&) {
               if (!utf8_valid(a[0].as_string())) return Value::error("invalid UTF-8 in bytes, cannot convert to string");
               return Value::string(std::string(a[0].as_string()));
             }),
             receiver_cost),
  });
  env.add_function("bytes", {
      make_overload("bytes_to_bytes", {T("bytes")}, T("bytes"), [](Args a, EvalContext&) { return a[0]; }),
      priced(make_overload("string_to_bytes", {T("string")}, T("bytes"),
                           [](Args a, EvalContext&) { return Value::bytes(std::string(a[0].as_string())); }),
             receiver_cost),
  });
  env.add_function("bool", {
      make_overload("bool_to_bool", {T("bool")}, T("bool"), [](Args a, EvalContext&) { return a[0]; }),
      make_overload("string_to_bool", {T("string")}, T("bool"), [](Args a, EvalContext&) {
        std::string_view s = a[0].as_string();
        if (s == "1" || s == "t" || s == "T" || s == "TRUE" || s == "true" || s == "True") return Value::boolean(true);
        if (s == "0" || s == "f" || s == "F" || s == "FALSE" || s == "false" || s == "False") return Value::boolean(false);
        return conversion_error(a[0], "bool");
      }),
  });
  env.add_function("dyn", {make_overload("to_dyn", {P("A")}, Type::dyn(), [](Args a, EvalContext&) { return a[0]; })});
  env.add_function("type", {make_overload("type", {P("A")}, Type::type_of(P("A")), [](Args a, EvalContext&) {
                     return Value::type(a[0].type_name());
                   })});
}

void add_arithmetic(Env& env) {
  env.add_function("_+_", {
      make_overload("add_int64", {T("int"), T("int")}, T("int"), [](Args a, EvalContext&) {
        std::int64_t r;
        if (__builtin_add_overflow(a[0].as_int(), a[1].as_int(), &r)) return int_overflow();
        return Value::int_(r);
      }),
      make_overload("add_uint64", {T("uint"), T("uint")}, T("uint"), [](Args a, EvalContext&) {
        std::uint64_t r;
        if (__builtin_add_overflow(a[0].as_uint(), a[1].as_uint(), &r)) return uint_overflow();
        return Value::uint(r);
      }),
      make_overload("add_double", {T("double"), T("double")}, T("double"),
                    [](Args a, EvalContext&) { return Value::double_(a[0].as_double() + a[1].as_double()); }),
      priced(make_overload("add_string", {T("string"), T("string")}, T("string"), [](Args a, EvalContext&) {
               std::string s;
               s.reserve(a[0].as_string().size() + a[1].as_string().size());
               s.append(a[0].as_string()).append(a[1].as_string());
               return Value::string(std::move(s));
             }),
             both_cost),
      priced(make_overload("add_bytes", {T("bytes"), T("bytes")}, T("bytes"), [](Args a, EvalContext&) {
               std::string s(a[0].as_string());
               s.append(a[1].as_string());
               return Value::bytes(std::move(s));
             }),
             both_cost),
      make_overload("add_list", {Type::list(P("A")), Type::list(P("A"))}, Type::list(P("A")),
                    [](Args a, EvalContext&) { return concatenate(a[0], a[1]); }),
  });
  env.add_function("_-_", {
      make_overload("subtract_int64", {T("int"), T("int")}, T("int"), [](Args a, EvalContext&) {
        std::int64_t r;
        if (__builtin_sub_overflow(a[0].as_int(), a[1].as_int(), &r)) return int_overflow();
        return Value::int_(r);
      }),
      make_overload("subtract_uint64", {T("uint"), T("uint")}, T("uint"), [](Args a, EvalContext&) {
        std::uint64_t r;
        if (__builtin_sub_overflow(a[0].as_uint(), a[1].as_uint(), &r)) return uint_overflow();
        return Value::uint(r);
      }),
      make_overload("subtract_double", {T("double"), T("double")}, T("double"),
                    [](Args a, EvalContext&) { return Value::double_(a[0].as_double() - a[1].as_double()); }),
  });
  env.add_function("_*_", {
      make_overload("multiply_int64", {T("int"), T("int")}, T("int"), [](Args a, EvalContext&) {
        std::int64_t r;
        if (__builtin_mul_overflow(a[0].as_int(), a[1].as_int(), &r)) return int_overflow();
        return Value::int_(r);
      }),
      make_overload("multiply_uint64", {T("uint"), T("uint")}, T("uint"), [](Args a, EvalContext&) {
        std::uint64_t r;
        if (__builtin_mul_overflow(a[0].as_uint(), a[1].as_uint(), &r)) return uint_overflow();
        return Value::uint(r);
      }),
      make_overload("multiply_double", {T("double"), T("double")}, T("double"),
                    [](Args a, EvalContext&) { return Value::double_(a[0].as_double() * a[1].as_double()); }),
  });
  env.add_function("_/_", {
      make_overload("divide_int64", {T("int"), T("int")}, T("int"), [](Args a, EvalContext&) {
        if (a[1].as_int() == 0) return Value::error("division by zero");
        if (a[0].as_int() == INT64_MIN && a[1].as_int() == -1) return int_overflow();
        return Value::int_(a[0].as_int() / a[1].as_int());
      }),
      make_overload("divide_uint64", {T("uint"), T("uint")}, T("uint"), [](Args a, EvalContext&) {
        if (a[1].as_uint() == 0) return Value::error("division by zero");
        return Value::uint(a[0].as_uint() / a[1].as_uint());
      }),
      make_overload("divide_double", {T("double"), T("double")}, T("double"),
                    [](Args a, EvalContext&) { return Value::double_(a[0].as_double() / a[1].as_double()); }),
  });
  env.add_function("_%_", {
      make_overload("modulo_int64", {T("int"), T("int")}, T("int"), [](Args a, EvalContext&) {
        if (a[1].as_int() == 0) return Value::error("modulus by zero");
        if (a[0].as_int() == INT64_MIN && a[1].as_int() == -1) return int_overflow();
        return Value::int_(a[0].as_int() % a[1].as_int());
      }),
      make_overload("modulo_uint64", {T("uint"), T("uint")}, T("uint"), [](Args a, EvalContext&) {
        if (a[1].as_uint() == 0) return Value::error("modulus by zero");
        return Value::uint(a[0].as_uint() % a[1].as_uint());
      }),
  });
  env.add_function("-_", {
      make_overload("negate_int64", {T("int")}, T("int"), [](Args a, EvalContext&) {
        if (a[0].as_int() == INT64_MIN) return int_overflow();
        return Value::int_(-a[0].as_int());
      }),
      make_overload("negate_double", {T("double")}, T("double"),
                    [](Args a, EvalContext&) { return Value::double_(-a[0].as_double()); }),
  });
  env.add_function("!_", {make_overload("logical_not", {T("bool")}, T("bool"),
                                        [](Args a, EvalContext&) { return Value::boolean(!a[0].as_bool()); })});
}

// Nominal entries for the checker; the evaluator treats these calls specially.
void add_special_forms(Env& env) {
  Impl none = [](Args, EvalContext&) { return Value::error("special form evaluated as a function"); };
  env.add_function("_&&_", {make_overload("logical_and", {T("bool"), T("bool")}, T("bool"), none)});
  env.add_function("_||_", {make_overload("logical_or", {T("bool"), T("bool")}, T("bool"), none)});
  env.add_function("_?_:_", {make_overload("conditional", {T("bool"), P("A"), P("A")}, P("A"), none)});
  env.add_function("@not_strictly_false",
                   {make_overload("not_strictly_false", {T("bool")}, T("bool"), none)});
  env.add_function("_[_]", {
      make_overload("index_list", {Type::list(P("A")), T("int")}, P("A"), none),
      make_overload("index_map", {Type::map(P("K"), P("V")), P("K")}, P("V"), none),
  });
}

void add_equality_and_membership(Env& env) {
  // Kubernetes prices equality of its own types (net.IP, quantities ...) at one unit.
  env.add_function("_==_", {own_cost(make_overload("equals", {P("A"), P("A")}, T("bool"), [](Args a, EvalContext& c) {
                     const bool kube = a[0].kind() == Kind::Opaque && !is_timestamp(a[0]) && !is_duration(a[0]);
                     if (!c.add_cost(kube ? 1 : shorter_cost(a))) return cost_limit_error();
                     auto r = equals(a[0], a[1]);
                     return r ? Value::boolean(*r) : Value::error("equality of values containing errors");
                   }))});
  env.add_function("_!=_", {priced(make_overload("not_equals", {P("A"), P("A")}, T("bool"), [](Args a, EvalContext&) {
                                     auto r = equals(a[0], a[1]);
                                     return r ? Value::boolean(!*r) : Value::error("equality of values containing errors");
                                   }),
                                   shorter_cost)});
  env.add_function("@in", {
      priced(make_overload("in_list", {P("A"), Type::list(P("A"))}, T("bool"), [](Args a, EvalContext&) {
        ListWalk elements(a[1].as_list());
        for (Value e; elements.next(e);) {
          auto r = equals(a[0], e);
          if (r && *r) return Value::boolean(true);
        }
        return Value::boolean(false);
      }), [](Args a) -> std::uint64_t { return a[1].as_list().size(); }),
      make_overload("in_map", {P("A"), Type::map(P("A"), P("B"))}, T("bool"), [](Args a, EvalContext&) {
        Kind k = a[0].kind();
        if (k != Kind::Int && k != Kind::Uint && k != Kind::Double && k != Kind::Bool && k != Kind::String)
          return Value::boolean(false);
        return Value::boolean(a[1].as_map().contains(a[0]));
      }),
  });
}

Value size_of(const Value& v) {
  switch (v.kind()) {
    case Kind::String: return Value::int_(static_cast<std::int64_t>(utf8_length(v.as_string())));
    case Kind::Bytes: return Value::int_(static_cast<std::int64_t>(v.as_string().size()));
    case Kind::List: return Value::int_(static_cast<std::int64_t>(v.as_list().size()));
    case Kind::Map: return Value::int_(static_cast<std::int64_t>(v.as_map().size()));
    default: return Value::error("no such overload");
  }
}

void add_size_and_strings(Env& env) {
  Impl sz = [](Args a, EvalContext&) { return size_of(a[0]); };
  env.add_function("size", {
      make_overload("size_string", {T("string")}, T("int"), sz),
      make_overload("size_bytes", {T("bytes")}, T("int"), sz),
      make_overload("size_list", {Type::list(P("A"))}, T("int"), sz),
      make_overload("size_map", {Type::map(P("A"), P("B"))}, T("int"), sz),
      make_overload("string_size", {T("string")}, T("int"), sz, true),
      make_overload("bytes_size", {T("bytes")}, T("int"), sz, true),
      make_overload("list_size", {Type::list(P("A"))}, T("int"), sz, true),
      make_overload("map_size", {Type::map(P("A"), P("B"))}, T("int"), sz, true),
  });
  env.add_function("contains", {priced(make_overload("contains_string", {T("string"), T("string")}, T("bool"),
                                                     [](Args a, EvalContext&) {
                                                       return Value::boolean(a[0].as_string().find(a[1].as_string()) !=
                                                                             std::string_view::npos);
                                                     },
                                                     true),
                                       [](Args a) { return receiver_cost(a) * ceil_cost(actual_size(a[1]), 0.1); })});
  env.add_function("startsWith", {priced(make_overload("starts_with_string", {T("string"), T("string")}, T("bool"),
                                                       [](Args a, EvalContext&) {
                                                         return Value::boolean(a[0].as_string().starts_with(a[1].as_string()));
                                                       },
                                                       true),
                                         receiver_cost)});
  env.add_function("endsWith", {priced(make_overload("ends_with_string", {T("string"), T("string")}, T("bool"),
                                                     [](Args a, EvalContext&) {
                                                       return Value::boolean(a[0].as_string().ends_with(a[1].as_string()));
                                                     },
                                                     true),
                                       receiver_cost)});
  Impl matches = [](Args a, EvalContext&) {
    std::string err;
    const RE2* re = cached_regex(a[1].as_string(), err);
    if (!re) return Value::error(err);
    return Value::boolean(RE2::PartialMatch(re2::StringPiece(a[0].as_string().data(), a[0].as_string().size()), *re));
  };
  env.add_function("matches", {
      // cel-go prices only the member form by the text and the pattern.
      make_overload("matches", {T("string"), T("string")}, T("bool"), matches),
      priced(make_overload("matches_string", {T("string"), T("string")}, T("bool"), matches, true), regex_cost),
  });
}

// The accumulator step of transformMap and transformMapEntry: into the growing accumulator in
// place, else into a copy (types.InsertMapKeyValue).
void add_map_insert(Env& env) {
  Type m = Type::map(P("K"), P("V"));
  // The map to insert into: the growing accumulator itself (built mutable, so writable), else
  // one copy of the target.
  auto writable = [](const Value& target) -> std::pair<Value, BuiltMap*> {
    const auto* growing = dynamic_cast<const AccumulatorMap*>(&target.as_map());
    if (growing != nullptr && !growing->frozen()) return {target, const_cast<AccumulatorMap*>(growing)};
    auto copy = std::make_shared<BuiltMap>();
    const MapValue& src = target.as_map();
    for (std::size_t i = 0; i < src.size(); ++i) {
      Value key = src.key_at(i);
      copy->insert(key, *src.find(key));
    }
    BuiltMap* into = copy.get();
    return {Value::map(std::move(copy)), into};
  };
  auto exists = [](const Value& k) { return Value::error("insert failed: key " + key_text(k) + " already exists"); };
  env.add_function("@mapInsert", {
      make_overload("@mapInsert_map_key_value", {m, P("K"), P("V")}, m, [=](Args a, EvalContext&) {
        auto [target, into] = writable(a[0]);
        return into->insert(a[1], a[2]) ? target : exists(a[1]);
      }),
      make_overload("@mapInsert_map_map", {m, m}, m, [=](Args a, EvalContext&) {
        auto [target, into] = writable(a[0]);
        const MapValue& add = a[1].as_map();
        for (std::size_t i = 0; i < add.size(); ++i) {
          Value k = add.key_at(i);
          if (!into->insert(k, *add.find(k))) return exists(k);
        }
        return target;
      }),
  });
}

}  // namespace

void add_standard_library(Env& env) {
  add_map_insert(env);
  add_special_forms(env);
  add_arithmetic(env);
  add_comparisons(env);
  add_equality_and_membership(env);
  add_size_and_strings(env);
  add_conversions(env);
  add_time_library(env);
}

}  // namespace podfit::cel
