#include "podfit/plugins/node_resources/fit.h"
#include "podfit/util/go_int.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/names.h"
#include "podfit/model/pod_resources.h"

namespace podfit {
namespace {

// The pod's request as PreFilter computed it.
struct FitState final : StateData {
  Resource request;
  // The plugin's options with the snapshot's DeviceClasses, when some class provides a
  // resource the pod requests (the DRA manager kube-scheduler hands the plugin).
  std::optional<FitOptions> options;
  explicit FitState(Resource r) : request(std::move(r)) {}
  std::unique_ptr<StateData> clone() const override { return std::make_unique<FitState>(*this); }
};

bool contains(const std::vector<std::string>& list, std::string_view value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

// Only extended resources can be ignored; their group is the text before the first '/'.
bool is_ignored(std::string_view name, const NodeResourcesFitArgs& args) {
  if (!is_extended_resource_name(name)) return false;
  if (contains(args.ignored_resources, name)) return true;
  if (args.ignored_resource_groups.empty()) return false;
  return contains(args.ignored_resource_groups, name.substr(0, name.find('/')));
}

// The part of the request the node does not count yet. Normally all of it; for a bound pod
// with a Deferred resize re-checked on its own node, only the growth over what the node
// already counts for it (never negative).
struct Deltas {
  int64_t milli_cpu;
  int64_t memory;
  int64_t ephemeral_storage;
  FlatMap<int64_t> scalar;
};

Deltas request_deltas(const Resource& request, const NodeInfo& node, const FitOptions& options, const Pod* pod) {
  Deltas deltas{request.milli_cpu, request.memory, request.ephemeral_storage, request.scalar};
  if (!options.in_place_pod_vertical_scaling_scheduler_preemption || pod == nullptr || pod->spec.node_name.empty() ||
      pod->spec.node_name != node.name()) {
    return deltas;
  }
  // Matched by UID alone, as kube-scheduler does (two empty UIDs match).
  const PodInfo* cached = nullptr;
  for (const PodInfo* info : node.pods()) {
    if (info->pod().metadata.uid == pod->metadata.uid) {
      cached = info;
      break;
    }
  }
  if (cached == nullptr) return deltas;
  const Resource& counted = cached->calculated().resource;
  deltas.milli_cpu = std::max<int64_t>(0, go_sub(request.milli_cpu, counted.milli_cpu));
  deltas.memory = std::max<int64_t>(0, go_sub(request.memory, counted.memory));
  deltas.ephemeral_storage = std::max<int64_t>(0, go_sub(request.ephemeral_storage, counted.ephemeral_storage));
  for (auto& [name, quantity] : deltas.scalar) {
    quantity = std::max<int64_t>(0, go_sub(request.scalar_value(name), counted.scalar_value(name)));
  }
  return deltas;
}

std::string format_cpu(int64_t milli) { return Quantity::from_milli(milli).to_string(); }
std::string format_bytes(int64_t bytes) { return Quantity::from_int(bytes, Quantity::Format::BinarySI).to_string(); }
std::string format_count(int64_t count) { return std::to_string(count); }

}  // namespace

FitOptions FitOptions::from_gates(const FeatureGates& gates) {
  FitOptions options;
  options.pod_level_resources = gates.pod_level_resources;
  options.dra_extended_resource = gates.dra_extended_resource;
  options.in_place_pod_vertical_scaling_scheduler_preemption = gates.in_place_pod_vertical_scaling_scheduler_preemption;
  options.unresolvable_above_allocatable = gates.changes.fit_unresolvable_above_allocatable;
  return options;
}

Resource compute_pod_resource_request(const Pod& pod, const FitOptions& options) {
  // A pending pod: its spec is what it asks for, so status resources are not consulted.
  PodResourcesOptions request_options;
  request_options.skip_pod_level_resources = !options.pod_level_resources;
  Resource result;
  result.set_max(pod_requests(pod, request_options));
  return result;
}

std::vector<InsufficientResource> fits_request(const Resource& pod_request, const NodeInfo& node,
                                               const NodeResourcesFitArgs& args, const FitOptions& options,
                                               const Pod* pod) {
  std::vector<InsufficientResource> insufficient;
  const Resource& allocatable = node.allocatable();
  const Resource& requested = node.requested();

  const auto pod_count = static_cast<int64_t>(node.pods().size());
  if (pod_count + 1 > allocatable.allowed_pod_number) {
    insufficient.push_back({std::string(resource_names::kPods), std::string(NodeResourcesFit::kTooManyPodsReason), 1,
                            pod_count, allocatable.allowed_pod_number, false});
  }

  // A pod that requests nothing (not even a zero scalar entry) only needs a pod slot.
  if (pod_request.milli_cpu == 0 && pod_request.memory == 0 && pod_request.ephemeral_storage == 0 &&
      pod_request.scalar.empty()) {
    return insufficient;
  }

  const Deltas deltas = request_deltas(pod_request, node, options, pod);

  if (pod_request.milli_cpu > 0 && deltas.milli_cpu > go_sub(allocatable.milli_cpu, requested.milli_cpu)) {
    insufficient.push_back({std::string(resource_names::kCpu), std::string(NodeResourcesFit::kInsufficientCpuReason),
                            pod_request.milli_cpu, requested.milli_cpu, allocatable.milli_cpu,
                            pod_request.milli_cpu > allocatable.milli_cpu});
  }
  if (pod_request.memory > 0 && deltas.memory > go_sub(allocatable.memory, requested.memory)) {
    insufficient.push_back({std::string(resource_names::kMemory),
                            std::string(NodeResourcesFit::kInsufficientMemoryReason), pod_request.memory,
                            requested.memory, allocatable.memory, pod_request.memory > allocatable.memory});
  }
  if (pod_request.ephemeral_storage > 0 &&
      deltas.ephemeral_storage > go_sub(allocatable.ephemeral_storage, requested.ephemeral_storage)) {
    insufficient.push_back({std::string(resource_names::kEphemeralStorage),
                            std::string(NodeResourcesFit::kInsufficientEphemeralStorageReason),
                            pod_request.ephemeral_storage, requested.ephemeral_storage,
                            allocatable.ephemeral_storage,
                            pod_request.ephemeral_storage > allocatable.ephemeral_storage});
  }

  for (const auto& [name, delta] : deltas.scalar) {
    if (delta == 0) continue;
    if (is_ignored(name, args)) continue;
    if (delegated_to_dra(name, node, options)) continue;
    const int64_t want = pod_request.scalar_value(name);
    const int64_t have = allocatable.scalar_value(name);
    const int64_t used = requested.scalar_value(name);
    if (want > 0 && delta > go_sub(have, used)) {
      insufficient.push_back({name, "Insufficient " + name, want, used, have, delta > have});
    }
  }
  return insufficient;
}

bool delegated_to_dra(std::string_view name, const NodeInfo& node, const FitOptions& options) {
  if (!options.dra_extended_resource) return false;
  if (node.allocatable().scalar_value(name) > 0) return false;
  if (!options.device_classes) return false;
  return options.device_classes(name);
}

std::vector<InsufficientResource> fits(const Pod& pod, const NodeInfo& node, const FitOptions& options) {
  return fits_request(compute_pod_resource_request(pod, options), node, NodeResourcesFitArgs{}, options, &pod);
}

std::string describe_insufficient_resource(const InsufficientResource& r) {
  std::string (*format)(int64_t) = format_count;
  if (r.resource_name == resource_names::kCpu) {
    format = format_cpu;
  } else if (r.resource_name == resource_names::kMemory || r.resource_name == resource_names::kEphemeralStorage ||
             is_hugepage_resource_name(r.resource_name)) {
    format = format_bytes;
  }
  return fmt::format("{}: requested {}, already used {}, allocatable {}", r.resource_name, format(r.requested),
                     format(r.used), format(r.capacity));
}

NodeResourcesFit::NodeResourcesFit(const FeatureGates& gates, NodeResourcesFitArgs args,
                                   DeviceClassLookup device_classes)
    : args_(std::move(args)), options_(FitOptions::from_gates(gates)) {
  options_.device_classes = std::move(device_classes);
  shape_ = scale_shape(args_.scoring_strategy.shape);
}

std::string_view NodeResourcesFit::name() const { return names::kNodeResourcesFit; }

Status NodeResourcesFit::pre_filter(CycleState& state, const PodInfo& pod, const Snapshot& snapshot,
                                    PreFilterResult&) const {
  auto fit = std::make_unique<FitState>(compute_pod_resource_request(pod.pod(), options_));
  const dra::DeviceClassResolver& resolver = snapshot.device_class_resolver();
  if (options_.dra_extended_resource && !options_.device_classes && !resolver.empty()) {
    bool provided = false;
    for (const auto& [name, amount] : fit->request.scalar) provided = provided || resolver.device_class(name) != nullptr;
    if (provided) {
      fit->options = options_;
      fit->options->device_classes = [&resolver](std::string_view name) { return resolver.device_class(name) != nullptr; };
    }
  }
  state.write(std::string(kStateKey), std::move(fit));
  return Status();
}

Status NodeResourcesFit::filter(const CycleState& state, const PodInfo& pod, const NodeInfo& node) const {
  const auto* fit_state = state.read<FitState>(kStateKey);
  if (fit_state == nullptr) {
    return Status::error(fmt::format("error reading \"{}\" from cycleState: not found", kStateKey));
  }

  const std::vector<InsufficientResource> insufficient =
      fits_request(fit_state->request, node, args_, fit_state->options ? *fit_state->options : options_, &pod.pod());
  if (!insufficient.empty()) {
    std::vector<std::string> reasons;
    std::vector<std::string> details;
    Code code = Code::Unschedulable;
    const FitOptions& used = fit_state->options ? *fit_state->options : options_;
    for (const auto& r : insufficient) {
      reasons.push_back(r.reason);
      if (state.explains()) details.push_back(describe_insufficient_resource(r));
      if (r.unresolvable && used.unresolvable_above_allocatable) code = Code::UnschedulableAndUnresolvable;
    }
    return Status(code, std::move(reasons), std::move(details));
  }

  // A Deferred resize that fits on the pod's own node waits for the kubelet rather than
  // asking for preemption (podfit never runs a preemption dry-run).
  const Pod& p = pod.pod();
  if (options_.in_place_pod_vertical_scaling_scheduler_preemption && is_pod_resize_deferred(p) &&
      !p.spec.node_name.empty() && p.spec.node_name == node.name()) {
    Status status(Code::UnschedulableAndUnresolvable, std::string(kResizeFitsReason));
    status.with_detail("the deferred resize fits on node " + node.name() + "; the kubelet has not actuated it yet");
    return status;
  }
  return Status();
}

std::unique_ptr<Plugin> new_node_resources_fit(const PluginContext& context) {
  return std::make_unique<NodeResourcesFit>(context.gates);
}

// The verdict reads what the node's own pods request.
AddedPodReach NodeResourcesFit::reach_of_added_pod(const CycleState& state, const PodInfo& pod, const PodInfo& added,
                                                   bool skipped) const {
  (void)state;
  (void)pod;
  (void)added;
  (void)skipped;
  return AddedPodReach::same_node();
}

}  // namespace podfit
