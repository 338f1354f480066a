// The feature gates that the code podfit models reads in some release from v1.32 to v1.37:
// kube-scheduler, the API server's validation, defaulting and field dropping of the kinds podfit
// decodes, the admission plugins, the quota evaluators, the kubelet's admission, the DRA
// allocator and the scheduling helpers. tests/reference/gates/read_by_modelled_code.sh finds
// them in the releases' sources; the unit tests keep this list equal to what it printed.
#include <algorithm>
#include <array>
#include <string_view>

#include "podfit/framework/feature_gates.h"

namespace podfit {
namespace {

// Sorted, for the binary search.
constexpr std::array<std::string_view, 129> kGatesReadByModelledCode = {
    "AllowInsecureKubeletCertificateSigningRequests", "AllowServiceLBStatusOnNonLB", "AnyVolumeDataSource",
    "AtomicWriteVolumeUserFields", "AuthorizePodWebsocketUpgradeCreatePermission", "BtreeWatchCache",
    "CSIMigrationPortworx", "CSIServiceAccountTokenSecrets", "CSIVolumeHealth",
    "ClearingNominatedNodeNameAfterBinding", "ClusterTrustBundle", "ClusterTrustBundleProjection",
    "CompositePodGroup", "ContainerRestartRules", "ContainerStopSignals", "CrossNamespaceVolumeDataSource",
    "DRAAdminAccess", "DRAConsumableCapacity", "DRADerivedAttributes", "DRADeviceBindingConditions",
    "DRADeviceCompatibilityGroups", "DRADeviceTaintRules", "DRADeviceTaints", "DRAExtendedResource",
    "DRAFractionalCapacityRange", "DRAListTypeAttributes", "DRANodeAllocatableResources",
    "DRAOptionalNodeOperations", "DRAPartitionableDevices", "DRAPartitionableDevicesType",
    "DRAPrioritizedList", "DRAResourceClaimDeviceStatus", "DRAResourceClaimGranularStatusAuthorization",
    "DRASchedulerFilterTimeout", "DRAWorkloadResourceClaims", "DeclarativeValidation",
    "DeclarativeValidationTakeover", "DeploymentReplicaSetTerminatingReplicas", "DynamicResourceAllocation",
    "EmptyDirVolumeMode", "EnvFiles", "EvictionRequestAPI", "ExtendWebSocketsToKubelet",
    "GRPCContainerProbeTLS", "GangScheduling", "GenericWorkload", "GitRepoVolumeDriver", "H2CContainerProbe",
    "HostnameOverride", "ImageVolume", "ImageVolumeWithDigest", "InPlacePodLevelResourcesVerticalScaling",
    "InPlacePodVerticalScaling", "InPlacePodVerticalScalingAllocatedStatus",
    "InPlacePodVerticalScalingInitContainers", "InPlacePodVerticalScalingMemoryBackedVolumes",
    "InPlacePodVerticalScalingSchedulerPreemption", "InterPodAffinityHostnameFastPath",
    "JobBackoffLimitPerIndex", "JobManagedBy", "JobPodReplacementPolicy", "JobSuccessPolicy",
    "KubeletInUserNamespace", "LoadBalancerIPMode", "LocalStorageCapacityIsolationFSQuotaMonitoring",
    "MatchLabelKeysInPodAffinity", "MatchLabelKeysInPodTopologySpread",
    "MatchLabelKeysInPodTopologySpreadSelectorMerge", "MaxUnavailableStatefulSet",
    "MutableCSINodeAllocatableCount", "MutablePVNodeAffinity", "MutablePodResourcesForSuspendedJobs",
    "MutableSchedulingDirectivesForSuspendedJobs", "NodeDeclaredFeatures",
    "NodeInclusionPolicyInPodTopologySpread", "NominatedNodeNameForExpectation", "OpportunisticBatching",
    "PodCertificateRequest", "PodDeletionCost", "PodGroupPreemptionPolicy", "PodLevelResources",
    "PodLevelResourcesFixDefaulting", "PodLevelResourcesFixKubeletQOSClass", "PodLifecycleSleepAction",
    "PodLifecycleSleepActionAllowZero", "PodLogsQuerySplitStreams", "PodObservedGenerationTracking",
    "PodTopologyLabelsAdmission", "PortForwardWebsockets", "PreferSameTrafficDistribution",
    "ProbeHostPodSecurityStandards", "ProcMountType", "RecoverVolumeExpansionFailure",
    "RecursiveReadOnlyMounts", "RelaxedDNSSearchValidation", "RelaxedEnvironmentVariableValidation",
    "RelaxedServiceNameValidation", "ResourceHealthStatus", "ResourceHealthStatusMessage",
    "RestartAllContainersOnContainerExits", "SELinuxChangePolicy", "SELinuxMount",
    "SELinuxMountReadWriteOncePod", "SchedulerAsyncAPICalls", "SchedulerAsyncPreemption",
    "SchedulerPopFromBackoffQ", "SchedulerPreQueueingHints", "SchedulerQueueingHints",
    "ServiceAccountNodeAudienceRestriction", "SidecarContainers", "StatefulSetAutoDeletePVC",
    "StatefulSetRecreateStrategy", "StatefulSetStartOrdinal", "StorageCapacityScoring",
    "StorageNamespaceIndex", "StrictIPCIDRValidation", "SupplementalGroupsPolicy",
    "TaintTolerationComparisonOperators", "TopologyAwareWorkloadScheduling",
    "TranslateStreamCloseWebsocketRequests", "UserNamespacesHostNetworkSupport",
    "UserNamespacesPodSecurityStandards", "UserNamespacesSupport", "VolumeAttributesClass",
    "VolumeBindMountOptions", "VolumeCapacityPriority", "VolumeLimitScaling", "WorkloadAwarePreemption",
    "WorkloadWithJob",
};

}  // namespace

bool gate_read_by_modelled_code(std::string_view name) {
  return std::binary_search(kGatesReadByModelledCode.begin(), kGatesReadByModelledCode.end(), name);
}

std::vector<std::string_view> gates_read_by_modelled_code() {
  return {kGatesReadByModelledCode.begin(), kGatesReadByModelledCode.end()};
}

}  // namespace podfit
