// In-tree to CSI translation: csi-translation-lib's translate_test.go (TestTopologyTranslation,
// TestTranslationStability's in-tree half, TestTranslateInTreeInlineVolumeToCSINameUniqueness,
// TestPluginNameMappings) and plugins/*_test.go for the in-tree-to-CSI direction.
#include "podfit/model/csi_translation.h"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>
#include <string>
#include <vector>

namespace podfit {
namespace {

using Requirement = NodeSelectorRequirement;

// One line per part of the translated PV that the tests compare.
std::string describe(const PersistentVolume& pv) {
  std::vector<std::string> attributes;
  for (const auto& [k, v] : pv.source.csi_volume_attributes) attributes.push_back(k + "=" + v);
  std::string out = fmt::format("name={} source={} driver={} handle={} readOnly={} attributes=[{}] modes=[{}]",
                                pv.metadata.name, pv.source.type, pv.source.csi_driver, pv.source.csi_volume_handle,
                                pv.source.read_only, fmt::join(attributes, ","), fmt::join(pv.access_modes, ","));
  if (pv.node_affinity) {
    std::vector<std::string> terms;
    for (const auto& term : pv.node_affinity->node_selector_terms) {
      std::vector<std::string> reqs;
      for (const auto& r : term.match_expressions)
        reqs.push_back(fmt::format("{} {} [{}]", r.key, r.op, fmt::join(r.values, ",")));
      terms.push_back(fmt::format("{{{}}}", fmt::join(reqs, "; ")));
    }
    out += fmt::format(" affinity={}", fmt::join(terms, " | "));
  }
  return out;
}

// "error: <message>" or the description of the translated PV.
std::string outcome(const Translated<PersistentVolume>& t) {
  return t.has_value() ? describe(*t.value) : "error: " + t.error;
}

PersistentVolume pv_of(std::string type, StringMap labels = {}, std::optional<Requirement> topology = std::nullopt) {
  PersistentVolume pv;
  pv.metadata.labels = std::move(labels);
  pv.source.type = std::move(type);
  if (topology) pv.node_affinity = NodeSelector{{NodeSelectorTerm{{*topology}, {}}}};
  return pv;
}

// makeGCEPDPV / makeAWSEBSPV / makeCinderPV.
PersistentVolume gce_pv(StringMap labels = {}, std::optional<Requirement> topology = std::nullopt) {
  PersistentVolume pv = pv_of("gcePersistentDisk", std::move(labels), std::move(topology));
  pv.source.pd_name = "test-disk";
  return pv;
}
PersistentVolume aws_pv(StringMap labels = {}, std::optional<Requirement> topology = std::nullopt) {
  PersistentVolume pv = pv_of("awsElasticBlockStore", std::move(labels), std::move(topology));
  pv.source.volume_id = "vol01";
  pv.source.partition = 1;
  pv.source.read_only = true;
  return pv;
}
PersistentVolume cinder_pv(StringMap labels = {}, std::optional<Requirement> topology = std::nullopt) {
  PersistentVolume pv = pv_of("cinder", std::move(labels), std::move(topology));
  pv.source.volume_id = "vol1";
  return pv;
}

Requirement topology(std::string key, std::vector<std::string> values) {
  return Requirement{std::move(key), "In", std::move(values)};
}

// makeNodeAffinity: one term with every value, or one term per value.
std::string affinity(bool multi_terms, const std::string& key, const std::vector<std::string>& values) {
  if (!multi_terms) return fmt::format("{{{} In [{}]}}", key, fmt::join(values, ","));
  std::vector<std::string> terms;
  for (const auto& v : values) terms.push_back(fmt::format("{{{} In [{}]}}", key, v));
  return fmt::format("{}", fmt::join(terms, " | "));
}

std::string affinity_of(const Translated<PersistentVolume>& t) {
  if (!t.has_value()) return "error: " + t.error;
  std::string d = describe(*t.value);
  auto at = d.find(" affinity=");
  return at == std::string::npos ? "" : d.substr(at + 10);
}

const StringMap kBetaLabels = {{"failure-domain.beta.kubernetes.io/zone", "us-east-1a"},
                               {"failure-domain.beta.kubernetes.io/region", "us-east-1"}};
const StringMap kGaLabels = {{"topology.kubernetes.io/zone", "us-east-1a"},
                             {"topology.kubernetes.io/region", "us-east-1"}};
const StringMap kRegionalBetaLabels = {{"failure-domain.beta.kubernetes.io/zone", "europe-west1-b__europe-west1-c"}};
const StringMap kRegionalGaLabels = {{"topology.kubernetes.io/zone", "europe-west1-b__europe-west1-c"}};

TEST_CASE("csi translation: TestTopologyTranslation") {
  const std::string gce = std::string(kGcePdTopologyKey);
  const std::string aws = std::string(kAwsEbsTopologyKey);
  const std::string cinder = std::string(kCinderTopologyKey);
  PersistentVolume multi_terms = gce_pv({}, topology("topology.kubernetes.io/zone", {"europe-west1-f"}));
  multi_terms.node_affinity->node_selector_terms.push_back(
      NodeSelectorTerm{{topology("topology.kubernetes.io/zone", {"europe-west1-g"})}, {}});
  struct Case {
    std::string name;
    PersistentVolume pv;
    std::string want;
  };
  const Case cases[] = {
      {"GCE PD with beta zone labels", gce_pv(kBetaLabels), affinity(false, gce, {"us-east-1a"})},
      {"GCE PD with GA kubernetes zone labels", gce_pv(kGaLabels), affinity(false, gce, {"us-east-1a"})},
      {"GCE PD with existing topology (beta keys)",
       gce_pv({}, topology("failure-domain.beta.kubernetes.io/zone", {"us-east-2a"})),
       affinity(false, gce, {"us-east-2a"})},
      {"GCE PD with existing topology (CSI keys)", gce_pv({}, topology(gce, {"us-east-2a"})),
       affinity(false, gce, {"us-east-2a"})},
      {"GCE PD with zone labels and topology",
       gce_pv(kBetaLabels, topology("failure-domain.beta.kubernetes.io/zone", {"us-east-2a"})),
       affinity(false, gce, {"us-east-2a"})},
      {"GCE PD with regional zones", gce_pv(kRegionalBetaLabels),
       affinity(false, gce, {"europe-west1-b", "europe-west1-c"})},
      {"GCE PD with regional topology",
       gce_pv({}, topology("topology.kubernetes.io/zone", {"europe-west1-b", "europe-west1-c"})),
       affinity(false, gce, {"europe-west1-b", "europe-west1-c"})},
      {"GCE PD with Beta regional zone and topology",
       gce_pv(kRegionalBetaLabels,
              topology("failure-domain.beta.kubernetes.io/zone", {"europe-west1-f", "europe-west1-g"})),
       affinity(false, gce, {"europe-west1-f", "europe-west1-g"})},
      {"GCE PD with GA regional zone and topology",
       gce_pv(kRegionalGaLabels, topology("topology.kubernetes.io/zone", {"europe-west1-f", "europe-west1-g"})),
       affinity(false, gce, {"europe-west1-f", "europe-west1-g"})},
      {"GCE PD with multiple node selector terms", multi_terms,
       affinity(true, gce, {"europe-west1-f", "europe-west1-g"})},
      {"AWS EBS with beta zone labels", aws_pv(kBetaLabels), affinity(false, aws, {"us-east-1a"})},
      {"AWS EBS with beta zone labels and topology",
       aws_pv(kBetaLabels, topology("failure-domain.beta.kubernetes.io/zone", {"us-east-2a"})),
       affinity(false, aws, {"us-east-2a"})},
      {"AWS EBS with GA zone labels", aws_pv(kGaLabels), affinity(false, aws, {"us-east-1a"})},
      {"AWS EBS with GA zone labels and topology",
       aws_pv(kGaLabels, topology("topology.kubernetes.io/zone", {"us-east-2a"})),
       affinity(false, aws, {"us-east-2a"})},
      {"OpenStack Cinder with zone labels", cinder_pv(kBetaLabels), affinity(false, cinder, {"us-east-1a"})},
      {"OpenStack Cinder with zone labels and topology",
       cinder_pv(kBetaLabels, topology("failure-domain.beta.kubernetes.io/zone", {"us-east-2a"})),
       affinity(false, cinder, {"us-east-2a"})},
      // podfit: a beta region requirement becomes the GA region key; other keys stay.
      {"beta region key becomes GA",
       [] {
         PersistentVolume pv = aws_pv({}, topology("failure-domain.beta.kubernetes.io/zone", {"us-east-2a"}));
         pv.node_affinity->node_selector_terms[0].match_expressions.push_back(
             topology("failure-domain.beta.kubernetes.io/region", {"us-east-2"}));
         pv.node_affinity->node_selector_terms[0].match_expressions.push_back(topology("rack", {"r1"}));
         return pv;
       }(),
       "{" + aws + " In [us-east-2a]; topology.kubernetes.io/region In [us-east-2]; rack In [r1]}"},
      {"blank zones in the label are dropped, duplicates folded",
       cinder_pv({{"topology.kubernetes.io/zone", "b__ a__b__ "}}), affinity(false, cinder, {"a", "b"})},
      {"no labels, no topology: no affinity", gce_pv(), ""},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(affinity_of(translate_in_tree_pv_to_csi(c.pv)) == c.want); }
  }
}

TEST_CASE("csi translation: TestTranslationStability (in-tree to CSI half)") {
  PersistentVolume gce = gce_pv();
  CHECK(outcome(translate_in_tree_pv_to_csi(gce)) ==
        "name= source=csi driver=pd.csi.storage.gke.io handle=projects/UNSPECIFIED/zones/UNSPECIFIED/disks/test-disk "
        "readOnly=false attributes=[partition=] modes=[]");
  CHECK(outcome(translate_in_tree_pv_to_csi(aws_pv())) ==
        "name= source=csi driver=ebs.csi.aws.com handle=vol01 readOnly=true attributes=[partition=1] modes=[]");
}

TEST_CASE(
    "csi translation: GCE PD (TestTranslateInTreePVToCSIVolIDFmt, TestBackwardCompatibleAccessModes, "
    "TestInlineReadOnly)") {
  SUBCASE("volume handle from the zone label") {
    struct Case {
      std::string name, key, value, want;
    };
    const Case cases[] = {
        {"beta topology key zonal", "failure-domain.beta.kubernetes.io/zone", "us-east1-a",
         "projects/UNSPECIFIED/zones/us-east1-a/disks/pd-name"},
        {"v1 topology key zonal", "topology.kubernetes.io/zone", "us-east1-a",
         "projects/UNSPECIFIED/zones/us-east1-a/disks/pd-name"},
        {"beta topology key regional", "failure-domain.beta.kubernetes.io/zone", "us-central1-a__us-central1-c",
         "projects/UNSPECIFIED/regions/us-central1/disks/pd-name"},
        {"v1 topology key regional", "topology.kubernetes.io/zone", "us-central1-a__us-central1-c",
         "projects/UNSPECIFIED/regions/us-central1/disks/pd-name"},
        // podfit: zones that do not name one region cannot be translated.
        {"regional zones of two regions", "topology.kubernetes.io/zone", "us-central1-a__europe-west1-b",
         "error: failed to get region from zones: multiple or no regions gotten from zones, got: "
         "map[europe-west1:{} us-central1:{}]"},
        {"malformed zone", "topology.kubernetes.io/zone", "zone1__zone2",
         "error: failed to get region from zones: zone in unexpected format, expected: {locale}-{region}-{zone}, got: "
         "zone1"},
    };
    for (const auto& c : cases) {
      SUBCASE(c.name.c_str()) {
        PersistentVolume pv = pv_of("gcePersistentDisk", {{c.key, c.value}});
        pv.source.pd_name = "pd-name";
        auto t = translate_in_tree_pv_to_csi(pv);
        CHECK((t.has_value() ? t.value->source.csi_volume_handle : "error: " + t.error) == c.want);
      }
    }
  }
  SUBCASE("access modes") {
    struct Case {
      std::string name;
      std::vector<std::string> modes, want;
    };
    const Case cases[] = {
        {"ROX", {"ReadOnlyMany"}, {"ReadOnlyMany"}},
        {"RWO", {"ReadWriteOnce"}, {"ReadWriteOnce"}},
        {"RWX", {"ReadWriteMany"}, {"ReadWriteOnce"}},
        {"RWO, ROX", {"ReadOnlyMany", "ReadWriteOnce"}, {"ReadWriteOnce"}},
        {"RWO, RWX", {"ReadWriteOnce", "ReadWriteMany"}, {"ReadWriteOnce"}},
        {"RWX, ROX", {"ReadWriteMany", "ReadOnlyMany"}, {"ReadWriteOnce"}},
        {"RWX, ROX, RWO", {"ReadWriteMany", "ReadWriteOnce", "ReadOnlyMany"}, {"ReadWriteOnce"}},
    };
    for (const auto& c : cases) {
      SUBCASE(c.name.c_str()) {
        PersistentVolume pv = gce_pv();
        pv.access_modes = c.modes;
        CHECK(translate_in_tree_pv_to_csi(pv).value->access_modes == c.want);
      }
    }
  }
  SUBCASE("inline read-only") {
    Volume v;
    v.source.type = "gcePersistentDisk";
    v.source.pd_name = "foo";
    v.source.read_only = true;
    CHECK(outcome(translate_in_tree_inline_volume_to_csi(v, "")) ==
          "name=pd.csi.storage.gke.io-foo source=csi driver=pd.csi.storage.gke.io "
          "handle=projects/UNSPECIFIED/zones/UNSPECIFIED/disks/foo readOnly=true attributes=[partition=] "
          "modes=[ReadOnlyMany]");
  }
}

TEST_CASE("csi translation: AWS EBS (TestKubernetesVolumeIDToEBSVolumeID, TestTranslateInTreeInlineVolumeToCSI)") {
  const std::string normal = "vol-02399794d890f9375";
  struct Case {
    std::string name, id, want;
  };
  const Case cases[] = {
      {"Normal ID format", normal, normal},
      {"aws:///{volumeId} format", "aws:///vol-02399794d890f9375", normal},
      {"aws://{zone}/{volumeId} format", "aws://us-west-2a/vol-02399794d890f9375", normal},
      {"fails on invalid volume ID", "aws://us-west-2a/02399794d890f9375",
       "error: Invalid format for AWS volume (aws://us-west-2a/02399794d890f9375)"},
      // podfit: net/url's verdicts on malformed URLs.
      {"escaped path", "aws://us-west-2a/vol-%61b", "vol-ab"},
      {"bad escape", "aws://us-west-2a/vol-%zz",
       R"(error: Invalid disk name (aws://us-west-2a/vol-%zz): parse "aws://us-west-2a/vol-%zz": )"
       R"(invalid URL escape "%zz")"},
      {"space in the host", "aws://us west/vol-1",
       R"(error: Invalid disk name (aws://us west/vol-1): parse "aws://us west/vol-1": invalid character " " in )"
       R"(host name)"},
      {"bad port", "aws://zone:x/vol-1",
       R"(error: Invalid disk name (aws://zone:x/vol-1): parse "aws://zone:x/vol-1": invalid port ":x" after host)"},
      {"control character", "aws://zone/vol-\x01",
       "error: Invalid disk name (aws://zone/vol-\x01): parse \"aws://zone/vol-\\x01\": net/url: invalid control "
       "character in URL"},
      {"query and fragment are not part of the id", "aws://zone/vol-1?x=y#frag", "vol-1"},
      {"nested path", "aws://zone/a/vol-1", "error: Invalid format for AWS volume (aws://zone/a/vol-1)"},
      {"no aws:// prefix: taken as is", "anything/at all", "anything/at all"},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) {
      auto t = kubernetes_volume_id_to_ebs_volume_id(c.id);
      CHECK((t.has_value() ? *t.value : "error: " + t.error) == c.want);
    }
  }
  SUBCASE("inline volumes") {
    const Case inline_cases[] = {
        {"Normal ID format", normal, "ebs.csi.aws.com-" + normal},
        {"aws:///{volumeId} format", "aws:///vol-02399794d890f9375", "ebs.csi.aws.com-" + normal},
        {"aws://{zone}/{volumeId} format", "aws://us-west-2a/vol-02399794d890f9375", "ebs.csi.aws.com-" + normal},
        {"fails on invalid volume ID", "aws://us-west-2a/02399794d890f9375",
         "error: failed to translate Kubernetes ID to EBS Volume ID Invalid format for AWS volume "
         "(aws://us-west-2a/02399794d890f9375)"},
    };
    for (const auto& c : inline_cases) {
      SUBCASE(c.name.c_str()) {
        Volume v;
        v.name = "volume";
        v.source.type = "awsElasticBlockStore";
        v.source.volume_id = c.id;
        auto t = translate_in_tree_inline_volume_to_csi(v, "");
        CHECK((t.has_value() ? t.value->metadata.name : "error: " + t.error) == c.want);
        if (t.has_value()) CHECK(t.value->source.csi_volume_handle == normal);
      }
    }
    SUBCASE("fails on empty volume source") {
      Volume v;
      v.name = "volume";
      CHECK(outcome(translate_in_tree_inline_volume_to_csi(v, "")) ==
            R"(error: could not find in-tree plugin translation logic for "volume")");
    }
  }
}

TEST_CASE(
    "csi translation: Azure Disk (TestTranslateAzureDiskInTreeInlineVolumeToCSI, "
    "TestTranslateAzureDiskInTreePVToCSI)") {
  Volume v;
  v.source.type = "azureDisk";
  v.source.azure_disk_name = "diskname";
  v.source.azure_disk_uri = "datadiskuri";
  CHECK(outcome(translate_in_tree_inline_volume_to_csi(v, "")) ==
        "name=datadiskuri source=csi driver=disk.csi.azure.com handle=datadiskuri readOnly=false "
        "attributes=[kind=Managed] modes=[ReadWriteOnce]");
  v.source.azure_disk_kind = "Dedicated";
  CHECK(outcome(translate_in_tree_inline_volume_to_csi(v, "")) ==
        "error: kind(Dedicated) is not supported in csi migration");
  Volume none;
  CHECK(outcome(translate_in_tree_inline_volume_to_csi(none, "")) ==
        R"(error: could not find in-tree plugin translation logic for "")");

  const std::string uri = "/subscriptions/12/resourceGroups/23/providers/Microsoft.Compute/disks/name";
  PersistentVolume pv = pv_of("azureDisk");
  pv.source.azure_disk_uri = uri;
  pv.source.read_only = true;
  CHECK(outcome(translate_in_tree_pv_to_csi(pv)) == "name= source=csi driver=disk.csi.azure.com handle=" + uri +
                                                        " readOnly=true attributes=[kind=Managed] modes=[]");
  pv.source.azure_disk_kind = "Dedicated";
  CHECK(outcome(translate_in_tree_pv_to_csi(pv)) == "error: kind(Dedicated) is not supported in csi migration");
  pv.source.azure_disk_kind = "Shared";  // what the API server stores when kind is left out
  CHECK(outcome(translate_in_tree_pv_to_csi(pv)) == "error: kind(Shared) is not supported in csi migration");
  CHECK(outcome(translate_in_tree_pv_to_csi(PersistentVolume{})) ==
        R"(error: could not find in-tree plugin translation logic for "")");
}

TEST_CASE("csi translation: Azure File (TestTranslateAzureFileInTreePVToCSI, TestGetStorageAccount)") {
  auto azure_file_pv = [](std::optional<std::string> secret_namespace, bool resource_group, bool claim_ref) {
    PersistentVolume pv = pv_of("azureFile");
    pv.metadata.name = "uuid";
    if (resource_group) pv.metadata.annotations.set("kubernetes.io/azure-file-resource-group", "rg");
    pv.source.azure_file_share_name = "sharename";
    pv.source.azure_file_secret_name = "secretname";
    pv.source.azure_file_secret_namespace = std::move(secret_namespace);
    pv.source.read_only = true;
    if (claim_ref) pv.claim_ref = ObjectReference{"", "secretnamespace", "", ""};
    return pv;
  };
  struct Case {
    std::string name;
    PersistentVolume pv;
    std::string want;
  };
  const std::string prefix = "name=uuid source=csi driver=file.csi.azure.com handle=";
  const std::string suffix = " readOnly=true attributes=[sharename=sharename] modes=[]";
  const Case cases[] = {
      {"no azure file volume", PersistentVolume{}, R"(error: could not find in-tree plugin translation logic for "")"},
      {"return error if secret namespace could not be found", azure_file_pv(std::nullopt, true, false),
       "error: could not find a secret namespace in PersistentVolumeSource or ClaimRef"},
      {"azure file volume", azure_file_pv("secretnamespace", false, false),
       prefix + "#secretname#sharename#uuid#secretnamespace" + suffix},
      {"azure file volume with rg annotation", azure_file_pv("secretnamespace", true, false),
       prefix + "rg#secretname#sharename#uuid#secretnamespace" + suffix},
      {"get secret namespace from ClaimRef when it's missing in pv spec source",
       azure_file_pv(std::nullopt, true, true), prefix + "rg#secretname#sharename#uuid#secretnamespace" + suffix},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name.c_str()) { CHECK(outcome(translate_in_tree_pv_to_csi(c.pv)) == c.want); }
  }
  SUBCASE("storage account from the secret name (inline volumes default the namespace)") {
    struct Account {
      std::string secret, want_handle;
    };
    const Account accounts[] = {
        {"azure-storage-account-accountname-secret", "#accountname#share#files#default"},
        {"azure-storage-account-accountname-dup-secret", "#accountname-dup#share#files#default"},
        {"invalid", "#invalid#share#files#default"},
    };
    for (const auto& a : accounts) {
      Volume v;
      v.name = "files";
      v.source.type = "azureFile";
      v.source.azure_file_secret_name = a.secret;
      v.source.azure_file_share_name = "share";
      auto t = translate_in_tree_inline_volume_to_csi(v, "");
      REQUIRE(t.has_value());
      CHECK(t.value->source.csi_volume_handle == a.want_handle);
      CHECK(t.value->access_modes == std::vector<std::string>{"ReadWriteMany"});
    }
    Volume v;
    v.name = "files";
    v.source.type = "azureFile";
    v.source.azure_file_secret_name = "s";
    CHECK(translate_in_tree_inline_volume_to_csi(v, "team").value->source.csi_volume_handle == "#s##files#team");
  }
}

TEST_CASE("csi translation: vSphere (TestTranslateVSphereInTreePVToCSI, TestTranslatevSphereInTreeInlineVolumeToCSI)") {
  const std::string path =
      "[vsanDatastore] "
      "6785a85e-268e-6352-a2e8-02008b7afadd/kubernetes-dynamic-pvc-68734c9f-a679-42e6-a694-39632c51e31f.vmdk";
  auto vsphere_pv = [&](StringMap labels) {
    PersistentVolume pv = pv_of("vsphereVolume", std::move(labels));
    pv.metadata.name = "pvc-d8b4475f-2c47-486e-9b57-43ae006f9b59";
    pv.source.vsphere_volume_path = path;
    pv.source.vsphere_storage_policy_name = "vSAN Default Storage Policy";
    pv.access_modes = {"ReadWriteOnce"};
    return pv;
  };
  const std::string base =
      "name=pvc-d8b4475f-2c47-486e-9b57-43ae006f9b59 source=csi driver=csi.vsphere.vmware.com handle=" + path +
      " readOnly=false attributes=[storagepolicyname=vSAN Default Storage Policy] " + "modes=[ReadWriteOnce]";
  const std::string topology_affinity =
      " affinity={topology.csi.vmware.com/zone In [z1]; topology.csi.vmware.com/region In [r1]}";
  CHECK(outcome(translate_in_tree_pv_to_csi(vsphere_pv({}))) == base);
  CHECK(outcome(translate_in_tree_pv_to_csi(vsphere_pv(
            {{"failure-domain.beta.kubernetes.io/zone", "z1"}, {"failure-domain.beta.kubernetes.io/region", "r1"}}))) ==
        base + topology_affinity);
  CHECK(outcome(translate_in_tree_pv_to_csi(
            vsphere_pv({{"topology.kubernetes.io/zone", "z1"}, {"topology.kubernetes.io/region", "r1"}}))) ==
        base + topology_affinity);

  Volume v;
  v.name = "inlinevolume";
  v.source.type = "vsphereVolume";
  v.source.vsphere_volume_path = "[vsanDatastore] volume/inlinevolume.vmdk";
  CHECK(outcome(translate_in_tree_inline_volume_to_csi(v, "")) ==
        "name=csi.vsphere.vmware.com-[vsanDatastore] volume/inlinevolume.vmdk source=csi driver=csi.vsphere.vmware.com "
        "handle=[vsanDatastore] volume/inlinevolume.vmdk readOnly=false attributes=[] modes=[ReadWriteOnce]");
  // Upstream dereferences a nil source here; podfit reports it.
  v.source.vsphere_storage_policy_name = "gold";
  CHECK_FALSE(translate_in_tree_inline_volume_to_csi(v, "").has_value());
}

TEST_CASE(
    "csi translation: Portworx and Cinder (TestTranslatePortworxInTreeInlineVolumeToCSI, "
    "TestTranslatePortworxInTreePVToCSI)") {
  Volume v;
  v.name = "PortworxVol";
  v.source.type = "portworxVolume";
  v.source.volume_id = "ID";
  CHECK(outcome(translate_in_tree_inline_volume_to_csi(v, "")) ==
        "name=pxd.portworx.com-ID source=csi driver=pxd.portworx.com handle=ID readOnly=false attributes=[] "
        "modes=[ReadWriteOnce]");
  v.source.read_only = true;
  CHECK(translate_in_tree_inline_volume_to_csi(v, "").value->access_modes == std::vector<std::string>{"ReadOnlyMany"});

  PersistentVolume pv = pv_of("portworxVolume");
  pv.metadata.name = "pxd.portworx.com";
  pv.access_modes = {"ReadWriteOnce"};
  pv.source.volume_id = "ID1111";
  CHECK(outcome(translate_in_tree_pv_to_csi(pv)) ==
        "name=pxd.portworx.com source=csi driver=pxd.portworx.com handle=ID1111 readOnly=false attributes=[] "
        "modes=[ReadWriteOnce]");

  Volume cinder;
  cinder.source.type = "cinder";
  cinder.source.volume_id = "c1";
  CHECK(outcome(translate_in_tree_inline_volume_to_csi(cinder, "")) ==
        "name=cinder.csi.openstack.org-c1 source=csi driver=cinder.csi.openstack.org handle=c1 readOnly=false "
        "attributes=[] modes=[ReadWriteOnce]");
}

TEST_CASE("csi translation: TestTranslateInTreeInlineVolumeToCSINameUniqueness") {
  for (const auto& plugin : migratable_plugins()) {
    SUBCASE(std::string(plugin.csi_driver).c_str()) {
      std::vector<std::string> names;
      for (const std::string id : {"11111111-aaaa", "22222222-bbbb"}) {
        Volume v;
        v.source.type = std::string(plugin.source_type);
        v.source.pd_name = v.source.volume_id = v.source.azure_disk_uri = v.source.azure_disk_name = id;
        v.source.azure_file_secret_name = v.source.azure_file_share_name = id;
        v.source.vsphere_volume_path = " [vsanDatastore] 6785a85e/kubernetes-dynamic-pvc-" + id + ".vmdk";
        auto t = translate_in_tree_inline_volume_to_csi(v, "");
        REQUIRE(t.has_value());
        CHECK(t.value->source.csi_driver == plugin.csi_driver);
        names.push_back(t.value->metadata.name);
      }
      CHECK(names[0] != names[1]);
    }
  }
}

TEST_CASE("csi translation: TestPluginNameMappings and the seven migratable plugins") {
  struct Case {
    std::string source, in_tree, csi;
  };
  const Case cases[] = {
      {"gcePersistentDisk", "kubernetes.io/gce-pd", "pd.csi.storage.gke.io"},
      {"awsElasticBlockStore", "kubernetes.io/aws-ebs", "ebs.csi.aws.com"},
      {"cinder", "kubernetes.io/cinder", "cinder.csi.openstack.org"},
      {"azureDisk", "kubernetes.io/azure-disk", "disk.csi.azure.com"},
      {"azureFile", "kubernetes.io/azure-file", "file.csi.azure.com"},
      {"vsphereVolume", "kubernetes.io/vsphere-volume", "csi.vsphere.vmware.com"},
      {"portworxVolume", "kubernetes.io/portworx-volume", "pxd.portworx.com"},
  };
  CHECK(migratable_plugins().size() == std::size(cases));
  for (const auto& c : cases) {
    SUBCASE(c.in_tree.c_str()) {
      auto csi = csi_name_from_in_tree_name(c.in_tree);
      REQUIRE(csi.has_value());
      CHECK(*csi.value == c.csi);
      CHECK(is_migrated_csi_driver_by_name(c.csi));
      auto in_tree = in_tree_name_from_csi_name(c.csi);
      REQUIRE(in_tree.has_value());
      CHECK(*in_tree.value == c.in_tree);
      CHECK(is_migratable_in_tree_plugin_by_name(c.in_tree));
      Volume v;
      v.name = "v";
      v.source.type = c.source;
      CHECK(is_inline_migratable(v));
      CHECK(*in_tree_plugin_name_from_volume(v).value == c.in_tree);
      PersistentVolume pv;
      pv.source.type = c.source;
      CHECK(is_pv_migratable(pv));
      CHECK(*in_tree_plugin_name_from_pv(pv).value == c.in_tree);
    }
  }
  SUBCASE("not migratable") {
    CHECK_FALSE(is_migratable_in_tree_plugin_by_name("kubernetes.io/hostpath"));
    CHECK_FALSE(is_migrated_csi_driver_by_name("hostpath.csi.k8s.io"));
    CHECK(csi_name_from_in_tree_name("kubernetes.io/rbd").error ==
          "could not find CSI Driver name for plugin kubernetes.io/rbd");
    CHECK(in_tree_name_from_csi_name("x.csi").error == "could not find In-Tree driver name for CSI plugin x.csi");
    Volume csi;
    csi.name = "inline";
    csi.source.type = "csi";
    CHECK_FALSE(is_inline_migratable(csi));
    CHECK(in_tree_plugin_name_from_volume(csi).error == "could not find in-tree plugin name from volume inline");
    PersistentVolume pv;
    pv.metadata.name = "p";
    pv.source.type = "rbd";
    CHECK_FALSE(is_pv_migratable(pv));
    CHECK(in_tree_plugin_name_from_pv(pv).error == "could not find in-tree plugin name from persistent volume p");
  }
}

}  // namespace
}  // namespace podfit
