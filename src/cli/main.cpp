// podfit: will this pod schedule, and if not, why not, node by node?
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <cstdlib>
#include <iostream>
#include <string>
#include <streambuf>
#include <string_view>

#include <CLI/CLI.hpp>

#include "podfit/cli/admit_command.h"
#include "podfit/cli/check_command.h"
#include "podfit/cli/color.h"
#include "podfit/cli/devices_command.h"
#include "podfit/cli/place_command.h"
#include "podfit/cli/requeue_command.h"
#include "podfit/kubernetes_release.h"

namespace {

// Standard output through write(2), remembering the first error, so that a report that could
// not be written whole (a full disk, /dev/full) is reported with its reason.
class StdoutBuffer final : public std::streambuf {
 public:
  StdoutBuffer() { setp(buffer_, buffer_ + sizeof buffer_); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* data, std::streamsize n) override {
    if (n < static_cast<std::streamsize>(sizeof buffer_)) return std::streambuf::xsputn(data, n);
    if (!drain() || !write_all(data, static_cast<size_t>(n))) return 0;  // large reports go straight out
    return n;
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const size_t n = static_cast<size_t>(pptr() - pbase());
    setp(buffer_, buffer_ + sizeof buffer_);
    return write_all(buffer_, n);
  }
  bool write_all(const char* data, size_t n) {
    while (n > 0 && error_ == 0) {
      const ssize_t done = ::write(STDOUT_FILENO, data, n);
      if (done < 0 && errno == EINTR) continue;
      if (done <= 0) {
        error_ = done < 0 ? errno : EIO;
        break;
      }
      data += done;
      n -= static_cast<size_t>(done);
    }
    return error_ == 0;
  }
  char buffer_[1 << 16];
  int error_ = 0;
};

// The command's exit code, or 2 when its report could not be written whole.
int finish(int code, StdoutBuffer& out) {
  std::cout.flush();
  const bool written = std::cout.good() && out.error() == 0;
  std::cout.rdbuf(nullptr);  // nothing more goes out, and exit's flush has no buffer to reach
  if (written) return code;
  std::cerr << "error: cannot write the report to standard output: " << std::strerror(out.error() ? out.error() : EIO)
            << '\n';
  return 2;
}

// Whole numbers of at least `least`, worded plainly (CLI11's own range check prints the double
// range, 300 digits long). Non-numbers are left to the option's own conversion message.
CLI::Validator at_least(long long least) {
  return CLI::Validator(
      [least](std::string& text) -> std::string {
        errno = 0;
        char* end = nullptr;
        const long long value = std::strtoll(text.c_str(), &end, 10);
        if (end == text.c_str() || *end != '\0') return {};
        if (errno == ERANGE) return "is too large: " + text;
        if (value >= least) return {};
        return least == 0 ? "must be 0 or more, got " + text : "must be " + std::to_string(least) + " or more, got " + text;
      },
      least == 0 ? "NONNEGATIVE" : "POSITIVE");
}

// kubectl's field validation and the input limits, for every command that reads manifests.
void add_validation_flags(CLI::App* command, podfit::InputOptions& input) {
  // kubectl's spellings: true is strict, false is ignore, and a bare --validate is strict.
  command->add_option("--validate", input.validate,
                      "Fields the kind's schema does not have: strict or true (an error), warn (a warning), "
                      "ignore or false")
      ->check(CLI::IsMember({"strict", "true", "warn", "ignore", "false"}))
      ->expected(0, 1)
      ->default_str("strict");
  command->add_option("--max-objects", input.max_objects,
                      "Refuse input with more objects and List items than this, over all files")
      ->check(at_least(1))
      ->default_str(std::to_string(input.max_objects));
  command->add_option("--max-object-bytes", input.max_object_bytes,
                      "Refuse any object or List item larger than this many bytes")
      ->check(at_least(1))
      ->default_str(std::to_string(input.max_object_bytes));
}

// The input every command reads: the cluster state, the pods (`pods` says what they are to the
// command) and the feature gates.
void add_input_flags(CLI::App* command, podfit::InputOptions& input, const std::string& pods) {
  command->add_option("-f,--filename", input.filenames,
                      "Cluster state: a file, a directory of manifests, or - for standard input (repeatable)");
  command->add_flag("-R,--recursive", input.recursive, "Read directories given with -f/--pod recursively");
  command->add_option("--pod", input.pods, pods + ": a file, a directory, or - (default: the pending pods of -f)");
  command->add_option("--feature-gates", input.feature_gates, "kube-scheduler feature gates, e.g. A=true,B=false");
}

// Where the cluster state comes from (-f files, or the cluster itself as kubectl sees it), and
// kubectl's own flags for it, as every kubectl plugin takes them. Run as `kubectl podfit`
// (`plugin`), a command given no -f reads the cluster. Commands about pods take -n too.
void add_cluster_flags(CLI::App* command, podfit::InputOptions& input, bool plugin, bool pods = true) {
  command->add_flag("--live", input.live,
                    plugin ? "Read the cluster state from the cluster with kubectl get (the default without -f)"
                           : "Read the cluster state from the cluster with kubectl get, instead of -f");
  command->add_option("--context", input.context, "With --live: the kubeconfig context kubectl uses");
  command->add_option("--kubeconfig", input.kubeconfig, "With --live: the kubeconfig file kubectl reads");
  if (pods) {
    command->add_option("-n,--namespace", input.namespace_,
                        "Only the pending pods of this namespace (default: every namespace); --pod objects without one go into it");
  }
  command->parse_complete_callback([&input, plugin] {
    if (plugin && input.filenames.empty()) input.live = true;
    input.progress = isatty(STDERR_FILENO);
  });
}

}  // namespace

int main(int argc, char** argv) {
  // Installed as kubectl-podfit too: kubectl runs it for `kubectl podfit ...`.
  const std::string_view invoked_as = argv[0];
  const bool plugin = invoked_as.substr(invoked_as.find_last_of('/') + 1) == "kubectl-podfit";
  CLI::App app{"podfit: will this pod schedule, and if not, why not, node by node?\n"
               "Runs kube-scheduler's PreFilter and Filter plugins on manifests, without a cluster."};
  if (plugin) app.name("kubectl podfit");
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("podfit ") + PODFIT_VERSION + " (kube-scheduler " +
                                        podfit::kKubernetesRelease + " semantics)");

  podfit::CheckOptions check;
  CLI::App* check_cmd = app.add_subcommand("check", "Check whether pods fit, node by node, as kube-scheduler's Filter would");
  add_input_flags(check_cmd, check.input, "Pods to check");
  check_cmd->add_option("-o,--output", check.output, "Output format: table, wide, json, yaml or name")
      ->check(CLI::IsMember({"table", "wide", "json", "yaml", "name"}));
  check_cmd->add_flag("--all-reasons", check.all_reasons,
                      "Run every Filter plugin on every node and list all failures, not just the first");
  check_cmd->add_flag("--timings", check.timings, "Print how long loading, building the snapshot and checking took");
  check_cmd->add_option("--config", check.input.config,
                        "A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1): its profiles, plugins and plugin args");
  check_cmd->add_flag("--no-preemption", check.no_preemption,
                      "Leave DefaultPreemption out of PostFilter, as a scheduler with it disabled does");
  add_validation_flags(check_cmd, check.input);
  add_cluster_flags(check_cmd, check.input, plugin);

  podfit::RequeueOptions requeue;
  CLI::App* requeue_cmd = app.add_subcommand(
      "requeue",
      "Which pending pods the scheduling queue retries when a node, ResourceClaim, ResourceSlice or DeviceClass is "
      "added (--new) or updated (--old, --new)");
  add_input_flags(requeue_cmd, requeue.input, "Pending pods");
  requeue_cmd->add_option("--old", requeue.old_node_file,
                          "The object before the update: a file with one Node, ResourceClaim, ResourceSlice or DeviceClass");
  requeue_cmd->add_option("--new", requeue.new_node_file,
                          "The object after the update, or the object added: a file with one Node, ResourceClaim, "
                          "ResourceSlice or DeviceClass")
      ->required();
  requeue_cmd->add_option("-o,--output", requeue.output, "Output format: table, wide, json or yaml")
      ->check(CLI::IsMember({"table", "wide", "json", "yaml"}));
  requeue_cmd->add_flag("--hints", requeue.hints, "Show each rejecting plugin's queueing hint for each event");
  requeue_cmd->add_flag("--pre-check", requeue.pre_check,
                        "Decide with the pre-enqueue check on the node, as kube-scheduler did before v1.32");
  add_validation_flags(requeue_cmd, requeue.input);
  add_cluster_flags(requeue_cmd, requeue.input, plugin);

  podfit::AdmitOptions admit;
  CLI::App* admit_cmd =
      app.add_subcommand("admit", "Whether the kubelet's admission check accepts pods on a node (AdmissionCheck)");
  add_input_flags(admit_cmd, admit.input, "Pods to admit");
  admit_cmd->add_option("--node", admit.node, "The node: a node of the cluster state")->required();
  admit_cmd->add_option("-o,--output", admit.output, "Output format: table, json or yaml")
      ->check(CLI::IsMember({"table", "json", "yaml"}));
  admit_cmd->add_flag("--all-reasons", admit.all_reasons, "List every failing check, not just the first");
  add_validation_flags(admit_cmd, admit.input);
  add_cluster_flags(admit_cmd, admit.input, plugin);

  podfit::PlaceOptions place;
  CLI::App* place_cmd = app.add_subcommand(
      "place", "Where pods would land: a full scheduling cycle per pod, each placed pod assumed before the next");
  add_input_flags(place_cmd, place.input, "Pods and workloads to place");
  place_cmd->add_option("-o,--output", place.output, "Output format: table, wide, json, yaml or bindings")
      ->check(CLI::IsMember({"table", "wide", "json", "yaml", "bindings"}));
  auto* replicas_opt = place_cmd->add_option_function<int64_t>(
      "--replicas", [&place](const int64_t& n) { place.replicas = n; },
      "Place N copies of each pod or workload, named NAME-0 ... (default: a workload's own replica count)");
  replicas_opt->check(at_least(0));
  place_cmd->add_flag("--max", place.max, "Place copies until one no longer fits, and report how many fit")
      ->excludes(replicas_opt);
  place_cmd->add_option("--limit", place.limit, "The most copies of one pod or workload to place")
      ->check(at_least(1))
      ->default_str(std::to_string(podfit::kDefaultPlacementLimit));
  place_cmd->add_option("--config", place.input.config,
                        "A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1): its profiles, plugins, weights and args");
  add_validation_flags(place_cmd, place.input);
  add_cluster_flags(place_cmd, place.input, plugin);

  podfit::DevicesOptions devices;
  CLI::App* devices_cmd = app.add_subcommand(
      "devices", "Which DRA devices a DeviceClass and CEL selectors match, device by device, and why not");
  devices_cmd->add_option("-f,--filename", devices.input.filenames,
                          "Cluster state with ResourceSlices and DeviceClasses: a file, a directory, or - (repeatable)");
  devices_cmd->add_flag("-R,--recursive", devices.input.recursive, "Read directories given with -f recursively");
  devices_cmd->add_option("--feature-gates", devices.input.feature_gates,
                          "kube-scheduler feature gates, e.g. DRAConsumableCapacity=false");
  devices_cmd->add_option("--class", devices.device_class, "A DeviceClass: its selectors must hold, first");
  devices_cmd->add_option("--selector", devices.selectors,
                          "A CEL device selector that must hold too, e.g. \"device.driver == 'gpu.example.com'\" (repeatable)");
  devices_cmd->add_option("--node", devices.node, "Only the devices usable on this node of the cluster state");
  devices_cmd->add_option("-o,--output", devices.output, "Output format: table, wide, json or yaml")
      ->check(CLI::IsMember({"table", "wide", "json", "yaml"}));
  add_validation_flags(devices_cmd, devices.input);
  add_cluster_flags(devices_cmd, devices.input, plugin, false);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }

  // Standard output closed: no report could be written, so nothing is worth computing.
  if (::fcntl(STDOUT_FILENO, F_GETFD) == -1) {
    std::cerr << "error: standard output is closed: the report cannot be written\n";
    return 2;
  }
  const bool color = podfit::use_color(isatty(STDOUT_FILENO), std::getenv("NO_COLOR"), std::getenv("TERM"));
  static StdoutBuffer stdout_buffer;
  std::cout.rdbuf(&stdout_buffer);
  if (check_cmd->parsed()) {
    check.color = color;
    return finish(podfit::run_check(check, std::cout, std::cerr), stdout_buffer);
  }
  if (requeue_cmd->parsed()) {
    requeue.color = color;
    return finish(podfit::run_requeue(requeue, std::cout, std::cerr), stdout_buffer);
  }
  if (place_cmd->parsed()) {
    place.color = color;
    return finish(podfit::run_place(place, std::cout, std::cerr), stdout_buffer);
  }
  if (devices_cmd->parsed()) {
    devices.color = color;
    return finish(podfit::run_devices(devices, std::cout, std::cerr), stdout_buffer);
  }
  if (admit_cmd->parsed()) {
    admit.color = color;
    return finish(podfit::run_admit(admit, std::cout, std::cerr), stdout_buffer);
  }
  return 2;
}
