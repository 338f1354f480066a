// Helpers of the CEL tests: evaluate an expression, render the outcome as text.
#pragma once

#include <string>

#include "podfit/cel/cel.h"

namespace cel_test {

// The environment kube-scheduler's DRA selectors compile in, plus the given variables.
inline podfit::cel::Env kube_env() {
  podfit::cel::Env env;
  podfit::cel::enable_kubernetes_libraries(env);
  return env;
}

// "value: <debug text>", "error: <message>" or "compile: <formatted issues>".
inline std::string run(const podfit::cel::Env& env, const std::string& expr, bool checked = true,
                       const podfit::cel::Activation* act = nullptr) {
  auto c = checked ? env.compile(expr) : env.compile_unchecked(expr);
  if (!c.ok()) return "compile: " + c.error;
  podfit::cel::MapActivation none;
  auto r = c.program->evaluate(act ? *act : none);
  if (r.value.is_error()) return "error: " + std::string(r.value.as_string());
  return "value: " + r.value.debug_string();
}

}  // namespace cel_test
