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

// A List of n Nodes as kubectl prints it: item i on line 4 + i.
std::string json_node_list(int n) {
  std::string text = "{\n\"apiVersion\": \"v1\",\n\"items\": [\n";
  for (int i = 0; i < n; ++i) text += json_node(i) + (i + 1 < n ? ",\n" : "\n");
  return text + "],\n\"kind\": \"List\",\n\"metadata\": {\"resourceVersion\": \"\"}\n}\n";
}

// The message of the load's error ("" when it loads).
std::string load_error(const std::string& text, const std::string& name) {
  ClusterState s;
  auto e = load_cluster_state_text(text, name, s);
  return e ? e->message : "";
}

void break_item(std::string& text, int i, std::string_view from, std::string_view to) {
  size_t at = text.find(fmt::format("node-{:05d}", i));
  at = text.find(from, at);
  text.replace(at, from.size(), to);
}

TEST_CASE("JSON objects decoded on worker threads keep stream order, errors included") {
  // Several batches of objects (a batch is about a megabyte): decoded in parallel, merged in order.
  const int n = 12000;  // 2 MB: two batches
  static const std::string list = json_node_list(n);  // subcases run the case again: built once
  REQUIRE(list.size() > (size_t{3} << 19));

  SUBCASE("an early item's error wins over a syntax error further on") {
    std::string text = list;
    break_item(text, 40, "\"pods\":\"110\"", "\"pods\":\"1ii\"");
    text.resize(text.size() - 40);  // truncated: the reader fails at the end of input
    CHECK(load_error(text, "big.json") == "big.json: document 1, items[40] (Node node-00040), line 44: status.allocatable.pods: "
                        "invalid quantity \"1ii\": unable to parse quantity's suffix");
  }
  SUBCASE("of two broken items in different batches, the first is reported") {
    std::string text = list;
    break_item(text, 11500, "\"pods\":\"110\"", "\"pods\":\"1ii\"");
    break_item(text, 4000, "\"pods\":\"110\"", "\"pods\":true");
    CHECK(load_error(text, "big.json") == "big.json: document 1, items[4000] (Node node-04000), line 4004: status.allocatable.pods: "
                        "expected a quantity (a string or a number), got a boolean");
  }
  SUBCASE("a syntax error inside an item of a later batch names its line") {
    std::string text = list;
    break_item(text, 10345, "\"zone\":", "\"zone\" ");
    CHECK(load_error(text, "big.json") == "big.json: document 1, line 10349: invalid character '\"' after object key");
  }
  SUBCASE("--max-objects counts across batches and files") {
    ClusterState s;
    LoadOptions options;
    options.max_objects = 11321;
    auto e = load_cluster_state_text(list, "big.json", s, options);
    REQUIRE(e.has_value());
    CHECK(e->message == "big.json: document 1, items[11321], line 11325: more than 11321 objects: raise the limit "
                        "with --max-objects");
  }
  SUBCASE("--validate=warn warnings come in stream order") {
    std::string text = list;
    for (int i : {11999, 3, 8000}) break_item(text, i, "\"labels\"", "\"labelz\":{},\"labels\"");
    ClusterState s;
    std::vector<std::string> warnings;
    LoadOptions options;
    options.validation = FieldValidation::Warn;
    options.warnings = &warnings;
    REQUIRE_FALSE(load_cluster_state_text(text, "big.json", s, options).has_value());
    CHECK(s.nodes.size() == static_cast<size_t>(n));
    REQUIRE(warnings.size() == 3);
    CHECK(warnings[0] == "big.json: document 1, items[3] (Node node-00003), line 7: unknown field \"metadata.labelz\"");
    CHECK(warnings[1].starts_with("big.json: document 1, items[8000] (Node node-08000), line 8004: "));
    CHECK(warnings[2].starts_with("big.json: document 1, items[11999] (Node node-11999), line 12003: "));
  }
  SUBCASE("top-level objects one after another, over several batches") {
    std::string text;
    for (int i = 0; i < n; ++i) text += json_node(i) + "\n";
    ClusterState s;
    REQUIRE_FALSE(load_cluster_state_text(text, "stream.json", s).has_value());
    REQUIRE(s.nodes.size() == static_cast<size_t>(n));
    for (int i = 0; i < n; i += 997) {
      CHECK(s.nodes[i].metadata.name == fmt::format("node-{:05d}", i));
      CHECK(s.nodes[i].origin.document == i + 1);
      CHECK(s.nodes[i].origin.line == i + 1);
    }
  }
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

// A YAML List of n Nodes; item i starts on line 3 + 10 * i.
std::string yaml_node_list(int n) {
  std::string text = "apiVersion: v1\nitems:\n";
  for (int i = 0; i < n; ++i) {
    text += fmt::format("- apiVersion: v1\n  kind: Node\n  metadata:\n    name: node-{:05d}\n    labels:\n      zone: z{}\n"
                        "  status:\n    allocatable:\n      cpu: \"{}\"\n      memory: 16Gi\n",
                        i, i % 3, 4 + i % 8);
  }
  return text + "kind: List\nmetadata:\n  resourceVersion: \"\"\n";
}

TEST_CASE("YAML objects decoded on worker threads keep stream order, errors and anchors included") {
  // Several batches of objects, decoded in parallel and merged in order.
  const int n = 4000;  // 84,000 nodes: three batches
  static const std::string list = yaml_node_list(n);  // subcases run the case again: built once

  SUBCASE("an alias points into an object of an earlier batch") {
    std::string text = list;
    size_t at = text.find("zone: z0\n", text.find("node-00003"));
    text.replace(at, 9, "zone: &shared far-away\n");
    at = text.find("zone: z", text.find("node-03998"));
    text.replace(at, 9, "zone: *shared\n");
    ClusterState s;
    REQUIRE_FALSE(load_cluster_state_text(text, "big.yaml", s).has_value());
    REQUIRE(s.nodes.size() == static_cast<size_t>(n));
    CHECK(*s.nodes[3].metadata.labels.find("zone") == "far-away");
    CHECK(*s.nodes[3998].metadata.labels.find("zone") == "far-away");
    CHECK(*s.nodes[3999].metadata.labels.find("zone") == "z0");
  }
  SUBCASE("an early item's error wins over a syntax error further on") {
    std::string text = list;
    size_t at = text.find("memory: 16Gi", text.find("node-00040"));
    text.replace(at, 12, "memory: 16ii");
    text += "- [unclosed\n";
    CHECK(load_error(text, "big.yaml") == "big.yaml: document 1, items[40] (Node node-00040), line 412: status.allocatable.memory: "
                        "invalid quantity \"16ii\": unable to parse quantity's suffix");
  }
  SUBCASE("an error in a later batch, after good ones") {
    std::string text = list;
    size_t at = text.find("memory: 16Gi", text.find("node-03500"));
    text.replace(at, 12, "memory: 16ii");
    CHECK(load_error(text, "big.yaml") == "big.yaml: document 1, items[3500] (Node node-03500), line 35012: status.allocatable.memory: "
                        "invalid quantity \"16ii\": unable to parse quantity's suffix");
  }
  SUBCASE("documents one after another, each with its own anchors") {
    std::string text;
    for (int i = 0; i < n; ++i) {
      text += fmt::format("---\napiVersion: v1\nkind: Node\nmetadata:\n  name: &name node-{:05d}\n  labels:\n"
                          "    self: *name\n",
                          i);
    }
    ClusterState s;
    REQUIRE_FALSE(load_cluster_state_text(text, "stream.yaml", s).has_value());
    REQUIRE(s.nodes.size() == static_cast<size_t>(n));
    for (int i = 0; i < n; i += 599) {
      CHECK(*s.nodes[i].metadata.labels.find("self") == fmt::format("node-{:05d}", i));
      CHECK(s.nodes[i].origin.document == i + 1);
      CHECK(s.nodes[i].origin.line == 7 * i + 2);
    }
  }
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
  std::string yaml = "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n  labels: ";
  for (int i = 0; i < 100000; ++i) yaml += "[";
  ClusterState y;
  auto yerr = load_cluster_state_text(yaml, "deep.yaml", y);
  REQUIRE(yerr.has_value());
  CHECK(yerr->message.rfind("deep.yaml: document 1, line 5:", 0) == 0);
}
