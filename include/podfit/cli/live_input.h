// --live (and `kubectl podfit` without -f): the cluster state read from the cluster itself, by
// running the user's own kubectl, so its kubeconfig, credentials plugins and proxies all apply.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "podfit/load/loader.h"
#include "podfit/model/cluster.h"

namespace podfit {

// Every kind podfit reads from a cluster state, as one `kubectl get` argument (kinds outside the
// core group fully qualified, so no other API group's resource of the same name is picked).
extern const char* const kLiveKinds;

// kubectl's arguments after the program name: [--kubeconfig K] [--context C] get KINDS
// --all-namespaces --output=json. Empty `kubeconfig`/`context` leave kubectl's own choice;
// empty `kinds` is kLiveKinds.
std::vector<std::string> kubectl_get_arguments(const std::string& kubeconfig, const std::string& context,
                                               const std::string& kinds = {});

// After kubectl said that the server lacks a resource type ("the server doesn't have a
// resource type \"resourceslices\""): `kinds` without it (its entry in *dropped), or nullopt when
// kubectl said no such thing or the type is not one of `kinds` (nodes and pods never go).
std::optional<std::string> without_missing_kind(const std::string& kinds, const std::string& kubectl_said,
                                                std::string* dropped);

// The kubectl to run: $KUBECTL when set and not empty, else "kubectl" from PATH.
std::string kubectl_program();

// Runs `kubectl get` and reads its output as the cluster state while it is printed; a kind the
// cluster does not serve is left out (said on `err`) and kubectl run again without it. On
// failure returns one message: kubectl missing, kubectl failing (its own messages are copied
// to `err` first), or output podfit cannot read. kubectl's warnings are copied to `err`.
std::optional<LoadError> load_live_cluster_state(const std::string& kubeconfig, const std::string& context,
                                                 const LoadOptions& options, ClusterState& out, std::ostream& err);

}  // namespace podfit

namespace podfit {

// The API server's version as `kubectl version` reports it ("v1.33.5"), or nullopt when kubectl
// cannot say (not installed, cluster unreachable, output without serverVersion).
std::optional<std::string> kubectl_server_version(const std::string& kubeconfig, const std::string& context);

}  // namespace podfit
