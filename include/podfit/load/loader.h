// Reading manifests: files, directories or standard input, YAML or JSON, objects or Lists.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
};

// One message naming the file, the document (and List item) and the line.
struct LoadError {
  std::string message;
};

// Reads the cluster state (-f). Kinds podfit does not read are counted in skipped_kinds.
std::optional<LoadError> load_cluster_state(const std::vector<std::string>& paths, const LoadOptions& options,
                                            ClusterState& out);
// What --pod gives: the pods and workloads to check, in input order, and the other kinds met
// (a chart's Services, ConfigMaps, ...), which are counted rather than refused.
struct CandidateSet {
  std::vector<Candidate> candidates;
  std::map<std::string, int> skipped_kinds;  // kind -> how many were seen
};

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
