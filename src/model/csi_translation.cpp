#include "podfit/model/csi_translation.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <vector>

#include "podfit/model/field_errors.h"

namespace podfit {
namespace {

constexpr std::string_view kLabelZone = "topology.kubernetes.io/zone";
constexpr std::string_view kLabelRegion = "topology.kubernetes.io/region";
constexpr std::string_view kLabelBetaZone = "failure-domain.beta.kubernetes.io/zone";
constexpr std::string_view kLabelBetaRegion = "failure-domain.beta.kubernetes.io/region";
// How a multi-zone label value separates its zones.
constexpr std::string_view kMultiZoneDelimiter = "__";
constexpr std::string_view kUnspecified = "UNSPECIFIED";
constexpr std::string_view kAzureFileResourceGroupAnnotation = "kubernetes.io/azure-file-resource-group";

// Sorted by CSI driver name, the order a Go map of them never promises but tests like.
constexpr std::array<MigratablePlugin, 7> kPlugins = {{
    {"cinder", kCinderInTreePluginName, kCinderDriverName},
    {"vsphereVolume", kVsphereInTreePluginName, kVsphereDriverName},
    {"azureDisk", kAzureDiskInTreePluginName, kAzureDiskDriverName},
    {"awsElasticBlockStore", kAwsEbsInTreePluginName, kAwsEbsDriverName},
    {"azureFile", kAzureFileInTreePluginName, kAzureFileDriverName},
    {"gcePersistentDisk", kGcePdInTreePluginName, kGcePdDriverName},
    {"portworxVolume", kPortworxInTreePluginName, kPortworxDriverName},
}};

const MigratablePlugin* plugin_for_source(std::string_view type) {
  for (const auto& plugin : kPlugins) {
    if (plugin.source_type == type) return &plugin;
  }
  return nullptr;
}

// strings.Split: an empty string splits into one empty element.
std::vector<std::string> split(std::string_view s, std::string_view sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    size_t at = s.find(sep, start);
    if (at == std::string_view::npos) break;
    out.emplace_back(s.substr(start, at - start));
    start = at + sep.size();
  }
  out.emplace_back(s.substr(start));
  return out;
}

std::string_view trim_space(std::string_view s) {
  constexpr std::string_view kSpace = " \t\n\v\f\r";
  size_t begin = s.find_first_not_of(kSpace);
  if (begin == std::string_view::npos) return {};
  return s.substr(begin, s.find_last_not_of(kSpace) - begin + 1);
}

std::string label_or_empty(const StringMap& labels, std::string_view key) {
  const std::string* value = labels.find(key);
  return value != nullptr ? *value : std::string();
}

// TopologyKeyExist: some match expression of the PV's node affinity uses `key`.
bool topology_key_exists(const PersistentVolume& pv, std::string_view key) {
  if (!pv.node_affinity) return false;
  for (const auto& term : pv.node_affinity->node_selector_terms) {
    for (const auto& r : term.match_expressions) {
      if (r.key == key) return true;
    }
  }
  return false;
}

// getTopologyLabel: GA labels unless the node affinity, then the labels, use the beta zone label.
std::pair<std::string_view, std::string_view> topology_labels(const PersistentVolume& pv) {
  if (topology_key_exists(pv, kLabelZone)) return {kLabelZone, kLabelRegion};
  if (topology_key_exists(pv, kLabelBetaZone)) return {kLabelBetaZone, kLabelBetaRegion};
  if (pv.metadata.labels.contains(kLabelZone)) return {kLabelZone, kLabelRegion};
  if (pv.metadata.labels.contains(kLabelBetaZone)) return {kLabelBetaZone, kLabelBetaRegion};
  return {kLabelZone, kLabelRegion};
}

// getTopologyValues: every value of `key` across the node affinity's terms, unique and sorted.
std::vector<std::string> topology_values(const PersistentVolume& pv, std::string_view key) {
  std::set<std::string> values;
  if (pv.node_affinity) {
    for (const auto& term : pv.node_affinity->node_selector_terms) {
      for (const auto& r : term.match_expressions) {
        if (r.key == key) values.insert(r.values.begin(), r.values.end());
      }
    }
  }
  return {values.begin(), values.end()};
}

// replaceTopology: renames `old_key` to `new_key` in every match expression.
void replace_topology(PersistentVolume& pv, std::string_view old_key, std::string_view new_key) {
  if (!pv.node_affinity) return;
  for (auto& term : pv.node_affinity->node_selector_terms) {
    for (auto& r : term.match_expressions) {
      if (r.key == old_key) r.key = std::string(new_key);
    }
  }
}

// addTopology: "key In zones" (trimmed, unique, sorted) appended to every term, one empty term
// being made when there is none; nothing happens when no zone is left.
void add_topology(PersistentVolume& pv, std::string_view key, const std::vector<std::string>& zones) {
  std::set<std::string> filtered;
  for (const auto& zone : zones) {
    std::string_view trimmed = trim_space(zone);
    if (!trimmed.empty()) filtered.emplace(trimmed);
  }
  if (filtered.empty()) return;
  if (!pv.node_affinity) pv.node_affinity.emplace();
  auto& terms = pv.node_affinity->node_selector_terms;
  if (terms.empty()) terms.emplace_back();
  for (auto& term : terms) {
    term.match_expressions.push_back(
        NodeSelectorRequirement{std::string(key), "In", std::vector<std::string>(filtered.begin(), filtered.end())});
  }
}

// translateTopologyFromInTreeToCSI: the zone key of the node affinity becomes `csi_key` (or the
// zone label becomes a requirement); a beta region key becomes the GA one.
void translate_topology(PersistentVolume& pv, std::string_view csi_key) {
  auto [zone_label, region_label] = topology_labels(pv);
  if (!topology_values(pv, zone_label).empty()) {
    replace_topology(pv, zone_label, csi_key);
  } else if (const std::string* label = pv.metadata.labels.find(zone_label)) {
    add_topology(pv, csi_key, split(*label, kMultiZoneDelimiter));
  }
  if (region_label == kLabelBetaRegion && !topology_values(pv, region_label).empty()) {
    replace_topology(pv, region_label, kLabelRegion);
  }
}

// translateTopologyFromInTreevSphereToCSI: zone and region each get their own CSI key.
void translate_vsphere_topology(PersistentVolume& pv) {
  auto [zone_label, region_label] = topology_labels(pv);
  const std::pair<std::string_view, std::string_view> keys[] = {{zone_label, kVsphereTopologyZoneKey},
                                                                {region_label, kVsphereTopologyRegionKey}};
  for (const auto& [label_key, csi_key] : keys) {
    if (!topology_values(pv, label_key).empty()) {
      replace_topology(pv, label_key, csi_key);
    } else if (const std::string* label = pv.metadata.labels.find(label_key); label != nullptr && !label->empty()) {
      add_topology(pv, csi_key, {*label});
    }
  }
}

// gceGetRegionFromZones: every zone is {locale}-{region}-{zone} and they share one region.
Translated<std::string> gce_region_from_zones(const std::vector<std::string>& zones) {
  if (zones.empty()) return Translated<std::string>::fail("no zones specified");
  std::set<std::string> regions;
  for (const auto& zone : zones) {
    auto parts = split(zone, "-");
    if (parts.size() != 3) {
      return Translated<std::string>::fail(
          fmt::format("zone in unexpected format, expected: {{locale}}-{{region}}-{{zone}}, got: {}", zone));
    }
    regions.insert(parts[0] + "-" + parts[1]);
  }
  if (regions.size() != 1) {
    std::vector<std::string> shown;
    for (const auto& r : regions) shown.push_back(r + ":{}");
    return Translated<std::string>::fail(
        fmt::format("multiple or no regions gotten from zones, got: map[{}]", fmt::join(shown, " ")));
  }
  return Translated<std::string>::ok(*regions.begin());
}

// backwardCompatibleAccessModes: the GCE PD driver only takes RWO or ROX.
std::vector<std::string> gce_access_modes(const std::vector<std::string>& modes) {
  if (modes.empty()) return {};
  bool rwo = false;
  bool rox = false;
  for (const auto& m : modes) {
    if (m == "ReadWriteMany" || m == "ReadWriteOnce") rwo = true;
    if (m == "ReadOnlyMany") rox = true;
  }
  if (rox && !rwo) return {"ReadOnlyMany"};
  return {"ReadWriteOnce"};
}

// getStorageAccountName: the account in "azure-storage-account-<account>-secret".
std::optional<std::string> azure_storage_account(std::string_view secret_name) {
  constexpr std::string_view kPrefix = "azure-storage-account-";
  constexpr std::string_view kSuffix = "-secret";
  size_t at = secret_name.find(kPrefix);
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view rest = secret_name.substr(at + kPrefix.size());
  rest = rest.substr(0, rest.find('\n'));  // '.' stops at a newline
  size_t end = rest.rfind(kSuffix);
  if (end == std::string_view::npos || end == 0) return std::nullopt;
  return std::string(rest.substr(0, end));
}

// A PV whose only source is this CSI volume.
VolumeSource csi_source(std::string_view driver, std::string handle, bool read_only, StringMap attributes) {
  VolumeSource source;
  source.type = "csi";
  source.csi_driver = std::string(driver);
  source.csi_volume_handle = std::move(handle);
  source.read_only = read_only;
  source.csi_volume_attributes = std::move(attributes);
  return source;
}

std::string gce_partition(int32_t partition) { return partition != 0 ? std::to_string(partition) : std::string(); }

bool equal_fold(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

Translated<PersistentVolume> azure_kind_error(const VolumeSource& source) {
  return Translated<PersistentVolume>::fail(
      fmt::format("kind({}) is not supported in csi migration", source.azure_disk_kind));
}

bool azure_kind_supported(const VolumeSource& source) {
  return source.azure_disk_kind.empty() || equal_fold(source.azure_disk_kind, "Managed");
}

// --- net/url, as far as an "aws://" volume id needs it ---

enum class Encoding { Path, Host, UserPassword, Fragment };

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
int unhex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

// shouldEscape for the host part: what a host name may not carry unescaped.
bool host_needs_escape(unsigned char c) {
  if (std::isalnum(c)) return false;
  switch (c) {
    case '!':
    case '$':
    case '&':
    case '\'':
    case '(':
    case ')':
    case '*':
    case '+':
    case ',':
    case ';':
    case '=':
    case ':':
    case '[':
    case ']':
    case '<':
    case '>':
    case '"':
    case '-':
    case '_':
    case '.':
    case '~':
      return false;
    default:
      return true;
  }
}

// unescape: percent-decoding with net/url's errors (EscapeError, InvalidHostError).
std::optional<std::string> url_unescape(std::string_view s, Encoding mode, std::string* error) {
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '%') {
      if (i + 2 >= s.size() || !is_hex(s[i + 1]) || !is_hex(s[i + 2])) {
        *error = "invalid URL escape " + field::go_quote(s.substr(i, 3));
        return std::nullopt;
      }
      if (mode == Encoding::Host && unhex(s[i + 1]) < 8 && s.substr(i, 3) != "%25") {
        *error = "invalid URL escape " + field::go_quote(s.substr(i, 3));
        return std::nullopt;
      }
      i += 3;
      continue;
    }
    const auto c = static_cast<unsigned char>(s[i]);
    if (mode == Encoding::Host && c < 0x80 && host_needs_escape(c)) {
      *error = "invalid character " + field::go_quote(s.substr(i, 1)) + " in host name";
      return std::nullopt;
    }
    ++i;
  }
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%') {
      out.push_back(static_cast<char>(unhex(s[i + 1]) * 16 + unhex(s[i + 2])));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

// validOptionalPort: "" or ":" followed by digits.
bool valid_optional_port(std::string_view port) {
  if (port.empty()) return true;
  if (port[0] != ':') return false;
  return std::all_of(port.begin() + 1, port.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool valid_userinfo(std::string_view s) {
  constexpr std::string_view kAllowed = "-._:~!$&'()*+,;=%@";
  return std::all_of(s.begin(), s.end(), [&](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || kAllowed.find(c) != std::string_view::npos;
  });
}

// parseAuthority: userinfo and host (with its optional port) must be well formed.
bool check_authority(std::string_view authority, std::string* error) {
  std::string_view host = authority;
  if (size_t at = authority.rfind('@'); at != std::string_view::npos) {
    std::string_view userinfo = authority.substr(0, at);
    if (!valid_userinfo(userinfo)) {
      *error = "net/url: invalid userinfo";
      return false;
    }
    for (std::string_view part :
         {userinfo.substr(0, userinfo.find(':')), userinfo.find(':') == std::string_view::npos
                                                      ? std::string_view()
                                                      : userinfo.substr(userinfo.find(':') + 1)}) {
      if (!url_unescape(part, Encoding::UserPassword, error)) return false;
    }
    host = authority.substr(at + 1);
  }
  if (!host.empty() && host[0] == '[') {
    size_t close = host.rfind(']');
    if (close == std::string_view::npos) {
      *error = "missing ']' in host";
      return false;
    }
    std::string_view port = host.substr(close + 1);
    if (!valid_optional_port(port)) {
      *error = fmt::format("invalid port {} after host", field::go_quote(port));
      return false;
    }
    return true;
  }
  if (size_t colon = host.rfind(':'); colon != std::string_view::npos) {
    std::string_view port = host.substr(colon);
    if (!valid_optional_port(port)) {
      *error = fmt::format("invalid port {} after host", field::go_quote(port));
      return false;
    }
  }
  return url_unescape(host, Encoding::Host, error).has_value();
}

// url.Parse(raw).Path for a raw URL known to start with "aws://"; nullopt with url.Error's text.
std::optional<std::string> aws_url_path(std::string_view raw, std::string* error) {
  const size_t hash = raw.find('#');
  std::string_view url = raw.substr(0, hash);
  auto fail = [&](std::string_view whole, const std::string& why) {
    *error = fmt::format("parse {}: {}", field::go_quote(whole), why);
    return std::nullopt;
  };
  if (std::any_of(url.begin(), url.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
    return fail(url, "net/url: invalid control character in URL");
  }
  std::string_view rest = url.substr(std::string_view("aws:").size());
  rest = rest.substr(0, rest.find('?'));
  rest.remove_prefix(2);  // "//"
  const size_t slash = rest.find('/');
  std::string_view authority = rest.substr(0, slash);
  std::string_view path = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
  std::string why;
  if (!check_authority(authority, &why)) return fail(url, why);
  auto decoded = url_unescape(path, Encoding::Path, &why);
  if (!decoded) return fail(url, why);
  if (hash != std::string_view::npos && !url_unescape(raw.substr(hash + 1), Encoding::Fragment, &why)) {
    return fail(raw, why);
  }
  return decoded;
}

// The inline volume's translation, plugin by plugin.
Translated<PersistentVolume> translate_inline(const MigratablePlugin& plugin, const Volume& volume,
                                              std::string_view pod_namespace) {
  const VolumeSource& in = volume.source;
  PersistentVolume pv;
  pv.volume_mode = "Filesystem";
  if (plugin.source_type == "gcePersistentDisk") {
    pv.metadata.name = fmt::format("{}-{}", kGcePdDriverName, in.pd_name);
    pv.source = csi_source(kGcePdDriverName, fmt::format("projects/{0}/zones/{0}/disks/{1}", kUnspecified, in.pd_name),
                           in.read_only, StringMap{{"partition", gce_partition(in.partition)}});
    pv.access_modes = {in.read_only ? "ReadOnlyMany" : "ReadWriteOnce"};
  } else if (plugin.source_type == "awsElasticBlockStore") {
    auto handle = kubernetes_volume_id_to_ebs_volume_id(in.volume_id);
    if (!handle.has_value()) {
      return Translated<PersistentVolume>::fail("failed to translate Kubernetes ID to EBS Volume ID " + handle.error);
    }
    pv.metadata.name = fmt::format("{}-{}", kAwsEbsDriverName, *handle.value);
    pv.source = csi_source(kAwsEbsDriverName, *handle.value, in.read_only,
                           StringMap{{"partition", std::to_string(in.partition)}});
    pv.access_modes = {"ReadWriteOnce"};
  } else if (plugin.source_type == "cinder") {
    pv.metadata.name = fmt::format("{}-{}", kCinderDriverName, in.volume_id);
    pv.source = csi_source(kCinderDriverName, in.volume_id, in.read_only, {});
    pv.access_modes = {"ReadWriteOnce"};
  } else if (plugin.source_type == "azureDisk") {
    if (!azure_kind_supported(in)) return azure_kind_error(in);
    pv.metadata.name = in.azure_disk_uri;
    pv.source = csi_source(kAzureDiskDriverName, in.azure_disk_uri, in.read_only, StringMap{{"kind", "Managed"}});
    pv.access_modes = {"ReadWriteOnce"};
  } else if (plugin.source_type == "azureFile") {
    const std::string account = azure_storage_account(in.azure_file_secret_name).value_or(in.azure_file_secret_name);
    const std::string secret_namespace = pod_namespace.empty() ? "default" : std::string(pod_namespace);
    std::string id = fmt::format("#{}#{}#{}#{}", account, in.azure_file_share_name, volume.name, secret_namespace);
    pv.metadata.name = id;
    pv.source = csi_source(kAzureFileDriverName, std::move(id), in.read_only,
                           StringMap{{"sharename", in.azure_file_share_name}});
    pv.access_modes = {"ReadWriteMany"};
  } else if (plugin.source_type == "vsphereVolume") {
    if (!in.vsphere_storage_policy_name.empty()) {
      // Upstream reads the storage policy through the translated PV's (nil) vsphereVolume source.
      return Translated<PersistentVolume>::fail(
          "an inline vsphereVolume with a storagePolicyName makes the translation dereference a nil source (a panic "
          "in kube)");
    }
    pv.metadata.name = fmt::format("{}-{}", kVsphereDriverName, in.vsphere_volume_path);
    pv.source = csi_source(kVsphereDriverName, in.vsphere_volume_path, false, {});
    pv.access_modes = {"ReadWriteOnce"};
  } else {  // portworxVolume
    pv.metadata.name = fmt::format("{}-{}", kPortworxDriverName, in.volume_id);
    pv.source = csi_source(kPortworxDriverName, in.volume_id, false, {});
    pv.access_modes = {in.read_only ? "ReadOnlyMany" : "ReadWriteOnce"};
  }
  return Translated<PersistentVolume>::ok(std::move(pv));
}

// The PV's translation, plugin by plugin, on a copy.
Translated<PersistentVolume> translate_pv(const MigratablePlugin& plugin, PersistentVolume pv) {
  const VolumeSource in = pv.source;
  if (plugin.source_type == "gcePersistentDisk") {
    std::string zones_label = label_or_empty(pv.metadata.labels, kLabelBetaZone);
    if (zones_label.empty()) zones_label = label_or_empty(pv.metadata.labels, kLabelZone);
    const auto zones = split(zones_label, kMultiZoneDelimiter);
    std::string handle;
    if (zones.size() == 1 && !zones[0].empty()) {
      handle = fmt::format("projects/{}/zones/{}/disks/{}", kUnspecified, zones[0], in.pd_name);
    } else if (zones.size() > 1) {
      auto region = gce_region_from_zones(zones);
      if (!region.has_value()) {
        return Translated<PersistentVolume>::fail("failed to get region from zones: " + region.error);
      }
      handle = fmt::format("projects/{}/regions/{}/disks/{}", kUnspecified, *region.value, in.pd_name);
    } else {
      handle = fmt::format("projects/{0}/zones/{0}/disks/{1}", kUnspecified, in.pd_name);
    }
    translate_topology(pv, kGcePdTopologyKey);
    pv.source = csi_source(kGcePdDriverName, std::move(handle), in.read_only,
                           StringMap{{"partition", gce_partition(in.partition)}});
    pv.access_modes = gce_access_modes(pv.access_modes);
  } else if (plugin.source_type == "awsElasticBlockStore") {
    auto handle = kubernetes_volume_id_to_ebs_volume_id(in.volume_id);
    if (!handle.has_value()) {
      return Translated<PersistentVolume>::fail("failed to translate Kubernetes ID to EBS Volume ID " + handle.error);
    }
    translate_topology(pv, kAwsEbsTopologyKey);
    pv.source = csi_source(kAwsEbsDriverName, *handle.value, in.read_only,
                           StringMap{{"partition", std::to_string(in.partition)}});
  } else if (plugin.source_type == "cinder") {
    translate_topology(pv, kCinderTopologyKey);
    pv.source = csi_source(kCinderDriverName, in.volume_id, in.read_only, {});
  } else if (plugin.source_type == "azureDisk") {
    if (!azure_kind_supported(in)) return azure_kind_error(in);
    pv.source = csi_source(kAzureDiskDriverName, in.azure_disk_uri, in.read_only, StringMap{{"kind", "Managed"}});
  } else if (plugin.source_type == "azureFile") {
    const std::string account = azure_storage_account(in.azure_file_secret_name).value_or(in.azure_file_secret_name);
    const std::string resource_group = label_or_empty(pv.metadata.annotations, kAzureFileResourceGroupAnnotation);
    std::string secret_namespace;
    if (in.azure_file_secret_namespace) {
      secret_namespace = *in.azure_file_secret_namespace;
    } else if (pv.claim_ref) {
      secret_namespace = pv.claim_ref->namespace_;
    }
    if (secret_namespace.empty()) {
      return Translated<PersistentVolume>::fail(
          "could not find a secret namespace in PersistentVolumeSource or ClaimRef");
    }
    pv.source = csi_source(kAzureFileDriverName,
                           fmt::format("{}#{}#{}#{}#{}", resource_group, account, in.azure_file_share_name,
                                       pv.metadata.name, secret_namespace),
                           in.read_only, StringMap{{"sharename", in.azure_file_share_name}});
  } else if (plugin.source_type == "vsphereVolume") {
    StringMap attributes;
    if (!in.vsphere_storage_policy_name.empty()) attributes.set("storagepolicyname", in.vsphere_storage_policy_name);
    translate_vsphere_topology(pv);
    pv.source = csi_source(kVsphereDriverName, in.vsphere_volume_path, false, std::move(attributes));
  } else {  // portworxVolume
    pv.source = csi_source(kPortworxDriverName, in.volume_id, false, {});
  }
  return Translated<PersistentVolume>::ok(std::move(pv));
}

}  // namespace

std::span<const MigratablePlugin> migratable_plugins() { return kPlugins; }

bool is_pv_migratable(const PersistentVolume& pv) { return plugin_for_source(pv.source.type) != nullptr; }

bool is_inline_migratable(const Volume& volume) { return plugin_for_source(volume.source.type) != nullptr; }

bool is_migratable_in_tree_plugin_by_name(std::string_view name) {
  return std::any_of(kPlugins.begin(), kPlugins.end(), [&](const auto& p) { return p.in_tree_name == name; });
}

bool is_migrated_csi_driver_by_name(std::string_view name) {
  return std::any_of(kPlugins.begin(), kPlugins.end(), [&](const auto& p) { return p.csi_driver == name; });
}

Translated<std::string> in_tree_plugin_name_from_pv(const PersistentVolume& pv) {
  if (const auto* plugin = plugin_for_source(pv.source.type)) {
    return Translated<std::string>::ok(std::string(plugin->in_tree_name));
  }
  return Translated<std::string>::fail("could not find in-tree plugin name from persistent volume " + pv.metadata.name);
}

Translated<std::string> in_tree_plugin_name_from_volume(const Volume& volume) {
  if (const auto* plugin = plugin_for_source(volume.source.type)) {
    return Translated<std::string>::ok(std::string(plugin->in_tree_name));
  }
  return Translated<std::string>::fail("could not find in-tree plugin name from volume " + volume.name);
}

Translated<std::string> csi_name_from_in_tree_name(std::string_view in_tree_name) {
  for (const auto& plugin : kPlugins) {
    if (plugin.in_tree_name == in_tree_name) return Translated<std::string>::ok(std::string(plugin.csi_driver));
  }
  return Translated<std::string>::fail(fmt::format("could not find CSI Driver name for plugin {}", in_tree_name));
}

Translated<std::string> in_tree_name_from_csi_name(std::string_view csi_driver) {
  for (const auto& plugin : kPlugins) {
    if (plugin.csi_driver == csi_driver) return Translated<std::string>::ok(std::string(plugin.in_tree_name));
  }
  return Translated<std::string>::fail(fmt::format("could not find In-Tree driver name for CSI plugin {}", csi_driver));
}

Translated<PersistentVolume> translate_in_tree_pv_to_csi(const PersistentVolume& pv) {
  const auto* plugin = plugin_for_source(pv.source.type);
  if (plugin == nullptr) {
    return Translated<PersistentVolume>::fail("could not find in-tree plugin translation logic for " +
                                              field::go_quote(pv.metadata.name));
  }
  return translate_pv(*plugin, pv);
}

Translated<PersistentVolume> translate_in_tree_inline_volume_to_csi(const Volume& volume,
                                                                    std::string_view pod_namespace) {
  const auto* plugin = plugin_for_source(volume.source.type);
  if (plugin == nullptr) {
    return Translated<PersistentVolume>::fail("could not find in-tree plugin translation logic for " +
                                              field::go_quote(volume.name));
  }
  return translate_inline(*plugin, volume, pod_namespace);
}

Translated<std::string> kubernetes_volume_id_to_ebs_volume_id(std::string_view kubernetes_id) {
  if (!kubernetes_id.starts_with("aws://")) return Translated<std::string>::ok(std::string(kubernetes_id));
  std::string parse_error;
  auto path = aws_url_path(kubernetes_id, &parse_error);
  if (!path) {
    return Translated<std::string>::fail(fmt::format("Invalid disk name ({}): {}", kubernetes_id, parse_error));
  }
  std::string_view id = *path;
  while (!id.empty() && id.front() == '/') id.remove_prefix(1);
  while (!id.empty() && id.back() == '/') id.remove_suffix(1);
  if (!id.starts_with("vol-") || id.find('/') != std::string_view::npos) {
    return Translated<std::string>::fail(fmt::format("Invalid format for AWS volume ({})", kubernetes_id));
  }
  return Translated<std::string>::ok(std::string(id));
}

}  // namespace podfit
