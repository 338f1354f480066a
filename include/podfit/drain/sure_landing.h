// Proving, without placing them, that pods scheduled one after another all find a node: drain
// --all asks only whether each node's replacements land, and placing them costs a full
// scheduling cycle over every node for each.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "podfit/framework/feature_gates.h"
#include "podfit/framework/placement_profiles.h"
#include "podfit/model/pod.h"
#include "podfit/snapshot/snapshot.h"

namespace podfit {

// One domain of a topology key that earlier pods could close: how many of them must arrive
// in it to close it, and how many nodes found it holds.
struct ClosableDomain {
  size_t cost;
  size_t nodes;
};

// An upper bound on the nodes found that `pods` earlier pods close among `domains`: each pod
// lands in one domain, so the domains closed cost at most `pods` together.
size_t most_nodes_closable(std::vector<ClosableDomain> domains, size_t pods);

// Of `pods`, each given the full scheduling cycle on `snapshot` in this order and each seeing
// the ones placed before it: the first that cannot be proven to bind, or nullopt when every
// one surely binds. The ones before the first unproven surely bind, but where is not known.
//
// The proof, for each pod: PreFilter succeeds on the snapshot as it is, for every node; each
// earlier pod, wherever it lands, can close at most so many of this pod's fitting nodes, as
// the Filter plugins bound it (FilterPlugin::reach_of_added_pod): its own node, and the nodes
// of one domain per topology key it reaches (one node for a key whose values differ on every
// node). A domain closes only once more earlier pods arrive there than a plugin tolerates
// (FilterPlugin::domain_tolerance), so the earlier pods together close at most as many domains
// as those numbers add up to; more fitting nodes than they can close are found. Failing that,
// when one plugin alone closes domains of one key and always leaves one of its domains open
// (FilterPlugin::domains_one_stays_open), each of those domains holding more nodes that fit by
// every other plugin than the earlier pods land on proves it as well. Scoring and the binding
// cycle are run once on nodes found, to prove that they cannot fail either; pods with volume
// claims or ResourceClaims, which Reserve and PreBind would change, are not proven.
std::optional<size_t> first_unproven_landing(const std::vector<const Pod*>& pods, Snapshot& snapshot,
                                             const PlacementProfiles& profiles, const FeatureGates& gates);

}  // namespace podfit
