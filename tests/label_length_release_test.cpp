// The API server's word for a label that is too long: util/validation counted "characters"
// before v1.35, whose content package says "bytes" (checked against the referees,
// tests/reference).
#include <doctest/doctest.h>

#include <string>

#include "podfit/kubernetes_release.h"
#include "podfit/load/loader.h"

namespace podfit {
namespace {

std::string refusal(int minor, const std::string& text) {
  ClusterState state;
  LoadOptions options;
  options.api_release = KubernetesRelease{minor};
  auto err = load_cluster_state_text(text, "cluster.yaml", state, options);
  if (!err) return {};
  const size_t line = err->message.find(", line ");
  return err->message.substr(err->message.find(": ", line) + 2);
}

std::string labelled_pod(const std::string& key, const std::string& value) {
  return "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default, labels: {" + key + ": " + value +
         "}}\nspec:\n  containers: [{name: c, image: i}]\n";
}

TEST_CASE("a label value past 63 is counted in characters before v1.35 and in bytes from it") {
  const std::string value(64, 'v');
  const std::string want = "metadata.labels: Invalid value: \"" + value + "\": must be no more than 63 ";
  for (int minor : {32, 33, 34}) CHECK(refusal(minor, labelled_pod("app", value)) == want + "characters");
  for (int minor : {35, 36, 37}) CHECK(refusal(minor, labelled_pod("app", value)) == want + "bytes");
}

TEST_CASE("a label key's name part past 63 is worded as the release's API server words it") {
  const std::string key(64, 'k');
  const std::string want = "metadata.labels: Invalid value: \"" + key + "\": name part must be no more than 63 ";
  CHECK(refusal(34, labelled_pod(key, "v")) == want + "characters");
  CHECK(refusal(37, labelled_pod(key, "v")) == want + "bytes");
}

}  // namespace
}  // namespace podfit
