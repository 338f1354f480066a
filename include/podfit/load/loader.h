// Reading manifests: files, directories or standard input, YAML or JSON, objects or Lists.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "podfit/dra/device_selector.h"
#include "podfit/kubernetes_release.h"
#include "podfit/load/workload.h"
#include "podfit/model/cluster.h"

namespace podfit {

// kubectl's --validate: what becomes of fields that the kind's schema does not have.
enum class FieldValidation {
  Strict,  // an error, as the API server's strict decoding ("strict decoding error: unknown field ...")
  Warn,    // a warning each, and the object is read
  Ignore,  // dropped silently, as decoding without validation drops them
};

struct LoadOptions {
  bool recursive = false;  // -R: descend into subdirectories
  FieldValidation validation = FieldValidation::Strict;  // --validate
  // Where Warn puts its messages ("<file>: document 1 (Pod web), line 7: unknown field ..."); null drops them.
  std::vector<std::string>* warnings = nullptr;
  // --max-objects: objects and List items over all the files of one load. Memory grows with
  // each; a 5,000-node cluster with 150,000 pods is a sixth of this.
  size_t max_objects = 1'000'000;
  // --max-object-bytes: one object or List item, held whole in memory while it is decoded.
  size_t max_object_bytes = size_t{16} << 20;
  // -n/--namespace for the pods to check, as `kubectl apply -n` reads manifests: an object that
  // names no namespace goes there, one that names another is refused. Empty: "default".
  std::string namespace_;
  // Told as input is read (the source's name as in messages, its bytes read so far, objects
  // read over the whole load), so a long load can show its progress; called once per chunk.
  std::function<void(const std::string& source, uint64_t bytes, size_t objects)> progress;
  // The API server's release and gates that the device selectors of objects loaded as new ones
  // (load_candidates) compile for: a release's compatibility version has fewer CEL libraries.
  dra::SelectorFeatures new_selectors;
  // The API server's release whose validation the objects go through (its paths and wording
  // changed between releases): the release --kubernetes-version names, else the newest.
  KubernetesRelease api_release = KubernetesRelease::newest();
  // The release whose fields --validate knows; empty, the fields of any release podfit models
  // (a cluster whose release is chosen from its nodes, after loading).
  std::optional<KubernetesRelease> fields_release;
};

// One message naming the file, the document (and List item) and the line.
struct LoadError {
  std::string message;
};

// An error about an object already decoded, worded as load errors are:
// "FILE: document N[, items[I]] (KIND [NS/]NAME), line L: MESSAGE".
std::string object_error(const SourceRef& origin, std::string_view kind, std::string_view namespace_,
                         std::string_view name, std::string_view message);

// Reads the cluster state (-f). Kinds podfit does not read are counted in skipped_kinds.
std::optional<LoadError> load_cluster_state(const std::vector<std::string>& paths, const LoadOptions& options,
                                            ClusterState& out);
// What --pod gives: the pods and workloads to check, in input order, and the other kinds met
// (a chart's Services, ConfigMaps, ...), which are counted rather than refused.
struct CandidateSet {
  std::vector<Candidate> candidates;
  // The cluster-state objects shipped with them (PersistentVolumeClaims, StorageClasses,
  // PriorityClasses, PodDisruptionBudgets, Namespaces, PersistentVolumes, CSIDrivers,
  // DeviceClasses, ...), which
  // apply_companions() creates in the cluster state as `kubectl apply -f` would.
  ClusterState companions;
  std::map<std::string, int> skipped_kinds;  // kind -> how many were seen
};

// What apply_companions() did, per kind, in the order kinds are listed.
struct CompanionChanges {
  std::vector<std::pair<std::string, int>> created;
  std::vector<std::pair<std::string, int>> updated;  // already in the cluster state: kept, labels and annotations applied
  bool empty() const { return created.empty() && updated.empty(); }
};

// kubectl apply of the manifest's cluster-state objects: a new object joins the cluster state
// (a claim gets the default StorageClass as the API server's DefaultStorageClass admission gives
// it; status is the controllers' and starts empty); an object that already exists keeps the
// cluster's state, with the manifest's labels and annotations applied over its own (the fields
// scheduling reads on these kinds are immutable or controller-owned, such as a claim's volume).
CompanionChanges apply_companions(ClusterState& cluster, ClusterState&& companions);

// Reads the cluster state from an open descriptor, such as a pipe from `kubectl get`, named
// `name` in messages; the caller keeps and closes the descriptor.
std::optional<LoadError> load_cluster_state_fd(int fd, const std::string& name, const LoadOptions& options,
                                               ClusterState& out);

// Reads the pods and workloads to check (--pod); finding none at all is an error.
std::optional<LoadError> load_candidates(const std::vector<std::string>& paths, const LoadOptions& options,
                                         CandidateSet& out);
// The same, keeping only each candidate's pod (a DaemonSet's not pinned to any node).
std::optional<LoadError> load_candidates(const std::vector<std::string>& paths, const LoadOptions& options,
                                         std::vector<Pod>& out);

// The same from text held in memory (`name` stands in for the file name in messages).
std::optional<LoadError> load_cluster_state_text(std::string_view text, const std::string& name, ClusterState& out,
                                                 const LoadOptions& options = {});
std::optional<LoadError> load_candidates_text(std::string_view text, const std::string& name, CandidateSet& out,
                                              const LoadOptions& options = {});
std::optional<LoadError> load_candidates_text(std::string_view text, const std::string& name, std::vector<Pod>& out,
                                              const LoadOptions& options = {});

}  // namespace podfit
