#include "podfit/snapshot/resource.h"
#include "podfit/util/go_int.h"

#include <algorithm>

namespace podfit {
namespace {

bool is_lower_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }
bool is_alnum(char c) { return is_lower_alnum(c) || (c >= 'A' && c <= 'Z'); }

// RFC 1123 subdomain: dot-separated labels of [a-z0-9-], alphanumeric at both ends, at most 253 chars.
bool is_dns1123_subdomain(std::string_view value) {
  if (value.empty() || value.size() > 253) return false;
  size_t start = 0;
  while (true) {
    size_t dot = value.find('.', start);
    std::string_view label = value.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (label.empty() || !is_lower_alnum(label.front()) || !is_lower_alnum(label.back())) return false;
    for (char c : label) {
      if (!is_lower_alnum(c) && c != '-') return false;
    }
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

// The name part of a qualified name: 1..63 chars of [A-Za-z0-9_.-], alphanumeric at both ends.
bool is_qualified_name_part(std::string_view name) {
  if (name.empty() || name.size() > 63) return false;
  if (!is_alnum(name.front()) || !is_alnum(name.back())) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return is_alnum(c) || c == '-' || c == '_' || c == '.'; });
}

// validation.IsQualifiedName: an optional DNS subdomain prefix and '/', then a name part.
bool is_qualified_name(std::string_view value) {
  size_t slash = value.find('/');
  if (slash == std::string_view::npos) return is_qualified_name_part(value);
  if (value.find('/', slash + 1) != std::string_view::npos) return false;
  return is_dns1123_subdomain(value.substr(0, slash)) && is_qualified_name_part(value.substr(slash + 1));
}

}  // namespace

bool is_prefixed_native_resource(std::string_view name) {
  return name.find(resource_names::kDefaultNamespacePrefix) != std::string_view::npos;
}

bool is_native_resource(std::string_view name) {
  return name.find('/') == std::string_view::npos || is_prefixed_native_resource(name);
}

bool is_hugepage_resource_name(std::string_view name) { return name.starts_with(resource_names::kHugePagesPrefix); }

bool is_attachable_volume_resource_name(std::string_view name) {
  return name.starts_with(resource_names::kAttachableVolumesPrefix);
}

bool is_extended_resource_name(std::string_view name) {
  if (is_native_resource(name) || name.starts_with(resource_names::kRequestsPrefix)) return false;
  std::string for_quota(resource_names::kRequestsPrefix);
  for_quota += name;
  return is_qualified_name(for_quota);
}

bool is_scalar_resource_name(std::string_view name) {
  return is_extended_resource_name(name) || is_hugepage_resource_name(name) || is_prefixed_native_resource(name) ||
         is_attachable_volume_resource_name(name);
}

Resource Resource::from_list(const ResourceList& list) {
  Resource r;
  r.add(list);
  return r;
}

void Resource::add_scalar(std::string_view name, int64_t quantity) {
  if (int64_t* existing = scalar.find(name)) {
    *existing = go_add(*existing, quantity);
  } else {
    scalar.set(name, quantity);
  }
}

void Resource::add(const ResourceList& list) {
  for (const auto& [name, quantity] : list) {
    if (name == resource_names::kCpu) {
      milli_cpu = go_add(milli_cpu, quantity.milli_value());
    } else if (name == resource_names::kMemory) {
      memory = go_add(memory, quantity.value());
    } else if (name == resource_names::kPods) {
      allowed_pod_number = go_add(allowed_pod_number, quantity.value());
    } else if (name == resource_names::kEphemeralStorage) {
      ephemeral_storage = go_add(ephemeral_storage, quantity.value());
    } else if (is_scalar_resource_name(name)) {
      add_scalar(name, quantity.value());
    }
  }
}

void Resource::add(const Resource& other) {
  milli_cpu = go_add(milli_cpu, other.milli_cpu);
  memory = go_add(memory, other.memory);
  ephemeral_storage = go_add(ephemeral_storage, other.ephemeral_storage);
  allowed_pod_number = go_add(allowed_pod_number, other.allowed_pod_number);
  for (const auto& [name, quantity] : other.scalar) add_scalar(name, quantity);
}

void Resource::subtract(const Resource& other) {
  milli_cpu = go_sub(milli_cpu, other.milli_cpu);
  memory = go_sub(memory, other.memory);
  ephemeral_storage = go_sub(ephemeral_storage, other.ephemeral_storage);
  allowed_pod_number = go_sub(allowed_pod_number, other.allowed_pod_number);
  for (const auto& [name, quantity] : other.scalar) add_scalar(name, go_sub(0, quantity));
}

void Resource::set_max(const ResourceList& list) {
  for (const auto& [name, quantity] : list) {
    if (name == resource_names::kMemory) {
      memory = std::max(memory, quantity.value());
    } else if (name == resource_names::kCpu) {
      milli_cpu = std::max(milli_cpu, quantity.milli_value());
    } else if (name == resource_names::kEphemeralStorage) {
      ephemeral_storage = std::max(ephemeral_storage, quantity.value());
    } else if (is_scalar_resource_name(name)) {
      scalar.set(name, std::max(scalar_value(name), quantity.value()));
    }
  }
}

}  // namespace podfit
