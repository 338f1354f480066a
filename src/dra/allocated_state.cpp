// Devices already in use by allocated claims, and the consumable capacity of shared devices:
// how much is taken, how a request is rounded by a capacity's request policy, what still fits.
#include <algorithm>

#include "allocator_internal.h"

namespace podfit::dra {

bool AllocatedState::in_use(const DeviceId& id) const {
  if (devices.count(id) > 0) return true;
  auto shared = shared_devices.lower_bound({id, std::string()});
  if (shared != shared_devices.end() && shared->first == id) return true;
  return aggregated_capacity.count(id) > 0;
}

void AllocatedState::add_claim(const ResourceClaim& claim, bool consumable_capacity) {
  if (!claim.allocation) return;
  for (const DeviceRequestAllocationResult& result : claim.allocation->results) {
    // Admin access shares the device with its regular user: it takes nothing.
    if (result.admin_access.value_or(false)) continue;
    DeviceId id{result.driver, result.pool, result.device};
    if (consumable_capacity && result.share_id) {
      shared_devices.emplace(id, *result.share_id);
      if (!result.consumed_capacity.empty()) {
        ConsumedCapacity& total = aggregated_capacity[id];
        for (const auto& [name, quantity] : result.consumed_capacity) {
          auto [it, inserted] = total.emplace(name, quantity);
          if (!inserted) it->second.add(quantity);
        }
      }
      continue;
    }
    devices.insert(std::move(id));
  }
}

AllocatedState gather_allocated_state(const std::vector<ResourceClaim>& claims, bool consumable_capacity) {
  AllocatedState state;
  for (const ResourceClaim& claim : claims) state.add_claim(claim, consumable_capacity);
  return state;
}

namespace detail {

void CapacityCollection::insert(const DeviceId& id, const ConsumedCapacity& consumed) {
  ConsumedCapacity& entry = devices[id];
  for (const auto& [name, quantity] : consumed) {
    auto [it, inserted] = entry.emplace(name, quantity);
    if (!inserted) it->second.add(quantity);
  }
}

void CapacityCollection::remove(const DeviceId& id, const ConsumedCapacity& consumed) {
  auto entry = devices.find(id);
  if (entry == devices.end()) return;
  for (const auto& [name, quantity] : consumed) {
    auto it = entry->second.find(name);
    if (it != entry->second.end()) it->second.sub(quantity);
  }
  for (const auto& [name, quantity] : entry->second) {
    if (!quantity.is_zero()) return;
  }
  devices.erase(entry);
}

const ConsumedCapacity* CapacityCollection::find(const DeviceId& id) const {
  auto it = devices.find(id);
  return it == devices.end() ? nullptr : &it->second;
}

namespace {

const Quantity* requested(const std::optional<CapacityRequirements>& request, const std::string& name) {
  if (!request) return nullptr;
  for (const auto& [n, q] : request->requests) {
    if (n == name) return &q;
  }
  return nullptr;
}

// roundUpRange: at least min, and min plus a whole number of steps (integer values, rounded up).
Quantity round_up_range(const Quantity& value, const CapacityRequestPolicyRange& range) {
  if (value.compare(range.min) < 0) return range.min;
  if (!range.step) return value;
  const std::int64_t step = range.step->value();
  if (step == 0) return value;  // validation forbids it; Go would divide by zero
  const std::int64_t min = range.min.value();
  const std::int64_t added = value.value() - min;
  std::int64_t n = added / step;
  if (added % step != 0) n += 1;
  return Quantity::from_int(min + step * n, Quantity::Format::BinarySI);
}

// roundUpValidValues: the first valid value at least as large, else the value itself.
Quantity round_up_valid_values(const Quantity& value, const std::vector<Quantity>& valid) {
  for (const Quantity& v : valid) {
    if (value.compare(v) <= 0) return v;
  }
  return value;
}

// calculateConsumedCapacity: unrequested capacity takes the policy's default or all of it.
Quantity consumed_by(const Quantity* request, const DeviceCapacity& capacity) {
  if (request == nullptr) {
    if (capacity.request_policy && capacity.request_policy->default_) return *capacity.request_policy->default_;
    return capacity.value;
  }
  if (!capacity.request_policy) return *request;
  const CapacityRequestPolicy& policy = *capacity.request_policy;
  // A range without min does not round; validation requires min, so this is upstream's guard.
  if (policy.valid_range) return round_up_range(*request, *policy.valid_range);
  if (!policy.valid_values.empty()) return round_up_valid_values(*request, policy.valid_values);
  return *request;
}

// violatesPolicy: the default is always fine; otherwise range (max, step) or valid values.
bool violates_policy(const Quantity& value, const std::optional<CapacityRequestPolicy>& policy) {
  if (!policy) return false;
  // Upstream compares the Quantity structs; for values the API accepts that is numeric equality.
  if (policy->default_ && value.compare(*policy->default_) == 0) return false;
  if (policy->valid_range) {
    const CapacityRequestPolicyRange& range = *policy->valid_range;
    if (range.max && value.compare(*range.max) > 0) return true;
    if (range.step && range.step->value() != 0) {
      const std::int64_t added = value.value() - range.min.value();
      if (added % range.step->value() != 0) return true;
    }
    return false;
  }
  if (!policy->valid_values.empty()) {
    for (const Quantity& v : policy->valid_values) {
      if (value.compare(v) == 0) return false;
    }
    return true;
  }
  return false;
}

}  // namespace

CapacityFit request_fits_capacity(const ConsumedCapacity& allocated, const std::optional<CapacityRequirements>& request,
                                  const std::vector<NamedCapacity>& capacity, const ConsumedCapacity* allocating) {
  if (request) {
    for (const auto& [name, q] : request->requests) {
      const bool known =
          std::any_of(capacity.begin(), capacity.end(), [&](const NamedCapacity& c) { return c.name == name; });
      if (!known) return CapacityFit::UnknownCapacity;
    }
  }
  for (const NamedCapacity& c : capacity) {
    const Quantity* asked = requested(request, c.name);
    // Nothing asked, no policy and nothing in use: the whole capacity, which always fits.
    if (asked == nullptr && !c.value.request_policy && !allocated.contains(c.name) &&
        (allocating == nullptr || !allocating->contains(c.name))) {
      continue;
    }
    const Quantity consumed = consumed_by(asked, c.value);
    if (violates_policy(consumed, c.value.request_policy)) return CapacityFit::DoesNotFit;
    Quantity total = consumed;
    if (auto it = allocated.find(c.name); it != allocated.end()) {
      total = it->second;
      total.add(consumed);
    }
    if (allocating != nullptr) {
      if (auto it = allocating->find(c.name); it != allocating->end()) total.add(it->second);
    }
    if (total.compare(c.value.value) > 0) return CapacityFit::DoesNotFit;
  }
  return CapacityFit::Fits;
}

ConsumedCapacity consumed_capacity(const std::optional<CapacityRequirements>& request,
                                   const std::vector<NamedCapacity>& capacity) {
  ConsumedCapacity out;
  for (const NamedCapacity& c : capacity)
    out.insert_or_assign(c.name, consumed_by(requested(request, c.name), c.value));
  return out;
}

}  // namespace detail
}  // namespace podfit::dra
