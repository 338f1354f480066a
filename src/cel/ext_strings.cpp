// cel-go's strings extension (the version Kubernetes enables): charAt, indexOf, lastIndexOf,
// lowerAscii, upperAscii, replace, split, substring, trim, join, reverse, format,
// strings.quote. Indexes count code points, as cel-go's do.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "internal.h"

namespace podfit::cel {
namespace {

using Args = std::span<const Value>;

// Byte offsets of each code point, plus the end.
std::vector<std::size_t> offsets(std::string_view s) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) out.push_back(i);
  out.push_back(s.size());
  return out;
}

std::uint32_t decode_at(std::string_view s, std::size_t i, std::size_t& len) {
  auto c = static_cast<unsigned char>(s[i]);
  len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
  if (i + len > s.size()) {
    len = 1;
    return 0xFFFD;
  }
  std::uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
  for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return cp;
}

bool is_space(std::uint32_t c) {
  return c == ' ' || (c >= '\t' && c <= '\r') || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

Value out_of_range(std::int64_t i) { return Value::error("index out of range: " + std::to_string(i)); }

Value char_at(Args a) {
  std::string_view s = a[0].as_string();
  auto off = offsets(s);
  std::int64_t i = a[1].as_int();
  auto n = static_cast<std::int64_t>(off.size() - 1);
  if (i < 0 || i > n) return out_of_range(i);
  if (i == n) return Value::string("");
  auto k = static_cast<std::size_t>(i);
  return Value::string(std::string(s.substr(off[k], off[k + 1] - off[k])));
}

Value index_of(Args a, bool last) {
  std::string_view s = a[0].as_string();
  std::string_view sub = a[1].as_string();
  auto off = offsets(s);
  auto n = static_cast<std::int64_t>(off.size() - 1);
  std::int64_t start = last ? n : 0;
  if (a.size() > 2) {
    start = a[2].as_int();
    if (start < 0 || start > n) return out_of_range(start);
  }
  if (sub.empty()) return Value::int_(start);
  if (!last) {
    std::size_t pos = s.find(sub, off[static_cast<std::size_t>(start)]);
    if (pos == std::string_view::npos) return Value::int_(-1);
    return Value::int_(static_cast<std::int64_t>(std::lower_bound(off.begin(), off.end(), pos) - off.begin()));
  }
  // The last occurrence starting at code point index start or before.
  std::size_t limit = off[static_cast<std::size_t>(std::min(start, n))];
  std::size_t pos = s.rfind(sub, limit);
  if (pos == std::string_view::npos) return Value::int_(-1);
  return Value::int_(static_cast<std::int64_t>(std::lower_bound(off.begin(), off.end(), pos) - off.begin()));
}

Value substring(Args a) {
  std::string_view s = a[0].as_string();
  auto off = offsets(s);
  auto n = static_cast<std::int64_t>(off.size() - 1);
  std::int64_t start = a[1].as_int();
  std::int64_t end = a.size() > 2 ? a[2].as_int() : n;
  if (start < 0 || start > n) return out_of_range(start);
  if (end < 0 || end > n) return out_of_range(end);
  if (end < start)
    return Value::error("invalid substring range. start: " + std::to_string(start) + ", end: " + std::to_string(end));
  auto b = off[static_cast<std::size_t>(start)], e = off[static_cast<std::size_t>(end)];
  return Value::string(std::string(s.substr(b, e - b)));
}

Value trim(Args a) {
  std::string_view s = a[0].as_string();
  std::size_t b = 0, e = s.size();
  while (b < e) {
    std::size_t len;
    if (!is_space(decode_at(s, b, len))) break;
    b += len;
  }
  while (e > b) {
    std::size_t p = e - 1;
    while (p > b && (static_cast<unsigned char>(s[p]) & 0xC0) == 0x80) --p;
    std::size_t len;
    if (!is_space(decode_at(s, p, len))) break;
    e = p;
  }
  return Value::string(std::string(s.substr(b, e - b)));
}

Value replace(Args a) {
  std::string_view s = a[0].as_string(), from = a[1].as_string(), to = a[2].as_string();
  std::int64_t n = a.size() > 3 ? a[3].as_int() : -1;
  std::string out;
  if (n == 0) return a[0];
  if (from.empty()) {
    auto off = offsets(s);
    std::int64_t done = 0;
    for (std::size_t i = 0; i + 1 <= off.size(); ++i) {
      if (n < 0 || done < n) {
        out += to;
        ++done;
      }
      if (i + 1 < off.size()) out += s.substr(off[i], off[i + 1] - off[i]);
    }
    return Value::string(std::move(out));
  }
  std::size_t pos = 0;
  std::int64_t done = 0;
  while (n < 0 || done < n) {
    std::size_t f = s.find(from, pos);
    if (f == std::string_view::npos) break;
    out += s.substr(pos, f - pos);
    out += to;
    pos = f + from.size();
    ++done;
  }
  out += s.substr(pos);
  return Value::string(std::move(out));
}

Value split(Args a) {
  std::string_view s = a[0].as_string(), sep = a[1].as_string();
  std::int64_t n = a.size() > 2 ? a[2].as_int() : -1;
  std::vector<Value> out;
  if (n == 0) return Value::list(std::move(out));
  if (sep.empty()) {
    auto off = offsets(s);
    std::size_t count = off.size() - 1;
    for (std::size_t i = 0; i < count; ++i) {
      if (n > 0 && static_cast<std::int64_t>(out.size()) == n - 1) {
        out.push_back(Value::string(std::string(s.substr(off[i]))));
        return Value::list(std::move(out));
      }
      out.push_back(Value::string(std::string(s.substr(off[i], off[i + 1] - off[i]))));
    }
    return Value::list(std::move(out));
  }
  std::size_t pos = 0;
  for (;;) {
    if (n > 0 && static_cast<std::int64_t>(out.size()) == n - 1) break;
    std::size_t f = s.find(sep, pos);
    if (f == std::string_view::npos) break;
    out.push_back(Value::string(std::string(s.substr(pos, f - pos))));
    pos = f + sep.size();
  }
  out.push_back(Value::string(std::string(s.substr(pos))));
  return Value::list(std::move(out));
}

Value join(Args a) {
  const ListValue& l = a[0].as_list();
  std::string_view sep = a.size() > 1 ? a[1].as_string() : std::string_view();
  std::string out;
  for (std::size_t i = 0; i < l.size(); ++i) {
    Value v = l.get(i);
    if (v.kind() != Kind::String) return no_matching_overload("join", a);
    if (i) out += sep;
    out += v.as_string();
  }
  return Value::string(std::move(out));
}

std::string quote(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '\a': out += "\\a"; ++i; continue;
      case '\b': out += "\\b"; ++i; continue;
      case '\f': out += "\\f"; ++i; continue;
      case '\n': out += "\\n"; ++i; continue;
      case '\r': out += "\\r"; ++i; continue;
      case '\t': out += "\\t"; ++i; continue;
      case '\v': out += "\\v"; ++i; continue;
      case '\\': out += "\\\\"; ++i; continue;
      case '"': out += "\\\""; ++i; continue;
      default: break;
    }
    std::size_t len;
    decode_at(s, i, len);
    if (!utf8_valid(s.substr(i, len))) {
      out += "\xEF\xBF\xBD";
      i += 1;
      continue;
    }
    out += s.substr(i, len);
    i += len;
  }
  return out + "\"";
}

// --- format -------------------------------------------------------------------------------

std::string double_text(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  return format_double(d);
}

// The %s text of a value; false when the value has no text form.
bool string_form(const Value& v, std::string& out) {
  switch (v.kind()) {
    case Kind::String:
    case Kind::Bytes: out += v.as_string(); return true;
    case Kind::Null: out += "null"; return true;
    case Kind::Bool: out += v.as_bool() ? "true" : "false"; return true;
    case Kind::Int: out += std::to_string(v.as_int()); return true;
    case Kind::Uint: out += std::to_string(v.as_uint()); return true;
    case Kind::Double: out += double_text(v.as_double()); return true;
    case Kind::Type: out += v.as_string(); return true;
    case Kind::List: {
      out += '[';
      const ListValue& l = v.as_list();
      for (std::size_t i = 0; i < l.size(); ++i) {
        if (i) out += ", ";
        if (!string_form(l.get(i), out)) return false;
      }
      out += ']';
      return true;
    }
    case Kind::Map: {
      const MapValue& m = v.as_map();
      std::vector<std::pair<std::string, std::string>> entries;
      for (std::size_t i = 0; i < m.size(); ++i) {
        Value k = m.key_at(i);
        std::string ks, vs;
        if (!string_form(k, ks) || !string_form(*m.find(k), vs)) return false;
        entries.emplace_back(std::move(ks), std::move(vs));
      }
      std::sort(entries.begin(), entries.end());
      out += '{';
      for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i) out += ", ";
        out += entries[i].first + ": " + entries[i].second;
      }
      out += '}';
      return true;
    }
    case Kind::Opaque: out += v.as_opaque().debug_string(); return true;
    default: return false;
  }
}

std::string to_base(std::uint64_t u, int base, bool upper) {
  if (u == 0) return "0";
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string s;
  while (u) {
    s += digits[u % static_cast<std::uint64_t>(base)];
    u /= static_cast<std::uint64_t>(base);
  }
  std::reverse(s.begin(), s.end());
  return s;
}

std::string signed_base(std::int64_t i, int base, bool upper) {
  if (i < 0) {
    std::string s = to_base(0 - static_cast<std::uint64_t>(i), base, upper);
    s.insert(s.begin(), '-');
    return s;
  }
  return to_base(static_cast<std::uint64_t>(i), base, upper);
}

Value format_error(const std::string& msg) { return Value::error("error during formatting: " + msg); }

Value format(Args a) {
  std::string_view f = a[0].as_string();
  const ListValue& args = a[1].as_list();
  std::string out;
  std::size_t next = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') {
      out += f[i];
      continue;
    }
    ++i;
    if (i < f.size() && f[i] == '%') {
      out += '%';
      continue;
    }
    int precision = -1;
    if (i < f.size() && f[i] == '.') {
      ++i;
      precision = 0;
      while (i < f.size() && f[i] >= '0' && f[i] <= '9' && precision < 1000) precision = precision * 10 + (f[i++] - '0');
    }
    if (i >= f.size()) return Value::error("could not parse formatting clause: unexpected end of format string");
    char verb = f[i];
    if (std::string_view("sdfeXxbo").find(verb) == std::string_view::npos)
      return Value::error(std::string("could not parse formatting clause: unrecognized formatting clause \"") + verb +
                          "\"");
    if (next >= args.size()) return Value::error("index " + std::to_string(next) + " out of range");
    Value v = args.get(next++);
    std::string tn(v.type_name());
    auto fixed_or_sci = [&](bool sci) -> Value {
      double d;
      if (v.kind() == Kind::Double) d = v.as_double();
      else if (v.kind() == Kind::Int) d = static_cast<double>(v.as_int());
      else if (v.kind() == Kind::Uint) d = static_cast<double>(v.as_uint());
      else
        return format_error(std::string(sci ? "scientific" : "fixed-point") +
                            " clause can only be used on doubles, was given " + tn);
      if (std::isnan(d) || std::isinf(d)) {
        out += double_text(d);
        return Value();
      }
      int digits = precision < 0 ? 6 : std::min(precision, 300);
      const char* fmt = sci ? "%.*e" : "%.*f";
      int n = std::snprintf(nullptr, 0, fmt, digits, d);
      if (n > 0) {
        std::string buf(static_cast<std::size_t>(n) + 1, '\0');
        std::snprintf(buf.data(), buf.size(), fmt, digits, d);
        buf.resize(static_cast<std::size_t>(n));
        out += buf;
      }
      return Value();
    };
    switch (verb) {
      case 's':
        if (!string_form(v, out)) return format_error("string clause can only be used on strings, was given " + tn);
        break;
      case 'd':
        if (v.kind() == Kind::Int) out += std::to_string(v.as_int());
        else if (v.kind() == Kind::Uint) out += std::to_string(v.as_uint());
        else if (v.kind() == Kind::Double && (std::isnan(v.as_double()) || std::isinf(v.as_double())))
          out += double_text(v.as_double());
        else return format_error("decimal clause can only be used on integers, was given " + tn);
        break;
      case 'f':
      case 'e': {
        Value err = fixed_or_sci(verb == 'e');
        if (err.is_error()) return err;
        break;
      }
      case 'x':
      case 'X': {
        bool up = verb == 'X';
        if (v.kind() == Kind::Int) out += signed_base(v.as_int(), 16, up);
        else if (v.kind() == Kind::Uint) out += to_base(v.as_uint(), 16, up);
        else if (v.kind() == Kind::String || v.kind() == Kind::Bytes) {
          const char* digits = up ? "0123456789ABCDEF" : "0123456789abcdef";
          for (unsigned char c : v.as_string()) {
            out += digits[c >> 4];
            out += digits[c & 15];
          }
        } else {
          return format_error("only integers, byte buffers, and strings can be formatted as hex, was given " + tn);
        }
        break;
      }
      case 'b':
        if (v.kind() == Kind::Int) out += signed_base(v.as_int(), 2, false);
        else if (v.kind() == Kind::Uint) out += to_base(v.as_uint(), 2, false);
        else if (v.kind() == Kind::Bool) out += v.as_bool() ? "1" : "0";
        else return format_error("only integers and bools can be formatted as binary, was given " + tn);
        break;
      case 'o':
        if (v.kind() == Kind::Int) out += signed_base(v.as_int(), 8, false);
        else if (v.kind() == Kind::Uint) out += to_base(v.as_uint(), 8, false);
        else return format_error("octal clause can only be used on integers, was given " + tn);
        break;
      default: break;
    }
  }
  return Value::string(std::move(out));
}

Impl fn(Value (*f)(Args)) {
  return [f](Args a, EvalContext& c) {
    c.add_cost(a[0].kind() == Kind::String ? a[0].as_string().size() / 10 : 0);
    return f(a);
  };
}

}  // namespace

void add_strings_library(Env& env) {
  Type s = T("string"), i = T("int"), ls = Type::list(T("string"));
  env.add_function("charAt", {make_overload("string_char_at_int", {s, i}, s, fn(char_at), true)});
  env.add_function("indexOf", {
      make_overload("string_index_of_string", {s, s}, i, fn([](Args a) { return index_of(a, false); }), true),
      make_overload("string_index_of_string_int", {s, s, i}, i, fn([](Args a) { return index_of(a, false); }), true),
  });
  env.add_function("lastIndexOf", {
      make_overload("string_last_index_of_string", {s, s}, i, fn([](Args a) { return index_of(a, true); }), true),
      make_overload("string_last_index_of_string_int", {s, s, i}, i, fn([](Args a) { return index_of(a, true); }),
                    true),
  });
  env.add_function("lowerAscii", {make_overload("string_lower_ascii", {s}, s, fn([](Args a) {
                                                  std::string r(a[0].as_string());
                                                  for (char& c : r)
                                                    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
                                                  return Value::string(std::move(r));
                                                }),
                                                true)});
  env.add_function("upperAscii", {make_overload("string_upper_ascii", {s}, s, fn([](Args a) {
                                                  std::string r(a[0].as_string());
                                                  for (char& c : r)
                                                    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
                                                  return Value::string(std::move(r));
                                                }),
                                                true)});
  env.add_function("replace", {
      make_overload("string_replace_string_string", {s, s, s}, s, fn(replace), true),
      make_overload("string_replace_string_string_int", {s, s, s, i}, s, fn(replace), true),
  });
  env.add_function("split", {
      make_overload("string_split_string", {s, s}, ls, fn(split), true),
      make_overload("string_split_string_int", {s, s, i}, ls, fn(split), true),
  });
  env.add_function("substring", {
      make_overload("string_substring_int", {s, i}, s, fn(substring), true),
      make_overload("string_substring_int_int", {s, i, i}, s, fn(substring), true),
  });
  env.add_function("trim", {make_overload("string_trim", {s}, s, fn(trim), true)});
  env.add_function("join", {
      make_overload("list_join", {ls}, s, [](Args a, EvalContext&) { return join(a); }, true),
      make_overload("list_join_string", {ls, s}, s, [](Args a, EvalContext&) { return join(a); }, true),
  });
  env.add_function("reverse", {make_overload("string_reverse", {s}, s, fn([](Args a) {
                                               std::string_view v = a[0].as_string();
                                               auto off = offsets(v);
                                               std::string r;
                                               for (std::size_t k = off.size() - 1; k-- > 0;)
                                                 r += v.substr(off[k], off[k + 1] - off[k]);
                                               return Value::string(std::move(r));
                                             }),
                                             true)});
  env.add_function("format", {make_overload("string_format", {s, Type::list(Type::dyn())}, s, fn(format), true)});
  env.add_function("strings.quote", {make_overload("strings_quote", {s}, s, fn([](Args a) {
                                                     return Value::string(quote(a[0].as_string()));
                                                   }))});
}

}  // namespace podfit::cel
