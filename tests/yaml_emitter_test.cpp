// YAML output: layout as kubectl prints it, and strings quoted exactly when they must be.
#include <doctest/doctest.h>

#include <sstream>

#include "podfit/report/yaml_emitter.h"

using namespace podfit;
using json = nlohmann::ordered_json;

namespace {
std::string emit(const json& doc) {
  std::ostringstream out;
  emit_yaml(out, doc);
  return out.str();
}
}  // namespace

TEST_CASE("YAML layout: nested maps, lists of maps, empty containers, null") {
  json doc = {{"apiVersion", "podfit/v1"},
              {"results", json::array({{{"pod", {{"namespace", "default"}, {"name", "web"}}},
                                        {"feasibleNodes", json::array()},
                                        {"preFilter", nullptr},
                                        {"nodes", json::array({{{"name", "a"}, {"fit", true}, {"failures", json::array()}}})},
                                        {"count", 3}}})},
              {"empty", json::object()}};
  CHECK(emit(doc) ==
        "apiVersion: podfit/v1\n"
        "results:\n"
        "- pod:\n"
        "    namespace: default\n"
        "    name: web\n"
        "  feasibleNodes: []\n"
        "  preFilter: null\n"
        "  nodes:\n"
        "  - name: a\n"
        "    fit: true\n"
        "    failures: []\n"
        "  count: 3\n"
        "empty: {}\n");
}

TEST_CASE("YAML scalars: quoted only when a plain scalar would read differently") {
  struct Case {
    std::string in;
    std::string want;
  };
  const Case cases[] = {
      {"web", "web"},
      {"node(s) didn't match Pod's node affinity/selector", "node(s) didn't match Pod's node affinity/selector"},
      {"0/3 nodes are available: 1 Insufficient cpu.", "\"0/3 nodes are available: 1 Insufficient cpu.\""},
      {"", "\"\""},
      {"yes", "\"yes\""},
      {"No", "\"No\""},
      {"null", "\"null\""},
      {"~", "\"~\""},
      {"1.10", "\"1.10\""},
      {"-5", "\"-5\""},
      {".5", "\".5\""},
      {"-x", "\"-x\""},
      {"#x", "\"#x\""},
      {"a #b", "\"a #b\""},
      {"a#b", "a#b"},
      {"trailing ", "\"trailing \""},
      {"ends:", "\"ends:\""},
      {"line\nbreak", "\"line\\nbreak\""},
      {"*alias", "\"*alias\""},
      {"cpu: requested 2, already used 7500m, allocatable 8", "\"cpu: requested 2, already used 7500m, allocatable 8\""},
      {"UnschedulableAndUnresolvable", "UnschedulableAndUnresolvable"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.in);
    CHECK(emit(json{{"k", c.in}}) == "k: " + c.want + "\n");
  }
}

TEST_CASE("YAML: lists of scalars and of lists") {
  CHECK(emit(json{{"reasons", {"a", "b: c"}}}) == "reasons:\n- a\n- \"b: c\"\n");
  CHECK(emit(json{{"m", json::array({json::array({1, 2})})}}) == "m:\n-\n  - 1\n  - 2\n");
}
