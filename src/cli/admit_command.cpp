#include "podfit/cli/admit_command.h"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "podfit/cli/pending_pods.h"
#include "podfit/queue/admission.h"
#include "podfit/report/admission_report.h"
#include "podfit/snapshot/resource.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {
namespace {

// "a, b, c" or "a, b, c and 7 more": the nodes a mistyped --node could have meant.
std::string known_nodes(const Snapshot& snapshot) {
  const auto& nodes = snapshot.nodes();
  if (nodes.empty()) return "the cluster state has no nodes";
  std::string names;
  for (size_t i = 0; i < nodes.size() && i < 5; ++i) names += (i ? ", " : "") + nodes[i]->name();
  if (nodes.size() > 5) names += fmt::format(" and {} more", nodes.size() - 5);
  return "nodes: " + names;
}

// removeMissingExtendedResources: before its admission check the kubelet drops the extended
// resources its node does not advertise at all (cluster-level resources it cannot account for),
// from the requests of containers and init containers. The scheduling queue's check does not.
Pod without_missing_extended_resources(const Pod& pod, const NodeInfo& node) {
  Pod copy = pod;
  auto filter = [&](std::vector<Container>& containers) {
    for (Container& c : containers) {
      if (!c.resources.requests) continue;
      ResourceList kept;
      for (const auto& [name, q] : *c.resources.requests) {
        if (is_extended_resource_name(name) && !node.allocatable().scalar.contains(name)) continue;
        kept.set(name, q);
      }
      c.resources.requests = std::move(kept);
    }
  };
  filter(copy.spec.containers);
  filter(copy.spec.init_containers);
  return copy;
}

}  // namespace

int run_admit(const AdmitOptions& options, std::ostream& out, std::ostream& err) {
  static const char* kOutputs[] = {"table", "json", "yaml"};
  if (std::find(std::begin(kOutputs), std::end(kOutputs), options.output) == std::end(kOutputs)) {
    err << fmt::format("error: unknown output format \"{}\": use one of table, json, yaml\n", options.output);
    return 2;
  }
  if (options.node.empty()) {
    err << "error: no node given: use --node NAME (a node of the cluster state)\n";
    return 2;
  }
  LoadedInput input;
  InputOptions input_options = options.input;
  input_options.keep_bound_pods = true;  // the kubelet admits pods bound to its node
  if (!load_input(input_options, input, err)) return 2;
  announce_release(options.output, input, err);
  const Snapshot snapshot(input.cluster, input.context.gates);
  const NodeInfo* node = snapshot.find_node(options.node);
  if (node == nullptr) {
    err << fmt::format("error: node \"{}\" not found in the cluster state ({})\n", options.node, known_nodes(snapshot));
    return 2;
  }
  if (auto notice = orphaned_pods_notice(snapshot.orphaned_pods()); !notice.empty()) err << notice << '\n';

  std::vector<const Pod*> pods;
  if (!options.input.pods.empty()) {
    for (const Candidate& c : input.candidates) pods.push_back(&c.pod);
  } else {
    pods = pending_pods_in(snapshot, input_options.namespace_);
    if (pods.empty()) {
      err << no_pending_pods_notice(input.cluster, options.input.namespace_, "use --pod to check a pod") << '\n';
    }
  }

  std::vector<AdmissionVerdict> verdicts;
  for (const Pod* pod : pods) {
    AdmissionVerdict& v = verdicts.emplace_back();
    v.namespace_ = pod->metadata.namespace_;
    v.name = pod->metadata.name;
    v.node = node->name();
    v.failures = admission_check(without_missing_extended_resources(*pod, *node), *node, options.all_reasons,
                                 input.context.gates);
  }

  std::ostringstream buffer;
  if (options.output == "json") {
    write_admission_json(buffer, verdicts, input.release);
  } else if (options.output == "yaml") {
    write_admission_yaml(buffer, verdicts, input.release);
  } else {
    write_admission_table(buffer, verdicts, AdmissionTableStyle{options.color});
  }
  out << buffer.view();
  out.flush();
  for (const AdmissionVerdict& v : verdicts) {
    if (!v.admitted()) return 1;
  }
  return 0;
}

}  // namespace podfit
