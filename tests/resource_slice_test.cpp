// ResourceSlices: decoding of every field in v1, v1beta1 and v1beta2 (one object written in the
// three versions reads the same), the fields whose feature gates are off in v1.37 dropped as the
// API server drops them, and the API server's validation. The validation rows follow the cases of
// pkg/apis/resource/validation/validation_resourceslice_test.go; where v1.37 replaces a
// hand-written error with its declarative one, the row expects the declarative wording.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "load_test_support.h"
#include "podfit/load/loader.h"

using namespace podfit;

namespace {

constexpr const char* kSubdomain =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and "
    "end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
constexpr const char* kLabel =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with "
    "an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
constexpr const char* kCIdentifier =
    "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters "
    "or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')";
constexpr const char* kLabelValue =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and "
    "end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
    "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
constexpr const char* kNamePart =
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric "
    "character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
    "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
constexpr const char* kAttributeMembers = "int, bool, string, version, ints, bools, strings, versions";

std::string load_error(const std::string& text) { return testing::load_error_text(text, "slices.yaml"); }

// The field error of a manifest the loader refuses, without "file: document N (...), line N: ".
std::string field_error(const std::string& text) { return testing::field_error(text, "slices.yaml"); }

int error_line(const std::string& text) {
  std::string message = load_error(text);
  size_t line = message.find(", line ");
  REQUIRE(line != std::string::npos);
  return std::stoi(message.substr(line + 7));
}

ClusterState loads(const std::string& text) { return testing::load_cluster_ok(text, {}, "slices.yaml"); }

// upstream's testAttributes and testCapacity.
std::string standard_device(int i) {
  return fmt::format(
      "  - name: device-{}\n"
      "    attributes: {{int: {{int: 42}}, string: {{string: hello world}}, version: {{version: 1.2.3}}, bool: {{bool: true}}}}\n"
      "    capacity: {{memory: {{value: 1Gi}}}}\n",
      i);
}

// upstream's testResourceSlice(name, nodeName, driver, n): `head` holds the spec's fields before
// `devices`, `device(i)` each device, `tail` what follows.
struct SliceText {
  std::string name = "foo";
  std::string head = "  driver: test.example.com\n  nodeName: foo\n  pool: {name: foo, resourceSliceCount: 1}\n";
  int devices = 1;
  std::function<std::string(int)> device = standard_device;
  std::string tail;
  std::string metadata;

  std::string yaml() const {
    std::string out = "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata:\n";
    if (!name.empty()) out += fmt::format("  name: \"{}\"\n", name);
    out += metadata + "spec:\n" + head;
    if (devices > 0) {
      out += "  devices:\n";
      for (int i = 0; i < devices; ++i) out += device(i);
    }
    return out + tail;
  }
};

SliceText with_devices(int n) {
  SliceText s;
  s.devices = n;
  return s;
}

// A device of standard_device's with `extra` (indented by four spaces) after its fields.
std::function<std::string(int)> device_with(std::string extra, int only = -1) {
  return [extra, only](int i) { return standard_device(i) + (only < 0 || only == i ? extra : std::string()); };
}

// A device named device-i with only `fields` (indented by four spaces).
std::function<std::string(int)> bare_device(std::string fields, int only = -1) {
  return [fields, only](int i) {
    if (only >= 0 && only != i) return standard_device(i);
    return fmt::format("  - name: device-{}\n", i) + fields;
  };
}

std::string counters(int n) {
  std::string out = "{";
  for (int i = 0; i < n; ++i) out += fmt::format("{}memory-{}: {{value: 1Gi}}", i ? ", " : "", i);
  return out + "}";
}

std::string shared_counters(int n) {
  std::string out = "  sharedCounters:\n";
  for (int i = 0; i < n; ++i) out += fmt::format("  - {{name: counterset-{}, counters: {{memory: {{value: 1Gi}}}}}}\n", i);
  return out;
}

std::string consumes_counters(int n) {
  std::string out = "    consumesCounters:\n";
  for (int i = 0; i < n; ++i) out += fmt::format("    - {{counterSet: counterset-{}, counters: {{memory: {{value: 1Gi}}}}}}\n", i);
  return out;
}

std::string repeat(char c, size_t n) { return std::string(n, c); }

using Row = testing::FieldErrorRow;

void run(const std::vector<Row>& rows) { testing::check_field_error_rows(rows, "slices.yaml"); }

// A slice of one device with `capacity` (a flow mapping) and allowMultipleAllocations.
std::string consumable(const std::string& capacity, bool multiple = true) {
  SliceText s;
  s.device = bare_device(std::string(multiple ? "    allowMultipleAllocations: true\n" : "") + "    capacity: {a: " + capacity + "}\n");
  return s.yaml();
}

}  // namespace

TEST_CASE("ResourceSlice validation: metadata, driver, pool and node selection") {
  SliceText missing_name;
  missing_name.name.clear();
  SliceText generate_name;
  generate_name.metadata = "  generateName: prefix-\n";
  SliceText only_generate_name = generate_name;
  only_generate_name.name.clear();
  SliceText metadata_fields;
  metadata_fields.metadata =
      "  uid: ac051fac-2ead-46d9-b8b4-4e0fbeb7455d\n  resourceVersion: \"1\"\n  generation: 100\n"
      "  creationTimestamp: \"2026-11-24T10:00:00Z\"\n  deletionGracePeriodSeconds: 10\n"
      "  ownerReferences: [{apiVersion: v1, kind: pod, name: foo, uid: ac051fac-2ead-46d9-b8b4-4e0fbeb7455d}]\n"
      "  finalizers: [example.com/foo]\n"
      "  managedFields: [{fieldsType: FieldsV1, operation: Apply, apiVersion: apps/v1, manager: foo}]\n"
      "  labels: {apps.kubernetes.io/name: test}\n  annotations: {foo: bar}\n";
  SliceText bad_labels;
  bad_labels.metadata = "  labels: {hello-world: spaces not allowed}\n";
  SliceText bad_name;
  bad_name.name = "!@#$%^";
  auto spec_head = [](std::string head) {
    SliceText s;
    s.head = std::move(head);
    return s.yaml();
  };
  run({
      {"good", with_devices(128).yaml(), ""},
      {"too-large", with_devices(129).yaml(), "spec.devices: Too many: 129: must have at most 128 items"},
      {"missing-name", missing_name.yaml(), "metadata.name: Required value: name or generateName is required"},
      {"bad-name", bad_name.yaml(), fmt::format("metadata.name: Invalid value: \"!@#$%^\": {}", kSubdomain)},
      {"generate-name", generate_name.yaml(), ""},
      {"generate-name without a name", only_generate_name.yaml(), ""},
      {"metadata fields", metadata_fields.yaml(), ""},
      {"bad-labels", bad_labels.yaml(), fmt::format("metadata.labels: Invalid value: \"spaces not allowed\": {}", kLabelValue)},
      {"bad-nodename", spec_head("  driver: test.example.com\n  nodeName: \"!@#$%^\"\n  pool: {name: \"!@#$%^\", resourceSliceCount: 1}\n"),
       fmt::format("spec.pool.name: Invalid value: \"!@#$%^\": {}", kSubdomain)},
      {"bad-nodename, good pool", spec_head("  driver: test.example.com\n  nodeName: \"!@#$%^\"\n  pool: {name: foo, resourceSliceCount: 1}\n"),
       fmt::format("spec.nodeName: Invalid value: \"!@#$%^\": {}", kSubdomain)},
      {"bad-multi-pool-name", spec_head("  driver: test.example.com\n  nodeName: foo\n  pool: {name: \"foo/!@#$%^\", resourceSliceCount: 1}\n"),
       fmt::format("spec.pool.name: Invalid value: \"!@#$%^\": {}", kSubdomain)},
      {"good-pool-name", spec_head(fmt::format("  driver: test.example.com\n  nodeName: foo\n  pool: {{name: {}, resourceSliceCount: 1}}\n", repeat('x', 253))), ""},
      {"bad-pool: name too long",
       spec_head(fmt::format("  driver: test.example.com\n  nodeName: foo\n  pool: {{name: {}xy, resourceSliceCount: 1}}\n", [] {
         std::string s;
         for (int i = 0; i < 253 / 2; ++i) s += "x/";
         return s;
       }())),
       "spec.pool.name: Too long: may not be more than 253 bytes"},
      {"bad-pool: resourceSliceCount", spec_head("  driver: test.example.com\n  nodeName: foo\n  pool: {name: foo, resourceSliceCount: 0}\n"),
       "spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero"},
      {"bad-pool: generation", spec_head("  driver: test.example.com\n  nodeName: foo\n  pool: {name: foo, generation: -1, resourceSliceCount: 1}\n"),
       "spec.pool.generation: Invalid value: -1: must be greater than or equal to zero"},
      {"missing-pool-name", spec_head("  driver: test.example.com\n  nodeName: foo\n  pool: {resourceSliceCount: 1}\n"),
       "spec.pool.name: Required value"},
      {"bad-empty-node-selector", spec_head("  driver: test.example.com\n  nodeSelector: {}\n  pool: {name: foo, resourceSliceCount: 1}\n"),
       "spec.nodeSelector.nodeSelectorTerms: Required value: must have at least one node selector term"},
      {"two node selector terms",
       spec_head("  driver: test.example.com\n  pool: {name: foo, resourceSliceCount: 1}\n  nodeSelector:\n    nodeSelectorTerms:\n"
                 "    - matchExpressions: [{key: zone, operator: In, values: [a]}]\n    - matchFields: [{key: metadata.name, operator: In, values: [node-9]}]\n"),
       "spec.nodeSelector.nodeSelectorTerms: Invalid value: [{\"MatchExpressions\":[{\"Key\":\"zone\",\"Operator\":\"In\",\"Values\":[\"a\"]}],"
       "\"MatchFields\":null},{\"MatchExpressions\":null,\"MatchFields\":[{\"Key\":\"metadata.name\",\"Operator\":\"In\",\"Values\":[\"node-9\"]}]}]: "
       "must have exactly one node selector term"},
      {"bad-node-selection",
       spec_head("  driver: test.example.com\n  nodeName: worker\n  pool: {name: foo, resourceSliceCount: 1}\n"
                 "  nodeSelector: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [worker]}]}]}\n"),
       "spec: Invalid value: \"{`nodeName`, `nodeSelector`}\": exactly one of `nodeName`, `nodeSelector`, `allNodes`, "
       "`perDeviceNodeSelection` is required, but multiple fields are set"},
      {"bad-node-selection-all-nodes", spec_head("  driver: test.example.com\n  nodeName: worker\n  allNodes: true\n  pool: {name: foo, resourceSliceCount: 1}\n"),
       "spec: Invalid value: \"{`nodeName`, `allNodes`}\": exactly one of `nodeName`, `nodeSelector`, `allNodes`, "
       "`perDeviceNodeSelection` is required, but multiple fields are set"},
      {"empty-node-selection", spec_head("  driver: test.example.com\n  pool: {name: foo, resourceSliceCount: 1}\n"),
       "spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required"},
      {"bad-drivername", spec_head("  driver: \"!@#$%^\"\n  nodeName: foo\n  pool: {name: foo, resourceSliceCount: 1}\n"),
       fmt::format("spec.driver: Invalid value: \"!@#$%^\": {}", kSubdomain)},
      {"missing driver", spec_head("  nodeName: foo\n  pool: {name: foo, resourceSliceCount: 1}\n"), "spec.driver: Required value"},
      {"driver too long", spec_head(fmt::format("  driver: {}.com\n  nodeName: foo\n  pool: {{name: foo, resourceSliceCount: 1}}\n", repeat('x', 60))),
       "spec.driver: Too long: may not be more than 63 bytes"},
      {"upper-case driver (a warning only)", spec_head("  driver: GPU.example.com\n  nodeName: foo\n  pool: {name: foo, resourceSliceCount: 1}\n"), ""},
      {"invalid-node-selector-label-value",
       spec_head("  driver: test.example.com\n  pool: {name: foo, resourceSliceCount: 1}\n"
                 "  nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: foo, operator: In, values: [\"-1\"]}]}]}\n"),
       fmt::format("spec.nodeSelector.nodeSelectorTerms[0].matchExpressions[0].values[0]: Invalid value: \"-1\": {}", kLabelValue)},
      {"node selector operator",
       spec_head("  driver: test.example.com\n  pool: {name: foo, resourceSliceCount: 1}\n"
                 "  nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: foo, operator: Equals, values: [a]}]}]}\n"),
       "spec.nodeSelector.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: \"Equals\": not a valid selector operator"},
      {"node selector field key",
       spec_head("  driver: test.example.com\n  pool: {name: foo, resourceSliceCount: 1}\n"
                 "  nodeSelector: {nodeSelectorTerms: [{matchFields: [{key: metadata.uid, operator: In, values: [a]}]}]}\n"),
       "spec.nodeSelector.nodeSelectorTerms[0].matchFields[0].key: Invalid value: \"metadata.uid\": not a valid field selector key"},
      {"all nodes", spec_head("  driver: test.example.com\n  allNodes: true\n  pool: {name: foo, resourceSliceCount: 1}\n"), ""},
      {"invalid-false-AllNodes", spec_head("  driver: test.example.com\n  nodeName: worker\n  allNodes: false\n  pool: {name: foo, resourceSliceCount: 1}\n"),
       "spec.allNodes: Invalid value: false: must be either unset or set to true"},
      {"invalid-empty-NodeName", spec_head("  driver: test.example.com\n  nodeName: \"\"\n  allNodes: true\n  pool: {name: foo, resourceSliceCount: 1}\n"),
       "spec.nodeName: Invalid value: \"\": must be either unset or set to a non-empty string"},
      {"invalid-false-PerDeviceNodeSelection",
       spec_head("  driver: test.example.com\n  nodeName: worker\n  perDeviceNodeSelection: false\n  pool: {name: foo, resourceSliceCount: 1}\n"),
       "spec.perDeviceNodeSelection: Invalid value: false: must be either unset or set to true"},
      {"bad-PerDeviceNodeSelection",
       spec_head("  driver: test.example.com\n  nodeName: worker\n  perDeviceNodeSelection: true\n  pool: {name: foo, resourceSliceCount: 1}\n"),
       "spec: Invalid value: \"{`nodeName`, `perDeviceNodeSelection`}\": exactly one of `nodeName`, `nodeSelector`, `allNodes`, "
       "`perDeviceNodeSelection` is required, but multiple fields are set"},
  });
}

TEST_CASE("ResourceSlice validation: devices, attributes and capacity") {
  SliceText bad_device_name = with_devices(3);
  bad_device_name.device = [](int i) {
    return i == 1 ? std::string("  - name: \"!@#$%^\"\n") : standard_device(i);
  };
  SliceText dotted_device_name;
  dotted_device_name.device = [](int) { return std::string("  - name: gpu.0\n"); };
  SliceText duplicate_devices = with_devices(2);
  duplicate_devices.device = [](int) { return standard_device(0); };
  SliceText both = with_devices(1);
  both.tail = shared_counters(1);
  SliceText empty_devices_and_counters;
  empty_devices_and_counters.devices = 0;
  empty_devices_and_counters.tail = "  devices: []\n" + shared_counters(1);
  auto attributes = [](std::string map, int devices = 2) {
    SliceText s = with_devices(devices);
    s.device = bare_device("    attributes: " + map + "\n", devices - 1);
    return s.yaml();
  };
  auto combined = [] {
    SliceText s = with_devices(5);
    s.device = [](int i) {
      std::string attrs, caps;
      for (int k = 0; k < 32; ++k) attrs += fmt::format("{}attr_{}: {{string: x}}", k ? ", " : "", k);
      for (int k = 0; k < 32; ++k) caps += fmt::format("{}cap_{}: {{value: 1Gi}}", k ? ", " : "", k);
      if (i == 0) return fmt::format("  - name: device-0\n    attributes: {{{}}}\n", attrs);
      if (i == 1) return fmt::format("  - name: device-1\n    capacity: {{{}}}\n", caps);
      if (i == 3) return fmt::format("  - name: device-3\n    attributes: {{{}}}\n    capacity: {{cap: {{value: 1Gi}}}}\n", attrs);
      return standard_device(i);
    };
    return s.yaml();
  }();
  run({
      {"bad-devices", bad_device_name.yaml(), fmt::format("spec.devices[1].name: Invalid value: \"!@#$%^\": {}", kLabel)},
      {"device name with dots", dotted_device_name.yaml(), "spec.devices[0].name: Invalid value: \"gpu.0\": must not contain dots"},
      {"duplicate device names", duplicate_devices.yaml(), "spec.devices[1]: Duplicate value: \"device-0\""},
      {"both-shared-counters-and-devices", both.yaml(), "spec: Invalid value: \"\": only one of `sharedCounters` or `devices` is allowed"},
      {"empty devices beside shared counters", empty_devices_and_counters.yaml(),
       "spec: Invalid value: \"\": only one of `sharedCounters` or `devices` is allowed"},
      {"bad-attribute: name", attributes("{\"!@#$%^\": {}}"), fmt::format("spec.devices[1].attributes: Invalid value: \"!@#$%^\": {}", kCIdentifier)},
      {"bad-attribute: no value", attributes("{foo: {}}"),
       fmt::format("spec.devices[1].attributes[foo]: Invalid value: \"\": must specify one of: {}", kAttributeMembers)},
      {"bad-attribute: two values", attributes("{foo: {string: x, version: 1.2.3}}"),
       fmt::format("spec.devices[1].attributes[foo]: Invalid value: \"{{string, version}}\": must specify exactly one of: {}", kAttributeMembers)},
      {"bad-attribute: version", attributes(fmt::format("{{foo: {{version: {}}}}}", repeat('x', 65))),
       fmt::format("spec.devices[1].attributes[foo].version: Invalid value: \"{}\": must be a string compatible with semver.org spec 2.0.0",
                   repeat('x', 65))},
      {"bad-attribute: version too long", attributes(fmt::format("{{foo: {{version: 1.2.3-{}}}}}", repeat('x', 60))),
       "spec.devices[1].attributes[foo].version: Too long: may not be more than 64 bytes"},
      {"bad-attribute: string too long", attributes(fmt::format("{{foo: {{string: {}}}}}", repeat('x', 65))),
       "spec.devices[1].attributes[foo].string: Too long: may not be more than 64 bytes"},
      {"versions", attributes("{a: {version: 1.0.0-alpha.1}, b: {version: 1.0.0+20130313144700}, c: {version: 1.0.0-x-y-z.--}, "
                              "d: {version: 1.0.0-0.3.7}, e: {version: 10.20.30}}"),
       ""},
      {"version with a leading zero", attributes("{foo: {version: 1.02.3}}"),
       "spec.devices[1].attributes[foo].version: Invalid value: \"1.02.3\": must be a string compatible with semver.org spec 2.0.0"},
      {"version with a numeric pre-release leading zero", attributes("{foo: {version: 1.2.3-01}}"),
       "spec.devices[1].attributes[foo].version: Invalid value: \"1.2.3-01\": must be a string compatible with semver.org spec 2.0.0"},
      {"version with two parts", attributes("{foo: {version: \"1.2\"}}"),
       "spec.devices[1].attributes[foo].version: Invalid value: \"1.2\": must be a string compatible with semver.org spec 2.0.0"},
      {"list-typed attribute (DRAListTypeAttributes off: dropped, so no value)", attributes("{foo: {ints: [1, 2]}}"),
       fmt::format("spec.devices[1].attributes[foo]: Invalid value: \"\": must specify one of: {}", kAttributeMembers)},
      {"good-attribute-names",
       attributes(fmt::format("{{{}: {{string: \"y\"}}, {}/{}: {{string: z}}}}", repeat('x', 32), repeat('x', 63), repeat('y', 32))), ""},
      {"bad-attribute-c-identifier", attributes(fmt::format("{{\"{}\": {{string: \"y\"}}}}", repeat('.', 33))),
       "spec.devices[1].attributes: Too long: may not be more than 32 bytes"},
      {"bad-attribute-domain", attributes(fmt::format("{{{}/y: {{string: z}}}}", repeat('_', 64))),
       "spec.devices[1].attributes: Too long: may not be more than 63 bytes"},
      {"bad-attribute-domain: not a subdomain", attributes("{a_b.com/y: {string: z}}"),
       fmt::format("spec.devices[1].attributes: Invalid value: \"a_b.com\": {}", kSubdomain)},
      {"bad-key-too-long", attributes(fmt::format("{{{}/{}: {{string: z}}}}", repeat('x', 64), repeat('y', 33))),
       "spec.devices[1].attributes: Too long: may not be more than 63 bytes"},
      {"bad-attribute-empty-domain-and-c-identifier", attributes("{\"/\": {string: z}}"),
       "spec.devices[1].attributes: Invalid value: \"\": the domain must not be empty"},
      // validateQualifiedName checks one or two segments only: three pass.
      {"two slashes", attributes("{a.com/b/c: {string: z}}"), ""},
      {"bad capacity name", [] {
         SliceText s;
         s.device = bare_device("    capacity: {\"a b\": {value: 1}}\n");
         return s.yaml();
       }(),
       "spec.devices[0].capacity: Invalid value: \"a b\": " + std::string(kCIdentifier)},
      {"combined-attributes-capacity-length", combined,
       "spec.devices[3]: Invalid value: 33: the total number of attributes and capacities must not exceed 32"},
  });
}

TEST_CASE("ResourceSlice validation: consumable capacity (DRAConsumableCapacity on, DRAFractionalCapacityRange off)") {
  const std::string policy = "{value: \"100\", requestPolicy: {default: \"10\", validValues: [\"5\", \"10\", \"100\"]}}";
  auto path = [](std::string rest) { return "spec.devices[0].capacity[a].requestPolicy" + rest; };
  run({
      {"valid values", consumable(policy), ""},
      {"forbidden-request-policy-on-single-allocatable-capacity",
       [] {
         SliceText s = with_devices(2);
         s.device = bare_device("    capacity: {cap: {value: 1Gi, requestPolicy: {default: 1Mi, validRange: {min: 1Mi}}}}\n", 1);
         return s.yaml();
       }(),
       "spec.devices[1].capacity[cap].requestPolicy: Forbidden: allowMultipleAllocations must be true"},
      {"invalid-request-policy-zero-step",
       consumable("{value: 1Gi, requestPolicy: {default: 10Mi, validRange: {min: 1Mi, max: 100Mi, step: \"0\"}}}"),
       path(".validRange.step: Invalid value: \"0\": must be greater than zero")},
      {"invalid-request-policy-negative-step",
       consumable("{value: 1Gi, requestPolicy: {default: 10Mi, validRange: {min: 1Mi, max: 100Mi, step: -1Mi}}}"),
       path(".validRange.step: Invalid value: \"-1Mi\": must be greater than zero")},
      {"option larger than capacity", consumable("{value: \"-1\", requestPolicy: {default: \"10\", validValues: [\"5\", \"10\", \"100\"]}}"),
       path(".validValues[0]: Invalid value: \"5\": option is larger than capacity value: -1")},
      {"default not a valid value", consumable("{value: \"100\", requestPolicy: {default: \"-1\", validValues: [\"5\", \"10\", \"100\"]}}"),
       path(".validValues: Invalid value: \"-1\": default value is not valid according to the requestPolicy")},
      {"no valid values: unconstrained", consumable("{value: \"100\", requestPolicy: {default: \"10\"}}"), ""},
      {"valid values and a valid range",
       consumable("{value: \"100\", requestPolicy: {default: \"10\", validValues: [\"5\", \"10\", \"100\"], validRange: {min: \"10\"}}}"),
       path(": Forbidden: exactly one policy can be specified, cannot specify \"validValues\" and \"validRange\" at the same time")},
      {"valid range only", consumable("{value: \"100\", requestPolicy: {default: \"10\", validRange: {min: \"1\"}}}"), ""},
      {"fractions round down in integer mode",
       consumable("{value: \"100\", requestPolicy: {default: \"10.1\", validValues: [\"5.1\", \"10.1\", \"100\"]}}"), ""},
      {"default below the range", consumable("{value: \"100\", requestPolicy: {default: \"1.05\", validRange: {min: \"1.1\"}}}"),
       path(".validRange.default: Invalid value: \"1050m\": default is less than min: 1100m")},
      {"values equal once whole", consumable("{value: \"100\", requestPolicy: {default: \"10\", validValues: [\"9.9\", \"10\", \"100\"]}}"),
       path(".validValues[1]: Duplicate value: \"10\"")},
      {"unsorted values", consumable("{value: \"100\", requestPolicy: {default: \"10\", validValues: [\"10\", \"5\"]}}"),
       path(".validValues[1]: Invalid value: \"5\": values must be sorted in ascending order")},
      {"too many values",
       consumable("{value: \"100\", requestPolicy: {default: \"1\", validValues: [\"1\", \"2\", \"3\", \"4\", \"5\", \"6\", \"7\", \"8\", "
                  "\"9\", \"10\", \"11\"]}}"),
       path(".validValues: Too many: 11: must have at most 10 items")},
      {"valid values without a default", consumable("{value: \"100\", requestPolicy: {validValues: [\"5\"]}}"),
       path(".default: Required value: required when validValues is defined")},
      {"valid range without a default", consumable("{value: \"100\", requestPolicy: {validRange: {min: \"5\"}}}"),
       path(".default: Required value: required when validRange is defined")},
      {"valid range without a min", consumable("{value: \"100\", requestPolicy: {default: \"5\", validRange: {max: \"50\"}}}"),
       path(".validRange.min: Required value: required when validRange is defined")},
      {"big integers", consumable("{value: \"9223372036854775807\", requestPolicy: {default: \"9223372036854775807\", "
                                  "validRange: {min: \"0\", step: \"1\", max: \"9223372036854775807\"}}}"),
       ""},
      {"fractions", consumable("{value: 9223372036854775807m, requestPolicy: {default: 9223372036854775807m, "
                               "validRange: {min: 0m, step: 1m, max: 9223372036854775807m}}}"),
       ""},
      {"fine steps over a big range, whole numbers", consumable("{value: \"9223372036854775807\", requestPolicy: {default: \"9223372036854775807\", "
                                                                "validRange: {min: 0m, step: 1m, max: \"9223372036854775807\"}}}"),
       ""},
      {"min above capacity", consumable("{value: \"10\", requestPolicy: {default: \"20\", validRange: {min: \"20\"}}}"),
       path(".validRange.min: Invalid value: \"20\": min is larger than capacity value: 10")},
      {"max above capacity", consumable("{value: \"10\", requestPolicy: {default: \"5\", validRange: {min: \"1\", max: \"20\"}}}"),
       path(".validRange.max: Invalid value: \"20\": max is larger than capacity value: 10")},
      {"step past capacity", consumable("{value: \"10\", requestPolicy: {default: \"5\", validRange: {min: \"5\", step: \"6\"}}}"),
       path(".validRange.step: Invalid value: \"6\": one step 11 is larger than capacity value: 10")},
      {"default off the steps", consumable("{value: \"10\", requestPolicy: {default: \"4\", validRange: {min: \"1\", step: \"2\"}}}"),
       path(".validRange.step: Invalid value: \"4\": value is not a multiple of a given step (2) from (1)")},
      {"negative min with a step", consumable("{value: \"100\", requestPolicy: {default: \"0\", validRange: {min: \"-1\", step: \"1\"}}}"),
       path(".validRange.min: Invalid value: \"-1\": must be greater than or equal to 0")},
  });
}

TEST_CASE("ResourceSlice validation: taints, per-device node selection, binding conditions") {
  auto device = [](std::string fields, int devices = 1) {
    SliceText s = with_devices(devices);
    s.device = device_with(std::move(fields), 0);
    return s;
  };
  auto per_device = [](std::string fields) {
    SliceText s;
    s.head = "  driver: test.example.com\n  perDeviceNodeSelection: true\n  pool: {name: foo, resourceSliceCount: 1}\n";
    s.device = bare_device(std::move(fields));
    return s.yaml();
  };
  auto tainted = [](int devices) {
    SliceText s = with_devices(devices);
    s.device = device_with("    taints: [{key: example.com/taint, effect: NoExecute}]\n");
    return s.yaml();
  };
  std::string many_taints = "    taints:\n";
  for (int i = 0; i < 17; ++i) many_taints += "    - {key: example.com/taint, effect: NoExecute}\n";
  run({
      {"good-taints", tainted(64), ""},
      {"too-large-taints", tainted(65), "spec.devices: Too many: 65: must have at most 64 items"},
      {"taints",
       device("    taints:\n    - {key: example.com/taint, effect: NoExecute}\n"
              "    - {key: taint, value: tainted, effect: NoSchedule, timeAdded: \"2026-11-24T10:00:00Z\"}\n    - {}\n"
              "    - {key: \"!@#$%^\", value: \"!@#$%^\", effect: some-other-effect}\n")
           .yaml(),
       "spec.devices[0].taints[2].key: Invalid value: \"\": name part must be non-empty"},
      {"taint key", device("    taints: [{key: \"!@#$%^\", effect: NoExecute}]\n").yaml(),
       fmt::format("spec.devices[0].taints[0].key: Invalid value: \"!@#$%^\": {}", kNamePart)},
      {"taint value", device("    taints: [{key: k, value: \"!@#$%^\", effect: NoExecute}]\n").yaml(),
       fmt::format("spec.devices[0].taints[0].value: Invalid value: \"!@#$%^\": {}", kLabelValue)},
      {"taint effect missing", device("    taints: [{key: k}]\n").yaml(), "spec.devices[0].taints[0].effect: Required value"},
      {"taint effect unknown", device("    taints: [{key: k, effect: some-other-effect}]\n").yaml(),
       "spec.devices[0].taints[0].effect: Unsupported value: \"some-other-effect\": supported values: \"NoExecute\", "
       "\"NoSchedule\", \"None\""},
      {"taint effect None", device("    taints: [{key: k, effect: None}]\n").yaml(), ""},
      {"too-many-taints", device(many_taints).yaml(), "spec.devices[0].taints: Too many: 17: must have at most 16 items"},
      {"per-device node names", per_device("    nodeName: worker\n"), ""},
      {"per-device node selector", per_device("    nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [a]}]}, "
                                              "{matchExpressions: [{key: zone, operator: In, values: [b]}]}]}\n"),
       ""},
      {"per-device all nodes", per_device("    allNodes: true\n"), ""},
      {"invalid-node-selector-in-basicdevice", per_device("    nodeName: \"\"\n    allNodes: false\n"),
       "spec.devices[0].nodeName: Invalid value: \"\": must not be empty"},
      {"per-device allNodes false", per_device("    allNodes: false\n"),
       "spec.devices[0].allNodes: Invalid value: false: must be either unset or set to true"},
      {"bad-node-selector-in-basicdevice", per_device("    nodeName: worker\n    allNodes: true\n"),
       "spec.devices[0]: Invalid value: \"{`nodeName`, `allNodes`}\": exactly one of `nodeName`, `nodeSelector`, or `allNodes` "
       "is required when `perDeviceNodeSelection` is set to true in the ResourceSlice spec"},
      {"per-device node selection missing", per_device(""),
       "spec.devices[0]: Required value: exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when "
       "`perDeviceNodeSelection` is set to true in the ResourceSlice spec"},
      {"per-device node selector without terms", per_device("    nodeSelector: {}\n"),
       "spec.devices[0].nodeSelector.nodeSelectorTerms: Required value: must have at least one node selector term"},
      {"per-device node name without perDeviceNodeSelection", device("    nodeName: worker\n").yaml(),
       "spec.devices[0]: Invalid value: null: `nodeName`, `nodeSelector` and `allNodes` can only be set if "
       "`perDeviceNodeSelection` is set to true in the ResourceSlice spec"},
      {"good-binding-conditions",
       device("    bindingConditions: [example.com/condition1, condition2]\n    bindingFailureConditions: [example.com/condition3, condition4]\n").yaml(),
       ""},
      {"too-many-binding-conditions",
       device("    bindingConditions: [condition1, condition2, condition3, condition4, condition5]\n    bindingFailureConditions: [condition6, condition7]\n").yaml(),
       "spec.devices[0].bindingConditions: Too many: 5: must have at most 4 items"},
      {"too-many-binding-failure-conditions",
       device("    bindingConditions: [condition1, condition2]\n    bindingFailureConditions: [condition3, condition4, condition5, condition6, condition7]\n").yaml(),
       "spec.devices[0].bindingFailureConditions: Too many: 5: must have at most 4 items"},
      {"invalid-binding-conditions",
       device("    bindingConditions: [condition1, condition2!]\n    bindingFailureConditions: [condition3, condition4]\n").yaml(),
       fmt::format("spec.devices[0].bindingConditions[1]: Invalid value: \"condition2!\": {}", kNamePart)},
      {"invalid-binding-failure-conditions",
       device("    bindingConditions: [condition1, condition2]\n    bindingFailureConditions: [condition3!, condition4]\n").yaml(),
       fmt::format("spec.devices[0].bindingFailureConditions[0]: Invalid value: \"condition3!\": {}", kNamePart)},
      {"invalid-slice-has-binding-failure-but-no-binding-conditions", device("    bindingFailureConditions: [condition1, condition2]\n").yaml(),
       "spec.devices[0].bindingConditions: Invalid value: null: bindingConditions are required to use bindingFailureConditions"},
      {"invalid-slice-has-binding-conditions-but-no-binding-failure-conditions", device("    bindingConditions: [condition1, condition2]\n").yaml(),
       "spec.devices[0].bindingFailureConditions: Invalid value: null: bindingFailureConditions are required to use bindingConditions"},
      {"duplicate-binding-conditions",
       device("    bindingConditions: [condition1, condition1]\n    bindingFailureConditions: [condition2, condition3]\n").yaml(),
       "spec.devices[0].bindingConditions[1]: Duplicate value: \"condition1\""},
      {"duplicate-binding-failure-conditions",
       device("    bindingConditions: [condition1, condition2]\n    bindingFailureConditions: [condition3, condition3]\n").yaml(),
       "spec.devices[0].bindingFailureConditions[1]: Duplicate value: \"condition3\""},
      {"overlapping-binding-conditions",
       device("    bindingConditions: [condition1, condition2]\n    bindingFailureConditions: [condition1, condition3]\n").yaml(),
       "spec.devices[0].bindingFailureConditions[0]: Invalid value: \"condition1\": bindingFailureConditions must not overlap with bindingConditions"},
      {"binds to node", device("    bindsToNode: true\n    bindingConditions: [a]\n    bindingFailureConditions: [b]\n").yaml(), ""},
  });
}

TEST_CASE("ResourceSlice validation: shared counters and counter consumption") {
  auto counter_slice = [](std::string counters_yaml) {
    SliceText s;
    s.devices = 0;
    s.tail = std::move(counters_yaml);
    return s.yaml();
  };
  auto consuming = [](std::string fields, int devices = 1) {
    SliceText s = with_devices(devices);
    s.device = bare_device(std::move(fields));
    return s.yaml();
  };
  run({
      {"shared counters", counter_slice(shared_counters(1)), ""},
      {"missing-name-shared-counters", counter_slice("  sharedCounters: [{counters: {memory: {value: 1Gi}}}]\n"),
       "spec.sharedCounters[0].name: Required value"},
      {"bad-name-shared-counters", counter_slice("  sharedCounters: [{name: \"!@#$%^\", counters: {memory: {value: 1Gi}}}]\n"),
       fmt::format("spec.sharedCounters[0].name: Invalid value: \"!@#$%^\": {}", kLabel)},
      {"missing-counter-shared-counters", counter_slice("  sharedCounters: [{name: foo}]\n"), "spec.sharedCounters[0].counters: Required value"},
      {"bad-countername-shared-counters", counter_slice("  sharedCounters: [{name: foo, counters: {\"!@#$%^\": {value: 1Gi}}}]\n"),
       fmt::format("spec.sharedCounters[0].counters: Invalid value: \"!@#$%^\": {}", kLabel)},
      {"duplicate-shared-counters",
       counter_slice("  sharedCounters:\n  - {name: foo, counters: {memory: {value: 1Gi}}}\n  - {name: foo, counters: {memory: {value: 1Gi}}}\n"),
       "spec.sharedCounters[1]: Duplicate value: {\"name\":\"foo\",\"counters\":{\"memory\":{\"value\":\"1Gi\"}}}"},
      {"max-shared-counters", counter_slice(shared_counters(8)), ""},
      {"too-many-shared-counters", counter_slice(shared_counters(9)), "spec.sharedCounters: Too many: 9: must have at most 8 items"},
      {"max-counters-in-counter-set", counter_slice("  sharedCounters: [{name: foo, counters: " + counters(32) + "}]\n"), ""},
      {"too-many-counters-in-counter-set", counter_slice("  sharedCounters: [{name: foo, counters: " + counters(33) + "}]\n"),
       "spec.sharedCounters[0].counters: Too many: 33: must have at most 32 items"},
      {"a hand-written error before a declarative one",
       counter_slice("  sharedCounters:\n  - {name: \"!@#$%^\", counters: {memory: {value: 1Gi}}}\n  - {name: foo, counters: " + counters(33) + "}\n"),
       "spec.sharedCounters[1].counters: Too many: 33: must have at most 32 items"},
      {"missing-name-counterset-consumes-counter", consuming("    consumesCounters: [{counters: {memory: {value: 1Gi}}}]\n"),
       "spec.devices[0].consumesCounters[0].counterSet: Required value"},
      {"bad-name-counterset-consumes-counter", consuming("    consumesCounters: [{counterSet: \"!@#$%^\", counters: {memory: {value: 1Gi}}}]\n"),
       fmt::format("spec.devices[0].consumesCounters[0].counterSet: Invalid value: \"!@#$%^\": {}", kLabel)},
      {"duplicate-counterset-consumes-counter",
       consuming("    consumesCounters:\n    - {counterSet: foo, counters: {memory: {value: 1Gi}}}\n"
                 "    - {counterSet: foo, counters: {memory: {value: 1Gi}}}\n"),
       "spec.devices[0].consumesCounters[1]: Duplicate value: {\"counterSet\":\"foo\",\"counters\":{\"memory\":{\"value\":\"1Gi\"}}}"},
      {"missing-counter-consumes-counter", consuming("    consumesCounters: [{counterSet: counterset-0}]\n"),
       "spec.devices[0].consumesCounters[0].counters: Required value"},
      {"max-device-counter-consumption-for-device", consuming(consumes_counters(2)), ""},
      {"too-many-device-counter-consumption-for-device", consuming(consumes_counters(3)),
       "spec.devices[0].consumesCounters: Too many: 3: must have at most 2 items"},
      {"max-counters-in-device-counter-consumption",
       consuming("    consumesCounters: [{counterSet: counterset-0, counters: " + counters(32) + "}]\n"), ""},
      {"too-many-counters-in-device-counter-consumption",
       consuming("    consumesCounters: [{counterSet: counterset-0, counters: " + counters(33) + "}]\n"),
       "spec.devices[0].consumesCounters[0].counters: Too many: 33: must have at most 32 items"},
      {"max-number-of-devices-with-consumes-counters", consuming(consumes_counters(1), 64), ""},
      {"too-many-devices-with-consumes-counters", consuming(consumes_counters(1), 65),
       "spec.devices: Too many: 65: must have at most 64 items"},
  });
}

// The keys of a device's attributes and capacity and of counter maps, as each release reports them
// (checked against the referee, tests/reference): v1.32 paths a device's fields through `basic`
// whatever version is served, v1.35 makes empty parts Invalid, v1.36 reports keys at the map.
TEST_CASE("ResourceSlice validation: attribute, capacity and counter names by release") {
  auto refusal = [](const std::string& text, int minor) {
    ClusterState state;
    LoadOptions options;
    options.api_release = KubernetesRelease{minor};
    auto err = load_cluster_state_text(text, "slices.yaml", state, options);
    if (!err) return std::string();
    const size_t line = err->message.find(", line ");
    return err->message.substr(err->message.find(": ", line) + 2);
  };
  // One device with the attributes (a flow mapping) in `version`.
  auto with_attributes = [](const std::string& attributes, const std::string& version = "v1") {
    SliceText s;
    s.device = [&](int) {
      if (version == "v1beta1") return "  - name: d0\n    basic:\n      attributes: " + attributes + "\n";
      return "  - name: d0\n    attributes: " + attributes + "\n";
    };
    std::string text = s.yaml();
    return text.replace(text.find("resource.k8s.io/v1"), std::string_view("resource.k8s.io/v1").size(),
                        "resource.k8s.io/" + version);
  };
  // The path of the attributes map and of one key, by release.
  auto at = [](int minor, const std::string& map, const std::string& key) {
    const std::string device = minor == 32 ? "spec.devices[0].basic." : "spec.devices[0].";
    return minor >= 36 ? device + map : device + map + "[" + key + "]";
  };
  const std::string c_identifier = kCIdentifier;
  for (const std::string version : {"v1", "v1beta1", "v1beta2"}) {
    CAPTURE(version);
    for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor; ++minor) {
      CAPTURE(minor);
      CHECK(refusal(with_attributes("{\"bad attribute!\": {string: x}}", version), minor) ==
            at(minor, "attributes", "bad attribute!") + ": Invalid value: \"bad attribute!\": " + c_identifier);
      CHECK(refusal(with_attributes("{\"example.com/\": {int: 1}}", version), minor) ==
            at(minor, "attributes", "example.com/") +
                (minor < 35 ? ": Required value: the name must not be empty" : ": Invalid value: \"\": the name must not be empty"));
      CHECK(refusal(with_attributes("{\"/foo\": {int: 1}}", version), minor) ==
            at(minor, "attributes", "/foo") +
                (minor < 35 ? ": Required value: the domain must not be empty" : ": Invalid value: \"\": the domain must not be empty"));
      CHECK(refusal(with_attributes("{\"\": {int: 1}}", version), minor) ==
            at(minor, "attributes", "") +
                (minor < 35 ? ": Required value: name required" : ": Invalid value: \"\": " + c_identifier));
      CHECK(refusal(with_attributes("{a_b.com/y: {int: 1}}", version), minor) ==
            at(minor, "attributes", "a_b.com/y") + ": Invalid value: \"a_b.com\": " + kSubdomain);
      CHECK(refusal(with_attributes("{a.com/b/c: {int: 1}}", version), minor).empty());
      // A key longer than a qualified name may be shows its two ends.
      const std::string long_key = repeat('d', 64) + "/" + repeat('y', 33);
      CHECK(refusal(with_attributes("{" + long_key + ": {int: 1}}", version), minor) ==
            at(minor, "attributes", repeat('d', 47) + "..." + repeat('d', 12) + "/" + repeat('y', 33)) +
                ": Too long: may not be more than 63 bytes");
    }
  }
  SliceText capacity;
  capacity.device = bare_device("    capacity: {\"a b\": {value: 1}}\n");
  for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor; ++minor) {
    CAPTURE(minor);
    const std::string device = minor == 32 ? "spec.devices[0].basic." : "spec.devices[0].";
    CHECK(refusal(capacity.yaml(), minor) ==
          device + (minor >= 36 ? "capacity" : "capacity[a b]") + ": Invalid value: \"a b\": " + c_identifier);
  }
  // Counter maps are DNS labels, at each key until v1.36 (the fields arrived in v1.33).
  SliceText shared;
  shared.devices = 0;
  shared.tail = "  sharedCounters: [{name: cs, counters: {Bad_Name: {value: \"1\"}}}]\n";
  SliceText consumed;
  consumed.device = bare_device("    consumesCounters: [{counterSet: cs, counters: {a.b: {value: \"1\"}}}]\n");
  for (int minor = 33; minor <= KubernetesRelease::kNewestMinor; ++minor) {
    CAPTURE(minor);
    CHECK(refusal(shared.yaml(), minor) == std::string(minor >= 36 ? "spec.sharedCounters[0].counters"
                                                                    : "spec.sharedCounters[0].counters[Bad_Name]") +
                                               ": Invalid value: \"Bad_Name\": " + kLabel);
    CHECK(refusal(consumed.yaml(), minor) == std::string(minor >= 36 ? "spec.devices[0].consumesCounters[0].counters"
                                                                      : "spec.devices[0].consumesCounters[0].counters[a.b]") +
                                                 ": Invalid value: \"a.b\": must not contain dots");
  }
  // v1.37 reports it declaratively: pathed as v1beta1 serves it. v1.36's hand-written error has the
  // internal path.
  SliceText beta_consumed;
  beta_consumed.device = [](int) {
    return std::string("  - name: d0\n    basic:\n      consumesCounters: [{counterSet: cs, counters: {a.b: {value: \"1\"}}}]\n");
  };
  std::string beta = beta_consumed.yaml();
  beta.replace(beta.find("resource.k8s.io/v1"), std::string_view("resource.k8s.io/v1").size(), "resource.k8s.io/v1beta1");
  CHECK(refusal(beta, 36) == "spec.devices[0].consumesCounters[0].counters: Invalid value: \"a.b\": must not contain dots");
  CHECK(refusal(beta, 37) == "spec.devices[0].basic.consumesCounters[0].counters: Invalid value: \"a.b\": must not contain dots");
}

TEST_CASE("ResourceSlice: fields of features off in v1.37 are dropped before validation, as on create") {
  SliceText partition;
  partition.tail = "  partitionTypeAttribute: test.example.com/string\n";
  SliceText skip;
  skip.tail = "  skipNodeOperations: [NodePrepareResources]\n";
  SliceText node_allocatable;
  node_allocatable.device = device_with("    nodeAllocatableResources: {example.com/gpu: {mapping: {deviceMultiplier: \"-1\"}}}\n");
  // Would be refused with DRAPartitionableDevicesType, DRAOptionalNodeOperations or DRANodeAllocatableResources on.
  loads(partition.yaml());
  loads(skip.yaml());
  loads(node_allocatable.yaml());
  // Still decoded: a malformed quantity fails before the field is dropped.
  SliceText bad_quantity;
  bad_quantity.device = device_with("    nodeAllocatableResources: {cpu: {mapping: {deviceMultiplier: lots}}}\n");
  CHECK(load_error(bad_quantity.yaml()).find("invalid quantity \"lots\"") != std::string::npos);
}

TEST_CASE("ResourceSlice: the API server's versions") {
  const std::string v1alpha3 =
      "apiVersion: resource.k8s.io/v1alpha3\nkind: ResourceSlice\nmetadata: {name: a}\nspec: {driver: d.example.com, allNodes: true, "
      "pool: {name: p, resourceSliceCount: 1}}\n";
  CHECK(load_error(v1alpha3) ==
        "slices.yaml: document 1 (ResourceSlice a), line 1: no matches for kind \"ResourceSlice\" in version \"resource.k8s.io/v1alpha3\"");
  CHECK(load_error("apiVersion: resource.k8s.io/v1\nkind: Resourceslice\nmetadata: {name: a}\n") ==
        "slices.yaml: document 1 (Resourceslice a), line 1: no matches for kind \"Resourceslice\" in version "
        "\"resource.k8s.io/v1\" (did you mean ResourceSlice?)");

  // v1beta1: fields under `basic`, and a plain nodeName and allNodes ("" and false are unset).
  const std::string v1beta1 =
      "apiVersion: resource.k8s.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: a}\nspec:\n  driver: d.example.com\n"
      "  nodeName: \"\"\n  allNodes: false\n  nodeSelector: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node-9]}]}]}\n"
      "  pool: {name: p, resourceSliceCount: 1}\n  devices:\n  - name: d0\n    basic:\n      attributes:\n        model: {string: x, int: 1}\n";
  CHECK(field_error(v1beta1) ==
        fmt::format("spec.devices[0].basic.attributes[model]: Invalid value: \"{{int, string}}\": must specify exactly one of: {}", kAttributeMembers));
  CHECK(error_line(v1beta1) == 14);
  // A hand-written error is pathed on the internal object: no `basic`.
  const std::string v1beta1_taint =
      "apiVersion: resource.k8s.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: a}\nspec:\n  driver: d.example.com\n"
      "  allNodes: true\n  pool: {name: p, resourceSliceCount: 1}\n  devices:\n  - name: d0\n    basic:\n      taints:\n"
      "      - {key: \"a b\", effect: NoSchedule}\n";
  CHECK(field_error(v1beta1_taint) == fmt::format("spec.devices[0].taints[0].key: Invalid value: \"a b\": {}", kNamePart));
  CHECK(error_line(v1beta1_taint) == 12);
  // v1beta1 devices hold nothing but `name` and `basic`.
  CHECK(field_error("apiVersion: resource.k8s.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: a}\nspec:\n  driver: d.example.com\n"
                    "  allNodes: true\n  pool: {name: p, resourceSliceCount: 1}\n  devices:\n  - name: d0\n    attributes: {}\n") ==
        "strict decoding error: unknown field \"spec.devices[0].attributes\"");
  CHECK(field_error("apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: a}\nspec:\n  driver: d.example.com\n"
                    "  allNodes: true\n  pool: {name: p, resourceSliceCount: 1}\n  devices:\n  - name: d0\n    basic: {}\n") ==
        "strict decoding error: unknown field \"spec.devices[0].basic\"");
}

namespace {

std::string show(const NodeSelector& s) {
  std::string out;
  for (const NodeSelectorTerm& t : s.node_selector_terms) {
    out += "term:";
    for (const auto& r : t.match_expressions) out += fmt::format(" e({} {} {})", r.key, r.op, fmt::join(r.values, ","));
    for (const auto& r : t.match_fields) out += fmt::format(" f({} {} {})", r.key, r.op, fmt::join(r.values, ","));
  }
  return out;
}

std::string show(const std::optional<Quantity>& q) { return q ? q->to_string() : "-"; }

// Every field of the model, one per line.
std::string show(const ResourceSlice& s) {
  std::string out = fmt::format("name={} labels={} driver={} pool={}/{}/{} nodeName={} selector={} allNodes={} perDevice={}\n",
                                s.metadata.name, s.metadata.labels.size(), s.driver, s.pool.name, s.pool.generation,
                                s.pool.resource_slice_count, s.node_name.value_or("-"), s.node_selector ? show(*s.node_selector) : "-",
                                s.all_nodes, s.per_device_node_selection);
  for (const CounterSet& cs : s.shared_counters) {
    out += "counterSet " + cs.name + ":";
    for (const Counter& c : cs.counters) out += " " + c.name + "=" + c.value.to_string();
    out += "\n";
  }
  for (const Device& d : s.devices) {
    out += "device " + d.name + "\n";
    for (const NamedAttribute& a : d.attributes) {
      out += fmt::format("  attr {} kind={} int={} bool={} str={}\n", a.name, static_cast<int>(a.value.kind), a.value.int_value,
                         a.value.bool_value, a.value.string_value);
    }
    for (const NamedCapacity& c : d.capacity) {
      out += fmt::format("  cap {}={}", c.name, c.value.value.to_string());
      if (const auto& p = c.value.request_policy) {
        out += fmt::format(" default={} values=", show(p->default_));
        for (const Quantity& q : p->valid_values) out += q.to_string() + ",";
        if (p->valid_range) out += fmt::format(" range={}..{} step {}", p->valid_range->min.to_string(), show(p->valid_range->max), show(p->valid_range->step));
      }
      out += "\n";
    }
    for (const DeviceCounterConsumption& c : d.consumes_counters) {
      out += "  consumes " + c.counter_set + ":";
      for (const Counter& k : c.counters) out += " " + k.name + "=" + k.value.to_string();
      out += "\n";
    }
    out += fmt::format("  nodeName={} selector={} allNodes={}\n", d.node_name.value_or("-"), d.node_selector ? show(*d.node_selector) : "-",
                       d.all_nodes);
    for (const DeviceTaint& t : d.taints) out += fmt::format("  taint {}={}:{} at {}\n", t.key, t.value, t.effect, t.time_added);
    out += fmt::format("  bindsToNode={} conditions={} failures={} multiple={}\n", d.binds_to_node ? (*d.binds_to_node ? "true" : "false") : "-",
                       fmt::join(d.binding_conditions, ","), fmt::join(d.binding_failure_conditions, ","),
                       d.allow_multiple_allocations ? (*d.allow_multiple_allocations ? "true" : "false") : "-");
  }
  return out;
}

// One slice of every device-level field, as v1 and v1beta2 write it, or v1beta1 (under `basic`).
std::string every_field(const std::string& version) {
  const bool beta1 = version == "v1beta1";
  const std::string in = beta1 ? "      " : "    ";
  auto device = [&](const std::string& name, const std::string& fields) {
    std::string out = "  - name: " + name + "\n";
    if (beta1) out += "    basic:\n";
    for (size_t start = 0; start < fields.size();) {
      size_t end = std::min(fields.find('\n', start), fields.size());
      out += in + fields.substr(start, end - start) + "\n";
      start = end + 1;
    }
    return out;
  };
  return "apiVersion: resource.k8s.io/" + version +
         "\nkind: ResourceSlice\nmetadata:\n  name: node-1-gpu\n  labels: {team: ml}\nspec:\n  driver: gpu.example.com\n"
         "  pool: {name: node-1, generation: 3, resourceSliceCount: 2}\n  perDeviceNodeSelection: true\n  devices:\n" +
         device("gpu-0",
                "attributes:\n  model: {string: A100}\n  memory: {int: 80}\n  driverVersion: {version: 535.104.5}\n"
                "  gpu.example.com/index: {int: 0}\n  mig: {bool: true}\n"
                "capacity:\n  memory: {value: 80Gi}\n  cores:\n    value: \"108\"\n    requestPolicy:\n"
                "      default: \"1\"\n      validRange: {min: \"1\", max: \"108\", step: \"1\"}\n"
                "  bandwidth:\n    value: 10G\n    requestPolicy: {default: 1G, validValues: [1G, 5G, 10G]}\n"
                "consumesCounters:\n- counterSet: gpu-0-counters\n  counters: {memory: {value: 40Gi}, sm: {value: \"54\"}}\n"
                "nodeName: node-1\n"
                "taints:\n- {key: example.com/unhealthy, value: ecc, effect: NoSchedule, timeAdded: \"2026-11-24T10:00:00Z\"}\n"
                "- {key: example.com/maintenance, effect: None}\n"
                "bindsToNode: true\nbindingConditions: [example.com/attached]\nbindingFailureConditions: [example.com/failed]\n"
                "allowMultipleAllocations: true\n") +
         device("gpu-1", "nodeSelector:\n  nodeSelectorTerms:\n  - matchExpressions: [{key: zone, operator: In, values: [a, b]}]\n"
                         "    matchFields: [{key: metadata.name, operator: NotIn, values: [node-9]}]\n") +
         device("gpu-2", "allNodes: true\nattributes: {}\n") +
         "---\napiVersion: resource.k8s.io/" + version +
         "\nkind: ResourceSlice\nmetadata: {name: node-1-counters}\nspec:\n  driver: gpu.example.com\n"
         "  pool: {name: node-1, generation: 3, resourceSliceCount: 2}\n  nodeName: node-1\n"
         "  sharedCounters:\n  - name: gpu-0-counters\n    counters: {memory: {value: 80Gi}, sm: {value: \"108\"}}\n"
         "---\napiVersion: resource.k8s.io/" +
         version +
         "\nkind: ResourceSlice\nmetadata: {name: fabric}\nspec:\n  driver: nic.example.com\n"
         "  pool: {name: fabric, resourceSliceCount: 1}\n"
         "  nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: rack, operator: In, values: [r1]}]}]}\n"
         "  devices:\n" +
         device("nic-0", "attributes: {speed: {int: 400}}") +
         "---\napiVersion: resource.k8s.io/" + version +
         "\nkind: ResourceSlice\nmetadata: {name: everywhere}\nspec:\n  driver: nic.example.com\n"
         "  pool: {name: everywhere, resourceSliceCount: 1}\n  allNodes: true\n  devices:\n" +
         device("nic-1", "attributes: {speed: {int: 100}}");
}

}  // namespace

TEST_CASE("ResourceSlice decoding: every field, and the same object in v1, v1beta1 and v1beta2") {
  ClusterState v1 = loads(every_field("v1"));
  REQUIRE(v1.resource_slices.size() == 4);
  const ResourceSlice& s = v1.resource_slices[0];
  CHECK(s.metadata.name == "node-1-gpu");
  CHECK(s.metadata.namespace_.empty());
  CHECK(s.driver == "gpu.example.com");
  CHECK(s.pool.name == "node-1");
  CHECK(s.pool.generation == 3);
  CHECK(s.pool.resource_slice_count == 2);
  CHECK(s.per_device_node_selection);
  CHECK_FALSE(s.all_nodes);
  CHECK_FALSE(s.node_name.has_value());
  REQUIRE(s.devices.size() == 3);
  const Device& gpu = s.devices[0];
  REQUIRE(gpu.attributes.size() == 5);
  CHECK(gpu.attributes[0].name == "model");
  CHECK(gpu.attributes[0].value.kind == DeviceAttribute::Kind::String);
  CHECK(gpu.attributes[0].value.string_value == "A100");
  CHECK(gpu.attributes[1].value.kind == DeviceAttribute::Kind::Int);
  CHECK(gpu.attributes[1].value.int_value == 80);
  CHECK(gpu.attributes[2].value.kind == DeviceAttribute::Kind::Version);
  CHECK(gpu.attributes[2].value.string_value == "535.104.5");
  CHECK(gpu.attributes[3].name == "gpu.example.com/index");
  CHECK(gpu.attributes[4].value.kind == DeviceAttribute::Kind::Bool);
  CHECK(gpu.attributes[4].value.bool_value);
  REQUIRE(gpu.capacity.size() == 3);
  CHECK(gpu.capacity[0].value.value.to_string() == "80Gi");
  REQUIRE(gpu.capacity[1].value.request_policy.has_value());
  REQUIRE(gpu.capacity[1].value.request_policy->valid_range.has_value());
  CHECK(gpu.capacity[1].value.request_policy->valid_range->max->to_string() == "108");
  CHECK(gpu.capacity[2].value.request_policy->valid_values.size() == 3);
  REQUIRE(gpu.consumes_counters.size() == 1);
  CHECK(gpu.consumes_counters[0].counter_set == "gpu-0-counters");
  CHECK(gpu.consumes_counters[0].counters.size() == 2);
  CHECK(gpu.node_name == std::optional<std::string>("node-1"));
  REQUIRE(gpu.taints.size() == 2);
  CHECK(gpu.taints[0].effect == "NoSchedule");
  CHECK(gpu.taints[0].time_added == "2026-11-24T10:00:00Z");
  CHECK(gpu.binds_to_node == std::optional<bool>(true));
  CHECK(gpu.binding_conditions == std::vector<std::string>{"example.com/attached"});
  CHECK(gpu.binding_failure_conditions == std::vector<std::string>{"example.com/failed"});
  CHECK(gpu.allow_multiple_allocations == std::optional<bool>(true));
  CHECK(s.devices[1].node_selector.has_value());
  CHECK(s.devices[2].all_nodes);
  CHECK(v1.resource_slices[1].shared_counters.size() == 1);
  CHECK(v1.resource_slices[2].node_selector.has_value());
  CHECK(v1.resource_slices[3].all_nodes);

  std::string want;
  for (const ResourceSlice& slice : v1.resource_slices) want += show(slice);
  for (const char* version : {"v1beta1", "v1beta2"}) {
    CAPTURE(version);
    ClusterState other = loads(every_field(version));
    std::string got;
    for (const ResourceSlice& slice : other.resource_slices) got += show(slice);
    CHECK(got == want);
  }
}

TEST_CASE("ResourceSlice: JSON as kubectl prints it, Lists, duplicates") {
  const std::string list = R"({"apiVersion": "v1", "kind": "List", "items": [
    {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": "a"},
     "spec": {"driver": "d.example.com", "nodeName": "n1", "pool": {"name": "n1", "generation": 0, "resourceSliceCount": 1},
              "devices": [{"name": "d0", "attributes": {"index": {"int": 0}}, "capacity": {"memory": {"value": "1Gi"}}}]}},
    {"apiVersion": "resource.k8s.io/v1beta2", "kind": "ResourceSlice", "metadata": {"name": "b"},
     "spec": {"driver": "d.example.com", "nodeName": "n2", "pool": {"name": "n2", "generation": 0, "resourceSliceCount": 1}}}]})";
  ClusterState state = loads(list);
  REQUIRE(state.resource_slices.size() == 2);
  CHECK(state.resource_slices[0].origin.item == 0);
  CHECK(state.resource_slices[1].devices.empty());
  CHECK(state.skipped_kinds.empty());

  const std::string twice =
      "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: a}\nspec: {driver: d.example.com, allNodes: true, "
      "pool: {name: p, resourceSliceCount: 1}}\n---\napiVersion: resource.k8s.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: a}\n"
      "spec: {driver: d.example.com, allNodes: true, pool: {name: p, resourceSliceCount: 1}}\n";
  CHECK(load_error(twice) == "ResourceSlice \"a\" is given twice: slices.yaml document 1 and slices.yaml document 2");
}
