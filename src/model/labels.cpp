#include "podfit/model/labels.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "podfit/model/field_errors.h"
#include "podfit/model/validation.h"
#include "podfit/util/strings.h"

namespace podfit {
namespace {

// The binary operators in the order labels lists them in parse errors.
constexpr std::string_view kBinaryOperators = "in, notin, =, ==, !=, gt, lt";

void sort_by_key(std::vector<Selector::Requirement>& requirements) {
  std::stable_sort(requirements.begin(), requirements.end(),
                   [](const Selector::Requirement& a, const Selector::Requirement& b) { return a.key < b.key; });
}

// validateLabelKey: one field error whose detail joins every problem with "; ".
std::optional<std::string> label_key_error(std::string_view key, std::string_view field_path) {
  auto problems = label_key_errors(key);
  if (problems.empty()) return std::nullopt;
  return field::invalid(field_path, field::go_quote(key), join(problems, "; "));
}

// ---- labels.Parse: the lexer and the recursive-descent parser of the selector syntax ----

enum class Token {
  Error,
  EndOfString,
  ClosedPar,
  Comma,
  DoesNotExist,
  DoubleEquals,
  Equals,
  GreaterThan,
  Identifier,
  In,
  LessThan,
  NotEquals,
  NotIn,
  OpenPar,
};

struct ScannedItem {
  Token token;
  std::string literal;
};

std::optional<Token> keyword_token(std::string_view text) {
  if (text == ")") return Token::ClosedPar;
  if (text == ",") return Token::Comma;
  if (text == "!") return Token::DoesNotExist;
  if (text == "==") return Token::DoubleEquals;
  if (text == "=") return Token::Equals;
  if (text == ">") return Token::GreaterThan;
  if (text == "in") return Token::In;
  if (text == "<") return Token::LessThan;
  if (text == "!=") return Token::NotEquals;
  if (text == "notin") return Token::NotIn;
  if (text == "(") return Token::OpenPar;
  return std::nullopt;
}

bool is_whitespace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

bool is_special_symbol(char c) {
  switch (c) {
    case '=': case '!': case '(': case ')': case ',': case '>': case '<':
      return true;
    default:
      return false;
  }
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  ScannedItem lex() {
    char c = read();
    while (is_whitespace(c)) c = read();
    if (c == 0) return {Token::EndOfString, ""};
    unread();
    return is_special_symbol(c) ? scan_special_symbol() : scan_identifier_or_keyword();
  }

 private:
  // A NUL byte ends the input, as the end of the text does.
  char read() { return pos_ < text_.size() ? text_[pos_++] : '\0'; }
  void unread() { --pos_; }

  ScannedItem scan_identifier_or_keyword() {
    std::string buffer;
    while (true) {
      char c = read();
      if (c == 0) break;
      if (is_special_symbol(c) || is_whitespace(c)) {
        unread();
        break;
      }
      buffer += c;
    }
    if (auto token = keyword_token(buffer)) return {*token, buffer};
    return {Token::Identifier, buffer};
  }

  // The longest run of special symbols that forms an operator.
  ScannedItem scan_special_symbol() {
    std::optional<ScannedItem> last;
    std::string buffer;
    while (true) {
      char c = read();
      if (c == 0) break;
      if (!is_special_symbol(c)) {
        unread();
        break;
      }
      buffer += c;
      if (auto token = keyword_token(buffer)) {
        last = ScannedItem{*token, buffer};
      } else if (last) {
        unread();
        break;
      }
    }
    if (!last) return {Token::Error, fmt::format("error expected: keyword found '{}'", buffer)};
    return *last;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

// In a value position "in" and "notin" are plain identifiers.
enum class Context { KeyAndOperator, Values };

class Parser {
 public:
  explicit Parser(std::string_view text) {
    Lexer lexer(text);
    while (true) {
      items_.push_back(lexer.lex());
      if (items_.back().token == Token::EndOfString) break;
    }
  }

  std::optional<std::vector<Selector::Requirement>> parse(std::string* error) {
    std::vector<Selector::Requirement> requirements;
    while (true) {
      auto [token, literal] = lookahead(Context::Values);
      switch (token) {
        case Token::Identifier:
        case Token::DoesNotExist: {
          std::string requirement_error;
          auto requirement = parse_requirement(&requirement_error);
          if (!requirement) {
            *error = "unable to parse requirement: " + requirement_error;
            return std::nullopt;
          }
          requirements.push_back(std::move(*requirement));
          auto [next, next_literal] = consume(Context::Values);
          if (next == Token::EndOfString) return requirements;
          if (next == Token::Comma) {
            auto [after, after_literal] = lookahead(Context::Values);
            if (after != Token::Identifier && after != Token::DoesNotExist) {
              *error = fmt::format("found '{}', expected: identifier after ','", after_literal);
              return std::nullopt;
            }
            break;
          }
          *error = fmt::format("found '{}', expected: ',' or 'end of string'", next_literal);
          return std::nullopt;
        }
        case Token::EndOfString:
          return requirements;
        default:
          *error = fmt::format("found '{}', expected: !, identifier, or 'end of string'", literal);
          return std::nullopt;
      }
    }
  }

 private:
  std::pair<Token, std::string> lookahead(Context context) const { return as_seen(items_[position_], context); }
  std::pair<Token, std::string> consume(Context context) { return as_seen(items_[position_++], context); }
  static std::pair<Token, std::string> as_seen(const ScannedItem& item, Context context) {
    Token token = item.token;
    if (context == Context::Values && (token == Token::In || token == Token::NotIn)) token = Token::Identifier;
    return {token, item.literal};
  }

  std::optional<Selector::Requirement> parse_requirement(std::string* error) {
    std::string key;
    std::optional<Selector::Op> op;
    if (!parse_key_and_infer_operator(&key, &op, error)) return std::nullopt;
    std::vector<std::string> values;
    if (!op) {
      op = parse_operator(error);
      if (!op) return std::nullopt;
      std::optional<std::set<std::string>> parsed;
      switch (*op) {
        case Selector::Op::In:
        case Selector::Op::NotIn:
          parsed = parse_values(error);
          break;
        default:
          parsed = parse_exact_value(error);
      }
      if (!parsed) return std::nullopt;
      values.assign(parsed->begin(), parsed->end());
    }
    std::vector<std::string> errors;
    auto requirement = new_requirement(key, *op, std::move(values), &errors);
    if (!requirement) *error = field::aggregate(errors);
    return requirement;
  }

  // Returns the operator only for the unary forms "key" and "!key".
  bool parse_key_and_infer_operator(std::string* key, std::optional<Selector::Op>* op, std::string* error) {
    bool negated = false;
    auto [token, literal] = consume(Context::Values);
    if (token == Token::DoesNotExist) {
      negated = true;
      std::tie(token, literal) = consume(Context::Values);
    }
    if (token != Token::Identifier) {
      *error = fmt::format("found '{}', expected: identifier", literal);
      return false;
    }
    // The parser validates the key against a nil path, which prints as "<nil>".
    if (auto key_error = label_key_error(literal, "<nil>")) {
      *error = *key_error;
      return false;
    }
    *key = literal;
    if (negated) {
      // "!key" never takes a binary operator: whatever follows is left for the caller to reject.
      *op = Selector::Op::DoesNotExist;
      return true;
    }
    auto next = lookahead(Context::Values).first;
    if (next == Token::EndOfString || next == Token::Comma) *op = Selector::Op::Exists;
    return true;
  }

  std::optional<Selector::Op> parse_operator(std::string* error) {
    auto [token, literal] = consume(Context::KeyAndOperator);
    switch (token) {
      case Token::In: return Selector::Op::In;
      case Token::Equals: return Selector::Op::Equals;
      case Token::DoubleEquals: return Selector::Op::DoubleEquals;
      case Token::GreaterThan: return Selector::Op::GreaterThan;
      case Token::LessThan: return Selector::Op::LessThan;
      case Token::NotIn: return Selector::Op::NotIn;
      case Token::NotEquals: return Selector::Op::NotEquals;
      default:
        *error = fmt::format("found '{}', expected: {}", literal, kBinaryOperators);
        return std::nullopt;
    }
  }

  std::optional<std::set<std::string>> parse_values(std::string* error) {
    auto [token, literal] = consume(Context::Values);
    if (token != Token::OpenPar) {
      *error = fmt::format("found '{}' expected: '('", literal);
      return std::nullopt;
    }
    std::tie(token, literal) = lookahead(Context::Values);
    switch (token) {
      case Token::Identifier:
      case Token::Comma: {
        auto values = parse_identifiers_list(error);
        if (!values) return std::nullopt;
        if (consume(Context::Values).first != Token::ClosedPar) {
          // The message names the token seen before the list, as labels does.
          *error = fmt::format("found '{}', expected: ')'", literal);
          return std::nullopt;
        }
        return values;
      }
      case Token::ClosedPar:
        consume(Context::Values);
        return std::set<std::string>{""};
      default:
        *error = fmt::format("found '{}', expected: ',', ')' or identifier", literal);
        return std::nullopt;
    }
  }

  // A comma-separated list of possibly empty identifiers: "(a,,b)" holds "", "a" and "b".
  std::optional<std::set<std::string>> parse_identifiers_list(std::string* error) {
    std::set<std::string> values;
    while (true) {
      auto [token, literal] = consume(Context::Values);
      switch (token) {
        case Token::Identifier: {
          values.insert(literal);
          auto [next, next_literal] = lookahead(Context::Values);
          if (next == Token::Comma) continue;
          if (next == Token::ClosedPar) return values;
          *error = fmt::format("found '{}', expected: ',' or ')'", next_literal);
          return std::nullopt;
        }
        case Token::Comma: {
          if (values.empty()) values.insert("");
          auto next = lookahead(Context::Values).first;
          if (next == Token::ClosedPar) {
            values.insert("");
            return values;
          }
          if (next == Token::Comma) values.insert("");
          continue;
        }
        default:
          *error = fmt::format("found '{}', expected: ',', or identifier", literal);
          return std::nullopt;
      }
    }
  }

  std::optional<std::set<std::string>> parse_exact_value(std::string* error) {
    auto next = lookahead(Context::Values).first;
    if (next == Token::EndOfString || next == Token::Comma) return std::set<std::string>{""};
    auto [token, literal] = consume(Context::Values);
    if (token == Token::Identifier) return std::set<std::string>{literal};
    *error = fmt::format("found '{}', expected: identifier", literal);
    return std::nullopt;
  }

  std::vector<ScannedItem> items_;
  size_t position_ = 0;
};

}  // namespace

std::string_view selection_operator_string(Selector::Op op) {
  switch (op) {
    case Selector::Op::In: return "in";
    case Selector::Op::NotIn: return "notin";
    case Selector::Op::Exists: return "exists";
    case Selector::Op::DoesNotExist: return "!";
    case Selector::Op::Equals: return "=";
    case Selector::Op::DoubleEquals: return "==";
    case Selector::Op::NotEquals: return "!=";
    case Selector::Op::GreaterThan: return "gt";
    case Selector::Op::LessThan: return "lt";
  }
  return "";
}

std::optional<Selector::Requirement> new_requirement(std::string key, Selector::Op op,
                                                     std::vector<std::string> values,
                                                     std::vector<std::string>* errors,
                                                     std::string_view path) {
  std::vector<std::string> found;
  if (auto key_error = label_key_error(key, field::child(path, "key"))) found.push_back(*key_error);

  const std::string values_path = field::child(path, "values");
  switch (op) {
    case Selector::Op::In:
    case Selector::Op::NotIn:
      if (values.empty()) {
        found.push_back(field::invalid(values_path, field::json_list(values),
                                       "for 'in', 'notin' operators, values set can't be empty"));
      }
      break;
    case Selector::Op::Equals:
    case Selector::Op::DoubleEquals:
    case Selector::Op::NotEquals:
      if (values.size() != 1) {
        found.push_back(field::invalid(values_path, field::json_list(values),
                                       "exact-match compatibility requires one single value"));
      }
      break;
    case Selector::Op::Exists:
    case Selector::Op::DoesNotExist:
      if (!values.empty()) {
        found.push_back(field::invalid(values_path, field::json_list(values),
                                       "values set must be empty for exists and does not exist"));
      }
      break;
    case Selector::Op::GreaterThan:
    case Selector::Op::LessThan:
      if (values.size() != 1) {
        found.push_back(field::invalid(values_path, field::json_list(values),
                                       "for 'Gt', 'Lt' operators, exactly one value is required"));
      }
      for (size_t i = 0; i < values.size(); ++i) {
        if (!parse_go_int64(values[i])) {
          found.push_back(field::invalid(field::index(values_path, i), field::go_quote(values[i]),
                                         "for 'Gt', 'Lt' operators, the value must be an integer"));
        }
      }
      break;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    auto problems = label_value_errors(values[i]);
    if (!problems.empty()) {
      found.push_back(field::invalid(field::key(field::index(values_path, i), key), field::go_quote(values[i]),
                                     join(problems, "; ")));
    }
  }
  if (!found.empty()) {
    // ToAggregate drops repeated messages.
    for (auto& message : found) {
      if (std::find(errors->begin(), errors->end(), message) == errors->end()) errors->push_back(std::move(message));
    }
    return std::nullopt;
  }
  return Selector::Requirement{std::move(key), op, std::move(values)};
}

bool requirement_matches(const Selector::Requirement& requirement, const StringMap& labels) {
  const std::string* value = labels.find(requirement.key);
  auto has_value = [&](const std::string& v) {
    return std::find(requirement.values.begin(), requirement.values.end(), v) != requirement.values.end();
  };
  switch (requirement.op) {
    case Selector::Op::In:
    case Selector::Op::Equals:
    case Selector::Op::DoubleEquals:
      return value != nullptr && has_value(*value);
    case Selector::Op::NotIn:
    case Selector::Op::NotEquals:
      return value == nullptr || !has_value(*value);
    case Selector::Op::Exists:
      return value != nullptr;
    case Selector::Op::DoesNotExist:
      return value == nullptr;
    case Selector::Op::GreaterThan:
    case Selector::Op::LessThan: {
      if (value == nullptr) return false;
      auto label_number = parse_go_int64(*value);
      if (!label_number || requirement.values.size() != 1) return false;
      auto bound = parse_go_int64(requirement.values.front());
      if (!bound) return false;
      return requirement.op == Selector::Op::GreaterThan ? *label_number > *bound : *label_number < *bound;
    }
  }
  return false;
}

std::string requirement_to_string(const Selector::Requirement& requirement) {
  std::string out;
  if (requirement.op == Selector::Op::DoesNotExist) out += '!';
  out += requirement.key;
  switch (requirement.op) {
    case Selector::Op::Equals: out += "="; break;
    case Selector::Op::DoubleEquals: out += "=="; break;
    case Selector::Op::NotEquals: out += "!="; break;
    case Selector::Op::In: out += " in "; break;
    case Selector::Op::NotIn: out += " notin "; break;
    case Selector::Op::GreaterThan: out += ">"; break;
    case Selector::Op::LessThan: out += "<"; break;
    case Selector::Op::Exists:
    case Selector::Op::DoesNotExist:
      return out;
  }
  const bool is_set = requirement.op == Selector::Op::In || requirement.op == Selector::Op::NotIn;
  if (is_set) out += '(';
  if (requirement.values.size() == 1) {
    out += requirement.values.front();
  } else {
    // Printed sorted, duplicates kept, without reordering the requirement itself.
    std::vector<std::string> sorted = requirement.values;
    std::sort(sorted.begin(), sorted.end());
    out += join(sorted, ",");
  }
  if (is_set) out += ')';
  return out;
}

std::optional<Selector> Selector::from_label_selector(const std::optional<LabelSelector>& selector,
                                                      std::string* error) {
  if (!selector) return nothing();
  if (selector->match_labels.empty() && selector->match_expressions.empty()) return everything();
  auto fail = [&](std::string message) -> std::optional<Selector> {
    if (error) *error = std::move(message);
    return std::nullopt;
  };
  Selector result;
  for (const auto& [key, value] : selector->match_labels) {
    std::vector<std::string> errors;
    auto requirement = new_requirement(key, Op::Equals, {value}, &errors);
    if (!requirement) return fail(field::aggregate(errors));
    result.requirements_.push_back(std::move(*requirement));
  }
  for (const auto& expression : selector->match_expressions) {
    Op op;
    if (expression.op == "In") {
      op = Op::In;
    } else if (expression.op == "NotIn") {
      op = Op::NotIn;
    } else if (expression.op == "Exists") {
      op = Op::Exists;
    } else if (expression.op == "DoesNotExist") {
      op = Op::DoesNotExist;
    } else {
      return fail(fmt::format("{} is not a valid label selector operator", field::go_quote(expression.op)));
    }
    std::vector<std::string> errors;
    auto requirement = new_requirement(expression.key, op, expression.values, &errors);
    if (!requirement) return fail(field::aggregate(errors));
    result.requirements_.push_back(std::move(*requirement));
  }
  sort_by_key(result.requirements_);
  return result;
}

Selector Selector::from_set(const StringMap& set) {
  Selector result;
  for (const auto& [key, value] : set) result.requirements_.push_back(Requirement{key, Op::Equals, {value}});
  return result;  // StringMap iterates in key order already
}

std::optional<Selector> Selector::parse(std::string_view text, std::string* error) {
  std::string message;
  auto requirements = Parser(text).parse(&message);
  if (!requirements) {
    if (error) *error = std::move(message);
    return std::nullopt;
  }
  Selector result;
  result.requirements_ = std::move(*requirements);
  sort_by_key(result.requirements_);
  return result;
}

bool Selector::matches(const StringMap& labels) const {
  if (nothing_) return false;
  for (const auto& requirement : requirements_) {
    if (!requirement_matches(requirement, labels)) return false;
  }
  return true;
}

void Selector::add(Requirement requirement) {
  if (nothing_) return;
  // After the last requirement of the same key: what a stable sort of the appended list gives.
  auto at = std::upper_bound(requirements_.begin(), requirements_.end(), requirement.key,
                             [](const std::string& key, const Requirement& r) { return key < r.key; });
  requirements_.insert(at, std::move(requirement));
}

void Selector::add(std::vector<Requirement> requirements) {
  if (nothing_) return;
  for (Requirement& requirement : requirements) requirements_.push_back(std::move(requirement));
  sort_by_key(requirements_);
}

std::string Selector::to_string() const {
  std::vector<std::string> parts;
  for (const auto& requirement : requirements_) parts.push_back(requirement_to_string(requirement));
  return join(parts, ",");
}

}  // namespace podfit
