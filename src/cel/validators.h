// Checks after type checking that Kubernetes' CEL environment adds.
#pragma once

#include <vector>

#include "internal.h"
#include "parser.h"

namespace podfit::cel {

// Appends the issues of the checks the environment enables (homogeneous literals, literal
// arguments); the tree must be checked.
void validate_checked(const Expr& root, const Env::Impl& env, std::vector<Issue>& issues);

}  // namespace podfit::cel
