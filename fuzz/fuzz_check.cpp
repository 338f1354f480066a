// Fuzzes the whole `podfit check` pipeline on a fuzzed cluster: load, build the snapshot, run
// PreFilter and Filter (every plugin, all reasons) for its pending pods, build the verdicts.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_input.h"
#include "podfit/framework/framework.h"
#include "podfit/framework/registry.h"
#include "podfit/load/loader.h"
#include "podfit/report/fit_report.h"
#include "podfit/snapshot/snapshot.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = podfit::fuzz::as_text(data, size);
  podfit::ClusterState cluster;
  if (podfit::load_cluster_state_text(text, podfit::fuzz::looks_like_json(text) ? "fuzz.json" : "fuzz.yaml", cluster)) {
    return 0;
  }
  podfit::PluginContext context;
  podfit::Snapshot snapshot(cluster, context.gates);
  podfit::Framework framework(podfit::default_filter_plugin_order(context.gates), context);
  std::vector<const podfit::Pod*> pods = snapshot.pending_pods();
  // A few pods are enough: each one runs the same code.
  pods.resize(std::min<size_t>(pods.size(), 4));
  for (const podfit::Pod* pod : pods) snapshot.ensure_namespace(pod->metadata.namespace_);
  for (const podfit::Pod* pod : pods) {
    for (bool all_reasons : {false, true}) {
      podfit::PodInfo info(*pod, context.gates);
      podfit::CycleState state;
      podfit::FilterOutcome outcome = framework.run(snapshot, info, all_reasons, state);
      (void)podfit::make_pod_verdict(*pod, snapshot, outcome);
    }
  }
  return 0;
}
