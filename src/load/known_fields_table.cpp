// The field names of every object type podfit decodes, in every version of its kind that podfit
// reads, as k8s.io/api of each release from v1.32 to v1.37 declares them (and apimachinery's
// meta/v1): kubectl's field validation (--validate) needs every field, also those podfit does
// not read. Generated from the releases' own types by tests/reference/fields/generate.sh;
// do not edit by hand.
//
// Roots first, one per kind and version: "=apiVersion Kind Type". Then one line per type: its
// name, then its JSON field names. A field's type follows a colon: "[]T" a list of T, "{}T" a
// map (any keys) of T, "*" any JSON, "T" an object type of this table; a field with no type is
// a scalar (a string, number or boolean). Types are named by their API group, version and Go
// name. "@" marks what only some releases have, with those releases' minor versions ("@33-35"):
// a type or root marked so exists in those releases only, a field in those of its type's.
namespace podfit {

extern const char kKnownFieldsTable[];
const char kKnownFieldsTable[] = R"(
=v1 Pod corev1.Pod
=v1 Node corev1.Node
=v1 Namespace corev1.Namespace
=v1 ResourceQuota corev1.ResourceQuota
=v1 PersistentVolume corev1.PersistentVolume
=v1 PersistentVolumeClaim corev1.PersistentVolumeClaim
=v1 ReplicationController corev1.ReplicationController
=v1 PodTemplate corev1.PodTemplate
=v1 LimitRange corev1.LimitRange
=storage.k8s.io/v1 StorageClass storagev1.StorageClass
=storage.k8s.io/v1beta1 StorageClass storagev1beta1.StorageClass
=storage.k8s.io/v1 CSINode storagev1.CSINode
=storage.k8s.io/v1beta1 CSINode storagev1beta1.CSINode
=storage.k8s.io/v1 CSIDriver storagev1.CSIDriver
=storage.k8s.io/v1beta1 CSIDriver storagev1beta1.CSIDriver
=storage.k8s.io/v1 CSIStorageCapacity storagev1.CSIStorageCapacity
=storage.k8s.io/v1beta1 CSIStorageCapacity storagev1beta1.CSIStorageCapacity
=node.k8s.io/v1 RuntimeClass nodev1.RuntimeClass
=apps/v1 Deployment appsv1.Deployment
=apps/v1 ReplicaSet appsv1.ReplicaSet
=apps/v1 StatefulSet appsv1.StatefulSet
=apps/v1 DaemonSet appsv1.DaemonSet
=batch/v1 Job batchv1.Job
=batch/v1 CronJob batchv1.CronJob
=resource.k8s.io/v1 ResourceSlice resourcev1.ResourceSlice@34-37
=resource.k8s.io/v1beta2 ResourceSlice resourcev1beta2.ResourceSlice@33-37
=resource.k8s.io/v1beta1 ResourceSlice resourcev1beta1.ResourceSlice
=resource.k8s.io/v1 DeviceClass resourcev1.DeviceClass@34-37
=resource.k8s.io/v1beta2 DeviceClass resourcev1beta2.DeviceClass@33-37
=resource.k8s.io/v1beta1 DeviceClass resourcev1beta1.DeviceClass
=resource.k8s.io/v1 ResourceClaim resourcev1.ResourceClaim@34-37
=resource.k8s.io/v1beta2 ResourceClaim resourcev1beta2.ResourceClaim@33-37
=resource.k8s.io/v1beta1 ResourceClaim resourcev1beta1.ResourceClaim
=resource.k8s.io/v1 ResourceClaimTemplate resourcev1.ResourceClaimTemplate@34-37
=resource.k8s.io/v1beta2 ResourceClaimTemplate resourcev1beta2.ResourceClaimTemplate@33-37
=resource.k8s.io/v1beta1 ResourceClaimTemplate resourcev1beta1.ResourceClaimTemplate
=resource.k8s.io/v1 DeviceTaintRule resourcev1.DeviceTaintRule@37
=resource.k8s.io/v1beta2 DeviceTaintRule resourcev1beta2.DeviceTaintRule@36-37
=resource.k8s.io/v1alpha3 DeviceTaintRule resourcev1alpha3.DeviceTaintRule@33-37
appsv1.DaemonSet apiVersion kind metadata:metav1.ObjectMeta spec:appsv1.DaemonSetSpec status:appsv1.DaemonSetStatus
appsv1.DaemonSetCondition lastTransitionTime message reason status type
appsv1.DaemonSetSpec minReadySeconds revisionHistoryLimit selector:metav1.LabelSelector template:corev1.PodTemplateSpec updateStrategy:appsv1.DaemonSetUpdateStrategy
appsv1.DaemonSetStatus collisionCount conditions:[]appsv1.DaemonSetCondition currentNumberScheduled desiredNumberScheduled numberAvailable numberMisscheduled numberReady numberUnavailable observedGeneration updatedNumberScheduled
appsv1.DaemonSetUpdateStrategy rollingUpdate:appsv1.RollingUpdateDaemonSet type
appsv1.Deployment apiVersion kind metadata:metav1.ObjectMeta spec:appsv1.DeploymentSpec status:appsv1.DeploymentStatus
appsv1.DeploymentCondition lastTransitionTime lastUpdateTime message reason status type
appsv1.DeploymentSpec minReadySeconds paused progressDeadlineSeconds replicas revisionHistoryLimit selector:metav1.LabelSelector strategy:appsv1.DeploymentStrategy template:corev1.PodTemplateSpec
appsv1.DeploymentStatus availableReplicas collisionCount conditions:[]appsv1.DeploymentCondition observedGeneration readyReplicas replicas terminatingReplicas@33-37 unavailableReplicas updatedReplicas
appsv1.DeploymentStrategy rollingUpdate:appsv1.RollingUpdateDeployment type
appsv1.ReplicaSet apiVersion kind metadata:metav1.ObjectMeta spec:appsv1.ReplicaSetSpec status:appsv1.ReplicaSetStatus
appsv1.ReplicaSetCondition lastTransitionTime message reason status type
appsv1.ReplicaSetSpec minReadySeconds replicas selector:metav1.LabelSelector template:corev1.PodTemplateSpec
appsv1.ReplicaSetStatus availableReplicas conditions:[]appsv1.ReplicaSetCondition fullyLabeledReplicas observedGeneration readyReplicas replicas terminatingReplicas@33-37
appsv1.RollingUpdateDaemonSet maxSurge maxUnavailable
appsv1.RollingUpdateDeployment maxSurge maxUnavailable
appsv1.RollingUpdateStatefulSetStrategy maxUnavailable partition
appsv1.StatefulSet apiVersion kind metadata:metav1.ObjectMeta spec:appsv1.StatefulSetSpec status:appsv1.StatefulSetStatus
appsv1.StatefulSetCondition lastTransitionTime message reason status type
appsv1.StatefulSetOrdinals start
appsv1.StatefulSetPersistentVolumeClaimRetentionPolicy whenDeleted whenScaled
appsv1.StatefulSetSpec minReadySeconds ordinals:appsv1.StatefulSetOrdinals persistentVolumeClaimRetentionPolicy:appsv1.StatefulSetPersistentVolumeClaimRetentionPolicy podManagementPolicy replicas revisionHistoryLimit selector:metav1.LabelSelector serviceName template:corev1.PodTemplateSpec updateStrategy:appsv1.StatefulSetUpdateStrategy volumeClaimTemplates:[]corev1.PersistentVolumeClaim
appsv1.StatefulSetStatus availableReplicas collisionCount conditions:[]appsv1.StatefulSetCondition currentReplicas currentRevision observedGeneration readyReplicas replicas updateRevision updatedReplicas
appsv1.StatefulSetUpdateStrategy rollingUpdate:appsv1.RollingUpdateStatefulSetStrategy type
batchv1.CronJob apiVersion kind metadata:metav1.ObjectMeta spec:batchv1.CronJobSpec status:batchv1.CronJobStatus
batchv1.CronJobSpec concurrencyPolicy failedJobsHistoryLimit jobTemplate:batchv1.JobTemplateSpec schedule startingDeadlineSeconds successfulJobsHistoryLimit suspend timeZone
batchv1.CronJobStatus active:[]corev1.ObjectReference lastScheduleTime lastSuccessfulTime
batchv1.Job apiVersion kind metadata:metav1.ObjectMeta spec:batchv1.JobSpec status:batchv1.JobStatus
batchv1.JobCondition lastProbeTime lastTransitionTime message reason status type
batchv1.JobSchedulingConfiguration@37 disruptionMode:schedulingv1alpha3.WorkloadPodGroupDisruptionMode resourceClaims:[]schedulingv1alpha3.WorkloadPodGroupResourceClaim schedulingConstraints:schedulingv1alpha3.WorkloadPodGroupSchedulingConstraints schedulingPolicy:schedulingv1alpha3.WorkloadPodGroupSchedulingPolicy
batchv1.JobSpec activeDeadlineSeconds backoffLimit backoffLimitPerIndex completionMode completions managedBy manualSelector maxFailedIndexes parallelism podFailurePolicy:batchv1.PodFailurePolicy podReplacementPolicy scheduling@37:batchv1.JobSchedulingConfiguration selector:metav1.LabelSelector successPolicy:batchv1.SuccessPolicy suspend template:corev1.PodTemplateSpec ttlSecondsAfterFinished
batchv1.JobStatus active completedIndexes completionTime conditions:[]batchv1.JobCondition failed failedIndexes ready startTime succeeded terminating uncountedTerminatedPods:batchv1.UncountedTerminatedPods
batchv1.JobTemplateSpec metadata:metav1.ObjectMeta spec:batchv1.JobSpec
batchv1.PodFailurePolicy rules:[]batchv1.PodFailurePolicyRule
batchv1.PodFailurePolicyOnExitCodesRequirement containerName operator values:[]
batchv1.PodFailurePolicyOnPodConditionsPattern status type
batchv1.PodFailurePolicyRule action onExitCodes:batchv1.PodFailurePolicyOnExitCodesRequirement onPodConditions:[]batchv1.PodFailurePolicyOnPodConditionsPattern
batchv1.SuccessPolicy rules:[]batchv1.SuccessPolicyRule
batchv1.SuccessPolicyRule succeededCount succeededIndexes
batchv1.UncountedTerminatedPods failed:[] succeeded:[]
corev1.AWSElasticBlockStoreVolumeSource fsType partition readOnly volumeID
corev1.Affinity nodeAffinity:corev1.NodeAffinity podAffinity:corev1.PodAffinity podAntiAffinity:corev1.PodAntiAffinity
corev1.AppArmorProfile localhostProfile type
corev1.AttachedVolume devicePath name
corev1.AzureDiskVolumeSource cachingMode diskName diskURI fsType kind readOnly
corev1.AzureFilePersistentVolumeSource readOnly secretName secretNamespace shareName
corev1.AzureFileVolumeSource readOnly secretName shareName
corev1.CSIPersistentVolumeSource controllerExpandSecretRef:corev1.SecretReference controllerPublishSecretRef:corev1.SecretReference driver fsType nodeExpandSecretRef:corev1.SecretReference nodePublishSecretRef:corev1.SecretReference nodeStageSecretRef:corev1.SecretReference readOnly volumeAttributes:{} volumeHandle
corev1.CSIVolumeSource driver fsType nodePublishSecretRef:corev1.LocalObjectReference readOnly volumeAttributes:{}
corev1.Capabilities add:[] drop:[]
corev1.CephFSPersistentVolumeSource monitors:[] path readOnly secretFile secretRef:corev1.SecretReference user
corev1.CephFSVolumeSource monitors:[] path readOnly secretFile secretRef:corev1.LocalObjectReference user
corev1.CinderPersistentVolumeSource fsType readOnly secretRef:corev1.SecretReference volumeID
corev1.CinderVolumeSource fsType readOnly secretRef:corev1.LocalObjectReference volumeID
corev1.ClusterTrustBundleProjection labelSelector:metav1.LabelSelector name optional path signerName user@37
corev1.ConfigMapEnvSource name optional
corev1.ConfigMapKeySelector key name optional
corev1.ConfigMapNodeConfigSource kubeletConfigKey name namespace resourceVersion uid
corev1.ConfigMapProjection items:[]corev1.KeyToPath name optional
corev1.ConfigMapVolumeSource defaultMode defaultUser@37 items:[]corev1.KeyToPath name optional
corev1.Container args:[] command:[] env:[]corev1.EnvVar envFrom:[]corev1.EnvFromSource image imagePullPolicy lifecycle:corev1.Lifecycle livenessProbe:corev1.Probe name ports:[]corev1.ContainerPort readinessProbe:corev1.Probe resizePolicy:[]corev1.ContainerResizePolicy resources:corev1.ResourceRequirements restartPolicy restartPolicyRules@34-37:[]corev1.ContainerRestartRule securityContext:corev1.SecurityContext startupProbe:corev1.Probe stdin stdinOnce terminationMessagePath terminationMessagePolicy tty volumeDevices:[]corev1.VolumeDevice volumeMounts:[]corev1.VolumeMount workingDir
corev1.ContainerExtendedResourceRequest@34-37 containerName requestName resourceName
corev1.ContainerImage names:[] sizeBytes
corev1.ContainerPort containerPort hostIP hostPort name protocol
corev1.ContainerResizePolicy resourceName restartPolicy
corev1.ContainerRestartRule@34-37 action exitCodes:corev1.ContainerRestartRuleOnExitCodes
corev1.ContainerRestartRuleOnExitCodes@34-37 operator values:[]
corev1.ContainerState running:corev1.ContainerStateRunning terminated:corev1.ContainerStateTerminated waiting:corev1.ContainerStateWaiting
corev1.ContainerStateRunning startedAt
corev1.ContainerStateTerminated containerID exitCode finishedAt message reason signal startedAt
corev1.ContainerStateWaiting message reason
corev1.ContainerStatus allocatedResources:{} allocatedResourcesStatus:[]corev1.ResourceStatus containerID image imageID lastState:corev1.ContainerState name ready resources:corev1.ResourceRequirements restartCount started state:corev1.ContainerState stopSignal@33-37 user:corev1.ContainerUser volumeMounts:[]corev1.VolumeMountStatus
corev1.ContainerUser linux:corev1.LinuxContainerUser
corev1.DaemonEndpoint Port
corev1.DownwardAPIProjection items:[]corev1.DownwardAPIVolumeFile
corev1.DownwardAPIVolumeFile fieldRef:corev1.ObjectFieldSelector mode path resourceFieldRef:corev1.ResourceFieldSelector user@37
corev1.DownwardAPIVolumeSource defaultMode defaultUser@37 items:[]corev1.DownwardAPIVolumeFile
corev1.EmptyDirVolumeSource medium mode@37 sizeLimit
corev1.EnvFromSource configMapRef:corev1.ConfigMapEnvSource prefix secretRef:corev1.SecretEnvSource
corev1.EnvVar name value valueFrom:corev1.EnvVarSource
corev1.EnvVarSource configMapKeyRef:corev1.ConfigMapKeySelector fieldRef:corev1.ObjectFieldSelector fileKeyRef@34-37:corev1.FileKeySelector resourceFieldRef:corev1.ResourceFieldSelector secretKeyRef:corev1.SecretKeySelector
corev1.EphemeralContainer args:[] command:[] env:[]corev1.EnvVar envFrom:[]corev1.EnvFromSource image imagePullPolicy lifecycle:corev1.Lifecycle livenessProbe:corev1.Probe name ports:[]corev1.ContainerPort readinessProbe:corev1.Probe resizePolicy:[]corev1.ContainerResizePolicy resources:corev1.ResourceRequirements restartPolicy restartPolicyRules@34-37:[]corev1.ContainerRestartRule securityContext:corev1.SecurityContext startupProbe:corev1.Probe stdin stdinOnce targetContainerName terminationMessagePath terminationMessagePolicy tty volumeDevices:[]corev1.VolumeDevice volumeMounts:[]corev1.VolumeMount workingDir
corev1.EphemeralVolumeSource volumeClaimTemplate:corev1.PersistentVolumeClaimTemplate
corev1.EvictionResponder@37 name priority
corev1.ExecAction command:[]
corev1.FCVolumeSource fsType lun readOnly targetWWNs:[] wwids:[]
corev1.FileKeySelector@34-37 key optional path volumeName
corev1.FlexPersistentVolumeSource driver fsType options:{} readOnly secretRef:corev1.SecretReference
corev1.FlexVolumeSource driver fsType options:{} readOnly secretRef:corev1.LocalObjectReference
corev1.FlockerVolumeSource datasetName datasetUUID
corev1.GCEPersistentDiskVolumeSource fsType partition pdName readOnly
corev1.GRPCAction mode@37 port service
corev1.GitRepoVolumeSource directory repository revision
corev1.GlusterfsPersistentVolumeSource endpoints endpointsNamespace path readOnly
corev1.GlusterfsVolumeSource endpoints path readOnly
corev1.HTTPGetAction host httpHeaders:[]corev1.HTTPHeader path port protocol@37 scheme
corev1.HTTPHeader name value
corev1.HostAlias hostnames:[] ip
corev1.HostIP ip
corev1.HostPathVolumeSource path type
corev1.ISCSIPersistentVolumeSource chapAuthDiscovery chapAuthSession fsType initiatorName iqn iscsiInterface lun portals:[] readOnly secretRef:corev1.SecretReference targetPortal
corev1.ISCSIVolumeSource chapAuthDiscovery chapAuthSession fsType initiatorName iqn iscsiInterface lun portals:[] readOnly secretRef:corev1.LocalObjectReference targetPortal
corev1.ImageVolumeSource pullPolicy reference
corev1.ImageVolumeStatus@36-37 imageRef
corev1.KeyToPath key mode path user@37
corev1.Lifecycle postStart:corev1.LifecycleHandler preStop:corev1.LifecycleHandler stopSignal@33-37
corev1.LifecycleHandler exec:corev1.ExecAction httpGet:corev1.HTTPGetAction sleep:corev1.SleepAction tcpSocket:corev1.TCPSocketAction
corev1.LimitRange apiVersion kind metadata:metav1.ObjectMeta spec:corev1.LimitRangeSpec
corev1.LimitRangeItem default:{} defaultRequest:{} max:{} maxLimitRequestRatio:{} min:{} type
corev1.LimitRangeSpec limits:[]corev1.LimitRangeItem
corev1.LinuxContainerUser gid supplementalGroups:[] uid
corev1.LocalObjectReference name
corev1.LocalVolumeSource fsType path
corev1.ModifyVolumeStatus status targetVolumeAttributesClassName
corev1.NFSVolumeSource path readOnly server
corev1.Namespace apiVersion kind metadata:metav1.ObjectMeta spec:corev1.NamespaceSpec status:corev1.NamespaceStatus
corev1.NamespaceCondition lastTransitionTime message reason status type
corev1.NamespaceSpec finalizers:[]
corev1.NamespaceStatus conditions:[]corev1.NamespaceCondition phase
corev1.Node apiVersion kind metadata:metav1.ObjectMeta spec:corev1.NodeSpec status:corev1.NodeStatus
corev1.NodeAddress address type
corev1.NodeAffinity preferredDuringSchedulingIgnoredDuringExecution:[]corev1.PreferredSchedulingTerm requiredDuringSchedulingIgnoredDuringExecution:corev1.NodeSelector
corev1.NodeAllocatableMappedResources@37 name quantity
corev1.NodeAllocatableOverheadResources@37 name perContainer perPod
corev1.NodeAllocatableResourceClaimStatus@36-37 containers:[] mapping@37:[]corev1.NodeAllocatableMappedResources overhead@37:[]corev1.NodeAllocatableOverheadResources resourceClaimName resources@36:{}
corev1.NodeCondition lastHeartbeatTime lastTransitionTime message reason status type
corev1.NodeConfigSource configMap:corev1.ConfigMapNodeConfigSource
corev1.NodeConfigStatus active:corev1.NodeConfigSource assigned:corev1.NodeConfigSource error lastKnownGood:corev1.NodeConfigSource
corev1.NodeDaemonEndpoints kubeletEndpoint:corev1.DaemonEndpoint
corev1.NodeFeatures supplementalGroupsPolicy
corev1.NodePodPreemptionPolicy@37 disableResizePreemption:[]
corev1.NodeRuntimeHandler features:corev1.NodeRuntimeHandlerFeatures name
corev1.NodeRuntimeHandlerFeatures recursiveReadOnlyMounts userNamespaces
corev1.NodeSelector nodeSelectorTerms:[]corev1.NodeSelectorTerm
corev1.NodeSelectorRequirement key operator values:[]
corev1.NodeSelectorTerm matchExpressions:[]corev1.NodeSelectorRequirement matchFields:[]corev1.NodeSelectorRequirement
corev1.NodeSpec configSource:corev1.NodeConfigSource externalID podCIDR podCIDRs:[] podPreemptionPolicy@37:corev1.NodePodPreemptionPolicy providerID taints:[]corev1.Taint unschedulable
corev1.NodeStatus addresses:[]corev1.NodeAddress allocatable:{} capacity:{} conditions:[]corev1.NodeCondition config:corev1.NodeConfigStatus daemonEndpoints:corev1.NodeDaemonEndpoints declaredFeatures@35-37:[] features:corev1.NodeFeatures images:[]corev1.ContainerImage nodeInfo:corev1.NodeSystemInfo phase runtimeHandlers:[]corev1.NodeRuntimeHandler volumesAttached:[]corev1.AttachedVolume volumesInUse:[]
corev1.NodeSwapStatus@33-37 capacity
corev1.NodeSystemInfo architecture bootID containerRuntimeVersion kernelVersion kubeProxyVersion kubeletVersion machineID operatingSystem osImage runningInUserNamespace@37 swap@33-37:corev1.NodeSwapStatus systemUUID
corev1.ObjectFieldSelector apiVersion fieldPath
corev1.ObjectReference apiVersion fieldPath kind name namespace resourceVersion uid
corev1.PersistentVolume apiVersion kind metadata:metav1.ObjectMeta spec:corev1.PersistentVolumeSpec status:corev1.PersistentVolumeStatus
corev1.PersistentVolumeClaim apiVersion kind metadata:metav1.ObjectMeta spec:corev1.PersistentVolumeClaimSpec status:corev1.PersistentVolumeClaimStatus
corev1.PersistentVolumeClaimCondition lastProbeTime lastTransitionTime message reason status type
corev1.PersistentVolumeClaimSpec accessModes:[] dataSource:corev1.TypedLocalObjectReference dataSourceRef:corev1.TypedObjectReference resources:corev1.VolumeResourceRequirements selector:metav1.LabelSelector storageClassName volumeAttributesClassName volumeMode volumeName
corev1.PersistentVolumeClaimStatus accessModes:[] allocatedResourceStatuses:{} allocatedResources:{} capacity:{} conditions:[]corev1.PersistentVolumeClaimCondition currentVolumeAttributesClassName healthStatus@37:corev1.VolumeHealthStatus modifyVolumeStatus:corev1.ModifyVolumeStatus phase
corev1.PersistentVolumeClaimTemplate metadata:metav1.ObjectMeta spec:corev1.PersistentVolumeClaimSpec
corev1.PersistentVolumeClaimVolumeSource claimName readOnly
corev1.PersistentVolumeSpec accessModes:[] awsElasticBlockStore:corev1.AWSElasticBlockStoreVolumeSource azureDisk:corev1.AzureDiskVolumeSource azureFile:corev1.AzureFilePersistentVolumeSource capacity:{} cephfs:corev1.CephFSPersistentVolumeSource cinder:corev1.CinderPersistentVolumeSource claimRef:corev1.ObjectReference csi:corev1.CSIPersistentVolumeSource fc:corev1.FCVolumeSource flexVolume:corev1.FlexPersistentVolumeSource flocker:corev1.FlockerVolumeSource gcePersistentDisk:corev1.GCEPersistentDiskVolumeSource glusterfs:corev1.GlusterfsPersistentVolumeSource hostPath:corev1.HostPathVolumeSource iscsi:corev1.ISCSIPersistentVolumeSource local:corev1.LocalVolumeSource mountOptions:[] nfs:corev1.NFSVolumeSource nodeAffinity:corev1.VolumeNodeAffinity persistentVolumeReclaimPolicy photonPersistentDisk:corev1.PhotonPersistentDiskVolumeSource portworxVolume:corev1.PortworxVolumeSource quobyte:corev1.QuobyteVolumeSource rbd:corev1.RBDPersistentVolumeSource scaleIO:corev1.ScaleIOPersistentVolumeSource storageClassName storageos:corev1.StorageOSPersistentVolumeSource volumeAttributesClassName volumeMode vsphereVolume:corev1.VsphereVirtualDiskVolumeSource
corev1.PersistentVolumeStatus lastPhaseTransitionTime message phase reason
corev1.PhotonPersistentDiskVolumeSource fsType pdID
corev1.Pod apiVersion kind metadata:metav1.ObjectMeta spec:corev1.PodSpec status:corev1.PodStatus
corev1.PodAffinity preferredDuringSchedulingIgnoredDuringExecution:[]corev1.WeightedPodAffinityTerm requiredDuringSchedulingIgnoredDuringExecution:[]corev1.PodAffinityTerm
corev1.PodAffinityTerm labelSelector:metav1.LabelSelector matchLabelKeys:[] mismatchLabelKeys:[] namespaceSelector:metav1.LabelSelector namespaces:[] topologyKey
corev1.PodAntiAffinity preferredDuringSchedulingIgnoredDuringExecution:[]corev1.WeightedPodAffinityTerm requiredDuringSchedulingIgnoredDuringExecution:[]corev1.PodAffinityTerm
corev1.PodCertificateProjection@34-37 certificateChainPath credentialBundlePath keyPath keyType maxExpirationSeconds signerName user@37 userAnnotations@35-37:{}
corev1.PodCondition lastProbeTime lastTransitionTime message observedGeneration@33-37 reason status type
corev1.PodDNSConfig nameservers:[] options:[]corev1.PodDNSConfigOption searches:[]
corev1.PodDNSConfigOption name value
corev1.PodExtendedResourceClaimStatus@34-37 requestMappings:[]corev1.ContainerExtendedResourceRequest resourceClaimName
corev1.PodIP ip
corev1.PodOS name
corev1.PodReadinessGate conditionType
corev1.PodResourceClaim name resourceClaimName resourceClaimTemplateName
corev1.PodResourceClaimStatus name resourceClaimName
corev1.PodSchedulingGate name
corev1.PodSchedulingGroup@36-37 podGroupName
corev1.PodSecurityContext appArmorProfile:corev1.AppArmorProfile fsGroup fsGroupChangePolicy runAsGroup runAsNonRoot runAsUser seLinuxChangePolicy seLinuxOptions:corev1.SELinuxOptions seccompProfile:corev1.SeccompProfile supplementalGroups:[] supplementalGroupsPolicy sysctls:[]corev1.Sysctl windowsOptions:corev1.WindowsSecurityContextOptions
corev1.PodSpec activeDeadlineSeconds affinity:corev1.Affinity automountServiceAccountToken containers:[]corev1.Container dnsConfig:corev1.PodDNSConfig dnsPolicy enableServiceLinks ephemeralContainers:[]corev1.EphemeralContainer evictionResponders@37:[]corev1.EvictionResponder hostAliases:[]corev1.HostAlias hostIPC hostNetwork hostPID hostUsers hostname hostnameOverride@34-37 imagePullSecrets:[]corev1.LocalObjectReference initContainers:[]corev1.Container nodeName nodeSelector:{} os:corev1.PodOS overhead:{} preemptionPolicy priority priorityClassName readinessGates:[]corev1.PodReadinessGate resourceClaims:[]corev1.PodResourceClaim resources:corev1.ResourceRequirements restartPolicy runtimeClassName schedulerName schedulingGates:[]corev1.PodSchedulingGate schedulingGroup@36-37:corev1.PodSchedulingGroup securityContext:corev1.PodSecurityContext serviceAccount serviceAccountName setHostnameAsFQDN shareProcessNamespace subdomain terminationGracePeriodSeconds tolerations:[]corev1.Toleration topologySpreadConstraints:[]corev1.TopologySpreadConstraint volumes:[]corev1.Volume workloadRef@35:corev1.WorkloadReference
corev1.PodStatus allocatedResources@35-37:{} conditions:[]corev1.PodCondition containerStatuses:[]corev1.ContainerStatus ephemeralContainerStatuses:[]corev1.ContainerStatus extendedResourceClaimStatus@34-37:corev1.PodExtendedResourceClaimStatus hostIP hostIPs:[]corev1.HostIP initContainerStatuses:[]corev1.ContainerStatus message nodeAllocatableResourceClaimStatuses@36-37:[]corev1.NodeAllocatableResourceClaimStatus nominatedNodeName observedGeneration@33-37 phase podIP podIPs:[]corev1.PodIP qosClass reason resize resourceClaimStatuses:[]corev1.PodResourceClaimStatus resources@35-37:corev1.ResourceRequirements startTime volumeHealth@37:[]corev1.PodVolumeHealth
corev1.PodTemplate apiVersion kind metadata:metav1.ObjectMeta template:corev1.PodTemplateSpec
corev1.PodTemplateSpec metadata:metav1.ObjectMeta spec:corev1.PodSpec
corev1.PodVolumeHealth@37 healthConditions:[]corev1.VolumeHealthCondition lastTransitionTime name
corev1.PortworxVolumeSource fsType readOnly volumeID
corev1.PreferredSchedulingTerm preference:corev1.NodeSelectorTerm weight
corev1.Probe exec:corev1.ExecAction failureThreshold grpc:corev1.GRPCAction httpGet:corev1.HTTPGetAction initialDelaySeconds periodSeconds successThreshold tcpSocket:corev1.TCPSocketAction terminationGracePeriodSeconds timeoutSeconds
corev1.ProjectedVolumeSource defaultMode defaultUser@37 sources:[]corev1.VolumeProjection
corev1.QuobyteVolumeSource group readOnly registry tenant user volume
corev1.RBDPersistentVolumeSource fsType image keyring monitors:[] pool readOnly secretRef:corev1.SecretReference user
corev1.RBDVolumeSource fsType image keyring monitors:[] pool readOnly secretRef:corev1.LocalObjectReference user
corev1.ReplicationController apiVersion kind metadata:metav1.ObjectMeta spec:corev1.ReplicationControllerSpec status:corev1.ReplicationControllerStatus
corev1.ReplicationControllerCondition lastTransitionTime message reason status type
corev1.ReplicationControllerSpec minReadySeconds replicas selector:{} template:corev1.PodTemplateSpec
corev1.ReplicationControllerStatus availableReplicas conditions:[]corev1.ReplicationControllerCondition fullyLabeledReplicas observedGeneration readyReplicas replicas
corev1.ResourceClaim name request
corev1.ResourceFieldSelector containerName divisor resource
corev1.ResourceHealth health message@36-37 resourceID
corev1.ResourceQuota apiVersion kind metadata:metav1.ObjectMeta spec:corev1.ResourceQuotaSpec status:corev1.ResourceQuotaStatus
corev1.ResourceQuotaSpec hard:{} scopeSelector:corev1.ScopeSelector scopes:[]
corev1.ResourceQuotaStatus hard:{} used:{}
corev1.ResourceRequirements claims:[]corev1.ResourceClaim limits:{} requests:{}
corev1.ResourceStatus name resources:[]corev1.ResourceHealth
corev1.SELinuxOptions level role type user
corev1.ScaleIOPersistentVolumeSource fsType gateway protectionDomain readOnly secretRef:corev1.SecretReference sslEnabled storageMode storagePool system volumeName
corev1.ScaleIOVolumeSource fsType gateway protectionDomain readOnly secretRef:corev1.LocalObjectReference sslEnabled storageMode storagePool system volumeName
corev1.ScopeSelector matchExpressions:[]corev1.ScopedResourceSelectorRequirement
corev1.ScopedResourceSelectorRequirement operator scopeName values:[]
corev1.SeccompProfile localhostProfile type
corev1.SecretEnvSource name optional
corev1.SecretKeySelector key name optional
corev1.SecretProjection items:[]corev1.KeyToPath name optional
corev1.SecretReference name namespace
corev1.SecretVolumeSource defaultMode defaultUser@37 items:[]corev1.KeyToPath optional secretName
corev1.SecurityContext allowPrivilegeEscalation appArmorProfile:corev1.AppArmorProfile capabilities:corev1.Capabilities privileged procMount readOnlyRootFilesystem runAsGroup runAsNonRoot runAsUser seLinuxOptions:corev1.SELinuxOptions seccompProfile:corev1.SeccompProfile windowsOptions:corev1.WindowsSecurityContextOptions
corev1.ServiceAccountTokenProjection audience expirationSeconds path user@37
corev1.SleepAction seconds
corev1.StorageOSPersistentVolumeSource fsType readOnly secretRef:corev1.ObjectReference volumeName volumeNamespace
corev1.StorageOSVolumeSource fsType readOnly secretRef:corev1.LocalObjectReference volumeName volumeNamespace
corev1.Sysctl name value
corev1.TCPSocketAction host port
corev1.Taint effect key timeAdded value
corev1.Toleration effect key operator tolerationSeconds value
corev1.TopologySelectorLabelRequirement key values:[]
corev1.TopologySelectorTerm matchLabelExpressions:[]corev1.TopologySelectorLabelRequirement
corev1.TopologySpreadConstraint labelSelector:metav1.LabelSelector matchLabelKeys:[] maxSkew minDomains nodeAffinityPolicy nodeTaintsPolicy topologyKey whenUnsatisfiable
corev1.TypedLocalObjectReference apiGroup kind name
corev1.TypedObjectReference apiGroup kind name namespace
corev1.Volume awsElasticBlockStore:corev1.AWSElasticBlockStoreVolumeSource azureDisk:corev1.AzureDiskVolumeSource azureFile:corev1.AzureFileVolumeSource cephfs:corev1.CephFSVolumeSource cinder:corev1.CinderVolumeSource configMap:corev1.ConfigMapVolumeSource csi:corev1.CSIVolumeSource downwardAPI:corev1.DownwardAPIVolumeSource emptyDir:corev1.EmptyDirVolumeSource ephemeral:corev1.EphemeralVolumeSource fc:corev1.FCVolumeSource flexVolume:corev1.FlexVolumeSource flocker:corev1.FlockerVolumeSource gcePersistentDisk:corev1.GCEPersistentDiskVolumeSource gitRepo:corev1.GitRepoVolumeSource glusterfs:corev1.GlusterfsVolumeSource hostPath:corev1.HostPathVolumeSource image:corev1.ImageVolumeSource iscsi:corev1.ISCSIVolumeSource name nfs:corev1.NFSVolumeSource persistentVolumeClaim:corev1.PersistentVolumeClaimVolumeSource photonPersistentDisk:corev1.PhotonPersistentDiskVolumeSource portworxVolume:corev1.PortworxVolumeSource projected:corev1.ProjectedVolumeSource quobyte:corev1.QuobyteVolumeSource rbd:corev1.RBDVolumeSource scaleIO:corev1.ScaleIOVolumeSource secret:corev1.SecretVolumeSource storageos:corev1.StorageOSVolumeSource vsphereVolume:corev1.VsphereVirtualDiskVolumeSource
corev1.VolumeDevice devicePath name
corev1.VolumeHealthCondition@37 message reason status
corev1.VolumeHealthStatus@37 healthConditions:[]corev1.VolumeHealthCondition lastTransitionTime
corev1.VolumeMount bindMountOptions@37:[] mountPath mountPropagation name readOnly recursiveReadOnly subPath subPathExpr
corev1.VolumeMountStatus mountPath name readOnly recursiveReadOnly volumeStatus@36-37:corev1.VolumeStatus
corev1.VolumeNodeAffinity required:corev1.NodeSelector
corev1.VolumeProjection clusterTrustBundle:corev1.ClusterTrustBundleProjection configMap:corev1.ConfigMapProjection downwardAPI:corev1.DownwardAPIProjection podCertificate@34-37:corev1.PodCertificateProjection secret:corev1.SecretProjection serviceAccountToken:corev1.ServiceAccountTokenProjection
corev1.VolumeResourceRequirements limits:{} requests:{}
corev1.VolumeStatus@36-37 image:corev1.ImageVolumeStatus
corev1.VsphereVirtualDiskVolumeSource fsType storagePolicyID storagePolicyName volumePath
corev1.WeightedPodAffinityTerm podAffinityTerm:corev1.PodAffinityTerm weight
corev1.WindowsSecurityContextOptions gmsaCredentialSpec gmsaCredentialSpecName hostProcess runAsUserName
corev1.WorkloadReference@35 name podGroup podGroupReplicaKey
metav1.Condition lastTransitionTime message observedGeneration reason status type
metav1.LabelSelector matchExpressions:[]metav1.LabelSelectorRequirement matchLabels:{}
metav1.LabelSelectorRequirement key operator values:[]
metav1.ManagedFieldsEntry apiVersion fieldsType fieldsV1:* manager operation subresource time
metav1.ObjectMeta annotations:{} creationTimestamp deletionGracePeriodSeconds deletionTimestamp finalizers:[] generateName generation labels:{} managedFields:[]metav1.ManagedFieldsEntry name namespace ownerReferences:[]metav1.OwnerReference resourceVersion selfLink uid
metav1.OwnerReference apiVersion blockOwnerDeletion controller kind name uid
nodev1.Overhead podFixed:{}
nodev1.RuntimeClass apiVersion handler kind metadata:metav1.ObjectMeta overhead:nodev1.Overhead scheduling:nodev1.Scheduling
nodev1.Scheduling nodeSelector:{} tolerations:[]corev1.Toleration
resourcev1.AllocatedDeviceStatus@34-37 conditions:[]metav1.Condition data:* device driver networkData:resourcev1.NetworkDeviceData pool shareID
resourcev1.AllocationResult@34-37 allocationTimestamp devices:resourcev1.DeviceAllocationResult nodeSelector:corev1.NodeSelector
resourcev1.CELDeviceSelector@34-37 expression
resourcev1.CapacityRequestPolicy@34-37 default validRange:resourcev1.CapacityRequestPolicyRange validValues:[]
resourcev1.CapacityRequestPolicyRange@34-37 max min step
resourcev1.CapacityRequirements@34-37 requests:{}
resourcev1.Counter@34-37 value
resourcev1.CounterSet@34-37 counters:{}resourcev1.Counter name
resourcev1.Device@34-37 allNodes allowMultipleAllocations attributes:{}resourcev1.DeviceAttribute bindingConditions:[] bindingFailureConditions:[] bindsToNode capacity:{}resourcev1.DeviceCapacity consumesCounters:[]resourcev1.DeviceCounterConsumption name nodeAllocatableResourceMappings@36:{}resourcev1.NodeAllocatableResourceMapping nodeAllocatableResources@37:{}resourcev1.NodeAllocatableResource nodeName nodeSelector:corev1.NodeSelector taints:[]resourcev1.DeviceTaint
resourcev1.DeviceAllocationConfiguration@34-37 opaque:resourcev1.OpaqueDeviceConfiguration requests:[] source
resourcev1.DeviceAllocationResult@34-37 config:[]resourcev1.DeviceAllocationConfiguration results:[]resourcev1.DeviceRequestAllocationResult
resourcev1.DeviceAttribute@34-37 bool bools@36-37:[] int ints@36-37:[] string strings@36-37:[] version versions@36-37:[]
resourcev1.DeviceCapacity@34-37 requestPolicy:resourcev1.CapacityRequestPolicy value
resourcev1.DeviceClaim@34-37 config:[]resourcev1.DeviceClaimConfiguration constraints:[]resourcev1.DeviceConstraint requests:[]resourcev1.DeviceRequest
resourcev1.DeviceClaimConfiguration@34-37 opaque:resourcev1.OpaqueDeviceConfiguration requests:[]
resourcev1.DeviceClass@34-37 apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1.DeviceClassSpec
resourcev1.DeviceClassConfiguration@34-37 opaque:resourcev1.OpaqueDeviceConfiguration
resourcev1.DeviceClassSpec@34-37 config:[]resourcev1.DeviceClassConfiguration extendedResourceName selectors:[]resourcev1.DeviceSelector
resourcev1.DeviceConstraint@34-37 distinctAttribute matchAttribute requests:[]
resourcev1.DeviceCounterConsumption@34-37 compatibilityGroups@37:[] counterSet counters:{}resourcev1.Counter
resourcev1.DeviceDerivedAttribute@37 expression name
resourcev1.DeviceRequest@34-37 exactly:resourcev1.ExactDeviceRequest firstAvailable:[]resourcev1.DeviceSubRequest name
resourcev1.DeviceRequestAllocationResult@34-37 adminAccess bindingConditions:[] bindingFailureConditions:[] consumedCapacity:{} device driver pool request shareID skipNodeOperations@37:[] tolerations:[]resourcev1.DeviceToleration
resourcev1.DeviceSelector@34-37 cel:resourcev1.CELDeviceSelector
resourcev1.DeviceSubRequest@34-37 allocationMode capacity:resourcev1.CapacityRequirements count derivedAttributes@37:[]resourcev1.DeviceDerivedAttribute deviceClassName name selectors:[]resourcev1.DeviceSelector tolerations:[]resourcev1.DeviceToleration
resourcev1.DeviceTaint@34-37 effect key timeAdded value
resourcev1.DeviceTaintRule@37 apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1.DeviceTaintRuleSpec status:resourcev1.DeviceTaintRuleStatus
resourcev1.DeviceTaintRuleSpec@37 deviceSelector:resourcev1.DeviceTaintSelector taint:resourcev1.DeviceTaint
resourcev1.DeviceTaintRuleStatus@37 conditions:[]metav1.Condition
resourcev1.DeviceTaintSelector@37 device driver pool
resourcev1.DeviceToleration@34-37 effect key operator tolerationSeconds value
resourcev1.ExactDeviceRequest@34-37 adminAccess allocationMode capacity:resourcev1.CapacityRequirements count derivedAttributes@37:[]resourcev1.DeviceDerivedAttribute deviceClassName selectors:[]resourcev1.DeviceSelector tolerations:[]resourcev1.DeviceToleration
resourcev1.NetworkDeviceData@34-37 hardwareAddress interfaceName ips:[]
resourcev1.NodeAllocatableMapping@37 capacityKey capacityMultiplier deviceMultiplier
resourcev1.NodeAllocatableOverhead@37 perContainer perPod
resourcev1.NodeAllocatableResource@37 mapping:resourcev1.NodeAllocatableMapping overhead:resourcev1.NodeAllocatableOverhead
resourcev1.NodeAllocatableResourceMapping@36 allocationMultiplier capacityKey
resourcev1.OpaqueDeviceConfiguration@34-37 driver parameters:*
resourcev1.ResourceClaim@34-37 apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1.ResourceClaimSpec status:resourcev1.ResourceClaimStatus
resourcev1.ResourceClaimConsumerReference@34-37 apiGroup name resource uid
resourcev1.ResourceClaimSpec@34-37 devices:resourcev1.DeviceClaim
resourcev1.ResourceClaimStatus@34-37 allocation:resourcev1.AllocationResult devices:[]resourcev1.AllocatedDeviceStatus reservedFor:[]resourcev1.ResourceClaimConsumerReference
resourcev1.ResourceClaimTemplate@34-37 apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1.ResourceClaimTemplateSpec
resourcev1.ResourceClaimTemplateSpec@34-37 metadata:metav1.ObjectMeta spec:resourcev1.ResourceClaimSpec
resourcev1.ResourcePool@34-37 generation name resourceSliceCount
resourcev1.ResourceSlice@34-37 apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1.ResourceSliceSpec
resourcev1.ResourceSliceSpec@34-37 allNodes devices:[]resourcev1.Device driver nodeName nodeSelector:corev1.NodeSelector partitionTypeAttribute@37 perDeviceNodeSelection pool:resourcev1.ResourcePool sharedCounters:[]resourcev1.CounterSet skipNodeOperations@37:[]
resourcev1alpha3.CELDeviceSelector@33-34 expression
resourcev1alpha3.DeviceSelector@33-34 cel:resourcev1alpha3.CELDeviceSelector
resourcev1alpha3.DeviceTaint@33-37 effect key timeAdded value
resourcev1alpha3.DeviceTaintRule@33-37 apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1alpha3.DeviceTaintRuleSpec status@35-37:resourcev1alpha3.DeviceTaintRuleStatus
resourcev1alpha3.DeviceTaintRuleSpec@33-37 deviceSelector:resourcev1alpha3.DeviceTaintSelector taint:resourcev1alpha3.DeviceTaint
resourcev1alpha3.DeviceTaintRuleStatus@35-37 conditions:[]metav1.Condition
resourcev1alpha3.DeviceTaintSelector@33-37 device deviceClassName@33-34 driver pool selectors@33-34:[]resourcev1alpha3.DeviceSelector
resourcev1beta1.AllocatedDeviceStatus conditions:[]metav1.Condition data:* device driver networkData:resourcev1beta1.NetworkDeviceData pool shareID@34-37
resourcev1beta1.AllocationResult allocationTimestamp@34-37 devices:resourcev1beta1.DeviceAllocationResult nodeSelector:corev1.NodeSelector
resourcev1beta1.BasicDevice allNodes@33-37 allowMultipleAllocations@34-37 attributes:{}resourcev1beta1.DeviceAttribute bindingConditions@34-37:[] bindingFailureConditions@34-37:[] bindsToNode@34-37 capacity:{}resourcev1beta1.DeviceCapacity consumesCounters@33-37:[]resourcev1beta1.DeviceCounterConsumption nodeAllocatableResourceMappings@36:{}resourcev1beta1.NodeAllocatableResourceMapping nodeAllocatableResources@37:{}resourcev1beta1.NodeAllocatableResource nodeName@33-37 nodeSelector@33-37:corev1.NodeSelector taints@33-37:[]resourcev1beta1.DeviceTaint
resourcev1beta1.CELDeviceSelector expression
resourcev1beta1.CapacityRequestPolicy@34-37 default validRange:resourcev1beta1.CapacityRequestPolicyRange validValues:[]
resourcev1beta1.CapacityRequestPolicyRange@34-37 max min step
resourcev1beta1.CapacityRequirements@34-37 requests:{}
resourcev1beta1.Counter@33-37 value
resourcev1beta1.CounterSet@33-37 counters:{}resourcev1beta1.Counter name
resourcev1beta1.Device basic:resourcev1beta1.BasicDevice name
resourcev1beta1.DeviceAllocationConfiguration opaque:resourcev1beta1.OpaqueDeviceConfiguration requests:[] source
resourcev1beta1.DeviceAllocationResult config:[]resourcev1beta1.DeviceAllocationConfiguration results:[]resourcev1beta1.DeviceRequestAllocationResult
resourcev1beta1.DeviceAttribute bool bools@36-37:[] int ints@36-37:[] string strings@36-37:[] version versions@36-37:[]
resourcev1beta1.DeviceCapacity requestPolicy@34-37:resourcev1beta1.CapacityRequestPolicy value
resourcev1beta1.DeviceClaim config:[]resourcev1beta1.DeviceClaimConfiguration constraints:[]resourcev1beta1.DeviceConstraint requests:[]resourcev1beta1.DeviceRequest
resourcev1beta1.DeviceClaimConfiguration opaque:resourcev1beta1.OpaqueDeviceConfiguration requests:[]
resourcev1beta1.DeviceClass apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1beta1.DeviceClassSpec
resourcev1beta1.DeviceClassConfiguration opaque:resourcev1beta1.OpaqueDeviceConfiguration
resourcev1beta1.DeviceClassSpec config:[]resourcev1beta1.DeviceClassConfiguration extendedResourceName@34-37 selectors:[]resourcev1beta1.DeviceSelector
resourcev1beta1.DeviceConstraint distinctAttribute@34-37 matchAttribute requests:[]
resourcev1beta1.DeviceCounterConsumption@33-37 compatibilityGroups@37:[] counterSet counters:{}resourcev1beta1.Counter
resourcev1beta1.DeviceDerivedAttribute@37 expression name
resourcev1beta1.DeviceRequest adminAccess allocationMode capacity@34-37:resourcev1beta1.CapacityRequirements count derivedAttributes@37:[]resourcev1beta1.DeviceDerivedAttribute deviceClassName firstAvailable@33-37:[]resourcev1beta1.DeviceSubRequest name selectors:[]resourcev1beta1.DeviceSelector tolerations@33-37:[]resourcev1beta1.DeviceToleration
resourcev1beta1.DeviceRequestAllocationResult adminAccess bindingConditions@34-37:[] bindingFailureConditions@34-37:[] consumedCapacity@34-37:{} device driver pool request shareID@34-37 skipNodeOperations@37:[] tolerations@33-37:[]resourcev1beta1.DeviceToleration
resourcev1beta1.DeviceSelector cel:resourcev1beta1.CELDeviceSelector
resourcev1beta1.DeviceSubRequest@33-37 allocationMode capacity@34-37:resourcev1beta1.CapacityRequirements count derivedAttributes@37:[]resourcev1beta1.DeviceDerivedAttribute deviceClassName name selectors:[]resourcev1beta1.DeviceSelector tolerations:[]resourcev1beta1.DeviceToleration
resourcev1beta1.DeviceTaint@33-37 effect key timeAdded value
resourcev1beta1.DeviceToleration@33-37 effect key operator tolerationSeconds value
resourcev1beta1.NetworkDeviceData hardwareAddress interfaceName ips:[]
resourcev1beta1.NodeAllocatableMapping@37 capacityKey capacityMultiplier deviceMultiplier
resourcev1beta1.NodeAllocatableOverhead@37 perContainer perPod
resourcev1beta1.NodeAllocatableResource@37 mapping:resourcev1beta1.NodeAllocatableMapping overhead:resourcev1beta1.NodeAllocatableOverhead
resourcev1beta1.NodeAllocatableResourceMapping@36 allocationMultiplier capacityKey
resourcev1beta1.OpaqueDeviceConfiguration driver parameters:*
resourcev1beta1.ResourceClaim apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1beta1.ResourceClaimSpec status:resourcev1beta1.ResourceClaimStatus
resourcev1beta1.ResourceClaimConsumerReference apiGroup name resource uid
resourcev1beta1.ResourceClaimSpec devices:resourcev1beta1.DeviceClaim
resourcev1beta1.ResourceClaimStatus allocation:resourcev1beta1.AllocationResult devices:[]resourcev1beta1.AllocatedDeviceStatus reservedFor:[]resourcev1beta1.ResourceClaimConsumerReference
resourcev1beta1.ResourceClaimTemplate apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1beta1.ResourceClaimTemplateSpec
resourcev1beta1.ResourceClaimTemplateSpec metadata:metav1.ObjectMeta spec:resourcev1beta1.ResourceClaimSpec
resourcev1beta1.ResourcePool generation name resourceSliceCount
resourcev1beta1.ResourceSlice apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1beta1.ResourceSliceSpec
resourcev1beta1.ResourceSliceSpec allNodes devices:[]resourcev1beta1.Device driver nodeName nodeSelector:corev1.NodeSelector partitionTypeAttribute@37 perDeviceNodeSelection@33-37 pool:resourcev1beta1.ResourcePool sharedCounters@33-37:[]resourcev1beta1.CounterSet skipNodeOperations@37:[]
resourcev1beta2.AllocatedDeviceStatus@33-37 conditions:[]metav1.Condition data:* device driver networkData:resourcev1beta2.NetworkDeviceData pool shareID@34-37
resourcev1beta2.AllocationResult@33-37 allocationTimestamp@34-37 devices:resourcev1beta2.DeviceAllocationResult nodeSelector:corev1.NodeSelector
resourcev1beta2.CELDeviceSelector@33-37 expression
resourcev1beta2.CapacityRequestPolicy@34-37 default validRange:resourcev1beta2.CapacityRequestPolicyRange validValues:[]
resourcev1beta2.CapacityRequestPolicyRange@34-37 max min step
resourcev1beta2.CapacityRequirements@34-37 requests:{}
resourcev1beta2.Counter@33-37 value
resourcev1beta2.CounterSet@33-37 counters:{}resourcev1beta2.Counter name
resourcev1beta2.Device@33-37 allNodes allowMultipleAllocations@34-37 attributes:{}resourcev1beta2.DeviceAttribute bindingConditions@34-37:[] bindingFailureConditions@34-37:[] bindsToNode@34-37 capacity:{}resourcev1beta2.DeviceCapacity consumesCounters:[]resourcev1beta2.DeviceCounterConsumption name nodeAllocatableResourceMappings@36:{}resourcev1beta2.NodeAllocatableResourceMapping nodeAllocatableResources@37:{}resourcev1beta2.NodeAllocatableResource nodeName nodeSelector:corev1.NodeSelector taints:[]resourcev1beta2.DeviceTaint
resourcev1beta2.DeviceAllocationConfiguration@33-37 opaque:resourcev1beta2.OpaqueDeviceConfiguration requests:[] source
resourcev1beta2.DeviceAllocationResult@33-37 config:[]resourcev1beta2.DeviceAllocationConfiguration results:[]resourcev1beta2.DeviceRequestAllocationResult
resourcev1beta2.DeviceAttribute@33-37 bool bools@36-37:[] int ints@36-37:[] string strings@36-37:[] version versions@36-37:[]
resourcev1beta2.DeviceCapacity@33-37 requestPolicy@34-37:resourcev1beta2.CapacityRequestPolicy value
resourcev1beta2.DeviceClaim@33-37 config:[]resourcev1beta2.DeviceClaimConfiguration constraints:[]resourcev1beta2.DeviceConstraint requests:[]resourcev1beta2.DeviceRequest
resourcev1beta2.DeviceClaimConfiguration@33-37 opaque:resourcev1beta2.OpaqueDeviceConfiguration requests:[]
resourcev1beta2.DeviceClass@33-37 apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1beta2.DeviceClassSpec
resourcev1beta2.DeviceClassConfiguration@33-37 opaque:resourcev1beta2.OpaqueDeviceConfiguration
resourcev1beta2.DeviceClassSpec@33-37 config:[]resourcev1beta2.DeviceClassConfiguration extendedResourceName@34-37 selectors:[]resourcev1beta2.DeviceSelector
resourcev1beta2.DeviceConstraint@33-37 distinctAttribute@34-37 matchAttribute requests:[]
resourcev1beta2.DeviceCounterConsumption@33-37 compatibilityGroups@37:[] counterSet counters:{}resourcev1beta2.Counter
resourcev1beta2.DeviceDerivedAttribute@37 expression name
resourcev1beta2.DeviceRequest@33-37 exactly:resourcev1beta2.ExactDeviceRequest firstAvailable:[]resourcev1beta2.DeviceSubRequest name
resourcev1beta2.DeviceRequestAllocationResult@33-37 adminAccess bindingConditions@34-37:[] bindingFailureConditions@34-37:[] consumedCapacity@34-37:{} device driver pool request shareID@34-37 skipNodeOperations@37:[] tolerations:[]resourcev1beta2.DeviceToleration
resourcev1beta2.DeviceSelector@33-37 cel:resourcev1beta2.CELDeviceSelector
resourcev1beta2.DeviceSubRequest@33-37 allocationMode capacity@34-37:resourcev1beta2.CapacityRequirements count derivedAttributes@37:[]resourcev1beta2.DeviceDerivedAttribute deviceClassName name selectors:[]resourcev1beta2.DeviceSelector tolerations:[]resourcev1beta2.DeviceToleration
resourcev1beta2.DeviceTaint@33-37 effect key timeAdded value
resourcev1beta2.DeviceTaintRule@36-37 apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1beta2.DeviceTaintRuleSpec status:resourcev1beta2.DeviceTaintRuleStatus
resourcev1beta2.DeviceTaintRuleSpec@36-37 deviceSelector:resourcev1beta2.DeviceTaintSelector taint:resourcev1beta2.DeviceTaint
resourcev1beta2.DeviceTaintRuleStatus@36-37 conditions:[]metav1.Condition
resourcev1beta2.DeviceTaintSelector@36-37 device driver pool
resourcev1beta2.DeviceToleration@33-37 effect key operator tolerationSeconds value
resourcev1beta2.ExactDeviceRequest@33-37 adminAccess allocationMode capacity@34-37:resourcev1beta2.CapacityRequirements count derivedAttributes@37:[]resourcev1beta2.DeviceDerivedAttribute deviceClassName selectors:[]resourcev1beta2.DeviceSelector tolerations:[]resourcev1beta2.DeviceToleration
resourcev1beta2.NetworkDeviceData@33-37 hardwareAddress interfaceName ips:[]
resourcev1beta2.NodeAllocatableMapping@37 capacityKey capacityMultiplier deviceMultiplier
resourcev1beta2.NodeAllocatableOverhead@37 perContainer perPod
resourcev1beta2.NodeAllocatableResource@37 mapping:resourcev1beta2.NodeAllocatableMapping overhead:resourcev1beta2.NodeAllocatableOverhead
resourcev1beta2.NodeAllocatableResourceMapping@36 allocationMultiplier capacityKey
resourcev1beta2.OpaqueDeviceConfiguration@33-37 driver parameters:*
resourcev1beta2.ResourceClaim@33-37 apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1beta2.ResourceClaimSpec status:resourcev1beta2.ResourceClaimStatus
resourcev1beta2.ResourceClaimConsumerReference@33-37 apiGroup name resource uid
resourcev1beta2.ResourceClaimSpec@33-37 devices:resourcev1beta2.DeviceClaim
resourcev1beta2.ResourceClaimStatus@33-37 allocation:resourcev1beta2.AllocationResult devices:[]resourcev1beta2.AllocatedDeviceStatus reservedFor:[]resourcev1beta2.ResourceClaimConsumerReference
resourcev1beta2.ResourceClaimTemplate@33-37 apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1beta2.ResourceClaimTemplateSpec
resourcev1beta2.ResourceClaimTemplateSpec@33-37 metadata:metav1.ObjectMeta spec:resourcev1beta2.ResourceClaimSpec
resourcev1beta2.ResourcePool@33-37 generation name resourceSliceCount
resourcev1beta2.ResourceSlice@33-37 apiVersion kind metadata:metav1.ObjectMeta spec:resourcev1beta2.ResourceSliceSpec
resourcev1beta2.ResourceSliceSpec@33-37 allNodes devices:[]resourcev1beta2.Device driver nodeName nodeSelector:corev1.NodeSelector partitionTypeAttribute@37 perDeviceNodeSelection pool:resourcev1beta2.ResourcePool sharedCounters:[]resourcev1beta2.CounterSet skipNodeOperations@37:[]
schedulingv1alpha3.TopologyConstraint@37 key
schedulingv1alpha3.WorkloadPodGroupAllDisruptionMode@37
schedulingv1alpha3.WorkloadPodGroupBasicSchedulingPolicy@37
schedulingv1alpha3.WorkloadPodGroupDisruptionMode@37 all:schedulingv1alpha3.WorkloadPodGroupAllDisruptionMode single:schedulingv1alpha3.WorkloadPodGroupSingleDisruptionMode
schedulingv1alpha3.WorkloadPodGroupGangSchedulingPolicy@37 minCount
schedulingv1alpha3.WorkloadPodGroupResourceClaim@37 name resourceClaimName resourceClaimTemplateName
schedulingv1alpha3.WorkloadPodGroupSchedulingConstraints@37 topology:[]schedulingv1alpha3.TopologyConstraint
schedulingv1alpha3.WorkloadPodGroupSchedulingPolicy@37 basic:schedulingv1alpha3.WorkloadPodGroupBasicSchedulingPolicy gang:schedulingv1alpha3.WorkloadPodGroupGangSchedulingPolicy
schedulingv1alpha3.WorkloadPodGroupSingleDisruptionMode@37
storagev1.CSIDriver apiVersion kind metadata:metav1.ObjectMeta spec:storagev1.CSIDriverSpec
storagev1.CSIDriverSpec attachRequired fsGroupPolicy nodeAllocatableUpdatePeriodSeconds@33-37 podInfoOnMount preventPodSchedulingIfMissing@36-37 requiresRepublish seLinuxMount serviceAccountTokenInSecrets@35-37 storageCapacity tokenRequests:[]storagev1.TokenRequest volumeLifecycleModes:[]
storagev1.CSINode apiVersion kind metadata:metav1.ObjectMeta spec:storagev1.CSINodeSpec status@37:storagev1.CSINodeStatus
storagev1.CSINodeDriver allocatable:storagev1.VolumeNodeResources name nodeID topologyKeys:[]
storagev1.CSINodeSpec drivers:[]storagev1.CSINodeDriver
storagev1.CSINodeStatus@37 storageHealth:[]storagev1.StorageHealth
storagev1.CSIStorageCapacity apiVersion capacity kind maximumVolumeSize metadata:metav1.ObjectMeta nodeTopology:metav1.LabelSelector storageClassName
storagev1.StorageClass allowVolumeExpansion allowedTopologies:[]corev1.TopologySelectorTerm apiVersion kind metadata:metav1.ObjectMeta mountOptions:[] parameters:{} provisioner reclaimPolicy volumeBindingMode
storagev1.StorageHealth@37 healthConditions:[]storagev1.StorageHealthCondition name
storagev1.StorageHealthCondition@37 accessMode lastTransitionTime message reason status volumeMode
storagev1.TokenRequest audience expirationSeconds
storagev1.VolumeNodeResources count
storagev1beta1.CSIDriver apiVersion kind metadata:metav1.ObjectMeta spec:storagev1beta1.CSIDriverSpec
storagev1beta1.CSIDriverSpec attachRequired fsGroupPolicy nodeAllocatableUpdatePeriodSeconds@33-37 podInfoOnMount preventPodSchedulingIfMissing@36-37 requiresRepublish seLinuxMount serviceAccountTokenInSecrets@35-37 storageCapacity tokenRequests:[]storagev1beta1.TokenRequest volumeLifecycleModes:[]
storagev1beta1.CSINode apiVersion kind metadata:metav1.ObjectMeta spec:storagev1beta1.CSINodeSpec status@37:storagev1beta1.CSINodeStatus
storagev1beta1.CSINodeDriver allocatable:storagev1beta1.VolumeNodeResources name nodeID topologyKeys:[]
storagev1beta1.CSINodeSpec drivers:[]storagev1beta1.CSINodeDriver
storagev1beta1.CSINodeStatus@37 storageHealth:[]storagev1beta1.StorageHealth
storagev1beta1.CSIStorageCapacity apiVersion capacity kind maximumVolumeSize metadata:metav1.ObjectMeta nodeTopology:metav1.LabelSelector storageClassName
storagev1beta1.StorageClass allowVolumeExpansion allowedTopologies:[]corev1.TopologySelectorTerm apiVersion kind metadata:metav1.ObjectMeta mountOptions:[] parameters:{} provisioner reclaimPolicy volumeBindingMode
storagev1beta1.StorageHealth@37 healthConditions:[]storagev1beta1.StorageHealthCondition name
storagev1beta1.StorageHealthCondition@37 accessMode lastTransitionTime message reason status volumeMode
storagev1beta1.TokenRequest audience expirationSeconds
storagev1beta1.VolumeNodeResources count
)";

}  // namespace podfit
