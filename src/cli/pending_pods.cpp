#include "podfit/cli/pending_pods.h"

#include <algorithm>

#include <fmt/format.h>

#include "podfit/util/plural.h"

namespace podfit {
namespace {

// How many names a notice lists before "and N more".
constexpr size_t kNamesShown = 3;

template <class T>
bool any_in(const std::vector<T>& objects, const std::string& namespace_) {
  return std::any_of(objects.begin(), objects.end(), [&](const T& o) { return o.metadata.namespace_ == namespace_; });
}

}  // namespace

std::vector<const Pod*> pending_pods_in(const Snapshot& snapshot, const std::string& namespace_) {
  std::vector<const Pod*> pods = snapshot.pending_pods();
  if (!namespace_.empty()) std::erase_if(pods, [&](const Pod* pod) { return pod->metadata.namespace_ != namespace_; });
  return pods;
}

void nominate_queued_pods(Snapshot& snapshot, const Profiles& profiles, const FeatureGates& gates) {
  snapshot.nominate(
      [&](const Pod& pod) {
        const Profile* profile = profiles.find(pod.spec.scheduler_name);
        if (profile == nullptr) return false;
        return gates.changes.gated_pods_nominated ||
               run_pre_enqueue_plugins(profile->pre_enqueue, pod, snapshot, gates).is_success();
      },
      gates);
}

bool namespace_exists(const ClusterState& cluster, const std::string& namespace_) {
  const bool declared = std::any_of(cluster.namespaces.begin(), cluster.namespaces.end(),
                                    [&](const Namespace& n) { return n.metadata.name == namespace_; });
  return declared || any_in(cluster.pods, namespace_) || any_in(cluster.persistent_volume_claims, namespace_) ||
         any_in(cluster.csi_storage_capacities, namespace_) || any_in(cluster.pod_disruption_budgets, namespace_) ||
         any_in(cluster.limit_ranges, namespace_) || any_in(cluster.resource_quotas, namespace_) ||
         any_in(cluster.resource_claims, namespace_) || any_in(cluster.resource_claim_templates, namespace_);
}

std::string leave_out_bound_candidates(std::vector<Candidate>& candidates) {
  std::vector<std::string> bound;
  const size_t total = candidates.size();
  std::erase_if(candidates, [&](const Candidate& c) {
    if (c.pod.spec.node_name.empty()) return false;
    bound.push_back(fmt::format("{} on {}", namespaced_name(c.pod.metadata), c.pod.spec.node_name));
    return true;
  });
  if (bound.empty()) return {};
  std::string names;
  for (size_t i = 0; i < bound.size() && i < kNamesShown; ++i) names += (i ? ", " : "") + bound[i];
  if (bound.size() > kNamesShown) names += fmt::format(" and {} more", bound.size() - kNamesShown);
  if (candidates.empty()) {
    return fmt::format("podfit: --pod: {} bound to {} already ({}): kube-scheduler schedules pending pods only, so "
                       "nothing is left to schedule",
                       total == 1 ? "the pod is" : fmt::format("all {} pods are", total),
                       total == 1 ? "a node" : "nodes", names);
  }
  return fmt::format("podfit: --pod: {} of {} {} bound to {} already ({}): left out, as kube-scheduler schedules "
                     "pending pods only",
                     bound.size(), counted(total, "pod"), bound.size() == 1 ? "is" : "are",
                     bound.size() == 1 ? "a node" : "nodes", names);
}

std::string no_pending_pods_notice(const ClusterState& cluster, const std::string& namespace_, std::string_view advice) {
  if (namespace_.empty()) return fmt::format("podfit: no pending pods in the cluster state; {}", advice);
  std::string why;
  if (!namespace_exists(cluster, namespace_)) {
    why = "the cluster state has no such namespace";
  } else {
    const size_t bound = static_cast<size_t>(std::count_if(cluster.pods.begin(), cluster.pods.end(), [&](const Pod& p) {
      return p.metadata.namespace_ == namespace_ && !p.spec.node_name.empty();
    }));
    why = bound == 0   ? std::string("it exists and has no pods")
          : bound == 1 ? std::string("it exists; its one pod is bound to a node")
                       : fmt::format("it exists; its {} pods are all bound to nodes", bound);
  }
  return fmt::format("podfit: no pending pods in namespace \"{}\" ({}); {}", namespace_, why, advice);
}

}  // namespace podfit
