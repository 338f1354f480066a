#include "podfit/cli/completion.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <optional>
#include <set>
#include <sstream>

#include "podfit/cli/live_input.h"
#include "podfit/load/loader.h"

extern char** environ;

namespace podfit {
namespace {

struct Offer {
  std::string value;
  std::string description;
};

// Flags whose value is a manifest file: offered as .yaml, .yml and .json files.
// The flags whose value is a node of the cluster state.
bool is_node_flag(std::string_view flag) { return flag == "--node" || flag == "--remove-node" || flag == "--cordon"; }

const std::set<std::string> kManifestFlags = {"--filename", "--pod", "--config", "--old", "--new", "--add-node"};

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

bool takes_value(const CLI::Option* option) { return option->get_expected_max() > 0; }

// What the words before the one being completed say: the command, the flags given with
// their values, and the flag still waiting for its value, if any.
struct LineSoFar {
  const CLI::App* command = nullptr;
  std::map<std::string, std::vector<std::string>> values;  // by the option's long name, e.g. "--filename"
  std::set<const CLI::Option*> given;
  const CLI::Option* waiting = nullptr;
  bool live = false;       // --live: the cluster kubectl reads, not -f
  bool recursive = false;  // -R
};

void note_value(LineSoFar& so_far, const CLI::Option* option, const std::string& value) {
  so_far.values[option->get_name()].push_back(value);
}

LineSoFar read_line(const CommandLine& line, const std::vector<std::string>& before) {
  LineSoFar so_far;
  for (const std::string& word : before) {
    if (so_far.command == nullptr) {
      if (starts_with(word, "-")) continue;
      for (const CLI::App* command : commands(line)) {
        if (command->get_name() == word) so_far.command = command;
      }
      if (so_far.command == nullptr) return so_far;  // an unknown command: nothing to offer
      continue;
    }
    if (so_far.waiting != nullptr) {
      const bool optional_value = so_far.waiting->get_expected_min() == 0;
      const CLI::Option* waiting = so_far.waiting;
      so_far.waiting = nullptr;
      if (!(optional_value && starts_with(word, "-"))) {
        note_value(so_far, waiting, word);
        continue;
      }
    }
    if (!starts_with(word, "-") || word == "-" || word == "--") continue;
    const size_t equals = word.find('=');
    const bool long_flag = starts_with(word, "--");
    const std::string name = long_flag ? word.substr(0, equals) : word.substr(0, 2);
    const CLI::Option* option = so_far.command->get_option_no_throw(name);
    if (option == nullptr) continue;
    so_far.given.insert(option);
    if (option->get_name() == "--live") so_far.live = true;
    if (option->get_name() == "--recursive") so_far.recursive = true;
    if (!takes_value(option)) continue;
    if (long_flag && equals != std::string::npos) {
      note_value(so_far, option, word.substr(equals + 1));
    } else if (!long_flag && word.size() > 2) {
      note_value(so_far, option, word.substr(2));  // -ojson
    } else {
      so_far.waiting = option;
    }
  }
  return so_far;
}

std::string last_value(const LineSoFar& so_far, const std::string& flag) {
  const auto found = so_far.values.find(flag);
  return found == so_far.values.end() || found->second.empty() ? "" : found->second.back();
}

// kubectl's standard output for `args`, or "" when it cannot be run or fails.
std::string run_kubectl(const std::vector<std::string>& args) {
  const std::string program = kubectl_program();
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  int output[2];
  if (::pipe2(output, O_CLOEXEC) != 0) return {};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO);
  // Completion runs while the user types: kubectl's complaints would land on their prompt.
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(output[1]);
  std::string text;
  if (spawned == 0) {
    char buffer[4096];
    for (;;) {
      const ssize_t n = ::read(output[0], buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      text.append(buffer, static_cast<size_t>(n));
    }
  }
  ::close(output[0]);
  if (spawned != 0) return {};
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? text : "";
}

// kubectl's choice of cluster as the line makes it: --kubeconfig and --context already given.
std::vector<std::string> kubectl_cluster_flags(const LineSoFar& so_far, bool with_context) {
  std::vector<std::string> flags;
  const std::string kubeconfig = last_value(so_far, "--kubeconfig");
  if (!kubeconfig.empty()) flags.push_back("--kubeconfig=" + kubeconfig);
  const std::string context = last_value(so_far, "--context");
  if (with_context && !context.empty()) flags.push_back("--context=" + context);
  return flags;
}

// Names from `kubectl ... -o name` output, their "kind/" prefix dropped.
std::vector<std::string> names_from(const std::string& output) {
  std::vector<std::string> names;
  std::istringstream lines(output);
  std::string name;
  while (std::getline(lines, name)) {
    const size_t slash = name.find('/');
    if (slash != std::string::npos) name = name.substr(slash + 1);
    if (!name.empty()) names.push_back(name);
  }
  return names;
}

std::vector<std::string> kubeconfig_contexts(const LineSoFar& so_far) {
  std::vector<std::string> args = kubectl_cluster_flags(so_far, false);
  args.insert(args.end(), {"config", "get-contexts", "-o", "name"});
  return names_from(run_kubectl(args));
}

// The objects of a kind in the cluster kubectl reads (`resource` as kubectl names it).
std::vector<std::string> cluster_names(const LineSoFar& so_far, const std::string& resource) {
  std::vector<std::string> args = kubectl_cluster_flags(so_far, true);
  args.insert(args.end(), {"get", resource, "-o", "name", "--request-timeout=5s"});
  return names_from(run_kubectl(args));
}

// The cluster state of the -f files on the line (standard input left alone), read quietly:
// whatever cannot be read is left out.
std::optional<ClusterState> manifests_on_line(const LineSoFar& so_far) {
  const auto found = so_far.values.find("--filename");
  if (found == so_far.values.end() || so_far.live) return std::nullopt;
  std::vector<std::string> paths;
  for (const std::string& path : found->second) {
    if (path != "-") paths.push_back(path);
  }
  if (paths.empty()) return std::nullopt;
  LoadOptions options;
  options.validation = FieldValidation::Ignore;
  options.recursive = so_far.recursive;
  ClusterState state;
  for (const std::string& path : paths) {
    if (load_cluster_state({path}, options, state)) continue;  // unreadable: the others still count
  }
  return state;
}

std::vector<std::string> namespaces_of(const ClusterState& state) {
  std::set<std::string> names;
  for (const Namespace& ns : state.namespaces) names.insert(ns.metadata.name);
  for (const Pod& pod : state.pods) names.insert(pod.metadata.namespace_);
  return {names.begin(), names.end()};
}

std::vector<std::string> node_names_of(const ClusterState& state) {
  std::vector<std::string> names;
  for (const Node& node : state.nodes) names.push_back(node.metadata.name);
  return names;
}

std::vector<std::string> device_class_names_of(const ClusterState& state) {
  std::vector<std::string> names;
  for (const DeviceClass& device_class : state.device_classes) names.push_back(device_class.metadata.name);
  return names;
}

struct Completion {
  std::vector<Offer> candidates;
  int directive = kCompleteNoFiles;
};

Completion words_matching(const std::vector<std::string>& words, const std::string& typed, const std::string& prefix = "") {
  Completion completion;
  for (const std::string& word : words) {
    if (starts_with(word, typed)) completion.candidates.push_back({prefix + word, ""});
  }
  return completion;
}

// The values `option` takes, for `typed` (`prefix` goes before each: "--output=").
Completion complete_value(const CommandLine& line, const LineSoFar& so_far, const CLI::Option* option,
                          const std::string& typed, const std::string& prefix) {
  const std::string flag = option->get_name();
  if (const auto choices = line.choices.find(option); choices != line.choices.end()) {
    return words_matching(choices->second, typed, prefix);
  }
  if (kManifestFlags.count(flag) > 0) {
    return {{{"yaml", ""}, {"yml", ""}, {"json", ""}}, kCompleteFileExtensions};
  }
  if (flag == "--kubeconfig") return {{}, kCompleteDefault};
  if (flag == "--context") return words_matching(kubeconfig_contexts(so_far), typed, prefix);
  const std::optional<ClusterState> manifests =
      flag == "--namespace" || is_node_flag(flag) || flag == "--class" ? manifests_on_line(so_far) : std::nullopt;
  if (flag == "--namespace") {
    return words_matching(manifests ? namespaces_of(*manifests) : cluster_names(so_far, "namespaces"), typed, prefix);
  }
  if (is_node_flag(flag)) {
    return words_matching(manifests ? node_names_of(*manifests) : cluster_names(so_far, "nodes"), typed, prefix);
  }
  if (flag == "--class") {
    return words_matching(
        manifests ? device_class_names_of(*manifests) : cluster_names(so_far, "deviceclasses.resource.k8s.io"), typed,
        prefix);
  }
  return {};  // a number, an expression: nothing to offer
}

// The flags of `command` that start with `typed`; flags given once already are left out,
// unless they take several values.
Completion complete_flags(const CLI::App* command, const LineSoFar& so_far, const std::string& typed,
                          bool required_only) {
  Completion completion;
  for (const CLI::Option* option : command->get_options()) {
    if (option->get_group().empty()) continue;
    if (required_only && !option->get_required()) continue;
    const bool repeatable = option->get_items_expected_max() > 1;
    if (so_far.given.count(option) > 0 && !repeatable) continue;
    const std::set<CLI::Option*> excluded = option->get_excludes();
    const bool excluded_by_given = std::any_of(excluded.begin(), excluded.end(),
                                               [&](const CLI::Option* other) { return so_far.given.count(other) > 0; });
    if (excluded_by_given) continue;
    std::vector<std::string> names;
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    for (const std::string& name : option->get_snames()) names.push_back("-" + name);
    for (const std::string& name : names) {
      if (starts_with(name, typed)) completion.candidates.push_back({name, option->get_description()});
    }
  }
  return completion;
}

Completion complete_word(const CommandLine& line, const std::vector<std::string>& before, const std::string& typed) {
  const LineSoFar so_far = read_line(line, before);
  if (so_far.command == nullptr) {
    const bool after_command = std::any_of(before.begin(), before.end(), [](const std::string& word) {
      return !starts_with(word, "-");
    });
    if (after_command) {
      // `podfit help <TAB>`: the commands whose help there is.
      if (before.size() == 1 && before[0] == "help") {
        Completion completion;
        for (const CLI::App* command : commands(line)) {
          if (starts_with(command->get_name(), typed)) completion.candidates.push_back({command->get_name(), command->get_description()});
        }
        return completion;
      }
      return {};
    }
    if (starts_with(typed, "-")) return complete_flags(&line.app, so_far, typed, false);
    Completion completion;
    for (const CLI::App* command : commands(line)) {
      if (starts_with(command->get_name(), typed)) completion.candidates.push_back({command->get_name(), command->get_description()});
    }
    for (const auto& [name, description] :
         {std::pair<std::string, std::string>{"help", "Help about any command"},
          {"version", "Print the version and the kube-scheduler release podfit follows"}}) {
      if (starts_with(name, typed)) completion.candidates.push_back({name, description});
    }
    return completion;
  }
  if (so_far.waiting != nullptr && !(so_far.waiting->get_expected_min() == 0 && starts_with(typed, "-"))) {
    return complete_value(line, so_far, so_far.waiting, typed, "");
  }
  if (starts_with(typed, "--") && typed.find('=') != std::string::npos) {
    const size_t equals = typed.find('=');
    const CLI::Option* option = so_far.command->get_option_no_throw(typed.substr(0, equals));
    if (option == nullptr || !takes_value(option)) return {};
    return complete_value(line, so_far, option, typed.substr(equals + 1), typed.substr(0, equals + 1));
  }
  if (starts_with(typed, "-")) return complete_flags(so_far.command, so_far, typed, false);
  return complete_flags(so_far.command, so_far, typed, true);  // as cobra does: the flags still required
}

}  // namespace

int complete(const CommandLine& line, const std::vector<std::string>& words, std::ostream& out) {
  const std::string typed = words.empty() ? "" : words.back();
  const std::vector<std::string> before(words.begin(), words.empty() ? words.begin() : words.end() - 1);
  const Completion completion = complete_word(line, before, typed);
  for (const Offer& candidate : completion.candidates) {
    out << candidate.value;
    if (!candidate.description.empty()) out << '\t' << candidate.description;
    out << '\n';
  }
  out << ':' << completion.directive << '\n';
  return 0;
}

}  // namespace podfit
