#include "podfit/kubernetes_release.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

namespace podfit {
namespace {

// Reads a run of digits at the front of `text`, consuming it (no sign: "-1" is no number here).
std::optional<int> take_number(std::string_view& text) {
  if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end == text.data()) return std::nullopt;
  text.remove_prefix(static_cast<size_t>(end - text.data()));
  return value;
}

std::string supported_range() {
  return fmt::format("v1.{} to v1.{}", KubernetesRelease::kOldestMinor, KubernetesRelease::kNewestMinor);
}

}  // namespace

std::string KubernetesRelease::name() const { return fmt::format("v1.{}", minor); }

std::optional<KubernetesRelease> parse_kubernetes_release(std::string_view text, std::string* error) {
  std::string_view rest = text;
  if (rest.starts_with('v')) rest.remove_prefix(1);
  std::optional<int> major = take_number(rest);
  std::optional<int> minor;
  if (major && rest.starts_with('.')) {
    rest.remove_prefix(1);
    minor = take_number(rest);
  }
  // An optional patch: ".5".
  bool patch_ok = true;
  std::optional<int> patch;
  if (minor && rest.starts_with('.')) {
    rest.remove_prefix(1);
    patch = take_number(rest);
    patch_ok = patch.has_value();
  }
  if (!major || !minor || !patch_ok || !rest.empty()) {
    if (error) *error = fmt::format("\"{}\" is not a Kubernetes version: give X.Y or vX.Y.Z, {}", text, supported_range());
    return std::nullopt;
  }
  if (*major != 1 || *minor < KubernetesRelease::kOldestMinor || *minor > KubernetesRelease::kNewestMinor) {
    if (error) *error = fmt::format("Kubernetes {} is not supported: podfit models {}", text, supported_range());
    return std::nullopt;
  }
  return KubernetesRelease{*minor, patch.value_or(-1)};
}

std::optional<KubernetesRelease> reported_version(std::string_view version) {
  if (version.starts_with('v')) version.remove_prefix(1);
  std::optional<int> major = take_number(version);
  if (!major || *major != 1 || !version.starts_with('.')) return std::nullopt;
  version.remove_prefix(1);
  std::optional<int> minor = take_number(version);
  if (!minor) return std::nullopt;
  KubernetesRelease release{*minor};
  if (version.starts_with('.')) {
    version.remove_prefix(1);
    release.patch = take_number(version).value_or(-1);
  }
  return release;
}

std::string_view ReleaseChoice::source_name() const {
  switch (source) {
    case ReleaseSource::Flag: return "flag";
    case ReleaseSource::ApiServer: return "apiserver";
    case ReleaseSource::Nodes: return "nodes";
    case ReleaseSource::Default: return "default";
  }
  return "default";
}

std::optional<ReleaseChoice> release_reported_by(ReleaseSource source, std::string_view version, std::string* error) {
  const std::string what = source == ReleaseSource::ApiServer ? "the API server's version" : "the newest kubelet among the nodes";
  std::optional<KubernetesRelease> reported = reported_version(version);
  if (!reported) {
    if (error) *error = fmt::format("{} is \"{}\", not a Kubernetes v1 version: give --kubernetes-version", what, version);
    return std::nullopt;
  }
  if (reported->minor < KubernetesRelease::kOldestMinor) {
    if (error) {
      *error = fmt::format("{} is {}: podfit models {}; give --kubernetes-version to choose one of them", what, version,
                           supported_range());
    }
    return std::nullopt;
  }
  ReleaseChoice choice;
  choice.source = source;
  choice.reported = std::string(version);
  choice.newer_than_modelled = reported->minor > KubernetesRelease::kNewestMinor;
  // A newer release is modelled as the newest, whose patch it does not tell.
  choice.release = choice.newer_than_modelled ? KubernetesRelease::newest() : *reported;
  return choice;
}

bool ReleaseChoice::noteworthy() const {
  if (source == ReleaseSource::Flag) return true;
  if (source == ReleaseSource::Default) return false;
  return newer_than_modelled || release.minor != KubernetesRelease::kNewestMinor;
}

std::string ReleaseChoice::describe() const {
  const std::string newer = newer_than_modelled ? ", newer than podfit models" : "";
  switch (source) {
    case ReleaseSource::Flag: return fmt::format("podfit: Kubernetes {} (--kubernetes-version)", release.name());
    case ReleaseSource::ApiServer:
      return fmt::format("podfit: Kubernetes {} (the API server's version, {}{})", release.name(), reported, newer);
    case ReleaseSource::Nodes:
      return fmt::format("podfit: Kubernetes {} (the newest kubelet among the nodes, {}{})", release.name(), reported,
                         newer);
    case ReleaseSource::Default:
      return fmt::format("podfit: Kubernetes {} (the newest podfit models: no node reports a kubelet version)",
                         release.name());
  }
  return {};
}

}  // namespace podfit
