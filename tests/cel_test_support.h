// Helpers of the CEL tests: evaluate an expression, render the outcome as text.
#pragma once

#include <cstdint>
#include <string>

#include <doctest/doctest.h>

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

// One row of an expression table: the expression and run()'s rendering of its outcome.
struct Case {
  const char* expr;
  const char* want;
};

// Runs each row in the Kubernetes environment, a subcase per expression.
inline void run_table(const Case* begin, const Case* end) {
  podfit::cel::Env env = kube_env();
  for (const Case* c = begin; c != end; ++c) {
    SUBCASE(c->expr) { CHECK(run(env, c->expr) == c->want); }
  }
}

// The run-time cost of an expression that compiles and evaluates without error.
inline std::uint64_t cost_of(const std::string& expr) {
  podfit::cel::Env env = kube_env();
  auto c = env.compile(expr);
  REQUIRE_MESSAGE(c.ok(), c.error);
  podfit::cel::MapActivation none;
  auto r = c.program->evaluate(none);
  CHECK_MESSAGE(!r.value.is_error(), r.value.as_string());
  return r.cost;
}

}  // namespace cel_test
