// What every podfit command reads first: the cluster state (-f), the pods (--pod), the gates.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "podfit/config/scheduler_config.h"
#include "podfit/kubernetes_release.h"
#include "podfit/framework/registry.h"
#include "podfit/load/loader.h"
#include "podfit/load/workload.h"
#include "podfit/model/cluster.h"
#include "podfit/what_if/what_if.h"

namespace podfit {

// The input flags the commands share.
struct InputOptions {
  std::vector<std::string> filenames;  // -f: the cluster state
  std::vector<std::string> pods;       // --pod: pods to check
  std::string config;                  // --config (check, place): a KubeSchedulerConfiguration file, or - for stdin
  bool recursive = false;              // -R
  std::string feature_gates;           // --feature-gates A=true,B=false
  std::string kubernetes_version;      // --kubernetes-version: the release modelled (default: the cluster's)
  std::string validate = "strict";     // --validate: strict (true, or none), warn, ignore (false), as kubectl
  size_t max_objects = LoadOptions{}.max_objects;            // --max-objects
  size_t max_object_bytes = LoadOptions{}.max_object_bytes;  // --max-object-bytes
  bool live = false;                   // --live: the cluster state from `kubectl get`, not -f
  // False for a command that lists devices without scheduling: a gate podfit models only for
  // scheduling (DRANodeAllocatableResources) is then no obstacle.
  bool schedules = true;
  std::string context;                 // --context: the kubeconfig context kubectl uses (--live)
  std::string kubeconfig;              // --kubeconfig: the kubeconfig file kubectl reads (--live)
  std::string namespace_;              // -n: the only namespace whose pending pods are checked; --pod objects' default
  bool progress = false;               // standard error is a terminal: show how a long load progresses
  // What-if changes (check, place, drain), applied after loading: see podfit/what_if/what_if.h.
  std::vector<std::string> add_nodes;     // --add-node FILE: Node manifests added as they are
  std::vector<std::string> remove_nodes;  // --remove-node NAME: the node and the pods bound to it go
  std::vector<std::string> cordon_nodes;  // --cordon NAME: spec.unschedulable set
  // --pod pods bound to a node (spec.nodeName) stay: admit is the kubelet's check of such a pod,
  // and requeue reports the queue's own node-name check. check and place leave them out.
  bool keep_bound_pods = false;
  // --strict: input that looks incomplete (subdirectories left unread, no Node, an unknown -n,
  // budgets or claims missing) is an error, not a warning.
  bool strict = false;
  // The command's answer depends on PodDisruptionBudgets (drain): their absence is a gap.
  bool needs_budgets = false;
  // -v, --v LEVEL (kubectl's spelling): at 1 or more, the informational lines a run prints only
  // when they are news (which release is modelled, and why).
  int verbosity = 0;
};

struct LoadedInput {
  ClusterState cluster;
  std::vector<Candidate> candidates;  // from --pod, in input order: pods, and workloads as their pod
  PluginContext context;        // feature gates (and, later, plugin args)
  ReleaseChoice release;        // the Kubernetes release modelled, and where it came from
  WhatIfSummary what_if;        // the what-if changes applied to `cluster`
  int verbosity = 0;            // InputOptions::verbosity
};

// Reads everything the options name; on bad usage or bad input prints one "error: ..." line
// to `err` and returns false (the caller exits 2). Notices (skipped kinds) go to `err` too.
bool load_input(const InputOptions& options, LoadedInput& input, std::ostream& err);

// For a table (or wide) report, which release is modelled and why, as one line on `err`, when it is
// news (ReleaseChoice::noteworthy) or with -v; JSON and YAML reports carry it themselves.
void announce_release(const std::string& output, const LoadedInput& input, std::ostream& err);

// The pods bound to nodes missing from the cluster state, as a one-line notice, or "".
std::string orphaned_pods_notice(const std::vector<const Pod*>& orphans);

// The line table output prints on standard error for the what-if changes applied, or "".
std::string what_if_notice(const WhatIfSummary& summary);

// How many of -f, --pod and --config name standard input ("-"): it can be read only once.
int stdin_readers(const InputOptions& options);

// --config `path` into `config` (kube-scheduler's default configuration when `path` is empty),
// its notices on `err`; false after printing the error, which is an input error (exit 2).
bool load_config_option(const std::string& path, const FeatureGates& gates, SchedulerConfiguration& config,
                        std::ostream& err);

}  // namespace podfit
