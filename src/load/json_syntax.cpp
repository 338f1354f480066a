#include "json_syntax.h"

#include <cstdint>

#include <fmt/format.h>

namespace podfit {
namespace {

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Go's quoteChar: how encoding/json shows an offending byte.
std::string quote_char(unsigned char c) {
  if (c == '\'') return "'\\''";
  if (c == '"') return "'\"'";
  switch (c) {
    case '\n': return "'\\n'";
    case '\r': return "'\\r'";
    case '\t': return "'\\t'";
    default: break;
  }
  if (c < 0x20 || c == 0x7f) return fmt::format("'\\x{:02x}'", c);
  if (c >= 0x80) return fmt::format("'\\u{:04x}'", 0xfffd);
  return fmt::format("'{}'", static_cast<char>(c));
}

class Checker {
 public:
  Checker(std::string_view text, int max_depth) : t_(text), max_depth_(max_depth) {}

  std::optional<JsonSyntaxError> run() {
    skip_ws();
    if (!value(0, "looking for beginning of value")) return error_;
    skip_ws();
    if (p_ < t_.size()) return fail("after top-level value");
    return std::nullopt;
  }

 private:
  std::optional<JsonSyntaxError> fail(std::string_view context) {
    if (p_ >= t_.size()) {
      error_ = JsonSyntaxError{t_.size(), "unexpected end of JSON input"};
    } else {
      error_ = JsonSyntaxError{p_, fmt::format("invalid character {} {}", quote_char(t_[p_]), context)};
    }
    return error_;
  }
  bool failed(std::string_view context) {
    fail(context);
    return false;
  }
  void skip_ws() {
    while (p_ < t_.size() && is_ws(t_[p_])) ++p_;
  }

  bool value(int depth, std::string_view context) {
    if (p_ >= t_.size()) return failed(context);
    char c = t_[p_];
    switch (c) {
      case '{': return object(depth + 1);
      case '[': return array(depth + 1);
      case '"': return string();
      case 't': return literal("true");
      case 'f': return literal("false");
      case 'n': return literal("null");
      default:
        if (c == '-' || (c >= '0' && c <= '9')) return number();
        return failed(context);
    }
  }

  bool too_deep(int depth) {
    if (depth <= max_depth_) return false;
    error_ = JsonSyntaxError{p_, fmt::format("exceeded max depth of {}", max_depth_)};
    return true;
  }

  bool object(int depth) {
    if (too_deep(depth)) return false;
    ++p_;
    skip_ws();
    if (p_ < t_.size() && t_[p_] == '}') {
      ++p_;
      return true;
    }
    for (;;) {
      if (p_ >= t_.size() || t_[p_] != '"') return failed("looking for beginning of object key string");
      if (!string()) return false;
      skip_ws();
      if (p_ >= t_.size() || t_[p_] != ':') return failed("after object key");
      ++p_;
      skip_ws();
      if (!value(depth, "looking for beginning of value")) return false;
      skip_ws();
      if (p_ < t_.size() && t_[p_] == ',') {
        ++p_;
        skip_ws();
        continue;
      }
      if (p_ < t_.size() && t_[p_] == '}') {
        ++p_;
        return true;
      }
      return failed("after object key:value pair");
    }
  }

  bool array(int depth) {
    if (too_deep(depth)) return false;
    ++p_;
    skip_ws();
    if (p_ < t_.size() && t_[p_] == ']') {
      ++p_;
      return true;
    }
    for (;;) {
      if (!value(depth, "looking for beginning of value")) return false;
      skip_ws();
      if (p_ < t_.size() && t_[p_] == ',') {
        ++p_;
        skip_ws();
        continue;
      }
      if (p_ < t_.size() && t_[p_] == ']') {
        ++p_;
        return true;
      }
      return failed("after array element");
    }
  }

  bool string() {
    ++p_;
    while (p_ < t_.size()) {
      unsigned char c = static_cast<unsigned char>(t_[p_]);
      if (c == '"') {
        ++p_;
        return true;
      }
      if (c < 0x20) return failed("in string literal");
      if (c == '\\') {
        ++p_;
        if (p_ >= t_.size()) return failed("in string escape code");
        char e = t_[p_];
        if (e == 'u') {
          ++p_;
          for (int i = 0; i < 4; ++i, ++p_) {
            if (p_ >= t_.size() || !std::isxdigit(static_cast<unsigned char>(t_[p_])))
              return failed("in \\u hexadecimal character escape");
          }
          continue;
        }
        if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) return failed("in string escape code");
      }
      ++p_;
    }
    return failed("in string literal");
  }

  bool literal(std::string_view word) {
    for (size_t i = 0; i < word.size(); ++i, ++p_) {
      if (p_ >= t_.size() || t_[p_] != word[i]) {
        if (i == 0) return failed("looking for beginning of value");
        return failed(fmt::format("in literal {} (expecting '{}')", word, word[i]));
      }
    }
    return true;
  }

  bool digit() const { return p_ < t_.size() && t_[p_] >= '0' && t_[p_] <= '9'; }

  bool number() {
    if (t_[p_] == '-') {
      ++p_;
      if (!digit()) return failed("in numeric literal");
    }
    if (t_[p_] == '0') {
      ++p_;
    } else {
      while (digit()) ++p_;
    }
    if (p_ < t_.size() && t_[p_] == '.') {
      ++p_;
      if (!digit()) return failed("after decimal point in numeric literal");
      while (digit()) ++p_;
    }
    if (p_ < t_.size() && (t_[p_] == 'e' || t_[p_] == 'E')) {
      ++p_;
      if (p_ < t_.size() && (t_[p_] == '+' || t_[p_] == '-')) ++p_;
      if (!digit()) return failed("in exponent of numeric literal");
      while (digit()) ++p_;
    }
    return true;
  }

  std::string_view t_;
  size_t p_ = 0;
  int max_depth_;
  std::optional<JsonSyntaxError> error_;
};

size_t skip_ws_at(std::string_view t, size_t p) {
  while (p < t.size() && is_ws(t[p])) ++p;
  return p;
}

void append_utf8(std::string& out, uint32_t cp) {
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

uint32_t hex4(std::string_view t, size_t p) {
  uint32_t v = 0;
  for (size_t i = 0; i < 4 && p + i < t.size(); ++i) {
    char c = t[p + i];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= static_cast<uint32_t>(c - '0');
    else if (c >= 'a' && c <= 'f') v |= static_cast<uint32_t>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') v |= static_cast<uint32_t>(c - 'A' + 10);
  }
  return v;
}

}  // namespace

std::optional<JsonSyntaxError> check_json_syntax(std::string_view text, int max_depth) {
  return Checker(text, max_depth).run();
}

std::string read_json_string(std::string_view t, size_t& p) {
  std::string out;
  ++p;  // opening quote
  while (p < t.size() && t[p] != '"') {
    if (t[p] != '\\') {
      out += t[p++];
      continue;
    }
    ++p;
    if (p >= t.size()) break;
    char e = t[p++];
    switch (e) {
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        uint32_t cp = hex4(t, p);
        p += 4;
        if (cp >= 0xD800 && cp < 0xDC00 && p + 6 <= t.size() && t[p] == '\\' && t[p + 1] == 'u') {
          uint32_t low = hex4(t, p + 2);
          if (low >= 0xDC00 && low < 0xE000) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            p += 6;
          }
        }
        if (cp >= 0xD800 && cp < 0xE000) cp = 0xFFFD;
        append_utf8(out, cp);
        break;
      }
      default: out += e; break;
    }
  }
  if (p < t.size()) ++p;  // closing quote
  return out;
}

std::optional<std::string> replace_lone_surrogates(std::string_view t) {
  std::optional<std::string> out;
  bool in_string = false;
  for (size_t p = 0; p < t.size(); ++p) {
    if (t[p] == '"') {
      in_string = !in_string;
      continue;
    }
    if (!in_string || t[p] != '\\') continue;
    if (p + 1 < t.size() && t[p + 1] != 'u') {
      ++p;  // a one-character escape, possibly of a quote
      continue;
    }
    if (p + 6 > t.size()) break;
    const uint32_t cp = hex4(t, p + 2);
    if (cp >= 0xD800 && cp < 0xDC00 && p + 12 <= t.size() && t[p + 6] == '\\' && t[p + 7] == 'u') {
      const uint32_t low = hex4(t, p + 8);
      if (low >= 0xDC00 && low < 0xE000) {
        p += 11;  // a pair
        continue;
      }
    }
    if (cp >= 0xD800 && cp < 0xE000) {
      if (!out) out.emplace(t);
      out->replace(p + 2, 4, "FFFD");
    }
    p += 5;
  }
  return out;
}

size_t skip_json_value(std::string_view t, size_t p) {
  if (p >= t.size()) return p;
  char c = t[p];
  if (c == '"') {
    ++p;
    while (p < t.size() && t[p] != '"') p += (t[p] == '\\') ? 2 : 1;
    return std::min(p + 1, t.size());
  }
  if (c == '{' || c == '[') {
    int depth = 0;
    while (p < t.size()) {
      char d = t[p];
      if (d == '"') {
        p = skip_json_value(t, p);
        continue;
      }
      if (d == '{' || d == '[') ++depth;
      if (d == '}' || d == ']') {
        if (--depth == 0) return p + 1;
      }
      ++p;
    }
    return p;
  }
  while (p < t.size() && !is_ws(t[p]) && t[p] != ',' && t[p] != '}' && t[p] != ']') ++p;
  return p;
}

size_t skip_json_ws(std::string_view text, size_t offset) { return skip_ws_at(text, offset); }

std::optional<size_t> locate_json_value(std::string_view t, const std::vector<JsonPathStep>& path) {
  size_t p = skip_ws_at(t, 0);
  for (const JsonPathStep& step : path) {
    if (p >= t.size()) return std::nullopt;
    if (const std::string* key = std::get_if<std::string>(&step)) {
      if (t[p] != '{') return std::nullopt;
      p = skip_ws_at(t, p + 1);
      bool found = false;
      while (p < t.size() && t[p] == '"') {
        std::string k = read_json_string(t, p);
        p = skip_ws_at(t, p);
        if (p < t.size() && t[p] == ':') ++p;
        p = skip_ws_at(t, p);
        if (k == *key) {
          found = true;
          break;
        }
        p = skip_ws_at(t, skip_json_value(t, p));
        if (p < t.size() && t[p] == ',') p = skip_ws_at(t, p + 1);
      }
      if (!found) return std::nullopt;
    } else {
      size_t index = std::get<size_t>(step);
      if (t[p] != '[') return std::nullopt;
      p = skip_ws_at(t, p + 1);
      for (size_t i = 0; i < index; ++i) {
        if (p >= t.size() || t[p] == ']') return std::nullopt;
        p = skip_ws_at(t, skip_json_value(t, p));
        if (p < t.size() && t[p] == ',') p = skip_ws_at(t, p + 1);
      }
      if (p >= t.size() || t[p] == ']') return std::nullopt;
    }
  }
  return p;
}

}  // namespace podfit
