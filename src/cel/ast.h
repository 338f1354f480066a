// The parsed expression tree: cel-go's Expr shapes, macros already expanded into
// comprehensions.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "podfit/cel/cel.h"

namespace podfit::cel {

struct Overload;
struct FunctionDecl;

// Calls the evaluator treats specially (evaluation order, error absorption).
enum class Special : std::uint8_t { None, And, Or, Ternary, NotStrictlyFalse, OptionalOr, OptionalOrValue, Index, OptIndex };

struct Expr {
  enum class K : std::uint8_t { Const, Ident, Select, Call, List, Map, Struct, Comprehension };
  K kind = K::Const;
  std::int64_t id = 0;
  std::int32_t offset = 0;  // byte offset in the source, for error positions
  // The parser's: how many operators, selects, member calls and indexes the source nests on
  // its deepest path down to and including this expression (what cel-go's tree visitor counts
  // against its recursion limit); a macro's expansion carries the count of the call it replaced.
  std::int32_t nesting = 0;

  Value constant;             // Const
  std::string name;           // Ident name, Select field, Call function, Struct type name
  bool test_only = false;     // Select from has()
  bool optional = false;      // Select .?field; Call index _[?_] is a function name instead
  std::unique_ptr<Expr> target;  // Select operand, member Call receiver
  std::vector<std::unique_ptr<Expr>> args;  // Call args, List elements, Map keys/values interleaved
  std::vector<bool> optional_entries;       // List element / Map entry marked `?`

  // Comprehension: iter_range, accu_init, loop_condition, loop_step, result.
  std::string iter_var, iter_var2, accu_var;
  std::unique_ptr<Expr> iter_range, accu_init, loop_cond, loop_step, result;

  // Filled by the checker and the planner.
  Type type;                              // checked type
  std::vector<const Overload*> overloads; // candidates for a Call
  bool resolved_global = false;           // member-style call resolved to a namespaced global
  bool resolved_overload = false;         // Call: the checker left exactly one overload
  Value folded;                           // Ident naming a type: its type value; Const: the owner
  bool is_type_ident = false;
  // List or Map of constants only, with constant folding on: it costs nothing at run time, as
  // cel-go's OptOptimize folds it into a constant when the program is planned.
  bool constant_literal = false;
  Special special = Special::None;
  bool non_strict = false;
  bool root_scope = false;                // Ident written with a leading dot: never a local                // a candidate overload takes error arguments
  std::vector<std::string> alternatives;  // Ident: further names to resolve (container)
  std::vector<std::string> qualified;     // Select (unchecked): qualified names, longest first
};

using ExprPtr = std::unique_ptr<Expr>;

}  // namespace podfit::cel
