#include "podfit/cli/usage.h"

#include <cctype>
#include <set>

#include "podfit/util/strings.h"
#include "suggestion.h"

namespace podfit {
namespace {

// The words podfit answers to besides its commands.
const std::vector<std::string> kBuiltinCommands = {"help", "version"};

std::string usage_hint(const CommandLine& line, const CLI::App* command) {
  const std::string path = command == &line.app ? line.program : line.program + " " + command->get_name();
  return "Run '" + path + " --help' for usage.\n";
}

std::vector<std::string> command_names(const CommandLine& line) {
  std::vector<std::string> names;
  for (const CLI::App* command : commands(line)) names.push_back(command->get_name());
  names.insert(names.end(), kBuiltinCommands.begin(), kBuiltinCommands.end());
  return names;
}

std::string unknown_command(const CommandLine& line, const std::string& typed) {
  std::string out = "error: unknown command \"" + typed + "\" for \"" + line.program + "\"\n";
  const std::vector<std::string> close = close_names(typed, command_names(line));
  if (!close.empty()) {
    out += "\nDid you mean this?\n";
    for (const std::string& name : close) out += "\t" + name + "\n";
  }
  return out + "\n" + usage_hint(line, &line.app);
}

// "Did you mean --pod?" for the long flag of `command` closest to `typed` (its name without dashes).
std::string flag_suggestion(const CLI::App* command, const std::string& typed) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command->get_options()) {
    // --v (kubectl's -v) is one letter: every short typo would be "close" to it.
    for (const std::string& name : option->get_lnames()) {
      if (name.size() > 1) names.push_back(name);
    }
  }
  const std::string closest = closest_name(typed, names);
  return closest.empty() ? "" : "Did you mean --" + closest + "?\n";
}

bool is_negative_number(const std::string& word) {
  return word.size() >= 2 && word[0] == '-' && std::isdigit(static_cast<unsigned char>(word[1]));
}

// A word that CLI11 reads as a flag rather than as a value.
bool looks_like_flag(const std::string& word) {
  return word.size() >= 2 && word[0] == '-' && !is_negative_number(word);
}

bool takes_value(const CLI::Option* option) { return option->get_expected_max() > 0; }

// How the words after a command use its flags: each flag seen, in order, and the words that are
// no flag's value.
struct CommandWords {
  std::vector<const CLI::Option*> seen;
  std::vector<std::string> arguments;
  bool help = false;
};

// Walks the words after a command as CLI11 will parse them; an error for what it cannot parse.
std::string read_command_words(const CommandLine& line, const CLI::App* command, const std::vector<std::string>& args,
                               size_t first, CommandWords& words) {
  const std::string hint = usage_hint(line, command);
  auto note = [&](const CLI::Option* option) {
    words.seen.push_back(option);
    if (option == command->get_help_ptr()) words.help = true;
  };
  // The value of `option` from the next word, if it has one there: as pflag, any word but "--"
  // for a flag that needs a value ("--pod -web.yaml"), a word that is no flag for one that may
  // go without.
  auto read_value = [&](const CLI::Option* option, const std::string& as_typed, size_t& i) -> std::string {
    const bool needs = option->get_expected_min() > 0;
    const bool has_next = i + 1 < args.size() && args[i + 1] != "--" && (needs || !looks_like_flag(args[i + 1]));
    if (has_next) {
      ++i;
      return {};
    }
    if (option->get_expected_min() == 0) return {};
    return "error: flag needs an argument: " + as_typed + "\n" + hint;
  };
  bool only_arguments = false;
  for (size_t i = first; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (only_arguments || !looks_like_flag(word)) {
      words.arguments.push_back(word);
      continue;
    }
    if (word == "--") {
      only_arguments = true;
      continue;
    }
    if (word.rfind("--", 0) == 0) {
      const size_t equals = word.find('=');
      const std::string name = word.substr(2, equals == std::string::npos ? std::string::npos : equals - 2);
      const CLI::Option* option = command->get_option_no_throw("--" + name);
      if (option == nullptr) {
        return "error: unknown flag: --" + name + "\n" + flag_suggestion(command, name) + hint;
      }
      note(option);
      if (takes_value(option) && equals == std::string::npos) {
        std::string error = read_value(option, "--" + name, i);
        if (!error.empty()) return error;
      }
      // A boolean flag's value in one of the forms strconv.ParseBool reads, as pflag takes them.
      if (!takes_value(option) && equals != std::string::npos && !parse_go_bool(word.substr(equals + 1))) {
        return "error: invalid argument \"" + word.substr(equals + 1) + "\" for \"--" + name +
               "\": must be true or false\n" + hint;
      }
      continue;
    }
    // -abc: flags -a and -b and -c, or -a and the value "bc", as pflag and CLI11 read them.
    for (size_t j = 1; j < word.size(); ++j) {
      const std::string name(1, word[j]);
      const CLI::Option* option = command->get_option_no_throw("-" + name);
      if (option == nullptr) {
        return "error: unknown shorthand flag: '" + name + "' in " + word + "\n" + flag_suggestion(command, name) + hint;
      }
      note(option);
      if (!takes_value(option)) continue;
      if (j + 1 == word.size()) {
        std::string error = read_value(option, "-" + name, i);
        if (!error.empty()) return error;
      }
      break;
    }
  }
  return {};
}

std::string quoted_list(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "\"" : ", \"") + word + "\"";
  return out;
}

// What the words after `command` are wrong in, or "".
std::string command_usage_error(const CommandLine& line, const CLI::App* command, const std::vector<std::string>& args,
                                size_t first) {
  CommandWords words;
  std::string error = read_command_words(line, command, args, first, words);
  if (!error.empty() || words.help) return error;
  const std::string hint = usage_hint(line, command);
  const std::string path = line.program + " " + command->get_name();
  if (!words.arguments.empty()) {
    const bool takes_pods = command->get_option_no_throw("--pod") != nullptr;
    return "error: " + path + " takes no arguments, got " + quoted_list(words.arguments) + ": give files with -f" +
           (takes_pods ? " or --pod" : "") + "\n" + hint;
  }
  const std::set<const CLI::Option*> seen(words.seen.begin(), words.seen.end());
  for (const CLI::Option* option : command->get_options()) {
    if (option->get_required() && seen.count(option) == 0) {
      return "error: required flag " + option->get_name() + " not set\n" + hint;
    }
  }
  for (const CLI::Option* option : words.seen) {
    for (const CLI::Option* excluded : option->get_excludes()) {
      if (seen.count(excluded) > 0) {
        return "error: " + option->get_name() + " and " + excluded->get_name() + " cannot be used together\n" + hint;
      }
    }
  }
  return {};
}

const CLI::App* find_command(const CommandLine& line, const std::string& name) {
  for (const CLI::App* command : commands(line)) {
    if (command->get_name() == name) return command;
  }
  return nullptr;
}

}  // namespace

std::string usage_error(const CommandLine& line, const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (looks_like_flag(word)) {
      const CLI::Option* option = line.app.get_option_no_throw(word);
      if (option != nullptr) return {};  // --help, --version: CLI11 answers them
      const std::string name = word.substr(word.rfind("--", 0) == 0 ? 2 : 1);
      const std::string unknown = word.rfind("--", 0) == 0 ? "error: unknown flag: " + word + "\n"
                                                            : "error: unknown shorthand flag: '" + name.substr(0, 1) +
                                                                  "' in " + word + "\n";
      return unknown + flag_suggestion(&line.app, name) + usage_hint(line, &line.app);
    }
    const CLI::App* command = find_command(line, word);
    if (command == nullptr) return unknown_command(line, word);
    return command_usage_error(line, command, args, i + 1);
  }
  return {};
}

std::vector<std::string> split_short_flag_values(const CommandLine& line, std::vector<std::string> args) {
  const CLI::App* command = nullptr;
  std::vector<std::string> out;
  for (size_t k = 0; k < args.size(); ++k) {
    std::string& word = args[k];
    if (command == nullptr) {
      command = find_command(line, word);
    } else if (word == "--") {
      command = &line.app;  // the rest are arguments, left as they are
    } else if (command != &line.app && word.size() > 2 && word[0] == '-' && word[2] == '=') {
      const CLI::Option* option = command->get_option_no_throw(word.substr(0, 2));
      if (option != nullptr && takes_value(option)) {
        out.push_back(word.substr(0, 2));
        out.push_back(word.substr(3));
        continue;
      }
    } else if (command != &line.app && word.size() > 1 && word[0] == '-') {
      const bool long_flag = word.rfind("--", 0) == 0;
      const size_t equals = long_flag ? word.find('=') : std::string::npos;
      const std::string name = word.substr(0, equals);
      const CLI::Option* option = long_flag || word.size() == 2 ? command->get_option_no_throw(name) : nullptr;
      if (option != nullptr && equals != std::string::npos) {
        const std::string value = word.substr(equals + 1);
        if (!takes_value(option)) {
          // pflag's boolean spellings, in words CLI11 reads.
          if (auto b = parse_go_bool(value)) word = name + (*b ? "=true" : "=false");
        } else if (value.empty()) {
          // "--max-objects=": the value is the empty word, not the word after.
          out.push_back(name);
          out.push_back("");
          continue;
        }
      } else if (option != nullptr && option->get_expected_min() > 0 && k + 1 < args.size() &&
                 args[k + 1].size() > 1 && args[k + 1][0] == '-' && args[k + 1] != "--") {
        // A value that begins with '-' ("--pod -web.yaml"), handed to CLI11 attached.
        out.push_back(long_flag ? name + "=" + args[k + 1] : name + args[k + 1]);
        ++k;
        continue;
      }
    }
    out.push_back(std::move(word));
  }
  return out;
}

std::string usage_error(const CommandLine& line, const CLI::ParseError& error) {
  const CLI::App* command = &line.app;
  for (const CLI::App* candidate : commands(line)) {
    if (candidate->parsed()) command = candidate;
  }
  std::string message = error.what();
  // Our validators word the whole message; CLI11 puts the flag's name before it.
  if (dynamic_cast<const CLI::ValidationError*>(&error) != nullptr) {
    const size_t colon = message.find(": ");
    if (colon != std::string::npos) message = message.substr(colon + 2);
  }
  // The numbers are validated before conversion: what CLI11 cannot convert is a flag's value,
  // "Could not convert: --all-reasons = maybe".
  const std::string not_converted = "Could not convert: ";
  const size_t equals = message.find(" = ");
  if (dynamic_cast<const CLI::ConversionError*>(&error) != nullptr && message.rfind(not_converted, 0) == 0 &&
      equals != std::string::npos) {
    const std::string flag = message.substr(not_converted.size(), equals - not_converted.size());
    const std::string value = message.substr(equals + 3);
    const CLI::Option* option = command->get_option_no_throw(flag);
    message = "invalid argument \"" + value + "\" for \"" + flag + "\"" +
              (option != nullptr && !takes_value(option) ? ": must be true or false" : "");
  }
  return "error: " + message + "\n" + usage_hint(line, command);
}

int help_command(const CommandLine& line, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    out << line.app.help();
    return 0;
  }
  if (args.size() > 1) {
    err << "error: " << line.program << " help takes one command, got " << quoted_list(args) << "\n"
        << usage_hint(line, &line.app);
    return 2;
  }
  const CLI::App* command = find_command(line, args[0]);
  if (command == nullptr) {
    if (args[0] == "help" || args[0] == "version") {
      out << line.app.help();
      return 0;
    }
    err << unknown_command(line, args[0]);
    return 2;
  }
  out << command->help(line.program);
  return 0;
}

int version_command(const CommandLine& line, const std::vector<std::string>& args, std::ostream& out,
                    std::ostream& err) {
  if (!args.empty()) {
    err << "error: " << line.program << " version takes no arguments, got " << quoted_list(args) << "\n"
        << usage_hint(line, &line.app);
    return 2;
  }
  out << version_text() << "\n";
  return 0;
}

}  // namespace podfit
