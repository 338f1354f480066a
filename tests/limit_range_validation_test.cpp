// ValidateLimitRange as each release has it: the rows follow pkg/apis/core/validation's
// TestValidateLimitRange, with the exact messages the API server of each release gives (checked
// against the referee, tests/reference), after SetDefaults_LimitRangeItem.
#include <doctest/doctest.h>

#include <string>

#include <fmt/format.h>

#include "podfit/load/loader.h"

using namespace podfit;

namespace {

// The loader's refusal of `text` as the API server of v1.`minor` words it, without "file:
// document N (...), line N: "; empty when the text loads.
std::string refusal(const std::string& text, int minor, int* line = nullptr) {
  ClusterState state;
  LoadOptions options;
  options.api_release = KubernetesRelease{minor};
  auto err = load_cluster_state_text(text, "limits.yaml", state, options);
  if (!err) return "";
  const size_t at = err->message.find(", line ");
  REQUIRE(at != std::string::npos);
  if (line != nullptr) *line = std::stoi(err->message.substr(at + 7));
  const size_t start = err->message.find(": ", at);
  REQUIRE(start != std::string::npos);
  return err->message.substr(start + 2);
}

// A LimitRange named lr in default whose spec.limits are `limits` (a YAML flow sequence).
std::string limit_range(const std::string& limits) {
  return "apiVersion: v1\nkind: LimitRange\nmetadata: {name: lr, namespace: default}\nspec:\n  limits: " + limits + "\n";
}

// How v1.32 and v1.33 print a Quantity held as int64Amount (fmt's %#v), and v1.34 on (JSON).
std::string go_quantity(long long value, int scale, const std::string& text, const std::string& format = "DecimalSI") {
  return fmt::format(
      "resource.Quantity{{i:resource.int64Amount{{value:{}, scale:{}}}, d:resource.infDecAmount{{Dec:(*inf.Dec)(nil)}}, "
      "s:\"{}\", Format:\"{}\"}}",
      value, scale, text, format);
}

constexpr const char* kNamePart =
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric "
    "character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
    "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

// One message for v1.32 and v1.33, another from v1.34 (bad values printed as JSON).
struct ByRelease {
  std::string before_v134;
  std::string from_v134;
  std::string at(int minor) const { return minor < 34 ? before_v134 : from_v134; }
};

void check_all_releases(const std::string& text, const ByRelease& want) {
  for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor; ++minor) {
    CAPTURE(minor);
    CHECK(refusal(text, minor) == want.at(minor));
  }
}

}  // namespace

TEST_CASE("LimitRange validation: valid ranges load in every release") {
  const std::string rows[] = {
      limit_range("[{type: Container, min: {cpu: 100m}, max: {cpu: \"2\"}, default: {cpu: \"1\"}, defaultRequest: {cpu: 500m}, "
                  "maxLimitRequestRatio: {cpu: \"4\"}}, {type: Pod, max: {cpu: \"4\"}}, "
                  "{type: PersistentVolumeClaim, max: {storage: 10Gi}}]"),
      // Defaults only: defaultRequest falls back to default.
      limit_range("[{type: Container, default: {memory: 1Gi}}]"),
      // A fully qualified type is anyone's to define.
      limit_range("[{type: example.com/custom, max: {cpu: \"1\", example.com/foo: \"2\"}}]"),
      // Negative bounds are not refused, only their order.
      limit_range("[{type: Container, min: {cpu: \"-2\"}, max: {cpu: \"-1\"}}]"),
      // A PVC limit with only a min of storage.
      limit_range("[{type: PersistentVolumeClaim, min: {storage: 1Gi}}]"),
      // A name with more than one slash is a qualified name nowhere, but an extended resource
      // for containers needs none of that.
      limit_range("[{type: Container, max: {example.com/gpu: \"2\"}, default: {example.com/gpu: \"2\"}}]"),
      // Without a name: the create strategy gives one.
      "apiVersion: v1\nkind: LimitRange\nmetadata: {namespace: default}\nspec:\n  limits: [{type: Container, max: {cpu: \"1\"}}]\n",
  };
  for (const std::string& text : rows) {
    CAPTURE(text);
    for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor; ++minor) {
      CAPTURE(minor);
      CHECK(refusal(text, minor).empty());
    }
  }
}

TEST_CASE("LimitRange validation: types") {
  check_all_releases(limit_range("[{type: Foo, max: {cpu: \"1\"}}]"),
                     {"spec.limits[0].type: Invalid value: \"Foo\": must be a standard limit type or fully qualified",
                      "spec.limits[0].type: Invalid value: \"Foo\": must be a standard limit type or fully qualified"});
  check_all_releases(limit_range("[{type: \"\"}]"), {"spec.limits[0].type: Invalid value: \"\": name part must be non-empty",
                                                     "spec.limits[0].type: Invalid value: \"\": name part must be non-empty"});
  check_all_releases(limit_range("[{type: \"bad type!\"}]"),
                     {std::string("spec.limits[0].type: Invalid value: \"bad type!\": ") + kNamePart,
                      std::string("spec.limits[0].type: Invalid value: \"bad type!\": ") + kNamePart});
  check_all_releases(limit_range("[{type: Container, max: {cpu: \"1\"}}, {type: Container, max: {memory: 1Gi}}]"),
                     {"spec.limits[1].type: Duplicate value: \"Container\"", "spec.limits[1].type: Duplicate value: \"Container\""});

  // util/validation's words until v1.35, content.IsLabelKey's since.
  const std::string long_name(64, 'a');
  for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor; ++minor) {
    CAPTURE(minor);
    const char* unit = minor < 35 ? "characters" : "bytes";
    CHECK(refusal(limit_range("[{type: " + long_name + "}]"), minor) ==
          fmt::format("spec.limits[0].type: Invalid value: \"{}\": name part must be no more than 63 {}", long_name, unit));
    CHECK(refusal(limit_range("[{type: a/b/c}]"), minor) ==
          fmt::format("spec.limits[0].type: Invalid value: \"a/b/c\": {} must consist of alphanumeric characters, '-', '_' "
                      "or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or "
                      "'123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an "
                      "optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                      minor < 35 ? "a qualified name" : "a valid label key"));
  }
}

TEST_CASE("LimitRange validation: resource names (a ResourceName printed bare before v1.34)") {
  check_all_releases(limit_range("[{type: Container, max: {foo: \"1\"}}]"),
                     {"spec.limits[0].max[foo]: Invalid value: foo: must be a standard resource type or fully qualified",
                      "spec.limits[0].max[foo]: Invalid value: \"foo\": must be a standard resource type or fully qualified"});
  check_all_releases(limit_range("[{type: Container, min: {pods: \"1\"}}]"),
                     {"spec.limits[0].min[pods]: Invalid value: pods: must be a standard resource for containers",
                      "spec.limits[0].min[pods]: Invalid value: \"pods\": must be a standard resource for containers"});
  check_all_releases(limit_range("[{type: Container, maxLimitRequestRatio: {\"bad key!\": \"2\"}}]"),
                     {std::string("spec.limits[0].maxLimitRequestRatio[bad key!]: Invalid value: bad key!: ") + kNamePart,
                      std::string("spec.limits[0].maxLimitRequestRatio[bad key!]: Invalid value: \"bad key!\": ") + kNamePart});
  check_all_releases(
      limit_range("[{type: Pod, max: {requests.example.com/gpu: \"1\"}}]"),
      {"spec.limits[0].max[requests.example.com/gpu]: Invalid value: requests.example.com/gpu: doesn't follow extended "
       "resource name standard",
       "spec.limits[0].max[requests.example.com/gpu]: Invalid value: \"requests.example.com/gpu\": doesn't follow extended "
       "resource name standard"});
  // Other types' lists may name any standard resource, storage and pods included.
  CHECK(refusal(limit_range("[{type: PersistentVolumeClaim, max: {storage: 1Gi, pods: \"2\"}}]"), 37).empty());
  check_all_releases(limit_range("[{type: PersistentVolumeClaim, max: {storage: 1Gi, foo: \"2\"}}]"),
                     {"spec.limits[0].max[foo]: Invalid value: foo: must be a standard resource type or fully qualified",
                      "spec.limits[0].max[foo]: Invalid value: \"foo\": must be a standard resource type or fully qualified"});
}

TEST_CASE("LimitRange validation: what a type forbids or requires") {
  const std::string forbidden = "Forbidden: may not be specified when `type` is 'Pod'";
  check_all_releases(limit_range("[{type: Pod, default: {cpu: \"1\"}}]"),
                     {"spec.limits[0].default: " + forbidden, "spec.limits[0].default: " + forbidden});
  check_all_releases(limit_range("[{type: Pod, defaultRequest: {cpu: \"1\"}}]"),
                     {"spec.limits[0].defaultRequest: " + forbidden, "spec.limits[0].defaultRequest: " + forbidden});
  const std::string storage =
      "spec.limits[0].limits: Required value: either minimum or maximum storage value is required, but neither was provided";
  check_all_releases(limit_range("[{type: PersistentVolumeClaim, max: {cpu: \"1\"}}]"), {storage, storage});
}

TEST_CASE("LimitRange validation: how the bounds order (a Quantity printed as its Go struct before v1.34)") {
  // min above the default request; the request is defaulted from nothing here.
  check_all_releases(
      limit_range("[{type: Container, min: {cpu: 200m}, defaultRequest: {cpu: 100m}}]"),
      {"spec.limits[0].defaultRequest[cpu]: Invalid value: " + go_quantity(100, -3, "100m") +
           ": min value 200m is greater than default request value 100m",
       "spec.limits[0].defaultRequest[cpu]: Invalid value: \"100m\": min value 200m is greater than default request value 100m"});
  // The struct keeps the int64Amount as parsed ("0.1": 1 at scale -1) and the canonical text.
  check_all_releases(
      limit_range("[{type: Container, min: {cpu: \"0.2\"}, defaultRequest: {cpu: \"0.1\"}}]"),
      {"spec.limits[0].defaultRequest[cpu]: Invalid value: " + go_quantity(1, -1, "100m") +
           ": min value 200m is greater than default request value 100m",
       "spec.limits[0].defaultRequest[cpu]: Invalid value: \"100m\": min value 200m is greater than default request value 100m"});
  check_all_releases(limit_range("[{type: Pod, min: {cpu: \"2\"}, max: {cpu: \"1\"}}]"),
                     {"spec.limits[0].min[cpu]: Invalid value: " + go_quantity(2, 0, "2") + ": min value 2 is greater than max value 1",
                      "spec.limits[0].min[cpu]: Invalid value: \"2\": min value 2 is greater than max value 1"});
  check_all_releases(
      limit_range("[{type: Container, max: {memory: 1Gi}, default: {memory: 1Gi}, defaultRequest: {memory: 2Gi}}]"),
      {"spec.limits[0].defaultRequest[memory]: Invalid value: " + go_quantity(2147483648, 0, "2Gi", "BinarySI") +
           ": default request value 2Gi is greater than max value 1Gi",
       "spec.limits[0].defaultRequest[memory]: Invalid value: \"2Gi\": default request value 2Gi is greater than max value 1Gi"});
  check_all_releases(
      limit_range("[{type: Container, default: {cpu: \"1\"}, defaultRequest: {cpu: 1500m}}]"),
      {"spec.limits[0].defaultRequest[cpu]: Invalid value: " + go_quantity(1500, -3, "1500m") +
           ": default request value 1500m is greater than default limit value 1",
       "spec.limits[0].defaultRequest[cpu]: Invalid value: \"1500m\": default request value 1500m is greater than default limit "
       "value 1"});
  // A default below min always has a default request below min or above the default, which comes
  // first; a default above max shows max, not the default.
  check_all_releases(limit_range("[{type: Container, max: {cpu: \"1\"}, default: {cpu: \"2\"}, defaultRequest: {cpu: 500m}}]"),
                     {"spec.limits[0].default[cpu]: Invalid value: " + go_quantity(1, 0, "1") +
                          ": default value 2 is greater than max value 1",
                      "spec.limits[0].default[cpu]: Invalid value: \"1\": default value 2 is greater than max value 1"});
  // A Container's min above its max: reported before what the defaults taken from max break.
  check_all_releases(limit_range("[{type: Container, min: {cpu: \"2\"}, max: {cpu: \"1\"}}]"),
                     {"spec.limits[0].min[cpu]: Invalid value: " + go_quantity(2, 0, "2") + ": min value 2 is greater than max value 1",
                      "spec.limits[0].min[cpu]: Invalid value: \"2\": min value 2 is greater than max value 1"});
}

TEST_CASE("LimitRange validation: maxLimitRequestRatio and resources that do not overcommit") {
  check_all_releases(limit_range("[{type: Container, maxLimitRequestRatio: {cpu: 500m}}]"),
                     {"spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: " + go_quantity(500, -3, "500m") +
                          ": ratio 500m is less than 1",
                      "spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: \"500m\": ratio 500m is less than 1"});
  check_all_releases(limit_range("[{type: Pod, min: {cpu: \"1\"}, max: {cpu: \"3\"}, maxLimitRequestRatio: {cpu: \"4\"}}]"),
                     {"spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: " + go_quantity(4, 0, "4") +
                          ": ratio 4 is greater than max/min = 3.000000",
                      "spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: \"4\": ratio 4 is greater than max/min = 3.000000"});
  // In thousandths while all three fit them.
  CHECK(refusal(limit_range("[{type: Pod, min: {memory: 300Mi}, max: {memory: 1Gi}, maxLimitRequestRatio: {memory: 3500m}}]"), 37) ==
        "spec.limits[0].maxLimitRequestRatio[memory]: Invalid value: \"3500m\": ratio 3500m is greater than max/min = 3.413333");
  // Whole units past them.
  CHECK(refusal(limit_range("[{type: Pod, min: {cpu: \"1\"}, max: {cpu: 10P}, maxLimitRequestRatio: {cpu: 20P}}]"), 36) ==
        "spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: \"20P\": ratio 20P is greater than max/min = "
        "10000000000000000.000000");
  CHECK(refusal(limit_range("[{type: Pod, min: {cpu: \"-1\"}, max: {cpu: \"3\"}, maxLimitRequestRatio: {cpu: \"4\"}}]"), 35) ==
        "spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: \"4\": ratio 4 is greater than max/min = -3.000000");
  // A zero min leaves no bound.
  CHECK(refusal(limit_range("[{type: Pod, min: {cpu: \"0\"}, max: {cpu: \"3\"}, maxLimitRequestRatio: {cpu: \"4\"}}]"), 37).empty());

  check_all_releases(
      limit_range("[{type: Container, default: {example.com/gpu: \"2\"}, defaultRequest: {example.com/gpu: \"1\"}}]"),
      {"spec.limits[0].defaultRequest[example.com/gpu]: Invalid value: " + go_quantity(1, 0, "1") +
           ": default value 2 must equal to defaultRequest value 1 in example.com/gpu",
       "spec.limits[0].defaultRequest[example.com/gpu]: Invalid value: \"1\": default value 2 must equal to defaultRequest "
       "value 1 in example.com/gpu"});
  check_all_releases(
      limit_range("[{type: Container, default: {hugepages-2Mi: 4Mi}, defaultRequest: {hugepages-2Mi: 2Mi}}]"),
      {"spec.limits[0].defaultRequest[hugepages-2Mi]: Invalid value: " + go_quantity(2097152, 0, "2Mi", "BinarySI") +
           ": default value 4Mi must equal to defaultRequest value 2Mi in hugepages-2Mi",
       "spec.limits[0].defaultRequest[hugepages-2Mi]: Invalid value: \"2Mi\": default value 4Mi must equal to defaultRequest "
       "value 2Mi in hugepages-2Mi"});
}

TEST_CASE("LimitRange validation: the object's metadata first, and the lines of errors") {
  const std::string text =
      "apiVersion: v1\nkind: LimitRange\nmetadata: {name: Bad_Name, namespace: default}\nspec:\n  limits: [{type: Foo}]\n";
  CHECK(refusal(text, 37).starts_with("metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain"));
  int line = 0;
  const std::string ordered =
      "apiVersion: v1\nkind: LimitRange\nmetadata: {name: lr}\nspec:\n  limits:\n  - type: Container\n    min:\n"
      "      cpu: 200m\n    defaultRequest:\n      cpu: 100m\n";
  CHECK(refusal(ordered, 37, &line).starts_with("spec.limits[0].defaultRequest[cpu]:"));
  CHECK(line == 10);
  // A default request made from the default limit has no line of its own: the item's.
  const std::string defaulted =
      "apiVersion: v1\nkind: LimitRange\nmetadata: {name: lr}\nspec:\n  limits:\n  - type: Container\n    min:\n"
      "      cpu: \"2\"\n    default:\n      cpu: \"1\"\n";
  CHECK(refusal(defaulted, 37, &line) ==
        "spec.limits[0].defaultRequest[cpu]: Invalid value: \"1\": min value 2 is greater than default request value 1");
  CHECK(line == 6);
}
