#include "help_formatter.h"

#include <sstream>

namespace podfit {
namespace {

// A flag's names as kubectl prints them: "-o, --output FORMAT", "--validate[=MODE]", "--live".
std::string flag_names(const CLI::Option* option) {
  std::string names;
  for (const std::string& short_name : option->get_snames()) names += "-" + short_name + ", ";
  for (const std::string& long_name : option->get_lnames()) names += "--" + long_name + ", ";
  names.resize(names.size() - 2);
  if (option->get_expected_max() == 0) return names;  // a flag takes no value
  const std::string value = option->get_type_name();
  return option->get_expected_min() == 0 ? names + "[=" + value + "]" : names + " " + value;
}

std::string flag_description(const CLI::Option* option) {
  std::string text = option->get_description();
  const std::string default_value = option->get_default_str();
  if (!default_value.empty()) text += " (default: " + default_value + ")";
  return text;
}

}  // namespace

std::string wrap(const std::string& text, size_t indent, size_t width) {
  const std::string margin(indent, ' ');
  std::string out;
  std::string line;
  std::istringstream words(text);
  std::string word;
  while (words >> word) {
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      out += margin + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += margin + line + "\n";
  return out;
}

std::string HelpFormatter::options(const CLI::App* app) const {
  std::string out = "Options:\n";
  bool first = true;
  for (const CLI::Option* option : app->get_options()) {
    if (option->get_group().empty()) continue;  // hidden
    if (!first) out += "\n";
    first = false;
    out += "  " + flag_names(option) + "\n";
    out += wrap(flag_description(option), 6);
  }
  return out;
}

std::string HelpFormatter::command_list(const CLI::App* app, const CommandHelp& help) const {
  std::vector<std::pair<std::string, std::string>> rows;
  for (const CLI::App* command : app->get_subcommands([](const CLI::App*) { return true; })) {
    rows.emplace_back(command->get_name(), command->get_description());
  }
  rows.insert(rows.end(), help.extra_commands.begin(), help.extra_commands.end());
  size_t name_width = 0;
  for (const auto& row : rows) name_width = std::max(name_width, row.first.size());
  const size_t column = 2 + name_width + 3;
  std::string out = "Commands:\n";
  for (const auto& [name, description] : rows) {
    const std::string wrapped = wrap(description, column);
    out += "  " + name + wrapped.substr(2 + name.size());
  }
  return out;
}

std::string HelpFormatter::make_help(const CLI::App* app, std::string name, CLI::AppFormatMode) const {
  static const CommandHelp kNone;
  const auto found = help_.find(app);
  const CommandHelp& help = found == help_.end() ? kNone : found->second;
  std::string out = wrap(app->get_description(), 0);
  if (!help.details.empty()) out += "\n" + wrap(help.details, 1);
  if (app->get_parent() == nullptr) out += "\n" + command_list(app, help);
  if (!help.examples.empty()) {
    out += "\nExamples:\n";
    for (size_t i = 0; i < help.examples.size(); ++i) {
      if (i > 0) out += "\n";
      out += "  # " + help.examples[i].first + "\n";
      out += "  " + program_ + " " + help.examples[i].second + "\n";
    }
  }
  out += "\n" + options(app);
  if (!help.exit_codes.empty()) {
    out += "\nExit status:\n";
    for (const auto& [code, meaning] : help.exit_codes) out += "  " + code + wrap(meaning, 2 + code.size() + 2).substr(2 + code.size());
  }
  out += "\nUsage:\n  " + name + " " + help.usage + "\n";
  if (!help.footer.empty()) out += "\n" + wrap(help.footer, 0);
  return out;
}

}  // namespace podfit
