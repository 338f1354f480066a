// CEL's lexical grammar: identifiers, reserved words, numbers, quoted literals with every
// escape the spec defines, comments.
#include "lexer.h"

#include "internal.h"

#include <algorithm>
#include <cctype>

namespace podfit::cel {
namespace {

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool is_reserved(std::string_view w) {
  static constexpr std::string_view kReserved[] = {
      "as", "break", "const", "continue", "else", "for", "function", "if", "import",
      "let", "loop", "package", "namespace", "return", "var", "void", "while"};
  for (auto r : kReserved)
    if (r == w) return true;
  return false;
}

}  // namespace

bool decode_string_body(std::string_view body, bool raw, bool bytes, std::string& out, std::string& err) {
  out.clear();
  if (raw) {
    out.assign(body);
    return true;
  }
  for (std::size_t i = 0; i < body.size();) {
    char c = body[i];
    if (c != '\\') {
      out += c;
      ++i;
      continue;
    }
    if (i + 1 >= body.size()) {
      err = "invalid escape sequence";
      return false;
    }
    char e = body[i + 1];
    i += 2;
    switch (e) {
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case '\\': out += '\\'; break;
      case '?': out += '?'; break;
      case '"': out += '"'; break;
      case '\'': out += '\''; break;
      case '`': out += '`'; break;
      case 'x': case 'X': case 'u': case 'U': {
        std::size_t n = (e == 'x' || e == 'X') ? 2 : (e == 'u' ? 4 : 8);
        if (i + n > body.size()) {
          err = "invalid escape sequence";
          return false;
        }
        std::uint32_t cp = 0;
        for (std::size_t k = 0; k < n; ++k) {
          int h = hex_value(body[i + k]);
          if (h < 0) {
            err = "invalid escape sequence";
            return false;
          }
          cp = cp * 16 + static_cast<std::uint32_t>(h);
        }
        i += n;
        if (bytes && n == 2) {
          out += static_cast<char>(cp);
        } else {
          if (cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)) {
            err = "invalid unicode code point";
            return false;
          }
          append_utf8(out, cp);
        }
        break;
      }
      default:
        if (e >= '0' && e <= '3') {
          if (i + 2 > body.size() || body[i] < '0' || body[i] > '7' || body[i + 1] < '0' || body[i + 1] > '7') {
            err = "invalid escape sequence";
            return false;
          }
          std::uint32_t v = static_cast<std::uint32_t>((e - '0') * 64 + (body[i] - '0') * 8 + (body[i + 1] - '0'));
          i += 2;
          if (bytes) out += static_cast<char>(v);
          else append_utf8(out, v);
          break;
        }
        err = "invalid escape sequence";
        return false;
    }
  }
  return true;
}

std::vector<Token> tokenize(std::string_view s) {
  std::vector<Token> toks;
  std::size_t i = 0;
  auto push = [&](Tok k, std::size_t start, std::size_t end) {
    Token t;
    t.kind = k;
    t.offset = static_cast<std::int32_t>(start);
    t.text = s.substr(start, end - start);
    toks.push_back(std::move(t));
  };
  auto fail = [&](std::size_t start, std::string msg) {
    Token t;
    t.kind = Tok::Error;
    t.offset = static_cast<std::int32_t>(start);
    t.text = s.substr(start, 1);
    t.value = std::move(msg);
    toks.push_back(std::move(t));
  };
  while (i < s.size()) {
    char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      while (i < s.size() && s[i] != '\n') ++i;
      continue;
    }
    std::size_t start = i;
    // Quoted literals, with r/R (raw) and b/B (bytes) prefixes in either order.
    {
      std::size_t j = i;
      bool raw = false, bytes = false;
      for (int k = 0; k < 2 && j < s.size(); ++k) {
        char p = s[j];
        if ((p == 'r' || p == 'R') && !raw) {
          raw = true;
          ++j;
        } else if ((p == 'b' || p == 'B') && !bytes) {
          bytes = true;
          ++j;
        } else {
          break;
        }
      }
      if (j < s.size() && (s[j] == '"' || s[j] == '\'')) {
        char q = s[j];
        bool triple = j + 2 < s.size() && s[j + 1] == q && s[j + 2] == q;
        std::size_t body_start = j + (triple ? 3 : 1);
        std::size_t k = body_start;
        bool closed = false;
        while (k < s.size()) {
          if (s[k] == '\\' && !raw) {
            k += 2;
            continue;
          }
          if (!triple && (s[k] == '\n' || s[k] == '\r')) break;
          if (s[k] == q && (!triple || (k + 2 < s.size() && s[k + 1] == q && s[k + 2] == q))) {
            closed = true;
            break;
          }
          ++k;
        }
        if (!closed) {
          fail(start, "token recognition error at: '" + std::string(s.substr(start, std::min<std::size_t>(s.size() - start, 8))) + "'");
          return toks;
        }
        std::string_view body = s.substr(body_start, k - body_start);
        std::size_t end = k + (triple ? 3 : 1);
        std::string out, err;
        if (!decode_string_body(body, raw, bytes, out, err)) {
          fail(start, err);
          return toks;
        }
        push(bytes ? Tok::Bytes : Tok::String, start, end);
        toks.back().value = std::move(out);
        i = end;
        continue;
      }
    }
    if (c == '`') {
      // A backquoted field name: `content-type`, `foo.txt`.
      std::size_t close = s.find('`', i + 1);
      if (close == std::string_view::npos || close == i + 1) {
        fail(start, "token recognition error at: '`'");
        return toks;
      }
      for (std::size_t k = i + 1; k < close; ++k) {
        char q = s[k];
        if (!(is_ident_char(q) || q == '.' || q == '-' || q == '/' || q == ' ')) {
          fail(start, "token recognition error at: '`'");
          return toks;
        }
      }
      push(Tok::QuotedIdent, start, close + 1);
      toks.back().value = std::string(s.substr(i + 1, close - i - 1));
      i = close + 1;
      continue;
    }
    if (is_ident_start(c)) {
      while (i < s.size() && is_ident_char(s[i])) ++i;
      std::string_view w = s.substr(start, i - start);
      Tok k = Tok::Ident;
      if (w == "true") k = Tok::True;
      else if (w == "false") k = Tok::False;
      else if (w == "null") k = Tok::Null;
      else if (w == "in") k = Tok::In;
      else if (is_reserved(w)) k = Tok::Reserved;
      push(k, start, i);
      continue;
    }
    if (is_digit(c) || (c == '.' && i + 1 < s.size() && is_digit(s[i + 1]))) {
      if (c == '0' && i + 1 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
        i += 2;
        std::size_t digits = i;
        while (i < s.size() && hex_value(s[i]) >= 0) ++i;
        if (i == digits) {
          fail(start, "invalid hex literal");
          return toks;
        }
        if (i < s.size() && (s[i] == 'u' || s[i] == 'U')) {
          ++i;
          push(Tok::Uint, start, i);
        } else {
          push(Tok::Int, start, i);
        }
        continue;
      }
      bool is_double = false;
      while (i < s.size() && is_digit(s[i])) ++i;
      if (i + 1 < s.size() && s[i] == '.' && is_digit(s[i + 1])) {
        is_double = true;
        ++i;
        while (i < s.size() && is_digit(s[i])) ++i;
      }
      if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
        if (j < s.size() && is_digit(s[j])) {
          is_double = true;
          i = j;
          while (i < s.size() && is_digit(s[i])) ++i;
        }
      }
      if (!is_double && i < s.size() && (s[i] == 'u' || s[i] == 'U')) {
        ++i;
        push(Tok::Uint, start, i);
      } else {
        push(is_double ? Tok::Double : Tok::Int, start, i);
      }
      continue;
    }
    auto two = [&](char a, char b) { return c == a && i + 1 < s.size() && s[i + 1] == b; };
    Tok k;
    std::size_t len = 1;
    if (two('<', '=')) { k = Tok::LessEq; len = 2; }
    else if (two('>', '=')) { k = Tok::GreaterEq; len = 2; }
    else if (two('=', '=')) { k = Tok::Eq; len = 2; }
    else if (two('!', '=')) { k = Tok::NotEq; len = 2; }
    else if (two('&', '&')) { k = Tok::And; len = 2; }
    else if (two('|', '|')) { k = Tok::Or; len = 2; }
    else {
      switch (c) {
        case '(': k = Tok::LParen; break;
        case ')': k = Tok::RParen; break;
        case '[': k = Tok::LBracket; break;
        case ']': k = Tok::RBracket; break;
        case '{': k = Tok::LBrace; break;
        case '}': k = Tok::RBrace; break;
        case '.': k = Tok::Dot; break;
        case ',': k = Tok::Comma; break;
        case ':': k = Tok::Colon; break;
        case '?': k = Tok::Question; break;
        case '+': k = Tok::Plus; break;
        case '-': k = Tok::Minus; break;
        case '*': k = Tok::Star; break;
        case '/': k = Tok::Slash; break;
        case '%': k = Tok::Percent; break;
        case '!': k = Tok::Not; break;
        case '<': k = Tok::Less; break;
        case '>': k = Tok::Greater; break;
        default:
          fail(start, "token recognition error at: '" + std::string(1, c) + "'");
          return toks;
      }
    }
    i += len;
    push(k, start, i);
  }
  push(Tok::End, s.size(), s.size());
  return toks;
}

}  // namespace podfit::cel
