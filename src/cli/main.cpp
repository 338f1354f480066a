// podfit: will this pod schedule, and if not, why not, node by node?
#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include <CLI/CLI.hpp>

#include "podfit/cli/admit_command.h"
#include "podfit/cli/check_command.h"
#include "podfit/cli/requeue_command.h"
#include "podfit/kubernetes_release.h"

namespace {

// kubectl's field validation and the input limits, for every command that reads manifests.
void add_validation_flags(CLI::App* command, podfit::InputOptions& input) {
  command->add_option("--validate", input.validate,
                      "Fields the kind's schema does not have: strict (an error), warn (a warning) or ignore")
      ->check(CLI::IsMember({"strict", "warn", "ignore"}))
      ->default_str("strict");
  command->add_option("--max-objects", input.max_objects,
                      "Refuse input with more objects and List items than this, over all files")
      ->check(CLI::PositiveNumber)
      ->default_str(std::to_string(input.max_objects));
  command->add_option("--max-object-bytes", input.max_object_bytes,
                      "Refuse any object or List item larger than this many bytes")
      ->check(CLI::PositiveNumber)
      ->default_str(std::to_string(input.max_object_bytes));
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"podfit: will this pod schedule, and if not, why not, node by node?\n"
               "Runs kube-scheduler's PreFilter and Filter plugins on manifests, without a cluster."};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("podfit ") + PODFIT_VERSION + " (kube-scheduler " +
                                        podfit::kKubernetesRelease + " semantics)");

  podfit::CheckOptions check;
  CLI::App* check_cmd = app.add_subcommand("check", "Check whether pods fit, node by node, as kube-scheduler's Filter would");
  check_cmd->add_option("-f,--filename", check.input.filenames,
                        "Cluster state: a file, a directory of manifests, or - for standard input (repeatable)")
      ->required();
  check_cmd->add_flag("-R,--recursive", check.input.recursive, "Read directories given with -f/--pod recursively");
  check_cmd->add_option("--pod", check.input.pods, "Pods to check: a file, a directory, or - (default: the pending pods of -f)");
  check_cmd->add_option("-o,--output", check.output, "Output format: table, wide, json, yaml or name")
      ->check(CLI::IsMember({"table", "wide", "json", "yaml", "name"}));
  check_cmd->add_flag("--all-reasons", check.all_reasons,
                      "Run every Filter plugin on every node and list all failures, not just the first");
  check_cmd->add_option("--feature-gates", check.input.feature_gates, "kube-scheduler feature gates, e.g. A=true,B=false");
  check_cmd->add_flag("--timings", check.timings, "Print how long loading, building the snapshot and checking took");
  check_cmd->add_option("--config", check.config,
                        "A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1): its profiles, plugins and plugin args");
  add_validation_flags(check_cmd, check.input);

  podfit::RequeueOptions requeue;
  CLI::App* requeue_cmd = app.add_subcommand(
      "requeue", "Which pending pods the scheduling queue retries when a node is added (--new) or updated (--old, --new)");
  requeue_cmd->add_option("-f,--filename", requeue.input.filenames,
                          "Cluster state: a file, a directory of manifests, or - for standard input (repeatable)")
      ->required();
  requeue_cmd->add_option("--old", requeue.old_node_file, "The node before the update: a file with one Node");
  requeue_cmd->add_option("--new", requeue.new_node_file, "The node after the update, or the node added: a file with one Node")
      ->required();
  requeue_cmd->add_flag("-R,--recursive", requeue.input.recursive, "Read directories given with -f/--pod recursively");
  requeue_cmd->add_option("--pod", requeue.input.pods,
                          "Pending pods: a file, a directory, or - (default: the pending pods of -f)");
  requeue_cmd->add_option("-o,--output", requeue.output, "Output format: table, wide, json or yaml")
      ->check(CLI::IsMember({"table", "wide", "json", "yaml"}));
  requeue_cmd->add_flag("--hints", requeue.hints, "Show each rejecting plugin's queueing hint for each event");
  requeue_cmd->add_flag("--pre-check", requeue.pre_check,
                        "Decide with the pre-enqueue check on the node, as kube-scheduler did before v1.32");
  requeue_cmd->add_option("--feature-gates", requeue.input.feature_gates, "kube-scheduler feature gates, e.g. A=true,B=false");
  add_validation_flags(requeue_cmd, requeue.input);

  podfit::AdmitOptions admit;
  CLI::App* admit_cmd =
      app.add_subcommand("admit", "Whether the kubelet's admission check accepts pods on a node (AdmissionCheck)");
  admit_cmd->add_option("-f,--filename", admit.input.filenames,
                        "Cluster state: a file, a directory of manifests, or - for standard input (repeatable)")
      ->required();
  admit_cmd->add_option("--node", admit.node, "The node: a node of the cluster state")->required();
  admit_cmd->add_flag("-R,--recursive", admit.input.recursive, "Read directories given with -f/--pod recursively");
  admit_cmd->add_option("--pod", admit.input.pods, "Pods to admit: a file, a directory, or - (default: the pending pods of -f)");
  admit_cmd->add_option("-o,--output", admit.output, "Output format: table, json or yaml")
      ->check(CLI::IsMember({"table", "json", "yaml"}));
  admit_cmd->add_flag("--all-reasons", admit.all_reasons, "List every failing check, not just the first");
  admit_cmd->add_option("--feature-gates", admit.input.feature_gates, "kube-scheduler feature gates, e.g. A=true,B=false");
  add_validation_flags(admit_cmd, admit.input);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }

  if (check_cmd->parsed()) {
    check.color = isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr;
    return podfit::run_check(check, std::cout, std::cerr);
  }
  if (requeue_cmd->parsed()) {
    requeue.color = isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr;
    return podfit::run_requeue(requeue, std::cout, std::cerr);
  }
  if (admit_cmd->parsed()) {
    admit.color = isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr;
    return podfit::run_admit(admit, std::cout, std::cerr);
  }
  return 2;
}
