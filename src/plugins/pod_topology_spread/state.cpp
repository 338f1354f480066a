// PodTopologySpread's cycle state: domain counts and the two least loaded domains per constraint.
#include <utility>

#include "podfit/plugins/pod_topology_spread/pod_topology_spread.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

const std::vector<TopologySpreadConstraint>& system_default_spread_constraints() {
  static const std::vector<TopologySpreadConstraint> constraints = [] {
    TopologySpreadConstraint hostname;
    hostname.topology_key = "kubernetes.io/hostname";
    hostname.when_unsatisfiable = "ScheduleAnyway";
    hostname.max_skew = 3;
    TopologySpreadConstraint zone;
    zone.topology_key = "topology.kubernetes.io/zone";
    zone.when_unsatisfiable = "ScheduleAnyway";
    zone.max_skew = 5;
    return std::vector<TopologySpreadConstraint>{hostname, zone};
  }();
  return constraints;
}

void update_critical_paths(std::array<SpreadCriticalPath, 2>& paths, const std::string& topology_value,
                           int match_num) {
  int known = -1;
  if (topology_value == paths[0].topology_value) {
    known = 0;
  } else if (topology_value == paths[1].topology_value) {
    known = 1;
  }
  if (known >= 0) {
    paths[known].match_num = match_num;
    if (paths[0].match_num > paths[1].match_num) std::swap(paths[0], paths[1]);
    return;
  }
  if (match_num < paths[0].match_num) {
    paths[1] = paths[0];
    paths[0] = SpreadCriticalPath{topology_value, match_num};
  } else if (match_num < paths[1].match_num) {
    paths[1] = SpreadCriticalPath{topology_value, match_num};
  }
}

std::unique_ptr<StateData> PodTopologySpreadState::clone() const {
  return std::make_unique<PodTopologySpreadState>(*this);
}

int PodTopologySpreadState::min_match_num(size_t constraint) const {
  const int domains = static_cast<int>(tp_value_to_match_num[constraint].size());
  if (domains < (*constraints)[constraint].min_domains) return 0;
  return critical_paths[constraint][0].match_num;
}

void PodTopologySpreadState::add_to_domain(size_t constraint, const std::string& topology_value, int delta) {
  int& count = tp_value_to_match_num[constraint][topology_value];
  count += delta;
  if (constraint < columns.size()) {
    // A value the column lacks has no slot: Filter looks it up by name.
    const int32_t id = columns[constraint]->id_of_value(topology_value);
    if (id >= 0) match_num_by_id[constraint][static_cast<size_t>(id)] += delta;
  }
  update_critical_paths(critical_paths[constraint], topology_value, count);
}

}  // namespace podfit
