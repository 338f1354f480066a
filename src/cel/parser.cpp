// Recursive-descent parser for CEL's grammar with cel-go's operator precedence, literal rules,
// limits and macro expansion.
#include "parser.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>

#include "lexer.h"
#include "podfit/util/utf8.h"

namespace podfit::cel {
namespace {

constexpr const char* kAccu = "@result";
// cel-go reports at most this many errors.
constexpr std::size_t kMaxIssues = 100;
// The tokens an expression may start with, as ANTLR lists CEL's.
const std::string kExprStart =
    "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";
// What may come first inside a call's parentheses, a list, a map and an index, in ANTLR's
// token order: an expression, or what closes or continues the construct.
const std::string kCallArgsStart =
    "{'[', '{', '(', ')', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";
const std::string kListStart = "{'[', ']', '{', '(', '.', ',', '-', '!', '?', 'true', 'false', 'null', NUM_FLOAT, "
                               "NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";
const std::string kMapStart = "{'[', '{', '}', '(', '.', ',', '-', '!', '?', 'true', 'false', 'null', NUM_FLOAT, "
                              "NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";
// What a member may start with (a primary: a negative number's sign included).
const std::string kPrimaryStart =
    "{'[', '{', '(', '.', '-', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";
const std::string kIndexStart =
    "{'[', '{', '(', '.', '-', '!', '?', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, "
    "IDENTIFIER}";

// Sets of tokens, as bits.
constexpr std::uint64_t bit(Tok t) { return std::uint64_t{1} << static_cast<unsigned>(t); }
constexpr std::uint64_t kRelationOps = bit(Tok::Less) | bit(Tok::LessEq) | bit(Tok::Greater) | bit(Tok::GreaterEq) |
                                       bit(Tok::Eq) | bit(Tok::NotEq) | bit(Tok::In);
constexpr std::uint64_t kCalcOps = bit(Tok::Star) | bit(Tok::Slash) | bit(Tok::Percent) | bit(Tok::Plus) | bit(Tok::Minus);
// What a member may start with, a negative number's sign aside.
constexpr std::uint64_t kMemberStart = bit(Tok::LBracket) | bit(Tok::LBrace) | bit(Tok::LParen) | bit(Tok::Dot) |
                                       bit(Tok::True) | bit(Tok::False) | bit(Tok::Null) | bit(Tok::Int) |
                                       bit(Tok::Uint) | bit(Tok::Double) | bit(Tok::String) | bit(Tok::Bytes) |
                                       bit(Tok::Ident) | bit(Tok::Reserved);

// fmt.Sprintf of `format` with no operands, as cel-go v0.22 formats its syntax errors: each
// verb is reported missing ("%!'(MISSING)"), "%%" is '%', a '%' at the end has no verb.
std::string go_format_without_operands(std::string_view format) {
  std::string out;
  const std::size_t end = format.size();
  std::size_t i = 0;
  // A number as fmt reads widths: too large a one swallows the rest of the format.
  auto number = [&](bool& found) {
    found = false;
    long n = 0;
    while (i < end && format[i] >= '0' && format[i] <= '9') {
      if (n > 1000000) {
        i = end;
        found = false;
        return;
      }
      n = n * 10 + (format[i] - '0');
      found = true;
      ++i;
    }
  };
  // An argument index "[n]": with no operands it is always bad; true when it was well formed.
  auto argument_index = [&](bool& good) {
    if (i >= end || format[i] != '[') return false;
    good = false;
    const std::string_view rest = format.substr(i);
    if (rest.size() < 3) {
      i += 1;
      return false;
    }
    for (std::size_t k = 1; k < rest.size(); ++k) {
      if (rest[k] != ']') continue;
      std::size_t d = 1;
      while (d < k && rest[d] >= '0' && rest[d] <= '9') ++d;
      i += k + 1;
      return d > 1 && d == k;
    }
    i += 1;
    return false;
  };
  while (i < end) {
    const std::size_t text = i;
    while (i < end && format[i] != '%') ++i;
    out.append(format.substr(text, i - text));
    if (i >= end) break;
    ++i;
    while (i < end && (format[i] == '#' || format[i] == '0' || format[i] == '+' || format[i] == '-' || format[i] == ' ')) ++i;
    bool good = true;
    bool after_index = argument_index(good);
    if (i < end && format[i] == '*') {
      ++i;
      out += "%!(BADWIDTH)";
      after_index = false;
    } else {
      bool found = false;
      number(found);
      if (after_index && found) good = false;
    }
    if (i + 1 < end && format[i] == '.') {
      ++i;
      if (after_index) good = false;
      after_index = argument_index(good);
      if (i < end && format[i] == '*') {
        ++i;
        out += "%!(BADPREC)";
        after_index = false;
      } else {
        bool found = false;
        number(found);
      }
    }
    if (!after_index) after_index = argument_index(good);
    if (i >= end) {
      out += "%!(NOVERB)";
      break;
    }
    auto [rune, width] = decode_rune(format, i);
    const std::string verb = rune < 0 ? std::string("\xEF\xBF\xBD") : std::string(format.substr(i, width));
    i += width;
    if (rune == '%') out += '%';
    else out += "%!" + verb + (good ? "(MISSING)" : "(BADINDEX)");
  }
  return out;
}

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
    toks_ = tokenize(src_, opts_.escaped_identifier_token);
    std::erase_if(toks_, [&](const Token& t) {
      if (t.kind != Tok::Error) return false;
      // Text no token fits is the lexer's syntax error; a literal's bad escape, the visitor's.
      const bool unrecognised = t.value.starts_with("token recognition error");
      lexical.push_back({t.offset, unrecognised ? syntax_message(t.value) : t.value});
      if (unrecognised) unrecognised_.emplace_back(t.offset, t.text.size());
      return true;
    });
    ExprPtr e;
    {
      Following f(*this, bit(Tok::End));
      e = expr();
    }
    // cel-go's visitor walks the parse tree once parsing is done, counting nested operators,
    // selects, calls and indexes.
    if (issues_.empty() && e && e->nesting > opts_.max_recursion_depth) error_at(kNoLocation, "max recursion depth exceeded");
    if (issues_.empty() && e && tree_depth(*e) > opts_.max_ast_depth)
      error_at(0, "expression nesting exceeds limit: " + std::to_string(opts_.max_ast_depth));
    // The start rule's match of the end: one token too many is deleted ("extraneous"); more
    // are a mismatch.
    if (peek().kind != Tok::End) match(Tok::End, "<EOF>", false, __LINE__);
    r.issues = std::move(lexical);
    r.issues.insert(r.issues.end(), std::make_move_iterator(issues_.begin()), std::make_move_iterator(issues_.end()));
    if (r.issues.size() > kMaxIssues) r.truncated = keep_reported(r.issues);
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
  // The spans of text the lexer recognised no token in (offset, length), in order.
  std::vector<std::pair<std::int32_t, std::size_t>> unrecognised_;
  // A limit ended the parse (cel-go abandons it); the parser unwinds without reading further.
  bool halted_ = false;
  // The tokens that close each construct the parser is inside (outermost first): what may
  // follow a complete expression there, besides operators and member steps.
  std::vector<std::uint64_t> closers_{bit(Tok::End)};

  struct Inside {
    Parser& p;
    Inside(Parser& parser, std::uint64_t closers) : p(parser) { p.closers_.push_back(closers); }
    ~Inside() { p.closers_.pop_back(); }
  };
  // Whether t may follow a complete member where the innermost construct has been closed.
  bool may_follow_member(const Token& t) const {
    constexpr std::uint64_t steps_and_operators = bit(Tok::Dot) | bit(Tok::LBracket) | bit(Tok::Question) | kCalcOps |
                                                  kRelationOps | bit(Tok::And) | bit(Tok::Or);
    return ((steps_and_operators | closers_.back()) & bit(t.kind)) != 0;
  }

  // --- ANTLR's error strategy, as cel-go runs it ------------------------------------------
  // A syntax error is reported, then the parser recovers and goes on: one stray token is
  // deleted or one missing token inserted where that mends the input; otherwise the rule
  // being parsed skips to a token some rule being parsed can continue with, and returns.

  // For each grammar rule being parsed, the tokens that may follow it in the rule that
  // invoked it: together, where recovery may stop.
  std::vector<std::uint64_t> follow_;
  struct Following {
    Parser& p;
    Following(Parser& parser, std::uint64_t follow) : p(parser) { p.follow_.push_back(follow); }
    ~Following() { p.follow_.pop_back(); }
  };
  // ANTLR's error recovery mode: from an error until a token is matched, no syntax error is
  // reported.
  bool recovering_ = false;
  // Where the last recovery started, and the grammar positions that recovered since a token
  // last matched: a second recovery from the same place and position skips a token first, so
  // that parsing always advances.
  std::size_t last_error_index_ = std::numeric_limits<std::size_t>::max();
  std::vector<int> last_error_sites_;
  // Recoveries so far; cel-go abandons the parse past its limit.
  int recoveries_ = 0;
  static constexpr int kRecoveryLimit = 30;
  static constexpr int kRecoveryLookahead = 256;

  // ANTLR's reportError: nothing while recovering, else the error, and recovery begins.
  void syntax_error(const Token& t, const std::string& message) {
    if (recovering_) return;
    recovering_ = true;
    add_issue(t.offset, syntax_message(message));
  }
  std::string syntax_message(const std::string& message) const {
    return opts_.syntax_errors_formatted ? go_format_without_operands("Syntax error: " + message) : "Syntax error: " + message;
  }
  void add_issue(std::int32_t offset, std::string message) { issues_.push_back({offset, std::move(message)}); }
  // cel-go keeps the first 100 errors reported and counts the rest. Syntax errors (the lexer's
  // and the parser's, taken in the order of the source they are met in) come first; past 100
  // of them the parse is abandoned, the 101st only counted. Returns how many are left out.
  static std::size_t keep_reported(std::vector<Issue>& issues) {
    auto place = [](const Issue& i) { return i.offset == kNoLocation ? -3 : i.offset; };
    auto earlier = [&](const Issue& a, const Issue& b) { return place(a) < place(b); };
    auto visitor_start = std::stable_partition(issues.begin(), issues.end(),
                                               [](const Issue& i) { return i.message.starts_with("Syntax error:"); });
    const std::size_t syntax = static_cast<std::size_t>(visitor_start - issues.begin());
    std::stable_sort(issues.begin(), visitor_start, earlier);
    std::stable_sort(visitor_start, issues.end(), earlier);
    const std::size_t reported = syntax > kMaxIssues ? kMaxIssues + 1 : issues.size();
    issues.resize(kMaxIssues);
    return reported - kMaxIssues;
  }
  // Every recovery counts against cel-go's limit; past it, the parse ends with an error.
  bool count_recovery() {
    if (halted_) return false;
    if (recoveries_++ < kRecoveryLimit) return true;
    add_issue(peek().offset, "Syntax error: error recovery attempt limit exceeded: " + std::to_string(kRecoveryLimit));
    halted_ = true;
    return false;
  }
  // ANTLR's recover: from `site` (a place in the grammar), skips tokens until one that some
  // rule being parsed may continue with.
  void recover(int site) {
    if (!count_recovery()) return;
    int skipped = 0;
    auto skip_one = [&] {
      if (++skipped > kRecoveryLookahead) {
        add_issue(kNoLocation, "error recovery token lookahead limit exceeded: " + std::to_string(kRecoveryLookahead));
        halted_ = true;
        return false;
      }
      skip();
      return true;
    };
    if (last_error_index_ == pos_ &&
        std::find(last_error_sites_.begin(), last_error_sites_.end(), site) != last_error_sites_.end()) {
      if (!skip_one()) return;
    }
    last_error_index_ = pos_;
    last_error_sites_.push_back(site);
    const std::uint64_t stops = recovery_set();
    while (peek().kind != Tok::End && (stops & bit(peek().kind)) == 0) {
      if (!skip_one()) return;
    }
  }
  // ANTLR's error recovery set: what any rule being parsed may continue with.
  std::uint64_t recovery_set() const {
    std::uint64_t stops = 0;
    for (std::uint64_t f : follow_) stops |= f;
    return stops;
  }
  // The outcome of matching a token, or of the sync before a block.
  enum class Step {
    Ok,      // matched, or mended by deleting or inserting a token: parsing goes on
    Failed,  // the rule has recovered and returns
  };
  // ANTLR's match of token k (its RecoverInline when another is there): a stray token before k
  // is deleted; a missing k is inserted when the token at hand may follow it (`insertable`);
  // otherwise a mismatch the rule recovers from.
  Step match(Tok k, const char* what, bool insertable, int site) {
    if (peek().kind == k) {
      advance();
      return Step::Ok;
    }
    if (!count_recovery()) return Step::Failed;
    if (peek(1).kind == k) {
      syntax_error(peek(), "extraneous input '" + tok_text(peek()) + "' expecting " + what);
      skip();
      advance();
      return Step::Ok;
    }
    if (insertable) {
      syntax_error(peek(), std::string("missing ") + what + " at '" + tok_text(peek()) + "'");
      return Step::Ok;
    }
    syntax_error(peek(), "mismatched input '" + tok_text(peek()) + "' expecting " + what);
    recover(site);
    return Step::Failed;
  }
  // ANTLR's match for the token closing a construct.
  Step expect_close(Tok k, const char* what, int site) { return match(k, what, may_follow_member(peek()), site); }
  // ANTLR's sync before a block that `starts` tells the first tokens of (`set`, as ANTLR lists
  // them): a stray token is deleted when the next one fits; otherwise the rule recovers. While
  // recovering nothing is checked: an optional block is then skipped, a required one fails.
  template <class Starts>
  Step sync(Starts starts, const std::string& set, bool optional, int site) {
    if (halted_) return Step::Failed;
    if (starts(peek())) return Step::Ok;
    if (recovering_) {
      if (optional) return Step::Ok;
      recover(site);
      return Step::Failed;
    }
    if (starts(peek(1))) {
      syntax_error(peek(), "extraneous input '" + tok_text(peek()) + "' expecting " + set);
      skip();
      end_recovery();
      return Step::Ok;
    }
    syntax_error(peek(), "mismatched input '" + tok_text(peek()) + "' expecting " + set);
    recover(site);
    return Step::Failed;
  }
  // ANTLR's "no viable alternative" at a decision that began at `from`: the text of the tokens
  // from there through `at` (the end of input adds none), reported at `at`; the rule recovers
  // from where the decision began. cel-go rewords it for '.' before true, false or null.
  void no_viable_alternative(const Token& from, const Token& at, int site) {
    // The tokens' text, white space and comments included, the text no token took left out.
    const std::size_t end = at.kind == Tok::End ? src_.size() : static_cast<std::size_t>(at.offset) + at.text.size();
    std::string source;
    auto gap = std::lower_bound(unrecognised_.begin(), unrecognised_.end(), from.offset,
                                [](const auto& span, std::int32_t offset) { return span.first < offset; });
    for (std::size_t i = static_cast<std::size_t>(from.offset); i < end;) {
      if (gap != unrecognised_.end() && static_cast<std::size_t>(gap->first) == i) {
        i += gap->second;
        ++gap;
        continue;
      }
      source += src_[i++];
    }
    const std::string text = escape_controls(source);
    std::string message = "no viable alternative at input '" + text + "'";
    // cel-go's pattern: any one character (the decision's start, ASCII here), then the word.
    const std::string_view word = text.empty() ? std::string_view() : std::string_view(text).substr(1);
    if (word == "true" || word == "false" || word == "null") {
      message = "mismatched input '" + std::string(word) + "' expecting IDENTIFIER";
    }
    if (!halted_) syntax_error(at, message);
    pos_ = static_cast<std::size_t>(&from - toks_.data());
    recover(site);
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
  // A token matched: it ends ANTLR's error recovery.
  const Token& advance() {
    const Token& t = toks_[pos_];
    if (pos_ + 1 < toks_.size()) ++pos_;
    end_recovery();
    return t;
  }
  // ANTLR's endErrorCondition: errors are reported again, and recoveries start afresh.
  void end_recovery() {
    recovering_ = false;
    last_error_index_ = std::numeric_limits<std::size_t>::max();
    last_error_sites_.clear();
  }
  // A token passed over while recovering.
  void skip() {
    if (pos_ + 1 < toks_.size()) ++pos_;
  }
  bool accept(Tok k) {
    if (peek().kind != k) return false;
    advance();
    return true;
  }
  // A token as ANTLR shows it in an error: line breaks and tabs escaped.
  static std::string tok_text(const Token& t) { return t.kind == Tok::End ? "<EOF>" : escape_controls(t.text); }
  static std::string escape_controls(std::string_view text) {
    std::string out;
    for (char c : text) {
      if (c == '\n') out += "\\n";
      else if (c == '\r') out += "\\r";
      else if (c == '\t') out += "\\t";
      else out += c;
    }
    return out;
  }
  // An error cel-go's visitor reports (not the grammar's): parsing goes on.
  void error_at(std::int32_t off, std::string msg) { add_issue(off, std::move(msg)); }
  void error_at(const Token& t, std::string msg) { error_at(t.offset, std::move(msg)); }
  // An error that ends the parse (a limit).
  void halt_at(std::int32_t off, std::string msg) {
    if (!halted_) add_issue(off, std::move(msg));
    halted_ = true;
  }
  bool failed() const { return halted_; }

  ExprPtr node(Expr::K k, std::int32_t off) {
    auto e = std::make_unique<Expr>();
    e->kind = k;
    e->id = next_id_++;
    e->offset = off;
    if (static_cast<std::size_t>(next_id_) > opts_.max_nodes)
      halt_at(off, "expression size exceeds limit: " + std::to_string(opts_.max_nodes) + " nodes");
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
  // What cel-go's visitor makes of a rule that recovered before choosing an alternative: an
  // expression located nowhere in the source.
  ExprPtr nothing() { return bad(kBeforeStart); }

  // False, with cel-go's error, once a rule is entered deeper than the limit.
  bool within_limit(int depth) {
    if (depth > opts_.max_recursion_depth) {
      halt_at(kNoLocation, "expression recursion limit exceeded: " + std::to_string(opts_.max_recursion_depth));
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
    ExprPtr c;
    {
      Following f(*this, bit(Tok::Question));
      c = logical(Tok::Or);
    }
    if (peek().kind != Tok::Question || failed()) return c;
    std::int32_t off = advance().offset;
    ExprPtr a;
    {
      Inside inside(*this, bit(Tok::Colon));
      Following f(*this, bit(Tok::Colon));
      a = logical(Tok::Or);
    }
    if (match(Tok::Colon, "':'", starts_unary(peek()), __LINE__) == Step::Failed) return bad(off);
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
    Following f(*this, bit(op));
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
    Following f(*this, kRelationOps);
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
    Following f(*this, kCalcOps);
    ExprPtr l = multiplication();
    for (;;) {
      const char* fn = peek().kind == Tok::Plus ? "_+_" : peek().kind == Tok::Minus ? "_-_" : nullptr;
      if (!fn || failed()) return l;
      std::int32_t off = advance().offset;
      l = call2(off, fn, std::move(l), in_rule(calc_depth_, [&] { return multiplication(); }));
    }
  }

  ExprPtr multiplication() {
    Following f(*this, kCalcOps);
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
  // A name after '.' or in a message: an identifier (a reserved word lexes as one), or a
  // backquoted name where the release's grammar has them.
  bool is_name(const Token& t) const {
    return t.kind == Tok::Ident || t.kind == Tok::Reserved || (t.kind == Tok::QuotedIdent && opts_.escaped_identifier_token);
  }
  const char* name_set() const { return opts_.escaped_identifier_token ? "{IDENTIFIER, ESC_IDENTIFIER}" : "IDENTIFIER"; }
  // A selected field's or a message field's name: the grammar's escapeIdent rule (cel-go v0.23
  // on: a sync, recovering within the rule), or before it a match of IDENTIFIER (a select's
  // member rule, a field's optField rule recovers).
  enum class Name {
    Taken,    // a name, perhaps after a stray token was deleted
    Missing,  // the rule recovered, or a name was inserted: none was read
    Failed,   // the member rule recovered and returns
  };
  // A backquoted name the release refuses is reported by the caller, as the visitor does.
  Name name(bool in_select, int site) {
    if (is_name(peek())) {
      advance();
      return Name::Taken;
    }
    const std::size_t before = pos_;
    if (!opts_.escaped_identifier_token) {
      const bool insertable = in_select ? may_follow_member(peek()) : peek().kind == Tok::Colon;
      if (match(Tok::Ident, "IDENTIFIER", insertable, site) == Step::Failed) return in_select ? Name::Failed : Name::Missing;
      return pos_ > before ? Name::Taken : Name::Missing;
    }
    std::optional<Following> after_select;
    if (in_select) after_select.emplace(*this, bit(Tok::Dot) | bit(Tok::LBracket));
    if (sync([this](const Token& t) { return is_name(t); }, name_set(), false, site) == Step::Failed) return Name::Missing;
    advance();
    return Name::Taken;
  }
  static bool starts_unary(const Token& t) { return t.kind == Tok::Minus || t.kind == Tok::Not || starts_member(t); }
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
  // cel-go's unary rule: a negative number literal; a run of '!' before a member (or before a
  // negative number); a run of '-' before a member. The operators never mix. The run is
  // collected in a loop (no recursion), then applied inside out.
  ExprPtr unary() {
    const std::int32_t at = peek().offset;
    // cel-go's visitor places what the recovered rule leaves where it started.
    if (sync(starts_unary, kExprStart, false, __LINE__) == Step::Failed) return bad(at);
    const Token& t = peek();
    if (t.kind == Tok::Minus && is_number(peek(1))) {
      advance();
      return member(literal_number(true));
    }
    if (t.kind != Tok::Not && t.kind != Tok::Minus) return member(primary());
    const Tok op = t.kind;
    if (op == Tok::Minus && !starts_member(peek(1)) && peek(1).kind != Tok::Minus) {
      // Neither a negative number nor a run of '-' before a member starts so.
      no_viable_alternative(t, peek(1), __LINE__);
      return nothing();
    }
    std::vector<const Token*> ops;
    for (;;) {
      ops.push_back(&advance());
      // Another '-' goes on with the run, or starts a negative number; when neither fits what
      // follows, the run's decision fails.
      if (op == Tok::Minus && peek().kind == Tok::Minus && !starts_member(peek(1)) && peek(1).kind != Tok::Minus) {
        no_viable_alternative(peek(), peek(1), __LINE__);
        return nothing();
      }
      // The sync closing each turn of the run: a token neither the run nor a member (a negative
      // number's sign included) goes on with is reported, and skipped with what follows it up
      // to one they, or a rule being parsed, may go on with.
      if (!starts_member(peek()) && peek().kind != Tok::Minus && peek().kind != op && !failed()) {
        syntax_error(peek(), "extraneous input '" + tok_text(peek()) + "' expecting " +
                                 (op == Tok::Not ? kExprStart : kPrimaryStart));
        const std::uint64_t stops = bit(op) | bit(Tok::Minus) | kMemberStart | recovery_set();
        while (peek().kind != Tok::End && (stops & bit(peek().kind)) == 0) skip();
      }
      if (peek().kind != op || failed()) break;
    }
    ExprPtr operand;
    if (peek().kind == Tok::Minus && is_number(peek(1))) {
      advance();
      operand = member(literal_number(true));
    } else if (peek().kind == Tok::Minus || !starts_member(peek())) {
      // The primary's decision fails: only a number literal's sign may come here, and
      // nothing else a member starts with.
      {
        Following f(*this, bit(Tok::Dot) | bit(Tok::LBracket));
        if (peek().kind == Tok::Minus) no_viable_alternative(peek(), peek(1), __LINE__);
        else recover(__LINE__);
      }
      operand = member(nothing());
    } else {
      operand = member(primary());
    }
    // cel-go's visitor: an even run cancels out; an odd one is one operator, at the first.
    if (ops.size() % 2 == 0) return operand;
    std::vector<ExprPtr> a;
    a.push_back(std::move(operand));
    return call(ops[0]->offset, op == Tok::Not ? "!_" : "-_", std::move(a));
  }

  ExprPtr literal_number(bool negative) {
    std::int32_t off = negative ? toks_[pos_ - 1].offset : peek().offset;
    const Token& t = advance();
    std::string text(t.text);
    if (t.kind == Tok::Double) {
      errno = 0;
      double d = std::strtod(text.c_str(), nullptr);
      // Go's ParseFloat refuses what overflows to infinity (an underflow to zero it takes).
      if (std::isinf(d)) {
        error_at(off, "invalid double literal");
        return bad(off);
      }
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

  // A call's arguments after its '(': ANTLR's sync before the optional list, the expressions,
  // and the closing ')'. False when the rule has recovered and returns.
  bool call_args(std::vector<ExprPtr>& out) {
    if (sync([](const Token& t) { return starts_unary(t) || t.kind == Tok::RParen; }, kCallArgsStart, true, __LINE__) ==
        Step::Failed) {
      return false;
    }
    if (starts_unary(peek())) {
      Inside inside(*this, bit(Tok::Comma) | bit(Tok::RParen));
      Following list(*this, bit(Tok::RParen));
      Following element(*this, bit(Tok::Comma));
      out.push_back(expr());
      while (peek().kind == Tok::Comma && !failed()) {
        advance();
        out.push_back(expr());
      }
    }
    return expect_close(Tok::RParen, "')'", __LINE__) == Step::Ok;
  }

  // A list's elements after its '[', through the closing ']'. False when the rule has
  // recovered and returns.
  bool list_elements(Expr& l) {
    auto starts_list = [](const Token& t) {
      return starts_unary(t) || t.kind == Tok::RBracket || t.kind == Tok::Comma || t.kind == Tok::Question;
    };
    if (sync(starts_list, kListStart, true, __LINE__) == Step::Failed) return false;
    if (starts_unary(peek()) || peek().kind == Tok::Question) {
      Inside inside(*this, bit(Tok::Comma) | bit(Tok::RBracket));
      Following list(*this, bit(Tok::Comma) | bit(Tok::RBracket));
      Following element(*this, bit(Tok::Comma));
      for (;;) {
        l.optional_entries.push_back(optional_marker("unsupported syntax '?'"));
        l.args.push_back(expr());
        // A comma not followed by another element is the trailing one.
        if (failed() || peek().kind != Tok::Comma || !(starts_unary(peek(1)) || peek(1).kind == Tok::Question)) break;
        advance();
      }
    }
    return close_after_comma(Tok::RBracket, "{']', ','}", "']'");
  }

  // A map's or a message's entries after its '{', through the closing '}'. False when the rule
  // has recovered and returns.
  bool map_entries(Expr& m, bool fields) {
    if (!fields) {
      auto starts_map = [](const Token& t) {
        return starts_unary(t) || t.kind == Tok::RBrace || t.kind == Tok::Comma || t.kind == Tok::Question;
      };
      if (sync(starts_map, kMapStart, true, __LINE__) == Step::Failed) return false;
    } else {
      auto starts_message = [this](const Token& t) {
        return is_name(t) || t.kind == Tok::RBrace || t.kind == Tok::Comma || t.kind == Tok::Question;
      };
      const std::string set = opts_.escaped_identifier_token ? "{'}', ',', '?', IDENTIFIER, ESC_IDENTIFIER}"
                                                             : "{'}', ',', '?', IDENTIFIER}";
      if (sync(starts_message, set, true, __LINE__) == Step::Failed) return false;
    }
    auto starts_entry = [this, fields](const Token& t) {
      return t.kind == Tok::Question || (fields ? is_name(t) : starts_unary(t));
    };
    if (starts_entry(peek())) {
      Following list(*this, bit(Tok::Comma) | bit(Tok::RBrace));
      entries(m, fields, starts_entry);  // when its rule recovers, the map goes on after it
    }
    return close_after_comma(Tok::RBrace, "{'}', ','}", "'}'");
  }
  // mapInitializerList or fieldInitializerList: key ':' value, comma-separated; false when the
  // rule has recovered.
  template <class StartsEntry>
  bool entries(Expr& m, bool fields, StartsEntry starts_entry) {
    const Token& list_start = peek();
    for (;;) {
      // cel-go's visitor leaves out an entry whose ':' or value is missing, errors in it too.
      const std::size_t entry_issues = issues_.size();
      auto drop_entry = [&] {
        auto visitor = [](const Issue& i) { return !i.message.starts_with("Syntax error:"); };
        issues_.erase(std::remove_if(issues_.begin() + static_cast<std::ptrdiff_t>(entry_issues), issues_.end(), visitor),
                      issues_.end());
      };
      const bool opt = optional_marker("unsupported syntax '?'");
      bool nameless = false;
      bool refused_quote = false;
      {
        Following key(*this, bit(Tok::Colon));
        if (fields) {
          const Token* f = &peek();
          nameless = name(false, __LINE__) != Name::Taken;
          if (!nameless) {
            f = &toks_[pos_ - 1];
            refused_quote = f->kind == Tok::QuotedIdent && !opts_.escaped_identifiers;
          }
          m.args.push_back(constant(f->offset, Value::string(f->kind == Tok::QuotedIdent ? f->value : std::string(f->text))));
        } else {
          Inside inside(*this, bit(Tok::Colon));
          m.args.push_back(expr());
        }
      }
      if (match(Tok::Colon, "':'", starts_unary(peek()), __LINE__) == Step::Failed) {
        drop_entry();
        return false;
      }
      {
        Inside inside(*this, bit(Tok::Comma) | bit(Tok::RBrace));
        Following value(*this, bit(Tok::Comma));
        m.args.push_back(expr());
      }
      // cel-go's visitor, given the field's ':' and value, finds no name (at the list's start).
      if (nameless && opts_.escaped_identifier_token) error_at(list_start, "unsupported ident kind");
      if (refused_quote) error_at(list_start, "unsupported syntax: '`'");
      m.optional_entries.push_back(opt);
      // A comma not followed by another entry is the trailing one.
      if (failed() || peek().kind != Tok::Comma || !starts_entry(peek(1))) return true;
      advance();
    }
  }
  // An optional entry's '?': taken, and refused without optional syntax.
  bool optional_marker(const char* refusal) {
    if (peek().kind != Tok::Question) return false;
    if (!opts_.optional_syntax) error_at(peek(), refusal);
    advance();
    return true;
  }
  // The close of a list, map or message after its optional trailing comma: ANTLR's sync before
  // the comma, then its match of the closing token.
  bool close_after_comma(Tok k, const char* set, const char* closer) {
    auto fits = [k](const Token& t) { return t.kind == k || t.kind == Tok::Comma; };
    if (sync(fits, set, true, __LINE__) == Step::Failed) return false;
    accept(Tok::Comma);
    return expect_close(k, closer, __LINE__) == Step::Ok;
  }

  ExprPtr member(ExprPtr operand) {
    for (;;) {
      if (failed()) return operand;
      const Token& t = peek();
      if (t.kind == Tok::Dot) {
        const Token& after = peek(1);
        const bool opt = after.kind == Tok::Question;
        // Reserved words may name fields and member functions; backquotes quote any name.
        const bool named = after.kind == Tok::Ident || after.kind == Tok::Reserved || after.kind == Tok::QuotedIdent;
        if (!opt && !named) {
          // No alternative of the member loop (a select or a call) takes '.' then this.
          no_viable_alternative(t, after, __LINE__);
          return operand;
        }
        advance();
        if (opt) {
          if (!opts_.optional_syntax) error_at(peek(), "unsupported syntax '.?'");
          advance();
        }
        const Token* id = &peek();
        if (opt) {
          const Name taken = name(true, __LINE__);
          if (taken == Name::Failed) return operand;
          // cel-go's visitor finds no name in a select whose rule recovered; it reports at where
          // the rule started (before any token deleted), as it does a refused backquoted name.
          if (taken == Name::Missing && opts_.escaped_identifier_token) error_at(*id, "unsupported ident kind");
          if (taken == Name::Taken) {
            if (toks_[pos_ - 1].kind == Tok::QuotedIdent && !opts_.escaped_identifiers) error_at(*id, "unsupported syntax: '`'");
            id = &toks_[pos_ - 1];
          }
        } else {
          if (id->kind == Tok::QuotedIdent && !opts_.escaped_identifiers) error_at(*id, "unsupported syntax: '`'");
          advance();
        }
        std::string field = id->kind == Tok::QuotedIdent ? id->value : std::string(id->text);
        if (!opt && id->kind != Tok::QuotedIdent && peek().kind == Tok::LParen) {
          std::int32_t off = advance().offset;
          std::vector<ExprPtr> args;
          const bool closed = call_args(args);
          std::int32_t nesting = deepest(args, operand->nesting) + 1;
          operand = member_call(off, std::string(id->text), std::move(operand), std::move(args));
          operand->nesting = nesting;
          if (!closed) return operand;
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
        auto starts_index = [](const Token& x) { return starts_unary(x) || x.kind == Tok::Question; };
        if (sync(starts_index, kIndexStart, true, __LINE__) == Step::Failed) {
          // The index stands in the tree without its expression (a has() around it then
          // finds no field selection).
          return call2(t.offset, "_[_]", std::move(operand), nothing());
        }
        const bool opt = optional_marker("unsupported syntax '[?'");
        ExprPtr idx;
        {
          Inside inside(*this, bit(Tok::RBracket));
          Following f(*this, bit(Tok::RBracket));
          idx = expr();
        }
        const Step closed = expect_close(Tok::RBracket, "']'", __LINE__);
        operand = call2(t.offset, opt ? "_[?_]" : "_[_]", std::move(operand), std::move(idx));
        if (closed == Step::Failed) return operand;
      } else {
        return operand;
      }
    }
  }

  ExprPtr primary() {
    Following f(*this, bit(Tok::Dot) | bit(Tok::LBracket));
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
          Following nested(*this, bit(Tok::RParen));
          e = expr();
        }
        expect_close(Tok::RParen, "')'", __LINE__);
        return e;
      }
      case Tok::LBracket: {
        advance();
        auto l = node(Expr::K::List, t.offset);
        list_elements(*l);
        l->nesting = deepest(l->args);
        return l;
      }
      case Tok::LBrace: {
        advance();
        auto m = node(Expr::K::Map, t.offset);
        map_entries(*m, false);
        m->nesting = deepest(m->args);
        return m;
      }
      case Tok::Dot:
      case Tok::Ident:
      case Tok::Reserved: {
        bool leading_dot = false;
        if (t.kind == Tok::Dot) {
          if (peek(1).kind != Tok::Ident && peek(1).kind != Tok::Reserved) {
            // An identifier, a global call and a message all start '.' IDENTIFIER.
            no_viable_alternative(t, peek(1), __LINE__);
            return nothing();
          }
          advance();
          leading_dot = true;
        }
        // A message: its type, IDENTIFIER ('.' IDENTIFIER)*, then '{'.
        std::size_t after = pos_ + 1;
        while (after + 1 < toks_.size() && toks_[after].kind == Tok::Dot &&
               (toks_[after + 1].kind == Tok::Ident || toks_[after + 1].kind == Tok::Reserved)) {
          after += 2;
        }
        if (after < toks_.size() && toks_[after].kind == Tok::LBrace) {
          std::string type = leading_dot ? "." : "";
          while (pos_ < after) type += advance().text;
          std::int32_t off = advance().offset;
          auto s = node(Expr::K::Struct, off);
          s->name = std::move(type);
          map_entries(*s, true);
          s->nesting = deepest(s->args);
          return s;
        }
        const Token& id = advance();
        // A reserved word parses as an identifier; cel-go's visitor refuses it, leaving no
        // identifier or call (a macro then finds no identifier in it).
        const bool reserved = id.kind == Tok::Reserved;
        if (reserved) error_at(t, "reserved identifier: " + std::string(id.text));
        std::string name = (leading_dot ? "." : "") + std::string(id.text);
        if (peek().kind == Tok::LParen) {
          std::int32_t off = advance().offset;
          std::vector<ExprPtr> args;
          call_args(args);
          if (reserved) return bad(t.offset);
          return global_call(off, std::move(name), std::move(args));
        }
        if (reserved) return bad(t.offset);
        return ident(id.offset, std::move(name));
      }
      default:
        // Reached only while recovering: the member's decision fails silently.
        recover(__LINE__);
        return nothing();
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

  // A macro's variable: any identifier, a leading dot included, as cel-go extracts it.
  bool simple_name(const ExprPtr& e, std::string& out) {
    if (e->kind != Expr::K::Ident) {
      error_at(e->offset, "argument must be a simple name");
      return false;
    }
    out = e->name;
    return true;
  }

  bool identifier(const ExprPtr& e, std::string& out) {
    if (e->kind != Expr::K::Ident) {
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
      if (args[0]->kind != Expr::K::Ident) {
        error_at(args[0]->offset, "cel.bind() variable names must be simple identifiers");
        return bad(off);
      }
      const std::string v = args[0]->name;
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
  if (offset == kBeforeStart && !source.empty()) {
    // cel-go's offset -1: line 1, column -1, printed as column 0 with the caret at the start.
    p.line = 1;
    p.column = -1;
    p.line_end = source.find('\n');
    if (p.line_end == std::string_view::npos) p.line_end = source.size();
    p.snippet = p.line_end <= kMaxSnippetBytes;
    return p;
  }
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

std::string format_issues(std::string_view source, const std::vector<Issue>& issues, std::size_t truncated) {
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
  if (truncated > 0) out += "\n" + std::to_string(truncated) + " more errors were truncated";
  return out;
}

}  // namespace podfit::cel
