// Claim constraints: matchAttribute (every device shares the value) and distinctAttribute (no
// two devices share it), checked as each device is added and undone as the search backtracks.
#include <set>

#include "allocator_internal.h"

namespace podfit::dra::detail {

const DeviceAttribute* lookup_attribute(const Device& device, const DeviceId& id, const std::string& name) {
  for (const NamedAttribute& a : device.attributes) {
    if (a.name == name) return &a.value;
  }
  const std::size_t slash = name.find('/');
  if (slash == std::string::npos) return nullptr;
  if (name.compare(0, slash, id.driver) != 0) return nullptr;
  const std::string_view identifier = std::string_view(name).substr(slash + 1);
  for (const NamedAttribute& a : device.attributes) {
    if (a.name == identifier) return &a.value;
  }
  return nullptr;
}

namespace {

// Same type and same value; versions compare as text (semver's minimal form makes that exact).
bool same_value(const DeviceAttribute& a, const DeviceAttribute& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case DeviceAttribute::Kind::Int:
      return a.int_value == b.int_value;
    case DeviceAttribute::Kind::Bool:
      return a.bool_value == b.bool_value;
    case DeviceAttribute::Kind::String:
    case DeviceAttribute::Kind::Version:
      return a.string_value == b.string_value;
  }
  return false;
}

// A constraint limited to some requests: a subrequest is covered by its parent's name or its own.
class RequestScope {
 public:
  explicit RequestScope(const std::vector<std::string>& requests) : names_(requests.begin(), requests.end()) {}
  bool applies(const std::string& request, const std::string& sub_request) const {
    if (names_.empty()) return true;
    if (names_.count(request) > 0) return true;
    return !sub_request.empty() && names_.count(request + "/" + sub_request) > 0;
  }

 private:
  std::set<std::string> names_;
};

class MatchAttribute final : public Constraint {
 public:
  MatchAttribute(const std::vector<std::string>& requests, std::string attribute)
      : scope_(requests), attribute_name_(std::move(attribute)) {}

  bool add(const std::string& request, const std::string& sub_request, const Device& device,
           const DeviceId& id) override {
    if (!scope_.applies(request, sub_request)) return true;
    const DeviceAttribute* attribute = lookup_attribute(device, id, attribute_name_);
    if (attribute == nullptr) return false;
    if (num_devices_ == 0) {
      value_ = *attribute;
      num_devices_ = 1;
      return true;
    }
    if (!same_value(*attribute, value_)) return false;
    ++num_devices_;
    return true;
  }

  void remove(const std::string& request, const std::string& sub_request, const Device&, const DeviceId&) override {
    if (!scope_.applies(request, sub_request)) return;
    --num_devices_;
  }

 private:
  RequestScope scope_;
  std::string attribute_name_;
  DeviceAttribute value_;
  int num_devices_ = 0;
};

// Upstream remembers one value per request name, so a request's later device replaces its
// earlier one, and removing a device forgets the request's value: kept as it is.
class DistinctAttribute final : public Constraint {
 public:
  DistinctAttribute(const std::vector<std::string>& requests, std::string attribute)
      : scope_(requests), attribute_name_(std::move(attribute)) {}

  bool add(const std::string& request, const std::string& sub_request, const Device& device,
           const DeviceId& id) override {
    if (!scope_.applies(request, sub_request)) return true;
    const DeviceAttribute* attribute = lookup_attribute(device, id, attribute_name_);
    if (attribute == nullptr) return false;
    if (num_devices_ == 0) {
      values_.insert_or_assign(request, *attribute);
      num_devices_ = 1;
      return true;
    }
    for (const auto& [name, value] : values_) {
      if (same_value(*attribute, value)) return false;
    }
    values_.insert_or_assign(request, *attribute);
    ++num_devices_;
    return true;
  }

  void remove(const std::string& request, const std::string& sub_request, const Device&, const DeviceId&) override {
    if (!scope_.applies(request, sub_request)) return;
    values_.erase(request);
    --num_devices_;
  }

 private:
  RequestScope scope_;
  std::string attribute_name_;
  std::map<std::string, DeviceAttribute> values_;
  int num_devices_ = 0;
};

}  // namespace

std::unique_ptr<Constraint> match_attribute_constraint(const std::vector<std::string>& requests,
                                                       std::string attribute) {
  return std::make_unique<MatchAttribute>(requests, std::move(attribute));
}

std::unique_ptr<Constraint> distinct_attribute_constraint(const std::vector<std::string>& requests,
                                                          std::string attribute) {
  return std::make_unique<DistinctAttribute>(requests, std::move(attribute));
}

}  // namespace podfit::dra::detail
