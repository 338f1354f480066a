// Help in kubectl's layout: a description, examples, each flag with its description on the
// lines below, the exit codes, and the usage line; no CLI11 type tags.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

namespace podfit {

// What the help of one command says beyond its flags.
struct CommandHelp {
  std::string details;  // the paragraph after the one-line description
  std::vector<std::pair<std::string, std::string>> examples;  // comment, command line (without the program name)
  std::vector<std::pair<std::string, std::string>> exit_codes;  // code, meaning
  std::vector<std::pair<std::string, std::string>> extra_commands;  // top level: help, version
  std::string usage;  // after the command's name, e.g. "--node NAME [flags]"
  std::string footer;
};

class HelpFormatter final : public CLI::Formatter {
 public:
  // `program` stands for the program in examples: "podfit" or "kubectl podfit".
  explicit HelpFormatter(std::string program) : program_(std::move(program)) {}

  void document(const CLI::App* command, CommandHelp help) { help_[command] = std::move(help); }

  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override;

 private:
  std::string options(const CLI::App* app) const;
  std::string command_list(const CLI::App* app, const CommandHelp& help) const;

  std::string program_;
  std::map<const CLI::App*, CommandHelp> help_;
};

// `text` broken into lines of at most `width` columns, each indented by `indent` spaces.
std::string wrap(const std::string& text, size_t indent, size_t width = 80);

}  // namespace podfit
