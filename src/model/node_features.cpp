#include "podfit/model/node_features.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <utility>

namespace podfit {
namespace {

// Go's \s: the blanks the version regular expressions skip.
bool is_go_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
// [0-9A-Za-z-]: a character of a pre-release or build identifier.
bool is_identifier_char(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
}

void set_error(std::string* error, std::string message) {
  if (error != nullptr) *error = std::move(message);
}

// strconv.ParseUint(text, 10, 0): digits only, within 64 bits.
std::optional<uint64_t> parse_uint(std::string_view text) {
  if (text.empty()) return std::nullopt;
  uint64_t value = 0;
  for (char c : text) {
    if (!is_digit(c)) return std::nullopt;
    const uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (std::numeric_limits<uint64_t>::max() - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

// ([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*): dot-separated, non-empty identifiers.
bool is_identifier_list(std::string_view text) {
  for (std::string_view part : split(text, '.')) {
    if (part.empty() || !std::all_of(part.begin(), part.end(), is_identifier_char)) return false;
  }
  return true;
}

bool only_zeros(const std::vector<uint64_t>& components, std::size_t from) {
  for (std::size_t i = from; i < components.size(); ++i) {
    if (components[i] != 0) return false;
  }
  return true;
}

}  // namespace

std::optional<Version> Version::parse_semantic(std::string_view text, std::string* error) {
  return parse_as(text, true, error);
}

std::optional<Version> Version::parse_generic(std::string_view text, std::string* error) {
  return parse_as(text, false, error);
}

std::optional<Version> Version::parse(std::string_view text, std::string* error) {
  if (auto v = parse_semantic(text)) return v;
  return parse_generic(text, error);
}

int Version::compare(const Version& other) const {
  const std::size_t n = components_.size();
  const std::size_t m = other.components_.size();
  for (std::size_t i = 0; i < n && i < m; ++i) {
    if (components_[i] > other.components_[i]) return 1;
    if (components_[i] < other.components_[i]) return -1;
  }
  if (m < n && !only_zeros(components_, m)) return 1;
  if (n < m && !only_zeros(other.components_, n)) return -1;
  if (!semver_ || !other.semver_) return 0;

  if (pre_release_.empty() && !other.pre_release_.empty()) return 1;
  if (!pre_release_.empty() && other.pre_release_.empty()) return -1;
  if (pre_release_ == other.pre_release_) return 0;

  const auto mine = split(pre_release_, '.');
  const auto theirs = split(other.pre_release_, '.');
  for (std::size_t i = 0; i < mine.size() && i < theirs.size(); ++i) {
    const auto a = parse_uint(mine[i]);
    const auto b = parse_uint(theirs[i]);
    if (a && b) {
      if (*a > *b) return 1;
      if (*a < *b) return -1;
      continue;
    }
    // An identifier that is not a number on either side compares as text.
    if (mine[i] > theirs[i]) return 1;
    if (mine[i] < theirs[i]) return -1;
  }
  if (theirs.size() < mine.size()) return 1;
  if (theirs.size() > mine.size()) return -1;
  return 0;
}

std::string Version::to_string() const {
  std::string out;
  for (std::size_t i = 0; i < components_.size(); ++i) {
    if (i > 0) out += '.';
    out += std::to_string(components_[i]);
  }
  if (!pre_release_.empty()) out += "-" + pre_release_;
  if (!build_metadata_.empty()) out += "+" + build_metadata_;
  return out;
}

std::optional<Version> Version::parse_as(std::string_view text, bool semver, std::string* error) {
  const std::string quoted = fmt::format("\"{}\"", text);
  // ^\s*v?([0-9]+(?:\.[0-9]+)*)(.*)*$ -- '.' stops at a newline, which then fails the match.
  std::size_t pos = 0;
  while (pos < text.size() && is_go_space(text[pos])) ++pos;
  if (pos < text.size() && text[pos] == 'v') ++pos;
  const std::size_t numbers_start = pos;
  if (pos >= text.size() || !is_digit(text[pos])) {
    set_error(error, fmt::format("could not parse {} as version", quoted));
    return std::nullopt;
  }
  while (pos < text.size()) {
    if (is_digit(text[pos])) {
      ++pos;
    } else if (text[pos] == '.' && pos + 1 < text.size() && is_digit(text[pos + 1])) {
      ++pos;
    } else {
      break;
    }
  }
  const std::string_view numbers = text.substr(numbers_start, pos - numbers_start);
  const std::string_view extra = text.substr(pos);
  if (extra.find('\n') != std::string_view::npos) {
    set_error(error, fmt::format("could not parse {} as version", quoted));
    return std::nullopt;
  }

  const auto parts = split(numbers, '.');
  if ((semver && parts.size() != 3) || (!semver && parts.size() < 2)) {
    set_error(error, fmt::format("illegal version string {}", quoted));
    return std::nullopt;
  }
  Version out;
  out.semver_ = semver;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string_view comp = parts[i];
    if ((i == 0 || semver) && comp.size() > 1 && comp.front() == '0') {
      set_error(error, fmt::format("illegal zero-prefixed version component \"{}\" in {}", comp, quoted));
      return std::nullopt;
    }
    const auto value = parse_uint(comp);
    if (!value) {
      set_error(error, fmt::format("illegal non-numeric version component \"{}\" in {}: strconv.ParseUint: parsing "
                                   "\"{}\": value out of range",
                                   comp, quoted, comp));
      return std::nullopt;
    }
    out.components_.push_back(*value);
  }

  if (semver && !extra.empty()) {
    // ^(?:-(IDENTS))?(?:\+(IDENTS))?\s*$
    std::string_view rest = extra;
    std::size_t end = rest.size();
    while (end > 0 && is_go_space(rest[end - 1])) --end;
    rest = rest.substr(0, end);
    std::string_view pre;
    std::string_view build;
    bool ok = true;
    const std::size_t plus = rest.find('+');
    std::string_view head = rest.substr(0, plus);
    if (plus != std::string_view::npos) {
      build = rest.substr(plus + 1);
      ok = is_identifier_list(build);
    }
    if (ok && !head.empty()) {
      ok = head.front() == '-' && is_identifier_list(head.substr(1));
      pre = ok ? head.substr(1) : std::string_view{};
    }
    if (!ok) {
      set_error(error, fmt::format("could not parse pre-release/metadata ({}) in version {}", extra, quoted));
      return std::nullopt;
    }
    out.pre_release_ = std::string(pre);
    out.build_metadata_ = std::string(build);
    for (std::string_view comp : split(out.pre_release_, '.')) {
      if (parse_uint(comp) && comp.size() > 1 && comp.front() == '0') {
        set_error(error, fmt::format("illegal zero-prefixed version component \"{}\" in {}", comp, quoted));
        return std::nullopt;
      }
    }
  }
  return out;
}

const Version& scheduler_version() {
  static const Version version = *Version::parse_semantic("1.37.0");
  return version;
}

namespace {

bool restarts_all_containers(const std::vector<Container>& containers) {
  for (const auto& c : containers) {
    for (const auto& rule : c.restart_policy_rules) {
      if (rule.action == "RestartAllContainers") return true;
    }
  }
  return false;
}

bool sets_bind_mount_options(const std::vector<Container>& containers) {
  for (const auto& c : containers) {
    for (const auto& mount : c.volume_mounts) {
      if (!mount.bind_mount_options.empty()) return true;
    }
  }
  return false;
}

// A feature that only node-side operations or pod updates need: scheduling never requires it.
DeclaredFeature update_only(std::string_view name) {
  return DeclaredFeature{std::string(name), std::nullopt, [](const PodSpec&) { return false; }};
}

}  // namespace

std::vector<DeclaredFeature> all_declared_features() {
  namespace f = declared_features;
  return {
      DeclaredFeature{std::string(f::kRestartAllContainersOnContainerExits), std::nullopt,
                      [](const PodSpec& spec) {
                        return restarts_all_containers(spec.containers) ||
                               restarts_all_containers(spec.init_containers);
                      }},
      update_only(f::kInPlacePodLevelResourcesVerticalScaling),
      update_only(f::kExtendWebSocketsToKubelet),
      update_only(f::kInPlacePodVerticalScalingInitContainers),
      update_only(f::kInPlacePodVerticalScalingMemoryBackedVolumes),
      // A pod in its own user namespace on the host network.
      DeclaredFeature{std::string(f::kUserNamespacesHostNetworkSupport), std::nullopt,
                      [](const PodSpec& spec) {
                        return spec.host_network && spec.host_users.has_value() && !*spec.host_users;
                      }},
      update_only(f::kDRANodeAllocatableResources),
      DeclaredFeature{std::string(f::kVolumeBindMountOptions), std::nullopt,
                      [](const PodSpec& spec) {
                        return sets_bind_mount_options(spec.containers) ||
                               sets_bind_mount_options(spec.init_containers) ||
                               sets_bind_mount_options(spec.ephemeral_containers);
                      }},
      // Claims are allocated after PreFilter; DynamicResources filters for these itself.
      update_only(f::kDRAOptionalNodeOperations),
  };
}

bool FeatureSet::empty() const { return std::none_of(bits_.begin(), bits_.end(), [](bool b) { return b; }); }

bool FeatureSet::is_subset_of(const FeatureSet& other) const {
  if (bits_.size() != other.bits_.size()) return false;
  for (std::size_t i = 0; i < bits_.size(); ++i) {
    if (bits_[i] && !other.bits_[i]) return false;
  }
  return true;
}

FeatureSet FeatureSet::difference(const FeatureSet& other) const {
  FeatureSet out(bits_.size());
  for (std::size_t i = 0; i < bits_.size(); ++i) {
    out.bits_[i] = bits_[i] && !(i < other.bits_.size() && other.bits_[i]);
  }
  return out;
}

std::string FeatureSet::to_string() const {
  std::string out;
  for (bool b : bits_) out += b ? '1' : '0';
  return out;
}

NodeFeatureFramework::NodeFeatureFramework(std::vector<DeclaredFeature> registry) : registry_(std::move(registry)) {
  std::sort(registry_.begin(), registry_.end(),
            [](const DeclaredFeature& a, const DeclaredFeature& b) { return a.name < b.name; });
  for (const auto& feature : registry_) names_.push_back(feature.name);
}

const NodeFeatureFramework& NodeFeatureFramework::default_framework() {
  static const NodeFeatureFramework framework(all_declared_features());
  return framework;
}

std::optional<FeatureSet> NodeFeatureFramework::map_sorted(const std::vector<std::string>& sorted,
                                                           std::string* error) const {
  FeatureSet set = new_feature_set();
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < sorted.size() && j < names_.size()) {
    if (sorted[i] == names_[j]) {
      set.set(j);
      ++i;
      ++j;
    } else if (sorted[i] < names_[j]) {
      set_error(error, fmt::format("unknown feature {}", sorted[i]));
      return std::nullopt;
    } else {
      ++j;
    }
  }
  if (i < sorted.size()) {
    set_error(error, fmt::format("unknown feature {}", sorted[i]));
    return std::nullopt;
  }
  return set;
}

FeatureSet NodeFeatureFramework::try_map(const std::vector<std::string>& sorted) const {
  FeatureSet set = new_feature_set();
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < sorted.size() && j < names_.size()) {
    if (sorted[i] == names_[j]) {
      set.set(j);
      ++i;
      ++j;
    } else if (sorted[i] < names_[j]) {
      ++i;
    } else {
      ++j;
    }
  }
  return set;
}

std::vector<std::string> NodeFeatureFramework::unmap(const FeatureSet& set) const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < set.size() && i < names_.size(); ++i) {
    if (set.get(i)) out.push_back(names_[i]);
  }
  return out;
}

std::optional<FeatureSet> NodeFeatureFramework::infer_for_pod_scheduling(const PodSpec& spec, const Version* target,
                                                                         std::string* error) const {
  if (target == nullptr) {
    set_error(error, "target version cannot be nil");
    return std::nullopt;
  }
  FeatureSet required = new_feature_set();
  for (std::size_t i = 0; i < registry_.size(); ++i) {
    const DeclaredFeature& feature = registry_[i];
    if (feature.max_version && target->greater_than(*feature.max_version)) continue;
    if (feature.infer_for_scheduling && feature.infer_for_scheduling(spec)) required.set(i);
  }
  return required;
}

MatchResult NodeFeatureFramework::match_node(const FeatureSet& required, const Node& node) const {
  return match_node_feature_set(required, try_map(node.status.declared_features));
}

MatchResult NodeFeatureFramework::match_node_feature_set(const FeatureSet& required,
                                                         const FeatureSet& node_features) const {
  if (required.empty() || required.is_subset_of(node_features)) return MatchResult{true, {}};
  return MatchResult{false, unmap(required.difference(node_features))};
}

}  // namespace podfit
