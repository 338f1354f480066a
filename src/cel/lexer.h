// Tokens of CEL's grammar (cel-spec langdef.md, "Syntax").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace podfit::cel {

enum class Tok : std::uint8_t {
  End, Error, Ident, QuotedIdent, Int, Uint, Double, String, Bytes,
  True, False, Null, In, Reserved,
  LParen, RParen, LBracket, RBracket, LBrace, RBrace,
  Dot, Comma, Colon, Question, Plus, Minus, Star, Slash, Percent,
  Not, Less, LessEq, Greater, GreaterEq, Eq, NotEq, And, Or,
};

struct Token {
  Tok kind = Tok::End;
  std::int32_t offset = 0;
  std::string_view text;   // the source text of the token
  std::string value;       // decoded string/bytes literal, or the error message for Tok::Error
};

// Splits source into tokens as CEL's ANTLR lexer does. Text no token fits becomes a Tok::Error
// token with ANTLR's message, and lexing goes on after it; a literal whose escape names no
// valid code point is followed by a Tok::Error token with the reason.
// `backquotes`: a backquoted name is a token (cel-go from v0.23); before, '`' starts none.
std::vector<Token> tokenize(std::string_view source, bool backquotes = true);

// Decodes the body of a quoted literal (without prefix and quotes); false with a message on a
// bad escape. Exposed for tests.
bool decode_string_body(std::string_view body, bool raw, bool bytes, std::string& out, std::string& err);

}  // namespace podfit::cel
