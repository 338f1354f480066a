// podfit: will this pod schedule, and if not, why not, node by node?
#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include <CLI/CLI.hpp>

#include "podfit/cli/check_command.h"
#include "podfit/kubernetes_release.h"

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
  return 2;
}
