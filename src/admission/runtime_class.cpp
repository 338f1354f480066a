// The RuntimeClass admission plugin: a pod naming a RuntimeClass gets its overhead, node
// selector and tolerations; an unknown class, or a pod whose own overhead or node selector
// contradicts the class's, is refused.
#include <fmt/format.h>

#include "podfit/admission/admission.h"

namespace podfit {
namespace {

const RuntimeClass* find_runtime_class(const ClusterState& cluster, const std::string& name) {
  for (const RuntimeClass& rc : cluster.runtime_classes) {
    if (rc.metadata.name == name) return &rc;
  }
  return nullptr;
}

// apiequality.Semantic.DeepEqual of two resource lists (absent and empty differ, as nil and an
// empty map do; quantities compare by value).
bool same_resources(const std::optional<ResourceList>& a, const std::optional<ResourceList>& b) {
  if (a.has_value() != b.has_value()) return false;
  if (!a) return true;
  if (a->size() != b->size()) return false;
  for (const auto& [name, quantity] : *a) {
    const Quantity* other = b->find(name);
    if (other == nullptr || !(*other == quantity)) return false;
  }
  return true;
}

bool same_toleration(const Toleration& a, const Toleration& b) {
  return a.key == b.key && a.op == b.op && a.value == b.value && a.effect == b.effect &&
         a.toleration_seconds == b.toleration_seconds;
}

// Whether `ss` tolerates everything `t` tolerates (tolerations.isSuperset).
bool is_superset(const Toleration& ss, const Toleration& t) {
  if (same_toleration(t, ss)) return true;
  // An empty key with Exists matches every key.
  if (t.key != ss.key && (!ss.key.empty() || ss.op != "Exists")) return false;
  // An empty effect matches every effect.
  if (t.effect != ss.effect && !ss.effect.empty()) return false;
  if (ss.effect == "NoExecute" && ss.toleration_seconds) {
    if (!t.toleration_seconds || *t.toleration_seconds > *ss.toleration_seconds) return false;
  }
  if (ss.op == "Equal" || ss.op.empty()) return t.op == "Equal" && t.value == ss.value;
  return ss.op == "Exists";
}

}  // namespace

std::vector<Toleration> merge_tolerations(const std::vector<Toleration>& first, const std::vector<Toleration>& second) {
  std::vector<Toleration> all = first;
  all.insert(all.end(), second.begin(), second.end());
  std::vector<Toleration> merged;
  for (size_t i = 0; i < all.size(); ++i) {
    const Toleration& t = all[i];
    bool redundant = false;
    for (const Toleration& kept : merged) redundant = redundant || is_superset(kept, t);
    // A later toleration that covers this one wins; of two equal ones, the first stays.
    for (size_t j = i + 1; j < all.size() && !redundant; ++j) {
      redundant = !same_toleration(t, all[j]) && is_superset(all[j], t);
    }
    if (!redundant) merged.push_back(t);
  }
  return merged;
}

std::optional<AdmissionRefusal> admit_runtime_class(Pod& pod, const ClusterState& cluster) {
  if (pod.spec.runtime_class_name.empty()) return std::nullopt;
  const RuntimeClass* rc = find_runtime_class(cluster, pod.spec.runtime_class_name);
  auto refuse = [&](std::string why) { return AdmissionRefusal{"RuntimeClass", pod_forbidden(pod, why)}; };
  if (rc == nullptr) return refuse(fmt::format("pod rejected: RuntimeClass \"{}\" not found", pod.spec.runtime_class_name));
  if (rc->has_overhead) {
    if (pod.spec.overhead && !same_resources(rc->pod_fixed, pod.spec.overhead)) {
      return refuse("pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
    }
    pod.spec.overhead = rc->pod_fixed;
  }
  if (rc->has_scheduling) {
    if (rc->node_selector) {
      for (const auto& [key, value] : *rc->node_selector) {
        const std::string* own = pod.spec.node_selector.find(key);
        if (own != nullptr && *own != value) {
          return refuse(fmt::format("conflict: runtimeClass.scheduling.nodeSelector[{}] = {}; pod.spec.nodeSelector[{}] = {}",
                                    key, value, key, *own));
        }
      }
      for (const auto& [key, value] : *rc->node_selector) pod.spec.node_selector.set(key, value);
    }
    pod.spec.tolerations = merge_tolerations(pod.spec.tolerations, rc->tolerations);
  }
  return std::nullopt;
}

std::optional<AdmissionRefusal> validate_runtime_class_overhead(const Pod& pod, const ClusterState& cluster) {
  const RuntimeClass* rc =
      pod.spec.runtime_class_name.empty() ? nullptr : find_runtime_class(cluster, pod.spec.runtime_class_name);
  auto refuse = [&](std::string_view why) { return AdmissionRefusal{"RuntimeClass", pod_forbidden(pod, why)}; };
  if (rc != nullptr && rc->has_overhead) {
    if (!same_resources(rc->pod_fixed, pod.spec.overhead)) {
      return refuse("pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
    }
  } else if (pod.spec.overhead) {
    return refuse("pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead");
  }
  return std::nullopt;
}

}  // namespace podfit
