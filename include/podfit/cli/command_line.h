// podfit's command line: the commands, their flags, and where each flag's value goes. Parsing,
// help, usage errors and shell completion all read these one definitions.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "podfit/cli/admit_command.h"
#include "podfit/cli/check_command.h"
#include "podfit/cli/devices_command.h"
#include "podfit/cli/drain_command.h"
#include "podfit/cli/place_command.h"
#include "podfit/cli/requeue_command.h"

namespace podfit {

struct CommandLine {
  CLI::App app;
  std::string program;  // "podfit", or "kubectl podfit" when run as the kubectl plugin
  CheckOptions check;
  RequeueOptions requeue;
  AdmitOptions admit;
  PlaceOptions place;
  DevicesOptions devices;
  DrainOptions drain;
  CLI::App* check_cmd = nullptr;
  CLI::App* requeue_cmd = nullptr;
  CLI::App* admit_cmd = nullptr;
  CLI::App* place_cmd = nullptr;
  CLI::App* devices_cmd = nullptr;
  CLI::App* drain_cmd = nullptr;
  // The values an option takes, for the options that take one of a few words (-o, --validate).
  std::map<const CLI::Option*, std::vector<std::string>> choices;
};

// The command line, its help in kubectl's layout. `plugin`: run as kubectl-podfit, where a
// command given no -f reads the cluster.
std::unique_ptr<CommandLine> make_command_line(bool plugin);

// The commands in the order help lists them.
std::vector<CLI::App*> commands(const CommandLine& line);

// The version line: `podfit --version` and `podfit version`.
std::string version_text();

}  // namespace podfit
