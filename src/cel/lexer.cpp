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

namespace {

bool is_octal(char c) { return c >= '0' && c <= '7'; }

// Where ANTLR's lexer stops in an escape sequence that starts at s[k] == '\\': the index after
// it, or the index of the first character that cannot continue it (s.size() at the end).
std::size_t escape_end(std::string_view s, std::size_t k, bool* ok) {
  *ok = false;
  if (k + 1 >= s.size()) return s.size();
  const char e = s[k + 1];
  std::size_t digits = 0;
  bool (*digit)(char) = nullptr;
  switch (e) {
    case 'a': case 'b': case 'f': case 'n': case 'r': case 't': case 'v':
    case '"': case '\'': case '\\': case '?': case '`':
      *ok = true;
      return k + 2;
    case 'x': case 'X': digits = 2; digit = [](char c) { return hex_value(c) >= 0; }; break;
    case 'u': digits = 4; digit = [](char c) { return hex_value(c) >= 0; }; break;
    case 'U': digits = 8; digit = [](char c) { return hex_value(c) >= 0; }; break;
    default:
      if (e < '0' || e > '3') return k + 1;
      digits = 2;
      digit = is_octal;
  }
  for (std::size_t n = 0; n < digits; ++n) {
    const std::size_t at = k + 2 + n;
    if (at >= s.size() || !digit(s[at])) return std::min(at, s.size());
  }
  *ok = true;
  return k + 2 + digits;
}

// A quoted literal's body from s[from], ANTLR's way: the index after the closing quote(s), or
// the index of the character where no rule continues (s.size() at the end) with *closed false.
std::size_t quoted_end(std::string_view s, std::size_t from, char q, bool triple, bool raw, bool* closed) {
  *closed = false;
  std::size_t k = from;
  while (k < s.size()) {
    const char c = s[k];
    if (c == '\\' && !raw) {
      bool ok = false;
      const std::size_t next = escape_end(s, k, &ok);
      if (!ok) return next;
      k = next;
      continue;
    }
    if (triple) {
      if (c == q && k + 2 < s.size() && s[k + 1] == q && s[k + 2] == q) {
        *closed = true;
        return k + 3;
      }
    } else {
      if (c == '\n' || c == '\r') return k;
      if (c == q) {
        *closed = true;
        return k + 1;
      }
    }
    ++k;
  }
  return s.size();
}

// The length of the UTF-8 sequence a byte starts (1 for a stray continuation byte).
std::size_t utf8_length(unsigned char c) {
  if (c >= 0xF0) return 4;
  if (c >= 0xE0) return 3;
  if (c >= 0xC0) return 2;
  return 1;
}

}  // namespace

std::vector<Token> tokenize(std::string_view s, bool backquotes) {
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
  // ANTLR's lexer when no token fits: it reports the text from the token's start through the
  // character that stopped it (the end of input adds none), skips that character and goes on.
  auto unrecognised = [&](std::size_t start, std::size_t stop) {
    std::size_t end = stop < s.size() ? std::min(s.size(), stop + utf8_length(static_cast<unsigned char>(s[stop]))) : s.size();
    fail(start, "token recognition error at: '" + std::string(s.substr(start, end - start)) + "'");
    toks.back().text = s.substr(start, end - start);  // the text skipped
    i = end;
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
    // Quoted literals: r/R makes a string raw, b/B makes it bytes, in that order (br'...').
    {
      std::size_t j = i;
      bool raw = false, bytes = false;
      if (j < s.size() && (s[j] == 'b' || s[j] == 'B')) {
        bytes = true;
        ++j;
      }
      if (j < s.size() && (s[j] == 'r' || s[j] == 'R')) {
        raw = true;
        ++j;
      }
      if (j < s.size() && (s[j] == '"' || s[j] == '\'')) {
        const char q = s[j];
        const bool triple = j + 2 < s.size() && s[j + 1] == q && s[j + 2] == q;
        bool closed = false;
        std::size_t end = quoted_end(s, j + (triple ? 3 : 1), q, triple, raw, &closed);
        std::size_t body_start = j + (triple ? 3 : 1);
        if (!closed && triple) {
          // The longest literal that did end: the empty one the first two quotes make.
          closed = true;
          end = j + 2;
          body_start = j + 1;
        }
        if (!closed) {
          if (j > start) {
            // The prefix letters alone are an identifier; the quote starts over.
            push(Tok::Ident, start, j);
            i = j;
            continue;
          }
          unrecognised(start, end);
          continue;
        }
        const std::size_t quotes = end - j == 2 ? 1 : (triple ? 3 : 1);
        std::string_view body = s.substr(body_start, end - quotes - body_start);
        std::string out, err;
        const bool decoded = decode_string_body(body, raw, bytes, out, err);
        push(bytes ? Tok::Bytes : Tok::String, start, end);
        toks.back().value = std::move(out);
        // A code point no string may hold: the literal stands, its error is reported.
        if (!decoded) fail(start, err);
        i = end;
        continue;
      }
    }
    if (c == '`' && backquotes) {
      // A backquoted field name: `content-type`, `foo.txt` (at least one character).
      std::size_t k = i + 1;
      while (k < s.size() && (is_ident_char(s[k]) || s[k] == '.' || s[k] == '-' || s[k] == '/' || s[k] == ' ')) ++k;
      if (k == i + 1 || k >= s.size() || s[k] != '`') {
        unrecognised(start, k);
        continue;
      }
      push(Tok::QuotedIdent, start, k + 1);
      toks.back().value = std::string(s.substr(i + 1, k - i - 1));
      i = k + 1;
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
      if (c == '0' && i + 2 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X') && hex_value(s[i + 2]) >= 0) {
        i += 2;
        while (i < s.size() && hex_value(s[i]) >= 0) ++i;
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
        case '=': case '&': case '|':
          unrecognised(start, i + 1);  // only doubled, or '=' after '!', '<' or '>'
          continue;
        default:
          unrecognised(start, i);
          continue;
      }
    }
    i += len;
    push(k, start, i);
  }
  push(Tok::End, s.size(), s.size());
  return toks;
}

}  // namespace podfit::cel
