// Usage errors in podfit's own words, as kubectl words them: one "error: ..." line, a
// suggestion when a name was mistyped, and where to read the usage. Exit code 2.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "podfit/cli/command_line.h"

namespace podfit {

// The usage error the words after the program name make (an unknown command or flag, a flag
// without its value, arguments podfit does not take, a required flag missing, flags that
// exclude each other), or "" when there is none and CLI11 may parse them.
std::string usage_error(const CommandLine& line, const std::vector<std::string>& args);

// `args` with kubectl's `-o=json` spelling of a short flag's value split into `-o json`, which
// CLI11 would read as the value "=json".
std::vector<std::string> split_short_flag_values(const CommandLine& line, std::vector<std::string> args);

// A flag value CLI11 refused (our validators word it), in the same form.
std::string usage_error(const CommandLine& line, const CLI::ParseError& error);

// `podfit help [COMMAND]`: that help on `out` and 0, or the usage error on `err` and 2.
int help_command(const CommandLine& line, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// `podfit version`: the version on `out` and 0, or the usage error on `err` and 2.
int version_command(const CommandLine& line, const std::vector<std::string>& args, std::ostream& out,
                    std::ostream& err);

}  // namespace podfit
