#include "podfit/plugins/node_resources/resource_allocation.h"

#include <cmath>

#include "podfit/model/pod_resources.h"
#include "podfit/snapshot/pod_info.h"
#include "podfit/snapshot/resource.h"

namespace podfit {

std::vector<ResourceSpec> default_scoring_resources() {
  return {ResourceSpec{std::string(resource_names::kCpu), 1}, ResourceSpec{std::string(resource_names::kMemory), 1}};
}

FunctionShape scale_shape(const std::vector<UtilizationShapePoint>& shape) {
  FunctionShape scaled;
  scaled.reserve(shape.size());
  for (const auto& point : shape) {
    scaled.push_back({point.utilization, point.score * (kMaxNodeScore / kMaxCustomPriorityScore)});
  }
  return scaled;
}

std::vector<int64_t> pod_resource_requests(const Pod& pod, const std::vector<ResourceSpec>& resources,
                                           const ResourceAllocationOptions& options) {
  PodResourcesOptions request_options;
  request_options.use_status_resources = options.use_status_resources;
  request_options.in_place_pod_level_resources_vertical_scaling = options.in_place_pod_level_resources_vertical_scaling;
  request_options.skip_pod_level_resources = !options.pod_level_resources;
  if (!options.use_requested) {
    request_options.non_missing_container_requests.set(resource_names::kCpu,
                                                       Quantity::from_milli(kDefaultMilliCpuRequest));
    request_options.non_missing_container_requests.set(resource_names::kMemory,
                                                       Quantity::from_int(kDefaultMemoryRequest));
  }
  const ResourceList requests = pod_requests(pod, request_options);
  std::vector<int64_t> out;
  out.reserve(resources.size());
  for (const auto& resource : resources) {
    const Quantity* quantity = requests.find(resource.name);
    if (quantity == nullptr) {
      out.push_back(0);
    } else {
      out.push_back(resource.name == resource_names::kCpu ? quantity->milli_value() : quantity->value());
    }
  }
  return out;
}

bool is_best_effort(const std::vector<int64_t>& pod_requests) {
  for (int64_t request : pod_requests) {
    if (request != 0) return false;
  }
  return true;
}

AllocationView allocation_view(const NodeInfo& node, const std::vector<ResourceSpec>& resources,
                               const std::vector<int64_t>& pod_requests, bool use_requested) {
  AllocationView view(resources.size());
  const Resource& usage = use_requested ? node.requested() : node.non_zero_requested();
  const Resource& allocatable = node.allocatable();
  for (size_t i = 0; i < resources.size(); ++i) {
    const std::string& name = resources[i].name;
    const int64_t request = pod_requests[i];
    int64_t alloc = 0;
    int64_t requested = 0;
    // An extended resource the pod does not request takes no part in the score.
    if (request == 0 && is_scalar_resource_name(name)) continue;
    if (name == resource_names::kCpu) {
      alloc = allocatable.milli_cpu;
      requested = usage.milli_cpu + request;
    } else if (name == resource_names::kMemory) {
      alloc = allocatable.memory;
      requested = usage.memory + request;
    } else if (name == resource_names::kEphemeralStorage) {
      alloc = allocatable.ephemeral_storage;
      requested = node.requested().ephemeral_storage + request;
    } else if (const int64_t* scalar = allocatable.scalar.find(name)) {
      alloc = *scalar;
      requested = node.requested().scalar_value(name) + request;
    }
    if (alloc == 0) continue;
    view.allocatable[i] = alloc;
    view.requested[i] = requested;
    view.allocated[i] = requested - request;
  }
  return view;
}

int64_t least_allocated_score(const AllocationView& view, const std::vector<ResourceSpec>& resources) {
  int64_t node_score = 0;
  int64_t weight_sum = 0;
  for (size_t i = 0; i < view.requested.size(); ++i) {
    const int64_t capacity = view.allocatable[i];
    if (capacity == 0) continue;
    const int64_t requested = view.requested[i];
    const int64_t score = requested > capacity ? 0 : (capacity - requested) * kMaxNodeScore / capacity;
    node_score += score * resources[i].weight;
    weight_sum += resources[i].weight;
  }
  return weight_sum == 0 ? 0 : node_score / weight_sum;
}

int64_t most_allocated_score(const AllocationView& view, const std::vector<ResourceSpec>& resources) {
  int64_t node_score = 0;
  int64_t weight_sum = 0;
  for (size_t i = 0; i < view.requested.size(); ++i) {
    const int64_t capacity = view.allocatable[i];
    if (capacity == 0) continue;
    // Pods without requests count default requests, so usage may exceed the node.
    const int64_t requested = view.requested[i] > capacity ? capacity : view.requested[i];
    node_score += requested * kMaxNodeScore / capacity * resources[i].weight;
    weight_sum += resources[i].weight;
  }
  return weight_sum == 0 ? 0 : node_score / weight_sum;
}

int64_t requested_to_capacity_ratio_score(const AllocationView& view, const std::vector<ResourceSpec>& resources,
                                          const FunctionShape& shape) {
  constexpr int64_t kMaxUtilization = 100;
  int64_t node_score = 0;
  int64_t weight_sum = 0;
  for (size_t i = 0; i < view.requested.size(); ++i) {
    const int64_t capacity = view.allocatable[i];
    if (capacity == 0) continue;
    const int64_t requested = view.requested[i];
    const int64_t utilization = requested > capacity ? kMaxUtilization : requested * kMaxUtilization / capacity;
    const int64_t score = broken_linear_function(shape, utilization);
    if (score <= 0) continue;
    node_score += score * resources[i].weight;
    weight_sum += resources[i].weight;
  }
  if (weight_sum == 0) return 0;
  return static_cast<int64_t>(std::round(static_cast<double>(node_score) / static_cast<double>(weight_sum)));
}

namespace {

// (1 - the standard deviation of the used fractions) x MaxNodeScore: 50 to 100.
int64_t balanced_resource_score(const ResourceNumbers& requested, const ResourceNumbers& allocatable) {
  auto fraction_of = [&](size_t i) {
    const double fraction = static_cast<double>(requested[i]) / static_cast<double>(allocatable[i]);
    return fraction > 1 ? 1.0 : fraction;
  };
  size_t count = 0;
  double total = 0;
  double first = 0;
  double second = 0;
  for (size_t i = 0; i < requested.size(); ++i) {
    if (allocatable[i] == 0) continue;
    const double fraction = fraction_of(i);
    if (count == 0) first = fraction;
    if (count == 1) second = fraction;
    total += fraction;
    ++count;
  }
  double deviation = 0;
  // Two resources, the common case: the deviation is half their difference.
  if (count == 2) {
    deviation = std::abs((first - second) / 2);
  } else if (count > 2) {
    const double mean = total / static_cast<double>(count);
    double sum = 0;
    for (size_t i = 0; i < requested.size(); ++i) {
      if (allocatable[i] == 0) continue;
      const double fraction = fraction_of(i);
      sum += (fraction - mean) * (fraction - mean);
    }
    deviation = std::sqrt(sum / static_cast<double>(count));
  }
  return static_cast<int64_t>((1 - deviation) * static_cast<double>(kMaxNodeScore));
}

}  // namespace

int64_t balanced_allocation_score(const AllocationView& view, bool score_change) {
  const int64_t with_pod = balanced_resource_score(view.requested, view.allocatable);
  if (!score_change) return with_pod;
  // From v1.36, how the pod changes the node's balance: 75 for no change, towards 100 as it
  // evens the node out, towards 50 as it unbalances it.
  const int64_t without_pod = balanced_resource_score(view.allocated, view.allocatable);
  return kMaxNodeScore / 2 + (kMaxNodeScore / 2 + with_pod - without_pod) / 2;
}

}  // namespace podfit
