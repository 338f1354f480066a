// DeviceClasses: decoding in v1, v1beta1 and v1beta2, and the API server's validation, selectors'
// CEL compiled as it compiles a selector it is asked to store. The rows follow the cases of
// pkg/apis/resource/validation/validation_deviceclass_test.go; where v1.37 replaces a hand-written
// error with its declarative one, the row expects the declarative wording.
#include <doctest/doctest.h>

#include <string>

#include <fmt/format.h>

#include "load_test_support.h"
#include "podfit/load/loader.h"

using namespace podfit;

namespace {

constexpr const char* kSubdomain =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and "
    "end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
constexpr const char* kCaselessSubdomain =
    "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'Example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
constexpr const char* kLabelValue =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and "
    "end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
    "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

std::string load_error(const std::string& text) { return testing::load_error_text(text, "classes.yaml"); }

std::string field_error(const std::string& text) { return testing::field_error(text, "classes.yaml"); }

ClusterState loads(const std::string& text) { return testing::load_cluster_ok(text, {}, "classes.yaml"); }

// A DeviceClass named `name` whose spec holds `spec` (indented by two spaces), in `version`.
std::string device_class(const std::string& spec, const std::string& name = "foo", const std::string& metadata = "",
                         const std::string& version = "v1") {
  std::string out = "apiVersion: resource.k8s.io/" + version + "\nkind: DeviceClass\nmetadata:\n";
  if (!name.empty()) out += fmt::format("  name: \"{}\"\n", name);
  out += metadata;
  return out + "spec:\n" + spec;
}

std::string selectors(int n, const std::string& expression = "true") {
  std::string out = "  selectors:\n";
  for (int i = 0; i < n; ++i) out += fmt::format("  - cel: {{expression: \"{}\"}}\n", expression);
  return out;
}

std::string configs(int n) {
  std::string out = "  config:\n";
  for (int i = 0; i < n; ++i) out += "  - opaque: {driver: foo, parameters: {foo: 42}}\n";
  return out;
}

// The opaque parameters {"str": "xx...x"} whose compact JSON is `bytes` long.
std::string parameters_of_size(size_t bytes) {
  return fmt::format("  config:\n  - opaque:\n      driver: foo\n      parameters: {{str: {}}}\n", std::string(bytes - 10, 'x'));
}

using Row = testing::FieldErrorRow;

void run(const std::vector<Row>& rows) { testing::check_field_error_rows(rows, "classes.yaml"); }

}  // namespace

TEST_CASE("DeviceClass validation") {
  const std::string no_such_var =
      "spec.selectors[0].cel.expression: Invalid value: \"noSuchVar\": compilation failed: ERROR: <input>:1:1: undeclared "
      "reference to 'noSuchVar' (in container '')\n | noSuchVar\n | ^";
  run({
      {"good-class", device_class("  selectors: []\n"), ""},
      {"empty spec", "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: foo}\n", ""},
      {"missing-name", device_class("  selectors: []\n", ""), "metadata.name: Required value: name or generateName is required"},
      {"bad-name", device_class("  selectors: []\n", "!@#$%^"), fmt::format("metadata.name: Invalid value: \"!@#$%^\": {}", kSubdomain)},
      {"generate-name", device_class("  selectors: []\n", "foo", "  generateName: pvc-\n"), ""},
      {"generate-name without a name", device_class("  selectors: []\n", "", "  generateName: pvc-\n"), ""},
      {"metadata fields",
       device_class("  selectors: []\n", "foo",
                    "  uid: ac051fac-2ead-46d9-b8b4-4e0fbeb7455d\n  resourceVersion: \"1\"\n  generation: 100\n"
                    "  creationTimestamp: \"2026-11-24T10:00:00Z\"\n  deletionGracePeriodSeconds: 10\n"
                    "  ownerReferences: [{apiVersion: v1, kind: pod, name: foo, uid: ac051fac-2ead-46d9-b8b4-4e0fbeb7455d}]\n"
                    "  finalizers: [example.com/foo]\n  managedFields: [{fieldsType: FieldsV1, operation: Apply, apiVersion: apps/v1, manager: foo}]\n"
                    "  labels: {apps.kubernetes.io/name: test}\n  annotations: {foo: bar}\n"),
       ""},
      {"bad-labels", device_class("  selectors: []\n", "foo", "  labels: {hello-world: spaces not allowed}\n"),
       fmt::format("metadata.labels: Invalid value: \"spaces not allowed\": {}", kLabelValue)},
      {"a hand-written error before the declarative name check",
       device_class("  selectors: [{}]\n", "!@#$%^"), "spec.selectors[0].cel: Required value"},
      {"good-extended-resource-name", device_class("  extendedResourceName: example.com/gpu\n"), ""},
      {"bad-extended-resource-name", device_class("  extendedResourceName: example.com\n"),
       "spec.extendedResourceName: Invalid value: \"example.com\": a name must be a domain-prefixed path, such as "
       "'example.com/my-prop'"},
      {"extended resource name in kubernetes.io", device_class("  extendedResourceName: kubernetes.io/gpu\n"),
       "spec.extendedResourceName: Invalid value: \"kubernetes.io/gpu\": must not have \"kubernetes.io/\" domain"},
      {"extended resource name with the requests. prefix", device_class("  extendedResourceName: requests.example.com/gpu\n"),
       "spec.extendedResourceName: Invalid value: \"requests.example.com/gpu\": must not have \"requests.\" prefix"},
      {"selectors", device_class("  selectors:\n  - cel: {expression: \"true\"}\n  - {}\n  - cel: {expression: noSuchVar}\n"),
       "spec.selectors[1].cel: Required value"},
      {"selector that does not compile", device_class("  selectors:\n  - cel: {expression: noSuchVar}\n"), no_such_var},
      {"selector of another type", device_class("  selectors:\n  - cel: {expression: device.driver}\n"),
       "spec.selectors[0].cel.expression: Invalid value: \"device.driver\": must evaluate to bool or the unknown type, not string"},
      {"32 selectors", device_class(selectors(32)), ""},
      {"too-many-selectors", device_class(selectors(33)), "spec.selectors: Too many: 33: must have at most 32 items"},
      {"too many selectors: none compiled", device_class(selectors(33, "noSuchVar")),
       "spec.selectors: Too many: 33: must have at most 32 items"},
      {"selector as long as allowed", device_class(selectors(1, "true" + std::string(10 * 1024 - 4, ' '))), ""},
      {"selector too long, not compiled", device_class(selectors(1, "noSuchVar" + std::string(10 * 1024 - 8, ' '))),
       "spec.selectors[0].cel.expression: Too long: may not be more than 10240 bytes"},
      {"configuration", device_class(configs(1)), ""},
      {"opaque without driver and parameters", device_class("  config:\n  - opaque: {driver: foo, parameters: {foo: 42}}\n  - opaque: {}\n"),
       "spec.config[1].opaque.parameters: Required value"},
      {"opaque without driver", device_class("  config:\n  - opaque: {parameters: {foo: 42}}\n"), "spec.config[0].opaque.driver: Required value"},
      {"parameters not an object", device_class("  config:\n  - opaque: {driver: foo, parameters: hello-world}\n"),
       "spec.config[0].opaque.parameters: Invalid value: \"<value omitted>\": must be a valid JSON object"},
      {"parameters null", device_class("  config:\n  - opaque: {driver: foo, parameters: null}\n"),
       "spec.config[0].opaque.parameters: Required value"},
      {"config without opaque", device_class("  config:\n  - {}\n"), "spec.config[0].opaque: Required value"},
      {"parameters as large as allowed", device_class(parameters_of_size(10 * 1024)), ""},
      {"parameters too large", device_class(parameters_of_size(10 * 1024 + 1)),
       "spec.config[0].opaque.parameters: Too long: may not be more than 10240 bytes"},
      {"32 configs", device_class(configs(32)), ""},
      {"too-many-configs", device_class(configs(33)), "spec.config: Too many: 33: must have at most 32 items"},
      {"driver in upper case", device_class("  config:\n  - opaque: {driver: GPU.Example.com, parameters: {}}\n"), ""},
      {"bad driver", device_class("  config:\n  - opaque: {driver: gpu_example, parameters: {}}\n"),
       fmt::format("spec.config[0].opaque.driver: Invalid value: \"gpu_example\": {}", kCaselessSubdomain)},
      {"driver too long", device_class(fmt::format("  config:\n  - opaque: {{driver: {}.com, parameters: {{}}}}\n", std::string(60, 'x'))),
       "spec.config[0].opaque.driver: Too long: may not be more than 63 characters"},
  });
}

TEST_CASE("DeviceClass: the message of a selector that does not compile, whole") {
  const std::string text =
      "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata:\n  name: gpu\nspec:\n  selectors:\n"
      "  - cel:\n      expression: 'device.driver =='\n";
  CHECK(load_error(text) ==
        "classes.yaml: document 1 (DeviceClass gpu), line 8: spec.selectors[0].cel.expression: Invalid value: "
        "\"device.driver ==\": compilation failed: ERROR: <input>:1:17: Syntax error: mismatched input '<EOF>' expecting "
        "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n"
        " | device.driver ==\n | ................^");
}

TEST_CASE("DeviceClass decoding: v1, v1beta1 and v1beta2 read the same") {
  const std::string spec =
      "  selectors:\n  - cel: {expression: \"device.driver == 'gpu.example.com'\"}\n"
      "  - cel:\n      expression: device.attributes['gpu.example.com'].memory >= 40\n"
      "  config:\n  - opaque:\n      driver: gpu.example.com\n"
      "      parameters: {kind: GpuConfig, apiVersion: gpu.example.com/v1, sharing: {strategy: TimeSlicing, slices: 4, ratio: 0.5}, "
      "note: \"<a & b>\"}\n"
      "  extendedResourceName: example.com/gpu\n";
  ClusterState v1 = loads(device_class(spec, "gpu.example.com", "  namespace: ignored\n"));
  REQUIRE(v1.device_classes.size() == 1);
  const DeviceClass& c = v1.device_classes[0];
  CHECK(c.metadata.name == "gpu.example.com");
  CHECK(c.metadata.namespace_.empty());
  REQUIRE(c.selectors.size() == 2);
  CHECK(c.selectors[0].cel_expression == "device.driver == 'gpu.example.com'");
  CHECK(c.selectors[0].line == 8);
  CHECK(c.selectors[1].cel_expression == "device.attributes['gpu.example.com'].memory >= 40");
  CHECK(c.selectors[1].line == 10);
  REQUIRE(c.config.size() == 1);
  CHECK(c.config[0].driver == "gpu.example.com");
  // Compact, keys sorted and <, >, & escaped, as kubectl sends it.
  CHECK(c.config[0].parameters_json ==
        "{\"apiVersion\":\"gpu.example.com/v1\",\"kind\":\"GpuConfig\",\"note\":\"\\u003ca \\u0026 b\\u003e\","
        "\"sharing\":{\"ratio\":0.5,\"slices\":4,\"strategy\":\"TimeSlicing\"}}");
  CHECK(c.extended_resource_name == std::optional<std::string>("example.com/gpu"));
  for (const char* version : {"v1beta1", "v1beta2"}) {
    CAPTURE(version);
    ClusterState other = loads(device_class(spec, "gpu.example.com", "", version));
    REQUIRE(other.device_classes.size() == 1);
    const DeviceClass& o = other.device_classes[0];
    CHECK(o.selectors.size() == 2);
    CHECK(o.selectors[1].cel_expression == c.selectors[1].cel_expression);
    CHECK(o.config[0].parameters_json == c.config[0].parameters_json);
    CHECK(o.extended_resource_name == c.extended_resource_name);
  }
  CHECK(field_error(device_class("  selectors: [{cel: {expression: \"true\", language: cel}}]\n")) ==
        "strict decoding error: unknown field \"spec.selectors[0].cel.language\"");
  CHECK(load_error(device_class("", "foo", "", "v1alpha3")) ==
        "classes.yaml: document 1 (DeviceClass foo), line 1: no matches for kind \"DeviceClass\" in version \"resource.k8s.io/v1alpha3\"");
  CHECK(load_error(device_class("  selectors: []\n") + "---\n" + device_class("  selectors: []\n", "foo", "", "v1beta2")) ==
        "DeviceClass \"foo\" is given twice: classes.yaml document 1 and classes.yaml document 2");
}

TEST_CASE("DeviceClass: shipped with workloads, created with them") {
  const std::string manifest =
      device_class("  selectors: [{cel: {expression: \"device.driver == 'gpu.example.com'\"}}]\n", "gpu.example.com") +
      "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n";
  CandidateSet set;
  auto err = load_candidates_text(manifest, "chart.yaml", set);
  INFO((err ? err->message : std::string("ok")));
  REQUIRE_FALSE(err.has_value());
  REQUIRE(set.companions.device_classes.size() == 1);
  CHECK(set.skipped_kinds.empty());
  ClusterState cluster;
  CompanionChanges changes = apply_companions(cluster, std::move(set.companions));
  REQUIRE(changes.created.size() == 1);
  CHECK(changes.created[0] == std::pair<std::string, int>("DeviceClass", 1));
  CHECK(cluster.device_classes.size() == 1);
}
