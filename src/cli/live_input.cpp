#include "podfit/cli/live_input.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

extern char** environ;

namespace podfit {

const char* const kLiveKinds =
    "nodes,pods,namespaces,persistentvolumes,persistentvolumeclaims,storageclasses.storage.k8s.io,"
    "csinodes.storage.k8s.io,csidrivers.storage.k8s.io,csistoragecapacities.storage.k8s.io,"
    "priorityclasses.scheduling.k8s.io,runtimeclasses.node.k8s.io,limitranges,resourcequotas,poddisruptionbudgets.policy,"
    "resourceslices.resource.k8s.io,deviceclasses.resource.k8s.io,resourceclaims.resource.k8s.io,"
    "resourceclaimtemplates.resource.k8s.io,devicetaintrules.resource.k8s.io";

namespace {

// The name the cluster state goes by in messages ("kubectl get: document 1, items[7] (Pod ...)").
constexpr const char* kSourceName = "kubectl get";

// A word as a POSIX shell reads it back, so a message's command line can be pasted.
std::string shell_quote(const std::string& word) {
  const bool plain = !word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                             "0123456789-_./=:,@+%") == std::string::npos;
  if (plain) return word;
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string read_back(int fd) {
  std::string text;
  if (::lseek(fd, 0, SEEK_SET) < 0) return text;
  char buffer[4096];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  if (!text.empty() && text.back() != '\n') text += '\n';
  return text;
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return fmt::format("exit status {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return fmt::format("killed by signal {} ({})", WTERMSIG(status), strsignal(WTERMSIG(status)));
  return "stopped";
}

// The words of a `kubectl get` resource list ("nodes,storageclasses.storage.k8s.io"), empty ones
// left out.
std::vector<std::string> resource_words(const std::string& resources) {
  std::vector<std::string> words;
  size_t start = 0;
  while (start <= resources.size()) {
    size_t comma = resources.find(',', start);
    if (comma == std::string::npos) comma = resources.size();
    if (comma > start) words.push_back(resources.substr(start, comma - start));
    start = comma + 1;
  }
  return words;
}

}  // namespace

std::vector<std::string> kubectl_get_arguments(const std::string& kubeconfig, const std::string& context,
                                               const std::string& kinds) {
  std::vector<std::string> args;
  if (!kubeconfig.empty()) args.push_back("--kubeconfig=" + kubeconfig);
  if (!context.empty()) args.push_back("--context=" + context);
  for (const std::string& word : {std::string("get"), kinds.empty() ? std::string(kLiveKinds) : kinds,
                                  std::string("--all-namespaces"), std::string("--output=json")}) {
    args.push_back(word);
  }
  return args;
}

std::optional<std::string> without_missing_kind(const std::string& kinds, const std::string& kubectl_said,
                                                std::string* dropped) {
  // kubectl names the first type the server lacks, by its plural name, and fetches nothing.
  static constexpr std::string_view kMissing = "the server doesn't have a resource type \"";
  const size_t at = kubectl_said.find(kMissing);
  if (at == std::string::npos) return std::nullopt;
  const size_t begin = at + kMissing.size();
  const size_t end = kubectl_said.find('"', begin);
  if (end == std::string::npos) return std::nullopt;
  const std::string type = kubectl_said.substr(begin, end - begin);
  std::string rest;
  bool found = false;
  for (const std::string& kind : resource_words(kinds)) {
    const std::string plural = kind.substr(0, kind.find('.'));
    // Nodes and pods are the cluster state itself: a server without them is not one to read.
    if (!found && (kind == type || plural == type) && plural != "nodes" && plural != "pods") {
      found = true;
      *dropped = kind;
    } else {
      rest += (rest.empty() ? "" : ",") + kind;
    }
  }
  if (!found) return std::nullopt;
  return rest;
}

std::string kubectl_program() {
  const char* chosen = std::getenv("KUBECTL");
  return chosen != nullptr && *chosen != '\0' ? std::string(chosen) : std::string("kubectl");
}

namespace {

// Starts `program args` with standard output on `out_fd` and standard error on `err_fd` (-1:
// /dev/null); posix_spawnp's error, or 0 with the child in *pid.
int spawn(const std::string& program, const std::vector<std::string>& args, int out_fd, int err_fd, pid_t* pid) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out_fd, STDOUT_FILENO);
  if (err_fd >= 0) posix_spawn_file_actions_adddup2(&actions, err_fd, STDERR_FILENO);
  else posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  // A terminal stays kubectl's (credential plugins may ask for a login); piped input is podfit's.
  if (!::isatty(STDIN_FILENO)) posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  const int spawned = posix_spawnp(pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return spawned;
}

struct KubectlRun {
  std::optional<LoadError> loaded;  // what reading its output gave
  int status = 0;
  std::string said;  // its standard error
  std::string command;
};

// One `kubectl get KINDS`, its output read as the cluster state while it is printed.
std::optional<LoadError> run_kubectl_get(const std::string& kubeconfig, const std::string& context,
                                         const std::string& kinds, const LoadOptions& options, ClusterState& out,
                                         KubectlRun& run) {
  const std::string program = kubectl_program();
  const std::vector<std::string> args = kubectl_get_arguments(kubeconfig, context, kinds);
  run.command = shell_quote(program);
  for (const std::string& arg : args) run.command += " " + shell_quote(arg);

  int output[2];
  if (::pipe2(output, O_CLOEXEC) != 0) return LoadError{fmt::format("--live: cannot create a pipe: {}", std::strerror(errno))};
  // kubectl's messages are kept aside: copied as they are once it ends, never mixed with ours.
  std::FILE* messages = std::tmpfile();
  if (messages == nullptr) {
    ::close(output[0]);
    ::close(output[1]);
    return LoadError{fmt::format("--live: cannot create a temporary file: {}", std::strerror(errno))};
  }
  pid_t pid = 0;
  const int spawned = spawn(program, args, output[1], fileno(messages), &pid);
  ::close(output[1]);
  if (spawned != 0) {
    ::close(output[0]);
    std::fclose(messages);
    if (spawned == ENOENT) {
      return LoadError{fmt::format("--live: {} not found{}: install kubectl, set KUBECTL to its path, or give the "
                                   "cluster state with -f",
                                   program, program.find('/') == std::string::npos ? " in PATH" : "")};
    }
    return LoadError{fmt::format("--live: cannot run {}: {}", program, std::strerror(spawned))};
  }

  run.loaded = load_cluster_state_fd(output[0], kSourceName, options, out);
  ::close(output[0]);  // if reading stopped early, kubectl meets a closed pipe and ends
  while (::waitpid(pid, &run.status, 0) < 0 && errno == EINTR) {
  }
  run.said = read_back(fileno(messages));
  std::fclose(messages);
  return std::nullopt;
}

// The kinds of a `kubectl get` resource list ("nodes,storageclasses.storage.k8s.io").
std::vector<std::string> kinds_of(const std::string& resources) {
  static const std::map<std::string, std::string, std::less<>> kKinds = {
      {"nodes", "Node"}, {"pods", "Pod"}, {"namespaces", "Namespace"}, {"persistentvolumes", "PersistentVolume"},
      {"persistentvolumeclaims", "PersistentVolumeClaim"}, {"storageclasses", "StorageClass"},
      {"csinodes", "CSINode"}, {"csidrivers", "CSIDriver"}, {"csistoragecapacities", "CSIStorageCapacity"},
      {"priorityclasses", "PriorityClass"}, {"runtimeclasses", "RuntimeClass"}, {"limitranges", "LimitRange"},
      {"resourcequotas", "ResourceQuota"}, {"poddisruptionbudgets", "PodDisruptionBudget"},
      {"resourceslices", "ResourceSlice"}, {"deviceclasses", "DeviceClass"}, {"resourceclaims", "ResourceClaim"},
      {"resourceclaimtemplates", "ResourceClaimTemplate"}, {"devicetaintrules", "DeviceTaintRule"}};
  std::vector<std::string> kinds;
  for (const std::string& word : resource_words(resources)) {
    if (auto it = kKinds.find(word.substr(0, word.find('.'))); it != kKinds.end()) kinds.push_back(it->second);
  }
  return kinds;
}

}  // namespace

std::optional<LoadError> load_live_cluster_state(const std::string& kubeconfig, const std::string& context,
                                                 const LoadOptions& options, ClusterState& out, std::ostream& err) {
  std::string kinds = kLiveKinds;
  for (;;) {
    KubectlRun run;
    if (auto failed = run_kubectl_get(kubeconfig, context, kinds, options, out, run)) return failed;
    const bool succeeded = WIFEXITED(run.status) && WEXITSTATUS(run.status) == 0;
    const bool cut_off = WIFSIGNALED(run.status) && WTERMSIG(run.status) == SIGPIPE;
    if (succeeded || (cut_off && run.loaded)) {
      err << run.said;  // kubectl's warnings, as kubectl shows them
      // The API server's answer is the whole of each kind asked for, none of them included.
      if (succeeded && !run.loaded) {
        for (std::string& kind : kinds_of(kinds)) out.listed_kinds.insert(std::move(kind));
      }
      return run.loaded;
    }
    // An older cluster without a kind podfit reads (ResourceSlices before v1.34): read the rest.
    std::string dropped;
    if (auto rest = without_missing_kind(kinds, run.said, &dropped)) {
      err << fmt::format("podfit: --live: the cluster serves no {}: read without them\n", dropped);
      kinds = *rest;
      out = ClusterState{};
      continue;
    }
    err << run.said;
    return LoadError{fmt::format("--live: kubectl failed ({}) running: {}", describe_status(run.status), run.command)};
  }
}

std::optional<std::string> kubectl_server_version(const std::string& kubeconfig, const std::string& context) {
  const std::string program = kubectl_program();
  std::vector<std::string> args;
  if (!kubeconfig.empty()) args.push_back("--kubeconfig=" + kubeconfig);
  if (!context.empty()) args.push_back("--context=" + context);
  args.push_back("version");
  args.push_back("--output=json");
  std::FILE* output = std::tmpfile();
  if (output == nullptr) return std::nullopt;
  pid_t pid = 0;
  // Its complaints (an unreachable server) are said again, in full, by the `kubectl get` that follows.
  const int spawned = spawn(program, args, fileno(output), -1, &pid);
  if (spawned != 0) {
    std::fclose(output);
    return std::nullopt;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const std::string text = read_back(fileno(output));
  std::fclose(output);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  const nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
  if (!parsed.is_object() || !parsed.contains("serverVersion")) return std::nullopt;
  const nlohmann::json& server = parsed["serverVersion"];
  if (!server.is_object() || !server.contains("gitVersion") || !server["gitVersion"].is_string()) return std::nullopt;
  return server["gitVersion"].get<std::string>();
}

}  // namespace podfit
