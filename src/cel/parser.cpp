// Recursive-descent parser for CEL's grammar with cel-go's operator precedence, literal rules,
// limits and macro expansion.
#include "parser.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <limits>

#include "lexer.h"

namespace podfit::cel {
namespace {

constexpr const char* kAccu = "@result";
// The tokens an expression may start with, as ANTLR lists CEL's.
const std::string kExprStart =
    "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";

struct DepthGuard {
  int& d;
  explicit DepthGuard(int& depth) : d(depth) { ++d; }
  ~DepthGuard() { --d; }
};

class Parser {
 public:
  Parser(std::string_view src, const ParseOptions& o) : src_(src), opts_(o) {}

  ParseResult run() {
    ParseResult r;
    std::size_t code_points = 0;
    for (unsigned char c : src_)
      if ((c & 0xC0) != 0x80) ++code_points;
    if (code_points > opts_.max_expression_length) {
      r.issues.push_back({kNoLocation, "expression code point size exceeds limit: size: " + std::to_string(code_points) +
                                 ", limit " + std::to_string(opts_.max_expression_length)});
      return r;
    }
    // The lexer's errors are reported and its unrecognised text left out, as ANTLR's parser
    // never sees it; parsing goes on over the tokens.
    std::vector<Issue> lexical;
    toks_ = tokenize(src_);
    std::erase_if(toks_, [&](const Token& t) {
      if (t.kind != Tok::Error) return false;
      lexical.push_back({t.offset, "Syntax error: " + t.value});
      return true;
    });
    ExprPtr e = expr();
    // cel-go's visitor walks the parse tree once parsing is done, counting nested operators,
    // selects, calls and indexes.
    if (issues_.empty() && e && e->nesting > opts_.max_recursion_depth) error_at(kNoLocation, "max recursion depth exceeded");
    if (issues_.empty() && e && tree_depth(*e) > opts_.max_ast_depth)
      error_at(0, "expression nesting exceeds limit: " + std::to_string(opts_.max_ast_depth));
    // One token too many is deleted ("extraneous"); more are a mismatch.
    if (issues_.empty() && peek().kind != Tok::End) {
      error_at(peek(), std::string("Syntax error: ") + (peek(1).kind == Tok::End ? "extraneous" : "mismatched") +
                           " input '" + tok_text(peek()) + "' expecting <EOF>");
    }
    r.issues = std::move(lexical);
    r.issues.insert(r.issues.end(), std::make_move_iterator(issues_.begin()), std::make_move_iterator(issues_.end()));
    if (r.issues.empty()) r.expr = std::move(e);
    r.next_id = next_id_;
    return r;
  }

 private:
  std::string_view src_;
  const ParseOptions& opts_;
  std::vector<Token> toks_;
  std::size_t pos_ = 0;
  // How deep the grammar's rules expr, relation and calc are entered, as ANTLR's parse
  // listener counts them for cel-go: a relation or calc rule is entered once more for the right
  // operand of its operators.
  int depth_ = 0;
  int relation_depth_ = 0;
  int calc_depth_ = 0;
  std::int64_t next_id_ = 1;
  std::vector<Issue> issues_;
  // The tokens that close each construct the parser is inside (outermost first): what may
  // follow a complete expression there, besides operators and member steps.
  std::vector<std::uint64_t> closers_{bit(Tok::End)};

  static constexpr std::uint64_t bit(Tok t) { return std::uint64_t{1} << static_cast<unsigned>(t); }
  struct Inside {
    Parser& p;
    Inside(Parser& parser, std::uint64_t closers) : p(parser) { p.closers_.push_back(closers); }
    ~Inside() { p.closers_.pop_back(); }
  };
  // Whether t may follow a complete member where the innermost construct has been closed.
  bool may_follow_member(const Token& t) const {
    constexpr std::uint64_t steps_and_operators =
        bit(Tok::Dot) | bit(Tok::LBracket) | bit(Tok::Question) | bit(Tok::Plus) | bit(Tok::Minus) |
        bit(Tok::Star) | bit(Tok::Slash) | bit(Tok::Percent) | bit(Tok::Less) | bit(Tok::LessEq) |
        bit(Tok::Greater) | bit(Tok::GreaterEq) | bit(Tok::Eq) | bit(Tok::NotEq) | bit(Tok::In) | bit(Tok::And) |
        bit(Tok::Or);
    return ((steps_and_operators | closers_.back()) & bit(t.kind)) != 0;
  }
  // The close of a list, map or message, where an optional trailing comma may come first: what
  // ANTLR's sync reports before the optional comma.
  void expect_close_after_comma(Tok k, const char* set) {
    if (peek().kind == k) {
      advance();
      return;
    }
    if (failed()) return;
    const bool deletable = peek(1).kind == k || peek(1).kind == Tok::Comma;
    error_at(peek(), std::string("Syntax error: ") + (deletable ? "extraneous" : "mismatched") + " input '" +
                         tok_text(peek()) + "' expecting " + set);
  }
  // ANTLR's match for the token closing a construct: a missing one is "inserted" when what
  // comes next could follow it, one stray token before it is "deleted", else a mismatch.
  void expect_close(Tok k, const char* what) {
    if (peek().kind == k) {
      advance();
      return;
    }
    if (failed()) return;
    if (peek(1).kind == k) {
      error_at(peek(), "Syntax error: extraneous input '" + tok_text(peek()) + "' expecting " + what);
    } else if (may_follow_member(peek())) {
      error_at(peek(), std::string("Syntax error: missing ") + what + " at '" + tok_text(peek()) + "'");
    } else {
      error_at(peek(), "Syntax error: mismatched input '" + tok_text(peek()) + "' expecting " + what);
    }
  }

  // The depth of the tree, measured without recursion.
  static std::size_t tree_depth(const Expr& root) {
    std::size_t max = 0;
    std::vector<std::pair<const Expr*, std::size_t>> stack{{&root, 1}};
    while (!stack.empty()) {
      auto [e, d] = stack.back();
      stack.pop_back();
      max = std::max(max, d);
      if (e->target) stack.emplace_back(e->target.get(), d + 1);
      for (const auto& a : e->args) stack.emplace_back(a.get(), d + 1);
      for (const auto* p : {&e->iter_range, &e->accu_init, &e->loop_cond, &e->loop_step, &e->result})
        if (*p) stack.emplace_back(p->get(), d + 1);
    }
    return max;
  }

  const Token& peek(std::size_t ahead = 0) const {
    std::size_t p = pos_ + ahead;
    return p < toks_.size() ? toks_[p] : toks_.back();
  }
  const Token& advance() {
    const Token& t = toks_[pos_];
    if (pos_ + 1 < toks_.size()) ++pos_;
    return t;
  }
  bool accept(Tok k) {
    if (peek().kind != k) return false;
    advance();
    return true;
  }
  static std::string tok_text(const Token& t) { return t.kind == Tok::End ? "<EOF>" : std::string(t.text); }
  void error_at(std::int32_t off, std::string msg) {
    if (issues_.size() < 100) issues_.push_back({off, std::move(msg)});
  }
  void error_at(const Token& t, std::string msg) { error_at(t.offset, std::move(msg)); }
  bool failed() const { return !issues_.empty(); }
  void expect(Tok k, const char* what) {
    if (peek().kind == k) {
      advance();
      return;
    }
    if (!failed()) error_at(peek(), "Syntax error: mismatched input '" + tok_text(peek()) + "' expecting " + what);
  }

  ExprPtr node(Expr::K k, std::int32_t off) {
    auto e = std::make_unique<Expr>();
    e->kind = k;
    e->id = next_id_++;
    e->offset = off;
    if (static_cast<std::size_t>(next_id_) > opts_.max_nodes && !failed())
      error_at(off, "expression size exceeds limit: " + std::to_string(opts_.max_nodes) + " nodes");
    return e;
  }
  // The operators cel-go's visitor counts (a member call counts too); ! and - prefixes, && and
  // || chains and global calls do not.
  static bool counted_operator(std::string_view fn) {
    static constexpr std::string_view kCounted[] = {"_?_:_", "_<_", "_<=_", "_>_", "_>=_", "_==_", "_!=_", "@in",
                                                    "_+_",   "_-_", "_*_",  "_/_", "_%_",  "_[_]", "_[?_]"};
    return std::find(std::begin(kCounted), std::end(kCounted), fn) != std::end(kCounted);
  }
  static std::int32_t deepest(const std::vector<ExprPtr>& es, std::int32_t from = 0) {
    for (const auto& e : es)
      if (e) from = std::max(from, e->nesting);
    return from;
  }
  ExprPtr call(std::int32_t off, std::string fn, std::vector<ExprPtr> args, ExprPtr target = nullptr) {
    auto e = node(Expr::K::Call, off);
    bool counted = target != nullptr || counted_operator(fn);
    e->nesting = deepest(args, target ? target->nesting : 0) + (counted ? 1 : 0);
    e->name = std::move(fn);
    e->args = std::move(args);
    e->target = std::move(target);
    return e;
  }
  ExprPtr call2(std::int32_t off, std::string fn, ExprPtr a, ExprPtr b) {
    std::vector<ExprPtr> v;
    v.push_back(std::move(a));
    v.push_back(std::move(b));
    return call(off, std::move(fn), std::move(v));
  }
  ExprPtr ident(std::int32_t off, std::string name) {
    auto e = node(Expr::K::Ident, off);
    e->name = std::move(name);
    return e;
  }
  ExprPtr constant(std::int32_t off, Value v) {
    auto e = node(Expr::K::Const, off);
    e->constant = std::move(v);
    return e;
  }
  ExprPtr bad(std::int32_t off) { return constant(off, Value::null()); }

  // False, with cel-go's error, once a rule is entered deeper than the limit.
  bool within_limit(int depth) {
    if (depth > opts_.max_recursion_depth) {
      if (!failed()) error_at(kNoLocation, "expression recursion limit exceeded: " + std::to_string(opts_.max_recursion_depth));
      return false;
    }
    return true;
  }
  // `parse` run one invocation deeper in the rule counted by `depth`.
  template <class F>
  ExprPtr in_rule(int& depth, F&& parse) {
    DepthGuard g(depth);
    if (!within_limit(depth)) return bad(peek().offset);
    return parse();
  }

  // expr: or ('?' or ':' expr)?
  ExprPtr expr() {
    DepthGuard g(depth_);
    if (!within_limit(depth_)) return bad(peek().offset);
    ExprPtr c = logical(Tok::Or);
    if (peek().kind != Tok::Question || failed()) return c;
    std::int32_t off = advance().offset;
    ExprPtr a;
    {
      Inside inside(*this, bit(Tok::Colon));
      a = logical(Tok::Or);
    }
    expect(Tok::Colon, "':'");
    ExprPtr b = expr();
    std::vector<ExprPtr> args;
    args.push_back(std::move(c));
    args.push_back(std::move(a));
    args.push_back(std::move(b));
    return call(off, "_?_:_", std::move(args));
  }

  // A chain of || or && operands, built as a balanced tree as cel-go does.
  ExprPtr logical(Tok op) {
    std::vector<ExprPtr> operands;
    std::vector<std::int32_t> offs;
    operands.push_back(op == Tok::Or ? logical(Tok::And) : relation());
    while (peek().kind == op && !failed()) {
      offs.push_back(advance().offset);
      operands.push_back(op == Tok::Or ? logical(Tok::And) : relation());
    }
    if (operands.size() == 1) return std::move(operands[0]);
    return balance(op == Tok::Or ? "_||_" : "_&&_", operands, offs, 0, operands.size() - 1);
  }
  ExprPtr balance(const char* fn, std::vector<ExprPtr>& ops, const std::vector<std::int32_t>& offs, std::size_t lo,
                  std::size_t hi) {
    if (lo == hi) return std::move(ops[lo]);
    std::size_t mid = (lo + hi + 1) / 2;
    ExprPtr l = balance(fn, ops, offs, lo, mid - 1);
    ExprPtr r = balance(fn, ops, offs, mid, hi);
    return call2(offs[mid - 1], fn, std::move(l), std::move(r));
  }

  ExprPtr relation() {
    return in_rule(relation_depth_, [&] { return relation_chain(); });
  }
  ExprPtr relation_chain() {
    ExprPtr l = addition();
    for (;;) {
      const char* fn = nullptr;
      switch (peek().kind) {
        case Tok::Less: fn = "_<_"; break;
        case Tok::LessEq: fn = "_<=_"; break;
        case Tok::Greater: fn = "_>_"; break;
        case Tok::GreaterEq: fn = "_>=_"; break;
        case Tok::Eq: fn = "_==_"; break;
        case Tok::NotEq: fn = "_!=_"; break;
        case Tok::In: fn = "@in"; break;
        default: break;
      }
      if (!fn || failed()) return l;
      std::int32_t off = advance().offset;
      l = call2(off, fn, std::move(l), in_rule(relation_depth_, [&] { return addition(); }));
    }
  }

  ExprPtr addition() {
    return in_rule(calc_depth_, [&] { return addition_chain(); });
  }
  ExprPtr addition_chain() {
    ExprPtr l = multiplication();
    for (;;) {
      const char* fn = peek().kind == Tok::Plus ? "_+_" : peek().kind == Tok::Minus ? "_-_" : nullptr;
      if (!fn || failed()) return l;
      std::int32_t off = advance().offset;
      l = call2(off, fn, std::move(l), in_rule(calc_depth_, [&] { return multiplication(); }));
    }
  }

  ExprPtr multiplication() {
    ExprPtr l = unary();
    for (;;) {
      const char* fn = peek().kind == Tok::Star      ? "_*_"
                       : peek().kind == Tok::Slash   ? "_/_"
                       : peek().kind == Tok::Percent ? "_%_"
                                                     : nullptr;
      if (!fn || failed()) return l;
      std::int32_t off = advance().offset;
      l = call2(off, fn, std::move(l), in_rule(calc_depth_, [&] { return unary(); }));
    }
  }

  static bool is_number(const Token& t) { return t.kind == Tok::Int || t.kind == Tok::Double; }
  // The tokens a member (a primary, then selections, calls and indexes) may start with.
  static bool starts_member(const Token& t) {
    switch (t.kind) {
      case Tok::LBracket: case Tok::LBrace: case Tok::LParen: case Tok::Dot: case Tok::True: case Tok::False:
      case Tok::Null: case Tok::Int: case Tok::Uint: case Tok::Double: case Tok::String: case Tok::Bytes:
      case Tok::Ident: case Tok::Reserved:
        return true;
      default:
        return false;
    }
  }
  // ANTLR's "no viable alternative": the text of the tokens from the decision's first through
  // the one no alternative takes (the end of input adds none), reported at that token.
  void no_viable_alternative(const Token& from, const Token& at) {
    const std::size_t end = at.kind == Tok::End ? src_.size() : static_cast<std::size_t>(at.offset) + at.text.size();
    std::string text;
    for (char c : src_.substr(static_cast<std::size_t>(from.offset), end - static_cast<std::size_t>(from.offset))) {
      if (c == '\n') text += "\\n";
      else if (c == '\r') text += "\\r";
      else if (c == '\t') text += "\\t";
      else text += c;
    }
    error_at(at, "Syntax error: no viable alternative at input '" + text + "'");
  }

  // cel-go's unary rule: a negative number literal; a run of '!' before a member (or before a
  // negative number); a run of '-' before a member. The operators never mix. The run is
  // collected in a loop (no recursion), then applied inside out.
  ExprPtr unary() {
    const Token& t = peek();
    if (t.kind == Tok::Minus && is_number(peek(1))) {
      advance();
      return member(literal_number(true));
    }
    if (t.kind != Tok::Not && t.kind != Tok::Minus) return member(primary());
    const Tok op = t.kind;
    std::vector<const Token*> ops;
    while (peek().kind == op) ops.push_back(&advance());
    ExprPtr operand;
    if (op == Tok::Not && peek().kind == Tok::Minus) {
      // Only a number literal's sign may follow '!'.
      if (!is_number(peek(1))) {
        no_viable_alternative(peek(), peek(1));
        return bad(t.offset);
      }
      advance();
      operand = member(literal_number(true));
    } else if (!starts_member(peek())) {
      if (op == Tok::Minus) {
        no_viable_alternative(*ops.back(), peek());
      } else {
        error_at(peek(), "Syntax error: extraneous input '" + tok_text(peek()) + "' expecting " + kExprStart);
      }
      return bad(t.offset);
    } else {
      operand = member(primary());
    }
    for (std::size_t i = ops.size(); i-- > 0;) {
      std::vector<ExprPtr> a;
      a.push_back(std::move(operand));
      operand = call(ops[i]->offset, ops[i]->kind == Tok::Not ? "!_" : "-_", std::move(a));
    }
    return operand;
  }

  ExprPtr literal_number(bool negative) {
    std::int32_t off = negative ? toks_[pos_ - 1].offset : peek().offset;
    const Token& t = advance();
    std::string text(t.text);
    if (t.kind == Tok::Double) {
      errno = 0;
      double d = std::strtod(text.c_str(), nullptr);
      return constant(off, Value::double_(negative ? -d : d));
    }
    bool is_uint = t.kind == Tok::Uint;
    if (is_uint) text.pop_back();
    int base = 10;
    std::string digits = text;
    if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
      base = 16;
      digits = digits.substr(2);
    }
    errno = 0;
    char* end = nullptr;
    unsigned long long u = std::strtoull(digits.c_str(), &end, base);
    bool range = errno == ERANGE;
    if (is_uint) {
      if (range) {
        error_at(off, "invalid uint literal");
        return bad(off);
      }
      return constant(off, Value::uint(u));
    }
    constexpr unsigned long long kMax = static_cast<unsigned long long>(std::numeric_limits<std::int64_t>::max());
    if (range || u > kMax + (negative ? 1 : 0)) {
      error_at(off, "invalid int literal");
      return bad(off);
    }
    if (negative) {
      std::int64_t v = u == kMax + 1 ? std::numeric_limits<std::int64_t>::min() : -static_cast<std::int64_t>(u);
      return constant(off, Value::int_(v));
    }
    return constant(off, Value::int_(static_cast<std::int64_t>(u)));
  }

  // Comma-separated expressions up to `close`; optional `?` markers when allowed.
  void expr_list(Tok close, std::vector<ExprPtr>& out, std::vector<bool>* optional_marks) {
    if (peek().kind == close) return;
    for (;;) {
      bool opt = false;
      if (optional_marks && peek().kind == Tok::Question) {
        if (!opts_.optional_syntax) {
          error_at(peek(), "unsupported syntax '?'");
        }
        advance();
        opt = true;
      }
      out.push_back(expr());
      if (optional_marks) optional_marks->push_back(opt);
      if (failed()) return;
      if (!accept(Tok::Comma)) return;
      if (peek().kind == close && optional_marks) return;  // a list's trailing comma; a call has none
    }
  }

  ExprPtr member(ExprPtr operand) {
    for (;;) {
      if (failed()) return operand;
      const Token& t = peek();
      if (t.kind == Tok::Dot) {
        advance();
        bool opt = false;
        if (peek().kind == Tok::Question) {
          if (!opts_.optional_syntax) error_at(peek(), "unsupported syntax '.?'");
          advance();
          opt = true;
        }
        const Token& id = peek();
        // Reserved words may name fields and member functions; backquotes quote any name.
        if (id.kind != Tok::Ident && id.kind != Tok::Reserved && id.kind != Tok::QuotedIdent) {
          error_at(id, "Syntax error: mismatched input '" + tok_text(id) + "' expecting IDENTIFIER");
          return operand;
        }
        advance();
        std::string field = id.kind == Tok::QuotedIdent ? id.value : std::string(id.text);
        if (!opt && id.kind != Tok::QuotedIdent && peek().kind == Tok::LParen) {
          std::int32_t off = advance().offset;
          std::vector<ExprPtr> args;
          {
            Inside inside(*this, bit(Tok::Comma) | bit(Tok::RParen));
            expr_list(Tok::RParen, args, nullptr);
          }
          expect_close(Tok::RParen, "')'");
          std::int32_t nesting = deepest(args, operand->nesting) + 1;
          operand = member_call(off, std::string(id.text), std::move(operand), std::move(args));
          operand->nesting = nesting;
          continue;
        }
        auto s = node(Expr::K::Select, t.offset);
        s->name = std::move(field);
        s->nesting = operand->nesting + 1;
        s->target = std::move(operand);
        s->optional = opt;
        operand = std::move(s);
      } else if (t.kind == Tok::LBracket) {
        advance();
        bool opt = false;
        if (peek().kind == Tok::Question) {
          if (!opts_.optional_syntax) error_at(peek(), "unsupported syntax '[?'");
          advance();
          opt = true;
        }
        ExprPtr idx;
        {
          Inside inside(*this, bit(Tok::RBracket));
          idx = expr();
        }
        expect_close(Tok::RBracket, "']'");
        operand = call2(t.offset, opt ? "_[?_]" : "_[_]", std::move(operand), std::move(idx));
      } else {
        return operand;
      }
    }
  }

  ExprPtr primary() {
    const Token& t = peek();
    switch (t.kind) {
      case Tok::Int:
      case Tok::Uint:
      case Tok::Double:
        return literal_number(false);
      case Tok::String:
        advance();
        return constant(t.offset, Value::string(t.value));
      case Tok::Bytes:
        advance();
        return constant(t.offset, Value::bytes(t.value));
      case Tok::True:
        advance();
        return constant(t.offset, Value::boolean(true));
      case Tok::False:
        advance();
        return constant(t.offset, Value::boolean(false));
      case Tok::Null:
        advance();
        return constant(t.offset, Value::null());
      case Tok::LParen: {
        advance();
        ExprPtr e;
        {
          Inside inside(*this, bit(Tok::RParen));
          e = expr();
        }
        expect_close(Tok::RParen, "')'");
        return e;
      }
      case Tok::LBracket: {
        advance();
        auto l = node(Expr::K::List, t.offset);
        {
          Inside inside(*this, bit(Tok::Comma) | bit(Tok::RBracket));
          expr_list(Tok::RBracket, l->args, &l->optional_entries);
        }
        expect_close_after_comma(Tok::RBracket, "{']', ','}");
        l->nesting = deepest(l->args);
        return l;
      }
      case Tok::LBrace: {
        advance();
        auto m = node(Expr::K::Map, t.offset);
        map_entries(*m, false);
        expect_close_after_comma(Tok::RBrace, "{'}', ','}");
        m->nesting = deepest(m->args);
        return m;
      }
      case Tok::Dot:
      case Tok::Ident: {
        bool leading_dot = false;
        if (t.kind == Tok::Dot) {
          advance();
          leading_dot = true;
          if (peek().kind != Tok::Ident) {
            error_at(peek(), "Syntax error: mismatched input '" + tok_text(peek()) + "' expecting IDENTIFIER");
            return bad(t.offset);
          }
        }
        const Token& id = advance();
        std::string name = (leading_dot ? "." : "") + std::string(id.text);
        if (peek().kind == Tok::LParen) {
          std::int32_t off = advance().offset;
          std::vector<ExprPtr> args;
          {
            Inside inside(*this, bit(Tok::Comma) | bit(Tok::RParen));
            expr_list(Tok::RParen, args, nullptr);
          }
          expect_close(Tok::RParen, "')'");
          return global_call(off, std::move(name), std::move(args));
        }
        if (peek().kind == Tok::LBrace) {
          // Message construction: Name{field: value}. Parsed; the planner reports it.
          std::int32_t off = advance().offset;
          auto s = node(Expr::K::Struct, off);
          s->name = name;
          map_entries(*s, true);
          expect_close_after_comma(Tok::RBrace, "{'}', ','}");
          s->nesting = deepest(s->args);
          return s;
        }
        return ident(id.offset, std::move(name));
      }
      case Tok::Reserved:
        advance();
        error_at(t, "reserved identifier: " + std::string(t.text));
        return bad(t.offset);
      default:
        if (!failed()) error_at(t, "Syntax error: mismatched input '" + tok_text(t) + "' expecting " + kExprStart);
        advance();
        return bad(t.offset);
    }
  }

  void map_entries(Expr& m, bool fields) {
    if (peek().kind == Tok::RBrace) return;
    for (;;) {
      bool opt = false;
      if (peek().kind == Tok::Question) {
        if (!opts_.optional_syntax) error_at(peek(), "unsupported syntax '?'");
        advance();
        opt = true;
      }
      if (fields) {
        const Token& f = peek();
        if (f.kind != Tok::Ident) {
          error_at(f, "Syntax error: mismatched input '" + tok_text(f) + "' expecting IDENTIFIER");
          return;
        }
        advance();
        m.args.push_back(constant(f.offset, Value::string(std::string(f.text))));
      } else {
        Inside inside(*this, bit(Tok::Colon));
        m.args.push_back(expr());
      }
      expect(Tok::Colon, "':'");
      {
        Inside inside(*this, bit(Tok::Comma) | bit(Tok::RBrace));
        m.args.push_back(expr());
      }
      m.optional_entries.push_back(opt);
      if (failed()) return;
      if (!accept(Tok::Comma)) return;
      if (peek().kind == Tok::RBrace) return;
    }
  }

  // --- macros ---------------------------------------------------------------------------

  ExprPtr global_call(std::int32_t off, std::string name, std::vector<ExprPtr> args) {
    if (name == "has" && args.size() == 1) {
      Expr& a = *args[0];
      if (a.kind != Expr::K::Select || a.optional) {
        error_at(a.offset, "invalid argument to has() macro");
        return bad(off);
      }
      a.test_only = true;
      return std::move(args[0]);
    }
    return call(off, std::move(name), std::move(args));
  }

  bool simple_name(const ExprPtr& e, std::string& out) {
    if (e->kind != Expr::K::Ident || e->name.empty() || e->name[0] == '.') {
      error_at(e->offset, "argument must be a simple name");
      return false;
    }
    out = e->name;
    return true;
  }

  bool identifier(const ExprPtr& e, std::string& out) {
    if (e->kind != Expr::K::Ident || e->name.empty() || e->name[0] == '.') {
      error_at(e->offset, "argument is not an identifier");
      return false;
    }
    out = e->name;
    return true;
  }

  // list.sortBy(e, key): the list bound once, then reordered by the keys a map over it yields.
  ExprPtr sort_by(std::int32_t off, ExprPtr target, std::vector<ExprPtr> args) {
    const Expr::K k = target->kind;
    if (k != Expr::K::List && k != Expr::K::Select && k != Expr::K::Ident && k != Expr::K::Comprehension &&
        k != Expr::K::Call) {
      error_at(target->offset, "sortBy can only be applied to a list, identifier, comprehension, call or select expression");
      return bad(off);
    }
    std::string v;
    if (!identifier(args[0], v)) return bad(off);
    const std::string input = "@__sortBy_input__";
    auto single = node(Expr::K::List, off);
    single->args.push_back(std::move(args[1]));
    single->optional_entries.push_back(false);
    ExprPtr keys = comprehension(off, v, ident(off, input), node(Expr::K::List, off), constant(off, Value::boolean(true)),
                                 call2(off, "_+_", ident(off, kAccu), std::move(single)), ident(off, kAccu));
    std::vector<ExprPtr> a;
    a.push_back(std::move(keys));
    ExprPtr sorted = call(off, "@sortByAssociatedKeys", std::move(a), ident(off, input));
    return comprehension(off, "#unused", node(Expr::K::List, off), std::move(target), constant(off, Value::boolean(false)),
                         ident(off, input), std::move(sorted), input);
  }

  ExprPtr comprehension(std::int32_t off, std::string iter_var, ExprPtr range, ExprPtr init, ExprPtr cond, ExprPtr step,
                        ExprPtr result, std::string accu = kAccu) {
    auto c = node(Expr::K::Comprehension, off);
    c->iter_var = std::move(iter_var);
    c->accu_var = std::move(accu);
    c->iter_range = std::move(range);
    c->accu_init = std::move(init);
    c->loop_cond = std::move(cond);
    c->loop_step = std::move(step);
    c->result = std::move(result);
    return c;
  }

  ExprPtr not_strictly_false(std::int32_t off, ExprPtr e) {
    std::vector<ExprPtr> a;
    a.push_back(std::move(e));
    return call(off, "@not_strictly_false", std::move(a));
  }

  // Two-variable comprehensions (index or key, and value), as cel-go's extension defines them.
  ExprPtr two_var(std::int32_t off, const std::string& name, ExprPtr target, std::vector<ExprPtr> args) {
    std::string v1, v2;
    if (!simple_name(args[0], v1) || !simple_name(args[1], v2)) return bad(off);
    if (v1 == v2) {
      error_at(args[1]->offset, "duplicate variable name: " + v1);
      return bad(off);
    }
    ExprPtr c;
    if (name == "all" || name == "exists") {
      bool all = name == "all";
      std::vector<ExprPtr> neg;
      neg.push_back(ident(off, kAccu));
      ExprPtr cond = all ? not_strictly_false(off, ident(off, kAccu)) : not_strictly_false(off, call(off, "!_", std::move(neg)));
      ExprPtr step = call2(off, all ? "_&&_" : "_||_", ident(off, kAccu), std::move(args[2]));
      c = comprehension(off, v1, std::move(target), constant(off, Value::boolean(all)), std::move(cond), std::move(step),
                        ident(off, kAccu));
    } else if (name == "existsOne" || name == "exists_one") {
      std::vector<ExprPtr> t;
      t.push_back(std::move(args[2]));
      t.push_back(call2(off, "_+_", ident(off, kAccu), constant(off, Value::int_(1))));
      t.push_back(ident(off, kAccu));
      c = comprehension(off, v1, std::move(target), constant(off, Value::int_(0)), constant(off, Value::boolean(true)),
                        call(off, "_?_:_", std::move(t)),
                        call2(off, "_==_", ident(off, kAccu), constant(off, Value::int_(1))));
    } else {
      ExprPtr pred = args.size() == 4 ? std::move(args[2]) : nullptr;
      ExprPtr value = std::move(args.back());
      ExprPtr step;
      ExprPtr init;
      if (name == "transformList") {
        auto single = node(Expr::K::List, off);
        single->args.push_back(std::move(value));
        single->optional_entries.push_back(false);
        step = call2(off, "_+_", ident(off, kAccu), std::move(single));
        init = node(Expr::K::List, off);
      } else {
        std::vector<ExprPtr> a;
        a.push_back(ident(off, kAccu));
        if (name == "transformMap") a.push_back(ident(off, v1));
        a.push_back(std::move(value));
        step = call(off, "@mapInsert", std::move(a));
        init = node(Expr::K::Map, off);
      }
      if (pred) {
        std::vector<ExprPtr> t;
        t.push_back(std::move(pred));
        t.push_back(std::move(step));
        t.push_back(ident(off, kAccu));
        step = call(off, "_?_:_", std::move(t));
      }
      c = comprehension(off, v1, std::move(target), std::move(init), constant(off, Value::boolean(true)),
                        std::move(step), ident(off, kAccu));
    }
    c->iter_var2 = v2;
    return c;
  }

  ExprPtr member_call(std::int32_t off, std::string name, ExprPtr target, std::vector<ExprPtr> args) {
    auto is = [&](const char* n, std::size_t arity) { return name == n && args.size() == arity; };
    if (opts_.two_var_comprehensions &&
        (is("all", 3) || is("exists", 3) || is("existsOne", 3) || is("exists_one", 3) || is("transformList", 3) ||
         is("transformList", 4) || is("transformMap", 3) || is("transformMap", 4) || is("transformMapEntry", 3) ||
         is("transformMapEntry", 4)))
      return two_var(off, name, std::move(target), std::move(args));
    if (opts_.sort_by_macro && is("sortBy", 2)) return sort_by(off, std::move(target), std::move(args));
    if (is("all", 2) || is("exists", 2) || is("exists_one", 2) || is("existsOne", 2) || is("map", 2) ||
        is("map", 3) || is("filter", 2)) {
      std::string v;
      // cel-go words the two families of macros differently.
      const bool quantifier = name != "map" && name != "filter";
      if (!quantifier && !identifier(args[0], v)) return bad(off);
      if (quantifier && !simple_name(args[0], v)) return bad(off);
      std::int32_t aoff = args[1]->offset;
      if (name == "all" || name == "exists") {
        bool all = name == "all";
        ExprPtr cond =
            all ? not_strictly_false(off, ident(off, kAccu))
                : not_strictly_false(off, call(off, "!_", [&] {
                    std::vector<ExprPtr> a;
                    a.push_back(ident(off, kAccu));
                    return a;
                  }()));
        ExprPtr step = call2(aoff, all ? "_&&_" : "_||_", ident(off, kAccu), std::move(args[1]));
        return comprehension(off, v, std::move(target), constant(off, Value::boolean(all)), std::move(cond),
                             std::move(step), ident(off, kAccu));
      }
      if (name == "exists_one" || name == "existsOne") {
        std::vector<ExprPtr> t;
        t.push_back(std::move(args[1]));
        t.push_back(call2(off, "_+_", ident(off, kAccu), constant(off, Value::int_(1))));
        t.push_back(ident(off, kAccu));
        ExprPtr step = call(off, "_?_:_", std::move(t));
        return comprehension(off, v, std::move(target), constant(off, Value::int_(0)), constant(off, Value::boolean(true)),
                             std::move(step), call2(off, "_==_", ident(off, kAccu), constant(off, Value::int_(1))));
      }
      // map and filter append to a list accumulator.
      ExprPtr elem;
      ExprPtr pred;
      if (name == "filter") {
        elem = ident(off, v);
        pred = std::move(args[1]);
      } else if (args.size() == 3) {
        pred = std::move(args[1]);
        elem = std::move(args[2]);
      } else {
        elem = std::move(args[1]);
      }
      auto single = node(Expr::K::List, off);
      single->args.push_back(std::move(elem));
      single->optional_entries.push_back(false);
      ExprPtr step = call2(off, "_+_", ident(off, kAccu), std::move(single));
      if (pred) {
        std::vector<ExprPtr> t;
        t.push_back(std::move(pred));
        t.push_back(std::move(step));
        t.push_back(ident(off, kAccu));
        step = call(off, "_?_:_", std::move(t));
      }
      return comprehension(off, v, std::move(target), node(Expr::K::List, off), constant(off, Value::boolean(true)),
                           std::move(step), ident(off, kAccu));
    }
    if (opts_.bind_macro && name == "bind" && args.size() == 3 && target->kind == Expr::K::Ident &&
        target->name == "cel") {
      std::string v;
      if (!simple_name(args[0], v)) return bad(off);
      return comprehension(off, "#unused", node(Expr::K::List, off), std::move(args[1]),
                           constant(off, Value::boolean(false)), ident(off, v), std::move(args[2]), v);
    }
    if (opts_.optional_syntax && (name == "optMap" || name == "optFlatMap") && args.size() == 2) {
      // o.optMap(x, e): o.hasValue() ? optional.of(cel.bind(x, o.value(), e)) : optional.none()
      std::string v;
      if (!simple_name(args[0], v)) return bad(off);
      // The target is evaluated once through a binding of its own.
      std::string tmp = "@opt" + std::to_string(next_id_);
      auto has_value = call(off, "hasValue", {}, ident(off, tmp));
      auto value = call(off, "value", {}, ident(off, tmp));
      ExprPtr bound = comprehension(off, "#unused", node(Expr::K::List, off), std::move(value),
                                    constant(off, Value::boolean(false)), ident(off, v), std::move(args[1]), v);
      if (name == "optMap") {
        std::vector<ExprPtr> a;
        a.push_back(std::move(bound));
        bound = call(off, "optional.of", std::move(a));
      }
      std::vector<ExprPtr> t;
      t.push_back(std::move(has_value));
      t.push_back(std::move(bound));
      t.push_back(call(off, "optional.none", {}));
      ExprPtr cond = call(off, "_?_:_", std::move(t));
      return comprehension(off, "#unused", node(Expr::K::List, off), std::move(target),
                           constant(off, Value::boolean(false)), ident(off, tmp), std::move(cond), tmp);
    }
    return call(off, std::move(name), std::move(args), std::move(target));
  }
};

}  // namespace

ParseResult parse(std::string_view source, const ParseOptions& options) {
  Parser p(source, options);
  return p.run();
}

namespace {

// Where cel-go places an issue: a 1-based line and a 0-based column in code points, the byte
// range of the line's text, and whether that line is shown.
struct Place {
  int line = -1;
  int column = -1;
  std::size_t line_start = 0;
  std::size_t line_end = 0;
  bool snippet = false;
};

// cel-go leaves out a source line longer than this many bytes.
constexpr std::size_t kMaxSnippetBytes = 16384;

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

Place place_of(std::string_view source, std::int32_t offset) {
  Place p;
  if (offset < 0) return p;  // no location: line -1, column -1
  if (source.empty()) {
    // An empty source's line table makes every position fall before its start.
    p.line = 1;
    return p;
  }
  std::size_t off = std::min<std::size_t>(static_cast<std::size_t>(offset), source.size());
  std::size_t newline = off == 0 ? std::string_view::npos : source.rfind('\n', off - 1);
  p.line_start = newline == std::string_view::npos ? 0 : newline + 1;
  p.line = 1 + static_cast<int>(std::count(source.begin(), source.begin() + p.line_start, '\n'));
  p.column = 0;
  for (std::size_t i = p.line_start; i < off; ++i)
    if (!continuation(source[i])) ++p.column;
  p.line_end = source.find('\n', p.line_start);
  if (p.line_end == std::string_view::npos) p.line_end = source.size();
  p.snippet = p.line_end - p.line_start <= kMaxSnippetBytes;
  return p;
}

// The source line with tabs shown as spaces, and under it a dot per code point before the
// column (full-width for a multi-byte one) and a caret, full-width under a multi-byte one.
std::string snippet(std::string_view source, const Place& p) {
  std::string_view text = source.substr(p.line_start, p.line_end - p.line_start);
  std::string out = "\n | ";
  for (char c : text) out += c == '\t' ? ' ' : c;
  out += "\n | ";
  std::size_t i = 0;
  auto next = [&] {
    std::size_t n = 1;
    while (i + n < text.size() && continuation(text[i + n])) ++n;
    return n;
  };
  for (int col = 0; col < p.column && i < text.size(); ++col) {
    std::size_t n = next();
    out += n > 1 ? "\xEF\xBC\x8E" : ".";  // U+FF0E
    i += n;
  }
  out += i < text.size() && next() > 1 ? "\xEF\xBC\xBE" : "^";  // U+FF3E
  return out;
}

}  // namespace

std::string format_issues(std::string_view source, const std::vector<Issue>& issues) {
  std::vector<std::pair<Place, const Issue*>> placed;
  placed.reserve(issues.size());
  for (const Issue& is : issues) placed.emplace_back(place_of(source, is.offset), &is);
  std::stable_sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) {
    return a.first.line < b.first.line || (a.first.line == b.first.line && a.first.column < b.first.column);
  });
  std::string out;
  for (const auto& [p, is] : placed) {
    if (!out.empty()) out += '\n';
    out += "ERROR: <input>:" + std::to_string(p.line) + ":" + std::to_string(p.column + 1) + ": " + is->message;
    if (p.snippet) out += snippet(source, p);
  }
  return out;
}

}  // namespace podfit::cel
