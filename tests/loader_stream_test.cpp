// The streaming readers over inputs larger than their read window, and objects larger than it.
#include <doctest/doctest.h>

#include <string>

#include <fmt/format.h>

#include "podfit/load/loader.h"

using namespace podfit;

namespace {

std::string json_node(int i) {
  return fmt::format(
      R"({{"apiVersion":"v1","kind":"Node","metadata":{{"name":"node-{:05d}","labels":{{"zone":"z{}","rack":"r{}"}}}},)"
      R"("status":{{"allocatable":{{"cpu":"{}","memory":"{}Gi","pods":"110"}}}}}})",
      i, i % 3, i % 17, 4 + i % 8, 16 + i % 4);
}

}  // namespace

TEST_CASE("a JSON List spanning many read windows keeps every item and its line") {
  // About 3 MB: several windows of the reader.
  const int n = 16000;
  std::string text = "{\n\"apiVersion\": \"v1\",\n\"items\": [\n";
  for (int i = 0; i < n; ++i) text += json_node(i) + (i + 1 < n ? ",\n" : "\n");
  text += "],\n\"kind\": \"List\",\n\"metadata\": {\"resourceVersion\": \"\"}\n}\n";
  REQUIRE(text.size() > (size_t{2} << 20));
  ClusterState s;
  auto err = load_cluster_state_text(text, "big.json", s);
  REQUIRE_FALSE(err.has_value());
  REQUIRE(s.nodes.size() == static_cast<size_t>(n));
  CHECK(s.nodes[n - 1].metadata.name == fmt::format("node-{:05d}", n - 1));
  CHECK(s.nodes[n - 1].origin.line == 3 + n);
  CHECK(s.nodes[n - 1].origin.item == n - 1);
  CHECK(s.nodes[13337].status.allocatable.find("cpu")->value() == 4 + 13337 % 8);

  // An error near the end is located exactly, with the item that holds it.
  std::string broken = text;
  size_t at = broken.rfind("\"pods\":\"110\"");
  broken.replace(at, 12, "\"pods\":\"1ii\"");
  ClusterState b;
  auto e = load_cluster_state_text(broken, "big.json", b);
  REQUIRE(e.has_value());
  CHECK(e->message == fmt::format("big.json: document 1, items[{}] (Node node-{:05d}), line {}: status.allocatable.pods: "
                                  "invalid quantity \"1ii\": unable to parse quantity's suffix",
                                  n - 1, n - 1, 3 + n));
}

TEST_CASE("a YAML List spanning many read windows") {
  const int n = 5000;
  std::string text = "apiVersion: v1\nitems:\n";
  for (int i = 0; i < n; ++i) {
    text += fmt::format("- apiVersion: v1\n  kind: Node\n  metadata:\n    name: node-{:05d}\n    labels:\n      zone: z{}\n"
                        "  status:\n    allocatable:\n      cpu: \"{}\"\n      memory: 16Gi\n",
                        i, i % 3, 4 + i % 8);
  }
  text += "kind: List\nmetadata:\n  resourceVersion: \"\"\n";
  ClusterState s;
  auto err = load_cluster_state_text(text, "big.yaml", s);
  REQUIRE_FALSE(err.has_value());
  REQUIRE(s.nodes.size() == static_cast<size_t>(n));
  CHECK(s.nodes[n - 1].origin.line == 3 + 10 * (n - 1));
}

TEST_CASE("one object larger than the read window, with very many keys") {
  const int labels = 100000;  // about 2 MB in one object
  std::string text = R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"huge","labels":{)";
  for (int i = labels - 1; i >= 0; --i) text += fmt::format("\"k{}\":\"v{}\"{}", i, i, i ? "," : "");
  text += "}}}";
  ClusterState s;
  auto err = load_cluster_state_text(text, "huge.json", s);
  REQUIRE_FALSE(err.has_value());
  CHECK(s.nodes[0].metadata.labels.size() == static_cast<size_t>(labels));
  CHECK(*s.nodes[0].metadata.labels.find("k4242") == "v4242");
}

TEST_CASE("deep nesting is refused with a clear message, not a crash") {
  std::string deep = R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"n","labels":)";
  for (int i = 0; i < 100000; ++i) deep += "[";
  ClusterState s;
  auto err = load_cluster_state_text(deep, "deep.json", s);
  REQUIRE(err.has_value());
  CHECK(err->message == "deep.json: document 1, line 1: nesting deeper than 256 levels");
  std::string yaml = "apiVersion: v1\nkind: Node\nmetadata:\n  name: n\n  labels: ";
  for (int i = 0; i < 100000; ++i) yaml += "[";
  ClusterState y;
  auto yerr = load_cluster_state_text(yaml, "deep.yaml", y);
  REQUIRE(yerr.has_value());
  CHECK(yerr->message.rfind("deep.yaml: document 1, line 5:", 0) == 0);
}
