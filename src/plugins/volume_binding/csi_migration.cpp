// Which in-tree PVs the volume binder treats as served through CSI on a node, and the node
// affinity they then carry (both from the shared csi-translation module).
#include <string>

#include "podfit/model/csi_translation.h"
#include "podfit/plugins/volume_binding/volume_binding.h"

namespace podfit {

std::string_view migrated_in_tree_plugin(const PersistentVolume& volume) {
  const std::string& type = volume.source.type;
  if (type == "gcePersistentDisk") return kGcePdInTreePluginName;
  if (type == "awsElasticBlockStore") return kAwsEbsInTreePluginName;
  if (type == "azureDisk") return kAzureDiskInTreePluginName;
  if (type == "cinder") return kCinderInTreePluginName;
  // CSIMigrationPortworx is on by default.
  if (type == "portworxVolume") return kPortworxInTreePluginName;
  // azureFile and vsphereVolume are migratable, but the binder does not treat them as migrated.
  return {};
}

bool is_plugin_migrated_on_node(std::string_view plugin, const CSINode* csi_node) {
  if (csi_node == nullptr || plugin.empty()) return false;
  const std::string* annotation = csi_node->metadata.annotations.find(volume_annotations::kMigratedPlugins);
  if (annotation == nullptr) return false;
  // strings.Split on ",": each listed name must match exactly.
  std::string_view rest = *annotation;
  for (;;) {
    size_t comma = rest.find(',');
    if (rest.substr(0, comma) == plugin) return true;
    if (comma == std::string_view::npos) return false;
    rest.remove_prefix(comma + 1);
  }
}

TranslatedAffinity translate_in_tree_node_affinity(const PersistentVolume& volume) {
  Translated<PersistentVolume> translated = translate_in_tree_pv_to_csi(volume);
  if (!translated.has_value()) return {std::nullopt, translated.error};
  return {translated.value->node_affinity, std::nullopt};
}

}  // namespace podfit
