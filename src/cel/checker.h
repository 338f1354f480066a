// The type checker: resolves names against the environment, picks overloads, infers types.
#pragma once

#include <vector>

#include "internal.h"
#include "parser.h"

namespace podfit::cel {

// Checks e in place (types, overload candidates, qualified names rewritten to identifiers) and
// returns its type; problems are appended to issues with cel-go's messages.
Type check_expr(Expr& e, const Env::Impl& env, std::vector<Issue>& issues);

}  // namespace podfit::cel
