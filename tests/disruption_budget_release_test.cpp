// How each release's API server prints the bad values of a PodDisruptionBudget it refuses
// (checked against the referees, tests/reference): before v1.34 field.Error prints a percent's
// intstr.IntOrString with fmt's %#v, from v1.34 as JSON; named strings are Go-quoted, then JSON-quoted.
#include <doctest/doctest.h>

#include <string>

#include "podfit/kubernetes_release.h"
#include "podfit/load/loader.h"

namespace podfit {
namespace {

// The field error of a refused text loaded for release v1.`minor`; empty when it loads.
std::string refusal(const std::string& text, int minor) {
  ClusterState state;
  LoadOptions options;
  options.api_release = KubernetesRelease{minor};
  auto err = load_cluster_state_text(text, "budget.yaml", state, options);
  if (!err) return {};
  const size_t line = err->message.find(", line ");
  return err->message.substr(err->message.find(": ", line) + 2);
}

std::string budget(const std::string& spec) {
  return "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: b, namespace: ns}\nspec:\n" + spec;
}

const std::string kPercentError =
    "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for "
    "validation is '[0-9]+%')";

TEST_CASE("PodDisruptionBudget validation: a bad percent prints as each release's field.Error prints it") {
  for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor; ++minor) {
    CAPTURE(minor);
    const bool go = minor < 34;
    CHECK(refusal(budget("  minAvailable: \"150%\"\n  selector: {matchLabels: {app: web}}\n"), minor) ==
          std::string("spec.minAvailable: Invalid value: ") +
              (go ? "intstr.IntOrString{Type:1, IntVal:0, StrVal:\"150%\"}" : "\"150%\"") +
              ": must not be greater than 100%");
    CHECK(refusal(budget("  maxUnavailable: \"99999999999999999999%\"\n"), minor) ==
          std::string("spec.maxUnavailable: Invalid value: ") +
              (go ? "intstr.IntOrString{Type:1, IntVal:0, StrVal:\"99999999999999999999%\"}"
                  : "\"99999999999999999999%\"") +
              ": must not be greater than 100%");
    CHECK(refusal(budget("  maxUnavailable: 5.5%\n"), minor) ==
          std::string("spec.maxUnavailable: Invalid value: ") +
              (go ? "intstr.IntOrString{Type:1, IntVal:0, StrVal:\"5.5%\"}" : "\"5.5%\"") + ": " + kPercentError);
    // %#v quotes as Go does, JSON escapes <, > and &.
    CHECK(refusal(budget("  minAvailable: \"a<b\\\"c\"\n"), minor) ==
          std::string("spec.minAvailable: Invalid value: ") +
              (go ? "intstr.IntOrString{Type:1, IntVal:0, StrVal:\"a<b\\\"c\"}" : "\"a\\u003cb\\\"c\"") + ": " +
              kPercentError);
    // A negative number is checked as an int64, printed bare by every release.
    CHECK(refusal(budget("  minAvailable: -3\n"), minor) ==
          "spec.minAvailable: Invalid value: -3: must be greater than or equal to 0");
  }
}

TEST_CASE("PodDisruptionBudget validation: named strings quoted by release") {
  for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor; ++minor) {
    CAPTURE(minor);
    const std::string operator_value = minor < 34 ? "\"a<b\"" : "\"a\\u003cb\"";
    CHECK(refusal(budget("  minAvailable: 1\n  selector: {matchExpressions: [{key: a, operator: \"a<b\"}]}\n"),
                  minor) ==
          "spec.selector.matchExpressions[0].operator: Invalid value: " + operator_value +
              ": not a valid selector operator");
    const std::string policy_value = minor < 34 ? "\"x&y\"" : "\"x\\u0026y\"";
    CHECK(refusal(budget("  minAvailable: 1\n  unhealthyPodEvictionPolicy: x&y\n"), minor) ==
          "spec.unhealthyPodEvictionPolicy: Unsupported value: " + policy_value +
              ": supported values: \"AlwaysAllow\", \"IfHealthyBudget\"");
  }
}

TEST_CASE("PodDisruptionBudget validation: both bounds set print the spec as JSON on every release") {
  // v1.32 and v1.33 print the spec with %#v, whose pointers show run-time addresses: not reproducible.
  for (int minor = KubernetesRelease::kOldestMinor; minor <= KubernetesRelease::kNewestMinor; ++minor) {
    CAPTURE(minor);
    CHECK(refusal(budget("  minAvailable: 1\n  maxUnavailable: 1\n"), minor) ==
          "spec: Invalid value: {\"MinAvailable\":1,\"Selector\":null,\"MaxUnavailable\":1,"
          "\"UnhealthyPodEvictionPolicy\":null}: minAvailable and maxUnavailable cannot be both set");
  }
}

}  // namespace
}  // namespace podfit
