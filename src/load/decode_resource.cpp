// resource.k8s.io ResourceSlices and DeviceClasses: decoded from v1, v1beta1 or v1beta2 into the
// API server's internal shape as its conversions do, stripped of the fields whose feature gates
// are off in v1.37 (as the API server drops them on create), validated, and turned into the model.
#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "decode.h"
#include "yaml_scalar.h"
#include "podfit/model/field_errors.h"
#include "validation/api_release.h"
#include "validation/resource/resource_wire.h"

namespace podfit {
namespace {

namespace rw = resource_wire;

rw::Version version_of(const Value& root) {
  std::string api_version;
  root.fields([&](std::string_view key, const Value& f) {
    if (key == "apiVersion" && f.type() == Value::Type::String) api_version = f.string();
  });
  if (api_version == "resource.k8s.io/v1beta1") return rw::Version::V1beta1;
  if (api_version == "resource.k8s.io/v1beta2") return rw::Version::V1beta2;
  // v1, and items of a typed List that name no version of their own.
  return rw::Version::V1;
}

std::optional<std::string> optional_string(const Value& v) {
  if (v.is_null()) return std::nullopt;
  return v.string();
}

std::optional<bool> optional_bool(const Value& v) {
  if (v.is_null()) return std::nullopt;
  return v.boolean();
}

std::optional<Quantity> optional_quantity(const Value& v) {
  if (v.is_null()) return std::nullopt;
  return decode_quantity(v);
}

// A Quantity field that is not a pointer: null leaves it zero, as its JSON decoding does.
Quantity quantity_or_zero(const Value& v) { return v.is_null() ? Quantity{} : decode_quantity(v); }

// A v1.NodeSelector, checked later with the paths the API server gives them.
NodeSelector node_selector_of(const Value& v) {
  NodeSelector out;
  auto requirements = [](const Value& list, std::vector<NodeSelectorRequirement>& into) {
    list.elements([&](const Value& e) {
      NodeSelectorRequirement& r = into.emplace_back();
      e.fields([&](std::string_view k, const Value& x) {
        if (k == "key") r.key = x.string();
        else if (k == "operator") r.op = x.string();
        else if (k == "values") r.values = decode_strings(x);
      });
    });
  };
  v.fields([&](std::string_view key, const Value& f) {
    if (key != "nodeSelectorTerms") return;
    f.elements([&](const Value& t) {
      NodeSelectorTerm& term = out.node_selector_terms.emplace_back();
      t.fields([&](std::string_view k, const Value& x) {
        if (k == "matchExpressions") requirements(x, term.match_expressions);
        else if (k == "matchFields") requirements(x, term.match_fields);
      });
    });
  });
  return out;
}

std::vector<Counter> counters_of(const Value& v) {
  std::vector<Counter> out;
  v.fields([&](std::string_view name, const Value& c) {
    Counter& counter = out.emplace_back();
    counter.name = std::string(name);
    c.fields([&](std::string_view k, const Value& x) {
      if (k == "value") counter.value = quantity_or_zero(x);
    });
  });
  return out;
}

// Values of a field whose feature gate is off: read (a malformed one fails decoding, which comes
// before the API server drops the field), then dropped.
void read_dropped_quantities(const Value& v) {
  v.fields([&](std::string_view, const Value& resource) {
    resource.fields([&](std::string_view, const Value& part) {
      part.fields([&](std::string_view k, const Value& x) {
        if (k != "capacityKey") (void)optional_quantity(x);
        else (void)optional_string(x);
      });
    });
  });
}

rw::Attribute attribute_of(const Value& v) {
  rw::Attribute a;
  v.fields([&](std::string_view k, const Value& x) {
    if (k == "int") {
      if (!x.is_null()) a.int_value = x.int64();
    } else if (k == "bool") {
      a.bool_value = optional_bool(x);
    } else if (k == "string") {
      a.string_value = optional_string(x);
    } else if (k == "version") {
      a.version_value = optional_string(x);
    } else if (k == "ints") {
      // List-typed values (DRAListTypeAttributes, alpha, off): dropped on create.
      x.elements([](const Value& e) { (void)e.int64(); });
    } else if (k == "bools") {
      x.elements([](const Value& e) { (void)e.boolean(); });
    } else if (k == "strings" || k == "versions") {
      (void)decode_strings(x);
    }
  });
  return a;
}

rw::Capacity capacity_of(const Value& v) {
  rw::Capacity c;
  v.fields([&](std::string_view k, const Value& x) {
    if (k == "value") {
      c.value = quantity_or_zero(x);
    } else if (k == "requestPolicy" && !x.is_null()) {
      rw::RequestPolicy& p = c.request_policy.emplace();
      x.fields([&](std::string_view pk, const Value& y) {
        if (pk == "default") {
          p.default_ = optional_quantity(y);
        } else if (pk == "validValues") {
          y.elements([&](const Value& e) { p.valid_values.push_back(quantity_or_zero(e)); });
        } else if (pk == "validRange" && !y.is_null()) {
          rw::RequestPolicyRange& r = p.valid_range.emplace();
          y.fields([&](std::string_view rk, const Value& z) {
            if (rk == "min") r.min = optional_quantity(z);
            else if (rk == "max") r.max = optional_quantity(z);
            else if (rk == "step") r.step = optional_quantity(z);
          });
        }
      });
    }
  });
  return c;
}

// The fields of a device (v1beta1: of its `basic`), all but the name.
void device_fields_of(const Value& v, rw::Device& d) {
  v.fields([&](std::string_view k, const Value& x) {
    if (k == "attributes") {
      x.fields([&](std::string_view name, const Value& a) { d.attributes.emplace_back(std::string(name), attribute_of(a)); });
    } else if (k == "capacity") {
      x.fields([&](std::string_view name, const Value& c) { d.capacity.emplace_back(std::string(name), capacity_of(c)); });
    } else if (k == "consumesCounters") {
      x.elements([&](const Value& e) {
        DeviceCounterConsumption& c = d.consumes_counters.emplace_back();
        e.fields([&](std::string_view ck, const Value& y) {
          if (ck == "counterSet") c.counter_set = y.string();
          else if (ck == "counters") c.counters = counters_of(y);
        });
      });
    } else if (k == "nodeName") {
      d.node_name = optional_string(x);
    } else if (k == "nodeSelector") {
      if (!x.is_null()) d.node_selector = node_selector_of(x);
    } else if (k == "allNodes") {
      d.all_nodes = optional_bool(x);
    } else if (k == "taints") {
      x.elements([&](const Value& e) {
        DeviceTaint& t = d.taints.emplace_back();
        e.fields([&](std::string_view tk, const Value& y) {
          if (tk == "key") t.key = y.string();
          else if (tk == "value") t.value = y.string();
          else if (tk == "effect") t.effect = y.string();
          else if (tk == "timeAdded") t.time_added = decode_time(y);
        });
      });
    } else if (k == "bindsToNode") {
      d.binds_to_node = optional_bool(x);
    } else if (k == "bindingConditions") {
      d.binding_conditions = decode_strings(x);
    } else if (k == "bindingFailureConditions") {
      d.binding_failure_conditions = decode_strings(x);
    } else if (k == "allowMultipleAllocations") {
      d.allow_multiple_allocations = optional_bool(x);
    } else if (k == "nodeAllocatableResources") {
      // DRANodeAllocatableResources (alpha): kept only where the gate is on.
      read_dropped_quantities(x);
      x.fields([&](std::string_view, const Value&) { d.maps_node_allocatable = true; });
    } else if (k == "nodeAllocatableResourceMappings") {
      // The same in v1.36: each resource names a capacity and a multiplier.
      x.fields([&](std::string_view, const Value& mapping) {
        mapping.fields([&](std::string_view mk, const Value& y) {
          if (mk == "allocationMultiplier") (void)optional_quantity(y);
          else (void)optional_string(y);
        });
        d.maps_node_allocatable = true;
      });
    }
  });
}

rw::Device device_of(const Value& v, rw::Version version) {
  rw::Device d;
  v.fields([&](std::string_view k, const Value& x) {
    if (k == "name") {
      d.name = x.string();
    } else if (version == rw::Version::V1beta1) {
      // v1beta1 wraps everything but the name in `basic`; a device without it has no fields.
      if (k == "basic" && !x.is_null()) device_fields_of(x, d);
    }
  });
  if (version != rw::Version::V1beta1) device_fields_of(v, d);
  return d;
}

void slice_spec_of(const Value& v, rw::Version version, rw::Slice& s) {
  v.fields([&](std::string_view k, const Value& x) {
    if (k == "driver") {
      s.driver = x.string();
    } else if (k == "pool") {
      x.fields([&](std::string_view pk, const Value& y) {
        if (pk == "name") s.pool.name = y.string();
        else if (pk == "generation") s.pool.generation = y.is_null() ? 0 : y.int64();
        else if (pk == "resourceSliceCount") s.pool.resource_slice_count = y.is_null() ? 0 : y.int64();
      });
    } else if (k == "nodeName") {
      s.node_name = optional_string(x);
    } else if (k == "nodeSelector") {
      if (!x.is_null()) s.node_selector = node_selector_of(x);
    } else if (k == "allNodes") {
      s.all_nodes = optional_bool(x);
    } else if (k == "perDeviceNodeSelection") {
      s.per_device_node_selection = optional_bool(x);
    } else if (k == "devices") {
      if (x.is_null()) return;
      std::vector<rw::Device>& devices = s.devices.emplace();
      x.elements([&](const Value& e) { devices.push_back(device_of(e, version)); });
    } else if (k == "sharedCounters") {
      if (x.is_null()) return;
      std::vector<CounterSet>& sets = s.shared_counters.emplace();
      x.elements([&](const Value& e) {
        CounterSet& set = sets.emplace_back();
        e.fields([&](std::string_view ck, const Value& y) {
          if (ck == "name") set.name = y.string();
          else if (ck == "counters") set.counters = counters_of(y);
        });
      });
    } else if (k == "partitionTypeAttribute") {
      // DRAPartitionableDevicesType (alpha, off): dropped on create.
      (void)optional_string(x);
    } else if (k == "skipNodeOperations") {
      // DRAOptionalNodeOperations (alpha, off): dropped on create.
      (void)decode_strings(x);
    }
  });
  // v1beta1's plain values convert to unset pointers when empty or false.
  if (version == rw::Version::V1beta1) {
    if (s.node_name && s.node_name->empty()) s.node_name.reset();
    if (s.all_nodes && !*s.all_nodes) s.all_nodes.reset();
  }
}

// The JSON text kubectl sends for a value: compact, keys sorted, numbers as Go prints the int64
// or float64 it decoded them into.
void append_json(const Value& v, std::string& out) {
  switch (v.type()) {
    case Value::Type::Null: out += "null"; return;
    case Value::Type::Bool: out += v.boolean() ? "true" : "false"; return;
    case Value::Type::String: out += field::json_quote(v.string()); return;
    case Value::Type::Number: {
      try {
        out += std::to_string(v.int64());
      } catch (const DecodeError&) {
        out += format_json_float(std::strtod(v.quantity_text().c_str(), nullptr));
      }
      return;
    }
    case Value::Type::Array: {
      out += '[';
      bool first = true;
      v.elements([&](const Value& e) {
        if (!first) out += ',';
        first = false;
        append_json(e, out);
      });
      out += ']';
      return;
    }
    case Value::Type::Object: {
      std::vector<std::pair<std::string, std::string>> members;
      v.fields([&](std::string_view key, const Value& f) {
        std::string text;
        append_json(f, text);
        members.emplace_back(std::string(key), std::move(text));
      });
      std::sort(members.begin(), members.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      out += '{';
      for (size_t i = 0; i < members.size(); ++i) {
        if (i > 0) out += ',';
        out += field::json_quote(members[i].first);
        out += ':';
        out += members[i].second;
      }
      out += '}';
      return;
    }
  }
}

std::vector<rw::Selector> selectors_of(const Value& v) {
  std::vector<rw::Selector> out;
  v.elements([&](const Value& e) {
    rw::Selector& s = out.emplace_back();
    s.line = e.line();
    e.fields([&](std::string_view sk, const Value& y) {
      if (sk != "cel" || y.is_null()) return;
      s.cel_expression.emplace();
      y.fields([&](std::string_view ck, const Value& z) {
        if (ck != "expression") return;
        *s.cel_expression = z.string();
        s.line = z.line();
      });
    });
  });
  return out;
}

rw::Opaque opaque_of(const Value& v) {
  rw::Opaque o;
  v.fields([&](std::string_view ok, const Value& z) {
    if (ok == "driver") {
      o.driver = z.string();
    } else if (ok == "parameters" && !z.is_null()) {
      append_json(z, o.parameters_json);
      o.parameters = z.type() == Value::Type::Object ? rw::Parameters::Object : rw::Parameters::NotObject;
    }
  });
  return o;
}

void class_spec_of(const Value& v, rw::Class& c) {
  v.fields([&](std::string_view k, const Value& x) {
    if (k == "selectors") {
      c.selectors = selectors_of(x);
    } else if (k == "config") {
      x.elements([&](const Value& e) {
        rw::ClassConfig& config = c.config.emplace_back();
        e.fields([&](std::string_view ck, const Value& y) {
          if (ck == "opaque" && !y.is_null()) config.opaque = opaque_of(y);
        });
      });
    } else if (k == "extendedResourceName") {
      c.extended_resource_name = optional_string(x);
    }
  });
}

DeviceAttribute model_attribute(const rw::Attribute& a) {
  DeviceAttribute out;
  if (a.int_value) {
    out.kind = DeviceAttribute::Kind::Int;
    out.int_value = *a.int_value;
  } else if (a.bool_value) {
    out.kind = DeviceAttribute::Kind::Bool;
    out.bool_value = *a.bool_value;
  } else if (a.version_value) {
    out.kind = DeviceAttribute::Kind::Version;
    out.string_value = *a.version_value;
  } else {
    out.kind = DeviceAttribute::Kind::String;
    out.string_value = a.string_value.value_or(std::string());
  }
  return out;
}

Device model_device(rw::Device&& d) {
  Device out;
  out.name = std::move(d.name);
  for (auto& [name, a] : d.attributes) out.attributes.push_back(NamedAttribute{name, model_attribute(a)});
  for (auto& [name, c] : d.capacity) {
    NamedCapacity& nc = out.capacity.emplace_back();
    nc.name = name;
    nc.value.value = c.value;
    if (c.request_policy) {
      CapacityRequestPolicy& p = nc.value.request_policy.emplace();
      p.default_ = c.request_policy->default_;
      p.valid_values = c.request_policy->valid_values;
      if (const auto& r = c.request_policy->valid_range) {
        p.valid_range = CapacityRequestPolicyRange{r->min.value_or(Quantity{}), r->max, r->step};
      }
    }
  }
  out.consumes_counters = std::move(d.consumes_counters);
  out.node_name = std::move(d.node_name);
  out.node_selector = std::move(d.node_selector);
  out.all_nodes = d.all_nodes.value_or(false);
  out.taints = std::move(d.taints);
  out.binds_to_node = d.binds_to_node;
  out.binding_conditions = std::move(d.binding_conditions);
  out.binding_failure_conditions = std::move(d.binding_failure_conditions);
  out.allow_multiple_allocations = d.allow_multiple_allocations;
  out.maps_node_allocatable = d.maps_node_allocatable;
  return out;
}

std::vector<DeviceToleration> tolerations_of(const Value& v) {
  std::vector<DeviceToleration> out;
  v.elements([&](const Value& e) {
    DeviceToleration& t = out.emplace_back();
    t.op.clear();  // defaulted after decoding, as the API server defaults it
    e.fields([&](std::string_view k, const Value& x) {
      if (k == "key") t.key = x.is_null() ? std::string() : x.string();
      else if (k == "operator") t.op = x.is_null() ? std::string() : x.string();
      else if (k == "value") t.value = x.is_null() ? std::string() : x.string();
      else if (k == "effect") t.effect = x.is_null() ? std::string() : x.string();
      else if (k == "tolerationSeconds" && !x.is_null()) t.toleration_seconds = x.int64();
    });
  });
  return out;
}

std::vector<std::pair<std::string, Quantity>> quantities_of(const Value& v) {
  std::vector<std::pair<std::string, Quantity>> out;
  v.fields([&](std::string_view name, const Value& q) { out.emplace_back(std::string(name), quantity_or_zero(q)); });
  return out;
}

// One of a request's device fields; false when `k` is not one.
bool exact_field(std::string_view k, const Value& x, rw::ExactRequest& r) {
  if (k == "deviceClassName") r.device_class_name = x.is_null() ? std::string() : x.string();
  else if (k == "selectors") r.selectors = selectors_of(x);
  else if (k == "allocationMode") r.allocation_mode = x.is_null() ? std::string() : x.string();
  else if (k == "count") r.count = x.is_null() ? 0 : x.int64();
  else if (k == "adminAccess") r.admin_access = optional_bool(x);
  else if (k == "tolerations") r.tolerations = tolerations_of(x);
  else if (k == "capacity") {
    if (x.is_null()) return true;
    CapacityRequirements& c = r.capacity.emplace();
    x.fields([&](std::string_view ck, const Value& y) {
      if (ck == "requests") c.requests = quantities_of(y);
    });
  } else return false;
  return true;
}

rw::ExactRequest exact_of(const Value& v) {
  rw::ExactRequest r;
  v.fields([&](std::string_view k, const Value& x) { exact_field(k, x, r); });
  return r;
}

std::vector<rw::SubRequest> sub_requests_of(const Value& v) {
  std::vector<rw::SubRequest> out;
  v.elements([&](const Value& e) {
    rw::SubRequest& sub = out.emplace_back();
    e.fields([&](std::string_view k, const Value& x) {
      if (k == "name") sub.name = x.string();
      else exact_field(k, x, sub.spec);
    });
  });
  return out;
}

// v1beta1 keeps the device fields on the request: any of them set makes `exactly`. v1.32's
// defaulting of allocationMode (which runs first) sets one whenever firstAvailable is empty;
// from v1.33 only a request with a class is defaulted.
rw::Request request_of(const Value& v, rw::Version version) {
  rw::Request r;
  rw::ExactRequest flat;
  bool any_flat = false;
  v.fields([&](std::string_view k, const Value& x) {
    if (k == "name") {
      r.name = x.string();
    } else if (k == "firstAvailable") {
      r.first_available = sub_requests_of(x);
    } else if (version == rw::Version::V1beta1) {
      if (exact_field(k, x, flat) && !x.is_null()) any_flat = true;
    } else if (k == "exactly" && !x.is_null()) {
      r.exactly = exact_of(x);
    }
  });
  const bool defaulted = !api_release_changes().dra_v1beta1_defaults_need_class;
  if (version == rw::Version::V1beta1 && (any_flat || (defaulted && r.first_available.empty()))) {
    r.exactly = std::move(flat);
  }
  return r;
}

std::vector<std::string> request_refs_of(const Value& v) { return v.is_null() ? std::vector<std::string>{} : decode_strings(v); }

void claim_spec_of(const Value& v, rw::Version version, rw::ClaimSpec& spec) {
  v.fields([&](std::string_view key, const Value& devices) {
    if (key != "devices") return;
    devices.fields([&](std::string_view k, const Value& x) {
      if (k == "requests") {
        x.elements([&](const Value& e) { spec.requests.push_back(request_of(e, version)); });
      } else if (k == "constraints") {
        x.elements([&](const Value& e) {
          DeviceConstraint& c = spec.constraints.emplace_back();
          e.fields([&](std::string_view ck, const Value& y) {
            if (ck == "requests") c.requests = request_refs_of(y);
            else if (ck == "matchAttribute") c.match_attribute = optional_string(y);
            else if (ck == "distinctAttribute") c.distinct_attribute = optional_string(y);
          });
        });
      } else if (k == "config") {
        x.elements([&](const Value& e) {
          rw::ClaimConfig& c = spec.config.emplace_back();
          e.fields([&](std::string_view ck, const Value& y) {
            if (ck == "requests") c.requests = request_refs_of(y);
            else if (ck == "opaque" && !y.is_null()) c.opaque = opaque_of(y);
          });
        });
      }
    });
  });
}

// The API server's defaults: ExactCount, one device, and Equal for a toleration's operator.
void default_exact(rw::ExactRequest& r) {
  if (r.allocation_mode.empty()) r.allocation_mode = "ExactCount";
  if (r.allocation_mode == "ExactCount" && r.count == 0) r.count = 1;
  for (DeviceToleration& t : r.tolerations) {
    if (t.op.empty()) t.op = "Equal";
  }
}

void default_claim_spec(rw::ClaimSpec& spec) {
  for (rw::Request& r : spec.requests) {
    if (r.exactly) default_exact(*r.exactly);
    for (rw::SubRequest& sub : r.first_available) default_exact(sub.spec);
  }
}

DeviceRequestSpec model_request_spec(rw::ExactRequest&& r) {
  DeviceRequestSpec out;
  out.device_class_name = std::move(r.device_class_name);
  for (rw::Selector& s : r.selectors) out.selectors.push_back(DeviceSelector{std::move(*s.cel_expression), s.line});
  out.allocation_mode = std::move(r.allocation_mode);
  out.count = r.count;
  out.admin_access = r.admin_access.value_or(false);
  out.tolerations = std::move(r.tolerations);
  out.capacity = std::move(r.capacity);
  return out;
}

ResourceClaimSpec model_claim_spec(rw::ClaimSpec&& spec) {
  ResourceClaimSpec out;
  for (rw::Request& r : spec.requests) {
    DeviceRequest& request = out.requests.emplace_back();
    request.name = std::move(r.name);
    if (r.exactly) request.exactly = model_request_spec(std::move(*r.exactly));
    for (rw::SubRequest& sub : r.first_available) {
      request.first_available.push_back(DeviceSubRequest{std::move(sub.name), model_request_spec(std::move(sub.spec))});
    }
  }
  out.constraints = std::move(spec.constraints);
  for (rw::ClaimConfig& c : spec.config) {
    out.config.push_back(DeviceClaimConfiguration{
        std::move(c.requests), DeviceClassConfiguration{std::move(c.opaque->driver), std::move(c.opaque->parameters_json)}});
  }
  return out;
}

AllocationResult allocation_of(const Value& v) {
  AllocationResult out;
  v.fields([&](std::string_view k, const Value& x) {
    if (k == "nodeSelector") {
      if (!x.is_null()) out.node_selector = node_selector_of(x);
    } else if (k == "allocationTimestamp") {
      out.allocation_timestamp = decode_time(x);
    } else if (k == "devices") {
      x.fields([&](std::string_view dk, const Value& y) {
        if (dk == "results") {
          y.elements([&](const Value& e) {
            DeviceRequestAllocationResult& r = out.results.emplace_back();
            e.fields([&](std::string_view rk, const Value& z) {
              if (rk == "request") r.request = z.string();
              else if (rk == "driver") r.driver = z.string();
              else if (rk == "pool") r.pool = z.string();
              else if (rk == "device") r.device = z.string();
              else if (rk == "adminAccess") r.admin_access = optional_bool(z);
              else if (rk == "tolerations") r.tolerations = tolerations_of(z);
              else if (rk == "bindingConditions") r.binding_conditions = decode_strings(z);
              else if (rk == "bindingFailureConditions") r.binding_failure_conditions = decode_strings(z);
              else if (rk == "shareID") r.share_id = optional_string(z);
              else if (rk == "consumedCapacity") r.consumed_capacity = quantities_of(z);
            });
            for (DeviceToleration& t : r.tolerations) {
              if (t.op.empty()) t.op = "Equal";
            }
          });
        } else if (dk == "config") {
          y.elements([&](const Value& e) {
            DeviceAllocationConfiguration& c = out.config.emplace_back();
            e.fields([&](std::string_view ck, const Value& z) {
              if (ck == "source") c.source = z.string();
              else if (ck == "requests") c.requests = request_refs_of(z);
              else if (ck == "opaque" && !z.is_null()) {
                rw::Opaque o = opaque_of(z);
                c.opaque = DeviceClassConfiguration{std::move(o.driver), std::move(o.parameters_json)};
              }
            });
          });
        }
      });
    }
  });
  return out;
}

void status_of(const Value& v, ResourceClaim& claim) {
  v.fields([&](std::string_view k, const Value& x) {
    if (k == "allocation") {
      if (!x.is_null()) claim.allocation = allocation_of(x);
    } else if (k == "reservedFor") {
      x.elements([&](const Value& e) {
        ResourceClaimConsumerReference& r = claim.reserved_for.emplace_back();
        e.fields([&](std::string_view rk, const Value& z) {
          if (rk == "apiGroup") r.api_group = z.string();
          else if (rk == "resource") r.resource = z.string();
          else if (rk == "name") r.name = z.string();
          else if (rk == "uid") r.uid = z.string();
        });
      });
    } else if (k == "devices") {
      // What drivers report about prepared devices is kept whole: a change to it is a status change.
      append_json(x, claim.status_devices_json);
    }
  });
}

}  // namespace

void decode_resource_slice(const Value& v, ResourceSlice& out) {
  const rw::Version version = version_of(v);
  rw::Slice s;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, s.metadata, MetaLabels::Unchecked);
    else if (key == "spec") slice_spec_of(f, version, s);
  });
  // ResourceSlices are cluster-scoped: the API server clears a namespace given on create.
  s.metadata.namespace_.clear();
  rw::validate_slice(v, version, s);
  // A name left to generateName stands for the one the API server would generate.
  if (s.metadata.name.empty()) s.metadata.name = s.metadata.generate_name;
  out.metadata = std::move(s.metadata);
  out.driver = std::move(s.driver);
  out.pool = std::move(s.pool);
  out.node_name = std::move(s.node_name);
  out.node_selector = std::move(s.node_selector);
  out.all_nodes = s.all_nodes.value_or(false);
  out.per_device_node_selection = s.per_device_node_selection.value_or(false);
  if (s.devices) {
    out.devices.reserve(s.devices->size());
    for (rw::Device& d : *s.devices) out.devices.push_back(model_device(std::move(d)));
  }
  if (s.shared_counters) out.shared_counters = std::move(*s.shared_counters);
}

void decode_device_class(const Value& v, DeviceClass& out) {
  const rw::Version version = version_of(v);
  rw::Class c;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, c.metadata, MetaLabels::Unchecked);
    else if (key == "spec") class_spec_of(f, c);
  });
  // DeviceClasses are cluster-scoped: the API server clears a namespace given on create.
  c.metadata.namespace_.clear();
  rw::validate_class(v, version, c);
  if (c.metadata.name.empty()) c.metadata.name = c.metadata.generate_name;
  out.metadata = std::move(c.metadata);
  for (rw::Selector& s : c.selectors) out.selectors.push_back(DeviceSelector{std::move(*s.cel_expression), s.line});
  for (rw::ClassConfig& config : c.config) {
    out.config.push_back(DeviceClassConfiguration{std::move(config.opaque->driver), std::move(config.opaque->parameters_json)});
  }
  out.extended_resource_name = std::move(c.extended_resource_name);
}

}  // namespace podfit

namespace podfit {

void decode_resource_claim(const Value& v, ResourceClaim& out) {
  const rw::Version version = version_of(v);
  rw::ClaimSpec spec;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") decode_meta(f, out.metadata, MetaLabels::Unchecked);
    else if (key == "spec") claim_spec_of(f, version, spec);
    else if (key == "status") status_of(f, out);
  });
  default_claim_spec(spec);
  rw::validate_claim(v, version, out.metadata, spec);
  rw::validate_claim_status(v, spec, out.allocation, out.reserved_for);
  if (out.metadata.name.empty()) out.metadata.name = out.metadata.generate_name;
  out.spec = model_claim_spec(std::move(spec));
}

void decode_resource_claim_template(const Value& v, ResourceClaimTemplate& out) {
  const rw::Version version = version_of(v);
  rw::ClaimSpec spec;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") {
      decode_meta(f, out.metadata, MetaLabels::Unchecked);
    } else if (key == "spec") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "metadata") decode_meta(x, out.claim_metadata, MetaLabels::Unchecked);
        else if (k == "spec") claim_spec_of(x, version, spec);
      });
    }
  });
  default_claim_spec(spec);
  rw::validate_claim_template(v, version, out.metadata, out.claim_metadata, spec);
  if (out.metadata.name.empty()) out.metadata.name = out.metadata.generate_name;
  out.spec = model_claim_spec(std::move(spec));
}

void decode_device_taint_rule(const Value& v, DeviceTaintRule& out) {
  std::vector<rw::Selector> selectors;
  v.fields([&](std::string_view key, const Value& f) {
    if (key == "metadata") {
      decode_meta(f, out.metadata, MetaLabels::Unchecked);
    } else if (key == "spec") {
      f.fields([&](std::string_view k, const Value& x) {
        if (k == "deviceSelector") {
          x.fields([&](std::string_view sk, const Value& y) {
            if (sk == "selectors") {
              selectors = selectors_of(y);
              return;
            }
            std::string value = y.is_null() ? std::string() : y.string();
            if (sk == "deviceClassName") out.device_class_name = std::move(value);
            else if (sk == "driver") out.driver = std::move(value);
            else if (sk == "pool") out.pool = std::move(value);
            else if (sk == "device") out.device = std::move(value);
          });
        } else if (k == "taint") {
          x.fields([&](std::string_view tk, const Value& y) {
            if (tk == "timeAdded") {
              out.taint.time_added = decode_time(y);
              return;
            }
            std::string value = y.is_null() ? std::string() : y.string();
            if (tk == "key") out.taint.key = std::move(value);
            else if (tk == "value") out.taint.value = std::move(value);
            else if (tk == "effect") out.taint.effect = std::move(value);
          });
        }
      });
    }
  });
  // DeviceTaintRules are cluster-scoped: the API server clears a namespace given on create.
  out.metadata.namespace_.clear();
  rw::validate_taint_rule(v, out, selectors);
  for (const rw::Selector& selector : selectors) out.selectors.push_back(selector.cel_expression.value_or(""));
  if (out.metadata.name.empty()) out.metadata.name = out.metadata.generate_name;
}

}  // namespace podfit
