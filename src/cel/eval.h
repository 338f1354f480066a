// Evaluation of a planned expression tree.
#pragma once

#include <cstdint>

#include "ast.h"

namespace podfit::cel {

// Evaluates root against the activation, stopping with cel-go's cost error past cost_limit.
EvalResult evaluate_expr(const Expr& root, const Activation& act, std::uint64_t cost_limit);

}  // namespace podfit::cel
