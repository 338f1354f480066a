#include "podfit/config/scheduler_config.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <set>
#include <unordered_map>

#include <fmt/format.h>

#include "config_decode.h"
#include "config_defaults.h"
#include "config_validation.h"
#include "load/input.h"
#include "load/json_reader.h"
#include "load/yaml_reader.h"
#include "podfit/config/plugin_sets.h"
#include "podfit/framework/names.h"
#include "podfit/util/paths.h"

namespace podfit {
namespace {

constexpr std::string_view kKind = "KubeSchedulerConfiguration";
constexpr std::string_view kDefaultSchedulerName = "default-scheduler";

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

// NewFramework for one profile body: the plugins' own argument checks, then the plugin lists.
std::optional<ConfigError> build_framework(ProfileBody& profile, std::string_view scheduler_name,
                                           const FeatureGates& gates) {
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
  auto built = build_effective_plugins(profile.plugins, scheduler_name,
                                       [&](std::string_view name) { return in_tree_plugin_at(name, gates.changes); });
  if (auto* error = std::get_if<ConfigError>(&built)) return *error;
  profile.effective = std::get<EffectivePlugins>(std::move(built));
  return std::nullopt;
}

// The user-given pluginConfig entries of a body that no extension point enables, in order.
std::vector<std::string> unused_plugin_configs(const ProfileBody& profile) {
  std::vector<std::string> unused;
  const std::set<std::string> needed = needed_plugin_names(profile.plugins);
  for (const PluginConfig& pc : profile.plugin_config) {
    if (pc.user_given && !needed.contains(pc.name)) unused.push_back(pc.name);
  }
  return unused;
}

std::optional<ConfigError> configure(WrittenConfiguration written, const FeatureGates& gates,
                                     SchedulerConfiguration& out) {
  if (!written.strict_errors.empty()) {
    std::string joined;
    for (size_t i = 0; i < written.strict_errors.size(); ++i) joined += (i ? ", " : "") + written.strict_errors[i];
    return ConfigError{"strict decoding error: " + joined, written.strict_line};
  }
  // SetDefaults_KubeSchedulerConfiguration.
  if (written.profiles.empty()) written.profiles.emplace_back().body = std::make_shared<const WrittenProfileBody>();
  if (written.profiles.size() == 1 && !written.profiles[0].scheduler_name) {
    written.profiles[0].scheduler_name = std::string(kDefaultSchedulerName);
  }
  default_leader_election(written.leader_election);
  // Each distinct body is defaulted and built once, for the first profile written so; the
  // profiles written alike share it.
  struct Built {
    std::shared_ptr<ProfileBody> body;
    std::string_view first_scheduler_name;
  };
  std::vector<Built> built;
  std::unordered_map<const WrittenProfileBody*, std::shared_ptr<const ProfileBody>> bodies;
  SchedulerConfiguration config;
  config.profiles.reserve(written.profiles.size());
  for (const WrittenProfile& p : written.profiles) {
    SchedulerProfile& profile = config.profiles.emplace_back();
    profile.scheduler_name = p.scheduler_name.value_or("");
    profile.line = p.scheduler_name_line ? p.scheduler_name_line : p.line;
    auto [shared, added] = bodies.try_emplace(p.body.get());
    if (added) {
      auto body = std::make_shared<ProfileBody>(default_profile_body(*p.body, gates));
      built.push_back(Built{body, profile.scheduler_name});
      shared->second = std::move(body);
    }
    profile.body = shared->second;
  }
  config.extenders = written.extenders;

  ValidationErrors errors;
  validate_configuration(written, config, gates, errors);
  if (!errors.empty()) return ConfigError{errors.message(), errors.first_line()};

  // In profile order: the first profile whose body fails is the first written so.
  for (const Built& b : built) {
    if (auto error = build_framework(*b.body, b.first_scheduler_name, gates)) {
      return ConfigError{fmt::format("initializing profiles: creating profile for scheduler name {}: {}",
                                     b.first_scheduler_name, error->message),
                         error->line};
    }
  }
  std::unordered_map<const ProfileBody*, std::vector<std::string>> unused;
  for (const SchedulerProfile& profile : config.profiles) {
    auto [names, added] = unused.try_emplace(profile.body.get());
    if (added) names->second = unused_plugin_configs(*profile.body);
    for (const std::string& name : names->second) {
      config.notices.push_back(fmt::format("profile {}: the pluginConfig of {} is not used: no extension point enables it",
                                           profile.scheduler_name, name));
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
      result = configure(std::move(written), gates, out);
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

const PluginConfig* ProfileBody::args_of(std::string_view name) const {
  for (const PluginConfig& config : plugin_config) {
    if (config.name == name) return &config;
  }
  return nullptr;
}

SchedulerConfiguration default_scheduler_configuration(const FeatureGates& gates) {
  SchedulerConfiguration config;
  auto error = configure(WrittenConfiguration{}, gates, config);
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
