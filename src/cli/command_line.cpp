#include "podfit/cli/command_line.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <functional>

#include "help_formatter.h"
#include "podfit/kubernetes_release.h"
#include "podfit/util/strings.h"

namespace podfit {
namespace {

// Whole numbers of at least `least`, in kubectl's words: invalid argument "X" for "--flag".
void require_at_least(CLI::Option* option, long long least) {
  const std::string flag = option->get_name();
  option->check(CLI::Validator(
      [flag, least](std::string& text) -> std::string {
        const std::string invalid = "invalid argument \"" + text + "\" for \"" + flag + "\": ";
        errno = 0;
        char* end = nullptr;
        const long long value = std::strtoll(text.c_str(), &end, 10);
        if (text.empty() || end == text.c_str() || *end != '\0') return invalid + "not a whole number";
        if (errno == ERANGE) return invalid + "too large";
        if (value >= least) return {};
        return invalid + "must be " + std::to_string(least) + " or more";
      },
      ""));
}

// One of a few words; `refusal` words the error for a value that is none of them.
void require_one_of(CommandLine& line, CLI::Option* option, std::vector<std::string> values,
                    std::function<std::string(const std::string& value)> refusal) {
  option->check(CLI::Validator(
      [values, refusal](std::string& text) -> std::string {
        for (const std::string& value : values) {
          if (text == value) return {};
        }
        return refusal(text);
      },
      ""));
  line.choices[option] = std::move(values);
}

std::string joined(const std::vector<std::string>& words, const std::string& separator) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : separator) + word;
  return out;
}

// -o: the formats a command prints, refused in kubectl's words (its list sorted, as kubectl's is).
CLI::Option* add_output_flag(CommandLine& line, CLI::App* command, std::string& output, std::vector<std::string> formats) {
  CLI::Option* option = command->add_option("-o,--output", output, "Output format, one of: " + joined(formats, ", "))
                            ->type_name("FORMAT")
                            ->default_str("table");
  std::vector<std::string> sorted = formats;
  std::sort(sorted.begin(), sorted.end());
  const std::string allowed = joined(sorted, ",");
  require_one_of(line, option, std::move(formats), [allowed](const std::string& value) {
    return "unable to match a printer suitable for the output format \"" + value + "\", allowed formats are: " + allowed;
  });
  return option;
}

// kubectl's field validation and the input limits, for every command that reads manifests.
void add_validation_flags(CommandLine& line, CLI::App* command, InputOptions& input) {
  // kubectl's spellings: true is strict, false is ignore, and a bare --validate is strict.
  CLI::Option* validate =
      command
          ->add_option("--validate", input.validate,
                       "Fields the kind's schema does not have: strict or true (an error), warn (a warning), "
                       "ignore or false")
          ->type_name("MODE")
          ->expected(0, 1)
          ->default_str("strict");
  require_one_of(line, validate, {"strict", "true", "warn", "ignore", "false"}, [](const std::string& value) {
    return "invalid argument \"" + value + "\" for \"--validate\": must be strict, warn, ignore, true or false";
  });
  // kubectl reads true and false as strconv.ParseBool does: its other spellings too.
  validate->transform(CLI::Validator(
      [](std::string& text) -> std::string {
        if (auto b = parse_go_bool(text)) text = *b ? "true" : "false";
        return {};
      },
      ""));
  // kubectl's -v=N and --v=N, and a bare -v for 1.
  command
      ->add_option_function<std::string>(
          "-v,--v",
          [&input](const std::string& level) {
            input.verbosity = level.empty() ? 1 : std::stoi(level);
          },
          "Print the informational lines too (which Kubernetes release is modelled, and why) at LEVEL 1 or more; "
          "a bare -v is 1")
      ->type_name("LEVEL")
      ->expected(0, 1)
      ->transform(CLI::Validator(
          [](std::string& text) -> std::string {
            if (text.starts_with('=')) text.erase(0, 1);  // -v=5, as kubectl spells it
            if (text.empty()) return {};
            const bool digits = text.size() <= 4 && std::all_of(text.begin(), text.end(), [](char c) {
              return c >= '0' && c <= '9';
            });
            return digits ? std::string() : "invalid argument \"" + text + "\" for \"-v, --v\": must be a number";
          },
          ""));
  command->add_flag("--strict", input.strict,
                    "Fail (exit 2) on input that looks incomplete instead of warning: subdirectories left unread "
                    "without -R, no Node, an -n namespace the cluster state lacks, budgets or claims missing");
  require_at_least(command
                       ->add_option("--max-objects", input.max_objects,
                                    "Refuse input with more objects and List items than this, over all files")
                       ->type_name("N")
                       ->default_str(std::to_string(input.max_objects)),
                   1);
  require_at_least(command
                       ->add_option("--max-object-bytes", input.max_object_bytes,
                                    "Refuse any object or List item larger than this many bytes")
                       ->type_name("BYTES")
                       ->default_str(std::to_string(input.max_object_bytes)),
                   1);
}

// The release modelled, for every command.
void add_release_flag(CLI::App* command, InputOptions& input) {
  command->add_option("--kubernetes-version", input.kubernetes_version,
                      "The Kubernetes release modelled, v1.32 to v1.37 (default: the API server's with --live, else "
                      "the newest kubelet's among the nodes, else v1.37)")
      ->type_name("VERSION");
}

// The input every command reads: the cluster state, the pods (`pods` says what they are to the
// command) and the feature gates.
void add_input_flags(CLI::App* command, InputOptions& input, const std::string& pods) {
  command->add_option("-f,--filename", input.filenames,
                      "Cluster state: a file, a directory of manifests, or - for standard input (repeatable)")
      ->type_name("PATH")
      ->allow_extra_args(false);
  command->add_flag("-R,--recursive", input.recursive, "Read directories given with -f/--pod recursively");
  command->add_option("--pod", input.pods, pods + ": a file, a directory, or - (repeatable; default: the pending pods of -f)")
      ->type_name("PATH")
      ->allow_extra_args(false);
  command->add_option("--feature-gates", input.feature_gates, "kube-scheduler feature gates, e.g. A=true,B=false")
      ->type_name("GATES");
  add_release_flag(command, input);
}

// --add-node, --remove-node and --cordon: what-if changes to the cluster state (check, place, drain).
void add_what_if_flags(CLI::App* command, InputOptions& input) {
  command->add_option("--add-node", input.add_nodes,
                      "What if: add the Node of this manifest to the cluster state, as it is (repeatable)")
      ->type_name("FILE")
      ->allow_extra_args(false);
  command->add_option("--remove-node", input.remove_nodes,
                      "What if: remove this node and the pods bound to it from the cluster state (repeatable)")
      ->type_name("NAME")
      ->allow_extra_args(false);
  command->add_option("--cordon", input.cordon_nodes, "What if: cordon this node (spec.unschedulable) (repeatable)")
      ->type_name("NAME")
      ->allow_extra_args(false);
}

// Where the cluster state comes from (-f files, or the cluster itself as kubectl sees it), and
// kubectl's own flags for it, as every kubectl plugin takes them. Run as `kubectl podfit`
// (`plugin`), a command given no -f reads the cluster. Commands about pods take -n too.
void add_cluster_flags(CLI::App* command, InputOptions& input, bool plugin, bool pods = true) {
  command->add_flag("--live", input.live,
                    plugin ? "Read the cluster state from the cluster with kubectl get (the default without -f)"
                           : "Read the cluster state from the cluster with kubectl get, instead of -f");
  command->add_option("--context", input.context, "With --live: the kubeconfig context kubectl uses")->type_name("NAME");
  command->add_option("--kubeconfig", input.kubeconfig, "With --live: the kubeconfig file kubectl reads")
      ->type_name("FILE");
  if (pods) {
    command
        ->add_option("-n,--namespace", input.namespace_,
                     "Only the pending pods of this namespace (default: every namespace); --pod objects without one "
                     "go into it")
        ->type_name("NAME");
  }
  command->parse_complete_callback([&input, plugin] {
    if (plugin && input.filenames.empty()) input.live = true;
    input.progress = isatty(STDERR_FILENO);
  });
}

// A command, its flags taking the last of repeated single values, as kubectl's flags do.
CLI::App* add_command(CLI::App& app, const std::string& name, const std::string& description) {
  CLI::App* command = app.add_subcommand(name, description);
  command->option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  command->set_help_flag("-h,--help", "Print this help and exit");
  return command;
}

const std::vector<std::pair<std::string, std::string>> kCheckExitCodes = {
    {"0", "every pod fits at least one node"},
    {"1", "some pod fits no node"},
    {"2", "a usage error, or input podfit cannot read"},
    {"3", "every pod fits by the plugins podfit ran, but for some pod a plugin podfit did not evaluate could "
          "still refuse every node (not a pass)"}};

void document_commands(CommandLine& line, HelpFormatter& help) {
  const std::string& program = line.program;
  help.document(
      &line.app,
      {.details = "Runs kube-scheduler's PreFilter and Filter plugins on Kubernetes manifests (files, directories, "
                  "kubectl get dumps) or on the cluster kubectl reads, and prints for each node whether the pod fits "
                  "and, if not, kube-scheduler's own reasons.",
       .examples = {{"Why is this pod Pending? Its verdict on every node of a dump", "check -f cluster.yaml --pod web.yaml"},
                    {"Every pending pod of the cluster kubectl reads", "check --live"},
                    {"Where would 10 copies of a Deployment land?", "place -f cluster.yaml --pod deployment.yaml --replicas 10"}},
       .exit_codes = {{"0", "the answer is yes: every pod fits, is admitted or placed, some device matches"},
                      {"1", "the answer is no: some pod fits no node, is rejected or not placed, no device matches"},
                      {"2", "a usage error, or input podfit cannot read"},
                      {"3", "check, place: every pod fits or is placed by the plugins podfit ran, but a plugin it did not "
                            "evaluate could refuse"}},
       .extra_commands = {{"help", "Help about any command"},
                          {"version", "Print the version and the kube-scheduler release podfit follows"}},
       .usage = "COMMAND [flags]",
       .footer = "Use \"" + program + " help COMMAND\" or \"" + program +
                 " COMMAND --help\" for more about a command, and \"man podfit\" for the manual."});
  help.document(
      line.check_cmd,
      {.details = "Runs PreFilter, then Filter on every node, for each pod, as kube-scheduler's scheduling cycle "
                  "does, and prints per node whether it fits and, if not, the failing plugin, its status code and "
                  "reasons. Without --pod, every pending pod of the cluster state is checked.",
       .examples = {{"Check a pod against a cluster dump", "check -f cluster.yaml --pod web.yaml"},
                    {"Every reason that blocks each node, as JSON", "check -f cluster.yaml --all-reasons -o json"},
                    {"The nodes where a Deployment's pods fit, from a dump on standard input",
                     "check -f - --pod deployment.yaml -o name < dump.yaml"},
                    {"The pending pods of a namespace, read from the cluster", "check --live -n shop"}},
       .exit_codes = kCheckExitCodes,
       .extra_commands = {},
       .usage = "[flags]",
       .footer = {}});
  help.document(
      line.requeue_cmd,
      {.details = "The scheduling queue's decision when a node, ResourceClaim, ResourceSlice or DeviceClass is added "
                  "(--new) or updated (--old and --new): the cluster event, and for each pending pod whether it "
                  "moves to the active or backoff queue, with the reasons when it stays.",
       .examples = {{"A node was uncordoned: which pending pods are retried?",
                     "requeue -f cluster.yaml --old node-before.yaml --new node-after.yaml"},
                    {"A node was added", "requeue -f cluster.yaml --new node.yaml -o json"}},
       .exit_codes = {{"0", "the decision was made"}, {"2", "a usage error, or input podfit cannot read"}},
       .extra_commands = {},
       .usage = "--new FILE [flags]",
       .footer = {}});
  help.document(
      line.admit_cmd,
      {.details = "The admission check that the kubelet and the scheduling queue share (AdmissionCheck): resources, "
                  "required node affinity, node name and host ports, for pods on one node of the cluster state.",
       .examples = {{"Would the kubelet of node-a accept this pod?", "admit -f cluster.yaml --pod web.yaml --node node-a"},
                    {"Every failing check, as JSON", "admit -f cluster.yaml --pod web.yaml --node node-a --all-reasons -o json"}},
       .exit_codes = {{"0", "admitted"}, {"1", "rejected"}, {"2", "a usage error, or input podfit cannot read"}},
       .extra_commands = {},
       .usage = "--node NAME [flags]",
       .footer = {}});
  help.document(
      line.place_cmd,
      {.details = "A full scheduling cycle per pod (PreFilter, Filter, Score, Reserve, PreBind, Bind), each placed "
                  "pod assumed into the cluster before the next. Ties are broken by node name, so the answer is "
                  "the same every run.",
       .examples = {{"Where would 10 replicas of a Deployment land?", "place -f cluster.yaml --pod deployment.yaml --replicas 10"},
                    {"How many more of this pod fit in the cluster?", "place -f cluster.yaml --pod worker.yaml --max"},
                    {"The Bindings kube-scheduler would post", "place -f cluster.yaml --pod web.yaml -o bindings"}},
       .exit_codes = {{"0", "everything asked for was placed (with --max: at least one copy)"},
                      {"1", "something was not placed"},
                      {"2", "a usage error, or input podfit cannot read"},
                      {"3", "everything was placed by the plugins podfit ran, but for some pod a plugin podfit did not "
                            "evaluate could still refuse its node (not a pass)"}},
       .extra_commands = {},
       .usage = "[flags]",
       .footer = {}});
  help.document(
      line.drain_cmd,
      {.details = "The nodes are cordoned and each of their pods is classified as kubectl drain classifies it "
                  "(DaemonSet and mirror pods ignored, finished pods deleted, PodDisruptionBudgets counted across "
                  "the evictions, pods without a controller or with emptyDir data blocked unless --force or "
                  "--delete-emptydir-data); every evicted pod's replacement is then placed on the other nodes with "
                  "place's scheduling cycle, higher priority first. Preemption is not simulated.",
       .examples = {{"Can node-1 go, and where do its pods land?", "drain -f cluster.yaml --node node-1"},
                    {"Which nodes could be drained today, each on its own?", "drain -f cluster.yaml --all"},
                    {"The same for the cluster kubectl reaches, as JSON", "kubectl podfit drain --node node-1 -o json"}},
       .exit_codes = {{"0", "drainable (with --all: every node is)"},
                      {"1", "a pod is blocked or fits nowhere else"},
                      {"2", "a usage error, an unknown node, or input podfit cannot read"}},
       .extra_commands = {},
       .usage = "(--node NAME... | --all) [flags]",
       .footer = {}});
  help.document(
      line.devices_cmd,
      {.details = "Which devices of the ResourceSlices a DeviceClass's selectors and every --selector match (all "
                  "must hold), evaluated in kube-scheduler's CEL environment for DRA, and why the others do not.",
       .examples = {{"The devices a class selects", "devices -f cluster.yaml --class gpu.example.com"},
                    {"The devices of one driver usable on node-1, as JSON",
                     "devices -f cluster.yaml --selector \"device.driver == 'gpu.example.com'\" --node node-1 -o json"}},
       .exit_codes = {{"0", "some device matches"}, {"1", "no device matches"},
                      {"2", "a usage error, input podfit cannot read, or a selector that does not compile"}},
       .extra_commands = {},
       .usage = "[flags]",
       .footer = {}});
}

}  // namespace

std::string version_text() {
  return std::string("podfit ") + PODFIT_VERSION + " (kube-scheduler " + kKubernetesRelease + " semantics)";
}

std::vector<CLI::App*> commands(const CommandLine& line) {
  return {line.check_cmd, line.requeue_cmd, line.admit_cmd, line.place_cmd, line.drain_cmd, line.devices_cmd};
}

std::unique_ptr<CommandLine> make_command_line(bool plugin) {
  auto line = std::make_unique<CommandLine>();
  line->program = plugin ? "kubectl podfit" : "podfit";
  CLI::App& app = line->app;
  app.name(line->program);
  app.description("podfit: will this pod schedule, and if not, why not, node by node?");
  // One command; a second command's name after it is a flag's value (a node named "check").
  app.require_subcommand(0, 1);
  auto formatter = std::make_shared<HelpFormatter>(line->program);
  app.formatter(formatter);  // before the commands: each takes its parent's formatter
  app.set_help_flag("-h,--help", "Print this help and exit");
  app.set_version_flag("--version", version_text(), "Print the version and the kube-scheduler release podfit follows");

  CheckOptions& check = line->check;
  line->check_cmd = add_command(app, "check", "Whether pods fit, node by node, as kube-scheduler's Filter decides");
  CLI::App* check_cmd = line->check_cmd;
  add_input_flags(check_cmd, check.input, "Pods to check");
  add_output_flag(*line, check_cmd, check.output, {"table", "wide", "json", "yaml", "name"});
  check_cmd->add_flag("--all-reasons", check.all_reasons,
                      "Run every Filter plugin on every node and list all failures, not just the first");
  check_cmd->add_flag("--timings", check.timings, "Print how long loading, building the snapshot and checking took");
  check_cmd
      ->add_option("--config", check.input.config,
                   "A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1): its profiles, plugins and plugin args")
      ->type_name("FILE");
  check_cmd->add_flag("--no-preemption", check.no_preemption,
                      "Leave DefaultPreemption out of PostFilter, as a scheduler with it disabled does");
  check_cmd->add_flag("--nodes", check.all_nodes,
                      "With several pods: print every pod's table of nodes, not only theirs that do not fit");
  add_validation_flags(*line, check_cmd, check.input);
  add_cluster_flags(check_cmd, check.input, plugin);
  add_what_if_flags(check_cmd, check.input);

  RequeueOptions& requeue = line->requeue;
  line->requeue_cmd = add_command(
      app, "requeue", "Which pending pods a change to a node or DRA object requeues");
  CLI::App* requeue_cmd = line->requeue_cmd;
  add_input_flags(requeue_cmd, requeue.input, "Pending pods");
  requeue_cmd
      ->add_option("--old", requeue.old_node_file,
                   "The object before the update: a file with one Node, ResourceClaim, ResourceSlice or DeviceClass")
      ->type_name("FILE");
  requeue_cmd
      ->add_option("--new", requeue.new_node_file,
                   "The object after the update, or the object added: a file with one Node, ResourceClaim, "
                   "ResourceSlice or DeviceClass")
      ->type_name("FILE")
      ->required();
  add_output_flag(*line, requeue_cmd, requeue.output, {"table", "wide", "json", "yaml"});
  requeue_cmd->add_flag("--hints", requeue.hints, "Show each rejecting plugin's queueing hint for each event");
  requeue_cmd->add_flag("--pre-check", requeue.pre_check,
                        "Decide with the pre-enqueue check on the node, as kube-scheduler did before v1.32");
  add_validation_flags(*line, requeue_cmd, requeue.input);
  add_cluster_flags(requeue_cmd, requeue.input, plugin);

  AdmitOptions& admit = line->admit;
  line->admit_cmd =
      add_command(app, "admit", "Whether the kubelet's admission check accepts pods on a node");
  CLI::App* admit_cmd = line->admit_cmd;
  add_input_flags(admit_cmd, admit.input, "Pods to admit");
  admit_cmd->add_option("--node", admit.node, "The node: a node of the cluster state")->type_name("NAME")->required();
  add_output_flag(*line, admit_cmd, admit.output, {"table", "json", "yaml"});
  admit_cmd->add_flag("--all-reasons", admit.all_reasons, "List every failing check, not just the first");
  add_validation_flags(*line, admit_cmd, admit.input);
  add_cluster_flags(admit_cmd, admit.input, plugin);

  PlaceOptions& place = line->place;
  line->place_cmd = add_command(
      app, "place", "Where pods would land, one scheduling cycle after another");
  CLI::App* place_cmd = line->place_cmd;
  add_input_flags(place_cmd, place.input, "Pods and workloads to place");
  add_output_flag(*line, place_cmd, place.output, {"table", "wide", "json", "yaml", "bindings"});
  CLI::Option* replicas = place_cmd->add_option_function<int64_t>(
      "--replicas", [&place](const int64_t& n) { place.replicas = n; },
      "Place N copies of each pod or workload, named NAME-0 ... (default: a workload's own replica count)");
  replicas->type_name("N");
  require_at_least(replicas, 0);
  place_cmd->add_flag("--max", place.max, "Place copies until one no longer fits, and report how many fit")
      ->excludes(replicas);
  require_at_least(place_cmd->add_option("--limit", place.limit, "The most copies of one pod or workload to place")
                       ->type_name("N")
                       ->default_str(std::to_string(kDefaultPlacementLimit)),
                   1);
  place_cmd
      ->add_option("--config", place.input.config,
                   "A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1): its profiles, plugins, weights and args")
      ->type_name("FILE");
  add_validation_flags(*line, place_cmd, place.input);
  add_cluster_flags(place_cmd, place.input, plugin);
  add_what_if_flags(place_cmd, place.input);

  DrainOptions& drain = line->drain;
  drain.input.needs_budgets = true;
  line->drain_cmd = add_command(app, "drain", "Where a drained node's pods would go, and what blocks the drain");
  CLI::App* drain_cmd = line->drain_cmd;
  drain_cmd
      ->add_option("-f,--filename", drain.input.filenames,
                   "Cluster state: a file, a directory of manifests, or - for standard input (repeatable)")
      ->type_name("PATH")
      ->allow_extra_args(false);
  drain_cmd->add_flag("-R,--recursive", drain.input.recursive, "Read directories given with -f recursively");
  drain_cmd->add_option("--feature-gates", drain.input.feature_gates, "kube-scheduler feature gates, e.g. A=true,B=false")
      ->type_name("GATES");
  CLI::Option* drain_node = drain_cmd->add_option("--node", drain.nodes, "A node to drain (repeatable: drained together)")
                                ->type_name("NAME")
                                ->allow_extra_args(false);
  CLI::Option* drain_all =
      drain_cmd->add_flag("--all", drain.all, "Drain every node on its own, from the same state, one line each");
  drain_node->excludes(drain_all);
  drain_cmd->add_flag("--force", drain.flags.force,
                      "Delete pods that declare no controller (nothing replaces them), as kubectl drain --force");
  drain_cmd->add_flag("--delete-emptydir-data", drain.flags.delete_emptydir_data,
                      "Evict pods with emptyDir volumes (their data is lost), as kubectl drain --delete-emptydir-data");
  add_output_flag(*line, drain_cmd, drain.output, {"table", "wide", "json", "yaml"});
  drain_cmd
      ->add_option("--config", drain.input.config,
                   "A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1): its profiles, plugins, weights and args")
      ->type_name("FILE");
  add_validation_flags(*line, drain_cmd, drain.input);
  add_cluster_flags(drain_cmd, drain.input, plugin, false);
  add_what_if_flags(drain_cmd, drain.input);

  DevicesOptions& devices = line->devices;
  line->devices_cmd = add_command(
      app, "devices", "Which DRA devices a DeviceClass and CEL selectors match, and why not");
  CLI::App* devices_cmd = line->devices_cmd;
  devices_cmd
      ->add_option("-f,--filename", devices.input.filenames,
                   "Cluster state with ResourceSlices and DeviceClasses: a file, a directory, or - (repeatable)")
      ->type_name("PATH")
      ->allow_extra_args(false);
  devices_cmd->add_flag("-R,--recursive", devices.input.recursive, "Read directories given with -f recursively");
  devices_cmd
      ->add_option("--feature-gates", devices.input.feature_gates,
                   "kube-scheduler feature gates, e.g. DRAConsumableCapacity=false")
      ->type_name("GATES");
  add_release_flag(devices_cmd, devices.input);
  devices_cmd->add_option("--class", devices.device_class, "A DeviceClass: its selectors must hold, first")
      ->type_name("NAME");
  devices_cmd
      ->add_option("--selector", devices.selectors,
                   "A CEL device selector that must hold too, e.g. \"device.driver == 'gpu.example.com'\" (repeatable)")
      ->type_name("CEL")
      ->allow_extra_args(false);
  devices_cmd->add_option("--node", devices.node, "Only the devices usable on this node of the cluster state")
      ->type_name("NAME");
  add_output_flag(*line, devices_cmd, devices.output, {"table", "wide", "json", "yaml"});
  add_validation_flags(*line, devices_cmd, devices.input);
  add_cluster_flags(devices_cmd, devices.input, plugin, false);

  document_commands(*line, *formatter);
  return line;
}

}  // namespace podfit
