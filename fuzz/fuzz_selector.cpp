// Fuzzes label and node selectors. Input: a kubectl -l selector (labels.Parse) up to the first
// newline; the rest is a pod's spec.affinity (JSON or a YAML flow mapping), decoded by the
// loader, compiled (LabelSelectorAsSelector, nodeaffinity) and matched against fixed nodes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_input.h"
#include "podfit/load/loader.h"
#include "podfit/model/labels.h"
#include "podfit/model/node_affinity.h"

namespace {

const std::vector<podfit::StringMap>& label_sets() {
  static const std::vector<podfit::StringMap> sets = [] {
    std::vector<podfit::StringMap> out(3);
    out[1].set("zone", "a");
    out[1].set("app", "web");
    out[2].set("kubernetes.io/hostname", "node-b");
    out[2].set("cores", "8");
    out[2].set("zone", "b");
    return out;
  }();
  return sets;
}

void parse_selector(std::string_view text) {
  std::optional<podfit::Selector> selector = podfit::Selector::parse(text);
  if (!selector) return;
  for (const podfit::StringMap& labels : label_sets()) (void)selector->matches(labels);
  // What String() prints parses back to the same selector.
  std::string printed = selector->to_string();
  std::optional<podfit::Selector> again = podfit::Selector::parse(printed);
  if (!again || again->to_string() != printed) std::abort();
}

void compile_selectors(const podfit::Pod& pod) {
  podfit::RequiredNodeAffinity required(pod);
  podfit::Node node;
  node.metadata.name = "node-b";
  for (const podfit::StringMap& labels : label_sets()) {
    node.metadata.labels = labels;
    std::string error;
    (void)required.match(node, &error);
  }
  if (!pod.spec.affinity) return;
  const podfit::Affinity& affinity = *pod.spec.affinity;
  if (affinity.node_affinity) {
    podfit::PreferredSchedulingTerms preferred(affinity.node_affinity->preferred);
    (void)preferred.score(node);
  }
  for (const auto* terms : {&affinity.pod_affinity, &affinity.pod_anti_affinity}) {
    if (!*terms) continue;
    auto compile = [](const podfit::PodAffinityTerm& term) {
      std::string error;
      for (const auto* selector : {&term.label_selector, &term.namespace_selector}) {
        std::optional<podfit::Selector> s = podfit::Selector::from_label_selector(*selector, &error);
        if (!s) continue;
        for (const podfit::StringMap& labels : label_sets()) (void)s->matches(labels);
        (void)s->to_string();
      }
    };
    for (const podfit::PodAffinityTerm& term : (*terms)->required) compile(term);
    for (const podfit::WeightedPodAffinityTerm& term : (*terms)->preferred) compile(term.term);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = podfit::fuzz::as_text(data, size);
  size_t cut = text.find('\n');
  parse_selector(text.substr(0, cut));
  if (cut == std::string_view::npos) return 0;
  std::string pod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c"}],)"
                    R"("affinity":)";
  pod.append(text.substr(cut + 1));
  pod += "}}";
  std::vector<podfit::Pod> pods;
  if (podfit::load_candidates_text(pod, "fuzz.json", pods)) return 0;
  for (const podfit::Pod& p : pods) compile_selectors(p);
  return 0;
}
