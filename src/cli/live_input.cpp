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

#include <fmt/format.h>

extern char** environ;

namespace podfit {

const char* const kLiveKinds =
    "nodes,pods,namespaces,persistentvolumes,persistentvolumeclaims,storageclasses.storage.k8s.io,"
    "csinodes.storage.k8s.io,csidrivers.storage.k8s.io,csistoragecapacities.storage.k8s.io,"
    "priorityclasses.scheduling.k8s.io,runtimeclasses.node.k8s.io,limitranges,resourcequotas,poddisruptionbudgets.policy,"
    "resourceslices.resource.k8s.io,deviceclasses.resource.k8s.io";

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

}  // namespace

std::vector<std::string> kubectl_get_arguments(const std::string& kubeconfig, const std::string& context) {
  std::vector<std::string> args;
  if (!kubeconfig.empty()) args.push_back("--kubeconfig=" + kubeconfig);
  if (!context.empty()) args.push_back("--context=" + context);
  for (const char* word : {"get", kLiveKinds, "--all-namespaces", "--output=json"}) args.emplace_back(word);
  return args;
}

std::string kubectl_program() {
  const char* chosen = std::getenv("KUBECTL");
  return chosen != nullptr && *chosen != '\0' ? std::string(chosen) : std::string("kubectl");
}

std::optional<LoadError> load_live_cluster_state(const std::string& kubeconfig, const std::string& context,
                                                 const LoadOptions& options, ClusterState& out, std::ostream& err) {
  const std::string program = kubectl_program();
  const std::vector<std::string> args = kubectl_get_arguments(kubeconfig, context);
  std::string command = shell_quote(program);
  for (const std::string& arg : args) command += " " + shell_quote(arg);

  int output[2];
  if (::pipe2(output, O_CLOEXEC) != 0) return LoadError{fmt::format("--live: cannot create a pipe: {}", std::strerror(errno))};
  // kubectl's messages are kept aside: copied as they are once it ends, never mixed with ours.
  std::FILE* messages = std::tmpfile();
  if (messages == nullptr) {
    ::close(output[0]);
    ::close(output[1]);
    return LoadError{fmt::format("--live: cannot create a temporary file: {}", std::strerror(errno))};
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fileno(messages), STDERR_FILENO);
  // A terminal stays kubectl's (credential plugins may ask for a login); piped input is podfit's.
  if (!::isatty(STDIN_FILENO)) posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
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

  std::optional<LoadError> loaded = load_cluster_state_fd(output[0], kSourceName, options, out);
  ::close(output[0]);  // if reading stopped early, kubectl meets a closed pipe and ends
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const std::string said = read_back(fileno(messages));
  std::fclose(messages);

  const bool succeeded = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  const bool cut_off = WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE;
  if (!succeeded && !(cut_off && loaded)) {
    err << said;
    return LoadError{fmt::format("--live: kubectl failed ({}) running: {}", describe_status(status), command)};
  }
  err << said;  // kubectl's warnings, as kubectl shows them
  return loaded;
}

}  // namespace podfit
