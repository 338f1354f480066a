// Fuzzes the CEL module: parse, check and evaluate an expression in kube-scheduler's DRA
// environment (every library, a `device` variable), checked and unchecked, under a cost limit.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_input.h"
#include "podfit/cel/cel.h"

namespace {

const podfit::cel::Env& environment() {
  static const podfit::cel::Env env = [] {
    podfit::cel::Env e;
    podfit::cel::enable_kubernetes_libraries(e);
    e.add_variable("device", *podfit::cel::Type::parse("map(string, dyn)"));
    e.limits().cost_limit = 100000;
    e.limits().max_expression_length = 10 * 1024;
    return e;
  }();
  return env;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = podfit::fuzz::as_text(data, size);
  podfit::cel::MapActivation act;
  act.bind("device", podfit::cel::Value::list(std::vector<podfit::cel::Value>{
                         podfit::cel::Value::int_(1), podfit::cel::Value::string("gpu")}));
  for (bool checked : {true, false}) {
    auto c = checked ? environment().compile(text) : environment().compile_unchecked(text);
    if (!c.ok()) continue;
    auto r = c.program->evaluate(act);
    (void)r.value.debug_string();
  }
  return 0;
}
