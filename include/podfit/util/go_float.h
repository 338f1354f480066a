// strconv.ParseFloat(text, 64) as Go reads it: CEL's double() conversion and kubectl-style
// flags follow Go's syntax, which differs from strtod's (underscores between digits, hex
// mantissas only with a 'p' exponent, no leading blanks, overflow an error).
#pragma once

#include <optional>
#include <string_view>

namespace podfit {

// What ParseFloat says about text that is not a float64.
enum class GoFloatError { None, Syntax, Range };

// The value, or nullopt with *error set: Syntax for text Go does not read as a number, Range
// for a finite number too large for a float64 (Go's ErrRange; underflow to zero is no error).
std::optional<double> parse_go_float(std::string_view text, GoFloatError* error = nullptr);

}  // namespace podfit
