#include "podfit/config/scheduler_config.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>

#include <fmt/format.h>

#include "../load/input.h"
#include "../load/json_reader.h"
#include "../load/yaml_reader.h"
#include "config_decode.h"
#include "config_validation.h"
#include "podfit/config/plugin_sets.h"
#include "podfit/framework/names.h"
#include "podfit/util/paths.h"

namespace podfit {
namespace {

constexpr std::string_view kKind = "KubeSchedulerConfiguration";
constexpr std::string_view kDefaultSchedulerName = "default-scheduler";

// defaultResourceSpec: cpu and memory, weight 1.
std::vector<ResourceSpec> default_resource_spec() { return {{"cpu", 1}, {"memory", 1}}; }

// SetDefaults_<Plugin>Args for an entry as written.
void default_args(PluginConfig& config, const WrittenProfile::ArgsPresence& present) {
  using K = PluginConfig::Kind;
  switch (config.kind) {
    case K::NodeResourcesBalancedAllocation: {
      auto& resources = config.balanced_allocation.resources;
      if (resources.empty()) {
        resources = default_resource_spec();
      } else {
        for (auto& r : resources) r.weight = r.weight == 0 ? 1 : r.weight;
      }
      break;
    }
    case K::NodeResourcesFit: {
      ScoringStrategy& strategy = config.node_resources_fit.scoring_strategy;
      if (!present.scoring_strategy) {
        strategy = ScoringStrategy{};
        config.scoring_strategy_type = "LeastAllocated";
      }
      if (strategy.resources.empty()) strategy.resources = default_resource_spec();
      for (auto& r : strategy.resources) r.weight = r.weight == 0 ? 1 : r.weight;
      if (config.scoring_strategy_type == "MostAllocated") strategy.type = ScoringStrategyType::MostAllocated;
      if (config.scoring_strategy_type == "RequestedToCapacityRatio") strategy.type = ScoringStrategyType::RequestedToCapacityRatio;
      break;
    }
    default:
      break;  // the others' defaults are the structs' initial values
  }
}

// pluginsNames: every plugin enabled at the points kube-scheduler lists, sorted.
std::set<std::string> enabled_plugin_names(const ProfilePlugins& plugins) {
  std::set<std::string> names;
  for (const PluginRef& p : plugins.multi_point.enabled) names.insert(p.name);
  for (ExtensionPoint point :
       {ExtensionPoint::PreFilter, ExtensionPoint::Filter, ExtensionPoint::PostFilter, ExtensionPoint::Reserve,
        ExtensionPoint::PreScore, ExtensionPoint::Score, ExtensionPoint::PreBind, ExtensionPoint::Bind,
        ExtensionPoint::PostBind, ExtensionPoint::Permit, ExtensionPoint::PreEnqueue, ExtensionPoint::QueueSort}) {
    for (const PluginRef& p : plugins.at(point).enabled) names.insert(p.name);
  }
  return names;
}

// pluginsNeeded: what NewFramework instantiates (every point it walks, and multiPoint).
std::set<std::string> needed_plugin_names(const ProfilePlugins& plugins) {
  std::set<std::string> names;
  for (const PluginRef& p : plugins.multi_point.enabled) names.insert(p.name);
  for (size_t i = 0; i < kExtensionPointCount; ++i) {
    if (static_cast<ExtensionPoint>(i) == ExtensionPoint::PodGroupPostFilter) continue;
    for (const PluginRef& p : plugins.points[i].enabled) names.insert(p.name);
  }
  return names;
}

PluginConfig::Kind kind_for(std::string_view name) {
  using K = PluginConfig::Kind;
  if (name == "DefaultPreemption") return K::DefaultPreemption;
  if (name == "InterPodAffinity") return K::InterPodAffinity;
  if (name == "NodeResourcesFit") return K::NodeResourcesFit;
  if (name == "PodTopologySpread") return K::PodTopologySpread;
  if (name == "NodeResourcesBalancedAllocation") return K::NodeResourcesBalancedAllocation;
  if (name == "VolumeBinding") return K::VolumeBinding;
  if (name == "NodeAffinity") return K::NodeAffinity;
  if (name == "DynamicResources") return K::DynamicResources;
  return K::None;
}

// SetDefaults_KubeSchedulerProfile: plugins merged with the defaults, args defaulted, default
// args appended for the enabled plugins that have an Args kind and no entry.
SchedulerProfile default_profile(const WrittenProfile& written, const FeatureGates& gates) {
  SchedulerProfile profile;
  profile.scheduler_name = written.scheduler_name.value_or("");
  profile.line = written.scheduler_name_line ? written.scheduler_name_line : written.line;
  profile.percentage_of_nodes_to_score = written.percentage_of_nodes_to_score;
  profile.plugins = merge_plugins(default_profile_plugins(gates), written.plugins);
  std::set<std::string> configured;
  for (size_t j = 0; j < written.plugin_config.size(); ++j) {
    PluginConfig config = written.plugin_config[j];
    configured.insert(config.name);
    default_args(config, written.args_presence[j]);
    profile.plugin_config.push_back(std::move(config));
  }
  for (const std::string& name : enabled_plugin_names(profile.plugins)) {
    if (configured.contains(name) || kind_for(name) == PluginConfig::Kind::None) continue;
    PluginConfig config;
    config.name = name;
    config.kind = kind_for(name);
    config.user_given = false;
    default_args(config, WrittenProfile::ArgsPresence{});
    profile.plugin_config.push_back(std::move(config));
  }
  return profile;
}

// The leader election defaults kube-scheduler applies (RecommendedDefaultLeaderElectionConfiguration).
void default_leader_election(LeaderElectionConfig& le) {
  if (!le.leader_elect) le.leader_elect = true;
  if (!le.lease_duration_ns || *le.lease_duration_ns == 0) le.lease_duration_ns = int64_t{15'000'000'000};
  if (!le.renew_deadline_ns || *le.renew_deadline_ns == 0) le.renew_deadline_ns = int64_t{10'000'000'000};
  if (!le.retry_period_ns || *le.retry_period_ns == 0) le.retry_period_ns = int64_t{2'000'000'000};
  if (le.resource_lock.empty()) le.resource_lock = "leases";
  if (le.resource_namespace.empty()) le.resource_namespace = "kube-system";
  if (le.resource_name.empty()) le.resource_name = "kube-scheduler";
}

// NewFramework for one profile: the plugins' own argument checks, then the plugin lists.
std::optional<ConfigError> build_framework(SchedulerProfile& profile) {
  const std::set<std::string> needed = needed_plugin_names(profile.plugins);
  if (needed.contains(std::string(names::kNodeResourcesFit))) {
    if (const PluginConfig* fit = profile.args_of(names::kNodeResourcesFit)) {
      ValidationErrors errors;
      validate_node_resources_fit_args("", *fit, errors);
      if (!errors.empty()) {
        return ConfigError{fmt::format("initializing plugin \"{}\": {}", names::kNodeResourcesFit, errors.message()),
                           fit->line};
      }
    }
  }
  auto built = build_effective_plugins(profile.plugins, profile.scheduler_name);
  if (auto* error = std::get_if<ConfigError>(&built)) return *error;
  profile.effective = std::get<EffectivePlugins>(std::move(built));
  return std::nullopt;
}

std::optional<ConfigError> configure(const WrittenConfiguration& written_in, const FeatureGates& gates,
                                     SchedulerConfiguration& out) {
  WrittenConfiguration written = written_in;
  if (!written.strict_errors.empty()) {
    std::string joined;
    for (size_t i = 0; i < written.strict_errors.size(); ++i) joined += (i ? ", " : "") + written.strict_errors[i];
    return ConfigError{"strict decoding error: " + joined, written.strict_line};
  }
  // SetDefaults_KubeSchedulerConfiguration.
  if (written.profiles.empty()) written.profiles.emplace_back();
  if (written.profiles.size() == 1 && !written.profiles[0].scheduler_name) {
    written.profiles[0].scheduler_name = std::string(kDefaultSchedulerName);
  }
  default_leader_election(written.leader_election);
  SchedulerConfiguration config;
  for (const WrittenProfile& p : written.profiles) config.profiles.push_back(default_profile(p, gates));
  config.extenders = written.extenders;

  ValidationErrors errors;
  validate_configuration(written, config, gates, errors);
  if (!errors.empty()) return ConfigError{errors.message(), errors.first_line()};

  for (SchedulerProfile& profile : config.profiles) {
    if (auto error = build_framework(profile)) {
      return ConfigError{fmt::format("initializing profiles: creating profile for scheduler name {}: {}",
                                     profile.scheduler_name, error->message),
                         error->line};
    }
  }
  for (const SchedulerProfile& profile : config.profiles) {
    const std::set<std::string> needed = needed_plugin_names(profile.plugins);
    for (const PluginConfig& pc : profile.plugin_config) {
      if (pc.user_given && !needed.contains(pc.name)) {
        config.notices.push_back(fmt::format("profile {}: the pluginConfig of {} is not used: no extension point enables it",
                                             profile.scheduler_name, pc.name));
      }
    }
  }
  out = std::move(config);
  return std::nullopt;
}

// Reads the first object of the text and configures from it.
std::optional<ConfigError> load_text(std::string_view text, const FeatureGates& gates, SchedulerConfiguration& out,
                                     std::vector<std::string>& notices) {
  std::unique_ptr<Input> input = open_text_input(text, "config");
  size_t p = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") p = 3;
  while (p < text.size() && std::isspace(static_cast<unsigned char>(text[p]))) ++p;
  const bool json = p < text.size() && (text[p] == '{' || text[p] == '[');
  std::optional<ConfigError> result;
  bool seen = false;
  try {
    ReadLimits limits;
    auto handle = [&](const Value& root, const ObjectContext& context) {
      if (seen) {
        if (notices.empty()) notices.push_back(fmt::format("only the first document is read, as kube-scheduler reads it (document {} is ignored)", context.document));
        return;
      }
      seen = true;
      if (root.type() != Value::Type::Object) root.fail_type("an object");
      std::string api_version, kind;
      root.fields([&](std::string_view key, const Value& f) {
        if (key == "apiVersion") api_version = f.string();
        else if (key == "kind") kind = f.string();
      });
      if (kind.empty()) throw DecodeError{"Object 'Kind' is missing", context.line};
      if (api_version.empty()) throw DecodeError{"Object 'apiVersion' is missing", context.line};
      if (api_version != kSchedulerConfigGroupVersion || kind != kKind) {
        throw DecodeError{fmt::format("no kind \"{}\" is registered for version \"{}\"", kind, api_version), context.line};
      }
      WrittenConfiguration written;
      decode_written_configuration(root, written);
      result = configure(written, gates, out);
    };
    if (json) read_json_stream(*input, limits, handle);
    else read_yaml_stream(*input, limits, handle);
  } catch (const DecodeError& e) {
    return ConfigError{e.message, e.line};
  }
  if (!seen) return ConfigError{"the file holds no KubeSchedulerConfiguration"};
  return result;
}

}  // namespace

const PluginConfig* SchedulerProfile::args_of(std::string_view name) const {
  for (const PluginConfig& config : plugin_config) {
    if (config.name == name) return &config;
  }
  return nullptr;
}

SchedulerConfiguration default_scheduler_configuration(const FeatureGates& gates) {
  SchedulerConfiguration config;
  WrittenConfiguration written;
  auto error = configure(written, gates, config);
  (void)error;  // the defaults always validate
  return config;
}

std::optional<ConfigError> load_scheduler_configuration_text(std::string_view text, const FeatureGates& gates,
                                                             SchedulerConfiguration& out) {
  std::vector<std::string> notices;
  auto error = load_text(text, gates, out, notices);
  if (!error) out.notices.insert(out.notices.begin(), notices.begin(), notices.end());
  return error;
}

std::optional<std::string> load_scheduler_configuration(const std::string& given_path, const FeatureGates& gates,
                                                        SchedulerConfiguration& out) {
  // "-" reads standard input, as -f and --pod do.
  const bool from_stdin = given_path == "-";
  const std::string path = from_stdin ? "<stdin>" : shown_path(given_path);
  int fd = from_stdin ? STDIN_FILENO : ::open(given_path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return fmt::format("{}: cannot open: {}", path, std::strerror(errno));
  auto close_fd = [&] {
    if (!from_stdin) ::close(fd);
  };
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      int saved = errno;
      close_fd();
      return fmt::format("{}: cannot read: {}", path, std::strerror(saved));
    }
    if (n == 0) break;
    text.append(buffer, static_cast<size_t>(n));
    if (text.size() > (size_t{64} << 20)) {
      close_fd();
      return fmt::format("{}: a scheduler configuration larger than 64 MiB is not read", path);
    }
  }
  close_fd();
  if (std::all_of(text.begin(), text.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); })) {
    return fmt::format("{}: the file is empty", path);
  }
  auto error = load_scheduler_configuration_text(text, gates, out);
  if (!error) return std::nullopt;
  if (error->line > 0) return fmt::format("{}: line {}: {}", path, error->line, error->message);
  return fmt::format("{}: {}", path, error->message);
}

}  // namespace podfit
